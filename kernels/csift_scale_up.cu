// The 2x upscaling of CudaSift's first octave, ScaleUpKernel (Celebrandil/CudaSift,
// cudaSiftD.cu, behind ScaleUp in cudaSiftH.cu: ExtractSift's upScale path, run on every
// image CudaSift extracts features from at twice its resolution) (blind check set 55: written
// after calibration, never fitted on). As in CudaSift: one thread an input pixel (xl, yu) of a
// width x height float image in rows of `pitch` floats, its right and lower neighbours
// clamped to the image (xr = min(xl + 1, width - 1), yd = min(yu + 1, height - 1)), four 4 B
// loads, then the 2 x 2 output pixels at (2 xl, 2 yu) in rows of `newpitch` floats: vul, the
// half sums 0.5 (vul + vur) and 0.5 (vul + vdl), and the quarter sum 0.25 (vul + vur + vdl +
// vdr); CudaSift's blocks of SCALEUP_W / 2 x SCALEUP_H / 2 (32 x 4) threads on cdiv(2 width,
// SCALEUP_W) x cdiv(2 height, SCALEUP_H) blocks. Departures: the block the sweep's, any shape
// (x the input column, y*z the input row, z folded in; CudaSift's x = blockIdx.x SCALEUP_W +
// 2 threadIdx.x is 2 ga_col() at its own shape). Written from memory. Exact: whole-number
// pixels (half and quarter sums of small integers). 2-D: x the column, y*z the row.
#include "common.cuh"

extern "C" __global__ void csift_scale_up(float* d_Result, const float* d_Data, int width,
                                          int pitch, int height, int newpitch) {
    const int xl = ga_col();
    const int yu = ga_row();
    const int x = 2 * xl;
    const int y = 2 * yu;
    if (x < 2 * width && y < 2 * height) {
        const int xr = min(xl + 1, width - 1);
        const int yd = min(yu + 1, height - 1);
        const float vul = d_Data[yu * pitch + xl];
        const float vur = d_Data[yu * pitch + xr];
        const float vdl = d_Data[yd * pitch + xl];
        const float vdr = d_Data[yd * pitch + xr];
        d_Result[(y + 0) * newpitch + x + 0] = vul;
        d_Result[(y + 0) * newpitch + x + 1] = 0.50f * (vul + vur);
        d_Result[(y + 1) * newpitch + x + 0] = 0.50f * (vul + vdl);
        d_Result[(y + 1) * newpitch + x + 1] = 0.25f * (vul + vur + vdl + vdr);
    }
}
