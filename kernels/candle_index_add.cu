// Adding slices into a tensor at listed positions, candle's index_add kernel (huggingface/candle,
// candle-kernels/src/indexing.cu, the IA_OP instantiations such as ia_u32_f32, launched by
// candle-core's CUDA backend IndexAdd (cuda_backend/mod.rs) with LaunchConfig::for_num_elems:
// Tensor::index_add, and the backward of index_select / embedding lookups) (blind check set
// 71: written after calibration, never fitted on). As in candle: numel = left_size
// right_size, a grid-stride loop over i, pre = i / right_size, post = i % right_size, and for
// each of the ids_dim_size ids j (in order) idx = ids[j], src_i = (pre ids_dim_size + j)
// right_size + post and, unless idx is the index type's maximum (candle's "no index"),
// out[(pre dst_dim_size + idx) right_size + post] += inp[src_i]; the host's 1,024 threads on
// cdiv(numel, 1024) blocks (cudarc's for_num_elems). Departures: the block the sweep's, any
// shape (linearized; the grid-stride loop kept, one pass at cdiv(numel, threads) blocks); the
// u32 ids as int32 (the manifest's buffers; the sentinel INT_MAX) and the size_t sizes int.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number values, each output summed by one thread in id order. 1-D:
// the block is linearized, one thread an output column (pre, post), looping over the ids.
#include "common.cuh"

extern "C" __global__ void candle_index_add(const int* __restrict__ ids, int ids_dim_size,
                                            const float* __restrict__ inp,
                                            float* __restrict__ out, int left_size,
                                            int src_dim_size, int dst_dim_size,
                                            int right_size) {
    const long long numel = (long long)left_size * right_size;
    const long long step = (long long)gridDim.x * ga_nthreads();
    for (long long i = ga_linear(); i < numel; i += step) {
        const long long pre = i / right_size;
        const long long post = i % right_size;
        for (int j = 0; j < ids_dim_size; ++j) {
            const int idx = ids[j];
            const long long src_i = (pre * ids_dim_size + j) * right_size + post;
            if (idx < 0x7FFFFFFF) {
                const long long dst_i = (pre * dst_dim_size + idx) * right_size + post;
                out[dst_i] += inp[src_i];
            }
        }
    }
    (void)src_dim_size;
}
