// Omega-AI's SmoothL1Kernel "loss" (dromara/Omega-AI, omega-engine/src/main/resources/cu/
// SmoothL1Kernel.cu, launched through JCuda by com.omega.engine.loss.gpu.SmoothL1Kernel.forward
// with CAFFE_CUDA_NUM_THREADS = 1,024 threads on CAFFE_GET_BLOCKS(N) = ceil(N / 1,024) blocks:
// a Java deep-learning engine's element-wise smooth L1 (Huber) loss of a prediction against
// its label) (blind check set 121: written after calibration,
// never fitted on). As in Omega-AI: id = (blockIdx.x + blockIdx.y gridDim.x) blockDim.x +
// threadIdx.x, only id < N; x = input - label, |x| < beta gives 0.5 x x / beta, else
// |x| - 0.5 beta. Departures: the block any shape (linearized; the grid 1-D as the host
// launches it); the subtraction of the linear branch rounded on its own (__fmul_rn,
// __fsub_rn: nvcc would otherwise contract it into an FMA); 64-bit offsets. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: float32
// operations each correctly rounded, the division IEEE. 1-D, no shared memory: per thread two
// 4 B loads and one 4 B store (a warp's 128 B contiguous each), a branch on |x| < beta.
#include "common.cuh"

extern "C" __global__ void omega_smooth_l1_loss(int N, const float* input, const float* label,
                                                float* output, float beta) {
    const long long id = ga_linear();
    if (id >= N) return;
    const float x = input[id] - label[id];
    const float abs_x = fabsf(x);
    if (abs_x < beta) {
        output[id] = 0.5f * x * x / beta;
    } else {
        output[id] = __fsub_rn(abs_x, __fmul_rn(0.5f, beta));
    }
}
