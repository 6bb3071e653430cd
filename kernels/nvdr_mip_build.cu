// One level of a texture's mipmap pyramid (a 2 x 2 box filter of the level above), nvdiffrast's
// MipBuildKernel4, MipBuildKernelTemplate<float4, 4> (NVlabs/nvdiffrast,
// nvdiffrast/common/texture.cu, behind texture_construct_mip: the mip stack nvdiffrast builds
// for dr.texture's linear-mipmap-linear filtering on every forward pass of a textured
// differentiable render) (blind check set 50: written after calibration, never fitted on). As
// in nvdiffrast: sz_in and sz_out mipLevelSize of levels mipLevelOut - 1 and mipLevelOut
// (each side the texture's shifted right by the level, at least 1); px = blockIdx.x
// blockDim.x + threadIdx.x, py = blockIdx.y blockDim.y + threadIdx.y and pz = blockIdx.z (the
// minibatch's texture), a thread past the level returning; pidx_in0 = channels (((px + sz_in.x
// py) << 1) + pz sz_in.x sz_in.y), pidx_in1 a row below, pidx_out = channels (px + sz_out.x
// (py + sz_out.y pz)); an input level one texel high or wide averaging two texels (.5f (v0 +
// v1)), otherwise four float4 loads per four channels, avg = .25f (v0 + v1 + v2 + v3) and one
// float4 store; nvdiffrast's float4 operators component by component; the host's
// getLaunchBlockSize(TEX_FWD_MAX_MIP_KERNEL_BLOCK_WIDTH 8, TEX_FWD_MAX_MIP_KERNEL_BLOCK_HEIGHT
// 8, ...) (8 x 8 here) on getLaunchGridSize's (cdiv(w, 8), cdiv(h, 8), depth) blocks, the
// float4 instance when the channels are a multiple of 4. Departures: the 8 x 8 block the
// sweep's, any shape (z folded into the rows: py from the block's rows by*bz), the grid
// cdiv(w, bx) x cdiv(h, by*bz) x depth; the mip stack's level pointers p.tex[mipLevelOut - 1]
// and p.tex[mipLevelOut] two buffers (one allocation with offsets in nvdiffrast), the params
// struct's fields the entry's arguments, the template's body a __device__ function; the
// float4 sums and product written with __fadd_rn and __fmul_rn (no FMA contraction).
// Written from memory. Exact (whole-number texels: the sums small integers, the quarter exact).
// x -> column of the new level, y*z -> its row, the grid's z the minibatch's texture.
#include "common.cuh"

static __device__ __forceinline__ float4 operator+(const float4& a, const float4& b) {
    return make_float4(__fadd_rn(a.x, b.x), __fadd_rn(a.y, b.y), __fadd_rn(a.z, b.z),
                       __fadd_rn(a.w, b.w));
}
static __device__ __forceinline__ float4 operator*(const float a, const float4& b) {
    return make_float4(__fmul_rn(a, b.x), __fmul_rn(a, b.y), __fmul_rn(a, b.z),
                       __fmul_rn(a, b.w));
}

struct TextureKernelParams {
    const float* texIn;  // p.tex[mipLevelOut - 1]
    float* texOut;       // p.tex[mipLevelOut]
    int channels;
    int texWidth;
    int texHeight;
    int mipLevelOut;
};

static __device__ __forceinline__ int2 mipLevelSize(const TextureKernelParams& p, int i) {
    return make_int2(((p.texWidth >> i) > 1) ? (p.texWidth >> i) : 1,
                     ((p.texHeight >> i) > 1) ? (p.texHeight >> i) : 1);
}

template <class T, int C>
static __device__ void MipBuildKernelTemplate(const TextureKernelParams p) {
    // Sizes.
    int2 sz_in = mipLevelSize(p, p.mipLevelOut - 1);
    int2 sz_out = mipLevelSize(p, p.mipLevelOut);

    // Calculate pixel position.
    int px = blockIdx.x * blockDim.x + threadIdx.x;
    int py = ga_row();
    int pz = blockIdx.z;
    if (px >= sz_out.x || py >= sz_out.y) return;

    // Pixel indices.
    int pidx_in0 = p.channels * (((px + sz_in.x * py) << 1) + (pz * sz_in.x * sz_in.y));
    int pidx_in1 = pidx_in0 + p.channels * sz_in.x;  // Next pixel down.
    int pidx_out = p.channels * (px + sz_out.x * (py + sz_out.y * pz));

    // Input and output pointers.
    const float* pin = p.texIn;
    float* pout = p.texOut;

    // Special case: Input texture height or width is 1.
    if (sz_in.x == 1 || sz_in.y == 1) {
        if (sz_in.y == 1) pidx_in1 = pidx_in0 + p.channels;  // Next pixel on the right.

        for (int i = 0; i < p.channels; i += C) {
            T v0 = *((const T*)&pin[pidx_in0 + i]);
            T v1 = *((const T*)&pin[pidx_in1 + i]);
            T avg = .5f * (v0 + v1);
            *((T*)&pout[pidx_out + i]) = avg;
        }

        return;
    }

    for (int i = 0; i < p.channels; i += C) {
        T v0 = *((const T*)&pin[pidx_in0 + i]);
        T v1 = *((const T*)&pin[pidx_in0 + i + p.channels]);
        T v2 = *((const T*)&pin[pidx_in1 + i]);
        T v3 = *((const T*)&pin[pidx_in1 + i + p.channels]);
        T avg = .25f * (v0 + v1 + v2 + v3);
        *((T*)&pout[pidx_out + i]) = avg;
    }
}

extern "C" __global__ void nvdr_mip_build(const float* texIn, float* texOut, int channels,
                                          int texWidth, int texHeight, int mipLevelOut) {
    TextureKernelParams p;
    p.texIn = texIn;
    p.texOut = texOut;
    p.channels = channels;
    p.texWidth = texWidth;
    p.texHeight = texHeight;
    p.mipLevelOut = mipLevelOut;
    MipBuildKernelTemplate<float4, 4>(p);
}
