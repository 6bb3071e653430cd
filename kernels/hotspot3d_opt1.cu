// One time step of Rodinia's 3-D HotSpot thermal simulation, hotspot3D's hotspotOpt1 (opt1.cu:
// each thread owns one (i, j) column of the nx x ny x nz chip and walks it bottom to top,
// keeping the cell below, its own and the one above in registers: temp1, temp2, temp3),
// seven-point stencil with the cell's own value as the out-of-chip neighbour on every face
// (blind check set 27: written after calibration, never fitted on; its sweeps go to
// fixtures/hopper/blind27/ once recorded). tOut[c] = cc T[c] + cw T[W] + ce T[E] + cs T[S] +
// cn T[N] + cb T[below] + ct T[above] + sdc p[c] + ct amb_temp with amb_temp = 80, W, E the
// x neighbours (i -+ 1), N, S the y neighbours (j -+ 1, nx apart), below and above the
// planes k -+ 1 (nx ny apart). Rodinia launches nx / 64 x ny / 4 blocks of 64 x 4 and has no
// bounds test (its sizes divide); here the grid covers nx x ny and the threads past it
// return. Per thread: nz planes, each one 4 B load of the plane above (the own and lower
// values carried in registers), four 4 B loads of the x and y neighbours (L1 and L2 hits: the
// neighbouring threads' own cells), one of the power, eight FMAs and one 4 B store, all
// contiguous along x. float32; the test data (integer temperatures and powers, dyadic
// coefficients) keep every sum exact. x -> i (column), y*z -> j (row); nz >= 2.
#include "common.cuh"

extern "C" __global__ void hotspot3d_opt1(const float* __restrict__ p,
                                          const float* __restrict__ tIn,
                                          float* __restrict__ tOut, float sdc, int nx, int ny,
                                          int nz, float ce, float cw, float cn, float cs,
                                          float ct, float cb, float cc) {
    float amb_temp = 80.0;

    int i = ga_col();
    int j = ga_row();
    if (i >= nx || j >= ny) {
        return;
    }

    long long c = i + (long long)j * nx;
    long long xy = (long long)nx * ny;

    long long W = (i == 0) ? c : c - 1;
    long long E = (i == nx - 1) ? c : c + 1;
    long long N = (j == 0) ? c : c - nx;
    long long S = (j == ny - 1) ? c : c + nx;

    float temp1, temp2, temp3;
    temp1 = temp2 = tIn[c];
    temp3 = tIn[c + xy];
    tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] + cb * temp1 +
              ct * temp3 + sdc * p[c] + ct * amb_temp;
    c += xy;
    W += xy;
    E += xy;
    N += xy;
    S += xy;

    for (int k = 1; k < nz - 1; ++k) {
        temp1 = temp2;
        temp2 = temp3;
        temp3 = tIn[c + xy];
        tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] +
                  cb * temp1 + ct * temp3 + sdc * p[c] + ct * amb_temp;
        c += xy;
        W += xy;
        E += xy;
        N += xy;
        S += xy;
    }
    temp1 = temp2;
    temp2 = temp3;
    tOut[c] = cc * temp2 + cw * tIn[W] + ce * tIn[E] + cs * tIn[S] + cn * tIn[N] + cb * temp1 +
              ct * temp3 + sdc * p[c] + ct * amb_temp;
    return;
}
