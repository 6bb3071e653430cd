// FlashInfer's PackBitsKernel (flashinfer-ai/flashinfer, include/flashinfer/quantization.cuh,
// launched by quantization::PackBits in the same file behind flashinfer.packbits: a boolean
// attention mask (a custom mask of the prefill kernels) packed eight flags to a byte) (blind
// check set 96: written after calibration, never fitted on). As in FlashInfer: a block packs
// the 8 blockDim.x flags from start_offset = blockIdx.x blockDim.x 8; cub::BlockLoad<bool, 256,
// 8, BLOCK_LOAD_VECTORIZE> gives thread tx the eight consecutive flags from start_offset + 8 tx
// (a blocked arrangement; flags past num_elements read as 0); the byte is the flags from the
// most significant bit down (BitOrder::kBig, flashinfer.packbits' default) or from the least
// (kLittle); it is stored at start_offset / 8 + tx where start_offset + 8 tx < num_elements; the
// host's 256 threads on ceil(num_elements / 2048) blocks. Departures: the block any shape
// (linearized: 8 flags a thread of the block's threads, the BlockLoad's guarded blocked load
// as a guarded loop of eight byte loads, no shared memory needed for a blocked arrangement);
// each flag's byte read for its low bit (torch's bool bytes are 0 or 1, whose low bit is the
// flag); the bytes as 32-bit words; the bit order a run-time int as the host's dispatch.
// Reimplemented from the published source (its indexing, arithmetic and control flow; none of
// its text). Exact: bit operations. 1-D, no shared memory: eight 1 B loads a thread (8 B
// contiguous, a warp's 256 B) and one 1 B store (a warp's 32 B contiguous).
#include "common.cuh"

extern "C" __global__ void flashinfer_pack_bits(const unsigned* input_words,
                                                unsigned* output_words, long long num_elements,
                                                int bitorder) {
    const unsigned char* input = reinterpret_cast<const unsigned char*>(input_words);
    unsigned char* output = reinterpret_cast<unsigned char*>(output_words);
    const long long start_offset = (long long)blockIdx.x * ga_nthreads() * 8;
    const long long tx = ga_tid();
    const long long first = start_offset + tx * 8;

    unsigned v[8];
    for (int j = 0; j < 8; ++j) v[j] = first + j < num_elements ? (input[first + j] & 1u) : 0u;

    unsigned ret;
    if (bitorder == 0) {
        ret = (v[0] << 7) | (v[1] << 6) | (v[2] << 5) | (v[3] << 4) | (v[4] << 3) | (v[5] << 2) |
              (v[6] << 1) | v[7];
    } else {
        ret = (v[7] << 7) | (v[6] << 6) | (v[5] << 5) | (v[4] << 4) | (v[3] << 3) | (v[2] << 2) |
              (v[1] << 1) | v[0];
    }
    if (first < num_elements) output[start_offset / 8 + tx] = (unsigned char)ret;
}
