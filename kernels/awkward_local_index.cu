// Awkward Array's awkward_ListArray_localindex (scikit-hep/awkward,
// src/awkward/_connect/cuda/cuda_kernels/awkward_ListArray_localindex.cu, run through
// awkward's CUDA kernel launcher for ak.local_index on a jagged (list) array: each element's
// index within its list, e.g. the jet number within each collision event) (blind check set 85:
// written after calibration, never fitted on). As in Awkward: thread_id = blockIdx.x
// blockDim.x + threadIdx.x below length, start = offsets[thread_id], stop =
// offsets[thread_id + 1], toindex[j] = j - start for j from start below stop (the block and
// grid from awkward's Python CUDA launcher, not read). Departures: the block the sweep's, any shape (linearized); the
// err_code guard (one read of awkward's error word, compared with NO_ERROR) and the
// invocation_index argument dropped; T and C int64 (ListOffsetArray64). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: integer
// subtraction. 1-D, no shared memory: one thread a list, two 8 B offset loads (a warp's 256 B
// contiguous) and a loop of 8 B stores over its own list (a warp's lanes at random-length
// offsets, each storing consecutively).
#include "common.cuh"

extern "C" __global__ void awkward_local_index(long long* toindex, const long long* offsets,
                                               long long length) {
    const long long thread_id = ga_linear();
    if (thread_id < length) {
        const long long start = offsets[thread_id];
        const long long stop = offsets[thread_id + 1];
        for (long long j = start; j < stop; j++) {
            toindex[j] = j - start;
        }
    }
}
