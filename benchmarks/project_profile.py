"""Rule-only advice from the one profile a project's user has: the one at the block the project
itself launches (the manifest's ``host_block``), against the one at the usual default (32x8,
256x1) that the rules were calibrated from. Still-blind H200 tables whose sweep profiled both
shapes (the project's shape being another: 16x16, 8x32, 128x1, or the sweep's fastest), each
analyzed from that one row as ``analyze profile.csv --rule-only`` would (the whole space of
candidates), without and with the kernel's code, the pick scored by the sweep's measured time
over its best. Run from the repository root (about a minute)::

    python benchmarks/project_profile.py
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    sys.path.insert(0, str(ROOT))
    import pandas as pd

    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.paths import fixtures_dir
    from gpuadvisor.rules.engine import load_rules
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.targets.manifest import kernels
    from gpuadvisor.validation import BLIND_SETS, DEFAULT_1D, DEFAULT_2D, SEEN, kernel_code

    specs, rules = kernels(), load_rules()
    rows: dict[str, list] = {"project": [], "usual": []}
    info = {}
    for folder, _ in BLIND_SETS:
        for path in sorted((fixtures_dir() / "hopper" / folder / "h200").glob("*.csv")):
            spec = specs.get(path.stem)
            if path.stem in SEEN or spec is None or spec.host_block is None:
                continue
            df, _ = read_sweep(path)
            usual = DEFAULT_2D if bool((df["block_y"] > 1).any()) else DEFAULT_1D
            if spec.host_block == usual:
                continue

            def profiled(shape: tuple[int, int, int], df=df) -> pd.DataFrame:
                here = ((df.block_x == shape[0]) & (df.block_y == shape[1])
                        & (df.block_z == shape[2]) & (df.cache_config == "default")
                        & df.achieved_occupancy.notna())
                return df[here].drop_duplicates("kernel")

            project, default = profiled(spec.host_block), profiled(usual)
            if project.empty or default.empty:
                continue
            key = f"{folder}:{path.stem}"
            rows["project"].append(project.assign(kernel=key))
            rows["usual"].append(default.assign(kernel=key))
            ok = df[(df.status == "ok") & df.time_ms.notna() & (df.cache_config == "default")]
            info[key] = (ok.groupby(["block_x", "block_y", "block_z"])["time_ms"].min().to_dict(),
                         float(ok.time_ms.min()), spec.host_block)
    code = kernel_code(sorted({k.split(":")[1] for k in info}))
    code = {key: code[key.split(":")[1]] for key in info if key.split(":")[1] in code}
    picks = {}
    for side in ("project", "usual"):
        for with_code in (False, True):
            table = pd.concat(rows[side], ignore_index=True)
            for k in analyze_sweep(table, rule_only=True, rules=rules, comparisons=False,
                                   notes=False, code=code if with_code else None).kernels:
                top = k.ranking[0]
                times, best, _ = info[k.kernel]
                t = times.get((top.block_x, top.block_y, top.block_z))
                picks[(side, with_code, k.kernel)] = (top.label,
                                                      math.inf if t is None else t / best)
    for key, (times, best, host) in info.items():
        print(f"{key}: project {'x'.join(map(str, host))} {times[tuple(host)] / best:.3f}x; "
              + "; ".join(f"from the {side}'s profile{' with code' if c else ''} "
                          f"{picks[(side, c, key)][0]} {picks[(side, c, key)][1]:.3f}x"
                          for side in ("project", "usual") for c in (False, True)))
    kept = [times[tuple(host)] / best for times, best, host in info.values()]
    print(f"{len(info)} tables; the project's shape kept: within 3 % on "
          f"{sum(v <= 1.03 for v in kept)}")
    for side in ("project", "usual"):
        for c in (False, True):
            values = [picks[(side, c, key)][1] for key in info]
            timed = [v for v in values if math.isfinite(v)]
            mean = math.exp(sum(map(math.log, timed)) / len(timed))
            print(f"from the {side}'s profile{' with the code' if c else ''}: within 3 % on "
                  f"{sum(v <= 1.03 for v in values)} of {len(values)}, geometric mean "
                  f"{mean:.3f}x (untimed picks: {len(values) - len(timed)})")


if __name__ == "__main__":
    main()
