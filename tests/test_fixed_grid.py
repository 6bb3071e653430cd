"""Kernels launched with a fixed grid (a block per row, a grid-stride loop): their threads say
nothing about the problem's extent (issue 11 round 12, blind set 9's softmax_rows)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gpuadvisor.analysis import kernel_info
from gpuadvisor.characterize import characterize
from gpuadvisor.cli import main
from gpuadvisor.sweep import read_sweep

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "hopper"


def _rows(*launches: tuple[int, int, int, int]) -> list[dict]:
    return [{"kernel": "k", "block_x": bx, "block_y": by, "block_z": 1, "grid_x": gx,
             "grid_y": gy, "grid_z": 1, "block_size": bx * by, "status": "ok",
             "time_ms": 1.0} for bx, by, gx, gy in launches]


def _domain(rows: list[dict]):
    traits = characterize("k", rows, use_manifest=False)
    return kernel_info("k", rows, traits, use_manifest=False).domain


def test_a_launch_of_one_thread_per_element_gives_its_extent():
    # 1000 x 100 elements: ceil(1000 / bx) x ceil(100 / by) blocks
    rows = _rows((32, 8, 32, 13), (64, 4, 16, 25), (96, 2, 11, 50), (1000, 1, 1, 100))
    assert _domain(rows) == (1024, 104, 1)  # the first row's launch, rounded up as launched


def test_a_fixed_grid_has_no_extent():
    assert _domain(_rows((32, 1, 8192, 1), (256, 1, 8192, 1), (1024, 1, 8192, 1))) is None
    # the same along y only: a block per row of tiles
    assert _domain(_rows((32, 1, 1, 4096), (32, 8, 1, 4096))) is None


def test_one_launch_cannot_tell_and_keeps_its_threads():
    assert _domain(_rows((256, 1, 8192, 1))) == (2097152, 1, 1)


@pytest.mark.parametrize("gpu", ["h100", "h200"])
def test_softmax_rows_fixed_grid_is_not_charged_for_idle_threads(capsys, gpu):
    """One block per row (8192 rows) at every block size: before round 12 analyze took the
    32-thread row's 262,144 threads for the problem and charged 256 threads 65 %."""
    path = FIXTURES / "blind9" / gpu / "softmax_rows.csv"
    table, _ = read_sweep(path)
    assert set(table["grid_x"]) == {8192}
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path), "--rule-only", "--json", "--top", "11"])
    assert not stop.value.code
    kernel = json.loads(capsys.readouterr().out)["kernels"][0]
    reasons = [r for e in kernel["ranking"] for r in e["reasons"]]
    assert reasons and not any("tile-quantization" in r for r in reasons)


def _finding(capsys, path: Path) -> dict | None:
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path), "--rule-only", "--json"])
    assert not stop.value.code
    found = [f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["rule_id"] == "fixed-grid-launch"]
    return found[0] if found else None


def test_fixed_grid_values_come_from_the_launches():
    from gpuadvisor.analysis import fixed_grid

    assert fixed_grid(_rows((32, 1, 8192, 1), (256, 1, 8192, 1), (1024, 1, 8192, 1))) == {
        "fixed_grid_blocks": 8192.0, "fixed_grid_min_threads": 32.0,
        "fixed_grid_max_threads": 1024.0}
    assert fixed_grid(_rows((32, 8, 32, 13), (64, 4, 16, 25))) == {}
    assert fixed_grid(_rows((256, 1, 8192, 1))) == {}  # one launch cannot tell


@pytest.mark.parametrize("path,blocks,sizes", [
    (FIXTURES / "blind9" / "h100" / "softmax_rows.csv", 8192, "128, 256 and 512"),
    (FIXTURES / "blind10" / "h200" / "rope_neox.csv", 16384, "128, 256 and 512"),
    (FIXTURES / "blind10" / "h100" / "sw_align.csv", 8192, "128, 256 and 512"),
])
def test_a_fixed_grid_is_reported_with_the_sizes_to_measure(capsys, path, blocks, sizes):
    finding = _finding(capsys, path)
    assert finding is not None and finding["severity"] == "info"
    assert f"launched {blocks} blocks whatever the block size (32 to 1024 threads)" in \
        finding["message"]
    assert f"measure {sizes} threads" in finding["message"]
    assert "tune --shapes" in finding["advice"]


@pytest.mark.parametrize("path", [
    FIXTURES / "blind10" / "h100" / "bayer_demosaic.csv",   # one thread per pixel
    FIXTURES / "sweeps" / "matrix_add.csv",
])
def test_a_launch_of_one_thread_per_element_is_not(capsys, path):
    assert _finding(capsys, path) is None


def test_a_grid_that_follows_the_threads_but_not_each_axis_is_not_fixed(capsys):
    """sgemm_coalesced tiles 32 x threads/32 outputs per block: its grid follows the thread
    count, not block_x and block_y, so it has no per-axis extent but is no fixed grid."""
    from gpuadvisor.analysis import fixed_grid

    rows = _rows((32, 1, 2048, 64), (64, 1, 1024, 64), (16, 2, 2048, 64), (256, 1, 256, 64))
    assert _domain(rows) is None and fixed_grid(rows) == {}
    assert _finding(capsys, FIXTURES / "sweeps" / "sgemm_coalesced.csv") is None


@pytest.mark.parametrize("name,best,slow", [
    ("row_sum_tree_ROWS131072_COLS512", "64x1", "1024x1"),   # reductions over the block
    ("row_norm3", "128x1", "64x1"),                          # 32 rows overflow L1 at 64
    ("gridstride_axpy_GRID264", "1024x1", "64x1"),            # 264 blocks fill 6 % at 64
])
def test_fixed_grid_block_work_ranks_from_one_profile(name, best, slow):
    """The fixed-grid calibration tables, scored from their 256-thread profile as validation
    does: the model's pick and its penalty on a size the table shows is slow."""
    from gpuadvisor.validation import evaluate_one_profile

    path = FIXTURES / "new-kernels" / "h100" / f"{name}.csv"
    (result,) = evaluate_one_profile(path)
    assert result.pick == best and result.regret < 1.03
    table, _ = read_sweep(path)
    rows = table[table["block_x"] == int(slow.split("x")[0])]
    assert float(rows["time_ms"].min()) > 1.5 * result.best_time


@pytest.mark.parametrize("path,memory_wait,best", [
    ("blind10/h100/sw_align.csv", (0.0, 1.0), "32x1"),            # a wavefront per pair
    ("new-kernels/h100/gridstride_axpy_GRID264.csv", (95, 100), "1024x1"),
])
def test_fill_counts_by_how_much_warps_wait_for_memory(path, memory_wait, best):
    """Round 16: the profiled share of stalls waiting for memory (long_scoreboard) scales the
    fill term. A kernel whose warps never wait for memory is not charged for running fewer
    threads (sw_align's 32 threads, 1.27x faster than the 64 the full term chose); a
    memory-bound grid-stride loop still is. sw_align is scored as seen since round 16."""
    from gpuadvisor.analysis import profiled_block_time
    from gpuadvisor.validation import evaluate_one_profile, one_profile_view

    table, _ = read_sweep(FIXTURES / path)
    view = one_profile_view(table)
    values = profiled_block_time(view[view["duration_ms"].notna()].to_dict("records"))
    assert memory_wait[0] <= values["profiled_memory_wait_pct"] <= memory_wait[1]
    (result,) = evaluate_one_profile(FIXTURES / path)
    assert result.pick == best and result.regret < 1.03


def test_the_l1_model_must_agree_with_the_profile_it_starts_from(capsys):
    """Round 21, blind set 21's viterbi_decode (a block per sequence; its re-reads are the
    transition table every block shares): at the 256-thread profile the L1 model had 6
    resident blocks overflow L1 entirely while the profile shows 98 % L1 hits, and so put
    384 threads at 0.05x the profiled time and every size up to 256 at x0.05 (pick 384x1,
    1.62x). A model contradicted by its own starting point stays off: the rule no longer
    fires, the pick is 192x1 (1.07x; 64x1 is best), and the best shape's score is 0.64 of the
    top (0.03 before), 1.00 counting the shapes measured as fast."""
    from gpuadvisor.validation import evaluate_one_profile

    path = FIXTURES / "blind21" / "h100" / "viterbi_decode.csv"
    (result,) = evaluate_one_profile(path)
    assert (result.pick, round(result.regret, 2)) == ("192x1", 1.07)
    assert result.winner_score_ratio > 0.6 and result.winner_tie_ratio >= 0.99
    table, _ = read_sweep(path)
    one = table[(table["block_x"] == 256) | table["gld_efficiency"].isna()]
    assert float(one[one["block_x"] == 256]["l1_hit_rate"].dropna().iloc[0]) > 95
