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
from collections.abc import Callable, Mapping, Sequence
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


#: A timed cell is unstable when its repeats spread (std / median) more than this share ...
UNSTABLE_MIN_SPREAD = 0.05
#: ... and more than this many times the median spread of its kernel's other cells.
UNSTABLE_FACTOR = 5.0


def relative_spread(row: Mapping[str, Any]) -> float | None:
    """std / median of a timed row's repeats (None without both)."""
    t, s = row.get("time_ms"), row.get("time_ms_std")
    try:
        t, s = float(t), float(s)
    except (TypeError, ValueError):
        return None
    if not (math.isfinite(t) and math.isfinite(s)) or t <= 0:
        return None
    return s / t


def outlying_spreads(spreads: Sequence[float | None], min_spread: float = UNSTABLE_MIN_SPREAD,
                     factor: float = UNSTABLE_FACTOR) -> list[int]:
    """Indices of one kernel's cells whose relative spread stands out (None: not timed).
    Needs three spreads to know what the kernel's usual one is."""
    known = [s for s in spreads if s is not None]
    if len(known) < 3:
        return []
    usual = statistics.median(known)
    return [i for i, s in enumerate(spreads)
            if s is not None and s > min_spread and s > factor * usual]


def unstable_cells(rows: Sequence[Mapping[str, Any]], min_spread: float = UNSTABLE_MIN_SPREAD,
                   factor: float = UNSTABLE_FACTOR) -> list[int]:
    """Indices of the ``ok`` rows whose timing spread stands out from their kernel's: a
    transient on the GPU (another process, a clock change) during that cell's repeats, which
    moves its median too (blind set 5's lut_map at 256x1 on an H100: 22 % against 0.4 % for
    the sweep's median cell, and 1.66x the time a second recording gave)."""
    by_kernel: dict[str, list[int]] = {}
    for i, row in enumerate(rows):
        if row.get("status", "ok") == "ok":
            by_kernel.setdefault(str(row.get("kernel")), []).append(i)
    out = []
    for idx in by_kernel.values():
        spreads = [relative_spread(rows[i]) for i in idx]
        out += [idx[j] for j in outlying_spreads(spreads, min_spread, factor)]
    return sorted(out)
