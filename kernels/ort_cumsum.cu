// ONNX CumSum along one axis, ONNX Runtime's _CumSumKernel<float> (microsoft/onnxruntime,
// onnxruntime/core/providers/cuda/math/cumsum_impl.cu, behind CumSumImpl and the CUDA
// execution provider's CumSum op: e.g. the cumulative probabilities of a sorted vocabulary in
// an exported top-p sampling step) (blind check set 50: written after calibration, never
// fitted on). As in ONNX Runtime: one output element a thread
// (CALCULATE_ELEMENTWISE_INDEX_OR_EXIT: a thread past output_size returning; CUDA_LONG an
// int), its position along the axis from two fast_divmods (the index divided by the axis's
// stride, then divmod by the axis's length: div(n) = (__umulhi(M, n) + n) >> l), the range to
// sum [start, end] from exclusive and reverse (0 .. axis_dim for the inclusive forward sum),
// zero where it is empty, then a loop summing count = end - start + 1 input values from index
// + (start - axis_dim) stride in steps of the stride and one store: every thread re-reads its
// whole prefix (quadratic work); the host's GridDim::maxThreadsPerBlock (256) threads on
// cdiv(output_size, 256) blocks.
// Departures: the 256 threads the block's threads, any shape (linearized: the index from the
// block's linear thread index), the grid cdiv(output_size, threads); each fast_divmod passed as
// its three fields (d_, M_, l_ computed as ONNX Runtime's constructor computes them: l_ the
// smallest l with 2^l >= d, M_ = 2^32 (2^l - d) / d + 1), the bools exclusive and reverse ints;
// the sum written with __fadd_rn. Written from memory. Exact (whole-number inputs: every
// partial sum a small integer). 1-D: the block is linearized.
#include "common.cuh"

typedef unsigned int uint32_t;
typedef int CUDA_LONG;

struct fast_divmod {
    __device__ fast_divmod(uint32_t d, uint32_t M, uint32_t l) : d_(d), M_(M), l_(l) {}
    __device__ inline int div(int n) const {
        uint32_t t = __umulhi(M_, n);
        return (t + n) >> l_;
    }
    __device__ inline int mod(int n) const { return n - div(n) * d_; }
    __device__ inline void divmod(int n, int& q, int& r) const {
        q = div(n);
        r = n - q * d_;
    }
    uint32_t d_;  // divisor
    uint32_t M_;  // m' in the paper.
    uint32_t l_;  // l_ = ceil(log2(d_))
};

template <typename T>
__device__ void _CumSumKernel(const T* input_data,
                              const fast_divmod fast_divmod_input_dim_along_axis,
                              const fast_divmod fast_divmod_input_stride_along_axis,
                              T* output_data, const long long output_size, const bool exclusive,
                              const bool reverse) {
    CUDA_LONG indices_index = (CUDA_LONG)ga_linear();
    if (indices_index >= output_size) return;

    int input_dim_along_axis = fast_divmod_input_dim_along_axis.d_;
    int input_stride_along_axis = fast_divmod_input_stride_along_axis.d_;

    int axis_dim = 0;
    int div = fast_divmod_input_stride_along_axis.div(static_cast<int>(indices_index));
    fast_divmod_input_dim_along_axis.divmod(div, div, axis_dim);

    int start = 0;
    int end = 0;

    if (!reverse && !exclusive) {
        start = 0;
        end = axis_dim;

    } else if (reverse && !exclusive) {
        start = axis_dim;
        end = input_dim_along_axis - 1;

    } else if (!reverse && exclusive) {
        start = 0;
        end = axis_dim - 1;

    } else {  // reverse && exclusive
        start = axis_dim + 1;
        end = input_dim_along_axis - 1;
    }

    // count the number of elements to accumulate the sum
    int count = end - start + 1;
    if (count <= 0) {
        output_data[indices_index] = 0;
        return;
    }

    // adjust start index based on the above identified start dim value along the axis of
    // interest
    int data_index =
        static_cast<int>(indices_index) + (start - axis_dim) * input_stride_along_axis;
    T sum = 0;

    // keep accumulating values from the start index for 'count' times and skip appropriately
    while (count != 0) {
        sum = __fadd_rn(sum, input_data[data_index]);
        data_index += input_stride_along_axis;
        --count;
    }

    output_data[indices_index] = sum;
}

extern "C" __global__ void ort_cumsum(const float* input_data, unsigned dim_d, unsigned dim_M,
                                      unsigned dim_l, unsigned stride_d, unsigned stride_M,
                                      unsigned stride_l, float* output_data,
                                      long long output_size, int exclusive, int reverse) {
    _CumSumKernel<float>(input_data, fast_divmod(dim_d, dim_M, dim_l),
                         fast_divmod(stride_d, stride_M, stride_l), output_data, output_size,
                         exclusive != 0, reverse != 0);
}
