// The occupancy bitfield of instant-ngp's NeRF density grid, grid_to_bitfield
// (NVlabs/instant-ngp, src/testbed_nerf.cu, behind
// Testbed::update_density_grid_mean_and_bitfield: every 16 training steps of a NeRF, the
// density grid thresholded into the bitfield the ray marcher skips empty space with, before
// bitfield_max_pool builds its mips) (blind check set 56: written after calibration, never
// fitted on). As in instant-ngp: one thread a byte i of the bitfield of every cascade
// (n_elements = NERF_GRID_N_CELLS() / 8 NERF_CASCADES()), bytes past n_nonzero_elements (the
// cascades past max_cascade) stored as 0, the others eight 4 B loads of the cells grid[8 i + j]
// (32 B contiguous a thread), each compared with thresh = min( NERF_MIN_OPTICAL_THICKNESS()
// (0.01f), *mean_density_ptr) (a broadcast load) into bit j, and a 1 B store; linear_kernel's
// 128 threads on cdiv(n_elements, 128) blocks. Departures: the block the sweep's, any shape
// (linearized); std::min as min; uint8_t as unsigned char, the bitfield bytes of the manifest's
// uint32 words. Ported from the published source. Exact: a comparison per cell (no arithmetic).
// 1-D: the block is linearized, one thread a byte of the bitfield (8 cells).
#include "common.cuh"

#define NERF_MIN_OPTICAL_THICKNESS 0.01f  // any alpha below is "invisible", culled away

extern "C" __global__ void ngp_grid_to_bitfield(const unsigned n_elements,
                                                const unsigned n_nonzero_elements,
                                                const float* __restrict__ grid,
                                                unsigned* __restrict__ grid_bitfield_words,
                                                const float* __restrict__ mean_density_ptr) {
    unsigned char* grid_bitfield = reinterpret_cast<unsigned char*>(grid_bitfield_words);
    const unsigned i = ga_linear();
    if (i >= n_elements) return;
    if (i >= n_nonzero_elements) {
        grid_bitfield[i] = 0;
        return;
    }

    unsigned char bits = 0;

    float thresh = min(NERF_MIN_OPTICAL_THICKNESS, *mean_density_ptr);

#pragma unroll
    for (unsigned char j = 0; j < 8; ++j) {
        bits |= grid[i * 8 + j] > thresh ? ((unsigned char)1 << j) : 0;
    }

    grid_bitfield[i] = bits;
}
