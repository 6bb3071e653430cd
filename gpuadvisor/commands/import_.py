"""``gpuadvisor import``: recorded ncu/nvprof output of any supported kind -> a sweep table."""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from gpuadvisor.errors import UserError


def import_command(
    files: list[Path] = typer.Argument(
        ...,
        help="Recorded profiles: ncu --csv (raw or details "
        "page), .ncu-rep, nvprof CSV/log/trace/summary, "
        "or sweep tables.",
    ),
    output: str = typer.Option(
        None, "--output", "-o", help="Sweep table to write (.csv or .jsonl; '-' = CSV to stdout)."
    ),
    keep_launches: bool = typer.Option(
        False,
        "--keep-launches",
        help="One row per profiled launch instead of one per configuration.",
    ),
    no_merge: bool = typer.Option(
        False,
        "--no-merge",
        help="Do not join nvprof metric results with the launch configuration of an nvprof trace.",
    ),
    lenient: bool = typer.Option(
        False, "--lenient", help="Drop sweep-table rows whose cells do not parse (or whose "
                                 "time is not finite) with a counted warning, instead of "
                                 "stopping at the first one."),
) -> None:
    """Turn recorded profiler output into one sweep table with canonical column names."""
    if not output:
        raise UserError("say where to write the sweep table: -o OUT.csv (or -o - for stdout)")
    from gpuadvisor.importer import import_files, provenance_for
    from gpuadvisor.intake import lenient_intake
    from gpuadvisor.sweep import normalize, write_sweep

    with lenient_intake(lenient):
        table = import_files(files, collapse=not keep_launches, merge=not no_merge)
    provenance = provenance_for(files, table)
    if output == "-":
        for key, value in provenance.items():
            sys.stdout.write(f"# {key}: {value}\n")
        normalize(table).to_csv(sys.stdout, index=False)
        return
    path = write_sweep(table, output, provenance)
    kernels = table["kernel"].nunique()
    shaped = int(table["block_x"].notna().sum())
    typer.echo(
        f"wrote {len(table)} rows ({kernels} kernels, {shaped} with a block shape) "
        f"from {len(files)} file(s) to {path}"
    )
    if "input_format" in table:
        for (source, fmt), count in table.groupby(["source", "input_format"]).size().items():
            typer.echo(f"  {fmt:22s} {count:4d} rows  {source}")


def register(app: typer.Typer) -> None:
    app.command("import", help="Recorded ncu/nvprof output -> a sweep table CSV.")(import_command)
