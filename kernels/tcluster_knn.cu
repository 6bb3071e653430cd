// The k-nearest-neighbour search of a batch of point clouds, PyTorch Cluster's knn_kernel
// (rusty1s/pytorch_cluster, csrc/cuda/knn_cuda.cu, behind torch_cluster.knn and
// knn_graph: PyTorch Geometric's dynamic graphs, DGCNN's EdgeConv and the kNN interpolation
// of point-cloud networks, run at every layer that rebuilds its graph) (blind check set 54:
// written after calibration, never fitted on). As in PyTorch Cluster: one thread a query
// n_y = blockIdx.x blockDim.x + threadIdx.x of y, its example found by get_example_idx (the
// first i with ptr_y[i + 1] > n_y), local arrays best_dist[100] (1e10) and best_idx[100] (-1),
// every point n_x of the same example of x (ptr_x[example] to ptr_x[example + 1]) measured
// by the squared Euclidean distance over dim coordinates (the cosine branch not taken) and
// insertion-sorted into the first k slots (the first slot e1 with best_dist[e1] > tmp_dist:
// a strict compare, so that ties keep the earlier point), then row[n_y k + e] = n_y and
// col[n_y k + e] = best_idx[e] (-1 where the example has fewer than k points); the host's
// 256 threads on cdiv(m, 256) blocks. Departures: the block the sweep's, any shape
// (linearized); cosine an int (a bool); scalar_t float, int64_t long long. Written from
// memory. Exact: whole-number coordinates (every squared distance an integer below 2^24).
// 1-D: the block is linearized, one thread a query.
#include "common.cuh"

template <typename scalar_t>
struct Cosine {
    static inline __device__ scalar_t dot(const scalar_t* a, const scalar_t* b, long long n_a,
                                          long long n_b, long long size) {
        scalar_t result = 0;
        for (long long i = 0; i < size; i++) {
            result += a[n_a * size + i] * b[n_b * size + i];
        }
        return result;
    }

    static inline __device__ scalar_t norm(const scalar_t* a, long long n_a, long long size) {
        scalar_t result = 0;
        for (long long i = 0; i < size; i++) {
            result += a[n_a * size + i] * a[n_a * size + i];
        }
        return sqrt(result);
    }
};

__forceinline__ __device__ long long get_example_idx(long long idx, const long long* ptr,
                                                     const long long num_examples) {
    for (long long i = 0; i < num_examples; i++) {
        if (ptr[i + 1] > idx) return i;
    }
    return num_examples - 1;
}

extern "C" __global__ void tcluster_knn(const float* __restrict__ x, const float* __restrict__ y,
                                        const long long* __restrict__ ptr_x,
                                        const long long* __restrict__ ptr_y,
                                        long long* __restrict__ row, long long* __restrict__ col,
                                        const long long k, const long long n, const long long m,
                                        const long long dim, const long long num_examples,
                                        const int cosine) {
    typedef float scalar_t;
    const long long n_y = ga_linear();
    if (n_y >= m) return;

    const long long example_idx = get_example_idx(n_y, ptr_y, num_examples);

    scalar_t best_dist[100];
    long long best_idx[100];

    for (int e = 0; e < k; e++) {
        best_dist[e] = 1e10;
        best_idx[e] = -1;
    }

    for (long long n_x = ptr_x[example_idx]; n_x < ptr_x[example_idx + 1]; n_x++) {
        scalar_t tmp_dist = 0;

        if (cosine) {
            tmp_dist = Cosine<scalar_t>::dot(x, y, n_x, n_y, dim) /
                       (Cosine<scalar_t>::norm(x, n_x, dim) * Cosine<scalar_t>::norm(y, n_y, dim));
            tmp_dist = 1. - tmp_dist;
        } else {
            for (long long d = 0; d < dim; d++) {
                tmp_dist += (x[n_x * dim + d] - y[n_y * dim + d]) *
                            (x[n_x * dim + d] - y[n_y * dim + d]);
            }
        }

        for (long long e1 = 0; e1 < k; e1++) {
            if (best_dist[e1] > tmp_dist) {
                for (long long e2 = k - 1; e2 > e1; e2--) {
                    best_dist[e2] = best_dist[e2 - 1];
                    best_idx[e2] = best_idx[e2 - 1];
                }
                best_dist[e1] = tmp_dist;
                best_idx[e1] = n_x;
                break;
            }
        }
    }

    for (long long e = 0; e < k; e++) {
        row[n_y * k + e] = n_y;
        col[n_y * k + e] = best_idx[e];
    }
}
