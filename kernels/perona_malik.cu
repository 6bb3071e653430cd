// One explicit step of Perona-Malik anisotropic diffusion, the edge-preserving smoothing of
// medical image denoising (MRI and CT slices before segmentation: ITK's
// GradientAnisotropicDiffusionImageFilter, MATLAB's imdiffusefilt, the CUDA implementations
// of the medical-imaging literature), through a shared-memory tile sized to the block (blind
// check set 17: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind17/ once recorded). With the four nearest-neighbour differences
// d_n = I[r-1][c] - I, d_s, d_e, d_w and the exponential conductance g(d) = exp(-(d / K)^2)
// (Perona and Malik's first function): I' = I + lambda (g(d_n) d_n + g(d_s) d_s + g(d_e) d_e
// + g(d_w) d_w), lambda = 1/4 (the stable step for four neighbours). Zero-flux (Neumann)
// borders: a neighbour outside the image is the pixel itself (clamped coordinates). The
// block's output tile is bx columns by by' = blockDim.y * blockDim.z rows; the block first
// copies the (bx + 2) x (by' + 2) float32 tile around it (a one-pixel halo, clamped
// coordinates) into dynamic shared memory, each thread striding over the tile's rows by by'
// and its columns by bx, waits at the barrier, then reads its five values from shared
// memory, takes four expf and stores one float32 (one contiguous 4 B store). Every thread
// reaches the barrier. float32 (expf): within the manifest's tolerance of the reference's
// float64. Dynamic shared memory: 4 (bx + 2) (by' + 2) bytes. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void perona_malik(const float* __restrict__ img, float* __restrict__ out,
                                        int rows, int cols, float inv_kappa2, float lambda) {
    extern __shared__ float pm_tile[];
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 2;
    const int height = by + 2;
    const int row0 = blockIdx.y * by - 1;  // image row of the tile's first (halo) row
    const int col0 = blockIdx.x * bx - 1;  // image column of its first column
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    for (int yy = ty; yy < height; yy += by) {
        const int rr = min(max(row0 + yy, 0), rows - 1);
        for (int xx = tx; xx < pitch; xx += bx) {
            const int cc = min(max(col0 + xx, 0), cols - 1);
            pm_tile[yy * pitch + xx] = img[(long long)rr * cols + cc];
        }
    }
    __syncthreads();
    const int r = row0 + 1 + ty;
    const int c = col0 + 1 + tx;
    if (r >= rows || c >= cols) {
        return;
    }
    const float* centre = pm_tile + (ty + 1) * pitch + tx + 1;
    const float v = centre[0];
    const float dn = centre[-pitch] - v;
    const float ds = centre[pitch] - v;
    const float de = centre[1] - v;
    const float dw = centre[-1] - v;
    const float flux = expf(-dn * dn * inv_kappa2) * dn + expf(-ds * ds * inv_kappa2) * ds +
                       expf(-de * de * inv_kappa2) * de + expf(-dw * dw * inv_kappa2) * dw;
    out[(long long)r * cols + c] = v + lambda * flux;
}
