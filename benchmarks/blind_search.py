"""How many measurements the blind sets' kernels need (issue 11): the rule-only pick from one
profile, the shortlist it lists, and the search strategies at small budgets, replayed.

    python3 benchmarks/blind_search.py [--seeds 10] [--out OUT.json]

Cases: every still-blind kernel of the blind sets (``validation.BLIND_SETS``, without
``validation.SEEN``), one table per GPU. No strategy constant was chosen on them: the guided
strategy's code and constants were last changed before the first blind set was recorded, and
no rule round looked at these kernels. Each search is replayed (``gpuadvisor simulate``'s
target) on the table as a user with one profile has it (``validation.one_profile_view``:
counters only at the app's default shape, every row timed), so a strategy sees counters only
if it measures the default; live, ``tune --max-configs`` profiles every configuration it
measures, which this replay does not credit. Reported per GPU: within 3 % of the sweep's best,
geometric-mean regret and the worst regret of

* the app's default shape kept (32x8; 256x1 for 1-D tables): 1 measurement;
* the rule-only pick from the one profile (``validation``'s view: every row keeps its
  launch grid, counters only on the profiled row): 1 profiled measurement;
* the fastest of the 4 shapes that pick's note lists (``gpuadvisor/shortlist.py``) and the
  profiled default: at most 5 measurements;
* the fastest of as many listed shapes as the kernel's class needed
  (``gpuadvisor/pick_reliability.py``: 4 to 8, the sizes chosen on these sets' still-blind
  kernels, so in sample but for the sets recorded after): at most 9 measurements;
* the same two from the profiled row alone, as ``analyze profile.csv --rule-only`` ranks
  the architecture's whole space from it (no other shape's grid known; a listed shape the
  sweep did not run is skipped);
* the same two told how the app launches its grid: ``--fixed-grid`` for the kernels whose
  sweep launched one grid at every block size (the app's developer knows that from the launch
  code; one launch cannot show it);
* ``guided`` at 5, 8 and 16 measurements (``tune --max-configs N``);
* ``shortlist`` at the same budgets (``tune --strategy shortlist --max-configs N``: the
  default profiled first, then the rules' shortlist from it, then guided search);
* ``random`` at 8 and 16 (each kernel's share of ``--seeds`` seeds within 3 %, summed);
* with the kernel's code (``--ptx``, its recorded PTX in ``fixtures/ptx/``): the rule-only
  pick from the profiled row alone and the fastest of the 4 it lists, and ``guided`` and
  ``shortlist`` at 8 (the PTX reader was written after these sets: in sample for it).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpuadvisor import validation  # noqa: E402
from gpuadvisor.paths import fixtures_dir  # noqa: E402
from gpuadvisor.pick_reliability import shapes_to_list  # noqa: E402
from gpuadvisor.search.replay import simulate_table  # noqa: E402
from gpuadvisor.shortlist import SHORTLIST_SIZE, shortlist  # noqa: E402
from gpuadvisor.sweep import read_sweep  # noqa: E402

WITHIN = validation.GOAL_REGRET + 1e-12
GUIDED = (5, 8, 16)
RANDOM = (8, 16)


def cases(seeds: int = 10) -> list[dict]:
    """Each still-blind table's regrets by method (random: the share of seeds within 3 %)."""
    return [case for folder, _ in validation.BLIND_SETS
            for path in sorted(fixtures_dir().glob(f"hopper/{folder}/*/*.csv"))
            if (case := _case(path, seeds)) is not None]


def _case(path: Path, seeds: int) -> dict | None:
    df, _ = read_sweep(path)
    (result,) = validation.evaluate_one_profile(path)
    if result.kernel in validation.SEEN or not result.best_time:
        return None
    view = validation.one_profile_view(df)
    listed = shapes_to_list(result.kernel_class)
    out = {"table": str(path.relative_to(ROOT)), "gpu": path.parent.name,
           "default": (result.default_time or math.inf) / result.best_time,
           "pick": result.regret, "shortlist": result.shortlist_regrets.get(4),
           "class list": result.listed_regrets[listed - 1]}
    out["row pick"], out["row shortlist"], out["row class list"] = _from_the_row(
        df, view, result.best_time, listed=listed)
    # told the launch's kind: --fixed-grid where the sweep launched one grid at every size
    out["told row pick"], out["told row shortlist"], _ = (
        _from_the_row(df, view, result.best_time, fixed_grid=True)
        if validation.fixed_grid_kernels(view) else (out["row pick"], out["row shortlist"], 0))
    code = validation.kernel_code([result.kernel])
    out["code row pick"], out["code row shortlist"], _ = _from_the_row(
        df, view, result.best_time, code)
    for n in GUIDED:
        for strategy in ("guided", "shortlist"):
            out[f"{strategy}@{n}"] = simulate_table(view, n, strategy, 0, None)[0].regret
    for strategy in ("guided", "shortlist"):
        out[f"code {strategy}@8"] = simulate_table(view, 8, strategy, 0, None, code)[0].regret
    for n in RANDOM:
        regrets = [simulate_table(view, n, "random", s, None)[0].regret for s in range(seeds)]
        out[f"random@{n}"] = sum(r is not None and r <= WITHIN for r in regrets) / seeds
    return out


def _from_the_row(df, view, best: float, code=None,  # noqa: ANN001
                  fixed_grid: bool = False, listed: int = SHORTLIST_SIZE
                  ) -> tuple[float | None, float | None, float | None]:
    """The rule-only pick, the fastest of its 4 listed shapes and the fastest of its first
    ``listed`` (the kernel's class's list) when the profiled row is all the table holds
    (``analyze profile.csv --rule-only [--ptx] [--fixed-grid]``: ``validation.profile_alone``),
    timed by the sweep; shapes the sweep did not run are skipped."""
    analysis = validation.profile_alone(view, code=code, fixed_grid=fixed_grid)
    if analysis is None:
        return None, None, None
    (kernel,) = analysis.kernels
    ok = df[(df["status"] == "ok") & df["time_ms"].notna()]
    times: dict[tuple[int, int, int], float] = {}
    for x, y, z, t in zip(ok["block_x"], ok["block_y"], ok["block_z"], ok["time_ms"],
                          strict=True):
        times.setdefault((int(x), int(y), int(z)), float(t))
    ranked = [b for e in kernel.ranking if (b := (e.block_x, e.block_y, e.block_z)) in times]
    if not ranked:
        return None, None, None
    four, longer = shortlist(ranked, SHORTLIST_SIZE), shortlist(ranked, listed)
    return (times[ranked[0]] / best, min(times[b] for b in four) / best,
            min(times[b] for b in longer) / best)


METHODS = (("the app's default shape", "default", "1"),
           ("rule-only pick, one profile", "pick", "1 (profiled)"),
           ("fastest of the 4 listed shapes", "shortlist", "at most 5 (1 profiled)"),
           ("fastest of the shapes listed for the kernel's class (4 to 8)", "class list",
            "at most 9 (1 profiled)"),
           ("rule-only pick, the profiled row alone", "row pick", "1 (profiled)"),
           ("fastest of the 4 it lists", "row shortlist", "at most 5 (1 profiled)"),
           ("fastest of the shapes it lists for the kernel's class (4 to 8)", "row class list",
            "at most 9 (1 profiled)"),
           ("the same two told the launch's kind (--fixed-grid where the grid is fixed): pick",
            "told row pick", "1 (profiled)"),
           ("fastest of the 4 it lists", "told row shortlist", "at most 5 (1 profiled)"),
           *((f"guided, {n} measurements", f"guided@{n}", f"{n}") for n in GUIDED),
           *((f"shortlist, {n} measurements", f"shortlist@{n}", f"{n}") for n in GUIDED),
           *((f"random, {n} measurements (mean over seeds)", f"random@{n}", f"{n}")
             for n in RANDOM),
           ("with the code (--ptx): rule-only pick, the profiled row alone", "code row pick",
            "1 (profiled)"),
           ("with the code: fastest of the 4 it lists", "code row shortlist",
            "at most 5 (1 profiled)"),
           ("with the code: guided, 8 measurements", "code guided@8", "8"),
           ("with the code: shortlist, 8 measurements", "code shortlist@8", "8"))


def markdown(rows: list[dict]) -> str:
    gpus = sorted({r["gpu"] for r in rows})
    counts = {g: sum(r["gpu"] == g for r in rows) for g in gpus}
    head = " | ".join(f"{g.upper()}: within 3 % of {counts[g]} / geomean / worst" for g in gpus)
    lines = [f"| method | measurements | {head} |", "|---|---|" + "---|" * len(gpus)]
    for name, key, cost in METHODS:
        cells = []
        for g in gpus:
            values = [r[key] for r in rows if r["gpu"] == g]
            if key.startswith("random"):
                cells.append(f"{sum(values):.1f} / - / -")
                continue
            finite = [v for v in values if v is not None and math.isfinite(v)]
            hits = sum(v <= WITHIN for v in finite)
            mean = math.exp(sum(map(math.log, finite)) / len(finite))
            cells.append(f"{hits} / {mean:.3f} / {max(finite):.2f}")
        lines.append(f"| {name} | {cost} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="random search's seeds")
    parser.add_argument("--out", type=Path, help="also write every case's regrets as JSON")
    args = parser.parse_args(argv)
    if args.seeds < 1:
        parser.error("--seeds must be at least 1")
    rows = cases(args.seeds)
    if args.out is not None:
        args.out.write_text(json.dumps(rows, indent=1) + "\n")
    print(markdown(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
