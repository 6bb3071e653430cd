// The Threefry-2x32 block cipher of JAX's counter-based random numbers, jaxlib's
// ThreeFry2x32Kernel (jax-ml/jax, jaxlib/gpu/prng_kernels.cu.cc, behind
// LaunchThreeFry2x32KernelFfi in the same file: the cu_threefry2x32 custom call that
// jax.random's threefry_2x32 lowers to on NVIDIA GPUs, every jax.random.bits / split /
// normal / uniform drawing its 32-bit words through it) (blind check set 67: written after
// calibration, never fitted on). As in jaxlib: a grid-stride loop over idx below n; ks =
// (key0[idx], key1[idx], 0x1BD11BDA ^ key0 ^ key1), x = (data0[idx] + ks0, data1[idx] + ks1),
// five groups of four rounds (x0 += x1; x1 = rotl(x1, r) ^ x0) with rotations 13, 15, 26, 6
// and 17, 29, 16, 24 alternating, the key schedule injected after each group (x0 += ks[(g +
// 1) % 3], x1 += ks[(g + 2) % 3] + g + 1), out0[idx] = x0 and out1[idx] = x1; the host's
// min(1024, cdiv(n, 128)) blocks of 128. Departures: the block the sweep's, any shape
// (linearized; the grid-stride loop kept on min(1024, cdiv(n, threads)) blocks); n a scalar
// (the device-resident length, n < 0 with n_ptr, dropped). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: 32-bit
// integer arithmetic. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ unsigned jax_rotl(unsigned v, unsigned distance) {
    return (v << distance) | (v >> (32u - distance));
}

__device__ __forceinline__ void jax_round(unsigned& x0, unsigned& x1, unsigned rotation) {
    x0 += x1;
    x1 = jax_rotl(x1, rotation);
    x1 ^= x0;
}

__device__ __forceinline__ void jax_four_rounds(unsigned& x0, unsigned& x1, bool second) {
    if (!second) {
        jax_round(x0, x1, 13u);
        jax_round(x0, x1, 15u);
        jax_round(x0, x1, 26u);
        jax_round(x0, x1, 6u);
    } else {
        jax_round(x0, x1, 17u);
        jax_round(x0, x1, 29u);
        jax_round(x0, x1, 16u);
        jax_round(x0, x1, 24u);
    }
}

extern "C" __global__ void jax_threefry2x32(const unsigned* __restrict__ key0,
                                            const unsigned* __restrict__ key1,
                                            const unsigned* __restrict__ data0,
                                            const unsigned* __restrict__ data1,
                                            unsigned* __restrict__ out0,
                                            unsigned* __restrict__ out1, long long n) {
    const long long stride = (long long)ga_nthreads() * gridDim.x;
    for (long long idx = ga_linear(); idx < n; idx += stride) {
        unsigned ks0 = key0[idx];
        unsigned ks1 = key1[idx];
        unsigned ks2 = 0x1BD11BDAu ^ ks0 ^ ks1;
        unsigned x0 = data0[idx] + ks0;
        unsigned x1 = data1[idx] + ks1;

        jax_four_rounds(x0, x1, false);
        x0 += ks1;
        x1 += ks2 + 1u;
        jax_four_rounds(x0, x1, true);
        x0 += ks2;
        x1 += ks0 + 2u;
        jax_four_rounds(x0, x1, false);
        x0 += ks0;
        x1 += ks1 + 3u;
        jax_four_rounds(x0, x1, true);
        x0 += ks1;
        x1 += ks2 + 4u;
        jax_four_rounds(x0, x1, false);

        out0[idx] = x0 + ks2;
        out1[idx] = x1 + ks0 + 5u;
    }
}
