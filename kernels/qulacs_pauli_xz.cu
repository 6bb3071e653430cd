// A multi-qubit Pauli operator applied to a state vector, Qulacs'
// multi_qubit_Pauli_gate_XZ_mask_gpu (qulacs/qulacs, src/gpusim/update_ops_multi.cu, behind
// multi_qubit_Pauli_gate_XZ_mask_host and multi_qubit_Pauli_gate_partial_list_host:
// ClsPauliGate::update_quantum_state (qulacs.gate.Pauli) and the Pauli terms of
// GeneralQuantumOperator::apply_to_state (_apply_pauli_to_state) on a QuantumStateGpu, whenever
// the Pauli string has an X or a Y) (blind check set 62: written after calibration, never
// fitted on). As in Qulacs (GTYPE cuDoubleComplex): one thread per pair of amplitudes,
// state_index < dim / 2; basis_0 the index with a zero inserted at the pivot qubit (the
// string's last X or Y), basis_1 = basis_0 ^ bit_flip_mask (the X and Y qubits), each
// amplitude's sign the parity of its index's bits in phase_flip_mask (the Y and Z qubits); both
// 16 B amplitudes loaded, then basis_0 takes basis_1's amplitude times
// PHASE_M90ROT[(global_phase_90rot_count + 2 sign_0) & 3] and basis_1 basis_0's times the same
// table at sign_1 (the table 1, -i, -1, i; the count the string's Ys); the host's blocks of the
// occupancy-maximizing size (at most dim / 2 threads) on cdiv(dim / 2, block) blocks.
// Departures: the block the sweep's, any shape (linearized); __popcll as two __popc of the
// index's 32-bit halves; the local PHASE_M90ROT table as a select of its four entries (no
// local-memory array); cuDoubleComplex a 16 B pair of doubles. Reimplemented from the published
// source (its indexing, arithmetic and control flow; none of its text). Exact: whole-number
// amplitudes times 1, -i, -1 or i. 1-D: the block is linearized, one thread an amplitude pair.
#include "common.cuh"

struct alignas(16) qulacs_complex {  // cuDoubleComplex: one 16 B load and store
    double x, y;
};

__device__ __forceinline__ qulacs_complex qulacs_cmul(qulacs_complex a, qulacs_complex b) {
    return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}

// PHASE_M90ROT[q & 3]: 1, -i, -1, i
__device__ __forceinline__ qulacs_complex qulacs_phase_m90rot(unsigned int q) {
    q &= 3;
    const double re = q == 0 ? 1.0 : (q == 2 ? -1.0 : 0.0);
    const double im = q == 1 ? -1.0 : (q == 3 ? 1.0 : 0.0);
    return {re, im};
}

__device__ __forceinline__ unsigned int qulacs_popcll(unsigned long long v) {
    return __popc((unsigned int)v) + __popc((unsigned int)(v >> 32));
}

extern "C" __global__ void qulacs_pauli_xz(double* __restrict__ state_words,
                                           unsigned long long bit_flip_mask,
                                           unsigned long long phase_flip_mask,
                                           unsigned int global_phase_90rot_count,
                                           unsigned int pivot_qubit_index,
                                           unsigned long long dim) {
    qulacs_complex* state_gpu = reinterpret_cast<qulacs_complex*>(state_words);
    const unsigned long long state_index = (unsigned long long)ga_linear();
    const unsigned long long loop_dim = dim >> 1;

    if (state_index < loop_dim) {
        const unsigned long long high = (state_index >> pivot_qubit_index)
                                        << (pivot_qubit_index + 1);
        const unsigned long long basis_0 =
            high + (state_index & ((1ULL << pivot_qubit_index) - 1));
        const unsigned long long basis_1 = basis_0 ^ bit_flip_mask;

        const unsigned int sign_0 = qulacs_popcll(basis_0 & phase_flip_mask) & 1;
        const unsigned int sign_1 = qulacs_popcll(basis_1 & phase_flip_mask) & 1;

        const qulacs_complex cval_0 = state_gpu[basis_0];
        const qulacs_complex cval_1 = state_gpu[basis_1];

        state_gpu[basis_0] =
            qulacs_cmul(cval_1, qulacs_phase_m90rot(global_phase_90rot_count + sign_0 * 2));
        state_gpu[basis_1] =
            qulacs_cmul(cval_0, qulacs_phase_m90rot(global_phase_90rot_count + sign_1 * 2));
    }
}
