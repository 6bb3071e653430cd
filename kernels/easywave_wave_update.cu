// The sea-surface-height update of a tsunami simulation, easyWave's wave-update kernel (GFZ
// Potsdam's easyWave, linear shallow-water equations on a spherical grid, as HeCBench's
// easyWave-cuda runs it: src/easyWave-cuda/kernels.cuh, `kernel`) (blind check set 38:
// written after calibration, never fitted on). As in that code: easyWave's grid-node layout,
// an array of structures of MAX_VARS_PER_NODE = 12 floats a node (depth D, height H, its
// maximum Hmax, the fluxes M and N, the cached coefficients R1 .. R5, the arrival time and
// the topography) with node m = idx(j, i) = (i - 1) NLat + j - 1 (latitude j fastest), j
// from x and i from y (both from 1, offset by the active area's Jmin / Imin), the bounds test
// against Imax / Jmax, dry nodes (D == 0) left at once, H -= R1 (M - M[m - NLat] + N R6[j] -
// N[m - 1] R6[j - 1]) (the flux divergence, R6 the cosine of the latitude), |H| below the
// zero threshold set to 0, the running maximum Hmax, and the arrival time set where it is
// still negative and |H| passes the arrival threshold (only when that threshold is set).
// Departures: z folded into the rows (i from y*z); fabs on the float written fabsf (the same
// function). Written from memory and checked against HeCBench's public source. x -> j
// (latitude: consecutive threads 48 B apart in the node array), y*z -> i (longitude).
#include "common.cuh"

#define EW_MAX_VARS_PER_NODE 12
#define EW_iD 0
#define EW_iH 1
#define EW_iHmax 2
#define EW_iM 3
#define EW_iN 4
#define EW_iR1 5
#define EW_iTime 10
#define EW_NODE(m, v) node[(long long)(m) * EW_MAX_VARS_PER_NODE + (v)]

extern "C" __global__ void easywave_wave_update(float* node, const float* R6, int Imin,
                                                int Jmin, int Imax, int Jmax, int NLat,
                                                float Par_sshZeroThreshold,
                                                float Par_sshArrivalThreshold, int Par_time) {
    const int j = blockDim.x * blockIdx.x + threadIdx.x + Jmin;
    const int i = ga_row() + Imin;
    if (i <= Imax && j <= Jmax) {
        const int m = (i - 1) * NLat + j - 1;  // idx(j, i)
        if (EW_NODE(m, EW_iD) == 0) return;
        EW_NODE(m, EW_iH) = EW_NODE(m, EW_iH) -
                            EW_NODE(m, EW_iR1) * (EW_NODE(m, EW_iM) - EW_NODE(m - NLat, EW_iM) +
                                                  EW_NODE(m, EW_iN) * R6[j] -
                                                  EW_NODE(m - 1, EW_iN) * R6[j - 1]);

        const float absH = fabsf(EW_NODE(m, EW_iH));

        if (absH < Par_sshZeroThreshold) EW_NODE(m, EW_iH) = 0.0f;

        if (EW_NODE(m, EW_iH) > EW_NODE(m, EW_iHmax)) EW_NODE(m, EW_iHmax) = EW_NODE(m, EW_iH);

        if (Par_sshArrivalThreshold && EW_NODE(m, EW_iTime) < 0 &&
            absH > Par_sshArrivalThreshold)
            EW_NODE(m, EW_iTime) = (float)Par_time;
    }
}
