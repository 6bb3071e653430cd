// The particle sampling of XSBench's event-based simulation, sampling_kernel (ANL-CESAR/XSBench,
// cuda/Simulation.cu, behind run_event_based_simulation_optimization_1 and the other optimized
// variants: the first kernel of every run of the Monte Carlo neutron-transport proxy, before
// the cross-section lookups) (blind check set 57: written after calibration, never fitted on).
// As in XSBench: one thread a lookup i, the generator's state STARTING_SEED (1070) moved on 2 i
// steps by fast_forward_LCG (the affine step a x + c squared once per bit of 2 i: about 24
// rounds of 64-bit multiplies), then two steps of the LCG x = (a x + c) mod 2^63 (a =
// 2806196910506780709, c = 1) each read as x / 2^63: the first the particle's energy, the
// second the roll of pick_mat (the first material i whose running sum of the volume fractions
// dist[i] + .. + dist[1] exceeds the roll; 0 if none), an 8 B store of the energy and a 4 B
// store of the material; the host's 32 threads on ceil(lookups / 32) blocks. Departures: the
// block the sweep's, any shape (linearized); the Inputs and SimulationData structs as the
// lookup count and the two sample arrays; uint64_t as unsigned long long. Reimplemented from
// the published source (its arithmetic and control flow; none of its text). Exact: integer
// arithmetic mod 2^64 and 2^63, the state's conversion to double correctly rounded, the
// division by 2^63 exact and the running sums added in pick_mat's order. 1-D: the block is
// linearized, one thread a lookup.
#include "common.cuh"

typedef unsigned long long xs_u64;

#define XS_STARTING_SEED 1070ULL
#define XS_LCG_M 9223372036854775808ULL  // 2^63
#define XS_LCG_A 2806196910506780709ULL
#define XS_LCG_C 1ULL

// One step of the generator; the new state over 2^63.
__device__ __forceinline__ double xs_lcg_double(xs_u64* state) {
    *state = (XS_LCG_A * *state + XS_LCG_C) % XS_LCG_M;
    return (double)*state / (double)XS_LCG_M;
}

// The state n steps on: the step's multiplier and increment squared once per bit of n.
__device__ __forceinline__ xs_u64 xs_lcg_skip(xs_u64 state, xs_u64 n) {
    xs_u64 mul = XS_LCG_A;
    xs_u64 add = XS_LCG_C;
    xs_u64 acc_mul = 1;
    xs_u64 acc_add = 0;
    n %= XS_LCG_M;
    for (; n > 0; n >>= 1) {
        if (n & 1) {
            acc_mul *= mul;
            acc_add = acc_add * mul + add;
        }
        add *= mul + 1;
        mul *= mul;
    }
    return (acc_mul * state + acc_add) % XS_LCG_M;
}

// The material of the roll: a reactor core's volume fractions (fuel, cladding, cold and hot
// borated water, the pressure vessel, reflectors, plates, nozzles, assembly ends).
__device__ __forceinline__ int xs_material(xs_u64* state) {
    const double frac[12] = {0.140, 0.052, 0.275, 0.134, 0.154, 0.064,
                             0.066, 0.055, 0.008, 0.015, 0.025, 0.013};
    const double roll = xs_lcg_double(state);
    for (int i = 0; i < 12; ++i) {
        double running = 0.0;
        for (int j = i; j > 0; --j) running += frac[j];
        if (roll < running) return i;
    }
    return 0;
}

extern "C" __global__ void xsbench_sampling(int lookups, double* __restrict__ p_energy_samples,
                                            int* __restrict__ mat_samples) {
    const int i = (int)ga_linear();  // the lookup
    if (i >= lookups) return;
    xs_u64 state = xs_lcg_skip(XS_STARTING_SEED, 2 * i);  // two samples a lookup
    const double energy = xs_lcg_double(&state);
    const int mat = xs_material(&state);
    p_energy_samples[i] = energy;
    mat_samples[i] = mat;
}
