"""docs/validation.md: the rule-only regret per measured fixture, refreshed by one command."""

from __future__ import annotations

from gpuadvisor.paths import project_root
from gpuadvisor.validation import GOAL_SHARE, main, run


def test_validation_page_is_fresh_and_the_goal_is_met(tmp_path) -> None:
    text, scored = run()
    assert scored, "no measured fixtures found"
    page = project_root() / "docs" / "validation.md"
    assert page.read_text() == text, "docs/validation.md is stale: python -m gpuadvisor.validation"
    within = sum(r.within for r in scored)
    assert within / len(scored) >= GOAL_SHARE
    assert main(["--out", str(tmp_path / "v.md"), "--check"]) == 0
    assert (tmp_path / "v.md").read_text() == text
