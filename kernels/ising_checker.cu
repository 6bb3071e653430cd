// One half-sweep of Metropolis Monte Carlo for the 2-D Ising model (J = 1, no field) on a
// periodic lattice, checkerboard-decomposed as GPU spin simulations run it: sites of colour
// (r + c) & 1 == colour may flip, the others are copied; spins stored 0 / 1 (down / up, s =
// 2 v - 1), dE = 2 s (sum of the four neighbours' s), flip if dE <= 0 or if the site's random
// number h < acc4 (dE = 4) or acc8 (dE = 8), thresholds exp(-beta dE) 2^32 precomputed by the
// host; h = mix(r * cols + c ^ mix(seed)) with mix the lowbias32 integer hash, a counter-based
// generator (blind check set 11: kept out of every fit; its sweeps go to
// fixtures/hopper/blind11/ once recorded). Out of place: spins_in -> spins_out. One thread per
// site: five 4 B loads (contiguous across the warp, one row up and down: L1/L2 hits), the
// hash and a compare on half the lanes of each warp, one contiguous 4 B store. Integer:
// exact. x -> column, y*z -> row.
#include "common.cuh"

__device__ __forceinline__ unsigned ising_mix(unsigned x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

extern "C" __global__ void ising_checker(const int* __restrict__ spins_in,
                                         int* __restrict__ spins_out, int rows, int cols,
                                         int colour, unsigned seed, unsigned acc4,
                                         unsigned acc8) {
    const int c = ga_col();
    const int r = ga_row();
    if (r >= rows || c >= cols) {
        return;
    }
    const long long i = (long long)r * cols + c;
    int v = spins_in[i];
    if (((r + c) & 1) == colour) {
        const int up = r == 0 ? rows - 1 : r - 1, down = r == rows - 1 ? 0 : r + 1;
        const int left = c == 0 ? cols - 1 : c - 1, right = c == cols - 1 ? 0 : c + 1;
        const int sum = 2 * (spins_in[(long long)up * cols + c] +
                             spins_in[(long long)down * cols + c] +
                             spins_in[(long long)r * cols + left] +
                             spins_in[(long long)r * cols + right]) - 4;
        const int de = 2 * (2 * v - 1) * sum;
        bool flip = de <= 0;
        if (!flip) {
            const unsigned h = ising_mix((unsigned)i ^ ising_mix(seed));
            flip = h < (de == 4 ? acc4 : acc8);
        }
        if (flip) {
            v = 1 - v;
        }
    }
    spins_out[i] = v;
}
