// Radius of gyration and end-to-end distance of every chain of a coarse-grained polymer melt,
// the two size measures a polymer simulation's analysis takes of each frame (gmx gyrate and
// gmx polystat, MDAnalysis's radius_of_gyration, for bead-spring chains of equal masses)
// (blind check set 16: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind16/ once recorded): Rg^2 = sum |r_i|^2 / N - |sum r_i / N|^2 over the
// chain's N beads and Ree^2 = |r_{N-1} - r_0|^2, from unwrapped coordinates stored as
// interleaved float32 (x, y, z) triples, chain after chain (a trajectory frame's layout).
// One block per chain whatever its size, on a fixed grid: the block's threads walk the
// chain's beads a block's width apart (three 4 B loads 12 B apart across the warp, four
// multiply-adds into four partial sums), then a shared-memory tree reduction of the four
// partials for any block size (the threads beyond the largest power of two below the block
// size folded in first, then halving steps; a barrier each step), and thread 0 finishes:
// the centre of mass, Rg^2, the two end beads' six loads and Ree^2, two 4 B stores per block.
// Dynamic shared memory: 16 bytes a thread. Every thread reaches every barrier. float32
// sums (exact for the test data's small integer coordinates): within the manifest's
// tolerance of the reference. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void polymer_rg(const float* __restrict__ coords, float* __restrict__ rg2,
                                      float* __restrict__ ree2, int nchains, int nbeads) {
    extern __shared__ float pr_smem[];
    const int chain = blockIdx.x;
    if (chain >= nchains) {
        return;  // the whole block leaves together
    }
    const unsigned tid = ga_tid();
    const unsigned threads = ga_nthreads();
    const float* xyz = coords + 3LL * chain * nbeads;
    float sx = 0.0f, sy = 0.0f, sz = 0.0f, s2 = 0.0f;
    for (int i = (int)tid; i < nbeads; i += (int)threads) {
        const float x = xyz[3 * i], y = xyz[3 * i + 1], z = xyz[3 * i + 2];
        sx += x;
        sy += y;
        sz += z;
        s2 += x * x + y * y + z * z;
    }
    float* p_sx = pr_smem;
    float* p_sy = p_sx + threads;
    float* p_sz = p_sy + threads;
    float* p_s2 = p_sz + threads;
    p_sx[tid] = sx;
    p_sy[tid] = sy;
    p_sz[tid] = sz;
    p_s2[tid] = s2;
    __syncthreads();
    unsigned step = 1;  // the largest power of two below the block size (0 for one thread)
    while (step < threads) {
        step <<= 1;
    }
    for (step >>= 1; step > 0; step >>= 1) {
        if (tid < step && tid + step < threads) {
            p_sx[tid] += p_sx[tid + step];
            p_sy[tid] += p_sy[tid + step];
            p_sz[tid] += p_sz[tid + step];
            p_s2[tid] += p_s2[tid + step];
        }
        __syncthreads();
    }
    if (tid == 0) {
        const float inv_n = 1.0f / (float)nbeads;
        const float cx = p_sx[0] * inv_n, cy = p_sy[0] * inv_n, cz = p_sz[0] * inv_n;
        rg2[chain] = p_s2[0] * inv_n - (cx * cx + cy * cy + cz * cz);
        const float* last = xyz + 3LL * (nbeads - 1);
        const float dx = last[0] - xyz[0], dy = last[1] - xyz[1], dz = last[2] - xyz[2];
        ree2[chain] = dx * dx + dy * dy + dz * dz;
    }
}
