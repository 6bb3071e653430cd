// RasterPorcessingCUDA's compute_ndvi_kernel (SI-py/RasterPorcessingCUDA,
// RasterPorcessingCUDA/ndvi_kernel.cu, launched by compute_ndvi_on_gpu in the same file with
// 256-thread blocks on (total_pixels + 255) / 256 blocks, behind main.cpp's default
// operation "ndvi": the Normalized Difference Vegetation Index of a Sentinel-2 scene's red
// (B04) and near-infrared (B08) bands, read as float32 through GDAL) (blind check set 117:
// written after calibration, never fitted on). As in RasterPorcessingCUDA: idx =
// blockIdx.x blockDim.x + threadIdx.x, only idx < total_pixels; sum = red + nir, the index 0
// where sum == 0 and (nir - red) / sum otherwise. Departures: the block any shape
// (linearized), 64-bit indices. Reimplemented from the published source (its indexing,
// arithmetic and control flow; none of its text). Exact: one IEEE float add, subtract and
// divide, nothing to contract. 1-D, no shared memory: per thread two 4 B loads (red, nir:
// a warp's 128 B contiguous each) and one 4 B store (a warp's 128 B contiguous).
#include "common.cuh"

extern "C" __global__ void rpcuda_ndvi(const float* red_data, const float* nir_data,
                                       float* ndvi_data, int total_pixels) {
    const long long i = ga_linear();
    if (i >= total_pixels) return;
    const float red = red_data[i];
    const float nir = nir_data[i];
    const float sum = red + nir;
    if (sum == 0.0f) {
        ndvi_data[i] = 0.0f;
    } else {
        ndvi_data[i] = (nir - red) / sum;
    }
}
