"""ncu's real output (fixtures/ncu-samples from others, fixtures/hopper/ncu recorded on our
H200) -> canonical sweep-table rows."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.errors import ProfilerError
from gpuadvisor.profilers.ncu import _import_ncu_report, parse_ncu_csv, parse_ncu_report

FIX = Path(__file__).resolve().parents[1] / "fixtures"
SAMPLES = FIX / "ncu-samples"
HOPPER = FIX / "hopper" / "ncu"


def _hopper(name: str) -> Path:
    path = HOPPER / name
    if not path.is_file():
        pytest.skip(f"fixtures/hopper/ncu/{name} not recorded yet (tools/record_gpu_fixtures.sh)")
    return path


def _parse(path: Path):
    return parse_ncu_csv(path.read_text(), source=path.name)


# ---------------------------------------------------------------- samples from others
def test_details_page_with_rule_rows_and_speedups_rtx5090():
    df = _parse(SAMPLES / "CodeGandee__llm-perf-opt__ncu.details.csv")
    assert len(df) == 1
    row = df.iloc[0]
    assert row["kernel"] == "kernel"  # cuBLAS gemv template: the function name
    assert row["kernel_signature"].startswith("enable_if<!T7, void>::type kernel<")
    assert (row["block_x"], row["block_y"], row["block_z"]) == (32, 4, 1)
    assert (row["grid_x"], row["grid_y"], row["grid_z"]) == (224, 1, 1)
    assert row["arch"] == "sm_120"
    assert row["achieved_occupancy"] == pytest.approx(11.32)
    assert row["theoretical_occupancy"] == pytest.approx(16.67)
    assert row["l2_hit_rate"] == pytest.approx(27.66)
    assert row["dram_throughput_pct"] == pytest.approx(19.66)
    assert row["duration_ms"] == pytest.approx(0.00675)  # 6.75 us
    assert row["dram_bytes_read"] == pytest.approx(2.33e6)  # 2.33 Mbyte
    assert row["occupancy_limit_registers"] == 2
    assert "TheoreticalOccupancy (80.34%)" in row["ncu_rules"]
    assert math.isnan(row["gld_efficiency"])  # not in this page: missing, never 0


def test_set_full_csv_with_program_output_before_the_header_b200():
    df = _parse(SAMPLES / "microsoft__superbenchmark__cublaslt_ncu.log")
    assert len(df) == 1
    row = df.iloc[0]
    assert row["kernel"].startswith("cutlass3x_sm100_tensorop_s64x256x32gemm")
    assert (row["block_x"], row["grid_x"], row["grid_y"]) == (384, 9, 32)
    assert row["registers_per_thread"] == 168
    assert row["shared_mem_per_block"] == 205696  # static 0 + dynamic 205696 bytes
    assert row["duration_ms"] == pytest.approx(0.40624)  # 406240 ns
    assert row["sm_count"] == 152
    assert row["func_cache_config"] == "CachePreferNone"
    assert row["theoretical_occupancy"] == pytest.approx(18.75)


def test_details_page_without_block_and_grid_columns():
    """Older ncu details pages have no Block Size/Grid Size columns: the real sample with
    those two columns removed still parses, with the thread count from Launch Statistics."""
    import csv
    import io

    text = (SAMPLES / "microsoft__superbenchmark__cublaslt_ncu.log").read_text()
    head, _, table = text.partition('"ID"')
    rows = list(csv.reader(io.StringIO('"ID"' + table)))
    drop = {rows[0].index("Block Size"), rows[0].index("Grid Size")}
    out = io.StringIO()
    writer = csv.writer(out, quoting=csv.QUOTE_ALL, lineterminator="\n")
    for row in rows:
        writer.writerow([c for i, c in enumerate(row) if i not in drop])
    df = parse_ncu_csv(head + out.getvalue())
    row = df.iloc[0]
    assert row["block_size"] == 384 and row["grid_size"] == 288
    assert pd.isna(row["block_x"])  # not invented
    assert row["registers_per_thread"] == 168


# ---------------------------------------------------------------- our H200 recordings
def test_raw_page_sweep_metrics_h200():
    df = _parse(_hopper("probe_raw.csv"))
    assert len(df) == 15  # 5 shapes x 3 kernels, one row per launch
    assert set(df["kernel"]) == {"matmul_naive", "matrix_add", "random_copy"}
    assert set(df["gpu"]) == {"NVIDIA H200"} and set(df["arch"]) == {"sm_90"}
    assert set(df["profiler_version"]) == {"2025.3.1.0"}
    mm = df[(df["kernel"] == "matmul_naive") & (df["block_x"] == 32)].iloc[0]
    assert (mm["block_y"], mm["grid_x"], mm["grid_y"]) == (8, 64, 256)
    assert mm["duration_ms"] == pytest.approx(3.271136)  # "3,271,136" ns
    assert mm["achieved_occupancy"] == pytest.approx(97.39)
    assert mm["theoretical_occupancy"] == 100
    assert mm["gld_efficiency"] == pytest.approx(82.5)
    assert mm["l1_hit_rate"] == pytest.approx(87.49)
    assert mm["l1_global_load_misses"] == 167961582
    assert mm["l1_global_load_requests"] == 536870912
    assert mm["sectors_per_request"] == pytest.approx(2.5)
    assert mm["l2_hit_rate"] == pytest.approx(98.98)
    assert mm["registers_per_thread"] == 32
    assert mm["shared_mem_per_block"] == 0
    assert mm["occupancy_limit_registers"] == 8
    stalls = mm[[c for c in df.columns if c.startswith("stall_")]].astype(float)
    assert stalls.sum() == pytest.approx(100.0)
    # long_scoreboard 54,874.32 of all non-'selected' stall latency
    assert mm["stall_memory_dependency"] == pytest.approx(18.52452, rel=1e-4)
    assert mm["ncu_stall_lg_throttle"] == pytest.approx(29.578686, rel=1e-4)


def test_raw_page_of_sections_uses_their_stall_family_h200():
    df = _parse(_hopper("probe_sections_raw.csv"))
    assert len(df) == 3
    add = df[df["kernel"] == "matrix_add"].iloc[0]
    assert add["stall_memory_dependency"] == pytest.approx(77.896654, rel=1e-4)
    assert add[[c for c in df.columns if c.startswith("stall_")]].astype(float).sum() \
        == pytest.approx(100.0)


def test_details_page_set_full_h200():
    df = _parse(_hopper("probe_details.csv"))
    assert list(df["block_x"]) == [32, 8] and list(df["block_y"]) == [8, 32]
    first = df.iloc[0]
    assert first["duration_ms"] == pytest.approx(3.265664, rel=1e-6)
    assert first["achieved_occupancy"] == pytest.approx(97.49)
    assert first["sm_count"] == 132
    assert first["gpu"] == "NVIDIA H200"  # from the provenance line


def test_no_kernel_matched_is_one_line_with_the_kernels_seen():
    with pytest.raises(ProfilerError) as err:
        _parse(_hopper("probe_no_match.txt"))
    message = str(err.value)
    assert "no launch matched" in message
    assert "matmul_naive, matrix_add, random_copy" in message
    assert "\n" not in message


def test_target_failure_is_one_line():
    with pytest.raises(ProfilerError, match="exited with code 2") as err:
        _parse(_hopper("probe_target_fails.txt"))
    assert err.value.exit_code == 4


def _check_random_copy_report(df):
    assert len(df) == 1
    row = df.iloc[0]
    assert row["kernel"] == "random_copy"
    assert (row["block_x"], row["block_y"]) == (16, 16)
    assert row["arch"] == "sm_90" and row["gpu"] == "NVIDIA H200"
    assert 0 < row["achieved_occupancy"] <= 100
    assert row["duration_ms"] > 0


def test_ncu_rep_through_ncu_import_when_available():
    if shutil.which("ncu") is None:
        pytest.skip("ncu is not installed here")
    _check_random_copy_report(parse_ncu_report(_hopper("probe_random_copy.ncu-rep")))


def test_ncu_rep_through_nvidia_module_when_available(monkeypatch, tmp_path):
    if _import_ncu_report() is None:
        pytest.skip("NVIDIA's ncu_report module (Nsight Compute extras/python) is not here")
    monkeypatch.setenv("NCU", str(tmp_path / "no-ncu-here"))  # force the module path
    _check_random_copy_report(parse_ncu_report(_hopper("probe_random_copy.ncu-rep")))


def test_ncu_rep_module_crash_is_one_line(monkeypatch, tmp_path):
    """NVIDIA's native module has segfaulted on a real report: the caller must survive."""
    import sys

    fake = tmp_path / "fake"
    fake.mkdir()
    (fake / "ncu_report.py").write_text(
        "import os, signal\n"
        "def load_report(path):\n"
        "    os.kill(os.getpid(), signal.SIGSEGV)\n"
    )
    monkeypatch.setattr(sys, "path", [str(fake), *sys.path])
    monkeypatch.delitem(sys.modules, "ncu_report", raising=False)
    monkeypatch.setenv("NCU", str(tmp_path / "no-ncu-here"))
    report = tmp_path / "r.ncu-rep"
    report.write_bytes(b"\x00report")
    with pytest.raises(ProfilerError, match="crashed with signal 11") as err:
        parse_ncu_report(report)
    assert "\n" not in str(err.value)


def test_ncu_rep_without_module_or_ncu_is_a_clear_error(monkeypatch, tmp_path):
    import gpuadvisor.profilers.ncu as ncu

    report = tmp_path / "r.ncu-rep"
    report.write_bytes(b"\x00\x01not really")
    monkeypatch.setattr(ncu, "_import_ncu_report", lambda: None)
    monkeypatch.setenv("NCU", str(tmp_path / "no-ncu-here"))
    with pytest.raises(ProfilerError, match="ncu_report"):
        parse_ncu_report(report)


# ---------------------------------------------------------------- malformed
def test_header_only_is_truncated_error():
    text = (SAMPLES / "microsoft__superbenchmark__cublaslt_ncu.log").read_text()
    header_only = text[: text.index('"ID"')] + text[text.index('"ID"'):].splitlines()[0]
    with pytest.raises(ProfilerError, match="no kernel rows"):
        parse_ncu_csv(header_only)


def test_permission_error_is_one_line():
    # NVIDIA's message as quoted in the Nsight Compute documentation.
    log = ("==PROF== Connected to process 42 (./app)\n==ERROR== ERR_NVGPUCTRPERM - The user does "
           "not have permission to access NVIDIA GPU Performance Counters on the target device "
           "0. For instructions on enabling permissions and to get more information see "
           "https://developer.nvidia.com/ERR_NVGPUCTRPERM\n")
    with pytest.raises(ProfilerError, match="ERR_NVGPUCTRPERM") as err:
        parse_ncu_csv(log)
    assert "NVreg_RestrictProfilingToAdminUsers=0" in str(err.value)


def test_line_cut_in_the_middle_is_a_clear_error():
    text = _hopper("probe_raw.csv").read_text()
    lines = text.splitlines()
    cut = "\n".join(lines[:-1] + [lines[-1][: len(lines[-1]) // 2]])
    with pytest.raises(ProfilerError, match="truncated"):
        parse_ncu_csv(cut)


def test_program_output_in_quotes_and_repeated_tables():
    """Output of two ncu runs concatenated, with the program printing quoted text between."""
    text = _hopper("probe_sections_raw.csv").read_text()
    noisy = text + '\n"launched", "16x16"\n' + text
    df = parse_ncu_csv(noisy)
    assert len(df) == 6
    assert list(df["kernel"][:3]) == list(df["kernel"][3:])


def test_tables_with_different_metric_columns_in_one_file():
    raw = _hopper("probe_raw.csv").read_text()
    sections = _hopper("probe_sections_raw.csv").read_text()
    df = parse_ncu_csv(raw + "\n" + sections)
    assert len(df) == 18
    assert df["gld_efficiency"].notna().sum() == 15  # only the sweep table collected it
