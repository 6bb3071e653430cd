// One single-qubit gate on a state vector, QuEST's statevec_compactUnitaryKernel (QuEST-Kit/
// QuEST v3, QuEST/src/GPU/QuEST_gpu.cu: compactUnitary(qureg, targetQubit, alpha, beta), the
// gate [[alpha, -conj(beta)], [beta, conj(alpha)]]) (blind check set 46: written after
// calibration, never fitted on). As in QuEST: qreal double; one task per amplitude pair
// (numTasks = numAmpsPerChunk >> 1, grid ceil(numTasks / threadsPerCUDABlock)), a thread past
// the tasks returning; sizeHalfBlock = 1 << rotQubit, sizeBlock = 2 sizeHalfBlock; thisBlock
// = thisTask / sizeHalfBlock, indexUp = thisBlock sizeBlock + thisTask % sizeHalfBlock,
// indexLo = indexUp + sizeHalfBlock; both amplitudes (real and imaginary arrays) loaded, then
// state[indexUp] = alpha up - conj(beta) lo and state[indexLo] = beta up + conj(alpha) lo
// stored in place, term by term as in QuEST. Departures: the Qureg struct's
// deviceStateVec.real / .imag and numAmpsPerChunk kernel arguments; Complex alpha and beta
// four qreal arguments; threadsPerCUDABlock (128) the block's threads, any shape (the block
// linearized). Written from memory. Integer-valued amplitudes and alpha = (1 - i) / 2, beta
// = (-1 + i) / 2 (a unitary): every product a multiple of 1/2, every sum exact with or
// without FMA contraction. 1-D: the block is linearized.
#include "common.cuh"

typedef double qreal;

extern "C" __global__ void quest_compact_unitary(qreal* stateVecReal, qreal* stateVecImag,
                                                 long long numAmpsPerChunk, int rotQubit,
                                                 qreal alphaReal, qreal alphaImag,
                                                 qreal betaReal, qreal betaImag) {
    // ----- sizes
    long long int sizeBlock,  // size of blocks
        sizeHalfBlock;        // size of blocks halved
    // ----- indices
    long long int thisBlock,  // current block
        indexUp, indexLo;     // current index and corresponding index in lower half block

    // ----- temp variables
    qreal stateRealUp, stateRealLo,  // storage for previous state values
        stateImagUp, stateImagLo;    // (used in updates)
    // ----- temp variables
    long long int thisTask;  // task based approach for expose loop with small granularity
    long long int numTasks = numAmpsPerChunk >> 1;

    sizeHalfBlock = 1LL << rotQubit;  // size of blocks halved
    sizeBlock = 2LL * sizeHalfBlock;  // size of blocks

    thisTask = (long long)blockIdx.x * ga_nthreads() + ga_tid();
    if (thisTask >= numTasks) return;

    thisBlock = thisTask / sizeHalfBlock;
    indexUp = thisBlock * sizeBlock + thisTask % sizeHalfBlock;
    indexLo = indexUp + sizeHalfBlock;

    // store current state vector values in temp variables
    stateRealUp = stateVecReal[indexUp];
    stateImagUp = stateVecImag[indexUp];

    stateRealLo = stateVecReal[indexLo];
    stateImagLo = stateVecImag[indexLo];

    // state[indexUp] = alpha * state[indexUp] - conj(beta)  * state[indexLo]
    stateVecReal[indexUp] = alphaReal * stateRealUp - alphaImag * stateImagUp -
                            betaReal * stateRealLo - betaImag * stateImagLo;
    stateVecImag[indexUp] = alphaReal * stateImagUp + alphaImag * stateRealUp -
                            betaReal * stateImagLo + betaImag * stateRealLo;

    // state[indexLo] = beta  * state[indexUp] + conj(alpha) * state[indexLo]
    stateVecReal[indexLo] = betaReal * stateRealUp - betaImag * stateImagUp +
                            alphaReal * stateRealLo + alphaImag * stateImagLo;
    stateVecImag[indexLo] = betaReal * stateImagUp + betaImag * stateRealUp +
                            alphaReal * stateImagLo - alphaImag * stateRealLo;
}
