"""The configuration space: which (block shape, cache configuration) pairs a sweep tries.

Shapes come from the seeds' grid (rows and columns from powers of two and 3 * 2^k, 1 to 1024:
Torres et al. 001 §IV) or from the user. A shape is dropped, with the reason kept, when the
architecture cannot launch it (threads per block, block dimensions), when the kernel's own
constraints forbid it, or when its registers and shared memory leave 0 blocks per SM
(gpuadvisor.occupancy). Cache configurations are a second axis.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.shapes import Shape, format_shape, parse_shapes
from gpuadvisor.sweep import is_valid_cache_config

#: Rows and columns of the seeds' tables: powers of two and 3 * 2^k up to 1024.
SEED_VALUES: tuple[int, ...] = (
    1,
    2,
    3,
    4,
    6,
    8,
    12,
    16,
    24,
    32,
    48,
    64,
    96,
    128,
    192,
    256,
    384,
    512,
    768,
    1024,
)
#: What each cache configuration does (docs and `tune --help`).
CACHE_CONFIG_HELP = {
    "default": "as compiled, the driver's default L1/shared split",
    "l1_off": "compiled with -Xptxas -dlcm=cg: global loads cached in L2 only",
    "prefer_l1": "cuFuncSetCacheConfig(CU_FUNC_CACHE_PREFER_L1)",
    "prefer_shared": "cuFuncSetCacheConfig(CU_FUNC_CACHE_PREFER_SHARED)",
    "carveout_<pct>": "CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT = pct (0-100)",
}


@dataclass(frozen=True, order=True)
class Config:
    """One point of the space: a kernel, a block shape and a cache configuration."""

    kernel: str
    block: Shape
    cache_config: str = "default"

    @property
    def block_size(self) -> int:
        return self.block[0] * self.block[1] * self.block[2]

    @property
    def key(self) -> tuple[str, int, int, int, str]:
        """Same tuple as :func:`gpuadvisor.sweep.config_key` of this config's row."""
        return (self.kernel, self.block[0], self.block[1], self.block[2], self.cache_config)

    def identity(self) -> dict[str, Any]:
        x, y, z = self.block
        return {
            "kernel": self.kernel,
            "block_x": x,
            "block_y": y,
            "block_z": z,
            "block_size": x * y * z,
            "cache_config": self.cache_config,
        }

    def label(self) -> str:
        return f"{format_shape(self.block)} {self.cache_config}"


@dataclass(frozen=True)
class Excluded:
    config: Config
    reason: str


@dataclass
class Space:
    configs: list[Config] = field(default_factory=list)
    excluded: list[Excluded] = field(default_factory=list)


# ---------------------------------------------------------------------------- shapes
def config_of_block(configs: Sequence[Config], block: Shape) -> Config | None:
    """The configuration of ``block`` at the default cache configuration (the first listed
    where none is called default); None where the space lacks the shape. Where a search
    starts: the usual default, or the app's current shape (``tune --current``)."""
    matches = [c for c in configs if c.block == tuple(block)]
    return next((c for c in matches if c.cache_config == "default"),
                matches[0] if matches else None)


def seed_shapes(
    dims: int = 2, values: Sequence[int] = SEED_VALUES, max_threads: int = 1024
) -> list[Shape]:
    """The seeds' grid in ``dims`` dimensions, at most ``max_threads`` threads per block.

    Ordered like the seeds' tables: rows (y) outer, columns (x) inner.
    """
    if dims == 1:
        return [(x, 1, 1) for x in values if x <= max_threads]
    if dims == 2:
        return [(x, y, 1) for y in values for x in values if x * y <= max_threads]
    if dims == 3:
        return [
            (x, y, z) for z in values for y in values for x in values if x * y * z <= max_threads
        ]
    raise UserError(f"block dimensionality must be 1, 2 or 3, got {dims}")


def user_shapes(text: str) -> list[Shape]:
    """``--shapes 32x8,16x16,256`` with duplicates removed (first one kept)."""
    shapes = parse_shapes(text)
    return list(dict.fromkeys(shapes))


# ---------------------------------------------------------------------------- cache configs
def parse_cache_configs(text: str | Iterable[str]) -> list[str]:
    """``default,l1_off,carveout_25`` -> names, checked; unknown ones are one clear error."""
    items = text.split(",") if isinstance(text, str) else list(text)
    names = [item.strip().lower() for item in items if item.strip()]
    if not names:
        raise UserError("no cache configurations given")
    for name in names:
        if not is_valid_cache_config(name):
            raise UserError(
                f"unknown cache configuration {name!r}: use default, l1_off, "
                "prefer_l1, prefer_shared or carveout_<0-100>"
            )
    return list(dict.fromkeys(names))


def carveout_pct(cache_config: str) -> int | None:
    if cache_config.startswith("carveout_"):
        return int(cache_config.removeprefix("carveout_"))
    return None


def occupancy_cache_pref(cache_config: str) -> str | None:
    """The cudaFuncSetCacheConfig preference a cache configuration sets, if any."""
    return cache_config if cache_config in ("prefer_l1", "prefer_shared") else None


def cache_config_reason(arch: Any, cache_config: str) -> str | None:
    """Why ``arch`` cannot honour this cache configuration (None: it can)."""
    if cache_config == "l1_off" and not getattr(arch, "l1_can_be_disabled", True):
        return f"{arch.name} cannot change L1 caching of global loads with -dlcm=cg"
    if (
        cache_config.startswith("carveout_")
        and getattr(arch, "cache_config_model", "carveout") != "carveout"
    ):
        return f"{arch.name} has no shared-memory carveout"
    return None


# ---------------------------------------------------------------------------- filtering
def shape_limit_reason(shape: Shape, arch: Any) -> str | None:
    """Why no kernel can launch this shape on ``arch`` (None: the hardware allows it)."""
    threads = shape[0] * shape[1] * shape[2]
    if threads > arch.max_threads_per_block:
        return (
            f"{threads} threads per block exceeds the {arch.name} maximum of "
            f"{arch.max_threads_per_block}"
        )
    for axis, dim, limit in zip("xyz", shape, arch.max_block_dim, strict=True):
        if dim > limit:
            return f"block {axis} = {dim} exceeds the {arch.name} maximum of {limit}"
    return None


def resource_reason(
    shape: Shape,
    arch: Any,
    registers_per_thread: int,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
    cache_config: str = "default",
) -> str | None:
    """Why this kernel's registers / shared memory leave 0 blocks per SM (None: >= 1)."""
    from gpuadvisor.occupancy import occupancy

    smem = shared_mem_static + shared_mem_dynamic
    if smem > arch.shared_mem_per_block_optin:
        return (
            f"{smem} B of shared memory per block exceeds the {arch.name} maximum of "
            f"{arch.shared_mem_per_block_optin} B"
        )
    result = occupancy(
        arch,
        shape,
        registers_per_thread,
        shared_mem_static,
        shared_mem_dynamic,
        carveout_pct(cache_config),
        cache_config=occupancy_cache_pref(cache_config),
    )
    if result.blocks_per_sm > 0:
        return None
    if result.limited_by == "registers":
        return (
            f"{registers_per_thread} registers x {shape[0] * shape[1] * shape[2]} threads "
            f"do not fit one SM's register file ({arch.registers_per_sm}; at most "
            f"{arch.max_registers_per_block} per block)"
        )
    if result.limited_by == "shared_memory":
        return (
            f"{smem} B of shared memory per block does not fit the SM "
            f"({result.shared_mem_per_sm} B with this cache configuration)"
        )
    return f"0 blocks per SM (limited by {result.limited_by})"


ResourceFn = Callable[[str], Any]  # cache config -> Resources (registers, static smem) | None


def build_space(
    kernel: str,
    shapes: Sequence[Shape],
    cache_configs: Sequence[str],
    arch: Any,
    *,
    resources: ResourceFn | None = None,
    dynamic_smem: Callable[[Shape], int] | None = None,
    constraint: Callable[[Shape], str | None] | None = None,
    min_threads: int = 1,
    same_program: Callable[[str], str | None] | None = None,
) -> Space:
    """Every (shape, cache config) that can run, and every one that cannot with its reason.

    ``resources(cache_config)`` gives the compiled kernel's registers and static shared memory
    (None when unknown, e.g. an external app: then only the architecture's limits apply).
    ``same_program(cache_config)``: why that configuration would run what the default runs
    (its measurement would repeat the default's), or None.
    """
    space = Space()
    for cache_config in cache_configs:
        cache_problem = cache_config_reason(arch, cache_config)
        if cache_problem is None and same_program is not None and "default" in cache_configs:
            cache_problem = same_program(cache_config)
        res = resources(cache_config) if resources is not None and not cache_problem else None
        for shape in shapes:
            config = Config(kernel, tuple(shape), cache_config)  # type: ignore[arg-type]
            reason = cache_problem
            if reason is None and config.block_size < min_threads:
                reason = f"{config.block_size} threads is below --min-threads {min_threads}"
            reason = reason or shape_limit_reason(config.block, arch)
            if reason is None and constraint is not None:
                reason = constraint(config.block)
            if reason is None and res is not None:
                dyn = dynamic_smem(config.block) if dynamic_smem is not None else 0
                reason = resource_reason(
                    config.block,
                    arch,
                    res.registers_per_thread,
                    res.shared_mem_static,
                    dyn,
                    cache_config,
                )
            if reason is None:
                space.configs.append(config)
            else:
                space.excluded.append(Excluded(config, reason))
    return space


def theoretical_occupancy(
    config: Config,
    arch: Any,
    registers_per_thread: int,
    shared_mem_static: int = 0,
    shared_mem_dynamic: int = 0,
) -> float:
    """Offline theoretical occupancy (0-100) of a configuration, for rows without ncu."""
    from gpuadvisor.occupancy import occupancy

    return occupancy(
        arch,
        config.block,
        registers_per_thread,
        shared_mem_static,
        shared_mem_dynamic,
        carveout_pct(config.cache_config),
        cache_config=occupancy_cache_pref(config.cache_config),
    ).occupancy_pct
