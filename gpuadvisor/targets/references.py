"""NumPy references for the built-in kernels: what each kernel's outputs must be.

Each function takes ``values`` (every argument by its manifest name: the initial host arrays
of the buffers and the scalars' values) and returns the expected final contents of the
kernel's ``output``/``inout`` buffers, by name. Inputs are small integers (also the float
ones), so every kernel's result is exact and is compared exactly: a wrong index shows up as a
wrong number, not as rounding noise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

Values = Mapping[str, Any]


def matrix_add(values: Values) -> dict[str, np.ndarray]:
    """C = A + B (also the overloaded and overlapped kernels, whose dummy work adds 0)."""
    return {"C": (values["A"] + values["B"]).astype(values["C"].dtype)}


def _mix(x: np.ndarray) -> np.ndarray:
    """The 32-bit integer finalizer of random_copy.cu (ga_mix), on uint32 arrays."""
    x = x ^ (x >> np.uint32(16))
    x = x * np.uint32(0x7FEB352D)
    x = x ^ (x >> np.uint32(15))
    x = x * np.uint32(0x846CA68B)
    return x ^ (x >> np.uint32(16))


def random_positions(rows: int, cols: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The (row, col) each thread of random_copy.cu copies, in thread order (row-major)."""
    ids = np.arange(rows * cols, dtype=np.uint64).astype(np.uint32)
    with np.errstate(over="ignore"):
        h1 = _mix(np.uint32(seed) ^ ids)
        h2 = _mix(h1 + np.uint32(0x9E3779B9))
    return (h1 % np.uint32(rows)).astype(np.int64), (h2 % np.uint32(cols)).astype(np.int64)


def random_copy(values: Values) -> dict[str, np.ndarray]:
    """B[r, c] = A[r, c] at every random position; other elements keep B's initial value."""
    rows, cols = int(values["rows"]), int(values["cols"])
    r, c = random_positions(rows, cols, int(values["seed"]))
    out = np.array(values["B"], copy=True)
    out[r, c] = values["A"][r, c]
    return {"B": out}


def scattered(values: Values) -> dict[str, np.ndarray]:
    """M[row, col * stride] |= 1 for every thread (row, col); everything else unchanged."""
    rows, cols, stride = int(values["rows"]), int(values["cols"]), int(values["stride"])
    out = np.array(values["M"], copy=True).reshape(rows, cols * stride)
    out[:, 0 : cols * stride : stride] |= 1
    return {"M": out.reshape(np.shape(values["M"]))}


def vector_reduction(values: Values) -> dict[str, np.ndarray]:
    """The sum of the input vector (the last stage writes it to ``result[0]``)."""
    total = int(np.sum(values["x"], dtype=np.int64))
    return {"result": np.array([total], dtype=values["result"].dtype)}


def matmul(values: Values) -> dict[str, np.ndarray]:
    """C = A @ B (exact: small integers in float32, sums far below 2**24)."""
    return {"C": np.matmul(values["A"], values["B"]).astype(np.float32)}


def sgemm(values: Values) -> dict[str, np.ndarray]:
    """C = alpha * (A @ B) + beta * C, Boehm's SGEMM (exact with alpha = 1, beta = 0.5)."""
    alpha = np.float32(values["alpha"])
    beta = np.float32(values["beta"])
    product = np.matmul(values["A"], values["B"]).astype(np.float32)
    return {"C": (alpha * product + beta * values["C"]).astype(np.float32)}


def compare(
    expected: np.ndarray, actual: np.ndarray, rtol: float = 0.0, atol: float = 0.0
) -> str | None:
    """None when ``actual`` matches; else one line saying how many elements differ and where."""
    expected = np.asarray(expected)
    actual = np.asarray(actual).reshape(expected.shape)
    if rtol == 0 and atol == 0:
        bad = expected != actual
    else:
        bad = ~np.isclose(actual, expected, rtol=rtol, atol=atol)
    count = int(np.count_nonzero(bad))
    if count == 0:
        return None
    first = tuple(int(i) for i in np.argwhere(bad)[0])
    where = first if len(first) > 1 else first[0]
    return (
        f"{count} of {expected.size} elements differ from the NumPy reference "
        f"(first at {where}: expected {expected[first].item()!r}, got {actual[first].item()!r})"
    )
