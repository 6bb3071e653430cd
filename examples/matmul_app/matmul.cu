// An external target for `gpuadvisor tune`: naive matrix multiplication C = A x B whose block
// shape comes from the command line or the environment, following gpuadvisor's convention
// (examples/README.md):
//
//   matmul [BLOCK_X BLOCK_Y [N]]      e.g. gpuadvisor tune ./matmul --kernel matmul_naive \
//                                                -- {block_x} {block_y}
//   GPUADVISOR_BLOCK_X / _Y           used when no arguments are given
//   GPUADVISOR_CACHE_CONFIG           default | prefer_l1 | prefer_shared | carveout_<pct> |
//                                     l1_off (needs the -dlcm=cg build: matmul_l1off)
//   GPUADVISOR_PROFILING=1            launch once and exit (gpuadvisor is running ncu)
//   MATMUL_N                          matrix size (default 2048), also the third argument
//
// It prints its own kernel time (CUDA events, warm-up, then repeats) as one line:
//   gpuadvisor: time_ms=<median> time_ms_min=.. time_ms_max=.. time_ms_std=.. repeats=..
//               grid_x=.. grid_y=.. grid_z=1 valid=<1 if sampled entries match the CPU>
// Errors go to stderr with a non-zero exit, which gpuadvisor records as a failed row.
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(call)                                                                    \
    do {                                                                               \
        cudaError_t err_ = (call);                                                     \
        if (err_ != cudaSuccess) {                                                     \
            std::fprintf(stderr, "CUDA error: %s (%s:%d)\n", cudaGetErrorString(err_), \
                         __FILE__, __LINE__);                                          \
            std::exit(3);                                                              \
        }                                                                              \
    } while (0)

// x -> column, y -> row: threads of a warp read consecutive elements of B and write
// consecutive elements of C; A's element is broadcast. Bounds-checked for any block shape.
__global__ void matmul_naive(const float* __restrict__ A, const float* __restrict__ B,
                             float* __restrict__ C, int n) {
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k) acc += A[(size_t)row * n + k] * B[(size_t)k * n + col];
        C[(size_t)row * n + col] = acc;
    }
}

static int arg_or_env(int argc, char** argv, int index, const char* env, int fallback) {
    if (argc > index) return std::atoi(argv[index]);
    const char* value = std::getenv(env);
    return value && *value ? std::atoi(value) : fallback;
}

int main(int argc, char** argv) {
    const int bx = arg_or_env(argc, argv, 1, "GPUADVISOR_BLOCK_X", 16);
    const int by = arg_or_env(argc, argv, 2, "GPUADVISOR_BLOCK_Y", 16);
    const int n = arg_or_env(argc, argv, 3, "MATMUL_N", 2048);
    const char* cache_env = std::getenv("GPUADVISOR_CACHE_CONFIG");
    const std::string cache = cache_env ? cache_env : "default";
    const bool profiling = std::getenv("GPUADVISOR_PROFILING") &&
                           std::strcmp(std::getenv("GPUADVISOR_PROFILING"), "1") == 0;
    if (bx < 1 || by < 1 || n < 1) {
        std::fprintf(stderr, "bad arguments: block %dx%d, n %d\n", bx, by, n);
        return 2;
    }

    if (cache == "prefer_l1") {
        CHECK(cudaFuncSetCacheConfig(matmul_naive, cudaFuncCachePreferL1));
    } else if (cache == "prefer_shared") {
        CHECK(cudaFuncSetCacheConfig(matmul_naive, cudaFuncCachePreferShared));
    } else if (cache.rfind("carveout_", 0) == 0) {
        CHECK(cudaFuncSetAttribute(matmul_naive, cudaFuncAttributePreferredSharedMemoryCarveout,
                                   std::atoi(cache.c_str() + 9)));
    } else if (cache == "l1_off") {
#ifndef GPUADVISOR_L1_OFF
        std::fprintf(stderr, "l1_off needs the -Xptxas -dlcm=cg build: run matmul_l1off\n");
        return 2;
#endif
    } else if (cache != "default") {
        std::fprintf(stderr, "unknown cache configuration %s\n", cache.c_str());
        return 2;
    }

    // Small integers keep every dot product exact in float, so the check is exact.
    const size_t count = (size_t)n * n;
    std::vector<float> a(count), b(count), c(count);
    unsigned state = 12345u;
    auto next = [&state]() {
        state = state * 1664525u + 1013904223u;
        return (float)((int)(state >> 28) % 5 - 2);
    };
    for (auto& v : a) v = next();
    for (auto& v : b) v = next();

    float *dA, *dB, *dC;
    CHECK(cudaMalloc(&dA, count * sizeof(float)));
    CHECK(cudaMalloc(&dB, count * sizeof(float)));
    CHECK(cudaMalloc(&dC, count * sizeof(float)));
    CHECK(cudaMemcpy(dA, a.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dB, b.data(), count * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dC, 0, count * sizeof(float)));

    const dim3 block(bx, by, 1);
    const dim3 grid((n + bx - 1) / bx, (n + by - 1) / by, 1);
    matmul_naive<<<grid, block>>>(dA, dB, dC, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    if (profiling) return 0;

    // Check 256 sampled entries against the CPU (exact).
    CHECK(cudaMemcpy(c.data(), dC, count * sizeof(float), cudaMemcpyDeviceToHost));
    int valid = 1;
    for (int s = 0; s < 256 && valid; ++s) {
        const size_t row = ((size_t)s * 2654435761u) % n, col = ((size_t)s * 40503u + 7) % n;
        double ref = 0.0;
        for (int k = 0; k < n; ++k) ref += (double)a[row * n + k] * b[(size_t)k * n + col];
        if ((double)c[row * n + col] != ref) valid = 0;
    }

    // Warm-up, then repeats until ~0.3 s or 50 repeats (at least 5).
    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreate(&stop));
    std::vector<float> times;
    float total = 0.0f;
    while ((int)times.size() < 50 && (times.size() < 5 || total < 300.0f)) {
        CHECK(cudaEventRecord(start));
        matmul_naive<<<grid, block>>>(dA, dB, dC, n);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        float ms = 0.0f;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms);
        total += ms;
    }
    std::vector<float> sorted = times;
    std::sort(sorted.begin(), sorted.end());
    const size_t m = sorted.size();
    const double median = m % 2 ? sorted[m / 2] : 0.5 * (sorted[m / 2 - 1] + sorted[m / 2]);
    double mean = 0.0, var = 0.0;
    for (float t : times) mean += t;
    mean /= m;
    for (float t : times) var += (t - mean) * (t - mean);
    const double stdev = m > 1 ? std::sqrt(var / (m - 1)) : 0.0;
    std::printf("matmul %dx%d n=%d cache=%s\n", bx, by, n, cache.c_str());
    std::printf("gpuadvisor: time_ms=%.6f time_ms_min=%.6f time_ms_max=%.6f time_ms_std=%.6f "
                "repeats=%zu grid_x=%u grid_y=%u grid_z=1 valid=%d\n",
                median, sorted.front(), sorted.back(), stdev, m, grid.x, grid.y, valid);
    CHECK(cudaFree(dA));
    CHECK(cudaFree(dB));
    CHECK(cudaFree(dC));
    return 0;
}
