// NWChem's sd_t_d1_3_kernel (nwchemgit/nwchem, src/tce/ccsd_t/sd_t_total.cu, launched by
// sd_t_d1_3_cuda in the same file behind the TCE's CCSD(T) triples driver: one of the nine
// "d1" contractions of the perturbative triples correction, triplesx[h1, h3, p5, p4] -=
// the sum over h7 of t2sub[h7, p4, p5, h1] v2sub[h3, h7], the host having folded h2 and p6
// into h3) (blind check set 101: written after calibration, never fitted on). As in NWChem:
// a T2 x T1 = 16 x 16 block computes a (4 T2) x (4 T1) tile, each thread 4 x 4 outputs: x
// (threadIdx.x, then + 16, 32, 48) the folded h3 index, y (threadIdx.y and the same steps)
// the (h1, p5, p4) index, h1 fastest; per chunk of Tcomm = 16 h7 values, the threads of each
// row copy their four t2sub rows' h7 values into a shared [4 T1][Tcomm] tile and the threads
// of each column their four v2sub columns into a shared [Tcomm][4 T2] tile (each only where
// its row or column is inside total_y or total_x), a barrier, the 16 products a step summed
// in registers, a barrier; then each output inside (thread_x + 16 j < total_x, and of the
// rows the ones with thread_y + 16 i < total_y) has its sum subtracted from triplesx at
// h1 h1ld + h3 h3ld + p5 p5ld + p4 p4ld (h1ld 1: x, the h3 index, is h1d doubles apart in the
// output); the host's T2 x T1 = 16 x 16 threads on DIV_UB(total_x, 64) x DIV_UB(total_y, 64)
// blocks. Departures: the block the sweep's, any shape (T2 = bx, T1 = by bz with z folded
// into the rows: a (4 bx) x (4 by bz) tile a block, the four outputs a thread bx columns and
// by bz rows apart, the shared tiles 8 x 16 x 4 (bx + by bz) B of dynamic shared memory);
// the source's unrolled 16 accumulators and four-way store cascade as loops over a 4 x 4
// register array (the same outputs stored); sizes and strides as int, offsets in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: products and sums of whole numbers far inside float64's 53 bits.
// 2-D, shared memory, a per-thread 4 x 4 register tile: per 16-term chunk up to four 8 B
// t2sub loads a thread (a row's lanes along h7, 128 B contiguous) and four 8 B v2sub loads
// (a warp's 256 B contiguous along h3), a barrier, 16 x 8 shared reads, 16 FMAs a step, and
// at the end 16 8 B read-modify-writes of triplesx (a warp's lanes h1d doubles apart).
#include "common.cuh"

#define NW_TCOMM 16

extern "C" __global__ void nwchem_sd_t_d1_3(int h1d, int h3d, int h7d, int p4d, int p5d,
                                            int h7ld_t2sub, int p4ld_t2sub, int p5ld_t2sub,
                                            int h1ld_t2sub, int h3ld_v2sub, int h7ld_v2sub,
                                            int h1ld_triplesx, int h3ld_triplesx,
                                            int p5ld_triplesx, int p4ld_triplesx,
                                            double* triplesx_d, const double* t2sub_d,
                                            const double* v2sub_d, int total_x, int total_y) {
    extern __shared__ double nw_smem[];
    const int tx_n = blockDim.x;        // T2
    const int ty_n = ga_block_rows();   // T1
    double* t2sub_shm = nw_smem;                           // [4 T1][Tcomm]
    double* v2sub_shm = nw_smem + 4 * ty_n * NW_TCOMM;     // [Tcomm][4 T2]
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int thread_x = 4 * tx_n * blockIdx.x + tx;
    const int thread_y = 4 * ty_n * blockIdx.y + ty;
    int h1[4], h3[4], p4[4], p5[4];
#pragma unroll
    for (int k = 0; k < 4; ++k) {
        h3[k] = thread_x + tx_n * k;
        int rest_y = thread_y + ty_n * k;
        h1[k] = rest_y % h1d;
        rest_y /= h1d;
        p5[k] = rest_y % p5d;
        p4[k] = rest_y / p5d;
    }
    double acc[4][4];
#pragma unroll
    for (int j = 0; j < 4; ++j)
#pragma unroll
        for (int i = 0; i < 4; ++i) acc[j][i] = 0.0;

    for (int h7t = 0; h7t < h7d; h7t += NW_TCOMM) {
        const int h7l_hi = min(NW_TCOMM + h7t, h7d) - h7t;
#pragma unroll
        for (int k = 0; k < 4; ++k) {
            const long long t2_off = (long long)p4[k] * p4ld_t2sub +
                                     (long long)p5[k] * p5ld_t2sub +
                                     (long long)h1[k] * h1ld_t2sub;
            const long long v2_off = (long long)h3[k] * h3ld_v2sub;
            if (thread_y + ty_n * k < total_y)
                for (int h7l = tx; h7l < h7l_hi; h7l += tx_n)
                    t2sub_shm[(ty + ty_n * k) * NW_TCOMM + h7l] =
                        t2sub_d[t2_off + (long long)(h7l + h7t) * h7ld_t2sub];
            if (thread_x + tx_n * k < total_x)
                for (int h7l = ty; h7l < h7l_hi; h7l += ty_n)
                    v2sub_shm[h7l * 4 * tx_n + tx + tx_n * k] =
                        v2sub_d[v2_off + (long long)(h7l + h7t) * h7ld_v2sub];
        }
        __syncthreads();
        for (int h7l = 0; h7l < h7l_hi; ++h7l) {
            double a[4], b[4];
#pragma unroll
            for (int k = 0; k < 4; ++k) {
                a[k] = t2sub_shm[(ty + ty_n * k) * NW_TCOMM + h7l];
                b[k] = v2sub_shm[h7l * 4 * tx_n + tx + tx_n * k];
            }
#pragma unroll
            for (int j = 0; j < 4; ++j)
#pragma unroll
                for (int i = 0; i < 4; ++i) acc[j][i] += a[i] * b[j];
        }
        __syncthreads();
    }
#pragma unroll
    for (int j = 0; j < 4; ++j) {
        if (thread_x + tx_n * j >= total_x) continue;
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            if (thread_y + ty_n * i < total_y)
                triplesx_d[(long long)h1[i] * h1ld_triplesx + (long long)h3[j] * h3ld_triplesx +
                           (long long)p5[i] * p5ld_triplesx + (long long)p4[i] * p4ld_triplesx] -=
                    acc[j][i];
        }
    }
}
