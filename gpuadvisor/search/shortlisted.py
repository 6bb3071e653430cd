"""The shortlist strategy: profile the app's usual default shape first, time the first 4
shapes a rule-only analysis of that profile lists (``analyze profile.csv --rule-only``'s note:
the rules' pick, then their best shape of each other block aspect, :mod:`gpuadvisor.shortlist`;
the note lists 4 to 8 by the kernel's class, :mod:`gpuadvisor.pick_reliability`), then search
around the fastest as the guided strategy does, which covers the rest of a longer list's reach.

Where the first launch has at most one block an SM, the list's second shape is the
pick read as a fixed grid (``analyze --fixed-grid``): one launch cannot tell a fixed grid from
one thread an element, and there the two readings want opposite block sizes.

Why: one profile rarely settles a 2-D kernel's best shape (the blind sets' one-profile picks
are about as good as the apps' defaults), but the shortlist hedges across the readings the
profile leaves open, and the guided strategy's neighbourhood search then refines the fastest.
The guided strategy starts at 256x1 whatever the kernel; starting where the app is (32x8 for a
2-D space) gives the rules the profile they were calibrated from. ``benchmarks/blind_search.py``
compares the two on the blind sets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpuadvisor.numbers import float_or_none
from gpuadvisor.search.base import Proposal, Step
from gpuadvisor.search.strategies import Guided
from gpuadvisor.shapes import USUAL_DEFAULT_1D, USUAL_DEFAULT_2D
from gpuadvisor.shortlist import SHORTLIST_SIZE, aspect_family, shortlist
from gpuadvisor.space import Config, config_of_block


class Shortlisted(Guided):
    """Guided search whose first measurements are the app's default and the rules' shortlist."""

    name = "shortlist"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._blocks: list[tuple[int, int, int]] | None = None  # the list, once made
        self._from_analysis = False
        self._why_not: str | None = None  # why the first row's analysis gave no list
        self._hedge: tuple[int, int, int] | None = None  # the fixed-grid reading's pick

    def propose(self, history: Sequence[Step]) -> Proposal | None:
        if not history:
            first = usual_default(self.configs)
            if first is not None:
                return Proposal(first, f"start: {first.label()}, the usual default shape, "
                                       "profiled: the rules rank the space from it")
            return super().propose(history)
        if len(history) - self.extra_steps < self.k.explore:
            self._update_prior(history)
            self._prune_from_counters(history)
            listed = self._listed(history)
            if listed is not None:
                return listed
        return super().propose(history)

    def _listed(self, history: Sequence[Step]) -> Proposal | None:
        """The best-ranked configuration of the first listed shape not measured yet."""
        done = {s.config.block for s in history}
        ranked = sorted(self.configs, key=lambda c: self._rank[c.key])
        if self._blocks is None:  # made once, from the first row (or the rules' ranking)
            blocks, why, self._hedge = _analysis_list(
                history[0], {c.block for c in self.configs}, self.arch, self.code)
            self._from_analysis = blocks is not None
            self._why_not = why
            self._blocks = blocks or shortlist((c.block for c in ranked), SHORTLIST_SIZE)
        source = ("a rule-only analysis of the first profile" if self._from_analysis
                  else "the rules' ranking" + (f" ({self._why_not})" if self._why_not else ""))
        for i, block in enumerate(self._blocks):
            if block in done:
                continue
            options = [c for c in ranked if c.block == block and c.key not in self._pruned]
            if options:
                family = aspect_family(block)
                what = ("pick" if i == 0 else "pick read as a fixed grid (the first launch has "
                        "at most one block an SM)" if block == self._hedge
                        else f"best {family} shape"
                        if family not in {aspect_family(b) for b in self._blocks[:i]}
                        else "next shape")
                return Proposal(options[0], f"shortlist {i + 1} of {len(self._blocks)}: the "
                                            f"rules' {what}, from {source}")
        return None


def _analysis_list(first: Step, space: set[tuple[int, int, int]], arch: str | None,
                   code: Any = None) -> tuple[list[tuple[int, int, int]] | None, str | None,
                                              tuple[int, int, int] | None]:
    """The shapes ``analyze --rule-only`` lists from the first measured row (the ranking of
    the architecture's space from that one profile, kept to the search space), with
    :func:`_fixed_grid_pick` second where it gives one; or None and why not (the row did not
    run, or its analysis failed: the reason goes into the search's own reasons, so a fallback
    is never silent). Last, the fixed-grid pick listed, if any."""
    if first.time_ms is None:
        return None, "the first row did not run", None
    try:
        ranked = _ranked_blocks(first, space, arch, code)
    except Exception as err:  # noqa: BLE001 - as guided's prior: the search goes on
        return (None, f"the first row's analysis failed: {type(err).__name__}: {err}"[:200],
                None)
    listed = shortlist(ranked, SHORTLIST_SIZE)
    if not listed:
        return None, "the analysis ranked no shape of the space", None
    hedge = _fixed_grid_pick(first, space, arch, code)
    if hedge is None or hedge == listed[0]:
        return listed, None, None
    return [listed[0], hedge, *[b for b in listed[1:] if b != hedge]], None, hedge


def _fixed_grid_pick(first: Step, space: set[tuple[int, int, int]], arch: str | None,
                     code: Any = None) -> tuple[int, int, int] | None:
    """Where the first launch has at most one block an SM, the pick of ``analyze
    --fixed-grid`` (every shape launching that grid), else None.

    One launch cannot show whether the grid follows the block, and under one block an SM the
    two readings want opposite shapes: one thread an element wants smaller blocks (more of
    them), a fixed grid (a block a channel, a grid-stride loop) larger ones (more threads).
    Of the 11 recorded tables whose default launch had fewer blocks than SMs, 4 were fixed
    grids (CUDA samples' single-pass reduction 13.2x from the profile alone, ViennaCL's
    sparse-dense product 1.66x, Kilosort's Conv1D 5.00x and snippet extraction 1.45x; 1.00-1.04x
    read as fixed) and 7 followed the block, so the list holds both readings' picks. A grid of
    exactly one block an SM is the persistent launch's (a grid sized from the SM count): set
    72's MindSpore segment max (132 blocks on 132 SMs, a grid-stride loop) asked 256x1 down to
    768x1 and kept 768x1, 1.47x, where the fixed-grid pick 1024x1 is its best (issue 11 round
    50; the other recorded table of 132 blocks, Random123's pi estimate, followed the block and
    keeps its best either way)."""
    sm = float_or_none(first.row.get("sm_count"))
    grid = [float_or_none(first.row.get(f"grid_{a}")) for a in "xyz"]
    if not sm or grid[0] is None or grid[0] * (grid[1] or 1) * (grid[2] or 1) > sm:
        return None
    try:
        ranked = _ranked_blocks(first, space, arch, code, fixed_grid=True)
    except Exception:  # noqa: BLE001 - a hedge only: the list stands without it
        return None
    return ranked[0] if ranked else None


def _ranked_blocks(first: Step, space: set[tuple[int, int, int]], arch: str | None,
                   code: Any = None, fixed_grid: bool = False) -> list[tuple[int, int, int]]:
    """The shapes of the search space in the order ``analyze --rule-only`` (with
    ``--fixed-grid``) ranks them from the first measured row alone."""
    import pandas as pd

    from gpuadvisor.analysis import analyze_sweep

    (kernel,) = analyze_sweep(pd.DataFrame([dict(first.row)]), arch=arch, rule_only=True,
                              code=code, fixed_grid=fixed_grid).kernels
    return [b for e in kernel.ranking if (b := (e.block_x, e.block_y, e.block_z)) in space]


def usual_default(configs: Sequence[Config]) -> Config | None:
    """32x8 in a space with 2-D blocks, 256x1 otherwise, at the default cache configuration
    (the first listed where none is called default); None where the space lacks it."""
    two_d = any(c.block[1] > 1 or c.block[2] > 1 for c in configs)
    return config_of_block(configs, USUAL_DEFAULT_2D if two_d else USUAL_DEFAULT_1D)
