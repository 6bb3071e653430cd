// The ocean height field's spectrum at time t, the CUDA Samples' oceanFFT
// generateSpectrumKernel (Samples/5_Domain_Specific/oceanFFT/oceanFFT_kernel.cu: the kernel
// the sample runs each frame before its inverse FFT), one frequency per thread (blind check
// set 32: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind32/
// once recorded). For frequency (x, y) of the out_width x out_height mesh: the wave vector k
// = (x - N/2, y - N/2) 2 pi / patchSize, the dispersion w = sqrt(9.81 |k|), and h(k, t) =
// h0(k) e^{i w t} + conj(h0(-k)) e^{-i w t} from the initial spectrum h0 (float2, rows of
// in_width = out_width + 4 values, out_height + 1 rows, as the sample allocates it), h0(-k)
// read at the mirrored index (out_height - y, out_width - x). As in the sample: unsigned
// indices, the wave vector and w computed before the bounds test, cosf and sinf (the sample
// builds without fast math), float2 arithmetic; the float2 helpers are the sample's (float2
// itself spelled as an 8 B aligned struct). The sample's mesh 256 x 256 and patch 100 (t
// its animation time: here 0.5). Per thread: two 8 B loads of h0 (the second one walking
// backwards along the row, one row up for each row down), two sqrtf, a cosf and a sinf of
// each of w t and -w t, ~20 FLOPs and an 8 B store. float32 (cosf, sinf and the products:
// the manifest's tolerance). x -> column (x frequency), y*z -> row (y frequency).
#include "common.cuh"

#define CUDART_PI_F 3.141592654f

struct alignas(8) cus_float2 {  // CUDA's float2: one 8 B load or store
    float x, y;
};

__device__ __forceinline__ cus_float2 cus_make_float2(float x, float y) {
    cus_float2 v;
    v.x = x;
    v.y = y;
    return v;
}

// complex math functions
__device__ __forceinline__ cus_float2 conjugate(cus_float2 arg) { return cus_make_float2(arg.x, -arg.y); }

__device__ __forceinline__ cus_float2 complex_exp(float arg) { return cus_make_float2(cosf(arg), sinf(arg)); }

__device__ __forceinline__ cus_float2 complex_add(cus_float2 a, cus_float2 b) {
    return cus_make_float2(a.x + b.x, a.y + b.y);
}

__device__ __forceinline__ cus_float2 complex_mult(cus_float2 ab, cus_float2 cd) {
    return cus_make_float2(ab.x * cd.x - ab.y * cd.y, ab.x * cd.y + ab.y * cd.x);
}

extern "C" __global__ void cus_ocean_spectrum(const float* __restrict__ h0_data,
                                              float* __restrict__ ht_data, unsigned in_width,
                                              unsigned out_width, unsigned out_height, float t,
                                              float patchSize) {
    const cus_float2* h0 = reinterpret_cast<const cus_float2*>(h0_data);
    cus_float2* ht = reinterpret_cast<cus_float2*>(ht_data);
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * ga_block_rows() + ga_row_in_block();
    unsigned int in_index = y * in_width + x;
    unsigned int in_mindex = (out_height - y) * in_width + (out_width - x);  // mirrored
    unsigned int out_index = y * out_width + x;

    // calculate wave vector
    cus_float2 k;
    k.x = (-(int)out_width / 2.0f + x) * (2.0f * CUDART_PI_F / patchSize);
    k.y = (-(int)out_width / 2.0f + y) * (2.0f * CUDART_PI_F / patchSize);

    // calculate dispersion w(k)
    float k_len = sqrtf(k.x * k.x + k.y * k.y);
    float w = sqrtf(9.81f * k_len);

    if ((x < out_width) && (y < out_height)) {
        cus_float2 h0_k = h0[in_index];
        cus_float2 h0_mk = h0[in_mindex];

        // output frequency-space complex values
        ht[out_index] = complex_add(complex_mult(h0_k, complex_exp(w * t)),
                                    complex_mult(conjugate(h0_mk), complex_exp(-w * t)));
    }
}
