"""One ``tune`` run: from the user's options to a target, a configuration space and a sweep.

The command line (:mod:`gpuadvisor.commands.tune`) only declares options and prints; what
they mean lives here: which target a name is (a built-in kernel or an app, built per
configuration or not), which options go together, where results go, and the run on this
machine's GPU (a full sweep with re-timing, or a search of at most ``max_configs``
measurements) or on every GPU of a Ray cluster (:mod:`gpuadvisor.cluster.sweep`). What is
printed at the end is :mod:`gpuadvisor.tune_report`'s.
"""

from __future__ import annotations

import csv
import datetime as dt
import os
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.shapes import format_shape


@dataclass(frozen=True)
class TuneRequest:
    """What ``gpuadvisor tune`` was asked to do (the command's options, checked by
    :func:`check`)."""

    target: str
    app_args: tuple[str, ...] = ()
    kernel: str | None = None
    shapes: str | None = None
    dims: int | None = None
    min_threads: int = 1
    cache_configs: str = "default"
    resume: bool = False
    overwrite: bool = False
    out: Path | None = None
    timeout: float = 60.0
    profile: bool = True
    profile_shapes: str | None = None
    profile_batch: int = 0
    arch: str | None = None
    params: tuple[str, ...] = ()
    flush_l2: bool = False
    budget: float = 0.5
    max_repeats: int = 100
    retime: int = 5
    build: str | None = None
    src: Path | None = None
    defines: tuple[str, ...] = ()
    jobs: int = 0
    out_of_tree: bool = False
    objective: str = "sum"
    top: int = 5
    max_configs: int | None = None
    strategy: str | None = None
    seed: int = 0
    ptx: tuple[Path, ...] = ()
    same_programs: bool = False  # measure l1_off where it builds the default's program
    current: str | None = None  # the shape the app launches today (--current), e.g. "8x8"
    argv: tuple[str, ...] = field(default_factory=lambda: tuple(command_args()))


@dataclass
class Prepared:
    """The target a request names, where its results go and its default grid's dimensions."""

    target: Any
    out_dir: Path
    default_dims: int
    #: the shape the app launches today: ``--current``, or for a built-in kernel run over
    #: its default shapes the block its ported project launches (the manifest's host_block)
    current: tuple[int, int, int] | None = None
    current_source: str = "--current"


def check(request: TuneRequest) -> None:
    """Options that cannot go together or are out of range: one clear error."""
    r = request
    if r.timeout <= 0:
        raise UserError("--timeout must be a positive number of seconds")
    if r.budget <= 0 or r.max_repeats < 1:
        raise UserError("--budget must be positive and --max-repeats at least 1")
    if r.min_threads < 1 or r.profile_batch < 0 or r.top < 0:
        raise UserError("--min-threads must be >= 1, --profile-batch and --top >= 0")
    if r.dims is not None and r.dims not in (1, 2, 3):
        raise UserError("--dims must be 1, 2 or 3")
    if r.objective not in ("sum", "each"):
        raise UserError("--objective must be sum or each")
    if (r.src or r.defines or r.jobs or r.out_of_tree) and not r.build:
        raise UserError("--src, --define, --jobs and --out-of-tree go with --build 'COMMAND'")
    current_block(r.current)


def current_block(text: str | None) -> tuple[int, int, int] | None:
    """``--current 8x8``: the one block shape the app launches today (None where not given)."""
    from gpuadvisor import space as sp

    if text is None:
        return None
    shapes = sp.user_shapes(text)
    if len(shapes) != 1:
        raise UserError(f"--current takes one block shape (e.g. 8x8), not {text!r}")
    return tuple(shapes[0])  # type: ignore[return-value]


def with_current(shapes: Sequence[Any], current: tuple[int, int, int] | None) -> list[Any]:
    """The shapes to try, the app's current one added where they lack it: it is the answer's
    floor and what the report compares the fastest with."""
    out = list(shapes)
    if current is not None and current not in {tuple(s) for s in out}:
        out.append(current)
    return out


def prepare(request: TuneRequest) -> Prepared:
    """The built-in kernel or the app ``request.target`` names, ready to measure."""
    from gpuadvisor.timing import TimingPolicy

    r = request
    if is_builtin(r.target):
        from gpuadvisor.targets.builtin import BuiltinTarget
        from gpuadvisor.targets.manifest import get_kernel

        if r.app_args or r.build:
            raise UserError(
                f"{r.target} is a built-in kernel: it takes no app arguments or --build")
        spec = get_kernel(r.target)
        if r.kernel and r.kernel != spec.name:
            raise UserError(f"--kernel {r.kernel} does not match the built-in kernel {r.target}")
        out_dir = r.out or Path("out") / f"tune-{spec.name}"
        policy = TimingPolicy(min_repeats=min(5, r.max_repeats), max_repeats=r.max_repeats,
                              budget_s=r.budget, flush_l2=r.flush_l2)
        target = BuiltinTarget(spec, parse_params(r.params), build_dir=out_dir / "build",
                               policy=policy, profile_timeout_s=r.timeout,
                               skip_same_programs=not r.same_programs)
        current, source = current_block(r.current), "--current"
        searching = r.max_configs is not None or r.strategy not in (None, "exhaustive")
        if current is None and spec.host_block is not None and searching and not r.shapes:
            # a search starts from it; a full sweep keeps its grid as the user asked for it
            from gpuadvisor.search.current import PROJECT_LAUNCH

            current, source = spec.host_block, PROJECT_LAUNCH
        return Prepared(target, out_dir, spec.dims, current, source)
    from gpuadvisor.targets.external import ExternalTarget

    if r.params:
        raise UserError("--param applies to built-in kernels only")
    if not r.kernel:
        raise UserError(
            f"{r.target} is not a built-in kernel, so it is run as an app: pass "
            "--kernel NAME (the kernel it launches)"
        )
    out_dir = r.out or Path("out") / f"tune-{r.kernel}"
    builder = make_builder(r, out_dir)
    target = ExternalTarget(r.target, list(r.app_args), r.kernel, timeout_s=r.timeout,
                            builder=builder)
    return Prepared(target, out_dir, 2, current_block(r.current))


def run_on_this_gpu(request: TuneRequest, prepared: Prepared, shapes: Sequence[Any],
                    caches: Sequence[str], console: Any, *, quiet: bool
                    ) -> tuple[Any, str, dict[str, Any] | None]:
    """Measure on this machine's GPU: (the sweep's result, the architecture's name, the
    kernels' code read for the access model). Progress (a search's steps and what it found)
    goes to ``console`` unless ``quiet``."""
    from gpuadvisor import space as sp
    from gpuadvisor.runner import run_sweep

    r, the_target, out_dir = request, prepared.target, prepared.out_dir
    device = the_target.device()
    arch_obj = resolve_arch(r.arch, device.arch)
    if hasattr(the_target, "assume_arch"):
        the_target.assume_arch(arch_obj.name)
    current = prepared.current
    space = the_target.space(with_current(shapes, current), caches, arch_obj,
                             min_threads=r.min_threads)
    if not space.configs:
        reasons = sorted({e.reason for e in space.excluded})[:3]
        raise UserError("no configuration can run: " + "; ".join(reasons))
    if current is not None and current not in {c.block for c in space.configs}:
        why = next((e.reason for e in space.excluded if e.config.block == current), None)
        if prepared.current_source == "--current":
            raise UserError(f"--current {format_shape(current)} cannot be measured here"
                            + (f": {why}" if why else ""))
        console.print(f"{prepared.current_source}, {format_shape(current)}, cannot be "
                      f"measured here" + (f" ({why})" if why else "") + ": not compared",
                      highlight=False)
        prepared.current = current = None
    if r.profile:
        from gpuadvisor.targets.profiling import find_ncu

        find_ncu()
    profile_keys = None
    if r.profile_shapes:
        wanted = set(sp.user_shapes(r.profile_shapes))
        profile_keys = [c.key for c in space.configs if c.block in wanted]
    excluded_path = write_excluded(out_dir, space.excluded)
    console.print(
        f"[bold]gpuadvisor tune[/] {the_target.describe()} on "
        f"{device.gpu or '?'} ({arch_obj.name}): {len(space.configs)} configurations"
        + (f", {len(space.excluded)} left out (see {excluded_path})" if excluded_path else ""),
        highlight=False,
        soft_wrap=True,
    )
    provenance = {
        "command": "gpuadvisor tune " + " ".join(map(shlex.quote, r.argv)),
        "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
        "gpu": device.gpu,
        "arch": arch_obj.name,
        "driver": device.driver,
        **the_target.provenance(),
    }
    if r.profile or getattr(the_target, "profile_tool_ok", lambda: False)():
        from gpuadvisor.profilers.ncu import ncu_version
        from gpuadvisor.targets.profiling import find_ncu as _find

        provenance["ncu"] = ncu_version(_find())  # apps timed under ncu need it too
        if r.profile:
            provenance["ncu_options"] = "--cache-control all --clock-control base"
    code = kernel_code(r, the_target, console)
    search = search_strategy(r.strategy, r.max_configs, r.seed, arch_obj.name, code)
    if search is not None and current is not None:
        from gpuadvisor.search.current import FromCurrent

        search = FromCurrent(search, current, prepared.current_source)
    if search is not None:
        from gpuadvisor.search.live import search_sweep, show_search_end, show_step

        result, found = search_sweep(
            the_target, space.configs, out_dir, search, r.max_configs or len(space.configs),
            resume=r.resume, overwrite=r.overwrite, profile=r.profile, provenance=provenance,
            on_step=None if quiet else show_step(console),
        )
        show_search_end(console, found)
        return result, arch_obj.name, code
    result = run_sweep(
        the_target, space.configs, out_dir, resume=r.resume, overwrite=r.overwrite,
        profile=r.profile, profile_keys=profile_keys, profile_batch=r.profile_batch,
        provenance=provenance, console=console, show_progress=not quiet, retime=r.retime,
    )
    return result, arch_obj.name, code


def run_on_ray(request: TuneRequest, prepared: Prepared, shapes: Sequence[Any],
               caches: Sequence[str], console: Any, *, quiet: bool, address: str) -> list[Any]:
    """Measure on every GPU of a Ray cluster (``--ray ADDRESS``): one lane per GPU model, each
    with its own sweep result, never one ranking over mixed rows."""
    from gpuadvisor import space as sp
    from gpuadvisor.cluster.sweep import sweep_on_ray

    r = request
    if r.max_configs is not None or r.strategy not in (None, "exhaustive"):
        raise UserError("--ray sweeps every configuration: --max-configs/--strategy run on one GPU")
    return list(sweep_on_ray(
        prepared.target, address=address, shapes=with_current(shapes, prepared.current),
        cache_configs=caches, arch=r.arch,
        min_threads=r.min_threads, out_dir=prepared.out_dir, resume=r.resume,
        overwrite=r.overwrite, profile=r.profile,
        profile_shapes=sp.user_shapes(r.profile_shapes) if r.profile_shapes else None,
        profile_batch=r.profile_batch,
        provenance={"command": "gpuadvisor tune " + " ".join(r.argv)},
        console=console, show_progress=not quiet, write_excluded=write_excluded))


def parse_params(items: Sequence[str] | None) -> dict[str, int]:
    """``--param KEY=VALUE`` items (whole numbers; ``_`` allowed as a digit separator)."""
    params: dict[str, int] = {}
    for item in items or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(f"bad --param {item!r}: write KEY=VALUE, e.g. --param N=1024")
        try:
            params[key.strip()] = int(value.strip().replace("_", ""))
        except ValueError:
            raise UserError(f"bad --param {item!r}: the value must be a whole number") from None
    return params


def is_builtin(name: str) -> bool:
    """A built-in kernel's name, not a path to an app."""
    if os.sep in name or name.startswith(".") or os.path.exists(name):
        return False
    try:
        from gpuadvisor.targets.manifest import is_kernel

        return is_kernel(name)
    except UserError:
        return False


def write_excluded(out_dir: Path, excluded: list[Any]) -> Path | None:
    """OUT/excluded.csv: the configurations the space left out, and why (None: none)."""
    if not excluded:
        return None
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "excluded.csv"
    with path.open("w", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(["kernel", "block_x", "block_y", "block_z", "cache_config", "reason"])
        for item in excluded:
            c = item.config
            writer.writerow([c.kernel, *c.block, c.cache_config, item.reason])
    return path


def search_strategy(name: str | None, max_configs: int | None, seed: int, arch: str,
                    code: Any = None) -> Any:
    """The strategy a search runs (None: the plain full sweep)."""
    from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy

    if max_configs is not None and max_configs < 1:
        raise UserError("--max-configs must be at least 1")
    if name is None:
        name = DEFAULT_STRATEGY if max_configs is not None else "exhaustive"
    strategy = make_strategy(name, seed, arch, code)
    if name == "exhaustive" and max_configs is None:
        return None
    return strategy


def kernel_code(request: TuneRequest, target: Any, console: Any) -> dict[str, Any] | None:
    """The kernels' PTX accesses for the search and the analysis: ``--ptx`` files, else a
    built-in kernel's own source (nvcc -ptx, as the target compiles it), else the PTX in an
    app's program (cuobjdump -ptx) when it has some; None where there is none to read. Only
    ``--ptx`` failing is an error: the others are a bonus, and a line says what was read."""
    from gpuadvisor.ptx.sources import load_codes

    if request.ptx:
        codes = load_codes(request.ptx)
        console.print(f"code: {len(codes)} kernel(s) read from --ptx", highlight=False)
        return codes
    source = getattr(getattr(target, "spec", None), "source", None)
    app = None if source is not None or request.build else Path(request.target)
    try:
        if source is not None:
            codes = load_codes([source], cache_dir=getattr(target, "build_dir", None))
        elif app is not None and app.is_file():
            codes = load_codes([app])
        else:
            return None
    except UserError as err:
        console.print(f"code: not read ({err}); the access model rests on the counters",
                      markup=False, highlight=False)
        return None
    console.print(f"code: {len(codes)} kernel(s) read from {source or app}", highlight=False)
    return codes


def command_args() -> list[str]:
    """This process's arguments after ``tune`` (for the provenance's command line)."""
    argv = sys.argv[1:]
    return argv[argv.index("tune") + 1:] if "tune" in argv else argv


def make_builder(request: TuneRequest, out_dir: Path) -> Any:
    """The per-configuration builder for --build (None without it)."""
    r = request
    if not r.build:
        return None
    from gpuadvisor.targets.build import Builder, parse_define

    return Builder(
        r.build,
        r.src or Path.cwd(),
        [parse_define(d) for d in r.defines],
        out_dir / "builds",
        jobs=r.jobs or None,
        timeout_s=max(600.0, r.timeout),
        exclude=out_dir,
        out_of_tree=r.out_of_tree,
    )


def resolve_arch(name: str | None, device_arch: str | None) -> Any:
    """--arch, else the GPU's own architecture."""
    from gpuadvisor.arch import get_arch

    if name:
        return get_arch(name)
    if device_arch:
        return get_arch(device_arch)
    raise UserError(
        "cannot tell this GPU's architecture (no nvidia-smi): pass --arch, e.g. --arch sm_90"
    )
