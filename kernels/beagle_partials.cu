// A tree node's conditional likelihoods from its two children's (one step of Felsenstein's
// pruning), BEAGLE's kernelPartialsPartialsNoScale (beagle-dev/beagle-lib,
// libhmsbeagle/GPU/kernels/kernelsX.cu, built for PADDED_STATE_COUNT 64: behind
// beagleUpdatePartials without rescaling, the likelihood core of MrBayes' and BEAST's GPU runs;
// here a codon model, 61 sense codons padded to 64 states) (blind check set 51: written after
// calibration, never fitted on). As in BEAGLE: per (rate category, site pattern, state) one
// thread, DETERMINE_INDICES_X_GPU's state, patIdx, pattern, matrix (the rate category), u =
// state + pattern PADDED_STATE_COUNT + matrix PADDED_STATE_COUNT patternCount; the category's
// two transition matrices stored transposed (matrix[k PADDED_STATE_COUNT + state] the
// probability of state -> k, so that a row of them is contiguous along the states); per peel
// of BLOCK_PEELING_SIZE (8) states k a barrier-fenced load of the peel's matrix rows into
// shared memory (sMatrix1, sMatrix2, the pointers then advanced a peel), then sum1 +=
// sMatrix1[j][state] sPartials1[patIdx][i + j] and sum2 likewise over the peel; partials3[u] =
// sum1 sum2 for a pattern inside totalPatterns (a pattern past it loading zeros); the host's
// PADDED_STATE_COUNT x PATTERN_BLOCK_SIZE threads on (patternCount / PATTERN_BLOCK_SIZE,
// categoryCount) blocks. Departures: the block the sweep's, any shape: a tile of bx states
// (threadIdx.x, BEAGLE's block exactly the padded states wide) by by*bz patterns (z folded into
// the rows), the grid cdiv(64, bx) x cdiv(patterns, by*bz) x categories (the state chunk the
// grid's x, the pattern block its y and the category its z: BEAGLE's x and y); the children's
// partials staged a peel at a time as the matrices are (BEAGLE stages each pattern's whole
// 64-state vector once, sPartials[PATTERN_BLOCK_SIZE][PADDED_STATE_COUNT]: staged whole for
// any block, a tall one would need more than an SM's shared memory), the peel's partials and
// matrix rows loaded by the block's threads in turn (BEAGLE's one element a thread, rows
// patIdx < BLOCK_PEELING_SIZE loading the matrices), a state past the 64 loading zeros and
// storing nothing; the static __shared__ arrays one dynamic allocation; REAL float, the FMA
// macro's product and sum __fmul_rn and __fadd_rn (no contraction) and the final product
// __fmul_rn. Written from memory. Exact (whole-number partials and probabilities: every sum a
// small integer). x -> state, y*z -> site pattern, the grid's z the rate category.
#include "common.cuh"

#define PADDED_STATE_COUNT 64
#define BLOCK_PEELING_SIZE 8

typedef float REAL;

extern "C" __global__ void beagle_partials(const REAL* partials1, const REAL* partials2,
                                           REAL* partials3, const REAL* matrices1,
                                           const REAL* matrices2, int totalPatterns) {
    REAL sum1 = 0;
    REAL sum2 = 0;
    int i;

    // DETERMINE_INDICES_X_GPU(), over the block's tile of states and patterns.
    const int tileStates = blockDim.x;
    const int tilePatterns = ga_block_rows();
    int state = blockIdx.x * tileStates + threadIdx.x;
    int patIdx = ga_row_in_block();
    int pattern = blockIdx.y * tilePatterns + patIdx;
    int matrix = blockIdx.z;
    int patternCount = totalPatterns;
    int deltaPartialsByState = pattern * PADDED_STATE_COUNT;
    int deltaPartialsByMatrix = matrix * PADDED_STATE_COUNT * patternCount;
    int deltaMatrix = matrix * PADDED_STATE_COUNT * PADDED_STATE_COUNT;
    int u = state + deltaPartialsByState + deltaPartialsByMatrix;

    const REAL* matrix1 = matrices1 + deltaMatrix; /* Points to *this* matrix */
    const REAL* matrix2 = matrices2 + deltaMatrix;

    /* Load values into shared memory: sMatrix1[BLOCK_PEELING_SIZE][tileStates], sMatrix2,
       then sPartials1[tilePatterns][BLOCK_PEELING_SIZE], sPartials2 */
    extern __shared__ REAL smem[];
    REAL* sMatrix1 = smem;
    REAL* sMatrix2 = sMatrix1 + BLOCK_PEELING_SIZE * tileStates;
    REAL* sPartials1 = sMatrix2 + BLOCK_PEELING_SIZE * tileStates;
    REAL* sPartials2 = sPartials1 + tilePatterns * BLOCK_PEELING_SIZE;

    const int tid = ga_tid();
    const int nthreads = ga_nthreads();
    const int firstPattern = blockIdx.y * tilePatterns;
    const int firstState = blockIdx.x * tileStates;

    for (i = 0; i < PADDED_STATE_COUNT; i += BLOCK_PEELING_SIZE) {
        /* copy the peel's partials of the tile's patterns */
        for (int k = tid; k < tilePatterns * BLOCK_PEELING_SIZE; k += nthreads) {
            int p = k / BLOCK_PEELING_SIZE;
            int j = k - p * BLOCK_PEELING_SIZE;
            int y = (firstPattern + p) * PADDED_STATE_COUNT + deltaPartialsByMatrix;
            if (firstPattern + p < totalPatterns) {
                sPartials1[k] = partials1[y + i + j];
                sPartials2[k] = partials2[y + i + j];
            } else {
                sPartials1[k] = 0;
                sPartials2[k] = 0;
            }
        }
        /* load one peel of rows of the matrices */
        for (int k = tid; k < BLOCK_PEELING_SIZE * tileStates; k += nthreads) {
            int j = k / tileStates;
            int s = k - j * tileStates;
            if (firstState + s < PADDED_STATE_COUNT) {
                sMatrix1[k] = matrix1[j * PADDED_STATE_COUNT + firstState + s];
                sMatrix2[k] = matrix2[j * PADDED_STATE_COUNT + firstState + s];
            } else {
                sMatrix1[k] = 0;
                sMatrix2[k] = 0;
            }
        }
        /* sMatrix now filled with starting in state and ending in i */
        matrix1 += BLOCK_PEELING_SIZE * PADDED_STATE_COUNT;
        matrix2 += BLOCK_PEELING_SIZE * PADDED_STATE_COUNT;
        __syncthreads();

        for (int j = 0; j < BLOCK_PEELING_SIZE; j++) {
            sum1 = __fadd_rn(sum1, __fmul_rn(sMatrix1[j * tileStates + threadIdx.x],
                                             sPartials1[patIdx * BLOCK_PEELING_SIZE + j]));
            sum2 = __fadd_rn(sum2, __fmul_rn(sMatrix2[j * tileStates + threadIdx.x],
                                             sPartials2[patIdx * BLOCK_PEELING_SIZE + j]));
        }

        __syncthreads();  // GTX280 FIX HERE
    }

    if (pattern < totalPatterns && state < PADDED_STATE_COUNT) partials3[u] = __fmul_rn(sum1, sum2);
}
