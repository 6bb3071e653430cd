"""Results of pure functions of a launch shape, kept between runs in the user's cache folder.

Why: a rule-only analyze of one profile counts, for each of ~550 candidate shapes, the sectors
every access term of the fitted model touches and the transactions of the x-contiguous layout:
~0.13 s of NumPy work that gives the same integers-over-integers every run, about a quarter of
the command. Kept here as JSON (floats written by ``repr``, so they come back bit for bit).

A table is filed under the SHA-256 of the source file that computes it: any edit to that file
is a new table, so a changed computation never meets an old result. Nothing here is needed: an
unreadable, foreign or damaged file is ignored and a folder that cannot be written only costs
the work next time. A file that would pass ``limit`` entries is not written (a process that
computed that many shapes does not need it, and reading a huge file would cost more than it
saves); what it computed is still kept in memory for the process.
"""

from __future__ import annotations

import atexit
import functools
import hashlib
import itertools
import json
from collections.abc import Callable, Hashable
from pathlib import Path

from gpuadvisor.user_cache import cache_dir, write_atomic

#: Entries one file of a kept table holds at most (~40 bytes each as JSON).
LIMIT = 20_000


class KeptResults:
    """``key -> value`` for one pure function: keys are tuples of ints, values tuples of
    floats (what JSON gives back exactly). The first ``shard`` items of a key pick its file (an
    access term, say), so that a run reads only the files of what it asks for: one file for
    everything grew to 1.6 MB after a test session and cost more to read than it saved.
    Each file is read on first use and written at exit when it gained entries."""

    def __init__(self, name: str, source: str | Path, shard: int = 0,
                 limit: int = LIMIT) -> None:
        self.name = name
        self.source = Path(source)
        self.shard = shard
        self.limit = limit
        self._files: dict[tuple[int, ...], dict[tuple[int, ...], tuple[float, ...]]] = {}
        self._gained: set[tuple[int, ...]] = set()

    def get(self, key: tuple[int, ...]) -> tuple[float, ...] | None:
        part = key[:self.shard]
        values = self._files.get(part)
        if values is None:
            values = self._files[part] = _read(self._path(part))
        return values.get(key)

    def put(self, key: tuple[int, ...], value: tuple[float, ...]) -> None:
        part = key[:self.shard]
        if self.get(key) is None:  # reads the file first: its entries are kept too
            self._files[part][key] = value
            if not self._gained:
                _GAINED.append(self)
            self._gained.add(part)

    def save(self) -> None:
        """Write each file that gained entries in this process (and is within the limit)."""
        for part in sorted(self._gained):
            values = self._files[part]
            where = self._path(part)
            if where is None or len(values) > self.limit:
                continue
            try:
                text = json.dumps({"keys": list(values), "values": list(values.values())},
                                  separators=(",", ":"), allow_nan=False)
            except (TypeError, ValueError):
                continue  # a value JSON cannot give back exactly: keep nothing
            write_atomic(where, text)
        self._gained.clear()
        if self in _GAINED:
            _GAINED.remove(self)

    def _path(self, part: tuple[int, ...]) -> Path | None:
        folder = self._folder
        if folder is None:
            return None
        return folder / (("_".join(map(str, part)) or "all") + ".json")

    @functools.cached_property
    def _folder(self) -> Path | None:
        folder = cache_dir("kept")
        if folder is None:
            return None
        try:
            digest = hashlib.sha256(self.source.read_bytes()).hexdigest()[:32]
        except OSError:
            return None
        return folder / f"{self.name}-{digest}"


#: Tables that gained entries in this process, written by :func:`save_all`.
_GAINED: list[KeptResults] = []


def save_all() -> None:
    """Write every table that gained entries: at interpreter exit, and from the CLI, which
    leaves by ``os._exit`` (skipping exit handlers) once its output is flushed."""
    for table in list(_GAINED):
        table.save()


atexit.register(save_all)


def _read(where: Path | None) -> dict[tuple[int, ...], tuple[float, ...]]:
    if where is None:
        return {}
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
        keys, values = data["keys"], data["values"]
        out = {tuple(k): tuple(v) for k, v in zip(keys, values, strict=True)}
    except (OSError, ValueError, KeyError, TypeError):
        return {}
    # not a table this module wrote (one pass over all items: this runs at every start)
    if ({type(i) for i in itertools.chain.from_iterable(out)} - {int}
            or {type(f) for f in itertools.chain.from_iterable(out.values())} - {int, float}):
        return {}
    return out


def kept(name: str, source: str | Path, shard: int = 0, limit: int = LIMIT
         ) -> Callable[[Callable[..., tuple[float, ...]]], Callable[..., tuple[float, ...]]]:
    """Decorator: a pure function of ints returning a tuple of floats, its results kept
    (in memory for the process, as ``functools.cache`` would, and in the user's cache)."""

    def wrap(fn: Callable[..., tuple[float, ...]]) -> Callable[..., tuple[float, ...]]:
        table = KeptResults(name, source, shard, limit)

        def cached(*args: Hashable) -> tuple[float, ...]:
            known = table.get(args)  # type: ignore[arg-type]
            if known is None:
                known = tuple(fn(*args))
                if all(type(a) is int for a in args):  # what JSON writes back as it was
                    table.put(args, known)  # type: ignore[arg-type]
            return known

        functools.update_wrapper(cached, fn)
        cached.table = table  # type: ignore[attr-defined]
        return cached

    return wrap
