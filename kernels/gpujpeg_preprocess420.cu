// The colour conversion and 4:2:0 subsampling of a JPEG encoder's input,
// gpujpeg_preprocessor_raw_to_comp_kernel (CESNET/GPUJPEG, src/gpujpeg_preprocessor.cu, behind
// gpujpeg_preprocessor_encode_interlaced and gpujpeg_preprocessor_encode: the first kernel of
// gpujpeg_encoder_encode, before the DCT and Huffman coding) in its instance for interleaved
// 8-bit RGB input (GPUJPEG_444_U8_P012), the default internal colour space
// (GPUJPEG_YCBCR_BT601_256LVLS, JFIF's full-range YCbCr) and 4:2:0 subsampling (blind check set
// 62: written after calibration, never fitted on). As in GPUJPEG: one thread a pixel,
// image_position = (blockIdx.y gridDim.x + blockIdx.x) blockDim.x + threadIdx.x, its row by
// the precomputed constant division (__umulhi by width_div_mul, shifted by width_div_shift) and
// its column the rest; past width x height it returns; three 1 B loads at image_position 3 +
// image_width_padding row; each sample scaled by 256 / 255 (integer division), the 8-bit
// matrix (77, 150, 29; -43, -85, 128; 128, -107, -21) with + 128 and >> 8, offsets 0, 128,
// 128, clamped to 0..255; Y stored at row data_width0 + column of component 0, Cb and Cr only
// where the column and the row are even, at (row / 2) data_width + column / 2 of components 1
// and 2 (the fourth component's sampling factor 0 stores nothing); the host's
// RGB_8BIT_THREADS (256) threads on cdiv(width height, 256) blocks (the grid's y doubled while
// x exceeds 65,535; one row of blocks here). Departures: the block the sweep's, any shape
// (linearized: the position from the block's linear thread index); the divisor's magic pair
// from the Granlund-Montgomery form the manifest computes (multiplier ceil(2^(31 + l) / width)
// and shift l - 1, l = ceil(log2 width); as exact as GPUJPEG's Hacker's Delight pair for
// positions below 2^31); the gpujpeg_preprocessor_data struct as the three components'
// pointers and row widths; the planes 4 B words cast to bytes. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: integer
// arithmetic. 1-D: the block is linearized, one thread a pixel.
#include "common.cuh"

__device__ __forceinline__ unsigned char gpujpeg_clamp(int value) {
    value = (value >= 0) ? value : 0;
    value = (value <= 255) ? value : 255;
    return (unsigned char)value;
}

__device__ __forceinline__ void gpujpeg_store_comp(unsigned char value, unsigned int position_x,
                                                   unsigned int position_y,
                                                   unsigned int samp_factor_h,
                                                   unsigned int samp_factor_v,
                                                   unsigned char* d_data, int data_width) {
    if ((position_x % samp_factor_h) || (position_y % samp_factor_v)) return;
    position_x = position_x / samp_factor_h;
    position_y = position_y / samp_factor_v;
    d_data[position_y * data_width + position_x] = value;
}

extern "C" __global__ void gpujpeg_preprocess420(unsigned int* __restrict__ comp0_words,
                                                 unsigned int* __restrict__ comp1_words,
                                                 unsigned int* __restrict__ comp2_words,
                                                 int data_width0, int data_width1,
                                                 int data_width2,
                                                 const unsigned int* __restrict__ raw_words,
                                                 int image_width_padding, int image_width,
                                                 int image_height, unsigned int width_div_mul,
                                                 unsigned int width_div_shift) {
    const unsigned char* d_data_raw = reinterpret_cast<const unsigned char*>(raw_words);
    const int x = (int)ga_tid();
    const int gX = (int)((blockIdx.y * gridDim.x + blockIdx.x) * ga_nthreads());

    const int image_position = gX + x;
    const int image_position_y =
        (int)(width_div_mul ? __umulhi((unsigned int)image_position, width_div_mul) >>
                                  width_div_shift
                            : (unsigned int)image_position);
    const int image_position_x = image_position - image_position_y * image_width;

    if (image_position >= image_width * image_height) return;

    // load (interleaved RGB, 3 bytes a pixel)
    const int offset = image_position * 3 + image_width_padding * image_position_y;
    const int red = d_data_raw[offset];
    const int green = d_data_raw[offset + 1];
    const int blue = d_data_raw[offset + 2];

    // RGB -> YCbCr (BT.601, 256 levels), 8-bit fixed point
    const int middle = 1 << 7;
    const int rx = red * 256 / 255;
    const int ry = green * 256 / 255;
    const int rz = blue * 256 / 255;
    const unsigned char luma = gpujpeg_clamp(((77 * rx + 150 * ry + 29 * rz + middle) >> 8) + 0);
    const unsigned char cb =
        gpujpeg_clamp(((-43 * rx - 85 * ry + 128 * rz + middle) >> 8) + 128);
    const unsigned char cr =
        gpujpeg_clamp(((128 * rx - 107 * ry - 21 * rz + middle) >> 8) + 128);

    // store: component 0 at full resolution, 1 and 2 every second column and row
    gpujpeg_store_comp(luma, image_position_x, image_position_y, 1, 1,
                       reinterpret_cast<unsigned char*>(comp0_words), data_width0);
    gpujpeg_store_comp(cb, image_position_x, image_position_y, 2, 2,
                       reinterpret_cast<unsigned char*>(comp1_words), data_width1);
    gpujpeg_store_comp(cr, image_position_x, image_position_y, 2, 2,
                       reinterpret_cast<unsigned char*>(comp2_words), data_width2);
}
