"""Every rule has a fixture: configurations that trigger it and configurations that do not.

Cases live in tests/rule_cases/<rule-id>.yaml (``fires`` and ``quiet`` lists). Each case names
an architecture, a block shape and optionally a cache configuration, kernel facts, profiler
metrics, measured sectors per request at some shapes (``profiles``), an SM count, sweep values
and changed calibration constants (``params``); ``factor`` and ``message`` check the effect and
the numbers in the explanation.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from gpuadvisor.access_model import fit_kernel
from gpuadvisor.arch import get_arch
from gpuadvisor.rules.context import KernelInfo, build_context
from gpuadvisor.rules.engine import evaluate, load_rules
from gpuadvisor.shapes import parse_shape

CASES = Path(__file__).parent / "rule_cases"
RULES = {r.id: r for r in load_rules()}


def _cases() -> list[tuple[str, str, int, dict]]:
    out = []
    for path in sorted(CASES.glob("*.yaml")):
        data = yaml.safe_load(path.read_text())
        for kind in ("fires", "quiet"):
            for i, case in enumerate(data.get(kind) or []):
                out.append((path.stem, kind, i, case))
    return out


def context_for(case: dict) -> dict:
    arch = get_arch(case["arch"])
    kernel_fields = dict(case.get("kernel") or {})
    if "domain" in kernel_fields:
        kernel_fields["domain"] = tuple(kernel_fields["domain"])
    kernel = KernelInfo(name="case", **kernel_fields)
    if "profiles" in case:  # measured sectors per request at some shapes: "BXxBY": [load, store]
        rows = [{"block_x": parse_shape(shape)[0], "block_y": parse_shape(shape)[1],
                 "sectors_per_request": ld, "store_sectors_per_request": st}
                for shape, (ld, st) in case["profiles"].items()]
        kernel.measured_access = fit_kernel(rows, rows[0])
    block = parse_shape(case["block"])
    ctx = build_context(arch, None, kernel, block, case.get("cache_config", "default"),
                        row=case.get("metrics"), sm_count=case.get("sm_count"),
                        sweep=case.get("sweep"),
                        grid=tuple(case["grid"]) if "grid" in case else None)
    return ctx


def test_every_rule_has_cases_that_fire_and_stay_quiet() -> None:
    have = {p.stem for p in CASES.glob("*.yaml")}
    assert have == set(RULES), f"missing: {set(RULES) - have}, stale: {have - set(RULES)}"
    for path in CASES.glob("*.yaml"):
        data = yaml.safe_load(path.read_text())
        assert data.get("fires"), f"{path.name}: no case that fires"
        assert data.get("quiet"), f"{path.name}: no case that stays quiet"


@pytest.mark.parametrize(("rule_id", "kind", "index", "case"), _cases(),
                         ids=lambda v: v if isinstance(v, str) else None)
def test_rule_case(rule_id: str, kind: str, index: int, case: dict) -> None:
    rule = RULES[rule_id]
    if "params" in case:  # a calibration constant changed, as the lead would in the rule file
        rule = dataclasses.replace(rule, params={**rule.params, **case["params"]})
    result = evaluate(rule, context_for(case))
    expected = case.get("status", "fired" if kind == "fires" else "quiet")
    assert result.status == expected, (rule_id, case, result.status, result.notes)
    if kind == "fires":
        assert result.message and "?" not in result.message.split(), result.message
        if "factor" in case:
            assert result.factor == pytest.approx(case["factor"], abs=1e-3)
        if "message" in case:
            assert case["message"] in result.message + " " + result.advice, result.message
        if rule.effect == "advice":
            assert result.advice
