// The first step of connected-component labelling of an image, the init_labels kernel of
// Playne and Hawick's equivalence algorithm (DanielPlayne/playne-equivalence-algorithm, the
// 2-D direct version: D. P. Playne and K. Hawick, "A New Algorithm for Parallel
// Connected-Component Labelling on GPUs", IEEE TPDS 2018; its label reduction, resolution and
// background passes follow it) (blind check set 52: written after calibration, never fitted
// on). As in Playne's code: one thread per pixel (ix, iy), inside (cX, cY) only; the pixel's
// value pyx compared with its four neighbours earlier in raster order, each only where it is
// inside the image (N (iy - 1, ix), W (iy, ix - 1), NW (iy - 1, ix - 1), NE (iy - 1, ix + 1):
// 8-connectivity), the label the index of the first equal one of NW, N, NE, W (the lowest
// index: the chain label = W ? W's : own, then NE, N and NW each overriding where equal), or
// the pixel's own index iy cX + ix, stored to g_labels[iy cX + ix]; the host's 32 x 4 threads
// (as I recall) on (cdiv(cX, 32), cdiv(cY, 4)). Departures: the block the sweep's, any shape
// (the row from y*z, z folded in); cX and cY arguments (Playne's __constant__ symbols); the
// 8-bit image one int32 a pixel (the manifest's buffers are 4-byte words: 4 B loads where
// Playne's are 1 B). Written from memory. Exact (integers). x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void playne_ccl_init(unsigned int* g_labels, const int* g_image,
                                           const int cX, const int cY) {
    // Calculate index
    const unsigned int ix = ga_col();
    const unsigned int iy = ga_row();

    // Check Thread Range
    if ((ix < cX) && (iy < cY)) {
        // Fetch five image values
        const int pyx = g_image[iy * cX + ix];

        // Neighbour Connections
        const bool nym1x = (iy > 0) ? (pyx == g_image[(iy - 1) * cX + ix]) : false;
        const bool nyxm1 = (ix > 0) ? (pyx == g_image[(iy)*cX + ix - 1]) : false;
        const bool nym1xm1 = ((iy > 0) && (ix > 0)) ? (pyx == g_image[(iy - 1) * cX + ix - 1]) : false;
        const bool nym1xp1 = ((iy > 0) && (ix < cX - 1)) ? (pyx == g_image[(iy - 1) * cX + ix + 1]) : false;

        // Label
        unsigned int label;

        // Initialise Label
        // Label will be chosen in the following order:
        // NW > N > NE > W > current position
        label = (nyxm1) ? iy * cX + ix - 1 : iy * cX + ix;
        label = (nym1xp1) ? (iy - 1) * cX + ix + 1 : label;
        label = (nym1x) ? (iy - 1) * cX + ix : label;
        label = (nym1xm1) ? (iy - 1) * cX + ix - 1 : label;

        // Write to Global Memory
        g_labels[iy * cX + ix] = label;
    }
}
