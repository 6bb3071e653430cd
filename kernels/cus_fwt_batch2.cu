// One radix-4 pass of the fast Walsh-Hadamard transform, the CUDA samples' fastWalshTransform
// (Samples/5_Domain_Specific/fastWalshTransform, fastWalshTransform_kernel.cuh:
// fwtBatch2Kernel), the pass fwtBatchGPU launches for each stride from N / 4 down while the
// remaining transform length is above the shared-memory kernel's 2^11 (blind check set 40:
// written after calibration, never fitted on). As in the sample: each thread takes position
// pos, lo = pos & (stride - 1), i0 = ((pos - lo) << 2) + lo and i1, i2, i3 a stride apart
// each, loads D0..D3 and writes the radix-4 butterfly D0 + D2 +- (D1 + D3), D0 - D2 +- (D1 -
// D3) back to the same four places (the sample's d_Output and d_Input both d_Data: in place);
// the batch offset blockIdx.y N (the grid's y is 1 here). Departures: N is an argument and
// positions past N / 4 return (the sample derives N from blockDim.x gridDim.x 4, its grid
// dividing the data exactly); one pointer for the sample's equal output and input pointers.
// Written from memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void cus_fwt_batch2(float* d_Data, int stride, int N) {
    const int pos = (int)ga_linear();
    if (pos >= N / 4) return;
    float* d_Src = d_Data + blockIdx.y * N;
    float* d_Dst = d_Data + blockIdx.y * N;

    const int lo = pos & (stride - 1);
    const int i0 = ((pos - lo) << 2) + lo;
    const int i1 = i0 + stride;
    const int i2 = i1 + stride;
    const int i3 = i2 + stride;

    float D0 = d_Src[i0];
    float D1 = d_Src[i1];
    float D2 = d_Src[i2];
    float D3 = d_Src[i3];

    float T;
    T = D0;
    D0 = D0 + D2;
    D2 = T - D2;
    T = D1;
    D1 = D1 + D3;
    D3 = T - D3;
    T = D0;
    d_Dst[i0] = D0 + D1;
    d_Dst[i1] = T - D1;
    T = D2;
    d_Dst[i2] = D2 + D3;
    d_Dst[i3] = T - D3;
}
