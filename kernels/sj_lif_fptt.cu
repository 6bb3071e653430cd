// SpikingJelly's LIFNode_fptt_decayInputTrue_hardReset_fp32 (fangwei123456/spikingjelly,
// spikingjelly/clock_driven/neuron_kernel.py, the CuPy kernel that
// MultiStepLIFNodePTT.create_fptt_kernel writes and MultiStepLIFNodePTT.forward launches
// behind the multi-step LIF neurons' cupy backend: the forward pass of a layer of leaky
// integrate-and-fire neurons through T time steps, each thread one neuron) (blind check set
// 107: written after calibration, never fitted on). As in SpikingJelly: index below
// neuron_num; for mem_offset from 0 below numel = T neuron_num in steps of neuron_num, t =
// index + mem_offset: h_seq[t] = v_v_seq[t] + reciprocal_tau (x_seq[t] - v_v_seq[t] +
// v_reset); h_seq[t] >= v_threshold: spike_seq[t] = 1 and v_v_seq[t + neuron_num] = v_reset,
// else spike_seq[t] = 0 and v_v_seq[t + neuron_num] = h_seq[t] (v_v_seq's first row the
// initial membrane potential); the host's configure.cuda_threads = 1024 threads on
// cal_blocks(neuron_num) = cdiv(neuron_num, 1024) blocks. Departures: the block any shape
// (linearized); the scalars passed by value (the source's const references to CuPy
// scalars). Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number inputs, reciprocal_tau 1/2 and a whole-number
// threshold and reset keep every potential a dyadic number of at most 4 + T bits. 1-D, no
// shared memory, a per-thread loop over the time steps: per step a 4 B input load and a 4 B
// potential load, 4 B stores of h, the spike and the next potential (a warp's 128 B
// contiguous each, the steps neuron_num * 4 B apart), the stored h read back.
#include "common.cuh"

extern "C" __global__ void sj_lif_fptt(const float* x_seq, float* v_v_seq, float* h_seq,
                                       float* spike_seq, float reciprocal_tau,
                                       float v_threshold, float v_reset, int neuron_num,
                                       int numel) {
    const long long index = ga_linear();
    if (index < neuron_num) {
        const int dt = neuron_num;
        for (int mem_offset = 0; mem_offset < numel; mem_offset += neuron_num) {
            const int t = (int)index + mem_offset;
            h_seq[t] = v_v_seq[t] + reciprocal_tau * (x_seq[t] - v_v_seq[t] + v_reset);
            if (h_seq[t] >= v_threshold) {
                spike_seq[t] = 1.0f;
                v_v_seq[t + dt] = v_reset;
            } else {
                spike_seq[t] = 0.0f;
                v_v_seq[t + dt] = h_seq[t];
            }
        }
    }
}
