// Test oracle: NVIDIA's own occupancy calculator (cuda_occupancy.h from the installed CUDA
// toolkit) evaluated on configurations read from stdin, one per line:
//   major minor maxThreadsPerBlock maxThreadsPerSM regsPerBlock regsPerSM warpSize
//   smemPerBlock smemPerSM smemPerBlockOptin reservedSmemPerBlock
//   numRegs staticSmem dynamicSmem blockSize carveout cacheConfig
// and printing per line:
//   activeBlocks blockLimitWarps blockLimitBlocks blockLimitRegs blockLimitSharedMem
// (INT_MAX printed as -1). The function attributes are those the runtime derives from a kernel
// whose maximum dynamic shared memory attribute has been raised to the dynamic size it uses.
// tests/test_occupancy.py compiles this with g++ and compares gpuadvisor.occupancy against it.
#include <climits>
#include <cstdio>

#include "cuda_occupancy.h"

static int out(int v) { return v == INT_MAX ? -1 : v; }

int main() {
    cudaOccDeviceProp p;
    cudaOccFuncAttributes f;
    cudaOccDeviceState s;
    long long v[17];
    while (true) {
        for (int i = 0; i < 17; ++i) {
            if (scanf("%lld", &v[i]) != 1) return 0;
        }
        p.computeMajor = (int)v[0];
        p.computeMinor = (int)v[1];
        p.maxThreadsPerBlock = (int)v[2];
        p.maxThreadsPerMultiprocessor = (int)v[3];
        p.regsPerBlock = (int)v[4];
        p.regsPerMultiprocessor = (int)v[5];
        p.warpSize = (int)v[6];
        p.sharedMemPerBlock = (size_t)v[7];
        p.sharedMemPerMultiprocessor = (size_t)v[8];
        p.sharedMemPerBlockOptin = (size_t)v[9];
        p.reservedSharedMemPerBlock = (size_t)v[10];
        p.numSms = 1;

        size_t staticSmem = (size_t)v[12];
        size_t dynamicSmem = (size_t)v[13];
        size_t defaultDynamic = p.sharedMemPerBlock > staticSmem ? p.sharedMemPerBlock - staticSmem : 0;
        f.maxThreadsPerBlock = p.maxThreadsPerBlock;
        f.numRegs = (int)v[11];
        f.sharedSizeBytes = staticSmem;
        f.partitionedGCConfig = PARTITIONED_GC_OFF;
        f.shmemLimitConfig = FUNC_SHMEM_LIMIT_OPTIN;
        f.maxDynamicSharedSizeBytes = dynamicSmem > defaultDynamic ? dynamicSmem : defaultDynamic;
        f.numBlockBarriers = 1;
        f.virtualResourceCount = 0;

        s.carveoutConfig = (int)v[15];
        s.cacheConfig = (cudaOccCacheConfig)v[16];

        cudaOccResult r;
        cudaOccError e = cudaOccMaxActiveBlocksPerMultiprocessor(&r, &p, &f, &s, (int)v[14], dynamicSmem);
        if (e != CUDA_OCC_SUCCESS) {
            printf("error %d\n", (int)e);
        } else {
            printf("%d %d %d %d %d\n", r.activeBlocksPerMultiprocessor, out(r.blockLimitWarps),
                   out(r.blockLimitBlocks), out(r.blockLimitRegs), out(r.blockLimitSharedMem));
        }
        fflush(stdout);
    }
}
