"""Rule expressions compiled once into trees of Python closures, for speed.

:mod:`gpuadvisor.rules.expr` checks every expression against a whitelist and interprets the
checked tree node by node on every evaluation: each step re-dispatches on the node type and
re-splits dotted names. Analyzing a table of 100,000 configurations evaluates hundreds of
thousands of expressions, so that dispatch dominated the run time (issue 13).

Here a checked tree is translated once into nested closures, one per node, each doing exactly
what the interpreter does for that node (same type checks, same limits, same error messages).
Nothing is passed to ``eval``/``exec`` and no code object is built from rule text: a closure is
made only for the node types of the whitelist (anything else is refused at translation, as the
interpreter refuses it at evaluation), names are looked up in the context's nested dicts, and
calls reach only :data:`~gpuadvisor.rules.expr.FUNCTIONS`. The interpreter stays as the
reference; :func:`reference_interpreter` switches evaluation back to it (tests compare both on
every fixture).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from gpuadvisor.rules import expr as _expr
from gpuadvisor.rules.expr import (
    _BINOPS,
    _CMPOPS,
    CONSTANTS,
    FUNCTIONS,
    MAX_EXPONENT,
    MAX_LENGTH,
    MAX_MAGNITUDE,
    EvalError,
    ExprError,
    MissingValue,
    checked_value,
    dotted_name,
    has_value,
)

Compiled = Callable[[Mapping[str, Any]], Any]


@contextmanager
def reference_interpreter() -> Iterator[None]:
    """Evaluate every expression with the reference interpreter inside this block."""
    previous = _expr.USE_INTERPRETER
    _expr.USE_INTERPRETER = True
    try:
        yield
    finally:
        _expr.USE_INTERPRETER = previous


def compile_tree(node: ast.AST) -> Compiled:
    """One closure computing what the interpreter computes for the checked ``node``."""
    build = _BUILDERS.get(type(node))
    if build is None:
        raise ExprError(f"{type(node).__name__} is not allowed in rule expressions")
    return build(node)


def _constant(node: ast.Constant) -> Compiled:
    value = node.value
    return lambda ctx: value


def _name(node: ast.AST) -> Compiled:
    name = dotted_name(node)
    if name is None:
        raise ExprError("bad name")
    if name in CONSTANTS:
        value = CONSTANTS[name]
        return lambda ctx: value
    parts = tuple(name.split("."))

    def lookup(ctx: Mapping[str, Any]) -> Any:  # expr.resolve with the name split once
        value: Any = ctx
        for part in parts:
            if not isinstance(value, Mapping) or part not in value:
                raise MissingValue(name)
            value = value[part]
        return checked_value(name, value)

    return lookup


def _list(node: ast.List | ast.Tuple) -> Compiled:
    items = tuple(compile_tree(e) for e in node.elts)
    return lambda ctx: [f(ctx) for f in items]


def _boolop(node: ast.BoolOp) -> Compiled:
    operands = tuple(compile_tree(v) for v in node.values)
    if isinstance(node.op, ast.And):
        def all_of(ctx: Mapping[str, Any]) -> Any:
            value: Any = None
            for f in operands:
                value = f(ctx)
                if not value:
                    return value
            return value
        return all_of

    def any_of(ctx: Mapping[str, Any]) -> Any:
        value: Any = None
        for f in operands:
            value = f(ctx)
            if value:
                return value
        return value
    return any_of


def _number(value: Any) -> None:
    if value.__class__ is bool or not isinstance(value, (int, float)):
        raise EvalError(f"arithmetic needs numbers, got {type(value).__name__}")


def _unaryop(node: ast.UnaryOp) -> Compiled:
    operand = compile_tree(node.operand)
    if isinstance(node.op, ast.Not):
        return lambda ctx: not operand(ctx)
    negate = isinstance(node.op, ast.USub)
    if not isinstance(node.op, ast.USub | ast.UAdd):
        raise ExprError(f"{type(node.op).__name__} is not allowed in rule expressions")

    def sign(ctx: Mapping[str, Any]) -> Any:
        value = operand(ctx)
        _number(value)
        return -value if negate else +value
    return sign


def _binop(node: ast.BinOp) -> Compiled:
    if type(node.op) not in _BINOPS:
        raise ExprError(f"{type(node.op).__name__} is not allowed in rule expressions")
    left_f, right_f = compile_tree(node.left), compile_tree(node.right)
    op = _BINOPS[type(node.op)]
    is_add = isinstance(node.op, ast.Add)
    is_pow = isinstance(node.op, ast.Pow)
    divides = isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod)

    def binop(ctx: Mapping[str, Any]) -> Any:
        left, right = left_f(ctx), right_f(ctx)
        if is_add and isinstance(left, str) and isinstance(right, str):
            if len(left) + len(right) > MAX_LENGTH:
                raise EvalError("string too long")
            return left + right
        _number(left)
        _number(right)
        if is_pow:
            if abs(right) > MAX_EXPONENT:
                raise EvalError(f"exponent larger than {MAX_EXPONENT}")
            if abs(left) > 1e6 and abs(right) > 3:
                raise EvalError("power too large")
        if divides and right == 0:
            raise EvalError("division by zero")
        result = op(left, right)
        if isinstance(result, complex):
            raise EvalError("complex result")
        if isinstance(result, (int, float)) and result.__class__ is not bool:
            if isinstance(result, float) and math.isnan(result):
                raise EvalError("result is not a number")
            if abs(result) > MAX_MAGNITUDE and not math.isinf(result):
                raise EvalError("result too large")
        return result
    return binop


def _compare(node: ast.Compare) -> Compiled:
    first = compile_tree(node.left)
    steps = []
    for op, comparator in zip(node.ops, node.comparators, strict=True):
        if type(op) not in _CMPOPS:
            raise ExprError(f"{type(op).__name__} is not allowed in rule expressions")
        steps.append((_CMPOPS[type(op)], compile_tree(comparator),
                      isinstance(op, ast.In | ast.NotIn)))
    chain = tuple(steps)

    def compare(ctx: Mapping[str, Any]) -> bool:
        left = first(ctx)
        for test, right_f, membership in chain:
            right = right_f(ctx)
            if membership:
                if not isinstance(right, (list, tuple, str)):
                    raise EvalError("'in' needs a list or a string on the right")
                if isinstance(right, str) and not isinstance(left, str):
                    raise EvalError("'in' a string needs a string on the left")
            if not test(left, right):
                return False
            left = right
        return True
    return compare


def _ifexp(node: ast.IfExp) -> Compiled:
    test, body, orelse = (compile_tree(n) for n in (node.test, node.body, node.orelse))
    return lambda ctx: body(ctx) if test(ctx) else orelse(ctx)


def _call(node: ast.Call) -> Compiled:
    if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS or node.keywords:
        raise ExprError("call is not allowed in rule expressions")
    if node.func.id == "has":
        arg = node.args[0]
        if not isinstance(arg, ast.Constant):
            raise ExprError("has() takes a quoted dotted name")
        name = str(arg.value)
        return lambda ctx: has_value(ctx, name)
    fn = FUNCTIONS[node.func.id][0]
    args = tuple(compile_tree(a) for a in node.args)

    def call(ctx: Mapping[str, Any]) -> Any:
        result = fn(*[f(ctx) for f in args])
        if isinstance(result, (int, float)) and result.__class__ is not bool and abs(
                result) > MAX_MAGNITUDE and not math.isinf(result):
            raise EvalError("result too large")
        return result
    return call


_BUILDERS: dict[type, Callable[[Any], Compiled]] = {
    ast.Constant: _constant,
    ast.Name: _name,
    ast.Attribute: _name,
    ast.List: _list,
    ast.Tuple: _list,
    ast.BoolOp: _boolop,
    ast.UnaryOp: _unaryop,
    ast.BinOp: _binop,
    ast.Compare: _compare,
    ast.IfExp: _ifexp,
    ast.Call: _call,
}
