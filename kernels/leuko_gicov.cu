// The GICOV score of every pixel of a video frame, Rodinia leukocyte's GICOV_kernel
// (find_ellipse_kernel.cu: the detection stage of the leukocyte tracker, the gradient inverse
// coefficient of variation of Dong et al. along NCIRCLES = 7 sample ellipses of NPOINTS =
// 150 points around the pixel, the largest of the seven mean^2 / variance kept), one pixel per
// thread (blind check set 28: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind28/ once recorded). The grad_m x grad_n gradient matrices are stored
// as Rodinia's (element (x, y) at x grad_m + y, y the fast index); for pixel (i, j) and
// ellipse k, point n samples both at x = i + tX[k][n], y = j + tY[k][n] and takes p =
// grad_x cos(angle n) + grad_y sin(angle n), a running sum and Welford's running mean and M2
// (one division by n + 1 a point), then mean = sum / 150, var = M2 / 149 and the maximum of
// mean^2 / var (started at 0) written at i grad_m + j. Rodinia launches one block per i and
// one thread per j (grad_n - 2 MaxR blocks of grad_m - 2 MaxR threads, MaxR = MAX_RAD + 2 =
// 22) over the pixels at least MaxR from every edge; here thread t of the linearized grid
// takes i = t / (grad_m - 2 MaxR) + MaxR and j = t mod (grad_m - 2 MaxR) + MaxR (the same
// pixel for Rodinia's block size) and the threads past the last pixel return. Rodinia's two
// textures (t_grad_x, t_grad_y) and four __constant__ tables (c_sin_angle, c_cos_angle, c_tX,
// c_tY) are plain global loads. Per thread: 1,050 points, each two 4 B gathers at the table's
// offset (a warp's lanes read consecutive words: the offsets are the same for every thread;
// the 41 x 41 neighbourhood's words are re-read across points and by neighbouring threads:
// L1 hits), four table loads (broadcasts), a division and some 8 FMAs; seven divisions; one
// contiguous 4 B store. No shared memory. float32 (the manifest's tolerance: the reference
// computes the mean and variance exactly from integer sums). 1-D: the block is linearized.
#include "common.cuh"

// The number of sample points in each ellipse (stencil)
#define GICOV_NPOINTS 150
// The maximum radius of a sample ellipse
#define GICOV_MAX_RAD 20
// The total number of sample ellipses
#define GICOV_NCIRCLES 7

extern "C" __global__ void leuko_gicov(int grad_m, int grad_n, float* __restrict__ gicov,
                                       const float* __restrict__ grad_x,
                                       const float* __restrict__ grad_y,
                                       const float* __restrict__ c_sin_angle,
                                       const float* __restrict__ c_cos_angle,
                                       const int* __restrict__ c_tX,
                                       const int* __restrict__ c_tY) {
    int i, j, k, n, x, y;

    // Determine this thread's pixel
    const int MaxR = GICOV_MAX_RAD + 2;
    const int width = grad_m - 2 * MaxR;  // Rodinia's threads per block
    const long long t = ga_linear();
    if (t >= (long long)width * (grad_n - 2 * MaxR)) {
        return;
    }
    i = (int)(t / width) + MaxR;
    j = (int)(t % width) + MaxR;

    // Initialize the maximal GICOV score to 0
    float max_GICOV = 0.f;

    // Iterate across each stencil
    for (k = 0; k < GICOV_NCIRCLES; k++) {
        // Variables used to compute the mean and variance
        //  of the gradients along the current stencil
        float sum = 0.f, M2 = 0.f, mean = 0.f;

        // Iterate across each sample point in the current stencil
        for (n = 0; n < GICOV_NPOINTS; n++) {
            // Determine the x- and y-coordinates of the current sample point
            y = j + c_tY[(k * GICOV_NPOINTS) + n];
            x = i + c_tX[(k * GICOV_NPOINTS) + n];

            // Compute the combined gradient value at the current sample point
            int addr = x * grad_m + y;
            float p = grad_x[addr] * c_cos_angle[n] + grad_y[addr] * c_sin_angle[n];

            // Update the running total
            sum += p;

            // Partially compute the variance
            float delta = p - mean;
            mean = mean + (delta / (float)(n + 1));
            M2 = M2 + (delta * (p - mean));
        }

        // Finish computing the mean
        mean = sum / ((float)GICOV_NPOINTS);

        // Finish computing the variance
        float var = M2 / ((float)(GICOV_NPOINTS - 1));

        // Keep track of the maximal GICOV value seen so far
        if (((mean * mean) / var) > max_GICOV) max_GICOV = (mean * mean) / var;
    }

    // Store the maximal GICOV value
    gicov[(i * grad_m) + j] = max_GICOV;
}
