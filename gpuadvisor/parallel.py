"""Kernels of a large table worked on in forked processes (issue 13).

A sweep table's kernels are analyzed independently of each other, so a table of hundreds of
kernels splits into contiguous groups, one per process. The processes are forked after the
table is read, so they inherit it instead of receiving a copy; each returns plain data (text,
lists of dicts) that the caller merges in table order, which keeps the output identical to one
process. Where ``fork`` is not available (Windows, macOS's default) the groups run here, one
after another.
"""

from __future__ import annotations

import contextlib
import itertools
import os
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

#: Below this many rows one process is faster: forking and merging cost more than they save.
MIN_ROWS = 20_000
MAX_JOBS = 8

_WORK: dict[str, Any] = {}
#: What forked workers keep until they end (:func:`leave_for_exit`).
_LEFT: list[Any] = []


def available_cpus() -> int:
    """CPUs this process may run on (its affinity mask, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def jobs_for(rows: int, requested: int = 0) -> int:
    """Processes to use: ``requested`` when given (>= 1), else one below :data:`MIN_ROWS`
    rows and one per available CPU (at most :data:`MAX_JOBS`) above."""
    if requested >= 1:
        return requested
    return 1 if rows < MIN_ROWS else max(1, min(available_cpus(), MAX_JOBS))


def kernel_groups(kernels: Sequence[str], rows_of: dict[str, int], jobs: int,
                  shares: Sequence[float] | None = None) -> list[list[str]]:
    """``kernels`` (in table order) cut into at most ``jobs`` contiguous groups of about equal
    row counts (``shares``: of about these fractions of the rows, one per group, instead)."""
    total = sum(rows_of.get(k, 0) for k in kernels)
    ends = list(itertools.accumulate(shares)) if shares is not None else None
    groups: list[list[str]] = [[]]
    done = 0
    for k in kernels:
        target = (total * len(groups) / jobs if ends is None
                  else total * ends[len(groups) - 1])
        if groups[-1] and done >= target and len(groups) < jobs:
            groups.append([])
        groups[-1].append(k)
        done += rows_of.get(k, 0)
    return [g for g in groups if g]


def map_forked(fn: Callable[[Any], Any], items: Sequence[Any], jobs: int, *,
               via_files: bool = False) -> list[Any]:
    """``[fn(item) for item in items]``, the items spread over ``jobs`` forked processes.

    ``fn`` and what it reads are inherited by the children, not pickled; only each result
    travels back, so it should be plain data. Exceptions propagate as from the list
    comprehension (the first one raised by an item in order). The first item runs in this
    process while the children run the others: it would only wait for them (and its result
    need not travel back). ``via_files``: the children's results come back through files
    in memory (:func:`_spill_paths`) rather than the pool's pipe, for large results (tens
    of MB travelled through the pipe at ~250 MB/s on the development machine, through a
    file several times faster).
    """
    if jobs <= 1 or len(items) <= 1 or not _can_fork():
        return [fn(item) for item in items]
    if not via_files:
        with _pool(fn, items[1:], jobs - 1) as rest:
            first = fn(items[0])  # raising here ends the children, as the comprehension would
            return [first, *rest()]
    paths = _spill_paths(len(items) - 1)
    try:
        with _pool(partial(_spilled, fn), list(zip(items[1:], paths, strict=True)),
                   jobs - 1) as rest:
            first = fn(items[0])
            rest()  # (raises what a child raised)
        return [first, *(_unspill(path) for path in paths)]
    finally:
        for path in paths:
            with contextlib.suppress(OSError):
                os.unlink(path)


def _spill_paths(count: int) -> list[str]:
    """``count`` new empty files in memory (``/dev/shm`` where there is one), for results."""
    import tempfile

    where = "/dev/shm" if os.path.isdir("/dev/shm") else None
    paths = []
    for _ in range(count):
        with tempfile.NamedTemporaryFile(prefix=f"gpuadvisor-{os.getpid()}-", suffix=".pickle",
                                         delete=False, dir=where) as f:
            paths.append(f.name)
    return paths


#: Where each out-of-band buffer of a spilled result starts (a multiple of this): NumPy
#: arrays read in place from the file stay aligned.
_ALIGN = 64


def _spilled(fn: Callable[[Any], Any], item_path: tuple[Any, str]) -> None:
    """``fn(item)`` pickled to ``path`` (in a child): the pickle's large buffers (a
    DataFrame's columns) out of band, after it, each at an aligned offset, so that
    :func:`_unspill` reads them in place instead of copying them out of the pickle. The
    file ends with each buffer's (offset, size), then the pickle's size and the count."""
    import pickle

    item, path = item_path
    result = fn(item)
    buffers: list[pickle.PickleBuffer] = []
    with open(path, "wb") as out:
        pickle.Pickler(out, protocol=5, buffer_callback=buffers.append).dump(result)
        head = out.tell()
        places = []
        for buffer in buffers:
            raw = buffer.raw()
            out.write(-out.tell() % _ALIGN * b"\0")
            places.append((out.tell(), raw.nbytes))
            out.write(raw)
        for number in (*(n for place in places for n in place), head, len(places)):
            out.write(number.to_bytes(8, "little"))


def _unspill(path: str) -> Any:
    """:func:`_spilled`'s result, its buffers views of a private mapping of the file (the
    pages read when touched, no copy made: ~0.07 -> ~0.02 s for a 70 MB DataFrame)."""
    import mmap
    import pickle

    with open(path, "rb") as fh:
        data = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_COPY)
    view = memoryview(data)

    def numbers(start: int, end: int) -> list[int]:
        return [int.from_bytes(view[i:i + 8], "little") for i in range(start, end, 8)]

    head, count = numbers(len(view) - 16, len(view))
    places = numbers(len(view) - 16 - 16 * count, len(view) - 16)  # offset, size, ...
    buffers = [view[at:at + nbytes] for at, nbytes in zip(places[::2], places[1::2],
                                                            strict=True)]
    return pickle.loads(view[:head], buffers=buffers)  # one of our children wrote it just now


@contextlib.contextmanager
def forked(fn: Callable[[Any], Any], items: Sequence[Any], jobs: int, *,
           last_here: bool = False) -> Iterator[Callable[[], list[Any]]]:
    """:func:`map_forked` begun on entering the block: the block goes on with other work while
    the processes run, and calls the function it is given for the results (it waits for them,
    raising as :func:`map_forked` raises). Leaving the block ends the processes. Where the
    items run here (one job, one item, no ``fork``), they run when the results are asked for.
    ``last_here``: the last item runs in this process when the results are asked for, the
    others in ``jobs - 1`` children (for a block whose own work is a share of the whole:
    one process fewer to fork, and its core not left to the children alone).
    """
    if jobs <= 1 or len(items) <= 1 or not _can_fork():
        yield lambda: [fn(item) for item in items]
        return
    if not last_here:
        with _pool(fn, items, jobs) as results:
            yield results
        return
    with _pool(fn, items[:-1], jobs - 1) as results:
        def gather() -> list[Any]:
            try:
                last = fn(items[-1])
            except BaseException:
                results()  # an earlier item's exception first, as map_forked raises
                raise
            return [*results(), last]

        yield gather


def parent_share(jobs: int, own_work: float) -> float:
    """The share of the items' work for this process to run itself (:func:`forked`'s
    ``last_here``) when its own other work is ``own_work`` times the items' work and
    ``jobs`` processes share it: what evens out the processes' ends (0 where the
    children alone already end later than this process's own work)."""
    return max(0.0, (1.0 + own_work) / jobs - own_work) if jobs > 1 else 1.0


def _can_fork() -> bool:
    import multiprocessing  # here: a small table's analyze never forks (~5 ms of start-up)

    return "fork" in multiprocessing.get_all_start_methods()


@contextlib.contextmanager
def _pool(fn: Callable[[Any], Any], items: Sequence[Any], jobs: int
          ) -> Iterator[Callable[[], list[Any]]]:
    """``fn`` over ``items`` in ``min(jobs, len(items))`` forked processes (at least one)."""
    import multiprocessing

    _WORK["fn"], _WORK["items"] = fn, list(items)
    try:
        with multiprocessing.get_context("fork").Pool(max(1, min(jobs, len(items)))) as pool:
            pending = pool.map_async(_run, range(len(items)), chunksize=1)
            yield pending.get
    finally:
        _WORK.clear()


def _run(index: int) -> Any:
    _WORK["child"] = True
    return _WORK["fn"](_WORK["items"][index])


def in_worker() -> bool:
    """Whether this process is a forked worker of :func:`map_forked` or :func:`forked`."""
    return bool(_WORK.get("child"))


def leave_for_exit(obj: Any) -> None:
    """In a forked worker, keep ``obj`` until the worker ends: the pool ends its workers
    without Python freeing what they hold, so a large analysis (a million objects at 100,000
    rows, ~0.05 s to free one by one) need not be freed before the worker's result is sent.
    Elsewhere (the calling process, one process, no ``fork``) nothing: ``obj`` is freed as
    usual."""
    if _WORK.get("child"):
        _LEFT.append(obj)
