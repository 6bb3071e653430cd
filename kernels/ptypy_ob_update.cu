// PtyPy's difference-map object update with atomics, ob_update<float> (ptycho/ptypy,
// ptypy/accelerate/cuda_common/ob_update.cu, loaded with IN_TYPE = OUT_TYPE = MATH_TYPE = float and
// launched by PoUpdateKernel.ob_update(..., atomics=True) in
// ptypy/accelerate/cuda_pycuda/kernels.py: DM_pycuda's object_update in
// ptypy/accelerate/cuda_pycuda/engines/projectional_pycuda.py (object_update_cuda_atomics, on by
// default), every difference-map iteration of a GPU ptychographic reconstruction adding each scan
// position's conj(probe) x exit wave into the object and |probe|^2 into its normalization) (blind
// check set 76: written after calibration, never fitted on). As in PtyPy: one block a pod (bid =
// blockIdx.x), its address record's probe, object and exit offsets (pa, oa, ea), the object and
// denominator offset oa[0] H I + oa[1] I + oa[2], the exit wave ea[0] B C on, then b from
// threadIdx.y in steps of blockDim.y below B and c from threadIdx.x in steps of blockDim.x below C:
// add = conj(probe[b F + c]) exit[b C + c], atomicAdd of its real and imaginary parts to obj[b I +
// c], atomicAdd of |probe|^2 to denominator[b I + c]; the host's 32 x 32 threads on num_pods
// blocks. Departures: the block the sweep's, any shape (x the frame's column, y*z its row, z folded
// in); complex<float> as interleaved float pairs (two 4 B atomics, as PtyPy's complex atomicAdd);
// the 15-int address records as the object positions (row, col) and the exit frame index (the
// manifest's buffers: one range each), the probe's and the object's mode 0 (a single-mode probe the
// frame's size, pa = 0; a single object mode); the bounds assert left out. Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number probes, exit waves and starting values, every product and sum a small integer
// (contracted or not, the atomics in any order). 2-D: one block a pod, x -> frame column, y*z ->
// frame row, looping.
#include "common.cuh"

extern "C" __global__ void ptypy_ob_update(const float* __restrict__ exit_wave, int A, int B,
                                           int C, const float* __restrict__ probe, int D, int E,
                                           int F, float* obj, int G, int H, int I,
                                           const int* __restrict__ obj_pos,
                                           const int* __restrict__ exit_idx,
                                           float* denominator) {
    const int bid = blockIdx.x;
    const int tx = threadIdx.x;
    const int ty = ga_row_in_block();
    const int* oa = obj_pos + 2 * bid;  // (row, col) of the pod's view, object mode 0
    const long long obj_offset = (long long)oa[0] * I + oa[1];
    obj += 2 * obj_offset;
    denominator += obj_offset;
    exit_wave += 2 * (long long)exit_idx[bid] * B * C;
    for (int b = ty; b < B; b += ga_block_rows()) {
        for (int c = tx; c < C; c += blockDim.x) {
            const float pr = probe[2 * (b * F + c)];
            const float pi = -probe[2 * (b * F + c) + 1];  // conj(probe)
            const float er = exit_wave[2 * (b * C + c)];
            const float ei = exit_wave[2 * (b * C + c) + 1];
            const float add_re = pr * er - pi * ei;
            const float add_im = pr * ei + pi * er;
            atomicAdd(&obj[2 * (b * I + c)], add_re);
            atomicAdd(&obj[2 * (b * I + c) + 1], add_im);
            const float upd_probe = pr * pr + pi * pi;
            atomicAdd(&denominator[b * I + c], upd_probe);
        }
    }
}
