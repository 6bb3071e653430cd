"""The remembered pieces of ``derive`` (tenth speed pass) against the computations they keep."""

from __future__ import annotations

import math
import random

from gpuadvisor.access_model import KernelAccess, nearest_octaves
from gpuadvisor.arch import get_arch
from gpuadvisor.occupancy import occupancy
from gpuadvisor.rules.context import occupancy_of


def _walk(measured, bx, by):
    return min(((abs(math.log2(bx / mx)), abs(math.log2(by / my))) for mx, my in measured),
               key=lambda o: (o[0] + o[1], o[0]))


def test_nearest_octaves_per_measured_set():
    rng = random.Random(10)
    sizes = [1, 2, 3, 4, 8, 12, 16, 24, 32, 64, 128, 256, 512, 1024]
    sets = [tuple(sorted({(rng.choice(sizes), rng.choice(sizes))
                          for _ in range(rng.randint(1, 9))}))
            for _ in range(40)]
    sets.append(((16, 16), (32, 8), (8, 32)))  # ties in the sum: the first in order is kept
    for _ in range(3):  # again, from the cache, with the sets in another order
        rng.shuffle(sets)
        for measured in sets:
            access = KernelAccess(None, None, 1.0, measured)
            for bx in sizes:
                for by in sizes:
                    want = _walk(measured, bx, by)
                    assert nearest_octaves(measured, bx, by) == want
                    assert access.extrapolation_octaves(bx, by) == want
                    assert access.extrapolation_octaves(float(bx), by) == _walk(measured,
                                                                                 float(bx), by)


def test_occupancy_of_per_key():
    rng = random.Random(11)
    keys = []
    for name in ("sm_90", "sm_80", "sm_70", "sm_35", "sm_20"):
        arch = get_arch(name)
        for _ in range(60):
            block = (rng.choice([1, 8, 16, 32, 64, 128, 256, 512, 1024]),
                     rng.choice([1, 2, 4, 8]), 1)
            keys.append((arch, block, rng.choice([0, 16, 32, 40, 64, 128, 255]),
                         rng.choice([0, 1024, 16384, 49152]), None, None))
    for _ in range(2):
        rng.shuffle(keys)
        for arch, block, regs, smem, carveout, cfg in keys:
            want = occupancy(arch, block, regs, smem, 0, carveout, cache_config=cfg)
            assert occupancy_of(arch, block, regs, smem, carveout, cfg) == want
