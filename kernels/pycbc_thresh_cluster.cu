// The loudest sample of each window of a matched filter's complex SNR series above a
// threshold, PyCBC's threshold_and_cluster (gwastro/pycbc, pycbc/events/threshold_cuda.py, the
// Mako template tkernel1 behind CUDAThresholdCluster: the GPU path of pycbc_inspiral's
// trigger finding, one SNR series per template of a gravitational-wave search) (blind check set
// 51: written after calibration, never fitted on). As in PyCBC: one block per window [s, e) =
// [window blockIdx.x, s + window); each thread keeping the loudest of the samples s +
// threadIdx.x + k blockDim.x (re^2 + im^2 strictly greater than its best, from (0, 0) at
// location -1), its candidate stored in shared memory (svr, svi, sl, ${chunk} = the block's
// threads each); a barrier; then the first warp: lane l the loudest of candidates l, l + 32,
// ... (from its own best, strictly greater), svv[l] its squared magnitude and idx[l] its
// candidate, a manual log reduction over 16, 8, 4, 2 lanes (svv[l] < svv[l + k]: the louder
// moved down, ties kept), thread 0 the last step and, where svv[0] > threshold (a squared
// SNR), outv[blockIdx.x] = the sample and outl[blockIdx.x] its location, otherwise outl = -1
// (outv left as it was); the host's thread count picked from the window (as I recall, 128
// up to 4,096 samples, and windows under 32 samples refused), on cdiv(length, window) blocks.
// Departures: the block the sweep's, any shape (linearized: chunk = its threads; PyCBC
// renders the template with its thread count), the window's end clamped to the series'
// length slen (PyCBC's last window would read past it when the length is not a multiple);
// svv set to -1 for lanes the block lacks (PyCBC's blocks have at least 32 threads) and
// __syncwarp between the reduction's steps over volatile shared arrays (PyCBC relies on the
// warp's lockstep), the static __shared__ arrays one dynamic allocation; float2 an 8 B-aligned
// struct of two floats over a buffer of floats; the second kernel (tkernel2: a window dropped
// where a neighbour is louder) not run, nor its limit of 1,024 windows. Written from memory.
// Exact (whole-number samples: every squared magnitude an exact integer). 1-D: the block is
// linearized, one block a window.
#include "common.cuh"

struct alignas(8) pycbc_float2 {  // CUDA's float2
    float x, y;
};

extern "C" __global__ void pycbc_thresh_cluster(const float* in_words, float* outv_words,
                                                int* outl, int window, float threshold,
                                                int slen) {
    const pycbc_float2* in = reinterpret_cast<const pycbc_float2*>(in_words);
    pycbc_float2* outv = reinterpret_cast<pycbc_float2*>(outv_words);
    const int chunk = ga_nthreads();
    const int tx = ga_tid();
    int s = window * blockIdx.x;
    int e = min(s + window, slen);

    // shared memory for chunk size candidates (svr, svi, sl), then for the warp size
    // candidates (svv, idx): one allocation
    extern __shared__ float smem[];
    volatile float* svr = smem;
    volatile float* svi = svr + chunk;
    volatile int* sl = (volatile int*)(svi + chunk);
    volatile float* svv = (volatile float*)(sl + chunk);
    volatile int* idx = (volatile int*)(svv + 32);
    for (int i = tx; i < 32; i += chunk) svv[i] = -1;

    int ml = -1;
    float mvr = 0;
    float mvi = 0;
    float re;
    float im;

    // Iterate through the entire window size chunk and find blockDim.x number of candidates
    for (int i = s + tx; i < e; i += chunk) {
        re = in[i].x;
        im = in[i].y;
        if ((re * re + im * im) > (mvr * mvr + mvi * mvi)) {
            mvr = re;
            mvi = im;
            ml = i;
        }
    }

    // Save the candidate from this thread to shared memory
    svr[tx] = mvr;
    svi[tx] = mvi;
    sl[tx] = ml;

    __syncthreads();

    if (tx < 32) {
        int tl = tx;

        // Now that we have all the candidates for this chunk in shared memory
        // Iterate through in the warp size to reduce to 32 candidates
        for (int i = tx; i < chunk; i += 32) {
            re = svr[i];
            im = svi[i];
            if ((re * re + im * im) > (mvr * mvr + mvi * mvi)) {
                tl = i;
                mvr = re;
                mvi = im;
            }
        }

        // Store the 32 candidates into shared memory
        svv[tx] = svr[tl] * svr[tl] + svi[tl] * svi[tl];
        idx[tx] = tl;
        __syncwarp();

        // Find the 1 candidate we are looking for using a manual log algorithm
        if ((tx < 16) && (svv[tx] < svv[tx + 16])) {
            svv[tx] = svv[tx + 16];
            idx[tx] = idx[tx + 16];
        }
        __syncwarp();

        if ((tx < 8) && (svv[tx] < svv[tx + 8])) {
            svv[tx] = svv[tx + 8];
            idx[tx] = idx[tx + 8];
        }
        __syncwarp();

        if ((tx < 4) && (svv[tx] < svv[tx + 4])) {
            svv[tx] = svv[tx + 4];
            idx[tx] = idx[tx + 4];
        }
        __syncwarp();

        if ((tx < 2) && (svv[tx] < svv[tx + 2])) {
            svv[tx] = svv[tx + 2];
            idx[tx] = idx[tx + 2];
        }
        __syncwarp();

        // Save the 1 candidate maximum and location to the output vectors
        if (tx == 0) {
            if (svv[tx] < svv[tx + 1]) {
                idx[0] = idx[1];
                svv[0] = svv[1];
            }

            if (svv[0] > threshold) {
                tl = idx[0];
                outv[blockIdx.x].x = svr[tl];
                outv[blockIdx.x].y = svi[tl];
                outl[blockIdx.x] = sl[tl];
            } else {
                outl[blockIdx.x] = -1;
            }
        }
    }
}
