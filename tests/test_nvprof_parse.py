"""nvprof's real output layouts (fixtures/nvprof, recorded by others) -> canonical rows."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gpuadvisor.errors import ProfilerError, UserError
from gpuadvisor.profilers.nvprof import (
    NVPROF_SWEEP_METRICS,
    build_nvprof_command,
    diagnose_nvprof_output,
    parse_nvprof,
)

NVPROF = Path(__file__).resolve().parents[1] / "fixtures" / "nvprof"


def _parse(name):
    return parse_nvprof((NVPROF / name).read_text(), source=name)


def test_csv_metrics_with_units_inside_values():
    df = _parse("leimingyu__magus__matrixMul_metrics.csv")
    assert len(df) == 1
    row = df.iloc[0]
    assert row["kernel"] == "matrixMulCUDA"
    assert row["kernel_signature"].startswith("void matrixMulCUDA<int=32>(float*")
    assert row["gpu"] == "GeForce GTX 1080 Ti"
    assert row["achieved_occupancy"] == pytest.approx(93.5178)  # 0.935178 -> percent
    assert row["gld_efficiency"] == pytest.approx(100.0)  # "100.000000%"
    assert row["l1_hit_rate"] == pytest.approx(50.0)  # global_hit_rate
    assert row["l2_hit_rate"] == pytest.approx(97.674216)  # l2_tex_read_hit_rate
    assert row["dram_throughput_pct"] == pytest.approx(10.0)  # "Low (1)"
    assert row["sectors_per_request"] == pytest.approx(8.0)
    assert row["stall_memory_dependency"] == pytest.approx(8.793792)
    assert row["invocations"] == 301
    assert row["profiler"] == "nvprof"
    assert math.isnan(row["theoretical_occupancy"])  # nvprof has none: missing, not 0


def test_events_then_metrics_in_one_csv_kepler():
    df = _parse("pssrawat__IEEE2017__untiled.csv")
    assert len(df) == 1  # events and metrics of one kernel become one row
    row = df.iloc[0]
    assert row["kernel"] == "__kernel___forma_kernel__0__"
    assert row["gpu"] == "Tesla K40c"
    assert row["achieved_occupancy"] == pytest.approx(83.1314)
    assert row["l1_hit_rate"] == 0.0  # l1_cache_global_hit_rate, Kepler name
    assert row["l2_hit_rate"] == pytest.approx(79.453459)  # l2_l1_read_hit_rate
    assert row["gst_efficiency"] == pytest.approx(80.696203)
    assert row["stall_texture"] == pytest.approx(30.703132)
    assert row["dram_throughput_pct"] == pytest.approx(30.0)  # "Low (3)"
    assert row["l1_global_load_misses"] == 0.0  # event l1_global_load_miss
    assert row["l1_global_load_requests"] == 0.0  # event gld_request
    assert row["invocations"] == 4


def test_gpu_trace_with_units_row():
    df = _parse("leimingyu__magus__matrixMul_trace.csv")
    assert len(df) == 193  # kernel launches only; the memcpy rows are dropped
    assert set(df["kernel"]) == {"matrixMulCUDA"}
    first = df.iloc[0]
    assert (first["block_x"], first["block_y"], first["block_z"]) == (32, 32, 1)
    assert (first["grid_x"], first["grid_y"], first["grid_z"]) == (20, 10, 1)
    assert first["block_size"] == 1024
    assert first["registers_per_thread"] == 27
    assert first["shared_mem_per_block"] == 8192  # 8.000000 KB + 0 B
    assert first["duration_ms"] == pytest.approx(0.077602, abs=1e-6)
    assert "[" not in first["kernel_signature"]


def test_text_log_file_metrics():
    df = _parse("sankarmanoj__thrust2D__profile")
    assert list(df["kernel"]) == ["GOL", "ghostCols", "ghostRows"]
    gol = df.iloc[0]
    assert gol["gpu"] == "GeForce GTX 1070"
    assert gol["achieved_occupancy"] == pytest.approx(83.6913)
    assert gol["gld_efficiency"] == pytest.approx(83.96)
    assert gol["gst_efficiency"] == pytest.approx(29.07)
    assert gol["branch_efficiency"] == pytest.approx(79.43)
    assert gol["dram_read_throughput_gbs"] == pytest.approx(64.923)
    assert df.iloc[1]["gld_efficiency"] == pytest.approx(12.5)


def test_text_summary_keeps_gpu_kernels_only():
    df = _parse("sarats__xgc__report-xgc-cab-nvprof.txt")
    names = list(df["kernel"])
    assert "col_f_e_and_d_m_659_gpu" in names
    assert not any(n.startswith("[CUDA") for n in names)  # memcpy/memset rows are not kernels
    assert "cudaDeviceSynchronize" not in names  # API calls are not kernels
    assert not any("acc_enter_data" in n for n in names)  # OpenACC rows neither
    first = df.iloc[0]
    assert first["duration_ms"] == pytest.approx(2442.84)  # Avg 2.44284s
    assert first["invocations"] == 42
    col = df[df["kernel"] == "col_f_e_and_d_m_659_gpu"].iloc[0]
    assert col["duration_ms"] == pytest.approx(0.057608)  # 57.608us


def test_build_nvprof_command_scopes_kernels_before_metrics():
    cmd = build_nvprof_command(["./app", "1"], "matrixMul", ["achieved_occupancy"],
                               ["gld_request"], print_gpu_trace=True, log_file="/tmp/x.csv")
    assert cmd == ["nvprof", "--kernels", "matrixMul", "--metrics", "achieved_occupancy",
                   "--events", "gld_request", "--print-gpu-trace", "--csv",
                   "--log-file", "/tmp/x.csv", "./app", "1"]
    default = build_nvprof_command(["./app"])
    assert default[1:3] == ["--metrics", ",".join(NVPROF_SWEEP_METRICS)]
    with pytest.raises(UserError):
        build_nvprof_command([])


def test_nvprof_metric_names_exist_in_a_real_nvprof_listing():
    import csv

    listed = set()
    for name in ("leimingyu__magus__matrixMul_metrics.csv", "pssrawat__IEEE2017__untiled.csv"):
        listed |= {r[3] for r in csv.reader((NVPROF / name).read_text().splitlines())
                   if len(r) > 5}
    pascal = {r[3] for r in csv.reader(
        (NVPROF / "leimingyu__magus__matrixMul_metrics.csv").read_text().splitlines())
        if len(r) > 5}
    assert set(NVPROF_SWEEP_METRICS) - pascal == set()
    from gpuadvisor.profilers.metrics import METRICS

    for metric in METRICS:
        for name in metric.nvprof:
            if name[0].islower() and name not in ("l1_global_load_miss", "gld_request",
                                                  "global_load_requests", "l2_tex_hit_rate",
                                                  "dram_utilization"):
                assert name in listed, name


@pytest.mark.parametrize("log, needle", [
    ("==1234== Warning: The user does not have permission to profile on the target device. "
     "See the following link for instructions to enable permissions and get more information: "
     "https://developer.nvidia.com/NVSOLN1000", "permission"),
    ("======== Warning: nvprof is not supported on devices with compute capability 8.0 and "
     "higher.", "use --profiler ncu"),
    ("======== Error: Application returned non-zero code 1", "exited with code 1"),
    ("==77== Warning: No profile data collected.", "no kernel"),
])
def test_nvprof_errors_are_one_clear_line(log, needle):
    problem = diagnose_nvprof_output(log)
    assert isinstance(problem, ProfilerError)
    assert needle in str(problem) and "\n" not in str(problem)
    with pytest.raises(ProfilerError, match=needle):
        parse_nvprof(log)


@pytest.mark.parametrize("cut", [0.3, 0.6])
def test_truncated_csv_is_a_clear_error_or_fewer_rows(cut):
    text = (NVPROF / "leimingyu__magus__matrixMul_trace.csv").read_text()
    part = text[: int(len(text) * cut)]
    try:
        df = parse_nvprof(part)
    except ProfilerError as err:
        assert "truncated" in str(err)
    else:
        assert 0 < len(df) < 193


def test_preferred_nvprof_name_wins_whatever_the_line_order():
    """l2_tex_hit_rate is preferred over l2_tex_read_hit_rate even when it comes later."""
    lines = (NVPROF / "leimingyu__magus__matrixMul_metrics.csv").read_text().splitlines()
    read = next(ln for ln in lines if '"l2_tex_read_hit_rate"' in ln)
    both = read.replace('"l2_tex_read_hit_rate","L2 Hit Rate (Texture Reads)"',
                        '"l2_tex_hit_rate","L2 Hit Rate"').replace("97.674216%", "50.000000%")
    text = "\n".join(lines + [both])
    assert parse_nvprof(text).iloc[0]["l2_hit_rate"] == pytest.approx(50.0)
    assert parse_nvprof("\n".join(lines)).iloc[0]["l2_hit_rate"] == pytest.approx(97.674216)
