// The augmentation charge of an ultrasoft-pseudopotential atom type, SIRIUS'
// sum_q_pw_dm_pw_gpu_kernel (electronic-structure/SIRIUS, src/Kernels/sum_q_pw_dm_pw.cu,
// behind sum_q_pw_dm_pw_gpu in the same file: Density::generate_rho_aug, once per atom type
// and spin component on every SCF step, the plane-wave coefficients of Q_{xi xi'}(G) summed
// against the density matrix' plane-wave coefficients over the packed xi <= xi' pairs) (blind
// check set 70: written after calibration, never fitted on). As in SIRIUS: one block a local
// G-vector igloc, ld = nbf (nbf + 1) / 2 packed pairs, each thread's pairs i = n blockDim.x +
// tid, qx and qy = q_pw[2 igloc ld + i] and q_pw[(2 igloc + 1) ld + i] (dx and dy from dm_pw
// alike), rho_re += w_i (dx qx - dy qy) and rho_im += w_i (dy qx + dx qy) in two shared-memory
// arrays of blockDim.x doubles, a tree sum (threads tid % 2s == 0 add tid + s, s doubling, a
// barrier a step), thread 0 adding the pair into rho_pw[igloc]; the host's 64 threads on
// num_gvec_loc blocks, 2 * 64 doubles of dynamic shared memory. Departures: the block the
// sweep's, any shape (linearized); the tree's partner added only inside the block (SIRIUS' 64
// is a power of two); the complex rho_pw as two doubles. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// coefficients and weights, every product and sum an integer far below 2^53, in any order,
// contracted or not. 1-D: one block a G-vector, the block linearized over its pairs.
#include "common.cuh"

extern "C" __global__ void sirius_sum_q_dm(int nbf, const double* __restrict__ q_pw,
                                           const double* __restrict__ dm_pw,
                                           const double* __restrict__ sym_weight,
                                           double* __restrict__ rho_pw) {
    extern __shared__ double sdata[];
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    double* rho_re = sdata;
    double* rho_im = sdata + threads;
    const int igloc = blockIdx.x;

    rho_re[tid] = 0.0;
    rho_im[tid] = 0.0;
    const int ld = nbf * (nbf + 1) / 2;
    const int nsteps = (ld + (int)threads - 1) / (int)threads;
    for (int n = 0; n < nsteps; n++) {
        const int i = n * (int)threads + (int)tid;
        if (i < ld) {
            const long long re = 2LL * igloc * ld + i;
            const long long im = (2LL * igloc + 1) * ld + i;
            const double qx = q_pw[re];
            const double qy = q_pw[im];
            const double dx = dm_pw[re];
            const double dy = dm_pw[im];
            rho_re[tid] += sym_weight[i] * (dx * qx - dy * qy);
            rho_im[tid] += sym_weight[i] * (dy * qx + dx * qy);
        }
    }
    __syncthreads();

    for (unsigned s = 1; s < threads; s *= 2) {
        if (tid % (2 * s) == 0 && tid + s < threads) {
            rho_re[tid] = rho_re[tid] + rho_re[tid + s];
            rho_im[tid] = rho_im[tid] + rho_im[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        rho_pw[2 * igloc] += rho_re[0];
        rho_pw[2 * igloc + 1] += rho_im[0];
    }
}
