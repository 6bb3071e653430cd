"""Numbers, units and kernel names as the profilers print them."""

from __future__ import annotations

import math

import pytest

from gpuadvisor.profilers.base import (
    arch_from_cc,
    clean_kernel_name,
    device_name,
    parse_dim3,
    split_value,
    to_canonical,
)
from gpuadvisor.profilers.metrics import (
    BYTES,
    COUNT,
    GBS,
    MS,
    NCU_STALL_REASONS,
    STALL_CATEGORIES,
    stall_category,
    stall_shares,
)


@pytest.mark.parametrize("text, value, unit", [
    ("83.3%", 83.3, "%"),
    ("155.0GB/s", 155.0, "GB/s"),
    ("67,136", 67136.0, ""),
    ("9,495.42", 9495.42, ""),
    ("High (7)", 7.0, "level"),
    ("Idle (0)", 0.0, "level"),
    ("1.7182e+10", 1.7182e10, ""),
    ("0.000000B/s", 0.0, "B/s"),
    ("102.599s", 102.599, "s"),
    ("864ns", 864.0, "ns"),
    ("-3", -3.0, ""),
])
def test_split_value_reads_profiler_numbers(text, value, unit):
    got, got_unit = split_value(text)
    assert got == pytest.approx(value)
    assert got_unit == unit


@pytest.mark.parametrize("text", ["n/a", "", "-", "N/A", "CachePreferNone", "inf", "nan"])
def test_split_value_missing_is_nan_never_zero(text):
    assert math.isnan(split_value(text)[0])


@pytest.mark.parametrize("value, unit, canonical, expected", [
    (406240, "ns", MS, 0.40624),
    (6.75, "us", MS, 0.00675),
    (6.75, "usecond", MS, 0.00675),
    (1.028854, "ms", MS, 1.028854),
    (2.44284, "s", MS, 2442.84),
    (8.0, "KB", BYTES, 8192.0),  # nvprof: 1024-based (8 KB = 2x32x32 floats)
    (2.33, "Mbyte", BYTES, 2.33e6),  # ncu: SI prefixes
    (1024, "byte/block", BYTES, 1024.0),
    (48, "Kbyte/block", BYTES, 48000.0),
    (379.67, "MB/s", GBS, 0.37967),
    (12.0, "Ksector", COUNT, 12000.0),
    (168, "register/thread", COUNT, 168.0),
])
def test_to_canonical_units(value, unit, canonical, expected):
    assert to_canonical(value, unit, canonical) == pytest.approx(expected)


def test_unknown_units_give_nan_not_a_guess():
    assert math.isnan(to_canonical(3.0, "furlong", MS))
    assert math.isnan(to_canonical(3.0, "parsec", BYTES))


@pytest.mark.parametrize("raw, name", [
    ("void matrixMulCUDA<int=32>(float*, float*, float*, int, int) [2407]", "matrixMulCUDA"),
    ("GOL(int, int*, int*)", "GOL"),
    ("enable_if<!T7, void>::type kernel<int, int, __nv_bfloat16, float, 0, "
     "cublasGemvParamsEx<int, cublasGemvTensorStridedBatched<const __nv_bfloat16>, float>>(T13)",
     "kernel"),
    ("Kokkos::Impl::_GLOBAL__N__51_tmpxft_00006423_00000000_6_Kokkos_Cuda_Impl_cpp1_ii_a8bc5097"
     "::query_cuda_kernel_arch(int*)", "query_cuda_kernel_arch"),
    ("(anonymous namespace)::scale(float*, int)", "scale"),
    ("_Z9matrixMulPfS_S_ii", "matrixMul"),
    ("__nv_static_59__46_tmpxft_0001d062_00000000_6_cabana_code_cpp1_ii_a54055bf__ZN6Kokkos4Impl33"
     "cuda_parallel_launch_local_memoryINS0_11ParallelFor", "cuda_parallel_launch_local_memory"),
    ("matmul_naive", "matmul_naive"),
])
def test_clean_kernel_name(raw, name):
    clean, signature = clean_kernel_name(raw)
    assert clean == name
    assert "[2407]" not in signature


def test_dims_devices_and_arch():
    assert parse_dim3("(32, 4, 1)") == (32, 4, 1)
    assert parse_dim3("(20 10 1)") == (20, 10, 1)
    assert all(math.isnan(v) for v in parse_dim3("(32, 4)"))
    assert device_name("GeForce GTX 1080 Ti (0)") == "GeForce GTX 1080 Ti"
    assert arch_from_cc("9.0") == "sm_90" and arch_from_cc("12.0") == "sm_120"
    assert arch_from_cc("x") is None


def test_every_ncu_stall_reason_has_one_nvprof_category():
    for reason in NCU_STALL_REASONS:
        assert stall_category(reason) is not None
    assert sum(len(v) for v in STALL_CATEGORIES.values()) == len(NCU_STALL_REASONS)
    assert stall_category("selected") is None


def test_stall_shares_are_percent_of_total_stall():
    shares = stall_shares({"long_scoreboard": 6.0, "barrier": 2.0, "membar": 1.0,
                           "wait": 1.0, "selected": 5.0, "gmma": float("nan")})
    assert shares["stall_memory_dependency"] == pytest.approx(60.0)
    assert shares["stall_sync"] == pytest.approx(30.0)  # barrier + membar
    assert shares["stall_exec_dependency"] == pytest.approx(10.0)
    assert shares["ncu_stall_barrier"] == pytest.approx(20.0)
    assert "stall_texture" not in shares  # absent reason: missing, not zero
    assert sum(v for k, v in shares.items() if k.startswith("stall_")) == pytest.approx(100.0)
    assert stall_shares({"long_scoreboard": 0.0}) == {}


def test_ncu_byte_prefixes_are_si_by_the_recorded_numbers():
    """RTX 5090 details page: dram__bytes_read 2.33 Mbyte (write 0) in 6.75 us is shown as
    Memory Throughput 345.14 Gbyte/s; only 1000-based prefixes agree."""
    from pathlib import Path

    from gpuadvisor.profilers.ncu import parse_ncu_csv

    sample = (Path(__file__).resolve().parents[1] / "fixtures" / "ncu-samples"
              / "CodeGandee__llm-perf-opt__ncu.details.csv")
    row = parse_ncu_csv(sample.read_text()).iloc[0]
    bytes_per_s = row["dram_bytes_read"] / (row["duration_ms"] / 1e3)
    assert bytes_per_s / 1e9 == pytest.approx(345.14, rel=0.005)
    assert bytes_per_s / 1e9 * 1.024 ** 2 != pytest.approx(345.14, rel=0.005)


def test_docs_metrics_md_is_current():
    from pathlib import Path

    from gpuadvisor.profilers.metrics import metrics_markdown

    doc = Path(__file__).resolve().parents[1] / "docs" / "metrics.md"
    assert doc.read_text() == metrics_markdown(), (
        "docs/metrics.md is stale: python -m gpuadvisor.profilers.metrics > docs/metrics.md")


def test_profiler_plugins_load_by_name():
    from gpuadvisor.errors import UserError
    from gpuadvisor.profilers import get_profiler

    ncu = get_profiler("ncu")
    assert ncu.name == "ncu"
    assert ncu.build_command(["./a"], "k", ["gpu__time_duration.sum"])[:3] == [
        "ncu", "--metrics", "gpu__time_duration.sum"]
    assert get_profiler("NVPROF").name == "nvprof"
    with pytest.raises(UserError, match="use one of ncu, nvprof"):
        get_profiler("rocprof")
