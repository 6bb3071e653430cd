// The position update of a smoothed-particle-hydrodynamics step, DualSPHysics'
// KerComputeStepPos<periactive = true, floatings = false> with KerUpdatePos
// (DualSPHysics/DualSPHysics, src/source/JSphGpu_ker.cu, behind cusph::ComputeStepPos:
// JSphGpu::ComputeVerlet, every Verlet step after ComputeStepVerlet has computed each fluid
// particle's displacement, in a case with periodic open boundaries along x) (blind check set
// 63: written after calibration, never fitted on). As in DualSPHysics (CODE_SIZE4: 32-bit
// codes): one thread a fluid particle p = pt + pini (pini the boundary particles'
// count); where its code is normal or excluded by density (periodic duplicates are skipped),
// the displacement (movxy, movz) is added to its position (posxy a double2, posz a double); a
// move larger than movlimit along any axis (as floats) marks it excluded by motion; outside the
// real domain (a NaN, or below maprealposmin, or at or past maprealsize from it) the periodic
// axes (periactive bits 1, 2, 4) wrap the position by their increments (xperinc etc.) and the
// others mark it excluded by position; the position is stored; an excluded particle gets the
// code's special bits set (position before density before motion) and the cell DCEL_CodeMapOut,
// the others the cell (cx, cy, cz) = (d / scell) of its offset from domposmin, packed with
// cellcode's shifts (cx << (sy + sz) | cy << sz | cz); SPHBSIZE (256) threads on cdiv(n, 256)
// blocks. Departures: the block the sweep's, any shape (linearized); the __constant__
// StCteInteraction's fields as arguments; double2 as a 16 B pair of doubles. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number positions and displacements, a power-of-two cell size (every sum, difference
// and quotient exact in double). 1-D: the block is linearized, one thread a fluid particle.
#include "common.cuh"

struct alignas(16) dsph_double2 {  // CUDA's double2: one 16 B load and store
    double x, y;
};

#define DSPH_CODE_MASKSPECIAL 0xe0000000u
#define DSPH_CODE_NORMAL 0x0u
#define DSPH_CODE_OUTMOV 0x60000000u
#define DSPH_CODE_OUTPOS 0x80000000u
#define DSPH_CODE_OUTRHO 0xA0000000u
#define DSPH_DCEL_CodeMapOut 0xffffffffu

extern "C" __global__ void dsph_compute_step_pos(
    unsigned n, unsigned pini, const double* __restrict__ movxy_words,
    const double* __restrict__ movz, double* __restrict__ posxy_words,
    double* __restrict__ posz, unsigned* __restrict__ dcell, unsigned* __restrict__ code,
    float movlimit, unsigned periactive, double maprealposminx, double maprealposminy,
    double maprealposminz, double maprealsizex, double maprealsizey, double maprealsizez,
    double xperincx, double xperincy, double xperincz, double yperincx, double yperincy,
    double yperincz, double zperincx, double zperincy, double zperincz, double domposminx,
    double domposminy, double domposminz, float scell, unsigned cellcode) {
    const dsph_double2* movxy = reinterpret_cast<const dsph_double2*>(movxy_words);
    dsph_double2* posxy = reinterpret_cast<dsph_double2*>(posxy_words);
    const unsigned pt = (unsigned)ga_linear();  // number of the fluid particle
    if (pt < n) {
        const unsigned p = pt + pini;
        const unsigned rcode = code[p];
        const bool outrho = ((rcode & DSPH_CODE_MASKSPECIAL) == DSPH_CODE_OUTRHO);
        const bool normal = (outrho || (rcode & DSPH_CODE_MASKSPECIAL) == DSPH_CODE_NORMAL);
        if (normal) {  // periodic duplicates keep their position
            const dsph_double2 rmovxy = movxy[p];
            const dsph_double2 rxy = posxy[p];
            const double movx = rmovxy.x, movy = rmovxy.y, rmovz = movz[p];
            // a move larger than the limit along any axis
            const bool outmov =
                (fmaxf(fabsf(float(movx)), fmaxf(fabsf(float(movy)), fabsf(float(rmovz)))) >
                 movlimit);
            double rposx = rxy.x + movx;
            double rposy = rxy.y + movy;
            double rposz = posz[p] + rmovz;
            // limits of the real domain
            double dx = rposx - maprealposminx;
            double dy = rposy - maprealposminy;
            double dz = rposz - maprealposminz;
            bool out = (dx != dx || dy != dy || dz != dz || dx < 0 || dy < 0 || dz < 0 ||
                        dx >= maprealsizex || dy >= maprealsizey || dz >= maprealsizez);
            if (out) {  // periactive
                const bool xperi = (periactive & 1), yperi = (periactive & 2),
                           zperi = (periactive & 4);
                if (xperi) {
                    if (dx < 0) { dx -= xperincx; dy -= xperincy; dz -= xperincz; }
                    if (dx >= maprealsizex) { dx += xperincx; dy += xperincy; dz += xperincz; }
                }
                if (yperi) {
                    if (dy < 0) { dx -= yperincx; dy -= yperincy; dz -= yperincz; }
                    if (dy >= maprealsizey) { dx += yperincx; dy += yperincy; dz += yperincz; }
                }
                if (zperi) {
                    if (dz < 0) { dx -= zperincx; dy -= zperincy; dz -= zperincz; }
                    if (dz >= maprealsizez) { dx += zperincx; dy += zperincy; dz += zperincz; }
                }
                const bool outx = !xperi && (dx < 0 || dx >= maprealsizex);
                const bool outy = !yperi && (dy < 0 || dy >= maprealsizey);
                const bool outz = !zperi && (dz < 0 || dz >= maprealsizez);
                out = (outx || outy || outz);
                rposx = dx + maprealposminx;
                rposy = dy + maprealposminy;
                rposz = dz + maprealposminz;
            }
            posxy[p] = {rposx, rposy};
            posz[p] = rposz;
            if (outrho || outmov || out) {  // excluded: only normal particles are marked
                unsigned ncode = code[p] & ~DSPH_CODE_MASKSPECIAL;
                if (out) ncode |= DSPH_CODE_OUTPOS;
                else if (outrho) ncode |= DSPH_CODE_OUTRHO;
                else ncode |= DSPH_CODE_OUTMOV;
                code[p] = ncode;
                dcell[p] = DSPH_DCEL_CodeMapOut;
            } else {  // inside: its cell in the domain
                dx = rposx - domposminx;
                dy = rposy - domposminy;
                dz = rposz - domposminz;
                const unsigned cx = unsigned(dx / scell);
                const unsigned cy = unsigned(dy / scell);
                const unsigned cz = unsigned(dz / scell);
                dcell[p] = (cx << ((cellcode >> 10) & 31)) | (cy << ((cellcode >> 15) & 31)) | cz;
            }
        }
    }
}
