// MatConvNet's pooling_max_backward_kernel<float> (vlfeat/matconvnet,
// matlab/src/bits/impl/pooling_gpu.cu, launched by pooling_max<vl::GPU, float>::backward in the
// same file behind vl_nnpool's max-pooling derivative: each pooled output finds the first
// maximum of its window in the input again and adds its derivative there, atomically, since
// overlapping windows can pick the same input) (blind check set 106: written after
// calibration, never fitted on). As in MatConvNet: pooledIndex the thread index, nothing at or
// past pooledVolume; px = pooledIndex, py = px / pooledWidth, pz = py / pooledHeight, px and
// py taken modulo; data and derData offset by the plane pz (width height); the window x1 =
// px strideX - padLeft, y1 likewise, x2 = min(x1 + poolWidth, width), y2 likewise, x1 and y1
// raised to 0; bestIndex the window's first element, bestValue its value, the window scanned
// row by row and a strictly greater value taking over; atomicAdd(derData + bestIndex,
// derPooled[pooledIndex]); the host's VL_CUDA_NUM_THREADS threads on
// divideUpwards(pooledVolume, VL_CUDA_NUM_THREADS) blocks (datacu.hpp's
// #if __CUDA_ARCH__ >= 200 1024 #else 512: the launch is host code, where __CUDA_ARCH__ is
// undefined, so 512 threads; MATLAB's column-major height passed as the kernel's width).
// Departures: the block the sweep's, any shape (linearized); 64-bit plane offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: whole-number derivatives, at most four added into an input (3 x 3
// windows at stride 2), far inside float32; the maxima by comparison, ties to the first in
// scan order. 1-D, no shared memory: per window element a 4 B load (a warp's lanes strideX
// 4 B apart, rows width 4 B apart), then a 4 B derivative load (a warp's 128 B contiguous)
// and a 4 B atomic add (scattered within the window).
#include "common.cuh"

extern "C" __global__ void matconvnet_pool_max_bwd(float* derData, const float* data,
                                                   const float* derPooled, int pooledWidth,
                                                   int pooledHeight, int pooledVolume, int width,
                                                   int height, int poolWidth, int poolHeight,
                                                   int strideX, int strideY, int padLeft,
                                                   int padTop) {
    const long long pooledIndex = ga_linear();
    if (pooledIndex >= pooledVolume) return;
    int px = (int)pooledIndex;
    int py = px / pooledWidth;
    const int pz = py / pooledHeight;
    px %= pooledWidth;
    py %= pooledHeight;
    const long long plane = (long long)pz * width * height;
    const float* src = data + plane;
    float* dst = derData + plane;
    int x1 = px * strideX - padLeft;
    int y1 = py * strideY - padTop;
    const int x2 = min(x1 + poolWidth, width);
    const int y2 = min(y1 + poolHeight, height);
    x1 = max(x1, 0);
    y1 = max(y1, 0);
    int bestIndex = y1 * width + x1;
    float bestValue = src[bestIndex];
    for (int y = y1; y < y2; ++y) {
        for (int x = x1; x < x2; ++x) {
            const int index = y * width + x;
            const float value = src[index];
            if (value > bestValue) {
                bestValue = value;
                bestIndex = index;
            }
        }
    }
    atomicAdd(dst + bestIndex, derPooled[pooledIndex]);
}
