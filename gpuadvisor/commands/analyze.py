"""``gpuadvisor analyze FILE...``: ranked, explained launch configurations — no GPU needed."""

from __future__ import annotations

from pathlib import Path

import typer

ACCESS_CHOICES = ("coalesced", "reuse", "scattered", "random")


def analyze_command(
    files: list[Path] = typer.Argument(
        ..., metavar="FILE...",
        help="Sweep tables (CSV/JSONL) or recorded ncu/nvprof profiles."),
    rule_only: bool = typer.Option(
        False, "--rule-only",
        help="Rank from the architecture, the kernel's resources and its characterization "
             "alone, never from a time. On a set of measured configurations, ranks that set and "
             "reports the regret of the pick (its time / the best time); on a single profile, "
             "ranks the architecture's whole configuration space."),
    access: str = typer.Option(
        None, "--access", metavar="PATTERN",
        help="The kernel's global-memory access pattern: coalesced, reuse, scattered or random "
             "(default: the table, the kernel manifest, or the profiler metrics decide)."),
    rules: list[Path] = typer.Option(
        [], "--rules", metavar="DIR", help="Extra directory of rule files (repeatable)."),
    arch: str = typer.Option(
        None, "--arch", help="Architecture (sm_90, 9.0, H100, ...); default: the file's arch "
                             "or gpu column."),
    top: int = typer.Option(10, "--top", metavar="N", help="Show the N best configurations."),
    as_json: bool = typer.Option(
        False, "--json", help="Print JSON: a top-level 'ranking' list (best first) with kernel, "
                              "block_x/y/z, cache_config and reasons, plus findings and "
                              "characterization."),
    markdown: bool = typer.Option(False, "--markdown", help="Print Markdown."),
    pretty: bool = typer.Option(
        False, "--pretty", help="Indent the JSON (the default on a terminal; piped or "
                                "redirected JSON is compact)."),
    lenient: bool = typer.Option(
        False, "--lenient", help="Drop sweep-table rows whose cells do not parse (or whose "
                                 "time is not finite) with a counted warning, instead of "
                                 "stopping at the first one."),
    shapes: str = typer.Option(
        None, "--shapes", metavar="BXxBY,...",
        help="Only rank these block shapes (e.g. 32x8,16x16,8x32: the shapes the app "
             "supports); on a sweep, the measured rows of those shapes."),
    jobs: int = typer.Option(
        0, "--jobs", "-j", metavar="N", min=0,
        help="Processes for --json of a large table (kernels split among them; same output). "
             "0: one per CPU from 20,000 rows, one below."),
    fixed_grid: bool = typer.Option(
        False, "--fixed-grid",
        help="The app launches the same grid at every block size (a block per row, segment "
             "or token, or a grid-stride loop over a fixed number of blocks). One profile is "
             "one launch and cannot show this; without it the grid is taken to follow the "
             "block (one thread per element)."),
    ptx: list[Path] = typer.Option(
        [], "--ptx", metavar="FILE",
        help="The kernels' code (repeatable): a .ptx file, a .cu source (compiled with nvcc "
             "-ptx) or a binary with PTX in it (cuobjdump -ptx). Each global load and store "
             "is read for how its address moves with threadIdx.x and .y, which one profile "
             "cannot show; the access model chooses, among the models the counters leave "
             "open, those the code agrees with (docs/code-access.md)."),
) -> None:
    """Rank and explain the launch configurations of recorded sweeps or profiles (dry run)."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.analysis_report import load_inputs, render_terminal
    from gpuadvisor.analysis_report import markdown as render_md
    from gpuadvisor.errors import UserError
    from gpuadvisor.rules.engine import load_rules_or_fail

    if access is not None and access.strip().lower() not in ACCESS_CHOICES:
        raise UserError(f"--access must be one of {', '.join(ACCESS_CHOICES)}, got {access!r}")
    if top < 1:
        raise UserError(f"--top must be at least 1, got {top}")
    if as_json and markdown:
        raise UserError("choose one of --json and --markdown")
    from gpuadvisor import jsontext
    from gpuadvisor.analysis import gc_paused
    from gpuadvisor.intake import lenient_intake
    from gpuadvisor.shapes import parse_shapes

    shape_list = parse_shapes(shapes) if shapes else None
    options = {"arch": arch, "rule_only": rule_only, "shapes": shape_list,
               "access": access.strip().lower() if access else None, "fixed_grid": fixed_grid}
    # Reading, analysis and JSON allocate millions of acyclic objects: the cyclic collector's
    # passes over them cost about as much as the work (reference counting frees them).
    with gc_paused():
        with lenient_intake(lenient):
            df, provenance, sources = load_inputs(files, columns=True)
        loaded = load_rules_or_fail(rules)
        if ptx:
            from gpuadvisor.code_access import load_for_table

            options["code"] = load_for_table(ptx, df)
        if as_json:
            from gpuadvisor.analysis_json import analysis_json

            text = analysis_json(df, top=top, pretty=jsontext.wants_pretty(pretty), jobs=jobs,
                                 sources=sources, provenance=provenance, rules=loaded,
                                 **options)
        else:
            analysis = analyze_sweep(df, provenance=provenance, sources=sources, rules=loaded,
                                     **options)
    if as_json:
        jsontext.echo(text)
    elif markdown:
        typer.echo(render_md(analysis, top=top))
    else:
        render_terminal(analysis, top=top)


def register(app: typer.Typer) -> None:
    app.command("analyze")(analyze_command)
