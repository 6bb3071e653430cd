// DPVO's corr_forward_kernel<float> (princeton-vl/DPVO, dpvo/altcorr/correlation_kernel.cu,
// launched by corr_cuda_forward in the same file behind dpvo.altcorr.corr: the correlation
// lookup of Deep Patch Visual Odometry's update operator, each patch pixel of each patch-frame
// edge correlated with the feature map of the edge's frame over a (2R + 2)^2 window around its
// projected coordinate, before the host's bilinear blend of the window) (blind check set 96:
// written after calibration, never fitted on). As in DPVO: n = blockIdx.x blockDim.x +
// threadIdx.x below B M H W D D (D = 2R + 2), unravelled jj, ii, j0, i0, m, batch (jj fastest);
// ix = us[m] (the edge's patch), jx = vs[m] (its frame); x, y = coords[b][m][0 or 1][i0][j0];
// i1 = floor(y) + ii - R, j1 = floor(x) + jj - R; inside the H2 x W2 map the sum over the C
// channels (in chunks of 8: eight fmap1 loads, eight fmap2 loads, eight products) of
// fmap1[b][ix][c][i0][j0] fmap2[b][jx][c][i1][j1], else 0, stored at corr[b][m][ii][jj][i0][j0];
// the host's THREADS = 256 threads on BLOCKS(B M H W D D) blocks. Departures: the block any
// shape (linearized); float only (of AT_DISPATCH_FLOATING_TYPES_AND_HALF); the packed
// accessors as explicit contiguous offsets (64 bits), us and vs int64 as torch's long.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: sums of C products of whole numbers below 2^24 (whatever the contraction).
// 1-D, no shared memory, a per-thread loop: two 8 B index broadcasts, two 4 B coordinate loads
// (a warp's lanes on D consecutive jj sharing a pixel), then C 4 B fmap1 loads (broadcast
// across the jj lanes, H W * 4 B apart along c) and C 4 B fmap2 gathers (consecutive j1 across
// jj, H2 W2 * 4 B apart along c), and a 4 B store (the jj lanes H W * 4 B apart).
#include "common.cuh"

extern "C" __global__ void dpvo_corr_forward(int R, const float* fmap1, const float* fmap2,
                                             const float* coords, const long long* us,
                                             const long long* vs, float* corr, int B, int M,
                                             int H, int W, int C, int NP, int NF, int H2,
                                             int W2) {
    const int D = 2 * R + 2;
    long long n = ga_linear();
    if (n >= (long long)B * M * H * W * D * D) return;
    const long long out_at = n;
    const int jj = (int)(n % D); n /= D;
    const int ii = (int)(n % D); n /= D;
    const int j0 = (int)(n % W); n /= W;
    const int i0 = (int)(n % H); n /= H;
    const int m = (int)(n % M); n /= M;
    const int b = (int)n;

    const int ix = (int)us[m];
    const int jx = (int)vs[m];
    const long long hw = (long long)H * W;
    const float* cxy = coords + ((long long)b * M + m) * 2 * hw + (long long)i0 * W + j0;
    const float x = cxy[0];
    const float y = cxy[hw];
    const int i1 = (int)floorf(y) + (ii - R);
    const int j1 = (int)floorf(x) + (jj - R);

    float s = 0.0f;
    if (i1 >= 0 && i1 < H2 && j1 >= 0 && j1 < W2) {
        const long long hw2 = (long long)H2 * W2;
        const float* f1 = fmap1 + ((long long)b * NP + ix) * C * hw + (long long)i0 * W + j0;
        const float* f2 = fmap2 + ((long long)b * NF + jx) * C * hw2 + (long long)i1 * W2 + j1;
        for (int i = 0; i < C; i += 8) {
            float a[8], g[8];
            for (int j = 0; j < 8; ++j) a[j] = f1[(long long)(i + j) * hw];
            for (int j = 0; j < 8; ++j) g[j] = f2[(long long)(i + j) * hw2];
            for (int j = 0; j < 8; ++j) s += a[j] * g[j];
        }
    }
    // corr[b][m][ii][jj][i0][j0]: the unravelled index with (ii, jj) moved before (i0, j0)
    const long long bm = out_at / ((long long)D * D * hw);
    corr[((bm * D + ii) * D + jj) * hw + (long long)i0 * W + j0] = s;
}
