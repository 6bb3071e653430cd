// A small program with three of the seeds' kernels, each launched once per block shape given on
// the command line (e.g. ./ncu_probe 32x8 16x16 256x1). Used to record real ncu output on the GPU
// machine as parser fixtures (fixtures/hopper/ncu/). Build: nvcc -arch=sm_90 -o ncu_probe ncu_probe.cu
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

__global__ void matrix_add(const float* a, const float* b, float* c, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) c[row * cols + col] = a[row * cols + col] + b[row * cols + col];
}

__global__ void matmul_naive(const float* a, const float* b, float* c, int n) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row >= n || col >= n) return;
  float acc = 0.f;
  for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
  c[row * n + col] = acc;
}

__global__ void random_copy(const float* in, float* out, const int* index, int rows, int cols) {
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  if (row < rows && col < cols) out[row * cols + col] = in[index[row * cols + col]];
}

int main(int argc, char** argv) {
  const int n = 2048, rows = 4096, cols = 4096;
  size_t elems = (size_t)rows * cols;
  std::vector<float> host(elems);
  std::vector<int> index(elems);
  srand(7);
  for (size_t i = 0; i < elems; ++i) {
    host[i] = (float)rand() / RAND_MAX;
    index[i] = rand() % (int)elems;
  }
  float *a, *b, *c;
  int* idx;
  CHECK(cudaMalloc(&a, elems * sizeof(float)));
  CHECK(cudaMalloc(&b, elems * sizeof(float)));
  CHECK(cudaMalloc(&c, elems * sizeof(float)));
  CHECK(cudaMalloc(&idx, elems * sizeof(int)));
  CHECK(cudaMemcpy(a, host.data(), elems * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(b, host.data(), elems * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(idx, index.data(), elems * sizeof(int), cudaMemcpyHostToDevice));
  for (int i = 1; i < argc; ++i) {
    int bx = 1, by = 1;
    if (sscanf(argv[i], "%dx%d", &bx, &by) < 1 || bx * by < 1 || bx * by > 1024) {
      fprintf(stderr, "bad shape %s\n", argv[i]);
      return 2;
    }
    dim3 block(bx, by);
    dim3 grid_m((cols + bx - 1) / bx, (rows + by - 1) / by);
    dim3 grid_n((n + bx - 1) / bx, (n + by - 1) / by);
    matrix_add<<<grid_m, block>>>(a, b, c, rows, cols);
    CHECK(cudaGetLastError());
    matmul_naive<<<grid_n, block>>>(a, b, c, n);
    CHECK(cudaGetLastError());
    random_copy<<<grid_m, block>>>(a, c, idx, rows, cols);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    printf("launched %dx%d\n", bx, by);
  }
  CHECK(cudaFree(a));
  CHECK(cudaFree(b));
  CHECK(cudaFree(c));
  CHECK(cudaFree(idx));
  return 0;
}
