"""The few shapes to time after a rule-only ranking (issue 11).

From one profile the rules often rank the best shape second or third rather than first (their
scores of nearby shapes differ by a few percent, within the model's error). Timing the rules'
first few distinct block shapes, without profiling them, and keeping the fastest costs a few
launches and recovers most of those misses; ``docs/validation.md`` measures how many on the
blind sets. A shape is listed once whatever its cache configurations.
"""

from __future__ import annotations

from collections.abc import Iterable

#: Shapes the note asks to time.
SHORTLIST_SIZE = 4


def shortlist(blocks: Iterable[tuple[int, int, int]], size: int = SHORTLIST_SIZE + 1
              ) -> list[tuple[int, int, int]]:
    """The first ``size`` distinct block shapes of a ranking, in its order (by default one
    more than the note lists, to tell whether the ranking holds more)."""
    out: list[tuple[int, int, int]] = []
    for block in blocks:
        if block not in out:
            out.append(block)
            if len(out) == size:
                break
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
    return (f"to confirm the pick, time the rules' top {size} shapes and keep the "
            f"fastest: {listed} (e.g. gpuadvisor tune ... --kernel {kernel} --shapes {listed} "
            "--no-profile); from one profile the best shape is often the rules' second or "
            "third (docs/validation.md)")
