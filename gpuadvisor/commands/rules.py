"""``gpuadvisor rules list|show|validate``: the tuning rules, their documentation, checking."""

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


def register(app: typer.Typer) -> None:
    sub = typer.Typer(help="The tuning rules: list, show documentation, validate rule files.",
                      no_args_is_help=True)
    sub.command("list")(list_command)
    sub.command("show")(show_command)
    sub.command("validate")(validate_command)
    app.add_typer(sub, name="rules")
