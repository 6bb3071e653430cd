// Cell index of every atom for the GPU neighbour-list build, LAMMPS's calc_cell_id (lammps/lammps,
// lib/gpu/lal_neighbor_gpu.cu, run by Neighbor::build_nbor_list of the GPU package when the
// neighbour list is built on the device) (blind check set 48: written after calibration, never
// fitted on). As in LAMMPS: i = threadIdx.x + blockIdx.x blockDim.x, a thread of an atom (i <
// nall: local atoms and ghosts) fetching its numtyp4 position, p less the subdomain's lower
// corner, ix = int(p.x i_cell_size + cells_in_cutoff) (iy, iz alike), the cell clamped to
// [cells_in_cutoff, ncell - cells_in_cutoff - 1] for a local atom (i < inum) and to [0, ncell -
// 1] for a ghost, cell_id[i] = ix + iy ncellx + iz ncellx ncelly and particle_id[i] = i (the
// keys and values of the sort that follows); the host's grid ceil(nall / block_cell_id).
// Departures: block_cell_id the block's threads, any shape (the block linearized); numtyp
// float (the mixed and single precision builds) and the position texture fetch (fetch4 from
// pos_tex) a plain float4 load through a const __restrict__ pointer (typed as floats, the
// buffer's host type, and cast back); the products and sums
// written with __fsub_rn, __fmul_rn and __fadd_rn in LAMMPS's order (no FMA contraction).
// Written from memory. Exact (single float32 operations in a fixed order, each correctly
// rounded, then truncation). 1-D: the block is linearized.
#include "common.cuh"

typedef float numtyp;
typedef float4 numtyp4;

extern "C" __global__ void lammps_cell_id(const float* __restrict__ x_, unsigned* __restrict__ cell_id,
                                          int* __restrict__ particle_id, numtyp boxlo0,
                                          numtyp boxlo1, numtyp boxlo2, numtyp i_cell_size,
                                          int ncellx, int ncelly, int ncellz, int inum, int nall,
                                          int cells_in_cutoff) {
    const numtyp4* pos = reinterpret_cast<const numtyp4*>(x_);
    int i = (int)ga_linear();

    if (i < nall) {
        numtyp4 p = pos[i];

        p.x = __fsub_rn(p.x, boxlo0);
        p.y = __fsub_rn(p.y, boxlo1);
        p.z = __fsub_rn(p.z, boxlo2);

        int ix = int(__fadd_rn(__fmul_rn(p.x, i_cell_size), (numtyp)cells_in_cutoff));
        int iy = int(__fadd_rn(__fmul_rn(p.y, i_cell_size), (numtyp)cells_in_cutoff));
        int iz = int(__fadd_rn(__fmul_rn(p.z, i_cell_size), (numtyp)cells_in_cutoff));

        int offset_lo, offset_hi;
        if (i < inum) {
            offset_lo = cells_in_cutoff;
            offset_hi = cells_in_cutoff + 1;
        } else {
            offset_lo = 0;
            offset_hi = 1;
        }

        ix = max(ix, offset_lo);
        ix = min(ix, ncellx - offset_hi);
        iy = max(iy, offset_lo);
        iy = min(iy, ncelly - offset_hi);
        iz = max(iz, offset_lo);
        iz = min(iz, ncellz - offset_hi);

        cell_id[i] = ix + iy * ncellx + iz * ncellx * ncelly;
        particle_id[i] = i;
    }
}
