"""A configuration rule decided for many contexts at once (issue 13).

:func:`~gpuadvisor.rules.engine.evaluate` decides one rule on one context: applicability,
``requires``, ``optional`` defaults, ``let`` values, the condition and the factor, then renders
the explanation. Ranking needs only the status and the factor of every configuration; the
explanation is shown for a handful. :func:`decide` works out status and factor for whole
columns (:mod:`gpuadvisor.rules.columns`) and leaves the text to :class:`LazyResult`, which runs
``evaluate`` on the one context when its message, advice, speedup or notes are first read.
Entries the columns cannot settle exactly are returned for ``evaluate`` one by one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpuadvisor.rules.columns import ColFn, Columns, NotColumnar, compile_columns, truthy
from gpuadvisor.rules.engine import Rule, RuleResult, evaluate

#: Roots whose values a configuration context holds (``params`` comes from the rule).
_ROOTS = frozenset({"arch", "board", "kernel", "derived", "grid", "block", "config", "metrics",
                    "params"})


@dataclass(frozen=True)
class ColumnRule:
    """A rule's ``let`` values, condition and factor as column closures."""

    lets: tuple[tuple[str, ColFn], ...]
    when: ColFn
    factor: ColFn | None


_COMPILED: dict[int, tuple[Rule, ColumnRule | None]] = {}


def column_rule(rule: Rule, names: tuple[str, ...]) -> ColumnRule | None:
    """The rule as columns, or None when some part is not translated (evaluate one by one).

    ``names``: every name the rule reads (:func:`~gpuadvisor.rules.grouped.read_names`).
    """
    known = _COMPILED.get(id(rule))
    if known is not None and known[0] is rule:
        return known[1]
    out: ColumnRule | None
    try:
        if any(n.split(".")[0] not in _ROOTS for n in names):
            raise NotColumnar("a root outside the configuration context")
        out = ColumnRule(
            lets=tuple((name, compile_columns(e.tree.body)) for name, e in rule.let),
            when=compile_columns(rule.when.tree.body),
            factor=compile_columns(rule.factor.tree.body) if rule.factor is not None else None)
    except NotColumnar:
        out = None
    _COMPILED[id(rule)] = (rule, out)
    return out


def decide(rule: Rule, crule: ColumnRule, env: Columns) -> tuple[Any, Any, Any]:
    """(fired, factor, one_by_one) for every context of ``env``, once ``applicable``,
    ``requires`` and ``optional`` are settled by the caller.

    ``fired`` and ``factor`` hold for the entries not marked ``one_by_one``; a rule that does
    not fire has factor 1.0 (an exclusion fires with 0.0), as ``evaluate`` gives.
    """
    one = np.zeros(env.n, dtype=bool)
    env.let = {}
    for name, f in crule.lets:
        c = f(env)
        env.let[name] = c
        one |= c.bad
    w = crule.when(env)
    one |= w.bad
    fired = truthy(w) & ~one
    factor = np.ones(env.n, dtype=np.float64)
    if crule.factor is not None:
        fc = crule.factor(env)
        if fc.kind != "num":
            one |= fired
        else:
            v = fc.v
            with np.errstate(invalid="ignore"):
                ok = ((v > 0.0) & (v <= 1.0)) if rule.effect == "penalize" else (
                    (v >= 1.0) & (v <= 100.0))
            one |= fired & (fc.bad | ~ok)  # clamped or failed factors carry notes
            fired &= ~one
            factor = np.where(fired, v, 1.0)
    elif rule.effect == "exclude":
        factor = np.where(fired, 0.0, 1.0)
    return fired & ~one, factor, one


class LazyResult(RuleResult):
    """A fired :class:`RuleResult` whose texts are rendered on first read, by ``evaluate`` on
    the one context (status and factor come from the columns and must agree)."""

    _TEXT = ("message", "advice", "speedup", "notes")

    def __init__(self, rule: Rule, factor: float,
                 context: Callable[[], dict[str, Any]]) -> None:
        self.__dict__.update(rule=rule, status="fired", factor=factor, _context=context)

    def _full(self) -> RuleResult:
        full = self.__dict__.get("_result")
        if full is None:
            full = evaluate(self.rule, self.__dict__["_context"]())
            if full.status != "fired" or full.factor != self.factor:  # pragma: no cover
                raise AssertionError(f"column and row evaluation differ for {self.rule.id}")
            self.__dict__["_result"] = full
            del self.__dict__["_context"]
        return full

    def _text(self, name: str) -> Any:
        if name in self.__dict__:
            return self.__dict__[name]
        value = getattr(self._full(), name)
        self.__dict__[name] = value
        return value

    message = property(lambda self: self._text("message"),  # type: ignore[assignment]
                       lambda self, v: self.__dict__.__setitem__("message", v))
    advice = property(lambda self: self._text("advice"),  # type: ignore[assignment]
                      lambda self, v: self.__dict__.__setitem__("advice", v))
    speedup = property(lambda self: self._text("speedup"),  # type: ignore[assignment]
                       lambda self, v: self.__dict__.__setitem__("speedup", v))
    notes = property(lambda self: self._text("notes"),  # type: ignore[assignment]
                     lambda self, v: self.__dict__.__setitem__("notes", v))


def skipped_note(rule: Rule, has: Callable[[str], Any], n: int) -> list[str | None]:
    """``evaluate``'s "skipped: needs ..." note of each context (None where nothing is
    missing), from ``has(name)`` masks."""
    masks = [np.zeros(n, dtype=bool) for _ in rule.requires]
    for mask, name in zip(masks, rule.requires, strict=True):
        for alt in name.split("|"):
            mask |= has(alt)
    if not n:
        return []
    # one note per pattern of missing names (contexts share few), each context its pattern's
    present = (np.stack(masks, axis=1) if masks else np.ones((n, 1), dtype=bool))
    patterns, inverse = np.unique(present, axis=0, return_inverse=True)
    notes: list[str | None] = []
    for row in patterns.tolist():
        missing = [name for name, p in zip(rule.requires, row, strict=False) if not p]
        notes.append("skipped: needs " + ", ".join(m.replace("|", " or ") for m in missing)
                     if missing else None)
    return [notes[j] for j in inverse.reshape(-1).tolist()]
