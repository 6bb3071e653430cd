// In-place centring of a batch of 2-D images for the FFT (fftshift by a quadrant swap),
// RELION's cuda_kernel_centerFFT_2D<false> (3dem/relion, src/acc/cuda/cuda_kernels/helper.cu,
// behind runCenterFFT: the particle images' and references' centring in RELION's GPU-accelerated
// 2-D / 3-D classification and refinement, MlOptimiserCuda) (blind check set 49: written after
// calibration, never fitted on). As in RELION: XFLOAT float (the default single-precision
// build), a __shared__ buffer of one value a thread, tid = threadIdx.x and pixel = threadIdx.x +
// blockIdx.x CFTT_BLOCK_SIZE, image_offset = image_size blockIdx.y (the grid's y the image of
// the batch), a thread with pixel < image_size / 2 computing y = floorf((XFLOAT)pixel /
// (XFLOAT)xdim) and x = pixel % xdim, yp = y + yshift and xp = x + xshift each wrapped once
// into the image, n_pixel = yp xdim + xp, then buffer[tid] = img[n_pixel], img[n_pixel] =
// img[pixel], img[pixel] = buffer[tid]; the host's CFTT_BLOCK_SIZE (128) threads on
// (ceilf(xdim ydim / (2 CFTT_BLOCK_SIZE)), batch) blocks, xshift = xdim / 2 and yshift = ydim /
// 2 for the forward centring (even box sizes: each pixel of the first half swaps with one of
// the second). Departures: CFTT_BLOCK_SIZE the block's threads, any shape (the block
// linearized: tid its linear index, pixel = tid + blockIdx.x threads), the buffer dynamic
// shared memory of one float a thread (CFTT_BLOCK_SIZE floats, static, in RELION), the grid
// cdiv(xdim ydim, 2 threads) x batch; the template kernel's body a __device__ function called
// by an extern "C" entry. Written from memory (the file as remembered). Exact (a permutation).
// 1-D: the block is linearized, the grid's y the image.
#include "common.cuh"

typedef float XFLOAT;

template <bool invert>
__device__ void cuda_kernel_centerFFT_2D(XFLOAT* img_in, int image_size, int xdim, int ydim,
                                         int xshift, int yshift) {
    extern __shared__ XFLOAT buffer[];  // [threads]
    int tid = ga_tid();
    int pixel = ga_tid() + blockIdx.x * ga_nthreads();
    long int image_offset = image_size * blockIdx.y;

    if (pixel < (image_size / 2)) {
        int y = floorf((XFLOAT)pixel / (XFLOAT)xdim);
        int x = pixel % xdim;  // also = pixel - y*xdim, but this depends on y having been calculated

        int yp = y + yshift;
        if (yp < 0)
            yp += ydim;
        else if (yp >= ydim)
            yp -= ydim;

        int xp = x + xshift;
        if (xp < 0)
            xp += xdim;
        else if (xp >= xdim)
            xp -= xdim;

        int n_pixel = yp * xdim + xp;

        buffer[tid] = img_in[image_offset + n_pixel];
        img_in[image_offset + n_pixel] = img_in[image_offset + pixel];
        img_in[image_offset + pixel] = buffer[tid];
    }
}

extern "C" __global__ void relion_center_fft2d(XFLOAT* img_in, int image_size, int xdim,
                                               int ydim, int xshift, int yshift) {
    cuda_kernel_centerFFT_2D<false>(img_in, image_size, xdim, ydim, xshift, yshift);
}
