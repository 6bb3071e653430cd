"""Grouped (whole-table) scoring against scoring one configuration at a time (issue 13).

Live on the recorded fixtures: the table-wide path (derived values shared per launch
configuration, each rule evaluated once per distinct combination of the values it reads,
lazily built contexts and rank entries) must give the analysis and the review that scoring
each configuration on its own full context gives, and the whitelist must still refuse what it
refused.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from all_fixtures import ALL_FIXTURES

from gpuadvisor import jsontext
from gpuadvisor.analysis import analyze_sweep
from gpuadvisor.analysis_report import load_inputs
from gpuadvisor.review import compare_config, load_table, metric_deltas, review_tables
from gpuadvisor.rows import row_views
from gpuadvisor.rules.engine import evaluate, load_rules
from gpuadvisor.rules.expr import ExprError, compile_expr
from gpuadvisor.rules.grouped import MISSING, RuleMemo, project, read_names, token
from gpuadvisor.scoring import one_by_one
from gpuadvisor.sweep import config_key, is_normalized, normalize, read_sweep

ROOT = Path(__file__).resolve().parents[1]
ALL_TABLES = sorted([*(ROOT / "fixtures/hopper/sweeps").glob("*.csv"),
                     *(ROOT / "fixtures/hopper/full-ncu").glob("*.csv"),
                     *(ROOT / "fixtures/hopper/cache-configs").glob("*.csv"),
                     *(ROOT / "fixtures/hopper/profile").glob("*.csv")])
#: The identity checks run on 7 of the 30 tables (issue 13: CI time): every kind of table
#: (sweeps, full counters, a cache-config sweep, both single profiles), together firing every
#: rule that fires on any recorded fixture (see test_rules_compiled.SWEEPS).
#: GPUADVISOR_ALL_FIXTURES=1 runs all 30, e.g. after changing how scoring groups rules.
TABLES = ALL_TABLES if ALL_FIXTURES else [
    ROOT / "fixtures/hopper" / name for name in (
        "sweeps/vector_reduction.csv",
        "sweeps/sgemm_blocktiling_1d.csv",
        "sweeps/random_copy.csv",
        "full-ncu/scattered.csv",
        "cache-configs/matmul_tiled.csv",
        "profile/profile_16x16.csv",
        "profile/ncu_direct_16x16.csv",
    )]
SWEEP_TABLES = [p for p in ALL_TABLES if p.parent.name != "profile"]
REVIEW = ROOT / "fixtures/hopper/review"
PAIRS = [("review_main_matmul.csv", "review_pr_matmul.csv"),
         ("review_main_add.csv", "review_pr_add.csv")]


@pytest.fixture(scope="module")
def rules():
    return load_rules()


@pytest.mark.parametrize("path", TABLES, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("rule_only", [False, True], ids=["measured", "rule-only"])
def test_grouped_scoring_equals_one_by_one(path, rule_only, rules):
    df, provenance, _ = load_inputs([path])
    fast = analyze_sweep(df, rules=rules, provenance=provenance, rule_only=rule_only)
    with one_by_one():
        slow = analyze_sweep(df, rules=rules, provenance=provenance, rule_only=rule_only)
    assert fast.to_dict(top=None) == slow.to_dict(top=None)
    shared = fast.to_dict(top=10, shared=True)
    assert jsontext.dumps(shared, reuse=shared["ranking"]) == json.dumps(
        slow.to_dict(top=10), indent=2)


@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p[0])
def test_review_equals_one_by_one(pair):
    a, _ = load_table(REVIEW / pair[0])
    b, _ = load_table(REVIEW / pair[1])
    fast = review_tables(a, b)
    with one_by_one():
        slow = review_tables(a, b)
    assert fast.to_dict() == slow.to_dict()
    # Metric deltas skipped where whole columns show no difference: as computed row by row.
    rows_a = {config_key(r): r for r in a.to_dict(orient="records")}
    rows_b = {config_key(r): r for r in b.to_dict(orient="records")}
    for change in fast.configs:
        key = (change.kernel, *change.block, change.cache_config)
        if key in rows_a and key in rows_b and change.verdict not in (
                "failed", "still_failed", "fixed"):
            assert change.metric_deltas == metric_deltas(rows_a[key], rows_b[key])
            full = compare_config(key, rows_a[key], rows_b[key], fast.threshold_pct)
            assert full == change


def test_rows_are_what_to_dict_gives():
    for path in SWEEP_TABLES[:12]:
        df = normalize(read_sweep(path)[0])
        views = row_views(df)
        records = df.to_dict(orient="records")
        assert len(views) == len(records)
        for view, record in zip(views, records, strict=True):
            assert list(view) == list(record)
            for k, v in record.items():
                got = view[k]
                assert type(got) is type(v) and (got == v or (got != got and v != v))


def test_normalized_tables_are_recognized():
    for path in SWEEP_TABLES:
        df, _ = read_sweep(path)
        assert is_normalized(df)
        again = normalize(df)
        assert again.equals(df) and list(again.dtypes) == list(df.dtypes)
    df, _ = read_sweep(SWEEP_TABLES[0])
    assert not is_normalized(df.iloc[::-1])  # index out of order
    assert not is_normalized(df.drop(columns=["status"]))


def test_tokens_keep_apart_what_rules_can_tell_apart():
    values = [1, 1.0, True, 0.0, -0.0, "1", None, [1], (1,), math.inf, math.nan]
    tokens = [token(v) for v in values]
    assert len(set(tokens)) == len(values)
    assert token(2.5) == token(2.5) and token([1, 2.0]) == token([1, 2.0])


def test_read_names_cover_everything_a_rule_looks_at(rules):
    by_id = {r.id: r for r in rules}
    names = read_names(by_id["low-load-efficiency"])
    # has('...') arguments, both alternatives of a requirement, and what applicability reads
    assert {"metrics.gld_efficiency", "metrics.sectors_per_request", "arch.sector_bytes",
            "kernel.access", "kernel.bound", "arch.compute_capability"} <= set(names)
    assert not any(n.split(".")[0] in ("params", "let") for n in names)
    assert "derived.l1_bytes_per_thread" in read_names(by_id["reuse-largest-full-block"])


def test_memo_shares_results_only_between_equal_projections(rules):
    rule = next(r for r in rules if r.id == "small-grid")
    ctx = {"arch": {"compute_capability": [9, 0]}, "kernel": {"access": "coalesced",
                                                              "bound": "memory"},
           "block": {"x": 32, "y": 8, "z": 1, "size": 256}, "config": {"label": "32x8"},
           "derived": {"grid_blocks": 10, "sm_count": 132, "sm_fill": 10 / 132},
           "metrics": {"time_ms": 1.0}}
    memo = RuleMemo()
    first = memo.evaluate(rule, ctx)
    assert first.fired and first.message == evaluate(rule, ctx).message
    other_time = dict(ctx, metrics={"time_ms": 2.0})  # not read by the rule: shared
    assert memo.evaluate(rule, other_time) is first
    bigger = dict(ctx, derived={"grid_blocks": 200, "sm_count": 132, "sm_fill": 1.0})
    assert memo.evaluate(rule, bigger).status == evaluate(rule, bigger).status == "quiet"
    assert project(ctx, ["derived.nothing"]) == (MISSING,)


def test_whitelist_still_refuses(rules):
    for text in ("__import__('os')", "block.__class__", "[x for x in block]",
                 "(lambda: 1)()", "eval('1')", "block['x']"):
        with pytest.raises(ExprError):
            compile_expr(text)
    hostile = ROOT / "tests" / "rules_hostile"
    from gpuadvisor.rules.engine import RuleFileError

    with pytest.raises(RuleFileError):
        load_rules([hostile], builtin=False)


def test_fast_json_is_json_dumps_indent_2():
    samples = [
        {"a": [1, 2.5, None, True, False, "é — §", [], {}, (1, 2)], "b": {"c": math.nan,
                                                                      "d": -math.inf}},
        [], {}, "x", 1, 1.5, None, [[[]]], {"k": {"n": {"m": [0.1, -0.0, 1e-7, 1e22]}}},
        {1: "int key"}, {"x": 2**70},
    ]
    for obj in samples:
        assert jsontext.dumps(obj) == json.dumps(obj, indent=2)
    entry = {"a": [1, {"b": "c"}], "d": {}}
    nested = {"top": [entry, entry], "deep": {"x": {"y": [entry]}}, "pick": entry}
    assert jsontext.dumps(nested, reuse=[entry]) == json.dumps(nested, indent=2)
    import numpy as np

    odd = {"v": np.float64(1.25), "w": [np.float32(2.0)]}
    with pytest.raises(TypeError):
        json.dumps(odd, indent=2)
    with pytest.raises(TypeError):
        jsontext.dumps(odd)


# ----------------------------------------------------------------------------- columns


def test_profile_space_is_scored_by_columns_as_one_by_one(rules):
    """One profile's space (every candidate its own launch): rules decided over whole columns,
    texts rendered on first read, the same analysis as one by one."""
    from gpuadvisor.analysis import _prepare
    from gpuadvisor.rules.column_rules import LazyResult
    from gpuadvisor.scoring import TableScorer

    path = ROOT / "fixtures/hopper/profile/profile_16x16.csv"
    df, provenance, _ = load_inputs([path])
    scorer = TableScorer(rules)
    rows = row_views(normalize(df) if not is_normalized(df) else df)
    p = _prepare(str(rows[0]["kernel"]), rows, scorer, arch=None, rule_only=True, access=None,
                 provenance=provenance, manifest_path=None, shapes=None, cache_configs=None)
    scored = scorer.score_kernels([(p.setup, p.candidates)])[0]
    assert len(scored) == 552
    lazy = [r for s in scored for r in s.results if isinstance(r, LazyResult)]
    assert len(lazy) > 1000  # fired results of the column path
    with one_by_one():
        slow = scorer.__class__(rules).score_kernels([(p.setup, p.candidates)])[0]
    for a, b in zip(scored, slow, strict=True):
        assert (a.score, a.excluded) == (b.score, b.excluded)
        assert [(r.rule.id, r.status, r.factor, r.message, r.advice, r.speedup, r.notes)
                for r in a.results] == [(r.rule.id, r.status, r.factor, r.message, r.advice,
                                         r.speedup, r.notes) for r in b.results]


_EDGE_VALUES = [0, 1, -3, 7, 2**60, 0.0, -0.0, 0.5, -2.5, 1e300, math.inf, math.nan, True, False,
                "coalesced", "", None, MISSING, [1, 2]]
_EXPRESSIONS = [
    "block.x / block.y", "block.x // block.y", "block.x % block.y", "block.x * block.y",
    "block.x - block.y + 1", "-block.x", "not block.x", "block.x ** 2", "block.x ** block.y",
    "block.x < block.y <= 8", "block.x == block.y", "block.x != 'coalesced'",
    "block.x in ['coalesced', 1, 2.5]", "block.x not in [0, 'reuse']",
    "block.x and block.y", "block.x or block.y", "block.x if block.y else 3",
    "min(block.x, block.y, 4)", "max(block.x, 0.5)", "abs(block.x)", "log2(block.x)",
    "sqrt(block.x)", "round(block.x, 2)", "floor(block.x)", "ceil_div(block.x, block.y)",
    "is_pow2(block.x)", "divides(block.y, block.x)", "clamp(block.x, 0, block.y)",
    "first(block.x, 2)", "has('block.x') and block.x > 1",
    "block.x if has('block.x') else block.y", "1 + let_free == 2 if false else block.x > 0",
]


@pytest.mark.parametrize("text", _EXPRESSIONS)
def test_columns_give_what_one_context_gives(text):
    """Every entry the columns settle has the value (and type) the one-context evaluator
    gives; the rest (errors, missing values, odd types) are marked for one by one."""
    from gpuadvisor.rules.columns import Columns, NotColumnar, compile_columns
    from gpuadvisor.rules.expr import EvalError, MissingValue

    text = text.replace("1 + let_free == 2", "block.x + 1 == 2")
    expr = compile_expr(text)
    try:
        fn = compile_columns(expr.tree.body)
    except NotColumnar:
        pytest.fail(f"{text} should translate")
    pairs = [(x, y) for x in _EDGE_VALUES for y in _EDGE_VALUES]

    def context(x, y):
        block = {k: v for k, v in (("x", x), ("y", y)) if v is not MISSING}
        return {"block": block}

    env = Columns(len(pairs), lambda name: [
        (x if name == "block.x" else y) for x, y in pairs], MISSING)
    col = fn(env)
    settled = 0
    for i, (x, y) in enumerate(pairs):
        if col.bad[i]:
            continue
        settled += 1
        try:
            want = expr.evaluate(context(x, y))
        except (EvalError, MissingValue) as err:
            pytest.fail(f"{text} at {x!r}, {y!r}: columns settled what raises {err}")
        got = col.v[i]
        if col.kind == "num":
            got = int(got) if col.isint[i] else float(got)
        elif col.kind == "bool":
            got = bool(got)
        assert type(got) is type(want), (text, x, y, got, want)
        assert got == want or (got != got and want != want), (text, x, y, got, want)
        if isinstance(want, float):
            assert math.copysign(1, got) == math.copysign(1, want), (text, x, y)
    assert settled > 0


def test_columns_refuse_what_the_interpreter_refuses():
    """The column translator accepts only whitelisted node types and functions: trees the
    checker refuses are refused here too (NotColumnar is an ExprError)."""
    import ast

    from gpuadvisor.rules.columns import NotColumnar, compile_columns

    for text in ("__import__('os')", "block.x.__class__", "[x for x in block]",
                 "lambda: 1", "block['x']", "open('f')", "getattr(block, 'x')",
                 "(x := 1)", "f'{block.x}'", "block.x @ block.y", "block.x << 1"):
        with pytest.raises(ExprError):
            compile_expr(text)
        tree = ast.parse(text, mode="eval").body
        with pytest.raises(NotColumnar):
            compile_columns(tree)
    assert issubclass(NotColumnar, ExprError)


@pytest.mark.parametrize("path", [p for p in TABLES if p.parent.name != "profile"],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_table_columns_rank_and_fit_as_row_dicts_do(path, rules):
    """Times, tie information and the access model's profiles read from the table's cached
    columns (row views) give what reading each row as a dict gives."""
    from gpuadvisor.analysis import analyze_kernel

    df, provenance, _ = load_inputs([path])
    fast = analyze_sweep(df, rules=rules, provenance=provenance)
    by_kernel: dict[str, list[dict]] = {}
    for record in df.to_dict(orient="records"):
        by_kernel.setdefault(str(record["kernel"]), []).append(record)
    for k in fast.kernels:
        slow = analyze_kernel(k.kernel, by_kernel[k.kernel], rules, provenance=provenance)
        assert k.to_dict() == slow.to_dict()


def test_time_ranking_from_columns_equals_row_by_row():
    """Edge cells (failed status, zero and NaN times, reversed ranges, standard deviations
    with 0 or missing repeats) rank alike from columns and from row dicts."""
    import pandas as pd

    from gpuadvisor.rank import Candidate, Scored, _tie_info, rank_by_time, table_tie_infos
    from gpuadvisor.rows import column_lists

    nan = math.nan
    df = pd.DataFrame({
        "block_x": [32, 64, 128, 256, 512, 16, 8, 1024],
        "status": ["ok", "ok", "failed", "ok", None, "ok", "ok", "ok"],
        "time_ms": [1.0, 1.05, 0.5, 0.0, 2.0, nan, 1.02, 1.0],
        "time_ms_min": [0.9, 1.0, nan, nan, 1.9, nan, 1.03, 0.95],
        "time_ms_max": [1.1, 1.2, nan, nan, 2.1, nan, 1.01, 1.05],
        "time_ms_std": [nan, nan, nan, nan, 0.1, nan, 0.02, nan],
        "repeats": [nan, nan, nan, nan, 0.0, nan, nan, 5.0],
    })
    table = column_lists(df)
    views = row_views(df)
    assert type(views[0].columns) is type(table)

    def ranked(rows):
        scored = [Scored(Candidate("k", (int(r["block_x"]), 1, 1), row=r), [], 1.0, False)
                  for r in rows]
        return [(s.candidate.block, s.rank, s.tie_group, s.tied, s.candidate.time_ms)
                for s in rank_by_time(scored)]

    records = df.to_dict(orient="records")
    assert ranked(views) == ranked(records)
    # failed (and NaN: pandas' missing text) statuses, zero and NaN times are not ranked;
    # 1024 and 32 overlap; 8x1's range is reversed, so its std decides against 64x1
    order = ranked(views)
    assert [r[0][0] for r in order] == [1024, 32, 8, 64]
    assert [r[2:4] for r in order] == [(1, True), (1, True), (2, False), (3, False)]
    infos = table_tie_infos(views[0].columns)
    assert infos == [_tie_info(Candidate("k", (1, 1, 1), row=r)) for r in records]


def test_column_floats_and_block_shapes_parse_as_each_cell_does():
    from gpuadvisor.numbers import float_or_none
    from gpuadvisor.rows import OVERFLOW, Table, floats_of

    for col in ([1, 2.5, None, math.nan, math.inf, -0.0, 2**60], [True, "3", None, "x", 4]):
        assert repr(floats_of(col)) == repr([float_or_none(v) for v in col])
    table = Table(block_x=[32, "8", None, math.inf], block_y=[2, 4.0, 1, 1],
                  block_z=[0, None, 1, 1])
    assert table.block_ints() == [(32, 2, 1), (8, 4, 1), None, OVERFLOW]


def test_review_with_changed_findings_equals_one_by_one():
    """A pair whose configuration findings differ (registers x3, load efficiency / 4, some
    times up, four configurations gone): the fired-rule matrices (``LazyScored.fired_bits``)
    give the added and removed findings that comparing results one by one gives."""
    a, _ = load_table(ROOT / "fixtures/hopper/sweeps/matmul_naive.csv")
    b = a.copy()
    b["registers_per_thread"] = b["registers_per_thread"] * 3
    profiled = b["gld_efficiency"].notna()
    b.loc[profiled, "gld_efficiency"] = b.loc[profiled, "gld_efficiency"] / 4
    b.loc[b.index[::7], "time_ms"] *= 1.3
    b = b.drop(b.index[5:9]).reset_index(drop=True)
    for first, second in ((a, b), (b, a)):
        fast = review_tables(first, second)
        with one_by_one():
            slow = review_tables(first, second)
        assert fast.findings_added and fast.findings_removed
        assert fast.to_dict() == slow.to_dict()
