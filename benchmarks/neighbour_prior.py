"""A data-driven alternative to the rules, tried and not kept: the nearest recorded kernels.

Issue 11 asks for the best block shape from one profile. The rules answer from the
architecture model and the profile's counters. The obvious learned alternative: find the
recorded kernels whose profile at the usual default shape (32x8; 256x1 for 1-D) looks most
like this one's, and take the shape that ran best for them (the mean over the ``k`` nearest
of log(time / best) at each shape, the lowest wins). Also tried as a tie-breaker of the
rules: among the rules' first ``N`` listed shapes, the one the neighbours rank best.

Every blind-set table is scored leave-one-kernel-out: no table of the same kernel (other GPU,
repeat) is a neighbour. Training tables: every Hopper sweep with at least 8 timed shapes and a
profile at the default (sweeps, held out, new kernels, blind sets). Features: 20 counters of
the profiled row plus log2 of shared memory per block and log10 of waves, standardized over
the training tables; neighbours only among sweeps of the same dimensionality. Usage::

    python3 benchmarks/neighbour_prior.py [--k 5 12 20] [--lists 1 2 4]

It prints a Markdown table (kept in benchmarks/README.md). About 2 minutes (one rule-only
analysis per blind table for the rules' lists).
"""

from __future__ import annotations

import argparse
import math
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

FEATURES = (
    "registers_per_thread", "gld_efficiency", "gst_efficiency", "l1_hit_rate", "l2_hit_rate",
    "dram_throughput_pct", "sm_throughput_pct", "sectors_per_request",
    "store_sectors_per_request", "achieved_occupancy", "ncu_stall_long_scoreboard",
    "ncu_stall_barrier", "ncu_stall_mio_throttle", "ncu_stall_math_pipe_throttle",
    "ncu_stall_lg_throttle", "ncu_stall_short_scoreboard", "ncu_stall_wait",
    "threads_per_warp_instruction", "memory_throughput_pct", "l2_atomic_busy_max_pct",
)
TRAINING_GLOBS = ("hopper/sweeps/*.csv", "hopper/heldout/*.csv", "hopper/new-kernels/h*/*.csv")
GOAL = 1.03


@dataclass
class Sweep:
    """One kernel's 2-D (or 1-D) sweep at the default cache configuration."""

    path: str
    kernel: str
    dims: int
    features: np.ndarray
    log_ratio: pd.Series  # shape label -> log(time / best time)


def _label(bx: int, by: int) -> str:
    return f"{bx}x{by}"


def read_sweeps(path: Path) -> list[Sweep]:
    """The table's kernels that have a profile at the usual default and >= 8 timed shapes
    (3-D blocks left out: the blind sets' default is 2-D or 1-D)."""
    from gpuadvisor.validation import DEFAULT_1D, DEFAULT_2D

    df = pd.read_csv(path, comment="#", low_memory=False)
    if "time_ms" not in df or "kernel" not in df:
        return []
    df = df[(df["status"] == "ok") & df["time_ms"].notna()]
    if "cache_config" in df:
        df = df[df["cache_config"].fillna("default") == "default"]
    out = []
    for kernel, rows in df.groupby("kernel"):
        if "block_z" in rows and (rows["block_z"].fillna(1) > 1).any():
            continue
        labels = [_label(int(x), int(y)) for x, y in zip(rows["block_x"], rows["block_y"],
                                                          strict=True)]
        times = rows["time_ms"].groupby(labels).min()
        if len(times) < 8:
            continue
        dims = 2 if (rows["block_y"] > 1).any() else 1
        default = DEFAULT_2D if dims == 2 else DEFAULT_1D
        at = rows[(rows["block_x"] == default[0]) & (rows["block_y"] == default[1])]
        if "sm_throughput_pct" not in at:
            continue
        at = at[at["sm_throughput_pct"].notna()]
        if at.empty:
            continue
        row = at.iloc[0]
        values = [float(row[c]) if c in row and pd.notna(row[c]) else np.nan for c in FEATURES]
        smem, waves = (row.get("shared_mem_per_block"), row.get("waves_per_sm"))
        smem = float(smem) if pd.notna(smem) else 0.0
        waves = float(waves) if pd.notna(waves) else 1.0
        values += [math.log2(smem + 1.0), math.log10(waves + 0.01)]
        out.append(Sweep(str(path.relative_to(ROOT)), str(kernel), dims, np.array(values),
                         np.log(times / times.min())))
    return out


class Neighbours:
    """The training sweeps, standardized, and the k-nearest prediction for one of them."""

    def __init__(self, sweeps: list[Sweep]) -> None:
        self.sweeps = sweeps
        raw = np.array([s.features for s in sweeps])
        mean, std = np.nanmean(raw, axis=0), np.nanstd(raw, axis=0) + 1e-9
        self.z = np.nan_to_num((raw - mean) / std)

    def predicted(self, i: int, k: int) -> pd.Series:
        """Mean log(time / best) at each of sweep ``i``'s shapes over the ``k`` nearest other
        kernels (one sweep per kernel, the nearest)."""
        me = self.sweeps[i]
        others = [j for j, s in enumerate(self.sweeps)
                  if s.kernel != me.kernel and s.dims == me.dims]
        distance = np.linalg.norm(self.z[others] - self.z[i], axis=1)
        chosen: list[int] = []
        kernels: set[str] = set()
        for o in np.argsort(distance, kind="stable"):
            j = others[o]
            if self.sweeps[j].kernel not in kernels:
                kernels.add(self.sweeps[j].kernel)
                chosen.append(j)
            if len(chosen) == k:
                break
        shapes = me.log_ratio.index
        table = pd.concat([self.sweeps[j].log_ratio.reindex(shapes) for j in chosen], axis=1)
        return table.mean(axis=1)


def rules_lists(paths: list[Path]) -> dict[tuple[str, str], list[str]]:
    """Each blind table's kernels' rule-only ranking from the one default profile, as
    ``validation.evaluate_one_profile`` makes it (shape labels, best first)."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.rules.engine import load_rules
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.validation import one_profile_view

    rules = load_rules()
    out = {}
    for path in paths:
        df, _ = read_sweep(path)
        analysis = analyze_sweep(one_profile_view(df), rule_only=True, rules=rules)
        for k in analysis.kernels:
            out[(str(path.relative_to(ROOT)), k.kernel)] = [
                _label(e.block_x, e.block_y) for e in k.ranking
                if e.cache_config == "default" and e.block_z == 1]
    return out


def main(argv: list[str] | None = None) -> int:
    from gpuadvisor.validation import BLIND_SETS, DEFAULT_1D, DEFAULT_2D, SEEN

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--k", type=int, nargs="+", default=[5, 12, 20])
    parser.add_argument("--lists", type=int, nargs="+", default=[1, 2, 4])
    args = parser.parse_args(argv)
    if min(args.k) < 1 or min(args.lists) < 1:
        parser.error("--k and --lists: every count must be at least 1")

    blind_paths = [p for folder, _ in BLIND_SETS
                   for p in sorted((ROOT / "fixtures" / "hopper" / folder).glob("*/*.csv"))]
    training_paths = [p for g in TRAINING_GLOBS for p in sorted((ROOT / "fixtures").glob(g))]
    sweeps = [s for p in training_paths + blind_paths for s in read_sweeps(p)]
    blind = {(s.path, s.kernel): i for i, s in enumerate(sweeps) if "/blind" in s.path}
    lists = rules_lists(blind_paths)
    near = Neighbours(sweeps)

    def within(i: int, shape: str) -> bool:
        return math.exp(sweeps[i].log_ratio[shape]) <= GOAL + 1e-12

    cases = [(key, i) for key, i in blind.items() if lists.get(key)]
    pool = [(key, i) for key, i in cases if key[1] not in SEEN]
    print(f"{len(cases)} blind tables ({len(pool)} still blind), {len(sweeps)} sweeps in all",
          file=sys.stderr)
    lines = ["| method | all blind tables | still blind |", "| --- | ---: | ---: |"]

    def row(name: str, pick) -> None:  # noqa: ANN001 - (key, i) -> shape label
        hits = [within(i, pick(key, i)) for key, i in cases]
        still = [within(i, pick(key, i)) for key, i in pool]
        lines.append(f"| {name} | {sum(hits)} of {len(hits)} | {sum(still)} of {len(still)} |")

    def first_of(key, i: int) -> str:  # noqa: ANN001
        return next(s for s in lists[key] if s in sweeps[i].log_ratio.index)

    def default_of(key, i: int) -> str:  # noqa: ANN001
        shape = DEFAULT_2D if sweeps[i].dims == 2 else DEFAULT_1D
        return _label(shape[0], shape[1])

    row("the usual default (32x8, 256x1)", default_of)
    row("rules' pick (today's rules; many of these kernels were seen)", first_of)
    for k in args.k:
        guesses = {i: near.predicted(i, k) for _key, i in cases}
        row(f"nearest {k} kernels' best shape", lambda key, i, g=guesses: g[i].idxmin())
        for n in args.lists:
            if n == 1:
                continue

            def rerank(key, i, g=guesses, n=n) -> str:  # noqa: ANN001
                listed = [s for s in lists[key] if s in sweeps[i].log_ratio.index][:n]
                score = g[i]
                return min(listed, key=lambda s: (score[s] if pd.notna(score[s]) else np.inf,
                                                  listed.index(s)))

            row(f"rules' first {n}, nearest {k} choose", rerank)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
