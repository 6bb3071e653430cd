"""shared-histogram-flush (issue 11 round 44): a block that adds its whole shared-memory array
to global memory (a privatized histogram's flush: one warp-wide atomic request per 128 B of
shared memory, more than one a block) prefers larger blocks, as one profile shows it. Blind set
60's cvcuda_histogram was kept at its default 32x8, 4.15x the best 128x8; the rule takes it to
a 1,024-thread block."""

from __future__ import annotations

from gpuadvisor.paths import fixtures_dir
from tests.profile_rows import table_view_pick

HOPPER = fixtures_dir() / "hopper"
RULE = "shared-histogram-flush"


def _fired(entry: dict) -> list[str]:
    return [r for r in entry["reasons"] if RULE in r]


def test_a_privatized_histogram_goes_to_larger_blocks(tmp_path) -> None:
    out, regret = table_view_pick(HOPPER / "blind60" / "h200" / "cvcuda_histogram.csv",
                                  tmp_path, top=300)
    pick = out["kernels"][0]["pick"]
    assert pick["block_x"] * pick["block_y"] == 1024 and round(regret, 3) == 1.031
    ranking = {(e["block_x"], e["block_y"]): e for e in out["ranking"]}
    (reason,) = _fired(ranking[(128, 8)])
    assert reason.startswith("[+60%] shared-histogram-flush: At 256 threads each block makes 24 "
                             "global atomic/reduction warp requests, one per 128 B of its 3072 B")
    assert "predicted to take 62% of the profiled time" in reason
    assert "predicted to take 75%" in _fired(ranking[(32, 16)])[0]  # 512 threads
    assert not _fired(ranking[(32, 8)]) and not _fired(ranking[(16, 8)])  # not larger
    assert ranking[(128, 8)]["score"] > ranking[(32, 8)]["score"]


def test_a_block_reduction_that_adds_one_value_is_not_a_flush(tmp_path) -> None:
    # one request a block whatever its shared array (a slot per warp): fastest at 256 threads
    out, regret = table_view_pick(HOPPER / "new-kernels" / "h200" / "warp_sum_atomic_block.csv",
                                  tmp_path, top=300)
    assert not any(_fired(e) for e in out["ranking"])
    assert out["kernels"][0]["pick"]["label"] == "256x1" and regret == 1.0


def test_a_block_that_adds_a_few_values_of_a_larger_array_is_not_a_flush(tmp_path) -> None:
    # region_moments: 3 requests a block over 768 B (0.50 of it); larger blocks ran slower
    out, _ = table_view_pick(HOPPER / "blind9" / "h200" / "region_moments.csv", tmp_path, top=300)
    assert not any(_fired(e) for e in out["ranking"])


def test_merges_that_keep_the_l2_atomic_unit_busy_are_left_to_its_rule(tmp_path) -> None:
    # digit_hist flushes 256 bins a block (8 requests over 1 KiB) with the busiest L2 slice's
    # atomic unit 87 % busy: l2-atomic-merge-bound models it, this rule keeps quiet
    out, _ = table_view_pick(HOPPER / "atomics" / "l2" / "digit_hist.csv", tmp_path, top=300)
    assert not any(_fired(e) for e in out["ranking"])
    assert any("l2-atomic-merge-bound" in r for e in out["ranking"] for r in e["reasons"])
