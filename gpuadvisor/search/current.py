"""A search that also times the shape the app launches today (``tune --current 8x8``).

Why: the strategies start at the usual default (32x8, or 256x1 for 1-D blocks), the shape the
rules were calibrated from. An app that already launches another shape gains nothing from a
search that never times it: blind set 96's bm3d_get_block launches 8x8 blocks, its fastest
shape, and a live search from 32x8 ended at 16x16, 1.92x slower than what the app had.

So the current shape is measured first (the floor the answer cannot fall below), then the
usual default, and the strategy goes on as if it had started at the usual default: the rules
list from that profile, the one they were calibrated from. Listing from the current shape's
own profile instead was tried: on sets 96-98's 16 kernels with a named host launch it missed
cudamat_select_rows (its host's 32x1 profile listed worse shapes than 32x8's: 1.077x against
1.026x) and xfm_sparse_mask_matmul's best; measuring both is within 3 % on all 16
(``benchmarks/current_start.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from gpuadvisor.search.base import Proposal, Step, Strategy
from gpuadvisor.search.shortlisted import usual_default
from gpuadvisor.space import Config, config_of_block

#: Where the current shape came from when nobody named it: a built-in kernel's manifest
#: ``host_block``, the block its ported project launches (tune, simulate).
PROJECT_LAUNCH = "the project's own launch"


class FromCurrent(Strategy):
    """``inner`` with the app's current shape measured (and profiled) first and the usual
    default second; ``inner`` sees the usual default's step as its first."""

    def __init__(self, inner: Strategy, block: tuple[int, int, int],
                 source: str = "--current") -> None:
        super().__init__()
        self.inner = inner
        self.block = block
        self.name = inner.name
        self.source = source  # where the shape came from, for the step's note

    def start(self, configs: Sequence[Config], budget: int) -> None:
        super().start(configs, budget)
        self.inner.start(configs, budget)

    def propose(self, history: Sequence[Step]) -> Proposal | None:
        usual = usual_default(self.configs)
        if usual is not None and usual.block == self.block:
            usual = None  # the app is at the usual default: the inner strategy as it is
        if not history:
            first = config_of_block(self.configs, self.block)
            if first is not None:
                return Proposal(first, f"start: {first.label()}, the app's current shape "
                                       f"({self.source}), profiled: the answer is never "
                                       "slower")
        elif usual is not None and all(s.config != usual for s in history):
            return Proposal(usual, f"{usual.label()}, the usual default shape, profiled: the "
                                   "rules rank the space from it")
        # the usual default's step first: the strategies read their first step as their start
        seen = [s for s in history if s.config == usual] + [s for s in history
                                                           if s.config != usual]
        # the current shape's measurement is not one of the inner strategy's own: its list
        # keeps every entry (blind set 99's fasttf_sparse_avg_bwd lost its fourth, the best)
        self.inner.extra_steps = int(usual is not None and any(
            s.config.block == self.block for s in history))
        proposal = self.inner.propose(seen)
        self.ruled_out = self.inner.ruled_out
        self.stop_reason = self.inner.stop_reason
        return proposal

