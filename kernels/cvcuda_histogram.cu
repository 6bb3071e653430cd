// The per-image channel histograms of CV-CUDA's histogram equalization, hist_kernel
// (CVCUDA/CV-CUDA, src/cvcuda/priv/legacy/histogram_eq.cu, behind HistogramEq::infer:
// cvcuda.histogrameq on a batch of NHWC uint8 images, the first of its three kernels before
// prefix_sum_with_norm_kernel and lookup) (blind check set 60: written after calibration, never
// fitted on). As in CV-CUDA: one thread a pixel (x, y) of image blockIdx.z, the block's
// 256 x channels bins zeroed in dynamic shared memory, a barrier, then per channel a 1 B load
// of the pixel's sample and a shared atomicAdd of 1 onto bin sample + 256 ch, a barrier, and
// every nonzero shared bin added into the image's row of the global histogram with one
// atomicAdd; the host's blocks of at least 256 x channels threads (32 x 24 for three channels)
// on cdiv(width, bx) x cdiv(height, by) x batch, 256 x channels x 4 B of shared memory.
// Departures: the block the sweep's, any shape (x the column, y*z the row, z folded in; the
// bins zeroed and flushed in passes of the block's threads, where the host's block has a
// thread for each bin); the tensor wrappers as a packed NHWC byte array (4 B words cast) and a
// batch x (256 x channels) int histogram; nvcv::Size2D as two ints. Reimplemented from the
// published source (its indexing and control flow; none of its text). Exact: integer counts,
// in any order of the atomics. 2-D: x the column, y*z the row, the grid's z the image.
#include "common.cuh"

extern "C" __global__ void cvcuda_histogram(const unsigned int* __restrict__ src_words,
                                            int* __restrict__ histogram, int channels,
                                            int width, int height) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(src_words);
    const int src_x = ga_col();
    const int src_y = ga_row();
    const int batch_idx = blockIdx.z;
    const int local_id = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int bins = 256 * channels;

    extern __shared__ int shist[];
    for (int i = local_id; i < bins; i += threads) shist[i] = 0;
    __syncthreads();

    if (src_x < width && src_y < height) {
        const long long pixel = ((long long)batch_idx * height + src_y) * width + src_x;
        for (int ch = 0; ch < channels; ch++) {
            const unsigned char out = src[pixel * channels + ch];
            const int idx = out + 256 * ch;
            atomicAdd(&shist[idx], 1);
        }
    }
    __syncthreads();

    for (int i = local_id; i < bins; i += threads) {
        const int hist_val = shist[i];
        if (hist_val > 0) atomicAdd(&histogram[batch_idx * bins + i], hist_val);
    }
}
