"""``gpuadvisor tune``: sweep a kernel's launch configurations on this machine's GPU."""

from __future__ import annotations

from pathlib import Path

import typer

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
        help="shortlist (the default with --max-configs: profile 32x8 or 256x1 first, time the "
        "shapes the rules list from that profile, then search as guided does), guided (rules, "
        "occupancy, Ryoo's Pareto pruning and the measured counters, from 256x1), exhaustive "
        "(the whole space) or random (--seed).",
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
    current: str = typer.Option(
        None,
        "--current",
        help="The block shape the app launches today, e.g. 8x8: added to the shapes to try, "
        "measured (and profiled) first by a --max-configs search, and compared with the "
        "fastest in the report, so the answer is never slower than what the app has. "
        "Default for a search (--max-configs) of a built-in kernel without --shapes: the "
        "block its ported project launches (`kernels show`'s host block).",
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
    from gpuadvisor import tune_report, tuning
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
        current=current,
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
        for lane in tuning.run_on_ray(request, prepared, shape_list, caches, err, quiet=quiet,
                                      address=ray):
            tune_report.show(outc, lane.result, top, str(lane.result.table["arch"].iloc[0]),
                             current=prepared.current, current_source=prepared.current_source)
        return
    try:
        result, arch_name, code = tuning.run_on_this_gpu(request, prepared, shape_list, caches,
                                                         err, quiet=quiet)
    finally:
        prepared.target.close()
    tune_report.show(outc, result, top, arch_name, objective, code, prepared.current,
                     prepared.current_source)


def register(app: typer.Typer) -> None:
    app.command("tune", help=HELP)(tune)
