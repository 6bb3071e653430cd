"""ncu's global atomic and reduction request counts, recorded on an H100, in the sweep table."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.profilers.metrics import NCU_EXTRA, ncu_name_map
from gpuadvisor.profilers.ncu import SWEEP_METRICS
from gpuadvisor.sweep import read_sweep

ATOMICS = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "atomics"


def test_a_sweep_asks_ncu_for_atomic_and_reduction_requests():
    for name, column in (("l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum",
                          "l1_global_atomic_requests"),
                         ("l1tex__t_requests_pipe_lsu_mem_global_op_red.sum",
                          "l1_global_reduction_requests")):
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
