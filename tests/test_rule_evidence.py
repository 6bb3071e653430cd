"""Every built-in rule says whether its guidance held on the Hopper sweeps, and shows it."""

from __future__ import annotations

from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.rules.engine import load_rules
from gpuadvisor.validation import run


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


def test_validation_goal_met_and_seed_regrets_unchanged() -> None:
    _text, scored = run(None)
    within = sum(r.within for r in scored)
    assert within / len(scored) >= 0.9
    seeds = {(r.fixture.split("/")[-1], r.kernel): r for r in scored if "/seeds/" in r.fixture}
    assert seeds and all(r.regret <= 1.03 for r in seeds.values())
    hopper = {r.fixture.split("/")[-1]: r for r in scored if "/hopper/" in r.fixture}
    assert hopper["matrix_add.csv"].pick == "256x1"
    assert hopper["matmul_naive.csv"].pick == "32x3"
    assert hopper["matmul_tiled.csv"].pick == "32x24"
