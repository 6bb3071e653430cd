"""``gpuadvisor report``: heatmaps, a self-contained HTML page and a Markdown summary of a sweep.

:func:`build_report` gathers what a reader needs (provenance, ranking, rule explanations,
characterization, heatmaps) into a :class:`Report` and writes its files; the renderers in
``html.py``/``markdown.py``/``terminal.py`` only format it. The rules come from
``gpuadvisor.analysis`` when it is installed; without it the ranking is by measured time and
the page says so.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.numbers import finite_or_none
from gpuadvisor.review import check_rule_dirs, config_label, finding_dict

FORMATS = ("png", "svg")


@dataclass
class Image:
    """One heatmap on disk."""

    title: str
    kernel: str
    cache_config: str
    metric: str
    block_z: int
    png: Path | None
    svg: Path | None
    best: str | None  # label of the fastest configuration in the grid


@dataclass
class Report:
    title: str
    out_dir: Path
    provenance: dict[str, str]
    ranking: list[dict[str, Any]]
    findings: list[dict[str, Any]]
    characterization: dict[str, Any]
    images: list[Image]
    notes: list[str] = field(default_factory=list)
    html: Path | None = None
    markdown: Path | None = None
    files: list[Path] = field(default_factory=list)
    rules_applied: bool = False


def build_report(
    df: Any,
    provenance: dict[str, str],
    out_dir: str | Path,
    *,
    metrics: Sequence[str] = (),
    kernels: Sequence[str] = (),
    formats: Sequence[str] = FORMATS,
    rule_dirs: Sequence[str | Path] = (),
    arch: str | None = None,
    markdown: bool = False,
    name: str = "sweep",
) -> Report:
    """Write heatmaps (per kernel, cache config, block_z and metric), report.html and
    optionally report.md into ``out_dir``; return what was written."""
    from gpuadvisor.report.html import report_html
    from gpuadvisor.report.markdown import report_markdown
    from gpuadvisor.report.plots import build_grid, heatmap_metrics, heatmap_title, plot_heatmap
    from gpuadvisor.report.plots import slug as _slug
    from gpuadvisor.sweep import normalize

    bad = [f for f in formats if f not in FORMATS]
    if bad or not formats:
        raise UserError(f"--format takes {' and/or '.join(FORMATS)}, got {', '.join(bad)}")
    df = normalize(df)
    if kernels:
        df = df[df["kernel"].astype(str).isin(kernels)]
        if df.empty:
            raise UserError(f"no kernel {', '.join(kernels)} in {name}")
    if df["block_x"].isna().all():
        raise UserError(f"{name}: no configuration with a block shape")
    out_dir = Path(out_dir)
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise UserError(f"{out_dir}: cannot create ({err.strerror})") from None
    gpu = provenance.get("gpu") or _single(df, "gpu")
    chosen, notes = heatmap_metrics(df, metrics)
    analysis, note = _analyze(df, arch, rule_dirs)
    if note:
        notes.append(note)

    images: list[Image] = []
    files: list[Path] = []
    for kernel in sorted(df["kernel"].astype(str).unique()):
        mine = df[df["kernel"].astype(str) == kernel]
        for cache in sorted(mine["cache_config"].astype(str).unique(), key=_cache_order):
            for z in sorted({int(v) for v in mine["block_z"].fillna(1)}):
                for metric in chosen:
                    grid = build_grid(df, kernel, cache, metric, block_z=z)
                    if all(s == "missing" for row in grid.states for s in row):
                        continue
                    stem = out_dir / "__".join(
                        [_slug(kernel), _slug(cache)] + ([f"z{z}"] if z != 1 else [])
                        + [_slug(metric)])
                    written = plot_heatmap(grid, stem, formats=formats, gpu=gpu)
                    files += written
                    shape = grid.best_shape
                    images.append(Image(
                        title=heatmap_title(grid, gpu).replace("\n", " · "),
                        kernel=kernel, cache_config=cache, metric=metric, block_z=z,
                        png=next((p for p in written if p.suffix == ".png"), None),
                        svg=next((p for p in written if p.suffix == ".svg"), None),
                        best=config_label((*shape, z), cache) if shape else None))
    report = Report(
        title=f"{name}" + (f" on {gpu}" if gpu else ""),
        out_dir=out_dir,
        provenance=dict(provenance),
        ranking=_ranking(df, analysis),
        findings=[finding_dict(f) for f in getattr(analysis, "findings", None) or []],
        characterization=_characterization(df, analysis),
        images=images,
        notes=notes,
        rules_applied=analysis is not None,
    )
    report.html = out_dir / "report.html"
    report.html.write_text(report_html(report), encoding="utf-8")
    files.append(report.html)
    if markdown:
        report.markdown = out_dir / "report.md"
        report.markdown.write_text(report_markdown(report), encoding="utf-8")
        files.append(report.markdown)
    report.files = files
    return report


def _analyze(df: Any, arch: str | None, rule_dirs: Sequence[str | Path]) -> tuple[Any, str | None]:
    try:
        from gpuadvisor.analysis import analyze_sweep
    except ImportError:
        return None, "rules not applied: gpuadvisor.analysis is not available (ranking by time)"
    check_rule_dirs(rule_dirs)
    try:
        return analyze_sweep(df, arch=arch, rule_dirs=tuple(rule_dirs)), None
    except UserError as err:
        return None, f"rules not applied: {err} (ranking by time)"


def _ranking(df: Any, analysis: Any) -> list[dict[str, Any]]:
    """Ranking entries as plain dicts: the analysis's when there is one, else by time."""
    if analysis is not None and getattr(analysis, "ranking", None):
        out = []
        for entry in analysis.ranking:
            get = _getter(entry)
            block = (int(get("block_x")), int(get("block_y") or 1), int(get("block_z") or 1))
            cache = str(get("cache_config") or "default")
            out.append({
                "kernel": str(get("kernel")), "block": list(block), "cache_config": cache,
                "label": config_label(block, cache), "score": finite_or_none(get("score")),
                "time_ms": finite_or_none(get("time_ms")),
                "reasons": [str(r) for r in (get("reasons") or [])],
            })
        return out
    ok = df[df["status"].astype(str) == "ok"]
    time_col = "time_ms" if ok["time_ms"].notna().any() else "duration_ms"
    ok = ok[ok[time_col].notna()].sort_values([time_col, "kernel"])
    out = []
    for row in ok.to_dict(orient="records"):
        block = (int(row["block_x"]), int(row["block_y"]), int(row["block_z"]))
        out.append({"kernel": str(row["kernel"]), "block": list(block),
                    "cache_config": str(row["cache_config"]),
                    "label": config_label(block, str(row["cache_config"])),
                    "score": None, "time_ms": finite_or_none(row[time_col]), "reasons": []})
    return out


def _characterization(df: Any, analysis: Any) -> dict[str, dict[str, str]]:
    """Per kernel, facts a reader checks first, as label -> text: what the sweep shows (size,
    fastest, spread) and, from the analysis, access pattern, limiter, the rules' own pick and
    how the usual default shapes compare."""
    from gpuadvisor.report.format import fmt_num

    per_kernel = {str(getattr(k, "kernel", "")): k for k in getattr(analysis, "kernels", None)
                  or []}
    out: dict[str, dict[str, str]] = {}
    for kernel in sorted(df["kernel"].astype(str).unique()):
        mine = df[df["kernel"].astype(str) == kernel]
        ok = mine[mine["status"].astype(str) == "ok"]
        facts: dict[str, str] = {}
        gpu, arch = _single(mine, "gpu"), _single(mine, "arch")
        if gpu or arch:
            facts["GPU"] = " ".join(x for x in (gpu, f"({arch})" if arch else None) if x)
        facts["configurations"] = f"{len(mine)} in the sweep, {len(ok)} ran"
        timed = ok[ok["time_ms"].notna()]
        if not timed.empty:
            fastest = timed.loc[timed["time_ms"].idxmin()]
            slowest = float(timed["time_ms"].max())
            label = config_label((int(fastest["block_x"]), int(fastest["block_y"]),
                                  int(fastest["block_z"])), str(fastest["cache_config"]))
            facts["fastest"] = f"{label}: {fmt_num(fastest['time_ms'])} ms"
            if float(fastest["time_ms"]) > 0:
                facts["slowest / fastest"] = f"{slowest / float(fastest['time_ms']):.2f}x"
        k = per_kernel.get(kernel)
        if k is None:
            out[kernel] = facts
            continue
        c = getattr(k, "characterization", None)
        if c is not None:
            facts["access pattern"] = _with_evidence(
                getattr(c, "access", None), getattr(c, "access_source", None),
                getattr(c, "access_evidence", None))
            facts["limiter"] = _with_evidence(
                getattr(c, "bound", None) or "unknown", getattr(c, "bound_source", None),
                getattr(c, "bound_evidence", None))
        if getattr(k, "rule_pick", None):
            regret = getattr(k, "regret", None)
            facts["rules alone would pick"] = k.rule_pick + (
                f" (its time / the best time = {regret:.3f})" if regret else "")
        for comp in getattr(k, "comparisons", None) or []:
            gain = getattr(comp, "gain_pct", None)
            if gain is None or not getattr(comp, "in_set", False):
                continue
            facts[f"vs {comp.label}"] = (f"the pick is {fmt_num(abs(gain), 3)}% "
                                         f"{'faster' if gain >= 0 else 'slower'} "
                                         f"({comp.basis})")
        out[kernel] = facts
    return out


def _with_evidence(value: Any, source: Any, evidence: Any) -> str:
    text = str(value)
    if source and source != "unknown":
        text += f" (from {source})"
    if evidence:
        text += ": " + "; ".join(str(e) for e in evidence)
    return text


def _getter(obj: Any) -> Any:
    return obj.get if isinstance(obj, dict) else (lambda key: getattr(obj, key, None))


def _single(df: Any, col: str) -> str | None:
    values = sorted({str(v) for v in df[col].dropna().unique()})
    return ", ".join(values) if values else None


def _cache_order(name: str) -> tuple[int, str]:
    return (0 if name == "default" else 1, name)
