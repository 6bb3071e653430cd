"""Score the candidate configurations of every kernel of a table in one pass (issue 13).

Scoring one configuration at a time built a full rule context (~60 derived values, the row's
metrics, the kernel and architecture) and evaluated ~27 configuration rules on it: ~0.7 ms per
row, minutes for a 100,000-row table. Here:

* derived values (:func:`~gpuadvisor.rules.context.derive`) are computed once per distinct
  launch configuration — (architecture, kernel resources, block, cache configuration, grid,
  registers, shared memory) — and shared by every row and kernel that has it;
* each rule is evaluated once per distinct combination of the values it reads
  (:mod:`gpuadvisor.rules.grouped`), found with NumPy over all candidates of the table, and
  the result is shared by the candidates of that combination;
* the combinations (or, where nearly every candidate is its own launch configuration, as in
  one profile's space, all candidates) are decided over whole columns
  (:mod:`gpuadvisor.rules.column_rules`): status and factor with NumPy, the explanation only
  when something reads it; what the columns cannot settle exactly is evaluated one by one;
* scores are the products of the factors in rule order, as :func:`~gpuadvisor.rank.score`
  multiplies them (multiplying by 1.0 for a rule that did not fire changes no bit);
* a candidate's full context is built only when something reads it (:class:`LazyScored`).

The results are the objects :func:`~gpuadvisor.rank.score` returns, value for value.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from operator import methodcaller
from typing import Any, NamedTuple

from gpuadvisor.arch import Arch, Board
from gpuadvisor.rank import Candidate, Scored, score
from gpuadvisor.rows import RowView, Table, n_rows
from gpuadvisor.rules.column_rules import LazyResult, column_rule, decide, skipped_note
from gpuadvisor.rules.columns import Columns, Gathered, WithDefaults
from gpuadvisor.rules.context import (
    _NOT_METRICS,
    KernelInfo,
    board_context,
    build_context,
    derive,
    launch_context,
    metric_of,
    metric_value,
    metrics_context,
)
from gpuadvisor.rules.engine import Rule, RuleResult, applicable, evaluate
from gpuadvisor.rules.grouped import MISSING, RuleMemo, lookup, read_names, token
from gpuadvisor.scored_columns import ScoredKernel, ScoredPass

#: True inside :func:`one_by_one`: every candidate scored on its own full context (tests).
_ONE_BY_ONE = False

#: Roots whose values come from the kernel (the same for all its candidates).
_KERNEL_ROOTS = ("arch", "board", "kernel")
#: Roots whose values follow from the launch configuration (the derived-values key).
_CONFIG_ROOTS = ("derived", "grid", "block", "config")


@contextmanager
def one_by_one() -> Iterator[None]:
    """Score each candidate on its own freshly built context with
    :func:`~gpuadvisor.rank.score`, as before issue 13: the reference the grouped scoring is
    tested against."""
    global _ONE_BY_ONE
    previous = _ONE_BY_ONE
    _ONE_BY_ONE = True
    try:
        yield
    finally:
        _ONE_BY_ONE = previous


class LazyScored(Scored):
    """A :class:`~gpuadvisor.rank.Scored` whose context is built on first use."""

    def __init__(self, candidate: Candidate, results: Any, score: float,
                 excluded: bool, build: Callable[[], dict[str, Any]],
                 derived: dict[str, Any], kernel: dict[str, Any],
                 fired_bits: tuple[Any, int] | None = None) -> None:
        """``results``: the list, or (per rule the distinct results, a matrix of rules x
        candidates of indices into them, this candidate's column) to make it from when first read:
        only the shown entries' are, and a table has 100,000 rows of ~30 results.
        ``fired_bits``: (a boolean matrix of candidates x configuration rules, the row of
        this candidate): which of ``results`` fired, shared by the whole scoring pass, so that
        review compares two tables' findings with NumPy instead of result by result."""
        # The fields Scored.__init__ sets (the context through its setter: _ctx), in one
        # update: a table makes one per row, and the dataclass __init__ cost 1.4 us each.
        self.__dict__.update(
            _build=build, _derived=derived, _kernel=kernel, candidate=candidate,
            _results=results, score=score, excluded=excluded, _ctx=None, rank=0, tie_group=0,
            tied=False, fired_bits=fired_bits)

    @property  # type: ignore[override]
    def results(self) -> list[RuleResult]:
        results = self.__dict__["_results"]
        if results.__class__ is tuple:
            tables, codes, i = results
            results = self.__dict__["_results"] = [
                t[c] for t, c in zip(tables, codes[:, i].tolist(), strict=True)]
        return results  # type: ignore[no-any-return]

    @results.setter
    def results(self, value: list[RuleResult]) -> None:
        self.__dict__["_results"] = value
        self.__dict__.pop("_fired", None)

    @property
    def fired(self) -> list[RuleResult]:
        """Remembered: reasons, findings and comparisons each ask for it."""
        fired = self.__dict__.get("_fired")
        if fired is None:
            # (``status`` read directly: the ``fired`` property per result, ~30 results for
            # each of the ~10,000 entries read, cost more than the list)
            fired = self.__dict__["_fired"] = [r for r in self.results if r.status == "fired"]
        return fired

    def derived_values(self) -> dict[str, Any]:
        return self._derived  # the very dict the context holds as "derived"

    def confidence_context(self) -> dict[str, Any]:
        ctx = self.__dict__.get("_ctx")
        if ctx is not None:
            return ctx
        # confidence() reads derived values and kernel.access_source only.
        return {"derived": self._derived, "kernel": self._kernel}

    @property  # type: ignore[override]
    def context(self) -> dict[str, Any]:
        ctx = self.__dict__.get("_ctx")
        if ctx is None:
            ctx = self.__dict__["_ctx"] = self._build()
        return ctx

    @context.setter
    def context(self, value: dict[str, Any] | None) -> None:
        self.__dict__["_ctx"] = value


@dataclass
class KernelSetup:
    """What every context of one kernel shares."""

    arch: Arch
    board: Board | None
    kinfo: KernelInfo
    sm_count: int | None
    arch_ctx: dict[str, Any]
    #: The kernel-wide part of the context, for projections.
    base: dict[str, Any] = field(init=False, repr=False)
    #: The kernel's share of the derived-values key: what ``derive`` reads of the kernel (of
    #: its ``extra`` values only ``block_tile``; the rest reach rules through ``kernel.*``, so
    #: kernels that differ only there share derived values).
    derive_key: tuple[Any, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if self.sm_count is None and self.board is not None:
            self.sm_count = self.board.sm_count
        self.base = {"arch": self.arch_ctx, "board": board_context(self.board, self.sm_count),
                     "kernel": self.kinfo.to_context()}
        k = self.kinfo
        self.derive_key = (self.arch.name, id(self.arch), token(k.elem_bytes),
                           token(k.registers_per_thread), token(k.shared_mem_per_block),
                           _access_key(k.measured_access), token(k.extra.get("block_tile")),
                           token(k.domain),
                           token(k.instr_per_region), token(self.sm_count))


def _access_key(access: Any) -> Any:
    """What ``KernelAccess.derived`` depends on: the access itself, a frozen dataclass whose
    fields are all hashable. Its hedging and extrapolation read the profiles and the measured
    shapes, not only the fitted models the key was made of until stop 62 (two kernels with the
    same models and other profiles could share derived values). No faster than the models'
    ``repr`` (benchmarks/replay_cpu.py), though cProfile said so."""
    from gpuadvisor.access_model import KernelAccess

    return access if isinstance(access, KernelAccess) else repr(access)


class _Contexts:
    """Derived values per launch-configuration key (:meth:`TableScorer.derived_key`) and the
    full contexts built on them. Apart from the scorer so that what builds a context later
    (lazy results and entries) holds this and not the scorer, whose rule-result cache holds
    them: that cycle left every analysis (a million objects at 100,000 rows) to the cyclic
    collector, which the commands pause, so it ran when they resumed it."""

    def __init__(self) -> None:
        self._derived: dict[tuple[Any, ...], dict[str, Any]] = {}
        self._archs: list[Any] = []  # the key holds id(arch) (KernelSetup.derive_key)

    def derived(self, setup: KernelSetup, c: Candidate, key: tuple[Any, ...]) -> dict[str, Any]:
        d = self._derived.get(key)
        if d is None:
            self._archs.append(setup.arch)
            d = self._derived[key] = derive(setup.arch, setup.kinfo, c.block, c.cache_config,
                                            setup.sm_count, c.grid, key[4], key[5])
        return d

    def context(self, setup: KernelSetup, c: Candidate, key: tuple[Any, ...]) -> dict[str, Any]:
        return build_context(setup.arch, setup.board, setup.kinfo, c.block, c.cache_config,
                             row=c.row, sm_count=setup.sm_count, grid=c.grid,
                             arch_ctx=setup.arch_ctx, derived=self.derived(setup, c, key))


class TableScorer:
    """Scores candidates of many kernels, sharing derived values and rule results."""

    def __init__(self, rules: Sequence[Rule]) -> None:
        self.rules = list(rules)
        self.config_rules = [r for r in self.rules if r.scope == "config"]
        #: access-model fits by what they read (``access_model.fit_kernel_shared``)
        self.access_fits: dict[Any, Any] = {}
        self.memo = RuleMemo()
        self._made = _Contexts()
        self._keepalive: list[Any] = []
        self._columns: dict[tuple[int, str], list[Any]] = {}
        self._results: dict[tuple[Any, ...], RuleResult] = {}
        self._setup_ids: dict[tuple[Any, ...], int] = {}
        self._tokens: dict[tuple[int, str], list[Any]] = {}

    def metric(self, row: Any, key: str) -> Any:
        """``metric_value(row, key)``, worked out once per table column for row views."""
        if not isinstance(row, RowView):
            return metric_value(row, key)
        cols = row.columns
        values = self._columns.get((id(cols), key))
        if values is None:
            if key in _NOT_METRICS:
                values = [None] * n_rows(cols)
            elif cols.__class__ is Table and cols.float_array(key) is not None:
                values = cols.floats(key)  # metric_of of a float column: NaN -> None
            else:
                col = cols.get(key)
                values = ([None] * n_rows(cols) if col is None
                          else [metric_of(v) for v in col])
            self._columns[(id(cols), key)] = values
            self._keepalive.append(cols)
        return values[row.index]

    def metric_token(self, row: Any, name: str) -> Any:
        """The token of ``metrics.<key>`` (or of the whole metrics group) for one row."""
        root, _, key = name.partition(".")
        if not key:
            return token(metrics_context(row))
        if "." in key:  # below a number: never a value
            return MISSING
        if not isinstance(row, RowView):
            return _token_or_missing(metric_value(row, key))
        known = self._tokens.get((id(row.columns), name))
        if known is not None:
            return known[row.index]
        return _token_or_missing(self.metric(row, key))  # what metric_tokens holds there

    def metric_float_codes(self, row: RowView, name: str) -> Any:
        """Where the cells of ``metrics.<key>`` in ``row``'s table are all floats or missing:
        a code per row, equal where the tokens are equal (the same bits; metric_of leaves no
        NaN), found with NumPy instead of a token per row; else None."""
        import numpy as np

        root, _, key = name.partition(".")
        if not key or "." in key:
            return None
        self.metric(row, key)
        values = self._columns[(id(row.columns), key)]
        if not set(map(type, values)) <= _FLOAT_OR_NONE:
            return None
        bits = np.array(values, dtype=np.float64).view(np.int64)  # None: NaN
        return np.unique(bits, return_inverse=True)[1].reshape(-1)

    def metric_tokens(self, row: RowView, name: str) -> list[Any]:
        """:meth:`metric_token` of every row of ``row``'s table."""
        tokens = self._tokens.get((id(row.columns), name))
        if tokens is None:
            root, _, key = name.partition(".")
            if not key or "." in key:  # the whole group, or below a number
                size = n_rows(row.columns)
                tokens = ([token(metrics_context(RowView(row.columns, i))) for i in range(size)]
                          if not key else [MISSING] * size)
            else:
                self.metric(row, key)
                seen: dict[Any, Any] = {}  # equal cells share one token (-0.0 is not 0.0)
                tokens = [_token_or_missing(v) if v.__class__ is not float or v == 0.0
                          else seen.get(v) or seen.setdefault(v, _token_or_missing(v))
                          for v in self._columns[(id(row.columns), key)]]
            self._tokens[(id(row.columns), name)] = tokens
        return tokens

    def _int_metric(self, row: Any, key: str) -> int | None:
        value = self.metric(row, key)
        return int(value) if value is not None else None

    # ------------------------------------------------------------------ contexts

    def derived_key(self, setup: KernelSetup, c: Candidate) -> tuple[Any, ...]:
        return (self._setup_id(setup), c.block, c.cache_config, c.grid,
                self._int_metric(c.row, "registers_per_thread"),
                self._int_metric(c.row, "shared_mem_per_block"))

    def _setup_id(self, setup: KernelSetup) -> int:
        """A small number per distinct kernel share of the key (cheap to hash per row)."""
        known = setup.__dict__.get("_derive_id")
        if known is None or known[0]() is not self:
            ident = self._setup_ids.setdefault(setup.derive_key, len(self._setup_ids))
            # A weak reference: the scorer holds (through its results' context builders)
            # the setups, and a cycle would leave the whole analysis to the cyclic collector.
            known = setup.__dict__["_derive_id"] = (weakref.ref(self), ident)
        return known[1]

    def _derived_keys(self, setups: Sequence[KernelSetup], kslot: list[int],
                      cands: list[Candidate]
                      ) -> tuple[list[tuple[Any, ...]], list[bool], list[int], set[int]]:
        """:meth:`derived_key` of every candidate, with register and shared-memory cells
        taken from whole columns; and, read in the same walk, whether each candidate's row is
        a row view, its index in its table (0 where not) and the ids of those tables."""
        ids = [self._setup_id(s) for s in setups]
        out = []
        is_view: list[bool] = []
        at: list[int] = []
        tables: set[int] = set()
        regs_col = smem_col = None
        cols: Any = None
        for k, c in zip(kslot, cands, strict=True):
            row = c.row
            if row.__class__ is RowView:  # (isinstance on a Mapping goes through abc)
                if row._data is not cols:
                    cols = row._data
                    tables.add(id(cols))
                    self.metric(row, "registers_per_thread")
                    self.metric(row, "shared_mem_per_block")
                    regs_col = self._columns[(id(cols), "registers_per_thread")]
                    smem_col = self._columns[(id(cols), "shared_mem_per_block")]
                i = row._i
                regs, smem = regs_col[i], smem_col[i]  # type: ignore[index]
                out.append((ids[k], c.block, c.cache_config, c.grid,
                            int(regs) if regs is not None else None,
                            int(smem) if smem is not None else None))
                is_view.append(True)
                at.append(i)
            else:
                out.append(self.derived_key(setups[k], c))
                is_view.append(False)
                at.append(0)
        return out, is_view, at, tables

    def derived(self, setup: KernelSetup, c: Candidate,
                key: tuple[Any, ...] | None = None) -> dict[str, Any]:
        return self._made.derived(setup, c,
                                  key if key is not None else self.derived_key(setup, c))

    def context(self, setup: KernelSetup, c: Candidate,
                key: tuple[Any, ...] | None = None) -> dict[str, Any]:
        """The full rule context of one candidate (as build_context gives it)."""
        return self._made.context(setup, c,
                                  key if key is not None else self.derived_key(setup, c))

    # ------------------------------------------------------------------ scoring

    def score_kernels(self, work: Sequence[tuple[KernelSetup, Sequence[Candidate]]]
                      ) -> list[Sequence[Scored]]:
        """Every kernel's candidates scored, in the order given: each kernel's a
        :class:`~gpuadvisor.scored_columns.ScoredKernel` (objects made when read; one by one,
        lists)."""
        import numpy as np

        if _ONE_BY_ONE:
            return [[score(self.rules, c, build_context(
                s.arch, s.board, s.kinfo, c.block, c.cache_config, row=c.row,
                sm_count=s.sm_count, grid=c.grid, arch_ctx=s.arch_ctx)) for c in cs]
                for s, cs in work]

        setups = [s for s, _ in work]
        cands: list[Candidate] = []
        kslot: list[int] = []
        for k, (_setup, cs) in enumerate(work):
            cands.extend(cs)
            kslot.extend([k] * len(cs))
        n = len(cands)
        dkeys, is_view, at, tables = self._derived_keys(setups, kslot, cands)
        dindex: dict[tuple[Any, ...], int] = {}
        did = np.fromiter((dindex.setdefault(key, len(dindex)) for key in dkeys),
                          dtype=np.int64, count=n)
        kslot_arr = np.asarray(kslot, dtype=np.int64)
        contexts: dict[int, dict[str, Any]] = {}
        made = self._made  # not self: the results built here are kept by self._results

        def context_of(i: int) -> dict[str, Any]:
            ctx = contexts.get(i)
            if ctx is None:
                ctx = contexts[i] = made.context(setups[kslot[i]], cands[i], dkeys[i])
            return ctx

        metric_codes: dict[str, Any] = {}
        # Candidates whose rows are views of one table: their metric codes come from whole
        # columns (each distinct cell tokenized once), the others one by one.
        viewed = np.array(is_view, dtype=bool)
        if len(tables) == 1 and viewed.any():
            table_rows = np.array(at, dtype=np.int64)
        else:
            viewed[:] = False

        def metric_code(name: str) -> Any:
            codes = metric_codes.get(name)
            if codes is None and n and viewed.all():
                row = cands[0].row
                col_codes = self.metric_float_codes(row, name)
                if col_codes is not None:
                    codes = metric_codes[name] = col_codes[table_rows]
            if codes is None:
                seen: dict[Any, int] = {}
                codes = np.zeros(n, dtype=np.int64)
                if viewed.any():
                    row = next(c.row for c in cands if c.row.__class__ is RowView)
                    column = self.metric_tokens(row, name)
                    col_codes = np.fromiter((seen.setdefault(t, len(seen)) for t in column),
                                            dtype=np.int64, count=len(column))
                    codes[viewed] = col_codes[table_rows[viewed]]
                for i in np.flatnonzero(~viewed).tolist():
                    codes[i] = seen.setdefault(self.metric_token(cands[i].row, name), len(seen))
                metric_codes[name] = codes
            return codes

        # The launch-configuration part of each distinct derived key, for projections.
        # (codes are numbered in order of first appearance: np.unique's first indices are in
        # that order)
        dfirst = np.unique(did, return_index=True)[1].tolist() if n else []
        ddicts = [self.derived(setups[kslot[i]], cands[i], dkeys[i]) for i in dfirst]
        dparts = [launch_context(cands[i].block, cands[i].cache_config, cands[i].grid, d)
                  for i, d in zip(dfirst, ddicts, strict=True)]
        dlist = did.tolist()

        # Each name's token per kernel setup and per launch configuration, worked out once
        # for all rules (rules share most names).
        kbase = [s.base for s in setups]
        name_codes: dict[str, tuple[list[Any], Any]] = {}
        root_groups: dict[tuple[int, str], tuple[list[Any], bool]] = {}

        def codes_of(name: str, owners: list[dict[str, Any]]) -> tuple[list[Any], Any]:
            known = name_codes.get(name)
            if known is None:
                known = name_codes[name] = _value_codes(_values_at(owners, name, root_groups))
            return known

        def combined(names_: list[str], owners: list[dict[str, Any]]
                     ) -> tuple[list[tuple[Any, ...]], Any]:
            """(distinct token tuples, code of each owner) over ``names_``."""
            if not names_:
                return [()], np.zeros(len(owners), dtype=np.int64)
            per = [codes_of(nm, owners) for nm in names_]
            first_, inverse_ = _groups([c for _t, c in per], len(owners))
            tokens_ = [tuple(t[int(c[j])] for t, c in per) for j in first_.tolist()]
            return tokens_, inverse_
        vals = np.ones(n, dtype=np.float64)
        excluded = np.zeros(n, dtype=bool)
        # Per rule: its distinct results and each candidate's index into them (a candidate's
        # list of results is made only when read).
        per_rule: list[list[RuleResult]] = []
        per_code: list[Any] = []
        grouping: dict[tuple[Any, ...], tuple[Any, Any]] = {}
        few_repeats = len(dparts) * 2 > n
        everyone = Columns(n, lambda name: [], MISSING)  # columns over all candidates
        one_table = bool(n) and bool(viewed.all()) and cands[0].row._data.__class__ is Table
        arrays = _PassArrays(kslot_arr, did, cands[0].row._data if one_table else None,
                             table_rows if one_table else None)
        fired_cols: list[Any] = []  # per rule: which candidates it fired on
        for rule in self.config_rules:
            names = read_names(rule)
            knames = [nm for nm in names if nm.split(".")[0] in _KERNEL_ROOTS]
            dnames = [nm for nm in names if nm.split(".")[0] in _CONFIG_ROOTS]
            mnames = [nm for nm in names if nm.split(".")[0] == "metrics"]
            if dnames and few_repeats and column_rule(rule, names) is not None:
                # Nearly every candidate its own launch configuration (one profile's space):
                # grouping would not pay, the columns take every candidate at once.
                verdicts: list[Any] = []
                results = self._evaluate(rule, names, list(range(n)), setups, kslot, cands,
                                         dlist, dparts, context_of, arrays, everyone, verdicts)
                per_rule.append(results)
                per_code.append(np.arange(n, dtype=np.int64))
                fired_cols.append(verdicts[0])
                if rule.effect == "exclude":
                    excluded |= fired_cols[-1]
                elif rule.effect in ("penalize", "prefer"):
                    vals *= verdicts[1]
                continue
            ktokens, kcodes = combined(knames, kbase)
            dtokens, dcodes = combined(dnames, dparts)
            # the grouping follows from the per-kernel and per-configuration codes (short)
            # and the metrics' names (each name's codes are worked out once)
            signature = (kcodes.tobytes(), dcodes.tobytes(), tuple(mnames))
            if signature not in grouping:
                parts = [kcodes[kslot_arr], dcodes[did]]
                parts.extend(metric_code(nm) for nm in mnames)
                grouping[signature] = _groups(parts, n)
            first, inverse = grouping[signature]
            reps = first.tolist()
            # Everything the rule reads, in one key: equal keys give equal results, in this
            # table and in the next one (review analyzes two).
            keys = [(id(rule), ktokens[kcodes[kslot[i]]], dtokens[dcodes[did[i]]],
                     tuple(self.metric_token(cands[i].row, nm) for nm in mnames))
                    for i in reps]
            results = [self._results.get(key) for key in keys]
            todo = [j for j, r in enumerate(results) if r is None]
            if todo:
                self._keepalive.append(rule)
                new = self._evaluate(rule, names, [reps[j] for j in todo], setups, kslot,
                                     cands, dlist, dparts, context_of, arrays)
                for j, result in zip(todo, new, strict=True):
                    results[j] = self._results[keys[j]] = result
            per_rule.append(results)
            per_code.append(inverse)
            fired_cols.append(np.array([r.fired for r in results], dtype=bool)[inverse])
            if rule.effect == "exclude":
                excluded |= fired_cols[-1]
            elif rule.effect in ("penalize", "prefer"):
                vals *= np.array([r.factor if r.fired else 1.0 for r in results],
                                 dtype=np.float64)[inverse]
        # rules x candidates: each rule's codes stay one contiguous run (stacking them as
        # columns cost ~35 ms at 100,000 rows); a candidate's are a strided column
        # (in the narrowest integer type that holds them: a fresh page costs more than the
        # copy on this kind of machine)
        widest = max((len(r) for r in per_rule), default=0)
        codes = (np.stack(per_code, dtype=np.int16 if widest < 1 << 15 else np.int32
                          if widest < 1 << 31 else np.int64)
                 if per_code else np.zeros((0, n), dtype=np.int64))
        fired = (np.column_stack(fired_cols) if fired_cols
                 else np.zeros((n, 0), dtype=bool))
        score_col = np.where(excluded, 0.0, vals)

        def make(i: int) -> Scored:
            """Candidate ``i``'s scored object (made when something reads it)."""
            c, setup, key = cands[i], setups[kslot[i]], dkeys[i]
            flag = bool(excluded[i])
            s = LazyScored(c, (per_rule, codes, i), float(score_col[i]), flag,
                           _builder(made, setup, c, key), ddicts[dlist[i]],
                           setup.base["kernel"], (fired, i))
            if i in contexts:
                s.context = contexts[i]
            return s

        bounds = [0]
        for _setup, cs in work:
            bounds.append(bounds[-1] + len(cs))
        scored_pass = ScoredPass(cands, bounds, score_col, excluded, did, ddicts, make,
                                 table=cands[0].row._data if one_table else None,
                                 rows=table_rows if one_table else None, fired=fired)
        return [ScoredKernel(scored_pass, k) for k in range(len(work))]


    def _evaluate(self, rule: Rule, names: tuple[str, ...], idx: list[int],
                  setups: Sequence[KernelSetup], kslot: list[int], cands: list[Candidate],
                  did: Any, dparts: list[dict[str, Any]],
                  context_of: Callable[[int], dict[str, Any]], arrays: _PassArrays,
                  shared: Columns | None = None, verdicts: list[Any] | None = None
                  ) -> list[RuleResult]:
        """``evaluate(rule, context_of(i))`` for each ``i`` of ``idx``: over whole columns
        where the rule translates (:mod:`gpuadvisor.rules.column_rules`), the rest one by one.
        ``verdicts``: given, gets (which results fired, each one's factor or 1) as arrays."""
        crule = column_rule(rule, names) if len(idx) > 1 else None
        if crule is None:
            out = [evaluate(rule, context_of(i)) for i in idx]
            if verdicts is not None:
                import numpy as np

                verdicts.extend((np.array([r.fired for r in out], dtype=bool),
                                 np.array([r.factor if r.fired else 1.0 for r in out],
                                          dtype=np.float64)))
            return out
        import numpy as np

        kslot_arr, did_arr, table, table_rows = arrays

        m = len(idx)
        params = {"params": rule.params}
        idx_arr = np.asarray(idx, dtype=np.int64)
        owners: dict[str, tuple[list[int], Any]] = {}

        def owned(of: str) -> tuple[list[int], Any]:
            """(the distinct kernels or launch configurations of ``idx``, each one's entry)."""
            known = owners.get(of)
            if known is None:
                codes = (kslot_arr if of == "kernel" else did_arr)[idx_arr]
                distinct, inverse = np.unique(codes, return_inverse=True)
                known = owners[of] = (distinct.tolist(), inverse.reshape(-1))
            return known

        groups: dict[str, tuple[list[Any], bool]] = {}

        def groups_of(root: str) -> tuple[list[Any], bool]:
            """Each distinct launch configuration's ``root`` group (``derived``, ``block``),
            and whether all are dicts: read once for all of the rule's names below it."""
            known = groups.get(root)
            if known is None:
                ds, _inverse = owned("config")
                found = list(map(methodcaller("get", root, MISSING), [dparts[d] for d in ds]))
                known = groups[root] = (found, set(map(type, found)) == {dict})
            return known

        def raw(name: str) -> list[Any] | Gathered:
            root, _, key = name.partition(".")
            if root in _KERNEL_ROOTS:  # one lookup per kernel (lookup is pure)
                ks, inverse = owned("kernel")
                return Gathered([lookup(setups[k].base, name) for k in ks], inverse)
            if root in _CONFIG_ROOTS:  # one lookup per launch configuration
                ds, inverse = owned("config")
                if "." in key:
                    return Gathered([lookup(dparts[d], name) for d in ds], inverse)
                # lookup() for a two-part name, without its general walk: where every
                # configuration's group is a dict, one C-level get per configuration
                groups, all_dicts = groups_of(root)
                if all_dicts:
                    return Gathered(list(map(methodcaller("get", key, MISSING), groups)),
                                    inverse)
                parts = [dparts[d] for d in ds]
                return Gathered([part.get(key, MISSING) if (part := whole.get(root, MISSING))
                                 .__class__ is dict else lookup(whole, name) for whole in parts],
                                inverse)
            if root == "metrics":
                if not key or "." in key:  # the group itself, or below a number
                    return [MISSING] * m
                values = [self.metric(cands[i].row, key) for i in idx]
                return [MISSING if v is None else v for v in values]
            return [lookup(params, name)] * m

        def floats(name: str) -> Any:
            """A metric's values straight from the table's float64 column (NaN: missing),
            where every candidate is a row of that one table."""
            root, _, key = name.partition(".")
            if (root != "metrics" or not key or "." in key or table_rows is None
                    or key in _NOT_METRICS):
                return None
            array = table.float_array(key)  # type: ignore[union-attr]
            return None if array is None else array[table_rows[idx_arr]]

        env = Columns(m, raw, MISSING, shared, floats)
        # outside applies_to: one reason per kernel
        ks, kinverse = owned("kernel")
        reason_of = [applicable(rule, setups[k].base) for k in ks]
        outside = np.array([r is not None for r in reason_of], dtype=bool)[kinverse]
        skips = skipped_note(rule, env.has, m) if rule.requires else None
        lacking = (np.array([note is not None for note in skips], dtype=bool)
                   if skips is not None else np.zeros(m, dtype=bool))
        # Where a context lacks an ``optional`` value the rule is decided on its default, and
        # the result carries evaluate's note for each default used.
        absent = {name: ~env.has(name) for name in rule.optional}
        defaulted = [name for name, mask in absent.items() if mask.any()]
        if defaulted:
            env = WithDefaults(env, {n: rule.optional[n] for n in defaulted},
                               {n: absent[n] for n in defaulted})
        fired, factor, one = decide(rule, crule, env)
        decided = ~outside & ~lacking
        quiet = RuleResult(rule, "quiet")
        out: list[RuleResult] = [quiet] * m  # one quiet result shared, as below
        shared: dict[Any, RuleResult] = {}
        for j in np.flatnonzero(outside).tolist():
            reason = reason_of[int(kinverse[j])]
            r = shared.get(reason)
            if r is None:
                r = shared[reason] = RuleResult(rule, "not_applicable", notes=[reason])
            out[j] = r
        for j in np.flatnonzero(~outside & lacking).tolist():
            note = skips[j]  # type: ignore[index]
            r = shared.get(note)
            if r is None:
                r = shared[note] = RuleResult(rule, "skipped", notes=[note])
            out[j] = r
        for j in np.flatnonzero(decided & one).tolist():
            out[j] = evaluate(rule, context_of(idx[j]))
        lazy = decided & ~one & fired
        factors = factor.tolist()
        for j in np.flatnonzero(lazy).tolist():
            out[j] = LazyResult(rule, factors[j], _bound(context_of, idx[j]))
        if defaulted:
            used = [absent[n] for n in defaulted]
            noted = decided & ~one & ~fired & np.logical_or.reduce(used)
            for j in np.flatnonzero(noted).tolist():
                out[j] = RuleResult(rule, "quiet", notes=[
                    f"{n} missing: default {rule.optional[n]!r} used"
                    for n, u in zip(defaulted, used, strict=True) if u[j]])
        if verdicts is not None:  # which fired and by what factor, without a pass over out
            fired_now = lazy.copy()
            factor_now = np.where(lazy, factor, 1.0)
            for j in np.flatnonzero(decided & one).tolist():
                if out[j].fired:
                    fired_now[j] = True
                    factor_now[j] = out[j].factor
            verdicts.extend((fired_now, factor_now))
        return out


class _PassArrays(NamedTuple):
    """A scoring pass's candidates as arrays: each one's kernel and launch configuration, and
    where all are rows of one table, that table and each one's row in it."""

    kslot: Any
    did: Any
    table: Table | None
    table_rows: Any


def _bound(fn: Callable[[int], dict[str, Any]], i: int) -> Callable[[], dict[str, Any]]:
    return lambda: fn(i)


def _builder(made: _Contexts, setup: KernelSetup, c: Candidate,
             key: tuple[Any, ...]) -> Callable[[], dict[str, Any]]:
    return lambda: made.context(setup, c, key)


def _values_at(owners: list[Any], name: str,
               root_groups: dict[tuple[int, str], tuple[list[Any], bool]]) -> list[Any]:
    """``[lookup(o, name) for o in owners]``; for a two-part name, where every owner's group
    (``derived``, ``arch``, ...) is a plain dict, one C-level ``get`` per owner, the groups
    found once per list of owners and root (``root_groups``): rules read ~130 names of a few
    thousand owners, and the general walk per value was most of the grouping's time."""
    root, _, key = name.partition(".")
    if not key or "." in key:
        return [lookup(o, name) for o in owners]
    known = root_groups.get((id(owners), root))
    if known is None:
        found = [o.get(root, MISSING) if o.__class__ is dict else lookup(o, root)
                 for o in owners]
        known = root_groups[(id(owners), root)] = (found, set(map(type, found)) <= {dict})
    groups, all_dicts = known
    if not all_dicts:
        return [lookup(o, name) for o in owners]
    return list(map(methodcaller("get", key, MISSING), groups))


def _value_codes(values: list[Any]) -> tuple[list[Any], Any]:
    """(distinct tokens in order of first appearance, each value's index into them) of
    ``[MISSING if v is MISSING else token(v) for v in values]``; each distinct text, int,
    bool, None and non-zero float is tokenized once, since equal values of one of those
    classes have equal tokens (a zero, whose sign its token keeps, and other classes always
    go through :func:`token`)."""
    import numpy as np

    index: dict[Any, int] = {}
    seen: dict[type, dict[Any, int]] = {str: {}, int: {}, float: {}, bool: {},
                                        type(None): {}}
    out = []
    for v in values:
        cls = v.__class__
        same = seen.get(cls)
        if same is not None:
            code = same.get(v)
            if code is not None:
                out.append(code)
                continue
        code = index.setdefault(MISSING if v is MISSING else token(v), len(index))
        if same is not None and (cls is not float or v):
            same[v] = code
        out.append(code)
    return list(index), np.array(out, dtype=np.int64)


_FLOAT_OR_NONE = frozenset({float, type(None)})


def _token_or_missing(value: Any) -> Any:
    return MISSING if value is None else token(value)


def _groups(parts: list[Any], n: int) -> tuple[Any, Any]:
    """(first index of each group, group of each candidate) for equal rows of ``parts``."""
    import numpy as np

    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    if not parts:
        return np.zeros(1, dtype=np.int64), np.zeros(n, dtype=np.int64)
    code = parts[0]
    for p in parts[1:]:
        span = int(p.max()) + 1 if len(p) else 1
        if int(code.max(initial=0)) >= (1 << 62) // max(span, 1):
            code = np.unique(code, return_inverse=True)[1].astype(np.int64)
        code = code * span + p
    top = int(code.max())
    if top < 4 * n + 1024:  # few possible codes: counted, not sorted (np.unique's answer)
        present = np.zeros(top + 1, dtype=bool)
        present[code] = True
        inverse = (np.cumsum(present) - 1)[code]
        first = np.full(int(present.sum()), n, dtype=np.int64)
        np.minimum.at(first, inverse, np.arange(n, dtype=np.int64))
        return first, inverse
    _uniq, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    return first, inverse.reshape(-1)
