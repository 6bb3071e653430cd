// Tasseled-cap (Kauth-Thomas) transform of a Landsat 8 OLI surface-reflectance scene: the
// brightness, greenness and wetness indices of remote sensing's vegetation and land-cover
// analysis (Baig et al. 2014's OLI coefficients, as Google Earth Engine's, GRASS's
// i.tasscap and the USGS land-change pipelines apply them) (blind check set 17: written after
// calibration, never fitted on; its sweeps go to fixtures/hopper/blind17/ once recorded).
// Input: the six reflective bands (blue, green, red, NIR, SWIR 1, SWIR 2) of a Collection 2
// level-2 product as six band planes of uint16 digital numbers, one after another (the
// product's band files loaded into one buffer; the halfwords travel in 32-bit words: the
// buffer is uint32 on the host). A thread walks the six bands of its pixel: a 2 B load from
// each plane, the scaling to reflectance rho = DN 2.75e-5 - 0.2 (the product's documented
// scale and offset) and three multiply-adds into the three indices with the 3 x 6
// coefficient matrix from constant memory; a DN of 0 in any band is the product's fill
// value and makes the pixel no-data (-9999 in the three outputs, the loop left at once).
// Output: three float32 planes (brightness, greenness, wetness), one contiguous 4 B store to
// each. float32: within the manifest's tolerance of the reference's float64 (with the
// kernel's float32 constants). x -> column, y*z -> row.
#include "common.cuh"

#define TC_BANDS 6

// Brightness, greenness and wetness rows over bands 2-7 (Baig, Zhang, Shuai and Tong 2014).
__constant__ float tc_coef[3][TC_BANDS] = {
    {0.3029f, 0.2786f, 0.4733f, 0.5599f, 0.508f, 0.1872f},
    {-0.2941f, -0.243f, -0.5424f, 0.7276f, 0.0713f, -0.1608f},
    {0.1511f, 0.1973f, 0.3283f, 0.3407f, -0.7117f, -0.4559f},
};

extern "C" __global__ void tasseled_cap(const unsigned* __restrict__ band_words,
                                        float* __restrict__ tc, int rows, int cols,
                                        float scale, float offset) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const unsigned short* dn = reinterpret_cast<const unsigned short*>(band_words);
    const long long plane = (long long)rows * cols;
    const long long i = (long long)r * cols + c;
    float bright = 0.0f, green = 0.0f, wet = 0.0f;
    bool fill = false;
    for (int b = 0; b < TC_BANDS; ++b) {
        const unsigned v = dn[b * plane + i];
        if (v == 0u) {
            fill = true;
            break;
        }
        const float rho = (float)v * scale + offset;
        bright += tc_coef[0][b] * rho;
        green += tc_coef[1][b] * rho;
        wet += tc_coef[2][b] * rho;
    }
    if (fill) {
        bright = green = wet = -9999.0f;
    }
    tc[i] = bright;
    tc[plane + i] = green;
    tc[2 * plane + i] = wet;
}
