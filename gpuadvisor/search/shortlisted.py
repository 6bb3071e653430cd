"""The shortlist strategy: profile the app's usual default shape first, time the shapes a
rule-only analysis of that profile lists (the rules' pick, then their best shape of each other
block aspect: :mod:`gpuadvisor.shortlist`), then search around the fastest as the guided
strategy does.

Why: one profile rarely settles a 2-D kernel's best shape (the blind sets' one-profile picks
are about as good as the apps' defaults), but the shortlist hedges across the readings the
profile leaves open, and the guided strategy's neighbourhood search then refines the fastest.
The guided strategy starts at 256x1 whatever the kernel; starting where the app is (32x8 for a
2-D space) gives the rules the profile they were calibrated from. ``benchmarks/blind_search.py``
compares the two on the blind sets.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpuadvisor.search.base import Proposal, Step
from gpuadvisor.search.strategies import Guided
from gpuadvisor.shortlist import SHORTLIST_SIZE, aspect_family, shortlist
from gpuadvisor.space import Config

#: The usual default shapes (as ``validation`` scores the apps' defaults): a 2-D space's and
#: a 1-D space's.
DEFAULT_2D = (32, 8, 1)
DEFAULT_1D = (256, 1, 1)


class Shortlisted(Guided):
    """Guided search whose first measurements are the app's default and the rules' shortlist."""

    name = "shortlist"

    def propose(self, history: Sequence[Step]) -> Proposal | None:
        if not history:
            first = usual_default(self.configs)
            if first is not None:
                return Proposal(first, f"start: {first.label()}, the usual default shape, "
                                       "profiled: the rules rank the space from it")
            return super().propose(history)
        if len(history) < self.k.explore:
            self._update_prior(history)
            self._prune_from_counters(history)
            listed = self._listed(history)
            if listed is not None:
                return listed
        return super().propose(history)

    def _listed(self, history: Sequence[Step]) -> Proposal | None:
        """The best-ranked configuration of the first listed shape not measured yet."""
        done = {s.config.block for s in history}
        ranked = sorted(self.configs, key=lambda c: self._rank[c.key])
        blocks = shortlist((c.block for c in ranked), SHORTLIST_SIZE)
        for i, block in enumerate(blocks):
            if block in done:
                continue
            options = [c for c in ranked if c.block == block and c.key not in self._pruned]
            if options:
                c = options[0]
                what = "pick" if i == 0 else f"best {aspect_family(block)} shape"
                return Proposal(c, f"shortlist {i + 1} of {len(blocks)}: the rules' {what} "
                                   f"(rank {ranked.index(c) + 1} of {len(ranked)})")
        return None


def usual_default(configs: Sequence[Config]) -> Config | None:
    """32x8 in a space with 2-D blocks, 256x1 otherwise, at the default cache configuration
    (the first listed where none is called default); None where the space lacks it."""
    two_d = any(c.block[1] > 1 or c.block[2] > 1 for c in configs)
    block = DEFAULT_2D if two_d else DEFAULT_1D
    matches = [c for c in configs if c.block == block]
    return next((c for c in matches if c.cache_config == "default"),
                matches[0] if matches else None)
