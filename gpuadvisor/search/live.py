"""The live search loop: measure (and profile) one configuration at a time on a target as the
strategy asks, journaling every finished row at once, so a stopped search keeps its work and
``--resume`` repeats nothing (a deterministic strategy asks for the same configurations again
and gets the journaled rows back)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.runner import (
    SweepResult,
    _sigterm_as_interrupt,  # SIGTERM stops a search like Ctrl-C: finished rows kept
    merge_profile,
    open_journal,
    plain_record,
    write_tables,
)
from gpuadvisor.search.base import SearchResult, Step, Strategy, run_search
from gpuadvisor.space import Config


def search_sweep(
    target: Any,
    configs: Sequence[Config],
    out_path: str | Path,
    strategy: Strategy,
    budget: int,
    *,
    resume: bool = False,
    overwrite: bool = False,
    profile: bool = True,
    provenance: Mapping[str, Any] | None = None,
    on_step: Callable[[Step], None] | None = None,
) -> tuple[SweepResult, SearchResult]:
    """Search ``configs`` on ``target`` with at most ``budget`` measurements into ``out_path``
    (the same files as a full sweep: journal.jsonl, sweep.csv, sweep.jsonl)."""
    out_dir = Path(out_path)
    journal, state = open_journal(out_dir, resume=resume, overwrite=overwrite)
    reused = measured = profiled = 0
    problems: list[str] = []
    journal.append({"type": "start", "resume": resume, "configs": len(configs),
                    "strategy": strategy.name, "max_configs": budget,
                    "provenance": dict(provenance or {})})

    def measure(config: Config) -> dict[str, Any]:
        nonlocal reused, measured, profiled
        key = config.key
        if key in state.rows:
            reused += 1
        else:
            try:
                row = plain_record(target.measure(config))
            except Exception as err:
                broken = getattr(err, "row", None)
                if broken is not None:
                    journal.append({"type": "row", "row": broken})
                    state.rows[key] = plain_record(broken)
                raise
            journal.append({"type": "row", "row": row})
            state.rows[key] = row
            measured += 1
        row = state.rows[key]
        if profile and key not in state.profiles and row.get("status") in ("ok", "invalid"):
            try:
                result = (target.profile([config], out_dir) or {}).get(key) or {
                    "error": "ncu: not profiled"}
            except UserError as err:
                result = {"error": f"ncu: {err}"}
                problems.append(str(err))
            record: dict[str, Any] = {"type": "profile", "key": list(key)}
            if result.get("error"):
                record["error"] = result["error"]
            else:
                record["metrics"] = plain_record(result)
            journal.append(record)
            state.profiles[key] = record
            profiled += 1
        return merge_profile(row, state.profiles.get(key))

    order = [c.key for c in configs]
    try:
        with _sigterm_as_interrupt():
            search = run_search(strategy, configs, measure, budget, on_step=on_step)
        for step in search.steps:
            journal.append({"type": "search", "key": list(step.config.key),
                            "reason": step.reason})
        journal.append({"type": "search_end", "stop": search.stop_reason,
                        "ruled_out": search.ruled_out})
    finally:
        journal.close()
        if state.rows:
            with contextlib.suppress(Exception):  # written again below when all went well
                write_tables(out_dir, state, order, dict(provenance or {}))
    csv_path, json_path, table = write_tables(out_dir, state, order, dict(provenance or {}))
    sweep = SweepResult(table=table, out_dir=out_dir, csv_path=csv_path, json_path=json_path,
                        journal_path=journal.path, measured=measured, profiled=profiled,
                        reused=reused, profile_problems=problems, torn_lines=state.torn)
    return sweep, search


def show_step(console: Any) -> Callable[[Step], None]:
    """One progress line per measured configuration: what came back and why it was chosen."""
    count = [0]

    def show(step: Step) -> None:
        count[0] += 1
        t = step.time_ms
        result = f"{t:.4g} ms" if t is not None else f"{step.row.get('status')}"
        console.print(f"[search {count[0]}] {step.config.label()}: {result} ({step.reason})",
                      markup=False, highlight=False, soft_wrap=True)

    return show


def show_search_end(console: Any, search: SearchResult) -> None:
    """Why the search stopped and which regions it ruled out without running them."""
    for region in search.ruled_out:
        kind = "deferred" if region.get("deferred") else "ruled out"
        console.print(f"{kind}: {region['region']}: {region['reason']}", markup=False,
                      highlight=False, soft_wrap=True)
    console.print(f"search stopped: {search.stop_reason}", markup=False, highlight=False,
                  soft_wrap=True)
