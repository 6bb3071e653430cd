// Frame splicing of acoustic features, Kaldi's _splice (kaldi-asr/kaldi,
// src/cudamatrix/cu-kernels.cu, cuda_splice: CuMath::Splice, behind nnet1's Splice component
// and the spliced-feature input of its DNNs) (blind check set 46: written after calibration,
// never fitted on). As in Kaldi: i the output column from x, j the output row (frame) from y;
// within the output matrix (i < d_out.cols, j < d_out.rows) the source column i % d_in.cols
// and the source row j + off[i / d_in.cols] clamped to [0, d_in.rows - 1] (the first and last
// frames repeated at the utterance's edges), y[i + j d_out.stride] = x[src_col + src_row
// d_in.stride]. Departures: Kaldi's MatrixDim structs (rows, cols, stride) three int
// arguments each; z folded into the rows. Written from memory. Exact (a copy).
// x -> output column, y*z -> output row.
#include "common.cuh"

typedef int int32_cuda;

extern "C" __global__ void kaldi_splice(float* __restrict__ y, const float* __restrict__ x,
                                        const int32_cuda* __restrict__ off, int out_rows,
                                        int out_cols, int out_stride, int in_rows, int in_cols,
                                        int in_stride) {
    int32_cuda i = ga_col();
    int32_cuda j = ga_row();
    int32_cuda index = i + j * out_stride;
    if (i < out_cols && j < out_rows) {
        int32_cuda src_col = i % in_cols;
        int32_cuda src_row = j + off[i / in_cols];
        if (src_row < 0) src_row = 0;
        if (src_row >= in_rows) src_row = in_rows - 1;
        y[index] = x[src_col + src_row * in_stride];
    }
}
