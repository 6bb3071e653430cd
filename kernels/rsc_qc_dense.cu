// The quality-control metrics of a dense count matrix, rapids-singlecell's qc_dense_kernel
// (scverse/rapids_singlecell, src/rapids_singlecell/_cuda/qc/kernels_qc.cuh, behind
// launch_qc_dense and the _qc_cuda module's sparse_qc_dense: rsc.pp.calculate_qc_metrics on a
// dense X, the first step of every single-cell RNA-seq analysis) (blind check set 57: written
// after calibration, never fitted on). As in rapids-singlecell: one thread an entry (cell, gene)
// of the row-major n_cells x n_genes matrix (cell = x, gene = y), one 4 B load data[cell n_genes
// + gene] and, where the count is positive, four atomicAdds: the count into sums_genes[gene] and
// sums_cells[cell] (float) and 1 into gene_ex[gene] and cell_ex[cell] (int); the host's 16 x 16
// blocks on cdiv(n_cells, 16) x cdiv(n_genes, 16). Departures: the block the sweep's, any shape
// (x the cell, y*z the gene, z folded in); T float. Reimplemented from the published source (its
// indexing and control flow; none of its text). Exact: whole-number counts (every sum a small
// integer whatever the order of the atomics). 2-D: x the cell (a row of the matrix: neighbouring
// lanes n_genes floats apart), y*z the gene.
#include "common.cuh"

extern "C" __global__ void rsc_qc_dense(const float* __restrict__ data,
                                        float* __restrict__ sums_cells,
                                        float* __restrict__ sums_genes,
                                        int* __restrict__ cell_ex, int* __restrict__ gene_ex,
                                        int n_cells, int n_genes) {
    const int c = ga_col();  // the cell: a row of the matrix
    const int g = ga_row();  // the gene: a column
    if (c < n_cells && g < n_genes) {
        const float count = data[(long long)c * n_genes + g];
        if (count > 0.0f) {  // the gene's sum, the cell's sum, then the two detection counts
            atomicAdd(sums_genes + g, count);
            atomicAdd(sums_cells + c, count);
            atomicAdd(gene_ex + g, 1);
            atomicAdd(cell_ex + c, 1);
        }
    }
}
