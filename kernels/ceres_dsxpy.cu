// Ceres Solver's XPlusEqualsYKernel<float, double> (ceres-solver/ceres-solver,
// internal/ceres/ceres_cuda_kernels.cu, launched by CudaDsxpy in the same file: the mixed
// precision update x += y of Ceres's CUDA dense solvers' iterative refinement, the float32
// correction added to the float64 solution) (blind check set 85: written after calibration,
// never fitted on). As in Ceres: i = blockIdx.x blockDim.x + threadIdx.x below size, x[i] =
// x[i] + double(y[i]); the host's kCudaBlockSize = 256 threads on (size + 255) / 256 blocks.
// Departures: the block the sweep's, any shape (linearized). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole numbers
// well inside float64's 53 bits. 1-D, no shared memory: one thread an element, an 8 B load, a
// 4 B load and an 8 B store (a warp's 256 B, 128 B and 256 B contiguous).
#include "common.cuh"

extern "C" __global__ void ceres_dsxpy(double* x, const float* y, int size) {
    const long long i = ga_linear();
    if (i < size) {
        x[i] = x[i] + (double)y[i];
    }
}
