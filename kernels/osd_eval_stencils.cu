// Refined subdivision-surface vertices as weighted sums of control vertices, OpenSubdiv's
// computeStencils<4> (PixarAnimationStudios/OpenSubdiv, opensubdiv/osd/cudaKernel.cu, behind
// CudaEvalStencils and Osd::CudaEvaluator::EvalStencils: a mesh's Catmull-Clark refinement
// re-evaluated on the GPU every time its control cage moves, e.g. an animated character's
// posed cage each frame) (blind check set 51: written after calibration, never fitted on). As
// in OpenSubdiv: the primvar's four floats a DeviceVertex<4> (clear, addWithWeight: v[j] +=
// src.v[j] weight); a grid-stride loop for i from start + threadIdx.x + blockIdx.x blockDim.x
// to end in steps of blockDim.x gridDim.x, lindices and lweights the stencil's run from
// offsets[i], dst cleared and, for its sizes[i] entries in order, dst.addWithWeight(
// src[lindices[j]], lweights[j]) in registers, verts[i] = dst (16 B); CudaEvalStencils'
// fixed launch of 512 blocks of 32 threads (as I recall, for its templated paths for 4- and
// 8-float vertices and the generic one alike). Departures: the 32 threads the block's, any
// shape (linearized in the loop's start and step), the grid the same 512 blocks; a stencil's
// size offsets[i + 1] - offsets[i] (OpenSubdiv passes the stencil table's sizes array beside
// the offsets; the manifest's offsets are a row-pointer array of NSTENCILS + 1 entries); the
// __global__ template's body a __device__ function; the product and sum __fmul_rn and
// __fadd_rn (no contraction). Written from memory. Exact (whole-number control vertices and
// weights: every partial sum a small integer). 1-D: the block is linearized, a fixed grid.
#include "common.cuh"

template <int N>
struct DeviceVertex {
    float v[N];

    __device__ void addWithWeight(DeviceVertex<N> const& src, float weight) {
#pragma unroll
        for (int j = 0; j < N; ++j) {
            v[j] = __fadd_rn(v[j], __fmul_rn(src.v[j], weight));
        }
    }

    __device__ void clear() {
#pragma unroll
        for (int j = 0; j < N; ++j) {
            v[j] = 0.0f;
        }
    }
};

template <int NUM_ELEMENTS>
__device__ void computeStencils(float const* cvs, float* vertices, int const* offsets,
                                int const* indices, float const* weights, int start, int end) {
    DeviceVertex<NUM_ELEMENTS> const* src = (DeviceVertex<NUM_ELEMENTS> const*)cvs;

    DeviceVertex<NUM_ELEMENTS>* verts = (DeviceVertex<NUM_ELEMENTS>*)vertices;

    int i = start + ga_tid() + blockIdx.x * ga_nthreads();

    for (; i < end; i += ga_nthreads() * gridDim.x) {
        int const* lindices = indices + offsets[i];
        float const* lweights = weights + offsets[i];
        int size = offsets[i + 1] - offsets[i];

        DeviceVertex<NUM_ELEMENTS> dst;
        dst.clear();

        for (int j = 0; j < size; ++j) {
            dst.addWithWeight(src[lindices[j]], lweights[j]);
        }
        verts[i] = dst;
    }
}

extern "C" __global__ void osd_eval_stencils(const float* cvs, float* vertices,
                                             const int* offsets, const int* indices,
                                             const float* weights, int start, int end) {
    computeStencils<4>(cvs, vertices, offsets, indices, weights, start, end);
}
