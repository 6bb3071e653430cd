"""Profilers: build the command, run it, parse its output into sweep-table rows.

``ncu`` (Nsight Compute) and ``nvprof`` (legacy, pre-Hopper recordings) share one metric
vocabulary (:mod:`gpuadvisor.profilers.metrics`). Submodules are imported lazily.
"""
