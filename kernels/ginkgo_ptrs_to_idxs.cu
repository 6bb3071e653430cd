// CSR row pointers expanded to COO row indices, Ginkgo's convert_ptrs_to_idxs kernel
// (ginkgo-project/ginkgo, common/cuda_hip/components/format_conversion.hpp, behind
// Csr::convert_to(Coo) and the sparse kernels that need a row index per entry) (blind check
// set 47: written after calibration, never fitted on). As in Ginkgo: tidx =
// thread::get_thread_id_flat() (one row a thread), a thread of a row (tidx < num_rows) walking
// its entries i from ptrs[tidx] to ptrs[tidx + 1] and storing idxs[i] = tidx; the host's grid
// ceildiv(num_rows, default_block_size). Departures: default_block_size (512) the block's
// threads, any shape (the block linearized); IndexType int32 and size_type (std::size_t) a
// 64-bit num_rows argument. Written from memory. Exact (integers). 1-D: the block is
// linearized.
#include "common.cuh"

typedef unsigned long long size_type;

extern "C" __global__ void ginkgo_ptrs_to_idxs(const int* __restrict__ ptrs, size_type num_rows,
                                               int* __restrict__ idxs) {
    const auto tidx = static_cast<size_type>(ga_linear());
    if (tidx < num_rows) {
        for (auto i = ptrs[tidx]; i < ptrs[tidx + 1]; i++) {
            idxs[i] = static_cast<int>(tidx);
        }
    }
}
