"""Rows of a table coded by the values of a few of their cells (issue 13).

Per-row facts that depend on a few cells only (a row's block shape, cache configuration and
grid; its launch) are worked out once per distinct combination of those cells and given to
every row that has it: a sweep of 100,000 rows launches a few hundred distinct shapes and
grids. The first row of each combination stands for all of them, so each fact is computed by
the very code that computed it row by row (the callers pass that code in).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

#: Cells coded as float64 must stay below this size (ints convert to floats exactly, and
#: ``int()`` of each fits an int64): larger or infinite cells leave the table to the row walk.
EXACT = float(2**53)

#: The columns a row's shape, cache configuration and grid are read from.
SHAPE_COLUMNS = ("block_x", "block_y", "block_z", "grid_x", "grid_y", "grid_z")


def combination_codes(columns: Sequence[Any]) -> tuple[Any, Any]:
    """Per row, a code of its values in ``columns`` (equal-length float64 or int64 arrays;
    NaN equal to NaN), codes numbered from 0 in the order they first appear; and the first
    row of each code. Rows with one code hold equal values in every column (``==``, so
    -0.0 may share 0.0's code)."""
    import numpy as np

    n = len(columns[0])
    code = np.zeros(n, dtype=np.int64)
    count = 1
    for column in columns:
        codes, width = _dense(column)
        if count * width > 2**62:  # renumber densely before the product could overflow
            code, count = _dense(code)
        code = code * width + codes
        count *= width
    if not n:
        return code, np.zeros(0, dtype=np.int64)
    _values, first, dense = np.unique(code, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # codes by their first row
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return rank[dense.reshape(-1)], first[order]


def _dense(values: Any) -> tuple[Any, int]:
    """Codes 0..width-1 of an array's values (NaN one value) and their number: pandas' hash
    table where pandas is loaded already (a table it read), else NumPy's sort (a table read
    without pandas: analyze of one profile does not import it)."""
    import numpy as np

    pd = sys.modules.get("pandas")
    if pd is not None:
        codes, uniques = pd.factorize(values, use_na_sentinel=True)  # NaN: -1
        return codes.astype(np.int64) + 1, len(uniques) + 1
    uniques, inverse = np.unique(values, return_inverse=True)
    return inverse.reshape(-1).astype(np.int64), max(len(uniques), 1)


def float_column(table: Any, name: str) -> Any:
    """A column of a :class:`~gpuadvisor.rows.Table` as a float64 array of its
    :meth:`~gpuadvisor.rows.Table.floats` (NaN for None)."""
    import numpy as np

    array = table.float_array(name)
    if array is not None:
        return array
    return np.array(table.floats(name), dtype=np.float64)


def shape_codes(table: Any) -> tuple[list[int], list[int]] | None:
    """:func:`combination_codes` of a table's :data:`SHAPE_COLUMNS` (their floats) and cache
    configurations, as lists; None where a row-by-row parse could tell rows with equal codes
    apart or raise: a cell of those columns beyond :data:`EXACT` or infinite, a
    ``block_x`` cell that is not an int or a float (``int()`` of text), a cache
    configuration that is not text. Worked out once per table."""
    return table.memo("shape_codes", _shape_codes)  # type: ignore[no-any-return]


def _shape_codes(table: Any) -> tuple[list[int], list[int]] | None:
    import numpy as np

    if not table.rows():
        return None
    arrays = [float_column(table, name) for name in SHAPE_COLUMNS]
    with np.errstate(invalid="ignore"):
        if any(bool((np.abs(a) >= EXACT).any()) for a in arrays):
            return None
    if table.float_array("block_x") is None:
        raw = table.get("block_x")
        if raw is not None and not set(map(type, raw)) <= {int, float}:
            return None
    cache = table.get("cache_config")
    if cache is None:
        cache_codes = np.zeros(table.rows(), dtype=np.int64)
    else:
        if not set(map(type, cache)) <= {str}:
            return None
        names = {name: i for i, name in enumerate(dict.fromkeys(cache))}
        cache_codes = np.array([names[name] for name in cache], dtype=np.int64)
    code, first = combination_codes([*arrays, cache_codes])
    return code.tolist(), first.tolist()


def spread(codes: list[int], first: list[int], fact: Any) -> list[Any]:
    """``fact(row)`` of every row, computed at the first row of each code."""
    per_code = [fact(row) for row in first]
    return [per_code[c] for c in codes]
