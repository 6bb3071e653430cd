// HALMD's max_displacement_kernel::displacement (halmd-org/halmd, halmd/mdsim/gpu/
// max_displacement_kernel.cu, launched by max_displacement::compute in halmd/mdsim/gpu/
// max_displacement.cpp: the maximum squared particle displacement since the last neighbour-
// list update, by which HALMD's GPU molecular dynamics decides when to rebuild its neighbour
// lists) (blind check set 104: written after calibration, never fitted on). As in HALMD: a
// grid-stride loop from GTID by GTDIM over the npart particles, r = the float4 position's x, y,
// z minus the reference position's, box_kernel::reduce_periodic (image = rint(r / L) per
// component, r -= image L), rr = max(rr, r . r); rr stored to shared memory, a barrier, then
// the block's tree reduction with max (reduce<threads / 2, max_>: threads below the half take
// the maximum with their partner's slot and store it, a barrier each step), thread 0 storing
// the block's maximum to g_rr[blockIdx.x]; the host's dim_reduce_(64, 64 << DEVICE_SCALE), 512
// threads on 64 blocks at HALMD's default DEVICE_SCALE 3 (HALMD today: dim_reduce_(64, 512)
// and a warp-shuffle reduction), with threads_per_block() * 4 B of shared memory. Departures:
// the block any shape (linearized; the tree over the block's threads rounded up to a power of
// two, a partner past the block skipped, for the source's power-of-two template sizes; a
// barrier every step where the source's last five are warp-synchronous); the 3-D
// fixed_vector<float, 3> box length as three float scalars; the grid HALMD's 64 blocks
// whatever the block. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number positions and power-of-two box edges
// (the quotients, their rint and the products exact), whole-number squares and sums, maxima.
// 1-D, shared memory, a fixed grid and a grid-stride loop with a per-block reduction: two 16 B
// loads (a warp's 512 B contiguous each) a particle, then a shared tree of 4 B reads and
// writes and one 4 B store a block.
#include "common.cuh"

extern "C" __global__ void halmd_max_displacement(const float* g_r, const float* g_r0,
                                                  float* g_rr, unsigned npart, float box_x,
                                                  float box_y, float box_z) {
    extern __shared__ float s_rr[];
    const float4* r_now = reinterpret_cast<const float4*>(g_r);
    const float4* r_ref = reinterpret_cast<const float4*>(g_r0);
    const unsigned tid = ga_tid();
    const unsigned nthreads = ga_nthreads();
    const unsigned stride = gridDim.x * nthreads;
    float rr = 0.0f;
    for (unsigned i = blockIdx.x * nthreads + tid; i < npart; i += stride) {
        const float4 p = r_now[i];
        const float4 q = r_ref[i];
        float dx = p.x - q.x;
        float dy = p.y - q.y;
        float dz = p.z - q.z;
        // reduce_periodic: map the difference into the box around the origin
        dx -= rintf(dx / box_x) * box_x;
        dy -= rintf(dy / box_y) * box_y;
        dz -= rintf(dz / box_z) * box_z;
        rr = max(rr, dx * dx + dy * dy + dz * dz);
    }
    s_rr[tid] = rr;
    __syncthreads();
    unsigned half = 1;
    while (half < nthreads) half <<= 1;
    for (half >>= 1; half > 0; half >>= 1) {
        if (tid < half && tid + half < nthreads) {
            rr = max(rr, s_rr[tid + half]);
            s_rr[tid] = rr;
        }
        __syncthreads();
    }
    if (tid < 1) g_rr[blockIdx.x] = rr;
}
