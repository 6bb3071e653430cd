"""Build an application once per configuration, without touching the user's tree.

``tune ./app --build 'CMD' --src DIR --define NAME=TEMPLATE`` builds every configuration in
its own copy of ``DIR``: the command's ``{block_x}``-style placeholders are filled in, and each
``--define`` either reaches the compiler as ``-DNAME=value`` (where the source guards the
macro with ``#ifndef NAME``, or does not define it at all) or rewrites the ``#define NAME``
line of the copy. ``-D`` flags go to the command's ``{defines}`` placeholder and to
``NVCC_APPEND_FLAGS`` (which nvcc appends to every compile, Makefile and CMake builds alike).
With ``out_of_tree`` the per-configuration folder starts empty and the command reaches the
sources through ``{src}`` (``cmake -S {src} -B . -DBS={block_x} && cmake --build .``); it
then cannot rewrite a ``#define``, so an unguarded one is a user error.

A build directory is named by a hash of (substituted command, defines, source hash) and
holds a marker once it built, so a repeated or resumed sweep rebuilds nothing. Builds run in
parallel (``--jobs``); a failed build is a result with the compiler's last lines, never an
exception.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shlex
import shutil
import subprocess
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from gpuadvisor.errors import UserError
from gpuadvisor.space import Config

MARKER = ".gpuadvisor-build.json"
SOURCE_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".cuh", ".cu", ".c", ".cc", ".cpp", ".cxx", ".inc")
_SKIP_DIRS = {".git", ".hg", ".svn", "__pycache__", ".venv"}
_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class Define:
    """``--define NAME=TEMPLATE``: a macro and its value's template (placeholders allowed)."""

    name: str
    template: str


@dataclass(frozen=True)
class MacroSite:
    """One ``#define NAME`` line of the source (path relative to the source root)."""

    path: str
    line: int  # 1-based
    text: str
    guarded: bool  # inside ``#ifndef NAME`` / ``#if !defined(NAME)``


@dataclass(frozen=True)
class Rewrite:
    path: str
    line: int
    old: str
    new: str

    def describe(self) -> str:
        return f"{self.path}:{self.line}: {self.old.strip()} -> {self.new.strip()}"


@dataclass
class BuildResult:
    ok: bool
    build_dir: Path
    seconds: float
    cached: bool
    command: str
    flags: list[str] = field(default_factory=list)
    rewrites: list[Rewrite] = field(default_factory=list)
    log_tail: str = ""

    def error(self) -> str:
        return "build failed: " + (self.log_tail or "(no output)")


def parse_define(text: str) -> Define:
    name, sep, template = text.partition("=")
    name = name.strip()
    if not sep or not _NAME.match(name):
        raise UserError(f"bad --define {text!r}: write NAME=TEMPLATE, e.g. BLOCK_SIZE={{block_x}}")
    return Define(name, template.strip())


def fill(template: str, values: dict[str, str]) -> str:
    """Replace ``{name}`` placeholders from ``values`` (other braces are left alone)."""
    for name, value in values.items():
        template = template.replace("{" + name + "}", value)
    return template


def _source_files(src: Path, exclude: Path | None) -> list[Path]:
    files = []
    for root, dirs, names in os.walk(src):
        here = Path(root)
        dirs[:] = sorted(
            d for d in dirs if d not in _SKIP_DIRS and (exclude is None or here / d != exclude)
        )
        files += [here / n for n in sorted(names)]
    return files


def source_hash(src: Path, exclude: Path | None = None) -> str:
    """A hash of every file's path and bytes under ``src`` (VCS folders left out)."""
    digest = hashlib.sha256()
    for path in _source_files(src, exclude):
        if path.is_symlink() or not path.is_file():
            continue
        digest.update(str(path.relative_to(src)).encode() + b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()


def macro_sites(src: Path, name: str, exclude: Path | None = None) -> list[MacroSite]:
    """Every ``#define NAME ...`` (object-like) line in the source files under ``src``."""
    define = re.compile(rf"^\s*#\s*define\s+{re.escape(name)}(\s|$)")
    guard = re.compile(
        rf"^\s*#\s*(ifndef\s+{re.escape(name)}\b|if\s+!\s*defined\s*\(?\s*{re.escape(name)}\b)"
    )
    sites: list[MacroSite] = []
    for path in _source_files(src, exclude):
        if path.suffix.lower() not in SOURCE_SUFFIXES or not path.is_file():
            continue
        try:
            lines = path.read_text(errors="replace").splitlines()
        except OSError:
            continue
        for i, text in enumerate(lines):
            if define.match(text):
                before = lines[max(0, i - 3) : i]
                guarded = any(guard.match(b) for b in before)
                sites.append(MacroSite(str(path.relative_to(src)), i + 1, text, guarded))
    return sites


def rewritten_line(site: MacroSite, value: str) -> str:
    """``site``'s line with its value replaced (indentation and a trailing comment kept)."""
    match = re.match(r"^(\s*#\s*define\s+\w+)(\s*)(.*?)(\s*(//.*|/\*.*)?)$", site.text)
    assert match is not None  # macro_sites matched this line
    head, _, _, tail = match.group(1), match.group(2), match.group(3), match.group(4) or ""
    return f"{head} {value}{tail}"


def plan_defines(
    sites: dict[str, list[MacroSite]], defines: Sequence[Define], values: dict[str, str]
) -> tuple[list[str], list[Rewrite]]:
    """The ``-D`` flags and line rewrites that give each macro its value for one config.

    A macro the source guards (or never defines) gets ``-DNAME=value``; each unguarded
    ``#define NAME`` line is rewritten (a guarded one keeps taking the flag).
    """
    flags: list[str] = []
    rewrites: list[Rewrite] = []
    for define in defines:
        value = fill(define.template, values)
        found = sites.get(define.name, [])
        if not found or any(s.guarded for s in found):
            flags.append(f"-D{define.name}={value}")
        for site in found:
            if not site.guarded:
                rewrites.append(
                    Rewrite(site.path, site.line, site.text, rewritten_line(site, value))
                )
    return flags, rewrites


def apply_rewrites(root: Path, rewrites: Iterable[Rewrite]) -> None:
    by_file: dict[str, list[Rewrite]] = {}
    for rw in rewrites:
        by_file.setdefault(rw.path, []).append(rw)
    for rel, items in by_file.items():
        path = root / rel
        text = path.read_text(errors="surrogateescape")
        lines = text.split("\n")
        for rw in items:
            lines[rw.line - 1] = rw.new + ("\r" if lines[rw.line - 1].endswith("\r") else "")
        path.write_text("\n".join(lines), errors="surrogateescape")


def _tail(text: str, lines: int = 6) -> str:
    kept = [ln.rstrip() for ln in text.splitlines() if ln.strip()][-lines:]
    return " | ".join(kept)[-800:]


class Builder:
    """Builds one copy of the source per configuration, cached under ``root``."""

    def __init__(
        self,
        command: str,
        src: Path,
        defines: Sequence[Define],
        root: Path,
        *,
        jobs: int | None = None,
        timeout_s: float = 600.0,
        exclude: Path | None = None,
        out_of_tree: bool = False,
    ) -> None:
        if not command.strip():
            raise UserError("--build needs a command, e.g. --build 'make'")
        self.src = Path(src).resolve()
        if not self.src.is_dir():
            raise UserError(f"--src {src}: no such folder")
        self.command = command
        self.defines = list(defines)
        self.root = Path(root).resolve()
        self.jobs = max(1, jobs or os.cpu_count() or 1)
        self.timeout_s = timeout_s
        # The sweep's own folder (journal, builds) may sit inside --src: never copy or hash it.
        skip = Path(exclude).resolve() if exclude is not None else self.root
        inside = skip if skip.is_relative_to(self.src) else None
        self._exclude = inside
        self.hash = source_hash(self.src, inside)
        self.sites = {d.name: macro_sites(self.src, d.name, inside) for d in self.defines}
        self.out_of_tree = out_of_tree
        if out_of_tree:  # an empty build folder per configuration; the sources stay put
            fixed = [s for sites in self.sites.values() for s in sites if not s.guarded]
            if fixed:
                where = ", ".join(f"{s.path}:{s.line}" for s in fixed[:3])
                raise UserError(
                    f"--out-of-tree cannot rewrite the unguarded #define at {where}: "
                    "build in a copy (leave --out-of-tree out) or guard it with #ifndef"
                )

    def provenance(self) -> dict[str, str]:
        """What the sweep's header records about the build: the command, defines, source hash,
        and the ``key: value`` lines of a PROVENANCE.txt in --src (where fetched code came
        from: repository, commit, path)."""
        defines = " ".join(f"{d.name}={d.template}" for d in self.defines)
        out = {"build": self.command, "build_src": str(self.src), "source_sha256": self.hash}
        if defines:
            out["defines"] = defines
        note = self.src / "PROVENANCE.txt"
        if note.is_file():
            for line in note.read_text(errors="replace").splitlines():
                key, sep, value = line.partition(":")
                if sep and key.strip() and value.strip() and " " not in key.strip():
                    out[f"src_{key.strip()}"] = value.strip()
        return out

    def plan(self, values: dict[str, str]) -> tuple[str, list[str], list[Rewrite], str]:
        """(command, -D flags, rewrites, cache key) for one configuration's values."""
        flags, rewrites = plan_defines(self.sites, self.defines, values)
        # {src}: the sources as this build sees them (the copy it runs in, or the user's tree)
        where = shlex.quote(str(self.src)) if self.out_of_tree else "."
        extra = {"defines": " ".join(map(shlex.quote, flags)), "src": where}
        command = fill(self.command, {**values, **extra})
        blob = json.dumps([command, flags, [(r.path, r.line, r.new) for r in rewrites], self.hash])
        return command, flags, rewrites, hashlib.sha256(blob.encode()).hexdigest()[:16]

    def build(self, config: Config) -> BuildResult:
        from gpuadvisor.targets.external import config_env, config_values

        values = config_values(config)
        command, flags, rewrites, key = self.plan(values)
        target = self.root / key
        marker = target / MARKER
        if marker.is_file():
            saved = json.loads(marker.read_text())
            return BuildResult(
                True, target, float(saved.get("seconds", 0.0)), True, command, flags, rewrites
            )
        start = time.monotonic()
        work = self.root / f".tmp-{key}-{os.getpid()}"
        shutil.rmtree(work, ignore_errors=True)
        exclude = self._exclude

        def ignore(folder: str, names: list[str]) -> set[str]:
            here = Path(folder)
            return {n for n in names if n in _SKIP_DIRS or (exclude and here / n == exclude)}

        if self.out_of_tree:
            work.mkdir(parents=True)
        else:
            shutil.copytree(self.src, work, symlinks=True, ignore=ignore)
        apply_rewrites(work, rewrites)
        env = config_env(config)
        if flags:
            extra = env.get("NVCC_APPEND_FLAGS", "")
            env["NVCC_APPEND_FLAGS"] = " ".join([extra, *flags]).strip()
        try:
            proc = subprocess.run(
                command,
                shell=True,
                cwd=work,
                env=env,
                capture_output=True,
                text=True,
                timeout=self.timeout_s,
                start_new_session=True,
            )
            ok, log = proc.returncode == 0, proc.stdout + "\n" + proc.stderr
            if not ok:
                log = f"exit code {proc.returncode}: " + _tail(proc.stderr or proc.stdout)
        except subprocess.TimeoutExpired:
            ok, log = False, f"the build ran past {self.timeout_s:g} s (killed)"
        seconds = time.monotonic() - start
        if not ok:
            failed = self.root / f"failed-{key}"
            shutil.rmtree(failed, ignore_errors=True)
            work.rename(failed)
            return BuildResult(False, failed, seconds, False, command, flags, rewrites, log)
        (work / MARKER).write_text(
            json.dumps(
                {
                    "command": command,
                    "flags": flags,
                    "seconds": round(seconds, 3),
                    "rewrites": [r.describe() for r in rewrites],
                }
            )
        )
        shutil.rmtree(target, ignore_errors=True)
        work.rename(target)
        return BuildResult(True, target, seconds, False, command, flags, rewrites)

    def build_all(
        self,
        configs: Sequence[Config],
        on_done: Callable[[Config, BuildResult], None] | None = None,
    ) -> dict[tuple, BuildResult]:
        """Build every configuration, ``jobs`` at a time; configurations sharing a build (same
        key) build once."""
        self.root.mkdir(parents=True, exist_ok=True)
        from gpuadvisor.targets.external import config_values

        firsts: dict[str, Config] = {}
        key_of: dict[tuple, str] = {}
        for config in configs:
            key = self.plan(config_values(config))[3]
            key_of[config.key] = key
            firsts.setdefault(key, config)
        results: dict[str, BuildResult] = {}
        with ThreadPoolExecutor(max_workers=self.jobs) as pool:
            futures = {key: pool.submit(self.build, c) for key, c in firsts.items()}
            for key, future in futures.items():
                results[key] = future.result()
                if on_done is not None:
                    on_done(firsts[key], results[key])
        return {ck: results[k] for ck, k in key_of.items()}


def describe_build(config: Config, result: BuildResult, with_rewrites: bool = False) -> str:
    """One progress line for a finished build (and the lines it rewrote, when asked)."""
    label = "x".join(str(d) for d in config.block)
    if not result.ok:
        return f"build {label}: failed after {result.seconds:.1f} s: {result.log_tail}"
    how = "cached" if result.cached else f"{result.seconds:.1f} s"
    text = f"build {label}: {how}"
    if result.flags:
        text += " (" + " ".join(result.flags) + ")"
    if with_rewrites and result.rewrites:
        text += "".join(f"\n  rewrote {rw.describe()}" for rw in result.rewrites)
    return text
