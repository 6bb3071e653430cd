"""Every kernel of a scoring pass ranked at once with NumPy (issue 13, eighth pass).

:func:`order_kernel` gives what a kernel's analysis needs of its ranking: the candidates by
time (:func:`~gpuadvisor.rank.rank_by_time`, ties grouped) or by the rules
(:func:`~gpuadvisor.rank.rank_by_rules`), the rules' pick and the Pareto front
(:func:`~gpuadvisor.rank.pareto_front`). For a :class:`~gpuadvisor.scored_columns.ScoredKernel`
the whole pass is ranked once (:func:`pass_ranks`): one sort over every candidate by kernel
and rule key, one by kernel and time, the tie groups in one walk over the timed candidates,
the Pareto front by kernel and efficiency; each kernel then reads its slices.

The orders are those of the objects: equal rule keys share a rank as equal tuples do, ties
break on input position as Python's stable sorts do, and ``round(score, 9)`` is Python's
(:func:`~gpuadvisor.rounding.round_array`). A kernel whose columns hold what the arrays
would not order as Python orders the objects (a NaN score, a block beyond 2**20 a side, an
efficiency that is not a plain float, or NaN) is ranked by :mod:`gpuadvisor.rank` on the
objects (``tests/test_kernel_ranking.py`` checks both against it).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpuadvisor.rank import (
    TIE_SIGMAS,
    Scored,
    _cache_rank,
    best_of,
    pareto_front,
    rank_by_rules,
    rank_by_time,
    rule_sort_key,
)
from gpuadvisor.rounding import round_array
from gpuadvisor.scored_columns import RankedView, ScoredKernel, ScoredPass

#: A block side up to this keeps the block's size (x * y * z) within int64.
_MAX_SIDE = 1 << 20


@dataclass
class KernelOrder:
    """What a kernel's analysis needs of its ranking: the ranked candidates (best first), the
    rules' pick, the Pareto front's size and whether ``ranked[0]`` is on it, the number of
    candidates not excluded, and the excluded candidates and (measured mode) those without a
    time, in input order."""

    ranked: Sequence[Scored]
    rule_pick: Scored | None
    pareto_size: int
    pick_in_pareto: bool
    configs: int
    excluded: list[Scored]
    untimed: list[Scored]


def order_kernel(scored: Sequence[Scored], mode: str) -> KernelOrder:
    """Rank ``scored`` by time (``measured`` mode) or by the rules, with the rules' pick and
    the Pareto front: from the pass's columns for a ``ScoredKernel``, else on the objects."""
    if isinstance(scored, ScoredKernel) and len(scored):
        ranks = pass_ranks(scored.scored_pass)
        if ranks.exact[scored.k]:
            return ranks.order(scored, mode)
    return order_objects(scored, mode)


def order_objects(scored: Sequence[Scored], mode: str) -> KernelOrder:
    """:func:`order_kernel` by the functions of :mod:`gpuadvisor.rank` on the objects."""
    keys = [rule_sort_key(s) for s in scored] if mode == "measured" else []
    ranked = rank_by_time(scored, keys) if mode == "measured" else rank_by_rules(scored)
    if mode != "measured":
        rule_pick = ranked[0] if ranked else None
    else:  # the first of rank_by_rules(scored), without ranking (or copying) them all
        first = min((i for i, s in enumerate(scored) if not s.excluded),
                    key=keys.__getitem__, default=None)
        rule_pick = scored[first] if first is not None else None
    front = pareto_front(scored)
    return KernelOrder(
        ranked=ranked, rule_pick=rule_pick, pareto_size=len(front),
        pick_in_pareto=bool(ranked) and ranked[0].candidate.key in front,
        configs=len([s for s in scored if not s.excluded]),
        excluded=[s for s in scored if s.excluded],
        untimed=([s for s in scored if not s.excluded and s.candidate.time_ms is None]
                 if mode == "measured" else []))


class PassRanks:
    """Every kernel of a pass ranked both ways, with its Pareto front (see the module)."""

    def __init__(self, sp: ScoredPass) -> None:
        n = len(sp.cands)
        kernel = sp.column("kernel")
        score, excluded = sp.column("score"), sp.column("excluded")
        bx, by, bz = sp.column("bx"), sp.column("by"), sp.column("bz")
        self.exact = np.ones(len(sp.bounds) - 1, dtype=bool)
        if bx is None or by is None or bz is None:
            self.exact[:] = False
            return
        neg_round = -round_array(score, 9)
        big = ((np.abs(bx) >= _MAX_SIDE) | (np.abs(by) >= _MAX_SIDE) | (np.abs(bz) >= _MAX_SIDE)
               | np.isnan(neg_round))
        self.exact[kernel[big]] = False
        position = np.arange(n, dtype=np.int64)
        # rule_sort_key: (-round(score, 9), cache rank, -block x, size, block z, cache config)
        parts = [kernel, neg_round, sp.column("cache_rank"), -bx, bx * by * bz, bz,
                 sp.column("cache_code")]
        key_order = np.lexsort((position, *reversed(parts)))
        new = np.zeros(n, dtype=bool)  # a rule key unlike the one before (in key order)
        if n:
            new[0] = True
        for p in parts:
            ordered = p[key_order]
            new[1:] |= ordered[1:] != ordered[:-1]
        key_rank = np.empty(n, dtype=np.int64)  # equal keys, equal ranks (as tuples compare)
        key_rank[key_order] = np.cumsum(new)
        self.kernel = kernel
        self.excluded = excluded
        self.by_rules = key_order[~excluded[key_order]]
        self.times = sp.column("times")
        self.by_time, self.tie_group, self.tied = self._by_time(sp, key_rank)
        self.front = self._front(sp)
        # where each kernel's run starts in the two orders (kernel by kernel)
        kernels = np.arange(len(sp.bounds), dtype=np.int64)
        self.rules_at = np.searchsorted(kernel[self.by_rules], kernels).tolist()
        self.time_at = np.searchsorted(kernel[self.by_time], kernels).tolist()

    def _by_time(self, sp: ScoredPass, key_rank: Any) -> tuple[Any, Any, Any]:
        """``rank_by_time`` of every kernel: the timed candidates in rank order (kernel by
        kernel), and each candidate's tie group within its kernel (0: not ranked) and tie
        flag."""
        kernel, times = self.kernel, self.times
        n = len(times)
        timed = np.flatnonzero(~np.isnan(times))
        order = timed[np.lexsort((timed, key_rank[timed], times[timed], kernel[timed]))]
        group = _tie_groups(sp, order, kernel[order])  # running number, kernel by kernel
        # inside a group: by rule key, then time (stable: the time order on equal keys)
        final = order[np.lexsort((np.arange(len(order)), times[order], key_rank[order], group))]
        size = np.bincount(group) if len(group) else np.zeros(0, dtype=np.int64)
        tied = np.zeros(n, dtype=bool)
        tied[order] = size[group] > 1
        # groups numbered from 1 within each kernel
        first_group = np.full(len(sp.bounds) - 1, 0, dtype=np.int64)
        if len(order):
            ks = kernel[order]
            starts = np.flatnonzero(np.r_[True, ks[1:] != ks[:-1]])
            first_group[ks[starts]] = group[starts]
        tie_group = np.zeros(n, dtype=np.int64)
        tie_group[order] = group - first_group[kernel[order]] + 1
        return final, tie_group, tied

    def _front(self, sp: ScoredPass) -> Any:
        """Which candidates are on their kernel's Pareto front (``pareto_front``), as a
        boolean column; kernels with a NaN point are marked inexact."""
        kernel = self.kernel
        keep = np.flatnonzero(~self.excluded)
        eff, util = sp.column("eff")[keep], sp.column("util")[keep]
        ks = kernel[keep]
        self.exact[ks[np.isnan(eff) | np.isnan(util)]] = False
        front = np.zeros(len(kernel), dtype=bool)
        if not len(keep):
            return front
        o = np.lexsort((-eff, ks))  # kernel by kernel, the highest efficiency first
        ks, es, us = ks[o], eff[o], util[o]
        new = np.r_[True, (ks[1:] != ks[:-1]) | (es[1:] != es[:-1])]  # a group of equal eff
        starts = np.flatnonzero(new)
        group = np.cumsum(new) - 1
        top = np.maximum.reduceat(us, starts)  # each group's highest utilization
        # best_before: the highest utilization among higher efficiencies of the same kernel,
        # a running maximum that restarts with each kernel: done on codes that put every
        # kernel's values above the previous kernels'.
        values, rank = np.unique(top, return_inverse=True)
        span = len(values) + 1
        gk = ks[starts]
        code = gk * span + rank.reshape(-1) + 1
        prev = np.r_[0, np.maximum.accumulate(code)[:-1]]
        mine = prev > gk * span
        before = np.full(len(top), -np.inf)
        before[mine] = values[prev[mine] - gk[mine] * span - 1]
        on = ~(before[group] >= us) & ~(top[group] > us)
        front[keep[o[on]]] = True
        return front

    def order(self, sk: ScoredKernel, mode: str) -> KernelOrder:
        """Kernel ``sk.k``'s :class:`KernelOrder` from the pass's ranking."""
        k, start, stop = sk.k, sk.start, sk.stop
        excluded = self.excluded[start:stop]
        by_rules = self.by_rules[self.rules_at[k]:self.rules_at[k + 1]]
        if mode == "measured":
            ranked_pos = (self.by_time[self.time_at[k]:self.time_at[k + 1]] - start).tolist()
            tie_group = self.tie_group[start:stop].tolist()
            tied = self.tied[start:stop].tolist()
        else:
            ranked_pos = (by_rules - start).tolist()
            tie_group, tied = [0] * (stop - start), [False] * (stop - start)
            for place, i in enumerate(ranked_pos, 1):
                tie_group[i] = place
        rank = [0] * (stop - start)
        for place, i in enumerate(ranked_pos, 1):
            rank[i] = place
        sk.set_places(rank, tie_group, tied)
        ranked = RankedView(sk, ranked_pos, tie_group)
        if mode == "measured":
            rule_pick = sk[int(by_rules[0]) - start] if len(by_rules) else None
        else:
            rule_pick = ranked[0] if ranked_pos else None
        front = self.front[start:stop]
        untimed = (np.flatnonzero(np.isnan(self.times[start:stop]) & ~excluded).tolist()
                   if mode == "measured" else [])
        return KernelOrder(
            ranked=ranked, rule_pick=rule_pick, pareto_size=int(front.sum()),
            pick_in_pareto=bool(ranked_pos) and bool(front[ranked_pos[0]]),
            configs=int((~excluded).sum()),
            excluded=[sk[i] for i in np.flatnonzero(excluded).tolist()],
            untimed=[sk[i] for i in untimed])


def pass_ranks(sp: ScoredPass) -> PassRanks:
    """The pass's :class:`PassRanks`, made once."""
    if sp.ranks is None:
        sp.ranks = PassRanks(sp)
    return sp.ranks  # type: ignore[no-any-return]


def _tie_groups(sp: ScoredPass, order: Any, kernels: Any) -> Any:
    """A running group number for the timed candidates in ``order`` (each kernel's by time,
    kernel after kernel), as ``rank_by_time`` groups them: a candidate joins the group of the
    one that opened it when the two are statistically tied (``rank._tied_info``)."""
    infos = _tie_columns(sp, order)
    times, lo, hi, ranged, std, has_std, reps = infos
    out = [0] * len(order)
    g = -1
    head_k = -1
    hr = hs = False
    ht = hlo = hhi = hsd = hn = 0.0
    sqrt = math.sqrt
    sigmas = TIE_SIGMAS
    for j, k in enumerate(kernels.tolist()):
        if k == head_k:
            if hr and ranged[j]:
                same = hlo <= hi[j] and lo[j] <= hhi
            elif hs and has_std[j]:
                sb = std[j]
                same = abs(ht - times[j]) <= sigmas * sqrt(hsd * hsd / hn + sb * sb / reps[j])
            else:
                same = ht == times[j]
            if same:
                out[j] = g
                continue
        g += 1
        out[j] = g
        head_k = k
        ht, hlo, hhi, hr, hsd, hs, hn = (times[j], lo[j], hi[j], ranged[j], std[j],
                                         has_std[j], reps[j])
    return np.asarray(out, dtype=np.int64)


def _tie_columns(sp: ScoredPass, order: Any) -> tuple[list[Any], ...]:
    """What ``rank._tie_info`` holds of the candidates in ``order``, as lists: time, range
    (lo, hi, whether there is one), standard deviation (and whether there is one) and
    repeats (at least 1)."""
    if sp.table is not None:
        return _table_tie_columns(sp, order)
    else:
        from gpuadvisor.rank import _tie_info

        picked = [_tie_info(sp.cands[i]) for i in order.tolist()]
    times = [p[0] for p in picked]
    spreads = [p[1] for p in picked]
    lo = [s[0] if s else 0.0 for s in spreads]
    hi = [s[1] if s else 0.0 for s in spreads]
    ranged = [bool(s) for s in spreads]
    std = [p[2] if p[2] is not None else 0.0 for p in picked]
    has_std = [p[2] is not None for p in picked]
    reps = [p[3] if p[3] is not None else 1.0 for p in picked]
    return times, lo, hi, ranged, std, has_std, reps


def _table_tie_columns(sp: ScoredPass, order: Any) -> tuple[list[Any], ...]:
    """:func:`_tie_columns` from the table's parsed columns (``rank.table_tie_infos`` reads
    the same ones)."""
    table = sp.table
    rows = sp.rows[order]

    def column(name: str) -> Any:  # (a float64 column's array is its floats, NaN for None)
        values = table.float_array(name)
        if values is None:
            values = np.array(table.floats(name), dtype=np.float64)
        return values[rows]

    lo, hi = column("time_ms_min"), column("time_ms_max")
    std, reps = column("time_ms_std"), column("repeats")
    with np.errstate(invalid="ignore"):
        ranged = ~np.isnan(lo) & ~np.isnan(hi) & (hi >= lo)
    has_std = ~np.isnan(std)
    reps = np.maximum(1.0, np.where(np.isnan(reps) | (reps == 0.0), 1.0, reps))
    return (sp.column("times")[order].tolist(), lo.tolist(), hi.tolist(), ranged.tolist(),
            std.tolist(), has_std.tolist(), reps.tolist())


def best_in(scored: Sequence[Scored], block: tuple[int, int, int],
            prefer_cache: str = "default") -> Scored | None:
    """:func:`~gpuadvisor.rank.best_of` (the entry with this block, preferring a cache
    configuration), reading a ``ScoredKernel``'s shapes without making the others."""
    if not isinstance(scored, ScoredKernel):
        return best_of(scored, block, prefer_cache)
    cands = scored.candidates
    matches = list(scored.positions_of(tuple(block)))
    if not matches:
        return None
    matches.sort(key=lambda i: (cands[i].cache_config != prefer_cache,
                                _cache_rank(cands[i].cache_config)))
    return scored[matches[0]]


def with_key(scored: Sequence[Scored], key: tuple[Any, ...]) -> Scored | None:
    """The first scored entry whose candidate has this key (made alone where it can be)."""
    if isinstance(scored, ScoredKernel):
        i = next((i for i, c in enumerate(scored.candidates) if c.key == key), None)
        return None if i is None else scored[i]
    return next((s for s in scored if s.candidate.key == key), None)
