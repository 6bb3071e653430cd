"""How far one 32x8 profile can take 2-D launch advice: the rules against fixed shapes and
against a nearest-neighbour pick over every recorded 2-D sweep (issue 11).

    python tools/neighbour_check.py [--k 1 3 5 10 20 50]

Data: every single-kernel table under ``fixtures/hopper/`` with 2-D shapes, an ncu profile at
32x8 and at least 100 timed shapes (calibration, new-kernel and blind sweeps; not the held-out
sizes, which are time-only, nor the repeat recordings). Scored: the blind sets' still-blind
2-D kernels, on each GPU, within 3 % of the best.

* the rules' one-profile pick (``validation.blind_results``, today's rules);
* a fixed shape for every kernel (the best few listed);
* a nearest-neighbour pick, each kernel left out with all its tables (both GPUs, every
  size): its k nearest tables by the profile's counters (rank-scaled, L1 distance) vote, and
  the shape within 3 % of the best on most of them wins (ties to the lower mean log regret).
  Two counter sets: the access five (load and store efficiency, L1 hit rate, load and store
  sectors per request) and ``FEATURES`` (22 counters, stalls and occupancy included).

Nothing here is fitted into the rules: it measures how much signal one profile holds.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpuadvisor import validation  # noqa: E402
from gpuadvisor.paths import fixtures_dir  # noqa: E402

ACCESS = ("gld_efficiency", "gst_efficiency", "l1_hit_rate", "sectors_per_request",
          "store_sectors_per_request")
FEATURES = (*ACCESS, "registers_per_thread", "shared_mem_per_block", "achieved_occupancy",
            "dram_throughput_pct", "sm_throughput_pct", "l2_hit_rate", "branch_efficiency",
            "ncu_stall_long_scoreboard", "ncu_stall_lg_throttle", "ncu_stall_barrier",
            "ncu_stall_mio_throttle", "ncu_stall_math_pipe_throttle", "ncu_stall_wait",
            "ncu_stall_short_scoreboard", "waves_per_sm", "threads_per_warp_instruction",
            "ncu_stall_imc_miss")
WITHIN = validation.GOAL_REGRET + 1e-12


def tables() -> list[dict]:
    """One record per 2-D table: kernel, GPU, whether it is a still-blind kernel, the 32x8
    profile's counters and every shape's time over the best."""
    blind = {f for f, _ in validation.BLIND_SETS}
    out = []
    for path in sorted(fixtures_dir().glob("hopper/**/*.csv")):
        parts = path.relative_to(fixtures_dir()).parts
        if parts[1] == "heldout" or "repeat" in parts[1]:
            continue
        try:
            df = pd.read_csv(path, comment="#", low_memory=False)
        except (pd.errors.ParserError, UnicodeDecodeError, ValueError):
            continue
        need = {"kernel", "block_x", "block_y", "time_ms", "sectors_per_request"}
        if not need <= set(df.columns) or df["kernel"].nunique() != 1:
            continue
        if not (df["block_y"] > 1).any():
            continue
        df = df[df.get("status", "ok") == "ok"]
        if "cache_config" in df:
            df = df[df["cache_config"].fillna("default") == "default"]
        if "block_z" in df:
            df = df[df["block_z"].fillna(1) == 1]
        shape = df["block_x"].astype(int).astype(str) + "x" + df["block_y"].astype(int).astype(str)
        df = df.assign(shape=shape)
        profile = df[(df["shape"] == "32x8") & df["sectors_per_request"].notna()]
        times = df.groupby("shape")["time_ms"].min()
        if profile.empty or len(times) < 100:
            continue
        row = profile.iloc[0]
        kernel = str(df["kernel"].iloc[0])
        out.append({"path": str(path), "kernel": kernel,
                    "gpu": "h200" if "H200" in str(df["gpu"].iloc[0]) else "h100",
                    "scored": parts[1] in blind and kernel not in validation.SEEN,
                    "counters": {c: float(row[c]) if c in row and pd.notna(row[c]) else math.nan
                                 for c in FEATURES},
                    "regret": (times / times.min()).to_dict()})
    return out


def rank_scaled(values: np.ndarray) -> np.ndarray:
    """Each column as ranks in [0, 1], missing values at the column's median."""
    out = values.copy()
    for j in range(out.shape[1]):
        col = out[:, j]
        col[np.isnan(col)] = np.nanmedian(col) if np.isfinite(col).any() else 0.0
        out[:, j] = col.argsort().argsort() / max(1, len(col) - 1)
    return out


def neighbour_picks(data: list[dict], counters: tuple[str, ...], k: int,
                    shapes: list[str]) -> list[str]:
    """Each scored table's pick by its k nearest tables of other kernels."""
    z = rank_scaled(np.array([[d["counters"][c] for c in counters] for d in data]))
    log_regret = np.array([[math.log(d["regret"][s]) for s in shapes] for d in data])
    hits = log_regret <= math.log(WITHIN)
    kernels = np.array([d["kernel"] for d in data])
    picks = []
    for i, d in enumerate(data):
        if not d["scored"]:
            continue
        others = np.flatnonzero(kernels != d["kernel"])
        near = others[np.argsort(np.abs(z[others] - z[i]).sum(axis=1), kind="stable")[:k]]
        vote = hits[near].mean(axis=0) - 1e-3 * log_regret[near].mean(axis=0)
        picks.append(shapes[int(np.argmax(vote))])
    return picks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, nargs="+", default=[1, 3, 5, 10, 20, 50],
                        help="neighbour counts to try")
    args = parser.parse_args(argv)
    if min(args.k) < 1:
        parser.error("--k: every neighbour count must be at least 1")
    data = tables()
    scored = [d for d in data if d["scored"]]
    shapes = sorted(set.intersection(*(set(d["regret"]) for d in data)))
    rules = {r.fixture: r.regret for r in validation.blind_results()}
    print(f"{len(data)} 2-D tables with a 32x8 profile ({len(scored)} scored: still-blind "
          f"kernels), {len(shapes)} shapes in every table\n")
    print("| pick | within 3 % (H100) | (H200) | geometric-mean regret |")
    print("| --- | --- | --- | --- |")

    def line(name: str, regrets: list[float]) -> None:
        counts = [sum(r <= WITHIN for r, d in zip(regrets, scored, strict=True)
                      if d["gpu"] == g) for g in ("h100", "h200")]
        totals = [sum(d["gpu"] == g for d in scored) for g in ("h100", "h200")]
        mean = math.exp(sum(map(math.log, regrets)) / len(regrets))
        print(f"| {name} | {counts[0]} of {totals[0]} | {counts[1]} of {totals[1]} "
              f"| {mean:.3f} |")

    line("the rules, one profile", [rules[str(Path(d["path"]).relative_to(
        fixtures_dir().parent))] for d in scored])
    fixed = sorted(shapes, key=lambda s: -sum(d["regret"][s] <= WITHIN for d in scored))
    for s in fixed[:4]:
        line(f"always {s}", [d["regret"][s] for d in scored])
    for name, counters in (("access five", ACCESS), ("22 counters", FEATURES)):
        for k in args.k:
            picks = neighbour_picks(data, counters, k, shapes)
            line(f"{k} nearest, {name}", [d["regret"][p] for d, p in
                                          zip(scored, picks, strict=True)])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
