// mistral.rs's transform_indices (EricLBuehler/mistral.rs,
// mistralrs-core/src/cuda/nonzero_bitwise.cu, launched by nonzero<T> in the same file behind
// the nonzero_f32/... entry points of mistral.rs's CUDA nonzero op: after cub's
// DeviceSelect::Flagged has listed the flat indices of a tensor's nonzero elements, each flat
// index unravelled into its coordinates, one row of num_dims coordinates a nonzero, as
// torch.nonzero returns them) (blind check set 94: written after calibration, never fitted on).
// As in mistral.rs: one thread a nonzero below num_nonzero, its flat index read as an int, and
// for the dimensions from the last to the first the coordinate d_out[idx num_dims + i] = the
// index modulo dims[i], the index then divided by dims[i] (unless 0); the host's
// min(next_power_of_2(num_nonzero), 1024) threads on cdiv(num_nonzero, threads) blocks.
// Departures: the block the sweep's, any shape (linearized); the store offset in 64 bits.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: integer division. 1-D, no shared memory: each thread a 4 B index load (a
// warp's 128 B contiguous), num_dims 4 B dimension loads (a warp's one broadcast each), two
// integer divisions a dimension and num_dims 4 B stores (a warp's lanes num_dims * 4 B apart).
#include "common.cuh"

extern "C" __global__ void mrs_nonzero_unravel(const unsigned* temp_indices,
                                               unsigned num_nonzero, const unsigned* dims,
                                               unsigned num_dims, unsigned* d_out) {
    const long long idx = ga_linear();
    if (idx >= num_nonzero) return;
    int flat = (int)temp_indices[idx];
    for (int i = (int)num_dims - 1; i >= 0; i--) {
        const unsigned d = dims[i];
        d_out[idx * num_dims + i] = (unsigned)flat % d;
        if (d != 0) flat = (int)((unsigned)flat / d);
    }
}
