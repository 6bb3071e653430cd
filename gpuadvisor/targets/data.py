"""Host-side data of a built-in kernel: initial buffer contents and scalar values.

Deterministic (seeded by the manifest's ``data_seed`` and the argument's position), so the
timing process and the profiling driver build the same inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gpuadvisor.targets.manifest import ArgSpec, KernelSpec, evaluate


def scalar_values(spec: KernelSpec, params: Mapping[str, int]) -> dict[str, int | float]:
    return {a.name: evaluate(a.value, dict(params)) for a in spec.args if not a.is_buffer}


def initial_array(spec: KernelSpec, arg: ArgSpec, params: Mapping[str, int]) -> np.ndarray:
    """The buffer's contents before a launch (scratch and ``zeros`` buffers are zero)."""
    shape = spec.buffer_elements(arg, params)
    dtype = np.dtype(arg.dtype)
    init = arg.init or {"dist": "zeros"}
    if init.get("dist") == "zeros":
        return np.zeros(shape, dtype=dtype)
    index = [a.name for a in spec.args].index(arg.name)
    rng = np.random.default_rng([spec.data_seed, index])
    if init.get("dist") == "rowptr":
        total = int(evaluate(init["total"], dict(params)))
        return csr_row_pointers(rng, shape[0] - 1, total).astype(dtype, copy=False)
    low = int(evaluate(init.get("low", 0), dict(params)))
    high = int(evaluate(init.get("high", 2), dict(params)))
    draw_dtype = np.int64 if dtype.kind == "f" else dtype
    return rng.integers(low, high, size=shape, dtype=draw_dtype).astype(dtype, copy=False)


def csr_row_pointers(rng: np.random.Generator, rows: int, total: int) -> np.ndarray:
    """Row pointers of a CSR matrix with ``total`` nonzeros over ``rows`` rows: each nonzero
    lands in a uniformly drawn row, so row lengths vary (about Poisson) as in real sparse
    matrices, which is what makes one-thread-per-row SpMV diverge."""
    if rows < 1:
        return np.zeros(max(rows + 1, 0), dtype=np.int64)
    lengths = np.bincount(rng.integers(0, rows, size=total), minlength=rows)
    pointers = np.zeros(rows + 1, dtype=np.int64)
    np.cumsum(lengths, out=pointers[1:])
    return pointers


def host_values(spec: KernelSpec, params: Mapping[str, int]) -> dict[str, Any]:
    """Every argument by name: initial arrays for buffers, numbers for scalars."""
    values: dict[str, Any] = dict(scalar_values(spec, params))
    for arg in spec.args:
        if arg.is_buffer:
            values[arg.name] = initial_array(spec, arg, params)
    return values


def nbytes(spec: KernelSpec, params: Mapping[str, int]) -> int:
    """Device memory the kernel's buffers take."""
    total = 0
    for arg in spec.args:
        if arg.is_buffer:
            count = 1
            for dim in spec.buffer_elements(arg, params):
                count *= dim
            total += count * np.dtype(arg.dtype).itemsize
    return total
