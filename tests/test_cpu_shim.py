"""The CPU shim's warp emulation (tests/cpu_cuda/shim.h), against what CUDA specifies:
__shfl_sync, __shfl_down_sync, __shfl_up_sync, __ballot_sync, __syncwarp, __ffs, __popc,
__umulhi, __clzll, __clz, __brev, int2, short2, atomicMax, atomicCAS, atomicInc, __threadfence,
__float_as_int, __int_as_float, isnan, __mul24, __umul24, __vsadu4, uchar4, __expf, __logf,
__float2int_rd, __float2int_ru, __float2int_rz, __float2int_rn, __fmul_rn, __fadd_rn,
__fsub_rn, float3, __ldcs and __stcs, for full warps, for the partial last warp of a block
that is not a multiple of 32, and for 2-D and 3-D blocks (whose threads pack into warps by the
linear index, x fastest). A mask that leaves out lanes of the warp and a warp intrinsic in a
serial launch abort with one line instead of computing something."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from test_kernels_cpu import FLAGS, GXX, SHIM

pytestmark = pytest.mark.skipif(GXX is None, reason="needs g++ with C++20 <barrier>")

#: What a lane reads from a lane the block does not have (shim.h: ga_cpu_poison), as int32.
POISON = int.from_bytes(b"\xa5" * 4, "little", signed=True)

PROGRAM = r"""
#include "SHIM"
#include <cstdlib>
#include <cstring>
#include <string>

static unsigned linear() {
    return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
static unsigned lanes_mask(unsigned threads, unsigned tid) {
    const unsigned lanes = std::min(32u, threads - tid / 32 * 32);
    return lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
}

int main(int argc, char** argv) {
    const std::string mode = argv[1];
    const dim3 block{(unsigned)std::atoi(argv[2]), (unsigned)std::atoi(argv[3]),
                     (unsigned)std::atoi(argv[4])};
    const unsigned threads = block.x * block.y * block.z;
    const unsigned delta = argc > 5 ? std::atoi(argv[5]) : 0;
    const int width = argc > 6 ? std::atoi(argv[6]) : 32;
    std::vector<long long> out(threads, 0);
    int shared_max = -1000;
    if (mode == "down") {
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            out[t] = __shfl_down_sync(lanes_mask(threads, t), (int)(100 + t), delta, width);
        });
    } else if (mode == "idx") {  // __shfl_sync from lane `delta` of each segment
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            out[t] = __shfl_sync(lanes_mask(threads, t), (int)(100 + t), (int)delta, width);
        });
    } else if (mode == "up") {
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            out[t] = __shfl_up_sync(lanes_mask(threads, t), (int)(100 + t), delta, width);
        });
    } else if (mode == "scan") {  // the kernels' inclusive warp scan
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            long long v = t + 1;
            for (unsigned d = 1; d < 32; d <<= 1) {
                const long long other = __shfl_up_sync(lanes_mask(threads, t), v, d);
                if (t % 32 >= d) v += other;
            }
            out[t] = v;
        });
    } else if (mode == "umulhi") {
        const unsigned a[] = {0u, 1u, 0xFFFFFFFFu, 0xD2511F53u, 0x12345678u};
        for (unsigned x : a)
            for (unsigned y : a) std::printf("%u\n", __umulhi(x, y));
        return 0;
    } else if (mode == "clzll") {
        const unsigned long long a[] = {0ull, 1ull, 0x8000000000000000ull, 0xFFFFFFFFFFFFFFFFull,
                                        0x0000010000000005ull, 0x00000000FFFFFFFFull};
        for (unsigned long long x : a) std::printf("%d\n", __clzll((long long)x));
        return 0;
    } else if (mode == "ffs") {  // __ffs: the lowest set bit, from 1; 0 for 0
        const unsigned a[] = {0u, 1u, 2u, 0x80000000u, 0xFFFFFFFFu, 0x00010000u, 0x15555554u,
                              0x2AAAAAA8u};
        for (unsigned x : a) std::printf("%d\n", __ffs((int)x));
        return 0;
    } else if (mode == "clz") {
        const unsigned a[] = {0u, 1u, 0x80000000u, 0xFFFFFFFFu, 0x00010005u, 0x0000FFFFu};
        for (unsigned x : a) std::printf("%d\n", __clz((int)x));
        return 0;
    } else if (mode == "brev") {
        const unsigned a[] = {0u, 1u, 0x80000000u, 0xFFFFFFFFu, 0x00010005u, 0x12345678u};
        for (unsigned x : a) std::printf("%u\n", __brev(x));
        return 0;
    } else if (mode == "int2") {
        int words[6] = {1, -2, 3, -4, 5, -6};
        const int2 v = reinterpret_cast<const int2*>(words)[1];
        const int2 w = make_int2(-7, 8);
        std::printf("%zu\n%zu\n%d\n%d\n%d\n%d\n", sizeof(int2), alignof(int2), v.x, v.y, w.x,
                    w.y);
        return 0;
    } else if (mode == "reduce") {  // the kernels' warp sum: sources beyond the lanes skipped
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            const unsigned lanes = std::min(32u, threads - t / 32 * 32);
            long long v = t + 1;
            for (unsigned s = 16; s > 0; s >>= 1) {
                const long long other = __shfl_down_sync(lanes_mask(threads, t), v, s);
                if (t % 32 + s < lanes) v += other;
            }
            out[t] = v;
        });
    } else if (mode == "ballot") {
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            const unsigned bits = __ballot_sync(lanes_mask(threads, t), t % 3 == 0);
            out[t] = (long long)bits * 100 + __popc(bits);
        });
    } else if (mode == "max") {  // every thread of 3 blocks: atomicMax of a scrambled value
        ga_cpu_launch(dim3{3, 1, 1}, block, 0, [&] {
            const unsigned g = blockIdx.x * threads + linear();
            atomicMax(&shared_max, (int)((g * 7919u) % 1000u) - 500);
        });
        std::printf("%d\n", shared_max);
        return 0;
    } else if (mode == "bits") {  // __float_as_int, __int_as_float and atomicCAS by hand
        const float f[] = {1.0f, -2.5f, 0.0f, -0.0f};
        for (float x : f) std::printf("%d\n", __float_as_int(x));
        std::printf("%d\n", (int)__int_as_float(0x40490000));  // 3.140625 -> 3
        int word = 5;
        std::printf("%d\n", atomicCAS(&word, 4, 9));  // no match: old 5, word kept
        std::printf("%d\n", word);
        std::printf("%d\n", atomicCAS(&word, 5, 9));  // a match: old 5, word 9
        std::printf("%d\n", word);
        return 0;
    } else if (mode == "mul24") {  // __mul24: the low 24 bits of each, sign-extended
        const int a[] = {3, -3, 0x7FFFFF, 0x800000, 0x1000005, -0x800000, 4096};
        for (int x : a)
            for (int y : a) std::printf("%d\n", __mul24(x, y));
        return 0;
    } else if (mode == "umul24") {  // __umul24: the low 24 bits of each, unsigned
        const unsigned a[] = {3u, 0xFFFFFFu, 0x1000000u, 0x1000005u, 0xFFFFFFFFu, 4096u};
        for (unsigned x : a)
            for (unsigned y : a) std::printf("%u\n", __umul24(x, y));
        return 0;
    } else if (mode == "vsadu4") {  // __vsadu4: the sum of the four bytes' |a - b|
        const unsigned a[] = {0u, 0x01020304u, 0xFF00FF00u, 0x80808080u, 0xFFFFFFFFu};
        for (unsigned x : a)
            for (unsigned y : a) std::printf("%u\n", __vsadu4(x, y));
        return 0;
    } else if (mode == "uchar4") {  // CUDA's uchar4: 4 B, 4 B aligned, x lowest in memory
        uchar4 v = make_uchar4(1, 2, 3, 250);
        unsigned word;
        std::memcpy(&word, &v, 4);
        std::printf("%d\n%d\n%u\n", (int)sizeof(uchar4), (int)alignof(uchar4), word);
        return 0;
    } else if (mode == "rdru") {  // __float2int_rd and __float2int_ru
        const float f[] = {2.0f, 2.5f, -2.5f, -0.0f, 7.999f, -3.0f};
        for (float x : f) std::printf("%d\n%d\n", __float2int_rd(x), __float2int_ru(x));
        return 0;
    } else if (mode == "rz") {  // __float2int_rz: toward zero
        const float f[] = {2.0f, 2.5f, -2.5f, -0.0f, 7.999f, -3.0f, -0.75f};
        for (float x : f) std::printf("%d\n", __float2int_rz(x));
        return 0;
    } else if (mode == "rn") {  // __float2int_rn: nearest, ties to even, NaN 0, saturating
        const float f[] = {2.0f,   2.5f,  3.5f, -2.5f, -0.5f,         0.49999997f, 7.5f,
                           -7.5f, 1e10f, -1e10f, std::nanf(""), 2147483520.0f, -0.0f};
        for (float x : f) std::printf("%d\n", __float2int_rn(x));
        return 0;
    } else if (mode == "frn") {  // __fmul_rn, __fadd_rn, __fsub_rn: each rounded on its own
        const float a = 1.0f + 0x1p-12f, b = a, c = -1.0f;  // a b = 1 + 2^-11 + 2^-24
        std::printf("%d\n%d\n%d\n%d\n", __float_as_int(__fmul_rn(a, b)),
                    __float_as_int(__fadd_rn(__fmul_rn(a, b), c)),
                    __float_as_int(__fsub_rn(__fmul_rn(a, b), 1.0f)),
                    __float_as_int(__fadd_rn(3.0f, 0x1p-23f)));
        return 0;
    } else if (mode == "short2") {  // CUDA's short2: 4 B, 4 B aligned, x the low half
        short2 v = make_short2(-2, 300);
        int word;
        std::memcpy(&word, &v, 4);
        const short2 w = reinterpret_cast<const short2*>(&word)[0];
        std::printf("%d\n%d\n%d\n%d\n%d\n", (int)sizeof(short2), (int)alignof(short2), word,
                    w.x, w.y);
        return 0;
    } else if (mode == "inc") {  // every thread of 3 blocks: atomicInc(&word, delta)
        unsigned word = 0;
        std::vector<std::atomic<int>> seen(delta + 2);
        ga_cpu_launch(dim3{3, 1, 1}, block, 0, [&] {
            const unsigned old = atomicInc(&word, delta);
            seen[std::min(old, delta + 1)]++;
        });
        std::printf("%u\n", word);
        for (auto& n : seen) std::printf("%d\n", n.load());
        return 0;
    } else if (mode == "warpsum") {  // a shared-memory warp halving with __syncwarp
        std::vector<long long> sdata(threads, 0);
        ga_cpu_launch(dim3{}, block, 0, [&] {
            const unsigned t = linear();
            long long v = t + 1;
            sdata[t] = v;
            __syncwarp();
            for (unsigned i = 16; i > 0; i >>= 1) {
                if (t % 32 < i && t + i < threads) {
                    v += sdata[t + i];
                    sdata[t] = v;
                }
                __syncwarp();
            }
            __threadfence();
            out[t] = v;
        });
    } else if (mode == "float3") {  // CUDA's float3: 12 B, 4 B aligned, x lowest in memory
        const float words[6] = {1.5f, -2.0f, 3.0f, 4.0f, 5.0f, -6.5f};
        const float3 v = reinterpret_cast<const float3*>(words)[1];
        const float3 w = make_float3(7.0f, -8.0f, 9.5f);
        std::printf("%d\n%d\n%d\n%d\n%d\n%d\n%d\n%d\n", (int)sizeof(float3),
                    (int)alignof(float3), (int)(2 * v.x), (int)(2 * v.y), (int)(2 * v.z),
                    (int)(2 * w.x), (int)(2 * w.y), (int)(2 * w.z));
        return 0;
    } else if (mode == "cs") {  // __ldcs and __stcs: the word loaded, the word stored
        float src[3] = {1.25f, -3.0f, 8.5f};
        float dst[3] = {0.0f, 0.0f, 0.0f};
        for (int i = 0; i < 3; ++i) __stcs(dst + (2 - i), 4 * __ldcs(src + i));
        int word = 0;
        __stcs(&word, __ldcs(&word) + 41);
        std::printf("%d\n%d\n%d\n%d\n", (int)dst[0], (int)dst[1], (int)dst[2], word);
        return 0;
    } else if (mode == "expf") {  // __expf, exact here (the GPU's differs in the last bits)
        const float f[] = {0.0f, 1.0f, -2.5f};
        for (float x : f) std::printf("%d\n", __expf(x) == std::exp(x) ? 1 : 0);
        return 0;
    } else if (mode == "logf") {  // __logf, exact here (the GPU's differs in the last bits)
        const float f[] = {1.0f, 0.25f, 3.5f};
        for (float x : f) std::printf("%d\n", __logf(x) == std::log(x) ? 1 : 0);
        return 0;
    } else if (mode == "isnan") {  // CUDA's isnan on floats: NaN only, not infinities
        const float f[] = {1.0f, std::nanf(""), -std::nanf(""), INFINITY, -0.0f};
        for (float x : f) std::printf("%d\n", isnan(x) ? 1 : 0);
        return 0;
    } else if (mode == "fmax") {  // torch_scatter's float atomMax: a CAS loop on the bits
        float best = -1000.0f;
        ga_cpu_launch(dim3{3, 1, 1}, block, 0, [&] {
            const unsigned g = blockIdx.x * threads + linear();
            const float val = (float)((int)((g * 7919u) % 1000u) - 500) / 4;
            int* word = reinterpret_cast<int*>(&best);
            int old = *word, assumed;
            do {
                assumed = old;
                old = atomicCAS(word, assumed, __float_as_int(max(val, __int_as_float(assumed))));
            } while (assumed != old);
        });
        std::printf("%d\n", (int)(best * 4));
        return 0;
    } else if (mode == "badmask") {
        ga_cpu_launch(dim3{}, block, 0, [&] { __ballot_sync(0xffffu, 1); });
    } else if (mode == "serial") {
        ga_cpu_launch_serial(dim3{}, block, 0, [&] { __ballot_sync(0xffffffffu, 1); });
    }
    for (unsigned t = 0; t < threads; ++t) std::printf("%lld\n", out[t]);
    return 0;
}
"""


@pytest.fixture(scope="module")
def shim_program(tmp_path_factory) -> Path:
    """PROGRAM built once per test run, as test_kernels_cpu's program: the first xdist worker
    to get here builds it under a lock in the run's shared folder and the others reuse it
    (each worker built its own, ~1.5 s of g++ each)."""
    import fcntl
    import os

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    where = shared / "shim"
    where.mkdir(exist_ok=True)
    binary = where / "shim_test"
    with open(where / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not binary.exists():
            source = where / "shim_test.cpp"
            source.write_text(PROGRAM.replace("SHIM", str(SHIM.resolve())))
            build = subprocess.run([GXX, *FLAGS, "-o", f"{binary}.tmp", str(source)],
                                   capture_output=True, text=True, timeout=600)
            assert build.returncode == 0, build.stderr[-3000:]
            Path(f"{binary}.tmp").rename(binary)
    return binary


def run(program: Path, *args) -> subprocess.CompletedProcess:
    return subprocess.run([str(program), *map(str, args)], capture_output=True, text=True,
                          timeout=120)


def numbers(program: Path, *args) -> list[int]:
    proc = run(program, *args)
    assert proc.returncode == 0, proc.stderr
    return [int(v) for v in proc.stdout.split()]


BLOCKS = [(32, 1, 1), (48, 1, 1), (3, 1, 1), (1, 1, 1), (96, 1, 1), (8, 4, 2), (7, 2, 3)]


def _lanes(threads: int, t: int) -> int:
    return min(32, threads - t // 32 * 32)


@pytest.mark.parametrize("block", BLOCKS)
@pytest.mark.parametrize(("delta", "width"), [(1, 32), (5, 32), (16, 32), (3, 8)])
def test_shfl_down_reads_the_lane_delta_above(shim_program, block, delta, width):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "down", *block, delta, width)
    for t in range(threads):
        lane = t % 32
        if lane % width + delta >= width:
            want = 100 + t  # beyond the segment: its own value
        elif lane + delta >= _lanes(threads, t):
            want = POISON  # a lane the block does not have: undefined on the GPU
        else:
            want = 100 + t + delta
        assert got[t] == want, (block, delta, width, t)


@pytest.mark.parametrize("block", BLOCKS)
@pytest.mark.parametrize(("delta", "width"), [(1, 32), (5, 32), (16, 32), (3, 8)])
def test_shfl_up_reads_the_lane_delta_below(shim_program, block, delta, width):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "up", *block, delta, width)
    for t in range(threads):
        lane = t % 32
        want = 100 + t if lane % width < delta else 100 + t - delta  # below: its own value
        assert got[t] == want, (block, delta, width, t)


@pytest.mark.parametrize("block", BLOCKS)
@pytest.mark.parametrize(("src", "width"), [(0, 32), (31, 32), (7, 32), (33, 32), (5, 8),
                                            (-1, 32)])
def test_shfl_sync_reads_the_source_lane_of_each_segment(shim_program, block, src, width):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "idx", *block, src, width)
    for t in range(threads):
        first = t // 32 * 32
        source = (t % 32) // width * width + src % width  # CUDA: srcLane modulo width
        want = POISON if source >= _lanes(threads, t) else 100 + first + source
        assert got[t] == want, (block, src, width, t)


def test_ffs_finds_the_lowest_set_bit(shim_program):
    a = [0, 1, 2, 2**31, 2**32 - 1, 0x00010000, 0x15555554, 0x2AAAAAA8]
    assert numbers(shim_program, "ffs", 1, 1, 1) == [(x & -x).bit_length() for x in a]
    assert numbers(shim_program, "ffs", 1, 1, 1) == [0, 1, 2, 32, 1, 17, 3, 4]


@pytest.mark.parametrize("block", BLOCKS)
def test_warp_scan_over_the_lanes_the_block_has(shim_program, block):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "scan", *block)
    for t in range(threads):
        first = t // 32 * 32
        assert got[t] == sum(u + 1 for u in range(first, t + 1))


def test_clzll_counts_the_leading_zeros_of_64_bits(shim_program):
    a = [0, 1, 2**63, 2**64 - 1, 0x0000010000000005, 0xFFFFFFFF]
    assert numbers(shim_program, "clzll", 1, 1, 1) == [64 - x.bit_length() for x in a]
    assert numbers(shim_program, "clzll", 1, 1, 1) == [64, 63, 0, 0, 23, 32]


def test_clz_counts_the_leading_zeros_of_32_bits(shim_program):
    a = [0, 1, 2**31, 2**32 - 1, 0x00010005, 0xFFFF]
    assert numbers(shim_program, "clz", 1, 1, 1) == [32 - x.bit_length() for x in a]
    assert numbers(shim_program, "clz", 1, 1, 1) == [32, 31, 0, 0, 15, 16]


def test_brev_reverses_the_32_bits(shim_program):
    a = [0, 1, 2**31, 2**32 - 1, 0x00010005, 0x12345678]
    assert numbers(shim_program, "brev", 1, 1, 1) == [int(f"{x:032b}"[::-1], 2) for x in a]
    assert numbers(shim_program, "brev", 1, 1, 1)[:4] == [0, 2**31, 1, 2**32 - 1]


def test_int2_is_an_aligned_pair(shim_program):
    assert numbers(shim_program, "int2", 1, 1, 1) == [8, 8, 3, -4, -7, 8]


def test_umulhi_is_the_high_half_of_the_product(shim_program):
    a = [0, 1, 0xFFFFFFFF, 0xD2511F53, 0x12345678]
    assert numbers(shim_program, "umulhi", 1, 1, 1) == [x * y >> 32 for x in a for y in a]


@pytest.mark.parametrize("block", BLOCKS)
def test_warp_sum_over_the_lanes_the_block_has(shim_program, block):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "reduce", *block)
    for first in range(0, threads, 32):
        lanes = _lanes(threads, first)
        assert got[first] == sum(t + 1 for t in range(first, first + lanes))


@pytest.mark.parametrize("block", BLOCKS)
def test_ballot_and_popc(shim_program, block):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "ballot", *block)
    for t in range(threads):
        first = t // 32 * 32
        bits = sum(1 << (u - first) for u in range(first, first + _lanes(threads, t))
                   if u % 3 == 0)
        assert got[t] == bits * 100 + bin(bits).count("1")


@pytest.mark.parametrize("block", [(256, 1, 1), (48, 1, 1), (7, 2, 3)])
def test_atomic_max_of_concurrent_threads(shim_program, block):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "max", *block)
    assert got == [max(max((g * 7919) % 1000 - 500 for g in range(3 * threads)), -1000)]


def test_float_bits_and_atomic_cas_by_hand(shim_program):
    assert numbers(shim_program, "bits", 1, 1, 1) == [
        0x3F800000, -0x3FE00000, 0, -(2**31), 3, 5, 5, 5, 9]


def _mul24(a, b):
    def low24(x):
        x &= 0xFFFFFF
        return x - (1 << 24) if x & 0x800000 else x

    product = (low24(a) * low24(b)) & 0xFFFFFFFF
    return product - (1 << 32) if product & 0x80000000 else product


def test_mul24_multiplies_the_low_24_bits(shim_program):
    a = [3, -3, 0x7FFFFF, 0x800000, 0x1000005, -0x800000, 4096]
    assert numbers(shim_program, "mul24", 1, 1, 1) == [_mul24(x, y) for x in a for y in a]
    assert _mul24(0x1000005, 7) == 35 and _mul24(0x800000, 1) == -0x800000
    assert _mul24(4096, 16383) == 4096 * 16383


def test_umul24_multiplies_the_low_24_bits_unsigned(shim_program):
    a = [3, 0xFFFFFF, 0x1000000, 0x1000005, 0xFFFFFFFF, 4096]
    want = [((x & 0xFFFFFF) * (y & 0xFFFFFF)) & 0xFFFFFFFF for x in a for y in a]
    assert numbers(shim_program, "umul24", 1, 1, 1) == want
    assert want[a.index(0x1000005) * len(a) + 0] == 15  # only the low 24 bits: 5 x 3
    assert want[1 * len(a) + 1] == 0xFFFFFE000001 & 0xFFFFFFFF


def test_vsadu4_sums_the_bytes_absolute_differences(shim_program):
    a = [0, 0x01020304, 0xFF00FF00, 0x80808080, 0xFFFFFFFF]
    want = [sum(abs((x >> k & 0xFF) - (y >> k & 0xFF)) for k in (0, 8, 16, 24))
            for x in a for y in a]
    assert numbers(shim_program, "vsadu4", 1, 1, 1) == want
    assert want[1] == 10 and want[2 * len(a) + 4] == 510  # 1+2+3+4; 0 + 255 + 0 + 255


def test_uchar4_is_four_aligned_bytes(shim_program):
    assert numbers(shim_program, "uchar4", 1, 1, 1) == [4, 4, 1 | 2 << 8 | 3 << 16 | 250 << 24]


def test_float_to_int_rounding_down_and_up(shim_program):
    assert numbers(shim_program, "rdru", 1, 1, 1) == [2, 2, 2, 3, -3, -2, 0, 0, 7, 8, -3, -3]


def test_float2int_rz_truncates_toward_zero(shim_program):
    assert numbers(shim_program, "rz", 1, 1, 1) == [2, 2, -2, 0, 7, -3, 0]


def test_float2int_rn_rounds_to_nearest_even_and_saturates(shim_program):
    assert numbers(shim_program, "rn", 1, 1, 1) == [2, 2, 4, -2, 0, 0, 8, -8, 2**31 - 1, -(2**31),
                                                   0, 2147483520, 0]


def test_fmul_fadd_fsub_rn_round_each_operation(shim_program):
    import numpy as np

    def bits(v):
        return int(np.array(v, np.float32).view(np.int32))

    a = np.float32(1 + 2**-12)
    product = a * a  # 1 + 2^-11 + 2^-24 rounds (a tie, to even) to 1 + 2^-11
    want = [bits(product), bits(product + np.float32(-1)), bits(product - np.float32(1)),
            bits(np.float32(3) + np.float32(2**-23))]
    assert numbers(shim_program, "frn", 1, 1, 1) == want
    assert want[1] == want[2] == bits(2**-11)  # an FMA would keep the 2^-24: not contracted
    assert want[3] == bits(3)


def test_short2_is_two_aligned_halves(shim_program):
    assert numbers(shim_program, "short2", 1, 1, 1) == [4, 4, (300 << 16) | 0xFFFE, -2, 300]


@pytest.mark.parametrize("block", [(256, 1, 1), (48, 1, 1), (7, 2, 3)])
@pytest.mark.parametrize("limit", [0, 5, 63])
def test_atomic_inc_wraps_at_the_limit_for_concurrent_threads(shim_program, block, limit):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "inc", *block, limit)
    calls = 3 * threads  # the old values run 0, 1, ..., limit, 0, 1, ... in some order
    assert got[0] == calls % (limit + 1)
    per_value = [calls // (limit + 1) + (v < calls % (limit + 1)) for v in range(limit + 1)]
    assert got[1:] == per_value + [0]  # and none above the limit


@pytest.mark.parametrize("block", BLOCKS)
def test_syncwarp_orders_a_shared_memory_warp_sum(shim_program, block):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "warpsum", *block)
    for first in range(0, threads, 32):
        assert got[first] == sum(t + 1 for t in range(first, first + _lanes(threads, first)))


def test_float3_is_three_packed_floats(shim_program):
    assert numbers(shim_program, "float3", 1, 1, 1) == [12, 4, 8, 10, -13, 14, -16, 19]


def test_ldcs_and_stcs_load_and_store_the_word(shim_program):
    assert numbers(shim_program, "cs", 1, 1, 1) == [34, -12, 5, 41]


def test_expf_is_exp(shim_program):
    assert numbers(shim_program, "expf", 1, 1, 1) == [1, 1, 1]


def test_logf_is_log(shim_program):
    assert numbers(shim_program, "logf", 1, 1, 1) == [1, 1, 1]


def test_isnan_is_true_for_nans_only(shim_program):
    assert numbers(shim_program, "isnan", 1, 1, 1) == [0, 1, 1, 0, 0]


@pytest.mark.parametrize("block", [(256, 1, 1), (48, 1, 1), (7, 2, 3)])
def test_float_max_by_compare_and_swap_of_concurrent_threads(shim_program, block):
    threads = block[0] * block[1] * block[2]
    got = numbers(shim_program, "fmax", *block)
    assert got == [max((g * 7919) % 1000 - 500 for g in range(3 * threads))]


def test_a_mask_without_every_lane_aborts(shim_program):
    proc = run(shim_program, "badmask", 48, 1, 1)
    assert proc.returncode != 0
    assert "__ballot_sync: mask 0xffff leaves out lanes of a warp of 32 lanes" in proc.stderr


def test_warp_intrinsics_need_a_concurrent_launch(shim_program):
    proc = run(shim_program, "serial", 32, 1, 1)
    assert proc.returncode != 0 and "outside a launch" in proc.stderr
