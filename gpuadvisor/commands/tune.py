"""``gpuadvisor tune``: sweep a kernel's launch configurations on this machine's GPU."""

from __future__ import annotations

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
        "prefer_shared, carveout_<pct> (preferred shared-memory carveout 0-100). A built-in "
        "kernel whose loads all take the read-only path (ld.global.nc) is not measured "
        "again at l1_off beside default: it is the same program (excluded.csv says so).",
    ),
    same_programs: bool = typer.Option(
        False, "--measure-same-programs",
        help="Measure l1_off even where it builds the default's program (to check that).",
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
        "default with --max-configs), shortlist (profile 32x8 or 256x1 first, time the shapes "
        "the rules list from that profile, then search as guided does), exhaustive (the whole "
        "space) or random (--seed).",
    ),
    seed: int = typer.Option(0, "--seed", help="Seed of the random strategy."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress output."),
    ptx: list[Path] = typer.Option(
        None,
        "--ptx",
        help="The kernel's code (.ptx, .cu, or a program with PTX in it; repeatable), read for "
        "how each load's and store's address moves with threadIdx.x and .y (the access model "
        "of the search and the analysis). Default: a built-in kernel's own source, an app's "
        "program when it carries PTX.",
    ),
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
    from gpuadvisor import tuning
    from gpuadvisor.runner import check_out_dir

    request = tuning.TuneRequest(
        target=target, app_args=tuple(app_args or ()), kernel=kernel, shapes=shapes, dims=dims,
        min_threads=min_threads, cache_configs=cache_configs, resume=resume,
        overwrite=overwrite, out=out, timeout=timeout, profile=not no_profile,
        profile_shapes=profile_shapes, profile_batch=profile_batch, arch=arch,
        params=tuple(param or ()), flush_l2=flush_l2, budget=budget, max_repeats=max_repeats,
        retime=retime, build=build, src=src, defines=tuple(define or ()), jobs=jobs,
        out_of_tree=out_of_tree, objective=objective, top=top, max_configs=max_configs,
        strategy=strategy, seed=seed, ptx=tuple(ptx or ()), same_programs=same_programs,
    )
    tuning.check(request)
    caches = sp.parse_cache_configs(cache_configs)
    prepared = tuning.prepare(request)
    check_out_dir(prepared.out_dir, resume=resume, overwrite=overwrite)
    shape_list = (sp.user_shapes(shapes) if shapes
                  else sp.seed_shapes(dims or prepared.default_dims))
    err = Console(stderr=True, quiet=quiet)
    outc = Console()
    if ray is not None:
        _tune_on_ray(request, prepared, shape_list, caches, err, outc, quiet, ray)
        return
    try:
        result, arch_name, code = tuning.run_on_this_gpu(request, prepared, shape_list, caches,
                                                         err, quiet=quiet)
    finally:
        prepared.target.close()
    _render(outc, result, top, objective)
    _show_analysis(outc, result.table, arch_name, top, code)


def _tune_on_ray(request: Any, prepared: Any, shape_list: Any, caches: Any, err: Any,
                 outc: Any, quiet: bool, address: str) -> None:
    """Every GPU of a Ray cluster; one ranking per GPU model, never one over mixed rows."""
    from gpuadvisor import space as sp
    from gpuadvisor import tuning
    from gpuadvisor.cluster.sweep import sweep_on_ray

    if request.max_configs is not None or request.strategy not in (None, "exhaustive"):
        raise UserError("--ray sweeps every configuration: --max-configs/--strategy run on one GPU")
    lanes = sweep_on_ray(
        prepared.target,
        address=address,
        shapes=shape_list,
        cache_configs=caches,
        arch=request.arch,
        min_threads=request.min_threads,
        out_dir=prepared.out_dir,
        resume=request.resume,
        overwrite=request.overwrite,
        profile=request.profile,
        profile_shapes=sp.user_shapes(request.profile_shapes) if request.profile_shapes else None,
        profile_batch=request.profile_batch,
        provenance={"command": "gpuadvisor tune " + " ".join(request.argv)},
        console=err,
        show_progress=not quiet,
        write_excluded=tuning.write_excluded,
    )
    for lane in lanes:
        _render(outc, lane.result, request.top)
        _show_analysis(outc, lane.result.table, str(lane.result.table["arch"].iloc[0]),
                       request.top)


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


def _show_analysis(console: Any, table: Any, arch: str, top: int, code: Any = None) -> None:
    """Helper C's recommendations, when that module exists (skipped silently otherwise)."""
    try:
        from gpuadvisor.analysis import analyze_sweep
    except ImportError:
        return
    try:
        analysis = analyze_sweep(table, arch=arch, code=code)
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
