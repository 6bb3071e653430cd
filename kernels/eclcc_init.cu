// Initial labels of connected components, ECL-CC's init kernel (Jaiganesh and Burtscher,
// "A High-Performance Connected Components Implementation for GPUs", HPDC 2018; ECL-CC_10.cu
// of the Texas State ECL suite) (blind check set 46: written after calibration, never fitted
// on). As in ECL-CC: a grid-stride loop over the vertices (from = threadIdx.x + blockIdx.x
// ThreadsPerBlock, incr = gridDim.x ThreadsPerBlock) on the host's grid of SMs x
// maxThreadsPerMultiProcessor / ThreadsPerBlock blocks; each vertex v walks its CSR adjacency
// nlist[nidx[v] .. nidx[v + 1]) while m == v, m = min(m, nlist[i]) (the first neighbour with a
// smaller ID, or v itself), and stores nstat[v] = m; thread 0 resets the worklist pointers
// topL, posL, topH and posH. Departures: ThreadsPerBlock (256) the block's threads, any shape
// (the block linearized). Written from memory. Exact (integers). 1-D: the block is
// linearized.
#include "common.cuh"

__device__ int topL, posL, topH, posH;

extern "C" __global__ void eclcc_init(const int nodes, const int* const __restrict__ nidx,
                                      const int* const __restrict__ nlist,
                                      int* const __restrict__ nstat) {
    const int ThreadsPerBlock = (int)ga_nthreads();
    const int from = (int)ga_tid() + blockIdx.x * ThreadsPerBlock;
    const int incr = gridDim.x * ThreadsPerBlock;

    // init
    for (int v = from; v < nodes; v += incr) {
        const int beg = nidx[v];
        const int end = nidx[v + 1];
        int m = v;
        int i = beg;
        while ((m == v) && (i < end)) {
            m = min(m, nlist[i]);
            i++;
        }
        nstat[v] = m;
    }

    if (from == 0) {
        topL = 0;
        posL = 0;
        topH = nodes - 1;
        posH = nodes - 1;
    }
}
