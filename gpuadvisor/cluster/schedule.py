"""The driver's loop: hand configurations to GPU workers as they finish, journal each result.

A *lane* is the GPUs of one model and the sweep they share (one journal, one table): a
cluster of one GPU model has one lane; a mixed cluster one lane per model, each sweeping
the whole space, so every ranking compares rows of one model only.

Each worker has at most one job in flight (timing one configuration, or one ncu process over
a chunk of configurations), so a GPU never runs two measurements at once. The timing pass of
a lane finishes before its profiling pass starts, as on one GPU. A worker that dies (killed,
node lost) loses only its job in flight, which goes back to the front of its lane's queue for
another worker; a configuration whose worker died twice is recorded as failed.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.runner import (
    JOURNAL_NAME,
    Journal,
    JournalState,
    _Reporter,
    _row_note,
    _sigterm_as_interrupt,
    _write_tables,
    check_out_dir,
    plain_record,
)
from gpuadvisor.space import Config
from gpuadvisor.sweep import config_key
from gpuadvisor.targets.base import failed_row

#: A configuration is tried on at most this many workers before it is recorded as failed.
MAX_ATTEMPTS = 2


@dataclass
class Lane:
    """The GPUs of one model and the sweep they run together."""

    gpu: str | None
    workers: list[Any]  # Ray actor handles of GpuWorker
    labels: dict[Any, str]  # actor handle -> device label
    out_dir: Path
    configs: Sequence[Config]
    profile_keys: set | None = None  # None: profile every timed configuration
    provenance: dict[str, Any] = field(default_factory=dict)
    # run state
    journal: Journal | None = None
    state: JournalState = field(default_factory=JournalState)
    queue: deque = field(default_factory=deque)  # ("measure", Config) | ("profile", [Config])
    timing_left: int = 0  # timing jobs queued or in flight
    profiling_queued: bool = False
    measured: int = 0
    profiled: int = 0
    reused: int = 0
    problems: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)

    def name(self) -> str:
        return self.gpu or "GPU"


@dataclass
class LaneResult:
    gpu: str | None
    devices: list[str]
    result: Any  # gpuadvisor.runner.SweepResult


def open_lane(lane: Lane, *, resume: bool, overwrite: bool, argv: Sequence[str]) -> None:
    """Check the folder, read (or clear) the journal, queue what is left to time."""
    check_out_dir(lane.out_dir, resume=resume, overwrite=overwrite)
    lane.journal = Journal(lane.out_dir / JOURNAL_NAME)
    if lane.journal.exists() and not resume:
        lane.journal.path.unlink()
    lane.state = lane.journal.read() if resume else JournalState()
    pending = [c for c in lane.configs if c.key not in lane.state.rows]
    lane.reused = len(lane.configs) - len(pending)
    lane.queue = deque(("measure", c) for c in pending)
    lane.timing_left = len(pending)
    lane.journal.append(
        {
            "type": "start",
            "time": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
            "resume": resume,
            "configs": len(lane.configs),
            "pending": len(pending),
            "provenance": lane.provenance,
            "argv": list(argv),
        }
    )


def profile_chunks(configs: Sequence[Config], workers: int, batch: int) -> list[list[Config]]:
    """ncu jobs: ``batch`` configurations each (``--profile-batch``), else one per worker, so
    each GPU pays ncu's start-up once. Those are dealt out in turn (every ``workers``-th
    configuration), so each chunk holds a like mix of small and large blocks."""
    if not configs:
        return []
    if batch > 0:
        return [list(configs[i : i + batch]) for i in range(0, len(configs), batch)]
    count = max(1, min(workers, len(configs)))
    return [list(configs[i::count]) for i in range(count)]


def _profile_candidates(lane: Lane) -> list[Config]:
    out = []
    for config in lane.configs:
        row = lane.state.rows.get(config.key)
        if row is None or row.get("status") not in ("ok", "invalid"):
            continue
        if config.key in lane.state.profiles:
            continue
        if lane.profile_keys is not None and config.key not in lane.profile_keys:
            continue
        out.append(config)
    return out


def run_lanes(
    ray: Any,
    lanes: Sequence[Lane],
    *,
    profile: bool,
    profile_batch: int = 0,
    builder: Callable[[Config], Any] | None = None,
    console: Any = None,
    show_progress: bool = True,
) -> list[LaneResult]:
    """Run every lane's sweep to the end on its workers; write each lane's tables.

    ``builder(config)`` (for targets with a per-configuration build) returns a Ray object
    ref of the built artifact; the build runs as a CPU task while the GPUs measure others.
    """
    reporter = _Reporter(console, show_progress)
    inflight: dict[Any, tuple[Lane, Any, str, Any]] = {}  # ref -> (lane, worker, kind, job)
    attempts: dict[Any, int] = {}
    builds: dict[Any, Any] = {}  # config key -> ref of its build
    busy: set[Any] = set()
    interrupted = False

    def built(config: Config) -> Any:
        if builder is None:
            return None
        if config.key not in builds:
            builds[config.key] = builder(config)
        return builds[config.key]

    def record_row(lane: Lane, row: Mapping[str, Any]) -> None:
        row = plain_record(row)
        assert lane.journal is not None
        lane.journal.append({"type": "row", "row": row})
        lane.state.rows[config_key(row)] = row
        lane.measured += 1
        reporter.advance(f"timing {lane.name()}", f"{row.get('device')} {_row_note(row)}")

    def record_profile(lane: Lane, config: Config, result: Mapping[str, Any] | None) -> None:
        result = result or {"error": "ncu: not profiled"}
        record: dict[str, Any] = {"type": "profile", "key": list(config.key)}
        if result.get("error"):
            record["error"] = result["error"]
        else:
            record["metrics"] = plain_record(result)
        assert lane.journal is not None
        lane.journal.append(record)
        lane.state.profiles[config.key] = record
        lane.profiled += 1
        reporter.advance(f"ncu {lane.name()}")

    def maybe_queue_profiling(lane: Lane) -> None:
        if lane.profiling_queued or lane.timing_left > 0 or not profile:
            return
        lane.profiling_queued = True
        todo = _profile_candidates(lane)
        if todo:
            reporter.task(f"ncu {lane.name()}", len(todo))
            chunks = profile_chunks(todo, len(lane.workers), profile_batch)
            lane.queue.extend(("profile", chunk) for chunk in chunks)

    def dispatch() -> None:
        for lane in lanes:
            maybe_queue_profiling(lane)
            for worker in lane.workers:
                if worker in busy or not lane.queue:
                    continue
                kind, job = lane.queue.popleft()
                if kind == "measure":
                    ref = worker.measure.remote(job, built(job))
                else:
                    ref = worker.profile.remote(job, *[built(c) for c in job])
                inflight[ref] = (lane, worker, kind, job)
                busy.add(worker)

    def worker_died(lane: Lane, worker: Any, kind: str, job: Any, err: Exception) -> None:
        label = lane.labels.get(worker, "?")
        lane.workers.remove(worker)
        lane.dead.append(label)
        reporter.note(f"worker {label} stopped ({type(err).__name__}); its job goes to another")
        configs = [job] if kind == "measure" else list(job)
        key = tuple(c.key for c in configs)
        attempts[key] = attempts.get(key, 0) + 1
        if attempts[key] < MAX_ATTEMPTS:
            lane.queue.appendleft((kind, job))
            return
        why = f"the GPU worker died {attempts[key]} times while running it (killed or crashed)"
        for config in configs:
            if kind == "measure":
                record_row(lane, failed_row(config, why, device=label, gpu=lane.gpu))
                lane.timing_left -= 1
            else:
                record_profile(lane, config, {"error": f"ncu: {why}"})

    try:
        with _sigterm_as_interrupt(), reporter:
            for lane in lanes:
                if lane.state.torn:
                    reporter.note(f"journal: ignored {lane.state.torn} torn or damaged line(s)")
                if lane.reused:
                    reporter.note(
                        f"resuming {lane.name()}: {lane.reused} of {len(lane.configs)} "
                        "configurations already done"
                    )
                reporter.task(f"timing {lane.name()}", lane.timing_left)
            dispatch()
            while inflight:
                ready, _ = ray.wait(list(inflight), num_returns=1)
                ref = ready[0]
                lane, worker, kind, job = inflight.pop(ref)
                busy.discard(worker)
                try:
                    answer = ray.get(ref)
                except (ray.exceptions.RayActorError, ray.exceptions.WorkerCrashedError) as err:
                    worker_died(lane, worker, kind, job, err)
                    dispatch()
                    continue
                except ray.exceptions.RayTaskError as err:  # a bug, not a configuration's fault
                    answer = _task_error(kind, job, err, lane.labels.get(worker, "?"), lane.gpu)
                if kind == "measure":
                    record_row(lane, answer["row"])
                    lane.timing_left -= 1
                    if "broken" in answer:  # a sticky CUDA fault: this worker is done
                        lane.problems.append(answer["broken"])
                        lane.workers.remove(worker)
                        lane.dead.append(lane.labels.get(worker, "?"))
                        reporter.note(answer["broken"])
                        with contextlib.suppress(Exception):
                            ray.kill(worker)
                else:
                    for config in job:
                        record_profile(lane, config, answer.get(config.key))
                dispatch()
            for lane in lanes:
                maybe_queue_profiling(lane)
                if lane.queue:  # work left and no worker to do it
                    raise UserError(
                        f"every {lane.name()} worker stopped ({', '.join(lane.dead)}); the "
                        f"finished rows are in {lane.journal.path}: rerun with --resume"
                    )
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        for ref in inflight:  # what was in flight is lost; its workers are killed next
            with contextlib.suppress(Exception):
                ray.cancel(ref)
        stopped = interrupted or bool(inflight) or any(lane.queue for lane in lanes)
        for lane in lanes:
            if lane.journal is not None:
                lane.journal.close()
            if stopped and lane.state.rows:
                with contextlib.suppress(Exception):  # the journal has it all anyway
                    _write_tables(lane.out_dir, lane.state, [c.key for c in lane.configs],
                                  lane.provenance)
    return [_finish(lane) for lane in lanes]


def _task_error(kind: str, job: Any, err: Exception, label: str, gpu: str | None) -> Any:
    """What an exception raised inside a worker's method becomes: a failed row, or an ncu
    error for each configuration of the chunk; the sweep goes on."""
    cause = getattr(err, "cause", None) or err
    lines = str(cause).strip().splitlines()
    why = f"worker {label}: {type(cause).__name__}: {lines[-1] if lines else ''}"
    if kind == "measure":
        return {"row": failed_row(job, why, device=label, gpu=gpu)}
    return {c.key: {"error": f"ncu: {why}"} for c in job}


def _finish(lane: Lane) -> LaneResult:
    from gpuadvisor.runner import SweepResult

    order = [c.key for c in lane.configs]
    csv_path, json_path, table = _write_tables(lane.out_dir, lane.state, order, lane.provenance)
    assert lane.journal is not None
    result = SweepResult(
        table=table,
        out_dir=lane.out_dir,
        csv_path=csv_path,
        json_path=json_path,
        journal_path=lane.journal.path,
        measured=lane.measured,
        profiled=lane.profiled,
        reused=lane.reused,
        profile_problems=lane.problems,
        torn_lines=lane.state.torn,
    )
    return LaneResult(gpu=lane.gpu, devices=sorted(lane.labels.values()), result=result)
