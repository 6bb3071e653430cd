"""The ncu metric names a sweep asks for must exist: checked against ncu --query-metrics."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.profilers import metrics
from gpuadvisor.profilers.ncu import SWEEP_METRICS, build_ncu_command, sweep_metrics

QUERY = Path(__file__).resolve().parents[1].parent / "shared" / "profiler-samples" / (
    "ncu-2025.3.1-query-metrics-gh100.txt")


def test_every_sweep_metric_is_known_to_ncu_on_gh100():
    unknown = [m for m in SWEEP_METRICS if not metrics.is_known_ncu_metric(m)]
    assert unknown == []


def test_every_mapped_ncu_name_is_known():
    names = set(metrics.ncu_name_map())
    unknown = sorted(n for n in names if not metrics.is_known_ncu_metric(n))
    assert unknown == []


def test_validator_rejects_made_up_names_and_bad_suffixes():
    assert not metrics.is_known_ncu_metric("sm__warps_active_typo.avg.pct_of_peak_sustained_active")
    assert not metrics.is_known_ncu_metric("lts__t_sector_hit_rate.sum")  # ratio takes .pct
    assert not metrics.is_known_ncu_metric("gpu__time_duration")  # counter needs a rollup
    assert metrics.is_known_ncu_metric("gpu__time_duration.sum")
    assert metrics.is_known_ncu_metric("lts__t_sector_hit_rate.pct")


def test_sweep_covers_the_required_metrics():
    need = {
        "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum",
        "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
        "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct",
        "sm__warps_active.avg.pct_of_peak_sustained_active",
        "sm__maximum_warps_per_active_cycle_pct",
        "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
        "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct",
        "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio",
        "lts__t_sector_hit_rate.pct",
        "dram__throughput.avg.pct_of_peak_sustained_elapsed",
        "sm__throughput.avg.pct_of_peak_sustained_elapsed",
        "launch__registers_per_thread",
        "launch__shared_mem_per_block_static",
        "launch__shared_mem_per_block_dynamic",
        "smsp__sass_average_branch_targets_threads_uniform.pct",
        "gpu__time_duration.sum",
        "launch__block_size", "launch__grid_size",
        "launch__block_dim_x", "launch__block_dim_y", "launch__block_dim_z",
        "launch__grid_dim_x", "launch__grid_dim_y", "launch__grid_dim_z",
        "launch__occupancy_limit_registers", "launch__occupancy_limit_shared_mem",
        "launch__occupancy_limit_warps", "launch__occupancy_limit_blocks",
    }
    assert need - set(SWEEP_METRICS) == set()
    assert len(SWEEP_METRICS) == len(set(SWEEP_METRICS))


def test_sweep_asks_for_every_stall_reason_of_the_section_file():
    section = (Path(__file__).resolve().parents[1] / "fixtures" / "ncu-samples"
               / "singularitti__nsight-compute__WarpStateStatistics.section")
    if not section.is_file():
        pytest.skip("fixtures/ncu-samples not copied yet")
    import re

    reasons = set(re.findall(r"smsp__average_warps_issue_stalled_(\w+)_per_issue_active",
                             section.read_text()))
    asked = {m.removeprefix("smsp__average_warp_latency_issue_stalled_").removesuffix(".ratio")
             for m in SWEEP_METRICS if m.startswith("smsp__average_warp_latency_issue_stalled_")}
    assert reasons == asked
    assert len(reasons) == 19


def test_stall_metrics_follow_arch_filters():
    ampere = sweep_metrics((8, 6))
    assert "smsp__average_warp_latency_issue_stalled_gmma.ratio" not in ampere
    assert "smsp__average_warp_latency_issue_stalled_imc_miss.ratio" in ampere
    blackwell = sweep_metrics((10, 0))
    assert "smsp__average_warp_latency_issue_stalled_imc_miss.ratio" not in blackwell
    assert "smsp__average_warp_latency_issue_stalled_gmma.ratio" in SWEEP_METRICS


@pytest.mark.skipif(not QUERY.is_file(), reason="../shared/profiler-samples not beside the clone")
def test_committed_metric_list_matches_the_query_output():
    text = QUERY.read_text()
    known = metrics.known_ncu_base_metrics()
    for name in ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss",
                 "smsp__average_warp_latency_issue_stalled_gmma", "lts__t_sector_hit_rate"):
        assert f"\n{name} " in text
        assert name in known
    assert len(known) > 3000


def test_build_ncu_command_for_a_sweep():
    cmd = build_ncu_command(["./app", "--n", "1024"], "matMul", ["gpu__time_duration.sum"],
                            launch_skip=2, launch_count=5)
    assert cmd == [
        "ncu", "--metrics", "gpu__time_duration.sum", "-k", "regex:matMul",
        "--launch-skip", "2", "--launch-count", "5",
        "--cache-control", "all", "--clock-control", "base", "--replay-mode", "kernel",
        "--target-processes", "all", "--csv", "--page", "raw", "--print-units", "base",
        "./app", "--n", "1024",
    ]


def test_build_ncu_command_report_and_defaults():
    cmd = build_ncu_command(["./app"], "regex:^k$", report_path="out/r.ncu-rep",
                            cache_control="none", clock_control="none")
    assert cmd[:3] == ["ncu", "--metrics", ",".join(SWEEP_METRICS)]
    assert cmd[3:5] == ["-k", "regex:^k$"]
    assert "--csv" not in cmd
    assert cmd[-4:] == ["--export", "out/r.ncu-rep", "--force-overwrite", "./app"]
    assert cmd[cmd.index("--cache-control") + 1] == "none"


@pytest.mark.parametrize("kwargs", [
    {"cache_control": "some"}, {"clock_control": "turbo"}, {"replay_mode": "x"},
    {"csv_page": "summary"}, {"launch_skip": -1}, {"launch_count": 0},
])
def test_build_ncu_command_rejects_bad_options(kwargs):
    from gpuadvisor.errors import UserError

    with pytest.raises(UserError):
        build_ncu_command(["./app"], "k", **kwargs)
