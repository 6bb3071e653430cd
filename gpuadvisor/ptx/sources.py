"""Where a kernel's PTX comes from: a ``.ptx`` file, a CUDA source (compiled with
``nvcc -ptx``) or an executable or library with PTX embedded (``cuobjdump -ptx``)."""

from __future__ import annotations

import hashlib
import os
import shutil
import struct
import subprocess
import tempfile
from collections.abc import Iterable
from pathlib import Path

from gpuadvisor.errors import UserError
from gpuadvisor.ptx.access import KernelCode, analyze_module
from gpuadvisor.ptx.parse import parse_module

CUDA_SUFFIXES = (".cu",)
#: The flags the built-in target compiles with (-O3, sm_90), plus line info for notes.
NVCC_PTX_FLAGS = ("-ptx", "-arch=sm_90", "-O3", "-lineinfo")


def ptx_text(path: Path, include: Iterable[Path] = (), cache_dir: Path | None = None) -> str:
    """The PTX of ``path``: read, compiled or extracted by what the file is. ``cache_dir``:
    where a compiled source's PTX is kept, by the hash of the sources and flags (a resumed
    or repeated sweep compiles nothing)."""
    if not path.exists():
        raise UserError(f"{path}: no such file")
    if path.is_dir():
        raise UserError(f"{path}: is a directory (pass a .ptx, .cu or binary file)")
    if path.suffix in CUDA_SUFFIXES:
        return _compile(path, tuple(include), cache_dir)
    with path.open("rb") as fh:
        head = fh.read(4096)
    if path.suffix == ".ptx" or (b".version" in head and b".target" in head):
        return path.read_text(encoding="utf-8", errors="replace")
    return _extract(path)


def load_codes(paths: Iterable[Path], include: Iterable[Path] = (),
               cache_dir: Path | None = None) -> dict[str, KernelCode]:
    """Every kernel (``.entry``) of every file, by its PTX name; a later file's kernel of the
    same name replaces an earlier one's."""
    out: dict[str, KernelCode] = {}
    for path in paths:
        try:
            out.update(analyze_module(parse_module(ptx_text(Path(path), include, cache_dir))))
        except UserError as err:
            message = str(err)
            raise UserError(message if message.startswith(str(path))
                            else f"{path}: {message}") from None
        except (ValueError, IndexError, KeyError, struct.error) as err:  # damaged PTX
            raise UserError(f"{path}: cannot read its PTX ({type(err).__name__}: {err})"
                            ) from None
    return out


def find_tool(name: str, env: str) -> str | None:
    """A CUDA tool: ``$ENV``, else on the PATH, else in /usr/local/cuda/bin; None if none."""
    for candidate in (os.environ.get(env, ""), name, f"/usr/local/cuda/bin/{name}"):
        if candidate and shutil.which(candidate):
            return str(shutil.which(candidate))
    return None


def _tool(name: str, env: str) -> str:
    found = find_tool(name, env)
    if found is None:
        raise UserError(f"{name} not found: install the CUDA toolkit or set {env} "
                        "(or pass the kernel's .ptx instead)")
    return found


def _compile(source: Path, include: tuple[Path, ...], cache_dir: Path | None) -> str:
    cached = None
    if cache_dir is not None:
        digest = hashlib.sha256(" ".join(NVCC_PTX_FLAGS).encode())
        for path in sorted([source, *source.parent.glob("*.cuh"),
                            *(h for d in include for h in Path(d).glob("*.cuh"))]):
            digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
        cached = cache_dir / f"{source.stem}-{digest.hexdigest()[:12]}.ptx"
        if cached.is_file():
            return cached.read_text(encoding="utf-8", errors="replace")
    text = _compiled(source, include)
    if cached is not None:
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(cached)
    return text


def _compiled(source: Path, include: tuple[Path, ...]) -> str:
    nvcc = _tool("nvcc", "NVCC")
    with tempfile.TemporaryDirectory(prefix="gpuadvisor-ptx-") as tmp:
        out = Path(tmp) / (source.stem + ".ptx")
        command = [nvcc, *NVCC_PTX_FLAGS, "-I", str(source.parent),
                   *[a for d in include for a in ("-I", str(d))], "-o", str(out), str(source)]
        proc = _run(command)
        if proc.returncode != 0 or not out.is_file():
            lines = [ln for ln in (proc.stderr + proc.stdout).splitlines() if "error" in ln]
            first = (lines or (proc.stderr.strip().splitlines() or ["?"]))[0]
            raise UserError(f"{source}: nvcc -ptx failed: {first.strip()}")
        return out.read_text(encoding="utf-8", errors="replace")


def _extract(binary: Path) -> str:
    cuobjdump = _tool("cuobjdump", "CUOBJDUMP")
    proc = _run([cuobjdump, "-ptx", str(binary)])
    if proc.returncode != 0:
        last = (proc.stderr.strip().splitlines() or ["?"])[-1]
        raise UserError(f"{binary}: cuobjdump -ptx failed: {last.strip()}")
    if ".entry" not in proc.stdout:
        raise UserError(f"{binary}: no PTX embedded (built with code=sm_XX only? pass the "
                        "kernel's .cu or .ptx instead)")
    return proc.stdout


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=600, check=False)
    except subprocess.TimeoutExpired:
        raise UserError(f"{Path(command[0]).name} took over 10 minutes") from None
    except OSError as err:
        raise UserError(f"{command[0]}: cannot run ({err.strerror})") from None
