// Row gather of an embedding table, PyTorch's index_select on CUDA (aten/src/ATen/native/cuda/
// Indexing.cu: indexSelectLargeIndex<float, int64_t, unsigned int, 2, 2, -2, true>, the kernel
// index_select_out_cuda picks for a contiguous 2-D source and many indices, as
// torch.index_select(weight, 0, idx) and an embedding lookup run it), one output element per
// thread (blind check set 29: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind29/ once recorded). dst is numIdx x D, src S x D, indices numIdx int64
// (IdxDim -2: contiguous); element linearIndex takes dstIndex = linearIndex / innerSize and
// elementInSlice = linearIndex mod innerSize (IndexIsMajor), srcIndex = indices[dstIndex],
// and copies src[elementInSlice offset + srcIndex srcStride] to dst[elementInSlice offset +
// dstIndex dstStride], the offsets through ATen's IndexToOffset over the two dimensions
// (sizes 1 and D after reduceDim, strides D and 1). TensorInfo's sizes and strides become
// scalar arguments; PyTorch's grid of min(cdiv(total, 128), 8 SMs) blocks of 128 becomes a
// grid covering every element (its grid-stride loop then runs once) and CUDA_KERNEL_ASSERT
// (srcIndex < srcSelectDimSize) is dropped. Per thread: an 8 B index load (the same word for
// the D lanes of a row: a broadcast), a 4 B gather from a random row of the 256 MiB table (a
// warp's lanes a contiguous run of it) and one contiguous 4 B store; two integer divisions.
// float32: a copy, exact. 1-D: the block is linearized.
#include "common.cuh"

// cuda::detail::IndexToOffset<float, unsigned int, 2>::get for sizes (size0, size1)
__device__ __forceinline__ unsigned int torch_index_to_offset(unsigned int linearId,
                                                              unsigned int size0,
                                                              unsigned int size1,
                                                              unsigned int stride0,
                                                              unsigned int stride1) {
    unsigned int offset = 0;
    unsigned int curDimIndex = linearId % size1;
    offset += curDimIndex * stride1;
    linearId /= size1;
    curDimIndex = linearId % size0;
    offset += curDimIndex * stride0;
    return offset;
}

extern "C" __global__ void torch_index_select(float* __restrict__ dst_data,
                                              const float* __restrict__ src_data,
                                              const long long* __restrict__ indices_data,
                                              unsigned int dst_size1, unsigned int dst_stride0,
                                              unsigned int src_size1, unsigned int src_stride0,
                                              unsigned int totalSize, unsigned int innerSize,
                                              long long srcSelectDimSize) {
    // dst and src after reduceDim(0): sizes (1, D), strides (stride0, 1)
    const unsigned int nthreads = ga_nthreads();
    // We stride over the output including the indexed dimension
    // (totalSize), and calculate the destination index point based on that
    for (unsigned int linearIndex = blockIdx.x * nthreads + ga_tid(); linearIndex < totalSize;
         linearIndex += gridDim.x * nthreads) {
        unsigned int dstIndex, elementInSlice;
        dstIndex = linearIndex / innerSize;
        elementInSlice = linearIndex % innerSize;

        unsigned int srcIndex = (unsigned int)indices_data[dstIndex];  // IdxDim -2: contiguous

        unsigned int dstOffset = torch_index_to_offset(elementInSlice, 1, dst_size1, dst_stride0, 1);
        dstOffset += dstIndex * dst_stride0;

        unsigned int srcOffset = torch_index_to_offset(elementInSlice, 1, src_size1, src_stride0, 1);
        srcOffset += srcIndex * src_stride0;

        dst_data[dstOffset] = src_data[srcOffset];
    }
}
