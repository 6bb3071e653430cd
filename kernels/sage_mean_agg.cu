// Neighbour mean aggregation of a graph neural network layer, GraphSAGE's mean aggregator
// (PyG's SAGEConv propagate with aggr="mean" over a CSR adjacency, torch_sparse's
// matmul(adj_t, x, reduce="mean")): h_N(v) = mean over the in-neighbours u of v of x_u,
// one thread per output feature element (blind check set 18: written after calibration,
// never fitted on; its sweeps go to fixtures/hopper/blind18/ once recorded). Inputs: the
// sampled adjacency in CSR by destination node (row_ptr, col_idx of the source nodes) and
// the node feature matrix x (nodes x dim float32, row-major). Thread i takes node i / dim
// and feature i % dim: two 4 B loads of the row pointers and, per neighbour, a 4 B load of
// its id (the same address for the lanes of one node: broadcast) and a 4 B gather of that
// neighbour's feature (a warp's lanes read 128 contiguous bytes of one random row of x),
// then one division by the degree (0 without neighbours) and one contiguous 4 B store; a
// warp runs as many neighbours as its longest node. float32: the integer inputs keep the
// sums exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void sage_mean_agg(const int* __restrict__ row_ptr,
                                         const int* __restrict__ col_idx,
                                         const float* __restrict__ x, float* __restrict__ out,
                                         long long elems, int dim) {
    const long long i = ga_linear();
    if (i >= elems) {
        return;
    }
    const long long node = i / dim;
    const int f = (int)(i - node * dim);
    const int begin = row_ptr[node], end = row_ptr[node + 1];
    float acc = 0.0f;
    for (int e = begin; e < end; ++e) {
        acc += x[(long long)col_idx[e] * dim + f];
    }
    const int deg = end - begin;
    out[i] = deg > 0 ? acc / (float)deg : 0.0f;
}
