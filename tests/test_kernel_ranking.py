"""Ranking from a scoring pass's columns against ranking the objects (issue 13, eighth pass).

``kernel_ranking.order_kernel`` ranks every kernel of a pass with NumPy sorts over its
columns; ``order_objects`` ranks the scored objects with the functions of ``gpuadvisor.rank``
(what analyze did before). On hand-made and random kernels full of the awkward cases (equal
scores and times, missing and failed times, reversed ranges, standard deviations with no or
zero repeats, excluded candidates, unknown cache configurations, -0.0, infinite and NaN
values, blocks too large for the arrays) both must give the same ranking, tie groups, rule
pick, Pareto front and lists of excluded and untimed candidates.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from gpuadvisor.analysis import SCORE_KEYS, RankEntry, analyze_sweep, score_records
from gpuadvisor.analysis_json import compact_dict, score_text
from gpuadvisor.analysis_report import load_inputs
from gpuadvisor.jsontext import value_text
from gpuadvisor.kernel_ranking import order_kernel, order_objects
from gpuadvisor.rank import Candidate, Scored
from gpuadvisor.rounding import round_array
from gpuadvisor.rows import RowView, Table
from gpuadvisor.rules.engine import load_rules
from gpuadvisor.scored_columns import MadeOnRead, RankEntries, ScoredKernel, ScoredPass

ROOT = Path(__file__).resolve().parents[1]
NAN, INF = math.nan, math.inf
MODES = ("measured", "rule-only", "profile")


def _pass(kernels: list[list[dict[str, Any]]], *, table_rows: bool = True
          ) -> tuple[ScoredPass, list[ScoredKernel]]:
    """A scoring pass over hand-made candidates: each a dict with block, cache, score,
    excluded, eff, util and the row's timing cells."""
    flat = [c for k in kernels for c in k]
    columns: dict[str, list[Any]] = {name: [c.get(name) for c in flat] for name in (
        "status", "time_ms", "time_ms_min", "time_ms_max", "time_ms_std", "repeats")}
    table = Table(columns)
    cands = []
    for i, (k, c) in enumerate((k, c) for k, cs in enumerate(kernels) for c in cs):
        row = RowView(table, i) if table_rows else {n: columns[n][i] for n in columns}
        cands.append(Candidate(f"k{k}", c["block"], c.get("cache", "default"), row))
    derived = [{"ryoo_efficiency": c.get("eff", 1.0), "ryoo_utilization": c.get("util", 0.0)}
               for c in flat]
    excluded = np.array([c.get("excluded", False) for c in flat], dtype=bool)
    score = np.where(excluded, 0.0, np.array([c.get("score", 1.0) for c in flat],
                                             dtype=np.float64))

    def make(i: int) -> Scored:
        return Scored(cands[i], [], float(score[i]), bool(excluded[i]),
                      {"derived": derived[i]})

    bounds = [0]
    for k in kernels:
        bounds.append(bounds[-1] + len(k))
    sp = ScoredPass(cands, bounds, score, excluded, np.arange(len(flat)), derived, make,
                    table=table if table_rows else None,
                    rows=np.arange(len(flat)) if table_rows else None)
    return sp, [ScoredKernel(sp, k) for k in range(len(kernels))]


def _summary(order: Any) -> dict[str, Any]:
    key = lambda s: s.candidate.key  # noqa: E731
    return {"ranked": [(key(s), s.rank, s.tie_group, s.tied) for s in order.ranked],
            "rule_pick": key(order.rule_pick) if order.rule_pick else None,
            "pareto": (order.pareto_size, order.pick_in_pareto), "configs": order.configs,
            "excluded": [key(s) for s in order.excluded],
            "untimed": [key(s) for s in order.untimed]}


def _same_both_ways(kernels: list[list[dict[str, Any]]]) -> None:
    for table_rows in (True, False):
        for mode in MODES:
            _sp, fast = _pass(kernels, table_rows=table_rows)
            _sp, slow = _pass(kernels, table_rows=table_rows)
            for a, b in zip(fast, slow, strict=True):
                got = order_kernel(a, mode)
                want = order_objects([b[i] for i in range(len(b))], mode)
                assert _summary(got) == _summary(want), (mode, table_rows)


EDGE_KERNEL = [
    dict(block=(32, 8, 1), score=1.2, time_ms=1.0, time_ms_min=0.9, time_ms_max=1.1),
    dict(block=(16, 16, 1), score=1.2, time_ms=1.05, time_ms_min=1.0, time_ms_max=1.2),
    dict(block=(8, 32, 1), score=0.9, time_ms=0.5, status="failed"),
    dict(block=(256, 1, 1), score=0.9, time_ms=0.0),
    dict(block=(64, 4, 1), score=1.0, time_ms=2.0, time_ms_std=0.1, repeats=0.0),
    dict(block=(128, 2, 1), score=1.0000000001, time_ms=NAN),
    dict(block=(4, 64, 1), score=1.0, time_ms=1.02, time_ms_min=1.03, time_ms_max=1.01,
         time_ms_std=0.02),
    dict(block=(1024, 1, 1), score=2.0, time_ms=1.0, time_ms_min=0.95, time_ms_max=1.05,
         excluded=True),
    dict(block=(32, 8, 1), cache="l1_off", score=1.2, time_ms=1.0, time_ms_std=0.0,
         repeats=5.0),
    dict(block=(32, 8, 1), cache="zz_custom", score=1.2, time_ms=1.0),
    dict(block=(32, 8, 1), cache="aa_custom", score=1.2, time_ms=1.0, eff=INF),
    dict(block=(32, 4, 2), score=-0.0, time_ms=INF, util=-0.0),
    dict(block=(16, 8, 2), score=0.0, time_ms=3.0, time_ms_std=0.5, repeats=-2.0, util=INF),
    dict(block=(2, 2, 2), score=1.2, time_ms=1.0, time_ms_min=1.0, time_ms_max=1.0,
         eff=0.5, util=0.5),
]


def test_hand_made_kernel_ranks_as_the_objects_do() -> None:
    _same_both_ways([EDGE_KERNEL, EDGE_KERNEL[::-1], EDGE_KERNEL[3:9]])


def test_all_excluded_or_untimed_kernels_rank_as_the_objects_do() -> None:
    nothing = [dict(block=(32, 1, 1), excluded=True, time_ms=1.0),
               dict(block=(64, 1, 1), excluded=True)]
    untimed = [dict(block=(32, 1, 1), status="failed", time_ms=1.0),
               dict(block=(64, 1, 1), time_ms=NAN)]
    _same_both_ways([nothing, untimed, EDGE_KERNEL])


@pytest.mark.parametrize("seed", range(12))
def test_random_kernels_rank_as_the_objects_do(seed: int) -> None:
    rng = random.Random(seed)
    pick = rng.choice
    kernels = []
    for _ in range(rng.randint(1, 6)):
        kernel = {}
        for _ in range(rng.randint(1, 60)):
            block = (pick([1, 2, 8, 16, 32, 64]), pick([1, 2, 4, 8]), pick([1, 1, 2]))
            cache = pick(["default", "l1_off", "prefer_l1", "prefer_shared", "x_other"])
            t = pick([1.0, 1.01, 1.02, 1.1, 2.0, 0.0, NAN, None, INF])
            lo = pick([None, NAN, 0.9, 1.0, 1.05])
            kernel[(block, cache)] = dict(
                block=block, cache=cache, score=pick([0.5, 1.0, 1.0 + 1e-10, 1.2, 2.0, 0.0]),
                excluded=rng.random() < 0.1, status=pick(["ok", "ok", "ok", "failed", None]),
                time_ms=t, time_ms_min=lo, time_ms_max=pick([None, 1.0, 1.1, 0.95]),
                time_ms_std=pick([None, NAN, 0.0, 0.01, 0.05]),
                repeats=pick([None, 0.0, 1.0, 3.0, 10.0]),
                eff=pick([1.0, 0.5, 0.25, 1 / 3]), util=pick([0.0, -0.0, 0.5, 0.75, 1.0]))
        kernels.append(list(kernel.values()))
    _same_both_ways(kernels)


@pytest.mark.parametrize("odd", [
    dict(block=(32, 8, 1), score=NAN, time_ms=1.0),
    dict(block=(1 << 21, 1, 1), score=1.0, time_ms=1.0),
    dict(block=(1 << 70, 1, 1), score=1.0, time_ms=1.0),
    dict(block=(32, 8, 1), score=1.0, time_ms=1.0, eff=1),
    dict(block=(32, 8, 1), score=1.0, time_ms=1.0, util=NAN),
], ids=["nan-score", "big-block", "beyond-int64", "int-efficiency", "nan-utilization"])
def test_what_the_arrays_cannot_order_goes_to_the_objects(odd: dict[str, Any]) -> None:
    _same_both_ways([EDGE_KERNEL, [*EDGE_KERNEL[:5], odd], EDGE_KERNEL[5:]])


def test_made_on_read_sequences() -> None:
    made = []
    seq = MadeOnRead(5, lambda i: made.append(i) or [i])
    assert len(seq) == 5 and seq[-1] == [4] and seq[1:3] == [[1], [2]]
    assert seq[1] is seq[1] and made == [4, 1, 2]
    assert seq == [[0], [1], [2], [3], [4]] and list(seq) == [[i] for i in range(5)]
    with pytest.raises(IndexError):
        seq[5]


@pytest.mark.parametrize("digits", [4, 9])
def test_round_array_is_pythons_round(digits: int) -> None:
    rng = np.random.default_rng(digits)
    halves = np.array([(k + 0.5) / 10 ** digits for k in range(-3000, 3000)])
    values = np.concatenate([
        rng.random(20000) * 10, rng.lognormal(0, 4, 20000), -rng.random(2000), halves,
        np.nextafter(halves, INF), np.nextafter(halves, -INF),
        [0.0, -0.0, 1e-300, -1e-12, 2.675, 0.00005, 1e15, 4.5e11, 2.0 ** 52, 1e300, -1e300,
         INF, -INF, NAN]])
    got = round_array(values, digits).tolist()
    want = [round(v, digits) for v in values.tolist()]
    assert [repr(v) for v in got] == [repr(v) for v in want]


def test_score_text_is_the_records_json() -> None:
    entries = [RankEntry("k", x, y, z, cache, 1, score, time)
               for (x, y, z), cache, score, time in [
                   ((32, 8, 1), "default", 1.23456789, 0.5),
                   ((4, 4, 4), "l1_off", NAN, None), ((1, 1, 1), 'q"\u00e9', INF, NAN),
                   ((-1, 2, 1), "default", -0.0, -INF), ((8, 8, 1), "default", 3, 2),
                   ((8, 8, 1), "default", 1e300, 0.00005)]]
    assert score_text(entries) == json.dumps(score_records(entries), separators=(",", ":"))
    assert score_text([]) == "[]"
    assert list(score_records(entries)[0]) == list(SCORE_KEYS)


@pytest.mark.parametrize("name", ["sweeps/matmul_naive.csv", "sweeps/vector_reduction.csv",
                                  "full-ncu/scattered.csv", "profile/profile_16x16.csv"])
@pytest.mark.parametrize("top", [1, 10, None])
def test_compact_text_is_json_dumps_of_the_document(name: str, top: int | None) -> None:
    rules = load_rules()
    df, provenance, _ = load_inputs([ROOT / "fixtures" / "hopper" / name])
    for rule_only in (False, True):
        text = value_text(compact_dict(analyze_sweep(df, rules=rules, provenance=provenance,
                                                     rule_only=rule_only), top))
        again = analyze_sweep(df, rules=rules, provenance=provenance, rule_only=rule_only)
        assert text == json.dumps(again.to_dict(top), separators=(",", ":"))


def test_rank_entries_read_their_columns_as_the_entries_say() -> None:
    rules = load_rules()
    df, provenance, _ = load_inputs([ROOT / "fixtures" / "hopper" / "sweeps" / "matmul_naive.csv"])
    analysis = analyze_sweep(df, rules=rules, provenance=provenance)
    for kernel in analysis.kernels:
        assert isinstance(kernel.ranking, RankEntries)
        fresh = analyze_sweep(df, rules=rules, provenance=provenance)
        entries = list(fresh.kernels[0].ranking)  # every entry made
        assert score_records(kernel.ranking) == score_records(entries)


def test_best_of_a_shape_and_a_key_as_among_the_objects() -> None:
    from gpuadvisor.kernel_ranking import best_in, with_key
    from gpuadvisor.rank import best_of

    _sp, fast = _pass([EDGE_KERNEL])
    _sp, slow = _pass([EDGE_KERNEL])
    objects = list(slow[0])
    for block in [(32, 8, 1), (16, 16, 1), (1024, 1, 1), (7, 7, 7), (2, 2, 2)]:
        for prefer in ("default", "l1_off", "zz_custom"):
            got, want = best_in(fast[0], block, prefer), best_of(objects, block, prefer)
            assert (got.candidate.key if got else None) == (want.candidate.key if want else None)
    for c in [s.candidate for s in objects] + [Candidate("k0", (9, 9, 9))]:
        got = with_key(fast[0], c.key)
        want = next((s for s in objects if s.candidate.key == c.key), None)
        assert (got.candidate.key if got else None) == (want.candidate.key if want else None)


def _two_kernels(name: str) -> tuple[Any, Any]:
    """A fixture's rows twice, as kernels ``a`` and ``b`` (scoring shares their results)."""
    import pandas as pd

    df, provenance, _ = load_inputs([ROOT / "fixtures" / "hopper" / name])
    return pd.concat([df.assign(kernel="a"), df.assign(kernel="b")],
                     ignore_index=True), provenance


@pytest.mark.parametrize("name", ["sweeps/matmul_naive.csv", "full-ncu/scattered.csv"])
def test_entry_text_with_shared_pieces_is_the_standard_encoders(name: str) -> None:
    """Each entry's text, its findings written from their results' shared pieces, is
    ``json.dumps`` of the entry's dict; entries whose findings were made are written whole."""
    from gpuadvisor.analysis_json import entry_text

    df, provenance = _two_kernels(name)
    rules = load_rules()
    written = analyze_sweep(df, rules=rules, provenance=provenance)
    made = analyze_sweep(df, rules=rules, provenance=provenance)
    pieces: dict[int, Any] = {}
    count = 0
    for kernel, again in zip(written.kernels, made.kernels, strict=True):
        for i in range(len(kernel.ranking)):
            entry = kernel.ranking[i]
            if i % 7 == 3:
                assert entry.findings is not None  # made first: the whole entry is encoded
                assert entry.fired_results() is None
            expect = json.dumps(again.ranking[i].to_dict(), separators=(",", ":"))
            assert entry_text(entry, pieces) == expect
            count += bool(entry.to_dict()["findings"])
    assert count > 10 and len(pieces) < count  # findings written, pieces shared


def test_reasons_shared_by_fired_results_are_each_entrys_own() -> None:
    """Reasons worked out once per list of fired results are what :func:`reasons_for` says
    of each entry, in every kernel."""
    from gpuadvisor.analysis import _reasons
    from gpuadvisor.rank import reasons_for

    df, provenance = _two_kernels("sweeps/matmul_naive.csv")
    analysis = analyze_sweep(df, rules=load_rules(), provenance=provenance)
    shared = 0
    for kernel in analysis.kernels:
        for entry in kernel.ranking:
            s, mode, is_pick, ranked, moved = entry._source
            assert entry.reasons == _reasons(s, mode, is_pick, ranked)  # reasons_for's
            assert moved[tuple(map(id, s.fired))][1] == reasons_for(s)
            shared = len(moved)
    assert 0 < shared < sum(len(k.ranking) for k in analysis.kernels)
