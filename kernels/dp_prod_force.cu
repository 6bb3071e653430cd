// The forces on an atom's neighbours from the network's derivatives, DeePMD-kit's
// force_deriv_wrt_neighbors_a<float> (deepmodeling/deepmd-kit, source/lib/src/gpu/prod_force.cu,
// behind prod_force_a_gpu: the ProdForceSeA op of a Deep Potential se_a model's force, run every
// MD step through LAMMPS' pair_style deepmd) (blind check set 51: written after calibration,
// never fitted on). As in DeePMD-kit: idx = blockIdx.x the local atom (of all frames), idy =
// blockIdx.y blockDim.x + threadIdx.x its neighbour slot (a thread past nnei returning), idz =
// threadIdx.y the Cartesian component, ndescrpt = 4 nnei; j_idx = nlist[idx nnei + idy] (a
// negative entry, the list's -1 padding, returning); force_tmp the sum over the slot's 4
// descriptor entries idw of net_deriv[idx ndescrpt + idy 4 + idw] in_deriv[idx ndescrpt 3 +
// (idy 4 + idw) 3 + idz], atomically added to force[kk nall 3 + j_idx 3 + idz] (kk = idx / nloc
// the frame); the host's LEN (64) x 3 threads on (nframes nloc, cdiv(nnei, 64)) blocks, after
// the force's memset and force_deriv_wrt_center_atom. Departures: the block the sweep's, any
// shape: the slot from blockIdx.y blockDim.x + threadIdx.x (any bx), the block's rows by*bz
// (z folded in) the components, each row looping over the components from its own in steps of
// by*bz (DeePMD-kit's block exactly 3 rows: rows past the third return), the grid nframes
// nloc x cdiv(nnei, bx); force_deriv_wrt_center_atom not run (the force starts at zero, the
// manifest's); FPTYPE float (the single-precision model), int_64 long long, the product and
// sum __fmul_rn and __fadd_rn (no contraction). Written from memory. Exact (whole-number
// derivatives: every partial sum, the atomics' too, a small integer). x -> neighbour slot,
// y*z -> component (3), the grid's x the atom.
#include "common.cuh"

typedef long long int_64;

extern "C" __global__ void dp_prod_force(float* force, const float* net_deriv,
                                         const float* in_deriv, const int* nlist,
                                         const int nloc, const int nall, const int nnei) {
    // idy -> nnei
    const int_64 idx = blockIdx.x;
    const unsigned int idy = blockIdx.y * blockDim.x + threadIdx.x;
    if (ga_row_in_block() >= 3) return;
    const int ndescrpt = nnei * 4;
    if (idy >= nnei) {
        return;
    }
    // deriv wrt neighbors
    int j_idx = nlist[idx * nnei + idy];
    if (j_idx < 0) {
        return;
    }
    for (unsigned int idz = ga_row_in_block(); idz < 3; idz += ga_block_rows()) {
        float force_tmp = 0.f;
        for (int idw = 0; idw < 4; ++idw) {
            force_tmp = __fadd_rn(
                force_tmp, __fmul_rn(net_deriv[idx * ndescrpt + idy * 4 + idw],
                                     in_deriv[idx * ndescrpt * 3 + (idy * 4 + idw) * 3 + idz]));
        }
        const int_64 kk = idx / nloc;  // frame index
        atomicAdd(force + kk * nall * 3 + j_idx * 3 + idz, force_tmp);
    }
}
