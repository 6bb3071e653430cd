// CNTK's row stacking of several matrices, _assignRowStackValuesOf<float> (microsoft/CNTK,
// Source/Math/GPUMatrixCUDAKernels.cuh: the rows of several column-major source matrices stacked
// one source after another into one column-major matrix of destRows rows) (blind check set 79:
// written after calibration, never fitted on). As in CNTK: one thread an element of the
// destination, id = blockDim.x blockIdx.x + threadIdx.x, outside N a return, col = id / destRows
// and row = id - col destRows, srcId the first source with startRowIndeces[srcId + 1] > row
// (a linear search from 0 below numSrces), dest[id] = srces[srcId][IDX2C(row -
// startRowIndeces[srcId], col, startRowIndeces[srcId + 1] - startRowIndeces[srcId])]; launched
// from Source/Math/GPUMatrix.cu (not read; the header's GridDim helper, CNTK's 1-D launch, spreads
// warps evenly over the SMs, at most 1,024 threads a block). Departures: the block the sweep's,
// any shape (linearized); the sources' device pointer array as one buffer holding them one after
// another (source s, of rows_s x destCols values, starting at startRowIndeces[s] destCols);
// size_t row indexes as long long; int (CUDA_LONG) element indexes. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: copies.
// 1-D: a thread an element (a warp's 4 B stores contiguous), an 8 B boundary load a source
// searched (one address a warp mostly), then a 4 B gather from its source (contiguous within a
// source's column).
#include "common.cuh"

extern "C" __global__ void cntk_row_stack(float* dest, const float* srces,
                                          const long long* startRowIndeces, int numSrces, int N,
                                          int destRows, int destCols) {
    const long long lid = ga_linear();
    if (lid >= N) return;
    const int id = (int)lid;
    const int col = id / destRows;
    const int row = id - col * destRows;
    int srcId = 0;
    for (; srcId < numSrces; srcId++) {
        if (startRowIndeces[srcId + 1] > row) break;
    }
    const long long first = startRowIndeces[srcId];
    const long long rows = startRowIndeces[srcId + 1] - first;
    const float* src = srces + first * destCols;  // source srcId: rows x destCols, column-major
    dest[id] = src[(long long)col * rows + (row - first)];
}
