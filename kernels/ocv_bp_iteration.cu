// One message-passing iteration of stereo belief propagation, OpenCV's CUDA
// StereoBeliefPropagation one_iteration with message and calc_min_linear_penalty
// (opencv_contrib modules/cudastereo/src/cuda/stereobp.cu: calc_all_iterations_gpu's kernel,
// Felzenszwalb and Huttenlocher's checkerboard BP), one pixel of the iteration's colour per
// thread, in place (blind check set 35: written after calibration, never fitted on; its sweeps
// go to fixtures/hopper/blind35/ once recorded). The four message planes u, d, l, r and the
// data cost are ndisp disparity planes of rows x cols floats each; iteration t updates the
// interior pixels with x + y = t (mod 2), each of its four outgoing messages from the three
// incoming neighbours' messages and its data cost: the sum per disparity (its minimum kept),
// the linear-penalty lower envelope (a forward and a backward pass adding disc_single_jump a
// disparity step), truncation at the minimum plus max_disc_term, and the mean subtracted. As
// in OpenCV: y from the block row, x = 2 (blockIdx.x blockDim.x + threadIdx.x) + ((y + t) &
// 1), the interior test, the us / ds / ls / rs / dt pointers, the messages in OpenCV's order
// (up from below, left and right; down from above, left and right; right from below, above
// and left; left from below, above and right), every step through global memory as OpenCV
// writes it (the sum stored, then re-read by the envelope, which stores where it lowers a
// value, then re-read by the truncation, which stores where it clips, then a
// read-modify-write less the mean), floats. Departures: the __constant__ cndisp,
// cmax_disc_term and cdisc_single_jump become arguments; the data PtrStep is a dense pointer
// with its step as an argument; the 32 x 8 launch becomes bx x by*bz blocks (z folded into the
// rows) on OpenCV's grid of divUp(cols, 2 bx) x divUp(rows, by*bz). Written from memory of
// OpenCV's kernel and checked against its public source. Per thread (ndisp 16, four
// messages): 16 x (three message loads and a data load) a message, 16 re-reads by each
// envelope pass, 16 by the truncation and 16 read-modify-writes, the loads a plane apart
// (rows x cols floats) and two pixels apart across the warp (every other column: half of
// each sector), stores likewise. float32, the manifest's order of operations: integer data
// and the reference's float32 emulation agree exactly. x -> a column pair, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ void bp_calc_min_linear_penalty(float* dst, size_t step, int cndisp,
                                                           float cdisc_single_jump) {
    float prev = dst[0];
    float cur;
    for (int disp = 1; disp < cndisp; ++disp) {
        prev += cdisc_single_jump;
        cur = dst[step * disp];
        if (prev < cur) {
            cur = prev;
            dst[step * disp] = prev;
        }
        prev = cur;
    }

    prev = dst[(cndisp - 1) * step];
    for (int disp = cndisp - 2; disp >= 0; disp--) {
        prev += cdisc_single_jump;
        cur = dst[step * disp];
        if (prev < cur) {
            cur = prev;
            dst[step * disp] = prev;
        }
        prev = cur;
    }
}

__device__ __forceinline__ void bp_message(const float* msg1, const float* msg2,
                                           const float* msg3, const float* data, float* dst,
                                           size_t msg_disp_step, size_t data_disp_step,
                                           int cndisp, float cmax_disc_term,
                                           float cdisc_single_jump) {
    float minimum = 3.402823466e+38f;  // numeric_limits<float>::max()

    for (int i = 0; i < cndisp; ++i) {
        float dst_reg = msg1[msg_disp_step * i];
        dst_reg += msg2[msg_disp_step * i];
        dst_reg += msg3[msg_disp_step * i];
        dst_reg += data[data_disp_step * i];

        if (dst_reg < minimum) minimum = dst_reg;

        dst[msg_disp_step * i] = dst_reg;
    }

    bp_calc_min_linear_penalty(dst, msg_disp_step, cndisp, cdisc_single_jump);

    minimum += cmax_disc_term;

    float sum = 0;
    for (int i = 0; i < cndisp; ++i) {
        float dst_reg = dst[msg_disp_step * i];
        if (dst_reg > minimum) {
            dst_reg = minimum;
            dst[msg_disp_step * i] = minimum;
        }
        sum += dst_reg;
    }
    sum /= cndisp;

    for (int i = 0; i < cndisp; ++i) dst[msg_disp_step * i] -= sum;
}

extern "C" __global__ void ocv_bp_iteration(int t, int elem_step, float* u, float* d, float* l,
                                            float* r, const float* data, int data_step,
                                            int cols, int rows, int cndisp,
                                            float cmax_disc_term, float cdisc_single_jump) {
    const int y = blockIdx.y * ga_block_rows() + ga_row_in_block();
    const int x = ((blockIdx.x * blockDim.x + threadIdx.x) << 1) + ((y + t) & 1);

    if ((y > 0) && (y < rows - 1) && (x > 0) && (x < cols - 1)) {
        float* us = u + y * elem_step + x;
        float* ds = d + y * elem_step + x;
        float* ls = l + y * elem_step + x;
        float* rs = r + y * elem_step + x;
        const float* dt = data + y * data_step + x;

        size_t msg_disp_step = (size_t)elem_step * rows;
        size_t data_disp_step = (size_t)data_step * rows;

        bp_message(us + elem_step, ls + 1, rs - 1, dt, us, msg_disp_step, data_disp_step,
                   cndisp, cmax_disc_term, cdisc_single_jump);
        bp_message(ds - elem_step, ls + 1, rs - 1, dt, ds, msg_disp_step, data_disp_step,
                   cndisp, cmax_disc_term, cdisc_single_jump);
        bp_message(us + elem_step, ds - elem_step, rs - 1, dt, rs, msg_disp_step,
                   data_disp_step, cndisp, cmax_disc_term, cdisc_single_jump);
        bp_message(us + elem_step, ds - elem_step, ls + 1, dt, ls, msg_disp_step,
                   data_disp_step, cndisp, cmax_disc_term, cdisc_single_jump);
    }
}
