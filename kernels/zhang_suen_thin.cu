// One sub-iteration of Zhang and Suen's parallel thinning of a binary image (Zhang and Suen,
// CACM 1984; OpenCV's ximgproc::thinning(THINNING_ZHANGSUEN) and scikit-image's skeletonize
// run it until nothing changes), the skeleton of a scanned drawing, a map's road mask or a
// segmented vessel tree, through a shared-memory tile with a one-pixel halo (blind check set
// 22: written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind22/
// once recorded). The image is a row-major int32 array, foreground where nonzero; pixels
// outside the image are background (scikit-image pads with zeros). Around a foreground pixel
// p1 its neighbours are p2 (north, row - 1), p3 (north-east), p4 (east), p5 (south-east),
// p6 (south), p7 (south-west), p8 (west) and p9 (north-west), clockwise; B = the number of
// foreground neighbours, A = the number of background-to-foreground steps in the circular
// sequence p2, p3, ..., p9, p2. Sub-iteration 0 clears p1 when 2 <= B <= 6, A = 1, p2 p4 p6 =
// 0 and p4 p6 p8 = 0 (the south-east boundary and the north-west corners); sub-iteration 1
// when 2 <= B <= 6, A = 1, p2 p4 p8 = 0 and p2 p6 p8 = 0 (the north-west boundary and the
// south-east corners). Out: 1 for a kept foreground pixel, 0 otherwise (out of place: every
// decision reads the image before the sub-iteration, as the algorithm's parallel definition
// wants). The block's output tile is bx columns by by' = blockDim.y * blockDim.z rows; the
// block first copies the (bx + 2) x (by' + 2) input tile around it into shared memory as
// bytes (0 or 1; zeros outside the image), each thread striding over the tile's rows by by'
// and its columns by bx (a row of threads loads contiguous pixels of a tile row; the halo
// takes extra passes), waits at the barrier, then each thread reads its pixel and, if it is
// foreground, its eight neighbours from shared memory (bytes: neighbouring lanes share 4 B
// words), counts and tests, and stores one contiguous 4 B value. Integer logic: exact.
// Dynamic shared memory: (bx + 2) * (by' + 2) bytes. Every thread reaches the barrier.
// x -> column, y*z -> row.
#include "common.cuh"

extern "C" __global__ void zhang_suen_thin(const int* __restrict__ img, int* __restrict__ out,
                                           int rows, int cols, int subiter) {
    extern __shared__ char zs_tile[];  // the tile, one byte (0 or 1) a pixel
    const int bx = blockDim.x;
    const int by = ga_block_rows();
    const int pitch = bx + 2;
    const int height = by + 2;
    const int row0 = blockIdx.y * by - 1;  // image row of the tile's first (halo) row
    const int col0 = blockIdx.x * bx - 1;  // image column of its first column
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    for (int yy = ty; yy < height; yy += by) {
        const int rr = row0 + yy;
        for (int xx = tx; xx < pitch; xx += bx) {
            const int cc = col0 + xx;
            const bool inside = rr >= 0 && rr < rows && cc >= 0 && cc < cols;
            zs_tile[yy * pitch + xx] = inside && img[(long long)rr * cols + cc] != 0 ? 1 : 0;
        }
    }
    __syncthreads();
    const int r = row0 + 1 + ty;
    const int c = col0 + 1 + tx;
    if (r >= rows || c >= cols) {
        return;
    }
    const char* p = zs_tile + (ty + 1) * pitch + tx + 1;
    int keep = p[0];
    if (keep) {
        const int p2 = p[-pitch], p3 = p[1 - pitch], p4 = p[1], p5 = p[pitch + 1];
        const int p6 = p[pitch], p7 = p[pitch - 1], p8 = p[-1], p9 = p[-pitch - 1];
        const int b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
        const int a = (!p2 && p3) + (!p3 && p4) + (!p4 && p5) + (!p5 && p6) + (!p6 && p7) +
                      (!p7 && p8) + (!p8 && p9) + (!p9 && p2);
        const int m1 = subiter == 0 ? p2 & p4 & p6 : p2 & p4 & p8;
        const int m2 = subiter == 0 ? p4 & p6 & p8 : p2 & p6 & p8;
        if (b >= 2 && b <= 6 && a == 1 && m1 == 0 && m2 == 0) {
            keep = 0;
        }
    }
    out[(long long)r * cols + c] = keep;
}
