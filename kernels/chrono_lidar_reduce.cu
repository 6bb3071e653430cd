// Project Chrono's lidar beam reduction, mean_reduce_kernel (projectchrono/chrono,
// src/chrono_sensor/cuda/lidar_reduce.cu, launched by cuda_lidar_mean_reduce in the same file
// behind ChFilterLidarReduce::Apply (src/chrono_sensor/filters/ChFilterLidarReduce.cpp, the
// default return mode): Chrono::Sensor's multi-sample lidar, each beam traced by (2r - 1)^2 rays
// for its divergence (demo_SEN_lidar's sample_radius 2: 9 rays), the rays' ranges and
// intensities reduced into one return a beam every frame) (blind check set 77: written after
// calibration, never fitted on). As in Chrono: out_index = blockDim.x blockIdx.x + threadIdx.x
// the beam, out_hIndex = out_index % w, out_vIndex = out_index / w, d = 2 r - 1, inside out_index
// < w h: the beam's two outputs zeroed, then over its d x d rays in_index = (d out_vIndex + i) d
// w + (d out_hIndex + j), sum_intensity += bufIn[2 in_index + 1], a ray with intensity above 1e-6
// adding its range bufIn[2 in_index] and counting, and with any counted rays bufOut[2 out_index]
// = sum_range / n_contributing and bufOut[2 out_index + 1] = sum_intensity / (d d); the host's
// 512 threads on cdiv(w h, 512) blocks. Departures: the block the sweep's, any shape
// (linearized). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number ranges and intensities (every sum exact), then
// one correctly rounded float division each, the NumPy reference's float32 divisions the same.
// 1-D: one thread a beam: d rows of d 8 B (range, intensity) loads (8 d B contiguous a row, rows
// 8 d w B apart; a warp's lanes 8 d B apart), two 4 B stores twice (a warp's 256 B contiguous).
#include "common.cuh"

extern "C" __global__ void chrono_lidar_reduce(const float* bufIn, float* bufOut, int w, int h,
                                               int r) {
    const int out_index = (int)ga_linear();
    const int out_hIndex = out_index % w;
    const int out_vIndex = out_index / w;
    const int d = r * 2 - 1;
    if (out_index < w * h) {
        bufOut[2 * out_index] = 0;
        bufOut[2 * out_index + 1] = 0;
        float sum_range = 0.f;
        float sum_intensity = 0.f;
        int n_contributing = 0;
        for (int i = 0; i < d; i++) {
            for (int j = 0; j < d; j++) {
                const int in_index = (d * out_vIndex + i) * d * w + (d * out_hIndex + j);
                sum_intensity += bufIn[2 * in_index + 1];
                if (bufIn[2 * in_index + 1] > 1e-6) {
                    sum_range += bufIn[2 * in_index];
                    n_contributing++;
                }
            }
        }
        if (n_contributing > 0) {
            bufOut[2 * out_index] = sum_range / (n_contributing);
            bufOut[2 * out_index + 1] = sum_intensity / (d * d);
        }
    }
}
