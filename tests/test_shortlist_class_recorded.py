"""The class-sized shortlist run end to end on an H200 (fixtures/hopper/shortlist-class/):
the recorded profiles still give the lists that were timed, and the timings show what the
longer list bought."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir

HERE = fixtures_dir() / "hopper" / "shortlist-class"
#: kernel: (class, the listed shapes, the sweep's best shape added to the timed run)
LISTED = {"rodinia_hotspot": ("2-D blocks, shared memory",
                              "32x24,32x8,16x48,768x1,32x4,64x12,48x16,32x16", "12x8"),
          "cus_ocean_spectrum": ("2-D blocks", "16x16,8x32,32x8,256x1,4x64,16x8,64x4", "128x1")}


def _times(kernel: str) -> dict[str, float]:
    timed = pd.read_csv(HERE / kernel / "timed.csv", comment="#")
    assert (timed["status"] == "ok").all()
    return dict(zip(timed["block_x"].astype(str) + "x" + timed["block_y"].astype(str),
                    timed["time_ms"], strict=True))


@pytest.mark.parametrize("kernel", sorted(LISTED))
def test_the_recorded_profile_lists_the_shapes_that_were_timed(kernel: str) -> None:
    done = CliRunner().invoke(app, ["analyze", str(HERE / kernel / "profile.csv"),
                                    "--rule-only", "--json"])
    assert done.exit_code == 0, done.output
    analysis = json.loads(done.stdout)["kernels"][0]
    cls, shapes, best = LISTED[kernel]
    assert analysis["pick_reliability"]["class"] == cls
    assert any(f"--kernel {kernel} --shapes {shapes} --no-profile" in n
               for n in analysis["notes"])
    assert sorted(_times(kernel)) == sorted([*shapes.split(","), best])


def test_the_longer_list_reaches_hotspots_best_where_its_first_four_did_not() -> None:
    ratios = {}
    for kernel, (_cls, shapes, best) in LISTED.items():
        time, listed = _times(kernel), shapes.split(",")
        ratios[kernel] = tuple(round(min(time[s] for s in part) / time[best], 3)
                               for part in (listed[:1], listed[:4], listed))
    assert ratios == {"rodinia_hotspot": (1.451, 1.058, 1.0),
                      "cus_ocean_spectrum": (1.018, 1.014, 1.004)}
