// torch-spline-conv's SplineCNN weighting, spline_weighting_fw_kernel<float> (rusty1s/
// pytorch_spline_conv, csrc/cuda/weighting_cuda.cu, launched by spline_weighting_fw_cuda in the
// same file behind torch_spline_conv.spline_weighting, which spline_conv (torch_spline_conv/
// conv.py) and PyTorch Geometric's SplineConv call on every edge of a graph: each edge's source
// features x[col] times the B-spline-weighted kernel weights its pseudo-coordinates select)
// (blind check set 80: written after calibration, never fitted on). As in torch-spline-conv:
// thread_idx = blockIdx.x blockDim.x + threadIdx.x, e = thread_idx / M_out the edge and m_out =
// thread_idx % M_out the output channel; below numel (E M_out) v = the sum over the S basis
// products s of b = basis[e S + s] and wi = weight_index[e S + s], and over the M_in input
// channels, of tmp = weight[wi M_in M_out + m_in M_out + m_out] times (b x[e M_in + m_in]), in
// that order; out[thread_idx] = v; the host's 1,024 threads (THREADS) on cdiv(numel, 1024) blocks.
// Departures: the block the sweep's, any shape (linearized); float32 (the float instantiation of
// AT_DISPATCH_FLOATING_TYPES); int64_t as long long. Reimplemented from the published source (its
// indexing, arithmetic and control flow; none of its text). Exact: whole-number features,
// weights and basis values (every product and sum an integer below 2^24, contracted or not). 1-D:
// one thread an (edge, output channel), a loop of S x M_in: per step a 4 B weight gather (one of
// K kernel matrices chosen by the edge's weight index; a warp's lanes M_out consecutive columns
// of it) and a 4 B feature load (one address per edge), one 4 B store (a warp's 128 B
// contiguous).
#include "common.cuh"

extern "C" __global__ void spline_weighting_fwd(const float* x, const float* weight,
                                                const float* basis,
                                                const long long* weight_index, float* out,
                                                long long E, long long M_in, long long M_out,
                                                long long S, long long numel) {
    const long long thread_idx = ga_linear();
    const long long e = thread_idx / M_out;      // the edge
    const long long m_out = thread_idx % M_out;  // the output channel
    if (thread_idx >= numel) return;
    float v = 0.0f;
    for (long long s = 0; s < S; s++) {
        const float b = basis[e * S + s];
        const long long wi = weight_index[e * S + s];
        const float* w = weight + wi * M_in * M_out + m_out;
        for (long long m_in = 0; m_in < M_in; m_in++) {
            float tmp = w[m_in * M_out];
            tmp *= b * x[e * M_in + m_in];
            v += tmp;
        }
    }
    out[thread_idx] = v;
    (void)E;
}
