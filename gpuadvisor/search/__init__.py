"""Search the configuration space one measurement at a time instead of sweeping all of it.

A :class:`~gpuadvisor.search.base.Strategy` proposes the next configuration from the results
it has seen; :func:`~gpuadvisor.search.base.run_search` feeds it measurements from a
``measure`` callable (a live GPU target, or :mod:`gpuadvisor.search.replay` for a recorded
sweep). Strategies: ``exhaustive``, ``random`` (seeded), ``guided`` (rules, occupancy,
Ryoo's Pareto pruning and the measured counters) and ``shortlist`` (guided search that first
profiles the usual default shape and times the rules' shortlist from it).
"""

from gpuadvisor.search.base import SearchResult, Step, Strategy, run_search
from gpuadvisor.search.strategies import DEFAULT_STRATEGY, STRATEGIES, make_strategy

__all__ = ["DEFAULT_STRATEGY", "STRATEGIES", "SearchResult", "Step", "Strategy", "make_strategy",
           "run_search"]
