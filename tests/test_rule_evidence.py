"""Every built-in rule says whether its guidance held on the Hopper sweeps, and shows it."""

from __future__ import annotations

from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.rules.engine import load_rules


def test_every_rule_states_its_sm_90_evidence() -> None:
    for rule in load_rules():
        ev = rule.evidence.get("sm_90")
        assert ev, f"{rule.id}: no evidence.sm_90"
        assert ev["verdict"] in ("holds", "partly", "does-not-hold", "new", "not-checked")
        if ev["verdict"] != "not-checked":
            assert any(ch.isdigit() for ch in ev["text"]), f"{rule.id}: evidence without numbers"


def test_rules_show_renders_the_evidence() -> None:
    result = CliRunner().invoke(app, ["rules", "show", "reuse-wide-rows"])
    assert result.exit_code == 0, result.output
    assert "Measured evidence" in result.output
    assert "sm_90: does not hold" in result.output
    assert "512x2 1.11x" in result.output

