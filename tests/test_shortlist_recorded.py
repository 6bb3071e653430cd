"""fixtures/hopper/shortlist: one default profile per kernel, the rules' top 4 shapes from it,
then those shapes timed on the same H100 (see its README)."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import project_root

HERE = project_root() / "fixtures" / "hopper" / "shortlist"
#: kernel: (the shortlist round 18's rules give from the profile, the shape added as the best)
RECORDED = {"voxel_los": ("192x1,384x1,96x1,768x1", "64x1"),
            "csr_row_prune": ("256x1,512x1,128x1,192x1", "96x1"),
            "jfa_step": ("32x8,64x4,16x16,32x4", "256x1"),
            "rot90_rgb8": ("32x1,16x2,8x4,4x8", "3x128")}


@pytest.mark.parametrize("kernel", sorted(RECORDED))
def test_the_recorded_profile_gives_the_shortlist_that_was_timed(kernel) -> None:
    shapes, best = RECORDED[kernel]
    done = CliRunner().invoke(app, ["analyze", str(HERE / kernel / "profile.csv"),
                                    "--rule-only", "--json"])
    assert done.exit_code == 0, done.output
    notes = json.loads(done.stdout)["kernels"][0]["notes"]
    assert any(f"--kernel {kernel} --shapes {shapes} --no-profile" in n for n in notes)
    timed = pd.read_csv(HERE / kernel / "timed.csv", comment="#")
    assert (timed["status"] == "ok").all()
    labels = (timed["block_x"].astype(str) + "x" + timed["block_y"].astype(str)).tolist()
    assert sorted(labels) == sorted([*shapes.split(","), best])


def test_the_shortlist_rescues_csr_row_prune_and_not_rot90() -> None:
    ratios = {}
    for kernel, (shapes, best) in RECORDED.items():
        timed = pd.read_csv(HERE / kernel / "timed.csv", comment="#")
        time = dict(zip(timed["block_x"].astype(str) + "x" + timed["block_y"].astype(str),
                        timed["time_ms"], strict=True))
        pick = shapes.split(",")[0]
        ratios[kernel] = (round(time[pick] / time[best], 3),
                          round(min(time[s] for s in shapes.split(",")) / time[best], 3))
    assert ratios == {"voxel_los": (1.011, 0.998), "csr_row_prune": (1.168, 1.011),
                      "jfa_step": (1.1, 1.068), "rot90_rgb8": (7.527, 2.902)}
