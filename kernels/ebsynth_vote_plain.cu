// Ebsynth's krnlVotePlain (jamriska/ebsynth, src/ebsynth_cuda.cu, launched by ebsynthCuda in the
// same file at the start of every pyramid level: the plain voting step of Ebsynth's
// example-based video stylization, each target pixel the average colour of the source pixels
// that the patches overlapping it point at through the nearest-neighbour field) (blind check
// set 99: written after calibration, never fitted on). As in Ebsynth: x = blockDim.x
// blockIdx.x + threadIdx.x, y likewise, threads outside the target leaving; r = patchSize / 2;
// for py and px in -r..r, n = NNF(x + px, y + py) - (px, py) and the source colour at n added
// (weight 1) to a float sum per channel, the weight to the weight sum; the target pixel the
// sums divided by the weight sum, converted to bytes (truncation); every read through a
// point-sampled texture with clamped addressing (NNF and source), the store to the pitched
// layer; the host's 24 x 24 threads on (W + 24) / 24 x (H + 24) / 24 blocks. Departures: the
// block any shape (y*z the row with z folded in); the textures as plain row-major arrays with
// their clamping written out; an RGBA style (NS 4: one uchar4 layer, a pixel one 32-bit word of
// four bytes, as ebsynth's TexArray2 stores it); the grid cdiv(W, bx) x cdiv(H, by bz) (the
// host's one spare block a side has no pixel). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: sums of at most patchSize^2
// bytes (whole numbers far below 2^24), one correctly rounded float division, truncation.
// 2-D, no shared memory, a per-thread loop: x the target column, y*z the row; per tap an 8 B
// NNF load (a warp's 256 B contiguous, shifted a tap, shared through L1) and a 4 B source
// gather (a random source pixel a lane), a 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

__device__ __forceinline__ int eb_clamp(int v, int hi) {
    return v < 0 ? 0 : (v > hi ? hi : v);
}

extern "C" __global__ void ebsynth_vote_plain(const unsigned* source, const int* nnf,
                                              unsigned* target, int source_width,
                                              int source_height, int target_width,
                                              int target_height, int patch_size) {
    const int x = ga_col();
    const int y = ga_row();
    if (x >= target_width || y >= target_height) return;
    const int r = patch_size / 2;
    float sum0 = 0.0f, sum1 = 0.0f, sum2 = 0.0f, sum3 = 0.0f;
    float weight_sum = 0.0f;
    for (int py = -r; py <= r; ++py) {
        const int ny = eb_clamp(y + py, target_height - 1);
        for (int px = -r; px <= r; ++px) {
            const int nx = eb_clamp(x + px, target_width - 1);
            const long long at = ((long long)ny * target_width + nx) * 2;
            const int sx = eb_clamp(nnf[at] - px, source_width - 1);
            const int sy = eb_clamp(nnf[at + 1] - py, source_height - 1);
            const unsigned pix = source[(long long)sy * source_width + sx];
            const float weight = 1.0f;
            sum0 += weight * (float)(pix & 0xFFu);
            sum1 += weight * (float)((pix >> 8) & 0xFFu);
            sum2 += weight * (float)((pix >> 16) & 0xFFu);
            sum3 += weight * (float)(pix >> 24);
            weight_sum += weight;
        }
    }
    const unsigned c0 = (unsigned char)(sum0 / weight_sum);
    const unsigned c1 = (unsigned char)(sum1 / weight_sum);
    const unsigned c2 = (unsigned char)(sum2 / weight_sum);
    const unsigned c3 = (unsigned char)(sum3 / weight_sum);
    target[(long long)y * target_width + x] = c0 | (c1 << 8) | (c2 << 16) | (c3 << 24);
}
