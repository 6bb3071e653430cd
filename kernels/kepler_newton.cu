// Two-body propagation of a satellite catalog by Kepler's equation, E - e sin E = M, solved
// per object by Newton-Raphson iteration with a data-dependent number of steps: the core of
// every orbit propagator (Vallado's KepEqtnE, the Kepler solve of SGP4, whose loop stops at
// |dE| < 1e-12 and which conjunction screening runs over the whole public catalog) (blind
// check set 17: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind17/ once recorded). Inputs, structure of arrays, in the two-line
// element set's fixed-point units: the eccentricity in units of 1e-7 (the TLE's implied
// decimal point), the mean anomaly at epoch in 1e-4 degrees and the mean motion in 1e-8
// revolutions a day; dt_days is the time since epoch. Per object: M = M0 + n dt reduced to
// [-pi, pi), Vallado's start E = M + e (M - e for M < 0), then Newton steps
// dE = (E - e sin E - M) / (1 - e cos E) until |dE| < 1e-12 or 30 steps: eccentric orbits
// near perigee take many steps, near-circular ones two or three, so a warp runs as many as
// its slowest lane. Outputs: the position in the perifocal frame in units of the semi-major
// axis, x = cos E - e and y = sqrt(1 - e^2) sin E. One object per thread: three contiguous
// 4 B loads, float64 sin and cos per step, two contiguous 8 B stores. float64: within the
// manifest's tolerance of the reference's (which runs the same iteration). 1-D: the block
// is linearized.
#include "common.cuh"

extern "C" __global__ void kepler_newton(const int* __restrict__ ecc_e7,
                                         const int* __restrict__ m0_e4,
                                         const int* __restrict__ n_e8, double* __restrict__ x,
                                         double* __restrict__ y, long long count,
                                         double dt_days) {
    const long long i = ga_linear();
    if (i >= count) {
        return;
    }
    const double pi = 3.141592653589793;
    const double two_pi = 6.283185307179586;
    const double e = ecc_e7[i] * 1e-7;
    double m = m0_e4[i] * (1e-4 * pi / 180.0) + n_e8[i] * (1e-8 * two_pi) * dt_days;
    m -= two_pi * floor((m + pi) / two_pi);  // [-pi, pi)
    double ecc_anom = m < 0.0 ? m - e : m + e;
    for (int k = 0; k < 30; ++k) {
        const double step = (ecc_anom - e * sin(ecc_anom) - m) / (1.0 - e * cos(ecc_anom));
        ecc_anom -= step;
        if (fabs(step) < 1e-12) {
            break;
        }
    }
    x[i] = cos(ecc_anom) - e;
    y[i] = sqrt(1.0 - e * e) * sin(ecc_anom);
}
