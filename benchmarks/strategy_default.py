"""Which strategy a search with a budget should run by default: guided or shortlist (issue 11).

    python3 benchmarks/strategy_default.py [--blind BLIND_SEARCH.json]

Two comparisons, both replayed from recorded sweeps (``gpuadvisor simulate``'s target):

* the blind sets' still-blind kernels, counters only at the default shape, as
  ``benchmarks/blind_search.py`` replays them (``--blind``: its ``--out`` file; without it they
  are replayed here, ~12 minutes). Split at the shortlist strategy's date: it was written after
  seeing sets 1-26, so sets 27 on are out of sample for it; the guided strategy's code and
  constants predate every blind set.
* ``benchmarks/search.py``'s sweeps (calibration, report and unseen-kernel sets, counters
  wherever the sweep recorded them) at 8, 16 and 32 measurements.

Prints Markdown (kept in benchmarks/README.md): within 3 % of the best, geometric-mean regret
and the worst regret of each strategy, and how many kernels only one of them got within 3 %.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

WITHIN = 1.03 + 1e-12
STRATEGIES = ("guided", "shortlist")
#: the last blind set the shortlist strategy's author had seen
SEEN_BY_SHORTLIST = 26


def set_number(table: str) -> int:
    """blind set of a fixture path (``fixtures/hopper/blind/`` is set 1)."""
    m = re.search(r"hopper/blind(\d*)/", table)
    if not m:
        raise ValueError(f"not a blind-set table: {table}")
    return int(m.group(1) or 1)


def figures(regrets: Sequence[float]) -> str:
    within = sum(r <= WITHIN for r in regrets)
    geo = math.exp(sum(math.log(r) for r in regrets) / len(regrets))
    return f"{within} / {geo:.3f} / {max(regrets):.2f}"


def only(rows: Sequence[dict], a: str, b: str) -> int:
    """Kernels ``a`` gets within 3 % and ``b`` does not."""
    return sum(r[a] <= WITHIN < r[b] for r in rows)


def compared(rows: Sequence[dict], n: int) -> str:
    """A table row's last three cells: each strategy at ``n`` measurements, and who alone
    got which kernels within 3 %."""
    g, s = f"guided@{n}", f"shortlist@{n}"
    return (f"{figures([r[g] for r in rows])} | {figures([r[s] for r in rows])} | "
            f"{only(rows, g, s)} / {only(rows, s, g)} |")


def blind_table(rows: Sequence[dict], budgets: Sequence[int] = (5, 8, 16)) -> str:
    last = max(set_number(r["table"]) for r in rows)
    lines = ["| sets | GPU | tables | measurements | guided: within 3 % / geomean / worst | "
             "shortlist: within 3 % / geomean / worst | only guided / only shortlist |",
             "| --- | --- | ---: | ---: | --- | --- | --- |"]
    for lo, hi in ((1, SEEN_BY_SHORTLIST), (SEEN_BY_SHORTLIST + 1, last)):
        for gpu in ("h100", "h200"):
            sel = [r for r in rows if r["gpu"] == gpu and lo <= set_number(r["table"]) <= hi]
            if not sel:
                continue
            lines.extend(f"| {lo}-{hi} | {gpu.upper()} | {len(sel)} | {n} | "
                         + compared(sel, n) for n in budgets)
    return "\n".join(lines)


def sweep_rows() -> dict[str, list[dict]]:
    """Both strategies on benchmarks/search.py's three sets of sweeps."""
    import search  # benchmarks/search.py

    from gpuadvisor.search.shortlisted import Shortlisted
    from gpuadvisor.search.strategies import Guided

    sets = {"unseen kernels": search.load_cases(search.UNSEEN, exclude=search.REPORT),
            "calibration": search.load_cases(search.CALIBRATION),
            "report": search.load_cases(search.REPORT)}
    out: dict[str, list[dict]] = {}
    for label, cases in sets.items():
        out[label] = [{f"{name}@{n}": search.run_ours(case, make(), n)[0]
                       for n in search.BUDGETS
                       for name, make in (("guided", Guided), ("shortlist", Shortlisted))}
                      for case in cases]
    return out


def sweep_table(by_set: dict[str, list[dict]], budgets: Sequence[int] = (8, 16, 32)) -> str:
    lines = ["| sweeps | count | measurements | guided: within 3 % / geomean / worst | "
             "shortlist: within 3 % / geomean / worst | only guided / only shortlist |",
             "| --- | ---: | ---: | --- | --- | --- |"]
    for label, rows in by_set.items():
        lines.extend(f"| {label} | {len(rows)} | {n} | " + compared(rows, n) for n in budgets)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--blind", type=Path,
                        help="benchmarks/blind_search.py's --out file (else replayed here)")
    args = parser.parse_args(argv)
    if args.blind and not args.blind.is_file():
        parser.error(f"{args.blind}: no such file")
    if args.blind:
        rows = json.loads(args.blind.read_text())
    else:
        import blind_search

        rows = blind_search.cases()
    print("Still-blind kernels of the blind sets, counters only at the default shape:\n")
    print(blind_table(rows))
    print("\nbenchmarks/search.py's sweeps:\n")
    print(sweep_table(sweep_rows()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
