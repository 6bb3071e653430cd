// The deskew of a lattice light-sheet stack, cudaDecon's deskew_kernel (scopetools/cudadecon,
// src/geometryTransform.cu, behind deskew_GPU: cudaDeconv's deskew of each raw stack scanned
// by moving the sample stage, before the Richardson-Lucy deconvolution and the optional
// rotation; pycudadecon's deskew_gpu calls it too) (blind check set 63: written after
// calibration, never fitted on). As in cudaDecon: one thread an output voxel (xout, yout,
// zout) of the nxOut x ny x nz deskewed stack; its input position along x, xin = (xout -
// nxOut / 2 + extraShift) - deskewFactor (zout - nz / 2) + nx / 2 (in double, then float), and
// where 0 <= xin < nx - 1 the linear interpolation (1 - offset) in[indin] + offset in[indin + 1]
// of the two input voxels of the same row and slice at floor(xin) (offset = xin - floor(xin)),
// elsewhere padVal; the host's 128 x 1 x 1 blocks on cdiv(nxOut, 128) x ny x nz blocks (the
// grid's y the row, its z the slice). Departures: the block the sweep's, any shape (x the
// output column, y*z the row, z folded in: cdiv(ny, by*bz) blocks along the grid's y, its z
// the slice) and each thread bounded by ny as well (the host's grid has exactly ny rows).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: deskewFactor 5/2 and nz odd make every xin a multiple of 1/4 (exact in
// float), whole-number camera counts: every product and sum of the interpolation exact.
// 2-D: x the output column, y*z the row, the grid's z the slice.
#include "common.cuh"

extern "C" __global__ void cudadecon_deskew(const float* __restrict__ in, int nx, int ny,
                                            int nz, float* __restrict__ out, int nxOut,
                                            int extraShift, double deskewFactor,
                                            float padVal) {
    const unsigned xout = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned yout = (unsigned)ga_row();
    const unsigned zout = blockIdx.z;

    if (xout < (unsigned)nxOut && yout < (unsigned)ny) {
        const float xin =
            (xout - nxOut / 2. + extraShift) - deskewFactor * (zout - nz / 2.) + nx / 2.;
        const unsigned indout = zout * nxOut * ny + yout * nxOut + xout;
        if (xin >= 0 && xin < nx - 1) {
            const unsigned indin = zout * nx * ny + yout * nx + (unsigned)floorf(xin);
            const float offset = xin - floorf(xin);
            out[indout] = (1 - offset) * in[indin] + offset * in[indin + 1];
        } else {
            out[indout] = padVal;
        }
    }
}
