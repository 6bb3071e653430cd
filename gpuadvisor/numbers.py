"""Small numeric helpers shared by the modules that read sweep-table cells."""

from __future__ import annotations

import math
from typing import Any


def finite_or_none(value: Any) -> float | None:
    """``value`` as a float, or None when it is missing, not a number, NaN or infinite.

    Sweep-table cells come back from pandas as numpy scalars, NA, NaN or text; callers that
    compute with them want one answer to "is there a usable number here?".
    """
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return number if math.isfinite(number) else None


def float_or_none(value: Any) -> float | None:
    """``value`` as a float, or None when it is missing, not a number or NaN.

    Unlike :func:`finite_or_none`, infinities stay: the analysis and characterization code
    compares them rather than computing with them.
    """
    try:
        number = float(value)
    except (TypeError, ValueError):
        return None
    return None if math.isnan(number) else number
