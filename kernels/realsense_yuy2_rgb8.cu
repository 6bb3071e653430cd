// The colour conversion of a RealSense camera's YUY2 frame, librealsense's
// kernel_unpack_yuy2_rgb8_cuda (IntelRealSense/librealsense, src/cuda/cuda-conversion.cu,
// behind rscuda::unpack_yuy2_cuda_helper: every RGB8 colour frame of a librealsense built with
// RS2_USE_CUDA) (blind check set 58: written after calibration, never fitted on). As in
// librealsense: one thread a super-pixel i (two pixels) in a grid-stride loop, four 1 B loads
// Y0 U Y1 V at 4 i, c = Y - 16, d = U - 128, e = V - 128 (int16), and six 1 B stores at 6 i of
// clamp((298 c + 409 e + 128) >> 8), clamp((298 c - 100 d - 208 e + 128) >> 8) and
// clamp((298 c + 516 d + 128) >> 8) for each pixel's Y (clamped to [0, 255]); the host's 256
// threads on superPix / 256 blocks. Departures: the block the sweep's, any shape (linearized),
// the grid cdiv(superPix, threads) (the loop then one pass); the byte buffers as 4 B words
// cast. Reimplemented from the published source (its arithmetic and control flow; none of its
// text). Exact: integer arithmetic. 1-D: the block is linearized, one thread a super-pixel.
#include "common.cuh"

__device__ __forceinline__ unsigned char rs_clamp(int t) {
    return (unsigned char)(t > 255 ? 255 : t < 0 ? 0 : t);
}

extern "C" __global__ void realsense_yuy2_rgb8(const unsigned int* src_words,
                                               unsigned int* dst_words, int superPixCount) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(src_words);
    unsigned char* dst = reinterpret_cast<unsigned char*>(dst_words);
    int i = (int)ga_linear();
    const int stride = (int)(ga_nthreads() * gridDim.x);
    if (i >= superPixCount) return;
    for (; i < superPixCount; i += stride) {
        const int idx = i * 4;
        const unsigned char y0 = src[idx];
        const unsigned char u0 = src[idx + 1];
        const unsigned char y1 = src[idx + 2];
        const unsigned char v0 = src[idx + 3];
        short c = y0 - 16;
        const short d = u0 - 128;
        const short e = v0 - 128;
        const int odx = i * 6;
        dst[odx] = rs_clamp((298 * c + 409 * e + 128) >> 8);
        dst[odx + 1] = rs_clamp((298 * c - 100 * d - 208 * e + 128) >> 8);
        dst[odx + 2] = rs_clamp((298 * c + 516 * d + 128) >> 8);
        c = y1 - 16;
        dst[odx + 3] = rs_clamp((298 * c + 409 * e + 128) >> 8);
        dst[odx + 4] = rs_clamp((298 * c - 100 * d - 208 * e + 128) >> 8);
        dst[odx + 5] = rs_clamp((298 * c + 516 * d + 128) >> 8);
    }
}
