"""The cache configuration in rule-only advice (issue 11 round 28): on Hopper a kernel without
shared memory runs alike under the default, prefer_l1 and l1_off (an H200, fixtures/hopper/
cache-check/: 3 kernels x 13 shapes within a few percent, the same L1 hit rates, and for
prefer_l1 the same 32 KB shared configuration and residency), so the rules must not score a
shape differently per configuration, and the pick names no configuration the rules have no
reason for. Before round 28, 166 of 247 picks from the profile alone on the still-blind tables
named one: the smallest full-occupancy block was worked out per configuration (prefer_l1's
carveout, as the occupancy calculator has it, moved it from 192 to 256 threads), the
line-straddling rules were taken to be lifted by l1_off, and the occupancy calculator's
prefer_l1 limit on small blocks changed their waves."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from tests.profile_rows import profile_csv

NV12 = fixtures_dir() / "hopper" / "blind8" / "h200" / "nv12_to_rgba.csv"  # no shared memory


def _analysis(profile: Path) -> dict:
    done = CliRunner().invoke(app, ["analyze", str(profile), "--rule-only", "--json"])
    assert done.exit_code == 0, done.output
    return json.loads(done.output)["kernels"][0]


def test_without_shared_memory_every_shape_scores_alike_in_each_cache_configuration(
        tmp_path) -> None:
    kernel = _analysis(profile_csv(NV12, tmp_path, (32, 8)))
    by_config: dict[str, dict[str, float]] = {}
    for s in kernel["scores"]:
        by_config.setdefault(s["cache_config"], {})[s["config"]] = s["score"]
    assert set(by_config) == {"default", "prefer_l1", "l1_off"}
    assert len(by_config["default"]) == 184
    # prefer_l1 changes nothing a rule reads for this kernel (same L1, same residency)
    assert by_config["prefer_l1"] == by_config["default"]
    # l1_off lifts no penalty; this reuse kernel (50 % L1 hits) keeps reuse-keep-l1's x0.8,
    # which holds where -dlcm=cg takes effect (plain ld.global loads)
    assert all(v <= by_config["default"][c] for c, v in by_config["l1_off"].items())
    assert by_config["l1_off"]["64x4"] == round(by_config["default"]["64x4"] * 0.8, 4)
    # the pick is the shape at the default configuration: it was "64x4 prefer_l1" (1.0075
    # against 1.005 for the same block at the default)
    assert kernel["pick"]["label"] == "64x4"
    assert kernel["pick"]["score"] == by_config["default"]["64x4"] == 1.005


def test_the_list_shows_distinct_shapes_and_says_how_many_twins_it_left_out(tmp_path) -> None:
    """profile_16x16 (matmul_naive): the best shapes score alike at the default and under
    prefer_l1; the terminal and Markdown lists show each shape once and say so."""
    profile = fixtures_dir() / "hopper" / "profile" / "profile_16x16.csv"
    for fmt in ([], ["--markdown"]):
        done = CliRunner().invoke(app, ["analyze", str(profile), "--rule-only", "--top", "6",
                                        *fmt])
        assert done.exit_code == 0, done.output
        text = " ".join(done.output.split())
        assert "prefer_l1" not in text.split("pick")[0]
        assert ("5 more configuration(s) rank among these: the same shapes at another cache "
                "configuration, scored alike (--json lists every configuration)") in text
    done = CliRunner().invoke(app, ["analyze", str(profile), "--rule-only", "--top", "6",
                                    "--json"])
    labels = [e["label"] for e in json.loads(done.output)["kernels"][0]["ranking"]]
    # (32x3, 32x6, 32x12 and 32x24 first before round 30 made tail-effect quiet on sm_90)
    assert labels[:6] == ["32x8", "32x8 prefer_l1", "32x4", "32x4 prefer_l1", "32x16",
                          "32x16 prefer_l1"]
