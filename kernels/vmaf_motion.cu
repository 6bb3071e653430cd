// The motion feature of a video-quality model, libvmaf's integer motion (Netflix/vmaf,
// libvmaf/src/feature/integer_motion.c and its CUDA extractor under libvmaf/src/feature/cuda:
// VMAF's "motion2" temporal feature, the mean absolute difference of consecutive frames' blurs,
// run on every frame VMAF scores) (blind check set 53: written after calibration, never fitted
// on). As in libvmaf's integer path: the 8-bit luma blurred by the 5-tap integer Gaussian
// filter {3571, 16004, 26386, 16004, 3571} (sum 65536), first vertically (an unsigned 32-bit
// accumulator of the 5 rows, rounded back to 16 bits: (accum + 128) >> 8), then horizontally
// (the 5 columns' 16-bit sums, (accum + 32768) >> 16), mirrored at the borders (reflect-101:
// -i before the frame, 2 (n - 1) - i past it); the blurred frame stored for the next frame's
// comparison and the sum of |blur - the previous frame's blur| accumulated into a 64-bit
// total (libvmaf's motion score that total / 256 / (w h), on the host). Departures: one
// thread a pixel, the block the sweep's, any shape (x the column, y*z the row, z folded in);
// the two passes fused per thread straight from global memory (25 loads, the vertical sums of
// its 5 columns recomputed by each thread: no shared-memory tile); the SAD summed into one
// 64-bit shared-memory word per block (a shared atomicAdd a thread) and one global atomicAdd
// per block; the 8-bit luma one int32 a pixel and the 16-bit blur one uint32 a pixel (the
// manifest's buffers are 4-byte words); the shared word a dynamic allocation. Written from memory. Exact (integers).
#include "common.cuh"

typedef unsigned long long vmaf_u64;

__device__ __forceinline__ int vmaf_mirror(int i, int n) {
    if (i < 0) return -i;
    if (i >= n) return 2 * (n - 1) - i;
    return i;
}

extern "C" __global__ void vmaf_motion(const int* ref, const unsigned* prev_blur,
                                       unsigned* blur, long long* sad, int w, int h) {
    const unsigned filter[5] = {3571, 16004, 26386, 16004, 3571};
    extern __shared__ vmaf_u64 block_sad_shm[];
    unsigned long long& block_sad = block_sad_shm[0];
    const int x = ga_col();
    const int y = ga_row();
    if (ga_tid() == 0) block_sad = 0;
    __syncthreads();
    if (x < w && y < h) {
        unsigned accum_h = 0;
        for (int kx = 0; kx < 5; ++kx) {
            const int xx = vmaf_mirror(x - 2 + kx, w);
            unsigned accum_v = 0;
            for (int ky = 0; ky < 5; ++ky) {
                const int yy = vmaf_mirror(y - 2 + ky, h);
                accum_v += filter[ky] * (unsigned)ref[yy * w + xx];
            }
            accum_h += filter[kx] * ((accum_v + 128u) >> 8);
        }
        const unsigned b = (accum_h + 32768u) >> 16;
        blur[y * w + x] = b;
        const unsigned p = prev_blur[y * w + x];
        const unsigned d = b > p ? b - p : p - b;
        atomicAdd(&block_sad, (unsigned long long)d);
    }
    __syncthreads();
    if (ga_tid() == 0) atomicAdd((unsigned long long*)sad, block_sad);
}
