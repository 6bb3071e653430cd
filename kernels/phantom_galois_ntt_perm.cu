// Phantom's apply_galois_ntt_permutation (encryptorion-lab/phantom-fhe, src/galois.cu,
// launched by PhantomGaloisTool::apply_galois_ntt in the same file: the Galois automorphism
// X -> X^g of an RNS polynomial in the NTT domain, the slot rotation and conjugation of
// CKKS/BFV ciphertexts, a gather of every RNS limb through one permutation table) (blind
// check set 101: written after calibration, never fitted on). As in Phantom: a grid-stride
// loop over tid below poly_degree coeff_mod_size (tid from blockIdx.x blockDim.x +
// threadIdx.x, stepping by blockDim.x gridDim.x); twr = tid / poly_degree (the limb), dst[tid]
// = src[permutation_table[tid % poly_degree] + twr poly_degree]; the host's blockDimGlb = 128
// threads on coeff_count coeff_mod_size / 128 blocks (an exact division: a power-of-two
// degree). Departures: the block the sweep's, any shape (linearized, the loop striding by the
// grid's threads), the grid cdiv(poly_degree coeff_mod_size, threads); the uint64 words as
// int64 buffers (copies); 64-bit sizes as in the source. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: copies.
// 1-D, no shared memory: one thread a coefficient (the loop once): a 4 B table load (a
// warp's 128 B contiguous, the table shared by every limb through L2), an 8 B gather within
// the limb (a warp's lanes at permuted coefficients) and an 8 B store (a warp's 256 B).
#include "common.cuh"

extern "C" __global__ void phantom_galois_ntt_perm(long long* dst, const long long* src,
                                                   const unsigned* permutation_table,
                                                   long long poly_degree,
                                                   long long coeff_mod_size) {
    const unsigned long long total =
        (unsigned long long)poly_degree * (unsigned long long)coeff_mod_size;
    const unsigned long long stride = (unsigned long long)ga_nthreads() * gridDim.x;
    for (unsigned long long tid = (unsigned long long)ga_linear(); tid < total; tid += stride) {
        const unsigned long long twr = tid / (unsigned long long)poly_degree;
        dst[tid] = src[permutation_table[tid % (unsigned long long)poly_degree] +
                       twr * (unsigned long long)poly_degree];
    }
}
