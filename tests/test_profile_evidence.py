"""`gpuadvisor profile` on the GPU machine reported what ncu itself reports for the launch.

fixtures/hopper/profile/ holds both sides of one comparison recorded on an H200 (see its
README): gpuadvisor's rows and a direct `ncu --csv --page raw` of the same launch in another
process.
"""

import json
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.importer import import_files
from gpuadvisor.sweep import read_sweep

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "profile"


@pytest.fixture(scope="module")
def direct() -> pd.Series:
    return import_files([HERE / "ncu_direct_16x16.csv"]).iloc[0]


def test_importing_ncu_output_gives_ncu_values_exactly(direct):
    # Values as printed in ncu_direct_16x16.csv (sm__warps_active..., l1tex__t_sector_...).
    assert direct["kernel"] == "matmul_naive"
    assert (direct["block_x"], direct["block_y"]) == (16, 16)
    assert direct["achieved_occupancy"] == 98.28
    assert direct["theoretical_occupancy"] == 100.0
    assert direct["l1_hit_rate"] == 87.68
    assert direct["l1_global_load_misses"] == 132_294_077
    assert direct["gld_efficiency"] == 56.25
    assert direct["duration_ms"] == pytest.approx(4.141888)
    # long_scoreboard 194,682.29 of 377,489.6 stalled warp-latency: ncu's memory dependency
    assert direct["stall_memory_dependency"] == pytest.approx(51.57, abs=0.01)


@pytest.mark.parametrize("source", ["table", "json"])
def test_profile_matches_ncu_within_run_to_run_noise(direct, source):
    if source == "table":
        row = read_sweep(HERE / "profile_16x16.csv")[0].iloc[0]
    else:
        row = pd.Series(json.loads((HERE / "profile_16x16.json").read_text())[0])
    assert row["kernel"] == "matmul_naive" and row["block_size"] == 256
    assert row["achieved_occupancy"] == pytest.approx(direct["achieved_occupancy"], abs=0.05)
    assert row["theoretical_occupancy"] == direct["theoretical_occupancy"]
    assert row["gld_efficiency"] == direct["gld_efficiency"]
    assert row["l1_hit_rate"] == pytest.approx(direct["l1_hit_rate"], abs=0.05)
    assert row["l1_global_load_misses"] == pytest.approx(direct["l1_global_load_misses"], rel=2e-3)
    for stall in ("stall_memory_dependency", "stall_memory_throttle", "stall_not_selected"):
        assert row[stall] == pytest.approx(direct[stall], abs=0.1)


def test_profile_table_shows_the_metrics():
    text = (HERE / "profile_16x16_table.txt").read_text()
    for label in ("achieved_occupancy", "l1_hit_rate", "l1_global_load_misses",
                  "gld_efficiency", "stall_memory_dependency"):
        assert label in text
