"""How far a kernel's profiled memory access lies from every calibration kernel's.

Issue 11 asks rule-only advice to say when a profile shows a pattern no calibration kernel had.
The rules' large misses come from memory access read wrongly, so a profile is placed by three
numbers at its profiled launch: the load and store efficiency (ideal sectors over measured
sectors per request) and the L1 hit rate. The calibration kernels' places are kept in
``data/calibration_profiles.json``, written by ``python -m gpuadvisor.validation``. A profile is
*unlike the calibration set* when its nearest calibration kernel is farther than
:data:`QUANTILE` of the calibration kernels are from their nearest kernel of another family.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuadvisor import data_json
from gpuadvisor.access_model import ideal_sectors
from gpuadvisor.numbers import float_or_none
from gpuadvisor.shapes import Shape, format_shape

FEATURES = ("load_efficiency", "store_efficiency", "l1_hit_rate")
#: The share of calibration kernels whose nearest kernel of another family lies within the
#: threshold: a profile farther than that from all of them is called unlike the set.
QUANTILE = 0.75
REFERENCE = Path(__file__).parent / "data" / "calibration_profiles.json"


def _block(row: Mapping[str, Any]) -> Shape:
    x, y, z = (int(float_or_none(row.get(axis)) or 1) for axis in ("block_x", "block_y",
                                                                   "block_z"))
    return x, y, z


def signature(row: Mapping[str, Any]) -> dict[str, float]:
    """The features a profiled row has (a missing counter leaves its feature out)."""
    x, y, z = _block(row)
    ideal = ideal_sectors(x * y * z)
    out: dict[str, float] = {}
    for name, column in (("load_efficiency", "sectors_per_request"),
                         ("store_efficiency", "store_sectors_per_request")):
        sectors = float_or_none(row.get(column))
        if sectors is not None and sectors > 0:
            out[name] = min(1.0, ideal / sectors)
    hit = float_or_none(row.get("l1_hit_rate"))
    if hit is not None:
        out["l1_hit_rate"] = min(1.0, max(0.0, hit / 100.0))
    return out


def distance(a: Mapping[str, float], b: Mapping[str, float]) -> float | None:
    """Euclidean over the features both have, scaled to all of them (None: none shared)."""
    shared = [f for f in FEATURES if f in a and f in b]
    if not shared:
        return None
    return math.sqrt(sum((a[f] - b[f]) ** 2 for f in shared) * len(FEATURES) / len(shared))


def reference_document(kernels: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The reference file's content from the calibration kernels' ``{"kernel", "family",
    "fixture", "signature"}``: they, and the threshold their own distances give."""
    nearest = []
    for k in kernels:
        ds = [d for other in kernels if other["family"] != k["family"]
              if (d := distance(k["signature"], other["signature"])) is not None]
        if ds:
            nearest.append(min(ds))
    nearest.sort()
    threshold = nearest[min(len(nearest) - 1, math.ceil(QUANTILE * len(nearest)) - 1)]
    return {"features": list(FEATURES), "quantile": QUANTILE, "threshold": round(threshold, 6),
            "kernels": [dict(k) for k in kernels]}


@dataclass(frozen=True)
class Novelty:
    """Where one profile lies against the calibration kernels."""

    signature: dict[str, float]
    shape: str  # the profiled launch's block
    nearest: str
    distance: float
    threshold: float

    @property
    def novel(self) -> bool:
        return self.distance > self.threshold

    def note(self) -> str:
        measured = ", ".join(f"{_WORDS[f]} {self.signature[f]:.0%}" for f in FEATURES
                             if f in self.signature)
        shape = self.shape
        if self.novel:
            return (f"profile unlike the calibration set: at {shape} {measured}; the nearest "
                    f"calibration kernel, {self.nearest}, is {self.distance:.2f} away, beyond "
                    f"{self.threshold:.2f} ({QUANTILE:.0%} of calibration kernels have one of "
                    "another family closer): the rules were not fitted on an access like "
                    "this, so time the shortlist")
        return (f"profile like the calibration set's: at {shape} {measured}; nearest "
                f"calibration kernel {self.nearest} ({self.distance:.2f} away, within "
                f"{self.threshold:.2f})")


_WORDS = {"load_efficiency": "load efficiency", "store_efficiency": "store efficiency",
          "l1_hit_rate": "L1 hit rate"}


def _reference() -> dict[str, Any] | None:
    return data_json.load(REFERENCE)


def assess(row: Mapping[str, Any]) -> Novelty | None:
    """The profiled row against the calibration kernels (None: no reference file, or the row
    has none of the features)."""
    ref = _reference()
    sig = signature(row)
    if ref is None or not sig:
        return None
    best: tuple[float, str] | None = None
    for k in ref["kernels"]:
        d = distance(sig, k["signature"])
        if d is not None and (best is None or d < best[0]):
            best = (d, k["kernel"])
    if best is None:
        return None
    return Novelty(sig, format_shape(_block(row)), best[1], best[0], float(ref["threshold"]))
