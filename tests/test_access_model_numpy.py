"""The NumPy access model (issue 13) against the lane-by-lane reference it replaced."""

from __future__ import annotations

import itertools
import math
import random

import pytest

from gpuadvisor import access_model as am


def _reference_units(x_stride: int, y_stride: int, bx: int, by: int, unit: int,
                     width: int = am.ELEM_BYTES, start: int = 0) -> float:
    """term_units lane by lane, any unit (the sectors reference above at 32 B)."""
    threads = bx * by
    ys = x_stride * bx if y_stride == am.LINEAR else y_stride
    warps = -(-threads // am.WARP)
    total = 0
    for k in range(am.BLOCK_ORIGINS):
        origin = start + (k * bx * x_stride if x_stride < am.FAR else 0)
        for w in range(warps):
            units = set()
            for t in range(w * am.WARP, min(threads, (w + 1) * am.WARP)):
                addr = origin + x_stride * (t % bx) + ys * (t // bx)
                units.update((addr // unit, (addr + width - 1) // unit))
            total += len(units)
    return total / (warps * am.BLOCK_ORIGINS)


def _reference_bytes(t: am.Term, bx: int, by: int) -> float:
    """term_bytes_many lane by lane: the distinct bytes of each warp's accesses, averaged."""
    threads = bx * by
    ys = t.x_stride * bx if t.y_stride == am.LINEAR else t.y_stride
    warps = -(-threads // am.WARP)
    total = 0
    for w in range(warps):
        covered: set[int] = set()
        for lane in range(w * am.WARP, min(threads, (w + 1) * am.WARP)):
            addr = t.start + t.x_stride * (lane % bx) + ys * (lane // bx)
            covered.update(range(addr, addr + t.width))
        total += len(covered)
    return total / warps


def _reference_sectors(x_stride: int, y_stride: int, bx: int, by: int) -> float:
    """term_sectors as it was: every lane of every warp, one at a time."""
    return _reference_units(x_stride, y_stride, bx, by, am.SECTOR_BYTES)


def _reference_fit(profiles: list[tuple[int, int, float]]) -> am.Fit:
    """fit as it was: every model checked with AccessModel.sectors."""
    prof = tuple((int(bx), int(by), float(s)) for bx, by, s in profiles if s == s and s > 0)
    if not prof:
        return am.Fit(prof, None, ())
    consistent = [m for m in (am.AccessModel(((1.0, t),)) for t in am.PLAIN_TERMS)
                  if am._fits(m, prof)]
    if not consistent:
        for a, b in itertools.combinations(am.PLAIN_TERMS, 2):
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
    for t in am.PLAIN_TERMS[::5]:  # profiles a single term reproduces
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


@pytest.mark.parametrize("unit", [am.SECTOR_BYTES, am.LINE_BYTES])
def test_all_terms_in_one_pass_equal_each_term_lane_by_lane(unit):
    """term_units_many's one NumPy pass (every term at once; a broadcast or far term counted
    at one block origin; aligned accesses counted by their first byte) against the lanes."""
    for bx, by in SHAPES:
        units, distinct = am._units(am.TERMS, bx, by, unit)
        assert units == [_reference_units(t.x_stride, t.y_stride, bx, by, unit, t.width,
                                          t.start) for t in am.TERMS], (bx, by)
        assert distinct == [_reference_bytes(t, bx, by) for t in am.TERMS], (bx, by)


def test_strides_off_the_access_size_count_both_ends_of_an_access():
    """Strides that are no multiple of 4 B put some accesses across a sector boundary: both
    sectors count (the aligned shortcut must not be taken)."""
    terms = tuple(am.Term(x, y) for x, y in (
        (6, am.FAR_Y), (6, 4), (4, 6), (am.FAR, 6), (30, am.FAR_Y), (62, 0)))
    for bx, by in [(32, 8), (12, 12), (16, 16), (3, 5), (64, 4), (1, 1), (2, 1)]:
        got, _distinct = am._units(terms, bx, by, am.SECTOR_BYTES)
        assert got == [_reference_units(t.x_stride, t.y_stride, bx, by, am.SECTOR_BYTES)
                       for t in terms]
    # one thread 30 B on per block: the fourth block's access, bytes 90-93, spans sectors 2
    # and 3 (the first three stay in one sector): 5 sectors over 4 blocks, not 4
    assert am._units((am.Term(30, am.FAR_Y),), 1, 1, am.SECTOR_BYTES)[0] == [1.25]


def _reference_shapes_to_measure(f: am.Fit, candidates, limit=3):
    """Fit.shapes_to_measure as it was: every model summed in Python per candidate."""
    profiled = {(bx, by) for bx, by, _ in f.profiles}
    models = list(f.consistent)
    picked = []
    while len(picked) < limit and len(models) > 1:
        best, best_spread = None, 1 + am.AGREE_TOLERANCE
        for shape in candidates:
            if shape in profiled or shape in picked:
                continue
            values = [m.sectors(*shape) for m in models]
            spread = max(values) / max(min(values), 1e-9)
            if spread > best_spread:
                best, best_spread = shape, spread
        if best is None:
            break
        picked.append(best)
        target = f.chosen.sectors(*best) if f.chosen else 0.0
        models = [m for m in models if am._close(m.sectors(*best), target, am.AGREE_TOLERANCE)]
    return picked


def test_every_models_sectors_and_the_shapes_to_measure_equal_the_model_by_model_sums():
    """Fit.model_sectors (one pass per shape over every consistent model) and the greedy
    shapes_to_measure on it against AccessModel.sectors per model: a profile leaving 426
    models (blind set 21's semilag_advect at 32x8), one leaving a few, single terms."""
    from gpuadvisor.space import seed_shapes

    candidates = [(bx, by) for bx, by, _bz in seed_shapes(2, max_threads=1024)]
    cases = [[(32, 8, 14.46)], [(32, 8, 4.0)], [(32, 8, 2.5), (1, 1024, 16.5)],
             [(16, 16, 8.0)], [(256, 1, 9.5)], [(32, 8, 32.0), (8, 32, 32.0)]]
    for profiles in cases:
        f = am.fit(profiles)
        assert f.chosen is not None
        for shape in candidates + [(33, 31), (1, 1)]:
            values = f.model_sectors(*shape)
            assert values.tolist() == [m.sectors(*shape) for m in f.consistent]
            p = f.predict(*shape)
            low, high = min(values.tolist()), max(values.tolist())
            open_ = high > low * (1 + am.AGREE_TOLERANCE)
            assert (p.sectors, p.low, p.high) == (
                high if f.hedged and open_ else f.chosen.sectors(*shape), low, high)
        assert f.shapes_to_measure(candidates) == _reference_shapes_to_measure(f, candidates)
    assert len(am.fit(cases[0]).consistent) == 426
    assert am.fit(cases[0]).shapes_to_measure(candidates) == [(1, 32), (4, 8), (2, 4)]
