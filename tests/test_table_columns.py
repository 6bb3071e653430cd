"""Per-kernel reads over a table's columns (issue 13, seventh pass) against row-by-row reads.

Each fast path here replaces a loop over row views; these tests check it gives what the loop
gave, on hand-made cells that include the awkward ones (missing, NaN, infinite, -0.0, text).
"""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from gpuadvisor.access_model import pick_profiles
from gpuadvisor.analysis import (
    _domain,
    _row_launches,
    divergence,
    fixed_grid,
    loads_per_thread,
    profiled_block_time,
    reuse_degree,
)
from gpuadvisor.characterize import access_from_metrics, loads_absent, loads_absent_each
from gpuadvisor.numbers import float_or_none
from gpuadvisor.review import _row_facts, _table_facts
from gpuadvisor.rows import (
    Table,
    TableRows,
    cells_in,
    column_lists,
    floats_in,
    n_rows,
    of_one_table,
)
from gpuadvisor.rules.grouped import token
from gpuadvisor.scoring import TableScorer
from gpuadvisor.sweep import config_key, config_keys

ODD = [1.0, None, math.nan, math.inf, -0.0, 0.0, 2.5, -3.0, 1e300]


def _frame(n: int = 40, seed: int = 7) -> pd.DataFrame:
    rng = random.Random(seed)
    pick = lambda values: [rng.choice(values) for _ in range(n)]  # noqa: E731
    return pd.DataFrame({
        "kernel": pick(["a", "b"]), "block_x": pick([32, 64, 8]), "block_y": pick([1, 4, 8]),
        "block_z": pick([1, 2]), "block_size": pick([32, 256]),
        "grid_x": pick([4.0, 16.0, None]), "grid_y": pick([1.0, 3.0, None]),
        "grid_z": pick([1.0, None]), "cache_config": pick(["default", "l1_off", None]),
        "status": pick(["ok", "ok", "failed", None]),
        "time_ms": pick(ODD), "time_ms_std": pick(ODD), "repeats": pick([1.0, 5.0, None]),
        "time_ms_min": pick(ODD), "time_ms_max": pick(ODD), "duration_ms": pick(ODD),
        "gld_efficiency": pick([None, 0.0, 50.0, 100.0]),
        "sectors_per_request": pick([None, 0.0, 4.0, 16.0]),
        "l1_global_load_requests": pick([None, 0.0, 1e6]),
        "l1_global_load_sectors": pick([None, 0.0, 4e6]),
        "dram_bytes_read": pick([None, 0.0, 1e5]), "dram_bytes_write": pick([None, 2e4]),
        "threads_per_warp_instruction": pick([None, 32.0, 20.5]),
        "registers_per_thread": pick([32.0, 40.0, None]),
        "text": pick(["x", "y", None]),
    })


def _dicts(df: pd.DataFrame) -> list[dict]:
    return df.to_dict(orient="records")


def test_lazy_float_columns_read_as_lists_do():
    df = _frame()
    table = column_lists(df)
    eager = {str(c): df[c].tolist() if df[c].dtype == np.float64 else None for c in df.columns}
    assert n_rows(table) == len(df) and table.rows() == len(df)
    for i in (0, 5, len(df) - 1):  # single cells, before any column is made a list
        got = table.row_items(i)
        assert [k for k, _ in got] == [str(c) for c in df.columns]
        for k, g in got:
            if eager[k] is not None:
                assert repr(g) == repr(eager[k][i])
    for name, values in eager.items():
        if values is None:
            continue
        assert repr(table.floats(name)) == repr([float_or_none(v) for v in values])
        assert table.float_array(name) is not None
        assert repr(table.get(name)) == repr(values) and repr(table[name]) == repr(values)
    part = table.take([1, 2, 3])
    gapped = table.take([0, 4, 9])
    for name, values in eager.items():
        if values is not None:
            assert repr(part[name]) == repr(values[1:4])
            assert repr(gapped[name]) == repr([values[0], values[4], values[9]])
    fresh = column_lists(df)  # items() makes every list (NaN cells: compare by repr)
    assert repr(sorted(fresh.items())) == repr(sorted(table.items()))
    assert Table(a=[1.0]) == Table(a=[1.0]) and column_lists(df[["block_x"]]) == {
        "block_x": df["block_x"].tolist()}


def test_kernel_rows_read_their_table_columns_as_rows_do():
    df = _frame()
    table = column_lists(df)
    records = _dicts(df)
    for index in ([3, 4, 5, 6], [0, 7, 8, 20, 39], [11]):
        rows = TableRows(table, index)
        assert of_one_table(list(rows)) == rows
        plain = [records[i] for i in index]
        for key in ("time_ms", "grid_y", "status", "absent", "block_x"):
            assert repr(floats_in(rows, key)) == repr(floats_in(plain, key))
            assert repr(floats_in(rows, key)) == repr([float_or_none(r.get(key)) for r in plain])
            assert repr(cells_in(rows, key)) == repr([r.get(key) for r in plain])
        assert _row_launches(rows) == _row_launches(plain)
        assert _domain(rows, None) == _domain(plain, None)
        for fn in (fixed_grid, divergence, loads_per_thread, profiled_block_time, reuse_degree):
            assert fn(rows) == fn(plain), fn.__name__
        assert loads_absent_each(rows) == [loads_absent(r) for r in plain]
        assert access_from_metrics(rows) == access_from_metrics(plain)


def test_table_facts_are_each_rows_facts():
    df = _frame(60, seed=3)
    table = column_lists(df)
    facts = _table_facts(table, "time_ms")
    for i, record in enumerate(_dicts(df)):
        assert repr(facts[i]) == repr(_row_facts(record, "time_ms"))
    assert config_keys(table) == [config_key(r) for r in _dicts(df)]
    assert config_keys(Table(kernel=[], block_x=[])) == []


def test_metric_bit_codes_group_as_tokens_do():
    values = [1.0, -0.0, 0.0, None, 2.5, 1.0, None, -0.0, math.inf, 2.5]
    table = Table(kernel=["k"] * len(values), gld_efficiency=values,
                  l1_hit_rate=[1, 2.0] * (len(values) // 2))
    scorer = TableScorer([])
    row = table.views()[0]
    codes = scorer.metric_float_codes(row, "metrics.gld_efficiency").tolist()
    tokens = [scorer.metric_token(r, "metrics.gld_efficiency") for r in table.views()]
    for i in range(len(values)):
        for j in range(len(values)):
            assert (codes[i] == codes[j]) == (tokens[i] == tokens[j]), (values[i], values[j])
    assert scorer.metric_float_codes(row, "metrics.l1_hit_rate") is None  # an int among them
    assert tokens[0] == token(1.0)


def _pick_profiles_before(prof, ref, limit=3):
    """pick_profiles' choice as it was written before this pass (a distance per chosen)."""
    chosen = ref[:1] or prof[:1]
    ratio = {(bx, by): math.log2(bx / by) for bx, by, _ in prof}

    def distance(p):
        return min(abs(ratio[(p[0], p[1])] - ratio[(c[0], c[1])]) for c in chosen)

    while len(chosen) < limit:
        far = max(prof, key=distance)
        if distance(far) < 1:
            break
        chosen.append(far)
    return chosen


@pytest.mark.parametrize("seed", range(20))
def test_pick_profiles_chooses_as_before(seed: int):
    rng = random.Random(seed)
    shapes = [(rng.choice([1, 2, 4, 8, 16, 32, 64, 128]), rng.choice([1, 2, 4, 8, 16, 32]))
              for _ in range(rng.randint(1, 12))]
    rows = [{"block_x": bx, "block_y": by, "block_z": 1, "sectors_per_request": 1.0 + i}
            for i, (bx, by) in enumerate(shapes)]
    reference = rng.choice([None, *rows])
    prof = [(r["block_x"], r["block_y"], r["sectors_per_request"]) for r in rows]
    ref = ([(reference["block_x"], reference["block_y"], reference["sectors_per_request"])]
           if reference else [])
    for limit in (1, 2, 3, 5):
        assert pick_profiles(rows, "sectors_per_request", reference, limit) \
            == _pick_profiles_before(prof, ref, limit)


def test_intake_reads_the_same_table_and_errors_without_the_line_scan(tmp_path: Path):
    from gpuadvisor.errors import UserError
    from gpuadvisor.intake import csv_head, csv_layout, lenient_intake
    from gpuadvisor.sweep import read_sweep

    text = ("# provenance: x\n\nkernel,block_x,block_y,cache_config,status,time_ms\n"
            "# a comment\nk,32,1,default,ok,1.0\n  ,64,1,default,ok,2.0\n"
            "k,16,2,bogus,ok,3.0\nk,8,4,,weird,4.0\n")
    path = tmp_path / "t.csv"
    path.write_text(text)
    header, _lines, _cut = csv_layout(path)
    assert csv_head(path) == (header, True)
    with pytest.raises(UserError, match=r"t.csv:6: column kernel: the kernel name is empty"):
        read_sweep(path)
    with lenient_intake():
        df, _prov = read_sweep(path)
    assert df["block_x"].tolist() == [32]  # the empty name, bad cache config and status gone
    path.write_text(text.rstrip("\n"))
    assert csv_head(path)[1] is False
