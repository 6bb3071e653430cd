"""``gpuadvisor simulate``: replay a recorded sweep as if it were the GPU and search it."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from gpuadvisor.errors import UserError

HELP = (
    "Replay a recorded sweep table as if it were the GPU: the strategy asks for one "
    "configuration at a time and gets only that configuration's recorded row (a missing row "
    "is a configuration that cannot launch). Prints each kernel's pick, the configurations "
    "evaluated in order with why each was chosen, and the regret (pick time / the sweep's "
    "best time)."
)


def simulate(
    sweep: Path = typer.Argument(..., help="A sweep table (CSV or JSON Lines)."),
    max_configs: int = typer.Option(..., "--max-configs", "-n", help="Measurements allowed."),
    strategy: str = typer.Option(
        None, "--strategy", "-s",
        help="shortlist (the default, as tune --max-configs), guided, exhaustive or random."),
    seed: int = typer.Option(0, "--seed", help="Seed of the random strategy."),
    arch: str = typer.Option(None, "--arch", help="Architecture (default: the table's)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    ptx: list[Path] = typer.Option(
        [], "--ptx", metavar="FILE",
        help="The kernels' code (.ptx, .cu or a binary; repeatable), read by the guided and "
             "shortlist strategies' access model as analyze --ptx reads it."),
    current: str = typer.Option(
        None, "--current",
        help="The app's current block shape, e.g. 8x8: measured first, as tune --current "
             "does (a shape the table lacks is not measured). Default for a table the "
             "built-in target recorded: each kernel's project launch, as tune searches it."),
) -> None:
    from gpuadvisor.search.replay import simulate_table
    from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy
    from gpuadvisor.sweep import read_sweep

    strategy = strategy or DEFAULT_STRATEGY
    if max_configs < 1:
        raise UserError("--max-configs must be at least 1")
    make_strategy(strategy, seed)  # an unknown name is one clear error before reading
    from gpuadvisor.tuning import current_block

    block = current_block(current)
    if not sweep.is_file():
        raise UserError(f"{sweep}: no such file")
    try:
        table, provenance = read_sweep(sweep)
    except UserError:
        raise
    except Exception as err:  # noqa: BLE001 - a damaged table is the user's file
        raise UserError(f"{sweep}: cannot read the sweep table ({err})") from None
    code = None
    if ptx:
        from gpuadvisor.code_access import load_for_table

        code = load_for_table(ptx, table)
    results = simulate_table(table, max_configs, strategy, seed, arch, code, block,
                             None if block is not None else project_blocks(table, provenance))
    if as_json:
        typer.echo(json.dumps({"kernels": [r.to_dict() for r in results]}, indent=2))
        return
    for r in results:
        d = r.to_dict()
        pick = d["pick"]
        label = (f"{pick['block_x']}x{pick['block_y']}x{pick['block_z']} {pick['cache_config']}"
                 if pick else "none")
        regret = f"{d['regret']:.3f}" if d["regret"] is not None else "unknown"
        typer.echo(f"{r.kernel} [{strategy}]: pick {label}, regret {regret}, "
                   f"{len(d['evaluated'])} of {d['space']} configurations evaluated")
        for i, reason in enumerate(d["reasons"], 1):
            typer.echo(f"  {i:2d}. {reason}")
        for region in d["ruled_out"]:
            typer.echo(f"  ruled out{' (deferred)' if region['deferred'] else ''}: "
                       f"{region['region']}: {region['reason']}")
        typer.echo(f"  stop: {d['stop']}")


def project_blocks(table: object, provenance: dict | None) -> dict[str, tuple[int, int, int]]:
    """By kernel, the block its ported project launches (the manifest's host_block), where
    the built-in target recorded the table: tune's search of a built-in kernel starts there,
    so its replay does too. A user's table is never matched to a built-in by name."""
    from gpuadvisor.characterize import manifest_applies
    from gpuadvisor.targets.manifest import kernels

    if not manifest_applies(provenance):
        return {}
    specs = kernels()
    return {name: specs[name].host_block for name in map(str, table["kernel"].unique())
            if name in specs and specs[name].host_block is not None}


def register(app: typer.Typer) -> None:
    app.command("simulate", help=HELP)(simulate)
