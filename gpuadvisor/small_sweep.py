"""A small, clean sweep table read without pandas (issue 13: one profile in under 0.5 s).

Importing pandas takes about as long as analysing one profile. ``analyze`` of one small CSV
sweep table (one profile's row, a short sweep) reads it here with the csv module into the
columns :func:`gpuadvisor.rows.column_lists` gives for ``read_sweep``'s table: the same names
in the same order, the same Python values (int, float, str, NaN, None).

Only what reads one way is read here. :func:`read_small_sweep` returns None for anything
pandas' parser and the strict intake (:mod:`gpuadvisor.intake`) must decide: a large file, a
cell that does not parse for its column, a cell pandas would read as missing or as a boolean,
spaces around a value, a ``#`` after the start of a line, a cut-off or ragged line, a missing
identity cell, an inconsistent ``block_size``. The caller then reads the file with pandas,
whose errors and ``--lenient`` warnings are the contract. ``tests/test_small_sweep.py`` checks
on every recorded table that both readers give the same columns and the same analysis.
"""

from __future__ import annotations

import csv
import io
import math
import re
from pathlib import Path

from gpuadvisor.intake import FLOAT_COLUMNS, INT_COLUMNS, STALL_PREFIXES, STATUSES
from gpuadvisor.intake import TEXT_COLUMNS as _TEXT_DECLARED
from gpuadvisor.rows import Table
from gpuadvisor.sweep import (
    COLUMNS,
    STALL_PREFIX,
    TEXT_COLUMNS,
    is_valid_cache_config,
    read_provenance,
)

#: Files larger than this go to pandas (its parser is the faster one there).
MAX_BYTES = 256 * 1024

_INT = re.compile(r"[+-]?[0-9]+\Z")  # ASCII digits: int() takes others, pandas does not
_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?\Z")
#: Words pandas' float parser reads as numbers in any case and sign (``inf``, ``-Infinity``).
_FLOAT_WORDS = frozenset({"inf", "infinity", "nan"})
#: Cells pandas reads as missing by default (besides the empty cell).
_PANDAS_MISSING = frozenset({
    "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN",
    "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null",
})
#: Cells pandas' parser reads as booleans.
_BOOLEANS = {"True": True, "TRUE": True, "true": True,
             "False": False, "FALSE": False, "false": False}
#: Integers beyond this are left to pandas (int64 limits, floats that stop being exact).
_EXACT = 2**53


class _Decline(Exception):
    """This file is for pandas to read."""


class _NotNumber(_Decline):
    """A cell that is text: pandas reads its column as text, unless the column is numeric."""


def read_small_sweep(path: Path) -> tuple[Table, dict[str, str]] | None:
    """(columns, provenance) of a small CSV sweep table whose every cell reads one way,
    else None (read it with :func:`gpuadvisor.sweep.read_sweep`)."""
    try:
        if path.suffix in (".jsonl", ".json") or path.stat().st_size > MAX_BYTES:
            return None
        text = path.read_bytes().decode("utf-8")
        return _parse(text), read_provenance(path)
    except (_Decline, OSError, UnicodeDecodeError, csv.Error):
        return None


def _parse(text: str) -> Table:
    if "\r" in text or not text.endswith("\n"):
        raise _Decline
    body: list[str] = []
    for line in text.split("\n")[:-1]:
        if line.startswith("#"):  # provenance, or a comment line pandas skips
            continue
        if "#" in line or line.count('"') % 2:  # a comment after data; a quoted line break
            raise _Decline
        if line:
            if not line.strip():
                raise _Decline
            body.append(line)
    records = list(csv.reader(io.StringIO("\n".join(body) + "\n")))
    if len(records) < 2:
        raise _Decline
    header, rows = records[0], records[1:]
    width = len(header)
    if len(set(header)) != width or any(h != h.strip() or not h for h in header):
        raise _Decline
    if "kernel" not in header or "block_x" not in header:
        raise _Decline
    if any(len(r) != width for r in rows):
        raise _Decline
    cells = {name: [r[i] for r in rows] for i, name in enumerate(header)}
    return _normalized(cells, len(rows))


def _normalized(cells: dict[str, list[str]], n: int) -> Table:
    """The columns ``normalize(check_table(read_csv(...)))`` has, as ``column_lists`` gives."""
    out: dict[str, list] = {}
    for name, raw in cells.items():
        for cell in raw:
            if (cell in _PANDAS_MISSING or cell != cell.strip()
                    or cell.lstrip("+-").lower() in _FLOAT_WORDS):
                raise _Decline
        if name in _TEXT_DECLARED:
            out[name] = _declared_text(name, raw)
        elif name in INT_COLUMNS:
            out[name] = _integers(raw)
        elif name in FLOAT_COLUMNS:
            out[name] = _floats(raw)
        elif name.startswith(STALL_PREFIXES):  # checked as numbers, kept as pandas infers them
            out[name] = _inferred_numbers(raw)
        else:
            out[name] = _inferred(raw)
    for axis in ("block_y", "block_z"):
        out[axis] = [1 if v is None else v for v in out.get(axis, [None] * n)]
    if any(v is None for v in out["block_x"]):
        raise _Decline
    product = [x * y * z for x, y, z in zip(out["block_x"], out["block_y"], out["block_z"],
                                            strict=True)]
    given = out.get("block_size", [None] * n)
    if any(g is not None and g != p for g, p in zip(given, product, strict=True)):
        raise _Decline  # intake names the cell
    out["block_size"] = product
    for axis in ("grid_x", "grid_y", "grid_z"):
        if axis not in out or any(v is None for v in out[axis]):
            raise _Decline  # missing integers are pandas' NA
    if any(v != v for v in out["kernel"]):
        raise _Decline  # an empty kernel name: intake's error
    out["cache_config"] = ["default" if v != v else v
                           for v in out.get("cache_config", [math.nan] * n)]
    out["status"] = ["ok" if v != v else v for v in out.get("status", [math.nan] * n)]
    for col in COLUMNS:
        if col not in out:
            out[col] = [None] * n if col in _ABSENT_AS_NONE else [math.nan] * n
    stalls = sorted(c for c in out if c.startswith(STALL_PREFIX))
    extra = [c for c in out if c not in COLUMNS and c not in stalls]
    table = Table()
    for col in COLUMNS + stalls + extra:
        table[col] = out[col]
    return table


#: Contract text columns ``normalize`` adds as missing (None) when a table lacks them; it
#: fills cache_config and status, and a table without kernel is no sweep table.
_ABSENT_AS_NONE = frozenset(TEXT_COLUMNS) - set(_TEXT_DECLARED)


def _declared_text(name: str, raw: list[str]) -> list:
    values = [math.nan if c == "" else c for c in raw]
    if name == "status" and any(v == v and v not in STATUSES for v in values):
        raise _Decline
    if name == "cache_config" and any(v == v and not is_valid_cache_config(v) for v in values):
        raise _Decline
    return values


def _number(cell: str) -> int | float | None:
    """The cell as an int or a float (None when empty). Text (booleans too) raises
    :class:`_NotNumber`; numbers pandas may read otherwise (beyond 2**53, overflowing to
    infinity) decline the file."""
    if cell == "":
        return None
    if _INT.match(cell):
        value = int(cell)
        if abs(value) > _EXACT:
            raise _Decline
        return value
    if _FLOAT.match(cell):
        value = float(cell)
        if math.isinf(value):
            raise _Decline
        return value
    raise _NotNumber


def _integers(raw: list[str]) -> list[int | None]:
    out: list[int | None] = []
    for cell in raw:
        v = _number(cell)
        if isinstance(v, float):
            if v != int(v):
                raise _Decline
            v = int(v)
        out.append(v)
    return out


def _floats(raw: list[str]) -> list[float]:
    return [math.nan if v is None else float(v) for v in map(_number, raw)]


def _inferred_numbers(raw: list[str]) -> list:
    """Numbers as pandas infers their column: ints when every cell is one, else floats (NaN
    where empty); text declines the file."""
    numbers = [_number(c) for c in raw]
    if all(isinstance(v, int) for v in numbers):
        return numbers
    return [math.nan if v is None else float(v) for v in numbers]


def _inferred(raw: list[str]) -> list:
    """What pandas' parser infers for an undeclared column: all integers (none empty): int;
    numbers: float, NaN where empty; booleans: bool, NaN where empty; otherwise text, NaN
    where empty."""
    present = [c for c in raw if c != ""]
    if present and all(c in _BOOLEANS for c in present):
        return [math.nan if c == "" else _BOOLEANS[c] for c in raw]
    try:
        return _inferred_numbers(raw)
    except _NotNumber:
        # text; a number in it that pandas may read otherwise still declines the file
        for c in raw:
            if (_INT.match(c) and abs(int(c)) > _EXACT) or (
                    _FLOAT.match(c) and math.isinf(float(c))):
                raise _Decline from None
        return [math.nan if c == "" else c for c in raw]
