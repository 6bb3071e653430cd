"""gpuadvisor's own cost per configuration when it tunes an unmodified app, against the bare
commands it runs for that configuration.

For each configuration `tune --build` copies the source, rewrites the macro line, runs the
build command, and times the kernels under ncu (plus one plain run of the app, once per
sweep, to see whether it prints its own time). This script runs those commands itself, one
after another, with nothing around them (copy, line rewrite, build, plain run, ncu), and runs
`gpuadvisor tune --jobs 1 --no-profile` over 1 and over N configurations (cold: nothing
cached). Per configuration, each side's cost is the slope (N-config run minus 1-config run,
over N-1), so fixed costs (Python start, tables, analysis) are reported apart.

    python3 benchmarks/app_overhead.py OUTDIR --src .apps/pathfinder \\
        --build 'nvcc -O3 -arch=sm_90 pathfinder.cu -o pathfinder' --define BLOCK_SIZE \\
        --exe ./pathfinder --kernel dynproc_kernel --shapes 64,128,256,512 -- 100000 100 20

Writes OUTDIR/app_overhead.json and OUTDIR/app_overhead.md. Needs a GPU, nvcc and ncu.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def timed(fn) -> float:
    begin = time.monotonic()
    fn()
    return time.monotonic() - begin


def bare(args, shapes: list[str], work: Path) -> list[dict]:
    work.mkdir(parents=True, exist_ok=True)
    """The commands of one configuration each, run directly (no gpuadvisor in the loop)."""
    from gpuadvisor.targets.app_timing import timing_command
    from gpuadvisor.targets.profiling import find_ncu

    ncu = find_ncu()
    define = re.compile(rf"^(\s*#\s*define\s+{re.escape(args.define)})\s+\S+", re.M)
    costs = []
    for n, shape in enumerate(shapes):
        x = shape.split("x")[0]
        copy = work / f"bare-{shape}"
        cost: dict = {"shape": shape}

        def prepare(copy=copy, x=x) -> None:
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(args.src, copy)
            for path in copy.rglob("*"):
                if path.suffix in (".h", ".cuh", ".cu", ".c", ".cpp") and path.is_file():
                    text = path.read_text(errors="surrogateescape")
                    new = define.sub(rf"\g<1> {x}", text)
                    if new != text:
                        path.write_text(new, errors="surrogateescape")

        cost["copy_rewrite_s"] = timed(prepare)
        cost["build_s"] = timed(
            lambda copy=copy: subprocess.run(
                args.build, shell=True, cwd=copy, check=True, capture_output=True
            )
        )
        argv = [str(copy / args.exe), *args.app_args]
        if n == 0:
            cost["plain_run_s"] = timed(
                lambda argv=argv, copy=copy: subprocess.run(argv, cwd=copy, capture_output=True)
            )
        cmd = timing_command(argv, args.kernel, ncu, None)
        cost["ncu_s"] = timed(
            lambda cmd=cmd, copy=copy: subprocess.run(cmd, cwd=copy, capture_output=True)
        )
        cost["total_s"] = sum(v for k, v in cost.items() if k.endswith("_s"))
        costs.append(cost)
    return costs


def tune(args, shapes: list[str], out: Path) -> float:
    argv = [
        sys.executable, "-m", "gpuadvisor", "tune", args.exe,
        "--src", str(args.src), "--build", args.build,
        "--define", f"{args.define}={{block_x}}", "--kernel", args.kernel,
        "--shapes", ",".join(shapes), "--no-profile", "--jobs", "1", "--quiet",
        "--arch", "sm_90", "--out", str(out), "--", *args.app_args,
    ]  # fmt: skip
    shutil.rmtree(out, ignore_errors=True)
    log = out.with_suffix(".log")
    with open(log, "w") as fh:
        return timed(lambda: subprocess.run(argv, stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--src", type=Path, required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--define", required=True, help="the macro that takes {block_x}")
    ap.add_argument("--exe", required=True)
    ap.add_argument("--kernel", required=True)
    ap.add_argument("--shapes", required=True)
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args = ap.parse_args(argv[:cut])
    args.app_args = argv[cut + 1 :]  # the app's own arguments, after --
    args.src = args.src.resolve()
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    shapes = args.shapes.split(",")
    n = len(shapes)
    if n < 2:
        raise SystemExit("--shapes needs at least 2 shapes")
    bare(args, shapes[:1], out / "warm-up")  # nvcc and the app read from disk once, for all
    tune_1 = tune(args, shapes[:1], out / "tune-1")
    tune_n = tune(args, shapes, out / f"tune-{n}")
    costs = bare(args, shapes, out)
    bare_1 = costs[0]["total_s"]
    bare_n = sum(c["total_s"] for c in costs)
    per_tune = (tune_n - tune_1) / (n - 1)
    per_bare = (bare_n - bare_1) / (n - 1)
    result = {
        "app": str(args.src),
        "configs": n,
        "tune_1_s": tune_1,
        f"tune_{n}_s": tune_n,
        "bare_1_s": bare_1,
        f"bare_{n}_s": bare_n,
        "bare_costs": costs,
        "per_config_tune_s": per_tune,
        "per_config_bare_s": per_bare,
        "per_config_overhead_pct": 100 * (per_tune - per_bare) / per_bare,
        "fixed_tune_s": tune_1 - bare_1,
    }
    (out / "app_overhead.json").write_text(json.dumps(result, indent=1))
    text = (
        f"per configuration: tune {per_tune:.2f} s, bare commands {per_bare:.2f} s "
        f"(overhead {result['per_config_overhead_pct']:+.1f}%); fixed per sweep "
        f"{result['fixed_tune_s']:.2f} s (Python start, tables, analysis)"
    )
    (out / "app_overhead.md").write_text(f"# gpuadvisor overhead on {args.src.name}\n\n{text}\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
