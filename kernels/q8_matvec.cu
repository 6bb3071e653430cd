// Matrix-vector product with 8-bit block-quantized weights (llama.cpp's Q8_0 layout: groups
// of 32 int8 weights sharing one scale), y[r] = sum over groups g of scale[r][g] * sum over
// the group's k of q[r][32 g + k] * x[32 g + k], as LLM inference runs its projections and
// its vocabulary head for one token (blind check set 10: kept out of every fit; its sweeps go
// to fixtures/hopper/blind10/ once recorded). A block takes by*bz rows and bx threads per row,
// and the grid has one block column whatever bx is: the row's bx threads walk its COLS / 4
// weight words a row-width apart (contiguous 4 B loads of four int8, a 16 B load of x from
// L1/L2 and the group's scale per word), then reduce their partial sums across x through
// shared memory (a tree from the largest power of two below bx, a barrier per step) and the
// first thread stores y[r]. COLS is a multiple of 32. Integer-valued weights, scales and x
// keep every partial sum an exact float32 integer (below 2^24), so the order does not matter.
// Dynamic shared memory: 4 * threads bytes. Every thread reaches every barrier, rows beyond
// ROWS included. x -> position along the row, y*z -> row.
#include "common.cuh"

extern "C" __global__ void q8_matvec(const unsigned* __restrict__ q, const float* __restrict__ scales,
                                     const float* __restrict__ x, float* __restrict__ y, int rows,
                                     int cols) {
    extern __shared__ float q8_partial[];
    const int r = ga_row();
    const unsigned tx = threadIdx.x;
    const unsigned bx = blockDim.x;
    const int words = cols / 4, groups = cols / 32;
    float sum = 0.0f;
    if (r < rows) {
        const unsigned* qrow = q + (long long)r * words;
        const float* srow = scales + (long long)r * groups;
        const float4* x4 = reinterpret_cast<const float4*>(x);
        for (int wi = tx; wi < words; wi += bx) {
            const unsigned v = qrow[wi];
            const float4 xv = x4[wi];
            const float dot = (float)(signed char)(v & 255u) * xv.x +
                              (float)(signed char)((v >> 8) & 255u) * xv.y +
                              (float)(signed char)((v >> 16) & 255u) * xv.z +
                              (float)(signed char)(v >> 24) * xv.w;
            sum += srow[wi / 8] * dot;
        }
    }
    float* red = q8_partial + ga_row_in_block() * bx;
    red[tx] = sum;
    __syncthreads();
    unsigned p = 1;
    while (2 * p <= bx) {
        p *= 2;
    }
    if (tx < bx - p) {
        red[tx] += red[tx + p];
    }
    __syncthreads();
    for (unsigned s = p / 2; s > 0; s /= 2) {
        if (tx < s) {
            red[tx] += red[tx + s];
        }
        __syncthreads();
    }
    if (tx == 0 && r < rows) {
        y[r] = red[0];
    }
}
