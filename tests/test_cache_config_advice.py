"""The cache configuration in rule-only advice (issue 11 round 28): on Hopper a kernel without
shared memory gets the same L1 whatever the cache preference, so the block-size rules must not
score a shape differently per configuration, and the pick names no configuration the rules
have no reason for. Before round 28, the smallest full-occupancy block was worked out per
configuration: prefer_l1's small carveout (1 KB reserved per block) keeps 64-thread blocks from
full occupancy, which moved that reference from 192 to 256 threads, and 166 of 247 picks from
the profile alone on the still-blind tables were "<shape> prefer_l1"."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import read_sweep

NV12 = fixtures_dir() / "hopper" / "blind8" / "h200" / "nv12_to_rgba.csv"  # no shared memory


def _profile(path: Path, tmp_path: Path, shape: tuple[int, int]) -> Path:
    df, _ = read_sweep(path)
    row = df[(df["block_x"] == shape[0]) & (df["block_y"] == shape[1])
             & (df["cache_config"] == "default")].head(1)
    out = tmp_path / f"{path.stem}_profile.csv"
    row.to_csv(out, index=False)
    return out


def _analysis(profile: Path) -> dict:
    done = CliRunner().invoke(app, ["analyze", str(profile), "--rule-only", "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)["kernels"][0]


def test_without_shared_memory_every_shape_scores_alike_in_each_cache_configuration(
        tmp_path) -> None:
    kernel = _analysis(_profile(NV12, tmp_path, (32, 8)))
    by_config: dict[str, dict[str, float]] = {}
    for s in kernel["scores"]:
        by_config.setdefault(s["cache_config"], {})[s["config"]] = s["score"]
    assert set(by_config) == {"default", "prefer_l1", "l1_off"}
    assert len(by_config["default"]) == 184
    # prefer_l1 changes nothing a rule reads for this kernel (same L1, same residency at the
    # sizes that reach full occupancy); 64-thread blocks lose residency under it and score less
    same = [c for c, v in by_config["prefer_l1"].items() if v == by_config["default"][c]]
    lower = [c for c, v in by_config["prefer_l1"].items() if v < by_config["default"][c]]
    assert len(same) + len(lower) == 184 and "64x4" in same and "256x1" in same
    assert "32x2" in lower
    # the pick is the shape at the default configuration: it was "64x4 prefer_l1" (1.0075
    # against 1.005 for the same block at the default)
    assert kernel["pick"]["label"] == "64x4"
    assert kernel["pick"]["score"] == by_config["default"]["64x4"] == 1.005
