"""Rule-only advice from the one profile a project's user has: the one at the block the project
itself launches (the manifest's ``host_block``), against the one at the usual default (32x8,
256x1) that the rules were calibrated from. Still-blind H200 tables whose sweep profiled both
shapes (the project's shape being another: 16x16, 8x32, 128x1, or the sweep's fastest), each
analyzed from that one row as ``analyze profile.csv --rule-only`` would (the whole space of
candidates), without and with the kernel's code, the pick scored by the sweep's measured time
over its best (``validation.pick_from_profile_at``). Run from the repository root (a few
minutes)::

    python benchmarks/project_profile.py
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from gpuadvisor.paths import fixtures_dir
    from gpuadvisor.rules.engine import load_rules
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.targets.manifest import kernels
    from gpuadvisor.validation import (
        BLIND_SETS,
        DEFAULT_1D,
        DEFAULT_2D,
        SEEN,
        kernel_code,
        pick_from_profile_at,
    )

    specs, rules = kernels(), load_rules()
    ways = [(side, with_code) for side in ("project", "usual") for with_code in (False, True)]
    regrets: dict[tuple[str, bool], list[float]] = {way: [] for way in ways}
    kept = []
    for folder, _ in BLIND_SETS:
        for path in sorted((fixtures_dir() / "hopper" / folder / "h200").glob("*.csv")):
            kernel, spec = path.stem, specs.get(path.stem)
            if kernel in SEEN or spec is None or spec.host_block is None:
                continue
            df, _ = read_sweep(path)
            usual = DEFAULT_2D if bool((df["block_y"] > 1).any()) else DEFAULT_1D
            if spec.host_block == usual:
                continue
            code = kernel_code([kernel])
            picks = {(side, c): pick_from_profile_at(
                df, spec.host_block if side == "project" else usual, rules,
                code if c else None).get(kernel) for side, c in ways}
            if any(pick is None for pick in picks.values()):
                continue  # one of the two shapes was not profiled
            ok = df[(df.status == "ok") & (df.cache_config == "default")]
            at = ok[(ok.block_x == spec.host_block[0]) & (ok.block_y == spec.host_block[1])
                    & (ok.block_z == spec.host_block[2])]
            kept.append(float(at.time_ms.min() / ok.time_ms.min()))
            for way, (_label, regret) in picks.items():
                regrets[way].append(math.inf if regret is None else regret)
            print(f"{folder}:{kernel}: project {'x'.join(map(str, spec.host_block))} "
                  f"{kept[-1]:.3f}x; " + "; ".join(
                      f"from the {side}'s profile{' with code' if c else ''} "
                      f"{picks[(side, c)][0]} {regrets[(side, c)][-1]:.3f}x"
                      for side, c in ways), flush=True)
    print(f"{len(kept)} tables; the project's shape kept: within 3 % on "
          f"{sum(v <= 1.03 for v in kept)}")
    for (side, c), values in regrets.items():
        timed = [v for v in values if math.isfinite(v)]
        mean = math.exp(sum(map(math.log, timed)) / len(timed))
        print(f"from the {side}'s profile{' with the code' if c else ''}: within 3 % on "
              f"{sum(v <= 1.03 for v in values)} of {len(values)}, geometric mean "
              f"{mean:.3f}x (untimed picks: {len(values) - len(timed)})")


if __name__ == "__main__":
    main()
