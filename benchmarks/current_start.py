"""The default search with and without the app's own shape (``tune --current``), replayed on
the blind sets' recorded H200 sweeps at 8 measurements with the kernels' code, for every
kernel whose manifest entry names its project's own launch (``host_block``) and whose sweep
timed that shape. Beside the searches, two shapes kept as they are: the project's own and the
usual default (32x8, 256x1). Sets 96-98's 16 kernels chose ``--current``'s order (the current
shape, then the usual default, the list from that; :class:`gpuadvisor.search.current.
FromCurrent`) and are in sample for it; the other sets' are not, and are totalled apart.
Prints each kernel's line (the project's shape over the best, then each way's pick over the
best), then each way's totals. Run from the repository root (a few minutes)::

    python benchmarks/current_start.py [--sets 96,97,98]
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the sets whose kernels chose --current's order (in sample for it)
IN_SAMPLE = {"blind96", "blind97", "blind98"}


def main(argv: list[str] | None = None) -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="", help="comma-separated set numbers (default all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    from gpuadvisor.paths import fixtures_dir
    from gpuadvisor.search.base import run_search
    from gpuadvisor.search.current import FromCurrent
    from gpuadvisor.search.replay import recorded_space, replay_target
    from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy
    from gpuadvisor.shapes import USUAL_DEFAULT_1D, USUAL_DEFAULT_2D
    from gpuadvisor.sweep import normalize, read_sweep
    from gpuadvisor.targets.manifest import kernels
    from gpuadvisor.validation import BLIND_SETS, kernel_code

    wanted = {f"blind{n.strip()}" for n in args.sets.split(",") if n.strip()}
    specs = kernels()
    ways = ("the project's shape kept", "the usual default kept",
            "search from the usual default", "--current (the project's shape, then the usual)")
    regrets: dict[tuple[bool, str], list[float]] = {}
    for folder, _ in BLIND_SETS:
        if wanted and folder not in wanted:
            continue
        for path in sorted((fixtures_dir() / "hopper" / folder / "h200").glob("*.csv")):
            spec = specs.get(path.stem)
            if spec is None or spec.host_block is None:
                continue
            host = spec.host_block
            table = normalize(read_sweep(path)[0])
            rows = [{str(k): v for k, v in r.items()} for r in table.to_dict(orient="records")]
            ok = [r for r in rows if str(r["status"]) == "ok"]
            times = {}
            for r in ok:
                if str(r.get("cache_config", "default")) == "default":
                    shape = (int(r["block_x"]), int(r["block_y"]), int(r["block_z"]))
                    times[shape] = min(times.get(shape, math.inf), float(r["time_ms"]))
            if host not in times:
                print(f"{folder} {path.stem}: the project's {host} not timed; left out")
                continue
            best = min(float(r["time_ms"]) for r in ok)
            usual = USUAL_DEFAULT_1D if spec.dims == 1 else USUAL_DEFAULT_2D
            picks = [times[host] / best, times.get(usual, math.inf) / best]
            for current in (False, True):
                search = make_strategy(DEFAULT_STRATEGY, arch="sm_90",
                                       code=kernel_code([path.stem]))
                if current:
                    search = FromCurrent(search, host)
                result = run_search(search, recorded_space(rows), replay_target(rows), 8)
                picks.append(result.best.time_ms / best)
            for way, pick in zip(ways, picks, strict=True):
                regrets.setdefault((folder in IN_SAMPLE, way), []).append(pick)
            print(f"{folder} {path.stem}: project {'x'.join(map(str, host))}; "
                  + ", ".join(f"{p:.3f}x" for p in picks), flush=True)
    for in_sample in (False, True):
        for way in ways:
            values = [v for v in regrets.get((in_sample, way), []) if math.isfinite(v)]
            if not values:
                continue
            mean = math.exp(sum(math.log(v) for v in values) / len(values))
            print(f"{'sets 96-98 (in sample)' if in_sample else 'other sets (out of sample)'}"
                  f", {way}: within 3 % on {sum(v <= 1.03 for v in values)} of {len(values)}, "
                  f"geometric mean {mean:.3f}x, worst {max(values):.3f}x")


if __name__ == "__main__":
    main()
