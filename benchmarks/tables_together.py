"""One analysis a table against one analysis of many tables (the validation page's way).

    python benchmarks/tables_together.py [N]

Reads the first N blind tables (default 120), cuts each to its one-profile view
(``validation.one_profile_view``) and analyzes them rule-only twice in the same process: each
table alone, then all of them in one table, each table's kernels renamed ``<index>:<kernel>``
(as ``validation.evaluate_one_profiles`` does). Prints both times, their ratio and how many
kernels' results differ (pick, regret, comparisons, top-10 scores): 0 is the point.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pandas as pd  # noqa: E402

from gpuadvisor.analysis import analyze_sweep  # noqa: E402
from gpuadvisor.paths import fixtures_dir  # noqa: E402
from gpuadvisor.rules.engine import load_rules  # noqa: E402
from gpuadvisor.sweep import read_sweep  # noqa: E402
from gpuadvisor.validation import BLIND_SETS, one_profile_view  # noqa: E402


def _summary(k) -> tuple:  # noqa: ANN001 - a KernelAnalysis
    return (k.rule_pick, k.regret, [(c.label, c.time_ms) for c in k.comparisons],
            [(r.label, round(r.score, 12)) for r in k.ranking[:10]])


def main(n: int) -> None:
    rules = load_rules()
    paths = [p for folder, _ in BLIND_SETS
             for p in sorted(fixtures_dir().glob(f"hopper/{folder}/*/*.csv"))][:n]
    views = [one_profile_view(read_sweep(p)[0]) for p in paths]

    start = time.perf_counter()
    alone = {(i, k.kernel): _summary(k) for i, view in enumerate(views)
             for k in analyze_sweep(view, rule_only=True, rules=rules).kernels}
    one_by_one = time.perf_counter() - start

    start = time.perf_counter()
    table = pd.concat([v.assign(kernel=[f"{i}:{k}" for k in v["kernel"].astype(str)])
                       for i, v in enumerate(views)], ignore_index=True)
    together = {}
    for k in analyze_sweep(table, rule_only=True, rules=rules).kernels:
        i, _, name = k.kernel.partition(":")
        together[(int(i), name)] = _summary(k)
    at_once = time.perf_counter() - start

    differ = sum(alone[key] != together.get(key) for key in alone)
    print(f"{len(paths)} tables, {len(alone)} kernels: one by one {one_by_one:.1f} s, "
          f"together {at_once:.1f} s ({one_by_one / at_once:.2f}x); results differing: {differ}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", nargs="?", type=int, default=120, help="blind tables (default 120)")
    main(parser.parse_args().n)
