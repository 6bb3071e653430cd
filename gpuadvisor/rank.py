"""Ranking launch configurations, by measurement or by the rules alone, with reasons.

Two orders, one entry type:

* **by time** (measurements present): fastest first, with noise-aware ties — two
  configurations whose measured ranges overlap (``time_ms_min``/``time_ms_max``) or whose
  difference is within two standard errors (``time_ms_std``) are statistically tied; inside a
  tie group the rules' score breaks the tie.
* **by rule score** (``--rule-only``, or a single profile): the score is the product of the
  factors of every rule that fired (penalties < 1, preferences > 1; excluded configurations
  are dropped), an estimate of relative throughput. Equal scores are ordered by a documented
  tie-break: default cache configuration first, then more columns (wider rows coalesce and
  spread over memory partitions better, 001 §III.B), then the smaller block.

Scores never use a time; times never use a score except to break a statistical tie.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpuadvisor.rows import RowView, Table, views_of_one_table
from gpuadvisor.rules.engine import Rule, RuleResult, evaluate

#: The usual defaults every recommendation is compared with (plus the maximum block size,
#: OpenCL's automatic choice, 001 §VII).
DEFAULT_SHAPES: tuple[tuple[int, int, int], ...] = ((16, 16, 1), (32, 32, 1), (256, 1, 1))
#: Tie-break order of cache configurations (the default needs no code change).
CACHE_ORDER = ("default", "prefer_l1", "prefer_shared", "l1_off")
#: Ties: two standard errors when a spread is known.
TIE_SIGMAS = 2.0


@dataclass
class Finding:
    """A rule that fired (or was skipped, with its note) for a kernel or one configuration."""

    rule_id: str
    title: str
    severity: str
    scope: str
    kernel: str
    config: tuple[str, int, int, int, str] | None
    message: str
    effect: str
    factor: float = 1.0
    speedup: float | None = None
    advice: str = ""
    source: str = ""
    notes: list[str] = field(default_factory=list)

    @classmethod
    def from_result(
        cls, result: RuleResult, kernel: str, config: tuple[str, int, int, int, str] | None
    ) -> Finding:
        rule = result.rule
        return cls(
            rule_id=rule.id,
            title=rule.title,
            severity=rule.severity,
            scope=rule.scope,
            kernel=kernel,
            config=config,
            message=result.message,
            effect=rule.effect,
            factor=result.factor,
            speedup=result.speedup,
            advice=result.advice,
            source=rule.source_text,
            notes=list(result.notes),
        )

    @property
    def label(self) -> str:
        if self.effect in ("penalize", "prefer") and abs(self.factor - 1) > 1e-9:
            return f"{self.rule_id} (x{self.factor:.3g})"
        return self.rule_id

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id,
            "title": self.title,
            "severity": self.severity,
            "scope": self.scope,
            "kernel": self.kernel,
            "config": list(self.config) if self.config else None,
            "message": self.message,
            "effect": self.effect,
            "factor": _round(self.factor),
            "speedup": _round(self.speedup),
            "advice": self.advice,
            "source": self.source,
            "notes": list(self.notes),
        }


@dataclass
class Candidate:
    """One configuration to rank: measured (``row``) or generated from the space."""

    kernel: str
    block: tuple[int, int, int]
    cache_config: str = "default"
    row: dict[str, Any] | None = None
    grid: tuple[int, int, int] | None = None

    @property
    def key(self) -> tuple[str, int, int, int, str]:
        return (self.kernel, *self.block, self.cache_config)

    @property
    def label(self) -> str:
        x, y, z = self.block
        shape = f"{x}x{y}" + (f"x{z}" if z != 1 else "")
        return shape if self.cache_config == "default" else f"{shape} {self.cache_config}"

    @property
    def size(self) -> int:
        return self.block[0] * self.block[1] * self.block[2]

    def value(self, column: str) -> float | None:
        known = self.__dict__.get("_values")
        if known is None:
            known = self.__dict__["_values"] = {}
        elif column in known:  # ranking asks for the same cells many times
            return known[column]
        v = self._value(column)
        known[column] = v
        return v

    def _value(self, column: str) -> float | None:
        row = self.row
        if row.__class__ is RowView:  # a view of a table: the column parsed once
            table = row.columns  # type: ignore[union-attr]
            if table.__class__ is Table:
                return table.floats(column)[row.index]  # type: ignore[union-attr]
        if not row:
            return None
        v = row.get(column)
        try:
            v = float(v)
        except (TypeError, ValueError):
            return None
        return None if math.isnan(v) else v

    @property
    def time_ms(self) -> float | None:
        # Remembered: ranking a 100,000-row table asks for it millions of times.
        try:
            return self.__dict__["_time_ms"]
        except KeyError:
            pass
        row = self.row
        if row.__class__ is RowView and row.columns.__class__ is Table:  # type: ignore[union-attr]
            t = self.__dict__["_time_ms"] = table_times(row.columns)[row.index]  # type: ignore
            return t
        if self.row and str(self.row.get("status") or "ok") != "ok":
            t = None
        else:
            t = self.value("time_ms")
            t = t if t is not None and t > 0 else None
        self.__dict__["_time_ms"] = t
        return t

    @property
    def status(self) -> str:
        row = self.row
        if row.__class__ is RowView and row.columns.__class__ is Table:  # type: ignore[union-attr]
            return table_statuses(row.columns)[row.index]  # type: ignore[union-attr]
        return str((row or {}).get("status") or "ok")


@dataclass
class Scored:
    """A candidate with its rule results, score and (after ranking) its place."""

    candidate: Candidate
    results: list[RuleResult]
    score: float
    excluded: bool
    context: dict[str, Any] = field(repr=False, default_factory=dict)
    rank: int = 0
    tie_group: int = 0
    tied: bool = False

    @property
    def fired(self) -> list[RuleResult]:
        return [r for r in self.results if r.fired]

    def confidence_context(self) -> Mapping[str, Any]:
        """What ``access_report.confidence`` reads of the context (subclasses may know it
        without building the whole context)."""
        return self.context

    def derived_values(self) -> Mapping[str, Any]:
        """``context["derived"]`` (subclasses may know it without building the context)."""
        return self.context.get("derived", {})

    def findings(self) -> list[Finding]:
        return [
            Finding.from_result(r, self.candidate.kernel, self.candidate.key) for r in self.fired
        ]


ContextFn = Callable[[Candidate], dict[str, Any]]


def score(rules: Sequence[Rule], candidate: Candidate, context: dict[str, Any]) -> Scored:
    """Evaluate the config-scope rules on one candidate and multiply their factors."""
    results = [evaluate(rule, context) for rule in rules if rule.scope == "config"]
    value = 1.0
    excluded = False
    for result in results:
        if not result.fired:
            continue
        if result.rule.effect == "exclude":
            excluded = True
        elif result.rule.effect in ("penalize", "prefer"):
            value *= result.factor
    return Scored(candidate, results, 0.0 if excluded else value, excluded, context)


def score_all(
    rules: Sequence[Rule], candidates: Iterable[Candidate], context_fn: ContextFn
) -> list[Scored]:
    return [score(rules, c, context_fn(c)) for c in candidates]


_CACHE_RANK = {name: i for i, name in enumerate(CACHE_ORDER)}


def _cache_rank(name: str) -> int:
    return _CACHE_RANK.get(name, len(CACHE_ORDER))


def rule_sort_key(s: Scored) -> tuple[Any, ...]:
    c = s.candidate
    b = c.block
    return (
        -round(s.score, 9),
        _CACHE_RANK.get(c.cache_config, len(CACHE_ORDER)),
        -b[0],
        b[0] * b[1] * b[2],  # c.size
        b[2],
        c.cache_config,
    )


def rank_by_rules(scored: Sequence[Scored]) -> list[Scored]:
    """Best rule score first (excluded configurations left out), deterministic ties."""
    ranked = sorted((s for s in scored if not s.excluded), key=rule_sort_key)
    for i, s in enumerate(ranked, 1):
        s.rank = i
        s.tie_group = i
        s.tied = False
    return ranked


def _spread(c: Candidate) -> tuple[float, float] | None:
    lo, hi = c.value("time_ms_min"), c.value("time_ms_max")
    if lo is not None and hi is not None and hi >= lo:
        return lo, hi
    return None


def tied(a: Candidate, b: Candidate) -> bool:
    """Statistically indistinguishable times: overlapping ranges or within 2 standard errors."""
    ta, tb = a.time_ms, b.time_ms
    if ta is None or tb is None:
        return False
    ra, rb = _spread(a), _spread(b)
    if ra and rb:
        return ra[0] <= rb[1] and rb[0] <= ra[1]
    sa, sb = a.value("time_ms_std"), b.value("time_ms_std")
    if sa is not None and sb is not None:
        na = max(1.0, a.value("repeats") or 1.0)
        nb = max(1.0, b.value("repeats") or 1.0)
        return abs(ta - tb) <= TIE_SIGMAS * math.sqrt(sa * sa / na + sb * sb / nb)
    return ta == tb


def table_times(table: Table) -> list[float | None]:
    """:attr:`Candidate.time_ms` of every row of a table, from whole columns, once."""
    def build(t: Table) -> list[float | None]:
        status = t.get("status")
        times = t.floats("time_ms")
        if status is None:
            return [v if v is not None and v > 0 else None for v in times]
        return [None if str(st or "ok") != "ok" else (v if v is not None and v > 0 else None)
                for st, v in zip(status, times, strict=True)]
    return table.memo("rank.times", build)  # type: ignore[no-any-return]


def known_times(cands: Sequence[Candidate], table: Table, idx: Sequence[int]
                ) -> list[float | None]:
    """:attr:`Candidate.time_ms` of candidates whose rows are the views of ``table`` at
    ``idx``, read from its column once and remembered by each candidate (ranking and output
    read it several times per candidate)."""
    times = table_times(table)
    out = [times[i] for i in idx]
    for c, t in zip(cands, out, strict=True):
        c.__dict__["_time_ms"] = t
    return out


def table_statuses(table: Table) -> list[str]:
    """:attr:`Candidate.status` of every row of a table, from its column, once."""
    def build(t: Table) -> list[str]:
        status = t.get("status")
        return ["ok"] * t.rows() if status is None else [str(v or "ok") for v in status]
    return table.memo("rank.statuses", build)  # type: ignore[no-any-return]


def table_tie_infos(table: Table) -> list[tuple[Any, ...]]:
    """:func:`_tie_info` of every row of a table, from whole columns, once."""
    def build(t: Table) -> list[tuple[Any, ...]]:
        out = []
        for time, lo, hi, std, reps in zip(
                table_times(t), t.floats("time_ms_min"), t.floats("time_ms_max"),
                t.floats("time_ms_std"), t.floats("repeats"), strict=True):
            spread = (lo, hi) if lo is not None and hi is not None and hi >= lo else None
            out.append((time, spread, std,
                        max(1.0, reps or 1.0) if std is not None else None))
        return out
    return table.memo("rank.tie_infos", build)  # type: ignore[no-any-return]


def _tie_info(c: Candidate) -> tuple[Any, ...]:
    """What :func:`tied` reads of a candidate: (time, spread, std, repeats >= 1)."""
    row = c.row
    if row.__class__ is RowView and row.columns.__class__ is Table:  # type: ignore[union-attr]
        return table_tie_infos(row.columns)[row.index]  # type: ignore[union-attr]
    std = c.value("time_ms_std")
    return (c.time_ms, _spread(c), std,
            max(1.0, c.value("repeats") or 1.0) if std is not None else None)


def _tied_info(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    """:func:`tied` on two :func:`_tie_info` tuples (of timed candidates)."""
    ta, ra, sa, na = a
    tb, rb, sb, nb = b
    if ra and rb:
        return ra[0] <= rb[1] and rb[0] <= ra[1]
    if sa is not None and sb is not None:
        return abs(ta - tb) <= TIE_SIGMAS * math.sqrt(sa * sa / na + sb * sb / nb)
    return ta == tb


def rank_by_time(scored: Sequence[Scored],
                 keys: Sequence[tuple[Any, ...]] | None = None) -> list[Scored]:
    """Fastest first; statistically tied neighbours form a group ordered by rule score.

    ``keys``: :func:`rule_sort_key` of each entry, in ``scored``'s order, when the caller
    has them.
    """
    if keys is None:  # once each: tables have 100,000 rows
        keys = [rule_sort_key(s) for s in scored]
    cands = [s.candidate for s in scored]
    one = views_of_one_table([c.row for c in cands])
    if one is not None:  # times and tie information from the table's columns
        table, idx = one
        times = table_times(table)
        all_infos = table_tie_infos(table)
        at = [times[j] for j in idx]
    else:
        at = [c.time_ms for c in cands]
    # (time, rule key, input position, entry): the position keeps sorted()'s stability and
    # never lets two entries be compared.
    order = [(t, keys[i], i, s) for i, (t, s) in enumerate(zip(at, scored, strict=True))
             if t is not None]
    order.sort()
    if one is not None:
        infos = [all_infos[idx[item[2]]] for item in order]
    else:
        infos = _tie_infos([item[3].candidate for item in order])
    groups: list[list[tuple[Any, ...]]] = []
    head: tuple[Any, ...] = ()
    for item, info in zip(order, infos, strict=True):
        if groups and _tied_info(head, info):
            groups[-1].append(item)
        else:
            groups.append([item])
            head = info
    ranked: list[Scored] = []
    for g, group in enumerate(groups, 1):
        if len(group) > 1:  # by rule key, then time (stable: earlier first on equal keys)
            group.sort(key=lambda item: (item[1], item[0]))
        is_tied = len(group) > 1
        for item in group:
            s = item[3]
            s.tie_group = g
            s.tied = is_tied
            ranked.append(s)
    for i, s in enumerate(ranked, 1):
        s.rank = i
    return ranked


def _tie_infos(cands: list[Candidate]) -> list[tuple[Any, ...]]:
    """:func:`_tie_info` of each candidate (from the table's columns when all are its rows)."""
    fast = views_of_one_table([c.row for c in cands])
    if fast is None:
        return [_tie_info(c) for c in cands]
    table, idx = fast
    infos = table_tie_infos(table)
    return [infos[i] for i in idx]


def pareto_front(scored: Sequence[Scored]) -> set[tuple[str, int, int, int, str]]:
    """Ryoo et al. (004 §5.2): configurations no other beats in both efficiency and utilization.

    Efficiency is 1/threads launched (instructions per thread do not change with the block
    shape); where the grid is unknown every configuration has the same efficiency.
    """
    points = []
    for s in scored:
        if s.excluded:
            continue
        d = s.derived_values()
        points.append((s, d.get("ryoo_efficiency", 1.0), d.get("ryoo_utilization", 0.0)))
    if len(points) > 32 and all(e.__class__ is float and u.__class__ is float and e == e
                                and u == u for _k, e, u in points):
        return {s.candidate.key for s in _front_sorted(points)}
    front = set()
    for s, eff, util in points:
        dominated = any(
            (e2 >= eff and u2 >= util) and (e2 > eff or u2 > util) for _k, e2, u2 in points
        )
        if not dominated:
            front.add(s.candidate.key)
    return front


def _front_sorted(points: list[tuple[Any, float, float]]) -> list[Any]:
    """:func:`pareto_front`'s answer in O(n log n) for finite or infinite (not NaN) floats
    (the first item of each point on the front).

    A point is dominated when a point of strictly higher efficiency has at least its
    utilization, or a point of equal efficiency has a strictly higher utilization.
    """
    order = sorted(range(len(points)), key=lambda i: -points[i][1])
    front = []
    best_before = -math.inf  # highest utilization among strictly higher efficiencies
    i = 0
    while i < len(order):
        j = i
        eff = points[order[i]][1]
        while j < len(order) and points[order[j]][1] == eff:
            j += 1
        group = [points[k] for k in order[i:j]]
        top = max(u for _k, _e, u in group)
        for key, _e, util in group:
            if not (best_before >= util or top > util):
                front.append(key)
        best_before = max(best_before, top)
        i = j
    return front


def reasons_for(s: Scored, *, limit: int | None = None) -> list[str]:
    """Human reasons behind one configuration's place: the rules that moved its score."""
    out = []
    moved = [r for r in s.fired if r.rule.effect in ("penalize", "prefer", "exclude")]
    moved.sort(key=lambda r: abs(math.log(r.factor)) if r.factor > 0 else 1e9, reverse=True)
    for r in moved:
        if r.rule.effect == "exclude":
            tag = "excluded"
        else:
            tag = (
                f"{(r.factor - 1) * 100:+.0f}%"
                if abs(r.factor - 1) >= 0.005
                else f"{(r.factor - 1) * 100:+.1f}%"
            )
        out.append(f"[{tag}] {r.rule.id}: {r.message}")
    if limit is not None:
        out = out[:limit]
    return out


def strengths(s: Scored) -> list[str]:
    """What a configuration gets right, from its derived values (for the winner's story)."""
    d = s.context.get("derived", {})
    kernel = s.context.get("kernel", {})
    out = []
    if d.get("occupancy") is not None:
        out.append(
            f"occupancy {d['occupancy']:.0f}% ({d.get('blocks_per_sm')} blocks of "
            f"{s.candidate.size} threads per SM, limited by {d.get('limited_by')})"
        )
    if kernel.get("access") in ("coalesced", "reuse") and d.get("coalescing_efficiency"):
        out.append(
            f"{d['segments_per_warp']:.3g} x {d['transaction_bytes']} B transaction(s) "
            f"per warp load ({100 * d['coalescing_efficiency']:.0f}% of moved bytes used)"
        )
    return out


def _round(v: float | None, digits: int = 4) -> float | None:
    if v is None or (isinstance(v, float) and (math.isnan(v) or math.isinf(v))):
        return None
    return round(float(v), digits)


def best_of(
    scored: Iterable[Scored], block: tuple[int, int, int], prefer_cache: str = "default"
) -> Scored | None:
    """The scored entry with this block shape, preferring the given cache configuration."""
    matches = [s for s in scored if s.candidate.block == tuple(block)]
    if not matches:
        return None
    matches.sort(
        key=lambda s: (
            s.candidate.cache_config != prefer_cache,
            _cache_rank(s.candidate.cache_config),
        )
    )
    return matches[0]


def as_mapping(row: Mapping[str, Any]) -> dict[str, Any]:
    return {str(k): v for k, v in row.items()}
