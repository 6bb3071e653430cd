"""Timing an app's kernels from outside, when the app reports no time of its own.

One ncu pass per configuration collects only ``gpu__time_duration`` for the launches whose
name matches ``--kernel`` (every launch, or the first ``launch_count``). Per kernel name the
row's ``time_ms`` is the median over its launches and ``total_ms`` their sum: the GPU time
the app spent in that kernel, which is what to rank by when the block size changes how many
launches the app makes (a wavefront over N / BLOCK_SIZE diagonals, say). ncu's clock and
cache control are always on the command line and in the row's ``source``, so a recorded
number says how it was taken (``benchmarks/ncu_vs_events.py`` measures how these times
compare with CUDA events).

The same launches carry their block dimensions, which must equal the configuration: a
build flag or argument that did not reach the launch makes the row ``failed``.
"""

from __future__ import annotations

import re
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gpuadvisor.space import Config

TIME_METRICS = ("gpu__time_duration.sum",)
CLOCK_CONTROL = "none"  # the app's own clocks (base clocks slow a kernel down)
CACHE_CONTROL = "none"  # caches as the app leaves them (as its own timer would see them)
OBJECTIVES = ("sum", "each")


@dataclass(frozen=True)
class KernelTimes:
    """One kernel's launches in one app run."""

    kernel: str
    times_ms: tuple[float, ...]
    blocks: tuple[tuple[int, int, int], ...]
    grid: tuple[int, int, int] | None

    @property
    def median(self) -> float:
        return float(statistics.median(self.times_ms))

    @property
    def total(self) -> float:
        return float(sum(self.times_ms))


def timing_command(
    argv: Sequence[str], kernel_regex: str, ncu: str, launch_count: int
) -> list[str]:
    from gpuadvisor.profilers.ncu import build_ncu_command

    return build_ncu_command(
        argv,
        kernel_regex,
        list(TIME_METRICS),
        csv_page="raw",
        launch_count=launch_count,
        cache_control=CACHE_CONTROL,
        clock_control=CLOCK_CONTROL,
        ncu=ncu,
    )


def describe_method(launch_count: int | None) -> str:
    which = "all launches" if launch_count is None else f"the first {launch_count} launches"
    return (
        f"ncu gpu__time_duration over {which} (time_ms: median, total_ms: sum), "
        f"--clock-control {CLOCK_CONTROL} --cache-control {CACHE_CONTROL}"
    )


def kernel_name(name: str) -> str:
    """ncu's kernel name without a parameter list (``f(float *, int)`` -> ``f``)."""
    return re.sub(r"\((?:[^()]|\([^()]*\))*\)\s*$", "", name).strip() or name


def _int(value: Any, default: int = 1) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def group_launches(rows: Sequence[Mapping[str, Any]]) -> list[KernelTimes]:
    """ncu rows (launch order) -> per kernel name, in the order the names first launched."""
    order: list[str] = []
    times: dict[str, list[float]] = {}
    blocks: dict[str, list[tuple[int, int, int]]] = {}
    grids: dict[str, tuple[int, int, int] | None] = {}
    for row in rows:
        name = kernel_name(str(row.get("kernel") or "?"))
        duration = row.get("duration_ms")
        if duration is None or duration != duration:  # NaN: no time for this launch
            continue
        if name not in times:
            order.append(name)
            times[name], blocks[name] = [], []
            gx = row.get("grid_x")
            grids[name] = (
                (_int(gx), _int(row.get("grid_y")), _int(row.get("grid_z")))
                if gx is not None and gx == gx
                else None
            )
        times[name].append(float(duration))
        blocks[name].append(
            (_int(row.get("block_x")), _int(row.get("block_y")), _int(row.get("block_z")))
        )
    return [KernelTimes(n, tuple(times[n]), tuple(blocks[n]), grids[n]) for n in order]


def shape_label(block: Sequence[int]) -> str:
    dims = list(block)
    while len(dims) > 1 and dims[-1] == 1:
        dims.pop()
    return "x".join(str(d) for d in dims)


def knob_problem(config: Config, kernels: Sequence[KernelTimes]) -> str | None:
    """Why the launches do not show the configuration's block, or None when they all do."""
    for k in kernels:
        wrong = [b for b in k.blocks if tuple(b) != tuple(config.block)]
        if wrong:
            seen = ", ".join(dict.fromkeys(shape_label(b) for b in wrong))
            return (
                f"asked for {shape_label(config.block)}, the app launched {seen}"
                + (f" ({k.kernel})" if len(kernels) > 1 else "")
                + ": the build or argument did not reach the launch"
            )
    return None


def timing_rows(
    config: Config, kernels: Sequence[KernelTimes], base: Mapping[str, Any], source: str
) -> list[dict[str, Any]]:
    """The configuration's row (``time_ms``: the sum of the matched kernels' medians, the
    time of one pass through them; ``total_ms``: all their launches) and, when the regex
    matched other names than the configuration's kernel, one row per kernel with ``part_of``
    naming the configuration."""

    def stats(values: Sequence[float]) -> dict[str, Any]:
        return {
            "time_ms": float(statistics.median(values)),
            "time_ms_min": min(values),
            "time_ms_max": max(values),
            "time_ms_std": statistics.pstdev(values) if len(values) > 1 else 0.0,
            "repeats": len(values),
            "total_ms": float(sum(values)),
        }

    main: dict[str, Any] = {
        **config.identity(),
        **base,
        "profiler": "timing",
        "source": source,
        "status": "ok",
        "error": None,
        "kernels": "+".join(k.kernel for k in kernels),
    }
    if len(kernels) == 1:
        main.update(stats(kernels[0].times_ms))
    else:
        main["time_ms"] = sum(k.median for k in kernels)
        main["repeats"] = min(len(k.times_ms) for k in kernels)
        main["total_ms"] = sum(k.total for k in kernels)
    if kernels and kernels[0].grid is not None:
        main.update(zip(("grid_x", "grid_y", "grid_z"), kernels[0].grid, strict=True))
    rows = [main]
    if [k.kernel for k in kernels] == [config.kernel]:
        return rows
    for k in kernels:
        part = {**main, "kernel": k.kernel, "kernels": None, "part_of": config.kernel}
        part.update(stats(k.times_ms))
        if k.grid is not None:
            part.update(zip(("grid_x", "grid_y", "grid_z"), k.grid, strict=True))
        rows.append(part)
    return rows
