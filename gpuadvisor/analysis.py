"""Analyze a sweep table or a single profile: characterize, run the rules, rank, explain.

This is the dry-run heart of gpuadvisor (``gpuadvisor analyze``). Three situations:

* **measured** — several configurations with times: rank by time (noise-aware ties), explain
  why the winner wins and why the usual defaults lose; also report which configuration the
  rules alone would have picked and its regret (its time / the best time);
* **rule-only set** (``rule_only=True``, or no times) — rank the same configurations by the
  rules, ignoring times, then report the regret of the pick where times exist;
* **single profile** — one profiled launch: rank the architecture's whole configuration space
  (the seeds' grid of rows and columns x cache configurations) from that launch's metrics and
  resources, and compare the pick with the launch itself and the usual defaults.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import math
import re
import statistics
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor import pick_reliability
from gpuadvisor.access_model import fit_kernel, fit_kernel_shared
from gpuadvisor.access_report import access_notes, confidence, weakest
from gpuadvisor.arch import Arch, Board, get_arch, get_board
from gpuadvisor.characterize import (
    Characterization,
    characterize,
    loads_absent_each,
    manifest_applies,
    manifest_entry,
)
from gpuadvisor.claims import estimated_gain
from gpuadvisor.errors import UserError
from gpuadvisor.kernel_columns import (
    at_rows,
    constant_wait_shares,
    dram_reuse,
    idle_lanes,
    loads_absent,
    loads_per_warp,
    per_thread_time,
)
from gpuadvisor.kernel_ranking import best_in, order_kernel, with_key
from gpuadvisor.numbers import finite_or_none, float_or_none
from gpuadvisor.rank import (
    DEFAULT_SHAPES,
    Candidate,
    Finding,
    Scored,
    known_times,
    reasons_for,
    score,
    strengths,
    table_statuses,
)
from gpuadvisor.rounding import round_array
from gpuadvisor.row_codes import shape_codes, spread
from gpuadvisor.rows import (
    RowView,
    Table,
    TableRows,
    as_list,
    floats_in,
    floats_of,
    n_rows,
    of_one_table,
    views_of_one_table,
)
from gpuadvisor.rules.context import KernelInfo, arch_context, warp_perimeter
from gpuadvisor.rules.engine import Rule, RuleResult, load_rules_or_fail
from gpuadvisor.scored_columns import RankedView, RankEntries
from gpuadvisor.scoring import KernelSetup, TableScorer
from gpuadvisor.shortlist import shortlist, shortlist_note
from gpuadvisor.timing import outlying_spreads

#: Bytes per element for the manifest's element types.
_ELEM_BYTES = {"int8": 1, "uint8": 1, "char": 1, "half": 2, "float16": 2, "bfloat16": 2,
               "int16": 2, "int": 4, "int32": 4, "uint32": 4, "float": 4, "float32": 4,
               "double": 8, "float64": 8, "int64": 8}


@dataclass
class RankEntry:
    """One ranked configuration (JSON: an element of ``ranking``)."""

    kernel: str
    block_x: int
    block_y: int
    block_z: int
    cache_config: str
    rank: int
    score: float
    time_ms: float | None
    time_ms_min: float | None = None
    time_ms_max: float | None = None
    tied: bool = False
    tie_group: int = 0
    reasons: list[str] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    confidence: str = "medium"  # of the rule score's memory-access basis: high | medium | low

    @property
    def label(self) -> str:
        shape = f"{self.block_x}x{self.block_y}" + (f"x{self.block_z}" if self.block_z != 1
                                                      else "")
        return shape if self.cache_config == "default" else f"{shape} {self.cache_config}"

    @property
    def key(self) -> tuple[str, int, int, int, str]:
        return (self.kernel, self.block_x, self.block_y, self.block_z, self.cache_config)

    def to_dict(self, findings: bool = True) -> dict[str, Any]:
        """The JSON form (``findings``: False leaves that last key out, for a writer that
        writes it itself, :meth:`fired_results`)."""
        out = {
            "kernel": self.kernel,
            "block_x": self.block_x,
            "block_y": self.block_y,
            "block_z": self.block_z,
            "cache_config": self.cache_config,
            "label": self.label,
            "rank": self.rank,
            "score": _r(self.score),
            "confidence": self.confidence,
            "time_ms": _r(self.time_ms),
            "time_ms_min": _r(self.time_ms_min),
            "time_ms_max": _r(self.time_ms_max),
            "tied": self.tied,
            "tie_group": self.tie_group,
            "reasons": list(self.reasons),
        }
        if findings:
            out["findings"] = [f.to_dict() for f in self.findings]
        return out

    def fired_results(self) -> tuple[list[RuleResult], str, tuple[Any, ...]] | None:
        """The rule results :attr:`findings` are made of, with the kernel and configuration
        they name (``Finding.from_result`` of each), where the findings were not made or set
        (a writer can then write them from the results); else None."""
        return None


@dataclass
class Comparison:
    """The pick against one usual default (16x16, 32x32, 256x1, the maximum block)."""

    label: str
    block: tuple[int, int, int]
    cache_config: str
    in_set: bool
    time_ms: float | None
    score: float | None
    rank: int | None
    gain_pct: float | None  # how much faster the pick is (measured or estimated)
    basis: str  # measured | estimated | none
    reasons: list[str] = field(default_factory=list)
    confidence: str | None = None  # of an estimated gain: high | medium | low

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "block": list(self.block),
            "cache_config": self.cache_config,
            "in_set": self.in_set,
            "time_ms": _r(self.time_ms),
            "score": _r(self.score),
            "rank": self.rank,
            "gain_pct": _r(self.gain_pct, 2),
            "basis": self.basis,
            "confidence": self.confidence,
            "reasons": list(self.reasons),
        }


@dataclass
class KernelAnalysis:
    """Everything analyze says about one kernel."""

    kernel: str
    arch: str
    family: str
    gpu: str | None
    mode: str  # measured | rule-only | profile
    characterization: Characterization
    ranking: list[RankEntry]
    findings: list[Finding]
    comparisons: list[Comparison]
    excluded: list[dict[str, Any]] = field(default_factory=list)
    skipped_rules: list[dict[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    best_time_ms: float | None = None
    regret: float | None = None  # rule pick's time / best time (rule-only on a measured set)
    rule_pick: str | None = None
    rule_pick_time_ms: float | None = None
    configs: int = 0
    pareto_size: int = 0
    pick_in_pareto: bool | None = None
    #: rule-only: the kernel's class and how often advice held for it
    #: (:func:`gpuadvisor.pick_reliability.record`); None where measured times rank
    pick_reliability: dict[str, Any] | None = None

    @property
    def pick(self) -> RankEntry | None:
        return self.ranking[0] if self.ranking else None

    def rule_outcomes(self) -> Iterator[tuple[RankEntry, list[RuleResult]]]:
        """Each ranked configuration with every configuration rule's result (fired, quiet,
        skipped, not applicable), best first. A ranking entry keeps only the rules that fired;
        checking a rule against measurements (:mod:`gpuadvisor.rule_check`) needs the
        configurations where it was evaluated and kept quiet too."""
        ranked = getattr(self.ranking, "ranked", None)  # RankEntries: analyze_sweep's
        if ranked is None:  # entries built whole: only what fired is known
            raise ValueError(f"kernel {self.kernel}: the ranking holds no rule results")
        for i, entry in enumerate(self.ranking):
            yield entry, ranked[i].results

    def to_dict(self, top: int | None = None, entry_dict: Any = None,
                records: Any = None) -> dict[str, Any]:
        """The JSON form; ``entry_dict`` (a ranking entry's value, default its ``to_dict``) and
        ``records`` (the ``scores`` value of the ranking, default :func:`score_records`)
        let the JSON text put in text it made itself."""
        as_dict = entry_dict or (lambda e: e.to_dict())
        return {
            "kernel": self.kernel,
            "arch": self.arch,
            "family": self.family,
            "gpu": self.gpu,
            "mode": self.mode,
            "characterization": self.characterization.to_dict(),
            "pick": as_dict(self.pick) if self.pick else None,
            "ranking": [as_dict(e) for e in self.ranking[:top]],
            # Every ranked candidate's rule score, whatever --top shows (for scripts comparing
            # the rules' view of shapes the ranking above leaves out).
            "scores": (records or score_records)(self.ranking),
            "configs": self.configs,
            "best_time_ms": _r(self.best_time_ms),
            "rule_pick": self.rule_pick,
            "rule_pick_time_ms": _r(self.rule_pick_time_ms),
            "regret": _r(self.regret),
            "comparisons": [c.to_dict() for c in self.comparisons],
            "findings": [f.to_dict() for f in self.findings],
            "excluded": list(self.excluded),
            "skipped_rules": list(self.skipped_rules),
            "pareto": {"configs": self.configs, "size": self.pareto_size,
                       "pick_in_front": self.pick_in_pareto},
            "pick_reliability": (dict(self.pick_reliability) if self.pick_reliability
                                 is not None else None),
            "notes": list(self.notes),
        }


@dataclass
class Analysis:
    """The result of :func:`analyze_sweep`: per-kernel analyses, serializable as one dict."""

    kernels: list[KernelAnalysis]
    sources: list[str] = field(default_factory=list)

    @property
    def ranking(self) -> list[RankEntry]:
        """Every kernel's ranking, best first within each kernel, kernels in table order."""
        return [e for k in self.kernels for e in k.ranking]

    @property
    def findings(self) -> list[Finding]:
        """Kernel- and sweep-scope findings plus the findings of each kernel's pick."""
        out: list[Finding] = []
        for k in self.kernels:
            out.extend(k.findings)
            if k.pick is not None:
                out.extend(k.pick.findings)
        return out

    @property
    def characterization(self) -> dict[str, Characterization]:
        return {k.kernel: k.characterization for k in self.kernels}

    def to_dict(self, top: int | None = None, *, shared: bool = False,
                entry_dict: Any = None, records: Any = None) -> dict[str, Any]:
        """The JSON form. ``shared``: each ranking entry's dict is built once and the same
        object stands wherever the entry appears (top-level ranking, a kernel's ranking and
        pick), which :func:`gpuadvisor.jsontext.dumps` then encodes once. ``entry_dict`` and
        ``records``: as :meth:`KernelAnalysis.to_dict` takes them (``entry_dict`` is called
        once per entry wherever it appears)."""
        built: dict[int, Any] = {}
        make = entry_dict or (lambda e: e.to_dict())

        def once(e: RankEntry) -> Any:
            d = built.get(id(e))
            if d is None:
                d = built[id(e)] = make(e)
            return d

        as_dict = once if shared or entry_dict else make
        return {
            "ranking": [as_dict(e) for k in self.kernels for e in k.ranking[:top]],
            "findings": [f.to_dict() for f in self.findings],
            "characterization": {k: c.to_dict() for k, c in self.characterization.items()},
            "kernels": [k.to_dict(top, as_dict if shared or entry_dict else None, records)
                        for k in self.kernels],
            "sources": list(self.sources),
        }


#: The keys of a ``scores`` record, in order (:func:`score_records`).
SCORE_KEYS = ("config", "cache_config", "score", "time_ms")


def score_records(entries: Sequence[RankEntry]) -> list[dict[str, Any]]:
    """A kernel's ``scores``: one record per ranked entry (100,000 for a large table): the
    entry's shape, cache configuration, and score and time as :func:`_r` rounds them."""
    codes, configs, scores, times = score_columns(entries)
    return [dict(zip(SCORE_KEYS, (*configs[c], v, t), strict=True))
            for c, v, t in zip(codes, scores, times, strict=True)]


def score_columns(entries: Sequence[RankEntry]) -> tuple[
        list[int], list[tuple[str, str]], list[float | None], list[float | None]]:
    """:func:`score_records` as columns: each entry's configuration as a code into a list of
    (label, cache configuration), and its score and time rounded as :func:`_r` rounds them;
    from the ranking's arrays (rounded as Python rounds,
    :func:`~gpuadvisor.rounding.round_array`) when the entries were not made."""
    columns = entries.score_columns() if isinstance(entries, RankEntries) else None
    if columns is not None:
        codes, configs, scores, times = columns
        return codes.tolist(), configs, _rounded(scores), _rounded(times)
    index: dict[tuple[str, str], int] = {}
    codes_ = [index.setdefault((f"{e.block_x}x{e.block_y}" + (
        f"x{e.block_z}" if e.block_z != 1 else ""), e.cache_config), len(index))
        for e in entries]
    return (codes_, list(index),
            [round(v, 4) if v.__class__ is float and v - v == 0.0 else _r(v)
             for v in (e.score for e in entries)],
            [round(t, 4) if t.__class__ is float and t - t == 0.0 else _r(t)
             for t in (e.time_ms for e in entries)])


def _rounded(values: Any) -> list[float | None]:
    """:func:`_r` of each value of a float64 array (NaN standing for None)."""
    import numpy as np

    out = round_array(values, 4).tolist()
    if not np.isfinite(values).all():
        for i in np.flatnonzero(~np.isfinite(values)).tolist():
            out[i] = None
    return out  # type: ignore[no-any-return]


def _r(v: float | None, digits: int = 4) -> float | None:
    if v is None:
        return None
    try:
        v = float(v)
    except (TypeError, ValueError):
        return None
    if math.isnan(v) or math.isinf(v):
        return None
    return round(v, digits)


# ----------------------------------------------------------------------------- inputs


def _first(rows: Sequence[Mapping[str, Any]], column: str) -> Any:
    for row in rows:
        value = row.get(column)
        if value is None or (isinstance(value, float) and math.isnan(value)):
            continue
        if isinstance(value, str) and not value.strip():
            continue
        return value
    return None


def resolve_arch(rows: Sequence[Mapping[str, Any]], arch: str | Arch | None
                 ) -> tuple[Arch, Board | None]:
    """The architecture (``--arch`` > the table's arch column > its GPU name) and the board."""
    board = None
    gpu = _first(rows, "gpu")
    if gpu is not None:
        try:
            board = get_board(str(gpu))
        except UserError:
            board = None
    if arch is not None:
        a = get_arch(arch)
    elif _first(rows, "arch") is not None:
        a = get_arch(str(_first(rows, "arch")))
    elif board is not None:
        a = board.arch
    else:
        raise UserError("the table names no architecture (no arch or known gpu column): "
                        "pass --arch, e.g. --arch sm_90")
    if board is not None and board.arch.name != a.name:
        board = None
    return a, board


#: (grid x, block x), (grid y, block y * z), grid z
Launch = tuple[tuple[int, int], tuple[int, int], int]


def _row_launches(rows: Sequence[Mapping[str, Any]]) -> list[Launch | None]:
    """Each row's launch (None for a row without a grid or a block), from the parsed grid and
    block columns: worked out once per kernel and shared by :func:`_domain` and
    :func:`fixed_grid`."""
    rows = as_list(rows)
    if rows.__class__ is TableRows:  # once per distinct shape and grid of the table
        every = rows.table.memo("launches", _table_launches)  # type: ignore[attr-defined]
        if every is not None:
            return rows.pick(every)  # type: ignore[attr-defined,no-any-return]
    columns = [floats_in(rows, f"{c}_{a}") for c in ("grid", "block") for a in "xyz"]
    return [_launch_at(columns, i) for i in range(len(rows))]


def _launch_at(columns: list[list[float | None]], i: int) -> Launch | None:
    """Row ``i``'s launch from the parsed grid_x/y/z and block_x/y/z ``columns``."""
    gx, gy, gz, bx, by, bz = (column[i] for column in columns)
    if gx and bx:
        return ((int(gx), int(bx)), (int(gy) if gy else 1,
                                     (int(by) if by else 1) * (int(bz) if bz else 1)),
                int(gz) if gz else 1)
    return None


def _table_launches(table: Table) -> list[Launch | None] | None:
    """:func:`_launch_at` every row of ``table``, worked out once per distinct shape and grid
    (:func:`~gpuadvisor.row_codes.shape_codes`); None where the table has cells that need the
    row walk (it raises where a row's cells do not convert)."""
    codes = shape_codes(table)
    if codes is None:
        return None
    columns = [table.floats(f"{c}_{a}") for c in ("grid", "block") for a in "xyz"]
    return spread(*codes, lambda i: _launch_at(columns, i))


def _reference_launch(row: Mapping[str, Any] | None) -> Launch | None:
    """``row``'s launch (None for none or no grid)."""
    if row is None:
        return None
    return _launch_at([[float_or_none(row.get(f"{c}_{a}"))] for c in ("grid", "block")
                       for a in "xyz"], 0)


def _launches(per_row: Sequence[Launch | None]) -> list[Launch]:
    """The launches of :func:`_row_launches`, rows without one left out."""
    return [launch for launch in per_row if launch is not None]


def _grid_follows_block(launches: Sequence[Launch]) -> bool:
    """Whether one extent D per axis explains every launch as one thread per element: a
    per-element launch rounds the grid up, ceil(D / b) blocks, so grid x block lies in
    [D, D + b - 1] for each row. A fixed grid (a block per row, pair or segment, a grid-stride
    loop) breaks that as soon as two block sizes were launched. One block at every launch is
    fixed too, though extents of a thread or two fit it: read per element, a problem would be
    no larger than the smallest block (QMCPACK's tbt_mv_plus, blind set 82: 1 block from 32 to
    1,024 threads, 4.5x faster at 1,024 than at 32, was read as a 1 x 1 problem)."""
    largest = 1
    for axis in (0, 1):
        pairs = [launch[axis] for launch in launches]
        if max([g * b - b + 1 for g, b in pairs]) > min([g * b for g, b in pairs]):
            return False
        largest *= min([g * b for g, b in pairs])
    threads = {launch[0][1] * launch[1][1] for launch in launches}
    return not (len(threads) > 1 and largest * launches[0][2] < min(threads))


@functools.lru_cache(maxsize=1024)
def _follows_of(launches: tuple[Launch, ...]) -> bool:
    """:func:`_grid_follows_block`, remembered: a table's kernels are often launched alike
    (the same shapes over the same problem), and the walk took ~50 us a kernel."""
    return _grid_follows_block(launches)


def _axis_follows(launches: Sequence[Launch], axis: int) -> bool:
    """:func:`_grid_follows_block` of one axis, where the table launched more than one block
    extent and more than one grid extent along it (one extent cannot tell a per-element axis
    from a fixed one, nor one block along the axis whatever its extent: OpenCV's brute-force
    matcher launches one row of blocks, its queries on the grid's x by the block's height)."""
    return _pairs_follow([launch[axis] for launch in launches])


def _pairs_follow(pairs: Sequence[tuple[int, int]]) -> bool:
    """Whether (grid extent, block extent) pairs of more than one block and grid extent each
    round one extent up, one thread an element."""
    return (len({b for _g, b in pairs}) > 1 and len({g for g, _b in pairs}) > 1
            and max([g * b - b + 1 for g, b in pairs]) <= min([g * b for g, b in pairs]))


def one_block_axes(launches: Sequence[Launch]) -> tuple[bool, bool]:
    """Per axis (x, y*z), whether every launch has one block along it at more than one block
    extent: a problem one block wide (high) whose extra threads idle, or a kernel whose block
    columns (rows) loop over the problem inside."""
    return tuple(len({launch[axis][1] for launch in launches}) > 1  # type: ignore[return-value]
                 and all(launch[axis][0] == 1 for launch in launches) for axis in (0, 1))


def _two_d_blocks(launches: Sequence[Launch]) -> bool:
    """Whether the launches vary the block along x and along y*z both."""
    return bool(launches) and all(len({launch[axis][1] for launch in launches}) > 1
                                  for axis in (0, 1))


def _domain(rows: Sequence[Mapping[str, Any]], dims: int | None,
            per_row: Sequence[Launch | None] | None = None,
            follows: bool | None = None, reference: Launch | None = None
            ) -> tuple[int, int, int] | None:
    """Threads the problem needs per dimension, from a row's grid x block (or problem_size).

    Where the rows' grids do not follow their blocks (:func:`_grid_follows_block`), the
    threads of a fixed grid say nothing about the problem's extent: None, unless one axis
    follows its block extents and the other does not. Then the following axis's extent is
    known, the fewest threads launched along it (DeepSpeed's transform_0213: x is a head's 16
    float4s, so 64-wide blocks idle three quarters of their threads), and the other is taken
    from the ``reference`` launch (the profiled row's), as a profile of that row alone takes
    it (blind set 50: the row alone picked 16x16, 1.006x, the table without an extent 64x4,
    1.96x). An axis with one block at every block extent (:func:`one_block_axes`) takes the
    ``reference`` launch's extent too in a table of 2-D blocks (issue 11 round 40: in all 8
    such tables recorded the block's rows or columns looped over the problem, none idled).
    ``per_row``: the rows' :func:`_row_launches` when the caller has them, and ``follows``
    their :func:`_grid_follows_block`."""
    launches = _launches(_row_launches(rows) if per_row is None else per_row)
    if launches:
        domain = _launch_domain(launches, follows, reference)
        single = one_block_axes(launches)
        if (domain is not None and reference is not None and any(single)
                and _two_d_blocks(launches)):
            # one row (column) of blocks at every height (width) of a 2-D table: idle rows or
            # rows that loop over the problem, which the launches cannot tell apart; every
            # such table recorded looped (:func:`one_block_row_note`), so the axis takes the
            # reference launch's extent, as a profile of that launch alone takes it. (A 1-D
            # table of one block per row, set 52's fn2_correlation, keeps the narrowest
            # block's extent: its thread 0 sums the block serially, and 32 wide is its best.)
            ref = _launch_extent(reference)
            return (ref[0] if single[0] else domain[0], ref[1] if single[1] else domain[1],
                    domain[2])
        return domain
    size = _first(rows, "problem_size")
    if isinstance(size, str):
        m = re.match(r"\s*(\d+)\s*[x*]\s*(\d+)", size)
        if m:
            return int(m.group(2)), int(m.group(1)), 1
        m = re.match(r"\s*(\d+)\b", size)
        if m:
            return int(m.group(1)), 1, 1
    return None


def _launch_domain(launches: Sequence[Launch], follows: bool | None,
                   reference: Launch | None) -> tuple[int, int, int] | None:
    """:func:`_domain` from the launches, before a one-block axis is read.

    Where neither axis follows its block extents but one keeps the same number of blocks at
    every extent and the other's number changes (LightGBM's histogram: three blocks along x,
    a floor of 160 block rows along y; DeePMD's force kernel), the launches show threads that
    loop over the problem, not its extent: both axes take the ``reference`` launch's, as a
    profile of that launch alone does (issue 11 round 42: with no extent, 256-wide rows tied
    the profiled 32x8 and won on their width, 6.6x slower). One block along an axis is such a
    fixed count (round 43: FBGEMM's permute and reorder kernels, a row of threads per ragged
    segment on cdiv(segments, rows) blocks along x, went to 64x4 at 3.78x and 1.28x the best;
    apex's index_mul backward alike). A grid fixed along both axes (a grid-stride loop) keeps
    None: the fixed-grid model reads it."""
    if not (_grid_follows_block(launches) if follows is None else follows):
        if reference is None:
            return None
        along = [_axis_follows(launches, axis) for axis in (0, 1)]
        # the number of blocks along each axis at every launch (one block counts: round 43)
        counts = [{launch[axis][0] for launch in launches} for axis in (0, 1)]
        varies = [len(c) > 1 for c in counts]
        fixed = [len(c) == 1 for c in counts]
        ref = _launch_extent(reference)
        if not any(along) and (crossed := _crossed_extent(launches)) is not None:
            return (*crossed, ref[2])
        if not any(along) and (fixed[0] and varies[1] or fixed[1] and varies[0]):
            return ref
        if along[0] == along[1]:
            return None
        # the following axis's extent: its fewest threads launched (the others round up)
        least = [min(launch[axis][0] * launch[axis][1] for launch in launches)
                 for axis in (0, 1)]
        return least[0] if along[0] else ref[0], least[1] if along[1] else ref[1], ref[2]
    return _launch_extent(launches[0])


def _crossed_extent(launches: Sequence[Launch]) -> tuple[int, int] | None:
    """The problem's (x, y*z) extents where the grid's x follows the block's y*z and its y the
    block's x, one thread an element, else None. Apps put the long axis on the grid's x, whose
    limit is 2^31 - 1 blocks where y's is 65,535, whichever block axis walks it (issue 11 round
    45: GE-SpMM's nonzero-balanced SpMM, the nonzeros on the grid's x by the block's rows, the
    16 dense columns on its y by the block's width; read as no extent, the table's view picked
    256x1, 240 of its 256 lanes past the last column, 5.65x the best)."""
    crossed = [[(launch[0][0], launch[1][1]) for launch in launches],
               [(launch[1][0], launch[0][1]) for launch in launches]]
    if not all(_pairs_follow(pairs) for pairs in crossed):
        return None
    along_y, along_x = ([g * b for g, b in pairs] for pairs in crossed)
    return min(along_x), min(along_y)


def _launch_extent(launch: Launch) -> tuple[int, int, int]:
    """The threads one launch puts along x, y*z and its grid's z."""
    (gx, bx), (gy, byz), gz = launch
    return gx * bx, gy * byz, gz


def one_block_row_note(name: str, rows: Sequence[Mapping[str, Any]],
                       domain: tuple[int, int, int] | None) -> list[str]:
    """Where every launch is one row (or one column) of blocks whatever the block's height
    (width), the launches fit a problem one block high (wide) whose extra block rows (columns)
    idle as well as a kernel whose block rows (columns) loop over the problem inside (a column
    reduction, PyTorch's weight norm over the last dimension, ArrayFire's row scan): say so,
    and which reading the ranking took, since the two want opposite shapes. Every such table
    recorded looped (blind set 42's ``torch_weight_norm_last``: best 16x64, 64x1 4.96x; set
    43's ``af_scan_first``: best 64x2; set 54's ``parti_mttkrp``: best 8x8, 256x1 4.74x; sets
    10, 31 and 52 alike), so the ranking takes the profiled launch's extent
    (:func:`_domain`), unless it has no profiled launch to read."""
    if domain is None:
        return []
    launches = _launches(_row_launches(rows))
    two_d = _two_d_blocks(launches)
    notes = []
    # per axis: one block of it, its block side, its unit, the problem's extent word, the shape
    # to try, the other axis's unit, what such a loop is
    for axis, (one, side, unit, extent, shape, other, loop) in enumerate((
            ("column", "width", "columns", "wide", "wide", "rows", "a row-wise scan or reduction"),
            ("row", "height", "rows", "high", "tall", "columns",
             "a column-wise reduction, a norm over the last dimension"))):
        if not launches or not one_block_axes(launches)[axis]:
            continue
        if not two_d and any(launch[2] != 1 for launch in launches):
            continue  # 1-D blocks, a block per (y, z) item: the fixed-grid notes speak
        extents = {launch[axis][1] for launch in launches}
        size = domain[axis]
        head = (f"{name}: every launch is one {one} of blocks, at block {side}s {min(extents)} "
                f"to {max(extents)}: ")
        if size > min(extents):  # the profiled launch's extent (_domain)
            notes.append(
                head + f"the launches cannot tell a problem one block {extent} (a block's "
                f"other {unit} idle) from {unit} that loop over the problem inside the kernel "
                f"({loop}); in every such table recorded they looped, so the ranking takes "
                f"the problem as {size} {unit} {extent}, the profiled launch's; if they idle, "
                f"shapes one {one} {extent} do the work: time a few beside the pick")
            continue
        notes.append(
            head + f"the ranking takes the problem as {size} {unit if size != 1 else one} "
            f"{extent}, so that a block's other {unit} idle; if the kernel loops over {unit} "
            f"with them ({loop}), {shape} blocks do the work instead, and the ranking is wrong: "
            f"time a few {shape} shapes (more {unit} than {other}) beside the pick")
    return notes


def fixed_grid(rows: Sequence[Mapping[str, Any]],
               per_row: Sequence[Launch | None] | None = None,
               follows: bool | None = None) -> dict[str, float]:
    """``fixed_grid_blocks``: the blocks launched at every block size when the table's grids
    do not follow its blocks and launch the same number of blocks whatever their size, i.e.
    each block is a fixed unit of work (a row, a pair, a token) and the block size only sets
    how many threads share it; with ``fixed_grid_min_threads`` / ``_max_threads``, the block
    sizes the table launched. Empty
    for launches of one thread per element (and for a single launch, which cannot tell).
    ``per_row``: the rows' :func:`_row_launches` when the caller has them, and ``follows``
    their :func:`_grid_follows_block`."""
    rows = as_list(rows)
    per_row = _row_launches(rows) if per_row is None else per_row
    launches = _launches(per_row)
    if not launches or (_grid_follows_block(launches) if follows is None else follows):
        return {}
    # the same number of blocks at every block size (a grid that follows the threads but not
    # each axis, as a tile of 32 x threads/32, is not a fixed grid)
    blocks = {gx * gy * gz for (gx, _), (gy, _), gz in launches}
    if len(blocks) > 1:
        return {}
    threads = [bx * byz for (_, bx), (_, byz), _ in launches]
    return {"fixed_grid_blocks": float(blocks.pop()),
            "fixed_grid_min_threads": float(min(threads)),
            "fixed_grid_max_threads": float(max(threads))}


def kernel_info(name: str, rows: Sequence[Mapping[str, Any]], char: Characterization,
                manifest_path: str | Path | None = None, use_manifest: bool = True,
                reference: Mapping[str, Any] | None = None) -> KernelInfo:
    """``reference``: the profiled row the analysis reads first (:func:`_domain`)."""
    entry = manifest_entry(name, manifest_path) if use_manifest else {}
    elem = entry.get("elem_bytes") or _ELEM_BYTES.get(str(entry.get("element_type", "")).lower())
    rows = as_list(rows)
    regs = [v for v in floats_in(rows, "registers_per_thread") if v is not None]
    smem = [v for v in floats_in(rows, "shared_mem_per_block") if v is not None]
    dims = entry.get("dims")
    launches = _row_launches(rows)
    kept = _launches(launches)
    follows = _follows_of(tuple(kept)) if kept else None  # read by both below
    return KernelInfo(
        name=name,
        access=char.access,
        access_source=char.access_source,
        access_evidence=list(char.access_evidence),
        bound=char.bound,
        bound_source=char.bound_source,
        bound_evidence=list(char.bound_evidence),
        registers_per_thread=int(max(regs)) if regs else None,
        shared_mem_per_block=int(max(smem)) if smem else None,
        elem_bytes=int(elem) if elem else 4,
        domain=_domain(rows, dims, launches, follows, _reference_launch(reference)),
        instr_per_region=float_or_none(entry.get("instr_per_region")),
        extra={**({"block_tile": entry["block_tile"]} if entry.get("block_tile") else {}),
               **reuse_degree(rows), **divergence(rows), **no_loads(rows),
               **loads_per_thread(rows), **profiled_block_time(rows), **block_atomics(rows),
               **constant_cache_waits(rows), **fixed_grid(rows, launches, follows)},
    )


def reuse_degree(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """``l1_bytes_per_dram_byte``: bytes global loads asked of L1 per byte moved to or from
    DRAM (read and written), the median over the profiled rows (issue 11). How many times each
    byte the kernel pays DRAM time for is read again: 0.5-1 for streaming, 3-6 for stencils
    whose neighbours come back through L1/L2, about 20 for a 5x5 convolution, 680-940 for naive
    matrix products; about 1 for a kernel whose DRAM traffic is its stores even when its few
    loads hit L1 every time (outer_product: 2,400-2,800 per byte read, round 9). Empty when the
    profile has no sector or DRAM byte counts."""
    rows = as_list(rows)
    table = _table_of(rows)
    every = None if table is None else dram_reuse(table)
    if every is not None:  # the rows' values from the table's columns
        values = sorted(_kept(at_rows(rows, every)))
        return {"l1_bytes_per_dram_byte": statistics.median(values)} if values else {}
    values = sorted(32.0 * sectors / (read + (write or 0.0))
                    for sectors, read, write in zip(
                        floats_in(rows, "l1_global_load_sectors"),
                        floats_in(rows, "dram_bytes_read"), floats_in(rows, "dram_bytes_write"),
                        strict=True)
                    if sectors is not None and read and read > 0)
    return {"l1_bytes_per_dram_byte": statistics.median(values)} if values else {}


def loads_per_thread(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """``loads_per_thread``: global load instructions each thread issues, the median over the
    profiled rows of L1 load requests per launched warp (issue 11). How long a block lives
    when it only loads and stores: 2-3 for a copy or matrix_add, 5-10 for small stencils,
    25 and more for a 5x5 convolution or a loop over a row; empty without the counters."""
    rows = as_list(rows)
    table = _table_of(rows)
    every = None if table is None else loads_per_warp(table)
    if every is not None:  # the rows' values from the table's columns
        values = _kept(at_rows(rows, every))
        return {"loads_per_thread": statistics.median(values)} if values else {}
    values = []
    grids = _grid_columns(rows)
    for i, (requests, size) in enumerate(zip(floats_in(rows, "l1_global_load_requests"),
                                             floats_in(rows, "block_size"), strict=True)):
        if requests is None:  # most rows of a sweep: timed, not profiled
            continue
        grid = _grid_at(grids, i)
        if grid is None or not size:
            continue
        warps = grid[0] * grid[1] * grid[2] * -(-int(size) // 32)
        if warps > 0:
            values.append(requests / warps)
    return {"loads_per_thread": statistics.median(values)} if values else {}


def _table_of(rows: Sequence[Any]) -> Table | None:
    """The table of a kernel's :class:`~gpuadvisor.rows.TableRows` (whose per-row values
    :mod:`gpuadvisor.kernel_columns` works out over whole columns), else None."""
    return rows.table if rows.__class__ is TableRows else None  # type: ignore[attr-defined]


def _kept(values: Any) -> list[float]:
    """The values of a float array the row walk kept (not NaN), in row order."""
    import numpy as np

    return values[~np.isnan(values)].tolist()  # type: ignore[no-any-return]


def _first_largest(values: Any) -> int | None:
    """The position of the first largest value of a float array, NaN left out (``max`` over
    the walk's kept rows); None where all are NaN."""
    import numpy as np

    kept = np.flatnonzero(~np.isnan(values))
    if not len(kept):
        return None
    return int(kept[np.argmax(values[kept])])


def _first_least(values: Any) -> int | None:
    """The position of the first least value of a float array, NaN left out (the row walk's
    ``value < best``); None where all are NaN."""
    import numpy as np

    kept = np.flatnonzero(~np.isnan(values))
    if not len(kept):
        return None
    return int(kept[np.argmin(values[kept])])


def _launch(grids: _Grids, sizes: list[float | None], i: int) -> tuple[int, float] | None:
    """(blocks launched, threads per block) of row ``i`` (of :func:`_grid_columns` and the
    rows' block sizes); None without a grid or a block size."""
    grid = _grid_at(grids, i)
    size = sizes[i]
    if grid is None or not size:
        return None
    blocks = grid[0] * grid[1] * grid[2]
    return (blocks, size) if blocks > 0 else None


def block_atomics(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """Global atomic and reduction requests (ncu's warp-level counts) per block and per warp,
    the medians over the profiled rows, and, where rows of two or more block sizes were
    profiled, ``atomic_block_exponent``: how the requests per block grow with the block's
    threads between the smallest and the largest profiled size (0: a fixed number per block, a
    block merging its partial result, as dot products and privatized histograms do; 1: in
    step with the threads, atomics per element). Empty without the counters."""
    per_size: dict[float, list[float]] = {}
    per_warp: list[float] = []
    rows = as_list(rows)
    atom = floats_in(rows, "l1_global_atomic_requests")
    red = floats_in(rows, "l1_global_reduction_requests")
    grids: _Grids | None = None
    sizes: list[float | None] = []
    for i, (a, b) in enumerate(zip(atom, red, strict=True)):
        if a is None and b is None:  # not profiled, or recorded before these counters
            continue
        if grids is None:
            grids, sizes = _grid_columns(rows), floats_in(rows, "block_size")
        launch = _launch(grids, sizes, i)
        if launch is None:
            continue
        blocks, size = launch
        requests = (a or 0.0) + (b or 0.0)
        per_size.setdefault(size, []).append(requests / blocks)
        per_warp.append(requests / (blocks * -(-int(size) // 32)))
    if not per_size:
        return {}
    out = {"atomic_requests_per_block": statistics.median(
               [v for values in per_size.values() for v in values]),
           "atomic_requests_per_warp": statistics.median(per_warp)}
    small, large = min(per_size), max(per_size)
    low, high = statistics.median(per_size[small]), statistics.median(per_size[large])
    if large > small and low > 0 and high > 0:
        out["atomic_block_exponent"] = math.log(high / low) / math.log(large / small)
    return out


def profiled_block_time(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """``profiled_ns_per_block`` and ``profiled_block_threads``: the profiler's kernel duration
    divided by the blocks launched, and the block's thread count, at the profiled row whose
    duration per launched thread is lowest (the shape least held back by anything). How long
    a block's work lasts against the GPU's block dispatch rate (block-dispatch-bound, issue 11
    round 9); empty without a duration and a grid.

    At that same row, where recorded: ``profiled_barrier_pct``, the share of stalled warp
    cycles at a barrier (barrier-two-blocks); ``profiled_atomic_busy_pct``, how busy the busiest L2
    slice's atomic unit was (% of elapsed cycles), and ``profiled_throughput_pct``, the larger of
    the SM's and DRAM's throughput (% of peak): whether a per-block merge's atomics, which
    queue at one slice, set the kernel's time (l2-atomic-merge-bound, issue 11 round 11);
    the row's per-block traffic (:func:`_per_block_traffic`), sectors per request and stall
    shares (:func:`_sectors_and_stall_shares`)."""
    best: tuple[float, float, float, int, float] | None = None
    rows = as_list(rows)
    grids: _Grids | None = None
    sizes: list[float | None] = []
    durations = floats_in(rows, "duration_ms")
    table = _table_of(rows)
    every = None if table is None else per_thread_time(table)
    if every is not None:  # only the row with the least time per thread is walked
        first = _first_least(at_rows(rows, every))
        if first is None:
            return {}
        chosen = durations[first]
        durations = [None] * len(rows)
        durations[first] = chosen
    for i, duration in enumerate(durations):
        if not duration or duration <= 0:  # most rows of a sweep: timed, not profiled
            continue
        if grids is None:
            grids, sizes = _grid_columns(rows), floats_in(rows, "block_size")
        launch = _launch(grids, sizes, i)
        if launch is None:
            continue
        blocks, size = launch
        per_thread = duration / (blocks * size)
        if best is None or per_thread < best[0]:
            best = (per_thread, duration * 1e6 / blocks, size, i, blocks)
    if best is None:
        return {}
    out = {"profiled_ns_per_block": best[1], "profiled_block_threads": best[2]}
    anchor = rows[best[3]]
    barrier = next((v for c in ("ncu_stall_barrier", "stall_sync")
                    if (v := finite_or_none(anchor.get(c))) is not None), None)
    if barrier is not None:
        out["profiled_barrier_pct"] = barrier
    out.update(_per_block_traffic(anchor, best[4]))
    out.update(_sectors_and_stall_shares(anchor))
    busy = finite_or_none(anchor.get("l2_atomic_busy_max_pct"))
    if busy is not None:
        out["profiled_atomic_busy_pct"] = busy
        sol = [v for c in ("sm_throughput_pct", "dram_throughput_pct")
               if (v := finite_or_none(anchor.get(c))) is not None]
        if sol:
            out["profiled_throughput_pct"] = max(sol)
    return out


def _per_block_traffic(row: Mapping[str, Any], blocks: float) -> dict[str, float]:
    """A profiled row's memory traffic per launched block: ``profiled_requests_per_block``
    (global load and store warp requests), ``profiled_load_requests_per_block`` (the loads
    alone: fewer than the block's warps means some warps never load, i.e. the unit of work is
    shorter than the block), ``profiled_load_bytes_per_block`` (bytes the loads
    asked of L1), ``profiled_dram_read_per_block`` (bytes read from DRAM), with the row's
    ``profiled_l1_hit_pct`` and ``profiled_dram_pct`` (DRAM throughput, % of peak). In a fixed
    grid a block is a unit of work whose traffic does not change with its size: what
    fixed-grid-block-work weighs a block's reductions and its data's stay in L1 against."""
    out: dict[str, float] = {}
    if not blocks or blocks <= 0:
        return out
    loads = finite_or_none(row.get("l1_global_load_requests"))
    stores = finite_or_none(row.get("l1_global_store_requests"))
    if loads is not None or stores is not None:
        out["profiled_requests_per_block"] = ((loads or 0.0) + (stores or 0.0)) / blocks
    if loads is not None:
        out["profiled_load_requests_per_block"] = loads / blocks
    for key, column, scale in (("profiled_load_bytes_per_block", "l1_global_load_sectors", 32.0),
                               ("profiled_dram_read_per_block", "dram_bytes_read", 1.0)):
        value = finite_or_none(row.get(column))
        if value is not None:
            out[key] = value * scale / blocks
    for key, column in (("profiled_l1_hit_pct", "l1_hit_rate"),
                        ("profiled_dram_pct", "dram_throughput_pct")):
        value = finite_or_none(row.get(column))
        if value is not None:
            out[key] = value
    return out


def _sectors_and_stall_shares(row: Mapping[str, Any]) -> dict[str, float]:
    """A profiled row's ``profiled_load_sectors_per_request`` and
    ``profiled_store_sectors_per_request`` (32 B sectors a warp's global load or store
    touches: 32 when every lane has its own, as a thread per record does), and the shares of
    its stall reasons that rules weigh (``_STALL_SHARES``)."""
    out: dict[str, float] = {}
    for key, column in (("profiled_load_sectors_per_request", "sectors_per_request"),
                        ("profiled_store_sectors_per_request", "store_sectors_per_request")):
        value = finite_or_none(row.get(column))
        if value is not None:
            out[key] = value
    shares = [(key, finite_or_none(row.get(column))) for key, column in _STALL_SHARES]
    if any(value is not None for _, value in shares):
        # (the stall columns' cells in column order, without a pair per column of the row)
        stalls = sum(v for k in _stall_columns(row)
                     if (v := finite_or_none(row.get(k))) is not None)
        if stalls > 0:
            out.update((key, 100.0 * value / stalls) for key, value in shares
                       if value is not None)
    return out


def _stall_columns(row: Mapping[str, Any]) -> list[str]:
    """The row's ``ncu_stall_*`` columns in column order; a table's rows share its list
    (each kernel's profiled row walked every column name)."""
    if row.__class__ is RowView and row._data.__class__ is Table:  # type: ignore[attr-defined]
        return row._data.memo("stall_columns", _stall_names)  # type: ignore[attr-defined,no-any-return]
    return _stall_names(row)


def _stall_names(columns: Iterable[str]) -> list[str]:
    return [k for k in columns if k.startswith("ncu_stall_")]


#: Kernel values that are one ncu stall reason's share of all of them (%), at the profiled row:
#: warps waiting for the load/store unit's queue (thread-records-small-blocks) and for global
#: or local memory results, the latency more resident threads hide (fixed-grid-block-work).
_STALL_SHARES = (("profiled_lsu_throttle_pct", "ncu_stall_lg_throttle"),
                 ("profiled_memory_wait_pct", "ncu_stall_long_scoreboard"))


def constant_cache_waits(rows: Sequence[Mapping[str, Any]]) -> dict[str, float]:
    """``constant_wait_pct``: the largest share (%) of a profiled row's stalled warp cycles
    spent waiting on the immediate constant cache (ncu's imc_miss), and
    ``constant_wait_block_threads``, that row's block size (constant-cache-misses). The
    largest, not the anchor row's: the stall shrinks with fewer resident blocks, so a table
    also profiled at its fast 1024-thread shape would hide it there."""
    rows = as_list(rows)
    table = _table_of(rows)
    every = None if table is None else constant_wait_shares(table)
    if every is not None:  # the rows' shares from the table's columns
        shares = at_rows(rows, every)
        row = _first_largest(shares)
        if row is None:
            return {}
        return {"constant_wait_pct": 100.0 * float(shares[row]),
                "constant_wait_block_threads": floats_in(rows, "block_size")[row]}
    waits, sizes = floats_in(rows, "ncu_stall_imc_miss"), floats_in(rows, "block_size")
    at = [i for i, (wait, size) in enumerate(zip(waits, sizes, strict=True))
          if wait is not None and wait > 0 and size]
    if not at:
        return {}
    # every stall column, read as columns (a profiled table has them on each profiled row)
    totals = [0.0] * len(at)
    for key in [k for k in rows[at[0]] if k.startswith("ncu_stall_")]:
        column = floats_in(rows, key)
        totals = [t + (v if (v := column[i]) is not None else 0.0)
                  for t, i in zip(totals, at, strict=True)]
    # the first row of the largest share (the row's own stalls include the wait: total > 0)
    share, row = max(((waits[i] / total, i) for total, i in zip(totals, at, strict=True)),
                     key=lambda pair: pair[0])  # type: ignore[operator]
    return {"constant_wait_pct": 100.0 * share, "constant_wait_block_threads": sizes[row]}


def novelty_notes(reference: Mapping[str, Any] | None) -> list[str]:
    """Where the profiled row's access lies against the calibration kernels' (rule-only
    advice; :mod:`gpuadvisor.novelty`)."""
    from gpuadvisor.novelty import assess

    if reference is None:
        return []
    found = assess(reference)
    return [] if found is None else [found.note()]


def unstable_timing_notes(measured: Sequence[Candidate],
                          ok: Sequence[Candidate] | None = None,
                          ok_rows: list[Any] | None = None) -> list[str]:
    """Timed cells whose repeats spread far more than the kernel's others (a transient on the
    GPU during that cell; ``timing.unstable_cells``) and that were not timed again: their
    time, and so their rank, may be off. ``ok``: the measured candidates whose status is ok
    (with a row), and ``ok_rows`` their rows, when the caller has them."""
    if ok is None:
        ok = [c for c in measured if c.status == "ok" and c.row]
    rows = ok_rows if ok_rows is not None else of_one_table([c.row for c in ok])
    times, stds = floats_in(rows, "time_ms"), floats_in(rows, "time_ms_std")
    spreads = [s / t if t and s is not None and t > 0 else None
               for t, s in zip(times, stds, strict=True)]
    flagged = [i for i in outlying_spreads(spreads) if not ok[i].row.get("retimed")]
    if not flagged:
        return []
    usual = statistics.median(s for s in spreads if s is not None)
    cells = ", ".join(f"{ok[i].label} ({100 * spreads[i]:.0f}%)" for i in flagged[:3])
    more = f" and {len(flagged) - 3} more" if len(flagged) > 3 else ""
    return [f"unsteady timing: {cells}{more}: the repeats spread far more than the usual "
            f"cell's {100 * usual:.1f}% of its median, so the time and rank may be off; time "
            "them again (gpuadvisor tune --resume re-times such cells, --retime)"]


def _first_of_each(name: str, rows: Sequence[Any], parts: list[Any]) -> list[Candidate]:
    """The candidate of the first row of each (shape, cache configuration), where every row's
    cells parsed (``parts``: :class:`_TableCells`'s, False for a row without a shape)."""
    seen: set[tuple[Any, str]] = set()
    out = []
    for row, part in zip(rows, parts, strict=True):
        if part is not False and (shape := part[:2]) not in seen:
            seen.add(shape)
            out.append(Candidate(name, part[0], part[1], row, part[2]))
    return out


def _least_time(rows: list[Any], among: Sequence[Any]) -> Any:
    """The first of ``rows`` with the least ``time_ms`` (none or zero: infinite); read from
    the table's parsed column where ``rows`` are some of ``among``, a
    :class:`~gpuadvisor.rows.TableRows` (not a cell read and parsed per row)."""
    if among.__class__ is TableRows:
        times = among.table.floats("time_ms")  # type: ignore[attr-defined]
        return min(rows, key=lambda r: times[r._i] or math.inf)
    return min(rows, key=lambda r: float_or_none(r.get("time_ms")) or math.inf)


def _first_of_each_row(name: str, rows: Sequence[Any], parts: list[Any]) -> list[Candidate]:
    """:func:`_first_of_each` where some rows' cells did not parse (``None`` parts: read from
    the row, raising where that raises)."""
    by_key: dict[tuple[str, int, int, int, str], Candidate] = {}
    seen: set[tuple[Any, str]] = set()
    for row, part in zip(rows, parts, strict=True):
        if part is False:
            continue
        if part is None:
            if float_or_none(row.get("block_x")) is None:
                continue
            c = _candidate(name, row)
        else:
            if (part[0], part[1]) in seen:  # the key below, without making the candidate
                continue
            seen.add((part[0], part[1]))
            c = Candidate(name, part[0], part[1], row, part[2])
        key = c.key
        if key in by_key:
            continue
        by_key[key] = c
    return list(by_key.values())


def _ok_and_timed(measured: list[Candidate]
                  ) -> tuple[list[Candidate], list[Candidate], list[Any]]:
    """The candidates whose status is ok (with a row), those with a time, and the ok ones'
    rows; read from the table's columns when every row is a view of one table (not a
    property per candidate), the rows then a :class:`~gpuadvisor.rows.TableRows`."""
    one = views_of_one_table([c.row for c in measured])
    if one is None:
        ok = [c for c in measured if c.status == "ok" and c.row]
        return ok, [c for c in measured if c.time_ms is not None], [c.row for c in ok]
    table, idx = one
    statuses = table_statuses(table)
    times = known_times(measured, table, idx)
    at = [j for j, i in enumerate(idx) if statuses[i] == "ok"]
    ok = [measured[j] for j in at]
    return (ok, [c for c, t in zip(measured, times, strict=True) if t is not None],
            TableRows(table, [idx[j] for j in at], [c.row for c in ok]) if ok else [])


def divergence_notes(kinfo: KernelInfo, char: Characterization) -> list[str]:
    """Divergent compute-bound warps profiled at one warp patch shape: whether compact patches
    help cannot be read from it (divergent-warp-patch stays quiet), so name the shape that
    settles it."""
    idle = kinfo.extra.get("idle_lanes_measured")
    if (char.bound != "compute" or idle is None or idle < 1.0
            or "divergence_boundary_share" in kinfo.extra):
        return []
    patch = kinfo.extra.get("profiled_warp_perimeter", 33)
    other = "8x32" if patch > 20 else "32x8"
    return [f"divergent warps: {idle:.2g} of 32 lanes idle per warp instruction at one warp "
            f"patch shape (perimeter {patch:.3g}); whether warps covering other patches idle "
            "fewer lanes depends on whether neighbouring threads branch alike, which one shape "
            f"cannot show: measure {other} (e.g. gpuadvisor tune with --max-configs on that "
            "shape) and analyze again"]


def no_loads(rows: Sequence[Mapping[str, Any]]) -> dict[str, bool]:
    """``loads_absent``: every profiled row counted zero global load requests (the kernel only
    computes and stores), so the rules about a warp's loads have nothing to act on."""
    rows = as_list(rows)
    table = _table_of(rows)
    if table is not None:  # the rows' readings from the table's columns
        counted_at, absent_at = (at_rows(rows, a) for a in loads_absent(table))
        counted_absent = absent_at[counted_at]
        return {"loads_absent": True} if len(counted_absent) and counted_absent.all() else {}
    counted = [absent for absent, q, s in zip(
        loads_absent_each(rows), floats_in(rows, "l1_global_load_requests"),
        floats_in(rows, "l1_global_load_sectors"), strict=True) if q is not None or s is not None]
    return {"loads_absent": True} if counted and all(counted) else {}


def divergence(rows: Sequence[Mapping[str, Any]], warp: int = 32) -> dict[str, float]:
    """Lanes a warp instruction leaves idle beyond a partial last warp (``idle_lanes_measured``,
    from ncu's threads per warp instruction), at the profiled warp patch's perimeter
    (``profiled_warp_perimeter``, the largest profiled one); with profiles at two or more patch
    perimeters also ``divergence_boundary_share``, the share of those idle lanes that grows
    with the perimeter (a least-squares line through (perimeter, idle lanes), clamped to
    [0, 1]). Only for 2-D launches (a grid with more than one row of blocks): the patch shape
    means nothing along one dimension. Empty when no row has the counter."""
    points: dict[float, list[float]] = {}
    rows = as_list(rows)
    table = _table_of(rows)
    known = (None if table is None
             else idle_lanes(table, shape_codes(table), warp_perimeter, warp))
    if known is not None:  # the rows' points from the table's columns
        perimeters, idle = (at_rows(rows, a) for a in known)
        kept = idle == idle  # not NaN
        for x, y in zip(perimeters[kept].tolist(), idle[kept].tolist(), strict=True):
            points.setdefault(x, []).append(y)
        return _idle_fit(points)
    all_lanes = floats_in(rows, "threads_per_warp_instruction")
    if all(lanes is None for lanes in all_lanes):
        return {}
    for lanes, bx, gy, by, bz in zip(all_lanes, *(floats_in(rows, c) for c in (
            "block_x", "grid_y", "block_y", "block_z")), strict=True):
        if lanes is None:
            continue
        if not bx or (gy or 1) <= 1:
            continue
        block = (int(bx), int(by or 1), int(bz or 1))
        size = block[0] * block[1] * block[2]
        full = warp * size / (warp * -(-size // warp))  # lanes a partial warp leaves idle
        points.setdefault(warp_perimeter(*block, warp), []).append(full - lanes)
    return _idle_fit(points)


def _idle_fit(points: dict[float, list[float]]) -> dict[str, float]:
    """:func:`divergence`'s values from its points: perimeter -> idle lanes of each row."""
    if not points:
        return {}
    xs = sorted(points)
    ys = [sum(points[x]) / len(points[x]) for x in xs]
    ref = xs[-1]
    out = {"idle_lanes_measured": max(0.0, ys[-1]), "profiled_warp_perimeter": ref}
    if len(xs) >= 2:
        mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
        slope = (sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
                 / sum((x - mx) ** 2 for x in xs))
        idle_ref = my + slope * (ref - mx)
        out["idle_lanes_measured"] = max(0.0, idle_ref)
        if idle_ref > 0:
            out["divergence_boundary_share"] = min(1.0, max(0.0, slope * ref / idle_ref))
    return out


def _grid(row: Mapping[str, Any]) -> tuple[int, int, int] | None:
    g = [float_or_none(row.get(f"grid_{a}")) for a in "xyz"]
    if g[0] is None:
        return None
    return (int(g[0]), int(g[1] or 1), int(g[2] or 1))


#: The parsed grid_x, grid_y and grid_z of some rows.
_Grids = tuple[list[float | None], list[float | None], list[float | None]]


def _grid_columns(rows: list[Any]) -> _Grids:
    return floats_in(rows, "grid_x"), floats_in(rows, "grid_y"), floats_in(rows, "grid_z")


def _grid_at(grids: _Grids, i: int) -> tuple[int, int, int] | None:
    """:func:`_grid` of row ``i`` of :func:`_grid_columns` (the same parse)."""
    gx = grids[0][i]
    if gx is None:
        return None
    return (int(gx), int(grids[1][i] or 1), int(grids[2][i] or 1))


def _candidate(kernel: str, row: Mapping[str, Any]) -> Candidate:
    block = (int(row["block_x"]), int(float_or_none(row.get("block_y")) or 1),
             int(float_or_none(row.get("block_z")) or 1))
    return Candidate(kernel, block, str(row.get("cache_config") or "default"),
                     row if isinstance(row, RowView) else dict(row), _grid(row))


class _TableCells:
    """Per row of a table: its candidate's shape, cache configuration and grid, and whether it
    has access metrics, worked out from whole columns once (not through each row view)."""

    def __init__(self, columns: Mapping[str, list[Any]]) -> None:
        n = n_rows(columns)
        none = [None] * n

        def floats(name: str) -> list[float | None]:
            if isinstance(columns, Table):  # parsed once per table, shared with other readers
                return columns.floats(name)
            return floats_of(columns.get(name, none))

        bx, by, bz = floats("block_x"), floats("block_y"), floats("block_z")
        gx, gy, gz = floats("grid_x"), floats("grid_y"), floats("grid_z")
        raw_x = columns.get("block_x", none)
        cache = columns.get("cache_config", none)

        def part(i: int) -> Any:
            x = bx[i]
            if x is None:
                return False  # no shape: not a candidate
            try:
                y, z, g0 = by[i], bz[i], gx[i]
                return ((int(raw_x[i]), int(y or 1), int(z or 1)), str(cache[i] or "default"),
                        None if g0 is None else (int(g0), int(gy[i] or 1), int(gz[i] or 1)))
            except (TypeError, ValueError, OverflowError):
                return None  # let _candidate raise where it always did

        # once per distinct shape, cache configuration and grid where the table allows
        codes = shape_codes(columns) if isinstance(columns, Table) else None
        self.parts: list[Any] = (spread(*codes, part) if codes is not None
                                 else [part(i) for i in range(n)])
        metrics = [floats(c) for c in ("gld_efficiency", "sectors_per_request",
                                       "dram_throughput_pct")]
        self.has_metrics = [a is not None or b is not None or c is not None
                            for a, b, c in zip(*metrics, strict=True)]


def space_candidates(kernel: str, arch: Arch, *, one_d: bool,
                     shapes: Sequence[tuple[int, int, int]] | None = None,
                     cache_configs: Sequence[str] | None = None) -> list[Candidate]:
    """The configuration space of ``arch``: the seeds' grid x the cache configurations."""
    from gpuadvisor.space import cache_config_reason, seed_shapes, shape_limit_reason

    if shapes is None:
        shapes = seed_shapes(1 if one_d else 2, max_threads=arch.max_threads_per_block)
    if cache_configs is None:
        cache_configs = ["default", "l1_off"]
        if arch.cache_config_model != "dedicated":
            cache_configs.insert(1, "prefer_l1")
    out = []
    for cache_config in cache_configs:
        if cache_config_reason(arch, cache_config):
            continue
        for shape in shapes:
            if shape_limit_reason(tuple(shape), arch):
                continue
            out.append(Candidate(kernel, tuple(shape), cache_config))
    return out


# ----------------------------------------------------------------------------- analysis


def analyze_sweep(df: Any, arch: str | Arch | None = None, rule_dirs: Iterable[str | Path] = (),
                  rule_only: bool = False, access: str | None = None, *,
                  provenance: Mapping[str, Any] | None = None,
                  rules: Sequence[Rule] | None = None,
                  manifest_path: str | Path | None = None,
                  shapes: Sequence[tuple[int, int, int]] | None = None,
                  cache_configs: Sequence[str] | None = None,
                  sources: Sequence[str] = (),
                  scorer: TableScorer | None = None,
                  comparisons: bool = True, notes: bool = True,
                  code: Mapping[str, Any] | None = None,
                  fixed_grid: bool = False) -> Analysis:
    """Analyze every kernel of a sweep table (see the module docstring for the three modes).

    ``scorer``: one shared by several analyses with the same rules (review analyzes two
    tables) reuses derived values and rule results between them. ``comparisons``: False
    leaves each kernel's comparisons with the usual defaults empty (review reads findings
    only; the comparisons were ~4 % of an analysis). ``notes``: False leaves out the notes
    that are text for a reader only (the access model's, divergent warps', unsteady
    timing's; ~5 % of a review's analyses), which no rule and no finding reads. ``code``:
    the kernels' PTX accesses by PTX name (:func:`gpuadvisor.ptx.sources.load_codes`), read
    for the access model where a kernel's name matches one (``analyze --ptx``).
    ``fixed_grid``: the user's word that the app launches the same grid at every block size
    (``analyze --fixed-grid``), which a table of one launch cannot show
    (:func:`_assume_fixed_grid`).
    """
    from gpuadvisor.rows import column_lists

    if isinstance(df, Table):  # columns read without pandas (gpuadvisor.small_sweep)
        table, n_rows = df, df.rows()
    else:
        from gpuadvisor.sweep import is_normalized, normalize

        table = df if is_normalized(df) else normalize(df)  # read only: no copy needed
        n_rows = len(table)
    if not n_rows:
        raise UserError("the table has no rows")
    if rules is None:
        rules = load_rules_or_fail(rule_dirs)
    if scorer is None or [id(r) for r in scorer.rules] != [id(r) for r in rules]:
        scorer = TableScorer(rules)
    with gc_paused():
        # One pass over the table (a mask per kernel made many-kernel tables quadratic); rows
        # are views over the table's columns, not one dict each, and each kernel's know their
        # indices into the table (TableRows).
        data = table if isinstance(table, Table) else column_lists(table)
        by_kernel: dict[str, list[int]] = {}
        for i, name in enumerate(data["kernel"]):
            by_kernel.setdefault(str(name), []).append(i)
        cells = _TableCells(data)
        prepared: list[_Prepared] = []
        failure: UserError | None = None
        for name, index in by_kernel.items():
            rows = TableRows(data, index)
            try:
                prepared.append(_prepare(name, rows, scorer, arch=arch, rule_only=rule_only,
                                         access=access, provenance=provenance,
                                         manifest_path=manifest_path, shapes=shapes,
                                         cache_configs=cache_configs, cells=cells,
                                         with_notes=notes, code=code,
                                         fixed_grid=fixed_grid))
            except UserError as err:  # raised after the kernels before it, as one by one
                failure = err
                break
        scored = scorer.score_kernels([(p.setup, p.candidates) for p in prepared])
        moved: dict[tuple[int, ...], tuple[list[Any], list[str]]] = {}  # for all kernels
        out = [_finish(p, s, scorer, comparisons, moved)
               for p, s in zip(prepared, scored, strict=True)]
    if failure is not None:
        raise failure
    return Analysis(out, list(sources))


@contextlib.contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection inside: a table's analysis allocates millions of small,
    acyclic objects, and the collector's passes over them cost more than the analysis.

    Leaving, the objects made inside that are still alive go to the oldest generation, not
    the youngest: the young collection that the first allocation after would start walked
    every one of them (~0.1 s after a review of 100,000 rows; cyclic garbage made inside is
    then collected by a full collection). Not where the program froze objects itself
    (``gc.freeze``: unfreezing would release them too)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if not gc.get_freeze_count():
                gc.freeze()  # (moves every tracked object out of the generations) ...
                gc.unfreeze()  # ... and back into the oldest one
            gc.enable()


def analyze_kernel(name: str, rows: list[dict[str, Any]], rules: Sequence[Rule], *,
                   arch: str | Arch | None = None, rule_only: bool = False,
                   access: str | None = None, provenance: Mapping[str, Any] | None = None,
                   manifest_path: str | Path | None = None,
                   shapes: Sequence[tuple[int, int, int]] | None = None,
                   cache_configs: Sequence[str] | None = None,
                   code: Mapping[str, Any] | None = None) -> KernelAnalysis:
    """Analyze one kernel's rows (:func:`analyze_sweep` does this for every kernel)."""
    scorer = TableScorer(rules)
    p = _prepare(name, rows, scorer, arch=arch, rule_only=rule_only, access=access,
                 provenance=provenance, manifest_path=manifest_path, shapes=shapes,
                 cache_configs=cache_configs, code=code)
    return _finish(p, scorer.score_kernels([(p.setup, p.candidates)])[0], scorer)


@dataclass
class _Prepared:
    """One kernel between reading its rows and ranking its scored candidates."""

    name: str
    rows: list[Any]
    setup: KernelSetup
    char: Characterization
    notes: list[str]
    mode: str
    measured: list[Candidate]
    candidates: list[Candidate]
    reference: Any
    timed: list[Candidate]  # the measured ones with a time


def _prepare(name: str, rows: list[Any], scorer: TableScorer, *,
             arch: str | Arch | None, rule_only: bool, access: str | None,
             provenance: Mapping[str, Any] | None, manifest_path: str | Path | None,
             shapes: Sequence[tuple[int, int, int]] | None,
             cache_configs: Sequence[str] | None,
             cells: _TableCells | None = None, with_notes: bool = True,
             code: Mapping[str, Any] | None = None, fixed_grid: bool = False) -> _Prepared:
    """Everything before scoring; ``cells``: the rows' table worked out by column (rows are
    then views of that table); ``with_notes``: False for no reader's notes
    (:func:`analyze_sweep`'s ``notes``); ``code`` and ``fixed_grid``: :func:`analyze_sweep`'s."""
    a, board = resolve_arch(rows, arch)
    notes: list[str] = []
    sm_count = float_or_none(_first(rows, "sm_count"))
    sm_count = int(sm_count) if sm_count else (board.sm_count if board else None)
    if sm_count is None:
        notes.append("SM count unknown (no sm_count column or known GPU): grid rules skipped")

    # One row per configuration (the first; repeated launches add nothing to a ranking).
    if cells is not None and rows.__class__ is TableRows:
        parts = rows.pick(cells.parts)  # type: ignore[attr-defined]
    else:
        parts = ([cells.parts[row.index] for row in rows] if cells is not None
                 else [None] * len(rows))
    measured = (_first_of_each(name, rows, parts) if None not in parts
                else _first_of_each_row(name, rows, parts))
    if not measured:
        raise UserError(f"kernel {name}: no row has a block shape (nvprof --metrics output "
                        "carries none: pass its --print-gpu-trace output too)")
    ok, timed, ok_rows = _ok_and_timed(measured)
    if cells is not None:
        with_metrics = ([r for r, has in zip(ok_rows, ok_rows.pick(cells.has_metrics),
                                             strict=True) if has]
                        if ok_rows.__class__ is TableRows
                        else [r for r in ok_rows if cells.has_metrics[r.index]])
    else:
        with_metrics = [r for r in ok_rows if float_or_none(r.get("gld_efficiency")) is not None
                        or float_or_none(r.get("sectors_per_request")) is not None
                        or float_or_none(r.get("dram_throughput_pct")) is not None]
    reference = (_least_time(with_metrics, ok_rows) if with_metrics
                 else (ok_rows[0] if ok_rows else measured[0].row))

    use_manifest = manifest_applies(provenance, manifest_path)
    kernel_code = terms = category = tile = None
    if code:
        from gpuadvisor.code_access import access_category, code_terms, code_tile, matching

        kernel_code = matching(code, name)
        terms = code_terms(kernel_code) if kernel_code is not None else None
        category = access_category(terms) if terms is not None else None
    char = characterize(name, ok_rows or [c.row for c in measured if c.row], reference=reference,
                        access=access, provenance=provenance, manifest_path=manifest_path,
                        elem_bytes=4, sector_bytes=a.sector_bytes, warp_size=a.warp_size,
                        use_manifest=use_manifest, code_access=category)
    kinfo = kernel_info(name, ok_rows, char, manifest_path, use_manifest, reference)
    tile = code_tile(kernel_code) if kernel_code is not None else None
    if tile is not None and "block_tile" not in kinfo.extra:
        kinfo.extra["block_tile"] = list(tile.block_tile)  # (tile-intensity reads it)
    kinfo.measured_access = (None if not ok_rows else fit_kernel(ok_rows, reference, terms)
                             if terms is not None else
                             fit_kernel_shared(ok_rows, reference, scorer.access_fits))
    grid = (_assume_fixed_grid(name, kinfo, ok_rows or [c.row for c in measured if c.row])
            if fixed_grid else None)
    if code and with_notes:
        notes.append(_code_note(name, code, kernel_code))
        if tile is not None:
            notes.append(tile.note)
    if with_notes:
        notes.extend(access_notes(kinfo.measured_access, ok_rows,
                                  rule_only or len(measured) == 1,
                                  _launchable_shapes(kinfo, measured, shapes)))
        notes.extend(divergence_notes(kinfo, char))
        if rule_only:  # measured rankings follow the times, whatever the domain
            notes.extend(one_block_row_note(name, ok_rows, kinfo.domain))
        if rule_only or len(measured) == 1:
            notes.extend(novelty_notes(reference))
        if not rule_only:
            notes.extend(unstable_timing_notes(measured, ok, ok_rows))
    if kinfo.registers_per_thread is None:
        notes.append("registers per thread unknown: occupancy assumes the warp and block "
                     "limits only (pass a profile with registers_per_thread for more)")
    if (len(measured) == 1 and grid is None and "fixed_grid_blocks" not in kinfo.extra
            and measured[0].row and (launch := _launches(_row_launches([measured[0].row])))):
        # one launch, its grid's reading unknown: the blocks it launched, for
        # single-launch-underfill (a fixed grid would keep them at every block size)
        (gx, _bx), (gy, _byz), gz = launch[0]
        kinfo.extra["single_launch_blocks"] = float(gx * gy * gz)
    setup = KernelSetup(a, board, kinfo, sm_count, arch_context(a))

    if len(measured) == 1:
        mode = "profile"
        # (a fixed grid has no per-element domain: a 1-D block is all that says 1-D there)
        block_1d = measured[0].block[1] == 1 and measured[0].block[2] == 1
        rows_of_1d_blocks = (block_1d and kinfo.domain is not None and shapes is None
                             and (kinfo.domain[1] > 1 or kinfo.domain[2] > 1))
        one_d = block_1d and (grid is not None or rows_of_1d_blocks
                              or kinfo.domain is not None and kinfo.domain[1] == 1
                              and kinfo.domain[2] == 1)
        profiled = measured[0]
        if rows_of_1d_blocks and with_notes:
            notes.append(one_d_block_rows_note(profiled.label, kinfo.domain))
        candidates = [c for c in space_candidates(name, a, one_d=one_d, shapes=shapes,
                                                  cache_configs=cache_configs)
                      if c.key != profiled.key]
        if grid is not None:  # every shape launches the profiled grid
            candidates = [Candidate(c.kernel, c.block, c.cache_config, None, grid)
                          for c in candidates]
        elif (one_row := _one_block_row(reference, kinfo.domain)) is not None:
            columns, planes = one_row
            candidates = [Candidate(c.kernel, c.block, c.cache_config, None,
                                    (-(-columns // c.block[0]), 1, planes))
                          for c in candidates]
            if with_notes:
                notes.append(
                    f"the profiled {profiled.label} launch is one row of blocks: one launch "
                    "cannot show the problem's height, so the ranking keeps one row of blocks "
                    "at every shape (in the recorded tables launched so, the block's rows "
                    "mostly looped over the problem: a shorter block gives each thread more "
                    "rows, not more blocks); if the problem is no higher than the block, "
                    "shorter blocks add block rows instead: time a few beside the pick")
        elif with_notes and not fixed_grid and kinfo.domain is not None:
            notes.append("one launch cannot show how the grid follows the block: the ranking "
                         f"takes it as one thread per element ({_domain_text(kinfo.domain)}); "
                         "if the app launches the same grid at every block size (a block per "
                         "row or segment, a grid-stride loop), pass --fixed-grid (its model "
                         "missed on both blind kernels recorded after it: time the listed "
                         "shapes either way)")
        # Generated configurations share the kernel's resources but not the profiled metrics.
        candidates.append(profiled)
        if kinfo.shared_mem_per_block:
            notes.append(
                f"the kernel uses {kinfo.shared_mem_per_block} B of shared memory per block; if "
                f"its tiles are sized to the profiled {profiled.label} launch, only shapes the "
                "kernel supports are valid: the ranking assumes any shape computes correctly "
                "with the same resources")
    else:
        mode = "measured" if (len(timed) >= 2 and not rule_only) else "rule-only"
        if not rule_only and len(timed) < 2:
            notes.append("fewer than two timed configurations: ranked by the rules alone")
        candidates = measured
        if shapes is not None:
            wanted = {tuple(s) for s in shapes}
            candidates = [c for c in measured if c.block in wanted]
            if not candidates:
                raise UserError(f"kernel {name}: none of the --shapes was measured")
    return _Prepared(name, rows, setup, char, notes, mode, measured, candidates, reference,
                     timed)


def _one_block_row(reference: Mapping[str, Any] | None,
                   domain: tuple[int, int, int] | None) -> tuple[int, int] | None:
    """(columns, grid z) where the profiled launch is one row of blocks, several rows high
    and several blocks wide, else None: the other shapes then launch one row of blocks too.

    One launch cannot show the problem's height, and the per-element reading takes it as the
    block's, so that a shorter block adds block rows. Of the 10 recorded 2-D tables (H200)
    whose 32x8 launch was one row of blocks, a shorter block added block rows in one (spconv's
    gather, 5 rows high): in 8 the block's rows loop over the problem (a column reduction, a
    norm over the last dimension, a segment per block row), so a shorter block gives each
    thread more rows, and in GE-SpMM's the grid's x follows the block's rows. Issue 11 round 46:
    LightSeq's dropout-bias backward, one row of cdiv(1024, bx) blocks, its profile alone
    picked 32x2 (4 block rows read into a problem 8 high: 26.6x the best, 8x128), and picks
    8x32 (2.34x) with one row of blocks at every shape."""
    launch = _reference_launch(reference)
    if launch is None or domain is None:
        return None
    (gx, bx), (gy, byz), gz = launch
    if gy != 1 or byz <= 1 or gx <= 1 or bx <= 1:
        return None
    return domain[0], gz


def one_d_block_rows_note(label: str, domain: tuple[int, int, int]) -> str:
    """Why a profile of 1-D blocks over a grid of several rows is ranked over 1-D blocks only:
    a kernel launched that way usually reads threadIdx.x alone (the grid's y a batch, an image
    row or a layer), where a 2-D block would repeat or skip work; blind set 46's
    ``pointnet2_ball_query`` (grid y the batch) was sent to 32x8 from its 256x1 profile."""
    return (f"the profile's block is 1-D ({label}) over {_domain_text(domain)}: only 1-D "
            "blocks are ranked, as a kernel launched with 1-D blocks usually indexes "
            "threadIdx.x alone (the grid's y a batch, a row or a layer); if it indexes "
            "threadIdx.y too, pass --shapes with the 2-D shapes to rank")


def _domain_text(domain: tuple[int, int, int]) -> str:
    x, y, z = domain
    return f"{x} x {y} threads" + (f" x {z}" if z > 1 else "") if y > 1 or z > 1 \
        else f"{x} threads"


def _assume_fixed_grid(name: str, kinfo: KernelInfo, rows: Sequence[Any]
                       ) -> tuple[int, int, int] | None:
    """``--fixed-grid``: a kernel launched with one grid whatever its block size (a block per
    row or segment, a grid-stride loop over a fixed number of blocks) looks, in one launch,
    like one thread per element, and the per-element rules then assume the grid shrinks as the
    block grows. With the user's word, the kernel gets what a table of several launches shows
    (:func:`fixed_grid`; no per-element domain) and the grid the other shapes launch is
    returned. None where the table's launches already show a fixed grid; a UserError where
    they show one that follows the block, or have no grid.

    A table whose launches all share one grid that could also be read per element (one
    block along x at every block width: a problem no wider than the narrowest block, the
    wider blocks' extra threads idle; blind set 52's ``fn2_correlation``, a block per output
    pixel on a 1 x 48 x 64 grid) takes the user's word as one launch does."""
    launches = set(_launches(_row_launches(rows)))
    if not launches:
        raise UserError(f"kernel {name}: --fixed-grid needs the profiled launch's grid "
                        "(grid_x, grid_y, grid_z columns)")
    if "fixed_grid_blocks" in kinfo.extra:
        return None
    grids = {(gx, gy, gz) for (gx, _bx), (gy, _byz), gz in launches}
    if len(grids) > 1:
        raise UserError(f"kernel {name}: --fixed-grid, but the table's {len(launches)} "
                        "launches do not keep one grid at every block size")
    ((gx, gy, gz),) = grids
    threads = [bx * byz for (_gx, bx), (_gy, byz), _gz in launches]
    kinfo.domain = None
    kinfo.extra.update({"fixed_grid_blocks": float(gx * gy * gz),
                        "fixed_grid_min_threads": float(min(threads)),
                        "fixed_grid_max_threads": float(max(threads))})
    return int(gx), int(gy), int(gz)


def _code_note(name: str, code: Mapping[str, Any], kernel_code: Any) -> str:
    """What the PTX says of the kernel's global accesses (or that it has no such kernel)."""
    from gpuadvisor.code_access import describe

    if kernel_code is None:
        entries = ", ".join(sorted(code)[:6]) + (" ..." if len(code) > 6 else "")
        return (f"code: no kernel of the PTX is named {name} (it has {entries}): the access "
                "model rests on the counters alone")
    return f"code ({kernel_code.entry}): {describe(kernel_code)}"


def _finish(p: _Prepared, scored: list[Scored], scorer: TableScorer,
            with_comparisons: bool = True,
            moved: dict[tuple[int, ...], tuple[list[Any], list[str]]] | None = None
            ) -> KernelAnalysis:
    """``moved``: :func:`_moved_reasons`'s texts, shared by the kernels of an analysis."""
    name, rows, mode, measured, candidates = p.name, p.rows, p.mode, p.measured, p.candidates
    notes, reference, setup = p.notes, p.reference, p.setup
    rules = scorer.rules

    def context_for(c: Candidate) -> dict[str, Any]:
        return scorer.context(setup, c)

    order = order_kernel(scored, mode)
    ranked = order.ranked
    if not ranked:
        raise UserError(f"kernel {name}: no configuration can be ranked (all excluded)")
    pick = ranked[0]

    best_time = min((c.time_ms for c in p.timed), default=None)  # type: ignore[type-var]
    rule_pick = order.rule_pick
    regret = None
    if rule_pick is not None and best_time and mode != "profile":
        t = rule_pick.candidate.time_ms
        if t is not None:
            regret = t / best_time
        else:
            notes.append(f"the rules' pick {rule_pick.candidate.label} has no measured time "
                         f"(status {rule_pick.candidate.status}): regret unknown")
    reliability = None
    if mode != "measured":  # ranked by the rules: the few shapes worth timing
        reliability = pick_reliability.record(pick_reliability.kernel_class(
            (s.candidate.block for s in ranked), setup.kinfo.shared_mem_per_block))
        size = pick_reliability.listed_count(reliability)
        note = shortlist_note(name, shortlist((s.candidate.block for s in ranked), size + 1),
                              size)
        if note is not None:
            notes.append(note)
        if (held := pick_reliability.note(reliability)) is not None:
            notes.append(held)
    findings: list[Finding] = []
    skipped: list[dict[str, str]] = []

    # Kernel-scope rules on the reference row; sweep-scope rules on the pick.
    ref_candidate = next((c for c in candidates if c.row is reference), None) or pick.candidate
    # (the reference is often the pick: its context, built for the sweep rules below, is the
    # one context_for builds; evaluation copies a context, never changes it)
    kctx = pick.context if ref_candidate is pick.candidate else context_for(ref_candidate)
    sweep_ctx = {"configs": order.configs, "pareto_size": order.pareto_size,
                 "pick_in_pareto": order.pick_in_pareto, "mode": mode}
    if best_time is not None:
        sweep_ctx["best_time_ms"] = best_time
    sctx = dict(pick.context)
    sctx["sweep"] = sweep_ctx
    kernel_rules = [rule for rule in rules if rule.scope == "kernel"]
    sweep_rules = [rule for rule in rules if rule.scope not in ("config", "kernel")]
    found = dict(zip(map(id, kernel_rules), scorer.memo.evaluate_all(kernel_rules, kctx),
                     strict=True))
    found.update(zip(map(id, sweep_rules), scorer.memo.evaluate_all(sweep_rules, sctx),
                     strict=True))
    for rule in rules:
        if rule.scope == "config":
            continue
        result = found[id(rule)]
        config = ref_candidate.key if rule.scope == "kernel" else pick.candidate.key
        if result.fired:
            findings.append(Finding.from_result(result, name, config))
        elif result.status in ("skipped", "error"):
            skipped.append({"rule_id": rule.id, "note": "; ".join(result.notes)})
    for r in pick.results:
        if r.status in ("skipped", "error"):
            skipped.append({"rule_id": r.rule.id, "note": "; ".join(r.notes)})

    # Entries are made when read (output shows the top ones; a table has 100,000).
    entries: Sequence[RankEntry] = RankEntries(
        ranked, lambda i: _LazyEntry(ranked[i], mode, i == 0, ranked, moved))
    excluded = [{"config": list(s.candidate.key), "label": s.candidate.label,
                 "reasons": reasons_for(s)} for s in order.excluded]
    # measured: rows that did not run (or have no time) cannot be ranked by time
    for s in order.untimed:
        c = s.candidate
        error = str((c.row or {}).get("error") or "").strip()
        why = f"status {c.status}" + (f": {error}" if error and error != "nan" else "")
        excluded.append({"config": list(c.key), "label": c.label,
                         "reasons": [why if c.status != "ok" else "no time measured"]})
    comparisons = _comparisons(pick, scored, rules, mode, context_for, setup.arch, profiled=(
        measured[0] if mode == "profile" else None)) if with_comparisons else []
    return KernelAnalysis(
        kernel=name, arch=setup.arch.name, family=setup.arch.family,
        gpu=str(_first(rows, "gpu")) if _first(rows, "gpu") is not None else None,
        mode=mode, characterization=p.char, ranking=entries, findings=findings,
        comparisons=comparisons, excluded=excluded, skipped_rules=_dedupe(skipped),
        notes=notes, best_time_ms=best_time, regret=regret,
        rule_pick=rule_pick.candidate.label if rule_pick else None,
        rule_pick_time_ms=rule_pick.candidate.time_ms if rule_pick else None,
        configs=len(scored), pareto_size=order.pareto_size,
        pick_in_pareto=order.pick_in_pareto, pick_reliability=reliability)


def _launchable_shapes(kinfo: KernelInfo, measured: Sequence[Candidate],
                       shapes: Sequence[tuple[int, ...]] | None
                       ) -> list[tuple[int, int]] | None:
    """The (x, y) shapes the access-model note may propose: the user's ``--shapes``, the 1-D
    seed shapes for a 1-D kernel (a profile of a 1-D domain, or a sweep that only ever
    launched one row), else None (the seeds' 2-D grid)."""
    from gpuadvisor.space import seed_shapes

    if shapes is not None:
        return [(int(s[0]), int(s[1]) if len(s) > 1 else 1) for s in shapes]
    one_row = all(c.block[1] == 1 and c.block[2] == 1 for c in measured)
    domain_1d = kinfo.domain is not None and kinfo.domain[1] == 1 and kinfo.domain[2] == 1
    fixed = "fixed_grid_blocks" in kinfo.extra  # a fixed grid of 1-D blocks: 1-D work units
    if measured and one_row and (len(measured) > 1 or domain_1d or fixed):
        return [(bx, by) for bx, by, _bz in seed_shapes(1, max_threads=1024)]
    return None


def _dedupe(items: list[dict[str, str]]) -> list[dict[str, str]]:
    seen = set()
    out = []
    for item in items:
        if item["rule_id"] in seen:
            continue
        seen.add(item["rule_id"])
        out.append(item)
    return out


class _LazyEntry(RankEntry):
    """A :class:`RankEntry` whose reasons, findings and confidence are worked out on first
    read: output shows them for the top entries only, and a table has 100,000 entries."""

    _LAZY = ("reasons", "findings", "confidence", "time_ms_min", "time_ms_max")

    def __init__(self, s: Scored, mode: str, is_pick: bool, ranked: Sequence[Scored],
                 moved: dict[tuple[int, ...], tuple[list[Any], list[str]]] | None = None
                 ) -> None:
        # The fields RankEntry.__init__ would set, minus the lazy ones (a dataclass __init__
        # through their property setters cost more than the rest of ranking).
        c = s.candidate
        self.__dict__.update(
            kernel=c.kernel, block_x=c.block[0], block_y=c.block[1], block_z=c.block[2],
            cache_config=c.cache_config, rank=s.rank, score=s.score, time_ms=c.time_ms,
            tied=s.tied, tie_group=s.tie_group, _source=(s, mode, is_pick, ranked, moved))

    def _get(self, name: str) -> Any:
        try:
            return self.__dict__["_" + name]
        except KeyError:
            pass
        s, mode, is_pick, ranked, moved = self._source
        if name == "reasons":
            value = _reasons(s, mode, is_pick, ranked, moved)
        elif name == "findings":
            value = s.findings()
        elif name == "confidence":
            value = confidence(s.confidence_context())
        else:
            value = s.candidate.value(name)
        self.__dict__["_" + name] = value
        return value

    def _set(self, name: str, value: Any) -> None:
        self.__dict__["_" + name] = value

    def fired_results(self) -> tuple[list[RuleResult], str, tuple[Any, ...]] | None:
        if "_findings" in self.__dict__:
            return None
        s = self._source[0]
        return s.fired, s.candidate.kernel, s.candidate.key

    reasons = property(lambda self: self._get("reasons"),  # type: ignore[assignment]
                       lambda self, v: self._set("reasons", v))
    findings = property(lambda self: self._get("findings"),  # type: ignore[assignment]
                        lambda self, v: self._set("findings", v))
    confidence = property(lambda self: self._get("confidence"),  # type: ignore[assignment]
                          lambda self, v: self._set("confidence", v))
    time_ms_min = property(lambda self: self._get("time_ms_min"),  # type: ignore[assignment]
                           lambda self, v: self._set("time_ms_min", v))
    time_ms_max = property(lambda self: self._get("time_ms_max"),  # type: ignore[assignment]
                           lambda self, v: self._set("time_ms_max", v))


def _reasons(s: Scored, mode: str, is_pick: bool, ranked: Sequence[Scored],
             moved: dict[tuple[int, ...], tuple[list[Any], list[str]]] | None = None
             ) -> list[str]:
    c = s.candidate
    reasons: list[str] = []
    if c.time_ms is not None:
        spread = ""
        lo, hi = c.value("time_ms_min"), c.value("time_ms_max")
        if lo is not None and hi is not None:
            spread = f" (range {lo:.4g}-{hi:.4g})"
        reasons.append(f"measured {c.time_ms:.4g} ms{spread}")
    if mode == "measured" and s.tied:
        others = (ranked.tie_labels(s) if isinstance(ranked, RankedView) else
                  [o.candidate.label for o in ranked if o.tie_group == s.tie_group and o is not s])
        shown = ", ".join(others[:5]) + (" ..." if len(others) > 5 else "")
        reasons.append(f"statistically tied with {shown}; order inside the tie by rule score "
                       f"({s.score:.3g})")
    if is_pick:
        reasons.extend(strengths(s))
    reasons.extend(reasons_for(s) if moved is None else _moved_reasons(s, moved))
    return reasons


def _moved_reasons(s: Scored, moved: dict[tuple[int, ...], tuple[list[Any], list[str]]]
                   ) -> list[str]:
    """:func:`reasons_for` of ``s``, worked out once per list of fired results (``moved``, by
    the results' ids; the results are kept there, so their ids stay theirs): the reasons
    are the results' messages, and scoring shares one result among the configurations
    whose rule inputs are equal. Not to be changed (shared)."""
    fired = s.fired
    key = tuple(map(id, fired))
    known = moved.get(key)
    if known is None:
        known = moved[key] = (fired, reasons_for(s))
    return known[1]


def _comparisons(pick: Scored, scored: Sequence[Scored], rules: Sequence[Rule], mode: str,
                 context_for: Any, arch: Arch, profiled: Candidate | None) -> list[Comparison]:
    """The pick against the usual defaults (and the profiled launch, in profile mode)."""
    wanted: list[tuple[str, tuple[int, int, int]]] = []
    if profiled is not None:
        wanted.append((f"profiled {profiled.label}", profiled.block))
    for shape in DEFAULT_SHAPES:
        wanted.append((f"{shape[0]}x{shape[1]}", shape))
    max_shape = (arch.max_threads_per_block, 1, 1)
    wanted.append((f"{max_shape[0]}x1 (max threads, OpenCL's choice)", max_shape))
    out = []
    seen = set()
    for label, block in wanted:
        if block in seen and not label.startswith("profiled"):
            continue
        seen.add(block)
        if profiled is not None and label.startswith("profiled"):
            entry = with_key(scored, profiled.key)
        else:
            entry = best_in(scored, block, prefer_cache=pick.candidate.cache_config)
        in_set = entry is not None and (mode != "profile" or entry.candidate.row is not None)
        if entry is None:
            cand = Candidate(pick.candidate.kernel, block, pick.candidate.cache_config)
            entry = score(rules, cand, context_for(cand))
        t = entry.candidate.time_ms
        pt = pick.candidate.time_ms
        if t is not None and pt is not None:
            gain, basis = (t / pt - 1.0) * 100.0, "measured"
        elif entry.score > 0 and pick.score > 0:
            # A calibrated mapping of the score ratio (gpuadvisor/claims.py); no figure where
            # the estimate's confidence is low.
            gain, basis = estimated_gain(pick.score / entry.score, weakest(
                confidence(entry.context), confidence(pick.context))), "estimated"
        else:
            gain, basis = None, "none"
        reasons = _why_loses(entry, pick)
        if entry.excluded:
            reasons.insert(0, "cannot launch: " + "; ".join(
                r.message for r in entry.fired if r.rule.effect == "exclude"))
        out.append(Comparison(label=label, block=block, cache_config=entry.candidate.cache_config,
                              in_set=in_set, time_ms=t, score=entry.score,
                              rank=entry.rank if entry.rank else None,
                              gain_pct=gain, basis=basis, reasons=reasons,
                              confidence=weakest(confidence(entry.context),
                                                 confidence(pick.context))
                              if basis == "estimated" else None))
    return out


def _why_loses(other: Scored, pick: Scored) -> list[str]:
    """Rules that cost ``other`` and not the pick, and preferences only the pick earns."""
    if other.candidate.key == pick.candidate.key:
        return ["this is the pick"]
    fired_here, fired_there = pick.fired, other.fired  # each made once
    pick_fired = {r.rule.id: r for r in fired_here}
    out = []
    for r in fired_there:
        if r.rule.effect == "penalize":
            p = pick_fired.get(r.rule.id)
            if p is None or p.factor > r.factor + 1e-9:
                out.append(f"[{(r.factor - 1) * 100:+.0f}%] {r.rule.id}: {r.message}")
    other_fired = {r.rule.id: r for r in fired_there}
    for r in fired_here:
        if r.rule.effect == "prefer":
            o = other_fired.get(r.rule.id)
            if o is None or o.factor + 1e-9 < r.factor:
                out.append(f"the pick earns {r.rule.id} (x{r.factor:.3g}"
                           + (f" vs x{o.factor:.3g}" if o else "") + ")")
    for r in fired_there:
        if r.rule.effect == "advice" and r.rule.id not in pick_fired:
            out.append(f"{r.rule.id}: {r.message}")
    return out
