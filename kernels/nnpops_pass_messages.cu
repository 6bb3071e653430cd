// NNPOps' passMessages forward kernel (openmm/NNPOps, src/pytorch/messages/passMessagesCUDA.cu,
// launched by Autograd::forward in the same file: the message passing of graph neural network
// potentials (SchNet-like models in TorchMD-Net and OpenMM-ML), each neighbour pair's message
// added to the states of both of its atoms) (blind check set 88: written after calibration,
// never fitted on). As in NNPOps: the neighbour pair i_neig from blockIdx.x, the direction
// i_dir (0 or 1) from blockIdx.y, i_atom = neighbors[i_dir][i_neig], nothing done for a
// negative (padding) atom, the feature from threadIdx.x, and new_states[i_atom][i_feat] +=
// messages[i_neig][i_feat] by atomicAdd; the host's num_features threads (a multiple of 32,
// at most 1,024) on num_neighbors x 2 blocks. Departures: the block the sweep's, any shape (x
// the feature, y*z the neighbour pair with z folded in, by*bz pairs a block, the direction
// from the grid's z), bounds checks on the pair and the feature for partial blocks, float
// only, offsets in 64 bits. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: whole numbers, so the atomic sums
// are order-free. 2-D, no shared memory: each thread a 4 B index load (a warp's lanes the same
// word), a 4 B message load (a warp's 128 B contiguous) and a 4 B atomicAdd into the gathered
// atom's row (a warp's 128 B contiguous, rows scattered).
#include "common.cuh"

extern "C" __global__ void nnpops_pass_messages(const int* neighbors, const float* messages,
                                                float* new_states, int num_neighbors,
                                                int num_features) {
    const int i_neig = ga_row();
    const int i_dir = blockIdx.z;
    const int i_feat = ga_col();
    if (i_neig >= num_neighbors || i_feat >= num_features) return;
    const int i_atom = neighbors[(long long)i_dir * num_neighbors + i_neig];
    if (i_atom < 0) return;
    atomicAdd(&new_states[(long long)i_atom * num_features + i_feat],
              messages[(long long)i_neig * num_features + i_feat]);
}
