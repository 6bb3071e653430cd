"""nvprof (legacy, up to Volta/Turing): its command line and every output layout it writes.

Recordings from older machines are nvprof's: ``--csv`` metric/event results, GPU traces,
summaries, and the plain-text ``--log-file`` layout. Each becomes sweep-table rows in the
canonical vocabulary (see :mod:`gpuadvisor.profilers.metrics`).
"""

from __future__ import annotations

import math
import os
import re
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

import pandas as pd

from gpuadvisor.errors import ProfilerError, UserError
from gpuadvisor.profilers.base import (
    NAN,
    Profiler,
    clean_kernel_name,
    csv_row,
    device_name,
    find_executable,
    profiler_version_from,
    run_command,
    split_provenance,
    split_value,
    to_canonical,
)
from gpuadvisor.profilers.metrics import (
    BY_NAME,
    COUNT,
    MS,
    STALL_COLUMNS,
    nvprof_name_map,
    source_rank,
    unit_of,
)
from gpuadvisor.sweep import normalize

#: Metrics a profile asks nvprof for (names present on Maxwell/Pascal/Volta; Kepler calls some
#: of them differently, pass ``metrics=`` there).
NVPROF_SWEEP_METRICS: list[str] = [
    "achieved_occupancy",
    "gld_efficiency",
    "gst_efficiency",
    "global_hit_rate",
    "l2_tex_read_hit_rate",
    "dram_utilization",
    "gld_transactions_per_request",
    "branch_efficiency",
    "warp_execution_efficiency",
    "gld_transactions",
    *[c for c in STALL_COLUMNS if c != "stall_sleeping"],
]


def build_nvprof_command(
    target_argv: Sequence[str],
    kernel_regex: str | None = None,
    metrics: Sequence[str] | None = None,
    events: Sequence[str] = (),
    *,
    print_gpu_trace: bool = False,
    csv: bool = True,
    log_file: str | None = None,
    nvprof: str = "nvprof",
) -> list[str]:
    """The nvprof argv. ``--kernels`` comes first because it scopes the later
    ``--metrics``/``--events``."""
    if not target_argv:
        raise UserError("no target program to profile")
    cmd = [nvprof]
    if kernel_regex:
        cmd += ["--kernels", kernel_regex]
    metric_list = list(NVPROF_SWEEP_METRICS if metrics is None else metrics)
    if metric_list:
        cmd += ["--metrics", ",".join(metric_list)]
    if events:
        cmd += ["--events", ",".join(events)]
    if print_gpu_trace:
        cmd.append("--print-gpu-trace")
    if csv:
        cmd.append("--csv")
    if log_file:
        cmd += ["--log-file", str(log_file)]
    return cmd + [str(a) for a in target_argv]


# ================================================================ diagnosis
def diagnose_nvprof_output(text: str) -> ProfilerError | None:
    """The one-line error an nvprof log reports, if any."""
    if (
        "ERR_NVGPUCTRPERM" in text
        or "NVSOLN1000" in text
        or re.search(r"does not have permission to (?:access|profile)", text)
    ):
        return ProfilerError(
            "nvprof has no permission to read GPU performance counters: run as root or load "
            "the driver with NVreg_RestrictProfilingToAdminUsers=0 "
            "(https://developer.nvidia.com/ERR_NVGPUCTRPERM)"
        )
    if re.search(r"not supported on devices with compute capability", text):
        return ProfilerError(
            "nvprof does not support this GPU (compute capability 8.0 or newer): use --profiler ncu"
        )
    match = re.search(r"Application returned non-zero code (-?\d+)", text)
    if match:
        return ProfilerError(
            f"the profiled program exited with code {match.group(1)} under nvprof", exit_code=4
        )
    if re.search(
        r"No kernels were profiled|No profile data collected|No CUDA application "
        r"was profiled",
        text,
    ):
        return ProfilerError(
            "nvprof profiled no kernel: no launch matched the kernel filter "
            "or the program launched no kernel"
        )
    match = re.search(r"^==(?:\d+|=+)== Error: (.+)$", text, re.MULTILINE)
    if match:
        return ProfilerError(f"nvprof: {match.group(1).strip()[:200]}")
    return None


# ================================================================ parsing
def parse_nvprof(text: str, source: str = "") -> pd.DataFrame:
    """Any nvprof output layout -> sweep-table rows (one per kernel, or per launch for
    traces)."""
    return normalize(pd.DataFrame(nvprof_records(text, source)))


def nvprof_records(text: str, source: str = "") -> list[dict]:
    """The parsing half of :func:`parse_nvprof`: one record (dict) per row."""
    meta, lines = split_provenance(text)
    label = source or "input"
    records: list[dict] = []
    kind = nvprof_layout(lines)
    if kind == "csv-results":
        records = _csv_results(lines, label)
    elif kind == "csv-trace":
        records = _csv_trace(lines, label)
    elif kind == "csv-summary":
        records = _csv_summary(lines, label)
    elif kind == "text-results":
        records = _text_results(lines, label)
    elif kind == "text-summary":
        records = _text_summary(lines, label)
    if not records:
        problem = diagnose_nvprof_output(text)
        if problem:
            raise problem
        what = "no kernel rows" if kind else "no nvprof result table"
        raise ProfilerError(f"{label}: {what} found (truncated, or not nvprof output?)")
    version = profiler_version_from(meta)
    for record in records:
        record.update(profiler="nvprof", profiler_version=version, source=source or None)
    return records


def nvprof_layout(lines: list[str]) -> str | None:
    """Which nvprof layout these lines are, or None."""
    for line in lines:
        if line.startswith('"Device","Kernel","Invocations"'):
            return "csv-results"
        if line.startswith('"Start","Duration"'):
            return "csv-trace"
        if line.startswith('"Type","Time(%)"') or line.startswith('"Time(%)","Time"'):
            return "csv-summary"
        stripped = line.strip()
        if stripped.startswith("Invocations") and (
            "Metric Name" in stripped or "Event Name" in stripped
        ):
            return "text-results"
        if re.match(r"^\s*(Type\s+)?Time\(%\)\s+Time\s+Calls\s+Avg", line):
            return "text-summary"
    if _metrics_excerpt(lines):
        return "text-results"
    return None


def _metrics_excerpt(lines: list[str]) -> bool:
    """An ``nvprof --metrics`` excerpt as people paste it: it starts at a ``Kernel: <name>``
    line (or the ``Device "..."`` line above it), without the ``==PROF==`` lines and the
    ``Invocations  Metric Name ...`` header, and metric lines follow."""
    shown = [line.strip() for line in lines if line.strip()]
    if shown and re.match(r'^Device "(.+)"$', shown[0]):
        shown = shown[1:]
    return (len(shown) >= 2 and shown[0].startswith("Kernel:")
            and _TEXT_METRIC.match(shown[1]) is not None)


class _KernelRows:
    """Accumulates metric/event values per (device, kernel) in first-seen order."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], dict] = {}
        self.names = nvprof_name_map()

    def add(self, device: str, kernel_raw: str, invocations: str, name: str, avg: str) -> None:
        kernel, signature = clean_kernel_name(kernel_raw)
        key = (device, signature)
        row = self.rows.setdefault(key, {"kernel": kernel, "kernel_signature": signature})
        if device:
            row["gpu"] = device_name(device)
        count, _ = split_value(invocations)
        if count == count:
            row["invocations"] = count
        column = self.names.get(name)
        if column is None:
            return
        value = _convert(column, name, avg)
        rank = source_rank(column, name)
        ranks = row.setdefault("_rank", {})
        if column in row and row[column] == row[column] and ranks.get(column, 99) < rank:
            return  # a preferred name (e.g. l2_tex_hit_rate) already gave this column
        row[column] = value
        ranks[column] = rank

    def records(self) -> list[dict]:
        return [{k: v for k, v in row.items() if k != "_rank"} for row in self.rows.values()]


def _convert(column: str, name: str, raw: str) -> float:
    value, unit = split_value(raw)
    canonical = unit_of(column) or COUNT
    metric = BY_NAME.get(column)
    factor = metric.scale.get(name, 1.0) if metric else 1.0
    if unit in ("%", "level"):
        unit = ""
    out = to_canonical(value, unit, canonical) * factor
    return out if math.isfinite(out) else NAN


def _csv_results(lines: list[str], label: str) -> list[dict]:
    acc = _KernelRows()
    header: list[str] | None = None
    for number, line in enumerate(lines, 1):
        if line.startswith('"Device","Kernel","Invocations"'):
            header = csv_row(line)
            if "Avg" not in header or not ({"Metric Name", "Event Name"} & set(header)):
                raise ProfilerError(
                    f"{label}:{number}: nvprof results header lacks Metric/Event Name or Avg"
                )
            continue
        if header is None or not line.startswith('"'):
            continue
        cells = csv_row(line)
        if len(cells) != len(header):
            raise ProfilerError(
                f"{label}:{number}: {len(cells)} cells, the header has {len(header)} (truncated?)"
            )
        row = dict(zip(header, cells, strict=True))
        name = row.get("Metric Name") or row.get("Event Name") or ""
        acc.add(
            row.get("Device", ""),
            row.get("Kernel", ""),
            row.get("Invocations", ""),
            name,
            row["Avg"],
        )
    return acc.records()


_TRACE_NUMERIC = {
    "Grid X": "grid_x",
    "Grid Y": "grid_y",
    "Grid Z": "grid_z",
    "Block X": "block_x",
    "Block Y": "block_y",
    "Block Z": "block_z",
    "Registers Per Thread": "registers_per_thread",
}


def _table_rows(
    lines: list[str], label: str, starts: tuple[str, ...], what: str
) -> Iterator[tuple[bool, dict[str, str]]]:
    """Rows of every CSV table whose header line starts with one of ``starts``, as (first row
    after its header, header -> cell). Trace and summary tables share this layout; a row with
    the wrong number of cells is a ProfilerError naming ``what`` (the kind of header)."""
    header: list[str] | None = None
    first = False
    for number, line in enumerate(lines, 1):
        if line.startswith(starts):
            header = csv_row(line)
            first = True
            continue
        if header is None or not line.strip() or line.startswith("=="):
            continue
        cells = csv_row(line)
        if len(cells) != len(header):
            raise ProfilerError(
                f"{label}:{number}: {len(cells)} cells, the {what} has {len(header)} (truncated?)"
            )
        yield first, dict(zip(header, cells, strict=True))
        first = False


def _csv_trace(lines: list[str], label: str) -> list[dict]:
    units: dict[str, str] = {}
    records = []
    names = nvprof_name_map()
    for first, row in _table_rows(lines, label, ('"Start","Duration"',), "trace header"):
        if first:
            units = {}  # each table has its own units row
        if not units and not row.get("Name") and not row.get("Device"):
            units = row  # the units row: ms,ms,,,...,KB,B,...
            continue
        if not row.get("Block X", "").strip() or row.get("Name", "").startswith("[CUDA"):
            continue  # memcpy/memset rows
        kernel, signature = clean_kernel_name(row.get("Name", "?"))
        rec: dict = {"kernel": kernel, "kernel_signature": signature}
        if row.get("Device"):
            rec["gpu"] = device_name(row["Device"])
        for col, target in _TRACE_NUMERIC.items():
            if col in row:
                rec[target], _ = split_value(row[col])
        duration, inline = split_value(row.get("Duration", ""))
        rec["duration_ms"] = (
            to_canonical(duration, units.get("Duration") or inline or "", MS)
            if units.get("Duration") or inline
            else NAN
        )
        smem = [
            to_canonical(*_value_unit(row.get(col, ""), units.get(col, "")), "bytes")
            for col in ("Static SMem", "Dynamic SMem")
            if col in row
        ]
        if smem and all(v == v for v in smem):
            rec["shared_mem_per_block"] = sum(smem)
        for col, value in row.items():
            column = names.get(col)
            if column in STALL_COLUMNS or (
                column
                and col not in _TRACE_NUMERIC
                and col not in ("Duration", "Static SMem", "Dynamic SMem")
            ):
                rec[column] = _convert(column, col, value + units.get(col, ""))
        records.append(rec)
    return records


def _value_unit(raw: str, unit: str) -> tuple[float, str]:
    value, inline = split_value(raw)
    return value, unit or inline


def _csv_summary(lines: list[str], label: str) -> list[dict]:
    units: dict[str, str] = {}
    records = []
    starts = ('"Type","Time(%)"', '"Time(%)","Time"')
    for first, row in _table_rows(lines, label, starts, "summary header"):
        if first:
            units = {}
        if not units and not row.get("Name"):
            units = row
            continue
        if "Type" in row and row["Type"] != "GPU activities":
            continue
        rec = _summary_record(
            row.get("Name", ""), row.get("Calls", ""), row.get("Avg", ""), units.get("Avg", "")
        )
        if rec:
            records.append(rec)
    return records


def _summary_record(name: str, calls: str, avg: str, unit: str) -> dict | None:
    if not name or name.startswith("[CUDA") or name.startswith("["):
        return None
    kernel, signature = clean_kernel_name(name)
    value, inline = split_value(avg)
    rec = {
        "kernel": kernel,
        "kernel_signature": signature,
        "duration_ms": to_canonical(value, unit or inline, MS),
    }
    count, _ = split_value(calls)
    if count == count:
        rec["invocations"] = count
    return rec


_VAL = r"(?:[A-Za-z]+ \(\d+\)|\S+)"
_TEXT_METRIC = re.compile(rf"^\s*(\d+)\s+(\S+)\s+(.*?)\s*({_VAL})\s+({_VAL})\s+({_VAL})\s*$")
_TEXT_EVENT = re.compile(
    rf"^\s*(\d+)\s+(\S+)\s+({_VAL})\s+({_VAL})\s+({_VAL})(?:\s+({_VAL}))?"
    r"\s*$"
)


def _text_results(lines: list[str], label: str) -> list[dict]:
    acc = _KernelRows()
    device = ""
    kernel: str | None = None
    # An excerpt has no column header: its columns are those of --metrics output.
    mode = "metric" if _metrics_excerpt(lines) else None
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if stripped.startswith("Invocations"):
            mode = "metric" if "Metric Name" in stripped else "event"
            continue
        match = re.match(r'^Device "(.+)"$', stripped)
        if match:
            device = match.group(1)
            continue
        if stripped.startswith("Kernel:"):
            kernel = stripped[len("Kernel:") :].strip()
            continue
        if mode is None or not stripped or stripped.startswith("=="):
            continue
        pattern = _TEXT_METRIC if mode == "metric" else _TEXT_EVENT
        found = pattern.match(line)
        if not found or kernel is None:
            raise ProfilerError(
                f"{label}:{number}: unreadable nvprof {mode} line: {stripped[:80]!r}"
            )
        groups = found.groups()
        avg = groups[5] if mode == "metric" else groups[4]
        acc.add(device, kernel, groups[0], groups[1], avg)
    return acc.records()


_TEXT_SUMMARY = re.compile(
    r"^\s*(?P<type>[A-Za-z][\w ()]*:)?\s*(?P<pct>[\d.]+)%\s+(?P<time>\S+)\s+(?P<calls>\d+)\s+"
    r"(?P<avg>\S+)\s+(?P<min>\S+)\s+(?P<max>\S+)\s+(?P<name>.+?)\s*$"
)


def _text_summary(lines: list[str], label: str) -> list[dict]:
    records = []
    section = None
    started = False
    for line in lines:
        if re.match(r"^\s*(Type\s+)?Time\(%\)\s+Time\s+Calls", line):
            started = True
            section = "GPU activities"  # old layouts without a Type column: GPU rows first
            continue
        if not started:
            continue
        if line.startswith("======") or line.startswith("=="):
            started = False
            continue
        found = _TEXT_SUMMARY.match(line)
        if not found:
            continue
        if found.group("type"):
            section = found.group("type").rstrip(":").strip()
        if section != "GPU activities":
            continue
        rec = _summary_record(found.group("name"), found.group("calls"), found.group("avg"), "")
        if rec:
            records.append(rec)
    return records


# ================================================================ running
def run_nvprof(
    target_argv: Sequence[str],
    kernel_regex: str | None = None,
    metrics: Sequence[str] | None = None,
    *,
    events: Sequence[str] = (),
    timeout_s: float | None = 1800,
    nvprof: str | None = None,
) -> pd.DataFrame:
    """Profile ``target_argv`` under nvprof (metrics as CSV in a log file) -> rows."""
    executable = find_executable(nvprof or "nvprof", env_var="NVPROF")
    with tempfile.TemporaryDirectory(prefix="gpuadvisor-nvprof-") as tmp:
        log = Path(tmp) / "nvprof.csv"
        argv = build_nvprof_command(
            target_argv, kernel_regex, metrics, events, log_file=str(log), nvprof=executable
        )
        result = run_command(argv, timeout_s=timeout_s)
        text = log.read_text(errors="replace") if log.is_file() else ""
    problem = diagnose_nvprof_output(text + "\n" + result.output)
    if problem is not None:
        raise problem
    if result.returncode != 0 and not text.strip():
        raise ProfilerError(f"nvprof exited with code {result.returncode}", exit_code=4)
    return parse_nvprof(
        text, source=" ".join(os.path.basename(a) if i == 0 else a for i, a in enumerate(argv))
    )


class NvprofProfiler(Profiler):
    """nvprof, for recordings from (and machines with) GPUs up to Volta/Turing."""

    name = "nvprof"
    env_var = "NVPROF"

    def build_command(self, target_argv, kernel_regex, metrics=None, **options):
        return build_nvprof_command(target_argv, kernel_regex, metrics, **options)

    def profile(self, target_argv, kernel_regex, metrics=None, *, timeout_s=1800, **options):
        return run_nvprof(target_argv, kernel_regex, metrics, timeout_s=timeout_s, **options)

    def parse(self, text, source=""):
        return parse_nvprof(text, source)
