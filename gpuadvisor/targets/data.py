"""Host-side data of a built-in kernel: initial buffer contents and scalar values.

Deterministic (seeded by the manifest's ``data_seed`` and the argument's position; the
``slab_lists`` parts by ``data_seed`` alone, so that they agree), so the timing process and the
profiling driver build the same inputs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gpuadvisor.errors import UserError
from gpuadvisor.targets.manifest import SLAB_LIST_INIT_KEYS, ArgSpec, KernelSpec, evaluate


def scalar_values(spec: KernelSpec, params: Mapping[str, int]) -> dict[str, int | float]:
    return {a.name: evaluate(a.value, dict(params)) for a in spec.args if not a.is_buffer}


def initial_array(spec: KernelSpec, arg: ArgSpec, params: Mapping[str, int]) -> np.ndarray:
    """The buffer's contents before a launch (scratch and ``zeros`` buffers are zero)."""
    shape = spec.buffer_elements(arg, params)
    dtype = np.dtype(arg.dtype)
    init = arg.init or {"dist": "zeros"}
    if init.get("dist") == "zeros":
        return np.zeros(shape, dtype=dtype)
    if init.get("dist") == "slab_lists":
        names = dict(params)
        pool, queries = slab_lists(
            np.random.default_rng(spec.data_seed),
            *(int(evaluate(init[key], names)) for key in SLAB_LIST_INIT_KEYS))
        part = pool if init["part"] == "slabs" else queries
        if part.size != int(np.prod(shape)):
            raise UserError(f"kernel {spec.name}: argument {arg.name}: slab_lists part "
                            f"{init['part']} has {part.size} words, the buffer {shape}")
        return part.reshape(shape).astype(dtype, copy=False)
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


#: SlabHash's constants (Ashkiani et al., IPDPS 2018; owensgroup/SlabHash): the hash's prime,
#: the empty key, value and slab pointer (0xFFFFFFFF all three), and a slab's 15 key-value pairs
#: (key in word 2i, value in word 2i + 1; word 30 unused, word 31 the next slab's index).
SLAB_PRIME = 4294967291
SLAB_EMPTY = 0xFFFFFFFF
SLAB_PAIRS = 15


def slab_lists(rng: np.random.Generator, slabs: int, steps: int, queries: int, hash_x: int,
               hash_y: int) -> tuple[np.ndarray, np.ndarray]:
    """A SlabHash concurrent map whose every bucket is a list of exactly ``steps`` full slabs,
    and ``queries`` keys each found in the last slab of its bucket's list: (the slab pool,
    ``slabs`` x 32 uint32 words; the query keys, uint32).

    ``buckets = slabs // steps``. The pool's first ``buckets`` slabs are the bucket table
    (SlabHash's d_table: bucket b's base slab is slab b); the others are the allocator's, each
    list's ``steps - 1`` later slabs drawn by a random permutation of them (the ones no list
    takes stay empty, 0xFFFFFFFF as SlabHash's memset leaves them), so that consecutive slabs
    of a list are unrelated lines. A slab holds 15 pairs, key in word 2i and value in 2i + 1,
    word 30 unused (0xFFFFFFFF) and word 31 the next slab's pool index (0xFFFFFFFF: the end).
    Each bucket's 15 ``steps`` keys are distinct, hash to it under SlabHash's computeBucket
    (built from h = b + buckets j < prime, one j drawn in each of 15 ``steps`` equal strata,
    key = ((h - hash_y) mod 2^32) ^ hash_x, never the empty key) and are shuffled; the values
    are keys of the table drawn at random (so that a value word can equal a searched key: only
    SlabHash's key-lane mask keeps a search off it). Query q searches bucket q mod buckets (the
    queries of one bucket a whole pass over the others apart) for a key drawn from the pairs
    of its list's last slab."""
    buckets = slabs // steps if steps >= 1 else 0
    per_list = SLAB_PAIRS * steps
    span = (SLAB_PRIME - buckets) // buckets + 1 if buckets >= 1 else 0  # j < span: h < prime
    width = span // per_list if buckets >= 1 else 0  # strata of j, one key drawn in each
    if width < 2 or queries < 0 or not (0 <= hash_x < 2**32 and 0 <= hash_y < 2**32):
        raise UserError(
            f"slab_lists: lists of {steps} slabs in a pool of {slabs} need 1 <= steps <= slabs "
            f"and 30 steps (slabs // steps) below {SLAB_PRIME} (distinct keys for every "
            f"bucket), {queries} queries at least 0 and 32-bit hash constants")
    empty_h = ((hash_x ^ SLAB_EMPTY) + hash_y) & 0xFFFFFFFF  # where the empty key hashes to
    j = np.arange(per_list, dtype=np.int64) * width + rng.integers(
        0, width, size=(buckets, per_list), dtype=np.int64)
    h = np.arange(buckets, dtype=np.int64)[:, None] + buckets * j
    clash = h == empty_h  # at most one: move it within its stratum
    j[clash] += np.where(j[clash] % width < width - 1, 1, -1)
    h = np.arange(buckets, dtype=np.int64)[:, None] + buckets * j
    keys = (((h - hash_y) & 0xFFFFFFFF) ^ hash_x).astype(np.uint32)
    keys = rng.permuted(keys, axis=1).reshape(buckets, steps, SLAB_PAIRS)
    values = keys.reshape(-1)[rng.integers(0, keys.size, size=keys.size)].reshape(keys.shape)

    order = np.empty((buckets, steps), dtype=np.int64)  # the pool index of each list's slabs
    order[:, 0] = np.arange(buckets)
    order[:, 1:] = (rng.permutation(slabs - buckets)[: buckets * (steps - 1)] + buckets).reshape(
        buckets, steps - 1)
    words = np.full((buckets, steps, 32), SLAB_EMPTY, dtype=np.uint32)
    words[:, :, 0 : 2 * SLAB_PAIRS : 2] = keys
    words[:, :, 1 : 2 * SLAB_PAIRS : 2] = values
    words[:, :-1, 31] = order[:, 1:]
    pool = np.full((slabs, 32), SLAB_EMPTY, dtype=np.uint32)
    pool[order.reshape(-1)] = words.reshape(-1, 32)

    q = np.arange(queries, dtype=np.int64)
    query_keys = keys[q % buckets, steps - 1, rng.integers(0, SLAB_PAIRS, size=queries)]
    return pool, query_keys.astype(np.uint32)


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
