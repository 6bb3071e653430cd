// The radius-2 binomial temporal soften of a video plane, KTGMC's
// kl_binomial_temporal_soften_2 (nekopanda/AviSynthCUDAFilters, KTGMC/Kernel.cu, behind
// KBinomialTemporalSoften::Proc with radius 2: QTGMC's temporal smoothing of its bobbed clip,
// TR0 = 2, before the motion search) (blind check set 62: written after calibration, never
// fitted on). As in KTGMC (8-bit pixels, vpixel_t uchar4): the first four threads of the block
// set its scene-change flags isSC[i] = sad[i] >= scenechange (sad the four frames' summed
// absolute differences from kl_calculate_sad, scenechange the host's threshold times width
// times height) in shared memory, a barrier, then one thread per 4 B word (4 pixels) of the
// plane loads the word of the source frame and of the frames n - 1, n + 1, n - 2 and n + 2
// (each replaced by the source's where its flag is set, its load skipped) and stores, per
// pixel, (ref2 + 4 ref0 + 6 src + 4 ref1 + ref3 + 4) >> 4 clamped to 0..255; the host's
// 32 x 16 blocks on cdiv(width4, 32) x cdiv(height, 16) blocks. Departures: the block the
// sweep's, any shape (x the word, y*z the row, z folded in; the four flags set in passes of the
// block's linear thread index, where the host's 32-wide block has threads 0-3 of its first row
// set them), the static __shared__ bool isSC[4] one dynamic allocation of 4 B, int4 as four
// ints, the frames 4 B words of packed pixels. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: integer arithmetic on bytes,
// the flags a float compare of whole numbers. 2-D: x the word of 4 pixels, y*z the row.
#include "common.cuh"

struct ktgmc_int4 {
    int x, y, z, w;
};

__device__ __forceinline__ ktgmc_int4 ktgmc_to_int(uchar4 v) {
    return {v.x, v.y, v.z, v.w};
}

__device__ __forceinline__ unsigned char ktgmc_soften(int r2, int r0, int s, int r1, int r3) {
    int t = (r2 + r0 * 4 + s * 6 + r1 * 4 + r3 + 4) >> 4;
    return (unsigned char)min(max(t, 0), 255);
}

extern "C" __global__ void ktgmc_temporal_soften2(unsigned int* __restrict__ dst_words,
                                                  const unsigned int* __restrict__ src_words,
                                                  const unsigned int* __restrict__ ref0_words,
                                                  const unsigned int* __restrict__ ref1_words,
                                                  const unsigned int* __restrict__ ref2_words,
                                                  const unsigned int* __restrict__ ref3_words,
                                                  const float* __restrict__ sad,
                                                  float scenechange, int width4, int height,
                                                  int pitch4) {
    uchar4* pDst = reinterpret_cast<uchar4*>(dst_words);
    const uchar4* pSrc = reinterpret_cast<const uchar4*>(src_words);
    const uchar4* pRef0 = reinterpret_cast<const uchar4*>(ref0_words);
    const uchar4* pRef1 = reinterpret_cast<const uchar4*>(ref1_words);
    const uchar4* pRef2 = reinterpret_cast<const uchar4*>(ref2_words);
    const uchar4* pRef3 = reinterpret_cast<const uchar4*>(ref3_words);
    extern __shared__ bool isSC[];

    const int x = ga_col();
    const int y = ga_row();

    for (int i = (int)ga_tid(); i < 4; i += (int)ga_nthreads()) {
        isSC[i] = (sad[i] >= scenechange);
    }
    __syncthreads();

    if (x < width4 && y < height) {
        const ktgmc_int4 src = ktgmc_to_int(pSrc[x + y * pitch4]);
        const ktgmc_int4 ref0 = isSC[0] ? src : ktgmc_to_int(pRef0[x + y * pitch4]);
        const ktgmc_int4 ref1 = isSC[1] ? src : ktgmc_to_int(pRef1[x + y * pitch4]);
        const ktgmc_int4 ref2 = isSC[2] ? src : ktgmc_to_int(pRef2[x + y * pitch4]);
        const ktgmc_int4 ref3 = isSC[3] ? src : ktgmc_to_int(pRef3[x + y * pitch4]);

        uchar4 out;
        out.x = ktgmc_soften(ref2.x, ref0.x, src.x, ref1.x, ref3.x);
        out.y = ktgmc_soften(ref2.y, ref0.y, src.y, ref1.y, ref3.y);
        out.z = ktgmc_soften(ref2.z, ref0.z, src.z, ref1.z, ref3.z);
        out.w = ktgmc_soften(ref2.w, ref0.w, src.w, ref1.w, ref3.w);
        pDst[x + y * pitch4] = out;
    }
}
