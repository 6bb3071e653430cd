"""review's reading and writing of large tables (issue 13, eighth pass).

``load_tables`` reads the candidate in a forked process while the baseline is read here: the
tables, what the reads write on stderr (--lenient's warnings) and the error raised must be
what reading one after the other gives (the size threshold is lowered here so that the
fixture's small files take the parallel path). ``configs_json`` writes the configurations'
records itself: the text must be the standard encoder's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor import review
from gpuadvisor.errors import UserError
from gpuadvisor.intake import lenient_intake
from gpuadvisor.review import load_table, load_tables
from tests.test_sweep_intake import FIXTURE, ROOT, with_cell, write


def _broken(tmp_path: Path, name: str, row: int, column: str, value: str) -> Path:
    """The fixture with one cell of data row ``row`` replaced."""
    return write(tmp_path, with_cell(row, column, value), name)


def _one_by_one(a: Path, b: Path) -> tuple[object, object]:
    return load_table(a)[0], load_table(b)[0]


def _outcome(read, a: Path, b: Path, capsys: pytest.CaptureFixture[str], lenient: bool):
    capsys.readouterr()
    with lenient_intake(lenient):
        try:
            tables = read(a, b)
            error = None
        except UserError as err:
            tables, error = None, str(err)
    return tables, error, capsys.readouterr().err


@pytest.fixture()
def parallel(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "PARALLEL_READ_BYTES", 0)


@pytest.mark.parametrize("lenient", [False, True])
@pytest.mark.parametrize("bad", [(), ("a",), ("b",), ("a", "b")])
def test_both_tables_read_at_once_as_one_after_the_other(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], parallel: None,
        bad: tuple[str, ...], lenient: bool) -> None:
    a = _broken(tmp_path, "a.csv", 0, "block_x", "abc") if "a" in bad else FIXTURE
    b = _broken(tmp_path, "b.csv", 3, "time_ms", "inf") if "b" in bad else FIXTURE
    fast = _outcome(lambda x, y: load_tables(x, y, jobs=2), a, b, capsys, lenient)
    slow = _outcome(_one_by_one, a, b, capsys, lenient)
    assert fast[1:] == slow[1:]
    if fast[0] is not None:
        for got, want in zip(fast[0], slow[0], strict=True):
            assert got.equals(want) and list(got.dtypes) == list(want.dtypes)
    if lenient and bad:
        assert "dropped 1 row(s)" in fast[2]
        if bad == ("a", "b"):
            assert fast[2].index("a.csv") < fast[2].index("b.csv")


def test_a_missing_file_is_the_same_error(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          parallel: None) -> None:
    missing = tmp_path / "none.csv"
    for a, b in ((missing, FIXTURE), (FIXTURE, missing)):
        fast = _outcome(lambda x, y: load_tables(x, y, jobs=2), a, b, capsys, False)
        slow = _outcome(_one_by_one, a, b, capsys, False)
        assert fast[1:] == slow[1:] and fast[1] is not None


def test_configurations_json_is_the_standard_encoders() -> None:
    """``review.configs_json`` writes plain records itself: the text ``json.dumps`` gives of
    ``Review.config_dicts()``, on the fixtures' reviews and on hand-made odd records."""
    import json
    import math

    import numpy as np

    from gpuadvisor.review import ConfigChange, MetricDelta, configs_json, review_tables

    odd = [
        ConfigChange("k", (32, 8, 1), "default", "faster", 1.5, 1.2, -20.0, 0.01),
        ConfigChange("k\u00e9\"q", (0, 1, 1), "l1_off", "no_time", None, math.nan),
        ConfigChange("k", (4, 4, 4), "prefer_l1", "slower", math.inf, -math.inf, -0.0, 0.0,
                     error="failed: \"out of memory\"\n"),
        ConfigChange("k", (True, 2, 1), "default", "new", np.float64(2.5), np.int64(3)),
        ConfigChange("k", (64, 1, 1), "default", "slower", 1.0, 2.0, 100.0, None,
                     [MetricDelta("dram_throughput_pct", 10.0, 20.0, 10.0, 1.0)]),
        ConfigChange("k", (-1, 1, 1), "carveout_50", "removed", 1e300, 5e-324),
    ]
    want = json.dumps([review._config_dict(c) for c in odd], separators=(",", ":"))
    assert configs_json(odd) == want
    assert configs_json([]) == "[]"
    pair = ROOT / "fixtures/hopper/review"
    for a, b in (("review_main_matmul.csv", "review_pr_matmul.csv"),
                 ("review_main_add.csv", "review_pr_add.csv")):
        result = review_tables(load_table(pair / a)[0], load_table(pair / b)[0], jobs=1)
        assert configs_json(result.configs) == json.dumps(result.config_dicts(),
                                                          separators=(",", ":"))


def _best_before(rows: dict, kernel: str, time_column: str) -> tuple | None:
    """``review._best`` as it was before the ninth pass: min by (time, sort key)."""
    timed = [(key, review._time(r, time_column)) for key, r in rows.items()
             if key[0] == kernel and review._ok(r)]
    timed = [(key, t) for key, t in timed if t is not None]
    return min(timed, key=lambda kt: (kt[1], review._sort_key(kt[0]))) if timed else None


@pytest.mark.parametrize("seed", range(20))
def test_best_configuration_is_the_least_time_then_the_sort_key(seed: int) -> None:
    """Ties in time (-0.0 and 0.0 included) go to the configuration that sorts first, as the
    (time, sort key) minimum had it, whatever the rows' order."""
    import math
    import random

    rng = random.Random(seed)
    rows = {}
    for _ in range(rng.randint(0, 30)):
        key = ("k", rng.choice([8, 16, 32]), rng.choice([1, 2, 4]), 1,
               rng.choice(["default", "l1_off", "prefer_l1"]))
        rows[key] = {"status": rng.choice(["ok", "ok", "failed"]),
                     "time_ms": rng.choice([1.0, 2.0, 2.0, -0.0, 0.0, math.nan, None, 3.5])}
    assert repr(review._best(rows, "k", "time_ms")) == repr(_best_before(rows, "k", "time_ms"))


@pytest.mark.parametrize("name", ["matmul_naive", "sgemm_coalesced", "random_copy"])
def test_analyses_without_notes_find_and_rank_as_with_them(name: str) -> None:
    """``analyze_sweep(notes=False)`` (review's analyses) leaves out the reader's notes
    (access model, divergent warps, unsteady timing) and nothing the rules find or rank."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.sweep import read_sweep

    df, _provenance = read_sweep(ROOT / f"fixtures/hopper/full-ncu/{name}.csv")
    full, quiet = analyze_sweep(df), analyze_sweep(df, notes=False)
    assert [k.to_dict() | {"notes": []} for k in full.kernels] \
        == [k.to_dict() for k in quiet.kernels]
    assert any(note.startswith("access model") for k in full.kernels for note in k.notes)
    assert not any(note.startswith("access model") for k in quiet.kernels for note in k.notes)


@pytest.mark.parametrize("seed", range(12))
def test_fastest_of_every_kernel_in_one_walk_is_each_kernels_best(seed: int) -> None:
    """``review._fastest`` gives each kernel what ``review._best`` of its rows gives (ties in
    time, -0.0 and 0.0 included, to the configuration that sorts first), and leaves out
    kernels with no ok, timed configuration."""
    import math
    import random

    import pandas as pd

    from gpuadvisor.rows import column_lists
    from gpuadvisor.sweep import config_keys, normalize

    rng = random.Random(seed)
    n = 150
    df = pd.DataFrame({
        "kernel": [rng.choice(["a", "b", "c", "d"]) for _ in range(n)],
        "block_x": [rng.choice([8, 16, 32]) for _ in range(n)],
        "block_y": [rng.choice([1, 2, 4]) for _ in range(n)],
        "cache_config": [rng.choice(["default", "l1_off", "prefer_l1"]) for _ in range(n)],
        "status": [rng.choice(["ok", "ok", "failed"]) for _ in range(n)],
        "time_ms": [rng.choice([1.0, 2.0, 2.0, -0.0, 0.0, math.nan, 3.5]) for _ in range(n)],
    }).drop_duplicates(["kernel", "block_x", "block_y", "cache_config"])
    df.loc[df["kernel"] == "d", "status"] = "failed"
    table = column_lists(normalize(df))
    rows = dict(zip(config_keys(table), table.views(), strict=True))
    facts = review._table_facts(table, "time_ms")
    fastest = review._fastest(rows, facts)
    for kernel in ("a", "b", "c", "d"):
        own = {k: r for k, r in rows.items() if k[0] == kernel}
        assert repr(fastest.get(kernel)) == repr(review._best(own, kernel, "time_ms", facts))
    assert "d" not in fastest


@pytest.mark.parametrize("column,value,message", [
    ("block_x", "abc", "column block_x: 'abc' is not an integer"),
    ("time_ms", "inf", "column time_ms"),
])
def test_a_bad_cell_of_a_sweep_table_is_named_as_such(
        tmp_path: Path, column: str, value: str, message: str) -> None:
    """A sweep table's bad cell is its own error (file, line, column), as analyze reports it,
    not "neither a sweep table nor a known profiler file" from the importer tried after it."""
    bad = _broken(tmp_path, "bad.csv", 2, column, value)
    with pytest.raises(UserError) as err:
        load_table(bad)
    text = str(err.value)
    assert text.startswith(f"{bad}:") and message in text
    assert "neither a sweep table" not in text


def test_a_file_that_is_no_sweep_table_still_tries_the_importer(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("some lab notes, not a profile\n")
    with pytest.raises(UserError, match="neither a sweep table nor a known profiler file"):
        load_table(other)
