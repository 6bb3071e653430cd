// The in-degree count of a graph, GraphBIG's degree-centrality kernel (graphbig/graphBIG,
// gpu_bench/gpu_DegreeCentr/degree_centr.cu, `kernel` behind cuda_degree_centr in the same
// file: the GPU Degree Centrality benchmark of the GraphBIG suite, on its CSR graph
// (gpu_bench/lib/cudaGraph.h)) (blind check set 69: written after calibration, never fitted
// on). As in GraphBIG: tid = blockIdx.x blockDim.x + threadIdx.x below vertex_cnt, its edges
// from vlist[tid] (get_firstedge_index) to vlist[tid + 1] (get_edge_index_end), each dest =
// elist[i] (get_edge_dest) counted by atomicAdd(&vplist[dest], 1); the host's min(vertex_cnt,
// maxThreadsPerBlock = 1024) threads on ceil(vertex_cnt / threads) blocks. Departures: the
// block the sweep's, any shape (linearized); the counts added onto the inout array (the host's
// initialize kernel zeroes them first), the cudaGraph struct's fields as arguments, uint64
// lists int64 (vertex ids and edge offsets far below 2^63). Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: unsigned
// counts. 1-D: the block is linearized, one thread a vertex.
#include "common.cuh"

extern "C" __global__ void graphbig_degree_centr(unsigned* __restrict__ vplist,
                                                 const long long* __restrict__ vlist,
                                                 const long long* __restrict__ elist,
                                                 long long vertex_cnt, long long edge_cnt) {
    const long long tid = ga_linear();
    if (tid >= vertex_cnt) return;

    const long long start = vlist[tid];
    const long long end = vlist[tid + 1];
    for (long long i = start; i < end; i++) {
        const long long dest = elist[i];
        atomicAdd(&vplist[dest], 1u);
    }
}
