"""The timing pass: how long one configuration takes, measured apart from the profiler.

A profiled launch is replayed and serialized, so its duration says nothing about speed
(seed 003 part 3, Best Practices "Timing"; design.md "Profiling is real"). This module times
with whatever ``run_once`` measures (CUDA events around the launches for built-in kernels):
warm-up launches first, then repeats until the spread is stable (the relative standard error
of the mean is below ``rel_tolerance``), a time budget is used, or ``max_repeats`` is reached
(a configuration so slow that ``min_repeats`` would take over ``HARD_CAP`` budgets stops
earlier, with fewer repeats).
The L2 cache can be flushed before every repeat (``flush``), outside the timed region.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: A configuration slower than this many budgets stops before ``min_repeats``.
HARD_CAP = 4.0


@dataclass(frozen=True)
class TimingPolicy:
    """How hard to try: defaults keep one configuration under ~0.5 s of GPU time."""

    warmup: int = 1
    min_repeats: int = 5
    max_repeats: int = 100
    budget_s: float = 0.5
    rel_tolerance: float = 0.01
    flush_l2: bool = False

    def __post_init__(self) -> None:
        if self.warmup < 0 or self.min_repeats < 1 or self.max_repeats < self.min_repeats:
            raise ValueError("need warmup >= 0 and 1 <= min_repeats <= max_repeats")
        if self.budget_s <= 0 or self.rel_tolerance <= 0:
            raise ValueError("budget and tolerance must be positive")


@dataclass(frozen=True)
class TimingResult:
    time_ms: float  # median
    time_ms_min: float
    time_ms_max: float
    time_ms_std: float
    repeats: int
    l2_flushed: bool
    stable: bool  # stopped because the spread settled (not the budget or the repeat cap)
    samples: tuple[float, ...] = ()

    def as_row(self) -> dict[str, Any]:
        return {
            "time_ms": self.time_ms,
            "time_ms_min": self.time_ms_min,
            "time_ms_max": self.time_ms_max,
            "time_ms_std": self.time_ms_std,
            "repeats": self.repeats,
            "l2_flushed": self.l2_flushed,
        }


def relative_standard_error(samples: Sequence[float]) -> float:
    """std / sqrt(n) / mean: how well the mean is known, relative to itself."""
    if len(samples) < 2:
        return math.inf
    mean = statistics.fmean(samples)
    if mean <= 0:
        return math.inf
    return statistics.stdev(samples) / math.sqrt(len(samples)) / mean


def summarize(
    samples: Sequence[float], l2_flushed: bool = False, stable: bool = False
) -> TimingResult:
    if not samples:
        raise ValueError("no timing samples")
    std = statistics.stdev(samples) if len(samples) > 1 else 0.0
    return TimingResult(
        time_ms=float(statistics.median(samples)),
        time_ms_min=float(min(samples)),
        time_ms_max=float(max(samples)),
        time_ms_std=float(std),
        repeats=len(samples),
        l2_flushed=l2_flushed,
        stable=stable,
        samples=tuple(float(s) for s in samples),
    )


def measure(
    run_once: Callable[[], float],
    policy: TimingPolicy = TimingPolicy(),
    *,
    flush: Callable[[], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> TimingResult:
    """Time ``run_once`` (it returns the milliseconds of one execution) under ``policy``.

    ``flush`` (when given and ``policy.flush_l2``) runs before every warm-up and repeat,
    outside what ``run_once`` times.
    """
    do_flush = flush if (policy.flush_l2 and flush is not None) else None
    for _ in range(policy.warmup):
        if do_flush:
            do_flush()
        run_once()
    samples: list[float] = []
    start = clock()
    stable = False
    while len(samples) < policy.max_repeats:
        if do_flush:
            do_flush()
        samples.append(float(run_once()))
        elapsed = clock() - start
        if len(samples) < policy.min_repeats:
            if elapsed >= HARD_CAP * policy.budget_s:
                break  # very slow configuration: a few samples are all it gets
            continue
        if relative_standard_error(samples) <= policy.rel_tolerance:
            stable = True
            break
        if elapsed >= policy.budget_s:
            break
    return summarize(samples, l2_flushed=do_flush is not None, stable=stable)
