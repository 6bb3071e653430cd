// The per-plane tone curves of a 16-bit RGB frame, NVEnc's kernel_run_curves_plane (rigaya/
// NVEnc, NVEncCore/NVEncFilterCurves.cu, behind run_curves_plane in the same file:
// NVEncFilterCurves::procFrame, the --vpp-curves filter, each of the R, G and B planes mapped
// through its own lookup table in place) (blind check set 70: written after calibration,
// never fitted on). As in NVEnc: 4 pixels a thread, ix = (blockIdx.x blockDim.x +
// threadIdx.x) 4 and iy = blockIdx.y blockDim.y + threadIdx.y, inside the plane (ix < width
// and iy < height) the 4 pixels from ix loaded as one aligned vector (the last group running
// into the pitch's padding as NVEnc's does), each replaced by lut[pixel], stored back; the
// host's 64 x 4 blocks on cdiv(width, 256) x cdiv(height, 4). Departures: the block the
// sweep's, any shape (x the group of 4 pixels, y*z the row, z folded in); the 16-bit pixels
// and table entries widened to 32 bits (the manifest's buffers: the vector 16 B, NVEnc's 8 B),
// the pitch in pixels (NVEnc's in bytes). Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: table lookups. 2-D: x ->
// 4 pixels, y*z -> row.
#include "common.cuh"

struct alignas(16) NvencPix4 {
    int x, y, z, w;
};

extern "C" __global__ void nvenc_curves(int* __restrict__ frame, int pitch, int width,
                                        int height, const int* __restrict__ lut) {
    const int ix = ga_col() * 4;
    const int iy = ga_row();
    if (ix < width && iy < height) {
        NvencPix4* ptr = reinterpret_cast<NvencPix4*>(frame + (long long)iy * pitch + ix);
        NvencPix4 pix4 = ptr[0];
        pix4.x = lut[pix4.x];
        pix4.y = lut[pix4.y];
        pix4.z = lut[pix4.z];
        pix4.w = lut[pix4.w];
        ptr[0] = pix4;
    }
}
