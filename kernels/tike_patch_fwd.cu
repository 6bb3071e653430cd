// Tike's patch kernel, forward (AdvancedPhotonSource/tike, src/tike/operators/cupy/
// convolution.cu, compiled through CuPy and launched by the Convolution operator's fwd in
// src/tike/operators/cupy/convolution.py: the extraction of probe-sized patches of the object
// at the scan positions in Tike's ptychography reconstructions, each bilinearly interpolated
// at its sub-pixel position and placed in the middle of a detector-sized padded patch)
// (blind check set 104: written after calibration, never fitted on). As in Tike: tp =
// threadIdx.x + blockDim.x blockIdx.x the pixel of the patch, ts = blockIdx.y the scan
// position, ti = blockIdx.z the image, threads past the patch leaving; px = tp % patch_shape,
// py = tp / patch_shape, pad = (padded_shape - patch_shape) / 2, pi the pixel's place in the
// padded patch (pad + px, pad + py) of patch ts + nscan ti; sx = floor(scan.y), sy =
// floor(scan.x); a position whose patch (and its interpolation's extra row and column) leaves
// the image writes zeros; else ii = sx + px + nimagex (sy + py + nimagey ti), sxf and syf the
// fractional parts, and the patch pixel's real and imaginary parts the bilinear blend of
// images[ii], [ii + 1], [ii + nimagex] and [ii + 1 + nimagex] with weights (1 - sxf)(1 -
// syf), sxf (1 - syf), (1 - sxf) syf and sxf syf; the host's min(max_thread, patch_shape^2)
// threads on cdiv(patch_shape^2, threads) x nscan x nimage blocks (max_thread the kernel's
// max_threads_per_block, 1,024), the patches zeroed before. Departures: the block any shape (linearized); the forward flag fixed
// true (the adjoint's atomicAdd branch left out) and the range assert dropped; complex64 as a
// local 8 B-aligned pair struct (CUDA's float2: one 8 B load or store) over float32 buffers;
// offsets in 64 bits. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number scan positions (the
// fractions 0, so every weight 0 or 1) and whole-number images. 1-D, no shared memory: a
// broadcast 8 B scan load, four 8 B image gathers (a warp's 256 B contiguous along a patch
// row, two image rows) and an 8 B store (a warp's 256 B contiguous) a thread.
#include "common.cuh"

struct alignas(8) tike_float2 {  // CUDA's float2: one 8 B load or store
    float x, y;
};

extern "C" __global__ void tike_patch_fwd(const float* image_words, float* patch_words,
                                          const float* scan_words, int nimage, int nimagey,
                                          int nimagex, int nscan, int patch_shape,
                                          int padded_shape) {
    const tike_float2* images = reinterpret_cast<const tike_float2*>(image_words);
    tike_float2* patches = reinterpret_cast<tike_float2*>(patch_words);
    const tike_float2* scan = reinterpret_cast<const tike_float2*>(scan_words);
    const long long tp = ga_linear();
    const int ts = blockIdx.y;
    const int ti = blockIdx.z;
    if (tp >= (long long)patch_shape * patch_shape || ts >= nscan || ti >= nimage) return;
    const int px = (int)(tp % patch_shape);
    const int py = (int)(tp / patch_shape);
    const int pad = (padded_shape - patch_shape) / 2;
    const long long pi = pad + px + (long long)padded_shape * (pad + py) +
                         (long long)padded_shape * padded_shape * (ts + (long long)nscan * ti);
    const long long at = ts + (long long)ti * nscan;
    const float sx = floorf(scan[at].y);
    const float sy = floorf(scan[at].x);
    if (sx < 0 || nimagex <= sx + patch_shape || sy < 0 || nimagey <= sy + patch_shape) {
        patches[pi].x = 0.0f;  // a position whose patch leaves the image: zeros
        patches[pi].y = 0.0f;
        return;
    }
    const long long ii = (long long)sx + px + (long long)nimagex * ((long long)sy + py +
                                                                    (long long)nimagey * ti);
    const float sxf = scan[at].y - sx;
    const float syf = scan[at].x - sy;
    patches[pi].x = images[ii].x * (1.0f - sxf) * (1.0f - syf) +
                    images[ii + 1].x * sxf * (1.0f - syf) +
                    images[ii + nimagex].x * (1.0f - sxf) * syf +
                    images[ii + 1 + nimagex].x * sxf * syf;
    patches[pi].y = images[ii].y * (1.0f - sxf) * (1.0f - syf) +
                    images[ii + 1].y * sxf * (1.0f - syf) +
                    images[ii + nimagex].y * (1.0f - sxf) * syf +
                    images[ii + 1 + nimagex].y * sxf * syf;
}
