// The one-vs-one decision values of a multi-class SVM's prediction, ThunderSVM's
// kernel_sum_kernel_values (Xtra-Computing/thundersvm, src/thundersvm/kernel/
// kernelmatrix_kernel.cu, behind svm_kernel::sum_kernel_values: SvmModel::predict_dec_values, per
// batch of up to 10,000 test instances after KernelMatrix::get_rows has computed each instance's
// kernel values against every support vector; SVC::predict then votes) (blind check set 61:
// written after calibration, never fitted on). As in ThunderSVM (float_type double, kernel_type
// float): a grid-stride loop (KERNEL_LOOP) over the instances, idx from blockIdx.x blockDim.x +
// threadIdx.x in steps of blockDim.x gridDim.x; for each pair of classes i < j (binary model k)
// the double sum over class i's support vectors of coef[(j - 1) total_sv + sv] times the
// instance's kernel value k_mat[idx total_sv + sv], then over class j's with coef[i total_sv +
// sv], minus rho[k], stored to dec_values[idx n_binary_models + k]: each thread walks its own row
// of the kernel matrix (rows total_sv floats apart across a warp) once per class pair it takes
// part in; SAFE_KERNEL_LAUNCH's fixed NUM_BLOCKS (32 x 56) blocks of BLOCK_SIZE (512) threads,
// whatever the batch. Departures: the block the sweep's, any shape (linearized: idx from the
// block's linear thread index, the stride its threads times the grid), the grid kept at 32 x 56
// blocks; the host's sv_start and n_sv arrays as one prefix array of n_classes + 1 entries
// (sv_count[i] = sv_start[i + 1] - sv_start[i]); size_t as unsigned long long. Reimplemented from
// the published source (its indexing, arithmetic and control flow; none of its text). Exact:
// whole-number coefficients, kernel values and rho (every product and partial sum an exact
// integer in float64). 1-D: the block is linearized, one thread an instance, on a fixed grid.
#include "common.cuh"

extern "C" __global__ void tsvm_sum_kernel_values(const double* coef, int total_sv,
                                                  const int* sv_start, const double* rho,
                                                  const float* k_mat, double* dec_values,
                                                  int n_classes, int n_instances) {
    const int stride = (int)(ga_nthreads() * gridDim.x);
    for (int idx = (int)ga_linear(); idx < n_instances; idx += stride) {
        int k = 0;
        const int n_binary_models = n_classes * (n_classes - 1) / 2;
        for (int i = 0; i < n_classes; ++i) {
            for (int j = i + 1; j < n_classes; ++j) {
                const int si = sv_start[i];
                const int sj = sv_start[j];
                const int ci = sv_start[i + 1] - si;
                const int cj = sv_start[j + 1] - sj;
                const double* coef1 = &coef[(j - 1) * total_sv];
                const double* coef2 = &coef[i * total_sv];
                const float* k_values = &k_mat[idx * total_sv];
                double sum = 0;
                for (int l = 0; l < ci; ++l) {
                    sum += coef1[si + l] * k_values[si + l];
                }
                for (int l = 0; l < cj; ++l) {
                    sum += coef2[sj + l] * k_values[sj + l];
                }
                dec_values[(unsigned long long)idx * n_binary_models + k] = sum - rho[k];
                k++;
            }
        }
    }
}
