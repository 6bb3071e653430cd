"""What two ncu processes on two GPUs of one host cost each other (issue 12).

`tune --ray` profiles on every GPU at once, one ncu process per GPU. On two H200s each
configuration then cost about 1.14 s under ncu against 0.95 s for one GPU alone, which held
the sweep's speedup at 1.5-1.6x. This benchmark isolates that, without Ray: the profiling
driver of the built-in target (one process launching N configurations once each, as `tune`
runs it) under ncu with the sweep's metric list, on GPU 0 alone and on GPUs 0 and 1 at the
same time, for several ncu settings (clock control, cache control). It also checks that the
counters `tune` uses do not depend on the setting.

    python benchmarks/ncu_concurrency.py OUTDIR [--kernel matmul_naive] [--configs 40]

Needs a machine with two GPUs, ncu and pycuda (on this project's GPU machine:
`tools/record_ncu_concurrency.sh`). Prints a table (seconds per configuration alone and
concurrent, and their ratio, per setting) and writes OUTDIR/ncu_concurrency.json.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gpuadvisor.profilers.ncu import build_ncu_command  # noqa: E402
from gpuadvisor.space import seed_shapes  # noqa: E402
from gpuadvisor.targets.builtin import BuiltinTarget  # noqa: E402
from gpuadvisor.targets.manifest import load_manifest  # noqa: E402
from gpuadvisor.targets.profiling import find_ncu, ncu_metrics, parse_run  # noqa: E402

#: (name, ncu --clock-control, --cache-control); the first is what `tune` uses.
SETTINGS = [("tune's (clock base, cache all)", "base", "all"),
            ("clock none, cache all", "none", "all"),
            ("clock base, cache none", "base", "none")]
#: Counters the rules read; they must not move with the clock setting.
COUNTERS = ("sectors_per_request", "gld_efficiency", "gst_efficiency", "l1_hit_rate",
            "achieved_occupancy", "l2_hit_rate")


def plan_base(work: Path, kernel: str, count: int) -> dict:
    """The profiling driver's plan, as `tune` writes it: ``count`` shapes of the seeds' 2-D
    grid with at least 32 threads, each launched once, at the manifest's problem size."""
    manifest = ROOT / "kernels" / "manifest.yaml"
    target = BuiltinTarget(load_manifest(manifest)[kernel], build_dir=work / "build")
    try:
        cubin = str(target.compiled("default").cubin)
        plan = {"manifest": str(manifest), "kernel": kernel, "params": target.params,
                "device": 0, "sm_count": target.device().sm_count}
    finally:
        target.close()  # no context of ours stays open on GPU 0
    shapes = [s for s in seed_shapes(2) if s[0] * s[1] >= 32][:count]
    plan["configs"] = [{"block": list(s), "cache_config": "default", "cubin": cubin}
                       for s in shapes]
    return plan


def plan_file(work: Path, base: dict, tag: str) -> Path:
    path = work / f"{tag}.json"
    path.write_text(json.dumps({**base, "log": str(work / f"{tag}.launches.jsonl")}))
    return path


def start(plan: Path, gpu: int, clock: str, cache: str, entry: str, metrics: list[str]):
    driver = [sys.executable, "-m", "gpuadvisor.targets.driver", str(plan)]
    argv = build_ncu_command(driver, f"^{entry}$", metrics, clock_control=clock,
                             cache_control=cache, ncu=find_ncu())
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": str(gpu),
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH"))
                                         if p)}
    return argv, time.perf_counter(), subprocess.Popen(
        argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)


def finish(job) -> tuple[float, list[dict]]:
    from gpuadvisor.targets.profiling import NcuRun

    argv, t0, proc = job
    out, err = proc.communicate()
    seconds = time.perf_counter() - t0
    rows = parse_run(NcuRun(tuple(argv), proc.returncode, out, err, seconds), source="bench")
    return seconds, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--kernel", default="matmul_naive")
    parser.add_argument("--configs", type=int, default=40)
    args = parser.parse_args()
    work = args.out / "work"
    work.mkdir(parents=True, exist_ok=True)
    entry = load_manifest(ROOT / "kernels" / "manifest.yaml")[args.kernel].entry
    metrics = ncu_metrics((9, 0))
    base_plan = plan_base(work, args.kernel, args.configs)
    warm = {**base_plan, "configs": base_plan["configs"][:2]}  # first ncu start-up, unmeasured
    for job in [start(plan_file(work, warm, f"warmup-gpu{g}"), g, "base", "all", entry, metrics)
                for g in (0, 1)]:
        finish(job)
    results, counters = [], {}
    for name, clock, cache in SETTINGS:
        tag = f"{clock}-{cache}"
        alone, rows = finish(start(plan_file(work, base_plan, f"{tag}-alone"),
                                   0, clock, cache, entry, metrics))
        counters[name] = rows
        jobs = [start(plan_file(work, base_plan, f"{tag}-gpu{g}"), g, clock,
                      cache, entry, metrics) for g in (0, 1)]
        pair = [finish(job)[0] for job in jobs]
        n = len(rows)
        results.append({"setting": name, "clock_control": clock, "cache_control": cache,
                        "configs": args.configs, "profiled": n, "alone_s": round(alone, 2),
                        "concurrent_s": [round(s, 2) for s in pair],
                        "alone_s_per_config": round(alone / max(n, 1), 3),
                        "concurrent_s_per_config": round(max(pair) / max(n, 1), 3),
                        "slowdown": round(max(pair) / alone, 3)})
        print(f"{name}: {n} profiled; alone {alone:.1f} s, both GPUs {pair[0]:.1f} / "
              f"{pair[1]:.1f} s", flush=True)
    base = counters[SETTINGS[0][0]]
    drift = {}
    for name, rows in counters.items():
        worst = 0.0
        for a, b in zip(base, rows, strict=False):
            for column in COUNTERS:
                x, y = a.get(column), b.get(column)
                if isinstance(x, float) and isinstance(y, float) and abs(x) > 1e-9:
                    worst = max(worst, abs(y - x) / abs(x))
        drift[name] = round(100 * worst, 2)
    try:
        gpus = subprocess.run(
            ["nvidia-smi", "--query-gpu=index,name,driver_version", "--format=csv,noheader"],
            capture_output=True, text=True).stdout.strip().splitlines()
    except OSError:
        gpus = []
    summary = {"kernel": args.kernel, "gpus": gpus, "results": results,
               "max_counter_change_pct_vs_tune_setting": drift}
    (args.out / "ncu_concurrency.json").write_text(json.dumps(summary, indent=1))
    print("setting | s/config alone | s/config both GPUs | slowdown | max counter change")
    for r in results:
        print(f"{r['setting']} | {r['alone_s_per_config']} | {r['concurrent_s_per_config']} | "
              f"{r['slowdown']} | {drift[r['setting']]}%")


if __name__ == "__main__":
    main()
