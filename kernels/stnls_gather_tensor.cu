// stnls's gather_tensor_forward_kernel<float> (gauenk/stnls, lib/csrc/graph_opts/
// gather_tensor_kernel.cu, launched by gather_tensor_forward_cuda in the same file behind
// stnls's graph_opts gather_tensor: the space-time non-local search's graph operations, each
// query's K neighbours (a flow offset in time, row and column a neighbour) reading the
// M-vector that the neighbour's query stored in the slot its label names) (blind check set
// 110: written after calibration, never fitted on). As in stnls: qi = blockIdx.x blockDim.x +
// threadIdx.x, ki = blockIdx.y blockDim.y + threadIdx.y, ihead = blockIdx.z / B, ibatch =
// (blockIdx.z - ihead B) mod B; for qi below Q = T nH nW and ki below K the reference pixel
// of get_pixel_loc (t = qi / nHW, the row (qi mod nHW) / nW stride0 mod H, the column
// (qi mod nW) stride0 mod W), hi = row / stride0, wi = column / stride0, the neighbour = the
// pixel + flows_k[ibatch][ihead][t][hi][wi][ki][0..2]; nothing where it leaves [0, T) x
// [0, H) x [0, W) (check_bounds); else nl_qi = t' nH1 nW1 + (row' / stride1) nW1 + column' /
// stride1 (nH1 = (H - 1) / stride1 + 1, likewise nW1), nl_si = labels[ibatch][ihead][qi][ki]
// and out[ibatch][ihead][qi][ki][m] = in[ibatch][ihead][nl_qi][nl_si][m] for m below M; the
// host's 156 x 4 threads on cdiv(Q, 156) x cdiv(K, 4) x HD B blocks. Departures: the block any
// shape (x the query; y*z the neighbour, z folded in); the packed accessors as plain arrays
// with 64-bit offsets and their sizes (B, HD, T, nH, nW, K, M, the in tensor's slots S) as
// arguments; float only (double also dispatched). Reimplemented from the published source
// (its indexing, arithmetic and control flow; none of its text). Exact: copies. 2-D, no
// shared memory, x NOT the contiguous dimension: a warp's lanes are queries, K M * 4 B apart
// in the output; per thread three 4 B flow loads (12 B apart, the queries K * 12 B apart), a
// 4 B label load, then M 4 B gathers (contiguous within the slot) and M 4 B stores.
#include "common.cuh"

extern "C" __global__ void stnls_gather_tensor(float* out_tensor, const float* in_tensor,
                                               const int* labels, const int* flows_k,
                                               int stride0, int stride1, int H, int W, int B,
                                               int HD, int T, int nH, int nW, int K, int M,
                                               int S) {
    const int nHW = nH * nW;
    const int Q = T * nHW;
    const int nH1 = (H - 1) / stride1 + 1;
    const int nW1 = (W - 1) / stride1 + 1;
    const int qi = blockIdx.x * blockDim.x + threadIdx.x;
    const int ki = ga_row();
    const int ihead = blockIdx.z / B;
    const int ibatch = (blockIdx.z - ihead * B) % B;
    if ((qi < Q) && (ki < K)) {
        // get_pixel_loc: the reference pixel of the query
        int tmp = qi;
        const int ti = tmp / nHW;
        tmp = tmp - ti * nHW;
        const int nh_index = tmp / nW;
        const int h_ref = (nh_index * stride0) % H;
        tmp = tmp - nh_index * nW;
        const int w_ref = ((tmp % nW) * stride0) % W;
        const int hi = h_ref / stride0;
        const int wi = w_ref / stride0;
        const long long bh = (long long)ibatch * HD + ihead;
        const int* flow = flows_k + ((((bh * T + ti) * nH + hi) * nW + wi) * K + ki) * 3;
        const int nl0 = ti + flow[0];
        const int nl1 = h_ref + flow[1];
        const int nl2 = w_ref + flow[2];
        const int nl_hi = nl1 / stride1;
        const int nl_wi = nl2 / stride1;
        const bool valid = (nl0 >= 0) && (nl0 <= T - 1) && (nl1 >= 0) && (nl1 <= H - 1)
                           && (nl2 >= 0) && (nl2 <= W - 1);
        if (!valid) return;
        const long long nl_qi = (long long)nl0 * nH1 * nW1 + nl_hi * nW1 + nl_wi;
        const long long nl_si = labels[(bh * Q + qi) * K + ki];
        const float* src = in_tensor + ((bh * T * nH1 * nW1 + nl_qi) * S + nl_si) * M;
        float* dst = out_tensor + ((bh * Q + qi) * K + ki) * M;
        for (int mi = 0; mi < M; mi++) {
            dst[mi] = src[mi];
        }
    }
}
