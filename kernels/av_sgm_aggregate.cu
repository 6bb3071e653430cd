// One step of a semi-global matching path over a similarity volume, AliceVision's
// volume_agregateCostVolumeAtXinSlices_kernel (alicevision/AliceVision,
// src/aliceVision/depthMap/cuda/planeSweeping/deviceSimilarityVolumeKernels.cuh, behind
// cuda_volumeAggregatePath and cuda_volumeOptimize in deviceSimilarityVolume.cu: the SGM
// filtering of every tile's similarity volume in the DepthMap step of Meshroom's photogrammetry
// pipeline, one launch per slice along each path) (blind check set 57: written after
// calibration, never fitted on). As in AliceVision: one thread a cell (x, z) of the current x-z
// slice (x the slice's column, z the depth), v the volume cell with v[axisT.x] = x, v[axisT.y] =
// y (the slice) and v[axisT.z] = z; inner depths (1 <= z < volDim.z - 1) take the path cost sim
// + min(L(z), L(z - 1) + P1, L(z + 1) + P1, best + P2) - best from the previous slice's costs L
// (three 4 B loads of its column) and its column minimum best (bestSimInYm1[x]), the first and
// last depth 255; the cost is stored back into the slice (TSimAcc, unsigned int), clamped to [0,
// 255] and averaged into the aggregated volume (TSim, unsigned char) as (old filteringIndex +
// cost) / (filteringIndex + 1), a 1 B read-modify-write at get3DBufferAt(volAgr, spitch, pitch,
// v); the host's 64 x 1 blocks on cdiv(volDimX, 64) x volDim.z. Departures: the block the
// sweep's, any shape (x the slice's column, y*z the depth, z folded in); P2 = |_P2|
// (AliceVision's _P2 < 0 convention: a constant penalty), the other branch's colour difference
// of two texture reads (and the arguments only it reads: rcTex, step, ySign, roi) left out; the
// int3s volDim and axisT as three ints each (v still indexed through axisT); the uchar volume
// passed as the manifest's 4 B words and cast. Reimplemented from the published source (its
// indexing and control flow; none of its text). Exact: whole-number costs below 2^24 and
// filteringIndex 3 (a division by 4, the truncation to unsigned char of a quarter). 2-D: x the
// slice's column, y*z the depth.
#include "common.cuh"

// Row `row` of a pitched 2-D buffer (pitch in bytes).
__device__ __forceinline__ const unsigned* av_slice_row(const unsigned* base, int pitch, int row) {
    return reinterpret_cast<const unsigned*>(reinterpret_cast<const char*>(base) +
                                             (size_t)row * pitch);
}

extern "C" __global__ void av_sgm_aggregate(unsigned* xzSliceForY, int xzSliceForY_p,
                                            const unsigned* xzSliceForYm1, int xzSliceForYm1_p,
                                            const unsigned* bestSimInYm1,
                                            unsigned* volAgr_words, int volAgr_s,
                                            int volAgr_p, int volDimX, int volDimY,
                                            int volDimZ, int axisTx, int axisTy, int axisTz,
                                            int y, float _P1, float _P2,
                                            int filteringIndex) {
    unsigned char* volume = reinterpret_cast<unsigned char*>(volAgr_words);
    const int dims[3] = {volDimX, volDimY, volDimZ};
    const int sx = ga_col();  // the slice's column
    const int sz = ga_row();  // the depth
    int cell[3];              // the volume cell (x, y, z) this slice cell stands for
    cell[axisTx] = sx;
    cell[axisTy] = y;
    cell[axisTz] = sz;
    if (sx >= dims[axisTx] || sz >= dims[2]) return;

    unsigned* own = const_cast<unsigned*>(av_slice_row(xzSliceForY, xzSliceForY_p, sz)) + sx;
    float cost = 255.0f;  // the first and the last depth
    if (sz >= 1 && sz < dims[2] - 1) {
        const float penalty2 = fabsf(_P2);  // negative: a constant P2, no colour term
        const unsigned col_min = bestSimInYm1[sx];
        const unsigned lower = av_slice_row(xzSliceForYm1, xzSliceForYm1_p, sz - 1)[sx];
        const unsigned same = av_slice_row(xzSliceForYm1, xzSliceForYm1_p, sz)[sx];
        const unsigned upper = av_slice_row(xzSliceForYm1, xzSliceForYm1_p, sz + 1)[sx];
        const float cheapest = fminf(fminf(fminf((float)same, lower + _P1), upper + _P1),
                                     col_min + penalty2);
        cost = *own + cheapest - col_min;
    }
    *own = (unsigned)cost;  // the slice keeps the unclamped path cost
    cost = fminf(255.0f, fmaxf(0.0f, cost));

    unsigned char* agg = volume + (size_t)cell[2] * volAgr_s + (size_t)cell[1] * volAgr_p + cell[0];
    *agg = (unsigned char)(((float)*agg * (float)filteringIndex + cost) /
                           (float)(filteringIndex + 1));
}
