// One AdamW optimizer step over a flat float32 parameter buffer, PyTorch's fused AdamW
// (torch.optim.AdamW(fused=True): the element-wise update of FusedAdamKernel's
// fused_adam_utils.cuh, as NVIDIA Apex's multi_tensor_adam writes it for ADAM_MODE_1) on a
// model's parameters laid out contiguously, structure of arrays (blind check set 17:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind17/
// once recorded). Four arrays of the same length: the parameters, their gradients and the
// two moment estimates; per element, decoupled weight decay p -= lr wd p, then
// m = beta1 m + (1 - beta1) g, v = beta2 v + (1 - beta2) g^2 and
// p -= (lr / bc1) m / (sqrt(v) / sqrt(bc2) + eps), with the bias corrections bc1 = 1 - beta1^t
// and sqrt(bc2) = sqrt(1 - beta2^t) of step t computed on the host. One element per thread:
// four contiguous 4 B loads, about ten multiply-adds, a sqrtf and a division, three
// contiguous 4 B stores (parameter and moments, in place). float32: within the manifest's
// tolerance of the reference's float64. Repeated timing launches keep stepping; the check
// runs once from the initial state. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void adamw_step(float* __restrict__ param, const float* __restrict__ grad,
                                      float* __restrict__ exp_avg,
                                      float* __restrict__ exp_avg_sq, long long n, float lr,
                                      float beta1, float beta2, float eps, float weight_decay,
                                      float bias_correction1, float bias_correction2_sqrt) {
    const long long i = ga_linear();
    if (i >= n) {
        return;
    }
    float p = param[i];
    const float g = grad[i];
    float m = exp_avg[i];
    float v = exp_avg_sq[i];
    p -= lr * weight_decay * p;
    m = beta1 * m + (1.0f - beta1) * g;
    v = beta2 * v + (1.0f - beta2) * g * g;
    const float step_size = lr / bias_correction1;
    const float denom = sqrtf(v) / bias_correction2_sqrt + eps;
    p -= step_size * m / denom;
    param[i] = p;
    exp_avg[i] = m;
    exp_avg_sq[i] = v;
}
