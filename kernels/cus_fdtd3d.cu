// One time step of a 3-D finite-difference stencil of radius 4 (25 points), the CUDA Samples'
// FDTD3d FiniteDifferencesKernel (Samples/5_Domain_Specific/FDTD3d/inc/FDTD3dGPUKernel.cuh:
// the kernel the sample launches once per time step, ping-ponging two volumes), one (x, y)
// column of the volume per thread walking every xy-plane (blind check set 33: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind33/ once recorded). The
// volume is dimx x dimy x dimz with a RADIUS-wide halo on every side (rows of dimx + 2 RADIUS
// floats, dimy + 2 RADIUS rows a plane, dimz + 2 RADIUS planes), the buffers offset by
// `padding` floats as the sample's host offsets them (128 B / 4 - RADIUS = 28: the inner
// volume's rows start on 128 B lines). out = c0 v + sum_{i=1..4} c_i (the i-th neighbours
// in front, behind, above, below, left and right), the inner volume only. As in the sample:
// the z neighbours in registers (RADIUS - 1 behind, RADIUS in front, shifted each plane, one
// load a plane), the xy neighbours from a shared tile of the plane (the block's own values
// from registers, the four halo strips loaded from global memory, no corners), two barriers
// a plane, threads past dimx + RADIUS or dimy + RADIUS reading nothing and threads past
// dimx or dimy storing nothing. Departures: the sample's tile is a static array sized for
// its largest block (k_blockDimX = 32, k_blockDimMaxY = 16) and its halo strips are loaded
// by the threads with ltidx < RADIUS (ltidy < RADIUS), one element each, which needs a block
// at least RADIUS wide and tall and may read past a row (the sample says so: those threads
// store nothing); here the tile is (bx + 8) x (by*bz + 8) floats of dynamic shared memory
// and the strips are loaded by rows ltidy, ltidy + by*bz, ... < RADIUS (columns ltidx,
// ltidx + bx, ...) of them, only inside the padded plane; the __constant__ stencil (RADIUS
// + 1 coefficients) is a global array (warp-uniform loads); the pointer offset is an
// argument; the registers start at zero (the sample leaves those of the threads that read
// nothing undefined). Written from memory of the sample. Per plane and thread: one 4 B
// load of the next plane (contiguous along x), ~(8/bx + 8/(by*bz)) halo loads, a shared
// store, two barriers, 16 shared loads, 5 coefficient loads (broadcast), ~30 FLOPs and a
// contiguous 4 B store. float32 (integer data and coefficients: exact). RADIUS is spelled
// FDTD_RADIUS here (another kernel's macro is RADIUS). x -> x (column), y*z -> y (row);
// each thread walks z.
#include "common.cuh"

#define FDTD_RADIUS 4

extern "C" __global__ void cus_fdtd3d(float* __restrict__ output, const float* __restrict__ input,
                                      const float* __restrict__ stencil, int dimx, int dimy,
                                      int dimz, int padding) {
    extern __shared__ float fdtd_tile[];
    bool validr = true;
    bool validw = true;
    const int workx = blockDim.x;
    const int worky = ga_block_rows();
    const int gtidx = blockIdx.x * workx + threadIdx.x;
    const int gtidy = blockIdx.y * worky + ga_row_in_block();
    const int ltidx = threadIdx.x;
    const int ltidy = ga_row_in_block();
    const int tilew = workx + 2 * FDTD_RADIUS;
#define TILE(Y, X) fdtd_tile[(Y) * tilew + (X)]

    input += padding;  // the sample's bufferIn / bufferOut: the allocations + padding
    output += padding;

    const int stride_y = dimx + 2 * FDTD_RADIUS;
    const int stride_z = stride_y * (dimy + 2 * FDTD_RADIUS);

    int inputIndex = 0;
    int outputIndex = 0;

    // Advance inputIndex to start of inner volume
    inputIndex += FDTD_RADIUS * stride_y + FDTD_RADIUS;

    // Advance inputIndex to target element
    inputIndex += gtidy * stride_y + gtidx;

    float infront[FDTD_RADIUS] = {};
    float behind[FDTD_RADIUS] = {};
    float current = 0.0f;

    const int tx = ltidx + FDTD_RADIUS;
    const int ty = ltidy + FDTD_RADIUS;

    // the padded column and row of the tile's first column and row
    const int px0 = blockIdx.x * workx;
    const int py0 = blockIdx.y * worky;

    // Check in bounds
    if ((gtidx >= dimx + FDTD_RADIUS) || (gtidy >= dimy + FDTD_RADIUS)) validr = false;
    if ((gtidx >= dimx) || (gtidy >= dimy)) validw = false;

    // Preload the "infront" and "behind" data
    for (int i = FDTD_RADIUS - 2; i >= 0; i--) {
        if (validr) behind[i] = input[inputIndex];
        inputIndex += stride_z;
    }

    if (validr) current = input[inputIndex];

    outputIndex = inputIndex;
    inputIndex += stride_z;

    for (int i = 0; i < FDTD_RADIUS; i++) {
        if (validr) infront[i] = input[inputIndex];
        inputIndex += stride_z;
    }

    // Step through the xy-planes
    for (int iz = 0; iz < dimz; iz++) {
        // Advance the slice (move the thread-front)
        for (int i = FDTD_RADIUS - 1; i > 0; i--) behind[i] = behind[i - 1];

        behind[0] = current;
        current = infront[0];

        for (int i = 0; i < FDTD_RADIUS - 1; i++) infront[i] = infront[i + 1];

        if (validr) infront[FDTD_RADIUS - 1] = input[inputIndex];

        inputIndex += stride_z;
        outputIndex += stride_z;
        __syncthreads();

        // Update the data slice in the local tile (the plane of outputIndex)
        const int plane = (FDTD_RADIUS + iz) * stride_z;

        // Halo above & below
        if (px0 + tx < stride_y) {
            for (int i = ltidy; i < FDTD_RADIUS; i += worky) {
                TILE(i, tx) = input[plane + (py0 + i) * stride_y + px0 + tx];
                const int below = py0 + worky + FDTD_RADIUS + i;
                if (below < dimy + 2 * FDTD_RADIUS) {
                    TILE(i + worky + FDTD_RADIUS, tx) = input[plane + below * stride_y + px0 + tx];
                }
            }
        }

        // Halo left & right
        if (py0 + ty < dimy + 2 * FDTD_RADIUS) {
            for (int j = ltidx; j < FDTD_RADIUS; j += workx) {
                TILE(ty, j) = input[plane + (py0 + ty) * stride_y + px0 + j];
                const int right = px0 + workx + FDTD_RADIUS + j;
                if (right < stride_y) {
                    TILE(ty, j + workx + FDTD_RADIUS) = input[plane + (py0 + ty) * stride_y + right];
                }
            }
        }

        TILE(ty, tx) = current;
        __syncthreads();

        // Compute the output value
        float value = stencil[0] * current;

        for (int i = 1; i <= FDTD_RADIUS; i++) {
            value += stencil[i] * (infront[i - 1] + behind[i - 1] + TILE(ty - i, tx) +
                                   TILE(ty + i, tx) + TILE(ty, tx - i) + TILE(ty, tx + i));
        }

        // Store the output value
        if (validw) output[outputIndex] = value;
    }
#undef TILE
}
#undef FDTD_RADIUS
