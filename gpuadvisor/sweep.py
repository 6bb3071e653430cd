"""The sweep table: the one data contract between every stage of gpuadvisor.

One row per (kernel, configuration). Documented column by column in docs/sweep-table.md;
change the columns here and there together, deliberately.

Files are CSV (``#``-comment provenance lines first, read back with
``pandas.read_csv(path, comment="#")``) or JSON Lines (first line ``{"provenance": {...}}``).
pandas is imported by the functions that build tables: modules that need only the contract's
names (and the one-profile ``analyze``, :mod:`gpuadvisor.small_sweep`) start without it.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gpuadvisor.errors import UserError
from gpuadvisor.intake import FLOAT_COLUMNS

if TYPE_CHECKING:
    import pandas as pd

IDENTITY_COLUMNS = [
    "kernel",
    "block_x",
    "block_y",
    "block_z",
    "block_size",
    "grid_x",
    "grid_y",
    "grid_z",
    "cache_config",
]
DEVICE_COLUMNS = ["device", "gpu", "arch", "sm_count"]
TIMING_COLUMNS = ["time_ms", "time_ms_min", "time_ms_max", "time_ms_std", "repeats", "l2_flushed"]
METRIC_COLUMNS = [
    "achieved_occupancy",
    "theoretical_occupancy",
    "gld_efficiency",
    "gst_efficiency",
    "l1_hit_rate",
    "l1_global_load_misses",
    "l1_global_load_requests",
    "l2_hit_rate",
    "dram_throughput_pct",
    "sm_throughput_pct",
    "sectors_per_request",
    "registers_per_thread",
    "shared_mem_per_block",
    "shared_efficiency",
    "branch_efficiency",
    "duration_ms",
]
PROVENANCE_COLUMNS = ["profiler", "profiler_version", "source"]
STATUS_COLUMNS = ["status", "error"]

#: Every column the contract names, in file order. ``stall_<reason>`` columns (percent of
#: stalled warp cycles, 0-100) and any further profiler metrics come after these.
COLUMNS = (
    IDENTITY_COLUMNS
    + DEVICE_COLUMNS
    + TIMING_COLUMNS
    + METRIC_COLUMNS
    + PROVENANCE_COLUMNS
    + STATUS_COLUMNS
)
STALL_PREFIX = "stall_"
STATUSES = ("ok", "failed", "invalid", "skipped")
CACHE_CONFIGS = ("default", "l1_off", "prefer_l1", "prefer_shared")  # plus carveout_<pct>

_INT_COLUMNS = ["block_x", "block_y", "block_z", "block_size", "grid_x", "grid_y", "grid_z"]
TEXT_COLUMNS = ["kernel", "cache_config", "device", "gpu", "arch", "profiler", "profiler_version",
                 "source", "status", "error"]


def is_valid_cache_config(name: str) -> bool:
    if name in CACHE_CONFIGS:
        return True
    if name.startswith("carveout_"):
        pct = name.removeprefix("carveout_")
        return pct.isdigit() and 0 <= int(pct) <= 100
    return False


#: Intake's declared float columns outside the contract's (ncu counters some rules read):
#: read as floats whatever one file's cells look like, as the contract's metrics are (pandas
#: makes a column of integral cells ints; the small-table reader gives their declared floats).
_EXTRA_FLOATS = tuple(c for c in FLOAT_COLUMNS
                      if c not in (*TIMING_COLUMNS, *METRIC_COLUMNS, "sm_count"))


def normalize(rows: pd.DataFrame | Iterable[Mapping[str, Any]]) -> pd.DataFrame:
    """Bring rows to the contract: identity defaults, derived block_size, column order.

    Missing metrics stay NaN (never zero). Unknown extra columns are kept after the
    contract's columns.
    """
    import pandas as pd

    # Under copy-on-write (always from pandas 3) a shallow copy is enough (the caller's frame
    # never changes) and spares copying and consolidating every column (~0.1 s at 100,000
    # rows); before it, a shallow copy's columns could be written through.
    copy_on_write = int(pd.__version__.split(".")[0]) >= 3
    df = (rows.copy(deep=not copy_on_write) if isinstance(rows, pd.DataFrame)
          else pd.DataFrame(list(rows)))
    if "kernel" not in df.columns:
        raise UserError("sweep table has no 'kernel' column")
    for axis in ("block_x", "block_y", "block_z"):
        if axis not in df.columns:
            df[axis] = 1 if axis != "block_x" else pd.NA
    for axis in ("block_x", "block_y", "block_z"):  # numbers before the product, never text
        df[axis] = pd.to_numeric(df[axis], errors="coerce")
    df["block_y"] = df["block_y"].fillna(1)
    df["block_z"] = df["block_z"].fillna(1)
    if "block_size" not in df.columns or df["block_size"].isna().any():
        derived = df["block_x"] * df["block_y"] * df["block_z"]
        df["block_size"] = df["block_size"].fillna(derived) if "block_size" in df else derived
    if "cache_config" not in df.columns:
        df["cache_config"] = "default"
    df["cache_config"] = df["cache_config"].fillna("default")
    if "status" not in df.columns:
        df["status"] = "ok"
    df["status"] = df["status"].fillna("ok")
    for col in COLUMNS:
        if col not in df.columns:
            df[col] = pd.NA if col in TEXT_COLUMNS else math.nan
    for col in _INT_COLUMNS:
        df[col] = pd.to_numeric(df[col], errors="coerce").astype("Int64")
    for col in TIMING_COLUMNS + METRIC_COLUMNS + ["sm_count"]:
        # a float64 column is left as it is (converting it again gave the same values, and
        # was half of normalize's time on tables intake had read)
        if col != "l2_flushed" and df[col].dtype != "float64":
            df[col] = pd.to_numeric(df[col], errors="coerce").astype("float64")
    for col in _EXTRA_FLOATS:  # declared floats beyond the contract's, when a table has them
        if col in df.columns and df[col].dtype != "float64":
            df[col] = pd.to_numeric(df[col], errors="coerce").astype("float64")
    stalls = sorted(c for c in df.columns if c.startswith(STALL_PREFIX))
    extra = [c for c in df.columns if c not in COLUMNS and c not in stalls]
    return df[COLUMNS + stalls + extra].reset_index(drop=True)


def kernel_rows(table: Any, names: Any, kernels: Sequence[str]) -> Any:
    """The rows of ``table`` whose kernel (``names``: the kernel column as strings) is one of
    ``kernels``, in table order and re-indexed from 0, so a normalized table's part is still
    normalized (:func:`is_normalized`) and is read without another copy."""
    return table[names.isin(kernels).to_numpy()].reset_index(drop=True)


def is_normalized(df: Any) -> bool:
    """True when :func:`normalize` would return ``df`` unchanged (column order, dtypes,
    filled defaults, index): callers that only read may then skip the copy it makes."""
    import pandas as pd

    if not isinstance(df, pd.DataFrame) or not isinstance(df.index, pd.RangeIndex):
        return False
    if df.index.start != 0 or df.index.step != 1 or not df.columns.is_unique:
        return False
    names = list(df.columns)
    if not all(isinstance(c, str) for c in names):
        return False
    stalls = sorted(c for c in names if c.startswith(STALL_PREFIX))
    extra = [c for c in names if c not in COLUMNS and c not in stalls]
    if names != COLUMNS + stalls + extra:
        return False
    for col in _INT_COLUMNS:
        if str(df[col].dtype) != "Int64":
            return False
    for col in TIMING_COLUMNS + METRIC_COLUMNS + ["sm_count"]:
        if col != "l2_flushed" and df[col].dtype != "float64":
            return False
    if any(col in df.columns and df[col].dtype != "float64" for col in _EXTRA_FLOATS):
        return False
    return not any(df[col].isna().any()
                   for col in ("block_y", "block_z", "block_size", "cache_config", "status"))


def config_key(row: Mapping[str, Any]) -> tuple[str, int, int, int, str]:
    """The identity of one configuration: what --resume and review match rows on."""
    return (
        str(row["kernel"]),
        int(row["block_x"]),
        int(row.get("block_y", 1) or 1),
        int(row.get("block_z", 1) or 1),
        str(row.get("cache_config") or "default"),
    )


def config_keys(table: Any) -> list[tuple[str, int, int, int, str]]:
    """:func:`config_key` of every row of a :class:`~gpuadvisor.rows.Table`, from its columns
    (the same conversions, row by row in order, so the same first error)."""
    n = table.rows()
    if not n:
        return []
    kernels, xs = table["kernel"], table["block_x"]
    ys, zs = table.get("block_y") or [1] * n, table.get("block_z") or [1] * n
    caches = table.get("cache_config") or [None] * n
    if (set(map(type, kernels)) | set(map(type, caches)) <= {str} and "" not in caches
            and set(map(type, xs)) | set(map(type, ys)) | set(map(type, zs)) <= {int}
            and 0 not in ys and 0 not in zs):
        # every cell already what its conversion gives (text, ints, no 0 or empty text to
        # default): the columns zipped as they are (a tenth of the time at 100,000 rows)
        return list(zip(kernels, xs, ys, zs, caches, strict=True))
    return [(str(k), int(x), int(y or 1), int(z or 1), str(c or "default"))
            for k, x, y, z, c in zip(kernels, xs, ys, zs, caches, strict=True)]


def write_sweep(df: pd.DataFrame, path: str | Path, provenance: Mapping[str, Any] | None = None
                ) -> Path:
    """Write a sweep table as CSV or JSON Lines (by suffix), provenance first."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    table = normalize(df)
    provenance = dict(provenance or {})
    if path.suffix in (".jsonl", ".json"):
        with path.open("w") as fh:
            fh.write(json.dumps({"provenance": provenance}) + "\n")
            for record in table.to_dict(orient="records"):
                fh.write(json.dumps(jsonable(record)) + "\n")
    else:
        with path.open("w") as fh:
            for key, value in provenance.items():
                fh.write(f"# {key}: {value}\n")
            table.to_csv(fh, index=False)
    return path


def looks_like_sweep(path: Path) -> bool:
    """Whether a file is a sweep table (a CSV whose header has ``kernel`` and ``block_x``, or
    JSON Lines of records) rather than a profiler's output: read from its first lines, so
    that a sweep table's own errors (a bad cell, a cut-off line) are reported as such and
    not as an unknown profile format."""
    if path.suffix in (".jsonl", ".json"):
        try:
            with path.open(encoding="utf-8", errors="replace") as fh:
                first = fh.readline()
        except OSError:
            return False
        return '"provenance"' in first or '"kernel"' in first
    try:
        with path.open(encoding="utf-8", errors="replace") as fh:
            for line in fh:
                if line.startswith("#") or not line.strip():
                    continue
                header = [h.strip().strip('"') for h in line.split(",")]
                return "kernel" in header and "block_x" in header
    except OSError:
        return False
    return False


def read_sweep(path: str | Path) -> tuple[pd.DataFrame, dict[str, str]]:
    """Read a sweep table written by :func:`write_sweep`; returns (table, provenance)."""
    import pandas as pd

    from gpuadvisor.intake import check_table, csv_head, csv_layout, text_dtypes

    path = Path(path)
    if path.is_dir():
        raise UserError(f"{path}: is a directory, not a sweep table")
    if not path.is_file():
        raise UserError(f"{path}: no such file")
    try:
        if path.suffix in (".jsonl", ".json"):
            return _read_jsonl(path)
        provenance = read_provenance(path)
        header, ends = csv_head(path)
        lines: Any
        if ends:  # nothing cut off: line numbers only to name a bad cell
            cut = None
            lines = lambda: csv_layout(path)[1]  # noqa: E731
        else:
            header, lines, cut = csv_layout(path)
        # Declared columns stay text until intake has checked every cell (see intake.py).
        # A last line cut off (perhaps inside a quoted cell) is left out here and reported by
        # check_table, so that it cannot make the whole file unreadable.
        df = pd.read_csv(path, comment="#", dtype=text_dtypes(header),
                         nrows=len(lines) - 1 if cut else None)
    except UserError:
        raise
    except (ValueError, UnicodeDecodeError, pd.errors.ParserError) as err:
        raise UserError(f"{path}: not a sweep table ({err})") from None
    if "kernel" not in df.columns or "block_x" not in df.columns:
        raise UserError(f"{path}: not a sweep table (needs 'kernel' and 'block_x' columns)")
    return normalize(check_table(df, path, lines, cut)), provenance


def read_provenance(path: Path) -> dict[str, str]:
    provenance: dict[str, str] = {}
    with path.open(errors="replace") as fh:
        for line in fh:
            if not line.startswith("#"):
                break
            key, _, value = line[1:].strip().partition(":")
            if key:
                provenance[key.strip()] = value.strip()
    return provenance


def _read_jsonl(path: Path) -> tuple[pd.DataFrame, dict[str, str]]:
    import pandas as pd

    from gpuadvisor.intake import check_table

    provenance: dict[str, str] = {}
    records = []
    lines = []
    with path.open() as fh:
        for number, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as err:
                raise UserError(f"{path}:{number}: not JSON ({err.msg})") from None
            if not isinstance(obj, dict):
                raise UserError(f"{path}:{number}: expected a JSON object per line")
            if "provenance" in obj and len(obj) == 1:
                provenance = {str(k): str(v) for k, v in obj["provenance"].items()}
            else:
                records.append(obj)
                lines.append(number)
    if not records:
        raise UserError(f"{path}: sweep table has no rows")
    return normalize(check_table(pd.DataFrame(records), path, lines)), provenance


def jsonable(record: Mapping[str, Any]) -> dict[str, Any]:
    """One row as plain Python for json.dumps: NA/NaN become null, numpy scalars Python ones."""
    import pandas as pd

    out = {}
    for key, value in record.items():
        if value is pd.NA or (isinstance(value, float) and math.isnan(value)):
            out[key] = None
        elif hasattr(value, "item"):
            out[key] = value.item()
        else:
            out[key] = value
    return out
