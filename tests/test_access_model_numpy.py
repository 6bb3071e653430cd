"""The NumPy access model (issue 13) against the lane-by-lane reference it replaced."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from gpuadvisor import access_model as am


def _reference_sectors(x_stride: int, y_stride: int, bx: int, by: int) -> float:
    """term_sectors as it was: every lane of every warp, one at a time."""
    threads = bx * by
    if threads <= 0 or bx <= 0:
        return 0.0
    ys = x_stride * bx if y_stride == am.LINEAR else y_stride
    warps = -(-threads // am.WARP)
    total = 0
    for k in range(am.BLOCK_ORIGINS):
        origin = k * bx * x_stride if x_stride < am.FAR else 0
        for w in range(warps):
            sectors = set()
            for t in range(w * am.WARP, min(threads, (w + 1) * am.WARP)):
                addr = origin + x_stride * (t % bx) + ys * (t // bx)
                sectors.add(addr // am.SECTOR_BYTES)
                sectors.add((addr + am.ELEM_BYTES - 1) // am.SECTOR_BYTES)
            total += len(sectors)
    return total / (warps * am.BLOCK_ORIGINS)


def _reference_fit(profiles: list[tuple[int, int, float]]) -> am.Fit:
    """fit as it was: every model checked with AccessModel.sectors."""
    prof = tuple((int(bx), int(by), float(s)) for bx, by, s in profiles if s == s and s > 0)
    if not prof:
        return am.Fit(prof, None, ())
    consistent = [m for m in (am.AccessModel(((1.0, t),)) for t in am.TERMS)
                  if am._fits(m, prof)]
    if not consistent:
        for a, b in itertools.combinations(am.TERMS, 2):
            for w in am.WEIGHTS:
                m = am.AccessModel(((w, a), (round(1 - w, 2), b)))
                if am._fits(m, prof):
                    consistent.append(m)
    if not consistent:
        return am.Fit(prof, None, ())
    consistent.sort(key=am._prior_cost)
    return am.Fit(prof, consistent[0], tuple(consistent))


SHAPES = [(1, 1), (3, 5), (12, 12), (16, 16), (32, 8), (8, 32), (24, 3), (64, 4),
          (100, 3), (256, 1), (1, 256), (1024, 1), (33, 31)]


def test_term_sectors_equals_reference():
    for (x, y), (bx, by) in itertools.product(itertools.product(am.X_STRIDES, am.Y_STRIDES),
                                              SHAPES):
        assert am.term_sectors(x, y, bx, by) == _reference_sectors(x, y, bx, by)


def test_fit_equals_reference():
    rng = random.Random(13)
    shapes = [(32, 8), (16, 16), (8, 32), (64, 4), (4, 64), (12, 12)]
    cases = []
    for t in am.TERMS[::5]:  # profiles a single term reproduces
        cases.append([(bx, by, am.term_sectors(t.x_stride, t.y_stride, bx, by))
                      for bx, by in rng.sample(shapes, 2)])
    for _ in range(12):  # and noisy or mixed ones
        cases.append([(bx, by, rng.choice([2, 3.1, 4.25, 5, 8, 9.5, 16, 20.5, 32]))
                      for bx, by in rng.sample(shapes, rng.randint(1, 3))])
    for profiles in cases:
        assert am.fit(profiles) == _reference_fit(profiles)


def _warp_transactions_by_thread(bx, by, bz, elem, unit, warp):
    """The seeds' counting, thread by thread: per block-origin offset and per warp, the
    distinct rows, the distinct (row, unit) transactions and the fewest that could do."""
    size, row_bytes = bx * by * bz, bx * elem
    period = unit // math.gcd(row_bytes, unit) if row_bytes % unit else 1
    rows = trans = ideal = n = 0
    for k in range(period):
        offset = (k * row_bytes) % unit
        for start in range(0, size, warp):
            lanes = range(start, min(start + warp, size))
            rows += len({t // bx for t in lanes})
            trans += len({(t // bx, (offset + (t % bx) * elem) // unit) for t in lanes})
            ideal += math.ceil(len(lanes) * elem / unit)
            n += 1
    return rows / n, trans / n, ideal / n


@pytest.mark.parametrize("elem,unit", [(4, 32), (4, 128), (8, 32), (1, 128)])
def test_warp_transactions_count_what_each_thread_touches(elem, unit):
    from gpuadvisor.rules.context import warp_transactions

    for bx in (1, 2, 3, 5, 8, 12, 16, 24, 32, 48, 64, 96, 100, 128, 256, 1024):
        for by, bz in ((1, 1), (2, 1), (3, 2), (8, 1), (4, 4)):
            if bx * by * bz > 1024:
                continue
            assert warp_transactions.__wrapped__(bx, by, bz, elem, unit, 32) == pytest.approx(
                _warp_transactions_by_thread(bx, by, bz, elem, unit, 32), abs=1e-12), (bx, by, bz)
