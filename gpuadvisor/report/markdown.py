"""Markdown: a review ready to post as a pull-request comment, and a sweep report summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gpuadvisor.report.format import fmt_metric, fmt_num, fmt_pct, metric_label

#: The first line of every review comment; a CI job finds and updates its own comment by it.
REVIEW_MARKER = "<!-- gpuadvisor-review -->"

_ICON = {"slower": "🔴", "failed": "🔴", "faster": "🟢", "unchanged": "⚪", "new": "🆕",
         "removed": "➖", "fixed": "🟢", "still_failed": "⚠️", "no_time": "⚪"}
_SHOWN = ("slower", "failed", "faster", "fixed", "new", "removed", "still_failed", "no_time")


#: GitHub rejects comments over 65,536 characters; stay well under it.
COMMENT_LIMIT = 60_000


def review_markdown(review: Any, max_rows: int = 50) -> str:
    """The whole review as GitHub-flavoured Markdown: headline, best configs, changes, rules.

    Long tables shrink until the text fits in one pull-request comment."""
    text = ""
    for rows in (max_rows, 20, 5, 0):
        text = _review_markdown(review, rows)
        if len(text) <= COMMENT_LIMIT:
            break
    return text


def _review_markdown(review: Any, max_rows: int) -> str:
    out = [REVIEW_MARKER]
    regressions = review.regressions
    if regressions:
        out.append(f"## 🔴 gpuadvisor: performance regression in {_codes(regressions)}")
    else:
        out.append("## 🟢 gpuadvisor: no performance regression")
    out.append("")
    out.append(
        f"Baseline `{review.baseline}`{_gpu(review.gpu_a)} vs candidate "
        f"`{review.candidate}`{_gpu(review.gpu_b)}. A change counts when it exceeds "
        f"{fmt_num(review.threshold_pct)}% and the measurements' spread; the job fails on a "
        f"regression of {'any configuration' if review.fail_on == 'any' else 'the best time'}.")
    out.append("")
    out.append("### Best configuration per kernel")
    out.append("")
    out.append("| kernel | best (baseline) | time | best (candidate) | time | change | verdict |")
    out.append("| --- | --- | ---: | --- | ---: | ---: | --- |")
    for k in review.kernels:
        moved = ""
        if k.best_changed:
            moved = " (new best)" if k.new_best_wins is not False else (
                f" (tie: {k.best_a} {_ms(k.old_best_time_b)}, within noise)")
        out.append(
            f"| `{k.kernel}` | {_cell(k.best_a)} | {_ms(k.time_a)} | {_cell(k.best_b)}{moved} | "
            f"{_ms(k.time_b)} | {fmt_pct(k.change_pct)} | {_verdict(k.verdict)} |")
    out.append("")
    for k in review.kernels:
        if k.best_findings:
            out.append(f"**Why `{k.best_b}` and not `{k.best_a}`** (`{k.kernel}`), say the rules:")
            out.append("")
            out += [f"- `{f['rule_id']}`: {f['message']}" for f in k.best_findings]
            out.append("")
    changed = [c for c in review.configs if c.verdict in _SHOWN]
    unchanged = [c for c in review.configs if c.verdict not in _SHOWN]
    changed.sort(key=lambda c: (_SHOWN.index(c.verdict), -round(abs(c.change_pct or 0.0), 1)))
    out.append(f"### Configurations ({len(changed)} changed, {len(unchanged)} unchanged)")
    out.append("")
    if changed:
        out += _config_table(changed[:max_rows])
        if len(changed) > max_rows:
            out.append(f"\n…and {len(changed) - max_rows} more (see `--json`).")
    else:
        out.append("No configuration changed beyond the threshold and the noise.")
    if unchanged:
        out.append("")
        out.append(f"<details><summary>{len(unchanged)} unchanged configurations</summary>")
        out.append("")
        out += _config_table(unchanged[:max_rows])
        if len(unchanged) > max_rows:
            out.append(f"\n…and {len(unchanged) - max_rows} more (see `--json`).")
        out.append("")
        out.append("</details>")
    out.append("")
    out += _findings_section(review, max_items=min(20, max_rows))
    if review.notes:
        out.append("### Notes")
        out.append("")
        out += [f"- {note}" for note in review.notes]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _config_table(configs: Sequence[Any]) -> list[str]:
    rows = ["| kernel | config | baseline | candidate | change | noise | verdict | what changed |",
            "| --- | --- | ---: | ---: | ---: | ---: | --- | --- |"]
    for c in configs:
        why = "; ".join(
            f"{metric_label(d.metric)} {fmt_metric(d.metric, d.a)} → {fmt_metric(d.metric, d.b)}"
            for d in c.metric_deltas) or (c.error or "")
        noise = f"±{fmt_num(c.noise_ms)} ms" if c.noise_ms is not None else "–"
        rows.append(
            f"| `{c.kernel}` | {c.label} | {_ms(c.time_a)} | {_ms(c.time_b)} | "
            f"{fmt_pct(c.change_pct)} | {noise} | {_verdict(c.verdict)} | {_escape(why)} |")
    return rows


def _findings_section(review: Any, max_items: int = 20) -> list[str]:
    out = ["### Rule findings", ""]
    if not review.findings_available:
        out += ["Not compared (see notes).", ""]
        return out
    if not review.findings_added and not review.findings_removed:
        out += ["Same findings on both sides.", ""]
        return out
    for title, items in (("New in the candidate", review.findings_added),
                         ("Gone in the candidate", review.findings_removed)):
        if not items:
            continue
        out.append(f"**{title}** ({len(items)})")
        out.append("")
        for f in items[:max_items]:
            where = f"`{f['kernel']}`" if f.get("kernel") else "all kernels"
            if f.get("config_label"):
                where += f" {f['config_label']}"
            sev = f" ({f['severity']})" if f.get("severity") else ""
            out.append(f"- **{_escape(f.get('title') or f.get('rule_id'))}**{sev} — {where}: "
                       f"{_escape(f.get('message') or '')} `{f.get('rule_id')}`")
        if len(items) > max_items:
            out.append(f"- …and {len(items) - max_items} more (see `--json`)")
        out.append("")
    return out


def report_markdown(report: Any, top: int = 10) -> str:
    """Summary of one sweep: per-kernel facts, the top of the ranking, the rules'
    explanations, the heatmaps (PNG files next to it) and the provenance."""
    from gpuadvisor.report.terminal import short_reasons

    out = [f"# gpuadvisor report: {_escape(report.title)}", ""]
    if report.notes:
        out += [f"> {_escape(n)}" for n in report.notes] + [""]
    for kernel, facts in report.characterization.items():
        out += [f"## `{kernel}`", "", "| | |", "| --- | --- |"]
        out += [f"| {_escape(k)} | {_escape(v)} |" for k, v in facts.items()]
        out.append("")
    how = "rules applied to the measurements" if report.rules_applied else "measured time"
    out += ["## Ranking", "", f"Best first, by {how}; full reasons in `report.html`.", ""]
    out += ["| # | kernel | config | time | score | rules |",
            "| ---: | --- | --- | ---: | ---: | --- |"]
    for i, r in enumerate(report.ranking[:top], 1):
        out.append(f"| {i} | `{r['kernel']}` | {r['label']} | {_ms(r.get('time_ms'))} | "
                   f"{fmt_num(r.get('score'), 3)} | "
                   f"{_escape(short_reasons(r.get('reasons') or []))} |")
    if len(report.ranking) > top:
        out.append(f"\n…{len(report.ranking) - top} more configurations in report.html.")
    out.append("")
    if report.findings:
        out += ["## Explanations", ""]
        for f in report.findings:
            where = f" — `{f['kernel']}`" if f.get("kernel") else ""
            if f.get("config_label"):
                where += f" {f['config_label']}"
            out.append(f"- **{_escape(f.get('title') or f.get('rule_id'))}**{where}: "
                       f"{_escape(f.get('message') or '')} _({_escape(f.get('source') or '')})_")
        out.append("")
    pngs = [image for image in report.images if image.png]
    if pngs:
        out += ["## Heatmaps", ""]
        for image in pngs:
            out += [f"![{_escape(image.title)}]({image.png.name})", ""]
    if report.provenance:
        out += ["## Provenance", "", "| | |", "| --- | --- |"]
        out += [f"| {_escape(k)} | {_escape(v)} |" for k, v in report.provenance.items()]
        out.append("")
    return "\n".join(out).rstrip() + "\n"


def _codes(names: Sequence[str]) -> str:
    shown = ", ".join(f"`{n}`" for n in names[:5])
    return shown + (f" and {len(names) - 5} more" if len(names) > 5 else "")


def _gpu(gpu: str | None) -> str:
    return f" ({gpu})" if gpu else ""


def _ms(value: Any) -> str:
    text = fmt_num(value)
    return text if text == "–" else f"{text} ms"


def _cell(text: str | None) -> str:
    return text if text else "–"


def _verdict(verdict: str) -> str:
    return f"{_ICON.get(verdict, '')} {verdict.replace('_', ' ')}".strip()


def _escape(text: Any) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")
