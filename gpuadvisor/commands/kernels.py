"""``gpuadvisor kernels list|show``: the built-in benchmark kernels (kernels/manifest.yaml)."""

from __future__ import annotations

import json
from typing import Any

import typer

from gpuadvisor.errors import UserError
from gpuadvisor.shapes import format_shape


def _summary(spec: Any) -> dict[str, Any]:
    return {
        "name": spec.name,
        "title": spec.title,
        "access": spec.access,
        "dims": spec.dims,
        "element_type": spec.element_type,
        "source": spec.source.name,
        "entry": spec.entry,
        "params": spec.params,
        "problem": spec.problem,
        "seeds": spec.seeds,
        "host_block": list(spec.host_block) if spec.host_block else None,
    }


def _details(spec: Any) -> dict[str, Any]:
    out = _summary(spec)
    out.update(
        {
            "args": [
                {
                    "name": a.name,
                    "kind": a.kind,
                    "dtype": a.dtype,
                    **({"shape": list(a.shape)} if a.shape else {}),
                    **({"init": dict(a.init)} if a.init else {}),
                    **({"value": a.value} if a.value is not None else {}),
                }
                for a in spec.args
            ],
            "grid": list(spec.grid),
            "shared_mem_dynamic": spec.shared_mem_dynamic,
            "constraints": [{"expr": c.expr, "reason": c.reason} for c in spec.constraints],
            "launch": dict(spec.launch),
            "reference": spec.reference,
            "shape_mapping": spec.shape_mapping,
            "notes": spec.notes,
        }
    )
    return out


def list_command(
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Every built-in kernel with its access pattern and default problem size."""
    from rich.console import Console
    from rich.table import Table

    from gpuadvisor.targets.manifest import kernels

    specs = kernels()
    if as_json:
        typer.echo(json.dumps([_summary(s) for s in specs.values()], indent=2))
        return
    table = Table(title="Built-in kernels (kernels/manifest.yaml)")
    for col in ("name", "access", "dims", "type", "project's block", "problem size", "title"):
        table.add_column(col, overflow="fold")
    for spec in specs.values():
        size = ", ".join(f"{k}={v}" for k, v in spec.params.items())
        host = format_shape(spec.host_block) if spec.host_block else "-"
        table.add_row(spec.name, spec.access, str(spec.dims), spec.element_type, host, size,
                      spec.title)
    Console().print(table)


def show_command(
    name: str = typer.Argument(..., help="Kernel name (see `gpuadvisor kernels list`)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    resources: bool = typer.Option(
        False,
        "--resources",
        help="Compile it with nvcc and show registers, shared memory "
        "and spills (per cache configuration).",
    ),
    arch: str = typer.Option("sm_90", "--arch", help="Architecture for --resources."),
) -> None:
    """One kernel: source, arguments, grid, shared memory, shape mapping, reference."""
    from gpuadvisor.targets.manifest import get_kernel

    spec = get_kernel(name)
    info = _details(spec)
    if resources:
        info["resources"] = _resources(spec, arch)
    if as_json:
        typer.echo(json.dumps(info, indent=2, default=str))
        return
    lines = [
        f"{spec.name}: {spec.title}",
        f"  source        kernels/{spec.source.name} (entry {spec.entry})",
        f"  seeds         {spec.seeds}",
        f"  access        {spec.access}; element type {spec.element_type}; "
        f"{spec.dims}-D default sweep",
        f"  problem       {spec.problem}",
        "  params        " + ", ".join(f"{k}={v}" for k, v in spec.params.items()),
        f"  grid          ({', '.join(str(g) for g in spec.grid)})",
        f"  dynamic smem  {spec.shared_mem_dynamic} bytes",
        f"  launch        {spec.plan}",
        f"  reference     {spec.reference}",
        "  arguments",
    ]
    for arg in info["args"]:
        extra = (
            (f" shape {arg['shape']}" if "shape" in arg else "")
            + (f" init {arg['init']}" if "init" in arg else "")
            + (f" = {arg['value']}" if "value" in arg else "")
        )
        lines.append(f"    {arg['name']:<8} {arg['kind']:<7} {arg['dtype']}{extra}")
    for c in spec.constraints:
        lines.append(f"  constraint    {c.expr}  ({c.reason})")
    if spec.shape_mapping:
        lines.append(f"  shape mapping {spec.shape_mapping}")
    if spec.host_block:
        lines.append(f"  host block    {format_shape(spec.host_block)} (the ported project's "
                     f"own launch: tune --current {format_shape(spec.host_block)})")
    if spec.notes:
        lines.append(f"  notes         {spec.notes}")
    for cache, res in (info.get("resources") or {}).items():
        lines.append(
            f"  resources     {cache}: {res['registers_per_thread']} registers/thread, "
            f"{res['shared_mem_static']} B static smem, {res['spill_stores']} B spill "
            f"stores ({arch})"
        )
    typer.echo("\n".join(lines))


def _resources(spec: Any, arch: str) -> dict[str, Any]:
    import tempfile
    from pathlib import Path

    from gpuadvisor.arch import get_arch
    from gpuadvisor.targets.compile import compile_kernel

    sm = get_arch(arch).name
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for cache in ("default", "l1_off"):
            compiled = compile_kernel(spec.source, spec.entry, sm, cache, Path(tmp))
            out[cache] = compiled.resources.__dict__
    if not out:
        raise UserError("no resources")
    return out


def register(app: typer.Typer) -> None:
    sub = typer.Typer(
        help="The built-in benchmark kernels (kernels/manifest.yaml).", no_args_is_help=True
    )
    sub.command("list", help="Every built-in kernel with its access pattern and problem size.")(
        list_command
    )
    sub.command("show", help="One kernel: arguments, grid, shared memory, shape mapping.")(
        show_command
    )
    app.add_typer(sub, name="kernels")
