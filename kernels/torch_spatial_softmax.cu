// Softmax over a middle dimension, PyTorch's cunn_SpatialSoftMaxForward<float, float, float,
// SoftMaxForwardEpilogue> (aten/src/ATen/native/cuda/SoftMax.cu: the kernel
// host_softmax picks when the softmax dimension is not the last, inner_size > 1, as
// torch.softmax(x, dim=1) on an N x C x H x W tensor runs it), for a tensor flattened to
// outer x dim x inner (blind check set 31: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind31/ once recorded). Block row ty (z folded in) takes
// inner index blockIdx.y by*bz + ty of outer slice blockIdx.x; its bx lanes walk the dim
// values d = tx, tx + bx, ... (inner_size floats apart: x walks the strided dimension, a warp's
// lanes of one row 32 KiB apart, its rows neighbouring words), three passes: the maximum,
// the sum of exp(x - max) and the outputs exp(x - max) / sum, the first two reduced across
// the row's lanes by spatialBlockReduceX in a shared-memory row of bx floats (dynamic shared
// memory bx x by*bz floats, sized from the block as PyTorch sizes it). PyTorch's launch
// picks a power-of-two bx, and spatialBlockReduceX halves offset = blockDim.x / 2, which
// drops a lane for any other bx: here each step folds the upper half of n lanes, n - ceil(n
// / 2) of them, onto the lower (the same steps for a power of two). PyTorch's grid-stride
// loops stay (they run once: the grid covers outer x inner), but every row of the block
// runs the inner loop as often as the block's first (the barriers in the reductions), the
// rows past inner_size joining the reductions without loads or stores. bx == 1 takes
// PyTorch's serial branch. Per value: three strided 4 B loads, two expf, one strided 4 B
// store. float32 (expf and the float sums: the manifest's tolerance). x -> dim (looped),
// y*z -> inner index, blockIdx.x -> outer index.
#include "common.cuh"

#define TORCH_FLOAT_LOWEST (-3.40282347e+38f)  // at::numeric_limits<float>::lowest()

struct TorchMax {  // at::native's Max
    __device__ __forceinline__ float operator()(float a, float b) const { return a < b ? b : a; }
};

struct TorchAdd {  // at::native's Add
    __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
};

template <typename ReduceOp>
__device__ __forceinline__ float torch_spatial_block_reduce_x(float* shared, float val) {
    ReduceOp r;
    shared += ga_row_in_block() * blockDim.x;

    __syncthreads();

    shared[threadIdx.x] = val;

    // NOTE: loop starts with __syncthreads()
    unsigned n = blockDim.x;
    while (n > 1) {
        const unsigned half = (n + 1) / 2;
        __syncthreads();
        if (threadIdx.x < n - half) shared[threadIdx.x] = r(shared[threadIdx.x], shared[threadIdx.x + half]);
        n = half;
    }

    __syncthreads();

    return shared[0];
}

extern "C" __global__ void torch_spatial_softmax(float* __restrict__ output,
                                                 const float* __restrict__ input,
                                                 unsigned outer_size, unsigned dim_size,
                                                 unsigned inner_size) {
    extern __shared__ float sdata[];
    const unsigned outer_stride = inner_size * dim_size;
    const unsigned dim_stride = inner_size;
    const unsigned rows = ga_block_rows();  // PyTorch's blockDim.y

    for (unsigned outer_index = blockIdx.x; outer_index < outer_size; outer_index += gridDim.x) {
        const unsigned outer_offset = outer_index * outer_stride;
        for (unsigned first = blockIdx.y * rows; first < inner_size; first += rows * gridDim.y) {
            const unsigned inner_index = first + ga_row_in_block();
            const bool active = inner_index < inner_size;
            const unsigned data_offset = outer_offset + inner_index;

            if (blockDim.x > 1) {
                float max_input = TORCH_FLOAT_LOWEST;
                if (active)
                    for (unsigned d = threadIdx.x; d < dim_size; d += blockDim.x) {
                        const float value = input[data_offset + d * dim_stride];
                        max_input = TorchMax()(max_input, value);
                    }
                max_input = torch_spatial_block_reduce_x<TorchMax>(sdata, max_input);

                float sum = 0;
                if (active)
                    for (unsigned d = threadIdx.x; d < dim_size; d += blockDim.x)
                        sum += expf(input[data_offset + d * dim_stride] - max_input);
                sum = torch_spatial_block_reduce_x<TorchAdd>(sdata, sum);

                // SoftMaxForwardEpilogue(max_input, sum)
                if (active)
                    for (unsigned d = threadIdx.x; d < dim_size; d += blockDim.x)
                        output[data_offset + d * dim_stride] =
                            expf(input[data_offset + d * dim_stride] - max_input) / sum;
            } else if (active) {
                float max_input = TORCH_FLOAT_LOWEST;
                for (unsigned d = threadIdx.x; d < dim_size; d += blockDim.x) {
                    const float value = input[data_offset + d * dim_stride];
                    max_input = TorchMax()(max_input, value);
                }
                float sum = 0;
                for (unsigned d = threadIdx.x; d < dim_size; d += blockDim.x)
                    sum += expf(input[data_offset + d * dim_stride] - max_input);
                for (unsigned d = threadIdx.x; d < dim_size; d += blockDim.x)
                    output[data_offset + d * dim_stride] =
                        expf(input[data_offset + d * dim_stride] - max_input) / sum;
            }
        }
    }
}
