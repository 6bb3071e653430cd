"""Nsight Compute (ncu): the sweep's metric list, its command line, running it, reading it.

A sweep profiles many launches in one ncu process; ``--csv --page raw`` gives one row per
launch with every requested metric, which :func:`parse_ncu_csv` turns into sweep-table rows.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpuadvisor.errors import UserError
from gpuadvisor.profilers.metrics import (
    NCU_STALL_REASONS,
    STALL_ARCH_LIMITS,
)

_LAUNCH = [
    "launch__block_dim_x", "launch__block_dim_y", "launch__block_dim_z",
    "launch__grid_dim_x", "launch__grid_dim_y", "launch__grid_dim_z",
    "launch__block_size", "launch__grid_size", "launch__thread_count",
    "launch__registers_per_thread",
    "launch__shared_mem_per_block_static", "launch__shared_mem_per_block_dynamic",
    "launch__shared_mem_per_block_driver", "launch__shared_mem_config_size",
    "launch__waves_per_multiprocessor", "launch__sm_count",
    "launch__occupancy_limit_registers", "launch__occupancy_limit_shared_mem",
    "launch__occupancy_limit_warps", "launch__occupancy_limit_blocks",
]
_OCCUPANCY = [
    "sm__warps_active.avg.pct_of_peak_sustained_active",
    "sm__maximum_warps_per_active_cycle_pct",
]
_MEMORY = [
    # L1 global loads: requests, sectors, hits, misses, hit rate, sectors per request
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum",
    "l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct",
    "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio",
    # global stores
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio",
    # all L1 traffic, L2, DRAM
    "l1tex__t_sector_hit_rate.pct",
    "lts__t_sector_hit_rate.pct",
    "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "dram__bytes_read.sum",
    "dram__bytes_write.sum",
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed",
    # nvprof gld_efficiency / gst_efficiency
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",
    "smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct",
]
_COMPUTE = [
    "gpu__time_duration.sum",
    "sm__throughput.avg.pct_of_peak_sustained_elapsed",
    "smsp__sass_average_branch_targets_threads_uniform.pct",
    "smsp__thread_inst_executed_per_inst_executed.ratio",
    "smsp__average_warp_latency_per_inst_issued.ratio",
]
_STALL_PREFIX = "smsp__average_warp_latency_issue_stalled_"


def stall_metrics(compute_capability: tuple[int, int] | None = None) -> list[str]:
    """The per-reason stall metrics ncu has for this compute capability (all if None)."""
    names = []
    for reason in NCU_STALL_REASONS + ("selected",):
        low, high = STALL_ARCH_LIMITS.get(reason, (None, None))
        if compute_capability is not None and (
            (low is not None and compute_capability < low)
            or (high is not None and compute_capability > high)
        ):
            continue
        names.append(f"{_STALL_PREFIX}{reason}.ratio")
    return names


def sweep_metrics(compute_capability: tuple[int, int] | None = (9, 0)) -> list[str]:
    """The metrics a sweep collects, for one compute capability (default Hopper, CC 9.0)."""
    return _LAUNCH + _OCCUPANCY + _MEMORY + _COMPUTE + stall_metrics(compute_capability)


#: The ncu metric names a sweep collects on Hopper (CC 9.0); every hardware name is checked
#: against ``ncu --query-metrics --chip gh100`` by tests/test_ncu_metrics.py.
SWEEP_METRICS: list[str] = sweep_metrics((9, 0))

CACHE_CONTROLS = ("all", "none")
CLOCK_CONTROLS = ("base", "none", "reset")
REPLAY_MODES = ("kernel", "application", "range", "app-range")
CSV_PAGES = ("raw", "details")


def build_ncu_command(
    target_argv: Sequence[str],
    kernel_regex: str | None,
    metrics: Sequence[str] | None = None,
    *,
    csv_page: str | None = "raw",
    launch_skip: int = 0,
    launch_count: int | None = None,
    cache_control: str = "all",
    clock_control: str = "base",
    replay_mode: str = "kernel",
    report_path: str | None = None,
    ncu: str = "ncu",
) -> list[str]:
    """The ncu argv that profiles ``target_argv`` (a list, never a shell string).

    ``kernel_regex`` filters by function name (``-k regex:...``); ``report_path`` writes a
    ``.ncu-rep`` (``-o``) instead of printing CSV. Clock and cache control are always
    stated, so recorded numbers say how they were taken.
    """
    if not target_argv:
        raise UserError("no target program to profile")
    for value, allowed, what in (
        (cache_control, CACHE_CONTROLS, "cache control"),
        (clock_control, CLOCK_CONTROLS, "clock control"),
        (replay_mode, REPLAY_MODES, "replay mode"),
    ):
        if value not in allowed:
            raise UserError(f"unknown ncu {what} {value!r}: use one of {', '.join(allowed)}")
    if launch_skip < 0 or (launch_count is not None and launch_count < 1):
        raise UserError("launch skip must be >= 0 and launch count >= 1")
    cmd = [ncu]
    metric_list = list(SWEEP_METRICS if metrics is None else metrics)
    if metric_list:
        cmd += ["--metrics", ",".join(metric_list)]
    if kernel_regex:
        pattern = kernel_regex if kernel_regex.startswith("regex:") else f"regex:{kernel_regex}"
        cmd += ["-k", pattern]
    if launch_skip:
        cmd += ["--launch-skip", str(launch_skip)]
    if launch_count is not None:
        cmd += ["--launch-count", str(launch_count)]
    cmd += ["--cache-control", cache_control, "--clock-control", clock_control,
            "--replay-mode", replay_mode]
    if report_path:
        cmd += ["--export", str(report_path), "--force-overwrite"]
    elif csv_page:
        if csv_page not in CSV_PAGES:
            raise UserError(f"unknown ncu page {csv_page!r}: use raw or details")
        cmd += ["--csv", "--page", csv_page, "--print-units", "base"]
    return cmd + [str(a) for a in target_argv]
