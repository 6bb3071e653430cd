"""Review's comparison as columns (issue 13, ninth pass) against the comparison one
configuration at a time it replaces.

``review.compare_configs`` compares the usual configurations over whole columns and the
others with ``review.compare_config``; each check compares it with ``compare_config`` of every
key (objects, verdicts, the JSON text), on pairs of tables with hand-made odd cells: failed
and missing statuses, missing, zero, -0.0, equal and huge times, spreads from the standard
deviation, the range or neither, metrics that differ, configurations in one table only.
"""

from __future__ import annotations

import json
import math
import random

import pandas as pd
import pytest

from gpuadvisor import review
from gpuadvisor.review_columns import ConfigChanges, aligned_keys, sorted_keys
from gpuadvisor.rows import column_lists
from gpuadvisor.sweep import config_keys, normalize

TIMES = [1.0, 1.0, 2.0, 1.05, 0.0, -0.0, None, math.nan, 1e300, 3.0]
SPREADS = [None, 0.0, 0.01, 0.5, 1e306, math.nan]


def _table(rng: random.Random, n: int) -> pd.DataFrame:
    def pick(values: list) -> list:
        return [rng.choice(values) for _ in range(n)]

    return pd.DataFrame({
        "kernel": pick(["a", "b", "c\u00e9"]), "block_x": pick([8, 16, 32, 64]),
        "block_y": pick([1, 2, 4, 8]), "block_z": pick([1, 1, 2]),
        "cache_config": pick(["default", "l1_off", "prefer_l1"]),
        "status": pick(["ok", "ok", "ok", "failed"]), "error": pick([None, None, "oom"]),
        "time_ms": pick(TIMES), "time_ms_std": pick(SPREADS), "repeats": pick([None, 1, 5]),
        "time_ms_min": pick(TIMES), "time_ms_max": pick(TIMES),
        "dram_throughput_pct": pick([50.0, 50.0, 50.0, 70.0, None]),
    }).drop_duplicates(["kernel", "block_x", "block_y", "block_z", "cache_config"])


def _sides(df: pd.DataFrame) -> tuple[dict, list]:
    table = column_lists(normalize(df))
    return (dict(zip(config_keys(table), table.views(), strict=True)),
            review._table_facts(table, "time_ms"))


@pytest.mark.parametrize("seed", range(16))
@pytest.mark.parametrize("threshold", [5.0, 0, 50])
def test_columns_compare_as_one_configuration_at_a_time(seed: int, threshold: float) -> None:
    rng = random.Random(seed)
    rows_a, facts_a = _sides(_table(rng, 120))
    rows_b, facts_b = _sides(_table(rng, 120))
    same = review._same_metrics(rows_a, rows_b)
    keys = sorted(set(rows_a) | set(rows_b), key=review._sort_key)
    configs = review.compare_configs(keys, rows_a, rows_b, threshold, "time_ms", same,
                                     (facts_a, facts_b))
    one_by_one = [
        review.compare_config(key, rows_a.get(key), rows_b.get(key), threshold, "time_ms",
                              deltas=key not in same,
                              facts=(None if key not in rows_a else facts_a[rows_a[key].index],
                                     None if key not in rows_b else facts_b[rows_b[key].index]))
        for key in keys]
    assert isinstance(configs, ConfigChanges)
    assert 0 < len(configs.compared) < len(keys)  # both ways of comparing were taken
    assert configs.verdicts == [c.verdict for c in one_by_one]
    assert review.configs_json(configs) == review.configs_json(one_by_one) \
        == json.dumps([review._config_dict(c) for c in one_by_one], separators=(",", ":"))
    assert repr(list(configs)) == repr(one_by_one)
    for name in ("time_a", "time_b", "change_pct", "noise_ms"):  # the columns say the same
        column = configs.columns[name]
        assert [repr(None if v is None or v != v else v)
                for i, v in enumerate(column.tolist() if hasattr(column, "tolist") else column)
                if i not in configs.compared] \
            == [repr(getattr(c, name)) for i, c in enumerate(one_by_one)
                if i not in configs.compared], name


def test_a_change_too_large_for_a_float_is_written_from_its_object() -> None:
    """An infinite change or noise is not a plain number: its record comes from the object,
    whose JSON has null there, as the standard encoder's clean dict has."""
    df_a = pd.DataFrame({"kernel": ["k", "k"], "block_x": [32, 64], "block_y": [1, 1],
                         "status": ["ok", "ok"], "time_ms": [1e-300, 1.0],
                         "time_ms_std": [1e307, 0.1], "repeats": [5, 5]})
    df_b = df_a.assign(time_ms=[1e300, 1.5], time_ms_std=[1e308, 0.1])
    rows_a, facts_a = _sides(df_a)
    rows_b, facts_b = _sides(df_b)
    keys = sorted_keys(rows_a.keys() | rows_b.keys())
    configs = review.compare_configs(keys, rows_a, rows_b, 5.0, "time_ms",
                                     review._same_metrics(rows_a, rows_b), (facts_a, facts_b))
    assert not configs.compared
    assert math.isinf(configs[0].change_pct) and math.isinf(configs[0].noise_ms)
    text = review.configs_json(configs)
    assert text == json.dumps([review._config_dict(c) for c in configs], separators=(",", ":"))
    assert '"change_pct":null,"noise_ms":null' in text
    # (an infinite noise: no change exceeds it)
    assert configs.verdicts == [c.verdict for c in configs] == ["unchanged", "slower"]


@pytest.mark.parametrize("seed", range(10))
def test_sorted_keys_is_sorted_by_the_review_key(seed: int) -> None:
    rng = random.Random(seed)
    keys = {(rng.choice(["b", "a", "B", "\u00e9", "a1"]), rng.choice([1, 8, -2, 32]),
             rng.choice([1, 4, 0]), rng.choice([1, 2]),
             rng.choice(["default", "l1_off", "Default", "prefer_l1"])) for _ in range(200)}
    assert sorted_keys(keys) == sorted(keys, key=review._sort_key)
    huge = keys | {("a", 2**70, 1, 1, "default")}  # sorted by Python
    assert sorted_keys(huge) == sorted(huge, key=review._sort_key)
    assert sorted_keys([]) == [] and sorted_keys([("k", 1, 1, 1, "d")]) == [("k", 1, 1, 1, "d")]


@pytest.mark.parametrize("seed", range(10))
def test_aligned_keys_are_the_sorted_union_with_each_side_s_position(seed: int) -> None:
    rng = random.Random(seed)

    def keys() -> list[tuple]:
        return list({(rng.choice(["b", "a", "B", "\u00e9"]), rng.choice([1, 8, -2, 32]),
                      rng.choice([1, 4, 0]), rng.choice([1, 2]),
                      rng.choice(["default", "l1_off", "Default"])): None
                     for _ in range(rng.choice([1, 40, 150]))})

    keys_a, keys_b = keys(), keys()
    union, at_a, at_b = aligned_keys(keys_a, keys_b)
    assert union == sorted_keys(set(keys_a) | set(keys_b))
    assert [keys_a[i] if i >= 0 else None for i in at_a.tolist()] \
        == [k if k in keys_a else None for k in union]
    assert [keys_b[i] if i >= 0 else None for i in at_b.tolist()] \
        == [k if k in keys_b else None for k in union]
    assert aligned_keys(keys_a + [("a", True, 1, 1, "default")], keys_b) is None
    assert aligned_keys([], keys_b) is None


@pytest.mark.parametrize("seed", range(8))
def test_the_tables_comparison_is_compare_configs(seed: int) -> None:
    """review's comparison of two tables (keys aligned, facts and metrics read over whole
    columns) gives compare_configs' changes, JSON text included."""
    rng = random.Random(seed)
    frames = [_table(rng, 150) for _ in range(2)]
    if seed % 2:  # a key twice in the baseline: its rows by key hold the later one
        frames[0] = pd.concat([frames[0], frames[0].iloc[[3]].assign(time_ms=7.0)])
    tables = [column_lists(normalize(df)) for df in frames]
    keyed = review._Keyed(*tables, "time_ms")
    rows_a, rows_b = keyed.rows
    keys = sorted_keys(rows_a.keys() | rows_b.keys())
    expected = review.compare_configs(keys, rows_a, rows_b, 5.0, "time_ms",
                                      review._same_metrics(rows_a, rows_b), keyed.facts)
    configs = review._compare_tables(keyed, 5.0)
    assert configs.keys == keys and configs.verdicts == expected.verdicts
    assert sorted(configs.compared) == sorted(expected.compared)
    assert review.configs_json(configs) == review.configs_json(expected)
    assert repr(list(configs)) == repr(list(expected))


@pytest.mark.parametrize("seed", range(12))
def test_the_fastest_from_columns_is_the_fastest_by_key(seed: int) -> None:
    """Each kernel's fastest configuration read from a table's columns (what the forked
    analyses use) is ``_fastest`` of the rows by key, ties (equal times, 0.0 and -0.0)
    included; a table whose keys repeat is left to the rows by key."""
    rng = random.Random(seed)
    df = _table(rng, 150)
    if seed % 3 == 0:
        df = pd.concat([df, df.iloc[[2]]])  # a key twice
    table = column_lists(normalize(df))
    facts = review._fact_columns(table, "time_ms")
    found = review._fastest_of_table(table, facts)
    rows = dict(zip(config_keys(table), table.views(), strict=True))
    if seed % 3 == 0:
        assert found is None
        return
    fastest, named = found
    expected = review._fastest(rows, review._facts_of(facts))
    assert repr(sorted(fastest.items())) == repr(sorted(expected.items()))
    assert named == {key[0] for key in rows}


@pytest.mark.parametrize("cells", [
    {},  # text and ints: the columns zipped as they are
    {"block_y": [0, 2, 1]},  # a 0 side counts as 1
    {"cache_config": ["", "l1_off", None]},  # empty or missing: default
    {"block_x": [32.0, 16.5, 8]},  # floats: int() of each
    {"kernel": ["k", 7, "k"]},  # not text: str() of each
])
def test_config_keys_are_config_key_of_each_row(cells: dict) -> None:
    from gpuadvisor.rows import Table
    from gpuadvisor.sweep import config_key

    table = Table({"kernel": ["k", "k", "m"], "block_x": [32, 16, 8], "block_y": [1, 2, 4],
                   "block_z": [1, 1, 2], "cache_config": ["default", "l1_off", "default"]})
    table.update(cells)
    assert config_keys(table) == [config_key(view) for view in table.views()]
