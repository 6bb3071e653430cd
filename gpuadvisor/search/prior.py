"""The rules' view of the whole space from the measured rows: a rule-only ranking (the guided
search's prior), the configurations the rules exclude, Ryoo et al.'s Pareto front (004 §5.2:
no other configuration has both higher efficiency and higher utilization), and the access model
fitted from the profiled rows (how addresses move with threadIdx.x and threadIdx.y), which the
coalescing rules and the search's steering use instead of assuming x is contiguous."""

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
    access: Any = None  # access_model.KernelAccess fitted from the profiled rows, or None


def rule_prior(
    kernel: str, row: Mapping[str, Any], configs: Sequence[Config], arch: str | None = None,
    profiles: Sequence[Mapping[str, Any]] = (), code: Mapping[str, Any] | None = None,
) -> Prior:
    """Score every configuration with the rules, using ``row`` (the reference measured
    configuration) for the kernel's resources and counters and ``profiles`` (every measured row
    with counters, ``row`` among them) for the access model, with the kernel's PTX accesses
    where ``code`` has them; a configuration without a row of its own is scored from the
    model's predictions."""
    from gpuadvisor.access_model import fit_kernel
    from gpuadvisor.analysis import kernel_info, resolve_arch
    from gpuadvisor.characterize import characterize
    from gpuadvisor.numbers import float_or_none
    from gpuadvisor.rank import Candidate, pareto_front, rank_by_rules, reasons_for
    from gpuadvisor.rules.context import arch_context
    from gpuadvisor.rules.engine import load_rules_or_fail
    from gpuadvisor.scoring import KernelSetup, TableScorer
    from gpuadvisor.sweep import config_key

    rows = [dict(row)]
    a, board = resolve_arch(rows, arch)
    rules = _rules(load_rules_or_fail)
    sm = float_or_none(row.get("sm_count"))
    sm_count = int(sm) if sm else (board.sm_count if board else None)
    terms = category = None
    if code:
        from gpuadvisor.code_access import access_category, code_terms, matching

        kernel_code = matching(code, kernel)
        terms = code_terms(kernel_code) if kernel_code is not None else None
        category = access_category(terms) if terms is not None else None
    char = characterize(kernel, rows, reference=rows[0], elem_bytes=4,
                        sector_bytes=a.sector_bytes, warp_size=a.warp_size,
                        code_access=category)
    kinfo = kernel_info(kernel, rows, char)
    measured = {config_key(r): dict(r) for r in (*profiles, row)}
    # The code chooses among the models the profiles leave open, but gives none alone here:
    # replayed on the blind sets, a prior from the code alone (the guided search starts at an
    # unprofiled 256x1) sent natten_qk_rpb and adaptive_avgpool2d astray (1.01 -> 1.30x).
    kinfo.measured_access = fit_kernel(list(measured.values()), dict(row), terms,
                                       code_alone=False)
    # every configuration at once through the analysis's column evaluator (the same scores
    # as rank.score of each one's context; texts made only where read: excluded reasons)
    setup = KernelSetup(a, board, kinfo, sm_count, arch_context(a))
    cands = [Candidate(kernel, c.block, c.cache_config, measured.get(c.key)) for c in configs]
    (kernel_scores,) = TableScorer(rules).score_kernels([(setup, cands)])
    scored = list(kernel_scores)
    ranked = rank_by_rules(scored)
    occ = {}
    for s in scored:
        value = float_or_none(s.derived_values().get("occupancy"))
        if value is not None:
            occ[s.candidate.key] = value
    return Prior(
        order=[s.candidate.key for s in ranked],
        excluded={s.candidate.key: reasons_for(s, limit=1) for s in scored if s.excluded},
        pareto=pareto_front(scored),
        occupancy=occ,
        access=kinfo.measured_access,
    )


_RULES: list[Any] = []


def _rules(loader: Any) -> Any:
    if not _RULES:
        _RULES.append(loader(()))
    return _RULES[0]
