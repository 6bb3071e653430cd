// EDDL's scale kernel with gpu_single_scale (deephealthproject/eddl,
// src/hardware/gpu/gpu_da_kernels.cu, launched by gpu_scale in src/hardware/gpu/gpu_da.cu behind
// Tensor::scale and the data-augmentation layers (LScale): a batch of images resized with
// nearest-neighbour sampling to new_shape and centre-cropped or padded back to the output size,
// EDDL's zoom augmentation) (blind check set 95: written after calibration, never fitted on).
// As in EDDL: thread_id_x = threadIdx.x + blockIdx.x blockDim.x below batch depth orows ocols;
// offsets = (new_shape - (orows, ocols)) / 2.0f truncated to int; (b, c, Bi, Bj) from the
// output's strides; in mode 2 (nearest, the only mode the kernel implements)
// Ai = ((Bi + offsets[0]) irows) / new_shape[0] and Aj = ((Bj + offsets[1]) icols) /
// new_shape[1] (integer divisions, truncating toward zero); B[thread] = A[b][c][Ai][Aj] inside
// the input, else the constant; setDims' MAX_TPB = 1,024 threads on cdiv(B's size, 1024)
// blocks. Departures: the block any shape (linearized); new_shape a two-int device buffer as
// gpu_scale's copy of it is. Reimplemented from the published source (its indexing, arithmetic
// and control flow; none of its text). Exact: copies and the constant. 1-D, no shared memory:
// one thread an output pixel, two broadcast 4 B new_shape loads, a 4 B gather (a warp's lanes
// on one output row reading a row of the input, consecutive or repeated columns at this zoom)
// and a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void eddl_da_scale(const float* A, float* B, int batch, int depth,
                                         int irows, int icols, int orows, int ocols,
                                         const int* new_shape, int mode, float constant) {
    const long long thread_id_x = ga_linear();
    const long long ops = (long long)batch * depth * orows * ocols;
    if (thread_id_x >= ops) return;

    const int off_r = (int)((new_shape[0] - orows) / 2.0f);
    const int off_c = (int)((new_shape[1] - ocols) / 2.0f);
    const long long a_plane = (long long)irows * icols;
    const long long b_plane = (long long)orows * ocols;
    const int b = (int)(thread_id_x / (depth * b_plane) % batch);
    const int c = (int)(thread_id_x / b_plane % depth);
    const int bi = (int)(thread_id_x / ocols % orows);
    const int bj = (int)(thread_id_x % ocols);

    if (mode == 2) {
        const int ai = ((bi + off_r) * irows) / new_shape[0];
        const int aj = ((bj + off_c) * icols) / new_shape[1];
        if (ai >= 0 && ai < irows && aj >= 0 && aj < icols) {
            B[thread_id_x] = A[((long long)b * depth + c) * a_plane + (long long)ai * icols + aj];
        } else {
            B[thread_id_x] = constant;
        }
    }
}
