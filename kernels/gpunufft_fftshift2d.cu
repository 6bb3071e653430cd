// gpuNUFFT's out-of-place 2-D FFT shift over all coils, fftShiftKernel2D (andyschwarzl/gpuNUFFT,
// CUDA/src/gpu/std_gpuNUFFT_kernels.cu, launched with 64 x 1 x 8 threads by the operators'
// 2-D FFT shift step (its caller not read): a 2-D non-Cartesian MRI reconstruction moving the
// oversampled grid's zero frequency to the corner and back around each coil's cuFFT) (blind
// check set 83: written after calibration, never fitted on). As in gpuNUFFT: t = threadIdx.x
// + blockIdx.x blockDim.x, a grid-stride loop while t < N (steps of blockDim.x gridDim.x), x =
// t % gridDims.x and y = t / gridDims.x (getCoordsFromIndex2D), the opposite point x_opp = (x
// + offset.x) % gridDims.x and y_opp = (y + offset.y) % gridDims.y at x_opp + gridDims.x y_opp
// (computeXY2Lin), then for c from threadIdx.z in steps of blockDim.z below n_coils_cc
// outdata[t + c count] = gdata[ind_opp + c count] (complex float pairs, count the grid's
// points); the host's 64 x 1 x 8 threads on min(cdiv(N, THREAD_BLOCK_SIZE), 128 x 128) blocks
// (getOptimalGridDim). Departures: the block the sweep's, any shape (x the grid point, y*z the
// coil in steps of by*bz: z folded in, the source's threadIdx.z at by = 1); the grid
// min(cdiv(N, bx), 16,384) (the source divides by its config's THREAD_BLOCK_SIZE, not read);
// the constant-memory GpuNUFFTInfo (GI) as scalar arguments; the complex pairs as 8 B-aligned pairs
// of floats of a float buffer; the coil offsets in 64 bits. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D: x -> grid point
// (a warp's 8 B loads and stores 256 B contiguous, the loads from the shifted half), y*z ->
// coil (a thread's coils a whole grid, 8 MiB, apart).
#include "common.cuh"

// cuFFT's cufftComplex (CUDA's float2: 8 B aligned, one 8 B load or store).
struct alignas(8) gn_complex {
    float x, y;
};

extern "C" __global__ void gpunufft_fftshift2d(const float* gdata, float* outdata, int offset_x,
                                               int offset_y, int N, int grid_x, int grid_y,
                                               int grid_count, int n_coils) {
    const gn_complex* src = reinterpret_cast<const gn_complex*>(gdata);
    gn_complex* dst = reinterpret_cast<gn_complex*>(outdata);
    const int coil_step = ga_block_rows();
    int t = ga_col();  // x -> grid point
    while (t < N) {
        const int x = t % grid_x;
        const int y = t / grid_x;
        const int x_opp = (x + offset_x) % grid_x;
        const int y_opp = (y + offset_y) % grid_y;
        const int ind_opp = x_opp + grid_x * y_opp;
        for (int c = ga_row_in_block(); c < n_coils; c += coil_step) {  // y*z -> coil
            const long long plane = (long long)c * grid_count;
            dst[t + plane] = src[ind_opp + plane];
        }
        t += blockDim.x * gridDim.x;
    }
}
