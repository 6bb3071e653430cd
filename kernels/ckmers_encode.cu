// CountingKmers' encode_kmers_kernel (russelb22/CountingKmers, host.cu, launched by main in
// the same file: a de Bruijn graph assembler's first pass over a FASTA sequence, every
// k-mer (k 21) packed two bits a base into a 64-bit code before the prefix/suffix split
// and the Thrust sort of the (k-1)-mer nodes) (blind check set 113: written after
// calibration, never fitted on). As in CountingKmers: idx = blockIdx.x blockDim.x +
// threadIdx.x, nothing where idx + k exceeds seq_len; val starts at 0 and for i = 0 .. k - 1
// becomes (val << 2) | encode_lookup_d[seq[idx + i]], the __constant__ table mapping 'A',
// 'C', 'G' and 'T' to 0, 1, 2 and 3 and every other byte to 0; encoded[idx] = val; the
// host's threads = 256 on cdiv(num_kmers, 256) blocks. Departures: the block any shape
// (linearized), the sequence int32 (the source's char: the manifest has no 8-bit type, so
// each base load is 4 B, not 1 B; the codes those of bytes below 256), the table
// initialized in the source file (the source's cudaMemcpyToSymbol from main's table), the
// codes int64 (the source's uint64_t: below 2^42 for k 21). Reimplemented from the
// published source (its indexing, arithmetic and control flow; none of its text). Exact:
// integer shifts and ors. 1-D, no shared memory: per thread k 4 B base loads (a warp's 128 B
// contiguous each, the windows overlapping: 84 + 4 k B a warp), k divergent constant-table
// reads and one 8 B store (a warp's 256 B contiguous).
#include "common.cuh"

__constant__ unsigned char ckmers_base_code[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

extern "C" __global__ void ckmers_encode(const int* seq, long long seq_len, int k,
                                         long long* encoded) {
    const long long idx = ga_linear();
    if (idx + k > seq_len) return;
    unsigned long long packed = 0ull;
    for (int i = 0; i < k; ++i) {
        const unsigned code = ckmers_base_code[(unsigned char)seq[idx + i]];
        packed = (packed << 2) | code;
    }
    encoded[idx] = (long long)packed;
}
