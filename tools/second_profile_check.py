"""What a second ncu profile buys rule-only advice on the blind sets' 2-D kernels.

    python tools/second_profile_check.py [--csv OUT.csv]

Each 2-D blind table is scored rule-only three ways, as a user would run it: from its one
profile at the app's 32x8 (``validation.evaluate_one_profile``), and from that profile plus
the table's recorded profile at 16x16, or at 8x32 (the recordings profile both). Printed per
GPU, for the still-blind and the seen kernels apart: picks within 3 % of the best, the fastest
of the rules' top 4 within 3 %, the geometric-mean regret and the worst regret, beside the
app's default shape. Nothing is fitted here; the rules are today's.
"""

from __future__ import annotations

import argparse
import csv
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpuadvisor import validation  # noqa: E402
from gpuadvisor.paths import fixtures_dir  # noqa: E402
from gpuadvisor.sweep import read_sweep  # noqa: E402

MODES = (("32x8", ()), ("32x8 + 16x16", ((16, 16, 1),)), ("32x8 + 8x32", ((8, 32, 1),)))
WITHIN = validation.GOAL_REGRET + 1e-12


def rows() -> list[dict]:
    out = []
    for folder, _ in validation.BLIND_SETS:
        for path in sorted(fixtures_dir().glob(f"hopper/{folder}/*/*.csv")):
            df, _ = read_sweep(path)
            if not bool((df["block_y"] > 1).any()):
                continue  # 1-D kernels have no second aspect ratio to profile
            for mode, also in MODES:
                for r in validation.evaluate_one_profile(path, also=also):
                    out.append({
                        "set": folder, "gpu": path.parent.name, "kernel": r.kernel,
                        "seen": r.kernel in validation.SEEN, "profiles": mode,
                        "pick": r.pick, "regret": r.regret,
                        "default": (r.default_time / r.best_time
                                    if r.default_time and r.best_time else None),
                        "top4": r.shortlist_regrets.get(4)})
    return out


def summary(table: list[dict]) -> list[str]:
    lines = ["| kernels | GPU | default within 3 % | profiles | pick within 3 % | top 4 within 3 % "
             "| geomean regret | worst |", "|---|---|---|---|---|---|---|---|"]
    for seen in (False, True):
        for gpu in ("h100", "h200"):
            group = [r for r in table if r["seen"] == seen and r["gpu"] == gpu]
            for mode, _ in MODES:
                g = [r for r in group if r["profiles"] == mode]
                if not g:
                    continue
                defaults = sum(1 for r in g if r["default"] is not None
                               and r["default"] <= WITHIN)
                picks = sum(1 for r in g if r["regret"] <= WITHIN)
                top4 = sum(1 for r in g if r["top4"] is not None and r["top4"] <= WITHIN)
                geo = math.exp(sum(math.log(r["regret"]) for r in g) / len(g))
                worst = max(r["regret"] for r in g)
                lines.append(f"| {'seen' if seen else 'still blind'} | {gpu.upper()} | "
                             f"{defaults} of {len(g)} | {mode} | {picks} | {top4} | "
                             f"{geo:.3f} | {worst:.2f} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--csv", type=Path, help="also write every kernel's row here")
    args = parser.parse_args()
    if args.csv and not args.csv.parent.is_dir():  # before minutes of scoring, not after
        parser.error(f"--csv {args.csv}: no folder {args.csv.parent}")
    table = rows()
    print("\n".join(summary(table)))
    if args.csv:
        try:
            with open(args.csv, "w", newline="") as fh:
                writer = csv.DictWriter(fh, fieldnames=list(table[0]))
                writer.writeheader()
                writer.writerows(table)
        except OSError as err:
            sys.exit(f"second_profile_check: cannot write {args.csv}: {err.strerror}")


if __name__ == "__main__":
    main()
