"""Per-row values that per-kernel readers take a median or a minimum of, over a table's whole
columns at once (issue 13).

``analysis.loads_per_thread``, ``reuse_degree`` and ``profiled_block_time`` each walked a
kernel's rows in Python, computing one value per profiled row; a table of 100,000 rows has
hundreds of kernels. Here each value is computed for every row of the table with NumPy, by the
same IEEE operations in the same order as the row walk (ints below 2**53 convert to floats
exactly, so ``float / int`` is ``float64 / float64``), NaN where the walk skips the row. Where
a table holds cells for which that would not hold (infinite or huge grids and block sizes,
where the walk raises or works with big ints; a NaN the walk would have kept), the functions
return None and the readers walk the rows as before.
"""

from __future__ import annotations

import math
from typing import Any

from gpuadvisor.row_codes import EXACT, float_column


def at_rows(rows: Any, array: Any) -> Any:
    """``array``'s values at a :class:`~gpuadvisor.rows.TableRows`'s rows (a view where they
    are one run of the table)."""
    import numpy as np

    span = rows._span
    if span is not None:
        return array[span[0]:span[1]]
    return array[np.asarray(rows.index, dtype=np.int64)]


def launches(table: Any) -> dict[str, Any] | None:
    """Per row, as ``analysis._launch`` reads it: ``blocks`` launched (int64; the grid as
    ``analysis._grid`` parses it, 0 without one), ``size`` (the block size, NaN where it
    is missing or 0), ``sized`` (a grid and a size) and ``ok`` (and blocks > 0); None where
    a grid or a block size is infinite or too large for exact int64 and float64
    arithmetic."""
    return table.memo("kernel_columns.launches", _launches)  # type: ignore[no-any-return]


def _launches(table: Any) -> dict[str, Any] | None:
    import numpy as np

    gx, gy, gz, size = (float_column(table, name)
                        for name in ("grid_x", "grid_y", "grid_z", "block_size"))
    with np.errstate(invalid="ignore"):
        if any(bool((np.abs(a) >= EXACT).any()) for a in (gx, gy, gz, size)):
            return None
    has_grid = ~np.isnan(gx)

    def axis(values: Any, default: float) -> Any:  # int(v or default), NaN read as None
        falsy = np.isnan(values) | (values == 0)
        return np.where(falsy, default, np.trunc(np.where(falsy, 0.0, values)))

    g0 = np.trunc(np.where(has_grid, gx, 0.0))
    g1, g2 = axis(gy, 1.0), axis(gz, 1.0)
    with np.errstate(over="ignore", invalid="ignore"):
        if not (np.abs(g0 * g1 * g2) < 2.0**52).all():
            return None
    blocks = np.where(has_grid, g0.astype(np.int64) * g1.astype(np.int64)
                      * g2.astype(np.int64), 0)
    size = np.where(size == 0, np.nan, size)  # ``not size``: None, NaN or 0
    sized = has_grid & ~np.isnan(size)  # a grid and a block size
    return {"blocks": blocks, "size": size, "sized": sized, "ok": sized & (blocks > 0)}


def loads_per_warp(table: Any) -> Any:
    """``analysis.loads_per_thread``'s value of each row: L1 global load requests per
    launched warp (NaN where it skips the row); None where :func:`launches` is."""
    return table.memo("kernel_columns.loads_per_warp", _loads_per_warp)


def _loads_per_warp(table: Any) -> Any:
    import numpy as np

    launch = launches(table)
    if launch is None:
        return None
    requests = float_column(table, "l1_global_load_requests")
    size = launch["size"]
    whole = np.trunc(np.where(np.isnan(size), 0.0, size)).astype(np.int64)
    per_block = -(-whole // 32)  # ceil(int(size) / 32)
    if not (np.abs(launch["blocks"].astype(np.float64) * per_block) < 2.0**52).all():
        return None
    warps = launch["blocks"] * per_block
    use = ~np.isnan(requests) & launch["sized"] & (warps > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(use, requests / warps.astype(np.float64), np.nan)


def per_thread_time(table: Any) -> Any:
    """``analysis.profiled_block_time``'s value of each row: the profiler's duration per
    launched thread (NaN where it skips the row: no positive duration or no launch); None
    where :func:`launches` is, or where a row it keeps would divide to NaN."""
    return table.memo("kernel_columns.per_thread_time", _per_thread_time)


def _per_thread_time(table: Any) -> Any:
    import numpy as np

    launch = launches(table)
    if launch is None:
        return None
    duration = float_column(table, "duration_ms")
    with np.errstate(invalid="ignore"):
        use = (duration > 0) & launch["ok"]  # NaN > 0: False
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        values = duration / (launch["blocks"].astype(np.float64) * launch["size"])
    if np.isnan(values[use]).any():  # the walk compares NaN with < : left to it
        return None
    return np.where(use, values, np.nan)


def dram_reuse(table: Any) -> Any:
    """``analysis.reuse_degree``'s value of each row: bytes L1 served global loads per byte
    moved to or from DRAM (NaN where it skips the row: no sectors or no positive bytes read);
    None where a row it keeps would divide to NaN (its sort would then order by position) or
    by zero (bytes written cancelling those read: it raises)."""
    return table.memo("kernel_columns.dram_reuse", _dram_reuse)


def _dram_reuse(table: Any) -> Any:
    import numpy as np

    sectors, read, write = (float_column(table, name) for name in (
        "l1_global_load_sectors", "dram_bytes_read", "dram_bytes_write"))
    with np.errstate(invalid="ignore"):
        use = ~np.isnan(sectors) & (read > 0)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        moved = read + np.where(np.isnan(write), 0.0, write)
        values = 32.0 * sectors / moved
    if np.isnan(values[use]).any() or (moved[use] == 0).any():  # the walk: NaN, or raises
        return None
    return np.where(use, values, np.nan)


def constant_wait_shares(table: Any) -> Any:
    """``analysis.constant_cache_waits``'s share of each row: stalled warp cycles waiting on
    the immediate constant cache over the sum of the row's ``ncu_stall_*`` columns, summed in
    the table's column order as the walk sums them (NaN where it skips the row: no positive
    wait or no block size); None where a kept row's sum is 0 (the walk raises) or its share
    is NaN (an infinite stall: the walk's ``max`` then depends on the order)."""
    return table.memo("kernel_columns.constant_wait_shares", _constant_wait_shares)


def _constant_wait_shares(table: Any) -> Any:
    import numpy as np

    waits, sizes = float_column(table, "ncu_stall_imc_miss"), float_column(table, "block_size")
    with np.errstate(invalid="ignore"):
        keep = (waits > 0) & ~np.isnan(sizes) & (sizes != 0)
    if not keep.any():
        return np.full(len(waits), np.nan)
    total = np.zeros(len(waits))
    for key in [k for k in table if k.startswith("ncu_stall_")]:
        column = float_column(table, key)
        total = total + np.where(np.isnan(column), 0.0, column)
    with np.errstate(divide="ignore", invalid="ignore"):
        shares = waits / total
    if (total[keep] == 0).any() or np.isnan(shares[keep]).any():
        return None
    return np.where(keep, shares, np.nan)


def loads_absent(table: Any) -> tuple[Any, Any]:
    """``analysis.no_loads``'s reading of each row: whether it counted global loads at all
    (requests or sectors), and ``characterize.loads_absent_each`` (zero requests, or without
    a request count zero sectors and zero sectors per request)."""
    return table.memo("kernel_columns.loads_absent", _loads_absent)  # type: ignore[no-any-return]


def _loads_absent(table: Any) -> tuple[Any, Any]:
    import numpy as np

    requests, sectors, per_request = (float_column(table, name) for name in (
        "l1_global_load_requests", "l1_global_load_sectors", "sectors_per_request"))
    has_requests, has_sectors = ~np.isnan(requests), ~np.isnan(sectors)
    absent = np.where(has_requests, requests == 0,
                      has_sectors & (sectors == 0) & (per_request == 0))
    return has_requests | has_sectors, absent


def idle_lanes(table: Any, codes: tuple[list[int], list[int]] | None, perimeter: Any,
               warp: int) -> tuple[Any, Any] | None:
    """``analysis.divergence``'s points of each row: the warp patch perimeter of its block
    (``perimeter(bx, by, bz, warp)``, worked out once per distinct shape and grid, ``codes``:
    ``row_codes.shape_codes``) and the lanes a warp instruction left idle beyond a partial
    last warp (NaN where the row walk skips the row: no counter, no block_x, a grid of one
    row of blocks). None without codes, or where the walk raises at a kept row (a block of no
    threads divides by zero)."""
    if codes is None:
        return None
    return table.memo(f"kernel_columns.idle_lanes.{warp}",  # type: ignore[no-any-return]
                      lambda t: _idle_lanes(t, codes, perimeter, warp))


def _idle_lanes(table: Any, codes: tuple[list[int], list[int]], perimeter: Any,
                warp: int) -> tuple[Any, Any] | None:
    import numpy as np

    bxs, gys, bys, bzs = (table.floats(name) for name in (
        "block_x", "grid_y", "block_y", "block_z"))

    def point(i: int) -> tuple[float, float]:  # (perimeter, full lanes); NaN: skipped
        bx, gy = bxs[i], gys[i]
        if not bx or (gy or 1) <= 1:
            return math.nan, math.nan
        try:
            block = (int(bx), int(bys[i] or 1), int(bzs[i] or 1))
            size = block[0] * block[1] * block[2]
            return perimeter(*block, warp), warp * size / (warp * -(-size // warp))
        except Exception:  # noqa: BLE001 - where the walk raises, rows with lanes take it
            return math.nan, -math.inf

    code, first = codes
    per_code = np.array([point(row) for row in first], dtype=np.float64).reshape(-1, 2)
    at = np.asarray(code, dtype=np.int64)
    perimeters, full = per_code[at, 0], per_code[at, 1]
    lanes = float_column(table, "threads_per_warp_instruction")
    kept = ~np.isnan(lanes) & ~np.isnan(full)
    if np.isinf(full[kept]).any():
        return None
    return np.where(kept, perimeters, np.nan), np.where(kept, full - lanes, np.nan)
