// torch-harmonics' NCHW to NHWC transpose, permute_to0231_k<32, 32, float> (NVIDIA/torch-harmonics,
// torch_harmonics/attention/optimized/kernels_cuda/attention_cuda_utils.cuh, launched by
// launch_permute_to0231<TRANSP_WARPS_X_TILE_GENERIC> from permute_4D_to0231 in
// attention_cuda_utils.cu (the tiled kernel below compute capability 10, TRANSP_WARPS_X_TILE_SM100
// = 4 rows above), behind to_nhwc in torch_harmonics/attention/_layout.py: every spherical
// neighborhood-attention layer's key, value and query tensors turned channel-innermost for the
// attention kernels) (blind check set 78: written after calibration, never fitted on). As in
// torch-harmonics: a 32 x 32 tile a block (BDIM_X = 32), coff = blockIdx.x 32 the tile's first
// channel, woff = blockIdx.y 32 its first longitude, batch = blockIdx.z / nlat and h the rest (the
// latitude); when the tile is whole (nchn - coff and nlon - woff at least 32) the block's rows
// load sh[j + tidy][tidx] = src[batch][coff + j + tidy][h][woff + tidx] for j in steps of BDIM_Y,
// wait, then store dst[batch][h][woff + j + tidy][coff + tidx] = sh[tidx][j + tidy]; a partial
// tile loads only inside the longitudes (zeros past the channels) and stores only inside both; the
// host's 32 x 32 threads on cdiv(C, 32) x cdiv(W, 32) x H B blocks. Departures: the block the
// sweep's, any shape (the tile's 32 columns in steps of blockDim.x from threadIdx.x, its 32 rows
// in steps of the block's rows from threadIdx.y + blockDim.y threadIdx.z: the source's loops for
// 32 x BDIM_Y blocks); the static 32 x 33 tile one dynamic allocation; float32 (the FLOAT
// instantiation of the source's dispatch). Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: copies. 2-D, shared memory: a fixed
// 32 x 32 tile a block divided among its threads, x -> tile column (longitude on load, channel on
// store), y*z -> tile rows.
#include "common.cuh"

#define TH_TILE 32

extern "C" __global__ void th_permute_0231(int nchn, int nlat, int nlon, const float* src,
                                           float* dst) {
    extern __shared__ float th_tile[];  // [TH_TILE][TH_TILE + 1]
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int rows = ga_block_rows();
    const int coff = blockIdx.x * TH_TILE;  // first channel of the tile
    const int woff = blockIdx.y * TH_TILE;  // first longitude of the tile
    const int batch = blockIdx.z / nlat;
    const int h = blockIdx.z - batch * nlat;  // latitude
    const long long plane_in = (long long)nlat * nlon;
    const float* in = src + (long long)batch * nchn * plane_in + (long long)h * nlon;
    float* out = dst + ((long long)batch * nlat + h) * nlon * nchn;
    const bool whole = (nchn - coff) >= TH_TILE && (nlon - woff) >= TH_TILE;
    if (whole) {
        for (int c = tx; c < TH_TILE; c += blockDim.x) {
            for (int j = ty; j < TH_TILE; j += rows) {
                th_tile[j * (TH_TILE + 1) + c] = in[(coff + j) * plane_in + woff + c];
            }
        }
        __syncthreads();
        for (int c = tx; c < TH_TILE; c += blockDim.x) {
            for (int j = ty; j < TH_TILE; j += rows) {
                out[(long long)(woff + j) * nchn + coff + c] = th_tile[c * (TH_TILE + 1) + j];
            }
        }
    } else {
        for (int c = tx; c < TH_TILE; c += blockDim.x) {
            if (woff + c < nlon) {
                for (int j = ty; j < TH_TILE; j += rows) {
                    th_tile[j * (TH_TILE + 1) + c] =
                        (coff + j < nchn) ? in[(coff + j) * plane_in + woff + c] : 0.0f;
                }
            }
        }
        __syncthreads();
        for (int c = tx; c < TH_TILE; c += blockDim.x) {
            if (coff + c < nchn) {
                for (int j = ty; j < TH_TILE; j += rows) {
                    if (woff + j < nlon) {
                        out[(long long)(woff + j) * nchn + coff + c] =
                            th_tile[c * (TH_TILE + 1) + j];
                    }
                }
            }
        }
    }
}
