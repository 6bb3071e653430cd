"""How analyze and review scale with the size of a sweep table (issue 13).

The tables are built from the real Hopper sweep ``fixtures/hopper/sweeps/matmul_naive.csv``
(146 shapes): kernel ``k`` is a copy of it named ``matmul_naive_k<k>`` whose times (and their
min/max) are multiplied by a seeded log-normal factor per row, so every kernel has its own
ranking. For each size the script times, in one process per command (start-up included):

* ``pandas.read_csv`` of the file (the baseline every ratio is taken against),
* ``gpuadvisor analyze FILE --json``,
* ``gpuadvisor review BASE NEW --json`` (NEW: the same table with times x1.01),

and each command's peak resident memory (``ru_maxrss`` of the child, and of its largest
forked worker where ``--jobs`` forked any). Usage::

    python3 benchmarks/analysis_scale.py OUTDIR [--rows 1000 10000 100000 1000000]
        [--distinct-kernels]

It prints a Markdown table (kept in benchmarks/README.md) and writes ``scale.json``.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "fixtures" / "hopper" / "sweeps" / "matmul_naive.csv"
TIME_COLUMNS = ("time_ms", "time_ms_min", "time_ms_max", "duration_ms")


#: ``--distinct-kernels``: counters made each kernel's own (kernel ``k``: the column times
#: ``1 + k / divisor``), so that no two kernels share a rule input. The issue's table is copies
#: of one kernel, whose rule inputs the engine shares across all of them (issue 13's ninth
#: pass: analyze ~4x read_csv there, ~20x with distinct kernels).
DISTINCT_COUNTERS = (("dram_bytes_read", 1000), ("l1_global_load_requests", 997),
                     ("ncu_stall_long_scoreboard", 991))


def make_table(rows: int, seed: int = 13, distinct: bool = False) -> pd.DataFrame:
    """About ``rows`` rows: whole copies of the fixture's kernel with perturbed times (and,
    ``distinct``, counters and registers of their own)."""
    base = pd.read_csv(FIXTURE, comment="#")
    copies = max(1, math.ceil(rows / len(base)))
    rng = np.random.default_rng(seed)
    parts = []
    for k in range(copies):
        part = base.copy()
        part["kernel"] = f"matmul_naive_k{k}"
        factor = rng.lognormal(0.0, 0.05, len(part))
        for col in TIME_COLUMNS:
            if col in part:
                part[col] = part[col] * factor
        if distinct:
            for col, divisor in DISTINCT_COUNTERS:
                part[col] = part[col] * (1 + k / divisor)
            part["registers_per_thread"] = part["registers_per_thread"] + k % 8
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def write_pair(rows: int, outdir: Path, distinct: bool = False) -> tuple[Path, Path]:
    """BASE and NEW (times x1.01) CSV files of about ``rows`` rows."""
    table = make_table(rows, distinct=distinct)
    tag = "_distinct" if distinct else ""
    base = outdir / f"sweep_{rows}{tag}.csv"
    new = outdir / f"sweep_{rows}{tag}_new.csv"
    table.to_csv(base, index=False)
    slower = table.copy()
    for col in TIME_COLUMNS:
        if col in slower:
            slower[col] = slower[col] * 1.01
    slower.to_csv(new, index=False)
    return base, new


#: Runs ``-m MODULE ...`` or ``-c CODE`` and then writes, as its last stderr line, its own peak
#: resident KiB and its largest waited-for child's. The command may end by ``SystemExit`` or
#: through ``os._exit`` (the ``gpuadvisor`` command leaves that way, skipping teardown): the
#: report is made in this process only, not in forked workers, which end through it too.
_PEAK_WRAPPER = """
import os, resource, runpy, sys
PID = os.getpid()
def report():
    if os.getpid() == PID:
        print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
              resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr,
              flush=True)
real_exit = os._exit
def exit_reporting(code):
    report()
    real_exit(code)
os._exit = exit_reporting
sys.argv = sys.argv[1:]
code = 0
try:
    if sys.argv[0] == "-c":
        exec(sys.argv[1])
    else:
        runpy.run_module(sys.argv[0], run_name="__main__")
except SystemExit as stop:
    code = stop.code or 0
report()
sys.exit(code)
"""


def measure(rows: int, outdir: Path, tree: Path = ROOT,
            commands: tuple[str, ...] = ("analyze", "review"),
            distinct: bool = False) -> dict[str, float]:
    base, new = write_pair(rows, outdir, distinct)
    py = sys.executable
    read = [py, "-c", f"import pandas as pd; pd.read_csv({str(base)!r}, comment='#')"]
    cli = [py, "-m", "gpuadvisor"]
    out: dict[str, float] = {"rows": float(len(pd.read_csv(base)))}
    for name, argv in (("read_csv", read),
                       ("analyze", [*cli, "analyze", str(base), "--json"]),
                       ("review", [*cli, "review", "-a", str(base), "-b", str(new), "--json"])):
        if name != "read_csv" and name not in commands:
            continue
        # ru_maxrss of children is a maximum over all children so far: run each in a
        # fresh interpreter that reports its own peak instead.
        wrapper = [py, "-c", _PEAK_WRAPPER]
        args = argv[1:]
        if args[0] == "-m":
            args = args[1:]
        start = time.perf_counter()
        done = subprocess.run([*wrapper, *args], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True, cwd=tree, check=False)
        wall = time.perf_counter() - start
        if done.returncode not in (0, 1):
            raise SystemExit(f"{name} failed ({done.returncode}): {done.stderr[-500:]}")
        peak_kib, worker_kib = (int(v) for v in done.stderr.strip().splitlines()[-1].split())
        out[f"{name}_s"] = wall
        out[f"{name}_mib"] = peak_kib / 1024.0
        out[f"{name}_worker_mib"] = worker_kib / 1024.0  # largest forked worker (--jobs)
    for name in commands:
        out[f"{name}_ratio"] = out[f"{name}_s"] / out["read_csv_s"]
    return out


def markdown(results: list[dict[str, float]]) -> str:
    lines = ["| rows | read_csv s | analyze s (x read) | review s (x read) | "
             "peak MiB read / analyze / review | largest worker MiB analyze / review |",
             "|---:|---:|---:|---:|---:|---:|"]
    for r in results:
        if "review_s" not in r:  # --commands analyze
            lines.append(
                f"| {int(r['rows']):,} | {r['read_csv_s']:.2f} | {r['analyze_s']:.2f} "
                f"({r['analyze_ratio']:.1f}x) | not run | {r['read_csv_mib']:.0f} / "
                f"{r['analyze_mib']:.0f} / - | {r.get('analyze_worker_mib', 0):.0f} / - |")
            continue
        lines.append(
            f"| {int(r['rows']):,} | {r['read_csv_s']:.2f} | {r['analyze_s']:.2f} "
            f"({r['analyze_ratio']:.1f}x) | {r['review_s']:.2f} ({r['review_ratio']:.1f}x) | "
            f"{r['read_csv_mib']:.0f} / {r['analyze_mib']:.0f} / {r['review_mib']:.0f} | "
            f"{r.get('analyze_worker_mib', 0):.0f} / {r.get('review_worker_mib', 0):.0f} |")
    if len(results) >= 2 and all("review_s" in r for r in results[-2:]):
        a, b = results[-2], results[-1]
        grow = b["rows"] / a["rows"]
        lines.append("")
        lines.append(f"From {int(a['rows']):,} to {int(b['rows']):,} rows (x{grow:.0f}): "
                     f"analyze x{b['analyze_s'] / a['analyze_s']:.1f}, "
                     f"review x{b['review_s'] / a['review_s']:.1f}, "
                     f"read_csv x{b['read_csv_s'] / a['read_csv_s']:.1f}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 10000, 100000, 1000000])
    parser.add_argument("--tree", type=Path, default=ROOT,
                        help="gpuadvisor source tree to time (default: this one), e.g. a "
                             "checkout of an older commit for a before/after table")
    parser.add_argument("--commands", nargs="+", choices=("analyze", "review"),
                        default=["analyze", "review"],
                        help="what to time besides read_csv (review of 10^6 rows needs more "
                             "memory than analyze)")
    parser.add_argument("--distinct-kernels", action="store_true",
                        help="give each kernel counters of its own (a table of different "
                             "kernels, as a real CI table is) instead of copies of one")
    args = parser.parse_args(argv)
    args.outdir.mkdir(parents=True, exist_ok=True)
    results = []
    for rows in args.rows:
        results.append(measure(rows, args.outdir, args.tree.resolve(),
                               tuple(args.commands), args.distinct_kernels))
        print(f"{rows} rows: {json.dumps({k: round(v, 3) for k, v in results[-1].items()})}",
              file=sys.stderr, flush=True)
    (args.outdir / "scale.json").write_text(json.dumps(results, indent=2) + "\n")
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
