"""``sweep.normalize`` copies its input shallowly under copy-on-write (issue 13, eighth pass).

A deep copy of a 100,000-row table (and pandas consolidating its columns) was ~0.1 s of
every read. Under copy-on-write (pandas >= 3) a shallow copy is enough; these tests check
that the caller's frame never changes, whatever normalize or its caller does to the result,
and that the result is the one a deep copy gives.
"""

from __future__ import annotations

import math

import pandas as pd

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
