"""Scored candidates held as columns and made into objects when read (issue 13, eighth pass).

A 100,000-row table made a scored object, a rule key and a rank entry per row, although
output shows ten entries per kernel. :meth:`~gpuadvisor.scoring.TableScorer.score_kernels`
keeps what one scoring pass knows of all its candidates as columns (:class:`ScoredPass`) and
gives each kernel a :class:`ScoredKernel`, a sequence of its scored objects made on first
read. Ranking (:mod:`gpuadvisor.kernel_ranking`) reads the columns; :class:`RankedView` and
:class:`RankEntries` are the ranking and its entries, again made where read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

from gpuadvisor.rank import CACHE_ORDER, Scored, table_times

_CACHE_RANK = {name: i for i, name in enumerate(CACHE_ORDER)}


class MadeOnRead(Sequence[Any]):
    """A read-only sequence whose items are made by ``make(position)`` when first read (and
    kept, so that an item read twice is the same object)."""

    def __init__(self, size: int, make: Callable[[int], Any]) -> None:
        self._size = size
        self._make = make
        self._made: dict[int, Any] = {}

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: Any) -> Any:
        if index.__class__ is slice:
            return [self[i] for i in range(*index.indices(self._size))]
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError(index)
        item = self._made.get(index)
        if item is None:
            item = self._made[index] = self._make(index)
        return item

    def __iter__(self) -> Iterator[Any]:
        return (self[i] for i in range(self._size))

    def made(self) -> list[Any]:
        """The items made so far."""
        return list(self._made.values())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._size} items)"


class ScoredPass:
    """What one scoring pass knows of all its candidates (every kernel's, kernels one after
    another; kernel ``k`` holds positions ``bounds[k]`` to ``bounds[k + 1]``), as columns:
    ``score`` (what ``Scored.score`` holds: 0.0 where excluded), ``excluded``, and per
    candidate the index of its derived values in ``derived``. ``make(i)`` makes candidate
    ``i``'s scored object, whose ``fired_bits`` are ``(fired, i)``. ``table``/``rows``: the
    table whose row views every candidate's row is, and their indices, when they all are
    (times and tie information then come from its columns)."""

    def __init__(self, cands: list[Any], bounds: list[int], score: Any, excluded: Any,
                 did: Any, derived: list[dict[str, Any]], make: Callable[[int], Scored], *,
                 table: Any = None, rows: Any = None, fired: Any = None) -> None:
        self.cands = cands
        self.bounds = bounds
        self.did = did
        self.derived = derived
        self.make = make
        self.table = table
        self.rows = rows
        self.fired = fired
        self._columns: dict[str, Any] = {"score": score, "excluded": excluded}
        self.ranks: Any = None  # kernel_ranking's ranking of the whole pass, once made

    def column(self, name: str) -> Any:
        """A column worked out once for all candidates: ``score``, ``excluded``, ``kernel``
        (each candidate's kernel number), ``bx``, ``by``, ``bz`` (int64; None where a shape
        does not fit), ``cache_rank``, ``cache_code`` (the order of the cache
        configurations' strings), ``eff``/``util`` (the Ryoo point of the derived values, NaN
        where it is not a plain float) or ``times`` (``Candidate.time_ms``, NaN for None)."""
        known = self._columns.get(name)
        if known is None and name not in self._columns:
            known = self._columns[name] = self._build(name)
        return known

    def _build(self, name: str) -> Any:
        cands = self.cands
        if name == "kernel":
            sizes = np.diff(np.asarray(self.bounds, dtype=np.int64))
            return np.repeat(np.arange(len(sizes), dtype=np.int64), sizes)
        if name in ("bx", "by", "bz"):  # all three from one walk (None where a side is
            # beyond int64: then all three, as every reader takes any None for all)
            try:
                blocks = np.array([c.block for c in cands], dtype=np.int64).reshape(-1, 3)
            except OverflowError:
                self._columns.update(bx=None, by=None, bz=None)
                return None
            self._columns.update(bx=blocks[:, 0].copy(), by=blocks[:, 1].copy(),
                                 bz=blocks[:, 2].copy())
            return self._columns[name]
        if name in ("cache_rank", "cache_code"):
            names = [c.cache_config for c in cands]
            distinct = sorted(set(names))
            rank, other = _CACHE_RANK, len(CACHE_ORDER)
            number = {v: i for i, v in enumerate(distinct)}
            codes = np.fromiter(map(number.__getitem__, names), dtype=np.int64,
                                count=len(names))
            self._columns["cache_code"] = codes
            self._columns["cache_rank"] = np.array(
                [rank.get(v, other) for v in distinct], dtype=np.int64)[codes] \
                if distinct else codes.copy()
            return self._columns[name]
        if name in ("eff", "util"):
            key, default = (("ryoo_efficiency", 1.0) if name == "eff"
                            else ("ryoo_utilization", 0.0))
            per_d = [d.get(key, default) for d in self.derived]
            plain = np.array([v if v.__class__ is float else np.nan for v in per_d],
                             dtype=np.float64)
            return plain[self.did]
        if name == "times":
            if self.table is not None:
                times = np.array(table_times(self.table), dtype=np.float64)
                return times[self.rows]
            return np.array([c.time_ms for c in cands], dtype=np.float64)
        raise KeyError(name)


    def configs(self) -> tuple[Any, list[tuple[str, str]]]:
        """Each candidate's configuration as a code, and each code's (label, cache
        configuration), the label as a ``scores`` record writes it (``32x8``, ``4x4x4``)."""
        known = self._columns.get("configs")
        if known is None:
            known = self._columns["configs"] = self._configs()
        return known  # type: ignore[no-any-return]

    def _configs(self) -> tuple[Any, list[tuple[str, str]]]:
        cands = self.cands
        bx, by, bz = self.column("bx"), self.column("by"), self.column("bz")
        if bx is None or by is None or bz is None:  # a side beyond int64: one by one
            index: dict[tuple[Any, ...], int] = {}
            codes = np.array([index.setdefault((*c.block, c.cache_config), len(index))
                              for c in cands], dtype=np.int64)
            return codes, [(_label(x, y, z), cache) for x, y, z, cache in index]
        names = sorted({c.cache_config for c in cands})
        columns = (bx, by, bz, self.column("cache_code"))
        code = np.zeros(len(cands), dtype=np.int64)
        for col in columns:  # one code over the four
            unique, inverse = np.unique(col, return_inverse=True)
            if len(unique) and int(code.max(initial=0)) >= (1 << 62) // len(unique):
                code = np.unique(code, return_inverse=True)[1].reshape(-1)
            code = code * len(unique) + inverse.reshape(-1)
        _unique, first, codes = np.unique(code, return_index=True, return_inverse=True)
        x, y, z, c = (col[first].tolist() for col in columns)
        return codes.reshape(-1), [(_label(*shape), names[name]) for *shape, name in zip(
            x, y, z, c, strict=True)]


def _label(x: int, y: int, z: int) -> str:
    return f"{x}x{y}" + (f"x{z}" if z != 1 else "")


class ScoredKernel(Sequence[Scored]):
    """Kernel ``k``'s scored candidates (its positions of a pass), made when read. A made
    object gets the rank, tie group and tie flag the ranking gave its candidate."""

    def __init__(self, scored_pass: ScoredPass, k: int) -> None:
        self.scored_pass = scored_pass
        self.k = k
        self.start = scored_pass.bounds[k]
        self.stop = scored_pass.bounds[k + 1]
        self._made: dict[int, Scored] = {}
        self._places: tuple[Any, Any, Any] | None = None  # rank, tie group, tied

    def __len__(self) -> int:
        return self.stop - self.start

    def __getitem__(self, index: Any) -> Any:
        size = self.stop - self.start
        if index.__class__ is slice:
            return [self[i] for i in range(*index.indices(size))]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        s = self._made.get(index)
        if s is None:
            s = self._made[index] = self.scored_pass.make(self.start + index)
            if self._places is not None:
                self._place(s, index)
        return s

    def __iter__(self) -> Iterator[Scored]:
        return (self[i] for i in range(self.stop - self.start))

    @property
    def candidates(self) -> list[Any]:
        return self.scored_pass.cands[self.start:self.stop]

    def positions_of(self, block: tuple[int, int, int]) -> list[int]:
        """The positions whose candidate has this block shape, in order (an index of the
        kernel's shapes made on the first call: comparisons look up several shapes)."""
        index = self.__dict__.get("_by_block")
        if index is None:
            index = self.__dict__["_by_block"] = {}
            for i, c in enumerate(self.candidates):
                index.setdefault(c.block, []).append(i)
        return index.get(block, [])  # type: ignore[no-any-return]

    @property
    def made(self) -> dict[int, Scored]:
        """The scored objects made so far, by position."""
        return self._made

    def column(self, name: str) -> Any:
        """The pass's column ``name`` (:meth:`ScoredPass.column`) at this kernel's positions."""
        col = self.scored_pass.column(name)
        return None if col is None else col[self.start:self.stop]

    def set_places(self, rank: list[int], tie_group: list[int], tied: list[bool]) -> None:
        """The ranking's rank, tie group and tie flag of each position, given to the objects
        made so far and to those made later."""
        self._places = (rank, tie_group, tied)
        for index, s in self._made.items():
            self._place(s, index)

    def _place(self, s: Scored, index: int) -> None:
        rank, tie_group, tied = self._places  # type: ignore[misc]
        s.rank, s.tie_group, s.tied = rank[index], tie_group[index], tied[index]


class RankedView(Sequence[Scored]):
    """A kernel's ranking: positions of a :class:`ScoredKernel`, best first."""

    def __init__(self, scored: ScoredKernel, order: list[int], tie_group: list[int]) -> None:
        self.scored = scored
        self.order = order
        self._tie_group = tie_group  # of each position of ``scored``

    def __len__(self) -> int:
        return len(self.order)

    def __getitem__(self, index: Any) -> Any:
        if index.__class__ is slice:
            return [self.scored[i] for i in self.order[index]]
        return self.scored[self.order[index]]

    def __iter__(self) -> Iterator[Scored]:
        return (self.scored[i] for i in self.order)

    def tie_labels(self, s: Scored) -> list[str]:
        """Labels of the other ranked candidates in ``s``'s tie group, in rank order (what
        ``[o.candidate.label for o in ranked if o.tie_group == s.tie_group and o is not s]``
        gives), made from the candidates alone."""
        members = self.__dict__.get("_members")
        if members is None:  # each group's positions in rank order, found once
            members = self.__dict__["_members"] = {}
            group = self._tie_group
            for i in self.order:
                members.setdefault(group[i], []).append(i)
        cands = self.scored.candidates
        made = self.scored.made  # s is one of these: the others need not be made to compare
        return [cands[i].label for i in members.get(s.tie_group, ()) if made.get(i) is not s]


class RankEntries(MadeOnRead):
    """A kernel's rank entries, made when read from its ranked candidates (``make(i)``: the
    entry of ``ranked[i]``); :meth:`score_columns` reads what the entries' score records
    hold without making them."""

    def __init__(self, ranked: Sequence[Scored], make: Callable[[int], Any]) -> None:
        super().__init__(len(ranked), make)
        self.ranked = ranked

    def score_columns(self) -> tuple[Any, list[tuple[str, str]], Any, Any] | None:
        """Each entry's configuration code and each code's (label, cache configuration)
        (:meth:`ScoredPass.configs`), scores and times (float64, NaN for a time of None),
        best first, read without making the entries; None when the ranking is not a
        :class:`RankedView`."""
        ranked = self.ranked
        if not isinstance(ranked, RankedView):
            return None
        sk = ranked.scored
        order = np.asarray(ranked.order, dtype=np.int64) + sk.start
        codes, configs = sk.scored_pass.configs()
        return (codes[order], configs, sk.scored_pass.column("score")[order],
                sk.scored_pass.column("times")[order])
