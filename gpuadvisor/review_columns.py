"""Review's comparison of configurations as columns (issue 13, ninth pass).

A review of two 100,000-row tables compared configuration by configuration, one
``ConfigChange`` object each, and wrote their JSON record by record. Here the usual
configuration, in both tables, run on both sides and with no metric that differs, is compared
over whole columns with NumPy (the operations of ``review.compare_config`` and
``review.time_verdict`` in their order) and written from its columns; the others, a few, are
compared one by one as before. A configuration's object is made when it is read
(:class:`ConfigChanges`), by the function that made it before.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

import numpy as np

from gpuadvisor.jsontext import cached_strings
from gpuadvisor.jsontext import string as js
from gpuadvisor.scored_columns import MadeOnRead


def time_verdicts(time_a: Any, time_b: Any, spread_a: Sequence[float | None],
                  spread_b: Sequence[float | None], threshold_pct: float
                  ) -> tuple[list[str], Any, list[float | None]]:
    """``compare_config``'s verdict, change (% of the baseline time, NaN for None) and noise
    (``math.hypot`` of the spreads, None without either) of configurations run on both
    sides: ``time_a``/``time_b`` float64 arrays, NaN for no time (``no_time``)."""
    noise = [None if sa is None and sb is None else math.hypot(sa or 0.0, sb or 0.0)
             for sa, sb in zip(spread_a, spread_b, strict=True)]
    untimed = np.isnan(time_a) | np.isnan(time_b)
    noise = [None if u else v for u, v in zip(untimed.tolist(), noise, strict=True)]
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        delta = time_b - time_a
        pct = np.where(untimed | (time_a == 0), np.nan, delta / time_a * 100.0)
        size = np.abs(delta)
        beyond_threshold = size > threshold_pct / 100.0 * np.abs(time_a)
        limit = np.array([math.nan if v is None else v for v in noise], dtype=np.float64)
        beyond_noise = np.isnan(limit) | (size > limit)
    verdict = np.where(beyond_threshold & beyond_noise,
                       np.where(delta > 0, "slower", "faster"), "unchanged")
    verdict = np.where(untimed, "no_time", verdict)
    return verdict.tolist(), pct, noise


class ConfigChanges(MadeOnRead):
    """A review's configurations, in order: ``made`` holds the ones compared one by one (by
    position), the others are columns (``verdicts``; ``time_a``, ``time_b``, ``change_pct``
    float64 with NaN for None; ``noise`` floats or None) whose object ``make(position)``
    makes when read."""

    def __init__(self, keys: list[tuple], made: dict[int, Any], verdicts: list[str],
                 columns: dict[str, Any], make: Callable[[int], Any]) -> None:
        super().__init__(len(keys), lambda i: made[i] if i in made else make(i))
        self.keys = keys
        self.compared = made
        self.verdicts = verdicts
        self.columns = columns

    def json(self, record: Callable[[Any], str], label_of: Callable[[tuple, str], str]) -> str:
        """The compact JSON list of the configurations' records (``record(change)``: one
        record's text, for those the columns do not write: compared one by one, or holding
        a number that is not finite; ``label_of(block, cache_config)``: a configuration's
        label)."""
        text = cached_strings()

        numbers = [_number_texts(self.columns[name])
                   for name in ("time_a", "time_b", "change_pct", "noise_ms")]
        labels: dict[tuple, str] = {}
        compared = self.compared
        out = []
        for i, (key, verdict, a, b, pct, noise) in enumerate(zip(
                self.keys, self.verdicts, *numbers, strict=True)):
            if a is None or b is None or pct is None or noise is None or i in compared:
                out.append(record(self[i]))
                continue
            kernel, x, y, z, cache = key
            shape = (x, y, z, cache)
            label = labels.get(shape)
            if label is None:
                label = labels[shape] = (
                    f'[{x},{y},{z}],"cache_config":{text(cache)},"verdict":',
                    f',"metric_deltas":[],"error":null,"label":'
                    f'{js(label_of((x, y, z), cache))}}}')
            out.append(f'{{"kernel":{text(kernel)},"block":{label[0]}{text(verdict)},'
                       f'"time_a":{a},"time_b":{b},"change_pct":{pct},"noise_ms":{noise}'
                       f'{label[1]}')
        return "[" + ",".join(out) + "]"


def _number_texts(values: Any) -> list[str | None]:
    """Each value's JSON text as ``json.dumps`` writes a float ("null" for NaN standing for
    None); None for an infinite value (its record is written from its object)."""
    if not isinstance(values, np.ndarray):
        values = np.array([math.nan if v is None else v for v in values], dtype=np.float64)
    # (float.__repr__ is what json.dumps writes for a finite float, without the one long
    # text to split again)
    cells = values.tolist()
    nan = np.isnan(values)
    if values.dtype == np.float64:
        texts: list[str | None] = list(map(float.__repr__, cells))
        for i in np.flatnonzero(nan).tolist():
            texts[i] = "null"
    else:
        for i in np.flatnonzero(nan).tolist():
            cells[i] = None
        texts = json.dumps(cells, separators=(",", ":"))[1:-1].split(",") if cells else []
    for i in np.flatnonzero(np.isinf(values)).tolist():
        texts[i] = None
    return texts


def aligned_keys(keys_a: list[tuple], keys_b: list[tuple]
                 ) -> tuple[list[tuple], Any, Any] | None:
    """:func:`sorted_keys` of the union of two tables' configuration keys (each list without
    a repeat), with each key's position in ``keys_a`` and in ``keys_b`` (-1 where that list
    lacks it): one ``np.lexsort`` over both lists, whose equal keys then stand side by side,
    instead of a set of both and a dict lookup per key (~0.3 s at 100,000 rows). None where
    a key is not text and ints that an int64 holds (``sorted_keys`` then sorts the set)."""
    keys = keys_a + keys_b
    if not keys_a or not keys_b:
        return None
    # (the keys' columns: each key holds five values, as review's keys do)
    kernels, xs, ys, zs, caches = (list(map(itemgetter(i), keys)) for i in range(5))
    if not (set(map(type, kernels)) | set(map(type, caches)) <= {str}
            and set(map(type, xs)) | set(map(type, ys)) | set(map(type, zs)) <= {int}
            and max(max(map(abs, column)) for column in (xs, ys, zs)) < 2**62):
        return None
    rank = {k: i for i, k in enumerate(sorted(set(kernels)))}
    cache_rank = {c: i for i, c in enumerate(sorted(set(caches)))}
    caches_at = np.array([cache_rank[c] for c in caches], dtype=np.int64)
    columns = (np.array(zs, dtype=np.int64), np.array(xs, dtype=np.int64),
               np.array(ys, dtype=np.int64), caches_at,  # the last sorts first
               caches_at != cache_rank.get("default", -1),
               np.array([rank[k] for k in kernels], dtype=np.int64))
    order = np.lexsort(columns)
    # (a key in both lists: its two entries side by side, keys_a's first, lexsort is stable)
    ordered = np.stack(columns)[:, order]
    starts = np.ones(len(order), dtype=bool)
    starts[1:] = (ordered[:, 1:] != ordered[:, :-1]).any(axis=0)
    union = np.cumsum(starts) - 1
    in_a = order < len(keys_a)
    at_a = np.full(int(union[-1]) + 1, -1, dtype=np.int64)
    at_b = at_a.copy()
    at_a[union[in_a]] = order[in_a]
    at_b[union[~in_a]] = order[~in_a] - len(keys_a)
    return [keys[i] for i in order[starts].tolist()], at_a, at_b


def sorted_keys(keys: Sequence[tuple]) -> list[tuple]:
    """Configuration keys (kernel, x, y, z, cache configuration) in review's order, as
    ``sorted(keys, key=review._sort_key)`` has them: by kernel, the default cache
    configuration first, then the cache configuration, y, x and z; with one
    ``np.lexsort`` where every key is text and ints that an int64 holds (the keys differ:
    no two compare equal), else by ``sorted``."""
    def order(key: tuple) -> tuple:
        kernel, bx, by, bz, cache = key
        return (kernel, cache != "default", cache, by, bx, bz)

    keys = list(keys)
    if len(keys) < 2:
        return keys
    kernels, xs, ys, zs, caches = (list(column) for column in zip(*keys, strict=True))
    if not (set(map(type, kernels)) | set(map(type, caches)) <= {str}
            and set(map(type, xs)) | set(map(type, ys)) | set(map(type, zs)) <= {int}
            and max(map(abs, (*xs, *ys, *zs))) < 2**62):
        return sorted(keys, key=order)
    rank = {k: i for i, k in enumerate(sorted(set(kernels)))}
    cache_rank = {c: i for i, c in enumerate(sorted(set(caches)))}
    columns = (np.array(zs), np.array(xs), np.array(ys),  # the last sorts first
               np.array([cache_rank[c] for c in caches]),
               np.array([c != "default" for c in caches]),
               np.array([rank[k] for k in kernels]))
    return [keys[i] for i in np.lexsort(columns).tolist()]
