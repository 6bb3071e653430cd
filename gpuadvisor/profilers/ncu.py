"""Nsight Compute (ncu): the sweep's metric list, its command line, running it, reading it.

A sweep profiles many launches in one ncu process; ``--csv --page raw`` gives one row per
launch with every requested metric, which :func:`parse_ncu_csv` turns into sweep-table rows.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from gpuadvisor.errors import ProfilerError, UserError
from gpuadvisor.profilers.base import (
    Profiler,
    arch_from_cc,
    clean_kernel_name,
    csv_row,
    find_executable,
    parse_dim3,
    profiler_version_from,
    run_command,
    split_provenance,
    split_value,
    to_canonical,
)
from gpuadvisor.profilers.metrics import (
    COUNT,
    MS,
    NCU_GEOMETRY,
    NCU_LAUNCH_METRICS,
    NCU_STALL_FAMILIES,
    NCU_STALL_REASONS,
    NOT_A_STALL,
    STALL_ARCH_LIMITS,
    TEXT,
    ncu_label_map,
    ncu_name_map,
    source_rank,
    stall_shares,
    unit_of,
)
from gpuadvisor.profilers.ncu_report_dump import _import_ncu_report
from gpuadvisor.sweep import normalize

_LAUNCH = list(NCU_LAUNCH_METRICS)
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
    # global atomics (returning a value) and reductions (atomicAdd whose result is unused):
    # warp requests, so that a block's own atomics can be counted
    "l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
    # and their sectors: a warp's atomics or reductions scattered over rows (x walking a row
    # pitch) move a sector a thread, as scattered stores do
    "l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum",
    # how busy the L2 slices' atomic units were (the busiest one, and the mean): atomics on the
    # same few addresses queue at one slice, whatever the rest of the memory system does
    "lts__d_atomic_input_cycles_active.max.pct_of_peak_sustained_elapsed",
    "lts__d_atomic_input_cycles_active.avg.pct_of_peak_sustained_elapsed",
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
    # nvprof shared_efficiency, and the bank conflicts behind it
    "smsp__sass_average_data_bytes_per_wavefront_mem_shared.pct",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
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
    cmd += [
        "--cache-control",
        cache_control,
        "--clock-control",
        clock_control,
        "--replay-mode",
        replay_mode,
        "--target-processes",
        "all",
    ]
    if report_path:
        cmd += ["--export", str(report_path), "--force-overwrite"]
    elif csv_page:
        if csv_page not in CSV_PAGES:
            raise UserError(f"unknown ncu page {csv_page!r}: use raw or details")
        cmd += ["--csv", "--page", csv_page, "--print-units", "base"]
    return cmd + [str(a) for a in target_argv]


# ================================================================ parsing
_IDENTITY = (
    "ID",
    "Process ID",
    "Process Name",
    "Host Name",
    "Kernel Name",
    "Context",
    "Stream",
    "Block Size",
    "Grid Size",
    "Device",
    "CC",
)
_DETAILS_COLUMNS = ("Section Name", "Metric Name", "Metric Unit", "Metric Value")
_RAW_LABEL_ALIASES = {"Kernel Name": "Kernel Name", "Function Name": "Kernel Name"}


def diagnose_ncu_output(text: str) -> ProfilerError | None:
    """The one-line error an ncu log reports (permissions, target failure, no kernel)."""
    if "ERR_NVGPUCTRPERM" in text:
        return ProfilerError(
            "ncu has no permission to read GPU performance counters (ERR_NVGPUCTRPERM): run as "
            "root or load the driver with NVreg_RestrictProfilingToAdminUsers=0 "
            "(https://developer.nvidia.com/ERR_NVGPUCTRPERM)"
        )
    match = re.search(r"==ERROR==\s*Failed to find metric\s*(\S*)", text)
    if match:
        return ProfilerError(
            f"ncu does not know metric {match.group(1) or '(unnamed)'} on this GPU"
        )
    match = re.search(r"==ERROR==\s*The application returned an error code \((-?\d+)\)", text)
    if match:
        return ProfilerError(
            f"the profiled program exited with code {match.group(1)} under ncu", exit_code=4
        )
    if re.search(r"No kernels were profiled", text):
        available = (
            re.findall(
                r"^\s*\d+\.\s+(\S.*?)\s*$", text.split("Available Kernels:", 1)[1], re.MULTILINE
            )
            if "Available Kernels:" in text
            else []
        )
        hint = f"; kernels it saw: {', '.join(available[:10])}" if available else ""
        return ProfilerError(
            "ncu profiled no kernel: no launch matched the kernel filter (check --kernel, "
            f"--launch-skip/--launch-count) or the program launched no kernel{hint}"
        )
    match = re.search(r"==ERROR==\s*(.+)", text)
    if match:
        return ProfilerError(f"ncu: {match.group(1).strip()[:200]}")
    return None


def _is_header(line: str) -> bool:
    return line.startswith('"ID"') or (line.startswith('"') and '"Kernel Name"' in line)


def _find_header(lines: list[str]) -> int | None:
    return next((i for i, line in enumerate(lines) if _is_header(line)), None)


def parse_ncu_csv(text: str, source: str = "") -> pd.DataFrame:
    """ncu ``--csv`` output (``--page raw`` or ``--page details``) -> sweep-table rows.

    Program output, ``==PROF==`` lines and ``#`` provenance lines before the header are
    skipped. One row per profiled kernel launch; an output with an error and no data raises
    the error as a ProfilerError.
    """
    return normalize(pd.DataFrame(ncu_csv_records(text, source)))


def ncu_csv_records(text: str, source: str = "") -> list[dict]:
    """The parsing half of :func:`parse_ncu_csv`: one record (dict) per launch."""
    meta, lines = split_provenance(text)
    header_at = _find_header(lines)
    if header_at is None:
        problem = diagnose_ncu_output(text)
        raise problem or ProfilerError(
            f"{source or 'input'}: no ncu CSV header "
            '("ID","Process ID",...,"Kernel Name",...) found'
        )
    starts = [i for i in range(header_at, len(lines)) if _is_header(lines[i])]
    records: list[dict] = []
    for n, start in enumerate(starts):  # one table per header (several runs concatenated)
        header = csv_row(lines[start])
        if len(set(header)) != len(header):
            raise ProfilerError(f"{source or 'input'}: ncu CSV header repeats a column name")
        body = lines[start + 1 : starts[n + 1] if n + 1 < len(starts) else len(lines)]
        if all(col in header for col in _DETAILS_COLUMNS):
            records += _details_records(header, body, source)
        else:
            records += _raw_records(header, body, source)
    version = profiler_version_from(meta)
    if not records:
        problem = diagnose_ncu_output(text)
        raise problem or ProfilerError(
            f"{source or 'input'}: ncu CSV has a header but no kernel rows (truncated?)"
        )
    gpu = meta.get("gpu", "").split(",")[0].strip() or None  # '# gpu: NVIDIA H200, 580.x'
    for record in records:
        record.update(profiler="ncu", profiler_version=version, source=source or None)
        if gpu and not record.get("gpu"):
            record["gpu"] = gpu
    return records


_ROW_START = re.compile(r'^"\d*",')  # ncu rows start with their ID ("" in the units row)


def _rows(body: list[str], width: int, source: str, min_width: int | None = None):
    """CSV rows of ``width`` cells (at least ``min_width``, padded); ncu's own log lines and
    program output in between are skipped."""
    min_width = width if min_width is None else min_width
    for number, line in enumerate(body, 1):
        if not line.strip() or line.startswith("==") or line.startswith("#"):
            continue
        if not _ROW_START.match(line):
            continue  # program output interleaved with ncu's CSV
        cells = csv_row(line)
        if cells and cells[0] == "ID" and "Kernel Name" in cells:
            continue  # a repeated header (tables of several processes or files)
        if min_width <= len(cells) < width:
            cells += [""] * (width - len(cells))
        if len(cells) != width:
            raise ProfilerError(
                f"{source or 'input'}: line {number} after the header has "
                f"{len(cells)} cells, the header {width} (truncated or "
                "mixed output?)"
            )
        yield cells


def _raw_records(header: list[str], body: list[str], source: str) -> list[dict]:
    if "Kernel Name" not in header:
        raise ProfilerError(f"{source or 'input'}: ncu CSV header has no 'Kernel Name' column")
    identity = [c for c in header if c in _IDENTITY]
    metric_cols = [c for c in header if c not in _IDENTITY]
    units: dict[str, str] = {}
    records = []
    for cells in _rows(body, len(header), source):
        row = dict(zip(header, cells, strict=True))
        if not row.get("Kernel Name") and not row.get("ID"):
            units = {c: row[c] for c in metric_cols}  # the units row
            continue
        values = {c: (row[c], units.get(c, "")) for c in metric_cols}
        records.append(_record({c: row[c] for c in identity}, values, {}))
    return records


def _details_records(header: list[str], body: list[str], source: str) -> list[dict]:
    launches: dict[tuple[str, str], dict] = {}
    min_width = header.index("Metric Value") + 1
    for cells in _rows(body, len(header), source, min_width):
        row = dict(zip(header, cells, strict=True))
        key = (row.get("Process ID", ""), row.get("ID", ""))
        launch = launches.setdefault(
            key,
            {
                "identity": {c: row[c] for c in header if c in _IDENTITY},
                "metrics": {},
                "labels": {},
                "rules": [],
            },
        )
        name = row.get("Metric Name", "")
        if row.get("Rule Name") and not name:
            speedup = row.get("Estimated Speedup", "")
            launch["rules"].append(row["Rule Name"] + (f" ({speedup}%)" if speedup else ""))
            continue
        if not name:
            continue
        value = (row.get("Metric Value", ""), row.get("Metric Unit", ""))
        if "__" in name and " " not in name:
            launch["metrics"][name] = value
        else:
            launch["labels"][(row.get("Section Name", ""), name)] = value
    records = []
    for launch in launches.values():
        record = _record(launch["identity"], launch["metrics"], launch["labels"])
        if launch["rules"]:
            record["ncu_rules"] = "; ".join(launch["rules"])
        records.append(record)
    return records


def _record(
    identity: dict[str, str],
    metrics: dict[str, tuple[object, str]],
    labels: dict[tuple[str, str], tuple[object, str]],
) -> dict:
    """One launch: identity columns + ncu metrics/labels -> a sweep-table record."""
    kernel, signature = clean_kernel_name(identity.get("Kernel Name", "") or "?")
    rec: dict = {"kernel": kernel, "kernel_signature": signature}
    if identity.get("ID", "") != "":
        rec["launch_id"], _ = split_value(identity["ID"])
    if identity.get("CC"):
        rec["arch"] = arch_from_cc(identity["CC"])
    for col, dims in (
        ("Block Size", ("block_x", "block_y", "block_z")),
        ("Grid Size", ("grid_x", "grid_y", "grid_z")),
    ):
        if identity.get(col):
            for axis, value in zip(dims, parse_dim3(identity[col]), strict=True):
                if value == value:
                    rec[axis] = value
    name_map = ncu_name_map()
    label_map = ncu_label_map()
    smem: dict[str, float] = {}
    stalls: dict[str, dict[str, float]] = {}
    rank: dict[str, int] = {}  # column -> priority of the name that set it (0 = preferred)
    for name, (raw, unit) in metrics.items():
        family = _stall_family(name)
        if family is not None:
            value, _ = split_value(raw)
            stalls.setdefault(family[0], {})[family[1]] = value
            continue
        column = name_map.get(name)
        if column is None:
            continue
        value = _convert(column, raw, unit)
        if column == "shared_mem_per_block":
            smem[name] = value
        elif rank.get(column, 99) < source_rank(column, name) and _present(rec.get(column)):
            continue  # a preferred name already gave this column
        elif isinstance(value, str) or column not in NCU_GEOMETRY.values() or value == value:
            rec[column] = value
            rank[column] = source_rank(column, name)
    for key, (raw, unit) in labels.items():
        column = label_map.get(key)
        if column is None:
            continue
        value = _convert(column, raw, unit)
        if column == "shared_mem_per_block":
            smem[key[1]] = value
        elif not _present(rec.get(column)):
            rec[column] = value
    if smem and all(v == v for v in smem.values()):
        rec["shared_mem_per_block"] = sum(smem.values())
    if stalls:
        best = max(stalls.values(), key=lambda d: sum(1 for v in d.values() if v == v))
        rec.update(stall_shares(best))
    # With only a thread count (launch__block_size, older details pages) block_x stays
    # missing: a shape is never invented.
    return rec


def _present(value: object) -> bool:
    return value is not None and value == value and value != ""


def _convert(column: str, raw: object, unit: str) -> float | str:
    if unit_of(column) == TEXT:
        return str(raw).strip()
    value, inline_unit = split_value(raw)
    unit = unit or inline_unit
    canonical = unit_of(column) or COUNT
    if canonical == MS and not unit:
        unit = "ns"  # ncu's base time unit
    return to_canonical(value, unit, canonical)


def _stall_family(name: str) -> tuple[str, str] | None:
    for prefix, suffix in NCU_STALL_FAMILIES:
        if name.startswith(prefix) and name.endswith(suffix):
            reason = name[len(prefix) : len(name) - len(suffix)] if suffix else name[len(prefix) :]
            if reason in NCU_STALL_REASONS or reason in NOT_A_STALL:
                return prefix, reason
    return None


# ================================================================ .ncu-rep
def parse_ncu_report(path: str | Path) -> pd.DataFrame:
    """A ``.ncu-rep`` file -> sweep-table rows.

    ``ncu --import FILE --csv --page raw`` comes first: NVIDIA's own binary reads any report
    it wrote. Without ncu, NVIDIA's ``ncu_report`` module is used in a child process, because
    the module is a native extension that crashed the interpreter on the H200 (a segmentation
    fault in ``IMetric.unit()`` with pandas loaded beside it; in a child that imports only the
    standard library it reads the same report correctly): a crash must be one error line,
    never the end of the caller.
    """
    path = Path(path)
    if not path.is_file():
        raise UserError(f"{path}: no such file")
    ncu = os.environ.get("NCU", "ncu")
    if shutil.which(ncu):
        result = run_command(
            [ncu, "--import", str(path), "--csv", "--page", "raw", "--print-units", "base"],
            timeout_s=600,
        )
        return parse_ncu_csv(result.output, source=str(path))
    if _import_ncu_report() is not None:
        return _parse_with_module(path)
    raise ProfilerError(
        f"{path}: reading .ncu-rep needs ncu on PATH or NVIDIA's ncu_report Python module (in "
        "Nsight Compute's extras/python; set NCU_PYTHON_PATH); or export it elsewhere with "
        "'ncu --import FILE --csv --page raw > FILE.csv'"
    )


def _parse_with_module(path: Path) -> pd.DataFrame:
    """Read a report through ``ncu_report`` in a child process (see parse_ncu_report)."""
    import json
    import subprocess

    wanted = sorted(set(ncu_name_map()) | _DEVICE_ATTRIBUTES)
    wanted_prefixes = sorted({prefix for prefix, _ in NCU_STALL_FAMILIES})
    try:
        child = subprocess.run(
            [sys.executable, "-m", "gpuadvisor.profilers.ncu_report_dump", str(path)],
            input=json.dumps({"names": wanted, "prefixes": wanted_prefixes}),
            capture_output=True,
            text=True,
            timeout=600,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
    except subprocess.TimeoutExpired:
        raise ProfilerError(f"{path}: ncu_report took longer than 600 s") from None
    if child.returncode != 0:
        reason = _last_line(child.stderr) or f"exit status {child.returncode}"
        if child.returncode < 0:
            reason = f"it crashed with signal {-child.returncode}"
        raise ProfilerError(f"{path}: NVIDIA's ncu_report could not read it ({reason})")
    try:
        actions = json.loads(child.stdout)
    except json.JSONDecodeError:
        raise ProfilerError(f"{path}: ncu_report gave unreadable output") from None
    records = []
    for action in actions:
        metrics = {name: (value, unit) for name, (value, unit) in action["metrics"].items()}
        identity = {"Kernel Name": action["name"]}
        major = metrics.get("device__attribute_compute_capability_major", ("", ""))[0]
        minor = metrics.get("device__attribute_compute_capability_minor", ("", ""))[0]
        if major != "" and minor != "":
            identity["CC"] = f"{int(float(major))}.{int(float(minor))}"
        record = _record(identity, metrics, {})
        gpu = metrics.get("device__attribute_display_name", ("", ""))[0]
        if isinstance(gpu, str) and gpu:
            record["gpu"] = gpu
        record["launch_id"] = len(records)
        records.append(record)
    if not records:
        raise ProfilerError(f"{path}: the report holds no profiled kernel")
    for record in records:
        record.update(profiler="ncu", profiler_version=None, source=str(path))
    return normalize(pd.DataFrame(records))


_DEVICE_ATTRIBUTES = {
    "device__attribute_compute_capability_major",
    "device__attribute_compute_capability_minor",
    "device__attribute_display_name",
}


# ================================================================ running
def ncu_version(ncu: str = "ncu") -> str | None:
    """'2025.3.1.0' from ``ncu --version``; None when it cannot be read."""
    try:
        result = run_command([ncu, "--version"], timeout_s=60)
    except ProfilerError:
        return None
    return profiler_version_from({}, result.output.splitlines())


def run_ncu(
    target_argv: Sequence[str],
    kernel_regex: str | None,
    metrics: Sequence[str] | None = None,
    *,
    timeout_s: float | None = 1800,
    ncu: str | None = None,
    **options,
) -> pd.DataFrame:
    """Profile ``target_argv`` under ncu and return its launches as sweep-table rows.

    ``options`` are :func:`build_ncu_command`'s keywords. Errors (ncu missing, no counter
    permission, no kernel matched, target failed, timeout) are one-line ProfilerErrors.
    """
    executable = find_executable(ncu or "ncu", env_var="NCU")
    options.setdefault("csv_page", "raw")
    argv = build_ncu_command(target_argv, kernel_regex, metrics, ncu=executable, **options)
    result = run_command(argv, timeout_s=timeout_s)
    if options.get("report_path"):
        problem = diagnose_ncu_output(result.output)
        if result.returncode != 0 or problem:
            raise problem or ProfilerError(f"ncu exited with code {result.returncode}")
        return parse_ncu_report(options["report_path"])
    problem = diagnose_ncu_output(result.output)
    if problem is not None and (
        result.returncode != 0
        or _find_header(result.stdout.splitlines()) is None
        or "No kernels were profiled" in result.output
    ):
        raise problem
    if result.returncode != 0 and _find_header(result.stdout.splitlines()) is None:
        raise ProfilerError(
            f"ncu exited with code {result.returncode}: {_last_line(result.output)}", exit_code=4
        )
    table = parse_ncu_csv(result.stdout, source=" ".join(argv))
    table["profiler_version"] = ncu_version(executable)
    return table


def _last_line(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    return lines[-1][:200] if lines else "(no output)"


class NcuProfiler(Profiler):
    """Nsight Compute, the profiler for Volta and newer (the only one on Hopper)."""

    name = "ncu"
    env_var = "NCU"

    def build_command(self, target_argv, kernel_regex, metrics=None, **options):
        return build_ncu_command(target_argv, kernel_regex, metrics, **options)

    def profile(self, target_argv, kernel_regex, metrics=None, *, timeout_s=1800, **options):
        return run_ncu(target_argv, kernel_regex, metrics, timeout_s=timeout_s, **options)

    def parse(self, text, source=""):
        return parse_ncu_csv(text, source)
