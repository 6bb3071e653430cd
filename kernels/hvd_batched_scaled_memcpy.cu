// The scaled copy of an allreduce's fusion buffer back into its tensors, Horovod's
// batched_scaled_memcpy_k (horovod/horovod, horovod/common/ops/cuda/cuda_kernels.cu, behind
// BatchedScaledD2DMemcpyCudaImpl: GPUAllreduce::ScaleMemcpyOutFusionBuffer in
// horovod/common/ops/gpu_operations.cc, after NCCLAllreduce::Execute's ncclAllReduce of a fused
// response, with batch_d2d_memcopies (HOROVOD_BATCH_D2D_MEMCOPIES, on by default) and the
// postscale 1 / size of hvd.Average, up to BATCHED_D2D_CAPACITY (160) tensors a launch) (blind
// check set 60: written after calibration, never fitted on). As in Horovod (T float):
// blocks_per_copy (8) blocks a tensor (blockIdx.x / 8), idx = blockDim.x (blockIdx.x % 8) +
// threadIdx.x; the load width from the two pointers' alignment to 16 B (the output's where it
// is misaligned, else the input's; T's 4 B where both are), then the tensor's whole words in
// passes of 8 blockDim.x, each loaded, its floats multiplied by the scale factor one by one and
// stored, and the floats past the last whole word (size % 16 B) scaled one each by the threads
// with idx below their count (the first threads of the tensor's first block); the host's 1,024
// threads on 8 x num_copies blocks. Departures: the block the sweep's, any shape (linearized:
// idx from the block's linear thread index, the stride 8 times its threads); the
// BatchedD2DParams struct's in, out and sizes as the tensors' 16 B-word offsets into the fusion
// buffer (entries padded to BATCHED_D2D_PADDING, as ScaleMemcpyOutFusionBuffer lays them) and
// into one buffer of the output tensors laid out alike, each tensor pad[c] (0-3) floats short of
// its padded entry (0 for an empty one); of the misaligned branches (which this layout never
// takes) the 8 B and 4 B ones kept, the 2 B and 1 B ones (narrower than a float) folded into the
// 4 B one; ulonglong2 as a 16 B-aligned pair; TS float. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: whole-number gradients
// times 1/8. 1-D: the block is linearized, 8 blocks a tensor.
#include "common.cuh"

#define HVD_BLOCKS_PER_COPY 8
#define HVD_BATCHED_D2D_PADDING 16

struct alignas(16) hvd_u128 {  // ulonglong2: one 16 B load and store
    unsigned long long x, y;
};

template <typename TL>
__device__ void hvd_batched_scaled_memcpy_d(unsigned long long idx, const float* input,
                                            float* output, unsigned long long size,
                                            float scale_factor) {
    const long long num_words = size / sizeof(TL);
    const TL* read_ptr = reinterpret_cast<const TL*>(input);
    TL* write_ptr = reinterpret_cast<TL*>(output);
    for (unsigned long long i = idx; i < num_words;
         i += ga_nthreads() * HVD_BLOCKS_PER_COPY) {
        TL word = read_ptr[i];
        float* val = reinterpret_cast<float*>(&word);
        for (int j = 0; j < (int)(sizeof(TL) / sizeof(float)); ++j) val[j] *= scale_factor;
        write_ptr[i] = word;
    }
    const unsigned long long remainder = (size % sizeof(TL)) / sizeof(float);
    if (remainder > 0 && idx < remainder) {
        const float* input_r = reinterpret_cast<const float*>(read_ptr + num_words);
        float* output_r = reinterpret_cast<float*>(write_ptr + num_words);
        output_r[idx] = scale_factor * input_r[idx];
    }
}

extern "C" __global__ void hvd_batched_scaled_memcpy(const float* __restrict__ fusion_buffer,
                                                     float* __restrict__ tensors,
                                                     const int* __restrict__ word_offsets,
                                                     const int* __restrict__ pad,
                                                     float scale_factor) {
    const unsigned long long idx =
        (unsigned long long)ga_nthreads() * (blockIdx.x % HVD_BLOCKS_PER_COPY) + ga_tid();
    const int copy = blockIdx.x / HVD_BLOCKS_PER_COPY;
    const int words = word_offsets[copy + 1] - word_offsets[copy];
    const unsigned long long size =
        words > 0 ? (unsigned long long)HVD_BATCHED_D2D_PADDING * words - 4 * pad[copy] : 0;
    const float* input = fusion_buffer + 4LL * word_offsets[copy];
    float* output = tensors + 4LL * word_offsets[copy];

    const unsigned long long align_in =
        reinterpret_cast<unsigned long long>(input) % HVD_BATCHED_D2D_PADDING;
    const unsigned long long align_out =
        reinterpret_cast<unsigned long long>(output) % HVD_BATCHED_D2D_PADDING;
    unsigned long long align = (align_out == 0) ? align_in : align_out;
    if (align_in && align_out) align = sizeof(float);

    if (align % 16 == 0) {
        hvd_batched_scaled_memcpy_d<hvd_u128>(idx, input, output, size, scale_factor);
    } else if (align % 8 == 0) {
        hvd_batched_scaled_memcpy_d<unsigned long long>(idx, input, output, size, scale_factor);
    } else {
        hvd_batched_scaled_memcpy_d<unsigned int>(idx, input, output, size, scale_factor);
    }
}
