"""Launch plans: the launches one configuration of a built-in kernel makes, as plain data.

``single`` is one launch with the manifest's arguments and grid. ``stages`` is the seeds'
vector reduction (001 §V.A.1): pairwise-sum stages, each launching ceil(n / threads) blocks,
until one element is left. ``stages_adaptive`` (001 §V.A.2) halves the block once a stage
would launch fewer blocks than the GPU has SMs. Plans are pure functions, so they are tested
without a GPU; :mod:`gpuadvisor.targets.builtin` turns them into pycuda launches.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from gpuadvisor.shapes import Shape
from gpuadvisor.targets.manifest import KernelSpec, evaluate


@dataclass(frozen=True)
class Buf:
    """A device buffer argument, by manifest name."""

    name: str


@dataclass(frozen=True)
class Scalar:
    dtype: str
    value: int | float


Arg = Buf | Scalar


@dataclass(frozen=True)
class Launch:
    grid: tuple[int, int, int]
    block: Shape
    args: tuple[Arg, ...]
    shared: int = 0


def threads(block: Shape) -> int:
    return block[0] * block[1] * block[2]


def cdiv(a: int, b: int) -> int:
    return -(-a // b)


def build_plan(
    spec: KernelSpec,
    params: Mapping[str, int],
    block: Shape,
    *,
    sm_count: int = 132,
    warp_size: int = 32,
    first_only: bool = False,
) -> list[Launch]:
    """Every launch of one configuration, in order; ``first_only`` for profiling (stage 1)."""
    if spec.plan == "single":
        return [_single(spec, params, block)]
    launches = _stages(
        spec,
        params,
        block,
        adaptive=spec.plan == "stages_adaptive",
        sm_count=sm_count,
        warp_size=warp_size,
    )
    return launches[:1] if first_only else launches


def _single(spec: KernelSpec, params: Mapping[str, int], block: Shape) -> Launch:
    args: list[Arg] = []
    for arg in spec.args:
        if arg.is_buffer:
            args.append(Buf(arg.name))
        else:
            args.append(Scalar(arg.dtype, evaluate(arg.value, dict(params))))
    return Launch(
        spec.grid_for(block, params), block, tuple(args), spec.dynamic_smem(block, params)
    )


def halve(block: Shape) -> Shape | None:
    """The block with its largest even dimension halved (None when no dimension is even)."""
    order = sorted(range(3), key=lambda i: -block[i])
    for i in order:
        if block[i] % 2 == 0:
            dims = list(block)
            dims[i] //= 2
            return dims[0], dims[1], dims[2]
    return None


def _stages(
    spec: KernelSpec,
    params: Mapping[str, int],
    block: Shape,
    *,
    adaptive: bool,
    sm_count: int,
    warp_size: int,
) -> list[Launch]:
    roles = spec.launch
    source = str(roles["input"])
    scratch = [str(s) for s in roles["scratch"]]
    output = str(roles["output"])
    n_in = 1
    for dim in spec.buffer_elements(spec.arg(source), params):
        n_in *= dim
    launches: list[Launch] = []
    current = block
    src = source
    while True:
        n_out = cdiv(n_in, 2)
        if adaptive:
            while cdiv(n_out, threads(current)) < sm_count and threads(current) > warp_size:
                smaller = halve(current)
                if smaller is None:
                    break
                current = smaller
        dst = output if n_out == 1 else scratch[len(launches) % 2]
        grid = (cdiv(n_out, threads(current)), 1, 1)
        launches.append(
            Launch(
                grid, current, (Buf(src), Buf(dst), Scalar("int64", n_in), Scalar("int64", n_out))
            )
        )
        if n_out == 1:
            return launches
        src, n_in = dst, n_out
