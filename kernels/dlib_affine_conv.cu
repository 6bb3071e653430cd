// Per-channel affine transform of a convolution's output, dlib's _cuda_affine_transform_conv
// (davisking/dlib, dlib/cuda/cuda_dlib.cu, behind tt::affine_transform_conv: the forward pass
// of dlib's affine_ layer in CONV mode, the batch normalization of inference, run after every
// convolution of dlib's face recognition ResNet) (blind check set 49: written after
// calibration, never fitted on). As in dlib: a grid_stride_range(0, n) loop (i starting at
// blockDim.x blockIdx.x + threadIdx.x, stepping by gridDim.x blockDim.x), k = (i / bs) % ks
// the channel (bs = nr nc, ks = k) and d[i] = A[k] s[i] + B[k]; launch_kernel(..., max_jobs(n),
// ...) choosing the block and the grid with cudaOccupancyMaxPotentialBlockSize (the grid its
// minGridSize: the blocks that fill every SM at the kernel's occupancy), cut to ceil(n /
// threads) blocks for a small job. Departures: the block the sweep's, any shape (the block
// linearized in the range's start and step), the grid the resident grid at full occupancy,
// min(cdiv(n, threads), floor(2048 SMs / threads)); the product and sum written with
// __fmul_rn and __fadd_rn (no FMA contraction). Written from memory. Exact (one correctly
// rounded float32 product and sum an element). 1-D: the block is linearized.
#include "common.cuh"

// dlib's grid_stride_range (cuda_utils.h): the indices a thread visits in a grid-stride loop.
class grid_stride_range {
public:
    __device__ grid_stride_range(size_t ibegin_, size_t iend_) : ibegin(ibegin_), iend(iend_) {}

    class iterator {
    public:
        __device__ iterator() {}
        __device__ iterator(size_t pos_) : pos(pos_) {}
        __device__ size_t operator*() const { return pos; }
        __device__ iterator& operator++() {
            pos += gridDim.x * ga_nthreads();
            return *this;
        }
        __device__ bool operator!=(const iterator& item) const { return pos < item.pos; }

    private:
        size_t pos;
    };

    __device__ iterator begin() const {
        return iterator(ibegin + ga_nthreads() * blockIdx.x + ga_tid());
    }
    __device__ iterator end() const { return iterator(iend); }

private:
    size_t ibegin;
    size_t iend;
};

extern "C" __global__ void dlib_affine_conv(float* d, const float* s, size_t n, const float* A,
                                            const float* B, size_t bs, size_t ks) {
    for (auto i : grid_stride_range(0, n)) {
        auto k = (i / bs) % ks;
        d[i] = __fadd_rn(__fmul_rn(A[k], s[i]), B[k]);  // A[k]*s[i] + B[k]
    }
}
