// BEVDepth's voxel_pooling_inference_forward_kernel, float variant (Megvii-BaseDetection/BEVDepth,
// bevdepth/ops/voxel_pooling_inference/src/voxel_pooling_inference_forward_cuda.cu, launched by
// voxel_pooling_inference_forward_kernel_launcher in the same file behind
// bevdepth.ops.voxel_pooling_inference: the lift-splat step of BEVDepth's inference, every
// camera frustum sample's depth probability times its image feature column summed into the
// bird's-eye-view cell its 3-D point falls in) (blind check set 95: written after calibration,
// never fitted on). As in BEVDepth: a block owns THREADS_PER_BLOCK consecutive frustum samples
// (batch, camera, depth bin, image row, image column flattened); each thread copies its own
// sample's integer voxel coordinates (x, y, z) into shared memory, a barrier, then the block's
// rows (threadIdx.y) share out the block's samples (row r the samples r, r + rows, ...), a
// sample outside the voxel grid skipped, and the threads of a row (threadIdx.x) stride over the
// channels: atomicAdd(out[b][y][x][c], depth[sample] * context[b][cam][c][h][w]); the host's
// 32 x 4 threads on cdiv(samples, 128) blocks. Departures: the block any shape (x the channel,
// y*z the row with z folded in, bx * by * bz samples a block); the static shared array as 12 B a
// thread of dynamic shared memory; the float variant only; the context and output offsets in 64
// bits. Reimplemented from the published source (its indexing, arithmetic and control flow;
// none of its text). Exact: products and sums of whole numbers far below 2^24 (the atomic order
// immaterial). 2-D, shared memory, a per-block work split: three 4 B coordinate loads a thread
// (a warp's 384 B contiguous), then per sample of its row a 4 B depth broadcast and, per channel
// (x), a 4 B context load H W * 4 B apart across the warp's lanes and a 4 B atomicAdd (a warp's
// 128 B contiguous in the cell's channel vector).
#include "common.cuh"

extern "C" __global__ void bevdepth_voxel_pool(int batch_size, int num_cams, int num_depth,
                                               int num_height, int num_width, int num_channels,
                                               int num_voxel_x, int num_voxel_y,
                                               int num_voxel_z, const int* geom_xyz,
                                               const float* depth_features,
                                               const float* context_features,
                                               float* output_features) {
    extern __shared__ int bd_xyz[];  // 3 ints a thread, as the source's geom_xyz_shared
    const int cols = blockDim.x;
    const int rows = ga_block_rows();
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int per_block = cols * rows;
    const int local = ty * cols + tx;
    const int first = blockIdx.x * per_block;
    const int plane = num_height * num_width;
    const int frustum = num_depth * plane;
    const int total = batch_size * num_cams * frustum;

    if (first + local < total) {
        for (int k = 0; k < 3; ++k) bd_xyz[local * 3 + k] = geom_xyz[(first + local) * 3 + k];
    }
    __syncthreads();

    for (int i = ty; i < per_block && first + i < total; i += rows) {
        const int vx = bd_xyz[i * 3];
        const int vy = bd_xyz[i * 3 + 1];
        const int vz = bd_xyz[i * 3 + 2];
        if (vx < 0 || vx >= num_voxel_x || vy < 0 || vy >= num_voxel_y || vz < 0 ||
            vz >= num_voxel_z) {
            continue;
        }
        const int s = first + i;
        const int b = s / (num_cams * frustum);
        const int cam = s / frustum % num_cams;
        const int h = s / num_width % num_height;
        const int w = s % num_width;
        const float weight = depth_features[s];
        const float* ctx = context_features + (long long)(b * num_cams + cam) * num_channels * plane +
                           h * num_width + w;
        float* out = output_features +
                     ((long long)(b * num_voxel_y + vy) * num_voxel_x + vx) * num_channels;
        for (int c = tx; c < num_channels; c += cols) {
            atomicAdd(out + c, weight * ctx[(long long)c * plane]);
        }
    }
}
