"""A small, safe expression language for rule conditions, factors and explanations.

Rule files are data written by anyone, so nothing in them may run as Python. An expression is
parsed with :mod:`ast` in ``eval`` mode and then *interpreted* by walking a whitelist of node
types; it is never passed to ``eval``/``exec`` nor compiled to code. Names are dotted paths
(``block.x``, ``arch.warp_size``, ``metrics.gld_efficiency``) looked up in a mapping of nested
dicts — there is no attribute access on Python objects, no subscripts, no lambdas or
comprehensions, and only a handful of whitelisted functions. Size limits (expression length,
AST depth and node count, exponent and result magnitude) keep hostile input cheap to reject.
"""

from __future__ import annotations

import ast
import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

MAX_LENGTH = 2000  # characters of one expression
MAX_DEPTH = 40  # AST nesting
MAX_NODES = 400  # AST nodes
MAX_EXPONENT = 64  # |b| in a ** b
MAX_MAGNITUDE = 1e18  # |result| of any arithmetic step
MAX_LIST = 64  # elements of a literal list/tuple
MAX_STRING = 500  # characters of a string constant
NAME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


class ExprError(ValueError):
    """An expression is malformed or uses something outside the whitelist."""


class EvalError(ValueError):
    """An expression failed while being evaluated (division by zero, wrong types, ...)."""


class MissingValue(LookupError):
    """A name the expression needs is not in the context (or is NaN/None)."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.name = name


def _is_pow2(x: Any) -> bool:
    n = _int_arg(x, "is_pow2")
    return n > 0 and n & (n - 1) == 0


def _divides(a: Any, b: Any) -> bool:
    """divides(a, b): a is a (non-zero) divisor of b."""
    a_, b_ = _int_arg(a, "divides"), _int_arg(b, "divides")
    return a_ != 0 and b_ % a_ == 0


def _log2(x: Any) -> float:
    v = _num_arg(x, "log2")
    if v <= 0:
        raise EvalError("log2 of a non-positive number")
    return math.log2(v)


def _sqrt(x: Any) -> float:
    v = _num_arg(x, "sqrt")
    if v < 0:
        raise EvalError("sqrt of a negative number")
    return math.sqrt(v)


def _ceil_div(a: Any, b: Any) -> int:
    a_, b_ = _int_arg(a, "ceil_div"), _int_arg(b, "ceil_div")
    if b_ == 0:
        raise EvalError("ceil_div by zero")
    return -(-a_ // b_)


def _round(x: Any, digits: Any = 0) -> float | int:
    d = _int_arg(digits, "round")
    if not 0 <= d <= 12:
        raise EvalError("round: digits must be 0..12")
    v = _num_arg(x, "round")
    return round(v) if d == 0 else round(v, d)


def _first(*values: Any) -> Any:
    """The first argument that is not None (for optional metrics with fallbacks)."""
    for value in values:
        if value is not None:
            return value
    return None


def _clamp(x: Any, lo: Any, hi: Any) -> float:
    return min(max(_num_arg(x, "clamp"), _num_arg(lo, "clamp")), _num_arg(hi, "clamp"))


def _int_arg(x: Any, fn: str) -> int:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise EvalError(f"{fn}: expected a number, got {type(x).__name__}")
    if isinstance(x, float):
        if not x.is_integer():
            raise EvalError(f"{fn}: expected an integer, got {x}")
        return int(x)
    return x


def _num_arg(x: Any, fn: str) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise EvalError(f"{fn}: expected a number, got {type(x).__name__}")
    return x


def _minmax(fn: Callable[..., Any], label: str) -> Callable[..., Any]:
    def call(*args: Any) -> Any:
        if not args:
            raise EvalError(f"{label}() needs at least one argument")
        values = list(args[0]) if len(args) == 1 and isinstance(args[0], (list, tuple)) else args
        for v in values:
            _num_arg(v, label)
        return fn(values)

    return call


#: The only callables an expression can reach: name -> (function, min args, max args).
FUNCTIONS: dict[str, tuple[Callable[..., Any], int, int]] = {
    "min": (_minmax(min, "min"), 1, 16),
    "max": (_minmax(max, "max"), 1, 16),
    "abs": (lambda x: abs(_num_arg(x, "abs")), 1, 1),
    "round": (_round, 1, 2),
    "floor": (lambda x: math.floor(_num_arg(x, "floor")), 1, 1),
    "ceil": (lambda x: math.ceil(_num_arg(x, "ceil")), 1, 1),
    "log2": (_log2, 1, 1),
    "sqrt": (_sqrt, 1, 1),
    "is_pow2": (_is_pow2, 1, 1),
    "divides": (_divides, 2, 2),
    "ceil_div": (_ceil_div, 2, 2),
    "first": (_first, 1, 8),
    "clamp": (_clamp, 3, 3),
    "str": (lambda x: format_value(x), 1, 1),
    "has": (lambda name: name, 1, 1),  # interpreted specially: has('metrics.x') -> bool
}

_BINOPS: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b,
}
_CMPOPS: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}
_ALLOWED = (
    ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.BinOp, ast.UnaryOp, ast.Not, ast.USub,
    ast.UAdd, ast.Compare, ast.IfExp, ast.Constant, ast.Name, ast.Attribute, ast.Call,
    ast.List, ast.Tuple, ast.Load, *_BINOPS, *_CMPOPS,
)


@dataclass(frozen=True)
class Expr:
    """A validated expression: ``names`` lists the dotted names it reads."""

    text: str
    tree: ast.Expression = field(repr=False, compare=False)
    names: frozenset[str] = frozenset()
    _compiled: Callable[[Mapping[str, Any]], Any] | None = field(
        default=None, repr=False, compare=False)

    def evaluate(self, context: Mapping[str, Any]) -> Any:
        """The expression's value in ``context`` (nested dicts of plain values).

        Runs the closures :mod:`gpuadvisor.rules.compiled` built from the checked tree (once,
        on first use); :meth:`interpret` is the reference they are tested against.
        """
        if USE_INTERPRETER:
            return self.interpret(context)
        fn = self._compiled
        if fn is None:
            from gpuadvisor.rules.compiled import compile_tree

            fn = compile_tree(self.tree.body)
            object.__setattr__(self, "_compiled", fn)
        try:
            return fn(context)
        except (MissingValue, EvalError):
            raise
        except RecursionError:
            raise EvalError("expression nests too deeply") from None
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError) as err:
            raise EvalError(f"{type(err).__name__}: {err}") from None

    def interpret(self, context: Mapping[str, Any]) -> Any:
        """Interpret the checked tree node by node (the reference evaluator)."""
        try:
            return _Interpreter(context).run(self.tree.body)
        except (MissingValue, EvalError):
            raise
        except RecursionError:
            raise EvalError("expression nests too deeply") from None
        except (TypeError, ValueError, ZeroDivisionError, OverflowError, ArithmeticError) as err:
            raise EvalError(f"{type(err).__name__}: {err}") from None


def compile_expr(text: Any) -> Expr:
    """Parse and check an expression; :class:`ExprError` says what is not allowed and where."""
    if isinstance(text, (bool, int, float)):
        text = repr(text)
    if not isinstance(text, str):
        raise ExprError(f"expected an expression string, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise ExprError(f"expression longer than {MAX_LENGTH} characters")
    if "\x00" in text:
        raise ExprError("expression contains a NUL character")
    source = " ".join(text.split("\n"))
    # Nesting is checked on the text first so that the parser itself is never driven deep.
    depth = 0
    for ch in source:
        depth += ch in "([{"
        depth -= ch in ")]}"
        if depth > MAX_DEPTH:
            raise ExprError(f"expression nests deeper than {MAX_DEPTH} levels")
    try:
        tree = ast.parse(source.strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        msg = getattr(err, "msg", None) or str(err)
        col = getattr(err, "offset", None)
        where = f" at column {col}" if col else ""
        raise ExprError(f"not a valid expression{where}: {msg}") from None
    names: set[str] = set()
    _check(tree, 0, [0], names)
    return Expr(text=text, tree=tree, names=frozenset(names))


def dotted_name(node: ast.AST) -> str | None:
    """``a.b.c`` for a chain of Attribute nodes ending in a Name, else None."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return ".".join(reversed(parts))


def _shown(node: ast.AST) -> str:
    """Source text of a node for an error message (ast.unparse only prints, never runs)."""
    text = ast.unparse(node)
    return text if len(text) <= 40 else text[:37] + "..."


def _where(node: ast.AST) -> str:
    col = getattr(node, "col_offset", None)
    return f" at column {col + 1}" if col is not None else ""


def _check(node: ast.AST, depth: int, count: list[int], names: set[str]) -> None:
    count[0] += 1
    if count[0] > MAX_NODES:
        raise ExprError(f"expression has more than {MAX_NODES} parts")
    if depth > MAX_DEPTH:
        raise ExprError(f"expression nests deeper than {MAX_DEPTH} levels")
    if not isinstance(node, _ALLOWED):
        raise ExprError(f"{type(node).__name__} is not allowed in rule expressions{_where(node)}")
    if isinstance(node, ast.Attribute | ast.Name):
        name = dotted_name(node)
        if name is None:
            raise ExprError(f"only dotted names like block.x are allowed{_where(node)}")
        for part in name.split("."):
            if not NAME_RE.match(part):
                raise ExprError(f"name part {part!r} is not allowed{_where(node)}")
        if name.split(".")[0] not in ROOTS and name not in CONSTANTS:
            raise ExprError(
                f"unknown name {name!r}{_where(node)}; names start with one of "
                f"{', '.join(sorted(ROOTS))}")
        if name not in CONSTANTS:
            names.add(name)
        return
    if isinstance(node, ast.Constant):
        value = node.value
        if value is not None and not isinstance(value, (bool, int, float, str)):
            raise ExprError(f"constant of type {type(value).__name__} is not allowed")
        if isinstance(value, str) and len(value) > MAX_STRING:
            raise ExprError(f"string constant longer than {MAX_STRING} characters")
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_MAGNITUDE:
            raise ExprError("integer constant too large")
        return
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name) or node.func.id not in FUNCTIONS:
            shown = dotted_name(node.func) or _shown(node.func)
            raise ExprError(
                f"call of {shown!r} is not allowed{_where(node)}; functions: "
                f"{', '.join(sorted(FUNCTIONS))}")
        if node.keywords:
            raise ExprError(f"keyword arguments are not allowed{_where(node)}")
        _fn, lo, hi = FUNCTIONS[node.func.id]
        if not lo <= len(node.args) <= hi:
            raise ExprError(f"{node.func.id}() takes {lo}..{hi} arguments{_where(node)}")
        if node.func.id == "has":
            arg = node.args[0]
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)
                    and all(NAME_RE.match(p) for p in arg.value.split("."))
                    and arg.value.split(".")[0] in ROOTS):
                raise ExprError(f"has() takes a quoted dotted name like 'metrics.x'{_where(node)}")
        for arg in node.args:
            _check(arg, depth + 1, count, names)
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        exponent = node.right
        if isinstance(exponent, ast.UnaryOp) and isinstance(exponent.op, ast.USub | ast.UAdd):
            exponent = exponent.operand
        if isinstance(exponent, ast.BinOp) and isinstance(exponent.op, ast.Pow):
            raise ExprError(f"a power of a power is not allowed{_where(node)}")
        if (isinstance(exponent, ast.Constant) and isinstance(exponent.value, (int, float))
                and abs(exponent.value) > MAX_EXPONENT):
            raise ExprError(f"exponent larger than {MAX_EXPONENT}{_where(node)}")
    if isinstance(node, ast.List | ast.Tuple) and len(node.elts) > MAX_LIST:
        raise ExprError(f"list longer than {MAX_LIST} elements")
    for child in ast.iter_child_nodes(node):
        _check(child, depth + 1, count, names)


#: True inside :func:`gpuadvisor.rules.compiled.reference_interpreter` (tests compare the two).
USE_INTERPRETER = False

#: The roots a dotted name may start with (the context the engine builds).
ROOTS = frozenset({
    "block", "grid", "arch", "board", "kernel", "metrics", "derived", "config", "params",
    "let", "sweep",
})
#: Bare words that are values, not lookups.
CONSTANTS: dict[str, Any] = {"true": True, "false": False, "none": None, "inf": math.inf}


class _Interpreter:
    """Walks a checked tree; every value it produces is a plain bool/number/str/None/list."""

    def __init__(self, context: Mapping[str, Any]) -> None:
        self.context = context

    def run(self, node: ast.AST) -> Any:
        method = getattr(self, "_" + type(node).__name__, None)
        if method is None:  # cannot happen for a checked tree; refuse anyway
            raise EvalError(f"{type(node).__name__} is not allowed")
        return method(node)

    def _Constant(self, node: ast.Constant) -> Any:
        return node.value

    def _Name(self, node: ast.Name) -> Any:
        return self._lookup(node)

    def _Attribute(self, node: ast.Attribute) -> Any:
        return self._lookup(node)

    def _lookup(self, node: ast.AST) -> Any:
        name = dotted_name(node)
        if name is None:
            raise EvalError("bad name")
        if name in CONSTANTS:
            return CONSTANTS[name]
        return resolve(self.context, name)

    def _List(self, node: ast.List) -> list[Any]:
        return [self.run(e) for e in node.elts]

    _Tuple = _List

    def _BoolOp(self, node: ast.BoolOp) -> Any:
        value: Any = None
        for operand in node.values:
            value = self.run(operand)
            if isinstance(node.op, ast.And) and not value:
                return value
            if isinstance(node.op, ast.Or) and value:
                return value
        return value

    def _UnaryOp(self, node: ast.UnaryOp) -> Any:
        value = self.run(node.operand)
        if isinstance(node.op, ast.Not):
            return not value
        _number(value)
        return -value if isinstance(node.op, ast.USub) else +value

    def _BinOp(self, node: ast.BinOp) -> Any:
        left, right = self.run(node.left), self.run(node.right)
        if isinstance(node.op, ast.Add) and isinstance(left, str) and isinstance(right, str):
            if len(left) + len(right) > MAX_LENGTH:
                raise EvalError("string too long")
            return left + right
        _number(left)
        _number(right)
        if isinstance(node.op, ast.Pow):
            if abs(right) > MAX_EXPONENT:
                raise EvalError(f"exponent larger than {MAX_EXPONENT}")
            if abs(left) > 1e6 and abs(right) > 3:
                raise EvalError("power too large")
        if isinstance(node.op, ast.Div | ast.FloorDiv | ast.Mod) and right == 0:
            raise EvalError("division by zero")
        result = _BINOPS[type(node.op)](left, right)
        if isinstance(result, complex):
            raise EvalError("complex result")
        if isinstance(result, (int, float)) and not isinstance(result, bool):
            if isinstance(result, float) and math.isnan(result):
                raise EvalError("result is not a number")
            if abs(result) > MAX_MAGNITUDE and not math.isinf(result):
                raise EvalError("result too large")
        return result

    def _Compare(self, node: ast.Compare) -> bool:
        left = self.run(node.left)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = self.run(comparator)
            if isinstance(op, ast.In | ast.NotIn) and not isinstance(right, (list, tuple, str)):
                raise EvalError("'in' needs a list or a string on the right")
            if isinstance(op, ast.In | ast.NotIn) and isinstance(right, str) and not isinstance(
                    left, str):
                raise EvalError("'in' a string needs a string on the left")
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True

    def _IfExp(self, node: ast.IfExp) -> Any:
        return self.run(node.body) if self.run(node.test) else self.run(node.orelse)

    def _Call(self, node: ast.Call) -> Any:
        assert isinstance(node.func, ast.Name)
        fn, _lo, _hi = FUNCTIONS[node.func.id]
        if node.func.id == "has":
            arg = node.args[0]
            assert isinstance(arg, ast.Constant)
            return has_value(self.context, str(arg.value))
        args = [self.run(a) for a in node.args]
        result = fn(*args)
        if isinstance(result, (int, float)) and not isinstance(result, bool) and abs(
                result) > MAX_MAGNITUDE and not math.isinf(result):
            raise EvalError("result too large")
        return result


def _number(value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise EvalError(f"arithmetic needs numbers, got {type(value).__name__}")


def resolve(context: Mapping[str, Any], name: str) -> Any:
    """Look ``a.b.c`` up in nested dicts; NaN and None count as missing."""
    value: Any = context
    for part in name.split("."):
        if not isinstance(value, Mapping) or part not in value:
            raise MissingValue(name)
        value = value[part]
    return checked_value(name, value)


def checked_value(name: str, value: Any) -> Any:
    """A looked-up value as rules may use it: NaN/None are missing, groups and odd types errors."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        raise MissingValue(name)
    if isinstance(value, Mapping):
        raise EvalError(f"{name} is a group of values, not a value")
    if not isinstance(value, (bool, int, float, str, list, tuple)):
        raise EvalError(f"{name} has an unsupported type {type(value).__name__}")
    return value


def has_value(context: Mapping[str, Any], name: str) -> bool:
    """True when ``name`` resolves to a usable value."""
    try:
        resolve(context, name)
    except (MissingValue, EvalError):
        return False
    return True


# ----------------------------------------------------------------------------- templates

_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_FORMAT_SPEC = re.compile(r"^[<>^]?\+?,?\d{0,3}(\.\d{1,2})?[dfgeE%]?$")


@dataclass(frozen=True)
class Template:
    """An explanation with ``{expression}`` or ``{expression:spec}`` placeholders."""

    text: str
    parts: tuple[tuple[str, Expr | None, str], ...]  # (literal, expr, format spec)

    @property
    def names(self) -> frozenset[str]:
        out: set[str] = set()
        for _lit, expr, _spec in self.parts:
            if expr is not None:
                out |= expr.names
        return frozenset(out)

    def render(self, context: Mapping[str, Any]) -> str:
        """Fill the placeholders; a value that cannot be computed shows as ``?``."""
        out: list[str] = []
        for literal, expr, spec in self.parts:
            out.append(literal)
            if expr is None:
                continue
            try:
                out.append(format_value(expr.evaluate(context), spec))
            except (MissingValue, EvalError):
                out.append("?")
        return "".join(out)


def compile_template(text: str) -> Template:
    """Check every placeholder of an explanation template (``{{``/``}}`` are literal braces)."""
    if not isinstance(text, str):
        raise ExprError("a template must be a string")
    if len(text) > 4 * MAX_LENGTH:
        raise ExprError("template too long")
    protected = text.replace("{{", "\x01").replace("}}", "\x02")
    parts: list[tuple[str, Expr | None, str]] = []
    pos = 0
    for match in _PLACEHOLDER.finditer(protected):
        literal = protected[pos:match.start()]
        if "{" in literal or "}" in literal:
            raise ExprError("unbalanced brace in template (write {{ or }} for a literal brace)")
        inner = match.group(1)
        expr_text, spec = inner, ""
        if ":" in inner:
            head, _, tail = inner.rpartition(":")
            if _FORMAT_SPEC.match(tail.strip()):
                expr_text, spec = head, tail.strip()
        if not expr_text.strip():
            raise ExprError("empty placeholder {} in template")
        try:
            expr = compile_expr(expr_text)
        except ExprError as err:
            raise ExprError(f"placeholder {{{inner}}}: {err}") from None
        parts.append((_unprotect(literal), expr, spec))
        pos = match.end()
    tail = protected[pos:]
    if "{" in tail or "}" in tail:
        raise ExprError("unbalanced brace in template (write {{ or }} for a literal brace)")
    parts.append((_unprotect(tail), None, ""))
    return Template(text=text, parts=tuple(parts))


def _unprotect(s: str) -> str:
    return s.replace("\x01", "{").replace("\x02", "}")


def format_value(value: Any, spec: str = "") -> str:
    """Human formatting: integers plain, floats with up to 3 significant decimals."""
    if spec:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return str(value)
        if spec[-1:] == "d":
            value = round(value)
        return format(value, spec)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        if abs(value) >= 100:
            return f"{value:.0f}"
        if abs(value) >= 10:
            return f"{value:.1f}"
        return f"{value:.3g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(format_value(v) for v in value)
    return str(value)
