// Mean-shift filtering of an RGBA8 image, OpenCV's CUDA meanShiftFiltering
// (modules/cudaimgproc/src/cuda/imgproc.cu: meanshift_kernel and do_mean_shift, what
// cv::cuda::meanShiftFiltering runs with TermCriteria(MAX_ITER + EPS, 5, 1)) (blind check set
// 40: written after calibration, never fitted on). As in OpenCV: one thread per pixel (x0,
// y0), its colour c read from the image; up to maxIter times: over the (2 sp + 1)^2 window
// around (x0, y0), row by row, every pixel t whose colour is within sr of c (squared distance
// over R, G, B at most sr^2) adds its colour to s0, s1, s2, its x to sx and its row's count
// times y to sy; no such pixel ends the loop; otherwise icount = 1.f / count, the new centre
// x1 = __float2int_rz(sx icount), y1 likewise, the new colour each channel's
// __float2int_rz(s icount); the walk stops after taking that step when the centre stayed or
// |x1 - x0| + |y1 - y0| + the squared colour change is at most eps; the last colour (its
// alpha the pixel's own) is the output pixel. Departures: OpenCV's texture reads (point
// sampling, addresses clamped to the image) become global loads of a uchar4 at the clamped
// row and column; the image's uchar4 pointers typed as 32-bit words here; the output pitch
// that of the image. Written from memory. x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ uchar4 ms_tex(const uchar4* src, int cols, int rows, int x, int y) {
    x = min(max(x, 0), cols - 1);  // cudaAddressModeClamp
    y = min(max(y, 0), rows - 1);
    return src[(long long)y * cols + x];
}

__device__ __forceinline__ void do_mean_shift(int x0, int y0, unsigned char* out,
                                              size_t out_step, const uchar4* src, int cols,
                                              int rows, int sp, int sr, int maxIter,
                                              float eps) {
    int isr2 = sr * sr;
    uchar4 c = ms_tex(src, cols, rows, x0, y0);

    // iterate meanshift procedure
    for (int iter = 0; iter < maxIter; iter++) {
        int count = 0;
        int s0 = 0, s1 = 0, s2 = 0, sx = 0, sy = 0;
        float icount;

        // mean shift: process pixels in window (p - sigmaSp) x (p + sigmaSp)
        int minx = x0 - sp;
        int miny = y0 - sp;
        int maxx = x0 + sp;
        int maxy = y0 + sp;

        for (int y = miny; y <= maxy; y++) {
            int rowCount = 0;
            for (int x = minx; x <= maxx; x++) {
                uchar4 t = ms_tex(src, cols, rows, x, y);

                int norm2 = (t.x - c.x) * (t.x - c.x) + (t.y - c.y) * (t.y - c.y) +
                            (t.z - c.z) * (t.z - c.z);
                if (norm2 <= isr2) {
                    s0 += t.x;
                    s1 += t.y;
                    s2 += t.z;
                    sx += x;
                    rowCount++;
                }
            }
            count += rowCount;
            sy += y * rowCount;
        }

        if (count == 0) break;

        icount = 1.f / count;
        int x1 = __float2int_rz(sx * icount);
        int y1 = __float2int_rz(sy * icount);
        s0 = __float2int_rz(s0 * icount);
        s1 = __float2int_rz(s1 * icount);
        s2 = __float2int_rz(s2 * icount);

        int norm2 = (s0 - c.x) * (s0 - c.x) + (s1 - c.y) * (s1 - c.y) + (s2 - c.z) * (s2 - c.z);

        bool stopFlag = (x0 == x1 && y0 == y1) || (::abs(x1 - x0) + ::abs(y1 - y0) + norm2 <= eps);

        x0 = x1;
        y0 = y1;
        c.x = s0;
        c.y = s1;
        c.z = s2;

        if (stopFlag) break;
    }

    int base = (blockIdx.y * ga_block_rows() + ga_row_in_block()) * out_step +
               (blockIdx.x * blockDim.x + threadIdx.x) * 4 * sizeof(unsigned char);
    *(uchar4*)(out + base) = c;
}

extern "C" __global__ void ocv_meanshift_filter(const unsigned* srcWords, unsigned* outWords,
                                                int cols, int rows, int sp, int sr,
                                                int maxIter, float eps) {
    const uchar4* src = reinterpret_cast<const uchar4*>(srcWords);
    unsigned char* out = reinterpret_cast<unsigned char*>(outWords);
    const size_t out_step = (size_t)cols * 4;
    int x0 = ga_col();
    int y0 = ga_row();

    if (x0 < cols && y0 < rows) do_mean_shift(x0, y0, out, out_step, src, cols, rows, sp, sr,
                                              maxIter, eps);
}
