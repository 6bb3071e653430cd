"""`tune --current SHAPE`: the shape the app launches today is tried, a search measures it
first, and the report compares the fastest with it (gpuadvisor/search/current.py)."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from gpuadvisor.paths import fixtures_dir
from gpuadvisor.search.current import PROJECT_LAUNCH
from gpuadvisor.search.replay import replay_search, table_rows
from gpuadvisor.tune_report import against_current
from gpuadvisor.validation import kernel_code
from tests.test_builtin_fake_gpu import fake_gpu, run  # noqa: F401 - the fixture

BM3D = fixtures_dir() / "hopper" / "blind96" / "h200" / "bm3d_get_block.csv"
LIVE = fixtures_dir() / "hopper" / "current" / "bm3d_get_block"
CUDAMAT = fixtures_dir() / "hopper" / "current" / "cudamat_select_rows"


_rows = table_rows


def _replay(rows, current=None):
    """The default search at 8 measurements on a recorded sweep: (shapes asked, pick's time
    over the sweep's best)."""
    result = replay_search(rows, rows, 8, arch="sm_90", code=kernel_code(["bm3d_get_block"]),
                           start=current)
    best = min(float(r["time_ms"]) for r in rows if r["status"] == "ok")
    return [s.config.block for s in result.steps], result.best.time_ms / best


def test_from_the_apps_own_shape_the_answer_is_never_slower_than_it():
    """Blind set 96's bm3d_get_block: its host launches 8x8 blocks, the fastest shape of its
    sweep. From the usual default 32x8 (2.91x) the search never asks for a block 8 wide and
    ends 1.54x slower than the app's own shape; told the app's shape, it measures it first,
    the usual default second, lists from 32x8's profile as before and keeps 8x8."""
    rows = _rows(BM3D)
    asked, regret = _replay(rows)
    assert asked[0] == (32, 8, 1) and (8, 8, 1) not in asked
    assert round(regret, 3) == 1.544
    alone = asked
    asked, regret = _replay(rows, (8, 8, 1))
    assert asked[:2] == [(8, 8, 1), (32, 8, 1)] and len(asked) == 8 and regret == 1.0
    assert asked[2] == alone[1]  # the same first listed shape: the list is 32x8's


def test_live_from_the_current_shape_on_the_gpu():
    """The same kernel tuned live on the H200 with --current 8x8 (fixtures/hopper/current/):
    8x8 measured and profiled first, then 32x8, the rules' list from 32x8's profile as the
    plain search has it, then 8x12 beside 8x8, within 3 % of the set's best in both recordings
    (the live default search: 16x16, 1.921x)."""
    journal = [json.loads(x) for x in (LIVE / "journal.jsonl").read_text().splitlines()]
    steps = [r["key"][1:4] for r in journal if r["type"] == "search"]
    reasons = [r["reason"] for r in journal if r["type"] == "search"]
    assert steps[:2] == [[8, 8, 1], [32, 8, 1]] and "(--current)" in reasons[0]
    assert steps[2:5] == [[64, 4, 1], [128, 1, 1], [16, 16, 1]]  # the list from 32x8's profile
    assert all(r.startswith("shortlist ") for r in reasons[2:5])
    table = pd.read_csv(LIVE / "sweep.csv", comment="#")
    assert len(table) == 8 and set(table.status) == {"ok"}
    pick = tuple(table.loc[table.time_ms.idxmin(), ["block_x", "block_y", "block_z"]])
    assert pick == (8, 12, 1)
    for recording in ("blind96", "blind96-repeat"):
        sweep = pd.read_csv(BM3D.parents[2] / recording / "h200" / "bm3d_get_block.csv",
                            comment="#")
        sweep = sweep[sweep.status == "ok"]
        at = sweep[(sweep.block_x == 8) & (sweep.block_y == 12) & (sweep.block_z == 1)]
        assert at.time_ms.min() / sweep.time_ms.min() <= 1.03
    assert "the current shape 8x8 (--current): 0.03024 ms; the fastest measured, 8x12x1 " \
        "default, 0.02559 ms, is 1.18x faster" in (LIVE / "tune.log").read_text()
    # the first configuration's repeats spread (0.0258-0.0411 ms): the line overstates a tie
    first = table[(table.block_x == 8) & (table.block_y == 8)].iloc[0]
    assert round(first.time_ms_min, 4) == 0.0258 and round(first.time_ms_max, 4) == 0.0411


def test_live_from_a_slow_current_shape_on_the_gpu():
    """Set 98's cudamat_select_rows, whose host launches 32x1 (3.08x the best): tuned live
    with --current 32x1 it kept 256x1 as the plain live search did (1.124x the set's best),
    and the report says what that gains over the app's shape."""
    journal = [json.loads(x) for x in (CUDAMAT / "journal.jsonl").read_text().splitlines()]
    steps = [r["key"][1:4] for r in journal if r["type"] == "search"]
    assert steps == [[32, 1, 1], [32, 8, 1], [256, 1, 1], [8, 8, 1], [8, 16, 1], [1, 32, 1],
                     [1, 64, 1], [192, 1, 1]]
    table = pd.read_csv(CUDAMAT / "sweep.csv", comment="#")
    best = table.loc[table.time_ms.idxmin()]
    assert (best.block_x, best.block_y) == (256, 1) and set(table.status) == {"ok"}
    assert "the current shape 32x1 (--current): 0.1112 ms; the fastest measured, 256x1x1 " \
        "default, 0.0403 ms, is 2.76x faster" in (CUDAMAT / "tune.log").read_text()


def test_simulate_replays_from_the_current_shape(capsys):
    """gpuadvisor simulate --current: the replay a user can run of what tune --current does."""
    from tests.test_search import run as run_cli

    code, out, _ = run_cli(capsys, "simulate", str(BM3D), "-n", "8", "--current", "8x8")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == ("bm3d_get_block [shortlist]: pick 8x8x1 default, regret 1.000, 8 of 146 "
                        "configurations evaluated")
    assert lines[1].startswith("   1. 8x8 default: start: 8x8 default, the app's current shape")
    code, _, err = run_cli(capsys, "simulate", str(BM3D), "-n", "8", "--current", "8x")
    assert code == 2 and "bad block shape '8x'" in err


def test_simulate_starts_a_built_in_table_from_its_projects_own_launch(capsys, tmp_path):
    """A table the built-in target recorded (provenance target: builtin) replays tune's
    search of the built-in kernel: from its project's 8x8 (BM3D-GPU's k x k). The same rows
    as a user's table (no provenance) are never matched to the built-in by name: from 32x8,
    where the search never asks for a block 8 wide."""
    from tests.test_search import run as run_cli

    code, out, _ = run_cli(capsys, "simulate", str(BM3D), "-n", "8")
    lines = out.splitlines()
    assert code == 0 and lines[0].startswith("bm3d_get_block [shortlist]: pick 8x8x1 default, "
                                             "regret 1.000")
    assert lines[1].startswith("   1. 8x8 default: start: 8x8 default, the app's current shape "
                               "(the project's own launch)")
    mine = tmp_path / "mine.csv"
    mine.write_text("".join(line for line in BM3D.read_text().splitlines(keepends=True)
                            if not line.startswith("#")))
    code, out, _ = run_cli(capsys, "simulate", str(mine), "-n", "8")
    lines = out.splitlines()
    assert code == 0 and lines[1].startswith("   1. 32x8 default: start: 32x8 default")
    assert "pick 16x12x1 default, regret 1.720" in lines[0]  # (1.544x with the code)


def test_the_report_line_against_the_current_shape():
    ok = pd.DataFrame({"block_x": [8, 16, 32], "block_y": [8, 16, 8], "block_z": [1, 1, 1],
                       "cache_config": ["default"] * 3, "time_ms": [0.2, 0.1, 0.4]})
    assert against_current(ok, (32, 8, 1)) == (
        "the current shape 32x8 (--current): 0.4 ms; the fastest measured, 16x16x1 default, "
        "0.1 ms, is 4.00x faster")
    assert against_current(ok, (16, 16, 1)) == (
        "the current shape 16x16 (--current), 0.1 ms, is the fastest measured: keep it")
    assert "not measured correctly" in against_current(ok, (4, 4, 1))
    # the repeats' ranges: the bm3d_get_block run's first row spread over the fastest's
    ranged = ok.assign(time_ms_min=[0.0258, 0.02544, 0.39], time_ms_max=[0.0411, 0.02597, 0.41],
                       time_ms=[0.03024, 0.02559, 0.4])
    assert against_current(ranged, (8, 8, 1)) == (
        "the current shape 8x8 (--current): 0.03024 ms; the fastest measured, 16x16x1 default, "
        "0.02559 ms, is 1.18x faster, but their repeats overlap (0.0258-0.0411 ms against "
        "0.02544-0.02597 ms): within this run's noise, time both again")
    assert against_current(ranged, (32, 8, 1)).endswith("is 15.63x faster")  # apart


def test_tune_measures_the_current_shape_first_and_compares(fake_gpu, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "current"
    code, stdout, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=40", "--param",
                               "COLS=100", "--shapes", "32x8,16x16,64x4,128x2", "--current",
                               "8x8", "--max-configs", "3", "--out", str(out))
    assert code == 0, stderr
    journal = [json.loads(x) for x in (out / "journal.jsonl").read_text().splitlines()]
    reasons = [r["reason"] for r in journal if r["type"] == "search"]
    assert reasons[0].startswith("start: 8x8 default, the app's current shape (--current)")
    assert reasons[1].startswith("32x8 default, the usual default shape, profiled")
    assert reasons[2].startswith("shortlist ")  # listed from 32x8's profile
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert len(table) == 3 and {(8, 8), (32, 8)} <= set(zip(table.block_x, table.block_y,
                                                             strict=True))
    # the stand-in's made-up cost, 1 + |bx - 32| / 64 + 8 / threads: 1.5 at 8x8, 1.03 at 32x8
    assert "the current shape 8x8 (--current): 1.5 ms; the fastest measured, 32x8x1 default, " \
        "1.031 ms, is 1.45x faster" in " ".join(stdout.split())  # (the console wraps it)


@pytest.mark.parametrize(("value", "message"), [
    ("8x8,16x16", "--current takes one block shape (e.g. 8x8), not '8x8,16x16'"),
    ("2048x1", "--current 2048x1 cannot be measured here: "),
])
def test_a_bad_current_shape_is_one_line(fake_gpu, tmp_path, capsys, value, message):  # noqa: F811
    code, _, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=40", "--param",
                          "COLS=100", "--shapes", "32x8", "--current", value, "--no-profile",
                          "--out", str(tmp_path / "x"))
    assert code == 2 and message in stderr and "Traceback" not in stderr


def test_a_built_in_kernel_starts_from_its_projects_own_launch(fake_gpu, tmp_path, capsys,  # noqa: F811
                                                              monkeypatch):
    """A built-in kernel whose manifest names its project's own block (host_block; here
    matrix_add given 8x8, as the stand-in GPU runs only a few kernels): tune measures it first
    without --current, and the report compares the fastest with it. A full sweep keeps its
    grid as asked (tools/record_calibration.sh's sweeps stay the seed grid)."""
    import dataclasses

    from gpuadvisor.targets import manifest

    spec = dataclasses.replace(manifest.get_kernel("matrix_add"), host_block=(8, 8, 1))
    monkeypatch.setattr(manifest, "get_kernel", lambda name: spec)
    out = tmp_path / "project"
    args = ("tune", "matrix_add", "--param", "ROWS=40", "--param", "COLS=100", "--no-profile")
    code, stdout, stderr = run(capsys, *args, "--max-configs", "3", "--out", str(out))
    assert code == 0, stderr
    journal = [json.loads(x) for x in (out / "journal.jsonl").read_text().splitlines()]
    reasons = [r["reason"] for r in journal if r["type"] == "search"]
    assert reasons[0].startswith(
        "start: 8x8 default, the app's current shape (the project's own launch)")
    assert reasons[1].startswith("32x8 default, the usual default shape")
    assert ("the current shape 8x8 (the project's own launch): 1.5 ms; the fastest measured, "
            "32x8x1 default, 1.031 ms, is 1.45x faster") in " ".join(stdout.split())
    # shapes the user lists are the user's: nothing is added to them, even for a search
    out = tmp_path / "shapes"
    code, stdout, stderr = run(capsys, *args, "--shapes", "32x8,64x4", "--max-configs", "2",
                               "--out", str(out))
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert set(zip(table.block_x, table.block_y, strict=True)) == {(32, 8), (64, 4)}
    assert "current shape" not in stdout


@pytest.mark.parametrize(("options", "current"), [
    ({"max_configs": 8}, ((8, 8, 1), "the project's own launch")),
    ({"strategy": "guided"}, ((8, 8, 1), "the project's own launch")),
    ({}, (None, "--current")),  # a full sweep keeps the seed grid
    ({"max_configs": 8, "shapes": "32x8,16x16"}, (None, "--current")),
    ({"max_configs": 8, "current": "16x16"}, ((16, 16, 1), "--current")),
])
def test_where_a_built_in_kernels_search_starts(tmp_path, options, current):
    from gpuadvisor.tuning import TuneRequest, prepare

    prepared = prepare(TuneRequest(target="bm3d_get_block", out=tmp_path, **options))
    assert (prepared.current, prepared.current_source) == current


FASTTF = fixtures_dir() / "hopper" / "current" / "fasttf_sparse_avg_bwd"


def test_live_from_the_projects_launch_keeps_the_whole_list():
    """Live on the H200 (03:35 UTC): fasttf_sparse_avg_bwd from fast-transformers' 256x4, then
    32x8, then all four shapes the rules list (8x16 the fourth, the fastest: 1.074x the set's
    best), where the set's live run had lost 8x16 to the project's measurement. The replay on
    the run's own rows asks for the same first seven; since stop 61 the project's profile takes
    the second access experiment's place (1x64), and the eighth is 8x12, a neighbour of 8x16
    (the live run did not time it: the replay keeps 8x16)."""
    from gpuadvisor.validation import kernel_code

    journal = [json.loads(x) for x in (FASTTF / "journal.jsonl").read_text().splitlines()]
    asked = [tuple(r["key"][1:4]) for r in journal if r["type"] == "search"]
    assert asked == [(256, 4, 1), (32, 8, 1), (64, 4, 1), (256, 1, 1), (16, 12, 1), (8, 16, 1),
                     (1, 32, 1), (1, 64, 1)]
    table = pd.read_csv(FASTTF / "sweep.csv", comment="#")
    best = table.loc[table.time_ms.idxmin()]
    assert (best.block_x, best.block_y) == (8, 16) and set(table.status) == {"ok"}

    sweep = fixtures_dir() / "hopper" / "blind99" / "h200" / "fasttf_sparse_avg_bwd.csv"
    replayed = replay_search(_rows(sweep), _rows(FASTTF / "sweep.csv"), 8, arch="sm_90",
                             code=kernel_code(["fasttf_sparse_avg_bwd"]), start=(256, 4, 1),
                             source=PROJECT_LAUNCH)
    assert [s.config.block for s in replayed.steps] == [*asked[:7], (8, 12, 1)]
    assert replayed.steps[7].reason.startswith("neighbour of 8x16")
    assert replayed.best.config.block == (8, 16, 1)
    assert "is 1.69x faster" in (FASTTF / "tune.log").read_text()


OCV = fixtures_dir() / "hopper" / "current" / "ocv_farneback_box5"


def test_live_from_the_projects_launch_measures_a_neighbour_after_one_experiment():
    """Live on the H200 (06:08 UTC, stop 61): ocv_farneback_box5 from OpenCV's 256x1, then 32x8,
    the four listed shapes and ONE access experiment (the project's profile took the other's
    place), then a neighbour of the fastest, 256x2: kept, 1.058x the set's best, where the
    search before the change kept 256x1 (1.248x). The replay on the run's own rows asks for the
    same eight shapes."""
    from gpuadvisor.validation import kernel_code

    journal = [json.loads(x) for x in (OCV / "journal.jsonl").read_text().splitlines()]
    steps = [r for r in journal if r["type"] == "search"]
    asked = [tuple(r["key"][1:4]) for r in steps]
    assert asked == [(256, 1, 1), (32, 8, 1), (32, 6, 1), (32, 24, 1), (16, 32, 1), (192, 1, 1),
                     (1, 32, 1), (256, 2, 1)]
    assert sum(r["reason"].startswith("experiment:") for r in steps) == 1
    assert steps[-1]["reason"].startswith("neighbour of 256x1")
    live = pd.read_csv(OCV / "sweep.csv", comment="#")
    best = live.loc[live.time_ms.idxmin()]
    assert (best.block_x, best.block_y) == (256, 2) and set(live.status) == {"ok"}
    recorded = pd.read_csv(fixtures_dir() / "hopper" / "blind37" / "h200"
                           / "ocv_farneback_box5.csv", comment="#")
    at_pick = recorded[(recorded.block_x == 256) & (recorded.block_y == 2)].time_ms.min()
    assert at_pick / recorded.time_ms.min() == pytest.approx(1.058, abs=0.0005)
    assert "is 1.15x faster" in (OCV / "tune.log").read_text()

    sweep = fixtures_dir() / "hopper" / "blind37" / "h200" / "ocv_farneback_box5.csv"
    replayed = replay_search(_rows(sweep), _rows(OCV / "sweep.csv"), 8, arch="sm_90",
                             code=kernel_code(["ocv_farneback_box5"]), start=(256, 1, 1),
                             source=PROJECT_LAUNCH)
    assert [s.config.block for s in replayed.steps] == asked
