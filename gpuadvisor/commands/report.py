"""``gpuadvisor report``: heatmaps (PNG, SVG), a self-contained HTML page and a Markdown summary."""

from __future__ import annotations

from pathlib import Path

import typer


def report(
    sweep: Path = typer.Argument(..., help="Sweep table (CSV or JSON Lines) or a raw profiler "
                                 "file."),
    output: Path = typer.Option(..., "--output", "-o", help="Directory to write the report "
                                "into (created if needed)."),
    metric: list[str] = typer.Option([], "--metric", "-m", help="Metric column to map "
                                     "(repeatable). Default: time_ms plus every metric the "
                                     "sweep has."),
    kernel: list[str] = typer.Option([], "--kernel", "-k", help="Only this kernel "
                                     "(repeatable)."),
    fmt: list[str] = typer.Option([], "--format", help="png and/or svg (repeatable or "
                                  "comma-separated; default both)."),
    rules: list[Path] = typer.Option([], "--rules", help="Extra rule directory (repeatable)."),
    arch: str = typer.Option(None, "--arch", help="Architecture for the rules when the sweep "
                             "does not say (e.g. sm_20, H100)."),
    markdown: bool = typer.Option(False, "--markdown", help="Also write report.md, a "
                                  "Markdown summary linking the PNG heatmaps."),
    lenient: bool = typer.Option(
        False, "--lenient", help="Drop sweep-table rows whose cells do not parse (or whose "
                                 "time is not finite) with a counted warning, instead of "
                                 "stopping at the first one."),
) -> None:
    """Heatmaps of time and metrics over the block-shape grid, and a self-contained HTML page.

    Rows are block_y and columns block_x, one map per kernel, cache configuration and metric
    (PNG and SVG), plus report.html (ranking, explanations, characterization, heatmaps,
    provenance; no external assets).
    """
    from gpuadvisor.intake import lenient_intake
    from gpuadvisor.report.build import FORMATS, build_report
    from gpuadvisor.report.terminal import render_report_summary
    from gpuadvisor.review import load_table

    with lenient_intake(lenient):
        df, provenance = load_table(sweep)
    result = build_report(
        df, provenance, output, metrics=metric, kernels=kernel,
        formats=[f.strip() for item in fmt for f in item.split(",") if f.strip()] or FORMATS,
        rule_dirs=tuple(rules), arch=arch, markdown=markdown, name=sweep.name,
    )
    render_report_summary(result)


def register(app: typer.Typer) -> None:
    app.command("report")(report)
