"""Round 21: constant-cache-misses, from blind set 21's blackbody_xyz (H100).

At 256 threads a block 84 % of the stalled warp cycles waited on the immediate constant
cache and the kernel ran 6.1x slower than with 1024-thread blocks, where two resident blocks
per SM keep their warps at the same table entries.
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import read_sweep
from gpuadvisor.validation import evaluate_one_profile, one_profile_view

TABLE = fixtures_dir() / "hopper" / "blind21" / "h100" / "blackbody_xyz.csv"


def test_the_profiled_stall_share_becomes_a_kernel_value(tmp_path: Path) -> None:
    one = tmp_path / "blackbody_one.csv"
    one_profile_view(read_sweep(TABLE)[0]).to_csv(one, index=False)
    done = CliRunner().invoke(app, ["analyze", str(one), "--rule-only", "--json", "--top",
                                    "200"])
    assert done.exit_code == 0, done.output
    kernel = json.loads(done.stdout)["kernels"][0]
    top = kernel["ranking"][0]
    assert top["block_x"] * top["block_y"] == 1024
    scores = {r["config"]: r["score"] for r in kernel["scores"]}
    # two resident blocks keep no constant-cache stall, three keep a sixth, eight all of it
    assert scores["32x8"] < 0.2 * scores["32x32"]
    finding = next(f for e in kernel["ranking"] for f in e["findings"]
                   if f["rule_id"] == "constant-cache-misses"
                   and e["block_x"] * e["block_y"] < 1024)
    assert "84% of the stalled warp cycles waited on the immediate constant cache" \
        in finding["message"]


def test_the_one_profile_pick_is_a_largest_block() -> None:
    (result,) = evaluate_one_profile(TABLE)
    assert result.pick in ("32x32", "64x16", "128x8", "256x4", "512x2", "1024x1")
    assert result.regret < 1.03


def test_a_kernel_without_constant_cache_stalls_is_left_alone() -> None:
    """No other recorded table shows more than 10 % of its stalls on the constant cache; the
    rule fires on none of them (the calibration and blind picks are unchanged)."""
    other = fixtures_dir() / "hopper" / "blind21" / "h100" / "mc_classify.csv"
    done = CliRunner().invoke(app, ["analyze", str(other), "--rule-only", "--json"])
    assert done.exit_code == 0
    kernel = json.loads(done.stdout)["kernels"][0]
    assert not [f for e in kernel["ranking"] for f in e["findings"]
                if f["rule_id"] == "constant-cache-misses"]


def test_a_table_also_profiled_at_the_fast_shape_still_sees_the_stall() -> None:
    """The built-in recording has profiles at 32x8, 16x16, 8x32 and the fastest shape,
    128x8, where only 11 % of the stalls wait on the constant cache. The rule reads the row
    with the largest share (84 % at 256 threads), so the rule-only pick of the whole table is
    a 1024-thread shape too."""
    from gpuadvisor.analysis import constant_cache_waits

    table = read_sweep(TABLE)[0]
    values = constant_cache_waits(table[table["duration_ms"].notna()].to_dict("records"))
    assert values["constant_wait_block_threads"] == 256
    assert 83 < values["constant_wait_pct"] < 85
    done = CliRunner().invoke(app, ["analyze", str(TABLE), "--rule-only", "--json", "--top", "1"])
    top = json.loads(done.stdout)["kernels"][0]["ranking"][0]
    assert top["block_x"] * top["block_y"] == 1024
