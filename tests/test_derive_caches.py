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


def test_launch_values_are_shared_but_each_row_gets_its_own_dict_and_lists():
    """derive's launch part (twelfth speed pass) is remembered per launch: two kernels with
    the same launch but different fitted access models get the same launch values, each its
    own access values, and dicts and lists of their own (changing one row's leaves the
    cache and the other row alone)."""
    import pandas as pd

    from gpuadvisor.access_model import fit_kernel
    from gpuadvisor.paths import fixtures_dir
    from gpuadvisor.rules.context import KernelInfo, derive

    arch = get_arch("sm_90")
    rows = pd.read_csv(fixtures_dir() / "hopper" / "full-ncu" / "matmul_naive.csv",
                       comment="#").to_dict("records")
    fitted = fit_kernel(rows, rows[0])
    plain = KernelInfo("a", registers_per_thread=32, domain=(4096, 4096, 1))
    modelled = KernelInfo("b", registers_per_thread=32, domain=(4096, 4096, 1),
                          measured_access=fitted)
    a = derive(arch, plain, (16, 16, 1), "default", 132, None)
    b = derive(arch, modelled, (16, 16, 1), "default", 132, None)
    again = derive(arch, plain, (16, 16, 1), "default", 132, None)
    assert a == again and a is not again
    assert a["occupancy"] == b["occupancy"] and a["waves"] == b["waves"]
    assert a["x_contiguous"] is True and list(a) == list(again)
    # the model's values between the geometric ones and the launch's, as one pass placed them
    keys = list(b)
    assert keys.index("x_contiguous") < keys.index("measured_access") < keys.index(
        "useful_bytes_per_warp_load")
    assert b["measured_access"] is True and "measured_access" not in a
    assert b["segments_per_warp"] != a["segments_per_warp"]
    assert {k for k in a if a[k] != b[k]} <= {"segments_per_warp", "ideal_segments_per_warp",
                                              "coalescing_efficiency", "line_efficiency",
                                              "lines_per_warp", "bytes_per_warp_load"}
    a["full_block_sizes"].append(-1)
    a["occupancy"] = -1.0
    fresh = derive(arch, plain, (16, 16, 1), "default", 132, None)
    assert -1 not in fresh["full_block_sizes"] and fresh["occupancy"] != -1.0
    assert -1 not in b["full_block_sizes"]
