"""Integer polynomials over named symbols: the values the PTX interpreter computes.

A register holds a polynomial in the thread index (``tid.x``, ``tid.y``, ``tid.z``) and in
unknowns, each unknown a symbol whose name says what kind of value it stands for:

* ``u:...`` uniform: the same for every thread of a block (parameters, ``ntid``, ``ctaid``,
  a loop counter every thread steps alike);
* ``ud:...`` uniform, read from memory (a pointer table indexed by the block);
* ``v:...`` varying, not from memory (``tid.x / 3``, ``%laneid``): the address is not affine
  in the thread index;
* ``vd:...`` varying, read from memory (an index loaded per thread): a data-dependent gather;
* ``w:...`` and ``wd:...``: varying only between a block's rows (from ``tid.y``/``tid.z``, or
  read from an address that does not move along x): the same for every lane of one row, so
  an address that adds one to an affine function of ``tid.x`` still walks x by that stride.

An address that is a polynomial of degree one in the thread index with uniform coefficients
is an affine access: its byte strides along x, y and z are those coefficients.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

TID = ("tid.x", "tid.y", "tid.z")
MAX_TERMS = 64  # beyond this a product becomes an unknown: no address needs more
MAX_DEGREE = 8  # blockIdx.x * blockDim.x * blockDim.y * blockDim.z * pitch is degree 5

Mono = tuple[str, ...]  # sorted symbol names, a name repeated for its power; () = 1


@dataclass(frozen=True)
class Kind:
    """What an unknown value is: varying between threads? read from memory? and, varying,
    whether it may differ between the lanes of one block row (``along_x``) or only between
    rows (computed from ``tid.y``/``tid.z`` alone, or read where they alone move the address)."""

    varying: bool
    data: bool
    along_x: bool = True

    def __or__(self, other: Kind) -> Kind:
        varying = self.varying or other.varying
        along_x = (self.varying and self.along_x) or (other.varying and other.along_x)
        return Kind(varying, self.data or other.data, along_x or not varying)

    @property
    def prefix(self) -> str:
        return ("w" if self.varying and not self.along_x else "v" if self.varying
                else "u") + ("d" if self.data else "")


UNIFORM = Kind(False, False)
VARYING = Kind(True, False)
ROWS = Kind(True, False, False)  # varying between a block's rows only


@functools.lru_cache(maxsize=65536)
def symbol_kind(name: str) -> Kind:
    if name == "tid.x":
        return VARYING
    if name in TID:
        return ROWS
    prefix = name.split(":", 1)[0]
    varying = prefix[:1] in ("v", "w")
    return Kind(varying, prefix.endswith("d"), not (varying and prefix.startswith("w")))


@dataclass(frozen=True)
class Poly:
    """sum(coefficient * product of symbols); terms sorted, no zero coefficient."""

    terms: tuple[tuple[Mono, int], ...] = ()

    @staticmethod
    def of(mapping: Mapping[Mono, int]) -> Poly:
        return Poly(tuple(sorted((m, c) for m, c in mapping.items() if c)))

    @staticmethod
    def const(value: int) -> Poly:
        return Poly((((), value),)) if value else Poly()

    @staticmethod
    def symbol(name: str) -> Poly:
        return Poly((((name,), 1),))

    def as_dict(self) -> dict[Mono, int]:
        return dict(self.terms)

    def __add__(self, other: Poly) -> Poly:
        out = self.as_dict()
        for m, c in other.terms:
            out[m] = out.get(m, 0) + c
        return Poly.of(out)

    def __neg__(self) -> Poly:
        return Poly(tuple((m, -c) for m, c in self.terms))

    def __sub__(self, other: Poly) -> Poly:
        return self + (-other)

    def scale(self, factor: int) -> Poly:
        return Poly.of({m: c * factor for m, c in self.terms})

    def times(self, other: Poly) -> Poly | None:
        """The product, or None where it grows past MAX_TERMS or MAX_DEGREE."""
        out: dict[Mono, int] = {}
        for ma, ca in self.terms:
            for mb, cb in other.terms:
                m = tuple(sorted(ma + mb))
                if len(m) > MAX_DEGREE:
                    return None
                out[m] = out.get(m, 0) + ca * cb
        if len(out) > MAX_TERMS:
            return None
        return Poly.of(out)

    @property
    def constant(self) -> int | None:
        """The value where the polynomial is a constant, else None."""
        if not self.terms:
            return 0
        if len(self.terms) == 1 and self.terms[0][0] == ():
            return self.terms[0][1]
        return None

    def symbols(self) -> set[str]:
        return {s for m, _ in self.terms for s in m}

    def kind(self) -> Kind:
        """The kind of value this is: varying where the thread index or a varying unknown
        appears, data where a value read from memory does."""
        known = self.__dict__.get("_kind")
        if known is None:
            known = UNIFORM
            for s in self.symbols():
                known = known | symbol_kind(s)
            self.__dict__["_kind"] = known  # a frozen value: its kind never changes
        return known

    def evaluate(self, env: Mapping[str, int]) -> int | None:
        """The value with every symbol bound, or None where one is not in ``env``."""
        total = 0
        for m, c in self.terms:
            value = c
            for s in m:
                if s not in env:
                    return None
                value *= env[s]
            total += value
        return total

    def describe(self) -> str:
        if not self.terms:
            return "0"
        parts = []
        for m, c in self.terms:
            names = "*".join(_short(s) for s in m)
            if not names:
                parts.append(str(c))
            elif c == 1:
                parts.append(names)
            else:
                parts.append(f"{c}*{names}")
        return " + ".join(parts).replace("+ -", "- ")


def _short(symbol: str) -> str:
    """A symbol as a reader knows it: blockDim.x, ``arg4`` for the kernel's fifth argument
    (PTX names parameters ``<kernel>_param_4``)."""
    name = symbol.split(":", 1)[1] if ":" in symbol else symbol
    if name.startswith("ntid."):
        return "blockDim." + name[5:]
    if name.startswith("param:"):
        param = name[6:]
        match = re.search(r"_param_(\d+)(\+\d+)?$", param)
        return f"arg{match.group(1)}{match.group(2) or ''}" if match else param
    if name.startswith("var:"):
        return name[4:]
    if name in TID:
        return name
    if name.startswith("ctaid."):
        return "blockIdx." + name[6:]
    if name.startswith("nctaid."):
        return "gridDim." + name[7:]
    return "K"  # a value the code computes (every thread of a block the same for u:)


def split_by_tid(poly: Poly) -> tuple[dict[str, Poly], Poly, bool]:
    """(the coefficient of each thread index that appears, the rest, affine?): affine when
    each term holds at most one thread index and, holding one, no varying unknown."""
    coefficients: dict[str, dict[Mono, int]] = {}
    rest: dict[Mono, int] = {}
    affine = True
    for m, c in poly.terms:
        tids = [s for s in m if s in TID]
        if not tids:
            rest[m] = c
            continue
        if len(tids) > 1:
            affine = False
            continue
        others = tuple(s for s in m if s not in TID)
        if any(symbol_kind(s).varying for s in others):
            affine = False
            continue
        coefficients.setdefault(tids[0], {})[others] = c
    return ({t: Poly.of(v) for t, v in coefficients.items()}, Poly.of(rest), affine)


def kind_of_terms(terms: Iterable[tuple[Mono, int]]) -> Kind:
    kind = UNIFORM
    for m, _ in terms:
        for s in m:
            kind = kind | symbol_kind(s)
    return kind
