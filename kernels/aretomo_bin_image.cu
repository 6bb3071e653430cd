// AreTomo2's image binning, mGBinImage (czimaginginstitute/AreTomo2, Util/GBinImage2D.cu, launched
// by GBinImage2D::DoIt in the same file, behind CCorrTomoStack::mCorrectProj
// (Correct/CCorrTomoStack.cpp: each tilt image of a series, once corrected for its shift and
// tilt axis, binned to the output's pixel size) and CBinStack::DoIt (Correct/CBinStack.cpp))
// (blind check set 75: written after calibration, never fitted on). As in AreTomo2: y =
// blockIdx.y blockDim.y + threadIdx.y the output row, blockIdx.x the output column (one column a
// grid column, blockDim.x 1), rows past giOutSize[1] a return; the output pixel first set to
// -1e30, then the iBinX x iBinY input pixels from (x iBinX, y iBinY) summed row by row, a pixel
// below -1e10 (AreTomo's blank) a return that leaves -1e30, else the sum stored; the padded row
// pitches giInSize[0] and giOutSize[0] from constant memory; the host's 1 x 512 threads on
// m_iOutImgX x cdiv(rows, 512) blocks. Departures: the block the sweep's, any shape (x the
// output column, y*z the output row, z folded in; the column guarded, the grid's columns now
// blocks of bx); the constant-memory sizes as scalars (the pitches, the output's width and
// rows). Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: whole-number pixels, sums far below 2^24. 2-D: x -> output
// column, y*z -> output row.
#include "common.cuh"

extern "C" __global__ void aretomo_bin_image(float* gfInImg, int iBinX, int iBinY,
                                             float* gfOutImg, int in_pitch, int out_pitch,
                                             int out_width, int out_rows) {
    const int col = ga_col();
    const int row = ga_row();
    if (row >= out_rows || col >= out_width) return;
    const int at = row * out_pitch + col;
    gfOutImg[at] = -1e30f;
    const int x0 = col * iBinX;
    const int y0 = row * iBinY;
    float sum = 0.0f;
    for (int dy = 0; dy < iBinY; dy++) {
        const float* line = gfInImg + (y0 + dy) * in_pitch;
        for (int dx = 0; dx < iBinX; dx++) {
            const float v = line[x0 + dx];
            if (v < -1e10f) return;  // a blank pixel: the bin stays blank
            sum += v;
        }
    }
    gfOutImg[at] = sum;
}
