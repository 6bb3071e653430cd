// OptiX Apps' compositor (NVIDIA/OptiX_Apps, apps/rtigo3/shaders/compositor.cu, launched by
// DeviceMultiGPULocalCopy::compositor in apps/rtigo3/src/DeviceMultiGPULocalCopy.cpp once a
// device and frame: rtigo3's multi-GPU path tracer renders the image in a checkerboard of
// tiles spread over the GPUs, each GPU into a compact buffer of launchWidth columns, and the
// compositor copies one device's compact tile buffer into its tiles' places in the full
// float4 output image) (blind check set 100: written after calibration, never fitted on).
// As in OptiX Apps: xLaunch and yLaunch from the x and y thread indices, nothing at or past
// the image's rows; the launch column's tile xBlock = xLaunch >> tileShift.x and the row's
// yBlock = yLaunch >> tileShift.y, the image tile xTile = xBlock deviceCount + (deviceIndex +
// yBlock) mod deviceCount, the image column xPixel = xTile tileSize.x + (xLaunch &
// (tileSize.x - 1)), and for xPixel inside the image dst[yLaunch resolution.x + xPixel] =
// src[yLaunch launchWidth + xLaunch], one float4 a thread; the host's min(tileSize.x, 16) x
// min(tileSize.y, 16) threads on cdiv(launchWidth, bx) x cdiv(resolution.y, by) blocks.
// Departures: the block the sweep's, any shape (x the launch column, y*z the row with z
// folded in); the CompositorData struct's fields as scalar arguments; 64-bit offsets.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: copies. 2-D, no shared memory, x not the output's contiguous
// dimension: a 16 B load (a warp's 512 B contiguous) and a 16 B store at a tile-interleaved
// column (a tile's tileSize.x lanes contiguous, the next tile deviceCount tiles on).
#include "common.cuh"

extern "C" __global__ void optix_compositor(const float* tile_buffer, float* output_buffer,
                                            int res_x, int res_y, int tile_w, int shift_x,
                                            int shift_y, int launch_width, int device_count,
                                            int device_index) {
    const unsigned x_launch = (unsigned)ga_col();
    const unsigned y_launch = (unsigned)ga_row();
    if (y_launch >= (unsigned)res_y) return;
    const unsigned x_block = x_launch >> shift_x;
    const unsigned y_block = y_launch >> shift_y;
    const unsigned x_tile =
        x_block * device_count + (device_index + y_block) % (unsigned)device_count;
    const unsigned x_pixel = x_tile * tile_w + (x_launch & (unsigned)(tile_w - 1));
    if (x_pixel >= (unsigned)res_x) return;
    const float4* src = reinterpret_cast<const float4*>(tile_buffer);
    float4* dst = reinterpret_cast<float4*>(output_buffer);
    dst[(long long)y_launch * res_x + x_pixel] = src[(long long)y_launch * launch_width + x_launch];
}
