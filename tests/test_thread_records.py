"""A thread per record of an array of structures (issue 11 round 14): the profiled row's
sectors per request, L1 hit rate and load/store-queue stalls, and the small blocks they call
for, read from recorded Hopper runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.analysis import profiled_block_time
from gpuadvisor.sweep import read_sweep
from gpuadvisor.validation import evaluate_one_profile

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "hopper"


def _profiled(path: Path, block_x: int) -> dict:
    table, _ = read_sweep(path)
    rows = table[table["block_x"] == block_x].to_dict("records")
    return rows[0]


def test_lsu_pressure_values_come_from_the_profiled_row():
    """particle_push_aos on the H200 profiled at 256 threads: 32 sectors per load request,
    lg_throttle 7.6 % of the recorded stall reasons."""
    row = _profiled(FIXTURES / "blind7" / "h200" / "particle_push_aos.csv", 256)
    values = profiled_block_time([row])
    assert values["profiled_load_sectors_per_request"] == pytest.approx(32.0)
    assert values["profiled_store_sectors_per_request"] == pytest.approx(31.86, abs=0.01)
    stalls = sum(v for k, v in row.items() if k.startswith("ncu_stall_") and v == v)
    assert values["profiled_lsu_throttle_pct"] == pytest.approx(
        100 * row["ncu_stall_lg_throttle"] / stalls)
    assert 7.0 < values["profiled_lsu_throttle_pct"] < 8.0


def test_no_stall_reasons_no_throttle_value():
    row = {"block_x": 256, "block_y": 1, "block_z": 1, "grid_x": 64, "grid_y": 1, "grid_z": 1,
           "block_size": 256, "time_ms": 1.0, "duration_ms": 1.0, "sectors_per_request": 32.0}
    values = profiled_block_time([row])
    assert values.get("profiled_load_sectors_per_request") == 32.0
    assert "profiled_lsu_throttle_pct" not in values


@pytest.mark.parametrize("path,default_ratio,regret", [
    ("blind7/h100/particle_push_aos.csv", 1.8, 1.01),   # 32 B particles, best at 32-48
    ("blind7/h200/particle_push_aos.csv", 1.85, 1.01),
    ("record-layout/h100/aos_update_N2097152_W16.csv", 1.08, 1.01),  # 64 B records, best 48
    # 64 B records read as four float4 (L1 hit 47 %): best at 32, 48 is 1.011-1.013x
    ("blind16/h100/rigid_body_step.csv", 1.04, 1.015),
    ("blind16/h200/rigid_body_step.csv", 1.04, 1.015),
])
def test_records_pick_small_blocks_from_one_profile(path, default_ratio, regret):
    """Scored from the default (256-thread) profile as validation does: the pick is within
    1-1.5 % of the best, where 256 threads was 1.04-1.89x slower. These tables set the rule's
    thresholds (particle_push_aos is seen in round 14, rigid_body_step in round 17), so this is
    an in-sample check, not a blind one."""
    (result,) = evaluate_one_profile(FIXTURES / path)
    assert result.pick in ("32x1", "48x1") and result.regret < regret
    table, _ = read_sweep(FIXTURES / path)
    at_256 = float(table[table["block_x"] == 256]["time_ms"].min())
    assert at_256 > default_ratio * result.best_time


@pytest.mark.parametrize("path", [
    "full-ncu/random_copy.csv",        # a sector per lane, nothing re-read (L1 0 %)
    "blind8/h100/sha256_merkle.csv",   # records re-read from L1, no queue (48 threads 1.31x)
    "record-layout/h100/aos_update_N8388608_W4.csv",   # 16 B records: flat curve
    "blind14/h100/vertex_tnl.csv",     # only the stores take a sector per lane (48: 1.04x)
])
def test_records_without_the_signature_keep_full_warps(path):
    (result,) = evaluate_one_profile(FIXTURES / path)
    assert result.pick not in ("32x1", "48x1")
    assert result.regret < 1.05


@pytest.mark.parametrize("sectors", [16, 23.9, 24, 32])
@pytest.mark.parametrize("throttle", [4.9, 5, 20])
@pytest.mark.parametrize("hit", [39.9, 40, 88])
@pytest.mark.parametrize("domain", [[1048576, 1, 1], [4096, 4096, 1]])
def test_idle_lanes_and_low_occupancy_stand_aside_exactly_where_records_fire(
        sectors, throttle, hit, domain):
    """idle-lanes and low-occupancy repeat thread-records-small-blocks' signature in their own
    ``records`` let (a rule cannot read another's): at every edge of its thresholds they must
    step aside where it fires and only there, so a threshold changed in one file and not the
    others fails here."""
    from gpuadvisor.rules.engine import evaluate
    from tests.test_rule_cases import RULES, context_for

    kernel = {"registers_per_thread": 16, "domain": domain,
              "extra": {"profiled_load_sectors_per_request": sectors,
                        "profiled_lsu_throttle_pct": throttle, "profiled_l1_hit_pct": hit}}

    def status(rule_id: str, block: str) -> str:
        case = {"arch": "sm_90", "block": block, "kernel": kernel}
        return evaluate(RULES[rule_id], context_for(case)).status

    records = status("thread-records-small-blocks", "48x1") == "fired"
    assert records == (status("thread-records-small-blocks", "32x1") == "fired")
    assert records == (status("idle-lanes", "48x1") == "quiet")
    assert records == (status("low-occupancy", "32x1") == "quiet")
    assert records == (sectors >= 24 and throttle >= 5 and hit >= 40 and domain[1] == 1)
