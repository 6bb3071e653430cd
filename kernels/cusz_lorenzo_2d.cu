// Error-bounded lossy compression, cuSZ's 2-D dual-quantization Lorenzo predictor
// (szcompressor/cuSZ, cusz::predictor_quantizer::c_lorenzo_2d1l: the first stage of the
// compressor, before the Huffman coding of the quantization codes) (blind check set 44:
// written after calibration, never fitted on). As in cuSZ: one thread per value (x from x, y
// from y); prequantization of the value, round(d ebx2_r) with ebx2_r = 1 / (2 eb), into a
// shared-memory tile with one row and one column of padding above and to the left; a barrier;
// the first-order Lorenzo prediction pred = s[y][x - 1] + s[y - 1][x] - s[y - 1][x - 1] of the
// prequantized value, with the padding 0 at the border of each B x B (16 x 16) chunk so that
// the chunks decompress independently; delta = s[y][x] - pred; quantizable where |delta| <
// radius; candidate = delta + radius; the code quantizable * candidate stored, the outlier
// (1 - quantizable) * candidate beside it. Departures: cuSZ's block is its chunk (B x B
// threads, the padding the tile's own first row and column); here the block any shape, its
// tile (bx + 1) x (by*bz + 1) sized from the block, the padding row and column loaded from
// the neighbouring blocks' prequantized values, and the chunk borders (x % B or y % B 0) made
// zeros where the prediction reads them, so that the codes are cuSZ's whatever the block; the
// outliers in an array of their own rather than written back over the data (a block's halo
// reads its neighbours' data); the quant codes int32 (cuSZ's uint16_t, dictionary size 1024);
// threads past the array's edge load zeros and store nothing (cuSZ returns before its
// barrier). Written from memory. Integer-valued data and a power-of-two ebx2_r: the products
// exact, round() half away from zero, every difference exact. x -> x, y*z -> y.
#include "common.cuh"

#define CUSZ_B 16  // MetadataTrait<2>::Block: cuSZ's 16 x 16 chunks in 2-D

extern "C" __global__ void cusz_lorenzo_2d(const float* __restrict__ data,
                                           int* __restrict__ quant,
                                           float* __restrict__ outlier, const int d0,
                                           const int d1, const int stride1,
                                           const float ebx2_r, const int radius) {
    extern __shared__ float s2df[];  // (blockDim.y*z + 1) rows of blockDim.x + 1
    const int pitch = blockDim.x + 1;
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int x = ga_col();
    const int y = ga_row();

    // prequantization (the padding row and column from the neighbouring blocks)
    s2df[(ty + 1) * pitch + tx + 1] =
        (x < d0 && y < d1) ? round(data[x + y * stride1] * ebx2_r) : 0;
    if (tx == 0) {
        s2df[(ty + 1) * pitch] =
            (x >= 1 && x - 1 < d0 && y < d1) ? round(data[(x - 1) + y * stride1] * ebx2_r) : 0;
    }
    if (ty == 0) {
        s2df[tx + 1] =
            (y >= 1 && x < d0 && y - 1 < d1) ? round(data[x + (y - 1) * stride1] * ebx2_r) : 0;
    }
    if (tx == 0 && ty == 0) {
        s2df[0] = (x >= 1 && y >= 1 && x - 1 < d0 && y - 1 < d1)
                      ? round(data[(x - 1) + (y - 1) * stride1] * ebx2_r)
                      : 0;
    }
    __syncthreads();

    if (x >= d0 || y >= d1) return;

    // the chunk's padding: zeros at its first column and first row
    const float west = (x % CUSZ_B) ? s2df[(ty + 1) * pitch + tx] : 0;
    const float north = (y % CUSZ_B) ? s2df[ty * pitch + tx + 1] : 0;
    const float northwest = (x % CUSZ_B && y % CUSZ_B) ? s2df[ty * pitch + tx] : 0;

    float pred = west + north - northwest;
    float delta = s2df[(ty + 1) * pitch + tx + 1] - pred;
    bool quantizable = fabs(delta) < radius;
    float candidate = delta + radius;
    const size_t id = x + (size_t)y * stride1;
    outlier[id] = (1 - quantizable) * candidate;
    quant[id] = quantizable * static_cast<int>(candidate);
}
