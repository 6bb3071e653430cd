// Generalized advantage estimation (GAE) of a PPO rollout, one block per environment on a
// fixed grid, the reverse linear recurrence solved by a block-wide scan in shared memory
// (the advantage and value-target computation of reinforcement learning's actor-critic
// trainers: TorchRL's vec_generalized_advantage_estimate, batch-first [env, time] buffers,
// as the GPU-simulated rollouts of Isaac Lab and Brax hand them over) (blind check set 17:
// written after calibration, never fitted on; its sweeps go to fixtures/hopper/blind17/
// once recorded). Per environment and step t of T: delta_t = r_t + gamma V_{t+1} (1 - d_t) -
// V_t and A_t = delta_t + gamma lambda (1 - d_t) A_{t+1}, A_T = 0 (values holds T + 1
// entries a row, the last the bootstrap value), and the value target R_t = A_t + V_t. Each
// step is the affine map A -> delta_t + c_t A; the block walks its row in tiles of one step
// a thread from the end backwards: a thread loads its step's reward, done flag and two
// values (contiguous across the warp), the block composes the maps right to left by a
// Hillis-Steele inclusive scan of (delta, c) pairs in shared memory (log2 of the block size
// steps, a barrier before and after each write: any block size, threads past the row's end
// holding the identity), applies the composite to the carry (A at the tile's end), stores
// A_t and R_t (contiguous 4 B stores) and takes the next carry from the tile's first map.
// Dynamic shared memory: 8 bytes a thread. Every thread reaches every barrier. float32:
// within the manifest's tolerance of the reference's sequential float64 loop. 1-D: the
// block is linearized.
#include "common.cuh"

extern "C" __global__ void gae_scan(const float* __restrict__ rewards,
                                    const float* __restrict__ values,
                                    const int* __restrict__ dones, float* __restrict__ adv,
                                    float* __restrict__ returns, int envs, int steps,
                                    float gamma, float lambda) {
    extern __shared__ float gae_smem[];
    const int env = blockIdx.x;
    if (env >= envs) {
        return;  // the whole block leaves together
    }
    const int tid = (int)ga_tid();
    const int threads = (int)ga_nthreads();
    float* map_a = gae_smem;            // the composite's offset
    float* map_c = gae_smem + threads;  // and its factor
    const float* r_row = rewards + (long long)env * steps;
    const float* v_row = values + (long long)env * (steps + 1);
    const int* d_row = dones + (long long)env * steps;
    float* a_row = adv + (long long)env * steps;
    float* ret_row = returns + (long long)env * steps;
    float carry = 0.0f;  // A at the end of the current tile
    const int tiles = (steps + threads - 1) / threads;
    for (int tile = tiles - 1; tile >= 0; --tile) {
        const int t = tile * threads + tid;
        float a = 0.0f, c = 1.0f, v = 0.0f;  // the identity past the row's end
        if (t < steps) {
            const float keep = d_row[t] ? 0.0f : 1.0f;
            v = v_row[t];
            a = r_row[t] + gamma * v_row[t + 1] * keep - v;
            c = gamma * lambda * keep;
        }
        map_a[tid] = a;
        map_c[tid] = c;
        __syncthreads();
        for (int off = 1; off < threads; off <<= 1) {
            if (tid + off < threads) {  // this map, then the one off steps later
                a += c * map_a[tid + off];
                c *= map_c[tid + off];
            }
            __syncthreads();
            map_a[tid] = a;
            map_c[tid] = c;
            __syncthreads();
        }
        if (t < steps) {
            const float advantage = a + c * carry;
            a_row[t] = advantage;
            ret_row[t] = advantage + v;
        }
        carry = map_a[0] + map_c[0] * carry;
        __syncthreads();  // every thread has read map[0] before the next tile's writes
    }
}
