"""A function over rule columns called once per distinct argument tuple (issue 13, eighth
pass): the distinct tuples found with NumPy (``columns._call_distinct``) against comparing
each entry's Python values (``columns._call_each``, what ``python_call`` did before), on
columns of ints, floats, -0.0, infinities, booleans, bad entries and functions that fail,
overflow or return NaN."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest

from gpuadvisor.rules.columns import _call_distinct, _call_each, from_values, python_call
from gpuadvisor.rules.expr import FUNCTIONS

CELLS = [0, 1, 2, 3, 7, 8, 1024, -4, 2**60, 0.0, -0.0, 0.5, 2.5, 3.0, 1e300, -1e-300,
         math.inf, -math.inf, math.nan, True, False, None, "x"]


def _column(rng: random.Random, n: int, cells: list[Any]) -> Any:
    return from_values([rng.choice(cells) for _ in range(n)])


def _repr(values: list[Any]) -> list[str]:
    return [f"{type(v).__name__}:{v!r}" for v in values]


@pytest.mark.parametrize("name", ["round", "log2", "sqrt", "floor", "ceil_div", "divides",
                                  "is_pow2", "max", "abs"])
@pytest.mark.parametrize("seed", range(4))
def test_distinct_tuples_found_with_numpy_call_as_each_entry_does(name: str,
                                                                  seed: int) -> None:
    fn, low, _high = FUNCTIONS[name]
    rng = random.Random(seed)
    n = 500
    numbers = [c for c in CELLS if c.__class__ in (int, float)]
    for cells in (numbers, [True, False], [1, 2.0, -0.0, 0.0, 3]):
        cols = [_column(rng, n, cells) for _ in range(max(low, 2 if name in (
            "ceil_div", "divides") else low))]
        bad = np.zeros(n, dtype=bool)
        for c in cols:
            bad |= c.bad
        calls: list[tuple[Any, ...]] = []

        def call(args: tuple[Any, ...], calls: list[tuple[Any, ...]] = calls) -> Any:
            calls.append(args)
            try:
                return fn(*args)
            except Exception:  # noqa: BLE001 - the comparison only needs the same outcome
                return None

        fast = _call_distinct(call, cols, bad, n)
        slow = _call_each(call, cols, bad)
        assert _repr(fast) == _repr(slow)


@pytest.mark.parametrize("name", ["round", "log2", "ceil_div", "max"])
def test_python_call_gives_the_column_the_loop_gave(name: str,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    from gpuadvisor.rules import columns

    fn, low, _high = FUNCTIONS[name]
    rng = random.Random(5)
    for n in (10, 64, 1000):
        cols = [_column(rng, n, CELLS) for _ in range(max(low, 2 if name == "ceil_div"
                                                          else low))]
        for check in (True, False):
            fast = python_call(fn, cols, n, check=check)
            monkeypatch.setattr(columns, "_FEW", 10**9)  # every entry compared in Python
            slow = python_call(fn, cols, n, check=check)
            monkeypatch.undo()
            assert fast.kind == slow.kind
            assert np.array_equal(fast.bad, slow.bad)
            assert _repr(np.asarray(fast.v).tolist()) == _repr(np.asarray(slow.v).tolist())
            if fast.kind == "num":
                assert np.array_equal(fast.isint, slow.isint)


@pytest.mark.parametrize("seed", range(6))
def test_groups_by_counting_are_the_groups_np_unique_finds(seed: int) -> None:
    """``scoring._groups`` counts small codes instead of sorting them: the same first index
    of each group and the same group of each candidate as ``np.unique``."""
    from gpuadvisor.scoring import _groups

    rng = np.random.default_rng(seed)
    for _ in range(50):
        n = int(rng.integers(1, 3000))
        parts = [rng.integers(0, int(rng.choice([1, 2, 5, 50, 5000, 10**6])), n)
                 for _ in range(int(rng.integers(1, 4)))]
        first, inverse = _groups(parts, n)
        code = parts[0].copy()
        for p in parts[1:]:
            code = code * (int(p.max()) + 1) + p
        _unique, want_first, want_inverse = np.unique(code, return_index=True,
                                                      return_inverse=True)
        assert np.array_equal(first, want_first)
        assert np.array_equal(inverse, want_inverse.reshape(-1))
