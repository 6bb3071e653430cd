"""The values rules see: ``block``, ``grid``, ``arch``, ``board``, ``kernel``, ``metrics``,
``derived``, ``config`` and ``sweep`` — nested dicts of plain numbers and strings.

``derived`` holds what follows from the architecture model and the launch configuration
(warps a row of the block spans, memory transactions per warp-wide load, occupancy from the
calculator, waves and tail), so that rule files state guidance and thresholds while the
arithmetic behind them lives here, once, with its reasoning.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gpuadvisor.arch import Arch, Board, get_arch
from gpuadvisor.kept_results import kept
from gpuadvisor.occupancy import OccupancyResult, occupancy, occupancy_by_block_size

#: Canonical cache configurations of the sweep table and how the occupancy calculator and
#: the caches see them.
OCC_CACHE_CONFIG = {"default": None, "l1_off": None, "prefer_l1": "prefer_l1",
                    "prefer_shared": "prefer_shared"}


@dataclass
class KernelInfo:
    """What is known about a kernel, independent of its launch configuration."""

    name: str
    access: str = "coalesced"  # coalesced | reuse | scattered | random
    access_source: str = "assumed"
    access_evidence: list[str] = field(default_factory=list)
    bound: str | None = None  # memory | compute | latency
    bound_source: str = ""
    bound_evidence: list[str] = field(default_factory=list)
    registers_per_thread: int | None = None
    shared_mem_per_block: int | None = None
    elem_bytes: int = 4
    domain: tuple[int, int, int] | None = None  # threads needed per dimension
    instr_per_region: float | None = None  # Ryoo's Instr/Regions, when known
    extra: dict[str, Any] = field(default_factory=dict)
    # Load/store access model fitted from measured sectors per request (access_model.py).
    measured_access: Any = None

    def to_context(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "access": self.access,
            "access_source": self.access_source,
            "bound": self.bound or "unknown",
            "bound_source": self.bound_source or "unknown",
            "registers_per_thread": self.registers_per_thread,
            "shared_mem_per_block": self.shared_mem_per_block,
            "elem_bytes": self.elem_bytes,
            "instr_per_region": self.instr_per_region,
            "registers_known": self.registers_per_thread is not None,
        }
        if self.domain is not None:
            out["domain_x"], out["domain_y"], out["domain_z"] = self.domain
            out["threads"] = self.domain[0] * self.domain[1] * self.domain[2]
        out.update(self.extra)
        return out


def cache_caches_globals(arch: Arch, cache_config: str) -> bool:
    """Whether global loads go through L1 under this cache configuration."""
    if cache_config == "l1_off" and arch.l1_can_be_disabled:
        return False
    return bool(arch.global_loads_cached_in_l1)


def transaction_bytes(arch: Arch, cache_config: str) -> int:
    """Bytes one memory transaction moves for a warp's load under this configuration.

    Fermi (and Kepler with L1 caching on) fetch whole 128 B cache lines into L1 for cached
    global loads and 32 B segments when L1 is bypassed (seed 000 §III; seed 003 part 2,
    "Caching or Non-caching?"). From Maxwell on, L1/texture and L2 move 32 B sectors whether
    or not L1 caches the load (CUDA C++ Programming Guide, compute capability 5.x+ "Global
    Memory"), so the sector is the unit there.
    """
    line_fill = arch.cache_config_model in ("fermi", "kepler")
    if line_fill and cache_caches_globals(arch, cache_config):
        return arch.cache_line_bytes
    return arch.sector_bytes


@kept("warp-transactions", __file__)
def warp_transactions(bx: int, by: int, bz: int, elem: int, unit: int, warp: int
                      ) -> tuple[float, float, float]:
    """(rows per warp, transactions per warp-wide load, ideal transactions), averaged.

    Thread (x, y, z) of block (i, j) reads element (column i*bx + x, row j*by + y [+ z plane])
    of a row-major array whose rows start on a transaction boundary — the seeds' "usual form
    of coding coalescing" (000 §IV.A). The block's first column sits at byte i*bx*elem, whose
    offset inside a transaction repeats with a short period; the counts are averaged over
    those offsets and over the block's warps.
    """
    import numpy as np

    size = bx * by * bz
    row_bytes = bx * elem
    period = unit // math.gcd(row_bytes, unit) if row_bytes % unit else 1
    offsets = np.array([(k * row_bytes) % unit for k in range(period)], dtype=np.int64)
    warps = math.ceil(size / warp)
    # Every thread at once (this ran thread by thread in Python for each shape): a warp's rows
    # are its distinct (warp, row) pairs, its transactions the distinct (warp, row, unit) ones.
    t = np.arange(size, dtype=np.int64)
    w, x, rest = t // warp, t % bx, t // bx
    n_rest = int(rest.max()) + 1
    rows_total = float(_distinct(w * n_rest + rest)) * len(offsets)
    cols = (offsets[:, None] + x[None, :] * elem) // unit
    n_cols = int(cols.max()) + 1
    keys = ((np.arange(len(offsets))[:, None] * warps + w[None, :]) * n_rest
            + rest[None, :]) * n_cols + cols
    trans_total = float(_distinct(keys))
    lanes = np.minimum(np.arange(1, warps + 1) * warp, size) - np.arange(warps) * warp
    ideal_total = float(sum(math.ceil(int(n) * elem / unit) for n in lanes)) * len(offsets)
    n = len(offsets) * warps
    return rows_total / n, trans_total / n, ideal_total / n


def _distinct(values: Any) -> int:
    """How many distinct values an integer array holds (a sort and a count: ``np.unique``
    hashes, and took most of this module's start-up on one profile's 368 shapes)."""
    import numpy as np

    flat = np.sort(values, axis=None)
    return int(np.count_nonzero(np.diff(flat))) + 1 if flat.size else 0


def warp_perimeter(bx: int, by: int, bz: int, warp: int = 32) -> float:
    """Width + height (in threads) of the patch of a 2-D domain one warp covers: 33 for a
    32 x 1 row, 18 for 16 x 2, 12 for 8 x 4. Where neighbouring threads follow the same
    branch, warps diverge where their patch crosses a region boundary, which is likelier the
    longer the patch's edge (seed 003 part 2, "Control Flow": divergence is per warp)."""
    rows = warp_transactions(bx, by, bz, 4, 128, warp)[0]
    return rows + min(bx * by * bz, warp) / rows


def _occ_args(cache_config: str, arch: Arch) -> tuple[str | None, int | None]:
    if cache_config.startswith("carveout_"):
        pct = int(cache_config.removeprefix("carveout_"))
        return None, pct if arch.cache_config_model == "carveout" else None
    return OCC_CACHE_CONFIG.get(cache_config), None


@functools.lru_cache(maxsize=1 << 16)
def occupancy_of(arch: Arch, block: tuple[int, int, int], regs: int, smem: int,
                 carveout: int | None, cache_config: str | None) -> OccupancyResult:
    """``occupancy(arch, block, regs, smem, 0, carveout, cache_config=cache_config)``,
    remembered: a table's kernels share its shapes and a few register and shared-memory
    counts, and :func:`derive` asked once per candidate row. The result is frozen (its notes
    a tuple); equal keys give equal results (``occupancy`` takes ``int`` of each block
    dimension, and of the counts, which :func:`derive` passes as ints); errors are not kept."""
    return occupancy(arch, block, regs, smem, 0, carveout, cache_config=cache_config)


def derive(arch: Arch, kernel: KernelInfo, block: tuple[int, int, int], cache_config: str,
           sm_count: int | None, grid: tuple[int, int, int] | None,
           registers: int | None = None, shared_mem: int | None = None) -> dict[str, Any]:
    """Every derived value for one launch configuration (see docs/rules/README.md).

    The values that follow from the launch alone (shape, resources, grid and the kernel's
    element size, domain, instruction count and tile) are worked out once per distinct launch
    (:func:`_launch_values`: a table's kernels share their shapes); the counter-fitted access
    prediction, the kernel's own, goes in between, where the one-pass version put it."""
    regs = registers if registers is not None else kernel.registers_per_thread
    smem = shared_mem if shared_mem is not None else kernel.shared_mem_per_block
    tile = kernel.extra.get("block_tile")
    before, after = _launch_values(
        arch, kernel.elem_bytes, kernel.domain, kernel.instr_per_region,
        tuple(tile) if tile else None, block, cache_config, sm_count, grid, regs, smem)
    d = dict(before)
    if kernel.measured_access is not None:
        apply_measured_access(d, kernel.measured_access.derived(*block),
                              before["transaction_bytes"], arch.sector_bytes)
    d.update(after)
    for key in _LIST_VALUES:  # a list of this row's own, not the cached one
        if key in after:
            d[key] = list(after[key])
    return d


#: Derived values that are lists (copied per row out of :func:`_launch_values`' cache).
_LIST_VALUES = ("full_block_sizes", "best_block_sizes")


@functools.lru_cache(maxsize=65536)
def _launch_values(arch: Arch, elem_bytes: int, domain: tuple[int, int, int] | None,
                   instr_per_region: float | None, tile: tuple[Any, ...] | None,
                   block: tuple[int, int, int], cache_config: str, sm_count: int | None,
                   grid: tuple[int, int, int] | None, regs: int | None, smem: int | None
                   ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the values before the access model's, the values after it) of :func:`derive`, from
    what they depend on; callers copy before changing them."""
    return (_before_access(arch, elem_bytes, block, cache_config, regs, smem),
            _after_access(arch, elem_bytes, domain, instr_per_region, tile, block,
                          cache_config, sm_count, grid, regs, smem))


def _before_access(arch: Arch, elem_bytes: int, block: tuple[int, int, int],
                   cache_config: str, regs: int | None, smem: int | None) -> dict[str, Any]:
    bx, by, bz = block
    size = bx * by * bz
    warp = arch.warp_size
    elem = elem_bytes or 4
    d: dict[str, Any] = {}
    if regs is not None:
        d["registers_per_thread"] = int(regs)
    if smem is not None:
        d["shared_mem_per_block"] = int(smem)
    warps = math.ceil(size / warp)
    d["warps_per_block"] = warps
    d["lane_utilization"] = size / (warps * warp)
    d["idle_lanes"] = warps * warp - size
    d["transaction_bytes"] = unit = transaction_bytes(arch, cache_config)
    d["l1_caches_globals"] = cache_caches_globals(arch, cache_config)
    d["columns_per_transaction"] = unit / elem
    d["columns_per_line"] = arch.cache_line_bytes / elem
    d["columns_per_sector"] = arch.sector_bytes / elem
    d["row_bytes"] = bx * elem
    rows, trans, ideal = warp_transactions(bx, by, bz, elem, unit, warp)
    d["rows_per_warp"] = rows
    d["segments_per_warp"] = trans
    d["ideal_segments_per_warp"] = ideal
    d["coalescing_efficiency"] = ideal / trans if trans else 1.0
    # 128 B lines a warp-wide load touches. From Maxwell on the bytes move as 32 B sectors,
    # but L1 still serves a warp's request one 128 B line (tag lookup) at a time, so a warp
    # that straddles rows takes more L1 passes even when every sector is used.
    _rows, lines, ideal_lines = warp_transactions(bx, by, bz, elem, arch.cache_line_bytes, warp)
    d["lines_per_warp"] = lines
    d["ideal_lines_per_warp"] = ideal_lines
    d["line_efficiency"] = ideal_lines / lines if lines else 1.0
    d["bytes_per_warp_load"] = trans * unit
    d["warp_perimeter"] = warp_perimeter(bx, by, bz, warp)
    d["x_contiguous"] = True
    return d


def _after_access(arch: Arch, elem_bytes: int, domain: tuple[int, int, int] | None,
                  instr_per_region: float | None, tile: tuple[Any, ...] | None,
                  block: tuple[int, int, int], cache_config: str, sm_count: int | None,
                  grid: tuple[int, int, int] | None, regs: int | None, smem: int | None
                  ) -> dict[str, Any]:
    bx, by, bz = block
    size = bx * by * bz
    warp = arch.warp_size
    elem = elem_bytes or 4
    warps = math.ceil(size / warp)
    d: dict[str, Any] = {}
    d["useful_bytes_per_warp_load"] = min(size, warp) * elem

    occ_cfg, carveout = _occ_args(cache_config, arch)
    result = occupancy_of(arch, block, int(regs or 0), int(smem or 0), carveout, occ_cfg)
    d["occupancy"] = result.occupancy_pct
    d["blocks_per_sm"] = result.blocks_per_sm
    d["warps_per_sm"] = result.warps_per_sm
    d["threads_per_sm"] = result.threads_per_sm
    d["thread_occupancy"] = 100.0 * result.threads_per_sm / arch.max_threads_per_sm
    d["limited_by"] = result.limited_by
    d["block_limit_warps"] = result.block_limit_warps
    d["block_limit_blocks"] = result.block_limit_blocks
    d["block_limit_registers"] = result.block_limit_registers
    d["block_limit_shared_memory"] = result.block_limit_shared_memory
    d["shared_mem_capacity"] = result.shared_mem_per_sm
    d["launchable"] = result.blocks_per_sm > 0
    d["full_occupancy"] = result.occupancy_pct >= 99.999
    d["registers_assumed"] = regs is None
    # The seeds' divisor reasoning (000 §IV.A): a block size that divides the SM's thread
    # limit and is at least max_threads / max_blocks fills the SM with whole blocks.
    d["min_full_block"] = _round_up(math.ceil(arch.max_threads_per_sm / arch.max_blocks_per_sm),
                                    warp)
    d["divides_max_threads"] = arch.max_threads_per_sm % size == 0
    d["blocks_to_fill_sm"] = arch.max_threads_per_sm / size
    # Registers per thread that would still allow this block's warp-limited residency.
    warp_blocks = min(result.block_limit_warps, arch.max_blocks_per_sm)
    d["registers_for_full"] = _registers_for(arch, warps, warp_blocks)
    if warp_blocks:
        per_block = result.shared_mem_per_sm // warp_blocks - arch.reserved_shared_mem_per_block
        d["shared_mem_for_full"] = max(0, per_block // arch.shared_mem_alloc_unit
                                       * arch.shared_mem_alloc_unit)
    d["full_block_sizes"] = [n for n in range(warp, arch.max_threads_per_block + 1, warp)
                             if arch.max_threads_per_sm % n == 0 and n >= d["min_full_block"]]
    # The best occupancy these resources allow, whatever the cache configuration: the
    # driver's default (the smallest shared capacity that holds the resident blocks on
    # carveout architectures; the largest shared split on Fermi and Kepler) reaches it. Taken
    # per configuration, a configuration that cuts small blocks' residency (prefer_l1's small
    # carveout, 1 KB reserved per block) moved the smallest full-occupancy block up, and the
    # rules reading it then scored the same block differently per configuration.
    best_sizes, best_occ = _best_sizes(arch.name, int(regs or 0), int(smem or 0), None, None)
    d["best_occupancy"] = best_occ
    d["best_block_sizes"] = list(best_sizes)
    if best_sizes:
        d["smallest_best_block"] = best_sizes[0]
        d["largest_best_block"] = best_sizes[-1]
    d["at_best_occupancy"] = bool(best_sizes) and result.occupancy_pct >= best_occ - 1e-6
    l1 = l1_bytes(arch, result.shared_mem_per_sm, result.blocks_per_sm, int(smem or 0))
    if l1 is not None:
        d["l1_bytes"] = l1
        d["l1_bytes_per_thread"] = l1 / arch.max_threads_per_sm
    d.update(tile_values(tile, block))
    # Threads index one column each (000 §IV.A's usual coalesced form) unless the manifest's
    # block tile says a thread computes several (blocktiled kernels load through shared memory
    # with linearized threads, so the block's x-width no longer shapes the warp's loads).
    d["one_column_per_thread"] = d.get("tile_columns", bx) == bx

    # Memory partitions (Fermi partition camping, 000 §VI.D / 001 §III.B).
    if arch.memory_partitions and arch.partition_bytes:
        span = arch.memory_partitions * arch.partition_bytes
        d["partition_span_bytes"] = span
        d["partition_span_columns"] = span // elem

    # Grid, waves and tail (003 part 1 "tile quantization"; 001 §III.A.1 small grids).
    if grid is None and domain is not None:
        grid = (math.ceil(domain[0] / bx), math.ceil(domain[1] / by),
                math.ceil(domain[2] / bz))
    if grid is not None:
        blocks = grid[0] * grid[1] * grid[2]
        d["grid_blocks"] = blocks
        d["threads_launched"] = blocks * size
        if domain is not None:
            needed = domain[0] * domain[1] * domain[2]
            d["tile_efficiency"] = min(1.0, needed / (blocks * size)) if blocks else 1.0
        if sm_count:
            d["sm_count"] = sm_count
            d["sms_used"] = min(blocks, sm_count)
            d["sm_fill"] = min(blocks, sm_count) / sm_count
            if result.blocks_per_sm > 0:
                per_wave = sm_count * result.blocks_per_sm
                waves = blocks / per_wave
                d["blocks_per_wave"] = per_wave
                d["waves"] = waves
                full = math.ceil(waves)
                d["wave_efficiency"] = waves / full if full else 1.0
                d["tail_fraction"] = 1.0 - (waves - math.floor(waves)) if waves % 1 else 0.0

    # Ryoo et al. (004 §4, Eq. 2): warps that can run while one waits on a blocking
    # instruction: (W_TB - 1)/2 + (B_SM - 1) * W_TB.
    other = (warps - 1) / 2 + (result.blocks_per_sm - 1) * warps if result.blocks_per_sm else 0
    d["ryoo_other_warps"] = other
    d["ryoo_other_warps_max"] = arch.max_warps_per_sm - 1
    d["ryoo_utilization"] = other * (instr_per_region or 1.0)
    if "threads_launched" in d and d["threads_launched"]:
        # Eq. 1 with a per-thread instruction count that does not change with the block shape.
        d["ryoo_efficiency"] = 1.0 / d["threads_launched"]
    return d




def apply_measured_access(d: dict[str, Any], measured: Mapping[str, Any], unit: int,
                          sector_bytes: int) -> None:
    """Replace the geometric coalescing values with the counter-fitted prediction.

    The geometry assumes threadIdx.x walks consecutive elements; the fitted model knows how
    loads and stores really move with x and y. Only where the transaction is a 32 B sector
    (Maxwell and newer, which is what ncu's sectors per request count).
    """
    d.update(measured)
    if not measured.get("measured_access") or unit != sector_bytes:
        return
    d["segments_per_warp"] = measured["predicted_sectors_per_request"]
    d["ideal_segments_per_warp"] = (measured["predicted_sectors_per_request"]
                                    * measured["predicted_sector_efficiency"])
    d["coalescing_efficiency"] = measured["predicted_sector_efficiency"]
    if not measured.get("x_contiguous", True):
        # Rows of the block are not what a warp's addresses follow: the line-straddling
        # penalty's premise is gone (the sector prediction above carries the cost).
        d["line_efficiency"] = 1.0
    elif measured.get("column_walking_access") and "predicted_line_efficiency" in measured:
        # Where a modelled access walks a column beside the x-walking one, count the lines
        # every access touches, not only the x-walking one's (C = A + B^T touches B's lines
        # too). Pure x-walking models keep the geometry: one profile leaves their y term
        # unsettled, and the geometric lines are what the exponents were fitted on.
        d["lines_per_warp"] = measured["predicted_lines_per_request"]
        d["ideal_lines_per_warp"] = measured["predicted_ideal_lines"]
        d["line_efficiency"] = measured["predicted_line_efficiency"]


def l1_bytes(arch: Arch, shared_capacity: int, blocks_per_sm: int, smem: int) -> int | None:
    """Bytes of the SM's unified L1/shared memory left to L1 for this launch.

    Fermi-style configurations fix the split (48 KB shared / 16 KB L1 by default). With a
    carveout (Volta and newer) the driver picks, by default, the smallest shared-memory
    capacity that holds the resident blocks (CUDA C++ Best Practices Guide, "Shared Memory
    Carveout"), so a kernel with little shared memory keeps nearly all of it as L1.
    """
    if not arch.l1_shared_total:
        return None
    if arch.cache_config_model == "carveout" and arch.shared_mem_capacities:
        need = blocks_per_sm * (smem + arch.reserved_shared_mem_per_block) if smem else 0
        fits = [c for c in arch.shared_mem_capacities if c >= need]
        shared_capacity = min(fits) if fits else max(arch.shared_mem_capacities)
    return max(0, int(arch.l1_shared_total) - int(shared_capacity))


def block_tile(kernel: KernelInfo, block: tuple[int, int, int]) -> dict[str, Any]:
    """The block's output tile of a shared-memory tiled kernel, from the manifest.

    ``block_tile: [columns, rows]`` (expressions of bx, by, bz, threads) says which tile of
    the output one block computes. Each step of such a kernel loads a rows x depth slice of A
    and a depth x columns slice of B for rows x columns x depth multiply-adds, so the tile's
    arithmetic intensity is rows*columns/(rows+columns) multiply-adds per loaded element,
    whatever the depth (003 part 1, kernels 3-5: bigger tiles, fewer global loads per FMA).
    """
    return tile_values(kernel.extra.get("block_tile"), block)


def tile_values(spec: Any, block: tuple[int, int, int]) -> dict[str, Any]:
    """:func:`block_tile` from the manifest's ``block_tile`` expressions themselves."""
    if not spec:
        return {}
    from gpuadvisor.targets.manifest import evaluate

    bx, by, bz = block
    names = {"bx": bx, "by": by, "bz": bz, "threads": bx * by * bz}
    try:
        cols, rows = (float(evaluate(e, names)) for e in spec)
    except Exception:  # noqa: BLE001 - a malformed manifest field only loses this value
        return {}
    if cols <= 0 or rows <= 0:
        return {}
    return {"tile_columns": cols, "tile_rows": rows,
            "tile_intensity": rows * cols / (rows + cols)}


@functools.lru_cache(maxsize=1024)
def _best_sizes(arch_name: str, regs: int, smem: int, cache_config: str | None,
                carveout: int | None) -> tuple[tuple[int, ...], float]:
    """Warp-multiple block sizes reaching the best occupancy these resources allow."""
    table = occupancy_by_block_size(arch_name, regs, smem, 0, carveout,
                                    cache_config=cache_config)
    top = max((r.occupancy_pct for r in table.values()), default=0.0)
    if top <= 0:
        return (), 0.0
    return tuple(sorted(n for n, r in table.items() if r.occupancy_pct >= top - 1e-6)), top


def _registers_for(arch: Arch, warps: int, blocks: int) -> int:
    """Largest registers/thread that still fits ``blocks`` blocks of ``warps`` warps."""
    return _registers_for_cached(arch.name, warps, blocks)


@functools.lru_cache(maxsize=4096)
def _registers_for_cached(arch_name: str, warps: int, blocks: int) -> int:
    arch = get_arch(arch_name)
    best = 0
    for regs in range(1, arch.max_registers_per_thread + 1):
        r = occupancy(arch, warps * arch.warp_size, regs)
        if r.blocks_per_sm >= blocks:
            best = regs
        else:
            break
    return best


def _round_up(x: int, unit: int) -> int:
    return -(-x // unit) * unit


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, float) and math.isnan(value):
        return None
    if hasattr(value, "item") and not isinstance(value, (str, bytes)):
        try:
            return value.item()
        except (ValueError, AttributeError):
            return value
    return value


#: Each frozen Arch's and Board's context values, by the object's id (the object kept with
#: them): a table's kernels share one architecture, whose ``to_dict`` was made per kernel.
_MADE: dict[tuple[str, int], tuple[Any, dict[str, Any]]] = {}


def _made_once(kind: str, obj: Any, make: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """A fresh copy (its lists and dicts too) of ``make(obj)``, worked out once per ``obj``."""
    known = _MADE.get((kind, id(obj)))
    if known is None or known[0] is not obj:
        known = _MADE[(kind, id(obj))] = (obj, make(obj))
    return {k: _fresh(v) for k, v in known[1].items()}


def _fresh(value: Any) -> Any:
    cls = value.__class__
    if cls is list:
        return [_fresh(v) for v in value]
    return {k: _fresh(v) for k, v in value.items()} if cls is dict else value


def arch_context(arch: Arch) -> dict[str, Any]:
    return _made_once("arch", arch, _arch_context)


def _arch_context(arch: Arch) -> dict[str, Any]:
    out = {k: _plain(v) for k, v in arch.to_dict().items() if k != "sources"}
    out["cc"] = arch.compute_capability[0] + arch.compute_capability[1] / 10
    out["sm"] = arch.sm
    out["max_block_dim_x"], out["max_block_dim_y"], out["max_block_dim_z"] = arch.max_block_dim
    return out


def board_context(board: Board | None, sm_count: int | None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if board is not None:
        out = _made_once("board", board, _board_values)
    if sm_count:
        out["sm_count"] = int(sm_count)
    return out


def _board_values(board: Board) -> dict[str, Any]:
    return {k: _plain(v) for k, v in board.to_dict().items()
            if k not in ("sources", "aliases", "arch")}


def metrics_context(row: Mapping[str, Any] | None) -> dict[str, Any]:
    """The row's numeric metric columns (identity and text columns left out; NaN dropped)."""
    if not row:
        return {}
    out: dict[str, Any] = {}
    for key, value in row.items():
        if key in _NOT_METRICS:
            continue
        cls = value.__class__
        if cls is float:  # the common cases first: what _plain and the checks below do
            if value == value:
                out[str(key)] = value
            continue
        if cls is int:
            out[str(key)] = value
            continue
        if cls is str or value is None:
            continue
        value = _plain(value)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            continue
        if isinstance(value, float) and math.isnan(value):
            continue
        out[str(key)] = value
    return out


#: Identity and text columns: never metrics.
_NOT_METRICS = frozenset({"kernel", "block_x", "block_y", "block_z", "grid_x", "grid_y",
                          "grid_z", "cache_config", "gpu", "arch", "profiler",
                          "profiler_version", "source", "status", "error"})


def metric_value(row: Mapping[str, Any] | None, key: str) -> Any:
    """``metrics_context(row).get(key)`` without building the whole dict (None: not there)."""
    if not row or key in _NOT_METRICS or key not in row:
        return None
    return metric_of(row[key])


def metric_of(value: Any) -> Any:
    """A cell as the metrics context holds it, or None when it is left out."""
    cls = value.__class__
    if cls is float:
        return value if value == value else None
    value = _plain(value)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def build_context(arch: Arch, board: Board | None, kernel: KernelInfo,
                  block: tuple[int, int, int], cache_config: str = "default",
                  *, row: Mapping[str, Any] | None = None, sm_count: int | None = None,
                  grid: tuple[int, int, int] | None = None,
                  sweep: Mapping[str, Any] | None = None,
                  arch_ctx: Mapping[str, Any] | None = None,
                  derived: dict[str, Any] | None = None) -> dict[str, Any]:
    """The full context a rule is evaluated against, for one configuration.

    ``derived``: the result of :func:`derive` for these arguments when the caller already has
    it (analysis computes it once per distinct launch configuration and shares it).
    """
    if sm_count is None and board is not None:
        sm_count = board.sm_count
    metrics = metrics_context(row)
    if derived is None:
        regs = metrics.get("registers_per_thread")
        smem = metrics.get("shared_mem_per_block")
        derived = derive(arch, kernel, block, cache_config, sm_count, grid,
                         int(regs) if regs is not None else None,
                         int(smem) if smem is not None else None)
    parts = launch_context(block, cache_config, grid, derived)
    ctx: dict[str, Any] = {
        "block": parts["block"],
        "arch": dict(arch_ctx) if arch_ctx is not None else arch_context(arch),
        "board": board_context(board, sm_count),
        "kernel": kernel.to_context(),
        "metrics": metrics,
        "derived": derived,
        "config": parts["config"],
        "sweep": dict(sweep or {}),
    }
    if "grid" in parts:
        ctx["grid"] = parts["grid"]
    return ctx


def launch_context(block: tuple[int, int, int], cache_config: str,
                   grid: tuple[int, int, int] | None, derived: Mapping[str, Any]
                   ) -> dict[str, Any]:
    """The ``block``, ``config``, ``grid`` and ``derived`` parts of a context: everything that
    follows from the launch configuration (and its derived values)."""
    bx, by, bz = block
    out: dict[str, Any] = {
        "block": {"x": bx, "y": by, "z": bz, "size": bx * by * bz},
        "derived": derived,
        "config": {"cache_config": cache_config,
                   "label": f"{bx}x{by}" + (f"x{bz}" if bz != 1 else "")},
    }
    if grid is not None:
        out["grid"] = {"x": grid[0], "y": grid[1], "z": grid[2],
                       "blocks": grid[0] * grid[1] * grid[2]}
    elif "grid_blocks" in derived:
        out["grid"] = {"blocks": derived["grid_blocks"]}
    return out
