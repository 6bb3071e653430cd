// worder's lowerData (AmirInt/worder, kernels.cu, launched by the kernel_calls.cu
// processing paths with kernel_calls.cuh's grid_size and block_size: a keyword-counting
// text pipeline's first pass, the words' fixed 32-character slots lower-cased in place
// before the non-letters are dropped and the words counted) (blind check set 113: written
// after calibration, never fitted on). As in worder: a grid-stride loop, i from blockIdx.x
// blockDim.x + threadIdx.x below data_length word_size (word_size 32) in steps of gridDim.x
// blockDim.x; a character in ['A', 'Z'] has 'a' - 'A' added in place, anything else left
// as it is; the host's fixed block_size = 1,024 threads on grid_size = 1,024 blocks.
// Departures: the block any shape (linearized), the characters int32 (the source's char:
// the manifest has no 8-bit type, so each access is 4 B, not 1 B), the word slot size an
// argument (the source's constexpr general::word_size), 64-bit indices as the source's
// size_t. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: integer compares and adds; in place but idempotent (a
// second launch finds nothing upper-case), so repeated launches leave the same text. 1-D,
// no shared memory: per iteration a 4 B load (a warp's 128 B contiguous) and, for an
// upper-case letter, a 4 B store to the same place.
#include "common.cuh"

extern "C" __global__ void worder_lower_data(int* data, long long data_length,
                                             int word_size) {
    const long long stride = (long long)gridDim.x * ga_nthreads();
    const long long total = data_length * word_size;
    const int shift = 'a' - 'A';
    for (long long i = ga_linear(); i < total; i += stride) {
        const int ch = data[i];
        if (ch >= 'A' && ch <= 'Z') data[i] = ch + shift;
    }
}
