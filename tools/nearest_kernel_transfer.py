"""Does a kernel's one profile say more when read by a learner than by the rules? (issue 11)

    python tools/nearest_kernel_transfer.py [--k 1 3 5 8]

A baseline the rules must beat, made of data instead of guidance: each blind kernel (both
GPUs) takes the measured sweep curves of the k recorded kernels whose profile at the usual
default (32x8; 256x1 for 1-D sweeps) is nearest to its own, among kernels recorded before it
(the calibration sweeps, the new kernels, the held-out tables and the earlier blind sets; never
the same kernel name; the same dimensionality), and picks the shape whose mean log time over
the best is lowest in those curves. Features: the profile's efficiencies, hit rates,
throughputs, occupancy, stall shares, sectors per request, resources and sizes, each
standardized over all recorded kernels (missing ones left out of a distance). Prints, per k,
how often that pick is within 3 % of the kernel's measured best, against the app's default
shape and the rules' first scorings (docs/validation.md).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpuadvisor import validation  # noqa: E402
from gpuadvisor.paths import fixtures_dir  # noqa: E402
from gpuadvisor.sweep import read_sweep  # noqa: E402

FEATURES = (
    "gld_efficiency", "gst_efficiency", "l1_hit_rate", "l2_hit_rate", "achieved_occupancy",
    "theoretical_occupancy", "sm_throughput_pct", "memory_throughput_pct",
    "dram_throughput_pct", "branch_efficiency", "shared_efficiency",
    "ncu_stall_long_scoreboard", "ncu_stall_barrier", "ncu_stall_mio_throttle",
    "ncu_stall_short_scoreboard", "ncu_stall_not_selected", "ncu_stall_math_pipe_throttle",
    "ncu_stall_wait", "ncu_stall_lg_throttle", "ncu_stall_membar", "ncu_stall_tex_throttle",
    "ncu_stall_branch_resolving", "ncu_stall_dispatch_stall", "ncu_stall_drain",
    "sectors_per_request", "store_sectors_per_request", "registers_per_thread",
    "shared_mem_per_block", "waves_per_sm", "threads_per_warp_instruction",
    "l1_global_atomic_requests", "l1_global_reduction_requests", "l1_global_load_requests",
    "l1_global_store_requests", "warp_cycles_per_issued_inst", "dram_bytes_read",
    "dram_bytes_write", "grid_size")
_LOG2 = {"sectors_per_request", "store_sectors_per_request", "warp_cycles_per_issued_inst"}
_LOG10 = {"waves_per_sm", "grid_size", "dram_bytes_read", "dram_bytes_write",
          "l1_global_load_requests", "l1_global_store_requests", "l1_global_atomic_requests",
          "l1_global_reduction_requests"}


def _scaled(name: str, value: float) -> float:
    if name in _LOG2:
        return math.log2(max(value, 0.5))
    if name in _LOG10:
        return math.log10(1 + value)
    if name == "registers_per_thread":
        return value / 32
    if name == "shared_mem_per_block":
        return math.log2(1 + value / 1024)
    return value / 100


def _tables() -> list[tuple[int, Path]]:
    """(order, path): 0 for what came before the blind sets, n for blind set n."""
    hopper = fixtures_dir() / "hopper"
    out = [(0, p) for sub in ("sweeps", "heldout", "new-kernels/h100", "new-kernels/h200")
           for p in sorted((hopper / sub).glob("*.csv"))]
    for n, (folder, _what) in enumerate(validation.BLIND_SETS, start=1):
        out += [(n, p) for p in sorted((hopper / folder).glob("*/*.csv"))]
    return out


def kernels() -> list[dict]:
    """Every recorded kernel: its order, name, dimensionality, default-shape profile
    features and measured curve (default cache configuration, rows that ran)."""
    out = []
    for order, path in _tables():
        df, _provenance = read_sweep(path)
        for name, kdf in df.groupby(df["kernel"].astype(str), sort=False):
            kdf = kdf[(kdf["cache_config"].astype(str) == "default") & (kdf["status"] == "ok")
                      & kdf["time_ms"].notna()]
            two_d = bool((kdf["block_y"] > 1).any())
            default = validation.DEFAULT_2D if two_d else validation.DEFAULT_1D
            at = kdf[(kdf["block_x"] == default[0]) & (kdf["block_y"] == default[1])
                     & (kdf["block_z"] == default[2])]
            if at.empty:
                continue
            row = at.iloc[0]
            features = [(_scaled(f, float(row[f])) if f in row and row[f] == row[f]
                         else math.nan) for f in FEATURES]
            curve = {(int(r.block_x), int(r.block_y), int(r.block_z)): float(r.time_ms)
                     for r in kdf.itertuples()}
            out.append({"order": order, "kernel": name, "two_d": two_d, "default": default,
                        "features": features, "curve": curve})
    return out


def score(recorded: list[dict], k: int) -> tuple[int, int, int]:
    """(blind kernels, transferred picks within 3 %, defaults within 3 %)."""
    x = np.array([r["features"] for r in recorded], dtype=float)
    z = (x - np.nanmean(x, 0)) / np.where(np.nanstd(x, 0) > 0, np.nanstd(x, 0), 1)
    total = hits = default_hits = 0
    for i, target in enumerate(recorded):
        if target["order"] == 0:
            continue
        distances = []
        for j, other in enumerate(recorded):
            if (other["order"] >= target["order"] or other["kernel"] == target["kernel"]
                    or other["two_d"] != target["two_d"]):
                continue
            both = ~np.isnan(z[i]) & ~np.isnan(z[j])
            if both.any():
                d = float(((z[i][both] - z[j][both]) ** 2).sum()) * len(FEATURES) / both.sum()
                distances.append((d, j))
        neighbours = [recorded[j]["curve"] for _d, j in sorted(distances)[:k]]
        scores = {}
        for shape in target["curve"]:
            logs = [math.log(c[shape] / min(c.values())) for c in neighbours if shape in c]
            if neighbours and len(logs) == len(neighbours):
                scores[shape] = sum(logs) / len(logs)
        pick = min(scores, key=scores.get) if scores else target["default"]
        best = min(target["curve"].values())
        total += 1
        hits += target["curve"][pick] <= best * validation.GOAL_REGRET + 1e-12
        default_hits += target["curve"][target["default"]] <= best * validation.GOAL_REGRET \
            + 1e-12
    return total, hits, default_hits


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--k", type=int, nargs="+", default=[1, 3, 5, 8])
    args = parser.parse_args(argv)
    recorded = kernels()
    firsts = validation.first_scorings()
    print(f"{len(recorded)} recorded kernel tables; the rules' first scorings: "
          f"{sum(f.within for f in firsts)} of {len(firsts)} within 3 %")
    for k in args.k:
        total, hits, default_hits = score(recorded, k)
        print(f"nearest {k}: {hits} of {total} within 3 % (the apps' defaults: "
              f"{default_hits} of {total})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
