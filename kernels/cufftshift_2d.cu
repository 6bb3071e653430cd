// In-place 2-D FFT shift (the quadrants swapped diagonally, MATLAB's and NumPy's fftshift of an
// even N x N array), cufftShift's cufftShift_2D_kernel (marwan-abdellah/cufftShift,
// Src/CUDA/Kernels/In-Place/cufftShift_2D_IP.cu, Abdellah, Saleh, Eldeib and Shaarawi, "High
// performance multi-dimensional (2D/3D) FFT-Shift implementation on GPUs", 2012) (blind check
// set 46: written after calibration, never fitted on). As in cufftShift: sLine = N, sSlice =
// N^2, sEq1 = (sSlice + sLine) / 2 and sEq2 = (sSlice - sLine) / 2; xIndex and yIndex from the
// block and thread indices, index = yIndex N + xIndex; a thread in the upper half (yIndex <
// N / 2) swaps its element with the one sEq1 on (left half: first and third quadrants) or
// sEq2 on (right half: second and fourth); the lower half's threads do nothing. Departures:
// T = cufftReal (float; cufftShift instantiates it beside the complex types); a thread past
// the N columns does nothing (cufftShift's grid is N / block exactly); z folded into the rows.
// Written from memory. Exact (a permutation). x -> column, y*z -> row.
#include "common.cuh"

typedef float cufftReal;

extern "C" __global__ void cufftshift_2d(cufftReal* data, int N) {
    // 2D Slice & 1D Line
    int sLine = N;
    int sSlice = N * N;

    // Transformations Equations
    int sEq1 = (sSlice + sLine) / 2;
    int sEq2 = (sSlice - sLine) / 2;

    // Thread Index (2D)
    int xIndex = ga_col();
    int yIndex = ga_row();

    // Thread Index Converted into 1D Index
    int index = (yIndex * N) + xIndex;

    cufftReal regTemp;

    if (xIndex >= N) return;  // past the columns (cufftShift's grid fits N exactly)

    if (xIndex < N / 2) {
        if (yIndex < N / 2) {
            regTemp = data[index];

            // First Quad
            data[index] = data[index + sEq1];

            // Third Quad
            data[index + sEq1] = regTemp;
        }
    } else {
        if (yIndex < N / 2) {
            regTemp = data[index];

            // Second Quad
            data[index] = data[index + sEq2];

            // Fourth Quad
            data[index + sEq2] = regTemp;
        }
    }
}
