"""The "faster by X% (estimated)" figure: a ratio of rule scores mapped to a time ratio.

Rule scores are products of preference factors, not time predictions: their ratio overshoots
on some kernels (sgemm, matmul_tiled: 100-200 points) and undershoots on others. The estimate
is therefore a calibrated mapping, ``time ratio ~ score ratio ** exponent``, with one exponent
per confidence level of the estimate (``access_report.confidence``). The shipped exponents are
fitted on the claims of the blind kernels a rule round has looked at
(``validation.claim_exponent_fit``) and scored on the still-blind kernels' claims, which no fit
saw (``docs/validation.md``); ``gpuadvisor.calibration`` still fits them leave-one-kernel-out
on the calibration set (``docs/loko.json``: ``claim_exponents`` per fold and fitted on all),
whose few dozen claims gave the exponents shipped before (high 1.5, medium 0.5).

Where the confidence is low (the access model cannot settle the shape, or the access pattern
is assumed) no figure is given: the comparison says which way the rules lean and that the
shape has to be measured.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

#: Exponent per confidence level: ``validation.claim_exponent_fit`` on the seen blind kernels'
#: claims (tests/test_validation.py keeps them equal; medium rests on a handful of claims).
EXPONENTS: dict[str, float] = {"high": 0.25, "medium": 1.25}
#: Confidence levels that get no figure.
NO_FIGURE = frozenset({"low"})
#: The values the fit chooses from (1.0 = the raw score ratio).
LADDER = (0.25, 0.5, 0.75, 1.0, 1.25, 1.5)

Pair = tuple[float, float, str]  # (pick score / other score, other time / pick time, level)


def estimated_gain(score_ratio: float, confidence: str | None,
                   exponents: Mapping[str, float] | None = None) -> float | None:
    """How much faster (percent) the pick is estimated to be; None: no figure at this
    confidence."""
    if confidence in NO_FIGURE or score_ratio <= 0:
        return None
    exponent = (EXPONENTS if exponents is None else exponents).get(confidence or "medium", 1.0)
    return (score_ratio ** exponent - 1.0) * 100.0


def claim_error(pair: Pair, exponents: Mapping[str, float] | None = None) -> float | None:
    """|estimated - measured| percentage points; None where no figure is claimed."""
    score_ratio, time_ratio, level = pair
    estimate = estimated_gain(score_ratio, level, exponents)
    if estimate is None:
        return None
    return abs(estimate - (time_ratio - 1.0) * 100.0)


def raw_error(pair: Pair) -> float:
    """The error of the unmapped estimate (score ratio - 1), every claim made."""
    return abs((pair[0] - 1.0) * 100.0 - (pair[1] - 1.0) * 100.0)


def fit_exponents(pairs: Iterable[Pair], ladder: Sequence[float] = LADDER) -> dict[str, float]:
    """Per confidence level with a figure, the ladder value with the lowest mean claim error
    on ``pairs`` (ties and levels without claims: the value closest to 1, the raw ratio)."""
    pairs = list(pairs)
    out: dict[str, float] = {}
    for level in ("high", "medium"):
        here = [(s, t) for s, t, lev in pairs if lev == level]
        if not here:
            out[level] = 1.0
            continue

        def mean_error(a: float, here: list[tuple[float, float]] = here) -> float:
            return sum(abs((s ** a - t) * 100.0) for s, t in here) / len(here)

        out[level] = min(ladder, key=lambda a: (round(mean_error(a), 9), abs(a - 1.0)))
    return out
