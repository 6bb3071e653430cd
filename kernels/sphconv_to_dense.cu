// sphconv's toDenseKernel<int32_t, float> (reveriel/sphconv, src/sphconv/tensor.cu, launched
// by to_dense in the same file: sphconv's sparse tensor of LiDAR voxels in a spherical (range
// image) grid, its features stored fibre by fibre along the depth axis with a z index each,
// scattered back into the dense [B][H][W][D][C] volume) (blind check set 110: written after
// calibration, never fitted on). As in sphconv: x = threadIdx.x + blockDim.x blockIdx.x the
// H index, y = threadIdx.y + blockDim.y blockIdx.y the W index, nothing at or past H or W;
// for each batch b the fibre (b, x, y)'s nonzeros pos from the previous fibre's end to
// zPtr[b][x][y] (the inclusive prefix sums of the fibre sizes), z = zIndices[pos] and
// out[b][x][y][z][c] = feature[pos][c] for c below C; the host's H_BLOCK x W_BLOCK = 8 x 16
// threads on cdiv(H, 8) x cdiv(W, 16) blocks. Departures: the block any shape (x the H index;
// y*z the W index, z folded in); the inclusive prefix sums read as row pointers with a leading
// 0 (z_ptr[f] to z_ptr[f + 1] the fibre f's nonzeros: the source's zStart is 0 for the first
// fibre and the previous fibre's sum after it, the same bounds); the packed accessors as
// plain arrays with 64-bit offsets and the sizes as arguments. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// copies (a fibre's repeated z written in order by its one thread, the last one kept). 2-D,
// no shared memory, x NOT the contiguous dimension: a warp's lanes are H rows, W D C * 4 B
// apart in the output; per fibre two 4 B row-pointer loads, per nonzero a 4 B z load and C
// 4 B feature loads (contiguous) and C 4 B stores (contiguous within the voxel).
#include "common.cuh"

extern "C" __global__ void sphconv_to_dense(const float* feature, const int* z_ptr,
                                            const int* z_indices, float* out, int B, int H,
                                            int W, int D, int C) {
    const int x = threadIdx.x + blockDim.x * blockIdx.x;
    const int y = ga_row();
    if (x >= H || y >= W) return;
    for (int b = 0; b < B; b++) {
        const long long fibre = ((long long)b * H + x) * W + y;
        const int z_end = z_ptr[fibre + 1];
        const int z_start = z_ptr[fibre];
        for (int pos = z_start; pos < z_end; pos++) {
            const long long z = z_indices[pos];
            float* voxel = out + (fibre * D + z) * C;
            const float* src = feature + (long long)pos * C;
            for (int c = 0; c < C; c++) {
                voxel[c] = src[c];
            }
        }
    }
}
