"""Per-kernel values from whole columns (issue 13, ninth pass) against the row walks they
replace.

``gpuadvisor.kernel_columns`` computes per-row values of a whole table with NumPy and
``gpuadvisor.row_codes`` works per-row facts out once per distinct shape and grid; the
readers in ``gpuadvisor.analysis`` take a kernel's share of them. Rows that are not views of
one table still walk the rows, so each check compares the two readings of the same rows, on
hand-made cells that include the awkward ones (missing, NaN, infinite, -0.0, 0, negative,
fractional and huge values, ties) and on kernels whose rows are one run of the table or not.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pandas as pd
import pytest

from gpuadvisor.access_model import fit_kernel, profiles_from_rows
from gpuadvisor.analysis import (
    _row_launches,
    _TableCells,
    constant_cache_waits,
    divergence,
    kernel_info,
    loads_per_thread,
    no_loads,
    profiled_block_time,
    reuse_degree,
)
from gpuadvisor.characterize import Characterization
from gpuadvisor.row_codes import combination_codes, shape_codes
from gpuadvisor.rows import TableRows, column_lists

ODD = [None, math.nan, math.inf, -math.inf, -0.0, 0.0, 0.5, 1.0, 2.0, 3.0, -3.0, 1e300,
       2.0**60]
PLAIN = [1.0, 2.0, 3.0, 4.0, 8.0]


def _frame(n: int, seed: int, odd: float) -> pd.DataFrame:
    """Cells drawn from ordinary values, and from :data:`ODD` with probability ``odd``."""
    rng = random.Random(seed)

    def pick(values: list, k: int = 1) -> list:
        return [rng.choice(ODD) if rng.random() < odd else rng.choice(values) * k
                for _ in range(n)]

    return pd.DataFrame({
        "kernel": ["k"] * n,
        "block_x": pick([1.0, 8.0, 16.0, 32.0, 64.0]), "block_y": pick([1.0, 2.0, 4.0, 8.0]),
        "block_z": pick([1.0, 1.0, 2.0]), "block_size": pick([32.0, 64.0, 128.0, 256.0]),
        "grid_x": pick([4.0, 16.0, 64.0]), "grid_y": pick([1.0, 2.0, 16.0]),
        "grid_z": pick([1.0, 1.0, 2.0]),
        "cache_config": [rng.choice(["default", "l1_off"]) for _ in range(n)],
        "duration_ms": pick([0.5, 1.0, 1.0, 2.0]),  # ties: the first least is kept
        "l1_global_load_requests": pick([0.0, 1e3, 4e3, 1e6]),
        "l1_global_load_sectors": pick([0.0, 4e3, 1.6e4]),
        "sectors_per_request": pick([0.0, 4.0, 16.0]),
        "store_sectors_per_request": pick([4.0, 8.0]),
        "dram_bytes_read": pick([0.0, 1e5, 2e5]), "dram_bytes_write": pick([0.0, 1e5]),
        "threads_per_warp_instruction": pick([16.0, 24.0, 32.0]),
        "l1_global_store_requests": pick(PLAIN, 100),
        "ncu_stall_lg_throttle": pick(PLAIN), "ncu_stall_long_scoreboard": pick(PLAIN),
        "ncu_stall_barrier": pick(PLAIN), "registers_per_thread": pick([32.0, 40.0]),
        "shared_mem_per_block": pick([0.0, 1024.0]),
        "ncu_stall_imc_miss": pick([0.0, 1.0, 3.0, 3.0]),  # ties: the first largest is kept
    })


def _dicts(df: pd.DataFrame) -> list[dict]:
    return [dict(zip(map(str, df.columns), r, strict=True))
            for r in df.itertuples(index=False, name=None)]


def _reading(fn, rows):
    """``fn(rows)`` as text, or the class of what it raised (both readings raise alike)."""
    try:
        return repr(fn(rows))
    except Exception as err:  # noqa: BLE001 - compared, not handled
        return type(err).__name__


READERS = (reuse_degree, loads_per_thread, profiled_block_time, divergence, no_loads,
           constant_cache_waits, _row_launches,
           lambda rows: profiles_from_rows(rows, "sectors_per_request"),
           lambda rows: profiles_from_rows(rows, "absent"),
           lambda rows: fit_kernel(rows, rows[len(rows) // 2]))
CASES = [(seed, odd) for seed in range(12) for odd in (0.0, 0.05, 0.3)]


@pytest.mark.parametrize(("seed", "odd"), CASES)
def test_kernel_values_from_columns_are_the_row_walks(seed: int, odd: float):
    df = _frame(60, seed, odd)
    table = column_lists(df)
    records = _dicts(df)
    rng = random.Random(seed)
    for index in (list(range(60)), list(range(10, 40)),
                  sorted(rng.sample(range(60), 25)), [7]):
        rows = TableRows(table, index)
        plain = [records[i] for i in index]
        for fn in READERS:
            assert _reading(fn, rows) == _reading(fn, plain), (READERS.index(fn), index)


def test_the_readings_came_from_the_columns_and_are_not_empty():
    """The fast paths ran (the table allowed them) and found values to compare."""
    df = _frame(60, 3, 0.0)
    table = column_lists(df)
    rows = TableRows(table, list(range(60)))
    assert shape_codes(table) is not None
    for fn, key in ((reuse_degree, "l1_bytes_per_dram_byte"),
                    (loads_per_thread, "loads_per_thread"),
                    (profiled_block_time, "profiled_ns_per_block"),
                    (divergence, "idle_lanes_measured"),
                    (constant_cache_waits, "constant_wait_pct")):
        assert key in fn(rows), fn.__name__
    memo = table.__dict__["_memo"]
    assert memo["kernel_columns.constant_wait_shares"] is not None
    assert memo["kernel_columns.per_thread_time"] is not None
    assert memo["kernel_columns.idle_lanes.32"] is not None
    zero = df.assign(l1_global_load_requests=0.0)
    assert no_loads(TableRows(column_lists(zero), list(range(60)))) == {"loads_absent": True}


def test_first_least_time_per_thread_keeps_the_first_of_equal_rows():
    """Two rows with the same least duration per thread: the earlier one is the anchor (its
    barrier share is the one reported)."""
    df = pd.DataFrame({
        "block_x": [32.0, 32.0, 32.0], "block_y": [1.0, 1.0, 1.0], "block_size": [32.0] * 3,
        "grid_x": [8.0, 8.0, 8.0], "duration_ms": [2.0, 1.0, 1.0],
        "ncu_stall_barrier": [5.0, 6.0, 7.0]})
    rows = TableRows(column_lists(df), [0, 1, 2])
    assert profiled_block_time(rows)["profiled_barrier_pct"] == 6.0
    assert profiled_block_time(_dicts(df))["profiled_barrier_pct"] == 6.0


def test_kernel_info_from_columns_is_the_row_walks():
    char = Characterization(kernel="k", access="coalesced", access_source="assumed",
                            access_evidence=[], bound="memory", bound_source="assumed",
                            bound_evidence=[])
    for seed in range(6):
        df = _frame(50, seed, 0.05)
        rows = TableRows(column_lists(df), list(range(5, 45)))
        plain = _dicts(df)[5:45]
        assert _reading(lambda r: kernel_info("k", r, char, use_manifest=False), rows) \
            == _reading(lambda r: kernel_info("k", r, char, use_manifest=False), plain)


@pytest.mark.parametrize("odd", [0.0, 0.1, 0.4])
def test_table_cells_once_per_shape_are_the_row_walks(odd: float):
    df = _frame(80, 11, odd)
    df.loc[3, "block_x"] = math.nan
    table = column_lists(df)
    by_rows = {k: table[k] for k in dict.keys(table)}  # a plain mapping: walked row by row
    fast, walked = _TableCells(table), _TableCells(by_rows)
    assert repr(fast.parts) == repr(walked.parts)
    assert fast.has_metrics == walked.has_metrics
    if odd == 0.0:
        assert shape_codes(table) is not None


def test_shape_codes_leave_tables_they_cannot_code_to_the_row_walk():
    df = _frame(20, 1, 0.0)
    assert shape_codes(column_lists(df)) is not None
    for column, value in (("block_x", math.inf), ("grid_y", 2.0**60)):
        odd = df.copy()
        odd.loc[4, column] = value
        assert shape_codes(column_lists(odd)) is None, column
    text = df.astype({"block_x": object})
    text.loc[2, "block_x"] = "32"
    assert shape_codes(column_lists(text)) is None
    no_cache = df.astype({"cache_config": object})
    no_cache.loc[1, "cache_config"] = None
    assert shape_codes(column_lists(no_cache)) is None


@pytest.mark.parametrize("seed", range(8))
@pytest.mark.parametrize("loaded", [True, False])
def test_combination_codes_number_equal_rows_alike_in_order_of_appearance(
        seed: int, loaded: bool, monkeypatch: pytest.MonkeyPatch):
    """With pandas' factorize (pandas loaded) or NumPy's sort (a table read without it)."""
    import sys

    if not loaded:
        monkeypatch.setitem(sys.modules, "pandas", None)
    rng = np.random.default_rng(seed)
    n = 500
    columns = [rng.choice([0.0, 1.0, 2.5, np.nan, -7.0], n) for _ in range(3)]
    columns.append(rng.integers(0, 4, n))
    code, first = combination_codes(columns)
    seen: dict[tuple, int] = {}
    expect, firsts = [], []
    for i, key in enumerate(zip(*(np.where(np.isnan(c.astype(float)), np.inf, c).tolist()
                                  for c in columns), strict=True)):
        if key not in seen:
            seen[key] = len(seen)
            firsts.append(i)
        expect.append(seen[key])
    assert code.tolist() == expect
    assert first.tolist() == firsts


@pytest.mark.parametrize("loaded", [True, False])
def test_combination_codes_renumber_before_the_product_overflows(
        loaded: bool, monkeypatch: pytest.MonkeyPatch):
    import sys

    if not loaded:
        monkeypatch.setitem(sys.modules, "pandas", None)
    n = 3000
    columns = [np.arange(n, dtype=np.float64) for _ in range(6)]  # 3000**6 > 2**62
    code, first = combination_codes(columns)
    assert code.tolist() == list(range(n))
    assert first.tolist() == list(range(n))


def test_hand_made_cells_read_from_the_columns_as_the_walk_reads_them():
    """Cells the walk reads in its own way, on a table the columns still serve: a missing
    grid_y or one of 0 is one row of blocks (``gy or 1``), a negative grid and block size
    make a positive warp count, a missing write counts no bytes written."""
    df = pd.DataFrame({
        "block_x": [32.0, 32.0, 64.0, 16.0], "block_y": [1.0, 2.0, 1.0, 4.0],
        "block_size": [32.0, 64.0, -64.0, 64.0], "grid_x": [8.0, 8.0, -4.0, 2.0],
        "grid_y": [0.0, np.nan, 3.0, -0.0], "grid_z": [1.0, 1.0, 1.0, 1.0],
        "l1_global_load_requests": [80.0, 96.0, 40.0, 20.0],
        "l1_global_load_sectors": [320.0, 640.0, 64.0, 96.0],
        "dram_bytes_read": [100.0, 200.0, 50.0, 400.0],
        "dram_bytes_write": [np.nan, 100.0, np.nan, 0.0]})
    table = column_lists(df)
    rows = TableRows(table, [0, 1, 2, 3])
    plain = _dicts(df)
    assert loads_per_thread(rows) == loads_per_thread(plain)
    # 80 / (8 x 1 warps), 96 / (8 x 2), 40 / (-12 x -2), 20 / (2 x 2): median of 10, 6, 1.67, 5
    assert loads_per_thread(rows) == {"loads_per_thread": 5.5}
    assert reuse_degree(rows) == reuse_degree(plain)
    # 32 * sectors / (read + write): 102.4, 68.27, 40.96, 7.68 -> median (40.96 + 68.27) / 2
    assert reuse_degree(rows) == {"l1_bytes_per_dram_byte": (40.96 + 32.0 * 640.0 / 300.0) / 2}
    memo = table.__dict__["_memo"]
    assert memo["kernel_columns.loads_per_warp"] is not None
    assert memo["kernel_columns.dram_reuse"] is not None


@pytest.mark.parametrize("odd", [0.0, 0.1, 0.4])
def test_block_ints_once_per_shape_are_each_rows_parse(odd: float):
    """:meth:`Table.block_ints` worked out once per distinct shape is the parse of each row
    (``int(float(cell))``; a missing block_z is 1, a NaN one does not parse)."""
    from gpuadvisor.rows import _block_ints

    df = _frame(80, 5, odd)
    missing = [(None, math.nan, z)[i % 3] for i, z in enumerate(df["block_z"])]
    for frame in (df, df.astype({"block_x": "int64"}) if odd == 0.0 else df,
                  df.assign(block_z=pd.Series(missing, dtype=object))):
        table = column_lists(frame)
        xs, ys, zs = (table.get(c) for c in ("block_x", "block_y", "block_z"))
        assert repr(table.block_ints()) == repr(
            [_block_ints(x, y, z) for x, y, z in zip(xs, ys, zs, strict=True)])
    table = column_lists(df)
    table.block_ints()
    assert (table.__dict__["_memo"]["shape_codes"] is not None) == (odd == 0.0)


def test_constant_waits_skip_rows_without_a_block_size_and_keep_the_first_largest():
    """The largest share of stalls on the constant cache, among rows with a block size: a
    zero-sized row's larger share is not it, and of two equal shares the earlier row's size
    is reported."""
    df = pd.DataFrame({
        "block_size": [0.0, 64.0, 128.0, 256.0],
        "ncu_stall_imc_miss": [9.0, 3.0, 3.0, 1.0],
        "ncu_stall_long_scoreboard": [1.0, 1.0, 1.0, 1.0]})
    expected = {"constant_wait_pct": 75.0, "constant_wait_block_threads": 64.0}
    assert constant_cache_waits(TableRows(column_lists(df), [0, 1, 2, 3])) == expected
    assert constant_cache_waits(_dicts(df)) == expected
