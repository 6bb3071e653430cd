"""Rich tables for the terminal: a review, and the summary of a written report."""

from __future__ import annotations

import re
from typing import Any

from gpuadvisor.report.format import fmt_metric, fmt_num, fmt_pct, metric_label

_REASON = re.compile(r"\[([+-]?\d+(?:\.\d+)?%)\]\s*([\w.-]+):")
_STYLE = {"slower": "bold red", "failed": "bold red", "faster": "green", "fixed": "green",
          "unchanged": "dim", "new": "cyan", "removed": "yellow", "still_failed": "yellow",
          "no_time": "dim"}


def render_review(review: Any, console: Any = None, show_unchanged: bool = False) -> None:
    """Print the review: headline, best configuration per kernel, changed configurations."""
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = console or Console()
    regressions = review.regressions
    if regressions:
        console.print(f"[bold red]REGRESSION[/] in {', '.join(regressions)}")
    else:
        console.print("[bold green]no regression[/]")
    console.print(f"A = baseline {review.baseline}{_gpu(review.gpu_a)}, B = candidate "
                  f"{review.candidate}{_gpu(review.gpu_b)}; threshold "
                  f"{fmt_num(review.threshold_pct)}%, fail on {review.fail_on}", highlight=False)

    best = Table(title="Best configuration per kernel", title_justify="left",
                 box=box.SIMPLE_HEAD)
    best.add_column("kernel", overflow="fold")
    for col, justify in (("best A", "left"), ("time A", "right"), ("best B", "left"),
                         ("time B", "right"), ("change", "right"), ("verdict", "left")):
        best.add_column(col, justify=justify, no_wrap=True)
    for k in review.kernels:
        best.add_row(escape(k.kernel), k.best_a or "–", _ms(k.time_a),
                     (k.best_b or "–") + _moved(k), _ms(k.time_b),
                     fmt_pct(k.change_pct), _styled(k.verdict))
    console.print(best)
    if any(k.best_changed and k.new_best_wins is not False for k in review.kernels):
        console.print("[dim]* the best configuration changed[/]")
    if any(k.best_changed and k.new_best_wins is False for k in review.kernels):
        console.print("[dim]= a new best within the noise of the old one (a tie)[/]")
    for k in review.kernels:
        if k.best_findings:
            console.print(f"why {k.best_b} and not {k.best_a} ({k.kernel}), say the rules:",
                          highlight=False, markup=False)
            for f in k.best_findings:
                console.print(f"  [{f['rule_id']}] {f['message']}", highlight=False,
                              markup=False)

    shown = [c for c in review.configs if show_unchanged or c.verdict != "unchanged"]
    hidden = len(review.configs) - len(shown)
    if shown:
        table = Table(title="Configurations", title_justify="left", box=box.SIMPLE_HEAD)
        table.add_column("kernel", overflow="fold")
        for col, justify in (("config", "left"), ("time A", "right"), ("time B", "right"),
                             ("change ± noise", "right"), ("verdict", "left")):
            table.add_column(col, justify=justify, no_wrap=True)
        why_lines = []
        for c in shown:
            table.add_row(escape(c.kernel), c.label, _ms(c.time_a), _ms(c.time_b),
                          _change(c.change_pct, c.noise_ms, c.time_a), _styled(c.verdict))
            why = "; ".join(f"{metric_label(d.metric)} {fmt_metric(d.metric, d.a)} -> "
                            f"{fmt_metric(d.metric, d.b)}" for d in c.metric_deltas)
            if why or c.error:
                why_lines.append(f"  {c.kernel} {c.label}: {why or c.error}")
        console.print(table)
        if why_lines:
            console.print("what changed (biggest metric deltas):")
            for line in why_lines:
                console.print(line, highlight=False, markup=False)
    if hidden:
        console.print(f"[dim]{hidden} configurations unchanged[/]")
    if review.findings_available:
        for title, items in (("new finding", review.findings_added),
                             ("resolved finding", review.findings_removed)):
            for f in items[:10]:
                where = f"{f.get('kernel') or ''} {f.get('config_label') or ''}".strip()
                console.print(f"{title}: [bold]{escape(str(f.get('rule_id')))}[/] "
                              f"{escape(where)}: {escape(str(f.get('title') or ''))}",
                              highlight=False)
            if len(items) > 10:
                console.print(f"[dim]…{len(items) - 10} more {title}s (see --markdown or "
                              "--json)[/]")
    for note in review.notes:
        console.print(f"[yellow]note:[/] {note}", highlight=False)


def render_report_summary(report: Any, console: Any = None) -> None:
    """After ``gpuadvisor report``: the top of the ranking and what was written where."""
    from rich import box
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = console or Console()
    table = Table(title=f"Ranking: {report.title}", title_justify="left", box=box.SIMPLE_HEAD)
    for col, justify in (("#", "right"), ("kernel", "left"), ("config", "left"),
                         ("time", "right"), ("why", "left")):
        table.add_column(col, justify=justify)
    for i, r in enumerate(report.ranking[:10], 1):
        table.add_row(str(i), escape(r["kernel"]), r["label"], _ms(r.get("time_ms")),
                      escape(short_reasons(r.get("reasons") or [])))
    console.print(table)
    n = len(report.images)
    console.print(f"wrote {n} heatmap{'' if n == 1 else 's'} and {report.html} "
                  f"({len(report.files)} files in {report.out_dir})", highlight=False)
    for note in report.notes:
        console.print(f"[yellow]note:[/] {note}", highlight=False)


def short_reasons(reasons: list[str]) -> str:
    """``[+4%] rule-id: long explanation`` -> ``+4% rule-id``: the terminal's one-liner; the
    full explanations are in the HTML and Markdown reports."""
    tags = []
    for reason in reasons:
        for match in _REASON.finditer(reason):
            tags.append(f"{match.group(1)} {match.group(2)}")
    return ", ".join(tags) if tags else "; ".join(r[:60] for r in reasons[:1])


def _change(change_pct: float | None, noise: float | None, time_a: float | None) -> str:
    text = fmt_pct(change_pct)
    if noise is not None and time_a:
        text += f" ±{noise / time_a * 100:.1f}%"
    return text


def _moved(k: Any) -> str:
    if not k.best_changed:
        return ""
    return " =" if k.new_best_wins is False else " *"


def _styled(verdict: str) -> str:
    return f"[{_STYLE.get(verdict, '')}]{verdict.replace('_', ' ')}[/]"


def _ms(value: Any) -> str:
    text = fmt_num(value)
    return text if text == "–" else f"{text} ms"


def _gpu(gpu: str | None) -> str:
    return f" ({gpu})" if gpu else ""
