// proj2_CSC589's haversine_distance_kernel (Codingologist/proj2_CSC589,
// scott_proj2/haversine_library.cu, launched by run_kernel in the same file with a 1,024-thread
// block on ceil(size / 1024) blocks, behind the pybind11 haversine_distance of
// haversine_library.cpp: a GPU course project's great-circle distances of the NYC yellow-cab
// trips' pickup and drop-off points) (blind check set 116: written after calibration, never
// fitted on). As in proj2_CSC589: ind = blockIdx.x blockDim.x + threadIdx.x, only ind < size;
// dLat = (y2 - y1) (pi / 180), dLon = (x2 - x1) (pi / 180), the two latitudes in radians,
// a = sin(dLat / 2)^2 + cos(lat1) cos(lat2) sin(dLon / 2)^2 (each square a product of two
// sin calls), c = 2 atan2(sqrt(a), sqrt(1 - a)), dist = R c with the int R = 6371 (km).
// Departures: the block any shape (linearized), 64-bit indices. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Not
// exact: double sin, cos, atan2 and sqrt and contracted products differ from NumPy's by a
// few ulps (compared within a tolerance). 1-D, no shared memory: per thread four 8 B loads
// (x1, y1, x2, y2: a warp's 256 B contiguous each) and one 8 B store (a warp's 256 B).
#include "common.cuh"

extern "C" __global__ void csc589_haversine(int size, const double* x1, const double* y1,
                                            const double* x2, const double* y2, double* dist) {
    const long long i = ga_linear();
    if (i >= size) return;
    const int radius = 6371;
    const double to_rad = 3.14159265358979323846 / 180;
    const double d_lat = (y2[i] - y1[i]) * to_rad;
    const double d_lon = (x2[i] - x1[i]) * to_rad;
    const double lat1 = y1[i] * to_rad;
    const double lat2 = y2[i] * to_rad;
    const double a = sin(d_lat / 2) * sin(d_lat / 2)
                     + cos(lat1) * cos(lat2) * sin(d_lon / 2) * sin(d_lon / 2);
    const double c = 2 * atan2(sqrt(a), sqrt(1 - a));
    dist[i] = radius * c;
}
