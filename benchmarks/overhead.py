"""What gpuadvisor's machinery costs on a GPU, against baselines measured in the same run.

1. tune vs bare ncu: the wall time of a whole `gpuadvisor tune` (compile, check, timing
   pass, ONE ncu process, tables) against ncu alone over the same launches (the same driver
   and plan, started directly), and against the same tune with --no-profile.
2. timing pass vs a hand-written loop: gpuadvisor.timing.measure (batched CUDA events,
   warm-up, stop when stable) against the minimal loop everyone writes (pycuda events
   around one launch, 1 warm-up, 20 repeats, median), on the same kernel, buffers and
   shapes: wall time and the medians they report.

    python3 benchmarks/overhead.py OUTDIR [--kernel matrix_add] [--size 4096]

Writes OUTDIR/overhead.json and OUTDIR/overhead.md. Needs a GPU, pycuda, nvcc and ncu.
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
SHAPES = "32x1,64x1,128x1,256x1,32x2,32x4,32x8,32x16,32x32,16x16,8x32,64x4"


def wall(argv: list[str], log: Path) -> tuple[float, int]:
    begin = time.monotonic()
    with open(log, "w") as fh:
        code = subprocess.run(argv, stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT).returncode
    return time.monotonic() - begin, code


def tune_vs_ncu(out: Path, kernel: str, size: int) -> dict:
    from gpuadvisor.profilers.ncu import build_ncu_command
    from gpuadvisor.targets.profiling import find_ncu, ncu_metrics

    params = ["--param", f"ROWS={size}", "--param", f"COLS={size}"]
    base = [
        sys.executable,
        "-m",
        "gpuadvisor",
        "tune",
        kernel,
        *params,
        "--shapes",
        SHAPES,
        "--quiet",
        "--overwrite",
    ]
    t_noprof, c1 = wall(
        [*base, "--no-profile", "--out", str(out / "tune-noprof")], out / "tune-noprof.log"
    )
    t_tune, c2 = wall([*base, "--out", str(out / "tune")], out / "tune.log")
    plan_path = out / "tune" / "ncu" / f"{kernel}-batch1.json"
    plan = json.loads(plan_path.read_text())
    plan["log"] = str(out / "bare-ncu.launches.jsonl")
    bare_plan = out / "bare-ncu-plan.json"
    bare_plan.write_text(json.dumps(plan))
    driver = [sys.executable, "-m", "gpuadvisor.targets.driver", str(bare_plan)]
    argv = build_ncu_command(
        driver, f"^{kernel}$", ncu_metrics((9, 0)), csv_page="raw", ncu=find_ncu()
    )
    t_ncu, c3 = wall(argv, out / "bare-ncu.csv")
    launches = len(plan["configs"])
    return {
        "kernel": kernel,
        "size": size,
        "configurations": launches,
        "tune_s": round(t_tune, 2),
        "tune_no_profile_s": round(t_noprof, 2),
        "bare_ncu_s": round(t_ncu, 2),
        "exit_codes": [c1, c2, c3],
        "ratio_tune_to_bare_ncu": round(t_tune / t_ncu, 3),
        "ratio_tune_profiling_part_to_bare_ncu": round((t_tune - t_noprof) / t_ncu, 3),
        "bare_ncu_s_per_launch": round(t_ncu / launches, 3),
    }


def timing_vs_hand_loop(kernel: str, size: int, build: Path) -> dict:
    import numpy as np

    from gpuadvisor.space import Config, user_shapes
    from gpuadvisor.targets.builtin import BuiltinTarget, batch_size
    from gpuadvisor.targets.manifest import get_kernel
    from gpuadvisor.timing import TimingPolicy, measure

    spec = get_kernel(kernel)
    target = BuiltinTarget(spec, {"ROWS": size, "COLS": size}, build_dir=build)
    policy = TimingPolicy()
    drv = target.session.drv
    runtime = target.runtime
    cubin = str(target.compiled("default").cubin)
    raw = drv.module_from_file(cubin).get_function(spec.entry)  # the hand loop's own handle
    a, b, c = (runtime.buffers[n] for n in ("A", "B", "C"))
    rows = []
    t_gpuadvisor = t_hand = 0.0
    for shape in user_shapes(SHAPES):
        config = Config(kernel, shape)
        launches = target._plan(config)
        func = runtime.function(cubin, "default", launches[0])
        begin = time.monotonic()
        single = runtime.timer(func, launches, 1)()
        result = measure(runtime.timer(func, launches, batch_size(single, False)), policy)
        t_gpuadvisor += time.monotonic() - begin
        grid = launches[0].grid
        begin = time.monotonic()
        start, end = drv.Event(), drv.Event()
        raw(a, b, c, np.int32(size), np.int32(size), block=shape, grid=grid)
        samples = []
        for _ in range(20):
            start.record()
            raw(a, b, c, np.int32(size), np.int32(size), block=shape, grid=grid)
            end.record()
            end.synchronize()
            samples.append(end.time_since(start))
        t_hand += time.monotonic() - begin
        hand = statistics.median(samples)
        rows.append(
            {
                "shape": "x".join(map(str, shape[:2])),
                "gpuadvisor_ms": result.time_ms,
                "gpuadvisor_repeats": result.repeats,
                "hand_ms": hand,
                "ratio": result.time_ms / hand,
            }
        )
    target.close()
    ratios = [r["ratio"] for r in rows]
    return {
        "kernel": kernel,
        "size": size,
        "shapes": rows,
        "gpuadvisor_timing_s": round(t_gpuadvisor, 3),
        "hand_loop_s": round(t_hand, 3),
        "ratio_wall_gpuadvisor_to_hand": round(t_gpuadvisor / t_hand, 3),
        "median_ratio_of_times": round(statistics.median(ratios), 4),
        "max_abs_time_difference_pct": round(100 * max(abs(r - 1) for r in ratios), 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--kernel", default="matrix_add")
    parser.add_argument("--size", type=int, default=4096)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    report = {
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "command": " ".join(sys.argv),
    }
    report["tune_vs_bare_ncu"] = tune_vs_ncu(args.out, args.kernel, args.size)
    print(json.dumps(report["tune_vs_bare_ncu"]), flush=True)
    report["timing_pass_vs_hand_loop"] = timing_vs_hand_loop(
        args.kernel, args.size, args.out / "build"
    )
    (args.out / "overhead.json").write_text(json.dumps(report, indent=2))
    t, h = report["tune_vs_bare_ncu"], report["timing_pass_vs_hand_loop"]
    md = [
        "# gpuadvisor overhead (same run, same GPU)",
        "",
        f"{t['kernel']} {t['size']}x{t['size']}, {t['configurations']} block shapes.",
        "",
        "| what | seconds | ratio to baseline |",
        "| --- | --- | --- |",
        f"| bare ncu over the same launches (baseline) | {t['bare_ncu_s']} | 1 |",
        f"| gpuadvisor tune (check + time + ncu + tables) | {t['tune_s']} | "
        f"{t['ratio_tune_to_bare_ncu']} |",
        f"| gpuadvisor tune --no-profile | {t['tune_no_profile_s']} | "
        f"{round(t['tune_no_profile_s'] / t['bare_ncu_s'], 3)} |",
        f"| hand-written timing loop (baseline) | {h['hand_loop_s']} | 1 |",
        f"| gpuadvisor timing pass | {h['gpuadvisor_timing_s']} | "
        f"{h['ratio_wall_gpuadvisor_to_hand']} |",
        "",
        f"Median ratio of the reported kernel times (gpuadvisor / hand loop): "
        f"{h['median_ratio_of_times']}; largest difference {h['max_abs_time_difference_pct']}%.",
    ]
    (args.out / "overhead.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    sys.exit(main())
