"""``tune --ray``: one sweep over every GPU of a Ray cluster.

Starts one :class:`~gpuadvisor.cluster.worker.GpuWorker` per GPU, asks each which device it
has, groups them by GPU model into lanes (one sweep table each), works out each lane's space
on one of its workers (the driver may have no GPU, or no compiler), and runs the lanes
(:func:`gpuadvisor.cluster.schedule.run_lanes`).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from gpuadvisor.cluster.ray_env import connect, gpu_count
from gpuadvisor.cluster.schedule import Lane, LaneResult, open_lane, run_lanes
from gpuadvisor.cluster.worker import GpuWorker, build_config, slug
from gpuadvisor.errors import UserError
from gpuadvisor.shapes import Shape


def start_workers(
    ray: Any, target: Any, out_dir: Path, count: int
) -> tuple[list[tuple[Any, dict]], list[str]]:
    """One actor per GPU and what each reports about itself; a worker that cannot open its
    GPU is left out with a note (its error), the others go on."""
    actor = ray.remote(num_gpus=1, max_restarts=0, max_task_retries=0)(GpuWorker)
    handles = [actor.remote(target, str(out_dir), os.getcwd()) for _ in range(count)]
    pairs, problems = [], []
    for handle, ref in [(h, h.info.remote()) for h in handles]:
        try:
            pairs.append((handle, ray.get(ref)))
        except Exception as err:  # noqa: BLE001 - one bad node must not stop the others
            cause = getattr(err, "cause", None) or err
            problems.append(f"{type(cause).__name__}: {str(cause).strip()[:200]}")
            with contextlib.suppress(Exception):
                ray.kill(handle)
    if not pairs:
        raise UserError("no GPU worker could start: " + "; ".join(sorted(set(problems))[:2]))
    return pairs, problems


def sweep_on_ray(
    target: Any,
    *,
    address: str | None,
    shapes: Sequence[Shape],
    cache_configs: Sequence[str],
    arch: str | None,
    min_threads: int,
    out_dir: Path,
    resume: bool,
    overwrite: bool,
    profile: bool,
    profile_shapes: Sequence[Shape] | None,
    profile_batch: int,
    provenance: Mapping[str, Any],
    console: Any = None,
    show_progress: bool = True,
    write_excluded: Callable[[Path, list], Path | None] | None = None,
) -> list[LaneResult]:
    """Sweep ``target`` over every GPU of the cluster at ``address``; one result per GPU model."""
    ray, started = connect(address)
    pairs: list[tuple[Any, dict]] = []
    try:
        gpus = gpu_count(ray)
        if gpus < 1:
            raise UserError(
                "the Ray cluster has no GPU (`ray status` lists its resources; start each "
                "node with its GPUs, see docs/cluster.md)"
            )
        pairs, problems = start_workers(ray, target, out_dir, gpus)
        for problem in problems:
            _note(console, f"a GPU worker could not start: {problem}")
        lanes = _lanes(ray, pairs, out_dir, shapes, cache_configs, arch, min_threads,
                       profile_shapes, provenance, console, write_excluded, profile)
        for lane in lanes:
            open_lane(lane, resume=resume, overwrite=overwrite, argv=sys.argv)
        builder = None
        if callable(getattr(target, "build", None)) and hasattr(target, "install_build"):
            task = ray.remote(num_cpus=1, num_gpus=0)(build_config)
            shared = ray.put(target)
            builder = lambda config: task.remote(shared, config)  # noqa: E731
        return run_lanes(
            ray,
            lanes,
            profile=profile,
            profile_batch=profile_batch,
            builder=builder,
            console=console,
            show_progress=show_progress,
        )
    finally:
        for handle, _ in pairs:  # free the GPUs now, also in a long-lived driver
            with contextlib.suppress(Exception):
                ray.kill(handle)
        if started:
            with contextlib.suppress(Exception):
                ray.shutdown()


def _lanes(ray, pairs, out_dir, shapes, cache_configs, arch, min_threads, profile_shapes,
           provenance, console, write_excluded, profile) -> list[Lane]:
    by_model: dict[str | None, list[tuple[Any, dict]]] = {}
    for handle, about in pairs:
        by_model.setdefault(about["info"].gpu, []).append((handle, about))
    mixed = len(by_model) > 1
    lanes = []
    for gpu, members in sorted(by_model.items(), key=lambda kv: str(kv[0])):
        info = members[0][1]["info"]
        arch_name = arch or info.arch
        if not arch_name:
            raise UserError(
                "cannot tell the workers' GPU architecture (no nvidia-smi there): pass --arch"
            )
        lane_dir = out_dir / slug(gpu or "gpu") if mixed else out_dir
        first = members[0][0]
        # Every worker works the space out (compiling its kernels) at once; the first's counts.
        spaces = ray.get([h.space.remote(list(shapes), list(cache_configs), arch_name,
                                         min_threads) for h, _ in members])
        space = spaces[0]
        if not space.configs:
            reasons = sorted({e.reason for e in space.excluded})[:3]
            raise UserError(f"no configuration can run on {gpu}: " + "; ".join(reasons))
        labels = {h: a["device"] for h, a in members}
        excluded = write_excluded(lane_dir, space.excluded) if write_excluded else None
        ncu = ray.get(first.ncu_version.remote()) if profile else None
        lane_prov = {
            **provenance,
            "gpu": gpu,
            "arch": arch_name,
            "driver": info.driver,
            "devices": " ".join(sorted(labels.values())),
            "ray": ray.__version__,
            **({"ncu": ncu, "ncu_options": "--cache-control all --clock-control base"}
               if ncu else {}),
        }
        wanted = set(profile_shapes) if profile_shapes else None
        keys = None if wanted is None else {c.key for c in space.configs if c.block in wanted}
        _note(
            console,
            f"[bold]gpuadvisor tune --ray[/] on {len(members)} x {gpu or '?'} ({arch_name}): "
            f"{', '.join(sorted(labels.values()))}: {len(space.configs)} configurations"
            + (f", {len(space.excluded)} left out (see {excluded})" if excluded else ""),
            markup=True,
        )
        lanes.append(
            Lane(gpu=gpu, workers=[h for h, _ in members], labels=labels, out_dir=lane_dir,
                 configs=space.configs, profile_keys=keys, provenance=lane_prov)
        )
    return lanes


def _note(console: Any, text: str, markup: bool = False) -> None:
    if console is not None:
        console.print(text, markup=markup, highlight=False, soft_wrap=True)
