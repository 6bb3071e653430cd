"""Compile a built-in kernel with nvcc to a cubin, once per cache configuration, and read its
resource usage from ptxas's report (``-Xptxas -v``).

The cubin is cached on disk under a hash of the sources and the command, so the timing
process and the ncu driver process load the same binary and nothing is compiled twice.
The resource report (registers, static shared memory, spills) feeds the configuration space's
occupancy filter before anything runs on a GPU.
"""

from __future__ import annotations

import hashlib
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from gpuadvisor.errors import UserError


@dataclass(frozen=True)
class Resources:
    """What one compiled kernel needs per thread and per block."""

    registers_per_thread: int
    shared_mem_static: int = 0
    stack_bytes: int = 0
    spill_stores: int = 0
    spill_loads: int = 0


@dataclass(frozen=True)
class Compiled:
    cubin: Path
    entry: str
    resources: Resources
    command: tuple[str, ...]
    cached: bool


_ENTRY = re.compile(r"Compiling entry function '([^']+)'")
_PROPS = re.compile(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads")
_USED = re.compile(r"Used (\d+) registers")
_SMEM = re.compile(r"(\d+) bytes smem")


def parse_ptxas(text: str) -> dict[str, Resources]:
    """ptxas ``-v`` output -> resources by entry function.

    Understands both the CUDA <= 12 line (``Used 37 registers, 8192 bytes smem, 400 bytes
    cmem[0]``) and CUDA 13's (``Used 14 registers, used 1 barriers, 256 bytes smem``).
    """
    found: dict[str, dict[str, int]] = {}
    current: str | None = None
    for line in text.splitlines():
        match = _ENTRY.search(line)
        if match:
            current = match.group(1)
            found[current] = {}
            continue
        if current is None:
            continue
        props = _PROPS.search(line)
        if props:
            found[current].update(
                stack_bytes=int(props.group(1)),
                spill_stores=int(props.group(2)),
                spill_loads=int(props.group(3)),
            )
        used = _USED.search(line)
        if used:
            found[current]["registers_per_thread"] = int(used.group(1))
            smem = _SMEM.search(line)
            found[current]["shared_mem_static"] = int(smem.group(1)) if smem else 0
    return {
        name: Resources(**values)
        for name, values in found.items()
        if "registers_per_thread" in values
    }


def cache_config_flags(cache_config: str) -> list[str]:
    """Compiler flags of a cache configuration: only ``l1_off`` changes the binary."""
    return ["-Xptxas", "-dlcm=cg"] if cache_config == "l1_off" else []


def find_nvcc() -> str:
    from gpuadvisor.ptx.sources import find_tool

    found = find_tool("nvcc", "NVCC")
    if found is None:
        raise UserError("nvcc not found: install the CUDA toolkit (it compiles the built-in "
                        "kernels) or set NVCC")
    return found


def sm_name(compute_capability: tuple[int, int]) -> str:
    return f"sm_{compute_capability[0]}{compute_capability[1]}"


def compile_kernel(
    source: Path, entry: str, arch: str, cache_config: str, build_dir: Path, nvcc: str | None = None
) -> Compiled:
    """nvcc ``source`` for ``arch`` (e.g. sm_90) into ``build_dir``; reuse a cached cubin."""
    nvcc = nvcc or find_nvcc()
    build_dir.mkdir(parents=True, exist_ok=True)
    flags = [
        "-cubin",
        f"-arch={arch}",
        "-O3",
        "-lineinfo",
        "-Xptxas",
        "-v",
        *cache_config_flags(cache_config),
        "-I",
        str(source.parent),
    ]
    digest = hashlib.sha256()
    for path in sorted([source, *source.parent.glob("*.cuh")]):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(" ".join(flags[:-1]).encode())
    stem = f"{source.stem}-{arch}-{digest.hexdigest()[:12]}"
    cubin = build_dir / f"{stem}.cubin"
    log_path = build_dir / f"{stem}.ptxas.txt"
    command = (nvcc, *flags, "-o", str(cubin), str(source))
    if cubin.is_file() and log_path.is_file():
        log, cached = log_path.read_text(), True
    else:
        try:
            proc = subprocess.run(command, capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            raise UserError(f"nvcc took over 10 minutes on {source.name}") from None
        if proc.returncode != 0:
            lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if "error" in ln]
            first = lines[0] if lines else (proc.stderr.strip().splitlines() or ["?"])[-1]
            raise UserError(f"nvcc failed on {source.name} for {arch}: {first.strip()}")
        log, cached = proc.stderr + proc.stdout, False
        tmp = log_path.with_suffix(".tmp")
        tmp.write_text(log)
        tmp.replace(log_path)
    resources = parse_ptxas(log).get(entry)
    if resources is None:
        raise UserError(f"{source.name}: ptxas reported no entry function {entry!r}")
    return Compiled(cubin, entry, resources, command, cached)
