// One step of the fast dispersion measure transform, Bifrost's fdmt_exec_kernel
// (ledatelescope/bifrost, src/fdmt.cu, behind BFfdmt_impl::execute and bfFdmtExecute: every gulp
// of a radio telescope's filterbank searched for dispersed pulses, one launch per FDMT step)
// (blind check set 57: written after calibration, never fitted on). As in Bifrost: x the time
// sample t and y the output row r (a subband's delay), both in grid-stride loops; per row its
// delay d_delays[r] and its two source rows d_srcrows[r] (an int2, one 8 B load; -1 a parent
// that does not exist, read as 0); out = d_in[t + istride srcrow0] plus, where t >= delay,
// d_in[t - delay + istride srcrow1]; in the final step the samples t < r are skipped (the
// diagonal reindexing: the host passes ostride = the output's row stride - 1, or + 1 and the
// reversed time index when reverse_time) and the sum stored to d_out[t_ + ostride r]; the host's
// 256 x 1 blocks on min(cdiv(ntime, 256), 65535) x min(nrow, 65535). Departures: the block the
// sweep's, any shape (x the sample, y*z the row, z folded in; the grid-stride loops step
// blockDim.x gridDim.x and by*bz gridDim.y); the bools is_final_step and reverse_time as ints;
// DType float; d_srcrows passed as the manifest's int32 pairs and cast. Reimplemented from the
// published source (its indexing and control flow; none of its text). Exact: whole-number
// intensities (sums of two). 2-D: x the time sample, y*z the row.
#include "common.cuh"

extern "C" __global__ void bifrost_fdmt_exec(int ntime, int nrow, int is_final_step,
                                             int reverse_time,
                                             const int* __restrict__ d_delays,
                                             const int* __restrict__ d_srcrows_words,
                                             const float* __restrict__ d_in, int istride,
                                             float* __restrict__ d_out, int ostride) {
    const int2* parents = reinterpret_cast<const int2*>(d_srcrows_words);
    const int t_step = blockDim.x * gridDim.x;
    const int r_step = ga_block_rows() * gridDim.y;
    for (int r = ga_row(); r < nrow; r += r_step) {
        const int shift = d_delays[r];
        const int2 from = parents[r];  // (first, second) source row; -1: none
        for (int t = ga_col(); t < ntime; t += t_step) {
            if (is_final_step && t < r) continue;  // left of the final step's diagonal
            float sum = from.x != -1 ? d_in[t + istride * from.x] : 0.0f;
            if (t >= shift) sum += from.y != -1 ? d_in[t - shift + istride * from.y] : 0.0f;
            const int t_out = (is_final_step && reverse_time) ? ntime - 1 - t : t;
            d_out[t_out + ostride * r] = sum;
        }
    }
}
