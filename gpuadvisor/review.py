"""Pre-merge review: compare a baseline sweep table with a candidate one (e.g. main vs a PR).

Per kernel and configuration (matched on :func:`gpuadvisor.sweep.config_key`) the time change
gets a noise-aware verdict; the metric deltas that explain it, the rule findings that appeared
or disappeared, and whether each kernel's best configuration changed come with it. The best
time of a kernel is the headline: its regression is what fails a pull request by default.

Everything here is a pure function of two DataFrames; reading files and rendering live in
:func:`load_table` and ``gpuadvisor.report``.
"""

from __future__ import annotations

import bisect
import contextlib
import fnmatch
import functools
import math
import sys
from collections.abc import Callable, Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.numbers import finite_or_none
from gpuadvisor.rank import table_statuses
from gpuadvisor.review_columns import ConfigChanges, aligned_keys, sorted_keys, time_verdicts
from gpuadvisor.rows import RowView, Table, column_lists, floats_of_array
from gpuadvisor.sweep import METRIC_COLUMNS, STALL_PREFIX, config_keys, kernel_rows

#: Verdicts of one configuration. ``failed``: the candidate's row did not run (status other
#: than ok) although the baseline's did; ``fixed``: the reverse; ``still_failed``: neither ran;
#: ``no_time``: both ran but one side has no time to compare.
VERDICTS = ("slower", "failed", "faster", "unchanged", "new", "removed", "fixed",
            "still_failed", "no_time")
FAIL_ON = ("best", "any")

#: Metrics whose change can explain a time change (time columns themselves excluded).
EXPLAINING_METRICS = [m for m in METRIC_COLUMNS if m != "duration_ms"]

#: A metric change smaller than this (relative, and in points for percent metrics) is noise.
_MIN_REL_CHANGE = 0.02
_MIN_POINTS = 1.0
_PERCENT_METRICS = {
    "achieved_occupancy", "theoretical_occupancy", "gld_efficiency", "gst_efficiency",
    "l1_hit_rate", "l2_hit_rate", "dram_throughput_pct", "sm_throughput_pct",
    "branch_efficiency",
}


@dataclass(frozen=True)
class MetricDelta:
    """One metric's change between baseline (a) and candidate (b) for one configuration."""

    metric: str
    a: float
    b: float
    delta: float
    rel_change: float  # (b - a) / |a|, or +-inf when a is 0


@dataclass
class ConfigChange:
    """The comparison of one configuration (kernel, block, cache config)."""

    kernel: str
    block: tuple[int, int, int]
    cache_config: str
    verdict: str
    time_a: float | None = None
    time_b: float | None = None
    change_pct: float | None = None
    noise_ms: float | None = None  # the combined spread a change must exceed; None: no repeats
    metric_deltas: list[MetricDelta] = field(default_factory=list)
    error: str | None = None

    @property
    def label(self) -> str:
        return config_label(self.block, self.cache_config)


@dataclass
class KernelSummary:
    """Per kernel: the best configuration on each side and the change of the best time."""

    kernel: str
    best_a: str | None
    best_b: str | None
    time_a: float | None
    time_b: float | None
    change_pct: float | None
    noise_ms: float | None
    verdict: str  # faster / slower / unchanged / failed (no config ran) / new / removed
    best_changed: bool
    counts: dict[str, int]
    #: When the best configuration changed: is the candidate's new best significantly faster
    #: than the old best configuration measured in the candidate? False = a tie within noise.
    new_best_wins: bool | None = None
    old_best_time_b: float | None = None  # the candidate's time at the baseline's best config
    best_key_a: tuple | None = None
    best_key_b: tuple | None = None
    #: When the best configuration changed: the rule findings on the candidate's best that do
    #: not fire on the baseline's best -- the rules' account of why the new choice differs.
    best_findings: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class Review:
    """The result of :func:`review_tables`; rendered to a terminal, Markdown or JSON."""

    baseline: str
    candidate: str
    threshold_pct: float
    fail_on: str
    time_column: str
    kernels: list[KernelSummary]
    configs: list[ConfigChange]
    findings_added: list[dict[str, Any]] = field(default_factory=list)
    findings_removed: list[dict[str, Any]] = field(default_factory=list)
    findings_available: bool = False
    notes: list[str] = field(default_factory=list)
    gpu_a: str | None = None
    gpu_b: str | None = None

    @property
    def regressions(self) -> list[str]:
        """What fails the review under ``fail_on``: kernel names, or kernel + config labels."""
        out = [k.kernel for k in self.kernels if k.verdict in ("slower", "failed")]
        if self.fail_on == "any":
            out += [f"{c.kernel} {c.label}" for c in self.configs
                    if c.verdict in ("slower", "failed") and c.kernel not in out]
        return out

    @property
    def exit_code(self) -> int:
        return 1 if self.regressions else 0

    def to_dict(self, configs: Any = None) -> dict[str, Any]:
        """JSON-ready form; the shape ``gpuadvisor review --json`` prints. ``configs``: what
        stands for :meth:`config_dicts` (e.g. its JSON text, made earlier)."""
        out = _clean({
            "baseline": self.baseline,
            "candidate": self.candidate,
            "gpu": {"baseline": self.gpu_a, "candidate": self.gpu_b},
            "threshold_pct": self.threshold_pct,
            "fail_on": self.fail_on,
            "time_column": self.time_column,
            "regression": bool(self.regressions),
            "regressions": self.regressions,
            "exit_code": self.exit_code,
            "kernels": [asdict(k) for k in self.kernels],
            "configs": [],  # filled below, already clean (one per row of the tables)
            "findings": {
                "available": self.findings_available,
                "added": self.findings_added,
                "removed": self.findings_removed,
            },
            "notes": self.notes,
        })
        out["configs"] = self.config_dicts() if configs is None else configs
        return out

    def config_dicts(self) -> list[dict[str, Any]]:
        """The ``configs`` of :meth:`to_dict`: one plain dict per configuration."""
        return [_config_dict(c) for c in self.configs]


def _config_dict(c: ConfigChange) -> dict[str, Any]:
    """``_clean(dict(asdict(c), label=c.label))`` without the generic deep walk."""
    v = _clean_scalar
    return {"kernel": v(c.kernel), "block": [v(b) for b in c.block],
            "cache_config": v(c.cache_config), "verdict": v(c.verdict),
            "time_a": v(c.time_a), "time_b": v(c.time_b), "change_pct": v(c.change_pct),
            "noise_ms": v(c.noise_ms),
            "metric_deltas": [_clean(asdict(d)) for d in c.metric_deltas],
            "error": v(c.error), "label": v(c.label)}


def configs_json(configs: Sequence[ConfigChange]) -> str:
    """The compact JSON of ``[_config_dict(c) for c in configs]`` (100,000 records at 100,000
    rows): a record whose values are all plain (text, ints, finite floats or None, no metric
    deltas) written directly, any other through :func:`_config_dict` and the standard
    encoder (``tests/test_review_reads.py`` compares the two)."""
    from gpuadvisor.jsontext import cached_strings, compact
    from gpuadvisor.jsontext import string as js

    text = cached_strings()

    def number(v: Any) -> str | None:  # a plain number's text ("null" for None), else None
        if v is None:
            return "null"
        return float.__repr__(v) if v.__class__ is float and v - v == 0.0 else None

    labels: dict[tuple[Any, str], str] = {}

    def record(c: ConfigChange) -> str:
        kernel, cache, verdict, error = c.kernel, c.cache_config, c.verdict, c.error
        x, y, z = c.block
        a, b, pct, noise = (number(c.time_a), number(c.time_b), number(c.change_pct),
                            number(c.noise_ms))
        if not (kernel.__class__ is str and cache.__class__ is str and verdict.__class__ is str
                and (error is None or error.__class__ is str) and x.__class__ is int
                and y.__class__ is int and z.__class__ is int and not c.metric_deltas
                and a is not None and b is not None and pct is not None
                and noise is not None):
            return compact(_config_dict(c))
        label = labels.get((c.block, cache))
        if label is None:
            label = labels[(c.block, cache)] = js(c.label)
        return (f'{{"kernel":{text(kernel)},"block":[{x},{y},{z}],"cache_config":'
                f'{text(cache)},"verdict":{text(verdict)},"time_a":{a},"time_b":{b},'
                f'"change_pct":{pct},"noise_ms":{noise},"metric_deltas":[],"error":'
                f'{"null" if error is None else text(error)},"label":{label}}}')

    if isinstance(configs, ConfigChanges):  # the usual records from the columns
        return configs.json(record, config_label)
    return "[" + ",".join([record(c) for c in configs]) + "]"


def _clean_scalar(value: Any) -> Any:
    cls = value.__class__
    if cls is str or cls is int or value is None or (cls is float and value - value == 0.0):
        return value
    return _clean(value)


def config_label(block: Sequence[int], cache_config: str) -> str:
    """``32x8`` or ``32x8 l1_off``: the way tables and comments name a configuration."""
    x, y, z = (int(v) for v in block)
    shape = f"{x}x{y}" + (f"x{z}" if z != 1 else "") if x > 0 else "(shape unknown)"
    return shape if cache_config == "default" else f"{shape} {cache_config}"


# --------------------------------------------------------------------------- loading


def load_table(path: str | Path) -> tuple[Any, dict[str, str]]:
    """Read a sweep table, or a raw profiler file through the importer when it is not one.

    Returns (table, provenance). Anything unreadable is one UserError line.
    """
    from gpuadvisor.sweep import looks_like_sweep, read_sweep

    path = Path(path)
    try:
        df, provenance = read_sweep(path)
        return _gpu_from_provenance(df, provenance), provenance
    except UserError as sweep_err:
        if not path.is_file() or looks_like_sweep(path):
            raise
        try:
            from gpuadvisor.importer import import_files
        except ImportError:
            raise sweep_err from None
        try:
            df = import_files([path])
        except UserError as import_err:
            raise UserError(f"{path}: neither a sweep table nor a known profiler file "
                            f"({import_err})") from None
        if df is None or len(df) == 0:
            raise UserError(f"{path}: no kernel rows found") from None
        return df, {"source": str(path), "imported": "true"}


#: Both files at least this large: the candidate is read in a forked process meanwhile.
PARALLEL_READ_BYTES = 8 << 20


def load_tables(baseline: str | Path, candidate: str | Path, jobs: int = 0
                ) -> tuple[Any, Any]:
    """:func:`load_table` of both files, in that order: the baseline here and, when both are
    large and more than one process may run (``jobs``, as ``--jobs``), the candidate in a
    forked process at the same time (the reads are independent; two 100,000-row tables took
    ~0.7 s one after the other). What the reads write on stderr (``--lenient``'s warnings)
    comes out in the same order, and the same error is raised, as reading one after the
    other gives."""
    from gpuadvisor.parallel import available_cpus, map_forked

    paths = [Path(baseline), Path(candidate)]
    big = all(p.is_file() and p.stat().st_size >= PARALLEL_READ_BYTES for p in paths)
    if not big or jobs == 1 or (jobs == 0 and available_cpus() < 2):
        return load_table(paths[0])[0], load_table(paths[1])[0]
    import pandas  # noqa: F401 - imported once, before the fork, for both reads

    # (the candidate's table, ~70 MB pickled, comes back through a file: ~0.27 s through the
    # pool's pipe, ~0.08 s through a file in memory, at 100,000 rows)
    done = map_forked(_read_quietly, paths, 2, via_files=True)
    for _table, stderr, error in done:
        sys.stderr.write(stderr)
        if error is not None:
            raise error
    return done[0][0], done[1][0]


def _read_quietly(path: Path) -> tuple[Any, str, Exception | None]:
    """(:func:`load_table`'s table, what it wrote on stderr, what it raised)."""
    import io

    captured = io.StringIO()
    with contextlib.redirect_stderr(captured):
        try:
            return load_table(path)[0], captured.getvalue(), None
        except Exception as err:  # noqa: BLE001 - raised by the caller, in order
            return None, captured.getvalue(), err


def _gpu_from_provenance(df: Any, provenance: dict[str, str]) -> Any:
    """A table whose rows do not name the GPU gets it from its provenance header."""
    gpu = provenance.get("gpu")
    if gpu and "gpu" in df.columns and df["gpu"].isna().all():
        df = df.copy()
        df["gpu"] = gpu
    return df


# --------------------------------------------------------------------------- comparing


def review_tables(
    baseline: Any,
    candidate: Any,
    *,
    threshold_pct: float = 5.0,
    kernels: Iterable[str] = (),
    fail_on: str = "best",
    rule_dirs: Sequence[str | Path] = (),
    arch: str | None = None,
    run_rules: bool = True,
    baseline_name: str = "baseline",
    candidate_name: str = "candidate",
    jobs: int = 0,
    before_findings: Callable[[Review], None] | None = None,
) -> Review:
    """Compare two sweep tables of the same kernels; see the module docstring.

    A change is significant only when it exceeds both ``threshold_pct`` of the baseline time
    and the combined spread of the two measurements (:func:`noise_ms`). ``jobs``: processes
    for the rules' analyses (0: by the tables' size, :func:`gpuadvisor.parallel.jobs_for`).
    ``before_findings``: called with the review before the rules' findings are put in (the
    configurations, kernels and notes are final then; the analyses may still be running in
    other processes, so work done here overlaps them, e.g. writing the configurations'
    JSON).
    """
    from gpuadvisor.sweep import is_normalized, normalize

    if not (isinstance(threshold_pct, (int, float)) and math.isfinite(threshold_pct)
            and threshold_pct >= 0):
        raise UserError(f"--threshold must be a percentage >= 0, got {threshold_pct!r}")
    if fail_on not in FAIL_ON:
        raise UserError(f"--fail-on must be one of {', '.join(FAIL_ON)}, got {fail_on!r}")
    # Tables read by read_sweep are normalized already: normalize would copy them unchanged.
    a, b = (_known_shape(df if is_normalized(df) else normalize(df))
            for df in (baseline, candidate))
    repeated = [(name, _duplicates(df)) for name, df in ((baseline_name, a),
                                                         (candidate_name, b))]
    # (a table without repeated configurations is left as it is without asking again)
    a, b = (_collapse_duplicates(df) if count else df
            for df, (_name, count) in zip((a, b), repeated, strict=True))
    patterns = [k for k in kernels if k]
    if patterns:
        a, b = _filter_kernels(a, patterns), _filter_kernels(b, patterns)
        if a.empty and b.empty:
            raise UserError(f"no kernel matches --kernel {' '.join(patterns)}")
    kernels_a, kernels_b = (set(df["kernel"].astype(str).unique().tolist()) for df in (a, b))
    common = kernels_a & kernels_b
    if not common:
        raise UserError(
            f"no kernel in common: {baseline_name} has {_names(kernels_a)}, "
            f"{candidate_name} has {_names(kernels_b)}")
    time_column = _time_column(a, b, f"baseline {baseline_name}", f"candidate {candidate_name}")
    notes: list[str] = [
        f"{name}: {count} configurations appear more than once (e.g. repeated launches); "
        "compared by their median, with the rows' spread as noise"
        for name, count in repeated if count]
    if time_column != "time_ms":
        notes.append(f"no timing pass in the inputs: comparing profiler durations "
                     f"({time_column}), which include profiling overhead")
    gpu_a, gpu_b = _single(a, "gpu"), _single(b, "gpu")
    if gpu_a and gpu_b and gpu_a != gpu_b:
        notes.append(f"different GPUs: {baseline_name} ran on {gpu_a}, {candidate_name} on "
                     f"{gpu_b}; times are not directly comparable")
    for kernel in sorted(kernels_a - kernels_b):
        notes.append(f"kernel {kernel} is only in {baseline_name} (removed)")
    for kernel in sorted(kernels_b - kernels_a):
        notes.append(f"kernel {kernel} is only in {candidate_name} (new)")

    # Each table's cells converted once: the comparison reads them here, the rules' analyses
    # in _diff_findings. The rules' analyses (most of the time) start first, in forked
    # processes for large tables, and the comparison runs here meanwhile.
    table_a, table_b = column_lists(a), column_lists(b)
    keyed = _Keyed(table_a, table_b, time_column)
    with _diff_findings(a, b, common, rule_dirs, arch, keyed, jobs,
                        tables=(table_a, table_b), run=run_rules) as add_findings:
        rows_a, rows_b = keyed.rows
        bests = keyed.bests
        # (the kernels named in each table's configuration keys)
        named_a, named_b = {key[0] for key in rows_a}, {key[0] for key in rows_b}
        configs = _compare_tables(keyed, threshold_pct)
        counts: dict[str, dict[str, int]] = {}
        for key, verdict in zip(configs.keys, configs.verdicts, strict=True):
            mine = counts.setdefault(key[0], {})
            mine[verdict] = mine.get(verdict, 0) + 1
        summaries = [
            _kernel_summary(kernel, rows_a, rows_b, configs, threshold_pct, time_column,
                            bests=bests.get(kernel, (None, None)),
                            counts=counts.get(kernel, {}),
                            present=(kernel in named_a, kernel in named_b))
            for kernel in sorted(kernels_a | kernels_b)
        ]
        result = Review(
            baseline=baseline_name, candidate=candidate_name,
            threshold_pct=float(threshold_pct), fail_on=fail_on, time_column=time_column,
            kernels=summaries, configs=configs, notes=notes, gpu_a=gpu_a, gpu_b=gpu_b,
        )
        if before_findings is not None:
            before_findings(result)
        add_findings(result)
    return result


def compare_config(key: tuple, row_a: Mapping | None, row_b: Mapping | None,
                   threshold_pct: float, time_column: str = "time_ms", *,
                   deltas: bool = True, facts: tuple[Any, Any] = (None, None)
                   ) -> ConfigChange:
    """The verdict for one configuration present in either table.

    ``deltas=False``: the caller knows that no explaining metric differs between the rows
    (:func:`_same_metrics`), so :func:`metric_deltas` would find none. ``facts``: each
    row's :func:`_row_facts` where the caller has them (None: read here).
    """
    kernel, bx, by, bz, cache = key
    change = ConfigChange(kernel=kernel, block=(bx, by, bz), cache_config=cache, verdict="")
    if row_a is None or row_b is None:
        change.verdict = "new" if row_a is None else "removed"
        change.time_a = _time(row_a, time_column) if row_a else None
        change.time_b = _time(row_b, time_column) if row_b else None
        return change
    ok_a, time_a, spread_a = facts[0] or _row_facts(row_a, time_column)
    ok_b, time_b, spread_b = facts[1] or _row_facts(row_b, time_column)
    change.time_a = time_a if ok_a else None
    change.time_b = time_b if ok_b else None
    if not ok_b:
        change.verdict = "failed" if ok_a else "still_failed"
        change.error = _text(row_b.get("error")) or _text(row_b.get("status"))
        return change
    if not ok_a:
        change.verdict = "fixed"
        return change
    change.metric_deltas = metric_deltas(row_a, row_b) if deltas else []
    if change.time_a is None or change.time_b is None:
        change.verdict = "no_time"
        return change
    change.change_pct = _pct(change.time_a, change.time_b)
    change.noise_ms = _noise(spread_a, spread_b)
    change.verdict = time_verdict(change.time_a, change.time_b, threshold_pct, change.noise_ms)
    return change


def compare_configs(keys: list[tuple], rows_a: dict, rows_b: dict, threshold_pct: float,
                    time_column: str, same_metrics: set[tuple],
                    facts: tuple[list[Any], list[Any]]) -> ConfigChanges:
    """:func:`compare_config` of each of ``keys`` (rows of ``rows_a``/``rows_b``, views of
    tables whose :func:`_table_facts` are ``facts``), as columns: configurations in both
    tables, run on both sides and with no explaining metric that differs
    (``same_metrics``), are compared over whole columns; the others one by one. Each
    configuration's object is :func:`compare_config`'s, made when read."""
    import numpy as np

    facts_a, facts_b = facts
    made: dict[int, ConfigChange] = {}
    at: list[int] = []
    times_a: list[float | None] = []
    times_b: list[float | None] = []
    spreads_a: list[float | None] = []
    spreads_b: list[float | None] = []
    for i, key in enumerate(keys):
        row_a, row_b = rows_a.get(key), rows_b.get(key)
        fact_a = None if row_a is None else facts_a[row_a.index]
        fact_b = None if row_b is None else facts_b[row_b.index]
        if fact_a is None or fact_b is None or not (fact_a[0] and fact_b[0]) \
                or key not in same_metrics:
            made[i] = compare_config(key, row_a, row_b, threshold_pct, time_column,
                                     deltas=key not in same_metrics, facts=(fact_a, fact_b))
            continue
        at.append(i)
        times_a.append(fact_a[1])
        times_b.append(fact_b[1])
        spreads_a.append(fact_a[2])
        spreads_b.append(fact_b[2])
    nan = math.nan
    time_a = np.array([nan if t is None else t for t in times_a], dtype=np.float64)
    time_b = np.array([nan if t is None else t for t in times_b], dtype=np.float64)

    def make(i: int) -> ConfigChange:
        key = keys[i]
        row_a, row_b = rows_a[key], rows_b[key]
        return compare_config(key, row_a, row_b, threshold_pct, time_column, deltas=False,
                              facts=(facts_a[row_a.index], facts_b[row_b.index]))

    return _changes(keys, made, at, (time_a, time_b), (spreads_a, spreads_b), threshold_pct,
                    make)


def _changes(keys: list[tuple], made: dict[int, ConfigChange], at: list[int],
             times: tuple[Any, Any], spreads: tuple[list[Any], list[Any]],
             threshold_pct: float, make: Callable[[int], ConfigChange]) -> ConfigChanges:
    """The :class:`ConfigChanges` of ``keys``: ``made`` those compared one by one (by
    position), the rest (positions ``at``) from their times (float64, NaN for None) and
    spreads (floats or None) on both sides."""
    import numpy as np

    time_a, time_b = times
    found, pct, noise = time_verdicts(time_a, time_b, *spreads, threshold_pct)
    verdicts = [""] * len(keys)
    for i, c in made.items():
        verdicts[i] = c.verdict
    columns: dict[str, Any] = {name: np.full(len(keys), np.nan)
                               for name in ("time_a", "time_b", "change_pct")}
    columns["noise_ms"] = [None] * len(keys)
    for i, verdict, n in zip(at, found, noise, strict=True):
        verdicts[i] = verdict
        columns["noise_ms"][i] = n
    where = np.asarray(at, dtype=np.int64)
    columns["time_a"][where], columns["time_b"][where] = time_a, time_b
    columns["change_pct"][where] = pct
    return ConfigChanges(keys, made, verdicts, columns, make)


def _compare_tables(keyed: _Keyed, threshold_pct: float) -> ConfigChanges:
    """:func:`compare_configs` of every configuration of either table, in review's order
    (:func:`sorted_keys`), with the two tables' keys aligned (``aligned_keys``) and their
    rows' facts and metrics read at the aligned rows of whole columns, not key by key."""
    import numpy as np

    rows_a, rows_b = keyed.rows
    time_column = keyed.time_column
    aligned = aligned_keys(list(rows_a), list(rows_b))
    if aligned is None:
        return compare_configs(sorted_keys(rows_a.keys() | rows_b.keys()), rows_a, rows_b,
                               threshold_pct, time_column, _same_metrics(rows_a, rows_b),
                               keyed.facts)
    keys, at_a, at_b = aligned
    # each key's row in its table (-1 where the table lacks it; a table without a repeated
    # key has its rows in order)
    row_a, row_b = (np.where(at >= 0, (np.arange(len(rows)) if len(rows) == table.rows()
                                       else np.array([v.index for v in rows.values()],
                                                     dtype=np.int64))[at], -1)
                    for at, rows, table in ((at_a, rows_a, keyed.tables[0]),
                                            (at_b, rows_b, keyed.tables[1])))
    both = (row_a >= 0) & (row_b >= 0)
    same = both.copy()
    same[both] = ~_differing_metrics(*keyed.tables, row_a[both], row_b[both])
    (ok_a, time_a, spread_a), (ok_b, time_b, spread_b) = keyed.fact_columns
    in_columns = same.copy()
    in_columns[same] = ok_a[row_a[same]] & ok_b[row_b[same]]
    facts_a, facts_b = keyed.facts
    made: dict[int, ConfigChange] = {}
    for i, a, b, alike in zip(np.flatnonzero(~in_columns).tolist(),
                              row_a[~in_columns].tolist(), row_b[~in_columns].tolist(),
                              same[~in_columns].tolist(), strict=True):
        key = keys[i]
        made[i] = compare_config(key, rows_a.get(key), rows_b.get(key), threshold_pct,
                                 time_column, deltas=not alike,
                                 facts=(None if a < 0 else facts_a[a],
                                        None if b < 0 else facts_b[b]))
    at = np.flatnonzero(in_columns)
    in_a, in_b = row_a[at], row_b[at]

    def make(i: int) -> ConfigChange:
        key = keys[i]
        return compare_config(key, rows_a[key], rows_b[key], threshold_pct, time_column,
                              deltas=False,
                              facts=(facts_a[int(row_a[i])], facts_b[int(row_b[i])]))

    return _changes(keys, made, at.tolist(), (time_a[in_a], time_b[in_b]),
                    (floats_of_array(spread_a[in_a]), floats_of_array(spread_b[in_b])),
                    threshold_pct, make)


def time_verdict(t_a: float, t_b: float, threshold_pct: float, noise: float | None) -> str:
    """faster / slower / unchanged: significant only beyond the threshold AND the noise."""
    delta = t_b - t_a
    beyond_threshold = abs(delta) > threshold_pct / 100.0 * abs(t_a)
    beyond_noise = noise is None or abs(delta) > noise
    if beyond_threshold and beyond_noise:
        return "slower" if delta > 0 else "faster"
    return "unchanged"


def spread_ms(row: dict) -> float | None:
    """One measurement's spread: 2 x time_ms_std with >= 2 repeats, else half its min-max range.

    None when the row carries no repeat information (a single measurement).
    """
    return _spread(finite_or_none(row.get("time_ms_std")), finite_or_none(row.get("repeats")),
                   finite_or_none(row.get("time_ms_min")), finite_or_none(row.get("time_ms_max")))


def _spread(std: float | None, repeats: float | None, lo: float | None, hi: float | None
            ) -> float | None:
    """:func:`spread_ms` of a row's finite time_ms_std, repeats, time_ms_min, time_ms_max."""
    if std is not None and (repeats is None or repeats >= 2):
        return 2.0 * std
    if lo is not None and hi is not None and hi >= lo:
        return (hi - lo) / 2.0
    return None


def noise_ms(row_a: dict, row_b: dict) -> float | None:
    """The combined spread of two measurements: sqrt(sa^2 + sb^2); None if neither has one."""
    return _noise(spread_ms(row_a), spread_ms(row_b))


def _noise(sa: float | None, sb: float | None) -> float | None:
    """:func:`noise_ms` of two spreads."""
    if sa is None and sb is None:
        return None
    return math.hypot(sa or 0.0, sb or 0.0)


def _finite_column(values: list[Any]) -> Any:
    """``finite_or_none`` of every cell as a float array (NaN where None)."""
    import numpy as np

    if all(v.__class__ is float for v in values):
        arr = np.array(values, dtype=np.float64)
        arr[~np.isfinite(arr)] = np.nan
        return arr
    return np.array([math.nan if (f := finite_or_none(v)) is None else f for v in values],
                    dtype=np.float64)


def _finite_of(columns: Any, name: str) -> Any:
    """:func:`_finite_column` of a column, from its float64 array where the table kept one."""
    import numpy as np

    array = columns.float_array(name) if isinstance(columns, Table) else None
    if array is None:
        return _finite_column(columns[name])
    out = array.copy()
    out[~np.isfinite(out)] = np.nan
    return out


def _same_metrics(rows_a: dict, rows_b: dict) -> set[tuple]:
    """Keys of both tables whose rows agree on every metric :func:`metric_deltas` reads
    (equal, or missing on one side): there it finds nothing. Worked out on whole columns."""
    import numpy as np

    common = [k for k in rows_a if k in rows_b]
    if not common:
        return set()
    sample_a, sample_b = rows_a[common[0]], rows_b[common[0]]
    if not (isinstance(sample_a, RowView) and isinstance(sample_b, RowView)):
        return set()
    ia = np.array([rows_a[k].index for k in common], dtype=np.int64)
    ib = np.array([rows_b[k].index for k in common], dtype=np.int64)
    differs = _differing_metrics(sample_a.columns, sample_b.columns, ia, ib)
    return {k for k, d in zip(common, differs.tolist(), strict=True) if not d}


def _differing_metrics(cols_a: Any, cols_b: Any, ia: Any, ib: Any) -> Any:
    """Whether row ``ia[j]`` of ``cols_a`` and row ``ib[j]`` of ``cols_b`` differ in a metric
    :func:`metric_deltas` reads (both known and unequal), for each ``j``."""
    import numpy as np

    names = EXPLAINING_METRICS + sorted(
        {k for k in list(cols_a) + list(cols_b) if str(k).startswith(STALL_PREFIX)})
    differs = np.zeros(len(ia), dtype=bool)
    for name in names:
        if name not in cols_a or name not in cols_b:
            continue  # missing on one side: never a delta
        va, vb = _finite_of(cols_a, name)[ia], _finite_of(cols_b, name)[ib]
        differs |= ~np.isnan(va) & ~np.isnan(vb) & (va != vb)
    return differs


def metric_deltas(row_a: dict, row_b: dict, limit: int = 3) -> list[MetricDelta]:
    """The biggest relative metric changes between two rows (those that may explain a change).

    Changes under 2% relative, or under 1 point for percent metrics, are left out as noise.
    """
    names = EXPLAINING_METRICS + sorted(
        {k for k in list(row_a) + list(row_b) if str(k).startswith(STALL_PREFIX)})
    deltas = []
    for name in names:
        va, vb = finite_or_none(row_a.get(name)), finite_or_none(row_b.get(name))
        if va is None or vb is None or va == vb:
            continue
        delta = vb - va
        rel = delta / abs(va) if va else math.copysign(math.inf, delta)
        percent = name in _PERCENT_METRICS or name.startswith(STALL_PREFIX)
        if percent and abs(delta) < _MIN_POINTS:
            continue
        if abs(delta) / max(abs(va), abs(vb)) < _MIN_REL_CHANGE:
            continue
        deltas.append(MetricDelta(name, va, vb, delta, rel))
    deltas.sort(key=lambda d: abs(d.delta) / max(abs(d.a), abs(d.b)), reverse=True)
    return deltas[:limit]


# --------------------------------------------------------------------------- helpers


def _by_kernel(rows_a: dict, rows_b: dict, configs: list[ConfigChange]
               ) -> dict[str, tuple[dict, dict, list[ConfigChange]]]:
    """Per kernel: its rows of each table and its configuration changes (one pass each; a
    scan of everything per kernel made many-kernel reviews quadratic)."""
    out: dict[str, tuple[dict, dict, list[ConfigChange]]] = {}
    for side, rows in ((0, rows_a), (1, rows_b)):
        for key, row in rows.items():
            out.setdefault(key[0], ({}, {}, []))[side][key] = row
    for c in configs:
        out.setdefault(c.kernel, ({}, {}, []))[2].append(c)
    return out


def _kernel_summary(kernel: str, rows_a: dict, rows_b: dict, configs: list[ConfigChange],
                    threshold_pct: float, time_column: str, *,
                    by_kernel: dict[str, tuple[dict, dict, list[ConfigChange]]] | None = None,
                    bests: tuple[Any, Any] | None = None,
                    counts: dict[str, int] | None = None,
                    present: tuple[bool, bool] | None = None) -> KernelSummary:
    """``bests``: :func:`_best` of the kernel's rows of each table, ``counts`` its
    configurations' verdicts (in the order they first appear) and ``present`` whether each
    table has rows of it, when the caller has them (``by_kernel`` is then not read)."""
    if bests is None or counts is None or present is None:
        if by_kernel is None:
            by_kernel = _by_kernel(rows_a, rows_b, configs)
        own_a, own_b, mine = by_kernel.get(kernel, ({}, {}, []))
        if counts is None:
            counts = {}
            for c in mine:
                counts[c.verdict] = counts.get(c.verdict, 0) + 1
        present = (bool(own_a), bool(own_b))
    in_a, in_b = present
    best_a, best_b = bests if bests is not None else (_best(own_a, kernel, time_column),
                                                      _best(own_b, kernel, time_column))
    summary = KernelSummary(
        kernel=kernel,
        best_a=config_label(best_a[0][1:4], best_a[0][4]) if best_a else None,
        best_b=config_label(best_b[0][1:4], best_b[0][4]) if best_b else None,
        time_a=best_a[1] if best_a else None,
        time_b=best_b[1] if best_b else None,
        change_pct=None, noise_ms=None, verdict="", best_changed=False, counts=counts,
        best_key_a=best_a[0] if best_a else None, best_key_b=best_b[0] if best_b else None,
    )
    if not in_b:
        summary.verdict = "removed"
    elif not in_a:
        summary.verdict = "new"
    elif best_b is None:
        summary.verdict = "failed" if best_a is not None else "still_failed"
    elif best_a is None:
        summary.verdict = "fixed"
    else:
        summary.best_changed = best_a[0] != best_b[0]
        old_in_b = rows_b.get(best_a[0])
        if summary.best_changed and old_in_b is not None and _ok(old_in_b):
            summary.old_best_time_b = _time(old_in_b, time_column)
            if summary.old_best_time_b is not None:
                summary.new_best_wins = time_verdict(
                    summary.old_best_time_b, best_b[1], threshold_pct,
                    noise_ms(old_in_b, rows_b[best_b[0]])) == "faster"
        summary.change_pct = _pct(best_a[1], best_b[1])
        summary.noise_ms = noise_ms(rows_a[best_a[0]], rows_b[best_b[0]])
        summary.verdict = time_verdict(best_a[1], best_b[1], threshold_pct, summary.noise_ms)
    return summary


def _best(rows: dict, kernel: str, time_column: str,
          facts: list[tuple[bool, float | None, float | None]] | None = None
          ) -> tuple[tuple, float] | None:
    """The fastest ok configuration of ``kernel`` (``facts``: :func:`_table_facts` of the
    rows' table, where they are its views)."""
    if facts is not None:
        timed = [(key, f[1]) for key, r in rows.items()
                 if key[0] == kernel and (f := facts[r.index])[0]]
    else:
        timed = [(key, _time(r, time_column)) for key, r in rows.items()
                 if key[0] == kernel and _ok(r)]
    timed = [(key, t) for key, t in timed if t is not None]
    if not timed:
        return None
    # min by (time, sort key) without a key tuple per row: the rows at the least time (the
    # times are finite floats), then the least sort key among them (one per configuration)
    least = min([t for _key, t in timed])
    tied = [kt for kt in timed if kt[1] == least]
    return tied[0] if len(tied) == 1 else min(tied, key=lambda kt: _sort_key(kt[0]))


def _fastest(rows: dict, facts: list[tuple[bool, float | None, float | None]]
             ) -> dict[str, tuple[tuple, float]]:
    """:func:`_best` of every kernel of ``rows`` (views of a table whose
    :func:`_table_facts` are ``facts``) in one walk: per kernel the ok configuration of the
    least (time, :func:`_sort_key`); kernels without one left out."""
    best: dict[str, tuple[tuple, float]] = {}
    for key, row in rows.items():
        ok, time, _spread = facts[row.index]
        if not ok or time is None:
            continue
        known = best.get(key[0])
        if known is None or time < known[1] or (
                time == known[1] and _sort_key(key) < _sort_key(known[0])):
            best[key[0]] = (key, time)
    return best


def _fastest_of_table(table: Table, facts: tuple[Any, Any, Any]
                      ) -> tuple[dict[str, tuple[tuple, float]], set[str]] | None:
    """:func:`_fastest` of a table's rows by configuration key (``facts``: its
    :func:`_fact_columns`), and the kernels its keys name, from whole columns; None where a
    key repeats (the rows by key hold its last row only)."""
    import numpy as np

    keys = _config_keys(table)
    if len(set(keys)) != len(keys):
        return None
    names: dict[str, int] = {}
    kernel = np.array([names.setdefault(key[0], len(names)) for key in keys], dtype=np.int64)
    ok, times, _spreads = facts
    usable = np.flatnonzero(ok & ~np.isnan(times))
    # per kernel, its rows by time: the first is the fastest, unless others tie with it
    order = usable[np.lexsort((times[usable], kernel[usable]))]
    firsts = np.flatnonzero(np.diff(kernel[order], prepend=-1) != 0)
    group = np.cumsum(np.diff(kernel[order], prepend=-1) != 0) - 1
    tied = times[order] == times[order[firsts]][group]
    fastest: dict[str, tuple[tuple, float]] = {}
    for start, end in zip(firsts.tolist(), [*firsts[1:].tolist(), len(order)], strict=True):
        at = order[start:end][tied[start:end]].tolist()
        best = at[0] if len(at) == 1 else min(at, key=lambda i: _sort_key(keys[i]))
        fastest[keys[best][0]] = (keys[best], times[best].item())
    return fastest, set(names)


def _config_keys(table: Table) -> list[tuple[str, int, int, int, str]]:
    """``config_keys(table)``, worked out once per table: the comparison's rows by key and
    each table's fastest configurations both read them (read only)."""
    return table.memo("config_keys", config_keys)  # type: ignore[no-any-return]


#: Review's own work beside the rules' analyses (comparing the configurations, their JSON),
#: as a share of the analyses' CPU time: ~0.8 against ~3.4 s of the 2-job timeline on the
#: 100,010-row tables of ``benchmarks/analysis_scale.py`` (0.2 and 0.25 ended within the
#: noise of each other there).
_COMPARISON_WORK = 0.25


class _Keyed:
    """Each table's rows by configuration key, their (ok, time, spread) facts and each
    kernel's fastest ok configuration in either table: what the comparison reads, and what
    the rules' analyses read at their end (which configurations both tables have, the kernels
    whose best configuration moved). Worked out when first read, so that the forked analyses
    start before it (~0.3 s at 100,000 rows that the parent's other core sat idle through);
    a process that reads it works it out."""

    def __init__(self, table_a: Table, table_b: Table, time_column: str) -> None:
        self.tables = (table_a, table_b)
        self.time_column = time_column

    @functools.cached_property
    def rows(self) -> tuple[dict[tuple, RowView], dict[tuple, RowView]]:
        a, b = (dict(zip(_config_keys(t), t.views(), strict=True)) for t in self.tables)
        return a, b

    @functools.cached_property
    def fact_columns(self) -> tuple[tuple[Any, Any, Any], tuple[Any, Any, Any]]:
        """:func:`_fact_columns` of each table."""
        a, b = (_fact_columns(t, self.time_column) for t in self.tables)
        return a, b

    @functools.cached_property
    def facts(self) -> tuple[list[Any], list[Any]]:
        """Each row's (ok, time, spread) from whole columns: the comparison reads them per
        row."""
        a, b = (_facts_of(columns) for columns in self.fact_columns)
        return a, b

    @functools.cached_property
    def bests(self) -> dict[str, tuple[Any, Any]]:
        """kernel -> (fastest in the baseline, fastest in the candidate), each (key, time) or
        None, for the kernels either table's keys name; from the tables' columns (the forked
        analyses read them without the rows by key) where no key repeats."""
        from_columns = [_fastest_of_table(table, facts)
                        for table, facts in zip(self.tables, self.fact_columns, strict=True)]
        if from_columns[0] is None or from_columns[1] is None:
            (rows_a, rows_b), (facts_a, facts_b) = self.rows, self.facts
            fastest_a, fastest_b = _fastest(rows_a, facts_a), _fastest(rows_b, facts_b)
            named = {key[0] for key in rows_a} | {key[0] for key in rows_b}
        else:
            (fastest_a, named_a), (fastest_b, named_b) = from_columns
            named = named_a | named_b
        return {kernel: (fastest_a.get(kernel), fastest_b.get(kernel)) for kernel in named}

    @functools.cached_property
    def best_keys(self) -> dict[str, tuple[tuple, tuple]]:
        """kernel -> (old, new) best configuration, where it moved."""
        return {kernel: (best_a[0], best_b[0])
                for kernel, (best_a, best_b) in sorted(self.bests.items())
                if best_a and best_b and best_a[0] != best_b[0]}


@contextlib.contextmanager
def _diff_findings(a: Any, b: Any, common: set[str], rule_dirs: Sequence[str | Path],
                   arch: str | None, keyed: _Keyed, jobs: int = 0, *,
                   tables: tuple[Table, Table] | None = None, run: bool = True
                   ) -> Iterator[Callable[[Review], None]]:
    """Run the rules on both tables and keep the findings that appeared or disappeared.

    Configuration findings are compared configuration by configuration, over the
    configurations both tables have (a new or removed configuration is already its own
    verdict); kernel- and sweep-wide findings by rule and kernel. The pick's findings are not
    compared as such: they follow the pick, whose change the best-configuration line reports.
    Kernels are independent, so large tables split into groups of kernels analyzed in
    ``jobs`` forked processes (:mod:`gpuadvisor.parallel`; 0: by the tables' size), which
    start on entering the block; the block gets a function that puts the findings (or the
    note why there are none) into the review. ``tables``: ``column_lists`` of ``a`` and
    ``b``, whose cells the analyses then read instead of converting the DataFrames' rows
    again; ``keyed``: the tables' configurations (which both have, whose best moved), read
    by the analyses when they need them. ``run``: False for no findings at all.
    """
    if not run:
        yield lambda result: None
        return
    try:
        from gpuadvisor.analysis import analyze_sweep  # noqa: F401 - available?
    except ImportError:
        yield _note("rule findings skipped: gpuadvisor.analysis is not available")
        return
    from gpuadvisor.parallel import forked, jobs_for, kernel_groups, parent_share

    check_rule_dirs(rule_dirs)
    sides = [_Side(df, table, common) for df, table in zip(
        (a, b), tables or (None, None), strict=True)]
    try:
        from gpuadvisor.rules.engine import load_rules_or_fail

        rules = load_rules_or_fail(tuple(rule_dirs))
    except UserError as err:
        yield _note(f"rule findings skipped: {err}")
        return
    side_a, side_b = sides
    jobs = jobs_for(len(side_a.names) + len(side_b.names), jobs)
    rows_of: dict[str, int] = {}
    for name in side_a.names:
        rows_of[name] = rows_of.get(name, 0) + 1
    # This process compares the configurations meanwhile, then analyzes the last group
    # itself, sized so that it ends about when the children do.
    here = parent_share(jobs, _COMPARISON_WORK)
    shares = [(1.0 - here) / (jobs - 1)] * (jobs - 1) + [here] if 0.0 < here < 1.0 else None
    groups = kernel_groups(list(rows_of), rows_of, jobs, shares)

    def findings_of(group: list[str]) -> Any:
        parts = ((side_a.whole(), side_b.whole()) if len(groups) == 1 else
                 (side_a.part(group), side_b.part(group)))
        # (a configuration in both tables is of a kernel in both: no need to check its
        # kernel)
        return _group_findings(*parts, rules, arch, _InBoth(keyed),
                               {k: v for k, v in keyed.best_keys.items() if k in group})

    with forked(findings_of, groups, jobs,
                last_here=shares is not None and len(groups) == jobs) as parts_of:
        yield lambda result: _add_findings(result, parts_of())


class _InBoth:
    """Whether a configuration key is in both tables' rows (the analyses ask of the few keys
    where findings differ; the set of both tables' 100,000 keys took ~0.03 s to make before
    they could start, the rows by key ~0.1 s: made when first asked)."""

    def __init__(self, keyed: _Keyed) -> None:
        self._keyed = keyed

    def __contains__(self, key: object) -> bool:
        rows_a, rows_b = self._keyed.rows
        return key in rows_a and key in rows_b


def _note(note: str) -> Callable[[Review], None]:
    return lambda result: result.notes.append(note)


def _add_findings(result: Review, parts: list[Any]) -> None:
    """The groups' findings (:func:`_group_findings`) merged into ``result``."""
    for side in ("a", "b"):  # as one process raises: the baseline's first failing kernel
        for part in parts:
            if isinstance(part, tuple) and part[0] == side:
                result.notes.append(f"rule findings skipped: {part[1]}")
                return
    result.findings_available = True
    best_findings: dict[str, list[dict[str, Any]]] = {}
    for part in parts:
        best_findings.update(part["best"])
    for summary in result.kernels:
        if summary.kernel in best_findings:
            summary.best_findings = best_findings[summary.kernel]
    result.findings_added = [d for _k, d in sorted(
        (kd for part in parts for kd in part["added"]), key=lambda kd: kd[0])]
    result.findings_removed = [d for _k, d in sorted(
        (kd for part in parts for kd in part["removed"]), key=lambda kd: kd[0])]


class _Side:
    """One table's rows of the kernels both tables have, as the rules' analyses read them:
    cells of the table the comparison converted (a :class:`~gpuadvisor.rows.Table`, which
    ``analyze_sweep`` reads as it reads a normalized DataFrame's ``column_lists``), or, where
    the DataFrame is not normalized (``analyze_sweep`` would normalize it first), DataFrame
    rows as before."""

    def __init__(self, df: Any, table: Table | None, common: set[str]) -> None:
        from gpuadvisor.sweep import is_normalized

        self.table = table if table is not None and is_normalized(df) else None
        if self.table is None:
            self.df = kernel_rows(df, df["kernel"].astype(str), sorted(common))
            self.names = self.df["kernel"].astype(str).tolist()
        else:
            column = self.table["kernel"]
            names = (list(column) if set(map(type, column)) <= {str}
                     else [str(k) for k in column])
            if set(names) <= common:  # every row kept (the usual case)
                self.names = names
            else:
                keep = [i for i, k in enumerate(names) if k in common]
                self.table = self.table.take(keep)
                self.names = [names[i] for i in keep]

    def whole(self) -> Any:
        return self.df if self.table is None else self.table

    def part(self, kernels: list[str]) -> Any:
        """The rows of ``kernels``, in table order."""
        wanted = set(kernels)
        if self.table is None:
            return kernel_rows(self.df, self.df["kernel"].astype(str), kernels)
        return self.table.take([i for i, k in enumerate(self.names) if k in wanted])


def _group_findings(a: Any, b: Any, rules: Any, arch: str | None, both: Container[tuple],
                    best_keys: dict[str, tuple[tuple, tuple]]) -> Any:
    """The findings that differ between ``a`` and ``b`` (tables of the same kernels) as plain
    data: added and removed as (str of the key, finding dict), and for each kernel of
    ``best_keys`` (kernel -> old and new best configuration) the new best's findings the old
    best did not have; or (``"a"``/``"b"``, the UserError) when a table cannot be analyzed."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.parallel import leave_for_exit
    from gpuadvisor.scoring import TableScorer

    # One scorer for both tables: what they share (derived values, rule results) is worked
    # out once.
    scorer = TableScorer(rules)
    fired_of: dict[tuple[int, ...], list[tuple[str, Any]]] = {}
    found = []
    for side, table in (("a", a), ("b", b)):
        try:
            found.append(_FindingIndex(analyze_sweep(table, arch=arch, rules=rules,
                                                     scorer=scorer, comparisons=False,
                                                     notes=False),
                                       fired_of))
        except UserError as err:
            return side, err
    found_a, found_b = found
    leave_for_exit((scorer, found))  # a worker's analyses are not freed before it answers
    added, removed = found_a.diff(found_b, both)
    return {
        "added": [(str(k), finding_dict(_finding(v))) for k, v in added],
        "removed": [(str(k), finding_dict(_finding(v))) for k, v in removed],
        "best": {kernel: _new_best_findings(kernel, key_a, key_b, found_a, found_b)
                 for kernel, (key_a, key_b) in best_keys.items()},
    }


def _new_best_findings(kernel: str, key_a: tuple, key_b: tuple, found_a: _FindingIndex,
                       found_b: _FindingIndex) -> list[dict[str, Any]]:
    """For a kernel whose best configuration moved, the findings of the new best that the
    old best did not have: a pull request that launches 16x16 instead of 32x8 is told what
    the rules hold against 16x16."""
    rules_a = {k[0] for k, _v in found_a.at(key_a) if k[1] == kernel}
    return [finding_dict(_finding(f))
            for k, f in sorted(found_b.at(key_b), key=lambda kv: str(kv[0]))
            if k[1] == kernel and k[0] not in rules_a]


def check_rule_dirs(rule_dirs: Sequence[str | Path]) -> None:
    """Rule directories the user named must exist and load: an error there is theirs to fix,
    not a note (a table without an architecture, by contrast, only skips the rules)."""
    for directory in rule_dirs:
        if not Path(directory).is_dir():
            raise UserError(f"--rules {directory}: no such directory")
    if rule_dirs:
        from gpuadvisor.rules.engine import load_rules_or_fail

        load_rules_or_fail(rule_dirs)


def findings_by_key(analysis: Any) -> dict[tuple, Any]:
    """Every finding of an analysis keyed by (rule_id, kernel, config key or None).

    Configuration findings come from each ranked configuration; kernel- and sweep-wide ones
    carry no configuration in the key (the analysis attaches them to a reference row or the
    pick, which may differ between two sweeps without the finding changing).
    """
    out: dict[tuple, Any] = {}
    for kernel in getattr(analysis, "kernels", None) or []:
        for f in getattr(kernel, "findings", None) or []:
            config = getattr(f, "config", None)
            scoped = getattr(f, "scope", "config") == "config" and config is not None
            out[(f.rule_id, f.kernel, tuple(config) if scoped else None)] = f
    for entry in getattr(analysis, "ranking", None) or []:
        key = tuple(getattr(entry, "key", None) or ())
        for f in getattr(entry, "findings", None) or []:
            if getattr(f, "scope", "config") == "config":
                out[(f.rule_id, f.kernel, key or None)] = f
    return out


class _FindingIndex:
    """:func:`findings_by_key` of an analysis, held per configuration (issue 13).

    A 100,000-row table has ~500,000 configuration findings and a review shows the few that
    differ: here each ranked configuration keeps its scored entry (or, where its findings were
    already made, their list), and keys, Finding objects and set differences are made only
    where two tables differ. Where both analyses were scored in one pass each (what
    ``analyze_sweep`` does), which rules fired at each configuration is a row of the pass's
    matrix (``LazyScored.fired_bits``) and the tables are compared with NumPy; otherwise
    rule by rule. Values are Findings or (result, kernel, config) triples that
    :func:`_finding` turns into one.

    Positions number the ranked configurations kernel after kernel, in ranking order. Where
    every kernel's ranking is a view of one scoring pass (the usual case), a position is
    read from the views when asked for (``_views``), and the key -> position index
    (``configs``) is made only where something reads it: two such indexes are matched
    over the pass's columns (:meth:`_match`) without a key per configuration.
    """

    def __init__(self, analysis: Any,
                 fired_of: dict[tuple[int, ...], list[tuple[str, Any]]] | None = None) -> None:
        """``fired_of``: shared by the two tables' indexes, so that configurations with the
        very same results hold the very same list (and :meth:`diff` skips them)."""
        from gpuadvisor.analysis import _LazyEntry
        from gpuadvisor.scored_columns import RankedView, RankEntries

        self.kernel_level: dict[tuple, Any] = {}
        self._fired_of = {} if fired_of is None else fired_of
        rankings = []
        for kernel in analysis.kernels:
            for f in kernel.findings:
                config = f.config
                scoped = f.scope == "config" and config is not None
                self.kernel_level[(f.rule_id, f.kernel, tuple(config) if scoped else None)] = f
            rankings.append(kernel.ranking)
        #: the kernels' ranked views where every kernel's entries were all left unmade, and
        #: the position each view's first configuration has
        self._views: list[RankedView] | None = []
        self._starts: list[int] = []
        size = 0
        for ranking in rankings:
            if not (isinstance(ranking, RankEntries) and isinstance(ranking.ranked, RankedView)
                    and not any("_findings" in e.__dict__ for e in ranking.made())):
                self._views = None
                break
            self._views.append(ranking.ranked)
            self._starts.append(size)
            size += len(ranking.ranked)
        #: per position: the entry's Scored (results not yet read), (ranked view, place) of a
        #: scored candidate not made yet, or its fired list (None: read from the views)
        self._held: list[Any] | None = None
        self._configs: dict[tuple, tuple[str, int]] | None = None
        if self._views is None:
            self._hold_each(rankings, _LazyEntry, RankedView, RankEntries)
        self._pass = None  # the one scoring pass the views read, where bits come from it
        if self._held is not None:
            self.bits = _fired_bits([_scored(h) for h in self._held])
        elif not size:
            self.bits = None
        else:
            one = self._views[0].scored.scored_pass  # type: ignore[index]
            if one.fired is not None and all(v.scored.scored_pass is one
                                             for v in self._views):  # type: ignore[union-attr]
                self.bits = _view_bits(self._views, _scored(self._held_at(0)))
                self._pass = one if self.bits is not None else None
            else:
                self.bits = _fired_bits([_scored(self._held_at(p)) for p in range(size)])

    def _hold_each(self, rankings: list[Any], lazy_entry: type, ranked_view: type,
                   rank_entries: type) -> None:
        """``_held`` and ``configs`` position by position (some entry's findings were made)."""
        held_list: list[Any] = []
        configs: dict[tuple, tuple[str, int]] = {}
        for ranking in rankings:
            if isinstance(ranking, rank_entries) and isinstance(ranking.ranked, ranked_view) \
                    and not any("_findings" in e.__dict__ for e in ranking.made()):
                view = ranking.ranked
                cands = view.scored.candidates
                for place, i in enumerate(view.order):
                    c = cands[i]
                    configs[c.key] = (c.kernel, len(held_list))
                    held_list.append((view, place))
                continue
            for entry in ranking:
                if isinstance(entry, lazy_entry) and "_findings" not in entry.__dict__:
                    held = entry._source[0]
                else:  # findings already made: the entry's kernel is theirs
                    held = [(f.rule_id, f) for f in entry.findings
                            if getattr(f, "scope", "config") == "config"]
                configs[entry.key] = (entry.kernel, len(held_list))
                held_list.append(held)
        self._held, self._configs = held_list, configs

    def _held_at(self, position: int) -> Any:
        """What position ``position`` holds (see ``_held``)."""
        if self._held is not None:
            return self._held[position]
        k = bisect.bisect_right(self._starts, position) - 1
        return self._views[k], position - self._starts[k]  # type: ignore[index]

    @property
    def configs(self) -> dict[tuple, tuple[str, int]]:
        """config key -> (kernel, position), made on first read where the views hold it."""
        if self._configs is None:
            configs: dict[tuple, tuple[str, int]] = {}
            for view, start in zip(self._views or [], self._starts, strict=True):
                cands = view.scored.candidates
                for place, i in enumerate(view.order, start):
                    c = cands[i]
                    configs[c.key] = (c.kernel, place)
            self._configs = configs
        return self._configs

    def fired(self, position: int) -> list[tuple[str, Any]]:
        """(rule id, result or Finding) of the configuration rules fired at ``position``."""
        held = self._held_at(position)
        if isinstance(held, list):
            return held
        held = _scored(held)
        signature = tuple(map(id, held.results))
        fired = self._fired_of.get(signature)
        if fired is None:
            fired = self._fired_of[signature] = [
                (r.rule.id, r) for r in held.results
                if r.status == "fired" and r.rule.scope == "config"]
        return fired

    def at(self, config: tuple) -> list[tuple[tuple, Any]]:
        """(key, value) of the configuration findings at ``config``."""
        held = self.configs.get(config)
        if held is None:
            return []
        kernel, position = held
        return [((rid, kernel, config), _value(v, kernel, config))
                for rid, v in self.fired(position)]

    def diff(self, other: _FindingIndex, both: Container[tuple]
             ) -> tuple[list[tuple[tuple, Any]], list[tuple[tuple, Any]]]:
        """(findings of ``other`` not here, findings here not in ``other``), each sorted by
        ``str`` of the key; configuration findings only over ``both`` tables' configurations."""
        added = [(k, v) for k, v in other.kernel_level.items() if k not in self.kernel_level
                 and (k[2] is None or k[2] in both)]
        removed = [(k, v) for k, v in self.kernel_level.items() if k not in other.kernel_level
                   and (k[2] is None or k[2] in both)]
        same_rules = (self.bits is not None and other.bits is not None
                      and self.bits[2] == other.bits[2])
        matched = self._match(other) if same_rules else None
        for mine, theirs, out, at in ((self, other, removed, matched and matched[0]),
                                      (other, self, added, matched and matched[1])):
            if same_rules:
                out.extend(mine._only_here(theirs, both, at))
                continue
            for config, (kernel, position) in mine.configs.items():
                if config not in both:
                    continue
                fired = mine.fired(position)
                held = theirs.configs.get(config)
                theirs_fired = theirs.fired(held[1]) if held is not None else []
                if held is not None and theirs_fired is fired and held[0] == kernel:
                    continue  # the very same results: nothing differs
                present = {(rid, held[0]) for rid, _v in theirs_fired} if held is not None \
                    else set()
                for rid, v in fired:
                    if (rid, kernel) not in present:
                        out.append(((rid, kernel, config), _value(v, kernel, config)))
        # Keys are unique (a rule id names one rule), so the order built above never shows.
        return (sorted(added, key=lambda kv: str(kv[0])),
                sorted(removed, key=lambda kv: str(kv[0])))

    def _key_columns(self, names: dict[str, int], caches: dict[str, int]) -> Any:
        """Each position's configuration key as an int64 row (kernel, x, y, z, cache
        configuration; kernels and cache configurations numbered in ``names`` and
        ``caches``, shared by the indexes to match), from the pass's columns; None where the
        positions are not one pass's views or a block side does not fit an int64."""
        import numpy as np

        sp = self._pass
        if sp is None:
            return None
        bx, by, bz = sp.column("bx"), sp.column("by"), sp.column("bz")
        if bx is None or by is None or bz is None:
            return None
        cands = sp.cands
        kernel = np.array([names.setdefault(c.kernel, len(names)) for c in cands],
                          dtype=np.int64)
        cache = np.array([caches.setdefault(c.cache_config, len(caches)) for c in cands],
                         dtype=np.int64)
        return np.column_stack((kernel, bx, by, bz, cache))[self.bits[1]]  # type: ignore[index]

    def _match(self, other: _FindingIndex) -> tuple[Any, Any] | None:
        """For each position here, the position of the same configuration in ``other`` (-1
        where it did not rank it), and the same the other way; None where the keys cannot
        be read as columns (the position-by-position walk then compares them)."""
        import numpy as np

        from gpuadvisor.row_codes import combination_codes

        names: dict[str, int] = {}
        caches: dict[str, int] = {}
        mine, theirs = self._key_columns(names, caches), other._key_columns(names, caches)
        if mine is None or theirs is None:
            return None
        keys = np.concatenate((mine, theirs))
        code, first = combination_codes(list(keys.T))  # int64 columns: equal codes, equal keys
        code_mine, code_theirs = code[:len(mine)], code[len(mine):]
        if len(np.unique(code_mine)) != len(mine) or len(np.unique(code_theirs)) != len(theirs):
            return None  # a key twice in a ranking: the dict's last position would count
        position_mine = np.full(len(first), -1, dtype=np.int64)
        position_theirs = position_mine.copy()
        position_mine[code_mine] = np.arange(len(mine))
        position_theirs[code_theirs] = np.arange(len(theirs))
        return position_theirs[code_mine], position_mine[code_theirs]

    def _only_here(self, theirs: _FindingIndex, both: Container[tuple], their_positions: Any = None
                   ) -> list[tuple[tuple, Any]]:
        """The configuration findings here that ``theirs`` lacks at the same configuration
        (over ``both`` tables' configurations), from the fired-rule matrices;
        ``their_positions``: :meth:`_match`'s positions in ``theirs``, where it had them."""
        import numpy as np

        matrix, rows, ids = self.bits  # type: ignore[misc]
        their_matrix, their_rows, _ids = theirs.bits  # type: ignore[misc]
        if their_positions is None:
            return self._only_here_by_key(theirs, both)
        here = matrix[rows]
        there = np.zeros_like(here)
        ranked = their_positions >= 0  # a configuration theirs did not rank has no findings
        there[ranked] = their_matrix[their_rows[their_positions[ranked]]]
        out = []
        cands = self._pass.cands  # type: ignore[union-attr]
        for k, j in zip(*(a.tolist() for a in np.nonzero(here & ~there)), strict=True):
            config = cands[rows[k]].key
            if config not in both:
                continue
            kernel = config[0]
            v = _scored(self._held_at(k)).results[j]
            out.append(((ids[j], kernel, config), _value(v, kernel, config)))
        return out

    def _only_here_by_key(self, theirs: _FindingIndex, both: Container[tuple]
                          ) -> list[tuple[tuple, Any]]:
        """:meth:`_only_here` with the configurations matched by key, one by one."""
        import numpy as np

        matrix, rows, ids = self.bits  # type: ignore[misc]
        their_matrix, their_rows, _ids = theirs.bits  # type: ignore[misc]
        keys: list[tuple[tuple, str]] = []
        mine: list[int] = []
        their: list[int] = []
        for config, (kernel, position) in self.configs.items():
            if config not in both:
                continue
            held = theirs.configs.get(config)
            keys.append((config, kernel))
            mine.append(position)
            their.append(held[1] if held is not None and held[0] == kernel else -1)
        if not keys:
            return []
        here = matrix[rows[mine]]
        there = np.zeros_like(here)
        at = np.asarray(their, dtype=np.int64)
        ranked = at >= 0  # a configuration theirs did not rank has no findings there
        there[ranked] = their_matrix[their_rows[at[ranked]]]
        out = []
        for k, j in zip(*(a.tolist() for a in np.nonzero(here & ~there)), strict=True):
            config, kernel = keys[k]
            v = _scored(self._held_at(mine[k])).results[j]
            out.append(((ids[j], kernel, config), _value(v, kernel, config)))
        return out


def _scored(held: Any) -> Any:
    """A held position's scored object (made now where it was left unmade), or its list."""
    if held.__class__ is tuple:
        view, place = held
        return view[place]
    return held


def _view_bits(views: list[Any], first: Any) -> tuple[Any, Any, list[str]] | None:
    """:func:`_fired_bits` of positions that are the ranked views' candidates in order (each
    view a :class:`~gpuadvisor.scored_columns.RankedView` of one scoring pass that recorded
    which rules fired; ``first``: the first position's scored object), read from the pass
    without making the scored objects."""
    import numpy as np

    matrix = views[0].scored.scored_pass.fired
    rows = np.concatenate([v.scored.start + np.asarray(v.order, dtype=np.int64)
                           for v in views])
    results = first.results
    if len(results) != matrix.shape[1] or any(r.rule.scope != "config" for r in results):
        return None
    return matrix, rows, [r.rule.id for r in results]


def _fired_bits(held: list[Any]) -> tuple[Any, Any, list[str]] | None:
    """(matrix, row of each position, rule id of each column) where every position is a
    scored entry of one scoring pass that recorded which configuration rules fired; else
    None."""
    import numpy as np

    first = getattr(held[0], "fired_bits", None) if held else None
    if first is None:
        return None
    matrix = first[0]
    rows = []
    for s in held:
        bits = getattr(s, "fired_bits", None)
        if bits is None or bits[0] is not matrix:
            return None
        rows.append(bits[1])
    results = held[0].results
    if len(results) != matrix.shape[1] or any(r.rule.scope != "config" for r in results):
        return None
    return matrix, np.asarray(rows, dtype=np.int64), [r.rule.id for r in results]


def _value(v: Any, kernel: str, config: tuple) -> Any:
    from gpuadvisor.rules.engine import RuleResult

    return (v, kernel, config) if isinstance(v, RuleResult) else v


def _finding(value: Any) -> Any:
    if isinstance(value, tuple):
        from gpuadvisor.rank import Finding

        return Finding.from_result(*value)
    return value


def finding_dict(finding: Any) -> dict[str, Any]:
    """The fields of a rule finding a review shows (works for dataclasses and dicts)."""
    get = finding.get if isinstance(finding, dict) else (lambda k: getattr(finding, k, None))
    config = get("config")
    return {
        "rule_id": get("rule_id"),
        "title": get("title"),
        "severity": get("severity"),
        "kernel": get("kernel"),
        "config": list(config) if config is not None else None,
        "config_label": config_label(config[1:4], config[4]) if config else None,
        "message": get("message"),
        "source": get("source"),
    }


def _known_shape(df: Any) -> Any:
    """Rows of a profile that does not record the launch shape match on the kernel alone:
    their block is 0x1x1, shown as "(shape unknown)"."""
    if df["block_x"].isna().any():
        df = df.copy()
        df["block_x"] = df["block_x"].fillna(0)
    return df


def _collapse_duplicates(df: Any) -> Any:
    """Several rows of one configuration (e.g. repeated launches in a raw profile) -> one row.

    The median time is kept and the repeats' min/max/std/count are filled in from the rows,
    so their spread feeds the noise-aware verdict.
    """
    import pandas as pd

    keys = ["kernel", "block_x", "block_y", "block_z", "cache_config"]
    if df.empty or not df.duplicated(keys).any():
        return df
    dup = df.duplicated(keys, keep=False)
    ok = df["status"].astype(str) == "ok"
    parts = [df[~dup], df[dup & ~ok].drop_duplicates(keys)]
    numeric = [c for c in df.columns if c not in keys and pd.api.types.is_numeric_dtype(df[c])]
    rows = []
    for _, group in df[dup & ok].groupby(keys, sort=False, dropna=False):
        row = group.iloc[[0]].copy()
        for col in numeric:
            row[col] = group[col].median()
        col = _first_timed(group)
        times = group[col].dropna() if col else ()
        if len(times) >= 2:
            row["time_ms_min"], row["time_ms_max"] = times.min(), times.max()
            row["time_ms_std"], row["repeats"] = times.std(ddof=1), float(len(times))
        rows.append(row)
    out = pd.concat([p for p in parts + rows if not p.empty], ignore_index=True)
    # a configuration that ran ok somewhere wins over its failed rows
    return out.sort_values("status", key=lambda s: s.astype(str) != "ok",
                           kind="stable").drop_duplicates(keys).reset_index(drop=True)


def _duplicates(df: Any) -> int:
    """Configurations that appear more than once (0: :func:`_collapse_duplicates` has
    nothing to do)."""
    keys = ["kernel", "block_x", "block_y", "block_z", "cache_config"]
    repeated = df.duplicated(keys, keep=False)
    return int(df[repeated].drop_duplicates(keys).shape[0]) if repeated.any() else 0


def _first_timed(group: Any) -> str | None:
    for col in ("time_ms", "duration_ms"):
        if group[col].notna().any():
            return col
    return None


def _time_column(a: Any, b: Any, name_a: str, name_b: str) -> str:
    def has(df: Any, col: str) -> bool:
        return bool(df.loc[df["status"].astype(str) == "ok", col].notna().any())

    if has(a, "time_ms") and has(b, "time_ms"):
        return "time_ms"
    if has(a, "duration_ms") and has(b, "duration_ms") and not (
            has(a, "time_ms") or has(b, "time_ms")):
        return "duration_ms"
    which = [n for n, df in ((name_a, a), (name_b, b))
             if not has(df, "time_ms") and not has(df, "duration_ms")]
    if which:
        raise UserError(f"{' and '.join(which)}: no timed configuration to compare "
                        "(no time_ms or duration_ms in any ok row)")
    raise UserError(f"mismatched inputs: only one of {name_a}, {name_b} has a timing pass "
                    "(time_ms); compare a sweep with a sweep, a profile with a profile")


def _filter_kernels(df: Any, patterns: list[str]) -> Any:
    names = df["kernel"].astype(str)
    mask = names.map(lambda n: any(n == p or fnmatch.fnmatchcase(n, p) for p in patterns))
    return df[mask.astype(bool)]


def _single(df: Any, col: str) -> str | None:
    values = sorted({str(v) for v in df[col].dropna().unique()})
    return ", ".join(values) if values else None


def _names(names: set[str]) -> str:
    shown = sorted(names)[:5]
    more = f" and {len(names) - 5} more" if len(names) > 5 else ""
    return (", ".join(shown) + more) if shown else "none"


def _sort_key(key: tuple) -> tuple:
    kernel, bx, by, bz, cache = key
    return (kernel, cache != "default", cache, by, bx, bz)


def _ok(row: dict) -> bool:
    return str(row.get("status") or "ok") == "ok"


def _time(row: dict | None, column: str) -> float | None:
    return finite_or_none(row.get(column)) if row else None


def _row_facts(row: Any, time_column: str) -> tuple[bool, float | None, float | None]:
    """(:func:`_ok`, :func:`_time`, :func:`spread_ms`) of one row."""
    return _ok(row), _time(row, time_column), spread_ms(row)


def _table_facts(table: Table, time_column: str
                 ) -> list[tuple[bool, float | None, float | None]]:
    """:func:`_row_facts` of every row of a table, from its columns (a review reads ~10
    cells of each of 100,000 configurations)."""
    return _facts_of(_fact_columns(table, time_column))


def _facts_of(columns: tuple[Any, Any, Any]) -> list[tuple[bool, float | None, float | None]]:
    """:func:`_fact_columns` as one (ok, time, spread) per row, None for NaN."""
    ok, times, spreads = columns
    return list(zip(ok.tolist(), floats_of_array(times), floats_of_array(spreads),
                    strict=True))


def _fact_columns(table: Table, time_column: str) -> tuple[Any, Any, Any]:
    """:func:`_row_facts` of every row of a table as whole columns: ok (bool), time and
    spread (float64, NaN for None)."""
    import numpy as np

    def finite(key: str) -> Any:  # finite_or_none of each cell, NaN for None
        array = table.float_array(key)
        if array is None:
            array = np.array(table.floats(key), dtype=np.float64)
        return np.where(np.isfinite(array), array, np.nan)

    std, repeats = finite("time_ms_std"), finite("repeats")
    lo, hi, times = finite("time_ms_min"), finite("time_ms_max"), finite(time_column)
    with np.errstate(invalid="ignore"):  # _spread over whole columns
        by_std = ~np.isnan(std) & (np.isnan(repeats) | (repeats >= 2))
        by_range = ~by_std & ~np.isnan(lo) & ~np.isnan(hi) & (hi >= lo)
        spreads = np.where(by_std, 2.0 * std, np.where(by_range, (hi - lo) / 2.0, np.nan))
    ok = np.array([status == "ok" for status in table_statuses(table)], dtype=bool)
    return ok, times, spreads


def _text(value: Any) -> str | None:
    if value is None:
        return None
    try:
        if value != value:  # NaN / NA
            return None
    except (TypeError, ValueError):
        return None
    text = str(value).strip()
    return text or None


def _pct(t_a: float, t_b: float) -> float | None:
    return (t_b - t_a) / t_a * 100.0 if t_a else None


def _clean(obj: Any) -> Any:
    """Tuples to lists, NaN/inf to None: strict JSON."""
    if isinstance(obj, dict):
        return {str(k): _clean(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [_clean(v) for v in obj]
    if isinstance(obj, float) and not math.isfinite(obj):
        return None
    if hasattr(obj, "item") and not isinstance(obj, (str, bytes)):
        return _clean(obj.item())
    return obj
