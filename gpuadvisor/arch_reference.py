"""The Markdown reference of every architecture and board the advisor knows, each field with
its source (``docs/architectures.md``; ``gpuadvisor arch list --markdown`` prints it, and a
test keeps the committed page equal to it)."""

from __future__ import annotations

_DOC_INTRO = """\
# Architecture facts

Generated from `gpuadvisor/data/arch.yaml` by `gpuadvisor arch list --markdown` (a test fails when
this file and the data disagree). `gpuadvisor arch show sm_90` prints one architecture with the
citation of every field; `--json` gives the same as data. Sizes are KiB unless marked; "-" means
not documented or not applicable.

The occupancy calculator (`gpuadvisor occupancy`, `gpuadvisor.occupancy.occupancy`) uses these
figures with the allocation rules of NVIDIA's occupancy calculator (`cuda_occupancy.h`):
registers are allocated per warp in units of the register allocation unit and a block must fit
the register file split into its partitions; shared memory per block is static + dynamic + the
driver's reserve, rounded up to the allocation unit; on Volta and newer the carveout percentage is
rounded up to the next supported shared capacity, and the default carveout means the largest
capacity. tests/test_occupancy.py checks it against `cudaOccupancyMaxActiveBlocksPerMultiprocessor`
on a Hopper GPU (every row of fixtures/hopper/occupancy_grid.csv, recorded on an H200) and against
`cuda_occupancy.h` on every architecture from sm_30; Fermi (which CUDA 13 no longer covers)
follows the CUDA 6 header and the seeds' statements.

"""


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _kib(value: int | None) -> str:
    if value is None:
        return "-"
    return f"{value / 1024:g}" if value % 1024 else str(value // 1024)


def _md_table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines) + "\n"


def render_markdown() -> str:
    """The Markdown reference of every architecture and board, with citations."""
    from gpuadvisor.arch import citations, list_archs, list_boards

    archs, boards = list_archs(), list_boards()
    out = [_DOC_INTRO, "## Threads, blocks and registers\n\n"]
    out.append(
        _md_table(
            [
                "arch",
                "family",
                "warp",
                "threads/SM",
                "warps/SM",
                "blocks/SM",
                "threads/block",
                "block dims",
                "regs/SM",
                "regs/block",
                "regs/thread",
                "reg alloc unit (per warp)",
                "reg partitions",
            ],
            [
                [
                    a.name,
                    a.family,
                    _cell(a.warp_size),
                    _cell(a.max_threads_per_sm),
                    _cell(a.max_warps_per_sm),
                    _cell(a.max_blocks_per_sm),
                    _cell(a.max_threads_per_block),
                    "x".join(str(d) for d in a.max_block_dim),
                    _cell(a.registers_per_sm),
                    _cell(a.max_registers_per_block),
                    _cell(a.max_registers_per_thread),
                    _cell(a.register_alloc_unit)
                    + (
                        " (128 for "
                        + ", ".join(str(r) for r, _ in a.register_alloc_unit_exceptions)
                        + ")"
                        if a.register_alloc_unit_exceptions
                        else ""
                    ),
                    _cell(a.register_partitions),
                ]
                for a in archs
            ],
        )
    )
    out.append("\n## Shared memory, L1 and caching\n\n")
    out.append(
        _md_table(
            [
                "arch",
                "smem/SM",
                "smem/block (default)",
                "smem/block (opt-in)",
                "alloc unit (B)",
                "reserved/block (B)",
                "shared capacities (carveouts)",
                "L1+smem",
                "line/sector (B)",
                "global loads in L1 by default",
                "-dlcm=cg bypasses L1",
                "-dlcm=ca opt-in",
                "memory partitions",
            ],
            [
                [
                    a.name,
                    _kib(a.shared_mem_per_sm),
                    _kib(a.shared_mem_per_block),
                    _kib(a.shared_mem_per_block_optin),
                    _cell(a.shared_mem_alloc_unit),
                    _cell(a.reserved_shared_mem_per_block),
                    ", ".join(_kib(c) for c in a.shared_mem_capacities),
                    _kib(a.l1_shared_total),
                    f"{a.cache_line_bytes}/{a.sector_bytes}",
                    _cell(a.global_loads_cached_in_l1),
                    _cell(a.l1_can_be_disabled),
                    _cell(a.l1_opt_in),
                    "-"
                    if a.memory_partitions is None
                    else f"{a.memory_partitions} x {a.partition_bytes} B",
                ]
                for a in archs
            ],
        )
    )
    out.append("\n## L1 behaviour\n\n")
    for a in archs:
        out.append(
            f"- **{a.name}** ({a.family}): {' '.join(a.l1_note.split())} [{a.source('l1_note')}]\n"
        )
    out.append("\n## Boards\n\n")
    out.append(
        _md_table(
            [
                "board",
                "arch",
                "SMs",
                "FP32 cores",
                "boost MHz",
                "memory GB/s",
                "FP32 GFLOPS",
                "L2 (KiB)",
            ],
            [
                [
                    b.name,
                    b.arch.name,
                    _cell(b.sm_count),
                    _cell(b.fp32_cores),
                    _cell(b.boost_clock_mhz),
                    _cell(b.memory_bandwidth_gbs),
                    _cell(b.peak_fp32_gflops),
                    _kib(b.l2_bytes),
                ]
                for b in boards
            ],
        )
    )
    out.append(
        "\nBoard figures: FP32 GFLOPS = FP32 cores x 2 x boost clock as the vendor states it; "
        "Fermi's clock is the shader clock.\n\n"
    )
    for b in boards:
        cites = "; ".join(f"{k}: {v}" for k, v in b.sources.items())
        out.append(f"- **{b.name}**: {cites}\n")
    out.append("\n## Citations per field\n\n")
    out.append("Each architecture's fields are cited by its default source unless listed here.\n\n")
    for a in archs:
        listed = {k: v for k, v in a.sources.items() if k != "_default"}
        out.append(f"### {a.name}\n\ndefault: {a.sources.get('_default', '')}\n\n")
        out += [f"- `{k}`: {v}\n" for k, v in sorted(listed.items())]
        out.append("\n")
    out.append("## Sources\n\n")
    out += [f"- `{k}`: {v}\n" for k, v in citations().items()]
    return "".join(out)
