"""fixtures/hopper/cache-check: the H200 recording round 28 of issue 11 rests on (three kernels
whose loads take the read-only path, 13 shapes, default / l1_off / prefer_l1, timed and
profiled). The facts the rules and the sm_90 occupancy now follow, read from the tables."""

from __future__ import annotations

import pandas as pd
import pytest

from gpuadvisor.occupancy import occupancy
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.profilers.ncu import parse_ncu_csv
from gpuadvisor.sweep import read_sweep

HERE = fixtures_dir() / "hopper" / "cache-check"
KERNELS = ("matrix_add", "matmul_naive", "lbm_d2q9")


def _times(kernel: str) -> pd.DataFrame:
    df, _ = read_sweep(HERE / kernel / "sweep.csv")
    assert (df["status"] == "ok").all() and len(df) == 39
    return df.pivot_table(index=["block_x", "block_y"], columns="cache_config",
                          values="time_ms")


@pytest.mark.parametrize("kernel", KERNELS)
def test_neither_l1_off_nor_prefer_l1_moves_the_time(kernel) -> None:
    t = _times(kernel)
    for config in ("l1_off", "prefer_l1"):
        ratio = t[config] / t["default"]
        assert ratio.between(0.97, 1.03).all(), (config, ratio.round(3).to_dict())


def test_l1_off_leaves_the_line_straddling_cost_where_it_was() -> None:
    t = _times("matrix_add")
    best = t["default"].min()
    assert round(t.loc[(16, 16), "default"] / best, 2) == 1.13
    assert round(t.loc[(16, 16), "l1_off"] / best, 2) == 1.13


def test_ld_global_nc_loads_stay_cached_in_l1_under_l1_off() -> None:
    df, _ = read_sweep(HERE / "matmul_naive" / "sweep.csv")
    at = df[(df["block_x"] == 32) & (df["block_y"] == 8)].set_index("cache_config")
    assert at.loc["default", "l1_hit_rate"] == at.loc["l1_off", "l1_hit_rate"] \
        == pytest.approx(87.6, abs=0.05)


@pytest.mark.parametrize("kernel", KERNELS)
def test_the_driver_gave_every_launch_32_kb_and_32_blocks(kernel) -> None:
    """All 39 launches (prefer_l1's 64-thread blocks among them): the configuration sm_90's
    occupancy now gives a kernel without shared memory; cuda_occupancy.h gives prefer_l1 8."""
    launches = parse_ncu_csv((HERE / kernel / "ncu.csv").read_text())
    assert len(launches) == 39 and set(launches["block_size"]) >= {64, 192, 256}
    assert (launches["shared_mem_config_size"] == 32768).all()
    assert (launches["occupancy_limit_shared_mem"] == 32).all()
    assert occupancy("sm_90", 64, 32, cache_config="prefer_l1").block_limit_shared_memory >= 32


# --- plain ld.global loads (fixtures/hopper/cache-check/plain-loads) -------------------------
PLAIN = HERE / "plain-loads"
PLAIN_KERNELS = ("ocv_filter2d", "particle_push_aos", "ocv_bp_iteration")


def _plain_times(kernel: str) -> pd.DataFrame:
    df, _ = read_sweep(PLAIN / kernel / "sweep.csv")
    assert (df["status"] == "ok").all() and len(df) == 39
    return df.pivot_table(index=["block_x", "block_y"], columns="cache_config",
                          values=["time_ms", "l1_hit_rate"])


@pytest.mark.parametrize("kernel", PLAIN_KERNELS)
def test_these_kernels_load_through_plain_ld_global_only(kernel) -> None:
    ptx = (fixtures_dir() / "ptx" / f"{kernel}.ptx").read_text()
    assert "ld.global.f32" in ptx and "ld.global.nc" not in ptx


@pytest.mark.parametrize(("kernel", "lowest", "highest"), [
    ("ocv_filter2d", 5.2, 7.1),          # 88-97 % L1 hits at the default
    ("particle_push_aos", 1.6, 2.3),     # 87.5 %
    ("ocv_bp_iteration", 0.99, 1.13),    # 5-37 %
])
def test_l1_off_costs_plain_loads_their_l1_hits(kernel, lowest, highest) -> None:
    """-dlcm=cg turns every L1 hit of a plain load into an L2 access: the cost follows the hit
    rate, at every shape, where matmul_naive's ld.global.nc loads lost nothing."""
    t = _plain_times(kernel)
    ratio = t[("time_ms", "l1_off")] / t[("time_ms", "default")]
    assert lowest <= ratio.min() and ratio.max() <= highest, ratio.round(3).to_dict()
    assert (t[("l1_hit_rate", "l1_off")] == 0).all()
    assert (t[("l1_hit_rate", "default")] > 0).all()


def test_the_cost_grows_with_the_hit_rate_it_throws_away() -> None:
    t = _plain_times("ocv_bp_iteration")  # hit rates from 5 % (4x64) to 37 % (64x4)
    ratio = t[("time_ms", "l1_off")] / t[("time_ms", "default")]
    hits = t[("l1_hit_rate", "default")]
    assert ratio[hits > 30].min() > 1.06 and ratio[hits < 15].max() < 1.02


@pytest.mark.parametrize("kernel", PLAIN_KERNELS)
def test_prefer_l1_still_moves_nothing_with_plain_loads(kernel) -> None:
    t = _plain_times(kernel)
    ratio = t[("time_ms", "prefer_l1")] / t[("time_ms", "default")]
    assert ratio.between(0.97, 1.03).all(), ratio.round(3).to_dict()
