// MFEM's ElementRestriction::TAddMultTranspose<false> (mfem/mfem, fem/restriction.cpp: the
// mfem::forall body behind ElementRestriction::MultTranspose, the transpose of the L-vector to
// E-vector restriction of MFEM's partial-assembly operators: each global degree of freedom
// summing, over the element-local copies that share it, their values in the element vector,
// a copy's sign flipped where its orientation is) (blind check set 103: written after
// calibration, never fitted on). As in MFEM: one thread a global dof i below ndofs, its
// copies offsets[i] .. offsets[i + 1] - 1 of the indices list; for each vector component c the
// sum over those copies of (indices[j] >= 0 ? x : -x)(idx % nd, c, idx / nd), idx =
// indices[j] or -1 - indices[j], x the E-vector [ne][vd][nd] (MFEM's column-major Reshape),
// stored at y(c, i) ordered by vdim or y(i, c) ordered by nodes; mfem::forall's
// MFEM_CUDA_BLOCKS = 256 threads on cdiv(ndofs, 256) blocks. Departures: the block the
// sweep's, any shape (linearized); real_t as double (MFEM's default); the DeviceTensor
// reshapes as explicit offsets; 64-bit offsets. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: sums of whole numbers in
// float64. 1-D, no shared memory, a CSR-like gather: two 4 B offset loads (a warp's 128 B
// contiguous), per copy a 4 B index load (contiguous runs) and vd 8 B gathers from the
// element vector (scattered), then vd 8 B stores (a warp's 256 B contiguous a component when
// ordered by nodes).
#include "common.cuh"

extern "C" __global__ void mfem_restrict_transpose(const int* offsets, const int* indices,
                                                   const double* x, double* y, int nd, int vd,
                                                   int ndofs, int byvdim) {
    const long long i = ga_linear();
    if (i >= ndofs) return;
    const int offset = offsets[i];
    const int next_offset = offsets[i + 1];
    for (int c = 0; c < vd; c++) {
        double dof_value = 0.0;
        for (int j = offset; j < next_offset; j++) {
            const int sidx = indices[j];
            const int idx = sidx >= 0 ? sidx : -1 - sidx;
            const double v = x[(long long)idx % nd + (long long)nd * (c + (long long)vd * (idx / nd))];
            dof_value += sidx >= 0 ? v : -v;
        }
        if (byvdim) y[c + (long long)vd * i] = dof_value;
        else y[i + (long long)ndofs * c] = dof_value;
    }
}
