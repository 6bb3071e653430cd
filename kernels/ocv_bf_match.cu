// Brute-force descriptor matching, OpenCV's CUDA BFMatcher match kernel with HammingDist
// (opencv_contrib modules/cudafeatures2d/src/cuda/bf_match.cu: match<BLOCK_SIZE,
// HammingDist, int, WithOutMask>, the kernel matchHamming_gpu<int> runs for a descriptor
// length without an unrolled kernel of its own), the nearest train descriptor of
// each query descriptor by Hamming distance (blind check set 31: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind31/ once recorded). Block row ty (z
// folded in) is query blockIdx.x by*bz + ty; its bx lanes are bx train descriptors at a time
// (lane tx the train t bx + tx of tile t) and each accumulates popc(q ^ t) over the
// descriptor's words from two shared tiles: the block's queries (by*bz x tile words) and the
// train tile transposed (tile words x bx trains), the word tile min(bx, cols) wide (OpenCV's
// tiles are BLOCK_SIZE x BLOCK_SIZE, square blocks only, and zero past the descriptor's
// cols: here the query tile is loaded by the first tile lanes and the train tile by every
// row of the block, rows ty, ty + by*bz, ... of it; dynamic shared memory sized from the
// block). Two barriers a tile; a lane keeps its smallest distance (the first train of it,
// strict <); then findBestMatch reduces each row's bx lanes in shared memory to the row's
// best (OpenCV's reduceKeyVal tree; here a fold of n - ceil(n / 2) lanes a step for any bx,
// ties to the smaller train index, which OpenCV's shuffle order leaves to the tree) and lane
// 0 stores the train index and the distance (as float, as OpenCV's). OpenCV's clamped row
// loads (min(queryIdx, rows - 1), min(t BLOCK_SIZE + ty, train.rows - 1)) kept; PtrStepSz as
// pointer, rows, cols and step (in words). Per query row: cdiv(T, bx) x cdiv(cols, tile)
// tiles, per lane tile words x (two shared loads, an XOR, a popc, an add). int32 words,
// distances exact. x -> train lane (looped over the train set), y*z -> query.
#include "common.cuh"

extern "C" __global__ void ocv_bf_match(const int* __restrict__ query, int query_rows,
                                        int query_cols, int query_step,
                                        const int* __restrict__ train, int train_rows,
                                        int train_step, int* __restrict__ bestTrainIdx,
                                        float* __restrict__ bestDistance) {
    extern __shared__ int smem[];
    const int bdy = ga_block_rows();   // OpenCV's BLOCK_SIZE rows
    const int ty = ga_row_in_block();  // OpenCV's threadIdx.y
    const int bsx = blockDim.x;        // OpenCV's BLOCK_SIZE lanes
    const int tile = min(bsx, query_cols);

    const int queryIdx = blockIdx.x * bdy + ty;

    int* s_query = smem;               // bdy x tile
    int* s_train = smem + bdy * tile;  // tile x bsx (transposed)

    float myBestDistance = 3.40282347e+38f;  // numeric_limits<float>::max()
    int myBestTrainIdx = -1;

    // loop<BLOCK_SIZE, Dist>(queryIdx, query, 0, train, mask, s_query, s_train, ...)
    for (int t = 0, endt = (train_rows + bsx - 1) / bsx; t < endt; ++t) {
        int dist = 0;  // HammingDist

        for (int i = 0, endi = (query_cols + tile - 1) / tile; i < endi; ++i) {
            const int loadX = threadIdx.x + i * tile;

            if (threadIdx.x < tile) {
                s_query[ty * tile + threadIdx.x] = 0;
                if (loadX < query_cols)
                    s_query[ty * tile + threadIdx.x] =
                        query[min(queryIdx, query_rows - 1) * query_step + loadX];
                for (int r = ty; r < bsx; r += bdy) {
                    int val = 0;
                    if (loadX < query_cols)
                        val = train[min(t * bsx + r, train_rows - 1) * train_step + loadX];
                    s_train[threadIdx.x * bsx + r] = val;
                }
            }

            __syncthreads();

            for (int j = 0; j < tile; ++j)
                dist += __popc(s_query[ty * tile + j] ^ s_train[j * bsx + threadIdx.x]);

            __syncthreads();
        }

        const int trainIdx = t * bsx + threadIdx.x;

        if (queryIdx < query_rows && trainIdx < train_rows && dist < myBestDistance) {
            myBestDistance = dist;
            myBestTrainIdx = trainIdx;
        }
    }

    __syncthreads();

    // findBestMatch<BLOCK_SIZE>(myBestDistance, myBestTrainIdx, s_distance, s_trainIdx)
    float* s_distance = reinterpret_cast<float*>(smem) + ty * bsx;
    int* s_trainIdx = smem + ga_nthreads() + ty * bsx;
    s_distance[threadIdx.x] = myBestDistance;
    s_trainIdx[threadIdx.x] = myBestTrainIdx;
    unsigned n = bsx;
    while (n > 1) {
        const unsigned half = (n + 1) / 2;
        __syncthreads();
        if (threadIdx.x < n - half) {
            const float other = s_distance[threadIdx.x + half];
            const int otherIdx = s_trainIdx[threadIdx.x + half];
            if (other < s_distance[threadIdx.x] ||
                (other == s_distance[threadIdx.x] && otherIdx < s_trainIdx[threadIdx.x])) {
                s_distance[threadIdx.x] = other;
                s_trainIdx[threadIdx.x] = otherIdx;
            }
        }
        n = half;
    }
    __syncthreads();

    if (queryIdx < query_rows && threadIdx.x == 0) {
        bestTrainIdx[queryIdx] = s_trainIdx[0];
        bestDistance[queryIdx] = s_distance[0];
    }
}
