"""Run a sweep: the timing pass, then the profiling pass, with every finished configuration
written to disk at once, so a sweep killed at any moment keeps its work and ``--resume``
finishes it without repeating any.

The journal (``journal.jsonl`` in the output folder) is append-only JSON Lines: one record
per finished timing row and per profiled configuration, each flushed and fsync'ed before the
next configuration starts. A kill can only tear the last line, which reading ignores (and
appending first cuts off). Configurations match on :func:`gpuadvisor.sweep.config_key`.
At the end the journal becomes the sweep table (``sweep.csv`` and ``sweep.jsonl`` via
:func:`gpuadvisor.sweep.write_sweep`).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import math
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.space import Config
from gpuadvisor.sweep import config_key
from gpuadvisor.timing import relative_spread, unstable_cells

JOURNAL_NAME = "journal.jsonl"
CSV_NAME = "sweep.csv"
JSON_NAME = "sweep.jsonl"
Key = tuple[str, int, int, int, str]


# ---------------------------------------------------------------------------- the journal
def _plain(value: Any) -> Any:
    if value is None:
        return None
    if hasattr(value, "item") and not isinstance(value, str | bytes):
        with contextlib.suppress(ValueError, AttributeError):
            value = value.item()
    if isinstance(value, float) and (math.isnan(value) or math.isinf(value)):
        return None
    if str(value) == "<NA>":
        return None
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def plain_record(record: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON-ready copy: NaN/NA become null, numpy scalars Python numbers."""
    return {str(k): _plain(v) for k, v in record.items()}


@dataclass
class JournalState:
    rows: dict[Key, dict[str, Any]] = field(default_factory=dict)
    profiles: dict[Key, dict[str, Any]] = field(default_factory=dict)
    starts: list[dict[str, Any]] = field(default_factory=list)
    torn: int = 0  # unreadable lines skipped (a torn last line, or damage)


class Journal:
    """Append-only, fsync'ed JSON Lines; safe against a kill at any moment."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._fh = None

    def exists(self) -> bool:
        return self.path.is_file() and self.path.stat().st_size > 0

    def read(self) -> JournalState:
        state = JournalState()
        if not self.path.is_file():
            return state
        data = self.path.read_bytes()
        lines = data.split(b"\n")
        # The part after the last newline is a torn (unfinished) line, if not empty.
        complete, tail = lines[:-1], lines[-1]
        if tail.strip():
            state.torn += 1
        for raw in complete:
            if not raw.strip():
                continue
            try:
                record = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                state.torn += 1
                continue
            if not isinstance(record, dict):
                state.torn += 1
                continue
            kind = record.get("type")
            if kind == "row" and isinstance(record.get("row"), dict):
                row = record["row"]
                try:
                    state.rows[config_key(row)] = row
                except (KeyError, TypeError, ValueError):
                    state.torn += 1
            elif kind == "retime" and isinstance(record.get("row"), dict):
                row = record["row"]  # a second timing pass replaces the first (last wins)
                try:
                    state.rows[config_key(row)] = row
                except (KeyError, TypeError, ValueError):
                    state.torn += 1
            elif kind == "profile" and isinstance(record.get("key"), list):
                key = tuple(record["key"])
                state.profiles[key] = record  # type: ignore[index]
            elif kind == "start":
                state.starts.append(record)
        return state

    def _repair(self) -> None:
        """Cut a torn last line off, so the next record starts on a line of its own."""
        if not self.path.is_file():
            return
        with self.path.open("rb+") as fh:
            fh.seek(0, os.SEEK_END)
            size = fh.tell()
            if size == 0:
                return
            fh.seek(max(0, size - 65536))
            chunk = fh.read()
            if chunk.endswith(b"\n"):
                return
            cut = chunk.rfind(b"\n")
            keep = size - len(chunk) + cut + 1 if cut >= 0 else 0
            if cut < 0 and size > 65536:
                data = self.path.read_bytes()
                keep = data.rfind(b"\n") + 1
            fh.truncate(keep)

    def append(self, record: Mapping[str, Any]) -> None:
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._repair()
            self._fh = self.path.open("a", encoding="utf-8")
        stamped = {**record, "t": round(time.time(), 3)}  # when it finished (for tools)
        self._fh.write(json.dumps(plain_record(stamped), allow_nan=False) + "\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None


# ---------------------------------------------------------------------------- merging
def merge_profile(row: Mapping[str, Any], profile: Mapping[str, Any] | None) -> dict[str, Any]:
    """A timing row with its counters: ncu's metrics fill (and refine) the row; the time stays
    the timing pass's. A profiling failure is noted in ``error``; the status stays."""
    out = dict(row)
    if not profile:
        return out
    if profile.get("error"):
        note = str(profile["error"])
        out["error"] = f"{out['error']}; {note}" if out.get("error") else note
        return out
    for key, value in (profile.get("metrics") or {}).items():
        out[key] = value
    out["profiler"] = "ncu"
    source = str(out.get("source") or "")
    out["source"] = f"{source} + ncu" if source else "ncu"
    return out


def table_records(state: JournalState, order: Sequence[Key] = ()) -> list[dict[str, Any]]:
    """Every finished configuration once: the plan's order first, then any others."""
    keys = [k for k in order if k in state.rows]
    keys += [k for k in state.rows if k not in set(keys)]
    return [merge_profile(state.rows[k], state.profiles.get(k)) for k in keys]


# ---------------------------------------------------------------------------- progress
class _Reporter:
    """A rich progress bar with ETA on a terminal; one plain line per step elsewhere."""

    def __init__(self, console: Any, enabled: bool) -> None:
        self.console = console
        self.enabled = enabled
        self.rich = enabled and console is not None and console.is_terminal
        self._progress = None
        self._tasks: dict[str, Any] = {}
        self._counts: dict[str, list[int]] = {}
        self._start = time.monotonic()

    def __enter__(self) -> _Reporter:
        if self.rich:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("elapsed"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                TextColumn("{task.fields[note]}"),
                console=self.console,
                transient=False,
            )
            self._progress.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._progress is not None:
            self._progress.__exit__(*exc)

    def task(self, name: str, total: int) -> None:
        self._counts[name] = [0, total]
        if self._progress is not None:
            self._tasks[name] = self._progress.add_task(name, total=total, note="")

    def advance(self, name: str, note: str = "", steps: int = 1) -> None:
        count = self._counts.setdefault(name, [0, 0])
        count[0] += steps
        if self._progress is not None:
            self._progress.update(self._tasks[name], advance=steps, note=note)
        elif self.enabled and self.console is not None:
            done, total = count
            elapsed = time.monotonic() - self._start
            self.console.print(
                f"[{name} {done}/{total}] {note}  ({elapsed:.0f} s)",
                markup=False,
                highlight=False,
                soft_wrap=True,
            )

    def note(self, text: str) -> None:
        if self.enabled and self.console is not None:
            self.console.print(text, markup=False, highlight=False, soft_wrap=True)


@contextmanager
def _sigterm_as_interrupt():
    """SIGTERM stops the sweep like Ctrl-C (children killed, finished rows kept)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


# ---------------------------------------------------------------------------- the sweep
def check_out_dir(out_dir: Path, *, resume: bool, overwrite: bool) -> None:
    """Refuse to mix a new sweep into an old one's folder unless told how."""
    if out_dir.exists() and not out_dir.is_dir():
        raise UserError(f"{out_dir}: exists and is not a folder (--out takes a folder)")
    if resume and overwrite:
        raise UserError("--resume and --overwrite exclude each other")
    if Journal(out_dir / JOURNAL_NAME).exists() and not resume and not overwrite:
        raise UserError(
            f"{out_dir} already holds a sweep: pass --resume to finish it or "
            "--overwrite to start again"
        )


def open_journal(out_dir: Path, *, resume: bool, overwrite: bool) -> tuple[Journal, JournalState]:
    """The sweep's journal and what it holds: kept on resume, started afresh otherwise."""
    check_out_dir(out_dir, resume=resume, overwrite=overwrite)
    journal = Journal(out_dir / JOURNAL_NAME)
    if journal.exists() and not resume:
        journal.path.unlink()
    return journal, (journal.read() if resume else JournalState())


@dataclass
class SweepResult:
    table: Any  # pandas DataFrame (normalized sweep table)
    out_dir: Path
    csv_path: Path
    json_path: Path
    journal_path: Path
    measured: int  # configurations timed in this run
    profiled: int  # configurations profiled in this run
    reused: int  # configurations already in the journal (resume)
    profile_problems: list[str] = field(default_factory=list)
    torn_lines: int = 0
    retimed: int = 0  # unstable cells timed a second time in this run


def _row_note(row: Mapping[str, Any]) -> str:
    label = (
        f"{row.get('block_x')}x{row.get('block_y')}x{row.get('block_z')} {row.get('cache_config')}"
    )
    costs = [
        f"{name} {float(row[key]):.1f} s"
        + (" (cached)" if key == "build_s" and row.get("build_cached") else "")
        for key, name in (("build_s", "build"), ("app_wall_s", "run"), ("ncu_time_s", "ncu"))
        if row.get(key) is not None
    ]
    cost = f" [{', '.join(costs)}]" if costs else ""
    if row.get("status") == "ok" and row.get("time_ms") is not None:
        return f"{label}: {float(row['time_ms']):.4g} ms{cost}"
    return f"{label}: {row.get('status')} ({row.get('error')}){cost}"


def run_sweep(
    target: Any,
    configs: Sequence[Config],
    out_path: str | Path,
    *,
    resume: bool = False,
    overwrite: bool = False,
    profile: bool = True,
    profile_keys: Iterable[Key] | None = None,
    profile_batch: int = 0,
    provenance: Mapping[str, Any] | None = None,
    console: Any = None,
    show_progress: bool = True,
    on_row: Callable[[dict[str, Any]], None] | None = None,
    retime: int = 0,
) -> SweepResult:
    """Time (and profile) every configuration of ``configs`` on ``target`` into ``out_path``.

    ``out_path`` is a folder: ``journal.jsonl`` (durable record), ``sweep.csv`` and
    ``sweep.jsonl`` (the sweep table), ``ncu/`` (raw profiler output). With ``resume`` the
    journal's finished configurations are kept and only the rest run; without it an existing
    journal is an error unless ``overwrite``. ``profile_keys`` limits profiling to those
    configurations; ``profile_batch`` > 0 splits profiling into several ncu processes of at
    most that many configurations (0: one process for all). ``retime`` > 0 times that many
    of the cells whose spread stands out (``timing.unstable_cells``) a second time, after
    the timing pass and before profiling.
    """
    out_dir = Path(out_path)
    journal, state = open_journal(out_dir, resume=resume, overwrite=overwrite)
    order = [c.key for c in configs]
    pending_time = [c for c in configs if c.key not in state.rows]
    reused = len([k for k in order if k in state.rows])
    chosen = None if profile_keys is None else set(profile_keys)
    provenance = dict(provenance or {})
    started = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    journal.append(
        {
            "type": "start",
            "time": started,
            "resume": resume,
            "configs": len(configs),
            "pending": len(pending_time),
            "provenance": provenance,
            "argv": sys.argv,
        }
    )
    measured = profiled = retimed = 0
    problems: list[str] = []
    reporter = _Reporter(console, show_progress)
    interrupted = False

    def profile_candidates() -> list[Config]:
        if not profile:
            return []
        out = []
        for config in configs:
            row = state.rows.get(config.key)
            if row is None or row.get("status") not in ("ok", "invalid"):
                continue
            if config.key in state.profiles:
                continue
            if chosen is not None and config.key not in chosen:
                continue
            out.append(config)
        return out

    try:
        with _sigterm_as_interrupt(), reporter:
            if state.torn:
                reporter.note(f"journal: ignored {state.torn} torn or damaged line(s)")
            if reused:
                reporter.note(f"resuming: {reused} of {len(configs)} configurations already done")
            prepare = getattr(target, "prepare", None)
            if prepare is not None and pending_time:
                prepare(pending_time, reporter.note)  # e.g. build every configuration
            reporter.task("timing", len(pending_time))
            for config in pending_time:
                try:
                    row = target.measure(config)
                except Exception as err:
                    broken = getattr(err, "row", None)
                    if broken is not None:
                        journal.append({"type": "row", "row": broken})
                        state.rows[config.key] = plain_record(broken)
                    raise
                parts = row.pop("_parts", None) or []  # per-kernel rows of a regex
                for part in parts:
                    part = plain_record(part)
                    journal.append({"type": "row", "row": part})
                    state.rows[config_key(part)] = part
                row = plain_record(row)
                journal.append({"type": "row", "row": row})
                state.rows[config.key] = row
                measured += 1
                if on_row is not None:
                    on_row(row)
                reporter.advance("timing", _row_note(row))
            if retime > 0:
                retimed = retime_unstable(target, configs, state, journal, reporter, retime)
            todo = profile_candidates()
            if todo:
                reporter.task("ncu", len(todo))
                size = profile_batch if profile_batch > 0 else len(todo)
                for start in range(0, len(todo), size):
                    batch = todo[start : start + size]
                    try:
                        results = target.profile(
                            batch,
                            out_dir,
                            progress=lambda n, note="": reporter.advance("ncu", note, steps=n),
                        )
                    except UserError as err:
                        results = {c.key: {"error": f"ncu: {err}"} for c in batch}
                        problems.append(str(err))
                    for config in batch:
                        result = results.get(config.key) or {"error": "ncu: not profiled"}
                        record: dict[str, Any] = {"type": "profile", "key": list(config.key)}
                        if result.get("error"):
                            record["error"] = result["error"]
                        else:
                            record["metrics"] = plain_record(result)
                        journal.append(record)
                        state.profiles[config.key] = record
                        profiled += 1
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        journal.close()
        if interrupted:
            # The stop can land between a record's fsync and the line that notes it here:
            # the journal on disk is what finished, so the table is made from it too.
            with contextlib.suppress(Exception):
                on_disk = journal.read()
                for key, row in on_disk.rows.items():
                    state.rows.setdefault(key, row)
                for key, record in on_disk.profiles.items():
                    state.profiles.setdefault(key, record)
        if interrupted and state.rows:
            with contextlib.suppress(Exception):  # the journal has it all anyway
                _write_tables(out_dir, state, order, provenance)
    csv_path, json_path, table = _write_tables(out_dir, state, order, provenance)
    return SweepResult(
        table=table,
        out_dir=out_dir,
        csv_path=csv_path,
        json_path=json_path,
        journal_path=journal.path,
        measured=measured,
        profiled=profiled,
        reused=reused,
        profile_problems=problems,
        torn_lines=state.torn,
        retimed=retimed,
    )


def retime_unstable(target: Any, configs: Sequence[Config], state: JournalState,
                    journal: Journal, reporter: Any, limit: int) -> int:
    """Time once more, at most ``limit`` of, the cells whose repeats spread far more than
    their kernel's other cells: a transient on the GPU moved that cell's median, and a
    ranking by measurement would trust it. The pass whose repeats agree better is kept and
    the row marked ``retimed``; cells re-timed before (a resumed sweep) are left alone.
    Returns how many cells were timed again."""
    by_key = {c.key: c for c in configs}
    keys = [c.key for c in configs if c.key in state.rows]
    rows = [state.rows[k] for k in keys]
    todo = [keys[i] for i in unstable_cells(rows)
            if not rows[i].get("retimed") and not rows[i].get("kernels")][:limit]
    if not todo:
        return 0
    reporter.task("re-timing", len(todo))
    done = 0
    for key in todo:
        first = state.rows[key]
        try:
            again = target.measure(by_key[key])
        except Exception as err:  # noqa: BLE001 - the first timing stands; say why
            reporter.note(f"re-timing {_row_note(first)} failed ({err}); its first timing stays")
            break
        again.pop("_parts", None)
        again = plain_record(again)
        first_spread, again_spread = relative_spread(first), relative_spread(again)
        better = (again.get("status") == "ok" and again_spread is not None
                  and (first_spread is None or again_spread < first_spread))
        chosen = {**(again if better else first), "retimed": True}
        journal.append({"type": "retime", "row": chosen})
        state.rows[key] = chosen
        done += 1
        reporter.advance("re-timing", f"{_row_note(chosen)}: spread "
                         f"{100 * (first_spread or 0):.0f}% -> {100 * (again_spread or 0):.0f}%")
    return done


def _write_tables(
    out_dir: Path,
    state: JournalState,
    order: Sequence[Key],
    provenance: Mapping[str, Any],
):
    import pandas as pd

    from gpuadvisor.sweep import normalize, write_sweep

    records = table_records(state, order)
    if not records:
        raise UserError("the sweep finished no configuration")
    table = normalize(pd.DataFrame(records))
    meta = {
        **{k: v for k, v in provenance.items() if v is not None},
        "rows": len(table),
        "written": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }
    csv_path = write_sweep(table, out_dir / CSV_NAME, meta)
    json_path = write_sweep(table, out_dir / JSON_NAME, meta)
    return csv_path, json_path, table


def read_journal_table(out_dir: str | Path):
    """The sweep table a journal holds so far (for tools and tests)."""
    import pandas as pd

    from gpuadvisor.sweep import normalize

    state = Journal(Path(out_dir) / JOURNAL_NAME).read()
    records = table_records(state)
    return normalize(pd.DataFrame(records)) if records else None


#: The sweep table files of a journal (used by gpuadvisor.search.live as well).
write_tables = _write_tables
