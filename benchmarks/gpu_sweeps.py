"""One GPU run that records gpuadvisor's evidence (run it through gpu_sweeps.sh).

In one go, within a wall-time budget (default 480 s):

1. provenance: GPU, driver, ncu and nvcc versions, date, git commit, the command;
2. every built-in kernel at a small size on odd shapes, checked (tests/test_gpu_tune.py);
3. full 2-D sweeps (the seeds' grid, >= 32 threads per block, filtered by Hopper's limits and
   each kernel's registers and shared memory) of the built-in kernels, in priority order:
   every shape timed and checked; ncu counters for a subset of shapes (the diagonals of
   block sizes in PROFILE_SIZES: every shape with that many threads), in ONE ncu process
   per kernel; the subset shrinks when the run falls behind schedule;
4. the external example app (examples/matmul_app): a time-only sweep of a subset of the
   grid, plus ncu on a few shapes;
5. a kill-and-resume demonstration: a sweep killed with SIGKILL half-way, finished with
   --resume, every configuration checked to appear exactly once;
6. benchmarks/overhead.py: tune vs bare ncu over the same launches, and the timing pass vs
   a minimal hand-written timing loop;
7. optional kernels while time remains.

Everything is written under WORKDIR; RESULTS gets results.tar.gz (all of it, without the
cubins), summary.md, summary.json and run.log.

    python3 benchmarks/gpu_sweeps.py RESULTS [WORKDIR]
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import tarfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START = time.monotonic()
DEADLINE = float(os.environ.get("GPU_SWEEPS_BUDGET_S", "470"))
SEED_VALUES = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024)
#: Block sizes whose whole diagonal (every shape with that many threads) is profiled.
WIDE = [64, 256, 768, 1024]
NARROW = [256, 1024]

# (kernel, extra tune arguments, profiled block sizes), in priority order.
REQUIRED = [
    ("matrix_add", [], WIDE),
    ("matmul_naive", [], WIDE),
    ("random_copy", [], NARROW),
    ("scattered", ["--cache-configs", "default,l1_off"], NARROW),
    ("sgemm_coalesced", [], NARROW),
    ("sgemm_blocktiling_1d", [], NARROW),
]
OPTIONAL = [
    ("overlapped", [], NARROW),
    ("matmul_tiled", [], NARROW),
    ("vector_reduction", [], [64, 256, 1024]),
    ("overloaded", [], NARROW),
    ("sgemm_blocktiling_2d", [], NARROW),
    ("vector_reduction_adaptive", [], [64, 256, 1024]),
]
# For a dry run on a stand-in GPU (tests/fake_gpu): other kernels and small sizes.
if os.environ.get("GPU_SWEEPS_KERNELS"):
    names = os.environ["GPU_SWEEPS_KERNELS"].split(",")
    REQUIRED = [(n, [], NARROW) for n in names]
    OPTIONAL = []
EXTRA = os.environ.get("GPU_SWEEPS_PARAMS", "").split()
DEMO_SIZE = int(os.environ.get("GPU_SWEEPS_DEMO_SIZE", "4096"))
APP_SHAPES = (
    "32x1,64x1,128x1,256x1,512x1,1024x1,16x2,32x2,64x2,128x2,256x2,512x2,"
    "8x4,16x4,32x4,64x4,128x4,256x4,8x8,16x8,32x8,64x8,128x8,16x16,32x16,32x32"
)
APP_PROFILE = "32x8,16x16,8x32,256x1"


def elapsed() -> float:
    return time.monotonic() - START


def left() -> float:
    return DEADLINE - elapsed()


def log(msg: str) -> None:
    line = f"[{elapsed():6.1f}s] {msg}"
    print(line, flush=True)
    for folder in (WORK, RESULTS):  # RESULTS too: the log survives a kill of this script
        with open(folder / "run.log", "a") as fh:
            fh.write(line + "\n")


def sh(argv: list[str], timeout: float = 60) -> str:
    try:
        proc = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
        return (proc.stdout + proc.stderr).strip()
    except (OSError, subprocess.TimeoutExpired) as err:
        return f"unavailable ({err})"


def sweep_args(kernel: str, profiled_sizes: list[int], extra: list[str]) -> list[str]:
    """`gpuadvisor tune` arguments of one evidence sweep: the seeds' grid of >= 32 threads,
    timed for 0.2 s (at most 20 repeats), ncu on the diagonals of ``profiled_sizes``."""
    return [kernel, "--min-threads", "32", "--budget", "0.2", "--max-repeats", "20",
            "--profile-shapes", diagonal(profiled_sizes), *extra, *EXTRA]


def diagonal(sizes: list[int], min_threads: int = 32) -> str:
    shapes = [
        f"{x}x{y}"
        for y in SEED_VALUES
        for x in SEED_VALUES
        if x * y in sizes and x * y >= min_threads
    ]
    return ",".join(shapes)


def tune(name: str, args: list[str], out: Path, timeout: float) -> dict:
    """`gpuadvisor tune` in a subprocess; its progress goes to OUT/<name>.log."""
    split = args.index("--") if "--" in args else len(args)  # app arguments stay last
    argv = [
        sys.executable,
        "-m",
        "gpuadvisor",
        "tune",
        *args[:split],
        "--out",
        str(out),
        "--overwrite",
        *args[split:],
    ]
    logfile = WORK / "logs" / f"{name}.log"
    logfile.parent.mkdir(exist_ok=True)
    begin = time.monotonic()
    with open(logfile, "w") as fh:
        fh.write("$ " + " ".join(argv) + "\n")
        fh.flush()
        proc = subprocess.Popen(argv, stdout=fh, stderr=subprocess.STDOUT, cwd=ROOT)
        try:
            code = proc.wait(timeout=timeout)
        except OutOfTime:
            proc.terminate()  # tune kills its ncu on SIGTERM
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=20)
            proc.kill()
            raise
        except subprocess.TimeoutExpired:
            # SIGTERM first: tune stops like Ctrl-C, kills its ncu and keeps finished rows
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
            code = "timeout"
    took = time.monotonic() - begin
    result = {
        "name": name,
        "argv": argv[2:],
        "exit": code,
        "seconds": round(took, 1),
        "out": str(out.relative_to(WORK)),
    }
    result.update(journal_stats(out))
    log(
        f"{name}: exit {code} in {took:.0f} s; {result.get('rows', 0)} rows "
        f"({result.get('status', {})}), {result.get('profiled', 0)} profiled, "
        f"ncu {result.get('ncu_seconds', '-')} s"
    )
    return result


def journal_stats(out: Path) -> dict:
    path = out / "journal.jsonl"
    if not path.is_file():
        return {}
    rows, profiles, times = {}, {}, {"row": [], "profile": []}
    for line in path.read_text().splitlines():
        try:
            rec = json.loads(line)
        except json.JSONDecodeError:
            continue
        if rec.get("type") == "row":
            r = rec["row"]
            rows[(r["block_x"], r["block_y"], r["block_z"], r["cache_config"])] = r
            times["row"].append(rec.get("t", 0))
        elif rec.get("type") == "profile":
            profiles[tuple(rec["key"])] = rec
            times["profile"].append(rec.get("t", 0))
    status: dict[str, int] = {}
    for r in rows.values():
        status[r["status"]] = status.get(r["status"], 0) + 1
    ok_profiles = sum(1 for p in profiles.values() if "metrics" in p)
    stats = {
        "rows": len(rows),
        "status": status,
        "profiled": ok_profiles,
        "profile_errors": len(profiles) - ok_profiles,
    }
    if times["profile"] and times["row"]:
        stats["ncu_seconds"] = round(max(times["profile"]) - max(times["row"]), 1)
    best = sorted(
        (r for r in rows.values() if r["status"] == "ok" and r.get("time_ms")),
        key=lambda r: r["time_ms"],
    )[:3]
    stats["best"] = [
        f"{r['block_x']}x{r['block_y']} {r['cache_config']}: {r['time_ms']:.4g} ms" for r in best
    ]
    return stats


def device_arch() -> str:
    """sm_XY of GPU 0 through pycuda (nvidia-smi's compute_cap is not on every driver)."""
    code = (
        "import pycuda.driver as d; d.init(); print('sm_%d%d' % d.Device(0).compute_capability())"
    )
    out = sh([sys.executable, "-c", code]).strip().splitlines()
    return out[-1] if out and out[-1].startswith("sm_") else "sm_90"


def provenance() -> dict:
    smi = sh(
        [
            "nvidia-smi",
            "--query-gpu=name,driver_version,memory.total,clocks.max.sm",
            "--format=csv,noheader",
        ]
    )
    return {
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "command": " ".join([sys.executable, *sys.argv]),
        "gpu": smi,
        "ncu": sh([os.environ.get("NCU", "ncu"), "--version"]).splitlines()[-1:],
        "nvcc": sh(["nvcc", "--version"]).splitlines()[-1:],
        "python": sys.version.split()[0],
        "pycuda": sh([sys.executable, "-c", "import pycuda; print(pycuda.VERSION_TEXT)"]),
        "git_commit": sh(["git", "-C", str(ROOT), "rev-parse", "HEAD"]),
        "git_dirty": bool(
            sh(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"]).strip()
        ),
        "host": os.uname().nodename,
        "budget_s": DEADLINE,
    }


def kill_and_resume() -> dict:
    """Start a sweep, SIGKILL it half-way, finish with --resume, check exactly-once."""
    out = WORK / "resume-demo"
    shapes = diagonal([128, 256, 512, 1024])
    n = len(shapes.split(","))
    argv = [
        sys.executable,
        "-m",
        "gpuadvisor",
        "tune",
        "matrix_add",
        "--param",
        f"ROWS={DEMO_SIZE}",
        "--param",
        f"COLS={DEMO_SIZE}",
        "--shapes",
        shapes,
        "--no-profile",
        "--budget",
        "0.2",
        "--out",
        str(out),
    ]
    shutil.rmtree(out, ignore_errors=True)
    logfile = open(WORK / "logs" / "resume-demo.log", "w")  # noqa: SIM115
    proc = subprocess.Popen(
        argv, stdout=logfile, stderr=subprocess.STDOUT, cwd=ROOT, start_new_session=True
    )
    journal = out / "journal.jsonl"
    deadline = time.monotonic() + 120
    done = 0
    while time.monotonic() < deadline and proc.poll() is None:
        done = journal.read_text().count('"type": "row"') if journal.is_file() else 0
        if done >= n // 2:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    killed_at = journal.read_text().count('"type": "row"') if journal.is_file() else 0
    log(
        f"resume demo: killed with SIGKILL after {killed_at} of {n} configurations "
        f"(exit {proc.returncode})"
    )
    begin = time.monotonic()
    second = subprocess.run(
        argv + ["--resume"], stdout=logfile, stderr=subprocess.STDOUT, cwd=ROOT, timeout=300
    )
    logfile.close()
    rows = [
        json.loads(line)["row"]
        for line in journal.read_text().splitlines()
        if '"type": "row"' in line
    ]
    keys = [(r["block_x"], r["block_y"], r["block_z"], r["cache_config"]) for r in rows]
    import csv

    with open(out / "sweep.csv") as fh:
        table = [r for r in csv.DictReader(line for line in fh if not line.startswith("#"))]
    table_keys = [(r["block_x"], r["block_y"], r["block_z"], r["cache_config"]) for r in table]
    result = {
        "configurations": n,
        "killed_after_rows": killed_at,
        "kill_exit": proc.returncode,
        "resume_exit": second.returncode,
        "resume_seconds": round(time.monotonic() - begin, 1),
        "journal_row_records": len(keys),
        "journal_distinct": len(set(keys)),
        "table_rows": len(table),
        "table_distinct": len(set(table_keys)),
        "statuses": sorted({r["status"] for r in table}),
    }
    result["exactly_once"] = (
        result["journal_row_records"]
        == n
        == result["journal_distinct"]
        == result["table_rows"]
        == result["table_distinct"]
    )
    log(f"resume demo: {result}")
    return result


def external_app() -> list[dict]:
    app = ROOT / "examples" / "matmul_app" / "matmul"
    build = sh(["make", "-C", str(app.parent), f"ARCH={device_arch()}"], timeout=300)
    if not app.is_file():  # no make here: the Makefile's one line, by hand
        build += "\n" + sh(
            [
                "nvcc",
                "-O3",
                "-lineinfo",
                f"-arch={device_arch()}",
                "-o",
                str(app),
                str(app.parent / "matmul.cu"),
            ],
            timeout=300,
        )
    if not app.is_file():
        log(f"example app did not build: {build[-300:]}")
        return [{"name": "matmul_app", "error": build[-2000:]}]
    base = [str(app), "--kernel", "matmul_naive", "--timeout", "30", "--arch", device_arch()]
    timed = tune(
        "matmul_app",
        [*base, "--shapes", APP_SHAPES, "--no-profile", "--", "{block_x}", "{block_y}"],
        WORK / "sweeps" / "matmul_app",
        240,
    )
    profiled = tune(
        "matmul_app_ncu",
        [*base, "--shapes", APP_PROFILE, "--", "{block_x}", "{block_y}"],
        WORK / "sweeps" / "matmul_app_ncu",
        180,
    )
    return [timed, profiled]


class OutOfTime(Exception):
    pass


def _alarm(signum, frame):
    raise OutOfTime


RESULTS_STATE: dict = {
    "sweeps": [],
    "notes": [],
    "external_app": [],
    "resume_demo": None,
    "benchmarks": None,
}


def main() -> int:
    results = RESULTS_STATE
    results["provenance"] = provenance()
    (WORK / "provenance.json").write_text(json.dumps(results["provenance"], indent=2))
    log(f"provenance: {results['provenance']['gpu']}; budget {DEADLINE:.0f} s")
    # Every kernel, small sizes, odd shapes, both cache configs: correct on this GPU?
    begin = time.monotonic()
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-m",
            "gpu",
            "-p",
            "no:cacheprovider",
            str(ROOT / "tests" / "test_gpu_tune.py"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=150,
    )
    (WORK / "logs" / "gpu_tests.log").write_text(proc.stdout + proc.stderr)
    tail = (proc.stdout.strip().splitlines() or ["?"])[-1]
    results["gpu_tests"] = {
        "exit": proc.returncode,
        "summary": tail,
        "seconds": round(time.monotonic() - begin, 1),
    }
    log(f"gpu tests: {tail}")
    # Leave time for the app (~50 s), the resume demo (~30 s) and the benchmarks (~40 s).
    reserve = 130.0
    shrink = False
    for i, (kernel, extra, sizes) in enumerate(REQUIRED):
        allowance = (left() - reserve) / (len(REQUIRED) - i)
        if allowance < 45 and not shrink:
            shrink = True
            results["notes"].append(
                f"behind schedule at {kernel} ({allowance:.0f} s per "
                "kernel left): profiling only the 256-thread diagonal"
            )
            log(results["notes"][-1])
        profiled = [256] if shrink else sizes
        args = sweep_args(kernel, profiled, extra)
        result = tune(kernel, args, WORK / "sweeps" / kernel, max(60.0, left() - reserve))
        result["profiled_sizes"] = profiled
        results["sweeps"].append(result)
    results["external_app"] = external_app() if left() > 60 else "skipped: out of time"
    results["resume_demo"] = kill_and_resume() if left() > 40 else "skipped: out of time"
    if left() > 35:
        bench = WORK / "benchmarks"
        proc = subprocess.run(
            [
                sys.executable,
                str(ROOT / "benchmarks" / "overhead.py"),
                str(bench),
                "--size",
                str(DEMO_SIZE),
            ],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=max(60.0, left()),
        )
        (WORK / "logs" / "overhead.log").write_text(proc.stdout + proc.stderr)
        summary = bench / "overhead.json"
        results["benchmarks"] = (
            json.loads(summary.read_text())
            if summary.is_file()
            else f"failed: {proc.stderr[-500:]}"
        )
        log(f"benchmarks: exit {proc.returncode}")
    else:
        results["benchmarks"] = "skipped: out of time"
    for kernel, extra, sizes in OPTIONAL:
        if left() < 45:
            results["notes"].append(f"out of time before the optional {kernel}")
            break
        args = sweep_args(kernel, [256] if shrink else sizes, extra)
        results["sweeps"].append(tune(kernel, args, WORK / "sweeps" / kernel, left() - 10))
    results["wall_s"] = round(elapsed(), 1)
    write_summary(results)
    return 0


def write_summary(results: dict) -> None:
    RESULTS.mkdir(parents=True, exist_ok=True)
    (WORK / "summary.json").write_text(json.dumps(results, indent=2, default=str))
    prov = results.get("provenance") or {}
    lines = [
        "# gpuadvisor GPU run",
        "",
        f"- GPU: {prov.get('gpu')}",
        f"- ncu: {prov.get('ncu')}",
        f"- date: {prov.get('date')}",
        f"- commit: {prov.get('git_commit')}",
        f"- wall time: {results['wall_s']} s (budget {DEADLINE:.0f} s)",
        "",
        "| sweep | exit | s | rows | status | profiled | ncu s | best |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for s in results["sweeps"] + (
        results["external_app"] if isinstance(results["external_app"], list) else []
    ):
        lines.append(
            f"| {s.get('name')} | {s.get('exit')} | {s.get('seconds')} | "
            f"{s.get('rows')} | {s.get('status')} | {s.get('profiled')} | "
            f"{s.get('ncu_seconds', '-')} | {'; '.join(s.get('best', []))} |"
        )
    lines += [
        "",
        f"gpu tests (every kernel, small sizes): {results.get('gpu_tests')}",
        "",
        f"resume demo: {results['resume_demo']}",
        "",
        f"benchmarks: {json.dumps(results['benchmarks'], default=str)}",
        "",
    ]
    lines += [f"- {n}" for n in results["notes"]]
    (WORK / "summary.md").write_text("\n".join(lines) + "\n")
    with tarfile.open(RESULTS / "results.tar.gz", "w:gz") as tar:
        tar.add(
            WORK,
            arcname="gpuadvisor-gpu-run",
            filter=lambda info: (
                None if "/build" in info.name or info.name.endswith(".cubin") else info
            ),
        )
    for name in ("summary.md", "summary.json", "run.log", "provenance.json"):
        if (WORK / name).is_file():
            shutil.copy(WORK / name, RESULTS / name)
    print((WORK / "summary.md").read_text())


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    RESULTS = Path(sys.argv[1]).resolve()
    WORK = Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp/gpuadvisor-gpu-run").resolve()
    shutil.rmtree(WORK, ignore_errors=True)
    (WORK / "logs").mkdir(parents=True)
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "run.log").unlink(missing_ok=True)
    # A hard stop a little after the budget: whatever ran is still summarized and packed.
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(int(DEADLINE + 60))
    try:
        sys.exit(main())
    except OutOfTime:
        log("hard stop: out of time; summarizing what finished")
        RESULTS_STATE["notes"].append("hard stop at the time limit")
        RESULTS_STATE.setdefault("provenance", {})
        RESULTS_STATE["wall_s"] = round(elapsed(), 1)
        write_summary(RESULTS_STATE)
        sys.exit(1)
