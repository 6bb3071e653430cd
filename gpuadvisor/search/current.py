"""A search that starts at the shape the app launches today (``tune --current 8x8``).

Why: the strategies start at the usual default (32x8, or 256x1 for 1-D blocks), the shape
the rules were calibrated from. An app that already launches another shape gains nothing from
a search that never times it: blind set 96's bm3d_get_block launches 8x8 blocks, its fastest
shape, and a live search from 32x8 ended at 16x16, 1.92x slower than what the app had. Timed
first, the current shape is the floor the answer cannot fall below, its profile is the one
the rules then read (the app's own counters), and the report says what the search gained over
it.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpuadvisor.search.base import Proposal, Step, Strategy
from gpuadvisor.space import Config


class FromCurrent(Strategy):
    """``inner`` with the app's current shape measured (and profiled) first."""

    def __init__(self, inner: Strategy, block: tuple[int, int, int]) -> None:
        super().__init__()
        self.inner = inner
        self.block = block
        self.name = inner.name

    def start(self, configs: Sequence[Config], budget: int) -> None:
        super().start(configs, budget)
        self.inner.start(configs, budget)

    def propose(self, history: Sequence[Step]) -> Proposal | None:
        if not history:
            first = current_config(self.configs, self.block)
            if first is not None:
                return Proposal(first, f"start: {first.label()}, the app's current shape "
                                       "(--current), profiled: the rules rank the space from it")
        proposal = self.inner.propose(history)
        self.ruled_out = self.inner.ruled_out
        self.stop_reason = self.inner.stop_reason
        return proposal


def current_config(configs: Sequence[Config], block: tuple[int, int, int]) -> Config | None:
    """The configuration of ``block`` at the default cache configuration (the first listed
    where none is called default); None where the space lacks the shape."""
    matches = [c for c in configs if c.block == block]
    return next((c for c in matches if c.cache_config == "default"),
                matches[0] if matches else None)
