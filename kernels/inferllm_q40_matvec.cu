// InferLLM's dequantize_mul_mat_vec (MegEngine/InferLLM, src/kern/gpu/kernel_gpu.cu, launched
// by llm_matmul_compute_int4_float in the same file behind InferLLM's int4 linear layers on
// the GPU: a token's activations times a Q4_0 weight matrix, each weight dequantized on the
// fly as (nibble - 8) d from its 32-weight block's delta) (blind check set 108: written after
// calibration, never fitted on). As in InferLLM: the token m_id = blockIdx.y, the output row
// n_id = blockIdx.x blockDim.y + threadIdx.y, rows past N or tokens past M return; a row's x
// threads walk i = 0, 64, ... below K (iter_stride 2 32), each thread its column col = i + 2
// tid: ib = (n_id K + col) / QK40, iqs = (col mod QK40) / 2, the byte qs[iqs] of block ib, v.x
// = ((byte & 0xF) - 8) d and v.y = ((byte >> 4) - 8) d, tmp += v.x y[col] and tmp += v.y y[col
// + 1]; the row's partial sums reduced and thread 0 storing dst[m_id N + n_id] = tmp + bias
// [n_id]; the host's 32 x 16 threads. Departures: the block any shape (x the split of the row,
// the source's 32 lanes: its columns step 2 bx; y*z the row of the block's by*bz-row tile, z
// folded in); columns at or past K skipped (the source's 64-column steps tile K exactly); the
// warp's shuffle reduction as partial sums in dynamic shared memory added in order by the
// row's x = 0 thread after one barrier that every thread reaches (rows past N and tokens past
// M store 0 partials instead of returning before it); the 20 B BlockQ40 records {float d;
// uint8_t qs[16]} split into a float delta array [N, K / 32] and their packed nibbles [N, K /
// 32, 16] (the manifest's data are drawn a buffer at a time); the grid covers the rows once:
// the host's dim3(N + 15 / 16, M) is N blocks by C's precedence (15 / 16 is 0), 16 times the
// blocks its rows need, the blocks past cdiv(N, 16) returning at once. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number deltas and activations keep every product and sum far below 2^24. 2-D, shared
// memory, a per-block work split (a tile of by*bz output rows a block, each row's x threads
// splitting its K inputs): per step a 1 B nibble-pair load (a warp's 32 B contiguous), a 4 B
// delta load (16 lanes a block: two a warp) and an 8 B activation load (a warp's 256 B, the
// same for the tile's rows), then a shared store, a barrier, bx shared reads and a 4 B store a
// row.
#include "common.cuh"

extern "C" __global__ void inferllm_q40_matvec(const unsigned* qs_words, const float* deltas,
                                               const float* y, const float* bias, float* dst,
                                               int M, int N, int K) {
    extern __shared__ float il_partial[];
    const int row = ga_row_in_block();
    const int m_id = blockIdx.y;
    const long long n_id = (long long)blockIdx.x * ga_block_rows() + row;
    const int tid = threadIdx.x;
    const unsigned char* qs = reinterpret_cast<const unsigned char*>(qs_words);
    float tmp = 0.0f;
    if (m_id < M && n_id < N) {
        const float* srcy = y + (long long)m_id * K;
        const int iter_stride = 2 * blockDim.x;
        for (int i = 0; i < K; i += iter_stride) {
            const int col = i + 2 * tid;
            if (col >= K) continue;
            const long long ib = (n_id * K + col) / 32;  // QK40
            const int iqs = (col % 32) / 2;
            const float d = deltas[ib];
            const int vui = qs[ib * 16 + iqs];
            const float vx = ((float)(vui & 0xF) - 8.0f) * d;
            const float vy = ((float)(vui >> 4) - 8.0f) * d;
            tmp += vx * srcy[col];
            tmp += vy * srcy[col + 1];
        }
    }
    il_partial[ga_tid()] = tmp;
    __syncthreads();
    if (tid == 0 && m_id < M && n_id < N) {
        float total = 0.0f;
        for (unsigned t = 0; t < blockDim.x; ++t) total += il_partial[row * blockDim.x + t];
        dst[(long long)m_id * N + n_id] = total + bias[n_id];
    }
}
