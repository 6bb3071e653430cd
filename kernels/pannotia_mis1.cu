// Maximal independent set, Pannotia's mis1 kernel (pannotia graph_app/mis, the first of the
// two kernels of each round of Luby's algorithm: every undecided vertex finds the smallest
// random value among its undecided neighbours) (blind check set 43: written after
// calibration, never fitted on). As in Pannotia: one thread per vertex; an undecided vertex
// (c_array -1) raises the stop flag, walks its CSR row (the end from row[tid + 1], or
// num_edges for the last vertex), and for each neighbour still undecided (a gather of
// c_array at col[edge]) takes the minimum of its node_value (a second gather at the same
// vertex), starting from BIGNUM; min_array[tid] stores it. Departures: the s_array argument (unused here)
// dropped; the block any shape, linearized. Written from memory. Integer data: exact. 1-D: the block is
// linearized; one vertex per thread, two dependent gathers per edge.
#include "common.cuh"

#define MIS_BIGNUM 99999999

extern "C" __global__ void pannotia_mis1(const int* __restrict__ row, const int* __restrict__ col,
                                         const int* __restrict__ node_value,
                                         const int* __restrict__ c_array,
                                         int* __restrict__ min_array, int* __restrict__ stop,
                                         const int num_nodes, const int num_edges) {
    const long long tid = ga_linear();
    if (tid < num_nodes) {
        // If the vertex is not processed
        if (c_array[tid] == -1) {
            *stop = 1;
            const int start = row[tid];
            const int end = (tid + 1 < num_nodes) ? row[tid + 1] : num_edges;
            int min = MIS_BIGNUM;
            // Navigate the neighbor list
            for (int edge = start; edge < end; edge++) {
                // Check if neighbor is not yet processed
                if (c_array[col[edge]] == -1) {
                    // Find the minimum value of the neighbors
                    if (node_value[col[edge]] < min) min = node_value[col[edge]];
                }
            }
            // Store the minimum
            min_array[tid] = min;
        }
    }
}
