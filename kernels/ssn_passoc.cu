// SSN's PassocForwardGPU (NVlabs/ssn_superpixels, lib/src/caffe/layers/passoc_layer.cu,
// launched by PassocLayer::Forward_gpu in the same file: the pixel-superpixel association
// step of Superpixel Sampling Networks, each pixel's scaled squared feature distance to the
// superpixel it was initialized in and to that superpixel's eight grid neighbours, 10,000
// for a neighbour off the superpixel grid) (blind check set 100: written after calibration,
// never fitted on). As in SSN: a grid-stride loop (CUDA_KERNEL_LOOP) over nthreads = num 9 H W,
// index split into the sample n, the neighbour c_index and the pixel p_index; the pixel's
// superpixel init_spix_index = (int) index_data[n H W + p_index]; the neighbour's row offset
// c_index / 3 - 1 (a row off the grid: the superpixel itself, invalid) and column offset
// c_index % 3 - 1 (dropped, invalid, off the grid's last or first column), the result outside
// the superpixels falling back to the row's superpixel, invalid; an invalid neighbour's
// distance 10,000, a valid one's the sum over the in_dim channels of (bottom[(n in_dim + k) H W
// + p_index] - spixel[(n in_dim + k) num_spixels + idx])^2; top[(n 9 + c_index) H W + p_index]
// = distance * scale_value; the host's CAFFE_CUDA_NUM_THREADS (BVLC Caffe's 512) threads on
// CAFFE_GET_BLOCKS(nthreads) blocks (the loop run once). Departures: the block the sweep's,
// any shape (linearized, the loop striding by the grid's threads); pow(d, 2) as d * d; 64-bit
// offsets. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: sums of squares of whole-number differences far below 2^24,
// times -1. 1-D, no shared memory: a 4 B index load (a warp's 128 B contiguous, 9 threads
// apart reading it), then a loop over the channels of a 4 B pixel feature load (a warp's 128 B
// contiguous) and a 4 B superpixel feature gather, then a 4 B store (128 B contiguous).
#include "common.cuh"

extern "C" __global__ void ssn_passoc(int nthreads, const float* bottom_data,
                                      const float* spixel_data, const float* index_data,
                                      int in_dim, int height, int width, int num_spixels,
                                      int num_spixels_h, int num_spixels_w, float scale_value,
                                      float* top_data) {
    const long long step = (long long)gridDim.x * ga_nthreads();
    const int spatial = height * width;
    for (long long index = ga_linear(); index < nthreads; index += step) {
        const int n = (int)(index / (9LL * spatial));
        const int s = (int)(index % (9LL * spatial));
        const int c = s / spatial;
        const int p = s % spatial;
        const int init = (int)index_data[(long long)n * spatial + p];
        int dw = c % 3 - 1;
        bool invalid = false;
        int row_spix = init + (c / 3 - 1) * num_spixels_w;
        if (row_spix >= num_spixels || row_spix < 0) {
            row_spix = init;
            invalid = true;
        }
        if (dw == 1 && (row_spix + 1) % num_spixels_w == 0) {
            dw = 0;
            invalid = true;
        } else if (dw == -1 && row_spix % num_spixels_w == 0) {
            dw = 0;
            invalid = true;
        }
        int spix = row_spix + dw;
        if (spix >= num_spixels || spix < 0) {
            spix = row_spix;
            invalid = true;
        }
        float dist = 0.0f;
        if (invalid) {
            dist = 10000.0f;
        } else {
            for (int k = 0; k < in_dim; k++) {
                const long long plane = (long long)n * in_dim + k;
                const float d = bottom_data[plane * spatial + p] - spixel_data[plane * num_spixels + spix];
                dist += d * d;
            }
        }
        top_data[((long long)n * 9 + c) * spatial + p] = dist * scale_value;
    }
}
