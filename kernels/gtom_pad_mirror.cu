// Mirror padding of a volume, gtom's PadMirrorKernel (dtegunov/gtom, Generics/Padding.cu,
// behind d_Pad with T_PAD_MIRROR: the padding of maps, subtomograms and images before an FFT
// in Warp's and gtom's cryo-EM processing, the output centred on the input) (blind check set
// 64: written after calibration, never fitted on). As in gtom (float instance): one block row
// an output line (idy, idz) of the ox x oy x oz output; its source line (oy, oz) found once per
// thread by reflecting offset + idy (offset = the input's centre minus the output's) into
// [0, 2 n) with the unsigned modulo of offset + idy + 99998 n and mirroring the upper half (2 n
// - 1 - v), an axis of extent 1 kept at 0; then a grid-stride loop over the line's columns,
// each its own reflected source column, a 4 B load from the input line and a 4 B store; the
// host's min(256, ox rounded up to 32) threads on cdiv(ox, threads) x oy x oz blocks.
// Departures: the block the sweep's, any shape (x the output column, y*z the output line
// (idy, idz) flattened, idy fastest: z folded in, on a 2-D grid of cdiv(ox, bx) x cdiv(oy oz,
// by*bz) blocks, the grid-stride loop kept); each thread bounded by the oy oz lines (the host's
// grid has exactly one block row a line); the int3 dims and offset as ints; no batch (one
// volume). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: a copy. 2-D: x the output column, y*z the output line.
#include "common.cuh"

extern "C" __global__ void gtom_pad_mirror(const float* __restrict__ d_input,
                                           float* __restrict__ d_output, int ix, int iy,
                                           int iz, int ox, int oy, int oz, int offx, int offy,
                                           int offz) {
    const int line = ga_row();
    if (line >= oy * oz) return;
    const int idy = line % oy;
    const int idz = line / oy;

    unsigned sx = 0, sy = 0, sz = 0;
    if (iy > 1) {
        sy = (unsigned)(offy + idy + iy * 99998) % (unsigned)(iy * 2);
        if (sy >= (unsigned)iy) sy = iy * 2 - 1 - sy;
    }
    if (iz > 1) {
        sz = (unsigned)(offz + idz + iz * 99998) % (unsigned)(iz * 2);
        if (sz >= (unsigned)iz) sz = iz * 2 - 1 - sz;
    }

    float* outline = d_output + (idz * oy + idy) * ox;
    const float* inline_ = d_input + (sz * iy + sy) * ix;

    for (int idx = blockIdx.x * blockDim.x + threadIdx.x; idx < ox;
         idx += blockDim.x * gridDim.x) {
        sx = (unsigned)(offx + idx + ix * 99998) % (unsigned)(ix * 2);
        if (sx >= (unsigned)ix) sx = ix * 2 - 1 - sx;
        outline[idx] = inline_[sx];
    }
}
