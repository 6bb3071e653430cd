// qibojit's apply_two_qubit_gate_kernel<thrust::complex<double>> (qiboteam/qibojit,
// src/qibojit/custom_operators/raw_kernels.py, a CuPy raw kernel launched by
// CupyBackend.two_qubit_base in src/qibojit/backends/gpu.py: Qibo's GPU state-vector
// simulator applying a general two-qubit gate, each thread the four amplitudes that differ
// only in the two target qubits multiplied by the 4 x 4 complex gate matrix in place) (blind
// check set 103: written after calibration, never fitted on). As in qibojit: g the thread
// index, i = g with a zero bit inserted at m1 (((g >> m1) << (m1 + 1)) + (g & (tk1 - 1))),
// then another at m2; the amplitudes state[i], state[i + uk1], state[i + uk2] and state[i +
// uk1 + uk2] replaced by the rows of gate (row-major, complex) times the four old values, the
// sums left to right; the host's DEFAULT_BLOCK_SIZE = 1024 threads on cdiv(nstates, 1024)
// blocks (nstates = 2^(nqubits - 2); m1 < m2 the targets' bit positions, uk1 and uk2 their
// strides in the order of the targets). Departures: the block the sweep's, any shape
// (linearized); a bounds check on nstates (the host's grid covers it exactly); complex
// amplitudes as pairs of doubles (thrust::complex's layout) and the complex products and sums
// written out. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: whole-number complex values and gate entries (the real and
// imaginary parts' products and sums exact in float64). 1-D, no shared memory, in place: four
// 16 B loads and four 16 B stores a thread, a warp's 512 B contiguous each (the lanes
// consecutive below bit m1) and the four groups uk1, uk2 amplitudes apart.
#include "common.cuh"

extern "C" __global__ void qibojit_two_qubit_gate(double* state, long long tk1, long long tk2,
                                                  int m1, int m2, long long uk1, long long uk2,
                                                  const double* gate, long long nstates) {
    const long long g = ga_linear();
    if (g >= nstates) return;
    long long i = ((g >> m1) << (m1 + 1)) + (g & (tk1 - 1));
    i = ((i >> m2) << (m2 + 1)) + (i & (tk2 - 1));
    const long long at[4] = {i, i + uk1, i + uk2, i + uk1 + uk2};
    double re[4], im[4];
    for (int k = 0; k < 4; k++) {
        re[k] = state[2 * at[k]];
        im[k] = state[2 * at[k] + 1];
    }
    for (int r = 0; r < 4; r++) {
        double sr = 0.0, si = 0.0;
        for (int k = 0; k < 4; k++) {
            const double gr = gate[2 * (4 * r + k)];
            const double gi = gate[2 * (4 * r + k) + 1];
            const double pr = gr * re[k] - gi * im[k];
            const double pi = gr * im[k] + gi * re[k];
            if (k == 0) {
                sr = pr;
                si = pi;
            } else {
                sr += pr;
                si += pi;
            }
        }
        state[2 * at[r]] = sr;
        state[2 * at[r] + 1] = si;
    }
}
