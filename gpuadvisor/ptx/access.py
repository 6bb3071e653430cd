"""A kernel's global memory accesses as its code writes them: for each load, store and
atomic, how the address moves with threadIdx.x, threadIdx.y and threadIdx.z.

Counters measure sectors per request at the profiled shape only; one profile at 32 columns
cannot say whether threadIdx.y walks rows or elements (issue 11). The PTX can: an address
``base + 4*tid.x + 4*width*tid.y`` is contiguous along x whatever the block. Each access is
one of

* ``affine``: a polynomial of degree one in the thread index with uniform coefficients;
  its byte strides are known symbolically (``4*width``, ``4*blockDim.x``) and evaluated per
  candidate shape;
* ``uniform``: every thread of the block reads the same address (a broadcast);
* ``gather``: the address depends on a value each thread read from memory (an index);
* ``irregular``: a non-affine function of the thread index (``tid.x / 3``), not modelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gpuadvisor.ptx.dataflow import Interpreter, MemoryOp
from gpuadvisor.ptx.parse import Entry, Module
from gpuadvisor.ptx.poly import TID, Poly, split_by_tid


@dataclass(frozen=True)
class CodeAccess:
    """One global memory instruction's access pattern."""

    kind: str  # "load", "store" or "atomic"
    width: int  # bytes a thread moves
    pattern: str  # "affine", "uniform", "rows", "gather" or "irregular"
    strides: tuple[tuple[str, Poly], ...]  # (tid.x/y/z, byte stride): affine accesses
    opcode: str
    line: int | None = None
    file: str | None = None

    def stride(self, axis: str) -> Poly:
        return dict(self.strides).get(axis, Poly())

    def where(self) -> str:
        name = (self.file or "").rsplit("/", 1)[-1]
        if self.line is None:
            return self.opcode
        return f"{name}:{self.line}" if name else f"line {self.line}"

    def describe(self) -> str:
        if self.pattern == "affine":
            x, y = self.stride("tid.x"), self.stride("tid.y")
            return f"x {_bytes(x)}, y {_bytes(y)}"
        if self.pattern == "rows":
            return (f"x {_bytes(self.stride('tid.x'))}, each row from an offset of its own "
                    "(computed from the row or read from memory)")
        return {"uniform": "the same address for every thread (broadcast)",
                "gather": "data-dependent (an index read from memory)",
                "irregular": "a non-affine function of the thread index"}[self.pattern]


@dataclass(frozen=True)
class KernelCode:
    """Every global access of one kernel (``.entry``), in program order."""

    entry: str
    params: tuple[str, ...]
    accesses: tuple[CodeAccess, ...]
    problem: str = ""  # why the accesses are unknown (the analysis did not settle)
    #: the shared-memory loads of a block-tiled product (:func:`shared_tile_loads`): how many
    #: walk a row panel (threadIdx.y or .z, not .x) and a column panel (threadIdx.x alone)
    shared_tile: tuple[int, int] | None = None

    def side(self, kind: str) -> tuple[CodeAccess, ...]:
        """``load``: loads; ``store``: stores and atomics (ncu counts a reduction's request
        with the stores)."""
        if kind == "load":
            return tuple(a for a in self.accesses if a.kind == "load")
        return tuple(a for a in self.accesses if a.kind in ("store", "atomic"))

    def env(self, bx: int, by: int, bz: int = 1,
            params: Mapping[str, int] | None = None) -> dict[str, int]:
        """Symbol values at a block shape; ``params``: scalar arguments by position
        (``"0"``, ``"1"`` ...) or by PTX parameter name."""
        env = {"u:ntid.x": bx, "u:ntid.y": by, "u:ntid.z": bz}
        for key, value in (params or {}).items():
            name = self.params[int(key)] if key.isdigit() and int(key) < len(self.params) \
                else key
            env[f"u:param:{name}"] = int(value)
        return env


def analyze_entry(entry: Entry) -> KernelCode:
    try:
        ops = Interpreter(entry).run()
    except RuntimeError as err:  # a control flow the widening did not settle: say so
        return KernelCode(entry.name, entry.params, (), f"its PTX was not read ({err})")
    accesses = tuple(_classify(op) for op in ops if op.space == "global")
    return KernelCode(entry.name, entry.params, accesses, shared_tile=shared_tile_loads(ops))


def shared_tile_loads(ops: list[MemoryOp]) -> tuple[int, int] | None:
    """(row-panel loads, column-panel loads) where the kernel computes a block-tiled product,
    else None. The signature of a tile staged in shared memory and multiplied there: global
    loads stored to shared memory, and inside a loop (an address with a loop-carried term)
    shared loads that move with threadIdx.y or .z but not .x (``As[ty][k]``: the block's
    rows share a row panel) beside shared loads that move with threadIdx.x alone
    (``Bs[k][tx]``: its columns share a column panel). Each element loaded then feeds as many
    multiply-adds as the block has columns (rows), so the block's shape is the tile's.
    Stencils, transposes and reductions index shared memory by both thread axes at once."""
    def axes(op: MemoryOp) -> set[str]:
        return {v for monomial, _c in op.address.terms for v in monomial if v in TID}

    def looped(op: MemoryOp) -> bool:
        return any(v.startswith("u:join:") for monomial, _c in op.address.terms
                   for v in monomial)

    shared_loads = [op for op in ops if op.space == "shared" and op.kind == "load"
                    and looped(op)]
    rows = sum(1 for op in shared_loads if axes(op) and "tid.x" not in axes(op))
    columns = sum(1 for op in shared_loads if axes(op) == {"tid.x"})
    staged = (any(op.space == "shared" and op.kind == "store" for op in ops)
              and any(op.space == "global" and op.kind == "load" for op in ops))
    return (rows, columns) if rows and columns and staged else None


def analyze_module(module: Module) -> dict[str, KernelCode]:
    return {name: analyze_entry(entry) for name, entry in module.entries.items()}


def _classify(op: MemoryOp) -> CodeAccess:
    ins = op.instruction
    coefficients, rest, affine = split_by_tid(op.address)
    prefixes = {s.split(":", 1)[0] for s in op.address.symbols()}
    if "vd" in prefixes:
        pattern = "gather"
    elif not affine or "v" in prefixes:
        pattern = "irregular"
    elif prefixes & {"w", "wd"}:
        # an affine walk along x from a row's own offset, computed from tid.y or read from
        # memory by the row (a voxel's channels at a cell index the row loaded)
        pattern = "rows"
    elif not coefficients:
        pattern = "uniform"
    else:
        pattern = "affine"
    strides = tuple((t, coefficients[t]) for t in TID if t in coefficients) \
        if pattern in ("affine", "rows") else ()
    return CodeAccess(op.kind, op.width, pattern, strides, ins.opcode, ins.line, ins.file)


def _bytes(stride: Poly) -> str:
    value = stride.constant
    if value is not None:
        return "0 B (the same address)" if value == 0 else f"{value} B apart"
    return f"{stride.describe()} B apart"
