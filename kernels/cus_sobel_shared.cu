// Sobel edge magnitudes of an 8-bit image, the CUDA Samples' SobelFilter SobelShared kernel
// (NVIDIA/cuda-samples, Samples/5_Domain_Specific/SobelFilter/SobelFilter_kernels.cu), each
// thread four pixels (a uchar4) at a time from a shared-memory tile of the block's rows plus
// the two around them (blind check set 30: written after calibration, never fitted on; its
// sweeps go to fixtures/hopper/blind30/ once recorded). A block covers 4 BlockWidth columns
// (BlockWidth 80, the sample's) of its by*bz rows: the block's threads copy the 4 (BlockWidth
// + 2) bytes of each of those rows and of the row above and below (from column u - 1 on) into
// LocalBlock, SharedPitch bytes a row (4 (BlockWidth + 2) rounded up to 64: 384), threadIdx.x
// walking the row's uchar4 groups blockDim.x apart; after a barrier each thread computes the
// Sobel magnitude of the groups ib = threadIdx.x, + blockDim.x, ... < BlockWidth of its row
// (ComputeSobel: short |Horz| + |Vert| scaled by fScale, truncated and clamped to [0, 255]) and
// stores each as one uchar4. Changes: the texture (cudaFilterModePoint, unnormalized
// coordinates, so its wrap address mode clamps) becomes a byte image in global memory read at
// clamped coordinates, with its pitch an argument; LocalBlock is declared in the kernel (a char
// array read as bytes); threadIdx.y and blockDim.y become the row in the block and the block's
// rows with z folded in; the tile's two trailing rows are copied by rows r = row in block, +
// block rows, ... < 2 (the sample's threadIdx.y < 2 leaves the last one unset for a block of
// one row); the short arguments come in as ints and are narrowed on entry. Dynamic shared
// memory SharedPitch (rows + 2) bytes. Per thread: (BlockWidth + 2) / blockDim.x groups of 4
// byte loads (neighbouring lanes' groups contiguous) and shared stores, a barrier, then
// BlockWidth / blockDim.x groups of 24 shared byte loads, 4 ComputeSobel and a 4 B store; a
// second barrier. Integer arithmetic and a dyadic fScale: exact. x -> a uchar4 group of the
// block's columns (a block 4 BlockWidth pixels wide whatever bx), y*z -> row.
#include "common.cuh"

#define RADIUS 1

// The texture fetch tex2D<unsigned char>(tex, x, y) of the sample: point sampling, clamped.
__device__ __forceinline__ unsigned char cus_tex2D(const unsigned char* img, int pitch, int iw,
                                                   int ih, int x, int y) {
    x = x < 0 ? 0 : (x > iw - 1 ? iw - 1 : x);
    y = y < 0 ? 0 : (y > ih - 1 ? ih - 1 : y);
    return img[(long long)y * pitch + x];
}

__device__ unsigned char ComputeSobel(unsigned char ul,  // upper left
                                      unsigned char um,  // upper middle
                                      unsigned char ur,  // upper right
                                      unsigned char ml,  // middle left
                                      unsigned char mm,  // middle (unused)
                                      unsigned char mr,  // middle right
                                      unsigned char ll,  // lower left
                                      unsigned char lm,  // lower middle
                                      unsigned char lr,  // lower right
                                      float fScale) {
    short Horz = ur + 2 * mr + lr - ul - 2 * ml - ll;
    short Vert = ul + 2 * um + ur - ll - 2 * lm - lr;
    short Sum = (short)(fScale * (abs((int)Horz) + abs((int)Vert)));

    if (Sum < 0) {
        return 0;
    } else if (Sum > 0xff) {
        return 0xff;
    }

    return (unsigned char)Sum;
}

extern "C" __global__ void cus_sobel_shared(unsigned* __restrict__ sobel_words, int sobel_pitch,
                                            int block_width, int shared_pitch, int width,
                                            int height, float fScale,
                                            const unsigned* __restrict__ image_words,
                                            int image_pitch) {
    extern __shared__ char sobel_smem[];  // the sample's extern __shared__ LocalBlock
    unsigned char* LocalBlock = reinterpret_cast<unsigned char*>(sobel_smem);
    uchar4* pSobelOriginal = reinterpret_cast<uchar4*>(sobel_words);
    const unsigned char* tex = reinterpret_cast<const unsigned char*>(image_words);
    const unsigned short SobelPitch = (unsigned short)sobel_pitch;
    const short BlockWidth = (short)block_width;
    const short SharedPitch = (short)shared_pitch;
    const short w = (short)width;
    const short h = (short)height;
    const int block_rows = ga_block_rows();  // blockDim.y
    const int row_in_block = ga_row_in_block();  // threadIdx.y

    short u = 4 * blockIdx.x * BlockWidth;
    short v = blockIdx.y * block_rows + row_in_block;
    short ib;

    int SharedIdx = row_in_block * SharedPitch;

    for (ib = threadIdx.x; ib < BlockWidth + 2 * RADIUS; ib += blockDim.x) {
        LocalBlock[SharedIdx + 4 * ib + 0] =
            cus_tex2D(tex, image_pitch, w, h, u + 4 * ib - RADIUS + 0, v - RADIUS);
        LocalBlock[SharedIdx + 4 * ib + 1] =
            cus_tex2D(tex, image_pitch, w, h, u + 4 * ib - RADIUS + 1, v - RADIUS);
        LocalBlock[SharedIdx + 4 * ib + 2] =
            cus_tex2D(tex, image_pitch, w, h, u + 4 * ib - RADIUS + 2, v - RADIUS);
        LocalBlock[SharedIdx + 4 * ib + 3] =
            cus_tex2D(tex, image_pitch, w, h, u + 4 * ib - RADIUS + 3, v - RADIUS);
    }

    //
    // copy trailing RADIUS*2 rows of pixels into shared
    //
    for (int r = row_in_block; r < RADIUS * 2; r += block_rows) {
        SharedIdx = (block_rows + r) * SharedPitch;
        const int vr = v - row_in_block + r;  // the thread's row for the sample's threadIdx.y = r

        for (ib = threadIdx.x; ib < BlockWidth + 2 * RADIUS; ib += blockDim.x) {
            LocalBlock[SharedIdx + 4 * ib + 0] = cus_tex2D(
                tex, image_pitch, w, h, u + 4 * ib - RADIUS + 0, vr + block_rows - RADIUS);
            LocalBlock[SharedIdx + 4 * ib + 1] = cus_tex2D(
                tex, image_pitch, w, h, u + 4 * ib - RADIUS + 1, vr + block_rows - RADIUS);
            LocalBlock[SharedIdx + 4 * ib + 2] = cus_tex2D(
                tex, image_pitch, w, h, u + 4 * ib - RADIUS + 2, vr + block_rows - RADIUS);
            LocalBlock[SharedIdx + 4 * ib + 3] = cus_tex2D(
                tex, image_pitch, w, h, u + 4 * ib - RADIUS + 3, vr + block_rows - RADIUS);
        }
    }

    __syncthreads();

    u >>= 2;  // index as uchar4 from here
    uchar4* pSobel = (uchar4*)(((char*)pSobelOriginal) + v * SobelPitch);
    SharedIdx = row_in_block * SharedPitch;

    for (ib = threadIdx.x; ib < BlockWidth; ib += blockDim.x) {
        unsigned char pix00 = LocalBlock[SharedIdx + 4 * ib + 0 * SharedPitch + 0];
        unsigned char pix01 = LocalBlock[SharedIdx + 4 * ib + 0 * SharedPitch + 1];
        unsigned char pix02 = LocalBlock[SharedIdx + 4 * ib + 0 * SharedPitch + 2];
        unsigned char pix10 = LocalBlock[SharedIdx + 4 * ib + 1 * SharedPitch + 0];
        unsigned char pix11 = LocalBlock[SharedIdx + 4 * ib + 1 * SharedPitch + 1];
        unsigned char pix12 = LocalBlock[SharedIdx + 4 * ib + 1 * SharedPitch + 2];
        unsigned char pix20 = LocalBlock[SharedIdx + 4 * ib + 2 * SharedPitch + 0];
        unsigned char pix21 = LocalBlock[SharedIdx + 4 * ib + 2 * SharedPitch + 1];
        unsigned char pix22 = LocalBlock[SharedIdx + 4 * ib + 2 * SharedPitch + 2];

        uchar4 out;

        out.x = ComputeSobel(pix00, pix01, pix02, pix10, pix11, pix12, pix20, pix21, pix22, fScale);

        pix00 = LocalBlock[SharedIdx + 4 * ib + 0 * SharedPitch + 3];
        pix10 = LocalBlock[SharedIdx + 4 * ib + 1 * SharedPitch + 3];
        pix20 = LocalBlock[SharedIdx + 4 * ib + 2 * SharedPitch + 3];
        out.y = ComputeSobel(pix01, pix02, pix00, pix11, pix12, pix10, pix21, pix22, pix20, fScale);

        pix01 = LocalBlock[SharedIdx + 4 * ib + 0 * SharedPitch + 4];
        pix11 = LocalBlock[SharedIdx + 4 * ib + 1 * SharedPitch + 4];
        pix21 = LocalBlock[SharedIdx + 4 * ib + 2 * SharedPitch + 4];
        out.z = ComputeSobel(pix02, pix00, pix01, pix12, pix10, pix11, pix22, pix20, pix21, fScale);

        pix02 = LocalBlock[SharedIdx + 4 * ib + 0 * SharedPitch + 5];
        pix12 = LocalBlock[SharedIdx + 4 * ib + 1 * SharedPitch + 5];
        pix22 = LocalBlock[SharedIdx + 4 * ib + 2 * SharedPitch + 5];
        out.w = ComputeSobel(pix00, pix01, pix02, pix10, pix11, pix12, pix20, pix21, pix22, fScale);

        if (u + ib < w / 4 && v < h) {
            pSobel[u + ib] = out;
        }
    }

    __syncthreads();
}
