"""``gpuadvisor tune``: sweep a kernel's launch configurations on this machine's GPU."""

from __future__ import annotations

import csv
import os
from pathlib import Path
from typing import Any

import typer

from gpuadvisor.errors import UserError

HELP = (
    "Sweep block shapes (and cache configurations) of a kernel on this GPU: time each "
    "configuration, check it, profile it under ncu, and rank the results.\n\n"
    "TARGET is a built-in kernel (`gpuadvisor kernels list`), e.g. `gpuadvisor tune "
    "matmul_naive`, or an application that launches the kernel: `gpuadvisor tune "
    "./examples/matmul_app/matmul --kernel matmul_naive -- {block_x} {block_y}`. The app "
    "gets each configuration through the placeholders {block_x} {block_y} {block_z} "
    "{block_size} {cache_config} in its arguments (after `--`) and the environment "
    "variables GPUADVISOR_BLOCK_X/_Y/_Z/_SIZE and GPUADVISOR_CACHE_CONFIG, and prints its "
    "kernel time as a line `gpuadvisor: time_ms=<ms>` (see examples/README.md).\n\n"
    "An app as it is: `gpuadvisor tune ./needle --src rodinia/nw --build 'nvcc -O3 "
    "needle.cu -o needle' --define 'BLOCK_SIZE={block_x}' --kernel needle_cuda_shared_1 -- "
    "2048 10` builds each configuration in its own copy of --src (the #define rewritten "
    "there), times the matching launches under ncu when the app prints no time, and fails "
    "a configuration whose launch shows another block.\n\n"
    "Every finished configuration is written at once to OUT/journal.jsonl; an interrupted "
    "sweep continues with --resume. Results: OUT/sweep.csv and OUT/sweep.jsonl."
)


def _parse_params(items: list[str] | None) -> dict[str, int]:
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


def _is_builtin(name: str) -> bool:
    if os.sep in name or name.startswith(".") or os.path.exists(name):
        return False
    try:
        from gpuadvisor.targets.manifest import kernels

        return name in kernels()
    except UserError:
        return False


def _write_excluded(out_dir: Path, excluded: list[Any]) -> Path | None:
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


def tune(
    target: str = typer.Argument(..., help="A built-in kernel name, or the path of an app."),
    app_args: list[str] = typer.Argument(
        None, help="The app's arguments (after --), with {block_x}-style placeholders."
    ),
    kernel: str = typer.Option(
        None,
        "--kernel",
        "-k",
        help="The kernel's name: for an app, the name it launches (ncu's -k filter, a regex) "
        "and the sweep table's kernel column; for a built-in, optional (must match).",
    ),
    shapes: str = typer.Option(
        None,
        "--shapes",
        help="Block shapes to try, e.g. 32x8,16x16,256. Default: the seeds' grid (rows and "
        "columns from 1,2,3,4,6,8,12,...,768,1024) in --dims dimensions.",
    ),
    dims: int = typer.Option(
        None,
        "--dims",
        help="Dimensions of the default grid: 1, 2 or 3 (default: the kernel's, 2 for apps).",
    ),
    min_threads: int = typer.Option(
        1, "--min-threads", help="Leave out shapes with fewer threads per block."
    ),
    cache_configs: str = typer.Option(
        "default",
        "--cache-configs",
        help="Cache configurations: default, l1_off (-Xptxas -dlcm=cg), prefer_l1, "
        "prefer_shared, carveout_<pct> (preferred shared-memory carveout 0-100).",
    ),
    resume: bool = typer.Option(
        False, "--resume", help="Finish an interrupted sweep in OUT without repeating work."
    ),
    overwrite: bool = typer.Option(
        False, "--overwrite", help="Start again even if OUT already holds a sweep."
    ),
    out: Path = typer.Option(
        None, "--out", "-o", help="Output folder (default: out/tune-<kernel>)."
    ),
    timeout: float = typer.Option(
        60.0,
        "--timeout",
        help="Seconds one configuration may take (an app run; ncu gets "
        "more); past it the run is killed and the row marked failed.",
    ),
    no_profile: bool = typer.Option(False, "--no-profile", help="Time only: do not run ncu."),
    profile_shapes: str = typer.Option(
        None,
        "--profile-shapes",
        help="Profile only these shapes under ncu (all timed ones by default).",
    ),
    profile_batch: int = typer.Option(
        0,
        "--profile-batch",
        help="At most this many configurations per ncu process "
        "(0: one process for the whole kernel).",
    ),
    arch: str = typer.Option(
        None,
        "--arch",
        help="Architecture whose limits filter the space (default: the "
        "GPU's own; needed for an app when nvidia-smi is missing).",
    ),
    param: list[str] = typer.Option(
        None,
        "--param",
        "-p",
        help="Built-in kernel problem size, KEY=VALUE (repeatable), "
        "e.g. --param N=1024; see `gpuadvisor kernels show`.",
    ),
    flush_l2: bool = typer.Option(
        False, "--flush-l2", help="Flush the L2 cache before every timed repeat."
    ),
    budget: float = typer.Option(
        0.5, "--budget", help="Seconds of repeats per configuration, at most (built-ins)."
    ),
    max_repeats: int = typer.Option(100, "--max-repeats", help="Timed repeats, at most."),
    retime: int = typer.Option(
        5, "--retime", min=0,
        help="Time again, once, up to this many configurations whose repeats spread far more "
        "than the sweep's others (a transient on the GPU); the steadier pass is kept and the "
        "row marked retimed. 0: off. Full sweeps on one GPU (not --max-configs or --ray).",
    ),
    build: str = typer.Option(
        None,
        "--build",
        help="Build the app once per configuration with this shell command (placeholders "
        "{block_x} ..., {defines}, {src}), each in its own copy of --src; TARGET is then the "
        "built program's path inside the copy. Builds are cached and run in parallel.",
    ),
    src: Path = typer.Option(
        None, "--src", help="The source folder --build copies per configuration (default: .)."
    ),
    define: list[str] = typer.Option(
        None,
        "--define",
        "-D",
        help="NAME=TEMPLATE (repeatable), e.g. BLOCK_SIZE={block_x}: -DNAME=value where the "
        "source guards the macro, else its #define line is rewritten in the build copy.",
    ),
    jobs: int = typer.Option(0, "--jobs", "-j", help="Parallel builds (default: CPU count)."),
    out_of_tree: bool = typer.Option(
        False,
        "--out-of-tree",
        help="Build each configuration in an empty folder, reaching the sources through "
        "{src} (e.g. cmake -S {src} -B .); only -D defines then (no #define rewriting).",
    ),
    objective: str = typer.Option(
        "sum",
        "--objective",
        help="With a --kernel regex matching several kernels: rank configurations by the sum "
        "of the kernels' times (sum) or each kernel on its own (each).",
    ),
    top: int = typer.Option(5, "--top", help="How many of the best configurations to show."),
    max_configs: int = typer.Option(
        None,
        "--max-configs",
        help="Measure at most this many configurations, chosen one at a time by --strategy "
        "(default: all of them).",
    ),
    strategy: str = typer.Option(
        None,
        "--strategy",
        help="guided (rules, occupancy, Ryoo's Pareto pruning and the measured counters; the "
        "default with --max-configs), exhaustive (the whole space) or random (--seed).",
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the random strategy."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress output."),
    ray: str = typer.Option(
        None,
        "--ray",
        help="Sweep on every GPU of a Ray cluster, one worker per GPU: --ray auto (the "
        "cluster this machine belongs to), --ray ray://HOST:10001, or --ray local (a "
        "one-machine cluster started for this sweep). Needs Ray: the install's cluster "
        "extra; see docs/cluster.md.",
    ),
) -> None:
    from rich.console import Console

    from gpuadvisor import space as sp
    from gpuadvisor.runner import check_out_dir, run_sweep
    from gpuadvisor.timing import TimingPolicy

    if timeout <= 0:
        raise UserError("--timeout must be a positive number of seconds")
    if budget <= 0 or max_repeats < 1:
        raise UserError("--budget must be positive and --max-repeats at least 1")
    if min_threads < 1 or profile_batch < 0 or top < 0:
        raise UserError("--min-threads must be >= 1, --profile-batch and --top >= 0")
    if dims is not None and dims not in (1, 2, 3):
        raise UserError("--dims must be 1, 2 or 3")
    caches = sp.parse_cache_configs(cache_configs)
    args = list(app_args or [])
    if objective not in ("sum", "each"):
        raise UserError("--objective must be sum or each")
    if (src or define or jobs or out_of_tree) and not build:
        raise UserError("--src, --define, --jobs and --out-of-tree go with --build 'COMMAND'")

    if _is_builtin(target):
        from gpuadvisor.targets.builtin import BuiltinTarget
        from gpuadvisor.targets.manifest import get_kernel

        if args or build:
            raise UserError(f"{target} is a built-in kernel: it takes no app arguments or --build")
        spec = get_kernel(target)
        if kernel and kernel != spec.name:
            raise UserError(f"--kernel {kernel} does not match the built-in kernel {target}")
        out_dir = out or Path("out") / f"tune-{spec.name}"
        policy = TimingPolicy(
            min_repeats=min(5, max_repeats),
            max_repeats=max_repeats,
            budget_s=budget,
            flush_l2=flush_l2,
        )
        the_target: Any = BuiltinTarget(
            spec,
            _parse_params(param),
            build_dir=out_dir / "build",
            policy=policy,
            profile_timeout_s=timeout,
        )
        default_dims = spec.dims
    else:
        from gpuadvisor.targets.external import ExternalTarget

        if param:
            raise UserError("--param applies to built-in kernels only")
        if not kernel:
            raise UserError(
                f"{target} is not a built-in kernel, so it is run as an app: pass "
                "--kernel NAME (the kernel it launches)"
            )
        out_dir = out or Path("out") / f"tune-{kernel}"
        builder = _builder(build, src, define, jobs, out_dir, timeout, out_of_tree)
        the_target = ExternalTarget(target, args, kernel, timeout_s=timeout, builder=builder)
        default_dims = 2

    check_out_dir(out_dir, resume=resume, overwrite=overwrite)
    shape_list = sp.user_shapes(shapes) if shapes else sp.seed_shapes(dims or default_dims)
    err = Console(stderr=True, quiet=quiet)
    outc = Console()
    if ray is not None:
        from gpuadvisor.cluster.sweep import sweep_on_ray

        if max_configs is not None or strategy not in (None, "exhaustive"):
            raise UserError(
                "--ray sweeps every configuration: --max-configs/--strategy run on one GPU"
            )

        lanes = sweep_on_ray(
            the_target,
            address=ray,
            shapes=shape_list,
            cache_configs=caches,
            arch=arch,
            min_threads=min_threads,
            out_dir=out_dir,
            resume=resume,
            overwrite=overwrite,
            profile=not no_profile,
            profile_shapes=sp.user_shapes(profile_shapes) if profile_shapes else None,
            profile_batch=profile_batch,
            provenance={"command": "gpuadvisor tune " + " ".join(_argv_tail())},
            console=err,
            show_progress=not quiet,
            write_excluded=_write_excluded,
        )
        for lane in lanes:  # one ranking per GPU model, never one over mixed rows
            _render(outc, lane.result, top)
            _show_analysis(outc, lane.result.table, str(lane.result.table["arch"].iloc[0]), top)
        return
    try:
        device = the_target.device()
        arch_obj = _resolve_arch(arch, device.arch)
        if hasattr(the_target, "assume_arch"):
            the_target.assume_arch(arch_obj.name)
        space = the_target.space(shape_list, caches, arch_obj, min_threads=min_threads)
        if not space.configs:
            reasons = sorted({e.reason for e in space.excluded})[:3]
            raise UserError("no configuration can run: " + "; ".join(reasons))
        if not no_profile:
            from gpuadvisor.targets.profiling import find_ncu

            find_ncu()
        profile_keys = None
        if profile_shapes:
            wanted = set(sp.user_shapes(profile_shapes))
            profile_keys = [c.key for c in space.configs if c.block in wanted]
        excluded_path = _write_excluded(out_dir, space.excluded)
        err.print(
            f"[bold]gpuadvisor tune[/] {the_target.describe()} on "
            f"{device.gpu or '?'} ({arch_obj.name}): {len(space.configs)} configurations"
            + (f", {len(space.excluded)} left out (see {excluded_path})" if excluded_path else ""),
            highlight=False,
            soft_wrap=True,
        )
        provenance = {
            "command": "gpuadvisor tune " + " ".join(map(_quote, _argv_tail())),
            "date": _now(),
            "gpu": device.gpu,
            "arch": arch_obj.name,
            "driver": device.driver,
            **the_target.provenance(),
        }
        if not no_profile:
            from gpuadvisor.profilers.ncu import ncu_version
            from gpuadvisor.targets.profiling import find_ncu as _find

            provenance["ncu"] = ncu_version(_find())
            provenance["ncu_options"] = "--cache-control all --clock-control base"
        elif getattr(the_target, "profile_tool_ok", lambda: False)():  # apps timed under ncu
            from gpuadvisor.profilers.ncu import ncu_version
            from gpuadvisor.targets.profiling import find_ncu as _find

            provenance["ncu"] = ncu_version(_find())
        search = _search_strategy(strategy, max_configs, seed, arch_obj.name)
        if search is not None:
            from gpuadvisor.search.live import search_sweep, show_search_end, show_step

            result, found = search_sweep(
                the_target, space.configs, out_dir, search,
                max_configs or len(space.configs), resume=resume, overwrite=overwrite,
                profile=not no_profile, provenance=provenance,
                on_step=None if quiet else show_step(err),
            )
            show_search_end(err, found)
        else:
            result = run_sweep(
                the_target,
                space.configs,
                out_dir,
                resume=resume,
                overwrite=overwrite,
                profile=not no_profile,
                profile_keys=profile_keys,
                profile_batch=profile_batch,
                provenance=provenance,
                console=err,
                show_progress=not quiet,
                retime=retime,
            )
    finally:
        the_target.close()
    _render(outc, result, top, objective)
    _show_analysis(outc, result.table, arch_obj.name, top)


def _quote(arg: str) -> str:
    import shlex

    return shlex.quote(arg)


def _now() -> str:
    import datetime as dt

    return dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")


def _search_strategy(name: str | None, max_configs: int | None, seed: int, arch: str):
    """The strategy a search runs (None: the plain full sweep)."""
    from gpuadvisor.search.strategies import make_strategy

    if max_configs is not None and max_configs < 1:
        raise UserError("--max-configs must be at least 1")
    if name is None:
        name = "guided" if max_configs is not None else "exhaustive"
    strategy = make_strategy(name, seed, arch)
    if name == "exhaustive" and max_configs is None:
        return None
    return strategy


def _argv_tail() -> list[str]:
    import sys

    argv = sys.argv[1:]
    return argv[argv.index("tune") + 1 :] if "tune" in argv else argv


def _builder(build, src, defines, jobs, out_dir, timeout, out_of_tree=False):
    """The per-configuration builder for --build (None without it)."""
    if not build:
        return None
    from gpuadvisor.targets.build import Builder, parse_define

    return Builder(
        build,
        src or Path.cwd(),
        [parse_define(d) for d in defines or []],
        out_dir / "builds",
        jobs=jobs or None,
        timeout_s=max(600.0, timeout),
        exclude=out_dir,
        out_of_tree=out_of_tree,
    )


def _resolve_arch(name: str | None, device_arch: str | None):
    from gpuadvisor.arch import get_arch

    if name:
        return get_arch(name)
    if device_arch:
        return get_arch(device_arch)
    raise UserError(
        "cannot tell this GPU's architecture (no nvidia-smi): pass --arch, e.g. --arch sm_90"
    )


def _render(console: Any, result: Any, top: int, objective: str = "sum") -> None:
    table = result.table
    _summary(console, result)
    ok = table[(table["status"] == "ok") & table["time_ms"].notna()]
    parts = ok["part_of"].notna() if "part_of" in ok.columns else ok["kernel"].isna()
    if objective == "each" and parts.any():  # each kernel of a --kernel regex on its own
        groups = [group for _, group in ok[parts].groupby("kernel")]
    else:  # the configurations (a regex's rows: the sum of its kernels' times)
        groups = [ok[~parts]]
    for group in groups:
        _best(console, group, top)
    _problems(console, result)


def _summary(console: Any, result: Any) -> None:
    table = result.table
    counts = table["status"].value_counts().to_dict()
    summary = ", ".join(f"{n} {s}" for s, n in sorted(counts.items()))
    console.print(
        f"{len(table)} configurations: {summary}"
        + (f" ({result.reused} from an earlier run)" if result.reused else ""),
        highlight=False,
    )


def _best(console: Any, ok: Any, top: int) -> None:
    """The fastest configurations; apps timed from outside rank by ``total_ms`` (all the
    matched launches), since a block size can change how many launches the app makes."""
    from rich.table import Table

    if not top or ok.empty:
        return
    by_total = "total_ms" in ok.columns and bool(ok["total_ms"].notna().all())
    key = "total_ms" if by_total else "time_ms"
    best = ok.sort_values(key).head(top)
    fastest = float(best[key].iloc[0])
    title = f"Best configurations ({best['kernel'].iloc[0]})"
    view = Table(title=title + (": GPU time of all matched launches" if by_total else ""))
    columns = ["block", "threads", "cache", "time ms"]
    columns += ["launches", "total ms"] if by_total else []
    for col in [*columns, "vs best", "occupancy %"]:
        view.add_column(col, justify="right" if col != "cache" else "left")
    for _, row in best.iterrows():
        occ = row.get("achieved_occupancy")
        if occ is None or occ != occ:
            occ = row.get("theoretical_occupancy")
        cells = [
            f"{row['block_x']}x{row['block_y']}x{row['block_z']}",
            str(row["block_size"]),
            str(row["cache_config"]),
            f"{row['time_ms']:.4g}",
        ]
        if by_total:
            cells += [f"{row['repeats']:.0f}", f"{row['total_ms']:.4g}"]
        cells += [
            f"{row[key] / fastest:.2f}x",
            "-" if occ is None or occ != occ else f"{occ:.0f}",
        ]
        view.add_row(*cells)
    console.print(view)


def _problems(console: Any, result: Any) -> None:
    table = result.table
    problems = table[table["status"].isin(["failed", "invalid"])]
    for _, row in problems.head(5).iterrows():
        console.print(
            f"  {row['status']}: {row['block_x']}x{row['block_y']}x{row['block_z']} "
            f"{row['cache_config']}: {row['error']}",
            markup=False,
            highlight=False,
        )
    if len(problems) > 5:
        console.print(f"  ... and {len(problems) - 5} more (see the sweep table)")
    if getattr(result, "retimed", 0):
        console.print(f"re-timed {result.retimed} configuration(s) whose repeats spread far "
                      "more than the others' (column retimed)", highlight=False)
    for problem in result.profile_problems[:3]:
        console.print(f"  ncu: {problem}", markup=False, highlight=False)
    console.print(f"sweep table: {result.csv_path} and {result.json_path}", highlight=False)


def _show_analysis(console: Any, table: Any, arch: str, top: int) -> None:
    """Helper C's recommendations, when that module exists (skipped silently otherwise)."""
    try:
        from gpuadvisor.analysis import analyze_sweep
    except ImportError:
        return
    try:
        analysis = analyze_sweep(table, arch=arch)
    except Exception as err:  # noqa: BLE001 - the sweep is saved; analysis is a bonus here
        console.print(
            f"(analysis skipped: {type(err).__name__}: {err}; run "
            "`gpuadvisor analyze` on the sweep table)",
            markup=False,
            highlight=False,
        )
        return
    ranking = list(getattr(analysis, "ranking", []) or [])[: max(1, min(top, 3))]
    if not ranking:
        return
    console.print("[bold]Recommendations[/]")
    for i, entry in enumerate(ranking, 1):
        block = f"{entry.block_x}x{entry.block_y}x{entry.block_z}"
        time_ms = getattr(entry, "time_ms", None)
        timing = f", {time_ms:.4g} ms" if isinstance(time_ms, int | float) else ""
        console.print(f" {i}. {block} {entry.cache_config}{timing}", highlight=False)
        for reason in list(getattr(entry, "reasons", []) or [])[:2]:
            console.print(f"    - {reason}", markup=False, highlight=False)


def register(app: typer.Typer) -> None:
    app.command("tune", help=HELP)(tune)
