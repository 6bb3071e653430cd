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


def test_transposes_from_one_profile_no_longer_pick_an_unmeasured_256x1() -> None:
    """Issue 11: from the 32x8 profile alone transpose_tiled tied 32x8 with 64x4, 128x2 and
    256x1 and the tie-break took 256x1 (4.4x slower: its shared-memory tile is the block);
    transpose_naive took 256x1 too (4.3x). The measured shape now wins the tie, and the
    engine says why the others lose; the store model reads the x row pitch as transposed
    indexing, so transpose_naive goes to narrow blocks."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.validation import evaluate_one_profile, one_profile_view

    root = project_root() / "fixtures" / "hopper" / "new-kernels"
    for gpu in ("h100", "h200"):
        (tiled,) = evaluate_one_profile(root / gpu / "transpose_tiled.csv")
        assert tiled.pick == "32x8" and tiled.regret == 1.0
        (naive,) = evaluate_one_profile(root / gpu / "transpose_naive.csv")
        assert naive.pick != "256x1" and int(naive.pick.split("x")[0]) <= 8
        assert naive.regret < 1.2  # was 4.31 (H100) and 3.87 (H200)
    df, _ = read_sweep(root / "h100" / "transpose_tiled.csv")
    (k,) = analyze_sweep(one_profile_view(df), rule_only=True).kernels
    wide = next(e for e in k.ranking if (e.block_x, e.block_y) == (256, 1))
    assert any("extrapolated-access" in r and "No counters were measured at 256x1" in r
               and "3 octave(s) of x" in r for r in wide.reasons), wide.reasons
    pick = next(e for e in k.ranking if (e.block_x, e.block_y) == (32, 8))
    assert pick.rank == 1 and not any("extrapolated-access" in r for r in pick.reasons)
