"""The timing pass's stopping rule and statistics, with a scripted clock and samples."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from gpuadvisor.timing import TimingPolicy, measure, relative_standard_error, summarize


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def scripted(samples, clock=None, step_s=0.0):
    values = iter(samples)
    calls = []

    def run_once():
        calls.append(1)
        if clock is not None:
            clock.now += step_s
        return next(values)

    return run_once, calls


def test_steady_kernel_stops_at_min_repeats():
    run_once, calls = scripted(itertools.repeat(2.0))
    result = measure(run_once, TimingPolicy(warmup=2, min_repeats=5, max_repeats=50))
    assert len(calls) == 2 + 5  # warm-ups are not samples
    assert result.repeats == 5 and result.stable
    assert (result.time_ms, result.time_ms_min, result.time_ms_max, result.time_ms_std) == (
        2.0,
        2.0,
        2.0,
        0.0,
    )


def test_noisy_kernel_runs_until_the_budget():
    clock = Clock()
    noisy = itertools.cycle([1.0, 3.0])
    run_once, calls = scripted(noisy, clock, step_s=0.1)
    result = measure(
        run_once,
        TimingPolicy(warmup=0, min_repeats=3, max_repeats=1000, budget_s=1.0, rel_tolerance=0.001),
        clock=clock,
    )
    assert not result.stable
    assert 9 <= result.repeats <= 11  # ~1 s of 0.1 s samples
    assert result.time_ms_min == 1.0 and result.time_ms_max == 3.0


def test_noise_that_settles_stops_before_the_budget():
    clock = Clock()
    samples = [1.0, 1.3, 0.9] + [1.0] * 200
    run_once, _ = scripted(samples, clock, step_s=0.001)
    result = measure(
        run_once,
        TimingPolicy(warmup=0, min_repeats=3, budget_s=10.0, rel_tolerance=0.01),
        clock=clock,
    )
    assert result.stable and result.repeats < 60
    assert result.time_ms == 1.0
    assert relative_standard_error(result.samples) <= 0.01


def test_very_slow_configuration_stops_early():
    clock = Clock()
    run_once, _ = scripted(itertools.repeat(900.0), clock, step_s=1.0)
    result = measure(run_once, TimingPolicy(warmup=1, min_repeats=5, budget_s=0.5), clock=clock)
    assert result.repeats == 2  # 4 x 0.5 s budget reached after the second sample


def test_flush_runs_before_every_timed_run_only_when_asked():
    events = []
    run_once = lambda: events.append("run") or 1.0  # noqa: E731
    flush = lambda: events.append("flush")  # noqa: E731
    result = measure(run_once, TimingPolicy(warmup=1, min_repeats=2, flush_l2=True), flush=flush)
    assert events[:4] == ["flush", "run", "flush", "run"] and result.l2_flushed
    events.clear()
    result = measure(run_once, TimingPolicy(warmup=1, min_repeats=2), flush=flush)
    assert "flush" not in events and not result.l2_flushed


def test_summary_and_policy_checks():
    result = summarize([3.0, 1.0, 2.0, 10.0])
    assert result.time_ms == 2.5 and result.repeats == 4
    assert result.as_row()["time_ms_max"] == 10.0
    with pytest.raises(ValueError):
        TimingPolicy(min_repeats=5, max_repeats=2)
    with pytest.raises(ValueError):
        summarize([])


def test_unstable_cells_finds_the_transient_in_a_real_sweep():
    import pandas as pd

    from gpuadvisor.timing import unstable_cells

    root = Path(__file__).resolve().parents[1] / "fixtures" / "hopper"
    # blind set 5's lut_map on an H100: 256x1 spread 22 % (0.168-0.319 ms over 10 repeats);
    # every other cell under 1.5 %
    rows = pd.read_csv(root / "blind5/h100/lut_map.csv", comment="#").to_dict("records")
    assert [(rows[i]["block_x"], rows[i]["block_y"]) for i in unstable_cells(rows)] == [(256, 1)]
    # its second recording has none, nor has the H200's
    for path in ("blind5-repeat/h100/lut_map.csv", "blind5/h200/lut_map.csv"):
        assert unstable_cells(pd.read_csv(root / path, comment="#").to_dict("records")) == []


def test_a_spread_counts_as_unstable_only_against_the_kernels_own():
    from gpuadvisor.timing import outlying_spreads

    assert outlying_spreads([0.004, 0.005, 0.003, 0.22]) == [3]
    # a kernel whose every cell is noisy (a multi-launch reduction) has nothing standing out
    assert outlying_spreads([0.06, 0.08, 0.07, 0.09]) == []
    # 4 % is within the 5 % floor however steady the others are
    assert outlying_spreads([0.001, 0.001, 0.001, 0.04]) == []
    assert outlying_spreads([None, 0.3, 0.001]) == []  # two timed cells: no usual spread
