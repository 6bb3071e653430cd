"""``gpuadvisor rules list|show|validate|check``: the tuning rules, their documentation,
their files' validity and how they agree with measured sweeps."""

from __future__ import annotations

import json
from pathlib import Path

import typer

RULES_OPTION_HELP = "Extra directory of rule files (repeatable); loaded after the built-in rules."


def list_command(
    rules: list[Path] = typer.Option([], "--rules", help=RULES_OPTION_HELP),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """List every rule: id, scope, effect, severity and title."""
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.rules.engine import load_rules_or_fail

    loaded = sorted(load_rules_or_fail(rules), key=lambda r: r.id)
    if as_json:
        typer.echo(json.dumps([{"id": r.id, "title": r.title, "scope": r.scope,
                                "effect": r.effect, "severity": r.severity,
                                "category": r.category, "source": list(r.source),
                                "path": r.path} for r in loaded], indent=2))
        return
    table = Table(title=f"{len(loaded)} rules")
    for col in ("id", "scope", "effect", "severity", "title"):
        table.add_column(col, overflow="fold")
    for r in loaded:
        table.add_row(r.id, r.scope, r.effect, r.severity, r.title)
    Console().print(table)


def show_command(
    rule_id: str = typer.Argument(..., metavar="ID", help="Rule id, e.g. uncoalesced-rows."),
    rules: list[Path] = typer.Option([], "--rules", help=RULES_OPTION_HELP),
) -> None:
    """Print a rule's documentation: what, why, example, fix, thresholds and sources."""
    from gpuadvisor.rules.docs import show_text
    from gpuadvisor.rules.engine import find_rule, load_rules_or_fail

    typer.echo(show_text(find_rule(load_rules_or_fail(rules), rule_id)), nl=False)


def validate_command(
    paths: list[Path] = typer.Argument(
        None, metavar="PATH...", help="Rule files or directories (default: the built-in rules)."),
    rules: list[Path] = typer.Option([], "--rules", help=RULES_OPTION_HELP),
) -> None:
    """Check rule files against rules/schema.json and the expression language.

    Prints one 'file:line: message' line per problem and exits 1 when any file is invalid,
    0 when all are valid. Nothing in a rule file is executed.
    """
    from gpuadvisor.paths import rules_dir
    from gpuadvisor.rules.engine import RuleFileError, load_rules, rule_files

    targets = list(paths or []) + list(rules)
    if not targets:
        targets = [rules_dir()]
    files = rule_files(targets)
    try:
        loaded = load_rules(targets, builtin=False)
    except RuleFileError as err:
        for line in err.errors:
            typer.echo(line)
        invalid = len({line.split(":", 1)[0] for line in err.errors})
        typer.echo(f"{invalid} of {len(files)} rule file(s) invalid", err=True)
        raise typer.Exit(1) from None
    typer.echo(f"{len(loaded)} rule file(s) valid")


def check_command(
    tables: list[Path] = typer.Argument(..., metavar="TABLE...",
                                        help="Measured sweep tables (sweep.csv or .jsonl)."),
    only: list[str] = typer.Option([], "--rule", metavar="ID",
                                   help="Check only this rule (repeatable)."),
    rules: list[Path] = typer.Option([], "--rules", help=RULES_OPTION_HELP),
    arch: str = typer.Option(None, "--arch", help="Architecture, where a table does not say."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON (every kernel's test)."),
    markdown: bool = typer.Option(False, "--markdown", help="Print a Markdown table."),
    output: Path = typer.Option(None, "--output", "-o", help="Write to this file instead."),
) -> None:
    """Check each configuration rule against the times of measured sweeps.

    For every kernel where a rule fired at some timed configurations and kept quiet at
    others: are the fired ones slower (a penalty, an exclusion, an advice) or faster (a
    preference), as the rule says? Association, not cause; see gpuadvisor/rule_check.py.
    """
    from gpuadvisor.errors import UserError
    from gpuadvisor.rule_check import check, read_line
    from gpuadvisor.rule_check import markdown as check_markdown
    from gpuadvisor.rules.engine import find_rule, load_rules_or_fail

    if as_json and markdown:
        raise UserError("choose one of --markdown and --json")
    loaded = load_rules_or_fail(rules)
    for rule_id in only:
        find_rule(loaded, rule_id)  # an unknown id is the user's error, said now
    analyses, skipped = _measured_analyses(tables, loaded, arch)
    if not analyses:
        raise UserError("no table could be analyzed: " + "; ".join(skipped[:3]))
    if not any(k.mode == "measured" for _source, a in analyses for k in a.kernels):
        raise UserError("no kernel in these tables has measured times (a profile alone is "
                        "ranked by the rules): rules check needs timed sweeps, e.g. from "
                        "gpuadvisor tune")
    checks = check(analyses, loaded, only)
    read = read_line(analyses)
    if as_json:
        text = json.dumps({"read": read, "tables": [s for s, _a in analyses],
                           "skipped": skipped,
                           "rules": [c.to_dict() for c in checks]}, indent=2) + "\n"
    elif markdown or output is not None:
        text = check_markdown(checks, f"Read: {read}.")
    else:
        text = None
    if text is None:
        _print_checks(checks, read)
    elif output is None:
        typer.echo(text, nl=False)
    else:
        from gpuadvisor.output_files import write_output

        write_output(output, text)
        typer.echo(f"wrote {output}", err=True)
    for line in skipped:
        typer.echo(f"skipped {line}", err=True)


def _measured_analyses(tables: list[Path], loaded: list, arch: str | None
                       ) -> tuple[list, list[str]]:
    """(source, analysis) of each table, with progress; tables that cannot be analyzed
    (no known architecture, no rankable configuration) are skipped with the reason. A path
    that is not a readable sweep table is the user's error."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.errors import UserError
    from gpuadvisor.sweep import read_sweep

    analyses, skipped = [], []
    console = Console(stderr=True)
    with Progress(TextColumn("[bold]analyzing"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[note]}"), console=console, transient=True,
                  disable=len(tables) < 2 or not console.is_terminal) as progress:
        task = progress.add_task("analyze", total=len(tables), note="")
        for path in tables:
            df, provenance = read_sweep(path)
            try:
                analyses.append((str(path), analyze_sweep(
                    df, arch=arch, rules=loaded, provenance=provenance, comparisons=False,
                    notes=False)))
            except UserError as err:
                skipped.append(f"{path}: {err}")
            progress.update(task, advance=1, note=path.name)
    return analyses, skipped


def _print_checks(checks: list, read: str) -> None:
    """The tested rules as a table; the rest named in a line each."""
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.rule_check import SHORT_HEADERS, short_rows

    console = Console()
    tested = [c for c in checks if c.tests]
    table = Table(title=f"rules against the times of {read}",
                  box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    body = short_rows(tested)
    for i, col in enumerate(SHORT_HEADERS):  # the numbers whole; the rule id may be cut
        width = max([len(col)] + [len(row[i]) for row in body])
        table.add_column(col, no_wrap=True, overflow="ellipsis", ratio=1 if i == 0 else None,
                         min_width=None if i == 0 else width,
                         justify="left" if i in (0, 1, 8) else "right")
    for row in body:
        table.add_row(*row)
    console.print(table)
    console.print("tested/fired: kernels with fired and quiet timed configurations / kernels "
                  "where it fired; agree: kernels whose times are ordered as the rule says; "
                  "like: the same over like-for-like pairs (one block size, every other "
                  "score-moving rule alike; the verdict's basis where 5 or more kernels have "
                  "them); ratio: median time fired / quiet; rule's: 1 / its median factor; best: "
                  "kernels whose fastest configuration is a fired one.", soft_wrap=True)
    untested = {
        "fired only where every evaluated configuration fired": [
            c.rule_id for c in checks if not c.tests and c.fired_kernels and c.scope == "config"],
        "never fired": [c.rule_id for c in checks if c.verdict == "never fired"],
        "kernel- and sweep-wide, not tested here": [
            c.rule_id for c in checks if c.verdict == "not tested here"],
    }
    for what, names in untested.items():
        if names:
            console.print(f"{what}: {', '.join(names)}", soft_wrap=True)


def register(app: typer.Typer) -> None:
    sub = typer.Typer(help="The tuning rules: list, show documentation, validate rule files, "
                           "check them against measured sweeps.",
                      no_args_is_help=True)
    sub.command("list")(list_command)
    sub.command("show")(show_command)
    sub.command("validate")(validate_command)
    sub.command("check")(check_command)
    app.add_typer(sub, name="rules")
