// The initialization of a GPU group-by hash table's rows, HeavyDB's init_group_by_buffer_gpu
// (heavyai/heavydb, QueryEngine/GpuInitGroups.cu, launched by init_group_by_buffer_on_device
// from QueryMemoryInitializer::createAndInitializeGroupByBufferGpu before every GPU GROUP BY
// query step with a row-wise (not columnar) baseline hash layout) (blind check set 59: written
// after calibration, never fitted on). As in HeavyDB (keyed, not keyless): a grid-stride loop
// over the table's entries, each thread setting its entries' key_count keys of key_width bytes
// (4: int32, 8: int64) to the empty key (EMPTY_KEY_32 = 2^31 - 1, EMPTY_KEY_64 = 2^63 - 1) at
// the start of the entry's row of row_size_quad 8 B slots, then a second grid-stride loop
// writing the aggregates' initial values init_vals[0 .. val_count - 1] to the row's value
// slots, which start at the keys' bytes rounded up to 8 (align_to_int64; the padding between
// keeps its bytes), a barrier at the end; the executor's blockSize() (maxThreadsPerBlock,
// 1,024) threads on gridSize() = 2 x the SM count blocks. Departures: the block the sweep's,
// any shape (linearized; the grid stays fixed); bool keyless and int8 warp_size as ints, the
// int64 buffers as long long. Reimplemented from the published source (its indexing and
// control flow; none of its text). Exact: integer stores. 1-D: the block is linearized, a
// fixed grid of GRID blocks, each thread a row every grid-stride.
#include "common.cuh"

#define EMPTY_KEY_64 9223372036854775807LL
#define EMPTY_KEY_32 2147483647

extern "C" __global__ void heavydb_init_group_by(long long* groups_buffer,
                                                 const long long* init_vals,
                                                 unsigned int groups_buffer_entry_count,
                                                 unsigned int key_count, unsigned int key_width,
                                                 unsigned int row_size_quad, int keyless,
                                                 int warp_size) {
    const int start = (int)ga_linear();
    const int step = (int)(ga_nthreads() * gridDim.x);
    if (keyless) {  // interleaved keyless bins: every slot its column's initial value
        for (int i = start; i < groups_buffer_entry_count * row_size_quad * warp_size; i += step)
            groups_buffer[i] = init_vals[i % row_size_quad];
        __syncthreads();
        return;
    }
    for (int i = start; i < groups_buffer_entry_count; i += step) {
        long long* row_keys = groups_buffer + i * row_size_quad;
        if (key_width == 4) {
            int* keys = reinterpret_cast<int*>(row_keys);
            for (unsigned int k = 0; k < key_count; k++) keys[k] = EMPTY_KEY_32;
        } else if (key_width == 8) {
            for (unsigned int k = 0; k < key_count; k++) row_keys[k] = EMPTY_KEY_64;
        }
    }
    // the value slots start at the keys' bytes rounded up to a multiple of 8
    const unsigned int values_off_quad = ((key_count * key_width + 7) >> 3 << 3) / 8;
    for (unsigned int i = start; i < groups_buffer_entry_count; i += step) {
        long long* row_values = groups_buffer + i * row_size_quad + values_off_quad;
        const unsigned int val_count = row_size_quad - values_off_quad;
        for (unsigned int v = 0; v < val_count; v++) row_values[v] = init_vals[v];
    }
    __syncthreads();
}
