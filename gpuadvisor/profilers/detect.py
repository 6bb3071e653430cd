"""Which recorded-profile format a file is, and the parser that reads it.

Detection looks at content, not file names (users rename files), except for ``.ncu-rep``,
a binary format only NVIDIA's own reader understands.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from gpuadvisor.errors import ProfilerError, UserError
from gpuadvisor.profilers.base import csv_row, split_provenance

FORMATS = {
    "ncu-rep": "Nsight Compute report (.ncu-rep)",
    "ncu-csv-raw": "ncu --csv --page raw",
    "ncu-csv-details": "ncu --csv --page details",
    "nvprof-csv-results": "nvprof --csv metric/event results",
    "nvprof-csv-trace": "nvprof --csv --print-gpu-trace",
    "nvprof-csv-summary": "nvprof --csv summary",
    "nvprof-text-results": "nvprof --log-file metric/event results",
    "nvprof-text-summary": "nvprof text summary",
    "sweep": "gpuadvisor sweep table",
}
_MAX_BYTES = 512 * 1024 * 1024


def read_text(path: Path) -> str:
    """A text file's content; binary or unreadable files become one clear UserError."""
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise UserError(f"{path}: is a directory, not a profile") from None
    except OSError as err:
        raise UserError(f"{path}: cannot read ({err.strerror or err})") from None
    if len(data) > _MAX_BYTES:
        raise UserError(f"{path}: larger than 512 MB; export only the kernels you need")
    if b"\x00" in data[:65536]:
        raise UserError(
            f"{path}: binary file of unknown format (an Nsight Compute report must "
            "be named *.ncu-rep)"
        )
    return data.decode("utf-8", errors="replace")


def detect_text_format(text: str) -> str | None:
    """The format name of profiler text output (see FORMATS), or None."""
    from gpuadvisor.profilers.nvprof import nvprof_layout

    _meta, lines = split_provenance(text)
    first = next((line for line in lines if line.strip()), "")
    if first.startswith("{") and '"provenance"' in first:
        return "sweep"
    if first and not first.startswith('"') and not first.startswith("=="):
        try:
            header = csv_row(first)
        except ProfilerError:
            header = []
        if "kernel" in header and "block_x" in header:
            return "sweep"
    for line in lines:
        if line.startswith('"ID"') or (line.startswith('"') and '"Kernel Name"' in line):
            return "ncu-csv-details" if '"Section Name"' in line else "ncu-csv-raw"
        if (
            line.startswith('"Device","Kernel","Invocations"')
            or line.startswith('"Start","Duration"')
            or line.startswith('"Type","Time(%)"')
        ):
            break
    layout = nvprof_layout(lines)
    return f"nvprof-{layout}" if layout else None


def detect_format(path: str | Path) -> str:
    """The format of a recorded profile file; UserError when it is none gpuadvisor reads."""
    path = Path(path)
    if not path.exists():
        raise UserError(f"{path}: no such file")
    if path.suffix == ".ncu-rep":
        return "ncu-rep"
    text = read_text(path)
    kind = detect_text_format(text)
    if kind is None:
        raise _unknown(path, text)
    return kind


def parse_file(path: str | Path) -> pd.DataFrame:
    """Read any supported recorded profile into sweep-table rows."""
    from gpuadvisor.profilers import ncu, nvprof
    from gpuadvisor.sweep import normalize, read_sweep

    path = Path(path)
    kind = detect_format(path)
    if kind == "ncu-rep":
        return ncu.parse_ncu_report(path)
    if kind == "sweep":
        table, _prov = read_sweep(path)
        return table
    text = read_text(path)
    if kind.startswith("ncu-"):
        return ncu.parse_ncu_csv(text, source=str(path))
    return normalize(nvprof.parse_nvprof(text, source=str(path)))


def _unknown(path: Path, text: str) -> UserError:
    from gpuadvisor.profilers.ncu import diagnose_ncu_output
    from gpuadvisor.profilers.nvprof import diagnose_nvprof_output

    if not text.strip():
        return UserError(f"{path}: empty file")
    for diagnose in (diagnose_ncu_output, diagnose_nvprof_output):
        problem = diagnose(text)
        if problem is not None:
            return ProfilerError(f"{path}: {problem}")
    head = text[:4000]
    if "Metric Name" in head and "Metric Description" in head:
        return UserError(
            f"{path}: a metric listing (ncu --query-metrics), not profiler output: profile "
            "with ncu --csv --page raw and import that"
        )
    if "Identifier:" in head and "DisplayName:" in head:
        return UserError(
            f"{path}: an Nsight Compute section definition (.section), not profiler output: "
            "profile with ncu --csv --page raw --section NAME and import that"
        )
    if "==PROF==" in text and ("Section:" in text or "----" in text):
        return UserError(
            f"{path}: ncu text report; record it with --csv --page raw (or "
            "export: ncu --import REPORT --csv --page raw)"
        )
    if text.lstrip().startswith("{"):
        try:
            json.loads(text.splitlines()[0])
        except (json.JSONDecodeError, IndexError):
            pass
        else:
            return UserError(f"{path}: JSON, but not a gpuadvisor sweep table")
    return UserError(
        f"{path}: unknown format (expected ncu --csv output, a .ncu-rep report, "
        "nvprof output or a gpuadvisor sweep table)"
    )
