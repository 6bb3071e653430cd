// Two shared-memory matrix transposes, one with a [32][32] tile read by columns (32-way bank
// conflicts) and one with the padded [32][33] tile (conflict-free), to record real ncu output
// for the shared-bank-conflicts rule (fixtures/hopper/ncu/bank_conflicts_raw.csv).
// Build: nvcc -arch=sm_90 -o bank_conflict_probe bank_conflict_probe.cu ; run: ./bank_conflict_probe
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    cudaError_t err_ = (call);                                                             \
    if (err_ != cudaSuccess) {                                                             \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
      exit(1);                                                                             \
    }                                                                                      \
  } while (0)

constexpr int TILE = 32;

template <int PAD>
__global__ void transpose_tile(const float* in, float* out, int n) {
  __shared__ float tile[TILE][TILE + PAD];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < n && y + j < n) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < n && y + j < n) out[(y + j) * n + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int n = 4096;
  size_t bytes = (size_t)n * n * sizeof(float);
  std::vector<float> host((size_t)n * n);
  for (size_t i = 0; i < host.size(); ++i) host[i] = (float)(i % 1000);
  float *in, *out;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  CHECK(cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE, 8), grid(n / TILE, n / TILE);
  transpose_tile<0><<<grid, block>>>(in, out, n);
  CHECK(cudaGetLastError());
  transpose_tile<1><<<grid, block>>>(in, out, n);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  std::vector<float> back((size_t)n * n);
  CHECK(cudaMemcpy(back.data(), out, bytes, cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; i += 97)
    for (int j = 0; j < n; j += 89)
      if (back[(size_t)j * n + i] != host[(size_t)i * n + j]) { fprintf(stderr, "wrong\n"); return 1; }
  printf("transposes ok\n");
  CHECK(cudaFree(in));
  CHECK(cudaFree(out));
  return 0;
}
