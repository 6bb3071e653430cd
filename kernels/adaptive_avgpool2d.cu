// Adaptive average pooling of a batch of feature planes, PyTorch's adaptive_average_pool
// (aten/src/ATen/native/cuda/AdaptiveAveragePooling.cu, F.adaptive_avg_pool2d /
// nn.AdaptiveAvgPool2d on NCHW float32): output cell (oh, ow) of an osizeH x osizeW grid
// averages the input window rows start_index(oh, osizeH, isizeH) .. end_index(...) - 1 and
// columns likewise (start = floor(o i / O), end = ceil((o + 1) i / O): windows of varying size
// that overlap where O does not divide i), each thread walking its own window row by row
// (blind check set 26: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind26/ once recorded). PyTorch's kernel takes the plane from blockIdx.x
// and loops over the output cells with block- and grid-strided loops; here the same cells are
// a matrix of planes * osizeH rows and osizeW columns, one cell per thread (the loops run
// once). The input's strides are PyTorch's istrideD, istrideH, istrideW. The sum in float
// (PyTorch's accscalar_t for float), then sum / (kH kW). Per thread: kH kW 4 B loads, kW
// contiguous words a window row (a warp's lanes about isizeW / osizeW words apart: each load
// instruction a few sectors per lane group, the next iw's loads mostly L1 hits), one
// contiguous 4 B store. No shared memory. float32, integer data: exact (the sums below
// 2^24, one IEEE division). x -> output column, y*z -> (plane, output row).
#include "common.cuh"

__device__ __forceinline__ int aap_start_index(int a, int b, int c) {
    return (int)((long long)(a / b) * c + ((long long)(a % b) * c) / b);
}

__device__ __forceinline__ int aap_end_index(int a, int b, int c) {
    return (int)(1 + ((long long)(a + 1) * c - 1) / b);
}

extern "C" __global__ void adaptive_avgpool2d(const float* __restrict__ input,
                                              float* __restrict__ output, int planes,
                                              int isizeH, int isizeW, int osizeH, int osizeW,
                                              long long istrideD, long long istrideH,
                                              long long istrideW) {
    const int ow = ga_col();
    const int row = ga_row();
    if (ow >= osizeW || row >= planes * osizeH) {
        return;
    }
    const int o_plane = row / osizeH;
    const int oh = row - o_plane * osizeH;
    output = output + (long long)o_plane * osizeH * osizeW;
    input = input + o_plane * istrideD;
    const int istartH = aap_start_index(oh, osizeH, isizeH);
    const int iendH = aap_end_index(oh, osizeH, isizeH);
    const int kH = iendH - istartH;
    const int istartW = aap_start_index(ow, osizeW, isizeW);
    const int iendW = aap_end_index(ow, osizeW, isizeW);
    const int kW = iendW - istartW;
    // Compute the average pooling over corresponding input pixels
    const float* ptr_input = input + istartH * istrideH + istartW * istrideW;
    float* ptr_output = output + (long long)oh * osizeW + ow;
    float sum = 0.0f;
    for (int ih = 0; ih < kH; ++ih) {
        for (int iw = 0; iw < kW; ++iw) {
            const float val = ptr_input[iw * istrideW];
            sum += val;
        }
        ptr_input += istrideH;  // next input line
    }
    // Update output
    const float divide_factor = (float)(kH * kW);
    *ptr_output = sum / divide_factor;
}
