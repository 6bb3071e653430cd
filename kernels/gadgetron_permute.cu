// Gadgetron's permute with FFT shift, cuNDArray_permute_kernel<complext<float>>
// (gadgetron/gadgetron, toolboxes/core/gpu/cuNDArray_utils.cu, launched by cuNDArray_permute in
// the same file: permute(in, out, dim_order, shift_mode) and shift_dim, the GPU arrays'
// reordering of dimensions, with shift_mode an ifftshift (-1) or fftshift (+1) of every
// dimension on the way) (blind check set 73: written after calibration, never fitted on). As in
// Gadgetron: idx_in = blockIdx.y gridDim.x blockDim.x + blockIdx.x blockDim.x + threadIdx.x
// (unsigned), inside idx_in < elements the output index walked digit by digit over the
// permuted dimensions (idx_in_tmp / dims[i], cur_index the remainder, shifted by dims[i] >> 1
// (ifftshift) or (dims[i] + 1) >> 1 (fftshift) modulo dims[i], times strides_out[i]), out[idx_in]
// = in[idx_out]; the host's 512 threads on ceil(size(0) size(1) / 512) x (the product of the
// other dimensions) blocks. Departures: the block the sweep's, any shape (linearized, the grid's
// x cdiv(size(0) size(1), threads)); the dims and strides device arrays as scalars for a 4-D
// array (Gadgetron's loop over ndim unrolled); complext<float> as an 8-byte-aligned pair of
// floats (one 8 B load and store). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: copies. 1-D: one thread an output
// element, a grid row of blocks a plane.
#include "common.cuh"

struct alignas(8) gadgetron_complexf {
    float re, im;
};

__device__ __forceinline__ unsigned gadgetron_digit(unsigned& idx_in_tmp, unsigned dim,
                                                    unsigned stride, int shift_mode) {
    const unsigned idx_in_remainder = idx_in_tmp / dim;
    const unsigned cur_index = idx_in_tmp - idx_in_remainder * dim;
    idx_in_tmp = idx_in_remainder;
    if (shift_mode < 0) return ((cur_index + (dim >> 1)) % dim) * stride;  // ifftshift
    if (shift_mode > 0) return ((cur_index + ((dim + 1) >> 1)) % dim) * stride;  // fftshift
    return cur_index * stride;
}

extern "C" __global__ void gadgetron_permute(const float* __restrict__ in,
                                             float* __restrict__ out, unsigned dim0,
                                             unsigned dim1, unsigned dim2, unsigned dim3,
                                             unsigned stride0, unsigned stride1,
                                             unsigned stride2, unsigned stride3,
                                             unsigned elements, int shift_mode) {
    const unsigned threads = ga_nthreads();
    const unsigned idx_in = blockIdx.y * gridDim.x * threads + blockIdx.x * threads + ga_tid();
    if (idx_in < elements) {
        unsigned idx_in_tmp = idx_in;
        unsigned idx_out = gadgetron_digit(idx_in_tmp, dim0, stride0, shift_mode);
        idx_out += gadgetron_digit(idx_in_tmp, dim1, stride1, shift_mode);
        idx_out += gadgetron_digit(idx_in_tmp, dim2, stride2, shift_mode);
        idx_out += gadgetron_digit(idx_in_tmp, dim3, stride3, shift_mode);
        const gadgetron_complexf* src = reinterpret_cast<const gadgetron_complexf*>(in);
        gadgetron_complexf* dst = reinterpret_cast<gadgetron_complexf*>(out);
        dst[idx_in] = src[idx_out];
    }
}
