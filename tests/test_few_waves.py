"""The tail effect at 0.5-4.5 waves on an H200 (fixtures/hopper/few-waves/): what the
tail-effect rule's sm_90 evidence rests on, read from the recorded sweeps."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.rules.engine import load_rules
from gpuadvisor.sweep import read_sweep

FEW_WAVES = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "few-waves"
BLOCKS_PER_WAVE = 132 * 8  # 256-thread blocks of 32-register threads on 132 SMs


def _staircase(shape: str) -> tuple[np.ndarray, np.ndarray]:
    """(waves, ms) of one shape over the recorded sizes of one wave or more."""
    waves, times = [], []
    for path in sorted(FEW_WAVES.glob("stair/rows_*/sweep.csv")):
        df, _ = read_sweep(path)
        row = df[(df["block_x"].astype(str) + "x" + df["block_y"].astype(str)) == shape].iloc[0]
        assert row["status"] == "ok" and int(row["registers_per_thread"]) == 32
        w = int(row["grid_x"]) * int(row["grid_y"]) / BLOCKS_PER_WAVE
        if w >= 1:
            waves.append(w)
            times.append(float(row["time_ms"]))
    return np.array(waves), np.array(times)


def _rms(design: np.ndarray, t: np.ndarray) -> float:
    coef, *_ = np.linalg.lstsq(design, t, rcond=None)
    return math.sqrt(float(((design @ coef - t) ** 2).mean()))


def test_time_follows_the_work_not_whole_waves() -> None:
    w, t = _staircase("256x1")
    assert len(w) == 29 and w.min() == 1.0 and w.max() == 4.5
    ones = np.ones_like(w)
    linear = _rms(np.c_[ones, w], t)
    whole_waves = _rms(np.c_[ones, np.ceil(w - 1e-9)], t)
    assert linear == pytest.approx(0.0020, abs=0.0001)
    assert whole_waves == pytest.approx(0.0125, abs=0.0002)
    # 1.125 waves cost 1.22 one-wave times; the rule's model (whole waves) says 2
    one, nine_eighths = t[w == 1.0][0], t[w == 1.125][0]
    assert nine_eighths / one == pytest.approx(1.215, abs=0.01)


def _check(*args: str) -> dict:
    result = CliRunner().invoke(app, ["rules", "check", "--json", *args, *map(
        str, sorted(FEW_WAVES.glob("sweep/*/sweep.csv")))])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["rules"][0]


def test_the_rule_as_it_was_penalized_the_fastest_shape_of_every_few_wave_sweep(
        tmp_path: Path) -> None:
    """The evidence is of the rule before round 30 (the same rule without its sm_90 guard);
    the shipped rule is quiet on these H200 sweeps."""
    rule = next(r for r in load_rules() if r.id == "tail-effect")
    assert rule.evidence["sm_90"]["verdict"] == "partly"
    text = Path(rule.path).read_text(encoding="utf-8")
    guard = "arch.cc != 9.0 and "
    assert guard in text
    (tmp_path / "tail-effect-before-round-30.yaml").write_text(
        text.replace(guard, "").replace("id: tail-effect", "id: tail-effect-before-round-30"),
        encoding="utf-8")
    check = _check("--rules", str(tmp_path), "--rule", "tail-effect-before-round-30")
    assert check["tested_kernels"] == 5 and check["fastest_fired"] == 5
    assert check["agreeing_kernels"] == 3 and check["verdict"] == "mixed"
    ratios = sorted(t["ratio"] for t in check["tests"])
    assert ratios[0] == pytest.approx(0.6508, abs=1e-4) and ratios[-1] < 1.02
    assert min(t["rule_ratio"] for t in check["tests"]) > 1.13
    shipped = _check("--rule", "tail-effect")
    assert shipped["fired_kernels"] == 0 and shipped["verdict"] == "never fired"


def _latency_staircase(shape: str) -> tuple[np.ndarray, np.ndarray]:
    """(waves, ms) of slab_list_walk at one block size: one query a warp, 21 registers, so
    2048 threads an SM and 8448 queries a wave on 132 SMs."""
    waves, times = [], []
    for path in sorted(FEW_WAVES.glob("latency/stair/queries_*/sweep.csv")):
        df, _ = read_sweep(path)
        row = df[(df["block_x"].astype(str) + "x" + df["block_y"].astype(str)) == shape].iloc[0]
        assert row["status"] == "ok" and int(row["registers_per_thread"]) == 21
        blocks_per_sm = 2048 // (int(row["block_x"]) * int(row["block_y"]))
        waves.append(int(row["grid_x"]) / (132 * blocks_per_sm))
        times.append(float(row["time_ms"]))
    order = np.argsort(waves)
    return np.array(waves)[order], np.array(times)[order]


def _best_mix(w: np.ndarray, t: np.ndarray) -> tuple[float, float]:
    """(g, RMS error) of the best t = a + b (w + g (ceil(w) - w)), g on a 0.01 grid: 0 is
    time following the work, 1 whole waves."""
    ones, up = np.ones_like(w), np.ceil(w - 1e-9) - w
    return min(((round(g, 2), _rms(np.c_[ones, w + g * up], t))
                for g in np.arange(0.0, 1.0001, 0.01)), key=lambda gr: gr[1])


def test_a_latency_bound_kernels_tail_costs_about_half_a_wave() -> None:
    w, t = _latency_staircase("256x1")
    assert len(w) == 33 and w.min() == 0.5 and w.max() == 4.5
    whole = w >= 1
    g, error = _best_mix(w[whole], t[whole])
    assert g == pytest.approx(0.50, abs=0.02) and error == pytest.approx(0.0019, abs=0.0001)
    ones = np.ones_like(w[whole])
    assert _rms(np.c_[ones, w[whole]], t[whole]) == pytest.approx(0.0057, abs=0.0001)
    assert _rms(np.c_[ones, np.ceil(w[whole] - 1e-9)], t[whole]) == pytest.approx(
        0.0055, abs=0.0001)
    one = t[w == 1.0][0]
    assert t[w == 1.125][0] / one == pytest.approx(1.662, abs=0.005)  # coulomb_grid: 1.215
    assert t[w == 2.125][0] / one == pytest.approx(2.406, abs=0.005)
    w4, t4 = _latency_staircase("1024x1")
    assert _best_mix(w4[w4 >= 1], t4[w4 >= 1])[0] == pytest.approx(0.56, abs=0.02)
    # the issue-bound kernel of the same experiment: the tail costs nothing extra
    wc, tc = _staircase("256x1")
    assert _best_mix(wc, tc)[0] == pytest.approx(0.0, abs=0.02)


def test_the_latency_bound_kernel_is_latency_bound_by_its_counters() -> None:
    """What `limiter-latency-bound` reads (neither DRAM nor SMs at 60 % of peak) holds for
    slab_list_walk at 1 and 2.125 waves; coulomb_grid's SMs are at 85 % (blind set 13)."""
    rule = next(r for r in load_rules() if r.id == "limiter-latency-bound")
    idle = rule.params["idle_pct"]
    for queries, dram, sm in ((8448, 28.75, 53.96), (17952, 25.6, 49.03)):
        df, _ = read_sweep(FEW_WAVES / "latency" / "profile" / f"queries_{queries}" / "sweep.csv")
        (row,) = df.itertuples()
        assert (row.dram_throughput_pct, row.sm_throughput_pct) == (dram, sm)
        assert row.dram_throughput_pct < idle and row.sm_throughput_pct < idle
        assert row.ncu_stall_long_scoreboard > 60
    coulomb, _ = read_sweep(FEW_WAVES.parents[0] / "blind13" / "h200" / "coulomb_grid.csv")
    at = coulomb[(coulomb["block_x"] == 32) & (coulomb["block_y"] == 8)].iloc[0]
    assert at["sm_throughput_pct"] > idle
