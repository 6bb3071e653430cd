"""An analysis is freed by reference counting alone (issue 13, eighth pass).

The commands pause the cyclic garbage collector while they work. A reference cycle through
an analysis (the scorer's rule-result cache -> a lazy result's context builder -> the
scorer) kept every analysis alive until the collector ran again, when a 100,000-row table's
million objects cost ~0.27 s to collect. These tests drop analyses and reviews with the
collector off and check that it then finds none of their objects.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.analysis import analyze_sweep
from gpuadvisor.analysis_report import load_inputs
from gpuadvisor.review import load_table, review_tables
from gpuadvisor.rules.engine import load_rules_or_fail
from gpuadvisor.sweep import read_sweep

ROOT = Path(__file__).resolve().parents[1]
SWEEPS = ROOT / "fixtures" / "hopper" / "sweeps"
REVIEW = ROOT / "fixtures" / "hopper" / "review"
#: Classes a whole analysis is made of (garbage of these means the analysis was in a cycle).
ANALYSIS_CLASSES = {"Candidate", "RowView", "LazyScored", "_LazyEntry", "RuleResult",
                    "LazyResult", "KernelSetup", "TableScorer", "Table"}


@pytest.fixture()
def collector_off() -> Iterator[None]:
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        if was:
            gc.enable()


def _cyclic_garbage(work: Callable[[], None]) -> set[str]:
    """Names of the analysis classes among what the collector finds after ``work``."""
    work()
    gc.set_debug(gc.DEBUG_SAVEALL)
    gc.collect()
    found = {type(o).__name__ for o in gc.garbage}
    return found & ANALYSIS_CLASSES


def _copies(name: str, kernels: int = 3, slower: float = 1.0) -> pd.DataFrame:
    """A table of ``kernels`` copies of one fixture kernel (what analysis_scale.py builds):
    kernels sharing launch configurations are scored in groups, whose results the scorer
    keeps, the path where the cycle was."""
    base, _ = read_sweep(SWEEPS / name)
    parts = []
    for k in range(kernels):
        part = base.copy()
        part["kernel"] = f"copy_{k}"
        part["time_ms"] = part["time_ms"] * (1.0 + 0.01 * k) * slower
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


@pytest.mark.parametrize("name,rule_only", [("matmul_naive.csv", False),
                                            ("matmul_naive.csv", True),
                                            ("vector_reduction.csv", False)])
def test_analysis_leaves_no_cycles(collector_off: None, name: str, rule_only: bool) -> None:
    rules = load_rules_or_fail([])
    table = _copies(name)

    def work() -> None:
        analyze_sweep(table, rules=rules, rule_only=rule_only).to_dict(top=10)

    assert _cyclic_garbage(work) == set()


@pytest.mark.parametrize("name", ["matmul_naive.csv", "profile/profile_16x16.csv"])
def test_small_table_analysis_leaves_no_cycles(collector_off: None, name: str) -> None:
    rules = load_rules_or_fail([])
    path = SWEEPS / name if "/" not in name else ROOT / "fixtures" / "hopper" / name

    def work() -> None:
        df, provenance, sources = load_inputs([path], columns=True)
        analyze_sweep(df, provenance=provenance, sources=sources, rules=rules).to_dict(top=10)

    assert _cyclic_garbage(work) == set()


def test_review_leaves_no_cycles(collector_off: None) -> None:
    a, b = _copies("matmul_naive.csv"), _copies("matmul_naive.csv", slower=1.1)

    def work() -> None:
        review_tables(a, b, jobs=1).to_dict()
        x, _ = load_table(REVIEW / "review_main_matmul.csv")
        y, _ = load_table(REVIEW / "review_pr_matmul.csv")
        review_tables(x, y, jobs=1).to_dict()

    assert _cyclic_garbage(work) == set()
