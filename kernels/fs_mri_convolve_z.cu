// FreeSurfer's MRIConvolveKernelZ<float, float> (freesurfer/freesurfer, utils/mriconvolve_cuda.cu,
// launched by MRIconvolve::RunGPU1D with axis MRI_DEPTH in the same file behind
// MRIconvolve1d_cuda and the last pass of MRIconvolveGaussian_cuda: the slice-direction pass of
// the separable 1-D convolutions (Gaussian smoothing) of an MRI volume on the GPU) (blind
// check set 105: written after calibration, never fitted on). As in FreeSurfer: each block one
// (x, z) patch of the volume (its x and z patch indices from blockIdx.x and the cover grid's
// x extent, the row iy from blockIdx.y); myx = the patch's first column + threadIdx.x, myz =
// its first slice + the thread's row; K = NextMultiple(nVals / 2, the patch's depth); for
// zBegin from the patch's first slice - K to its first slice + K in steps of the patch's
// depth, the block stages src(myx, iy, ClampCoord(zBegin + row)) in shared memory (0 outside
// the volume), a barrier, each thread adds cache[i][x] kernel[(zBegin - zStart) - row + i +
// nVals / 2] over i, a barrier; dst(myx, iy, myz) = the sum inside the volume; the host's 16 x
// 16 threads on cdiv(W, 16) cdiv(D, 16) x H blocks (kConv1dBlockSize 16). Departures: the block
// any shape (the patch bx columns wide and by*bz slices deep, z folded in; the source's 16 x
// 16, its static 16 x 16 cache one dynamic allocation of a float a thread); the cover grid's x
// extent computed from the width and the block (the source passes it); the zero-padded
// texture of the convolution kernel as a bounds-checked load (0 outside its nVals taps, as
// the texture's padding gives); float32 source and destination (the source also instantiates
// uchar and short); the pitched frames as unpadded [D][H][W] arrays. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number voxels and taps keep every sum far below 2^24. 2-D, shared memory: x the
// contiguous column, y*z the slice (H W * 4 B apart); per staged tile a 4 B load a thread (a
// warp's 128 B contiguous), a shared store and a barrier, then per slice of the tile a shared
// read and a 4 B kernel load (a broadcast), and one 4 B store.
#include "common.cuh"

extern "C" __global__ void fs_mri_convolve_z(const float* src, float* dst, const float* kernel,
                                             int n_vals, int width, int height, int depth) {
    extern __shared__ float fs_cache[];
    const int tile_w = blockDim.x;
    const int tile_d = ga_block_rows();
    const int cover_x = (width + tile_w - 1) / tile_w;
    const int patch_z = blockIdx.x / cover_x;
    const int patch_x = blockIdx.x % cover_x;
    const int iy = blockIdx.y;
    const int tx = threadIdx.x;
    const int tz = ga_row_in_block();
    const int x_start = patch_x * tile_w;
    const int z_start = patch_z * tile_d;
    const int myx = x_start + tx;
    const int myz = z_start + tz;
    const int half = n_vals / 2;
    const int reach = ((half + tile_d - 1) / tile_d) * tile_d;  // NextMultiple(half, tile_d)
    const long long plane = (long long)width * height;
    float acc = 0.0f;
    for (int z_begin = z_start - reach; z_begin <= z_start + reach; z_begin += tile_d) {
        int zc = z_begin + tz;
        zc = zc < 0 ? 0 : (zc > depth - 1 ? depth - 1 : zc);
        float v = 0.0f;
        if (myx < width && iy < height) v = src[zc * plane + (long long)iy * width + myx];
        fs_cache[tz * tile_w + tx] = v;
        __syncthreads();
        for (int i = 0; i < tile_d; ++i) {
            const int at = (z_begin - z_start) - tz + i + half;
            const float k = (at >= 0 && at < n_vals) ? kernel[at] : 0.0f;
            acc += fs_cache[i * tile_w + tx] * k;
        }
        __syncthreads();
    }
    if (myx < width && iy < height && myz < depth) {
        dst[myz * plane + (long long)iy * width + myx] = acc;
    }
}
