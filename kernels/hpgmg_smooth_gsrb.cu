// One Gauss-Seidel red-black sweep of a variable-coefficient Helmholtz operator, miniGMG's
// __smooth_once_GSRB (hpgmg/hpgmg, miniGMG.cuda/kernels.cu, the cache version (the source's
// default without VL or __LOCALITY_VIA_SHARED: every operand through L1/L2), behind
// smooth(): each smoothing step of the V-cycle's down and up passes of miniGMG, the
// finite-volume geometric multigrid benchmark that became HPGMG-FV) (blind check set 65:
// written after calibration, never fitted on). As in miniGMG: the grid's z the box
// (subdomain), i from x and j from y over the box's dim x dim face, each thread walking its
// column of k planes; where i and j are inside the box, at planes whose colour ((i ^ j ^
// sweep) & 1, toggled every plane) is the sweep's, phi = phi - lambda (a alpha phi - b h^-2
// (beta_i(i+1) (phi(i+1) - phi) - beta_i (phi - phi(i-1)) + the same along j (pencil apart)
// and k (plane apart)) - rhs), elsewhere phi stored back unchanged; each grid's pointer at
// its first interior cell (plane + pencil + 1 past the box's start, one ghost cell a side); the
// host's TBDIMX x TBDIMY (32 x 4) blocks on dim / 32 x dim / 4 x boxes blocks. Departures: the
// block the sweep's, any shape (x the cell's i, y*z its j, z folded in, the grid's z the box,
// cdiv on both axes); the array of subdomain_type structs of per-level grid pointers one
// buffer per grid, the boxes box_volume doubles apart, and the box's dim, pencil and plane
// arguments. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number operands and h = 2^-HLOG (1/64: h^-2 = 4096): every
// product and sum an integer far below 2^53, contracted or not. 2-D: x the cell's i, y*z its
// j, the grid's z the box.
#include "common.cuh"

extern "C" __global__ void hpgmg_smooth_gsrb(double* __restrict__ phi_grids,
                                             const double* __restrict__ rhs_grids,
                                             const double* __restrict__ alpha_grids,
                                             const double* __restrict__ beta_i_grids,
                                             const double* __restrict__ beta_j_grids,
                                             const double* __restrict__ beta_k_grids,
                                             const double* __restrict__ lambda_grids, double a,
                                             double b, double h, int sweep, int dim, int pencil,
                                             int plane, long long box_volume) {
    const double h2inv = 1.0 / (h * h);
    const int box = blockIdx.z;
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int j = ga_row();

    const long long first = box * box_volume + plane + pencil + 1;  // cell (0, 0, 0)
    double* phi = phi_grids + first;
    const double* rhs = rhs_grids + first;
    const double* alpha = alpha_grids + first;
    const double* beta_i = beta_i_grids + first;
    const double* beta_j = beta_j_grids + first;
    const double* beta_k = beta_k_grids + first;
    const double* lambda = lambda_grids + first;

    int withinBounds = 1;
    if (i >= dim) withinBounds = 0;
    if (j >= dim) withinBounds = 0;

    int RedBlackUpdate = (i ^ j ^ sweep) & 0x1;

    for (int k = 0; k < dim; k++) {
        const int ijk = k * plane + j * pencil + i;
        if (withinBounds) {
            const double phi_ijk = phi[ijk];
            const double helmholtz_ijk =
                a * alpha[ijk] * phi[ijk] -
                b * h2inv *
                    (beta_i[ijk + 1] * (phi[ijk + 1] - phi[ijk]) -
                     beta_i[ijk] * (phi[ijk] - phi[ijk - 1]) +
                     beta_j[ijk + pencil] * (phi[ijk + pencil] - phi[ijk]) -
                     beta_j[ijk] * (phi[ijk] - phi[ijk - pencil]) +
                     beta_k[ijk + plane] * (phi[ijk + plane] - phi[ijk]) -
                     beta_k[ijk] * (phi[ijk] - phi[ijk - plane]));
            const double new_phi = phi_ijk - lambda[ijk] * (helmholtz_ijk - rhs[ijk]);
            phi[ijk] = (RedBlackUpdate) ? new_phi : phi_ijk;
        }
        RedBlackUpdate = RedBlackUpdate ^ 1;
    }
}
