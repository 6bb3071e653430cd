// The halo packing of a spectral-element wave solver's MPI exchange, SPECFEM3D's
// prepare_boundary_accel_on_device (SPECFEM/specfem3d, src/gpu/assemble_MPI_vector_cuda.cu,
// behind transfer_boundary_accel_from_device: each time step, the acceleration of every GLL
// point on each MPI interface gathered into the send buffer before the assembly's exchange;
// the same kernel in SPECFEM3D_GLOBE) (blind check set 53: written after calibration, never
// fitted on). As in SPECFEM: id = threadIdx.x + blockIdx.x blockDim.x (+ blockIdx.y gridDim.x
// blockDim.x), for each interface iinterface in turn, where id < nibool_interfaces[iinterface]:
// ientry = id + max_nibool_interfaces iinterface, iglob = ibool_interfaces[ientry] - 1
// (Fortran's 1-based point numbers), send_accel_buffer[3 ientry + c] = accel[3 iglob + c] for
// the three components; the host's BLOCKSIZE_TRANSFER (256) threads on get_blocks_xy's split
// of cdiv(max_nibool_interfaces, 256) blocks. Departures: the block the sweep's, any shape
// (linearized) on a 1-D grid of cdiv(max_nibool_interfaces, threads) blocks (get_blocks_xy's
// split into a second grid dimension past 65,535 blocks not needed); realw float. Written from
// memory. Exact (a copy). 1-D: the block is linearized, one thread a slot of every interface.
#include "common.cuh"

typedef float realw;

extern "C" __global__ void sfem_boundary_accel(const realw* d_accel, realw* d_send_accel_buffer,
                                               const int num_interfaces_ext_mesh,
                                               const int max_nibool_interfaces_ext_mesh,
                                               const int* d_nibool_interfaces_ext_mesh,
                                               const int* d_ibool_interfaces_ext_mesh) {
    const int id = (int)ga_linear();
    int iglob, iloc;
    for (int iinterface = 0; iinterface < num_interfaces_ext_mesh; iinterface++) {
        if (id < d_nibool_interfaces_ext_mesh[iinterface]) {
            iloc = id + max_nibool_interfaces_ext_mesh * iinterface;
            iglob = d_ibool_interfaces_ext_mesh[iloc] - 1;
            // fills buffer
            d_send_accel_buffer[3 * iloc] = d_accel[3 * iglob];
            d_send_accel_buffer[3 * iloc + 1] = d_accel[3 * iglob + 1];
            d_send_accel_buffer[3 * iloc + 2] = d_accel[3 * iglob + 2];
        }
    }
}
