// NVIDIA Warp's marching-cubes vertex count, count_cell_verts (NVIDIA/warp,
// warp/native/marching.cu, launched through wp_launch_device by marching_cubes_surface_device in
// the same file: the first pass of Warp's GPU marching cubes (wp.MarchingCubes.surface), each
// cell's count of the isosurface's crossings on its three forward edges, exclusive-scanned
// after into the cells' first vertex indices) (blind check set 84: written after calibration,
// never fitted on). As in Warp: cell_index = blockIdx.x blockDim.x + threadIdx.x below
// num_cells, (xi, yi, zi) from it with zi fastest (zi = c % nz, yi = (c / nz) % ny, xi = c / (ny
// nz)); first_cell_vert[cell] = 0, then for a cell not on the last layer of any axis the density
// there d0 and its +x, +y and +z neighbours' (ny nz, nz and 1 values on) each counting 1 where
// (d0 <= threshold and d >= threshold) or (d <= threshold and d0 >= threshold), the count stored;
// wp_launch_device's 256 threads on cdiv(num_cells, 256) blocks. Departures: the block the
// sweep's, any shape (linearized); the MarchingCubes struct as its three sizes, num_cells and
// the output pointer. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: comparisons of whole numbers. 1-D: one thread a cell:
// four 4 B loads (its value, the +z neighbour's 4 B on, the +y neighbour's a row (1 KiB) on and
// the +x one's a plane (256 KiB) on: each a warp's 128 B contiguous) and a 4 B store.
#include "common.cuh"

extern "C" __global__ void warp_mc_count_verts(int nx, int ny, int nz, int num_cells,
                                               int* first_cell_vert, const float* density,
                                               float threshold) {
    const long long linear = ga_linear();
    if (linear >= num_cells) return;
    const int cell = (int)linear;
    const int zi = cell % nz;
    const int yi = (cell / nz) % ny;
    const int xi = cell / nz / ny;
    first_cell_vert[cell] = 0;
    if (xi >= nx - 1 || yi >= ny - 1 || zi >= nz - 1) return;
    const float d0 = density[cell];
    const float dx = density[((xi + 1) * ny + yi) * nz + zi];
    const float dy = density[(xi * ny + yi + 1) * nz + zi];
    const float dz = density[(xi * ny + yi) * nz + zi + 1];
    int num = 0;
    if ((d0 <= threshold && dx >= threshold) || (dx <= threshold && d0 >= threshold)) num++;
    if ((d0 <= threshold && dy >= threshold) || (dy <= threshold && d0 >= threshold)) num++;
    if ((d0 <= threshold && dz >= threshold) || (dz <= threshold && d0 >= threshold)) num++;
    first_cell_vert[cell] = num;
}
