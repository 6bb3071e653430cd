// Delay-and-sum beamforming of one plane-wave ultrasound acquisition (blind check set 8: kept
// out of every fit; its sweeps go to fixtures/hopper/blind8/ once recorded), the image
// formation step of GPU ultrasound scanners and research beamformers. The received echoes
// are `nch` channels of `ns` float32 samples (a few MiB: stays in L2). Distances are in units
// of the distance sound travels in one sample period: channel e sits at x = pitch * e on the
// probe, pixel (c, r) at x = c, depth z = z0 + r. For each channel within the dynamic
// aperture (F-number 1: 2 |x - x_e| <= z), the echo arrives after t = z (the plane wave going
// down) + sqrt((x - x_e)^2 + z^2) (coming back) samples; the pixel sums the channel's signal
// linearly interpolated at t (samples past the record add nothing). Per thread: a loop over
// every channel with a branch for the aperture, one sqrtf and two neighbouring loads per
// channel; a warp's lanes (neighbouring columns at one depth) read delays that differ by
// under a sample per lane, so its loads fall into a few sectors of each channel's record.
// Float rounding: the manifest checks with a tolerance. x -> column, y*z -> row (depth).
#include "common.cuh"

extern "C" __global__ void das_beamform(const float* __restrict__ rf, float* __restrict__ out,
                                        int rows, int cols, int nch, int ns, int pitch,
                                        int z0) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const int z = z0 + r;
    float sum = 0.0f;
    for (int e = 0; e < nch; ++e) {
        const int dx = c - pitch * e;
        if (2 * abs(dx) > z) {
            continue;  // outside the dynamic aperture
        }
        const float t = (float)z + sqrtf((float)(dx * dx + z * z));
        const int s = (int)t;
        if (s + 1 < ns) {
            const float f = t - (float)s;
            const float a = rf[(size_t)e * ns + s];
            const float b = rf[(size_t)e * ns + s + 1];
            sum += a + f * (b - a);
        }
    }
    out[(size_t)r * cols + c] = sum;
}
