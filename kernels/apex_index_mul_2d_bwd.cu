// The backward of apex's fused index-select-and-multiply, index_mul_2d_grad_float (NVIDIA/apex,
// apex/contrib/csrc/index_mul_2d/index_mul_2d_cuda_kernel.cu, behind
// index_mul_2d_float_backward_cuda: the gradients of out = in1[idx1] * in2, apex.contrib's
// fused index_select and multiply, in every backward pass through it) (blind check set 56:
// written after calibration, never fitted on). As in apex: one row start_idx = blockIdx.x
// blockDim.y + threadIdx.y of in2 a row of threads (guarded by start_idx < size), its gathered
// row vec_idx1 = idx1[start_idx] fea_dim of in1 and its own row vec_idx2 = start_idx fea_dim,
// the threads walking the fea_dim features from threadIdx.x in steps of blockDim.x: three 4 B
// loads (in1 gathered, in2 and grad_out contiguous), a 4 B store grad_in2 = grad_out in1 and a
// float atomicAdd of grad_out in2 into the gathered row of grad_in1 (rows repeat in idx1:
// atomics collide); the host's 32 x 8 blocks on cdiv(size, 8) blocks (the generic kernel, for
// fea_dim other than 64). Departures: the block the sweep's, any shape (x the feature, y*z the
// row, z folded in: start_idx = blockIdx.x by*bz + ga_row_in_block()); gpuAtomicAdd as
// atomicAdd (float); int64_t as long long. Ported from the published source. Exact:
// whole-number activations and gradients (every product and every sum of them a small integer,
// whatever the order of the atomics). 2-D: x the feature, y*z the row (the grid's x the rows).
#include "common.cuh"

extern "C" __global__ void apex_index_mul_2d_bwd(float* grad_in1, float* grad_in2,
                                                 const float* grad_out, const float* in1,
                                                 const float* in2, const long long* idx1,
                                                 const long long size, const long long fea_dim) {
    const int tidx = threadIdx.x;
    const int tidy = ga_row_in_block();
    const int bidx = blockIdx.x;
    const int start_idx = bidx * ga_block_rows() + tidy;
    const int stride = blockDim.x;

    if (start_idx < size) {
        long long vec_idx1 = idx1[start_idx] * fea_dim;
        long long vec_idx2 = start_idx * fea_dim;

        for (int i = tidx; i < fea_dim; i += stride) {
            float src_in1 = in1[vec_idx1 + i];
            float src_in2 = in2[vec_idx2 + i];
            float src_grad_out = grad_out[vec_idx2 + i];
            grad_in2[vec_idx2 + i] = src_grad_out * src_in1;
            atomicAdd(grad_in1 + vec_idx1 + i, src_grad_out * src_in2);
        }
    }
}
