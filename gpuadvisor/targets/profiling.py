"""Running ncu for a sweep and mapping its launches back to configurations.

ncu is started with helper functions of :mod:`gpuadvisor.profilers.ncu` (the command line,
the metric list, the CSV parser). Its output is streamed so the progress bar can advance on
every ``==PROF== Profiling`` line, and its process group is killed on a timeout or an
interrupt. Launches map back to configurations by launch order, checked against the block
dimensions ncu reports.
"""

from __future__ import annotations

import math
import os
import re
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gpuadvisor.errors import ProfilerError
from gpuadvisor.profilers.base import kill_group, spawn
from gpuadvisor.space import Config
from gpuadvisor.sweep import DEVICE_COLUMNS, IDENTITY_COLUMNS, STATUS_COLUMNS, TIMING_COLUMNS

_PROFILED = re.compile(r"==PROF==\s+Profiling\s+\"")
#: ncu columns that describe the launch, not the configuration's counters (the profiler name
#: stays: it says where the counters came from).
_NOT_METRICS = {
    *IDENTITY_COLUMNS,
    *DEVICE_COLUMNS,
    *TIMING_COLUMNS,
    *STATUS_COLUMNS,
    "source",
    "kernel_signature",
    "launch_id",
}


@dataclass(frozen=True)
class NcuRun:
    argv: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str
    seconds: float

    @property
    def output(self) -> str:
        return self.stdout + "\n" + self.stderr


def ncu_metrics(compute_capability: tuple[int, int] | None) -> list[str]:
    """The sweep's metric list for this GPU (helper B's list)."""
    from gpuadvisor.profilers import ncu

    builder = getattr(ncu, "sweep_metrics", None)
    if builder is not None and compute_capability is not None:
        return list(builder(tuple(compute_capability)))
    return list(ncu.SWEEP_METRICS)


def find_ncu() -> str:
    from gpuadvisor.profilers.base import find_executable

    try:
        return find_executable("ncu", env_var="NCU")
    except ProfilerError:
        if os.path.isfile("/usr/local/cuda/bin/ncu"):
            return "/usr/local/cuda/bin/ncu"
        raise ProfilerError(
            "ncu (Nsight Compute) not found: put it on PATH or set NCU, or pass "
            "--no-profile to time only"
        ) from None


def run_streaming(
    argv: Sequence[str],
    *,
    timeout_s: float | None,
    env: Mapping[str, str] | None = None,
    on_profiled: Callable[[], None] | None = None,
    watch: Callable[[], None] | None = None,
    cwd: str | None = None,
) -> NcuRun:
    """Run ncu (no shell) to completion or ``timeout_s``.

    ``on_profiled`` is called for each ``==PROF== Profiling`` line ncu prints (not every ncu
    version prints them in CSV mode); ``watch`` is called about twice a second while ncu runs,
    e.g. to count the configurations a driver has logged.
    """
    start = time.monotonic()
    try:
        proc = spawn(argv, env=env, cwd=cwd)
    except OSError as err:
        raise ProfilerError(f"cannot start {argv[0]}: {err.strerror or err}") from None
    chunks: dict[str, list[str]] = {"out": [], "err": []}

    def pump(stream, name: str) -> None:
        for line in stream:
            chunks[name].append(line)
            if on_profiled is not None and _PROFILED.search(line):
                on_profiled()

    readers = [
        threading.Thread(target=pump, args=(proc.stdout, "out"), daemon=True),
        threading.Thread(target=pump, args=(proc.stderr, "err"), daemon=True),
    ]
    for reader in readers:
        reader.start()
    deadline = None if timeout_s is None else start + timeout_s
    try:
        while True:
            try:
                proc.wait(timeout=0.5)
                break
            except subprocess.TimeoutExpired:
                if watch is not None:
                    watch()
                if deadline is not None and time.monotonic() > deadline:
                    kill_group(proc)
                    raise ProfilerError(
                        f"ncu did not finish within {timeout_s:.0f} s (killed)"
                    ) from None
    except BaseException:
        kill_group(proc)
        raise
    if watch is not None:
        watch()
    for reader in readers:
        reader.join(timeout=10)
    return NcuRun(
        tuple(argv),
        proc.returncode,
        "".join(chunks["out"]),
        "".join(chunks["err"]),
        time.monotonic() - start,
    )


def parse_run(run: NcuRun, source: str) -> list[dict[str, Any]]:
    """ncu's CSV -> one dict per profiled launch (launch order); one-line errors otherwise."""
    from gpuadvisor.profilers.ncu import diagnose_ncu_output, parse_ncu_csv

    problem = diagnose_ncu_output(run.output)
    try:
        table = parse_ncu_csv(run.stdout, source=source)
    except ProfilerError as err:
        raise problem or err from None
    if "launch_id" in table.columns:
        table = table.sort_values("launch_id", kind="stable")
    return table.to_dict(orient="records")


def metrics_of(row: Mapping[str, Any]) -> dict[str, Any]:
    """The counters of one ncu row: canonical metrics, stalls, profiler; no NaNs, no identity."""
    out: dict[str, Any] = {}
    for key, value in row.items():
        if key in _NOT_METRICS or value is None:
            continue
        if isinstance(value, float) and math.isnan(value):
            continue
        if value is not None and str(value) == "<NA>":
            continue
        out[key] = value.item() if hasattr(value, "item") else value
    return out


def _dims(row: Mapping[str, Any]) -> tuple[int, int, int] | None:
    try:
        return (
            int(row["block_x"]),
            int(row.get("block_y", 1) or 1),
            int(row.get("block_z", 1) or 1),
        )
    except (KeyError, TypeError, ValueError):
        return None


def match_launches(
    launched: Sequence[Config | tuple[Config, tuple[int, int, int]]],
    rows: Sequence[Mapping[str, Any]],
) -> tuple[dict[tuple, dict[str, Any]], list[str]]:
    """Pair each launched configuration with its ncu row, in launch order.

    ``launched`` holds configurations, or (configuration, block it was launched with) when
    that differs. A row whose block dimensions differ from the next launch's is skipped (a
    launch ncu profiled that the driver did not log, or the reverse); every mismatch is
    reported.
    """
    matched: dict[tuple, dict[str, Any]] = {}
    problems: list[str] = []
    j = 0
    for item in launched:
        config, block = item if isinstance(item, tuple) else (item, item.block)
        k = j
        while k < len(rows) and _dims(rows[k]) not in (None, tuple(block)):
            k += 1
        if k >= len(rows):
            problems.append(f"{config.label()}: no ncu row with block {tuple(block)}")
            continue
        if k > j:
            problems.append(f"skipped {k - j} ncu row(s) before {config.label()}")
        matched[config.key] = metrics_of(rows[k])
        j = k + 1
    if j < len(rows):
        problems.append(f"{len(rows) - j} ncu row(s) matched no launched configuration")
    return matched, problems
