// ESPResSo's P3M convolution on the GPU, apply_influence_function (espressomd/espresso,
// src/core/electrostatics/p3m_gpu_cuda.cu, launched in p3m_gpu_add_farfield_force in the same
// file: after the forward FFT of the charge mesh, every k-space value multiplied by the optimal
// influence function G_hat before the derivative and the back transforms of P3M's long-range
// electrostatics) (blind check set 81: written after calibration, never fitted on). As in
// ESPResSo: linear_index = mesh[1] (mesh[2] / 2 + 1) blockIdx.x + (mesh[2] / 2 + 1) blockIdx.y +
// threadIdx.x, and the charge mesh's complex value there (.x and .y) multiplied by
// G_hat[linear_index]; the host's gridConv of mesh[0] x mesh[1] blocks of mesh[2] / 2 + 1
// threads (threadsConv). Departures: the block the sweep's, any shape (linearized: the row of
// mesh[2] / 2 + 1 values in steps of the block's threads, the source's one thread a value);
// float (P3M_GPU_FLOAT, REAL_TYPE float); the mesh sizes as arguments (the source's P3MGpuData);
// the offsets in 64 bits. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: whole-number products below 2^24. 1-D: one block
// a k-space row (i, j) of a 2-D grid: an 8 B load and store of a complex value and a 4 B load a
// thread (a warp's 256 B and 128 B contiguous; 121 values a row, blocks over 121 threads leave
// threads idle).
#include "common.cuh"

extern "C" __global__ void espresso_p3m_influence(float* charge_mesh, const float* G_hat,
                                                  int mesh0, int mesh1, int mesh2) {
    const int nzh = mesh2 / 2 + 1;
    const long long row = (long long)mesh1 * nzh * blockIdx.x + (long long)nzh * blockIdx.y;
    for (int t = (int)ga_tid(); t < nzh; t += (int)ga_nthreads()) {
        const long long li = row + t;
        const float g = G_hat[li];
        charge_mesh[2 * li] *= g;
        charge_mesh[2 * li + 1] *= g;
    }
    (void)mesh0;
}
