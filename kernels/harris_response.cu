// Harris corner response of an 8-bit grey image, the first stage of GPU feature detectors
// (OpenCV's cornerHarris, visual odometry and SLAM front ends): Sobel gradients gx, gy
// (3 x 3, unnormalized), the structure tensor summed over the 3 x 3 window around each pixel
// (Sxx = sum gx^2, Syy = sum gy^2, Sxy = sum gx gy) and R = det - k trace^2 with k = 1/20,
// computed as (20 (Sxx Syy - Sxy^2) - (Sxx + Syy)^2) / 20; the image is extended by
// replicating its border pixels (blind check set 13: written after calibration, never fitted
// on; its sweeps go to fixtures/hopper/blind13/ once recorded). Integer-valued float32
// pixels: gradients, products and window sums are integers below 2^24 (exact in float32),
// the determinant and trace exact in int64, then one rounding to float32 and an IEEE divide,
// so the GPU and NumPy agree bit for bit. Two-stage shared-memory tiling, as CUDA image
// kernels write it: the block's output tile is bx columns by by' = blockDim.y * blockDim.z
// rows; the block copies the (bx + 4) x (by' + 4) pixel tile around it (a two-pixel halo,
// clamped coordinates) into shared memory in linear thread order, waits at a barrier,
// computes the three gradient products of the (bx + 2) x (by' + 2) positions around its
// outputs into shared memory (threads striding over them), waits at a second barrier, then
// each thread sums its 3 x 3 window of the three products and stores one 4 B response.
// Dynamic shared memory: 4 * ((bx + 4)(by' + 4) + 3 (bx + 2)(by' + 2)) bytes. Every thread
// reaches both barriers. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void harris_response(const float* __restrict__ img,
                                           float* __restrict__ response, int rows, int cols) {
    extern __shared__ float hr_smem[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pw = bx + 4;  // pixel tile pitch
    const int gw = bx + 2;  // gradient tile pitch
    const int gcount = gw * (by + 2);
    float* pix = hr_smem;
    float* gxx = pix + pw * (by + 4);
    float* gyy = gxx + gcount;
    float* gxy = gyy + gcount;
    const int row0 = blockIdx.y * by - 2;  // image row of the pixel tile's first row
    const int col0 = blockIdx.x * bx - 2;  // image column of its first column
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    const int pcount = pw * (by + 4);
    for (int t = tid; t < pcount; t += threads) {
        const int rr = min(max(row0 + t / pw, 0), rows - 1);
        const int cc = min(max(col0 + t % pw, 0), cols - 1);
        pix[t] = img[(long long)rr * cols + cc];
    }
    __syncthreads();
    for (int t = tid; t < gcount; t += threads) {
        const float* p = pix + (t / gw) * pw + t % gw;  // the 3 x 3 neighbourhood's corner
        const float gx = (p[2] + 2.0f * p[pw + 2] + p[2 * pw + 2]) -
                         (p[0] + 2.0f * p[pw] + p[2 * pw]);
        const float gy = (p[2 * pw] + 2.0f * p[2 * pw + 1] + p[2 * pw + 2]) -
                         (p[0] + 2.0f * p[1] + p[2]);
        gxx[t] = gx * gx;
        gyy[t] = gy * gy;
        gxy[t] = gx * gy;
    }
    __syncthreads();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int r = row0 + 2 + ty;
    const int c = col0 + 2 + tx;
    if (r >= rows || c >= cols) {
        return;
    }
    float sxx = 0.0f, syy = 0.0f, sxy = 0.0f;
    for (int dy = 0; dy < 3; ++dy) {
        const int base = (ty + dy) * gw + tx;
        for (int dx = 0; dx < 3; ++dx) {
            sxx += gxx[base + dx];
            syy += gyy[base + dx];
            sxy += gxy[base + dx];
        }
    }
    const long long a = (long long)sxx, b = (long long)syy, d = (long long)sxy;
    const long long trace = a + b;
    const long long scaled = 20 * (a * b - d * d) - trace * trace;
    response[(long long)r * cols + c] = (float)scaled / 20.0f;
}
