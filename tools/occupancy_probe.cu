// Records what CUDA's own occupancy API says for a grid of (block size, registers per thread,
// static and dynamic shared memory, carveout) combinations, as CSV on stdout. The offline
// calculator in gpuadvisor/occupancy.py is tested against this file's output
// (fixtures/hopper/occupancy_grid.csv). Build: nvcc -arch=sm_90 -o occupancy_probe occupancy_probe.cu
#include <cstdio>
#include <cstdlib>
#include <string>
#include <cuda_runtime.h>

#define CHECK(call)                                                                       \
  do {                                                                                    \
    cudaError_t err_ = (call);                                                            \
    if (err_ != cudaSuccess) {                                                            \
      fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(err_)); \
      exit(1);                                                                            \
    }                                                                                     \
  } while (0)

// A kernel that keeps many values live, so that __maxnreg__(R) decides its register count.
template <int R>
__global__ void __maxnreg__(R) heavy(float* data, int n) {
  constexpr int V = 96;
  float acc[V];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
  for (int i = 0; i < V; ++i) acc[i] = data[(t + i * 131) % n];
#pragma unroll
  for (int r = 0; r < 4; ++r)
#pragma unroll
    for (int i = 0; i < V; ++i) acc[i] = fmaf(acc[i], acc[(i + 7) % V], acc[(i + 31) % V]);
  float s = 0.f;
#pragma unroll
  for (int i = 0; i < V; ++i) s += acc[i] * (i + 1);
  data[t % n] = s;
}

// A light kernel with S bytes of static shared memory (S = 0: none).
template <int S>
__global__ void with_static_smem(float* data, int n) {
  extern __shared__ float dyn[];
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if constexpr (S > 0) {
    __shared__ float buf[S / 4];
    buf[threadIdx.x % (S / 4)] = data[t % n];
    __syncthreads();
    data[t % n] = buf[(threadIdx.x + 1) % (S / 4)] + dyn[0];
  } else {
    data[t % n] += dyn[0];
  }
}

struct Probe {
  const char* name;
  const void* fn;
};

static void record(const Probe& p, int block, size_t dyn, int carveout) {
  cudaFuncAttributes attr;
  CHECK(cudaFuncGetAttributes(&attr, p.fn));
  // Dynamic shared memory above 48 KB must be opted into; carveout -1 means "no preference".
  if (dyn > 0) CHECK(cudaFuncSetAttribute(p.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dyn));
  CHECK(cudaFuncSetAttribute(p.fn, cudaFuncAttributePreferredSharedMemoryCarveout, carveout));
  int blocks = -1;
  cudaError_t err = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, p.fn, block, dyn);
  if (err != cudaSuccess) { cudaGetLastError(); blocks = -1; }
  printf("%s,%d,%d,%zu,%zu,%s,%d\n", p.name, block, attr.numRegs, attr.sharedSizeBytes, dyn,
         carveout < 0 ? "" : std::to_string(carveout).c_str(), blocks);
}

int main() {
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  CHECK(cudaDriverGetVersion(&driver));
  CHECK(cudaRuntimeGetVersion(&runtime));
  printf("# gpu: %s\n# compute_capability: %d.%d\n# sm_count: %d\n", prop.name, prop.major,
         prop.minor, prop.multiProcessorCount);
  printf("# cuda_driver_version: %d\n# cuda_runtime_version: %d\n", driver, runtime);
  printf("# shared_mem_per_sm: %zu\n# shared_mem_per_block_optin: %zu\n# regs_per_sm: %d\n",
         prop.sharedMemPerMultiprocessor, prop.sharedMemPerBlockOptin, prop.regsPerMultiprocessor);
  printf("# api: cudaOccupancyMaxActiveBlocksPerMultiprocessor; registers from cudaFuncGetAttributes.numRegs\n");
  printf("kernel,block_size,registers_per_thread,shared_mem_static,shared_mem_dynamic,carveout_pct,max_active_blocks\n");

  const Probe regs[] = {
      {"heavy_r16", (const void*)heavy<16>},   {"heavy_r24", (const void*)heavy<24>},
      {"heavy_r32", (const void*)heavy<32>},   {"heavy_r37", (const void*)heavy<37>},
      {"heavy_r40", (const void*)heavy<40>},
      {"heavy_r48", (const void*)heavy<48>},   {"heavy_r56", (const void*)heavy<56>},
      {"heavy_r64", (const void*)heavy<64>},   {"heavy_r72", (const void*)heavy<72>},
      {"heavy_r80", (const void*)heavy<80>},   {"heavy_r96", (const void*)heavy<96>},
      {"heavy_r100", (const void*)heavy<100>},
      {"heavy_r128", (const void*)heavy<128>}, {"heavy_r150", (const void*)heavy<150>}, {"heavy_r168", (const void*)heavy<168>},
      {"heavy_r200", (const void*)heavy<200>}, {"heavy_r255", (const void*)heavy<255>},
  };
  const Probe smem[] = {
      {"smem_0", (const void*)with_static_smem<0>},
      {"smem_1000", (const void*)with_static_smem<1000>},
      {"smem_4096", (const void*)with_static_smem<4096>},
      {"smem_12288", (const void*)with_static_smem<12288>},
      {"smem_20000", (const void*)with_static_smem<20000>},
      {"smem_40000", (const void*)with_static_smem<40000>},
      {"smem_49152", (const void*)with_static_smem<49152>},
  };
  const int blocks[] = {1, 32, 33, 64, 96, 100, 128, 160, 192, 200, 256, 320, 384, 480, 512,
                        640, 768, 896, 1000, 1024};
  const int few_blocks[] = {32, 64, 128, 192, 256, 384, 512, 768, 1024};
  // 1) registers x block size, no shared memory.
  for (const Probe& p : regs)
    for (int b : blocks) record(p, b, 0, -1);
  // 2) static shared memory x block size.
  for (const Probe& p : smem)
    for (int b : blocks) record(p, b, 0, -1);
  // 3) dynamic shared memory (up to the opt-in maximum) x block size.
  const size_t dyns[] = {1, 2048, 8192, 16384, 30000, 49152, 65536, 100000, 116736, 150000,
                         200000, 232448};
  for (size_t d : dyns)
    for (int b : few_blocks) record(smem[0], b, d, -1);
  // 4) static + dynamic together.
  for (size_t d : {4096ul, 40000ul, 100000ul})
    for (int b : few_blocks) record(smem[3], b, d, -1);
  // 5) carveout preferences with shared memory in use.
  for (int c : {0, 10, 25, 50, 60, 75, 100})
    for (size_t d : {0ul, 8192ul, 30000ul, 70000ul})
      for (int b : {128, 256, 1024}) record(smem[1], b, d, c);
  // 6) registers and shared memory together.
  for (const Probe& p : {regs[2], regs[7], regs[12]})
    for (size_t d : {16384ul, 50000ul})
      for (int b : few_blocks) record(p, b, d, -1);
  CHECK(cudaFuncSetAttribute((const void*)heavy<16>, cudaFuncAttributePreferredSharedMemoryCarveout, -1));
  return 0;
}
