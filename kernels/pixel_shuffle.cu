// Pixel shuffle (depth to space), the upsampling layer of sub-pixel convolution
// super-resolution networks (ESPCN; torch.nn.PixelShuffle, ONNX DepthToSpace in CRD mode) on
// NCHW float32 tensors: out[n][c][h R + i][w R + j] = in[n][c R^2 + i R + j][h][w] for an
// upscale factor R, here 3 (blind check set 15: written after calibration, never fitted on;
// its sweeps go to fixtures/hopper/blind15/ once recorded). One thread per output element,
// x -> output column (w R + j), y*z -> output row over (n, c, h R + i): the row gives n, c
// and i, the column w and j, and the element is read from input plane c R^2 + i R + j at
// (h, w): a warp's 32 neighbouring output columns read R input planes (j = 0 .. R - 1), each
// at about 32 / R consecutive w (a stride-R gather into R partial lines), and store 32
// consecutive floats. Integer divides by R of the row and the column. Plain copy: exact. No
// shared memory.
#include "common.cuh"

extern "C" __global__ void pixel_shuffle(const float* __restrict__ in, float* __restrict__ out,
                                         int channels, int height, int width, int r,
                                         int out_rows) {
    const int ox = ga_col();
    const int oy = ga_row();
    const int out_cols = width * r;
    if (oy >= out_rows || ox >= out_cols) {
        return;
    }
    const int out_h = height * r;
    const int plane = oy / out_h;  // n C + c
    const int oh = oy - plane * out_h;
    const int h = oh / r;
    const int i = oh - h * r;
    const int w = ox / r;
    const int j = ox - w * r;
    const long long in_plane = (long long)plane * r * r + i * r + j;  // (n C + c) R^2 + i R + j
    out[(long long)oy * out_cols + ox] = in[(in_plane * height + h) * width + w];
}
