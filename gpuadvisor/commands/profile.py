"""``gpuadvisor profile``: run one profile of a program under ncu or nvprof, print the
canonical metrics."""

from __future__ import annotations

import json
import math

import typer

from gpuadvisor.errors import UserError


def _int(text: str | None, what: str, minimum: int) -> int | None:
    if text is None:
        return None
    try:
        value = int(str(text).strip())
    except ValueError:
        raise UserError(f"bad {what} {text!r}: expected a whole number") from None
    if value < minimum:
        raise UserError(f"bad {what} {value}: must be at least {minimum}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise UserError(f"bad --timeout {text!r}: expected seconds") from None
    if not value > 0:
        raise UserError("bad --timeout: must be more than 0 seconds")
    return value


def profile_command(
    target: str = typer.Argument(..., help="The program to profile (path or name on PATH)."),
    args: list[str] = typer.Argument(None, help="Arguments for the program; put them after --."),
    kernel: str = typer.Option(
        None, "--kernel", "-k", help="Kernel name (a regex on the function name)."
    ),
    profiler: str = typer.Option("ncu", "--profiler", help="ncu (default) or nvprof."),
    launch_skip: str = typer.Option(
        "0", "--launch-skip", help="Matching launches to skip first (ncu)."
    ),
    launch_count: str = typer.Option(
        "1", "--launch-count", help="Matching launches to profile (ncu)."
    ),
    metrics: str = typer.Option(
        None,
        "--metrics",
        help="Comma-separated profiler metric names to collect instead of gpuadvisor's set.",
    ),
    cache_control: str = typer.Option(
        "all", "--cache-control", help="ncu cache control: all (flush) or none."
    ),
    clock_control: str = typer.Option(
        "base", "--clock-control", help="ncu clock control: base, none or reset."
    ),
    timeout: str = typer.Option("1800", "--timeout", help="Seconds before the run is killed."),
    output: str = typer.Option(
        None, "--output", "-o", help="Also write the rows as a sweep table (.csv or .jsonl)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print JSON records instead of a table."),
) -> None:
    """Profile TARGET once and print gpuadvisor's canonical metrics for each profiled launch.

    Example: gpuadvisor profile ./matmul --kernel matmul_naive -- 1024 16x16
    """
    from gpuadvisor.profilers import get_profiler

    plugin = get_profiler(profiler)
    argv = [target, *(args or [])]
    metric_list = [m.strip() for m in metrics.split(",") if m.strip()] if metrics else None
    seconds = _seconds(timeout)
    options = {}
    if plugin.name == "ncu":
        options = dict(
            launch_skip=_int(launch_skip, "--launch-skip", 0),
            launch_count=_int(launch_count, "--launch-count", 1),
            cache_control=cache_control,
            clock_control=clock_control,
        )
    table = plugin.profile(argv, kernel, metric_list, timeout_s=seconds, **options)
    if output:
        from gpuadvisor.sweep import write_sweep

        write_sweep(
            table,
            output,
            {"generator": "gpuadvisor profile", "profiler": profiler, "command": " ".join(argv)},
        )
    if as_json:
        typer.echo(json.dumps([_jsonable(r) for r in table.to_dict(orient="records")], indent=2))
        return
    render_metrics(table, title=f"{profiler}: {' '.join(argv)}")


def render_metrics(table, title: str = "") -> None:
    """Canonical metrics as a rich table: one column per launch, one row per metric."""
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.profilers.metrics import CANONICAL_NAMES, STALL_COLUMNS, unit_of

    out = Table(title=title or None)
    out.add_column("metric")
    out.add_column("unit")
    records = table.to_dict(orient="records")
    for rec in records:
        shape = "x".join(str(rec.get(a)) for a in ("block_x", "block_y", "block_z"))
        out.add_column(f"{rec.get('kernel')}\n{shape}", justify="right")
    rows = ["block_size", "grid_x", "grid_y", "grid_z", *CANONICAL_NAMES, *STALL_COLUMNS]
    for name in rows:
        values = [rec.get(name) for rec in records]
        if all(_missing(v) for v in values):
            continue
        out.add_row(name, unit_of(name) or "", *[_fmt(v) for v in values])
    Console().print(out)


def _missing(value: object) -> bool:
    return (
        value is None
        or (isinstance(value, float) and math.isnan(value))
        or str(value) in ("<NA>", "nan")
    )


def _fmt(value: object) -> str:
    if _missing(value):
        return "-"
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1e6 else f"{value:,.0f}"
    return str(value)


def _jsonable(record: dict) -> dict:
    """sweep.jsonable, with every value this command shows as missing (e.g. "<NA>") as null."""
    from gpuadvisor.sweep import jsonable

    return jsonable({k: None if _missing(v) else v for k, v in record.items()})


def register(app: typer.Typer) -> None:
    app.command(
        "profile", help="Profile a program once (ncu or nvprof) and print the canonical metrics."
    )(profile_command)
