// The data cost of stereo belief propagation, OpenCV's CUDA StereoBeliefPropagation
// comp_data<4, float> (opencv_contrib modules/cudastereo/src/cuda/stereobp.cu: the first
// kernel of each compute, the per-disparity matching cost of every pixel of the finest
// level), one pixel per thread looping over the disparities (blind check set 32: written
// after calibration, never fitted on; its sweeps go to fixtures/hopper/blind32/ once
// recorded). For an interior pixel (x, y) (0 < x < cols - 1, 0 < y < rows - 1: the border
// is left as it was) and each disparity d < ndisp: data[d][y][x] = min(data_weight * val,
// data_weight * max_data_term) with val = 0.114 |B_l - B_r| + 0.587 |G_l - G_r| + 0.299
// |R_l - R_r| between the left pixel and the right image's pixel d to its left (PixDiff<4>:
// uchar4 pixels, the fourth byte unused), or data_weight * max_data_term where x - d < 1.
// OpenCV's cndisp, cmax_data_term and cdata_weight (__constant__) are kernel arguments and
// its pitched PtrStep images dense ones (the step cols pixels, a disparity plane rows x cols
// floats apart); its launch is 32 x 8. OpenCV's defaults ndisp 64 and data_weight 0.07;
// max_data_term 100 here (OpenCV's default 10 clamps nearly every cost of random pixels:
// 100 leaves about two thirds of them unclamped). Per thread: a 4 B load of the left pixel,
// then per disparity a 4 B load of a right pixel (the row's pixels, walking left: L1) and a
// 4 B store to a plane 7.9 MiB further on, ~8 FLOPs. float32 (the FMAs of the weighted sum:
// the manifest's tolerance). x -> column, y*z -> row.
#include "common.cuh"

struct ocv_bp_PixDiff4 {
    __device__ __forceinline__ ocv_bp_PixDiff4(const unsigned char* ls) { l = *((const uchar4*)ls); }
    __device__ __forceinline__ float operator()(const unsigned char* rs) const {
        const float tr = 0.299f;
        const float tg = 0.587f;
        const float tb = 0.114f;

        uchar4 r = *((const uchar4*)rs);

        float val = tb * ::abs((int)l.x - r.x);
        val += tg * ::abs((int)l.y - r.y);
        val += tr * ::abs((int)l.z - r.z);

        return val;
    }
    uchar4 l;
};

extern "C" __global__ void ocv_bp_comp_data(const unsigned* __restrict__ left,
                                            const unsigned* __restrict__ right,
                                            float* __restrict__ data, int rows, int cols,
                                            int cndisp, float cmax_data_term,
                                            float cdata_weight) {
    const int cn = 4;
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = ga_row();

    if (y > 0 && y < rows - 1 && x > 0 && x < cols - 1) {
        const unsigned char* ls = reinterpret_cast<const unsigned char*>(left + (size_t)y * cols) + x * cn;
        const ocv_bp_PixDiff4 pixDiff(ls);
        const unsigned char* rs = reinterpret_cast<const unsigned char*>(right + (size_t)y * cols) + x * cn;

        float* ds = data + (size_t)y * cols + x;
        const size_t disp_step = (size_t)cols * rows;

        for (int disp = 0; disp < cndisp; disp++) {
            if (x - disp >= 1) {
                float val = pixDiff(rs - disp * cn);

                ds[disp * disp_step] = fmin(cdata_weight * val, cdata_weight * cmax_data_term);
            } else {
                ds[disp * disp_step] = cdata_weight * cmax_data_term;
            }
        }
    }
}
