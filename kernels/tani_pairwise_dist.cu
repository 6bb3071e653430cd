// TorchANI's pairwiseDistance<int, float> (aiqm/torchani, torchani/cuaev/aev.cu, launched by
// cuaev_forward in the same file for a batch of molecules: the first step of cuaev's ANI
// atomic environment vectors, every ordered pair of real atoms of a molecule given its
// distance, molecule and atom indices in a PairDist record, before the pairs within the radial
// cutoff are selected) (blind check set 100: written after calibration, never fitted on). As
// in TorchANI: one block a molecule; its threads (threadIdx.y blockDim.x + threadIdx.x) stage
// the molecule's x, y and z coordinates in dynamic shared memory, a barrier, then the block's
// rows (threadIdx.y, striding by blockDim.y) take the atoms i and its columns (threadIdx.x,
// striding by blockDim.x) the atoms j; for real atoms (species not -1) and i != j, Rij =
// sqrt(dx^2 + dy^2 + dz^2) of the coordinates' differences (j minus i) and d_Rij[mol N N + i N
// + j] = {Rij, mol, i, j}; the host's 8 x 8 threads on n_molecules blocks with 3 N floats of
// shared memory. Departures: the block the sweep's, any shape (the staging linearized over the
// whole block; x the atom j, y*z the atom i with z folded in); the packed accessors as plain
// arrays; the 12-byte PairDist records written into a buffer of 32-bit words; 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number coordinates, so each squared distance is exact whatever the
// contraction and its square root correctly rounded (IEEE sqrt, as NumPy's). 2-D, shared
// memory, a per-block work split: three 4 B coordinate loads a staged atom (12 B apart), a
// barrier, then a loop of pairs: a 4 B species load each (a warp's lanes on consecutive j),
// three 4 B shared reads and one 12 B record store (a warp's 384 B contiguous).
#include "common.cuh"

struct TaniPairDist {
    float Rij;
    int midx;
    short i;
    short j;
};

extern "C" __global__ void tani_pairwise_dist(const int* species, const float* pos,
                                              int* d_Rij, int max_natoms_per_mol) {
    extern __shared__ float spos[];
    const int n = max_natoms_per_mol;
    float* sx = spos;
    float* sy = spos + n;
    float* sz = spos + 2 * n;
    const int mol = blockIdx.x;
    const float* p = pos + (long long)mol * n * 3;
    for (int a = (int)ga_tid(); a < n; a += (int)ga_nthreads()) {
        sx[a] = p[a * 3 + 0];
        sy[a] = p[a * 3 + 1];
        sz[a] = p[a * 3 + 2];
    }
    __syncthreads();
    const int* spec = species + (long long)mol * n;
    TaniPairDist* out = reinterpret_cast<TaniPairDist*>(d_Rij) + (long long)mol * n * n;
    for (int i = ga_row_in_block(); i < n; i += ga_block_rows()) {
        const int type_i = spec[i];
        const float xi = sx[i], yi = sy[i], zi = sz[i];
        for (int j = threadIdx.x; j < n; j += blockDim.x) {
            const int type_j = spec[j];
            const float dx = sx[j] - xi;
            const float dy = sy[j] - yi;
            const float dz = sz[j] - zi;
            const float rsq = dx * dx + dy * dy + dz * dz;
            if (type_i != -1 && type_j != -1 && i != j) {
                TaniPairDist d;
                d.Rij = sqrtf(rsq);
                d.midx = mol;
                d.i = (short)i;
                d.j = (short)j;
                out[(long long)i * n + j] = d;
            }
        }
    }
}
