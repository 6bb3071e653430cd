// Colour of thermal emission: the CIE 1931 XYZ tristimulus values of the blackbody radiance at
// each pixel's temperature (Planck's law integrated against the colour-matching functions, as
// a renderer shades fire, lava, a heated metal or a thermal simulation's incandescence: pbrt's
// BlackbodySpectrum sampled into XYZ), one thread per pixel with a loop over 81 wavelengths
// (blind check set 21: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind21/ once recorded). The input is a row-major float32 temperature map in
// kelvins; per pixel, for the wavelengths lambda = 0.380, 0.385, ..., 0.780 micrometres, the
// spectral radiance L = c1 / lambda^5 / (exp(c2 / (lambda T)) - 1) (c1 = 2 h c^2 = 1.191042972e8
// W um^4 m^-2 sr^-1, c2 = h c / k = 14387.76877 um K: W m^-2 sr^-1 um^-1) is weighted by the
// colour-matching functions (the tables below: Wyman, Sloan and Shirley's multi-lobe fit to
// the CIE 1931 2-degree observer, in constant memory: every lane reads the same entry at
// once) and summed in wavelength order with float32 fused multiply-adds, times the step 0.005
// um. Out: X, Y and Z as three row-major float32 planes (W m^-2 sr^-1, Y not yet scaled by
// 683 lm/W). Per thread: one contiguous 4 B load, then per wavelength a reciprocal and a
// division (IEEE-rounded), an expf and about a dozen multiplies and adds (some 60
// instructions a wavelength, 5,000 a pixel), three contiguous 4 B stores. No shared memory.
// float32: within the manifest's tolerance of the reference's float64. x -> column, y*z ->
// row.
#include "common.cuh"

#define BB_SAMPLES 81
#define BB_C1 1.191042972e8f    // 2 h c^2, W um^4 m^-2 sr^-1
#define BB_C2 14387.76877f      // h c / k, um K
#define BB_STEP 0.005f          // the wavelength step, um

// The CIE 1931 colour-matching functions at 380, 385, ..., 780 nm by Wyman, Sloan and
// Shirley's multi-lobe fit (2013), rounded to float: x = 1.056 g(599.8, 37.9, 31.0) + 0.362
// g(442.0, 16.0, 26.7) - 0.065 g(501.1, 20.4, 26.2), y = 0.821 g(568.8, 46.9, 40.5) + 0.286
// g(530.9, 16.3, 31.1), z = 1.217 g(437.0, 11.8, 36.0) + 0.681 g(459.0, 26.0, 13.8), with
// g(mu, s1, s2) = exp(-((lambda - mu) / s)^2 / 2), s = s1 below mu and s2 above.
__constant__ float bb_cie_x[BB_SAMPLES] = {
    0.0001987095f, 0.00063515117f, 0.0018413677f, 0.004841733f, 0.011546588f, 0.024974471f,
    0.048992116f, 0.0871646f, 0.1406477f, 0.20582248f, 0.2731485f, 0.3287031f, 0.35859576f,
    0.3584923f, 0.34371674f, 0.31719318f, 0.28104654f, 0.23810017f, 0.19154447f, 0.14464986f,
    0.10055437f, 0.06211179f, 0.031762745f, 0.011402134f, 0.0022533296f, 0.0043348586f,
    0.01654377f, 0.038563687f, 0.07004303f, 0.110615544f, 0.1599135f, 0.21753529f, 0.28297246f,
    0.35550863f, 0.43410957f, 0.51732713f, 0.6032408f, 0.6894543f, 0.77315986f, 0.8512682f,
    0.92059606f, 0.97809213f, 1.0210755f, 1.0474591f, 1.0559257f, 1.0412225f, 1.0003456f,
    0.93638796f, 0.85400856f, 0.75887454f, 0.6570213f, 0.5542309f, 0.4555164f, 0.3647701f,
    0.28460106f, 0.21634944f, 0.16024226f, 0.115637936f, 0.08130657f, 0.055699714f,
    0.037177682f, 0.024177626f, 0.015319586f, 0.009457632f, 0.005688789f, 0.003333951f,
    0.0019037095f, 0.0010591175f, 0.0005741027f, 0.0003032055f, 0.00015602227f, 7.822365e-05f,
    3.8211285e-05f, 1.818642e-05f, 8.433441e-06f, 3.8103456e-06f, 1.6773588e-06f,
    7.1943174e-07f, 3.0064587e-07f, 1.2241168e-07f, 4.856155e-08f,
};
__constant__ float bb_cie_y[BB_SAMPLES] = {
    0.00024854045f, 0.00037958927f, 0.00057318487f, 0.0008557354f, 0.0012631305f, 0.0018434055f,
    0.0026598522f, 0.003794531f, 0.005352081f, 0.007463649f, 0.010290672f, 0.014028149f,
    0.018906958f, 0.025194716f, 0.03319479f, 0.043243587f, 0.05570773f, 0.07098655f,
    0.089532174f, 0.11190913f, 0.13891934f, 0.1717988f, 0.21242353f, 0.26334354f, 0.3273577f,
    0.40639755f, 0.49983758f, 0.6029321f, 0.7064977f, 0.7986923f, 0.86864007f, 0.9167541f,
    0.9539388f, 0.97987777f, 0.99446404f, 0.99803865f, 0.9912819f, 0.9750947f, 0.95039785f,
    0.91608584f, 0.87244576f, 0.82086843f, 0.762896f, 0.7001801f, 0.6344321f, 0.56736326f,
    0.5006188f, 0.43571016f, 0.37395307f, 0.31641877f, 0.26390246f, 0.21691255f, 0.17568031f,
    0.1401869f, 0.1102039f, 0.08534138f, 0.06509847f, 0.048911586f, 0.036196653f, 0.026383389f,
    0.018940466f, 0.013391933f, 0.00932577f, 0.0063960557f, 0.0043204008f, 0.0028742126f,
    0.0018831978f, 0.0012152193f, 0.00077231537f, 0.00048341014f, 0.000298001f, 0.00018092581f,
    0.00010818426f, 6.371011e-05f, 3.6951606e-05f, 2.1107606e-05f, 1.1874773e-05f,
    6.579491e-06f, 3.5903765e-06f, 1.9296047e-06f, 1.0213565e-06f,
};
__constant__ float bb_cie_z[BB_SAMPLES] = {
    0.006746243f, 0.011934978f, 0.020564849f, 0.035075825f, 0.06079499f, 0.10957313f,
    0.20411363f, 0.3766861f, 0.65220016f, 1.0152473f, 1.3862369f, 1.6444007f, 1.7341988f,
    1.7764162f, 1.7815809f, 1.7469871f, 1.6715432f, 1.518934f, 1.2951684f, 1.044914f,
    0.8102753f, 0.6157607f, 0.4663767f, 0.35505566f, 0.27144375f, 0.20705612f, 0.15647916f,
    0.116567984f, 0.085353985f, 0.061350882f, 0.04326598f, 0.02993125f, 0.020311086f,
    0.013519651f, 0.008827152f, 0.0056532496f, 0.0035513882f, 0.002188369f, 0.001322712f,
    0.0007842102f, 0.00045606014f, 0.00026015617f, 0.00014556888f, 7.989606e-05f,
    4.3013482e-05f, 2.271466e-05f, 1.1766038e-05f, 5.978286e-06f, 2.9795149e-06f,
    1.4565883e-06f, 6.9847437e-07f, 3.285387e-07f, 1.5158109e-07f, 6.860028e-08f,
    3.0452938e-08f, 1.3260347e-08f, 5.6637357e-09f, 2.3728675e-09f, 9.751386e-10f,
    3.9308068e-10f, 1.5542448e-10f, 6.028087e-11f, 2.2933063e-11f, 8.557896e-12f,
    3.1325235e-12f, 1.1247191e-12f, 3.9611042e-13f, 1.368393e-13f, 4.6369006e-14f,
    1.541229e-14f, 5.0249175e-15f, 1.6069898e-15f, 5.041035e-16f, 1.5511319e-16f,
    4.6816626e-17f, 1.3860341e-17f, 4.0250394e-18f, 1.1465388e-18f, 3.2035371e-19f,
    8.7799735e-20f, 2.3603644e-20f,
};

extern "C" __global__ void blackbody_xyz(const float* __restrict__ temp, float* __restrict__ xyz,
                                         int rows, int cols) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long i = (long long)r * cols + c;
    const float inv_t = 1.0f / temp[i];
    float x = 0.0f, y = 0.0f, z = 0.0f;
    for (int k = 0; k < BB_SAMPLES; ++k) {
        const float lambda = 0.380f + BB_STEP * k;
        const float inv_l = 1.0f / lambda;
        const float inv_l2 = inv_l * inv_l;
        const float radiance =
            BB_C1 * (inv_l2 * inv_l2 * inv_l) / (expf(BB_C2 * inv_l * inv_t) - 1.0f);
        x = fmaf(bb_cie_x[k], radiance, x);
        y = fmaf(bb_cie_y[k], radiance, y);
        z = fmaf(bb_cie_z[k], radiance, z);
    }
    const long long plane = (long long)rows * cols;
    xyz[i] = x * BB_STEP;
    xyz[plane + i] = y * BB_STEP;
    xyz[2 * plane + i] = z * BB_STEP;
}
