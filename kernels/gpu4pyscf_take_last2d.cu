// Reordering the last two axes of a stack of matrices, GPU4PySCF's _take_last2d
// (pyscf/gpu4pyscf, gpu4pyscf/lib/cupy_helper/take_last2d.cu, behind take_last2d in the same
// file, called through gpu4pyscf.lib.cupy_helper.take_last2d: a[i] = b[i][idx][:, idx], e.g.
// density and Fock matrices moved between the sorted AO order of the GPU integral kernels and
// the basis' own order) (blind check set 71: written after calibration, never fitted on). As in
// GPU4PySCF: i = blockIdx.z (the matrix), j = the global x (a's row), k = the global y (a's
// column), inside (j < na and k < na) j_b = indices[j], k_b = indices[k] and a[i na na + j na
// + k] = b[i nb nb + j_b nb + k_b]; the host's THREADS x THREADS = 32 x 32 blocks on
// cdiv(na, 32) x cdiv(na, 32) x blk_size blocks. Departures: the block the sweep's, any shape
// (x a's row j, y*z a's column k, z folded in; the grid's z still the matrix). Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: copies. 2-D: x -> row of a (a warp's stores na doubles apart), y*z -> column.
#include "common.cuh"

extern "C" __global__ void gpu4pyscf_take_last2d(double* __restrict__ a,
                                                 const double* __restrict__ b,
                                                 const int* __restrict__ indices, int na,
                                                 int nb) {
    const long long i = blockIdx.z;
    const int j = ga_col();
    const int k = ga_row();
    if (j >= na || k >= na) {
        return;
    }
    const int j_b = indices[j];
    const int k_b = indices[k];
    const long long offa = i * na * na;
    const long long offb = i * nb * nb;
    a[offa + (long long)j * na + k] = b[offb + (long long)j_b * nb + k_b];
}
