// Colour correction and sRGB encoding of a demosaiced camera raw frame in float4 RGBA, the
// last stage of a raw development pipeline (dcraw's and LibRaw's camera-to-sRGB matrix, a
// DNG's ColorMatrix with the white balance folded in, then the sRGB transfer function, as
// RawTherapee's and the ISPs' GPU paths apply them) (blind check set 20: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind20/ once recorded).
// Per pixel: the camera's linear values from the sensor's units, v = (raw - black) * scale
// (black level and 1 / (white - black)), the 3 x 3 matrix M (m00 .. m22 by rows, each row
// summing to 1 so that grey stays grey) applied to (R, G, B), each result clipped to [0, 1]
// and encoded by the sRGB curve (12.92 x up to 0.0031308, 1.055 x^(1 / 2.4) - 0.055 above);
// alpha (the fourth channel) copied unchanged. Input and output: row-major float32 RGBA,
// 16 B a pixel (one float4 load and store per thread). Per thread: nine multiply-adds, up to
// three powf, one contiguous 16 B load and one 16 B store. No shared memory. float32: within
// the manifest's tolerance of the reference's float64. x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ float srgb_encode(float x) {
    x = fminf(fmaxf(x, 0.0f), 1.0f);
    return x <= 0.0031308f ? 12.92f * x : 1.055f * powf(x, 1.0f / 2.4f) - 0.055f;
}

extern "C" __global__ void ccm_srgb(const float* __restrict__ in_rgba,
                                    float* __restrict__ out_rgba, int rows, int cols,
                                    float black, float scale, float m00, float m01, float m02,
                                    float m10, float m11, float m12, float m20, float m21,
                                    float m22) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long i = (long long)r * cols + c;
    const float4 p = reinterpret_cast<const float4*>(in_rgba)[i];
    const float red = (p.x - black) * scale;
    const float green = (p.y - black) * scale;
    const float blue = (p.z - black) * scale;
    reinterpret_cast<float4*>(out_rgba)[i] =
        make_float4(srgb_encode(m00 * red + m01 * green + m02 * blue),
                    srgb_encode(m10 * red + m11 * green + m12 * blue),
                    srgb_encode(m20 * red + m21 * green + m22 * blue), p.w);
}
