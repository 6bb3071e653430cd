"""Does `tune --retime` repair cells a transient on the GPU hit? (issue 11 round 9)

Three timing-only sweeps of one built-in kernel on the same GPU, one after another:

1. **quiet**: `tune KERNEL --no-profile --retime 0`, nothing else on the GPU: the reference;
2. **disturbed**: the same with `--retime N` while a second process (``--disturb``) launches,
   every ``PERIOD`` seconds, a spin kernel that holds every SM for ``SPIN_MS`` ms, so some
   cells' repeats are delayed;
3. **disturbed, off**: the same disturbance with `--retime 0` (what a sweep without the
   re-timing pass records).

Per run: cells whose spread stands out (``timing.unstable_cells``), and every cell's time over
the quiet run's (median and worst over the cells, and how many are off by more than 3 %). For
run 2 also each re-timed cell's first and kept time over the quiet time (the journal keeps the
first pass's row and the `retime` record).

    python3 benchmarks/retime_check.py OUTDIR [--kernel matrix_add] [--retime 20]

Writes OUTDIR/retime_check.json and OUTDIR/retime_check.md (and the three sweep folders).
Needs a GPU, pycuda and nvcc.
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

SPIN = r"""
extern "C" __global__ void spin(long long cycles) {
    long long start = clock64();
    while (clock64() - start < cycles) { }
}
"""


def disturb(seconds: float, period: float, spin_ms: float) -> int:
    """Child: hold every SM with a spin kernel for ``spin_ms`` every ``period`` seconds."""
    import numpy as np
    import pycuda.autoinit  # noqa: F401 - creates the context
    import pycuda.driver as drv
    from pycuda.compiler import SourceModule

    spin = SourceModule(SPIN, no_extern_c=True).get_function("spin")
    dev = drv.Context.get_device()
    sms = dev.get_attribute(drv.device_attribute.MULTIPROCESSOR_COUNT)
    try:
        khz = dev.get_attribute(drv.device_attribute.CLOCK_RATE)
    except Exception:  # noqa: BLE001 - attribute gone in newer CUDA: H100/H200 boost clock
        khz = 1_980_000
    cycles = np.int64(spin_ms * khz)
    end = time.time() + seconds
    bursts = 0
    while time.time() < end:
        spin(cycles, block=(1024, 1, 1), grid=(sms * 2, 1))
        drv.Context.synchronize()
        bursts += 1
        print(f"burst {bursts} {time.time():.3f}", flush=True)
        time.sleep(period)
    print(json.dumps({"bursts": bursts, "spin_cycles": int(cycles), "sms": sms}))
    return 0


def tune(kernel: str, out: Path, retime: int, extra: list[str]) -> float:
    cmd = [sys.executable, "-m", "gpuadvisor", "tune", kernel, "--no-profile", "--quiet",
           "--min-threads", "32", "--budget", "0.1", "--max-repeats", "10",
           "--retime", str(retime), "--overwrite", "--out", str(out), *extra]
    start = time.time()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return time.time() - start


def journal(out: Path) -> tuple[dict, dict]:
    """First-pass rows and re-timed rows by configuration key."""
    first, again = {}, {}
    for line in (out / "journal.jsonl").read_text().splitlines():
        record = json.loads(line)
        row = record.get("row")
        if not isinstance(row, dict):
            continue
        key = (row["block_x"], row["block_y"], row["block_z"], row["cache_config"])
        (first if record["type"] == "row" else again)[key] = row
    return first, again


def compare(rows: dict, quiet: dict) -> dict:
    ratios = [rows[k]["time_ms"] / quiet[k]["time_ms"] for k in rows
              if k in quiet and rows[k].get("status") == "ok" and quiet[k].get("status") == "ok"]
    return {"cells": len(ratios), "median_ratio": statistics.median(ratios),
            "worst_ratio": max(ratios), "off_by_3pct": sum(abs(r - 1) > 0.03 for r in ratios)}


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--disturb":
        return disturb(float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]))
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir", type=Path)
    ap.add_argument("--kernel", default="matrix_add")
    ap.add_argument("--retime", type=int, default=20)
    ap.add_argument("--period", type=float, default=0.25, help="seconds between bursts")
    ap.add_argument("--spin-ms", type=float, default=5.0)
    ap.add_argument("--param", action="append", default=[])
    args = ap.parse_args()
    from gpuadvisor.timing import relative_spread, unstable_cells

    extra = [x for p in args.param for x in ("--param", p)]
    args.outdir.mkdir(parents=True, exist_ok=True)
    runs = {}
    walls = {"quiet": tune(args.kernel, args.outdir / "quiet", 0, extra)}
    for name, retime in (("disturbed", args.retime), ("disturbed_off", 0)):
        log = (args.outdir / f"{name}_disturber.log").open("w")
        child = subprocess.Popen(
            [sys.executable, __file__, "--disturb", "600", str(args.period), str(args.spin_ms)],
            stdout=log, stderr=subprocess.STDOUT, text=True)
        time.sleep(3.0)  # the disturber's context and first burst
        if child.poll() is not None:
            log.close()
            raise SystemExit("the disturber stopped: "
                             + (args.outdir / f"{name}_disturber.log").read_text()[-2000:])
        try:
            walls[name] = tune(args.kernel, args.outdir / name, retime, extra)
        finally:
            child.terminate()
            child.wait(timeout=30)
            log.close()
    quiet, _ = journal(args.outdir / "quiet")
    for name in ("quiet", "disturbed", "disturbed_off"):
        first, again = journal(args.outdir / name)
        final = {**first, **again}
        keys = list(first)
        flagged = [keys[i] for i in unstable_cells([first[k] for k in keys])]
        runs[name] = {
            "wall_s": round(walls[name], 1),
            "unstable_in_first_pass": len(flagged),
            "retimed": len(again),
            "first_pass_vs_quiet": compare(first, quiet),
            "final_vs_quiet": compare(final, quiet),
            "retimed_cells": [
                {"shape": f"{k[0]}x{k[1]}x{k[2]}",
                 "first_spread": relative_spread(first[k]),
                 "kept_spread": relative_spread(again[k]),
                 "first_vs_quiet": first[k]["time_ms"] / quiet[k]["time_ms"],
                 "kept_vs_quiet": again[k]["time_ms"] / quiet[k]["time_ms"]}
                for k in again if k in quiet],
        }
    (args.outdir / "retime_check.json").write_text(json.dumps(runs, indent=1))
    lines = ["| run | wall s | unstable cells (first pass) | re-timed | first pass vs quiet: "
             "median / worst / cells off > 3 % | final vs quiet |", "|---|---:|---:|---:|---|---|"]
    for name, r in runs.items():
        f, g = r["first_pass_vs_quiet"], r["final_vs_quiet"]
        lines.append(f"| {name} | {r['wall_s']} | {r['unstable_in_first_pass']} | {r['retimed']} "
                     f"| {f['median_ratio']:.3f} / {f['worst_ratio']:.3f} / {f['off_by_3pct']} "
                     f"of {f['cells']} | {g['median_ratio']:.3f} / {g['worst_ratio']:.3f} / "
                     f"{g['off_by_3pct']} of {g['cells']} |")
    text = "\n".join(lines) + "\n"
    (args.outdir / "retime_check.md").write_text(text)
    print(text)
    for c in runs["disturbed"]["retimed_cells"]:
        print(f"  {c['shape']}: spread {c['first_spread']:.3f} -> {c['kept_spread']:.3f}, "
              f"vs quiet {c['first_vs_quiet']:.3f} -> {c['kept_vs_quiet']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
