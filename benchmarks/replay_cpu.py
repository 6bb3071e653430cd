"""CPU time of the default search's own work, replayed on recorded live runs: after every
measurement the strategy analyzes the kernel's rows so far (its prior), which is what a live
``tune --max-configs 8`` spends between GPU calls and what the suite's replays of the live
runs (tests/test_default_search_live.py) spend.

    python benchmarks/replay_cpu.py [--sets 100,101,102] [--rounds 3]
        [--compare OTHER_CHECKOUT]

Each round replays every live run of the sets (fixtures/hopper/default-searchN, the
recorded sweep's space, the live run's own answers, from the project's launch where the run
started there) in a fresh interpreter, and reports the CPU seconds of the replays alone
(reading the tables and the imports excluded). ``--compare DIR`` runs the same replays with
another checkout first on PYTHONPATH (e.g. a ``git worktree`` of the commit before a change),
alternating with this one in every round, and prints the ratio of the medians. Prints a
Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: What each child runs: the replays of the given sets, timed with process CPU time.
CHILD = r"""
import json, sys, time
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.search.base import run_search
from gpuadvisor.search.current import FromCurrent
from gpuadvisor.search.replay import recorded_space, replay_target
from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy
from gpuadvisor.sweep import normalize, read_sweep
from gpuadvisor.targets.manifest import get_kernel
from gpuadvisor.validation import kernel_code

hopper = fixtures_dir() / "hopper"

def rows(path):  # search.replay.table_rows, written out: the other checkout may predate it
    table = normalize(read_sweep(path)[0])
    return [{str(k): v for k, v in r.items()} for r in table.to_dict(orient="records")]

jobs = []
for n in json.loads(sys.argv[1]):
    live_dir = hopper / f"default-search{n}"
    for journal in sorted(live_dir.glob("*.journal.jsonl")):
        kernel = journal.name.split(".")[0]
        sweep = hopper / f"blind{n}" / "h200" / f"{kernel}.csv"
        if not sweep.exists():
            continue
        live = rows(live_dir / f"{kernel}.csv")
        swept = rows(sweep)
        shapes = {(r["block_x"], r["block_y"], r["block_z"]) for r in swept}
        space = recorded_space(swept + [r for r in live if (r["block_x"], r["block_y"],
                                                            r["block_z"]) not in shapes])
        first = next(json.loads(line) for line in journal.read_text().splitlines()
                     if json.loads(line)["type"] == "search")
        start = get_kernel(kernel).host_block if "(the project's own launch)" in \
            first["reason"] else None
        jobs.append((kernel, space, live, start))
cpu = time.process_time()
steps = 0
for kernel, space, live, start in jobs:
    strategy = make_strategy(DEFAULT_STRATEGY, arch="sm_90", code=kernel_code([kernel]))
    if start is not None:
        strategy = FromCurrent(strategy, start, "the project's own launch")
    steps += len(run_search(strategy, space, replay_target(live), 8).steps)
print(json.dumps({"runs": len(jobs), "steps": steps, "cpu_s": time.process_time() - cpu}))
"""


def replay(sets: list[int], checkout: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(checkout)
    proc = subprocess.run([sys.executable, "-c", CHILD, json.dumps(sets)], cwd=checkout,
                          env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(f"replay in {checkout} failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="100,101,102")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--compare", type=Path)
    args = parser.parse_args()
    sets = [int(s) for s in args.sets.split(",")]
    checkouts = [("this checkout", ROOT)]
    if args.compare is not None:
        checkouts.append((args.compare.name, args.compare.resolve()))
    times: dict[str, list[float]] = {label: [] for label, _ in checkouts}
    shape: dict[str, tuple[int, int]] = {}
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for _ in range(args.rounds):
        for label, where in checkouts:
            got = replay(sets, where)
            times[label].append(got["cpu_s"])
            shape[label] = (got["runs"], got["steps"])
    print(f"Sets {args.sets}, {args.rounds} rounds, started {started}, load "
          f"{os.getloadavg()[0]:.1f} at the end\n")
    print("| checkout | runs | steps | CPU s (median) | per step | ratio |")
    print("| --- | --- | --- | --- | --- | --- |")
    base = statistics.median(times[checkouts[-1][0]])
    for label, _ in checkouts:
        med = statistics.median(times[label])
        runs, steps = shape[label]
        print(f"| {label} | {runs} | {steps} | {med:.2f} | {med / steps * 1000:.0f} ms | "
              f"{med / base:.2f} |")


if __name__ == "__main__":
    main()
