"""``gpuadvisor review``: baseline vs candidate sweep tables; exit 1 on a regression."""

from __future__ import annotations

from pathlib import Path

import typer

from gpuadvisor.errors import UserError


def review(
    baseline: Path = typer.Option(..., "--baseline", "-a", help="Sweep table (or raw profiler "
                                  "file) of the reference, e.g. main."),
    candidate: Path = typer.Option(..., "--candidate", "-b", help="Sweep table (or raw "
                                   "profiler file) to judge, e.g. the pull request."),
    threshold: float = typer.Option(5.0, "--threshold", help="Smallest time change in percent "
                                    "that counts; it must also exceed the repeats' spread."),
    kernel: list[str] = typer.Option([], "--kernel", "-k", help="Only these kernels (name or "
                                     "glob; repeatable)."),
    rules: list[Path] = typer.Option([], "--rules", help="Extra rule directory (repeatable)."),
    arch: str = typer.Option(None, "--arch", help="Architecture for the rules when the tables "
                             "do not say (e.g. sm_90)."),
    fail_on: str = typer.Option("best", "--fail-on", help="best: fail when a kernel's best "
                                "time regresses; any: when any configuration regresses."),
    markdown: bool = typer.Option(False, "--markdown", help="Markdown for a pull-request "
                                  "comment."),
    json_out: bool = typer.Option(False, "--json", help="JSON on stdout."),
    pretty: bool = typer.Option(
        False, "--pretty", help="Indent the JSON (the default on a terminal; piped, "
                                "redirected or --output JSON is compact)."),
    output: Path = typer.Option(None, "--output", "-o", help="Write the Markdown or JSON to "
                                "this file instead of stdout."),
    show_all: bool = typer.Option(False, "--all", help="Terminal: list unchanged "
                                  "configurations too."),
    lenient: bool = typer.Option(
        False, "--lenient", help="Drop sweep-table rows whose cells do not parse (or whose "
                                 "time is not finite) with a counted warning, instead of "
                                 "stopping at the first one."),
    jobs: int = typer.Option(
        0, "--jobs", "-j", metavar="N", min=0,
        help="Processes for the rules' analyses of large tables (kernels split among them; "
             "same output). 0: one per CPU from 20,000 rows, one below."),
) -> None:
    """Compare two sweeps of the same kernels (e.g. main vs a pull request).

    Noise-aware verdicts per configuration, the metric deltas and rule findings that explain
    them, and whether each kernel's best configuration and time changed. Exit 0: no
    regression, 1: regression, 2: unreadable or mismatched inputs.
    """
    from gpuadvisor.review import Review, load_tables, review_tables

    if markdown and json_out:
        raise UserError("choose one of --markdown and --json")
    if output is not None and not (markdown or json_out):
        markdown = True
    from gpuadvisor import jsontext
    from gpuadvisor.analysis import gc_paused
    from gpuadvisor.intake import lenient_intake

    indent = json_out and (jsontext.wants_pretty(pretty) if output is None else pretty)
    configs: list[jsontext.Raw] = []

    def configs_json(result: Review) -> None:
        """The configurations' compact JSON (100,000 records at 100,000 rows), written while
        the rules' analyses finish in other processes."""
        from gpuadvisor.review import configs_json

        configs.append(jsontext.Raw(configs_json(result.configs)))

    with gc_paused():  # millions of acyclic objects: the collector's passes cost ~half
        with lenient_intake(lenient):
            table_a, table_b = load_tables(baseline, candidate, jobs)
        result = review_tables(
            table_a, table_b, threshold_pct=threshold, kernels=kernel, fail_on=fail_on,
            rule_dirs=tuple(rules), arch=arch, baseline_name=baseline.name,
            candidate_name=candidate.name, jobs=jobs,
            before_findings=configs_json if json_out and not indent else None,
        )
    if json_out or markdown:
        if json_out:
            with gc_paused():  # millions of acyclic objects: the collector's passes cost ~half
                text = (jsontext.value_text(result.to_dict(configs=configs[0])) if configs
                        else jsontext.render(result.to_dict(), pretty=indent))
        else:
            from gpuadvisor.report.markdown import review_markdown

            text = review_markdown(result)
        if output is None:
            if json_out:
                jsontext.echo(text)
            else:
                typer.echo(text, nl=False)
        else:
            from gpuadvisor.output_files import write_output

            write_output(output, text + "\n" if json_out else text)
            verdict = "regression in " + ", ".join(result.regressions) if result.regressions \
                else "no regression"
            typer.echo(f"{verdict}; wrote {output}", err=True)
    else:
        from gpuadvisor.report.terminal import render_review

        render_review(result, show_unchanged=show_all)
    raise typer.Exit(result.exit_code)


def register(app: typer.Typer) -> None:
    app.command("review")(review)
