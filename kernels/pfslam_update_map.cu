// ParticleFilter_SLAM's kernel_update_map (Afshari/ParticleFilter_SLAM, kernels/kernels_map.cu,
// launched by exec_log_odds in device/device_exec_map.h with 256 threads a block on
// ceil(GRID_WIDTH GRID_HEIGHT / 256) blocks, right after the two kernel_update_log_odds
// passes: a CUDA particle-filter SLAM's occupancy-grid mapping, each cell of the map re-marked
// from its accumulated lidar log-odds) (blind check set 122: written after calibration, never
// fitted on). As in the source: i = blockDim.x blockIdx.x + threadIdx.x, only i < NUM_ELEMS;
// a cell whose log-odds is above 0 becomes WALL, then one below the prior LOG_ODD_PRIOR
// (log(1e-6), -13.86) becomes FREE; any other cell keeps its previous code. Departures: the
// block any shape (linearized); WALL and FREE passed as they are (the source's _WALL 2 and
// _FREE 1 from headers.h), the unused separator argument F_SEP kept. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact: two
// float compares. 1-D, no shared memory: per thread one 4 B load (a warp's 128 B
// contiguous) and at most one 4 B store into the map, read-modify-write (cells between the
// two thresholds are left alone).
#include "common.cuh"

extern "C" __global__ void pfslam_update_map(int* s_grid_map, int f_sep,
                                             const float* s_log_odds, float log_odd_prior,
                                             int wall_code, int free_code, int num_elems) {
    const long long i = ga_linear();
    if (i >= num_elems) return;
    (void)f_sep;
    if (s_log_odds[i] > 0) s_grid_map[i] = wall_code;
    if (s_log_odds[i] < log_odd_prior) s_grid_map[i] = free_code;
}
