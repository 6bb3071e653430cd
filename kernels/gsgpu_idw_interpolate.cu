// gs-gpu's inverse distance weighting (thetianshuhuang/gs-gpu, the interpolate kernel of
// gs_gpu/interpolate.py with the weight_function of gs_gpu/idw.py, compiled through PyCUDA by
// BaseInterpolation and launched by its interpolate() with (16, 16, 1) blocks on
// ceil(rows / 16) x ceil(cols / 16) blocks: a GPU geostatistics package rasterizing scattered
// point samples (latitude, longitude, value, weight) onto a latitude-longitude image by
// Shepard's inverse distance weighting, one pixel a thread over every sample) (blind check set
// 120: written after calibration, never fitted on). As in the source (its default 32-bit
// floats): px_x = threadIdx.x + blockIdx.x blockDim.x is the image ROW (the latitude, from
// lat_max at row 0 down), px_y = threadIdx.y + blockIdx.y blockDim.y the column (the
// longitude), only px_x < height_px and px_y < width_px; lat_pt = lat_max - (lat_max -
// lat_min) / height_px * px_x, long_pt = long_min + (long_max - long_min) / width_px * px_y;
// for each sample idx in order: sum = (lat - lat_pt)^2 + (long - long_pt)^2; the weight
// pow(1e9, idp) (in double, then float) if sum < 1e-9, else pow(rsqrt(sum), idp), times
// weights[idx]; total_weight += weight, acc += weight val[idx]; res[px_x width_px + px_y] =
// acc / total_weight. Departures: the block any shape (x the row as in the source; y*z the
// column, z folded in); acc and total_weight start at 0 (the source leaves them
// uninitialized); pow(d, 2) as d d; the products and sums rounded on their own (__fmul_rn,
// __fadd_rn: no FMA contraction); 64-bit offsets. Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Not exact: rsqrtf and powf
// are within a few ulps (the manifest's tolerance). 2-D, no shared memory: per thread size
// iterations of four 4 B loads the whole block shares (lat, long, val, weight of one sample),
// a squared distance, a reciprocal square root, a power and two multiply-adds; one 4 B store
// (a warp's lanes width_px * 4 B apart: x walks rows).
#include "common.cuh"

extern "C" __global__ void gsgpu_idw_interpolate(const float* lat_arr, const float* long_arr,
                                                 const float* val, const float* weights,
                                                 int size, float* res, int width_px,
                                                 int height_px, float lat_min, float long_min,
                                                 float lat_max, float long_max, float idp) {
    const int px_x = ga_col();  // the source's x: the row
    const int px_y = ga_row();  // the source's y (z folded in): the column
    if (px_x >= height_px || px_y >= width_px) return;
    const float lat_pt = __fadd_rn(
        lat_max, -__fmul_rn(__fadd_rn(lat_max, -lat_min) / (float)height_px, (float)px_x));
    const float long_pt = __fadd_rn(
        long_min, __fmul_rn(__fadd_rn(long_max, -long_min) / (float)width_px, (float)px_y));
    const float near_weight = (float)pow(1000000000.0, (double)idp);
    float acc = 0.0f;
    float total_weight = 0.0f;
    for (int idx = 0; idx < size; idx++) {
        const float dlat = __fadd_rn(lat_arr[idx], -lat_pt);
        const float dlong = __fadd_rn(long_arr[idx], -long_pt);
        const float sum = __fadd_rn(__fmul_rn(dlat, dlat), __fmul_rn(dlong, dlong));
        const float wf = sum < 0.000000001 ? near_weight : powf(rsqrtf(sum), idp);
        const float weight = __fmul_rn(weights[idx], wf);
        total_weight = __fadd_rn(total_weight, weight);
        acc = __fadd_rn(acc, __fmul_rn(weight, val[idx]));
    }
    res[(long long)px_x * width_px + px_y] = acc / total_weight;
}
