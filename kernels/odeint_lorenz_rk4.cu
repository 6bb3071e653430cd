// An ensemble of Lorenz systems integrated by classical fourth-order Runge-Kutta, one thread
// a system: Boost.odeint's Thrust parameter study (libs/numeric/odeint/examples/thrust/
// lorenz_parameters.cu: runge_kutta4 with integrate_const over N Lorenz systems sharing sigma
// 10 and b 8/3, each with its own R) (blind check set 43: written after calibration, never
// fitted on). As in odeint's runge_kutta4: k1 = f(x), k2 = f(x + dt/2 k1), k3 = f(x + dt/2
// k2), k4 = f(x + dt k3), x = x + dt/6 k1 + dt/3 k2 + dt/3 k3 + dt/6 k4 (odeint's scale_sum5), with f(x, y, z) = (sigma (y -
// x), R x - y - x z, -b z + x y), for `steps` steps of dt. Departures: odeint's
// thrust::for_each over zip iterators of a state vector of 3 N (x's, y's and z's, as here)
// written as one thread per system looping over the steps with the state in registers (odeint
// launches a Thrust transform per stage, the state in global memory between them); each
// system's initial state from the data (odeint starts all at 10, 10, 10); R from the data.
// Written from memory. float64: rtol 1e-9, atol 1e-9 (FMA contraction over 200 steps of a
// chaotic system, whose errors grow about e^(0.9 t)). 1-D: the block is linearized.
#include "common.cuh"

#define LZ_SIGMA 10.0
#define LZ_B (8.0 / 3.0)

extern "C" __global__ void odeint_lorenz_rk4(double* __restrict__ x, double* __restrict__ y,
                                             double* __restrict__ z,
                                             const double* __restrict__ R, const int n,
                                             const int steps, const double dt) {
    const long long i = ga_linear();
    if (i >= n) return;

    double sx = x[i], sy = y[i], sz = z[i];
    const double r = R[i];
    const double dt2 = dt / 2.0;
    const double dt3 = dt / 3.0;
    const double dt6 = dt / 6.0;

    for (int s = 0; s < steps; s++) {
        const double k1x = LZ_SIGMA * (sy - sx);
        const double k1y = r * sx - sy - sx * sz;
        const double k1z = -LZ_B * sz + sx * sy;

        double tx = sx + dt2 * k1x, ty = sy + dt2 * k1y, tz = sz + dt2 * k1z;
        const double k2x = LZ_SIGMA * (ty - tx);
        const double k2y = r * tx - ty - tx * tz;
        const double k2z = -LZ_B * tz + tx * ty;

        tx = sx + dt2 * k2x;
        ty = sy + dt2 * k2y;
        tz = sz + dt2 * k2z;
        const double k3x = LZ_SIGMA * (ty - tx);
        const double k3y = r * tx - ty - tx * tz;
        const double k3z = -LZ_B * tz + tx * ty;

        tx = sx + dt * k3x;
        ty = sy + dt * k3y;
        tz = sz + dt * k3z;
        const double k4x = LZ_SIGMA * (ty - tx);
        const double k4y = r * tx - ty - tx * tz;
        const double k4z = -LZ_B * tz + tx * ty;

        sx = sx + dt6 * k1x + dt3 * k2x + dt3 * k3x + dt6 * k4x;
        sy = sy + dt6 * k1y + dt3 * k2y + dt3 * k3y + dt6 * k4y;
        sz = sz + dt6 * k1z + dt3 * k2z + dt3 * k3z + dt6 * k4z;
    }
    x[i] = sx;
    y[i] = sy;
    z[i] = sz;
}
