"""The built-in kernels' manifest (``kernels/manifest.yaml``): what each kernel is and how to
launch it for any block shape.

The manifest is data: sizes, grids, shared memory and constraints are small arithmetic
expressions over the block shape (``bx``, ``by``, ``bz``), the kernel's problem-size
parameters (``ROWS``, ``N``, ...) and a few architecture facts (``warp_size``,
``max_warps_per_sm``, ``sm_count``), evaluated by :func:`evaluate` (arithmetic only: no
attributes, no calls beyond ``ceil``/``floor``/``min``/``max``/``cdiv``).
"""

from __future__ import annotations

import ast
import functools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.paths import kernels_dir
from gpuadvisor.shapes import Shape, parse_shape
from gpuadvisor.yaml_text import load_cached, safe_load

ACCESS_PATTERNS = ("coalesced", "reuse", "scattered", "random")
ARG_KINDS = ("input", "output", "inout", "scratch", "scalar")
DTYPES = ("int32", "uint32", "int64", "float32", "float64")
LAUNCH_PLANS = ("single", "stages", "stages_adaptive")
#: Buffer initializations: zeros; integers in [low, high); rowptr, the row pointers of a
#: CSR matrix (1-D, rows + 1 entries, from 0 to ``total`` in random row lengths); slab_lists,
#: a SlabHash table of equal-length bucket lists (``part: slabs``, the slab pool) and the keys
#: searched in it (``part: queries``), from the expressions ``slabs``, ``steps``, ``queries``,
#: ``hash_x`` and ``hash_y`` (gpuadvisor.targets.data.slab_lists).
INIT_DISTS = ("zeros", "integers", "rowptr", "slab_lists")
#: The expressions a slab_lists init names.
SLAB_LIST_INIT_KEYS = ("slabs", "steps", "queries", "hash_x", "hash_y")
#: CUDA's grid limits (x, y, z) since compute capability 3.0.
MAX_GRID = (2**31 - 1, 65535, 65535)


# ---------------------------------------------------------------------------- expressions
_FUNCS = {
    "ceil": lambda x: int(math.ceil(x)),
    "floor": lambda x: int(math.floor(x)),
    "min": min,
    "max": max,
    "cdiv": lambda a, b: -(-int(a) // int(b)),
}
_BINOPS = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.Mod: lambda a, b: a % b,
    ast.Pow: lambda a, b: a**b,
}
_CMPOPS = {
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
}


@functools.lru_cache(maxsize=8192)
def _parse(text: str) -> ast.Expression:
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as err:
        raise UserError(f"bad expression {text!r}: {err.msg}") from None
    for node in ast.walk(tree):
        allowed = (
            ast.Expression,
            ast.BinOp,
            ast.UnaryOp,
            ast.Constant,
            ast.Name,
            ast.Call,
            ast.Compare,
            ast.BoolOp,
            ast.Load,
            ast.USub,
            ast.UAdd,
            ast.Not,
            ast.And,
            ast.Or,
            *_BINOPS,
            *_CMPOPS,
        )
        if not isinstance(node, allowed):
            raise UserError(f"bad expression {text!r}: {type(node).__name__} is not allowed")
        if isinstance(node, ast.Call) and (
            not isinstance(node.func, ast.Name) or node.func.id not in _FUNCS or node.keywords
        ):
            raise UserError(f"bad expression {text!r}: only {', '.join(_FUNCS)} may be called")
        if isinstance(node, ast.Constant) and not isinstance(node.value, int | float):
            raise UserError(f"bad expression {text!r}: only numbers are allowed")
    return tree


def expression_names(text: str | int | float) -> set[str]:
    """The variable names an expression reads (function names excluded)."""
    if not isinstance(text, str):
        return set()
    return set(_names(text))


@functools.lru_cache(maxsize=8192)
def _names(text: str) -> frozenset[str]:
    """:func:`expression_names` of a text, remembered: the manifest's 622 kernels repeat most
    of their expressions (``cdiv(N, bx)``), and walking each tree again was a third of
    loading it."""
    tree = _parse(text)
    calls = {id(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return frozenset(n.id for n in ast.walk(tree)
                     if isinstance(n, ast.Name) and id(n) not in calls)


def evaluate(text: str | int | float, names: Mapping[str, Any]) -> Any:
    """Evaluate a manifest expression; unknown names are a UserError naming the expression."""
    if isinstance(text, bool):
        return text
    if isinstance(text, int | float):
        return text
    return _eval(_parse(str(text)).body, names, str(text))


def _eval(node: ast.AST, names: Mapping[str, Any], text: str) -> Any:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id not in names:
            raise UserError(f"expression {text!r} uses unknown name {node.id!r}")
        return names[node.id]
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, names, text), _eval(node.right, names, text)
        try:
            return _BINOPS[type(node.op)](left, right)
        except ZeroDivisionError:
            raise UserError(f"expression {text!r} divides by zero") from None
    if isinstance(node, ast.UnaryOp):
        value = _eval(node.operand, names, text)
        if isinstance(node.op, ast.Not):
            return not value
        return -value if isinstance(node.op, ast.USub) else +value
    if isinstance(node, ast.Compare):
        left = _eval(node.left, names, text)
        for op, comparator in zip(node.ops, node.comparators, strict=True):
            right = _eval(comparator, names, text)
            if not _CMPOPS[type(op)](left, right):
                return False
            left = right
        return True
    if isinstance(node, ast.BoolOp):
        values = (_eval(v, names, text) for v in node.values)
        return all(values) if isinstance(node.op, ast.And) else any(values)
    if isinstance(node, ast.Call):
        args = [_eval(a, names, text) for a in node.args]
        return _FUNCS[node.func.id](*args)  # type: ignore[union-attr]
    raise UserError(f"bad expression {text!r}")  # pragma: no cover - _parse rejects the rest


# ---------------------------------------------------------------------------- the spec
@dataclass(frozen=True)
class ArgSpec:
    """One kernel argument (or a buffer a launch plan uses)."""

    name: str
    kind: str  # input | output | inout | scratch | scalar
    dtype: str
    shape: tuple[str | int, ...] = ()
    init: Mapping[str, Any] | None = None  # {dist: zeros|integers|rowptr|slab_lists, ...}
    value: str | int | float | None = None  # scalars

    @property
    def is_buffer(self) -> bool:
        return self.kind != "scalar"


@dataclass(frozen=True)
class Constraint:
    expr: str
    reason: str


@dataclass(frozen=True)
class KernelSpec:
    """One built-in kernel, as the manifest describes it."""

    name: str
    title: str
    source: Path
    entry: str
    access: str
    element_type: str
    dims: int
    params: dict[str, str | int]
    args: tuple[ArgSpec, ...]
    grid: tuple[str | int, str | int, str | int]
    shared_mem_dynamic: str | int = 0
    constraints: tuple[Constraint, ...] = ()
    launch: Mapping[str, Any] = field(default_factory=lambda: {"plan": "single"})
    reference: str = ""
    check: Mapping[str, Any] = field(default_factory=dict)
    seeds: str = ""
    shape_mapping: str = ""
    problem: str = ""
    notes: str = ""
    data_seed: int = 0
    #: the block the ported project's own host code launches at this problem (None where
    #: the kernel was not ported or its commit does not say): the app's current shape
    host_block: Shape | None = None

    @property
    def plan(self) -> str:
        return str(self.launch.get("plan", "single"))

    def arg(self, name: str) -> ArgSpec:
        for arg in self.args:
            if arg.name == name:
                return arg
        raise KeyError(name)

    def resolve_params(
        self,
        overrides: Mapping[str, int] | None = None,
        arch_names: Mapping[str, int] | None = None,
    ) -> dict[str, int]:
        """Problem-size parameters: manifest defaults, then overrides, evaluated in order."""
        overrides = dict(overrides or {})
        unknown = sorted(set(overrides) - set(self.params))
        if unknown:
            raise UserError(
                f"kernel {self.name} has no parameter {unknown[0]!r} "
                f"(it has {', '.join(self.params) or 'none'})"
            )
        names: dict[str, Any] = dict(_default_arch_names())
        names.update(arch_names or {})
        resolved: dict[str, int] = {}
        for key, default in self.params.items():
            value = overrides.get(key, default)
            result = evaluate(value, {**names, **resolved})
            if not isinstance(result, int | float) or result != int(result) or result < 0:
                raise UserError(
                    f"kernel {self.name}: parameter {key} must be a whole number "
                    f">= 0, got {result!r}"
                )
            resolved[key] = int(result)
        return resolved

    def names(self, block: Shape, params: Mapping[str, int]) -> dict[str, Any]:
        bx, by, bz = block
        return {
            **_default_arch_names(),
            **params,
            "bx": bx,
            "by": by,
            "bz": bz,
            "threads": bx * by * bz,
        }

    def grid_for(self, block: Shape, params: Mapping[str, int]) -> tuple[int, int, int]:
        names = self.names(block, params)
        gx, gy, gz = (int(evaluate(e, names)) for e in self.grid)
        return max(gx, 1), max(gy, 1), max(gz, 1)

    def dynamic_smem(self, block: Shape, params: Mapping[str, int]) -> int:
        return int(evaluate(self.shared_mem_dynamic, self.names(block, params)))

    def constraint_reason(self, block: Shape, params: Mapping[str, int]) -> str | None:
        """Why this block shape cannot run this kernel (None: it can)."""
        names = self.names(block, params)
        for constraint in self.constraints:
            if not evaluate(constraint.expr, names):
                return constraint.reason
        grid = self.grid_for(block, params)
        for axis, (dim, limit) in enumerate(zip(grid, MAX_GRID, strict=True)):
            if dim > limit:
                return f"grid {'xyz'[axis]} = {dim} exceeds CUDA's limit of {limit}"
        return None

    def buffer_elements(self, arg: ArgSpec, params: Mapping[str, int]) -> tuple[int, ...]:
        names = {**_default_arch_names(), **params}
        return tuple(int(evaluate(d, names)) for d in arg.shape)


def _default_arch_names() -> dict[str, int]:
    """Architecture names manifests may use; Hopper's values until a device says otherwise."""
    return {"warp_size": 32, "max_warps_per_sm": 64, "sm_count": 132}


def arch_names(arch: Any = None, sm_count: int | None = None) -> dict[str, int]:
    """The architecture names a manifest expression may read, from an Arch (or defaults)."""
    names = _default_arch_names()
    if arch is not None:
        names["warp_size"] = int(arch.warp_size)
        names["max_warps_per_sm"] = int(arch.max_warps_per_sm)
    if sm_count:
        names["sm_count"] = int(sm_count)
    return names


# ---------------------------------------------------------------------------- loading
def manifest_path() -> Path:
    return kernels_dir() / "manifest.yaml"


def load_manifest(path: str | Path | None = None) -> dict[str, KernelSpec]:
    """Read and check the manifest; every problem is one UserError naming kernel and field."""
    import yaml

    path = Path(path) if path is not None else manifest_path()
    if not path.is_file():
        raise UserError(f"{path}: no kernel manifest")
    try:
        data = load_cached(path.read_text())
    except yaml.YAMLError as err:
        raise UserError(f"{path}: not valid YAML ({err})") from None
    if not isinstance(data, dict) or not isinstance(data.get("kernels"), list):
        raise UserError(f"{path}: expected a mapping with a 'kernels' list")
    specs: dict[str, KernelSpec] = {}
    for index, entry in enumerate(data["kernels"]):
        spec = _spec(entry, path, index)
        if spec.name in specs:
            raise UserError(f"{path}: kernel {spec.name!r} is listed twice")
        specs[spec.name] = spec
    return specs


@functools.lru_cache(maxsize=4)
def _cached_manifest(path: str, mtime: float) -> dict[str, KernelSpec]:
    return load_manifest(path)


def kernels() -> dict[str, KernelSpec]:
    """The built-in kernels, by name (cached until the manifest changes)."""
    path = manifest_path()
    if not path.is_file():
        raise UserError(f"{path}: no kernel manifest")
    return _cached_manifest(str(path), path.stat().st_mtime)


def get_kernel(name: str) -> KernelSpec:
    """One built-in kernel: its own entry read where the whole manifest is not loaded yet
    (:func:`load_kernel`), else from :func:`kernels`."""
    path = manifest_path()
    if path.is_file() and _cached_manifest.cache_info().currsize == 0:
        spec = load_kernel(path, name)
        if spec is not None:
            return spec
    specs = kernels()
    if name not in specs:
        raise UserError(f"unknown built-in kernel {name!r}; known: {', '.join(specs)}")
    return specs[name]


def is_kernel(name: str) -> bool:
    """Whether the manifest lists ``name``: found among its entries' name lines without
    reading them; a name not found there is looked up in the whole manifest, as
    :func:`get_kernel` does (an entry laid out otherwise is still found)."""
    path = manifest_path()
    if (not _cached_manifest.cache_info().currsize and path.is_file()
            and name in _entry_starts(path.read_text())):
        return True
    return name in kernels()


#: An entry's first line in the manifest's ``kernels`` list.
_ENTRY = re.compile(r"^  - name: *([A-Za-z_][A-Za-z0-9_]*) *$", re.M)
#: Where the list's entries could end: the next entry, or a line at the file's top level.
_ENTRY_END = re.compile(r"^(?:  - |[^\s#])", re.M)


def _entry_starts(text: str) -> dict[str, list[int]]:
    """Each kernel name's entry starts (offsets into the text), in file order."""
    starts: dict[str, list[int]] = {}
    for match in _ENTRY.finditer(text):
        starts.setdefault(match.group(1), []).append(match.start())
    return starts


def load_kernel(path: str | Path, name: str) -> KernelSpec | None:
    """The manifest's entry for ``name`` alone, as :func:`load_manifest` makes it; None where
    the file is not laid out as the shipped one (the caller then loads it whole).

    Why: the manifest is 1.3 MB of YAML for 622 kernels, about 3 s to load whole; a tune of
    one built-in kernel, and the profiling driver that ncu starts for every batch of
    configurations, need one entry. Entries begin at a ``  - name: X`` line of the
    ``kernels:`` list and the manifest uses no anchors, so an entry's lines parse alone
    exactly as they do in the whole file (its index, for the default data seed, is the
    number of entries before it)."""
    import yaml

    path = Path(path)
    text = path.read_text()
    listed = re.search(r"^kernels: *$", text, re.M)
    if listed is None:
        return None
    starts = _entry_starts(text)
    mine = starts.get(name)
    if not mine:
        return None
    if len(mine) > 1:
        raise UserError(f"{path}: kernel {name!r} is listed twice")
    start = mine[0]
    after = _ENTRY_END.search(text, start + 1)
    chunk = text[start:after.start() if after else len(text)]
    try:
        entries = safe_load(chunk)
    except yaml.YAMLError:
        return None
    if (not isinstance(entries, list) or len(entries) != 1 or not isinstance(entries[0], dict)
            or entries[0].get("name") != name):
        return None
    # every item of the list before this one (whatever its first key), as the whole reader
    # numbers them
    index = len(re.findall(r"^  - ", text[listed.end():start], re.M))
    return _spec(entries[0], path, index)


def _entry_points(source: Path) -> frozenset[str]:
    """The ``extern "C" __global__`` functions a source defines (one pattern for every
    kernel, not one compiled per entry name)."""
    return frozenset(re.findall(r'extern\s+"C"\s+__global__\s+void\s+([A-Za-z_][A-Za-z0-9_]*)\s*\(',
                                source.read_text()))


def _spec(entry: Any, path: Path, index: int) -> KernelSpec:
    where = f"{path}: kernel #{index + 1}"
    if not isinstance(entry, dict):
        raise UserError(f"{where}: expected a mapping")
    name = entry.get("name")
    if not isinstance(name, str) or not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name):
        raise UserError(f"{where}: 'name' must be an identifier")
    where = f"{path}: kernel {name}"

    def need(key: str, kind: type | tuple[type, ...]) -> Any:
        if key not in entry:
            raise UserError(f"{where}: missing '{key}'")
        if not isinstance(entry[key], kind):
            raise UserError(f"{where}: '{key}' has the wrong type")
        return entry[key]

    source = path.parent / need("source", str)
    if not source.is_file():
        raise UserError(f"{where}: source {source.name} does not exist")
    entry_name = need("entry", str)
    if entry_name not in _entry_points(source):
        raise UserError(f'{where}: {source.name} has no extern "C" __global__ {entry_name}')
    access = need("access", str)
    if access not in ACCESS_PATTERNS:
        raise UserError(f"{where}: access must be one of {', '.join(ACCESS_PATTERNS)}")
    element_type = need("element_type", str)
    if element_type not in DTYPES:
        raise UserError(f"{where}: element_type must be one of {', '.join(DTYPES)}")
    dims = need("dims", int)
    if dims not in (1, 2, 3):
        raise UserError(f"{where}: dims must be 1, 2 or 3")
    params = need("params", dict)
    args = tuple(_arg(a, where) for a in need("args", list))
    grid = need("grid", list)
    if len(grid) != 3:
        raise UserError(f"{where}: grid needs three expressions (x, y, z)")
    constraints = tuple(
        Constraint(str(c.get("expr")), str(c.get("reason", c.get("expr"))))
        for c in entry.get("constraints") or []
        if isinstance(c, dict)
    )
    launch = entry.get("launch") or {"plan": "single"}
    if isinstance(launch, str):
        launch = {"plan": launch}
    if launch.get("plan") not in LAUNCH_PLANS:
        raise UserError(f"{where}: launch plan must be one of {', '.join(LAUNCH_PLANS)}")
    reference = need("reference", str)
    if ":" not in reference:
        raise UserError(f"{where}: reference must be 'module:function'")
    spec = KernelSpec(
        name=name,
        title=str(entry.get("title", name)),
        source=source,
        entry=entry_name,
        access=access,
        element_type=element_type,
        dims=dims,
        params={str(k): v for k, v in params.items()},
        args=args,
        grid=(grid[0], grid[1], grid[2]),
        shared_mem_dynamic=entry.get("shared_mem_dynamic", 0),
        constraints=constraints,
        launch=dict(launch),
        reference=reference,
        check=dict(entry.get("check") or {}),
        seeds=str(entry.get("seeds", "")),
        shape_mapping=str(entry.get("shape_mapping", "")).strip(),
        problem=str(entry.get("problem", "")).strip(),
        notes=str(entry.get("notes", "")).strip(),
        data_seed=int(entry.get("data_seed", index)),
        host_block=_host_block(entry.get("host_block"), where),
    )
    _check_names(spec, where)
    return spec


def _host_block(raw: Any, where: str) -> Shape | None:
    if raw is None:
        return None
    try:
        block = parse_shape(str(raw))
    except UserError as error:
        raise UserError(f"{where}: host_block: {error}") from None
    if math.prod(block) > 1024:
        raise UserError(f"{where}: host_block {raw!r} has more than 1024 threads")
    return block


def _arg(raw: Any, where: str) -> ArgSpec:
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise UserError(f"{where}: every argument needs a name")
    name = raw["name"]
    kind = raw.get("kind")
    if kind not in ARG_KINDS:
        raise UserError(f"{where}: argument {name}: kind must be one of {', '.join(ARG_KINDS)}")
    dtype = raw.get("dtype")
    if dtype not in DTYPES:
        raise UserError(f"{where}: argument {name}: dtype must be one of {', '.join(DTYPES)}")
    init = raw.get("init")
    if isinstance(init, str):
        init = {"dist": init}
    if kind == "scalar":
        if "value" not in raw:
            raise UserError(f"{where}: scalar argument {name} needs a value")
        return ArgSpec(name, kind, dtype, value=raw["value"])
    shape = raw.get("shape")
    if not isinstance(shape, list) or not shape:
        raise UserError(f"{where}: buffer argument {name} needs a shape")
    if init is not None:
        _check_init(init, shape, dtype, f"{where}: argument {name}")
    return ArgSpec(name, kind, dtype, shape=tuple(shape), init=init)


def _check_init(init: Any, shape: list, dtype: str, where: str) -> None:
    if not isinstance(init, dict) or init.get("dist") not in INIT_DISTS:
        raise UserError(f"{where}: init dist must be one of {', '.join(INIT_DISTS)}")
    if init["dist"] == "rowptr" and (
        "total" not in init or len(shape) != 1 or dtype not in ("int32", "int64")
    ):
        raise UserError(f"{where}: init rowptr needs a total and a 1-D int32/int64 shape")
    if init["dist"] == "slab_lists" and (
        init.get("part") not in ("slabs", "queries")
        or any(key not in init for key in SLAB_LIST_INIT_KEYS)
        or dtype != "uint32"
        or len(shape) != (2 if init["part"] == "slabs" else 1)
    ):
        raise UserError(
            f"{where}: init slab_lists needs a part (slabs: a [slabs, 32] shape; queries: 1-D), "
            f"{', '.join(SLAB_LIST_INIT_KEYS)} and the dtype uint32")


def _check_names(spec: KernelSpec, where: str) -> None:
    """Every expression must parse and read only names it can know."""
    base = set(_default_arch_names()) | set(spec.params)
    shaped = base | {"bx", "by", "bz", "threads"}
    exprs: list[tuple[str, str | int | float, set[str]]] = []
    exprs += [(f"grid[{i}]", e, shaped) for i, e in enumerate(spec.grid)]
    exprs.append(("shared_mem_dynamic", spec.shared_mem_dynamic, shaped))
    exprs += [(f"constraint {c.expr!r}", c.expr, shaped) for c in spec.constraints]
    for arg in spec.args:
        exprs += [(f"argument {arg.name} shape", d, base) for d in arg.shape]
        for key in ("low", "high", "total", *SLAB_LIST_INIT_KEYS):
            if arg.init is not None and key in arg.init:
                exprs.append((f"argument {arg.name} init {key}", arg.init[key], base))
        if arg.value is not None:
            exprs.append((f"argument {arg.name} value", arg.value, base))
    seen: set[str] = set(_default_arch_names())
    for key, value in spec.params.items():
        exprs.append((f"parameter {key}", value, set(seen)))
        seen.add(key)
    for what, expr, allowed in exprs:
        try:
            unknown = expression_names(expr) - allowed
        except UserError as err:
            raise UserError(f"{where}: {what}: {err}") from None
        if unknown:
            raise UserError(f"{where}: {what} uses unknown name {sorted(unknown)[0]!r}")
