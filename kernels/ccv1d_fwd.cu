// The short causal depthwise convolution of a Mamba block, causal-conv1d's
// causal_conv1d_fwd_kernel (Dao-AILab/causal-conv1d, csrc/causal_conv1d_fwd.cu, behind
// causal_conv1d_fn: the conv1d of every Mamba and Mamba-2 layer's x branch, d_conv = 4) in
// float32 (blind check set 52: written after calibration, never fitted on). As in
// causal-conv1d: one block per (batch, channel) row (blockIdx.x, blockIdx.y) of x [batch][dim]
// [seqlen], the channel's kWidth (4) weights in registers and its bias; thread 0 zeroing the
// exchange slot of the last thread (smem_exchange[kNThreads - 1]); chunks of kChunkSize =
// kNThreads kNElts (kNElts 4 floats, one 16 B vec_t) along the row, each thread loading its
// kNElts consecutive values blocked (BlockLoadVecT, direct, where the length is a multiple of
// kNElts: kIsVecLoad; otherwise the guarded BlockLoadT after a barrier) into the upper half of
// x_vals_load (zeros past the row), a barrier, threads below the last storing that half in
// smem_exchange[tidx], a barrier, the lower half from smem_exchange[tidx - 1] (thread 0: the
// previous chunk's last, kept in slot kNThreads - 1), a barrier, the last thread then storing
// its half; out_vals[i] = bias + sum over w of weight[w] x_vals[kNElts + i - (kWidth - w - 1)]
// (the window's kWidth values ending at the element), stored blocked and guarded likewise; the
// host's kNThreads (128) threads on (batch, dim) blocks. Departures: the block the sweep's, any
// shape (linearized: kNThreads its threads), smem_exchange a dynamic allocation of its threads'
// vec_t (CUB's load and store temp storage not needed: the loads and stores direct); where the
// length is not a multiple of kNElts the values loaded and stored one by one, blocked (CUB's
// BlockLoadT and BlockStoreT warp-transpose through shared memory there); the activation none
// (Mamba passes SiLU: the exact path); the params struct's fields the entry's arguments, the
// strides those of contiguous x, weight and out; input_t and weight_t float. Written from
// memory. Exact (whole-number values, weights and biases: every sum a small integer). 1-D: the
// block is linearized, one block a row (batch, channel).
#include "common.cuh"

#define kWidth 4
#define kNElts 4

typedef float input_t;
typedef float weight_t;
typedef float4 vec_t;

extern "C" __global__ void ccv1d_fwd(const input_t* x_ptr, const weight_t* weight_ptr,
                                     const weight_t* bias_ptr, input_t* out_ptr, int batch,
                                     int dim, int seqlen) {
    const int kNThreads = ga_nthreads();
    const bool kIsVecLoad = seqlen % kNElts == 0;
    const int x_batch_stride = dim * seqlen, x_c_stride = seqlen;
    const int weight_c_stride = kWidth, weight_width_stride = 1;
    const int out_batch_stride = dim * seqlen, out_c_stride = seqlen;

    // Shared memory.
    extern __shared__ vec_t smem_exchange[];

    const int tidx = ga_tid();
    const int batch_id = blockIdx.x;
    const int channel_id = blockIdx.y;
    const input_t* x = x_ptr + batch_id * x_batch_stride + channel_id * x_c_stride;
    const weight_t* weight = weight_ptr + channel_id * weight_c_stride;
    input_t* out = out_ptr + batch_id * out_batch_stride + channel_id * out_c_stride;
    float bias_val = bias_ptr == nullptr ? 0.f : float(bias_ptr[channel_id]);

    // Thread 0 will load the last elements of the previous chunk, so we initialize those to 0.
    if (tidx == 0) {
        alignas(16) input_t zeros[kNElts] = {0};
        smem_exchange[kNThreads - 1] = reinterpret_cast<vec_t*>(zeros)[0];
    }

    float weight_vals[kWidth];
#pragma unroll
    for (int i = 0; i < kWidth; ++i) {
        weight_vals[i] = float(weight[i * weight_width_stride]);
    }

    const int kChunkSize = kNThreads * kNElts;
    const int n_chunks = (seqlen + kChunkSize - 1) / kChunkSize;
    for (int chunk = 0; chunk < n_chunks; ++chunk) {
        alignas(16) input_t x_vals_load[2 * kNElts] = {0};
        const int valid = seqlen - chunk * kChunkSize;
        if (kIsVecLoad) {
            if (tidx < valid / kNElts) {
                reinterpret_cast<vec_t*>(x_vals_load)[1] = reinterpret_cast<const vec_t*>(x)[tidx];
            }
        } else {
            __syncthreads();
#pragma unroll
            for (int i = 0; i < kNElts; ++i) {
                if (tidx * kNElts + i < valid) x_vals_load[kNElts + i] = x[tidx * kNElts + i];
            }
        }
        x += kChunkSize;
        __syncthreads();
        // Thread kNThreads - 1 don't write yet, so that thread 0 can read
        // the last elements of the previous chunk.
        if (tidx < kNThreads - 1) {
            smem_exchange[tidx] = reinterpret_cast<vec_t*>(x_vals_load)[1];
        }
        __syncthreads();
        reinterpret_cast<vec_t*>(x_vals_load)[0] = smem_exchange[tidx > 0 ? tidx - 1 : kNThreads - 1];
        __syncthreads();
        // Now thread kNThreads - 1 can write the last elements of the current chunk.
        if (tidx == kNThreads - 1) {
            smem_exchange[tidx] = reinterpret_cast<vec_t*>(x_vals_load)[1];
        }

        float x_vals[2 * kNElts];
#pragma unroll
        for (int i = 0; i < 2 * kNElts; ++i) {
            x_vals[i] = float(x_vals_load[i]);
        }

        alignas(16) float out_vals[kNElts];
#pragma unroll
        for (int i = 0; i < kNElts; ++i) {
            out_vals[i] = bias_val;
#pragma unroll
            for (int w = 0; w < kWidth; ++w) {
                out_vals[i] += weight_vals[w] * x_vals[kNElts + i - (kWidth - w - 1)];
            }
        }

        if (kIsVecLoad) {
            if (tidx < valid / kNElts) {
                reinterpret_cast<vec_t*>(out)[tidx] = reinterpret_cast<vec_t*>(out_vals)[0];
            }
        } else {
#pragma unroll
            for (int i = 0; i < kNElts; ++i) {
                if (tidx * kNElts + i < valid) out[tidx * kNElts + i] = out_vals[i];
            }
        }
        out += kChunkSize;
    }
}
