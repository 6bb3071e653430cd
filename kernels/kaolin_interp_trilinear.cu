// Trilinear interpolation of a structured point cloud's features, Kaolin's
// interpolate_trilinear_cuda_kernel (NVIDIAGameWorks/kaolin,
// kaolin/csrc/ops/spc/point_utils_cuda.cu, behind interpolate_trilinear_cuda_impl in the same
// file: kaolin.ops.spc.interpolate_trilinear, the feature lookup of an SPC (octree) grid at
// sample points along rays, e.g. in neural-field rendering) (blind check set 69: written after
// calibration, never fitted on). As in Kaolin: a grid-stride loop over num = voxels samples
// (idx > num returns), _i = pidx[i / num_samples], skipped when -1, the voxel's point and its
// 8 trinkets (the corner features' indices), x_ = resolution (coords[i] 0.5 + 0.5) - point per
// axis and _x = 1 - x_, the eight corner weights c000 .. c111 (products of three), for j below
// feature_dim feature_out[i feature_dim + j] = the weights times feature_in[trinket[k]
// feature_dim + j] summed in corner order; the host's 128 threads on cdiv(num, 128) blocks.
// Departures: the block the sweep's, any shape (linearized; the grid-stride loop kept, one
// pass at cdiv(num, threads) blocks); the short3 points int32 triples, float3 coords float
// triples. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number coordinates, points and features (local offsets
// whole numbers in [-1, 1], every weight, product and sum a small integer, contracted or not).
// 1-D: the block is linearized, one thread a sample.
#include "common.cuh"

extern "C" __global__ void kaolin_interp_trilinear(const float* __restrict__ coords,
                                                   const int* __restrict__ pidx,
                                                   const int* __restrict__ points,
                                                   const int* __restrict__ trinkets,
                                                   const float* __restrict__ feature_in,
                                                   float* __restrict__ feature_out,
                                                   long long feature_dim, int resolution,
                                                   long long num_samples, long long num) {
    const long long idx = ga_linear();
    const long long stride = (long long)ga_nthreads() * gridDim.x;
    if (idx > num) return;

    for (int i = (int)idx; i < num; i += (int)stride) {
        const int _i = pidx[i / num_samples];
        if (_i > -1) {
            const int px = points[_i * 3 + 0];
            const int py = points[_i * 3 + 1];
            const int pz = points[_i * 3 + 2];
            int trinket[8];
            for (int k = 0; k < 8; ++k) {
                trinket[k] = trinkets[_i * 8 + k];
            }
            const float xx = resolution * (coords[i * 3 + 0] * 0.5 + 0.5) - px;
            const float xy = resolution * (coords[i * 3 + 1] * 0.5 + 0.5) - py;
            const float xz = resolution * (coords[i * 3 + 2] * 0.5 + 0.5) - pz;
            const float yx = 1.0 - xx;
            const float yy = 1.0 - xy;
            const float yz = 1.0 - xz;

            const float c000 = yx * yy * yz;
            const float c001 = yx * yy * xz;
            const float c010 = yx * xy * yz;
            const float c011 = yx * xy * xz;
            const float c100 = xx * yy * yz;
            const float c101 = xx * yy * xz;
            const float c110 = xx * xy * yz;
            const float c111 = xx * xy * xz;

            for (long long j = 0; j < feature_dim; ++j) {
                const float feat = feature_in[trinket[0] * feature_dim + j] * c000 +
                                   feature_in[trinket[1] * feature_dim + j] * c001 +
                                   feature_in[trinket[2] * feature_dim + j] * c010 +
                                   feature_in[trinket[3] * feature_dim + j] * c011 +
                                   feature_in[trinket[4] * feature_dim + j] * c100 +
                                   feature_in[trinket[5] * feature_dim + j] * c101 +
                                   feature_in[trinket[6] * feature_dim + j] * c110 +
                                   feature_in[trinket[7] * feature_dim + j] * c111;
                feature_out[i * feature_dim + j] = feat;
            }
        }
    }
}
