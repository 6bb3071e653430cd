"""Reading a large table's columns (issue 13, eighth pass).

``sweep.normalize`` copies its input shallowly under copy-on-write: a deep copy of a
100,000-row table (and pandas consolidating its columns) was ~0.1 s of every read. Under
copy-on-write (pandas >= 3) a shallow copy is enough; these tests check that the caller's
frame never changes, whatever normalize or its caller does to the result, and that the
result is the one a deep copy gives. ``rows.floats_of`` converts a long column of plain
numbers with NumPy: the same floats, Nones and errors as converting each cell.
"""

from __future__ import annotations

import math
import random

import pandas as pd
import pytest

from gpuadvisor.rows import floats_of
from gpuadvisor.sweep import normalize


def _frame() -> pd.DataFrame:
    return pd.DataFrame({
        "kernel": ["a", "a", "b", None],
        "block_x": [32, "8", None, 1e3],
        "block_y": [None, 4, 2, math.nan],
        "cache_config": [None, "l1_off", "default", None],
        "status": ["ok", None, "failed", "ok"],
        "time_ms": ["1.5", 2, None, math.inf],
        "grid_x": [1.0, 2.0, None, 4.0],
        "stall_barrier": [0.1, None, 3.0, 4.0],
        "zz_extra": ["x", "y", None, "z"],
    })


def test_normalize_leaves_the_callers_frame_alone() -> None:
    df = _frame()
    before = df.copy(deep=True)
    out = normalize(df)
    assert df.equals(before) and list(df.dtypes) == list(before.dtypes)
    out.loc[0, "time_ms"] = 123.0
    out["block_y"] = 7
    out.iloc[1, out.columns.get_loc("kernel")] = "changed"
    assert df.equals(before)


def test_normalize_gives_what_a_deep_copy_gives() -> None:
    df = _frame()
    shallow = normalize(df)
    deep = normalize(df.copy(deep=True))
    assert shallow.equals(deep) and list(shallow.columns) == list(deep.columns)
    assert list(shallow.dtypes) == list(deep.dtypes)
    assert normalize(shallow).equals(shallow)


def _each(col: list) -> list:
    return [None if v is None or v != v else float(v) for v in col]


@pytest.mark.parametrize("size", [10, 1023, 1024, 5000])
def test_floats_of_a_long_column_is_each_cells_float(size: int) -> None:
    rng = random.Random(size)
    cells = [0, 1, -3, 2**53 + 1, 2**60, -(2**70), 0.0, -0.0, 2.5, 1e-320, math.inf,
             -math.inf, math.nan, None]
    col = [rng.choice(cells) for _ in range(size)]
    got = floats_of(col)
    assert [repr(v) for v in got] == [repr(v) for v in _each(col)]
    assert all(v is None or v.__class__ is float for v in got)


def test_floats_of_an_int_beyond_a_float_raises_as_float_does() -> None:
    col = [1.0] * 2000 + [10**400]
    with pytest.raises(OverflowError):
        _each(col)
    with pytest.raises(OverflowError):
        floats_of(col)


def test_a_row_reads_one_cell_of_an_array_column_without_making_it_a_list() -> None:
    from gpuadvisor.rows import RowView, column_lists

    df = pd.DataFrame({"kernel": ["a", "b", "c"], "time_ms": [1.5, math.nan, -0.0],
                       "block_x": pd.array([32, None, 8], dtype="Int64")})
    table = column_lists(df)
    lists = column_lists(df)
    lists._make_all()  # every column a list: what the cells were read from before
    for i in range(3):
        view, plain = RowView(table, i), RowView(lists, i)
        for key in ("kernel", "time_ms", "block_x"):
            for got, want in ((view[key], plain[key]), (view.get(key), plain.get(key))):
                assert repr(got) == repr(want) and type(got) is type(want)
        assert view.get("absent", "x") == "x"
        with pytest.raises(KeyError):
            view["absent"]
    assert table.float_array("time_ms") is not None
    assert dict.__getitem__(table, "time_ms").__class__.__name__ == "_FloatArray"


def test_the_first_row_of_each_configuration_as_row_by_row() -> None:
    """``analysis._first_of_each`` (every row's cells parsed) picks the candidates that
    reading row by row picks: the first row of each shape and cache configuration, rows
    without a shape left out, repeated launches dropped."""
    from gpuadvisor.analysis import _first_of_each, _first_of_each_row, _TableCells
    from gpuadvisor.rows import TableRows, column_lists

    rng = random.Random(4)
    n = 300
    df = pd.DataFrame({
        "kernel": ["k"] * n,
        "block_x": pd.array([rng.choice([32, 64, None, 8]) for _ in range(n)], dtype="Int64"),
        "block_y": [rng.choice([1.0, 2.0, math.nan, 0.0, -0.0]) for _ in range(n)],
        "block_z": [rng.choice([1.0, math.nan]) for _ in range(n)],
        "cache_config": [rng.choice(["default", "l1_off", None, ""]) for _ in range(n)],
        "grid_x": [rng.choice([4.0, math.nan, 0.0]) for _ in range(n)],
        "grid_y": [rng.choice([1.0, 3.0, math.nan]) for _ in range(n)],
        "grid_z": [rng.choice([1.0, math.nan]) for _ in range(n)],
    })
    table = column_lists(df)
    parts = _TableCells(table).parts
    assert None not in parts and False in parts
    rows = TableRows(table, list(range(n)))
    fast, slow = _first_of_each("k", rows, parts), _first_of_each_row("k", rows, parts)
    assert [(c.key, c.grid, c.row.index) for c in fast] == [
        (c.key, c.grid, c.row.index) for c in slow]
    assert len({c.key for c in fast}) == len(fast) > 4
