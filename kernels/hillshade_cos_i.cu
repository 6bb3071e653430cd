// Illumination of a digital elevation model, cos i: the cosine of the angle between each
// cell's surface normal and the direction of the sun, the term that hillshading
// (gdaldem hillshade) scales to a grey level and that the topographic corrections of
// satellite imagery (cosine, C and Minnaert corrections) divide by (blind check set 15:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind15/ once
// recorded). The slope is Horn's (1981) 3 x 3 estimate as GDAL and ArcGIS compute it: with
// the window a b c / d e f / g h i (north at the top), dz/dx = ((c + 2f + i) - (a + 2d + g))
// / (8 cellsize) towards the east and dz/dy = ((a + 2b + c) - (g + 2h + i)) / (8 cellsize)
// towards the north; cos i = (sz - sx dz/dx - sy dz/dy) / sqrt(1 + (dz/dx)^2 + (dz/dy)^2)
// for the unit sun vector (sx, sy, sz) = (cos alt sin az, cos alt cos az, sin alt) (negative
// where the cell faces away from the sun: self-shadowed). Cells outside the DEM take the
// nearest edge cell's height (the border replicated). One thread per cell: nine 4 B loads of
// its 3 x 3 window straight from global memory (no shared memory: three rows, the
// neighbouring columns L1 hits of the same lines, the rows above and below L1/L2 hits of the
// lines the block's other rows bring in), integer sums, two multiplies by 1 / (8 cellsize),
// a sqrtf and a divide, one contiguous 4 B store. float32: within the
// manifest's tolerance of the reference's float64. x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void hillshade_cos_i(const int* __restrict__ dem, float* __restrict__ cos_i,
                                           int rows, int cols, float cellsize, float sx,
                                           float sy, float sz) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long up = (long long)max(r - 1, 0) * cols;
    const long long mid = (long long)r * cols;
    const long long down = (long long)min(r + 1, rows - 1) * cols;
    const int left = max(c - 1, 0);
    const int right = min(c + 1, cols - 1);
    const int za = dem[up + left], zb = dem[up + c], zc = dem[up + right];
    const int zd = dem[mid + left], zf = dem[mid + right];
    const int zg = dem[down + left], zh = dem[down + c], zi = dem[down + right];
    const float inv = 1.0f / (8.0f * cellsize);
    const float dzdx = (float)((zc + 2 * zf + zi) - (za + 2 * zd + zg)) * inv;
    const float dzdy = (float)((za + 2 * zb + zc) - (zg + 2 * zh + zi)) * inv;
    const float norm = sqrtf(1.0f + dzdx * dzdx + dzdy * dzdy);
    cos_i[mid + c] = (sz - sx * dzdx - sy * dzdy) / norm;
}
