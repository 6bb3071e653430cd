// TorchDrug's rspmm_forward_out_cuda<float, NaryAdd, BinaryMul> (DeepGraphLearning/torchdrug,
// torchdrug/layers/functional/extension/rspmm.cu, launched by rspmm_forward_cuda in the same
// file behind rspmm_add_mul_forward_cuda and torchdrug's generalized_rspmm: the relational
// message passing of NBFNet's GeneralizedRelationalConv with the DistMult message and the sum
// aggregation, each output row the sum over its incoming edges of value (relation * input))
// (blind check set 110: written after calibration, never fitted on). As in TorchDrug: row =
// blockIdx.x blockDim.y + threadIdx.y, d_start = blockIdx.y 32 kCoarseningFactor (2) +
// threadIdx.x; the row's edges [row_ptr[row], row_ptr[row + 1] or nnz for the last row)
// walked in chunks of the row's threads: each thread stages one edge's col_ind, layer_ind and
// value in shared memory, then every thread walks the chunk's edges and for its
// kCoarseningFactor columns d = d_start + i 32 below dim adds value * (relation[layer][d] *
// input[col][d]) to its sums; output[row][d] = the sums; the host's 32 x 8 threads
// (kThreadPerBlock 256 / dim_per_block 32) on cdiv(num_row, 8) x cdiv(dim, 64) blocks with
// 256 (8 + 8 + 4) bytes of dynamic shared memory. Departures: the block any shape (x the
// column within the block's 2 bx columns, the source's warpSize; y*z the row, z folded in);
// the staged edges shared by a row's bx threads through block barriers (the source's
// __syncwarp: its row is one warp), every thread walking as many chunks as the block's
// longest row (the rows' chunk counts staged in shared memory behind one more barrier, so
// that every thread reaches every barrier; the source's threads past num_row return); float
// only (double also dispatched). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number values, relations and
// inputs keep every product and sum far below 2^24. 2-D, shared memory, a per-block work
// split: per chunk a row's 8 B + 8 B + 4 B edge loads (one a thread), a barrier, then per
// edge three broadcast shared reads and per column a 4 B relation load and a 4 B input
// gather (a warp's 128 B contiguous along the gathered row), one 4 B store a column.
#include "common.cuh"

extern "C" __global__ void tdrug_rspmm_fwd(const long long* row_ptr, const long long* col_ind,
                                           const long long* layer_ind, const float* value,
                                           const float* relation, const float* input,
                                           float* output, long long num_row, long long nnz,
                                           long long dim) {
    extern __shared__ double td_smem[];
    const int lanes = blockDim.x;
    const int rows = ga_block_rows();
    const int r = ga_row_in_block();
    const int threads = (int)ga_nthreads();
    long long* col_buf = reinterpret_cast<long long*>(td_smem) + r * lanes;
    long long* layer_buf = reinterpret_cast<long long*>(td_smem) + threads + r * lanes;
    float* value_buf = reinterpret_cast<float*>(td_smem + 2 * threads) + r * lanes;
    int* chunk_buf = reinterpret_cast<int*>(reinterpret_cast<float*>(td_smem + 2 * threads)
                                            + threads);
    const long long row = (long long)blockIdx.x * rows + r;
    const long long d_start = (long long)blockIdx.y * lanes * 2 + threadIdx.x;
    long long ptr_start = 0;
    long long ptr_end = 0;
    if (row < num_row) {
        ptr_start = row_ptr[row];
        ptr_end = row + 1 < num_row ? row_ptr[row + 1] : nnz;
    }
    if (threadIdx.x == 0) chunk_buf[r] = (int)((ptr_end - ptr_start + lanes - 1) / lanes);
    __syncthreads();
    int chunks = 0;
    for (int i = 0; i < rows; ++i) chunks = chunk_buf[i] > chunks ? chunk_buf[i] : chunks;
    float out[2] = {0.0f, 0.0f};
    for (int chunk = 0; chunk < chunks; ++chunk) {
        const long long block_ptr = ptr_start + (long long)chunk * lanes;
        const long long ptr = block_ptr + threadIdx.x;
        if (ptr < ptr_end) {
            col_buf[threadIdx.x] = col_ind[ptr];
            layer_buf[threadIdx.x] = layer_ind[ptr];
            value_buf[threadIdx.x] = value[ptr];
        }
        __syncthreads();
        const long long left = ptr_end - block_ptr;
        const long long max_offset = lanes < left ? lanes : left;
        for (long long offset = 0; offset < max_offset; ++offset) {
            const long long col = col_buf[offset];
            const long long layer = layer_buf[offset];
            const float val = value_buf[offset];
            for (int i = 0; i < 2; ++i) {
                const long long d = d_start + (long long)i * lanes;
                if (d >= dim) break;
                const float x = relation[layer * dim + d] * input[col * dim + d];
                const float y = val * x;
                out[i] = out[i] + y;
            }
        }
        __syncthreads();
    }
    if (row < num_row) {
        for (int i = 0; i < 2; ++i) {
            const long long d = d_start + (long long)i * lanes;
            if (d >= dim) break;
            output[row * dim + d] = out[i];
        }
    }
}
