// torch-points-kernels' cubic_feature_sampling_kernel<float> (torch-points3d/torch-points-kernels,
// cuda/src/cubic_feature_sampling_gpu.cu, launched by cubic_feature_sampling_kernel_wrapper in
// the same file behind torch_points_kernels' CubicFeatureSampling: GRNet's cubic feature
// sampling, each point gathering the 3-D CNN features of the (2 neighborhood_size)^3 grid
// vertices around it) (blind check set 89: written after calibration, never fitted on). As in
// the source: one block a cloud (batch_index = blockIdx.x), its threads striding over the
// cloud's points (i from threadIdx.x in steps of blockDim.x); for each point floor and ceil of
// its three coordinates (the upper bound one past the lower where they agree), a triple loop
// over the vertices from lower - (neighborhood_size - 1) to upper + (neighborhood_size - 1)
// writing each vertex's flat index x scale^2 + y scale + z (-1 outside the grid) to
// grid_pt_indexes, then for every vertex and channel the index read back and, unless -1,
// point_features[i][j][k] = cubic_features[k][vertex]; the host's get_n_threads(n_pts) (the
// largest power of two up to n_pts, at most 512) threads on batch_size blocks. Departures:
// the block the sweep's, any shape (linearized), the batch offsets in 64 bits, float only.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: copies and integer indices. 1-D, no shared memory, a per-block work split:
// each thread a loop over its points, three 4 B coordinate loads (a warp's lanes 12 B apart),
// n_vertices 4 B index stores and loads (a warp's lanes n_vertices * 4 B apart), and for each
// vertex C 4 B gathers (channels scale^3 * 4 B apart) and 4 B stores (a thread's run of C
// values contiguous, a warp's lanes n_vertices C * 4 B apart).
#include "common.cuh"

extern "C" __global__ void tpk_cubic_sampling(int scale, int neighborhood_size, int n_vertices,
                                              int n_pts, int n_cubic_channels,
                                              const float* ptcloud, const float* cubic_features,
                                              float* point_features, int* grid_pt_indexes) {
    const long long b = blockIdx.x;
    const int cub = scale * scale * scale;
    const float* pts = ptcloud + b * n_pts * 3;
    const float* feats = cubic_features + b * n_cubic_channels * cub;
    float* outf = point_features + b * n_pts * n_vertices * n_cubic_channels;
    int* gidx = grid_pt_indexes + b * n_pts * n_vertices;
    const int stride = ga_nthreads();
    for (int i = ga_tid(); i < n_pts; i += stride) {
        const float px = pts[i * 3 + 0];
        const float py = pts[i * 3 + 1];
        const float pz = pts[i * 3 + 2];
        const int lx = (int)floorf(px);
        int ux = (int)ceilf(px);
        if (ux == lx) ux += 1;
        const int ly = (int)floorf(py);
        int uy = (int)ceilf(py);
        if (uy == ly) uy += 1;
        const int lz = (int)floorf(pz);
        int uz = (int)ceilf(pz);
        if (uz == lz) uz += 1;
        const int ns = neighborhood_size - 1;
        int v = 0;
        for (int x = lx - ns; x <= ux + ns; ++x) {
            for (int y = ly - ns; y <= uy + ns; ++y) {
                for (int z = lz - ns; z <= uz + ns; ++z) {
                    const bool out = x < 0 || x >= scale || y < 0 || y >= scale || z < 0 ||
                                     z >= scale;
                    gidx[i * n_vertices + v] = out ? -1 : (x * scale + y) * scale + z;
                    ++v;
                }
            }
        }
        for (int j = 0; j < n_vertices; ++j) {
            for (int k = 0; k < n_cubic_channels; ++k) {
                const int vi = gidx[i * n_vertices + j];
                if (vi == -1) continue;
                outf[((long long)i * n_vertices + j) * n_cubic_channels + k] =
                    feats[(long long)k * cub + vi];
            }
        }
    }
}
