// The cost of opening a candidate centre for every point, Rodinia's streamcluster
// kernel_compute_cost (streamcluster/streamcluster_cuda.cu, called by pgain) (blind check set
// 37: written after calibration, never fitted on). As in Rodinia: bid = blockIdx.x + gridDim.x
// blockIdx.y, tid = blockDim.x bid + threadIdx.x; for tid < num, the point's segment lower =
// work_mem + tid stride of the work memory; x_cost = d_dist(tid, x) (the squared distance over
// the dim coordinates, stored transposed: coord[i num + p], coalesced across the threads, the
// candidate x's the same word for all of them) times the point's weight; where x_cost is below
// the point's current cost, its switch_membership byte set to 1 and lower[K] += x_cost - cost;
// otherwise lower[center_table[assign]] += cost - x_cost (the saving lost by its present
// centre). Departures: Rodinia's 512-thread blocks (THREADS_PER_BLOCK) become cdiv(num,
// threads) blocks of any shape (linearized; the grid's y stays 1: fewer than 65,536 blocks at
// 32 threads); the Point array of structs (weight, coord pointer, long assign, cost: 32 B) as
// three arrays weight, assign (int64) and cost (the manifest's buffers are one type each); the
// bool switch_membership as bytes packed four to a uint32 word (byte stores as in Rodinia);
// long as long long (the same 64 bits on Linux; the CPU shim's int64 pointers are long long).
// Written from memory of Rodinia's kernel. 1-D: one point per thread.
#include "common.cuh"

__device__ float d_dist(int p1, int p2, int num, int dim, const float* coord_d) {
    float retval = 0.0;
    for (int i = 0; i < dim; i++) {
        float tmp = coord_d[(i * num) + p1] - coord_d[(i * num) + p2];
        retval += tmp * tmp;
    }
    return retval;
}

extern "C" __global__ void rodinia_sc_cost(int num, int dim, long long x, const float* p_weight,
                                           const long long* p_assign, const float* p_cost, int K,
                                           int stride, const float* coord_d, float* work_mem_d,
                                           const int* center_table_d,
                                           unsigned* switch_membership_words) {
    bool* switch_membership_d = reinterpret_cast<bool*>(switch_membership_words);
    // block ID and global thread ID
    const int bid = blockIdx.x + gridDim.x * blockIdx.y;
    const int tid = ga_nthreads() * bid + ga_tid();

    if (tid < num) {
        float* lower = &work_mem_d[tid * stride];

        // cost between this point and point[x]: euclidean distance multiplied by weight
        float x_cost = d_dist(tid, x, num, dim, coord_d) * p_weight[tid];

        // if computed cost is less then original (it saves), mark it as to reassign
        if (x_cost < p_cost[tid]) {
            switch_membership_d[tid] = 1;
            lower[K] += x_cost - p_cost[tid];
        }
        // if computed cost is larger, save the difference
        else {
            lower[center_table_d[p_assign[tid]]] += p_cost[tid] - x_cost;
        }
    }
}
