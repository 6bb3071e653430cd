// The histogram build of LightGBM's CUDA tree learner, CUDAConstructHistogramDenseKernel
// (microsoft/LightGBM, src/treelearner/cuda/cuda_histogram_constructor.cu, behind
// CUDAHistogramConstructor::ConstructHistogramForLeaf: on every split of every tree of a
// device_type=cuda training run, the gradient and hessian histograms of the smaller leaf, the
// larger leaf's then taken by subtraction) (blind check set 56: written after calibration,
// never fitted on). As in LightGBM: one block column a feature partition (blockIdx.x; its
// columns stored row-major from partition_column_start num_data, a uint8 bin a column), its
// grad/hess histogram zeroed in shared memory, a barrier, then block row blockIdx.y takes the
// run of blockDim.y num_data_per_thread leaf rows from block_start (num_data_per_thread =
// cdiv(num_data_in_smaller_leaf, gridDim.y blockDim.y)), its threads the partition's columns
// (x) and every blockDim.y-th row of the run (y): per row a 4 B load of the leaf's data index,
// 4 B gradient and hessian gathers, a 1 B bin gather and two shared-memory float
// atomicAdd_block at 2 (column_hist_offsets[column] + bin); a barrier, then the partition's
// histogram added into the leaf's (hist_t, double) with atomicAdd_system; the host's
// max_num_column_per_partition x NUM_THRADS_PER_BLOCK / that (12 x 42) blocks on
// num_feature_partitions x max(160, cdiv(cdiv(leaf rows, 400), 42)) blocks. Departures: the
// block the sweep's, any shape (x loops over the partition's columns in steps of blockDim.x
// where LightGBM's x is one column; y*z the row, z folded in); the partition tables
// (feature_partition_column_index_offsets, column_hist_offsets_full, column_hist_offsets) their
// values for LightGBM's partitions of features of 256 bins (max_bin 255): 12 columns a
// partition (3,072 bins, the shared budget SHARED_HIST_SIZE / 2), partition p's columns from 12
// p, a column's histogram 256 bins after the last; the leaf struct's fields as arguments; the
// static shared array (SHARED_HIST_SIZE floats) one dynamic allocation of the partition's 2 x
// 3,072; atomicAdd_block and atomicAdd_system as atomicAdd; the bins bytes of the manifest's
// uint32 words. Ported from the published source. Exact: whole-number gradients and hessians
// (every bin's sum a small integer, in any order of the atomics). 2-D: x the partition's
// column, y*z the leaf row (the grid's x the partitions).
#include "common.cuh"

#define LGBM_NUM_BINS 256           // bins a feature (max_bin 255)
#define LGBM_COLUMNS_PER_PARTITION 12  // 3,072 bins: SHARED_HIST_SIZE (6,144) / 2

extern "C" __global__ void lgbm_hist_dense(const int num_data_in_smaller_leaf,
                                           const int* data_indices_in_leaf, double* hist_in_leaf,
                                           const float* cuda_gradients,
                                           const float* cuda_hessians,
                                           const unsigned* data_words, const int num_columns,
                                           const int num_data) {
    const unsigned char* data = reinterpret_cast<const unsigned char*>(data_words);
    const int dim_y = static_cast<int>(gridDim.y * ga_block_rows());
    const int num_data_per_thread = (num_data_in_smaller_leaf + dim_y - 1) / dim_y;
    const int* data_indices_ref = data_indices_in_leaf;
    extern __shared__ float shared_hist[];  // the partition's (grad, hess) bins
    const unsigned int num_threads_per_block = ga_nthreads();
    const int partition_column_start = blockIdx.x * LGBM_COLUMNS_PER_PARTITION;
    const int partition_column_end =
        min(partition_column_start + LGBM_COLUMNS_PER_PARTITION, num_columns);
    const unsigned char* data_ptr =
        data + static_cast<size_t>(partition_column_start) * num_data;
    const int num_columns_in_partition = partition_column_end - partition_column_start;
    const unsigned partition_hist_start = partition_column_start * LGBM_NUM_BINS;
    const unsigned partition_hist_end = partition_column_end * LGBM_NUM_BINS;
    const unsigned num_items_in_partition = (partition_hist_end - partition_hist_start) << 1;
    const unsigned int thread_idx = ga_tid();
    for (unsigned int i = thread_idx; i < num_items_in_partition; i += num_threads_per_block) {
        shared_hist[i] = 0.0f;
    }
    __syncthreads();
    const unsigned int block_rows = ga_block_rows();
    const unsigned int blockIdx_y = blockIdx.y;
    const int block_start = (static_cast<size_t>(blockIdx_y) * block_rows) * num_data_per_thread;
    const int* data_indices_ref_this_block = data_indices_ref + block_start;
    int block_num_data = max(0, min(num_data_in_smaller_leaf - block_start,
                                    num_data_per_thread * static_cast<int>(block_rows)));
    for (int column = threadIdx.x; column < num_columns_in_partition; column += blockDim.x) {
        // column_hist_offsets[column_index]: the column's bins after the partition's earlier
        float* shared_hist_ptr = shared_hist + ((column * LGBM_NUM_BINS) << 1);
        for (int inner_data_index = static_cast<int>(ga_row_in_block());
             inner_data_index < block_num_data; inner_data_index += block_rows) {
            const int data_index = data_indices_ref_this_block[inner_data_index];
            const float grad = cuda_gradients[data_index];
            const float hess = cuda_hessians[data_index];
            const unsigned bin = static_cast<unsigned>(
                data_ptr[static_cast<size_t>(data_index) * num_columns_in_partition + column]);
            const unsigned pos = bin << 1;
            float* pos_ptr = shared_hist_ptr + pos;
            atomicAdd(pos_ptr, grad);
            atomicAdd(pos_ptr + 1, hess);
        }
    }
    __syncthreads();
    double* feature_histogram_ptr = hist_in_leaf + (partition_hist_start << 1);
    for (unsigned int i = thread_idx; i < num_items_in_partition; i += num_threads_per_block) {
        atomicAdd(feature_histogram_ptr + i, static_cast<double>(shared_hist[i]));
    }
}
