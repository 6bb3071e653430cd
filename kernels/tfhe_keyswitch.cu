// TFHE-rs' LWE keyswitch, keyswitch<uint64_t, uint64_t> (zama-ai/tfhe-rs,
// backends/tfhe-cuda-backend/cuda/src/crypto/keyswitch.cuh, launched by
// host_keyswitch_lwe_ciphertext_vector in the same file: cuda_keyswitch_lwe_ciphertext_vector_64_64
// in keyswitch.cu, core_crypto's GPU keyswitch, and execute_keyswitch_async's path on GPUs without
// the split-K GEMM keyswitch; every programmable bootstrap of a KS-PBS integer operation starts by
// switching its big-key ciphertexts to the small key) (blind check set 76: written after
// calibration, never fitted on). As in TFHE-rs: one grid column a ciphertext (blockIdx.x), tid =
// threadIdx.x + blockIdx.y blockDim.x the output coefficient (inside tid <= n_out), the input chunk
// lwe_input_indexes[blockIdx.x] (n_in + 1) on, the body -b taken by tid == n_out in row 0, the rows
// splitting the n_in mask coefficients into packs of cdiv(n_in, blockDim.y) (start pack
// threadIdx.y, end SEL(n_in, pack (threadIdx.y + 1), pack (threadIdx.y + 1) <= n_in)), each
// coefficient's init_decomposer_state (rounded to base_log level_count bits and balanced) and per
// level decompose_one (state & mask, an arithmetic shift, the carry ((res - 1) | state) & res >>
// (base_log - 1) folded back) times ksk[tid + j (n_out + 1) + i level_count (n_out + 1)], the rows'
// 64-bit sums in shared memory reduced by halving offsets, row 0 storing the negated sum; the
// host's getNumBlocksAndThreads2D(n_out + 1, 512, 32): 16 x 32 threads on num_samples x cdiv(n_out
// + 1, 16) blocks, 8 x 16 x 32 bytes of shared memory. Departures: the block the sweep's, any shape
// (x the output coefficient, y*z the packs, z folded in), the reduction's halving generalized to
// any row count (each step the upper ceil(rows / 2) folded down: the source's steps for a power of
// two); the level count a run-time value (the source's fallback for level counts it does not
// unroll; its unrolled loop sums even and odd levels apart, the same sum modulo 2^64); the output
// indexes the identity (the manifest's inits cannot make a permutation, and a repeated index would
// race), the input indexes kept; uint64 words as the manifest's int64 buffers. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer arithmetic modulo 2^64 in any order. 2-D: one grid column a ciphertext, x -> output
// coefficient, y*z -> pack of the input mask, a shared-memory reduction over the rows.
#include "common.cuh"

typedef unsigned long long tfhe_torus;

// TFHE-rs' init_decomposer_state: the closest multiple of 2^(64 - base_log level_count), kept
// as a balanced base_log level_count-bit value.
__device__ __forceinline__ tfhe_torus tfhe_init_state(tfhe_torus input, unsigned base_log,
                                                      unsigned level_count) {
    const tfhe_torus rep_bits = (tfhe_torus)level_count * base_log;
    const tfhe_torus non_rep_bits = 64 - rep_bits;
    tfhe_torus res = input >> (non_rep_bits - 1);
    const tfhe_torus rounding_bit = res & 1ull;
    res++;
    res >>= 1;
    res &= ~0ull >> non_rep_bits;
    const tfhe_torus shifted = rounding_bit << (rep_bits - 1);
    const tfhe_torus balance = (((res - 1ull) | shifted) & res) >> (rep_bits - 1);
    return res - (balance << rep_bits);
}

// TFHE-rs' decompose_one: the next balanced digit, the state shifted on (arithmetically).
__device__ __forceinline__ tfhe_torus tfhe_next_digit(tfhe_torus& state, tfhe_torus mask_mod_b,
                                                      int base_log) {
    tfhe_torus res = state & mask_mod_b;
    state = (tfhe_torus)((long long)state >> base_log);
    tfhe_torus carry = ((res - 1ull) | state) & res;
    carry >>= base_log - 1;
    state += carry;
    res -= carry << base_log;
    return res;
}

extern "C" __global__ void tfhe_keyswitch(long long* lwe_array_out,
                                          const long long* __restrict__ lwe_array_in,
                                          const long long* __restrict__ lwe_input_indexes,
                                          const long long* __restrict__ ksk,
                                          unsigned lwe_dimension_in, unsigned lwe_dimension_out,
                                          unsigned base_log, unsigned level_count) {
    extern __shared__ tfhe_torus lwe_acc_out[];
    const int row = ga_row_in_block();
    const int rows = ga_block_rows();
    const int tid = threadIdx.x + blockIdx.y * blockDim.x;
    const int shmem_index = threadIdx.x + row * blockDim.x;
    const tfhe_torus* key = reinterpret_cast<const tfhe_torus*>(ksk);
    tfhe_torus* block_out = reinterpret_cast<tfhe_torus*>(lwe_array_out) +
                            (long long)blockIdx.x * (lwe_dimension_out + 1);

    if (tid <= (int)lwe_dimension_out) {
        tfhe_torus local_out = 0;
        const tfhe_torus* block_in = reinterpret_cast<const tfhe_torus*>(lwe_array_in) +
                                     lwe_input_indexes[blockIdx.x] * (lwe_dimension_in + 1);
        if (tid == (int)lwe_dimension_out && row == 0) {
            local_out = 0ull - block_in[lwe_dimension_in];  // the body, negated
        }
        const tfhe_torus mask_mod_b = (1ull << base_log) - 1ull;
        const int n_in = (int)lwe_dimension_in;
        const int pack = (n_in + rows - 1) / rows;
        const int start_i = pack * row;
        const int end_i = pack * (row + 1) <= n_in ? pack * (row + 1) : n_in;
        for (int i = start_i; i < end_i; i++) {
            tfhe_torus state = tfhe_init_state(block_in[i], base_log, level_count);
            const unsigned offset = i * level_count * (lwe_dimension_out + 1);
            for (int j = 0; j < (int)level_count; j++) {
                const tfhe_torus digit = tfhe_next_digit(state, mask_mod_b, base_log);
                local_out += key[tid + j * (lwe_dimension_out + 1) + offset] * digit;
            }
        }
        lwe_acc_out[shmem_index] = local_out;
    }

    // Tree over the rows: each step folds the upper half (rounded up) onto the lower one.
    for (int active = rows; active > 1;) {
        const int half = (active + 1) / 2;
        __syncthreads();
        if (tid <= (int)lwe_dimension_out && row < active - half) {
            lwe_acc_out[shmem_index] += lwe_acc_out[shmem_index + half * blockDim.x];
        }
        active = half;
    }
    if (tid <= (int)lwe_dimension_out && row == 0) {
        block_out[tid] = 0ull - lwe_acc_out[shmem_index];
    }
}
