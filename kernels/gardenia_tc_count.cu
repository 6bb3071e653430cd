// Gardenia's ordered_count (chenxuhao/gardenia, src/tc/base.cu, launched by TCSolver in the
// same file: the triangle count of the Gardenia graph benchmark suite, each vertex u merging
// its sorted neighbour list with each neighbour's list and counting the common neighbours)
// (blind check set 92: written after calibration, never fitted on). As in Gardenia: u =
// blockIdx.x blockDim.x + threadIdx.x; where u < m, for each neighbour v of u (row_offsets,
// column_indices), a cursor `it` from u's first neighbour walks forward while
// column_indices[it] < w and it < end_u (the value read before the bound, as in the source)
// for each neighbour w of v, counting w where it != end_u and column_indices[it] == w; the
// block's counts summed (cub::BlockReduce<int, BLOCK_SIZE>::Sum) and thread 0 atomicAdd-ing
// the block's sum to *total; the host's BLOCK_SIZE threads (its value, in a header not read)
// on cdiv(m, BLOCK_SIZE) blocks. Departures: the block the sweep's, any shape (linearized);
// the block reduction as a shared-memory halving over 4 threads B of dynamic shared memory (a
// barrier a step, generalized to a thread count that is not a power of two) for CUB's.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: integer counts. 1-D, shared memory: one thread a vertex, two 4 B
// row-pointer loads (a warp's 128 B contiguous), a loop over its neighbours each with two
// dependent 4 B row-pointer gathers and a loop over the neighbour's 4 B columns merged
// against its own (the lanes' loops of different lengths), a block reduction and one 4 B
// atomicAdd a block to one address.
#include "common.cuh"

extern "C" __global__ void gardenia_tc_count(int m, const int* row_offsets,
                                             const int* column_indices, int* total) {
    extern __shared__ int gd_sums[];
    const long long u = ga_linear();
    const unsigned tid = ga_tid();
    const unsigned nthreads = ga_nthreads();
    int local_total = 0;
    if (u < m) {
        const int begin_u = row_offsets[u];
        const int end_u = row_offsets[u + 1];
        for (int off_u = begin_u; off_u < end_u; ++off_u) {
            const int v = column_indices[off_u];
            const int begin_v = row_offsets[v];
            const int end_v = row_offsets[v + 1];
            int it = begin_u;
            for (int off_v = begin_v; off_v < end_v; ++off_v) {
                const int w = column_indices[off_v];
                while (column_indices[it] < w && it < end_u) ++it;
                if (it != end_u && column_indices[it] == w) local_total += 1;
            }
        }
    }
    gd_sums[tid] = local_total;
    __syncthreads();
    unsigned span = 1;
    while (span < nthreads) span <<= 1;
    for (unsigned s = span >> 1; s > 0; s >>= 1) {
        if (tid < s && tid + s < nthreads) gd_sums[tid] += gd_sums[tid + s];
        __syncthreads();
    }
    if (tid == 0) atomicAdd(total, gd_sums[0]);
}
