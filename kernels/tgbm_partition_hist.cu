// The per-thread partition counts of a tree level's feature values, ThunderGBM's
// PartitionHistogram (Xtra-Computing/thundergbm, Device/FindSplit/IndexComputer.cu, behind
// IndexComputer::ComputeIdxGPU: after MarkPartition tags every feature value with the new
// node (partition) its instance went to, each thread counts its run of tags per partition;
// a segmented scan then turns the counts into CollectGatherIdx's destinations, on every level
// of every tree) (blind check set 70: written after calibration, never fitted on). As in
// ThunderGBM: numPartition counters a thread in dynamic shared memory at tid numPartition + p,
// zeroed, a thread gTid below totalNumThd walking its numEleEachThd tags from gTid
// numEleEachThd (stopping at markerLen), a tag at or past numPartition (a leaf's) skipped,
// the others counted, then pHistogram[p totalNumThd + gTid] = its counter for each p; the
// host's KernelConf::ConfKernel blocks of BLOCK_SIZE threads, numPartition threads unsigned
// counters of dynamic shared memory. Departures: the block the sweep's, any shape
// (linearized); the unsigned char tags widened to int32 and the scalars int (the manifest's
// buffers); a one-dimensional grid (ConfKernel splits only past 65,535 blocks).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none
// of its text). Exact: counts. 1-D: the block is linearized, one thread a run of tags.
#include "common.cuh"

extern "C" __global__ void tgbm_partition_hist(const int* __restrict__ marker, int marker_len,
                                               int num_partition, int num_ele_each_thd,
                                               int total_num_thd,
                                               unsigned* __restrict__ histogram) {
    extern __shared__ unsigned counters[];
    const long long gtid = ga_linear();
    const unsigned tid = ga_tid();
    for (int p = 0; p < num_partition; p++) {
        counters[tid * num_partition + p] = 0;
    }
    if (gtid >= total_num_thd) {
        return;
    }
    for (int i = 0; i < num_ele_each_thd; i++) {
        const long long pos = gtid * num_ele_each_thd + i;
        if (pos >= marker_len) {
            break;
        }
        const int pid = marker[pos];
        if (pid >= num_partition) {
            continue;
        }
        counters[tid * num_partition + pid]++;
    }
    for (int p = 0; p < num_partition; p++) {
        histogram[(long long)p * total_num_thd + gtid] = counters[tid * num_partition + p];
    }
}
