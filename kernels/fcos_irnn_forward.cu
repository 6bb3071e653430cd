// FCOS's IRNNForward (tianzhi0549/FCOS, fcos_core/modeling/dsc/IRNN_Forward_cuda.cu, launched
// through CuPy by irnn.forward in fcos_core/modeling/dsc/irnn.py behind the DSC (direction-aware
// spatial context) module in the same folder: the four ReLU recurrences of the IRNN that sweep a
// feature map's context left, right, up and down) (blind check set 95: written after
// calibration, never fitted on). As in FCOS: CUDA_KERNEL_LOOP over the n = B C H W elements of
// the NCHW map, (b, c, h, w) from the index; output_left starts at relu(in[b][c][h][W - 1]) and
// for i from W - 2 down to w becomes relu(output_left * weight_left[c] + bias_left[c] +
// in[b][c][h][i]); output_right from relu(in[..][0]) over i = 1 .. w; output_up from
// relu(in[b][c][H - 1][w]) over the rows H - 2 down to h; output_down from relu(in[b][c][0][w])
// over the rows 1 .. h; each step read back from and stored to the output in global memory, as
// the source does; irnn.py's 1,024 threads on cdiv(n, 1024) blocks (the loop run once).
// Departures: the block any shape (linearized, the loop striding by the grid's threads).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number features and biases with weights in {-1, 0, 1}, so every
// product is exact and every sum a whole number far below 2^24. 1-D, no shared memory, a
// per-thread loop: each thread up to W - 1 steps along its row and H - 1 along its column, a
// 4 B input load a step (the row steps broadcast across a warp's lanes of one row, the column
// steps a warp's 128 B contiguous) and a 4 B read-back and store of its output (a warp's 128 B).
#include "common.cuh"

extern "C" __global__ void fcos_irnn_forward(
    const float* input_feature, const float* weight_up, const float* weight_right,
    const float* weight_down, const float* weight_left, const float* bias_up,
    const float* bias_right, const float* bias_down, const float* bias_left, float* output_up,
    float* output_right, float* output_down, float* output_left, int channels, int height,
    int width, int n) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    for (long long index = ga_linear(); index < n; index += stride) {
        const int w = (int)(index % width);
        const int h = (int)(index / width % height);
        const int c = (int)(index / width / height % channels);
        const long long plane = index - (long long)h * width - w;  // (b, c, 0, 0)
        const float* row = input_feature + plane + (long long)h * width;
        const float* col = input_feature + plane + w;

        output_left[index] = row[width - 1] > 0 ? row[width - 1] : 0;
        for (int i = width - 2; i >= w; --i) {
            const float t = output_left[index] * weight_left[c] + bias_left[c] + row[i];
            output_left[index] = t > 0 ? t : 0;
        }

        output_right[index] = row[0] > 0 ? row[0] : 0;
        for (int i = 1; i <= w; ++i) {
            const float t = output_right[index] * weight_right[c] + bias_right[c] + row[i];
            output_right[index] = t > 0 ? t : 0;
        }

        const float bottom = col[(long long)(height - 1) * width];
        output_up[index] = bottom > 0 ? bottom : 0;
        for (int i = height - 2; i >= h; --i) {
            const float t = output_up[index] * weight_up[c] + bias_up[c] + col[(long long)i * width];
            output_up[index] = t > 0 ? t : 0;
        }

        output_down[index] = col[0] > 0 ? col[0] : 0;
        for (int i = 1; i <= h; ++i) {
            const float t = output_down[index] * weight_down[c] + bias_down[c] + col[(long long)i * width];
            output_down[index] = t > 0 ? t : 0;
        }
    }
}
