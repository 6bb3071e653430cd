"""Rule expressions evaluated over whole columns: many contexts at once, with NumPy (issue 13).

:mod:`gpuadvisor.rules.compiled` evaluates an expression on one context; scoring a table runs
it once per configuration. Here a checked tree is translated once into closures over columns
(one array per name, one entry per context), so a rule's condition and factor are worked out for
all configurations of a table in a few array operations.

The whitelist is the same: only the node types, operators and functions that
:mod:`gpuadvisor.rules.compiled` accepts are translated (anything else raises
:class:`NotColumnar` and the caller evaluates that rule context by context); names are read
from the columns the caller provides; functions are the ones of
:data:`~gpuadvisor.rules.expr.FUNCTIONS`, called on Python values. Nothing is passed to
``eval``/``exec``.

Results must equal the one-context evaluator's, bit for bit, so every column carries a ``bad``
mask: the entries where a value is missing, has a type the arrays cannot hold exactly, or where
any step could raise or differ from Python (division by zero, NaN, an integer beyond 2**53, a
result beyond the magnitude limit, mixed types). The caller evaluates those entries one by one
with :func:`~gpuadvisor.rules.engine.evaluate`. Arithmetic that IEEE-754 fixes exactly (``+ - *
/ // %`` and comparisons) runs in NumPy; powers and functions call the very Python function the
interpreter calls, once per distinct argument tuple.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from gpuadvisor.rules.expr import (
    _BINOPS,
    CONSTANTS,
    FUNCTIONS,
    MAX_EXPONENT,
    MAX_MAGNITUDE,
    NAME_RE,
    ROOTS,
    EvalError,
    ExprError,
    MissingValue,
    checked_value,
    dotted_name,
)

#: Integers are held as float64: exact up to here (larger ones go one by one).
_EXACT_INT = float(2**53)
#: Value classes whose ``has_value`` is "not NaN" (checked_value accepts every other one).
_PLAIN = frozenset({float, int, bool, str})
_NUMBERS = frozenset({float, int})
#: Classes whose values :func:`_kind` takes as a kind of their own (not "bad").
_OTHER_KINDS = frozenset({bool, str})
_ERRORS = (EvalError, MissingValue, TypeError, ValueError, ZeroDivisionError, OverflowError,
           ArithmeticError, RecursionError)


class NotColumnar(ExprError):
    """The expression uses a construct this module does not translate (evaluate per row)."""


@dataclass
class Col:
    """One value per context.

    kind: ``num`` (``v`` float64, ``isint`` marks Python ints), ``bool``, ``str`` (``v`` an
    object array) or ``none``. ``bad``: entries to evaluate one by one.
    """

    kind: str
    v: Any
    bad: Any
    isint: Any = None


@dataclass(frozen=True)
class Gathered:
    """Raw values given once per distinct owner (a kernel, a launch configuration) and the
    owner of each context: a column is built on the few distinct values, then gathered, where
    building is value by value (numbers, booleans; :func:`from_values` otherwise looks at the
    whole list)."""

    values: list[Any]
    index: Any  # int array: each context's entry of ``values``

    def expand(self) -> list[Any]:
        values = self.values
        return [values[j] for j in self.index.tolist()]


RawFn = Callable[[str], "list[Any] | Gathered"]


class Columns:
    """The values an expression reads, by name, for ``n`` contexts.

    ``raw(name)`` gives each context's raw value at ``name`` (:data:`~gpuadvisor.rules.
    grouped.MISSING` where the context has none), as a list or :class:`Gathered`.
    ``floats(name)``, where given and not None, is the same values as a float64 array with NaN
    where the raw value is missing (a table's numeric column: no list of Python floats made).
    """

    def __init__(self, n: int, raw: RawFn, missing: Any, shared: Columns | None = None,
                 floats: Callable[[str], Any] | None = None) -> None:
        self.n = n
        self._raw = raw
        self._floats = floats
        self._missing = missing
        # Columns of the same contexts read by other rules (``params.*`` stay per rule).
        self._cols: dict[str, Col] = shared._cols if shared is not None else {}
        self._has: dict[str, Any] = shared._has if shared is not None else {}
        self._raws: dict[str, Any] = shared._raws if shared is not None else {}
        self.let: dict[str, Col] = {}

    def _raw_of(self, name: str) -> list[Any] | Gathered:
        """``raw(name)``, asked once for ``col`` and ``has`` together (``params.*`` differ
        by rule and are not kept)."""
        if name.startswith("params."):
            return self._raw(name)
        known = self._raws.get(name)
        if known is None:
            known = self._raws[name] = self._raw(name)
        return known

    def raw_list(self, name: str) -> list[Any]:
        raw = self._raw_of(name)
        return raw.expand() if raw.__class__ is Gathered else raw  # type: ignore[union-attr]

    def col(self, name: str) -> Col:
        if name.startswith("let."):
            known = self.let.get(name[4:])
            if known is None:
                raise NotColumnar(f"{name} is not a plain let value")
            return known
        if name.startswith("params."):
            return from_values(self.raw_list(name), self._missing)
        known = self._cols.get(name)
        if known is None:
            known = self._cols[name] = self._make(name)
        return known

    def _make(self, name: str) -> Col:
        array = self._floats(name) if self._floats is not None else None
        if array is not None:
            return from_floats(array)
        raw = self._raw_of(name)
        if raw.__class__ is Gathered:
            values = raw.values  # type: ignore[union-attr]
            classes = set(map(type, values))
            if classes and (classes <= {float, int} or classes == {bool}):
                c, ix = from_values(values, self._missing), raw.index  # type: ignore[union-attr]
                return Col(c.kind, c.v[ix], c.bad[ix], None if c.isint is None else c.isint[ix])
            raw = raw.expand()  # type: ignore[union-attr]
        return from_values(raw, self._missing)  # type: ignore[arg-type]

    def has(self, name: str) -> Any:
        """``has_value`` of every context."""
        known = self._has.get(name) if not name.startswith("params.") else None
        if known is None:
            array = (self._floats(name) if self._floats is not None
                     and not name.startswith("params.") else None)
            if array is not None:
                known = ~np.isnan(array)
            else:
                raw = self._raw_of(name)
                if raw.__class__ is Gathered:  # has_value is value by value
                    known = _has_values(name, raw.values, self._missing)[raw.index]  # type: ignore[union-attr]
                else:
                    known = _has_values(name, raw, self._missing)  # type: ignore[arg-type]
            if not name.startswith("params."):
                self._has[name] = known
        return known


def _has_values(name: str, values: list[Any], missing: Any) -> Any:
    if set(map(type, values)) <= _PLAIN:  # of these only NaN is missing
        return np.array([v == v for v in values], dtype=bool)
    out = []
    for value in values:
        try:
            ok = value is not missing and checked_value(name, value) is not None
        except (MissingValue, EvalError):
            ok = False
        out.append(ok)
    return np.array(out, dtype=bool)


class WithDefaults(Columns):
    """``env`` with a rule's ``optional`` defaults put in where a context has no value, as
    :func:`~gpuadvisor.rules.engine.evaluate` does before it decides the rule. Columns of the
    defaulted names stay here: the shared ones hold the contexts' own values."""

    def __init__(self, env: Columns, defaults: dict[str, Any], absent: dict[str, Any]) -> None:
        self.n = env.n
        self._env = env
        self._defaults = defaults
        self._absent = absent  # name -> mask of the contexts that get the default
        self._mine: dict[str, Col] = {}
        self.let = {}

    def col(self, name: str) -> Col:
        if name not in self._defaults:
            if name.startswith("let."):
                return Columns.col(self, name)
            return self._env.col(name)
        known = self._mine.get(name)
        if known is None:
            default, absent = self._defaults[name], self._absent[name].tolist()
            values = self._env.raw_list(name)
            known = self._mine[name] = from_values(
                [default if a else v for v, a in zip(values, absent, strict=True)],
                self._env._missing)
        return known

    def has(self, name: str) -> Any:
        if name not in self._defaults:
            return self._env.has(name)
        try:
            ok = checked_value(name, self._defaults[name]) is not None
        except (MissingValue, EvalError):
            ok = False
        return self._env.has(name) | (self._absent[name] & ok)


def from_values(values: list[Any], missing: Any = None) -> Col:
    """A column from Python values; what the arrays cannot hold exactly is marked bad."""
    n = len(values)
    classes = set(map(type, values))
    if classes <= {float, int} and classes:  # the common case, without a loop in Python
        v = np.array(values, dtype=np.float64)
        isint = (np.array([x.__class__ is int for x in values], dtype=bool) if int in classes
                 else np.zeros(n, dtype=bool))
        bad = np.isnan(v) | (isint & (np.abs(v) > _EXACT_INT))
        return Col("num", np.where(bad, 0.0, v), bad, isint)
    if classes == {bool}:
        return Col("bool", np.array(values, dtype=bool), np.zeros(n, dtype=bool))
    if not classes & _PLAIN:  # nothing usable (None, MISSING, groups): every value bad
        return Col("bool", np.zeros(n, dtype=bool), np.ones(n, dtype=bool))
    if classes == {str}:
        v = np.empty(n, dtype=object)
        v[:] = values
        return Col("str", v, np.zeros(n, dtype=bool))
    if classes & _NUMBERS and not classes & _OTHER_KINDS:
        # numbers beside missing values (a derived value some configurations lack): what the
        # loop below gives, without a _kind call per value
        got = np.array([x if x.__class__ in _NUMBERS else math.nan for x in values],
                       dtype=np.float64)
        absent = np.isnan(got)  # NaN, MISSING, None and other non-values: "bad"
        if not absent.all():
            v = np.where(absent, 0.0, got)
            isint = np.array([x.__class__ is int for x in values], dtype=bool)
            return Col("num", v, absent | (isint & (np.abs(v) > _EXACT_INT)), isint)
    return by_kind(values, missing)


def by_kind(values: list[Any], missing: Any = None) -> Col:
    """:func:`from_values` decided value by value: each value's kind, the most common kind
    kept and the rest bad (the general case, and what the faster paths above must equal)."""
    n = len(values)
    kinds = [_kind(v, missing) for v in values]
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    counts.pop("bad", None)
    kind = max(counts, key=lambda k: counts[k]) if counts else "bool"
    bad = np.array([k != kind for k in kinds], dtype=bool)
    if kind == "num":
        v = np.array([x if k == "num" else 0.0 for x, k in zip(values, kinds, strict=True)],
                     dtype=np.float64)
        isint = np.array([x.__class__ is int for x in values], dtype=bool)
        bad |= isint & (np.abs(v) > _EXACT_INT)
        return Col("num", v, bad, isint)
    if kind == "bool":
        return Col("bool", np.array([x is True for x in values], dtype=bool), bad)
    if kind == "str":
        v = np.empty(n, dtype=object)
        v[:] = [x if k == "str" else "" for x, k in zip(values, kinds, strict=True)]
        return Col("str", v, bad)
    return Col("none", np.zeros(n), bad | True)


def from_floats(array: Any) -> Col:
    """:func:`from_values` of ``array``'s floats with NaN for a missing value, from the array:
    the missing entries are bad, and a column of nothing but missing ones is ``bool`` (the
    kind :func:`from_values` gives a list without a usable value)."""
    bad = np.isnan(array)
    n = len(array)
    if bad.all():
        return Col("bool", np.zeros(n, dtype=bool), np.ones(n, dtype=bool))
    return Col("num", np.where(bad, 0.0, array), bad, np.zeros(n, dtype=bool))


def _kind(value: Any, missing: Any) -> str:
    cls = value.__class__
    if cls is float:
        return "num" if value == value else "bad"
    if cls is int:
        return "num"
    if cls is bool:
        return "bool"
    if cls is str:
        return "str"
    return "bad"  # missing, None, groups, lists and other types: one by one


def constant(value: Any, n: int) -> Col:
    """``from_values([value] * n)``, filled instead of built value by value."""
    if value is None:
        return Col("none", np.zeros(n), np.ones(n, dtype=bool))
    cls = value.__class__
    if n and (cls is float or (cls is int and abs(value) <= _EXACT_INT)):
        bad = value != value
        return Col("num", np.full(n, 0.0 if bad else float(value)), np.full(n, bad),
                   np.full(n, cls is int))
    if n and cls is bool:
        return Col("bool", np.full(n, value, dtype=bool), np.zeros(n, dtype=bool))
    if n and cls is str:
        return Col("str", np.full(n, value, dtype=object), np.zeros(n, dtype=bool))
    return from_values([value] * n)


def truthy(c: Col) -> Any:
    if c.kind == "bool":
        return c.v
    if c.kind == "num":
        return c.v != 0
    if c.kind == "str":
        return np.array([len(s) > 0 for s in c.v], dtype=bool)
    return np.zeros(len(c.bad), dtype=bool)


def _all_bad(c: Col) -> Col:
    return Col(c.kind, c.v, np.ones(len(c.bad), dtype=bool), c.isint)


def _select(mask: Any, a: Col, b: Col) -> Col | None:
    """``a`` where ``mask``, else ``b`` (None when their kinds differ)."""
    if a.kind != b.kind:
        return None
    v = np.where(mask, a.v, b.v)
    isint = np.where(mask, a.isint, b.isint) if a.kind == "num" else None
    return Col(a.kind, v, np.where(mask, a.bad, b.bad), isint)


ColFn = Callable[[Columns], Col]


def compile_columns(node: ast.AST) -> ColFn:
    """Closures over columns for a checked expression tree; :class:`NotColumnar` for what is
    not translated (the node types outside the whitelist are refused the same way)."""
    build = _BUILDERS.get(type(node))
    if build is None:
        raise NotColumnar(f"{type(node).__name__} is not allowed in rule expressions")
    return build(node)


def _constant(node: ast.Constant) -> ColFn:
    value = node.value
    if value is not None and value.__class__ not in (bool, int, float, str):
        raise NotColumnar("unsupported constant")
    return lambda env: constant(value, env.n)


def _name(node: ast.AST) -> ColFn:
    name = dotted_name(node)
    if name is None:
        raise NotColumnar("bad name")
    if name in CONSTANTS:
        value = CONSTANTS[name]
        return lambda env: constant(value, env.n)
    parts = name.split(".")
    if parts[0] not in ROOTS or not all(NAME_RE.match(p) for p in parts):
        raise NotColumnar(f"name {name!r} is not allowed")  # as the checker refuses it
    return lambda env: env.col(name)


def _boolop(node: ast.BoolOp) -> ColFn:
    operands = tuple(compile_columns(v) for v in node.values)
    is_and = isinstance(node.op, ast.And)

    def boolop(env: Columns) -> Col:
        done = np.zeros(env.n, dtype=bool)
        bad = np.zeros(env.n, dtype=bool)
        out: Col | None = None
        for f in operands:
            c = f(env)
            bad |= ~done & c.bad
            if out is None:
                out = c
            else:
                picked = _select(done, out, c)
                if picked is None:
                    return _all_bad(c)
                out = picked
            t = truthy(c)
            done |= ~t if is_and else t
        assert out is not None
        return Col(out.kind, out.v, bad, out.isint)
    return boolop


def _unaryop(node: ast.UnaryOp) -> ColFn:
    operand = compile_columns(node.operand)
    if isinstance(node.op, ast.Not):
        return lambda env: (lambda c: Col("bool", ~truthy(c), c.bad))(operand(env))
    if not isinstance(node.op, ast.USub | ast.UAdd):
        raise NotColumnar(f"{type(node.op).__name__} is not allowed in rule expressions")
    negate = isinstance(node.op, ast.USub)

    def sign(env: Columns) -> Col:
        c = operand(env)
        if c.kind != "num":
            return _all_bad(c)
        if not negate:
            return c
        return Col("num", np.where(c.isint, -c.v + 0.0, -c.v), c.bad, c.isint)
    return sign


def _checked(v: Any, isint: Any, bad: Any) -> Col:
    """What the interpreter checks after an arithmetic step, as more bad entries."""
    with np.errstate(invalid="ignore"):
        bad = bad | np.isnan(v) | ((np.abs(v) > MAX_MAGNITUDE) & ~np.isinf(v))
        bad |= isint & (np.abs(v) > _EXACT_INT)
    return Col("num", np.where(isint, v + 0.0, v), bad, isint)


def _binop(node: ast.BinOp) -> ColFn:
    if type(node.op) not in _BINOPS:
        raise NotColumnar(f"{type(node.op).__name__} is not allowed in rule expressions")
    left_f, right_f = compile_columns(node.left), compile_columns(node.right)
    op = type(node.op)
    if op is ast.Pow:
        from gpuadvisor.rules.compiled import compile_tree

        one = compile_tree(ast.BinOp(left=ast.Name("a", ast.Load()), op=node.op,
                                     right=ast.Name("b", ast.Load())))
        return lambda env: python_call(lambda a, b: one({"a": a, "b": b}),
                                       [left_f(env), right_f(env)], env.n)

    def binop(env: Columns) -> Col:
        left, right = left_f(env), right_f(env)
        if left.kind != "num" or right.kind != "num":
            return _all_bad(left)  # strings, booleans: one by one
        a, b = left.v, right.v
        bad = left.bad | right.bad
        isint = left.isint & right.isint
        with np.errstate(all="ignore"):
            if op is ast.Add:
                v = a + b
            elif op is ast.Sub:
                v = a - b
            elif op is ast.Mult:
                v = a * b
            else:
                bad = bad | (b == 0)
                if op is ast.Div:
                    v, isint = a / b, np.zeros_like(isint)
                elif op is ast.FloorDiv:
                    v = np.floor_divide(a, b)
                else:
                    v = np.mod(a, b)
        return _checked(v, isint, bad)
    return binop


def _compare_pair(op: type, left: Col, right: Col) -> tuple[Any, Any]:
    """(result, bad) of one comparison; ``bad`` where Python would raise or types mix."""
    n = len(left.bad)
    kinds = {left.kind, right.kind}
    if kinds <= {"num", "bool"}:
        a = left.v.astype(np.float64) if left.kind == "bool" else left.v
        b = right.v.astype(np.float64) if right.kind == "bool" else right.v
    elif kinds == {"str"}:
        a, b = left.v, right.v
    elif "none" in kinds:
        return np.zeros(n, dtype=bool), np.ones(n, dtype=bool)
    else:  # a string against a number: equality is False, order raises
        if op is ast.Eq:
            return np.zeros(n, dtype=bool), np.zeros(n, dtype=bool)
        if op is ast.NotEq:
            return np.ones(n, dtype=bool), np.zeros(n, dtype=bool)
        return np.zeros(n, dtype=bool), np.ones(n, dtype=bool)
    res = {ast.Eq: np.equal, ast.NotEq: np.not_equal, ast.Lt: np.less, ast.LtE: np.less_equal,
           ast.Gt: np.greater, ast.GtE: np.greater_equal}[op](a, b)
    return np.asarray(res, dtype=bool), np.zeros(n, dtype=bool)


def _compare(node: ast.Compare) -> ColFn:
    first = compile_columns(node.left)
    steps: list[tuple[type, Any]] = []
    for k, (op, comparator) in enumerate(zip(node.ops, node.comparators, strict=True)):
        kind = type(op)
        if kind in (ast.In, ast.NotIn):
            if k != len(node.ops) - 1:
                raise NotColumnar("a constant list compared again")
            if isinstance(comparator, ast.List | ast.Tuple) and all(
                    isinstance(e, ast.Constant) and e.value.__class__ in (int, float, str, bool)
                    for e in comparator.elts):
                steps.append((kind, [e.value for e in comparator.elts]))  # type: ignore[attr-defined]
                continue
            raise NotColumnar("'in' with a computed right side")
        if kind not in (ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE):
            raise NotColumnar(f"{kind.__name__} is not allowed in rule expressions")
        steps.append((kind, compile_columns(comparator)))

    def compare(env: Columns) -> Col:
        left = first(env)
        bad = left.bad.copy()
        active = np.ones(env.n, dtype=bool)  # every comparison so far held
        for kind, right_f in steps:
            if kind in (ast.In, ast.NotIn):
                found = np.zeros(env.n, dtype=bool)
                for item in right_f:
                    eq, eq_bad = _compare_pair(ast.Eq, left, constant(item, env.n))
                    found |= eq
                    bad |= active & eq_bad
                test = found if kind is ast.In else ~found
                active &= test
                break  # 'in' a constant list ends the chain (checked above)
            right = right_f(env)
            bad |= active & right.bad
            test, test_bad = _compare_pair(kind, left, right)
            bad |= active & test_bad
            active &= test
            left = right
        return Col("bool", active, bad)
    return compare


def _ifexp(node: ast.IfExp) -> ColFn:
    test, body, orelse = (compile_columns(n) for n in (node.test, node.body, node.orelse))

    def ifexp(env: Columns) -> Col:
        t = test(env)
        mask = truthy(t)
        a, b = body(env), orelse(env)
        out = _select(mask, a, b)
        if out is None:
            return _all_bad(a)
        out.bad = t.bad | np.where(mask, a.bad, b.bad)
        return out
    return ifexp


def _call(node: ast.Call) -> ColFn:
    if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS or node.keywords:
        raise NotColumnar("call is not allowed in rule expressions")
    fname = node.func.id
    if fname == "has":
        arg = node.args[0]
        if not isinstance(arg, ast.Constant):
            raise NotColumnar("has() takes a quoted dotted name")
        name = str(arg.value)
        return lambda env: Col("bool", env.has(name), np.zeros(env.n, dtype=bool))
    if any(isinstance(a, ast.List | ast.Tuple) for a in node.args):
        raise NotColumnar("list arguments")
    args = tuple(compile_columns(a) for a in node.args)
    fn = FUNCTIONS[fname][0]
    if fname in ("min", "max") and len(args) >= 2:
        better = np.less if fname == "min" else np.greater

        def minmax(env: Columns) -> Col:
            cols = [f(env) for f in args]
            if any(c.kind != "num" for c in cols):
                return _all_bad(cols[0])
            out = cols[0]
            bad = out.bad.copy()
            for c in cols[1:]:
                bad |= c.bad
                take = better(c.v, out.v)  # Python keeps the first of equal values
                out = Col("num", np.where(take, c.v, out.v), bad,
                          np.where(take, c.isint, out.isint))
            return _checked(out.v, out.isint, bad)
        return minmax
    if fname == "abs":
        def absolute(env: Columns) -> Col:
            c = args[0](env)
            if c.kind != "num":
                return _all_bad(c)
            return _checked(np.abs(c.v), c.isint, c.bad)
        return absolute
    if fname == "str":
        raise NotColumnar("str() builds text")

    def call(env: Columns) -> Col:
        return python_call(fn, [f(env) for f in args], env.n, check=True)
    return call


def python_call(fn: Callable[..., Any], cols: list[Col], n: int, *, check: bool = False) -> Col:
    """``fn`` on the Python values of each entry, once per distinct argument tuple.

    ``check``: the magnitude limit the interpreter applies to a function's result.
    """
    if any(c.kind == "none" for c in cols):
        return Col("none", np.zeros(n), np.ones(n, dtype=bool))
    bad = np.zeros(n, dtype=bool)
    for c in cols:
        bad |= c.bad

    def call(args: tuple[Any, ...]) -> Any:
        try:
            r = fn(*args)
            if r.__class__ in (int, float) and abs(r) > MAX_MAGNITUDE and not math.isinf(r):
                raise EvalError("result too large")
            if r.__class__ is complex:
                raise EvalError("complex result")
        except _ERRORS:
            r = None
        if not check and r.__class__ in (int, float) and r != r:
            r = None
        return r

    results = (_call_distinct(call, cols, bad, n) if n >= _FEW
               else _call_each(call, cols, bad))
    out = from_values(results)
    out.bad |= bad
    return out


#: Below this many entries the arguments are compared in Python (NumPy's setup costs more).
_FEW = 64


def _call_each(call: Callable[[tuple[Any, ...]], Any], cols: list[Col], bad: Any) -> list[Any]:
    """``call`` once per distinct argument tuple (told apart by class and exact value) of the
    entries not ``bad``, in Python; None for the bad ones."""
    seen: dict[tuple[Any, ...], Any] = {}
    results: list[Any] = []
    for i, args in enumerate(zip(*[_python_values(c) for c in cols], strict=True)):
        if bad[i]:
            results.append(None)
            continue
        key = tuple((a.__class__, a if a.__class__ is not float else a.hex()) for a in args)
        if key not in seen:
            seen[key] = call(args)
        results.append(seen[key])
    return results


def _call_distinct(call: Callable[[tuple[Any, ...]], Any], cols: list[Col], bad: Any,
                   n: int) -> list[Any]:
    """:func:`_call_each` for number and boolean columns, the distinct argument tuples found
    with NumPy (equal bits and the same int flag give equal Python values)."""
    if not all(c.kind in ("num", "bool") for c in cols):
        return _call_each(call, cols, bad)
    good = np.flatnonzero(~bad)
    code = np.zeros(len(good), dtype=np.int64)
    for c in cols:
        if c.kind == "num":
            key = np.unique(c.v[good].view(np.int64), return_inverse=True)[1].reshape(-1) * 2
            key += c.isint[good]
        else:
            key = c.v[good].astype(np.int64)
        span = int(key.max(initial=0)) + 1
        if int(code.max(initial=0)) >= (1 << 62) // span:
            code = np.unique(code, return_inverse=True)[1].reshape(-1)
        code = code * span + key
    _unique, first, inverse = np.unique(code, return_index=True, return_inverse=True)
    at = good[first]
    distinct = [call(args) for args in zip(*[_python_values(c, at) for c in cols],
                                           strict=True)]
    results: list[Any] = [None] * n
    for i, j in zip(good.tolist(), inverse.reshape(-1).tolist(), strict=True):
        results[i] = distinct[j]
    return results


def _python_values(c: Col, at: Any = None) -> list[Any]:
    """The Python value of each entry (of the entries at ``at``)."""
    v, isint = (c.v, c.isint) if at is None else (c.v[at], None if c.isint is None
                                                   else c.isint[at])
    if c.kind == "num":
        return [int(x) if i else x for x, i in zip(v.tolist(), isint.tolist(), strict=True)]
    return v.tolist()  # type: ignore[no-any-return]


def _refuse(node: ast.AST) -> ColFn:
    raise NotColumnar(f"{type(node).__name__} is not translated to columns")


_BUILDERS: dict[type, Callable[[Any], ColFn]] = {
    ast.Constant: _constant,
    ast.Name: _name,
    ast.Attribute: _name,
    ast.List: _refuse,
    ast.Tuple: _refuse,
    ast.BoolOp: _boolop,
    ast.UnaryOp: _unaryop,
    ast.BinOp: _binop,
    ast.Compare: _compare,
    ast.IfExp: _ifexp,
    ast.Call: _call,
}

__all__ = ["MAX_EXPONENT", "Col", "ColFn", "Columns", "NotColumnar", "compile_columns",
           "from_values", "python_call", "truthy"]
