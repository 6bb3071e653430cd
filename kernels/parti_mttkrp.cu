// The matricized tensor times Khatri-Rao product of a sparse tensor's CP decomposition,
// ParTI!'s COO MTTKRP kernel for third-order tensors (hpcgarage/ParTI, src/sptensor/
// mttkrp_cuda_kernels.cu, the nonzero-by-rank kernel behind sptCudaMttkrp: the bottleneck of
// every mode's update in each iteration of CP-ALS, sptCpdAls) (blind check set 54: written
// after calibration, never fitted on). As in ParTI: the tensor in COO (an sptIndex, uint32,
// index array per mode and float values), the factor matrices row-major with `stride`
// columns (ParTI pads them to a multiple of 8), x = blockIdx.x blockDim.x + threadIdx.x the
// nonzero and threadIdx.y the rank column, R split into num_loops_r = R / blockDim.y passes
// and rest_loop = R - num_loops_r blockDim.y left for the first threads of y, per nonzero
// mode_i = Xinds[mode][x], tmp_i_1 and tmp_i_2 its other two indices and entry = Xvals[x],
// per rank column r tmp_val = entry times_mat_1[tmp_i_1 stride + r] times_mat_2[tmp_i_2
// stride + r] and atomicAdd(&mvals[mode_i stride + r], tmp_val); the nonzeros walked in
// passes of gridDim.x blockDim.x (num_loops_nnz), a barrier after each; the host's block of
// (nthreadsx, nthreadsy) threads. Departures: the block the sweep's, any shape (x the
// nonzero, y*z the rank column: blockDim.y read as y*z, z folded in) on cdiv(nnz, bx) blocks
// (ParTI caps its grid at 32,768 blocks and walks the rest in passes: one pass here); mode 0
// (mats_order 0, 1, 2) with the index arrays and matrices as arguments (ParTI's arrays of
// device pointers). Written from memory. Exact: whole-number values and factors (every
// product and every column's sum of atomicAdds a small integer, below 2^24, whatever the
// order).
#include "common.cuh"

typedef unsigned int sptIndex;
typedef float sptValue;
typedef unsigned long long sptNnzIndex;

extern "C" __global__ void parti_mttkrp(const sptNnzIndex nnz, const sptIndex R,
                                        const sptIndex stride, const sptIndex* Xinds_mode,
                                        const sptIndex* times_inds_1,
                                        const sptIndex* times_inds_2, const sptValue* Xvals,
                                        const sptValue* times_mat_1,
                                        const sptValue* times_mat_2, sptValue* mvals) {
    const sptNnzIndex tidx = threadIdx.x;
    const sptNnzIndex tidy = ga_row_in_block();
    const sptIndex block_y = ga_block_rows();
    sptNnzIndex x;
    const sptIndex num_loops_r = R / block_y;
    const sptIndex rest_loop = R - num_loops_r * block_y;

    sptNnzIndex num_loops_nnz = 1;
    const sptNnzIndex nnz_per_loop = gridDim.x * blockDim.x;
    if (nnz > nnz_per_loop) {
        num_loops_nnz = (nnz + nnz_per_loop - 1) / nnz_per_loop;
    }

    for (sptNnzIndex nl = 0; nl < num_loops_nnz; ++nl) {
        x = blockIdx.x * blockDim.x + tidx + nl * nnz_per_loop;
        if (x < nnz) {
            const sptIndex mode_i = Xinds_mode[x];
            const sptIndex tmp_i_1 = times_inds_1[x];
            const sptIndex tmp_i_2 = times_inds_2[x];
            const sptValue entry = Xvals[x];
            sptIndex r;

            for (sptIndex l = 0; l < num_loops_r; ++l) {
                r = tidy + l * block_y;
                sptValue tmp_val =
                    entry * times_mat_1[tmp_i_1 * stride + r] * times_mat_2[tmp_i_2 * stride + r];
                atomicAdd(&(mvals[mode_i * stride + r]), tmp_val);
            }

            if (rest_loop > 0 && tidy < rest_loop) {
                r = tidy + num_loops_r * block_y;
                sptValue tmp_val =
                    entry * times_mat_1[tmp_i_1 * stride + r] * times_mat_2[tmp_i_2 * stride + r];
                atomicAdd(&(mvals[mode_i * stride + r]), tmp_val);
            }
        }
        __syncthreads();
    }
}
