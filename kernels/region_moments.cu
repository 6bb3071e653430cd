// Raw image moments of every segment of a label image, as region properties (area, centroid,
// orientation) are computed after segmentation: for each label l in [0, L), moments[l] +=
// (m00, m10, m01, m20, m11, m02) = the sums of 1, x, y, x^2, x y and y^2 over the pixels (x =
// column, y = row) labelled l (blind check set 9: kept out of every fit; its sweeps go to
// fixtures/hopper/blind9/ once recorded). Each block zeroes a private L x 6 table of 64-bit
// accumulators in shared memory, one barrier; each thread reads its pixel's label (a
// contiguous 4 B load) and adds its six terms with 64-bit shared-memory atomics; after a
// second barrier the block adds its nonzero accumulators to the global table with 64-bit
// atomics (at most 6 L per block). Integer sums: exact in any order. Repeated timing launches
// keep adding (the int64 sums do not overflow in a timing run); the check runs once from a
// zeroed table. Dynamic shared memory: 48 * L bytes. Every thread reaches the barriers,
// threads outside the image included.
#include "common.cuh"

extern "C" __global__ void region_moments(const int* __restrict__ labels,
                                          long long* __restrict__ moments, int rows, int cols,
                                          int nlabels) {
    extern __shared__ unsigned smem_words[];
    unsigned long long* acc = reinterpret_cast<unsigned long long*>(smem_words);
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    for (int j = tid; j < 6 * nlabels; j += threads) {
        acc[j] = 0;
    }
    __syncthreads();
    const int c = ga_col();
    const int r = ga_row();
    if (r < rows && c < cols) {
        const int l = labels[(long long)r * cols + c];
        if (l >= 0 && l < nlabels) {
            const unsigned long long x = c, y = r;
            unsigned long long* m = acc + 6 * l;
            atomicAdd(&m[0], 1ull);
            atomicAdd(&m[1], x);
            atomicAdd(&m[2], y);
            atomicAdd(&m[3], x * x);
            atomicAdd(&m[4], x * y);
            atomicAdd(&m[5], y * y);
        }
    }
    __syncthreads();
    unsigned long long* out = reinterpret_cast<unsigned long long*>(moments);
    for (int j = tid; j < 6 * nlabels; j += threads) {
        const unsigned long long v = acc[j];
        if (v != 0) {
            atomicAdd(&out[j], v);
        }
    }
}
