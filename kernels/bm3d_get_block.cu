// BM3D-GPU's get_block (DawyD/bm3d-gpu, src/filtering.cu with get_block_addresses, launched by
// run_get_block from BM3D::first_step and second_step in include/bm3d.hpp: the gathering of
// BM3D's 3-D groups, each reference patch of a batch followed by the similar patches that block
// matching found for it, copied out of the grey image into one float stack per reference patch)
// (blind check set 96: written after calibration, never fitted on). As in BM3D-GPU: one block a
// reference patch of the batch, blockIdx (x, y); its stack at k k (N + 1) idx2(blockIdx.x,
// blockIdx.y, gridDim.x); the patch at start_point + blockIdx p, a patch one step past
// stacks_dim (within p - 1) pulled back onto its last row or column and one further skipped;
// layer 0 the reference patch, layer i + 1 (i below the group's num_patches_in_stack) the patch
// displaced by the i-th ushort of the group's stacks entry (x its low signed byte, y its high
// signed byte); stack[idx3(tx, ty, layer, k, k)] = (float)image[(outer.y + y + ty) pitch +
// outer.x + x + tx]; the host's k x k = 8 x 8 threads on batch 256 x 128 blocks (Params'
// defaults: k 8, N 8 (7 stored), p 3). Departures: the block any shape (the fixed k x k patch
// shared out among the block's threads, x its columns, y*z its rows with z folded in, strided
// by the block's extent: a per-block work split); the image bytes and the ushort offsets as
// 32-bit words read through byte and ushort pointers; the params struct as ints. Reimplemented
// from the published source (its indexing, arithmetic and control flow; none of its text).
// Exact: bytes converted to float. 2-D, no shared memory, a fixed grid (one block a reference
// patch): per layer a 4 B group-count broadcast, a 2 B offset broadcast, then per patch pixel a
// 1 B image gather (k consecutive bytes a patch row, rows pitch B apart) and a 4 B store (a
// patch row's k * 4 B contiguous, the layer's 256 B contiguous).
#include "common.cuh"

extern "C" __global__ void bm3d_get_block(int start_x, int start_y, const unsigned* image_words,
                                          int pitch, const unsigned* stacks_words,
                                          const unsigned* g_num_patches_in_stack,
                                          float* patch_stack, int stacks_dim_x,
                                          int stacks_dim_y, int k, int N, int p) {
    const unsigned char* image = reinterpret_cast<const unsigned char*>(image_words);
    const unsigned short* stacks = reinterpret_cast<const unsigned short*>(stacks_words);
    const int group = blockIdx.y * gridDim.x + blockIdx.x;
    const long long start_idx = (long long)k * k * (N + 1) * group;

    int outer_x = start_x + blockIdx.x * p;
    int outer_y = start_y + blockIdx.y * p;
    if (outer_y >= stacks_dim_y && outer_y < stacks_dim_y + p - 1) outer_y = stacks_dim_y - 1;
    if (outer_x >= stacks_dim_x && outer_x < stacks_dim_x + p - 1) outer_x = stacks_dim_x - 1;
    if (outer_x >= stacks_dim_x || outer_y >= stacks_dim_y) return;

    float* stack = patch_stack + start_idx;
    const unsigned short* z_ptr = stacks + (long long)N * group;
    const unsigned num_patches = g_num_patches_in_stack[group];
    const int cols = blockDim.x;
    const int rows = ga_block_rows();

    for (int ty = ga_row_in_block(); ty < k; ty += rows) {
        for (int tx = threadIdx.x; tx < k; tx += cols) {
            stack[ty * k + tx] =
                (float)image[(long long)(outer_y + ty) * pitch + outer_x + tx];
            for (unsigned i = 0; i < num_patches; ++i) {
                const unsigned short z = z_ptr[i];
                const int x = (int)(signed char)(z & 0xFF);
                const int y = (int)(signed char)((z >> 8) & 0xFF);
                stack[(long long)(i + 1) * k * k + ty * k + tx] =
                    (float)image[(long long)(outer_y + y + ty) * pitch + outer_x + x + tx];
            }
        }
    }
}
