// WarpDrive's reset_in_float_when_done_3d (salesforce/warp-drive, warp_drive/cuda_includes/
// core/reset.cu, launched through CUDAFunctionManager (warp_drive/managers/
// function_manager.py) with its block of cdiv(num_agents, blocks_per_env) threads on
// num_envs blocks_per_env blocks, behind the environment reset of WarpDrive's multi-agent
// reinforcement-learning simulations on the GPU: every environment that is done (or all, when
// forced) gets its [agent][feature] data copied back from the reset reference) (blind check
// set 110: written after calibration, never fitted on). As in WarpDrive: env_id =
// getEnvID(blockIdx.x) = blockIdx.x / wkBlocksPerEnv, tid = getAgentID(...) = threadIdx.x +
// (blockIdx.x mod wkBlocksPerEnv) blockDim.x; if force_reset > 0.5 or done[env_id] > 0.5 and
// tid below agent_dim, data[env_id agent_dim feature_dim + tid feature_dim + i] = ref[the same]
// for i below feature_dim (reset_helper_3d); the host's num_agents threads (blocks_per_env 1)
// on num_envs blocks. Departures: the block any shape (linearized); wkBlocksPerEnv (a
// compile-time constant the host writes into env_config.h) computed as cdiv(agent_dim, the
// block's threads), so that the blocks of an environment cover its agents at any block size;
// 64-bit offsets. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: copies. 1-D, no shared memory, one row of blocks an
// environment, a per-thread loop over the features, x NOT the contiguous dimension: a warp's
// lanes are agents feature_dim * 4 B apart; a 4 B done load (a broadcast), then per feature a
// 4 B load and a 4 B store.
#include "common.cuh"

extern "C" __global__ void wd_reset_done_3d(float* data, const float* ref, const int* done,
                                            int agent_dim, int feature_dim, int force_reset) {
    const int threads = (int)ga_nthreads();
    const int blocks_per_env = (agent_dim + threads - 1) / threads;
    const int env_id = blockIdx.x / blocks_per_env;
    const int tid = (int)ga_tid() + (blockIdx.x % blocks_per_env) * threads;
    if (force_reset > 0.5 || done[env_id] > 0.5) {
        if (tid < agent_dim) {
            const long long data_index =
                (long long)env_id * agent_dim * feature_dim + (long long)tid * feature_dim;
            for (int i = 0; i < feature_dim; i++) {
                data[data_index + i] = ref[data_index + i];
            }
        }
    }
}
