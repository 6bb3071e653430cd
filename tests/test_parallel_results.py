"""Forked workers and their large results (issue 13, eighth pass).

``parallel.leave_for_exit`` keeps an object in a forked worker (the pool ends its workers
without Python freeing it) and does nothing in the calling process, where the object is
freed as usual. ``map_forked(..., via_files=True)`` brings the children's results back
through files: the same results and errors as the list comprehension, and no file left.
"""

from __future__ import annotations

import gc
import os
import weakref

import pytest

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


def _big(i: int) -> dict[str, object]:
    if i == 3:
        raise ValueError("item 3")
    return {"i": i, "text": "x" * (1 << 20) + str(i), "nested": [i, None, 1.5]}


def _spill_files() -> set[str]:
    where = "/dev/shm" if os.path.isdir("/dev/shm") else None
    import tempfile

    folder = where or tempfile.gettempdir()
    # this process's only: /dev/shm is shared with every other process on the machine
    mine = f"gpuadvisor-{os.getpid()}-"
    return {f for f in os.listdir(folder) if f.startswith(mine) and f.endswith(".pickle")}


def test_results_through_files_are_the_list_comprehensions() -> None:
    before = _spill_files()
    assert parallel.map_forked(_big, [0, 1, 2], 3, via_files=True) == [_big(i) for i in range(3)]
    with pytest.raises(ValueError, match="item 3"):
        parallel.map_forked(_big, [0, 3, 1], 2, via_files=True)
    with pytest.raises(ValueError, match="item 3"):
        parallel.map_forked(_big, [3, 1], 2, via_files=True)
    assert _spill_files() == before


def _where(i: int) -> tuple[int, bool]:
    if i == 3:
        raise ValueError("item 3")
    if i == 4:
        raise KeyError("item 4")
    return i, bool(parallel._WORK.get("child"))


def test_forked_runs_the_last_item_here_when_asked() -> None:
    """``last_here``: the last item in this process, the others in children, results in
    order; the first item's exception in order wins, as in the list comprehension."""
    with parallel.forked(_where, [0, 1, 2], 2, last_here=True) as results:
        assert results() == [(0, True), (1, True), (2, False)]
    with parallel.forked(_where, [0, 1], 1, last_here=True) as results:  # one job: all here
        assert results() == [(0, False), (1, False)]
    with pytest.raises(ValueError, match="item 3"), \
            parallel.forked(_where, [0, 3, 4], 2, last_here=True) as results:
        results()
    with pytest.raises(KeyError, match="item 4"), \
            parallel.forked(_where, [0, 1, 4], 2, last_here=True) as results:
        results()


def test_groups_by_shares_and_the_parents_share() -> None:
    rows = {k: 10 for k in "abcdefgh"}
    assert parallel.kernel_groups(list("abcdefgh"), rows, 2, [0.75, 0.25]) == [
        list("abcdef"), list("gh")]
    assert parallel.kernel_groups(list("abcd"), rows, 3, [0.5, 0.5, 0.0]) == [
        list("ab"), list("cd")]
    # two processes: the parent's own work (a quarter of the items') plus its share equals
    # the child's share; with many processes the children alone take longer: no share
    share = parallel.parent_share(2, 0.25)
    assert share == pytest.approx(0.375) and 0.25 + share == pytest.approx(1 - share)
    assert parallel.parent_share(8, 0.25) == 0.0 and parallel.parent_share(1, 0.25) == 1.0


def _frame(i: int) -> object:
    import numpy as np
    import pandas as pd

    return pd.DataFrame({"f": np.arange(5, dtype=np.float64) * i, "ok": [True] * 5,
                         "n": pd.array([1, None, 3, 4, 5], dtype="Int64"),
                         "s": ["a", "b", None, "d", str(i)]})


def test_a_frame_through_a_file_is_the_same_frame_with_aligned_writable_columns() -> None:
    """Sixteenth pass: a result's buffers come back out of band, read in place from the
    file (a private mapping): the frame is equal, its arrays aligned and writable."""
    before = _spill_files()
    got = parallel.map_forked(_frame, [1, 2, 3], 3, via_files=True)
    for i, frame in zip([1, 2, 3], got, strict=True):
        want = _frame(i)
        assert frame.equals(want) and list(frame.dtypes) == list(want.dtypes)
        assert frame["f"].to_numpy().ctypes.data % 8 == 0
        frame.loc[0, "f"] = 42.0
        assert frame["f"].iloc[0] == 42.0
    assert _spill_files() == before
