// The nodal acceleration step of CloverLeaf's Lagrangian hydrodynamics, CloverLeaf_CUDA's
// accelerate kernel (UK-MAC / Mantevo CloverLeaf, the CUDA port's
// device_accelerate_kernel_cuda, accelerate_kernel.f90's loop) (blind check set 40: written
// after calibration, never fitted on). As in the CUDA port: a 1-D launch over the padded
// mesh, glob_id = threadIdx.x + blockIdx.x blockDim.x, row = glob_id / (x_max + 4) and column
// = glob_id % (x_max + 4); cell arrays (x_max + 4) wide, node-sized dimensions one wider,
// indexed through THARR2D(x_off, y_off, big_row) = glob_id + x_off + y_off (x_max + 4) +
// big_row (row + y_off) (the extra element of each row of a wider array); for the nodes x_min
// .. x_max + 1 by y_min .. y_max + 1 (rows and columns 2 .. max + 2 of the padding of two):
// nodal_mass the mean of density0 volume over the four cells around the node, step_by_mass =
// 0.5 dbyt / nodal_mass, xvel1 = xvel0 - step_by_mass (xarea(0, 0) (p(0, 0) - p(-1, 0)) +
// xarea(0, -1) (p(0, -1) - p(-1, -1))) first with the pressure then again with the viscosity,
// yvel1 likewise with yarea and differences along y. float64. Departures: x_min = y_min = 1
// as CloverLeaf's chunks have them, the guard written out for both bounds (row and column
// from y_min + 1 and x_min + 1 to y_max + 2 and x_max + 2); the kernel's launch covering the
// padded node arrays rounded up to any block rather than BLOCK_SZ threads. Written from
// memory. 1-D: the block is linearized.
#include "common.cuh"

#define THARR2D(x_offset, y_offset, big_row) \
    (glob_id + (x_offset) + ((y_offset) * (x_max + 4)) + (big_row) * (row + (y_offset)))

extern "C" __global__ void clover_accelerate(int x_min, int x_max, int y_min, int y_max,
                                             double dbyt, const double* __restrict__ xarea,
                                             const double* __restrict__ yarea,
                                             const double* __restrict__ volume,
                                             const double* __restrict__ density0,
                                             const double* __restrict__ pressure,
                                             const double* __restrict__ viscosity,
                                             const double* __restrict__ xvel0,
                                             const double* __restrict__ yvel0,
                                             double* __restrict__ xvel1,
                                             double* __restrict__ yvel1) {
    const long long glob_id = ga_linear();
    const long long row = glob_id / (x_max + 4);
    const long long column = glob_id % (x_max + 4);

    double nodal_mass, step_by_mass;
    // written once to *vel1: the pressure term kept in a temporary
    double xvel_temp, yvel_temp;

    if (row >= (y_min + 1) && row <= (y_max + 1) + 1 && column >= (x_min + 1) &&
        column <= (x_max + 1) + 1) {
        nodal_mass = (density0[THARR2D(-1, -1, 0)] * volume[THARR2D(-1, -1, 0)] +
                      density0[THARR2D(0, -1, 0)] * volume[THARR2D(0, -1, 0)] +
                      density0[THARR2D(0, 0, 0)] * volume[THARR2D(0, 0, 0)] +
                      density0[THARR2D(-1, 0, 0)] * volume[THARR2D(-1, 0, 0)]) *
                     0.25;

        step_by_mass = 0.5 * dbyt / nodal_mass;

        // x velocities
        xvel_temp = xvel0[THARR2D(0, 0, 1)] -
                    step_by_mass *
                        (xarea[THARR2D(0, 0, 1)] *
                             (pressure[THARR2D(0, 0, 0)] - pressure[THARR2D(-1, 0, 0)]) +
                         xarea[THARR2D(0, -1, 1)] *
                             (pressure[THARR2D(0, -1, 0)] - pressure[THARR2D(-1, -1, 0)]));

        xvel1[THARR2D(0, 0, 1)] =
            xvel_temp -
            step_by_mass *
                (xarea[THARR2D(0, 0, 1)] *
                     (viscosity[THARR2D(0, 0, 0)] - viscosity[THARR2D(-1, 0, 0)]) +
                 xarea[THARR2D(0, -1, 1)] *
                     (viscosity[THARR2D(0, -1, 0)] - viscosity[THARR2D(-1, -1, 0)]));

        // y velocities
        yvel_temp = yvel0[THARR2D(0, 0, 1)] -
                    step_by_mass *
                        (yarea[THARR2D(0, 0, 0)] *
                             (pressure[THARR2D(0, 0, 0)] - pressure[THARR2D(0, -1, 0)]) +
                         yarea[THARR2D(-1, 0, 0)] *
                             (pressure[THARR2D(-1, 0, 0)] - pressure[THARR2D(-1, -1, 0)]));

        yvel1[THARR2D(0, 0, 1)] =
            yvel_temp -
            step_by_mass *
                (yarea[THARR2D(0, 0, 0)] *
                     (viscosity[THARR2D(0, 0, 0)] - viscosity[THARR2D(0, -1, 0)]) +
                 yarea[THARR2D(-1, 0, 0)] *
                     (viscosity[THARR2D(-1, 0, 0)] - viscosity[THARR2D(-1, -1, 0)]));
    }
}
