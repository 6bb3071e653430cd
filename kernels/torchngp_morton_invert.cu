// torch-ngp's Morton decode, kernel_morton3D_invert (ashawkey/torch-ngp,
// raymarching/src/raymarching.cu, launched by morton3D_invert in the same file, the raymarching
// extension's morton3D_invert op: the density grid's cell indices (3-D Morton codes) turned back
// into integer (x, y, z) cell coordinates (its Python callers not read)) (blind check set 84:
// written after calibration, never fitted on). As in torch-ngp: n = threadIdx.x + blockIdx.x
// blockDim.x below N, ind = indices[n], coords[3 n + k] = __morton3D_invert(ind >> k) for k = 0,
// 1, 2, where __morton3D_invert keeps every third bit (& 0x49249249) and compacts them (| x >> 2
// & 0xc30c30c3, | x >> 4 & 0x0f00f00f, | x >> 8 & 0xff0000ff, | x >> 16 & 0x0000ffff); the host's
// 128 threads (N_THREAD) on div_round_up(N, 128) blocks. Departures: the block the sweep's, any
// shape (linearized). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: integer bit operations. 1-D: one thread an index: a 4
// B load (a warp's 128 B contiguous) and three 4 B stores 12 B apart (a warp's 384 B).
#include "common.cuh"

__device__ __forceinline__ unsigned int ngp_compact_bits(unsigned int v) {
    v &= 0x49249249u;
    v = (v | (v >> 2)) & 0xc30c30c3u;
    v = (v | (v >> 4)) & 0x0f00f00fu;
    v = (v | (v >> 8)) & 0xff0000ffu;
    v = (v | (v >> 16)) & 0x0000ffffu;
    return v;
}

extern "C" __global__ void torchngp_morton_invert(const int* indices, unsigned int N,
                                                  int* coords) {
    const long long linear = ga_linear();
    if (linear >= N) return;
    const unsigned int n = (unsigned int)linear;
    const int ind = indices[n];
    int* out = coords + 3 * (long long)n;
    out[0] = (int)ngp_compact_bits((unsigned int)(ind >> 0));
    out[1] = (int)ngp_compact_bits((unsigned int)(ind >> 1));
    out[2] = (int)ngp_compact_bits((unsigned int)(ind >> 2));
}
