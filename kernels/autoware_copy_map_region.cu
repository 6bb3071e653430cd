// The region copy of a moving occupancy grid, Autoware's copyMapRegionKernel
// (autowarefoundation/autoware.universe, perception/autoware_probabilistic_occupancy_grid_map
// src/utils/utils_kernel.cu, behind copyMapRegionLaunch and the GPU costmap's updateOrigin:
// the overlap of the old and the new map copied whenever the vehicle-centred grid is re-centred)
// (blind check set 58: written after calibration, never fitted on). As in Autoware: one thread
// a cell of the region_size_x x region_size_y overlap, region_y = idx / region_size_x and
// region_x = idx % region_size_x, a 1 B load from the source map at (sm_lower_left_y +
// region_y) sm_size_x + sm_lower_left_x + region_x and a 1 B store to the destination map at
// the same region cell from (dm_lower_left_x, dm_lower_left_y), both indices checked against
// their maps' sizes; the host's 256 threads on cdiv(region cells, 256) blocks. Departures: the
// block the sweep's, any shape (linearized); the uint8 maps as 4 B words cast. Reimplemented
// from the published source (its indexing and control flow; none of its text). Exact: a copy.
// 1-D: the block is linearized, one thread a cell of the region.
#include "common.cuh"

extern "C" __global__ void autoware_copy_map_region(
    const unsigned int* source_words, unsigned int sm_lower_left_x, unsigned int sm_lower_left_y,
    unsigned int sm_size_x, unsigned int sm_size_y, unsigned int* dest_words,
    unsigned int dm_lower_left_x, unsigned int dm_lower_left_y, unsigned int dm_size_x,
    unsigned int dm_size_y, unsigned int region_size_x, unsigned int region_size_y) {
    const unsigned char* source_map = reinterpret_cast<const unsigned char*>(source_words);
    unsigned char* dest_map = reinterpret_cast<unsigned char*>(dest_words);
    const int idx = (int)ga_linear();
    if (idx >= region_size_x * region_size_y) return;
    const int region_y = idx / region_size_x;
    const int region_x = idx % region_size_x;
    const int sm_index =
        sm_lower_left_y * sm_size_x + sm_lower_left_x + region_y * sm_size_x + region_x;
    const int dm_index =
        dm_lower_left_y * dm_size_x + dm_lower_left_x + region_y * dm_size_x + region_x;
    if (sm_index < sm_size_x * sm_size_y && dm_index < dm_size_x * dm_size_y) {
        dest_map[dm_index] = source_map[sm_index];
    }
}
