// Rotary position embedding (RoPE, GPT-NeoX layout) of the query and key projections of a
// batch of tokens, as LLM inference engines apply it before attention: for token t at
// position p = positions[t], every head's pairs (x, y) = (v[i], v[i + D/2]) of its D values
// are rotated by the cached angle of pair i at p, x' = x cos - y sin, y' = y cos + x sin, with
// cos = cos_sin[p][i] and sin = cos_sin[p][D/2 + i] (blind check set 10: kept out of every fit;
// its sweeps go to fixtures/hopper/blind10/ once recorded). One block per token whatever the
// block size (the grid of vLLM's rotary_embedding kernel): the block's threads walk the
// token's HEADS x D/2 query pairs and then its KV_HEADS x D/2 key pairs a block's width apart
// (two 4 B loads half a head apart, two cached cos/sin loads from the token's 512 B cache row,
// two stores), out of place. No shared memory, no barriers. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void rope_neox(const int* __restrict__ positions,
                                     const float* __restrict__ cos_sin,
                                     const float* __restrict__ query,
                                     const float* __restrict__ key, float* __restrict__ q_out,
                                     float* __restrict__ k_out, int tokens, int heads,
                                     int kv_heads, int head_size) {
    const int token = blockIdx.x;
    if (token >= tokens) {
        return;
    }
    const int half = head_size / 2;
    const float* cache = cos_sin + (long long)positions[token] * head_size;
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const long long q_base = (long long)token * heads * head_size;
    for (int i = tid; i < heads * half; i += threads) {
        const int head = i / half, pair = i % half;
        const long long xi = q_base + (long long)head * head_size + pair;
        const float c = cache[pair], s = cache[half + pair];
        const float x = query[xi], y = query[xi + half];
        q_out[xi] = x * c - y * s;
        q_out[xi + half] = y * c + x * s;
    }
    const long long k_base = (long long)token * kv_heads * head_size;
    for (int i = tid; i < kv_heads * half; i += threads) {
        const int head = i / half, pair = i % half;
        const long long xi = k_base + (long long)head * head_size + pair;
        const float c = cache[pair], s = cache[half + pair];
        const float x = key[xi], y = key[xi + half];
        k_out[xi] = x * c - y * s;
        k_out[xi + half] = y * c + x * s;
    }
}
