"""Mapping ncu's launches back to configurations: by launch order, checked by block."""

from __future__ import annotations

import math

from gpuadvisor.space import Config
from gpuadvisor.targets.profiling import match_launches, metrics_of


def row(bx, by, occ):
    return {
        "kernel": "k",
        "launch_id": 0,
        "block_x": bx,
        "block_y": by,
        "block_z": 1,
        "grid_x": 4,
        "achieved_occupancy": occ,
        "l1_hit_rate": math.nan,
        "profiler": "ncu",
    }


def test_same_block_different_cache_config_maps_by_order():
    a = Config("k", (32, 8, 1), "default")
    b = Config("k", (32, 8, 1), "l1_off")
    matched, problems = match_launches([a, b], [row(32, 8, 10.0), row(32, 8, 20.0)])
    assert matched[a.key]["achieved_occupancy"] == 10.0
    assert matched[b.key]["achieved_occupancy"] == 20.0 and not problems


def test_an_extra_launch_is_skipped_and_reported():
    a, b = Config("k", (32, 8, 1)), Config("k", (64, 4, 1))
    matched, problems = match_launches([a, b], [row(32, 8, 1.0), row(16, 16, 2.0), row(64, 4, 3.0)])
    assert matched[b.key]["achieved_occupancy"] == 3.0
    assert problems == ["skipped 1 ncu row(s) before 64x4 default"]


def test_a_config_ncu_never_saw_gets_nothing():
    a, b = Config("k", (32, 8, 1)), Config("k", (64, 4, 1))
    matched, problems = match_launches([a, b], [row(64, 4, 3.0)])
    assert list(matched) == [b.key]
    assert problems[0].startswith("32x8 default: no ncu row")


def test_metrics_drop_identity_and_nan():
    assert metrics_of(row(32, 8, 5.0)) == {"achieved_occupancy": 5.0, "profiler": "ncu"}
