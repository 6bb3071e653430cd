// The gather of a bit-packed feature column through a document permutation, CatBoost's
// GatherFromCompressedImpl<ui64, CompressCudaBlockSize() = 128> (catboost/catboost,
// catboost/cuda/cuda_util/kernel/compression.cu, launched by NKernel::GatherFromCompressed
// behind the GatherFromCompressed kernel task, which TCtrBinBuilder::ProceedCompressedBins
// runs to add a compressed feature's bins to the CTR bins of the GPU learner's feature
// combinations) (blind check set 59:
// written after calibration, never fitted on). As in CatBoost: the keys (bin indices) packed
// bitsPerKey bits each, KeysPerStorageType = 64 / bitsPerKey keys to a 64-bit word, most
// significant first, in blocks of 128 words holding 128 KeysPerStorageType keys (key k of a
// block in word k % 128 at slot k / 128); a grid-stride loop over the map, each thread
// taking map[i] & mapMask (TCtrBinBuilder's 0x3FFFFFFF: the top two bits are flags), finding
// its block, word and slot, and storing (word >> (KeysPerStorageType - slot - 1) bitsPerKey)
// & (2^bitsPerKey - 1) to dst[i]; the host's 256 threads on min(maxGridSize, cdiv(size, 256))
// blocks (the loop one pass). Departures: the block the sweep's, any shape (linearized), the
// grid cdiv(size, threads); the LdgWithFallback load a plain load; the ui64 storage as int64
// words cast. Reimplemented from the published source (its indexing, arithmetic and control
// flow; none of its text). Exact: integer shifts and masks. 1-D: the block is linearized, one
// thread a document.
#include "common.cuh"

#define COMPRESS_BLOCK 128  // CompressCudaBlockSize()

extern "C" __global__ void catboost_gather_compressed(const long long* __restrict__ src_words,
                                                      const unsigned int* __restrict__ map,
                                                      unsigned int mapMask,
                                                      unsigned int* __restrict__ dst, int size,
                                                      unsigned int bitsPerKey) {
    const unsigned long long* src = reinterpret_cast<const unsigned long long*>(src_words);
    const int keys_per_word = 64 / (int)bitsPerKey;
    const int keys_per_block = keys_per_word * COMPRESS_BLOCK;
    const unsigned int key_mask = (unsigned int)((1 << bitsPerKey) - 1);
    for (unsigned int i = (unsigned int)ga_linear(); i < size; i += ga_nthreads() * gridDim.x) {
        unsigned int key = map[i] & mapMask;
        const unsigned int block = key / keys_per_block;
        key %= keys_per_block;
        const int slot = key / COMPRESS_BLOCK;
        const int word = key & (COMPRESS_BLOCK - 1);
        const unsigned long long packed = src[block * COMPRESS_BLOCK + word];
        dst[i] = (unsigned int)((packed >> ((keys_per_word - slot - 1) * bitsPerKey)) & key_mask);
    }
}
