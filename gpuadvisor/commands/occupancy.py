"""``gpuadvisor occupancy``: theoretical occupancy of one launch configuration, offline."""

from __future__ import annotations

import json

import typer

from gpuadvisor.errors import UserError


def _int(text: str | None, what: str) -> int | None:
    if text is None:
        return None
    try:
        return int(str(text).strip())
    except ValueError:
        raise UserError(f"bad {what} {text!r}: expected a whole number") from None


def occupancy_command(
    arch: str = typer.Option(None, "--arch", help="Architecture (sm_90, 9.0, 90) or board (H100)."),
    block: str = typer.Option(None, "--block", help="Block size or shape: 256, 16x16, 8x8x4."),
    regs: str = typer.Option("0", "--regs", help="Registers per thread (ptxas -v / ncu)."),
    smem: str = typer.Option("0", "--smem", help="Static shared memory per block: bytes or 48K."),
    dynamic_smem: str = typer.Option(
        "0", "--dynamic-smem", help="Dynamic shared memory per block: bytes or 48K."
    ),
    carveout: str = typer.Option(
        None, "--carveout", help="Preferred shared-memory carveout in percent (sm_70+)."
    ),
    cache_config: str = typer.Option(
        None,
        "--cache-config",
        help="cudaFuncSetCacheConfig preference: prefer_none, prefer_shared, prefer_l1, "
        "prefer_equal (decides the shared capacity on Fermi/Kepler).",
    ),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON object instead of a table."),
) -> None:
    """Blocks and warps per SM, occupancy, the limiting resource, and the best block sizes."""
    from gpuadvisor.arch import get_arch
    from gpuadvisor.occupancy import best_block_sizes, check_launch, occupancy, parse_bytes

    if not arch:
        raise UserError("--arch is required (e.g. --arch sm_90, --arch 'GTX 480')")
    if not block:
        raise UserError("--block is required (e.g. --block 256 or --block 16x16)")
    a = get_arch(arch)
    registers = _int(regs, "register count")
    if registers is not None and registers < 0:
        raise UserError(f"registers per thread must not be negative, got {registers}")
    static, dynamic = parse_bytes(smem), parse_bytes(dynamic_smem)
    pct = _int(carveout, "carveout")
    if pct is not None and not 0 <= pct <= 100:
        raise UserError(f"carveout must be a percentage 0-100, got {pct}")
    check_launch(a, block, registers or 0, static, dynamic, pct)
    result = occupancy(a, block, registers or 0, static, dynamic, pct, cache_config=cache_config)
    best = best_block_sizes(a, registers or 0, static, dynamic, pct, cache_config=cache_config)
    best_pct = 0.0
    if best:
        best_pct = occupancy(
            a, best[0], registers or 0, static, dynamic, pct, cache_config=cache_config
        ).occupancy_pct
    if as_json:
        out = result.to_dict()
        out["best_block_sizes"] = best
        out["best_occupancy_pct"] = best_pct
        typer.echo(json.dumps(out, indent=2))
        return
    _render(result, best, best_pct)


def _fmt_limit(value: int | None) -> str:
    return "unlimited" if value is None else str(value)


def _render(result, best: list[int], best_pct: float) -> None:
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.shapes import format_shape

    console = Console()
    table = Table(title=f"Occupancy on {result.arch}", show_header=False)
    table.add_column("what", style="bold")
    table.add_column("value")
    table.add_row(
        "block",
        f"{format_shape(result.block)} = {result.threads_per_block} threads, "
        f"{result.warps_per_block} warps",
    )
    table.add_row(
        "registers per block",
        f"{result.allocated_registers_per_block} allocated "
        f"({result.registers_per_thread} per thread)",
    )
    table.add_row("shared memory per block", f"{result.allocated_shared_mem_per_block} B allocated")
    table.add_row("shared capacity per SM", f"{result.shared_mem_per_sm} B")
    table.add_row("blocks per SM", str(result.blocks_per_sm))
    table.add_row("warps per SM", f"{result.warps_per_sm} of {result.max_warps_per_sm}")
    table.add_row("occupancy", f"{result.occupancy_pct:.1f}%")
    table.add_row("limited by", result.limited_by)
    console.print(table)

    limits = Table(title="Blocks per SM each resource allows")
    limits.add_column("resource")
    limits.add_column("blocks per SM", justify="right")
    for name, value in result.limits.items():
        mark = " <" if name == result.limited_by else ""
        limits.add_row(name, _fmt_limit(value) + mark)
    console.print(limits)
    if best:
        console.print(
            f"Block sizes reaching the highest occupancy ({best_pct:.1f}%) with these resources: "
            + ", ".join(str(n) for n in best),
            soft_wrap=True,
        )
    else:
        console.print("No block size can run with these resources.")
    for note in result.notes:
        console.print(f"note: {note}")


def register(app: typer.Typer) -> None:
    app.command("occupancy")(occupancy_command)
