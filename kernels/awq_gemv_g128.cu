// AWQ's gemv_kernel_g128 (mit-han-lab/llm-awq, awq/kernels/csrc/quantization/gemv_cuda.cu,
// launched by gemv_forward_cuda in the same file with group_size 128 behind the W4A16 linear
// layers of AWQ / TinyChat when a batch has few tokens: the matrix-vector product of a few
// activation rows with a 4-bit weight matrix, each weight dequantized on the fly as scale (w -
// zero) from its group's scaling factor and packed 4-bit zero point) (blind check set 105:
// written after calibration, never fitted on). As in AWQ: the batch row from blockIdx.z and
// the output channel oc = blockIdx.y blockDim.y + threadIdx.y; num_groups_packed = cdiv(IC /
// 128, 8), weight_w = IC / 8, zeros_w = num_groups_packed, sf_w = num_groups_packed 8; a row's
// threads take units of 4 packed words (32 weights, 32 inputs), unit = packed_group_idx 32 +
// lane; a unit's group unit / 4 gives the scaling factor scaling_factors[oc sf_w + group] and
// the zero nibble (group mod 8) of zeros[oc zeros_w + group / 8]; for each of the unit's 4
// words inside IC / 8, its 8 nibbles (low first) times the 8 inputs at word 8 + k, psum +=
// scale (w - zero) input; the row's partial sums reduced and its lane 0 storing
// outputs[batch OC + oc]; the host's 32 x 4 threads on 1 x OC / 4 x batch blocks. Departures:
// the block any shape (x every bx-th unit of the row, the source's 32 lanes; y*z the output
// channel of the block's by*bz-row tile, z folded in); the warp's shuffle reduction as partial
// sums in dynamic shared memory added in order by the row's x = 0 thread after one barrier that
// every thread reaches; rows past OC skipped (the source's host tiles OC exactly); float32
// inputs, scaling factors and outputs (the source's are half); a unit's words past IC / 8 not
// loaded (the source loads them and skips their inputs). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// scales, nibbles and inputs keep every product and sum far below 2^24. 2-D, shared memory, a
// per-block work split (a tile of by*bz output channels a block, each channel's x threads
// splitting its inputs): per unit a 4 B scale load, a 4 B zeros load, a 16 B weight load (a
// warp's 512 B contiguous along the row) and 32 4 B input loads (128 B a thread, broadcast
// along the tile's rows), a shared store, a barrier and bx shared reads and a 4 B store a row.
#include "common.cuh"

extern "C" __global__ void awq_gemv_g128(const float* inputs, const unsigned* weight,
                                         const unsigned* zeros,
                                         const float* scaling_factors, float* outputs,
                                         int IC, int OC) {
    extern __shared__ float awq_partial[];
    const long long batch = blockIdx.z;
    const int row = ga_row_in_block();
    const long long oc = (long long)blockIdx.y * ga_block_rows() + row;
    const int packed_groups = (IC / 128 + 7) / 8;
    const int weight_w = IC / 8;
    const int zeros_w = packed_groups;
    const int sf_w = packed_groups * 8;
    float psum = 0.0f;
    if (oc < OC) {
        const float* in = inputs + batch * IC;
        for (int unit = threadIdx.x; unit < packed_groups * 32; unit += blockDim.x) {
            const int group = unit >> 2;
            const float scale = scaling_factors[oc * sf_w + group];
            const unsigned packed_zeros = zeros[oc * zeros_w + (group >> 3)];
            const float zero = (float)((packed_zeros >> ((group & 7) * 4)) & 0xFu);
            for (int q = 0; q < 4; ++q) {
                const int word = unit * 4 + q;
                if (word < weight_w) {
                    unsigned packed = weight[oc * weight_w + word];
                    for (int k = 0; k < 8; ++k) {
                        const float w = (float)(packed & 0xFu);
                        psum += scale * (w - zero) * in[word * 8 + k];
                        packed >>= 4;
                    }
                }
            }
        }
    }
    awq_partial[ga_tid()] = psum;
    __syncthreads();
    if (threadIdx.x == 0 && oc < OC) {
        float total = 0.0f;
        for (unsigned t = 0; t < blockDim.x; ++t) total += awq_partial[row * blockDim.x + t];
        outputs[batch * OC + oc] = total;
    }
}
