// The second-order interaction of a factorization machine, HugeCTR's FmOrder2Layer forward
// (NVIDIA-Merlin/HugeCTR, HugeCTR/src/layers/fm_order2_layer.cu fm_order2_kernel: DeepFM's
// FM part on the embedding vectors of a batch's sparse slots, run on every training and
// inference step of the model) (blind check set 54: written after calibration, never fitted
// on). As in HugeCTR: one block a sample (bid = blockIdx.x), one thread an embedding
// dimension (tid = threadIdx.x, tid < emb_vec_size and bid < batch_size), the sample's
// slot_num embedding vectors of emb_vec_size floats contiguous in `in` ([batch][slot][dim]),
// per dimension the loop over the slots summing emb_sum += in[offset + i emb_vec_size] and
// emb_square_sum += temp temp, then out[bid emb_vec_size + tid] = 0.5 (emb_sum emb_sum -
// emb_square_sum); the host's emb_vec_size threads on batch_size blocks. Departures: the block
// the sweep's, any shape (linearized: its threads take the dimensions tid, tid + threads,
// ...; HugeCTR's block is exactly emb_vec_size threads); T float. Written from memory. Exact:
// whole-number embeddings (the sums and squares small integers, the half of their difference
// exact). 1-D: the block is linearized, one block a sample.
#include "common.cuh"

extern "C" __global__ void hugectr_fm_order2(const float* in, float* out, int batch_size,
                                             int slot_num, int emb_vec_size) {
    int bid = blockIdx.x;
    for (int tid = ga_tid(); tid < emb_vec_size; tid += ga_nthreads()) {
        if (tid < emb_vec_size && bid < batch_size) {
            float emb_sum = 0.0f;
            float emb_sum_square = 0.0f;
            float emb_square_sum = 0.0f;
            int offset = bid * slot_num * emb_vec_size + tid;

            for (int i = 0; i < slot_num; i++) {
                int index = offset + i * emb_vec_size;
                float temp = in[index];
                emb_sum += temp;
                emb_square_sum += temp * temp;
            }
            emb_sum_square = emb_sum * emb_sum;
            out[bid * emb_vec_size + tid] = 0.5f * (emb_sum_square - emb_square_sum);
        }
    }
}
