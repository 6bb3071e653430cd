"""The search loop: a strategy proposes, a measure callable answers, one configuration at a
time. The strategy gets nothing but the configurations' identities and the rows of the
configurations it asked for."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpuadvisor.space import Config

Measure = Callable[[Config], Mapping[str, Any]]


@dataclass
class Step:
    """One measured configuration: why it was chosen and what came back."""

    config: Config
    reason: str
    row: dict[str, Any]

    @property
    def time_ms(self) -> float | None:
        """The row's time when it ran correctly (failed or invalid rows have none)."""
        if str(self.row.get("status") or "ok") != "ok":
            return None
        try:
            t = float(self.row.get("time_ms"))
        except (TypeError, ValueError):
            return None
        return t if math.isfinite(t) and t > 0 else None


@dataclass
class Proposal:
    config: Config
    reason: str


class Strategy:
    """Base class: subclasses implement :meth:`propose`.

    ``ruled_out`` lists candidate regions dropped without running them (``region``, ``reason``,
    ``configs``); ``stop_reason`` says why the strategy stopped before the budget, if it did.
    """

    name = "base"

    def __init__(self) -> None:
        self.configs: list[Config] = []
        self.ruled_out: list[dict[str, Any]] = []
        self.stop_reason: str | None = None
        #: measurements a wrapper took before the strategy's own start (the app's current
        #: shape, :class:`gpuadvisor.search.current.FromCurrent`): not counted against the
        #: strategy's phases, so the shapes the rules list are not the ones it displaces
        self.extra_steps = 0

    def start(self, configs: Sequence[Config], budget: int) -> None:
        """The space (identities only) and the number of measurements allowed."""
        self.configs = list(configs)
        self.budget = budget

    def propose(self, history: Sequence[Step]) -> Proposal | None:
        """The next configuration to measure, or None to stop (set ``stop_reason``)."""
        raise NotImplementedError


@dataclass
class SearchResult:
    strategy: str
    steps: list[Step]
    stop_reason: str
    ruled_out: list[dict[str, Any]] = field(default_factory=list)

    @property
    def best(self) -> Step | None:
        timed = [s for s in self.steps if s.time_ms is not None]
        return min(timed, key=lambda s: s.time_ms) if timed else None  # type: ignore[arg-type]


def run_search(
    strategy: Strategy,
    configs: Sequence[Config],
    measure: Measure,
    budget: int,
    on_step: Callable[[Step], None] | None = None,
) -> SearchResult:
    """Measure what ``strategy`` asks for until it stops or ``budget`` measurements are done.

    ``measure`` returns one row per configuration (a failed launch is a row with status
    ``failed``); it is the only way the strategy learns anything about a configuration.
    """
    budget = max(0, min(int(budget), len(configs)))
    strategy.start(configs, budget)
    valid = set(configs)
    steps: list[Step] = []
    stop = f"budget of {budget} measurements spent"
    while len(steps) < budget:
        proposal = strategy.propose(list(steps))
        if proposal is None:
            stop = strategy.stop_reason or "the strategy has nothing left to try"
            break
        if proposal.config not in valid or any(s.config == proposal.config for s in steps):
            raise ValueError(f"{strategy.name} proposed {proposal.config} twice or off the space")
        step = Step(proposal.config, proposal.reason, dict(measure(proposal.config)))
        steps.append(step)
        if on_step is not None:
            on_step(step)
    if len(steps) == len(configs) and len(steps) < budget:
        stop = "every configuration measured"
    return SearchResult(strategy.name, steps, stop, list(strategy.ruled_out))
