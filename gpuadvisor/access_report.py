"""Sentences about the fitted access model: what it rests on, how sure it is, what to measure."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from gpuadvisor.access_model import Fit, KernelAccess


def _shape(bx: int, by: int) -> str:
    return f"{bx}x{by}"


def _measured(f: Fit) -> str:
    """The counters the model was fitted on: sectors per request, and the efficiency where the
    models were held to it."""
    efficiencies = f.efficiencies or (None,) * len(f.profiles)
    return ", ".join(
        f"{s:.3g} sectors/request" + (f" and {e:.3g}% efficiency" if e is not None else "")
        + f" at {_shape(bx, by)}" for (bx, by, s), e in zip(f.profiles, efficiencies, strict=True))


def access_notes(access: KernelAccess | None, rows: Sequence[Mapping[str, Any]],
                 advise_measuring: bool,
                 shapes: Sequence[tuple[int, int]] | None = None) -> list[str]:
    """One note per modelled side (loads, stores), plus the shapes that would settle it.

    ``shapes``: the (x, y) shapes the kernel can be launched with, where that is narrower than
    the seeds' 2-D grid (a 1-D kernel, or the user's ``--shapes``): a direction no such shape
    moves along needs no settling, and only such shapes are proposed."""
    if access is None:
        return []
    from gpuadvisor.space import seed_shapes

    candidates = (sorted(set(shapes)) if shapes is not None
                  else [(bx, by) for bx, by, _bz in seed_shapes(2, max_threads=1024)])
    notes = []
    to_measure: list[tuple[int, int]] = []
    stores = ("stores (read from its global atomics and reductions: no plain store was "
              "measured)" if access.stores_from_atomics else "stores")
    for side, f in (("loads", access.loads), (stores, access.stores)):
        if f is None or f.chosen is None:
            continue
        if f.code == "only":
            notes.append(f"access model ({side}): {f.chosen.describe()}; from the code alone "
                         "(no sectors per request were measured): confidence medium")
            continue
        unsettled = _shapes_to_measure(f, tuple(candidates))
        confidence = "high" if not unsettled else "low"
        fits = {"exact": "model(s) fit; the code's addresses chose this one",
                "preferred": "model(s) fit; chosen among those made of the code's terms (its "
                             "data-dependent or non-affine accesses leave the others open)",
                "nearest": "model(s) fit, none made of the code's terms only: the nearest "
                           "to them chosen"}.get(f.code, "model(s) fit")
        text = (f"access model ({side}): {f.chosen.describe()}; from measured {_measured(f)}; "
                f"{len(f.consistent)} {fits}; confidence {confidence}")
        if unsettled and f.code == "exact":
            text += (" (by the counters: the code settles the direction, not how much "
                     "each shape costs)")
        elif unsettled:
            along = ("x" if all(by == 1 for _bx, by in unsettled)
                     else "y" if all(bx >= 32 for bx, _, _ in f.profiles) else "x and y")
            text += f" (these profiles cannot settle how addresses move along {along})"
            to_measure.extend(s for s in unsettled if s not in to_measure)
        if unsettled and f.transposed_output:
            text += ("; the stores step rows along x and walk the elements along y, so this "
                     "side's row-pitch term is read the same way")
        elif unsettled and f.hedged:
            text += ("; a mix fitted to badly coalesced counters pins neither its terms nor "
                     "their weights, so where the models disagree the rules take the least "
                     "favourable one")
        if f.efficiency_unmatched:
            text += ("; no model of 4-16 B accesses also reproduces the measured efficiency "
                     "(narrower accesses, or an irregular mix), so the sectors alone decided")
        notes.append(text)
    if to_measure and advise_measuring:
        shapes = ",".join(_shape(*s) for s in to_measure[:4])
        notes.append(f"to settle the access model, measure {shapes} (e.g. gpuadvisor tune with "
                     "--max-configs on those shapes) and analyze again")
    return notes


@functools.lru_cache(maxsize=256)
def _shapes_to_measure(f: Fit, candidates: tuple[tuple[int, int], ...]
                       ) -> list[tuple[int, int]]:
    """Remembered: the kernels of a table often share their fitted model (callers copy)."""
    return f.shapes_to_measure(list(candidates))


def confidence(context: Mapping[str, Any]) -> str:
    """How sure a rule-only estimate at one configuration is about memory access.

    high: the counter-fitted access model predicts this shape and every model consistent with
    the profiles agrees; low: they disagree here, or nothing was measured and the access
    pattern is assumed; medium: the pattern comes from a manifest, the table, --access or the
    code (--ptx) but no sectors per request were measured.
    """
    derived = context.get("derived", {})
    if derived.get("access_from_code"):  # the code's pattern, as a manifest declares one
        return "medium"
    if derived.get("measured_access"):
        return "high" if derived.get("access_settled") else "low"
    source = context.get("kernel", {}).get("access_source", "assumed")
    return "low" if source == "assumed" else "medium"


def weakest(*levels: str) -> str:
    order = ("low", "medium", "high")
    return min(levels, key=order.index)
