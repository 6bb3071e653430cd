"""Checking configuration rules against measured sweeps: do the times say what the rule says?

A configuration rule that fires at some timed configurations of a kernel and keeps quiet at
others makes a claim the sweep can test. A penalty, an exclusion or an advice naming a
problem at that configuration says the configurations where it fired are slower; a
preference says they are faster. Each such kernel is one test:

- *agreement*: the share of (fired, quiet) configuration pairs whose measured times are
  ordered as the rule says (ties count half; 0.5 is a coin). The kernel agrees above 0.5;
- *measured ratio*: median time where it fired / median time where it kept quiet;
- *rule's ratio*: 1 / the median factor the rule applied where it fired (penalties and
  preferences; advice moves no score);
- whether the kernel's fastest configuration is one where the rule fired (for a penalty, the
  rule marked the measured best).

Configurations where the rule was skipped (a counter it needs was not profiled there) or did
not apply are left out of the kernel's test, so a counter-based rule is tested on the profiled
configurations only. This is association, not cause: fired configurations differ from quiet
ones in more than the rule's reason. A rule about a block's shape (one-line rows, say) fires
at 32x8 and keeps quiet at 64x4, but also at 1024x1 and at 1x256, which are slow for reasons
other rules give. So the pairs are also counted *like for like*: between fired and quiet
configurations of the same size (threads per block) and cache configuration at which every
other rule that moves a score (penalty, preference, exclusion) fired alike. Where at least
:data:`MIN_TESTS` kernels have such pairs the verdict rests on them, else on all pairs (a rule
about size itself fires alike at every shape of a size, so it has none). A rule the times
contradict is worth reading; one they agree with is not proven right.

Kernel- and sweep-scope rules advise about the kernel as a whole and have nothing to compare
inside one sweep; they are listed as not tested here.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

#: Fewer kernels than this and the verdict is "too few kernels".
MIN_TESTS = 5
#: The share of tested kernels that must agree (or disagree) for a one-sided verdict.
CLEAR_SHARE = 2 / 3


@dataclass(frozen=True)
class KernelTest:
    """One kernel's test of one rule."""

    source: str  # the table it came from
    kernel: str
    fired: int  # timed configurations where the rule fired
    quiet: int  # ... where it was evaluated and kept quiet
    agreement: float  # share of (fired, quiet) pairs ordered as the rule says
    ratio: float  # median time fired / median time quiet
    rule_ratio: float | None  # 1 / median factor where it fired (None: advice)
    fastest_fired: bool  # the fastest tested configuration is one where it fired
    #: the same over like-for-like pairs (one size and cache configuration, every other
    #: score-moving rule alike; None: no such pair)
    like_agreement: float | None = None

    @property
    def agrees(self) -> bool:
        return self.agreement > 0.5

    @property
    def agrees_like_for_like(self) -> bool:
        return self.like_agreement is not None and self.like_agreement > 0.5


@dataclass
class RuleCheck:
    """Every kernel's test of one rule, and what they add up to."""

    rule_id: str
    scope: str
    effect: str
    fired_kernels: int = 0  # kernels where it fired at any timed configuration
    tests: list[KernelTest] = field(default_factory=list)

    @property
    def expects(self) -> str:
        """What the rule says of the configurations where it fires."""
        if self.scope != "config":
            return "-"
        return "faster" if self.effect == "prefer" else "slower"

    @property
    def agreeing(self) -> int:
        return sum(t.agrees for t in self.tests)

    @property
    def like_tests(self) -> list[KernelTest]:
        return [t for t in self.tests if t.like_agreement is not None]

    @property
    def like_agreeing(self) -> int:
        return sum(t.agrees_like_for_like for t in self.tests)

    @property
    def basis(self) -> str:
        """What the verdict rests on: like-for-like pairs where enough kernels have them."""
        return "like for like" if len(self.like_tests) >= MIN_TESTS else "all pairs"

    @property
    def median_agreement(self) -> float | None:
        return statistics.median(t.agreement for t in self.tests) if self.tests else None

    @property
    def measured_ratio(self) -> float | None:
        """The median over kernels of the measured ratio fired / quiet."""
        return statistics.median(t.ratio for t in self.tests) if self.tests else None

    @property
    def rule_ratio(self) -> float | None:
        ratios = [t.rule_ratio for t in self.tests if t.rule_ratio is not None]
        return statistics.median(ratios) if ratios else None

    @property
    def fastest_fired(self) -> int:
        return sum(t.fastest_fired for t in self.tests)

    @property
    def verdict(self) -> str:
        if self.scope != "config":
            return "not tested here"
        if not self.fired_kernels:
            return "never fired"
        if len(self.tests) < MIN_TESTS:
            return "too few kernels"
        n, agreeing = ((len(self.like_tests), self.like_agreeing)
                       if self.basis == "like for like" else (len(self.tests), self.agreeing))
        if agreeing >= CLEAR_SHARE * n:
            return "agrees"
        if n - agreeing >= CLEAR_SHARE * n:
            return "disagrees"
        return "mixed"

    def to_dict(self) -> dict[str, Any]:
        return {
            "rule_id": self.rule_id, "scope": self.scope, "effect": self.effect,
            "expects": self.expects, "fired_kernels": self.fired_kernels,
            "tested_kernels": len(self.tests), "agreeing_kernels": self.agreeing,
            "median_agreement": _r(self.median_agreement),
            "measured_ratio": _r(self.measured_ratio), "rule_ratio": _r(self.rule_ratio),
            "fastest_fired": self.fastest_fired,
            "like_for_like_tested_kernels": len(self.like_tests),
            "like_for_like_agreeing_kernels": self.like_agreeing,
            "basis": self.basis, "verdict": self.verdict,
            "tests": [{"source": t.source, "kernel": t.kernel, "fired": t.fired,
                       "quiet": t.quiet, "agreement": _r(t.agreement), "ratio": _r(t.ratio),
                       "rule_ratio": _r(t.rule_ratio), "fastest_fired": t.fastest_fired,
                       "like_for_like_agreement": _r(t.like_agreement)}
                      for t in self.tests],
        }


def _r(v: float | None) -> float | None:
    return None if v is None else round(v, 4)


def _slower_share(fired: Any, quiet: Any) -> tuple[float, int]:
    """(share of (fired, quiet) pairs where the fired time is the longer, ties half; pairs)."""
    tf, tq = np.sort(fired), np.sort(quiet)
    below = np.searchsorted(tq, tf, side="left")
    equal = np.searchsorted(tq, tf, side="right") - below
    pairs = len(tf) * len(tq)
    return (float(below.sum() + 0.5 * equal.sum()) / pairs if pairs else 0.0), pairs


#: Effects that move a configuration's score (advice does not).
MOVERS = ("penalize", "prefer", "exclude")


def kernel_tests(source: str, kernel: str, times: Sequence[float],
                 results: Sequence[Sequence[Any]], groups: Sequence[Any] | None = None
                 ) -> dict[str, tuple[KernelTest | None, bool]]:
    """Per configuration rule: (its test on this kernel, or None where it fired everywhere or
    nowhere it was evaluated; whether it fired at all). ``times[i]``: configuration ``i``'s
    measured time; ``results[i]``: its rule results (``RuleResult``-like: ``rule``, ``status``,
    ``factor``), in the same rule order at every configuration; ``groups[i]``: what a
    like-for-like pair shares besides the other rules (threads per block and cache
    configuration; None: no like-for-like pairs)."""
    out: dict[str, tuple[KernelTest | None, bool]] = {}
    if not results:
        return out
    t = np.asarray(times, dtype=float)
    rules = [r.rule for r in results[0]]
    status = np.array([[r.status for r in row] for row in results])
    movers = np.array([r.scope == "config" and r.effect in MOVERS for r in rules])
    moved = (status == "fired") & movers  # configurations x rules
    group_of = None
    if groups is not None:
        codes: dict[Any, int] = {}
        group_of = np.array([codes.setdefault(g, len(codes)) for g in groups])
    for j, rule in enumerate(rules):
        if rule.scope != "config":
            continue
        fired, quiet = status[:, j] == "fired", status[:, j] == "quiet"
        if not fired.any():
            continue
        if not quiet.any():
            out[rule.id] = (None, True)
            continue
        prefer = rule.effect == "prefer"
        slower, _pairs = _slower_share(t[fired], t[quiet])
        like = None
        if group_of is not None:
            others = np.delete(moved, j, axis=1)
            keys: dict[tuple[int, bytes], int] = {}
            key_of = np.array([keys.setdefault((int(g), row.tobytes()), len(keys))
                               for g, row in zip(group_of, others, strict=True)])
            weighted, total = 0.0, 0
            for k in np.unique(key_of[fired]):
                here = key_of == k
                share, pairs = _slower_share(t[fired & here], t[quiet & here])
                weighted += share * pairs
                total += pairs
            if total:
                like = 1.0 - weighted / total if prefer else weighted / total
        factor = statistics.median(row[j].factor for row, f in zip(results, fired, strict=True)
                                   if f)
        tf = t[fired]
        out[rule.id] = (KernelTest(
            source=source, kernel=kernel, fired=int(fired.sum()), quiet=int(quiet.sum()),
            agreement=1.0 - slower if prefer else slower,
            ratio=math.exp(float(np.median(np.log(tf)) - np.median(np.log(t[quiet])))),
            rule_ratio=(1.0 / factor if rule.effect in ("penalize", "prefer") and factor > 0
                        else None),
            fastest_fired=bool(tf.min() <= t[fired | quiet].min()),
            like_agreement=like), True)
    return out


def read_line(analyses: Sequence[tuple[str, Any]]) -> str:
    """What a check read: tables, measured kernels and their GPUs."""
    gpus: dict[str, int] = {}
    measured = 0
    for _source, analysis in analyses:
        for kernel in analysis.kernels:
            if kernel.mode == "measured":
                measured += 1
                gpu = kernel.gpu or "GPU not recorded"
                gpus[gpu] = gpus.get(gpu, 0) + 1
    on = ", ".join(f"{n} on {gpu}" for gpu, n in sorted(gpus.items()))
    return (f"{len(analyses)} table(s), {measured} measured kernel(s)" +
            (f" ({on})" if on else ""))


def check(analyses: Iterable[tuple[str, Any]], rules: Sequence[Any],
          only: Sequence[str] = ()) -> list[RuleCheck]:
    """Every rule's check over the measured kernels of ``analyses`` ((source, Analysis)
    pairs); ``only``: these rule ids. Kernels ranked by the rules alone (no times) test
    nothing."""
    wanted = set(only)
    checks = {r.id: RuleCheck(r.id, r.scope, r.effect) for r in rules
              if not wanted or r.id in wanted}
    for source, analysis in analyses:
        for kernel in analysis.kernels:
            if kernel.mode != "measured":
                continue
            times, results, groups = [], [], []
            for entry, outcome in kernel.rule_outcomes():
                if entry.time_ms is not None and entry.time_ms > 0:
                    times.append(entry.time_ms)
                    results.append(outcome)
                    groups.append((entry.block_x * entry.block_y * entry.block_z,
                                   entry.cache_config))
            for rule_id, (test, fired) in kernel_tests(source, kernel.kernel, times,
                                                       results, groups).items():
                c = checks.get(rule_id)
                if c is None:
                    continue
                c.fired_kernels += fired
                if test is not None:
                    c.tests.append(test)
    return sorted(checks.values(), key=_order)


_VERDICT_ORDER = {"disagrees": 0, "mixed": 1, "agrees": 2, "too few kernels": 3,
                  "never fired": 4, "not tested here": 5}


def _order(c: RuleCheck) -> tuple[int, str]:
    return _VERDICT_ORDER[c.verdict], c.rule_id


def _fmt(v: float | None, pattern: str = "{:.3f}") -> str:
    return "-" if v is None else pattern.format(v)


def rows(checks: Iterable[RuleCheck]) -> list[list[str]]:
    """The table's rows as text (terminal and Markdown)."""
    out = []
    for c in checks:
        tested = len(c.tests)
        out.append([
            c.rule_id, c.effect, c.expects, str(c.fired_kernels), str(tested),
            f"{c.agreeing} of {tested}" if tested else "-",
            f"{c.like_agreeing} of {len(c.like_tests)}" if c.like_tests else "-",
            _fmt(c.median_agreement, "{:.2f}"), _fmt(c.measured_ratio), _fmt(c.rule_ratio),
            f"{c.fastest_fired} of {tested}" if tested else "-",
            f"{c.verdict} ({c.basis})" if tested >= MIN_TESTS else c.verdict])
    return out


#: The terminal's headers (:func:`short_rows`).
SHORT_HEADERS = ["rule", "verdict", "tested", "agree", "like", "ratio", "rule's", "best",
                 "effect"]


def short_rows(checks: Iterable[RuleCheck]) -> list[list[str]]:
    """:func:`rows` for an 80-column terminal: counts as "n/of", two decimals, no median."""
    out = []
    for c in checks:
        n = len(c.tests)
        like = len(c.like_tests)
        out.append([c.rule_id, c.verdict.replace(" kernels", ""), f"{n}/{c.fired_kernels}",
                    f"{c.agreeing}/{n}", f"{c.like_agreeing}/{like}" if like else "-",
                    _fmt(c.measured_ratio, "{:.2f}"),
                    _fmt(c.rule_ratio, "{:.2f}"), f"{c.fastest_fired}/{n}", c.effect])
    return out


HEADERS = ["rule", "effect", "says fired configs are", "kernels fired", "kernels tested",
           "agree", "agree, like for like", "median agreement", "measured fired/quiet",
           "rule's ratio", "fastest was fired", "verdict"]


def markdown(checks: Sequence[RuleCheck], read: str = "") -> str:
    """The check as Markdown: ``read`` (what was read, one line), the table, how to read it."""
    lines = [read, ""] if read else []
    lines.append("| " + " | ".join(HEADERS) + " |")
    lines.append("|" + "---|" * len(HEADERS))
    lines.extend("| " + " | ".join(r) + " |" for r in rows(checks))
    lines += ["", f"A kernel is tested when the rule fired at some of its timed configurations "
              f"and was evaluated and quiet at others; it agrees when more than half of its "
              f"(fired, quiet) pairs are ordered as the rule says; *like for like* counts "
              f"only pairs of one block size and cache configuration at which every other "
              f"score-moving rule fired alike. Verdict: *agrees* or "
              f"*disagrees* when at least two thirds of the tested kernels do (with at least "
              f"{MIN_TESTS} tested), else *mixed*; on the like-for-like pairs where at least "
              f"{MIN_TESTS} kernels have them, else on all pairs (the basis in brackets). "
              f"Association, not cause: see `gpuadvisor/rule_check.py`."]
    return "\n".join(lines) + "\n"
