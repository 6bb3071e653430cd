"""The rules' view of the whole space from one measured row: a rule-only ranking (the guided
search's prior), the configurations the rules exclude, and Ryoo et al.'s Pareto front
(004 §5.2: no other configuration has both higher efficiency and higher utilization)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gpuadvisor.space import Config

Key = tuple[str, int, int, int, str]


@dataclass
class Prior:
    order: list[Key]  # rule-only ranking, best first (excluded configurations left out)
    excluded: dict[Key, list[str]] = field(default_factory=dict)
    pareto: set[Key] = field(default_factory=set)
    occupancy: dict[Key, float] = field(default_factory=dict)  # theoretical, %


def rule_prior(
    kernel: str, row: Mapping[str, Any], configs: Sequence[Config], arch: str | None = None
) -> Prior:
    """Score every configuration with the rules, using ``row`` (one measured configuration)
    for the kernel's resources and counters; the other configurations carry no row."""
    from gpuadvisor.analysis import kernel_info, resolve_arch
    from gpuadvisor.characterize import characterize
    from gpuadvisor.numbers import float_or_none
    from gpuadvisor.rank import Candidate, pareto_front, rank_by_rules, reasons_for, score
    from gpuadvisor.rules.context import arch_context, build_context
    from gpuadvisor.rules.engine import load_rules_or_fail

    rows = [dict(row)]
    a, board = resolve_arch(rows, arch)
    rules = _rules(load_rules_or_fail)
    sm = float_or_none(row.get("sm_count"))
    sm_count = int(sm) if sm else (board.sm_count if board else None)
    char = characterize(kernel, rows, reference=rows[0], elem_bytes=4,
                        sector_bytes=a.sector_bytes, warp_size=a.warp_size)
    kinfo = kernel_info(kernel, rows, char)
    actx = arch_context(a)
    measured_key = (kernel, int(row["block_x"]), int(row.get("block_y") or 1),
                    int(row.get("block_z") or 1), str(row.get("cache_config") or "default"))
    scored = []
    for c in configs:
        cand = Candidate(kernel, c.block, c.cache_config,
                         dict(row) if c.key == measured_key else None)
        ctx = build_context(a, board, kinfo, cand.block, cand.cache_config, row=cand.row,
                            sm_count=sm_count, grid=None, arch_ctx=actx)
        scored.append(score(rules, cand, ctx))
    ranked = rank_by_rules(scored)
    occ = {}
    for s in scored:
        value = float_or_none(s.context.get("derived", {}).get("occupancy"))
        if value is not None:
            occ[s.candidate.key] = value
    return Prior(
        order=[s.candidate.key for s in ranked],
        excluded={s.candidate.key: reasons_for(s, limit=1) for s in scored if s.excluded},
        pareto=pareto_front(scored),
        occupancy=occ,
    )


_RULES: list[Any] = []


def _rules(loader: Any) -> Any:
    if not _RULES:
        _RULES.append(loader(()))
    return _RULES[0]
