// The Hessians of a batch of least-squares fits, Gpufit's cuda_calculate_hessians with the
// weighted LSE estimator's calculate_hessian_lse (gpufit/Gpufit, Gpufit/cuda_kernels.cu and
// Gpufit/estimators/lse.cuh, behind GPULMFit's calc_hessians in every Levenberg-Marquardt
// iteration of gpufit(): e.g. thousands of 2-D Gaussian fits to single-molecule spots in
// localization microscopy) (blind check set 64: written after calibration, never fitted on).
// As in Gpufit: one thread a unique entry (i, j), j >= i, of a fit's n x n Hessian (n =
// n_parameters_to_fit, n (n + 1) / 2 entries a fit), (i, j) recovered from the entry's index
// by Gpufit's closed form in double (a square root and a floor); finished or skipped fits
// idle; the sum over the fit's points of derivative(i) derivative(j) weight (float products,
// the sum in double) along the derivatives' rows of the fitted parameters (each row n_points
// floats, a fit's n_parameters rows together), stored as float at (i, j) and (j, i); the host's
// blocks of n_fits_per_block whole fits (threads = min(entries x n_fits_per_block, the
// maximum), the leftover threads idle, the grid's y splitting a fit's entries when they
// outnumber a block) on cdiv(n_fits, n_fits_per_block) blocks. Departures: the block the
// sweep's, any shape (linearized), the entries of all fits one flat range of n_fits n (n + 1)
// / 2 threads (a fit's entries may straddle two blocks; no idle leftover threads); the
// estimator fixed to LSE with weights (the unused data, values and user_info dropped).
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: whole-number derivatives and weights (every product and sum an integer
// below 2^24). 1-D: the block is linearized, one thread a Hessian entry.
#include "common.cuh"

extern "C" __global__ void gpufit_calc_hessians(float* __restrict__ hessians,
                                                const float* __restrict__ derivatives,
                                                const float* __restrict__ weights, int n_fits,
                                                int n_points, int n_parameters,
                                                int n_parameters_to_fit,
                                                const int* __restrict__ parameters_to_fit_indices,
                                                const int* __restrict__ skip,
                                                const int* __restrict__ finished) {
    const int n_unique_values = n_parameters_to_fit * (n_parameters_to_fit + 1) / 2;
    const long long entry = ga_linear();
    const int fit_index = (int)(entry / n_unique_values);

    if (fit_index >= n_fits || finished[fit_index] || skip[fit_index]) return;

    const int parameter_index = (int)(entry - (long long)fit_index * n_unique_values);
    const int parameter_index_i =
        n_parameters_to_fit - 1. -
        floor(.5 * (sqrt(-8. * (parameter_index - n_parameters_to_fit) +
                         4. * n_parameters_to_fit * (n_parameters_to_fit - 1.) - 7.) -
                    1.));
    const int parameter_index_j = parameter_index + parameter_index_i -
                                  parameter_index_i * (n_parameters_to_fit -
                                                       (parameter_index_i - 1) / 2.);

    const int first_point = fit_index * n_points;
    float* current_hessian = hessians + fit_index * n_parameters_to_fit * n_parameters_to_fit;
    const float* current_weight = weights + first_point;
    const float* current_derivative = derivatives + first_point * n_parameters;

    const int hessian_index_ij = parameter_index_i * n_parameters_to_fit + parameter_index_j;
    const int hessian_index_ji = parameter_index_j * n_parameters_to_fit + parameter_index_i;
    const int derivative_index_i = parameters_to_fit_indices[parameter_index_i] * n_points;
    const int derivative_index_j = parameters_to_fit_indices[parameter_index_j] * n_points;

    double sum = 0.0;
    for (int point_index = 0; point_index < n_points; point_index++) {
        sum += current_derivative[derivative_index_i + point_index] *
               current_derivative[derivative_index_j + point_index] *
               current_weight[point_index];
    }
    current_hessian[hessian_index_ij] = sum;
    current_hessian[hessian_index_ji] = sum;
}
