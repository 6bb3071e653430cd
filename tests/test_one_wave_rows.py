"""Issue 11 round 46: idle threads cost nothing in a grid of at most one wave, and one row of
blocks in a profile stays one row of blocks at every shape.

Blind set 63's lightseq_dropout_bias_bwd (LightSeq's dropout-bias backward) launches one row of
cdiv(1024, bx) blocks whose rows walk 8,192 tokens in steps of the block's height. Profiled at
32x8 it reads as 8 rows high: the table's view picked 8x8 (7.93x the best, 8x128), charging
8x128 for 120 idle rows of 128 though its 128 blocks are all resident at once, and the profile
alone picked 32x2 (26.6x), reading a 2-row block as adding block rows."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import read_sweep
from tests.profile_rows import profile_csv, shape_regret, table_view_pick

LIGHTSEQ = fixtures_dir() / "hopper" / "blind63" / "h200" / "lightseq_dropout_bias_bwd.csv"


def _measured(shape: tuple[int, int]) -> float:
    """The shape's time over the recorded sweep's best."""
    return shape_regret(read_sweep(LIGHTSEQ)[0], shape)


def test_idle_rows_under_one_wave_are_not_charged(tmp_path) -> None:
    out, regret = table_view_pick(LIGHTSEQ, tmp_path)
    assert out["kernels"][0]["pick"]["label"] == "8x32" and round(regret, 3) == 2.344
    ranking = {(e["block_x"], e["block_y"]): e for e in out["ranking"]}
    # 8x128: 128 blocks of 1,024 threads, two resident per SM on 132 SMs (under half a wave)
    tall = " ".join(ranking[(8, 128)]["reasons"])
    assert "tile-quantization" not in tall
    assert ranking[(8, 128)]["score"] > 0.95 * ranking[(8, 32)]["score"]
    # 32x8 itself: 32 blocks for 132 SMs
    assert ranking[(32, 8)]["score"] < 0.35 * ranking[(8, 32)]["score"]


def test_a_profile_of_one_block_row_keeps_one_row_at_every_shape(tmp_path) -> None:
    profile = profile_csv(LIGHTSEQ, tmp_path, (32, 8))
    done = CliRunner().invoke(app, ["analyze", str(profile), "--rule-only", "--json",
                                    "--shapes", "32x8,32x2,8x8,8x32,8x128", "--top", "50"])
    assert done.exit_code == 0, done.output
    kernel = json.loads(done.output)["kernels"][0]
    ranking = {(e["block_x"], e["block_y"]): e for e in kernel["ranking"]}
    assert kernel["pick"]["label"] == "8x32" and round(_measured((8, 32)), 3) == 2.344
    # 32x2 launches the profiled 32 blocks, not 128: the small grid's penalty stays
    short = " ".join(ranking[(32, 2)]["reasons"])
    assert "32x2 blocks make a grid of 32 block(s) for 132 SMs" in short
    assert ranking[(32, 2)]["score"] < 0.35 * ranking[(8, 32)]["score"]
    assert round(_measured((32, 2)), 1) == 26.6
    assert any(n.startswith("the profiled 32x8 launch is one row of blocks") for n in
               kernel["notes"])
