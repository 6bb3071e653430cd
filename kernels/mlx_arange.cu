// MLX's arange, cu::arange<float, int32_t, 4> (ml-explore/mlx, mlx/backend/cuda/arange.cu,
// launched by Arange::eval_gpu in the same file with get_launch_args (mlx/backend/cuda/
// kernel_utils.cu): mx.arange on the CUDA back end, an evenly spaced float32 range written 16 B
// a thread) (blind check set 84: written after calibration, never fitted on). As in MLX: index =
// the thread's rank in the grid; where (index + 1) N_WRITES > size the tail's values from index
// N_WRITES to size written one by one as start + i step, otherwise the N_WRITES = 16 /
// sizeof(float) = 4 values start + (index N_WRITES + i) step gathered and stored as one aligned
// 16 B vector at index; step passed as (start + step) - start; get_launch_args' min(1024,
// cdiv(size, 4)) threads on cdiv(cdiv(size, 4), threads) blocks (the 32-bit index: size below
// 2^31). Departures: the block the sweep's, any shape (linearized: the grid's thread rank);
// float only (one of its instantiations), the AlignedVector store as a float4 store.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of its
// text). Exact: whole multiples of 0.5 below 2^22 in magnitude (start -2^22, step 0.5), contracted
// or not. 1-D: one thread 4 values, a 16 B store (a warp's 512 B contiguous), the last thread of
// a size not a multiple of 4 writing its 1-3 values 4 B at a time.
#include "common.cuh"

extern "C" __global__ void mlx_arange(float* out, int size, float start, float step) {
    const int index = (int)ga_linear();
    if ((long long)(index + 1) * 4 > size) {
        for (int i = index * 4; i < size; ++i) out[i] = start + i * step;
    } else {
        float4 v;
        v.x = start + (index * 4 + 0) * step;
        v.y = start + (index * 4 + 1) * step;
        v.z = start + (index * 4 + 2) * step;
        v.w = start + (index * 4 + 3) * step;
        reinterpret_cast<float4*>(out)[index] = v;
    }
}
