"""ncu's global atomic and reduction request counts, recorded on an H100, in the sweep table."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.profilers.metrics import NCU_EXTRA, ncu_name_map
from gpuadvisor.profilers.ncu import SWEEP_METRICS
from gpuadvisor.sweep import read_sweep

ATOMICS = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "atomics"


def test_a_sweep_asks_ncu_for_atomic_and_reduction_requests_and_sectors():
    # the sectors since stop 62 (fixtures/hopper/atomic-sectors/, tests/test_atomic_sectors.py)
    for name, column in (("l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
                          "l1_global_atomic_requests"),
                         ("l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
                          "l1_global_reduction_requests"),
                         ("l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum",
                          "l1_global_atomic_sectors"),
                         ("l1tex__t_sectors_pipe_lsu_mem_global_op_red.sum",
                          "l1_global_reduction_sectors")):
        assert name in SWEEP_METRICS
        assert NCU_EXTRA[name][0] == column
        assert ncu_name_map()[name] == column


def _per_block(kernel: str) -> dict[int, tuple[float, float]]:
    table, _ = read_sweep(ATOMICS / f"{kernel}.csv")
    assert set(table["status"]) == {"ok"}
    return {int(r.block_size): (r.l1_global_reduction_requests / r.grid_size,
                                r.l1_global_atomic_requests)
            for r in table.itertuples()}


@pytest.mark.parametrize("kernel,expected", [
    ("dot_atomic", {64: 1.0, 256: 1.0, 1024: 1.0}),          # one atomicAdd per block
    ("digit_hist", {64: 8.0, 256: 8.0, 1024: 8.0}),          # 256 bins merged per block
    ("histogram_atomic", {64: 2.0, 256: 8.0, 1024: 32.0}),   # one per element: per warp
])
def test_reductions_per_block_tell_a_per_block_merge_from_per_element_atomics(kernel, expected):
    got = _per_block(kernel)
    assert {size: red for size, (red, _atom) in got.items()} == expected
    assert all(atom == 0 for _red, atom in got.values())  # atomicAdd results are unused


def test_a_kernel_without_atomics_counts_none():
    table, _ = read_sweep(ATOMICS / "matrix_add.csv")
    assert list(table["l1_global_reduction_requests"]) == [0.0, 0.0]
    assert list(table["l1_global_atomic_requests"]) == [0.0, 0.0]


def _finding(capsys, path: Path) -> dict | None:
    import json

    from gpuadvisor.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path), "--json"])
    assert not stop.value.code
    found = [f for f in json.loads(capsys.readouterr().out)["findings"]
             if f["rule_id"] == "per-block-atomics"]
    return found[0] if found else None


@pytest.mark.parametrize("kernel,requests", [("dot_atomic", "1 global"),
                                             ("digit_hist", "8 global")])
def test_a_per_block_merge_measured_at_three_sizes_is_reported(capsys, kernel, requests):
    finding = _finding(capsys, ATOMICS / f"{kernel}.csv")
    assert finding is not None and finding["severity"] == "warning"
    assert requests in finding["message"] and "stays put" in finding["message"]
    assert "larger blocks" in finding["advice"]


@pytest.mark.parametrize("kernel", ["histogram_atomic", "matrix_add"])
def test_atomics_per_element_or_none_are_not(capsys, kernel):
    assert _finding(capsys, ATOMICS / f"{kernel}.csv") is None


def test_one_profile_asks_for_a_second_block_size(capsys, tmp_path):
    lines = (ATOMICS / "digit_hist.csv").read_text().splitlines(keepends=True)
    header = [line for line in lines if line.startswith("#")]
    rows = [line for line in lines if not line.startswith("#")]
    size = rows[0].split(",").index("block_x")
    one = tmp_path / "digit_hist_256.csv"
    one.write_text("".join(header + rows[:1] + [r for r in rows[1:]
                                                 if r.split(",")[size] == "256"]))
    finding = _finding(capsys, one)
    assert finding is not None
    assert "8 global atomic/reduction requests per block (1 per warp)" in finding["message"]
    assert "profile one more block size to tell them apart, e.g. 1024 threads against the " \
           "profiled 256" in finding["message"]


# --- issue 11 round 11: the L2 atomic unit's activity, and the rules that read it ---------

L2 = ATOMICS / "l2"
NEW_KERNELS = ATOMICS.parent / "new-kernels"


def test_a_sweep_asks_ncu_for_the_l2_atomic_unit_activity():
    for name, column in (
            ("lts__d_atomic_input_cycles_active.max.pct_of_peak_sustained_elapsed",
             "l2_atomic_busy_max_pct"),
            ("lts__d_atomic_input_cycles_active.avg.pct_of_peak_sustained_elapsed",
             "l2_atomic_busy_avg_pct")):
        assert name in SWEEP_METRICS
        assert ncu_name_map()[name] == column


@pytest.mark.parametrize("kernel,busy_256,busy_1024", [
    ("digit_hist", 86.69, 51.23),         # the merges set the time: busy until 1024 threads
    ("dot_atomic", 31.83, 5.73),          # one atomic per block; the SM is the limit
    ("histogram_atomic", 80.27, 80.26),   # per element: the block size does not matter
])
def test_the_busiest_l2_slice_atomic_unit_is_read_back(kernel, busy_256, busy_1024):
    table, _ = read_sweep(L2 / f"{kernel}.csv")
    assert set(table["status"]) == {"ok"}
    busy = {int(r.block_size): r.l2_atomic_busy_max_pct for r in table.itertuples()
            if r.l2_atomic_busy_max_pct == r.l2_atomic_busy_max_pct}
    assert busy[256] == pytest.approx(busy_256) and busy[1024] == pytest.approx(busy_1024)
    # the slices' mean is far below the busiest one: a few addresses, one slice
    assert table["l2_atomic_busy_avg_pct"].max() < 3


def _one_profile(path: Path, tmp_path: Path, keep: str = "256") -> Path:
    """The sweep with counters only at ``keep`` threads (every row stays timed)."""
    from gpuadvisor.validation import one_profile_table

    table, _ = read_sweep(path)
    out = tmp_path / path.name
    one_profile_table(table, (int(keep), 1, 1)).to_csv(out, index=False)
    return out


def _rule_only(capsys, path: Path) -> dict:
    import json

    from gpuadvisor.cli import main

    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path), "--rule-only", "--json", "--top", "3"])
    assert not stop.value.code
    return json.loads(capsys.readouterr().out)["kernels"][0]


@pytest.mark.parametrize("path,pick,before", [
    (L2 / "digit_hist.csv", 1024, 2.50),                         # 2.5x over 256 threads
    (NEW_KERNELS / "h100" / "shared_colsum32.csv", 512, 1.36),    # 1.36x; 1024 lost 15 %
    (NEW_KERNELS / "h200" / "shared_colsum32.csv", 512, 1.40),
])
def test_one_profile_of_a_merge_bound_kernel_picks_the_larger_block(capsys, tmp_path, path,
                                                                    pick, before):
    kernel = _rule_only(capsys, _one_profile(path, tmp_path))
    assert kernel["rule_pick"] == f"{pick}x1" and kernel["regret"] == pytest.approx(1.0)
    top = kernel["ranking"][0]
    assert any("l2-atomic-merge-bound" in r and "busy" in r for r in top["reasons"])
    default = next(c for c in kernel["comparisons"] if c["label"].startswith("256x1"))
    assert default["time_ms"] / kernel["best_time_ms"] == pytest.approx(before, abs=0.01)


@pytest.mark.parametrize("path", [
    L2 / "dot_atomic.csv",                                  # unit 32 % busy
    L2 / "histogram_atomic.csv",                            # per element, no shared memory
    NEW_KERNELS / "h100" / "block_max_atomic.csv",
])
def test_kernels_whose_merges_do_not_set_the_time_keep_256_threads(capsys, tmp_path, path):
    kernel = _rule_only(capsys, _one_profile(path, tmp_path))
    assert kernel["rule_pick"] == "256x1"
    assert not any("l2-atomic-merge-bound" in r for e in kernel["ranking"] for r in e["reasons"])


def test_a_flushed_shared_histogram_below_the_busy_unit_goes_larger(capsys, tmp_path):
    """shared_hist64 (the L2 atomic unit 56 % busy, below l2-atomic-merge-bound's 60) flushes
    its 64 bins a block: since round 44 shared-histogram-flush takes it to 1,024 threads,
    1.017x the best (512 threads; 256 was 1.012x): the counters show the flush, not how much
    of the time it takes (here 2 %, where cvcuda_histogram's took 96 %)."""
    kernel = _rule_only(capsys, _one_profile(NEW_KERNELS / "h100" / "shared_hist64.csv",
                                             tmp_path))
    assert kernel["rule_pick"] == "1024x1" and kernel["regret"] == pytest.approx(1.017, abs=1e-3)
    assert any("shared-histogram-flush" in r for r in kernel["ranking"][0]["reasons"])
    assert not any("l2-atomic-merge-bound" in r for e in kernel["ranking"] for r in e["reasons"])


@pytest.mark.parametrize(("path", "column"), [
    (L2 / "digit_hist.csv", "l2_atomic_busy_max_pct"),
    (L2 / "digit_hist.csv", "l1_global_reduction_requests"),
    # what fixed-grid-block-work and barrier-two-blocks read from the profiled row
    (NEW_KERNELS / "h100" / "row_norm3.csv", "l1_global_store_requests"),
    (NEW_KERNELS / "h100" / "row_norm3.csv", "l1_global_load_sectors"),
    (NEW_KERNELS / "h100" / "row_norm3.csv", "dram_bytes_read"),
    (NEW_KERNELS / "h100" / "row_norm3.csv", "ncu_stall_barrier"),
    # every stall reason: the rules read shares of their sum (thread-records-small-blocks)
    (NEW_KERNELS / "h100" / "row_norm3.csv", "ncu_stall_lg_throttle"),
    (NEW_KERNELS / "h100" / "row_norm3.csv", "ncu_stall_long_scoreboard"),
])
def test_a_bad_counter_cell_is_an_intake_error_not_a_silently_skipped_rule(capsys, tmp_path,
                                                                          path, column):
    import csv
    import io

    from gpuadvisor.cli import main

    lines = path.read_text().splitlines(keepends=True)
    body = [i for i, line in enumerate(lines) if not line.startswith("#")]
    header = next(csv.reader([lines[body[0]]]))
    at = header.index(column)
    for i in body[1:]:  # the first profiled row (the counter filled in)
        cells = next(csv.reader([lines[i]]))
        if cells[at]:
            cells[at] = "abc"
            out = io.StringIO()
            csv.writer(out, lineterminator="\n").writerow(cells)
            lines[i] = out.getvalue()
            line_no = i + 1
            break
    bad = tmp_path / path.name
    bad.write_text("".join(lines))
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(bad), "--rule-only"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"error: {bad}:{line_no}: column {column}: 'abc' is not a number "
                   "(pass --lenient to drop such rows)"]
