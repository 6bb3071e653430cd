"""Recorded profiles of any supported kind -> one sweep table (the dry-run entry point).

Each file's format is detected from its content (:mod:`gpuadvisor.profilers.detect`).
Launches of one configuration are collapsed into one row (median of each metric, with the
launch count), and nvprof per-kernel metric results are joined with the launch configuration
an nvprof GPU trace gives for the same kernel, when that is unambiguous.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from gpuadvisor.errors import UserError
from gpuadvisor.profilers.detect import detect_format, parse_file
from gpuadvisor.sweep import normalize

_GROUP = [
    "source",
    "profiler",
    "kernel",
    "kernel_signature",
    "gpu",
    "arch",
    "block_x",
    "block_y",
    "block_z",
    "grid_x",
    "grid_y",
    "grid_z",
    "cache_config",
    "status",
]
_IDENTITY = ["block_x", "block_y", "block_z", "block_size", "grid_x", "grid_y", "grid_z"]


def import_files(
    paths: Iterable[str | Path], *, collapse: bool = True, merge: bool = True
) -> pd.DataFrame:
    """Parse every file (format auto-detected) into one sweep table.

    ``collapse``: one row per (file, kernel, configuration) with the median of each metric
    and a ``launches`` count. ``merge``: fill nvprof metric rows (no launch configuration)
    from the one configuration an nvprof trace shows for the same kernel.
    """
    paths = [Path(p) for p in paths]
    if not paths:
        raise UserError("no files to import")
    frames = []
    for path in paths:
        table = parse_file(path)
        if "source" not in table or table["source"].isna().all():
            table["source"] = str(path)
        table["input_format"] = detect_format(path)
        frames.append(table)
    df = pd.concat([f.astype(object) for f in frames], ignore_index=True, sort=False)
    df = normalize(distinguish_instantiations(df))
    if collapse:
        df = collapse_launches(df)
    if merge:
        df = merge_nvprof_traces(df)
    return normalize(_csv_safe(df))


def distinguish_instantiations(df: pd.DataFrame) -> pd.DataFrame:
    """Template instantiations are different kernels: when one clean name stands for several
    signatures that differ in their template arguments (``transpose_tile<0>`` and
    ``transpose_tile<1>``), the kernel column keeps the arguments so their rows never merge."""
    if "kernel_signature" not in df.columns or df.empty:
        return df
    df = df.copy()
    for name, part in df.groupby(df["kernel"].astype(str)):
        templated = {sig: _template_name(name, str(sig))
                     for sig in part["kernel_signature"].dropna().unique()}
        if len(set(templated.values()) - {None}) > 1:
            for sig, full in templated.items():
                if full is not None:
                    df.loc[(df["kernel"] == name) & (df["kernel_signature"] == sig),
                           "kernel"] = full
    return df


def _template_name(name: str, signature: str) -> str | None:
    """``transpose_tile<0>`` from ``void transpose_tile<0>(const float *, ...)``, else None."""
    start = signature.find(name + "<")
    if start < 0:
        return None
    depth, i = 0, start + len(name)
    for i in range(start + len(name), len(signature)):
        depth += {"<": 1, ">": -1}.get(signature[i], 0)
        if depth == 0:
            return signature[start:i + 1]
    return None


def collapse_launches(df: pd.DataFrame) -> pd.DataFrame:
    """Rows of one (source, kernel, configuration) -> one row: metric medians + ``launches``."""
    if df.empty:
        return df
    keys = [c for c in _GROUP if c in df.columns]
    key_frame = df[keys].astype(str)
    groups: dict[tuple, list[int]] = {}
    for index, key in zip(df.index, map(tuple, key_frame.to_numpy()), strict=True):
        groups.setdefault(key, []).append(index)
    rows = []
    for indices in groups.values():
        part = df.loc[indices]
        first = part.iloc[0].copy()
        if len(indices) > 1:
            for col in part.columns:
                if col in keys:
                    continue
                values = pd.to_numeric(part[col], errors="coerce")
                if values.notna().any() and not _is_text(part[col]):
                    first[col] = float(values.median())
        previous = first.get("launches")
        count = len(indices) if previous is None or _missing(previous) else previous
        first["launches"] = count
        rows.append(first)
    out = pd.DataFrame(rows).reset_index(drop=True)
    if "launch_id" in out and len(out) < len(df):
        out = out.drop(columns=["launch_id"])
    return out


def merge_nvprof_traces(df: pd.DataFrame) -> pd.DataFrame:
    """Join nvprof metric rows with the single trace configuration of the same kernel."""
    if df.empty or "profiler" not in df:
        return df
    nvprof = df["profiler"] == "nvprof"
    shaped = nvprof & df["block_x"].notna()
    unshaped = nvprof & df["block_x"].isna()
    drop: set[int] = set()
    merged_rows = []
    for index in df.index[unshaped]:
        row = df.loc[index]
        same = df.index[
            shaped
            & (df["kernel"] == row["kernel"])
            & (df["gpu"].isna() | row.isna()["gpu"] | (df["gpu"] == row["gpu"]))
        ]
        if len(same) != 1 or "duration_ms" not in df:
            continue
        trace = df.loc[same[0]]
        merged = row.copy()
        for col in df.columns:
            if _missing(merged[col]) and not _missing(trace[col]):
                merged[col] = trace[col]
        for col in _IDENTITY + ["launches", "duration_ms"]:
            if col in df.columns:
                merged[col] = trace[col]
        merged["source"] = f"{row['source']} + {trace['source']}"
        merged_rows.append(merged)
        drop.update({index, same[0]})
    if not merged_rows:
        return df
    kept = df.drop(index=sorted(drop))
    return pd.concat([kept, pd.DataFrame(merged_rows)], ignore_index=True, sort=False)


def provenance_for(paths: Sequence[str | Path], df: pd.DataFrame) -> dict[str, str]:
    """Provenance header lines for an imported sweep table."""
    from datetime import datetime, timezone

    profilers = sorted({str(p) for p in df.get("profiler", pd.Series(dtype=object)).dropna()})
    return {
        "generator": "gpuadvisor import",
        "files": ", ".join(str(p) for p in paths),
        "profilers": ", ".join(profilers),
        "imported": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "note": "profiled durations are replayed under the profiler, not timing-pass times",
    }


def _csv_safe(df: pd.DataFrame) -> pd.DataFrame:
    """Sweep CSVs are read with ``comment='#'``: a '#' inside a text cell would cut the row,
    so it is written as '%23'."""
    out = df.copy()
    for col in out.columns:
        if out[col].dtype == object:
            out[col] = out[col].map(lambda v: v.replace("#", "%23") if isinstance(v, str) else v)
    return out


def _is_text(series: pd.Series) -> bool:
    return any(isinstance(v, str) for v in series)


def _missing(value: object) -> bool:
    if value is None or value is pd.NA:
        return True
    return isinstance(value, float) and math.isnan(value)
