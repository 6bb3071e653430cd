// The first step of a round of Pannotia's maximal-value graph colouring (Pannotia, AMD
// Research's graph suite: color_max's color1 kernel, graph_app/color's kernel_max, ported from
// its OpenCL kernel_max.cl to CUDA in Pannotia's CUDA release), one vertex per thread (blind
// check set 30: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind30/ once recorded). An uncoloured vertex (color_array -1) walks its CSR
// neighbour list and stores in max_d the largest node_value among its uncoloured neighbours
// (-1 when there is none), raising the stop flag when it sees one; as in Pannotia a vertex
// with a single neighbour (start == end - 1) counts none, and row holds num_nodes offsets (the
// last list ends at num_edges). Coloured vertices keep max_d's contents; color (the round's
// colour, used by color2) is unused here. Per thread: its colour, two 4 B row offsets, then per
// edge a 4 B load of col (each lane its own contiguous run), a 4 B gather of the neighbour's
// colour and, for an uncoloured neighbour, of its value, at random vertices of 16 MiB arrays
// (data-dependent gathers), and a 4 B store of the flag (the same word for every thread);
// one 4 B store. Integers: exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void pannotia_color_max(const int* __restrict__ row,
                                              const int* __restrict__ col,
                                              const int* __restrict__ node_value,
                                              const int* __restrict__ color_array,
                                              int* __restrict__ stop, int* __restrict__ max_d,
                                              const int color, const int num_nodes,
                                              const int num_edges) {
    // Get my thread workitem id
    long long tid = ga_linear();  // blockIdx.x * blockDim.x + threadIdx.x

    if (tid < num_nodes) {
        // If the vertex is still not colored
        if (color_array[tid] == -1) {
            // Get the start and end pointer of the neighbor list
            int start = row[tid];
            int end;
            if (tid + 1 < num_nodes)
                end = row[tid + 1];
            else
                end = num_edges;

            int maximum = -1;
            // Navigate the neighbor list
            for (int edge = start; edge < end; edge++) {
                // Determine if the vertex value is the maximum in the neighborhood
                if (color_array[col[edge]] == -1 && start != end - 1) {
                    *stop = 1;
                    if (node_value[col[edge]] > maximum) maximum = node_value[col[edge]];
                }
            }
            // Assign maximum the max array
            max_d[tid] = maximum;
        }
    }
}
