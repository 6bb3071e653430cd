"""The sectors of global atomics and reductions (recorded on an H200 at stop 62,
fixtures/hopper/atomic-sectors/), and the access model's stores fitted on them where no plain
store was measured: tried and kept off (``access_model.ATOMIC_STORES``; it helped the kernel
that prompted it, set 106's pylops_nonstat_conv2d, and held out it made the one-profile pick
worse on the other kernels that write through atomics: benchmarks/atomic_sectors.py)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from gpuadvisor import access_model
from gpuadvisor.access_model import FAR, fit_kernel
from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import normalize, read_sweep
from gpuadvisor.validation import one_profile_view

HERE = fixtures_dir() / "hopper" / "atomic-sectors"
PYLOPS = HERE / "pylops_nonstat_conv2d.csv"


def _rows(path, view: bool = False) -> list[dict]:
    table = normalize(read_sweep(path)[0])
    if view:
        table = one_profile_view(table)
    return [{str(k): v for k, v in r.items()} for r in table.to_dict(orient="records")]


def _at(rows: list[dict], bx: int, by: int) -> dict:
    return next(r for r in rows if (r["block_x"], r["block_y"]) == (bx, by))


@pytest.fixture
def atomic_stores(monkeypatch):
    """The switch on, as benchmarks/atomic_sectors.py turns it on."""
    monkeypatch.setattr(access_model, "ATOMIC_STORES", True)


def test_by_default_atomics_are_not_read_as_stores():
    assert access_model.ATOMIC_STORES is False
    rows = _rows(PYLOPS, view=True)
    access = fit_kernel(rows, _at(rows, 32, 8))
    assert access.stores is None and not access.stores_from_atomics and access.load_share == 1


def test_the_recorded_reductions_scatter_less_as_x_narrows():
    rows = _rows(PYLOPS)
    assert {r["status"] for r in rows} == {"ok"} and len(rows) == 6
    per_request = {(r["block_x"], r["block_y"]): round(
        r["l1_global_reduction_sectors"] / r["l1_global_reduction_requests"], 1) for r in rows}
    assert per_request == {(32, 8): 31.9, (16, 16): 19.5, (8, 32): 13.3, (2, 128): 9.3,
                           (1, 256): 8.6, (1, 1024): 8.6}
    assert all(r["l1_global_store_requests"] == 0 and r["l1_global_atomic_sectors"] == 0
               for r in rows)
    assert _at(rows, 32, 8)["time_ms"] > 3.5 * _at(rows, 1, 1024)["time_ms"]


def test_one_profile_fits_the_stores_on_the_reductions(atomic_stores):
    rows = _rows(PYLOPS, view=True)
    access = fit_kernel(rows, _at(rows, 32, 8))
    assert access.stores_from_atomics
    (weight, term), = access.stores.chosen.terms
    assert weight == 1.0 and term.x_stride >= FAR  # a sector a lane along x
    assert access.stores.profiles == ((32, 8, pytest.approx(31.93, abs=0.01)),)
    # the reductions' share of the requests: 2.65 M against 10.6 M loads
    assert access.load_share == pytest.approx(10626560 / (10626560 + 2648448))
    assert access.stores.predict(1, 256).sectors < access.stores.predict(32, 8).sectors / 4


def test_with_the_code_the_reductions_choose_among_its_atomics_terms(atomic_stores):
    """The PTX's atomic adds give the stores' terms (x a row pitch of 8 KiB apart, y 8 B):
    until the counters' share counted the reductions, that model had no weight (a live run
    on the H200 at 08:12 UTC measured the same eight shapes as set 106's)."""
    from gpuadvisor.code_access import code_terms
    from gpuadvisor.validation import kernel_code

    code = code_terms(kernel_code(["pylops_nonstat_conv2d"])["pylops_nonstat_conv2d"])
    rows = _rows(PYLOPS, view=True)
    access = fit_kernel(rows, _at(rows, 32, 8), code)
    assert access.stores_from_atomics and access.stores.code == "exact"
    (weight, term), = access.stores.chosen.terms
    assert (term.x_stride, term.y_stride) == (65536, 8)
    assert access.load_share == pytest.approx(0.8005, abs=1e-4)


def test_plain_stores_are_still_the_stores(atomic_stores):
    rows = _rows(HERE / "skcuda_argmax_column.csv", view=True)
    access = fit_kernel(rows, _at(rows, 32, 8))
    assert not access.stores_from_atomics and access.stores is not None
    old = _rows(fixtures_dir() / "hopper" / "blind106" / "h200" / "pylops_nonstat_conv2d.csv",
                view=True)  # recorded before the sector counts: no stores side at all
    access = fit_kernel(old, _at(old, 32, 8))
    assert access.stores is None and not access.stores_from_atomics


def test_analyze_ranks_narrow_x_first_from_the_reductions(tmp_path, atomic_stores):
    """In process (the switch is a module constant, on here): the CLI's rule-only analysis of
    the 32x8 profile."""
    import pandas as pd

    view = tmp_path / "pylops_32x8.csv"
    table = one_profile_view(normalize(read_sweep(PYLOPS)[0]))
    pd.DataFrame(table).to_csv(view, index=False)
    result = CliRunner().invoke(app, ["analyze", "--rule-only", str(view), "--json"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    (kernel,) = doc["kernels"]
    ranked = [(c["block_x"], c["block_y"]) for c in kernel["ranking"]]
    assert ranked[0] == (8, 32) and ranked.index((32, 8)) >= 3
    notes = " ".join(kernel.get("notes", []))
    assert "read from its global atomics and reductions" in notes


LIVE = fixtures_dir() / "hopper" / "current" / "pylops_nonstat_conv2d"


def _asked(folder) -> list[tuple[int, int, int]]:
    journal = [json.loads(x) for x in (folder / "journal.jsonl").read_text().splitlines()]
    return [tuple(r["key"][1:4]) for r in journal if r["type"] == "search"]


@pytest.mark.parametrize("switch", [False, True])
def test_live_the_rules_list_narrow_x_from_the_profile(monkeypatch, switch):
    """Live on the H200 (08:10 and 08:12 UTC), both with the switch on: before the code's
    atomics were fitted on the counters and counted in the share, the search asked for set
    106's eight shapes (as it does with the switch off); after, the rules' list from the 32x8
    profile is 8x32, 8x8, 8x4 and 256x1. Both kept 1x32 (1.273x the recorded best, 1x1024),
    found by the access experiment. Replayed on each run's own rows, the search asks for the
    same eight shapes: the second run's with the switch on, the first's with it off."""
    from gpuadvisor.search.current import PROJECT_LAUNCH
    from gpuadvisor.search.replay import replay_search
    from gpuadvisor.validation import kernel_code

    assert _asked(LIVE / "before-the-code-share-fix") == [
        (32, 32, 1), (32, 8, 1), (16, 16, 1), (8, 32, 1), (256, 1, 1), (1, 32, 1), (2, 24, 1),
        (2, 32, 1)]
    asked = _asked(LIVE)
    assert asked == [(32, 32, 1), (32, 8, 1), (8, 32, 1), (8, 8, 1), (8, 4, 1), (256, 1, 1),
                     (1, 32, 1), (2, 24, 1)]
    for folder in (LIVE, LIVE / "before-the-code-share-fix"):
        rows = _rows(folder / "sweep.csv")
        assert {r["status"] for r in rows} == {"ok"}
        best = min(rows, key=lambda r: r["time_ms"])
        assert (best["block_x"], best["block_y"]) == (1, 32)
    monkeypatch.setattr(access_model, "ATOMIC_STORES", switch)
    run = LIVE if switch else LIVE / "before-the-code-share-fix"
    sweep = fixtures_dir() / "hopper" / "blind106" / "h200" / "pylops_nonstat_conv2d.csv"
    replayed = replay_search(_rows(sweep), _rows(run / "sweep.csv"), 8, arch="sm_90",
                             code=kernel_code(["pylops_nonstat_conv2d"]), start=(32, 32, 1),
                             source=PROJECT_LAUNCH)
    assert [s.config.block for s in replayed.steps] == _asked(run)
