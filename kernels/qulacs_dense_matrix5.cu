// A dense five-qubit gate on a state vector, Qulacs' multi_qubit_dense_matrix_gate_shared_gpu
// (qulacs/qulacs, src/gpusim/update_ops_multi.cu, its target_qubit_index_count <= 5 form behind
// multi_qubit_dense_matrix_gate_small_qubit_host and multi_qubit_dense_matrix_gate_host:
// QuantumGateMatrix::update_quantum_state of a five-target DenseMatrix gate on a
// QuantumStateGpu) (blind check set 62: written after calibration, never fitted on). As in
// Qulacs (GTYPE cuDoubleComplex): x the amplitude group (its basis index with a zero inserted
// at each sorted target qubit), threadIdx.y the matrix row r (2^k = 32 rows): each thread adds
// the bits of r at the target qubits (bit j of r at target j, in the gate's target order) to
// the group's basis, loads that amplitude into the group's shared row of 2^k amplitudes, a
// barrier, then sums matrix[r][j] x amplitude j over the group's 2^k amplitudes (complex
// products and sums, j in order) and stores the result in place; the host's 32 x 32 blocks
// (x min(groups, 1024 / 2^k)) on groups / 32 blocks, the matrix and both target lists in
// constant memory. Departures: the block the sweep's, any shape (x the group, y*z the matrix
// row in passes of by*bz: every row of the block's groups loaded before the barrier, every row
// computed after it), the barrier outside the group bound (every group of the host's exact
// grid is in bounds), the static __shared__ state_basis[1024] one dynamic allocation of 2^k
// amplitudes a group, the __constant__ matrix a global buffer of interleaved doubles and the
// two __constant__ target lists two 64-bit scalars of a byte a qubit, cuDoubleComplex a 16 B
// pair of doubles. Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number amplitudes and matrix entries (every
// product and partial sum an integer below 2^53). 2-D: x the amplitude group, y*z the matrix
// row.
#include "common.cuh"

struct alignas(16) qulacs_complex {  // cuDoubleComplex: one 16 B load and store
    double x, y;
};

__device__ __forceinline__ qulacs_complex qulacs_cmul(qulacs_complex a, qulacs_complex b) {
    return {a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x};
}

__device__ __forceinline__ qulacs_complex qulacs_cadd(qulacs_complex a, qulacs_complex b) {
    return {a.x + b.x, a.y + b.y};
}

__device__ __forceinline__ unsigned long long qulacs_insert_zero(unsigned long long basis,
                                                                 unsigned int qubit) {
    const unsigned long long high = (basis >> qubit) << (qubit + 1);
    return high + (basis & ((1ULL << qubit) - 1));
}

// the group's amplitude of matrix row r: bit j of r at target j (a byte each of the list)
__device__ __forceinline__ unsigned long long qulacs_row_basis(unsigned long long basis0,
                                                               unsigned long long r,
                                                               unsigned int k,
                                                               unsigned long long targets) {
    for (unsigned int j = 0; j < k; ++j) {
        basis0 += (1ULL << ((targets >> (8 * j)) & 255)) * ((r >> j) & 1);
    }
    return basis0;
}

extern "C" __global__ void qulacs_dense_matrix5(const double* __restrict__ matrix_words,
                                                double* __restrict__ state_words,
                                                unsigned int target_qubit_index_count,
                                                unsigned long long dim,
                                                unsigned long long target_index_list,
                                                unsigned long long sorted_insert_index_list) {
    const qulacs_complex* matrix = reinterpret_cast<const qulacs_complex*>(matrix_words);
    qulacs_complex* state_gpu = reinterpret_cast<qulacs_complex*>(state_words);
    extern __shared__ qulacs_complex state_basis[];

    const unsigned int k = target_qubit_index_count;
    const unsigned long long loop_dim = dim >> k;
    const unsigned long long mat_len = 1ULL << k;
    const unsigned long long group = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    qulacs_complex* row = state_basis + ((unsigned long long)threadIdx.x << k);

    unsigned long long basis0 = group;
    for (unsigned int j = 0; j < k; ++j) {
        basis0 = qulacs_insert_zero(basis0, (sorted_insert_index_list >> (8 * j)) & 255);
    }
    const unsigned long long r0 = ga_row_in_block();
    const unsigned long long rstep = ga_block_rows();

    if (group < loop_dim) {
        for (unsigned long long r = r0; r < mat_len; r += rstep) {
            row[r] = state_gpu[qulacs_row_basis(basis0, r, k, target_index_list)];
        }
    }
    __syncthreads();

    if (group < loop_dim) {
        for (unsigned long long r = r0; r < mat_len; r += rstep) {
            qulacs_complex tmp = {0.0, 0.0};
            for (unsigned long long j = 0; j < mat_len; ++j) {
                tmp = qulacs_cadd(tmp, qulacs_cmul(matrix[(r << k) + j], row[j]));
            }
            state_gpu[qulacs_row_basis(basis0, r, k, target_index_list)] = tmp;
        }
    }
}
