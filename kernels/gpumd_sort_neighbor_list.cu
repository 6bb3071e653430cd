// The in-place sort of every atom's neighbour list, GPUMD's gpu_sort_neighbor_list
// (brucefan1983/GPUMD, src/force/neighbor.cuh, behind find_neighbor in src/force/neighbor.cu:
// Neighbor::find_neighbor_global's cell-list build for the empirical potentials, right after
// gpu_find_neighbor_ON1 fills the lists in whatever order the cells were walked, so that the
// force loops see each atom's neighbours in ascending index order) (blind check set 62:
// written after calibration, never fitted on). As in GPUMD: one block per atom (bid =
// blockIdx.x), its neighbour_number = NN[bid]; thread tid below it loads slot tid of the
// atom's list from the slot-major neighbour array (NL[N tid + bid]: consecutive atoms adjacent,
// consecutive slots N ints apart) into shared memory, a barrier, then counts the list's entries
// smaller than its own and stores its entry at slot count (NL[N count + bid]); the host's MN
// threads (the list capacity) and MN ints of shared memory on N blocks. Departures: the block
// the sweep's, any shape (linearized: the slots in passes of the block's threads, each
// thread's entries read back from the shared copy after the barrier, as GPUMD's ILP variant
// gpu_sort_neighbor_list_ilp does past 1,024 neighbours); size_t indices as long long.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: integer compares (equal entries store the same value at the same slot, the
// slots they leave keep what they held). 1-D: the block is linearized, one block an atom.
#include "common.cuh"

extern "C" __global__ void gpumd_sort_neighbor_list(int N, const int* __restrict__ NN,
                                                    int* __restrict__ NL) {
    extern __shared__ int atom_index_copy[];
    const int bid = blockIdx.x;
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int neighbor_number = NN[bid];

    for (int slot = tid; slot < neighbor_number; slot += threads) {
        atom_index_copy[slot] = NL[(long long)N * slot + bid];
    }
    __syncthreads();

    for (int slot = tid; slot < neighbor_number; slot += threads) {
        const int atom_index = atom_index_copy[slot];
        int count = 0;
        for (int j = 0; j < neighbor_number; ++j) {
            if (atom_index > atom_index_copy[j]) {
                count++;
            }
        }
        NL[(long long)N * count + bid] = atom_index;
    }
}
