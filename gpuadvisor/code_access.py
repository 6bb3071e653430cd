"""What a kernel's code says about its accesses, in the access model's terms.

:mod:`gpuadvisor.ptx` reads how each global load and store address moves with the thread
index; this module turns that into the (x stride, y stride) terms of
:mod:`gpuadvisor.access_model`, which the fit then prefers among the models its counters
leave open (one profile at 32 columns cannot see which way y runs; the code can), and into
the notes that quote the code.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuadvisor.access_model import ANY_Y, ELEM_BYTES, FAR, FAR_Y, LINEAR, X_STRIDES, Term
from gpuadvisor.errors import UserError
from gpuadvisor.ptx.access import CodeAccess, KernelCode
from gpuadvisor.ptx.poly import Poly

_SMALL_Y = (4, 8, 16)


@dataclass(frozen=True)
class CodeTerms:
    """The loads' and the stores' terms (None where the code leaves a side unknown: no
    access, or only non-affine ones), and what stands behind them for notes."""

    loads: tuple[Term, ...] | None
    stores: tuple[Term, ...] | None
    counts: Mapping[str, Counter]  # side -> Counter of access patterns
    #: side -> (term, instructions showing it), for a model from the code alone
    weights: Mapping[str, tuple[tuple[Term, int], ...]] = dataclasses.field(
        default_factory=dict)

    def side(self, name: str) -> tuple[Term, ...] | None:
        return self.loads if name == "load" else self.stores

    def complete(self, name: str) -> bool:
        """Every access of the side is affine or uniform: its terms say all there is."""
        counts = self.counts.get(name, Counter())
        return bool(counts) and not (counts["gather"] or counts["irregular"]
                                     or counts["rows"])

    def usable(self, name: str) -> bool:
        """Enough of the side is modelled for a model from the code alone: at least half of
        its instructions are affine, uniform or gathers (not non-affine)."""
        counts = self.counts.get(name, Counter())
        total = sum(counts.values())
        return bool(total) and counts["irregular"] * 2 <= total and bool(self.weights.get(name))

    def weighted(self, name: str) -> tuple[tuple[Term, int], ...]:
        return tuple(self.weights.get(name, ()))

    def load_share(self) -> float:
        """Loads' share of the global instructions (the requests' share, were each run as
        often), for the mix of the two sides when no profile counted the requests."""
        loads = sum(self.counts.get("load", Counter()).values())
        stores = sum(self.counts.get("store", Counter()).values())
        return loads / (loads + stores) if loads + stores else 1.0


def term_of(access: CodeAccess, params: Mapping[str, int] | None = None,
            code: KernelCode | None = None) -> Term | None:
    """The access model's term for one access; None for a non-affine (irregular) one.
    Strides that name a parameter whose value is unknown are taken as a row pitch (far)."""
    if access.pattern == "uniform":
        return Term(0, 0)
    if access.pattern == "gather":
        return Term(FAR, FAR_Y)
    if access.pattern == "rows":  # x's stride; y left to the counters
        return Term(_x_stride(access.stride("tid.x").evaluate(_env(params, code))), ANY_Y)
    if _pattern(access, params, code) != "affine":
        return None
    env = _env(params, code)
    x = access.stride("tid.x")
    y = access.stride("tid.y")
    x_value = x.evaluate(env)
    x_stride = _x_stride(x_value)
    if x.terms and y.terms and y == x.times(Poly.symbol("u:ntid.x")):
        return Term(x_stride, LINEAR)  # a linear thread index: y continues x
    return Term(x_stride, _y_stride(y.evaluate(env)))


def _env(params: Mapping[str, int] | None, code: KernelCode | None) -> dict[str, int]:
    env = code.env(1, 1, 1, params) if code is not None else {}
    return {k: v for k, v in env.items() if not k.startswith("u:ntid")}


def _pattern(access: CodeAccess, params: Mapping[str, int] | None = None,
             code: KernelCode | None = None) -> str:
    """The access's pattern as the access model takes it: an affine access whose x and y
    strides are each a kernel argument of their own, of unknown value, reads as irregular.
    Such code indexes a strided view (Theano's and NumPy's per-axis strides): either axis, or
    neither, may be the unit stride, and only the call knows which, so the code leaves the
    access to the counters (a lone argument along y stays a row pitch, as in
    ``a[y * pitch + x]``)."""
    if access.pattern != "affine":
        return access.pattern
    x, y = access.stride("tid.x"), access.stride("tid.y")
    if _one_argument(x) and _one_argument(y) and x != y:
        env = _env(params, code)
        if x.evaluate(env) is None and y.evaluate(env) is None:
            return "irregular"
    return "affine"


def _one_argument(stride: Poly) -> bool:
    """A stride that is a multiple of one kernel argument alone (``4*arg3``)."""
    return (len(stride.terms) == 1 and len(stride.terms[0][0]) == 1
            and stride.terms[0][0][0].startswith("u:param:"))


def code_terms(code: KernelCode, params: Mapping[str, int] | None = None) -> CodeTerms:
    sides: dict[str, tuple[Term, ...] | None] = {}
    counts: dict[str, Counter] = {}
    weights: dict[str, tuple[tuple[Term, int], ...]] = {}
    for side in ("load", "store"):
        accesses = code.side(side)
        counts[side] = Counter(_pattern(a, params, code) for a in accesses)
        terms = Counter(t for a in accesses if (t := term_of(a, params, code)) is not None)
        sides[side] = tuple(terms) or None
        weights[side] = tuple(terms.items())
    return CodeTerms(sides["load"], sides["store"], counts, weights)


def access_category(terms: CodeTerms) -> tuple[str, list[str]] | None:
    """The characterization's access pattern (coalesced, scattered, random) from the loads'
    instructions, for a kernel without load counters: random where most are data-dependent
    gathers, scattered where most step a sector or more per thread along x, else coalesced
    (how y moves is the access model's to say). None where most are non-affine."""
    counts = terms.counts.get("load", Counter())
    total = sum(counts.values())
    if not total or counts["irregular"] * 2 > total:
        return None
    weights = dict(terms.weighted("load"))
    gathers = weights.get(Term(FAR, FAR_Y), 0) if counts["gather"] else 0
    far = sum(n for t, n in weights.items() if t.x_stride >= 32) - gathers
    if gathers * 2 > total:
        return "random", [f"the code: {gathers} of {total} global loads are data-dependent "
                          "gathers"]
    if far * 2 > total:
        return "scattered", [f"the code: {far} of {total} global loads step 32 B or more "
                             "per thread along x"]
    return "coalesced", [f"the code: most of the {total} global loads are the same for "
                         "every thread or step less than a sector per thread along x"]


def _x_stride(value: int | None) -> int:
    if value is None:
        return FAR  # a parameter's multiple: a row pitch
    v = abs(value)
    if v == 0:
        return 0
    if v < ELEM_BYTES:
        return ELEM_BYTES  # 1 or 2 B elements side by side: contiguous
    if v >= 64:
        return FAR
    finite = [s for s in X_STRIDES if 0 < s < FAR]
    return min(finite, key=lambda s: abs(math.log2(s / v)))


def _y_stride(value: int | None) -> int:
    if value is None:
        return FAR_Y
    v = abs(value)
    if v == 0:
        return 0
    if v >= 32:
        return FAR_Y
    if v < ELEM_BYTES:
        return ELEM_BYTES
    return min(_SMALL_Y, key=lambda s: abs(math.log2(s / v)))


def describe(code: KernelCode, limit: int = 3) -> str:
    """A short account of the code's global accesses: the distinct patterns per side with
    their counts and the source line of the first of each."""
    if code.problem:
        return code.problem
    parts = []
    for side, title in (("load", "loads"), ("store", "stores")):
        accesses = code.side(side)
        if not accesses:
            continue
        groups: dict[str, list[CodeAccess]] = {}
        for a in accesses:
            groups.setdefault(a.describe(), []).append(a)
        shown = []
        for text, members in list(groups.items())[:limit]:
            where = members[0].where()
            at = f" ({where})" if members[0].line is not None else ""
            shown.append(f"{len(members)} {text}{at}")
        more = len(groups) - limit
        if more > 0:
            shown.append(f"{more} more pattern(s)")
        parts.append(f"{title}: " + "; ".join(shown))
    return "; ".join(parts) if parts else "no global loads or stores"


@dataclass(frozen=True)
class CodeTile:
    """A block-tiled product the code shows (issue 11 round 48): the tile a block computes, as
    ``kernels/manifest.yaml``'s ``block_tile`` declares it for the built-in tiled kernels (its
    columns the block's x, its rows the block's y*z), and the note that says why."""

    block_tile: tuple[str, str]
    note: str


def code_tile(code: KernelCode) -> CodeTile | None:
    """The block's tile where the code's shared-memory loads show a block-tiled product
    (:func:`gpuadvisor.ptx.access.shared_tile_loads`), else None."""
    if code.shared_tile is None:
        return None
    rows, columns = code.shared_tile
    return CodeTile(("bx", "by * bz"), (
        f"code: a block-tiled product: inside a loop, {rows} shared-memory load(s) walk a row "
        f"panel (threadIdx.y, not .x) and {columns} a column panel (threadIdx.x alone), after "
        "global loads staged in shared memory; each element a block loads then feeds as many "
        "multiply-adds as the block has columns (rows), so the block's shape is its tile "
        "(tile-intensity)"))


def matching(codes: Mapping[str, KernelCode], kernel: str) -> KernelCode | None:
    """The entry of ``codes`` for a kernel named as a sweep table names it: the exact entry,
    else the one whose (mangled) name contains it as an identifier, if only one does."""
    if kernel in codes:
        return codes[kernel]
    hits = [c for name, c in codes.items() if _mangled_has(name, kernel)]
    return hits[0] if len(hits) == 1 else None


def _mangled_has(mangled: str, name: str) -> bool:
    """``_Z6kernelPfS_ii`` names ``kernel``: the Itanium mangling writes the length first."""
    return f"{len(name)}{name}" in mangled or mangled == name


def load_for_table(paths: Sequence[Path], table: Any) -> dict[str, KernelCode]:
    """The kernels' code from ``--ptx`` files, checked against a sweep table's kernels: one
    clear error where no kernel of the table is in them (a wrong file)."""
    from gpuadvisor.ptx.sources import load_codes

    codes = load_codes(paths)
    names = list(dict.fromkeys(str(k) for k in table["kernel"]))
    if not any(matching(codes, k) is not None for k in names):
        entries = ", ".join(sorted(codes)[:6]) + (" ..." if len(codes) > 6 else "") \
            if codes else "no kernels"
        raise UserError(f"--ptx: no kernel of the table ({', '.join(names[:4])}"
                        f"{' ...' if len(names) > 4 else ''}) is in {_names(paths)} "
                        f"(it has {entries})")
    return codes


def _names(paths: Sequence[Path]) -> str:
    return ", ".join(str(p) for p in paths)
