// First-order upwind advective flux across the edges of an unstructured 2-D finite-volume
// mesh, the edge loop of edge-based (vertex-centred) solvers written the way OP2's airfoil
// and Rolls-Royce's Hydra-style codes lay out their data (blind check set 15: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind15/ once recorded): an
// edge -> node map of two int32 per edge, the edge's dual-face normal (nx, ny) scaled by the
// face length, node velocities interleaved (u, v) and a node scalar q. Per edge e = (a, b):
// vn = ((u_a + u_b) nx + (v_a + v_b) ny) / 2, the face's volume flux; flux[e] = vn q_a when
// the flow goes from a to b (vn > 0), vn q_b otherwise (the upwind node's value). The
// per-edge fluxes are kept (a later node loop sums them into the residual), so there is no
// atomic and the result is deterministic. One thread per edge: an 8 B load of its two node
// numbers and an 8 B load of its normal (contiguous), then gathered loads through the node
// numbers: 8 B of velocity at each end and 4 B of q at the upwind end (the nodes are numbered
// in no particular order: a warp's gathers land on 32 unrelated lines of node arrays that
// fit in L2), one contiguous 4 B store. Small-integer data keep every value exact. No shared
// memory. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void edge_flux(const int* __restrict__ edge_nodes,
                                     const float* __restrict__ edge_normal,
                                     const float* __restrict__ node_vel,
                                     const float* __restrict__ node_q, float* __restrict__ flux,
                                     long long nedges) {
    const long long e = ga_linear();
    if (e >= nedges) {
        return;
    }
    const int a = edge_nodes[2 * e];
    const int b = edge_nodes[2 * e + 1];
    const float nx = edge_normal[2 * e];
    const float ny = edge_normal[2 * e + 1];
    const float ua = node_vel[2 * (long long)a];
    const float va = node_vel[2 * (long long)a + 1];
    const float ub = node_vel[2 * (long long)b];
    const float vb = node_vel[2 * (long long)b + 1];
    const float vn = 0.5f * ((ua + ub) * nx + (va + vb) * ny);
    const float q_up = vn > 0.0f ? node_q[a] : node_q[b];
    flux[e] = vn * q_up;
}
