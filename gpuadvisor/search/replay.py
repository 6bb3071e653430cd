"""Replay a recorded sweep as if it were the GPU, and score a strategy's pick against it.

The replay target is a closure over the recorded rows: the strategy gets only the space (the
configurations' identities) and a ``measure`` callable that returns one row per requested
configuration. A configuration with no recorded row is one that cannot launch.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gpuadvisor.search.base import Measure, SearchResult, run_search
from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy
from gpuadvisor.space import Config

NOT_RECORDED = "not in the recorded sweep: this configuration cannot launch"


def _config(row: Mapping[str, Any]) -> Config:
    def dim(name: str) -> int:
        try:
            return int(float(row.get(name) or 1))
        except (TypeError, ValueError):
            return 1

    return Config(str(row["kernel"]), (dim("block_x"), dim("block_y"), dim("block_z")),
                  str(row.get("cache_config") or "default"))


def recorded_space(rows: Sequence[Mapping[str, Any]]) -> list[Config]:
    """The configurations the recorded sweep planned (identities only, in its order)."""
    return list(dict.fromkeys(_config(r) for r in rows))


def replay_target(rows: Sequence[Mapping[str, Any]]) -> Measure:
    """A ``measure`` callable handing out the recorded row of one configuration at a time."""
    recorded = {}
    for row in rows:
        recorded.setdefault(_config(row), dict(row))

    def measure(config: Config) -> dict[str, Any]:
        row = recorded.get(config)
        if row is None:
            return {**config.identity(), "status": "failed", "error": NOT_RECORDED}
        return dict(row)

    return measure


@dataclass
class Replayed:
    kernel: str
    result: SearchResult
    best_time_ms: float | None  # the exhaustive best of the recorded sweep
    space: int

    @property
    def regret(self) -> float | None:
        best = self.result.best
        if best is None or not self.best_time_ms:
            return None
        return best.time_ms / self.best_time_ms  # type: ignore[operator]

    def to_dict(self) -> dict[str, Any]:
        def ident(c: Config) -> dict[str, Any]:
            x, y, z = c.block
            return {"block_x": x, "block_y": y, "block_z": z, "cache_config": c.cache_config}

        best = self.result.best
        return {
            "kernel": self.kernel,
            "strategy": self.result.strategy,
            "pick": ident(best.config) if best else None,
            "pick_time_ms": best.time_ms if best else None,
            "best_time_ms": self.best_time_ms,
            "regret": None if self.regret is None else round(self.regret, 6),
            "space": self.space,
            "evaluated": [ident(s.config) for s in self.result.steps],
            "reasons": [f"{s.config.label()}: {s.reason}" for s in self.result.steps],
            "stop": self.result.stop_reason,
            "ruled_out": self.result.ruled_out,
        }


def table_rows(path: Any) -> list[dict[str, Any]]:
    """A recorded sweep table's rows as a replay reads them (normalized, string keys)."""
    from gpuadvisor.sweep import normalize, read_sweep

    table = normalize(read_sweep(path)[0])
    return [{str(k): v for k, v in r.items()} for r in table.to_dict(orient="records")]


def replay_search(space_rows: Sequence[Mapping[str, Any]], answers: Sequence[Mapping[str, Any]],
                  budget: int, strategy: str | None = None, seed: int = 0,
                  arch: str | None = None, code: Any = None,
                  start: tuple[int, int, int] | None = None, source: str = "--current"
                  ) -> SearchResult:
    """``strategy`` (the one ``tune --max-configs`` runs when None) over the configurations of
    ``space_rows``, each measurement answered from ``answers`` (the same sweep, or a live run's
    own rows to check that the search asks for what the GPU measured); ``start``: a shape
    measured first, as ``tune --current`` (``source``) or a built-in kernel's project launch
    does."""
    from gpuadvisor.search.current import FromCurrent

    search = make_strategy(strategy or DEFAULT_STRATEGY, seed, arch, code)
    if start is not None:
        search = FromCurrent(search, start, source)
    return run_search(search, recorded_space(space_rows), replay_target(answers), budget)


def best_time(rows: Sequence[Mapping[str, Any]]) -> float | None:
    from gpuadvisor.search.base import Step

    times = [Step(_config(r), "", dict(r)).time_ms for r in rows]
    times = [t for t in times if t is not None]
    return min(times) if times else None


def simulate_table(table: Any, budget: int, strategy: str | None = None, seed: int = 0,
                   arch: str | None = None, code: Any = None,
                   current: tuple[int, int, int] | None = None,
                   projects: Mapping[str, tuple[int, int, int]] | None = None
                   ) -> list[Replayed]:
    """Run ``strategy`` on every kernel of a recorded sweep table with ``budget`` measurements
    (``code``: the kernels' PTX accesses, ``simulate --ptx``; ``strategy`` None: the one
    ``tune --max-configs`` runs by default; ``current``: the app's shape measured first, as
    ``tune --current`` does; ``projects``: else, by kernel, the block its ported project
    launches, measured first as tune does for a built-in kernel)."""
    from gpuadvisor.search.current import PROJECT_LAUNCH
    from gpuadvisor.sweep import normalize

    df = normalize(table)
    out = []
    for kernel in dict.fromkeys(str(k) for k in df["kernel"]):
        rows = [{str(k): v for k, v in r.items()} for r in
                df[df["kernel"].astype(str) == kernel].to_dict(orient="records")]
        start, source = ((current, "--current") if current is not None
                         else ((projects or {}).get(kernel), PROJECT_LAUNCH))
        result = replay_search(rows, rows, budget, strategy, seed, arch, code, start, source)
        out.append(Replayed(kernel, result, best_time(rows), len(recorded_space(rows))))
    return out
