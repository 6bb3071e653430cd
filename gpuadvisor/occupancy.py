"""Offline occupancy calculator: resident blocks and warps per SM, and what limits them.

It reproduces ``cudaOccupancyMaxActiveBlocksPerMultiprocessor`` from architecture facts alone,
so the advisor can reason about occupancy without a GPU. The arithmetic follows NVIDIA's
occupancy calculator (cuda_occupancy.h; the CUDA 6 edition for Fermi), written afresh here:

* warps per block = ceil(threads / warp size);
* registers are allocated per warp: ceil(regs x warp size, allocation unit), and a block fits in
  the register file split into ``register_partitions`` equal parts;
* shared memory per block = round_up(static + dynamic + driver reserve, allocation unit), and an
  SM offers the shared capacity chosen by the cache configuration / carveout;
* the resident-block count is the minimum of the warp, block, register and shared-memory limits.

The kernel is assumed to have opted in (cudaFuncAttributeMaxDynamicSharedMemorySize) to the
dynamic shared memory it asks for, and partitioned global caching (sm_52/sm_6x -dlcm=ca) is off,
as it is for cudaOccupancy* calls on a function with default attributes.
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gpuadvisor.arch import Arch, get_arch
from gpuadvisor.errors import UserError
from gpuadvisor.shapes import Shape, format_shape, parse_shape

LIMITS = ("warps", "blocks", "registers", "shared_memory")  # tie-break order for limited_by
CACHE_CONFIGS = ("prefer_none", "prefer_shared", "prefer_l1", "prefer_equal")


@dataclass(frozen=True)
class OccupancyResult:
    """Resident blocks/warps per SM for one launch configuration and why it is not higher."""

    arch: str
    block: Shape
    threads_per_block: int
    warps_per_block: int
    registers_per_thread: int
    shared_mem_static: int
    shared_mem_dynamic: int
    carveout_pct: int | None
    cache_config: str | None
    blocks_per_sm: int
    warps_per_sm: int
    threads_per_sm: int
    max_warps_per_sm: int
    occupancy_pct: float  # 0-100: warps_per_sm / max_warps_per_sm
    limited_by: str  # warps | blocks | registers | shared_memory
    block_limit_warps: int
    block_limit_blocks: int
    block_limit_registers: int | None  # None: no register limit (0 registers)
    block_limit_shared_memory: int | None  # None: no shared memory used at all
    allocated_registers_per_block: int
    allocated_shared_mem_per_block: int
    shared_mem_per_sm: int  # capacity the calculation assumed for this launch
    notes: tuple[str, ...] = field(default=())

    @property
    def occupancy(self) -> float:
        """Occupancy as a fraction 0-1."""
        return self.occupancy_pct / 100.0

    @property
    def limits(self) -> dict[str, int | None]:
        """Blocks per SM each resource allows (None = unlimited by it)."""
        return {
            "warps": self.block_limit_warps,
            "blocks": self.block_limit_blocks,
            "registers": self.block_limit_registers,
            "shared_memory": self.block_limit_shared_memory,
        }

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["block"] = list(self.block)
        out["block_shape"] = format_shape(self.block)
        out["limits"] = self.limits
        out["notes"] = list(self.notes)
        return out


# ----------------------------------------------------------------------------- helpers


def _round_up(x: int, unit: int) -> int:
    return -(-x // unit) * unit


def parse_bytes(text: str | int) -> int:
    """Parse a size as bytes: ``4096``, ``48K``, ``48KB``, ``1.5 KiB``, ``512B``."""
    if isinstance(text, int):
        value = text
    else:
        m = re.fullmatch(r"\s*(-?\d+(?:\.\d+)?)\s*(b|k|kb|kib)?\s*", str(text).lower())
        if not m:
            raise UserError(f"bad size {text!r}: write bytes (4096) or KB (48K, 48KB)")
        number = float(m.group(1))
        scale = 1024 if m.group(2) in ("k", "kb", "kib") else 1
        if not (number * scale).is_integer():
            raise UserError(f"bad size {text!r}: not a whole number of bytes")
        value = int(number * scale)
    if value < 0:
        raise UserError(f"bad size {text!r}: must not be negative")
    return value


def _shape(block: int | str | Shape) -> Shape:
    if isinstance(block, int):
        if block <= 0:
            raise UserError(f"block size must be at least 1 thread, got {block}")
        return block, 1, 1
    if isinstance(block, str):
        return parse_shape(block)
    dims = tuple(int(d) for d in block)
    if not 1 <= len(dims) <= 3 or any(d <= 0 for d in dims):
        raise UserError(f"bad block shape {block!r}: every dimension must be at least 1")
    x, y, z = (*dims, 1, 1)[:3]
    return x, y, z


def check_launch(
    arch: Arch | str,
    block: int | str | Shape,
    registers_per_thread: int = 0,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
    carveout_pct: int | None = None,
) -> None:
    """Raise UserError (one line) for a configuration no kernel can launch with on ``arch``.

    The occupancy calculator itself answers 0 blocks for these (as CUDA does); the CLI uses
    this check so that a typo gets a clear message instead of a silent 0%.
    """
    a = get_arch(arch)
    x, y, z = _shape(block)
    threads = x * y * z
    if threads > a.max_threads_per_block:
        raise UserError(
            f"{threads} threads per block exceeds the {a.name} maximum of {a.max_threads_per_block}"
        )
    for axis, dim, limit in zip("xyz", (x, y, z), a.max_block_dim, strict=True):
        if dim > limit:
            raise UserError(f"block {axis} dimension {dim} exceeds the {a.name} maximum of {limit}")
    if registers_per_thread > a.max_registers_per_thread:
        raise UserError(
            f"{registers_per_thread} registers per thread exceeds the {a.name} maximum of "
            f"{a.max_registers_per_thread}"
        )
    if shared_mem_static > a.shared_mem_per_block:
        raise UserError(
            f"static shared memory {shared_mem_static} B exceeds the {a.shared_mem_per_block} B "
            f"static limit per block on {a.name}; use dynamic shared memory above that"
        )
    total = shared_mem_static + shared_mem_dynamic
    if total > a.shared_mem_per_block_optin:
        raise UserError(
            f"{total} B of shared memory per block exceeds the {a.name} maximum of "
            f"{a.shared_mem_per_block_optin} B ({a.shared_mem_per_block_optin // 1024} KB opt-in)"
        )


def _validate(registers: int, smem_static: int, smem_dynamic: int, carveout: int | None) -> None:
    if registers < 0:
        raise UserError(f"registers per thread must not be negative, got {registers}")
    if smem_static < 0 or smem_dynamic < 0:
        raise UserError("shared memory per block must not be negative")
    if carveout is not None and not (carveout == -1 or 0 <= carveout <= 100):
        raise UserError(f"carveout must be a percentage 0-100, got {carveout}")


# ----------------------------------------------------------------------------- the limits


def _warp_limit(a: Arch, threads: int, warps: int) -> int:
    if threads > a.max_threads_per_block:
        return 0
    return a.max_warps_per_sm // warps


def _register_limit(a: Arch, registers: int, warps: int) -> tuple[int | None, int]:
    """Blocks allowed by the register file, and registers allocated per block."""
    unit = a.alloc_unit_for(registers)
    per_warp = _round_up(registers * a.warp_size, unit)
    per_block = per_warp * warps
    if registers > a.max_registers_per_thread:
        return 0, per_block
    parts = a.register_partitions
    # Since Kepler the hardware checks a block as if its warps were spread over all partitions.
    hw_check = per_warp * _round_up(warps, parts) if a.compute_capability[0] >= 3 else 0
    if per_block > a.max_registers_per_block or hw_check > a.max_registers_per_block:
        return 0, per_block
    if per_warp == 0:
        return None, 0
    warps_fitting = (a.registers_per_sm // parts // per_warp) * parts
    limit = warps_fitting // warps
    if a.name == "sm_60" and limit > 0:
        # cuda_occupancy.h: a block that cannot run on GP10x (4 partitions) is refused on GP100.
        four = (a.registers_per_sm // 4 // per_warp) * 4 // warps
        hw4 = per_warp * _round_up(warps, 4)
        if four == 0 or hw4 > a.max_registers_per_block:
            limit = 0
    return limit, per_block


def _preferred_shared(a: Arch, carveout: int | None, cache_config: str | None) -> int:
    """Shared capacity per SM the cache configuration / carveout asks for."""
    model = a.cache_config_model
    cfg = cache_config or "prefer_none"
    if model == "fermi":
        return min(a.shared_mem_capacities) if cfg == "prefer_l1" else a.shared_mem_per_sm
    if model == "kepler":
        high = a.shared_mem_per_sm
        low = min(a.shared_mem_capacities)
        return {"prefer_l1": low, "prefer_equal": (high + low) // 2}.get(cfg, high)
    if model == "dedicated":
        return a.shared_mem_per_sm
    # carveout (Volta+): an explicit carveout wins; else the legacy cache config maps onto one.
    pct = carveout if carveout is not None and carveout >= 0 else None
    if pct is None:
        pct = {"prefer_l1": 0, "prefer_shared": 100, "prefer_equal": 50}.get(cfg)
    wanted = a.shared_mem_per_sm if pct is None else pct * a.shared_mem_per_sm // 100
    return _align_capacity(a, wanted)


def _align_capacity(a: Arch, size: int) -> int:
    """Smallest supported shared capacity >= size (the driver's rounding of a carveout)."""
    for cap in sorted(a.shared_mem_capacities):
        if size <= cap:
            return cap
    return max(a.shared_mem_capacities)


def _shared_limit(
    a: Arch, static: int, dynamic: int, carveout: int | None, cache_config: str | None
) -> tuple[int | None, int, int]:
    """Blocks allowed by shared memory, bytes allocated per block, capacity assumed per SM."""
    allocated = _round_up(
        static + dynamic + a.reserved_shared_mem_per_block, a.shared_mem_alloc_unit
    )
    if a.compute_capability[0] >= 7:
        per_block_limit = a.shared_mem_per_block_optin + a.reserved_shared_mem_per_block
    else:
        per_block_limit = a.shared_mem_per_block
    if (a.cache_pref_ignored_without_shared and static + dynamic == 0
            and (carveout is None or carveout < 0)):
        cache_config = None  # the driver's default carveout (Arch's field says why)
    preferred = _preferred_shared(a, carveout, cache_config)
    if allocated > per_block_limit:
        return 0, allocated, preferred
    if preferred >= allocated:
        capacity = preferred
    elif a.compute_capability[0] >= 7:
        capacity = _align_capacity(a, allocated)
    else:
        capacity = a.shared_mem_per_sm
    if allocated == 0:
        return None, 0, capacity
    return capacity // allocated, allocated, capacity


# ----------------------------------------------------------------------------- public API


def occupancy(
    arch: Arch | str,
    block_size: int | str | Shape,
    registers_per_thread: int = 0,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
    carveout_pct: int | None = None,
    *,
    cache_config: str | None = None,
) -> OccupancyResult:
    """Theoretical occupancy of one launch configuration on ``arch``.

    ``block_size`` is a thread count or a shape ((16, 16), "16x16"). ``carveout_pct`` is the
    preferred shared-memory carveout (0-100, None or -1 = driver default), Volta and newer.
    ``cache_config`` (prefer_none | prefer_shared | prefer_l1 | prefer_equal) is the older
    cudaFuncSetCacheConfig preference, which decides the shared capacity on Fermi and Kepler.
    Resources no launch could get (1025 threads, too many registers or shared memory) give
    0 blocks, as CUDA does; use :func:`check_launch` to reject them with a message instead.
    """
    a = get_arch(arch)
    shape = _shape(block_size)
    registers = int(registers_per_thread)
    static, dynamic = int(shared_mem_static), int(shared_mem_dynamic)
    _validate(registers, static, dynamic, carveout_pct)
    if carveout_pct == -1:
        carveout_pct = None
    if cache_config is not None and cache_config not in CACHE_CONFIGS:
        raise UserError(
            f"unknown cache config {cache_config!r}; use one of {', '.join(CACHE_CONFIGS)}"
        )
    notes: list[str] = []
    if carveout_pct is not None and a.cache_config_model != "carveout":
        notes.append(f"{a.name} has no shared-memory carveout; carveout {carveout_pct}% ignored")

    threads = shape[0] * shape[1] * shape[2]
    warps = math.ceil(threads / a.warp_size)
    lim_warps = _warp_limit(a, threads, warps)
    lim_blocks = a.max_blocks_per_sm
    lim_regs, regs_alloc = _register_limit(a, registers, warps)
    lim_smem, smem_alloc, capacity = _shared_limit(a, static, dynamic, carveout_pct, cache_config)
    if (cache_config not in (None, "prefer_none") and a.cache_pref_ignored_without_shared
            and static + dynamic == 0 and carveout_pct is None):
        calculator, _, _ = _shared_limit(replace(
            a, cache_pref_ignored_without_shared=False), 0, 0, None, cache_config)
        notes.append(
            f"{cache_config} not applied: on {a.name} the driver gave kernels without shared "
            f"memory its default carveout whatever the preference (measured on an H200, "
            f"fixtures/hopper/cache-check/); NVIDIA's occupancy calculator applies it "
            f"({calculator} blocks per SM by shared memory)")

    values = {
        "warps": lim_warps,
        "blocks": lim_blocks,
        "registers": lim_regs,
        "shared_memory": lim_smem,
    }
    blocks = min(v for v in values.values() if v is not None)
    limited_by = next(name for name in LIMITS if values[name] == blocks)
    if threads % a.warp_size:
        notes.append(
            f"{threads} threads is not a multiple of the warp size {a.warp_size}: the last warp "
            f"is partly idle but counts as a full warp"
        )
    resident_warps = blocks * warps
    return OccupancyResult(
        arch=a.name,
        block=shape,
        threads_per_block=threads,
        warps_per_block=warps,
        registers_per_thread=registers,
        shared_mem_static=static,
        shared_mem_dynamic=dynamic,
        carveout_pct=carveout_pct,
        cache_config=cache_config,
        blocks_per_sm=blocks,
        warps_per_sm=resident_warps,
        threads_per_sm=blocks * threads,
        max_warps_per_sm=a.max_warps_per_sm,
        occupancy_pct=round(100.0 * resident_warps / a.max_warps_per_sm, 4),
        limited_by=limited_by,
        block_limit_warps=lim_warps,
        block_limit_blocks=lim_blocks,
        block_limit_registers=lim_regs,
        block_limit_shared_memory=lim_smem,
        allocated_registers_per_block=regs_alloc,
        allocated_shared_mem_per_block=smem_alloc,
        shared_mem_per_sm=capacity,
        notes=tuple(notes),
    )


def _candidate_sizes(a: Arch) -> range:
    return range(a.warp_size, a.max_threads_per_block + 1, a.warp_size)


def occupancy_by_block_size(
    arch: Arch | str,
    registers_per_thread: int = 0,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
    carveout_pct: int | None = None,
    *,
    cache_config: str | None = None,
) -> dict[int, OccupancyResult]:
    """Occupancy of every block size that is a multiple of the warp size, up to the maximum."""
    a = get_arch(arch)
    return {
        n: occupancy(
            a,
            n,
            registers_per_thread,
            shared_mem_static,
            shared_mem_dynamic,
            carveout_pct,
            cache_config=cache_config,
        )
        for n in _candidate_sizes(a)
    }


def best_block_sizes(
    arch: Arch | str,
    registers_per_thread: int = 0,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
    carveout_pct: int | None = None,
    *,
    cache_config: str | None = None,
) -> list[int]:
    """Block sizes (warp multiples) that reach the highest occupancy these resources allow.

    Empty when no block size can run at all (e.g. shared memory above the per-block limit).
    """
    table = occupancy_by_block_size(
        arch,
        registers_per_thread,
        shared_mem_static,
        shared_mem_dynamic,
        carveout_pct,
        cache_config=cache_config,
    )
    top = max(r.occupancy_pct for r in table.values())
    if top <= 0:
        return []
    return [n for n, r in table.items() if r.occupancy_pct == top]


def full_occupancy_block_sizes(
    arch: Arch | str,
    registers_per_thread: int = 0,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
    carveout_pct: int | None = None,
    *,
    cache_config: str | None = None,
) -> list[int]:
    """Block sizes (warp multiples) that reach 100% occupancy with these resources.

    On Fermi with few registers this is the seeds' list: 192, 256, 384, 512, 768.
    """
    table = occupancy_by_block_size(
        arch,
        registers_per_thread,
        shared_mem_static,
        shared_mem_dynamic,
        carveout_pct,
        cache_config=cache_config,
    )
    return [n for n, r in table.items() if r.occupancy_pct >= 100.0]
