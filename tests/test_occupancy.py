"""The offline occupancy calculator against CUDA itself and against the seeds' statements.

Three references, each independent of gpuadvisor's own arithmetic:
* fixtures/hopper/occupancy_grid.csv: cudaOccupancyMaxActiveBlocksPerMultiprocessor on a Hopper GPU
  (recorded by tools/occupancy_probe.cu); every row is one test;
* NVIDIA's cuda_occupancy.h from the installed toolkit, compiled into tests/occupancy_oracle.cpp
  and run on random configurations for every architecture it knows (sm_30 and newer);
* the Fermi figures of seeds 000/001 (GTX 480, sm_20), which CUDA 13 no longer covers.
"""

from __future__ import annotations

import csv
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from gpuadvisor.arch import get_arch, list_archs
from gpuadvisor.errors import UserError
from gpuadvisor.occupancy import (
    CACHE_CONFIGS,
    best_block_sizes,
    check_launch,
    full_occupancy_block_sizes,
    occupancy,
    occupancy_by_block_size,
    parse_bytes,
)

ROOT = Path(__file__).resolve().parents[1]
GRID = ROOT / "fixtures" / "hopper" / "occupancy_grid.csv"
ORACLE_SRC = Path(__file__).with_name("occupancy_oracle.cpp")
CUDA_INCLUDE = Path("/usr/local/cuda/include")


# ----------------------------------------------------------------------------- the Hopper grid


def _grid() -> tuple[dict[str, str], list[dict[str, str]]]:
    header: dict[str, str] = {}
    lines = []
    for line in GRID.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            key, _, value = line[1:].partition(":")
            header[key.strip()] = value.strip()
        elif line.strip():
            lines.append(line)
    return header, list(csv.DictReader(lines))


if GRID.exists():
    GRID_HEADER, GRID_ROWS = _grid()
    GRID_PARAMS = [
        pytest.param(
            row,
            id=f"{i}-{row['kernel']}-b{row['block_size']}-d{row['shared_mem_dynamic']}"
            f"-c{row['carveout_pct'] or 'default'}",
        )
        for i, row in enumerate(GRID_ROWS)
    ]
else:
    GRID_HEADER, GRID_ROWS = {}, []
    GRID_PARAMS = [
        pytest.param(
            None,
            marks=pytest.mark.skip(
                reason=f"{GRID.relative_to(ROOT)} not recorded yet (the lead records it on the "
                "GPU machine with tools/record_gpu_fixtures.sh)"
            ),
        )
    ]


def _grid_arch():
    major, minor = GRID_HEADER.get("compute_capability", "9.0").split(".")
    return get_arch(f"sm_{major}{minor}")


@pytest.mark.skipif(not GRID.exists(), reason="occupancy grid fixture not recorded yet")
def test_grid_is_large_and_has_provenance() -> None:
    assert len(GRID_ROWS) >= 200
    for key in ("gpu", "compute_capability", "command"):
        assert GRID_HEADER.get(key), f"provenance line '# {key}:' missing"


@pytest.mark.skipif(not GRID.exists(), reason="occupancy grid fixture not recorded yet")
def test_grid_device_properties_match_the_arch_model() -> None:
    arch = _grid_arch()
    expected = {
        "shared_mem_per_sm": arch.shared_mem_per_sm,
        "shared_mem_per_block_optin": arch.shared_mem_per_block_optin,
        "regs_per_sm": arch.registers_per_sm,
    }
    for key, value in expected.items():
        if key in GRID_HEADER:
            assert int(GRID_HEADER[key]) == value, key


@pytest.mark.parametrize("row", GRID_PARAMS)
def test_matches_cuda_occupancy_api(row: dict[str, str]) -> None:
    arch = _grid_arch()
    block = int(row["block_size"])
    regs = int(row["registers_per_thread"])
    static = int(row["shared_mem_static"])
    dynamic = int(row["shared_mem_dynamic"])
    carveout = int(row["carveout_pct"]) if row["carveout_pct"].strip() else None
    expected = int(row["max_active_blocks"])
    if expected < 0:  # the API refused the configuration; so must the advisor
        with pytest.raises(UserError):
            check_launch(arch, block, regs, static, dynamic, carveout)
        return
    result = occupancy(arch, block, regs, static, dynamic, carveout)
    assert result.blocks_per_sm == expected, result


# ----------------------------------------------------------------------------- cuda_occupancy.h


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory) -> Path:
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None or not (CUDA_INCLUDE / "cuda_occupancy.h").exists():
        pytest.skip("needs a C++ compiler and the CUDA toolkit's cuda_occupancy.h")
    exe = tmp_path_factory.mktemp("oracle") / "occupancy_oracle"
    subprocess.run(
        [compiler, "-O1", f"-I{CUDA_INCLUDE}", "-o", str(exe), str(ORACLE_SRC)],
        check=True,
        capture_output=True,
    )
    return exe


def _oracle_cases(seed: int, per_arch: int) -> list[tuple]:
    rng = random.Random(seed)
    cases = []
    for a in list_archs():
        if a.compute_capability[0] < 3:  # the CUDA 13 header no longer knows Fermi
            continue
        for _ in range(per_arch):
            top = a.max_registers_per_thread  # sm_30: 63 (the header checks 255)
            regs = rng.choice([0, rng.randint(1, min(64, top)), rng.randint(0, top)])
            static = rng.choice(
                [0, 0, rng.randint(1, 4096), rng.randint(0, a.shared_mem_per_block)]
            )
            dynamic = 0
            if rng.random() < 0.5:
                dynamic = rng.randint(0, a.shared_mem_per_block_optin - static + 2048)
            block = rng.choice(
                [32 * rng.randint(1, 32), rng.randint(1, 1024), rng.randint(1, 1100)]
            )
            carveout = rng.choice([-1, -1, 0, 50, 100, rng.randint(0, 100)])
            cache = rng.randrange(len(CACHE_CONFIGS))
            cases.append((a, regs, static, dynamic, block, carveout, cache))
    return cases


def test_agrees_with_cuda_occupancy_header_on_every_arch(oracle: Path) -> None:
    cases = _oracle_cases(seed=20240601, per_arch=400)
    lines = []
    for a, regs, static, dynamic, block, carveout, cache in cases:
        if a.cache_pref_ignored_without_shared and static + dynamic == 0 and carveout < 0:
            cache = 0  # measured there: the driver's default carveout (test below)
        fields = [
            *a.compute_capability,
            a.max_threads_per_block,
            a.max_threads_per_sm,
            a.max_registers_per_block,
            a.registers_per_sm,
            a.warp_size,
            a.shared_mem_per_block,
            a.shared_mem_per_sm,
            a.shared_mem_per_block_optin,
            a.reserved_shared_mem_per_block,
            regs,
            static,
            dynamic,
            block,
            carveout,
            cache,
        ]
        lines.append(" ".join(str(f) for f in fields))
    proc = subprocess.run(
        [str(oracle)], input="\n".join(lines) + "\n", capture_output=True, text=True, check=True
    )
    answers = proc.stdout.splitlines()
    assert len(answers) == len(cases)
    mismatches = []
    for case, answer in zip(cases, answers, strict=True):
        a, regs, static, dynamic, block, carveout, cache = case
        assert not answer.startswith("error"), (a.name, case[1:], answer)
        r = occupancy(
            a,
            block,
            regs,
            static,
            dynamic,
            None if carveout < 0 else carveout,
            cache_config=CACHE_CONFIGS[cache],
        )
        got = [
            r.blocks_per_sm,
            r.block_limit_warps,
            r.block_limit_blocks,
            -1 if r.block_limit_registers is None else r.block_limit_registers,
            -1 if r.block_limit_shared_memory is None else r.block_limit_shared_memory,
        ]
        if got != [int(x) for x in answer.split()]:
            mismatches.append((a.name, case[1:], answer, got))
    assert not mismatches, mismatches[:10]


# ----------------------------------------------------------------------------- Fermi (seeds)


@pytest.mark.parametrize("threads", [192, 256, 384, 512, 768])
def test_fermi_divisors_of_1536_reach_full_occupancy(threads: int) -> None:
    # seed 001 §III.A.1: "These values are 192, 256, 384, 512, and 768."
    r = occupancy("sm_20", threads, registers_per_thread=16)
    assert r.occupancy_pct == 100.0
    assert r.warps_per_sm == 48
    assert r.blocks_per_sm * threads == 1536


def test_fermi_64_threads_capped_by_eight_blocks() -> None:
    # seed 000 §IV.A: 8x8 blocks would need 24 blocks, "the limit of eight blocks per SM prevent
    # to achieve maximum occupancy".
    r = occupancy("sm_20", (8, 8), registers_per_thread=10)
    assert r.blocks_per_sm == 8
    assert r.threads_per_sm == 512
    assert r.occupancy_pct == pytest.approx(100 / 3, abs=0.01)
    assert r.limited_by == "blocks"


def test_fermi_1024_threads_is_one_block_two_thirds() -> None:
    # seed 001 §VII: OpenCL's automatic choice of 1024 threads does not maximise occupancy.
    r = occupancy("GTX 480", 1024, registers_per_thread=20)
    assert r.blocks_per_sm == 1
    assert r.occupancy_pct == pytest.approx(200 / 3, abs=0.01)
    assert r.limited_by == "warps"


def test_fermi_16x16_gives_six_blocks() -> None:
    # seed 000 §IV.A: "16x16 blocks lead to 256 threads per block. Since 1536/256 = 6, maximum
    # Occupancy is obtained with six blocks per SM."
    r = occupancy("sm_20", "16x16", registers_per_thread=20)
    assert (r.blocks_per_sm, r.occupancy_pct) == (6, 100.0)


def test_fermi_register_exhaustion_gives_zero_for_1024_threads() -> None:
    # seed 000 §VI.A: with the register-hungry random-index kernel "Blocks with 1024 threads lead
    # to occupancy 0, because the SM registers are exhausted even for a single block".
    # 1024 threads x 33+ registers > 32768 registers per SM.
    r = occupancy("sm_20", 1024, registers_per_thread=40)
    assert r.blocks_per_sm == 0
    assert r.limited_by == "registers"
    assert occupancy("sm_20", 512, registers_per_thread=40).blocks_per_sm > 0


def test_fermi_full_occupancy_block_sizes_are_the_seed_list() -> None:
    assert full_occupancy_block_sizes("sm_20", 20) == [192, 256, 384, 512, 768]
    assert full_occupancy_block_sizes("sm_21", 0, 0) == [192, 256, 384, 512, 768]


def test_fermi_prefer_l1_shrinks_shared_memory_to_16k() -> None:
    # seed 000 §III: 48 KB shared (default) or 16 KB shared + 48 KB L1.
    default = occupancy("sm_20", 256, 16, shared_mem_static=6 * 1024)
    prefer_l1 = occupancy("sm_20", 256, 16, shared_mem_static=6 * 1024, cache_config="prefer_l1")
    assert default.blocks_per_sm == 6 and default.shared_mem_per_sm == 48 * 1024
    assert prefer_l1.blocks_per_sm == 2 and prefer_l1.shared_mem_per_sm == 16 * 1024
    assert prefer_l1.limited_by == "shared_memory"


def test_fermi_register_allocation_unit() -> None:
    # 20 registers x 32 = 640 = 10 x 64: allocated exactly; 21 registers use the 128-register
    # unit of the CUDA 6 calculator: 672 -> 768 per warp.
    assert occupancy("sm_20", 32, 20).allocated_registers_per_block == 640
    assert occupancy("sm_20", 32, 21).allocated_registers_per_block == 768
    assert occupancy("sm_20", 32, 23).allocated_registers_per_block == 768


# ----------------------------------------------------------------------------- newer GPUs


def test_ampere_1024_threads_is_two_thirds_on_sm86() -> None:
    # seed 003 part 1 (A6000, sm_86): "32 active warps / 48 max active warps = 66%".
    r = occupancy("sm_86", 1024, registers_per_thread=37, shared_mem_static=8192)
    assert r.blocks_per_sm == 1
    assert r.occupancy_pct == pytest.approx(66.67, abs=0.01)


def test_hopper_register_limits() -> None:
    # 64 regs x 32 = 2048 per warp; 65536 / 2048 = 32 warps per SM.
    r = occupancy("sm_90", 256, 64)
    assert (r.blocks_per_sm, r.warps_per_sm, r.limited_by) == (4, 32, "registers")
    # 255 registers: 8192 per warp -> a 1024-thread block needs 262144 > 65536 registers.
    assert occupancy("sm_90", 1024, 255).blocks_per_sm == 0
    assert occupancy("sm_90", 256, 255).blocks_per_sm == 1


def test_hopper_shared_memory_reserve_and_granularity() -> None:
    # 1 KB reserved per block: 48 KB of static shared memory costs 49 KB; 228 KB / 49 KB = 4.
    r = occupancy("sm_90", 128, 32, shared_mem_static=48 * 1024)
    assert r.allocated_shared_mem_per_block == 49 * 1024
    assert r.blocks_per_sm == 4 and r.limited_by == "shared_memory"
    # No shared memory at all still costs the 1 KB reserve.
    assert occupancy("sm_90", 32, 0).allocated_shared_mem_per_block == 1024
    assert occupancy("sm_70", 32, 0).allocated_shared_mem_per_block == 0


def test_hopper_explicit_carveout_rounds_up_to_a_supported_capacity() -> None:
    # 50% of 228 KB = 114 KB -> the driver picks 132 KB; 132 KB / 49 KB = 2 blocks.
    r = occupancy("sm_90", 128, 32, shared_mem_static=48 * 1024, carveout_pct=50)
    assert r.shared_mem_per_sm == 132 * 1024
    assert r.blocks_per_sm == 2
    # A carveout smaller than one block's need still lets one block run (capacity rounds up).
    r0 = occupancy("sm_90", 128, 32, shared_mem_static=48 * 1024, carveout_pct=0)
    assert r0.blocks_per_sm == 1 and r0.shared_mem_per_sm == 64 * 1024
    # -1 means the default, like CUDA's cudaSharedmemCarveoutDefault.
    assert occupancy("sm_90", 128, 32, 48 * 1024, carveout_pct=-1).blocks_per_sm == 4


def test_block_size_not_a_warp_multiple_rounds_warps_up() -> None:
    r = occupancy("sm_90", 33, 0)
    assert r.warps_per_block == 2
    assert r.blocks_per_sm == 32 and r.warps_per_sm == 64
    assert any("warp size" in note for note in r.notes)


def test_block_above_max_threads_has_no_blocks() -> None:
    r = occupancy("sm_90", 2048)
    assert r.blocks_per_sm == 0 and r.limited_by == "warps"


def test_shared_memory_above_opt_in_has_no_blocks() -> None:
    r = occupancy("sm_90", 128, 0, shared_mem_dynamic=228 * 1024)
    assert r.blocks_per_sm == 0 and r.limited_by == "shared_memory"


def test_tie_prefers_warps_then_blocks_then_registers_then_shared_memory() -> None:
    # 192 threads on Fermi with 20 registers: warps, blocks and registers all allow 8.
    r = occupancy("sm_20", 192, 20)
    assert r.limits["warps"] == r.limits["blocks"] == r.limits["registers"] == 8
    assert r.limited_by == "warps"


def test_shape_int_and_string_agree() -> None:
    assert occupancy("sm_80", (16, 16)).blocks_per_sm == occupancy("sm_80", 256).blocks_per_sm
    assert occupancy("sm_80", "8x8x4").threads_per_block == 256


def test_best_block_sizes_for_hopper() -> None:
    # 64 registers: only 32 warps fit, so every warp multiple that divides into them ties.
    best = best_block_sizes("sm_90", 64)
    assert occupancy("sm_90", best[0], 64).occupancy_pct == 50.0
    assert 1024 in best and 256 in best
    assert all(n % 32 == 0 for n in best)
    assert full_occupancy_block_sizes("sm_90", 64) == []
    assert full_occupancy_block_sizes("sm_90", 32)[:3] == [64, 128, 256]


def test_best_block_sizes_empty_when_nothing_runs() -> None:
    assert best_block_sizes("sm_90", 0, 0, 300 * 1024) == []


def test_occupancy_by_block_size_covers_warp_multiples() -> None:
    table = occupancy_by_block_size("sm_20", 20)
    assert list(table) == list(range(32, 1025, 32))


def test_bad_inputs_raise_user_errors() -> None:
    with pytest.raises(UserError):
        occupancy("sm_90", 0)
    with pytest.raises(UserError):
        occupancy("sm_90", 256, -1)
    with pytest.raises(UserError):
        occupancy("sm_90", 256, 0, -5)
    with pytest.raises(UserError):
        occupancy("sm_90", 256, carveout_pct=101)
    with pytest.raises(UserError):
        occupancy("sm_90", 256, cache_config="prefer_everything")


@pytest.mark.parametrize(
    "kwargs, words",
    [
        ({"block": 2000}, "2000 threads"),
        ({"block": (2, 2, 65)}, "z dimension"),
        ({"block": 256, "registers_per_thread": 256}, "registers per thread"),
        ({"block": 256, "shared_mem_dynamic": 228 * 1024}, "shared memory"),
        ({"block": 256, "shared_mem_static": 49 * 1024}, "static shared memory"),
    ],
)
def test_check_launch_rejects_impossible_launches(kwargs: dict, words: str) -> None:
    with pytest.raises(UserError, match=words):
        check_launch("sm_90", **kwargs)
    check_launch("sm_90", 1024, 64, 48 * 1024, 100 * 1024)  # a possible one passes


def test_fermi_registers_above_63_are_refused() -> None:
    with pytest.raises(UserError, match="63"):
        check_launch("sm_20", 256, 64)


@pytest.mark.parametrize(
    "text, value",
    [("0", 0), ("4096", 4096), ("48K", 49152), ("48KB", 49152), ("1.5kib", 1536), ("512B", 512)],
)
def test_parse_bytes(text: str, value: int) -> None:
    assert parse_bytes(text) == value


@pytest.mark.parametrize("text", ["-1", "lots", "1.3K", "12MB"])
def test_parse_bytes_rejects(text: str) -> None:
    with pytest.raises(UserError):
        parse_bytes(text)


def test_result_to_dict_is_json_ready() -> None:
    import json

    d = occupancy("sm_90", "16x16", 32).to_dict()
    assert json.loads(json.dumps(d))["limits"]["warps"] == 8
    assert d["block_shape"] == "16x16" and d["occupancy_pct"] == 100.0


def test_without_shared_memory_hopper_ignores_the_cache_preference() -> None:
    """Measured on an H200 (fixtures/hopper/cache-check/): 64-thread blocks of a kernel without
    shared memory ran under prefer_l1 with a 32 KB configuration and 32 blocks per SM, as under
    the default, where cuda_occupancy.h (and gpuadvisor on sm_80) gives prefer_l1 8 blocks."""
    hopper = occupancy("sm_90", 64, 32, cache_config="prefer_l1")
    assert hopper.blocks_per_sm == 32 and hopper.occupancy_pct == 100.0
    assert occupancy("sm_80", 64, 32, cache_config="prefer_l1").blocks_per_sm == 8
    # with shared memory of its own the preference holds (matmul_tiled: 75 -> 37.5 %)
    assert occupancy("sm_90", 64, 32, shared_mem_static=256,
                     cache_config="prefer_l1").blocks_per_sm == 6
    # an explicit carveout is not a preference the measurement covered: applied as asked
    assert occupancy("sm_90", 64, 32, carveout_pct=0).blocks_per_sm == 8
    # and the result says where it departs from the calculator
    (note,) = [n for n in hopper.notes if "not applied" in n]
    assert "NVIDIA's occupancy calculator applies it (8 blocks per SM" in note
    assert not occupancy("sm_90", 64, 32).notes
