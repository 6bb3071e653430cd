"""The ways a column's values reach the column evaluator give the column that the plain list
gives (issue 13's eleventh pass): a constant filled, a table's float64 column read as an array,
values given once per kernel or launch configuration and gathered, "skipped: needs" notes
worked out once per pattern of missing names."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gpuadvisor.rules.column_rules import skipped_note
from gpuadvisor.rules.columns import (
    Col,
    Columns,
    Gathered,
    by_kind,
    constant,
    from_floats,
    from_values,
)
from gpuadvisor.rules.engine import load_rules
from gpuadvisor.rules.grouped import MISSING

#: Values a rule input can hold: numbers at the float edges, booleans, text, nothing.
VALUES = [0.0, -0.0, 1.5, -2.25, float("nan"), float("inf"), float("-inf"), 3, -7, 0,
          2**53, 2**53 + 1, -(2**60), True, False, "x", "", None, MISSING, [1, 2]]


def same(a: Col, b: Col) -> bool:
    if a.kind != b.kind or not np.array_equal(a.bad, b.bad):
        return False
    if a.kind == "str":
        return list(a.v) == list(b.v)
    if a.v.tobytes() != b.v.tobytes():  # -0.0 is not 0.0
        return False
    return (a.isint is None) == (b.isint is None) and (
        a.isint is None or np.array_equal(a.isint, b.isint))


@pytest.mark.parametrize("value", [v for v in VALUES[:-2] if v is not None], ids=repr)
@pytest.mark.parametrize("n", [0, 1, 4])
def test_a_constant_is_the_column_of_its_list(value, n):
    assert same(constant(value, n), from_values([value] * n))


@pytest.mark.parametrize("n", [0, 1, 4])
def test_a_none_constant_is_a_column_of_nothing_usable(n):
    """``None`` in an expression (no list of values stands for it): kind none, every entry
    left to the one-context evaluator."""
    c = constant(None, n)
    assert c.kind == "none" and c.bad.tolist() == [True] * n


def test_a_float_column_read_as_an_array_is_the_column_of_its_list():
    """A table's float64 column (NaN: a missing cell, as metric() gives None) against the
    list the scoring pass reads: missing cells bad, an all-missing column a bool one."""
    rng = np.random.default_rng(7)
    for size in (0, 1, 5, 200):
        array = rng.normal(size=size) * 10.0 ** rng.integers(-300, 300, size=size)
        for share in (0.0, 0.3, 1.0):
            a = array.copy()
            a[rng.random(size) < share] = np.nan
            a[: min(size, 2)] = [-0.0, np.inf][: min(size, 2)]
            listed = [MISSING if v != v else v for v in a.tolist()]
            assert same(from_floats(a), from_values(listed, MISSING)), (size, share)


def test_gathered_values_give_the_column_of_the_expanded_list():
    rng = np.random.default_rng(11)
    for _ in range(300):
        values = [VALUES[j] for j in rng.integers(0, len(VALUES), size=rng.integers(1, 5))]
        index = rng.integers(0, len(values), size=int(rng.integers(2, 12)))
        gathered = Gathered(values, index)
        expanded = gathered.expand()
        assert expanded == [values[j] for j in index]
        by_owner = Columns(len(index), lambda name, g=gathered: g, MISSING)
        by_row = Columns(len(index), lambda name, e=expanded: e, MISSING)
        assert same(by_owner.col("derived.v"), by_row.col("derived.v")), values
        assert np.array_equal(by_owner.has("derived.v"), by_row.has("derived.v")), values


def test_a_table_column_stands_in_for_its_list_in_col_and_has():
    values = [1.0, MISSING, -0.0, 2.5, MISSING]
    array = np.array([1.0, np.nan, -0.0, 2.5, np.nan])
    with_array = Columns(5, lambda name: values, MISSING, floats=lambda name: array)
    listed = Columns(5, lambda name: values, MISSING)
    assert same(with_array.col("metrics.m"), listed.col("metrics.m"))
    assert with_array.has("metrics.m").tolist() == listed.has("metrics.m").tolist() == [
        True, False, True, True, False]


def test_skipped_notes_name_what_each_context_lacks():
    """The note ``evaluate`` writes (its requires in their order, an alternative as "or"),
    once per pattern of missing names, for every context."""
    rule = dataclasses.replace(load_rules()[0],
                               requires=("metrics.a", "metrics.b|metrics.c", "derived.d"))
    present = {"metrics.a": [1, 0, 1, 0, 1, 1], "metrics.b": [1, 0, 0, 0, 1, 0],
               "metrics.c": [0, 0, 0, 1, 1, 0], "derived.d": [1, 0, 1, 1, 1, 0]}
    notes = skipped_note(rule, lambda name: np.array(present[name], dtype=bool), 6)
    assert notes == [
        None,
        "skipped: needs metrics.a, metrics.b or metrics.c, derived.d",
        "skipped: needs metrics.b or metrics.c",
        "skipped: needs metrics.a",
        None,
        "skipped: needs metrics.b or metrics.c, derived.d"]


def test_numbers_beside_missing_values_are_the_column_the_loop_makes():
    """A derived value some configurations lack: floats and ints (at the float edges, beyond
    2**53) beside MISSING, None, NumPy floats and groups, in random mixes, and lists with no
    number at all. (A list of numbers alone takes from_values' first path, which zeroes the
    entries it marks bad.)"""
    rng = np.random.default_rng(11)
    numbers = [0.0, -0.0, 1.5, -2.25, float("nan"), float("inf"), float("-inf"), 3, -7, 0,
               2**53, 2**53 + 1, -(2**60)]
    others = [MISSING, None, np.float64(2.5), [1, 2], {"a": 1}]
    for size in (1, 2, 5, 50, 400):
        for share in (0.0, 0.1, 0.5, 0.9, 1.0):
            values = [others[rng.integers(len(others))] if rng.random() < share
                      else numbers[rng.integers(len(numbers))] for _ in range(size)]
            values.insert(int(rng.integers(size + 1)), MISSING)  # not only numbers
            assert same(from_values(values, MISSING), by_kind(values, MISSING)), \
                values


@pytest.mark.parametrize("values", [[None] * 5, [MISSING, None, (1, 2), [3], {"a": 1}],
                                    [(1, 2)] * 3, ["warps"] * 4, ["", "x", "registers"], []],
                         ids=["none", "nothing-usable", "tuples", "one-text", "texts", "empty"])
def test_columns_of_nothing_usable_and_of_texts_are_the_loops(values):
    """A column of values no rule can use (every one bad, kind bool) and one of texts, filled
    without a _kind call per value, against the loop."""
    if not values:
        assert from_values(values).kind == "bool" and from_values(values).v.tolist() == []
        return
    got = from_values(values, MISSING)
    if got.kind == "str":
        assert got.bad.tolist() == [False] * len(values) and list(got.v) == values
        return
    assert same(got, by_kind(values, MISSING))
