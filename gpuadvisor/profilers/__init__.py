"""Profilers: build the command, run it, parse its output into sweep-table rows.

``ncu`` (Nsight Compute) and ``nvprof`` (legacy, pre-Hopper recordings) share one metric
vocabulary (:mod:`gpuadvisor.profilers.metrics`). Plugins are loaded lazily by name.
"""

from __future__ import annotations

import importlib

from gpuadvisor.errors import UserError

#: name -> "module:class" of each profiler plugin.
PROFILERS = {
    "ncu": "gpuadvisor.profilers.ncu:NcuProfiler",
    "nvprof": "gpuadvisor.profilers.nvprof:NvprofProfiler",
}


def get_profiler(name: str):
    """The profiler plugin called ``name``; UserError listing the valid names otherwise."""
    target = PROFILERS.get(str(name).strip().lower())
    if target is None:
        raise UserError(f"unknown profiler {name!r}: use one of {', '.join(PROFILERS)}")
    module, _, cls = target.partition(":")
    return getattr(importlib.import_module(module), cls)()
