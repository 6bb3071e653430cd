// The 4-bit quantized matrix-vector product of a GPTQ model's linear layer, GPTQ's
// VecQuant4MatMulKernel (IST-DASLab/gptq, quant_cuda_kernel.cu, behind vecquant4matmul: the
// reference CUDA kernel of the GPTQ paper (Frantar et al., ICLR 2023) for generating a token
// with a 4-bit model) (blind check set 53: written after calibration, never fitted on). As in
// GPTQ: the weight packed eight 4-bit values an int32 along K ([K / 8][N]), a block the
// BLOCKWIDTH columns col and a chunk of BLOCKWIDTH inputs (BLOCKHEIGHT4 = BLOCKWIDTH / 8
// packed rows from row = BLOCKHEIGHT4 blockIdx), the chunk of vec staged in shared memory
// (blockvec), a barrier, then per column scale = scales[col], zero = zeros[col] and
// res += (scale q - zero) blockvec[k] over the chunk's packed rows, the nibbles (tmp >> 4 m) &
// 0xF in turn, i += width a packed row; atomicAdd(&mul[col], res); the host's BLOCKWIDTH (256)
// threads on (cdiv(height, BLOCKHEIGHT4), cdiv(width, BLOCKWIDTH)). Departures: the block the
// sweep's, any shape (linearized: its threads the columns, BLOCKWIDTH split into them and a
// fixed chunk of 128 inputs, 16 packed rows), blockvec (a dynamic allocation of
// KCHUNK floats) staged by a loop over the block's threads, the grid's x the column blocks and its y the chunks (GPTQ's the other way round),
// columns past the width skipped (GPTQ's width a multiple of 256); scalar_t float. Written
// from memory. Exact: whole-number inputs, scales and zeros (every product and partial sum a
// small integer below 2^24: the order of the float atomicAdds does not matter). 1-D: the
// block is linearized, one thread a column of a chunk.
#include "common.cuh"

#define KCHUNK 128
#define KROWS (KCHUNK / 8)

__device__ __forceinline__ unsigned int as_unsigned(int i) { return *reinterpret_cast<unsigned int*>(&i); }

extern "C" __global__ void gptq_q4_matvec(const float* __restrict__ vec,
                                          const int* __restrict__ mat, float* __restrict__ mul,
                                          const float* __restrict__ scales,
                                          const float* __restrict__ zeros, int height,
                                          int width) {
    const int BLOCKWIDTH = ga_nthreads();
    const int tid = ga_tid();
    int row = KROWS * blockIdx.y;
    int col = BLOCKWIDTH * blockIdx.x + tid;

    extern __shared__ float blockvec[];  // KCHUNK floats
    for (int k = tid; k < KCHUNK; k += BLOCKWIDTH) {
        blockvec[k] = vec[(row / KROWS) * KCHUNK + k];
    }
    __syncthreads();
    if (col >= width) return;

    float scale = scales[col];
    float zero = zeros[col];

    float res = 0;
    int i = width * row + col;
    int k = 0;

    unsigned int tmp;

    while (k < KCHUNK) {
        tmp = as_unsigned(mat[i]);
        res += (scale * float((tmp >> 0) & 0xF) - zero) * blockvec[k + 0];
        res += (scale * float((tmp >> 4) & 0xF) - zero) * blockvec[k + 1];
        res += (scale * float((tmp >> 8) & 0xF) - zero) * blockvec[k + 2];
        res += (scale * float((tmp >> 12) & 0xF) - zero) * blockvec[k + 3];
        res += (scale * float((tmp >> 16) & 0xF) - zero) * blockvec[k + 4];
        res += (scale * float((tmp >> 20) & 0xF) - zero) * blockvec[k + 5];
        res += (scale * float((tmp >> 24) & 0xF) - zero) * blockvec[k + 6];
        res += (scale * float((tmp >> 28) & 0xF) - zero) * blockvec[k + 7];
        i += width;
        k += 8;
    }

    atomicAdd(&mul[col], res);
}
