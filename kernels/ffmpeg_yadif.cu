// Deinterlacing, FFmpeg's yadif_cuda filter (libavfilter/vf_yadif_cuda.cu, yadif_uchar with
// its yadif_single: "yet another deinterlacing filter" on NVDEC frames, one 8-bit plane at a
// time) (blind check set 44: written after calibration, never fitted on). As in FFmpeg: one
// thread per pixel of the output frame (xo from x, yo from y); the lines of the field kept
// (yo % 2 == parity) copied from the current frame; the others predicted from the lines above
// and below: spatial_predictor (the average of the pixels straight above and below, replaced
// by the average along the diagonal whose three-pixel score |above - below| is smaller, one
// and two pixels either way, 14 pixels of the current frame at xo - 3 .. xo + 3), then
// temporal_predictor (prev1 / next1 the previous and current frames or the current and next
// ones by is_second_field = !(parity ^ tff): p0, p2, p4 the averages of prev1 and next1 two
// lines above, on the line and two below, p1, p3 the current frame's lines above and below;
// diff the largest of |D - I| / 2 and the previous and next frames' mean differences with the
// current frame's lines; unless skip_spatial_check, widened by the spatial interlacing check
// max3(diff, mini, -maxi)), the spatial prediction clamped to p2 -+ diff. Departures: the
// three frames' cudaTextureObject_t (point sampling, cudaAddressModeClamp) read as byte
// planes with the coordinates clamped to the frame (src_width x src_height), all four planes
// dst_pitch bytes a line, travelling in 32-bit words (uint32 on the host) read and written as
// bytes through casts; skip_spatial_check an int; z folded into the rows. Written from memory. Integer arithmetic: exact. x -> column, y*z ->
// row.
#include "common.cuh"

__inline__ __device__ int max3(int a, int b, int c) {
    int x = max(a, b);
    return max(x, c);
}

__inline__ __device__ int min3(int a, int b, int c) {
    int x = min(a, b);
    return min(x, c);
}

// tex2D<T>(tex, x, y) with point sampling and clamped addressing on unnormalized coordinates.
template <typename T>
__inline__ __device__ T tex2D_clamp(const T* plane, int x, int y, int width, int height,
                                    int pitch) {
    x = min(max(x, 0), width - 1);
    y = min(max(y, 0), height - 1);
    return plane[y * pitch + x];
}

template <typename T>
__inline__ __device__ T spatial_predictor(T a, T b, T c, T d, T e, T f, T g, T h, T i, T j,
                                          T k, T l, T m, T n) {
    int spatial_pred = (d + k) / 2;
    int spatial_score = abs(c - j) + abs(d - k) + abs(e - l);

    int score = abs(b - k) + abs(c - l) + abs(d - m);
    if (score < spatial_score) {
        spatial_pred = (c + l) / 2;
        spatial_score = score;
        score = abs(a - l) + abs(b - m) + abs(c - n);
        if (score < spatial_score) {
            spatial_pred = (b + m) / 2;
            spatial_score = score;
        }
    }
    score = abs(d - i) + abs(e - j) + abs(f - k);
    if (score < spatial_score) {
        spatial_pred = (e + j) / 2;
        spatial_score = score;
        score = abs(e - h) + abs(f - i) + abs(g - j);
        if (score < spatial_score) {
            spatial_pred = (f + i) / 2;
            spatial_score = score;
        }
    }
    return spatial_pred;
}

template <typename T>
__inline__ __device__ T temporal_predictor(T A, T B, T C, T D, T E, T F, T G, T H, T I, T J,
                                           T K, T L, T spatial_pred, bool skip_check) {
    int p0 = (C + H) / 2;
    int p1 = F;
    int p2 = (D + I) / 2;
    int p3 = G;
    int p4 = (E + J) / 2;

    int tdiff0 = abs(D - I) / 2;
    int tdiff1 = (abs(A - F) + abs(B - G)) / 2;
    int tdiff2 = (abs(K - F) + abs(G - L)) / 2;

    int diff = max3(tdiff0, tdiff1, tdiff2);

    if (!skip_check) {
        int maxi = max3(p2 - p3, p2 - p1, min(p0 - p1, p4 - p3));
        int mini = min3(p2 - p3, p2 - p1, max(p0 - p1, p4 - p3));
        diff = max3(diff, mini, -maxi);
    }

    if (spatial_pred > p2 + diff) {
        spatial_pred = p2 + diff;
    }
    if (spatial_pred < p2 - diff) {
        spatial_pred = p2 - diff;
    }

    return spatial_pred;
}

template <typename T>
__inline__ __device__ void yadif_single(T* dst, const T* prev, const T* cur, const T* next,
                                        int dst_width, int dst_height, int dst_pitch,
                                        int src_width, int src_height, int parity, int tff,
                                        bool skip_spatial_check) {
    // Identify location
    int xo = ga_col();
    int yo = ga_row();

    if (xo >= dst_width || yo >= dst_height) {
        return;
    }

    const int w = src_width, hh = src_height, sp = dst_pitch;  // the frames' pitch

    // Don't modify the primary field
    if (yo % 2 == parity) {
        dst[yo * dst_pitch + xo] = tex2D_clamp(cur, xo, yo, w, hh, sp);
        return;
    }

    // Calculate spatial prediction
    T a = tex2D_clamp(cur, xo - 3, yo - 1, w, hh, sp);
    T b = tex2D_clamp(cur, xo - 2, yo - 1, w, hh, sp);
    T c = tex2D_clamp(cur, xo - 1, yo - 1, w, hh, sp);
    T d = tex2D_clamp(cur, xo - 0, yo - 1, w, hh, sp);
    T e = tex2D_clamp(cur, xo + 1, yo - 1, w, hh, sp);
    T f = tex2D_clamp(cur, xo + 2, yo - 1, w, hh, sp);
    T g = tex2D_clamp(cur, xo + 3, yo - 1, w, hh, sp);

    T h = tex2D_clamp(cur, xo - 3, yo + 1, w, hh, sp);
    T i = tex2D_clamp(cur, xo - 2, yo + 1, w, hh, sp);
    T j = tex2D_clamp(cur, xo - 1, yo + 1, w, hh, sp);
    T k = tex2D_clamp(cur, xo - 0, yo + 1, w, hh, sp);
    T l = tex2D_clamp(cur, xo + 1, yo + 1, w, hh, sp);
    T m = tex2D_clamp(cur, xo + 2, yo + 1, w, hh, sp);
    T n = tex2D_clamp(cur, xo + 3, yo + 1, w, hh, sp);

    T spatial_pred = spatial_predictor(a, b, c, d, e, f, g, h, i, j, k, l, m, n);

    // Calculate temporal prediction
    int is_second_field = !(parity ^ tff);

    const T* prev2 = prev;
    const T* prev1 = is_second_field ? cur : prev;
    const T* next1 = is_second_field ? next : cur;
    const T* next2 = next;

    T A = tex2D_clamp(prev2, xo, yo - 1, w, hh, sp);
    T B = tex2D_clamp(prev2, xo, yo + 1, w, hh, sp);
    T C = tex2D_clamp(prev1, xo, yo - 2, w, hh, sp);
    T D = tex2D_clamp(prev1, xo, yo + 0, w, hh, sp);
    T E = tex2D_clamp(prev1, xo, yo + 2, w, hh, sp);
    T F = tex2D_clamp(cur, xo, yo - 1, w, hh, sp);
    T G = tex2D_clamp(cur, xo, yo + 1, w, hh, sp);
    T H = tex2D_clamp(next1, xo, yo - 2, w, hh, sp);
    T I = tex2D_clamp(next1, xo, yo + 0, w, hh, sp);
    T J = tex2D_clamp(next1, xo, yo + 2, w, hh, sp);
    T K = tex2D_clamp(next2, xo, yo - 1, w, hh, sp);
    T L = tex2D_clamp(next2, xo, yo + 1, w, hh, sp);

    spatial_pred = temporal_predictor(A, B, C, D, E, F, G, H, I, J, K, L, spatial_pred,
                                      skip_spatial_check);

    dst[yo * dst_pitch + xo] = spatial_pred;
}

extern "C" __global__ void ffmpeg_yadif(unsigned* __restrict__ dst_words,
                                        const unsigned* __restrict__ prev_words,
                                        const unsigned* __restrict__ cur_words,
                                        const unsigned* __restrict__ next_words,
                                        int dst_width, int dst_height, int dst_pitch,
                                        int src_width, int src_height, int parity, int tff,
                                        int skip_spatial_check) {
    yadif_single<unsigned char>(reinterpret_cast<unsigned char*>(dst_words),
                                reinterpret_cast<const unsigned char*>(prev_words),
                                reinterpret_cast<const unsigned char*>(cur_words),
                                reinterpret_cast<const unsigned char*>(next_words), dst_width,
                                dst_height, dst_pitch, src_width, src_height, parity, tff,
                                skip_spatial_check != 0);
}
