// The sum of a complex array along its outer dimension, BART's kern_reduce_zadd_outer
// (mrirecon/bart, src/num/gpu_reduce.cu, behind cuda_reduce_zadd_outer in the same file: the
// GPU path of BART's strided reductions (md_zadd2 with a zero-strided output, md_zsum over an
// outer dimension), e.g. the coil sum of a SENSE adjoint, sum_c conj(S_c) x_c, over the coil
// dimension of a multi-coil image) (blind check set 67: written after calibration, never
// fitted on). As in BART: x = blockIdx.x blockDim.x + threadIdx.x the batch element ix (a
// grid-stride loop over dim_batch), y = blockIdx.y blockDim.y + threadIdx.y the first row
// idxy; the thread's shared slot tidy bx + tidx starts as src[idxy dim_batch + ix] and adds
// the rows idxy + k blockDim.y gridDim.y below dim_reduce; a shared-memory tree over the
// block's rows (s = blockDim.y / 2 down to 1, tidy < s adding tidy + s's slot) and row 0's
// threads atomicAdd the real and the imaginary part of the sum to dst[ix]; the host's
// blockDim (min(32, pow2 >= dim_batch), min(MY, 1024 / that)) with MY the least power of two
// with 8 MY >= dim_reduce, grid (cdiv(dim_batch, bx), min(32768, cdiv(MY, by))), bx by 8 B of
// dynamic shared memory. Departures: the block the sweep's, any shape (x the batch element,
// y*z the block's rows, z folded in); the tree from the least power of two at least the
// block's rows (any row count: BART's blockDim.y a power of two) with the partner below the
// rows; the first row's load 0 past dim_reduce (BART's grid never reaches past it; the
// sweep's taller blocks do); the batch loop walked by whole block columns with the bounds
// inside (every thread meets the barriers; BART's threads past dim_batch skip the loop);
// cuFloatComplex as float pairs. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole-number parts (every partial
// sum an integer below 2^24, in any order). 2-D: x the batch element, y*z the block's rows.
#include "common.cuh"

extern "C" __global__ void bart_reduce_zadd_outer(long long dim_reduce, long long dim_batch,
                                                  float* dst, const float* __restrict__ src) {
    extern __shared__ float sdata_c[];  // (re, im) pairs, one a thread

    const int tidx = threadIdx.x;
    const int tidy = ga_row_in_block();
    const int rows = ga_block_rows();
    const long long idxy = (long long)blockIdx.y * rows + tidy;
    const long long ystep = (long long)rows * gridDim.y;
    const int slot = 2 * (tidy * (int)blockDim.x + tidx);
    int top = 1;
    while (top < rows) top *= 2;

    for (long long base = (long long)blockIdx.x * blockDim.x; base < dim_batch;
         base += (long long)gridDim.x * blockDim.x) {
        const long long ix = base + tidx;
        const bool inside = ix < dim_batch;
        float re = 0.0f;
        float im = 0.0f;
        if (inside && idxy < dim_reduce) {
            re = src[2 * (idxy * dim_batch + ix)];
            im = src[2 * (idxy * dim_batch + ix) + 1];
        }
        if (inside) {
            for (long long j = ystep + idxy; j < dim_reduce; j += ystep) {
                re += src[2 * (j * dim_batch + ix)];
                im += src[2 * (j * dim_batch + ix) + 1];
            }
        }
        sdata_c[slot] = re;
        sdata_c[slot + 1] = im;
        __syncthreads();

        for (int s = top / 2; s > 0; s >>= 1) {
            if (tidy < s && tidy + s < rows) {
                const int other = slot + 2 * s * (int)blockDim.x;
                sdata_c[slot] += sdata_c[other];
                sdata_c[slot + 1] += sdata_c[other + 1];
            }
            __syncthreads();
        }

        if (tidy == 0 && inside) {
            atomicAdd(&dst[2 * ix], sdata_c[2 * tidx]);
            atomicAdd(&dst[2 * ix + 1], sdata_c[2 * tidx + 1]);
        }
        __syncthreads();  // the slots are rewritten by the next block column
    }
}
