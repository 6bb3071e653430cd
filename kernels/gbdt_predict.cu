// Inference of a gradient-boosted decision-tree ensemble (XGBoost's predict with
// output_margin=True: the base score plus one leaf value a tree; treelite's and cuML FIL's
// dense layout, FIL's naive one-thread-per-row strategy), one thread per sample walking every
// tree of the forest from its root (blind check set 21: written after calibration, never
// fitted on; its sweeps go to fixtures/hopper/blind21/ once recorded). The samples are rows of
// nfeat float32 features (row-major). Each tree is a complete binary tree of `depth` + 1
// levels stored breadth first (node i's children at 2 i + 1 and 2 i + 2, 2^(depth + 1) - 1
// nodes a tree, the trees one after another) as two arrays: node_feat, the feature a node
// splits on (a value >= nfeat marks a leaf; every node of the last level is a leaf), and
// node_val, the split threshold of an inner node or the value of a leaf. At an inner node the
// sample goes left (the "yes" branch) when x[feature] < threshold, right otherwise (ties
// right). margin[s] = base_score + the sum over the trees, in tree order, of the leaf each
// walk ends on. Per thread: per tree a loop of data-dependent length (to the first leaf: the
// lanes of a warp stop at different levels, a warp runs as long as its longest walk), per
// level a 4 B load of the node's feature and of its threshold at a data-dependent node
// (the forest's top levels shared by every lane, the lower ones different for each) and a
// 4 B load of the sample's feature at a data-dependent column of its own row (the lanes of a
// warp a row apart, 128 B at 32 features), a compare and the child's index; the leaf's 4 B
// value and a float add; one contiguous 4 B store. No shared memory. float32: the test
// data's integer values keep every sum exact. 1-D: the block is linearized.
#include "common.cuh"

extern "C" __global__ void gbdt_predict(const float* __restrict__ x,
                                        const int* __restrict__ node_feat,
                                        const float* __restrict__ node_val,
                                        float* __restrict__ margin, long long n, int nfeat,
                                        int trees, int depth, float base_score) {
    const long long s = ga_linear();
    if (s >= n) {
        return;
    }
    const float* row = x + s * nfeat;
    const int nodes = (2 << depth) - 1;
    float acc = base_score;
    for (int t = 0; t < trees; ++t) {
        const int* feat = node_feat + (long long)t * nodes;
        const float* val = node_val + (long long)t * nodes;
        int i = 0;
        for (int level = 0; level < depth; ++level) {
            const int f = feat[i];
            if (f >= nfeat) {
                break;  // a leaf above the last level
            }
            i = 2 * i + (row[f] < val[i] ? 1 : 2);
        }
        acc += val[i];
    }
    margin[s] = acc;
}
