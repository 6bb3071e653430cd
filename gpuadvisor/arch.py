"""Architecture facts (Fermi sm_20 ... Blackwell sm_120) and known boards, from data/arch.yaml.

Rules and the occupancy calculator read limits from here (``arch.max_threads_per_sm``, not 1536),
so guidance written for Fermi carries to Hopper where it still holds. Every figure carries a
citation (``Arch.sources[field]``); the data file is the one place to correct a figure.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field, fields
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.paths import DATA_DIR
from gpuadvisor.yaml_text import load_cached

ARCH_FILE = DATA_DIR / "arch.yaml"
KB = 1024


@dataclass(frozen=True)
class Arch:
    """Facts about one compute capability. Sizes are bytes; None means not documented."""

    name: str  # "sm_90"
    compute_capability: tuple[int, int]
    family: str
    chips: tuple[str, ...]
    warp_size: int
    max_threads_per_sm: int
    max_warps_per_sm: int
    max_blocks_per_sm: int
    max_threads_per_block: int
    max_block_dim: tuple[int, int, int]
    registers_per_sm: int
    max_registers_per_block: int
    max_registers_per_thread: int
    register_alloc_unit: int  # registers, per warp allocation
    register_alloc_granularity: str  # "warp"
    register_partitions: int  # register file sub-partitions (warp schedulers)
    shared_mem_per_sm: int  # largest shared-memory capacity of an SM
    shared_mem_per_block: int  # default per-block limit (48 KB)
    shared_mem_per_block_optin: int  # per-block limit after cudaFuncSetAttribute opt-in
    shared_mem_alloc_unit: int
    reserved_shared_mem_per_block: int  # taken by the driver per block (1 KB since sm_80)
    shared_mem_capacities: tuple[int, ...]  # selectable shared capacities per SM (carveouts)
    shared_mem_banks: int
    l1_shared_total: int | None  # the unified L1 + shared array, where there is one
    cache_config_model: str  # fermi | kepler | dedicated | carveout
    cache_line_bytes: int
    sector_bytes: int
    global_loads_cached_in_l1: bool  # by default (without -dlcm)
    l1_can_be_disabled: bool  # -dlcm=cg changes where global loads are cached
    l1_opt_in: bool  # -dlcm=ca turns on L1 caching of global loads
    l1_note: str
    memory_partitions: int | None
    partition_bytes: int | None
    register_alloc_unit_exceptions: tuple[tuple[int, int], ...] = ()
    #: the driver sizes the shared-memory carveout of a kernel without shared memory for its
    #: resident blocks' reserved memory, whatever cudaFuncSetCacheConfig prefers (measured;
    #: the occupancy calculator, cuda_occupancy.h, applies the preference)
    cache_pref_ignored_without_shared: bool = False
    sources: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    @property
    def sm(self) -> int:
        """The compute capability as one number: 90 for sm_90."""
        major, minor = self.compute_capability
        return major * 10 + minor

    def alloc_unit_for(self, registers_per_thread: int) -> int:
        """Register allocation unit (per warp) for this register count (Fermi has exceptions)."""
        return dict(self.register_alloc_unit_exceptions).get(
            registers_per_thread, self.register_alloc_unit
        )

    def source(self, name: str) -> str:
        """Citation for one field (the arch's default source where none is given)."""
        return self.sources.get(name) or self.sources.get("_default", "")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready facts (sources under "sources")."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "register_alloc_unit_exceptions":
                value = {str(k): v for k, v in value}
            elif isinstance(value, tuple):
                value = list(value)
            out[f.name] = value
        out["sources"] = {k: self.source(k) for k in out if k != "sources"}
        return out


@dataclass(frozen=True)
class Board:
    """A known GPU board; figures are vendor numbers, None where not documented."""

    name: str
    arch: Arch
    aliases: tuple[str, ...]
    sm_count: int | None
    fp32_cores: int | None
    boost_clock_mhz: float | None
    memory_bandwidth_gbs: float | None
    peak_fp32_gflops: float | None
    l2_bytes: int | None
    memory_bus_bits: int | None
    sources: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["arch"] = self.arch.name
        out["aliases"] = list(self.aliases)
        out["sources"] = dict(self.sources)
        return out


# ----------------------------------------------------------------------------- loading


@functools.lru_cache(maxsize=1)
def _raw() -> dict[str, Any]:
    """The parsed data file (cached; callers copy before changing anything)."""
    with open(ARCH_FILE, encoding="utf-8") as fh:
        return load_cached(fh.read(), text_keys=True)  # type: ignore[no-any-return]


def _resolve(name: str, entries: dict[str, Any], seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """Flatten ``extends`` chains: parent facts and sources, then this entry's overrides."""
    if name in seen:
        raise ValueError(f"arch.yaml: circular 'extends' at {name}")
    entry = dict(entries[name])
    parent = entry.pop("extends", None)
    if parent is None:
        return entry
    base = _resolve(parent, entries, (*seen, name))
    sources = {**base.get("sources", {}), **entry.get("sources", {})}
    merged = {**base, **entry, "sources": sources}
    return merged


def _bytes_fields(entry: dict[str, Any]) -> dict[str, Any]:
    """Turn ``x_kb`` fields into byte fields named ``x``; also rename their sources."""
    out: dict[str, Any] = {}
    for key, value in entry.items():
        if key.endswith("_kb"):
            base = key[:-3]
            if value is None:
                out[base] = None
            elif isinstance(value, list):
                out[base] = [int(v * KB) for v in value]
            else:
                out[base] = int(value * KB)
        else:
            out[key] = value
    if "sources" in out:
        out["sources"] = {
            (k[:-3] if k.endswith("_kb") else k): v for k, v in out["sources"].items()
        }
    return out


def _make_arch(name: str, entry: dict[str, Any]) -> Arch:
    data = _bytes_fields(entry)
    major, minor = divmod(int(name.removeprefix("sm_")), 10)
    sources = dict(data.pop("sources", {}))
    sources["_default"] = str(data.pop("default_source", ""))
    exceptions = tuple(
        sorted((int(k), int(v)) for k, v in data.pop("register_alloc_unit_exceptions", {}).items())
    )
    for key in ("chips", "max_block_dim", "shared_mem_capacities"):
        data[key] = tuple(data[key])
    return Arch(
        name=name,
        compute_capability=(major, minor),
        register_alloc_unit_exceptions=exceptions,
        sources=sources,
        **data,
    )


@functools.lru_cache(maxsize=1)
def _load() -> tuple[dict[str, Arch], dict[str, Board]]:
    raw = _raw()
    entries = raw["archs"]
    archs = {name: _make_arch(name, _resolve(name, entries)) for name in entries}
    boards: dict[str, Board] = {}
    for bname, b in raw["boards"].items():
        b = dict(b)
        cites = dict(b.get("sources", {}))
        cites.setdefault("fp32_cores", cites.get("sm_count", ""))  # cited with the SM count
        b["sources"] = cites
        l2_kb = b.pop("l2_kb", None)
        boards[bname] = Board(
            name=bname,
            arch=archs[b.pop("arch")],
            aliases=tuple(b.pop("aliases", ())),
            l2_bytes=None if l2_kb is None else int(l2_kb * KB),
            sources={
                ("l2_bytes" if k == "l2_kb" else k): v for k, v in b.pop("sources", {}).items()
            },
            **b,
        )
    return archs, boards


def _key(text: str) -> str:
    """Normalise a board name for matching: lower case, no spaces, dashes or underscores."""
    return re.sub(r"[\s_\-]+", "", str(text).strip().lower())


_CC_PATTERNS = (
    re.compile(r"^(?:sm|compute)_?(\d{1,2})(\d)[a-z]?$"),  # sm_90, sm90, sm_90a, compute_100
    re.compile(r"^(\d{1,2})\.(\d)$"),  # 9.0, 12.0
    re.compile(r"^(\d{1,2})(\d)$"),  # 90, 120 (the minor version is always one digit)
)


def _parse_cc(text: str) -> str | None:
    """Return "sm_XY" for a compute-capability spelling, or None if it is not one."""
    t = str(text).strip().lower().replace(" ", "")
    for pattern in _CC_PATTERNS:
        m = pattern.match(t)
        if m:
            return f"sm_{int(m.group(1))}{int(m.group(2))}"
    return None


def list_archs() -> list[Arch]:
    """All known architectures, oldest first."""
    return sorted(_load()[0].values(), key=lambda a: a.compute_capability)


def list_boards() -> list[Board]:
    """All known boards, oldest architecture first."""
    return sorted(_load()[1].values(), key=lambda b: (b.arch.compute_capability, b.name))


def find_board(name: str) -> Board | None:
    """The board with this name or alias, or None (no error)."""
    return _board_keys().get(_key(name))


@functools.lru_cache(maxsize=1)
def _board_keys() -> dict[str, Board]:
    """Each board's normalised name and aliases -> the first board with it, in the order
    find_board looked (it normalised every board's names at each call: once per kernel)."""
    out: dict[str, Board] = {}
    for board in _load()[1].values():
        for key in (_key(board.name), *(_key(a) for a in board.aliases)):
            out.setdefault(key, board)
    return out


def get_board(name: str) -> Board:
    """Look a board up by name or alias ("H100", "GTX 480", "gtx480"), case-insensitively."""
    board = find_board(name)
    if board is None:
        known = ", ".join(b.name for b in list_boards())
        raise UserError(f"unknown board {name!r}; known boards: {known}")
    return board


def get_arch(name: str | int | float | Arch) -> Arch:
    """Resolve "sm_90", "90", "9.0", "sm90", 90 or a board name ("H100", "GTX 480") to an Arch."""
    if isinstance(name, Arch):
        return name
    text = f"{name:.1f}" if isinstance(name, float) else str(name)
    archs = _load()[0]
    cc = _parse_cc(text)
    if cc is not None and cc in archs:
        return archs[cc]
    board = find_board(text)
    if board is not None:
        return board.arch
    valid = ", ".join(archs)
    boards = ", ".join(b.name for b in list_boards())
    raise UserError(f"unknown architecture {text!r}; valid: {valid} or a board ({boards})")


@functools.lru_cache(maxsize=1)
def _citations() -> dict[str, str]:
    return {k: " ".join(str(v).split()) for k, v in _raw()["sources"].items()}


def citations() -> dict[str, str]:
    """Source keys used in citations (``guide-cc``, ``occ13``, ``seed-000``) and what each is."""
    return dict(_citations())


def cited_keys(citation: str) -> list[str]:
    """The source keys a citation string refers to, in order of appearance."""
    known = _citations()
    return [k for k in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+|occ13|occ6", citation) if k in known]
