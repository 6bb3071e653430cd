// Template matching by the sum of squared differences, OpenCV's CUDA matchTemplate on float32
// (OpenCV 2.4's modules/gpu/src/cuda/match_template.cu, cudaimgproc's match_template.cu since
// 3.0: matchTemplateNaiveKernel_SQDIFF<float, 1>, the kernel cv::gpu::matchTemplate(image,
// templ, result, CV_TM_SQDIFF) runs on a single-channel float32 image whatever the template's
// size: matchTemplate_SQDIFF_32F has no FFT path), one result pixel per thread (blind check set
// 28: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind28/ once
// recorded). result(y, x) = sum over i < h, j < w of (image(y + i, x + j) - templ(i, j))^2,
// accumulated row by row, left to right (res = res + delta * delta), for the
// (rows - h + 1) x (cols - w + 1) positions where the template fits. OpenCV's PtrStepb rows
// are explicit row steps here (image_step, templ_step, result_step in elements); OpenCV
// launches 32 x 8 blocks over the result with the same bounds test. Per thread: h w 4 B image
// loads (a warp's lanes read neighbouring words of one row; the window's rows and the
// neighbouring threads' windows overlap: L1 hits), h w 4 B template loads (the same word for
// every thread: a broadcast), h w subtractions and FMAs, one contiguous 4 B store. No shared
// memory. float32; integer pixels keep every partial sum exact. x -> result column, y*z ->
// result row.
#include "common.cuh"

extern "C" __global__ void match_template_sqdiff(int w, int h, const float* __restrict__ image,
                                                 int image_step,
                                                 const float* __restrict__ templ,
                                                 int templ_step, float* __restrict__ result,
                                                 int result_rows, int result_cols,
                                                 int result_step) {
    int x = ga_col();
    int y = ga_row();

    if (x < result_cols && y < result_rows) {
        float res = 0.0f;
        float delta;

        for (int i = 0; i < h; ++i) {
            const float* image_ptr = image + (long long)(y + i) * image_step;
            const float* templ_ptr = templ + (long long)i * templ_step;
            for (int j = 0; j < w; ++j) {
                delta = image_ptr[x + j] - templ_ptr[j];
                res = res + delta * delta;
            }
        }

        result[(long long)y * result_step + x] = res;
    }
}
