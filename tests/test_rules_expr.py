"""The safe expression language: what it computes, and what it refuses to run."""

from __future__ import annotations

import math

import pytest

from gpuadvisor.rules.expr import (
    EvalError,
    ExprError,
    MissingValue,
    compile_expr,
    compile_template,
)

CTX = {
    "block": {"x": 16, "y": 16, "z": 1, "size": 256},
    "arch": {"warp_size": 32, "name": "sm_20", "max_threads_per_sm": 1536, "family": "Fermi"},
    "metrics": {"gld_efficiency": 50.0, "nan_metric": math.nan},
    "derived": {"sizes": [192, 256, 384]},
}


@pytest.mark.parametrize(("text", "value"), [
    ("block.x % arch.warp_size != 0", True),
    ("block.x * block.y == block.size", True),
    ("arch.max_threads_per_sm / block.size", 6.0),
    ("arch.max_threads_per_sm // 1024", 1),
    ("2 ** 10", 1024),
    ("-block.x + 20", 4),
    ("not block.x > 8", False),
    ("block.x > 8 and block.y < 8 or arch.name == 'sm_20'", True),
    ("1 < block.x <= 16", True),
    ("arch.name in ['sm_20', 'sm_21']", True),
    ("arch.name not in ('sm_90',)", True),
    ("'Fer' in arch.family", True),
    ("block.size in derived.sizes", True),
    ("min(block.x, 32) * 4", 64),
    ("max([3, 9, 4])", 9),
    ("abs(-3) + round(2.6) + floor(2.9) + ceil(2.1)", 3 + 3 + 2 + 3),
    ("round(1 / 3, 2)", 0.33),
    ("log2(block.size)", 8.0),
    ("sqrt(16)", 4.0),
    ("is_pow2(block.size) and not is_pow2(192)", True),
    ("divides(block.size, arch.max_threads_per_sm) and not divides(1024, 1536)", True),
    ("ceil_div(1536, 1024)", 2),
    ("clamp(5, 0, 1)", 1),
    ("'a' if block.x > 8 else 'b'", "a"),
    ("first(1, 2)", 1),
    ("has('metrics.gld_efficiency') and not has('metrics.nan_metric')", True),
    ("metrics.gld_efficiency if has('metrics.missing') else 7", 7),
    ("'x=' + str(block.x)", "x=16"),
    ("true and not false", True),
    ("1e3", 1000.0),
])
def test_expressions_compute(text: str, value: object) -> None:
    assert compile_expr(text).evaluate(CTX) == value


def test_names_are_collected() -> None:
    expr = compile_expr("block.x % arch.warp_size != 0 and has('metrics.x')")
    assert expr.names == {"block.x", "arch.warp_size"}


def test_missing_and_nan_values_are_missing() -> None:
    with pytest.raises(MissingValue) as err:
        compile_expr("metrics.l1_hit_rate > 5").evaluate(CTX)
    assert err.value.name == "metrics.l1_hit_rate"
    with pytest.raises(MissingValue):
        compile_expr("metrics.nan_metric > 5").evaluate(CTX)


def test_short_circuit_skips_missing_branch() -> None:
    assert compile_expr("false and metrics.absent > 1").evaluate(CTX) is False
    assert compile_expr("1 if true else metrics.absent").evaluate(CTX) == 1


@pytest.mark.parametrize(("text", "why"), [
    ("__import__('os').system('true')", "is not allowed"),
    ("open('x', 'w')", "call of 'open' is not allowed"),
    ("eval('1')", "call of 'eval'"),
    ("exec('x=1')", "call of 'exec'"),
    ("getattr(block, 'x')", "call of 'getattr'"),
    ("().__class__", "only dotted names"),
    ("block.__dict__", "name part '__dict__'"),
    ("block._private", "name part '_private'"),
    ("lambda: 1", "Lambda is not allowed"),
    ("[x for x in [1]]", "ListComp"),
    ("{x for x in [1]}", "SetComp"),
    ("{'a': 1}", "Dict"),
    ("metrics['x']", "Subscript"),
    ("f'{block.x}'", "JoinedStr"),
    ("(y := 1)", "NamedExpr"),
    ("os.system", "unknown name 'os.system'"),
    ("x", "unknown name 'x'"),
    ("*block", "not a valid expression"),
    ("1 +", "not a valid expression"),
    ("block.x; 1", "not a valid expression"),
    ("9 ** 9 ** 9", "a power of a power"),
    ("2 ** 65", "exponent larger than 64"),
    ("(" * 60 + "1" + ")" * 60, "nests deeper"),
    ("1" + " + 1" * 700, "longer than"),
    ("min(block.x, key=abs)", "keyword arguments"),
    ("has(block.x)", "has() takes a quoted dotted name"),
    ("has('os.path')", "has() takes a quoted dotted name"),
    ("abs(1, 2)", "abs() takes 1..1 arguments"),
    ("b'bytes' == 1", "constant of type bytes"),
    ("'a' * 10", None),  # compiles, refused when run (strings are not numbers)
])
def test_hostile_or_bad_expressions_are_refused(text: str, why: str | None) -> None:
    if why is None:
        with pytest.raises(EvalError):
            compile_expr(text).evaluate(CTX)
        return
    with pytest.raises(ExprError) as err:
        compile_expr(text)
    assert why in str(err.value)


@pytest.mark.parametrize(("text", "why"), [
    ("block.x / 0", "division by zero"),
    ("block.x % 0", "division by zero"),
    ("block.x ** block.size", "exponent larger than 64"),
    ("10 ** 18 * 10", "result too large"),
    ("(-8) ** 0.5", "complex"),
    ("log2(0)", "log2"),
    ("arch.name + 1", "arithmetic needs numbers"),
    ("arch.name < 3", "TypeError"),
    ("block.x in 3", "'in' needs a list"),
    ("block", "group of values"),
    ("is_pow2(1.5)", "integer"),
])
def test_evaluation_errors_are_values_not_crashes(text: str, why: str) -> None:
    with pytest.raises(EvalError) as err:
        compile_expr(text).evaluate(CTX)
    assert why in str(err.value)


def test_templates_render_values_and_formats() -> None:
    t = compile_template("With {block.x} columns each warp spans {arch.warp_size / block.x:.0f} "
                         "rows ({metrics.gld_efficiency:.1f}%); {{literal}}; "
                         "{'yes: ' + arch.name if block.x < 32 else 'no'}")
    assert t.render(CTX) == ("With 16 columns each warp spans 2 rows (50.0%); {literal}; "
                             "yes: sm_20")
    assert compile_template("value {metrics.absent}").render(CTX) == "value ?"
    assert compile_template("{derived.sizes}").render(CTX) == "192, 256, 384"


@pytest.mark.parametrize(("text", "why"), [
    ("{block.__class__}", "name part '__class__'"),
    ("{__import__('os')}", "call of '__import__'"),
    ("unbalanced {block.x", "unbalanced brace"),
    ("unbalanced } brace", "unbalanced brace"),
    ("{}", "empty placeholder"),
])
def test_bad_templates_are_refused(text: str, why: str) -> None:
    with pytest.raises(ExprError) as err:
        compile_template(text)
    assert why in str(err.value)
