// turbo_seti's taylor<float> (UCBerkeleySETI/turbo_seti,
// turbo_seti/find_doppler/kernels/_taylor_tree/_core_cuda.py, a CuPy raw kernel launched by
// flt in the same file once a round of the Taylor tree: turbo_seti's de-Doppler search of a
// Breakthrough Listen filterbank, the sums of length-2 set_size drift paths through the
// time-frequency spectrogram built from those of half the length) (blind check set 100:
// written after calibration, never fitted on). As in turbo_seti: k = kmin + the thread index,
// nothing outside [kmin, kmax) or when set_size exceeds n_time; for each group of set_size
// time rows j and each row j0 of it from the last, j1 = j0 / 2, j2 = j1 + set_size / 2 and
// j3 = (j0 + 1) / 2, and for k + j3 < kmax B[(j + j0) n_freq + k] = A[(j + j1) n_freq + k] +
// A[(j + j2) n_freq + k + j3]; the host's 1,024 threads on cdiv(n_freq, 1024) blocks (kmin 0,
// kmax n_freq). Departures: the block the sweep's, any shape (linearized), the grid
// cdiv(kmax - kmin, threads); 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: sums of two whole numbers.
// 1-D, no shared memory, a per-thread loop over the n_time rows: two 4 B loads (a warp's 128 B
// contiguous each, the second shifted by j3 channels) and a 4 B store (128 B contiguous), the
// rows n_freq * 4 B apart.
#include "common.cuh"

extern "C" __global__ void seti_taylor(const float* A, float* B, int kmin, int kmax,
                                       int set_size, int n_time, int n_freq) {
    const long long k = kmin + ga_linear();
    if (k < kmin || k >= kmax || set_size > n_time) return;
    const int half = set_size / 2;
    for (int j = 0; j < n_time; j += set_size) {
        for (int j0 = set_size - 1; j0 >= 0; j0--) {
            const int j1 = j0 / 2;
            const int j3 = (j0 + 1) / 2;
            if (k + j3 >= kmax) continue;
            const float* lo = A + (long long)(j + j1) * n_freq + k;
            const float* hi = A + (long long)(j + j1 + half) * n_freq + k + j3;
            B[(long long)(j + j0) * n_freq + k] = *lo + *hi;
        }
    }
}
