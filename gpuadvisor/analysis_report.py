"""Reading analyze's inputs and rendering an :class:`~gpuadvisor.analysis.Analysis`.

Inputs are sweep tables (``gpuadvisor.sweep.read_sweep``: CSV with ``kernel`` and ``block_x``
columns, or JSON Lines) or recorded profiles of any format ``gpuadvisor.importer`` detects.
Output is a rich terminal view, Markdown, or the JSON of ``Analysis.to_dict``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.sweep import looks_like_sweep


def load_inputs(paths: Sequence[str | Path], *, columns: bool = False
                ) -> tuple[Any, dict[str, str], list[str]]:
    """All files as one sweep table, their merged provenance and their names.

    ``columns``: a single small CSV sweep table that reads one way may come back as a
    :class:`~gpuadvisor.rows.Table` read without pandas (:mod:`gpuadvisor.small_sweep`; what
    :func:`~gpuadvisor.analysis.analyze_sweep` takes), else a DataFrame.
    """
    if not paths:
        raise UserError("no input files")
    if columns and len(paths) == 1:
        path = Path(paths[0])
        if path.is_file() and looks_like_sweep(path):
            from gpuadvisor.small_sweep import read_small_sweep

            small = read_small_sweep(path)
            if small is not None:
                return small[0], small[1], [str(paths[0])]
    import pandas as pd

    from gpuadvisor.sweep import is_normalized, normalize, read_sweep

    frames = []
    provenance: dict[str, str] = {}
    profiles: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            raise UserError(f"{path}: is a directory (name the sweep tables or profiles in it)")
        if not path.is_file():
            raise UserError(f"{path}: no such file")
        if looks_like_sweep(path):
            table, prov = read_sweep(path)
            for key, value in prov.items():
                provenance.setdefault(key, value)
            frames.append(table)
        else:
            profiles.append(path)
    if profiles:
        # One import call, so that nvprof metric files meet their GPU traces (launch shapes).
        try:
            from gpuadvisor.importer import import_files
        except ImportError:  # pragma: no cover - the importer ships with the package
            raise UserError(f"{profiles[0]}: not a sweep table, and the profile importer is "
                            "not available") from None
        frames.append(import_files(profiles))
    if len(frames) == 1 and is_normalized(frames[0]):
        # One sweep table, already normalized by read_sweep: converting it to objects and back
        # gives the same cells (Python numbers either way) and took seconds on large tables.
        return frames[0], provenance, [str(p) for p in paths]
    df = pd.concat([f.astype(object) for f in frames], ignore_index=True, sort=False)
    return normalize(df), provenance, [str(p) for p in paths]


# ----------------------------------------------------------------------------- markdown


def _ms(v: float | None) -> str:
    return "-" if v is None else f"{v:.4g}"


def _versus(c: Any) -> str:
    """How the pick compares with a usual choice, in words: "faster by 12.3% (measured)", or
    "slower by ..." where the pick measured slower (a rule-only pick can be)."""
    if c.gain_pct is None:
        if c.basis == "estimated":
            return (f"probably faster, no figure (estimated, confidence {c.confidence}: "
                    "measure it)")
        return "not compared (neither measured nor estimated)"
    conf = f", confidence {c.confidence}" if getattr(c, "confidence", None) else ""
    word = "slower" if c.gain_pct < 0 else "faster"
    return f"{word} by {abs(c.gain_pct):.1f}% ({c.basis}{conf})"


def _cell(text: Any) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def shown_ranking(ranking: Any, top: int | None) -> tuple[list[Any], int]:
    """The ranking's first ``top`` entries to show, leaving out each unmeasured entry whose
    shape is already listed, unmeasured, with the same score at another cache configuration:
    on Hopper the rules score most shapes alike in every configuration (issue 11 round 28),
    and such twins filled half of a one-profile list. Also how many were left out."""
    shown: list[Any] = []
    listed: dict[tuple[int, int, int], float] = {}
    hidden = 0
    for e in ranking:
        if top is not None and len(shown) >= top:
            break
        shape = (e.block_x, e.block_y, e.block_z)
        if e.time_ms is None and listed.get(shape) == e.score:
            hidden += 1
            continue
        shown.append(e)
        if e.time_ms is None:
            listed.setdefault(shape, e.score)
    return shown, hidden


def _hidden_note(hidden: int) -> str:
    return (f"{hidden} more configuration(s) rank among these: the same shapes at another "
            "cache configuration, scored alike (--json lists every configuration)")


def markdown(analysis: Any, top: int | None = 10) -> str:
    out: list[str] = ["# gpuadvisor analysis", ""]
    if analysis.sources:
        out += ["Input: " + ", ".join(f"`{s}`" for s in analysis.sources), ""]
    for k in analysis.kernels:
        ch = k.characterization
        out += [f"## `{k.kernel}` on {k.arch} ({k.family}{', ' + k.gpu if k.gpu else ''})", ""]
        out += [f"- mode: **{k.mode}** ({k.configs} configurations)",
                f"- access: **{ch.access}** ({ch.access_source}): "
                + _cell("; ".join(ch.access_evidence)),
                f"- bound: **{ch.bound or 'unknown'}** ({ch.bound_source}): "
                + _cell("; ".join(ch.bound_evidence))]
        if k.pick is not None:
            pick = k.pick
            out.append(f"- pick: **{pick.label}**" + (f", {_ms(pick.time_ms)} ms"
                                                      if pick.time_ms is not None else ""))
        if k.mode != "profile" and k.rule_pick:
            regret = f", regret {k.regret:.3f}" if k.regret is not None else ""
            out.append(f"- rules alone pick: {k.rule_pick}"
                       + (f" ({_ms(k.rule_pick_time_ms)} ms{regret}; best "
                          f"{_ms(k.best_time_ms)} ms)" if k.best_time_ms else ""))
        out.append("")
        out += ["| rank | config | time ms | score | reasons |", "| --- | --- | --- | --- | --- |"]
        shown, hidden = shown_ranking(k.ranking, top)
        for e in shown:
            tie = " (tie)" if e.tied else ""
            out.append(f"| {e.rank}{tie} | {e.label} | {_ms(e.time_ms)} | {e.score:.3g} | "
                       f"{_cell(short_why(e))} |")
        out.append("")
        if hidden:
            out += [_hidden_note(hidden), ""]
        if k.pick is not None and k.pick.reasons:
            out += ["### Why the pick", ""] + [f"- {_cell(r)}" for r in k.pick.reasons] + [""]
        if k.comparisons:
            out += ["### Against the usual choices", "",
                    "| choice | in set | time ms | the pick is | why it loses |",
                    "| --- | --- | --- | --- | --- |"]
            for c in k.comparisons:
                out.append(f"| {c.label} | {'yes' if c.in_set else 'no'} | {_ms(c.time_ms)} | "
                           f"{_versus(c)} | {_cell('<br>'.join(c.reasons[:3])) or '-'} |")
            out.append("")
        if k.findings:
            out += ["### Kernel findings", ""]
            for f in k.findings:
                out.append(f"- **{f.rule_id}** ({f.severity}): {_cell(f.message)}"
                           + (f" *Advice:* {_cell(f.advice)}" if f.advice else "")
                           + f" — {_cell(f.source)}")
            out.append("")
        if k.notes:
            out += ["### Notes", ""] + [f"- {_cell(n)}" for n in k.notes] + [""]
    return "\n".join(out)


# ----------------------------------------------------------------------------- terminal


def render_terminal(analysis: Any, top: int | None = 10, console: Any = None) -> None:
    from rich.console import Console
    from rich.table import Table

    console = console or Console()
    for k in analysis.kernels:
        ch = k.characterization
        console.print(f"[bold]{k.kernel}[/bold] on {k.arch} ({k.family}"
                      f"{', ' + k.gpu if k.gpu else ''}) — {k.mode}, {k.configs} configurations")
        console.print(f"  access: [bold]{ch.access}[/bold] ({ch.access_source}) — "
                      + "; ".join(ch.access_evidence))
        console.print(f"  bound: [bold]{ch.bound or 'unknown'}[/bold] ({ch.bound_source}) — "
                      + "; ".join(ch.bound_evidence))
        table = Table(show_lines=False)
        for col in ("rank", "config", "time ms", "score", "why"):
            table.add_column(col, overflow="fold")
        shown, hidden = shown_ranking(k.ranking, top)
        for e in shown:
            table.add_row(f"{e.rank}{'=' if e.tied else ''}", e.label, _ms(e.time_ms),
                          f"{e.score:.3g}", short_why(e))
        console.print(table)
        if hidden:
            console.print(f"[dim]{_hidden_note(hidden)}[/dim]", highlight=False)
        if k.pick is not None:
            console.print(f"[bold green]pick: {k.pick.label}[/bold green]")
            for r in k.pick.reasons:
                console.print(f"  - {r}", highlight=False)
        if k.mode != "profile" and k.rule_pick and k.best_time_ms:
            regret = f"{k.regret:.3f}" if k.regret is not None else "unknown"
            console.print(f"rules alone pick {k.rule_pick}: regret {regret} "
                          f"(its time / the best time)")
        if k.comparisons:
            console.print("[bold]against the usual choices[/bold]")
            for c in k.comparisons:
                where = f"{_ms(c.time_ms)} ms" if c.time_ms is not None else (
                    "in the set" if c.in_set else "not in the set")
                console.print(f"  {c.label} ({where}): the pick is {_versus(c)}",
                              highlight=False)
                for r in c.reasons[:2]:
                    console.print(f"      {r}", highlight=False)
        for f in k.findings:
            console.print(f"[{_style(f.severity)}]{f.severity}[/] {f.rule_id}: {f.message}",
                          highlight=False)
            if f.advice:
                console.print(f"    advice: {f.advice}", highlight=False)
        for n in k.notes:
            console.print(f"[dim]note: {n}[/dim]", highlight=False)
        console.print()


def short_why(entry: Any) -> str:
    """Rule ids with their factors, strongest first: the compact reason for a table cell."""
    moved = [f for f in entry.findings if f.effect in ("penalize", "prefer", "exclude")]
    moved.sort(key=lambda f: abs(f.factor - 1), reverse=True)
    parts = [f.label for f in moved[:3]]
    if entry.tied:
        parts.insert(0, "tied within noise")
    return ", ".join(parts) or "-"


def _style(severity: str) -> str:
    return {"error": "bold red", "warning": "yellow"}.get(severity, "cyan")


def summary_lines(analyses: Iterable[Any]) -> list[str]:
    return [f"{k.kernel}: {k.pick.label if k.pick else '-'}" for a in analyses for k in a.kernels]
