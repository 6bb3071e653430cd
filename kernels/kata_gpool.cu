// The global pooling of a Go network's gpool channels, KataGo's gPoolChannelsNCHWKernel
// (lightvector/KataGo, cpp/neuralnet/cudahelpers.cu, behind customCudaPoolRowsGPoolNCHW: the
// global-pooling residual blocks and the policy head of KataGo's CUDA backend, run on every
// batch of positions its search evaluates) (blind check set 52: written after calibration,
// never fitted on). As in KataGo: per (position n, channel c) one row of threads, xyId =
// threadIdx.x walking the board's points xyIdx = xyId, xyId + blockDim.x, ... of the channel's
// NCHW plane, accSum += x and accMax = fmaxf(accMax, x) from 0 (as I recall: the inputs come
// after the activation and the board mask, nonnegative); the row's partials in two shared
// arrays (sumShared, and maxShared sharedMemElts further), a barrier, then the tree for s =
// blockDim.x / 2, ..., 1 (xyId < s adding the sum and taking the maximum of xyId + s) with a
// barrier a step; thread xyId 0 of a channel inside cSize: div = maskSum[n] (the board's area),
// mean = sum / div, out[n][c] = mean, out[n][C + c] = mean (sqrt(div) - 14) 0.1 (KataGo's
// board-size scaling of the mean) and out[n][2C + c] = the maximum; the host's xyThreads (a
// power of two: as I recall doubled while below the target of threads and half the points,
// 256 on a 19 x 19 board) x cThreads (the rest of the target: 2) on (1, cdiv(C, cThreads), N),
// sharedMemElts = xyThreads cThreads. Departures: the block the sweep's, any shape: x the
// board's points, y*z the channels (z folded into the rows) on (1, cdiv(C, by*bz), N); the tree
// from the largest power of two below bx, a lane adding its partner only where xyId + s < bx
// (KataGo's xyThreads is a power of two, whose tree from bx / 2 would drop points of any other
// width); sharedMemElts the block's threads. Written from memory. Exact: whole-number
// activations (every sum and maximum exact); the mean's division and the square root rounded
// as IEEE's float32 (nvcc's default -prec-div and -prec-sqrt, NumPy's float32), the scaling's
// two products rounded in turn (no addition follows them: nothing to contract). x -> board
// point (looped, reduced by the tree), y*z -> channel, the grid's z the position.
#include "common.cuh"

extern "C" __global__ void kata_gpool(const float* in, float* out, int cSize, int xySize,
                                      const float* maskSum) {
    extern __shared__ float poolNCHWShared[];
    const int sharedMemElts = ga_nthreads();
    float* sumShared = (float*)poolNCHWShared;
    float* maxShared = (float*)poolNCHWShared + sharedMemElts;

    int xyId = threadIdx.x;
    int xyBlockDim = blockDim.x;
    int cId = ga_row_in_block();
    int cBlockDim = ga_block_rows();
    int cIdx = blockIdx.y * cBlockDim + cId;
    int nIdx = blockIdx.z;

    int xycSize = xySize * cSize;
    int sharedIdx = xyId + cId * xyBlockDim;

    if (cIdx < cSize) {
        float accSum = 0.0f;
        float accMax = 0.0f;
        int xyIdx = xyId;
        while (xyIdx < xySize) {
            float x = in[xyIdx + cIdx * xySize + nIdx * xycSize];
            accSum += x;
            accMax = fmaxf(accMax, x);
            xyIdx += xyBlockDim;
        }
        sumShared[sharedIdx] = accSum;
        maxShared[sharedIdx] = accMax;
    }
    __syncthreads();

    // KataGo's tree starts at xyBlockDim >> 1 (a power of two); here the largest power of two
    // below the block's width, each lane's partner inside it.
    int start = 1;
    while (2 * start < xyBlockDim) start *= 2;
    for (int s = start; s > 0; s >>= 1) {
        if (xyId < s && xyId + s < xyBlockDim) {
            sumShared[sharedIdx] += sumShared[sharedIdx + s];
            maxShared[sharedIdx] = fmaxf(maxShared[sharedIdx], maxShared[sharedIdx + s]);
        }
        __syncthreads();
    }

    if (xyId == 0 && cIdx < cSize) {
        float sum = sumShared[sharedIdx];
        float div = maskSum[nIdx];
        float sqrtdiv = sqrtf(div);
        float mean = sum / div;
        out[cIdx + nIdx * (cSize * 3)] = mean;
        out[cIdx + nIdx * (cSize * 3) + cSize] = mean * (sqrtdiv - 14.0f) * 0.1f;
        out[cIdx + nIdx * (cSize * 3) + cSize * 2] = maxShared[sharedIdx];
    }
}
