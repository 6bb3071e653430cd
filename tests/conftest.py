"""Shared test setup: the ``gpu`` marker skips cleanly on machines without a GPU, and the
longest tests are scheduled first."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
SHARED = ROOT.parent / "shared"


def _gpu_available() -> bool:
    if shutil.which("nvidia-smi") is None:
        return False
    try:
        import pycuda.driver as drv  # noqa: F401

        drv.init()
        return drv.Device.count() > 0
    except Exception:
        return False


def _ray_available() -> bool:
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


#: Tests that take 5-30 s each (``pytest --durations``), run first: pytest-xdist hands tests
#: out in collection order, and one of these collected last kept one worker busy while the
#: others had finished (the validation page alone is 70-160 s). pyproject's
#: ``--maxschedchunk=8`` keeps them apart: xdist's first hand-out is otherwise a quarter of each
#: worker's share of the tests (~540 at once), so one worker got every long test and the
#: other sat idle for the last ~90 s.
LONGEST_FIRST = ("test_validation.py::test_validation_page_is_fresh",
                 "test_record_subwarp.py::", "test_record_calibration.py::",
                 "test_record_few_waves.py::", "test_code_tiles.py::test_over_every_recorded",
                 "test_ptx.py::test_every_recorded_kernel", "test_small_sweep.py::test_recorded",
                 "test_kernels_manifest.py::test_blind37_references",
                 "test_search.py::test_guided_finds_the_best_of_random",
                 "test_runner.py::test_kill_with_sigkill", "test_search_tune.py::")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: next(
        (i for i, part in enumerate(LONGEST_FIRST) if part in item.nodeid), len(LONGEST_FIRST)))
    if not _ray_available():
        no_ray = pytest.mark.skip(reason="needs Ray (pip install -e '.[cluster]')")
        for item in items:
            if "cluster" in item.keywords:
                item.add_marker(no_ray)
    if _gpu_available():
        return
    skip = pytest.mark.skip(reason="needs an NVIDIA GPU with pycuda (none here)")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)
