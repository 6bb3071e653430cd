// The restriction of a block residual to the coarse level of aggregation AMG, AMGX's
// restrictResidualBlockDiaCsrKernel<int, double, 4> (NVIDIA/AMGX,
// src/aggregation/aggregation_amg_level.cu, behind Aggregation_AMG_Level::restrictResidual_4x4:
// every V-cycle's restriction at each aggregation level of a system with 4 x 4 blocks, e.g.
// the coupled pressure-velocity systems of a CFD solver) (blind check set 63: written after
// calibration, never fitted on). As in AMGX: a grid-stride loop over the aggregates (tid =
// blockDim.x blockIdx.x + threadIdx.x, step gridDim.x blockDim.x); for each, the restriction
// matrix R's CSR row (R_row_offsets, R_column_indices: the aggregate's fine block rows) is
// walked in order, the fine residual's bsize = 4 doubles at 4 jcol summed into four registers,
// and the four sums stored at 4 tid of the coarse residual; the host's 128 threads on
// num_aggregates / 128 + 1 blocks. Departures: the block the sweep's, any shape (linearized:
// tid from the block's linear thread index, the step its threads times the grid); the grid
// cdiv(num_aggregates, threads) (AMGX's n / 128 + 1 is the same grid but for an idle block
// where 128 divides n). Reimplemented from the published source (its indexing, arithmetic and
// control flow; none of its text). Exact: whole-number residuals (every sum an integer below
// 2^53). 1-D: the block is linearized, one thread an aggregate.
#include "common.cuh"

#define AMGX_BSIZE 4

extern "C" __global__ void amgx_restrict_residual4(const int* __restrict__ row_offsets,
                                                   const int* __restrict__ column_indices,
                                                   const double* __restrict__ r,
                                                   double* __restrict__ rr,
                                                   int num_aggregates) {
    double rr_temp[AMGX_BSIZE];
    int offset, jmin, jmax;

    for (long long tid = ga_linear(); tid < num_aggregates;
         tid += (long long)gridDim.x * ga_nthreads()) {
#pragma unroll
        for (int m = 0; m < AMGX_BSIZE; m++) {
            rr_temp[m] = 0.0;
        }

        jmin = row_offsets[tid];
        jmax = row_offsets[tid + 1];

        for (int j = jmin; j < jmax; j++) {
            const int jcol = column_indices[j];
            offset = jcol * AMGX_BSIZE;
#pragma unroll
            for (int m = 0; m < AMGX_BSIZE; m++) {
                rr_temp[m] = rr_temp[m] + r[offset + m];
            }
        }

        offset = (int)tid * AMGX_BSIZE;
#pragma unroll
        for (int m = 0; m < AMGX_BSIZE; m++) {
            rr[offset + m] = rr_temp[m];
        }
    }
}
