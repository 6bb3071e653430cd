"""Which address each memory instruction of a kernel computes, as a polynomial in the thread
index: an abstract interpretation of the PTX over its control-flow graph.

Every register holds a :class:`~gpuadvisor.ptx.poly.Poly`. Additions, multiplications,
shifts by a constant, conversions and ``mad``/``fma`` are followed exactly; any other
operation gives a fresh unknown whose kind (uniform or varying, read from memory or not)
follows from its operands. Where control flow joins two different values, the terms both
share are kept and the rest becomes a fresh unknown of the kind of the terms that differ
(a loop counter every thread steps alike stays uniform, so ``a[i * n + tid.x]`` inside a
loop is still seen as x-contiguous); a join that keeps changing is widened until it
stops, so the analysis ends on any control flow.
"""

from __future__ import annotations

import math
import re
import struct
from dataclasses import dataclass

from gpuadvisor.ptx.parse import Entry, Instruction, Label, split_operands
from gpuadvisor.ptx.poly import TID, UNIFORM, VARYING, Kind, Poly, kind_of_terms, split_by_tid

_SPECIAL = {
    "%tid.x": "tid.x", "%tid.y": "tid.y", "%tid.z": "tid.z",
    **{f"%{r}.{d}": f"u:{r}.{d}" for r in ("ntid", "ctaid", "nctaid", "nclusterid",
                                            "clusterid", "cluster_ctaid", "cluster_nctaid")
       for d in "xyz"},
}
_INT = re.compile(r"^-?(0[xX][0-9a-fA-F]+|\d+)[uU]?$")
_ADDRESS = re.compile(r"^\[\s*([^\]+\-\s]+)\s*(?:([+-])\s*(-?(?:0[xX][0-9a-fA-F]+|\d+)))?\s*\]$")
_NO_DESTINATION = {"st", "red", "bar", "barrier", "bra", "brx", "ret", "exit", "membar",
                   "fence", "prefetch", "prefetchu", "trap", "brkpt", "nanosleep", "pmevent",
                   "cp", "griddepcontrol", "discard", "applypriority", "setmaxnreg",
                   "stmatrix", "wgmma", "tcgen05", "mbarrier", "multimem", "stackrestore"}
_MEMORY = {"ld", "ldu", "st", "atom", "red"}
_ROUNDING_TO_INT = {"rzi", "rmi", "rni", "rpi"}
MAX_VISITS = 200  # per block: widening ends every loop long before this


@dataclass(frozen=True)
class MemoryOp:
    """One load, store or atomic: where it is and the address it computes."""

    instruction: Instruction
    kind: str  # "load", "store" or "atomic"
    space: str  # "global", "shared", "local", "const", "param"
    width: int  # bytes each thread moves
    address: Poly


class Interpreter:
    """Runs one kernel's PTX over polynomials (see the module docstring)."""

    def __init__(self, entry: Entry) -> None:
        self.entry = entry
        self.params = set(entry.params)
        self._joined: dict[tuple[str, str], Poly] = {}
        self.ops: dict[int, MemoryOp] = {}

    # ------------------------------------------------------------------ control flow
    def run(self) -> list[MemoryOp]:
        blocks = _blocks(self.entry.body)
        names = [name for name, _ in blocks]
        index = {name: i for i, name in enumerate(names)}
        successors = [_successors(i, body, index, len(blocks)) for i, (_, body)
                      in enumerate(blocks)]
        predecessors: list[list[int]] = [[] for _ in blocks]
        for i, succ in enumerate(successors):
            for j in succ:
                predecessors[j].append(i)
        out: list[dict[str, Poly] | None] = [None] * len(blocks)
        visits = [0] * len(blocks)
        work = [0] if blocks else []
        queued = set(work)
        while work:
            i = min(work)  # program order: loops settle before what follows them
            work.remove(i)
            queued.discard(i)
            visits[i] += 1
            if visits[i] > MAX_VISITS:
                raise RuntimeError(f"{self.entry.name}: the analysis did not settle")
            state = self._entry_state(names[i], [out[p] for p in predecessors[i]], i == 0)
            for instruction in blocks[i][1]:
                self._step(instruction, state)
            if state != out[i]:
                out[i] = state
                for j in successors[i]:
                    if j not in queued:
                        work.append(j)
                        queued.add(j)
        return [self.ops[k] for k in sorted(self.ops)]

    def _entry_state(self, name: str, incoming: list[dict[str, Poly] | None], first: bool
                     ) -> dict[str, Poly]:
        states = [s for s in incoming if s is not None]
        if not states:
            return {}
        if len(states) == 1 and not first:
            return dict(states[0])
        merged = dict(states[0])
        for state in states[1:]:
            for reg, other in state.items():
                value = merged.get(reg)
                if value is None:
                    merged[reg] = other
                elif value is not other and value != other:
                    merged[reg] = self._join(value, other, (name, reg))
        return merged

    def _join(self, a: Poly, b: Poly, key: tuple[str, str]) -> Poly:
        if a == b:
            return a
        da, db = a.as_dict(), b.as_dict()
        common = {m: c for m, c in da.items() if db.get(m) == c}
        ka, kb = a.kind(), b.kind()
        if ka.varying != kb.varying:
            # one side the same for every thread (a special case such as `if (cols == 1)
            # i = 0`): the condition that chose it is uniform too, so a warp follows one
            # side; keep the thread-index terms of the side that has them
            varying = da if ka.varying else db
            coefficients, _, affine = split_by_tid(a if ka.varying else b)
            if affine and coefficients and not (ka | kb).data:
                common = {m: c for m, c in varying.items() if any(s in TID for s in m)}
        differing = [(m, c) for m, c in (*da.items(), *db.items()) if m not in common]
        kind = kind_of_terms(differing)
        candidate = Poly.of(common) + Poly.symbol(_fresh(kind, "join", *key))
        previous = self._joined.get(key)
        if previous is not None and candidate != previous:
            # widen: keep the terms both rounds kept, an unknown of the kinds either had
            mine = f"join:{key[0]}:{key[1]}"
            before = previous.as_dict()
            kept = {m: c for m, c in common.items() if before.get(m) == c
                    and not any(s.split(":", 1)[-1] == mine for s in m)}
            kind = kind | kind_of_terms(
                (m, c) for m, c in previous.terms if any(s.split(":", 1)[-1] == mine for s in m))
            candidate = Poly.of(kept) + Poly.symbol(_fresh(kind, "join", *key))
        self._joined[key] = candidate
        return candidate

    # ------------------------------------------------------------------ instructions
    def _step(self, ins: Instruction, state: dict[str, Poly]) -> None:
        root, mods = ins.root, ins.modifiers
        if root in _MEMORY:
            self._memory(ins, state)
            return
        if root in _NO_DESTINATION or not ins.operands:
            if root == "cp" and "async" in mods and len(ins.operands) >= 3:
                self._record(ins, "load", "global", _int(ins.operands[2]) or 16,
                             self._address(ins.operands[1], state))
            return
        dst = ins.operands[0]
        sources = ins.operands[1:]
        if root == "call":
            self._call(ins, state)
            return
        value = self._compute(ins, root, mods, sources, state)
        if dst.startswith("{"):  # unpacking mov.b64 {%r1, %r2}, %rd1: each part unknown
            kind = value.kind()
            for k, part in enumerate(split_operands(dst[1:-1])):
                self._assign(ins, part, Poly.symbol(_fresh(kind, ins.index, k)), state)
            return
        for k, name in enumerate(dst.split("|")):  # setp's two predicates
            self._assign(ins, name.strip(), value if k == 0 else
                         Poly.symbol(_fresh(value.kind(), ins.index, k)), state)

    def _compute(self, ins: Instruction, root: str, mods: tuple[str, ...],
                 sources: tuple[str, ...], state: dict[str, Poly]) -> Poly:
        vals = [self._value(s, state) for s in sources]
        carry = "cc" in mods or root in ("addc", "subc", "madc")
        if root in ("mov", "cvta") and vals:
            return vals[0]
        if root == "cvt" and vals:
            if (_ROUNDING_TO_INT & set(mods) or _to_int_from_float(mods)) and any(
                    s.startswith("u:imm") for s in vals[0].symbols()):
                return self._unknown(ins, vals)
            return vals[0]
        if root in ("add", "sub") and len(vals) == 2 and not carry:
            return vals[0] + vals[1] if root == "add" else vals[0] - vals[1]
        if root == "neg" and vals:
            return -vals[0]
        if root == "not" and vals and "pred" not in mods:  # two's complement: ~x = -x - 1
            return -vals[0] - Poly.const(1)
        if root in ("mul", "mul24") and len(vals) == 2 and "hi" not in mods and not carry:
            return vals[0].times(vals[1]) or self._unknown(ins, vals)
        if root in ("mad", "fma", "mad24") and len(vals) == 3 and "hi" not in mods \
                and not carry:
            product = vals[0].times(vals[1])
            return product + vals[2] if product is not None else self._unknown(ins, vals)
        if root == "shl" and len(vals) == 2 and vals[1].constant is not None \
                and 0 <= vals[1].constant < 64:
            return vals[0].scale(1 << vals[1].constant)
        interior = _interior(root, vals)
        if interior is not None:
            return interior
        return self._unknown(ins, vals)

    def _call(self, ins: Instruction, state: dict[str, Poly]) -> None:
        """``call (ret), f, (args)``: the results are unknowns of the arguments' kind (the
        arguments travel through st.param, so read as varying where the call is varying)."""
        if len(ins.operands) >= 2 and ins.operands[0].startswith("("):
            for k, name in enumerate(split_operands(ins.operands[0][1:-1])):
                self._assign(ins, name, Poly.symbol(_fresh(VARYING, ins.index, k)), state)

    def _memory(self, ins: Instruction, state: dict[str, Poly]) -> None:
        root, mods, ops = ins.root, ins.modifiers, ins.operands
        if root in ("ld", "ldu") and "param" in mods:
            name = _param_name(ops[1]) if len(ops) > 1 else None
            value = (Poly.symbol(f"u:param:{name}") if name in self.params
                     else Poly.symbol(_fresh(VARYING, ins.index, 0)))  # a call's result
            self._assign(ins, ops[0], value, state)
            return
        if root in ("st", "red"):
            if not ops:
                return
            address = self._address(ops[0], state)
            kind = "store" if root == "st" else "atomic"
        else:
            if len(ops) < 2:
                return
            address = self._address(ops[1], state)
            kind = "load" if root in ("ld", "ldu") else "atomic"
            where = address.kind()  # (along_x False: read where only the rows move it)
            read = Kind(where.varying, True, where.along_x)
            dsts = split_operands(ops[0][1:-1]) if ops[0].startswith("{") else [ops[0]]
            for k, dst in enumerate(dsts):
                self._assign(ins, dst, Poly.symbol(_fresh(read, ins.index, k)), state)
        space = _space(mods, address, self.entry.variables)
        self._record(ins, kind, space, _width(mods), address)

    def _record(self, ins: Instruction, kind: str, space: str, width: int, address: Poly
                ) -> None:
        # a block's last visit runs on its settled entry state: the last address is the one
        self.ops[ins.index] = MemoryOp(ins, kind, space, width, address)

    def _assign(self, ins: Instruction, dst: str, value: Poly, state: dict[str, Poly]) -> None:
        if ins.guard is not None and dst in state:  # a predicated write: old or new
            value = self._join(state[dst], value, (f"@{ins.index}", dst))
        state[dst] = value

    def _unknown(self, ins: Instruction, vals: list[Poly]) -> Poly:
        kind = UNIFORM
        for v in vals:
            kind = kind | v.kind()
        return Poly.symbol(_fresh(kind, ins.index, 0))

    def _value(self, operand: str, state: dict[str, Poly]) -> Poly:
        operand = operand.strip()
        if operand.startswith("!"):
            operand = operand[1:]
        if operand in state:
            return state[operand]
        if operand in _SPECIAL:
            return Poly.symbol(_SPECIAL[operand])
        if operand.startswith("%"):
            if operand[1:].split(".")[0] in ("laneid", "warpid", "smid", "nsmid", "gridid",
                                             "clock", "clock64", "globaltimer",
                                             "lanemask_eq", "lanemask_lt", "lanemask_le",
                                             "lanemask_gt", "lanemask_ge"):
                return Poly.symbol(f"v:{operand[1:]}")
            return Poly.symbol(f"u:undefined:{operand}")  # read before any write
        if _INT.match(operand):
            text = operand.rstrip("uU")
            return Poly.const(int(text, 16) if "x" in text.lower() else int(text))
        number = _float(operand)
        if number is not None:
            if number == int(number) and abs(number) < 2**53:
                return Poly.const(int(number))
            return Poly.symbol(f"u:imm:{operand}")
        if operand.startswith("{"):  # packed parts: an unknown of their kinds
            kind = UNIFORM
            for part in split_operands(operand[1:-1]):
                kind = kind | self._value(part, state).kind()
            return Poly.symbol(_fresh(kind, "vector", operand.replace(" ", "")))
        return Poly.symbol(f"u:var:{operand}")  # a variable's address

    def _address(self, operand: str, state: dict[str, Poly]) -> Poly:
        match = _ADDRESS.match(operand.strip())
        if not match:
            return Poly.symbol(f"u:address:{operand}")
        base = self._value(match.group(1), state)
        if match.group(2):
            offset = int(match.group(3), 16 if "x" in match.group(3).lower() else 10)
            base = base + Poly.const(-offset if match.group(2) == "-" else offset)
        return base


def _interior(root: str, vals: list[Poly]) -> Poly | None:
    """Boundary handling that all but the edge threads pass through unchanged, read as the
    identity: a clamp ``min(max(x + k, 0), width - 1)``, a mirror ``abs(x)`` or ``x % n``
    (``n`` uniform), and a select between ``x`` and ``n - x``. Only the addresses' strides
    along the thread index matter here, and the edge threads are a block's few."""
    if root in ("selp", "slct") and len(vals) == 3:
        a, b = vals[0], vals[1]
        if a == b:
            return a
        ca, _, affine_a = split_by_tid(a)
        cb, _, affine_b = split_by_tid(b)
        if ca and affine_a and affine_b and (ca == cb or ca == {t: -c for t, c in cb.items()}):
            return a
        return None
    if root in ("min", "max") and len(vals) == 2:
        kinds = [v.kind() for v in vals]
        if kinds[0].varying != kinds[1].varying and not any(k.data for k in kinds):
            x, n = (vals[0], vals[1]) if kinds[0].varying else (vals[1], vals[0])
            if root == "min" and _radius_like(n):
                return n
            return x
        return None
    if root == "abs" and len(vals) == 1 and not vals[0].kind().data:
        return vals[0]
    if root == "rem" and len(vals) == 2:
        kinds = [v.kind() for v in vals]
        if kinds[0].varying and not kinds[0].data and not kinds[1].varying \
                and not kinds[1].data:
            return vals[0]
    return None


def _radius_like(bound: Poly) -> bool:
    """A bound most threads' values exceed: a bare kernel parameter or a small constant
    (``min(i, r)``, a window's reach clipped at the edge), unlike a clamp's ``width - 1``."""
    c = bound.constant
    if c is not None:
        return 0 < c <= 16
    terms = bound.as_dict()
    return len(terms) == 1 and all(
        coeff == 1 and len(m) == 1 and m[0].startswith("u:param:") for m, coeff in terms.items())


def _fresh(kind: Kind, *key: object) -> str:
    return f"{kind.prefix}:" + ":".join(str(k) for k in key)


def _blocks(body: tuple[Instruction | Label, ...]) -> list[tuple[str, list[Instruction]]]:
    blocks: list[tuple[str, list[Instruction]]] = [("<entry>", [])]
    for item in body:
        if isinstance(item, Label):
            if blocks[-1][1] or blocks[-1][0] != "<entry>" or len(blocks) > 1:
                blocks.append((item.name, []))
            else:
                blocks[-1] = (item.name, [])
            continue
        blocks[-1][1].append(item)
        if item.root in ("bra", "brx", "ret", "exit", "trap"):
            blocks.append((f"<after {item.index}>", []))
    return [b for b in blocks if b[1] or not b[0].startswith("<after")]


def _successors(i: int, body: list[Instruction], index: dict[str, int], count: int
                ) -> list[int]:
    last = body[-1] if body else None
    falls = i + 1 < count
    if last is None:
        return [i + 1] if falls else []
    if last.root == "bra":
        target = index.get(last.operands[0].strip()) if last.operands else None
        out = [target] if target is not None else []
        if last.guard is not None and falls:
            out.append(i + 1)
        return out
    if last.root == "brx":
        return list(range(count))
    if last.root in ("ret", "exit", "trap") and last.guard is None:
        return []
    return [i + 1] if falls else []


def _param_name(operand: str) -> str | None:
    match = _ADDRESS.match(operand.strip())
    if not match:
        return None
    name = match.group(1)
    if match.group(2):
        return f"{name}+{match.group(3)}" if match.group(3) != "0" else name
    return name


def _space(mods: tuple[str, ...], address: Poly, variables: dict[str, str]) -> str:
    for space in ("global", "shared", "local", "const", "param"):
        if space in mods:
            return space
    for symbol in address.symbols():  # generic addressing: where does the pointer come from?
        if symbol.startswith("u:var:"):
            name = symbol[6:]
            if name in variables:
                return variables[name]
            if name.startswith("__local_depot"):
                return "local"
    return "global"


_TYPE_BYTES = {"b8": 1, "u8": 1, "s8": 1, "b16": 2, "u16": 2, "s16": 2, "f16": 2, "bf16": 2,
               "f16x2": 4, "bf16x2": 4, "b32": 4, "u32": 4, "s32": 4, "f32": 4, "tf32": 4,
               "b64": 8, "u64": 8, "s64": 8, "f64": 8, "b128": 16}


def _width(mods: tuple[str, ...]) -> int:
    size = next((_TYPE_BYTES[m] for m in reversed(mods) if m in _TYPE_BYTES), 4)
    vector = next((int(m[1:]) for m in mods if m in ("v2", "v4", "v8")), 1)
    return size * vector


def _int(text: str) -> int | None:
    text = text.strip()
    if not _INT.match(text):
        return None
    text = text.rstrip("uU")
    return int(text, 16) if "x" in text.lower() else int(text)


def _float(text: str) -> float | None:
    text = text.strip()
    try:
        if text[:2] in ("0f", "0F") and len(text) == 10:
            value = struct.unpack(">f", bytes.fromhex(text[2:]))[0]
        elif text[:2] in ("0d", "0D") and len(text) == 18:
            value = struct.unpack(">d", bytes.fromhex(text[2:]))[0]
        elif re.match(r"^-?\d+\.\d*(e-?\d+)?$", text):
            value = float(text)
        else:
            return None
    except (ValueError, struct.error):
        return None
    return value if math.isfinite(value) else None


def _to_int_from_float(mods: tuple[str, ...]) -> bool:
    types = [m for m in mods if m in _TYPE_BYTES]
    return len(types) == 2 and types[0][0] in "us" and types[1][0] in "fb" \
        and types[1].startswith(("f", "bf"))
