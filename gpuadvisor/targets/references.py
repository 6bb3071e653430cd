"""NumPy references for the built-in kernels: what each kernel's outputs must be.

Each function takes ``values`` (every argument by its manifest name: the initial host arrays
of the buffers and the scalars' values) and returns the expected final contents of the
kernel's ``output``/``inout`` buffers, by name. A kernel whose outputs depend on the block
size (one partial per block) has a reference that also takes the keyword ``threads``, the
configuration's threads per block (:func:`expected_outputs` passes it). Inputs are small
integers (also the float ones), so every kernel's result is exact and is compared exactly: a
wrong index shows up as a wrong number, not as rounding noise.
"""

from __future__ import annotations

import inspect
import itertools
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


def transpose(values: Values) -> dict[str, np.ndarray]:
    """out = in^T (both transposes)."""
    return {"out": np.ascontiguousarray(values["in"].T)}


def syrk(values: Values) -> dict[str, np.ndarray]:
    """C = alpha * A @ A^T + beta * C (exact: small integers, beta = 0.5)."""
    a = values["A"].astype(np.float64)
    c = float(values["alpha"]) * (a @ a.T) + float(values["beta"]) * values["C"]
    return {"C": c.astype(np.float32)}


def _jacobi(grid: np.ndarray, centre: float, weights: dict[tuple[int, ...], float]) -> np.ndarray:
    """One Jacobi step inside the grid (the border copied): centre weight times the element
    plus each neighbour offset's weight times that neighbour, summed in float64 (exact for
    the small integer inputs and power-of-two weights)."""
    src = grid.astype(np.float64)
    out = src.copy()
    inner = tuple(slice(1, n - 1) for n in src.shape)
    acc = centre * src[inner]
    for offset, weight in weights.items():
        shifted = tuple(slice(1 + d, n - 1 + d) for d, n in zip(offset, src.shape, strict=True))
        acc = acc + weight * src[shifted]
    out[inner] = acc
    return out.astype(grid.dtype)


def stencil2d_5pt(values: Values) -> dict[str, np.ndarray]:
    """out = 0.5 * centre + 0.125 * (4 neighbours) inside; border copied."""
    edges = {(-1, 0): 0.125, (1, 0): 0.125, (0, -1): 0.125, (0, 1): 0.125}
    return {"out": _jacobi(values["in"], 0.5, edges)}


def stencil2d_9pt(values: Values) -> dict[str, np.ndarray]:
    """out = centre / 4 + edge neighbours / 8 + corners / 16 inside; border copied."""
    weights = {
        (dr, dc): 0.125 if dr == 0 or dc == 0 else 0.0625
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr, dc) != (0, 0)
    }
    return {"out": _jacobi(values["in"], 0.25, weights)}


def stencil3d_7pt(values: Values) -> dict[str, np.ndarray]:
    """out = 0.25 * centre + 0.125 * (6 neighbours) inside the volume; boundary copied."""
    weights = {}
    for axis in range(3):
        for d in (-1, 1):
            offset = [0, 0, 0]
            offset[axis] = d
            weights[tuple(offset)] = 0.125
    return {"out": _jacobi(values["in"], 0.25, weights)}


def conv2d(values: Values) -> dict[str, np.ndarray]:
    """Same-size cross-correlation with the filter, zeros outside the image."""
    image = values["in"].astype(np.float64)
    filt = values["filter"].astype(np.float64)
    radius_r, radius_c = filt.shape[0] // 2, filt.shape[1] // 2
    padded = np.pad(image, ((radius_r, radius_r), (radius_c, radius_c)))
    rows, cols = image.shape
    out = np.zeros_like(image)
    for i in range(filt.shape[0]):
        for j in range(filt.shape[1]):
            out += filt[i, j] * padded[i : i + rows, j : j + cols]
    return {"out": out.astype(np.float32)}


def gemv(values: Values) -> dict[str, np.ndarray]:
    """y = A @ x."""
    a, x = values["A"].astype(np.float64), values["x"].astype(np.float64)
    return {"y": (a @ x).astype(np.float32)}


def gemv_transposed(values: Values) -> dict[str, np.ndarray]:
    """y = A^T @ x."""
    a, x = values["A"].astype(np.float64), values["x"].astype(np.float64)
    return {"y": (x @ a).astype(np.float32)}


def spmv_csr(values: Values) -> dict[str, np.ndarray]:
    """y = A @ x for A in CSR form (row_ptr, col_idx, values)."""
    row_ptr = values["row_ptr"].astype(np.int64)
    products = values["values"].astype(np.float64) * values["x"].astype(np.float64)[
        values["col_idx"]
    ]
    sums = np.concatenate(([0.0], np.cumsum(products)))
    return {"y": (sums[row_ptr[1:]] - sums[row_ptr[:-1]]).astype(np.float32)}


def histogram(values: Values) -> dict[str, np.ndarray]:
    """counts[b] = how many data values equal b (values outside [0, bins) are ignored)."""
    bins = int(values["bins"])
    data = values["data"]
    data = data[(data >= 0) & (data < bins)]
    return {"counts": np.bincount(data, minlength=bins).astype(values["counts"].dtype)}


def sobel(values: Values) -> dict[str, np.ndarray]:
    """|gx| + |gy| of the 3 x 3 Sobel gradients inside; 0 on the border."""
    img = values["in"].astype(np.float64)
    out = np.zeros_like(img)

    def at(dr: int, dc: int) -> np.ndarray:
        return img[1 + dr: img.shape[0] - 1 + dr, 1 + dc: img.shape[1] - 1 + dc]

    gx = (at(-1, 1) + 2 * at(0, 1) + at(1, 1)) - (at(-1, -1) + 2 * at(0, -1) + at(1, -1))
    gy = (at(1, -1) + 2 * at(1, 0) + at(1, 1)) - (at(-1, -1) + 2 * at(-1, 0) + at(-1, 1))
    out[1:-1, 1:-1] = np.abs(gx) + np.abs(gy)
    return {"out": out.astype(np.float32)}


def mandelbrot(values: Values) -> dict[str, np.ndarray]:
    """Escape counts in the kernel's Q24 fixed point (int64), iterating only live points."""
    rows, cols, max_iter = int(values["rows"]), int(values["cols"]), int(values["max_iter"])
    one = 1 << 24
    r, c = np.indices((rows, cols), dtype=np.int64)
    cx = (-2 * one + (3 * one * c) // cols).ravel()
    cy = (-(3 * one) // 2 + (3 * one * r) // rows).ravel()
    counts = np.zeros(rows * cols, dtype=np.int32)
    live = np.arange(rows * cols)
    x = np.zeros(live.size, dtype=np.int64)
    y = np.zeros(live.size, dtype=np.int64)
    for k in range(max_iter):
        xx, yy = (x * x) >> 24, (y * y) >> 24
        going = xx + yy <= 4 * one
        counts[live[~going]] = k
        live, xx, yy, x, y = live[going], xx[going], yy[going], x[going], y[going]
        if live.size == 0:
            break
        x, y = xx - yy + cx[live], ((x * y) >> 23) + cy[live]
    counts[live] = max_iter
    return {"counts": counts.reshape(rows, cols)}


def add_xrows(values: Values) -> dict[str, np.ndarray]:
    """C = A + B (the kernel's unusual thread mapping does not change the result)."""
    return {"C": values["A"] + values["B"]}


def downsample2x(values: Values) -> dict[str, np.ndarray]:
    """Mean of each 2 x 2 input block."""
    img = values["in"].astype(np.float64)
    rows, cols = int(values["rows"]), int(values["cols"])
    blocks = img[: 2 * rows, : 2 * cols].reshape(rows, 2, cols, 2)
    return {"out": (0.25 * blocks.sum(axis=(1, 3))).astype(np.float32)}


def nbody(values: Values) -> dict[str, np.ndarray]:
    """acc[i] = sum_j d_ij / (|d_ij|^2 + softening)^1.5 in float64, 512 bodies at a time."""
    pos = values["pos"].astype(np.float64)
    soft = float(values["softening"])
    x, y, z = pos[:, 0], pos[:, 1], pos[:, 2]
    acc = np.zeros((pos.shape[0], 4), dtype=np.float64)
    for start in range(0, pos.shape[0], 512):
        part = slice(start, start + 512)
        dx, dy, dz = x - x[part, None], y - y[part, None], z - z[part, None]
        d2 = dx * dx + dy * dy + dz * dz + soft
        s = 1.0 / (d2 * np.sqrt(d2))
        acc[part, 0], acc[part, 1], acc[part, 2] = (dx * s).sum(1), (dy * s).sum(1), (dz * s).sum(1)
    return {"acc": acc.astype(np.float32)}


def gather_local(values: Values) -> dict[str, np.ndarray]:
    """out[i] = in[clamp(i + off[i], 0, n - 1)]."""
    n = int(values["n"])
    j = np.clip(np.arange(n, dtype=np.int64) + values["offsets"].astype(np.int64), 0, n - 1)
    return {"out": values["in"][j]}


def collatz2d(values: Values) -> dict[str, np.ndarray]:
    """Steps until n reaches 1 (at most max_steps) for n = base + row * cols + column."""
    rows, cols = int(values["rows"]), int(values["cols"])
    base, max_steps = int(values["base"]), int(values["max_steps"])
    n = base + np.arange(rows * cols, dtype=np.uint64)
    steps = np.zeros(rows * cols, dtype=np.int32)
    live = np.flatnonzero(n != 1)
    n = n[live]
    for k in range(1, max_steps + 1):
        n = np.where(n & np.uint64(1), np.uint64(3) * n + np.uint64(1), n >> np.uint64(1))
        steps[live] = k
        going = n != 1
        live, n = live[going], n[going]
        if live.size == 0:
            break
    return {"steps": steps.reshape(rows, cols)}


def transpose_add(values: Values) -> dict[str, np.ndarray]:
    """C = A + B^T."""
    return {"C": values["A"] + values["B"].T}


def conv1d_rows(values: Values) -> dict[str, np.ndarray]:
    """17-tap row convolution with clamped borders (integer-valued: exact in float32)."""
    img = values["in"].astype(np.float64)
    w = values["w"].astype(np.float64)
    cols = img.shape[1]
    out = np.zeros_like(img)
    for k in range(17):
        j = np.clip(np.arange(cols) + k - 8, 0, cols - 1)
        out += img[:, j] * w[k]
    return {"out": out.astype(np.float32)}


def bilinear_up2(values: Values) -> dict[str, np.ndarray]:
    """2x bilinear upsampling: weights 3/4 and 1/4 per axis, clamped borders."""
    img = values["in"].astype(np.float64)
    rows, cols = img.shape

    def taps(n: int, size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        i = np.arange(2 * n)
        lo = (i - 1) >> 1
        w_hi = np.where(i & 1, 0.25, 0.75)
        return np.clip(lo, 0, size - 1), np.clip(lo + 1, 0, size - 1), w_hi

    ra, rb, wr = taps(rows, rows)
    ca, cb, wc = taps(cols, cols)
    top = (1 - wc) * img[ra][:, ca] + wc * img[ra][:, cb]
    bot = (1 - wc) * img[rb][:, ca] + wc * img[rb][:, cb]
    out = (1 - wr)[:, None] * top + wr[:, None] * bot
    return {"out": out.astype(np.float32)}


def black_scholes(values: Values) -> dict[str, np.ndarray]:
    """Call and put prices in float64 with the kernel's normal-CDF polynomial."""
    s, k, t = (values[n].astype(np.float64) for n in ("S", "K", "T"))
    r, sigma = float(values["r"]), float(values["sigma"])

    def cnd(d: np.ndarray) -> np.ndarray:
        kk = 1.0 / (1.0 + 0.2316419 * np.abs(d))
        poly = kk * (0.319381530 + kk * (-0.356563782 + kk * (1.781477937
                     + kk * (-1.821255978 + kk * 1.330274429))))
        c = 1.0 - 0.3989422804 * np.exp(-0.5 * d * d) * poly
        return np.where(d < 0, 1.0 - c, c)

    sq = sigma * np.sqrt(t)
    d1 = (np.log(s / k) + (r + 0.5 * sigma * sigma) * t) / sq
    d2 = d1 - sq
    disc = k * np.exp(-r * t)
    return {"call": (s * cnd(d1) - disc * cnd(d2)).astype(np.float32),
            "put": (disc * cnd(-d2) - s * cnd(-d1)).astype(np.float32)}


def pair_sum(values: Values) -> dict[str, np.ndarray]:
    """out[i] = in[2i] + in[2i + 1]."""
    n = int(values["n"])
    return {"out": values["in"][0: 2 * n: 2] + values["in"][1: 2 * n: 2]}


def spmv_ell(values: Values) -> dict[str, np.ndarray]:
    """y = A x with A in column-major ELLPACK (val, col: WIDTH x ROWS)."""
    val = values["val"].astype(np.float64)
    col = values["col"].astype(np.int64)
    x = values["x"].astype(np.float64)
    return {"y": (val * x[col]).sum(axis=0).astype(np.float32)}


def flip_h(values: Values) -> dict[str, np.ndarray]:
    """Each row reversed."""
    return {"out": values["in"][:, ::-1].copy()}


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


def rgb_to_gray(values: Values) -> dict[str, np.ndarray]:
    """0.25 R + 0.5 G + 0.25 B of interleaved RGB pixels (exact for integer inputs)."""
    rgb = values["rgb"].astype(np.float64)
    return {"out": (0.25 * rgb[..., 0] + 0.5 * rgb[..., 1] + 0.25 * rgb[..., 2])
            .astype(np.float32)}


def outer_product(values: Values) -> dict[str, np.ndarray]:
    """out[r][c] = u[r] * v[c]."""
    return {"out": np.outer(values["u"], values["v"]).astype(np.float32)}


def blur_v9(values: Values) -> dict[str, np.ndarray]:
    """Sum of the 9 rows r-4..r+4 of each column, rows outside the image skipped."""
    img = values["in"].astype(np.float64)
    padded = np.pad(img, ((4, 4), (0, 0)))
    out = sum(padded[k: k + img.shape[0]] for k in range(9))
    return {"out": out.astype(np.float32)}


def life_step(values: Values) -> dict[str, np.ndarray]:
    """One Game of Life step; cells outside the grid are dead."""
    grid = values["in"].astype(np.int64)
    rows, cols = grid.shape
    padded = np.pad(grid, 1)
    alive = sum(padded[1 + dr: 1 + dr + rows, 1 + dc: 1 + dc + cols]
                for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)
    born = (alive == 3) | ((grid == 1) & (alive == 2))
    return {"out": born.astype(np.int32)}


def axpby_f64(values: Values) -> dict[str, np.ndarray]:
    """a * x + b * y in float64."""
    return {"out": float(values["a"]) * values["x"] + float(values["b"]) * values["y"]}


def col_sum(values: Values) -> dict[str, np.ndarray]:
    """Sum of each column (exact for integer inputs)."""
    return {"out": values["in"].astype(np.float64).sum(axis=0).astype(np.float32)}


def relu_bias2d(values: Values) -> dict[str, np.ndarray]:
    """max(in[r][c] + bias[c], 0) (exact for integer inputs)."""
    return {"out": np.maximum(values["in"] + values["bias"][np.newaxis, :], 0)
            .astype(np.float32)}


def lut_map(values: Values) -> dict[str, np.ndarray]:
    """out[i] = lut[in[i]]."""
    return {"out": values["lut"][values["in"]].astype(np.float32)}


def median3x3(values: Values) -> dict[str, np.ndarray]:
    """Median of each 3 x 3 neighbourhood, coordinates clamped to the image."""
    img = values["in"]
    rows, cols = img.shape
    padded = np.pad(img, 1, mode="edge")
    stack = np.stack([padded[1 + dr: 1 + dr + rows, 1 + dc: 1 + dc + cols]
                      for dr in (-1, 0, 1) for dc in (-1, 0, 1)])
    return {"out": np.sort(stack, axis=0)[4].astype(np.float32)}


def complex_mul(values: Values) -> dict[str, np.ndarray]:
    """out[i] = a[i] * b[i] for (re, im) pairs, in float64 (exact for integer inputs)."""
    a = values["a"].astype(np.float64)
    b = values["b"].astype(np.float64)
    out = np.empty_like(a)
    out[:, 0] = a[:, 0] * b[:, 0] - a[:, 1] * b[:, 1]
    out[:, 1] = a[:, 0] * b[:, 1] + a[:, 1] * b[:, 0]
    return {"out": out.astype(np.float32)}


def upsample_nearest2x(values: Values) -> dict[str, np.ndarray]:
    """out[r][c] = in[r // 2][c // 2]."""
    return {"out": np.repeat(np.repeat(values["in"], 2, axis=0), 2, axis=1)}


def row_sum_thread(values: Values) -> dict[str, np.ndarray]:
    """Sum of each row (exact for integer inputs)."""
    return {"out": values["in"].astype(np.float64).sum(axis=1).astype(np.float32)}


def pad_copy2d(values: Values) -> dict[str, np.ndarray]:
    """The image with a one-pixel border of zeros on every side."""
    return {"out": np.pad(values["in"], 1, mode="constant").astype(np.float32)}


def planar_to_rgb(values: Values) -> dict[str, np.ndarray]:
    """rgb[r][c] = (red[r][c], green[r][c], blue[r][c])."""
    return {"rgb": np.stack([values["red"], values["green"], values["blue"]], axis=-1)
            .astype(np.float32)}


def blur3x3_tiled(values: Values) -> dict[str, np.ndarray]:
    """[1 2 1] x [1 2 1] / 16 blur, coordinates clamped to the image (exact for integer
    inputs)."""
    img = values["in"].astype(np.float64)
    rows, cols = img.shape
    padded = np.pad(img, 1, mode="edge")
    weights = (1.0, 2.0, 1.0)
    out = np.zeros_like(img)
    for dr in range(3):
        for dc in range(3):
            out += weights[dr] * weights[dc] * padded[dr: dr + rows, dc: dc + cols]
    return {"out": (out / 16.0).astype(np.float32)}


def gather_rand(values: Values) -> dict[str, np.ndarray]:
    """out[i] = table[idx[i]]."""
    return {"out": values["table"][values["idx"]].astype(np.float32)}


def horner32(values: Values) -> dict[str, np.ndarray]:
    """sum over k of coef[k] x^k with x = in / 1024, in float64 (the kernel's float32
    rounding is within the manifest's tolerance)."""
    x = values["in"].astype(np.float64) / 1024.0
    coef = values["coef"].astype(np.float64)
    acc = np.full_like(x, coef[-1])
    for c in coef[-2::-1]:
        acc = acc * x + c
    return {"out": acc.astype(np.float32)}


def dot_atomic(values: Values) -> dict[str, np.ndarray]:
    """result[0] = x . y (exact for integer inputs), to be added to result's initial value."""
    dot = np.dot(values["x"].astype(np.float64), values["y"].astype(np.float64))
    return {"result": (values["result"].astype(np.float64) + dot).astype(np.float32)}


def rotate_bilinear(values: Values) -> dict[str, np.ndarray]:
    """Bilinear sample of the source at M (c, r, 1) in Q8 fixed point with integer weights
    summing to 65536, zero outside the image (exact for integer inputs in [0, 256))."""
    img = values["in"].astype(np.int64)
    rows, cols = img.shape
    r, c = np.indices((rows, cols), dtype=np.int64)
    sx = values["m00"] * c + values["m01"] * r + values["m02"]
    sy = values["m10"] * c + values["m11"] * r + values["m12"]
    x0, y0 = sx >> 8, sy >> 8
    fx, fy = sx & 255, sy & 255

    def tap(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        inside = (x >= 0) & (x < cols) & (y >= 0) & (y < rows)
        return np.where(inside, img[np.clip(y, 0, rows - 1), np.clip(x, 0, cols - 1)], 0)

    acc = ((256 - fx) * (256 - fy) * tap(x0, y0) + fx * (256 - fy) * tap(x0 + 1, y0)
           + (256 - fx) * fy * tap(x0, y0 + 1) + fx * fy * tap(x0 + 1, y0 + 1))
    return {"out": (acc / 65536.0).astype(np.float32)}


def layernorm_apply(values: Values) -> dict[str, np.ndarray]:
    """(x - mean[row]) * rstd[row] * gamma[col] + beta[col] (exact for integer inputs)."""
    x = values["x"].astype(np.float64)
    normed = (x - values["mean"][:, None]) * values["rstd"][:, None]
    return {"out": (normed * values["gamma"][None, :] + values["beta"][None, :])
            .astype(np.float32)}


def bilateral3x3(values: Values) -> dict[str, np.ndarray]:
    """3 x 3 bilateral filter with weights exp(-(dx^2 + dy^2) spatial - (q - p)^2 range),
    coordinates clamped to the image, in float64 (the kernel's float32 rounding is within the
    manifest's tolerance)."""
    img = values["in"].astype(np.float64)
    rows, cols = img.shape
    spatial, rng = float(values["spatial"]), float(values["range"])
    padded = np.pad(img, 1, mode="edge")
    total = np.zeros_like(img)
    norm = np.zeros_like(img)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            q = padded[1 + dy: 1 + dy + rows, 1 + dx: 1 + dx + cols]
            w = np.exp(-(dx * dx + dy * dy) * spatial - (q - img) ** 2 * rng)
            total += w * q
            norm += w
    return {"out": (total / norm).astype(np.float32)}


def dequant_int8(values: Values) -> dict[str, np.ndarray]:
    """(q[i] - zero[i // 128]) * scale[i // 128], q the int8 values packed little-endian in
    the int32 words (exact for integer scales and zero points)."""
    n = int(values["n"])
    q = values["packed"].view(np.int8)[:n].astype(np.float64)
    group = np.arange(n) // 128
    return {"out": ((q - values["zero"][group]) * values["scale"][group]).astype(np.float32)}


def digit_hist(values: Values) -> dict[str, np.ndarray]:
    """counts[d] += the number of keys whose digit (key >> shift) & 255 is d."""
    digits = (values["keys"] >> np.uint32(values["shift"])) & np.uint32(255)
    counts = values["counts"] + np.bincount(digits, minlength=256).astype(np.uint32)
    return {"counts": counts.astype(np.uint32)}


def particle_push_aos(values: Values) -> dict[str, np.ndarray]:
    """v += charge * inv_mass * dt * E, then x += v dt, per 8-float particle record (exact for
    integer fields and dt = 1/16)."""
    p = values["particles"].astype(np.float64).reshape(-1, 8).copy()
    dt = float(values["dt"])
    k = p[:, 6] * p[:, 7] * dt
    for axis, field in enumerate(("ex", "ey", "ez")):
        p[:, 3 + axis] += k * float(values[field])
        p[:, axis] += p[:, 3 + axis] * dt
    return {"particles": p.reshape(values["particles"].shape).astype(np.float32)}


def block_max_atomic(values: Values) -> dict[str, np.ndarray]:
    """result[0] = max(result[0], max(x))."""
    best = max(int(values["result"][0]), int(np.max(values["x"])))
    return {"result": np.array([best], dtype=np.int32)}


def warp_sum_atomic_block(values: Values) -> dict[str, np.ndarray]:
    """result[0] += sum(x), modulo 2**32 as the kernel's int32 atomics wrap."""
    total = int(values["result"][0]) + int(np.sum(values["x"], dtype=np.int64))
    return {"result": np.array([total], dtype=np.int64).astype(np.int32)}


def _low_bits_histogram(values: Values, bins: int) -> dict[str, np.ndarray]:
    """counts[b] += the number of values whose low bits (value & (bins - 1)) are b."""
    counts = np.bincount(values["data"] & (bins - 1), minlength=bins).astype(np.uint32)
    return {"counts": (values["counts"] + counts).astype(np.uint32)}


def shared_hist64(values: Values) -> dict[str, np.ndarray]:
    """counts[b] += the number of values whose low six bits (value & 63) are b."""
    return _low_bits_histogram(values, 64)


def shared_hist16(values: Values) -> dict[str, np.ndarray]:
    """counts[b] += the number of values whose low four bits (value & 15) are b."""
    return _low_bits_histogram(values, 16)


def shared_colsum32(values: Values) -> dict[str, np.ndarray]:
    """sums[c] += the sum of the values at flat indices i with i & 31 == c (column c of a
    row-major matrix of 32 columns), modulo 2**32 as the kernel's int32 atomics wrap."""
    x = values["x"].astype(np.int64)
    padded = np.zeros(-(-x.size // 32) * 32, dtype=np.int64)
    padded[: x.size] = x
    total = values["sums"].astype(np.int64) + padded.reshape(-1, 32).sum(axis=0)
    return {"sums": total.astype(np.int32)}


def block_partial_sums(values: Values, threads: int) -> dict[str, np.ndarray]:
    """partials[b] = the sum of the 2 * threads consecutive values block b covers, for the
    cdiv(n, 2 * threads) blocks of a configuration of ``threads`` threads per block; the
    partials beyond them keep their initial values. The partials of the grid add up to
    sum(x) for every block size."""
    x = values["x"].astype(np.int64)
    span = 2 * threads
    blocks = -(-x.size // span)
    padded = np.zeros(blocks * span, dtype=np.int64)
    padded[: x.size] = x
    partials = np.array(values["partials"], copy=True)
    partials[:blocks] = padded.reshape(blocks, span).sum(axis=1).astype(partials.dtype)
    return {"partials": partials}


def lut_shared_map(values: Values) -> dict[str, np.ndarray]:
    """out[i] = lut[in[i] & 2047]."""
    return {"out": values["lut"][values["in"] & 2047].astype(np.int32)}


def warp_count_atomic(values: Values) -> dict[str, np.ndarray]:
    """count[0] += the number of values divisible by 3."""
    hits = int(np.count_nonzero(values["x"] % 3 == 0))
    return {"count": (values["count"] + np.uint32(hits)).astype(np.uint32)}


def aos_update(values: Values) -> dict[str, np.ndarray]:
    """out[i][j] = a * in[i][j] + in[i][(j + 1) mod W] for each record i of W words."""
    w = int(values["words"])
    rec = values["in"].astype(np.float64).reshape(-1, w)
    out = np.float64(values["a"]) * rec + np.roll(rec, -1, axis=1)
    return {"out": out.astype(np.float32).reshape(-1)}


def row_norm3(values: Values) -> dict[str, np.ndarray]:
    """out[r] = (x[r] - mean(x[r])) / sqrt(var(x[r]) + 1e-5), the population variance, in
    float64 (the kernel's float32 sums in block order are within the manifest's tolerance)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    x = values["x"].astype(np.float64).reshape(rows, cols)
    centred = x - x.mean(axis=1, keepdims=True)
    var = (centred * centred).mean(axis=1, keepdims=True)
    return {"out": (centred / np.sqrt(var + 1e-5)).astype(np.float32)}


def row_sum_tree(values: Values) -> dict[str, np.ndarray]:
    """sums[r] = the sum of row r (int32 wrap-around, as on the GPU)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    x = values["x"].astype(np.int64).reshape(rows, cols)
    return {"sums": x.sum(axis=1).astype(np.uint32).view(np.int32)}


def gridstride_axpy(values: Values) -> dict[str, np.ndarray]:
    """y = a * x + y (float32: one rounding, as the kernel's multiply-add)."""
    x = values["x"].astype(np.float64)
    y = values["y"].astype(np.float64)
    return {"y": (np.float64(values["a"]) * x + y).astype(np.float32)}


def takes_threads(reference: Any) -> bool:
    """Whether a reference's outputs depend on the block: it then takes the configuration's
    threads per block as the keyword ``threads`` (block_partial_sums: one partial a block)."""
    try:
        return "threads" in inspect.signature(reference).parameters
    except (TypeError, ValueError):
        return False


def expected_outputs(reference: Any, values: Values, threads: int) -> dict[str, np.ndarray]:
    """The reference's outputs for a configuration of ``threads`` threads per block."""
    if takes_threads(reference):
        return reference(values, threads=threads)
    return reference(values)


def nv12_to_rgba(values: Values) -> dict[str, np.ndarray]:
    """BT.601 limited-range NV12 to RGBA8 in 8-bit fixed point, each channel clamped to
    [0, 255], packed R | G << 8 | B << 16 | 255 << 24 (integer arithmetic: exact)."""
    rows, cols, pitch = int(values["rows"]), int(values["cols"]), int(values["pitch"])
    half_rows = -(-rows // 2)
    luma = values["luma"].view(np.uint8)[: rows * pitch].reshape(rows, pitch)
    chroma = values["chroma"].view(np.uint8)[: half_rows * pitch].reshape(half_rows, pitch)
    y = luma[:, :cols].astype(np.int32) - 16

    def upsampled(first: int) -> np.ndarray:  # U (first 0) or V (1) of every pixel's quad
        plane = chroma[:, first : first + 2 * (-(-cols // 2)) : 2]
        return np.repeat(np.repeat(plane, 2, axis=0), 2, axis=1)[:rows, :cols]

    u = upsampled(0).astype(np.int32) - 128
    v = upsampled(1).astype(np.int32) - 128
    luma_term = 298 * y + 128
    red = np.clip((luma_term + 409 * v) >> 8, 0, 255).astype(np.uint32)
    green = np.clip((luma_term - 100 * u - 208 * v) >> 8, 0, 255).astype(np.uint32)
    blue = np.clip((luma_term + 516 * u) >> 8, 0, 255).astype(np.uint32)
    return {"rgba": red | (green << np.uint32(8)) | (blue << np.uint32(16))
            | np.uint32(0xFF000000)}


def das_beamform(values: Values) -> dict[str, np.ndarray]:
    """Delay-and-sum: pixel (c, r) at x = c, z = z0 + r sums, over the channels e with
    2 |c - pitch e| <= z, channel e's samples linearly interpolated at t = z + sqrt((c -
    pitch e)^2 + z^2) (samples s, s + 1 = floor(t) + 1 inside the record). t is computed in
    float32 as the kernel does (an exact integer square, a correctly rounded square root and
    sum); the interpolation and the sum in float64 (the kernel's float32 rounding is within
    the manifest's tolerance)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    nch, ns, pitch, z0 = (int(values[k]) for k in ("nch", "ns", "pitch", "z0"))
    rf = values["rf"].astype(np.float64).reshape(nch, ns)
    z = (z0 + np.arange(rows, dtype=np.int64))[:, None]
    c = np.arange(cols, dtype=np.int64)[None, :]
    total = np.zeros((rows, cols))
    for e in range(nch):
        dx = c - pitch * e
        t = np.float32(z) + np.sqrt((dx * dx + z * z).astype(np.float32))
        s = t.astype(np.int64)
        use = (2 * np.abs(dx) <= z) & (s + 1 < ns)
        s = np.where(use, s, 0)
        f = (t - s.astype(np.float32)).astype(np.float64)
        a, b = rf[e, s], rf[e, s + 1]
        total += np.where(use, a + f * (b - a), 0.0)
    return {"out": total.astype(np.float32)}


def tanimoto_fp(values: Values) -> dict[str, np.ndarray]:
    """out[q, d] = popcount(Q[q] & D[d]) / popcount(Q[q] | D[d]) over 1024-bit fingerprints
    (32 words each), the counts through a product of the unpacked bits, the division in
    float32 (correctly rounded, as on the GPU: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    q_bits = np.unpackbits(values["queries"].reshape(rows, -1).view(np.uint8), axis=1)
    d_bits = np.unpackbits(values["database"].reshape(cols, -1).view(np.uint8), axis=1)
    common = q_bits.astype(np.float32) @ d_bits.astype(np.float32).T  # exact: <= 1024
    either = q_bits.sum(axis=1)[:, None] + d_bits.sum(axis=1)[None, :] - common
    ratio = common.astype(np.float32) / np.maximum(either, 1).astype(np.float32)
    return {"out": np.where(either > 0, ratio, np.float32(0)).astype(np.float32)}


#: SHA-256's round constants and initial hash value (FIPS 180-4).
_SHA256_K = np.array([
    0x428A2F98, 0x71374491, 0xB5C0FBCF, 0xE9B5DBA5, 0x3956C25B, 0x59F111F1, 0x923F82A4,
    0xAB1C5ED5, 0xD807AA98, 0x12835B01, 0x243185BE, 0x550C7DC3, 0x72BE5D74, 0x80DEB1FE,
    0x9BDC06A7, 0xC19BF174, 0xE49B69C1, 0xEFBE4786, 0x0FC19DC6, 0x240CA1CC, 0x2DE92C6F,
    0x4A7484AA, 0x5CB0A9DC, 0x76F988DA, 0x983E5152, 0xA831C66D, 0xB00327C8, 0xBF597FC7,
    0xC6E00BF3, 0xD5A79147, 0x06CA6351, 0x14292967, 0x27B70A85, 0x2E1B2138, 0x4D2C6DFC,
    0x53380D13, 0x650A7354, 0x766A0ABB, 0x81C2C92E, 0x92722C85, 0xA2BFE8A1, 0xA81A664B,
    0xC24B8B70, 0xC76C51A3, 0xD192E819, 0xD6990624, 0xF40E3585, 0x106AA070, 0x19A4C116,
    0x1E376C08, 0x2748774C, 0x34B0BCB5, 0x391C0CB3, 0x4ED8AA4A, 0x5B9CCA4F, 0x682E6FF3,
    0x748F82EE, 0x78A5636F, 0x84C87814, 0x8CC70208, 0x90BEFFFA, 0xA4506CEB, 0xBEF9A3F7,
    0xC67178F2], dtype=np.uint32)
_SHA256_H0 = np.array([0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F,
                       0x9B05688C, 0x1F83D9AB, 0x5BE0CD19], dtype=np.uint32)


def _rotr(x: np.ndarray, n: int) -> np.ndarray:
    return (x >> np.uint32(n)) | (x << np.uint32(32 - n))


def _sha256_compress(state: list[np.ndarray], block: list[np.ndarray]) -> list[np.ndarray]:
    """One SHA-256 compression of many messages at once: state and block are lists of 8 and
    16 uint32 arrays (or scalars), one element per message."""
    w = list(block)
    for t in range(16, 64):
        s0 = _rotr(w[t - 15], 7) ^ _rotr(w[t - 15], 18) ^ (w[t - 15] >> np.uint32(3))
        s1 = _rotr(w[t - 2], 17) ^ _rotr(w[t - 2], 19) ^ (w[t - 2] >> np.uint32(10))
        w.append(w[t - 16] + s0 + w[t - 7] + s1)
    a, b, c, d, e, f, g, h = state
    for t in range(64):
        t1 = (h + (_rotr(e, 6) ^ _rotr(e, 11) ^ _rotr(e, 25)) + ((e & f) ^ (~e & g))
              + _SHA256_K[t] + w[t])
        t2 = (_rotr(a, 2) ^ _rotr(a, 13) ^ _rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))
        h, g, f, e, d, c, b, a = g, f, e, d + t1, c, b, a, t1 + t2
    return [s + x for s, x in zip(state, (a, b, c, d, e, f, g, h), strict=True)]


def sha256_merkle(values: Values) -> dict[str, np.ndarray]:
    """parents[i] = SHA-256 of the 64 bytes children[2i] || children[2i + 1] (the words'
    little-endian bytes are the message bytes, and the digest's bytes are stored likewise)."""
    n = int(values["n"])
    message = values["children"].reshape(-1, 16)[:n].astype(np.uint32).byteswap()
    state = [np.full(n, h, dtype=np.uint32) for h in _SHA256_H0]
    with np.errstate(over="ignore"):
        state = _sha256_compress(state, [message[:, k] for k in range(16)])
        padding = [np.uint32(0x80000000)] + [np.uint32(0)] * 14 + [np.uint32(512)]
        state = _sha256_compress(state, padding)
    digest = np.stack(state, axis=1).astype(np.uint32).byteswap()
    out = values["parents"].copy().reshape(-1, 8)
    out[:n] = digest
    return {"parents": out.reshape(values["parents"].shape)}


def bitonic_merge(values: Values) -> dict[str, np.ndarray]:
    """Comparator g orders the pair (pos, pos + stride), pos = 2g - (g & (stride - 1)),
    ascending when ascending XOR (g & size / 2), moving the value with its key."""
    n, size, stride = int(values["n"]), int(values["size"]), int(values["stride"])
    keys, vals = values["keys"].copy(), values["vals"].copy()
    g = np.arange(n // 2, dtype=np.int64)
    pos = 2 * g - (g & (stride - 1))
    other = pos + stride
    up = (int(values["ascending"]) != 0) ^ ((g & (size // 2)) != 0)
    swap = (keys[pos] > keys[other]) == up
    first, second = np.where(swap, other, pos), np.where(swap, pos, other)
    keys[pos], keys[other] = keys[first], keys[second]
    vals[pos], vals[other] = vals[first], vals[second]
    return {"keys": keys, "vals": vals}


def bfs_expand(values: Values) -> dict[str, np.ndarray]:
    """next_mask[u] = 1 for every neighbour u with a negative level of a vertex whose level
    is ``current``; the rest of the mask keeps its initial value."""
    n = int(values["n"])
    row_ptr = values["row_ptr"].astype(np.int64)
    level = values["level"]
    frontier = np.flatnonzero(level[:n] == int(values["current"]))
    lengths = row_ptr[frontier + 1] - row_ptr[frontier]
    starts = np.repeat(row_ptr[frontier] - np.cumsum(lengths) + lengths, lengths)
    edges = starts + np.arange(int(lengths.sum()))
    neighbours = values["col_idx"][edges]
    out = values["next_mask"].copy()
    out[neighbours[level[neighbours] < 0]] = 1
    return {"next_mask": out}


def softmax_rows(values: Values) -> dict[str, np.ndarray]:
    """out[r] = exp(in[r] - max(in[r])) / sum(exp(in[r] - max(in[r]))), in float64 (the
    kernel's expf and its float32 sums in block order are within the manifest's tolerance)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    x = values["in"].astype(np.float64).reshape(rows, cols)
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return {"out": (e / e.sum(axis=1, keepdims=True)).astype(np.float32)}


def block_scan(values: Values, threads: int) -> dict[str, np.ndarray]:
    """out[i] = the inclusive prefix sum of x within its tile of 4 * threads values (tile b
    covers values 4 b threads onwards), and block_sums[b] = tile b's total, for the cdiv(n, 4
    * threads) tiles of a configuration of ``threads`` threads per block; the block sums beyond
    them keep their initial values. int32 sums wrap modulo 2^32, as on the GPU."""
    n = int(values["n"])
    span = 4 * threads
    blocks = -(-n // span)
    padded = np.zeros(blocks * span, dtype=np.int64)
    padded[:n] = values["x"][:n]
    scanned = np.cumsum(padded.reshape(blocks, span), axis=1)
    out = np.array(values["out"], copy=True)
    out[:n] = scanned.reshape(-1)[:n].astype(np.uint32).view(np.int32)
    sums = np.array(values["block_sums"], copy=True)
    sums[:blocks] = scanned[:, -1].astype(np.uint32).view(np.int32)
    return {"out": out, "block_sums": sums}


def kmeans_rgb(values: Values) -> dict[str, np.ndarray]:
    """labels[i] = the first centroid at the least squared RGB distance from pixel i (bytes 0-2
    of its word), and sums[c] += (sum of R, sum of G, sum of B, count) over cluster c's pixels,
    modulo 2^32 (integer-valued centroids: exact)."""
    n, k = int(values["n"]), int(values["k"])
    px = values["pixels"][:n].astype(np.int64)
    rgb = np.stack([px & 255, (px >> 8) & 255, (px >> 16) & 255], axis=1)
    cent = values["centroids"].reshape(k, 4)[:, :3].astype(np.int64)  # integer-valued
    best = np.zeros(n, dtype=np.int64)
    best_d = np.full(n, np.iinfo(np.int64).max)
    for c in range(k):
        d = ((rgb - cent[c]) ** 2).sum(axis=1)
        closer = d < best_d
        best = np.where(closer, c, best)
        best_d = np.where(closer, d, best_d)
    labels = np.array(values["labels"], copy=True)
    labels[:n] = best
    add = np.zeros((k, 4), dtype=np.int64)
    for j in range(3):
        add[:, j] = np.bincount(best, weights=rgb[:, j], minlength=k).astype(np.int64)
    add[:, 3] = np.bincount(best, minlength=k)
    sums = (values["sums"].reshape(k, 4).astype(np.int64) + add) % (1 << 32)
    return {"labels": labels, "sums": sums.astype(np.uint32).reshape(values["sums"].shape)}


def region_moments(values: Values) -> dict[str, np.ndarray]:
    """moments[l] += (m00, m10, m01, m20, m11, m02) of the pixels labelled l (x the column, y
    the row); labels outside [0, L) are skipped. Integer sums: exact."""
    rows, cols, nl = int(values["rows"]), int(values["cols"]), int(values["nlabels"])
    labels = values["labels"].reshape(rows, cols).astype(np.int64)
    y, x = np.indices((rows, cols), dtype=np.int64)
    keep = (labels >= 0) & (labels < nl)
    lab = labels[keep]
    x, y = x[keep], y[keep]
    moments = values["moments"].reshape(nl, 6).astype(np.int64).copy()
    for j, term in enumerate((np.ones_like(x), x, y, x * x, x * y, y * y)):
        moments[:, j] += np.bincount(lab, weights=term, minlength=nl).astype(np.int64)
    return {"moments": moments.reshape(values["moments"].shape)}


def stereo_sad(values: Values) -> dict[str, np.ndarray]:
    """disparity[r, c] = argmin over d in [0, D) (the first on ties) of the 5 x 5 sum of
    |left(r + dy, c + dx) - right(r + dy, c + dx - d)|, coordinates clamped to the image, the
    images' bytes little-endian in their uint32 words (integer: exact)."""
    rows, cols, nd = int(values["rows"]), int(values["cols"]), int(values["ndisp"])
    left = values["left"].view(np.uint8)[: rows * cols].reshape(rows, cols).astype(np.int32)
    right = values["right"].view(np.uint8)[: rows * cols].reshape(rows, cols).astype(np.int32)
    radius = 2
    ry = np.clip(np.arange(rows)[:, None] + np.arange(-radius, radius + 1)[None, :], 0,
                 rows - 1)  # rows x 5
    cx = np.arange(cols)[:, None] + np.arange(-radius, radius + 1)[None, :]  # cols x 5
    xl = np.clip(cx, 0, cols - 1)
    best = np.zeros((rows, cols), dtype=np.int32)
    best_cost = np.full((rows, cols), np.iinfo(np.int32).max, dtype=np.int64)
    for d in range(nd):
        xr = np.clip(cx - d, 0, cols - 1)
        diff = np.abs(left[:, xl] - right[:, xr]).sum(axis=2)  # rows x cols (over dx)
        cost = sum(diff[ry[:, j]] for j in range(2 * radius + 1))
        closer = cost < best_cost
        best = np.where(closer, d, best).astype(np.int32)
        best_cost = np.where(closer, cost, best_cost)
    return {"disparity": best}


def _philox4x32_10(counter: list[np.ndarray], key: tuple[int, int]) -> list[np.ndarray]:
    """Philox4x32-10 (Salmon et al. 2011, as in Random123 and cuRAND) of many counters at
    once: four uint32 arrays, one 64-bit key as two words."""
    c0, c1, c2, c3 = (np.asarray(c, dtype=np.uint64) for c in counter)
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    low = np.uint64(0xFFFFFFFF)
    for round_ in range(10):
        if round_ > 0:
            k0 = (k0 + np.uint64(0x9E3779B9)) & low
            k1 = (k1 + np.uint64(0xBB67AE85)) & low
        p0 = np.uint64(0xD2511F53) * c0
        p1 = np.uint64(0xCD9E8D57) * c2
        c0, c1, c2, c3 = ((p1 >> np.uint64(32)) ^ c1 ^ k0, p1 & low,
                          (p0 >> np.uint64(32)) ^ c3 ^ k1, p0 & low)
    return [c.astype(np.uint32) for c in (c0, c1, c2, c3)]


def dropout_philox(values: Values) -> dict[str, np.ndarray]:
    """out[4g + j] = x[4g + j] * scale where u_j >= p, else 0, with u_j = (w_j >> 8) / 2^24 of
    word j of Philox4x32-10 at counter (g, g >> 32, offset, 0) and key (seed, seed >> 32); the
    product in float32 (one rounding, as on the GPU: exact)."""
    n = int(values["n"])
    seed, offset = int(values["seed"]) % (1 << 64), int(values["offset"]) % (1 << 32)
    g = np.arange(-(-n // 4), dtype=np.uint64)
    words = _philox4x32_10([g & np.uint64(0xFFFFFFFF), g >> np.uint64(32),
                            np.full_like(g, offset), np.zeros_like(g)],
                           (seed & 0xFFFFFFFF, seed >> 32))
    u = (np.stack(words, axis=1).reshape(-1)[:n] >> np.uint32(8)).astype(np.float32) * \
        np.float32(1.0 / 16777216.0)
    x = values["x"][:n].astype(np.float32)
    keep = u >= np.float32(values["p"])
    out = np.array(values["out"], copy=True)
    out[:n] = np.where(keep, x * np.float32(values["scale"]), np.float32(0))
    return {"out": out}


def rope_neox(values: Values) -> dict[str, np.ndarray]:
    """GPT-NeoX rotary embedding, out of place: for token t at position p and each head, the
    pairs (x, y) = (v[i], v[i + D/2]) become (x c - y s, y c + x s) with c = cos_sin[p, i] and
    s = cos_sin[p, D/2 + i] (integer-valued inputs: exact in float32)."""
    tokens, heads, kv_heads = int(values["tokens"]), int(values["heads"]), int(values["kv_heads"])
    d = int(values["head_size"])
    half = d // 2
    table = values["cos_sin"].reshape(-1, d).astype(np.float64)[values["positions"][:tokens]]
    c, s = table[:, None, :half], table[:, None, half:]  # tokens x 1 x D/2

    def rotate(v: np.ndarray, nh: int) -> np.ndarray:
        v = v.reshape(tokens, nh, d).astype(np.float64)
        x, y = v[..., :half], v[..., half:]
        return np.concatenate([x * c - y * s, y * c + x * s], axis=2).astype(np.float32)

    return {"q_out": rotate(values["query"], heads).reshape(values["q_out"].shape),
            "k_out": rotate(values["key"], kv_heads).reshape(values["k_out"].shape)}


def xxh64_u64(v: np.ndarray) -> np.ndarray:
    """XXH64 (seed 0) of each value's 8 little-endian bytes, for uint64 arrays (wrapping
    arithmetic as in the reference C code)."""
    p1, p2, p3, p4, p5 = (np.uint64(0x9E3779B185EBCA87), np.uint64(0xC2B2AE3D27D4EB4F),
                          np.uint64(0x165667B19E3779F9), np.uint64(0x85EBCA77C2B2AE63),
                          np.uint64(0x27D4EB2F165667C5))

    def rotl(a: np.ndarray, r: int) -> np.ndarray:
        return (a << np.uint64(r)) | (a >> np.uint64(64 - r))

    with np.errstate(over="ignore"):
        v = np.asarray(v, dtype=np.uint64)
        h = np.full_like(v, p5 + np.uint64(8))
        h ^= rotl(v * p2, 31) * p1
        h = rotl(h, 27) * p1 + p4
        h ^= h >> np.uint64(33)
        h *= p2
        h ^= h >> np.uint64(29)
        h *= p3
        h ^= h >> np.uint64(32)
    return h


SBBF_SALT = (0x47B6137B, 0x44974D91, 0x8824AD5B, 0xA2B7289D, 0x705495C7, 0x2DF1424B,
             0x9EFC4947, 0x5C6BFB31)


def bloom_probe(values: Values) -> dict[str, np.ndarray]:
    """out[k] = 1 where the Parquet split-block Bloom filter may hold key k: h = XXH64 of the
    key, block ((h >> 32) * num_blocks) >> 32, and bit (uint32(h) * SALT[i]) >> 27 set in word
    i of the block for every i in 0..7; else 0."""
    n, nb = int(values["n"]), int(values["num_blocks"])
    h = xxh64_u64(values["keys"][:n].view(np.uint64))
    block = ((h >> np.uint64(32)) * np.uint64(nb)) >> np.uint64(32)
    words = values["filter"].reshape(-1, 8)[block.astype(np.int64)]
    low = (h & np.uint64(0xFFFFFFFF)).astype(np.uint64)
    hit = np.ones(n, dtype=bool)
    for i, salt in enumerate(SBBF_SALT):
        bit = ((low * np.uint64(salt)) & np.uint64(0xFFFFFFFF)) >> np.uint64(27)
        hit &= ((words[:, i].astype(np.uint64) >> bit) & np.uint64(1)).astype(bool)
    out = np.array(values["out"], copy=True)
    out[:n] = hit
    return {"out": out}


def sw_align(values: Values) -> dict[str, np.ndarray]:
    """score[p] = the Smith-Waterman local alignment score with affine gaps (Gotoh) of read p
    against window p, bases (byte >> 1) & 3 of their ASCII bytes, +match / -mismatch, a gap of
    k bases costing gap_open + k gap_extend. Row by row over all pairs at once: F from the row
    above, E along the row as a running maximum of H~[k] + extend k (H~ = max(0, diagonal, F);
    as the row's E recurrence, since gap_open >= 0). Integer: exact."""
    pairs, q, t = int(values["pairs"]), int(values["qlen"]), int(values["tlen"])
    match, mismatch = int(values["match"]), int(values["mismatch"])
    oe, ext = int(values["gap_open"]) + int(values["gap_extend"]), int(values["gap_extend"])
    reads = (values["reads"].view(np.uint8)[: pairs * q].reshape(pairs, q) >> 1) & 3
    wins = (values["windows"].view(np.uint8)[: pairs * t].reshape(pairs, t) >> 1) & 3
    neg = -(1 << 28)
    h_prev = np.zeros((pairs, t + 1), dtype=np.int64)
    f_prev = np.full((pairs, t + 1), neg, dtype=np.int64)
    best = np.zeros(pairs, dtype=np.int64)
    ks = ext * np.arange(t + 1, dtype=np.int64)
    for i in range(1, q + 1):
        s = np.where(reads[:, i - 1: i] == wins, match, -mismatch)  # pairs x t
        f = np.maximum(f_prev[:, 1:] - ext, h_prev[:, 1:] - oe)
        htilde = np.zeros((pairs, t + 1), dtype=np.int64)  # column 0: the zero border
        htilde[:, 1:] = np.maximum(np.maximum(0, h_prev[:, :-1] + s), f)
        # E[j] = max over k < j of H~[k] - oe - ext (j - 1 - k)
        run = np.maximum.accumulate(htilde + ks, axis=1)
        e = np.full((pairs, t + 1), neg, dtype=np.int64)
        e[:, 1:] = run[:, :-1] - oe - ks[:-1]
        h = np.maximum(htilde, e)
        h[:, 0] = 0
        best = np.maximum(best, h.max(axis=1))
        h_prev = h
        f_prev = np.full((pairs, t + 1), neg, dtype=np.int64)
        f_prev[:, 1:] = f
    scores = np.array(values["scores"], copy=True)
    scores[:pairs] = best
    return {"scores": scores}


def bayer_demosaic(values: Values) -> dict[str, np.ndarray]:
    """Bilinear RGGB demosaicing with BORDER_REFLECT_101, rounded integer means ((a + b + 1) >> 1,
    (a + b + c + d + 2) >> 2), channels >> 8 packed R | G << 8 | B << 16 | 255 << 24 (the raw
    frame's 16-bit samples little-endian in its uint32 words; integer: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    raw = values["raw"].view(np.uint16)[: rows * cols].reshape(rows, cols).astype(np.int64)
    p = np.pad(raw, 1, mode="reflect")  # numpy's reflect is BORDER_REFLECT_101
    up, down = p[:-2, 1:-1], p[2:, 1:-1]
    left, right = p[1:-1, :-2], p[1:-1, 2:]
    diag = p[:-2, :-2] + p[:-2, 2:] + p[2:, :-2] + p[2:, 2:]
    cross4 = (up + down + left + right + 2) >> 2
    diag4 = (diag + 2) >> 2
    horiz = (left + right + 1) >> 1
    vert = (up + down + 1) >> 1
    r_even = (np.arange(rows) % 2 == 0)[:, None]
    c_even = (np.arange(cols) % 2 == 0)[None, :]
    red = np.where(r_even, np.where(c_even, raw, horiz), np.where(c_even, vert, diag4))
    green = np.where(r_even == c_even, cross4, raw)
    blue = np.where(r_even, np.where(c_even, diag4, vert), np.where(c_even, horiz, raw))
    packed = (red >> 8) | (green >> 8) << 8 | (blue >> 8) << 16 | 255 << 24
    return {"rgba": packed.astype(np.uint32).reshape(values["rgba"].shape)}


#: D2Q9 lattice directions (column step, row step) and weights, in the kernel's order.
D2Q9_E = ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))
D2Q9_W = (4 / 9, 1 / 9, 1 / 9, 1 / 9, 1 / 9, 1 / 36, 1 / 36, 1 / 36, 1 / 36)


def lbm_d2q9(values: Values) -> dict[str, np.ndarray]:
    """One D2Q9 BGK step with pull streaming on a periodic lattice: f_i = f_in_i at x - e_i,
    then f_i - omega (f_i - feq_i), feq_i = w_i rho (1 + 3 e.u + 4.5 (e.u)^2 - 1.5 u.u), in
    float64 (the kernel's float32 is within the manifest's tolerance)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    omega = float(values["omega"])
    f_in = values["f_in"].reshape(9, rows, cols).astype(np.float64)
    f = np.stack([np.roll(f_in[i], (ey, ex), axis=(0, 1)) for i, (ex, ey) in enumerate(D2Q9_E)])
    rho = f.sum(axis=0)
    ux = sum(ex * f[i] for i, (ex, _) in enumerate(D2Q9_E)) / rho
    uy = sum(ey * f[i] for i, (_, ey) in enumerate(D2Q9_E)) / rho
    usq = 1.5 * (ux * ux + uy * uy)
    out = np.empty_like(f)
    for i, (ex, ey) in enumerate(D2Q9_E):
        eu = 3 * (ex * ux + ey * uy)
        feq = D2Q9_W[i] * rho * (1 + eu + 0.5 * eu * eu - usq)
        out[i] = f[i] - omega * (f[i] - feq)
    return {"f_out": out.astype(np.float32).reshape(values["f_out"].shape)}


def q8_matvec(values: Values) -> dict[str, np.ndarray]:
    """y[r] = sum over groups g of scale[r, g] * sum over the group's 32 columns c of
    int8(q[r, c]) * x[c], the int8 weights little-endian in the uint32 words (integer-valued:
    exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    q = values["q"].view(np.int8)[: rows * cols].reshape(rows, cols // 32, 32).astype(np.float64)
    x = values["x"][:cols].astype(np.float64).reshape(cols // 32, 32)
    scales = values["scales"].reshape(rows, cols // 32).astype(np.float64)
    y = ((q * x).sum(axis=2) * scales).sum(axis=1)
    return {"y": y.astype(np.float32).reshape(values["y"].shape)}


def kmer_canon(values: Values) -> dict[str, np.ndarray]:
    """out[p] = min(fwd, rc) of the K bases from p: base code (byte >> 1) & 3, two bits a base
    with the first base highest in fwd, the reverse complement (codes ^ 2, reversed) likewise
    in rc (integer: exact)."""
    n, k = int(values["n"]), int(values["k"])
    codes = ((values["seq"].view(np.uint8)[: n + k - 1] >> 1) & 3).astype(np.uint64)
    fwd = np.zeros(n, dtype=np.uint64)
    rc = np.zeros(n, dtype=np.uint64)
    for i in range(k):
        b = codes[i: i + n]
        fwd = (fwd << np.uint64(2)) | b
        rc |= (b ^ np.uint64(2)) << np.uint64(2 * i)
    out = np.array(values["out"], copy=True)
    out[:n] = np.minimum(fwd, rc).astype(np.int64)
    return {"out": out}


def bitunpack_for(values: Values) -> dict[str, np.ndarray]:
    """out[i] = base + the BITS-bit field at bit i * BITS of the little-endian word stream,
    LSB first (integer: exact)."""
    n, bits, base = int(values["n"]), int(values["bits"]), int(values["base"])
    words = values["words"].astype(np.uint64)
    pos = np.arange(n, dtype=np.uint64) * np.uint64(bits)
    w = (pos >> np.uint64(5)).astype(np.int64)
    pair = words[w] | (words[w + 1] << np.uint64(32))
    field = (pair >> (pos & np.uint64(31))) & np.uint64((1 << bits) - 1)
    out = np.array(values["out"], copy=True)
    out[:n] = (field.astype(np.int64) + base).astype(np.int32)
    return {"out": out}


def bond_price(values: Values) -> dict[str, np.ndarray]:
    """Price (face 100, semiannual coupons coupon_bp / 200) and Macaulay duration in years of
    each bond from its yield, summed period by period in float64 (the kernel's float32 is
    within the manifest's tolerance)."""
    n = int(values["n"])
    c = values["coupon_bp"][:n].astype(np.float64) / 200
    d = 1 / (1 + values["yield_bp"][:n].astype(np.float64) / 20000)
    periods = values["periods"][:n].astype(np.int64)
    pv = np.zeros(n)
    weighted = np.zeros(n)
    df_n = np.ones(n)
    for k in range(1, int(periods.max(initial=0)) + 1):
        live = k <= periods
        df = d**k
        pv += np.where(live, c * df, 0)
        weighted += np.where(live, k * c * df, 0)
        df_n = np.where(live, df, df_n)
    pv += 100 * df_n
    weighted += periods * 100 * df_n
    price = np.array(values["price"], copy=True)
    duration = np.array(values["duration"], copy=True)
    price[:n] = pv
    duration[:n] = weighted / pv / 2
    return {"price": price, "duration": duration}


def census5x5(values: Values) -> dict[str, np.ndarray]:
    """Bit 23 - j of out[r, c] = 1 where neighbour j of the 5x5 window (row-major, centre
    skipped; coordinates clamped to the image) is below the centre (integer: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    img = values["img"].view(np.uint8)[: rows * cols].reshape(rows, cols)
    p = np.pad(img, 2, mode="edge")
    code = np.zeros((rows, cols), dtype=np.uint32)
    for dy in range(5):
        for dx in range(5):
            if dy == 2 and dx == 2:
                continue
            code = (code << np.uint32(1)) | (p[dy: dy + rows, dx: dx + cols] < img)
    return {"out": code.reshape(values["out"].shape)}


def lowbias32(x: np.ndarray) -> np.ndarray:
    """The lowbias32 integer hash of uint32 values (wrapping multiplies)."""
    x = np.asarray(x, dtype=np.uint32)
    with np.errstate(over="ignore"):
        x = x ^ (x >> np.uint32(16))
        x = x * np.uint32(0x7FEB352D)
        x = x ^ (x >> np.uint32(15))
        x = x * np.uint32(0x846CA68B)
        x = x ^ (x >> np.uint32(16))
    return x


def ising_checker(values: Values) -> dict[str, np.ndarray]:
    """Metropolis half-sweep of the periodic 2-D Ising model on the sites of one colour,
    spins 0/1: flip where dE = 2 s sum(neighbours) <= 0 or the site's hash
    lowbias32(index ^ lowbias32(seed)) is below acc4 (dE = 4) or acc8 (dE = 8); the other
    colour copied (integer: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    v = values["spins_in"].reshape(rows, cols).astype(np.int64)
    s = 2 * v - 1
    nsum = (np.roll(s, 1, axis=0) + np.roll(s, -1, axis=0) + np.roll(s, 1, axis=1)
            + np.roll(s, -1, axis=1))
    de = 2 * s * nsum
    index = np.arange(rows * cols, dtype=np.uint64).astype(np.uint32).reshape(rows, cols)
    h = lowbias32(index ^ lowbias32(np.uint32(int(values["seed"]))))
    thresh = np.where(de == 4, np.uint32(int(values["acc4"])), np.uint32(int(values["acc8"])))
    flip = (de <= 0) | (h < thresh)
    r, c = np.indices((rows, cols))
    active = ((r + c) & 1) == int(values["colour"])
    out = np.where(active & flip, 1 - v, v).astype(np.int32)
    return {"spins_out": out.reshape(values["spins_out"].shape)}


def alpha_over(values: Values) -> dict[str, np.ndarray]:
    """Premultiplied source over destination per RGBA8 channel: min(255, src + div255(dst *
    (255 - src_alpha))), div255(x) = (x + 128 + ((x + 128) >> 8)) >> 8 (integer: exact)."""
    src = values["src"].astype(np.uint32)
    dst = values["dst"].astype(np.uint32)
    inv = np.uint32(255) - (src >> np.uint32(24))
    out = np.zeros_like(src)
    for ch in range(4):
        shift = np.uint32(8 * ch)
        x = ((dst >> shift) & np.uint32(255)) * inv + np.uint32(128)
        v = ((src >> shift) & np.uint32(255)) + ((x + (x >> np.uint32(8))) >> np.uint32(8))
        out |= np.minimum(v, np.uint32(255)) << shift
    return {"out": out.reshape(values["out"].shape)}


def mc_euro_call(values: Values) -> dict[str, np.ndarray]:
    """price[o] = exp(-r T) mean(max(S exp((r - sigma^2 / 2) T + sigma sqrt(T) z) - K, 0))
    over the option's PATHS normals, T = days / 365, sigma = vol_pct / 100, the normals the
    Box-Muller pairs of lowbias32 uniforms (pair j of option o: counters c = 2 (o PATHS / 2 +
    j) and c + 1, wrapping modulo 2^32, hashed as lowbias32(c ^ lowbias32(seed)); u1 = ((h1 >>
    8) + 1) 2^-24, u2 = (h2 >> 8) 2^-24), in float64 (the kernel's float32 is within the
    manifest's tolerance). Options in batches, so a full-size run stays small in memory."""
    options, paths = int(values["options"]), int(values["paths"])
    rate = float(np.float32(values["rate"]))
    pairs = paths // 2
    key = lowbias32(np.uint32(int(values["seed"])))
    price = np.array(values["price"], copy=True)
    batch = max(1, (1 << 21) // max(pairs, 1))
    for start in range(0, options, batch):
        stop = min(options, start + batch)
        t = values["days"][start:stop].astype(np.float64)[:, None] / 365
        sigma = values["vol_pct"][start:stop].astype(np.float64)[:, None] / 100
        s0 = values["spot"][start:stop].astype(np.float64)[:, None]
        k = values["strike"][start:stop].astype(np.float64)[:, None]
        opts = np.arange(start, stop, dtype=np.uint64)[:, None]
        j = np.arange(pairs, dtype=np.uint64)[None, :]
        c = ((opts * np.uint64(pairs) + j) * np.uint64(2)).astype(np.uint32)
        with np.errstate(over="ignore"):
            h1 = lowbias32(c ^ key)
            h2 = lowbias32((c + np.uint32(1)) ^ key)
        u1 = ((h1 >> np.uint32(8)).astype(np.float64) + 1) * 2.0**-24
        u2 = (h2 >> np.uint32(8)).astype(np.float64) * 2.0**-24
        radius = np.sqrt(-2 * np.log(u1))
        drift = (rate - 0.5 * sigma * sigma) * t
        diffusion = sigma * np.sqrt(t)
        total = np.zeros(stop - start)
        for z in (radius * np.cos(2 * np.pi * u2), radius * np.sin(2 * np.pi * u2)):
            total += np.maximum(s0 * np.exp(drift + diffusion * z) - k, 0).sum(axis=1)
        price[start:stop] = np.exp(-rate * t[:, 0]) * total / (2 * pairs)
    return {"price": price}


def chunk_entropy(values: Values) -> dict[str, np.ndarray]:
    """entropy[k] = -sum over byte values of p log2 p, p the value's share of the CHUNK bytes
    of chunk k (the words' bytes, little-endian), in float64 (the kernel's float32 log2f and
    block-order sums are within the manifest's tolerance). Chunks in batches."""
    chunks, size = int(values["chunks"]), int(values["chunk_bytes"])
    data = values["data"].view(np.uint8)[: chunks * size].reshape(chunks, size)
    out = np.array(values["entropy"], copy=True)
    batch = max(1, (1 << 22) // max(size, 1))
    for start in range(0, chunks, batch):
        part = data[start: start + batch]
        rows = len(part)
        bins = (np.arange(rows, dtype=np.int64)[:, None] * 256 + part).reshape(-1)
        counts = np.bincount(bins, minlength=rows * 256).reshape(rows, 256)
        p = counts / size
        with np.errstate(divide="ignore", invalid="ignore"):
            terms = np.where(counts > 0, -p * np.log2(p), 0.0)
        out[start: start + rows] = terms.sum(axis=1)
    return {"entropy": out}


def pip_geofence(values: Values) -> dict[str, np.ndarray]:
    """inside[i] = 1 where point i is inside the polygon by the even-odd rule: the edges
    (v[k-1], v[k]) (k - 1 wrapping to the last vertex) that straddle the point's y
    (exactly one end above it) and cross right of it, PNPOLY's test multiplied out by the
    edge's dy, flip the flag (integer: exact)."""
    n, nv = int(values["n"]), int(values["nv"])
    x = values["px"][:n].astype(np.int64)
    y = values["py"][:n].astype(np.int64)
    vx = values["vx"][:nv].astype(np.int64).tolist()
    vy = values["vy"][:nv].astype(np.int64).tolist()
    inside = np.zeros(n, dtype=bool)
    for k in range(nv):
        xi, yi, xj, yj = vx[k], vy[k], vx[k - 1], vy[k - 1]
        straddles = (yi > y) != (yj > y)
        lhs = (x - xi) * (yj - yi)
        rhs = (xj - xi) * (y - yi)
        inside ^= straddles & ((lhs < rhs) if yj > yi else (lhs > rhs))
    out = np.array(values["inside"], copy=True)
    out[:n] = inside
    return {"inside": out}


def morton_expand10(v: np.ndarray) -> np.ndarray:
    """Karras's expandBits: the low 10 bits of each uint32 spread to bits 0, 3, 6, ..., 27."""
    v = np.asarray(v, dtype=np.uint32)
    with np.errstate(over="ignore"):
        v = (v * np.uint32(0x00010001)) & np.uint32(0xFF0000FF)
        v = (v * np.uint32(0x00000101)) & np.uint32(0x0F00F00F)
        v = (v * np.uint32(0x00000011)) & np.uint32(0xC30C30C3)
        v = (v * np.uint32(0x00000005)) & np.uint32(0x49249249)
    return v


def morton3d(values: Values) -> dict[str, np.ndarray]:
    """codes[i] = 4 X + 2 Y + Z of point i's cells spread three bits apart, cell =
    trunc(clamp((p - lo) * scale, 0, 1023)) computed in float32 as the kernel does (integer
    coordinates, a power-of-two scale: exact)."""
    n = int(values["n"])
    lo, scale = np.float32(values["lo"]), np.float32(values["scale"])
    pts = values["points"].reshape(-1, 3)[:n]
    cells = np.clip((pts - lo) * scale, np.float32(0), np.float32(1023)).astype(np.uint32)
    x, y, z = (morton_expand10(cells[:, a]) for a in range(3))
    codes = np.array(values["codes"], copy=True)
    with np.errstate(over="ignore"):
        codes[:n] = x * np.uint32(4) + y * np.uint32(2) + z
    return {"codes": codes}


#: D8's neighbours in code order (bit k: E, SE, S, SW, W, NW, N, NE; rows run south).
D8_STEPS = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))


def d8_flow(values: Values) -> dict[str, np.ndarray]:
    """dir[r, c] = 1 << k of the first neighbour k (in D8_STEPS order) with the largest
    strictly positive drop z - z_k (diagonal drops times float32 0.70710678, in float32 as the
    kernel computes them), 0 where none is lower; neighbours off the grid are skipped
    (integer-valued elevations: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    z = values["dem"].reshape(rows, cols).astype(np.float32)
    padded = np.pad(z, 1, constant_values=np.inf)  # an off-grid neighbour never drops
    best = np.zeros((rows, cols), dtype=np.float32)
    code = np.zeros((rows, cols), dtype=np.int32)
    for k, (dr, dc) in enumerate(D8_STEPS):
        drop = z - padded[1 + dr: 1 + dr + rows, 1 + dc: 1 + dc + cols]
        if k & 1:
            drop = drop * np.float32(0.70710678)
        steeper = drop > best
        best = np.where(steeper, drop, best)
        code = np.where(steeper, np.int32(1 << k), code)
    return {"dir": code.reshape(values["dir"].shape)}


def dedisperse(values: Values) -> dict[str, np.ndarray]:
    """out[d, t] = sum over channels ch of in[ch, t + ((d kdelay[ch] + 2^15) >> 16)]
    (integer-valued samples: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    nchan, stride = int(values["nchan"]), int(values["in_stride"])
    data = values["in"].reshape(-1)[: nchan * stride].reshape(nchan, stride).astype(np.float64)
    kdelay = values["kdelay"][:nchan].astype(np.int64)
    out = np.zeros((rows, cols))
    for d in range(rows):
        delays = (d * kdelay + 32768) >> 16
        for ch in range(nchan):
            out[d] += data[ch, delays[ch]: delays[ch] + cols]
    return {"out": out.astype(np.float32).reshape(values["out"].shape)}


def group_revenue(values: Values) -> dict[str, np.ndarray]:
    """revenue[g] = sum over the rows offsets[g] <= i < offsets[g + 1] of price[i] * (100 -
    discount_pct[i]) in int64, max_price[g] = the group's largest price, 0 for an empty group
    (integer: exact)."""
    groups = int(values["groups"])
    offsets = values["offsets"][: groups + 1].astype(np.int64)
    price = values["price"][: offsets[-1]].astype(np.int64)
    line = price * (100 - values["discount_pct"][: offsets[-1]].astype(np.int64))
    sums = np.concatenate(([0], np.cumsum(line)))
    revenue = np.array(values["revenue"], copy=True)
    revenue[:groups] = sums[offsets[1:]] - sums[offsets[:-1]]
    best = np.array(values["max_price"], copy=True)
    best[:groups] = 0
    full = np.flatnonzero(offsets[1:] > offsets[:-1])
    if len(full):  # consecutive non-empty groups: each reduceat span ends where the next starts
        best[full] = np.maximum.reduceat(price, offsets[full])
    return {"revenue": revenue, "max_price": best}


def sta_lta(values: Values) -> dict[str, np.ndarray]:
    """cf[t, i] = (sta / NSTA) / (lta / NLTA) for i >= NLTA - 1 (0 before, and where lta is 0),
    sta and lta the sums of x^2 over the last NSTA and NLTA samples up to i (fewer at the
    trace's start: c[-1] = 0), ObsPy's classic_sta_lta; the sums exact in int64, the ratio in
    float64 (the kernel's float32 is within the manifest's tolerance)."""
    ntraces, ns = int(values["ntraces"]), int(values["nsamples"])
    nsta, nlta = int(values["nsta"]), int(values["nlta"])
    x = values["traces"].reshape(-1)[: ntraces * ns].reshape(ntraces, ns).astype(np.int64)
    c = np.zeros((ntraces, ns + 1), dtype=np.int64)  # c[:, i + 1] = the sum up to sample i
    np.cumsum(x * x, axis=1, out=c[:, 1:])
    i = np.arange(ns)
    sta = c[:, i + 1] - c[:, np.maximum(i + 1 - nsta, 0)]
    lta = c[:, i + 1] - c[:, np.maximum(i + 1 - nlta, 0)]
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = (sta / nsta) / (lta / nlta)
    cf = np.where((i >= nlta - 1) & (lta > 0), ratio, 0.0).astype(np.float32)
    out = np.array(values["cf"], copy=True).reshape(-1)
    out[: ntraces * ns] = cf.reshape(-1)
    return {"cf": out.reshape(values["cf"].shape)}


def resample_poly(values: Values) -> dict[str, np.ndarray]:
    """y[n] = sum over k < TAPS of h[phase + UP k] x[base - k], base = floor(n DOWN / UP),
    phase = n DOWN mod UP, x[j] = 0 for j < 0: upfirdn(h, x, UP, DOWN) (integer-valued
    samples and coefficients: exact). Outputs in batches."""
    n, nin = int(values["n"]), int(values["nin"])
    up, down, taps = int(values["up"]), int(values["down"]), int(values["taps"])
    x = values["x"][:nin].astype(np.float64)
    h = values["h"][: up * taps].astype(np.float64)
    y = np.array(values["y"], copy=True)
    batch = 1 << 22
    for start in range(0, n, batch):
        pos = np.arange(start, min(n, start + batch), dtype=np.int64) * down
        base, phase = pos // up, pos % up
        acc = np.zeros(len(pos))
        for k in range(taps):
            j = base - k
            acc += h[phase + up * k] * np.where(j >= 0, x[np.maximum(j, 0)], 0.0)
        y[start: start + len(pos)] = acc
    return {"y": y}


def chacha20_keystream(key: np.ndarray, nonce: np.ndarray, counters: np.ndarray) -> np.ndarray:
    """The ChaCha20 block function (RFC 8439 2.3) of one key (8 words) and nonce (3 words) at
    each 32-bit block counter: an (len(counters), 16) uint32 array of keystream words."""
    key = np.asarray(key, dtype=np.uint32)
    nonce = np.asarray(nonce, dtype=np.uint32)
    counters = np.asarray(counters, dtype=np.uint32)
    ones = np.ones(len(counters), dtype=np.uint32)
    state = [ones * np.uint32(c) for c in (0x61707865, 0x3320646E, 0x79622D32, 0x6B206574)]
    state += [ones * key[k] for k in range(8)] + [counters.copy()]
    state += [ones * nonce[k] for k in range(3)]
    w = [s.copy() for s in state]

    def rotl(v: np.ndarray, c: int) -> np.ndarray:
        return (v << np.uint32(c)) | (v >> np.uint32(32 - c))

    def quarter(a: int, b: int, c: int, d: int) -> None:
        w[a] += w[b]
        w[d] = rotl(w[d] ^ w[a], 16)
        w[c] += w[d]
        w[b] = rotl(w[b] ^ w[c], 12)
        w[a] += w[b]
        w[d] = rotl(w[d] ^ w[a], 8)
        w[c] += w[d]
        w[b] = rotl(w[b] ^ w[c], 7)

    with np.errstate(over="ignore"):
        for _ in range(10):
            for a, b, c, d in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15),
                               (0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
                quarter(a, b, c, d)
        return np.stack([w[k] + state[k] for k in range(16)], axis=1)


def chacha20_xor(values: Values) -> dict[str, np.ndarray]:
    """cipher block i = plain block i XOR the ChaCha20 keystream block of (key, nonce,
    counter0 + i mod 2^32), sixteen little-endian words a block (integer: exact). Blocks in
    batches."""
    nblocks = int(values["nblocks"])
    plain = values["plain"].reshape(-1)[: 16 * nblocks].reshape(nblocks, 16)
    out = np.array(values["cipher"], copy=True).reshape(-1)
    counter0 = int(values["counter0"])
    batch = 1 << 18
    for start in range(0, nblocks, batch):
        stop = min(nblocks, start + batch)
        counters = ((np.arange(start, stop, dtype=np.uint64) + counter0) & 0xFFFFFFFF)
        stream = chacha20_keystream(values["key"], values["nonce"], counters.astype(np.uint32))
        out[16 * start: 16 * stop] = (plain[start:stop] ^ stream).reshape(-1)
    return {"cipher": out.reshape(values["cipher"].shape)}


def coulomb_grid(values: Values) -> dict[str, np.ndarray]:
    """potential[r, c] = sum over the atoms of q / |p - r_a|, p = (c SPACING, r SPACING,
    ZPLANE), in float64 (the kernel's float32 and rsqrtf are within the manifest's
    tolerance)."""
    rows, cols, natoms = int(values["rows"]), int(values["cols"]), int(values["natoms"])
    spacing = float(np.float32(values["spacing"]))
    zplane = float(np.float32(values["zplane"]))
    px = np.arange(cols, dtype=np.float64)[None, :] * spacing
    py = np.arange(rows, dtype=np.float64)[:, None] * spacing
    atoms = [values[k][:natoms].astype(np.float64) for k in ("ax", "ay", "az", "aq")]
    v = np.zeros((rows, cols))
    for x, y, z, q in zip(*atoms, strict=True):
        v += q / np.sqrt((px - x) ** 2 + (py - y) ** 2 + (zplane - z) ** 2)
    return {"potential": v.astype(np.float32).reshape(values["potential"].shape)}


def harris_response(values: Values) -> dict[str, np.ndarray]:
    """R = (20 (Sxx Syy - Sxy^2) - (Sxx + Syy)^2) / 20 (det - trace^2 / 20) of the Sobel
    gradients' structure tensor summed over each pixel's 3 x 3 window, the image extended by
    replicating its border; the sums exact in int64, one rounding to float32 and a float32
    divide, as the kernel computes them (exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    p = np.pad(values["img"].reshape(rows, cols).astype(np.int64), 2, mode="edge")
    gx = (p[:-2, 2:] + 2 * p[1:-1, 2:] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[1:-1, :-2] + p[2:, :-2])
    gy = (p[2:, :-2] + 2 * p[2:, 1:-1] + p[2:, 2:]) - (p[:-2, :-2] + 2 * p[:-2, 1:-1] + p[:-2, 2:])

    def window(a: np.ndarray) -> np.ndarray:
        return sum(a[dy: dy + rows, dx: dx + cols] for dy in range(3) for dx in range(3))

    a, b, d = window(gx * gx), window(gy * gy), window(gx * gy)
    scaled = 20 * (a * b - d * d) - (a + b) ** 2
    out = scaled.astype(np.float32) / np.float32(20)
    return {"response": out.reshape(values["response"].shape)}


#: Lv / cp of sat_adjust.cu in K per g/kg of water condensed.
SAT_ADJUST_LV_CP = 2.501e6 / 1004.64 / 1000.0


def sat_adjust(values: Values) -> dict[str, np.ndarray]:
    """One-step saturation adjustment: es = 611.2 exp(17.67 (T - 273.15) / (T - 29.65)),
    qs = 622 es / (p - es) g/kg, dqs/dT = qs p / (p - es) * 17.67 * 243.5 / (T - 29.65)^2,
    dq = (qv - qs) / (1 + Lv/cp dqs/dT); dq > 0 condenses dq (warming Lv/cp dq), otherwise
    min(-dq, qc) evaporates (cooling); in float64 (the kernel's float32 and expf are within
    the manifest's tolerance). Cells in batches."""
    n = int(values["n"])
    out = {k: np.array(values[k], copy=True) for k in ("t_out", "qv_out", "qc_out")}
    batch = 1 << 22
    for first in range(0, n, batch):
        cells = slice(first, min(n, first + batch))
        t, p, qv, qc = (values[k][cells].astype(np.float64)
                        for k in ("t_in", "p_in", "qv_in", "qc_in"))
        tb = t - 29.65
        es = 611.2 * np.exp(17.67 * (t - 273.15) / tb)
        qs = 622.0 * es / (p - es)
        dqs_dt = qs * p / (p - es) * (17.67 * 243.5 / (tb * tb))
        dq = (qv - qs) / (1.0 + SAT_ADJUST_LV_CP * dqs_dt)
        # vapour turned into cloud water: dq where dq > 0, else minus the evaporation of at
        # most the cloud water there (qc >= 0, so a cloudless cell gets min(-dq, 0) = 0 and
        # stays unchanged, as the kernel's qc > 0 test leaves it)
        change = np.where(dq > 0, dq, -np.minimum(-dq, qc))
        out["t_out"][cells] = t + SAT_ADJUST_LV_CP * change
        out["qv_out"][cells] = qv - change
        out["qc_out"][cells] = qc + change
    return out


def vertex_tnl(values: Values) -> dict[str, np.ndarray]:
    """Per vertex (px, py, pz, nx, ny, nz, u, v): clip = MVP (p, 1), z_e = the model-view
    row . (p, 1), e = N n, diffuse = max(e . L / |e|, 0) (0 where |e| = 0), fog =
    clamp((end - |z_e|) / (end - start), 0, 1); the record (clip, u, v, diffuse, fog). In
    float64 (the clip coordinates of integer data are exact; rsqrtf and the divide are within
    the manifest's tolerance). Vertices in batches."""
    n = int(values["n"])
    verts = values["vertices"].reshape(-1, 8)
    u = values["uniforms"].astype(np.float64)
    mvp, mv_z, nrm, light = u[:16].reshape(4, 4), u[16:20], u[20:29].reshape(3, 3), u[29:32]
    start, end = float(np.float32(values["fog_start"])), float(np.float32(values["fog_end"]))
    out = np.array(values["shaded"], copy=True).reshape(-1, 8)
    batch = 1 << 20
    for first in range(0, n, batch):
        v = verts[first: min(n, first + batch)].astype(np.float64)
        pos = np.column_stack([v[:, :3], np.ones(len(v))])
        e = v[:, 3:6] @ nrm.T
        len2 = (e * e).sum(axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            lambert = (e @ light) / np.sqrt(len2)
        diffuse = np.where(len2 > 0, np.maximum(lambert, 0.0), 0.0)
        fog = np.clip((end - np.abs(pos @ mv_z)) / (end - start), 0.0, 1.0)
        out[first: first + len(v)] = np.column_stack([pos @ mvp.T, v[:, 6:8], diffuse, fog])
    return {"shaded": out.reshape(values["shaded"].shape)}


def frame_rms_zcr(values: Values) -> dict[str, np.ndarray]:
    """Frame f = int16 samples f HOP .. f HOP + FRAME - 1 (little-endian halves of the uint32
    words): rms = sqrt(float32(sum of x^2) / FRAME), zcr = (pairs of neighbouring samples
    in the frame whose signs differ, 0 counting as positive) / FRAME, float32 as the kernel
    rounds them (the sums exact in int64)."""
    nframes, frame, hop = int(values["nframes"]), int(values["frame"]), int(values["hop"])
    ns = (nframes - 1) * hop + frame
    x = values["pcm"].astype("<u4").view("<i2")[:ns].astype(np.int64)
    energy = np.zeros(ns + 1, dtype=np.int64)  # energy[j] = sum of x^2 over x[:j]
    np.cumsum(x * x, out=energy[1:])
    negative = x < 0
    crossed = np.zeros(ns, dtype=np.int64)  # crossed[j] = sign changes among x[:j + 1]
    np.cumsum(negative[1:] != negative[:-1], out=crossed[1:])
    starts = np.arange(nframes, dtype=np.int64) * hop
    sums = energy[starts + frame] - energy[starts]
    counts = crossed[starts + frame - 1] - crossed[starts]
    rms = np.array(values["rms"], copy=True)
    zcr = np.array(values["zcr"], copy=True)
    rms[:nframes] = np.sqrt(sums.astype(np.float32) / np.float32(frame))
    zcr[:nframes] = counts.astype(np.float32) / np.float32(frame)
    return {"rms": rms, "zcr": zcr}


#: canny_nms.cu's tan(22.5 deg) in 15-bit fixed point.
CANNY_TG22 = 13573


def canny_nms(values: Values) -> dict[str, np.ndarray]:
    """0 / 1 / 2 per pixel: m = |dx| + |dy| > LOW and a peak along the gradient's sector
    (|dy| 2^15 < |dx| TG22: left and right, m > left and m >= right; |dy| 2^15 > |dx|
    (TG22 + 2^16): above and below, m > above and m >= below; otherwise the diagonal through
    (r - 1, c - s) and (r + 1, c + s), s = sign(dx dy) (+1 for 0), m > both), 2 where m >
    HIGH as well; the magnitude outside the image is 0 (integer: exact). Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    low, high = int(values["low"]), int(values["high"])
    dx = values["dx"].reshape(-1)[: rows * cols].reshape(rows, cols)
    dy = values["dy"].reshape(-1)[: rows * cols].reshape(rows, cols)
    mp = np.pad(np.abs(dx.astype(np.int64)) + np.abs(dy.astype(np.int64)), 1)  # 0 outside
    out = np.array(values["edges"], copy=True).reshape(-1)
    band = 512
    for r0 in range(0, rows, band):
        r1 = min(rows, r0 + band)
        gx, gy = dx[r0:r1].astype(np.int64), dy[r0:r1].astype(np.int64)

        def at(dr: int, dc: int, r0: int = r0, r1: int = r1) -> np.ndarray:
            """The magnitude at (r + dr, c + dc) of the band's pixels."""
            return mp[1 + r0 + dr: 1 + r1 + dr, 1 + dc: 1 + dc + cols]

        m = at(0, 0)
        xs, ys = np.abs(gx), np.abs(gy) << 15
        tg22x = xs * CANNY_TG22
        horizontal = ys < tg22x
        vertical = ~horizontal & (ys > tg22x + (xs << 16))
        down_right = (gx ^ gy) >= 0  # s = +1: (r - 1, c - 1) and (r + 1, c + 1)
        diagonal = np.where(down_right, (m > at(-1, -1)) & (m > at(1, 1)),
                            (m > at(-1, 1)) & (m > at(1, -1)))
        peak = np.where(horizontal, (m > at(0, -1)) & (m >= at(0, 1)),
                        np.where(vertical, (m > at(-1, 0)) & (m >= at(1, 0)), diagonal))
        edge = np.where((m > low) & peak, np.where(m > high, 2, 1), 0)
        out[r0 * cols: r1 * cols] = edge.reshape(-1)
    return {"edges": out.reshape(values["edges"].shape)}


#: morph_gradient.cu's structuring element: the 5 x 5 disc, (dy, dx) with dx^2 + dy^2 <= 5.
MORPH_DISC = [(dy, dx) for dy in range(-2, 3) for dx in range(-2, 3) if dx * dx + dy * dy <= 5]


def morph_gradient(values: Values) -> dict[str, np.ndarray]:
    """max - min of each pixel's 5 x 5 disc neighbourhood, pixels outside the image left out
    (the same as replicating the border for this element) (integer: exact)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    img = values["img"].reshape(-1)[: rows * cols].reshape(rows, cols)
    p = np.pad(img, 2, mode="edge")
    hi = np.full((rows, cols), np.iinfo(img.dtype).min, dtype=img.dtype)
    lo = np.full((rows, cols), np.iinfo(img.dtype).max, dtype=img.dtype)
    for dy, dx in MORPH_DISC:
        window = p[2 + dy: 2 + dy + rows, 2 + dx: 2 + dx + cols]
        np.maximum(hi, window, out=hi)
        np.minimum(lo, window, out=lo)
    out = np.array(values["out"], copy=True).reshape(-1)
    out[: rows * cols] = (hi - lo).reshape(-1)
    return {"out": out.reshape(values["out"].shape)}


def murmur3_32_rows(data: np.ndarray, offsets: np.ndarray, seed: int) -> np.ndarray:
    """MurmurHash3_x86_32 (Appleby's reference algorithm) of each row data[offsets[i]:
    offsets[i + 1]] of a uint8 buffer, with one seed: a uint32 array, vectorized over the rows
    block by block."""
    data = np.asarray(data, dtype=np.uint8)
    offsets = np.asarray(offsets, dtype=np.int64)
    begin, length = offsets[:-1], offsets[1:] - offsets[:-1]
    c1, c2 = np.uint32(0xCC9E2D51), np.uint32(0x1B873593)

    def rotl(v: np.ndarray, r: int) -> np.ndarray:
        return (v << np.uint32(r)) | (v >> np.uint32(32 - r))

    def byte(at: np.ndarray) -> np.ndarray:
        return data[at].astype(np.uint32)

    h = np.full(len(begin), seed, dtype=np.uint32)
    nblocks = length // 4
    with np.errstate(over="ignore"):
        for b in range(int(nblocks.max(initial=0))):
            rows = np.flatnonzero(nblocks > b)
            at = begin[rows] + 4 * b
            k = byte(at) | byte(at + 1) << np.uint32(8) | byte(at + 2) << np.uint32(16) | \
                byte(at + 3) << np.uint32(24)
            k = rotl(k * c1, 15) * c2
            hh = rotl(h[rows] ^ k, 13)
            h[rows] = hh * np.uint32(5) + np.uint32(0xE6546B64)
        rest = length & 3
        rows = np.flatnonzero(rest > 0)
        tail = begin[rows] + 4 * nblocks[rows]
        k = byte(tail)
        two = rest[rows] >= 2
        k[two] ^= byte(tail[two] + 1) << np.uint32(8)
        three = rest[rows] == 3
        k[three] ^= byte(tail[three] + 2) << np.uint32(16)
        h[rows] ^= rotl(k * c1, 15) * c2
        h ^= length.astype(np.uint32)
        return fmix32(h)


def fmix32(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 32-bit finalizer, in place on a uint32 array (wrapping as in C)."""
    with np.errstate(over="ignore"):
        h ^= h >> np.uint32(16)
        h *= np.uint32(0x85EBCA6B)
        h ^= h >> np.uint32(13)
        h *= np.uint32(0xC2B2AE35)
        h ^= h >> np.uint32(16)
    return h


def murmur3_strings(values: Values) -> dict[str, np.ndarray]:
    """hashes[i] = MurmurHash3_x86_32(row i's bytes, SEED), the bytes the little-endian bytes
    of the uint32 words (integer: exact)."""
    nrows = int(values["nrows"])
    offsets = values["offsets"][: nrows + 1]
    data = values["chars"].astype("<u4").view(np.uint8)
    hashes = np.array(values["hashes"], copy=True)
    hashes[:nrows] = murmur3_32_rows(data, offsets, int(values["seed"]))
    return {"hashes": hashes}


def normal_cdf64(x: np.ndarray) -> np.ndarray:
    """The standard normal CDF in float64 through erfc's Chebyshev fit (Numerical Recipes'
    erfcc, relative error below 1.2e-7 everywhere, far inside bs_greeks' tolerance):
    N(x) = erfc(-x / sqrt 2) / 2."""
    z = -np.asarray(x, dtype=np.float64) / np.sqrt(2.0)
    a = np.abs(z)
    t = 1.0 / (1.0 + 0.5 * a)
    poly = -a * a - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (
        -0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (
            -0.82215223 + t * 0.17087277))))))))
    erfc_a = t * np.exp(poly)
    erfc = np.where(z >= 0, erfc_a, 2.0 - erfc_a)
    return 0.5 * erfc


def bs_greeks(values: Values) -> dict[str, np.ndarray]:
    """Call greeks per option (T = days / 365, sigma = vol_pct / 100): d1 = (ln(S / K) + (r +
    sigma^2 / 2) T) / (sigma sqrt T), d2 = d1 - sigma sqrt T; delta = N(d1), gamma = phi(d1) /
    (S sigma sqrt T), vega = S phi(d1) sqrt T, theta = -S phi(d1) sigma / (2 sqrt T) - r K
    exp(-r T) N(d2), rho = K T exp(-r T) N(d2); in float64 with r the kernel's float32 rate
    (the kernel's float32 within the manifest's tolerance). Options in batches."""
    n = int(values["n"])
    r = float(np.float32(values["r"]))
    names = ("delta", "gamma", "vega", "theta", "rho")
    out = {k: np.array(values[k], copy=True) for k in names}
    batch = 1 << 22
    for first in range(0, n, batch):
        opts = slice(first, min(n, first + batch))
        s, k = values["spot"][opts].astype(np.float64), values["strike"][opts].astype(np.float64)
        t = values["days"][opts].astype(np.float64) / 365.0
        sigma = values["vol_pct"][opts].astype(np.float64) / 100.0
        sqrt_t = np.sqrt(t)
        d1 = (np.log(s / k) + (r + 0.5 * sigma * sigma) * t) / (sigma * sqrt_t)
        d2 = d1 - sigma * sqrt_t
        pdf1 = np.exp(-0.5 * d1 * d1) / np.sqrt(2.0 * np.pi)
        nd2 = normal_cdf64(d2)
        disc_k = k * np.exp(-r * t)
        out["delta"][opts] = normal_cdf64(d1)
        out["gamma"][opts] = pdf1 / (s * sigma * sqrt_t)
        out["vega"][opts] = s * pdf1 * sqrt_t
        out["theta"][opts] = -s * pdf1 * sigma / (2.0 * sqrt_t) - r * disc_k * nd2
        out["rho"][opts] = disc_k * t * nd2
    return out


def edge_flux(values: Values) -> dict[str, np.ndarray]:
    """Per edge (a, b): vn = ((u_a + u_b) nx + (v_a + v_b) ny) / 2, flux = vn q_a where vn > 0
    else vn q_b (small integers: exact)."""
    n = int(values["nedges"])
    nodes = values["edge_nodes"].reshape(-1, 2)[:n].astype(np.int64)
    normal = values["edge_normal"].reshape(-1, 2)[:n].astype(np.float64)
    vel = values["node_vel"].reshape(-1, 2).astype(np.float64)
    q = values["node_q"].astype(np.float64)
    a, b = nodes[:, 0], nodes[:, 1]
    vn = 0.5 * ((vel[a, 0] + vel[b, 0]) * normal[:, 0] + (vel[a, 1] + vel[b, 1]) * normal[:, 1])
    flux = np.array(values["flux"], copy=True)
    flux[:n] = vn * np.where(vn > 0, q[a], q[b])
    return {"flux": flux}


def lomb_scargle(values: Values) -> dict[str, np.ndarray]:
    """Classic Lomb-Scargle power at w_k = (k + 1) dw: the phase w t rounded to float32 as the
    kernel computes it (w = float32(dw) (k + 1) and w t, both one float32 multiply), then in
    float64 S = sum y sin, C = sum y cos, SS, CC, CS, tan 2 w tau = 2 CS / (CC - SS) and P =
    ((C c + S s)^2 / (c^2 CC + 2 c s CS + s^2 SS) + (S c - C s)^2 / (c^2 SS - 2 c s CS + s^2
    CC)) / 2 with c, s = cos, sin w tau (the kernel's float32 sums within the manifest's
    tolerance). Frequencies in batches."""
    nfreq, nobs = int(values["nfreq"]), int(values["nobs"])
    t = values["t"][:nobs].astype(np.float32)
    y = values["y"][:nobs].astype(np.float64)
    dw = np.float32(values["dw"])
    power = np.array(values["power"], copy=True)
    batch = max(1, (1 << 21) // max(nobs, 1))
    for first in range(0, nfreq, batch):
        k = np.arange(first, min(nfreq, first + batch), dtype=np.float32) + np.float32(1)
        w = dw * k
        phase = (w[:, None] * t[None, :]).astype(np.float64)  # a float32 product, as the kernel's
        sn, cn = np.sin(phase), np.cos(phase)
        big_s, big_c = sn @ y, cn @ y
        ss, cc, cs = (sn * sn).sum(axis=1), (cn * cn).sum(axis=1), (sn * cn).sum(axis=1)
        wtau = 0.5 * np.arctan2(2.0 * cs, cc - ss)
        c, s = np.cos(wtau), np.sin(wtau)
        num_c, num_s = big_c * c + big_s * s, big_s * c - big_c * s
        den_c = c * c * cc + 2.0 * c * s * cs + s * s * ss
        den_s = c * c * ss - 2.0 * c * s * cs + s * s * cc
        power[first: first + len(k)] = 0.5 * (num_c ** 2 / den_c + num_s ** 2 / den_s)
    return {"power": power}


def hillshade_cos_i(values: Values) -> dict[str, np.ndarray]:
    """cos i = (sz - sx p - sy q) / sqrt(1 + p^2 + q^2) with Horn's p = ((c + 2f + i) - (a + 2d +
    g)) / (8 cellsize) (east) and q = ((a + 2b + c) - (g + 2h + i)) / (8 cellsize) (north) of
    the 3 x 3 window a b c / d e f / g h i, the border replicated; float64 with the kernel's
    float32 constants. Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    dem = values["dem"].reshape(-1)[: rows * cols].reshape(rows, cols)
    cell = float(np.float32(values["cellsize"]))
    sx, sy, sz = (float(np.float32(values[k])) for k in ("sx", "sy", "sz"))
    padded = np.pad(dem, 1, mode="edge")
    out = np.array(values["cos_i"], copy=True).reshape(-1)
    band = 256
    for r0 in range(0, rows, band):
        r1 = min(rows, r0 + band)

        def at(dr: int, dc: int, r0: int = r0, r1: int = r1) -> np.ndarray:
            return padded[1 + r0 + dr: 1 + r1 + dr, 1 + dc: 1 + dc + cols].astype(np.int64)

        a, b, c = at(-1, -1), at(-1, 0), at(-1, 1)
        d, f = at(0, -1), at(0, 1)
        g, h, i = at(1, -1), at(1, 0), at(1, 1)
        p = ((c + 2 * f + i) - (a + 2 * d + g)) * (1.0 / (8.0 * cell))
        q = ((a + 2 * b + c) - (g + 2 * h + i)) * (1.0 / (8.0 * cell))
        cos_i = (sz - sx * p - sy * q) / np.sqrt(1.0 + p * p + q * q)
        out[r0 * cols: r1 * cols] = cos_i.reshape(-1)
    return {"cos_i": out.reshape(values["cos_i"].shape)}


def pixel_shuffle(values: Values) -> dict[str, np.ndarray]:
    """out[n, c, h R + i, w R + j] = in[n, c R^2 + i R + j, h, w] (a copy: exact), as
    torch.nn.PixelShuffle: (N, C, R, R, H, W) -> (N, C, H, R, W, R)."""
    c, h, w, r = (int(values[k]) for k in ("channels", "height", "width", "r"))
    planes = np.asarray(values["inp"]).reshape(-1, h, w)
    n = planes.shape[0] // (c * r * r)
    shuffled = planes.reshape(n, c, r, r, h, w).transpose(0, 1, 4, 2, 5, 3)
    return {"out": shuffled.reshape(values["out"].shape).astype(values["out"].dtype)}


def ray_tri_nearest(values: Values) -> dict[str, np.ndarray]:
    """Nearest two-sided Moller-Trumbore hit per ray: det = E1 . (D x E2) != 0, with det's sign
    folded in 0 <= u = T . P <= det, v = D . (T x E1) >= 0, u + v <= det, t = E2 . Q > 0; the
    distance float32(t / det) (-1 for a miss) and the first triangle of the smallest
    distance (-1). Products and sums of the small integers are exact in float32, as in the
    kernel. Triangle by triangle over all rays, in float32, one coordinate array at a time."""
    nrays, ntris = int(values["nrays"]), int(values["ntris"])
    ox, oy, oz = values["origins"].reshape(-1, 3)[:nrays].astype(np.float32).T.copy()
    dx, dy, dz = values["dirs"].reshape(-1, 3)[:nrays].astype(np.float32).T.copy()
    tris = values["tris"].reshape(-1, 9)[:ntris].astype(np.float32)
    best = np.full(nrays, -1.0, dtype=np.float32)
    best_id = np.full(nrays, -1, dtype=np.int32)
    for k in range(ntris):
        ax, ay, az = tris[k, 0:3]
        e1x, e1y, e1z = tris[k, 3:6] - tris[k, 0:3]
        e2x, e2y, e2z = tris[k, 6:9] - tris[k, 0:3]
        px, py, pz = dy * e2z - dz * e2y, dz * e2x - dx * e2z, dx * e2y - dy * e2x
        det = e1x * px + e1y * py + e1z * pz
        negative = det < 0
        det = np.abs(det)
        tx, ty, tz = ox - ax, oy - ay, oz - az
        u = tx * px + ty * py + tz * pz
        qx, qy, qz = ty * e1z - tz * e1y, tz * e1x - tx * e1z, tx * e1y - ty * e1x
        v = dx * qx + dy * qy + dz * qz
        t_num = e2x * qx + e2y * qy + e2z * qz
        for signed in (u, v, t_num):
            np.negative(signed, out=signed, where=negative)
        hit = (det != 0) & (u >= 0) & (u <= det) & (v >= 0) & (u + v <= det) & (t_num > 0)
        t = np.divide(t_num, det, out=np.full(nrays, np.inf, dtype=np.float32), where=hit)
        closer = hit & ((best_id < 0) | (t < best))
        best[closer] = t[closer]
        best_id[closer] = k
    hit_t = np.array(values["hit_t"], copy=True)
    hit_id = np.array(values["hit_id"], copy=True)
    hit_t[:nrays], hit_id[:nrays] = best, best_id
    return {"hit_t": hit_t, "hit_id": hit_id}


def crop_mirror_normalize(values: Values) -> dict[str, np.ndarray]:
    """out[n, c, oy, ox] = (img[n, crop_y + oy, crop_x + ox', c] - mean_c) * inv_std_c with ox'
    = CW - 1 - ox for mirrored images, in float32 with the kernel's two roundings (a
    subtraction, then a product: exact). The image bytes are the uint32 words' little-endian
    bytes, HWC."""
    h, w = int(values["height"]), int(values["width"])
    ch, cw = int(values["crop_h"]), int(values["crop_w"])
    n = int(values["out_rows"]) // ch
    img = np.asarray(values["image"]).view(np.uint8)[: n * h * w * 3].reshape(n, h, w, 3)
    mean = np.array([values[k] for k in ("mean_r", "mean_g", "mean_b")], dtype=np.float32)
    inv_std = np.array([values[k] for k in ("inv_std_r", "inv_std_g", "inv_std_b")],
                       dtype=np.float32)
    out = np.array(values["out"], copy=True).reshape(n, 3, ch, cw)
    for k in range(n):
        y0, x0 = int(values["crop_y"][k]), int(values["crop_x"][k])
        patch = img[k, y0: y0 + ch, x0: x0 + cw]
        if values["mirror"][k]:
            patch = patch[:, ::-1]
        normalized = (patch.astype(np.float32) - mean) * inv_std  # float32 throughout
        out[k] = normalized.transpose(2, 0, 1)
    return {"out": out.reshape(values["out"].shape)}


#: The eighth-order central second-derivative coefficients c0 .. c4 (acoustic_fd8).
FD8 = (-205.0 / 72.0, 8.0 / 5.0, -1.0 / 5.0, 8.0 / 315.0, -1.0 / 560.0)


def acoustic_fd8(values: Values) -> dict[str, np.ndarray]:
    """p_next = 2 p - p_prev + vel^2 dt2_h2 (2 c0 p + sum_k c_k (the four neighbours k cells
    away)) inside the four-cell halo, in float64 with the kernel's float32 dt2_h2 (the
    kernel's float32 within the manifest's tolerance); the halo keeps p_next's values. Rows
    in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    p = values["p"].reshape(rows, cols)
    p_prev = values["p_prev"].reshape(rows, cols)
    vel = values["vel"].reshape(rows, cols)
    scale = float(np.float32(values["dt2_h2"]))
    out = np.array(values["p_next"], copy=True).reshape(rows, cols)
    band = 512
    for r0 in range(4, rows - 4, band):
        r1 = min(rows - 4, r0 + band)

        def at(dr: int, dc: int, r0: int = r0, r1: int = r1) -> np.ndarray:
            return p[r0 + dr: r1 + dr, 4 + dc: cols - 4 + dc].astype(np.float64)

        centre = at(0, 0)
        lap = 2.0 * FD8[0] * centre
        for k in range(1, 5):
            lap = lap + FD8[k] * (at(0, -k) + at(0, k) + at(-k, 0) + at(k, 0))
        v = vel[r0:r1, 4: cols - 4].astype(np.float64)
        out[r0:r1, 4: cols - 4] = 2.0 * centre - p_prev[r0:r1, 4: cols - 4] + v * v * scale * lap
    return {"p_next": out.reshape(values["p_next"].shape)}


def rigid_body_step(values: Values) -> dict[str, np.ndarray]:
    """Per dynamic body (inverse mass != 0): v = (v + g dt) max(0, 1 - d_lin dt), w = w max(0,
    1 - d_ang dt), x += v dt, q = normalize(q + dt / 2 (0, w) q); static bodies unchanged. In
    float64 with the kernel's float32 g and dt (the kernel's float32 and rsqrtf within the
    manifest's tolerance)."""
    n = int(values["n"])
    g = np.array([np.float32(values[k]) for k in ("gx", "gy", "gz")], dtype=np.float64)
    dt = float(np.float32(values["dt"]))
    bodies = np.array(values["bodies"], copy=True)
    b = bodies.reshape(-1, 16)[:n].astype(np.float64)
    dynamic = b[:, 3] != 0
    lin_keep = np.maximum(0.0, 1.0 - b[:, 11] * dt)[:, None]
    ang_keep = np.maximum(0.0, 1.0 - b[:, 15] * dt)[:, None]
    v = (b[:, 8:11] + g * dt) * lin_keep
    w = b[:, 12:15] * ang_keep
    q, qw = b[:, 4:7], b[:, 7:8]
    h = 0.5 * dt
    new_q = np.empty_like(b[:, 4:8])
    new_q[:, :3] = q + h * (w * qw + np.cross(w, q))
    new_q[:, 3] = qw[:, 0] - h * np.einsum("ij,ij->i", w, q)
    new_q /= np.sqrt((new_q * new_q).sum(axis=1))[:, None]
    out = b.copy()
    out[:, 0:3] = b[:, 0:3] + v * dt
    out[:, 4:8] = new_q
    out[:, 8:11] = v
    out[:, 12:15] = w
    view = bodies.reshape(-1, 16)
    view[:n][dynamic] = out[dynamic]
    return {"bodies": bodies}


def polymer_rg(values: Values) -> dict[str, np.ndarray]:
    """Per chain of N beads r_0 .. r_{N-1}: Rg^2 = sum |r_i|^2 / N - |sum r_i / N|^2 and Ree^2
    = |r_{N-1} - r_0|^2, in float64 (the kernel's float32 within the manifest's tolerance;
    Ree^2 of the integer coordinates is exact). Chains in batches."""
    nchains, nbeads = int(values["nchains"]), int(values["nbeads"])
    coords = values["coords"].reshape(-1, 3)[: nchains * nbeads].reshape(nchains, nbeads, 3)
    rg2 = np.array(values["rg2"], copy=True)
    ree2 = np.array(values["ree2"], copy=True)
    batch = max(1, (1 << 22) // max(nbeads, 1))
    for first in range(0, nchains, batch):
        chains = coords[first: first + batch].astype(np.float64)
        com = chains.mean(axis=1)
        rg2[first: first + len(chains)] = ((chains * chains).sum(axis=(1, 2)) / nbeads
                                           - (com * com).sum(axis=1))
        ends = chains[:, -1] - chains[:, 0]
        ree2[first: first + len(chains)] = (ends * ends).sum(axis=1)
    return {"rg2": rg2, "ree2": ree2}


def embedding_grad_scatter(values: Values) -> dict[str, np.ndarray]:
    """grad_table[ids[t]] += grad_out[t] for every token with an id inside the vocabulary
    (small integers: exact whatever the order of the kernel's atomics)."""
    dim, vocab = int(values["dim"]), int(values["vocab"])
    ntok = int(values["elems"]) // dim
    ids = values["ids"][:ntok].astype(np.int64)
    grads = values["grad_out"].reshape(-1, dim)[:ntok].astype(np.float64)
    keep = (ids >= 0) & (ids < vocab)
    table = np.array(values["grad_table"], copy=True).reshape(-1, dim).astype(np.float64)
    np.add.at(table, ids[keep], grads[keep])
    return {"grad_table": table.astype(np.float32).reshape(values["grad_table"].shape)}


def miller_rabin_32(n: np.ndarray, bases: tuple[int, ...] = (2, 7, 61)) -> np.ndarray:
    """Strong probable-prime tests of odd n (uint64 holding values below 2^32, above the
    largest base) to every base, with plain modular arithmetic (products below 2^64 in
    uint64): True where n passes them all."""
    n = np.asarray(n, dtype=np.uint64)
    d = n - np.uint64(1)
    s = np.zeros(n.shape, dtype=np.int64)
    while True:
        even = (d & np.uint64(1)) == 0
        if not even.any():
            break
        d = np.where(even, d >> np.uint64(1), d)
        s += even
    minus_one = n - np.uint64(1)
    passed = np.ones(n.shape, dtype=bool)
    for a in bases:
        x = np.ones(n.shape, dtype=np.uint64)
        power = np.full(n.shape, a, dtype=np.uint64) % n
        e = d.copy()
        while (e > 0).any():
            odd = (e & np.uint64(1)) == 1
            x = np.where(odd, (x * power) % n, x)
            power = (power * power) % n
            e >>= np.uint64(1)
        ok = (x == 1) | (x == minus_one)
        for r in range(1, int(s.max()) if s.size else 1):
            x = (x * x) % n
            ok |= (r < s) & (x == minus_one)
        passed &= ok
    return passed


def miller_rabin32(values: Values) -> dict[str, np.ndarray]:
    """is_prime[i] = 1 when base + 2 i passes the strong tests to bases 2, 7 and 61 (exactly
    the primes below 4,759,123,141), else 0. Candidates in batches."""
    count, base = int(values["count"]), int(values["base"])
    out = np.array(values["is_prime"], copy=True)
    batch = 1 << 20
    for first in range(0, count, batch):
        i = np.arange(first, min(count, first + batch), dtype=np.uint64)
        out[first: first + len(i)] = miller_rabin_32(np.uint64(base) + np.uint64(2) * i)
    return {"is_prime": out}


#: Baig et al. 2014's Landsat 8 OLI tasseled-cap rows (brightness, greenness, wetness) over
#: bands 2-7, as the kernel's float32 constants (tasseled_cap).
TASSELED_CAP_OLI = np.array([
    [0.3029, 0.2786, 0.4733, 0.5599, 0.508, 0.1872],
    [-0.2941, -0.243, -0.5424, 0.7276, 0.0713, -0.1608],
    [0.1511, 0.1973, 0.3283, 0.3407, -0.7117, -0.4559],
], dtype=np.float32)


def tasseled_cap(values: Values) -> dict[str, np.ndarray]:
    """tc[k] = sum_b coef[k, b] (DN_b scale + offset) over the six band planes of uint16
    DNs (the uint32 words' little-endian halfwords), in float64 with the kernel's float32
    coefficients, scale and offset (the kernel's float32 within the manifest's tolerance);
    -9999 in the three planes where any band holds the fill value 0. Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    dn = np.asarray(values["band_words"]).view(np.uint16)[: 6 * rows * cols].reshape(6, -1)
    scale, offset = float(np.float32(values["scale"])), float(np.float32(values["offset"]))
    coef = TASSELED_CAP_OLI.astype(np.float64)
    out = np.array(values["tc"], copy=True).reshape(3, -1)
    band = 1 << 20
    for first in range(0, rows * cols, band):
        part = dn[:, first: first + band]
        rho = part.astype(np.float64) * scale + offset
        tc = coef @ rho
        tc[:, (part == 0).any(axis=0)] = -9999.0
        out[:, first: first + band] = tc
    return {"tc": out.reshape(values["tc"].shape)}


def perona_malik(values: Values) -> dict[str, np.ndarray]:
    """I' = I + lambda sum over the four neighbours of exp(-d^2 / K^2) d, d = neighbour - I,
    with the neighbours outside the image clamped to the border (zero flux), in float64 with
    the kernel's float32 1 / K^2 and lambda (the kernel's float32 and expf within the
    manifest's tolerance). Rows in bands."""
    img = np.asarray(values["img"])
    rows, cols = int(values["rows"]), int(values["cols"])
    img = img.reshape(rows, cols)
    inv_k2 = float(np.float32(values["inv_kappa2"]))
    lam = float(np.float32(values["lambda"]))
    out = np.empty((rows, cols), dtype=np.float32)
    band = 1024
    for r0 in range(0, rows, band):
        r1 = min(rows, r0 + band)
        idx = np.clip(np.arange(r0 - 1, r1 + 1), 0, rows - 1)
        part = img[idx].astype(np.float64)
        padded = np.concatenate([part[:, :1], part, part[:, -1:]], axis=1)
        centre = padded[1:-1, 1:-1]
        flux = np.zeros_like(centre)
        for nb in (padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, 2:], padded[1:-1, :-2]):
            d = nb - centre
            flux += np.exp(-d * d * inv_k2) * d
        out[r0:r1] = centre + lam * flux
    return {"out": out.reshape(np.shape(values["out"]))}


def netflow5_features(values: Values) -> dict[str, np.ndarray]:
    """Per 48 B NetFlow v5 record (twelve uint32 words, little-endian fields): features =
    (duration / 1000, octets / packets (0 without packets), packets 1000 / ms, octets 8000 /
    ms) with duration = Last - First mod 2^32 and ms = max(duration, 1), in float64 (the
    kernel's float32 within the manifest's tolerance); tags = 1 (TCP, SYN without ACK, at
    most 3 packets) | 2 (dst in the prefix) | 4 (src in the prefix) | 8 (min port < 1024)."""
    n = int(values["n"])
    words = np.asarray(values["record_words"]).reshape(-1, 12)[:n]
    home_net, home_mask = np.uint32(values["home_net"]), np.uint32(values["home_mask"])
    src, dst, pkts, octets = words[:, 0], words[:, 1], words[:, 4], words[:, 5]
    duration = (words[:, 7] - words[:, 6]).astype(np.uint32)  # modulo 2^32
    sport, dport = words[:, 8] & 0xFFFF, words[:, 8] >> 16
    flags, prot = (words[:, 9] >> 8) & 0xFF, (words[:, 9] >> 16) & 0xFF
    ms = np.maximum(duration, 1).astype(np.float64)
    fp, fo = pkts.astype(np.float64), octets.astype(np.float64)
    features = np.array(values["features"], copy=True).reshape(-1, 4)
    features[:n, 0] = duration * 0.001
    features[:n, 1] = np.divide(fo, fp, out=np.zeros(n), where=pkts != 0)
    features[:n, 2] = fp * 1000.0 / ms
    features[:n, 3] = fo * 8000.0 / ms
    tags = np.array(values["tags"], copy=True)
    probe = (prot == 6) & ((flags & 0x12) == 0x02) & (pkts <= 3)
    tags[:n] = (probe * 1 + ((dst & home_mask) == home_net) * 2
                + ((src & home_mask) == home_net) * 4 + (np.minimum(sport, dport) < 1024) * 8)
    return {"features": features.reshape(np.shape(values["features"])), "tags": tags}


def adamw_step(values: Values) -> dict[str, np.ndarray]:
    """p -= lr wd p; m = b1 m + (1 - b1) g; v = b2 v + (1 - b2) g^2; p -= (lr / bc1) m /
    (sqrt(v) / sqrt(bc2) + eps), in float64 with the kernel's float32 scalars (the kernel's
    float32 within the manifest's tolerance)."""
    s = {k: float(np.float32(values[k])) for k in ("lr", "beta1", "beta2", "eps",
                                                      "weight_decay", "bias_correction1",
                                                      "bias_correction2_sqrt")}
    n = int(values["n"])
    p = np.array(values["param"], copy=True)
    m_out = np.array(values["exp_avg"], copy=True)
    v_out = np.array(values["exp_avg_sq"], copy=True)
    chunk = 1 << 22
    for first in range(0, n, chunk):
        sl = slice(first, min(n, first + chunk))
        g = values["grad"][sl].astype(np.float64)
        par = p[sl].astype(np.float64)
        par = par - s["lr"] * s["weight_decay"] * par
        m = s["beta1"] * m_out[sl].astype(np.float64) + (1 - s["beta1"]) * g
        v = s["beta2"] * v_out[sl].astype(np.float64) + (1 - s["beta2"]) * g * g
        denom = np.sqrt(v) / s["bias_correction2_sqrt"] + s["eps"]
        p[sl] = par - s["lr"] / s["bias_correction1"] * m / denom
        m_out[sl], v_out[sl] = m, v
    return {"param": p, "exp_avg": m_out, "exp_avg_sq": v_out}


def kepler_solve(e: np.ndarray, m: np.ndarray, max_steps: int = 30,
                 tol: float = 1e-12) -> np.ndarray:
    """E with E - e sin E = M for M in [-pi, pi), by the kernel's Newton iteration (start M
    + e, M - e for M < 0; stop at |dE| < tol or after max_steps), vectorized with a mask of
    the lanes still iterating."""
    ecc_anom = np.where(m < 0, m - e, m + e)
    active = np.ones(np.shape(m), dtype=bool)
    for _ in range(max_steps):
        if not active.any():
            break
        ea, ee, mm = ecc_anom[active], e[active], m[active]
        step = (ea - ee * np.sin(ea) - mm) / (1.0 - ee * np.cos(ea))
        ecc_anom[active] = ea - step
        done = np.abs(step) < tol
        idx = np.flatnonzero(active)
        active[idx[done]] = False
    return ecc_anom


def kepler_newton(values: Values) -> dict[str, np.ndarray]:
    """x = cos E - e, y = sqrt(1 - e^2) sin E with E from :func:`kepler_solve` at M = M0 + n
    dt reduced to [-pi, pi) (e = ecc_e7 1e-7, M0 = m0_e4 1e-4 degrees, n = n_e8 1e-8
    revolutions a day), float64. Objects in batches."""
    count, dt = int(values["count"]), float(values["dt_days"])
    x, y = np.array(values["x"], copy=True), np.array(values["y"], copy=True)
    batch = 1 << 21
    for first in range(0, count, batch):
        sl = slice(first, min(count, first + batch))
        e = values["ecc_e7"][sl] * 1e-7
        m = (values["m0_e4"][sl] * (1e-4 * np.pi / 180.0)
             + values["n_e8"][sl] * (1e-8 * 2 * np.pi) * dt)
        m = m - 2 * np.pi * np.floor((m + np.pi) / (2 * np.pi))
        ecc_anom = kepler_solve(e, m)
        x[sl] = np.cos(ecc_anom) - e
        y[sl] = np.sqrt(1.0 - e * e) * np.sin(ecc_anom)
    return {"x": x, "y": y}


def gae_scan(values: Values) -> dict[str, np.ndarray]:
    """A_t = delta_t + gamma lambda (1 - d_t) A_{t+1} (A_T = 0), delta_t = r_t + gamma
    V_{t+1} (1 - d_t) - V_t, R_t = A_t + V_t per environment row, by the sequential backward
    loop (vectorized over the environments) in float64 with the kernel's float32 gamma and
    lambda (the kernel's float32 scan within the manifest's tolerance)."""
    envs, steps = int(values["envs"]), int(values["steps"])
    gamma = float(np.float32(values["gamma"]))
    lam = float(np.float32(values["lambda"]))
    r = values["rewards"].reshape(-1, steps)[:envs].astype(np.float64)
    v = values["values"].reshape(-1, steps + 1)[:envs].astype(np.float64)
    keep = 1.0 - (values["dones"].reshape(-1, steps)[:envs] != 0)
    adv = np.zeros((envs, steps))
    running = np.zeros(envs)
    for t in range(steps - 1, -1, -1):
        delta = r[:, t] + gamma * v[:, t + 1] * keep[:, t] - v[:, t]
        running = delta + gamma * lam * keep[:, t] * running
        adv[:, t] = running
    out_adv = np.array(values["adv"], copy=True).reshape(-1, steps)
    out_ret = np.array(values["returns"], copy=True).reshape(-1, steps)
    out_adv[:envs] = adv
    out_ret[:envs] = adv + v[:, :steps]
    return {"adv": out_adv.reshape(np.shape(values["adv"])),
            "returns": out_ret.reshape(np.shape(values["returns"]))}


def hsv_8bit(rgb: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """OpenCV's 8-bit HSV of (..., 3) RGB bytes in integer arithmetic, as hsv_inrange.cu:
    V = max, S = round(255 (V - min) / V) (0 for V = 0), H in [0, 180) half degrees from the
    largest channel's sector, rounded half up (0 for grey). int64 arrays."""
    rgb = rgb.astype(np.int64)
    red, green, blue = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    v = rgb.max(axis=-1)
    diff = v - rgb.min(axis=-1)
    s = np.where(v > 0, (255 * diff + v // 2) // np.maximum(v, 1), 0)
    num = np.where(v == red, 180 * diff + 30 * (green - blue),
                   np.where(v == green, 60 * diff + 30 * (blue - red),
                            120 * diff + 30 * (red - green)))
    h = np.where(diff > 0, (2 * num + diff) // np.maximum(2 * diff, 1), 0)  # num >= 0
    return np.where(h >= 180, h - 180, h), s, v


def hsv_inrange(values: Values) -> dict[str, np.ndarray]:
    """mask = 255 where the pixel's 8-bit HSV (:func:`hsv_8bit`) is inside the ranges (the
    hue's wrapping through 0 when h_lo > h_hi), else 0, one byte a pixel of the uint32 words
    (little-endian); interleaved RGB bytes in. Integer arithmetic: exact. Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    rgb = np.asarray(values["rgb_words"]).view(np.uint8)[: 3 * rows * cols].reshape(-1, 3)
    lo_h, hi_h = int(values["h_lo"]), int(values["h_hi"])
    out = np.array(values["mask_words"], copy=True)
    mask = out.view(np.uint8)
    band = 1 << 22
    for first in range(0, rows * cols, band):
        h, s, v = hsv_8bit(rgb[first: first + band])
        hue_ok = (h >= lo_h) & (h <= hi_h) if lo_h <= hi_h else (h >= lo_h) | (h <= hi_h)
        ok = (hue_ok & (s >= int(values["s_lo"])) & (s <= int(values["s_hi"]))
              & (v >= int(values["v_lo"])) & (v <= int(values["v_hi"])))
        mask[first: first + len(h)] = np.where(ok, 255, 0)
    return {"mask_words": out}


def allen_cahn9(values: Values) -> dict[str, np.ndarray]:
    """phi' = phi + dt (eps2 lap - (phi^3 - phi)), lap = (4 (N + S + E + W) + (NE + NW + SE +
    SW) - 20 phi) inv_6h2 on a periodic grid, in float64 with the kernel's float32 scalars
    (the kernel's float32 within the manifest's tolerance). Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    phi = np.asarray(values["phi"]).reshape(rows, cols)
    dt, eps2, inv_6h2 = (float(np.float32(values[k])) for k in ("dt", "eps2", "inv_6h2"))
    out = np.empty((rows, cols), dtype=np.float32)
    band = 1024
    for r0 in range(0, rows, band):
        r1 = min(rows, r0 + band)
        part = phi[np.arange(r0 - 1, r1 + 1) % rows].astype(np.float64)
        padded = np.concatenate([part[:, -1:], part, part[:, :1]], axis=1)
        p = padded[1:-1, 1:-1]
        edges = padded[:-2, 1:-1] + padded[2:, 1:-1] + padded[1:-1, 2:] + padded[1:-1, :-2]
        corners = padded[:-2, 2:] + padded[:-2, :-2] + padded[2:, 2:] + padded[2:, :-2]
        lap = (4 * edges + corners - 20 * p) * inv_6h2
        out[r0:r1] = p + dt * (eps2 * lap - (p**3 - p))
    return {"out": out.reshape(np.shape(values["out"]))}


#: ArduPilot's LOCATION_SCALING_FACTOR: metres per 1e-7 degree of latitude (uav_telemetry).
LOCATION_SCALING_FACTOR = 0.011131884502145034


def uav_telemetry(values: Values) -> dict[str, np.ndarray]:
    """Per 28 B MAVLink GLOBAL_POSITION_INT record (seven uint32 words, little-endian fields:
    time_boot_ms, lat, lon, alt, relative_alt int32, vx, vy, vz int16, hdg uint16): features
    = (north, east, ground speed, course) with north = (lat - home_lat) s, east = dlon s
    max(cos(mid latitude), 0.01) (dlon across the antimeridian when the signs differ), speed
    = |(vx, vy)| / 100 and course = atan2(vy, vx) in degrees [0, 360), in float64 (the
    kernel's float32 within the manifest's tolerance); flags = 1 (distance > radius) | 2
    (relative_alt > ceiling) | 4 (vz > descent limit) | 8 (hdg 65535)."""
    n = int(values["n"])
    words = np.asarray(values["report_words"]).reshape(-1, 7)[:n]
    as_int = words.view(np.int32)
    lat, lon, rel_alt = (as_int[:, k].astype(np.int64) for k in (1, 2, 4))
    halves = words[:, 5:7].copy().view(np.int16).reshape(-1, 4)
    vx, vy, vz = (halves[:, k].astype(np.float64) for k in range(3))
    hdg = halves[:, 3].view(np.uint16)
    home_lat, home_lon = int(values["home_lat"]), int(values["home_lon"])
    dlon = lon - home_lon
    other_side = (lon < 0) != (home_lon < 0)
    dlon = np.where(other_side & (dlon > 1800000000), dlon - 3600000000, dlon)
    dlon = np.where(other_side & (dlon < -1800000000), dlon + 3600000000, dlon)
    scale = np.maximum(np.cos(0.5 * (lat + home_lat) * 1e-7 * np.pi / 180), 0.01)
    north = (lat - home_lat) * LOCATION_SCALING_FACTOR
    east = dlon * LOCATION_SCALING_FACTOR * scale
    course = np.degrees(np.arctan2(vy, vx))
    features = np.array(values["features"], copy=True).reshape(-1, 4)
    features[:n, 0], features[:n, 1] = north, east
    features[:n, 2] = np.hypot(vx, vy) * 0.01
    features[:n, 3] = np.where(course < 0, course + 360, course)
    flags = np.array(values["flags"], copy=True)
    radius = float(np.float32(values["fence_radius_m"]))
    flags[:n] = ((np.hypot(north, east) > radius) * 1
                 + (rel_alt > int(values["ceiling_mm"])) * 2
                 + (vz > int(values["max_descent_cms"])) * 4 + (hdg == 65535) * 8)
    return {"features": features.reshape(np.shape(values["features"])), "flags": flags}


def hh_rates(v: np.ndarray, celsius: float) -> tuple[np.ndarray, ...]:
    """(minf, mtau, hinf, htau, ninf, ntau) of NEURON's hh.mod rates(v), float64."""
    q10 = 3.0 ** ((celsius - 6.3) / 10.0)

    def vtrap(x: np.ndarray, y: float) -> np.ndarray:
        small = np.abs(x / y) < 1e-6
        with np.errstate(divide="ignore", invalid="ignore"):
            far = x / (np.exp(x / y) - 1.0)
        return np.where(small, y * (1.0 - x / y / 2.0), far)

    out = []
    for alpha, beta in (
        (0.1 * vtrap(-(v + 40.0), 10.0), 4.0 * np.exp(-(v + 65.0) / 18.0)),
        (0.07 * np.exp(-(v + 65.0) / 20.0), 1.0 / (np.exp(-(v + 35.0) / 10.0) + 1.0)),
        (0.01 * vtrap(-(v + 55.0), 10.0), 0.125 * np.exp(-(v + 65.0) / 80.0)),
    ):
        total = alpha + beta
        out += [alpha / total, 1.0 / (q10 * total)]
    return tuple(out)


def hh_cnexp(values: Values) -> dict[str, np.ndarray]:
    """g += (1 - exp(-dt / tau_g)) (inf_g - g) for the gates m, h, n with :func:`hh_rates`
    of each compartment's v, float64 (the kernel's within the manifest's tolerance)."""
    count, dt = int(values["count"]), float(values["dt"])
    celsius = float(values["celsius"])
    outs = {k: np.array(values[k], copy=True) for k in ("m", "h", "n")}
    chunk = 1 << 21
    for first in range(0, count, chunk):
        sl = slice(first, min(count, first + chunk))
        minf, mtau, hinf, htau, ninf, ntau = hh_rates(values["v"][sl].astype(np.float64),
                                                      celsius)
        for key, inf, tau in (("m", minf, mtau), ("h", hinf, htau), ("n", ninf, ntau)):
            g = outs[key][sl]
            outs[key][sl] = g + (1.0 - np.exp(-dt / tau)) * (inf - g)
    return outs


def tfidf_l2norm(values: Values) -> dict[str, np.ndarray]:
    """w = count idf[term] per CSR entry, divided by the L2 norm of its document's row (left
    as w where the norm is 0), in float64 (the kernel's float32 within the manifest's
    tolerance)."""
    docs = int(values["docs"])
    row_ptr = np.asarray(values["row_ptr"]).astype(np.int64)
    nnz = int(row_ptr[docs])
    w = (np.asarray(values["count"])[:nnz].astype(np.float64)
         * np.asarray(values["idf"]).astype(np.float64)[np.asarray(values["term"])[:nnz]])
    lengths = np.diff(row_ptr[: docs + 1])
    doc_of = np.repeat(np.arange(docs), lengths)
    norm = np.sqrt(np.bincount(doc_of, weights=w * w, minlength=docs))[doc_of]
    out = np.array(values["out"], copy=True)
    out[:nnz] = np.where(norm > 0, w / np.where(norm > 0, norm, 1.0), w)
    return {"out": out}


def sage_mean_agg(values: Values) -> dict[str, np.ndarray]:
    """out[v] = the mean of x[u] over v's CSR neighbours u (0 without neighbours), float64
    sums (exact for the integer features) divided by the degree, then float32."""
    x = np.asarray(values["x"])
    dim = int(values["dim"])
    nodes = int(values["elems"]) // dim
    x = x.reshape(-1, dim)
    row_ptr = np.asarray(values["row_ptr"]).astype(np.int64)[: nodes + 1]
    cols = np.asarray(values["col_idx"])[: int(row_ptr[nodes])]
    lengths = np.diff(row_ptr)
    sums = np.zeros((nodes, dim))
    band = 1 << 15
    for a in range(0, nodes, band):  # prefix sums of the gathered rows, exact for integers
        b = min(nodes, a + band)
        first = int(row_ptr[a])
        gathered = x[cols[first: int(row_ptr[b])]].astype(np.float64)
        prefix = np.concatenate([np.zeros((1, dim)), np.cumsum(gathered, axis=0)])
        sums[a:b] = prefix[row_ptr[a + 1: b + 1] - first] - prefix[row_ptr[a:b] - first]
    mean = sums / np.maximum(lengths, 1)[:, None]
    return {"out": mean.astype(np.float32).reshape(np.shape(values["out"]))}


def susan_brightness_lut(thresh: int = 20) -> np.ndarray:
    """susan.c's setup_brightness_lut(bp, thresh, 6) by |difference| 0..255: (uchar) of 100
    exp(-((k / t)^2)^3) with susan.c's float intermediates and double exp, truncated."""
    k = np.arange(256, dtype=np.float32)
    temp = k / np.float32(thresh)
    temp = temp * temp
    temp = temp * temp * temp
    return (100.0 * np.exp(-temp.astype(np.float64))).astype(np.float32).astype(np.int64)


#: The 37-pixel circular mask of SUSAN (rows of 3, 5, 7, 7, 7, 5, 3), centre excluded.
SUSAN_MASK = tuple((dy, dx) for dy in range(-3, 4)
                   for dx in range(-(1 if abs(dy) == 3 else 2 if abs(dy) == 2 else 3),
                                   (1 if abs(dy) == 3 else 2 if abs(dy) == 2 else 3) + 1)
                   if (dy, dx) != (0, 0))


def susan_edges(values: Values) -> dict[str, np.ndarray]:
    """SUSAN's edge response: n = 100 + the sum of :func:`susan_brightness_lut` at |centre -
    neighbour| over :data:`SUSAN_MASK`, response = max_no - n where n <= max_no, else 0; 0 on
    the three-pixel border. 8-bit pixels from the uint32 words. Integer: exact. Rows in
    bands."""
    rows, cols, max_no = int(values["rows"]), int(values["cols"]), int(values["max_no"])
    img = np.asarray(values["img"]).view(np.uint8)[: rows * cols].reshape(rows, cols)
    bp = susan_brightness_lut()
    out = np.zeros((rows, cols), dtype=np.int32)
    band = 512
    for r0 in range(3, rows - 3, band):
        r1 = min(rows - 3, r0 + band)
        part = img[r0 - 3: r1 + 3].astype(np.int64)
        centre = part[3:-3, 3: cols - 3]
        n = np.full(centre.shape, 100, dtype=np.int64)
        for dy, dx in SUSAN_MASK:
            n += bp[np.abs(centre - part[3 + dy: part.shape[0] - 3 + dy, 3 + dx: cols - 3 + dx])]
        out[r0:r1, 3: cols - 3] = np.where(n <= max_no, max_no - n, 0)
    return {"response": out.reshape(np.shape(values["response"]))}


def jfa_step(values: Values) -> dict[str, np.ndarray]:
    """One jump-flooding pass: each pixel (c, r) keeps, of the seeds (x, y) held by the
    pixels (c + i k, r + j k), i, j in (-1, 0, 1) inside the image (j outer, i inner) with x
    >= 0, the one at the smallest (x - c)^2 + (y - r)^2, the first on a tie; (-1, -1) when
    none. Integer: exact. Rows in bands."""
    rows, cols, k = int(values["rows"]), int(values["cols"]), int(values["step"])
    seeds = np.asarray(values["seeds_in"]).reshape(rows, cols, 2)
    out = np.empty((rows, cols, 2), dtype=np.int32)
    cc = np.arange(cols, dtype=np.int64)
    band = 256
    for r0 in range(0, rows, band):
        r1 = min(rows, r0 + band)
        rr = np.arange(r0, r1, dtype=np.int64)[:, None]
        best_d = np.full((r1 - r0, cols), np.iinfo(np.int64).max)
        best = np.full((r1 - r0, cols, 2), -1, dtype=np.int32)
        for j in (-1, 0, 1):
            y = rr[:, 0] + j * k
            for i in (-1, 0, 1):
                x = cc + i * k
                inside = ((y >= 0) & (y < rows))[:, None] & ((x >= 0) & (x < cols))[None, :]
                nb = seeds[np.clip(y, 0, rows - 1)][:, np.clip(x, 0, cols - 1)]
                sx, sy = nb[..., 0].astype(np.int64), nb[..., 1].astype(np.int64)
                d = (sx - cc) ** 2 + (sy - rr) ** 2
                better = inside & (sx >= 0) & (d < best_d)
                best_d = np.where(better, d, best_d)
                best = np.where(better[..., None], nb, best)
        out[r0:r1] = best
    return {"seeds_out": out.reshape(np.shape(values["seeds_out"]))}


def mi_joint_hist(values: Values) -> dict[str, np.ndarray]:
    """hist[fixed[i]][moving[i]] += 1 for the n voxels (bytes of the uint32 words), added to
    the table's initial counts modulo 2^32 like the uint32 atomics."""
    n = int(values["n"])
    a = np.asarray(values["fixed"]).view(np.uint8)[:n].astype(np.int64)
    b = np.asarray(values["moving"]).view(np.uint8)[:n].astype(np.int64)
    counts = np.bincount(a * 256 + b, minlength=65536).astype(np.uint64)
    hist = np.asarray(values["hist"]).reshape(-1).astype(np.uint64) + counts
    return {"hist": (hist % 2**32).astype(np.uint32).reshape(np.shape(values["hist"]))}


def cic_deposit(values: Values) -> dict[str, np.ndarray]:
    """Cloud-in-cell assignment on a periodic ng^3 mesh (z-major): g = pos inv_h in float32,
    i = floor(g) (ng wrapping to 0), f = g - i, mass (1 - f or f)^(x, y, z) products added to
    the eight cells i .. i + 1 (i + 1 wrapping), summed in float64 (exact for positions on a
    power-of-two lattice, whatever the atomics' order) onto the mesh's initial values."""
    n, ng = int(values["n"]), int(values["ng"])
    inv_h, mass = np.float32(values["inv_h"]), float(np.float32(values["mass"]))
    mesh = np.asarray(values["mesh"]).reshape(-1).astype(np.float64)
    chunk = 1 << 22
    for first in range(0, n, chunk):
        sl = slice(first, min(n, first + chunk))
        cells, weights = [], []
        for axis in ("px", "py", "pz"):
            g = np.asarray(values[axis])[sl].astype(np.float32) * inv_h
            i = np.floor(g).astype(np.int64)
            f = (g - i.astype(np.float32)).astype(np.float64)
            i = np.where(i >= ng, i - ng, i)
            cells.append((i, (i + 1) % ng))
            weights.append((1.0 - f, f))
        for bz in (0, 1):
            for by in (0, 1):
                for bx in (0, 1):
                    index = (cells[2][bz] * ng + cells[1][by]) * ng + cells[0][bx]
                    w = mass * weights[2][bz] * weights[1][by] * weights[0][bx]
                    mesh += np.bincount(index, weights=w, minlength=ng**3)
    return {"mesh": mesh.astype(np.float32).reshape(np.shape(values["mesh"]))}


def fmix64(h: np.ndarray) -> np.ndarray:
    """MurmurHash3's 64-bit finalizer on uint64 arrays (products modulo 2^64)."""
    h = np.asarray(h, dtype=np.uint64)
    h = h ^ (h >> np.uint64(33))
    h = h * np.uint64(0xFF51AFD7ED558CCD)
    h = h ^ (h >> np.uint64(33))
    h = h * np.uint64(0xC4CEB9FE1A85EC53)
    return h ^ (h >> np.uint64(33))


def clz64(x: np.ndarray) -> np.ndarray:
    """Leading zero bits of uint64 values (64 for 0), by halving, as int64."""
    x = np.asarray(x, dtype=np.uint64).copy()
    zeros = np.zeros(x.shape, dtype=np.int64)
    for s in (32, 16, 8, 4, 2, 1):
        empty = (x >> np.uint64(64 - s)) == 0
        zeros += s * empty
        x = np.where(empty, x << np.uint64(s), x)
    return zeros + (x == 0)


def hll_update(values: Values) -> dict[str, np.ndarray]:
    """HyperLogLog registers: for each 64-bit key (uint32 pairs, low word first) h =
    :func:`fmix64`, index = the top p bits, rank = clz((h << p) | 1 << (p - 1)) + 1,
    register[index] = max(register[index], rank) from the registers' initial values."""
    n, p = int(values["n"]), int(values["p"])
    keys = np.ascontiguousarray(np.asarray(values["key_words"]).reshape(-1)).view(np.uint64)
    regs = np.array(values["registers"], copy=True).reshape(-1)
    chunk = 1 << 22
    for first in range(0, n, chunk):
        with np.errstate(over="ignore"):
            h = fmix64(keys[first: min(n, first + chunk)])
        index = (h >> np.uint64(64 - p)).astype(np.int64)
        rank = clz64((h << np.uint64(p)) | np.uint64(1 << (p - 1))) + 1
        np.maximum.at(regs, index, rank.astype(regs.dtype))
    return {"registers": regs.reshape(np.shape(values["registers"]))}


def argmax_vocab(values: Values) -> dict[str, np.ndarray]:
    """Per token row of the logits: the first column of the largest value (int32) and that
    value. Exact."""
    tokens, vocab = int(values["tokens"]), int(values["vocab"])
    logits = np.asarray(values["logits"]).reshape(-1)[: tokens * vocab].reshape(tokens, vocab)
    token = np.array(values["token"], copy=True)
    best = np.array(values["best_logit"], copy=True)
    token[:tokens] = np.argmax(logits, axis=1)
    best[:tokens] = logits.max(axis=1)
    return {"token": token, "best_logit": best}


def gauss31_taps() -> np.ndarray:
    """OpenCV's getGaussianKernel(31, 5, CV_32F): exp(-k^2 / 50) for k = -15 .. 15 over their
    sum, in float64, rounded to float32 (gauss_h31.cu's constant table)."""
    k = np.arange(-15, 16, dtype=np.float64)
    w = np.exp(-(k * k) / 50.0)
    return (w / w.sum()).astype(np.float32)


def reflect101(index: np.ndarray, n: int) -> np.ndarray:
    """OpenCV's BORDER_REFLECT_101 of indices at most n - 1 outside [0, n) (-1 -> 1, n -> n -
    2), then clamped into [0, n) for the rows too short to reflect."""
    index = np.where(index < 0, -index, np.where(index >= n, 2 * n - 2 - index, index))
    return np.clip(index, 0, n - 1)


def gauss_h31(values: Values) -> dict[str, np.ndarray]:
    """out[r, c] = sum over k of :func:`gauss31_taps`[k] in[r, reflect101(c + k - 15)] in
    float64 of the float32 taps and pixels, the symmetric taps' pixels paired (the kernel's
    float32 fused multiply-adds are within the manifest's tolerance). Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    img = np.asarray(values["in"]).reshape(-1)[: rows * cols].reshape(rows, cols)
    taps = gauss31_taps().astype(np.float64)
    cc = reflect101(np.arange(-15, cols + 15), cols)
    out = np.array(values["out"], copy=True).reshape(-1)
    band = max(1, (1 << 17) // max(cols, 1))  # bands that stay in the CPU's caches
    for r0 in range(0, rows, band):
        r1 = min(rows, r0 + band)
        padded = img[r0:r1][:, cc].astype(np.float64)
        acc = padded[:, 15: 15 + cols] * taps[15]
        pair = np.empty_like(acc)
        for k in range(15):  # the taps are symmetric: w[k] (p[c + k - 15] + p[c + 15 - k])
            np.add(padded[:, k: k + cols], padded[:, 30 - k: 30 - k + cols], out=pair)
            pair *= taps[k]
            acc += pair
        out[r0 * cols: r1 * cols] = acc.astype(np.float32).reshape(-1)
    return {"out": out.reshape(np.shape(values["out"]))}


def srgb_encode(x: np.ndarray) -> np.ndarray:
    """The sRGB transfer function of linear values clipped to [0, 1] (12.92 x up to 0.0031308,
    1.055 x^(1 / 2.4) - 0.055 above; the exponent the kernel's float 1 / 2.4), float64."""
    x = np.clip(x, 0.0, 1.0)
    gamma = float(np.float32(1.0) / np.float32(2.4))
    return np.where(x <= float(np.float32(0.0031308)), 12.92 * x,
                    1.055 * np.power(x, gamma) - 0.055)


def ccm_srgb(values: Values) -> dict[str, np.ndarray]:
    """Per RGBA pixel: v = (raw - black) * scale in float32 (as the kernel rounds it), the 3 x 3
    matrix m00 .. m22 (by rows) applied in float64, :func:`srgb_encode` of each channel, alpha
    copied. Rows in bands."""
    rows, cols = int(values["rows"]), int(values["cols"])
    black, scale = np.float32(values["black"]), np.float32(values["scale"])
    m = np.array([[float(np.float32(values[f"m{i}{j}"])) for j in range(3)] for i in range(3)])
    rgba = np.asarray(values["in_rgba"]).reshape(-1)[: rows * cols * 4].reshape(-1, 4)
    out = np.array(values["out_rgba"], copy=True).reshape(-1)
    chunk = 1 << 20
    for first in range(0, rows * cols, chunk):
        part = rgba[first: first + chunk]
        linear = [((part[:, ch].astype(np.float32) - black) * scale).astype(np.float64)
                  for ch in range(3)]
        enc = np.empty(part.shape, dtype=np.float32)
        for ch in range(3):
            enc[:, ch] = srgb_encode(m[ch, 0] * linear[0] + m[ch, 1] * linear[1]
                                     + m[ch, 2] * linear[2])
        enc[:, 3] = part[:, 3]
        out[first * 4: first * 4 + enc.size] = enc.reshape(-1)
    return {"out_rgba": out.reshape(np.shape(values["out_rgba"]))}


def rot90_rgb8(values: Values) -> dict[str, np.ndarray]:
    """The rows x cols RGB8 image (bytes of the uint32 words) rotated 90 degrees clockwise into
    cols x rows pixels: out[c, rows - 1 - r] = in[r, c]; the words' bytes beyond the image
    keep their initial values."""
    rows, cols = int(values["rows"]), int(values["cols"])
    size = rows * cols * 3
    img = np.asarray(values["in_words"]).view(np.uint8)[:size].reshape(rows, cols, 3)
    out = np.array(values["out_words"], copy=True)
    out.view(np.uint8)[:size] = np.rot90(img, k=-1).reshape(-1)
    return {"out_words": out}


def voxel_los(values: Values) -> dict[str, np.ndarray]:
    """For each segment (from, to) of voxel indices of the g^3 grid (z-major): the walk of
    a + b + c unit steps (a, b, c = |dx|, |dy|, |dz|; i, j, k the steps taken along each)
    from the start voxel, x stepping next when it has steps left and, against y and z where
    those have steps left, (2 i + 1) b <= (2 j + 1) a and (2 i + 1) c <= (2 k + 1) a; else y
    when it has steps left and z has none or (2 j + 1) c <= (2 k + 1) b; else z. hit = the
    first voxel entered whose byte is >= thresh, -1 when none. All segments of a chunk step
    together in int32 (the finished ones standing still until they are dropped, now and
    then). Integer: exact."""
    n, g, thresh = int(values["n"]), int(values["g"]), int(values["thresh"])
    occupied = np.asarray(values["occ_words"]).view(np.uint8)[: g**3] >= thresh
    seg = np.asarray(values["segments"]).reshape(-1, 2)[:n].astype(np.int32)
    hit = np.array(values["hit"], copy=True).reshape(-1)
    hit[:n] = -1
    g = np.int32(g)
    chunk = 1 << 18
    for first in range(0, n, chunk):
        ids = np.arange(first, min(n, first + chunk))
        start, end = seg[ids, 0], seg[ids, 1]
        a0, a1 = start % g, end % g
        b0, b1 = start // g % g, end // g % g
        c0, c1 = start // (g * g), end // (g * g)
        a, b, c = np.abs(a1 - a0), np.abs(b1 - b0), np.abs(c1 - c0)
        # the linear index's change for a step along x, y and z
        move = [np.where(a1 >= a0, 1, -1).astype(np.int32),
                np.where(b1 >= b0, g, -g).astype(np.int32),
                np.where(c1 >= c0, g * g, -g * g).astype(np.int32)]
        voxel = start.copy()
        odd = [np.ones_like(a) for _ in range(3)]  # 2 (steps taken) + 1 along x, y, z
        left = a + b + c
        state = [ids, voxel, a, b, c, *move, *odd, left]
        live = left > 0
        while True:
            if np.count_nonzero(live) < 0.75 * live.size:
                state = [v[live] for v in state]
                live = live[live]
            ids, voxel, a, b, c, mx, my, mz, oi, oj, ok, left = state
            if ids.size == 0:
                break
            more_y, more_z = oj <= 2 * b, ok <= 2 * c
            step_x = (live & (oi <= 2 * a) & (~more_y | (oi * b <= oj * a))
                      & (~more_z | (oi * c <= ok * a)))
            step_y = live & ~step_x & more_y & (~more_z | (oj * c <= ok * b))
            step_z = live & ~(step_x | step_y)
            voxel += np.where(step_x, mx, np.where(step_y, my, np.where(step_z, mz, 0)))
            oi += 2 * step_x
            oj += 2 * step_y
            ok += 2 * step_z
            left -= live
            found = live & occupied[voxel]
            hit[ids[found]] = voxel[found]
            live &= ~found & (left > 0)
    return {"hit": hit.reshape(np.shape(values["hit"]))}


def embedding_bag_wsum(values: Values) -> dict[str, np.ndarray]:
    """out[b] = sum over j in offsets[b] .. offsets[b + 1] - 1 of weights[j] table[indices[j]],
    in float64 (exact for the integer inputs) by differences of a running sum over the bags'
    gathered rows, a chunk of bags at a time."""
    dim, elems = int(values["dim"]), int(values["elems"])
    bags = elems // dim
    table = np.asarray(values["table"]).reshape(-1, dim)
    indices = np.asarray(values["indices"]).reshape(-1)
    weights = np.asarray(values["weights"]).reshape(-1)
    offsets = np.asarray(values["offsets"]).reshape(-1).astype(np.int64)
    out = np.array(values["out"], copy=True).reshape(-1, dim)
    a = 0
    while a < bags:
        b = int(np.searchsorted(offsets, offsets[a] + (1 << 18), side="right")) - 1
        b = min(bags, max(a + 1, b))  # bags a .. b - 1: about 2^18 indices
        first, last = int(offsets[a]), int(offsets[b])
        rows = table[indices[first:last]].astype(np.float64)
        rows *= weights[first:last, None]
        prefix = np.zeros((last - first + 1, dim))
        np.cumsum(rows, axis=0, out=prefix[1:])
        out[a:b] = prefix[offsets[a + 1: b + 1] - first] - prefix[offsets[a:b] - first]
        a = b
    return {"out": out.reshape(np.shape(values["out"]))}


def csr_row_prune(values: Values) -> dict[str, np.ndarray]:
    """Per CSR row r: the entries with value >= tol, in order, at out_col / out_val[row_ptr[r]
    ..], their number in kept[r]; every other slot keeps its initial value. About 2^23
    entries at a time."""
    rows, tol = int(values["rows"]), np.float32(values["tol"])
    row_ptr = np.asarray(values["row_ptr"]).reshape(-1)[: rows + 1].astype(np.int64)
    col_idx = np.asarray(values["col_idx"]).reshape(-1)
    vals = np.asarray(values["vals"]).reshape(-1)
    out_col = np.array(values["out_col"], copy=True).reshape(-1)
    out_val = np.array(values["out_val"], copy=True).reshape(-1)
    kept = np.array(values["kept"], copy=True).reshape(-1)
    a = 0
    while a < rows:
        b = int(np.searchsorted(row_ptr, row_ptr[a] + (1 << 23), side="right")) - 1
        b = min(rows, max(a + 1, b))  # rows a .. b - 1
        first, last = int(row_ptr[a]), int(row_ptr[b])
        keep = vals[first:last] >= tol
        running = np.zeros(last - first + 1, dtype=np.int64)  # kept entries before each
        np.cumsum(keep, out=running[1:])
        starts = row_ptr[a:b] - first
        counts = running[row_ptr[a + 1: b + 1] - first] - running[starts]
        where = np.flatnonzero(keep)
        row_of = np.repeat(np.arange(b - a), np.diff(row_ptr[a: b + 1]))[where]
        at = first + starts[row_of] + running[where] - running[starts[row_of]]
        out_col[at] = col_idx[first:last][where]
        out_val[at] = vals[first:last][where]
        kept[a:b] = counts
        a = b
    return {"out_col": out_col.reshape(np.shape(values["out_col"])),
            "out_val": out_val.reshape(np.shape(values["out_val"])),
            "kept": kept.reshape(np.shape(values["kept"]))}


def gbdt_predict(values: Values) -> dict[str, np.ndarray]:
    """margin[s] = base_score + the sum over the trees of the leaf value sample s reaches:
    from the root (node 0 of each tree's 2^(depth + 1) - 1, children of i at 2 i + 1 and 2 i
    + 2), an inner node (node_feat < nfeat, above the last level) sends it left when x[s,
    feature] < threshold, right otherwise. The samples walk each tree level by level together
    (those at a leaf dropped); float64 sums of the float32 values (exact for integers)."""
    n, nfeat = int(values["n"]), int(values["nfeat"])
    trees, depth = int(values["trees"]), int(values["depth"])
    nodes = 2 ** (depth + 1) - 1
    index = np.int32 if n * nfeat < 2**31 and nodes < 2**30 else np.int64
    x = np.asarray(values["x"]).reshape(-1)[: n * nfeat]
    feat = np.asarray(values["node_feat"]).reshape(-1)[: trees * nodes].reshape(trees, nodes)
    val = np.asarray(values["node_val"]).reshape(-1)[: trees * nodes].reshape(trees, nodes)
    margin = np.array(values["margin"], copy=True).reshape(-1)
    acc = np.full(n, float(np.float32(values["base_score"])))
    everyone = np.arange(n, dtype=index)
    for t in range(trees):
        node = np.zeros(n, dtype=index)
        live = everyone
        for _ in range(depth):
            at = node[live]
            f = feat[t, at]
            inner = f < nfeat
            live, at, f = live[inner], at[inner], f[inner].astype(index)
            if live.size == 0:
                break
            right = x[live * nfeat + f] >= val[t, at]  # ties go right
            node[live] = 2 * at + 1 + right
        acc += val[t, node]
    margin[:n] = acc.astype(np.float32)
    return {"margin": margin.reshape(np.shape(values["margin"]))}


def semilag_advect(values: Values) -> dict[str, np.ndarray]:
    """Column-major rows x cols fields (element (i, j) at i + j rows): q_new(i, j) = the
    bilinear interpolation of q at (i - dt u_row(i, j), j - dt u_col(i, j)) clamped into [0,
    rows - 1] x [0, cols - 1] (the upper neighbours clamped to the last row and column), in
    float64 (exact for the test data: integer q and velocities, dt = 1/8). Bands of columns."""
    rows, cols = int(values["rows"]), int(values["cols"])
    dt = float(np.float32(values["dt"]))
    size = rows * cols
    index = np.int32 if size < 2**31 else np.int64
    q = np.asarray(values["q"]).reshape(-1)[:size]
    u_row = np.asarray(values["u_row"]).reshape(-1)[:size]
    u_col = np.asarray(values["u_col"]).reshape(-1)[:size]
    out = np.array(values["q_new"], copy=True).reshape(-1)
    i = np.arange(rows, dtype=np.float64)[None, :]
    band = max(1, (1 << 20) // max(rows, 1))
    for first in range(0, cols, band):
        last = min(cols, first + band)
        part = slice(first * rows, last * rows)
        j = np.arange(first, last, dtype=np.float64)[:, None]
        di = u_row[part].reshape(-1, rows) * -dt
        di += i
        np.clip(di, 0, rows - 1, out=di)
        dj = u_col[part].reshape(-1, rows) * -dt
        dj += j
        np.clip(dj, 0, cols - 1, out=dj)
        i0, j0 = np.floor(di), np.floor(dj)
        a, b = di - i0, dj - j0
        i0, j0 = i0.astype(index), j0.astype(index)
        k00 = j0 * rows
        k00 += i0
        down = (i0 < rows - 1).astype(index)  # i1 - i0
        k01 = k00 + np.where(j0 < cols - 1, rows, 0).astype(index)  # (j1 - j0) rows
        q00, q10 = q[k00].astype(np.float64), q[k00 + down]
        q01, q11 = q[k01].astype(np.float64), q[k01 + down]
        left = q00 + a * (q10 - q00)  # (1 - a) q(i0, j0) + a q(i1, j0)
        right = q01 + a * (q11 - q01)
        out[part] = (left + b * (right - left)).astype(np.float32).reshape(-1)
    return {"q_new": out.reshape(np.shape(values["q_new"]))}


#: Marching cubes' corners (x, y, z offsets of v0 .. v7) and edges (the corners each of the
#: twelve joins), Paul Bourke's numbering.
MC_CORNERS = ((0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1),
              (0, 1, 1))
MC_EDGES = ((0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 6), (6, 7), (7, 4), (0, 4), (1, 5),
            (2, 6), (3, 7))


def mc_edge_table() -> np.ndarray:
    """Bourke's edgeTable: for each case (bit k: corner k inside), bit e set where the two
    corners of edge e differ (mc_classify.cu's constant table)."""
    table = np.zeros(256, dtype=np.int64)
    for case in range(256):
        for e, (a, b) in enumerate(MC_EDGES):
            if (case >> a & 1) != (case >> b & 1):
                table[case] |= 1 << e
    return table


def mc_classify(values: Values) -> dict[str, np.ndarray]:
    """Per cell (x, y, z) of the (planes + 1) x (rows + 1) x (cols + 1) point field: cube =
    the sum of 2^k over the corners k (:data:`MC_CORNERS`) whose value is < iso, nverts = the
    popcount of :func:`mc_edge_table` [cube]; planes x rows x cols each, x fastest. Bands of
    planes."""
    planes, rows, cols = int(values["planes"]), int(values["rows"]), int(values["cols"])
    iso = np.float32(values["iso"])
    size = (planes + 1) * (rows + 1) * (cols + 1)
    field = np.asarray(values["field"]).reshape(-1)[:size].reshape(planes + 1, rows + 1, cols + 1)
    cube = np.array(values["cube"], copy=True).reshape(-1)
    nverts = np.array(values["nverts"], copy=True).reshape(-1)
    counts = np.array([bin(int(m)).count("1") for m in mc_edge_table()], dtype=np.int32)
    cells = rows * cols
    band = max(1, (1 << 22) // max(cells, 1))
    for first in range(0, planes, band):
        last = min(planes, first + band)
        inside = (field[first: last + 1] < iso).astype(np.int32)
        case = np.zeros((last - first, rows, cols), dtype=np.int32)
        for k, (dx, dy, dz) in enumerate(MC_CORNERS):
            case |= inside[dz: dz + last - first, dy: dy + rows, dx: dx + cols] << k
        cube[first * cells: last * cells] = case.reshape(-1)
        nverts[first * cells: last * cells] = counts[case].reshape(-1)
    return {"cube": cube.reshape(np.shape(values["cube"])),
            "nverts": nverts.reshape(np.shape(values["nverts"]))}


def gcn_edge_norm(values: Values) -> dict[str, np.ndarray]:
    """Per CSR edge k of row r (row_ptr[r] <= k < row_ptr[r + 1]) to c = col_idx[k]: edge_row[k]
    = r and edge_w[k] = 1 / sqrt(d(r) d(c)) with d(v) = row_ptr[v + 1] - row_ptr[v] + 1 (A +
    I's degrees), float64 rounded to float32. The rows by np.repeat; about 2^22 edges at a
    time."""
    nodes, nnz = int(values["nodes"]), int(values["nnz"])
    row_ptr = np.asarray(values["row_ptr"]).reshape(-1)[: nodes + 1].astype(np.int64)
    col_idx = np.asarray(values["col_idx"]).reshape(-1)[:nnz]
    lengths = np.diff(row_ptr)
    degree = (lengths + 1).astype(np.float64)
    edge_row = np.array(values["edge_row"], copy=True).reshape(-1)
    edge_w = np.array(values["edge_w"], copy=True).reshape(-1)
    rows = np.repeat(np.arange(nodes, dtype=np.int32), lengths)
    edge_row[:nnz] = rows
    chunk = 1 << 22
    for first in range(0, nnz, chunk):
        last = min(nnz, first + chunk)
        both = degree[rows[first:last]] * degree[col_idx[first:last]]
        edge_w[first:last] = (1.0 / np.sqrt(both)).astype(np.float32)
    return {"edge_row": edge_row.reshape(np.shape(values["edge_row"])),
            "edge_w": edge_w.reshape(np.shape(values["edge_w"]))}


def cie1931_fit() -> np.ndarray:
    """The CIE 1931 2-degree colour-matching functions x, y, z at 380, 385, ..., 780 nm by
    Wyman, Sloan and Shirley's multi-lobe fit (2013), evaluated in float64 and rounded to
    float32 (blackbody_xyz.cu's constant tables), shape (3, 81)."""
    lam = 380.0 + 5.0 * np.arange(81)

    def lobe(mu, below, above):
        sigma = np.where(lam < mu, below, above)
        return np.exp(-0.5 * ((lam - mu) / sigma) ** 2)

    x = 1.056 * lobe(599.8, 37.9, 31.0) + 0.362 * lobe(442.0, 16.0, 26.7) - 0.065 * lobe(
        501.1, 20.4, 26.2)
    y = 0.821 * lobe(568.8, 46.9, 40.5) + 0.286 * lobe(530.9, 16.3, 31.1)
    z = 1.217 * lobe(437.0, 11.8, 36.0) + 0.681 * lobe(459.0, 26.0, 13.8)
    return np.array([x, y, z]).astype(np.float32)


#: Planck's radiation constants of blackbody_xyz.cu as its floats: c1 = 2 h c^2 in W um^4
#: m^-2 sr^-1 and c2 = h c / k in um K.
PLANCK_C1 = float(np.float32(1.191042972e8))
PLANCK_C2 = float(np.float32(14387.76877))


def blackbody_xyz(values: Values) -> dict[str, np.ndarray]:
    """Per pixel of temperature T: X, Y, Z = 0.005 times the sum over lambda = 0.380, 0.385,
    ..., 0.780 um of the colour-matching function (:func:`cie1931_fit`) times c1 / lambda^5 /
    (exp(c2 / (lambda T)) - 1), in float64, as three planes. Computed once per distinct
    temperature."""
    rows, cols = int(values["rows"]), int(values["cols"])
    size = rows * cols
    temp = np.asarray(values["temp"]).reshape(-1)[:size]
    out = np.array(values["xyz"], copy=True).reshape(3, -1)
    distinct, where = np.unique(temp, return_inverse=True)
    lam = 0.380 + 0.005 * np.arange(81)
    kelvin = distinct.astype(np.float64)[:, None]
    radiance = PLANCK_C1 / lam**5 / np.expm1(PLANCK_C2 / (lam * kelvin))
    xyz = 0.005 * (radiance @ cie1931_fit().astype(np.float64).T)  # (distinct, 3)
    out[:, :size] = xyz[where.reshape(-1)].T.astype(np.float32)
    return {"xyz": out.reshape(np.shape(values["xyz"]))}


def viterbi_decode(values: Values) -> dict[str, np.ndarray]:
    """Per sequence b of lengths[b] steps: delta_0 = start_trans + emissions[b, 0], then
    delta_t[s] = max over p of (delta_{t-1}[p] + trans[p, s]) + emissions[b, t, s] with the
    first maximizing p as the backpointer byte bp[b, t, s] (t = 1 .. length - 1); the last tag
    the first s maximizing delta[s] + end_trans[s] (that score best_score[b]), the others by
    the backpointers from the end into tags[b, t < length]. Other tags and backpointer bytes
    keep their initial values. All sequences step together in float32 (exact for the integer
    scores), the running max over p one row of the transition matrix at a time."""
    seqs, steps, states = int(values["seqs"]), int(values["steps"]), int(values["states"])
    em = np.asarray(values["emissions"]).reshape(-1)[: seqs * steps * states]
    em = em.reshape(seqs, steps, states).astype(np.float32)
    trans = np.asarray(values["trans"]).reshape(-1)[: states * states]
    trans = trans.reshape(states, states).astype(np.float32)
    start = np.asarray(values["start_trans"]).reshape(-1)[:states].astype(np.float32)
    end = np.asarray(values["end_trans"]).reshape(-1)[:states].astype(np.float32)
    lengths = np.asarray(values["lengths"]).reshape(-1)[:seqs].astype(np.int64)
    bp_out = np.array(values["bp_words"], copy=True)
    bp = bp_out.view(np.uint8).reshape(-1)[: seqs * steps * states].reshape(seqs, steps, states)
    tags_out = np.array(values["tags"], copy=True)
    tags = tags_out.reshape(-1)[: seqs * steps].reshape(seqs, steps)
    best_score = np.array(values["best_score"], copy=True).reshape(-1)
    delta = start[None, :] + em[:, 0, :]
    for t in range(1, int(lengths.max(initial=1))):
        live = np.flatnonzero(lengths > t)
        prev = delta[live]
        best = prev[:, :1] + trans[0][None, :]
        arg = np.zeros(best.shape, dtype=np.uint8)
        for p in range(1, states):
            score = prev[:, p: p + 1] + trans[p][None, :]
            better = score > best
            best = np.where(better, score, best)
            arg[better] = p
        delta[live] = best + em[live, t, :]
        bp[live, t, :] = arg
    final = delta + end[None, :]
    last = np.argmax(final, axis=1)
    best_score[:seqs] = final[np.arange(seqs), last]
    tags[np.arange(seqs), lengths - 1] = last
    current = last.copy()
    for t in range(steps - 1, 0, -1):
        live = np.flatnonzero(lengths > t)
        current[live] = bp[live, t, current[live]]
        tags[live, t - 1] = current[live]
    return {"bp_words": bp_out, "tags": tags_out,
            "best_score": best_score.reshape(np.shape(values["best_score"]))}


def zhang_suen_thin(values: Values) -> dict[str, np.ndarray]:
    """One sub-iteration of Zhang and Suen's thinning: pixel p1 (nonzero) is cleared when 2 <=
    B <= 6 (B: its nonzero neighbours among p2 .. p9, clockwise from north), A = 1 (A: the 0 ->
    1 steps around p2, p3, ..., p9, p2) and, in sub-iteration 0, p2 p4 p6 = 0 and p4 p6 p8 =
    0 (in sub-iteration 1, p2 p4 p8 = 0 and p2 p6 p8 = 0); pixels outside the image are 0.
    Out: 0 or 1. Bands of rows on a zero-padded int8 copy."""
    rows, cols = int(values["rows"]), int(values["cols"])
    sub = int(values["subiter"])
    img = np.asarray(values["img"]).reshape(-1)[: rows * cols].reshape(rows, cols)
    out = np.array(values["out"], copy=True).reshape(-1)
    band = max(1, (1 << 22) // max(cols, 1))
    for first in range(0, rows, band):
        last = min(rows, first + band)
        pad = np.zeros((last - first + 2, cols + 2), dtype=np.int8)
        lo, hi = max(first - 1, 0), min(last + 1, rows)
        pad[lo - first + 1: hi - first + 1, 1:-1] = img[lo:hi] != 0

        def at(dr, dc, pad=pad, n=last - first):
            return pad[1 + dr: 1 + dr + n, 1 + dc: 1 + dc + cols]

        # p2 .. p9: north, north-east, east, south-east, south, south-west, west, north-west
        p = [at(-1, 0), at(-1, 1), at(0, 1), at(1, 1), at(1, 0), at(1, -1), at(0, -1), at(-1, -1)]
        b = sum(q.astype(np.int8) for q in p)  # int8: at most 8
        a = np.zeros_like(b)
        for k in range(8):
            a += (p[k] == 0) & (p[(k + 1) % 8] == 1)
        p2, p4, p6, p8 = p[0], p[2], p[4], p[6]
        if sub == 0:
            m1, m2 = p2 & p4 & p6, p4 & p6 & p8
        else:
            m1, m2 = p2 & p4 & p8, p2 & p6 & p8
        clear = (b >= 2) & (b <= 6) & (a == 1) & (m1 == 0) & (m2 == 0)
        centre = at(0, 0)
        out[first * cols: last * cols] = (centre & ~clear).astype(np.int32).reshape(-1)
    return {"out": out.reshape(np.shape(values["out"]))}


#: The B3-spline filter of the starlet transform, h = (1, 4, 6, 4, 1) / 16.
STARLET_B3 = (1, 4, 6, 4, 1)


def mirror_fold(index: np.ndarray, n: int) -> np.ndarray:
    """Indices folded into [0, n) by mirroring about the first and last elements as often as
    needed (the periodic extension of period 2 (n - 1) that reflect-101 defines: -1 -> 1, n
    -> n - 2; 0 where n = 1), starlet_atrous.cu's starlet_mirror."""
    index = np.abs(np.asarray(index, dtype=np.int64))
    if n == 1:
        return np.zeros_like(index)
    period = 2 * (n - 1)
    index %= period
    return np.where(index < n, index, period - index)


def starlet_atrous(values: Values) -> dict[str, np.ndarray]:
    """One scale of the starlet: smooth = the sum over m, n in -2 .. 2 of h[m] h[n] c(y + m
    step, x + n step) / 256 (the indices mirrored by :func:`mirror_fold`), detail = c - smooth.
    Separable in int32 (exact: at most 256 x 65535 < 2^31): bands of rows gathered with their
    mirrored halo of 2 step rows and columns, the weighted row sums, then the columns'."""
    rows, cols, step = int(values["rows"]), int(values["cols"]), int(values["step"])
    c = np.asarray(values["c"]).reshape(-1)[: rows * cols].reshape(rows, cols)
    smooth = np.array(values["smooth"], copy=True).reshape(-1)
    detail = np.array(values["detail"], copy=True).reshape(-1)
    halo = 2 * step
    ext_cols = mirror_fold(np.arange(-halo, cols + halo), cols)
    band = max(1, (1 << 23) // max(cols + 2 * halo, 1))
    for first in range(0, rows, band):
        last = min(rows, first + band)
        ext_rows = mirror_fold(np.arange(first - halo, last + halo), rows)
        block = c[ext_rows][:, ext_cols].astype(np.int32)
        horizontal = np.zeros((block.shape[0], cols), dtype=np.int32)
        for k, h in enumerate(STARLET_B3):
            horizontal += h * block[:, k * step: k * step + cols]
        acc = np.zeros((last - first, cols), dtype=np.int32)
        for k, h in enumerate(STARLET_B3):
            acc += h * horizontal[k * step: k * step + last - first]
        value = acc / 256.0
        smooth[first * cols: last * cols] = value.astype(np.float32).reshape(-1)
        detail[first * cols: last * cols] = (c[first:last] - value).astype(np.float32).reshape(-1)
    return {"smooth": smooth.reshape(np.shape(values["smooth"])),
            "detail": detail.reshape(np.shape(values["detail"]))}


def gprmax_coeffs_e() -> np.ndarray:
    """gprMax's updatecoeffsE of gprmax_update_e.cu's 16 materials (float32, 16 x 5: CA,
    CB / dx, CB / dy, CB / dz, CB): material 0 perfect electric conductor (all 0), 1 free
    space, 2 .. 15 lossy dielectrics. In units where eps0 / dt = 1 and dx : dy : dz = 1 : 2 :
    4, EA = eps_r + sigma / 2 is a power of two (4 for materials 2-6, 8 for 7-11, 16 for
    12-15) and sigma = (m - 1) / 8, so CA = (EA - sigma) / EA and CB = 1 / EA are dyadic."""
    table = np.zeros((16, 5))
    table[1] = (1.0, 1.0, 0.5, 0.25, 1.0)
    for m in range(2, 16):
        ea = 2.0 ** (2 + (m - 2) // 5)
        sigma = (m - 1) / 8
        cb = 1 / ea
        table[m] = ((ea - sigma) / ea, cb, cb / 2, cb / 4, cb)
    return table.astype(np.float32)


def gprmax_update_e(values: Values) -> dict[str, np.ndarray]:
    """gprMax's electric-field update on (nx + 1) x (ny + 1) x (nz + 1) points (index (i, j,
    k), k fastest), material m = ID[component, i, j, k], c = :func:`gprmax_coeffs_e` [m]:
    Ex(i < nx, 0 < j < ny, 0 < k < nz) = c0 Ex + c2 (Hz - Hz[j - 1]) - c3 (Hy - Hy[k - 1]);
    Ey(0 < i < nx, j < ny, 0 < k < nz) = c0 Ey + c3 (Hx - Hx[k - 1]) - c1 (Hz - Hz[i - 1]);
    Ez(0 < i < nx, 0 < j < ny, k < nz) = c0 Ez + c1 (Hy - Hy[i - 1]) - c2 (Hx - Hx[j - 1]);
    other points unchanged. float64 (exact for the dyadic coefficients and integer fields),
    bands of planes."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    shape = (nx + 1, ny + 1, nz + 1)
    size = shape[0] * shape[1] * shape[2]
    table = gprmax_coeffs_e().astype(np.float64)
    ids = np.asarray(values["ID"]).reshape(-1)[: 3 * size].reshape(3, *shape)
    h = [np.asarray(values[k]).reshape(-1)[:size].reshape(shape) for k in ("Hx", "Hy", "Hz")]
    hx, hy, hz = h
    # (coefficient of E, of the first difference, of the second) per component; each
    # difference (field, axis): the H component and the axis it is taken along (0: i, 1: j, 2: k)
    terms = (((0, 2, 3), (hz, 1), (hy, 2)), ((0, 3, 1), (hx, 2), (hz, 0)),
             ((0, 1, 2), (hy, 0), (hx, 1)))
    result = {}
    for comp, name in enumerate(("Ex", "Ey", "Ez")):
        out = np.array(values[name], copy=True)
        e = out.reshape(-1)[:size].reshape(shape)
        # the update's ranges: everything below n along the component's own axis, the
        # interior (1 .. n - 1) along the other two
        lo = [1, 1, 1]
        lo[comp] = 0
        (ca, c1, c2), (f1, axis1), (f2, axis2) = terms[comp]
        band = max(1, (1 << 21) // max(shape[1] * shape[2], 1))
        for first in range(lo[0], nx, band):
            last = min(nx, first + band)
            box = (slice(first, last), slice(lo[1], ny), slice(lo[2], nz))

            def back(axis, box=box):
                return tuple(slice(s.start - 1, s.stop - 1) if a == axis else s
                             for a, s in enumerate(box))

            m = ids[comp][box]
            new = table[:, ca][m] * e[box]
            new += table[:, c1][m] * (f1[box] - f1[back(axis1)])
            new -= table[:, c2][m] * (f2[box] - f2[back(axis2)])
            e[box] = new
        result[name] = out
    return result


def ipv4_lpm_dir24(values: Values) -> dict[str, np.ndarray]:
    """DIR-24-8-BASIC lookups: e = TBL24[daddr >> 8] (16-bit entries, two a little-endian
    uint32 word, entry 2 w in the low half of word w); when e's top bit is set, e =
    TBLlong[(e & 0x7fff) * 256 + (daddr & 0xff)]; next_hop = e. About 2^24 addresses at a
    time."""
    n = int(values["n"])
    daddr = np.asarray(values["daddr"]).reshape(-1)[:n]
    tbl24 = np.ascontiguousarray(values["tbl24_words"], dtype="<u4").reshape(-1).view("<u2")
    tbllong = np.ascontiguousarray(values["tbllong_words"], dtype="<u4").reshape(-1).view("<u2")
    out = np.array(values["next_hop"], copy=True).reshape(-1)
    chunk = 1 << 24
    for first in range(0, n, chunk):
        a = daddr[first: first + chunk].astype(np.uint32)
        e = tbl24[a >> np.uint32(8)].astype(np.int32)
        ext = np.flatnonzero(e & 0x8000)
        e[ext] = tbllong[((e[ext] & 0x7FFF) << 8) | (a[ext] & 0xFF).astype(np.int32)]
        out[first: first + a.size] = e
    return {"next_hop": out.reshape(np.shape(values["next_hop"]))}


def _first_primes(count: int) -> list[int]:
    primes: list[int] = []
    n = 2
    while len(primes) < count:
        if all(n % p for p in primes if p * p <= n):
            primes.append(n)
        n += 1
    return primes


def _iroot(value: int, k: int) -> int:
    """The integer k-th root (floor) of a nonnegative integer, by Newton's method."""
    if value < 2:
        return value
    x = 1 << -(-value.bit_length() // k)  # above the root
    while True:
        y = ((k - 1) * x + value // x ** (k - 1)) // k
        if y >= x:
            return x
        x = y


def sha512_constants() -> tuple[list[int], list[int]]:
    """SHA-512's round constants (the first 64 bits of the fractional parts of the cube roots
    of the first 80 primes) and initial hash (of the square roots of the first 8 primes), as
    FIPS 180-4 defines them, in exact integer arithmetic."""
    primes = _first_primes(80)
    k = [_iroot(p << 192, 3) & (2**64 - 1) for p in primes]
    h0 = [_iroot(p << 128, 2) & (2**64 - 1) for p in primes[:8]]
    return k, h0


def _rotr64(x: np.ndarray, n: int) -> np.ndarray:
    return (x >> np.uint64(n)) | (x << np.uint64(64 - n))


def _bswap64(x: np.ndarray) -> np.ndarray:
    return x.byteswap()


def ed25519_expand(values: Values) -> dict[str, np.ndarray]:
    """Per 32-byte seed (8 little-endian uint32 words): h = SHA-512(seed) (one 128-byte block:
    the seed, the 0x80 byte, zeros and the bit length 256), the 64 digest bytes as 16
    little-endian words, then RFC 8032's clamp of the secret scalar h[0:32]: byte 0 &= 248,
    byte 31 &= 127, byte 31 |= 64. uint64 lanes, 2^14 seeds at a time."""
    n = int(values["n"])
    seeds = np.ascontiguousarray(values["seeds"], dtype="<u4").reshape(-1)[: 8 * n]
    out = np.array(values["expanded"], copy=True).reshape(-1)
    k, h0 = sha512_constants()
    kc = [np.uint64(v) for v in k]
    init = [np.uint64(v) for v in h0]
    chunk = 1 << 14
    for first in range(0, n, chunk):
        last = min(n, first + chunk)
        words = seeds[8 * first: 8 * last].reshape(-1, 4, 2).astype(np.uint64)
        lanes = words[:, :, 0] | (words[:, :, 1] << np.uint64(32))  # little-endian bytes
        w = [_bswap64(lanes[:, i].copy()) for i in range(4)]  # big-endian message words
        count = last - first
        w += [np.full(count, 0x8000000000000000, np.uint64)]
        w += [np.zeros(count, np.uint64) for _ in range(10)]
        w += [np.full(count, 256, np.uint64)]
        for t in range(16, 80):
            s0 = _rotr64(w[t - 15], 1) ^ _rotr64(w[t - 15], 8) ^ (w[t - 15] >> np.uint64(7))
            s1 = _rotr64(w[t - 2], 19) ^ _rotr64(w[t - 2], 61) ^ (w[t - 2] >> np.uint64(6))
            w.append(w[t - 16] + s0 + w[t - 7] + s1)
        a, b, c, d, e, f, g, h = (np.full(count, v, np.uint64) for v in init)
        for t in range(80):
            s1 = _rotr64(e, 14) ^ _rotr64(e, 18) ^ _rotr64(e, 41)
            t1 = h + s1 + ((e & f) ^ (~e & g)) + kc[t] + w[t]
            s0 = _rotr64(a, 28) ^ _rotr64(a, 34) ^ _rotr64(a, 39)
            t2 = s0 + ((a & b) ^ (a & c) ^ (b & c))
            h, g, f, e, d, c, b, a = g, f, e, d + t1, c, b, a, t1 + t2
        digest = np.stack([_bswap64(x + v) for x, v in zip((a, b, c, d, e, f, g, h), init,
                                                            strict=True)], axis=1)
        words_out = digest.view("<u4").reshape(count, 16).copy()
        words_out[:, 0] &= np.uint32(0xFFFFFFF8)
        words_out[:, 7] = (words_out[:, 7] & np.uint32(0x7FFFFFFF)) | np.uint32(0x40000000)
        out[16 * first: 16 * last] = words_out.reshape(-1)
    return {"expanded": out.reshape(np.shape(values["expanded"]))}


def bitonic_sort_rows(values: Values) -> dict[str, np.ndarray]:
    """Each row of keys sorted in descending order, ties by ascending column (a stable
    descending sort: torch.sort(descending=True, stable=True)): the sorted keys and their
    columns (int64). NumPy's stable argsort of the negated keys (exact for the finite keys),
    2^22 keys at a time."""
    rows, cols = int(values["rows"]), int(values["cols"])
    keys = np.asarray(values["keys"]).reshape(-1)[: rows * cols].reshape(rows, cols)
    sorted_keys = np.array(values["sorted_keys"], copy=True).reshape(-1)
    indices = np.array(values["indices"], copy=True).reshape(-1)
    band = max(1, (1 << 22) // max(cols, 1))
    for first in range(0, rows, band):
        last = min(rows, first + band)
        part = keys[first:last]
        order = np.argsort(-part, axis=1, kind="stable")
        sorted_keys[first * cols: last * cols] = np.take_along_axis(part, order, 1).reshape(-1)
        indices[first * cols: last * cols] = order.reshape(-1)
    return {"sorted_keys": sorted_keys.reshape(np.shape(values["sorted_keys"])),
            "indices": indices.reshape(np.shape(values["indices"]))}


def lut3d_tetra(values: Values) -> dict[str, np.ndarray]:
    """FFmpeg's lut3d tetrahedral interpolation of gbrp16 planes (16-bit samples two a
    little-endian uint32 word): s = sample * scale in float32 with scale = float32(1 / 65535) *
    (size - 1), prev = (int) s, next = min(prev + 1, size - 1), d = s - prev; the tetrahedron
    of FFmpeg's six branches is the walk from c000 to c111 along the axes in decreasing order
    of d (weights 1 - d1, d1 - d2, d2 - d3, d3 with d1 >= d2 >= d3 the sorted fractions; where
    fractions tie the corner between them has weight 0, so the order among them does not
    matter), the LUT's size^3 RGB triples r slowest, summed in float64. Out: the G, B and R
    planes in float32. Chunks of pixels."""
    rows, cols, size = int(values["rows"]), int(values["cols"]), int(values["size"])
    count = rows * cols
    planes = {}
    for name in ("g_words", "b_words", "r_words"):
        words = np.ascontiguousarray(values[name], dtype="<u4").reshape(-1)
        planes[name[0]] = words.view("<u2")[:count]
    lut = np.asarray(values["lut"], dtype=np.float32).reshape(-1, 3)
    scale = np.float32(np.float32(1) / np.float32(65535)) * np.float32(size - 1)
    outs = {k: np.array(values[f"out_{k}"], copy=True).reshape(-1) for k in "gbr"}
    strides = np.array([size * size, size, 1], dtype=np.int64)
    chunk = 1 << 20
    for first in range(0, count, chunk):
        last = min(count, first + chunk)
        s = np.stack([planes[k][first:last] for k in "rgb"], axis=1).astype(np.float32) * scale
        prev = s.astype(np.int64)
        d = s - prev.astype(np.float32)
        step = (np.minimum(prev + 1, size - 1) - prev) * strides  # 0 where clamped
        rows_ = np.arange(last - first)
        top, bottom = d.argmax(axis=1), d.argmin(axis=1)
        bottom[top == bottom] = 2  # all three equal: any order (top is then 0)
        middle = 3 - top - bottom
        d1, d3 = d[rows_, top].astype(np.float64), d[rows_, bottom].astype(np.float64)
        d2 = d[rows_, middle].astype(np.float64)
        idx = prev @ strides
        acc = (1 - d1)[:, None] * lut[idx]
        idx += step[rows_, top]
        acc += (d1 - d2)[:, None] * lut[idx]
        idx += step[rows_, middle]
        acc += (d2 - d3)[:, None] * lut[idx]
        idx += step[rows_, bottom]
        acc += d3[:, None] * lut[idx]
        for k, channel in (("r", 0), ("g", 1), ("b", 2)):
            outs[k][first:last] = acc[:, channel]
    return {f"out_{k}": outs[k].reshape(np.shape(values[f"out_{k}"])) for k in "gbr"}


def sauvola_binarize(values: Values) -> dict[str, np.ndarray]:
    """Sauvola's threshold with k = 0.5 and R = 128 over the (2 radius + 1)^2 window with the
    border replicated: 255 where the pixel p > m (1 + k (s / R - 1)), else 0, decided exactly
    (A = 2 n p - S1 > 0 and (128 n A)^2 > S1^2 (n S2 - S1^2), S1 and S2 the window's sums of
    the values and their squares; uint64 products, below 2^64 for radius <= 7). Images are
    bytes, four a little-endian uint32 word. Box sums by cumulative sums over bands of rows."""
    rows, cols, radius = int(values["rows"]), int(values["cols"]), int(values["radius"])
    assert 0 <= radius <= 7, "the kernel's 64-bit products are exact for radius <= 7"
    count = rows * cols
    page = np.ascontiguousarray(values["page_words"], dtype="<u4").reshape(-1).view(np.uint8)
    page = page[:count].reshape(rows, cols)
    out_words = np.array(values["out_words"], copy=True, dtype="<u4").reshape(-1)
    out = out_words.view(np.uint8)
    side = 2 * radius + 1
    n = side * side
    col_idx = np.clip(np.arange(-radius, cols + radius), 0, cols - 1)
    band = max(1, (1 << 22) // max(cols + 2 * radius, 1))
    for first in range(0, rows, band):
        last = min(rows, first + band)
        row_idx = np.clip(np.arange(first - radius, last + radius), 0, rows - 1)
        block = page[row_idx][:, col_idx].astype(np.int64)
        sums = []
        for field in (block, block * block):
            c = np.zeros((field.shape[0] + 1, field.shape[1] + 1), np.int64)
            np.cumsum(np.cumsum(field, axis=0), axis=1, out=c[1:, 1:])
            sums.append(c[side:, side:] - c[:-side, side:] - c[side:, :-side] + c[:-side, :-side])
        s1, s2 = sums
        p = page[first:last].astype(np.int64)
        a = 2 * n * p - s1
        var = (n * s2 - s1 * s1).astype(np.uint64)
        lhs = (128 * n * np.maximum(a, 0)).astype(np.uint64)
        above = (a > 0) & (lhs * lhs > s1.astype(np.uint64) ** 2 * var)
        out[first * cols: last * cols] = np.where(above, 255, 0).astype(np.uint8).reshape(-1)
    return {"out_words": out_words.reshape(np.shape(values["out_words"]))}


#: D3Q19 velocities (x, y, z) in lbm_d3q19_pull.cu's order: rest, the six faces, the twelve
#: edges, each odd q > 0 followed by its opposite.
LBM_D3Q19 = (
    (0, 0, 0), (1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1),
    (1, 1, 0), (-1, -1, 0), (1, -1, 0), (-1, 1, 0), (1, 0, 1), (-1, 0, -1), (1, 0, -1),
    (-1, 0, 1), (0, 1, 1), (0, -1, -1), (0, 1, -1), (0, -1, 1),
)


def lbm_d3q19_weight(q: int) -> float:
    """The D3Q19 weight of velocity q: 1/3 at rest, 1/18 on the faces, 1/36 on the edges."""
    return 1 / 3 if q == 0 else (1 / 18 if q < 7 else 1 / 36)


def lbm_d3q19_pull(values: Values) -> dict[str, np.ndarray]:
    """One pull step of D3Q19 BGK with bounce-back on obstacle cells (flags == 0), periodic:
    g_q = f_q(x - c_q); obstacles out_q = g_opp(q); fluid out_q = g_q + omega (feq_q - g_q),
    feq_q = w_q rho (1 + 3 c.u + 4.5 (c.u)^2 - 1.5 u.u). float64, bands of z planes."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    omega = float(values["omega"])
    cells = nx * ny * nz
    f = np.asarray(values["f_in"]).reshape(-1)[: 19 * cells].reshape(19, nz, ny, nx)
    flags = np.asarray(values["flags"]).reshape(-1)[:cells].reshape(nz, ny, nx)
    out = np.array(values["f_out"], copy=True).reshape(-1)
    view = out[: 19 * cells].reshape(19, nz, ny, nx)
    band = max(1, (1 << 20) // max(nx * ny, 1))
    for first in range(0, nz, band):
        last = min(nz, first + band)
        zs = np.arange(first, last)
        g = np.empty((19, last - first, ny, nx))
        for q, (cx, cy, cz) in enumerate(LBM_D3Q19):
            plane = f[q][(zs - cz) % nz]
            g[q] = np.roll(plane, (cy, cx), axis=(1, 2))  # (y - cy, x - cx) wrapped
        rho = g.sum(axis=0)
        c = np.array(LBM_D3Q19, dtype=np.float64)
        with np.errstate(invalid="ignore", divide="ignore"):  # rho = 0: NaN, as the kernel's
            u = [np.tensordot(c[:, a], g, axes=1) / rho for a in range(3)]
        usq = 1.5 * (u[0] ** 2 + u[1] ** 2 + u[2] ** 2)
        solid = flags[first:last] == 0
        for q, (cx, cy, cz) in enumerate(LBM_D3Q19):
            cu = cx * u[0] + cy * u[1] + cz * u[2]
            feq = lbm_d3q19_weight(q) * rho * (1 + 3 * cu + 4.5 * cu * cu - usq)
            opp = q if q == 0 else (q + 1 if q % 2 else q - 1)
            view[q, first:last] = np.where(solid, g[opp], g[q] + omega * (feq - g[q]))
    return {"f_out": out.reshape(np.shape(values["f_out"]))}


def find_interval(cdf: np.ndarray, t: np.ndarray) -> np.ndarray:
    """PBRT's FindInterval over each row of ``cdf`` (non-decreasing): the last index in [0,
    size - 2] whose entry is <= t (clamped)."""
    first = (cdf <= t[:, None]).sum(axis=1)  # the entries <= t: a prefix
    return np.clip(first - 1, 0, cdf.shape[1] - 2)


def envmap_sample_2d(values: Values) -> dict[str, np.ndarray]:
    """PBRT's Distribution2D::SampleContinuous over the running sum cdf (row y's conditional
    CDF cdf[y w .. y w + w], the marginal cdf[0], cdf[w], ..., cdf[h w]) with u / 2^32:
    t1 = (total u1) >> 32, y = FindInterval over the marginal; t0 = cdf[y w] + ((cdf[y w + w]
    - cdf[y w]) u0) >> 32, x = FindInterval over the row; uv = ((x + dux) / w, (y + duy) / h)
    and pdf = pdf_col * pdf_row in float32 as the kernel orders them. Chunks of samples; the
    searches by np.searchsorted (side='right' counts the entries <= t)."""
    h, w, n = int(values["h"]), int(values["w"]), int(values["n"])
    cdf = np.asarray(values["cdf"]).reshape(-1)[: h * w + 1].astype(np.int64)
    u = np.asarray(values["u"]).reshape(-1)[: 2 * n].reshape(n, 2).astype(np.uint64)
    uv = np.array(values["uv"], copy=True).reshape(-1)
    pdf = np.array(values["pdf"], copy=True).reshape(-1)
    total = int(cdf[h * w])
    marginal = cdf[np.arange(h + 1) * w]
    f32 = np.float32
    chunk = 1 << 21
    for first in range(0, n, chunk):
        last = min(n, first + chunk)
        u0, u1 = u[first:last, 0], u[first:last, 1]
        t1 = ((u1 * np.uint64(total)) >> np.uint64(32)).astype(np.int64)
        y = np.clip(np.searchsorted(marginal, t1, side="right") - 1, 0, h - 1)
        row0, row1 = marginal[y], marginal[y + 1]
        t0 = row0 + ((u0 * (row1 - row0).astype(np.uint64)) >> np.uint64(32)).astype(np.int64)
        # the column: the entries <= t0 within the row's w + 1 entries, by a global search
        # (the running sum is non-decreasing) clamped into the row
        x = np.clip(np.searchsorted(cdf, t0, side="right") - 1 - y * w, 0, w - 1)
        c0, c1 = cdf[y * w + x], cdf[y * w + x + 1]
        dux = (t0 - c0).astype(f32)
        duy = (t1 - row0).astype(f32)
        dux = np.where(c1 > c0, dux / np.maximum(c1 - c0, 1).astype(f32), dux)
        duy = np.where(row1 > row0, duy / np.maximum(row1 - row0, 1).astype(f32), duy)
        uv[2 * first: 2 * last: 2] = (x.astype(f32) + dux) / f32(w)
        uv[2 * first + 1: 2 * last: 2] = (y.astype(f32) + duy) / f32(h)
        pdf_row = (row1 - row0).astype(f32) * f32(h) / f32(total)
        pdf_col = np.where(row1 > row0, (c1 - c0).astype(f32) * f32(w)
                           / np.maximum(row1 - row0, 1).astype(f32), f32(0))
        pdf[first:last] = (pdf_col * pdf_row).astype(f32)
    return {"uv": uv.reshape(np.shape(values["uv"])), "pdf": pdf.reshape(np.shape(values["pdf"]))}


def binary_gcd64(values: Values) -> dict[str, np.ndarray]:
    """gcd(a, b) of int64 pairs (gcd(0, b) = b) by NumPy's np.gcd, chunks of 2^22."""
    n = int(values["n"])
    a = np.asarray(values["a"]).reshape(-1)[:n].astype(np.int64)
    b = np.asarray(values["b"]).reshape(-1)[:n].astype(np.int64)
    g = np.array(values["g"], copy=True).reshape(-1)
    chunk = 1 << 22
    for first in range(0, n, chunk):
        g[first: first + chunk] = np.gcd(a[first: first + chunk], b[first: first + chunk])
    return {"g": g.reshape(np.shape(values["g"]))}


def coco_rle_encode(values: Values) -> dict[str, np.ndarray]:
    """pycocotools' rleEncode of each (h, w) mask (bytes, four a little-endian uint32 word;
    foreground where >= threshold) in column-major order: counts[m, 0] = the first change's
    place, then the gaps between changes, the last count up to h w (changes: T[j] != T[j -
    1], T[-1] = 0); runs[m] = the number of counts; the rest of counts untouched. Chunks of
    masks."""
    masks, h, w = int(values["masks"]), int(values["h"]), int(values["w"])
    threshold = int(values["threshold"])
    area = h * w
    pixels = np.ascontiguousarray(values["mask_words"], dtype="<u4").reshape(-1).view(np.uint8)
    pixels = pixels[: masks * area].reshape(masks, h, w)
    counts = np.array(values["counts"], copy=True).reshape(-1)
    runs = np.array(values["runs"], copy=True).reshape(-1)
    per = max(1, (1 << 24) // max(area, 1))
    for first in range(0, masks, per):
        last = min(masks, first + per)
        flat = (pixels[first:last] >= threshold).transpose(0, 2, 1).reshape(last - first, area)
        prev = np.zeros_like(flat)
        prev[:, 1:] = flat[:, :-1]
        m, j = np.nonzero(flat != prev)  # row-major: by mask, then by place
        k = np.arange(m.size) - np.searchsorted(m, m)  # the change's number within its mask
        before = np.where(k > 0, np.concatenate([[0], j[:-1]]), 0)
        base = (first + m).astype(np.int64) * (area + 1)
        counts[base + k] = j - before
        changes = np.bincount(m, minlength=last - first)
        last_place = np.zeros(last - first, np.int64)
        has = changes > 0
        ends = np.cumsum(changes) - 1  # each mask's last change in (m, j)
        last_place[has] = j[ends[has]]
        rows = np.arange(first, last, dtype=np.int64)
        counts[rows * (area + 1) + changes] = area - last_place
        runs[first:last] = changes + 1
    return {"counts": counts.reshape(np.shape(values["counts"])),
            "runs": runs.reshape(np.shape(values["runs"]))}


#: libjpeg's CONST_BITS = 13 fixed-point constants of jpeg_idct_islow, FIX(x) = round(x 2^13).
JPEG_ISLOW_FIX = {
    "0_298631336": 2446, "0_390180644": 3196, "0_541196100": 4433, "0_765366865": 6270,
    "0_899976223": 7373, "1_175875602": 9633, "1_501321110": 12299, "1_847759065": 15137,
    "1_961570560": 16069, "2_053119869": 16819, "2_562915447": 20995, "3_072711026": 25172,
}


def jpeg_range_limit(x: np.ndarray) -> np.ndarray:
    """libjpeg's post-IDCT range limit, range_limit[x & 1023] with range_limit =
    sample_range_limit + CENTERJSAMPLE: x wrapped to [-512, 511], plus 128, clamped to [0,
    255]."""
    return np.clip(((np.asarray(x) + 512) & 1023) - 512 + 128, 0, 255)


def jpeg_islow_1d(v: list[np.ndarray]) -> list[np.ndarray]:
    """One 1-D pass of jpeg_idct_islow on inputs v[0..7] (integer arrays, frequencies 0..7):
    the eight outputs before the descale, in order, in the inputs' integer type."""
    fix = JPEG_ISLOW_FIX
    z2, z3 = v[2], v[6]
    z1 = (z2 + z3) * fix["0_541196100"]
    tmp2 = z1 - z3 * fix["1_847759065"]
    tmp3 = z1 + z2 * fix["0_765366865"]
    tmp0 = (v[0] + v[4]) << 13
    tmp1 = (v[0] - v[4]) << 13
    tmp10, tmp13, tmp11, tmp12 = tmp0 + tmp3, tmp0 - tmp3, tmp1 + tmp2, tmp1 - tmp2
    tmp0, tmp1, tmp2, tmp3 = v[7], v[5], v[3], v[1]
    z1, z2, z3, z4 = tmp0 + tmp3, tmp1 + tmp2, tmp0 + tmp2, tmp1 + tmp3
    z5 = (z3 + z4) * fix["1_175875602"]
    tmp0 = tmp0 * fix["0_298631336"]
    tmp1 = tmp1 * fix["2_053119869"]
    tmp2 = tmp2 * fix["3_072711026"]
    tmp3 = tmp3 * fix["1_501321110"]
    z1 = z1 * -fix["0_899976223"]
    z2 = z2 * -fix["2_562915447"]
    z3 = z3 * -fix["1_961570560"] + z5
    z4 = z4 * -fix["0_390180644"] + z5
    tmp0 = tmp0 + z1 + z3
    tmp1 = tmp1 + z2 + z4
    tmp2 = tmp2 + z2 + z3
    tmp3 = tmp3 + z1 + z4
    return [tmp10 + tmp3, tmp11 + tmp2, tmp12 + tmp1, tmp13 + tmp0, tmp13 - tmp0,
            tmp12 - tmp1, tmp11 - tmp2, tmp10 - tmp3]


def jpeg_idct_islow(values: Values) -> dict[str, np.ndarray]:
    """libjpeg's jpeg_idct_islow of each 8 x 8 block of int32 coefficients (natural order)
    times the quantization table: the columns by :func:`jpeg_islow_1d` descaled by 11 bits
    (DESCALE(x, n) = (x + 2^(n-1)) >> n), then the rows descaled by 18 bits and range-limited
    by :func:`jpeg_range_limit` (libjpeg's DC-only shortcuts give the same values and are left
    out). The samples of the rows x cols blocks' image, four a little-endian uint32 word.
    int32 as the kernel (the test data stay below 2^31), 2^16 blocks at a time laid out
    (u, v, block) so that each step works on contiguous rows."""
    rows, cols = int(values["rows"]), int(values["cols"])
    coef = np.asarray(values["coef"]).reshape(-1)[: rows * cols * 64].reshape(rows, cols, 64)
    quant = np.asarray(values["quant"]).reshape(-1)[:64].astype(np.int32).reshape(8, 8, 1)
    out_words = np.array(values["out_words"], copy=True, dtype="<u4").reshape(-1)
    samples = out_words.view(np.uint8)[: rows * cols * 64].reshape(rows, 8, cols, 8)
    band = max(1, (1 << 16) // max(cols, 1))
    for first in range(0, rows, band):
        last = min(rows, first + band)
        blocks = coef[first:last].reshape(-1, 64).T.astype(np.int32).reshape(8, 8, -1)
        dq = blocks * quant  # (u, v, block)
        columns = jpeg_islow_1d([dq[u] for u in range(8)])  # out k: (v, block)
        ws = np.stack([(o + (1 << 10)) >> 11 for o in columns])  # (k, v, block)
        pixels = jpeg_islow_1d([ws[:, k] for k in range(8)])  # out k: (row, block)
        block = np.stack([jpeg_range_limit((o + (1 << 17)) >> 18) for o in pixels], axis=1)
        block = block.reshape(8, 8, last - first, cols).transpose(2, 0, 3, 1)
        samples[first:last] = block.astype(np.uint8)
    return {"out_words": out_words.reshape(np.shape(values["out_words"]))}


def im2col(values: Values) -> dict[str, np.ndarray]:
    """Caffe's im2col: data_col[(c kh + i) kw + j, h, w] = data_im[c, h stride_h - pad_h + i
    dilation_h, w stride_w - pad_w + j dilation_w], 0 outside the image (rows = channels
    height_col); a strided slice of the zero-padded image per (i, j)."""
    height, width = int(values["height"]), int(values["width"])
    kh, kw = int(values["kernel_h"]), int(values["kernel_w"])
    pad_h, pad_w = int(values["pad_h"]), int(values["pad_w"])
    sh, sw = int(values["stride_h"]), int(values["stride_w"])
    dh, dw = int(values["dilation_h"]), int(values["dilation_w"])
    hc, wc = int(values["height_col"]), int(values["width_col"])
    channels = int(values["rows"]) // max(hc, 1)  # rows = channels height_col
    img = np.asarray(values["data_im"]).reshape(-1)[: channels * height * width]
    img = img.reshape(channels, height, width)
    span_h = max(dh * (kh - 1) + sh * (hc - 1) + 1, height + pad_h)
    span_w = max(dw * (kw - 1) + sw * (wc - 1) + 1, width + pad_w)
    padded = np.zeros((channels, span_h, span_w), dtype=img.dtype)
    padded[:, pad_h: pad_h + height, pad_w: pad_w + width] = img
    out = np.array(values["data_col"], copy=True).reshape(-1)
    view = out[: channels * kh * kw * hc * wc].reshape(channels, kh, kw, hc, wc)
    for i in range(kh):
        for j in range(kw):
            view[:, i, j] = padded[:, i * dh: i * dh + sh * (hc - 1) + 1: sh,
                                   j * dw: j * dw + sw * (wc - 1) + 1: sw]
    return {"data_col": out.reshape(np.shape(values["data_col"]))}


def vecint_warp3d(values: Values) -> dict[str, np.ndarray]:
    """One scaling-and-squaring step: v = scale vec (3 volumes: d, h, w displacements), out_k
    = v_k + trilinear(v_k) at (d + v_d, h + v_h, w + v_w) with zero padding (corners outside
    the volume left out; weights the products of t or 1 - t per axis). float64 (exact for the
    dyadic test data), bands of planes; per axis the two corner coordinates (clamped: their
    weight is 0 outside), then the eight corners' gathers of each component."""
    depth, height, width = int(values["depth"]), int(values["height"]), int(values["width"])
    scale = float(values["scale"])
    plane = height * width
    size = depth * plane
    vec = np.asarray(values["vec"]).reshape(-1)[: 3 * size].reshape(3, size)
    v = [vec[k].astype(np.float64) * scale for k in range(3)]
    out = np.array(values["out"], copy=True).reshape(-1)
    view = out[: 3 * size].reshape(3, size)
    band = max(1, (1 << 19) // max(plane, 1))
    yy, xx = np.divmod(np.arange(plane, dtype=np.int64), width)
    for first in range(0, depth, band):
        last = min(depth, first + band)
        cells = slice(first * plane, last * plane)
        here = [v[k][cells] for k in range(3)]
        base = (np.repeat(np.arange(first, last, dtype=np.int64), plane),
                np.tile(yy, last - first), np.tile(xx, last - first))
        axes = []  # per axis: the two corners' weights (0 outside) and index terms
        for k, dim, stride in ((0, depth, plane), (1, height, width), (2, width, 1)):
            coord = base[k] + here[k]
            low = np.floor(coord)
            frac = coord - low
            low = low.astype(np.int64)
            weights, terms = [], []
            for a in (0, 1):
                corner = low + a
                inside = (corner >= 0) & (corner < dim)
                weights.append(np.where(inside, frac if a else 1 - frac, 0.0))
                terms.append(np.clip(corner, 0, dim - 1) * stride)
            axes.append((weights, terms))
        (wz, iz), (wy, iy), (wx, ix) = axes
        acc = [np.zeros(len(here[0])) for _ in range(3)]
        for a, b, c in itertools.product((0, 1), repeat=3):
            weight = wx[c] * wy[b] * wz[a]
            index = iz[a] + iy[b] + ix[c]
            for k in range(3):
                acc[k] += np.take(v[k], index) * weight
        for k in range(3):
            view[k, cells] = here[k] + acc[k]
    return {"out": out.reshape(np.shape(values["out"]))}


def roi_align(values: Values) -> dict[str, np.ndarray]:
    """torchvision's roi_align forward in float64: per roi (image roi_batch[k], box boxes[k] =
    x1, y1, x2, y2 scaled by spatial_scale minus 0.5 if aligned, forced to at least 1 x 1 if
    not), pooled_height x pooled_width bins of grid_h x grid_w points (sampling_ratio, or
    ceil(roi size / pooled size) if it is <= 0), each bilinearly interpolated as
    bilinear_interpolate does (0 outside [-1, height] x [-1, width], clamped inside), averaged.
    Rois with the same point grid together, the channels gathered as rows of a (batch, height,
    width, channels) copy."""
    channels, height, width = (int(values[k]) for k in ("channels", "height", "width"))
    batch = np.size(values["input"]) // max(channels * height * width, 1)
    ph_n, pw_n = int(values["pooled_height"]), int(values["pooled_width"])
    sampling, aligned = int(values["sampling_ratio"]), int(values["aligned"])
    scale = float(values["spatial_scale"])
    total = int(values["total"])
    rois = total // max(channels * ph_n * pw_n, 1)
    feat = np.asarray(values["input"]).reshape(-1)[: batch * channels * height * width]
    feat = np.ascontiguousarray(feat.reshape(batch, channels, height, width).transpose(0, 2, 3, 1))
    roi_batch = np.asarray(values["roi_batch"]).reshape(-1)[:rois].astype(np.int64)
    boxes = np.asarray(values["boxes"]).reshape(-1)[: 4 * rois].reshape(rois, 4)
    boxes = boxes.astype(np.float64) * scale - (0.5 if aligned else 0.0)
    start_w, start_h = boxes[:, 0], boxes[:, 1]
    roi_w, roi_h = boxes[:, 2] - start_w, boxes[:, 3] - start_h
    if not aligned:
        roi_w, roi_h = np.maximum(roi_w, 1.0), np.maximum(roi_h, 1.0)
    bin_h, bin_w = roi_h / ph_n, roi_w / pw_n
    if sampling > 0:
        grid_h = np.full(rois, sampling, np.int64)
        grid_w = np.full(rois, sampling, np.int64)
    else:
        grid_h = np.ceil(roi_h / ph_n).astype(np.int64)
        grid_w = np.ceil(roi_w / pw_n).astype(np.int64)
    out = np.array(values["output"], copy=True).reshape(-1)
    view = out[:total].reshape(rois, channels, ph_n, pw_n)
    ph = np.arange(ph_n, dtype=np.float64)[None, :, None]
    pw = np.arange(pw_n, dtype=np.float64)[None, None, :]
    for gh, gw in sorted(set(zip(grid_h.tolist(), grid_w.tolist(), strict=True))):
        chosen = np.flatnonzero((grid_h == gh) & (grid_w == gw))
        for part in np.array_split(chosen, max(1, len(chosen) // 256)):
            acc = np.zeros((len(part), ph_n, pw_n, channels))
            b = roi_batch[part][:, None, None]
            sh, sw = start_h[part][:, None, None], start_w[part][:, None, None]
            bh, bw = bin_h[part][:, None, None], bin_w[part][:, None, None]
            for iy in range(max(gh, 0)):
                y = np.broadcast_to(sh + ph * bh + (iy + 0.5) * bh / gh, acc.shape[:3])
                for ix in range(max(gw, 0)):
                    x = np.broadcast_to(sw + pw * bw + (ix + 0.5) * bw / gw, acc.shape[:3])
                    inside = (y >= -1) & (y <= height) & (x >= -1) & (x <= width)
                    yc, xc = np.maximum(y, 0.0), np.maximum(x, 0.0)
                    y_low, x_low = yc.astype(np.int64), xc.astype(np.int64)
                    top, right = y_low >= height - 1, x_low >= width - 1
                    y_low = np.where(top, height - 1, y_low)
                    x_low = np.where(right, width - 1, x_low)
                    y_high = np.where(top, y_low, y_low + 1)
                    x_high = np.where(right, x_low, x_low + 1)
                    ly = np.where(top, 0.0, yc - y_low)
                    lx = np.where(right, 0.0, xc - x_low)
                    hy, hx = 1 - ly, 1 - lx
                    for yi, xi, wgt in ((y_low, x_low, hy * hx), (y_low, x_high, hy * lx),
                                        (y_high, x_low, ly * hx), (y_high, x_high, ly * lx)):
                        acc += feat[b, yi, xi] * np.where(inside, wgt, 0.0)[..., None]
            view[part] = (acc / max(gh * gw, 1)).transpose(0, 3, 1, 2)
    return {"output": out.reshape(np.shape(values["output"]))}


def myers_hw64(values: Values) -> dict[str, np.ndarray]:
    """edlib's HW (infix) edit distance of each 64-base query (2-bit codes, 16 a word) against
    its target window by Myers' bit-vector columns (Pv = ~0, Mv = 0, score 64; per target
    base the profile word Eq, Xv, Xh, Ph, Mh, the last row's score by the top bits, the shifts
    without carry-in), the least score over the columns and its first column (-1 and -1 for
    an empty target). uint64 lanes, 2^14 pairs at a time."""
    n, tlen = int(values["n"]), int(values["tlen"])
    twords = -(-tlen // 16)
    queries = np.asarray(values["query_words"]).reshape(-1)[: 4 * n].reshape(n, 4)
    targets = np.asarray(values["target_words"]).reshape(-1)[: twords * n].reshape(n, twords)
    score_out = np.array(values["score_out"], copy=True).reshape(-1)
    end_out = np.array(values["end_out"], copy=True).reshape(-1)
    u64 = np.uint64
    one, top = u64(1), u64(63)
    chunk = 1 << 14
    for first in range(0, n, chunk):
        last = min(n, first + chunk)
        count = last - first
        q = queries[first:last].astype(np.uint64)
        peq = np.zeros((4, count), np.uint64)  # edlib's Peq: bit r of Peq[s] where base r is s
        for r in range(64):
            base = (q[:, r // 16] >> u64(2 * (r % 16))) & u64(3)
            for s in range(4):
                peq[s] |= (base == s).astype(np.uint64) << u64(r)
        flat = peq.reshape(-1)
        lanes = np.arange(count)
        t = targets[first:last].astype(np.int64)
        pv = np.full(count, ~u64(0), np.uint64)
        mv = np.zeros(count, np.uint64)
        score = np.full(count, 64, np.int64)
        best = np.full(count, -1, np.int64)
        end = np.full(count, -1, np.int64)
        for c in range(tlen):
            base = (t[:, c // 16] >> (2 * (c % 16))) & 3
            eq = np.take(flat, base * count + lanes)
            xv = eq | mv
            xh = (((eq & pv) + pv) ^ pv) | eq
            ph = mv | ~(xh | pv)
            mh = pv & xh
            score += (ph >> top).astype(np.int64)
            score -= (mh >> top).astype(np.int64)
            pv = (mh << one) | ~(xv | (ph << one))
            mv = (ph << one) & xv
            better = (score < best) | (best < 0)
            best[better] = score[better]
            end[better] = c
        score_out[first:last] = best
        end_out[first:last] = end
    return {"score_out": score_out.reshape(np.shape(values["score_out"])),
            "end_out": end_out.reshape(np.shape(values["end_out"]))}


def aes_sbox() -> list[int]:
    """FIPS-197's S-box: the inverse in GF(2^8) (modulo x^8 + x^4 + x^3 + x + 1, 0 to 0)
    followed by the affine map b ^ rotl(b, 1) ^ rotl(b, 2) ^ rotl(b, 3) ^ rotl(b, 4) ^ 0x63."""

    def mul(a: int, b: int) -> int:
        r = 0
        while b:
            if b & 1:
                r ^= a
            a = ((a << 1) ^ 0x11B) if a & 0x80 else a << 1
            b >>= 1
        return r

    inverse = [0] * 256
    for a in range(1, 256):
        inverse[a] = next(b for b in range(1, 256) if mul(a, b) == 1)

    def rotl(x: int, s: int) -> int:
        return ((x << s) | (x >> (8 - s))) & 0xFF

    return [b ^ rotl(b, 1) ^ rotl(b, 2) ^ rotl(b, 3) ^ rotl(b, 4) ^ 0x63 for b in inverse]


def aes_te0() -> np.ndarray:
    """OpenSSL's Te0: (02 S[x], S[x], S[x], 03 S[x]) from the most significant byte (uint32)."""
    s = np.array(aes_sbox(), dtype=np.uint32)
    s2 = ((s << 1) ^ np.where(s & 0x80, 0x1B, 0).astype(np.uint32)) & np.uint32(0xFF)
    return (s2 << 24) | (s << 16) | (s << 8) | (s2 ^ s)


def aes_expand_key(key: bytes) -> list[int]:
    """AES-128's key schedule (FIPS-197 5.2, OpenSSL's AES_set_encrypt_key): 44 big-endian
    round-key words."""
    sbox = aes_sbox()
    words = [int.from_bytes(key[4 * i: 4 * i + 4], "big") for i in range(4)]
    rcon = 1
    for i in range(4, 44):
        t = words[i - 1]
        if i % 4 == 0:
            t = ((t << 8) | (t >> 24)) & 0xFFFFFFFF
            t = int.from_bytes(bytes(sbox[b] for b in t.to_bytes(4, "big")), "big")
            t ^= rcon << 24
            rcon = ((rcon << 1) ^ 0x11B) if rcon & 0x80 else rcon << 1
        words.append(words[i - 4] ^ t)
    return words


def aes128_ctr(values: Values) -> dict[str, np.ndarray]:
    """AES-128-CTR as OpenSSL's AES_encrypt and CRYPTO_ctr128_encrypt: block j of the data
    XORed with the encryption (round keys rk) of the 128-bit big-endian counter IV + j; the
    byte strings as little-endian uint32 words. uint32 lanes and T-table lookups, 2^18 blocks
    at a time."""
    n = int(values["n"])
    rk = [np.uint32(v) for v in np.asarray(values["rk"]).reshape(-1)[:44].astype(np.uint32)]
    iv = np.ascontiguousarray(values["iv_words"], dtype="<u4").reshape(-1)[:4].tobytes()
    iv_hi, iv_lo = int.from_bytes(iv[:8], "big"), int.from_bytes(iv[8:], "big")
    plain = np.asarray(values["plain_words"]).reshape(-1)[: 4 * n].reshape(n, 4)
    out = np.array(values["cipher_words"], copy=True).reshape(-1)
    te0 = aes_te0()
    te = [te0, (te0 >> 8) | (te0 << 24), (te0 >> 16) | (te0 << 16), (te0 >> 24) | (te0 << 8)]
    m = np.uint32(0xFF)
    masks = [np.uint32(0xFF000000), np.uint32(0x00FF0000), np.uint32(0x0000FF00), m]
    chunk = 1 << 18
    for first in range(0, n, chunk):
        last = min(n, first + chunk)
        j = np.arange(first, last, dtype=np.uint64)
        lo = np.uint64(iv_lo) + j  # wraps modulo 2^64
        hi = np.uint64(iv_hi) + (lo < np.uint64(iv_lo)).astype(np.uint64)
        low32 = np.uint64(0xFFFFFFFF)
        s = [(hi >> np.uint64(32)).astype(np.uint32), (hi & low32).astype(np.uint32),
             (lo >> np.uint64(32)).astype(np.uint32), (lo & low32).astype(np.uint32)]
        s = [s[k] ^ rk[k] for k in range(4)]
        for r in range(1, 10):
            s = [te[0][s[k] >> 24] ^ te[1][(s[(k + 1) % 4] >> 16) & m]
                 ^ te[2][(s[(k + 2) % 4] >> 8) & m] ^ te[3][s[(k + 3) % 4] & m] ^ rk[4 * r + k]
                 for k in range(4)]
        s = [(te[2][s[k] >> 24] & masks[0]) ^ (te[3][(s[(k + 1) % 4] >> 16) & m] & masks[1])
             ^ (te[0][(s[(k + 2) % 4] >> 8) & m] & masks[2]) ^ (te[1][s[(k + 3) % 4] & m] & m)
             ^ rk[40 + k] for k in range(4)]
        keystream = np.stack(s, axis=1).astype(">u4").view("<u4")  # big-endian bytes
        out[4 * first: 4 * last] = (plain[first:last] ^ keystream).reshape(-1)
    return {"cipher_words": out.reshape(np.shape(values["cipher_words"]))}


def cubic_weights(t: np.ndarray, a: float = -0.75) -> list[np.ndarray]:
    """PyTorch's get_cubic_upsample_coefficients: Keys' cubic convolution weights of the taps
    at -1, 0, 1, 2 for a fraction t (cubic_convolution2(t + 1), 1(t), 1(1 - t), 2(2 - t))."""

    def conv1(x):
        return ((a + 2) * x - (a + 3)) * x * x + 1

    def conv2(x):
        return ((a * x - 5 * a) * x + 8 * a) * x - 4 * a

    return [conv2(t + 1), conv1(t), conv1(1 - t), conv2(2 - t)]


def bicubic_taps(size_in: int, size_out: int, align: bool) -> tuple[list[np.ndarray],
                                                                      list[np.ndarray]]:
    """Per output index along one axis: the four clamped source indices and their weights
    (area_pixel_compute_scale and area_pixel_compute_source_index with cubic = true)."""
    if align:
        scale = (size_in - 1) / (size_out - 1) if size_out > 1 else 0.0
        real = scale * np.arange(size_out, dtype=np.float64)
    else:
        scale = size_in / size_out
        real = scale * (np.arange(size_out, dtype=np.float64) + 0.5) - 0.5
    low = np.floor(real)
    t = real - low
    low = low.astype(np.int64)
    taps = [np.clip(low - 1 + k, 0, size_in - 1) for k in range(4)]
    return taps, cubic_weights(t)


def upsample_bicubic2d(values: Values) -> dict[str, np.ndarray]:
    """PyTorch's bicubic interpolation (A = -0.75, taps clamped to the image, align_corners
    either way) of each plane: along x, then the four rows' values along y, float64, a few
    planes at a time."""
    planes = int(values["planes"])
    in_h, in_w = int(values["in_h"]), int(values["in_w"])
    out_h, out_w = int(values["out_h"]), int(values["out_w"])
    align = bool(int(values["align_corners"]))
    src = np.asarray(values["idata"]).reshape(-1)[: planes * in_h * in_w]
    src = src.reshape(planes, in_h, in_w)
    out = np.array(values["odata"], copy=True).reshape(-1)
    view = out[: planes * out_h * out_w].reshape(planes, out_h, out_w)
    xs, wx = bicubic_taps(in_w, out_w, align)
    ys, wy = bicubic_taps(in_h, out_h, align)
    for first in range(0, planes, 2):
        part = src[first: first + 2].astype(np.float64)
        across = sum(part[:, :, xs[k]] * wx[k] for k in range(4))  # (p, in_h, out_w)
        view[first: first + 2] = sum(across[:, ys[k], :] * wy[k][:, None] for k in range(4))
    return {"odata": out.reshape(np.shape(values["odata"]))}


def fdk_backproject(values: Values) -> dict[str, np.ndarray]:
    """Voxel-driven FDK backprojection on a circular trajectory in float64: for projection p
    at beta = 2 pi p / nproj, s = X cos + Y sin, t = Y cos - X sin (the voxel's centred
    coordinates), the detector point u = t dsd / (dso - s) + (du - 1) / 2, v = Z dsd / (dso -
    s) + (dv - 1) / 2, bilinear with zero outside the detector (a zero border, indices
    clamped into it), weighted by (dso / (dso - s))^2 and summed over the projections."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    nproj, du, dv = int(values["nproj"]), int(values["du"]), int(values["dv"])
    dso, dsd = float(values["dso"]), float(values["dsd"])
    proj = np.asarray(values["proj"]).reshape(-1)[: nproj * dv * du].reshape(nproj, dv, du)
    padded = np.zeros((nproj, dv + 2, du + 2))
    padded[:, 1:-1, 1:-1] = proj
    flat = padded.reshape(nproj, -1)
    pitch = du + 2
    vx = (np.arange(nx) - 0.5 * (nx - 1))[None, :]
    vy = (np.arange(ny) - 0.5 * (ny - 1))[:, None]
    vz = (np.arange(nz) - 0.5 * (nz - 1))[:, None, None]
    acc = np.zeros((nz, ny, nx))
    for p in range(nproj):
        beta = 2 * np.pi * p / nproj
        cs, sn = np.cos(beta), np.sin(beta)
        s = vx * cs + vy * sn
        t = vy * cs - vx * sn
        inv = 1.0 / (dso - s)
        mag = dsd * inv
        u = t * mag + 0.5 * (du - 1)  # (ny, nx)
        v = vz * mag + 0.5 * (dv - 1)  # (nz, ny, nx)
        u0 = np.floor(u)
        fu = u - u0
        v0 = np.floor(v)
        fv = v - v0
        cu0 = np.clip(u0.astype(np.int64) + 1, 0, du + 1)
        cu1 = np.clip(u0.astype(np.int64) + 2, 0, du + 1)
        rv0 = np.clip(v0.astype(np.int64) + 1, 0, dv + 1) * pitch
        rv1 = np.clip(v0.astype(np.int64) + 2, 0, dv + 1) * pitch
        img = flat[p]
        sample = ((1 - fv) * ((1 - fu) * img[rv0 + cu0] + fu * img[rv0 + cu1])
                  + fv * ((1 - fu) * img[rv1 + cu0] + fu * img[rv1 + cu1]))
        acc += (dso * inv) ** 2 * sample
    out = np.array(values["vol"], copy=True).reshape(-1)
    out[: nz * ny * nx] = acc.reshape(-1)
    return {"vol": out.reshape(np.shape(values["vol"]))}


def natten_window(index: np.ndarray, length: int, kernel: int) -> tuple[np.ndarray, np.ndarray]:
    """NATTEN's get_window_start and get_pb_start (dilation 1) of each index."""
    ns = kernel // 2
    index = np.asarray(index)
    start = np.maximum(index - ns, 0) + (index + ns >= length) * (length - index - ns - 1)
    pb = ns + (index < ns) * (ns - index) + (index + ns >= length) * (length - index - 1 - ns)
    return start, pb


def natten_qk_rpb(values: Values) -> dict[str, np.ndarray]:
    """NATTEN's 2-D neighborhood attention logits: attn[b, h, i, j, ki K + kj] = query[b, h,
    i, j] . key[b, h, ni0 + ki, nj0 + kj] + rpb[h, pi + ki, pj + kj] with the windows and bias
    offsets of :func:`natten_window`. float32 (exact for the integer test data), one ki and kj
    at a time over every pixel."""
    heads, height, width = int(values["heads"]), int(values["height"]), int(values["width"])
    dim, kernel = int(values["dim"]), int(values["kernel_size"])
    rows = int(values["rows"])
    bh = rows // max(height, 1)
    q = np.asarray(values["query"]).reshape(-1)[: bh * height * width * dim]
    q = q.reshape(bh, height, width, dim)
    k = np.asarray(values["key"]).reshape(-1)[: bh * height * width * dim]
    k = k.reshape(bh, height, width, dim)
    size = 2 * kernel - 1
    rpb = np.asarray(values["rpb"]).reshape(-1)[: heads * size * size].reshape(heads, size, size)
    head = np.arange(bh) % heads
    out = np.array(values["attn"], copy=True).reshape(-1)
    view = out[: bh * height * width * kernel * kernel].reshape(bh, height, width, kernel,
                                                                kernel)
    start_i, pb_i = natten_window(np.arange(height), height, kernel)
    start_j, pb_j = natten_window(np.arange(width), width, kernel)
    for ki in range(kernel):
        krows = k[:, start_i + ki]
        for kj in range(kernel):
            keys = krows[:, :, start_j + kj]
            dot = np.einsum("bijd,bijd->bij", q, keys)
            bias = rpb[head][:, pb_i + ki][:, :, pb_j + kj]
            view[..., ki, kj] = dot + bias
    return {"attn": out.reshape(np.shape(values["attn"]))}


#: FIPS 202's Keccak-f[1600] round constants (tiny_sha3's keccakf_rndc).
KECCAK_RC = [
    0x0000000000000001, 0x0000000000008082, 0x800000000000808A, 0x8000000080008000,
    0x000000000000808B, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008A, 0x0000000000000088, 0x0000000080008009, 0x000000008000000A,
    0x000000008000808B, 0x800000000000008B, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800A, 0x800000008000000A,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
]
#: tiny_sha3's keccakf_rotc and keccakf_piln (rho's rotations along pi's lane cycle).
KECCAK_ROTC = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39,
               61, 20, 44]
KECCAK_PILN = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9,
               6, 1]


def keccak_f1600(st: list[np.ndarray]) -> list[np.ndarray]:
    """tiny_sha3's sha3_keccakf on 25 uint64 lane arrays (x + 5 y), new arrays out."""
    st = list(st)

    def rotl(x, n):
        return (x << np.uint64(n)) | (x >> np.uint64(64 - n))

    for rc in KECCAK_RC:
        bc = [st[x] ^ st[x + 5] ^ st[x + 10] ^ st[x + 15] ^ st[x + 20] for x in range(5)]
        for x in range(5):
            t = bc[(x + 4) % 5] ^ rotl(bc[(x + 1) % 5], 1)
            for y in range(0, 25, 5):
                st[y + x] = st[y + x] ^ t
        t = st[1]
        for j, r in zip(KECCAK_PILN, KECCAK_ROTC, strict=True):
            st[j], t = rotl(t, r), st[j]
        for y in range(0, 25, 5):
            row = st[y: y + 5]
            for x in range(5):
                st[y + x] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5])
        st[0] = st[0] ^ np.uint64(rc)
    return st


def sha3_256(values: Values) -> dict[str, np.ndarray]:
    """SHA3-256 of each msg_bytes-long message (< 136 bytes: one block; little-endian words
    msg_words_per apart): the bytes as lanes, 0x06 at msg_bytes, 0x80 at byte 135, Keccak-f,
    the first four lanes as eight words. uint64 lanes, 2^16 messages at a time."""
    n, per, length = int(values["n"]), int(values["msg_words_per"]), int(values["msg_bytes"])
    words = np.ascontiguousarray(np.asarray(values["msg_words"]).reshape(-1)[: n * per],
                                 dtype="<u4").reshape(n, per)
    out = np.array(values["digest_words"], copy=True).reshape(-1)
    block = np.zeros((n, 136), np.uint8)
    block[:, :length] = words.view(np.uint8).reshape(n, 4 * per)[:, :length]
    block[:, length] ^= 0x06
    block[:, 135] ^= 0x80
    lanes = block.view("<u8")  # (n, 17)
    chunk = 1 << 16
    for first in range(0, n, chunk):
        last = min(n, first + chunk)
        st = [lanes[first:last, x].astype(np.uint64) for x in range(17)]
        st += [np.zeros(last - first, np.uint64) for _ in range(8)]
        st = keccak_f1600(st)
        digest = np.stack(st[:4], axis=1).astype("<u8").view("<u4")  # (count, 8)
        out[8 * first: 8 * last] = digest.reshape(-1)
    return {"digest_words": out.reshape(np.shape(values["digest_words"]))}


def searchsorted(values: Values) -> dict[str, np.ndarray]:
    """torch.searchsorted without a sorter: each value's insertion position in the sorted
    boundaries (the whole array if is_1d_boundaries, else its row of idim_bd, value t in row
    t / idim_in), the first boundary >= it (right = 0) or > it (right = 1)."""
    numel, idim_in, idim_bd = (int(values[k]) for k in ("numel_in", "idim_in", "idim_bd"))
    side = "right" if int(values["right"]) else "left"
    data = np.asarray(values["data_in"]).reshape(-1)[:numel]
    bd = np.asarray(values["data_bd"]).reshape(-1)
    out = np.array(values["data_out"], copy=True).reshape(-1)
    if int(values["is_1d_boundaries"]):  # the values in order (numpy's search is then local)
        order = np.argsort(data, kind="stable")
        out[order] = np.searchsorted(bd[:idim_bd], data[order], side=side)
    else:
        for row in range(-(-numel // max(idim_in, 1))):
            part = slice(row * idim_in, min(numel, (row + 1) * idim_in))
            out[part] = np.searchsorted(bd[row * idim_bd: (row + 1) * idim_bd], data[part],
                                        side=side)
    return {"data_out": out.reshape(np.shape(values["data_out"]))}


def chamfer_nn(values: Values) -> dict[str, np.ndarray]:
    """For each point of cloud 1 the least squared distance to cloud 2 and its first index,
    as |a|^2 + |b|^2 - 2 a.b in float32 (exact for integer coordinates below 512) over 1024
    queries at a time (argmin: the first least)."""
    b, n, m = int(values["b"]), int(values["n"]), int(values["m"])
    xyz1 = np.asarray(values["xyz1"]).reshape(-1)[: b * n * 3].reshape(b, n, 3)
    xyz2 = np.asarray(values["xyz2"]).reshape(-1)[: b * m * 3].reshape(b, m, 3)
    dist = np.array(values["dist"], copy=True).reshape(-1)
    idx = np.array(values["idx"], copy=True).reshape(-1)
    for i in range(b):
        cloud = xyz2[i].astype(np.float32)
        norms = (cloud * cloud).sum(axis=1)
        for first in range(0, n, 1024):
            query = xyz1[i, first: first + 1024].astype(np.float32)
            d = (query * query).sum(axis=1)[:, None] + norms[None, :] - 2 * (query @ cloud.T)
            best = d.argmin(axis=1)
            where = slice(i * n + first, i * n + first + len(query))
            idx[where] = best
            dist[where] = d[np.arange(len(query)), best]
    return {"dist": dist.reshape(np.shape(values["dist"])),
            "idx": idx.reshape(np.shape(values["idx"]))}


def hs_mirror(index: np.ndarray, n: int) -> np.ndarray:
    """cudaAddressModeMirror at texel centres: -1 -> 0, -2 -> 1, n -> n - 1, n + 1 -> n - 2."""
    index = np.asarray(index)
    return np.where(index < 0, -index - 1, np.where(index >= n, 2 * n - 1 - index, index))


def hs_derivatives(values: Values) -> dict[str, np.ndarray]:
    """Horn-Schunck's derivatives in float32 in the kernel's order: t = s(-2) - 8 s(-1) + 8
    s(1) - s(2), t / 12 per frame, Ix = (t0 + t1) / 2 along x, Iy along y (mirrored indices:
    numpy's symmetric padding; width and height at least 2), Iz = tgt - src; 512 rows at a
    time."""
    w, h, s = int(values["width"]), int(values["height"]), int(values["stride"])
    frames = [np.asarray(values[k], np.float32).reshape(-1)[: h * s].reshape(h, s)[:, :w]
              for k in ("src", "tgt")]
    outs = {k: np.array(values[k], copy=True).reshape(-1) for k in ("Ix", "Iy", "Iz")}
    views = {k: v[: h * s].reshape(h, s)[:, :w] for k, v in outs.items()}
    eight, twelve, half = np.float32(8), np.float32(12), np.float32(0.5)

    def diff(taps):
        t = taps[0] - taps[1] * eight
        t = t + taps[2] * eight
        return (t - taps[3]) / twelve

    for first in range(0, h, 512):
        last = min(h, first + 512)
        n = last - first
        ext = hs_mirror(np.arange(first - 2, last + 2), h)  # rows, two either side
        blocks = [f[ext] for f in frames]
        dx, dy = [], []
        for block in blocks:
            padded = np.pad(block[2: n + 2], ((0, 0), (2, 2)), mode="symmetric")
            dx.append(diff([padded[:, k: k + w] for k in (0, 1, 3, 4)]))
            dy.append(diff([block[k: k + n] for k in (0, 1, 3, 4)]))
        views["Ix"][first:last] = (dx[0] + dx[1]) * half
        views["Iy"][first:last] = (dy[0] + dy[1]) * half
        views["Iz"][first:last] = blocks[1][2: n + 2] - blocks[0][2: n + 2]
    return {k: v.reshape(np.shape(values[k])) for k, v in outs.items()}


def hs_jacobi(values: Values) -> dict[str, np.ndarray]:
    """One Horn-Schunck Jacobi step in float64: sumU, sumV the means of the four neighbours
    (clamped to the image), frac = (Ix sumU + Iy sumV + Iz) / (Ix^2 + Iy^2 + alpha), du1 =
    sumU - Ix frac, dv1 = sumV - Iy frac; 512 rows at a time."""
    w, h, s = int(values["w"]), int(values["h"]), int(values["s"])
    alpha = float(np.float32(values["alpha"]))
    img = {k: np.asarray(values[k]).reshape(-1)[: h * s].reshape(h, s)[:, :w]
           for k in ("du0", "dv0", "Ix", "Iy", "Iz")}
    outs = {k: np.array(values[k], copy=True).reshape(-1) for k in ("du1", "dv1")}
    views = {k: v[: h * s].reshape(h, s)[:, :w] for k, v in outs.items()}
    for first in range(0, h, 512):
        last = min(h, first + 512)
        n = last - first
        ext = np.clip(np.arange(first - 1, last + 1), 0, h - 1)  # rows, one either side
        sums = []
        for k in ("du0", "dv0"):
            f = np.pad(img[k][ext].astype(np.float64), ((0, 0), (1, 1)), mode="edge")
            sums.append((f[1: n + 1, :w] + f[1: n + 1, 2:] + f[2:, 1: w + 1]
                         + f[:n, 1: w + 1]) * 0.25)
        ix, iy, iz = (img[k][first:last].astype(np.float64) for k in ("Ix", "Iy", "Iz"))
        frac = (ix * sums[0] + iy * sums[1] + iz) / (ix * ix + iy * iy + alpha)
        views["du1"][first:last] = sums[0] - ix * frac
        views["dv1"][first:last] = sums[1] - iy * frac
    return {k: v.reshape(np.shape(values[k])) for k, v in outs.items()}


def gauss_fan2(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's Fan2 for pivot t: a[i][j] -= m[i][t] a[t][j] for i > t, j >= t, and b[i] -=
    m[i][t] b[t] for i > t (float32, exact for the integer test data)."""
    size, t = int(values["Size"]), int(values["t"])
    m = np.asarray(values["m_cuda"], np.float32).reshape(-1)[: size * size].reshape(size, size)
    a = np.array(values["a_cuda"], np.float32, copy=True)
    b = np.array(values["b_cuda"], np.float32, copy=True)
    view = a.reshape(-1)[: size * size].reshape(size, size)
    col = m[t + 1:, t]
    pivot = view[t, t:].copy()
    for first in range(t + 1, size, 1024):
        last = min(size, first + 1024)
        view[first:last, t:] -= col[first - t - 1: last - t - 1, None] * pivot[None, :]
    flat_b = b.reshape(-1)
    flat_b[t + 1: size] -= col * flat_b[t]
    return {"a_cuda": a, "b_cuda": b}


def clahe_apply(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's CLAHE mapping in float32 in the kernel's order: the pixel's value looked up in
    the four tiles around it (tile coordinates y / tile_h - 0.5, floored and clamped), blended
    (1 - xa)(1 - ya), xa (1 - ya), (1 - xa) ya, xa ya, rounded half to even and clamped;
    bytes four a little-endian word; 256 rows at a time."""
    rows, cols = int(values["rows"]), int(values["cols"])
    tw, th = int(values["tile_w"]), int(values["tile_h"])
    tiles_x, tiles_y = int(values["tiles_x"]), int(values["tiles_y"])
    src = np.ascontiguousarray(np.asarray(values["src_words"]).reshape(-1), dtype="<u4")
    src = src.view(np.uint8)[: rows * cols].reshape(rows, cols)
    lut = np.ascontiguousarray(np.asarray(values["lut_words"]).reshape(-1), dtype="<u4")
    lut = lut.view(np.uint8)[: tiles_y * tiles_x * 256].reshape(-1)
    out = np.ascontiguousarray(np.array(values["dst_words"], copy=True).reshape(-1), dtype="<u4")
    dst = out.view(np.uint8)[: rows * cols].reshape(rows, cols)

    def axis(n, tile, tiles):
        f = np.arange(n, dtype=np.float32) / np.float32(tile) - np.float32(0.5)
        lo = np.floor(f)
        frac = (f - lo).astype(np.float32)
        lo = lo.astype(np.int64)
        return np.maximum(lo, 0), np.minimum(lo + 1, tiles - 1), frac

    tx1, tx2, xa = axis(cols, tw, tiles_x)
    ty1, ty2, ya = axis(rows, th, tiles_y)
    one = np.float32(1)
    for first in range(0, rows, 256):
        part = slice(first, min(rows, first + 256))
        p = src[part].astype(np.int64)
        y1, y2 = ty1[part, None] * tiles_x, ty2[part, None] * tiles_x
        wy = ya[part, None]
        res = np.zeros(p.shape, np.float32)
        res = res + lut[(y1 + tx1) * 256 + p] * ((one - xa) * (one - wy))
        res = res + lut[(y1 + tx2) * 256 + p] * (xa * (one - wy))
        res = res + lut[(y2 + tx1) * 256 + p] * ((one - xa) * wy)
        res = res + lut[(y2 + tx2) * 256 + p] * (xa * wy)
        dst[part] = np.clip(np.rint(res), 0, 255).astype(np.uint8)
    return {"dst_words": out.reshape(np.shape(values["dst_words"]))}


def adaptive_pool_bounds(out_size: int, in_size: int) -> tuple[np.ndarray, np.ndarray]:
    """PyTorch's start_index and end_index of each output index: floor(o i / O) and
    ceil((o + 1) i / O)."""
    o = np.arange(out_size, dtype=np.int64)
    return o * in_size // out_size, -(-(o + 1) * in_size // out_size)


def adaptive_avgpool2d(values: Values) -> dict[str, np.ndarray]:
    """F.adaptive_avg_pool2d: each output cell the mean of its window (window sums exact from
    an integral image in float64, then float32 sum / float32 count as the kernel divides), 8
    planes at a time; the input read through its strides."""
    planes = int(values["planes"])
    ih, iw = int(values["isizeH"]), int(values["isizeW"])
    oh, ow = int(values["osizeH"]), int(values["osizeW"])
    sd, sh, sw = (int(values[k]) for k in ("istrideD", "istrideH", "istrideW"))
    flat = np.ascontiguousarray(np.asarray(values["input"], np.float32).reshape(-1))
    item = flat.itemsize
    src = np.lib.stride_tricks.as_strided(flat, shape=(planes, ih, iw),
                                          strides=(sd * item, sh * item, sw * item))
    out = np.array(values["output"], copy=True).reshape(-1)
    view = out[: planes * oh * ow].reshape(planes, oh, ow)
    h0, h1 = adaptive_pool_bounds(oh, ih)
    w0, w1 = adaptive_pool_bounds(ow, iw)
    count = ((h1 - h0)[:, None] * (w1 - w0)[None, :]).astype(np.float32)
    for first in range(0, planes, 8):
        part = src[first: first + 8].astype(np.float64)
        integral = np.zeros((len(part), ih + 1, iw + 1))
        integral[:, 1:, 1:] = part.cumsum(axis=1).cumsum(axis=2)
        total = (integral[:, h1[:, None], w1[None, :]] - integral[:, h0[:, None], w1[None, :]]
                 - integral[:, h1[:, None], w0[None, :]] + integral[:, h0[:, None], w0[None, :]])
        view[first: first + 8] = total.astype(np.float32) / count
    return {"output": out.reshape(np.shape(values["output"]))}


def cfd_time_step(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's cfd time step in float64: factor = step_factors / (RK + 1 - j) with RK = 3,
    variables = old_variables + factor fluxes for each of the five planes."""
    j, n = int(values["j"]), int(values["nelr"])
    factor = np.asarray(values["step_factors"]).reshape(-1)[:n].astype(np.float64) / (3 + 1 - j)
    old = np.asarray(values["old_variables"]).reshape(-1)[: 5 * n].reshape(5, n)
    flux = np.asarray(values["fluxes"]).reshape(-1)[: 5 * n].reshape(5, n)
    out = np.array(values["variables"], copy=True).reshape(-1)
    view = out[: 5 * n].reshape(5, n)
    for v in range(5):
        view[v] = old[v].astype(np.float64) + factor * flux[v]
    return {"variables": out.reshape(np.shape(values["variables"]))}


def remap_bilinear(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's remap with LinearFilter and BrdConstant in float32 in the kernel's order: x1 =
    floor(x), y1 = floor(y), out = ((0 + s11 (x2 - x)(y2 - y)) + s12 (x - x1)(y2 - y)) + s21
    (x2 - x)(y - y1)) + s22 (x - x1)(y - y1), taps off the source border_value; 1024 rows at a
    time."""
    sr, sc = int(values["src_rows"]), int(values["src_cols"])
    dr, dc = int(values["dst_rows"]), int(values["dst_cols"])
    border = np.float32(values["border_value"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: sr * sc].reshape(sr, sc)
    xmap = np.asarray(values["xmap"], np.float32).reshape(-1)[: dr * dc].reshape(dr, dc)
    ymap = np.asarray(values["ymap"], np.float32).reshape(-1)[: dr * dc].reshape(dr, dc)
    out = np.array(values["dst"], copy=True).reshape(-1)
    view = out[: dr * dc].reshape(dr, dc)

    def at(y, x):
        inside = (x >= 0) & (x < sc) & (y >= 0) & (y < sr)
        got = src[np.clip(y, 0, max(sr - 1, 0)), np.clip(x, 0, max(sc - 1, 0))]
        return np.where(inside, got, border).astype(np.float32)

    for first in range(0, dr, 1024):
        part = slice(first, min(dr, first + 1024))
        x, y = xmap[part], ymap[part]
        x1, y1 = np.floor(x).astype(np.int64), np.floor(y).astype(np.int64)
        x2, y2 = x1 + 1, y1 + 1
        fx1, fy1 = x1.astype(np.float32), y1.astype(np.float32)
        fx2, fy2 = x2.astype(np.float32), y2.astype(np.float32)
        res = np.zeros(x.shape, np.float32)
        res = res + at(y1, x1) * ((fx2 - x) * (fy2 - y))
        res = res + at(y1, x2) * ((x - fx1) * (fy2 - y))
        res = res + at(y2, x1) * ((fx2 - x) * (y - fy1))
        res = res + at(y2, x2) * ((x - fx1) * (y - fy1))
        view[part] = res
    return {"dst": out.reshape(np.shape(values["dst"]))}


def _sepconv(values: Values, axis: int) -> dict[str, np.ndarray]:
    """The separable convolution pass along ``axis`` (0: columns, 1: rows): out = sum over j =
    -radius .. radius of c_Kernel[radius - j] src[. + j], zero outside the image (float64:
    exact for the integer test data); 1024 rows at a time."""
    w, h, pitch, r = (int(values[k]) for k in ("imageW", "imageH", "pitch", "radius"))
    src = np.asarray(values["d_Src"]).reshape(-1)[: h * pitch].reshape(h, pitch)[:, :w]
    kern = np.asarray(values["c_Kernel"], np.float64).reshape(-1)[: 2 * r + 1]
    out = np.array(values["d_Dst"], copy=True).reshape(-1)
    view = out[: h * pitch].reshape(h, pitch)[:, :w]
    for first in range(0, h, 1024):
        last = min(h, first + 1024)
        if axis == 0:
            lo, hi = max(first - r, 0), min(last + r, h)
            block = np.zeros((last - first + 2 * r, w))
            block[lo - (first - r): hi - (first - r)] = src[lo:hi]
            acc = np.zeros((last - first, w))
            for j in range(-r, r + 1):
                acc += kern[r - j] * block[r + j: r + j + last - first]
        else:
            block = np.pad(src[first:last].astype(np.float64), ((0, 0), (r, r)))
            acc = np.zeros((last - first, w))
            for j in range(-r, r + 1):
                acc += kern[r - j] * block[:, r + j: r + j + w]
        view[first:last] = acc
    return {"d_Dst": out.reshape(np.shape(values["d_Dst"]))}


def sepconv_cols(values: Values) -> dict[str, np.ndarray]:
    """The CUDA Samples' convolutionColumnsKernel: the filter along each column."""
    return _sepconv(values, 0)


def sepconv_rows(values: Values) -> dict[str, np.ndarray]:
    """The CUDA Samples' convolutionRowsKernel: the filter along each row."""
    return _sepconv(values, 1)


def hotspot3d_opt1(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's hotspot3D step in float64: cc T + cw T[i - 1] + ce T[i + 1] + cs T[j + 1] + cn
    T[j - 1] + cb T[k - 1] + ct T[k + 1] + sdc p + ct 80, each neighbour off the chip the cell
    itself (exact for the dyadic test data); a plane at a time."""
    nx, ny, nz = (int(values[k]) for k in ("nx", "ny", "nz"))
    co = {k: float(np.float32(values[k])) for k in ("sdc", "ce", "cw", "cn", "cs", "ct", "cb",
                                                   "cc")}
    t = np.asarray(values["tIn"]).reshape(-1)[: nx * ny * nz].reshape(nz, ny, nx)
    p = np.asarray(values["p"]).reshape(-1)[: nx * ny * nz].reshape(nz, ny, nx)
    out = np.array(values["tOut"], copy=True).reshape(-1)
    view = out[: nx * ny * nz].reshape(nz, ny, nx)
    for k in range(nz):
        c = t[k].astype(np.float64)
        pad = np.pad(c, 1, mode="edge")
        below = t[max(k - 1, 0)].astype(np.float64)
        above = t[min(k + 1, nz - 1)].astype(np.float64)
        view[k] = (co["cc"] * c + co["cw"] * pad[1:-1, :-2] + co["ce"] * pad[1:-1, 2:]
                   + co["cs"] * pad[2:, 1:-1] + co["cn"] * pad[:-2, 1:-1] + co["cb"] * below
                   + co["ct"] * above + co["sdc"] * p[k] + co["ct"] * 80.0)
    return {"tOut": out.reshape(np.shape(values["tOut"]))}


def leuko_dilate(values: Values) -> dict[str, np.ndarray]:
    """Rodinia leukocyte's dilation: out[i][j] (row-major) = max(0, the column-major image at
    (i - strel_m / 2 + a, j - strel_n / 2 + b) for every set tap (a, b) on the matrix)."""
    m, n = int(values["img_m"]), int(values["img_n"])
    sm, sn = int(values["strel_m"]), int(values["strel_n"])
    strel = np.asarray(values["c_strel"]).reshape(-1)[: sm * sn].reshape(sm, sn)
    img = np.asarray(values["img"], np.float32).reshape(-1)[: m * n].reshape(n, m).T
    ci, cj = sm // 2, sn // 2
    pad = np.full((m + sm, n + sn), -np.inf, np.float32)
    pad[ci: ci + m, cj: cj + n] = img
    best = np.zeros((m, n), np.float32)
    for a, b in zip(*np.nonzero(strel != 0), strict=True):
        np.maximum(best, pad[a: a + m, b: b + n], out=best)
    out = np.array(values["dilated_out"], copy=True).reshape(-1)
    out[: m * n] = best.reshape(-1)
    return {"dilated_out": out.reshape(np.shape(values["dilated_out"]))}


def pagerank_push(values: Values) -> dict[str, np.ndarray]:
    """Pannotia's pagerank1: page_rank2[col[e]] += page_rank1[v] / deg(v) (the division in
    float32 as the kernel does) for each edge e of each vertex v (the last vertex's list ending
    at num_edges), summed in float64 onto page_rank2's contents."""
    n, nnz = int(values["num_nodes"]), int(values["num_edges"])
    row = np.asarray(values["row"]).reshape(-1).astype(np.int64)
    start = row[:n]
    end = np.append(row[1:n], nnz) if n else row[:0]
    deg = np.maximum(end - start, 0)
    share = (np.asarray(values["page_rank1"], np.float32).reshape(-1)[:n]
             / deg.astype(np.float32).clip(1)).astype(np.float64)
    first = np.cumsum(deg) - deg
    total = int(deg.sum())
    edge = np.repeat(start - first, deg) + np.arange(total)
    col = np.asarray(values["col"]).reshape(-1).astype(np.int64)[edge]
    out = np.array(values["page_rank2"], copy=True).reshape(-1)
    sums = np.bincount(col, weights=np.repeat(share, deg), minlength=len(out))
    out[:] = (out.astype(np.float64) + sums[: len(out)]).astype(out.dtype)
    return {"page_rank2": out.reshape(np.shape(values["page_rank2"]))}


def match_template_sqdiff(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's matchTemplate with CV_TM_SQDIFF: result(y, x) = sum over i < h, j < w of
    (image(y + i, x + j) - templ(i, j))^2 (float32 in place, exact: integer pixels keep every
    sum below 2^24); 256 result rows at a time."""
    w, h = int(values["w"]), int(values["h"])
    rows, cols = int(values["result_rows"]), int(values["result_cols"])
    istep, tstep, rstep = (int(values[k]) for k in ("image_step", "templ_step", "result_step"))
    image = np.asarray(values["image"], np.float32).reshape(-1)
    image = image[: (rows + h - 1) * istep].reshape(rows + h - 1, istep)
    templ = np.asarray(values["templ"], np.float32).reshape(-1)[: h * tstep].reshape(h, tstep)
    out = np.array(values["result"], copy=True).reshape(-1)
    view = out[: rows * rstep].reshape(rows, rstep)[:, :cols]
    for first in range(0, rows, 256):
        last = min(rows, first + 256)
        acc = np.zeros((last - first, cols), np.float32)
        delta = np.empty_like(acc)
        for i in range(h):
            for j in range(w):
                np.subtract(image[first + i: last + i, j: j + cols], templ[i, j], out=delta)
                np.multiply(delta, delta, out=delta)
                acc += delta
        view[first:last] = acc
    return {"result": out.reshape(np.shape(values["result"]))}


def srad_coef(values: Values) -> dict[str, np.ndarray]:
    """Rodinia srad_v2's srad_cuda_1 in the kernel's precisions and order: n, s, w, e the
    float32 differences to the neighbours (the pixel itself off the image), g2 = (n^2 + s^2 +
    w^2 + e^2) / Jc^2 and l = (n + s + w + e) / Jc in float32, num = 0.5 g2 - (l^2) / 16 and
    den = 1 + l / 4 in float64 rounded to float32, qsqr = num / den^2, den = (qsqr - q0sqr) /
    (q0sqr (1 + q0sqr)) in float32, c = 1 / (1 + den) in float64, saturated to [0, 1] (the
    same bits as the kernel's: every product the GPU fuses is exact); 1024 rows at a time."""
    rows, cols = int(values["rows"]), int(values["cols"])
    q0 = np.float32(values["q0sqr"])
    j_img = np.asarray(values["J_cuda"], np.float32).reshape(-1)[: rows * cols].reshape(rows, cols)
    outs = {k: np.array(values[k], copy=True).reshape(-1) for k in ("C_cuda", "E_C", "W_C",
                                                                     "S_C", "N_C")}
    views = {k: v[: rows * cols].reshape(rows, cols) for k, v in outs.items()}
    one = np.float32(1)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for first in range(0, rows, 1024):
            last = min(rows, first + 1024)
            jc = j_img[first:last]
            above = j_img[np.maximum(np.arange(first, last) - 1, 0)]
            below = j_img[np.minimum(np.arange(first, last) + 1, rows - 1)]
            n, s = above - jc, below - jc
            w = np.concatenate([jc[:, :1], jc[:, :-1]], axis=1) - jc
            e = np.concatenate([jc[:, 1:], jc[:, -1:]], axis=1) - jc
            g2 = (n * n + s * s + w * w + e * e) / (jc * jc)
            lap = (n + s + w + e) / jc
            num = (0.5 * g2.astype(np.float64) - 0.0625 * (lap * lap).astype(np.float64))
            den = (1 + 0.25 * lap.astype(np.float64)).astype(np.float32)
            qsqr = num.astype(np.float32) / (den * den)
            den = (qsqr - q0) / (q0 * (one + q0))
            c = (1.0 / (1.0 + den.astype(np.float64))).astype(np.float32)
            views["C_cuda"][first:last] = np.where(c < 0, 0, np.where(c > 1, 1, c))
            views["E_C"][first:last] = e
            views["W_C"][first:last] = w
            views["S_C"][first:last] = s
            views["N_C"][first:last] = n
    return {k: v.reshape(np.shape(values[k])) for k, v in outs.items()}


def shoc_stencil2d(values: Values) -> dict[str, np.ndarray]:
    """SHOC's Stencil2D step: inside the one-element halo, wCenter c + wCardinal (n + s + e + w)
    + wDiagonal (ne + se + nw + sw) in the kernel's order (float64: exact for the dyadic
    weights and integer data); the halo and the padding keep newData's contents."""
    rows, cols = int(values["rows"]), int(values["cols"])
    pitch = int(values["gRowWidth"]) + 2
    wc, wn, wd = (float(np.float32(values[k])) for k in ("wCenter", "wCardinal", "wDiagonal"))
    data = np.asarray(values["data"]).reshape(-1)[: (rows + 2) * pitch].reshape(rows + 2, pitch)
    out = np.array(values["newData"], copy=True).reshape(-1)
    view = out[: (rows + 2) * pitch].reshape(rows + 2, pitch)
    for first in range(1, rows + 1, 1024):
        last = min(rows + 1, first + 1024)
        block = data[first - 1: last + 1, : cols + 2].astype(np.float64)
        mid, up, down = block[1:-1], block[:-2], block[2:]
        cardinal = up[:, 1:-1] + down[:, 1:-1] + mid[:, 2:] + mid[:, :-2]
        diagonal = up[:, 2:] + down[:, 2:] + up[:, :-2] + down[:, :-2]
        view[first:last, 1: cols + 1] = wc * mid[:, 1:-1] + wn * cardinal + wd * diagonal
    return {"newData": out.reshape(np.shape(values["newData"]))}


def gspmm_csr_sum(values: Values) -> dict[str, np.ndarray]:
    """DGL's copy_u / sum SpMM on CSR: out[v] = 0 + ufeat[indices[indptr[v]]] + ... +
    ufeat[indices[indptr[v + 1] - 1]], the first out_len features, summed in float32 in the
    kernel's edge order (one gather of every node's d-th in-edge at a time)."""
    rows, length = int(values["num_rows"]), int(values["out_len"])
    flen = int(values["ufeat_len"])
    indptr = np.asarray(values["indptr"]).reshape(-1)[: rows + 1].astype(np.int64)
    indices = np.asarray(values["indices"]).reshape(-1).astype(np.int64)
    ufeat = np.ascontiguousarray(np.asarray(values["ufeat"], np.float32).reshape(-1, flen)[
        :, :length])
    out = np.array(values["out"], copy=True).reshape(-1)
    view = out[: rows * length].reshape(rows, length)
    degree = np.maximum(indptr[1:] - indptr[:-1], 0)
    acc = np.zeros((rows, length), np.float32)
    for d in range(int(degree.max(initial=0))):
        have = np.nonzero(degree > d)[0]
        acc[have] += np.take(ufeat, indices[indptr[have] + d], axis=0)
    view[:] = acc
    return {"out": out.reshape(np.shape(values["out"]))}


def leuko_gicov(values: Values) -> dict[str, np.ndarray]:
    """Rodinia leukocyte's GICOV score of every pixel at least 22 from each edge: for each of
    the 7 ellipses the 150 samples p = grad_x cos + grad_y sin at the tables' offsets, mean =
    sum / 150 and the variance (sum p^2 - sum^2 / 150) / 149 (integer sums, exact; the
    kernel's Welford steps in float32 differ by rounding: the manifest's tolerance), and the
    largest mean^2 / var above 0; the other pixels keep gicov's contents."""
    gm, gn = int(values["grad_m"]), int(values["grad_n"])
    maxr, npoints, ncircles = 22, 150, 7
    gx = np.asarray(values["grad_x"]).reshape(-1)[: gm * gn].reshape(gn, gm).astype(np.int32)
    gy = np.asarray(values["grad_y"]).reshape(-1)[: gm * gn].reshape(gn, gm).astype(np.int32)
    sin = np.asarray(values["c_sin_angle"]).reshape(-1)[:npoints].astype(np.int32)
    cos = np.asarray(values["c_cos_angle"]).reshape(-1)[:npoints].astype(np.int32)
    tx = np.asarray(values["c_tX"]).reshape(-1)[: ncircles * npoints].reshape(ncircles, npoints)
    ty = np.asarray(values["c_tY"]).reshape(-1)[: ncircles * npoints].reshape(ncircles, npoints)
    ni, nj = gn - 2 * maxr, gm - 2 * maxr
    out = np.array(values["gicov"], copy=True).reshape(-1)
    view = out[: gm * gn].reshape(gn, gm)
    if ni <= 0 or nj <= 0:
        return {"gicov": out.reshape(np.shape(values["gicov"]))}
    best = np.zeros((ni, nj))
    p = np.empty((ni, nj), np.int32)
    term = np.empty((ni, nj), np.int32)
    for k in range(ncircles):
        s1 = np.zeros((ni, nj), np.int64)
        s2 = np.zeros((ni, nj), np.int64)
        for n in range(npoints):
            x0, y0 = maxr + int(tx[k, n]), maxr + int(ty[k, n])
            np.multiply(gx[x0: x0 + ni, y0: y0 + nj], cos[n], out=p)
            np.multiply(gy[x0: x0 + ni, y0: y0 + nj], sin[n], out=term)
            p += term
            s1 += p
            np.multiply(p, p, out=term)
            s2 += term
        mean = s1 / npoints
        var = (s2 - s1.astype(np.float64) * s1 / npoints) / (npoints - 1)
        with np.errstate(divide="ignore", invalid="ignore"):
            score = mean * mean / var
        np.copyto(best, score, where=score > best)
    view[maxr: maxr + ni, maxr: maxr + nj] = best
    return {"gicov": out.reshape(np.shape(values["gicov"]))}


def scatter_max(values: Values) -> dict[str, np.ndarray]:
    """torch_scatter's scatter max with an out tensor (dim 0): out[b][index[offset(t)]][t mod
    K] = max(its contents, src[t]) for every element t, offset(t) = (t mod K) index_stride1 +
    (t / K) index_stride0 (an index broadcast over the features has strides 1, 0); exact."""
    e, k, n = int(values["E"]), int(values["K"]), int(values["N"])
    numel = int(values["numel"])
    s0, s1 = int(values["index_stride0"]), int(values["index_stride1"])
    src = np.asarray(values["src_data"], np.float32).reshape(-1)[:numel]
    index = np.asarray(values["index_data"]).reshape(-1).astype(np.int64)
    out = np.array(values["out_data"], copy=True).reshape(-1)
    t = np.arange(numel, dtype=np.int64)
    if s1 == 0 and numel % k == 0:  # one target a row of K: sort the rows by target
        first = t[::k]
        key = (first // (e * k)) * n + index[(first // k) * s0]  # b N + target
        order = np.argsort(key, kind="stable")
        keys, starts = np.unique(key[order], return_index=True)
        best = np.maximum.reduceat(src.reshape(-1, k)[order], starts, axis=0)
        where = (keys * k)[:, None] + np.arange(k)
        out[where] = np.maximum(out[where], best)
    else:
        target = index[(t % k) * s1 + (t // k) * s0]
        where = (t // (e * k)) * n * k + target * k + t % k
        np.maximum.at(out, where, src)
    return {"out_data": out.reshape(np.shape(values["out_data"]))}


def parboil_stencil(values: Values) -> dict[str, np.ndarray]:
    """Parboil's 7-point stencil step: inside the one-cell boundary Anext = (the six face
    neighbours' sum) c1 - centre c0, float64 (exact for dyadic c0, c1 and integer data, as
    the kernel's float32 is); the boundary keeps Anext's contents; 8 planes at a time."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    c0, c1 = float(np.float32(values["c0"])), float(np.float32(values["c1"]))
    a0 = np.asarray(values["A0"]).reshape(-1)[: nx * ny * nz].reshape(nz, ny, nx)
    out = np.array(values["Anext"], copy=True).reshape(-1)
    view = out[: nx * ny * nz].reshape(nz, ny, nx)
    if nx < 3 or ny < 3:
        return {"Anext": out.reshape(np.shape(values["Anext"]))}
    for first in range(1, nz - 1, 8):
        last = min(nz - 1, first + 8)
        block = a0[first - 1: last + 1].astype(np.float64)
        mid = block[1:-1]
        total = (mid[:, 1:-1, :-2] + mid[:, 1:-1, 2:] + mid[:, 2:, 1:-1] + mid[:, :-2, 1:-1]
                 + block[2:, 1:-1, 1:-1] + block[:-2, 1:-1, 1:-1])
        view[first:last, 1:-1, 1:-1] = total * c1 - mid[:, 1:-1, 1:-1] * c0
    return {"Anext": out.reshape(np.shape(values["Anext"]))}


def raft_l2_naive(values: Values) -> dict[str, np.ndarray]:
    """RAFT's naive pairwise distances: dist = sum over the k features of (x - y)^2 (float64
    through |x|^2 + |y|^2 - 2 x.y, exact for integer data, as the kernel's float32 sums are),
    the square root for DistanceType 1 and 5 (sqrtf is correctly rounded: the same bits),
    row-major (x m x k, y n x k, dist m x n) or column-major; 1024 rows at a time."""
    m, n, k = int(values["m"]), int(values["n"]), int(values["k"])
    row_major, kind = bool(values["isRowMajor"]), int(values["type"])
    xs = np.asarray(values["x"], np.float64).reshape(-1)[: m * k]
    ys = np.asarray(values["y"], np.float64).reshape(-1)[: n * k]
    xs = xs.reshape(m, k) if row_major else xs.reshape(k, m).T
    ys = ys.reshape(n, k) if row_major else ys.reshape(k, n).T
    out = np.array(values["dist"], copy=True).reshape(-1)
    view = out[: m * n].reshape(m, n) if row_major else out[: m * n].reshape(n, m).T
    y2 = (ys * ys).sum(axis=1)
    for first in range(0, m, 1024):
        part = xs[first: first + 1024]
        acc = ((part * part).sum(axis=1)[:, None] + y2[None, :] - 2 * part @ ys.T)
        acc = acc.astype(np.float32)
        view[first: first + 1024] = np.sqrt(acc) if kind in (1, 5) else acc
    return {"dist": out.reshape(np.shape(values["dist"]))}


def _reflect101(index: np.ndarray, size: int) -> np.ndarray:
    """OpenCV's BrdReflect101 index: reflected about the edge pixel, then modulo the size."""
    last = size - 1
    return np.abs(np.abs(last - np.abs(last - index)) % size) % size


def ocv_bilateral(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's CUDA bilateral filter (float32, reflect-101 borders): for the taps of the
    ksz x ksz window with squared distance space2 at most (ksz / 2)^2, weight = exp(space2
    cs + (value - centre)^2 cc), dst = sum(weight value) / sum(weight), NaN taps skipped; in
    float64 (the kernel's expf and float sums: the manifest's tolerance) over the image
    padded once by reflection; 512 rows at a time."""
    rows, cols, ksz = int(values["rows"]), int(values["cols"]), int(values["ksz"])
    sstep, dstep = int(values["src_step"]), int(values["dst_step"])
    cs = float(np.float32(values["sigma_spatial2_inv_half"]))
    cc = float(np.float32(values["sigma_color2_inv_half"]))
    src = np.asarray(values["src"], np.float32).reshape(-1)[: rows * sstep].reshape(rows, sstep)
    out = np.array(values["dst"], copy=True).reshape(-1)
    view = out[: rows * dstep].reshape(rows, dstep)
    r = ksz // 2
    offsets = [(dy, dx) for dy in range(-r, ksz - r) for dx in range(-r, ksz - r)
               if dx * dx + dy * dy <= r * r]
    lo, hi = r, ksz - r  # the window reaches r before and ksz - r - 1 after the pixel
    padded = src[_reflect101(np.arange(-lo, rows + hi), rows)][
        :, _reflect101(np.arange(-lo, cols + hi), cols)].astype(np.float64)
    for first in range(0, rows, 512):
        last = min(rows, first + 512)
        centre = padded[first + lo: last + lo, lo: lo + cols]
        sum1 = np.zeros_like(centre)
        sum2 = np.zeros_like(centre)
        for dy, dx in offsets:
            value = padded[first + lo + dy: last + lo + dy, lo + dx: lo + dx + cols]
            weight = (value - centre) ** 2
            weight *= cc
            weight += (dx * dx + dy * dy) * cs
            np.exp(weight, out=weight)
            skip = np.isnan(value)
            weight[skip] = 0
            sum2 += weight
            weight *= value
            weight[skip] = 0
            sum1 += weight
        view[first:last, :cols] = sum1 / sum2
    return {"dst": out.reshape(np.shape(values["dst"]))}


def ocv_blend_linear(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's blendLinear: result = (p1 w1 + p2 w2) / (w1 + w2 + 1e-5f) per channel value,
    the weights those of the value's pixel (x / cn), in float32 in the kernel's order (exact
    products and sums for integer data, a correctly rounded division: the same bits); 512
    rows at a time."""
    rows, cols, cn = int(values["rows"]), int(values["cols"]), int(values["cn"])
    out = np.array(values["result"], copy=True).reshape(-1)
    view = out[: rows * int(values["result_step"])].reshape(rows, -1)[:, :cols]

    def plane(name: str, step: str, width: int) -> np.ndarray:
        flat = np.asarray(values[name], np.float32).reshape(-1)
        return flat[: rows * int(values[step])].reshape(rows, -1)[:, :width]

    pixels = -(-cols // cn)
    p1, p2 = plane("img1", "img1_step", cols), plane("img2", "img2_step", cols)
    w1, w2 = plane("weights1", "w1_step", pixels), plane("weights2", "w2_step", pixels)
    eps = np.float32(1e-5)
    for first in range(0, rows, 512):
        part = slice(first, min(rows, first + 512))
        a = np.repeat(w1[part], cn, axis=1)[:, :cols]
        b = np.repeat(w2[part], cn, axis=1)[:, :cols]
        num = p1[part] * a
        num += p2[part] * b
        a += b
        a += eps
        np.divide(num, a, out=num)
        view[part] = num
    return {"result": out.reshape(np.shape(values["result"]))}


def mriq_computeq(values: Values) -> dict[str, np.ndarray]:
    """Parboil's ComputeQ: Qr += sum PhiMag cos(expArg), Qi += sum PhiMag sin(expArg), expArg
    = PIx2 (Kx x + Ky y + Kz z) rounded to float32 as the kernel rounds it (the dot product
    exact for integer data), over the samples the kernel's loop visits (Parboil's peel of
    ck[0] for an odd numK, then pairs while kIndex < 1024 and kGlobalIndex < numK); the cos
    and sin in float64 (the manifest's tolerance). Computed once per distinct voxel (integer
    coordinates in [-8, 8) give 4096)."""
    num_k, k_global, num_x = int(values["numK"]), int(values["kGlobalIndex"]), int(values["numX"])
    visited = []
    k_index = 0
    if num_k % 2:
        visited.append(0)
        k_index, k_global = 1, k_global + 1
    while k_index < 1024 and k_global < num_k:
        visited += [k_index, k_index + 1]
        k_index, k_global = k_index + 2, k_global + 2
    table = np.asarray(values["kvals"], np.float32).reshape(-1, 4)[visited]
    pos = np.stack([np.asarray(values[c], np.float32).reshape(-1)[:num_x] for c in "xyz"], 1)
    bits = pos.view(np.uint32)
    order = np.lexsort((bits[:, 2], bits[:, 1], bits[:, 0]))  # the distinct voxels, sorted
    new = np.ones(num_x, bool)
    new[1:] = (bits[order][1:] != bits[order][:-1]).any(axis=1)
    unique = pos[order][new]
    inverse = np.empty(num_x, np.int64)
    inverse[order] = np.cumsum(new) - 1
    qr = np.array(values["Qr"], copy=True).reshape(-1)
    qi = np.array(values["Qi"], copy=True).reshape(-1)
    two_pi = np.float32(6.2831853071795864769252867665590058)
    for first in range(0, len(unique), 4096):
        part = unique[first: first + 4096].astype(np.float64)
        dot = (part @ table[:, :3].astype(np.float64).T).astype(np.float32)  # exact
        arg = (two_pi * dot).astype(np.float64)
        pm = table[:, 3].astype(np.float64)
        sums_r = np.cos(arg) @ pm
        sums_i = np.sin(arg) @ pm
        mask = (inverse.reshape(-1) >= first) & (inverse.reshape(-1) < first + 4096)
        where = inverse.reshape(-1)[mask] - first
        qr[:num_x][mask] = (qr[:num_x][mask].astype(np.float64) + sums_r[where]).astype(qr.dtype)
        qi[:num_x][mask] = (qi[:num_x][mask].astype(np.float64) + sums_i[where]).astype(qi.dtype)
    return {"Qr": qr.reshape(np.shape(values["Qr"])), "Qi": qi.reshape(np.shape(values["Qi"]))}


def torch_index_select(values: Values) -> dict[str, np.ndarray]:
    """PyTorch's index_select along dim 0: dst row d (stride dst_stride0) = src row
    indices[d] (stride src_stride0), the first innerSize elements of each, for the
    totalSize / innerSize rows the launch covers; a copy, exact."""
    inner, total = int(values["innerSize"]), int(values["totalSize"])
    s_stride, d_stride = int(values["src_stride0"]), int(values["dst_stride0"])
    rows = total // inner
    src = np.asarray(values["src_data"]).reshape(-1)
    idx = np.asarray(values["indices_data"]).reshape(-1)[:rows].astype(np.int64)
    out = np.array(values["dst_data"], copy=True).reshape(-1)
    cols = np.arange(inner)
    for first in range(0, rows, 1 << 18):
        part = np.arange(first, min(rows, first + (1 << 18)))
        out[(part * d_stride)[:, None] + cols] = src[(idx[part] * s_stride)[:, None] + cols]
    return {"dst_data": out.reshape(np.shape(values["dst_data"]))}


def cutlass_ref_gemm(values: Values) -> dict[str, np.ndarray]:
    """CUTLASS's reference GEMM with row-major A (m x k), B (k x n), C and D (m x n, leading
    dimensions lda, ldb, ldc, ldd): D = alpha A B + beta C where inside the problem, D's other
    elements kept; the product in float32 (exact for integer data whose partial sums stay
    below 2^24, whatever the order, as the kernel's are), the epilogue in float64 (exact for
    dyadic alpha and beta); 1024 rows at a time."""
    m, n, k = int(values["m"]), int(values["n"]), int(values["k"])
    lda, ldb, ldc, ldd = (int(values[s]) for s in ("lda", "ldb", "ldc", "ldd"))
    alpha, beta = float(np.float32(values["alpha"])), float(np.float32(values["beta"]))

    def matrix(name: str, rows: int, cols: int, ld: int) -> np.ndarray:
        flat = np.asarray(values[name]).reshape(-1)
        flat = np.concatenate([flat, np.zeros(max(0, rows * ld - len(flat)), flat.dtype)])
        return flat[: rows * ld].reshape(rows, ld)[:, :cols]

    a = matrix("tensor_a", m, k, lda).astype(np.float32)
    b = matrix("tensor_b", k, n, ldb).astype(np.float32)
    c = matrix("tensor_c", m, n, ldc)
    out = np.array(values["tensor_d"], copy=True).reshape(-1)
    for first in range(0, m, 1024):
        last = min(m, first + 1024)
        product = (a[first:last] @ b).astype(np.float64)
        rows = (np.arange(first, last) * ldd)[:, None] + np.arange(n)
        out[rows] = alpha * product + beta * c[first:last].astype(np.float64)
    return {"tensor_d": out.reshape(np.shape(values["tensor_d"]))}


def cus_sobel_shared(values: Values) -> dict[str, np.ndarray]:
    """The CUDA Samples' SobelShared on a byte image (width x height, rows image_pitch bytes
    apart, read at coordinates clamped into the image): per pixel Horz = (right column) - (left
    column) and Vert = (top row) - (bottom row) of the 3 x 3 neighbourhood weighted 1 2 1,
    (short)(fScale (|Horz| + |Vert|)) clamped to [0, 255]; the first 4 (width / 4) columns of
    each row written (rows sobel_pitch bytes apart), the other bytes kept; int32 and float32
    as the kernel (exact); 1024 rows at a time."""
    width, height = int(values["width"]), int(values["height"])
    pitch, out_pitch = int(values["image_pitch"]), int(values["sobel_pitch"])
    scale = np.float32(values["fScale"])
    image = np.asarray(values["image_words"]).view(np.uint8).reshape(-1)[: height * pitch]
    image = image.reshape(height, pitch)[:, :width]
    out = np.array(values["sobel_words"], copy=True)
    view = out.view(np.uint8).reshape(-1)[: height * out_pitch].reshape(height, out_pitch)
    cols = 4 * (width // 4)
    col_index = np.clip(np.arange(-1, cols + 1), 0, width - 1)
    sums = np.arange(2041, dtype=np.float32)  # every |Horz| + |Vert|
    table = np.clip(np.trunc(scale * sums), 0, 255).astype(np.uint8)  # (short) truncates
    for first in range(0, height, 1024):
        last = min(height, first + 1024)
        rows = np.clip(np.arange(first - 1, last + 1), 0, height - 1)
        pix = image[rows][:, col_index].astype(np.int16)  # int16: |Horz| + |Vert| <= 2040
        smooth_y = pix[:-2] + pix[2:]  # 1 2 1 down each column
        smooth_y += pix[1:-1]
        smooth_y += pix[1:-1]
        total = np.abs(smooth_y[:, 2:] - smooth_y[:, :-2])  # |Horz|
        smooth_x = pix[:, :-2] + pix[:, 2:]  # 1 2 1 along each row
        smooth_x += pix[:, 1:-1]
        smooth_x += pix[:, 1:-1]
        total += np.abs(smooth_x[:-2] - smooth_x[2:])  # |Vert|
        view[first:last, :cols] = table[total]
    return {"sobel_words": out}


def ocv_nlmeans(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's brute-force non-local means on float32 (reflect-101 borders): per pixel, for
    every offset (x, y) of the search window, dist2 = the sum of squared differences of the
    two patches (int32: exact for integer images), weight = exp(dist2 noise_mult + (x^2 + y^2)
    (-1 / search_window^2)) with the argument in float32 as the kernel forms it (the exp in
    float32, the sums in float64: the manifest's tolerance), dst = sum(weight value) /
    sum(weight); over the image padded once by reflection."""
    rows, cols = int(values["rows"]), int(values["cols"])
    sstep, dstep = int(values["src_step"]), int(values["dst_step"])
    sr, br = int(values["search_radius"]), int(values["block_radius"])
    noise_mult = np.float32(values["noise_mult"])
    minus_inv = np.float32(-1.0) / np.float32((2 * sr + 1) ** 2)
    src = np.asarray(values["src"], np.float32).reshape(-1)[: rows * sstep].reshape(rows, sstep)
    pad = sr + br
    padded = src[_reflect101(np.arange(-pad, rows + pad), rows)][
        :, _reflect101(np.arange(-pad, cols + pad), cols)].astype(np.int32)
    base = padded[sr: sr + rows + 2 * br, sr: sr + cols + 2 * br]
    side = 2 * br + 1
    sum1 = np.zeros((rows, cols))
    sum2 = np.zeros((rows, cols))
    for y in range(-sr, sr + 1):
        for x in range(-sr, sr + 1):
            other = padded[sr + y: sr + y + rows + 2 * br, sr + x: sr + x + cols + 2 * br]
            diff = base - other
            diff *= diff
            acc = np.zeros((rows + 2 * br + 1, cols + 2 * br), np.int32)
            np.cumsum(diff, axis=0, out=acc[1:])
            band = acc[side:] - acc[:-side]  # rows + 0 .. + 2 br of each column
            acc2 = np.zeros((rows, cols + 2 * br + 1), np.int32)
            np.cumsum(band, axis=1, out=acc2[:, 1:])
            dist2 = (acc2[:, side:] - acc2[:, :-side]).astype(np.float32)
            arg = dist2 * noise_mult + np.float32(x * x + y * y) * minus_inv
            weight = np.exp(arg).astype(np.float64)
            sum2 += weight
            weight *= padded[pad + y: pad + y + rows, pad + x: pad + x + cols]
            sum1 += weight
    out = np.array(values["dst"], copy=True).reshape(-1)
    view = out[: rows * dstep].reshape(rows, dstep)
    view[:, :cols] = sum1 / sum2
    return {"dst": out.reshape(np.shape(values["dst"]))}


def ocv_resize_area(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's INTER_AREA resize by whole factors: dst(y, x) = the sum over the source rows
    [y fy, y fy + fy) and columns [x fx, x fx + fx) of src / (fx fy), sources past the image 0
    (BrdConstant); in float64 (exact for integer data and dyadic 1 / (fx fy), as the kernel's
    float32 sums are); 256 rows at a time."""
    rows, cols = int(values["dst_rows"]), int(values["dst_cols"])
    srows, scols = int(values["src_rows"]), int(values["src_cols"])
    sstep, dstep = int(values["src_step"]), int(values["dst_step"])
    fy, fx = float(np.float32(values["scale_y"])), float(np.float32(values["scale_x"]))
    assert fy == int(fy) and fx == int(fx), "IntegerAreaFilter: whole scales only"
    fy, fx = int(fy), int(fx)
    scale = float(np.float32(1) / (np.float32(fx) * np.float32(fy)))
    src = np.asarray(values["src"], np.float32).reshape(-1)[: srows * sstep].reshape(srows, sstep)
    out = np.array(values["dst"], copy=True).reshape(-1)
    view = out[: rows * dstep].reshape(rows, dstep)
    for first in range(0, rows, 256):
        last = min(rows, first + 256)
        block = np.zeros(((last - first) * fy, cols * fx))
        part = src[first * fy: last * fy, : min(scols, cols * fx)]
        block[: len(part), : part.shape[1]] = part
        view[first:last, :cols] = (block * scale).reshape(last - first, fy, cols, fx).sum((1, 3))
    return {"dst": out.reshape(np.shape(values["dst"]))}


def pannotia_color_max(values: Values) -> dict[str, np.ndarray]:
    """Pannotia's color1: for each vertex with colour -1, max_d = the largest node_value among
    its neighbours (CSR row offsets, the last list ending at num_edges; the lists one after
    another) whose colour is -1, -1 when there is none or the vertex has exactly one
    neighbour; stop = 1 when any such neighbour is seen (else kept); max_d of coloured
    vertices kept. Integers: exact."""
    n, nnz = int(values["num_nodes"]), int(values["num_edges"])
    row = np.asarray(values["row"]).reshape(-1)[:n].astype(np.int64)
    col = np.asarray(values["col"]).reshape(-1)
    value = np.asarray(values["node_value"]).reshape(-1)
    colour = np.asarray(values["color_array"]).reshape(-1)
    max_d = np.array(values["max_d"], copy=True).reshape(-1)
    stop = np.array(values["stop"], copy=True).reshape(-1)
    end = np.append(row[1:], nnz)
    lengths = end - row
    assert (lengths >= 0).all(), "row offsets must not decrease"
    neighbours = col[row[0]: nnz] if n else col[:0]
    free = colour[neighbours] == -1  # each edge: is its neighbour uncoloured?
    found = np.where(free, value[neighbours], -1).astype(np.int64)
    best = np.full(n, -1, np.int64)
    seen = np.zeros(n, bool)
    listed = np.flatnonzero(lengths > 0)
    if len(listed):
        firsts = row[listed] - row[0]
        best[listed] = np.maximum.reduceat(found, firsts)
        seen[listed] = np.logical_or.reduceat(free, firsts)
    counted = (colour[:n] == -1) & (lengths != 1)
    best[~counted] = -1
    if (seen & counted).any():
        stop[0] = 1
    uncoloured = colour[:n] == -1
    max_d[:n][uncoloured] = best[uncoloured]
    return {"max_d": max_d.reshape(np.shape(values["max_d"])),
            "stop": stop.reshape(np.shape(values["stop"]))}


def cus_scalar_prod(values: Values) -> dict[str, np.ndarray]:
    """The CUDA Samples' scalarProd: d_C[v] = sum over the elementN elements of vector v of
    A B; in float64 (exact for integer data, as the kernel's float32 sums are)."""
    vectors, elements = int(values["vectorN"]), int(values["elementN"])
    out = np.array(values["d_C"], copy=True).reshape(-1)
    a = np.asarray(values["d_A"]).reshape(-1)[: vectors * elements].reshape(vectors, elements)
    b = np.asarray(values["d_B"]).reshape(-1)[: vectors * elements].reshape(vectors, elements)
    for first in range(0, vectors, 4096):
        last = min(vectors, first + 4096)
        out[first:last] = np.einsum("ij,ij->i", a[first:last].astype(np.float64),
                                    b[first:last].astype(np.float64))
    return {"d_C": out.reshape(np.shape(values["d_C"]))}


def rodinia_lud_internal(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's lud_internal step at offset: the trailing matrix below and right of the
    16-wide strips (rows and columns offset .. offset + 15) less the product of the column
    strip and the row strip, in float64 (exact for integer data, as the kernel's float32
    sums are); everything else kept; 1024 rows at a time."""
    dim, offset, width = int(values["matrix_dim"]), int(values["offset"]), 16
    out = np.array(values["m"], copy=True).reshape(-1)
    view = out[: dim * dim].reshape(dim, dim)
    first = offset + width
    strip_row = view[offset:first, first:].astype(np.float64)
    for top in range(first, dim, 1024):
        rows = slice(top, min(dim, top + 1024))
        product = view[rows, offset:first].astype(np.float64) @ strip_row
        view[rows, first:] = view[rows, first:] - product
    return {"m": out.reshape(np.shape(values["m"]))}


def torch_spatial_softmax(values: Values) -> dict[str, np.ndarray]:
    """PyTorch's softmax over the middle dimension of an outer x dim x inner tensor: exp(x -
    max) / sum exp(x - max) along dim, in float64 (the kernel's expf and float sums: the
    manifest's tolerance); one outer slice at a time."""
    outer, dim, inner = (int(values[k]) for k in ("outer_size", "dim_size", "inner_size"))
    src = np.asarray(values["input"], np.float32).reshape(-1)[: outer * dim * inner]
    src = src.reshape(outer, dim, inner)
    out = np.array(values["output"], copy=True).reshape(-1)
    view = out[: outer * dim * inner].reshape(outer, dim, inner)
    for o in range(outer):
        part = src[o].astype(np.float64)
        part = np.exp(part - part.max(axis=0))
        view[o] = part / part.sum(axis=0)
    return {"output": out.reshape(np.shape(values["output"]))}


def ocv_bf_match(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's brute-force Hamming matcher: for each query descriptor (query_cols int32
    words) the train descriptor at the smallest Hamming distance (popcount of the XOR
    summed over the words), ties to the smaller train index; the index (int32) and the
    distance (float32), exact; 1024 queries at a time."""
    q_rows, cols = int(values["query_rows"]), int(values["query_cols"])
    t_rows = int(values["train_rows"])
    q_step, t_step = int(values["query_step"]), int(values["train_step"])
    query = np.asarray(values["query"]).reshape(-1)[: q_rows * q_step].reshape(q_rows, q_step)
    train = np.asarray(values["train"]).reshape(-1)[: t_rows * t_step].reshape(t_rows, t_step)
    query = np.ascontiguousarray(query[:, :cols]).view(np.uint32)
    train = np.ascontiguousarray(train[:, :cols]).view(np.uint32)
    idx = np.array(values["bestTrainIdx"], copy=True).reshape(-1)
    dist = np.array(values["bestDistance"], copy=True).reshape(-1)
    for first in range(0, q_rows, 1024):
        part = query[first: first + 1024]
        total = np.zeros((len(part), t_rows), np.int32)
        for word in range(cols):
            total += np.bitwise_count(part[:, word, None] ^ train[None, :, word])
        best = total.argmin(axis=1)  # the first of equal distances: the smaller index
        idx[first: first + len(part)] = best
        dist[first: first + len(part)] = total[np.arange(len(part)), best]
    return {"bestTrainIdx": idx.reshape(np.shape(values["bestTrainIdx"])),
            "bestDistance": dist.reshape(np.shape(values["bestDistance"]))}


def rodinia_backprop_adjust(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's bpnn_adjust_weights: new_dw = 0.3 delta[j] ly[i] + 0.3 oldw[i][j] in
    double (Rodinia's double ETA and MOMENTUM, in the kernel's order), w += new_dw and oldw
    = new_dw rounded to float32, for inputs i = 1 .. in and hidden units j = 1 .. hid, and
    for the bias row 0 with ly taken as 1 (the kernel's FMAs may round the double once less:
    the manifest's tolerance); 1024 rows at a time."""
    hid, n_in = int(values["hid"]), int(values["in"])
    eta = momentum = 0.3
    delta = np.asarray(values["delta"], np.float32).reshape(-1)[1: hid + 1].astype(np.float64)
    ly = np.asarray(values["ly"], np.float32).reshape(-1)[: n_in + 1].astype(np.float64)
    w = np.array(values["w"], copy=True).reshape(-1)
    oldw = np.array(values["oldw"], copy=True).reshape(-1)
    wv = w[: (n_in + 1) * (hid + 1)].reshape(n_in + 1, hid + 1)
    ov = oldw[: (n_in + 1) * (hid + 1)].reshape(n_in + 1, hid + 1)
    scaled = eta * delta
    for first in range(0, n_in + 1, 1024):
        rows = slice(first, min(n_in + 1, first + 1024))
        factor = ly[rows].copy()
        if first == 0:
            factor[0] = 1.0  # the bias row: ETA delta + MOMENTUM oldw
        new_dw = scaled[None, :] * factor[:, None] + momentum * ov[rows, 1:].astype(np.float64)
        wv[rows, 1:] = (wv[rows, 1:].astype(np.float64) + new_dw).astype(np.float32)
        ov[rows, 1:] = new_dw.astype(np.float32)
    return {"w": w.reshape(np.shape(values["w"])), "oldw": oldw.reshape(np.shape(values["oldw"]))}


def shoc_md_lj(values: Values) -> dict[str, np.ndarray]:
    """SHOC's Lennard-Jones forces: for each atom the sum over its neighCount neighbours
    (neighList[j inum + i]) with 0 < r^2 < cutsq of r2inv r6inv (lj1 r6inv - lj2) times the
    separation, the separations in float32 as the kernel takes them, the rest in float64
    (the kernel's division and float sums: the manifest's tolerance), w zero; 65536 atoms
    at a time."""
    inum, count = int(values["inum"]), int(values["neighCount"])
    cutsq, lj1, lj2 = (float(np.float32(values[k])) for k in ("cutsq", "lj1", "lj2"))
    pos = np.asarray(values["pos"], np.float32).reshape(-1, 4)
    px, py, pz = (np.ascontiguousarray(pos[:, c]) for c in range(3))
    neigh = np.asarray(values["neighList"]).reshape(-1)[: count * inum].reshape(count, inum)
    out = np.array(values["force"], copy=True).reshape(-1)
    view = out[: 4 * inum].reshape(inum, 4)
    for first in range(0, inum, 65536):
        part = slice(first, min(inum, first + 65536))
        near = neigh[:, part]
        dx, dy, dz = px[part] - px[near], py[part] - py[near], pz[part] - pz[near]
        r2 = dx * dx + dy * dy + dz * dz
        inside = (r2 < cutsq) & (r2 > 0)
        r2inv = 1.0 / r2[inside].astype(np.float64)
        r6inv = r2inv * r2inv * r2inv
        force = np.zeros(r2.shape)
        force[inside] = r2inv * r6inv * (lj1 * r6inv - lj2)
        for c, d in enumerate((dx, dy, dz)):
            view[part, c] = (d * force).sum(axis=0)
        view[part, 3] = 0
    return {"force": out.reshape(np.shape(values["force"]))}


def gmx_bonds(values: Values) -> dict[str, np.ndarray]:
    """GROMACS's harmonic bonds: for each bond with dr2 = |x_ai - x_aj|^2 != 0, fbond =
    -krA (dr - rA) / dr times dx added to f[ai] and subtracted from f[aj], onto f's
    contents, in float64 (the kernel's rsqrtf and its atomics' order: the manifest's
    tolerance)."""
    n = int(values["numBonds"])
    types = np.asarray(values["d_bondtypes"]).reshape(-1)[:n]
    atoms = np.asarray(values["d_bondatoms"]).reshape(-1)[: 2 * n].reshape(n, 2)
    params = np.asarray(values["d_forceparams"], np.float32).reshape(-1, 4).astype(np.float64)
    xq = np.asarray(values["gm_xq"], np.float32).reshape(-1, 4)[:, :3].astype(np.float64)
    out = np.array(values["gm_f"], copy=True).reshape(-1)
    natoms = len(out) // 3
    forces = out[: 3 * natoms].reshape(natoms, 3).astype(np.float64)
    for first in range(0, n, 1 << 20):
        part = slice(first, min(n, first + (1 << 20)))
        ai, aj = atoms[part, 0], atoms[part, 1]
        dx = xq[ai] - xq[aj]
        dr2 = (dx * dx).sum(axis=1)
        dr = np.sqrt(dr2)
        p = params[types[part]]
        fbond = -p[:, 1] * (dr - p[:, 0])
        scale = np.divide(fbond, dr, out=np.zeros_like(dr), where=dr2 != 0)
        fij = dx * scale[:, None]
        for c in range(3):
            forces[:, c] += np.bincount(ai, fij[:, c], natoms)
            forces[:, c] -= np.bincount(aj, fij[:, c], natoms)
    out[: 3 * natoms] = forces.reshape(-1).astype(out.dtype)
    return {"gm_f": out.reshape(np.shape(values["gm_f"]))}


def rodinia_hotspot(values: Values) -> dict[str, np.ndarray]:
    """One step of Rodinia's hotspot: T + step/Cap (P + (T_S + T_N - 2 T) / Ry + (T_E + T_W -
    2 T) / Rx + (80 - T) / Rz), a neighbour off the chip the cell itself; the coefficients
    and the neighbour sums and 80 - T in float32 as the kernel takes them, the rest in
    float64 as Rodinia's 2.0 makes it, in the kernel's order (its double FMAs may round once
    less: the manifest's tolerance); 1024 rows at a time."""
    f32 = np.float32
    rows, cols = int(values["grid_rows"]), int(values["grid_cols"])
    step_div_cap = float(f32(values["step"]) / f32(values["Cap"]))
    rx_1, ry_1, rz_1 = (float(f32(1) / f32(values[k])) for k in ("Rx", "Ry", "Rz"))
    temp = np.asarray(values["temp_src"], np.float32).reshape(-1)[: rows * cols]
    temp = temp.reshape(rows, cols)
    power = np.asarray(values["power"], np.float32).reshape(-1)[: rows * cols]
    power = power.reshape(rows, cols)
    out = np.array(values["temp_dst"], copy=True).reshape(-1)
    view = out[: rows * cols].reshape(rows, cols)
    west = np.maximum(np.arange(cols) - 1, 0)
    east = np.minimum(np.arange(cols) + 1, cols - 1)
    for top in range(0, rows, 1024):
        r = np.arange(top, min(rows, top + 1024))
        c = temp[r]
        ns = temp[np.minimum(r + 1, rows - 1)] + temp[np.maximum(r - 1, 0)]  # float32 sums
        ew = c[:, east] + c[:, west]
        amb = f32(80) - c
        c64 = c.astype(np.float64)
        total = power[r].astype(np.float64) + (ns - 2.0 * c64) * ry_1
        total = total + (ew - 2.0 * c64) * rx_1
        total = total + amb.astype(np.float64) * rz_1
        view[r] = (c64 + step_div_cap * total).astype(np.float32)
    return {"temp_dst": out.reshape(np.shape(values["temp_dst"]))}


def cus_postprocess_disc(values: Values) -> dict[str, np.ndarray]:
    """The postProcessGL disc blur: for each pixel the mean over the window's pixels with
    dx^2 + dy^2 <= r^2 (coordinates clamped to the image) of R, G and B, each pixel's taken
    times highlight where (R + G + B) / 765 > threshold (float32), clamped to [0, 255] and
    truncated, packed R | G << 8 | B << 16; exact (integer sums, one float32 division)."""
    w, h, r = int(values["imgw"]), int(values["imgh"]), int(values["r"])
    threshold, highlight = np.float32(values["threshold"]), np.float32(values["highlight"])
    words = np.asarray(values["g_idata"]).reshape(-1)[: w * h].astype(np.uint32).reshape(h, w)
    chans = [((words >> np.uint32(8 * c)) & np.uint32(255)).astype(np.float32) for c in range(3)]
    lum = (chans[0] + chans[1] + chans[2]) / np.float32(255 * 3)
    scale = np.where(lum > threshold, highlight, np.float32(1))
    padded = [np.pad(ch * scale, r, mode="edge").astype(np.float64) for ch in chans]
    sums = [np.zeros((h, w)) for _ in range(3)]
    samples = 0
    for dy, dx in itertools.product(range(-r, r + 1), repeat=2):
        if dx * dx + dy * dy <= r * r:
            samples += 1
            for c in range(3):
                sums[c] += padded[c][r + dy: r + dy + h, r + dx: r + dx + w]
    packed = np.zeros((h, w), np.uint32)
    for c in range(3):
        mean = sums[c].astype(np.float32) / np.float32(samples)  # exact sums, one rounding
        packed |= np.clip(mean, 0, 255).astype(np.uint32) << np.uint32(8 * c)
    out = np.array(values["g_odata"], copy=True).reshape(-1)
    out[: w * h] = packed.reshape(-1)
    return {"g_odata": out.reshape(np.shape(values["g_odata"]))}


def cus_ocean_spectrum(values: Values) -> dict[str, np.ndarray]:
    """The oceanFFT spectrum: h0(k) e^{i w t} + conj(h0(-k)) e^{-i w t}, h0(-k) at the
    mirrored index (out_height - y, out_width - x) of h0's rows of in_width float2; the wave
    vector, w = sqrt(9.81 |k|) and w t in float32 as the kernel computes them, the cosines,
    sines and products in float64 (the kernel's cosf, sinf, FMAs and float products: the
    manifest's tolerance); 512 rows at a time."""
    f32 = np.float32
    in_w, ow, oh = (int(values[k]) for k in ("in_width", "out_width", "out_height"))
    t, patch = f32(values["t"]), f32(values["patchSize"])
    h0 = np.asarray(values["h0_data"], np.float32).reshape(-1)[: (oh + 1) * in_w * 2]
    h0 = h0.reshape(oh + 1, in_w, 2).astype(np.float64)
    h0 = h0[..., 0] + 1j * h0[..., 1]
    scale = f32(2.0) * f32(3.141592654) / patch
    half = f32(-ow) / f32(2.0)
    out = np.array(values["ht_data"], copy=True).reshape(-1)
    view = out[: oh * ow * 2].reshape(oh, ow, 2)
    kx = (half + np.arange(ow, dtype=np.float32)) * scale
    xs = np.arange(ow)
    for top in range(0, oh, 512):
        ys = np.arange(top, min(oh, top + 512))
        ky = ((half + ys.astype(np.float32)) * scale)[:, None]
        k_len = np.sqrt(kx[None, :] * kx[None, :] + ky * ky)
        arg = (np.sqrt(f32(9.81) * k_len) * t).astype(np.float64)
        h0_k = h0[ys[:, None], xs[None, :]]
        h0_mk = h0[(oh - ys)[:, None], (ow - xs)[None, :]]
        ht = h0_k * np.exp(1j * arg) + np.conj(h0_mk) * np.exp(-1j * arg)
        view[ys, :, 0] = ht.real
        view[ys, :, 1] = ht.imag
    return {"ht_data": out.reshape(np.shape(values["ht_data"]))}


def ocv_bp_comp_data(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's belief-propagation data cost: for interior pixels and each disparity d,
    min(w (0.114 |dB| + 0.587 |dG| + 0.299 |dR|), w max_data_term) against the right image's
    pixel d to the left (bytes 0, 1, 2 of the uchar4 words), w max_data_term where x - d <
    1; the border kept; in float64 from the float32 weights (the kernel's float32 FMAs: the
    manifest's tolerance); one disparity at a time."""
    f32 = np.float32
    rows, cols, ndisp = int(values["rows"]), int(values["cols"]), int(values["cndisp"])
    weight, max_term = f32(values["cdata_weight"]), f32(values["cmax_data_term"])
    cap = float(weight * max_term)

    def channels(name: str) -> list[np.ndarray]:
        words = np.asarray(values[name]).reshape(-1)[: rows * cols].astype(np.uint32)
        words = words.reshape(rows, cols)
        return [((words >> np.uint32(8 * c)) & np.uint32(255)).astype(np.int32) for c in range(3)]

    left, right = channels("left"), channels("right")
    coeffs = [float(f32(0.114)), float(f32(0.587)), float(f32(0.299))]
    out = np.array(values["data"], copy=True).reshape(-1)
    view = out[: ndisp * rows * cols].reshape(ndisp, rows, cols)
    if rows < 3 or cols < 3:
        return {"data": out.reshape(np.shape(values["data"]))}
    xs = np.arange(1, cols - 1)
    for d in range(ndisp):
        plane = np.full((rows - 2, cols - 2), cap)
        ok = xs - d >= 1
        if ok.any():
            xo = xs[ok]
            val = np.zeros((rows - 2, len(xo)))
            for c in range(3):
                diff = np.abs(left[c][1:-1, xo] - right[c][1:-1, xo - d])
                val = val + coeffs[c] * diff
            plane[:, ok] = np.minimum(float(weight) * val, cap)
        view[d, 1:-1, 1:-1] = plane
    return {"data": out.reshape(np.shape(values["data"]))}


def rodinia_kmeans_point(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's k-means assignment: each point's nearest centre in squared Euclidean
    distance over the feature-major features (feature j of point p at j npoints + p), the
    first of equal distances, -1 without centres; exact (integer data); 65536 points at a
    time."""
    n, nf, k = int(values["npoints"]), int(values["nfeatures"]), int(values["nclusters"])
    feats = np.asarray(values["features"], np.float32).reshape(-1)[: n * nf].reshape(nf, n)
    centres = np.asarray(values["clusters"], np.float32).reshape(-1)[: k * nf].reshape(k, nf)
    out = np.array(values["membership"], copy=True).reshape(-1)
    if k == 0:
        out[:n] = -1
        return {"membership": out.reshape(np.shape(values["membership"]))}
    for first in range(0, n, 65536):
        part = feats[:, first: first + 65536].astype(np.float64)
        dist = np.stack([((part - centres[c].astype(np.float64)[:, None]) ** 2).sum(axis=0)
                         for c in range(k)])
        out[first: first + part.shape[1]] = dist.argmin(axis=0)  # the first of equal minima
    return {"membership": out.reshape(np.shape(values["membership"]))}


def rodinia_cfd_flux(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's cfd compute_flux: for each cell, over its 4 faces, the artificial viscosity
    and the face-centred fluxes 0.5 n . (F_nb + F_i) of a neighbour (nb >= 0), the pressure
    times the normal on the momentum of a wing face (nb == -1) and 0.5 n . (F_ff + F_i) of a
    far-field face (nb == -2), nothing for other negative indices; GAMMA 1.4 and GAMMA - 1
    as the kernel's float32 constants, everything in float64 (the kernel's float32
    divisions, square roots and sums: the manifest's tolerance); 262144 cells at a time."""
    f32 = np.float32
    n = int(values["nelr"])
    gamma = float(f32(1.4))
    gamma_1 = float(f32(1.4) - f32(1.0))
    nbs = np.asarray(values["elements_surrounding_elements"]).reshape(-1)[: 4 * n].reshape(4, n)
    normals = np.asarray(values["normals"], np.float32).reshape(-1)[: 12 * n]
    normals = normals.reshape(3, 4, n).astype(np.float64)
    rho = np.asarray(values["density"], np.float32).reshape(-1)[:n].astype(np.float64)
    mom = np.asarray(values["momentum"], np.float32).reshape(-1)[: 3 * n].reshape(3, n)
    mom = mom.astype(np.float64)
    energy = np.asarray(values["energy"], np.float32).reshape(-1)[:n].astype(np.float64)
    ff_var = np.asarray(values["ff_variable"], np.float32).reshape(-1).astype(np.float64)
    ff_flux = np.asarray(values["ff_flux"], np.float32).reshape(-1)[:12].astype(np.float64)
    ff_flux = ff_flux.reshape(4, 3)  # momentum x, y, z, density energy; (x, y, z) each

    def state(r, m, e):
        v = m / r
        speed_sqd = (v * v).sum(axis=0)
        p = gamma_1 * (e - 0.5 * r * speed_sqd)
        c = np.sqrt(gamma * p / r)
        fc = np.stack([v[0] * m + np.array([p, 0 * p, 0 * p]),
                       np.stack([v[0] * m[1], v[1] * m[1] + p, v[1] * m[2]]),
                       np.stack([v[0] * m[2], v[1] * m[2], v[2] * m[2] + p]),
                       v * (e + p)])  # (4, 3, cells): momentum x, y, z, density energy
        return speed_sqd, p, c, fc

    out = np.array(values["fluxes"], copy=True).reshape(-1)
    view = out[: 5 * n].reshape(5, n)
    for first in range(0, n, 1 << 18):
        part = slice(first, min(n, first + (1 << 18)))
        r_i, m_i, e_i = rho[part], mom[:, part], energy[part]
        sq_i, p_i, c_i, fc_i = state(r_i, m_i, e_i)
        speed_i = np.sqrt(sq_i)
        f_rho = np.zeros_like(r_i)
        f_mom = np.zeros_like(m_i)
        f_e = np.zeros_like(r_i)
        for j in range(4):
            nb = nbs[j, part]
            nrm = normals[:, j, part]
            nlen = np.sqrt((nrm * nrm).sum(axis=0))
            inner = nb >= 0
            idx = np.where(inner, nb, 0)
            r_n, m_n, e_n = rho[idx], mom[:, idx], energy[idx]
            sq_n, _, c_n, fc_n = state(r_n, m_n, e_n)
            visc = -nlen * 0.2 * 0.5 * (speed_i + np.sqrt(sq_n) + c_i + c_n)
            half = 0.5 * nrm
            add_rho = visc * (r_i - r_n) + (half * (m_n + m_i)).sum(axis=0)
            add_e = visc * (e_i - e_n) + (half * (fc_n[3] + fc_i[3])).sum(axis=0)
            add_mom = visc * (m_i - m_n) + (half[None] * (fc_n[:3] + fc_i[:3])).sum(axis=1)
            wing = nb == -1
            far = nb == -2
            ff_rho = (half * (ff_var[1:4, None] + m_i)).sum(axis=0)
            ff_e = (half * (ff_flux[3][:, None] + fc_i[3])).sum(axis=0)
            ff_mom = (half[None] * (ff_flux[:3, :, None] + fc_i[:3])).sum(axis=1)
            f_rho += np.where(inner, add_rho, np.where(far, ff_rho, 0))
            f_e += np.where(inner, add_e, np.where(far, ff_e, 0))
            f_mom += np.where(inner, add_mom,
                              np.where(wing, nrm * p_i, np.where(far, ff_mom, 0)))
        view[0, part] = f_rho
        view[1:4, part] = f_mom
        view[4, part] = f_e
    return {"fluxes": out.reshape(np.shape(values["fluxes"]))}


def cus_fdtd3d(values: Values) -> dict[str, np.ndarray]:
    """FDTD3d's radius-4 stencil: for the inner dimx x dimy x dimz cells of the padded volume
    (a 4-cell halo on every side, the buffers offset by ``padding`` floats) c0 v + sum_i c_i
    (front_i + behind_i + above_i + below_i + left_i + right_i), in float32 in the kernel's
    order (exact for integer data); the output's halo and padding kept; 4 planes at a time."""
    r = 4
    dimx, dimy, dimz = (int(values[k]) for k in ("dimx", "dimy", "dimz"))
    pad = int(values["padding"])
    c = np.asarray(values["stencil"], np.float32).reshape(-1)
    size = (dimz + 2 * r) * (dimy + 2 * r) * (dimx + 2 * r)
    vol = np.asarray(values["input"], np.float32).reshape(-1)[pad: pad + size]
    vol = vol.reshape(dimz + 2 * r, dimy + 2 * r, dimx + 2 * r)
    out = np.array(values["output"], copy=True).reshape(-1)
    view = out[pad: pad + size].reshape(vol.shape)
    ys, xs = slice(r, r + dimy), slice(r, r + dimx)
    for z0 in range(r, r + dimz, 4):
        z1 = min(z0 + 4, r + dimz)
        value = c[0] * vol[z0:z1, ys, xs]
        for i in range(1, r + 1):
            total = vol[z0 + i: z1 + i, ys, xs] + vol[z0 - i: z1 - i, ys, xs]
            total = total + vol[z0:z1, r - i: r - i + dimy, xs]
            total = total + vol[z0:z1, r + i: r + i + dimy, xs]
            total = total + vol[z0:z1, ys, r - i: r - i + dimx]
            total = total + vol[z0:z1, ys, r + i: r + i + dimx]
            value = value + c[i] * total
        view[z0:z1, ys, xs] = value
    return {"output": out.reshape(np.shape(values["output"]))}


def ocv_pyr_down(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's pyrDown: the 5 x 5 binomial blur ([1 4 6 4 1] / 16 down the columns, then
    along the rows) at the even rows and columns, the source reflected (101) at its edges;
    exact (integer pixels, sixteenths); 512 destination rows at a time."""
    srows, scols = int(values["src_rows"]), int(values["src_cols"])
    drows, dcols = int(values["dst_rows"]), int(values["dst_cols"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: srows * scols]
    src = src.reshape(srows, scols)
    taps = (1 / 16, 4 / 16, 6 / 16, 4 / 16, 1 / 16)

    def reflect(i: np.ndarray, last: int) -> np.ndarray:  # BrdReflect101 for |overshoot| <= 2
        i = np.abs(i)
        return last - np.abs(last - i)

    cols = reflect(np.arange(-2, 2 * dcols + 1), scols - 1)  # source columns -2 .. 2 dcols
    out = np.array(values["dst"], copy=True).reshape(-1)
    view = out[: drows * dcols].reshape(drows, dcols)
    for top in range(0, drows, 512):
        y = np.arange(top, min(drows, top + 512))
        vert = sum(w * src[reflect(2 * y + k - 2, srows - 1)].astype(np.float64)
                   for k, w in enumerate(taps))[:, cols]
        view[y] = sum(w * vert[:, k: k + 2 * dcols: 2] for k, w in enumerate(taps))
    return {"dst": out.reshape(np.shape(values["dst"]))}


def ocv_tvl1_dual(values: Values) -> dict[str, np.ndarray]:
    """TV-L1's dual step: for u1 and u2 (and u3 where gamma > 0) the forward differences to
    the right and below (0 at the last column and row), ng = 1 + taut hypot(ux, uy), p_d =
    (p_d + taut u_d) / ng; in float64 from the float32 inputs (the kernel's hypotf and FMAs:
    the manifest's tolerance)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    taut = float(np.float32(values["taut"]))
    pairs = [("u1", "p11", "p12"), ("u2", "p21", "p22")]
    if float(np.float32(values["gamma"])) > 0:
        pairs.append(("u3", "p31", "p32"))
    result = {}
    for name in ("p11", "p12", "p21", "p22", "p31", "p32"):
        result[name] = np.array(values[name], copy=True)
    for u_name, px_name, py_name in pairs:
        u = np.asarray(values[u_name], np.float64).reshape(-1)[: rows * cols].reshape(rows, cols)
        ux = np.zeros_like(u)
        uy = np.zeros_like(u)
        ux[:, :-1] = u[:, 1:] - u[:, :-1]
        uy[:-1] = u[1:] - u[:-1]
        ng = 1.0 + taut * np.hypot(ux, uy)
        for name, diff in ((px_name, ux), (py_name, uy)):
            view = result[name].reshape(-1)[: rows * cols].reshape(rows, cols)
            view[...] = (view.astype(np.float64) + taut * diff) / ng
    return result


def cus_fluids_diffuse(values: Values) -> dict[str, np.ndarray]:
    """fluidsGL's diffusion and projection: for wavenumber (x, y <= dy / 2 ? y : y - dy) and kk
    = |k|^2 both spectra times 1 / (1 + visc dt kk) (visc dt in float32), then for kk > 0 v -=
    k (k . v) / kk on the real and the imaginary parts; in float64 from the float32 inputs
    (the kernel's divisions and FMAs: the manifest's tolerance); 512 rows at a time."""
    dx, dy = int(values["dx"]), int(values["dy"])
    vd = float(np.float32(values["visc"]) * np.float32(values["dt"]))
    vx_out = np.array(values["vx"], copy=True)
    vy_out = np.array(values["vy"], copy=True)
    vxv = vx_out.reshape(-1)[: dy * dx * 2].reshape(dy, dx, 2)
    vyv = vy_out.reshape(-1)[: dy * dx * 2].reshape(dy, dx, 2)
    kx = np.arange(dx, dtype=np.float64)[None, :, None]
    for top in range(0, dy, 512):
        rows = np.arange(top, min(dy, top + 512))
        ky = np.where(rows > dy // 2, rows - dy, rows).astype(np.float64)[:, None, None]
        kk = kx * kx + ky * ky
        diff = 1.0 / (1.0 + vd * kk)
        xt = vxv[rows].astype(np.float64) * diff
        yt = vyv[rows].astype(np.float64) * diff
        proj = (kx * xt + ky * yt) / np.where(kk > 0, kk, 1.0)  # kk = 0: k = 0, nothing removed
        vxv[rows] = xt - proj * kx
        vyv[rows] = yt - proj * ky
    return {"vx": vx_out, "vy": vy_out}


def torch_col2im(values: Values) -> dict[str, np.ndarray]:
    """ATen's col2im: image element (c, h, w) is the sum of the column entries (c, i, j,
    h_col, w_col) with h_col stride_h - pad_h + i dil_h = h and w_col stride_w - pad_w + j
    dil_w = w (every kernel tap's scatter, as strided slices); exact (integer columns)."""
    c, h, w = (int(values[k]) for k in ("channels", "height", "width"))
    kh, kw = int(values["kernel_h"]), int(values["kernel_w"])
    ph, pw = int(values["pad_height"]), int(values["pad_width"])
    sh, sw = int(values["stride_height"]), int(values["stride_width"])
    dh, dw = int(values["dilation_height"]), int(values["dilation_width"])
    hc, wc = int(values["height_col"]), int(values["width_col"])
    col = np.asarray(values["data_col"]).reshape(-1)[: c * kh * kw * hc * wc]
    col = col.reshape(c, kh, kw, hc, wc)
    im = np.zeros((c, h, w))

    def span(k: int, stride: int, pad: int, dil: int, size: int, count: int) -> tuple:
        # the output positions whose tap k lands inside the image: first, last + 1
        first = max(0, -(-(pad - k * dil) // stride))
        last = min(count, (size - 1 + pad - k * dil) // stride + 1)
        return first, last, first * stride - pad + k * dil

    for i, j in itertools.product(range(kh), range(kw)):
        h0, h1, hi = span(i, sh, ph, dh, h, hc)
        w0, w1, wi = span(j, sw, pw, dw, w, wc)
        if h1 > h0 and w1 > w0:
            im[:, hi: hi + (h1 - h0 - 1) * sh + 1: sh, wi: wi + (w1 - w0 - 1) * sw + 1: sw] += \
                col[:, i, j, h0:h1, w0:w1]
    out = np.array(values["data_im"], copy=True).reshape(-1)
    out[: c * h * w] = im.reshape(-1)
    return {"data_im": out.reshape(np.shape(values["data_im"]))}


def torch_lstm_cell(values: Values) -> dict[str, np.ndarray]:
    """ATen's LSTM cell: per (batch, unit) the gate sums i, f, c, o of the input and hidden
    pre-activations and both biases (float32, the kernel's order: exact for integers), ig =
    sigmoid(i), fg = sigmoid(f), cg = tanh(c), og = sigmoid(o), c_y = fg c_x + ig cg, h_y = og
    tanh(c_y), the gates to the workspace; in float64 (expf, tanhf and the FMA: the
    manifest's tolerance)."""
    hsz, n = int(values["hsz"]), int(values["totalElements"])
    batch = n // hsz
    gin = np.asarray(values["input"], np.float32).reshape(-1)[: batch * 4 * hsz]
    ghid = np.asarray(values["hidden"], np.float32).reshape(-1)[: batch * 4 * hsz]
    b1 = np.asarray(values["bias1"], np.float32).reshape(-1)[: 4 * hsz]
    b2 = np.asarray(values["bias2"], np.float32).reshape(-1)[: 4 * hsz]
    sums = (gin.reshape(batch, 4, hsz) + ghid.reshape(batch, 4, hsz) + b1.reshape(4, hsz)
            + b2.reshape(4, hsz)).astype(np.float64)
    gates = 1.0 / (1.0 + np.exp(-sums))
    gates[:, 2] = np.tanh(sums[:, 2])
    cx = np.asarray(values["cx"], np.float64).reshape(-1)[:n].reshape(batch, hsz)
    cy = gates[:, 1] * cx + gates[:, 0] * gates[:, 2]
    hy = gates[:, 3] * np.tanh(cy)
    result = {}
    for name, value, size in (("hy", hy, n), ("cy", cy, n), ("workspace", gates, 4 * n)):
        out = np.array(values[name], copy=True).reshape(-1)
        out[:size] = value.reshape(-1)
        result[name] = out.reshape(np.shape(values[name]))
    return result


def llama_rms_norm(values: Values) -> dict[str, np.ndarray]:
    """llama.cpp's RMS norm: dst[r] = x[r] / sqrt(mean(x[r]^2) + eps), the mean of the
    float32 sum of squares (exact for integer data) over ncols in float32, the rest in
    float64 (the kernel's rsqrtf: the manifest's tolerance); 512 rows at a time."""
    cols = int(values["ncols"])
    eps = float(np.float32(values["eps"]))
    x = np.asarray(values["x"], np.float32).reshape(-1, cols)
    out = np.empty(x.shape, np.float32)
    for top in range(0, x.shape[0], 512):
        part = x[top: top + 512].astype(np.float64)
        mean = ((part * part).sum(axis=1).astype(np.float32) / np.float32(cols))
        scale = 1.0 / np.sqrt(mean.astype(np.float64) + eps)
        out[top: top + 512] = scale[:, None] * part
    return {"dst": out.reshape(np.shape(values["dst"]))}


def torch_log_softmax_bwd(values: Values) -> dict[str, np.ndarray]:
    """log_softmax's backward: gradInput[r] = gradOutput[r] - exp(output[r]) sum(gradOutput[r]),
    in float64 from the float32 inputs (the kernel's float sums are exact for integer data;
    expf: the manifest's tolerance); 256 rows at a time."""
    classes = int(values["classes"])
    grad = np.asarray(values["gradOutput"], np.float32).reshape(-1, classes)
    logp = np.asarray(values["output"], np.float32).reshape(-1, classes)
    out = np.empty(grad.shape, np.float32)
    for top in range(0, grad.shape[0], 256):
        g = grad[top: top + 256].astype(np.float64)
        total = g.sum(axis=1, keepdims=True)
        out[top: top + 256] = g - np.exp(logp[top: top + 256].astype(np.float64)) * total
    return {"gradInput": out.reshape(np.shape(values["gradInput"]))}


def rodinia_srad_update(values: Values) -> dict[str, np.ndarray]:
    """Rodinia srad_v2's srad_cuda_2: J + 0.25 lambda (c N + c_s S + c W + c_e E) with c the
    pixel's coefficient, c_s the one below and c_e the one to the right (the pixel's own on the
    last row and column), in float64 rounded to float32 (exact for integer data, as the
    kernel's float FMAs and double update are); 1024 rows at a time."""
    rows, cols = int(values["rows"]), int(values["cols"])
    lam = float(np.float32(values["lambda"]))

    def image(name: str) -> np.ndarray:
        return np.asarray(values[name], np.float32).reshape(-1)[: rows * cols].reshape(rows, cols)

    j_img, c_img = image("J_cuda"), image("C_cuda")
    n_c, s_c, w_c, e_c = image("N_C"), image("S_C"), image("W_C"), image("E_C")
    out = np.array(values["J_out"], copy=True).reshape(-1)
    view = out[: rows * cols].reshape(rows, cols)
    east = np.minimum(np.arange(cols) + 1, cols - 1)
    for top in range(0, rows, 1024):
        r = np.arange(top, min(rows, top + 1024))
        cc = c_img[r].astype(np.float64)
        cs = c_img[np.minimum(r + 1, rows - 1)].astype(np.float64)
        ce = cc[:, east]
        d_sum = cc * n_c[r] + cs * s_c[r] + cc * w_c[r] + ce * e_c[r]
        view[r] = j_img[r] + 0.25 * lam * d_sum
    return {"J_out": out.reshape(np.shape(values["J_out"]))}


def ocv_cart_to_polar(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's cartToPolar: mag = sqrt(x^2 + y^2) and angle = atan2(y, x) (plus 2 pi where
    negative) times scale, in float64 from the float32 inputs (sqrtf; atan2f and the float
    steps: the manifest's tolerance); the steps' padding kept."""
    rows, cols = int(values["height"]), int(values["width"])
    scale = float(np.float32(values["scale"]))

    def plane(name: str, step: str) -> np.ndarray:
        flat = np.asarray(values[name]).reshape(-1)
        pitch = int(values[step])
        return flat[: rows * pitch].reshape(rows, pitch)[:, :cols]

    x = plane("xptr", "x_step").astype(np.float64)
    y = plane("yptr", "y_step").astype(np.float64)
    result = {name: np.array(values[name], copy=True) for name in ("mag", "angle")}
    mag = result["mag"].reshape(-1)[: rows * int(values["mag_step"])]
    mag.reshape(rows, -1)[:, :cols] = np.sqrt(x * x + y * y)
    angle = np.arctan2(y, x)
    angle = np.where(angle < 0, angle + 2 * np.pi, angle)
    ang = result["angle"].reshape(-1)[: rows * int(values["angle_step"])]
    ang.reshape(rows, -1)[:, :cols] = angle * scale
    return result


def torch_depthwise_conv2d(values: Values) -> dict[str, np.ndarray]:
    """ATen's depthwise convolution: output[n, c, h, w] = bias[c] (if enabled) + sum over the
    window of weight[c, kh, kw] input[n, c / multiplier, h s - p + kh d, w s - p + kw d], taps
    off the image skipped; in float64 (exact for integer data); 8 images at a time."""
    k = {name: int(values[name]) for name in (
        "outputChannels", "depthwiseMultiplier", "inputWidth", "inputHeight", "outputWidth",
        "outputHeight", "kernelWidth", "kernelHeight", "strideWidth", "strideHeight",
        "padWidth", "padHeight", "dilationWidth", "dilationHeight")}
    oc, mult = k["outputChannels"], k["depthwiseMultiplier"]
    ih, iw, oh, ow = k["inputHeight"], k["inputWidth"], k["outputHeight"], k["outputWidth"]
    kh, kw = k["kernelHeight"], k["kernelWidth"]
    sh, sw, ph, pw = k["strideHeight"], k["strideWidth"], k["padHeight"], k["padWidth"]
    dh, dw = k["dilationHeight"], k["dilationWidth"]
    ic = oc // mult
    total = int(values["totalElements"])
    batch = total // (oc * oh * ow)
    inp = np.asarray(values["input"], np.float32).reshape(-1)[: batch * ic * ih * iw]
    inp = inp.reshape(batch, ic, ih, iw)
    weight = np.asarray(values["weight"], np.float64).reshape(-1)[: oc * kh * kw]
    weight = weight.reshape(oc, kh, kw)
    bias = np.asarray(values["bias"], np.float64).reshape(-1)[:oc]
    out = np.array(values["output"], copy=True).reshape(-1)
    view = out[:total].reshape(batch, oc, oh, ow)
    hs = np.arange(oh) * sh - ph
    ws = np.arange(ow) * sw - pw
    chan = np.arange(oc) // mult
    for first in range(0, batch, 8):
        part = inp[first: first + 8][:, chan].astype(np.float64)
        acc = np.zeros((part.shape[0], oc, oh, ow))
        if int(values["biasEnabled"]):
            acc += bias[None, :, None, None]
        for a in range(kh):
            rows = hs + a * dh
            rok = (rows >= 0) & (rows < ih)
            for b in range(kw):
                cols = ws + b * dw
                cok = (cols >= 0) & (cols < iw)
                taps = part[:, :, np.clip(rows, 0, ih - 1)][:, :, :, np.clip(cols, 0, iw - 1)]
                taps = taps * (rok[:, None] & cok[None, :])
                acc += weight[None, :, a, b, None, None] * taps
        view[first: first + 8] = acc
    return {"output": out.reshape(np.shape(values["output"]))}


def cus_inverse_cnd(values: Values) -> dict[str, np.ndarray]:
    """Moro's inverse normal CDF as the CUDA Samples compute it: d reflected from the top
    half, p1 = float32(d) 2^-32 + 2^-33 and p2 = p1 - 0.5 in float32 (exact steps: the
    kernel's, FMA or not), the branch at p2 > -0.42f, then the rational body or the tail's
    log(-log(p1)) polynomial in float64 (the kernel's float steps and __logf: the manifest's
    tolerance); 4 M samples at a time."""
    n = int(values["pathN"])
    a = (2.50662823884, -18.61500062529, 41.39119773534, -25.44106049637)
    b = (-8.4735109309, 23.08336743743, -21.06224101826, 3.13082909833)
    c = (0.337475482272615, 0.976169019091719, 0.160797971491821, 2.76438810333863E-02,
         3.8405729373609E-03, 3.951896511919E-04, 3.21767881768E-05, 2.888167364E-07,
         3.960315187E-07)
    a, b, c = ([float(np.float32(v)) for v in t] for t in (a, b, c))
    d_in = np.asarray(values["d_Input"], np.uint32).reshape(-1)[:n]
    out = np.array(values["d_Output"], copy=True).reshape(-1)
    x1 = np.float32(1.0) / np.float32(0xFFFFFFFF)
    x2 = x1 / np.float32(2.0)
    for first in range(0, n, 1 << 22):
        d = d_in[first: first + (1 << 22)]
        negate = d >= 0x80000000
        d = np.where(negate, np.uint32(0xFFFFFFFF) - d, d)
        p1 = (d.astype(np.float32).astype(np.float64) * float(x1) + float(x2)).astype(np.float32)
        p2 = p1 - np.float32(0.5)
        body = p2 > np.float32(-0.42)
        q = p2.astype(np.float64)
        z = q * q
        num = q * (((a[3] * z + a[2]) * z + a[1]) * z + a[0])
        den = (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + 1.0
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.log(-np.log(np.where(body, 0.25, p1.astype(np.float64))))
        poly = c[8]
        for coef in c[7::-1]:
            poly = coef + t * poly
        z = np.where(body, num / den, -poly)
        out[first: first + d.size] = np.where(negate, -z, z)
    return {"d_Output": out.reshape(np.shape(values["d_Output"]))}


def af_gradient(values: Values) -> dict[str, np.ndarray]:
    """ArrayFire's gradient of each image (dims0 the contiguous x, dims1 y, dims2 images):
    grad0 = xf (in[x + 1] - in[x - 1]), grad1 = yf (in[y + 1] - in[y - 1]), xf and yf 0.5
    inside and 1 on the first and last column or row, where the missing neighbour is the pixel
    itself; in float64 (exact for integer data); one image at a time."""
    d0, d1, d2, d3 = (int(values[k]) for k in ("dims0", "dims1", "dims2", "dims3"))
    count = d0 * d1 * d2 * d3
    images = np.asarray(values["in"], np.float32).reshape(-1)[:count].reshape(-1, d1, d0)
    result = {name: np.array(values[name], copy=True) for name in ("grad0", "grad1")}
    views = {name: out.reshape(-1)[:count].reshape(-1, d1, d0) for name, out in result.items()}
    xf = np.where((np.arange(d0) == 0) | (np.arange(d0) >= d0 - 1), 1.0, 0.5)
    yf = np.where((np.arange(d1) == 0) | (np.arange(d1) >= d1 - 1), 1.0, 0.5)
    for k, image in enumerate(images):
        pad = np.pad(image.astype(np.float64), 1, mode="edge")
        views["grad0"][k] = xf * (pad[1:-1, 2:] - pad[1:-1, :-2])
        views["grad1"][k] = yf[:, None] * (pad[2:, 1:-1] - pad[:-2, 1:-1])
    return result


def ocv_pyr_up(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's pyrUp: the source with zeros between its pixels, blurred by [1 4 6 4 1]^2 /
    256 and times 4 (a destination column x takes weight w[k] of source column (x + k) / 2
    where x + k is even, k = -2..2; rows likewise); source indices mirrored by abs below 0 and
    clamped to the last past the end; in float64 (exact for integer pixels)."""
    srows, scols = int(values["src_rows"]), int(values["src_cols"])
    drows, dcols = int(values["dst_rows"]), int(values["dst_cols"])
    sstep, dstep = int(values["src_step"]), int(values["dst_step"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: srows * sstep]
    src = src.reshape(srows, sstep)[:, :scols].astype(np.float64)
    weights = np.array([1, 4, 6, 4, 1]) / 16.0

    def taps(n: int, size: int) -> list[tuple[np.ndarray, np.ndarray]]:
        pos = np.arange(n)
        return [(((pos + k) % 2 == 0) * weights[k + 2],
                 np.minimum(np.abs((pos + k) // 2), size - 1)) for k in range(-2, 3)]

    rows = sum(w[None, :] * src[:, i] for w, i in taps(dcols, scols))
    out = np.array(values["dst"], copy=True).reshape(-1)
    view = out[: drows * dstep].reshape(drows, dstep)
    view[:, :dcols] = 4.0 * sum(w[:, None] * rows[i] for w, i in taps(drows, srows))
    return {"dst": out.reshape(np.shape(values["dst"]))}


def cus_stereo_disparity(values: Values) -> dict[str, np.ndarray]:
    """The CUDA Samples' stereo disparity: for each pixel, d + 8 for the first disparity d
    (minDisparity to maxDisparity) of least cost, the cost the sum over the 17 x 17 window of
    the four bytes' absolute differences of the left pixel and the right pixel d columns over
    (every index clamped to the image, the left and right columns each); the kernel's unsigned
    d + 8 wraps below d = -8; integers: exact."""
    w, h = int(values["w"]), int(values["h"])
    rad = 8
    left = np.asarray(values["g_img0"], np.uint32).reshape(-1)[: w * h].reshape(h, w)
    right = np.asarray(values["g_img1"], np.uint32).reshape(-1)[: w * h].reshape(h, w)
    rows = np.clip(np.arange(-rad, h + rad), 0, h - 1)
    cols = np.arange(-rad, w + rad)

    def channels(img: np.ndarray, c: np.ndarray) -> np.ndarray:
        words = np.ascontiguousarray(img[rows][:, np.clip(c, 0, w - 1)])
        return words.view(np.uint8).reshape(rows.size, c.size, 4).astype(np.int16)

    lbytes = channels(left, cols)
    best_cost = np.full((h, w), np.iinfo(np.int64).max)
    best = np.zeros((h, w), np.uint32)
    span = 2 * rad + 1
    for d in range(int(values["minDisparity"]), int(values["maxDisparity"]) + 1):
        cost = np.abs(lbytes - channels(right, cols + d)).sum(axis=2, dtype=np.int64)
        box = np.zeros((cost.shape[0] + 1, cost.shape[1] + 1), np.int64)
        box[1:, 1:] = cost.cumsum(axis=0).cumsum(axis=1)
        window = (box[span:, span:] - box[:-span, span:] - box[span:, :-span]
                  + box[:-span, :-span])
        better = window < best_cost
        best_cost = np.where(better, window, best_cost)
        best = np.where(better, np.uint32((d + 8) & 0xFFFFFFFF), best)  # unsigned: wraps
    out = np.array(values["g_odata"], copy=True).reshape(-1)
    out[: w * h] = best.reshape(-1)
    return {"g_odata": out.reshape(np.shape(values["g_odata"]))}


def cus_bicubic_texture(values: Values) -> dict[str, np.ndarray]:
    """The CUDA Samples' bicubic B-spline lookup times 255: output (x, y) samples the 8-bit
    image at u = (x - cx) scale + cx + tx (v likewise; in float32 as the kernel), the 4 x 4
    texels from floor(u - 0.5) - 1 clamped to the image, value / 255, weighted by the cubic
    B-spline of the fractions; the weights and sums in float64 (the manifest's tolerance);
    256 output rows at a time."""
    width, height = int(values["width"]), int(values["height"])
    tex_w, tex_h = int(values["imageW"]), int(values["imageH"])
    f32 = np.float32
    scale, cx, cy, tx, ty = (f32(values[k]) for k in ("scale", "cx", "cy", "tx", "ty"))
    tex = np.asarray(values["image"], np.uint32).view(np.uint8).reshape(-1)[: tex_w * tex_h]
    tex = tex.reshape(tex_h, tex_w).astype(np.float64) / 255.0

    def lookup(n: int, c: np.float32, t: np.float32, size: int) -> tuple[list, list]:
        pos = ((np.arange(n, dtype=np.float32) - c) * scale + c + t).astype(np.float64) - 0.5
        base = np.floor(pos)
        a = pos - base
        w = [(a * (a * (-a + 3) - 3) + 1) / 6, (a * a * (3 * a - 6) + 4) / 6,
             (a * (a * (-3 * a + 3) + 3) + 1) / 6, a * a * a / 6]
        idx = [np.clip(base.astype(np.int64) - 1 + k, 0, size - 1) for k in range(4)]
        return w, idx

    wx, ix = lookup(width, cx, tx, tex_w)
    wy, iy = lookup(height, cy, ty, tex_h)
    rows = sum(w[None, :] * tex[:, i] for w, i in zip(wx, ix, strict=True))  # every tex row
    out = np.array(values["d_output"], copy=True).reshape(-1)
    view = out[: width * height].reshape(height, width)
    for top in range(0, height, 256):
        part = slice(top, min(height, top + 256))
        view[part] = 255.0 * sum(w[part, None] * rows[i[part]]
                                 for w, i in zip(wy, iy, strict=True))
    return {"d_output": out.reshape(np.shape(values["d_output"]))}


def ocv_bp_iteration(values: Values) -> dict[str, np.ndarray]:
    """One checkerboard iteration of OpenCV's stereo belief propagation, emulated in float32 in
    the kernel's order: the interior pixels with x + y = t (mod 2) send four messages (up, down,
    right, left), each the sum of three neighbours' messages and the data cost per disparity,
    its linear-penalty envelope (forward then backward, disc_single_jump a step), truncated at
    the minimum plus max_disc_term, less its mean; the neighbours' messages are never updated in
    the same iteration, so the order between pixels does not matter."""
    t, rows, cols = int(values["t"]), int(values["rows"]), int(values["cols"])
    nd, step, dstep = int(values["cndisp"]), int(values["elem_step"]), int(values["data_step"])
    f32 = np.float32
    jump, max_disc = f32(values["cdisc_single_jump"]), f32(values["cmax_disc_term"])
    result = {k: np.array(values[k], np.float32, copy=True) for k in ("u", "d", "l", "r")}
    planes = {k: v.reshape(-1)[: nd * rows * step].reshape(nd, rows, step)
              for k, v in result.items()}
    data = np.asarray(values["data"], np.float32).reshape(-1)[: nd * rows * dstep]
    data = data.reshape(nd, rows, dstep)
    yy, xx = np.meshgrid(np.arange(1, rows - 1), np.arange(1, cols - 1), indexing="ij")
    keep = (xx - (yy + t)) % 2 == 0
    y, x = yy[keep], xx[keep]
    near = {"u": planes["u"][:, y + 1, x], "d": planes["d"][:, y - 1, x],
            "l": planes["l"][:, y, x + 1], "r": planes["r"][:, y, x - 1]}
    dt = data[:, y, x]

    def message(m1: np.ndarray, m2: np.ndarray, m3: np.ndarray) -> np.ndarray:
        dst = ((m1 + m2) + m3) + dt
        minimum = dst.min(axis=0)
        prev = dst[0].copy()
        for disp in range(1, nd):
            prev = prev + jump
            cur = np.minimum(prev, dst[disp])
            dst[disp] = cur
            prev = cur
        prev = dst[nd - 1].copy()
        for disp in range(nd - 2, -1, -1):
            prev = prev + jump
            cur = np.minimum(prev, dst[disp])
            dst[disp] = cur
            prev = cur
        minimum = minimum + max_disc
        total = np.zeros(dst.shape[1], np.float32)
        for disp in range(nd):
            dst[disp] = np.minimum(dst[disp], minimum)
            total = total + dst[disp]
        return dst - total / f32(nd)

    sent = {"u": message(near["u"], near["l"], near["r"]),
            "d": message(near["d"], near["l"], near["r"]),
            "r": message(near["u"], near["d"], near["r"]),
            "l": message(near["u"], near["d"], near["l"])}
    for k, value in sent.items():
        planes[k][:, y, x] = value
    return result


def torch_max_pool2d(values: Values) -> dict[str, np.ndarray]:
    """ATen's max pooling with indices: each output the maximum over its window (stride,
    padding and dilation per side, taps off the image skipped) and the flat h * width + w
    index of its first maximum in row-major window order (strictly greater replaces); float32
    compares: exact; 256 planes at a time."""
    k = {name: int(values[name]) for name in (
        "nthreads", "channels", "height", "width", "pooled_height", "pooled_width", "kernel_h",
        "kernel_w", "stride_h", "stride_w", "pad_h", "pad_w", "dilation_h", "dilation_w")}
    height, width = k["height"], k["width"]
    oh, ow = k["pooled_height"], k["pooled_width"]
    planes = k["nthreads"] // (oh * ow)
    inp = np.asarray(values["bottom_data"], np.float32).reshape(-1)[: planes * height * width]
    inp = inp.reshape(planes, height, width)
    top = np.array(values["top_data"], copy=True).reshape(-1)
    mask = np.array(values["top_mask"], copy=True).reshape(-1)
    rows = [np.arange(oh) * k["stride_h"] - k["pad_h"] + a * k["dilation_h"]
            for a in range(k["kernel_h"])]
    cols = [np.arange(ow) * k["stride_w"] - k["pad_w"] + b * k["dilation_w"]
            for b in range(k["kernel_w"])]

    def first_tap(n: int, stride: int, pad: int, dil: int) -> np.ndarray:
        start = np.arange(n) * stride - pad  # stepped up by the dilation while negative
        return start + dil * ((np.maximum(-start, 0) + dil - 1) // dil)

    start = (first_tap(oh, k["stride_h"], k["pad_h"], k["dilation_h"])[:, None] * width
             + first_tap(ow, k["stride_w"], k["pad_w"], k["dilation_w"])[None, :])
    for first in range(0, planes, 256):
        part = inp[first: first + 256]
        best = np.full((part.shape[0], oh, ow), -np.inf, np.float32)
        index = np.broadcast_to(start, best.shape).astype(np.int64)
        for r in rows:
            for c in cols:
                valid = ((r >= 0) & (r < height))[:, None] & ((c >= 0) & (c < width))[None, :]
                tap = part[:, np.clip(r, 0, height - 1)][:, :, np.clip(c, 0, width - 1)]
                take = valid & ((tap > best) | np.isnan(tap))
                best = np.where(take, tap, best)
                index = np.where(take, r[:, None] * width + c[None, :], index)
        size = part.shape[0] * oh * ow
        top[first * oh * ow: first * oh * ow + size] = best.reshape(-1)
        mask[first * oh * ow: first * oh * ow + size] = index.reshape(-1)
    return {"top_data": top.reshape(np.shape(values["top_data"])),
            "top_mask": mask.reshape(np.shape(values["top_mask"]))}


def af_convolve2(values: Values) -> dict[str, np.ndarray]:
    """ArrayFire's convolve2 (expand false): out[y, x] = sum over fj, fi of in[y + fLen1 // 2 -
    fj, x + fLen0 // 2 - fi] h[fj, fi], 0 outside the image (a true convolution, the filter
    flipped); in float64 (exact for integer data); one image at a time."""
    d0, d1, d2 = (int(values[k]) for k in ("dims0", "dims1", "dims2"))
    f0, f1 = int(values["fLen0"]), int(values["fLen1"])
    count = d0 * d1 * d2
    images = np.asarray(values["signal"], np.float32).reshape(-1)[:count].reshape(d2, d1, d0)
    h = np.asarray(values["impulse"], np.float32).reshape(-1)[: f0 * f1].reshape(f1, f0)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[:count].reshape(d2, d1, d0)
    for k, image in enumerate(images):
        pad = np.zeros((d1 + 2 * f1, d0 + 2 * f0))
        pad[f1: f1 + d1, f0: f0 + d0] = image
        acc = np.zeros((d1, d0))
        for fj in range(f1):
            for fi in range(f0):
                dy, dx = f1 // 2 - fj, f0 // 2 - fi
                acc += float(h[fj, fi]) * pad[f1 + dy: f1 + dy + d1, f0 + dx: f0 + dx + d0]
        view[k] = acc
    return {"out": out}


def af_morph(values: Values) -> dict[str, np.ndarray]:
    """ArrayFire's dilation: out[y, x] = the maximum of in[y + wj - halo, x + wi - halo] over the
    taps with mask[wj, wi] > 0 (halo = windLen // 2), -infinity outside the image (and where no
    tap is set); one image at a time."""
    d0, d1, d2 = (int(values[k]) for k in ("dims0", "dims1", "dims2"))
    wl = int(values["windLen"])
    halo = wl // 2
    count = d0 * d1 * d2
    images = np.asarray(values["in"], np.float32).reshape(-1)[:count].reshape(d2, d1, d0)
    mask = np.asarray(values["mask"], np.float32).reshape(-1)[: wl * wl].reshape(wl, wl)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[:count].reshape(d2, d1, d0)
    for k, image in enumerate(images):
        pad = np.full((d1 + 2 * wl, d0 + 2 * wl), -np.inf, np.float32)
        pad[wl: wl + d1, wl: wl + d0] = image
        acc = np.full((d1, d0), -np.inf, np.float32)
        for wj in range(wl):
            for wi in range(wl):
                if mask[wj, wi] > 0:
                    dy, dx = wj - halo, wi - halo
                    acc = np.maximum(acc, pad[wl + dy: wl + dy + d1, wl + dx: wl + dx + d0])
        view[k] = acc
    return {"out": out}


def _ocv_reflect101(idx: np.ndarray, last: int) -> np.ndarray:
    """OpenCV's BrdReflect101 index: |last - |last - x|| % (last + 1), then |.| % (last + 1)."""
    high = np.abs(last - np.abs(last - idx)) % (last + 1)
    return np.abs(high) % (last + 1)


def ocv_filter2d(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's filter2D: dst[y, x] = sum over i, j of src[refl(y - anchorY + i), refl(x -
    anchorX + j)] k[i, j] (correlation), BORDER_REFLECT_101; in float64 (exact for integer
    data)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    sstep, dstep = int(values["src_step"]), int(values["dst_step"])
    kw, kh = int(values["kWidth"]), int(values["kHeight"])
    ax, ay = int(values["anchorX"]), int(values["anchorY"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: rows * sstep]
    src = src.reshape(rows, sstep)[:, :cols].astype(np.float64)
    k = np.asarray(values["kernel"], np.float32).reshape(-1)[: kw * kh].reshape(kh, kw)
    padded = src[_ocv_reflect101(np.arange(-ay, rows - ay + kh), rows - 1)]
    padded = padded[:, _ocv_reflect101(np.arange(-ax, cols - ax + kw), cols - 1)]
    acc = np.zeros((rows, cols))
    for i in range(kh):
        for j in range(kw):
            acc += float(k[i, j]) * padded[i: i + rows, j: j + cols]
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: rows * dstep].reshape(rows, dstep)
    view[:, :cols] = acc
    return {"dst": out}


def ocv_copy_make_border(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's copyMakeBorder with BORDER_REFLECT (fedcba|abcdefgh|hgfedcb): dst[y, x] =
    src[refl(y - top), refl(x - left)], an index past the last mirrored to 2 last + 1 - x, then
    one below 0 to -x - 1."""
    srows, scols = int(values["src_rows"]), int(values["src_cols"])
    drows, dcols = int(values["dst_rows"]), int(values["dst_cols"])
    sstep, dstep = int(values["src_step"]), int(values["dst_step"])
    top, left = int(values["top"]), int(values["left"])
    src = np.asarray(values["src"]).reshape(-1)[: srows * sstep].reshape(srows, sstep)

    def reflect(idx: np.ndarray, last: int) -> np.ndarray:
        high = np.where(idx > last, 2 * last + 1 - idx, idx)
        return np.where(high < 0, -high - 1, high)

    sy = reflect(np.arange(drows) - top, srows - 1)
    sx = reflect(np.arange(dcols) - left, scols - 1)
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: drows * dstep].reshape(drows, dstep)
    view[:, :dcols] = src[sy][:, sx]
    return {"dst": out}


def cus_particles_reorder(values: Values) -> dict[str, np.ndarray]:
    """The particles sample's reorder: for the sorted hashes h, cellStart[h[i]] = i where i is 0
    or h[i] != h[i - 1], cellEnd[h[i - 1]] = i there too (i > 0) and cellEnd[h[n - 1]] = n;
    sortedPos[i] = oldPos[index[i]] and sortedVel likewise (float4 rows)."""
    n = int(values["numParticles"])
    hashes = np.asarray(values["sortedHashWords"]).reshape(-1)[:n].astype(np.int64)
    index = np.asarray(values["gridParticleIndex"]).reshape(-1)[:n].astype(np.int64)
    start = np.array(values["cellStart"], copy=True)
    end = np.array(values["cellEnd"], copy=True)
    pos = np.array(values["sortedPos"], copy=True)
    vel = np.array(values["sortedVel"], copy=True)
    if n > 0:
        first = np.ones(n, bool)
        first[1:] = hashes[1:] != hashes[:-1]
        where = np.flatnonzero(first)
        start.reshape(-1)[hashes[where]] = where.astype(start.dtype)
        later = where[where > 0]
        end.reshape(-1)[hashes[later - 1]] = later.astype(end.dtype)
        end.reshape(-1)[hashes[n - 1]] = n
        old_pos = np.asarray(values["oldPos"], np.float32).reshape(-1, 4)
        old_vel = np.asarray(values["oldVel"], np.float32).reshape(-1, 4)
        pos.reshape(-1, 4)[:n] = old_pos[index]
        vel.reshape(-1, 4)[:n] = old_vel[index]
    return {"cellStart": start, "cellEnd": end, "sortedPos": pos, "sortedVel": vel}


def cus_particles_hash(values: Values) -> dict[str, np.ndarray]:
    """The particles sample's grid hash: cell floor((p - origin) / cellSize) per axis in
    float32 (IEEE division, as CUDA's default), wrapped by & (gridSize - 1), hash (z gy + y) gx
    + x; the index itself."""
    n = int(values["numParticles"])
    pos = np.asarray(values["pos"], np.float32).reshape(-1, 4)[:n]
    cells = []
    for axis, name in enumerate("XYZ"):
        origin, size = np.float32(values[f"origin{name}"]), np.float32(values[f"cell{name}"])
        grid = int(values[f"grid{name}"])
        cell = np.floor((pos[:, axis] - origin) / size).astype(np.int64)
        cells.append(cell & (grid - 1))
    gx, gy = int(values["gridX"]), int(values["gridY"])
    hashes = out_hash = np.array(values["gridParticleHash"], copy=True)
    out_index = np.array(values["gridParticleIndex"], copy=True)
    hashes.reshape(-1)[:n] = ((cells[2] * gy + cells[1]) * gx + cells[0]) & 0xFFFFFFFF
    out_index.reshape(-1)[:n] = np.arange(n)
    return {"gridParticleHash": out_hash, "gridParticleIndex": out_index}


def cbe_raytrace(values: Values) -> dict[str, np.ndarray]:
    """CUDA by Example's ray tracer: for each pixel (ox, oy) = (x - cols // 2, y - rows // 2),
    the spheres in order, a hit where dx^2 + dy^2 < radius^2 (dz = sqrt(radius^2 - dx^2 - dy^2),
    shade dz / sqrt(radius^2), depth dz + z), the nearest so far (t > maxz) giving the colour;
    bytes (int)(r 255), (int)(g 255), (int)(b 255), 255 packed little-endian in a uint32 word.
    In float32, one operation at a time as the kernel (exact or one IEEE rounding each); each
    sphere only over the pixels of its bounding square (the others miss it)."""
    rows, cols, spheres = int(values["rows"]), int(values["cols"]), int(values["spheres"])
    colour = np.asarray(values["colour"], np.float32).reshape(-1, 3)[:spheres]
    centre = np.asarray(values["centre"], np.float32).reshape(-1, 3)[:spheres]
    radius = np.asarray(values["radius"], np.float32).reshape(-1)[:spheres]
    inf = np.float32(2e10)
    ox = (np.arange(cols) - cols // 2).astype(np.float32)
    oy = (np.arange(rows) - rows // 2).astype(np.float32)
    red = np.zeros((rows, cols), np.float32)
    green = np.zeros((rows, cols), np.float32)
    blue = np.zeros((rows, cols), np.float32)
    maxz = np.full((rows, cols), -inf, np.float32)
    for i in range(spheres):
        (sr, sb, sg), (sx, sy, sz), rad = colour[i], centre[i], radius[i]
        ys = np.flatnonzero(np.abs(oy - sy) < np.abs(rad))
        xs = np.flatnonzero(np.abs(ox - sx) < np.abs(rad))
        if ys.size == 0 or xs.size == 0:
            continue
        box = (slice(ys[0], ys[-1] + 1), slice(xs[0], xs[-1] + 1))
        dx = (ox[box[1]] - sx)[None, :]
        dy = (oy[box[0]] - sy)[:, None]
        rr = rad * rad
        hit = dx * dx + dy * dy < rr
        with np.errstate(invalid="ignore"):
            dz = np.sqrt(np.where(hit, (rr - dx * dx) - dy * dy, np.float32(0)))
        n = dz / np.sqrt(rr)
        t = np.where(hit, dz + sz, -inf)
        nearer = t > maxz[box]
        red[box] = np.where(nearer, sr * n, red[box])
        green[box] = np.where(nearer, sg * n, green[box])
        blue[box] = np.where(nearer, sb * n, blue[box])
        maxz[box] = np.where(nearer, t, maxz[box])

    def byte(channel: np.ndarray) -> np.ndarray:
        return (channel * np.float32(255)).astype(np.int32).astype(np.uint32) & 0xFF

    out = np.array(values["pixels"], copy=True)
    out.reshape(-1)[: rows * cols] = (byte(red) | byte(green) << 8 | byte(blue) << 16
                                     | np.uint32(255) << 24).reshape(-1)
    return {"pixels": out}


def af_tile(values: Values) -> dict[str, np.ndarray]:
    """ArrayFire's tile: out(ox, oy, oz) = in(ox % idims0, oy % idims1, oz % idims2) for every
    output element (x fastest, strides as given)."""
    o0, o1, o2 = (int(values[k]) for k in ("odims0", "odims1", "odims2"))
    i0, i1, i2 = (int(values[k]) for k in ("idims0", "idims1", "idims2"))
    os1, os2 = int(values["ostrides1"]), int(values["ostrides2"])
    is1, is2 = int(values["istrides1"]), int(values["istrides2"])
    src = np.asarray(values["in"]).reshape(-1)[: i2 * is2].reshape(i2, is2)
    src = src[:, : i1 * is1].reshape(i2, i1, is1)[:, :, :i0]
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[: o2 * os2].reshape(o2, os2)[:, : o1 * os1].reshape(o2, o1, os1)
    view[:, :, :o0] = src[np.arange(o2) % i2][:, np.arange(o1) % i1][:, :, np.arange(o0) % i0]
    return {"out": out}


def _box_sums(planes: np.ndarray, half: int, axis: int) -> np.ndarray:
    """Sums over windows of 2 half + 1 along ``axis``, the border replicated (float64)."""
    pad = [(0, 0)] * planes.ndim
    pad[axis] = (half + 1, half)
    sums = np.cumsum(np.pad(planes.astype(np.float64), pad, mode="edge"), axis=axis)
    size = planes.shape[axis]
    hi = np.take(sums, np.arange(2 * half + 1, 2 * half + 1 + size), axis=axis)
    lo = np.take(sums, np.arange(size), axis=axis)
    return hi - lo


def ocv_farneback_box5(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's Farneback boxFilter5: each of the five planes box-filtered over (2 ksizeHalf +
    1)^2 pixels, rows and columns clamped (replicate), the sum (exact for integer data) times
    boxAreaInv in float32."""
    height, width = int(values["height"]), int(values["width"])
    sstep, dstep, half = int(values["src_step"]), int(values["dst_step"]), int(values["ksizeHalf"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: 5 * height * sstep]
    src = src.reshape(5, height, sstep)[:, :, :width]
    sums = _box_sums(_box_sums(src, half, 1), half, 2).astype(np.float32)
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: 5 * height * dstep].reshape(5, height, dstep)
    view[:, :, :width] = sums * np.float32(values["boxAreaInv"])
    return {"dst": out}


def cus_boxfilter_x(values: Values) -> dict[str, np.ndarray]:
    """The boxFilter sample's horizontal pass: od[y, x] = the sum of id[y, clamp(x + k)] for k in
    [-r, r] (its running sums are exact for integer data, with w >= 2 r + 1) times scale = 1 /
    (2 r + 1) in float32."""
    w, h, r = int(values["w"]), int(values["h"]), int(values["r"])
    src = np.asarray(values["id"], np.float32).reshape(-1)[: w * h].reshape(h, w)
    scale = np.float32(1) / np.float32(2 * r + 1)
    out = np.array(values["od"], copy=True)
    out.reshape(-1)[: w * h] = (_box_sums(src, r, 1).astype(np.float32) * scale).reshape(-1)
    return {"od": out}


def rodinia_sc_cost(values: Values) -> dict[str, np.ndarray]:
    """Rodinia streamcluster's compute_cost: x_cost = |p - p_x|^2 weight (float32; exact for
    integer coordinates); where x_cost < cost the switch byte is 1 and work[p, K] += x_cost -
    cost, else work[p, center_table[assign]] += cost - x_cost."""
    num, dim, x = int(values["num"]), int(values["dim"]), int(values["x"])
    k, stride = int(values["K"]), int(values["stride"])
    coords = np.asarray(values["coord_d"], np.float32).reshape(-1)[: dim * num]
    coords = coords.reshape(dim, num).astype(np.float64)
    dist = ((coords - coords[:, x: x + 1]) ** 2).sum(axis=0).astype(np.float32)
    weight = np.asarray(values["p_weight"], np.float32).reshape(-1)[:num]
    cost = np.asarray(values["p_cost"], np.float32).reshape(-1)[:num]
    assign = np.asarray(values["p_assign"]).reshape(-1)[:num].astype(np.int64)
    table = np.asarray(values["center_table_d"]).reshape(-1).astype(np.int64)
    x_cost = dist * weight
    switch = x_cost < cost
    work = np.array(values["work_mem_d"], copy=True)
    flat = work.reshape(-1)
    where = np.arange(num, dtype=np.int64) * stride + np.where(switch, k, table[assign])
    flat[where] = flat[where] + np.where(switch, x_cost - cost, cost - x_cost)
    words = np.array(values["switch_membership_words"], copy=True)
    words.view(np.uint8)[:num][switch] = 1
    return {"work_mem_d": work, "switch_membership_words": words}


def _lavamd_neighbours() -> list[tuple[int, int, int]]:
    """Rodinia lavaMD's neighbour offsets in its order: the home box, then (z, y, x) offsets
    -1, 0, 1 with x fastest, the home box itself skipped."""
    offsets = [(0, 0, 0)]
    offsets += [(dz, dy, dx) for dz in (-1, 0, 1) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                if (dz, dy, dx) != (0, 0, 0)]
    return offsets


def rodinia_lavamd(values: Values) -> dict[str, np.ndarray]:
    """Rodinia's lavaMD: for each particle i of a box and each particle j of the box and its
    neighbours (the boxes1d^3 grid, 100 particles a box), r2 = v_i + v_j - x_i . x_j, vij =
    exp(-2 alpha^2 r2), and fv_i += (q_j vij, q_j 2 vij (x_i - x_j)) per component; in float64
    (the kernel's order differs in rounding only: the manifest's tolerance)."""
    per = 100
    boxes1d, nboxes = int(values["boxes1d"]), int(values["number_boxes"])
    alpha = float(values["alpha"])
    a2 = 2.0 * alpha * alpha
    rv = np.asarray(values["rv"], np.float64).reshape(-1, 4)[: nboxes * per].reshape(nboxes,
                                                                                       per, 4)
    qv = np.asarray(values["qv"], np.float64).reshape(-1)[: nboxes * per].reshape(nboxes, per)
    fv = np.array(values["fv"], copy=True)
    acc = fv.reshape(-1, 4)[: nboxes * per].astype(np.float64).reshape(nboxes, per, 4)
    box = np.arange(nboxes)
    bx, by, bz = box % boxes1d, (box // boxes1d) % boxes1d, box // (boxes1d * boxes1d)
    for dz, dy, dx in _lavamd_neighbours():
        nz, ny, nx = bz + dz, by + dy, bx + dx
        ok = ((nz >= 0) & (ny >= 0) & (nx >= 0) & (nz < boxes1d) & (ny < boxes1d)
              & (nx < boxes1d))
        home = box[ok]
        nei = (nz * boxes1d * boxes1d + ny * boxes1d + nx)[ok]
        for first in range(0, home.size, 128):
            h, g = home[first: first + 128], nei[first: first + 128]
            a, b, q = rv[h], rv[g], qv[g]
            dot = np.matmul(a[:, :, 1:], b[:, :, 1:].transpose(0, 2, 1))
            qvij = np.exp(-(a2 * ((a[:, :, 0, None] + b[:, None, :, 0]) - dot)))
            qvij *= q[:, None, :]
            total = qvij.sum(axis=2)
            acc[h, :, 0] += total
            # sum_j q_j 2 vij (a - b_j) = 2 (a sum_j q_j vij - sum_j q_j vij b_j)
            acc[h, :, 1:] += 2 * (a[:, :, 1:] * total[:, :, None] - np.matmul(qvij, b[:, :, 1:]))
    fv.reshape(-1, 4)[: nboxes * per] = acc.reshape(-1, 4)
    return {"fv": fv}


def cosmo_hdiff(values: Values) -> dict[str, np.ndarray]:
    """COSMO's horizontal diffusion (the stencil benchmarks' classic variant): lap = 4 inp -
    (the four horizontal neighbours) on the domain and a one-point halo, flx = lap[i + 1] -
    lap[i] and fly = lap[j + 1] - lap[j], each 0 where it has the sign of the field's own
    difference, out = inp - coeff (flx[i] - flx[i - 1] + fly[j] - fly[j - 1]) inside the
    domain (the halo of out kept); each level alike; in float64 (exact for integer data)."""
    isize, jsize, halo = int(values["isize"]), int(values["jsize"]), int(values["halo"])
    jstride, kstride = int(values["jstride"]), int(values["kstride"])
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)
    levels = flat.size // kstride
    rows = kstride // jstride

    def field(name: str) -> np.ndarray:
        words = np.asarray(values[name], np.float32).reshape(-1)[: levels * kstride]
        return words.reshape(levels, rows, jstride).astype(np.float64)

    inp, coeff = field("inp"), field("coeff")

    def shifted(di: int, dj: int) -> np.ndarray:  # inp at (i + di, j + dj), i, j in -1 .. size
        return inp[:, halo - 1 + dj: halo + jsize + 1 + dj, halo - 1 + di: halo + isize + 1 + di]

    centre = shifted(0, 0)
    lap = 4.0 * centre - (shifted(1, 0) + shifted(-1, 0) + shifted(0, 1) + shifted(0, -1))
    flx = lap[:, :, 1:] - lap[:, :, :-1]  # [.., ii] is i = ii - 1
    flx = np.where(flx * (centre[:, :, 1:] - centre[:, :, :-1]) > 0, 0.0, flx)
    fly = lap[:, 1:, :] - lap[:, :-1, :]  # [.., jj, ..] is j = jj - 1
    fly = np.where(fly * (centre[:, 1:, :] - centre[:, :-1, :]) > 0, 0.0, fly)
    inside = (slice(None), slice(1, jsize + 1), slice(1, isize + 1))
    result = centre[inside] - coeff[:, halo: halo + jsize, halo: halo + isize] * (
        flx[inside] - flx[:, 1: jsize + 1, 0: isize] + fly[inside] - fly[:, 0: jsize, 1: isize + 1])
    view = flat[: levels * kstride].reshape(levels, rows, jstride)
    view[:, halo: halo + jsize, halo: halo + isize] = result
    return {"out": out}


def mdt_ppf_batch(values: Values) -> dict[str, np.ndarray]:
    """The F-engine's polyphase FIR: out[station, spectrum, channel] = sum over the taps i of
    Filter[i, channel] in[station, spectrum + i, channel] for the I and Q parts alike, each
    station's input Nspectra - 1 + Ntaps frames of Nchannels complex samples; in float64
    (exact for integer data)."""
    taps, channels, spectra = (int(values[k]) for k in ("Ntaps", "Nchannels", "Nspectra"))
    out = np.array(values["PolyStructWords"], copy=True)
    flat = out.reshape(-1)
    stations = flat.size // (spectra * channels * 2)
    frames = spectra - 1 + taps
    signal = np.asarray(values["InSignalWords"], np.float32).reshape(-1)
    signal = signal[: stations * frames * channels * 2].reshape(stations, frames, channels, 2)
    taps_ = np.asarray(values["Filter"], np.float32).reshape(-1)[: taps * channels]
    taps_ = taps_.reshape(taps, channels).astype(np.float64)
    acc = np.zeros((stations, spectra, channels, 2))
    for i in range(taps):
        acc += taps_[i][None, None, :, None] * signal[:, i: i + spectra]
    flat[: acc.size] = acc.reshape(-1)
    return {"PolyStructWords": out}


def easywave_wave_update(values: Values) -> dict[str, np.ndarray]:
    """easyWave's wave update on the active area (i in Imin .. Imax, j in Jmin .. Jmax, from
    1; node m = (i - 1) NLat + j - 1 of 12 floats): at wet nodes (D != 0) H -= R1 (M - M[m -
    NLat] + N R6[j] - N[m - 1] R6[j - 1]), |H| below the zero threshold set to 0, Hmax the
    larger of Hmax and H, the arrival time set to Par_time where the arrival threshold is set,
    the time is negative and |H| (before the zeroing) passes the threshold; in float64 (exact
    for integer data)."""
    imin, jmin, imax, jmax = (int(values[k]) for k in ("Imin", "Jmin", "Imax", "Jmax"))
    nlat = int(values["NLat"])
    zero, arrival = float(values["Par_sshZeroThreshold"]), float(values["Par_sshArrivalThreshold"])
    out = np.array(values["node"], copy=True)
    node = out.reshape(-1, 12)
    r6 = np.asarray(values["R6"], np.float32).reshape(-1).astype(np.float64)
    i, j = np.meshgrid(np.arange(imin, imax + 1), np.arange(jmin, jmax + 1), indexing="ij")
    m = ((i - 1) * nlat + j - 1).reshape(-1)
    j = j.reshape(-1)
    wet = node[m, 0] != 0
    m, j = m[wet], j[wet]
    field = node.astype(np.float64)
    h = field[m, 1] - field[m, 5] * (field[m, 3] - field[m - nlat, 3] + field[m, 4] * r6[j]
                                    - field[m - 1, 4] * r6[j - 1])
    absh = np.abs(h)
    h = np.where(absh < zero, 0.0, h)
    hmax = np.where(h > field[m, 2], h, field[m, 2])
    arrived = (arrival != 0) & (field[m, 10] < 0) & (absh > arrival)
    node[m, 1] = h
    node[m, 2] = hmax
    node[m, 10] = np.where(arrived, float(values["Par_time"]), field[m, 10])
    return {"node": out}


def omm_find_block_bounds(values: Values) -> dict[str, np.ndarray]:
    """OpenMM's findBlockBounds for a rectangular periodic box: for each block of 32 atoms
    (the last cut at numAtoms), the first atom wrapped into the box, each later one to the
    image nearest the running centre 0.5 (max + min), then blockSize = 0.5 (max - min),
    center = 0.5 (max + min) with w the square root of the largest squared minimum-image
    distance of the block's atoms from it, sortedBlocks = (size x + y + z, block); the
    flag cleared. In float32, in the kernel's order (exact for integer positions and a
    power-of-two box)."""
    n = int(values["numAtoms"])
    box = np.array([values["boxX"], values["boxY"], values["boxZ"]], np.float32)
    inv = np.array([values["invBoxX"], values["invBoxY"], values["invBoxZ"]], np.float32)
    tiles = -(-n // 32)
    posq = np.asarray(values["posqWords"], np.float32).reshape(-1)
    pos = np.zeros((tiles * 32, 4), np.float32)
    pos[:n] = posq[: n * 4].reshape(n, 4)
    pos = pos.reshape(tiles, 32, 4)[:, :, :3]
    valid = (np.arange(tiles * 32) < n).reshape(tiles, 32)
    half = np.float32(0.5)
    first = pos[:, 0] - np.floor(pos[:, 0] * inv) * box
    low, high = first.copy(), first.copy()
    for k in range(1, 32):
        centre = half * (high + low)
        p = pos[:, k] - np.floor((pos[:, k] - centre) * inv + half) * box
        low = np.where(valid[:, k, None], np.minimum(low, p), low)
        high = np.where(valid[:, k, None], np.maximum(high, p), high)
    size = half * (high - low)
    centre = half * (high + low)
    radius2 = np.zeros(tiles, np.float32)
    for k in range(32):
        delta = pos[:, k] - centre
        delta = delta - np.floor(delta * inv + half) * box
        dist2 = delta[:, 0] * delta[:, 0] + delta[:, 1] * delta[:, 1] + delta[:, 2] * delta[:, 2]
        radius2 = np.where(valid[:, k], np.maximum(radius2, dist2), radius2)
    results = {}
    for name, rows in (("blockBoundingBoxWords", np.column_stack([size, np.zeros(tiles)])),
                       ("blockCenterWords", np.column_stack([centre, np.sqrt(radius2)])),
                       ("sortedBlocksWords", np.column_stack(
                           [size[:, 0] + size[:, 1] + size[:, 2], np.arange(tiles)]))):
        out = np.array(values[name], copy=True)
        flat = out.reshape(-1)
        flat[: rows.size] = rows.astype(np.float32).reshape(-1)
        results[name] = out
    flag = np.array(values["rebuildNeighborList"], copy=True)
    flag.reshape(-1)[0] = 0
    results["rebuildNeighborList"] = flag
    return results


def _milc_node_index(x, y, z, t, dims, sites):
    """MILC's node_index: the even-first site index of (x, y, z, t), coordinates wrapped."""
    nx, ny, nz, nt = dims
    i = (x + nx) % nx + nx * ((y + ny) % ny + ny * ((z + nz) % nz + nz * ((t + nt) % nt)))
    return np.where((x + y + z + t) % 2 == 0, i // 2, (i + sites) // 2)


def milc_dslash(values: Values) -> dict[str, np.ndarray]:
    """The MILC Dslash mini-app's improved staggered operator on the even sites: dst = sum
    over the directions k of fat_k src[x + k] + lng_k src[x + 3k] - fatbck_k src[x - k] -
    lngbck_k src[x - 3k] (3 x 3 complex matrices times 3-vectors, periodic lattice,
    even-first site order); in complex128 (exact for integer data)."""
    dims = tuple(int(values[k]) for k in ("nx", "ny", "nz", "nt"))
    even = int(values["total_even_sites"])
    sites = 2 * even
    nx, ny, nz, _ = dims
    lex = 2 * np.arange(even, dtype=np.int64)
    x, rest = lex % nx, lex // nx
    y, rest = rest % ny, rest // ny
    z, t = rest % nz, rest // nz
    x = x + (y + z + t) % 2

    def complexes(name: str, count: int, shape: tuple[int, ...]) -> np.ndarray:
        words = np.asarray(values[name], np.float32).reshape(-1)[: count * int(np.prod(shape)) * 2]
        words = words.reshape(count, *shape, 2).astype(np.float64)
        return words[..., 0] + 1j * words[..., 1]

    src = complexes("srcWords", sites, (3,))
    acc = np.zeros((even, 3), np.complex128)
    for kind, hop, sign in (("fat", 1, 1), ("lng", 3, 1), ("fatbck", -1, -1), ("lngbck", -3, -1)):
        for k in range(4):
            step = [0, 0, 0, 0]
            step[k] = hop
            neighbour = _milc_node_index(x + step[0], y + step[1], z + step[2], t + step[3],
                                         dims, sites)
            links = complexes(f"{kind}{k}", even, (3, 3))
            acc += sign * np.einsum("sij,sj->si", links, src[neighbour])
    out = np.array(values["dstWords"], copy=True)
    flat = out.reshape(-1)
    flat[: even * 6] = np.stack([acc.real, acc.imag], axis=-1).reshape(-1)
    return {"dstWords": out}


def _snake_lsl(x: np.ndarray, sa: np.ndarray) -> np.ndarray:
    """SneakySnake's lsl on 32-bit words held in int64: x << sa for sa in 1 .. 31, else x."""
    ok = (sa > 0) & (sa < 32)
    return np.where(ok, (x << (sa & 31)) & 0xFFFFFFFF, x)


def _snake_lsr(x: np.ndarray, sa: np.ndarray) -> np.ndarray:
    """SneakySnake's lsr: x >> sa for sa in 1 .. 31, else x."""
    ok = (sa > 0) & (sa < 32)
    return np.where(ok, x >> (sa & 31), x)


def _snake_bits(first: np.ndarray, count: int | np.ndarray) -> np.ndarray:
    """The OR of set_bit(b) = lsl(1, b) for b in first .. first + count - 1: bit b for b in
    1 .. 31, bit 0 for b = 0 and (lsl leaving 1 unshifted) for b below 0 or past 31."""
    first = np.asarray(first, np.int64)
    last = first + count  # one past
    lo = np.clip(first, 1, 32)
    hi = np.maximum(np.clip(last, 1, 32), lo)
    zero_bit = (last > first) & ((first <= 0) | (last > 32))
    return ((1 << hi) - (1 << lo)) | zero_bit.astype(np.int64)


def _clz32(x: np.ndarray) -> np.ndarray:
    """CUDA's __clz of 32-bit words held in int64 (32 for 0)."""
    return 32 - np.frexp(x.astype(np.float64))[1].astype(np.int64)


def sneaky_snake(values: Values) -> dict[str, np.ndarray]:
    """SneakySnake's GPU filter, every read pair walked in lockstep (the kernel's steps,
    diagonals, corner cases and exits, vectorized over the pairs still walking): 1 for an
    accepted pair, 0 for a rejected one."""
    n, e_max = int(values["NumReads"]), int(values["F_ErrorThreshold"])
    reads = np.asarray(values["F_ReadSeq"]).reshape(-1)[: n * 8].astype(np.uint32)
    refs = np.asarray(values["F_RefSeq"]).reshape(-1)[: n * 8].astype(np.uint32)
    reads = reads.reshape(n, 8).astype(np.int64)
    refs = refs.reshape(n, 8).astype(np.int64)
    result = np.ones(n, np.int32)
    live = np.arange(n)
    j = np.zeros(n, np.int64)
    shift = np.zeros(n, np.int64)
    walked = np.zeros(n, np.int64)  # globalCounter
    errors = np.zeros(n, np.int64)
    lsl, lsr = _snake_lsl, _snake_lsr
    while live.size:
        going = (j < 7) & (walked < 200)
        live, j, shift, walked, errors = (a[going] for a in (live, j, shift, walked, errors))
        if not live.size:
            break
        read, ref = reads[live], refs[live]
        rows = np.arange(live.size)

        def word(seq: np.ndarray, index: np.ndarray, rows: np.ndarray = rows) -> np.ndarray:
            return seq[rows, np.clip(index, 0, 7)]

        r0, r1, rm1, r2 = word(read, j), word(read, j + 1), word(read, j - 1), word(read, j + 2)
        ref_cmp = lsl(word(ref, j), shift) | lsr(word(ref, j + 1), 32 - shift)
        best = _clz32((lsl(r0, shift) | lsr(r1, 32 - shift)) ^ ref_cmp)
        for e in range(1, e_max + 1):  # upper diagonals
            diagonal = (lsl(r0, shift - 2 * e) | lsr(r1, 32 - (shift - 2 * e))) ^ ref_cmp
            back_rows = np.flatnonzero(shift - 2 * e < 0)  # the diagonal starts a word back
            if back_rows.size:
                back = 2 * e - shift[back_rows]
                a, c = r0[back_rows], ref_cmp[back_rows]
                first = (lsr(a, back) ^ c) | _snake_bits(32 - back, back)  # j == 0: corner
                wrap = (lsl(rm1[back_rows], 32 - back) | lsr(a, back)) ^ c
                diagonal[back_rows] = np.where(j[back_rows] == 0, first, wrap)
            best = np.maximum(best, _clz32(diagonal))
        for e in range(1, e_max + 1):  # lower diagonals
            ahead = shift + 2 * e
            diagonal = (lsl(r0, ahead) | lsr(r1, 32 - ahead)) ^ ref_cmp
            next_rows = np.flatnonzero((j < 5) & (ahead >= 32))  # from the next word
            if next_rows.size:
                step = ahead[next_rows] % 32
                diagonal[next_rows] = (lsl(r1[next_rows], step) | lsr(r2[next_rows], 32 - step)
                                       ) ^ ref_cmp[next_rows]
            tail_rows = np.flatnonzero(j >= 5)  # the read's end masked (corner case)
            if tail_rows.size:
                done = walked[tail_rows]
                tail = np.where(done + 32 > 200, _snake_bits(done + 32 - 200, 2 * e),
                                np.where(done + 32 >= 200 - 2 * e,
                                         _snake_bits(np.zeros_like(done), 2 * e), 0))
                diagonal[tail_rows] |= tail
            best = np.maximum(best, _clz32(diagonal))
        run = (best // 2) * 2  # Max_leading_zeros
        accept = (j == 6) & (run >= 8)
        errors = errors + (((run // 2 < 16) & (j < 5)) | ((j == 6) & (run // 2 < 4)))
        reject = ~accept & (errors > e_max)
        result[live[reject]] = 0
        stay = ~accept & ~reject
        j = j + (shift + run + 2 >= 32)
        full = run == 32
        walked = walked + np.where(full, run, run + 2)
        shift = np.where(full, shift, (shift + run + 2) % 32)
        live, j, shift, walked, errors = (a[stay] for a in (live, j, shift, walked, errors))
    out = np.array(values["Ftest_Results"], copy=True)
    out.reshape(-1)[:n] = result
    return {"Ftest_Results": out}


def fft_bitrev_permute(values: Values) -> dict[str, np.ndarray]:
    """The batched bit-reversal permutation: out[b n + k] = in[b n + rev(k)] with rev(k) the
    log2 n bits of k reversed, for complex (float pair) elements; exact (a copy)."""
    logn, batch = int(values["logn"]), int(values["batch"])
    n = 1 << logn
    out = np.array(values["outWords"], copy=True)
    flat = out.reshape(-1, 2)
    src = np.asarray(values["inWords"], np.float32).reshape(-1, 2)
    k = np.arange(n, dtype=np.int64)
    rev = np.zeros(n, dtype=np.int64)
    for bit in range(logn):
        rev |= ((k >> bit) & 1) << (logn - 1 - bit)
    idx = (np.arange(batch, dtype=np.int64)[:, None] * n + rev[None, :]).reshape(-1)
    flat[: batch * n] = src[idx]
    return {"outWords": out}


def ft_add_bias_gelu(values: Values) -> dict[str, np.ndarray]:
    """FasterTransformer's add_bias_gelu: out = v 0.5 (1 + tanh(sqrt(2 / pi) (v + 0.044715
    v^3))) with v = out + bias[column], in float64 (the kernel's float32 within the manifest's
    tolerance)."""
    m, n = int(values["m"]), int(values["n"])
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)
    v = flat[: m * n].astype(np.float64).reshape(m, n)
    v = v + np.asarray(values["bias"], np.float32).reshape(-1)[:n].astype(np.float64)[None, :]
    g = v * 0.5 * (1.0 + np.tanh(0.7978845608028654 * (v + 0.044715 * v ** 3)))
    flat[: m * n] = g.reshape(-1).astype(np.float32)
    return {"out": out}


def binomial_per_thread(values: Values) -> dict[str, np.ndarray]:
    """European calls on a 64-step Cox-Ross-Rubinstein tree (NVIDIA's binomialOptions_gold),
    all options at once in float64 (the kernel's float32 within the manifest's tolerance)."""
    steps = 64
    n = int(values["optN"])
    r, v = float(values["R"]), float(values["V"])
    out = np.array(values["callResult"], copy=True)

    def arr(name: str) -> np.ndarray:
        return np.asarray(values[name], np.float32).reshape(-1)[:n].astype(np.float64)

    s, x, t = arr("S_"), arr("X_"), arr("T_")
    dt = t / steps
    vdt = v * np.sqrt(dt)
    rdt = r * dt
    up, down = np.exp(vdt), np.exp(-vdt)
    pu = (np.exp(rdt) - down) / (up - down)
    df = np.exp(-rdt)
    pu_df, pd_df = (pu * df)[:, None], ((1.0 - pu) * df)[:, None]
    i = np.arange(steps + 1, dtype=np.float64)
    call = np.maximum(s[:, None] * np.exp(vdt[:, None] * (2.0 * i[None, :] - steps))
                      - x[:, None], 0.0)
    for level in range(steps, 0, -1):
        call = pu_df * call[:, 1: level + 1] + pd_df * call[:, :level]
    out.reshape(-1)[:n] = call[:, 0]
    return {"callResult": out}


def _jpeg_natural_order() -> np.ndarray:
    """jpeg_natural_order built by walking the anti-diagonals of an 8 x 8 block (even sums
    upward, odd ones downward), not copied from the kernel's table."""
    order = []
    for s in range(15):
        cells = [(r, s - r) for r in range(8) if 0 <= s - r < 8]  # r ascending: moving down
        if s % 2 == 0:
            cells.reverse()  # even diagonals run from bottom-left to top-right
        order += [8 * r + c for r, c in cells]
    return np.array(order, dtype=np.int64)


def jpeg_quant_zigzag(values: Values) -> dict[str, np.ndarray]:
    """libjpeg's islow quantization (divisor quantval << 3, |coef| + divisor / 2 divided
    with truncation, the sign restored) of each 8 x 8 block of an image-layout DCT output,
    written in zig-zag order, and each block's last nonzero zig-zag position + 1; exact."""
    bxs, bys = int(values["blocks_x"]), int(values["blocks_y"])
    zz, eob = np.array(values["zz"], copy=True), np.array(values["eob"], copy=True)
    coef = np.asarray(values["coef"], np.int64).reshape(-1)[: 64 * bxs * bys]
    blocks = coef.reshape(bys, 8, bxs, 8).transpose(0, 2, 1, 3).reshape(bys, bxs, 64)
    q = (np.asarray(values["quantval"], np.int64).reshape(-1)[:64] << 3)[None, None, :]
    quant = np.sign(blocks) * ((np.abs(blocks) + (q >> 1)) // q)
    zig = quant[:, :, _jpeg_natural_order()]
    nonzero = zig != 0
    last = np.where(nonzero.any(axis=2), 64 - np.argmax(nonzero[:, :, ::-1], axis=2), 0)
    zz.reshape(-1)[: zig.size] = zig.reshape(-1)
    eob.reshape(-1)[: last.size] = last.reshape(-1)
    return {"zz": zz, "eob": eob}


def fft_twiddle_4step(values: Values) -> dict[str, np.ndarray]:
    """The four-step FFT's twiddles: element (r, c) of the n1 x n2 complex matrix times
    exp(-2 pi i (r c mod n) / n), in float64 (the kernel's sinf / cosf in float32 within the
    manifest's tolerance)."""
    n1, n2 = int(values["n1"]), int(values["n2"])
    n = n1 * n2
    out = np.array(values["dataWords"], copy=True)
    flat = out.reshape(-1)
    z = flat[: 2 * n].astype(np.float64).reshape(n1, n2, 2)
    k = (np.arange(n1, dtype=np.int64)[:, None] * np.arange(n2, dtype=np.int64)[None, :]) % n
    angle = -2.0 * np.pi * k / n
    co, s = np.cos(angle), np.sin(angle)
    res = np.stack([z[..., 0] * co - z[..., 1] * s, z[..., 0] * s + z[..., 1] * co], axis=-1)
    flat[: 2 * n] = res.reshape(-1).astype(np.float32)
    return {"dataWords": out}


def kuwahara_filter(values: Values) -> dict[str, np.ndarray]:
    """The square-window Kuwahara filter, borders clamped: of the four (r + 1)^2 quadrants
    (up-left, up-right, down-left, down-right) the first of least n sum(x^2) - sum(x)^2, its
    mean sum / n in float32; exact for 8-bit pixels."""
    rows, cols, r = int(values["rows"]), int(values["cols"]), int(values["radius"])
    out = np.array(values["out"], copy=True)
    img = np.asarray(values["in"], np.float32).reshape(-1)[: rows * cols].reshape(rows, cols)
    pad = np.pad(img.astype(np.float64), r, mode="edge")
    n = (r + 1) ** 2
    best_var = best_mean = None
    for oy, ox in ((0, 0), (0, r), (r, 0), (r, r)):  # quadrant origins in the padded image
        s = np.zeros((rows, cols))
        sq = np.zeros((rows, cols))
        for dy in range(r + 1):
            for dx in range(r + 1):
                v = pad[oy + dy: oy + dy + rows, ox + dx: ox + dx + cols]
                s += v
                sq += v * v
        var = n * sq - s * s
        mean = (s.astype(np.float32) / np.float32(n)).astype(np.float32)
        if best_var is None:
            best_var, best_mean = var, mean
        else:
            better = var < best_var
            best_var = np.where(better, var, best_var)
            best_mean = np.where(better, mean, best_mean)
    out.reshape(-1)[: rows * cols] = best_mean.reshape(-1)
    return {"out": out}


def cus_fwt_batch2(values: Values) -> dict[str, np.ndarray]:
    """One radix-4 pass of the fast Walsh-Hadamard transform in place (the CUDA samples'
    fwtBatch2Kernel): for each position pos < N / 4, lo = pos mod stride, i0 = 4 (pos - lo) +
    lo and i1, i2, i3 a stride apart, the four values replaced by their butterfly; exact."""
    n, stride = int(values["N"]), int(values["stride"])
    out = np.array(values["d_Data"], copy=True)
    data = out.reshape(-1)
    pos = np.arange(n // 4, dtype=np.int64)
    lo = pos & (stride - 1)
    i0 = ((pos - lo) << 2) + lo
    i1, i2, i3 = i0 + stride, i0 + 2 * stride, i0 + 3 * stride
    d0, d1, d2, d3 = data[i0], data[i1], data[i2], data[i3]
    s02, t02, s13, t13 = d0 + d2, d0 - d2, d1 + d3, d1 - d3
    data[i0], data[i1], data[i2], data[i3] = s02 + s13, s02 - s13, t02 + t13, t02 - t13
    return {"d_Data": out}


def ggml_cpy_f32(values: Values) -> dict[str, np.ndarray]:
    """ggml's strided copy: element i of the flattened copy (i00 fastest) read at the source's
    byte offset sum(i0k nb0k) and written at the destination's sum(i1k nb1k) plus the view's
    offset, each side's four indices peeled off i by its own extents; exact (a copy)."""
    ne = int(values["ne"])
    i = np.arange(ne, dtype=np.int64)

    def offsets(e0: int, e1: int, e2: int, strides: tuple[int, ...]) -> np.ndarray:
        i3 = i // (e0 * e1 * e2)
        rest = i - i3 * e0 * e1 * e2
        i2 = rest // (e0 * e1)
        rest = rest - i2 * e0 * e1
        i1 = rest // e0
        i0 = rest - i1 * e0
        return i0 * strides[0] + i1 * strides[1] + i2 * strides[2] + i3 * strides[3]

    src = offsets(int(values["ne00"]), int(values["ne01"]), int(values["ne02"]),
                  tuple(int(values[f"nb0{k}"]) for k in range(4)))
    dst = offsets(int(values["ne10"]), int(values["ne11"]), int(values["ne12"]),
                  tuple(int(values[f"nb1{k}"]) for k in range(4))) + int(values["dst_offs"])
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[dst // 4] = np.asarray(values["x"], np.float32).reshape(-1)[src // 4]
    return {"dst": out}


def clover_accelerate(values: Values) -> dict[str, np.ndarray]:
    """CloverLeaf's accelerate: at each node (rows and columns 2 .. max + 2 of the padded
    arrays) the mean of density0 volume over its four cells, step = 0.5 dbyt / mass, the
    velocities decremented by step times the area-weighted pressure then viscosity
    differences; float64 (the GPU's fused multiply-adds within the manifest's tolerance)."""
    xm, ym = int(values["x_max"]), int(values["y_max"])
    dbyt = float(values["dbyt"])
    cw, nw = xm + 4, xm + 5  # cell and node row widths

    def grid(name: str, rows: int, width: int) -> np.ndarray:
        return np.asarray(values[name], np.float64).reshape(-1)[: rows * width].reshape(
            rows, width)

    density0, volume = grid("density0", ym + 4, cw), grid("volume", ym + 4, cw)
    pressure, viscosity = grid("pressure", ym + 4, cw), grid("viscosity", ym + 4, cw)
    xarea, yarea = grid("xarea", ym + 4, nw), grid("yarea", ym + 5, cw)
    xvel0, yvel0 = grid("xvel0", ym + 5, nw), grid("yvel0", ym + 5, nw)
    r = slice(2, ym + 3)  # node rows; the cell rows above are r - 1
    c = slice(2, xm + 3)
    rm, cm = slice(1, ym + 2), slice(1, xm + 2)

    mass = (density0[rm, cm] * volume[rm, cm] + density0[rm, c] * volume[rm, c]
            + density0[r, c] * volume[r, c] + density0[r, cm] * volume[r, cm]) * 0.25
    step = 0.5 * dbyt / mass

    xt = xvel0[r, c] - step * (xarea[r, c] * (pressure[r, c] - pressure[r, cm])
                               + xarea[rm, c] * (pressure[rm, c] - pressure[rm, cm]))
    x1 = xt - step * (xarea[r, c] * (viscosity[r, c] - viscosity[r, cm])
                      + xarea[rm, c] * (viscosity[rm, c] - viscosity[rm, cm]))
    yt = yvel0[r, c] - step * (yarea[r, c] * (pressure[r, c] - pressure[rm, c])
                               + yarea[r, cm] * (pressure[r, cm] - pressure[rm, cm]))
    y1 = yt - step * (yarea[r, c] * (viscosity[r, c] - viscosity[rm, c])
                      + yarea[r, cm] * (viscosity[r, cm] - viscosity[rm, cm]))
    outs = {}
    for name, val in (("xvel1", x1), ("yvel1", y1)):
        out = np.array(values[name], copy=True)
        out.reshape(-1)[: (ym + 5) * nw].reshape(ym + 5, nw)[r, c] = val
        outs[name] = out
    return outs


def af_medfilt2(values: Values) -> dict[str, np.ndarray]:
    """ArrayFire's medfilt2 with a 5 x 5 window and zero padding: each pixel the 13th
    smallest of the 25 values around it (0 outside the image); exact (a selection)."""
    cols, rows, nb = int(values["dims0"]), int(values["dims1"]), int(values["dims2"])
    out = np.array(values["out"], copy=True)
    dst = out.reshape(-1)[: nb * rows * cols].reshape(nb, rows, cols)
    src = np.asarray(values["in"], np.float32).reshape(-1)[: nb * rows * cols].reshape(
        nb, rows, cols)
    chunk = 128
    for b in range(nb):
        pad = np.pad(src[b], 2)  # zeros
        for r0 in range(0, rows, chunk):
            r1 = min(rows, r0 + chunk)
            stack = np.stack([pad[r0 + dy: r1 + dy, dx: dx + cols]
                              for dy in range(5) for dx in range(5)])
            dst[b, r0:r1] = np.partition(stack, 12, axis=0)[12]
    return {"out": out}


def ocv_meanshift_filter(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's CUDA mean-shift filtering of RGBA8 pixels (R lowest byte): per pixel up to
    maxIter steps to the mean position and colour of the (2 sp + 1)^2 window's pixels within
    sr in colour (reads clamped to the image, positions not), each mean truncated from the
    float32 product sum * (1.f / count) as the kernel computes it, stopping on no move or a
    move of at most eps; the alpha the pixel's own; exact (the same float32 operations)."""
    cols, rows = int(values["cols"]), int(values["rows"])
    sp, sr, max_iter = int(values["sp"]), int(values["sr"]), int(values["maxIter"])
    eps = np.float32(values["eps"])
    n = rows * cols
    words = np.asarray(values["srcWords"], np.uint32).reshape(-1)[:n]
    # edge-replicated far enough for every window: a centre moves at most sp a step
    margin = sp * (max_iter + 1)
    width = cols + 2 * margin
    padded = np.pad(words.reshape(rows, cols), margin, mode="edge").reshape(-1)
    # each pixel's R, G and B 21 bits apart in one word: a tap is one gather, and the sums of
    # a window's colours (at most 255 (2 sp + 1)^2 each) are one addition
    spread = sum(((padded >> np.uint32(8 * k)) & np.uint32(255)).astype(np.int64) << (21 * k)
                 for k in range(3))
    mask = (1 << 21) - 1
    x0 = np.tile(np.arange(cols, dtype=np.int64), rows)
    y0 = np.repeat(np.arange(rows, dtype=np.int64), cols)
    c = [((words >> np.uint32(8 * k)) & np.uint32(255)).astype(np.int64) for k in range(3)]
    idx = np.arange(n)  # the pixels still walking
    isr2 = sr * sr

    def trunc(total: np.ndarray, icount: np.ndarray) -> np.ndarray:
        return np.trunc(total.astype(np.float32) * icount).astype(np.int64)

    def window(cx, cy, cc):  # count, colour sums, x and y offset sums of the hits
        base = (cy + margin) * width + (cx + margin)
        count = np.zeros(cx.size, np.int64)
        sums = np.zeros(cx.size, np.int64)
        sdx = np.zeros(cx.size, np.int64)
        sdy = np.zeros(cx.size, np.int64)
        for dy in range(-sp, sp + 1):
            row_count = np.zeros(cx.size, np.int64)
            for dx in range(-sp, sp + 1):
                w = spread[base + (dy * width + dx)]
                d0 = (w & mask) - cc[0]
                d1 = ((w >> 21) & mask) - cc[1]
                d2 = (w >> 42) - cc[2]
                hit = d0 * d0 + d1 * d1 + d2 * d2 <= isr2
                row_count += hit
                sums += w * hit
                if dx:
                    sdx += dx * hit
            count += row_count
            if dy:
                sdy += dy * row_count
        return count, sums, sdx, sdy

    for _ in range(max_iter):
        if idx.size == 0:
            break
        cx, cy = x0[idx], y0[idx]
        cc = [ck[idx] for ck in c]
        parts = [window(cx[i: i + 32768], cy[i: i + 32768], [k[i: i + 32768] for k in cc])
                 for i in range(0, idx.size, 32768)]  # pieces that stay in the caches
        count, sums, sdx, sdy = (np.concatenate(p) for p in zip(*parts, strict=True))
        moved = count > 0
        idx, cx, cy, count = idx[moved], cx[moved], cy[moved], count[moved]
        sx = cx * count + sdx[moved]  # the sums of the window's x and y over the hits
        sy = cy * count + sdy[moved]
        sums = sums[moved]
        cc = [ck[moved] for ck in cc]
        icount = np.float32(1.0) / count.astype(np.float32)
        x1, y1 = trunc(sx, icount), trunc(sy, icount)
        new = [trunc((sums >> (21 * k)) & mask, icount) for k in range(3)]
        norm2 = sum((new[k] - cc[k]) ** 2 for k in range(3))
        stop = ((cx == x1) & (cy == y1)) | (
            (np.abs(x1 - cx) + np.abs(y1 - cy) + norm2).astype(np.float32) <= eps)
        x0[idx], y0[idx] = x1, y1
        for k in range(3):
            c[k][idx] = new[k]
        idx = idx[~stop]
    out = np.array(values["outWords"], copy=True)
    packed = (c[0].astype(np.uint32) | (c[1].astype(np.uint32) << np.uint32(8))
              | (c[2].astype(np.uint32) << np.uint32(16)) | (words & np.uint32(0xFF000000)))
    out.reshape(-1)[:n] = packed
    return {"outWords": out}


def fw_apsp_step(values: Values) -> dict[str, np.ndarray]:
    """Floyd-Warshall's step k: d[i][j] = min(d[i][j], d[i][k] + d[k][j]) (row and column k
    unchanged: d[k][k] >= 0); exact (integers)."""
    n, k = int(values["n"]), int(values["k"])
    out = np.array(values["dist"], copy=True)
    d = out.reshape(-1)[: n * n].reshape(n, n)
    through = d[:, k: k + 1] + d[k: k + 1, :]
    np.minimum(d, through, out=d)
    return {"dist": out}


def slab_list_walk(values: Values) -> dict[str, np.ndarray]:
    """SlabHash's search, one query at a time: the key's bucket by computeBucket, its list
    walked from the bucket's base slab (pool slab ``bucket``) through each slab's word 31 until
    a key word (word 2i, i < 15) equals the key, whose value (word 2i + 1) is the result, or
    the list ends (word 31 0xFFFFFFFF: 0xFFFFFFFF, not found); exact."""
    empty = np.uint32(0xFFFFFFFF)
    slabs = np.asarray(values["slabs"], np.uint32).reshape(-1, 32)
    n = int(values["num_queries"])
    keys = np.asarray(values["d_queries"], np.uint32).reshape(-1)[:n]
    h = ((keys.astype(np.uint64) ^ np.uint64(values["hash_x"])) + np.uint64(values["hash_y"])
         ) & np.uint64(0xFFFFFFFF)
    current = (h % np.uint64(4294967291) % np.uint64(values["num_buckets"])).astype(np.int64)
    result = np.full(n, empty, dtype=np.uint32)
    walking = np.arange(n)
    for _ in range(len(slabs) + 1):  # a list visits each slab at most once
        if walking.size == 0:
            break
        rows = slabs[current]
        hit = rows[:, 0:30:2] == keys[walking, None]
        found = hit.any(axis=1)
        pair = hit.argmax(axis=1)
        result[walking[found]] = rows[found, 2 * pair[found] + 1]
        nxt = rows[:, 31]
        on = ~found & (nxt != empty)
        walking, current = walking[on], nxt[on].astype(np.int64)
    out = np.array(values["d_results"], copy=True)
    out.reshape(-1)[:n] = result
    return {"d_results": out}


def pmpp_conv2d_cached(values: Values) -> dict[str, np.ndarray]:
    """PMPP's 2-D convolution (cross-correlation) with a (2r + 1)^2 filter, r = 2: P[row, col]
    = sum over fRow, fCol of F[fRow, fCol] N[row - r + fRow, col - r + fCol], ghost cells 0
    (the shared tile and the cached halo give the same taps); exact (integers)."""
    width, height = int(values["width"]), int(values["height"])
    r = 2
    dim = 2 * r + 1
    src = np.asarray(values["N"], np.float64).reshape(-1)[: height * width].reshape(height, width)
    filt = np.asarray(values["F_c"], np.float64).reshape(-1)[: dim * dim].reshape(dim, dim)
    pad = np.pad(src, r)  # zeros
    acc = np.zeros((height, width))
    for f_row in range(dim):
        for f_col in range(dim):
            acc += filt[f_row, f_col] * pad[f_row: f_row + height, f_col: f_col + width]
    out = np.array(values["P"], copy=True)
    out.reshape(-1)[: height * width] = acc.reshape(-1)
    return {"P": out}


#: The 16 pixels of FAST's radius-3 Bresenham circle as (column, row) offsets, in order round
#: the circle from the one 3 rows up (af_fast.cu's idx_x / idx_y visit them in this order).
FAST_CIRCLE = ((0, -3), (1, -3), (2, -2), (3, -1), (3, 0), (3, 1), (2, 2), (1, 3), (0, 3),
               (-1, 3), (-2, 2), (-3, 1), (-3, 0), (-3, -1), (-2, -2), (-1, -3))


def af_fast(values: Values) -> dict[str, np.ndarray]:
    """FAST-9 scores (ArrayFire's locate_features): at each pixel at least `edge` from the
    border, a corner when 9 cyclically consecutive circle pixels are all above p + thr or all
    below p - thr, its score the larger of the sums of |pixel - p| - thr over the circle's
    brighter and over its darker pixels; other pixels keep the score image's initial value.
    The kernel's early rejection (both opposite pixels of a pair within thr) cannot reject a
    corner, so it is left out here. float32 as in the kernel; exact (integer pixels)."""
    cols, rows = int(values["idim0"]), int(values["idim1"])
    thr, edge = np.float32(values["thr"]), int(values["edge"])
    img = np.asarray(values["in"], np.float32).reshape(-1)[: rows * cols].reshape(rows, cols)
    out = np.array(values["score"], copy=True)
    dst = out.reshape(-1)[: rows * cols].reshape(rows, cols)
    inner_cols = cols - 2 * edge

    def arc(mask: np.ndarray) -> np.ndarray:  # 9 consecutive set bits, cyclically
        doubled = mask | (mask << np.uint32(16))
        run = doubled.copy()
        for k in range(1, 9):
            run &= doubled >> np.uint32(k)
        return (run & np.uint32(0xFFFF)) != 0

    for r0 in range(edge, rows - edge, 128):
        r1 = min(rows - edge, r0 + 128)
        p = img[r0:r1, edge: cols - edge]
        high, low = p + thr, p - thr
        bright = np.zeros(p.shape, np.uint32)
        dark = np.zeros(p.shape, np.uint32)
        s_bright = np.zeros(p.shape, np.float32)
        s_dark = np.zeros(p.shape, np.float32)
        for i, (dx, dy) in enumerate(FAST_CIRCLE):
            pix = img[r0 + dy: r1 + dy, edge + dx: edge + dx + inner_cols]
            bright |= (pix > high).view(np.uint8).astype(np.uint32) << np.uint32(i)
            dark |= (pix < low).view(np.uint8).astype(np.uint32) << np.uint32(i)
            # |pix - p| - thr over the brighter (darker) pixels: the positive parts of
            # pix - p - thr (p - pix - thr), which are positive exactly there
            s_bright += np.maximum(pix - high, 0)
            s_dark += np.maximum(low - pix, 0)
        corner = arc(bright) | arc(dark)
        window = dst[r0:r1, edge: cols - edge]
        window[corner] = np.maximum(s_bright, s_dark)[corner]
    return {"score": out}


def _lulesh_triple(x1, y1, z1, x2, y2, z2, x3, y3, z3):
    return x1 * (y2 * z3 - z2 * y3) + x2 * (z1 * y3 - y1 * z3) + x3 * (y1 * z2 - z1 * y2)


def lulesh_elem_volume(x: np.ndarray, y: np.ndarray, z: np.ndarray) -> np.ndarray:
    """LULESH's CalcElemVolume of hexahedra given as (..., 8) node coordinates."""
    def d(c, i, j):
        return c[..., i] - c[..., j]

    vol = (_lulesh_triple(d(x, 3, 1) + d(x, 7, 2), d(x, 6, 3), d(x, 2, 0),
                          d(y, 3, 1) + d(y, 7, 2), d(y, 6, 3), d(y, 2, 0),
                          d(z, 3, 1) + d(z, 7, 2), d(z, 6, 3), d(z, 2, 0))
           + _lulesh_triple(d(x, 4, 3) + d(x, 5, 7), d(x, 6, 4), d(x, 7, 0),
                            d(y, 4, 3) + d(y, 5, 7), d(y, 6, 4), d(y, 7, 0),
                            d(z, 4, 3) + d(z, 5, 7), d(z, 6, 4), d(z, 7, 0))
           + _lulesh_triple(d(x, 1, 4) + d(x, 2, 5), d(x, 6, 1), d(x, 5, 0),
                            d(y, 1, 4) + d(y, 2, 5), d(y, 6, 1), d(y, 5, 0),
                            d(z, 1, 4) + d(z, 2, 5), d(z, 6, 1), d(z, 5, 0)))
    return vol * (1.0 / 12.0)


#: LULESH's six faces of a hexahedron, as CalcElemCharacteristicLength passes them to AreaFace.
LULESH_FACES = ((0, 1, 2, 3), (4, 5, 6, 7), (0, 1, 5, 4), (1, 2, 6, 5), (2, 3, 7, 6),
                (3, 0, 4, 7))


def lulesh_kinematics(values: Values) -> dict[str, np.ndarray]:
    """LULESH's CalcKinematicsForElems: per element, from its 8 nodes (nodelist), vnew =
    volume / volo, delv = vnew - v, arealg = 4 volume / sqrt(the largest AreaFace), and with
    the nodes moved back half a step (x - 0.5 deltaTime xd) the shape-function derivatives B
    and detJ at the element's centre, dxx, dyy, dzz = (1 / detJ) sum over the node pairs (0, 6),
    (1, 7), (2, 4), (3, 5) of B times the velocity differences. float64; with integer node data
    every sum and product is exact, so the same divisions and square roots as the kernel's
    give the same bits."""
    n = int(values["numElem"])
    dt2 = 0.5 * float(values["deltaTime"])
    nodes = np.asarray(values["nodelist"], np.int64).reshape(-1)[: 8 * n].reshape(n, 8)
    node = {name: np.asarray(values[name], np.float64).reshape(-1)
            for name in ("x", "y", "z", "xd", "yd", "zd")}
    volo = np.asarray(values["volo"], np.float64).reshape(-1)[:n]
    v = np.asarray(values["v"], np.float64).reshape(-1)[:n]
    outs = {name: np.array(values[name], copy=True)
            for name in ("vnew", "delv", "arealg", "dxx", "dyy", "dzz")}
    flat = {name: arr.reshape(-1) for name, arr in outs.items()}
    for e0 in range(0, n, 1 << 17):
        e1 = min(n, e0 + (1 << 17))
        idx = nodes[e0:e1]
        x, y, z = node["x"][idx], node["y"][idx], node["z"][idx]
        volume = lulesh_elem_volume(x, y, z)
        rel = volume / volo[e0:e1]
        flat["vnew"][e0:e1] = rel
        flat["delv"][e0:e1] = rel - v[e0:e1]
        char = np.zeros(e1 - e0)
        for f in LULESH_FACES:
            def side(c, f=f):
                a, b = c[:, f[2]] - c[:, f[0]], c[:, f[3]] - c[:, f[1]]
                return a - b, a + b
            (fx, gx), (fy, gy), (fz, gz) = side(x), side(y), side(z)
            area = ((fx * fx + fy * fy + fz * fz) * (gx * gx + gy * gy + gz * gz)
                    - (fx * gx + fy * gy + fz * gz) * (fx * gx + fy * gy + fz * gz))
            char = np.maximum(area, char)
        flat["arealg"][e0:e1] = 4.0 * volume / np.sqrt(char)
        vel = [node["xd"][idx], node["yd"][idx], node["zd"][idx]]
        pos = [x - dt2 * vel[0], y - dt2 * vel[1], z - dt2 * vel[2]]

        def fj(c):  # the Jacobian's column of one coordinate: along xi, eta, zeta
            d60, d53, d71, d42 = (c[:, 6] - c[:, 0], c[:, 5] - c[:, 3], c[:, 7] - c[:, 1],
                                  c[:, 4] - c[:, 2])
            return (0.125 * (d60 + d53 - d71 - d42), 0.125 * (d60 - d53 + d71 - d42),
                    0.125 * (d60 + d53 + d71 + d42))

        (xxi, xet, xze), (yxi, yet, yze), (zxi, zet, zze) = fj(pos[0]), fj(pos[1]), fj(pos[2])
        cof = {  # cofactors of the Jacobian
            "x": ((yet * zze) - (zet * yze), -(yxi * zze) + (zxi * yze), (yxi * zet) - (zxi * yet)),
            "y": (-(xet * zze) + (zet * xze), (xxi * zze) - (zxi * xze),
                  -(xxi * zet) + (zxi * xet)),
            "z": ((xet * yze) - (yet * xze), -(xxi * yze) + (yxi * xze), (xxi * yet) - (yxi * xet)),
        }
        det_j = 8.0 * (xet * cof["x"][1] + yet * cof["y"][1] + zet * cof["z"][1])
        inv = 1.0 / det_j
        for axis, name in enumerate(("dxx", "dyy", "dzz")):
            cxi, cet, cze = cof["xyz"[axis]]
            b = (-cxi - cet - cze, cxi - cet - cze, cxi + cet - cze, -cxi + cet - cze)
            u = vel[axis]
            total = (b[0] * (u[:, 0] - u[:, 6]) + b[1] * (u[:, 1] - u[:, 7])
                     + b[2] * (u[:, 2] - u[:, 4]) + b[3] * (u[:, 3] - u[:, 5]))
            flat[name][e0:e1] = inv * total
    return outs


def _md5_words(key: bytes) -> tuple[int, int, int, int]:
    import hashlib

    return tuple(int.from_bytes(hashlib.md5(key).digest()[4 * i: 4 * i + 4], "little")
                 for i in range(4))


def shoc_md5hash(values: Values) -> dict[str, np.ndarray]:
    """SHOC's MD5Hash search: the index of the key whose MD5 is the search digest (key byte i
    the index's base-valsPerByte digit i), its 8 bytes (byteLength digits and zeros) and the
    digest; the outputs keep their initial values when no key has it. A keyspace of at most
    2^20 keys is searched whole (hashlib); a larger one among its keys whose bytes are all
    below 4 (the manifest's target is one of them), so that a target beyond those reads as
    not found and fails the comparison. Exact."""
    import itertools as it

    target = tuple(int(values[f"searchDigest{i}"]) for i in range(4))
    keyspace, length = int(values["keyspace"]), int(values["byteLength"])
    vals = int(values["valsPerByte"])
    index = np.array(values["foundIndex"], copy=True)
    key_words = np.array(values["foundKeyWords"], copy=True)
    digest = np.array(values["foundDigest"], copy=True)
    digits = range(vals) if keyspace <= 1 << 20 else range(min(vals, 4))
    for key in it.product(digits, repeat=length):  # key[0] fastest: reversed below
        key = key[::-1]
        i = sum(d * vals ** k for k, d in enumerate(key))
        if i < keyspace and _md5_words(bytes(key)) == target:
            full = bytes(key) + bytes(8 - length)
            index.reshape(-1)[0] = i
            key_words.reshape(-1)[:2] = np.frombuffer(full, np.uint32)
            digest.reshape(-1)[:4] = target
            break
    return {"foundIndex": index, "foundKeyWords": key_words, "foundDigest": digest}


def cusp_csr_vector(values: Values) -> dict[str, np.ndarray]:
    """y = A x with A in CSR (Ap, Aj, Ax): each row's sum of Ax[jj] x[Aj[jj]]; integer data
    keep every float32 sum exact, in any order."""
    rows = int(values["num_rows"])
    ptr = np.asarray(values["Ap"], np.int64).reshape(-1)[: rows + 1]
    nnz = int(ptr[-1])
    cols = np.asarray(values["Aj"], np.int64).reshape(-1)[:nnz]
    vals = np.asarray(values["Ax"], np.float64).reshape(-1)[:nnz]
    x = np.asarray(values["x"], np.float64).reshape(-1)
    row_of = np.repeat(np.arange(rows), np.diff(ptr))
    y = np.bincount(row_of, weights=vals * x[cols], minlength=rows)
    out = np.array(values["y"], copy=True)
    out.reshape(-1)[:rows] = y
    return {"y": out}


def _cuda_float2int_rn(x: np.ndarray) -> np.ndarray:
    """CUDA's __float2int_rn on float32 arrays: nearest, ties to even; NaN 0, values beyond
    int32's range its nearest end (PTX cvt.rni.s32.f32 saturates)."""
    r = np.rint(np.nan_to_num(x, nan=0.0, posinf=2.0**31, neginf=-(2.0**31)).astype(np.float64))
    return np.clip(r, -(2**31), 2**31 - 1).astype(np.int64)


def pcl_kinfu_tsdf(values: Values) -> dict[str, np.ndarray]:
    """PCL KinFu's tsdf23 on a float32 depth image and a volume of short2 (tsdf, weight) words:
    every voxel column walked along z with the kernel's float32 operations in its order (each
    product and sum rounded, none fused: the kernel writes them with __fmul_rn / __fadd_rn),
    the pixel by __float2int_rn, a voxel with depth there, Dp != 0 and sdf >= -tranc_dist
    averaged in with weight 1 and packed by __float2int_rz(tsdf 32767) clamped to +-32767.
    Exact."""
    f32 = np.float32
    vol_x, vol_y, vol_z = int(values["vol_x"]), int(values["vol_y"]), int(values["vol_z"])
    cols, rows = int(values["depth_cols"]), int(values["depth_rows"])
    depth = np.asarray(values["depthScaled"], f32).reshape(-1)[: rows * cols]
    out = np.array(values["volume_words"], copy=True)
    words = out.reshape(-1)
    s = {k: f32(values[k]) for k in ("tranc_dist", "r00", "r01", "r02", "r10", "r11", "r12",
                                      "r20", "r21", "r22", "t_x", "t_y", "t_z", "fx", "fy",
                                      "cx", "cy", "cell_x", "cell_y", "cell_z")}
    half = f32(0.5)
    ys, xs = np.meshgrid(np.arange(vol_y, dtype=f32), np.arange(vol_x, dtype=f32), indexing="ij")
    v_g_x = (xs + half) * s["cell_x"] - s["t_x"]
    v_g_y = (ys + half) * s["cell_y"] - s["t_y"]
    v_g_z = half * s["cell_z"] - s["t_z"]
    part = v_g_x * v_g_x + v_g_y * v_g_y
    v_x = ((s["r00"] * v_g_x + s["r01"] * v_g_y) + s["r02"] * v_g_z) * s["fx"]
    v_y = ((s["r10"] * v_g_x + s["r11"] * v_g_y) + s["r12"] * v_g_z) * s["fy"]
    v_z = (s["r20"] * v_g_x + s["r21"] * v_g_y) + s["r22"] * v_g_z
    z_scaled = f32(0)
    step_x = s["r02"] * s["cell_z"] * s["fx"]
    step_y = s["r12"] * s["cell_z"] * s["fy"]
    inv_tranc = f32(1) / s["tranc_dist"]
    plane = vol_x * vol_y
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        for z in range(vol_z):
            inv_z = f32(1) / (v_z + s["r22"] * z_scaled)
            px = _cuda_float2int_rn(v_x * inv_z + s["cx"])
            py = _cuda_float2int_rn(v_y * inv_z + s["cy"])
            inside = ~(inv_z < 0) & (px >= 0) & (py >= 0) & (px < cols) & (py < rows)
            dp = np.zeros(inside.shape, f32)
            dp[inside] = depth[py[inside] * cols + px[inside]]
            sdf = dp - np.sqrt(v_g_z * v_g_z + part)
            update = inside & (dp != 0) & (sdf >= -s["tranc_dist"])
            tsdf = np.fmin(f32(1), sdf * inv_tranc)
            layer = words[z * plane: (z + 1) * plane].reshape(vol_y, vol_x)
            tsdf_prev = (layer & 0xFFFF).astype(np.uint16).view(np.int16).astype(f32) / f32(32767)
            weight_prev = (layer >> 16).astype(np.int64)
            tsdf_new = (tsdf_prev * weight_prev.astype(f32) + tsdf) / (weight_prev + 1).astype(f32)
            fixedp = np.clip(np.trunc(tsdf_new * f32(32767)), -32767, 32767).astype(np.int64)
            weight_new = np.minimum(weight_prev + 1, 128)
            packed = ((weight_new << 16) | (fixedp & 0xFFFF)).astype(np.int32)
            layer[update] = packed[update]
            v_g_z = v_g_z + s["cell_z"]
            z_scaled = z_scaled + s["cell_z"]
            v_x = v_x + step_x
            v_y = v_y + step_y
    return {"volume_words": out}


def torch_weight_norm_last(values: Values) -> dict[str, np.ndarray]:
    """w = g v / ||v|| along the last (fast) dimension: norms[c] = sqrt(sum over the rows of
    v[r, c]^2), w[r, c] = (g[c] v[r, c]) (1 / norms[c]), float32; integer data keep the sums
    exact, and the square root, reciprocal and products round as the kernel's. Exact."""
    f32 = np.float32
    cols, rows = int(values["fast_dim_size"]), int(values["slower_dims_size"])
    v = np.asarray(values["v"], f32).reshape(-1)[: rows * cols].reshape(rows, cols)
    g = np.asarray(values["g"], f32).reshape(-1)[:cols]
    sums = (v.astype(np.float64) ** 2).sum(axis=0).astype(f32)
    norm = np.sqrt(sums)
    with np.errstate(divide="ignore", invalid="ignore"):
        rnorm = f32(1) / norm
        w_val = (g[None, :] * v) * rnorm[None, :]
    w = np.array(values["w"], copy=True)
    w.reshape(-1)[: rows * cols] = w_val.reshape(-1)
    norms = np.array(values["norms"], copy=True)
    norms.reshape(-1)[:cols] = norm
    return {"w": w, "norms": norms}


#: miniWeather's constants: P = C0 (rho theta)^gamma, gamma = cp / cv.
MINIWEATHER_C0 = 27.5629410929725921310572974482
MINIWEATHER_GAMMA = 1.40027894002789400278940027894


def miniweather_flux_x(values: Values) -> dict[str, np.ndarray]:
    """miniWeather's x-direction fluxes at the nx + 1 interfaces of the nz layers: per variable
    the fourth-order interpolation of cells i .. i + 3 of the haloed row and the third
    difference, then r u - h d3, r u u + p - h d3, r u w - h d3 and r u t - h d3 (float64)."""
    nx, nz = int(values["nx"]), int(values["nz"])
    hv = float(values["hv_coef"])
    hs = 2
    state = np.asarray(values["state"], np.float64).reshape(-1)[: 4 * (nz + 4) * (nx + 4)]
    state = state.reshape(4, nz + 4, nx + 4)[:, hs: hs + nz, :]
    s = [state[:, :, j: j + nx + 1] for j in range(4)]
    vals = -s[0] / 12 + 7 * s[1] / 12 + 7 * s[2] / 12 - s[3] / 12
    d3 = -s[0] + 3 * s[1] - 3 * s[2] + s[3]
    hy_dens = np.asarray(values["hy_dens_cell"], np.float64).reshape(-1)[hs: hs + nz, None]
    hy_theta = np.asarray(values["hy_dens_theta_cell"], np.float64).reshape(-1)[hs: hs + nz, None]
    r = vals[0] + hy_dens
    u = vals[1] / r
    w = vals[2] / r
    t = (vals[3] + hy_theta) / r
    p = MINIWEATHER_C0 * np.power(r * t, MINIWEATHER_GAMMA)
    flux = np.array(values["flux"], copy=True)
    planes = flux.reshape(-1)[: 4 * (nz + 1) * (nx + 1)].reshape(4, nz + 1, nx + 1)
    planes[0, :nz] = r * u - hv * d3[0]
    planes[1, :nz] = r * u * u + p - hv * d3[1]
    planes[2, :nz] = r * u * w - hv * d3[2]
    planes[3, :nz] = r * u * t - hv * d3[3]
    return {"flux": flux}


def mgpu_merge(values: Values) -> dict[str, np.ndarray]:
    """The stable merge of sorted a and b (keys and values), a's keys first among equal keys
    (moderngpu's bounds_lower): a[i] goes to i + (b's keys below it), b[j] to j + (a's keys
    up to it). Exact."""
    na, nb = int(values["a_count"]), int(values["b_count"])
    a = np.asarray(values["a_keys"]).reshape(-1)[:na]
    b = np.asarray(values["b_keys"]).reshape(-1)[:nb]
    pos_a = np.arange(na) + np.searchsorted(b, a, side="left")
    pos_b = np.arange(nb) + np.searchsorted(a, b, side="right")
    keys = np.array(values["c_keys"], copy=True)
    vals = np.array(values["c_vals"], copy=True)
    flat_k, flat_v = keys.reshape(-1), vals.reshape(-1)
    flat_k[pos_a] = a
    flat_k[pos_b] = b
    flat_v[pos_a] = np.asarray(values["a_vals"]).reshape(-1)[:na]
    flat_v[pos_b] = np.asarray(values["b_vals"]).reshape(-1)[:nb]
    return {"c_keys": keys, "c_vals": vals}


def bude_fasten(values: Values) -> dict[str, np.ndarray]:
    """miniBUDE's pose energies: each pose's ligand (rotated by its three angles, translated)
    against every protein atom, the steric, charge and desolvation terms per pair as
    fasten_main's selects in float32, summed in float64, times 0.5. Each distinct pose is
    evaluated once (the manifest's poses take few distinct values), so that the full size
    takes seconds. Agrees with the kernel's float32 sums to about 1e-6."""
    f32 = np.float32
    n = int(values["numTransforms"])
    natlig, natpro, ntypes = int(values["natlig"]), int(values["natpro"]), int(values["ntypes"])
    protein = np.asarray(values["protein_words"], f32).reshape(-1)[: 4 * natpro].reshape(-1, 4)
    ligand = np.asarray(values["ligand_words"], f32).reshape(-1)[: 4 * natlig].reshape(-1, 4)
    hbtype = np.asarray(values["ff_hbtype"]).reshape(-1)[:ntypes]
    radius, hphb, elsc = (np.asarray(values[k], f32).reshape(-1)[:ntypes]
                          for k in ("ff_radius", "ff_hphb", "ff_elsc"))
    poses = np.stack([np.asarray(values[f"transforms_{k}"], f32).reshape(-1)[:n]
                      for k in range(6)], axis=1)
    distinct, inverse = np.unique(poses, axis=0, return_inverse=True)
    lt, pt = ligand[:, 3].astype(np.int64), protein[:, 3].astype(np.int64)
    # the pair's constants, (ligand atom, protein atom)
    radij = radius[pt][None, :] + radius[lt][:, None]
    r_radij = f32(1) / radij
    both_f = (hbtype[pt][None, :] == 70) & (hbtype[lt][:, None] == 70)
    elcdst = np.where(both_f, f32(4), f32(2))
    elcdst1 = np.where(both_f, f32(0.25), f32(0.5))
    type_e = (hbtype[pt][None, :] == 69) | (hbtype[lt][:, None] == 69)
    p_h, l_h = hphb[pt][None, :], hphb[lt][:, None]
    p_hphb = p_h * np.where((p_h < 0) & (l_h > 0), f32(-1), f32(1))
    l_hphb = l_h * np.where((p_h > 0) & (l_h < 0), f32(-1), f32(1))
    distdslv = np.where(p_h < 0, np.where(l_h < 0, f32(5.5), f32(1)),
                        np.where(l_h < 0, f32(1), f32(-3.402823466e38)))
    r_distdslv = f32(1) / distdslv
    chrg_init = elsc[lt][:, None] * elsc[pt][None, :]
    dslv_init = p_hphb + l_hphb
    dslv_on = (np.broadcast_to(p_h, radij.shape) != 0)
    # the poses' transforms (float32, the kernel's products)
    ang = distinct[:, :3]
    sx, sy, sz = (np.sin(ang[:, k]) for k in range(3))
    cx, cy, cz = (np.cos(ang[:, k]) for k in range(3))
    rot = [[cy * cz, sx * sy * cz - cx * sz, cx * sy * cz + sx * sz],
           [cy * sz, sx * sy * sz + cx * cz, cx * sy * sz - sx * cz],
           [-sy, sx * cy, cx * cy]]
    lpos = [distinct[:, 3 + r][:, None] + ligand[None, :, 0] * rot[r][0][:, None]
            + ligand[None, :, 1] * rot[r][1][:, None] + ligand[None, :, 2] * rot[r][2][:, None]
            for r in range(3)]  # (distinct poses, ligand atoms) each
    energy = np.zeros(len(distinct))
    for d0 in range(0, len(distinct), 32):
        d1 = min(len(distinct), d0 + 32)
        dx, dy, dz = (lpos[r][d0:d1, :, None] - protein[None, None, :, r] for r in range(3))
        dist = np.sqrt(dx * dx + dy * dy + dz * dz)
        distbb = dist - radij
        zone1 = distbb < 0
        steric = (f32(1) - dist * r_radij) * np.where(zone1, f32(76), f32(0))
        chrg = chrg_init * (np.where(zone1, f32(1), f32(1) - distbb * elcdst1)
                            * np.where(distbb < elcdst, f32(1), f32(0)))
        chrg = np.where(type_e, -np.abs(chrg), chrg)
        coeff = f32(1) - distbb * r_distdslv
        dslv = dslv_init * np.where((distbb < distdslv) & dslv_on, f32(1), f32(0))
        dslv = dslv * np.where(zone1, f32(1), coeff)
        total = steric.astype(np.float64) + (chrg * f32(45)).astype(np.float64) + dslv
        energy[d0:d1] = total.sum(axis=(1, 2))
    out = np.array(values["etotals"], copy=True)
    out.reshape(-1)[:n] = (0.5 * energy[inverse.reshape(-1)]).astype(f32)
    return {"etotals": out}


def cus_reduce_single_pass(values: Values, threads: int) -> dict[str, np.ndarray]:
    """The CUDA Samples' single-pass sum with threads per block on min(cdiv(n, 2 threads),
    len(g_odata)) blocks (the grid the manifest gives: maxBlocks is g_odata's length): block
    b's partial is the sum of the 2 threads-long chunks c with c mod grid = b; g_odata[0] is
    the total and g_odata[1 .. grid - 1] the partials, the rest untouched; retirementCount back
    to 0. Integer data: exact."""
    n = int(values["n"])
    x = np.asarray(values["g_idata"], np.float64).reshape(-1)[:n]
    out = np.array(values["g_odata"], copy=True)
    flat = out.reshape(-1)
    grid = min(-(-n // (2 * threads)), flat.size)
    block = (np.arange(n) // (2 * threads)) % grid
    flat[:grid] = np.bincount(block, weights=x, minlength=grid)
    flat[0] = x.sum()
    count = np.zeros_like(np.asarray(values["retirementCount"]))
    return {"g_odata": out, "retirementCount": count}


def af_scan_first(values: Values) -> dict[str, np.ndarray]:
    """Inclusive prefix sums along each row: out[r, c] = sum of in[r, :c + 1] (int32; integer
    data far below 2^31). Exact."""
    cols, rows = int(values["cols"]), int(values["rows"])
    src = np.asarray(values["in"]).reshape(-1)[: rows * cols].reshape(rows, cols)
    out = np.array(values["out"], copy=True)
    sums = np.cumsum(src.astype(np.int64), axis=1).astype(out.dtype)
    out.reshape(-1)[: rows * cols] = sums.reshape(-1)
    return {"out": out}


def ggml_diag_mask_inf(values: Values) -> dict[str, np.ndarray]:
    """dst[r, c] = x[r, c] - FLT_MAX where c > n_past + r % rows_per_channel, else x[r, c]
    (float32: a small integer less FLT_MAX rounds to -FLT_MAX). Exact."""
    cols, rows = int(values["ncols"]), int(values["nrows"])
    rpc, n_past = int(values["rows_per_channel"]), int(values["n_past"])
    x = np.asarray(values["x"], np.float32).reshape(-1)[: rows * cols].reshape(rows, cols)
    r = np.arange(rows)[:, None]
    c = np.arange(cols)[None, :]
    masked = (c > n_past + r % rpc).astype(np.float32)
    dst = np.array(values["dst"], copy=True)
    dst.reshape(-1)[: rows * cols] = (x - masked * np.finfo(np.float32).max).reshape(-1)
    return {"dst": dst}


def clover_ideal_gas(values: Values) -> dict[str, np.ndarray]:
    """CloverLeaf's ideal gas on the interior (a halo of two left as it was): v = 1 / d,
    p = 0.4 d e, sound speed sqrt(v^2 (p 0.4 d + d p)). float64 (rtol 1e-12 in the manifest)."""
    xm, ym = int(values["x_max"]), int(values["y_max"])
    shape = (ym + 4, xm + 4)
    d = np.asarray(values["density"], np.float64).reshape(shape)[2:ym + 2, 2:xm + 2]
    e = np.asarray(values["energy"], np.float64).reshape(shape)[2:ym + 2, 2:xm + 2]
    v = 1.0 / d
    p = (1.4 - 1.0) * d * e
    pbye = (1.4 - 1.0) * d
    pbyv = -d * p
    ss = np.sqrt(v * v * (p * pbye - pbyv))
    pressure = np.array(values["pressure"], copy=True)
    soundspeed = np.array(values["soundspeed"], copy=True)
    pressure.reshape(shape)[2:ym + 2, 2:xm + 2] = p
    soundspeed.reshape(shape)[2:ym + 2, 2:xm + 2] = ss
    return {"pressure": pressure, "soundspeed": soundspeed}


def tealeaf_cg_calc_w(values: Values) -> dict[str, np.ndarray]:
    """TeaLeaf's w = A p on the interior of the halo-padded array (A's five-point operator from
    Kx and Ky, 1 on the diagonal plus the face coefficients) and pw += sum of w p; float64
    with integer data: every product and sum exact. Exact."""
    xm, ym = int(values["x_max"]), int(values["y_max"])
    shape = (ym + 4, xm + 4)
    p = np.asarray(values["p"], np.float64).reshape(shape)
    kx = np.asarray(values["Kx"], np.float64).reshape(shape)
    ky = np.asarray(values["Ky"], np.float64).reshape(shape)
    i, j = slice(2, ym + 2), slice(2, xm + 2)
    ip, jp = slice(3, ym + 3), slice(3, xm + 3)
    im, jm = slice(1, ym + 1), slice(1, xm + 1)
    smvp = ((1.0 + (kx[i, jp] + kx[i, j]) + (ky[ip, j] + ky[i, j])) * p[i, j]
            - (kx[i, jp] * p[i, jp] + kx[i, j] * p[i, jm])
            - (ky[ip, j] * p[ip, j] + ky[i, j] * p[im, j]))
    w = np.array(values["w"], copy=True)
    w.reshape(shape)[i, j] = smvp
    pw = np.array(values["pw"], copy=True)
    pw[0] += float((smvp * p[i, j]).sum())
    return {"w": w, "pw": pw}


def pannotia_mis1(values: Values) -> dict[str, np.ndarray]:
    """For each undecided vertex (c_array -1): the smallest node_value among its undecided
    neighbours (BIGNUM 99999999 where none), the stop word 1 where any vertex is undecided;
    the others' min_array left as it was. Exact."""
    n, e = int(values["num_nodes"]), int(values["num_edges"])
    row = np.asarray(values["row"], np.int64)[: n + 1].copy()
    row[n] = e  # the last vertex's row ends at num_edges
    col = np.asarray(values["col"], np.int64)[:e]
    c_array = np.asarray(values["c_array"])[:n]
    node_value = np.asarray(values["node_value"], np.int64)[:n]
    bignum = 99999999
    cand = np.where(c_array[col] == -1, node_value[col], bignum)
    starts, lengths = row[:-1], np.diff(row)
    mins = np.full(n, bignum, np.int64)
    nonempty = lengths > 0
    if cand.size:
        red = np.minimum.reduceat(cand, np.minimum(starts, max(e - 1, 0)))
        mins[nonempty] = np.minimum(red[nonempty], bignum)
    undecided = c_array == -1
    min_array = np.array(values["min_array"], copy=True)
    min_array[:n][undecided] = mins[undecided].astype(min_array.dtype)
    stop = np.array(values["stop"], copy=True)
    if undecided.any():
        stop[0] = 1
    return {"min_array": min_array, "stop": stop}


def odeint_lorenz_rk4(values: Values) -> dict[str, np.ndarray]:
    """Each Lorenz system (sigma 10, b 8/3, its own R) from its (x, y, z) through `steps`
    classical RK4 steps of dt, x + dt/6 k1 + dt/3 k2 + dt/3 k3 + dt/6 k4, float64; each
    distinct (x, y, z, R) integrated once (rtol / atol 1e-9 in the manifest)."""
    n, steps, dt = int(values["n"]), int(values["steps"]), float(values["dt"])
    init = np.stack([np.asarray(values[k], np.float64)[:n] for k in ("x", "y", "z", "R")], 1)
    uniq, inverse = np.unique(init, axis=0, return_inverse=True)
    sx, sy, sz, r = (uniq[:, k].copy() for k in range(4))
    sigma, b = 10.0, 8.0 / 3.0
    dt2, dt3, dt6 = dt / 2.0, dt / 3.0, dt / 6.0

    def field(x, y, z):
        return sigma * (y - x), r * x - y - x * z, -b * z + x * y

    for _ in range(steps):
        k1 = field(sx, sy, sz)
        k2 = field(sx + dt2 * k1[0], sy + dt2 * k1[1], sz + dt2 * k1[2])
        k3 = field(sx + dt2 * k2[0], sy + dt2 * k2[1], sz + dt2 * k2[2])
        k4 = field(sx + dt * k3[0], sy + dt * k3[1], sz + dt * k3[2])
        sx = sx + dt6 * k1[0] + dt3 * k2[0] + dt3 * k3[0] + dt6 * k4[0]
        sy = sy + dt6 * k1[1] + dt3 * k2[1] + dt3 * k3[1] + dt6 * k4[1]
        sz = sz + dt6 * k1[2] + dt3 * k2[2] + dt3 * k3[2] + dt6 * k4[2]
    inverse = np.asarray(inverse).reshape(-1)
    out = {}
    for name, vals in (("x", sx), ("y", sy), ("z", sz)):
        arr = np.array(values[name], copy=True)
        arr[:n] = vals[inverse]
        out[name] = arr
    return out


def ffmpeg_yadif(values: Values) -> dict[str, np.ndarray]:
    """FFmpeg's yadif on one 8-bit plane (bytes of the uint32 words, dst_pitch a line): the
    lines with y % 2 == parity copied from the current frame, the others the spatial prediction
    (the best of five directions through the lines above and below) clamped to the temporal
    average p2 -+ diff; reads clamped to the frame. Integer arithmetic: exact."""
    w, h = int(values["dst_width"]), int(values["dst_height"])
    pitch = int(values["dst_pitch"])
    parity, tff = int(values["parity"]), int(values["tff"])
    skip = bool(int(values["skip_spatial_check"]))

    def padded(name: str) -> np.ndarray:  # the plane with its edges repeated: clamped reads
        plane = np.asarray(values[name]).view(np.uint8).reshape(-1)[: h * pitch]
        return np.pad(plane.reshape(h, pitch)[:, :w].astype(np.int16), ((2, 2), (3, 3)),
                      mode="edge")  # int16: every sum and difference below fits

    prev, cur, nxt = padded("prev"), padded("cur"), padded("next")

    def at(img: np.ndarray, dx: int, dy: int) -> np.ndarray:
        return img[2 + dy : 2 + dy + h, 3 + dx : 3 + dx + w]

    a, b, c, d, e, f, g = (at(cur, dx, -1) for dx in range(-3, 4))
    hh, i, j, k, l_, m, n = (at(cur, dx, 1) for dx in range(-3, 4))
    pred = (d + k) // 2
    score = np.abs(c - j) + np.abs(d - k) + np.abs(e - l_)
    # spatial_predictor's nested ifs: the second direction of each side only where its first
    # one was taken
    for near, far in (((np.abs(b - k) + np.abs(c - l_) + np.abs(d - m), (c + l_) // 2),
                       (np.abs(a - l_) + np.abs(b - m) + np.abs(c - n), (b + m) // 2)),
                      ((np.abs(d - i) + np.abs(e - j) + np.abs(f - k), (e + j) // 2),
                       (np.abs(e - hh) + np.abs(f - i) + np.abs(g - j), (f + i) // 2))):
        take = near[0] < score
        pred = np.where(take, near[1], pred)
        score = np.where(take, near[0], score)
        take &= far[0] < score
        pred = np.where(take, far[1], pred)
        score = np.where(take, far[0], score)
    second = not (parity ^ tff)
    prev1, next1 = (cur, nxt) if second else (prev, cur)
    big_a, big_b = at(prev, 0, -1), at(prev, 0, 1)
    big_f, big_g = at(cur, 0, -1), at(cur, 0, 1)
    big_k, big_l = at(nxt, 0, -1), at(nxt, 0, 1)
    p0 = (at(prev1, 0, -2) + at(next1, 0, -2)) // 2
    p2 = (at(prev1, 0, 0) + at(next1, 0, 0)) // 2
    p4 = (at(prev1, 0, 2) + at(next1, 0, 2)) // 2
    p1, p3 = big_f, big_g
    diff = np.maximum.reduce([np.abs(at(prev1, 0, 0) - at(next1, 0, 0)) // 2,
                              (np.abs(big_a - big_f) + np.abs(big_b - big_g)) // 2,
                              (np.abs(big_k - big_f) + np.abs(big_g - big_l)) // 2])
    if not skip:
        maxi = np.maximum.reduce([p2 - p3, p2 - p1, np.minimum(p0 - p1, p4 - p3)])
        mini = np.minimum.reduce([p2 - p3, p2 - p1, np.maximum(p0 - p1, p4 - p3)])
        diff = np.maximum.reduce([diff, mini, -maxi])
    pred = np.where(pred > p2 + diff, p2 + diff, pred)
    pred = np.where(pred < p2 - diff, p2 - diff, pred)
    rows = (np.arange(h) % 2 == parity)[:, None]
    frame = np.where(rows, at(cur, 0, 0), pred).astype(np.uint8)
    dst = np.array(values["dst"], copy=True)
    dst.view(np.uint8).reshape(-1)[: h * pitch].reshape(h, pitch)[:, :w] = frame
    return {"dst": dst}


def mumax3_exchange(values: Values) -> dict[str, np.ndarray]:
    """mumax3's exchange field added to B: per non-empty cell the sum over its 4 (6 where
    Nz != 1) neighbours (clamped or wrapped by the PBC bits; an empty neighbour the cell itself)
    of w aLUT2d[symidx(r0, r1)] (m_ - m0), times 1 / (Ms_mul Ms) (0 where that is 0). float32
    with integer-valued data and Msat in {0, 1, 2}: exact."""
    nx, ny, nz, pbc = (int(values[k]) for k in ("Nx", "Ny", "Nz", "PBC"))
    shape, cells = (nz, ny, nx), nx * ny * nz
    m0 = np.stack([np.asarray(values[k], np.float32).reshape(-1)[:cells].reshape(shape)
                   for k in ("mx", "my", "mz")])  # integer-valued: float32 sums are exact
    regions = np.asarray(values["regions"]).view(np.uint8).reshape(-1)[:cells].reshape(shape)
    lut = np.asarray(values["aLUT2d"], np.float32)
    hi = np.maximum.outer(np.arange(256), np.arange(256))
    stiffness = lut[hi * (hi + 1) // 2 + np.minimum.outer(np.arange(256), np.arange(256))]
    empty = ~m0.any(axis=0)
    total = np.zeros_like(m0)
    axes = [(2, nx, 1, float(values["wx"])), (1, ny, 2, float(values["wy"]))]
    if nz != 1:
        axes.append((0, nz, 4, float(values["wz"])))
    for axis, length, bit, weight in axes:
        for step in (-1, 1):
            near = np.arange(length) + step
            near = near % length if pbc & bit else np.clip(near, 0, length - 1)
            # an empty neighbour is replaced by the cell itself: no term
            coef = stiffness[regions, np.take(regions, near, axis=axis)] * np.float32(weight)
            coef[np.take(empty, near, axis=axis)] = 0
            total += coef * (np.take(m0, near, axis=axis + 1) - m0)
    ms = np.float32(values["Ms_mul"]) * np.asarray(values["Ms_"], np.float32).reshape(-1)
    ms = ms[:cells].reshape(shape)
    with np.errstate(divide="ignore"):
        inv = np.where(ms == 0, np.float32(0), np.float32(1) / ms).astype(np.float32)
    out = {}
    for comp, name in enumerate(("Bx", "By", "Bz")):
        field = np.array(values[name], copy=True)
        flat = field.reshape(-1)[:cells].reshape(shape)
        added = flat + total[comp].astype(np.float32) * inv
        flat[...] = np.where(empty, flat, added)
        out[name] = field
    return out


def cusz_lorenzo_2d(values: Values) -> dict[str, np.ndarray]:
    """cuSZ's dual quantization: P = round(d ebx2_r) (half away from zero), delta = P -
    (P[y][x-1] + P[y-1][x] - P[y-1][x-1]) with zeros at each 16 x 16 chunk's first column and
    row, quantizable where |delta| < radius; quant = delta + radius there (else 0), outlier =
    delta + radius elsewhere (else 0). Integer-valued: exact."""
    d0, d1, stride = int(values["d0"]), int(values["d1"]), int(values["stride1"])
    radius = int(values["radius"])
    data = np.asarray(values["data"], np.float32).reshape(-1)[: d1 * stride]
    data = data.reshape(d1, stride)[:, :d0]
    scaled = (data * np.float32(values["ebx2_r"])).astype(np.float64)
    prequant = (np.sign(scaled) * np.floor(np.abs(scaled) + 0.5)).astype(np.float32)
    x = np.arange(d0)[None, :]
    y = np.arange(d1)[:, None]
    shifted = np.zeros((d1 + 1, d0 + 1), np.float32)
    shifted[1:, 1:] = prequant
    west = np.where(x % 16 != 0, shifted[1:, :-1], 0).astype(np.float32)
    north = np.where(y % 16 != 0, shifted[:-1, 1:], 0).astype(np.float32)
    northwest = np.where((x % 16 != 0) & (y % 16 != 0), shifted[:-1, :-1], 0).astype(np.float32)
    delta = prequant - ((west + north) - northwest)
    quantizable = np.abs(delta) < radius
    candidate = delta + np.float32(radius)
    quant = np.array(values["quant"], copy=True)
    outlier = np.array(values["outlier"], copy=True)
    quant.reshape(-1)[: d1 * stride].reshape(d1, stride)[:, :d0] = np.where(
        quantizable, candidate, 0).astype(quant.dtype)
    outlier.reshape(-1)[: d1 * stride].reshape(d1, stride)[:, :d0] = np.where(
        quantizable, 0, candidate).astype(outlier.dtype)
    return {"quant": quant, "outlier": outlier}


def llmc_layernorm(values: Values) -> dict[str, np.ndarray]:
    """llm.c's LayerNorm of each row of C: mean = sum / C in float32 (exact sum: integer
    data), rstd = 1 / sqrt(mean((x - mean)^2) + 1e-5f), out = rstd (x - mean) weight + bias,
    the last two in float64 from the float32 differences (rtol 1e-5 in the manifest)."""
    n, c = int(values["N"]), int(values["C"])
    x = np.asarray(values["inp"], np.float32).reshape(-1)[: n * c].reshape(n, c)
    total = x.astype(np.float64).sum(axis=1).astype(np.float32)
    mean = total / np.float32(c)
    diff = (x - mean[:, None]).astype(np.float64)
    var = (diff * diff).sum(axis=1) / c
    rstd = 1.0 / np.sqrt(var + float(np.float32(1e-5)))
    weight = np.asarray(values["weight"], np.float64)[:c]
    bias = np.asarray(values["bias"], np.float64)[:c]
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: n * c] = (rstd[:, None] * diff * weight + bias).reshape(-1)
    mean_out = np.array(values["mean"], copy=True)
    rstd_out = np.array(values["rstd"], copy=True)
    mean_out[:n] = mean
    rstd_out[:n] = rstd
    return {"out": out, "mean": mean_out, "rstd": rstd_out}


def cusp_dia_spmv(values: Values) -> dict[str, np.ndarray]:
    """y = A x with A in DIA form: y[r] = sum over diagonals n of values[n, r] x[r + off[n]]
    where 0 <= r + off[n] < num_cols. Integer-valued: exact."""
    rows, cols = int(values["num_rows"]), int(values["num_cols"])
    ndiag, pitch = int(values["num_diagonals"]), int(values["pitch"])
    offsets = np.asarray(values["diagonal_offsets"], np.int64)[:ndiag]
    vals = np.asarray(values["values"], np.float64).reshape(-1)
    x = np.asarray(values["x"], np.float64)[:cols]
    r = np.arange(rows)
    y = np.zeros(rows)
    for n_, off in enumerate(offsets):
        col = r + off
        inside = (col >= 0) & (col < cols)
        y[inside] += vals[n_ * pitch + r[inside]] * x[col[inside]]
    out = np.array(values["y"], copy=True)
    out[:rows] = y
    return {"y": out}


def gasal2_local(values: Values) -> dict[str, np.ndarray]:
    """GASAL2's local alignment of each pair: Smith-Waterman with affine gaps (H = max(0,
    H[t-1][q-1] + s, E, F), E down the target, F along the query, both from 0 at the edges)
    over every cell of the pair's whole packed words (cdiv(len, 8) each; base b of a word its
    nibble 28 - 4 b), s = +match / -mismatch, -1 where either code is 14 (N); the score, and
    the query and target positions of the first cell holding it in the kernel's order (target
    word, query position, target base). Each distinct pair (word offsets and counts) once.
    Exact."""
    n = int(values["n_tasks"])
    match, mismatch = int(values["_cudaMatchScore"]), int(values["_cudaMismatchScore"])
    gap_oe, gap_ext = int(values["_cudaGapOE"]), int(values["_cudaGapExtend"])

    def words(lens: str) -> np.ndarray:
        length = np.asarray(values[lens], np.int64)[:n]
        return (length >> 3) + ((length & 7) != 0)

    keys = np.stack([np.asarray(values["query_batch_offsets"], np.int64)[:n] >> 3,
                     words("query_batch_lens"),
                     np.asarray(values["target_batch_offsets"], np.int64)[:n] >> 3,
                     words("target_batch_lens")], axis=1)
    code = np.ravel_multi_index(keys.T, keys.max(axis=0, initial=0) + 1)  # one key a pair
    _, first_of, inverse = np.unique(code, return_index=True, return_inverse=True)
    uniq, inverse = keys[first_of], inverse.reshape(-1)
    pairs = len(uniq)

    def bases(batch: str, start: np.ndarray, count: np.ndarray) -> np.ndarray:
        packed = np.asarray(values[batch], np.int64)
        most = int(count.max(initial=0))
        w = packed[np.minimum(start[:, None] + np.arange(most)[None, :], len(packed) - 1)]
        shifts = 28 - 4 * np.arange(8)
        return ((w[:, :, None] >> shifts[None, None, :]) & 15).reshape(pairs, 8 * most)

    qb = bases("packed_query_batch", uniq[:, 0], uniq[:, 1])
    tb = bases("packed_target_batch", uniq[:, 2], uniq[:, 3])
    qlen, tlen = qb.shape[1], tb.shape[1]
    h_all = np.zeros((pairs, tlen, qlen), np.int16)
    h_up = np.zeros((pairs, qlen), np.int64)  # H of the row above
    e_col = np.zeros((pairs, qlen), np.int64)  # E of each query position
    for t in range(tlen):
        same = qb == tb[:, t : t + 1]
        score = np.where(same, match, -mismatch)
        score = np.where((qb == 14) | (tb[:, t : t + 1] == 14), -1, score)
        h_left = np.zeros(pairs, np.int64)
        f = np.zeros(pairs, np.int64)
        diag = np.zeros(pairs, np.int64)
        row = np.empty((pairs, qlen), np.int64)
        for q in range(qlen):
            f = np.maximum(h_left - gap_oe, f - gap_ext)
            e_col[:, q] = np.maximum(h_up[:, q] - gap_oe, e_col[:, q] - gap_ext)
            h = np.maximum(np.maximum(diag + score[:, q], f), np.maximum(e_col[:, q], 0))
            diag = h_up[:, q]
            row[:, q] = h
            h_left = h
        h_up = row
        h_all[:, t, :] = row
    valid = ((np.arange(tlen)[None, :, None] < 8 * uniq[:, 3][:, None, None])
             & (np.arange(qlen)[None, None, :] < 8 * uniq[:, 1][:, None, None]))
    h_all = np.where(valid, h_all, -1)
    # the kernel's order: target word, query position, target base within the word
    order = h_all.reshape(pairs, tlen // 8, 8, qlen).transpose(0, 1, 3, 2).reshape(pairs, -1)
    best = order.max(axis=1)
    first = order.argmax(axis=1)
    word, rest = np.divmod(first, qlen * 8)
    qpos, tbase = np.divmod(rest, 8)
    found = best > 0
    score_u = np.maximum(best, 0)
    qend_u = np.where(found, qpos, 0)
    tend_u = np.where(found, 8 * word + tbase, 0)
    out = {}
    for name, got in (("aln_score", score_u), ("query_batch_end", qend_u),
                      ("target_batch_end", tend_u)):
        arr = np.array(values[name], copy=True)
        arr[:n] = got[inverse].astype(arr.dtype)
        out[name] = arr
    return out


def mgpu_jacobi(values: Values) -> dict[str, np.ndarray]:
    """One Jacobi sweep of the 2-D Laplace equation (float64): a_new = 0.25 (east + west +
    south + north) of a at rows iy_start to iy_end - 1 and columns 1 to nx - 2, the rest of
    a_new untouched; l2_norm[0] += the sum of (a_new - a)^2 over those points where
    calculate_norm is set. Integer-valued a: exact (quarter-integers, their squares and sums
    multiples of 1/16 far below 2^53)."""
    nx = int(values["nx"])
    y0, y1 = int(values["iy_start"]), int(values["iy_end"])
    a = np.asarray(values["a"], np.float64).reshape(-1, nx)
    out = np.array(values["a_new"], copy=True).reshape(-1, nx)
    norm = np.array(values["l2_norm"], copy=True)
    if y1 > y0 and nx > 2:
        new = 0.25 * (a[y0:y1, 2:] + a[y0:y1, :-2] + a[y0 + 1 : y1 + 1, 1:-1]
                      + a[y0 - 1 : y1 - 1, 1:-1])
        out[y0:y1, 1:-1] = new
        if int(values["calculate_norm"]):
            norm[0] += np.sum((new - a[y0:y1, 1:-1]) ** 2)
    return {"a_new": out.reshape(np.shape(values["a_new"])), "l2_norm": norm}


def knn_compute_distances(values: Values) -> dict[str, np.ndarray]:
    """dist[r, q] = sum over the height dimensions d of (ref[d, r] - query[d, q])^2 for every
    reference point r < ref_width and query point q < query_width (rows query_pitch apart),
    the rest of dist untouched. Integer-valued: exact (|r|^2 + |q|^2 - 2 r.q in float64)."""
    rw, qw, h = int(values["ref_width"]), int(values["query_width"]), int(values["height"])
    rp, qp = int(values["ref_pitch"]), int(values["query_pitch"])
    ref = np.asarray(values["ref"], np.float64).reshape(-1)[: h * rp].reshape(h, rp)[:, :rw]
    query = np.asarray(values["query"], np.float64).reshape(-1)[: h * qp].reshape(h, qp)[:, :qw]
    ssd = ((ref * ref).sum(axis=0)[:, None] + (query * query).sum(axis=0)[None, :]
           - 2.0 * (ref.T @ query))
    out = np.array(values["dist"], copy=True)
    flat = out.reshape(-1)
    view = flat[: rw * qp].reshape(rw, qp)
    view[:, :qw] = ssd
    return {"dist": out}


def openpose_nms_register(values: Values) -> dict[str, np.ndarray]:
    """Per w x h map (maps one after another): 1 at an interior pixel above threshold and
    strictly above its eight neighbours, 0 at every other pixel (the border included)."""
    w, h = int(values["w"]), int(values["h"])
    thr = np.float32(values["threshold"])
    src = np.asarray(values["sourcePtr"], np.float32).reshape(-1, h, w)
    flags = np.zeros(src.shape, np.int32)
    if h > 2 and w > 2:
        c = src[:, 1:-1, 1:-1]
        peak = c > thr
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                if dy or dx:
                    peak &= c > src[:, 1 + dy : h - 1 + dy, 1 + dx : w - 1 + dx]
        flags[:, 1:-1, 1:-1] = peak
    out = np.array(values["kernelPtr"], copy=True)
    out.reshape(-1)[: flags.size] = flags.reshape(-1)
    return {"kernelPtr": out}


def darknet_fast_mean(values: Values) -> dict[str, np.ndarray]:
    """mean[f] = the sum of x[b, f, :] over the batch, divided by spatial batch (float32).
    Integer-valued x with sums below 2^24: the sum exact, the quotient correctly rounded."""
    batch, filters = int(values["batch"]), int(values["filters"])
    spatial = int(values["spatial"])
    x = np.asarray(values["x"], np.float64).reshape(-1)[: batch * filters * spatial]
    sums = x.reshape(batch, filters, spatial).sum(axis=(0, 2))
    out = np.array(values["mean"], copy=True)
    out[:filters] = sums.astype(np.float32) / np.float32(spatial * batch)
    return {"mean": out}


def crystal_join_probe(values: Values) -> dict[str, np.ndarray]:
    """res[0] += the sum of val x join value over the fact tuples whose slot key % num_slots
    of the (key, value) pair table is not all zeros (its value the pair's second word)."""
    n, slots = int(values["num_tuples"]), int(values["num_slots"])
    keys = np.asarray(values["fact_fkey"], np.int64)[:n]
    vals = np.asarray(values["fact_val"], np.int64)[:n]
    table = np.asarray(values["hash_table"], np.int64).reshape(-1)[: 2 * slots].reshape(slots, 2)
    # each slot's join value where the pair is not all zeros, 0 (no match) where it is
    weight = np.where((table[:, 0] != 0) | (table[:, 1] != 0), table[:, 1], 0)
    total = int(np.dot(vals, weight[np.fmod(keys, slots)]))  # C's %: keys are not negative
    out = np.array(values["res"], copy=True)
    out[0] = np.int64((int(out[0]) + total + 2**63) % 2**64 - 2**63)
    return {"res": out}


_BLAKE2B_IV = np.array([0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B,
                        0xA54FF53A5F1D36F1, 0x510E527FADE682D1, 0x9B05688C2B3E6C1F,
                        0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179], dtype=np.uint64)
_BLAKE2B_SIGMA = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
    [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
    [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
    [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
    [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
    [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
    [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
    [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
    [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
    [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
]


def blake2b_80(messages: np.ndarray) -> np.ndarray:
    """BLAKE2b-256 (RFC 7693: no key, one final block of 80 bytes) of each row of ``messages``
    (its ten little-endian 64-bit words, uint64 [n, 10]): the digests' four 64-bit words
    (uint64 [n, 4]), vectorized over the rows."""
    n = messages.shape[0]
    m = [messages[:, i].copy() for i in range(10)] + [np.zeros(n, np.uint64)] * 6
    h = _BLAKE2B_IV.copy()
    h[0] ^= np.uint64(0x01010020)
    v = [np.full(n, x, np.uint64) for x in h] + [np.full(n, x, np.uint64) for x in _BLAKE2B_IV]
    v[12] = v[12] ^ np.uint64(80)
    v[14] = ~v[14]

    def rotr(x: np.ndarray, k: int) -> np.ndarray:
        return (x >> np.uint64(k)) | (x << np.uint64(64 - k))

    def g(a: int, b: int, c: int, d: int, x: np.ndarray, y: np.ndarray) -> None:
        v[a] = v[a] + v[b] + x
        v[d] = rotr(v[d] ^ v[a], 32)
        v[c] = v[c] + v[d]
        v[b] = rotr(v[b] ^ v[c], 24)
        v[a] = v[a] + v[b] + y
        v[d] = rotr(v[d] ^ v[a], 16)
        v[c] = v[c] + v[d]
        v[b] = rotr(v[b] ^ v[c], 63)

    for r in range(12):
        s = _BLAKE2B_SIGMA[r % 10]
        for i, (a, b, c, d) in enumerate(((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14),
                                           (3, 7, 11, 15), (0, 5, 10, 15), (1, 6, 11, 12),
                                           (2, 7, 8, 13), (3, 4, 9, 14))):
            g(a, b, c, d, m[s[2 * i]], m[s[2 * i + 1]])
    return np.stack([h[i] ^ v[i] ^ v[i + 8] for i in range(4)], axis=1)


def sia_blake2b(values: Values) -> dict[str, np.ndarray]:
    """Per thread t < threads the BLAKE2b-256 digest of the 80-byte header (20 uint32 words,
    little-endian) with word 9 (bytes 36-39) replaced by the nonce startNonce + t (mod 2^32),
    stored as 8 uint32 words a thread. Integer arithmetic: exact."""
    n = int(values["threads"])
    header = np.asarray(values["header"], np.uint32)[:20].astype(np.uint64)
    words = header[0::2] | (header[1::2] << np.uint64(32))
    nonces = (np.arange(n, dtype=np.uint64) + np.uint64(int(values["startNonce"]) % 2**32)) \
        & np.uint64(0xFFFFFFFF)
    messages = np.repeat(words[None, :], n, axis=0)
    messages[:, 4] = (messages[:, 4] & np.uint64(0xFFFFFFFF)) | (nonces << np.uint64(32))
    with np.errstate(over="ignore"):
        digest = blake2b_80(messages)
    out = np.array(values["outputHash"], copy=True)
    flat = out.reshape(-1)
    flat[: 8 * n] = digest.view(np.uint32).reshape(-1) if digest.dtype.byteorder in "=<|" \
        else digest.astype("<u8").view(np.uint32).reshape(-1)
    return {"outputHash": out}


def frcnn_nms_mask(values: Values) -> dict[str, np.ndarray]:
    """Faster R-CNN's NMS mask: for box r and column block c (64 boxes), bit i of word
    dev_mask[r, c] set where the IoU of r with box 64 c + i (inclusive corners: areas (x2 - x1
    + 1)(y2 - y1 + 1), the intersection's sides clipped at 0) is above the threshold, the
    boxes of r's own block up to r itself never set; the rest of dev_mask untouched. Float32:
    integer corners make every area and sum exact, the quotient correctly rounded (an empty
    or inverted box may give 0 / 0 or x / 0: NaN never above, +inf above)."""
    n = int(values["n_boxes"])
    thr = np.float32(values["nms_overlap_thresh"])
    boxes = np.asarray(values["dev_boxes"], np.float32).reshape(-1)[: 5 * n].reshape(n, 5)
    col_blocks = -(-n // 64)
    x1, y1, x2, y2 = (boxes[:, k] for k in range(4))
    area = (x2 - x1 + np.float32(1)) * (y2 - y1 + np.float32(1))
    rows = np.arange(n)
    bits = np.zeros((n, col_blocks * 64), bool)
    with np.errstate(divide="ignore", invalid="ignore"):
        for c in range(col_blocks):
            j = slice(64 * c, min(n, 64 * c + 64))
            width = np.maximum(np.minimum(x2[:, None], x2[None, j])
                               - np.maximum(x1[:, None], x1[None, j]) + np.float32(1),
                               np.float32(0))
            height = np.maximum(np.minimum(y2[:, None], y2[None, j])
                                - np.maximum(y1[:, None], y1[None, j]) + np.float32(1),
                                np.float32(0))
            inter = width * height
            hit = inter / (area[:, None] + area[None, j] - inter) > thr
            cols = np.arange(j.start, j.stop)
            hit &= ~((rows[:, None] // 64 == c) & (cols[None, :] <= rows[:, None]))
            bits[:, j] = hit
    words = np.packbits(bits, axis=1, bitorder="little").view("<u8").astype(np.uint64)
    out = np.array(values["dev_mask"], copy=True)
    out.reshape(-1)[: n * col_blocks] = words.reshape(-1).view(np.int64)
    return {"dev_mask": out}


def kaldi_splice(values: Values) -> dict[str, np.ndarray]:
    """Kaldi's frame splicing: y[j, i] = x[clamp(j + off[i // in_cols], 0, in_rows - 1),
    i % in_cols] for the out_rows x out_cols output (rows out_stride apart, x's in_stride
    apart), the rest of y untouched."""
    rows, cols, ostride = (int(values[k]) for k in ("out_rows", "out_cols", "out_stride"))
    irows, icols, istride = (int(values[k]) for k in ("in_rows", "in_cols", "in_stride"))
    x = np.asarray(values["x"]).reshape(-1)[: irows * istride].reshape(irows, istride)
    off = np.asarray(values["off"], np.int64).reshape(-1)
    i = np.arange(cols)
    src = np.clip(np.arange(rows)[:, None] + off[i // icols][None, :], 0, irows - 1)
    out = np.array(values["y"], copy=True)
    flat = out.reshape(-1)
    flat[: rows * ostride].reshape(rows, ostride)[:, :cols] = x[src, (i % icols)[None, :]]
    return {"y": out}


def cufftshift_2d(values: Values) -> dict[str, np.ndarray]:
    """cufftShift's in-place 2-D shift of the first N x N elements (N even): the quadrants
    swapped diagonally, NumPy's fftshift."""
    n = int(values["N"])
    assert n % 2 == 0, "cufftShift's 2-D shift swaps the quadrants of an even N x N array"
    out = np.array(values["data"], copy=True)
    flat = out.reshape(-1)
    flat[: n * n] = np.fft.fftshift(flat[: n * n].reshape(n, n)).reshape(-1)
    return {"data": out}


def eclcc_init(values: Values) -> dict[str, np.ndarray]:
    """ECL-CC's initial labels: nstat[v] = the first neighbour in v's CSR adjacency list
    nlist[nidx[v]:nidx[v + 1]] smaller than v, else v itself."""
    nodes = int(values["nodes"])
    nidx = np.asarray(values["nidx"], np.int64)[: nodes + 1]
    nlist = np.asarray(values["nlist"], np.int64)
    lengths = np.diff(nidx)
    owner = np.repeat(np.arange(nodes), lengths)
    edges = np.arange(nidx[0], nidx[-1])
    smaller = np.flatnonzero(nlist[edges] < owner)
    label = np.arange(nodes)
    if smaller.size:
        first_rows, first = np.unique(owner[smaller], return_index=True)
        label[first_rows] = nlist[edges[smaller[first]]]
    out = np.array(values["nstat"], copy=True)
    out[:nodes] = label
    return {"nstat": out}


def pointnet2_ball_query(values: Values) -> dict[str, np.ndarray]:
    """Pointnet2's ball query: for each batch and query centre, the indices of the first
    nsample points (in order) strictly within radius, the slots past the count holding the
    first one; a query with none keeps its row. Integer-valued coordinates (the squared
    distances exact): found through a lattice of the points, each centre visiting the
    lattice offsets within the radius."""
    b, n, m, ns = (int(values[k]) for k in ("b", "n", "m", "nsample"))
    r = np.float32(values["radius"])
    r2 = float(r * r)
    pts = np.asarray(values["xyz"], np.float64).reshape(-1)[: b * n * 3].reshape(b, n, 3)
    qs = np.asarray(values["new_xyz"], np.float64).reshape(-1)[: b * m * 3].reshape(b, m, 3)
    assert (pts == np.round(pts)).all() and (qs == np.round(qs)).all(), "integer coordinates"
    pts, qs = pts.astype(np.int64), qs.astype(np.int64)
    reach = int(np.ceil(np.sqrt(r2)))
    offsets = np.array([d for d in itertools.product(range(-reach, reach + 1), repeat=3)
                        if d[0] ** 2 + d[1] ** 2 + d[2] ** 2 < r2], np.int64).reshape(-1, 3)
    low = min(pts.min(initial=0), qs.min(initial=0)) - reach
    span = max(pts.max(initial=0), qs.max(initial=0)) - low + reach + 1

    def keys(batch: np.ndarray, xyz: np.ndarray) -> np.ndarray:
        c = xyz - low
        return ((batch * span + c[..., 0]) * span + c[..., 1]) * span + c[..., 2]

    pkeys = keys(np.arange(b)[:, None], pts).reshape(-1)
    order = np.argsort(pkeys, kind="stable")  # within a lattice point, k ascending
    sorted_keys = pkeys[order]
    query_ids, point_ids = [], []
    for d in offsets:
        qk = keys(np.arange(b)[:, None], qs + d).reshape(-1)
        lo = np.searchsorted(sorted_keys, qk, "left")
        counts = np.searchsorted(sorted_keys, qk, "right") - lo
        total = int(counts.sum())
        if total:
            qid = np.repeat(np.arange(b * m), counts)
            within = np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
            query_ids.append(qid)
            point_ids.append(order[np.repeat(lo, counts) + within] % n)
    out = np.array(values["idx"], copy=True)
    rows = out.reshape(-1)[: b * m * ns].reshape(b * m, ns)
    if query_ids:
        qid, pid = np.concatenate(query_ids), np.concatenate(point_ids)
        sort = np.lexsort((pid, qid))
        qid, pid = qid[sort], pid[sort]
        firsts = np.flatnonzero(np.r_[True, qid[1:] != qid[:-1]])
        rank = np.arange(qid.size) - np.repeat(firsts, np.diff(np.r_[firsts, qid.size]))
        rows[qid[firsts]] = pid[firsts][:, None]
        keep = rank < ns
        rows[qid[keep], rank[keep]] = pid[keep]
    return {"idx": out}


def quest_compact_unitary(values: Values) -> dict[str, np.ndarray]:
    """QuEST's compactUnitary on qubit rotQubit: each amplitude pair (up, lo = up + 2^q)
    becomes (alpha up - conj(beta) lo, beta up + conj(alpha) lo), term by term in float64 as
    the kernel (integer-valued amplitudes, dyadic alpha and beta: exact)."""
    n = int(values["numAmpsPerChunk"])
    q = int(values["rotQubit"])
    ar, ai = float(values["alphaReal"]), float(values["alphaImag"])
    br, bi = float(values["betaReal"]), float(values["betaImag"])
    re = np.array(values["stateVecReal"], np.float64, copy=True)
    im = np.array(values["stateVecImag"], np.float64, copy=True)
    half = 1 << q
    assert n % (2 * half) == 0, "a state vector of 2^k amplitudes, k > rotQubit"
    vr = re.reshape(-1)[:n].reshape(-1, 2, half)
    vi = im.reshape(-1)[:n].reshape(-1, 2, half)
    ur, ui, lr, li = vr[:, 0].copy(), vi[:, 0].copy(), vr[:, 1].copy(), vi[:, 1].copy()
    vr[:, 0] = ar * ur - ai * ui - br * lr - bi * li
    vi[:, 0] = ar * ui + ai * ur - br * li + bi * lr
    vr[:, 1] = br * ur - bi * ui + ar * lr + ai * li
    vi[:, 1] = br * ui + bi * ur + ar * li - ai * lr
    return {"stateVecReal": re.astype(values["stateVecReal"].dtype),
            "stateVecImag": im.astype(values["stateVecImag"].dtype)}


def jetson_yuyv_to_rgba(values: Values) -> dict[str, np.ndarray]:
    """jetson-utils' YUYV to RGBA float: each macro-pixel word's bytes Y0, U, Y1, V (little
    endian) to two pixels (R, G, B, 255), U and V less 128, R = Y + 1.4065 V, G = Y - 0.3455 U
    - 0.7169 V, B = Y + 1.7790 U, each clamped to [0, 255]; float32 operations one by one in
    the kernel's order (no contraction: exact)."""
    half, height = int(values["halfWidth"]), int(values["height"])
    f = np.float32
    px = np.asarray(values["src"]).reshape(-1)[: height * half].astype("<u4")
    px = px.view(np.uint8).reshape(height, half, 4).astype(f)
    u = px[..., 1] - f(128)
    v = px[..., 3] - f(128)
    out = np.array(values["dst"], copy=True)
    rgba = out.reshape(-1)[: height * half * 8].reshape(height, half, 2, 4)
    for k, y in enumerate((px[..., 0], px[..., 2])):
        rgba[:, :, k, 0] = np.minimum(np.maximum(y + f(1.4065) * v, f(0)), f(255))
        rgba[:, :, k, 1] = np.minimum(np.maximum((y - f(0.3455) * u) - f(0.7169) * v, f(0)),
                                      f(255))
        rgba[:, :, k, 2] = np.minimum(np.maximum(y + f(1.7790) * u, f(0)), f(255))
        rgba[:, :, k, 3] = f(255)
    return {"dst": out}


def libsgm_census(values: Values) -> dict[str, np.ndarray]:
    """libSGM's centre-symmetric 9 x 7 census of an 8-bit image (bytes of the words, rows
    pitch apart): for each pixel at least 4 columns and 3 rows inside, from the most
    significant of 31 bits, [I(y + dy, x + dx) > I(y - dy, x - dx)] for dy = -3..-1 and dx =
    -4..4, then for dy = 0 and dx = -4..-1; the border left as it was."""
    width, height, pitch = (int(values[k]) for k in ("width", "height", "pitch"))
    img = np.asarray(values["src"]).reshape(-1).astype("<u4").view(np.uint8)
    img = img[: height * pitch].reshape(height, pitch)[:, :width].astype(np.int32)
    out = np.array(values["dest"], copy=True)
    dest = out.reshape(-1)[: height * width].reshape(height, width)
    if width <= 8 or height <= 6:
        return {"dest": out}
    ys, xs = slice(3, height - 3), slice(4, width - 4)

    def at(dy: int, dx: int) -> np.ndarray:
        return img[3 + dy : height - 3 + dy, 4 + dx : width - 4 + dx]

    pairs = [(dy, dx) for dy in range(-3, 0) for dx in range(-4, 5)]
    pairs += [(0, dx) for dx in range(-4, 0)]
    f = np.zeros((height - 6, width - 8), np.uint32)
    for dy, dx in pairs:
        f = (f << np.uint32(1)) | (at(dy, dx) > at(-dy, -dx)).astype(np.uint32)
    dest[ys, xs] = f.astype(dest.dtype)
    return {"dest": out}


def magma_dgeadd2(values: Values) -> dict[str, np.ndarray]:
    """MAGMA's dgeadd2 on column-major matrices: B[:m, :n] = alpha A + beta B (ldda and lddb
    apart), the padding rows untouched (integer-valued entries, alpha and beta multiples of
    1/4: exact)."""
    m, n, ldda, lddb = (int(values[k]) for k in ("m", "n", "ldda", "lddb"))
    alpha, beta = float(values["alpha"]), float(values["beta"])
    a = np.asarray(values["dA"], np.float64).reshape(-1)
    out = np.array(values["dB"], copy=True)
    flat = out.reshape(-1)
    for j in range(max(n, 0)):
        b = flat[j * lddb : j * lddb + m]
        b[:] = alpha * a[j * ldda : j * ldda + m] + beta * b
    return {"dB": out}


def bnb_hist_scatter_add_2d(values: Values) -> dict[str, np.ndarray]:
    """bitsandbytes' 2-D histogram scatter-add: histogram[index1 maxidx1 + index2] += src over
    the first n triples (integer values: the float32 sums exact in any order)."""
    n, maxidx1 = int(values["n"]), int(values["maxidx1"])
    i1 = np.asarray(values["index1"], np.int64).reshape(-1)[:n]
    i2 = np.asarray(values["index2"], np.int64).reshape(-1)[:n]
    src = np.asarray(values["src"], np.float64).reshape(-1)[:n]
    out = np.array(values["histogram"], copy=True)
    flat = out.reshape(-1)
    sums = np.bincount(i1 * maxidx1 + i2, weights=src, minlength=flat.size)
    flat[:] = (flat.astype(np.float64) + sums).astype(flat.dtype)
    return {"histogram": out}


def tf_resize_nearest_nhwc(values: Values) -> dict[str, np.ndarray]:
    """TensorFlow's half-pixel nearest resize of an NHWC batch: out[n, y, x, c] = in[n, iy,
    ix, c], iy = clamp(floor((y + 0.5) height_scale), 0, in_height - 1) in float32 (ix alike),
    for the first nthreads output elements."""
    ih, iw, ch, oh, ow = (int(values[k]) for k in
                          ("in_height", "in_width", "channels", "out_height", "out_width"))
    total = int(values["nthreads"])
    f = np.float32
    hs, ws = f(values["height_scale"]), f(values["width_scale"])
    iy = np.clip(np.floor((np.arange(oh, dtype=f) + f(0.5)) * hs).astype(np.int64), 0, ih - 1)
    ix = np.clip(np.floor((np.arange(ow, dtype=f) + f(0.5)) * ws).astype(np.int64), 0, iw - 1)
    images = -(-total // (oh * ow * ch))
    src = np.asarray(values["bottom_data"]).reshape(-1)[: images * ih * iw * ch]
    src = src.reshape(images, ih, iw, ch)
    out = np.array(values["top_data"], copy=True)
    res = src[:, iy[:, None], ix[None, :], :].reshape(-1)[:total]
    out.reshape(-1)[:total] = res
    return {"top_data": out}


def ginkgo_ptrs_to_idxs(values: Values) -> dict[str, np.ndarray]:
    """Ginkgo's CSR row pointers to COO row indices: idxs[ptrs[r]:ptrs[r + 1]] = r for every
    row r, the rest of idxs untouched."""
    rows = int(values["num_rows"])
    ptrs = np.asarray(values["ptrs"], np.int64).reshape(-1)[: rows + 1]
    out = np.array(values["idxs"], copy=True)
    flat = out.reshape(-1)
    lengths = np.maximum(np.diff(ptrs), 0)
    first = np.cumsum(lengths) - lengths
    within = np.arange(int(lengths.sum())) - np.repeat(first, lengths)
    flat[np.repeat(ptrs[:-1], lengths) + within] = np.repeat(np.arange(rows), lengths)
    return {"idxs": out}


#: SiftGPU's 13 taps for sigma 1.6 (siftgpu_filter_h.cu's d_kernel, the same float32 literals).
_SIFTGPU_TAPS = np.array([
    0.000220380389, 0.00188898051, 0.0109555898, 0.0429929979, 0.114159867, 0.205108121,
    0.249348074, 0.205108121, 0.114159867, 0.0429929979, 0.0109555898, 0.00188898051,
    0.000220380389], np.float32)


def siftgpu_filter_h(values: Values) -> dict[str, np.ndarray]:
    """SiftGPU's horizontal Gaussian pass: out[y, x] = sum over i of in[y, clamp(x - 6 + i)]
    tap[i], the row's ends replicated, summed in float32 from i = 0 with each product and sum
    rounded (no contraction: exact)."""
    width, height = int(values["width"]), int(values["height"])
    f = np.float32
    img = np.asarray(values["d_data"], f).reshape(-1)[: height * width].reshape(height, width)
    half = len(_SIFTGPU_TAPS) // 2
    padded = np.pad(img, ((0, 0), (half, half)), mode="edge")
    acc = np.zeros((height, width), f)
    for i, tap in enumerate(_SIFTGPU_TAPS):
        acc = acc + padded[:, i : i + width] * tap
    out = np.array(values["d_result"], copy=True)
    out.reshape(-1)[: height * width] = acc.reshape(-1)
    return {"d_result": out}


def bf_erode_depth(values: Values) -> dict[str, np.ndarray]:
    """BundleFusion's depth erosion: per pixel, the count over its (2 s + 1)^2 window (inside
    the image) of depths that are -inf, 0 or differ from its own by more than dThresh; the
    pixel -inf where float32(count) / float32((2 s + 1)^2) >= fracReq, else copied."""
    width, height, s = (int(values[k]) for k in ("width", "height", "structureSize"))
    f = np.float32
    thresh, frac = f(values["dThresh"]), f(values["fracReq"])
    depth = np.asarray(values["d_input"], f).reshape(-1)[: height * width].reshape(height,
                                                                                   width)
    padded = np.pad(depth, s, constant_values=np.nan)  # NaN: outside the image, never counted
    count = np.zeros((height, width), np.int64)
    with np.errstate(invalid="ignore"):
        for i in range(2 * s + 1):
            for j in range(2 * s + 1):
                d = padded[i : i + height, j : j + width]
                bad = (d == -np.inf) | (d == 0) | (np.abs(d - depth) > thresh)
                count += bad & ~np.isnan(d)
    window = (2 * s + 1) ** 2
    eroded = count.astype(f) / f(window) >= frac
    out = np.array(values["d_output"], copy=True)
    out.reshape(-1)[: height * width] = np.where(eroded, f(-np.inf), depth).reshape(-1)
    return {"d_output": out}


def trt_resize_nearest(values: Values) -> dict[str, np.ndarray]:
    """TensorRT's 2-D nearest resize of nbatch planes: odata[b, oy, ox] = idata[b, iy, ix]
    (strides as given), ix = int(ox / scale) and iy = int(oy / scale) in float32."""
    nbatch, ow, oh = (int(values[k]) for k in ("nbatch", "osize_x", "osize_y"))
    istride, ibs, ostride, obs = (int(values[k]) for k in
                                  ("istride", "ibatchstride", "ostride", "obatchstride"))
    f = np.float32
    scale = f(values["scale"])
    ix = (np.arange(ow, dtype=f) / scale).astype(np.int64)
    iy = (np.arange(oh, dtype=f) / scale).astype(np.int64)
    src = np.asarray(values["idata"]).reshape(-1)
    out = np.array(values["odata"], copy=True)
    flat = out.reshape(-1)
    gather = iy[:, None] * istride + ix[None, :]
    place = np.arange(oh)[:, None] * ostride + np.arange(ow)[None, :]
    for b in range(nbatch):
        flat[b * obs + place] = src[b * ibs + gather]
    return {"odata": out}


def lammps_cell_id(values: Values) -> dict[str, np.ndarray]:
    """LAMMPS's calc_cell_id: per atom i < nall, ix = trunc((x - boxlo) i_cell_size +
    cells_in_cutoff) in float32 (iy, iz alike), clamped to [cic, ncell - cic - 1] for i <
    inum and to [0, ncell - 1] for a ghost; cell_id = ix + iy ncellx + iz ncellx ncelly and
    particle_id = i."""
    nall, inum, cic = (int(values[k]) for k in ("nall", "inum", "cells_in_cutoff"))
    ncell = [int(values[k]) for k in ("ncellx", "ncelly", "ncellz")]
    f = np.float32
    inv = f(values["i_cell_size"])
    pos = np.asarray(values["x_"], f).reshape(-1)[: 4 * nall].reshape(nall, 4)
    local = np.arange(nall) < inum
    lo = np.where(local, cic, 0)
    hi = np.where(local, cic + 1, 1)
    cells = []
    for k, key in enumerate(("boxlo0", "boxlo1", "boxlo2")):
        c = np.trunc((pos[:, k] - f(values[key])) * inv + f(cic)).astype(np.int64)
        cells.append(np.minimum(np.maximum(c, lo), ncell[k] - hi))
    cid = cells[0] + cells[1] * ncell[0] + cells[2] * ncell[0] * ncell[1]
    out_c = np.array(values["cell_id"], copy=True)
    out_p = np.array(values["particle_id"], copy=True)
    out_c.reshape(-1)[:nall] = cid.astype(out_c.dtype)
    out_p.reshape(-1)[:nall] = np.arange(nall, dtype=out_p.dtype)
    return {"cell_id": out_c, "particle_id": out_p}


def trtx_warpaffine(values: Values) -> dict[str, np.ndarray]:
    """tensorrtx's letterbox warp: per output pixel (dx, dy), src = d2s (dx, dy, 1) + 0.5 in
    float32 (left to right), outside (-1, w) x (-1, h) the constant, else bilinear over the
    four neighbours (the constant outside the frame) with weights hy hx, hy lx, ly hx, ly lx
    summed in that order; B and R swapped, each / 255, planar RGB (float32 operations one by
    one: exact)."""
    sw, sh, line, dw, dh, edge = (int(values[k]) for k in (
        "src_width", "src_height", "src_line_size", "dst_width", "dst_height", "edge"))
    f = np.float32
    m = [f(values[k]) for k in ("m_x1", "m_y1", "m_z1", "m_x2", "m_y2", "m_z2")]
    const = f(int(values["const_value_st"]))
    src = np.asarray(values["src_words"]).reshape(-1).astype("<u4").view(np.uint8)
    pos = np.arange(edge)
    dx, dy = (pos % dw).astype(f), (pos // dw).astype(f)
    sx = ((m[0] * dx + m[1] * dy) + m[2]) + f(0.5)
    sy = ((m[3] * dx + m[4] * dy) + m[5]) + f(0.5)
    inside = (sx > -1) & (sx < sw) & (sy > -1) & (sy < sh)
    xl = np.floor(sx).astype(np.int64)
    yl = np.floor(sy).astype(np.int64)
    ly, lx = sy - yl.astype(f), sx - xl.astype(f)
    hy, hx = f(1) - ly, f(1) - lx
    weights = (hy * hx, hy * lx, ly * hx, ly * lx)
    corners = ((yl, xl), (yl, xl + 1), (yl + 1, xl), (yl + 1, xl + 1))
    chans = []
    for ch in range(3):
        acc = None
        for w, (yy, xx) in zip(weights, corners, strict=True):
            ok = inside & (yy >= 0) & (yy < sh) & (xx >= 0) & (xx < sw)
            at = np.where(ok, yy * line + xx * 3 + ch, 0)
            v = np.where(ok, src[at].astype(f), const)
            acc = w * v if acc is None else acc + w * v
        chans.append(np.where(inside, acc, const))
    out = np.array(values["dst"], copy=True)
    flat = out.reshape(-1)
    area = dw * dh
    for plane, c in enumerate((chans[2], chans[1], chans[0])):
        flat[plane * area + pos.astype(np.int64)] = c / f(255)
    return {"dst": out}


def petsc_sf_pack(values: Values) -> dict[str, np.ndarray]:
    """PETSc's d_Pack with BS = 1 and EQ = 0: buf[tid bs + i] = data[idx[tid] bs + i] for tid
    < count and i < bs (start + tid without an index list)."""
    bs, count = int(values["bs"]), int(values["count"])
    idx = np.asarray(values["idx"], np.int64).reshape(-1)[:count]
    data = np.asarray(values["data"]).reshape(-1)
    out = np.array(values["buf"], copy=True)
    flat = out.reshape(-1)
    flat[: count * bs] = data[(idx[:, None] * bs + np.arange(bs)[None, :]).reshape(-1)]
    return {"buf": out}


#: The Video Codec SDK's BT.709 matYuv2Rgb (vcsdk_nv12_bgrp.cu's table, the same float32
#: literals: SetMatYuv2Rgb's matrix scaled by 255 / 219).
_VCSDK_BT709 = np.array([
    [1.16438353, 0.0, 1.83367121],
    [1.16438353, -0.218117282, -0.545076191],
    [1.16438353, 2.16063023, 0.0]], np.float32)


def vcsdk_nv12_bgrp(values: Values) -> dict[str, np.ndarray]:
    """The Video Codec SDK's NV12 to planar BGR: each whole 2 x 2 quad of the frame (x + 1 <
    width, y + 1 < height) from its four lumas and the quad's (U, V) of the interleaved chroma
    plane below the luma plane; per pixel and channel clamp((m0 fy + m1 fu) + m2 fv, 0, 255) in
    float32 (fy = Y - 16, fu = U - 128, fv = V - 128), truncated to a byte; B, G and R planes
    of the output's pitch, height rows apart (every float32 operation rounded: exact)."""
    width, height = int(values["nWidth"]), int(values["nHeight"])
    ypitch, opitch = int(values["nYuvPitch"]), int(values["nRgbpPitch"])
    f = np.float32
    raw = np.asarray(values["pYuvWords"]).reshape(-1).astype("<u4").view(np.uint8)
    qh, qw = height // 2, width // 2
    luma = raw[: height * ypitch].reshape(height, ypitch)[: 2 * qh, : 2 * qw]
    chroma = raw[height * ypitch : (height + qh) * ypitch].reshape(qh, ypitch)
    fy = (luma.astype(np.int32) - 16).astype(f)
    fu = np.repeat(np.repeat(chroma[:, 0 : 2 * qw : 2], 2, 0), 2, 1).astype(np.int32) - 128
    fv = np.repeat(np.repeat(chroma[:, 1 : 2 * qw : 2], 2, 0), 2, 1).astype(np.int32) - 128
    fu, fv = fu.astype(f), fv.astype(f)
    chans = []
    for m in _VCSDK_BT709:  # r, g, b
        value = (m[0] * fy + m[1] * fu) + m[2] * fv
        chans.append(np.where(value < 0, f(0), np.where(value > 255, f(255), value))
                     .astype(np.uint8))
    out = np.array(values["pRgbpWords"], copy=True)
    planes = out.reshape(-1).view(np.uint8)
    for p, chan in enumerate((chans[2], chans[1], chans[0])):  # BGRA32's v.x, v.y, v.z
        plane = planes[p * height * opitch : (p + 1) * height * opitch].reshape(height, opitch)
        plane[: 2 * qh, : 2 * qw] = chan
    return {"pRgbpWords": out}


def astra_add_mul(values: Values) -> dict[str, np.ndarray]:
    """ASTRA's opAddMul over a pitched volume: out[y, x] = out[y, x] + in1[y, x] in2[y, x]
    for x < width and y < height (a float32 product then a float32 sum: exact); the padding
    columns up to the pitch untouched."""
    pitch, width, height = (int(values[k]) for k in ("pitch", "width", "height"))
    f = np.float32
    out = np.array(values["pfOut"], copy=True)
    region = out.reshape(-1)[: height * pitch].reshape(height, pitch)[:, :width]
    in1, in2 = (np.asarray(values[k], f).reshape(-1)[: height * pitch].reshape(height, pitch)
                [:, :width] for k in ("pfIn1", "pfIn2"))
    region[...] = region + in1 * in2
    return {"pfOut": out}


def paddle_index_sample(values: Values) -> dict[str, np.ndarray]:
    """paddle.index_sample: out[j, i] = x[j, index[j, i]] for the batch_size rows of
    index_length indices into rows of input_length values."""
    length, in_length, batch = (int(values[k]) for k in
                                ("index_length", "input_length", "batch_size"))
    index = np.asarray(values["index"]).reshape(-1)[: batch * length].reshape(batch, length)
    data = np.asarray(values["in_data"]).reshape(-1)
    out = np.array(values["out_data"], copy=True)
    rows = np.arange(batch, dtype=np.int64)[:, None] * in_length
    out.reshape(-1)[: batch * length] = data[(rows + index.astype(np.int64)).reshape(-1)]
    return {"out_data": out}


def relion_center_fft2d(values: Values) -> dict[str, np.ndarray]:
    """RELION's centerFFT_2D of every image of the batch in place: pixel p < image_size / 2
    (y = floor(float32(p) / float32(xdim)), x = p % xdim) swapped with (y + yshift, x +
    xshift), each wrapped once into the image (for even sizes and half shifts the two halves
    swap: an fftshift)."""
    size, xdim, ydim, xshift, yshift = (int(values[k]) for k in
                                        ("image_size", "xdim", "ydim", "xshift", "yshift"))
    f = np.float32
    out = np.array(values["img_in"], copy=True)
    flat = out.reshape(-1)
    images = flat[: flat.size // size * size].reshape(-1, size)
    pixel = np.arange(size // 2)
    y = np.floor(pixel.astype(f) / f(xdim)).astype(np.int64)
    x = pixel % xdim
    yp, xp = y + yshift, x + xshift
    yp = np.where(yp < 0, yp + ydim, np.where(yp >= ydim, yp - ydim, yp))
    xp = np.where(xp < 0, xp + xdim, np.where(xp >= xdim, xp - xdim, xp))
    partner = yp * xdim + xp
    mine, theirs = images[:, pixel].copy(), images[:, partner].copy()
    images[:, partner] = mine
    images[:, pixel] = theirs
    return {"img_in": out}


def p3d_gather_scatter(values: Values) -> dict[str, np.ndarray]:
    """PyTorch3D's gather_scatter added to the output: output[v0] += input[v1] for every
    edge (v0, v1) (reversed when backward) and, undirected, output[v1] += input[v0] (sums of
    whole numbers in float64: exact, in any order)."""
    nv, dim, ne = (int(values[k]) for k in ("V", "D", "E"))
    directed, backward = int(values["directed"]), int(values["backward"])
    features = np.asarray(values["input"], np.float64).reshape(-1)[: nv * dim].reshape(nv, dim)
    edges = np.asarray(values["edges"]).reshape(-1)[: 2 * ne].reshape(ne, 2).astype(np.int64)
    v0, v1 = (edges[:, 1], edges[:, 0]) if backward else (edges[:, 0], edges[:, 1])
    targets, sources = (v0, v1) if directed else (np.concatenate([v0, v1]),
                                                  np.concatenate([v1, v0]))
    out = np.array(values["output"], copy=True)
    flat = out.reshape(-1)[: nv * dim].reshape(nv, dim)
    columns = np.ascontiguousarray(features.T)
    total = flat.astype(np.float64)
    for d in range(dim):
        total[:, d] += np.bincount(targets, weights=columns[d][sources], minlength=nv)
    flat[...] = total.astype(out.dtype)
    return {"output": out}


def dlib_affine_conv(values: Values) -> dict[str, np.ndarray]:
    """dlib's affine_transform_conv: d[i] = A[k] s[i] + B[k] with k = (i / bs) % ks (a
    float32 product then a float32 sum: exact)."""
    n, bs, ks = (int(values[k]) for k in ("n", "bs", "ks"))
    f = np.float32
    src = np.asarray(values["s"], f).reshape(-1)[:n]
    k = (np.arange(n, dtype=np.int64) // bs) % ks
    a, b = np.asarray(values["A"], f).reshape(-1), np.asarray(values["B"], f).reshape(-1)
    out = np.array(values["d"], copy=True)
    out.reshape(-1)[:n] = a[k] * src + b[k]
    return {"d": out}


def sg2_upfirdn2d(values: Values) -> dict[str, np.ndarray]:
    """StyleGAN2's upfirdn_2d: each of the majorDim planes (minorDim values a pixel)
    upsampled by zero insertion (upx, upy), padded by (padx0, padx1, pady0, pady1) (negative
    pads crop), correlated with the flipped filter (a convolution with k) and subsampled
    (downx, downy); the outH x outW outputs (whole-number pixels and taps: exact sums in
    float64, then float32)."""
    upx, upy, downx, downy, px0, px1, py0, py1 = (int(values[k]) for k in (
        "upx", "upy", "downx", "downy", "padx0", "padx1", "pady0", "pady1"))
    major, ih, iw, minor, kh, kw, oh, ow = (int(values[k]) for k in (
        "majorDim", "inH", "inW", "minorDim", "kernelH", "kernelW", "outH", "outW"))
    x = np.asarray(values["x"], np.float64).reshape(-1)[: major * ih * iw * minor].reshape(
        major, ih, iw, minor)
    k = np.asarray(values["k"], np.float64).reshape(-1)[: kh * kw].reshape(kh, kw)
    up = np.zeros((major, ih * upy, iw * upx, minor))
    up[:, ::upy, ::upx] = x
    padded = np.pad(up, ((0, 0), (max(py0, 0), max(py1, 0)), (max(px0, 0), max(px1, 0)),
                         (0, 0)))
    padded = padded[:, max(-py0, 0) : padded.shape[1] - max(-py1, 0),
                    max(-px0, 0) : padded.shape[2] - max(-px1, 0)]
    full_h, full_w = padded.shape[1] - kh + 1, padded.shape[2] - kw + 1
    conv = np.zeros((major, full_h, full_w, minor))
    for ky in range(kh):
        for kx in range(kw):  # the flipped filter's tap (ky, kx) is k[kh - 1 - ky, kw - 1 - kx]
            conv += padded[:, ky : ky + full_h, kx : kx + full_w] * k[kh - 1 - ky, kw - 1 - kx]
    out = np.array(values["y"], copy=True)
    flat = out.reshape(-1)[: major * oh * ow * minor].reshape(major, oh, ow, minor)
    flat[...] = conv[:, ::downy, ::downx][:, :oh, :ow].astype(out.dtype)
    return {"y": out}


def nvdr_mip_build(values: Values) -> dict[str, np.ndarray]:
    """nvdiffrast's mip level build: level mipLevelOut's texel (py, px) of each texture the
    float32 .25 (((v0 + v1) + v2) + v3) of the 2 x 2 quad at (2 py, 2 px) of the level above
    (v0, v1 its top pair, v2, v3 the bottom), every channel; an input level one texel high
    averaging the two texels side by side, one texel wide the two one above the other, .5 (v0
    + v1) (level sizes the texture's shifted right, at least 1)."""
    ch, tw, th, lvl = (int(values[k]) for k in ("channels", "texWidth", "texHeight",
                                                 "mipLevelOut"))
    f = np.float32
    win, hin = max(tw >> (lvl - 1), 1), max(th >> (lvl - 1), 1)
    wout, hout = max(tw >> lvl, 1), max(th >> lvl, 1)
    out = np.array(values["texOut"], copy=True)
    depth = out.size // (hout * wout * ch)
    tin = np.asarray(values["texIn"], f).reshape(-1)[: depth * hin * win * ch].reshape(
        depth, hin, win, ch)
    if win == 1 or hin == 1:
        flat = tin.reshape(depth, hin * win, ch)
        avg = f(0.5) * (flat[:, 0 : 2 * hout * wout : 2] + flat[:, 1 : 2 * hout * wout : 2])
        avg = avg.reshape(depth, hout, wout, ch)
    else:
        v0 = tin[:, 0 : 2 * hout : 2, 0 : 2 * wout : 2]
        v1 = tin[:, 0 : 2 * hout : 2, 1 : 2 * wout : 2]
        v2 = tin[:, 1 : 2 * hout : 2, 0 : 2 * wout : 2]
        v3 = tin[:, 1 : 2 * hout : 2, 1 : 2 * wout : 2]
        avg = f(0.25) * (((v0 + v1) + v2) + v3)
    out.reshape(-1)[: depth * hout * wout * ch] = avg.reshape(-1)
    return {"texOut": out}


def ds_transform_0213(values: Values) -> dict[str, np.ndarray]:
    """DeepSpeed's transform_0213: vals [batch, seq, heads, head] to [batch, heads, seq,
    head] (hidden_dim counted in float4s, heads of hidden_dim / heads float4s; a copy)."""
    hidden, seq, heads = (int(values[k]) for k in ("hidden_dim", "seq_length", "heads"))
    assert hidden % heads == 0
    out = np.array(values["output"], copy=True)
    batch = out.size // (seq * hidden * 4)
    n = batch * seq * hidden * 4
    vals = np.asarray(values["vals"]).reshape(-1)[:n].reshape(batch, seq, heads, -1)
    out.reshape(-1)[:n] = vals.transpose(0, 2, 1, 3).reshape(-1)
    return {"output": out}


def mmcv_carafe_naive(values: Values) -> dict[str, np.ndarray]:
    """mmcv's naive CARAFE: output (n, c, ph, pw) the float32 sum over the kernel_size^2
    window around the source pixel (ph // scale, pw // scale) (rows, then columns; taps
    outside the input skipped) of the feature times the weight of channel (group kernel_size
    + my) kernel_size + mx at (ph, pw), group c // (channels / group_size) (whole numbers:
    exact)."""
    nt, ks, gs, sc, c, h, w = (int(values[k]) for k in (
        "nthreads", "kernel_size", "group_size", "scale_factor", "channels", "height", "width"))
    f = np.float32
    n = nt // (c * h * w)
    dh, dw = h // sc, w // sc
    feat = np.asarray(values["bottom_data"], f).reshape(-1)[: n * c * dh * dw].reshape(
        n, c, dh, dw)
    masks = np.asarray(values["bottom_masks"], f).reshape(-1)[: n * ks * ks * gs * h * w]
    masks = masks.reshape(n, ks * ks * gs, h, w)
    down_ph, down_pw = np.arange(h) // sc, np.arange(w) // sc
    group = np.arange(c) // (c // gs)
    half = (ks - 1) // 2
    acc = np.zeros((n, c, h, w), f)
    for my in range(ks):
        iy = down_ph + my - half
        for mx in range(ks):
            ix = down_pw + mx - half
            valid = ((iy >= 0) & (iy < dh))[:, None] & ((ix >= 0) & (ix < dw))[None, :]
            taps = feat[:, :, np.clip(iy, 0, dh - 1)][:, :, :, np.clip(ix, 0, dw - 1)]
            weights = masks[:, (group * ks + my) * ks + mx]
            acc = np.where(valid, acc + taps * weights, acc)
    out = np.array(values["top_data"], copy=True)
    out.reshape(-1)[:nt] = acc.reshape(-1)
    return {"top_data": out}


def gs_tile_ranges(values: Values) -> dict[str, np.ndarray]:
    """3DGS's identifyTileRanges on sorted keys (the tile the key's low 32 bits): for each
    run of equal tiles, ranges[tile] = (its first index, one past its last); tiles without a
    run keep what they held."""
    count = int(values["L"])
    out = np.array(values["ranges_words"], copy=True)
    pairs = out.reshape(-1, 2)
    if count == 0:
        return {"ranges_words": out}
    tiles = np.asarray(values["point_list_keys"]).reshape(-1)[:count].astype(np.int64)
    tiles = tiles & 0xFFFFFFFF
    change = np.nonzero(tiles[1:] != tiles[:-1])[0] + 1
    pairs[tiles[0], 0] = 0
    pairs[tiles[change], 0] = change
    pairs[tiles[change - 1], 1] = change
    pairs[tiles[count - 1], 1] = count
    return {"ranges_words": out}


def ort_cumsum(values: Values) -> dict[str, np.ndarray]:
    """ONNX CumSum along the middle axis of [outer, dim_d, stride_d]: inclusive or exclusive,
    forward or reverse (whole numbers: the float64 sums exact, then float32)."""
    dim, inner, n = int(values["dim_d"]), int(values["stride_d"]), int(values["output_size"])
    exclusive, reverse = int(values["exclusive"]), int(values["reverse"])
    x = np.asarray(values["input_data"], np.float64).reshape(-1)[:n].reshape(-1, dim, inner)
    sums = (np.flip(np.cumsum(np.flip(x, 1), 1), 1) if reverse else np.cumsum(x, 1))
    if exclusive:
        sums = sums - x
    out = np.array(values["output_data"], copy=True)
    out.reshape(-1)[:n] = sums.reshape(-1).astype(out.dtype)
    return {"output_data": out}


def beagle_partials(values: Values) -> dict[str, np.ndarray]:
    """BEAGLE's partials-partials step at 64 padded states: for each rate category c, pattern
    p and state s, partials3 = (sum_k matrices1[c, k, s] partials1[c, p, k]) (sum_k
    matrices2[c, k, s] partials2[c, p, k]) (the matrices transposed: row k the probabilities
    of moving to state k; whole numbers: exact in float64, then float32)."""
    states = 64
    patterns = int(values["totalPatterns"])
    out = np.array(values["partials3"], copy=True)
    cats = out.size // (patterns * states)
    n = cats * patterns * states

    def side(partials: str, matrices: str) -> np.ndarray:
        p = np.asarray(values[partials], np.float64).reshape(-1)[:n]
        m = np.asarray(values[matrices], np.float64).reshape(-1)[: cats * states * states]
        return np.matmul(p.reshape(cats, patterns, states), m.reshape(cats, states, states))

    product = side("partials1", "matrices1") * side("partials2", "matrices2")
    out.reshape(-1)[:n] = product.reshape(-1).astype(out.dtype)
    return {"partials3": out}


def exl_column_remap(values: Values) -> dict[str, np.ndarray]:
    """ExLlama's column remap: x_new[r, c] = x[r, x_map[c]] (a copy)."""
    width, height = int(values["x_width"]), int(values["x_height"])
    x = np.asarray(values["x"]).reshape(-1)[: width * height].reshape(height, width)
    columns = np.asarray(values["x_map"]).reshape(-1)[:width].astype(np.int64)
    out = np.array(values["x_new"], copy=True)
    out.reshape(-1)[: width * height] = x[:, columns].reshape(-1)
    return {"x_new": out}


def dp_prod_force(values: Values) -> dict[str, np.ndarray]:
    """DeePMD-kit's neighbour forces: for atom a (frame a // nloc) and slot i with j =
    nlist[a, i] >= 0, force[frame, j, d] += sum_w net_deriv[a, 4 i + w] in_deriv[a, 4 i + w, d]
    (whole numbers: exact sums in float64, then float32; negative slots skipped)."""
    nloc, nall, nnei = (int(values[k]) for k in ("nloc", "nall", "nnei"))
    nlist = np.asarray(values["nlist"]).reshape(-1).astype(np.int64)
    atoms = nlist.size // nnei
    nlist = nlist[: atoms * nnei].reshape(atoms, nnei)
    net = np.asarray(values["net_deriv"], np.float64).reshape(-1)[: atoms * nnei * 4]
    env = np.asarray(values["in_deriv"], np.float64).reshape(-1)[: atoms * nnei * 12]
    per_slot = np.einsum("anw,anwd->and", net.reshape(atoms, nnei, 4),
                         env.reshape(atoms, nnei, 4, 3))
    valid = nlist >= 0
    frames = np.arange(atoms, dtype=np.int64) // nloc
    target = (frames[:, None] * nall + nlist)[valid]
    out = np.array(values["force"], copy=True)
    flat = out.reshape(-1)
    rows = flat.size // 3
    acc = flat[: rows * 3].astype(np.float64).reshape(rows, 3)
    for d in range(3):
        acc[:, d] += np.bincount(target, weights=per_slot[..., d][valid], minlength=rows)[:rows]
    flat[: rows * 3] = acc.reshape(-1).astype(out.dtype)
    return {"force": out}


#: Threefry-4x32's rotations (Random123's R_32x4_r_0, R_32x4_r_1 for r = 0 .. 7).
THREEFRY_ROT_32X4 = ((10, 26), (11, 21), (13, 27), (23, 5), (6, 20), (17, 11), (25, 10), (18, 20))


def threefry4x32(ctr: list, key: list, rounds: int = 20) -> list[np.ndarray]:
    """Random123's threefry4x32_R of counters ``ctr`` under keys ``key`` (each four words:
    uint32 arrays or numbers, broadcast), as four uint32 arrays."""
    u32 = np.uint32
    with np.errstate(over="ignore"):
        ks = [np.asarray(k, dtype=u32) for k in key]
        ks.append(u32(0x1BD11BDA) ^ ks[0] ^ ks[1] ^ ks[2] ^ ks[3])
        x = [np.asarray(c, dtype=u32) + k for c, k in zip(ctr, ks[:4], strict=True)]

        def rotl(v: np.ndarray, n: int) -> np.ndarray:
            return (v << u32(n)) | (v >> u32(32 - n))

        for r in range(rounds):
            a, b = THREEFRY_ROT_32X4[r % 8]
            if r % 2 == 0:
                x[0] = x[0] + x[1]
                x[1] = rotl(x[1], a) ^ x[0]
                x[2] = x[2] + x[3]
                x[3] = rotl(x[3], b) ^ x[2]
            else:
                x[0] = x[0] + x[3]
                x[3] = rotl(x[3], a) ^ x[0]
                x[2] = x[2] + x[1]
                x[1] = rotl(x[1], b) ^ x[2]
            if r % 4 == 3:
                s = (r + 1) // 4
                x = [x[i] + ks[(s + i) % 5] for i in range(4)]
                x[3] = x[3] + u32(s)
    return x


def r123_pi_hits(values: Values) -> dict[str, np.ndarray]:
    """Random123's pi example: thread t draws threefry4x32 of counters (c, 0xf00dcafe,
    0xdeadbeef, 0xbeeff00d), c = 1 .. ceil(n / 2), under key (t, 0xdecafbad, 0xfacebead,
    0x12345678); its words as int32 make points (w0, w1) and (w2, w3), a hit where x^2 + y^2
    < 2^62 in int64; hitsp[t] = (hits, 2 ceil(n / 2))."""
    n, count = int(values["n"]), int(values["nthreads"])
    calls = (n + 1) // 2
    tid = np.arange(count, dtype=np.uint32)
    key = [tid, 0xDECAFBAD, 0xFACEBEAD, 0x12345678]
    hits = np.zeros(count, dtype=np.int64)
    limit = np.int64(1) << np.int64(62)
    for first in range(1, calls + 1, 64):
        c0 = np.arange(first, min(first + 64, calls + 1), dtype=np.uint32)[:, None]
        words = threefry4x32([c0, 0xF00DCAFE, 0xDEADBEEF, 0xBEEFF00D], key)
        x1, y1, x2, y2 = (w.view(np.int32).astype(np.int64) for w in words)
        with np.errstate(over="ignore"):
            hits += ((x1 * x1 + y1 * y1) < limit).sum(axis=0)
            hits += ((x2 * x2 + y2 * y2) < limit).sum(axis=0)
    out = np.array(values["hitsp_words"], copy=True)
    pairs = out.reshape(-1)[: 2 * count].reshape(count, 2)
    pairs[:, 0] = hits
    pairs[:, 1] = 2 * calls
    return {"hitsp_words": out}


def pycbc_thresh_cluster(values: Values, threads: int) -> dict[str, np.ndarray]:
    """PyCBC's threshold_and_cluster with ``threads`` threads a block: per window [w window,
    min((w + 1) window, slen)) thread t keeps the first loudest of the samples t, t + threads,
    ... (re^2 + im^2 strictly above its best, from 0), lane l < 32 the first loudest of the
    candidates l, l + 32, ... (from its own), the lanes reduced over 16, 8, 4, 2, 1 (the
    higher lane taken only where strictly louder); where the winner's squared magnitude
    exceeds the threshold, outv[w] = its sample and outl[w] its location, otherwise outl[w] =
    -1 and outv[w] unchanged (whole numbers: every magnitude exact)."""
    window, slen = int(values["window"]), int(values["slen"])
    threshold = np.float32(values["threshold"])
    outv = np.array(values["outv_words"], copy=True)
    outl = np.array(values["outl"], copy=True)
    nwin = outl.size
    data = np.asarray(values["in_words"], np.float64).reshape(-1)[: 2 * slen].reshape(slen, 2)
    per = -(-window // threads)  # the samples a thread visits, at most
    span = np.arange(per * threads, dtype=np.int64)
    pos = np.arange(nwin, dtype=np.int64)[:, None] * window + span[None, :]
    valid = (span[None, :] < window) & (pos < slen)
    safe = np.where(valid, pos, 0)
    re, im = data[safe, 0], data[safe, 1]
    mag = np.where(valid, re * re + im * im, -1.0).reshape(nwin, per, threads)
    first = mag.argmax(axis=1)  # the first of the loudest: strictly louder replaces
    best = np.take_along_axis(mag, first[:, None, :], axis=1)[:, 0, :]
    chosen = best > 0
    where = first * threads + np.arange(threads)
    cand_mag = np.where(chosen, best, 0.0)
    cand_re = np.where(chosen, np.take_along_axis(re, where, axis=1), 0.0)
    cand_im = np.where(chosen, np.take_along_axis(im, where, axis=1), 0.0)
    cand_l = np.where(chosen, np.take_along_axis(pos, where, axis=1), -1)
    lanes = min(32, threads)
    rounds = -(-threads // 32)
    padded = np.full((nwin, rounds * 32), -1.0)
    padded[:, :threads] = cand_mag
    step = padded.reshape(nwin, rounds, 32).argmax(axis=1)  # from its own: the first loudest
    svv = np.full((nwin, 32), -1.0)
    idx = np.zeros((nwin, 32), dtype=np.int64)
    tl = np.arange(32) + 32 * step
    svv[:, :lanes] = np.take_along_axis(padded, tl, axis=1)[:, :lanes]
    idx[:, :lanes] = tl[:, :lanes]
    for off in (16, 8, 4, 2, 1):
        move = svv[:, :off] < svv[:, off : 2 * off]
        svv[:, :off] = np.where(move, svv[:, off : 2 * off], svv[:, :off])
        idx[:, :off] = np.where(move, idx[:, off : 2 * off], idx[:, :off])
    fire = svv[:, 0].astype(np.float32) > threshold
    win = idx[:, 0]
    rows = np.arange(nwin)
    pairs = outv.reshape(-1)[: 2 * nwin].reshape(nwin, 2)
    pairs[fire, 0] = cand_re[rows, win][fire]
    pairs[fire, 1] = cand_im[rows, win][fire]
    flat = outl.reshape(-1)
    flat[:] = np.where(fire, cand_l[rows, win], -1)
    return {"outv_words": outv, "outl": outl}


def osd_eval_stencils(values: Values) -> dict[str, np.ndarray]:
    """OpenSubdiv's stencil evaluation with 4-float vertices: vertices[i] = sum over the
    stencil's entries j in offsets[i] .. offsets[i + 1] of weights[j] cvs[indices[j]], for i
    in [start, end) (whole numbers: exact sums in float64, then float32)."""
    start, end = int(values["start"]), int(values["end"])
    out = np.array(values["vertices"], copy=True)
    if end <= start:
        return {"vertices": out}
    offsets = np.asarray(values["offsets"]).reshape(-1).astype(np.int64)
    lo, hi = offsets[start:end], offsets[start + 1 : end + 1]
    first, last = int(offsets[start]), int(offsets[end])
    cvs = np.asarray(values["cvs"], np.float64).reshape(-1, 4)
    indices = np.asarray(values["indices"]).reshape(-1)[first:last].astype(np.int64)
    weights = np.asarray(values["weights"], np.float64).reshape(-1)[first:last]
    view = out.reshape(-1)[: 4 * end].reshape(end, 4)
    for d in range(4):
        sums = np.concatenate([[0.0], np.cumsum(weights * cvs[indices, d])])
        view[start:end, d] = (sums[hi - first] - sums[lo - first]).astype(out.dtype)
    return {"vertices": out}


def kata_gpool(values: Values) -> dict[str, np.ndarray]:
    """KataGo's global pooling: for position n and channel c over the plane's xySize points,
    out[n] = [means, scaled means, maxima] with mean = sum / maskSum[n], the scaled mean mean
    (sqrt(maskSum[n]) - 14) 0.1 and the maximum from 0 (whole numbers: exact sums and maxima;
    the division, the square root and the two products in float32, rounded as the kernel's)."""
    c, xy = int(values["cSize"]), int(values["xySize"])
    out = np.array(values["out"], copy=True)
    n = out.size // (3 * c)
    planes = np.asarray(values["in"], np.float64).reshape(-1)[: n * c * xy].reshape(n, c, xy)
    f32 = np.float32
    sums = planes.sum(axis=2).astype(f32)
    maxima = planes.max(axis=2, initial=0.0).astype(f32)  # from 0, as the kernel's
    div = np.asarray(values["maskSum"], f32).reshape(-1)[:n][:, None]
    mean = sums / div
    view = out.reshape(-1)[: n * 3 * c].reshape(n, 3, c)
    view[:, 0] = mean
    view[:, 1] = mean * (np.sqrt(div) - f32(14)) * f32(0.1)
    view[:, 2] = maxima
    return {"out": out}


def ccn_max_pool(values: Values) -> dict[str, np.ndarray]:
    """cuda-convnet2's max pooling in the images-innermost layout: target[f, oy, ox, i] = the
    maximum of imgs[f, y, x, i] over y in [startX + oy strideX, + subsX) and x likewise, clipped
    to the image (MaxPooler's base value -2e38 where a window is empty)."""
    size, filters, images = (int(values[k]) for k in ("imgSize", "numFilters", "numImages"))
    subs, start, stride, outs = (int(values[k]) for k in ("subsX", "startX", "strideX",
                                                          "outputsX"))
    imgs = np.asarray(values["imgs"]).reshape(-1)[: filters * size * size * images].reshape(
        filters, size, size, images)
    out = np.array(values["target"], copy=True)
    view = out.reshape(-1)[: filters * outs * outs * images].reshape(filters, outs, outs, images)
    base = np.float32(-2e38)
    for oy in range(outs):
        y0 = start + oy * stride
        ys = slice(max(0, y0), min(size, y0 + subs))
        for ox in range(outs):
            x0 = start + ox * stride
            xs = slice(max(0, x0), min(size, x0 + subs))
            window = imgs[:, ys, xs, :]
            if window.shape[1] and window.shape[2]:
                view[:, oy, ox] = np.maximum(window.max(axis=(1, 2)), base)
            else:
                view[:, oy, ox] = base
    return {"target": out}


def playne_ccl_init(values: Values) -> dict[str, np.ndarray]:
    """Playne's initial labels: each pixel the index of its first equal neighbour of NW, N, NE
    and W (8-connectivity, the lowest index), else its own index iy cX + ix."""
    cx, cy = int(values["cX"]), int(values["cY"])
    img = np.asarray(values["g_image"]).reshape(-1)[: cx * cy].reshape(cy, cx)
    which = np.zeros((cy, cx), dtype=np.uint8)  # 0 itself, then W, NE, N, NW: later override
    back = np.zeros(5, dtype=np.uint32)  # how far back (raster order) each neighbour lies
    for k, (dy, dx) in enumerate(((0, -1), (-1, 1), (-1, 0), (-1, -1)), start=1):
        rows, cols = slice(-dy, cy), slice(max(0, -dx), cx - max(0, dx))
        src_cols = slice(max(0, dx), cx - max(0, -dx))
        equal = img[rows, cols] == img[0 : cy + dy, src_cols]
        np.copyto(which[rows, cols], np.uint8(k), where=equal)
        back[k] = -(dy * cx + dx)
    out = np.array(values["g_labels"], copy=True)
    flat = out.reshape(-1)[: cx * cy]
    np.subtract(np.arange(cx * cy, dtype=np.uint32), back[which.reshape(-1)], out=flat,
                casting="unsafe")
    return {"g_labels": out}


def fn2_correlation(values: Values) -> dict[str, np.ndarray]:
    """FlowNet2's correlation: output[n, (tj + r) (2 r + 1) + ti + r, y, x] = the sum over the
    kernel's window (j, i) and the channels c of rInput1[n, y1 + j, x1 + i, c] rInput2[n, y1 +
    tj stride2 + j, x1 + ti stride2 + i, c], over nelems = kernel_size^2 channels (y1 = y stride1
    + max_displacement, x1 likewise, r = max_displacement // stride2; whole numbers: exact sums,
    then the float32 division)."""
    channels = int(values["nInputChannels"])
    pad, ksize = int(values["pad_size"]), int(values["kernel_size"])
    maxd, s1, s2 = (int(values[k]) for k in ("max_displacement", "stride1", "stride2"))
    ph, pw = int(values["inputHeight"]) + 2 * pad, int(values["inputWidth"]) + 2 * pad
    oc, oh, ow = (int(values[k]) for k in ("nOutputChannels", "outputHeight", "outputWidth"))
    nb = np.asarray(values["rInput1"]).size // (ph * pw * channels)
    in1 = np.asarray(values["rInput1"], np.float32).reshape(-1)[: nb * ph * pw * channels]
    in2 = np.asarray(values["rInput2"], np.float32).reshape(-1)[: nb * ph * pw * channels]
    in1, in2 = in1.reshape(nb, ph, pw, channels), in2.reshape(nb, ph, pw, channels)
    rad, krad = maxd // s2, (ksize - 1) // 2
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: nb * oc * oh * ow].reshape(nb, oc, oh, ow)
    nelems = np.float32(ksize * ksize * channels)

    def rows(first: int, count: int, step: int) -> slice:
        return slice(first, first + (count - 1) * step + 1, step)

    for tj in range(-rad, rad + 1):
        for ti in range(-rad, rad + 1):
            acc = np.zeros((nb, oh, ow), dtype=np.float64)
            for j in range(-krad, krad + 1):
                for i in range(-krad, krad + 1):
                    a = in1[:, rows(maxd + j, oh, s1), rows(maxd + i, ow, s1)]
                    b = in2[:, rows(maxd + tj * s2 + j, oh, s1), rows(maxd + ti * s2 + i, ow, s1)]
                    acc += (a * b).sum(axis=3, dtype=np.float64)
            tc = (tj + rad) * (2 * rad + 1) + ti + rad
            view[:, tc] = acc.astype(np.float32) / nelems
    return {"output": out}


def ccv1d_fwd(values: Values) -> dict[str, np.ndarray]:
    """causal-conv1d's forward without activation: out[b, d, t] = bias[d] + sum over w < 4 of
    weight[d, w] x[b, d, t - 3 + w] (zeros before the row; whole numbers: exact sums)."""
    batch, dim, seqlen = (int(values[k]) for k in ("batch", "dim", "seqlen"))
    n = batch * dim * seqlen
    x = np.asarray(values["x"], np.float64).reshape(-1)[:n].reshape(batch, dim, seqlen)
    weight = np.asarray(values["weight"], np.float64).reshape(-1)[: 4 * dim].reshape(dim, 4)
    acc = np.broadcast_to(np.asarray(values["bias"], np.float64).reshape(-1)[:dim][:, None],
                          (batch, dim, seqlen)).copy()
    for w in range(4):
        shift = 3 - w
        acc[:, :, shift:] += weight[:, w][None, :, None] * x[:, :, : seqlen - shift]
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[:n] = acc.reshape(-1).astype(out.dtype)
    return {"out": out}


def lc0_expand_planes(values: Values) -> dict[str, np.ndarray]:
    """lc0's NCHW input planes: output[p, s] = values[p] where bit s of the plane's 64-bit mask
    is set, else 0 (64 squares a plane)."""
    n = int(values["n"])
    masks = np.asarray(values["masks_words"]).reshape(-1)[:n].view(np.uint64)
    plane_values = np.asarray(values["values"]).reshape(-1)[:n]
    out = np.array(values["output"], copy=True)
    flat = out.reshape(-1)
    for first in range(0, n, 1 << 16):  # in slices: a bit array of every square at once is big
        m = masks[first : first + (1 << 16)]
        bits = ((m[:, None] >> np.arange(64, dtype=np.uint64)) & np.uint64(1)).astype(bool)
        chosen = np.where(bits, plane_values[first : first + m.size, None], 0)
        flat[64 * first : 64 * (first + m.size)] = chosen.reshape(-1).astype(out.dtype)
    return {"output": out}


def vmaf_motion(values: Values) -> dict[str, np.ndarray]:
    """libvmaf's integer motion: the frame blurred by the 5-tap filter {3571, 16004, 26386,
    16004, 3571} vertically ((accum + 128) >> 8) then horizontally ((accum + 32768) >> 16),
    mirrored at the borders (reflect-101), and sad += the sum of |blur - prev_blur|."""
    w, h = int(values["w"]), int(values["h"])
    ref = np.asarray(values["ref"]).reshape(-1)[: w * h].reshape(h, w).astype(np.int64)
    prev = np.asarray(values["prev_blur"]).reshape(-1)[: w * h].reshape(h, w).astype(np.int64)
    taps = (3571, 16004, 26386, 16004, 3571)
    rows = np.pad(ref, ((2, 2), (0, 0)), mode="reflect")
    vert = sum(t * rows[k : k + h] for k, t in enumerate(taps))
    vert = (vert + 128) >> 8
    cols = np.pad(vert, ((0, 0), (2, 2)), mode="reflect")
    blurred = (sum(t * cols[:, k : k + w] for k, t in enumerate(taps)) + 32768) >> 16
    blur = np.array(values["blur"], copy=True)
    blur.reshape(-1)[: w * h] = blurred.reshape(-1)
    sad = np.array(values["sad"], copy=True)
    sad.reshape(-1)[0] += int(np.abs(blurred - prev).sum())
    return {"blur": blur, "sad": sad}


def swe_update_unknowns(values: Values) -> dict[str, np.ndarray]:
    """SWE's cell update in its x-major layout (i the slow index): h[i + 1, j + 1] -=
    wx (hRight[i, j] + hLeft[i + 1, j]) + wy (hAbove[i, j] + hBelow[i, j + 1]), hu from the
    x-edges and hv from the y-edges alike (whole numbers, widths powers of two: exact)."""
    nx, ny = int(values["i_nx"]), int(values["i_ny"])
    wx, wy = float(values["i_updateWidthX"]), float(values["i_updateWidthY"])

    def edges(name: str, a: int, b: int) -> np.ndarray:
        return np.asarray(values[name], np.float64).reshape(-1)[: a * b].reshape(a, b)

    def x_sum(left: str, right: str) -> np.ndarray:
        return edges(right, nx + 1, ny)[:-1] + edges(left, nx + 1, ny)[1:]

    def y_sum(below: str, above: str) -> np.ndarray:
        return edges(above, nx, ny + 1)[:, :-1] + edges(below, nx, ny + 1)[:, 1:]

    updates = {
        "io_h": wx * x_sum("i_hNetUpdatesLeftD", "i_hNetUpdatesRightD")
        + wy * y_sum("i_hNetUpdatesBelowD", "i_hNetUpdatesAboveD"),
        "io_hu": wx * x_sum("i_huNetUpdatesLeftD", "i_huNetUpdatesRightD"),
        "io_hv": wy * y_sum("i_hvNetUpdatesBelowD", "i_hvNetUpdatesAboveD"),
    }
    result = {}
    for name, update in updates.items():
        out = np.array(values[name], copy=True)
        view = out.reshape(-1)[: (nx + 2) * (ny + 2)].reshape(nx + 2, ny + 2)
        view[1 : nx + 1, 1 : ny + 1] = (
            view[1 : nx + 1, 1 : ny + 1].astype(np.float64) - update).astype(out.dtype)
        result[name] = out
    return result


def prk_star2(values: Values) -> dict[str, np.ndarray]:
    """PRK's star of radius 2: out[i, j] += 1/4 (in[i + 1, j] - in[i - 1, j] + in[i, j + 1] -
    in[i, j - 1]) + 1/8 (the same at distance 2) for 2 <= i, j < n - 2 (whole numbers:
    exact)."""
    n = int(values["n"])
    src = np.asarray(values["in"], np.float64).reshape(-1)[: n * n].reshape(n, n)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[: n * n].reshape(n, n)
    if n > 4:
        c = slice(2, n - 2)

        def at(di: int, dj: int) -> np.ndarray:
            return src[2 + di : n - 2 + di, 2 + dj : n - 2 + dj]

        star = (0.25 * (at(1, 0) - at(-1, 0) + at(0, 1) - at(0, -1))
                + 0.125 * (at(2, 0) - at(-2, 0) + at(0, 2) - at(0, -2)))
        view[c, c] = (view[c, c].astype(np.float64) + star).astype(out.dtype)
    return {"out": out}


def sfem_boundary_accel(values: Values) -> dict[str, np.ndarray]:
    """SPECFEM3D's send-buffer packing: for each interface i and slot s < nibool[i],
    send[i, s] = accel[ibool[i, s] - 1] (three components; the slots past nibool unchanged)."""
    count, most = int(values["num_interfaces_ext_mesh"]), int(
        values["max_nibool_interfaces_ext_mesh"])
    accel = np.asarray(values["d_accel"]).reshape(-1, 3)
    lengths = np.asarray(values["d_nibool_interfaces_ext_mesh"]).reshape(-1)[:count]
    ibool = np.asarray(values["d_ibool_interfaces_ext_mesh"]).reshape(-1)[: count * most]
    out = np.array(values["d_send_accel_buffer"], copy=True)
    view = out.reshape(-1)[: count * most * 3].reshape(count, most, 3)
    for i in range(count):
        m = min(max(int(lengths[i]), 0), most)
        view[i, :m] = accel[ibool[i * most : i * most + m].astype(np.int64) - 1]
    return {"d_send_accel_buffer": out}


def fairseq_ngram_ban(values: Values) -> dict[str, np.ndarray]:
    """fairseq's n-gram blocking: for each row and candidate col < step - n + 2 whose n - 1
    tokens from col equal the n - 1 from step - n + 2, lprobs[row, tokens[row, col + n - 1]] =
    -inf."""
    length, vocab = int(values["max_predict_len"]), int(values["vocab_size"])
    ngram, step = int(values["no_repeat_ngram_size"]), int(values["step"])
    out = np.array(values["lprobs"], copy=True)
    rows = out.size // vocab
    tokens = np.asarray(values["tokens"]).reshape(-1)[: rows * length].reshape(rows, length)
    view = out.reshape(-1)[: rows * vocab].reshape(rows, vocab)
    candidates = step - ngram + 2
    if candidates <= 0:
        return {"lprobs": out}
    match = np.ones((rows, candidates), dtype=bool)
    for k in range(ngram - 1):
        match &= tokens[:, k : k + candidates] == tokens[:, candidates + k : candidates + k + 1]
    banned = tokens[:, ngram - 1 : ngram - 1 + candidates]
    r, c = np.nonzero(match)
    view[r, banned[r, c]] = -np.inf
    return {"lprobs": out}


def gptq_q4_matvec(values: Values) -> dict[str, np.ndarray]:
    """GPTQ's 4-bit matrix-vector product: mul[col] += sum over k of (scale[col] q[k, col] -
    zero[col]) vec[k], q[k, col] nibble k % 8 of mat[k // 8, col] (whole numbers: exact)."""
    width, height = int(values["width"]), int(values["height"])
    vec = np.asarray(values["vec"], np.float64).reshape(-1)[: 8 * height]
    mat = np.asarray(values["mat"]).reshape(-1)[: height * width].reshape(height, width)
    words = mat.astype(np.int64) & 0xFFFFFFFF
    scales = np.asarray(values["scales"], np.float64).reshape(-1)[:width]
    zeros = np.asarray(values["zeros"], np.float64).reshape(-1)[:width]
    qsum = np.zeros(width, dtype=np.float64)
    for m in range(8):
        nib = ((words >> (4 * m)) & 0xF).astype(np.float64)
        qsum += vec[m::8] @ nib
    total = scales * qsum - zeros * vec.sum()
    out = np.array(values["mul"], copy=True)
    view = out.reshape(-1)[:width]
    view[:] = (view.astype(np.float64) + total).astype(out.dtype)
    return {"mul": out}


def itm_gradient_x(values: Values) -> dict[str, np.ndarray]:
    """InfiniTAM's gradientX on RGBA8 pixels: per channel (d1 + 2 d2 + d3) / 8 (toward zero),
    d the difference of the pixels right and left on the rows above, at and below, w 255, for
    2 <= x <= width - 2 and 2 <= y <= height - 2 (the rest left as it was)."""
    w, h = int(values["imgSizeX"]), int(values["imgSizeY"])
    img = np.asarray(values["image"]).reshape(-1)[: w * h].view(np.uint8).reshape(h, w, 4)
    img = img[:, :, :3].astype(np.int32)
    grad = np.array(values["grad"], copy=True)
    view = grad.reshape(-1)[: 2 * w * h].view(np.int16).reshape(h, w, 4)
    if w >= 4 and h >= 4:
        diff = img[:, 2:] - img[:, :-2]  # column x: image[x + 1] - image[x - 1], x = 1 .. w - 2
        total = diff[1 : h - 2] + 2 * diff[2 : h - 1] + diff[3:h]  # rows y = 2 .. h - 2
        total = total[:, 1:]  # columns x = 2 .. w - 2
        view[2 : h - 1, 2 : w - 1, :3] = (np.sign(total) * (np.abs(total) // 8)).astype(np.int16)
        view[2 : h - 1, 2 : w - 1, 3] = 255
    return {"grad": grad}


def cycles_combine_halves(values: Values) -> dict[str, np.ndarray]:
    """Cycles' combine_halves over the rect: mean = (a + b) / 2 and, for r > 0, variance = the
    ((7 n) // 8)-th smallest of the n values (a - b)^2 / 4 of the (2 r + 1)^2 window clipped
    to the rect (r = 0: the pixel's own), in rows of align_up(width, 4) floats."""
    x0, y0 = int(values["rect_x"]), int(values["rect_y"])
    w, h = int(values["rect_z"]) - x0, int(values["rect_w"]) - y0
    r = int(values["r"])
    bw = (w + 3) // 4 * 4

    def plane(name: str) -> np.ndarray:
        return np.asarray(values[name], np.float64).reshape(-1)[: h * bw].reshape(h, bw)[:, :w]

    a, b = plane("a"), plane("b")
    mean, variance = np.array(values["mean"], copy=True), np.array(values["variance"], copy=True)
    mean.reshape(-1)[: h * bw].reshape(h, bw)[:, :w] = 0.5 * (a + b)
    quarter = 0.25 * (a - b) ** 2
    out = variance.reshape(-1)[: h * bw].reshape(h, bw)[:, :w]
    if r == 0:
        out[:] = quarter
        return {"mean": mean, "variance": variance}
    side = 2 * r + 1
    padded = np.pad(quarter, r, constant_values=np.inf)
    windows = np.lib.stride_tricks.sliding_window_view(padded, (side, side))
    counts = np.array([min(i + r + 1, n) - max(i - r, 0) for n in (h, w) for i in range(n)])
    ny, nx = counts[:h], counts[h:]
    rank = (7 * (ny[:, None] * nx[None, :])) // 8
    full = (7 * side * side) // 8
    for y in range(0, h, 128):  # rows in chunks: the full windows by a partition
        chunk = windows[y : y + 128].reshape(min(128, h - y), w, side * side)
        part = np.partition(chunk, full, axis=-1)[..., full]
        out[y : y + 128] = part
    edge = (ny[:, None] < side) | (nx[None, :] < side)  # clipped windows: sorted in full
    ey, ex = np.nonzero(edge)
    if ey.size:
        clipped = np.sort(windows[ey, ex].reshape(ey.size, side * side), axis=-1)
        out[ey, ex] = clipped[np.arange(ey.size), rank[ey, ex]]
    return {"mean": mean, "variance": variance}


def parti_mttkrp(values: Values) -> dict[str, np.ndarray]:
    """ParTI!'s mode-0 MTTKRP: mvals[i0, r] += sum over the nonzeros (i0, i1, i2, v) of v
    mat1[i1, r] mat2[i2, r] for r < R, rows of `stride` floats (whole numbers: exact)."""
    nnz, rank, stride = int(values["nnz"]), int(values["R"]), int(values["stride"])
    i0 = np.asarray(values["Xinds_mode"]).reshape(-1)[:nnz].astype(np.int64)
    i1 = np.asarray(values["times_inds_1"]).reshape(-1)[:nnz].astype(np.int64)
    i2 = np.asarray(values["times_inds_2"]).reshape(-1)[:nnz].astype(np.int64)
    v = np.asarray(values["Xvals"], np.float32).reshape(-1)[:nnz]
    # the factors a column at a time (contiguous gathers); each product in float32 as the
    # kernel forms it, (v a) b (whole numbers: exact), the sums in float64
    m1 = np.asarray(values["times_mat_1"], np.float32).reshape(-1, stride)[:, :rank].T.copy()
    m2 = np.asarray(values["times_mat_2"], np.float32).reshape(-1, stride)[:, :rank].T.copy()
    out = np.array(values["mvals"], copy=True)
    view = out.reshape(-1, stride)
    total = np.zeros((view.shape[0], rank))
    for c in range(rank):
        total[:, c] = np.bincount(i0, weights=v * m1[c][i1] * m2[c][i2],
                                  minlength=view.shape[0])[: view.shape[0]]
    view[:, :rank] = (view[:, :rank].astype(np.float64) + total).astype(out.dtype)
    return {"mvals": out}


def tcluster_knn(values: Values) -> dict[str, np.ndarray]:
    """PyTorch Cluster's knn: for each query of y the k points of x of its example (the CSR
    pointers ptr_x and ptr_y) nearest by squared distance, ties to the earlier point, -1
    past the example's points; row the query's index."""
    k, m, dim = int(values["k"]), int(values["m"]), int(values["dim"])
    examples = int(values["num_examples"])
    x = np.asarray(values["x"], np.float64).reshape(-1, dim)
    y = np.asarray(values["y"], np.float64).reshape(-1, dim)[:m]
    ptr_x = np.asarray(values["ptr_x"]).astype(np.int64)
    ptr_y = np.asarray(values["ptr_y"]).astype(np.int64)
    row, col = np.array(values["row"], copy=True), np.array(values["col"], copy=True)
    rv, cv = row.reshape(-1)[: m * k].reshape(m, k), col.reshape(-1)[: m * k].reshape(m, k)
    rv[:] = np.arange(m)[:, None]
    cv[:] = -1
    # each query's example: the first i with ptr_y[i + 1] > query (the last one past them all)
    example = np.minimum(np.searchsorted(ptr_y[1 : examples + 1], np.arange(m), side="right"),
                         examples - 1)
    for e in range(examples):
        queries = np.flatnonzero(example == e)
        lo, hi = int(ptr_x[e]), int(ptr_x[e + 1])
        if queries.size == 0 or hi <= lo:
            continue
        pts, qs, count = x[lo:hi], y[queries], hi - lo
        # squared distances |q|^2 + |p|^2 - 2 q.p: whole numbers below 2^53, exact in float64
        dist = qs @ (-2.0 * pts.T)
        dist += (qs * qs).sum(1)[:, None]
        dist += (pts * pts).sum(1)[None, :]
        # ties to the earlier point: the key dist * count + index, int32 where it fits
        wide = dist.max(initial=0) * count + count >= 2**31
        key = dist.astype(np.int64 if wide else np.int32)
        key *= count
        key += np.arange(count, dtype=key.dtype)[None, :]
        take = min(k, count)
        if take < count:
            key = np.partition(key, take - 1, axis=1)[:, :take]
        key = np.sort(key, axis=1)[:, :take]
        cv[queries, :take] = lo + key % count
    return {"row": row, "col": col}


def npb_mg_psinv(values: Values) -> dict[str, np.ndarray]:
    """NPB MG's psinv: u += c0 r + c1 (the six face neighbours of r) + c2 (the twelve edge
    neighbours) at every interior point (c3, the corners, assumed zero; exact)."""
    n1, n2, n3 = int(values["n1"]), int(values["n2"]), int(values["n3"])
    r = np.asarray(values["r"], np.float64).reshape(-1)[: n1 * n2 * n3].reshape(n3, n2, n1)
    c = np.asarray(values["c"], np.float64).reshape(-1)
    u = np.array(values["u"], copy=True)
    view = u.reshape(-1)[: n1 * n2 * n3].reshape(n3, n2, n1)
    if min(n1, n2, n3) >= 3:
        inner = (slice(1, n3 - 1), slice(1, n2 - 1))
        # r1 and r2 of every line (all i1): the face and edge sums across i2 and i3
        r1 = r[1:-1, :-2] + r[1:-1, 2:] + r[:-2, 1:-1] + r[2:, 1:-1]
        r2 = r[:-2, :-2] + r[:-2, 2:] + r[2:, :-2] + r[2:, 2:]
        centre = r[inner]
        update = (c[0] * centre[:, :, 1:-1]
                  + c[1] * (centre[:, :, :-2] + centre[:, :, 2:] + r1[:, :, 1:-1])
                  + c[2] * (r2[:, :, 1:-1] + r1[:, :, :-2] + r1[:, :, 2:]))
        view[1:-1, 1:-1, 1:-1] = (view[1:-1, 1:-1, 1:-1].astype(np.float64)
                                  + update).astype(u.dtype)
    return {"u": u}


def hugectr_fm_order2(values: Values) -> dict[str, np.ndarray]:
    """HugeCTR's FM second-order term: out[b, d] = ((sum over slots of in[b, s, d])^2 - sum of
    in[b, s, d]^2) / 2 (whole numbers: exact)."""
    batch, slots, emb = int(values["batch_size"]), int(values["slot_num"]), int(
        values["emb_vec_size"])
    x = np.asarray(values["in"], np.float64).reshape(-1)[: batch * slots * emb].reshape(
        batch, slots, emb)
    out = np.array(values["out"], copy=True)
    total = x.sum(axis=1)
    out.reshape(-1)[: batch * emb] = (0.5 * (total * total - (x * x).sum(axis=1))).reshape(
        -1).astype(out.dtype)
    return {"out": out}


def csift_scale_up(values: Values) -> dict[str, np.ndarray]:
    """CudaSift's ScaleUp: output pixel (2 y + dy, 2 x + dx) from the input pixel (x, y) and its
    right / lower neighbours (clamped): vul, (vul + vur) / 2, (vul + vdl) / 2 and the quarter
    sum, in rows of newpitch floats (the padding left as it was)."""
    w, h = int(values["width"]), int(values["height"])
    pitch, newpitch = int(values["pitch"]), int(values["newpitch"])
    src = np.asarray(values["d_Data"], np.float32).reshape(-1)[: h * pitch].reshape(h, pitch)
    ul = src[:, :w]
    ur = src[:, np.minimum(np.arange(w) + 1, w - 1)]
    down = np.minimum(np.arange(h) + 1, h - 1)
    dl, dr = ul[down], ur[down]
    res = np.array(values["d_Result"], copy=True)
    view = res.reshape(-1)[: 2 * h * newpitch].reshape(2 * h, newpitch)
    view[0::2, 0 : 2 * w : 2] = ul
    view[0::2, 1 : 2 * w : 2] = np.float32(0.5) * (ul + ur)
    view[1::2, 0 : 2 * w : 2] = np.float32(0.5) * (ul + dl)
    view[1::2, 1 : 2 * w : 2] = np.float32(0.25) * (ul + ur + dl + dr)
    return {"d_Result": res}


def kfl_vertex_map(values: Values) -> dict[str, np.ndarray]:
    """KinectFusionLib's vertex map: depth d (0 beyond the cutoff) at pixel (x, y) to
    ((x - cx) d / fx, (y - cy) d / fy, d), a float3 a pixel."""
    cols, rows = int(values["cols"]), int(values["rows"])
    f32 = np.float32
    depth = np.asarray(values["depth_map"], f32).reshape(-1)[: rows * cols].reshape(rows, cols)
    depth = np.where(depth > f32(values["depth_cutoff"]), f32(0), depth)
    xs = np.arange(cols, dtype=f32)[None, :] - f32(values["principal_x"])
    ys = np.arange(rows, dtype=f32)[:, None] - f32(values["principal_y"])
    out = np.array(values["vertex_map"], copy=True)
    view = out.reshape(-1)[: 3 * rows * cols].reshape(rows, cols, 3)
    view[:, :, 0] = xs * depth / f32(values["focal_x"])
    view[:, :, 1] = ys * depth / f32(values["focal_y"])
    view[:, :, 2] = depth
    return {"vertex_map": out}


def namd_transpose_xyz_yzx(values: Values) -> dict[str, np.ndarray]:
    """NAMD's PME transpose: data_out[y + (z + x zsize_out) ysize_out] = data_in[x + (y + z
    ysize_in) xsize_in] for x < nx, y < ny, z < nz (the rest left as it was)."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    xin, yin = int(values["xsize_in"]), int(values["ysize_in"])
    yout, zout = int(values["ysize_out"]), int(values["zsize_out"])
    src = np.asarray(values["data_in"]).reshape(-1)[: nz * yin * xin].reshape(nz, yin, xin)
    out = np.array(values["data_out"], copy=True)
    view = out.reshape(-1)[: nx * zout * yout].reshape(nx, zout, yout)
    view[:, :nz, :ny] = src[:nz, :ny, :nx].transpose(2, 0, 1)
    return {"data_out": out}


def swin_roll_partition(values: Values) -> dict[str, np.ndarray]:
    """Swin's fused roll and window partition: torch.roll(x, (shift, shift), (1, 2)) of the
    [B, H, W, C] input, then [B, nH, ws, nW, ws, C] -> [B nH nW, ws, ws, C]."""
    b, h, w, c = (int(values[k]) for k in ("B", "H", "W", "C"))
    shift, ws = int(values["shift_size"]), int(values["window_size"])
    nh, nw = int(values["nH"]), int(values["nW"])
    x = np.asarray(values["input"]).reshape(-1)[: b * h * w * c].reshape(b, h, w, c)
    x = np.roll(x, (shift, shift), axis=(1, 2))[:, : nh * ws, : nw * ws]
    x = x.reshape(b, nh, ws, nw, ws, c).transpose(0, 1, 3, 2, 4, 5)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: x.size] = x.reshape(-1)
    return {"output": out}


def cufinufft_deconvolve_2d(values: Values) -> dict[str, np.ndarray]:
    """cuFINUFFT's 2-D deconvolution: fk[k2, k1] = fw[w2, w1] / (ker1[|k1 - ms / 2|]
    ker2[|k2 - mt / 2|]), w = k - m / 2 wrapped into the fine grid (both parts)."""
    ms, mt = int(values["ms"]), int(values["mt"])
    nf1, nf2, width = int(values["nf1"]), int(values["nf2"]), int(values["fw_width"])
    f32 = np.float32
    fw = np.asarray(values["fw"], f32).reshape(-1)[: 2 * nf2 * width].reshape(nf2, width, 2)
    k1 = np.arange(ms) - ms // 2
    k2 = np.arange(mt) - mt // 2
    ker = (np.asarray(values["fwkerhalf2"], f32)[np.abs(k2)][:, None]
           * np.asarray(values["fwkerhalf1"], f32)[np.abs(k1)][None, :])
    gathered = fw[np.where(k2 >= 0, k2, nf2 + k2)][:, np.where(k1 >= 0, k1, nf1 + k1)]
    out = np.array(values["fk"], copy=True)
    out.reshape(-1)[: 2 * ms * mt] = (gathered / ker[:, :, None]).astype(out.dtype).reshape(-1)
    return {"fk": out}


def marian_paste_rows(values: Values) -> dict[str, np.ndarray]:
    """Marian's PasteRows: out[idx[j]] += in[j] for every input row j (whole numbers: any
    order of the atomics the same sums)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    idx = np.asarray(values["targetRowIdx"]).reshape(-1)[:rows].astype(np.int64)
    src = np.asarray(values["in"], np.float64).reshape(-1)[: rows * cols].reshape(rows, cols)
    out = np.array(values["out"], copy=True)
    vocab = out.size // cols
    view = out.reshape(-1)[: vocab * cols].reshape(vocab, cols)
    acc = view.astype(np.float64)
    if rows:  # rows grouped by target (a sort), each group's sum added once
        order = np.argsort(idx, kind="stable")
        sorted_idx = idx[order]
        starts = np.flatnonzero(np.r_[True, sorted_idx[1:] != sorted_idx[:-1]])
        acc[sorted_idx[starts]] += np.add.reduceat(src[order], starts, axis=0)
    view[:] = acc.astype(out.dtype)
    return {"out": out}


def spconv_gather(values: Values) -> dict[str, np.ndarray]:
    """spconv's sparse gather: buffer[r, p] = features[indices[r], p] for the first size rows
    of numPlanes planes (the rest left as it was)."""
    size, planes = int(values["size"]), int(values["numPlanes"])
    idx = np.asarray(values["indices"]).reshape(-1)[:size].astype(np.int64)
    feats = np.asarray(values["features"]).reshape(-1)
    feats = feats[: feats.size // planes * planes].reshape(-1, planes)
    out = np.array(values["buffer"], copy=True)
    out.reshape(-1)[: size * planes] = feats[idx].reshape(-1)
    return {"buffer": out}


def apex_index_mul_2d_bwd(values: Values) -> dict[str, np.ndarray]:
    """apex's index_mul_2d backward: grad_in2[r] = grad_out[r] * in1[idx1[r]] and
    grad_in1[idx1[r]] += grad_out[r] * in2[r] (whole numbers: float64 sums, exact in any
    order)."""
    size, fea = int(values["size"]), int(values["fea_dim"])
    idx = np.asarray(values["idx1"]).reshape(-1)[:size].astype(np.int64)
    go = np.asarray(values["grad_out"], np.float64).reshape(-1)[: size * fea].reshape(size, fea)
    in2 = np.asarray(values["in2"], np.float64).reshape(-1)[: size * fea].reshape(size, fea)
    in1 = np.asarray(values["in1"], np.float64).reshape(-1)
    in1 = in1[: in1.size // fea * fea].reshape(-1, fea)
    grad_in2 = np.array(values["grad_in2"], copy=True)
    grad_in2.reshape(-1)[: size * fea] = (go * in1[idx]).astype(grad_in2.dtype).reshape(-1)
    grad_in1 = np.array(values["grad_in1"], copy=True)
    rows = grad_in1.size // fea
    flat = (idx[:, None] * fea + np.arange(fea)).reshape(-1)  # every contribution's element
    sums = np.bincount(flat, weights=(go * in2).reshape(-1), minlength=rows * fea)
    view = grad_in1.reshape(-1)[: rows * fea]
    view[:] = (view.astype(np.float64) + sums).astype(grad_in1.dtype)
    return {"grad_in1": grad_in1, "grad_in2": grad_in2}


#: LightGBM's partitions of features of 256 bins: 12 columns (3,072 bins) a partition.
LGBM_NUM_BINS, LGBM_COLUMNS_PER_PARTITION = 256, 12


def lgbm_hist_dense(values: Values) -> dict[str, np.ndarray]:
    """LightGBM's dense histogram: for every leaf row d = data_indices_in_leaf[k] and column c,
    hist[256 c + bin(d, c)] += (grad[d], hess[d]), a partition's bins stored row-major from
    byte 12 p num_data (whole numbers: float64 sums, exact in any order)."""
    leaf, cols, nd = (int(values[k]) for k in ("num_data_in_smaller_leaf", "num_columns",
                                                "num_data"))
    idx = np.asarray(values["data_indices_in_leaf"]).reshape(-1)[:leaf].astype(np.int64)
    bins = np.asarray(values["data_words"]).view(np.uint8).reshape(-1)
    grad = np.asarray(values["cuda_gradients"], np.float64).reshape(-1)[idx]
    hess = np.asarray(values["cuda_hessians"], np.float64).reshape(-1)[idx]
    total = cols * LGBM_NUM_BINS
    sums = np.zeros((total, 2))
    for start in range(0, cols, LGBM_COLUMNS_PER_PARTITION):
        width = min(LGBM_COLUMNS_PER_PARTITION, cols - start)
        part = bins[start * nd : start * nd + nd * width].reshape(nd, width)
        where = ((start + np.arange(width)) * LGBM_NUM_BINS + part[idx]).reshape(-1)
        sums[:, 0] += np.bincount(where, weights=np.repeat(grad, width), minlength=total)
        sums[:, 1] += np.bincount(where, weights=np.repeat(hess, width), minlength=total)
    out = np.array(values["hist_in_leaf"], copy=True)
    view = out.reshape(-1)[: 2 * total]
    view[:] = (view.astype(np.float64) + sums.reshape(-1)).astype(out.dtype)
    return {"hist_in_leaf": out}


def faiss_sum_along_rows(values: Values) -> dict[str, np.ndarray]:
    """FAISS's sumAlongRows with ZeroClamp: output[r, c] = max(output[r, c] + input[r], 0)
    (float32 sums of whole numbers: exact)."""
    cols = int(values["cols"])
    out = np.array(values["output"], copy=True)
    rows = out.size // cols
    view = out.reshape(-1)[: rows * cols].reshape(rows, cols)
    total = view + np.asarray(values["input"], np.float32).reshape(-1)[:rows, None]
    view[:] = np.where(total < 0, np.float32(0), total)
    return {"output": out}


def ngp_grid_to_bitfield(values: Values) -> dict[str, np.ndarray]:
    """instant-ngp's grid_to_bitfield: byte i < n_nonzero_elements has bit j where
    grid[8 i + j] > min(0.01f, mean density); bytes from there to n_elements are 0, later
    bytes kept."""
    n, nonzero = int(values["n_elements"]), int(values["n_nonzero_elements"])
    f32 = np.float32
    thresh = min(f32(0.01), f32(np.asarray(values["mean_density_ptr"]).reshape(-1)[0]))
    cells = np.asarray(values["grid"], f32).reshape(-1)[: 8 * nonzero].reshape(nonzero, 8)
    bits = ((cells > thresh).astype(np.uint8) << np.arange(8, dtype=np.uint8)).sum(
        axis=1, dtype=np.uint8)
    out = np.array(values["grid_bitfield_words"], copy=True)
    view = out.reshape(-1).view(np.uint8)
    view[:nonzero] = bits
    view[nonzero:n] = 0
    return {"grid_bitfield_words": out}


def hoomd_nve_step_one(values: Values) -> dict[str, np.ndarray]:
    """HOOMD-blue's first NVE half-step on particles offset .. offset + nwork - 1: pos += v dt
    + a dt^2 / 2, v += a dt / 2, then BoxDim::wrap (one image at most each way, x before y
    before z, the tilts carried into x and y), type and mass kept (float64: exact for
    dyadic inputs)."""
    n, first = int(values["nwork"]), int(values["offset"])
    dt = float(values["deltaT"])
    xy, xz, yz = (float(values[k]) for k in ("xy", "xz", "yz"))
    lo = [float(values[k]) for k in ("lo_x", "lo_y", "lo_z")]
    hi = [float(values[k]) for k in ("hi_x", "hi_y", "hi_z")]
    box = [h - low for h, low in zip(hi, lo, strict=True)]
    sel = slice(first, first + n)
    pos_out = np.array(values["d_pos_words"], copy=True)
    vel_out = np.array(values["d_vel_words"], copy=True)
    img_out = np.array(values["d_image_words"], copy=True)
    pos4, vel4 = pos_out.reshape(-1, 4)[sel], vel_out.reshape(-1, 4)[sel]
    img = img_out.reshape(-1, 3)[sel]
    acc = np.asarray(values["d_accel_words"], np.float64).reshape(-1, 3)[sel]
    if int(values["zero_force"]):
        acc = np.zeros_like(acc)
    dx = vel4[:, :3] * dt + 0.5 * acc * dt * dt
    if int(values["limit"]):
        length = np.sqrt((dx * dx).sum(axis=1))[:, None]
        limit = float(values["limit_val"])
        dx = np.where(length > limit, dx / np.where(length > 0, length, 1) * limit, dx)
    p = pos4[:, :3] + dx
    x, y, z = p[:, 0].copy(), p[:, 1].copy(), p[:, 2].copy()
    ix, iy, iz = img[:, 0].copy(), img[:, 1].copy(), img[:, 2].copy()
    tilt = (xz - xy * yz) * z + xy * y
    up, down = x >= hi[0] + tilt, x < lo[0] + tilt
    down &= ~up
    x = np.where(up, x - box[0], np.where(down, x + box[0], x))
    ix += up.astype(ix.dtype) - down.astype(ix.dtype)
    tilt = yz * z
    up, down = y >= hi[1] + tilt, y < lo[1] + tilt
    down &= ~up
    y = np.where(up, y - box[1], np.where(down, y + box[1], y))
    x = np.where(up, x - box[1] * xy, np.where(down, x + box[1] * xy, x))
    iy += up.astype(iy.dtype) - down.astype(iy.dtype)
    up, down = z >= hi[2], z < lo[2]
    down &= ~up
    z = np.where(up, z - box[2], np.where(down, z + box[2], z))
    x = np.where(up, x - box[2] * xz, np.where(down, x + box[2] * xz, x))
    y = np.where(up, y - box[2] * yz, np.where(down, y + box[2] * yz, y))
    iz += up.astype(iz.dtype) - down.astype(iz.dtype)
    pos4[:, 0], pos4[:, 1], pos4[:, 2] = x, y, z
    vel4[:, :3] = vel4[:, :3] + 0.5 * acc * dt
    img[:, 0], img[:, 1], img[:, 2] = ix, iy, iz
    return {"d_pos_words": pos_out, "d_vel_words": vel_out, "d_image_words": img_out}


def rsc_qc_dense(values: Values) -> dict[str, np.ndarray]:
    """rapids-singlecell's dense QC metrics: per cell (a row of the cells x genes matrix) and
    per gene the sum of the positive counts and how many there are, added onto the buffers'
    initial contents (whole numbers: any order of the atomics the same sums)."""
    n_cells, n_genes = int(values["n_cells"]), int(values["n_genes"])
    x = np.asarray(values["data"], np.float64).reshape(-1)[: n_cells * n_genes].reshape(
        n_cells, n_genes)
    positive = x > 0
    counts = np.where(positive, x, 0.0)
    out = {}
    for name, add in (("sums_cells", counts.sum(axis=1)), ("sums_genes", counts.sum(axis=0)),
                      ("cell_ex", positive.sum(axis=1)), ("gene_ex", positive.sum(axis=0))):
        buf = np.array(values[name], copy=True)
        flat = buf.reshape(-1)
        flat[: add.size] = (flat[: add.size].astype(np.float64) + add).astype(buf.dtype)
        out[name] = buf
    return out


def av_sgm_aggregate(values: Values) -> dict[str, np.ndarray]:
    """AliceVision's SGM path step on the x-z slice at y: for inner depths z the cost sim +
    min(L(z), L(z - 1) + P1, L(z + 1) + P1, best + |P2|) - best (L the previous slice, best its
    column minimum), 255 at the first and last depth; stored into the slice, then clamped to
    [0, 255] and averaged into the uchar volume, (old fi + cost) / (fi + 1) truncated, at the
    cell v with v[axisT] = (x, y, z) (pitches in bytes; the rest left as it was)."""
    f32 = np.float32
    vdim = [int(values[k]) for k in ("volDimX", "volDimY", "volDimZ")]
    axis = [int(values[k]) for k in ("axisTx", "axisTy", "axisTz")]
    nx, nz = vdim[axis[0]], vdim[2]
    cur_pitch = int(values["xzSliceForY_p"]) // 4
    prev_pitch = int(values["xzSliceForYm1_p"]) // 4
    cur_buf = np.array(values["xzSliceForY"], copy=True)
    cur = cur_buf.reshape(-1)
    prev = np.asarray(values["xzSliceForYm1"]).reshape(-1)
    best = np.asarray(values["bestSimInYm1"]).reshape(-1)[:nx].astype(np.float64)
    p1 = float(f32(values["_P1"]))
    p2 = abs(float(f32(values["_P2"])))
    fi = int(values["filteringIndex"])
    xs = np.arange(nx)
    zs = np.arange(nz)[:, None]
    cur_at = zs * cur_pitch + xs
    slice_l = prev[zs * prev_pitch + xs].astype(np.float64)
    cost = np.full((nz, nx), 255.0)
    if nz > 2:
        low = np.minimum(np.minimum(np.minimum(slice_l[1:-1], slice_l[:-2] + p1),
                                    slice_l[2:] + p1), best + p2)
        cost[1:-1] = cur[cur_at[1:-1]].astype(np.float64) + low - best
    cur[cur_at] = cost.astype(cur_buf.dtype)
    clamped = np.clip(cost, 0.0, 255.0).astype(f32)
    vol_buf = np.array(values["volAgr_words"], copy=True)
    vol = vol_buf.reshape(-1).view(np.uint8)
    v = [None, None, None]
    v[axis[0]], v[axis[1]], v[axis[2]] = xs[None, :], int(values["y"]), zs
    at = v[2] * int(values["volAgr_s"]) + v[1] * int(values["volAgr_p"]) + v[0]
    val = (vol[at].astype(f32) * f32(fi) + clamped) / f32(fi + 1)
    vol[at] = val.astype(np.uint8)
    return {"xzSliceForY": cur_buf, "volAgr_words": vol_buf}


def bifrost_fdmt_exec(values: Values) -> dict[str, np.ndarray]:
    """Bifrost's FDMT step: row r at sample t is in[srcrow0][t] + in[srcrow1][t - delay[r]]
    (the second where t >= delay; a -1 row reads 0), stored to out[t_ + ostride r]; in the
    final step only t >= r, t_ reversed with reverse_time (the rest left as it was)."""
    ntime, nrow = int(values["ntime"]), int(values["nrow"])
    final, reverse = bool(values["is_final_step"]), bool(values["reverse_time"])
    istride, ostride = int(values["istride"]), int(values["ostride"])
    delays = np.asarray(values["d_delays"]).reshape(-1)[:nrow].astype(np.int64)[:, None]
    rows = np.asarray(values["d_srcrows_words"]).reshape(-1)[: 2 * nrow].reshape(nrow, 2)
    src0, src1 = rows[:, :1].astype(np.int64), rows[:, 1:].astype(np.int64)
    d_in = np.asarray(values["d_in"], np.float64).reshape(-1)
    t = np.arange(ntime)[None, :]
    first = np.where(src0 != -1, d_in[np.where(src0 != -1, t + istride * src0, 0)], 0.0)
    shifted = t - delays
    late = (shifted >= 0) & (src1 != -1)
    second = np.where(late, d_in[np.where(late, shifted + istride * src1, 0)], 0.0)
    r = np.arange(nrow)[:, None]
    keep = np.broadcast_to((t >= r) if final else np.ones((1, ntime), bool), (nrow, ntime))
    t_out = (ntime - 1 - t) if (final and reverse) else t
    at = np.broadcast_to(t_out + ostride * r, (nrow, ntime))
    out = np.array(values["d_out"], copy=True)
    out.reshape(-1)[at[keep]] = (first + second)[keep].astype(out.dtype)
    return {"d_out": out}


def heffte_transpose_unpack(values: Values) -> dict[str, np.ndarray]:
    """heFFTe's transpose unpack with map (1, 0, 2): destination tuple (k, j, i) at k
    plane_stide + j line_stride + i = source tuple k buff_plane_stride + i buff_line_stride +
    j, two floats a tuple (the rest of the destination left as it was)."""
    nfast, nmid, nslow = (int(values[k]) for k in ("nfast", "nmid", "nslow"))
    ls, ps = int(values["line_stride"]), int(values["plane_stide"])
    bls, bps = int(values["buff_line_stride"]), int(values["buff_plane_stride"])
    k = np.arange(nslow)[:, None, None]
    j = np.arange(nmid)[None, :, None]
    i = np.arange(nfast)[None, None, :]
    dst_at = 2 * (k * ps + j * ls + i)
    src_at = 2 * (k * bps + i * bls + j)
    source = np.asarray(values["source"]).reshape(-1)
    out = np.array(values["destination"], copy=True)
    flat = out.reshape(-1)
    flat[dst_at] = source[src_at]
    flat[dst_at + 1] = source[src_at + 1]
    return {"destination": out}


def ampcor_subtract_mean(values: Values) -> dict[str, np.ndarray]:
    """PyCuAmpcor's mean removal: every window of imageSize floats minus sum invSize (float32;
    exact with whole-number pixels and a power-of-two window)."""
    n, size = int(values["nImages"]), int(values["imageSize"])
    out = np.array(values["images"], copy=True)
    windows = out.reshape(-1)[: n * size].reshape(n, size)
    sums = windows.astype(np.float64).sum(axis=1).astype(np.float32)
    mean = sums * np.float32(values["invSize"])
    windows -= mean[:, None]
    return {"images": out}


#: XSBench's LCG (x = (a x + c) mod 2^63), its starting seed and pick_mat's volume fractions.
XSBENCH_LCG_A = 2806196910506780709
XSBENCH_STARTING_SEED = 1070
XSBENCH_DIST = (0.140, 0.052, 0.275, 0.134, 0.154, 0.064, 0.066, 0.055, 0.008, 0.015, 0.025,
                0.013)


def xsbench_sampling(values: Values) -> dict[str, np.ndarray]:
    """XSBench's sampling: lookup i's LCG state 2 i steps from the starting seed, then one step
    for the energy (state / 2^63) and one for pick_mat's roll (the first material i whose
    running sum dist[i] + .. + dist[1], added in that order, exceeds it; 0 if none)."""
    n = int(values["lookups"])
    mod = 1 << 63
    mask = np.uint64(mod - 1)
    a = XSBENCH_LCG_A
    states = np.array([XSBENCH_STARTING_SEED], np.uint64)  # the states 0, 2, 4, .. steps on
    jump_mul, jump_add = a * a % mod, (a + 1) % mod  # two steps: x -> a (a x + 1) + 1
    while states.size < n:  # the next block of states: the ones so far moved on 2 size steps
        states = np.concatenate([states, (np.uint64(jump_mul) * states + np.uint64(jump_add))
                                 & mask])
        jump_mul, jump_add = jump_mul * jump_mul % mod, (jump_mul * jump_add + jump_add) % mod
    states = states[:n]
    step_mul, step_add = np.uint64(a), np.uint64(1)
    first = (step_mul * states + step_add) & mask
    second = (step_mul * first + step_add) & mask
    energy = first.astype(np.float64) / float(mod)
    roll = second.astype(np.float64) / float(mod)
    thresholds = []  # material i's running sum, added as pick_mat adds it (increasing in i)
    for i in range(12):
        running = 0.0
        for j in range(i, 0, -1):
            running += XSBENCH_DIST[j]
        thresholds.append(running)
    mat = np.searchsorted(np.array(thresholds), roll, side="right")  # the first i: roll < it
    mat[mat == 12] = 0  # past every sum: pick_mat's fallback
    out_e = np.array(values["p_energy_samples"], copy=True)
    out_m = np.array(values["mat_samples"], copy=True)
    out_e.reshape(-1)[:n] = energy
    out_m.reshape(-1)[:n] = mat
    return {"p_energy_samples": out_e, "mat_samples": out_m}


def fbgemm_permute_2d(values: Values) -> dict[str, np.ndarray]:
    """FBGEMM's permute_2D_data (has_weight): output segment b_t = t B + b (its length from the
    output offsets, len - output_offsets[b_t] for the last) copied from the input at
    input_offsets[permute[t] B + b], indices and weights alike (the rest left as it was)."""
    n, t, b = int(values["len"]), int(values["T"]), int(values["B"])
    out_off = np.asarray(values["output_offsets"]).reshape(-1)[: t * b].astype(np.int64)
    in_off = np.asarray(values["input_offsets"]).reshape(-1).astype(np.int64)
    perm = np.asarray(values["permute"]).reshape(-1)[:t].astype(np.int64)
    lengths = np.diff(np.append(out_off, n))
    seg = np.repeat(np.arange(t * b), np.maximum(lengths, 0))
    within = np.arange(seg.size) - np.repeat(np.cumsum(np.maximum(lengths, 0))
                                             - np.maximum(lengths, 0), np.maximum(lengths, 0))
    src_start = in_off[perm[seg // b] * b + seg % b]
    dst = out_off[seg] + within
    src = src_start + within
    out = {}
    for name, into in (("indices", "permuted_indices"), ("weights", "permuted_weights")):
        buf = np.array(values[into], copy=True)
        buf.reshape(-1)[dst] = np.asarray(values[name]).reshape(-1)[src]
        out[into] = buf
    return out


def fbgemm_reorder_ad_lengths(values: Values) -> dict[str, np.ndarray]:
    """FBGEMM's reorder_batched_ad_lengths: [B][T][ads of b] to [T][B][ads of b] (the segment
    (t, b) from T batch_offsets[b] + t ads_b to t ads + batch_offsets[b]; broadcast_lengths:
    the one length T b + t repeated; the rest left as it was)."""
    t_n, b_n = int(values["T"]), int(values["B"])
    offsets = np.asarray(values["batch_offsets"]).reshape(-1)[: b_n + 1].astype(np.int64)
    ads = int(offsets[b_n])
    counts = np.diff(offsets)
    src = np.asarray(values["cat_ad_lengths"]).reshape(-1)
    out = np.array(values["reordered_cat_ad_lengths"], copy=True)
    flat = out.reshape(-1)
    b = np.repeat(np.arange(b_n), counts)  # each ad's request
    a = np.arange(ads) - offsets[b]  # and its place in the request
    for t in range(t_n):
        if int(values["broadcast_lengths"]):
            from_at = t_n * b + t
        else:
            from_at = t_n * offsets[b] + t * counts[b] + a
        flat[t * ads + offsets[b] + a] = src[from_at]
    return {"reordered_cat_ad_lengths": out}


def realsense_zero_holes(values: Values) -> dict[str, np.ndarray]:
    """librealsense's replace_to_zero: every 0xFFFF pixel of the first width x height uint16
    pixels of the aligned image set to 0 (the rest left as it was)."""
    n = int(values["width"]) * int(values["height"])
    out = np.array(values["aligned_words"], copy=True)
    pix = out.reshape(-1).view(np.uint16)[:n]
    pix[pix == 0xFFFF] = 0
    return {"aligned_words": out}


def realsense_yuy2_rgb8(values: Values) -> dict[str, np.ndarray]:
    """librealsense's YUY2 to RGB8: super-pixel i's Y0 U Y1 V to two RGB8 pixels at 6 i,
    clamp((298 c + 409 e + 128) >> 8), clamp((298 c - 100 d - 208 e + 128) >> 8),
    clamp((298 c + 516 d + 128) >> 8) with c = Y - 16, d = U - 128, e = V - 128."""
    n = int(values["superPixCount"])
    yuyv = np.asarray(values["src_words"]).reshape(-1).view(np.uint8)[: 4 * n].reshape(n, 4)
    yuyv = yuyv.astype(np.int64)
    d, e = yuyv[:, 1:2] - 128, yuyv[:, 3:4] - 128
    c = yuyv[:, [0, 2]] - 16
    rgb = np.stack([(298 * c + 409 * e + 128) >> 8, (298 * c - 100 * d - 208 * e + 128) >> 8,
                    (298 * c + 516 * d + 128) >> 8], axis=2)
    out = np.array(values["dst_words"], copy=True)
    out.reshape(-1).view(np.uint8)[: 6 * n] = np.clip(rgb, 0, 255).reshape(-1)
    return {"dst_words": out}


def tsparse_kernel_hash(values: Values) -> dict[str, np.ndarray]:
    """TorchSparse's kernel hash: out[k N + i] the 64-bit FNV-1a hash of voxel i's (x, y, z)
    moved by offset k and its batch (as unsigned ints), folded (h >> 60) ^ (h mod 2^60)."""
    n, k = int(values["N"]), int(values["K"])
    data = np.asarray(values["data"]).reshape(-1)[: 4 * n].reshape(1, n, 4).astype(np.int64)
    offs = np.asarray(values["kernel_offset"]).reshape(-1)[: 3 * k].reshape(k, 1, 3)
    coords = np.concatenate([data[:, :, :3] + offs, np.broadcast_to(data[:, :, 3:], (k, n, 1))],
                            axis=2).astype(np.int32).view(np.uint32).astype(np.uint64)
    h = np.full((k, n), 14695981039346656037, np.uint64)
    with np.errstate(over="ignore"):
        for j in range(4):
            h = (h ^ coords[:, :, j]) * np.uint64(1099511628211)
    h = (h >> np.uint64(60)) ^ (h & np.uint64(0xFFFFFFFFFFFFFFF))
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: k * n] = h.reshape(-1).view(np.int64)
    return {"out": out}


def autoware_copy_map_region(values: Values) -> dict[str, np.ndarray]:
    """Autoware's copyMapRegion: the region_size_x x region_size_y cells from the source map's
    (sm_lower_left_x, sm_lower_left_y) copied to the destination's (dm_lower_left_x,
    dm_lower_left_y), bytes row-major, each where both flat indices lie inside their maps."""
    g = {k: int(values[k]) for k in (
        "sm_lower_left_x", "sm_lower_left_y", "sm_size_x", "sm_size_y", "dm_lower_left_x",
        "dm_lower_left_y", "dm_size_x", "dm_size_y", "region_size_x", "region_size_y")}
    ry = np.arange(g["region_size_y"])[:, None]
    rx = np.arange(g["region_size_x"])[None, :]
    sm = (g["sm_lower_left_y"] + ry) * g["sm_size_x"] + g["sm_lower_left_x"] + rx
    dm = (g["dm_lower_left_y"] + ry) * g["dm_size_x"] + g["dm_lower_left_x"] + rx
    keep = (sm < g["sm_size_x"] * g["sm_size_y"]) & (dm < g["dm_size_x"] * g["dm_size_y"])
    src = np.asarray(values["source_words"]).reshape(-1).view(np.uint8)
    out = np.array(values["dest_words"], copy=True)
    out.reshape(-1).view(np.uint8)[dm[keep]] = src[sm[keep]]
    return {"dest_words": out}


def astroaccel_harmonic_sum(values: Values) -> dict[str, np.ndarray]:
    """AstroAccelerate's simple harmonic sum: for bin b and trial s the power at b, then for
    h = 1 .. nHarmonics - 1 (bins above 0, (h + 1) b below nTimesamples) the power at (h + 1) b
    added; the best float32 SNR (sum - MSD[2 h]) / MSD[2 h + 1] (h = 0 the bin's own) and its
    h (the first of equal ones) as ushort."""
    nt, ns, nh = (int(values[k]) for k in ("nTimesamples", "nSpectra", "nHarmonics"))
    power = np.asarray(values["d_input"], np.float32).reshape(-1)[: nt * ns].reshape(nt, ns)
    msd = np.asarray(values["d_MSD"], np.float32).reshape(-1)
    total = power.copy()
    best = (total - msd[0]) / msd[1]
    which = np.zeros((nt, ns), np.uint16)
    bins = np.arange(nt)
    for h in range(1, nh):
        rows = bins[(bins > 0) & ((h + 1) * bins < nt)]
        total[rows] += power[(h + 1) * rows]
        snr = (total[rows] - msd[2 * h]) / msd[2 * h + 1]
        better = snr > best[rows]
        best[rows] = np.where(better, snr, best[rows])
        which[rows] = np.where(better, h, which[rows])
    snr_out = np.array(values["d_output_SNR"], copy=True)
    snr_out.reshape(-1)[: nt * ns] = best.reshape(-1)
    words = np.array(values["harmonics_words"], copy=True)
    words.reshape(-1).view(np.uint16)[: nt * ns] = which.reshape(-1)
    return {"d_output_SNR": snr_out, "harmonics_words": words}


def _clamped(index: np.ndarray, size: int) -> np.ndarray:
    return np.clip(index, 0, size - 1)


def vsnlm_distance_horizontal(values: Values) -> dict[str, np.ndarray]:
    """vs-nlm-cuda's distance_horizontal (float, channels Y): 3 (src[y, x] - neighbor[y + oy,
    x + ox])^2 (coordinates clamped to the plane, x + ox after x's own clamp) summed over the
    2 block_radius + 1 columns around x (clamped too) into buffer[y, x]."""
    w, h, istride, bstride = (int(values[k]) for k in (
        "width", "height", "image_stride", "buffer_stride"))
    ox, oy, r = (int(values[k]) for k in ("offset_x", "offset_y", "block_radius"))
    src = np.asarray(values["src"], np.float32).reshape(-1)[: h * istride].reshape(h, istride)
    nsrc = np.asarray(values["neighbor_src"], np.float32).reshape(-1)[: h * istride].reshape(
        h, istride)
    cx = _clamped(np.arange(-r, w + r), w)
    diff = src[:, cx] - nsrc[_clamped(np.arange(h) + oy, h)][:, _clamped(cx + ox, w)]
    square = (diff * diff * np.float32(3)).astype(np.float64)
    run = np.concatenate([np.zeros((h, 1)), np.cumsum(square, axis=1)], axis=1)
    sums = run[:, 2 * r + 1:] - run[:, : w]  # whole numbers below 2^53: exact
    out = np.array(values["buffer"], copy=True)
    out.reshape(-1)[: h * bstride].reshape(h, bstride)[:, :w] = sums.astype(np.float32)
    return {"buffer": out}


def vsnlm_accumulation(values: Values) -> dict[str, np.ndarray]:
    """vs-nlm-cuda's accumulation (float): with c = bwd[y, x] and m = fwd at (x - ox, y - oy)
    (clamped), max_weight = max(max_weight, c, m), weight += c + m and, per plane p, wdst[p]
    += c src[frame +ot, p] at (x + ox, y + oy) + m src[frame -ot, p] at (x - ox, y - oy), the
    frames counted from the window's centre at src_offset (coordinates clamped)."""
    w, h, istride, bstride = (int(values[k]) for k in (
        "width", "height", "image_stride", "buffer_stride"))
    ox, oy, ot, planes = (int(values[k]) for k in (
        "offset_x", "offset_y", "offset_t", "num_planes"))
    base = int(values["src_offset"])
    window = np.asarray(values["src_window"], np.float32).reshape(-1)
    y = np.arange(h)[:, None]
    x = np.arange(w)[None, :]
    px, py = _clamped(x + ox, w), _clamped(y + oy, h)
    mx, my = _clamped(x - ox, w), _clamped(y - oy, h)
    here = y * bstride + x
    center = np.asarray(values["buffer_bwd"], np.float32).reshape(-1)[here]
    mirror = np.asarray(values["buffer_fwd"], np.float32).reshape(-1)[my * bstride + mx]
    out = {k: np.array(values[k], copy=True) for k in ("wdst", "weight", "max_weight")}
    top = out["max_weight"].reshape(-1)
    top[here] = np.maximum(top[here], np.maximum(center, mirror))
    out["weight"].reshape(-1)[here] += center + mirror
    for p in range(planes):
        ahead = window[base + ((ot * planes + p) * h + py) * istride + px]
        behind = window[base + ((p - ot * planes) * h + my) * istride + mx]
        out["wdst"].reshape(-1)[p * h * bstride + here] += center * ahead + mirror * behind
    return out


def heavydb_init_group_by(values: Values) -> dict[str, np.ndarray]:
    """HeavyDB's init_group_by_buffer_gpu: keyed, every entry's row of row_size_quad 8 B slots
    starts with key_count empty keys of key_width bytes (2^31 - 1 or 2^63 - 1) and has the
    init values in its slots from the keys' bytes rounded up to 8 (the padding kept); keyless
    (with warp_size), every slot i of the first entries x row_size_quad x warp_size the value
    init_vals[i % row_size_quad]."""
    n, keys, width, quads = (int(values[k]) for k in (
        "groups_buffer_entry_count", "key_count", "key_width", "row_size_quad"))
    init = np.asarray(values["init_vals"], np.int64).reshape(-1)
    out = np.array(values["groups_buffer"], copy=True)
    flat = out.reshape(-1)
    if int(values["keyless"]):
        m = n * quads * int(values["warp_size"])
        flat[:m] = init[np.arange(m) % quads]
        return {"groups_buffer": out}
    rows = flat[: n * quads].reshape(n, quads)
    if width == 4:
        rows.view(np.int32)[:, :keys] = 2**31 - 1
    elif width == 8:
        rows[:, :keys] = 2**63 - 1
    first = -(-keys * width // 8)
    rows[:, first:] = init[: quads - first]
    return {"groups_buffer": out}


def catboost_gather_compressed(values: Values) -> dict[str, np.ndarray]:
    """CatBoost's GatherFromCompressed (ui64 storage, blocks of 128 words): dst[i] the key at
    map[i] & mapMask, k = 64 // bits keys a word, key j of a block (128 k keys) in word j % 128
    at slot j // 128 from the top: (word >> (k - slot - 1) bits) & (2^bits - 1)."""
    n, bits = int(values["size"]), int(values["bitsPerKey"])
    words = np.asarray(values["src_words"]).reshape(-1).view(np.uint64)
    key = (np.asarray(values["map"], np.uint32).reshape(-1)[:n]
           & np.uint32(int(values["mapMask"]))).astype(np.int64)
    per_word = 64 // bits
    block, key = np.divmod(key, per_word * 128)
    packed = words[block * 128 + (key & 127)]
    shift = ((per_word - key // 128 - 1) * bits).astype(np.uint64)
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[:n] = ((packed >> shift) & np.uint64((1 << bits) - 1)).astype(np.uint32)
    return {"dst": out}


def hypre_csr_col_sum(values: Values) -> dict[str, np.ndarray]:
    """hypre's CSR column sums (type 0): col_sum[ja[j]] += scal aa[j] for every nonzero j of
    the first nrows rows (whole numbers in double: exact in any order)."""
    rows = int(values["nrows"])
    ia = np.asarray(values["ia"]).reshape(-1).astype(np.int64)
    start, end = int(ia[0]), int(ia[rows])
    cols = np.asarray(values["ja"]).reshape(-1)[start:end].astype(np.int64)
    vals = float(values["scal"]) * np.asarray(values["aa"], np.float64).reshape(-1)[start:end]
    out = np.array(values["col_sum"], copy=True)
    flat = out.reshape(-1)
    flat += np.bincount(cols, weights=vals, minlength=flat.size)[: flat.size]
    return {"col_sum": out}


def aa_dit_decimate(values: Values) -> dict[str, np.ndarray]:
    """AstroAccelerate's DiT_GPU_v2: output sample i of DM trial r (row stride dts) the float32
    sum of input samples 2 i and 2 i + 1 of row r (row stride nTimesamples), for every i with
    2 i + 1 < nTimesamples (the rest left as it was)."""
    ndm, nt, dts = int(values["nDMs"]), int(values["nTimesamples"]), int(values["dts"])
    n = nt // 2
    rows = np.asarray(values["d_input"]).reshape(-1)[: ndm * nt].reshape(ndm, nt)
    sums = rows[:, 0 : 2 * n : 2] + rows[:, 1 : 2 * n : 2]
    out = np.array(values["d_output"], copy=True)
    at = (np.arange(ndm)[:, None] * dts + np.arange(n)[None, :]).reshape(-1)
    out.reshape(-1)[at] = sums.reshape(-1)
    return {"d_output": out}


def cvcuda_histogram(values: Values) -> dict[str, np.ndarray]:
    """CV-CUDA's hist_kernel: each image's 256-bin histogram of each channel of its packed NHWC
    bytes added into its row of 256 x channels bins (bin sample + 256 ch)."""
    ch, width, height = int(values["channels"]), int(values["width"]), int(values["height"])
    out = np.array(values["histogram"], copy=True)
    images = out.reshape(-1).size // (256 * ch)
    pix = np.asarray(values["src_words"]).reshape(-1).view(np.uint8)
    pix = pix[: images * height * width * ch].reshape(images, height * width, ch)
    flat = out.reshape(-1)
    for image in range(images):
        for c in range(ch):  # a bincount of each image's channel (its bytes strided by ch)
            at = (image * ch + c) * 256
            flat[at : at + 256] += np.bincount(pix[image, :, c], minlength=256).astype(flat.dtype)
    return {"histogram": out}


def cvcuda_dilate(values: Values) -> dict[str, np.ndarray]:
    """CV-CUDA's dilate with a constant border of 0: each pixel of each packed grey image the
    maximum over the kernel_h x kernel_w window from (y - anchor_y, x - anchor_x), pixels
    outside the image 0."""
    width, height = int(values["width"]), int(values["height"])
    kw, kh = int(values["kernel_w"]), int(values["kernel_h"])
    ax, ay = int(values["anchor_x"]), int(values["anchor_y"])
    src = np.asarray(values["src_words"]).reshape(-1).view(np.uint8)
    images = src.size // (height * width)
    img = src[: images * height * width].reshape(images, height, width)
    padded = np.zeros((images, height + kh, width + kw), np.uint8)
    padded[:, ay : ay + height, ax : ax + width] = img
    res = np.zeros((images, height, width), np.uint8)
    for i in range(kh):
        for j in range(kw):
            np.maximum(res, padded[:, i : i + height, j : j + width], out=res)
    out = np.array(values["dst_words"], copy=True)
    out.reshape(-1).view(np.uint8)[: images * height * width] = res.reshape(-1)
    return {"dst_words": out}


def dvgo_tv_add_grad(values: Values) -> dict[str, np.ndarray]:
    """DirectVoxGO's total_variation_add_grad: where the gradient is nonzero (or everywhere in
    dense mode), grad += the float32 sum, in the order k - 1, k + 1, j - 1, j + 1, i - 1,
    i + 1, of w times clamp(param - neighbour, -1, 1) over the neighbours inside the volume
    (wz along k, wy along j, wx along i)."""
    si, sj, sk, n = (int(values[k]) for k in ("sz_i", "sz_j", "sz_k", "N"))
    f32 = np.float32
    p = np.asarray(values["param"]).reshape(-1)[:n].astype(f32)
    out = np.array(values["grad"], copy=True)
    g = out.reshape(-1)
    idx = np.arange(n, dtype=np.int64)
    k, j, i = idx % sk, idx // sk % sj, idx // sk // sj % si
    acc = np.zeros(n, f32)
    for w, step, first, last in ((values["wz"], 1, k == 0, k == sk - 1),
                                 (values["wy"], sk, j == 0, j == sj - 1),
                                 (values["wx"], sk * sj, i == 0, i == si - 1)):
        for shift, edge in ((-step, first), (step, last)):
            other = p[np.clip(idx + shift, 0, n - 1)]
            term = f32(w) * np.clip(p - other, f32(-1), f32(1))
            acc = acc + np.where(edge, f32(0), term)
    active = np.ones(n, bool) if int(values["dense_mode"]) else g[:n] != 0
    g[:n][active] = g[:n][active] + acc[active]
    return {"grad": out}


def hvd_batched_scaled_memcpy(values: Values) -> dict[str, np.ndarray]:
    """Horovod's batched_scaled_memcpy: tensor c's 4 (o[c + 1] - o[c]) - pad[c] floats (none
    for an empty entry) from the fusion buffer at 4 o[c] times scale_factor (float32) into the
    tensors' buffer at the same place (the rest left as it was)."""
    offsets = np.asarray(values["word_offsets"]).reshape(-1).astype(np.int64)
    words = np.diff(offsets)
    pad = np.asarray(values["pad"]).reshape(-1)[: words.size].astype(np.int64)
    sizes = np.where(words > 0, 4 * words - pad, 0)
    starts = 4 * offsets[:-1]
    pos = np.repeat(starts - np.cumsum(sizes) + sizes, sizes) + np.arange(int(sizes.sum()))
    src = np.asarray(values["fusion_buffer"]).reshape(-1)
    out = np.array(values["tensors"], copy=True)
    out.reshape(-1)[pos] = np.float32(values["scale_factor"]) * src[pos]
    return {"tensors": out}


def cholla_update_conserved_3d(values: Values) -> dict[str, np.ndarray]:
    """Cholla's Update_Conserved_Variables_3D (five fields): every real cell's field U +=
    dt/dx (F_x[x - 1] - F_x) + dt/dy (F_y[y - 1] - F_y) + dt/dz (F_z[z - 1] - F_z) in float64,
    the cells within n_ghost of a face left as they were."""
    nx, ny, nz, ng = (int(values[k]) for k in ("nx", "ny", "nz", "n_ghost"))
    dtodx = float(values["dt"]) / float(values["dx"])
    dtody = float(values["dt"]) / float(values["dy"])
    dtodz = float(values["dt"]) / float(values["dz"])
    fx, fy, fz = (np.asarray(values[k]).reshape(-1)[: 5 * nz * ny * nx].reshape(5, nz, ny, nx)
                  for k in ("dev_F_x", "dev_F_y", "dev_F_z"))
    out = np.array(values["dev_conserved"], copy=True)
    u = out.reshape(-1)[: 5 * nz * ny * nx].reshape(5, nz, ny, nx)
    z, y, x = slice(ng, nz - ng), slice(ng, ny - ng), slice(ng, nx - ng)
    zm, ym, xm = slice(ng - 1, nz - ng - 1), slice(ng - 1, ny - ng - 1), slice(ng - 1, nx - ng - 1)
    if nz - ng > ng and ny - ng > ng and nx - ng > ng:
        u[:, z, y, x] += (dtodx * (fx[:, z, y, xm] - fx[:, z, y, x])
                          + dtody * (fy[:, z, ym, x] - fy[:, z, y, x])
                          + dtodz * (fz[:, zm, y, x] - fz[:, z, y, x]))
    return {"dev_conserved": out}


def ktgmc_rb2b_bilinear(values: Values) -> dict[str, np.ndarray]:
    """KTGMC's kl_RB2B_bilinear_filtered: the nWidth x nHeight bytes of the 2x reduction of the
    source plane (pitch nSrcPitch) into the destination plane (pitch nDstPitch), first
    vertically (rows 2y - 1 .. 2y + 2 weighted 1, 3, 3, 1, + 4 and / 8; the first and last
    rows the rounded mean of rows 2y and 2y + 1), then horizontally alike (the rest of the
    destination left as it was)."""
    w, h = int(values["nWidth"]), int(values["nHeight"])
    sp, dp = int(values["nSrcPitch"]), int(values["nDstPitch"])
    src = np.asarray(values["src_words"]).reshape(-1).view(np.uint8)
    plane = src[: 2 * h * sp].reshape(2 * h, sp)[:, : 2 * w].astype(np.int32)

    def reduce(a: np.ndarray, n: int) -> np.ndarray:  # along axis 0: 2n samples into n
        out = np.empty((n,) + a.shape[1:], np.int32)
        out[0] = (a[0] + a[1] + 1) >> 1
        if n > 2:
            i = 2 * np.arange(1, n - 1)
            out[1 : n - 1] = (a[i - 1] + 3 * a[i] + 3 * a[i + 1] + a[i + 2] + 4) // 8
        if n > 1:
            out[n - 1] = (a[2 * n - 2] + a[2 * n - 1] + 1) >> 1
        return out

    reduced = reduce(reduce(plane, h).T, w).T
    out = np.array(values["dst_words"], copy=True)
    out.reshape(-1).view(np.uint8)[: h * dp].reshape(h, dp)[:, :w] = reduced
    return {"dst_words": out}


def ktgmc_temporal_soften2(values: Values) -> dict[str, np.ndarray]:
    """KTGMC's kl_binomial_temporal_soften_2: each byte of the width4 words of each row (pitch
    pitch4 words) (ref2 + 4 ref0 + 6 src + 4 ref1 + ref3 + 4) >> 4, clamped to 0..255, frame i
    replaced by the source where sad[i] >= scenechange (float32); the rest left as it was."""
    w4, h, p4 = int(values["width4"]), int(values["height"]), int(values["pitch4"])
    flags = np.asarray(values["sad"], np.float32).reshape(-1)[:4] >= np.float32(
        values["scenechange"])

    def frame(name: str) -> np.ndarray:
        raw = np.asarray(values[name]).reshape(-1).view(np.uint8)
        return raw[: h * p4 * 4].reshape(h, 4 * p4)[:, : 4 * w4].astype(np.int32)

    src = frame("src_words")
    r0, r1, r2, r3 = (src if flags[i] else frame(f"ref{i}_words") for i in range(4))
    soft = np.clip((r2 + 4 * r0 + 6 * src + 4 * r1 + r3 + 4) >> 4, 0, 255)
    out = np.array(values["dst_words"], copy=True)
    out.reshape(-1).view(np.uint8)[: h * p4 * 4].reshape(h, 4 * p4)[:, : 4 * w4] = soft
    return {"dst_words": out}


def qulacs_dense_matrix5(values: Values) -> dict[str, np.ndarray]:
    """Qulacs' dense k-qubit gate: every group of 2^k amplitudes (an index with zeros at the
    target qubits, plus row r's bit j at target j, the targets a byte each of
    target_index_list) replaced by the complex matrix (row-major, 2^k x 2^k) times it."""
    k, dim = int(values["target_qubit_index_count"]), int(values["dim"])
    packed = int(values["target_index_list"])
    targets = [(packed >> (8 * j)) & 255 for j in range(k)]
    m = 1 << k
    words = np.asarray(values["matrix_words"], np.float64).reshape(-1)[: 2 * m * m]
    matrix = (words[0::2] + 1j * words[1::2]).reshape(m, m)
    out = np.array(values["state_words"], copy=True)
    flat = out.reshape(-1)
    amp = flat[0 : 2 * dim : 2] + 1j * flat[1 : 2 * dim : 2]
    index = np.arange(dim, dtype=np.int64)
    bases = index[(index & sum(1 << t for t in targets)) == 0]
    offsets = np.array([sum(((r >> j) & 1) << t for j, t in enumerate(targets))
                        for r in range(m)], np.int64)
    at = bases[:, None] + offsets[None, :]
    new = amp[at] @ matrix.T
    flat[2 * at] = new.real
    flat[2 * at + 1] = new.imag
    return {"state_words": out}


def qulacs_pauli_xz(values: Values) -> dict[str, np.ndarray]:
    """Qulacs' Pauli string with a bit-flip mask: amplitude b becomes amplitude b ^
    bit_flip_mask times (1, -i, -1, i)[(global_phase_90rot_count + 2 parity(b &
    phase_flip_mask)) & 3]."""
    dim = int(values["dim"])
    flip, phase = int(values["bit_flip_mask"]), int(values["phase_flip_mask"])
    count = int(values["global_phase_90rot_count"])
    out = np.array(values["state_words"], copy=True)
    flat = out.reshape(-1)
    amp = flat[0 : 2 * dim : 2] + 1j * flat[1 : 2 * dim : 2]
    index = np.arange(dim, dtype=np.uint64)
    parity = (np.bitwise_count(index & np.uint64(phase)) & 1).astype(np.int64)
    table = np.array([1, -1j, -1, 1j])
    new = amp[index ^ np.uint64(flip)] * table[(count + 2 * parity) & 3]
    flat[0 : 2 * dim : 2] = new.real
    flat[1 : 2 * dim : 2] = new.imag
    return {"state_words": out}


def gpujpeg_preprocess420(values: Values) -> dict[str, np.ndarray]:
    """GPUJPEG's RGB (interleaved, rows image_width_padding bytes apart beyond 3 x width) to
    JFIF YCbCr: each sample times 256 // 255, then (77, 150, 29), (-43, -85, 128) + 128 and
    (128, -107, -21) + 128 with + 128 and >> 8, clamped to 0..255; Y into component 0 (rows
    data_width0 bytes), Cb and Cr of the even rows' even columns into components 1 and 2 at
    half the row and column (the rest of each component left as it was)."""
    w, h, pad = (int(values[k]) for k in ("image_width", "image_height", "image_width_padding"))
    raw = np.asarray(values["raw_words"]).reshape(-1).view(np.uint8)
    rgb = raw[: h * (3 * w + pad)].reshape(h, 3 * w + pad)[:, : 3 * w].reshape(h, w, 3)
    r, g, b = (rgb[..., c].astype(np.int32) * 256 // 255 for c in range(3))
    planes = (np.clip((77 * r + 150 * g + 29 * b + 128) >> 8, 0, 255),
              np.clip(((-43 * r - 85 * g + 128 * b + 128) >> 8) + 128, 0, 255)[::2, ::2],
              np.clip(((128 * r - 107 * g - 21 * b + 128) >> 8) + 128, 0, 255)[::2, ::2])
    result = {}
    for c, plane in enumerate(planes):
        width = int(values[f"data_width{c}"])
        out = np.array(values[f"comp{c}_words"], copy=True)
        rows, cols = plane.shape
        out.reshape(-1).view(np.uint8)[: rows * width].reshape(rows, width)[:, :cols] = plane
        result[f"comp{c}_words"] = out
    return result


def gpumd_sort_neighbor_list(values: Values) -> dict[str, np.ndarray]:
    """GPUMD's gpu_sort_neighbor_list: atom a's first NN[a] slots of the slot-major list
    (slot s at NL[s, a]) in ascending order, each entry stored at the slot of its count of
    smaller entries (equal entries at one slot; the slots they leave, and those past NN[a],
    keep what they held)."""
    n = int(values["N"])
    counts = np.asarray(values["NN"]).reshape(-1)[:n].astype(np.int64)
    out = np.array(values["NL"], copy=True)
    slots = out.size // n
    lists = out.reshape(-1)[: slots * n].reshape(slots, n).T  # [atom, slot], a view of out
    inside = np.arange(slots)[None, :] < counts[:, None]
    ordered = np.sort(np.where(inside, lists, np.iinfo(np.int32).max), axis=1)
    first = np.ones(ordered.shape, bool)
    first[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    keep = first & inside
    lists[keep] = ordered[keep]
    return {"NL": out}


def awp_dvelcx(values: Values) -> dict[str, np.ndarray]:
    """AWP-ODC's dvelcx: for every cell (i, j, k) of the subdomain (i from s_i to e_i, j from 6
    and k from 32, nyt and nzt of them), u1, v1 and w1 += dth / (0.25 x a sum of four densities)
    times the sum, from the left, of the six terms c (a - b) of the stresses' fourth-order
    differences along x, y and z, then times dcrjx[i] dcrjy[j] dcrjz[k]: each step a float32
    operation, in the kernel's order (the rest left as it was)."""
    f32 = np.float32
    sl, yl = int(values["slice_1"]), int(values["yline_1"])
    nyt, nzt = int(values["nyt"]), int(values["nzt"])
    s_i, e_i = int(values["s_i"]), int(values["e_i"])
    c1, c2, dth = f32(values["c1"]), f32(values["c2"]), f32(values["dth"])

    def grid(a: np.ndarray) -> np.ndarray:
        flat = a.reshape(-1)
        return flat[: flat.size // sl * sl].reshape(-1, sl // yl, yl)

    def at(a: np.ndarray, di: int, dj: int, dk: int) -> np.ndarray:
        return a[s_i + di : e_i + 1 + di, 6 + dj : nyt + 6 + dj, 32 + dk : nzt + 32 + dk]

    xx, yy, zz, xy, xz, yz, d1 = (grid(np.asarray(values[k], f32))
                                  for k in ("xx", "yy", "zz", "xy", "xz", "yz", "d_1"))
    shape = at(xx, 0, 0, 0).shape
    tmp = np.empty(shape, f32)

    def sum6(*terms: tuple[np.float32, np.ndarray, np.ndarray]) -> np.ndarray:
        # c (a - b) for each, summed from the left (float32 steps, in place)
        c, a, b = terms[0]
        acc = np.subtract(a, b)
        acc *= c
        for c, a, b in terms[1:]:
            np.subtract(a, b, out=tmp)
            np.multiply(tmp, c, out=tmp)
            acc += tmp
        return acc

    def scale(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> np.ndarray:
        # dth / (0.25 (a + b + c + d)), the sum from the left
        mean = np.add(a, b)
        mean += c
        mean += d
        mean *= f32(0.25)
        return np.divide(dth, mean, out=mean)

    dx = np.asarray(values["dcrjx"], f32).reshape(-1)[s_i : e_i + 1][:, None, None]
    dy = np.asarray(values["dcrjy"], f32).reshape(-1)[6 : nyt + 6][None, :, None]
    dz = np.asarray(values["dcrjz"], f32).reshape(-1)[32 : nzt + 32][None, None, :]
    dcrj = (dx * dy) * dz
    d0 = at(d1, 0, 0, 0)
    plans = (
        ("u1", (d0, at(d1, 0, -1, 0), at(d1, 0, 0, -1), at(d1, 0, -1, -1)),
         ((c1, at(xx, 0, 0, 0), at(xx, -1, 0, 0)), (c2, at(xx, 1, 0, 0), at(xx, -2, 0, 0)),
          (c1, at(xy, 0, 0, 0), at(xy, 0, -1, 0)), (c2, at(xy, 0, 1, 0), at(xy, 0, -2, 0)),
          (c1, at(xz, 0, 0, 0), at(xz, 0, 0, -1)), (c2, at(xz, 0, 0, 1), at(xz, 0, 0, -2)))),
        ("v1", (d0, at(d1, 1, 0, 0), at(d1, 0, 0, -1), at(d1, 1, 0, -1)),
         ((c1, at(xy, 1, 0, 0), at(xy, 0, 0, 0)), (c2, at(xy, 2, 0, 0), at(xy, -1, 0, 0)),
          (c1, at(yy, 0, 1, 0), at(yy, 0, 0, 0)), (c2, at(yy, 0, 2, 0), at(yy, 0, -1, 0)),
          (c1, at(yz, 0, 0, 0), at(yz, 0, 0, -1)), (c2, at(yz, 0, 0, 1), at(yz, 0, 0, -2)))),
        ("w1", (d0, at(d1, 1, 0, 0), at(d1, 0, -1, 0), at(d1, 1, -1, 0)),
         ((c1, at(xz, 1, 0, 0), at(xz, 0, 0, 0)), (c2, at(xz, 2, 0, 0), at(xz, -1, 0, 0)),
          (c1, at(yz, 0, 0, 0), at(yz, 0, -1, 0)), (c2, at(yz, 0, 1, 0), at(yz, 0, -2, 0)),
          (c1, at(zz, 0, 0, 1), at(zz, 0, 0, 0)), (c2, at(zz, 0, 0, 2), at(zz, 0, 0, -1)))),
    )
    out = {}
    for name, dens, terms in plans:
        res = np.array(values[name], copy=True)
        view = at(grid(res), 0, 0, 0)
        delta = sum6(*terms)
        delta *= scale(*dens)  # f_d (the sum): a product commutes exactly
        view += delta
        view *= dcrj
        out[name] = res
    return out


def microhh_advec_uvw(values: Values) -> dict[str, np.ndarray]:
    """MicroHH's advec_uvw_g (second order): for every interior cell, ut, vt and (above the
    first level) wt += minus the differences of the products of interp2 pairs (0.5 (a + b))
    across the cell's faces along x (times dxi), y (times dyi) and z (the faces' products times
    the reference densities, over the cell's, times dzi or dzhi), in float64 (ghost cells
    left as they were)."""
    jj, kk = int(values["jj"]), int(values["kk"])
    i0, j0, k0 = (int(values[k]) for k in ("istart", "jstart", "kstart"))
    i1, j1, k1 = (int(values[k]) for k in ("iend", "jend", "kend"))
    dxi, dyi = float(values["dxi"]), float(values["dyi"])

    def field(a: Any) -> np.ndarray:
        flat = np.asarray(a).reshape(-1)
        return flat[: flat.size // kk * kk].reshape(-1, kk // jj, jj)

    u, v, w = (field(np.asarray(values[k], np.float64)) for k in ("u", "v", "w"))
    rhoref, rhorefh, dzi, dzhi = (np.asarray(values[k], np.float64).reshape(-1)
                                  for k in ("rhoref", "rhorefh", "dzi", "dzhi"))
    out = {name: np.array(values[name], copy=True) for name in ("ut", "vt", "wt")}
    if i1 <= i0 or j1 <= j0 or k1 <= k0:
        return out

    def at(a: np.ndarray, dk: int, dj: int, di: int, first: int = k0) -> np.ndarray:
        return a[first + dk : k1 + dk, j0 + dj : j1 + dj, i0 + di : i1 + di]

    def lev(a: np.ndarray, dk: int = 0, first: int = k0) -> np.ndarray:
        return a[first + dk : k1 + dk][:, None, None]

    def i2(a: np.ndarray, b: np.ndarray) -> np.ndarray:
        return 0.5 * (a + b)

    u0, v0, w0 = at(u, 0, 0, 0), at(v, 0, 0, 0), at(w, 0, 0, 0)
    at(field(out["ut"]), 0, 0, 0)[...] += (
        -(i2(u0, at(u, 0, 0, 1)) ** 2 - i2(at(u, 0, 0, -1), u0) ** 2) * dxi
        - (i2(at(v, 0, 1, -1), at(v, 0, 1, 0)) * i2(u0, at(u, 0, 1, 0))
           - i2(at(v, 0, 0, -1), v0) * i2(at(u, 0, -1, 0), u0)) * dyi
        - (lev(rhorefh, 1) * i2(at(w, 1, 0, -1), at(w, 1, 0, 0)) * i2(u0, at(u, 1, 0, 0))
           - lev(rhorefh) * i2(at(w, 0, 0, -1), w0) * i2(at(u, -1, 0, 0), u0))
        / lev(rhoref) * lev(dzi))
    at(field(out["vt"]), 0, 0, 0)[...] += (
        -(i2(at(u, 0, -1, 1), at(u, 0, 0, 1)) * i2(v0, at(v, 0, 0, 1))
          - i2(at(u, 0, -1, 0), u0) * i2(at(v, 0, 0, -1), v0)) * dxi
        - (i2(v0, at(v, 0, 1, 0)) ** 2 - i2(at(v, 0, -1, 0), v0) ** 2) * dyi
        - (lev(rhorefh, 1) * i2(at(w, 1, -1, 0), at(w, 1, 0, 0)) * i2(v0, at(v, 1, 0, 0))
           - lev(rhorefh) * i2(at(w, 0, -1, 0), w0) * i2(at(v, -1, 0, 0), v0))
        / lev(rhoref) * lev(dzi))
    k2 = k0 + 1  # w's tendency from the second level up
    if k1 > k2:
        u0, v0, w0 = at(u, 0, 0, 0, k2), at(v, 0, 0, 0, k2), at(w, 0, 0, 0, k2)
        at(field(out["wt"]), 0, 0, 0, k2)[...] += (
            -(i2(at(u, -1, 0, 1, k2), at(u, 0, 0, 1, k2)) * i2(w0, at(w, 0, 0, 1, k2))
              - i2(at(u, -1, 0, 0, k2), u0) * i2(at(w, 0, 0, -1, k2), w0)) * dxi
            - (i2(at(v, -1, 1, 0, k2), at(v, 0, 1, 0, k2)) * i2(w0, at(w, 0, 1, 0, k2))
               - i2(at(v, -1, 0, 0, k2), v0) * i2(at(w, 0, -1, 0, k2), w0)) * dyi
            - (lev(rhoref, 0, k2) * i2(w0, at(w, 1, 0, 0, k2)) ** 2
               - lev(rhoref, -1, k2) * i2(at(w, -1, 0, 0, k2), w0) ** 2)
            / lev(rhorefh, 0, k2) * lev(dzhi, 0, k2))
    return out


def gespmm_seqreduce_nnz(values: Values) -> dict[str, np.ndarray]:
    """GE-SpMM's nonzero-balanced CSR SpMM: C (nr x nv, row-major) += A B with A's row
    pointers, column indices and values and B (nc x nv, row-major), summed exactly in float64
    (whole numbers) and stored as float32."""
    nr, nv = int(values["nr"]), int(values["nv"])
    nnz = int(values["nnz"])
    ptr = np.asarray(values["rowPtr"]).reshape(-1)[: nr + 1].astype(np.int64)
    cols = np.asarray(values["colIdx"]).reshape(-1)[:nnz].astype(np.int64)
    vals = np.asarray(values["values"]).reshape(-1)[:nnz].astype(np.float64)
    dense = np.asarray(values["dnInput"]).reshape(-1)
    rows = np.repeat(np.arange(nr), np.diff(ptr))
    out = np.array(values["dnOutput"], copy=True)
    flat = out.reshape(-1)
    acc = flat[: nr * nv].astype(np.float64).reshape(nr, nv)
    for c in range(nv):  # one bincount of the products a dense column
        acc[:, c] += np.bincount(rows, weights=vals * dense[cols * nv + c], minlength=nr)
    flat[: nr * nv] = acc.reshape(-1).astype(flat.dtype)
    return {"dnOutput": out}


def tsvm_sum_kernel_values(values: Values) -> dict[str, np.ndarray]:
    """ThunderSVM's kernel_sum_kernel_values: for every instance and class pair i < j (binary
    model k in that order), the float64 sum over class i's support vectors of coef[j - 1][sv]
    k_mat[instance][sv], then over class j's with coef[i][sv], minus rho[k] (sv_start the
    classes' prefix array: class c's vectors from sv_start[c] to sv_start[c + 1])."""
    ncls, nsv, n = int(values["n_classes"]), int(values["total_sv"]), int(values["n_instances"])
    nmodel = ncls * (ncls - 1) // 2
    start = np.asarray(values["sv_start"]).reshape(-1).astype(np.int64)
    coef = np.asarray(values["coef"], np.float64).reshape(-1)
    kmat = np.asarray(values["k_mat"]).reshape(-1)[: n * nsv].reshape(n, nsv).astype(np.float64)
    rho = np.asarray(values["rho"], np.float64).reshape(-1)
    out = np.array(values["dec_values"], copy=True)
    dec = out.reshape(-1)[: n * nmodel].reshape(n, nmodel)
    k = 0
    for i in range(ncls):
        for j in range(i + 1, ncls):
            si, ei, sj, ej = start[i], start[i + 1], start[j], start[j + 1]
            total = (kmat[:, si:ei] @ coef[(j - 1) * nsv + si : (j - 1) * nsv + ei]
                     + kmat[:, sj:ej] @ coef[i * nsv + sj : i * nsv + ej])
            dec[:, k] = total - rho[k]
            k += 1
    return {"dec_values": out}


def kmcuda_assign_smallc(values: Values) -> dict[str, np.ndarray]:
    """kmcuda's Lloyd assignment (L2): each sample's first nearest centroid by |c|^2 - 2 s.c
    (exact for whole numbers; ties to the lower index; a sample whose first feature is NaN
    gets clusters_size), its old assignment copied to assignments_prev, and changed += the
    number of samples whose assignment changed."""
    n, k, f = int(values["length"]), int(values["clusters_size"]), int(values["features_size"])
    size, offset = int(values["samples_size"]), int(values["offset"])
    samples = np.asarray(values["samples"]).reshape(-1)[: f * size].reshape(f, size)
    samples = np.ascontiguousarray(samples[:, offset : offset + n].T, np.float32)
    cents = np.asarray(values["centroids"]).reshape(-1)[: k * f].reshape(k, f).astype(np.float32)
    csqr = (cents * cents).sum(axis=1)
    twice = np.ascontiguousarray((2 * cents).T)
    nearest = np.empty(n, np.int64)
    step = 1 << 14  # a 16,384 x k block of distances at a time (small integers: exact in float32)
    for lo in range(0, n, step):
        dist = samples[lo : lo + step] @ twice
        np.subtract(csqr, dist, out=dist)
        nearest[lo : lo + step] = np.argmin(dist, axis=1)
    nearest[np.isnan(samples[:, 0])] = k
    old = np.asarray(values["assignments"]).reshape(-1)
    prev = np.array(values["assignments_prev"], copy=True)
    prev.reshape(-1)[:n] = old[:n]
    ass = np.array(values["assignments"], copy=True)
    ass.reshape(-1)[:n] = nearest
    changed = np.array(values["changed"], copy=True)
    changed.reshape(-1)[0] += np.count_nonzero(old[:n] != nearest)
    return {"assignments_prev": prev, "assignments": ass, "changed": changed}


def emogi_bfs_coalesce(values: Values) -> dict[str, np.ndarray]:
    """EMOGI's BFS level: every unvisited vertex (label 0xFFFFFFFF) with an edge from a vertex
    labelled level gets level + 1, and changed becomes 1 where any does."""
    nv, level = int(values["vertex_count"]), int(values["level"])
    ptr = np.asarray(values["vertexList"]).reshape(-1)[: nv + 1].astype(np.int64)
    edges = np.asarray(values["edgeList"]).reshape(-1)
    label = np.array(values["label"], copy=True)
    flat = label.reshape(-1)
    src = np.repeat(np.arange(nv), np.diff(ptr))
    targets = edges[ptr[0] : ptr[nv]][flat[src] == level]
    found = targets[flat[targets] == 0xFFFFFFFF]
    flat[found] = level + 1
    changed = np.array(values["changed"], copy=True)
    if found.size:
        changed.reshape(-1)[0] = 1
    return {"label": label, "changed": changed}


def niftyreg_affine_deformation(values: Values) -> dict[str, np.ndarray]:
    """NiftyReg's affineKernel: each voxel (x, y, z) of the nx x ny x nz float4 field whose
    mask entry is not negative becomes (row 0, row 1, row 2 of the row-major 4 x 4 float
    matrix applied to the point in float64, as float32; 0), the point the voxel's coordinates
    (or, with composition, the field's x, y, z there); masked voxels keep their float4."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    n = nx * ny * nz
    m = np.asarray(values["matrix"], np.float32).reshape(-1)[:16].astype(np.float64)
    m = m.reshape(4, 4)
    out = np.array(values["def_words"], copy=True)
    field = out.reshape(-1)[: 4 * n].reshape(nz, ny, nx, 4)
    inside = np.asarray(values["mask"]).reshape(-1)[:n].reshape(nz, ny, nx) >= 0
    if int(values["composition"]):
        point = [field[..., c][inside].astype(np.float64) for c in range(3)]
    else:
        z, y, x = np.nonzero(inside)
        point = [x.astype(np.float64), y.astype(np.float64), z.astype(np.float64)]
    result = np.zeros((point[0].size, 4), np.float32)
    for row in range(3):
        result[:, row] = (m[row, 0] * point[0] + m[row, 1] * point[1] + m[row, 2] * point[2]
                          + m[row, 3]).astype(np.float32)
    field[inside] = result
    return {"def_words": out}


def lightseq_dropout_bias_bwd(values: Values) -> dict[str, np.ndarray]:
    """LightSeq's ls_dropout_bias_bwd_kernel (float): in_grad = out_grad times (scale times
    bit 0 of the mask's byte), scale = 1 / (1 - ratio) (float32), over row_size x hidden_size;
    bias_grad[c] the sum of column c of in_grad."""
    f32 = np.float32
    rows, cols = int(values["row_size"]), int(values["hidden_size"])
    scale = f32(1) / (f32(1) - f32(values["ratio"]))
    grad = np.asarray(values["out_grad"], f32).reshape(-1)[: rows * cols].reshape(rows, cols)
    bits = (np.asarray(values["mask_words"]).reshape(-1).view(np.uint8)[: rows * cols]
            & 1).reshape(rows, cols).astype(f32)
    val = grad * (scale * bits)
    in_grad = np.array(values["in_grad"], copy=True)
    in_grad.reshape(-1)[: rows * cols] = val.reshape(-1)
    bias_grad = np.array(values["bias_grad"], copy=True)
    bias_grad.reshape(-1)[:cols] = val.astype(np.float64).sum(axis=0).astype(f32)
    return {"in_grad": in_grad, "bias_grad": bias_grad}


def cudadecon_deskew(values: Values) -> dict[str, np.ndarray]:
    """cudaDecon's deskew_kernel: output voxel (x, y, z) of the nxOut x ny x nz stack is the
    linear interpolation (1 - o) in[z, y, i] + o in[z, y, i + 1] (float32) at xin = (x - nxOut /
    2 + extraShift) - deskewFactor (z - nz / 2) + nx / 2 (float64, then float32), i =
    floor(xin), o = xin - i, where 0 <= xin < nx - 1; padVal elsewhere."""
    f32 = np.float32
    nx, ny, nz, nxo = (int(values[k]) for k in ("nx", "ny", "nz", "nxOut"))
    factor = float(values["deskewFactor"])
    src = np.asarray(values["in"], f32).reshape(-1)[: nz * ny * nx].reshape(nz, ny, nx)
    x = np.arange(nxo, dtype=np.float64)
    z = np.arange(nz, dtype=np.float64)
    xin = ((x - nxo / 2.0 + int(values["extraShift"]))[None, :] - factor * (z - nz / 2.0)[:, None]
           + nx / 2.0).astype(f32)
    valid = (xin >= 0) & (xin < nx - 1)
    lo = np.floor(xin)
    offset = xin - lo
    i = np.where(valid, lo, 0).astype(np.int64)
    rows = src.transpose(0, 2, 1)  # [z, x, y]
    zi = np.arange(nz)[:, None]
    a = rows[zi, i]  # [z, xout, y]
    b = rows[zi, np.minimum(i + 1, nx - 1)]
    val = (f32(1) - offset)[..., None] * a + offset[..., None] * b
    val = np.where(valid[..., None], val, f32(values["padVal"])).transpose(0, 2, 1)
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: nz * ny * nxo] = val.reshape(-1)
    return {"out": out}


def dsph_compute_step_pos(values: Values) -> dict[str, np.ndarray]:
    """DualSPHysics' KerComputeStepPos<true, false>: fluid particles pini .. pini + n - 1 whose
    code's special bits are normal (0) or excluded by density (5) move by (movxy, movz)
    (float64); outside the real domain the periodic axes (periactive bits) wrap by their
    increments, the others exclude by position; a move past movlimit (float32) excludes by
    motion; an excluded particle's special bits become position, else density, else motion
    and its cell 0xFFFFFFFF, the others' cell (d / scell) from domposmin packed by cellcode."""
    n, pini = int(values["n"]), int(values["pini"])
    sl = slice(pini, pini + n)
    code = np.array(values["code"], copy=True)
    dcell = np.array(values["dcell"], copy=True)
    posxy = np.array(values["posxy_words"], copy=True)
    posz = np.array(values["posz"], copy=True)
    pxy = posxy.reshape(-1, 2)
    pz = posz.reshape(-1)
    codes = code.reshape(-1)
    cells = dcell.reshape(-1)
    special = codes[sl] & np.uint32(0xE0000000)
    outrho = special == 0xA0000000
    moving = outrho | (special == 0)
    idx = np.arange(pini, pini + n)[moving]
    outrho = outrho[moving]
    mxy = np.asarray(values["movxy_words"], np.float64).reshape(-1, 2)[idx]
    mz = np.asarray(values["movz"], np.float64).reshape(-1)[idx]
    mov = [mxy[:, 0], mxy[:, 1], mz]
    limit = np.float32(values["movlimit"])
    outmov = np.maximum.reduce([np.abs(m.astype(np.float32)) for m in mov]) > limit
    pos = [pxy[idx, 0] + mov[0], pxy[idx, 1] + mov[1], pz[idx] + mov[2]]
    lo = [float(values[f"maprealposmin{a}"]) for a in "xyz"]
    size = [float(values[f"maprealsize{a}"]) for a in "xyz"]
    d = [pos[a] - lo[a] for a in range(3)]
    out = np.zeros(idx.size, bool)
    for a in range(3):
        out |= np.isnan(d[a]) | (d[a] < 0) | (d[a] >= size[a])
    peri = int(values["periactive"])
    w = [x[out].copy() for x in d]
    for a, axis in enumerate("xyz"):
        if peri >> a & 1:
            inc = [float(values[f"{axis}perinc{b}"]) for b in "xyz"]
            below = w[a] < 0
            for b in range(3):
                w[b] = np.where(below, w[b] - inc[b], w[b])
            above = w[a] >= size[a]
            for b in range(3):
                w[b] = np.where(above, w[b] + inc[b], w[b])
    still = np.zeros(w[0].size, bool)
    for a in range(3):
        if not peri >> a & 1:
            still |= (w[a] < 0) | (w[a] >= size[a])
    for a in range(3):
        pos[a][out] = w[a] + lo[a]
    out[out] = still
    pxy[idx, 0], pxy[idx, 1], pz[idx] = pos
    excluded = outrho | outmov | out
    base = codes[idx] & np.uint32(0x1FFFFFFF)
    new = np.where(out, 0x80000000, np.where(outrho, 0xA0000000, 0x60000000)).astype(np.uint32)
    codes[idx[excluded]] = (base | new)[excluded]
    cells[idx[excluded]] = 0xFFFFFFFF
    cc = int(values["cellcode"])
    scell = float(np.float32(values["scell"]))
    keep = ~excluded
    c = [((pos[a][keep] - float(values[f"domposmin{axis}"])) / scell).astype(np.uint64)
         for a, axis in enumerate("xyz")]
    cells[idx[keep]] = ((c[0] << np.uint64((cc >> 10) & 31)) | (c[1] << np.uint64((cc >> 15) & 31))
                        | c[2]).astype(np.uint32)
    return {"posxy_words": posxy, "posz": posz, "dcell": dcell, "code": code}


def viennacl_csr_dtrmat_mul(values: Values) -> dict[str, np.ndarray]:
    """ViennaCL's compressed_matrix_d_tr_mat_mul_kernel: result(row, col) = the sum over the
    CSR row's nonzeros k of elements[k] d_mat(col, cols[k]) (float32; both dense matrices
    row-major with d_mat_internal_cols and result_internal_cols floats a row), for the
    result_row_size x result_col_size result; its padding columns keep what they held."""
    m, n = int(values["result_row_size"]), int(values["result_col_size"])
    dci, rci = int(values["d_mat_internal_cols"]), int(values["result_internal_cols"])
    ptr = np.asarray(values["sp_mat_row_indices"]).reshape(-1)[: m + 1].astype(np.int64)
    nnz = int(ptr[-1])
    cols = np.asarray(values["sp_mat_col_indices"]).reshape(-1)[:nnz].astype(np.int64)
    elems = np.asarray(values["sp_mat_elements"], np.float32).reshape(-1)[:nnz].astype(np.float64)
    dense = np.asarray(values["d_mat"], np.float32).reshape(-1)[: n * dci].reshape(n, dci)
    rows = np.repeat(np.arange(m), np.diff(ptr))
    out = np.array(values["result"], copy=True)
    res = out.reshape(-1)[: m * rci].reshape(m, rci)
    for col in range(n):
        res[:, col] = np.bincount(rows, weights=elems * dense[col, cols], minlength=m)
    return {"result": out}


def amgx_restrict_residual4(values: Values) -> dict[str, np.ndarray]:
    """AMGX's restrictResidualBlockDiaCsrKernel with 4 x 4 blocks: rr[a] (4 float64) = the sum
    of the fine residual blocks r[j] over the restriction's CSR row a (row_offsets,
    column_indices), for the num_aggregates aggregates."""
    nagg = int(values["num_aggregates"])
    ptr = np.asarray(values["row_offsets"]).reshape(-1)[: nagg + 1].astype(np.int64)
    cols = np.asarray(values["column_indices"]).reshape(-1)[: int(ptr[-1])].astype(np.int64)
    r = np.asarray(values["r"], np.float64).reshape(-1, 4)
    agg = np.repeat(np.arange(nagg), np.diff(ptr))
    out = np.array(values["rr"], copy=True)
    rr = out.reshape(-1)[: 4 * nagg].reshape(nagg, 4)
    for m in range(4):
        rr[:, m] = np.bincount(agg, weights=r[cols, m], minlength=nagg)
    return {"rr": out}


def _gtom_mirror(offset: int, extent: int, n: int) -> np.ndarray:
    """gtom's mirror index of offset + i (i < extent) into an axis of n (0 where n is 1)."""
    if n == 1:
        return np.zeros(extent, np.int64)
    v = (offset + np.arange(extent, dtype=np.int64) + n * 99998) % (2 * n)
    return np.where(v >= n, 2 * n - 1 - v, v)


def gtom_pad_mirror(values: Values) -> dict[str, np.ndarray]:
    """gtom's PadMirrorKernel: out[z, y, x] = in at each axis's mirrored index of offset + i
    (the unsigned modulo of offset + i + 99998 n by 2 n, the upper half reflected to 2 n - 1 -
    v; y and z kept at 0 where the input's extent is 1), the output ox x oy x oz."""
    ix, iy, iz, ox, oy, oz = (int(values[k]) for k in ("ix", "iy", "iz", "ox", "oy", "oz"))
    src = np.asarray(values["d_input"]).reshape(-1)[: ix * iy * iz].reshape(iz, iy, ix)
    xs = _gtom_mirror(int(values["offx"]), ox, ix)
    ys = _gtom_mirror(int(values["offy"]), oy, iy)
    zs = _gtom_mirror(int(values["offz"]), oz, iz)
    out = np.array(values["d_output"], copy=True)
    out.reshape(-1)[: ox * oy * oz] = src[np.ix_(zs, ys, xs)].reshape(-1)
    return {"d_output": out}


def cistem_clip_into_fourier(values: Values) -> dict[str, np.ndarray]:
    """cisTEM's ClipIntoFourierSpaceKernel: destination coefficient (x, y, z) of the dw / 2 x
    dy x dz half-complex layout takes the source's coefficient at the logical frequency (x, y
    or y - dy past the first negative frequency, the same for z; negative y and z wrapped by
    the source's sizes) when inside the source's logical bounds, else (oob, oob); the first
    coefficient zeroed with zero_central_pixel."""
    v = {k: int(values[k]) for k in (
        "src_y", "src_z", "dst_y", "dst_z", "dst_w", "dst_first_neg_y", "dst_first_neg_z",
        "src_lower_x", "src_lower_y", "src_lower_z", "src_upper_x", "src_upper_y",
        "src_upper_z", "src_phys_upper_x", "src_phys_upper_y", "dst_phys_upper_x",
        "dst_phys_upper_y", "zero_central_pixel")}
    cols, dy, dz = v["dst_w"] // 2, v["dst_y"], v["dst_z"]
    sxc, syp = v["src_phys_upper_x"] + 1, v["src_phys_upper_y"] + 1
    src = np.asarray(values["src_words"], np.float32).reshape(-1, 2)
    x = np.arange(cols)
    y = np.arange(dy)
    z = np.arange(dz)
    y = np.where(y >= v["dst_first_neg_y"], y - dy, y)
    z = np.where(z >= v["dst_first_neg_z"], z - dz, z)
    ok_x = (x >= v["src_lower_x"]) & (x <= v["src_upper_x"])
    ok_y = (y >= v["src_lower_y"]) & (y <= v["src_upper_y"])
    ok_z = (z >= v["src_lower_z"]) & (z <= v["src_upper_z"])
    py = np.where(y >= 0, y, v["src_y"] + y)
    pz = np.where(z >= 0, z, v["src_z"] + z)
    index = (pz[:, None, None] * syp + py[None, :, None]) * sxc + x[None, None, :]
    inside = ok_z[:, None, None] & ok_y[None, :, None] & ok_x[None, None, :]
    got = src[np.where(inside, index, 0)]
    got[~inside] = np.float32(values["out_of_bounds_value"])
    if v["zero_central_pixel"]:
        got[0, 0, 0] = 0
    out = np.array(values["dst_words"], copy=True)
    dxc, dyp = v["dst_phys_upper_x"] + 1, v["dst_phys_upper_y"] + 1
    dst = out.reshape(-1)[: 2 * dxc * dyp * dz].reshape(dz, dyp, dxc, 2)
    dst[:, :dy, :cols] = got
    return {"dst_words": out}


def kilosort_cross_filter(values: Values) -> dict[str, np.ndarray]:
    """Kilosort's crossFilter: WtW[lag, j, i] = UtU[j, i] times the sum over the overlapping
    samples t of W1[i, t] W2[j, t + nt0 - 1 - lag], for the 2 nt0 - 1 lags and Nfilt x Nfilt
    template pairs (float32; exact for whole-number data)."""
    nf, nt = int(values["Nfilt"]), int(values["nt0"])
    w1 = np.asarray(values["W1"], np.float64).reshape(-1)[: nf * nt].reshape(nf, nt)
    w2 = np.asarray(values["W2"], np.float64).reshape(-1)[: nf * nt].reshape(nf, nt)
    utu = np.asarray(values["UtU"], np.float64).reshape(-1)[: nf * nf].reshape(nf, nf)
    out = np.array(values["WtW"], copy=True)
    wtw = out.reshape(-1)[: (2 * nt - 1) * nf * nf].reshape(2 * nt - 1, nf, nf)
    for lag in range(2 * nt - 1):
        s = nt - lag - 1
        t0, t1 = max(0, -s), min(nt, nt - s)
        wtw[lag] = ((w2[:, t0 + s:t1 + s] @ w1[:, t0:t1].T) * utu).astype(np.float32)
    return {"WtW": out}


def _gpufit_pair(n: int, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Gpufit's closed form: the (i, j) of unique Hessian entry p of n fitted parameters."""
    pf = p.astype(np.float64)
    i = np.trunc(n - 1.0 - np.floor(0.5 * (np.sqrt(-8.0 * (pf - n) + 4.0 * n * (n - 1.0) - 7.0)
                                           - 1.0))).astype(np.int64)
    j = np.trunc(pf + i - i * (n - (i - 1) / 2.0)).astype(np.int64)
    return i, j


def gpufit_calc_hessians(values: Values) -> dict[str, np.ndarray]:
    """Gpufit's cuda_calculate_hessians (weighted LSE): for each fit neither finished nor
    skipped, Hessian (i, j) = (j, i) = the sum over its points of derivative(idx[i])
    derivative(idx[j]) weight, for the n (n + 1) / 2 unique entries of Gpufit's closed form;
    the other fits' Hessians keep what they held."""
    nfits, npts, npar, n = (int(values[k]) for k in (
        "n_fits", "n_points", "n_parameters", "n_parameters_to_fit"))
    idx = np.asarray(values["parameters_to_fit_indices"]).reshape(-1)[:n].astype(np.int64)
    d = np.asarray(values["derivatives"], np.float64).reshape(-1)[: nfits * npar * npts]
    d = d.reshape(nfits, npar, npts)
    w = np.asarray(values["weights"], np.float64).reshape(-1)[: nfits * npts].reshape(nfits, npts)
    active = ((np.asarray(values["finished"]).reshape(-1)[:nfits] == 0)
              & (np.asarray(values["skip"]).reshape(-1)[:nfits] == 0))
    d, w = d[active], w[active]
    out = np.array(values["hessians"], copy=True)
    h = out.reshape(-1)[: nfits * n * n].reshape(nfits, n, n)
    hact = h[active]
    ii, jj = _gpufit_pair(n, np.arange(n * (n + 1) // 2))
    for i, j in zip(ii.tolist(), jj.tolist(), strict=True):
        s = (d[:, idx[i]] * d[:, idx[j]] * w).sum(axis=1).astype(np.float32)
        hact[:, i, j] = s
        hact[:, j, i] = s
    h[active] = hact
    return {"hessians": out}


def cudpp_cuckoo_retrieve(values: Values) -> dict[str, np.ndarray]:
    """CUDPP's hash_retrieve<4>: per query, the entries at its four slots ((c.x ^ key) + c.y
    mod 2^32, mod 4294967291, mod table_size) probed in order while the key seen is neither
    the query nor 0xffffffff, then (stash_count nonzero, no match) the stash's slot (s.x ^
    (key + s.y)) mod 101 past the table; the value on a match, else 0xffffffff."""
    n, size = int(values["n_queries"]), int(values["table_size"])
    m32 = np.uint64(0xFFFFFFFF)
    keys = np.asarray(values["keys_in"]).reshape(-1)[:n].astype(np.uint64)
    words = np.asarray(values["table_words"]).reshape(-1).astype(np.uint64)
    tvals, tkeys = words[0::2], words[1::2]
    key = val = None
    for f in range(4):
        cx, cy = (np.uint64(int(values[f"c{f}{a}"])) for a in "xy")
        loc = ((((cx ^ keys) + cy) & m32) % np.uint64(4294967291)) % np.uint64(size)
        if f == 0:
            key, val = tkeys[loc], tvals[loc]
        else:
            probe = (key != keys) & (key != m32)
            key = np.where(probe, tkeys[loc], key)
            val = np.where(probe, tvals[loc], val)
    if int(values["stash_count"]):
        sx, sy = np.uint64(int(values["stash_x"])), np.uint64(int(values["stash_y"]))
        slot = (sx ^ ((keys + sy) & m32)) % np.uint64(101) + np.uint64(size)
        miss = key != keys
        key = np.where(miss, tkeys[slot], key)
        val = np.where(miss, tvals[slot], val)
    out = np.array(values["values_out"], copy=True)
    out.reshape(-1)[:n] = np.where(key == keys, val, m32).astype(np.uint32)
    return {"values_out": out}


def cp2k_pw_gather(values: Values) -> dict[str, np.ndarray]:
    """CP2K's pw_gather_cu_z: pwcc[g] = scale c[ghatmap[g]] (complex double, each part), for
    the ngpts G-vectors."""
    n = int(values["ngpts"])
    c = np.asarray(values["c"], np.float64).reshape(-1, 2)
    idx = np.asarray(values["ghatmap"]).reshape(-1)[:n].astype(np.int64)
    out = np.array(values["pwcc"], copy=True)
    out.reshape(-1)[: 2 * n] = (np.float64(values["scale"]) * c[idx]).reshape(-1)
    return {"pwcc": out}


def dedisp_dedisperse(values: Values) -> dict[str, np.ndarray]:
    """dedisp's dedisperse_kernel with 2-bit input and float output: sample t of DM trial d
    is the sum over channels c of killmask[c] times channel c's two bits (bits 2 (c % 16) of
    word row c // 16, ``stride`` words long) at sample t + rint(dm[d] delay_table[c]) (float32
    product), scaled as scale_output<2, float> (sum 1 / (3 nchans) (3 1024 / 255 / 16), each
    step rounded to float32), for t below nsamps; rows ``out_stride`` floats apart."""
    f32 = np.float32
    nsamps, ndm = int(values["nsamps"]), int(values["dm_count"])
    nchans, stride = int(values["nchans"]), int(values["stride"])
    out_stride = int(values["out_stride"])
    words = np.asarray(values["d_in"]).reshape(-1)[: nchans // 16 * stride].reshape(-1, stride)
    table = np.asarray(values["delay_table"], f32).reshape(-1)[:nchans]
    kill = np.asarray(values["killmask"]).reshape(-1)[:nchans].astype(np.int64)
    dms = np.asarray(values["d_dm_list"], f32).reshape(-1)[:ndm]
    # channels sharing a table entry share their delay at every DM: sum them first
    levels, group = np.unique(table, return_inverse=True)
    sums = np.zeros((levels.size, stride), np.int64)
    for c in range(nchans):
        if kill[c]:
            bits = (words[c // 16] >> np.uint32(2 * (c % 16))) & np.uint32(3)
            sums[group[c]] += kill[c] * bits.astype(np.int64)
    total = np.zeros((ndm, nsamps), np.int64)
    for d in range(ndm):
        delays = np.rint(dms[d] * levels).astype(np.int64)  # float32 products
        for g in range(levels.size):
            total[d] += sums[g, delays[g] : delays[g] + nsamps]
    factor = f32(f32(f32(3.0) * f32(1024.0)) / f32(255.0)) / f32(16.0)
    scaled = (total.astype(f32) * f32(1.0)) / (f32(3.0) * f32(nchans)) * factor
    out = np.array(values["d_out"], copy=True)
    view = out.reshape(-1)[: (ndm - 1) * out_stride + nsamps]
    for d in range(ndm):
        view[d * out_stride : d * out_stride + nsamps] = scaled[d]
    return {"d_out": out}


def hpgmg_smooth_gsrb(values: Values) -> dict[str, np.ndarray]:
    """miniGMG's __smooth_once_GSRB (cache version): in each box (box_volume doubles, planes
    of ``plane`` and rows of ``pencil`` doubles, one ghost cell a side), the interior cells
    (i, j, k) with i + j + k + sweep odd become phi - lambda (a alpha phi - b h^-2 (beta_i(i+1)
    (phi(i+1) - phi) - beta_i (phi - phi(i-1)) + the same along j and k) - rhs); the rest keep
    phi (the update reads only cells of the other colour)."""
    dim, pencil, plane = int(values["dim"]), int(values["pencil"]), int(values["plane"])
    vol = int(values["box_volume"])
    a, b, h = float(values["a"]), float(values["b"]), float(values["h"])
    h2inv = 1.0 / (h * h)
    out = np.array(values["phi_grids"], np.float64, copy=True)
    nbox = out.size // vol
    first = plane + pencil + 1

    def cells(grid: np.ndarray, di: int = 0, dj: int = 0, dk: int = 0) -> np.ndarray:
        """The boxes' interior cells shifted by (di, dj, dk), [box, k, j, i] (a view)."""
        flat = grid.reshape(-1)
        return np.lib.stride_tricks.as_strided(
            flat[first + di + dj * pencil + dk * plane :], shape=(nbox, dim, dim, dim),
            strides=tuple(8 * s for s in (vol, plane, pencil, 1)), writeable=grid is out)

    grid = {name: np.ascontiguousarray(values[name], np.float64) for name in (
        "rhs_grids", "alpha_grids", "beta_i_grids", "beta_j_grids", "beta_k_grids",
        "lambda_grids")}
    old = np.array(out, copy=True)
    phi = cells(old)
    helmholtz = a * cells(grid["alpha_grids"]) * phi - b * h2inv * (
        cells(grid["beta_i_grids"], 1) * (cells(old, 1) - phi)
        - cells(grid["beta_i_grids"]) * (phi - cells(old, -1))
        + cells(grid["beta_j_grids"], 0, 1) * (cells(old, 0, 1) - phi)
        - cells(grid["beta_j_grids"]) * (phi - cells(old, 0, -1))
        + cells(grid["beta_k_grids"], 0, 0, 1) * (cells(old, 0, 0, 1) - phi)
        - cells(grid["beta_k_grids"]) * (phi - cells(old, 0, 0, -1)))
    new = phi - cells(grid["lambda_grids"]) * (helmholtz - cells(grid["rhs_grids"]))
    k, j, i = np.ogrid[:dim, :dim, :dim]
    red = ((i + j + k + int(values["sweep"])) & 1).astype(bool)
    target = cells(out)
    target[:, red] = new[:, red]
    return {"phi_grids": out}


def kilosort_extract_snips(values: Values) -> dict[str, np.ndarray]:
    """Kilosort's extract_snips: for each of the first min(5000, counter[1]) spikes whose
    channel id is a block (0 <= id < Nchan), WU[ind] (Nchan x nt0 floats) = the raw samples
    st[ind] .. st[ind] + nt0 - 1 of every channel (channels NT floats apart); other spikes'
    snippets keep what WU held."""
    nt, nt0, nchan = int(values["NT"]), int(values["nt0"]), int(values["Nchan"])
    nmax = min(5000, int(np.asarray(values["counter"]).reshape(-1)[1]))
    st = np.asarray(values["st"]).reshape(-1)[:nmax].astype(np.int64)
    ids = np.asarray(values["id"]).reshape(-1)[:nmax].astype(np.int64)
    raw = np.asarray(values["dataraw"], np.float32).reshape(-1)
    out = np.array(values["WU"], copy=True)
    wu = out.reshape(-1)[: nmax * nchan * nt0].reshape(nmax, nchan, nt0)
    take = np.nonzero((ids >= 0) & (ids < nchan))[0]
    index = (st[take, None, None] + np.arange(nt0)[None, None, :]
             + nt * np.arange(nchan)[None, :, None])
    wu[take] = raw[index]
    return {"WU": out}


def kilosort_conv1d(values: Values, threads: int) -> dict[str, np.ndarray]:
    """Kilosort's Conv1D with blocks of ``threads`` threads: conv_sig[r, c, t] = the sum over
    i < nt0 of W[r nt0 + i] data[c, t + i] (float32, exact), for t below the chunks the block
    walks (chunks of ``threads`` samples from tid0 = 0 while tid0 < NT - threads - nt0 + 1);
    the later samples keep what conv_sig held."""
    nt, nt0 = int(values["NT"]), int(values["nt0"])
    nchan, nrank = int(values["Nchan"]), int(values["Nrank"])
    limit = nt - threads - nt0 + 1
    chunks = -(-limit // threads) if limit > 0 else 0
    covered = chunks * threads
    out = np.array(values["conv_sig"], copy=True)
    if covered == 0:
        return {"conv_sig": out}
    data = np.asarray(values["data"], np.float32).reshape(-1)[: nchan * nt].reshape(nchan, nt)
    w = np.asarray(values["W"], np.float32).reshape(-1)[: nrank * nt0].reshape(nrank, nt0)
    conv = out.reshape(-1)[: nrank * nchan * nt].reshape(nrank, nchan, nt)
    for r in range(nrank):  # whole-number partial sums below 2^24: exact in float32
        acc = np.zeros((nchan, covered), np.float32)
        for i in range(nt0):
            acc += w[r, i] * data[:, i : i + covered]
        conv[r, :, :covered] = acc
    return {"conv_sig": out}


def mxnet_count_sketch(values: Values) -> dict[str, np.ndarray]:
    """MXNet's sketch_forward_kernel: for each input element index < nthreads (sample index //
    in_dim, feature index % in_dim), out[sample out_dim + h[feature]] += s[feature]
    in[index] (float32 atomics; the bucket index summed in float32)."""
    n = int(values["nthreads"])
    in_dim, out_dim = int(values["in_dim"]), int(values["out_dim"])
    index = np.arange(n, dtype=np.int64)
    feature = index % in_dim
    sample = index // in_dim
    h = np.asarray(values["h"], np.float32).reshape(-1)
    s = np.asarray(values["s"], np.float32).reshape(-1)
    x = np.asarray(values["in"], np.float32).reshape(-1)[:n]
    target = ((sample * out_dim).astype(np.float32) + h[feature]).astype(np.int64)
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)
    add = np.bincount(target, weights=(s[feature] * x).astype(np.float64), minlength=flat.size)
    flat[:] = (flat.astype(np.float64) + add[: flat.size]).astype(np.float32)
    return {"out": out}


def tsne_csr2coo(values: Values) -> dict[str, np.ndarray]:
    """tsne-cuda's Csr2CooKernel: nonzero t < num_nonzero becomes the pair (its row: the last
    row pointer of rows 0 .. num_points at or below t, by binary search; pij_col_ind[t])."""
    npts, nnz = int(values["num_points"]), int(values["num_nonzero"])
    ptr = np.asarray(values["pij_row_ptr"]).reshape(-1)[: npts + 1].astype(np.int64)
    out = np.array(values["coo_indices"], copy=True)
    pairs = out.reshape(-1)[: 2 * nnz].reshape(nnz, 2)
    pairs[:, 0] = np.searchsorted(ptr, np.arange(nnz), side="right") - 1
    pairs[:, 1] = np.asarray(values["pij_col_ind"]).reshape(-1)[:nnz]
    return {"coo_indices": out}


def efusion_pyrdown_gauss(values: Values) -> dict[str, np.ndarray]:
    """ElasticFusion's pyrDownKernelGaussF: dst[y, x] = sum / count over the source window
    rows max(0, 2y - 2) .. ty - 1 and columns max(0, 2x - 2) .. tx - 1 (ty = min(2y + 3, src
    rows - 1), tx alike: the source's last row and column never taken) of the non-NaN samples
    times gaussKernel[(ty - cy - 1) 5 + (tx - cx - 1)] (float32 sum) over their weights (an
    int count), one float32 division."""
    f32 = np.float32
    sr, sc = int(values["src_rows"]), int(values["src_cols"])
    dr, dc = int(values["dst_rows"]), int(values["dst_cols"])
    src = np.asarray(values["src"], f32).reshape(-1)[: sr * sc].reshape(sr, sc)
    g = np.asarray(values["gaussKernel"], f32).reshape(-1)[:25]
    y, x = np.arange(dr), np.arange(dc)
    ty, tx = np.minimum(2 * y + 3, sr - 1), np.minimum(2 * x + 3, sc - 1)
    total = np.zeros((dr, dc), np.float64)  # whole numbers below 2^24: exact either way
    count = np.zeros((dr, dc), np.int64)
    for dy in range(-2, 3):
        cy = 2 * y + dy
        rok = (cy >= 0) & (cy < ty)
        rows = src[np.clip(cy, 0, sr - 1)]
        wr = ty - cy - 1
        for dx in range(-2, 3):
            cx = 2 * x + dx
            cok = (cx >= 0) & (cx < tx)
            wc = tx - cx - 1
            ok = rok[:, None] & cok[None, :] & ~np.isnan(rows[:, np.clip(cx, 0, sc - 1)])
            w = g[np.clip(wr[:, None] * 5 + wc[None, :], 0, 24)]
            v = rows[:, np.clip(cx, 0, sc - 1)]
            total += np.where(ok, v.astype(np.float64) * w, 0.0)
            count += np.where(ok, w.astype(np.int64), 0)
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[: dr * dc] = (total.astype(f32) / count.astype(f32)).reshape(-1)
    return {"dst": out}


def tigre_tv_update_u(values: Values) -> dict[str, np.ndarray]:
    """TIGRE's update_u: u = u (1 - tau) + tau (f + (1 / lambda) div), div the sum over z, y
    and x of the backward difference of pz, py, px divided by dz, dy, dx (the bare value on
    the first plane, row or column); float32, every value dyadic and exact."""
    f32 = np.float32
    d, r, c = int(values["depth"]), int(values["rows"]), int(values["cols"])
    n = d * r * c

    def vol(name: str) -> np.ndarray:
        return np.asarray(values[name], f32).reshape(-1)[:n].reshape(d, r, c)

    pz, py, px = vol("pz"), vol("py"), vol("px")
    div = np.zeros((d, r, c), f32)
    for p, axis, step in ((pz, 0, "dz"), (py, 1, "dy"), (px, 2, "dx")):
        back = np.diff(p, axis=axis, prepend=np.zeros_like(np.take(p, [0], axis=axis)))
        first = [slice(None)] * 3
        first[axis] = slice(0, 1)
        diff = back / f32(values[step])
        diff[tuple(first)] = np.take(p, [0], axis=axis)
        div = div + diff
    tau, lam = f32(values["tau"]), f32(values["lambda"])
    out = np.array(values["u"], f32, copy=True)
    u = out.reshape(-1)[:n].reshape(d, r, c)
    u[...] = u * (f32(1) - tau) + tau * (vol("f") + (f32(1) / lam) * div)
    return {"u": out}


def cholmod_sum_a(values: Values) -> dict[str, np.ndarray]:
    """CHOLMOD's kernelSumA: a1[iscol nsrow + isrow] += alpha a2[...] over the nsrow x nscol
    column-major entries (float64, whole numbers: exact); the rest of a1 kept."""
    n = int(values["nsrow"]) * int(values["nscol"])
    out = np.array(values["a1"], np.float64, copy=True)
    a2 = np.asarray(values["a2"], np.float64).reshape(-1)[:n]
    out.reshape(-1)[:n] += np.float64(values["alpha"]) * a2
    return {"a1": out}


def vllm_reshape_and_cache(values: Values) -> dict[str, np.ndarray]:
    """vLLM's reshape_and_cache_kernel: for each token (one a key row of key_stride floats)
    with slot s = slot_mapping[token] >= 0 (block s // block_size, offset s % block_size),
    element i = head head_size + d of its key row to key_cache[block, head, d // x, offset,
    d % x] and of its value row to value_cache[block, head, d, offset]; the other slots keep
    what they held (the slots distinct)."""
    heads, hsize = int(values["num_heads"]), int(values["head_size"])
    bs, x = int(values["block_size"]), int(values["x"])
    kstride, vstride = int(values["key_stride"]), int(values["value_stride"])
    key = np.asarray(values["key"]).reshape(-1)
    value = np.asarray(values["value"]).reshape(-1)
    ntok = key.size // kstride  # the grid: one block a key row
    slots = np.asarray(values["slot_mapping"]).reshape(-1)[:ntok].astype(np.int64)
    kcache = np.array(values["key_cache"], copy=True)
    vcache = np.array(values["value_cache"], copy=True)
    tok = np.nonzero(slots >= 0)[0]
    blk, off = slots[tok] // bs, slots[tok] % bs
    n = heads * hsize
    krows = key.reshape(ntok, kstride)[tok, :n].reshape(-1, heads, hsize // x, x)
    vrows = value.reshape(-1, vstride)[tok, :n].reshape(-1, heads, hsize)
    kcache.reshape(-1, heads, hsize // x, bs, x)[blk, :, :, off, :] = krows
    vcache.reshape(-1, heads, hsize, bs)[blk, :, :, off] = vrows
    return {"key_cache": kcache, "value_cache": vcache}


def dcnv2_im2col(values: Values) -> dict[str, np.ndarray]:
    """DCNv2's modulated_deformable_im2col_gpu_kernel with whole-number offsets: column (c kh
    kw + tap, b, h, w) = mask[b, g, tap, h, w] times the image of batch b, channel c at (h
    stride_h - pad_h + i dilation_h + offset_h, w alike) (the bilinear weights 1 and 0: the
    sample itself) where that is inside the image, else 0; offsets and masks of deformable
    group g = c // channel_per_deformable_group."""
    f32 = np.float32
    nb, nc = int(values["batch_size"]), int(values["num_channels"])
    hgt, wid = int(values["height"]), int(values["width"])
    kh, kw = int(values["kernel_h"]), int(values["kernel_w"])
    hc, wc = int(values["height_col"]), int(values["width_col"])
    dg, cpg = int(values["deformable_group"]), int(values["channel_per_deformable_group"])
    im = np.asarray(values["data_im"], f32).reshape(-1)[: nb * nc * hgt * wid]
    im = im.reshape(nb, nc, hgt, wid)
    off = np.asarray(values["data_offset"], f32).reshape(-1)[: nb * dg * 2 * kh * kw * hc * wc]
    off = off.reshape(nb, dg, kh * kw, 2, hc, wc)
    mask = np.asarray(values["data_mask"], f32).reshape(-1)[: nb * dg * kh * kw * hc * wc]
    mask = mask.reshape(nb, dg, kh * kw, hc, wc)
    out = np.array(values["data_col"], copy=True)
    col = out.reshape(-1)[: nc * kh * kw * nb * hc * wc].reshape(nc, kh * kw, nb, hc, wc)
    hin = (np.arange(hc) * int(values["stride_h"]) - int(values["pad_h"]))[:, None]
    win = (np.arange(wc) * int(values["stride_w"]) - int(values["pad_w"]))[None, :]
    group = np.arange(nc) // cpg
    for i in range(kh):
        for j in range(kw):
            tap = i * kw + j
            him = hin + i * int(values["dilation_h"]) + off[:, group, tap, 0]  # b, c, h, w
            wim = win + j * int(values["dilation_w"]) + off[:, group, tap, 1]
            inside = (him > -1) & (wim > -1) & (him < hgt) & (wim < wid)
            hi = np.clip(him, 0, hgt - 1).astype(np.int64)
            wi = np.clip(wim, 0, wid - 1).astype(np.int64)
            b = np.arange(nb)[:, None, None, None]
            c = np.arange(nc)[None, :, None, None]
            val = np.where(inside, im[b, c, hi, wi], f32(0))
            col[:, tap] = (val * mask[:, group, tap]).transpose(1, 0, 2, 3)
    return {"data_col": out}


def peasoup_harmonic_sum(values: Values) -> dict[str, np.ndarray]:
    """peasoup's harmonic_sum_kernel_generic (gulp_index g): out[g + k] = (in[g + k] + the
    sum over i = 1 .. harmonic - 1 of in[(i (g + k)) // harmonic]) one_over_sqrt_harm for k
    below size (float32; whole-number sums exact)."""
    g, size, harm = int(values["gulp_index"]), int(values["size"]), int(values["harmonic"])
    data = np.asarray(values["d_idata"], np.float32).reshape(-1)
    k = np.arange(g, g + size, dtype=np.int64)
    total = data[k].astype(np.float64)
    for i in range(1, harm):
        total += data[(i * k) // harm]
    out = np.array(values["d_odata"], copy=True)
    out.reshape(-1)[g : g + size] = total.astype(np.float32) * np.float32(
        values["one_over_sqrt_harm"])
    return {"d_odata": out}


def cusignal_convolve2d(values: Values) -> dict[str, np.ndarray]:
    """cuSignal's _cupy_convolve_2d: out[r, c] = the sum over the kernel's a < KR rows and
    b < KC columns of inp[r + a, c + b] times kernel[KR - 1 - a, KC - 1 - b] (the padded
    frame's window times the flipped kernel): pick 1 an odd square kernel (KR = KC = 2 S0 +
    1), pick 2 an even one (2 S0), pick 3 S0 rows and S1 columns (rows kerH apart; kerW
    apart for the square ones); float32, whole numbers: exact."""
    f32 = np.float32
    pick, s0, s1 = int(values["pick"]), int(values["S0"]), int(values["S1"])
    kr, kc = {1: (2 * s0 + 1,) * 2, 2: (2 * s0,) * 2}.get(pick, (s0, s1))
    stride = int(values["kerH"]) if pick == 3 else int(values["kerW"])
    oh, ow = int(values["outH"]), int(values["outW"])
    ih, iw = int(values["inpH"]), int(values["inpW"])
    inp = np.asarray(values["inp"], f32).reshape(-1)[: ih * iw].reshape(ih, iw)
    ker = np.asarray(values["kernel"], f32).reshape(-1)
    total = np.zeros((oh, ow), f32)  # whole numbers below 2^24: exact in any order
    for a in range(kr):
        for b in range(kc):
            w = ker[(kr - 1 - a) * stride + (kc - 1 - b)]
            total += inp[a : a + oh, b : b + ow] * w
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: oh * ow] = total.reshape(-1)
    return {"out": out}


def bart_reduce_zadd_outer(values: Values) -> dict[str, np.ndarray]:
    """BART's kern_reduce_zadd_outer: dst[ix] += the sum over the dim_reduce rows of
    src[row, ix] (complex as float pairs; whole numbers: exact in any order)."""
    dr, db = int(values["dim_reduce"]), int(values["dim_batch"])
    src = np.asarray(values["src"], np.float64).reshape(-1)[: dr * db * 2].reshape(dr, db * 2)
    dst = np.array(values["dst"], np.float32, copy=True)
    flat = dst.reshape(-1)
    flat[: db * 2] = (flat[: db * 2].astype(np.float64) + src.sum(axis=0)).astype(np.float32)
    return {"dst": dst}


def dreamplace_dct2_preprocess(values: Values) -> dict[str, np.ndarray]:
    """DREAMPlace's dct2dPreprocess: y[row, col] = x[hid, wid] with row hid / 2 for even hid
    and M - (hid + 1) / 2 for odd, col wid / 2 for even wid and N - (wid + 1) / 2 for odd
    (Makhoul's reordering along both axes; M and N even: a permutation)."""
    m, n = int(values["M"]), int(values["N"])
    x = np.asarray(values["x"]).reshape(-1)[: m * n].reshape(m, n)
    h, w = np.arange(m), np.arange(n)
    rows = np.where(h % 2 == 0, h // 2, m - (h + 1) // 2)
    cols = np.where(w % 2 == 0, w // 2, n - (w + 1) // 2)
    y = np.array(values["y"], copy=True)
    y.reshape(-1)[: m * n].reshape(m, n)[rows[:, None], cols[None, :]] = x
    return {"y": y}


def jax_threefry2x32(values: Values) -> dict[str, np.ndarray]:
    """jaxlib's ThreeFry2x32Kernel: Threefry-2x32 with 20 rounds of (key0, key1) over
    (data0, data1) for the first n counters (uint32 arithmetic)."""
    u32 = np.uint32
    n = int(values["n"])

    def arr(name: str) -> np.ndarray:
        return np.asarray(values[name]).reshape(-1)[:n].astype(u32)

    ks0, ks1 = arr("key0"), arr("key1")
    ks2 = u32(0x1BD11BDA) ^ ks0 ^ ks1
    ks = (ks0, ks1, ks2)
    x0, x1 = arr("data0") + ks0, arr("data1") + ks1
    rots = ((13, 15, 26, 6), (17, 29, 16, 24))
    for g in range(5):
        for r in rots[g % 2]:
            x0 = x0 + x1
            x1 = ((x1 << u32(r)) | (x1 >> u32(32 - r))) ^ x0
        x0 = x0 + ks[(g + 1) % 3]
        x1 = x1 + ks[(g + 2) % 3] + u32(g + 1)
    out0, out1 = np.array(values["out0"], copy=True), np.array(values["out1"], copy=True)
    out0.reshape(-1)[:n] = x0
    out1.reshape(-1)[:n] = x1
    return {"out0": out0, "out1": out1}


def dreamplace_hpwl(values: Values) -> dict[str, np.ndarray]:
    """DREAMPlace's computeHPWL: per net i, where net_mask[i] the max minus the min of
    x[flat_netpin[j]] over its pins j (from -FLT_MAX and FLT_MAX: an empty net -inf), else 0
    (float32, exact)."""
    f32 = np.float32
    nets = int(values["num_nets"])
    ptr = np.asarray(values["netpin_start"]).reshape(-1)[: nets + 1].astype(np.int64)
    pins = np.asarray(values["flat_netpin"]).reshape(-1)[: ptr[-1]].astype(np.int64)
    vals = np.asarray(values["x"], f32).reshape(-1)[pins]
    fmax = np.finfo(f32).max
    lo, hi = np.full(nets, fmax, f32), np.full(nets, -fmax, f32)
    starts = ptr[:-1]
    full = ptr[1:] > starts
    if full.any():
        lo[full] = np.minimum.reduceat(vals, starts[full])
        hi[full] = np.maximum.reduceat(vals, starts[full])
    mask = np.asarray(values["net_mask"]).reshape(-1)[:nets] != 0
    with np.errstate(over="ignore"):
        wl = np.where(mask, hi - lo, f32(0)).astype(f32)
    out = np.array(values["partial_hpwl"], copy=True)
    out.reshape(-1)[:nets] = wl
    return {"partial_hpwl": out}


def apollo_cnnseg_map(values: Values) -> dict[str, np.ndarray]:
    """Apollo's cnnseg MapKernel: for each point i below n with cell idx = point2grid[i] !=
    -1 and height pz = pc[i, 2], max_height[idx] = max(it, pz), mean_height[idx] += pz and
    count[idx] += 1 (whole numbers: exact in any order)."""
    f32 = np.float32
    n = int(values["n"])
    idx = np.asarray(values["point2grid"]).reshape(-1)[:n].astype(np.int64)
    pz = np.asarray(values["pc"], f32).reshape(-1)[2 : 4 * n : 4]
    keep = idx != -1
    idx, pz = idx[keep], pz[keep]
    maxh = np.array(values["max_height_data"], f32, copy=True)
    mean = np.array(values["mean_height_data"], f32, copy=True)
    count = np.array(values["count_data"], f32, copy=True)
    cells = maxh.size
    np.maximum.at(maxh.reshape(-1), idx, pz)
    mean.reshape(-1)[:] += np.bincount(idx, weights=pz, minlength=cells)[:cells].astype(f32)
    count.reshape(-1)[:] += np.bincount(idx, minlength=cells)[:cells].astype(f32)
    return {"max_height_data": maxh, "mean_height_data": mean, "count_data": count}


def megengine_images2neibs(values: Values) -> dict[str, np.ndarray]:
    """MegEngine's images2neibs forward: dst[n, c, oh, ow, wh, ww] = src[n, c, -ph + sh oh +
    wh dh, -pw + sw ow + ww dw] inside the image, else 0."""
    nb, nc = int(values["N"]), int(values["C"])
    ih, iw, oh, ow = (int(values[k]) for k in ("IH", "IW", "OH", "OW"))
    wh, ww = int(values["WH"]), int(values["WW"])
    ph, pw, sh, sw, dh, dw = (int(values[k]) for k in ("ph", "pw", "sh", "sw", "dh", "dw"))
    src = np.asarray(values["src"]).reshape(-1)[: nb * nc * ih * iw].reshape(nb * nc, ih, iw)
    rows = (-ph + sh * np.arange(oh))[:, None] + dh * np.arange(wh)[None, :]  # oh, wh
    cols = (-pw + sw * np.arange(ow))[:, None] + dw * np.arange(ww)[None, :]  # ow, ww
    r = rows[:, None, :, None]
    c = cols[None, :, None, :]
    inside = (r >= 0) & (r < ih) & (c >= 0) & (c < iw)  # oh, ow, wh, ww
    got = src[:, np.clip(r, 0, ih - 1), np.clip(c, 0, iw - 1)]
    out = np.array(values["dst"], copy=True)
    n = nb * nc * oh * ow * wh * ww
    out.reshape(-1)[:n] = np.where(inside[None], got, 0).astype(out.dtype).reshape(-1)
    return {"dst": out}


def minkowski_matmul(values: Values) -> dict[str, np.ndarray]:
    """MinkowskiEngine's matmul: C[out_map[y], x] += sum_k A[in_map[y], k] B[k, x] for each of
    the hA pairs y and wB columns x (float32; whole-number sums, exact in any order; repeated
    out_map rows add up)."""
    wa, ha, wb, hb = (int(values[k]) for k in ("wA", "hA", "wB", "hB"))
    a = np.asarray(values["A"], np.float64).reshape(-1, wa)
    b = np.asarray(values["B"], np.float64).reshape(-1)[: hb * wb].reshape(hb, wb)
    in_map = np.asarray(values["in_map"]).reshape(-1)[:ha].astype(np.int64)
    out_map = np.asarray(values["out_map"]).reshape(-1)[:ha].astype(np.int64)
    prod = a[in_map, :hb] @ b  # pairs x wB, whole numbers far below 2^53
    out = np.array(values["C"], copy=True)
    c = out.reshape(-1, wb).astype(np.float64)
    np.add.at(c, out_map, prod)
    out.reshape(-1, wb)[...] = c.astype(out.dtype)
    return {"C": out}


def tomopy_sum_dist(values: Values) -> dict[str, np.ndarray]:
    """TomoPy's cuda_sum_dist_compute: sum_dist[s, d, n] += (ones[d, n] > 0) for the dy
    slices, the first dx rows and nx columns (uint32)."""
    dy, dx, nx, ny = (int(values[k]) for k in ("dy", "dx", "nx", "ny"))
    ones = np.asarray(values["ones"]).reshape(-1)[: dx * nx].reshape(dx, nx)
    out = np.array(values["sum_dist"], copy=True)
    view = out.reshape(-1)[: dy * ny * nx].reshape(dy, ny, nx)
    view[:, :dx, :] += (ones > 0).astype(out.dtype)[None]
    return {"sum_dist": out}


def mnn_argmax(values: Values) -> dict[str, np.ndarray]:
    """MNN's ARGMAX: output[o, n] = the first index j of the largest input[o, j, n] over the
    dim values of the axis (int32)."""
    outside, inside, dim = (int(values[k]) for k in ("outside", "inside", "dim"))
    count = int(values["count"])
    data = np.asarray(values["input"]).reshape(-1)[: outside * dim * inside]
    out = np.array(values["output"], copy=True)
    idx = np.argmax(data.reshape(outside, dim, inside), axis=1)  # the first maximum
    out.reshape(-1)[:count] = idx.reshape(-1)[:count].astype(out.dtype)
    return {"output": out}


def sundials_constr_mask(values: Values, threads: int) -> dict[str, np.ndarray]:
    """SUNDIALS' constrMaskKernel: m = 1 where (|c| > 1.5 and c x <= 0) or (|c| > 0.5 and c x
    < 0), else 0; out[b] = the sum of m over the 2 threads entries block b covers, for the
    cdiv(n, 2 threads) blocks of a configuration of ``threads`` threads per block (the rest
    of out kept)."""
    n = int(values["n"])
    c = np.asarray(values["c"], np.float64).reshape(-1)[:n]
    x = np.asarray(values["x"], np.float64).reshape(-1)[:n]
    cx = c * x
    bad = ((np.abs(c) > 1.5) & (cx <= 0)) | ((np.abs(c) > 0.5) & (cx < 0))
    m = np.array(values["m"], copy=True)
    m.reshape(-1)[:n] = bad.astype(m.dtype)
    span = 2 * threads
    blocks = -(-n // span)
    padded = np.zeros(blocks * span, np.int64)
    padded[:n] = bad
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[:blocks] = padded.reshape(blocks, span).sum(axis=1).astype(out.dtype)
    return {"m": m, "out": out}


def tnn_pad_reflect(values: Values) -> dict[str, np.ndarray]:
    """TNN's pad_reflect_kernel_v2: dst = src reflected (the edge not repeated) by pad_d,
    pad_h and pad_w before each of depth, height and width, to the output's sizes."""
    nc = int(values["channels"])
    od, oh, ow = (int(values[k]) for k in ("output_d", "output_h", "output_w"))
    idd, ih, iw = (int(values[k]) for k in ("input_d", "input_h", "input_w"))
    pd, ph, pw = (int(values[k]) for k in ("pad_d", "pad_h", "pad_w"))
    count = int(values["count"])

    def reflect(o: int, size: int, pad: int) -> np.ndarray:
        i = np.arange(o)
        return np.where(i >= pad, np.where(i < pad + size, i - pad, pad - 2 - i + 2 * size),
                        pad - i)

    src = np.asarray(values["src"]).reshape(-1, nc, idd, ih, iw)
    d, h, w = reflect(od, idd, pd), reflect(oh, ih, ph), reflect(ow, iw, pw)
    got = src[:, :, d[:, None, None], h[None, :, None], w[None, None, :]]
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[:count] = got.reshape(-1)[:count]
    return {"dst": out}


def exatensor_matmul_tn(values: Values) -> dict[str, np.ndarray]:
    """ExaTENSOR's gpu_matrix_multiply_tn__: arg0(0:ll-1, 0:lr-1) += alpha arg1(0:lc-1,
    0:ll-1)^T arg2(0:lc-1, 0:lr-1), column-major (arg0[c, r] += alpha sum_k arg1[r, k]
    arg2[c, k] in C order; whole-number sums in halves, exact in any order)."""
    ll, lr, lc = (int(values[k]) for k in ("ll", "lr", "lc"))
    alpha = float(values["alpha"])
    a1 = np.asarray(values["arg1"], np.float64).reshape(-1)[: ll * lc].reshape(ll, lc)
    a2 = np.asarray(values["arg2"], np.float64).reshape(-1)[: lr * lc].reshape(lr, lc)
    out = np.array(values["arg0"], copy=True)
    view = out.reshape(-1)[: lr * ll].reshape(lr, ll)
    view[...] = (view.astype(np.float64) + (a2 @ (a1 * alpha).T)).astype(out.dtype)
    return {"arg0": out}


def bidmat_copy_from_inds2d(values: Values) -> dict[str, np.ndarray]:
    """BIDMat's __copyFromInds2Dnn: B[i + c ldb] = A[I[i] + J[c] lda] for the nrows rows and
    ncols columns (column-major; the rest of B kept)."""
    lda, ldb = int(values["lda"]), int(values["ldb"])
    nrows, ncols = int(values["nrows"]), int(values["ncols"])
    a = np.asarray(values["A"]).reshape(-1)
    rows = np.asarray(values["I"]).reshape(-1)[:nrows].astype(np.int64)
    cols = np.asarray(values["J"]).reshape(-1)[:ncols].astype(np.int64)
    out = np.array(values["B"], copy=True)
    flat = out.reshape(-1)
    dst = np.arange(nrows)[None, :] + np.arange(ncols)[:, None] * ldb
    flat[dst] = a[rows[None, :] + cols[:, None] * lda]
    return {"B": out}


def hydrogen_axpy_2d(values: Values) -> dict[str, np.ndarray]:
    """Hydrogen's axpy_2d_tiled_kernel: B[r rsB + c csB] += alpha A[r rsA + c csA] for the m
    rows and n columns (float32; whole numbers and alpha 0.5: exact)."""
    m, n = int(values["m"]), int(values["n"])
    alpha = float(values["alpha"])
    rsa, csa = int(values["row_stride_A"]), int(values["col_stride_A"])
    rsb, csb = int(values["row_stride_B"]), int(values["col_stride_B"])
    r = np.arange(m)[None, :]
    c = np.arange(n)[:, None]
    a = np.asarray(values["A"], np.float64).reshape(-1)
    out = np.array(values["B"], copy=True)
    flat = out.reshape(-1)
    dst = r * rsb + c * csb
    flat[dst] = (flat[dst].astype(np.float64) + alpha * a[r * rsa + c * csa]).astype(out.dtype)
    return {"B": out}


def babelstream_dot(values: Values, threads: int) -> dict[str, np.ndarray]:
    """BabelStream's dot_kernel: sums[b] = the sum of a[i] b[i] over the i that block b's
    threads reach in the grid-stride loop (i mod (blocks threads) in [b threads, (b + 1)
    threads)), for a configuration of ``threads`` threads per block on the sums' blocks
    (whole-number doubles: exact in any order)."""
    n = int(values["array_size"])
    out = np.array(values["sums"], copy=True)
    blocks = out.reshape(-1).size
    prod = np.asarray(values["a"], np.float64).reshape(-1)[:n] * np.asarray(
        values["b"], np.float64).reshape(-1)[:n]
    span = blocks * threads
    padded = np.zeros(-(-n // span) * span, np.float64)
    padded[:n] = prod
    out.reshape(-1)[:] = padded.reshape(-1, blocks, threads).sum(axis=(0, 2))
    return {"sums": out}


def graphbig_degree_centr(values: Values) -> dict[str, np.ndarray]:
    """GraphBIG's degree centrality: vplist[d] += the number of edges of the first
    vertex_cnt vertices' CSR lists ending at d (uint32)."""
    nv = int(values["vertex_cnt"])
    vlist = np.asarray(values["vlist"]).reshape(-1).astype(np.int64)
    dest = np.asarray(values["elist"]).reshape(-1)[vlist[0] : vlist[nv]].astype(np.int64)
    out = np.array(values["vplist"], copy=True)
    flat = out.reshape(-1)
    flat[:] += np.bincount(dest, minlength=flat.size)[: flat.size].astype(out.dtype)
    return {"vplist": out}


def kaolin_interp_trilinear(values: Values) -> dict[str, np.ndarray]:
    """Kaolin's interpolate_trilinear_cuda_kernel: for sample i of voxel v = i // num_samples
    with p = pidx[v] > -1, x_ = resolution (coords[i] 0.5 + 0.5) - points[p], _x = 1 - x_,
    feature_out[i] = sum over the corners (a, b, c) of the weight (x_ or _x per axis)
    times feature_in[trinkets[p, 4a + 2b + c]] (whole numbers: exact); -1 samples kept."""
    fd, ns, num = (int(values[k]) for k in ("feature_dim", "num_samples", "num"))
    res = float(values["resolution"])
    # float32 throughout: every weight, product and sum a small integer (exact)
    coords = np.asarray(values["coords"], np.float32).reshape(-1)[: num * 3].reshape(num, 3)
    pidx = np.asarray(values["pidx"]).reshape(-1)[np.arange(num) // ns]
    points = np.asarray(values["points"]).reshape(-1, 3).astype(np.float32)
    trinkets = np.asarray(values["trinkets"]).reshape(-1, 8)
    feats = np.asarray(values["feature_in"], np.float32).reshape(-1, fd)
    keep = pidx > -1
    p = pidx[keep]
    hi = np.float32(res) * (coords[keep] * np.float32(0.5) + np.float32(0.5)) - points[p]
    lo = np.float32(1.0) - hi  # hi is x_, lo _x
    acc = np.zeros((p.size, fd), np.float32)
    corners = trinkets[p]
    for k in range(8):
        w = ((hi[:, 0] if k & 4 else lo[:, 0]) * (hi[:, 1] if k & 2 else lo[:, 1])
             * (hi[:, 2] if k & 1 else lo[:, 2]))
        acc += feats[corners[:, k]] * w[:, None]
    out = np.array(values["feature_out"], copy=True)
    view = out.reshape(-1)[: num * fd].reshape(num, fd)
    view[keep] = acc.astype(out.dtype)
    return {"feature_out": out}


def spfft_transpose_fwd(values: Values) -> dict[str, np.ndarray]:
    """SpFFT's transpose_forward_kernel: freq[stick, z] = space[z, indices[stick]] (complex
    values as pairs of float64) for the num_sticks sticks of dim_z values."""
    ns, dz, xy = (int(values[k]) for k in ("num_sticks", "dim_z", "dim_xy"))
    idx = np.asarray(values["indices"]).reshape(-1)[:ns].astype(np.int64)
    space = np.asarray(values["space"]).reshape(-1)[: dz * xy * 2].reshape(dz, xy, 2)
    out = np.array(values["freq"], copy=True)
    out.reshape(-1)[: ns * dz * 2] = space[:, idx, :].transpose(1, 0, 2).reshape(-1)
    return {"freq": out}


def nvenc_curves(values: Values) -> dict[str, np.ndarray]:
    """NVEnc's kernel_run_curves_plane: frame[y, x] = lut[frame[y, x]] for the 4-pixel groups
    that start inside the width (the last one running into the pitch), in place."""
    pitch, width, height = (int(values[k]) for k in ("pitch", "width", "height"))
    lut = np.asarray(values["lut"]).reshape(-1)
    out = np.array(values["frame"], copy=True)
    view = out.reshape(-1)[: height * pitch].reshape(height, pitch)
    cols = min(pitch, 4 * -(-width // 4))
    view[:, :cols] = lut[view[:, :cols]]
    return {"frame": out}


def trtllm_causal_mask(values: Values) -> dict[str, np.ndarray]:
    """TensorRT-LLM's causal prepareAttentionMask (paddings kept): mask[b, row, col] = 1
    where row < q_lens[b], col < kv_lens[b] and col <= row, else 0 (int32)."""
    mq, mkv = int(values["max_q"]), int(values["max_kv"])
    q = np.asarray(values["q_lens"]).reshape(-1)
    kv = np.asarray(values["kv_lens"]).reshape(-1)
    out = np.array(values["mask"], copy=True)
    view = out.reshape(-1, mq, mkv)
    row = np.arange(mq)[:, None]
    col = np.arange(mkv)[None, :]
    for b in range(view.shape[0]):
        view[b] = ((row < q[b]) & (col < kv[b]) & (col <= row)).astype(out.dtype)
    return {"mask": out}


def sirius_sum_q_dm(values: Values) -> dict[str, np.ndarray]:
    """SIRIUS' sum_q_pw_dm_pw_gpu_kernel: rho_pw[g] += sum_i w_i ((dx qx - dy qy) + i (dy qx
    + dx qy)) over the nbf (nbf + 1) / 2 packed pairs (whole numbers: exact in float64)."""
    nbf = int(values["nbf"])
    ld = nbf * (nbf + 1) // 2
    out = np.array(values["rho_pw"], copy=True)
    rho = out.reshape(-1, 2)
    ngv = rho.shape[0]
    q = np.asarray(values["q_pw"], np.float64).reshape(-1)[: ngv * 2 * ld].reshape(ngv, 2, ld)
    d = np.asarray(values["dm_pw"], np.float64).reshape(-1)[: ngv * 2 * ld].reshape(ngv, 2, ld)
    w = np.asarray(values["sym_weight"], np.float64).reshape(-1)[:ld]
    qx, qy, dx, dy = q[:, 0], q[:, 1], d[:, 0], d[:, 1]
    rho[:, 0] += ((dx * qx - dy * qy) * w).sum(axis=1)
    rho[:, 1] += ((dy * qx + dx * qy) * w).sum(axis=1)
    return {"rho_pw": out}


def nnabla_gather_nd_bwd(values: Values) -> dict[str, np.ndarray]:
    """nnabla's gather_nd backward: x_grad[offset(t)] += y_grad[t], offset(t) = t mod the
    slice length plus each index row's (wrapped) index times its stride, below x_size."""
    y_size, x_size = int(values["y_size"]), int(values["x_size"])
    rows, cols = int(values["idx_rows"]), int(values["idx_cols"])
    shapes = (int(values["x_shape0"]), int(values["x_shape1"]))
    strides = (int(values["x_stride0"]), int(values["x_stride1"]))
    idx = np.asarray(values["idx_data"]).reshape(-1)[: rows * cols].reshape(rows, cols)
    idx = idx.astype(np.int64)
    slice_length = y_size // cols
    base = np.zeros(cols, np.int64)  # each index column's offset, then its slice's positions
    for m in range(rows):
        base += np.where(idx[m] < 0, shapes[m] + idx[m], idx[m]) * strides[m]
    offset = (base[:, None] + np.arange(slice_length)).reshape(-1)[:y_size]
    keep = offset < x_size
    grad = np.asarray(values["y_grad"], np.float64).reshape(-1)[:y_size]
    out = np.array(values["x_grad"], copy=True)
    flat = out.reshape(-1)
    sums = np.bincount(offset[keep], weights=grad[keep], minlength=x_size)[:x_size]
    flat[:x_size] = (flat[:x_size].astype(np.float64) + sums).astype(out.dtype)
    return {"x_grad": out}


def tgbm_partition_hist(values: Values) -> dict[str, np.ndarray]:
    """ThunderGBM's PartitionHistogram: histogram[p, t] = how many of thread t's
    num_ele_each_thd tags (from t num_ele_each_thd, below marker_len) equal p, for the
    num_partition partitions (tags at or past it skipped)."""
    n, parts = int(values["marker_len"]), int(values["num_partition"])
    each, nthd = int(values["num_ele_each_thd"]), int(values["total_num_thd"])
    tags = np.full(nthd * each, parts, np.int64)
    m = min(n, nthd * each)
    tags[:m] = np.asarray(values["marker"]).reshape(-1)[:m]
    thread = np.repeat(np.arange(nthd, dtype=np.int64), each)
    keep = (tags >= 0) & (tags < parts)
    counts = np.bincount(thread[keep] * parts + tags[keep], minlength=nthd * parts)
    out = np.array(values["histogram"], copy=True)
    out.reshape(-1)[: parts * nthd] = counts.reshape(nthd, parts).T.reshape(-1)
    return {"histogram": out}


def vilib_halfsample(values: Values) -> dict[str, np.ndarray]:
    """vilib's image_halfsample_gpu_kernel<uchar4, 4>: dst[y, x] = (src[2y, 2x] + src[2y, 2x +
    1] + src[2y + 1, 2x] + src[2y + 1, 2x + 1]) >> 2 for the 4 width_n columns of the height
    rows (pitches in pixels)."""
    ps, pd = int(values["pitch_src"]), int(values["pitch_dst"])
    wn, h = int(values["width_n"]), int(values["height"])
    src = np.asarray(values["src"]).reshape(-1)[: 2 * h * ps].reshape(h, 2, ps).astype(np.int64)
    cols = 4 * wn
    quad = src[:, :, : 2 * cols].reshape(h, 2, cols, 2).sum(axis=(1, 3))
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[: h * pd].reshape(h, pd)[:, :cols] = (quad >> 2).astype(out.dtype)
    return {"dst": out}


def onnxtrt_split(values: Values) -> dict[str, np.ndarray]:
    """ONNX-TensorRT's split_kernel with its outputs one after another in one buffer: output s
    is idata[:, offsets[s]:offsets[s + 1], :] ([nz, len, nx]), placed from offsets[s] nx nz."""
    nseg = int(values["nsegment"]) - 1
    nx, ny, nz = int(values["nx"]), int(values["src_ny"]), int(values["nz"])
    offsets = np.asarray(values["segment_offsets"]).reshape(-1)[: nseg + 1].astype(np.int64)
    src = np.asarray(values["idata"]).reshape(-1)[: nz * ny * nx].reshape(nz, ny, nx)
    out = np.array(values["odata"], copy=True)
    flat = out.reshape(-1)
    for s in range(nseg):
        lo, hi = int(offsets[s]), int(offsets[s + 1])
        flat[lo * nx * nz: hi * nx * nz] = src[:, lo:hi, :].reshape(-1)
    return {"odata": out}


def oneflow_batch_transpose(values: Values) -> dict[str, np.ndarray]:
    """OneFlow's BatchTransposeKernel: dst[b] = src[b].T for the batch's rows x cols matrices
    (the batch block_nums / (num_tile_rows num_tile_cols))."""
    rows, cols = int(values["rows"]), int(values["cols"])
    nb = int(values["block_nums"]) // (int(values["num_tile_rows"]) * int(values["num_tile_cols"]))
    src = np.asarray(values["src"]).reshape(-1)[: nb * rows * cols].reshape(nb, rows, cols)
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[: nb * rows * cols] = src.transpose(0, 2, 1).reshape(-1)
    return {"dst": out}


def te_moe_unpermute(values: Values) -> dict[str, np.ndarray]:
    """Transformer Engine's moe_recover_topK_kernel with probabilities: out[t] = sum over k of
    prob[t, k] input[row_id_map[k, t]], the rows mapped to -1 skipped (zeros if all are)."""
    rows, topk, cols = (int(values[k]) for k in ("num_rows", "num_topk", "num_cols"))
    rmap = np.asarray(values["row_id_map"]).reshape(-1)[: topk * rows].reshape(topk, rows)
    prob = np.asarray(values["prob"], np.float64).reshape(-1)[: rows * topk].reshape(rows, topk)
    src = np.asarray(values["input"], np.float64).reshape(-1, cols)
    acc = np.zeros((rows, cols))
    for k in range(topk):
        keep = rmap[k] != -1
        acc[keep] += src[rmap[k][keep]] * prob[keep, k][:, None]
    out = np.array(values["unpermuted_output"], copy=True)
    out.reshape(-1)[: rows * cols] = acc.reshape(-1).astype(out.dtype)
    return {"unpermuted_output": out}


def pointcept_aggregation(values: Values) -> dict[str, np.ndarray]:
    """Pointcept's aggregation_forward_cuda_kernel: output[i, j] += sum over s of (input[idx[i,
    s], j] + position[i, s, j]) weight[i, s, j % w_c]."""
    n, ns, c, wc = (int(values[k]) for k in ("n", "nsample", "c", "w_c"))
    idx = np.asarray(values["idx"]).reshape(-1)[: n * ns].reshape(n, ns).astype(np.int64)
    feat = np.asarray(values["input"], np.float64).reshape(-1)[: n * c].reshape(n, c)
    pos = np.asarray(values["position"], np.float64).reshape(-1)[: n * ns * c].reshape(n, ns, c)
    w = np.asarray(values["weight"], np.float64).reshape(-1)[: n * ns * wc].reshape(n, ns, wc)
    wfull = w[:, :, np.arange(c) % wc]
    total = ((feat[idx] + pos) * wfull).sum(axis=1)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: n * c]
    view[:] = (view.astype(np.float64) + total.reshape(-1)).astype(out.dtype)
    return {"output": out}


def ms_segment_max(values: Values) -> dict[str, np.ndarray]:
    """MindSpore's UnsortedSegmentMax: output[s, j] = the largest input[i, j] over the rows i
    whose segment id is s, the float's lowest value for an empty segment."""
    nseg, outer, inner = (int(values[k]) for k in ("num_segments", "outer_size", "inner_size"))
    ids = np.asarray(values["segment_ids"]).reshape(-1)[:outer].astype(np.int64)
    src = np.asarray(values["input"]).reshape(-1)[: outer * inner].reshape(outer, inner)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: nseg * inner].reshape(nseg, inner)
    acc = np.full((nseg, inner), np.finfo(np.float32).min, np.float32)
    keep = np.flatnonzero((ids >= 0) & (ids < nseg))
    order = keep[np.argsort(ids[keep], kind="stable")]  # rows grouped by segment
    segs, starts = np.unique(ids[order], return_index=True)
    if len(order):
        acc[segs] = np.maximum.reduceat(src[order].astype(np.float32), starts, axis=0)
    view[:] = acc.astype(out.dtype)
    return {"output": out}


def binarynet_xnor_gemm(values: Values) -> dict[str, np.ndarray]:
    """BinaryNet's xnor_gemm: C[r, c] = 2 sum_j popc(~(A[r, j] ^ B[j, c])) - 32 n over the n
    packed words, i.e. the +1/-1 dot product of the 32 n bits (one float32 matmul of the
    unpacked signs: whole numbers far below 2^24, exact)."""
    m, n, k = (int(values[key]) for key in ("m", "n", "k"))
    a = np.ascontiguousarray(np.asarray(values["A"]).reshape(-1)[: m * n].reshape(m, n),
                             dtype="<u4")
    b = np.ascontiguousarray(np.asarray(values["B"]).reshape(-1)[: n * k].reshape(n, k).T,
                             dtype="<u4")
    # bit i of word j is feature 32 j + i on both sides: unpack each row's bytes little-endian
    sa = np.unpackbits(a.view(np.uint8).reshape(m, -1), axis=1, bitorder="little")
    sb = np.unpackbits(b.view(np.uint8).reshape(k, -1), axis=1, bitorder="little")
    pa = sa.astype(np.float32) * 2 - 1
    pb = sb.astype(np.float32) * 2 - 1
    out = np.array(values["C"], copy=True)
    out.reshape(-1)[: m * k] = (pa @ pb.T).astype(out.dtype).reshape(-1)
    return {"C": out}


def gpu4pyscf_take_last2d(values: Values) -> dict[str, np.ndarray]:
    """GPU4PySCF's _take_last2d: a[i, j, k] = b[i, idx[j], idx[k]] for the na x na entries of
    every matrix i of the stack."""
    na, nb = int(values["na"]), int(values["nb"])
    idx = np.asarray(values["indices"]).reshape(-1)[:na].astype(np.int64)
    out = np.array(values["a"], copy=True)
    view = out.reshape(-1, na, na)
    b = np.asarray(values["b"]).reshape(-1, nb, nb)
    view[:] = b[:, idx[:, None], idx[None, :]]
    return {"a": out}


def dca_copy_rows(values: Values) -> dict[str, np.ndarray]:
    """DCA++'s copyRows: y[i_y[r] + j ldy] = x[i_x[r] + j ldx] for the n_rows listed rows and
    the row_size columns (column-major; the destinations distinct)."""
    rs, nr = int(values["row_size"]), int(values["n_rows"])
    ldx, ldy = int(values["ldx"]), int(values["ldy"])
    ix = np.asarray(values["i_x"]).reshape(-1)[:nr].astype(np.int64)
    iy = np.asarray(values["i_y"]).reshape(-1)[:nr].astype(np.int64)
    x = np.asarray(values["x"]).reshape(-1)[: rs * ldx].reshape(rs, ldx)
    out = np.array(values["y"], copy=True)
    view = out.reshape(-1)[: rs * ldy].reshape(rs, ldy)
    view[:, iy] = x[:, ix]
    return {"y": out}


def candle_index_add(values: Values) -> dict[str, np.ndarray]:
    """candle's index_add: out[pre, ids[j], post] += inp[pre, j, post] for every id j (ids
    may repeat: each adds), below the index type's maximum."""
    nids = int(values["ids_dim_size"])
    left, dst, right = (int(values[k]) for k in ("left_size", "dst_dim_size", "right_size"))
    ids = np.asarray(values["ids"]).reshape(-1)[:nids].astype(np.int64)
    inp = np.asarray(values["inp"], np.float64).reshape(-1)[: left * nids * right]
    inp = inp.reshape(left, nids, right)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[: left * dst * right].reshape(left, dst, right)
    acc = view.astype(np.float64)
    for j in range(nids):  # in id order, repeats adding again
        if ids[j] < 0x7FFFFFFF:
            acc[:, ids[j]] += inp[:, j]
    view[:] = acc.astype(out.dtype)
    return {"out": out}


def libceed_offset_transpose(values: Values) -> dict[str, np.ndarray]:
    """libCEED's OffsetTranspose: v[indices[e s + l] + c comp_stride] += u[c, e, l] for every
    element e, node l and component c (whole numbers: exact in any order)."""
    ne, es, nc = (int(values[k]) for k in ("num_elem", "elem_size", "num_comp"))
    stride = int(values["comp_stride"])
    nodes = ne * es
    idx = np.asarray(values["indices"]).reshape(-1)[:nodes].astype(np.int64)
    u = np.asarray(values["u"], np.float64).reshape(-1)[: nc * nodes].reshape(nc, nodes)
    out = np.array(values["v"], copy=True)
    flat = out.reshape(-1)
    size = flat.size
    targets = (idx[None, :] + stride * np.arange(nc)[:, None]).reshape(-1)
    sums = np.bincount(targets, weights=u.reshape(-1), minlength=size)[:size]
    flat[:] = (flat.astype(np.float64) + sums).astype(out.dtype)
    return {"v": out}


def hqq_dequant_3bit(values: Values) -> dict[str, np.ndarray]:
    """HQQ's dequantize_3bit_32_kernel: W_r[c n + i] = (((q >> (27 - 3 c)) & 7) - zero[j])
    scale[j] for the ten 3-bit values c of each packed word q = Wq[i], j = i mod w."""
    h, w = int(values["h"]), int(values["w"])
    n = h * w
    q = np.asarray(values["Wq_packed"]).reshape(-1)[:n].astype(np.int64)
    j = np.arange(n) % w
    zero = np.asarray(values["zero"], np.float32).reshape(-1)[j]
    scale = np.asarray(values["scale"], np.float32).reshape(-1)[j]
    out = np.array(values["W_r"], copy=True)
    view = out.reshape(-1)
    for c in range(10):
        bits = ((q >> (27 - 3 * c)) & 7).astype(np.float32)
        view[c * n: (c + 1) * n] = ((bits - zero) * scale).astype(out.dtype)
    return {"W_r": out}


def lbann_scatter2d(values: Values) -> dict[str, np.ndarray]:
    """LBANN's scatter2d_kernel: output[j, floor(indices[j, i])] += values[j, i] for every
    entry i of every sample j whose index lies in [0, output_cols)."""
    rows, cols = int(values["values_rows"]), int(values["values_cols"])
    ild, vld = int(values["indices_ld"]), int(values["values_ld"])
    ocols, old = int(values["output_cols"]), int(values["output_ld"])
    idx = np.asarray(values["indices"]).reshape(-1)[: rows * ild].reshape(rows, ild)[:, :cols]
    idx = np.floor(idx.astype(np.float64)).astype(np.int64)
    src = np.asarray(values["values"], np.float64).reshape(-1)[: rows * vld].reshape(rows, vld)
    keep = (idx >= 0) & (idx < ocols)
    rr = np.broadcast_to(np.arange(rows)[:, None], idx.shape)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: rows * old].reshape(rows, old)
    acc = view.astype(np.float64)
    np.add.at(acc, (rr[keep], idx[keep]), src[:, :cols][keep])
    view[:] = acc.astype(out.dtype)
    return {"output": out}


def abacus_matrix_copy(values: Values) -> dict[str, np.ndarray]:
    """ABACUS' matrix_copy_kernel on complex values (pairs of doubles): B[i, j] = A[i, j] for
    i < n1 and j < n2, the rows LDA and LDB complex values long."""
    n1, n2, lda, ldb = (int(values[k]) for k in ("n1", "n2", "LDA", "LDB"))
    a = np.asarray(values["A"]).reshape(-1)[: 2 * n1 * lda].reshape(n1, lda, 2)
    out = np.array(values["B"], copy=True)
    out.reshape(-1)[: 2 * n1 * ldb].reshape(n1, ldb, 2)[:, :n2] = a[:, :n2]
    return {"B": out}


def dali_flip(values: Values) -> dict[str, np.ndarray]:
    """DALI's FlipKernel: a [layers, height, width, channels] sample mirrored along x, y and z
    as flip_x, flip_y and flip_z say."""
    dims = tuple(int(values[k]) for k in ("layers", "height", "width", "channels"))
    src = np.asarray(values["input"]).reshape(-1)[: int(np.prod(dims))].reshape(dims)
    for axis, key in ((2, "flip_x"), (1, "flip_y"), (0, "flip_z")):
        if int(values[key]):
            src = np.flip(src, axis)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: src.size] = src.reshape(-1)
    return {"output": out}


def fastdeploy_normalize_permute(values: Values) -> dict[str, np.ndarray]:
    """FastDeploy's NormalizeAndPermuteKernel: dst[n, i, p] = src[n, p, j] alpha[i] + beta[i]
    (HWC to CHW; j = 2 - i when swap_rb)."""
    c, nb, edge = int(values["num_channel"]), int(values["batch_size"]), int(values["edge"])
    img = edge // nb
    src = np.asarray(values["src"]).reshape(-1)[: nb * img * c].reshape(nb, img, c)
    order = [2 - i for i in range(c)] if int(values["swap_rb"]) else list(range(c))
    alpha = np.asarray(values["alpha"], np.float64).reshape(-1)[:c]
    beta = np.asarray(values["beta"], np.float64).reshape(-1)[:c]
    res = src[:, :, order].astype(np.float64) * alpha + beta  # [nb, img, c]
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[: nb * img * c] = res.transpose(0, 2, 1).reshape(-1).astype(out.dtype)
    return {"dst": out}


def dbcsr_transpose(values: Values) -> dict[str, np.ndarray]:
    """DBCSR's transpose_d: each stack entry's column-major m x n block at mat[offset:] rewritten
    in place as its column-major n x m transpose (the blocks apart, in stack order)."""
    m, n = int(values["m"]), int(values["n"])
    mat = np.array(values["mat"], copy=True)
    flat = mat.reshape(-1)
    nstack = np.asarray(values["trs_stack"]).size - 1
    offsets = np.asarray(values["trs_stack"]).reshape(-1)[:nstack].astype(np.int64)
    where = offsets[:, None] + np.arange(m * n)
    blocks = flat[where].reshape(nstack, n, m)  # element (r, c) of a block at [c, r]
    flat[where] = blocks.transpose(0, 2, 1).reshape(nstack, m * n)  # (c, r) at [r, c]
    return {"mat": mat}


def gadgetron_permute(values: Values) -> dict[str, np.ndarray]:
    """Gadgetron's cuNDArray_permute_kernel: out[idx] = in[sum over the 4 digits d_i of idx
    (fastest first, over dims) of shift(d_i) strides[i]], shift an ifftshift (dims >> 1), an
    fftshift ((dims + 1) >> 1) or none as shift_mode is negative, positive or 0."""
    dims = [int(values[f"dim{i}"]) for i in range(4)]
    strides = [int(values[f"stride{i}"]) for i in range(4)]
    elements, mode = int(values["elements"]), int(values["shift_mode"])
    idx = np.arange(elements, dtype=np.int64)
    src_idx = np.zeros(elements, np.int64)
    for d, s in zip(dims, strides, strict=True):
        digit = idx % d
        idx //= d
        shift = (d >> 1) if mode < 0 else ((d + 1) >> 1) if mode > 0 else 0
        src_idx += (digit + shift) % d * s
    src = np.asarray(values["in"]).reshape(-1, 2)
    out = np.array(values["out"], copy=True)
    out.reshape(-1, 2)[:elements] = src[src_idx]
    return {"out": out}


def qrnn_forget_mult(values: Values) -> dict[str, np.ndarray]:
    """pytorch-qrnn's recurrent_forget_mult: dst[t + 1] = f[t] x[t] + (1 - f[t]) dst[t] for
    the SEQ steps of each (batch, hidden) column, dst[0] the initial state."""
    seq, b, h = (int(values[k]) for k in ("SEQ", "BATCH", "HIDDEN"))
    f = np.asarray(values["f"], np.float64).reshape(-1)[: seq * b * h].reshape(seq, b * h)
    x = np.asarray(values["x"], np.float64).reshape(-1)[: seq * b * h].reshape(seq, b * h)
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: (seq + 1) * b * h].reshape(seq + 1, b * h)
    state = view[0].astype(np.float64)
    for t in range(seq):
        state = f[t] * x[t] + (1 - f[t]) * state
        view[t + 1] = state.astype(out.dtype)
    return {"dst": out}


def sqllm_nuq4_matvec(values: Values) -> dict[str, np.ndarray]:
    """SqueezeLLM's VecQuant4MatMulKernelNUQPerChannel: mul[n] += sum over k of vec[k]
    lookup_table[n, q[k, n]], the 4-bit index q[8 p + j, n] = (mat[p, n] >> 4 j) & 15."""
    height, width = int(values["height"]), int(values["width"])
    mat = np.asarray(values["mat"]).reshape(-1)[: height * width].reshape(height, width)
    words = mat.astype(np.int64) & 0xFFFFFFFF
    vec = np.asarray(values["vec"], np.float64).reshape(-1)[: 8 * height]
    lut = np.asarray(values["lookup_table"], np.float64).reshape(-1)[: 16 * width]
    lut = lut.reshape(width, 16)
    cols = np.arange(width)
    acc = np.zeros(width)
    for j in range(8):
        deq = lut[cols, (words >> (4 * j)) & 15]  # [height, width]
        acc += vec[j::8] @ deq
    out = np.array(values["mul"], copy=True)
    view = out.reshape(-1)[:width]
    view[:] = (view.astype(np.float64) + acc).astype(out.dtype)
    return {"mul": out}


def megablocks_indices(values: Values) -> dict[str, np.ndarray]:
    """MegaBlocks' ConstructIndicesKernel: the block rows padded_bins[b] / block_size ..
    padded_bins[b + 1] / block_size of bin b hold the columns b num_columns + (0 .. num_columns
    - 1)."""
    nc, bs = int(values["num_columns"]), int(values["block_size"])
    bins = np.asarray(values["padded_bins"]).reshape(-1).astype(np.int64) // bs
    out = np.array(values["indices"], copy=True)
    flat = out.reshape(-1)
    cols = np.arange(nc)
    for b in range(len(bins) - 1):
        lo, hi = int(bins[b]), int(bins[b + 1])
        if hi > lo:
            flat[lo * nc: hi * nc] = np.tile(cols + b * nc, hi - lo).astype(out.dtype)
    return {"indices": out}


def mrcnn_roi_pool(values: Values) -> dict[str, np.ndarray]:
    """maskrcnn-benchmark's RoIPoolFForward: each roi's pooled_height x pooled_width bins (the
    corners rounded half away from zero at spatial_scale, bins floor(p size / pooled) ..
    ceil((p + 1) size / pooled) in float32, clipped) the maximum and the index h width + w of
    its first occurrence; an empty bin 0 and -1."""
    c, h, w = (int(values[k]) for k in ("channels", "height", "width"))
    ph_n, pw_n = int(values["pooled_height"]), int(values["pooled_width"])
    nt = int(values["nthreads"])
    r = nt // (c * ph_n * pw_n)
    f32 = np.float32
    scale = f32(values["spatial_scale"])
    feat = np.asarray(values["bottom_data"]).reshape(-1, c, h, w)
    batch = np.asarray(values["roi_batch"]).reshape(-1)[:r].astype(np.int64)
    start = np.asarray(values["roi_start"], f32).reshape(-1, 2)[:r]
    end = np.asarray(values["roi_end"], f32).reshape(-1, 2)[:r]

    def rnd(v):  # CUDA's round: half away from zero
        v = (v * scale).astype(f32)
        return (np.sign(v) * np.floor(np.abs(v) + f32(0.5))).astype(np.int64)

    sw, sh, ew, eh = rnd(start[:, 0]), rnd(start[:, 1]), rnd(end[:, 0]), rnd(end[:, 1])
    top = np.array(values["top_data"], copy=True)
    arg = np.array(values["argmax_data"], copy=True)
    tv = top.reshape(-1)[:nt].reshape(r, c, ph_n, pw_n)
    av = arg.reshape(-1)[:nt].reshape(r, c, ph_n, pw_n)
    for n in range(r):
        rh = f32(max(int(eh[n] - sh[n]) + 1, 1))
        rw = f32(max(int(ew[n] - sw[n]) + 1, 1))
        bh, bw = rh / f32(ph_n), rw / f32(pw_n)
        img = feat[batch[n]]
        for ph in range(ph_n):
            h0 = min(max(int(np.floor(f32(ph) * bh)) + int(sh[n]), 0), h)
            h1 = min(max(int(np.ceil(f32(ph + 1) * bh)) + int(sh[n]), 0), h)
            for pw in range(pw_n):
                w0 = min(max(int(np.floor(f32(pw) * bw)) + int(sw[n]), 0), w)
                w1 = min(max(int(np.ceil(f32(pw + 1) * bw)) + int(sw[n]), 0), w)
                if h1 <= h0 or w1 <= w0:
                    tv[n, :, ph, pw], av[n, :, ph, pw] = 0, -1
                    continue
                win = img[:, h0:h1, w0:w1].reshape(c, -1)
                a = np.argmax(win, axis=1)
                tv[n, :, ph, pw] = win[np.arange(c), a]
                av[n, :, ph, pw] = (h0 + a // (w1 - w0)) * w + w0 + a % (w1 - w0)
    return {"top_data": top, "argmax_data": arg}


def slate_tzcopy(values: Values) -> dict[str, np.ndarray]:
    """SLATE's tzcopy_kernel (Lower): B[k](i, j) = A[k](i, j) for j <= i < m, j < n, the
    tiles column-major in their leading dimensions, one after another."""
    m, n, lda, ldb = (int(values[k]) for k in ("m", "n", "lda", "ldb"))
    a = np.asarray(values["Aarray"]).reshape(-1, n, lda)[:, :, :m]  # [tile, j, i]
    out = np.array(values["Barray"], copy=True)
    b = out.reshape(-1, n, ldb)[: a.shape[0], :, :m]
    lower = np.arange(m)[None, :] >= np.arange(n)[:, None]  # [j, i]: i >= j
    b[:, lower] = a[:, lower].astype(out.dtype)
    return {"Barray": out}


def encoding_rectify(values: Values) -> dict[str, np.ndarray]:
    """PyTorch-Encoding's conv_rectify_cuda_frame: each output value times pool_size /
    (hcount wcount) (1 / (hcount wcount) when averaging), the counts of the kernel's taps
    inside the image at the output pixel, in float32."""
    k = {key: int(values[key]) for key in (
        "nthreads", "height", "width", "pooled_height", "pooled_width", "kernel_h", "kernel_w",
        "stride_h", "stride_w", "pad_h", "pad_w", "dilation_h", "dilation_w", "average_mode")}

    def counts(n_out, size, kern, stride, pad, dil):
        start = np.arange(n_out) * stride - pad
        end = np.minimum(start + kern, size + pad)
        start, end = np.maximum(start, 0), np.minimum(end, size)
        span = end - start - 1  # C's division truncates toward zero
        return np.sign(span) * (np.abs(span) // dil) + 1, (kern - 1) // dil + 1

    hc, ph = counts(k["pooled_height"], k["height"], k["kernel_h"], k["stride_h"], k["pad_h"],
                    k["dilation_h"])
    wc, pw = counts(k["pooled_width"], k["width"], k["kernel_w"], k["stride_w"], k["pad_w"],
                    k["dilation_w"])
    cnt = (hc[:, None] * wc[None, :]).astype(np.float32)
    num = np.float32(1.0) if k["average_mode"] else np.float32(ph * pw)
    factor = (num / cnt).astype(np.float32).reshape(-1)
    out = np.array(values["top_data"], copy=True)
    view = out.reshape(-1)[: k["nthreads"]].reshape(-1, factor.size)
    view[:] = (view.astype(np.float32) * factor).astype(out.dtype)
    return {"top_data": out}


def leap_mean_filter(values: Values) -> dict[str, np.ndarray]:
    """LEAP's meanFilterKernel: each value of the slices slice_start .. slice_end the mean of its
    (2 r + 1)^3 window clipped at the array's faces (the whole-number sum over the window's
    count, one float32 division); the other slices 0."""
    nx, ny, nz, r = (int(values[k]) for k in ("nx", "ny", "nz", "r"))
    first, last = int(values["slice_start"]), int(values["slice_end"])
    f = np.asarray(values["f"], np.float64).reshape(-1)[: nx * ny * nz].reshape(nx, ny, nz)
    total, count = f, np.ones((1, 1, 1))
    for axis, size in enumerate((nx, ny, nz)):
        width = [(0, 0)] * 3
        width[axis] = (r, r)
        padded = np.pad(total, width)
        total = padded[(slice(None),) * axis + (slice(0, size),)].copy()
        for s in range(1, 2 * r + 1):
            total += padded[(slice(None),) * axis + (slice(s, s + size),)]
        at = np.arange(size)
        shape = [1, 1, 1]
        shape[axis] = size
        count = count * (np.minimum(at + r, size - 1) - np.maximum(at - r, 0) + 1).reshape(shape)
    mean = total.astype(np.float32) / count.astype(np.float32)
    inside = (np.arange(nx) >= first) & (np.arange(nx) <= last)
    out = np.array(values["f_filtered"], copy=True)
    view = out.reshape(-1)[: nx * ny * nz].reshape(nx, ny, nz)
    view[:] = np.where(inside[:, None, None], mean, np.float32(0)).astype(out.dtype)
    return {"f_filtered": out}


def aretomo_bin_image(values: Values) -> dict[str, np.ndarray]:
    """AreTomo2's mGBinImage: output pixel (y, x) of the out_width x out_rows image (rows
    out_pitch apart) the sum of the iBinX x iBinY input pixels from (x iBinX, y iBinY) (rows
    in_pitch apart), or -1e30 where one of them is below -1e10; the padding untouched."""
    bx, by = int(values["iBinX"]), int(values["iBinY"])
    pin, pout = int(values["in_pitch"]), int(values["out_pitch"])
    ox, oy = int(values["out_width"]), int(values["out_rows"])
    img = np.asarray(values["gfInImg"]).reshape(-1)[: oy * by * pin].reshape(oy * by, pin)
    bins = img[:, : ox * bx].reshape(oy, by, ox, bx)
    sums = bins.astype(np.float64).sum(axis=(1, 3))
    blank = (bins < np.float32(-1e10)).any(axis=(1, 3))
    out = np.array(values["gfOutImg"], copy=True)
    view = out.reshape(-1)[: oy * pout].reshape(oy, pout)
    view[:, :ox] = np.where(blank, -1e30, sums).astype(out.dtype)
    return {"gfOutImg": out}


def cpm_embedding_fwd(values: Values) -> dict[str, np.ndarray]:
    """cpm_kernels' cu_embedding_forward: out[b, h, t] = weights[ids[b, t], h], the embeddings
    in the (batch, hidden, sequence) layout."""
    b, n, m = int(values["batch"]), int(values["n"]), int(values["m"])
    ids = np.asarray(values["ids"]).reshape(-1)[: b * m].reshape(b, m).astype(np.int64)
    table = np.asarray(values["weights"]).reshape(-1)
    table = table[: table.size // n * n].reshape(-1, n)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[: b * n * m].reshape(b, n, m)
    view[:] = table[ids].transpose(0, 2, 1).astype(out.dtype)
    return {"out": out}


def gnna_spmm_fwd(values: Values) -> dict[str, np.ndarray]:
    """GNNAdvisor's spmm_forward_cuda_kernel: output[part2Node[p]] += sum over the group's edges
    e of degrees[part2Node[p]] degrees[column_index[e]] input[column_index[e]], for every
    neighbour group p (edges part_pointers[p] .. part_pointers[p + 1])."""
    dim, parts = int(values["dim"]), int(values["num_parts"])
    ptr = np.asarray(values["part_pointers"]).reshape(-1)[: parts + 1].astype(np.int64)
    node_of = np.asarray(values["part2Node"]).reshape(-1)[:parts].astype(np.int64)
    col = np.asarray(values["column_index"]).reshape(-1).astype(np.int64)
    deg = np.asarray(values["degrees"], np.float64).reshape(-1)
    feats = np.asarray(values["input"], np.float64).reshape(-1, dim)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1, dim)
    lengths = ptr[1:] - ptr[:-1]
    src = np.repeat(node_of, lengths)  # the group's node, for each of its edges in order
    nbr = col[ptr[0] : ptr[-1]]  # the groups' edges, one after another
    weight = deg[src] * deg[nbr]
    acc = np.zeros((view.shape[0], dim))
    for d in range(dim):
        acc[:, d] = np.bincount(src, weights=weight * feats[nbr, d], minlength=view.shape[0])
    view[:] = (view.astype(np.float64) + acc).astype(out.dtype)
    return {"output": out}


def tmask_swap_align2nat(values: Values) -> dict[str, np.ndarray]:
    """TensorMask's SwapAlign2NatForwardFeat: output (n, v, u, y, x) the sum over the 16
    corners of (oy, ox, ov, ou), oy = y lambda + v - Vout / 2 + 1/2, ox alike, ov = (v + 1/2) /
    lambda - 1/2, ou alike, of the corners' weight products times the input there (pad_val
    outside it)."""
    vo, uo = int(values["Vout"]), int(values["Uout"])
    vi, ui = int(values["Vin"]), int(values["Uin"])
    hi, wi, ho, wo = (int(values[k]) for k in ("Hin", "Win", "Hout", "Wout"))
    lam, pad = float(values["lambda"]), float(values["pad_val"])
    hv, hu = float(np.float32(values["hVout"])), float(np.float32(values["hUout"]))
    nt = int(values["nthreads"])
    nb = nt // (vo * uo * ho * wo)
    data = np.asarray(values["bottom_data"], np.float64).reshape(-1)[: nb * vi * ui * hi * wi]
    data = data.reshape(nb, vi, ui, hi, wi)

    def axis(at, size):  # a (1, ..., size, ..., 1) index array along the output's axis `at`
        shape = [1] * 5
        shape[at] = size
        return np.arange(size).reshape(shape)

    n, v, u, y, x = axis(0, nb), axis(1, vo), axis(2, uo), axis(3, ho), axis(4, wo)

    def corners(pos):  # (floor, ceil) and their weights (1 - frac, frac): exact dyadics here
        lo, hi_ = np.floor(pos).astype(np.int64), np.ceil(pos).astype(np.int64)
        frac = pos - lo
        return (lo, 1.0 - frac), (hi_, frac)

    cy = corners(y * lam + v - hv + 0.5)
    cx = corners(x * lam + u - hu + 0.5)
    cv = corners((v + 0.5) / lam - 0.5)
    cu = corners((u + 0.5) / lam - 0.5)
    total = np.zeros((nb, vo, uo, ho, wo))
    for (yy, wy), (xx, wx), (vv, wv), (uu, wu) in itertools.product(cy, cx, cv, cu):
        inside = ((vv >= 0) & (vv < vi) & (uu >= 0) & (uu < ui) & (yy >= 0) & (yy < hi)
                  & (xx >= 0) & (xx < wi))
        got = data[n, np.clip(vv, 0, vi - 1), np.clip(uu, 0, ui - 1), np.clip(yy, 0, hi - 1),
                   np.clip(xx, 0, wi - 1)]
        total = total + wy * wx * wv * wu * np.where(inside, got, pad)
    out = np.array(values["top_data"], copy=True)
    out.reshape(-1)[:nt] = total.reshape(-1).astype(out.dtype)
    return {"top_data": out}


def ct2_im2col(values: Values) -> dict[str, np.ndarray]:
    """CTranslate2's im2col_transposed_kernel: output[b, g, t, c kernel_size + j] = input[b, g
    Cg + c, t stride - padding + j dilation] (0 outside the sequence), Cg the channels a group."""
    b, g = int(values["batch_size"]), int(values["groups"])
    c, length, ks = int(values["in_channels"]), int(values["input_length"]), int(
        values["kernel_size"])
    stride, pad, dil = int(values["stride"]), int(values["padding"]), int(values["dilation"])
    steps, k = int(values["output_length"]), int(values["k"])
    cg = c // g
    src = np.asarray(values["input"]).reshape(-1)[: b * c * length].reshape(b, g, cg, length)
    pos = np.arange(steps)[:, None] * stride - pad + np.arange(ks)[None, :] * dil  # (t, tap)
    inside = (pos >= 0) & (pos < length)
    taken = np.where(inside, src[..., np.clip(pos, 0, length - 1)], 0)  # (b, g, cg, t, tap)
    rows = taken.transpose(0, 1, 3, 2, 4).reshape(b, g, steps, cg * ks)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: b * g * steps * k] = rows[..., :k].reshape(-1).astype(out.dtype)
    return {"output": out}


def tmva_im2col(values: Values) -> dict[str, np.ndarray]:
    """ROOT TMVA's Im2Col: the column-major local-view matrix A[j, i] (row i a local view,
    column j = channel fltHeight fltWidth + filter row fltWidth + filter column) of an image
    stored channel innermost (B[(col + row imgWidth) depth + channel]), zero outside it."""
    d, h, w = (int(values[k]) for k in ("depth", "imgHeight", "imgWidth"))
    fh, fw = int(values["fltHeight"]), int(values["fltWidth"])
    sr, sc = int(values["strideRows"]), int(values["strideCols"])
    ph, pw = int(values["zeroPaddingHeight"]), int(values["zeroPaddingWidth"])
    oh, ow = (h - fh + 2 * ph) // sr + 1, (w - fw + 2 * pw) // sc + 1
    views = oh * ow
    img = np.asarray(values["B"]).reshape(-1)[: h * w * d].reshape(h, w, d)
    out = np.array(values["A"], copy=True)
    a = out.reshape(-1)[: fh * fw * d * views].reshape(d, fh * fw, views)
    i = np.arange(views)
    for tap in range(fh * fw):
        rows = (i // ow) * sr - ph + tap // fw
        cols = (i % ow) * sc - pw + tap % fw
        inside = (rows >= 0) & (rows < h) & (cols >= 0) & (cols < w)
        got = img[np.clip(rows, 0, h - 1), np.clip(cols, 0, w - 1)]  # [views, depth]
        a[:, tap, :] = np.where(inside[:, None], got, 0).T.astype(out.dtype)
    return {"A": out}


def ptypy_ob_update(values: Values) -> dict[str, np.ndarray]:
    """PtyPy's ob_update: for each pod, conj(probe) x its exit frame added into the object and
    |probe|^2 into the denominator at the view (object row, column), complex as float pairs."""
    pods, b, c = int(values["A"]), int(values["B"]), int(values["C"])
    f, cols = int(values["F"]), int(values["I"])
    pr = np.asarray(values["probe"], np.float64).reshape(-1, f, 2)[:b, :c]
    pc = pr[..., 0] - 1j * pr[..., 1]  # conj(probe)
    ex = np.asarray(values["exit_wave"], np.float64).reshape(-1, b, c, 2)
    pos = np.asarray(values["obj_pos"]).reshape(-1, 2)[:pods].astype(np.int64)
    frames = np.asarray(values["exit_idx"]).reshape(-1)[:pods].astype(np.int64)
    obj = np.array(values["obj"], copy=True)
    den = np.array(values["denominator"], copy=True)
    ov = obj.reshape(-1, cols, 2)
    dv = den.reshape(-1, cols)
    acc = np.zeros(ov.shape[:2], np.complex128)
    nrm = np.zeros(dv.shape, np.float64)
    for n in range(pods):
        r, q = int(pos[n, 0]), int(pos[n, 1])
        e = ex[frames[n]]
        acc[r: r + b, q: q + c] += pc * (e[..., 0] + 1j * e[..., 1])
        nrm[r: r + b, q: q + c] += pr[..., 0] ** 2 + pr[..., 1] ** 2
    ov[..., 0] = (ov[..., 0] + acc.real).astype(obj.dtype)
    ov[..., 1] = (ov[..., 1] + acc.imag).astype(obj.dtype)
    dv[:] = (dv + nrm).astype(den.dtype)
    return {"obj": obj, "denominator": den}


def _tfhe_digits(a: np.ndarray, base_log: int, levels: int) -> list[np.ndarray]:
    """TFHE-rs' init_decomposer_state and decompose_one on uint64 arrays: the balanced digits
    of each value's closest multiple of 2^(64 - base_log levels), least significant first."""
    u64 = np.uint64
    one = u64(1)
    rep = base_log * levels
    res = a >> u64(64 - rep - 1)
    rounding = res & one
    res = (res + one) >> one
    res &= u64(0xFFFFFFFFFFFFFFFF) >> u64(64 - rep)
    balance = (((res - one) | (rounding << u64(rep - 1))) & res) >> u64(rep - 1)
    state = res - (balance << u64(rep))
    mask = u64((1 << base_log) - 1)
    digits = []
    for _ in range(levels):
        digit = state & mask
        state = (state.view(np.int64) >> np.int64(base_log)).view(np.uint64)
        carry = (((digit - one) | state) & digit) >> u64(base_log - 1)
        state = state + carry
        digits.append(digit - (carry << u64(base_log)))
    return digits


def tfhe_keyswitch(values: Values) -> dict[str, np.ndarray]:
    """TFHE-rs' keyswitch: out[s, t] = -(sum over the input mask i and levels j of ksk[i, j, t]
    d_j(a_i)) modulo 2^64, the last coefficient b - that sum, for the input ciphertext
    lwe_input_indexes[s] (the digits d_j balanced: the products summed exactly by 16-bit
    limbs of the key in float64)."""
    n_in, n_out = int(values["lwe_dimension_in"]), int(values["lwe_dimension_out"])
    base_log, levels = int(values["base_log"]), int(values["level_count"])
    out = np.array(values["lwe_array_out"], copy=True)
    view = out.reshape(-1, n_out + 1).view(np.uint64)
    num = view.shape[0]
    ins = np.ascontiguousarray(values["lwe_array_in"]).view(np.uint64).reshape(-1, n_in + 1)
    idx = np.asarray(values["lwe_input_indexes"]).reshape(-1)[:num].astype(np.int64)
    sel = ins[idx]
    digits = _tfhe_digits(np.ascontiguousarray(sel[:, :n_in]), base_log, levels)
    d = np.stack([x.view(np.int64) for x in digits], axis=2).reshape(num, -1)  # [s, i, j]
    ksk = np.ascontiguousarray(values["ksk"]).view(np.uint64).reshape(n_in * levels, n_out + 1)
    total = np.zeros((num, n_out + 1), np.uint64)
    for q in range(4):
        limb = ((ksk >> np.uint64(16 * q)) & np.uint64(0xFFFF)).astype(np.float64)
        part = np.rint(d.astype(np.float64) @ limb).astype(np.int64).view(np.uint64)
        total += part << np.uint64(16 * q)
    body = np.zeros((num, n_out + 1), np.uint64)
    body[:, n_out] = sel[:, n_in]
    view[:] = body - total
    return {"lwe_array_out": out}


def segalign_num_hits(values: Values) -> dict[str, np.ndarray]:
    """SegAlign's find_num_hits: each seed's k-mer (its offset >> 32) count, table[k] -
    table[k - 1] (table[0] for k = 0), in uint32."""
    n = int(values["num_seeds"])
    table = np.asarray(values["d_index_table"]).reshape(-1).astype(np.int64)
    offsets = np.ascontiguousarray(values["seed_offsets"]).reshape(-1)[:n]
    kmer = (offsets.view(np.uint64) >> np.uint64(32)).astype(np.int64)
    before = np.where(kmer > 0, table[np.maximum(kmer - 1, 0)], 0)
    out = np.array(values["seed_hit_num"], copy=True)
    out.reshape(-1)[:n] = ((table[kmer] - before) & 0xFFFFFFFF).astype(out.dtype)
    return {"seed_hit_num": out}


def xdl_ksum(values: Values) -> dict[str, np.ndarray]:
    """X-DeepLearning's KSumKernel: id k of group g (the first group whose cumulative end
    pgrp[g] exceeds k) adds pval[k] peb[pidx[k]] (divided by the group's width when averaging)
    into row g of pout, for the ids below the last end."""
    groups, dim = int(values["grp_size"]), int(values["eb_dim"])
    ends = np.asarray(values["pgrp"]).reshape(-1)[:groups].astype(np.int64)
    n = int(ends[-1])
    group = np.searchsorted(ends, np.arange(n) + 1, side="left")
    width = ends[group] - np.where(group > 0, ends[np.maximum(group - 1, 0)], 0)
    emb = np.asarray(values["peb"], np.float64).reshape(-1, dim)
    rows = emb[np.asarray(values["pidx"]).reshape(-1)[:n]]
    rows *= np.asarray(values["pval"], np.float64).reshape(-1)[:n, None]
    if int(values["average"]):
        rows /= width[:, None]
    sums = np.zeros((n + 1, dim))
    np.cumsum(rows, axis=0, out=sums[1:])
    starts = np.concatenate([[0], ends[:-1]])
    out = np.array(values["pout"], copy=True)
    view = out.reshape(-1, dim)[:groups]
    view[:] = (view + sums[ends] - sums[starts]).astype(out.dtype)
    return {"pout": out}


def pnlp_token_penalty(values: Values) -> dict[str, np.ndarray]:
    """PaddleNLP's update_value_by_repeat_times: every counted token's logit of sequence b
    scaled by alpha[b] (negative) or divided by it, minus count beta[b] and gamma[b], in
    float32; uncounted logits unchanged."""
    bs, length = int(values["bs"]), int(values["length"])
    f32 = np.float32
    times = np.asarray(values["repeat_times"]).reshape(-1)[: bs * length].reshape(bs, length)
    alpha = np.asarray(values["penalty_scores"], f32).reshape(-1)[:bs, None]
    beta = np.asarray(values["frequency_score"], f32).reshape(-1)[:bs, None]
    gamma = np.asarray(values["presence_score"], f32).reshape(-1)[:bs, None]
    out = np.array(values["logits"], copy=True)
    view = out.reshape(-1)[: bs * length].reshape(bs, length)
    logit = view.astype(f32)
    scaled = np.where(logit < 0, logit * alpha, logit / alpha).astype(f32)
    new = ((scaled - times.astype(f32) * beta) - gamma).astype(f32)
    view[:] = np.where(times != 0, new, logit).astype(out.dtype)
    return {"logits": out}


def lidar_bevpool(values: Values) -> dict[str, np.ndarray]:
    """CUDA-BEVFusion's bevpool_half_pack10_kernel: interval i (points interval_ptr[i] ..
    interval_ptr[i + 1]) sums, in each of the nchannel // 10 tiles' 10 channels, its points'
    camera features (camera indice // (ndepth farea), pixel indice % farea) times their depth
    weights depth_weights[indice], stored at cell i of each channel's out_h x out_w plane."""
    c, n = int(values["nchannel"]), int(values["n_intervals"])
    plane = int(values["out_h"]) * int(values["out_w"])
    depth, farea = int(values["ndepth"]), int(values["farea"])
    ch = c // 10 * 10
    ptr = np.asarray(values["interval_ptr"]).reshape(-1)[: n + 1].astype(np.int64)
    ind = np.asarray(values["indices"]).reshape(-1).astype(np.int64)[ptr[0]: ptr[-1]]
    pixel = ind // (depth * farea) * farea + ind % farea
    weight = np.asarray(values["depth_weights"]).reshape(-1)[ind]
    rows = np.ascontiguousarray(np.asarray(values["camera_feature"]).reshape(-1, c).T)
    weight = weight.astype(np.float32)
    starts = ptr[:-1] - ptr[0]
    empty = ptr[1:] == ptr[:-1]
    part = np.zeros(len(ind) + 1, np.float32)  # one zero past the end for the empty intervals
    out = np.array(values["output_bevfeat"], copy=True)
    flat = out.reshape(-1)
    for j in range(ch):  # exact in float32: small whole products and interval sums
        np.multiply(np.take(rows[j], pixel), weight, out=part[:-1])
        sums = np.add.reduceat(part, starts)
        sums[empty] = 0
        flat[j * plane: j * plane + n] = sums.astype(out.dtype)
    return {"output_bevfeat": out}


def hetu_tril_lookup(values: Values) -> dict[str, np.ndarray]:
    """Hetu's tril_lookup_kernel: every sample's in_dim x in_dim matrix's elements on and
    below diagonal ``offset`` (numpy's tril_indices order: row by row) packed into the first
    values of its out_dim row."""
    f, off = int(values["in_dim"]), int(values["offset"])
    bs, width = int(values["pre_size"]), int(values["out_dim"])
    r, c = np.tril_indices(f, k=off)
    mats = np.asarray(values["input"]).reshape(-1)[: bs * f * f].reshape(bs, f, f)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: bs * width].reshape(bs, width)[:, : len(r)] = mats[:, r, c]
    return {"output": out}


def elpa_fill_ev(values: Values) -> dict[str, np.ndarray]:
    """ELPA's gpu_fill_ev_kernel: ev[k + gemm_dim_l (i - 1)] = zu[k] / (d1u[k] - dbase[j - 1]
    + ddiff[j - 1]) ev_scale[j - 1] for rows k < min(nnzu, na) and strip columns i = 1 ..
    ncnt, j = idx[idxq1[i + ns - 1] - 1] (1-based maps), in float64 in the source's order."""
    na, gl, nnzu = int(values["na"]), int(values["gemm_dim_l"]), int(values["nnzu"])
    ns, ncnt = int(values["ns"]), int(values["ncnt"])
    out = np.array(values["ev"], copy=True)
    rows = min(nnzu, na)
    if nnzu < 1 or rows < 1 or ncnt < 1:
        return {"ev": out}
    idxq1 = np.asarray(values["idxq1"]).reshape(-1).astype(np.int64)
    idx = np.asarray(values["idx"]).reshape(-1).astype(np.int64)
    j = idx[idxq1[np.arange(ncnt) + ns] - 1] - 1  # 0-based
    f64 = np.float64
    tmp = (np.asarray(values["d1u"], f64).reshape(-1)[:rows, None]
           - np.asarray(values["dbase"], f64).reshape(-1)[j][None, :])
    tmp = tmp + np.asarray(values["ddiff"], f64).reshape(-1)[j][None, :]
    val = np.asarray(values["zu"], f64).reshape(-1)[:rows, None] / tmp
    val = val * np.asarray(values["ev_scale"], f64).reshape(-1)[j][None, :]
    where = np.arange(rows)[:, None] + gl * np.arange(ncnt)[None, :]
    out.reshape(-1)[where] = val.astype(out.dtype)
    return {"ev": out}


def chrono_lidar_reduce(values: Values) -> dict[str, np.ndarray]:
    """Chrono's mean_reduce_kernel: each of the w x h beams' d x d rays (d = 2 r - 1, rows of
    d w rays of (range, intensity)) reduced to (mean range of the rays with intensity above
    1e-6, sum of intensities / d^2) in float32, (0, 0) where no ray counts."""
    w, h, r = int(values["w"]), int(values["h"]), int(values["r"])
    d = 2 * r - 1
    f32 = np.float32
    rays = np.asarray(values["bufIn"]).reshape(-1)[: h * d * w * d * 2].reshape(h, d, w, d, 2)
    rays = rays.transpose(0, 2, 1, 3, 4).reshape(h, w, d * d, 2).astype(np.float64)
    hit = rays[..., 1] > 1e-6
    count = hit.sum(axis=2)
    sum_range = np.where(hit, rays[..., 0], 0).sum(axis=2).astype(f32)
    sum_intensity = rays[..., 1].sum(axis=2).astype(f32)
    out = np.array(values["bufOut"], copy=True)
    view = out.reshape(-1)[: h * w * 2].reshape(h, w, 2)
    some = count > 0
    view[..., 0] = np.where(some, sum_range / np.maximum(count, 1).astype(f32), 0)
    view[..., 1] = np.where(some, sum_intensity / f32(d * d), 0)
    return {"bufOut": out}


def colossal_moe_combine(values: Values) -> dict[str, np.ndarray]:
    """ColossalAI's moe_cb_fwd_kernel: token s's row = expert_tokens[dest1[s]] w1 +
    expert_tokens[dest2[s]] w2 with both masks set, one of them times its weight with one,
    unchanged with none; w = logits[s, dest // c]."""
    e, c, h = int(values["e"]), int(values["c"]), int(values["h"])
    out = np.array(values["combine_tokens"], copy=True)
    view = out.reshape(-1, h)
    s = view.shape[0]
    d1 = np.asarray(values["dest1"]).reshape(-1)[:s].astype(np.int64)
    d2 = np.asarray(values["dest2"]).reshape(-1)[:s].astype(np.int64)
    m1 = np.asarray(values["mask1"]).reshape(-1)[:s] != 0
    m2 = np.asarray(values["mask2"]).reshape(-1)[:s] != 0
    logits = np.asarray(values["logits"], np.float64).reshape(-1, e)[:s]
    w1 = logits[np.arange(s), d1 // c][:, None]
    w2 = logits[np.arange(s), d2 // c][:, None]
    rows = np.asarray(values["expert_tokens"], np.float64).reshape(-1, h)
    x1, x2 = rows[d1] * w1, rows[d2] * w2
    new = np.where((m1 & m2)[:, None], x1 + x2, np.where(m1[:, None], x1, x2))
    view[:] = np.where((m1 | m2)[:, None], new, view).astype(out.dtype)
    return {"combine_tokens": out}


def highs_dual_grad_step(values: Values) -> dict[str, np.ndarray]:
    """HiGHS' dual_grad_step_kernel: yUpdate = y + dDualStep (b - 2 AxUpdate + Ax), the rows
    from nEqs on projected onto [0, inf), in float64."""
    n, neq = int(values["nRows"]), int(values["nEqs"])
    f64 = np.float64
    y, b, ax, axu = (np.asarray(values[k], f64).reshape(-1)[:n]
                     for k in ("y", "b", "Ax", "AxUpdate"))
    upd = y + f64(values["dDualStep"]) * (b - 2 * axu + ax)
    out = np.array(values["yUpdate"], copy=True)
    out.reshape(-1)[:n] = np.where(np.arange(n) >= neq, np.maximum(upd, 0.0), upd)
    return {"yUpdate": out}


def theano_take3(values: Values) -> dict[str, np.ndarray]:
    """Theano's k_take_3: a[i0] = b[indices[i0]] over the second and third axes (strides in
    elements), a negative index counted from dB0's end; an index still outside [0, dB0) sets
    err to 0xFFFF and leaves its row of a untouched."""
    d0, d1, d2 = (int(values[k]) for k in ("d0", "d1", "d2"))
    sa = [int(values[k]) for k in ("sA0", "sA1", "sA2")]
    sb = [int(values[k]) for k in ("sB0", "sB1", "sB2")]
    rows = int(values["dB0"])
    idx = np.asarray(values["indices"]).reshape(-1)[:d0].astype(np.int64)
    idx = np.where(idx < 0, idx + rows, idx)
    ok = (idx >= 0) & (idx < rows)
    a = np.array(values["a"], copy=True)
    err = np.array(values["err"], copy=True)
    if not ok.all():
        err.reshape(-1)[0] = 0xFFFF
    i0 = np.arange(d0)[ok][:, None, None]
    i1 = np.arange(d1)[None, :, None]
    i2 = np.arange(d2)[None, None, :]
    to = i0 * sa[0] + i1 * sa[1] + i2 * sa[2]
    src = idx[ok][:, None, None] * sb[0] + i1 * sb[1] + i2 * sb[2]
    a.reshape(-1)[to] = np.asarray(values["b"]).reshape(-1)[src]
    return {"a": a, "err": err}


def th_permute_0231(values: Values) -> dict[str, np.ndarray]:
    """torch-harmonics' permute_to0231_k: dst[b, h, w, c] = src[b, c, h, w] (NCHW to NHWC)."""
    c, h, w = (int(values[k]) for k in ("nchn", "nlat", "nlon"))
    src = np.asarray(values["src"])
    batch = src.size // (c * h * w)
    dst = np.array(values["dst"], copy=True)
    view = dst.reshape(-1)[: batch * h * w * c].reshape(batch, h, w, c)
    view[:] = src.reshape(-1)[: batch * c * h * w].reshape(batch, c, h, w).transpose(0, 2, 3, 1)
    return {"dst": dst}


def xmipp_scale_fft(values: Values) -> dict[str, np.ndarray]:
    """Xmipp's scaleFFT2DKernel (filter, zeroed first row and column, normalization): output
    row y of each frame from input row y (y <= outY / 2) or inY - (outY - y), its first outX
    complex columns times filter[y, x] and normFactor, in float32."""
    f32 = np.float32
    n = int(values["noOfImages"])
    in_x, in_y = int(values["inX"]), int(values["inY"])
    out_x, out_y = int(values["outX"]), int(values["outY"])
    frames = np.asarray(values["in"], f32).reshape(-1)[: n * in_y * in_x * 2]
    frames = frames.reshape(n, in_y, in_x, 2)
    rows = np.arange(out_y)
    orig = np.where(rows <= out_y // 2, rows, in_y - (out_y - rows))
    coef = np.asarray(values["filter"], f32).reshape(-1)[: out_y * out_x].reshape(out_y, out_x)
    val = (frames[:, orig, :out_x, :] * coef[None, :, :, None]).astype(f32)
    val[:, 0, :, :] = 0
    val[:, :, 0, :] = 0
    val = (val * f32(values["normFactor"])).astype(f32)
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: n * out_y * out_x * 2] = val.reshape(-1).astype(out.dtype)
    return {"out": out}


def warpctc_reduce_max(values: Values) -> dict[str, np.ndarray]:
    """warp-ctc's reduce_rows with maximum: output[col] = the largest of the column's num_rows
    activations (column-major: a column's rows contiguous)."""
    rows, cols = int(values["num_rows"]), int(values["num_cols"])
    data = np.asarray(values["input"]).reshape(-1)[: rows * cols].reshape(cols, rows)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[:cols] = data.max(axis=1).astype(out.dtype)
    return {"output": out}


def qsim_partial_norms(values: Values, threads: int) -> dict[str, np.ndarray]:
    """qsim's Reduce1Kernel with RealProduct on one state: result[b] = the sum of |amplitude|^2
    over the n threads amplitudes block b covers (amplitude a's real part at float 64 (a / 32)
    + a % 32, its imaginary part 32 on), for the cdiv(size, n threads) blocks of a
    configuration of ``threads`` threads per block; the results beyond them keep their initial
    values."""
    n, size = int(values["n"]), int(values["size"])
    state = np.asarray(values["state"], np.float64).reshape(-1)[: 2 * size].reshape(-1, 2, 32)
    power = (state[:, 0, :] ** 2 + state[:, 1, :] ** 2).reshape(-1)
    span = n * threads
    blocks = -(-size // span)
    padded = np.zeros(blocks * span)
    padded[:size] = power
    result = np.array(values["result"], copy=True)
    result[:blocks] = padded.reshape(blocks, span).sum(axis=1).astype(result.dtype)
    return {"result": result}


def tutel_moe_encode(values: Values) -> dict[str, np.ndarray]:
    """Tutel's fast encoder: every token i with locations1_s[i] < capacity and indices1_s[i] >= 0
    adds gates1_s[i] reshaped_input[i] into row indices1_s[i] capacity + locations1_s[i] of
    dispatched_input (each slot's additions summed in float64: whole numbers, exact)."""
    n, hidden, cap = (int(values[k]) for k in ("samples", "hidden", "capacity"))
    idx = np.asarray(values["indices1_s"]).reshape(-1)[:n].astype(np.int64)
    loc = np.asarray(values["locations1_s"]).reshape(-1)[:n].astype(np.int64)
    gates = np.asarray(values["gates1_s"], np.float64).reshape(-1)[:n]
    data = np.asarray(values["reshaped_input"], np.float64).reshape(-1)[: n * hidden]
    kept = (loc < cap) & (idx >= 0)
    out = np.array(values["dispatched_input"], copy=True)
    view = out.reshape(-1, hidden)
    rows = idx[kept] * cap + loc[kept]
    order = np.argsort(rows, kind="stable")
    slots, starts = np.unique(rows[order], return_index=True)
    adds = (gates[kept, None] * data.reshape(n, hidden)[kept])[order]
    view[slots] = (view[slots] + np.add.reduceat(adds, starts, axis=0)).astype(out.dtype)
    return {"dispatched_input": out}


def anakin_transpose(values: Values) -> dict[str, np.ndarray]:
    """Anakin's transpose_tile_2d_if: every one of the num x channel planes (height x width)
    stored transposed (width x height) at the same plane offset."""
    planes = int(values["num"]) * int(values["channel"])
    h, w = int(values["height"]), int(values["width"])
    src = np.asarray(values["idata"]).reshape(-1)[: planes * h * w].reshape(planes, h, w)
    out = np.array(values["odata"], copy=True)
    out.reshape(-1)[: planes * h * w] = src.transpose(0, 2, 1).reshape(-1).astype(out.dtype)
    return {"odata": out}


def cudf_transpose(values: Values) -> dict[str, np.ndarray]:
    """cuDF's gpu_transpose: out column j (ncols values) holds row j of the ncols input
    columns (nrows values each): out[j, i] = in[i, j]."""
    ncols, nrows = int(values["ncols"]), int(values["nrows"])
    src = np.asarray(values["in_cols"]).reshape(-1)[: ncols * nrows].reshape(ncols, nrows)
    out = np.array(values["out_cols"], copy=True)
    out.reshape(-1)[: ncols * nrows] = src.T.reshape(-1).astype(out.dtype)
    return {"out_cols": out}


def holoscan_seg_argmax(values: Values) -> dict[str, np.ndarray]:
    """Holoscan's postprocessing_kernel<kSoftmax, kNCHW>: each pixel's label the first channel
    of largest score among the positive ones (0 where none is positive), one byte a pixel in
    row-major order, the bytes packed little-endian into the uint32 output words."""
    h, w, c = (int(values[k]) for k in ("height", "width", "channels"))
    scores = np.asarray(values["input"], np.float32).reshape(-1)[: c * h * w].reshape(c, h, w)
    padded = np.concatenate([np.zeros((1, h, w), np.float32), scores])
    best = padded.max(axis=0)
    labels = np.where(best > 0, np.argmax(padded, axis=0) - 1, 0).astype(np.uint8)
    out = np.array(values["output"], copy=True)
    out.reshape(-1).view(np.uint8)[: h * w] = labels.reshape(-1)
    return {"output": out}


def cntk_row_stack(values: Values) -> dict[str, np.ndarray]:
    """CNTK's _assignRowStackValuesOf: the sources (source s of rows start[s + 1] - start[s]
    x destCols, column-major, stored one after another) stacked by rows into the column-major
    destRows x destCols destination."""
    rows, cols = int(values["destRows"]), int(values["destCols"])
    nsrc = int(values["numSrces"])
    start = np.asarray(values["startRowIndeces"]).reshape(-1)[: nsrc + 1].astype(np.int64)
    flat = np.asarray(values["srces"]).reshape(-1)
    dest = np.array(values["dest"], copy=True)
    view = dest.reshape(-1)[: rows * cols].reshape(cols, rows)
    for s in range(nsrc):
        lo, hi = int(start[s]), int(start[s + 1])
        if hi > lo:
            view[:, lo:hi] = flat[lo * cols : hi * cols].reshape(cols, hi - lo)
    return {"dest": dest}


def flexflow_group_by(values: Values) -> dict[str, np.ndarray]:
    """FlexFlow's gb_forward_kernel: the k batch_size assignments taken in order, each the next
    row of its expert (experts of ceil(alpha k / n batch_size) rows, one after another in the
    output) until the expert is full (then dropped); a kept assignment's row gets its sample's
    input row."""
    n, k, batch, dim = (int(values[key]) for key in ("n", "k", "batch_size", "data_dim"))
    rows = int(np.ceil(np.float32(values["alpha"]) * np.float32(k) / np.float32(n)
                       * np.float32(batch)))
    assign = np.asarray(values["exp_assign"]).reshape(-1)[: k * batch]
    data = np.asarray(values["input"]).reshape(-1)[: batch * dim].reshape(batch, dim)
    out = np.array(values["outputs"], copy=True)
    view = out.reshape(-1)[: n * rows * dim].reshape(n * rows, dim)
    used = [0] * n
    for i, expert in enumerate(assign.tolist()):
        if used[expert] < rows:
            view[expert * rows + used[expert]] = data[i // k]
            used[expert] += 1
    return {"outputs": out}


def k2_merge_map(values: Values) -> dict[str, np.ndarray]:
    """k2's SizesToMergeMapKernel: element p of source (row) r of the concatenation gets
    r + num_rows p (uint32)."""
    nrows = int(values["num_rows"])
    splits = np.asarray(values["row_splits"]).reshape(-1)[: nrows + 1].astype(np.int64)
    lengths = np.diff(splits)
    total = int(splits[-1]) - int(splits[0])
    row = np.repeat(np.arange(nrows, dtype=np.int64), lengths)
    pos = np.arange(total, dtype=np.int64) - np.repeat(splits[:-1] - splits[0], lengths)
    out = np.array(values["merge_map"], copy=True)
    flat = out.reshape(-1)
    first = int(splits[0])
    flat[first : first + total] = ((row + nrows * pos) & 0xFFFFFFFF).astype(out.dtype)
    return {"merge_map": out}


def niutensor_index_to_onehot(values: Values) -> dict[str, np.ndarray]:
    """NiuTensor's KernelIndexToOnehot: row i of onehotData (stride values) gets confidence at
    the column indexData[i] (when inside the row); every other value keeps its initial one."""
    n, stride = int(values["blockNum"]), int(values["stride"])
    idx = np.asarray(values["indexData"]).reshape(-1)[:n].astype(np.int64)
    out = np.array(values["onehotData"], copy=True)
    view = out.reshape(-1)[: n * stride].reshape(n, stride)
    hit = (idx >= 0) & (idx < stride)
    view[np.arange(n)[hit], idx[hit]] = np.float32(values["confidence"])
    return {"onehotData": out}


def mmdeploy_hwc2chw(values: Values) -> dict[str, np.ndarray]:
    """MMDeploy's transpose: dst[c, y, x] = src[y, x, c] (rows src_width_stride values apart,
    the channel planes dst_channel_stride apart)."""
    h, w, c = (int(values[k]) for k in ("height", "width", "channels"))
    sws, dcs = int(values["src_width_stride"]), int(values["dst_channel_stride"])
    src = np.asarray(values["src"]).reshape(-1)
    used = (h - 1) * sws + w * c
    rows = np.zeros(h * sws, src.dtype)
    rows[:used] = src[:used]
    pix = rows.reshape(h, sws)[:, : w * c].reshape(h, w, c)
    dst = np.array(values["dst"], copy=True)
    flat = dst.reshape(-1)
    for ch in range(c):
        flat[ch * dcs: ch * dcs + h * w] = pix[:, :, ch].reshape(-1)
    return {"dst": dst}


def pplcv_calc_hist(values: Values) -> dict[str, np.ndarray]:
    """PPL.CV's calcHist (unmasked): histogram[v] += the number of pixels of value v in the
    rows x cols 8-bit image whose rows are src_stride bytes apart (the buffer's words read as
    little-endian bytes)."""
    rows, cols, stride = (int(values[k]) for k in ("rows", "cols", "src_stride"))
    data = np.ascontiguousarray(np.asarray(values["src"])).view(np.uint8).reshape(-1)
    pixels = data[: rows * stride].reshape(rows, stride)[:, :cols]
    hist = np.array(values["histogram"], copy=True)
    counts = np.bincount(pixels.reshape(-1), minlength=256)
    hist.reshape(-1)[:256] += counts.astype(hist.dtype)
    return {"histogram": hist}


def spline_weighting_fwd(values: Values) -> dict[str, np.ndarray]:
    """torch-spline-conv's spline_weighting forward: out[e, o] = sum over s and i of
    basis[e, s] x[e, i] weight[weight_index[e, s], i, o]. The (edge, s) pairs are grouped by
    kernel matrix, one product each group (whole numbers, every partial sum below 2^24: exact
    in float32 in any order), then summed over s."""
    e, m_in, m_out, s = (int(values[k]) for k in ("E", "M_in", "M_out", "S"))
    x = np.asarray(values["x"], np.float32).reshape(-1)[: e * m_in].reshape(e, m_in)
    basis = np.asarray(values["basis"], np.float32).reshape(-1)[: e * s]
    wi = np.asarray(values["weight_index"]).reshape(-1)[: e * s].astype(np.int64)
    weight = np.asarray(values["weight"], np.float32).reshape(-1, m_in, m_out)
    order = np.argsort(wi, kind="stable")
    scaled = x[order // s] * basis[order][:, None]
    kernels, starts = np.unique(wi[order], return_index=True)
    ends = np.append(starts[1:], e * s)
    pairs = np.empty((e * s, m_out), np.float32)
    for kern, lo, hi in zip(kernels, starts, ends, strict=True):
        pairs[order[lo:hi]] = scaled[lo:hi] @ weight[kern]
    total = pairs.reshape(e, s, m_out).sum(axis=1, dtype=np.float64)
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: e * m_out] = total.reshape(-1).astype(out.dtype)
    return {"out": out}


def turbo_split_bias_transpose(values: Values) -> dict[str, np.ndarray]:
    """TurboTransformers' split_add_bias_transpose_for_score: output[w, b, h, s, :] =
    input[b, s, w, h, :] + bias[w, h, :]."""
    b, s, h, w, d = (int(values[k]) for k in ("batch_size", "seq_len", "head_num",
                                               "weight_num", "size_per_head"))
    n = b * s * w * h * d
    data = np.asarray(values["input_data"]).reshape(-1)[:n].reshape(b, s, w, h, d)
    bias = np.asarray(values["bias_data"]).reshape(-1)[: w * h * d].reshape(w, h, d)
    out = np.array(values["output_data"], copy=True)
    out.reshape(-1)[:n] = (data + bias[None, None]).transpose(2, 0, 3, 1, 4).reshape(-1)
    return {"output_data": out}


def strumpack_laswp(values: Values) -> dict[str, np.ndarray]:
    """STRUMPACK's laswp_kernel: in each of the n columns (lddA apart, column-major), rows i
    and dipiv[i inci] - 1 swapped for i = 0 .. npivots - 1 in turn (the same row sequence
    for every column: applied to the rows of the n columns at once)."""
    n, ld, npiv, inc = (int(values[k]) for k in ("n", "lddA", "npivots", "inci"))
    piv = np.asarray(values["dipiv"]).reshape(-1)[: (npiv - 1) * inc + 1: inc].astype(np.int64)
    out = np.array(values["dA"], copy=True)
    cols = out.reshape(-1)[: n * ld].reshape(n, ld)
    order = np.arange(ld)
    for i1 in range(npiv):
        i2 = piv[i1] - 1
        order[i1], order[i2] = order[i2], order[i1]
    cols[:] = cols[:, order]
    return {"dA": out}


def nvblox_difference_image(values: Values) -> dict[str, np.ndarray]:
    """nvblox's differenceImageKernel: diff = |image_1 - image_2| over the rows x cols image."""
    rows, cols = int(values["rows"]), int(values["cols"])
    n = rows * cols
    a = np.asarray(values["image_1"]).reshape(-1)[:n]
    b = np.asarray(values["image_2"]).reshape(-1)[:n]
    out = np.array(values["diff_image"], copy=True)
    out.reshape(-1)[:n] = np.abs(a - b).astype(out.dtype)
    return {"diff_image": out}


def ort_transpose3d(values: Values) -> dict[str, np.ndarray]:
    """ONNX Runtime's Transpose3DKernel: each shape1 x shape2 matrix (stride0 values apart)
    transposed into a shape2 x shape1 one at the same offset."""
    m, n, stride = int(values["shape1"]), int(values["shape2"]), int(values["stride0"])
    src = np.asarray(values["input_data"]).reshape(-1)
    out = np.array(values["output_data"], copy=True)
    flat = out.reshape(-1)
    for b in range(flat.size // stride):
        mat = src[b * stride: b * stride + m * n].reshape(m, n)
        flat[b * stride: b * stride + m * n] = mat.T.reshape(-1)
    return {"output_data": out}


def qmcpack_tbt_mv_plus(values: Values) -> dict[str, np.ndarray]:
    """QMCPACK's kernel_tbt_mv_plus on a complex A (pairs of doubles): the real part of
    A[i, j] (rows lda apart) += x[i incx] for dim 0, x[j incx] otherwise."""
    dim, nrow, ncol = int(values["dim"]), int(values["nrow"]), int(values["ncol"])
    lda, inc = int(values["lda"]), int(values["incx"])
    x = np.asarray(values["x"]).reshape(-1)
    out = np.array(values["A"], copy=True)
    real = out.reshape(-1)[: 2 * nrow * lda].reshape(nrow, lda, 2)[:, :ncol, 0]
    if dim == 0:
        real += x[: (nrow - 1) * inc + 1: inc][:, None]
    else:
        real += x[: (ncol - 1) * inc + 1: inc][None, :]
    return {"A": out}


def xgrammar_token_bitmask(values: Values) -> dict[str, np.ndarray]:
    """XGrammar's apply_token_bitmask_inplace: in each row named by indices, the logit of
    token t set to -inf where bit t % 32 of mask word t // 32 is 0 (tokens below vocabSize)."""
    v, words = int(values["vocabSize"]), int(values["bitmaskSize"])
    out = np.array(values["logits"], copy=True)
    rows = out.reshape(-1)[: (out.size // v) * v].reshape(-1, v)
    mask = np.asarray(values["bitmask"]).reshape(-1).astype(np.int64) & 0xFFFFFFFF
    mask = mask[: (mask.size // words) * words].reshape(-1, words)
    tokens = np.arange(v)
    for r in np.unique(np.asarray(values["indices"]).reshape(-1)):
        bits = (mask[r, tokens // 32] >> (tokens % 32)) & 1
        rows[r, bits == 0] = -np.inf
    return {"logits": out}


def sglang_max_pooling(values: Values) -> dict[str, np.ndarray]:
    """SGLang's InfLLM-V2 max_pooling_1d_varlen: for head h and packed query q of sequence b
    (local index lq), output[h, q, k] = +inf where k < init_blocks or off_bq = (lq +
    cache_lens[b]) // block_size lies in [k, k + local_blocks], else the maximum of the row's
    scores over [max(k stride - padding, 0), min(k stride - padding + kernel_size, seqlen_k))
    (-inf when empty)."""
    nb, heads = int(values["batch_size"]), int(values["num_heads"])
    maxk, out_len = int(values["max_seqlen_k"]), int(values["out_len"])
    ks, st, pad = int(values["kernel_size"]), int(values["stride"]), int(values["padding"])
    blk, local, init = (int(values[k]) for k in ("block_size", "local_blocks", "init_blocks"))
    cq = np.asarray(values["cu_seqlens_q"]).reshape(-1).astype(np.int64)
    ck = np.asarray(values["cu_seqlens_k"]).reshape(-1).astype(np.int64)
    cache = np.asarray(values["cache_lens"]).reshape(-1).astype(np.int64)
    tq = int(cq[nb])
    scores = np.asarray(values["input"]).reshape(-1)[: heads * tq * maxk].reshape(heads, tq, maxk)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: heads * tq * out_len].reshape(heads, tq, out_len)
    k = np.arange(out_len)
    lo = np.maximum(k * st - pad, 0)
    hi_win = k * st - pad + ks
    padded = np.concatenate([scores, np.full((heads, tq, 1), -np.inf, scores.dtype)], axis=2)
    for b in range(nb):
        q0, q1 = int(cq[b]), int(cq[b + 1])
        if q1 <= q0:
            continue
        seqlen_k = int(ck[b + 1] - ck[b])
        hi = np.minimum(hi_win, seqlen_k)
        pooled = np.full((heads, q1 - q0, out_len), -np.inf, scores.dtype)
        for t in range(ks):  # window position t: index lo + t where below hi
            idx = lo + t
            ok = idx < hi
            take = np.where(ok, np.minimum(idx, maxk), maxk)
            pooled = np.maximum(pooled, padded[:, q0:q1, take])
        off_bq = (np.arange(q1 - q0) + cache[b]) // blk
        forced = (k[None, :] < init) | ((off_bq[:, None] >= k[None, :])
                                        & (off_bq[:, None] <= k[None, :] + local))
        pooled[:, forced] = np.inf
        view[:, q0:q1, :] = pooled.astype(out.dtype)
    return {"output": out}


def tcnn_identity_encoding(values: Values) -> dict[str, np.ndarray]:
    """tiny-cuda-nn's identity encoding: for each of num_elements / fan_out inputs i, output
    row i (out_stride apart) gets data_in(i)[j] scale + offset for j < num_to_encode and 1 in
    the num_to_pad values after; dy_dx[i, j] = scale."""
    total = int(values["num_elements"])
    enc, pad = int(values["num_to_encode"]), int(values["num_to_pad"])
    fan = enc + pad
    ins, outs = int(values["in_stride"]), int(values["out_stride"])
    scale, offset = np.float32(values["scale"]), np.float32(values["offset"])
    data_in = np.asarray(values["data_in"], np.float32).reshape(-1)
    out = np.array(values["data_out"], copy=True)
    flat = out.reshape(-1)
    dy = np.array(values["dy_dx"], copy=True)
    dflat = dy.reshape(-1)
    idx = np.arange(total, dtype=np.int64)
    i, j = idx // fan, idx % fan
    enc_part = j < enc
    ie, je = i[enc_part], j[enc_part]
    flat[ie * outs + je] = (data_in[ie * ins + je] * scale + offset).astype(out.dtype)
    flat[i[~enc_part] * outs + j[~enc_part]] = 1
    dflat[ie * enc + je] = scale
    return {"data_out": out, "dy_dx": dy}


def libgrid_fft_convolute(values: Values) -> dict[str, np.ndarray]:
    """libgrid's cgrid_cuda_fft_convolute_gpu: dst[i, j, k] = (-1)^(i + j + k) src1[i, j, k]
    src2[i, j, k] (complex values as interleaved float64 pairs) over nx x ny x nz."""
    nx, ny, nz = (int(values[k]) for k in ("nx", "ny", "nz"))
    n = nx * ny * nz
    a = np.asarray(values["src1"], np.float64).reshape(-1)[: 2 * n].reshape(n, 2)
    b = np.asarray(values["src2"], np.float64).reshape(-1)[: 2 * n].reshape(n, 2)
    i, j, k = np.meshgrid(np.arange(nx), np.arange(ny), np.arange(nz), indexing="ij")
    sign = 1.0 - 2.0 * ((i + j + k) & 1).reshape(-1)
    ar, ai = sign * a[:, 0], sign * a[:, 1]
    out = np.array(values["dst"], copy=True)
    flat = out.reshape(-1)
    flat[0 : 2 * n : 2] = ar * b[:, 0] - ai * b[:, 1]
    flat[1 : 2 * n : 2] = ar * b[:, 1] + ai * b[:, 0]
    return {"dst": out}


def h2o4gpu_ts_to_matrix(values: Values) -> dict[str, np.ndarray]:
    """H2O4GPU's ts_data_to_matrix_kernel: X[j, i] = data[j + i] (column j of the column-major
    design matrix, ldx values apart) for i < min(n, ldx) and j < depth."""
    ldx, n, depth = (int(values[k]) for k in ("ldx", "n", "depth"))
    data = np.asarray(values["data"]).reshape(-1)
    rows = min(n, ldx)
    out = np.array(values["X"], copy=True)
    flat = out.reshape(-1)
    for j in range(depth):
        flat[j * ldx : j * ldx + rows] = data[j : j + rows]
    return {"X": out}


def eet_reorder_kv(values: Values) -> dict[str, np.ndarray]:
    """EET's reorderKV: for every position s, beam b and head h, k_cache[s, b, h, :] =
    k_buf[s, reorder_index[b], h, :] (v the same); caches [step, batch, heads, size_per_head]."""
    d, step, batch, heads = (int(values[k]) for k in ("size_per_head", "step", "batch",
                                                       "head_num"))
    n = step * batch * heads * d
    idx = np.asarray(values["reorder_index"]).reshape(-1)[:batch].astype(np.int64)
    result = {}
    for cache, buf in (("k_cache", "k_buf"), ("v_cache", "v_buf")):
        src = np.asarray(values[buf]).reshape(-1)[:n].reshape(step, batch, heads, d)
        out = np.array(values[cache], copy=True)
        out.reshape(-1)[:n] = src[:, idx].reshape(-1)
        result[cache] = out
    return result


def eman2_column_sum(values: Values) -> dict[str, np.ndarray]:
    """EMAN2's column_sum: sum[x] = the sum over the ny rows (nx values apart) of column x
    (whole numbers: exact in float32 in any order)."""
    nx, ny = int(values["nx"]), int(values["ny"])
    data = np.asarray(values["data"], np.float32).reshape(-1)[: nx * ny].reshape(ny, nx)
    out = np.array(values["sum"], copy=True)
    out.reshape(-1)[:nx] = data.sum(axis=0, dtype=np.float64).astype(out.dtype)
    return {"sum": out}


def espresso_p3m_influence(values: Values) -> dict[str, np.ndarray]:
    """ESPResSo's apply_influence_function: every complex value of the mesh0 x mesh1 x
    (mesh2 / 2 + 1) k-space charge mesh (interleaved float32 pairs) times G_hat there."""
    m0, m1, m2 = (int(values[k]) for k in ("mesh0", "mesh1", "mesh2"))
    n = m0 * m1 * (m2 // 2 + 1)
    g = np.asarray(values["G_hat"], np.float32).reshape(-1)[:n]
    out = np.array(values["charge_mesh"], copy=True)
    pairs = out.reshape(-1)[: 2 * n].reshape(n, 2)
    pairs *= g[:, None]
    return {"charge_mesh": out}


def accfft_local_transpose(values: Values) -> dict[str, np.ndarray]:
    """AccFFT's local_transpose_cuda1: out[j, i, :] = in[i, j, :] for the r x c tuples of
    n_tuples values."""
    r, c, nt = (int(values[k]) for k in ("r", "c", "n_tuples"))
    n = r * c * nt
    src = np.asarray(values["in"]).reshape(-1)[:n].reshape(r, c, nt)
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[:n] = src.transpose(1, 0, 2).reshape(-1)
    return {"out": out}


def colmap_rotate(values: Values) -> dict[str, np.ndarray]:
    """COLMAP's CudaRotateKernel: the width x height matrix (rows input_pitch bytes apart)
    rotated 90 degrees counter-clockwise: output row width - 1 - x, column y gets input[y, x]
    (output rows output_pitch bytes apart; the pitches' gaps untouched)."""
    w, h = int(values["width"]), int(values["height"])
    pin, pout = int(values["input_pitch"]) // 4, int(values["output_pitch"]) // 4
    src = np.asarray(values["input_data"]).reshape(-1)[: h * pin].reshape(h, pin)[:, :w]
    out = np.array(values["output_data"], copy=True)
    view = out.reshape(-1)[: w * pout].reshape(w, pout)
    view[:, :h] = src[:, ::-1].T
    return {"output_data": out}


def gpunufft_fftshift2d(values: Values) -> dict[str, np.ndarray]:
    """gpuNUFFT's fftShiftKernel2D: for each coil c and grid point t = x + grid_x y below N,
    outdata[c, t] = gdata[c, (x + offset_x) % grid_x + grid_x ((y + offset_y) % grid_y)]
    (complex pairs; coils grid_count points apart)."""
    n, gx, gy = int(values["N"]), int(values["grid_x"]), int(values["grid_y"])
    count, coils = int(values["grid_count"]), int(values["n_coils"])
    ox, oy = int(values["offset_x"]), int(values["offset_y"])
    src = np.asarray(values["gdata"]).reshape(-1)[: 2 * coils * count].reshape(coils, count, 2)
    out = np.array(values["outdata"], copy=True)
    view = out.reshape(-1)[: 2 * coils * count].reshape(coils, count, 2)
    t = np.arange(n, dtype=np.int64)
    opp = (t % gx + ox) % gx + gx * ((t // gx + oy) % gy)
    view[:, :n] = src[:, opp]
    return {"outdata": out}


def fastllm_permute(values: Values) -> dict[str, np.ndarray]:
    """fastllm's FastllmPermuteKernel: dst[i] = ori[old], old the sum over axes j of
    (idx // new_j) old_{axis_j} with idx %= new_j (idx starting at i), for i below len."""
    n, axes = int(values["len"]), int(values["axisLen"])
    order = [int(values[f"axis{j}"]) for j in range(4)]
    old = [int(values[f"old{j}"]) for j in range(4)]
    new = [int(values[f"new{j}"]) for j in range(4)]
    src = np.asarray(values["ori"]).reshape(-1)
    out = np.array(values["dst"], copy=True)
    idx = np.arange(n, dtype=np.int64)
    at = np.zeros(n, dtype=np.int64)
    for j in range(axes):
        at += (idx // new[j]) * old[order[j]]
        idx %= new[j]
    out.reshape(-1)[:n] = src[at]
    return {"dst": out}


def lmdeploy_gather_output(values: Values) -> dict[str, np.ndarray]:
    """LMDeploy's gatherOutput: for request b (context length c), output_ids[b, s] =
    ids[s, b] for steps s below c, output_ids[b, s - (max_context_len - c)] = ids[s, b] for
    steps from max_context_len below max_gen_step; the rest of the row untouched."""
    batch, maxctx = int(values["batch_size"]), int(values["max_context_len"])
    steps, width = int(values["max_gen_step"]), int(values["max_output_len"])
    ids = np.asarray(values["ids"]).reshape(-1)[: steps * batch].reshape(steps, batch)
    ctx = np.asarray(values["context_length"]).reshape(-1)
    out = np.array(values["output_ids"], copy=True)
    rows = out.reshape(-1)[: batch * width].reshape(batch, width)
    for b in range(batch):
        c = int(ctx[b])
        rows[b, : min(c, steps)] = ids[: min(c, steps), b]
        if steps > maxctx:
            rows[b, c: c + steps - maxctx] = ids[maxctx:, b]
    return {"output_ids": out}


def pointpillars_features(values: Values) -> dict[str, np.ndarray]:
    """CUDA-PointPillars' generateFeatures_kernel: for each of the first params[0] pillars
    (count n of its 32 point slots valid, index (., ., y, x) and z from its .y), point slot k
    < n gets (x, y, z, w, x - mean x, y - mean y, z - mean z, x - cx, y - cy, z - cz) with
    the mean sum / n in float32 and the centre voxel / 2 + index voxel + range_min; slots past
    n get zeros; stored as the source stores them, its [pillar][point][10] tile copied flat
    (its loop's i 32 + point_idx indexes that tile too): features[p, k, f]."""
    np_ = int(np.asarray(values["params"]).reshape(-1)[0])
    pts = np.asarray(values["voxel_features"], np.float32).reshape(-1)[: np_ * 128]
    pts = pts.reshape(np_, 32, 4)
    num = np.asarray(values["voxel_num"]).reshape(-1)[:np_].astype(np.int64)
    idx = np.asarray(values["voxel_idxs"]).reshape(-1)[: 4 * np_].reshape(np_, 4)
    idx = idx.astype(np.float32)
    out = np.array(values["features"], copy=True)
    view = out.reshape(-1)[: np_ * 320].reshape(np_, 32, 10)
    valid = np.arange(32)[None, :] < num[:, None]
    sums = np.where(valid[:, :, None], pts[:, :, :3], np.float32(0)).sum(axis=1)
    mean = (sums.astype(np.float32) / num[:, None].astype(np.float32)).astype(np.float32)
    feats = np.zeros((np_, 32, 10), np.float32)
    feats[:, :, :4] = pts
    feats[:, :, 4:7] = pts[:, :, :3] - mean[:, None, :]
    f32 = np.float32
    for a, (vox, lo, col) in enumerate((("voxel_x", "range_min_x", 3),
                                        ("voxel_y", "range_min_y", 2),
                                        ("voxel_z", "range_min_z", 1))):
        v, r = f32(values[vox]), f32(values[lo])
        centre = (v / f32(2) + idx[:, col] * v + r).astype(np.float32)
        feats[:, :, 7 + a] = pts[:, :, a] - centre[:, None]
    feats[~valid] = 0
    view[:] = feats.astype(out.dtype)
    return {"features": out}


def cuml_merge_series(values: Values) -> dict[str, np.ndarray]:
    """cuML's merge_series_kernel: d_out[b, :] = the n_obs values of sub-batch
    d_id_to_sub[b] (sub_stride values apart) at position d_id_to_pos[b]."""
    nobs, stride = int(values["n_obs"]), int(values["sub_stride"])
    src = np.asarray(values["d_in"]).reshape(-1)
    pos = np.asarray(values["d_id_to_pos"]).reshape(-1).astype(np.int64)
    sub = np.asarray(values["d_id_to_sub"]).reshape(-1).astype(np.int64)
    out = np.array(values["d_out"], copy=True)
    rows = out.reshape(-1)[: pos.size * nobs].reshape(pos.size, nobs)
    start = sub * stride + pos * nobs
    rows[:] = src[start[:, None] + np.arange(nobs)[None, :]]
    return {"d_out": out}


def paddlelite_seq_pad(values: Values) -> dict[str, np.ndarray]:
    """Paddle-Lite's SequencePadKernel (kSeqToPad): sequence s's rows (seq_offsets[s] on, rows
    of step_width values) copied to the first min(len, pad_seq_len) rows of its padded block,
    the block's other rows filled with pad_value[0] (is_constant_pad) or pad_value."""
    nseq, padlen = int(values["seq_num"]), int(values["pad_seq_len"])
    w = int(values["step_width"])
    offsets = np.asarray(values["seq_offsets"]).reshape(-1).astype(np.int64)
    src = np.asarray(values["src"]).reshape(-1)
    pad = np.asarray(values["pad_value"]).reshape(-1)
    fill = pad[0] if int(values["is_constant_pad"]) else pad[:w]
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: nseq * padlen * w].reshape(nseq, padlen, w)
    for s in range(nseq):
        n = min(int(offsets[s + 1] - offsets[s]), padlen)
        first = int(offsets[s])
        view[s, :n] = src[first * w: (first + n) * w].reshape(n, w)
        view[s, n:] = fill
    return {"dst": out}


def tomocupy_wrap1d(values: Values) -> dict[str, np.ndarray]:
    """tomocupy's wrap1d (forward): of 2 n2 + 2 m2 planes of n1 x n0 complex values, the m2
    pad planes on either side set to the interior plane (tz - m2 + 2 n2) % (2 n2) + m2."""
    n0, n1, n2, m2 = (int(values[k]) for k in ("n0", "n1", "n2", "m2"))
    planes = 2 * n2 + 2 * m2
    out = np.array(values["f"], copy=True)
    view = out.reshape(-1)[: planes * n1 * n0 * 2].reshape(planes, n1 * n0 * 2)
    pads = [tz for tz in range(planes) if tz < m2 or tz >= 2 * n2 + m2]
    view[pads] = view[[(tz - m2 + 2 * n2) % (2 * n2) + m2 for tz in pads]]
    return {"f": out}


def open3d_ragged_to_dense(values: Values) -> dict[str, np.ndarray]:
    """Open3D-ML's RaggedToDense: row i's entries (row_splits[i] to row_splits[i + 1], each
    default_value_size values) copied to its first min(len, out_col_size) output entries, the
    rest set to default_value."""
    rows = int(values["row_splits_size"]) - 1
    cols, size = int(values["out_col_size"]), int(values["default_value_size"])
    splits = np.asarray(values["row_splits"]).reshape(-1).astype(np.int64)
    src = np.asarray(values["values"]).reshape(-1)
    default = np.asarray(values["default_value"]).reshape(-1)[:size]
    out = np.array(values["out_values"], copy=True)
    view = out.reshape(-1)[: rows * cols * size].reshape(rows, cols, size)
    view[:] = default
    lengths = np.minimum(splits[1: rows + 1] - splits[:rows], cols)
    pos = np.arange(cols)
    row, col = np.nonzero(pos[None, :] < lengths[:, None])
    entry = splits[row] + col
    view[row, col] = src[: (src.size // size) * size].reshape(-1, size)[entry]
    return {"out_values": out}


def warp_mc_count_verts(values: Values) -> dict[str, np.ndarray]:
    """Warp's count_cell_verts: per cell of an nx x ny x nz volume (z fastest) 0 on the last
    layer of any axis, else how many of its +x, +y, +z neighbours d cross the threshold with
    its own d0: (d0 <= t and d >= t) or (d <= t and d0 >= t)."""
    nx, ny, nz = int(values["nx"]), int(values["ny"]), int(values["nz"])
    cells, t = int(values["num_cells"]), np.float32(values["threshold"])
    d = np.asarray(values["density"], np.float32).reshape(-1)[: nx * ny * nz].reshape(nx, ny, nz)
    out = np.array(values["first_cell_vert"], copy=True)
    count = np.zeros((nx, ny, nz), dtype=np.int64)
    d0 = d[:-1, :-1, :-1]
    for other in (d[1:, :-1, :-1], d[:-1, 1:, :-1], d[:-1, :-1, 1:]):
        count[:-1, :-1, :-1] += ((d0 <= t) & (other >= t)) | ((other <= t) & (d0 >= t))
    out.reshape(-1)[:cells] = count.reshape(-1)[:cells]
    return {"first_cell_vert": out}


def torchngp_morton_invert(values: Values) -> dict[str, np.ndarray]:
    """torch-ngp's morton3D_invert: coords[n, k] = every third bit of indices[n] >> k (k = 0,
    1, 2) compacted into the low bits."""
    n = int(values["N"])
    ind = np.asarray(values["indices"]).reshape(-1)[:n].astype(np.int64)
    out = np.array(values["coords"], copy=True)
    view = out.reshape(-1)[: 3 * n].reshape(n, 3)
    for k in range(3):
        v = (ind >> k) & 0xFFFFFFFF
        v &= 0x49249249
        v = (v | (v >> 2)) & 0xC30C30C3
        v = (v | (v >> 4)) & 0x0F00F00F
        v = (v | (v >> 8)) & 0xFF0000FF
        v = (v | (v >> 16)) & 0x0000FFFF
        view[:, k] = v
    return {"coords": out}


def mlx_arange(values: Values) -> dict[str, np.ndarray]:
    """MLX's arange: out[i] = start + i step (in float32) for i < size."""
    size = int(values["size"])
    start, step = np.float32(values["start"]), np.float32(values["step"])
    out = np.array(values["out"], copy=True)
    i = np.arange(size, dtype=np.float32)
    out.reshape(-1)[:size] = start + i * step
    return {"out": out}


def cutt_lead_vol_same(values: Values) -> dict[str, np.ndarray]:
    """cuTT's transposeTiledLeadVolSame for one Mbar rank: out[p mbarOut + x + y cuDimMm] =
    in[p mbarIn + x + y cuDimMk] for x < tiledVol.x, y < tiledVol.y, p < volMbar."""
    nx, ny, nb = int(values["tiledVolX"]), int(values["tiledVolY"]), int(values["volMbar"])
    mk, mm = int(values["cuDimMk"]), int(values["cuDimMm"])
    bin_, bout = int(values["mbarIn"]), int(values["mbarOut"])
    src = np.asarray(values["dataIn"]).reshape(-1)
    out = np.array(values["dataOut"], copy=True)
    flat = out.reshape(-1)
    p = np.arange(nb, dtype=np.int64)[:, None, None]
    y = np.arange(ny, dtype=np.int64)[None, :, None]
    x = np.arange(nx, dtype=np.int64)[None, None, :]
    flat[(p * bout + x + y * mm).reshape(-1)] = src[(p * bin_ + x + y * mk).reshape(-1)]
    return {"dataOut": out}


def cunumeric_transpose(values: Values) -> dict[str, np.ndarray]:
    """cuNumeric's logical transpose: out (n x m) = in (m x n) transposed."""
    m, n = int(values["m"]), int(values["n"])
    src = np.asarray(values["in"]).reshape(-1)[: m * n].reshape(m, n)
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: m * n] = src.T.reshape(-1)
    return {"out": out}


def flashlight_target_size(values: Values) -> dict[str, np.ndarray]:
    """Flashlight's batchTargetSize: per row of L labels, min(1 + the last index whose label is
    non-negative (0 if none), maxSize)."""
    length, cap = int(values["L"]), int(values["maxSize"])
    out = np.array(values["targetSize"], copy=True)
    rows = out.reshape(-1).size
    target = np.asarray(values["target"]).reshape(-1)[: rows * length].reshape(rows, length)
    good = target >= 0
    last = np.where(good.any(axis=1), length - np.argmax(good[:, ::-1], axis=1), 0)
    out.reshape(-1)[:] = np.minimum(last, cap)
    return {"targetSize": out}


def awkward_local_index(values: Values) -> dict[str, np.ndarray]:
    """Awkward's ListArray_localindex: toindex[j] = j - offsets[i] for j in list i's range."""
    n = int(values["length"])
    offsets = np.asarray(values["offsets"]).reshape(-1)[: n + 1].astype(np.int64)
    out = np.array(values["toindex"], copy=True)
    flat = out.reshape(-1)
    lengths = offsets[1:] - offsets[:-1]
    j = np.arange(int(offsets[0]), int(offsets[-1]), dtype=np.int64)
    flat[offsets[0]: offsets[-1]] = j - np.repeat(offsets[:-1], lengths)
    return {"toindex": out}


def ceres_dsxpy(values: Values) -> dict[str, np.ndarray]:
    """Ceres's XPlusEqualsY<float, double>: x[i] += double(y[i]) for i < size."""
    n = int(values["size"])
    out = np.array(values["x"], copy=True)
    y = np.asarray(values["y"], np.float32).reshape(-1)[:n].astype(np.float64)
    out.reshape(-1)[:n] += y
    return {"x": out}


def legion_memcpy_affine(values: Values) -> dict[str, np.ndarray]:
    """Realm's memcpy_affine_batch (3-D): for every point (c0, c1, c2) of the e0 x e1 x ...
    rectangle (volume points), dst[c0 + d0 (c1 + d1 c2)] = src[c0 + s0 (c1 + s1 c2)]."""
    e0, e1, vol = int(values["e0"]), int(values["e1"]), int(values["volume"])
    s0, s1 = int(values["src_s0"]), int(values["src_s1"])
    d0, d1 = int(values["dst_s0"]), int(values["dst_s1"])
    off = np.arange(vol, dtype=np.int64)
    c0, rest = off % e0, off // e0
    c1, c2 = rest % e1, rest // e1
    src = np.asarray(values["src"]).reshape(-1)
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[c0 + d0 * (c1 + d1 * c2)] = src[c0 + s0 * (c1 + s1 * c2)]
    return {"dst": out}


def svox2_dist_prop(values: Values) -> dict[str, np.ndarray]:
    """svox2's accel_dist_prop: an empty cell (link < 0) of an sx x sy x sz grid (z fastest)
    set to -1 minus the number of coarser levels (coordinates halved, sizes halved rounding up,
    while all three sizes exceed 1) climbed before its parent's flag in tmp is set."""
    sx, sy, sz = int(values["size_x"]), int(values["size_y"]), int(values["size_z"])
    out = np.array(values["grid"], copy=True)
    flat = out.reshape(-1)
    tmp = np.asarray(values["tmp"]).reshape(-1)
    cells = np.nonzero(flat[: sx * sy * sz] < 0)[0]
    x, y, z = cells // (sy * sz), (cells // sz) % sy, cells % sz
    result = np.full(cells.size, -1, dtype=np.int64)
    active = np.ones(cells.size, dtype=bool)
    base = 0
    while sx > 1 and sy > 1 and sz > 1 and active.any():
        x, y, z = x >> 1, y >> 1, z >> 1
        sx, sy, sz = ((sx - 1) >> 1) + 1, ((sy - 1) >> 1) + 1, ((sz - 1) >> 1) + 1
        hit = tmp[base + (x * sy + y) * sz + z] != 0
        active &= ~hit
        result -= active
        base += sx * sy * sz
    flat[cells] = result
    return {"grid": out}


def scn_sparse_to_dense(values: Values) -> dict[str, np.ndarray]:
    """SparseConvNet's SparseToDense forward: for rule n (input row rules[2 n], output site
    rules[2 n + 1]) the row's nPlanes features stored at site + plane spatialVolume."""
    planes, volume = int(values["nPlanes"]), int(values["spatialVolume"])
    nhot = int(values["nHot"])
    rules = np.asarray(values["rules"]).reshape(-1)[: 2 * nhot].astype(np.int64)
    src = np.asarray(values["input_features"]).reshape(-1)
    out = np.array(values["output_features"], copy=True)
    flat = out.reshape(-1)
    rows, sites = rules[0::2], rules[1::2]
    pos = np.arange(planes)
    flat[sites[:, None] + pos[None, :] * volume] = src[rows[:, None] * planes + pos[None, :]]
    return {"output_features": out}


def bagua_reduce_chunk(values: Values) -> dict[str, np.ndarray]:
    """Bagua's reduce_chunk_inplace (mean): chunk target_chunk of the num_chunks chunks of
    chunk_size values replaced by the chunks' mean (float32 sum, divided by num_chunks)."""
    size, count = int(values["chunk_size"]), int(values["num_chunks"])
    target = int(values["target_chunk"])
    out = np.array(values["input"], copy=True)
    flat = out.reshape(-1)
    chunks = flat[: size * count].reshape(count, size).astype(np.float64)
    total = chunks.sum(axis=0).astype(np.float32)
    flat[target * size: (target + 1) * size] = total / np.float32(count)
    return {"input": out}


def dlaf_cast_to_complex(values: Values) -> dict[str, np.ndarray]:
    """DLA-Future's castToComplex: out[i + j ld_out] = (in[i + j ld_in], 0) for the m x n
    column-major tile (the complex output as pairs of float64 words)."""
    m, n = int(values["m"]), int(values["n"])
    ld_in, ld_out = int(values["ld_in"]), int(values["ld_out"])
    src = np.asarray(values["in"]).reshape(-1)[: (n - 1) * ld_in + m]
    out = np.array(values["out_words"], copy=True)
    words = out.reshape(-1)[: 2 * ((n - 1) * ld_out + m)].reshape(-1, 2)
    i, j = np.arange(m), np.arange(n)
    words[(i[None, :] + j[:, None] * ld_out).reshape(-1), 0] = src[
        (i[None, :] + j[:, None] * ld_in).reshape(-1)]
    words[(i[None, :] + j[:, None] * ld_out).reshape(-1), 1] = 0.0
    return {"out_words": out}

def hiop_copy_pattern(values: Values) -> dict[str, np.ndarray]:
    """HiOp's copyToStartingAt_w_pattern: vd[nnz_cumsum[i - 1] + start] = dd[i - 1] for every
    i in [1, n_src] where nnz_cumsum[i] != nnz_cumsum[i - 1]."""
    n, start = int(values["n_src"]), int(values["start_index_in_dest"])
    count = np.asarray(values["nnz_cumsum"]).reshape(-1)[: n + 1].astype(np.int64)
    src = np.asarray(values["dd"]).reshape(-1)
    out = np.array(values["vd"], copy=True)
    step = np.nonzero(count[1:] != count[:-1])[0]
    out.reshape(-1)[count[step] + start] = src[step]
    return {"vd": out}


def dealii_dot(values: Values) -> dict[str, np.ndarray]:
    """deal.II's double_vector_reduction<DotProduct>: result[0] += v1 . v2 over N values
    (exact for whole numbers)."""
    n = int(values["N"])
    v1 = np.asarray(values["v1"], np.float64).reshape(-1)[:n]
    v2 = np.asarray(values["v2"], np.float64).reshape(-1)[:n]
    out = np.array(values["result"], copy=True)
    out.reshape(-1)[0] += np.dot(v1, v2)
    return {"result": out}


def genomeworks_find_matches(values: Values) -> dict[str, np.ndarray]:
    """GenomeWorks' find_query_target_matches: for each query representation its lower_bound
    position in the sorted targets where the target there equals it, else -1."""
    nq, nt = int(values["n_query_representations"]), int(values["n_target_representations"])
    query = np.asarray(values["query_representations"]).reshape(-1)[:nq].astype(np.int64)
    target = np.asarray(values["target_representations"]).reshape(-1)[:nt].astype(np.int64)
    pos = np.searchsorted(target, query, side="left")
    hit = target[np.minimum(pos, nt - 1)] == query
    out = np.array(values["found_target_indices"], copy=True)
    out.reshape(-1)[:nq] = np.where(hit & (pos < nt), pos, -1)
    return {"found_target_indices": out}


def graphblast_bfs_pull(values: Values) -> dict[str, np.ndarray]:
    """GraphBLAST's masked logical-or SpMV (the BFS pull step): w[row] = 1 where mask[row] is
    zero and some column of the row has u[col] != identity, else 0."""
    n = int(values["A_nrows"])
    ident = np.float32(values["identity"])
    rowptr = np.asarray(values["A_csrRowPtr"]).reshape(-1)[: n + 1].astype(np.int64)
    cols = np.asarray(values["A_csrColInd"]).reshape(-1)[: rowptr[-1]].astype(np.int64)
    u = np.asarray(values["u_val"], np.float32).reshape(-1)
    mask = np.asarray(values["mask_val"], np.float32).reshape(-1)[:n]
    hits = (u[cols] != ident).astype(np.int64)
    counts = np.add.reduceat(np.append(hits, 0), np.minimum(rowptr[:-1], hits.size))
    counts[rowptr[1:] == rowptr[:-1]] = 0
    out = np.array(values["w_val"], copy=True)
    out.reshape(-1)[:n] = np.where((mask == 0) & (counts > 0), 1.0, 0.0)
    return {"w_val": out}


def nnpops_pass_messages(values: Values) -> dict[str, np.ndarray]:
    """NNPOps' passMessages forward: for each direction d and pair p with atom a =
    neighbors[d][p] >= 0, new_states[a] += messages[p]."""
    npairs, nfeat = int(values["num_neighbors"]), int(values["num_features"])
    nb = np.asarray(values["neighbors"]).reshape(-1)[: 2 * npairs].astype(np.int64)
    msg = np.asarray(values["messages"]).reshape(-1)[: npairs * nfeat].reshape(npairs, nfeat)
    out = np.array(values["new_states"], copy=True)
    states = out.reshape(-1, nfeat)
    for d in range(2):
        atoms = nb[d * npairs:(d + 1) * npairs]
        keep = atoms >= 0
        np.add.at(states, atoms[keep], msg[keep])
    return {"new_states": out}


def singa_row_max(values: Values) -> dict[str, np.ndarray]:
    """SINGA's KernelRowMax: out[r] = the maximum of row r's ncol values."""
    nrow, ncol = int(values["nrow"]), int(values["ncol"])
    src = np.asarray(values["inPtr"]).reshape(-1)[: nrow * ncol].reshape(nrow, ncol)
    out = np.array(values["outPtr"], copy=True)
    out.reshape(-1)[:nrow] = src.max(axis=1)
    return {"outPtr": out}


def pn2_group_points(values: Values) -> dict[str, np.ndarray]:
    """Pointnet2_PyTorch's group_points: out[b, l, j, k] = points[b, l, idx[b, j, k]]."""
    b, c, n = int(values["b"]), int(values["c"]), int(values["n"])
    npoints, nsample = int(values["npoints"]), int(values["nsample"])
    pts = np.asarray(values["points"]).reshape(-1)[: b * c * n].reshape(b, c, n)
    idx = np.asarray(values["idx"]).reshape(-1)[: b * npoints * nsample]
    idx = idx.reshape(b, 1, npoints * nsample).astype(np.int64)
    out = np.array(values["out"], copy=True)
    got = np.take_along_axis(pts, np.broadcast_to(idx, (b, c, npoints * nsample)), axis=2)
    out.reshape(-1)[: got.size] = got.reshape(-1)
    return {"out": out}


def pyg_sampled_op(values: Values) -> dict[str, np.ndarray]:
    """pyg-lib's sampled_op: out[e, k] = left[i, k] (op) right[j, k], i = left_index[e] (e
    without it), j likewise; op add, sub, mul or div (0-3)."""
    nf, numel = int(values["num_feats"]), int(values["numel"])
    rows = numel // nf
    e = np.arange(rows, dtype=np.int64)
    i = np.asarray(values["left_index"]).reshape(-1)[:rows].astype(np.int64) \
        if int(values["has_left_index"]) else e
    j = np.asarray(values["right_index"]).reshape(-1)[:rows].astype(np.int64) \
        if int(values["has_right_index"]) else e
    a = np.asarray(values["left"], np.float32).reshape(-1, nf)[i]
    b = np.asarray(values["right"], np.float32).reshape(-1, nf)[j]
    fn = int(values["fn_type"])
    with np.errstate(divide="ignore", invalid="ignore"):
        c = a + b if fn == 0 else a - b if fn == 1 else a * b if fn == 2 else a / b
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[:numel] = c.reshape(-1)[:numel]
    return {"out": out}


def pcs_correlation_bwd(values: Values) -> dict[str, np.ndarray]:
    """Pytorch-Correlation-extension's correlation backward for input1, batch item n:
    gradInput1[n, c, h, w] = sum over the patch (ph, pw) with i1 = h + dil (ph - (patchH - 1)
    // 2), j1 likewise, inside the input, of input2[n, c, i1, j1] times the gradOutput[n, ph,
    pw, i2, j2] of every window position (i2, j2) inside the output whose window held (h, w)."""
    n, c_, ih, iw = (int(values[k]) for k in ("batch", "C", "iH", "iW"))
    oh, ow, kh, kw = (int(values[k]) for k in ("H", "W", "kH", "kW"))
    ph_, pw_ = int(values["patchH"]), int(values["patchW"])
    padh, padw = int(values["padH"]), int(values["padW"])
    dilh, dilw = int(values["dilation_patchH"]), int(values["dilation_patchW"])
    dh, dw = int(values["dH"]), int(values["dW"])
    go = np.asarray(values["gradOutput"], np.float64).reshape(-1)
    go = go[(n * ph_ * pw_ * oh * ow):((n + 1) * ph_ * pw_ * oh * ow)].reshape(ph_, pw_, oh, ow)
    in2 = np.asarray(values["input2"], np.float64).reshape(-1)
    in2 = in2[n * c_ * ih * iw:(n + 1) * c_ * ih * iw].reshape(c_, ih, iw)

    def window_sum(coord, pad, stride, k):
        """For each input coordinate the output positions (start - i) whose windows held it."""
        p = coord + pad
        start, off = p // stride, p % stride
        return [(start - i, (off + i * stride < k)) for i in range((k + stride - 1) // stride + 1)]

    # g[ph, pw, h, w]: the gradOutput summed over the window positions that held (h, w)
    g = np.zeros((ph_, pw_, ih, iw))
    for i2, oki in window_sum(np.arange(ih), padh, dh, kh):
        for j2, okj in window_sum(np.arange(iw), padw, dw, kw):
            ok = (oki & (i2 >= 0) & (i2 < oh))[:, None] & (okj & (j2 >= 0) & (j2 < ow))[None, :]
            vals = go[:, :, np.clip(i2, 0, oh - 1)[:, None], np.clip(j2, 0, ow - 1)[None, :]]
            g += np.where(ok, vals, 0.0)
    acc = np.zeros((c_, ih, iw))
    radh, radw = (ph_ - 1) // 2, (pw_ - 1) // 2
    for ph in range(ph_):
        di = dilh * (ph - radh)  # i1 = h + di inside [0, ih): h in [h0, h1)
        h0, h1 = max(0, -di), min(ih, ih - di)
        for pw in range(pw_):
            dj = dilw * (pw - radw)
            w0, w1 = max(0, -dj), min(iw, iw - dj)
            if h0 >= h1 or w0 >= w1:
                continue
            acc[:, h0:h1, w0:w1] += (in2[:, h0 + di:h1 + di, w0 + dj:w1 + dj]
                                     * g[ph, pw, h0:h1, w0:w1])
    out = np.array(values["gradInput1"], copy=True)
    out.reshape(-1)[n * c_ * ih * iw:(n + 1) * c_ * ih * iw] = acc.astype(out.dtype).reshape(-1)
    return {"gradInput1": out}


def tpk_cubic_sampling(values: Values) -> dict[str, np.ndarray]:
    """torch-points-kernels' cubic_feature_sampling: for each point the (2 ns)^3 grid vertices
    from floor - (ns - 1) to ceil + (ns - 1) (ceil one past floor where they agree), x-major,
    their flat index (x scale + y) scale + z or -1 outside the grid, and the features of each
    vertex inside: point_features[b, i, j, k] = cubic_features[b, k, vertex j]."""
    scale, ns = int(values["scale"]), int(values["neighborhood_size"])
    nv = int(values["n_vertices"])
    npts, c = int(values["n_pts"]), int(values["n_cubic_channels"])
    pts = np.asarray(values["ptcloud"], np.float32).reshape(-1, npts, 3)
    b = pts.shape[0]
    feats = np.asarray(values["cubic_features"]).reshape(b, c, scale ** 3)
    lower = np.floor(pts).astype(np.int64)
    upper = np.ceil(pts).astype(np.int64)
    upper = np.where(upper == lower, upper + 1, upper)
    assert nv == (2 * ns) ** 3  # the source's loop: 2 ns vertices an axis for any point
    span = np.arange(2 * ns)
    first = lower - (ns - 1)
    x = first[..., 0, None, None, None] + span[:, None, None]
    y = first[..., 1, None, None, None] + span[None, :, None]
    z = first[..., 2, None, None, None] + span[None, None, :]
    inside = (x >= 0) & (x < scale) & (y >= 0) & (y < scale) & (z >= 0) & (z < scale)
    idx = np.where(inside, (x * scale + y) * scale + z, -1).reshape(b, npts, nv)
    gout = np.array(values["grid_pt_indexes"], copy=True)
    gout.reshape(-1)[: b * npts * nv] = idx.reshape(-1)
    out = np.array(values["point_features"], copy=True)
    view = out.reshape(-1)[: b * npts * nv * c].reshape(b, npts, nv, c)
    got = feats[np.arange(b)[:, None, None], :, np.clip(idx, 0, None)]  # [b, npts, nv, c]
    keep = (idx >= 0)[..., None] & np.ones(c, bool)
    view[keep] = got[keep]
    return {"point_features": out, "grid_pt_indexes": gout}


def rstereo_sampler(values: Values) -> dict[str, np.ndarray]:
    """RAFT-Stereo's sampler forward: for each pixel with x0 = coords[n, 0, y, x], dx = x0 -
    floor(x0) and taps x1 = floor(x0) - r + i (i = 0 .. 2r + 1) inside the volume's row,
    corr[n, i - 1, y, x] += s dx (i > 0) and corr[n, i, y, x] += s (1 - dx) (i < 2r + 1), s =
    volume[n, y, x, x1]; in the source's order (taps in turn, the dx share first)."""
    h1, w1, w2, r = (int(values[k]) for k in ("h1", "w1", "w2", "r"))
    rd = 2 * r + 1
    vol = np.asarray(values["volume"], np.float32).reshape(-1, h1, w1, w2)
    b = vol.shape[0]
    x0 = np.asarray(values["coords"], np.float32).reshape(b, 2, h1, w1)[:, 0]
    fx = np.floor(x0)
    dx = (x0 - fx).astype(np.float32)
    base = fx.astype(np.int64) - r
    out = np.array(values["corr"], copy=True)
    view = out.reshape(-1)[: b * rd * h1 * w1].reshape(b, rd, h1, w1)
    for i in range(rd + 1):
        x1 = base + i
        ok = (x1 >= 0) & (x1 < w2)
        s = np.take_along_axis(vol, np.clip(x1, 0, w2 - 1)[..., None], axis=3)[..., 0]
        if i > 0:
            view[:, i - 1] = np.where(ok, view[:, i - 1] + s * dx, view[:, i - 1])
        if i < rd:
            view[:, i] = np.where(ok, view[:, i] + s * (np.float32(1) - dx), view[:, i])
    return {"corr": out}


def sofa_subset_apply(values: Values) -> dict[str, np.ndarray]:
    """SOFA's SubsetMapping apply: out[i] = in[map[i]] for i below size, 3 floats a point."""
    size = int(values["size"])
    idx = np.asarray(values["map"]).reshape(-1)[:size].astype(np.int64)
    src = np.asarray(values["in"]).reshape(-1, 3)
    out = np.array(values["out"], copy=True)
    out.reshape(-1)[: 3 * size] = src[idx].reshape(-1)
    return {"out": out}


def nvdr_xfm_points(values: Values) -> dict[str, np.ndarray]:
    """nvdiffrecmc's xfm_points forward: out[b, p] = M_b [x, y, z, 1] (points) or M_b's upper
    3 x 3 times [x, y, z] (otherwise), M_b = matrix[b] (row r of out from row r of M_b)."""
    n, nb, is_points = int(values["npoints"]), int(values["nbatch"]), int(values["isPoints"])
    pts = np.asarray(values["points"], np.float64).reshape(-1)[: nb * n * 3].reshape(nb, n, 3)
    mtx = np.asarray(values["matrix"], np.float64).reshape(-1)[: nb * 16].reshape(nb, 4, 4)
    out = np.array(values["out"], copy=True)
    if is_points:
        got = np.einsum("bpc,brc->bpr", pts, mtx[:, :, :3]) + mtx[:, None, :, 3]
    else:
        got = np.einsum("bpc,brc->bpr", pts, mtx[:, :3, :3])
    out.reshape(-1)[: got.size] = got.astype(out.dtype).reshape(-1)
    return {"out": out}


def softsplat_fwd(values: Values) -> dict[str, np.ndarray]:
    """softmax-splatting's forward: each input[n, c, y, x] added, times the four bilinear
    weights of its target (x + flow[n, 0, y, x], y + flow[n, 1, y, x]), to the target's four
    corners that lie inside the image (float32 weights and products, as in the source)."""
    nn, c, h, w = (int(values[k]) for k in ("N", "C", "H", "W"))
    src = np.asarray(values["input"], np.float32).reshape(-1)[: nn * c * h * w]
    src = src.reshape(nn, c, h, w)
    flo = np.asarray(values["flow"], np.float32).reshape(-1)[: nn * 2 * h * w]
    flo = flo.reshape(nn, 2, h, w)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: nn * c * h * w].reshape(nn, c, h, w)
    yy, xx = np.meshgrid(np.arange(h), np.arange(w), indexing="ij")
    ox = xx.astype(np.float32)[None] + flo[:, 0]
    oy = yy.astype(np.float32)[None] + flo[:, 1]
    nwx, nwy = np.floor(ox).astype(np.int64), np.floor(oy).astype(np.int64)
    f32 = np.float32
    corners = (
        (nwx, nwy, (f32(1) + nwx.astype(f32) - ox) * (f32(1) + nwy.astype(f32) - oy)),
        (nwx + 1, nwy, (ox - nwx.astype(f32)) * (f32(1) + nwy.astype(f32) - oy)),
        (nwx, nwy + 1, (f32(1) + nwx.astype(f32) - ox) * (oy - nwy.astype(f32))),
        (nwx + 1, nwy + 1, (ox - nwx.astype(f32)) * (oy - nwy.astype(f32))),
    )
    bidx = np.broadcast_to(np.arange(nn)[:, None, None], (nn, h, w))
    for cx, cy, wt in corners:
        ok = (cx >= 0) & (cx < w) & (cy >= 0) & (cy < h)
        b_, x_, y_ = bidx[ok], cx[ok], cy[ok]
        vals = src.transpose(0, 2, 3, 1)[ok] * wt[ok][:, None]  # [hits, c]
        flat = view.transpose(0, 2, 3, 1)  # a view: [n, h, w, c]
        np.add.at(flat, (b_, y_, x_), vals.astype(view.dtype))
    return {"output": out}


def gpaw_restrict(values: Values) -> dict[str, np.ndarray]:
    """GPAW's restrict1D (K = 4) pass: for each of the m input rows (2n + 5 values) the n
    values 0.5 (c0 + 0.5625 (c1 + c-1) - 0.0625 (c3 + c-3)) centred on columns 2i + 3, written
    transposed: b[i m + j]."""
    n, m = int(values["n"]), int(values["m"])
    sizex = 2 * n + 5
    a = np.asarray(values["a"], np.float64).reshape(-1)[: m * sizex].reshape(m, sizex)

    def col(k):
        return a[:, 3 + k: 3 + k + 2 * n: 2]

    res = 0.5 * (col(0) + (0.5625 * (col(1) + col(-1)) + -0.0625 * (col(3) + col(-3))))
    out = np.array(values["b"], copy=True)
    out.reshape(-1)[: n * m] = res.T.reshape(-1)
    return {"b": out}


def cvm_conv2d(values: Values) -> dict[str, np.ndarray]:
    """CortexTheseus's int32 conv2d (no shared memory): output[n, oc, oh, ow] = bias[oc] + the
    sum over ic, fy, fx of input[n, ic, oh sh + fy dh - ph, ow sw + fx dh - pw] (0 outside)
    times filter[oc, ic, fy, fx] (the source's dilation_h on both axes)."""
    ic, ih, iw = (int(values[k]) for k in ("i_c", "i_h", "i_w"))
    fh, fw = int(values["f_h"]), int(values["f_w"])
    ph, pw = int(values["padding_h"]), int(values["padding_w"])
    sh, sw, dh = int(values["stride_h"]), int(values["stride_w"]), int(values["dilation_h"])
    on, oc, oh, ow = (int(values[k]) for k in ("o_n", "o_c", "o_h", "o_w"))
    src = np.asarray(values["input"]).reshape(-1)[: on * ic * ih * iw].astype(np.int64)
    src = src.reshape(on, ic, ih, iw)
    filt = np.asarray(values["filter"]).reshape(-1)[: oc * ic * fh * fw].astype(np.int64)
    filt = filt.reshape(oc, ic, fh, fw)
    acc = np.zeros((on, oc, oh, ow), np.int64)
    rows = np.arange(oh)[:, None]
    cols = np.arange(ow)[None, :]
    for fy in range(fh):
        for fx in range(fw):
            yy = rows * sh + fy * dh - ph
            xx = cols * sw + fx * dh - pw
            ok = (yy >= 0) & (yy < ih) & (xx >= 0) & (xx < iw)
            patch = src[:, :, np.clip(yy, 0, ih - 1), np.clip(xx, 0, iw - 1)] * ok
            acc += np.einsum("nchw,oc->nohw", patch, filt[:, :, fy, fx])
    acc += np.asarray(values["bias"]).reshape(-1)[:oc].astype(np.int64)[None, :, None, None]
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: acc.size] = acc.astype(np.int32).reshape(-1)
    return {"output": out}


def cumo_index_compose(values: Values) -> dict[str, np.ndarray]:
    """Cumo's naview index composition: idx[i] = idx1[idx[i]] for i < n."""
    n = int(values["n"])
    out = np.array(values["idx"], copy=True)
    flat = out.reshape(-1)
    flat[:n] = np.asarray(values["idx1"]).reshape(-1)[flat[:n]]
    return {"idx": out}


def gunrock_mark_segment(values: Values) -> dict[str, np.ndarray]:
    """Gunrock's markSegmentFromKeys: flag[i] = (vid[i] != vid[i - 1]) for 1 <= i < length;
    flag[0] untouched."""
    n = int(values["length"])
    vid = np.asarray(values["vid"]).reshape(-1)[:n]
    out = np.array(values["flag"], copy=True)
    out.reshape(-1)[1:n] = (vid[1:] != vid[:-1]).astype(out.dtype)
    return {"flag": out}


def pink_rotate90_list(values: Values) -> dict[str, np.ndarray]:
    """PINK's rotate_90_degrees_list: image z of the list (dim x dim, size apart) turned a
    quarter turn into images[offset + z size]: out[dim - 1 - y][x] = in[x][y]."""
    dim, size, off = int(values["dim"]), int(values["size"]), int(values["offset"])
    out = np.array(values["images"], copy=True)
    flat = out.reshape(-1)
    planes = off // size
    src = flat[: planes * size].reshape(planes, size)[:, : dim * dim].reshape(planes, dim, dim)
    rot = src.transpose(0, 2, 1)[:, ::-1, :].copy()  # rot[z, dim - 1 - y, x] = src[z, x, y]
    for z in range(planes):
        flat[off + z * size: off + z * size + dim * dim] = rot[z].reshape(-1)
    return {"images": out}


def nerfacc_unpack_info(values: Values) -> dict[str, np.ndarray]:
    """nerfacc's unpack_info: ray_indices[j] = i for j in ray i's samples (offsets[i] up to
    offsets[i + 1])."""
    n = int(values["n_rays"])
    offsets = np.asarray(values["offsets"]).reshape(-1)[: n + 1].astype(np.int64)
    out = np.array(values["ray_indices"], copy=True)
    flat = out.reshape(-1)
    counts = offsets[1:] - offsets[:-1]
    flat[offsets[0]: offsets[-1]] = np.repeat(np.arange(n), counts)
    return {"ray_indices": out}


def pwc_corr_rearrange(values: Values) -> dict[str, np.ndarray]:
    """pytorch-pwc's correlation rearrange: output[b, y + 4, x + 4, c] = input[b, c, y, x] for
    the n = H W pixels (the output H + 8 by W + 8 pixels of C channels; its border untouched)."""
    c, h, w = int(values["C"]), int(values["H"]), int(values["W"])
    n = int(values["n"])
    src = np.asarray(values["input"]).reshape(-1, c, h * w)
    b = src.shape[0]
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: b * (h + 8) * (w + 8) * c].reshape(b, (h + 8) * (w + 8), c)
    pix = np.arange(n)
    dest = (pix // w + 4) * (w + 8) + pix % w + 4
    view[:, dest, :] = src[:, :, :n].transpose(0, 2, 1)
    return {"output": out}


def san_aggregation_zeropad(values: Values) -> dict[str, np.ndarray]:
    """SAN's aggregation (zero padding): top[n, c, h, w] = sum over the taps (kh, kw) with h_in =
    h stride_h - pad_h + kh dilation_h and w_in likewise inside the input of weight[n, c %
    weight_channels, kh kernel_w + kw, h top_width + w] times bottom[n, c, h_in, w_in]."""
    c_, cw = int(values["input_channels"]), int(values["weight_channels"])
    ih, iw = int(values["bottom_height"]), int(values["bottom_width"])
    oh, ow = int(values["top_height"]), int(values["top_width"])
    kh_, kw_ = int(values["kernel_h"]), int(values["kernel_w"])
    sh, sw = int(values["stride_h"]), int(values["stride_w"])
    dh, dw = int(values["dilation_h"]), int(values["dilation_w"])
    ph, pw = int(values["pad_h"]), int(values["pad_w"])
    numel = int(values["nthreads"])
    src = np.asarray(values["bottom_data"], np.float64).reshape(-1, c_, ih, iw)
    n = src.shape[0]
    wt = np.asarray(values["weight_data"], np.float64).reshape(-1)[: n * cw * kh_ * kw_ * oh * ow]
    wt = wt.reshape(n, cw, kh_ * kw_, oh, ow)
    group = np.arange(c_) % cw
    acc = np.zeros((n, c_, oh, ow))
    for kh, kw in itertools.product(range(kh_), range(kw_)):
        hi = np.arange(oh) * sh - ph + kh * dh
        wi = np.arange(ow) * sw - pw + kw * dw
        ok = ((hi >= 0) & (hi < ih))[:, None] & ((wi >= 0) & (wi < iw))[None, :]
        vals = src[:, :, np.clip(hi, 0, ih - 1)[:, None], np.clip(wi, 0, iw - 1)[None, :]]
        acc += np.where(ok, vals * wt[:, group, kh * kw_ + kw], 0.0)
    out = np.array(values["top_data"], copy=True)
    out.reshape(-1)[:numel] = acc.reshape(-1)[:numel].astype(out.dtype)
    return {"top_data": out}


def slomo_sepconv_fwd(values: Values) -> dict[str, np.ndarray]:
    """sepconv-slomo's forward: output[s, c, y, x] = sum over (fy, fx) of input[s, c, y + fy,
    x + fx] * vertical[s, fy, y, x] * horizontal[s, fx, y, x] (the input H + F - 1 by W + F -
    1, the filters F x H x W), for the first n output values."""
    nn, c, h, w, f = (int(values[k]) for k in ("N", "C", "H", "W", "F"))
    numel = int(values["n"])
    src = np.asarray(values["input"], np.float64).reshape(-1)[: nn * c * (h + f - 1) * (w + f - 1)]
    src = src.reshape(nn, c, h + f - 1, w + f - 1)
    ver = np.asarray(values["vertical"], np.float64).reshape(-1)[: nn * f * h * w]
    hor = np.asarray(values["horizontal"], np.float64).reshape(-1)[: nn * f * h * w]
    ver, hor = ver.reshape(nn, f, 1, h, w), hor.reshape(nn, f, 1, h, w)
    acc = np.zeros((nn, c, h, w))
    for fy in range(f):
        row = np.zeros((nn, c, h, w))
        for fx in range(f):
            row += src[:, :, fy:fy + h, fx:fx + w] * hor[:, fx]
        acc += row * ver[:, fy]
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[:numel] = acc.reshape(-1)[:numel].astype(out.dtype)
    return {"output": out}
def dain_sepconv(values: Values) -> dict[str, np.ndarray]:
    """DAIN's separable local convolution: output[b, c, y, x] = the sum over fy, fx below
    filter_size of input1[b, c, y + fy, x + fx] input2[b, fy, y, x] input3[b, fx, y, x] for
    y < h - filter_size + 1 and x < w - filter_size + 1 (all through the given strides)."""
    w, h, ch, f = (int(values[k]) for k in ("w", "h", "channel", "filter_size"))
    oh, ow = h - f + 1, w - f + 1
    out = np.array(values["output"], copy=True)
    flat = out.reshape(-1)
    nb = int(np.asarray(values["output"]).size // max(int(values["output_b_stride"]), 1))
    nb = max(nb, 1)

    def view(key, prefix, depth, rows, cols):
        arr = np.asarray(values[key]).reshape(-1)
        st = [int(values[f"{prefix}_{s}_stride"]) for s in "bch"]
        return np.lib.stride_tricks.as_strided(
            arr, (nb, depth, rows, cols), tuple(arr.itemsize * s for s in st) + (arr.itemsize,),
            writeable=False).astype(np.float32)

    src = view("input1", "input1", ch, h, w)
    vert = view("input2", "input2", f, oh, ow)
    horz = view("input3", "input3", f, oh, ow)
    # float32 is exact here: whole-number products and sums far inside 24 bits
    acc = np.zeros((nb, ch, oh, ow), np.float32)
    part = np.empty_like(acc)
    tmp = np.empty_like(acc)
    for fy in range(f):
        part.fill(0)
        for fx in range(f):
            np.multiply(src[:, :, fy: fy + oh, fx: fx + ow], horz[:, None, fx], out=tmp)
            part += tmp
        part *= vert[:, None, fy]
        acc += part
    st = [int(values[f"output_{s}_stride"]) * flat.itemsize for s in "bch"]
    dst = np.lib.stride_tricks.as_strided(flat, acc.shape, tuple(st) + (flat.itemsize,))
    dst[...] = acc.astype(out.dtype)
    return {"output": out}


def segmentron_ca_map(values: Values) -> dict[str, np.ndarray]:
    """SegmenTron's criss-cross aggregation: out[b, c, y, x] += the sum over columns i of
    g[b, c, y, i] weight[b, i, y, x] plus the sum over rows i != y of g[b, c, i, x]
    weight[b, width + (i if i < y else i - 1), y, x]."""
    n, ch, h, w = (int(values[k]) for k in ("num", "chn", "height", "width"))
    ln = h + w - 1
    g = np.asarray(values["g"]).reshape(-1)[: n * ch * h * w].reshape(n, ch, h, w)
    wt = np.asarray(values["weight"]).reshape(-1)[: n * ln * h * w].reshape(n, ln, h, w)
    g, wt = g.astype(np.float32), wt.astype(np.float32)  # whole-number sums below 2^24: exact
    # the row pass, a matrix product per (b, y): [c, i] @ [i, x]
    acc = np.matmul(g.transpose(0, 2, 1, 3), wt[:, :w].transpose(0, 2, 1, 3))
    acc = acc.transpose(0, 2, 1, 3)
    # the column pass: wcol[b, i, y, x] = weight[b, w + j, y, x] with j = i below y and i - 1
    # above it (0 at i == y), then a matrix product per (b, x): [c, i] @ [i, y]
    i_, y_ = np.meshgrid(np.arange(h), np.arange(h), indexing="ij")
    j_ = np.where(i_ < y_, i_, i_ - 1).clip(0, max(h - 2, 0))
    wcol = wt[:, w + j_, y_, :] * (i_ != y_)[None, :, :, None]  # [b, i, y, x]
    acc += np.matmul(g.transpose(0, 3, 1, 2), wcol.transpose(0, 3, 1, 2)).transpose(0, 2, 3, 1)
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)
    flat[: acc.size] = (flat[: acc.size].astype(np.float64)
                        + acc.reshape(-1)).astype(out.dtype)
    return {"out": out}


def ganet_lga(values: Values) -> dict[str, np.ndarray]:
    """GANet's local guided aggregation: top[i] += the sum over d in -1..1, r and c in
    -radius..radius of bottom[neighbour (depth + d, row + r, col + c), or i itself where that
    lies outside] filters[b, (d + 1) wsize^2 + (r + radius) wsize + c + radius, row, col]."""
    n, h, w, ch, rad = (int(values[k]) for k in ("n", "height", "width", "channel", "radius"))
    ws = 2 * rad + 1
    nb = n // (ch * h * w)
    # float32 is exact here: whole-number terms and sums far inside 24 bits
    src = np.asarray(values["bottom_data"]).reshape(-1)[: n].reshape(nb, ch, h, w)
    src = src.astype(np.float32)
    filt = np.asarray(values["filters"]).reshape(-1)[: nb * 3 * ws * ws * h * w]
    filt = filt.reshape(nb, 3 * ws * ws, h, w).astype(np.float32)
    pad = np.pad(src, ((0, 0), (1, 1), (rad, rad), (rad, rad)))  # 0 outside
    acc = np.zeros((nb, ch, h, w), np.float32)
    tmp = np.empty_like(acc)
    for d in (-1, 0, 1):
        for r in range(-rad, rad + 1):
            for c in range(-rad, rad + 1):
                slot = (d + 1) * ws * ws + (r + rad) * ws + c + rad
                near = pad[:, 1 + d: 1 + d + ch, rad + r: rad + r + h, rad + c: rad + c + w]
                np.multiply(near, filt[:, slot][:, None], out=tmp)
                acc += tmp
                # outside the volume the source reads the value itself (the padding gave 0):
                # the planes past the depth, then the rows past the height in the others,
                # then the columns past the width in the rest
                md = (np.arange(ch) + d < 0) | (np.arange(ch) + d >= ch)
                mr = (np.arange(h) + r < 0) | (np.arange(h) + r >= h)
                mc = (np.arange(w) + c < 0) | (np.arange(w) + c >= w)
                fs = filt[:, slot][:, None]
                for dsel, rsel, csel in ((md, None, None), (~md, mr, None), (~md, ~mr, mc)):
                    di = np.nonzero(dsel)[0]
                    ri = np.arange(h) if rsel is None else np.nonzero(rsel)[0]
                    ci = np.arange(w) if csel is None else np.nonzero(csel)[0]
                    if di.size and ri.size and ci.size:
                        at = np.ix_(np.arange(nb), di, ri, ci)
                        acc[at] += src[at] * fs[np.ix_(np.arange(nb), [0], ri, ci)]
    out = np.array(values["top_data"], copy=True)
    flat = out.reshape(-1)
    flat[:n] = (flat[:n].astype(np.float64) + acc.reshape(-1)).astype(out.dtype)
    return {"top_data": out}


def gardenia_tc_count(values: Values) -> dict[str, np.ndarray]:
    """Gardenia's ordered_count: total += the number of (u, v, w) with v a neighbour of u and w
    a neighbour of v (each list entry counted, repeats included) where the merge cursor over
    u's list stops at w: for lists sorted by vertex id, w among u's neighbours. Unsorted lists
    (small inputs only) follow the source's loop."""
    m = int(values["m"])
    rp = np.asarray(values["row_offsets"]).reshape(-1)[: m + 1].astype(np.int64)
    col = np.asarray(values["column_indices"]).reshape(-1).astype(np.int64)
    out = np.array(values["total"], copy=True)
    deg = np.diff(rp)
    owner = np.repeat(np.arange(m), deg)
    edges = col[rp[0]: rp[m]]
    if edges.size and np.any((np.diff(edges) < 0) & (owner[1:] == owner[:-1])):
        count = 0
        for u in range(m):
            for off_u in range(rp[u], rp[u + 1]):
                v = col[off_u]
                it = rp[u]
                for off_v in range(rp[v], rp[v + 1]):
                    w = col[off_v]
                    while col[it] < w and it < rp[u + 1]:
                        it += 1
                    count += int(it != rp[u + 1] and col[it] == w)
    else:
        keys = owner * (m + 1) + edges  # sorted: rows in order, each sorted
        count = 0
        step = max(1, 1 << 22)
        for lo in range(0, edges.size, step):  # the (u, v) edges in slices
            u_, v_ = owner[lo: lo + step], edges[lo: lo + step]
            n_w = deg[v_]
            first = np.repeat(rp[v_] - np.cumsum(n_w) + n_w, n_w)  # each w's list offset
            w_ = col[first + np.arange(first.size)]
            q = np.repeat(u_, n_w) * (m + 1) + w_
            at = np.searchsorted(keys, q).clip(0, max(keys.size - 1, 0))
            count += int(np.count_nonzero(keys[at] == q)) if keys.size else 0
    flat = out.reshape(-1)
    flat[0] = (int(flat[0]) + count + 2**31) % 2**32 - 2**31  # int32 wrap, as atomicAdd
    return {"total": out}


def droid_corr_index(values: Values) -> dict[str, np.ndarray]:
    """DROID-SLAM's correlation lookup: for i, j below 2r + 2, x1 = floor(x0) - r + i and
    y1 = floor(y0) - r + j, where inside h2 x w2, s = volume[n, y, x, y1, x1] added to corr[n,
    i - 1, j - 1], [i - 1, j], [i, j - 1], [i, j] at (y, x) (where inside rd x rd) times dx dy,
    dx (1 - dy), (1 - dx) dy and (1 - dx)(1 - dy)."""
    h1, w1, h2, w2, r = (int(values[k]) for k in ("h1", "w1", "h2", "w2", "r"))
    rd = 2 * r + 1
    corr = np.array(values["corr"], copy=True)
    flat = corr.reshape(-1)
    nb = flat.size // (rd * rd * h1 * w1)
    vol = np.asarray(values["volume"]).reshape(-1)[: nb * h1 * w1 * h2 * w2]
    vol = vol.reshape(nb, h1, w1, h2 * w2).astype(np.float64)
    xy = np.asarray(values["coords"]).reshape(-1)[: nb * 2 * h1 * w1].reshape(nb, 2, h1, w1)
    x0, y0 = xy[:, 0].astype(np.float32), xy[:, 1].astype(np.float32)
    fx, fy = np.floor(x0), np.floor(y0)
    dx, dy = (x0 - fx).astype(np.float64), (y0 - fy).astype(np.float64)
    acc = flat[: nb * rd * rd * h1 * w1].reshape(nb, rd, rd, h1, w1).astype(np.float64)
    wts = {(1, 1): dx * dy, (1, 0): dx * (1 - dy), (0, 1): (1 - dx) * dy,
           (0, 0): (1 - dx) * (1 - dy)}
    for i in range(rd + 1):
        for j in range(rd + 1):
            x1 = fx.astype(np.int64) - r + i
            y1 = fy.astype(np.int64) - r + j
            ok = (y1 >= 0) & (y1 < h2) & (x1 >= 0) & (x1 < w2)
            at = (np.clip(y1, 0, h2 - 1) * w2 + np.clip(x1, 0, w2 - 1))[..., None]
            s = np.where(ok, np.take_along_axis(vol, at, axis=3)[..., 0], 0.0)
            for (di, dj), wt in wts.items():
                ii, jj = i - di, j - dj
                if 0 <= ii < rd and 0 <= jj < rd:
                    acc[:, ii, jj] += s * wt
    flat[: acc.size] = acc.reshape(-1).astype(corr.dtype)
    return {"corr": corr}


def bonsai_boundary_reduce(values: Values, threads: int = 256) -> dict[str, np.ndarray]:
    """Bonsai's boundaryReduction: block b of the g blocks folds the positions i whose
    i mod (2 T g) lies in [2 T b, 2 T (b + 1)) (T the block's threads) into the minimum and
    maximum of x, y and z (1e10 and -1e10 for a block with none) at output_min[b] and
    output_max[b]."""
    n = int(values["n_particles"])
    pos = np.asarray(values["positions"]).reshape(-1)[: 4 * n].reshape(n, 4)[:, :3]
    out_min = np.array(values["output_min"], copy=True)
    out_max = np.array(values["output_max"], copy=True)
    grid = out_min.reshape(-1).size // 3
    owner = np.arange(n) % (2 * threads * grid) // (2 * threads)
    lo = np.full((grid, 3), np.float32(1e10), np.float32)
    hi = np.full((grid, 3), np.float32(-1e10), np.float32)
    for axis in range(3):
        np.minimum.at(lo[:, axis], owner, pos[:, axis].astype(np.float32))
        np.maximum.at(hi[:, axis], owner, pos[:, axis].astype(np.float32))
    out_min.reshape(-1)[: 3 * grid] = lo.reshape(-1)
    out_max.reshape(-1)[: 3 * grid] = hi.reshape(-1)
    return {"output_min": out_min, "output_max": out_max}
def plm_vf_convolve_y(values: Values) -> dict[str, np.ndarray]:
    """Plastimatch's vf_convolve_y_kernel: out[z, y, x, d] = the sum over the rows r of the
    window y - half_width .. y + half_width clamped to the volume of ker[r - y + half_width]
    vf_in[z, r, x, d], taps in order (one shifted slice product a tap)."""
    nx, ny, nz, hw = (int(values[k]) for k in ("nx", "ny", "nz", "half_width"))
    vin = np.asarray(values["vf_in"], np.float32).reshape(-1)[: nz * ny * nx * 3]
    vin = vin.reshape(nz, ny, nx, 3)
    ker = np.asarray(values["ker"], np.float32).reshape(-1)
    acc = np.zeros((nz, ny, nx, 3), np.float32)
    for t in range(2 * hw + 1):
        off = t - hw  # the row r = y + off
        lo, hi = max(0, -off), min(ny, ny - off)
        if lo >= hi:
            continue
        acc[:, lo:hi] += ker[t] * vin[:, lo + off:hi + off]
    out = np.array(values["vf_out"], copy=True)
    out.reshape(-1)[: nz * ny * nx * 3] = acc.reshape(-1)
    return {"vf_out": out}


def pgroup_roipool_fp(values: Values) -> dict[str, np.ndarray]:
    """PointGroup's roipool forward: for each proposal p (points proposals_offset[p] up to
    proposals_offset[p + 1]) and channel c, the maximum of feats[i, c] over its points and
    the first point reaching it (-inf and -1 for an empty proposal)."""
    n, c = int(values["nProposal"]), int(values["C"])
    offsets = np.asarray(values["proposals_offset"]).reshape(-1)[: n + 1].astype(np.int64)
    feats = np.asarray(values["feats"], np.float32).reshape(-1)
    total = int(offsets[-1])
    feats = feats[: total * c].reshape(total, c)
    counts = offsets[1:] - offsets[:-1]
    maxima = np.full((n, c), -np.inf, np.float32)
    argmax = np.full((n, c), -1, np.int64)
    full = counts > 0
    if total:
        # maxima by segment, then the first point of each segment reaching its maximum
        maxima[full] = np.maximum.reduceat(feats, offsets[:-1][full], axis=0)
        seg = np.repeat(np.arange(n), counts)
        hit = feats == maxima[seg]
        idx = np.where(hit, np.arange(total)[:, None], np.iinfo(np.int64).max)
        argmax[full] = np.minimum.reduceat(idx, offsets[:-1][full], axis=0)
    out_f = np.array(values["output_feats"], copy=True)
    out_i = np.array(values["output_maxidx"], copy=True)
    out_f.reshape(-1)[: n * c] = maxima.reshape(-1)
    out_i.reshape(-1)[: n * c] = argmax.reshape(-1)
    return {"output_feats": out_f, "output_maxidx": out_i}


def mrs_nonzero_unravel(values: Values) -> dict[str, np.ndarray]:
    """mistral.rs's transform_indices: for each nonzero's flat index, from the last dimension
    to the first, coordinate i = index mod dims[i], then index //= dims[i] (the first
    coordinate also taken modulo its dimension)."""
    n, nd = int(values["num_nonzero"]), int(values["num_dims"])
    flat = np.asarray(values["temp_indices"]).reshape(-1)[:n].astype(np.int64)
    dims = np.asarray(values["dims"]).reshape(-1)[:nd].astype(np.int64)
    coords = np.empty((n, nd), np.int64)
    for i in range(nd - 1, -1, -1):
        coords[:, i] = flat % dims[i]
        flat = flat // dims[i]
    out = np.array(values["d_out"], copy=True)
    out.reshape(-1)[: n * nd] = coords.reshape(-1).astype(out.dtype)
    return {"d_out": out}


def theseus_tmat_vec(values: Values) -> dict[str, np.ndarray]:
    """Theseus's tmat_vec: retv[b, colInd[i]] += vec[b, row] Ms_val[b, i] for every nonzero i
    of every row (whole numbers: the atomic order does not matter)."""
    bs, m, n, nnz = (int(values[k]) for k in ("batchSize", "M_numRows", "M_numCols", "M_nnz"))
    ptr = np.asarray(values["M_rowPtr"]).reshape(-1)[: m + 1].astype(np.int64)
    cols = np.asarray(values["M_colInd"]).reshape(-1).astype(np.int64)
    vals = np.asarray(values["Ms_val"], np.float64).reshape(-1)[: bs * nnz].reshape(bs, nnz)
    vec = np.asarray(values["vec"], np.float64).reshape(-1)[: bs * m].reshape(bs, m)
    out = np.array(values["retv"], copy=True)
    view = out.reshape(-1)[: bs * n].reshape(bs, n)
    lo, hi = int(ptr[0]), int(ptr[-1])
    rows = np.repeat(np.arange(m), np.diff(ptr))
    for b in range(bs):
        np.add.at(view[b], cols[lo:hi], vec[b, rows] * vals[b, lo:hi])
    return {"retv": out}


def sam2_init_counting(values: Values) -> dict[str, np.ndarray]:
    """SAM 2's init_counting: count_init[y - 1] += 1 for every pixel whose label y > 0."""
    w, h = int(values["W"]), int(values["H"])
    labels = np.asarray(values["label"]).reshape(-1)[: h * w].astype(np.int64)
    out = np.array(values["count_init"], copy=True)
    flat = out.reshape(-1)
    fg = labels[labels > 0] - 1
    counts = np.bincount(fg, minlength=1)
    flat[: counts.size] += counts.astype(flat.dtype)
    return {"count_init": out}


def semseg_psamask_distribute(values: Values) -> dict[str, np.ndarray]:
    """semseg's psamask distribute: for each position (n, h, w) and each (hidx, widx) of its
    mask window inside the image, buffer[n, h W + w, (hidx + h - half_H) W + (widx + w -
    half_W)] = mask[n, hidx mask_W + widx, h, w] (one slice copy a window offset)."""
    nt = int(values["nthreads"])
    fh, fw = int(values["feature_H_"]), int(values["feature_W_"])
    mh, mw = int(values["mask_H_"]), int(values["mask_W_"])
    hh, hw_ = int(values["half_mask_H_"]), int(values["half_mask_W_"])
    n = nt // (fh * fw)
    hw = fh * fw
    mask = np.asarray(values["mask_data"], np.float32).reshape(-1)[: n * mh * mw * hw]
    mask = mask.reshape(n, mh, mw, fh, fw)
    out = np.array(values["buffer_data"], copy=True)
    buf = out.reshape(-1)[: n * hw * hw].reshape(n, fh, fw, fh, fw)
    hs, ws = np.arange(fh), np.arange(fw)
    for hidx in range(mh):
        th = hidx + hs - hh  # the target row of each source row h
        okh = (th >= 0) & (th < fh)
        for widx in range(mw):
            tw = widx + ws - hw_
            okw = (tw >= 0) & (tw < fw)
            h_sel, w_sel = hs[okh], ws[okw]
            if h_sel.size == 0 or w_sel.size == 0:
                continue
            hh_, ww_ = np.meshgrid(h_sel, w_sel, indexing="ij")
            buf[:, hh_, ww_, th[hh_], tw[ww_]] = mask[:, hidx, widx][:, hh_, ww_]
    return {"buffer_data": out}


def bevdepth_voxel_pool(values: Values) -> dict[str, np.ndarray]:
    """BEVDepth's voxel_pooling_inference_forward_kernel: for every frustum sample (b, cam, d,
    h, w) whose voxel (x, y, z) lies in the grid, out[b][y][x][:] += depth[sample]
    context[b][cam][:][h][w] (whole numbers: exact in any order)."""
    nb, ncam = int(values["batch_size"]), int(values["num_cams"])
    nd, nh, nw = int(values["num_depth"]), int(values["num_height"]), int(values["num_width"])
    nc = int(values["num_channels"])
    nvx, nvy, nvz = (int(values[k]) for k in ("num_voxel_x", "num_voxel_y", "num_voxel_z"))
    total, plane = nb * ncam * nd * nh * nw, nh * nw
    geom = np.asarray(values["geom_xyz"]).reshape(-1)[: 3 * total].reshape(total, 3)
    depth = np.asarray(values["depth_features"], np.float64).reshape(-1)[:total]
    ctx = np.asarray(values["context_features"], np.float64).reshape(-1)[
        : nb * ncam * nc * plane].reshape(nb * ncam, nc, plane)
    gx, gy, gz = geom[:, 0], geom[:, 1], geom[:, 2]
    ok = (gx >= 0) & (gx < nvx) & (gy >= 0) & (gy < nvy) & (gz >= 0) & (gz < nvz)
    samples = np.nonzero(ok)[0]
    view = samples // (nd * plane)  # b * ncam + cam
    cell = gy[samples].astype(np.int64) * nvx + gx[samples]
    pix = samples % plane
    acc = np.zeros((nb, nvy * nvx, nc))
    for v in range(nb * ncam):
        pick = view == v
        weights = np.bincount(cell[pick] * plane + pix[pick], weights=depth[samples[pick]],
                              minlength=nvy * nvx * plane).reshape(nvy * nvx, plane)
        acc[v // ncam] += weights @ ctx[v].T
    out = np.array(values["output_features"], copy=True)
    flat = out.reshape(-1)[: nb * nvy * nvx * nc]
    flat += acc.reshape(-1).astype(out.dtype)
    return {"output_features": out}


def gslicr_suppress_label(values: Values) -> dict[str, np.ndarray]:
    """gSLICr's supress_local_lable: a pixel two or more pixels inside the border takes the
    last label (in row-major window order) of its 5 x 5 window that differs from its own where
    16 or more of the 25 differ; every other pixel keeps its label."""
    w, h = int(values["img_w"]), int(values["img_h"])
    lab = np.asarray(values["in_idx_img"]).reshape(-1)[: w * h].reshape(h, w)
    res = lab.copy()
    if w >= 5 and h >= 5:
        own = lab[2:h - 2, 2:w - 2]
        count = np.zeros(own.shape, np.int64)
        other = np.full(own.shape, -1, lab.dtype)
        for j in range(-2, 3):
            for i in range(-2, 3):
                near = lab[2 + j: h - 2 + j, 2 + i: w - 2 + i]
                differs = near != own
                other[differs] = near[differs]
                count += differs
        res[2:h - 2, 2:w - 2] = np.where(count >= 16, other, own)
    out = np.array(values["out_idx_img"], copy=True)
    out.reshape(-1)[: w * h] = res.reshape(-1)
    return {"out_idx_img": out}


def jdftx_matrix_sub_get(values: Values) -> dict[str, np.ndarray]:
    """JDFTx's matrixSubGet: out[iDelta j + i] = in[nr (j jStep + jStart) + i iStep + iStart]
    for the iDelta x jDelta sub-matrix (complex values as pairs of float64 words)."""
    nr = int(values["nr"])
    i0, di, ni = int(values["iStart"]), int(values["iStep"]), int(values["iDelta"])
    j0, dj, nj = int(values["jStart"]), int(values["jStep"]), int(values["jDelta"])
    src = np.asarray(values["in_words"]).reshape(-1, 2)
    out = np.array(values["out_words"], copy=True)
    words = out.reshape(-1, 2)
    rows = np.arange(ni) * di + i0
    cols = np.arange(nj) * dj + j0
    words[: ni * nj] = src[(cols[:, None] * nr + rows[None, :]).reshape(-1)]
    return {"out_words": out}


def fcos_irnn_forward(values: Values) -> dict[str, np.ndarray]:
    """FCOS's IRNNForward: the four ReLU recurrences o = relu(o w[c] + b[c] + x) of an NCHW
    map, left (from the last column down to w), right (from column 0 up to w), up (from the
    last row down to h) and down (from row 0 up to h), each started at relu(x) at its edge."""
    c, h, w = int(values["channels"]), int(values["height"]), int(values["width"])
    n = int(values["n"])
    x = np.asarray(values["input_feature"], np.float64).reshape(-1)[:n].reshape(-1, c, h, w)
    outs = {}
    for name, axis, backward in (("left", 3, True), ("right", 3, False), ("up", 2, True),
                                 ("down", 2, False)):
        wt = np.asarray(values[f"weight_{name}"], np.float64).reshape(-1)[:c]
        bs = np.asarray(values[f"bias_{name}"], np.float64).reshape(-1)[:c]
        wt, bs = wt.reshape(1, c, 1), bs.reshape(1, c, 1)
        seq = np.moveaxis(x, axis, 0)  # the swept axis first: [L, B, C, other]
        res = np.empty_like(seq)
        order = range(seq.shape[0] - 1, -1, -1) if backward else range(seq.shape[0])
        prev = None
        for k in order:
            prev = np.maximum(seq[k], 0) if prev is None else np.maximum(
                prev * wt + bs + seq[k], 0)
            res[k] = prev
        out = np.array(values[f"output_{name}"], copy=True)
        out.reshape(-1)[:n] = np.moveaxis(res, 0, axis).reshape(-1).astype(out.dtype)
        outs[f"output_{name}"] = out
    return outs


def eddl_da_scale(values: Values) -> dict[str, np.ndarray]:
    """EDDL's scale (mode 2, nearest): B[b][c][i][j] = A[b][c][Ai][Aj] with Ai = ((i + oi)
    irows) / new_shape[0], Aj = ((j + oj) icols) / new_shape[1] (C divisions, truncating toward
    zero) and (oi, oj) = (new_shape - (orows, ocols)) / 2 truncated, the constant where (Ai, Aj)
    falls outside the input; nothing written in any other mode."""
    nb, nd = int(values["batch"]), int(values["depth"])
    ir, ic, orr, oc = (int(values[k]) for k in ("irows", "icols", "orows", "ocols"))
    ns = [int(v) for v in np.asarray(values["new_shape"]).reshape(-1)[:2]]
    out = np.array(values["B"], copy=True)
    if int(values["mode"]) != 2:
        return {"B": out}

    def tdiv(num: np.ndarray, den: int) -> np.ndarray:  # C's division (den > 0)
        return np.sign(num) * (np.abs(num) // den)

    oi, oj = int((ns[0] - orr) / 2.0), int((ns[1] - oc) / 2.0)
    ai = tdiv((np.arange(orr, dtype=np.int64) + oi) * ir, ns[0])
    aj = tdiv((np.arange(oc, dtype=np.int64) + oj) * ic, ns[1])
    ok = ((ai >= 0) & (ai < ir))[:, None] & ((aj >= 0) & (aj < ic))[None, :]
    src = np.asarray(values["A"]).reshape(-1)[: nb * nd * ir * ic].reshape(nb, nd, ir, ic)
    picked = src[:, :, np.clip(ai, 0, ir - 1)[:, None], np.clip(aj, 0, ic - 1)[None, :]]
    res = np.where(ok[None, None], picked, out.dtype.type(values["constant"]))
    out.reshape(-1)[: nb * nd * orr * oc] = res.reshape(-1)
    return {"B": out}


def cucim_pba_flood_up(values: Values) -> dict[str, np.ndarray]:
    """cuCIM's kernelFloodUp: in each band of bandSize rows, each column swept from the band's
    last row up to its first, a running short2 pixel (from (MARKER, MARKER), MARKER -32768)
    replaced by the pixel read where that one's row distance |y - row| is smaller, and stored
    at the row (pixels as 32-bit words: x the low half, y the high half)."""
    s, band, bands = int(values["size"]), int(values["bandSize"]), int(values["bands"])
    rows = band * bands
    words = np.asarray(values["input_words"]).reshape(-1)[: rows * s].astype(np.int32)
    words = words.reshape(bands, band, s)
    ys = (words >> 16).astype(np.int64)  # the high half, sign-extended
    res = np.empty_like(words)
    marker = np.int32(np.uint32(0x80008000).view(np.int32))
    cur = np.full((bands, s), marker, np.int32)
    cur_y = np.full((bands, s), -32768, np.int64)
    first = np.arange(bands, dtype=np.int64)[:, None] * band
    for k in range(band - 1, -1, -1):
        row = first + k
        take = np.abs(ys[:, k] - row) < np.abs(cur_y - row)
        cur = np.where(take, words[:, k], cur)
        cur_y = np.where(take, ys[:, k], cur_y)
        res[:, k] = cur
    out = np.array(values["output_words"], copy=True)
    out.reshape(-1)[: rows * s] = res.reshape(-1)
    return {"output_words": out}


def bm3d_get_block(values: Values) -> dict[str, np.ndarray]:
    """BM3D-GPU's get_block: block (bx, by) of the batch gathers the k x k patch at
    start + (bx, by) p (a patch one step past stacks_dim, within p - 1, pulled back onto the
    last row or column, one further skipped) into layer 0 of stack by gx + bx, and for i below
    the group's count the patch displaced by its i-th ushort offset (x the low signed byte, y the
    high one) into layer i + 1, bytes converted to float; everything else left as it was."""
    sx, sy = int(values["start_x"]), int(values["start_y"])
    pitch, k, nm, p = int(values["pitch"]), int(values["k"]), int(values["N"]), int(values["p"])
    sdx, sdy = int(values["stacks_dim_x"]), int(values["stacks_dim_y"])
    num = np.asarray(values["g_num_patches_in_stack"]).astype(np.int64)
    gy, gx = num.shape if num.ndim == 2 else (1, num.size)
    num = num.reshape(-1)[: gx * gy]
    groups = gx * gy
    image = np.asarray(values["image_words"]).reshape(-1).view(np.uint8)
    z = np.asarray(values["stacks_words"]).reshape(-1).view(np.uint16)[: groups * nm]
    off_x = (z & 0xFF).astype(np.uint8).view(np.int8).astype(np.int64).reshape(groups, nm)
    off_y = (z >> 8).astype(np.uint8).view(np.int8).astype(np.int64).reshape(groups, nm)

    def place(first: int, dim: int) -> np.ndarray:
        at = first + np.arange(dim, dtype=np.int64) * p
        return at

    ox = np.repeat(place(sx, gx)[None, :], gy, axis=0).reshape(-1)
    oy = np.repeat(place(sy, gy)[:, None], gx, axis=1).reshape(-1)
    oy = np.where((oy >= sdy) & (oy < sdy + p - 1), sdy - 1, oy)
    ox = np.where((ox >= sdx) & (ox < sdx + p - 1), sdx - 1, ox)
    live = (ox < sdx) & (oy < sdy)
    out = np.array(values["patch_stack"], copy=True)
    stack = out.reshape(-1)[: groups * (nm + 1) * k * k].reshape(groups, nm + 1, k * k)
    ty, tx = np.divmod(np.arange(k * k, dtype=np.int64), k)
    for layer in range(nm + 1):
        if layer == 0:
            pick = live
            dx = dy = np.zeros(groups, np.int64)
        else:
            pick = live & (num >= layer)
            dx, dy = off_x[:, layer - 1], off_y[:, layer - 1]
        g = np.nonzero(pick)[0]
        addr = ((oy[g] + dy[g])[:, None] + ty[None, :]) * pitch + (ox[g] + dx[g])[:, None] + tx
        stack[g, layer] = image[addr].astype(out.dtype)
    return {"patch_stack": out}


def dpvo_corr_forward(values: Values) -> dict[str, np.ndarray]:
    """DPVO's corr_forward_kernel: corr[b][m][ii][jj][i0][j0] = sum over c of
    fmap1[b][us[m]][c][i0][j0] fmap2[b][vs[m]][c][i1][j1] with i1 = floor(y) + ii - R,
    j1 = floor(x) + jj - R from coords[b][m][:][i0][j0], 0 where (i1, j1) is off the map."""
    r = int(values["R"])
    d = 2 * r + 2
    nb, nm, h, w, c = (int(values[k]) for k in ("B", "M", "H", "W", "C"))
    npch, nf, h2, w2 = (int(values[k]) for k in ("NP", "NF", "H2", "W2"))
    f1 = np.asarray(values["fmap1"], np.float64).reshape(-1)[: nb * npch * c * h * w]
    f1 = f1.reshape(nb, npch, c, h * w)
    f2 = np.asarray(values["fmap2"], np.float64).reshape(-1)[: nb * nf * c * h2 * w2]
    f2 = f2.reshape(nb, nf, c, h2 * w2)
    xy = np.asarray(values["coords"]).reshape(-1)[: nb * nm * 2 * h * w].reshape(nb, nm, 2, h * w)
    us = np.asarray(values["us"]).reshape(-1)[:nm].astype(np.int64)
    vs = np.asarray(values["vs"]).reshape(-1)[:nm].astype(np.int64)
    fy = np.floor(xy[:, :, 1]).astype(np.int64)  # [B, M, HW]
    fx = np.floor(xy[:, :, 0]).astype(np.int64)
    bi = np.arange(nb)[:, None, None]
    a = f1[bi, us[None, :, None], :, np.arange(h * w)[None, None, :]]  # [B, M, HW, C]
    res = np.zeros((nb, nm, d, d, h * w))
    for ii in range(d):
        i1 = fy + ii - r
        for jj in range(d):
            j1 = fx + jj - r
            ok = (i1 >= 0) & (i1 < h2) & (j1 >= 0) & (j1 < w2)
            at = np.where(ok, i1 * w2 + j1, 0)
            g = f2[bi, vs[None, :, None], :, at]  # [B, M, HW, C]
            res[:, :, ii, jj] = np.where(ok, np.einsum("bmpc,bmpc->bmp", a, g), 0.0)
    out = np.array(values["corr"], copy=True)
    out.reshape(-1)[: res.size] = res.reshape(-1).astype(out.dtype)
    return {"corr": out}


def flashinfer_pack_bits(values: Values) -> dict[str, np.ndarray]:
    """FlashInfer's PackBitsKernel: byte t of the output packs flags 8t .. 8t + 7 (each the low
    bit of its input byte; flags past num_elements 0), the first in the most significant bit
    (bitorder 0, big) or in the least (1, little); bytes past ceil(num_elements / 8) left."""
    n = int(values["num_elements"])
    flags = np.asarray(values["input_words"]).reshape(-1).view(np.uint8)[:n] & 1
    nbytes = -(-n // 8)
    padded = np.zeros(nbytes * 8, np.uint8)
    padded[:n] = flags
    bitorder = "big" if int(values["bitorder"]) == 0 else "little"
    packed = np.packbits(padded, bitorder=bitorder)
    out = np.array(values["output_words"], copy=True)
    out.reshape(-1).view(np.uint8)[:nbytes] = packed
    return {"output_words": out}


def internimage_dcnv3_im2col(values: Values) -> dict[str, np.ndarray]:
    """InternImage's dcnv3_im2col_gpu_kernel: out[b][ho][wo][g Gc + c] = the sum over the kernel
    points (i over the kernel's columns outer, j over its rows inner, the centre skipped with
    remove_center) of the mask times the bilinear sample (corners outside the map read as 0) of
    the NHWC input at loc = p0 - ((dil (K - 1)) >> 1) scale + (i dil + offset) scale, where
    -1 < loc < size on both axes (everything here a multiple of 1/4: exact)."""
    kh, kw = int(values["kernel_h"]), int(values["kernel_w"])
    sh, sw = int(values["stride_h"]), int(values["stride_w"])
    ph, pw = int(values["pad_h"]), int(values["pad_w"])
    dh, dw = int(values["dilation_h"]), int(values["dilation_w"])
    ng, gc = int(values["group"]), int(values["group_channels"])
    hi, wi = int(values["height_in"]), int(values["width_in"])
    ho, wo = int(values["height_out"]), int(values["width_out"])
    scale = float(np.float32(values["offset_scale"]))
    rc = int(values["remove_center"])
    nk = int(values["num_kernels"])
    nb = nk // (ho * wo * ng * gc)
    ks = kh * kw - rc
    im = np.asarray(values["data_im"], np.float64).reshape(-1)[: nb * hi * wi * ng * gc]
    im = im.reshape(nb, hi, wi, ng, gc)
    off = np.asarray(values["data_offset"], np.float64).reshape(-1)[: nb * ho * wo * ng * ks * 2]
    off = off.reshape(nb, ho, wo, ng, ks, 2)
    mask = np.asarray(values["data_mask"], np.float64).reshape(-1)[: nb * ho * wo * ng * ks]
    mask = mask.reshape(nb, ho, wo, ng, ks)
    cw, ch = (dw * (kw - 1)) >> 1, (dh * (kh - 1)) >> 1
    p0w = (cw - pw + np.arange(wo) * sw) - cw * scale  # [WO]
    p0h = (ch - ph + np.arange(ho) * sh) - ch * scale  # [HO]
    bi = np.arange(nb)[:, None, None, None]
    gi = np.arange(ng)[None, None, None, :]
    col = np.zeros((nb, ho, wo, ng, gc))
    p = 0
    for i in range(kw):
        for j in range(kh):
            if i == kw // 2 and j == kh // 2 and rc:
                continue
            loc_w = p0w[None, None, :, None] + (i * dw + off[..., p, 0]) * scale
            loc_h = p0h[None, :, None, None] + (j * dh + off[..., p, 1]) * scale
            ok = (loc_h > -1) & (loc_w > -1) & (loc_h < hi) & (loc_w < wi)
            hl, wl = np.floor(loc_h).astype(np.int64), np.floor(loc_w).astype(np.int64)
            lh, lw = loc_h - hl, loc_w - wl
            val = np.zeros(col.shape)
            for dy, dx, wt in ((0, 0, (1 - lh) * (1 - lw)), (0, 1, (1 - lh) * lw),
                               (1, 0, lh * (1 - lw)), (1, 1, lh * lw)):
                yy, xx = hl + dy, wl + dx
                inside = (yy >= 0) & (yy < hi) & (xx >= 0) & (xx < wi)
                got = im[bi, np.clip(yy, 0, hi - 1), np.clip(xx, 0, wi - 1), gi]
                val += np.where(inside, wt, 0.0)[..., None] * got
            col += np.where(ok, mask[..., p], 0.0)[..., None] * val
            p += 1
    out = np.array(values["data_col"], copy=True)
    out.reshape(-1)[:nk] = col.reshape(-1).astype(out.dtype)
    return {"data_col": out}


def chainer_max_pool_bwd(values: Values) -> dict[str, np.ndarray]:
    """Chainer's max_pool_bwd: every window (out_y, out_x) of every plane sends gy to the input
    pixel its argmax index names, (out_y sy - ph + k // kw, out_x sx - pw + k % kw), where that
    pixel is inside the input (padding and cover_all's extra rows drop it); gx the sums."""
    nc, h, w = int(values["n"]), int(values["h"]), int(values["w"])
    oh, ow = int(values["out_h"]), int(values["out_w"])
    kh, kw = int(values["kh"]), int(values["kw"])
    sy, sx, ph, pw = (int(values[k]) for k in ("sy", "sx", "ph", "pw"))
    gy = np.asarray(values["gy"], np.float64).reshape(-1)[: nc * oh * ow].reshape(nc, oh, ow)
    idx = np.asarray(values["indexes"]).reshape(-1)[: nc * oh * ow].reshape(nc, oh, ow)
    idx = idx.astype(np.int64)
    ky, kx = idx // kw, idx % kw
    yy = np.arange(oh)[None, :, None] * sy - ph + ky
    xx = np.arange(ow)[None, None, :] * sx - pw + kx
    ok = (idx >= 0) & (idx < kh * kw) & (yy >= 0) & (yy < h) & (xx >= 0) & (xx < w)
    plane = np.broadcast_to(np.arange(nc)[:, None, None], idx.shape)
    at = (plane[ok] * h + yy[ok]) * w + xx[ok]
    acc = np.bincount(at, weights=gy[ok], minlength=nc * h * w)
    out = np.array(values["gx"], copy=True)
    out.reshape(-1)[: nc * h * w] = acc.astype(out.dtype)
    return {"gx": out}


def sgm_csct_census(values: Values) -> dict[str, np.ndarray]:
    """sgm's centre-symmetric 9 x 7 census of two 8-bit images (the bytes of the words, zero
    outside the image): for each pixel (y, x), bit 9 k + m set when I(y - 3 + k, x - 4 + m) >=
    I(y + 3 - k, x + 4 - m), for k = 0..2 and m = 0..8, then k = 3 and m = 0..3."""
    rows, cols = int(values["rows"]), int(values["cols"])
    out = {}
    for src, dst in (("im_words", "transform"), ("im2_words", "transform2")):
        img = np.asarray(values[src]).reshape(-1).astype("<u4").view(np.uint8)
        img = img[: rows * cols].reshape(rows, cols).astype(np.int32)
        pad = np.zeros((rows + 6, cols + 8), np.int32)
        pad[3: 3 + rows, 4: 4 + cols] = img
        code = np.zeros((rows, cols), np.uint32)
        pairs = [(k, m) for k in range(3) for m in range(9)] + [(3, m) for m in range(4)]
        for k, m in pairs:
            a = pad[k: k + rows, m: m + cols]
            b = pad[6 - k: 6 - k + rows, 8 - m: 8 - m + cols]
            code |= (a >= b).astype(np.uint32) << np.uint32(9 * k + m)
        res = np.array(values[dst], copy=True)
        res.reshape(-1)[: rows * cols] = code.reshape(-1).astype(res.dtype)
        out[dst] = res
    return out


def ocnn_octree2col(values: Values) -> dict[str, np.ndarray]:
    """O-CNN's octree2col: column entry (c, k, h) of chunk n is data_octree[c, p] for p =
    neigh[slot] (0 for p = -1, and for h + n height_col past the level's height), slot
    (h1 << 6) + ni[k] at stride 2, else (h1 >> 3 << 6) + ni[(h1 mod 8) kernel_dim + k]."""
    height, kdim, stride = (int(values[k]) for k in ("height", "kernel_dim", "stride"))
    hcol, n, total = int(values["height_col"]), int(values["n"]), int(values["thread_num"])
    chans = total // (kdim * hcol)
    octree_h = height << 3 * (stride - 1)
    neigh = np.asarray(values["neigh"]).reshape(-1).astype(np.int64)
    ni = np.asarray(values["ni"]).reshape(-1).astype(np.int64)
    feats = np.asarray(values["data_octree"], np.float32).reshape(-1)
    h1 = np.arange(hcol, dtype=np.int64) + n * hcol
    live = h1 < height
    hl = h1[live]
    ks = np.arange(kdim, dtype=np.int64)[:, None]
    if stride == 2:
        slot = (hl << 6)[None, :] + ni[ks]
    else:
        slot = ((hl >> 3) << 6)[None, :] + ni[(hl % 8)[None, :] * kdim + ks]
    p = neigh[slot]  # [kdim, live nodes]
    col = np.zeros((chans, kdim, hcol), np.float32)
    cs = np.arange(chans, dtype=np.int64)[:, None, None]
    got = feats[cs * octree_h + np.maximum(p, 0)[None]]
    col[:, :, live] = np.where(p[None] == -1, np.float32(0), got)
    out = np.array(values["data_col"], copy=True)
    out.reshape(-1)[:total] = col.reshape(-1)
    return {"data_col": out}


def smesh_erode_depth(values: Values) -> dict[str, np.ndarray]:
    """SurfelMeshing's depth erosion with radius 2 on 16-bit depths (two a word, rows pitch
    apart): pixels within 2 of the border set to 0, the others kept if no depth of their 5 x 5
    window is 0, else 0; the padding columns left as they were."""
    w, h, pitch = (int(values[k]) for k in ("width", "height", "pitch"))
    r = 2
    src = np.asarray(values["input_words"]).reshape(-1).astype("<u4").view("<u2")
    src = src[: h * pitch].reshape(h, pitch)[:, :w]
    out = np.array(values["output_words"], copy=True)
    dst = out.reshape(-1).view("<u2")[: h * pitch].reshape(h, pitch)
    res = np.zeros((h, w), np.uint16)
    if w > 2 * r and h > 2 * r:
        bad = (src == 0).astype(np.int32)
        box = np.zeros((h - 2 * r, w - 2 * r), np.int32)
        for dy in range(2 * r + 1):
            for dx in range(2 * r + 1):
                box += bad[dy: dy + h - 2 * r, dx: dx + w - 2 * r]
        inner = src[r: h - r, r: w - r]
        res[r: h - r, r: w - r] = np.where(box == 0, inner, 0)
    dst[:, :w] = res
    return {"output_words": out}


def qta_score_data(values: Values) -> dict[str, np.ndarray]:
    """QuadTree Attention's ScoreData: output[b, n1, f, k, h] = the sum over d of query[b,
    n1, f, h, d] key[b, index[b, n1, k, h], h, d] (whole numbers far below 2^24: exact in
    float32 whatever the order; one gather and product a candidate k)."""
    n1, n2, heads, dim, kk = (int(values[k]) for k in ("N1", "N2", "H", "D", "K"))
    q = np.asarray(values["query"], np.float32).reshape(-1)
    b = q.size // (n1 * 4 * heads * dim)
    q = q[: b * n1 * 4 * heads * dim].reshape(b, n1, 4, heads, dim)
    key = np.asarray(values["key"], np.float32).reshape(-1)[: b * n2 * heads * dim]
    key = key.reshape(b, n2, heads, dim)
    idx = np.asarray(values["index"]).reshape(-1)[: b * n1 * kk * heads].astype(np.int64)
    idx = idx.reshape(b, n1, kk, heads)
    bs = np.arange(b)[:, None, None]
    hs = np.arange(heads)[None, None, :]
    logits = np.empty((b, n1, 4, kk, heads), np.float32)
    for k in range(kk):
        g = key[bs, idx[:, :, k, :], hs]  # [b, n1, h, d]
        logits[:, :, :, k, :] = (q * g[:, :, None]).sum(axis=-1)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: logits.size] = logits.reshape(-1).astype(out.dtype)
    return {"output": out}


def stixels_join_columns(values: Values) -> dict[str, np.ndarray]:
    """Stixels' JoinColumns (mean path): d_out[col, rows - 1 - row] = (the sum over i <
    step_size of d_disparity[row, col step_size + i + width_margin]) / step_size in float32
    (an exact whole-number sum, then one correctly rounded division)."""
    step, margin = int(values["step_size"]), int(values["width_margin"])
    rows, cols, rc = int(values["rows"]), int(values["cols"]), int(values["real_cols"])
    disp = np.asarray(values["d_disparity"], np.float32).reshape(-1)[: rows * cols]
    disp = disp.reshape(rows, cols)[:, margin: margin + rc * step].reshape(rows, rc, step)
    sums = disp.astype(np.float64).sum(axis=2).astype(np.float32)
    means = sums / np.float32(step)
    out = np.array(values["d_out"], copy=True)
    out.reshape(-1)[: rc * rows] = means[::-1].T.reshape(-1).astype(out.dtype)
    return {"d_out": out}


def xfm_sparse_mask_matmul(values: Values) -> dict[str, np.ndarray]:
    """xFormers' matmul_with_sparse_mask: output[i] = the sum over k of a[idx0[i], idx1[i], k]
    b[idx0[i], k, idx2[i]] (whole numbers far below 2^24: exact in float32 in any order; the
    rows of a and of b transposed gathered a chunk of nonzeros at a time)."""
    nnz, m, n, kk = (int(values[k]) for k in ("nnz", "M", "N", "K"))
    a = np.asarray(values["a"], np.float32).reshape(-1)
    bsz = a.size // (m * kk)
    a_rows = a[: bsz * m * kk].reshape(bsz * m, kk)
    b = np.asarray(values["b"], np.float32).reshape(-1)[: bsz * kk * n].reshape(bsz, kk, n)
    b_rows = np.ascontiguousarray(b.transpose(0, 2, 1)).reshape(bsz * n, kk)
    i1, i2, i3 = (np.asarray(values[k]).reshape(-1)[:nnz].astype(np.int64)
                  for k in ("idx0", "idx1", "idx2"))
    res = np.empty(nnz, np.float32)
    chunk = 1 << 16
    for lo in range(0, nnz, chunk):
        hi = min(nnz, lo + chunk)
        rows = a_rows[i1[lo:hi] * m + i2[lo:hi]]
        cols = b_rows[i1[lo:hi] * n + i3[lo:hi]]
        res[lo:hi] = np.einsum("ik,ik->i", rows, cols)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[:nnz] = res.astype(out.dtype)
    return {"output": out}


def taco2_parse_decoder(values: Values) -> dict[str, np.ndarray]:
    """Tacotron2's parseDecoderOutput: for the chunkSize x batchSize (numChannels + 1) input,
    column x = b (numChannels + 1) + c of frame y goes to matOut[(b numChannels + c) chunkSize
    + y] for c < numChannels and to gateOut[b chunkSize + y] for c = numChannels."""
    nb, n, ch = (int(values[k]) for k in ("batchSize", "chunkSize", "numChannels"))
    src = np.asarray(values["matIn"]).reshape(-1)[: n * nb * (ch + 1)].reshape(n, nb, ch + 1)
    mel = np.array(values["matOut"], copy=True)
    gate = np.array(values["gateOut"], copy=True)
    mel.reshape(-1)[: nb * ch * n] = np.transpose(src[:, :, :ch], (1, 2, 0)).reshape(-1)
    gate.reshape(-1)[: nb * n] = src[:, :, ch].T.reshape(-1)
    return {"matOut": mel, "gateOut": gate}


def cudamat_select_rows(values: Values) -> dict[str, np.ndarray]:
    """cudamat's kSelectRows: target row r = source row s with s = int(indices[r]) (truncated),
    plus nSourceRows when negative; NaN across the row where s is still outside the source."""
    nr, nc, ns = (int(values[k]) for k in ("nRowIs", "nCols", "nSourceRows"))
    out = np.array(values["target"], copy=True)
    idx = np.trunc(np.asarray(values["indices"], np.float64).reshape(-1)[:nr]).astype(np.int64)
    idx = np.where(idx < 0, idx + ns, idx)
    ok = (idx >= 0) & (idx < ns)
    src = np.asarray(values["source"]).reshape(-1)[: ns * nc].reshape(ns, nc)
    rows = np.where(ok[:, None], src[np.where(ok, idx, 0)], np.nan)
    out.reshape(-1)[: nr * nc] = rows.reshape(-1).astype(out.dtype)
    return {"target": out}


def pytsparse_padded_scatter(values: Values) -> dict[str, np.ndarray]:
    """PyTorch Sparse's padded_index_scatter: out[index[e], f] += src[e, f] for every slot e
    whose index is not -1 (sums of whole numbers: exact whatever the order)."""
    ne, nf = int(values["E"]), int(values["F"])
    out = np.array(values["out"], copy=True)
    idx = np.asarray(values["index"]).reshape(-1)[:ne].astype(np.int64)
    src = np.asarray(values["src"]).reshape(-1)[: ne * nf].reshape(ne, nf).astype(np.float64)
    keep = idx != -1
    nn = out.reshape(-1).size // nf
    acc = out.reshape(-1)[: nn * nf].reshape(nn, nf).astype(np.float64)
    np.add.at(acc, idx[keep], src[keep])
    out.reshape(-1)[: nn * nf] = acc.reshape(-1).astype(out.dtype)
    return {"out": out}


def nvcomp_delta(values: Values) -> dict[str, np.ndarray]:
    """nvCOMP's delta stage: output[i] = input[i] - input[i - 1] (input[-1] taken as 0) for i
    below *numDevice; the rest of output untouched."""
    num = int(np.asarray(values["numDevice"]).reshape(-1)[0])
    out = np.array(values["output"], copy=True)
    src = np.asarray(values["input"]).reshape(-1)[:num].astype(np.int64)
    prev = np.concatenate(([0], src[:-1])) if num else src
    out.reshape(-1)[:num] = (src - prev).astype(out.dtype)
    return {"output": out}


def chai_cedd_gaussian(values: Values) -> dict[str, np.ndarray]:
    """Chai's CEDD Gaussian: for each pixel inside the frame's one-pixel ring, sum = 0 then,
    over the 3 x 3 window (rows outer), sum = trunc(sum + w[i][j] pixel) with the weights
    (1, 2, 1 | 2, 4, 2 | 1, 2, 1) / 16; the byte min(255, max(0, sum)); the ring untouched."""
    nr, nc = int(values["rows"]), int(values["cols"])
    src = np.asarray(values["data_words"]).reshape(-1).view(np.uint8)[: nr * nc]
    img = src.reshape(nr, nc)
    out = np.array(values["out_words"], copy=True)
    dst = out.reshape(-1).view(np.uint8)[: nr * nc].reshape(nr, nc)
    if nr < 3 or nc < 3:
        return {"out_words": out}
    weights = ((0.0625, 0.125, 0.0625), (0.125, 0.25, 0.125), (0.0625, 0.125, 0.0625))
    acc = np.zeros((nr - 2, nc - 2), np.float32)  # exact: at most 255 and four fraction bits
    tap = np.empty_like(acc)
    for i in range(3):
        for j in range(3):
            np.multiply(img[i: i + nr - 2, j: j + nc - 2], np.float32(weights[i][j]), out=tap)
            acc += tap
            np.trunc(acc, out=acc)
    dst[1: nr - 1, 1: nc - 1] = np.clip(acc, 0, 255).astype(np.uint8)
    return {"out_words": out}


def nnue_ft_forward(values: Values) -> dict[str, np.ndarray]:
    """nnue-pytorch's feature transformer: output[b] = bias + the sum over the slots k before
    the first -1 index of weight[index[b, k]] value[b, k] (whole numbers: exact)."""
    nk, no = int(values["max_active_features"]), int(values["output_size"])
    out = np.array(values["output"], copy=True)
    idx = np.asarray(values["feature_indices"]).reshape(-1).astype(np.int64)
    nb = min(idx.size // nk, out.reshape(-1).size // no)
    idx = idx[: nb * nk].reshape(nb, nk)
    val = np.asarray(values["feature_values"], np.float64).reshape(-1)[: nb * nk].reshape(nb, nk)
    weight = np.asarray(values["weight"]).reshape(-1)
    weight = weight[: weight.size // no * no].reshape(-1, no).astype(np.float64)
    live = np.cumprod(idx != -1, axis=1).astype(bool)  # the slots before the first -1
    acc = np.tile(np.asarray(values["bias"], np.float64).reshape(-1)[:no], (nb, 1))
    for k in range(nk):
        rows = np.nonzero(live[:, k])[0]
        acc[rows] += weight[idx[rows, k]] * val[rows, k][:, None]
    out.reshape(-1)[: nb * no] = acc.reshape(-1).astype(out.dtype)
    return {"output": out}


def ebsynth_vote_plain(values: Values) -> dict[str, np.ndarray]:
    """Ebsynth's krnlVotePlain: target[y, x] (per byte channel) = trunc(the float32 sum over
    py, px in -r..r of source[clamp(n_y - py), clamp(n_x - px)] / (2 r + 1)^2), n = the NNF at
    (clamp(y + py), clamp(x + px)), every coordinate clamped to its image (texture clamping)."""
    sw, sh = int(values["source_width"]), int(values["source_height"])
    tw, th = int(values["target_width"]), int(values["target_height"])
    r = int(values["patch_size"]) // 2
    src = np.asarray(values["source"]).reshape(-1)[: sw * sh].astype(np.uint32)
    nnf = np.asarray(values["nnf"]).reshape(-1)[: 2 * tw * th].reshape(th, tw, 2)
    nx, ny = nnf[..., 0].astype(np.int32), nnf[..., 1].astype(np.int32)
    acc = [np.zeros((th, tw), np.int32) for _ in range(4)]  # whole numbers: exact sums
    for py in range(-r, r + 1):
        rows = np.clip(np.arange(th) + py, 0, th - 1)
        for px in range(-r, r + 1):
            cols = np.clip(np.arange(tw) + px, 0, tw - 1)
            sx = np.clip(nx[rows][:, cols] - px, 0, sw - 1)
            sy = np.clip(ny[rows][:, cols] - py, 0, sh - 1)
            word = src[sy * sw + sx]
            for k in range(4):
                acc[k] += (word >> (8 * k) & 0xFF).astype(np.int32)
    count = np.float32((2 * r + 1) ** 2)
    out_word = np.zeros((th, tw), np.uint32)
    for k in range(4):
        byte = np.trunc(acc[k].astype(np.float32) / count).astype(np.uint32)
        out_word |= byte << np.uint32(8 * k)
    out = np.array(values["target"], copy=True)
    out.reshape(-1)[: tw * th] = out_word.reshape(-1).view(out.dtype)
    return {"target": out}


def fasttf_sparse_avg_bwd(values: Values) -> dict[str, np.ndarray]:
    """fast-transformers' sparse weighted average backward: grad_weights[n, h, l, j] = the dot
    of values[n, h, topk[n, h, l, j]] and grad_out[n, h, l], and grad_values[n, h,
    topk[n, h, l, j]] += weights[n, h, l, j] grad_out[n, h, l] (whole numbers: exact)."""
    nb, nh, nl, ns, ne, nk = (int(values[c]) for c in ("N", "H", "L", "S", "E", "k"))
    total = nb * nh * nl * nk
    key = np.asarray(values["topk"]).reshape(-1)[:total].astype(np.int64).reshape(-1, nk)
    wt = np.asarray(values["weights"]).reshape(-1)[:total].astype(np.float64).reshape(-1, nk)
    vals = np.asarray(values["values"]).reshape(-1)[: nb * nh * ns * ne]
    vals = vals.astype(np.float64).reshape(nb * nh, ns, ne)
    grad = np.asarray(values["grad_out"]).reshape(-1)[: nb * nh * nl * ne]
    grad = grad.astype(np.float64).reshape(nb * nh * nl, ne)
    head = np.arange(nb * nh * nl) // nl  # (n, h) of each query
    gw = np.array(values["grad_weights"], copy=True)
    gv = np.array(values["grad_values"], copy=True)
    flat_vals = vals.reshape(nb * nh * ns, ne).astype(np.float32)
    grad32 = grad.astype(np.float32)  # float32 exact: sums of at most E whole numbers < 2^24
    dots = np.empty((nb * nh * nl, nk), np.float32)
    for j in range(nk):
        np.einsum("qe,qe->q", flat_vals[head * ns + key[:, j]], grad32, out=dots[:, j])
    gw.reshape(-1)[:total] = dots.reshape(-1).astype(gw.dtype)
    target = (head[:, None] * ns + key).reshape(-1)
    size = nb * nh * ns
    acc = gv.reshape(-1)[: size * ne].astype(np.float64).reshape(size, ne)
    for e in range(ne):
        contrib = (wt * grad[:, e][:, None]).reshape(-1)
        acc[:, e] += np.bincount(target, weights=contrib, minlength=size)
    gv.reshape(-1)[: size * ne] = acc.reshape(-1).astype(gv.dtype)
    return {"grad_weights": gw, "grad_values": gv}


def dfdx_avgpool_bwd(values: Values) -> dict[str, np.ndarray]:
    """dfdx's avg_pool2d_backward: grad_inp[b, c, y, x] += (the float32 sum of grad_out[b, c,
    oh, ow] over the window taps k1, k2 with oh = (y + padding - k1) / stride and ow likewise
    where those divide exactly and lie inside) / kernel^2."""
    k, s, p = (int(values[n]) for n in ("kernel", "stride", "padding"))
    nb, nc, hi, ho, wi, wo = (int(values[n]) for n in
                              ("batch", "chan", "h_in", "h_out", "w_in", "w_out"))
    st = [int(values[f"out_s{d}"]) for d in range(4)]
    flat = np.asarray(values["grad_out"]).reshape(-1).astype(np.float32)
    gout = np.lib.stride_tricks.as_strided(
        flat, (nb, nc, ho, wo), tuple(flat.itemsize * v for v in st), writeable=False)
    acc = np.zeros((nb, nc, hi, wi), np.float32)  # whole-number sums: exact

    def span(k_, n_in, n_out):  # the outputs o with 0 <= o s - p + k_ < n_in: a slice
        lo = max(0, -(-(p - k_) // s))
        hi_ = min(n_out, (n_in - 1 + p - k_) // s + 1) if n_in - 1 + p - k_ >= 0 else 0
        return lo, hi_

    for k1 in range(k):
        o0, o1 = span(k1, hi, ho)
        for k2 in range(k):
            q0, q1 = span(k2, wi, wo)
            if o1 <= o0 or q1 <= q0:
                continue
            ys = slice(o0 * s - p + k1, (o1 - 1) * s - p + k1 + 1, s)
            xs = slice(q0 * s - p + k2, (q1 - 1) * s - p + k2 + 1, s)
            acc[:, :, ys, xs] += gout[:, :, o0:o1, q0:q1]
    out = np.array(values["grad_inp"], copy=True)
    n = nb * nc * hi * wi
    cur = out.reshape(-1)[:n].astype(np.float32)
    out.reshape(-1)[:n] = (cur + (acc.reshape(-1) / np.float32(k * k))).astype(out.dtype)
    return {"grad_inp": out}


def adacof_update_output(values: Values) -> dict[str, np.ndarray]:
    """AdaCoF's updateOutput: output[b, c, i, j] = the sum over k, l below F of w times the
    bilinear blend at (i + k d + alpha, j + l d + beta) of the input's four corners (rows
    i + k d + A and + 1, columns likewise, A = trunc(alpha), each clamped), w, alpha and beta
    from plane k F + l of weight, offset_i and offset_j at (b, i, j)."""
    n, nc, ih, iw, oh, ow, f, d = (int(values[k]) for k in (
        "n", "channels", "in_h", "in_w", "out_h", "out_w", "f_size", "dilation"))
    nb = n // (nc * oh * ow)
    src = np.asarray(values["input"]).reshape(-1)[: nb * nc * ih * iw]
    src = src.astype(np.float64).reshape(nb, nc, ih * iw)

    def planes(key):
        arr = np.asarray(values[key]).reshape(-1)[: nb * f * f * oh * ow]
        return arr.reshape(nb, f * f, oh, ow)

    wt, oi, oj = planes("weight"), planes("offset_i"), planes("offset_j")
    ii, jj = np.arange(oh)[:, None], np.arange(ow)[None, :]
    acc = np.zeros((nb, nc, oh, ow), np.float64)  # exact: whole numbers far below 2^53
    for k in range(f):
        for m in range(f):
            t = k * f + m
            alpha, beta = oi[:, t].astype(np.float32), oj[:, t].astype(np.float32)
            a_, b_ = np.trunc(alpha).astype(np.int64), np.trunc(beta).astype(np.int64)
            fa = (alpha - a_).astype(np.float64)[:, None]
            fb = (beta - b_).astype(np.float64)[:, None]
            r0 = np.clip(ii + k * d + a_, 0, ih - 1)
            r1 = np.clip(ii + k * d + a_ + 1, 0, ih - 1)
            c0 = np.clip(jj + m * d + b_, 0, iw - 1)
            c1 = np.clip(jj + m * d + b_ + 1, 0, iw - 1)

            def corner(r, c):
                return np.take_along_axis(src, (r * iw + c).reshape(nb, 1, -1), axis=2)\
                    .reshape(nb, nc, oh, ow)

            blend = (corner(r0, c0) * (1 - fa) * (1 - fb) + corner(r1, c0) * fa * (1 - fb)
                     + corner(r0, c1) * (1 - fa) * fb + corner(r1, c1) * fa * fb)
            acc += wt[:, t].astype(np.float64)[:, None] * blend
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[:n] = acc.reshape(-1).astype(out.dtype)
    return {"output": out}


def jrclust_cuda_rho(values: Values) -> dict[str, np.ndarray]:
    """JRCLUST's jrc_cuda_rho: rho[i] = (float)(nRho / nComp) in double, nComp the candidate
    spikes j < n12 with |ord[i] - ord[j]| <= dn_max and nRho those of them whose squared
    feature distance is <= dc2 (fDc_spk 0) or < dc2 |f_i|^2 (fDc_spk 1); whole numbers."""
    n1, n12, nc, dn = (int(values[k]) for k in ("n1", "n12", "nC", "dn_max"))
    spk, dc2 = int(values["fDc_spk"]), float(np.float32(values["dc2"]))
    fet = np.asarray(values["mrFet12"]).reshape(-1)[: n12 * nc].reshape(n12, nc)
    fet = fet.astype(np.float64)
    order = np.asarray(values["viiSpk12_ord"]).reshape(-1)[:n12].astype(np.int64)
    norm = (fet * fet).sum(axis=1)  # whole numbers far below 2^53: exact
    cut = np.full(n1, dc2) if spk == 0 else (norm[:n1] * dc2).astype(np.float32)
    out = np.array(values["vrRho1"], copy=True)
    step = 512
    for lo in range(0, n1, step):
        hi = min(n1, lo + step)
        dist = norm[lo:hi, None] + norm[None, :] - 2.0 * (fet[lo:hi] @ fet.T)
        near = np.abs(order[lo:hi, None] - order[None, :]) <= dn
        inside = dist <= cut[lo:hi, None] if spk == 0 else dist < cut[lo:hi, None]
        n_comp = near.sum(axis=1).astype(np.float64)
        n_rho = (near & inside).sum(axis=1).astype(np.float64)
        out.reshape(-1)[lo:hi] = (n_rho / n_comp).astype(np.float32).astype(out.dtype)
    return {"vrRho1": out}


def lmcache_load_reshape_flash(values: Values) -> dict[str, np.ndarray]:
    """LMCache's load_and_reshape_flash: for each token t with slot s = slot_mapping[t] >= 0,
    key_value[key_layer_offset + t stride + i] = key_cache[(s / bs) block_stride + (s % bs) n
    + i] and likewise the value at value_layer_offset, i below n = heads x head words."""
    nh, hw, bs = (int(values[k]) for k in ("num_heads", "head_size_in_64bit", "block_size"))
    bstride, kvs = int(values["block_stride_in_64bit"]), int(values["key_value_stride"])
    koff, voff = int(values["key_layer_offset"]), int(values["value_layer_offset"])
    n = nh * hw
    slots = np.asarray(values["slot_mapping"]).reshape(-1).astype(np.int64)
    out = np.array(values["key_value"], copy=True)
    flat = out.reshape(-1)
    tok = np.nonzero(slots >= 0)[0]
    s = slots[tok]
    src = ((s // bs) * bstride + (s % bs) * n)[:, None] + np.arange(n)[None, :]
    dst = (tok * kvs)[:, None] + np.arange(n)[None, :]
    flat[koff + dst] = np.asarray(values["key_cache"]).reshape(-1)[src]
    flat[voff + dst] = np.asarray(values["value_cache"]).reshape(-1)[src]
    return {"key_value": out}


def optix_compositor(values: Values) -> dict[str, np.ndarray]:
    """OptiX Apps' compositor: launch column x of row y (x below launch_width) is tile
    x >> shift_x, placed at image tile (x >> shift_x) device_count + (device_index +
    (y >> shift_y)) mod device_count, column (that tile) tile_w + (x & (tile_w - 1)); inside
    the image, output[y, column] = tile_buffer[y, x] (one float4 each)."""
    rx, ry, tw = int(values["res_x"]), int(values["res_y"]), int(values["tile_w"])
    sx, sy, lw = int(values["shift_x"]), int(values["shift_y"]), int(values["launch_width"])
    nd, di = int(values["device_count"]), int(values["device_index"])
    src = np.asarray(values["tile_buffer"], np.float32).reshape(-1)[: ry * lw * 4]
    src = src.reshape(ry, lw, 4)
    out = np.array(values["output_buffer"], copy=True)
    view = out.reshape(-1)[: ry * rx * 4].reshape(ry, rx, 4)
    # the image widened to lw nd columns (whole tiles of every device), then clipped to rx
    wide = np.zeros((ry, lw * nd, 4), view.dtype)
    wide[:, :rx] = view
    tiles = wide.reshape(ry, lw >> sx, nd, tw, 4)  # tile_w = 2^shift_x, as the host sets
    offset = (di + (np.arange(ry) >> sy)) % nd  # the device slot of each row's tiles
    for o in range(nd):
        rows = np.nonzero(offset == o)[0]
        tiles[rows, :, o] = src[rows].reshape(rows.size, lw >> sx, tw, 4)
    view[...] = wide[:, :rx]
    return {"output_buffer": out}


def mra_reduce_sum(values: Values) -> dict[str, np.ndarray]:
    """MRA's reduce_sum: for every batch item b and selected block k, dense_C[b, indices[b, k]
    // B_num_block, c] += the sum over the block's 32 rows of sparse_A[b, k, r, c] (whole
    numbers: the atomic order does not matter)."""
    bs, anb, bnb, nb = (int(values[k]) for k in ("batch_size", "A_num_block", "B_num_block",
                                                  "num_block"))
    a = np.asarray(values["sparse_A"], np.float32).reshape(-1)[: bs * nb * 1024]
    sums = a.reshape(bs, nb, 32, 32).astype(np.float64).sum(axis=2)  # [bs, nb, 32]
    idx = np.asarray(values["indices"]).reshape(-1)[: bs * nb].astype(np.int64).reshape(bs, nb)
    out = np.array(values["dense_C"], copy=True)
    view = out.reshape(-1)[: bs * anb * 32].reshape(bs * anb, 32)
    acc = view.astype(np.float64)
    rows = (np.arange(bs)[:, None] * anb + idx // bnb).reshape(-1)
    np.add.at(acc, rows, sums.reshape(-1, 32))
    view[...] = acc.astype(view.dtype)
    return {"dense_C": out}


def ssn_passoc(values: Values) -> dict[str, np.ndarray]:
    """SSN's Passoc forward: for each sample n, neighbour c (row offset c // 3 - 1, column
    offset c % 3 - 1 on the superpixel grid) and pixel p of superpixel s = index_data[n, p],
    the neighbour's superpixel (falling back, invalid, off the grid) and top[n, c, p] = the
    sum over channels of (bottom[n, k, p] - spixel[n, k, neighbour])^2 (10,000 if invalid),
    times scale_value."""
    nt, c, h, w = (int(values[k]) for k in ("nthreads", "in_dim", "height", "width"))
    nsp, nsw = int(values["num_spixels"]), int(values["num_spixels_w"])
    sd = h * w
    n = nt // (9 * sd)
    bottom = np.asarray(values["bottom_data"], np.float32).reshape(-1)[: n * c * sd]
    bottom = bottom.reshape(n, c, sd)
    spix = np.asarray(values["spixel_data"], np.float32).reshape(-1)[: n * c * nsp]
    spix = spix.reshape(n, c, nsp)
    init = np.asarray(values["index_data"], np.float32).reshape(-1)[: n * sd]
    init = init.astype(np.int64).reshape(n, sd)
    out = np.array(values["top_data"], copy=True)
    top = out.reshape(-1)[: n * 9 * sd].reshape(n, 9, sd)
    scale = np.float32(values["scale_value"])
    for ci in range(9):
        dh, dw = ci // 3 - 1, ci % 3 - 1
        row = init + dh * nsw
        invalid = (row >= nsp) | (row < 0)
        row = np.where(invalid, init, row)
        if dw == 1:
            edge = (row + 1) % nsw == 0
        elif dw == -1:
            edge = row % nsw == 0
        else:
            edge = np.zeros_like(invalid)
        invalid |= edge
        col = row + np.where(edge, 0, dw)
        off = (col >= nsp) | (col < 0)
        invalid |= off
        col = np.where(off, row, col)
        near = np.take_along_axis(spix, np.broadcast_to(col[:, None, :], (n, c, sd)), 2)
        d = bottom - near  # whole numbers: exact in float32
        dist = np.einsum("ncp,ncp->np", d, d, dtype=np.float64)
        dist = np.where(invalid, 10000.0, dist)
        top[:, ci, :] = (dist.astype(np.float32) * scale).astype(top.dtype)
    return {"top_data": out}


def seti_taylor(values: Values) -> dict[str, np.ndarray]:
    """turbo_seti's taylor round: for each group of set_size rows j and row j0 of it, B[j +
    j0, k] = A[j + j0 // 2, k] + A[j + j0 // 2 + set_size // 2, k + (j0 + 1) // 2] for the
    channels k in [kmin, kmax) with k + (j0 + 1) // 2 < kmax (one shifted slice sum a row)."""
    kmin, kmax, ss = int(values["kmin"]), int(values["kmax"]), int(values["set_size"])
    nt, nf = int(values["n_time"]), int(values["n_freq"])
    a = np.asarray(values["A"], np.float32).reshape(-1)[: nt * nf].reshape(nt, nf)
    out = np.array(values["B"], copy=True)
    b = out.reshape(-1)[: nt * nf].reshape(nt, nf)
    if ss > nt or kmin >= kmax:
        return {"B": out}
    for j in range(0, nt, ss):
        for j0 in range(ss):
            j1, j3 = j0 // 2, (j0 + 1) // 2
            hi = kmax - j3  # channels k < hi
            if hi <= kmin:
                continue
            b[j + j0, kmin:hi] = a[j + j1, kmin:hi] + a[j + j1 + ss // 2, kmin + j3:hi + j3]
    return {"B": out}


def _spark_murmur_long(keys: np.ndarray, seed: np.ndarray) -> np.ndarray:
    """Spark's MurmurHash3_x86_32 of int64 keys (two little-endian 4-byte blocks, then the
    length 8 and fmix32), per-key uint32 seeds; uint32 arithmetic wraps as in C."""
    bits = keys.astype(np.int64).view(np.uint64)
    h = np.array(seed, dtype=np.uint32, copy=True)
    for part in (bits & np.uint64(0xFFFFFFFF), bits >> np.uint64(32)):
        k = part.astype(np.uint32) * np.uint32(0xCC9E2D51)
        k = (k << np.uint32(15)) | (k >> np.uint32(17))
        k = k * np.uint32(0x1B873593)
        h ^= k
        h = (h << np.uint32(13)) | (h >> np.uint32(19))
        h = h * np.uint32(5) + np.uint32(0xE6546B64)
    h ^= np.uint32(8)
    return fmix32(h)


def spark_bloom_put(values: Values) -> dict[str, np.ndarray]:
    """spark-rapids-jni's version-1 bloom filter put: h1 = Spark's Murmur3 of the key (seed 0),
    h2 = the same seeded with h1, and for idx = 1 .. num_hashes the int32 h1 + idx h2 (its
    complement if negative) mod the bit count sets bit (pos % 32) ^ 24 of word (pos / 32) ^ 1."""
    n, nh = int(values["size"]), int(values["num_hashes"])
    nbits = int(values["bloom_filter_bits"])
    keys = np.asarray(values["input"]).reshape(-1)[:n].astype(np.int64)
    out = np.array(values["bloom_filter"], copy=True)
    flat = out.reshape(-1)
    h1 = _spark_murmur_long(keys, np.zeros(n, np.uint32))
    h2 = _spark_murmur_long(keys, h1)
    nwords = (nbits + 31) // 32
    hit = np.zeros(nwords * 32, bool)  # bit b of word w at w * 32 + b
    for idx in range(1, nh + 1):
        combined = (h1 + np.uint32(idx) * h2).view(np.int32).astype(np.int64)
        pos = np.where(combined < 0, ~combined, combined) % nbits
        hit[((pos // 32) ^ 1) * 32 + ((pos % 32) ^ 24)] = True
    weights = np.uint64(1) << np.arange(32, dtype=np.uint64)
    words = (hit.reshape(nwords, 32) * weights).sum(axis=1, dtype=np.uint64)
    flat[:nwords] |= words.astype(flat.dtype)
    return {"bloom_filter": out}


def tani_pairwise_dist(values: Values) -> dict[str, np.ndarray]:
    """TorchANI's pairwiseDistance: for every molecule m and real atoms i != j (species not
    -1), the 12-byte record {sqrt(|pos[m, j] - pos[m, i]|^2) as float32, m, i | j << 16} at
    d_Rij[m, i, j] (three 32-bit words; the others left as they were)."""
    n = int(values["max_natoms_per_mol"])
    spec = np.asarray(values["species"]).reshape(-1).astype(np.int64)
    nmol = spec.size // n
    spec = spec[: nmol * n].reshape(nmol, n)
    pos = np.asarray(values["pos"], np.float32).reshape(-1)[: nmol * n * 3].reshape(nmol, n, 3)
    out = np.array(values["d_Rij"], copy=True)
    rec = out.reshape(-1)[: nmol * n * n * 3].reshape(nmol, n, n, 3)
    d = pos[:, None, :, :] - pos[:, :, None, :]  # [m, i, j]: pos[j] - pos[i]
    rsq = (d[..., 0] * d[..., 0] + d[..., 1] * d[..., 1] + d[..., 2] * d[..., 2])
    rij = np.sqrt(rsq.astype(np.float32)).astype(np.float32)
    real = spec != -1
    keep = real[:, :, None] & real[:, None, :] & ~np.eye(n, dtype=bool)[None]
    mm, ii, jj = np.nonzero(keep)
    rec[mm, ii, jj, 0] = rij[mm, ii, jj].view(np.int32)
    rec[mm, ii, jj, 1] = mm
    rec[mm, ii, jj, 2] = (ii & 0xFFFF) | (jj << 16)
    return {"d_Rij": out}


def ccpi_fgp_obj2d(values: Values) -> dict[str, np.ndarray]:
    """The CCPi Regularisation Toolkit's FGP-TV objective step: D[y, x] = Ad[y, x] - lambda
    (R1[y, x] + R2[y, x] - R1[y, x - 1] - R2[y - 1, x]), the left and upper terms 0 in column 0
    and row 0 (whole numbers and a dyadic lambda: exact)."""
    n, m = int(values["N"]), int(values["M"])
    lam = np.float32(values["lambda"])
    ad = np.asarray(values["Ad"]).reshape(-1)[: n * m].reshape(m, n).astype(np.float32)
    r1 = np.asarray(values["R1"]).reshape(-1)[: n * m].reshape(m, n).astype(np.float32)
    r2 = np.asarray(values["R2"]).reshape(-1)[: n * m].reshape(m, n).astype(np.float32)
    div = r1 + r2
    div[:, 1:] -= r1[:, :-1]
    div[1:, :] -= r2[:-1, :]
    out = np.array(values["D"], copy=True)
    out.reshape(-1)[: n * m] = (ad - lam * div).reshape(-1).astype(out.dtype)
    return {"D": out}


def kblas_permute_columns(values: Values) -> dict[str, np.ndarray]:
    """KBLAS's batched column permutation in place: for each matrix (column-major, leading
    dimension ldm) and each row below rows, column c (below cols) becomes the old column
    perm[op, c] where c < rank[op], else 0."""
    rows, cols, ldm, ops = (int(values[k]) for k in ("rows", "cols", "ldm", "num_ops"))
    out = np.array(values["M"], copy=True)
    mat = out.reshape(-1)[: ops * cols * ldm].reshape(ops, cols, ldm)
    perm = np.asarray(values["perm"]).reshape(-1)[: ops * cols].reshape(ops, cols)
    rank = np.asarray(values["rank"]).reshape(-1)[:ops].astype(np.int64)
    live = np.arange(cols)[None, :] < rank[:, None]  # [op, c]
    src = np.where(live, perm, 0).astype(np.int64)
    gathered = np.take_along_axis(mat[:, :, :rows], src[:, :, None], axis=1)
    mat[:, :, :rows] = np.where(live[:, :, None], gathered, 0)
    return {"M": out}


def nwchem_sd_t_d1_3(values: Values) -> dict[str, np.ndarray]:
    """NWChem's CCSD(T) d1_3 contraction: triplesx[h1, h3, p5, p4] -= the sum over h7 of
    t2sub[h7, p4, p5, h1] v2sub[h3, h7], every tensor through its given strides (whole
    numbers: exact in float64)."""
    h1d, h3d, h7d, p4d, p5d = (int(values[k]) for k in ("h1d", "h3d", "h7d", "p4d", "p5d"))
    st = {k: int(values[k]) for k in (
        "h7ld_t2sub", "p4ld_t2sub", "p5ld_t2sub", "h1ld_t2sub", "h3ld_v2sub", "h7ld_v2sub",
        "h1ld_triplesx", "h3ld_triplesx", "p5ld_triplesx", "p4ld_triplesx")}
    h1, h3, p5, p4, h7 = (np.arange(n, dtype=np.int64) for n in (h1d, h3d, p5d, p4d, h7d))
    t2 = np.asarray(values["t2sub_d"], np.float64).reshape(-1)
    v2 = np.asarray(values["v2sub_d"], np.float64).reshape(-1)
    # t2[h1, p5, p4, h7] and v2[h3, h7] gathered through the strides
    t2g = t2[h1[:, None, None, None] * st["h1ld_t2sub"] + p5[None, :, None, None] * st[
        "p5ld_t2sub"] + p4[None, None, :, None] * st["p4ld_t2sub"] + h7 * st["h7ld_t2sub"]]
    v2g = v2[h3[:, None] * st["h3ld_v2sub"] + h7[None, :] * st["h7ld_v2sub"]]
    prod = np.einsum("abcd,ed->abce", t2g, v2g)  # [h1, p5, p4, h3]
    out = np.array(values["triplesx_d"], copy=True)
    flat = out.reshape(-1)
    at = (h1[:, None, None, None] * st["h1ld_triplesx"] + p5[None, :, None, None] * st[
        "p5ld_triplesx"] + p4[None, None, :, None] * st["p4ld_triplesx"] + h3 * st[
        "h3ld_triplesx"])
    flat[at] = (flat[at].astype(np.float64) - prod).astype(out.dtype)
    return {"triplesx_d": out}


def spirit_gradient_exchange(values: Values) -> dict[str, np.ndarray]:
    """Spirit's exchange gradient: for each cell and pair (in order), ispin = pair.i + cell N
    and, where cu_idx_from_pair finds the neighbour jspin (the translation inside the lattice
    size, each axis periodic or the neighbour inside it), gradient[ispin] -= magnitude
    spins[jspin] (whole numbers: exact in float64)."""
    n, npairs, cells = (int(values[k]) for k in ("n_cell_atoms", "n_pairs", "size"))
    bc = np.asarray(values["boundary_conditions"]).reshape(-1)[:3].astype(np.int64)
    nc = np.asarray(values["n_cells"]).reshape(-1)[:3].astype(np.int64)
    pairs = np.asarray(values["pair_words"]).reshape(-1)[: 5 * npairs].reshape(npairs, 5)
    mags = np.asarray(values["magnitudes"], np.float64).reshape(-1)
    spins = np.asarray(values["spins"], np.float64).reshape(-1, 3)
    out = np.array(values["gradient"], copy=True)
    grad = out.reshape(-1, 3)
    icell = np.arange(cells, dtype=np.int64)
    for p in range(npairs):
        pi, pj, *tr = (int(v) for v in pairs[p])
        ispin = pi + icell * n
        if any(abs(t) > int(s) for t, s in zip(tr, nc, strict=True)):
            continue
        ok = ispin % n == pi  # always, for basis indices in [0, N)
        nic = ispin // (n * nc[0] * nc[1])
        nib = (ispin - nic * n * nc[0] * nc[1]) // (n * nc[0])
        nia = (ispin - nic * n * nc[0] * nc[1] - nib * n * nc[0]) // n
        nj = []
        for axis, (ni, t) in enumerate(((nia, tr[0]), (nib, tr[1]), (nic, tr[2]))):
            v = ni + t
            ok &= (bc[axis] != 0) | ((v >= 0) & (v < nc[axis]))
            v = np.where(v < 0, v + nc[axis], v)
            v = np.where(v >= nc[axis], v - nc[axis], v)
            nj.append(v)
        jspin = pj + nj[0] * n + nj[1] * n * nc[0] + nj[2] * n * nc[0] * nc[1]
        grad[ispin[ok]] = grad[ispin[ok]] - mags[p] * spins[jspin[ok]]
    return {"gradient": out}


def dietgpu_ans_histogram(values: Values) -> dict[str, np.ndarray]:
    """DietGPU's batched byte histogram: out[b, s] += the number of bytes equal to s among the
    batch_capacity bytes from byte b batch_stride of the input (uint32 counts, wrapping)."""
    stride, size = int(values["batch_stride"]), int(values["batch_capacity"])
    data = np.ascontiguousarray(np.asarray(values["in_words"])).view(np.uint8).reshape(-1)
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)
    nb = flat.size // 256
    for b in range(nb):
        counts = np.bincount(data[b * stride: b * stride + size], minlength=256)
        flat[b * 256: (b + 1) * 256] = ((flat[b * 256: (b + 1) * 256].astype(np.int64)
                                         + counts) % 2**32).astype(out.dtype)
    return {"out": out}


def phantom_galois_ntt_perm(values: Values) -> dict[str, np.ndarray]:
    """Phantom's NTT-domain Galois permutation: dst[l, i] = src[l, table[i]] for every limb l
    below coeff_mod_size and coefficient i below poly_degree (copies)."""
    n, nl = int(values["poly_degree"]), int(values["coeff_mod_size"])
    src = np.asarray(values["src"]).reshape(-1)[: n * nl].reshape(nl, n)
    table = np.asarray(values["permutation_table"]).reshape(-1)[:n].astype(np.int64)
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[: n * nl] = src[:, table].reshape(-1).astype(out.dtype)
    return {"dst": out}



def deepwave_scalar_fwd(values: Values) -> dict[str, np.ndarray]:
    """Deepwave's scalar forward step (accuracy 2, 2-D): at each interior point (y, x) of each
    shot, w_sum = the second y and x differences of wfc, in a C-PML band instead (1 + b) tmp +
    a zeta with tmp = (1 + b) d2 + db d1 + d1(a psi), psin = b d1 + a psi and zeta = b tmp + a
    zeta (in place); dwdv = 2 v dt2 w_sum (if wanted); wfp = v^2 dt2 w_sum + 2 wfc - wfp
    (dyadic numbers: exact)."""
    ny, nx, ns = (int(values[k]) for k in ("ny", "nx", "n_shots"))
    sn = int(values["shot_numel"])
    dt2 = float(np.float32(values["dt2"]))
    rd = {k: float(np.float32(values[k])) for k in ("rdy", "rdy2", "rdx", "rdx2")}
    yy, xx = np.meshgrid(np.arange(1, ny - 1), np.arange(1, nx - 1), indexing="ij")

    def grid(arr):  # (ns, ny, nx) view of a shot-major buffer (shots shot_numel apart)
        flat = np.asarray(arr).reshape(-1)
        return np.lib.stride_tricks.as_strided(
            flat, (ns, ny, nx), (sn * flat.itemsize, nx * flat.itemsize, flat.itemsize),
            writeable=flat.flags.writeable)

    def at(key, dy=0, dx=0):
        return grid(values[key])[:, 1 + dy: ny - 1 + dy, 1 + dx: nx - 1 + dx]\
            .astype(np.float64)

    outs = {k: np.array(values[k], copy=True) for k in
            ("wfp", "dwdv", "psiyn", "zetay", "psixn", "zetax")}

    def put(key, mask, arr):
        view = grid(outs[key])[:, 1: ny - 1, 1: nx - 1]
        view[:, mask] = arr[:, mask].astype(outs[key].dtype)

    c = at("wfc")
    vel = at("v") if int(values["v_batched"]) else \
        np.asarray(values["v"]).reshape(-1)[: ny * nx].astype(np.float64)\
        .reshape(ny, nx)[None, 1: ny - 1, 1: nx - 1]
    w_sum = np.zeros_like(c)
    for axis, coord, step in (("y", yy, (1, 0)), ("x", xx, (0, 1))):
        pml = (coord < int(values[f"pml_{axis}0"])) | (coord >= int(values[f"pml_{axis}1"]))
        a, b, db = (np.asarray(values[f"{k}{axis}"]).reshape(-1).astype(np.float64)
                    for k in ("a", "b", f"db{axis}d"))
        back = (-step[0], -step[1])
        up, dn = at("wfc", *step), at("wfc", *back)
        d2 = (-2 * c + (up + dn)) * rd[f"rd{axis}2"]
        d1 = 0.5 * (up - dn) * rd[f"rd{axis}"]
        dpsi = 0.5 * (a[coord + 1] * at(f"psi{axis}", *step)
                      - a[coord - 1] * at(f"psi{axis}", *back)) * rd[f"rd{axis}"]
        tmp = (1 + b[coord]) * d2 + db[coord] * d1 + dpsi
        zeta = at(f"zeta{axis}")
        w_sum += np.where(pml, (1 + b[coord]) * tmp + a[coord] * zeta, d2)
        put(f"psi{axis}n", pml, b[coord] * d1 + a[coord] * at(f"psi{axis}"))
        put(f"zeta{axis}", pml, b[coord] * tmp + a[coord] * zeta)
    every = np.ones(yy.shape, bool)
    if int(values["v_requires_grad"]):
        put("dwdv", every, 2 * vel * dt2 * w_sum)
    put("wfp", every, vel * vel * dt2 * w_sum + 2 * c - at("wfp"))
    return outs


def gsplat_isect_count(values: Values) -> dict[str, np.ndarray]:
    """gsplat's isect_tiles first pass: tiles_per_gauss[g] = (tile_max_y - tile_min_y)
    (tile_max_x - tile_min_x), tile_min = min(max(floor((mean - radius) / ts), 0), tiles) and
    tile_max likewise with ceil((mean + radius) / ts); 0 where either radius is at most 0."""
    total = int(values["num_images"]) * int(values["n"])
    ts = float(values["tile_size"])
    tw, th = int(values["tile_width"]), int(values["tile_height"])
    mean = np.asarray(values["means2d"]).reshape(-1)[: 2 * total].astype(np.float64)
    rad = np.asarray(values["radii"]).reshape(-1)[: 2 * total].astype(np.float64)
    mean, rad = mean.reshape(total, 2), rad.reshape(total, 2)
    lo = np.clip(np.floor((mean - rad) / ts), 0, None)  # exact: whole numbers over 2^k
    hi = np.clip(np.ceil((mean + rad) / ts), 0, None)
    lim = np.array([tw, th], np.float64)
    span = np.minimum(hi, lim) - np.minimum(lo, lim)
    count = (span[:, 0] * span[:, 1]).astype(np.int64)
    count[(rad[:, 0] <= 0) | (rad[:, 1] <= 0)] = 0
    out = np.array(values["tiles_per_gauss"], copy=True)
    out.reshape(-1)[:total] = count.astype(out.dtype)
    return {"tiles_per_gauss": out}


def lio_compute_density(values: Values, threads: int) -> dict[str, np.ndarray]:
    """LIO's gpu_compute_density (LDA): for each point p and block b of `threads` functions,
    out[b points + p] = the sum over the block's functions i < m of F[i, p] sum_{j <= i}
    rdm[j, i] F[j, p] (whole numbers: exact)."""
    pts, m = int(values["points"]), int(values["m"])
    cdp, cdm = int(values["cdp"]), int(values["cdm"])
    fv = np.asarray(values["function_values"]).reshape(-1)[: m * cdp].astype(np.float64)
    fv = fv.reshape(m, cdp)[:, :pts]
    rdm = np.asarray(values["rdm"]).reshape(-1)[: m * cdm].astype(np.float64)
    rdm = np.triu(rdm.reshape(m, cdm)[:, :m])  # rdm[j, i] with j <= i
    w = rdm.T @ fv  # w[i, p] = sum_{j <= i} rdm[j, i] F[j, p]: whole numbers, exact
    part = fv * w
    nb = -(-m // threads)
    pad = np.zeros((nb * threads, pts))
    pad[:m] = part
    sums = pad.reshape(nb, threads, pts).sum(axis=1)
    out = np.array(values["out_partial_density"], copy=True)
    out.reshape(-1)[: nb * pts] = sums.reshape(-1).astype(out.dtype)
    return {"out_partial_density": out}


def badslam_downsample(values: Values) -> dict[str, np.ndarray]:
    """BAD SLAM's DownsampleImagesCUDAKernel: each output pixel's 2 x 2 source depths, those
    above 0 averaged in float32 (sum / count); the first depth closest to the average kept with
    its pixel's normal; 0 (the normal untouched) where none is valid."""
    sw, w, h = int(values["src_width"]), int(values["width"]), int(values["height"])
    src = np.asarray(values["depth"]).reshape(-1)
    rows = (2 * np.arange(h))[:, None]
    cols = (2 * np.arange(w))[None, :]
    at = [(rows + q // 2) * sw + cols + q % 2 for q in range(4)]
    d = np.stack([src[a].astype(np.float32) for a in at])
    valid = d > 0
    d = np.where(valid, d, np.float32(np.inf))
    total = np.where(valid, d, np.float32(0)).sum(axis=0, dtype=np.float32)  # exact
    count = valid.sum(axis=0)
    with np.errstate(invalid="ignore", divide="ignore"):
        avg = (total / count.astype(np.float32)).astype(np.float32)
        dist = np.abs(d - avg[None]).astype(np.float32)
    best = np.argmin(dist, axis=0)  # the first of equal distances, as the strict < keeps
    chosen = np.take_along_axis(d, best[None], axis=0)[0]
    any_valid = count > 0
    out_d = np.array(values["down_depth"], copy=True)
    out_n = np.array(values["down_normals"], copy=True)
    out_d.reshape(-1)[: h * w] = np.where(any_valid, chosen, 0).reshape(-1).astype(out_d.dtype)
    src_at = np.choose(best, at)
    normals = np.asarray(values["normals"]).reshape(-1)[src_at]
    flat_n = out_n.reshape(-1)[: h * w]
    flat_n[any_valid.reshape(-1)] = normals[any_valid].astype(out_n.dtype)
    out_n.reshape(-1)[: h * w] = flat_n
    return {"down_depth": out_d, "down_normals": out_n}


def curobo_bwd_diff_grad(values: Values) -> dict[str, np.ndarray]:
    """cuRobo's backward-difference position gradient: for steps h >= 1 of each trajectory and
    joint, out[b, h - 1, d] = gp[h] + (v[h] - v[h + 1]) dt + (a[h] - 2 a[h + 1] + a[h + 2]) dt^2
    + (j[h] - 3 j[h + 1] + 3 j[h + 2] - j[h + 3]) dt^3, the gradients past the horizon 0 and dt
    = traj_dt[0] (whole numbers: exact)."""
    nb, nh, nd = (int(values[k]) for k in ("batch_size", "horizon", "dof"))
    n = nb * nh * nd
    dt = float(np.float32(np.asarray(values["traj_dt"]).reshape(-1)[0]))

    def grads(key, pad):
        arr = np.asarray(values[key]).reshape(-1)[:n].astype(np.float64).reshape(nb, nh, nd)
        return np.concatenate([arr, np.zeros((nb, pad, nd))], axis=1)

    gp = grads("grad_position", 0)
    v, a, j = (grads(k, 3) for k in ("grad_velocity", "grad_acceleration", "grad_jerk"))
    s = slice(1, nh)

    def at(arr, k):
        return arr[:, 1 + k: nh + k]

    out_v = (gp[:, s] + (at(v, 0) - at(v, 1)) * dt + (at(a, 0) - 2 * at(a, 1) + at(a, 2)) * dt * dt
             + (at(j, 0) - 3 * at(j, 1) + 3 * at(j, 2) - at(j, 3)) * dt * dt * dt)
    out = np.array(values["out_grad_position"], copy=True)
    view = out.reshape(-1)[:n].reshape(nb, nh, nd)
    view[:, : nh - 1] = out_v.astype(out.dtype)
    return {"out_grad_position": out}


def torchaudio_iir(values: Values) -> dict[str, np.ndarray]:
    """torchaudio's iir_cu_kernel: for each (n, c), out[n, c, i + order - 1] = in[n, c, i] - the
    sum over j < order - 1 of a_flipped[c, j] out[n, c, i + j], in sample order (the padded
    output's first order - 1 samples the initial state; whole numbers: exact)."""
    nn, nc, ns, no = (int(values[k]) for k in ("n", "c", "n_samples_input", "n_order"))
    x = np.asarray(values["in"]).reshape(-1)[: nn * nc * ns].astype(np.float64)
    x = x.reshape(nn * nc, ns)
    a = np.asarray(values["a_flipped"]).reshape(-1)[: nc * no].astype(np.float64).reshape(nc, no)
    a = np.tile(a, (nn, 1))  # the coefficients of each row's channel
    out = np.array(values["out"], copy=True)
    width = ns + no - 1
    y = out.reshape(-1)[: nn * nc * width].astype(np.float64).reshape(nn * nc, width)
    for i in range(ns):
        acc = x[:, i].copy()
        for j in range(no - 1):
            acc -= a[:, j] * y[:, i + j]
        y[:, i + no - 1] = acc
    out.reshape(-1)[: nn * nc * width] = y.reshape(-1).astype(out.dtype)
    return {"out": out}


def redtail_corr_cost_volume(values: Values) -> dict[str, np.ndarray]:
    """Redtail's correlation cost volume: dst[d, y, x] = the sum over channels of left[c, y, x]
    right[c, y, x - d] for x >= d, else 0 (every disparity below disp)."""
    c, h, w, nd = (int(values[k]) for k in ("c", "h", "w", "disp"))
    left = np.asarray(values["left"], np.float32).reshape(-1)[: c * h * w].reshape(c, h, w)
    right = np.asarray(values["right"], np.float32).reshape(-1)[: c * h * w].reshape(c, h, w)
    left64, right64 = left.astype(np.float64), right.astype(np.float64)
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: nd * h * w].reshape(nd, h, w)
    for d in range(nd):
        cost = np.zeros((h, w))
        if d < w:
            cost[:, d:] = np.einsum("cyx,cyx->yx", left64[:, :, d:], right64[:, :, : w - d])
        view[d] = cost.astype(view.dtype)
    return {"dst": out}


def punica_bgmv_expand(values: Values) -> dict[str, np.ndarray]:
    """Punica's bgmv expand: Y[b, j] += the sum over k of W[indicies[b] num_layers +
    layer_idx, j, k] X[b, k] scale (whole numbers and a dyadic scale: the order is free)."""
    fin, fout = int(values["feat_in"]), int(values["feat_out"])
    nl, layer = int(values["num_layers"]), int(values["layer_idx"])
    scale = float(np.float32(values["scale"]))
    idx = np.asarray(values["indicies"]).reshape(-1).astype(np.int64)
    out = np.array(values["Y"], copy=True)
    bs = out.size // fout
    idx = idx[:bs] * nl + layer
    x = np.asarray(values["X"], np.float32).reshape(-1)[: bs * fin].reshape(bs, fin)
    w = np.asarray(values["W"], np.float32).reshape(-1, fout, fin)
    y = out.reshape(-1)[: bs * fout].reshape(bs, fout)
    acc = y.astype(np.float64)
    for b0 in range(0, bs, 64):  # the requests in slices: one [64, fout, fin] gather at a time
        rows = slice(b0, min(bs, b0 + 64))
        acc[rows] += np.einsum("bjk,bk->bj", w[idx[rows]].astype(np.float64),
                               x[rows].astype(np.float64)) * scale
    y[...] = acc.astype(y.dtype)
    return {"Y": out}


def mfem_restrict_transpose(values: Values) -> dict[str, np.ndarray]:
    """MFEM's ElementRestriction MultTranspose: y(i, c) = the sum over j in [offsets[i],
    offsets[i + 1]) of +-x[idx / nd, c, idx % nd], idx = indices[j] (or -1 - indices[j],
    negated, where negative); y ordered by nodes ([vd, ndofs]) or by vdim ([ndofs, vd])."""
    nd, vd, ndofs = int(values["nd"]), int(values["vd"]), int(values["ndofs"])
    offsets = np.asarray(values["offsets"]).reshape(-1)[: ndofs + 1].astype(np.int64)
    nnz = int(offsets[-1])
    sidx = np.asarray(values["indices"]).reshape(-1)[:nnz].astype(np.int64)
    idx = np.where(sidx >= 0, sidx, -1 - sidx)
    sign = np.where(sidx >= 0, 1.0, -1.0)
    x = np.asarray(values["x"], np.float64).reshape(-1)
    out = np.array(values["y"], copy=True)
    y = out.reshape(-1)
    owner = np.repeat(np.arange(ndofs), np.diff(offsets))  # the dof of each copy
    for c in range(vd):
        vals = sign * x[idx % nd + nd * (c + vd * (idx // nd))]
        acc = np.zeros(ndofs)
        np.add.at(acc, owner, vals)
        if int(values["byvdim"]):
            y[c + vd * np.arange(ndofs)] = acc
        else:
            y[ndofs * c: ndofs * (c + 1)] = acc
    return {"y": out}


def trtalpha_copy_make_border(values: Values) -> dict[str, np.ndarray]:
    """TensorRT-Alpha's constant-border copyMakeBorder (3 channels): dst[b, y, x] =
    src[b, y - top, x - left] inside the source rectangle, else (f0, f1, f2)."""
    sw, sh, dw, dh = (int(values[k]) for k in ("srcW", "srcH", "dstW", "dstH"))
    top, left, bs = int(values["top"]), int(values["left"]), int(values["batchSize"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: bs * sh * sw * 3]
    src = src.reshape(bs, sh, sw, 3)
    out = np.array(values["dst"], copy=True)
    view = out.reshape(-1)[: bs * dh * dw * 3].reshape(bs, dh, dw, 3)
    fill = np.array([values["f0"], values["f1"], values["f2"]], np.float32)
    view[...] = fill.astype(view.dtype)
    y0, y1 = max(top, 0), min(dh, top + sh)
    x0, x1 = max(left, 0), min(dw, left + sw)
    if y0 < y1 and x0 < x1:
        view[:, y0:y1, x0:x1] = src[:, y0 - top:y1 - top, x0 - left:x1 - left]
    return {"dst": out}


def qibojit_two_qubit_gate(values: Values) -> dict[str, np.ndarray]:
    """qibojit's two-qubit gate: for every g below nstates, i = g with zero bits inserted at m1
    then m2, and the amplitudes at i, i + uk1, i + uk2, i + uk1 + uk2 replaced by the complex
    4 x 4 gate (row-major) times them (whole numbers: exact in complex128)."""
    m1, m2, ns = int(values["m1"]), int(values["m2"]), int(values["nstates"])
    tk1, tk2 = int(values["tk1"]), int(values["tk2"])
    uk1, uk2 = int(values["uk1"]), int(values["uk2"])
    out = np.array(values["state"], copy=True)
    flat = out.reshape(-1)
    amp = flat[0::2] + 1j * flat[1::2]
    gate = np.asarray(values["gate"], np.float64).reshape(-1)[:32]
    mat = (gate[0::2] + 1j * gate[1::2]).reshape(4, 4)
    g = np.arange(ns, dtype=np.int64)
    i = ((g >> m1) << (m1 + 1)) + (g & (tk1 - 1))
    i = ((i >> m2) << (m2 + 1)) + (i & (tk2 - 1))
    at = np.stack([i, i + uk1, i + uk2, i + uk1 + uk2])  # [4, ns]
    amp[at] = mat @ amp[at]
    flat[0::2] = amp.real
    flat[1::2] = amp.imag
    return {"state": out}


def skcuda_argmax_column(values: Values) -> dict[str, np.ndarray]:
    """scikit-cuda's column max kernel: target[c] = the maximum of mat[:, c] and idx_target[c]
    its row (the values distinct, so the row is the block-independent argmax)."""
    width, height = int(values["width"]), int(values["height"])
    mat = np.asarray(values["mat"], np.float64).reshape(-1)[: width * height]
    mat = mat.reshape(height, width)
    target = np.array(values["target"], copy=True)
    idx = np.array(values["idx_target"], copy=True)
    rows = np.argmax(mat, axis=0)
    target.reshape(-1)[:width] = mat[rows, np.arange(width)].astype(target.dtype)
    idx.reshape(-1)[:width] = rows.astype(idx.dtype)
    return {"target": target, "idx_target": idx}


def ultragrid_r12l_to_rg48(values: Values) -> dict[str, np.ndarray]:
    """UltraGrid's R12L -> RG48 unpacking: each row's W / 8 groups of 36 bytes, a 12-bit
    little-endian bit stream of 24 samples, become 48 bytes of 16-bit samples (the 12 bits at
    the top): for the samples 2p, 2p + 1 from bytes b0, b1, b2 = 3p..3p + 2 the bytes b0 << 4,
    (b1 << 4) | (b0 >> 4), b1 & 0xF0 and b2."""
    w, h = int(values["size_x"]), int(values["size_y"])
    groups = (w + 7) // 8
    src = np.ascontiguousarray(np.asarray(values["in_words"])).view(np.uint8).reshape(-1)
    src = src[: h * groups * 36].reshape(h, groups, 12, 3).astype(np.uint16)
    b0, b1, b2 = src[..., 0], src[..., 1], src[..., 2]
    unpacked = np.stack([(b0 << 4) & 0xFF, ((b1 << 4) | (b0 >> 4)) & 0xFF, b1 & 0xF0, b2],
                        axis=-1).astype(np.uint8)  # (h, groups, 12, 4)
    out = np.array(values["out_words"], copy=True)
    flat = out.view(np.uint8).reshape(-1)
    rows = flat[: h * 6 * w].reshape(h, 6 * w)
    rows[:, : groups * 48] = unpacked.reshape(h, groups * 48)
    return {"out_words": out}


def quack_a_d_at(values: Values) -> dict[str, np.ndarray]:
    """QuAcK's A_D_At: R[i, j] = the sum over k of D[k] A[k, i] A[k, j] (A row-major, element
    (k, i) at i + k n), i.e. R = A^T diag(D) A of the stored matrix (whole numbers: exact)."""
    n = int(values["n"])
    a = np.asarray(values["A"], np.float64).reshape(-1)[: n * n].reshape(n, n)
    d = np.asarray(values["D"], np.float64).reshape(-1)[:n]
    out = np.array(values["R"], copy=True)
    out.reshape(-1)[: n * n] = ((a.T * d) @ a).reshape(-1).astype(out.dtype)
    return {"R": out}


def quiver_tensor_gather(values: Values) -> dict[str, np.ndarray]:
    """Quiver's sharded feature gather: res[r] = the stride floats of node indices[r]'s row,
    row node - offsets[s] of shard s's slab of cap rows, s the last shard whose offset is at
    most the node (find: the first i in 1..device_count-1 with node < offsets[i], minus one)."""
    n, f = int(values["indice_length"]), int(values["stride"])
    ndev, cap = int(values["device_count"]), int(values["cap"])
    idx = np.asarray(values["indices"]).reshape(-1)[:n].astype(np.int64)
    offsets = np.asarray(values["offsets"]).reshape(-1)[:ndev].astype(np.int64)
    shard = np.searchsorted(offsets[1:], idx, side="right")  # count of offsets[1:] <= node
    rows = np.asarray(values["table"]).reshape(-1)[: ndev * cap * f].reshape(ndev * cap, f)
    out = np.array(values["res"], copy=True)
    out.reshape(-1)[: n * f] = rows[shard * cap + idx - offsets[shard]].reshape(-1).astype(
        out.dtype)
    return {"res": out}


def tike_patch_fwd(values: Values) -> dict[str, np.ndarray]:
    """Tike's forward patch extraction: for scan position (sy, sx) = floor(scan) of image ti,
    the padded patch's middle patch_shape^2 pixels the bilinear blend (float32, the kernel's
    order) of the object at (sy + py, sx + px) and its right, lower and lower-right
    neighbours, or zeros where sx, sy < 0 or sx, sy + patch_shape reach the image's width or
    height; the padding untouched."""
    ni, ny, nx = (int(values[k]) for k in ("nimage", "nimagey", "nimagex"))
    ns, p, pp = (int(values[k]) for k in ("nscan", "patch_shape", "padded_shape"))
    img = np.asarray(values["images"], np.float32).reshape(-1)[: ni * ny * nx * 2]
    img = img.reshape(ni, ny, nx, 2)
    scan = np.asarray(values["scan"], np.float32).reshape(-1)[: ni * ns * 2].reshape(ni, ns, 2)
    out = np.array(values["patches"], copy=True)
    pat = out.reshape(-1)[: ni * ns * pp * pp * 2].reshape(ni, ns, pp, pp, 2)
    pad = (pp - p) // 2
    one = np.float32(1)
    for ti in range(ni):
        for ts in range(ns):
            sx, sy = np.floor(scan[ti, ts, 1]), np.floor(scan[ti, ts, 0])
            window = pat[ti, ts, pad:pad + p, pad:pad + p]
            if sx < 0 or nx <= sx + p or sy < 0 or ny <= sy + p:
                window[...] = 0
                continue
            xf, yf = scan[ti, ts, 1] - sx, scan[ti, ts, 0] - sy
            y0, x0 = int(sy), int(sx)
            a = img[ti, y0:y0 + p, x0:x0 + p]
            b = img[ti, y0:y0 + p, x0 + 1:x0 + p + 1]
            c = img[ti, y0 + 1:y0 + p + 1, x0:x0 + p]
            d = img[ti, y0 + 1:y0 + p + 1, x0 + 1:x0 + p + 1]
            window[...] = (a * (one - xf) * (one - yf) + b * xf * (one - yf)
                           + c * (one - xf) * yf + d * xf * yf)
    return {"patches": out}


def halmd_max_displacement(values: Values, threads: int) -> dict[str, np.ndarray]:
    """HALMD's maximum squared displacement: for each particle the difference of the float4
    positions' x, y, z reduced to the periodic box (d - rint(d / L) L), its squared length, and
    g_rr[b] = the maximum over the particles block b's threads visit (particle i belongs to
    block (i mod (grid threads)) // threads) and 0 for a block without particles."""
    n = int(values["npart"])
    out = np.array(values["g_rr"], copy=True)
    grid = out.size
    box = np.array([values["box_x"], values["box_y"], values["box_z"]], np.float32)
    r = np.asarray(values["g_r"], np.float32).reshape(-1)[: 4 * n].reshape(n, 4)[:, :3]
    r0 = np.asarray(values["g_r0"], np.float32).reshape(-1)[: 4 * n].reshape(n, 4)[:, :3]
    d = r - r0
    d = d - np.rint(d / box) * box  # whole numbers over powers of two: exact
    rr = (d * d).sum(axis=1, dtype=np.float32)
    span = grid * threads  # a step of the grid-stride loop: block b the span's b-th slice
    padded = np.zeros(-(-n // span) * span, np.float32)  # squares are >= 0: padding is neutral
    padded[:n] = rr
    out.reshape(-1)[:grid] = padded.reshape(-1, grid, threads).max(axis=(0, 2)).astype(
        out.dtype)
    return {"g_rr": out}


def yacclab_bke_final_labeling(values: Values) -> dict[str, np.ndarray]:
    """YACCLAB BKE's FinalLabeling, in place: for each 2 x 2 block (a b | c d) at even (row,
    col), label = a's word + 1 and info the low byte of b's word (c's where the block has no b,
    the input image's byte where it has neither); each existing pixel p of the block becomes
    bit p of info times label, where the a and b pair is one 64-bit word: a negative a widens
    to ones over b (the source's int | unsigned long long)."""
    h, w = int(values["rows"]), int(values["cols"])
    step, img_step = int(values["label_step"]), int(values["img_step"])
    img = np.ascontiguousarray(np.asarray(values["img_words"])).view(np.uint8).reshape(-1)
    out = np.array(values["labels"], copy=True)
    lab = out.reshape(-1)[: h * step].reshape(h, step)[:, :w]
    rows, cols = np.arange(0, h, 2), np.arange(0, w, 2)
    label = (lab[np.ix_(rows, cols)].astype(np.int64) + 1).astype(np.int32)  # int wrap
    info = np.zeros(label.shape, np.uint8)
    even = w % 2 == 0
    paired = cols + 1 < w  # blocks with a b pixel
    info[:, paired] = lab[np.ix_(rows, cols[paired] + 1)].astype(np.uint8)  # low byte
    if not even:  # the last block column: c's word, or the image at the last row
        last = cols[-1]
        below = rows + 1 < h
        info[below, -1] = lab[rows[below] + 1, last].astype(np.uint8)
        info[~below, -1] = img[rows[~below] * img_step + last]
    bits = [((info >> k) & 1).astype(np.int32) * label for k in range(4)]  # a, b, c, d
    new = {k: v.copy() for k, v in zip("abcd", bits, strict=True)}
    # the 64-bit a|b store: a negative a sign-extends over b's word
    new["b"] = np.where(new["a"] < 0, np.int32(-1), new["b"])
    new["d"] = np.where(new["c"] < 0, np.int32(-1), new["d"])
    below = rows + 1 < h
    lab[np.ix_(rows, cols)] = new["a"]
    lab[np.ix_(rows, cols[paired] + 1)] = new["b"][:, paired]
    lab[np.ix_(rows[below] + 1, cols)] = new["c"][below]
    lab[np.ix_(rows[below] + 1, cols[paired] + 1)] = new["d"][np.ix_(below, paired)]
    return {"labels": out}


def awq_gemv_g128(values: Values) -> dict[str, np.ndarray]:
    """AWQ's gemv at group size 128: outputs[b, oc] = the sum over the inputs i of s[oc, i //
    128] (w[oc, i] - z[oc, i // 128]) inputs[b, i], w the i mod 8-th nibble (low first) of
    weight word i // 8 and z the (g mod 8)-th nibble of zeros word g // 8 (whole numbers with
    sums below 2^24: exact in float32, whatever the order)."""
    ic, oc = int(values["IC"]), int(values["OC"])
    ngp = (ic // 128 + 7) // 8
    ng = ic // 128
    x = np.asarray(values["inputs"], np.float32).reshape(-1)
    nb = x.size // ic
    x = x[: nb * ic].reshape(nb, ic)
    wq = np.asarray(values["weight"]).reshape(-1)[: oc * (ic // 8)].astype(np.uint32)
    wq = wq.reshape(oc, ic // 8)
    zq = np.asarray(values["zeros"]).reshape(-1)[: oc * ngp].astype(np.uint32).reshape(oc, ngp)
    sf = np.asarray(values["scaling_factors"], np.float32).reshape(-1)[: oc * ngp * 8]
    sf = sf.reshape(oc, ngp * 8)[:, :ng]
    shifts = (4 * np.arange(8, dtype=np.uint32))[None, None, :]
    z = ((zq[:, :, None] >> shifts) & 0xF).reshape(oc, ngp * 8)[:, :ng].astype(np.float32)
    out = np.array(values["outputs"], copy=True)
    flat = out.reshape(-1)
    for r0 in range(0, oc, 2048):  # 2,048 channels at a time: one [2048, ic] float32 tile
        r1 = min(oc, r0 + 2048)
        by = np.ascontiguousarray(wq[r0:r1]).astype("<u4").view(np.uint8)  # 2 nibbles a byte
        w = np.empty((r1 - r0, ic), np.float32)
        w[:, 0::2] = by & 0xF  # the low nibble first
        w[:, 1::2] = by >> 4
        deq = (w.reshape(r1 - r0, ng, 128) - z[r0:r1, :, None]) * sf[r0:r1, :, None]
        part = x @ deq.reshape(r1 - r0, ic).T  # whole numbers below 2^24: exact
        for b in range(nb):
            flat[b * oc + r0: b * oc + r1] = part[b].astype(out.dtype)
    return {"outputs": out}


def fs_mri_convolve_z(values: Values) -> dict[str, np.ndarray]:
    """FreeSurfer's MRIConvolveKernelZ: dst(x, y, z) = the sum over the taps j < nVals of
    kernel[j] src(x, y, clamp(z + j - nVals / 2)), slices clamped to [0, depth) (whole
    numbers: exact)."""
    nv = int(values["n_vals"])
    w, h, d = int(values["width"]), int(values["height"]), int(values["depth"])
    src = np.asarray(values["src"], np.float32).reshape(-1)[: d * h * w].reshape(d, h, w)
    taps = np.asarray(values["kernel"], np.float32).reshape(-1)[:nv]
    at = np.clip(np.arange(-(nv // 2), d + nv - nv // 2), 0, d - 1)
    padded = src[at]  # the slices clamped at both ends, once
    acc = np.zeros((d, h, w), np.float32)  # whole numbers below 2^24: exact in float32
    for j in range(nv):
        acc += taps[j] * padded[j: j + d]
    out = np.array(values["dst"], copy=True)
    out.reshape(-1)[: d * h * w] = acc.reshape(-1).astype(out.dtype)
    return {"dst": out}


def involution_fwd(values: Values) -> dict[str, np.ndarray]:
    """involution's forward: out[n, c, h, w] = the sum over the taps (kh, kw) whose input
    pixel (h s_h + kh d_h - p_h, w s_w + kw d_w - p_w) lies inside the image of weight[n, g,
    kh, kw, h, w] in[n, c, h_in, w_in], g = c / (C / groups) (whole numbers: exact)."""
    nc, ng = int(values["channels"]), int(values["groups"])
    ih, iw = int(values["in_height"]), int(values["in_width"])
    oh, ow = int(values["out_height"]), int(values["out_width"])
    kh, kw = int(values["kernel_height"]), int(values["kernel_width"])
    ph, pw = int(values["pad_h"]), int(values["pad_w"])
    sh, sw = int(values["stride_h"]), int(values["stride_w"])
    dh, dw = int(values["dilation_h"]), int(values["dilation_w"])
    total = int(values["num_elements"])
    nb = total // (nc * oh * ow)
    x = np.asarray(values["in_data"], np.float32).reshape(-1)[: nb * nc * ih * iw]
    x = x.reshape(nb, nc, ih, iw)
    wt = np.asarray(values["weight_data"], np.float32).reshape(-1)[: nb * ng * kh * kw * oh * ow]
    wt = wt.reshape(nb, ng, kh, kw, oh, ow)
    # the input padded with zeros so that every tap reads inside: taps outside contribute 0
    top, left = ph, pw
    bottom = max(0, (oh - 1) * sh + (kh - 1) * dh - ph - ih + 1)
    right = max(0, (ow - 1) * sw + (kw - 1) * dw - pw - iw + 1)
    xp = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
    acc = np.zeros((nb, ng, nc // ng, oh, ow), np.float32)  # whole numbers: exact
    for a, b in itertools.product(range(kh), range(kw)):
        r0, c0 = a * dh, b * dw
        win = xp[:, :, r0: r0 + (oh - 1) * sh + 1: sh, c0: c0 + (ow - 1) * sw + 1: sw]
        acc += wt[:, :, None, a, b] * win.reshape(nb, ng, nc // ng, oh, ow)
    out = np.array(values["out_data"], copy=True)
    out.reshape(-1)[:total] = acc.reshape(-1).astype(out.dtype)
    return {"out_data": out}


def bmt_has_nan_inf(values: Values, threads: int) -> dict[str, np.ndarray]:
    """BMTrain's has_nan_inf first pass on min(cdiv(n, threads), 1024) blocks of `threads`:
    mid[b] = 1 where any value i below n with (i mod span) // threads == b (span the grid's
    threads) is infinite or NaN, else 0; the bytes past the grid untouched."""
    n = int(values["n"])
    grid = min(-(-n // threads), 1024)
    span = grid * threads
    v = np.asarray(values["inp"]).reshape(-1)[:n].view(np.float32)
    bad = np.flatnonzero(~np.isfinite(v)).astype(np.int64)  # the non-finite values' indices
    flags = np.zeros(grid, np.uint8)
    flags[(bad % span) // threads] = 1
    out = np.array(values["mid"], copy=True)
    out.reshape(-1).view(np.uint8)[:grid] = flags
    return {"mid": out}


def abinit_accumulate_density(values: Values) -> dict[str, np.ndarray]:
    """ABINIT's density accumulation: denpot[i] += the sum over the ndat bands d of
    weight_r[d] re^2 + weight_i[d] im^2, (re, im) = fofr[d, i] (whole numbers: exact)."""
    nfft, ndat = int(values["nfft_tot"]), int(values["ndat"])
    f = np.asarray(values["fofr"], np.float64).reshape(-1)[: 2 * nfft * ndat]
    f = f.reshape(ndat, nfft, 2)
    wr = np.asarray(values["weight_r"], np.float64).reshape(-1)[:ndat]
    wi = np.asarray(values["weight_i"], np.float64).reshape(-1)[:ndat]
    total = np.zeros(nfft)
    for d in range(ndat):
        total += wr[d] * f[d, :, 0] ** 2 + wi[d] * f[d, :, 1] ** 2
    out = np.array(values["denpot"], copy=True)
    flat = out.reshape(-1)
    flat[:nfft] = flat[:nfft] + total
    return {"denpot": out}


def ddf_mul_fwd(values: Values) -> dict[str, np.ndarray]:
    """DDF's multiplicative forward: top[n, c, ph, pw] = the sum over the taps (a, b) of the
    window centred on (ph s, pw s) (offsets (a - (K - 1) / 2) d) inside the input of
    bottom[n, c, iy, ix] spatial[n, a K + b, ph, pw] channel[n, c, a K + b] (whole numbers:
    exact, the compensation 0)."""
    k, dil, st = int(values["kernel_size"]), int(values["dilation"]), int(values["stride"])
    nc = int(values["channels"])
    ih, iw = int(values["bottom_height"]), int(values["bottom_width"])
    th, tw = int(values["top_height"]), int(values["top_width"])
    x = np.asarray(values["bottom_data"], np.float32).reshape(-1)
    nb = x.size // (nc * ih * iw)
    x = x[: nb * nc * ih * iw].reshape(nb, nc, ih, iw)
    chf = np.asarray(values["channel_filter"], np.float32).reshape(-1)[: nb * nc * k * k]
    chf = chf.reshape(nb, nc, k * k)
    spf = np.asarray(values["spatial_filter"], np.float32).reshape(-1)[: nb * k * k * th * tw]
    spf = spf.reshape(nb, k * k, th, tw)
    r = (k - 1) // 2 * dil
    pad = max(r, (th - 1) * st + r - ih + 1, (tw - 1) * st + r - iw + 1, 0)
    xp = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
    acc = np.zeros((nb, nc, th, tw), np.float32)  # whole numbers below 2^24: exact
    for a, b in itertools.product(range(k), range(k)):
        r0, c0 = pad - r + a * dil, pad - r + b * dil
        win = xp[:, :, r0: r0 + (th - 1) * st + 1: st, c0: c0 + (tw - 1) * st + 1: st]
        acc += win * spf[:, None, a * k + b] * chf[:, :, a * k + b, None, None]
    out = np.array(values["top_data"], copy=True)
    out.reshape(-1)[: acc.size] = acc.reshape(-1).astype(out.dtype)
    return {"top_data": out}


def pylops_nonstat_conv2d(values: Values) -> dict[str, np.ndarray]:
    """PyLops' non-stationary 2-D convolution (forward): each model point x[ix, iz] spreads
    its filter, bilinearly interpolated from the four nearest of the grid of filters hs
    (clamped to the edge filters, weights 1/2, outside the grid), into y around (ix, iz),
    cut at the model's edges (dyadic weights: exact in float64, the order free)."""
    hx, hz, nx, nz = (int(values[k]) for k in ("hx", "hz", "nx", "nz"))
    nhx, nhz = int(values["nhx"]), int(values["nhz"])
    ohx, ohz, dhx, dhz = (float(values[k]) for k in ("ohx", "ohz", "dhx", "dhz"))
    x = np.asarray(values["x"], np.float64).reshape(-1)[: nx * nz].reshape(nx, nz)
    hs = np.asarray(values["hs"], np.float64).reshape(-1)[: nhx * nhz * hx * hz]
    hs = hs.reshape(nhx * nhz, hx * hz)
    out = np.array(values["y"], copy=True)
    y = out.reshape(-1)[: nx * nz].reshape(nx, nz)

    def axis(n, o, d, nh):
        pos = (np.arange(n) - o) / d
        lo = np.floor(pos).astype(np.int64)
        hi_w = pos - lo
        lo_w = 1.0 - hi_w
        hi = lo + 1
        below, above = lo < 0, lo >= nh - 1
        for mask, at in ((below, 0), (above, nh - 1)):
            lo[mask], hi[mask], lo_w[mask], hi_w[mask] = at, at, 0.5, 0.5
        return lo, hi, lo_w, hi_w

    wx, wz = np.zeros((nx, nhx)), np.zeros((nz, nhz))  # the interpolation as matrices
    for w, n, o, d, nh in ((wx, nx, ohx, dhx, nhx), (wz, nz, ohz, dhz, nhz)):
        lo, hi, lo_w, hi_w = axis(n, o, d, nh)
        np.add.at(w, (np.arange(n), lo), lo_w)
        np.add.at(w, (np.arange(n), hi), hi_w)
    acc = y.astype(np.float64)
    for a, b in itertools.product(range(hx), range(hz)):
        h = wx @ hs[:, a * hz + b].reshape(nhx, nhz) @ wz.T  # every tap's filter, interpolated
        sx, sz = a - hx // 2, b - hz // 2  # the output's offset from the model point
        src_x = slice(max(0, -sx), min(nx, nx - sx))
        src_z = slice(max(0, -sz), min(nz, nz - sz))
        dst_x = slice(max(0, sx), min(nx, nx + sx))
        dst_z = slice(max(0, sz), min(nz, nz + sz))
        acc[dst_x, dst_z] += (x * h)[src_x, src_z]
    y[...] = acc
    return {"y": out}


def voxelhashing_resample_float(values: Values) -> dict[str, np.ndarray]:
    """VoxelHashing's resampleFloatMap: out[y, x] = the bilinear interpolation of the input at
    (x (iw - 1) / (ow - 1), y (ih - 1) / (oh - 1)), neighbours outside the input or invalid
    (-inf) left out and each row's and the column's weights renormalized; -inf where none
    (dyadic scales: exact in float32)."""
    iw, ih = int(values["inputWidth"]), int(values["inputHeight"])
    ow, oh = int(values["outputWidth"]), int(values["outputHeight"])
    src = np.asarray(values["in"], np.float32).reshape(-1)[: iw * ih].reshape(ih, iw)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[: ow * oh].reshape(oh, ow)
    sw = np.float32(np.float32(iw - 1) / np.float32(ow - 1))
    sh = np.float32(np.float32(ih - 1) / np.float32(oh - 1))
    fx = np.arange(ow, dtype=np.float32) * sw
    fy = np.arange(oh, dtype=np.float32) * sh
    keep_x = (fx + np.float32(0.5)).astype(np.int64) < iw
    keep_y = (fy + np.float32(0.5)).astype(np.int64) < ih
    x0, y0 = np.floor(fx).astype(np.int64), np.floor(fy).astype(np.int64)
    alpha, beta = (fx - x0).astype(np.float64), (fy - y0).astype(np.float64)
    # each input row interpolated at the output columns first (s, w per row: [ih + 1, ow],
    # the extra row past the input with no weight), then the two rows of each output row
    s_row = np.zeros((ih + 1, ow))
    w_row = np.zeros((ih + 1, ow))
    for c in range(2):
        cx = x0 + c
        v = src[:, np.minimum(cx, iw - 1)].astype(np.float64)
        ok = (cx < iw)[None, :] & (v != -np.inf)
        wc = np.broadcast_to((alpha if c else 1.0 - alpha)[None, :], ok.shape)
        s_row[:ih] += np.where(ok, wc * np.where(ok, v, 0.0), 0.0)
        w_row[:ih] += np.where(ok, wc, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        p_row = np.where(w_row > 0, s_row / np.where(w_row > 0, w_row, 1.0), 0.0)
    ss = np.zeros((oh, ow))
    ww = np.zeros((oh, ow))
    for r in range(2):
        cy = np.minimum(y0 + r, ih)  # row ih: no weight
        wr = (beta if r else 1.0 - beta)[:, None]
        has = w_row[cy] > 0
        ss += np.where(has, wr * p_row[cy], 0.0)
        ww += np.where(has, wr, 0.0)
    with np.errstate(divide="ignore", invalid="ignore"):
        res = np.where(ww > 0, ss / np.where(ww > 0, ww, 1.0), -np.inf)
    keep = keep_y[:, None] & keep_x[None, :]
    view[keep] = res[keep].astype(view.dtype)
    return {"out": out}


def matconvnet_pool_max_bwd(values: Values) -> dict[str, np.ndarray]:
    """MatConvNet's max-pooling derivative: each pooled output's derivative added at the first
    (row by row) strict maximum of its window of the input, the window clipped to the input
    (whole numbers: the sums exact, the order free)."""
    ow, oh, pv = (int(values[k]) for k in ("pooledWidth", "pooledHeight", "pooledVolume"))
    w, h, pw, ph = (int(values[k]) for k in ("width", "height", "poolWidth", "poolHeight"))
    sx, sy, pl, pt = (int(values[k]) for k in ("strideX", "strideY", "padLeft", "padTop"))
    d = pv // (ow * oh)
    data = np.asarray(values["data"], np.float32).reshape(-1)[: d * h * w].reshape(d, h * w)
    der = np.asarray(values["derPooled"], np.float32).reshape(-1)[:pv].reshape(d, oh * ow)
    out = np.array(values["derData"], copy=True)
    flat = out.reshape(-1)
    x1 = np.arange(ow) * sx - pl
    y1 = np.arange(oh) * sy - pt
    x2, y2 = np.minimum(x1 + pw, w), np.minimum(y1 + ph, h)
    x1, y1 = np.maximum(x1, 0), np.maximum(y1, 0)
    best_idx = (y1[:, None] * w + x1[None, :]).reshape(-1)  # [oh ow]
    best = data[:, best_idx]
    for dy, dx in itertools.product(range(ph), range(pw)):  # the window row by row
        yy, xx = y1 + dy, x1 + dx
        ok = ((yy < y2)[:, None] & (xx < x2)[None, :]).reshape(-1)
        idx = (np.minimum(yy, h - 1)[:, None] * w + np.minimum(xx, w - 1)[None, :]).reshape(-1)
        val = data[:, idx]
        take = ok[None, :] & (val > best)
        best = np.where(take, val, best)
        best_idx = np.where(take, idx[None, :], best_idx)
    target = (np.arange(d)[:, None] * (h * w) + best_idx).reshape(-1)
    acc = flat[: d * h * w].astype(np.float64)
    acc += np.bincount(target, weights=der.reshape(-1).astype(np.float64), minlength=d * h * w)
    flat[: d * h * w] = acc.astype(flat.dtype)
    return {"derData": out}


def osqp_fill_full_matrix(values: Values) -> dict[str, np.ndarray]:
    """OSQP's fill_full_matrix_kernel: entry i copied to i and mirrored to i + nnz (column,
    row), a diagonal entry's mirror (column + n, row + n), its row flagged and the diagonal
    entries counted into nnz_on_diag."""
    nnz, n = int(values["nnz"]), int(values["n"])
    row = np.asarray(values["row_ind_in"]).reshape(-1)[:nnz].astype(np.int64)
    col = np.asarray(values["col_ind_in"]).reshape(-1)[:nnz].astype(np.int64)
    diag = row == col
    rows_out = np.array(values["row_ind_out"], copy=True)
    cols_out = np.array(values["col_ind_out"], copy=True)
    r, c = rows_out.reshape(-1), cols_out.reshape(-1)
    r[:nnz], c[:nnz] = row, col
    r[nnz: 2 * nnz] = np.where(diag, col + n, col)
    c[nnz: 2 * nnz] = np.where(diag, row + n, row)
    flags = np.array(values["has_non_zero_diag_element"], copy=True)
    flags.reshape(-1)[row[diag]] = 1
    count = np.array(values["nnz_on_diag"], copy=True)
    count.reshape(-1)[0] += int(diag.sum())
    return {"row_ind_out": rows_out, "col_ind_out": cols_out, "nnz_on_diag": count,
            "has_non_zero_diag_element": flags}


def spral_max_abs(values: Values, threads: int) -> dict[str, np.ndarray]:
    """SPRAL's cu_max_abs: maxabs[b] = the largest |u[i]| over the entries block b's threads
    visit (entry i belongs to block (i mod (grid threads)) // threads), stored where it is
    positive (a block with none, or only zeros, keeps its value)."""
    n = int(values["n"])
    u = np.abs(np.asarray(values["u"], np.float64).reshape(-1)[:n])
    out = np.array(values["maxabs"], copy=True)
    maxabs = out.reshape(-1)
    grid = maxabs.size
    span = grid * threads
    best = np.zeros(grid)
    full = n // span
    if full:
        best = u[: full * span].reshape(full, grid, threads).max(axis=(0, 2))
    rest = u[full * span:]
    if rest.size:
        blocks = -(-rest.size // threads)
        padded = np.zeros(blocks * threads)
        padded[: rest.size] = rest
        best[:blocks] = np.maximum(best[:blocks], padded.reshape(blocks, threads).max(axis=1))
    maxabs[best > 0] = best[best > 0]
    return {"maxabs": out}


def tfa_embedding_bag(values: Values) -> dict[str, np.ndarray]:
    """TensorFlow Addons' EmbeddingBag: output[b] = the sum over the bag's positions j of
    params[indices[b, j]] weights[b, j], divided by the bag length for the mean combiner (1)
    (whole numbers and a power-of-two length: exact, the order free)."""
    d, seq, bags = int(values["output_dim"]), int(values["sequence_length"]), int(values["bags"])
    idx = np.asarray(values["indices"]).reshape(-1)[: bags * seq].astype(np.int64)
    table = np.asarray(values["params"], np.float32).reshape(-1, d).astype(np.float64)
    w = np.asarray(values["weights"], np.float32).reshape(-1)[: bags * seq].reshape(bags, seq)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: bags * d].reshape(bags, d)
    idx = idx.reshape(bags, seq)
    acc = np.zeros((bags, d))
    for j in range(seq):  # one gathered [bags, d] slab a position
        acc += table[idx[:, j]] * w[:, j, None].astype(np.float64)
    if int(values["combiner"]) == 1:
        acc /= seq
    view[...] = acc.astype(view.dtype)
    return {"output": out}


def rsf_fwi_step_forward(values: Values) -> dict[str, np.ndarray]:
    """Madagascar's cuda_step_forward: p2 = 2 p1 - p0 + c1 + c2 with c1 = (vv dtz)^2 times the
    second depth difference of p1 and c2 = (vv dtx)^2 times the second trace difference (zero
    outside the model), and Clayton-Engquist terms at the bottom, left and right (dyadic
    numbers far below 2^24: exact in float32)."""
    nz, nx = int(values["nz"]), int(values["nx"])
    n = nz * nx

    def field(key):  # [trace, depth]
        return np.asarray(values[key]).reshape(-1)[:n].astype(np.float32).reshape(nx, nz)

    p0, p1, vel = field("p0"), field("p1"), field("vv")
    v1 = vel * np.float32(values["dtz"])
    v2 = vel * np.float32(values["dtx"])
    q = np.pad(p1, 1)
    twice = 2 * p1
    c1 = v1 * v1 * (q[1:-1, 2:] - twice + q[1:-1, :-2])  # exact in float32
    c2 = v2 * v2 * (q[2:, 1:-1] - twice + q[:-2, 1:-1])
    bot, inner_x, inner_z = nz - 1, slice(1, nx - 1), slice(1, nz - 1)
    c1[:, bot] = v1[:, bot] * (p1[:, bot - 1] - p1[:, bot] - p0[:, bot - 1] + p0[:, bot])
    c2[inner_x, bot] *= 0.5
    c1[0, inner_z] *= 0.5
    c2[0] = v2[0] * (-p1[0] + p1[1] + p0[0] - p0[1])
    c1[nx - 1, inner_z] *= 0.5
    c2[nx - 1] = v2[nx - 1] * (p1[nx - 2] - p1[nx - 1] - p0[nx - 2] + p0[nx - 1])
    out = np.array(values["p2"], copy=True)
    c1 += c2
    c1 += twice
    c1 -= p0
    out.reshape(-1)[:n] = c1.reshape(-1).astype(out.dtype)
    return {"p2": out}


def mccnn_census(values: Values) -> dict[str, np.ndarray]:
    """MC-CNN's census: for each disparity d (times the direction) and pixel (y, x) with x + d
    inside the image, the count over channels and the 9 x 9 window of positions that are
    outside the image (or shifted outside) or whose comparison with the centre differs between
    x0 at x and x1 at x + d, divided by the channel count; the no-match value elsewhere (census
    codes of 81 bits compared by popcount: whole numbers, exact)."""
    nc, h, w = (int(values[k]) for k in ("num_channels", "size2", "size3"))
    size, direction = int(values["size"]), int(values["direction"])
    nd = -(-size // (h * w))
    offs = [(dy, dx) for dy in range(-4, 5) for dx in range(-4, 5)]
    rows, cols = np.arange(h), np.arange(w)

    def codes(img):  # bit k: img at the k-th offset below the centre (0 outside), in two words
        lo, hi = np.zeros((h, w), np.uint64), np.zeros((h, w), np.uint64)
        pad = np.pad(img, 4, constant_values=np.inf)
        for k, (dy, dx) in enumerate(offs):
            bit = (pad[4 + dy: 4 + dy + h, 4 + dx: 4 + dx + w] < img).astype(np.uint64)
            if k < 64:
                lo |= bit << np.uint64(k)
            else:
                hi |= bit << np.uint64(k - 64)
        return lo, hi

    def mask(valid):  # bits of the offsets whose flag is set, per trailing position
        lo = np.zeros(valid.shape[1:], np.uint64)
        hi = np.zeros(valid.shape[1:], np.uint64)
        for k in range(81):
            bit = valid[k].astype(np.uint64)
            if k < 64:
                lo |= bit << np.uint64(k)
            else:
                hi |= bit << np.uint64(k - 64)
        return lo, hi

    row_ok = mask(np.array([(rows + dy >= 0) & (rows + dy < h) for dy, _ in offs]))
    imgs = [np.asarray(values[k]).reshape(-1)[: nc * h * w].astype(np.float32).reshape(nc, h, w)
            for k in ("x0", "x1")]
    c0 = [codes(imgs[0][i]) for i in range(nc)]
    c1 = [codes(imgs[1][i]) for i in range(nc)]
    out = np.array(values["output"], copy=True)
    flat = out.reshape(-1)
    ext = np.arange(-nd - 4, w + nd + 4)  # columns x + d of every disparity
    col_in = mask(np.array([(ext + dx >= 0) & (ext + dx < w) for _, dx in offs]))
    for di in range(nd):
        d = di * direction
        here, there = cols + nd + 4, cols + d + nd + 4  # x and x + d in ext
        ok = [row_ok[j][:, None] & (col_in[j][here] & col_in[j][there])[None, :]
              for j in range(2)]
        src = np.clip(cols + d, 0, w - 1)
        dist = np.zeros((h, w), np.int64)
        for i in range(nc):
            for j in range(2):
                diff = (c0[i][j] ^ c1[i][j][:, src]) & ok[j]
                dist += np.bitwise_count(diff).astype(np.int64)
        dist += nc * (81 - np.bitwise_count(ok[0]).astype(np.int64)
                      - np.bitwise_count(ok[1]).astype(np.int64))
        res = (dist / nc).astype(np.float32)
        inside = (cols + d >= 0) & (cols + d < w)
        res[:, ~inside] = np.float32(values["no_match"])
        start = di * h * w
        stop = min(size, start + h * w)
        flat[start:stop] = res.reshape(-1)[: stop - start].astype(out.dtype)
    return {"output": out}


def sj_lif_fptt(values: Values) -> dict[str, np.ndarray]:
    """SpikingJelly's multi-step LIF forward (decay input, hard reset): for each step t, h = v +
    (x - v + v_reset) / tau, spike = (h >= v_threshold), the next v = v_reset after a spike
    and h otherwise, the first row of v_v_seq the initial potential (dyadic: exact)."""
    n, numel = int(values["neuron_num"]), int(values["numel"])
    steps = -(-numel // n)
    rt, th, reset = (np.float32(values[k]) for k in ("reciprocal_tau", "v_threshold", "v_reset"))
    x = np.asarray(values["x_seq"]).reshape(-1)
    outs = {k: np.array(values[k], copy=True) for k in ("v_v_seq", "h_seq", "spike_seq")}
    v_flat, h_flat, s_flat = (outs[k].reshape(-1) for k in ("v_v_seq", "h_seq", "spike_seq"))
    v = v_flat[:n].astype(np.float32)
    for step in range(steps):
        lo, hi = step * n, min(numel, (step + 1) * n)
        m = hi - lo
        h = v[:m] + rt * (x[lo:hi].astype(np.float32) - v[:m] + reset)  # exact in float32
        fire = h >= th
        h_flat[lo:hi] = h.astype(h_flat.dtype)
        s_flat[lo:hi] = fire.astype(s_flat.dtype)
        v = np.where(fire, reset, h).astype(np.float32)
        v_flat[lo + n: hi + n] = v.astype(v_flat.dtype)
    return outs


def hs_dedoppler(values: Values) -> dict[str, np.ndarray]:
    """hyperseti's dedopplerKernel: dedopp[d, f] = the sum over time steps t of data[idx] with
    idx = f + F t + trunc(shift[d] t / T), where 0 < idx < F T, divided by sqrt(T) (whole
    numbers over 4 at T = 16: exact)."""
    nf, nt = int(values["F"]), int(values["T"])
    shift = np.asarray(values["shift"]).reshape(-1).astype(np.int64)
    nd = shift.size
    flat = np.asarray(values["data"]).reshape(-1)[: nf * nt].astype(np.float32)
    out = np.array(values["dedopp"], copy=True)
    view = out.reshape(-1)
    root = np.sqrt(np.float32(nt))
    for d in range(min(nd, view.size // nf)):
        acc = np.zeros(nf, np.float32)
        for t in range(nt):
            prod = int(shift[d]) * t
            step = -(-prod // nt) if prod < 0 else prod // nt  # C's truncating division
            base = nf * t + step  # channel f reads flat[base + f] where 0 < base + f < F T
            lo, hi = max(0, 1 - base), min(nf, nf * nt - base)
            if lo < hi:
                acc[lo:hi] += flat[base + lo: base + hi]  # whole numbers: exact
        view[d * nf: (d + 1) * nf] = (acc / root).astype(out.dtype)
    return {"dedopp": out}


def infer_fast_nms(values: Values) -> dict[str, np.ndarray]:
    """shouxieai/infer's fast_nms_kernel: box p (below the count) gets keepflag 0 when some
    other box of its class with a higher confidence, or an equal one later in the list, has an
    IoU with it above the threshold (whole-number boxes: exact areas, one rounded division)."""
    count = min(int(np.asarray(values["count_word"]).reshape(-1)[0]),
                int(values["max_image_boxes"]))
    out = np.array(values["bboxes"], copy=True)
    box = np.asarray(values["bboxes"]).reshape(-1)[: 7 * count].astype(np.float32)
    box = box.reshape(count, 7)
    lft, top, rgt, bot, conf, cls = (box[:, k] for k in range(6))
    cl = np.maximum(lft[:, None], lft[None, :])
    ct = np.maximum(top[:, None], top[None, :])
    cr = np.minimum(rgt[:, None], rgt[None, :])
    cb = np.minimum(bot[:, None], bot[None, :])
    zero = np.float32(0)
    c_area = np.maximum(cr - cl, zero) * np.maximum(cb - ct, zero)
    area = np.maximum(zero, rgt - lft) * np.maximum(zero, bot - top)
    with np.errstate(invalid="ignore", divide="ignore"):
        iou = np.where(c_area == 0, zero,
                       c_area / (area[:, None] + area[None, :] - c_area)).astype(np.float32)
    idx = np.arange(count)
    rival = ((cls[:, None] == cls[None, :]) & (idx[:, None] != idx[None, :])
             & ((conf[None, :] > conf[:, None])
                | ((conf[None, :] == conf[:, None]) & (idx[None, :] > idx[:, None]))))
    gone = (rival & (iou > np.float32(values["threshold"]))).any(axis=1)
    flat = out.reshape(-1)
    flat[7 * idx[gone] + 6] = 0
    return {"bboxes": out}


def isaac_erode_depth(values: Values) -> dict[str, np.ndarray]:
    """Isaac ROS's erode_depth_kernel: out = 0 where the depth is < 0.1 or >= zfar, or where
    the float32 ratio of the window's bad neighbours (< 0.1, >= zfar or more than
    depth_diff_thres from the centre) to its in-image taps exceeds ratio_thres; else the
    depth (whole-number counts: the ratio is the kernel's one rounded division)."""
    h, w, r = int(values["H"]), int(values["W"]), int(values["radius"])
    diff = np.float32(values["depth_diff_thres"])
    ratio = np.float32(values["ratio_thres"])
    zfar = np.float32(values["zfar"])
    d = np.asarray(values["depth"], np.float32).reshape(-1)[: h * w].reshape(h, w)
    invalid = (d < np.float32(0.1)) | (d >= zfar)
    bad = np.zeros((h, w), np.int32)
    total = np.zeros((h, w), np.int32)
    for dv in range(-r, r + 1):
        for du in range(-r, r + 1):
            v0, v1 = max(0, -dv), min(h, h - dv)  # centres whose neighbour row is inside
            u0, u1 = max(0, -du), min(w, w - du)
            if v0 >= v1 or u0 >= u1:
                continue
            cur = d[v0 + dv: v1 + dv, u0 + du: u1 + du]
            ctr = d[v0:v1, u0:u1]
            total[v0:v1, u0:u1] += 1
            far = np.abs(cur - ctr) > diff
            bad[v0:v1, u0:u1] += (invalid[v0 + dv: v1 + dv, u0 + du: u1 + du] | far)
    with np.errstate(divide="ignore", invalid="ignore"):
        frac = bad.astype(np.float32) / total.astype(np.float32)
    keep = ~invalid & ~(frac > ratio)
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)
    flat[: h * w] = np.where(keep, d, np.float32(0)).reshape(-1).astype(out.dtype)
    return {"out": out}


def inferllm_q40_matvec(values: Values) -> dict[str, np.ndarray]:
    """InferLLM's Q4_0 matrix-vector product: dst[m, n] = bias[n] + the sum over k of (q[n,
    k] - 8) d[n, k / 32] y[m, k], q[n, k] the low (k even) or high (k odd) nibble of byte (k
    mod 32) / 2 of block n K / 32 + k / 32 (whole numbers below 2^24: exact in float32)."""
    m, n, k = int(values["M"]), int(values["N"]), int(values["K"])
    y = np.asarray(values["y"], np.float32).reshape(-1)[: m * k].reshape(m, k)
    words = np.ascontiguousarray(np.asarray(values["qs_words"]).reshape(-1)[: n * k // 8])
    by = words.astype("<u4").view(np.uint8).reshape(n, k // 2)  # 16 bytes a 32-weight block
    d = np.asarray(values["deltas"], np.float32).reshape(-1)[: n * k // 32].reshape(n, k // 32)
    bias = np.asarray(values["bias"], np.float32).reshape(-1)[:n]
    out = np.array(values["dst"], copy=True)
    flat = out.reshape(-1)
    for r0 in range(0, n, 2048):  # 2,048 rows at a time: one [2048, k] float32 tile
        r1 = min(n, r0 + 2048)
        q = np.empty((r1 - r0, k), np.float32)
        q[:, 0::2] = by[r0:r1] & 0xF  # the low nibble the even column
        q[:, 1::2] = by[r0:r1] >> 4
        deq = ((q - 8).reshape(r1 - r0, k // 32, 32) * d[r0:r1, :, None]).reshape(r1 - r0, k)
        part = y @ deq.T + bias[None, r0:r1]  # whole numbers below 2^24: exact
        for t in range(m):
            flat[t * n + r0: t * n + r1] = part[t].astype(out.dtype)
    return {"dst": out}


def bundlesdf_sample_rays(values: Values) -> dict[str, np.ndarray]:
    """BundleSDF's sample_rays_uniform_occupied_voxels_kernel: each (ray, sample) walks the
    ray's boxes, storing enter + the remaining distance in the first box it fits (z_remain <=
    exit - enter), the last (or, at a 0 entry ending the list, the previous) exit where the
    remainder is <= 1e-4 past the list, nothing where the ray's first entry is 0 or the walk
    ends in the source's error branches (whole numbers: exact)."""
    nr, ns, nb = int(values["n_rays"]), int(values["n_samples"]), int(values["max_n_box"])
    zs = np.asarray(values["z_sampled"], np.float32).reshape(-1)[: nr * ns].reshape(nr, ns)
    boxes = np.asarray(values["z_in_out"], np.float32).reshape(-1)[: nr * nb * 2]
    boxes = boxes.reshape(nr, nb, 2)
    eps = np.float32(1e-4)
    out = np.array(values["z_vals"], copy=True)
    flat = out.reshape(-1)
    res = flat[: nr * ns].reshape(nr, ns).copy()
    remain = zs.copy()
    live = np.broadcast_to((boxes[:, 0, 0] != 0)[:, None], (nr, ns)).copy()
    for i in range(nb):
        enter = boxes[:, i, 0][:, None]
        exit_ = boxes[:, i, 1][:, None]
        if i >= 1:  # a 0 entry ends the list: the previous exit where nothing remains
            end = live & (enter == 0)
            hit = end & (remain <= eps)
            res = np.where(hit, np.broadcast_to(boxes[:, i - 1, 1][:, None], (nr, ns)), res)
            live &= ~end
        length = exit_ - enter
        fits = live & (remain <= length)
        res = np.where(fits, enter + remain, res)
        live &= ~fits
        remain = np.where(live, remain - length, remain)
    hit = live & (remain <= eps)  # past the last box
    res = np.where(hit, np.broadcast_to(boxes[:, nb - 1, 1][:, None], (nr, ns)), res)
    flat[: nr * ns] = res.reshape(-1).astype(out.dtype)
    return {"z_vals": out}


def gpusort_global_hist(values: Values) -> dict[str, np.ndarray]:
    """GPUSorting's GlobalHistogram: global_hist[256 b + v] += the number of keys whose b-th
    byte (low first) is v (integer counts: the atomics' order changes nothing)."""
    n = int(values["size"])
    keys = np.ascontiguousarray(np.asarray(values["sort"]).reshape(-1)[:n]).astype("<u4")
    by = keys.view(np.uint8).reshape(n, 4)
    out = np.array(values["global_hist"], copy=True)
    flat = out.reshape(-1)
    for b in range(4):
        counts = np.bincount(by[:, b], minlength=256).astype(np.uint64)
        flat[256 * b: 256 * b + 256] = (flat[256 * b: 256 * b + 256].astype(np.uint64)
                                        + counts).astype(out.dtype)
    return {"global_hist": out}
def rajaperf_mat_mat_shared(values: Values) -> dict[str, np.ndarray]:
    """RAJAPerf's MAT_MAT_SHARED: C = A B for N x N row-major matrices (whole numbers with sums
    far below 2^53: exact in float64, whatever the order)."""
    n = int(values["N"])
    a = np.asarray(values["A"], np.float64).reshape(-1)[: n * n].reshape(n, n)
    b = np.asarray(values["B"], np.float64).reshape(-1)[: n * n].reshape(n, n)
    out = np.array(values["C"], copy=True)
    out.reshape(-1)[: n * n] = (a @ b).reshape(-1).astype(out.dtype)
    return {"C": out}


def minife_waxpby(values: Values) -> dict[str, np.ndarray]:
    """miniFE's waxpby: w = alpha x + beta y over the first n values (whole numbers: exact)."""
    n = int(values["n"])
    alpha, beta = float(values["alpha"]), float(values["beta"])
    x = np.asarray(values["x"], np.float64).reshape(-1)[:n]
    y = np.asarray(values["y"], np.float64).reshape(-1)[:n]
    out = np.array(values["w"], copy=True)
    out.reshape(-1)[:n] = (alpha * x + beta * y).astype(out.dtype)
    return {"w": out}


def quanto_unpack_2bit(values: Values) -> dict[str, np.ndarray]:
    """Quanto's unpack_2bit: output byte k n + i = bits 2k, 2k + 1 of input byte i (k < 4), the
    bytes of little-endian 32-bit words; bytes past 4 n untouched."""
    n = int(values["n"])
    packed = np.ascontiguousarray(np.asarray(values["input"]).reshape(-1), dtype="<u4")
    src = packed.view(np.uint8)[:n]
    out = np.ascontiguousarray(np.array(values["output"], copy=True).astype("<u4"))
    dst = out.reshape(-1).view(np.uint8)
    for k in range(4):
        dst[k * n: (k + 1) * n] = (src >> (2 * k)) & 0x03
    return {"output": out.astype(np.asarray(values["output"]).dtype)}
def tdrug_rspmm_fwd(values: Values) -> dict[str, np.ndarray]:
    """TorchDrug's rspmm with add and mul: output[r, d] = the sum over the edges e of row r
    (row_ptr[r] to row_ptr[r + 1], the last row's end nnz) of value[e] relation[layer[e], d]
    input[col[e], d] (whole numbers: exact in float32, whatever the order)."""
    n, nnz, dim = int(values["num_row"]), int(values["nnz"]), int(values["dim"])
    ptr = np.asarray(values["row_ptr"]).reshape(-1)[: n + 1].astype(np.int64)
    ptr = np.append(ptr[:n], nnz)
    cols = np.asarray(values["col_ind"]).reshape(-1)[:nnz].astype(np.int64)
    layers = np.asarray(values["layer_ind"]).reshape(-1)[:nnz].astype(np.int64)
    val = np.asarray(values["value"], np.float32).reshape(-1)[:nnz]
    rel = np.asarray(values["relation"], np.float32).reshape(-1)
    rel = rel[: rel.size // dim * dim].reshape(-1, dim)
    x = np.asarray(values["input"], np.float32).reshape(-1)
    x = x[: x.size // dim * dim].reshape(-1, dim)
    rows = np.repeat(np.arange(n), np.diff(ptr))
    acc = np.zeros((n, dim), np.float64)
    for e0 in range(0, nnz, 32768):  # 32,768 edges at a time: one [32768, dim] product
        e1 = min(nnz, e0 + 32768)
        prod = val[e0:e1, None] * (rel[layers[e0:e1]] * x[cols[e0:e1]])
        r = rows[e0:e1]
        starts = np.flatnonzero(np.r_[True, r[1:] != r[:-1]])
        acc[r[starts]] += np.add.reduceat(prod.astype(np.float64), starts, axis=0)
    out = np.array(values["output"], copy=True)
    out.reshape(-1)[: n * dim] = acc.reshape(-1).astype(out.dtype)
    return {"output": out}


def sphconv_to_dense(values: Values) -> dict[str, np.ndarray]:
    """sphconv's to_dense: for each fibre f = (b, x, y) and its nonzeros pos (z_ptr[f] to
    z_ptr[f + 1]), out[b, x, y, z_indices[pos], :] = feature[pos, :], a fibre's repeated z
    keeping its last nonzero; the other voxels untouched (copies)."""
    nb, h, w, d, c = (int(values[k]) for k in ("B", "H", "W", "D", "C"))
    fibres = nb * h * w
    ptr = np.asarray(values["z_ptr"]).reshape(-1)[: fibres + 1].astype(np.int64)
    nnz = int(ptr[-1])
    z = np.asarray(values["z_indices"]).reshape(-1)[:nnz].astype(np.int64)
    feat = np.asarray(values["feature"], np.float32).reshape(-1)[: nnz * c].reshape(nnz, c)
    target = np.repeat(np.arange(fibres), np.diff(ptr)) * d + z
    _, first_from_end = np.unique(target[::-1], return_index=True)
    last = nnz - 1 - first_from_end  # each voxel's last nonzero (the thread's order)
    out = np.array(values["out"], copy=True)
    flat = out.reshape(-1)[: fibres * d * c].reshape(fibres * d, c)
    flat[target[last]] = feat[last].astype(out.dtype)
    return {"out": out}


def stnls_gather_tensor(values: Values) -> dict[str, np.ndarray]:
    """stnls's gather_tensor forward: for query q (frame t, pixel (h, w) = its grid cell times
    stride0) and neighbour k, the pixel moved by flows_k[b, hd, t, h / s0, w / s0, k]; where it
    stays inside the T x H x W video, out[b, hd, q, k, :] = in[b, hd, t' nH1 nW1 + h' / s1 nW1
    + w' / s1, labels[b, hd, q, k], :] (copies); elsewhere untouched."""
    s0, s1, h, w = (int(values[k]) for k in ("stride0", "stride1", "H", "W"))
    nb, hd, t, nh, nw, k, m, s = (int(values[key]) for key in
                                  ("B", "HD", "T", "nH", "nW", "K", "M", "S"))
    q = t * nh * nw
    nh1, nw1 = (h - 1) // s1 + 1, (w - 1) // s1 + 1
    q1 = t * nh1 * nw1
    qi = np.arange(q)
    ti, rem = qi // (nh * nw), qi % (nh * nw)
    h_ref = (rem // nw * s0) % h
    w_ref = (rem % nw * s0) % w
    flows = np.asarray(values["flows_k"]).reshape(-1)[: nb * hd * q * k * 3].astype(np.int64)
    flows = flows.reshape(nb, hd, t, nh, nw, k, 3)[:, :, ti, h_ref // s0, w_ref // s0]
    nl0 = ti[None, None, :, None] + flows[..., 0]
    nl1 = h_ref[None, None, :, None] + flows[..., 1]
    nl2 = w_ref[None, None, :, None] + flows[..., 2]
    valid = (nl0 >= 0) & (nl0 < t) & (nl1 >= 0) & (nl1 < h) & (nl2 >= 0) & (nl2 < w)
    nl_qi = np.where(valid, nl0 * nh1 * nw1 + nl1 // s1 * nw1 + nl2 // s1, 0)
    labels = np.asarray(values["labels"]).reshape(-1)[: nb * hd * q * k].astype(np.int64)
    labels = np.where(valid, labels.reshape(nb, hd, q, k), 0)
    src = np.asarray(values["in_tensor"], np.float32).reshape(-1)[: nb * hd * q1 * s * m]
    src = src.reshape(nb * hd, q1 * s, m)
    slot = (nl_qi * s + labels).reshape(nb * hd, q * k)
    got = np.take_along_axis(src, slot[:, :, None], axis=1).reshape(nb, hd, q, k, m)
    out = np.array(values["out_tensor"], copy=True)
    view = out.reshape(-1)[: nb * hd * q * k * m].reshape(nb, hd, q, k, m)
    view[valid] = got[valid].astype(out.dtype)
    return {"out_tensor": out}


def thinc_gather_add(values: Values) -> dict[str, np.ndarray]:
    """thinc's gather_add: out[b, :] += the sum over k of table[indices[b, k], :] (whole
    numbers: exact in float32, whatever the order)."""
    nb, o, k = int(values["B"]), int(values["O"]), int(values["K"])
    table = np.asarray(values["table_to"], np.float32).reshape(-1)
    table = table[: table.size // o * o].reshape(-1, o)
    idx = np.asarray(values["indices_bk"]).reshape(-1)[: nb * k].astype(np.int64).reshape(nb, k)
    out = np.array(values["out_bo"], copy=True)
    view = out.reshape(-1)[: nb * o].reshape(nb, o)
    acc = view.astype(np.float32)
    for j in range(k):
        acc += table[idx[:, j]]
    view[...] = acc.astype(out.dtype)
    return {"out_bo": out}


def wg_csr_add_self_loop(values: Values) -> dict[str, np.ndarray]:
    """WholeGraph's csr_add_self_loop: row_ptr_looped[r] = row_ptr[r] + r (r up to the row
    count), and row r's looped columns r followed by its neighbours (integer copies)."""
    ptr = np.asarray(values["csr_row_ptr"]).reshape(-1).astype(np.int64)
    rows = ptr.size - 1
    nnz = int(ptr[-1])
    cols = np.asarray(values["csr_col_ind"]).reshape(-1)[:nnz]
    looped_ptr = np.array(values["csr_row_ptr_looped"], copy=True)
    looped_ptr.reshape(-1)[: rows + 1] = (ptr + np.arange(rows + 1)).astype(looped_ptr.dtype)
    looped = np.array(values["csr_col_ind_looped"], copy=True)
    flat = looped.reshape(-1)
    heads = ptr[:-1] + np.arange(rows)  # each row's self loop first
    flat[heads] = np.arange(rows).astype(flat.dtype)
    owner = np.repeat(np.arange(rows), np.diff(ptr))
    flat[np.arange(nnz) + owner + 1] = cols.astype(flat.dtype)
    return {"csr_row_ptr_looped": looped_ptr, "csr_col_ind_looped": looped}


def wd_reset_done_3d(values: Values) -> dict[str, np.ndarray]:
    """WarpDrive's reset_in_float_when_done_3d: data[e] = ref[e] for every environment e with
    done[e] (or all when force_reset), the others untouched (copies)."""
    agents, feats = int(values["agent_dim"]), int(values["feature_dim"])
    done = np.asarray(values["done"]).reshape(-1)
    n = done.size
    reset = (done > 0.5) | (int(values["force_reset"]) > 0.5)
    ref = np.asarray(values["ref"], np.float32).reshape(-1)[: n * agents * feats]
    out = np.array(values["data"], copy=True)
    view = out.reshape(-1)[: n * agents * feats].reshape(n, agents * feats)
    view[reset] = ref.reshape(n, agents * feats)[reset].astype(out.dtype)
    return {"data": out}


def lofar_cs_transpose(values: Values) -> dict[str, np.ndarray]:
    """LOFAR Cobalt's coherentStokesTranspose: output[tab, pol, sample, channel] = the pol's
    complex pair of input[channel, sample, tab] (its four floats: pol 0's re, im, pol 1's re,
    im) (copies)."""
    ntab, nch, ns = (int(values[k]) for k in ("nr_tabs", "nr_channels", "nr_samples"))
    src = np.asarray(values["input"], np.float32).reshape(-1)[: nch * ns * ntab * 4]
    src = src.reshape(nch, ns, ntab, 2, 2)
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: ntab * 2 * ns * nch * 2].reshape(ntab, 2, ns, nch, 2)
    view[...] = src.transpose(2, 3, 1, 0, 4).astype(out.dtype)
    return {"output": out}


def seticore_upchan_shift(values: Values) -> dict[str, np.ndarray]:
    """seticore's shift: prebeam[time, coarse, fine ^ (fft / 2), pol, antenna] =
    buffer[pol, antenna, coarse, time, fine] (complex copies)."""
    fft, nants, npol, nc, nt = (int(values[k]) for k in (
        "fft_size", "nants", "npol", "num_coarse_channels", "num_timesteps"))
    src = np.asarray(values["buffer"], np.float32).reshape(-1)[: npol * nants * nc * nt * fft * 2]
    src = src.reshape(npol, nants, nc, nt, fft, 2).transpose(3, 2, 4, 0, 1, 5)
    fine = np.arange(fft) ^ (fft >> 1)
    out = np.array(values["prebeam"], copy=True)
    view = out.reshape(-1)[: nt * nc * fft * npol * nants * 2].reshape(nt, nc, fft, npol, nants, 2)
    view[:, :, fine] = src.astype(out.dtype)
    return {"prebeam": out}


def rawspec_accumulate(values: Values) -> dict[str, np.ndarray]:
    """rawspec's accumulate: for each coarse channel z and dump y, pwr[z zpitch + y ypitch + f]
    = the sum over i below Na of pwr[z zpitch + y ypitch + i xpitch + f] for the fine
    channels f below nts (whole numbers: exact in float32, whatever the order); the rest
    untouched. The dumps and channels are those the buffer holds (zpitch / ypitch dumps a
    channel, the buffer's size / zpitch channels)."""
    na, nts = int(values["Na"]), int(values["nts"])
    xp, yp, zp = (int(values[k]) for k in ("xpitch", "ypitch", "zpitch"))
    out = np.array(values["pwr_buf"], copy=True)
    flat = out.reshape(-1)
    nc, nd = flat.size // zp, zp // yp
    base = (np.arange(nc)[:, None] * zp + np.arange(nd)[None, :] * yp).reshape(-1)
    first = base[:, None] + np.arange(nts)[None, :]
    acc = flat[first].astype(np.float32)
    for i in range(1, na):
        acc += flat[first + i * xp].astype(np.float32)
    flat[first] = acc.astype(out.dtype)
    return {"pwr_buf": out}


def dspsr_fscrunch(values: Values) -> dict[str, np.ndarray]:
    """DSPSR's FScrunch fpt_ndim2_ndim2: out[c, i] = the sum over j below sfactor of
    in[(c sfactor + j) in_span + i] for i below ndat (complex pairs; whole numbers: exact in
    float32), out[c] at c out_span; the output channels those the output holds."""
    span_in, span_out = int(values["in_span"]), int(values["out_span"])
    ndat, sf = int(values["ndat"]), int(values["sfactor"])
    src = np.asarray(values["in_base"], np.float32).reshape(-1, 2)
    out = np.array(values["out_base"], copy=True)
    flat = out.reshape(-1, 2)
    nout = (flat.shape[0] - ndat) // span_out + 1
    i = np.arange(ndat)
    for c in range(nout):
        acc = np.zeros((ndat, 2), np.float32)
        for j in range(sf):
            acc += src[(c * sf + j) * span_in + i]
        flat[c * span_out + i] = acc.astype(out.dtype)
    return {"out_base": out}


def mwax_transpose_weight(values: Values) -> dict[str, np.ndarray]:
    """MWAX's transpose_to_xGPU_and_weight: output[column, path] = input[path, column]
    weights[path] (complex pairs; whole numbers: exact)."""
    rows, cols = int(values["rows"]), int(values["columns"])
    w = np.asarray(values["weights"], np.float32).reshape(-1)[:rows]
    src = np.asarray(values["input"], np.float32).reshape(-1)[: rows * cols * 2]
    src = src.reshape(rows, cols, 2) * w[:, None, None]
    out = np.array(values["output"], copy=True)
    view = out.reshape(-1)[: cols * rows * 2].reshape(cols, rows, 2)
    view[...] = src.transpose(1, 0, 2).astype(out.dtype)
    return {"output": out}


def svoct_subdc_pad(values: Values) -> dict[str, np.ndarray]:
    """SFU BORG's subDC_PadComplex: for each raw sample i below total (A-scan a = i / width,
    sample s = i mod width), dst[a fft_width + s] = (src[i] - dc[s], 0) and, where fft_width
    > width, dst[a fft_width + s + width] = (0, 0); the rest untouched (whole numbers:
    exact in float32)."""
    width, fftw, total = int(values["width"]), int(values["fft_width"]), int(values["total"])
    src = np.asarray(values["src"]).reshape(-1)[:total].astype(np.float32)
    dc = np.asarray(values["dc_array"], np.float32).reshape(-1)[:width]
    nscan = total // width
    out = np.array(values["dst_complex"], copy=True)
    view = out.reshape(-1)[: nscan * fftw * 2].reshape(nscan, fftw, 2)
    view[:, :width, 0] = (src.reshape(nscan, width) - dc[None, :]).astype(out.dtype)
    view[:, :width, 1] = 0
    if fftw > width:
        view[:, width: 2 * width] = 0
    return {"dst_complex": out}


def cudadebayer_bayer_to_rgb(values: Values) -> dict[str, np.ndarray]:
    """cuda-debayer's bayer_to_rgb: for each quad from (x, y) = (2 i + 1, 2 j + 1) with x + 2
    below imgw and y + 2 below imgh, the blue (x, y), greens (x + 1, y) and (x, y + 1) and red
    (x + 1, y + 1) pixels' missing colours the truncated integer means of their two or four
    neighbours of that colour, their own colour copied (channels R, G, B; alpha 255 when bpp
    is 4); the rest untouched."""
    w, h, bpp = int(values["imgw"]), int(values["imgh"]), int(values["bpp"])
    src = np.asarray(values["in"]).reshape(-1)[: w * h].astype(np.int64).reshape(h, w)
    out = np.array(values["out"], copy=True)
    view = out.reshape(-1)[: w * h * bpp].reshape(h, w, bpp)
    nx, ny = max((w - 2) // 2, 0), max((h - 2) // 2, 0)  # quads with x + 2 < w, y + 2 < h
    if nx == 0 or ny == 0:
        return {"out": out}

    def at(dc, dr, c0, r0):  # samples at (c0 + 2 i + dc, r0 + 2 j + dr) for every quad
        return src[r0 + dr: r0 + dr + 2 * ny: 2, c0 + dc: c0 + dc + 2 * nx: 2]

    def edges(c0, r0):
        return (at(0, -1, c0, r0) + at(0, 1, c0, r0) + at(-1, 0, c0, r0) + at(1, 0, c0, r0)) // 4

    def corners(c0, r0):
        return (at(-1, -1, c0, r0) + at(1, -1, c0, r0) + at(-1, 1, c0, r0)
                + at(1, 1, c0, r0)) // 4

    def rows(c0, r0):
        return (at(-1, 0, c0, r0) + at(1, 0, c0, r0)) // 2

    def cols(c0, r0):
        return (at(0, -1, c0, r0) + at(0, 1, c0, r0)) // 2

    planes = {  # (column, row) of the quad's pixel: its (R, G, B)
        (2, 2): (at(0, 0, 2, 2), edges(2, 2), corners(2, 2)),
        (1, 2): (rows(1, 2), at(0, 0, 1, 2), cols(1, 2)),
        (2, 1): (cols(2, 1), at(0, 0, 2, 1), rows(2, 1)),
        (1, 1): (corners(1, 1), edges(1, 1), at(0, 0, 1, 1)),
    }
    for (c0, r0), rgb in planes.items():
        sub = view[r0: r0 + 2 * ny: 2, c0: c0 + 2 * nx: 2]
        for ch in range(3):
            sub[..., ch] = rgb[ch].astype(out.dtype)
        if bpp == 4:
            sub[..., 3] = 255
    return {"out": out}


def supra_tgc(values: Values) -> dict[str, np.ndarray]:
    """SUPRA's time-gain compensation: out[z, y, x] = in[z, y, x] times factors[x], [y] or [z]
    for work_dimension 0, 1 or 2 (zero otherwise) (whole numbers: exact in float32)."""
    w, h, d = (int(values[k]) for k in ("width", "height", "depth"))
    wd = int(values["work_dimension"])
    src = np.asarray(values["input_image"], np.float32).reshape(-1)[: d * h * w].reshape(d, h, w)
    f = np.asarray(values["factors"], np.float32).reshape(-1)
    if wd == 0:
        fac = f[:w][None, None, :]
    elif wd == 1:
        fac = f[:h][None, :, None]
    elif wd == 2:
        fac = f[:d][:, None, None]
    else:
        fac = np.float32(0)
    out = np.array(values["output_image"], copy=True)
    view = out.reshape(-1)[: d * h * w].reshape(d, h, w)
    view[...] = (src * fac).astype(out.dtype)
    return {"output_image": out}


def cudasgbm_hamming_cost(values: Values) -> dict[str, np.ndarray]:
    """Cuda-SGBM's __shift_subtract_stack_base: cost[d, r, c] = popcount(right[r, c + d] xor
    left[r, c]) where c + d < cols, else 1e7, for d below ndisp (whole numbers: exact in
    float32)."""
    rows, cols, nd = int(values["rows"]), int(values["cols"]), int(values["ndisp"])
    left = np.asarray(values["left"]).reshape(-1)[: rows * cols].astype(np.uint32)
    right = np.asarray(values["right"]).reshape(-1)[: rows * cols].astype(np.uint32)
    left, right = left.reshape(rows, cols), right.reshape(rows, cols)
    out = np.array(values["cost"], copy=True)
    view = out.reshape(-1)[: nd * rows * cols].reshape(nd, rows, cols)
    for d in range(nd):
        plane = np.full((rows, cols), 1e7, np.float64)
        if d < cols:
            plane[:, : cols - d] = np.bitwise_count(right[:, d:] ^ left[:, : cols - d])
        view[d] = plane.astype(out.dtype)
    return {"cost": out}


def kangaroo_costvol_min(values: Values) -> dict[str, np.ndarray]:
    """Kangaroo's KernCostVolMinimum: disp[y, x] = the first d below min(max_disp, x + 1) (at
    least d 0) with the smallest vol[d, y, x]."""
    w, h, nd = int(values["w"]), int(values["h"]), int(values["max_disp"])
    vol = np.asarray(values["vol"], np.float32).reshape(-1)
    planes = max(1, min(nd, w))
    vol = vol[: planes * h * w].reshape(planes, h, w).astype(np.float64)
    cols = np.arange(w)
    d = np.arange(planes)[:, None, None]
    # disparities at or past min(max_disp, x + 1) never win (d 0 always allowed)
    allowed = (d < np.minimum(nd, cols + 1)[None, None, :]) | (d == 0)
    masked = np.where(allowed, vol, np.inf)
    out = np.array(values["disp"], copy=True)
    out.reshape(-1)[: h * w] = masked.argmin(axis=0).reshape(-1).astype(out.dtype)
    return {"disp": out}


def worder_lower_data(values: Values) -> dict[str, np.ndarray]:
    """worder's lowerData: every character code in ['A', 'Z'] among the first data_length
    word_size raised by 'a' - 'A' in place, the rest untouched."""
    total = int(values["data_length"]) * int(values["word_size"])
    out = np.array(values["data"], copy=True)
    view = out.reshape(-1)[:total]
    upper = (view >= ord("A")) & (view <= ord("Z"))
    view[upper] += ord("a") - ord("A")
    return {"data": out}


#: D2Q9 directions of GPU-LBMsim's stream_gpu: (dx, dy) of population a.
_LBMSIM_D2Q9 = ((0, 0), (1, 0), (0, 1), (-1, 0), (0, -1), (1, 1), (-1, 1), (-1, -1), (1, -1))


def lbmsim_stream_push(values: Values) -> dict[str, np.ndarray]:
    """GPU-LBMsim's stream_gpu: ftemp[a, y + dy, x + dx] = f[a, y, x] for every direction a
    whose target node lies inside the nx x ny domain; the rest of ftemp untouched."""
    nx, ny = int(values["nx"]), int(values["ny"])
    f = np.asarray(values["f"]).reshape(-1)[: 9 * ny * nx].reshape(9, ny, nx)
    out = np.array(values["ftemp"], copy=True)
    view = out.reshape(-1)[: 9 * ny * nx].reshape(9, ny, nx)
    for a, (dx, dy) in enumerate(_LBMSIM_D2Q9):
        sy = slice(max(0, -dy), ny - max(0, dy))
        sx = slice(max(0, -dx), nx - max(0, dx))
        ty = slice(max(0, dy), ny - max(0, -dy))
        tx = slice(max(0, dx), nx - max(0, -dx))
        view[a, ty, tx] = f[a, sy, sx]
    return {"ftemp": out}


def ckmers_encode(values: Values) -> dict[str, np.ndarray]:
    """CountingKmers' encode_kmers_kernel: encoded[i] = the k bases seq[i .. i + k - 1] packed
    two bits each, first base highest ('A' 0, 'C' 1, 'G' 2, 'T' 3, any other byte 0), for
    every i with i + k <= seq_len; the rest untouched."""
    seq_len, k = int(values["seq_len"]), int(values["k"])
    table = np.zeros(256, np.int64)
    table[[ord("A"), ord("C"), ord("G"), ord("T")]] = [0, 1, 2, 3]
    seq = np.asarray(values["seq"]).reshape(-1)[:seq_len].astype(np.int64)
    codes = table[seq & 0xFF]
    nk = max(0, seq_len - k + 1)
    packed = np.zeros(nk, np.int64)
    for i in range(k):
        packed = (packed << 2) | codes[i: i + nk]
    out = np.array(values["encoded"], copy=True)
    out.reshape(-1)[:nk] = packed.astype(out.dtype)
    return {"encoded": out}


def xxcu3d_depth_outliers(values: Values) -> dict[str, np.ndarray]:
    """xxCu3Dlibrary's deleleOutliersDepthData3X3: for every pixel i below N = width height
    (x = i mod width, y = i / width), flag 0 for a NaN centre; otherwise count the eight
    neighbours at linear offsets (x + dx) + (y + dy) width that are outside [0, N) or NaN
    or (all but the upper right one) differ from the centre by more than depth_thresh;
    flag 1 where 8 - count >= neighbor_thresh, else 2."""
    w, h = int(values["width"]), int(values["height"])
    n = w * h
    nt, thr = int(values["neighbor_thresh"]), np.float32(values["depth_thresh"])
    depth = np.asarray(values["depth"], np.float32).reshape(-1)[:n]
    pad = w + 1
    padded = np.concatenate([np.full(pad, np.nan, np.float32), depth,
                             np.full(pad, np.nan, np.float32)])
    missing = np.zeros(n, np.int64)
    idx = np.arange(n) + pad
    x = np.arange(n) % w
    y = np.arange(n) // w
    steps = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))
    for k, (dx, dy) in enumerate(steps):
        lin = (x + dx) + (y + dy) * w
        v = np.where((lin >= 0) & (lin < n), padded[idx + dx + dy * w], np.float32(np.nan))
        nan = np.isnan(v)
        far = ~nan & (np.abs(v - depth) > thr) if k != 2 else np.zeros(n, bool)
        missing += nan | far
    flags = np.where(8 - missing >= nt, 1, 2)
    flags = np.where(np.isnan(depth), 0, flags)
    out = np.array(values["flags"], copy=True)
    out.reshape(-1)[:n] = flags.astype(out.dtype)
    return {"flags": out}


def hsprog_erode_nobound(values: Values) -> dict[str, np.ndarray]:
    """hs-progpar-2024's gpu_kernel_erosion_no_boundary on 8-bit pixels (four a word): pixels
    within mask_radius of the border copied, the others the minimum (from 255) over the window
    cells whose mask entry is non-zero; the padding bytes of the last word left as they were."""
    h, w, r = int(values["height"]), int(values["width"]), int(values["mask_radius"])
    side = 2 * r + 1
    mask = np.asarray(values["mask"]).reshape(-1)[: side * side].reshape(side, side)
    src = np.asarray(values["frame_in_words"]).reshape(-1).astype("<u4").view(np.uint8)
    src = src[: h * w].reshape(h, w)
    out = np.array(values["frame_out_words"], copy=True)
    dst = out.reshape(-1).view(np.uint8)[: h * w].reshape(h, w)
    res = src.copy()
    if w > 2 * r and h > 2 * r:
        low = np.full((h - 2 * r, w - 2 * r), 255, np.uint8)
        for dy in range(side):
            for dx in range(side):
                if mask[dy, dx] != 0:
                    np.minimum(low, src[dy: dy + h - 2 * r, dx: dx + w - 2 * r], out=low)
        res[r: h - r, r: w - r] = low
    dst[:, :] = res
    return {"frame_out_words": out}


def cudaogl_resize_rgb(values: Values) -> dict[str, np.ndarray]:
    """CudaOpenGL's 8-bit resizeBatchKernel on packed RGB bytes (four a word): destination
    pixel (x, y) the three bytes of source pixel (x (sw / dw), y (sh / dh)) (whole-number
    factors); the padding bytes of the last word left as they were."""
    sw, sh = int(values["src_pitch"]), int(values["src_height"])
    dw, dh = int(values["dst_width"]), int(values["dst_height"])
    src = np.asarray(values["src_words"]).reshape(-1).astype("<u4").view(np.uint8)
    src = src[: sh * sw * 3].reshape(sh, sw, 3)
    out = np.array(values["dst_words"], copy=True)
    dst = out.reshape(-1).view(np.uint8)[: dh * dw * 3].reshape(dh, dw, 3)
    ys, xs = sh // dh, sw // dw
    dst[:, :, :] = src[: dh * ys: ys, : dw * xs: xs, :][:dh, :dw]
    return {"dst_words": out}


def kinokko_histeq_apply(values: Values) -> dict[str, np.ndarray]:
    """kinokko/GPU's HistogramEqualizationGPUAction on 8-bit pixels (four a word): out[i] =
    min(lut[in[i]], 255) for the first img_size pixels, the rest of the last word left as
    it was (the table's entries non-negative: the kernel's cast of a negative one not
    modelled)."""
    n = int(values["img_size"])
    lut = np.asarray(values["lut"]).reshape(-1)[:256].astype(np.int64)
    src = np.asarray(values["img_in_words"]).reshape(-1).astype("<u4").view(np.uint8)[:n]
    out = np.array(values["img_out_words"], copy=True)
    dst = out.reshape(-1).view(np.uint8)[:n]
    dst[:] = np.minimum(lut[src], 255).astype(np.uint8)
    return {"img_out_words": out}


def csyntch_pcm_stereo16(values: Values) -> dict[str, np.ndarray]:
    """CU.Syntch's Stereo16 toPCM_kernel: frame i's bytes the low 16 bits of int(32767 l[i])
    then of int(32767 r[i]), little-endian (whole-number samples: the products exact)."""
    n = int(values["sample_size"])
    scale = np.float32(0x7FFF)
    left = np.trunc(np.asarray(values["buffer_l"], np.float32).reshape(-1)[:n] * scale)
    right = np.trunc(np.asarray(values["buffer_r"], np.float32).reshape(-1)[:n] * scale)
    lo = left.astype(np.int64) & 0xFFFF
    hi = right.astype(np.int64) & 0xFFFF
    out = np.array(values["pcm_words"], copy=True)
    out.reshape(-1)[:n] = (lo | (hi << 16)).astype(out.dtype)
    return {"pcm_words": out}


def cu2rec_loss_errors(values: Values) -> dict[str, np.ndarray]:
    """cu2rec's loss_kernel: for user u's ratings i (indptr[u] .. indptr[u + 1]), error[i] =
    data[i] - (global_bias + user_bias[u] + item_bias[item] + P[u] . Q[item]) (whole numbers:
    exact in any order); the other errors left as they were."""
    f, nu = int(values["factors"]), int(values["user_count"])
    indptr = np.asarray(values["indptr"]).reshape(-1).astype(np.int64)
    lo, hi = int(indptr[0]), int(indptr[nu])
    p = np.asarray(values["P"], np.float64).reshape(-1)[: nu * f].reshape(nu, f)
    q = np.asarray(values["Q"], np.float64).reshape(-1)
    q = q[: q.size // f * f].reshape(-1, f)
    users = np.repeat(np.arange(nu), np.diff(indptr[: nu + 1]))
    items = np.asarray(values["indices"]).reshape(-1)[lo:hi].astype(np.int64)
    ub = np.asarray(values["user_bias"], np.float64).reshape(-1)
    ib = np.asarray(values["item_bias"], np.float64).reshape(-1)
    dot = np.empty(hi - lo)
    for s in range(0, hi - lo, 1 << 18):  # in chunks: the gathered rows stay small
        e = min(hi - lo, s + (1 << 18))
        dot[s:e] = np.einsum("ij,ij->i", p[users[s:e]], q[items[s:e]])
    pred = float(values["global_bias"]) + ub[users] + ib[items] + dot
    data = np.asarray(values["data"], np.float64).reshape(-1)[lo:hi]
    out = np.array(values["error"], copy=True)
    out.reshape(-1)[lo:hi] = (data - pred).astype(out.dtype)
    return {"error": out}


def gput2_life_step(values: Values) -> dict[str, np.ndarray]:
    """GPU-T2's gameOfLifeKernel: each cell's live in-grid neighbours counted (cells past the
    edges dead), the new cell 1 where the count is 3 or a live cell has 2, else 0."""
    n, m = int(values["n"]), int(values["m"])
    cells = (np.asarray(values["cells_in"]).reshape(-1)[: n * m].reshape(n, m) != 0)
    padded = np.zeros((n + 2, m + 2), np.int32)
    padded[1: n + 1, 1: m + 1] = cells
    count = np.zeros((n, m), np.int32)
    for dy in range(3):
        for dx in range(3):
            if dy != 1 or dx != 1:
                count += padded[dy: dy + n, dx: dx + m]
    new = (count == 3) | (cells & (count == 2))
    out = np.array(values["cells_out"], copy=True)
    out.reshape(-1)[: n * m] = new.reshape(-1).astype(out.dtype)
    return {"cells_out": out}


def grain_sand_step(values: Values) -> dict[str, np.ndarray]:
    """grain's gpu_step (blank 0, sand 1, anything else undefined 2): a blank cell takes sand
    from above, or, resting on sand or the floor, from a sand cell beside it under sand; a sand
    cell empties when the cell below or a lower diagonal inside the grid is free."""
    n = int(values["n"])
    g = np.asarray(values["cells_in"]).reshape(-1)[: n * n].reshape(n, n).astype(np.int64)
    outside = 9  # neither blank nor sand: past the grid's edges
    p = np.full((n + 2, n + 2), outside, np.int64)
    p[1: n + 1, 1: n + 1] = g
    above, below = p[0:n, 1: n + 1], p[2:, 1: n + 1]
    left, right = p[1: n + 1, 0:n], p[1: n + 1, 2:]
    up_left, up_right = p[0:n, 0:n], p[0:n, 2:]
    down_left, down_right = p[2:, 0:n], p[2:, 2:]
    below_full = (below == outside) | (below == 1)
    fill = ((above == 1) | (below_full & (up_right == 1) & (right == 1))
            | (below_full & (up_left == 1) & (left == 1)))
    left_full = (down_left == outside) | (down_left == 1)
    right_full = (down_right == outside) | (down_right == 1)
    empty = (below == 0) | ~left_full | ~right_full
    new = np.full((n, n), 2, np.int64)
    new[g == 0] = fill[g == 0].astype(np.int64)
    new[g == 1] = np.where(empty[g == 1], 0, 1)
    out = np.array(values["cells_out"], copy=True)
    out.reshape(-1)[: n * n] = new.reshape(-1).astype(out.dtype)
    return {"cells_out": out}


def en605_caesar_shift(values: Values) -> dict[str, np.ndarray]:
    """EN605.617's caesar_cypher: each of the first length bytes (four a word) plus the key,
    modulo 256, in place; the bytes past length left alone."""
    n, key = int(values["length"]), int(values["offset"])
    out = np.array(values["text_words"], copy=True)
    text = out.reshape(-1).view(np.uint8)[:n]
    text[:] = ((text.astype(np.int64) + key) & 0xFF).astype(np.uint8)
    return {"text_words": out}


def csc456_bitonic_step(values: Values) -> dict[str, np.ndarray]:
    """CSC456_S19_HW3's bitonic_sort_step: every pair (i, i ^ j) with i ^ j > i put in
    ascending order where i & k is 0, descending otherwise (n a power of two)."""
    n, j, k = int(values["n"]), int(values["j"]), int(values["k"])
    out = np.array(values["values"], copy=True)
    v = out.reshape(-1)[:n]
    i = np.arange(n, dtype=np.int64)
    i = i[(i ^ j) > i]
    p = i ^ j
    a, b = v[i].copy(), v[p].copy()
    up = (i & k) == 0
    swap = np.where(up, a > b, a < b)
    v[i[swap]] = b[swap]
    v[p[swap]] = a[swap]
    return {"values": out}


def ovni_chroma_key(values: Values) -> dict[str, np.ndarray]:
    """OVNI's chroma_key: each RGBA pixel's alpha byte = (metric - transparency_t) /
    (opacity_t - transparency_t) * 255 clamped to [0, 255] and truncated, metric the float
    Euclidean distance of its R, G, B bytes from the key colour."""
    w, h = int(values["width"]), int(values["height"])
    key = np.array([int(values["key_r"]), int(values["key_g"]), int(values["key_b"])], np.int64)
    t, o = int(values["transparency_t"]), int(values["opacity_t"])
    out = np.array(values["frame"], copy=True)
    px = out.reshape(-1)[: w * h].view(np.uint8).reshape(w * h, 4)
    d = key[None, :] - px[:, :3].astype(np.int64)
    metric = np.sqrt((d * d).sum(axis=1).astype(np.float32))
    alpha = (metric - np.float32(t)) / np.float32(o - t)
    scaled = np.minimum(np.maximum(alpha * np.float32(255), np.float32(0)), np.float32(255))
    px[:, 3] = scaled.astype(np.uint8)
    return {"frame": out}


def csc589_haversine(values: Values) -> dict[str, np.ndarray]:
    """proj2_CSC589's haversine_distance_kernel: the great-circle distance (R 6371 km) of
    each pair (x1, y1), (x2, y2) of longitudes and latitudes in degrees, c = 2 atan2(sqrt(a),
    sqrt(1 - a)) of a = sin(dlat / 2)^2 + cos(lat1) cos(lat2) sin(dlon / 2)^2."""
    n = int(values["size"])
    to_rad = np.pi / 180
    x1, y1 = (np.asarray(values[k], np.float64).reshape(-1)[:n] for k in ("x1", "y1"))
    x2, y2 = (np.asarray(values[k], np.float64).reshape(-1)[:n] for k in ("x2", "y2"))
    d_lat = (y2 - y1) * to_rad
    d_lon = (x2 - x1) * to_rad
    lat1, lat2 = y1 * to_rad, y2 * to_rad
    a = (np.sin(d_lat / 2) * np.sin(d_lat / 2)
         + np.cos(lat1) * np.cos(lat2) * np.sin(d_lon / 2) * np.sin(d_lon / 2))
    c = 2 * np.arctan2(np.sqrt(a), np.sqrt(1 - a))
    out = np.array(values["dist"], copy=True)
    out.reshape(-1)[:n] = (6371 * c).astype(out.dtype)
    return {"dist": out}


def freq_heightmap_slope(values: Values) -> dict[str, np.ndarray]:
    """Sonic AWE's calculateSlopeKernel: each cell's slope as central differences along x and
    y halved, one-sided (not halved) on the map's edges; stored as (x, y) float pairs."""
    w, hh = int(values["width"]), int(values["height"])
    h = np.asarray(values["h"], np.float32).reshape(-1)[: w * hh].reshape(hh, w)
    cols, rows = np.arange(w), np.arange(hh)
    right, left = np.minimum(cols + 1, w - 1), np.maximum(cols - 1, 0)
    down, up = np.minimum(rows + 1, hh - 1), np.maximum(rows - 1, 0)
    sx = (h[:, right] - h[:, left]) / (right - left).astype(np.float32)[None, :]
    sy = (h[down, :] - h[up, :]) / (down - up).astype(np.float32)[:, None]
    out = np.array(values["slope_out"], copy=True)
    pairs = out.reshape(-1)[: 2 * w * hh].reshape(hh, w, 2)
    pairs[:, :, 0] = sx
    pairs[:, :, 1] = sy
    return {"slope_out": out}


def mac0219_base64_encode(values: Values) -> dict[str, np.ndarray]:
    """MAC0219-EP2's cuda_encode: each whole 3-byte group i written as the charset entries of
    its four 6-bit fields from output byte 4 i + (4 i - 1) / 76 (C's truncation), a '\\n'
    first written wherever the output index is 76 modulo 77 (with new_line_flag set)."""
    n, flag = int(values["len"]), int(values["new_line_flag"]) != 0
    data = np.asarray(values["in_words"]).reshape(-1).view(np.uint8)[: 3 * n].astype(np.int64)
    charset = np.asarray(values["charset_words"]).reshape(-1).view(np.uint8)[:64]
    out = np.array(values["out_words"], copy=True)
    text = out.reshape(-1).view(np.uint8)
    b0, b1, b2 = data[0::3], data[1::3], data[2::3]
    fields = (b0 >> 2, ((b0 & 0x03) << 4) | (b1 >> 4), ((b1 & 0x0F) << 2) | (b2 >> 6), b2 & 0x3F)
    i = np.arange(n, dtype=np.int64)
    at = 4 * i + np.where(i > 0, (4 * i - 1) // 76, 0)
    for field in fields:
        if flag:
            brk = at % 77 == 76
            text[at[brk]] = ord("\n")
            at = at + brk
        text[at] = charset[field]
        at = at + 1
    return {"out_words": out}


def pfinal_pixelado(values: Values) -> dict[str, np.ndarray]:
    """Proyectofinal's Pixelado: in each of three 8-bit planes (rows `pitch` bytes apart) the
    pixel (x, y) of the width x height image set to the pixel (x - x % 5, y - y % 5), the
    top-left pixel of its 5 x 5 cell; the bytes past the width untouched."""
    w, h, p = int(values["width"]), int(values["height"]), int(values["pitch"])
    rows = (np.arange(h) // 5 * 5)[:, None]
    cols = (np.arange(w) // 5 * 5)[None, :]
    result = {}
    for name in ("r_plane", "g_plane", "b_plane"):
        out = np.array(values[name], copy=True)
        img = out.reshape(-1).view(np.uint8)[: h * p].reshape(h, p)
        img[:, :w] = img[rows, cols]
        result[name] = out
    return result


def rpcuda_ndvi(values: Values) -> dict[str, np.ndarray]:
    """RasterPorcessingCUDA's compute_ndvi_kernel: each pixel's NDVI (nir - red) / (nir + red)
    in float32, 0 where nir + red == 0."""
    n = int(values["total_pixels"])
    red = np.asarray(values["red_data"], np.float32).reshape(-1)[:n]
    nir = np.asarray(values["nir_data"], np.float32).reshape(-1)[:n]
    total = red + nir
    zero = total == 0
    with np.errstate(divide="ignore", invalid="ignore"):
        ndvi = (nir - red) / np.where(zero, np.float32(1), total)
    out = np.array(values["ndvi_data"], copy=True)
    out.reshape(-1)[:n] = np.where(zero, np.float32(0), ndvi)
    return {"ndvi_data": out}


def rossird_stego_encode(values: Values) -> dict[str, np.ndarray]:
    """CUDA-Steganography's encode_per_pixel_kernel: pixel p (an RGBA word, channel c its byte
    c) of the first 2 num_bytes_data takes in its channels' least significant bits the bits
    7 - 4 (p % 2) - c of data byte p // 2 (the high nibble in the even pixel); the rest
    untouched."""
    nb = int(values["num_bytes_data"])
    data = np.asarray(values["bin_words"]).reshape(-1).view(np.uint8)[:nb].astype(np.uint32)
    nibbles = np.stack([data >> 4, data & 15], axis=1).reshape(-1)
    spread = np.zeros(2 * nb, np.uint32)
    for c in range(4):
        spread |= ((nibbles >> (3 - c)) & 1) << (8 * c)
    out = np.array(values["dest_img"], copy=True)
    px = out.reshape(-1)[: 2 * nb]
    px[:] = (px & np.uint32(0xFEFEFEFE)) | spread
    return {"dest_img": out}


def etudes_cat_map(values: Values) -> dict[str, np.ndarray]:
    """parallel-etudes' cat_map_iter_k: the pixel (x, y) of the N x N 8-bit image copied to
    C^k(x, y), C(x, y) = ((2x + y) mod N, (x + y) mod N); C^k as the matrix [[2, 1], [1, 1]]
    to the power k mod N, applied once."""
    n, k = int(values["N"]), int(values["k"])
    m = np.array([[1, 0], [0, 1]], dtype=object)
    step = np.array([[2, 1], [1, 1]], dtype=object)
    for _ in range(k):
        m = (step.dot(m)) % n
    a, b, c, d = (int(v) for v in (m[0, 0], m[0, 1], m[1, 0], m[1, 1]))
    cur = np.asarray(values["cur_words"]).reshape(-1).view(np.uint8)[: n * n].reshape(n, n)
    x = np.arange(n, dtype=np.int64)[None, :]
    y = np.arange(n, dtype=np.int64)[:, None]
    xn = ((a * x) % n + (b * y) % n) % n
    yn = ((c * x) % n + (d * y) % n) % n
    out = np.array(values["next_words"], copy=True)
    img = out.reshape(-1).view(np.uint8)[: n * n].reshape(n, n)
    img[yn, xn] = cur
    return {"next_words": out}


def gpgpu_tp1_sepia(values: Values) -> dict[str, np.ndarray]:
    """GPGPU TP1's sepia: each interleaved RGB pixel's channels r c0 + g c1 + b c2 in double
    (left to right, no FMA), capped at 255 and truncated to a byte."""
    w, h = int(values["width"]), int(values["height"])
    n = w * h
    rgb = np.asarray(values["input_words"]).reshape(-1).view(np.uint8)[: 3 * n].reshape(n, 3)
    r, g, b = (rgb[:, c].astype(np.float64) for c in range(3))
    out = np.array(values["output_words"], copy=True)
    img = out.reshape(-1).view(np.uint8)[: 3 * n].reshape(n, 3)
    for c, (c0, c1, c2) in enumerate(((0.393, 0.769, 0.189), (0.349, 0.686, 0.168),
                                      (0.272, 0.534, 0.131))):
        v = r * c0 + g * c1 + b * c2
        img[:, c] = np.minimum(v, 255.0).astype(np.uint8)
    return {"output_words": out}


def _murmur64a_rows(rows: np.ndarray, length: int, seed: int) -> np.ndarray:
    """MurmurHash64A (Austin Appleby) of each row of a uint8 [n, length] array, vectorized over
    the rows (uint64 arithmetic wraps modulo 2^64)."""
    m = np.uint64(0xC6A4A7935BD1E995)
    r = np.uint64(47)
    n = rows.shape[0]
    h = np.full(n, np.uint64((seed ^ ((length * 0xC6A4A7935BD1E995) % 2**64)) % 2**64))
    words = length // 8
    body = np.ascontiguousarray(rows[:, : 8 * words]).view("<u8").reshape(n, words)
    for w in range(words):
        k = body[:, w] * m
        k ^= k >> r
        k *= m
        h ^= k
        h *= m
    rest = length & 7
    if rest:
        tail = rows[:, 8 * words: 8 * words + rest].astype(np.uint64)
        for b in range(rest - 1, -1, -1):
            h ^= tail[:, b] << np.uint64(8 * b)
        h *= m
    h ^= h >> r
    h *= m
    h ^= h >> r
    return h


def compgpu_block_hash(values: Values) -> dict[str, np.ndarray]:
    """Comp-on-GPU's hash_kernel: the MurmurHash64A (seed 0x1e35a7bd) of each blk_sz-byte block,
    stored as two 32-bit words, low first."""
    blk, n = int(values["blk_sz"]), int(values["N"])
    data = np.asarray(values["d_in_words"]).reshape(-1).view(np.uint8)[: n * blk]
    with np.errstate(over="ignore"):
        h = _murmur64a_rows(data.reshape(n, blk), blk, 0x1E35A7BD)
    out = np.array(values["d_out_words"], copy=True)
    out.reshape(-1)[: 2 * n] = h.astype("<u8").view(np.uint32)
    return {"d_out_words": out}


def cuda4eng_flashlight(values: Values) -> dict[str, np.ndarray]:
    """CUDA for Engineers' flashlight distanceKernel: each RGBA pixel (v, v, 0, 255), v = 255 -
    int(sqrtf(dx^2 + dy^2)) clipped to 0-255, the distance from (pos_x, pos_y) in float32."""
    w, h = int(values["w"]), int(values["h"])
    px, py = int(values["pos_x"]), int(values["pos_y"])
    c = np.arange(w, dtype=np.int64)[None, :]
    r = np.arange(h, dtype=np.int64)[:, None]
    d2 = ((c - px) ** 2 + (r - py) ** 2).astype(np.float32)
    dist = np.sqrt(d2).astype(np.int64)
    v = np.clip(255 - dist, 0, 255).astype(np.uint32)
    out = np.array(values["d_out"], copy=True)
    out.reshape(-1)[: w * h] = (v | (v << np.uint32(8)) | np.uint32(255 << 24)).reshape(-1)
    return {"d_out": out}


def fractalway_julia(values: Values) -> dict[str, np.ndarray]:
    """Fractalway's Julia set: each pixel's escape step i (z <- z^2 + c from z the pixel's
    point, 1 to max_iter - 1, else max_iter; all double, unfused), grey int(255 i / max_iter)
    in R, G and B with alpha 255."""
    w, h = int(values["width"]), int(values["height"])
    m = int(values["max_iter"])
    zoom, px, py = float(values["zoom"]), float(values["pos_x"]), float(values["pos_y"])
    cre, cim = float(values["c_re"]), float(values["c_im"])
    re0 = (np.arange(w, dtype=np.float64) - w / 2.0) * zoom + px
    im0 = (np.arange(h, dtype=np.float64) - h / 2.0) * zoom + py
    re = np.broadcast_to(re0, (h, w)).reshape(-1).copy()
    im = np.broadcast_to(im0[:, None], (h, w)).reshape(-1).copy()
    steps = np.full(w * h, m, dtype=np.int64)
    live = np.arange(w * h)
    for k in range(1, m):
        if live.size == 0:
            break
        nre = (re * re - im * im) + cre
        nim = (2.0 * re) * im + cim
        out = nre * nre + nim * nim > 4.0
        steps[live[out]] = k
        keep = ~out
        live, re, im = live[keep], nre[keep], nim[keep]
    grey = ((255.0 * steps) / m).astype(np.int64).astype(np.uint32)
    res = np.array(values["argb"], copy=True)
    res[: w * h] = np.uint32(0xFF000000) | (grey << 16) | (grey << 8) | grey
    return {"argb": res}


def cudaimgproc_brightness(values: Values) -> dict[str, np.ndarray]:
    """CUDAImageProcessing's brightness: each byte of an interleaved BGR image plus bright,
    clamped to 0-255."""
    rows, cols = int(values["rows"]), int(values["cols"])
    n = 3 * rows * cols
    src = np.asarray(values["input_words"]).reshape(-1).view(np.uint8)[:n].astype(np.int64)
    out = np.array(values["output_words"], copy=True)
    out.reshape(-1).view(np.uint8)[:n] = np.clip(src + int(values["bright"]), 0, 255)
    return {"output_words": out}


def jucecuda_circular_conv(values: Values) -> dict[str, np.ndarray]:
    """juce_cuda_convolution's circularConvKernel: result[c] the float32 sum over i = 0 .. size -
    1, in that order, of x1[i] x2[(c - i) mod size], each product and sum rounded on its own."""
    n = int(values["size"])
    x1 = np.asarray(values["x1"], dtype=np.float32).reshape(-1)[:n]
    x2 = np.asarray(values["x2"], dtype=np.float32).reshape(-1)[:n]
    val = np.zeros(n, dtype=np.float32)
    for i in range(n):
        val = val + x1[i] * np.roll(x2, i)
    out = np.array(values["result"], copy=True)
    out.reshape(-1)[:n] = val
    return {"result": out}


#: Ken Perlin's reference permutation of 0-255 (brekekekex/perlin's table holds it twice).
_PERLIN_PERM = np.array([
    151, 160, 137, 91, 90, 15, 131, 13, 201, 95, 96, 53, 194, 233, 7, 225, 140, 36,
    103, 30, 69, 142, 8, 99, 37, 240, 21, 10, 23, 190, 6, 148, 247, 120, 234, 75,
    0, 26, 197, 62, 94, 252, 219, 203, 117, 35, 11, 32, 57, 177, 33, 88, 237, 149,
    56, 87, 174, 20, 125, 136, 171, 168, 68, 175, 74, 165, 71, 134, 139, 48, 27, 166,
    77, 146, 158, 231, 83, 111, 229, 122, 60, 211, 133, 230, 220, 105, 92, 41, 55, 46,
    245, 40, 244, 102, 143, 54, 65, 25, 63, 161, 1, 216, 80, 73, 209, 76, 132, 187,
    208, 89, 18, 169, 200, 196, 135, 130, 116, 188, 159, 86, 164, 100, 109, 198, 173, 186,
    3, 64, 52, 217, 226, 250, 124, 123, 5, 202, 38, 147, 118, 126, 255, 82, 85, 212,
    207, 206, 59, 227, 47, 16, 58, 17, 182, 189, 28, 42, 223, 183, 170, 213, 119, 248,
    152, 2, 44, 154, 163, 70, 221, 153, 101, 155, 167, 43, 172, 9, 129, 22, 39, 253,
    19, 98, 108, 110, 79, 113, 224, 232, 178, 185, 112, 104, 218, 246, 97, 228, 251, 34,
    242, 193, 238, 210, 144, 12, 191, 179, 162, 241, 81, 51, 145, 235, 249, 14, 239, 107,
    49, 192, 214, 31, 181, 199, 106, 157, 184, 84, 204, 176, 115, 121, 50, 45, 127, 4,
    150, 254, 138, 236, 205, 93, 222, 114, 67, 29, 24, 72, 243, 141, 128, 195, 78, 66,
    215, 61, 156, 180,
], dtype=np.int64)


def brekperlin_noise_fill(values: Values) -> dict[str, np.ndarray]:
    """brekekekex/perlin's perlin_noise_fill: each pixel's sum over oct octaves (freq 2^o, amp
    pers^o) of 2-D improved Perlin noise at ((col / s) freq, (row / s) freq), every double
    operation rounded on its own in the source's order."""
    w, h, s, octaves = (int(values[k]) for k in ("w", "h", "s", "oct"))
    pers = float(values["pers"])
    p = np.concatenate([_PERLIN_PERM, _PERLIN_PERM])
    i = np.arange(w * h, dtype=np.int64)
    col, row = i % w, (i - i % w) // w
    inv = 1.0 / float(s)

    def fade(t):
        t2 = t * t
        t3 = t2 * t
        t4 = t3 * t
        t5 = t4 * t
        return (6.0 * t5 - 15.0 * t4) + 10.0 * t3

    def lerp(t, a, b):
        return a + t * (b - a)

    def grad(hsh, a, b):
        k = hsh & 7
        return np.select([k == 0, k == 1, k == 2, k == 3, k == 4, k == 5, k == 6],
                         [a + b, -a + b, a - b, -a - b, a, -a, b], -b)

    noise = np.zeros(w * h, dtype=np.float64)
    freq, amp = 1.0, 1.0
    for _ in range(octaves):
        x = (col.astype(np.float64) * inv) * freq
        y = (row.astype(np.float64) * inv) * freq
        xi, yi = np.floor(x).astype(np.int64), np.floor(y).astype(np.int64)
        x, y = x - xi, y - yi
        xi, yi = xi & 255, yi & 255
        u, v = fade(x), fade(y)
        a = p[xi] + yi
        aa, ab = p[a], p[a + 1]
        b = p[xi + 1] + yi
        ba, bb = p[b], p[b + 1]
        xm, ym = x + -1.0, y + -1.0
        lv = lerp(v, lerp(u, grad(p[aa], x, y), grad(p[ba], xm, y)),
                  lerp(u, grad(p[ab], x, ym), grad(p[bb], xm, ym)))
        noise = noise + amp * lv
        amp = amp * pers
        freq = freq * 2.0
    out = np.array(values["noise_map"], copy=True)
    out.reshape(-1)[: w * h] = noise
    return {"noise_map": out}


def gsgpu_idw_interpolate(values: Values) -> dict[str, np.ndarray]:
    """gs-gpu's inverse distance weighting: pixel (row r, column c) at (lat_max - (lat_max -
    lat_min) / height r, long_min + (long_max - long_min) / width c) gets sum(w v) / sum(w), w
    = weights[i] pow(1 / sqrt(d^2), idp) (pow(1e9, idp) when d^2 < 1e-9), float32 in sample
    order."""
    f32 = np.float32
    n, w, h = int(values["size"]), int(values["width_px"]), int(values["height_px"])
    lat = np.asarray(values["lat_arr"], dtype=f32).reshape(-1)[:n]
    lon = np.asarray(values["long_arr"], dtype=f32).reshape(-1)[:n]
    val = np.asarray(values["val"], dtype=f32).reshape(-1)[:n]
    wts = np.asarray(values["weights"], dtype=f32).reshape(-1)[:n]
    lat_min, long_min = f32(values["lat_min"]), f32(values["long_min"])
    lat_max, long_max = f32(values["lat_max"]), f32(values["long_max"])
    idp = f32(values["idp"])
    lat_pt = lat_max - ((lat_max - lat_min) / f32(h)) * np.arange(h, dtype=f32)
    long_pt = long_min + ((long_max - long_min) / f32(w)) * np.arange(w, dtype=f32)
    lat_pt = np.broadcast_to(lat_pt[:, None], (h, w)).reshape(-1)
    long_pt = np.broadcast_to(long_pt, (h, w)).reshape(-1)
    near = f32(1e9 ** float(idp))
    acc = np.zeros(h * w, dtype=f32)
    total = np.zeros(h * w, dtype=f32)
    with np.errstate(divide="ignore", over="ignore", invalid="ignore"):
        for i in range(n):
            dlat, dlong = lat[i] - lat_pt, lon[i] - long_pt
            sq = dlat * dlat + dlong * dlong
            far = np.power(f32(1) / np.sqrt(sq), idp)
            wf = np.where(sq.astype(np.float64) < 1e-9, near, far)
            weight = wts[i] * wf
            total = total + weight
            acc = acc + weight * val[i]
        out = np.array(values["res"], copy=True)
        out.reshape(-1)[: h * w] = acc / total
    return {"res": out}


def fabidotplot_matrix(values: Values) -> dict[str, np.ndarray]:
    """THE-FABI7/Dotplot's dotplot_cuda_kernel: matrix[i, j] = 1 where sec1[i] == sec2[j], else
    0, row-major len1 x len2."""
    n1, n2 = int(values["len1"]), int(values["len2"])
    s1 = np.asarray(values["sec1"]).reshape(-1)[:n1]
    s2 = np.asarray(values["sec2"]).reshape(-1)[:n2]
    out = np.array(values["matrix"], copy=True)
    out.reshape(-1)[: n1 * n2] = (s1[:, None] == s2[None, :]).astype(out.dtype).reshape(-1)
    return {"matrix": out}


def stensor_leaky_relu_bwd(values: Values) -> dict[str, np.ndarray]:
    """stensor's LeakyReLU backward: x_grad[i] += y_grad[i] (x_data[i] > 0 ? 1 : alpha) for
    i < n, in float32 (the product and the sum each rounded)."""
    n = int(values["n"])
    alpha = np.float32(values["alpha"])
    x = np.asarray(values["x_data"], dtype=np.float32)[:n]
    dy = np.asarray(values["y_grad"], dtype=np.float32)[:n]
    out = np.array(values["x_grad"], dtype=np.float32, copy=True)
    slope = np.where(x > np.float32(0), np.float32(1), alpha).astype(np.float32)
    out[:n] = out[:n] + (dy * slope).astype(np.float32)
    return {"x_grad": out}


def ocv_needle_map_vertex(values: Values) -> dict[str, np.ndarray]:
    """OpenCV's needle map: each cell's arrow (foot, left barb, tip twice, right barb, foot;
    (x xscale, y yscale, z)) into vertex_data at 18 (y cols + x) and the hue
    (theta - pi) / pi 180 into the first float of each vertex's colour triple; float64 (the
    kernel's float32 atan2f, sqrtf, cosf and sinf are within the manifest's tolerance)."""
    cols, rows = int(values["cols"]), int(values["rows"])
    n = cols * rows
    u = np.asarray(values["u_avg"], dtype=np.float64)[:n]
    v = np.asarray(values["v_avg"], dtype=np.float64)[:n]
    max_flow = float(values["max_flow"])
    xs, ys = float(values["xscale"]), float(values["yscale"])
    pi = float(np.float32(np.pi))
    xi = np.tile(np.arange(cols, dtype=np.float64), rows)
    yi = np.repeat(np.arange(rows, dtype=np.float64), cols)
    fx, fy = xi * 16 + 8.0, yi * 16 + 8.0
    theta = np.arctan2(v, u)
    r = np.minimum(14.0 * (np.sqrt(v * v + u * u) / max_flow), 14.0)
    barb = np.minimum(r, 2.5)
    tx, ty = fx + r * np.cos(theta), fy + r * np.sin(theta)
    px = [fx, fx + barb * np.cos(theta - pi / 2), tx, tx, fx + barb * np.cos(theta + pi / 2), fx]
    py = [fy, fy + barb * np.sin(theta - pi / 2), ty, ty, fy + barb * np.sin(theta + pi / 2), fy]
    pz = [1.0, 0.7, 0.7, 0.7, 0.7, 1.0]
    vert = np.array(values["vertex_data"], dtype=np.float32, copy=True)
    colour = np.array(values["color_data"], dtype=np.float32, copy=True)
    block = np.empty((n, 6, 3), dtype=np.float64)
    for k in range(6):
        block[:, k, 0] = px[k] * xs
        block[:, k, 1] = py[k] * ys
        block[:, k, 2] = pz[k]
    vert[: 18 * n] = block.reshape(-1)
    hue = ((theta - pi) / pi * 180.0).astype(np.float32)
    colour[: 18 * n].reshape(n, 6, 3)[:, :, 0] = hue[:, None]
    return {"vertex_data": vert, "color_data": colour}


def omega_smooth_l1_loss(values: Values) -> dict[str, np.ndarray]:
    """Omega-AI's smooth L1 loss: x = input - label, 0.5 x x / beta where |x| < beta, else
    |x| - 0.5 beta, in float32 (each operation rounded, left to right)."""
    n = int(values["N"])
    beta = np.float32(values["beta"])
    x = (np.asarray(values["input"], dtype=np.float32)[:n]
         - np.asarray(values["label"], dtype=np.float32)[:n]).astype(np.float32)
    a = np.abs(x)
    half = np.float32(0.5)
    quad = ((half * x).astype(np.float32) * x).astype(np.float32) / beta
    lin = a - np.float32(half * beta)
    out = np.array(values["output"], dtype=np.float32, copy=True)
    out[:n] = np.where(a < beta, quad, lin).astype(np.float32)
    return {"output": out}


def openbr_cuda_lbp(values: Values) -> dict[str, np.ndarray]:
    """OpenBR's local binary patterns: each pixel's code ORs 128, 64, 32, 16, 8, 4, 2, 1 for
    the neighbours (-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1) that
    are >= the centre (outside the image 0), the output byte lut[code]."""
    rows, cols = int(values["rows"]), int(values["cols"])
    src = np.asarray(values["src_words"], dtype=np.uint32).view(np.uint8)[: rows * cols]
    lut = np.asarray(values["lut_words"], dtype=np.uint32).view(np.uint8)[:256]
    img = np.zeros((rows + 2, cols + 2), dtype=np.int16)
    img[1:-1, 1:-1] = src.reshape(rows, cols)
    centre = img[1:-1, 1:-1]
    code = np.zeros((rows, cols), dtype=np.int32)
    for bit, (dr, dc) in zip((128, 64, 32, 16, 8, 4, 2, 1),
                             ((-1, -1), (-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1)),
                             strict=True):
        code |= np.where(img[1 + dr: rows + 1 + dr, 1 + dc: cols + 1 + dc] >= centre, bit, 0)
    out = np.array(values["dst_words"], dtype=np.uint32, copy=True)
    out.view(np.uint8)[: rows * cols] = lut[code].reshape(-1)
    return {"dst_words": out}
def pfslam_update_map(values: Values) -> dict[str, np.ndarray]:
    """ParticleFilter_SLAM's kernel_update_map: each of the first num_elems cells becomes
    wall_code where its log-odds is above 0, then free_code where it is below the float32
    prior; any other cell keeps its code."""
    n = int(values["num_elems"])
    odds = np.asarray(values["s_log_odds"], dtype=np.float32).reshape(-1)[:n]
    prior = np.float32(values["log_odd_prior"])
    out = np.array(values["s_grid_map"], copy=True)
    cells = out.reshape(-1)[:n]
    cells[odds > 0] = int(values["wall_code"])
    cells[odds < prior] = int(values["free_code"])
    return {"s_grid_map": out}


def dpmix_rows_max(values: Values) -> dict[str, np.ndarray]:
    """dpmix's apply_rows_max: each row's maximum of a rows x cols row-major matrix and the
    first column holding it (a later value replaces the maximum only when strictly
    greater)."""
    rows, cols = int(values["rows"]), int(values["cols"])
    x = np.asarray(values["X"], dtype=np.float32).reshape(-1)[: rows * cols].reshape(rows, cols)
    y = np.array(values["y"], copy=True)
    iy = np.array(values["iy"], copy=True)
    pos = np.argmax(x, axis=1)
    y.reshape(-1)[:rows] = x[np.arange(rows), pos]
    iy.reshape(-1)[:rows] = pos
    return {"y": y, "iy": iy}


def pyemc_sum_slices(values: Values) -> dict[str, np.ndarray]:
    """PyEMC's kernel_sum_slices: each slice's sum over its pixels above 0 (whole-number
    intensities with sums below 2^24, so exact in any order)."""
    npix = int(values["number_of_pixels"])
    out = np.array(values["slice_sums"], copy=True)
    n = out.size
    s = np.asarray(values["slices"], dtype=np.float32).reshape(-1)[: n * npix].reshape(n, npix)
    out.reshape(-1)[:] = np.where(s > 0, s, np.float32(0)).astype(np.float64).sum(axis=1)
    return {"slice_sums": out}


def ppc_rl_forward(values: Values) -> dict[str, np.ndarray]:
    """Programming in Parallel with CUDA's rl_forward: f the estimate p convolved with the
    nkern x nkern kernel (taps y + nkern / 2 - ky and x + nkern / 2 - kx clamped to the
    image), c = q / f where |f| > 1e-6, else q (whole-number data: every sum exact)."""
    nx, ny, nk = int(values["nx"]), int(values["ny"]), int(values["nkern"])
    off = nk // 2
    kern = np.asarray(values["kern"], dtype=np.float32).reshape(-1)[: nk * nk].reshape(nk, nk)
    p = np.asarray(values["p"], dtype=np.float32).reshape(-1)[: nx * ny].reshape(ny, nx)
    q = np.asarray(values["q"], dtype=np.float32).reshape(-1)[: nx * ny].reshape(ny, nx)
    padded = np.pad(p, nk, mode="edge")  # edge rows and columns repeated: the clamp
    f = np.zeros((ny, nx), np.float32)
    tap = np.empty((ny, nx), np.float32)
    for ky in range(nk):
        y0 = nk + off - ky
        for kx in range(nk):
            x0 = nk + off - kx
            np.multiply(padded[y0: y0 + ny, x0: x0 + nx], kern[ky, kx], out=tap)
            f += tap
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(np.abs(f).astype(np.float64) > 1.0e-06, q / f, q)
    out = np.array(values["c"], copy=True)
    out.reshape(-1)[: nx * ny] = ratio.astype(np.float32).reshape(-1)
    return {"c": out}
