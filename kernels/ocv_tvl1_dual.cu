// The dual-variable step of TV-L1 optical flow, OpenCV's CUDA OpticalFlowDual_TVL1
// estimateDualVariablesKernel (opencv_contrib modules/cudaoptflow/src/cuda/tvl1flow.cu: run
// in every inner iteration of cv::cuda::OpticalFlowDual_TVL1::calc at every pyramid level),
// one pixel per thread (blind check set 33: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind33/ once recorded). For the flow components u1, u2 (and
// u3, the illumination term, where gamma > 0): the forward differences to the right and
// below (the last column and row against themselves: 0), g = hypotf(ux, uy), ng = 1 + taut
// g, and each dual variable p updated in place to (p + taut u_d) / ng. As in OpenCV: threads
// past the image return first, each flow's pixel read for both differences, hypotf, IEEE
// divisions, the gamma > 0 branch for u3, p31 and p32 (OpenCV's default gamma is 0: the
// manifest's GAMMA). OpenCV's defaults tau = 0.25 and theta = 0.3 (taut = tau / theta).
// Departures: the PtrStepSzf GpuMats (pitched) are dense row-major arrays (the manifest's
// 2560-float rows, 10 KiB, are a multiple of the pitch alignment anyway). Written from memory of
// OpenCV's kernel. Per thread: six 4 B loads of u1 and u2 (contiguous along the row; the
// right neighbour the next lane's pixel and the row below the next row's), four contiguous
// 4 B loads and stores of the dual variables, two hypotf, four divisions. float32 (hypotf and
// the FMAs: the manifest's tolerance). x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void ocv_tvl1_dual(const float* __restrict__ u1,
                                         const float* __restrict__ u2,
                                         const float* __restrict__ u3, float* p11, float* p12,
                                         float* p21, float* p22, float* p31, float* p32,
                                         int rows, int cols, float taut, float gamma) {
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * ga_block_rows() + ga_row_in_block();

    if (x >= cols || y >= rows) return;

    const long long row = (long long)y * cols;
    const long long below = (long long)::min(y + 1, rows - 1) * cols;
    const int right = ::min(x + 1, cols - 1);

    const float u1x = u1[row + right] - u1[row + x];
    const float u1y = u1[below + x] - u1[row + x];

    const float u2x = u2[row + right] - u2[row + x];
    const float u2y = u2[below + x] - u2[row + x];

    const float g1 = ::hypotf(u1x, u1y);
    const float g2 = ::hypotf(u2x, u2y);

    const float ng1 = 1.0f + taut * g1;
    const float ng2 = 1.0f + taut * g2;

    p11[row + x] = (p11[row + x] + taut * u1x) / ng1;
    p12[row + x] = (p12[row + x] + taut * u1y) / ng1;
    p21[row + x] = (p21[row + x] + taut * u2x) / ng2;
    p22[row + x] = (p22[row + x] + taut * u2y) / ng2;

    if (gamma > 0.0f) {
        const float u3x = u3[row + right] - u3[row + x];
        const float u3y = u3[below + x] - u3[row + x];

        const float g3 = ::hypotf(u3x, u3y);

        const float ng3 = 1.0f + taut * g3;

        p31[row + x] = (p31[row + x] + taut * u3x) / ng3;
        p32[row + x] = (p32[row + x] + taut * u3y) / ng3;
    }
}
