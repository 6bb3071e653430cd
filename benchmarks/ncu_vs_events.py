"""How ncu's gpu__time_duration (the time `tune` takes for an app that prints no time of its
own) compares with CUDA-event timing of the SAME launches of built-in kernels.

One child process launches every (kernel, shape) WARMUP + LAUNCHES times, one launch at a
time, each between two CUDA events. It runs once plain (the event times count) and once
under ncu per ncu setting (each launch's gpu__time_duration counts; launches map back by
order). Per configuration: the median event time, the median ncu time and their ratio;
over all configurations: the ratio's median, spread (min, p10, p90, max).

    python3 benchmarks/ncu_vs_events.py OUTDIR [--kernels matrix_add,...] [--launches 20]

Writes OUTDIR/ncu_vs_events.json and OUTDIR/ncu_vs_events.md. Needs a GPU, pycuda, nvcc, ncu.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KERNELS = "matrix_add,matmul_naive,matmul_tiled,random_copy"
SHAPES = "32x8,16x16,64x4,256x1,32x32,8x8"
WARMUP = 2
#: (clock control, cache control): the setting `tune` uses for apps, and ncu's default.
SETTINGS = (("none", "none"), ("base", "all"))


def child(plan_path: str) -> int:
    """Launch every configuration of the plan; write each launch's event time."""
    from gpuadvisor.arch import get_arch
    from gpuadvisor.space import user_shapes
    from gpuadvisor.targets.builtin import BuiltinTarget
    from gpuadvisor.targets.manifest import get_kernel
    from gpuadvisor.targets.plans import build_plan

    plan = json.loads(Path(plan_path).read_text())
    out = []
    for name in plan["kernels"]:
        target = BuiltinTarget(get_kernel(name), {}, build_dir=Path(plan["build"]) / name)
        arch = get_arch(target.device().arch or "sm_90")
        space = target.space(user_shapes(plan["shapes"]), ["default"], arch)
        runtime = target.runtime
        for config in space.configs:
            launches = build_plan(
                target.spec, target.params, config.block, sm_count=target.device().sm_count or 132
            )
            cubin = str(target.compiled(config.cache_config).cubin)
            func = runtime.function(cubin, config.cache_config, launches[0])
            run_once = runtime.timer(func, launches, 1)
            times = [run_once() for _ in range(WARMUP + plan["launches"])]
            out.append({"kernel": name, "block": list(config.block), "event_ms": times})
        target.close()
    Path(plan["result"]).write_text(json.dumps(out))
    return 0


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main() -> int:
    if len(sys.argv) == 3 and sys.argv[1] == "--child":
        return child(sys.argv[2])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--kernels", default=KERNELS)
    ap.add_argument("--shapes", default=SHAPES)
    ap.add_argument("--launches", type=int, default=20)
    args = ap.parse_args()
    from gpuadvisor.profilers.ncu import build_ncu_command, ncu_version, parse_ncu_csv
    from gpuadvisor.targets.app_timing import kernel_name
    from gpuadvisor.targets.profiling import find_ncu

    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    kernels = args.kernels.split(",")
    ncu = find_ncu()

    def run_child(tag: str, ncu_setting: tuple[str, str] | None) -> tuple[list, str, float]:
        plan = {
            "kernels": kernels,
            "shapes": args.shapes,
            "launches": args.launches,
            "build": str(out / "build"),
            "result": str(out / f"events-{tag}.json"),
        }
        plan_path = out / f"plan-{tag}.json"
        plan_path.write_text(json.dumps(plan))
        argv = [sys.executable, __file__, "--child", str(plan_path)]
        if ncu_setting is not None:
            clock, cache = ncu_setting
            argv = build_ncu_command(
                argv,
                "|".join(kernels),
                ["gpu__time_duration.sum"],
                clock_control=clock,
                cache_control=cache,
                ncu=ncu,
            )
        begin = time.monotonic()
        proc = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT)
        seconds = time.monotonic() - begin
        (out / f"{tag}.log").write_text(proc.stdout + "\n" + proc.stderr)
        if proc.returncode != 0:
            raise SystemExit(f"{tag}: exit code {proc.returncode}: {proc.stderr[-400:]}")
        return json.loads(Path(plan["result"]).read_text()), proc.stdout, seconds

    events, _, plain_s = run_child("plain", None)
    result: dict = {
        "ncu": ncu_version(ncu),
        "launches_per_config": args.launches,
        "warmup_launches_dropped": WARMUP,
        "plain_run_s": round(plain_s, 2),
        "settings": {},
    }
    for clock, cache in SETTINGS:
        tag = f"clock-{clock}-cache-{cache}"
        replay, csv_text, seconds = run_child(tag, (clock, cache))
        (out / f"{tag}.csv").write_text(csv_text)
        table = parse_ncu_csv(csv_text, source=tag)
        if "launch_id" in table.columns:
            table = table.sort_values("launch_id", kind="stable")
        rows = table.to_dict(orient="records")
        configs, i = [], 0
        for entry, ev in zip(replay, events, strict=True):
            n = len(entry["event_ms"])
            mine = rows[i : i + n]
            i += n
            names = {kernel_name(str(r["kernel"])) for r in mine}
            blocks = {(int(r["block_x"]), int(r["block_y"]), int(r["block_z"])) for r in mine}
            if names != {entry["kernel"]} or blocks != {tuple(entry["block"])}:
                raise SystemExit(f"{tag}: launches do not line up at {entry}")
            ncu_ms = [float(r["duration_ms"]) for r in mine][WARMUP:]
            ev_ms = ev["event_ms"][WARMUP:]
            ratio = statistics.median(ncu_ms) / statistics.median(ev_ms)
            configs.append(
                {
                    "kernel": entry["kernel"],
                    "block": "x".join(map(str, entry["block"])),
                    "event_ms_median": statistics.median(ev_ms),
                    "ncu_ms_median": statistics.median(ncu_ms),
                    "ratio_ncu_over_events": ratio,
                    "event_ms_spread": [min(ev_ms), max(ev_ms)],
                    "ncu_ms_spread": [min(ncu_ms), max(ncu_ms)],
                }
            )
        ratios = [c["ratio_ncu_over_events"] for c in configs]
        result["settings"][tag] = {
            "ncu_run_s": round(seconds, 2),
            "configs": configs,
            "ratio_median": statistics.median(ratios),
            "ratio_min": min(ratios),
            "ratio_p10": pct(ratios, 0.1),
            "ratio_p90": pct(ratios, 0.9),
            "ratio_max": max(ratios),
        }
    (out / "ncu_vs_events.json").write_text(json.dumps(result, indent=1))
    lines = [
        "# ncu gpu__time_duration vs CUDA events (same launches)",
        "",
        f"{len(events)} configurations of {args.kernels}, {args.launches} launches each "
        f"({WARMUP} warm-up launches dropped), {result['ncu']}.",
        "",
        "| ncu setting | ratio median | min | p10 | p90 | max |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for tag, s in result["settings"].items():
        lines.append(
            f"| {tag} | {s['ratio_median']:.3f} | {s['ratio_min']:.3f} | {s['ratio_p10']:.3f} "
            f"| {s['ratio_p90']:.3f} | {s['ratio_max']:.3f} |"
        )
    (out / "ncu_vs_events.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[4:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
