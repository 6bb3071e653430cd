"""``gpuadvisor arch list|show``: the architecture facts the advisor reasons with, with sources."""

from __future__ import annotations

import json

import typer


def _kb(value: int | None) -> str:
    if value is None:
        return "-"
    return f"{value // 1024} KB" if value % 1024 == 0 else f"{value} B"


def list_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of tables."),
    markdown: bool = typer.Option(
        False, "--markdown", help="Print the Markdown reference (docs/architectures.md)."
    ),
) -> None:
    """Every known architecture (Fermi sm_20 ... Blackwell sm_120) and board."""
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.arch import list_archs, list_boards

    archs, boards = list_archs(), list_boards()
    if markdown:
        from gpuadvisor.arch_reference import render_markdown

        typer.echo(render_markdown(), nl=False)
        return
    if as_json:
        typer.echo(
            json.dumps(
                {"archs": [a.to_dict() for a in archs], "boards": [b.to_dict() for b in boards]},
                indent=2,
            )
        )
        return
    table = Table(title="Architectures")
    for col in (
        "arch",
        "family",
        "threads/SM",
        "warps/SM",
        "blocks/SM",
        "regs/SM",
        "regs/thread",
        "smem/SM",
        "smem/block (opt-in)",
        "L1 caches global loads",
    ):
        table.add_column(col)
    for a in archs:
        table.add_row(
            a.name,
            a.family,
            str(a.max_threads_per_sm),
            str(a.max_warps_per_sm),
            str(a.max_blocks_per_sm),
            str(a.registers_per_sm),
            str(a.max_registers_per_thread),
            _kb(a.shared_mem_per_sm),
            f"{_kb(a.shared_mem_per_block)} ({_kb(a.shared_mem_per_block_optin)})",
            "yes" if a.global_loads_cached_in_l1 else "no",
        )
    console = Console()
    console.print(table)
    btable = Table(title="Boards")
    for col in ("board", "arch", "SMs", "boost MHz", "GB/s", "FP32 GFLOPS", "L2"):
        btable.add_column(col)
    for b in boards:
        btable.add_row(
            b.name,
            b.arch.name,
            _opt(b.sm_count),
            _opt(b.boost_clock_mhz),
            _opt(b.memory_bandwidth_gbs),
            _opt(b.peak_fp32_gflops),
            _kb(b.l2_bytes),
        )
    console.print(btable)


def _opt(value: object) -> str:
    return "-" if value is None else str(value)


def show_command(
    name: str = typer.Argument(..., help="sm_90, 9.0, 90, or a board name such as 'GTX 480'."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """All facts of one architecture (or of a board and its architecture), with sources."""
    from gpuadvisor.arch import find_board, get_arch, list_boards

    board = find_board(name)
    arch = board.arch if board is not None else get_arch(name)
    boards = [b for b in list_boards() if b.arch.name == arch.name]
    if as_json:
        out = {
            "arch": arch.to_dict(),
            "board": board.to_dict() if board else None,
            "boards": [b.name for b in boards],
        }
        typer.echo(json.dumps(out, indent=2))
        return
    _render_show(arch, board, boards)


def _render_show(arch, board, boards) -> None:
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.arch import citations, cited_keys

    console = Console()
    if board is not None:
        bt = Table(title=f"Board {board.name} ({arch.name})")
        for col in ("fact", "value", "source"):
            bt.add_column(col)
        for key, value in board.to_dict().items():
            if key in ("sources", "name", "arch"):
                continue
            bt.add_row(key, _opt(value), board.sources.get(key, ""))
        console.print(bt)
    at = Table(
        title=f"{arch.name} ({arch.family}, compute capability "
        f"{arch.compute_capability[0]}.{arch.compute_capability[1]})"
    )
    for col in ("fact", "value", "source"):
        at.add_column(col, overflow="fold")
    facts = arch.to_dict()
    for key, value in facts.items():
        if key in ("sources", "name"):
            continue
        at.add_row(key, _opt(value), arch.source(key))
    console.print(at)
    if boards:
        console.print("Boards: " + ", ".join(b.name for b in boards))
    used: list[str] = []
    cites = [arch.source(k) for k in facts] + (list(board.sources.values()) if board else [])
    for citation in cites:
        used += [k for k in cited_keys(citation) if k not in used]
    known = citations()
    console.print("Sources:")
    for key in used:
        console.print(f"  {key}: {known[key]}", soft_wrap=True)


def register(app: typer.Typer) -> None:
    sub = typer.Typer(
        help="Architecture facts (limits, caches, boards) with sources.", no_args_is_help=True
    )
    sub.command("list")(list_command)
    sub.command("show")(show_command)
    app.add_typer(sub, name="arch")
