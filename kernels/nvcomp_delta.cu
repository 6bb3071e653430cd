// nvCOMP's deltaKernel (NVIDIA/nvcomp, src/DeltaGPU.cu, launched by deltaLaunch in the same file
// behind DeltaGPU::compress: the delta stage of nvCOMP's cascaded compression, each value of an
// integer column replaced by its difference from the value before it, the column's length read on
// the device) (blind check set 98: written after calibration, never fitted on). As in nvCOMP: num =
// *numDevice; a block whose first value lies at or past num leaves; each thread stages input[idx]
// in shared memory one slot up, thread 0 also the value before the block (0 for the column's first
// block), a barrier, then output[idx] = buffer[t + 1] - buffer[t] for idx below num; the host's
// BLOCK_SIZE = 1,024 threads on cdiv(maxNum, 1024) blocks. Departures: the block any shape
// (linearized: the staging buffer threads + 1 values of dynamic shared memory, the block's first
// value at blockIdx.x times its threads); the output a plain pointer (nvCOMP passes a device
// pointer to it); int32 values (VALUE a template parameter, dispatched by NVCOMP_TYPE_ONE_SWITCH);
// 64-bit indices (int in the source). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: integer differences (values inside +-2^30,
// so no overflow). 1-D, shared memory: a broadcast 8 B count load, a 4 B load (a warp's 128 B
// contiguous) and for thread 0 one more, a barrier, two 4 B shared reads (neighbouring lanes'
// slots) and a 4 B store (a warp's 128 B).
#include "common.cuh"

extern "C" __global__ void nvcomp_delta(int* output, const int* input,
                                        const long long* numDevice, long long maxNum) {
    extern __shared__ int delta_buffer[];  // [0] the value before the block, then its values
    const long long num = numDevice[0];
    const long long nthreads = ga_nthreads();
    (void)maxNum;
    if (nthreads * blockIdx.x < num) {
        const long long idx = ga_linear();
        const unsigned t = ga_tid();
        if (idx < num) {
            delta_buffer[t + 1] = input[idx];
        }
        if (t == 0) {
            delta_buffer[0] = idx > 0 ? input[idx - 1] : 0;
        }
        __syncthreads();
        if (idx < num) {
            output[idx] = delta_buffer[t + 1] - delta_buffer[t];
        }
    }
}
