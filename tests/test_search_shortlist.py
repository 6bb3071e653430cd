"""The shortlist strategy (gpuadvisor/search/shortlisted.py): the usual default profiled first,
then the shapes the rules list from that profile, then guided search."""

from __future__ import annotations

import pandas as pd
import pytest

from gpuadvisor.errors import UserError
from gpuadvisor.paths import project_root
from gpuadvisor.search.replay import simulate_table
from gpuadvisor.search.shortlisted import Shortlisted, usual_default
from gpuadvisor.search.strategies import make_strategy
from gpuadvisor.space import Config
from gpuadvisor.sweep import read_sweep
from gpuadvisor.validation import one_profile_view

BLIND26 = project_root() / "fixtures" / "hopper" / "blind26" / "h100"


def _one_profile(name: str) -> pd.DataFrame:
    df, _ = read_sweep(BLIND26 / f"{name}.csv")
    return one_profile_view(df)


def test_it_profiles_the_default_then_times_the_hedged_shortlist() -> None:
    """adaptive_avgpool2d (blind set 26, H100) from its 32x8 row's counters only: the shapes
    `analyze --rule-only` lists from that row (before round 23 hedged its mixed access model,
    the pick was 4x192, 1.09x; rounds 23-29 picked 12x64, 1.011x; since round 30 made
    tail-effect quiet on sm_90 the rules keep the default 32x8, 1.369x, so the strategy, which
    has measured the default already, times the rules' best shape of each other aspect and
    then runs its experiment; since round 33, whose access model reads the efficiency too, the
    rules' square shape ranks above their rows shape)."""
    (r,) = simulate_table(_one_profile("adaptive_avgpool2d"), 5, "shortlist")
    steps = r.result.steps
    assert [s.config.label() for s in steps] == [
        "32x8 default", "16x16 default", "128x1 default", "8x32 default", "1x32 default"]
    assert steps[0].reason.startswith("start: 32x8 default, the usual default shape, profiled")
    assert [s.reason.split(": ")[1] for s in steps[1:4]] == [
        f"the rules' {what}, from a rule-only analysis of the first profile"
        for what in ("best square shape", "best rows shape", "best tall shape")]
    assert [s.reason.split(":")[0] for s in steps[1:4]] == [
        "shortlist 2 of 4", "shortlist 3 of 4", "shortlist 4 of 4"]
    # one profile leaves the access model open: the fifth measurement is the experiment
    assert steps[4].reason.startswith("experiment: the profiles cannot settle")
    assert r.regret == pytest.approx(1.058, abs=5e-4)  # 8x32; the best is 12x6
    # then the guided strategy's steps: a second experiment, then neighbours of the fastest
    (more,) = simulate_table(_one_profile("adaptive_avgpool2d"), 8, "shortlist")
    reasons = [s.reason for s in more.result.steps[5:]]
    assert reasons[0].startswith("experiment: the profiles cannot settle")
    assert [r.split(" (")[0] for r in reasons[1:]] == [
        "neighbour of 8x32 default", "neighbour of 12x24 default"]
    assert more.regret == pytest.approx(1.055, abs=5e-4)


def test_the_list_is_the_one_analyze_prints_from_that_row(tmp_path) -> None:
    import json

    from typer.testing import CliRunner

    from gpuadvisor.cli import app

    view = _one_profile("gauss_fan2")
    row = tmp_path / "profile.csv"
    view[view["sectors_per_request"].notna()].head(1).to_csv(row, index=False)
    done = CliRunner().invoke(app, ["analyze", str(row), "--rule-only", "--json"])
    assert done.exit_code == 0, done.output
    (note,) = [n for n in json.loads(done.stdout)["kernels"][0]["notes"]
               if n.startswith("to confirm the pick")]
    # a 2-D kernel's note lists 8 shapes (its class needs them: gpuadvisor/pick_reliability);
    # the strategy times the first 4 of them, then searches
    assert "--shapes 4x64,8x8,16x8,256x1,4x32,4x128,4x16,4x256 " in note
    (r,) = simulate_table(view, 5, "shortlist")
    assert [s.config.label() for s in r.result.steps[1:]] == [
        "4x64 default", "8x8 default", "16x8 default", "256x1 default"]
    assert r.regret == pytest.approx(1.086, abs=5e-4)  # 4x64; the best is 1x192


def test_guided_starts_elsewhere_and_lists_no_shapes() -> None:
    (r,) = simulate_table(_one_profile("adaptive_avgpool2d"), 5, "guided")
    assert r.result.steps[0].config.label() == "256x1 default"
    assert not any(s.reason.startswith("shortlist") for s in r.result.steps)


def test_the_usual_default_of_a_space() -> None:
    two_d = [Config("k", (256, 1, 1), "default"), Config("k", (32, 8, 1), "l1_off"),
             Config("k", (32, 8, 1), "default")]
    assert usual_default(two_d) == Config("k", (32, 8, 1), "default")
    one_d = [Config("k", (128, 1, 1), "default"), Config("k", (256, 1, 1), "l1_off")]
    assert usual_default(one_d) == Config("k", (256, 1, 1), "l1_off")
    assert usual_default([Config("k", (64, 4, 1), "default")]) is None


def test_without_the_usual_default_it_starts_as_guided_does() -> None:
    """A space the app restricts (no 32x8): the guided strategy's first configuration."""
    view = _one_profile("hs_derivatives")
    view = view[~((view["block_x"] == 32) & (view["block_y"] == 8))]
    (r,) = simulate_table(view, 1, "shortlist")
    (g,) = simulate_table(view, 1, "guided")
    assert r.result.steps[0].config == g.result.steps[0].config
    assert r.result.steps[0].reason == g.result.steps[0].reason


def test_the_strategy_is_named_and_listed() -> None:
    assert isinstance(make_strategy("shortlist"), Shortlisted)
    with pytest.raises(UserError, match="use guided, shortlist, exhaustive, random"):
        make_strategy("annealing")


def test_a_failed_default_falls_back_to_the_rules_ranking_once() -> None:
    """The default cannot launch: no row to analyze, so the list is made once from the rules'
    ranking and each listed shape is named for its place in it."""
    view = _one_profile("gauss_fan2")
    at = (view["block_x"] == 32) & (view["block_y"] == 8)
    view.loc[at, "status"] = "failed"
    view.loc[at, "time_ms"] = float("nan")
    (r,) = simulate_table(view, 5, "shortlist")
    reasons = [s.reason for s in r.result.steps[1:]]
    assert [x.split(":")[0] for x in reasons] == [f"shortlist {i} of 4" for i in range(1, 5)]
    assert all(x.endswith("from the rules' ranking (the first row did not run)")
               for x in reasons)
    assert len({s.config.block for s in r.result.steps}) == 5


def test_a_one_dimensional_list_names_the_next_shapes() -> None:
    """cfd_time_step (1-D): the rules' pick is the profiled 256x1 itself, then their next
    shapes in ranking order (every block is one row of threads: no aspect to hedge)."""
    (r,) = simulate_table(_one_profile("cfd_time_step"), 5, "shortlist")
    assert [s.config.label() for s in r.result.steps[:4]] == [
        "256x1 default", "128x1 default", "512x1 default", "64x1 default"]
    assert [s.reason.split(",")[0] for s in r.result.steps[1:4]] == [
        f"shortlist {i} of 4: the rules' next shape" for i in (2, 3, 4)]


@pytest.mark.parametrize(("table", "first_three", "hedge"), [
    ("blind65/h200/kilosort_conv1d.csv", ["256x1 default", "128x1 default", "1024x1 default"], 2),
    ("blind72/h200/ms_segment_max.csv", ["256x1 default", "1024x1 default", "192x1 default"], 1),
])
def test_a_grid_of_at_most_one_block_an_sm_lists_the_fixed_grid_reading_next(
        table: str, first_three: list[str], hedge: int) -> None:
    """One launch cannot tell a fixed grid from one thread an element, and at most one block
    an SM the two readings want opposite shapes, so the list names, right after the profile's
    own pick, the pick read as a fixed grid, 1024x1, the best of both kernels. Blind set 65's
    kilosort_conv1d launches 64 blocks, one a channel, whatever the block: read as one thread
    an element, the pick was 64x1 (5.00x the best; the live run, before round 47, asked for
    64x1 to 512x1 and stopped at 512x1, 1.118x), and since round 56 (single-launch-underfill)
    128x1 (2.53x). Blind set 72's ms_segment_max launches 132 blocks on the H200's 132 SMs (a
    grid sized from the SM count, a grid-stride loop): the profile alone picked 192x1 (5.3x),
    and the live run, before round 50, asked 256x1, 192x1 .. 768x1 and kept 768x1, 1.47x;
    since round 56 its pick is the profiled 256x1 itself, already measured, so the hedge comes
    first."""
    df, _ = read_sweep(project_root() / "fixtures" / "hopper" / table)
    (r,) = simulate_table(one_profile_view(df), 8, "shortlist")
    steps = r.result.steps
    assert [s.config.label() for s in steps[:3]] == first_three
    assert steps[hedge].reason.startswith(
        "shortlist 2 of 5: the rules' pick read as a fixed grid (the first launch has at most "
        "one block an SM)")
    assert r.regret == pytest.approx(1.0)


def test_a_grid_that_fills_the_sms_lists_no_fixed_grid_reading() -> None:
    """adaptive_avgpool2d's 32x8 launch fills every SM: its list is the four shapes as before
    (the first test), none read as a fixed grid."""
    (r,) = simulate_table(_one_profile("adaptive_avgpool2d"), 5, "shortlist")
    assert not [s for s in r.result.steps if "fixed grid" in s.reason]
