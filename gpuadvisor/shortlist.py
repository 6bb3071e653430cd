"""The few shapes to time after a rule-only ranking (issue 11).

From one profile the rules often rank the best shape second or third rather than first (their
scores of nearby shapes differ by a few percent, within the model's error). Timing a few of the
rules' shapes, without profiling them, and keeping the fastest costs a few launches and recovers
most of those misses; ``docs/validation.md`` measures how many on the blind sets.

The list hedges across block aspects. One profile often cannot tell which way a 2-D kernel's
addresses run (a gather and a transposed index look alike at 32x8: see the access model), and
the rules' next shapes are usually the pick's neighbours (64x4 after 32x8), which share its
fate. So after the pick come the best-ranked shape of each other aspect family (rows: y = 1;
wide; square; tall; 3-D), in ranking order, and then the ranking's next shapes. A ranking of
1-D blocks only is listed in its own order. A shape is listed once whatever its cache
configurations.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Shapes the note asks to time.
SHORTLIST_SIZE = 4


def aspect_family(block: tuple[int, int, int]) -> str:
    """Which way a block stretches: ``rows`` (one row of threads), ``wide`` (x at least twice
    y), ``square``, ``tall`` (y at least twice x) or ``3-d``."""
    x, y, z = block
    if z > 1:
        return "3-d"
    if y == 1:
        return "rows"
    if x >= 2 * y:
        return "wide"
    return "tall" if y >= 2 * x else "square"


def shortlist(blocks: Iterable[tuple[int, int, int]], size: int = SHORTLIST_SIZE + 1
              ) -> list[tuple[int, int, int]]:
    """``size`` distinct block shapes of a ranking (by default one more than the note lists,
    to tell whether the ranking holds more): its first, then the first of each other aspect
    family, then its next ones; in ranking order where every block is one row of threads."""
    distinct = list(dict.fromkeys(blocks))
    if all(aspect_family(b) == "rows" for b in distinct):
        return distinct[:size]
    out = distinct[:1]
    families = {aspect_family(b) for b in out}
    for block in distinct[1:]:
        if len(out) == size:
            return out
        if (family := aspect_family(block)) not in families:
            out.append(block)
            families.add(family)
    out += [b for b in distinct if b not in out][:size - len(out)]
    return out


def shape_text(block: tuple[int, int, int]) -> str:
    """``32x8`` (``8x8x4`` where z > 1), as ``tune --shapes`` reads it."""
    x, y, z = block
    return f"{x}x{y}" + (f"x{z}" if z > 1 else "")


def shortlist_note(kernel: str, blocks: list[tuple[int, int, int]],
                   size: int = SHORTLIST_SIZE) -> str | None:
    """The note a rule-only analysis ends with, from :func:`shortlist` of one more than
    ``size`` shapes; None when the ranking holds no more shapes than that (nothing to
    choose)."""
    if len(blocks) <= size:
        return None
    listed = ",".join(shape_text(b) for b in blocks[:size])
    return (f"to confirm the pick, time these {size} shapes and keep the fastest: {listed} "
            f"(e.g. gpuadvisor tune ... --kernel {kernel} --shapes {listed} --no-profile): "
            "the rules' pick, then their best of each other block aspect (rows, wide, square, "
            "tall), as one profile often cannot tell which way the addresses run and the best "
            "shape is often not the pick (docs/validation.md)")
