"""Evaluate a rule once per distinct combination of the values it reads (issue 13).

A rule's result (status, factor, message, notes) is a pure function of the context values it
looks at: the names in its expressions and templates, the arguments of ``has()``, its
``requires`` and ``optional`` names, and the three values :func:`~gpuadvisor.rules.engine.
applicable` checks. A table of many kernels repeats the same combinations over and over (the
same shapes on the same architecture with the same resources), so evaluating each combination
once and sharing the result gives the very results the engine gives row by row, without
evaluating anything differently: evaluation itself still goes through
:func:`~gpuadvisor.rules.engine.evaluate` and the whitelisted expression language.

Values are compared by :func:`token`, which keeps apart everything a rule could tell apart
(``1`` from ``1.0`` and ``True``, ``0.0`` from ``-0.0``), so grouping never merges two
contexts that could give different results; it may only fail to merge equal ones.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from gpuadvisor.rules.engine import Rule, RuleResult, evaluate
from gpuadvisor.rules.expr import Expr, Template

#: A name that the context does not hold (distinct from every token of a value).
MISSING: Any = ("<missing>",)
#: Roots that the engine fills per rule, never from the context.
_INTERNAL_ROOTS = ("params", "let")
#: What :func:`~gpuadvisor.rules.engine.applicable` reads.
_APPLICABLE_NAMES = ("arch.compute_capability", "kernel.access", "kernel.bound")


def _expr_names(expr: Expr | Template | None) -> set[str]:
    if expr is None:
        return set()
    exprs = [e for _lit, e, _spec in expr.parts if e is not None] if isinstance(
        expr, Template) else [expr]
    out: set[str] = set()
    for e in exprs:
        out |= set(e.names)
        for node in ast.walk(e.tree):  # has('a.b') names a value by a string constant
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "has" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                out.add(str(node.args[0].value))
    return out


_READ_NAMES: dict[int, tuple[Rule, tuple[str, ...]]] = {}


def read_names(rule: Rule) -> tuple[str, ...]:
    """Every context name ``rule`` can look at (sorted; ``params.*``/``let.*`` left out)."""
    known = _READ_NAMES.get(id(rule))
    if known is not None and known[0] is rule:
        return known[1]
    names = _read_names(rule)
    _READ_NAMES[id(rule)] = (rule, names)
    return names


def _read_names(rule: Rule) -> tuple[str, ...]:
    names: set[str] = set(_APPLICABLE_NAMES)
    for _name, expr in rule.let:
        names |= _expr_names(expr)
    for part in (rule.when, rule.factor, rule.speedup, rule.explain, rule.advice):
        names |= _expr_names(part)
    for name in rule.requires:
        names |= set(name.split("|"))
    names |= set(rule.optional)
    return tuple(sorted(n for n in names if n.split(".")[0] not in _INTERNAL_ROOTS))


def token(value: Any) -> Any:
    """A hashable stand-in for ``value``: equal tokens only for values no rule can tell apart."""
    cls = value.__class__
    if cls is float:
        return (float, value.hex()) if value == value else (float, "nan")
    if cls is int or cls is str or cls is bool or value is None:
        return (cls, value)
    if cls is list or cls is tuple:
        return (cls, tuple(token(v) for v in value))
    if isinstance(value, Mapping):
        return (dict, tuple((token(k), token(v)) for k, v in value.items()))
    return (cls, repr(value))


def lookup(context: Mapping[str, Any], name: str) -> Any:
    """The raw value at dotted ``name`` (no NaN/None check), or :data:`MISSING`."""
    value: Any = context
    for part in _parts(name):
        if value.__class__ is dict:  # the usual case, without isinstance's abc walk
            if part not in value:
                return MISSING
        elif not isinstance(value, Mapping) or part not in value:
            return MISSING
        value = value[part]
    return value


_PARTS: dict[str, list[str]] = {}


def _parts(name: str) -> list[str]:
    """``name.split(".")``, remembered (rules read the same few hundred names)."""
    parts = _PARTS.get(name)
    if parts is None:
        parts = _PARTS[name] = name.split(".")
    return parts


def project(context: Mapping[str, Any], names: Iterable[str]) -> tuple[Any, ...]:
    """Tokens of the values at ``names`` in ``context``."""
    out = []
    for name in names:
        value = lookup(context, name)
        out.append(MISSING if value is MISSING else token(value))
    return tuple(out)


class RuleMemo:
    """:func:`evaluate` remembered per rule and per combination of the values it reads.

    Results are shared between equal combinations: callers must not mutate them.
    """

    def __init__(self) -> None:
        self._seen: dict[tuple[int, tuple[Any, ...]], RuleResult] = {}
        self._rules: dict[int, Rule] = {}  # keeps each rule alive while its id is a key
        #: per list of rules (kept, so their ids stay theirs): the names they read, and
        #: where each rule's names stand among them
        self._layouts: dict[tuple[int, ...], tuple[list[Rule], tuple[str, ...],
                                                    list[tuple[int, ...]]]] = {}

    def evaluate(self, rule: Rule, context: Mapping[str, Any]) -> RuleResult:
        return self._result(rule, project(context, read_names(rule)), context)

    def _result(self, rule: Rule, tokens: tuple[Any, ...],
                context: Mapping[str, Any]) -> RuleResult:
        """The rule's result for a context whose values at its names have ``tokens``."""
        key = (id(rule), tokens)
        result = self._seen.get(key)
        if result is None:
            self._rules[id(rule)] = rule
            result = self._seen[key] = evaluate(rule, context)
        return result

    def evaluate_all(self, rules: Sequence[Rule], context: Mapping[str, Any]
                     ) -> list[RuleResult]:
        """:meth:`evaluate` of each rule on one context, the values at the names any of them
        reads tokenized once (a kernel's 13 kernel rules read 79 names, 35 of them distinct):
        the same keys, so the same results."""
        known = self._layouts.get(tuple(map(id, rules)))
        if known is None:
            union = sorted({name for rule in rules for name in read_names(rule)})
            at = {name: j for j, name in enumerate(union)}
            known = self._layouts[tuple(map(id, rules))] = (
                list(rules), tuple(union),
                [tuple(at[name] for name in read_names(rule)) for rule in rules])
        _kept, union, places = known
        tokens = project(context, union)
        return [self._result(rule, tuple([tokens[j] for j in place]), context)
                for rule, place in zip(rules, places, strict=True)]
