// The unpack of a received piece into a reordered 3-D FFT box, heFFTe's transpose_unpacker
// (icl-utk-edu/heffte, src/heffte_backend_cuda.cu, behind transpose_unpack and
// reshape3d_transpose::apply: every pencil-to-pencil reshape of a distributed FFT whose stages
// reorder the data so that the transformed direction is the fastest) (blind check set 57:
// written after calibration, never fitted on). As in heFFTe: one block a line (j, k) of the
// destination (j = block_index % nmid, k = block_index / nmid, the blocks walking the lines in
// passes of gridDim.x), its threads the line's nfast entries in passes of the block's threads,
// each entry a tuple of tuple_size = 2 floats (a complex float, two 4 B loads and two 4 B
// stores) copied from the received buffer in the map's order, here map (1, 0, 2): destination[2
// (k plane_stide + j line_stride + i)] = source[2 (k buff_plane_stride + i buff_line_stride +
// j)] (the fast and middle directions swapped: a thread's tuple buff_line_stride tuples from its
// neighbour's); the host's max_threads = 1024 threads on min(nmid nslow, 65536) blocks.
// Departures: the block the sweep's, any shape (linearized: the threads take the entries tid,
// tid + threads, ..); the template's num_threads the block's threads; the map's other five
// branches (dead code for map (1, 0, 2)) left out; index int. Reimplemented from the published
// source (its indexing and control flow; none of its text). Exact: a copy. 1-D: the block is
// linearized, one block a destination line.
#include "common.cuh"

#define HEFFTE_TUPLE 2  // a complex float: two words

extern "C" __global__ void heffte_transpose_unpack(int nfast, int nmid, int nslow,
                                                   int line_stride, int plane_stide,
                                                   int buff_line_stride,
                                                   int buff_plane_stride,
                                                   const float* source, float* destination) {
    const int nthreads = ga_nthreads();
    for (int line = blockIdx.x; line < nmid * nslow; line += gridDim.x) {
        const int j = line % nmid;  // the destination line's middle index
        const int k = line / nmid;  // and its slow one
        for (int i = ga_tid(); i < nfast; i += nthreads) {
            // map (1, 0, 2): the buffer's fast direction is the destination's middle one
            const int to = HEFFTE_TUPLE * (k * plane_stide + j * line_stride + i);
            const int from = HEFFTE_TUPLE * (k * buff_plane_stride + i * buff_line_stride + j);
            destination[to] = source[from];
            destination[to + 1] = source[from + 1];
        }
    }
}
