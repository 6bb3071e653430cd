"""One metric vocabulary for every profiler: canonical names, units and the name maps.

Rules and reports speak only the canonical names (the sweep table's metric columns, see
``gpuadvisor/sweep.py``); this module is the one place that knows what ncu and nvprof call
them. The ncu names follow NVIDIA's "nvprof Transition Guide" / "Metric Comparison" table
(Nsight Compute CLI documentation) and each hardware metric is checked against
``gpuadvisor/data/ncu_metrics_gh100.txt`` (``ncu --query-metrics --chip gh100``) by the tests.
docs/metrics.md renders the same table for people.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

from gpuadvisor.paths import DATA_DIR

# Canonical units. Every value stored in a sweep table is in one of these.
PERCENT = "percent"  # 0-100
MS = "ms"
BYTES = "bytes"
COUNT = "count"
RATIO = "ratio"
GBS = "GB/s"  # 1e9 bytes per second
TEXT = "text"  # kept as the profiler wrote it


@dataclass(frozen=True)
class Metric:
    """One canonical metric and where each profiler reports it.

    ``ncu`` lists full ncu metric names (base name + suffix), first one found wins;
    ``ncu_labels`` are the (section, label) pairs of ncu's ``--page details`` layout;
    ``nvprof`` lists nvprof metric/event names; ``scale`` maps each profiler name whose value
    needs a fixed factor to reach the canonical unit (after unit strings are applied).
    """

    name: str
    unit: str
    description: str
    ncu: tuple[str, ...] = ()
    ncu_labels: tuple[tuple[str, str], ...] = ()
    nvprof: tuple[str, ...] = ()
    scale: dict[str, float] = field(default_factory=dict)
    notes: str = ""


METRICS: tuple[Metric, ...] = (
    Metric(
        "achieved_occupancy",
        PERCENT,
        "average active warps per SM / maximum warps per SM",
        ncu=("sm__warps_active.avg.pct_of_peak_sustained_active",),
        ncu_labels=(("Occupancy", "Achieved Occupancy"),),
        nvprof=("achieved_occupancy",),
        scale={"achieved_occupancy": 100.0},
        notes="nvprof reports a 0-1 fraction; multiplied by 100.",
    ),
    Metric(
        "theoretical_occupancy",
        PERCENT,
        "occupancy the launch configuration allows",
        ncu=("sm__maximum_warps_per_active_cycle_pct",),
        ncu_labels=(("Occupancy", "Theoretical Occupancy"),),
        notes="ncu launch metric (Occupancy section). nvprof has no metric for it; "
        "gpuadvisor.occupancy computes it offline.",
    ),
    Metric(
        "gld_efficiency",
        PERCENT,
        "requested global load bytes / bytes moved (sector use)",
        ncu=("smsp__sass_average_data_bytes_per_sector_mem_global_op_ld.pct",),
        nvprof=("gld_efficiency",),
    ),
    Metric(
        "gst_efficiency",
        PERCENT,
        "requested global store bytes / bytes moved",
        ncu=("smsp__sass_average_data_bytes_per_sector_mem_global_op_st.pct",),
        nvprof=("gst_efficiency",),
    ),
    Metric(
        "l1_hit_rate",
        PERCENT,
        "L1 hit rate of global loads (sectors)",
        ncu=("l1tex__t_sector_pipe_lsu_mem_global_op_ld_hit_rate.pct",),
        nvprof=("global_hit_rate", "l1_cache_global_hit_rate"),
        notes="nvprof global_hit_rate (Maxwell+) counts loads and stores; "
        "l1_cache_global_hit_rate is the Fermi/Kepler name. "
        "ncu's all-traffic l1tex__t_sector_hit_rate.pct is kept as l1tex_hit_rate.",
    ),
    Metric(
        "l1_global_load_misses",
        COUNT,
        "global load L1 misses",
        ncu=("l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum",),
        nvprof=("l1_global_load_miss",),
        notes="ncu counts 32-byte sectors; the Fermi/Kepler nvprof event counts 128-byte "
        "cache-line misses. Compare within one profiler only.",
    ),
    Metric(
        "l1_global_load_requests",
        COUNT,
        "global load requests (one per warp instruction)",
        ncu=("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",),
        nvprof=("gld_request", "global_load_requests"),
        notes="nvprof: gld_request event (Fermi/Kepler, per SM unless summed), "
        "global_load_requests metric (Maxwell+).",
    ),
    Metric(
        "l2_hit_rate",
        PERCENT,
        "L2 hit rate (sectors, all requests)",
        ncu=("lts__t_sector_hit_rate.pct",),
        ncu_labels=(("Memory Workload Analysis", "L2 Hit Rate"),),
        nvprof=("l2_tex_hit_rate", "l2_tex_read_hit_rate", "l2_l1_read_hit_rate"),
        notes="nvprof l2_tex_hit_rate (Maxwell+), else l2_tex_read_hit_rate (reads only), else "
        "Kepler's l2_l1_read_hit_rate (L1 reads); the first one present is used.",
    ),
    Metric(
        "dram_throughput_pct",
        PERCENT,
        "DRAM throughput, percent of peak",
        ncu=(
            "dram__throughput.avg.pct_of_peak_sustained_elapsed",
            "gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed",
        ),
        ncu_labels=(("GPU Speed Of Light Throughput", "DRAM Throughput"),),
        nvprof=("dram_utilization",),
        scale={"dram_utilization": 10.0},
        notes="nvprof dram_utilization is a 0-10 level, e.g. 'High (7)'; stored as level x 10, "
        "a coarse value.",
    ),
    Metric(
        "sm_throughput_pct",
        PERCENT,
        "SM (compute) throughput, percent of peak",
        ncu=("sm__throughput.avg.pct_of_peak_sustained_elapsed",),
        ncu_labels=(("GPU Speed Of Light Throughput", "Compute (SM) Throughput"),),
        notes="no nvprof equivalent (nvprof sm_efficiency is kept as sm_efficiency).",
    ),
    Metric(
        "sectors_per_request",
        RATIO,
        "global load sectors per request (1 warp, 4 B/thread coalesced = 4)",
        ncu=("l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio",),
        nvprof=("gld_transactions_per_request",),
        notes="nvprof transactions are 32-byte sectors on Maxwell+ but 128-byte lines for "
        "L1-cached loads on Fermi/Kepler.",
    ),
    Metric(
        "registers_per_thread",
        COUNT,
        "registers allocated per thread",
        ncu=("launch__registers_per_thread",),
        ncu_labels=(("Launch Statistics", "Registers Per Thread"),),
        nvprof=("Registers Per Thread",),
        notes="nvprof: a --print-gpu-trace column.",
    ),
    Metric(
        "shared_mem_per_block",
        BYTES,
        "static + dynamic shared memory per block",
        ncu=("launch__shared_mem_per_block_static", "launch__shared_mem_per_block_dynamic"),
        ncu_labels=(
            ("Launch Statistics", "Static Shared Memory Per Block"),
            ("Launch Statistics", "Dynamic Shared Memory Per Block"),
        ),
        nvprof=("Static SMem", "Dynamic SMem"),
        notes="sum of the static and dynamic parts (both profilers); the driver-reserved "
        "part is not included.",
    ),
    Metric(
        "shared_efficiency",
        PERCENT,
        "requested / transferred shared-memory bytes (100% = no bank conflicts)",
        ncu=("smsp__sass_average_data_bytes_per_wavefront_mem_shared.pct",),
        nvprof=("shared_efficiency",),
        notes="ncu: bytes per shared-memory wavefront over the peak; a kernel without shared "
        "memory reports n/a (missing, never 0).",
    ),
    Metric(
        "branch_efficiency",
        PERCENT,
        "uniform branches / all branches",
        ncu=("smsp__sass_average_branch_targets_threads_uniform.pct",),
        nvprof=("branch_efficiency",),
    ),
    Metric(
        "duration_ms",
        MS,
        "kernel duration under the profiler (replayed; not the timing pass)",
        ncu=("gpu__time_duration.sum",),
        ncu_labels=(("GPU Speed Of Light Throughput", "Duration"),),
        nvprof=("Duration",),
        notes="ncu reports ns/us/ms by its unit column; nvprof trace Duration by its units row.",
    ),
)

BY_NAME: dict[str, Metric] = {m.name: m for m in METRICS}
CANONICAL_NAMES: tuple[str, ...] = tuple(m.name for m in METRICS)

#: Further ncu metrics a sweep keeps as extra columns: ncu name -> (column, canonical unit).
NCU_EXTRA: dict[str, tuple[str, str]] = {
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": ("l1_global_load_sectors", COUNT),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum": ("l1_global_load_hits", COUNT),
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum": ("l1_global_store_requests", COUNT),
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum": ("shared_bank_conflicts", COUNT),
    "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum": ("l1_global_atomic_requests", COUNT),
    "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum": ("l1_global_reduction_requests", COUNT),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum": ("l1_global_atomic_sectors", COUNT),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum": ("l1_global_reduction_sectors", COUNT),
    "lts__d_atomic_input_cycles_active.max.pct_of_peak_sustained_elapsed": (
        "l2_atomic_busy_max_pct",
        PERCENT,
    ),
    "lts__d_atomic_input_cycles_active.avg.pct_of_peak_sustained_elapsed": (
        "l2_atomic_busy_avg_pct",
        PERCENT,
    ),
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum": ("l1_global_store_sectors", COUNT),
    "l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio": (
        "store_sectors_per_request",
        RATIO,
    ),
    "l1tex__t_sector_hit_rate.pct": ("l1tex_hit_rate", PERCENT),
    "smsp__thread_inst_executed_per_inst_executed.ratio": ("threads_per_warp_instruction", RATIO),
    "gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed": (
        "memory_throughput_pct",
        PERCENT,
    ),
    "dram__bytes_read.sum": ("dram_bytes_read", BYTES),
    "dram__bytes_write.sum": ("dram_bytes_write", BYTES),
    "smsp__average_warp_latency_per_inst_issued.ratio": ("warp_cycles_per_issued_inst", RATIO),
    "launch__block_size": ("block_size", COUNT),
    "launch__grid_size": ("grid_size", COUNT),
    "launch__thread_count": ("thread_count", COUNT),
    "launch__waves_per_multiprocessor": ("waves_per_sm", RATIO),
    "launch__sm_count": ("sm_count", COUNT),
    "launch__shared_mem_per_block_driver": ("shared_mem_driver_per_block", BYTES),
    "launch__shared_mem_config_size": ("shared_mem_config_size", BYTES),
    "launch__occupancy_limit_registers": ("occupancy_limit_registers", COUNT),
    "launch__occupancy_limit_shared_mem": ("occupancy_limit_shared_mem", COUNT),
    "launch__occupancy_limit_warps": ("occupancy_limit_warps", COUNT),
    "launch__occupancy_limit_blocks": ("occupancy_limit_blocks", COUNT),
    "launch__func_cache_config": ("func_cache_config", TEXT),
    "device__attribute_display_name": ("gpu", TEXT),
    "device__attribute_multiprocessor_count": ("sm_count", COUNT),
}

#: ncu ``--page details`` rows (section, label) -> column, beyond the canonical metrics'
#: own ``ncu_labels``. Labels are the ones NVIDIA's section files give their metrics.
NCU_LABEL_EXTRA: dict[tuple[str, str], tuple[str, str]] = {
    ("Launch Statistics", "Block Size"): ("block_size", COUNT),
    ("Launch Statistics", "Function Cache Configuration"): ("func_cache_config", TEXT),
    ("Launch Statistics", "Grid Size"): ("grid_size", COUNT),
    ("Launch Statistics", "Threads"): ("thread_count", COUNT),
    ("Launch Statistics", "Waves Per SM"): ("waves_per_sm", RATIO),
    ("Launch Statistics", "# SMs"): ("sm_count", COUNT),
    ("Launch Statistics", "Driver Shared Memory Per Block"): ("shared_mem_driver_per_block", BYTES),
    ("Launch Statistics", "Shared Memory Configuration Size"): ("shared_mem_config_size", BYTES),
    ("Occupancy", "Block Limit Registers"): ("occupancy_limit_registers", COUNT),
    ("Occupancy", "Block Limit Shared Mem"): ("occupancy_limit_shared_mem", COUNT),
    ("Occupancy", "Block Limit Warps"): ("occupancy_limit_warps", COUNT),
    ("Occupancy", "Block Limit SM"): ("occupancy_limit_blocks", COUNT),
    ("GPU Speed Of Light Throughput", "Memory Throughput"): ("memory_throughput_pct", PERCENT),
    ("Memory Workload Analysis", "L1/TEX Hit Rate"): ("l1tex_hit_rate", PERCENT),
    ("Warp State Statistics", "Warp Cycles Per Issued Instruction"): (
        "warp_cycles_per_issued_inst",
        RATIO,
    ),
}

#: ncu launch geometry: metric -> sweep-table identity column.
NCU_GEOMETRY: dict[str, str] = {
    "launch__block_dim_x": "block_x",
    "launch__block_dim_y": "block_y",
    "launch__block_dim_z": "block_z",
    "launch__grid_dim_x": "grid_x",
    "launch__grid_dim_y": "grid_y",
    "launch__grid_dim_z": "grid_z",
}

#: Further nvprof metrics kept as extra columns: nvprof name -> (column, canonical unit).
NVPROF_EXTRA: dict[str, tuple[str, str]] = {
    "sm_efficiency": ("sm_efficiency", PERCENT),
    "warp_execution_efficiency": ("warp_execution_efficiency", PERCENT),
    "gld_transactions": ("gld_transactions", COUNT),
    "gst_transactions": ("gst_transactions", COUNT),
    "gst_transactions_per_request": ("store_sectors_per_request", RATIO),
    "gld_throughput": ("gld_throughput_gbs", GBS),
    "gst_throughput": ("gst_throughput_gbs", GBS),
    "dram_read_throughput": ("dram_read_throughput_gbs", GBS),
    "dram_write_throughput": ("dram_write_throughput_gbs", GBS),
    "tex_cache_hit_rate": ("l1tex_hit_rate", PERCENT),
    "ipc": ("ipc", RATIO),
    "l1_global_load_hit": ("l1_global_load_hits", COUNT),
}

# ---------------------------------------------------------------- stall reasons
#: Every warp stall reason ncu reports on Volta..Hopper (WarpStateStatistics.section; the
#: ``smsp__average_warp_latency_issue_stalled_<reason>`` family of ``--query-metrics``).
#: ``selected`` is not a stall and is excluded from the stall total.
NCU_STALL_REASONS: tuple[str, ...] = (
    "barrier",
    "branch_resolving",
    "dispatch_stall",
    "drain",
    "gmma",
    "imc_miss",
    "lg_throttle",
    "long_scoreboard",
    "math_pipe_throttle",
    "membar",
    "mio_throttle",
    "misc",
    "no_instruction",
    "not_selected",
    "short_scoreboard",
    "sleeping",
    "tex_throttle",
    "wait",
)
NOT_A_STALL = ("selected",)
#: gmma exists only on CC 9.0 and imc_miss up to CC 9.0 (WarpStateStatistics.section filters).
STALL_ARCH_LIMITS: dict[str, tuple[tuple[int, int] | None, tuple[int, int] | None]] = {
    "gmma": ((9, 0), (9, 0)),
    "imc_miss": (None, (9, 0)),
}

#: nvprof's stall categories (the canonical ``stall_<category>`` columns) and the ncu reasons
#: each one sums, after NVIDIA's nvprof-to-ncu Metric Comparison table. ``branch_resolving``
#: was part of nvprof's "Other" on CC 5.x/6.x; ``gmma`` (Hopper warpgroup MMA) has no nvprof
#: counterpart and is counted as "other" too.
STALL_CATEGORIES: dict[str, tuple[str, ...]] = {
    "constant_memory_dependency": ("imc_miss",),
    "exec_dependency": ("short_scoreboard", "wait"),
    "inst_fetch": ("no_instruction",),
    "memory_dependency": ("long_scoreboard",),
    "memory_throttle": ("drain", "lg_throttle"),
    "not_selected": ("not_selected",),
    "other": ("misc", "dispatch_stall", "branch_resolving", "gmma"),
    "pipe_busy": ("math_pipe_throttle", "mio_throttle"),
    "sleeping": ("sleeping",),
    "sync": ("barrier", "membar"),
    "texture": ("tex_throttle",),
}
STALL_COLUMNS: tuple[str, ...] = tuple(f"stall_{c}" for c in STALL_CATEGORIES)
NVPROF_STALL_METRICS: tuple[str, ...] = STALL_COLUMNS  # nvprof uses the same names
#: Per-reason ncu detail columns (share of total stall, percent). Not ``stall_``-prefixed so
#: that the canonical ``stall_*`` columns alone sum to 100.
NCU_STALL_DETAIL_PREFIX = "ncu_stall_"

#: ncu counter families that give a per-reason stall amount; any one of them, divided by its
#: sum over all reasons, yields the shares. The family with most reasons present is used.
NCU_STALL_FAMILIES: tuple[tuple[str, str], ...] = (
    ("smsp__average_warp_latency_issue_stalled_", ".ratio"),
    ("smsp__average_warps_issue_stalled_", "_per_issue_active.ratio"),
    ("smsp__warp_issue_stalled_", "_per_warp_active.pct"),
    ("smsp__warps_issue_stalled_", ".sum"),
    ("smsp__pcsamp_warps_issue_stalled_", ""),
)


def stall_category(reason: str) -> str | None:
    """The nvprof category an ncu stall reason belongs to (None for 'selected')."""
    for category, reasons in STALL_CATEGORIES.items():
        if reason in reasons:
            return category
    return None


def stall_shares(amounts: dict[str, float]) -> dict[str, float]:
    """Per-reason stall amounts (any ncu family) -> canonical + detail share columns.

    Shares are percent of the total over real stall reasons ('selected' excluded). Reasons
    absent from ``amounts`` contribute nothing; NaN amounts are ignored. Returns {} when the
    total is not positive, so no made-up zeros appear.
    """
    clean = {
        r: float(v)
        for r, v in amounts.items()
        if r not in NOT_A_STALL and v is not None and math.isfinite(v) and float(v) >= 0
    }
    total = sum(clean.values())
    if not clean or not 0 < total < math.inf:
        return {}
    out: dict[str, float] = {}
    for category, reasons in STALL_CATEGORIES.items():
        present = [clean[r] for r in reasons if r in clean]
        if present:
            out[f"stall_{category}"] = 100.0 * sum(present) / total
    for reason, value in clean.items():
        out[f"{NCU_STALL_DETAIL_PREFIX}{reason}"] = 100.0 * value / total
    return out


# ---------------------------------------------------------------- name maps
def source_rank(column: str, name: str) -> int:
    """Preference of profiler metric ``name`` as a source of ``column`` (0 = first choice)."""
    metric = BY_NAME.get(column)
    if metric is not None:
        for names in (metric.ncu, metric.nvprof):
            if name in names:
                return names.index(name)
    return 0


@lru_cache(maxsize=1)
def ncu_name_map() -> dict[str, str]:
    """ncu metric name -> canonical column (canonical metrics, extras, geometry)."""
    out: dict[str, str] = {}
    for metric in METRICS:
        for name in metric.ncu:
            out.setdefault(name, metric.name)
    for name, (column, _unit) in NCU_EXTRA.items():
        out.setdefault(name, column)
    out.update(NCU_GEOMETRY)
    return out


@lru_cache(maxsize=1)
def ncu_label_map() -> dict[tuple[str, str], str]:
    """ncu details-page (section, label) -> canonical column."""
    out: dict[tuple[str, str], str] = {}
    for metric in METRICS:
        for key in metric.ncu_labels:
            out.setdefault(key, metric.name)
    for key, (column, _unit) in NCU_LABEL_EXTRA.items():
        out.setdefault(key, column)
    return out


@lru_cache(maxsize=1)
def nvprof_name_map() -> dict[str, str]:
    """nvprof metric/event/trace-column name -> canonical column."""
    out: dict[str, str] = {}
    for metric in METRICS:
        for name in metric.nvprof:
            out.setdefault(name, metric.name)
    for name, (column, _unit) in NVPROF_EXTRA.items():
        out.setdefault(name, column)
    for column in STALL_COLUMNS:
        out[column] = column
    return out


def unit_of(column: str) -> str | None:
    """Canonical unit of a sweep-table column this module knows, else None."""
    if column in BY_NAME:
        return BY_NAME[column].unit
    if column.startswith("stall_") or column.startswith(NCU_STALL_DETAIL_PREFIX):
        return PERCENT
    for table in (NCU_EXTRA, NVPROF_EXTRA, NCU_LABEL_EXTRA):
        for col, unit in table.values():
            if col == column:
                return unit
    return None


# ---------------------------------------------------------------- ncu name validation
#: The launch__* metrics ``ncu`` is asked for on every profile, in command-line order; the
#: profiler (ncu.py) requests exactly these, so they live here beside the validation list.
NCU_LAUNCH_METRICS: tuple[str, ...] = (
    "launch__block_dim_x",
    "launch__block_dim_y",
    "launch__block_dim_z",
    "launch__grid_dim_x",
    "launch__grid_dim_y",
    "launch__grid_dim_z",
    "launch__block_size",
    "launch__grid_size",
    "launch__thread_count",
    "launch__registers_per_thread",
    "launch__shared_mem_per_block_static",
    "launch__shared_mem_per_block_dynamic",
    "launch__shared_mem_per_block_driver",
    "launch__shared_mem_config_size",
    "launch__waves_per_multiprocessor",
    "launch__sm_count",
    "launch__occupancy_limit_registers",
    "launch__occupancy_limit_shared_mem",
    "launch__occupancy_limit_warps",
    "launch__occupancy_limit_blocks",
    "launch__func_cache_config",
)

#: Metrics ncu computes from the launch itself rather than from hardware counters; they are
#: not listed by ``--query-metrics``. Names from NVIDIA's section files (LaunchStatistics,
#: Occupancy) and the Profiling Guide's launch__* list.
NCU_TOOL_METRICS: frozenset[str] = frozenset(NCU_LAUNCH_METRICS) | frozenset(
    {
        "launch__shared_mem_per_block",
        "launch__occupancy_limit_barriers",
        "launch__stack_size",
        "launch__cluster_size",
        "sm__maximum_warps_per_active_cycle_pct",
        "sm__maximum_warps_avg_per_active_cycle",
        "device__attribute_display_name",
        "device__attribute_multiprocessor_count",
        "device__attribute_compute_capability_major",
        "device__attribute_compute_capability_minor",
    }
)

_COUNTER_ROLLUPS = ("sum", "avg", "min", "max")
_COUNTER_SUBMETRICS = (
    "",
    "per_second",
    "per_cycle_active",
    "per_cycle_elapsed",
    "per_cycle_in_region",
    "per_cycle_in_frame",
    "peak_sustained",
    "peak_sustained_active",
    "peak_sustained_elapsed",
    "pct_of_peak_sustained_active",
    "pct_of_peak_sustained_elapsed",
    "pct_of_peak_sustained_region",
    "pct_of_peak_sustained_frame",
)
_RATIO_SUFFIXES = ("ratio", "pct", "max_rate")


@lru_cache(maxsize=1)
def known_ncu_base_metrics() -> dict[str, str]:
    """Base name -> type (C, R, T) from the committed gh100 ``--query-metrics`` list."""
    out: dict[str, str] = {}
    with (DATA_DIR / "ncu_metrics_gh100.txt").open() as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            name, kind = line.split()
            out[name] = kind
    return out


def is_known_ncu_metric(full_name: str) -> bool:
    """True if ``full_name`` (base + suffix) is a metric ncu 2025.3 accepts on gh100."""
    if full_name in NCU_TOOL_METRICS:
        return True
    base, _, suffix = full_name.partition(".")
    kind = known_ncu_base_metrics().get(base)
    if kind is None or not suffix:
        return False
    if kind == "R":
        return suffix in _RATIO_SUFFIXES
    rollup, _, sub = suffix.partition(".")
    return rollup in _COUNTER_ROLLUPS and sub in _COUNTER_SUBMETRICS


# ---------------------------------------------------------------- documentation
def metrics_markdown() -> str:
    """docs/metrics.md, rendered from the tables above (a test keeps the file in sync)."""
    from gpuadvisor.profilers.detect import FORMATS
    from gpuadvisor.profilers.ncu import SWEEP_METRICS

    def code(names) -> str:
        return "<br>".join(f"`{n}`" for n in names) or "—"

    out = [
        "# Metrics: one vocabulary for ncu and nvprof",
        "",
        "<!-- generated by `python -m gpuadvisor.profilers.metrics > docs/metrics.md`; "
        "edit gpuadvisor/profilers/metrics.py -->",
        "",
        "Every sweep-table metric column has one canonical name and unit, whichever profiler",
        "measured it. Rules and reports use only these names. Percentages are 0-100, durations",
        "milliseconds, sizes bytes. A metric a profiler did not report is missing (NaN), never 0.",
        "",
        "ncu names follow NVIDIA's nvprof-to-ncu *Metric Comparison* table (Nsight Compute CLI",
        'documentation, "nvprof Transition Guide"). Every ncu hardware metric below is checked',
        "by the tests against `ncu --query-metrics --chip gh100` (Nsight Compute 2025.3.1, kept as",
        "`gpuadvisor/data/ncu_metrics_gh100.txt`); launch metrics (`launch__*`,",
        "`sm__maximum_warps_per_active_cycle_pct`), which `--query-metrics` does not list, against",
        "NVIDIA's section files (LaunchStatistics, Occupancy) and the recorded H200 output in",
        "`fixtures/hopper/ncu/`.",
        "",
        "## Canonical metrics",
        "",
        "| canonical name | unit | ncu metric | ncu `--page details` label | nvprof | notes |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for m in METRICS:
        labels = "<br>".join(f"{s} / {lab}" for s, lab in m.ncu_labels) or "—"
        out.append(
            f"| `{m.name}` | {m.unit} | {code(m.ncu)} | {labels} | {code(m.nvprof)} | "
            f"{m.description}. {m.notes}".rstrip()
            + " |"
        )
    out += [
        "",
        "## Warp stall reasons",
        "",
        "`stall_<category>` is the percent (0-100) of stalled warp cycles attributed to that",
        "category: nvprof reports these shares itself (`stall_memory_dependency`, ...). For ncu",
        "each reason's amount is read from one counter family (the one with most reasons present:",
        "`smsp__average_warp_latency_issue_stalled_<reason>.ratio`, which a sweep collects;",
        "`smsp__average_warps_issue_stalled_<reason>_per_issue_active.ratio` of the",
        "WarpStateStats section; `smsp__warp_issue_stalled_<reason>_per_warp_active.pct`;",
        "`smsp__warps_issue_stalled_<reason>.sum`; `smsp__pcsamp_warps_issue_stalled_<reason>`),",
        "divided by the sum over all reasons except `selected` (not a stall), and summed into",
        "nvprof's categories below. The `stall_*` columns of an ncu row add up to 100. The",
        "per-reason shares are kept as `ncu_stall_<reason>` (they add up to 100 too).",
        "",
        "| column | ncu reasons summed | nvprof metric |",
        "| --- | --- | --- |",
    ]
    for category, reasons in STALL_CATEGORIES.items():
        out.append(f"| `stall_{category}` | {code(reasons)} | `stall_{category}` |")
    out += [
        "",
        '`branch_resolving` was part of nvprof\'s "Other" on CC 5.x/6.x; `gmma` (Hopper warpgroup',
        "MMA, CC 9.0 only) has no nvprof counterpart and counts as other; `imc_miss` exists up to",
        "CC 9.0. A sweep asks only for the reasons the GPU has (`ncu.sweep_metrics(cc)`).",
        "",
        "## Further columns",
        "",
        "Kept next to the canonical ones when the input has them (same units rules).",
        "",
        "| column | unit | ncu metric or details label | nvprof |",
        "| --- | --- | --- | --- |",
    ]
    columns: dict[str, dict] = {}
    for name, (col, unit) in NCU_EXTRA.items():
        columns.setdefault(col, {"unit": unit, "ncu": [], "nvprof": []})["ncu"].append(name)
    for (section, label), (col, unit) in NCU_LABEL_EXTRA.items():
        columns.setdefault(col, {"unit": unit, "ncu": [], "nvprof": []})["ncu"].append(
            f"{section} / {label}"
        )
    for name, (col, unit) in NVPROF_EXTRA.items():
        columns.setdefault(col, {"unit": unit, "ncu": [], "nvprof": []})["nvprof"].append(name)
    for col in sorted(columns):
        info = columns[col]
        out.append(f"| `{col}` | {info['unit']} | {code(info['ncu'])} | {code(info['nvprof'])} |")
    out += [
        "",
        "Rows also carry `kernel` (the function name alone: no return type, namespace, template",
        "or parameter list, e.g. `matrixMulCUDA` for `void matrixMulCUDA<int=32>(float*, ...)`),",
        "`kernel_signature` (the full name as the profiler printed it, without nvprof's `[1234]`",
        "correlation id), `launch_id` (ncu's ID), `invocations` (nvprof's count), `launches`",
        "(rows collapsed by `gpuadvisor import`), `ncu_rules` (ncu's rule names with their",
        "estimated speedup, details page), `input_format`, and the launch shape: `block_x/y/z`,",
        "`grid_x/y/z` from ncu's Block Size/Grid Size columns or `launch__block_dim_*`, or",
        "nvprof's trace columns. When only a thread count is known (older details pages), only",
        "`block_size` is set; a shape is never invented.",
        "",
        "## Units",
        "",
        "| profiler writes | stored as |",
        "| --- | --- |",
        "| ncu `ns`/`nsecond`, `us`/`usecond`, `ms`/`msecond`, `s`/`second` | ms |",
        "| ncu `byte`, `Kbyte`, `Mbyte`, `Gbyte`, `byte/block` (SI: 1 Kbyte = 1000 bytes) [1] |"
        " bytes |",
        "| nvprof trace units row `B`, `KB`, `MB` (1 KB = 1024 bytes) [2] | bytes |",
        "| `67,136`, `9,495.42` (thousands separators) | 67136, 9495.42 |",
        "| `83.3%` (nvprof) or `%` unit column (ncu) | 83.3 |",
        "| nvprof `achieved_occupancy` 0.935 | 93.5 |",
        "| nvprof `Low (1)` .. `Max (10)` utilization levels | level x 10 "
        "(`dram_throughput_pct`) |",
        "| nvprof `155.0GB/s`, `379.67MB/s` | GB/s (1e9 B/s) |",
        "| `n/a`, empty, non-numbers | missing (NaN) |",
        "",
        "[1] In the RTX 5090 details page (fixtures/ncu-samples) 2.33 Mbyte read in 6.75 us is",
        "shown as 345.14 Gbyte/s: only 1000-based Mbyte and Gbyte agree (1024-based gives 337).",
        "[2] The GTX 1080 Ti trace (fixtures/nvprof) shows matrixMul<32>'s two 32x32 float tiles",
        "(8192 bytes) as 8.000000 KB.",
        "",
        "## Inputs `gpuadvisor import` reads",
        "",
        "The format is detected from the content (`gpuadvisor/profilers/detect.py`); leading",
        "`#` provenance lines are read (`# ncu: ... Version 2025.3.1.0` fills",
        "`profiler_version`, `# gpu: NVIDIA H200, ...` fills `gpu`) and ncu's `==PROF==` lines",
        "and program output before or between CSV rows are skipped.",
        "",
        "| format | what it is |",
        "| --- | --- |",
    ]
    for name, what in FORMATS.items():
        out.append(f"| `{name}` | {what} |")
    out += [
        "",
        "A `.ncu-rep` is read through NVIDIA's `ncu_report` module (Nsight Compute's",
        "`extras/python`, found next to `ncu` on PATH, under `/opt/nvidia/nsight-compute/*/`, or",
        "at `NCU_PYTHON_PATH`), else through `ncu --import FILE --csv --page raw`.",
        "",
        "## The metrics a sweep collects (`gpuadvisor.profilers.ncu.SWEEP_METRICS`, CC 9.0)",
        "",
    ]
    out += [f"- `{name}`" for name in SWEEP_METRICS]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    print(metrics_markdown(), end="")
