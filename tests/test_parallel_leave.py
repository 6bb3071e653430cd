"""Forked workers leave their large results' objects to the end of the process (issue 13,
eighth pass): ``parallel.leave_for_exit`` keeps an object in a forked worker (the pool ends
its workers without Python freeing it) and does nothing in the calling process, where the
object is freed as usual."""

from __future__ import annotations

import gc
import weakref

from gpuadvisor import parallel


class _Big:
    """Stands for an analysis."""


def _kept(_item: int) -> tuple[bool, bool]:
    obj = _Big()
    ref = weakref.ref(obj)
    parallel.leave_for_exit(obj)
    del obj
    return ref() is not None, bool(parallel._WORK.get("child"))


def test_a_worker_keeps_what_it_leaves_and_the_caller_does_not() -> None:
    gc.collect()
    results = parallel.map_forked(_kept, [0, 1, 2], 3)
    assert results[0] == (False, False)  # the first item runs here: freed at once
    assert results[1:] == [(True, True), (True, True)]  # in the workers: kept
    assert parallel._LEFT == [] and "child" not in parallel._WORK
