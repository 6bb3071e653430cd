"""Strict intake of sweep tables: every declared column parsed with its type, or an error.

A table is evidence a ranking is computed from, so a cell that does not parse must never turn
into something else silently (``abc`` in ``block_x`` used to become an empty cell of an ``ok``
row; text columns multiplied into ``3232323232323232``; ``inf`` was ranked as a time). Here
each identity and numeric column of the contract (docs/sweep-table.md) is checked over whole
columns at once; the first bad cell is an error naming the file, its line and the column. A
file cut off inside its last row (no final newline, fewer fields than the header) is one too.

With :func:`lenient_intake` (the ``--lenient`` option) such rows are dropped instead and one
warning on stderr counts them.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from gpuadvisor.errors import UserError

if TYPE_CHECKING:  # imported where tables are checked: the names above need neither
    import numpy as np
    import pandas as pd

INT_COLUMNS = ("block_x", "block_y", "block_z", "block_size", "grid_x", "grid_y", "grid_z")
FLOAT_COLUMNS = (
    "sm_count", "time_ms", "time_ms_min", "time_ms_max", "time_ms_std", "repeats",
    "achieved_occupancy", "theoretical_occupancy", "gld_efficiency", "gst_efficiency",
    "l1_hit_rate", "l1_global_load_misses", "l1_global_load_requests", "l2_hit_rate",
    "dram_throughput_pct", "sm_throughput_pct", "sectors_per_request", "registers_per_thread",
    "shared_mem_per_block", "shared_efficiency", "branch_efficiency", "duration_ms",
    # ncu counters ranking rules read (l2-atomic-merge-bound, per-block-atomics): a bad cell
    # would otherwise switch a rule off without a word
    "l1_global_atomic_requests", "l1_global_reduction_requests", "l2_atomic_busy_max_pct",
    "l2_atomic_busy_avg_pct",
    # and their sectors (how scattered a warp's atomics are; fixtures/hopper/atomic-sectors/)
    "l1_global_atomic_sectors", "l1_global_reduction_sectors",
    # and the per-block traffic and barrier stalls of a profiled row (fixed-grid-block-work,
    # barrier-two-blocks, reuse and loads per thread)
    "l1_global_store_requests", "l1_global_load_sectors", "dram_bytes_read", "dram_bytes_write",
    "ncu_stall_barrier",
)
STALL_PREFIX = "stall_"
#: Stall-reason columns, nvprof's and ncu's: rules read their shares of all stalls
#: (barrier-two-blocks, thread-records-small-blocks, fixed-grid-block-work), so one bad cell
#: would shift every share.
STALL_PREFIXES = (STALL_PREFIX, "ncu_stall_")
#: Columns read as text whatever their cells look like (a kernel named 123 is a name).
TEXT_COLUMNS = ("kernel", "cache_config", "status")
STATUSES = ("ok", "failed", "invalid", "skipped")

_lenient: ContextVar[bool] = ContextVar("gpuadvisor_lenient_intake", default=False)


@contextmanager
def lenient_intake(enabled: bool = True) -> Iterator[None]:
    """Inside this block, sweep-table rows with bad cells are dropped with a warning."""
    token = _lenient.set(enabled)
    try:
        yield
    finally:
        _lenient.reset(token)


def is_lenient() -> bool:
    return _lenient.get()


@dataclass(frozen=True)
class BadCell:
    row: int  # position in the table
    column: str
    problem: str


def text_dtypes(header: Sequence[str]) -> dict[str, type]:
    """read_csv dtypes: the declared text columns stay text (a kernel named 123 is a name).

    Numeric columns are left to pandas' C parser: a column where every cell parses comes back
    numeric (checked on whole arrays); one bad cell leaves it text, and only that column is
    then examined cell by cell.
    """
    return {c: str for c in header if c in TEXT_COLUMNS}


def csv_layout(path: Path) -> tuple[list[str], list[int], str | None]:
    """(header fields, the line number of each data row, the last line if it is cut off).

    Lines are counted the way ``read_csv(comment="#")`` skips them: comments and blank lines
    are not rows. The last line counts as cut off when the file does not end in a newline and
    that line has fewer fields than the header.
    """
    header: list[str] = []
    lines: list[int] = []
    last = ""
    ends_with_newline = True
    with path.open(encoding="utf-8", errors="replace", newline="") as fh:
        for number, line in enumerate(fh, 1):
            ends_with_newline = line.endswith(("\n", "\r"))
            stripped = line.strip()
            if not stripped or stripped.startswith("#"):
                continue
            if not header:
                header = next(csv.reader([stripped]))
                continue
            lines.append(number)
            last = stripped
    cut = None
    if lines and not ends_with_newline:
        fields = next(csv.reader([last]), [])
        if len(fields) < len(header):
            cut = f"the last line is cut off ({len(fields)} of {len(header)} columns)"
    return [h.strip() for h in header], lines, cut


def csv_head(path: Path) -> tuple[list[str], bool]:
    """(:func:`csv_layout`'s header fields, whether the file ends with a line break), read
    from the file's first lines and its last byte: where it ends with one, no line is cut off
    and the line numbers are needed only to name a bad cell (scanning 100,000 lines in Python
    cost about a quarter of reading the table)."""
    header: list[str] = []
    with path.open(encoding="utf-8", errors="replace", newline="") as fh:
        for line in fh:
            stripped = line.strip()
            if stripped and not stripped.startswith("#"):
                header = next(csv.reader([stripped]))
                break
    with path.open("rb") as fb:
        size = fb.seek(0, 2)
        if size:
            fb.seek(size - 1)
        ends = not size or fb.read(1) in (b"\n", b"\r")
    return [h.strip() for h in header], ends


def check_table(df: pd.DataFrame, path: Path,
                lines: Sequence[int] | Callable[[], Sequence[int]] | None,
                cut_last: str | None = None) -> pd.DataFrame:
    """The table with declared columns converted, or a UserError at the first bad cell.

    ``lines``: the file line of each row (None when unknown: rows are then named by number),
    or a function giving them, called only when a cell is bad.
    ``cut_last``: why the file's last line, which is not in ``df``, could not be read.
    In lenient mode, rows with bad cells are dropped and counted in one warning.
    """
    import pandas as pd

    bad = _bad_cells(df)
    if cut_last is not None:
        bad.append(BadCell(len(df), "", cut_last))  # the row after df's last one
    if bad and callable(lines):
        lines = lines()
    if lines is not None and not callable(lines) and len(lines) != len(df) + (cut_last is not None):
        lines = None  # quoted cells spanning lines: name rows by number instead

    def where(cell: BadCell) -> str:
        line = f"{lines[cell.row]}" if lines is not None else f"row {cell.row + 1}"
        column = f" column {cell.column}:" if cell.column else ""
        return f"{path}:{line}:{column} {cell.problem}"

    if bad:
        first = min(bad, key=lambda c: (c.row, c.column != ""))
        if not is_lenient():
            raise UserError(f"{where(first)} (pass --lenient to drop such rows)")
        rows = sorted({c.row for c in bad})
        sys.stderr.write(f"warning: {path}: dropped {len(rows)} row(s) with unreadable cells "
                         f"(first: {where(first)})\n")
        df = df.drop(index=df.index[[r for r in rows if r < len(df)]])
    for col in df.columns:
        numeric = col in INT_COLUMNS or col in FLOAT_COLUMNS or col.startswith(STALL_PREFIXES)
        if numeric and df[col].dtype.kind not in "iuf":
            df[col] = pd.to_numeric(df[col], errors="coerce")
    return df.reset_index(drop=True)


def _bad_cells(df: pd.DataFrame) -> list[BadCell]:
    """The first bad cell of each declared column (all bad rows of it in lenient mode)."""
    import numpy as np
    import pandas as pd

    out: list[BadCell] = []
    every = is_lenient()
    for col in df.columns:
        numeric = col in INT_COLUMNS or col in FLOAT_COLUMNS or col.startswith(STALL_PREFIXES)
        if not (numeric or col in TEXT_COLUMNS):
            continue
        raw = df[col]
        checks: list[tuple[np.ndarray, str]]
        if numeric:
            checks = _numeric_checks(col, raw)
        elif isinstance(raw.dtype, pd.StringDtype):  # the same checks, once per distinct text
            checks = _text_checks(col, raw)
        else:
            text = raw.astype(object).where(raw.notna(), "").astype(str).str.strip()
            present = (text != "").to_numpy()
            if col == "kernel":
                checks = [(~present, "the kernel name is empty")]
            elif col == "status":
                checks = [(present & ~text.isin(STATUSES).to_numpy(),
                           f"is not a status ({', '.join(STATUSES)})")]
            else:  # cache_config
                from gpuadvisor.sweep import is_valid_cache_config

                valid = {v: is_valid_cache_config(v) for v in text.unique()}
                checks = [(present & ~text.map(valid).to_numpy(dtype=bool),
                           "is not a cache configuration")]
        for mask, problem in checks:
            positions = np.asarray(mask).nonzero()[0]
            for pos in (positions if every else positions[:1]):
                value = raw.iloc[pos]
                shown = "" if col == "kernel" else f"{str(value)[:40]!r} "
                out.append(BadCell(int(pos), col, f"{shown}{problem}"))
    if {"block_x", "block_size"} <= set(df.columns):  # in lenient mode too, beside other bad rows
        out.extend(_inconsistent_block_size(df, every))
    return out


def _text_checks(col: str, raw: pd.Series) -> list[tuple[np.ndarray, str]]:
    """:func:`_bad_cells`' checks of a text column (kernel, status, cache_config) of strings
    and missing cells, decided once per distinct string (a sweep repeats a few names)."""
    import numpy as np
    import pandas as pd

    from gpuadvisor.sweep import is_valid_cache_config

    codes, uniques = pd.factorize(raw, use_na_sentinel=True)
    text = [str(v).strip() for v in uniques]
    if col == "kernel":
        bad = [t == "" for t in text]
        problem = "the kernel name is empty"
        missing_bad = True  # a missing name is an empty one
    elif col == "status":
        bad = [t != "" and t not in STATUSES for t in text]
        problem = f"is not a status ({', '.join(STATUSES)})"
        missing_bad = False
    else:  # cache_config
        bad = [t != "" and not is_valid_cache_config(t) for t in text]
        problem = "is not a cache configuration"
        missing_bad = False
    flags = np.array([*bad, missing_bad], dtype=bool)  # code -1 (missing): the last
    return [(flags[codes], problem)]


def _numeric_checks(col: str, raw: pd.Series) -> list[tuple[np.ndarray, str]]:
    """(bad-row mask, problem) pairs of one numeric column, computed on whole arrays."""
    import numpy as np
    import pandas as pd

    if isinstance(raw.dtype, np.dtype) and raw.dtype.kind in "iuf":
        # NumPy numbers (pandas read every cell as one): no cell unparsed or a bool, only
        # the finite and integer checks below apply (what the general path finds for them)
        num = raw.to_numpy(dtype="float64")
        return _number_checks(col, num, np.zeros(len(num), dtype=bool))
    notna = raw.notna().to_numpy()
    is_bool = np.zeros(len(raw), dtype=bool)
    if raw.dtype.kind == "b":  # True/False in a numeric column
        is_bool = notna.copy()
        raw = raw.astype(object).where(~notna)
    elif raw.dtype == object:  # JSON true/false are not numbers (to_numeric reads them as 1/0)
        is_bool = raw.map(lambda v: isinstance(v, bool)).to_numpy(dtype=bool)
        raw = raw.where(~is_bool)
    if raw.dtype.kind in "iuf":  # every cell parsed already
        num = raw.to_numpy(dtype="float64", na_value=np.nan)
    else:
        num = pd.to_numeric(raw, errors="coerce").to_numpy(dtype="float64", na_value=np.nan)
    unparsed = notna & np.isnan(num) & ~is_bool
    if unparsed.any():  # cells of blanks only are empty, not bad
        rows = unparsed.nonzero()[0]
        blank = raw.iloc[rows].astype(str).str.strip().eq("").to_numpy()
        unparsed[rows[blank]] = False
    return _number_checks(col, num, unparsed | is_bool)


def _number_checks(col: str, num: np.ndarray, unreadable: np.ndarray
                   ) -> list[tuple[np.ndarray, str]]:
    """:func:`_numeric_checks` from the column as float64 (NaN where empty or unreadable) and
    the mask of its unreadable cells (text that is no number, or a bool)."""
    import numpy as np

    infinite = np.isinf(num)
    is_int = col in INT_COLUMNS
    time_like = col.startswith(("time_ms", "duration_ms"))
    checks = [(unreadable, "is not an integer" if is_int else "is not a number"),
              (infinite, "is not a finite time" if time_like else "is not a finite number")]
    if is_int:
        with np.errstate(invalid="ignore"):
            checks.append((~np.isnan(num) & ~infinite & (np.mod(num, 1) != 0),
                           "is not an integer"))
    return checks


def _inconsistent_block_size(df: pd.DataFrame, every: bool) -> list[BadCell]:
    """block_size, when given, must be block_x * block_y * block_z (the contract derives it)."""
    import pandas as pd

    def axis(name: str) -> pd.Series:
        if name not in df:
            return pd.Series(1.0, index=df.index)
        return pd.to_numeric(df[name], errors="coerce").astype("float64").fillna(1.0)

    bx = pd.to_numeric(df["block_x"], errors="coerce").astype("float64")
    size = pd.to_numeric(df["block_size"], errors="coerce").astype("float64")
    product = bx * axis("block_y") * axis("block_z")
    wrong = (bx.notna() & size.notna() & (size != product)).to_numpy().nonzero()[0]
    return [BadCell(int(pos), "block_size",
                    f"{size.iloc[pos]:.0f} is not block_x*block_y*block_z "
                    f"({product.iloc[pos]:.0f})") for pos in (wrong if every else wrong[:1])]
