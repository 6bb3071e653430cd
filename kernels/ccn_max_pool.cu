// Overlapping max pooling of a convolutional layer's outputs in the images-innermost layout,
// cuda-convnet2's kLocalPool<MaxPooler> (akrizhevsky/cuda-convnet2, cudaconv3/src/conv_util.cu,
// behind convLocalPool: the pooling layers of Krizhevsky's networks, AlexNet's 3 x 3 pools of
// stride 2) (blind check set 52: written after calibration, never fitted on). As in
// cuda-convnet2: images [numFilters][imgSize][imgSize][numImages] (the images the innermost
// dimension, a warp's lanes along them), each thread imgsPerThread (4) images B_X apart times
// filtersPerThread (4) consecutive filters of one output pixel; numImgBlocks = DIVUP(numImages,
// B_X imgsPerThread) and numFilterBlocks = DIVUP(numFilters, B_Y filtersPerThread), the output
// pixel (outputIdxX, outputIdxY) = (blockIdx.x / numImgBlocks, blockIdx.y / numFilterBlocks) and
// the block's images and filters from the remainders, a thread whose first filter is past
// numFilters returning; the window from startX + output strideX, clipped to the image
// (loopStartY = MAX(0, ...), loopEndY = MIN(imgSize, ... + subsX), likewise x), prod[f][i] =
// agg(prod[f][i], imgs[(f imgPixels + imgPx) numImages + i B_X]) from MaxPooler's base value
// -2e38, images past numImages skipped (checkCaseBounds), target[f numOutputs numImages + i B_X]
// = agg.output(prod, regionSize) (the maximum itself); the host's 32 x 4 threads on
// (DIVUP(numImages, 32 imgsPerThread) outputsX, DIVUP(numFilters, 4 filtersPerThread)
// outputsX) blocks (as I recall: imgsPerThread 4 at 128 images, filtersPerThread 4 where 16
// divides numFilters; windows of 6 and more at stride 1 go to kLocalPool2 instead). Departures:
// the block the sweep's, any shape: B_X the block's x and B_Y its rows (by*bz, z folded in), the
// grid DIVUP(numImages, 4 bx) outputsX x DIVUP(numFilters, 4 by*bz) outputsX; the template's
// Pooler, B_Y, B_X, imgsPerThread (4), filtersPerThread (4) and checkCaseBounds (true) constants
// of the source and block; the functor a struct of the source's three members; DIVUP, MIN and
// MAX the source's macros. Written from memory. Exact (a maximum). x -> image (4 a thread, bx
// apart), y*z -> a group of 4 filters, the grid's x and y the output pixel's x and y times the
// image and filter chunks.
#include "common.cuh"

#define DIVUP(x, y) (((x) + (y) - 1) / (y))
#define MIN(x, y) ((x) < (y) ? (x) : (y))
#define MAX(x, y) ((x) > (y) ? (x) : (y))

#define IMGS_PER_THREAD 4
#define FILTERS_PER_THREAD 4

class MaxPooler {
public:
    __device__ inline float operator()(const float a, const float b) const { return fmaxf(a, b); }
    __device__ inline float getBaseValue() const { return -2e38; }
    __device__ inline float output(const float a, const int regionSize) const { return a; }
};

extern "C" __global__ void ccn_max_pool(const float* imgs, float* target, const int imgSize,
                                        const int numFilters, const int numImages,
                                        const int subsX, const int startX, const int strideX,
                                        const int outputsX) {
    const MaxPooler agg;
    const int B_X = blockDim.x;
    const int B_Y = ga_block_rows();
    const int imgsPerThread = IMGS_PER_THREAD;
    const int filtersPerThread = FILTERS_PER_THREAD;
    const bool checkCaseBounds = true;

    const int numImgBlocks = DIVUP(numImages, B_X * imgsPerThread);
    const int numFilterBlocks = DIVUP(numFilters, B_Y * filtersPerThread);
    const int outputIdxX = blockIdx.x / numImgBlocks;
    const int outputIdxY = blockIdx.y / numFilterBlocks;
    const int blockImgIdx = (blockIdx.x % numImgBlocks) * B_X * imgsPerThread;
    const int blockFilterIdx = (blockIdx.y % numFilterBlocks) * B_Y * filtersPerThread;
    const int myFilterIdx = (blockFilterIdx + ga_row_in_block() * filtersPerThread);
    if (myFilterIdx >= numFilters) {
        return;
    }

    const int outputIdx = outputIdxY * outputsX + outputIdxX;
    const int numOutputs = outputsX * outputsX;
    const int imgPixels = imgSize * imgSize;

    const int startImgPxX = startX + outputIdxX * strideX;
    const int startImgPxY = startX + outputIdxY * strideX;
    const int imgIdx = blockImgIdx + threadIdx.x;

    imgs += myFilterIdx * imgPixels * numImages + imgIdx;
    target += (myFilterIdx * numOutputs + outputIdx) * numImages + imgIdx;

    float prod[FILTERS_PER_THREAD][IMGS_PER_THREAD];
#pragma unroll
    for (int f = 0; f < filtersPerThread; f++) {
#pragma unroll
        for (int i = 0; i < imgsPerThread; i++) {
            prod[f][i] = agg.getBaseValue();
        }
    }

    const int loopStartY = MAX(0, startImgPxY);
    const int loopStartX = MAX(0, startImgPxX);
    const int loopEndY = MIN(imgSize, startImgPxY + subsX);
    const int loopEndX = MIN(imgSize, startImgPxX + subsX);
    const int regionSize = (loopEndY - loopStartY) * (loopEndX - loopStartX);
    for (int y = loopStartY; y < loopEndY; y++) {
        for (int x = loopStartX; x < loopEndX; x++) {
            const int imgPx = y * imgSize + x;
#pragma unroll
            for (int i = 0; i < imgsPerThread; i++) {
                if (!checkCaseBounds || imgIdx + i * B_X < numImages) {
#pragma unroll
                    for (int f = 0; f < filtersPerThread; f++) {
                        prod[f][i] = agg(prod[f][i], imgs[(f * imgPixels + imgPx) * numImages + i * B_X]);
                    }
                }
            }
        }
    }

#pragma unroll
    for (int i = 0; i < imgsPerThread; i++) {
        if (!checkCaseBounds || imgIdx + i * B_X < numImages) {
#pragma unroll
            for (int f = 0; f < filtersPerThread; f++) {
                target[f * numOutputs * numImages + i * B_X] = agg.output(prod[f][i], regionSize);
            }
        }
    }
}
