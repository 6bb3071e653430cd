"""The "faster by X% (estimated)" figure: a calibrated mapping of the rule-score ratio."""

from __future__ import annotations

import json

import pytest

from gpuadvisor.calibration import claim_record
from gpuadvisor.claims import (
    EXPONENTS,
    LADDER,
    claim_error,
    estimated_gain,
    fit_exponents,
    raw_error,
)
from gpuadvisor.paths import project_root
from gpuadvisor.validation import CALIBRATION_EXPONENTS


def test_the_estimate_maps_the_score_ratio_per_confidence() -> None:
    assert estimated_gain(1.21, "high", {"high": 0.5}) == pytest.approx(10.0)
    assert estimated_gain(1.21, "medium", {"medium": 1.0}) == pytest.approx(21.0)
    # low confidence: no figure at all
    assert estimated_gain(3.0, "low") is None
    assert claim_error((3.0, 1.5, "low")) is None
    assert raw_error((3.0, 1.5, "low")) == pytest.approx(150.0)


def test_the_fit_picks_the_exponent_that_matches_measured_ratios() -> None:
    # score ratios that overshoot the measured time ratios: time = score ** 0.5
    pairs = [(s, s ** 0.5, "high") for s in (1.2, 1.5, 2.0, 4.0)]
    pairs += [(s, s, "medium") for s in (1.1, 1.3)]
    pairs += [(9.0, 1.0, "low")]  # never a figure, never fitted
    assert fit_exponents(pairs) == {"high": 0.5, "medium": 1.0}
    # no claims at a level: the raw ratio
    assert fit_exponents([]) == {"high": 1.0, "medium": 1.0}


def test_a_kernels_claims_are_scored_with_its_folds_exponents() -> None:
    record = claim_record([(2.0, 1.5, "high"), (2.0, 3.0, "low")], {"high": 0.5})
    assert record["claims_withheld"] == 1
    assert record["claim_errors"] == [pytest.approx(abs(2 ** 0.5 - 1.5) * 100, abs=1e-3)]
    assert record["claim_errors_raw"] == [50.0, 100.0]


def test_the_calibration_sets_fit_is_the_one_shipped_before_the_seen_kernels_fit() -> None:
    # (tests/test_validation.py checks that EXPONENTS are the fit on the seen blind kernels)
    data = json.loads((project_root() / "docs" / "loko.json").read_text())
    assert data["claim_exponents_fitted_on_all"] == CALIBRATION_EXPONENTS
    assert set(EXPONENTS.values()) <= set(LADDER)
