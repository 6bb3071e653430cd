// Binary search of many values in a sorted array, PyTorch's torch.searchsorted /
// torch.bucketize CUDA kernel (aten/src/ATen/native/cuda/Bucketization.cu:
// searchsorted_cuda_kernel and its cus_lower_bound / cus_upper_bound, without a sorter), one
// value per thread (blind check set 25: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind25/ once recorded): the lookup of a sorted index, a
// histogram's bucket search, a CSR row search by nonzero position. boundaries is int64,
// sorted (non-decreasing) either as one array of idim_bd entries that every value searches
// (is_1d_boundaries) or as rows of idim_bd entries, value t searching row t / idim_in; out is
// the position of the first boundary >= the value (right = 0: lower_bound) or > it (right =
// 1: upper_bound) relative to the row's start, in [0, idim_bd]. PyTorch's grid-stride loop
// is kept (its grid covers the values, so each thread takes one). Per thread: one coalesced
// 8 B value load, then ceil(log2(idim_bd + 1)) iterations of a data-dependent 8 B load at the
// midpoint of its shrinking interval (a warp's lanes agree on the first steps: broadcasts and
// L1 hits; they scatter over the array in the later steps: 32 sectors a load, the 128 MiB
// array mostly beyond L2), a compare and a select, and one coalesced 8 B store. No shared
// memory. Integer: exact. 1-D: the block is linearized.
#include "common.cuh"

__device__ __forceinline__ long long ss_lower_bound(long long start, long long end,
                                                    long long val, const long long* bd) {
    while (start < end) {
        const long long mid = start + ((end - start) >> 1);
        const long long mid_val = bd[mid];
        if (!(mid_val >= val)) {
            start = mid + 1;
        } else {
            end = mid;
        }
    }
    return start;
}

__device__ __forceinline__ long long ss_upper_bound(long long start, long long end,
                                                    long long val, const long long* bd) {
    while (start < end) {
        const long long mid = start + ((end - start) >> 1);
        const long long mid_val = bd[mid];
        if (!(mid_val > val)) {
            start = mid + 1;
        } else {
            end = mid;
        }
    }
    return start;
}

extern "C" __global__ void searchsorted(long long* __restrict__ data_out,
                                        const long long* __restrict__ data_in,
                                        const long long* __restrict__ data_bd, long long idim_in,
                                        long long idim_bd, long long numel_in, int right,
                                        int is_1d_boundaries) {
    const long long incr = (long long)gridDim.x * ga_nthreads();
    for (long long tid = ga_linear(); tid < numel_in; tid += incr) {
        // a 1-D boundaries tensor is searched whole by every value
        const long long start_bd = is_1d_boundaries ? 0 : tid / idim_in * idim_bd;
        const long long end_bd = start_bd + idim_bd;
        const long long pos = !right ? ss_lower_bound(start_bd, end_bd, data_in[tid], data_bd) -
                                           start_bd
                                     : ss_upper_bound(start_bd, end_bd, data_in[tid], data_bd) -
                                           start_bd;
        data_out[tid] = pos;
    }
}
