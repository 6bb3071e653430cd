"""Results of pure functions of a launch shape, kept between runs in the user's cache folder.

Why: a rule-only analyze of one profile counts, for each of ~550 candidate shapes, the sectors
every access term of the fitted model touches and the transactions of the x-contiguous layout:
~0.13 s of NumPy work that gives the same integers-over-integers every run, about a quarter of
the command. Kept here as JSON (floats written by ``repr``, so they come back bit for bit).

A table is filed under the SHA-256 of the source file that computes it: any edit to that file
is a new table, so a changed computation never meets an old result. Nothing here is needed: an
unreadable, foreign or damaged file is ignored and a folder that cannot be written only costs
the work next time. A table that would pass ``limit`` entries is not written (a process that
computed that many shapes does not need the file, and reading a huge file would cost more than
it saves); what it computed is still kept in memory for the process.
"""

from __future__ import annotations

import atexit
import hashlib
import json
from collections.abc import Callable, Hashable
from pathlib import Path

from gpuadvisor.user_cache import cache_dir, write_atomic

#: Entries a kept table holds at most (~40 bytes each as JSON: ~2 MB, read in ~20 ms).
LIMIT = 50_000


class KeptResults:
    """``key -> value`` for one pure function: keys are tuples of ints, values tuples of
    floats (what JSON gives back exactly). Loaded on first use; written once at exit when it
    gained entries."""

    def __init__(self, name: str, source: str | Path, limit: int = LIMIT) -> None:
        self.name = name
        self.source = Path(source)
        self.limit = limit
        self._values: dict[tuple[int, ...], tuple[float, ...]] | None = None
        self._added = 0
        self._registered = False

    def values(self) -> dict[tuple[int, ...], tuple[float, ...]]:
        """Every kept result (the file's, then this process's)."""
        if self._values is None:
            self._values = _read(self._path())
        return self._values

    def put(self, key: tuple[int, ...], value: tuple[float, ...]) -> None:
        self.values()[key] = value
        self._added += 1
        if not self._registered:
            self._registered = True
            _GAINED.append(self)

    def save(self) -> None:
        """Write the table when this process added to it (and it is within the limit)."""
        if not self._added or self._values is None or len(self._values) > self.limit:
            return
        where = self._path()
        if where is None:
            return
        try:
            text = json.dumps({"keys": list(self._values), "values": list(self._values.values())},
                              separators=(",", ":"), allow_nan=False)
        except (TypeError, ValueError):
            return  # a value JSON cannot give back exactly: keep nothing
        write_atomic(where, text)
        self._added = 0

    def _path(self) -> Path | None:
        folder = cache_dir("kept")
        if folder is None:
            return None
        try:
            digest = hashlib.sha256(self.source.read_bytes()).hexdigest()[:32]
        except OSError:
            return None
        return folder / f"{self.name}-{digest}.json"


#: Tables that gained entries in this process, written by :func:`save_all`.
_GAINED: list[KeptResults] = []


def save_all() -> None:
    """Write every table that gained entries: at interpreter exit, and from the CLI, which
    leaves by ``os._exit`` (skipping exit handlers) once its output is flushed."""
    for table in _GAINED:
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
    if not all(all(type(i) is int for i in k) and all(type(f) in (int, float) for f in v)
               for k, v in out.items()):
        return {}  # not a table this module wrote
    return out


def kept(name: str, source: str | Path, limit: int = LIMIT
         ) -> Callable[[Callable[..., tuple[float, ...]]], Callable[..., tuple[float, ...]]]:
    """Decorator: a pure function of ints returning a tuple of floats, its results kept
    (in memory for the process, as ``functools.cache`` would, and in the user's cache)."""

    def wrap(fn: Callable[..., tuple[float, ...]]) -> Callable[..., tuple[float, ...]]:
        table = KeptResults(name, source, limit)

        def cached(*args: Hashable) -> tuple[float, ...]:
            known = table.values().get(args)  # type: ignore[arg-type]
            if known is None:
                known = tuple(fn(*args))
                if all(type(a) is int for a in args):  # what JSON writes back as it was
                    table.put(args, known)  # type: ignore[arg-type]
            return known

        cached.__wrapped__ = fn  # type: ignore[attr-defined]
        cached.__doc__ = fn.__doc__
        cached.__name__ = fn.__name__
        cached.table = table  # type: ignore[attr-defined]
        return cached

    return wrap
