"""What ``gpuadvisor tune`` prints when a sweep is done: the counts by status, the fastest
configurations (per kernel with ``--objective each``), the failures and where the table went,
then the rules' recommendations from the finished table.

Kept out of the command so that the command only declares options; a Ray sweep prints one
such report per GPU model (:func:`gpuadvisor.tuning.run_on_ray`)."""

from __future__ import annotations

from typing import Any


def show(console: Any, result: Any, top: int, arch: str, objective: str = "sum",
         code: Any = None, current: tuple[int, int, int] | None = None,
         current_source: str = "--current") -> None:
    """The sweep's summary and best configurations, then the analysis of its table."""
    render(console, result, top, objective, current, current_source)
    show_analysis(console, result.table, arch, top, code)


def render(console: Any, result: Any, top: int, objective: str = "sum",
           current: tuple[int, int, int] | None = None,
           current_source: str = "--current") -> None:
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
        if current is not None:
            console.print(against_current(group, current, current_source), highlight=False)
    _problems(console, result)


def against_current(ok: Any, current: tuple[int, int, int], source: str = "--current") -> str:
    """One line: the fastest measured configuration against the app's current shape
    (``tune --current``), at its fastest cache configuration, in the measure the table ranks
    by (all matched launches' time for an app timed from outside)."""
    from gpuadvisor.shapes import format_shape

    key = _rank_key(ok)
    name = f"the current shape {format_shape(current)} ({source})"
    mine = ok[(ok["block_x"] == current[0]) & (ok["block_y"] == current[1])
              & (ok["block_z"] == current[2])]
    if ok.empty:
        return f"{name}: nothing ran correctly to compare it with"
    if mine.empty:
        return f"{name}: not measured correctly (see the sweep table), so nothing to compare"
    best = ok.loc[ok[key].idxmin()]
    current_row = mine.loc[mine[key].idxmin()]
    here = float(current_row[key])
    label = f"{best['block_x']}x{best['block_y']}x{best['block_z']} {best['cache_config']}"
    if float(best[key]) >= here:
        return f"{name}, {here:.4g} ms, is the fastest measured: keep it"
    line = (f"{name}: {here:.4g} ms; the fastest measured, {label}, {float(best[key]):.4g} "
            f"ms, is {here / float(best[key]):.2f}x faster")
    ranges = _repeat_ranges(current_row, best) if key == "time_ms" else None
    if ranges is not None:
        (lo, hi), (best_lo, best_hi) = ranges
        if lo <= best_hi and best_lo <= hi:
            line += (f", but their repeats overlap ({lo:.4g}-{hi:.4g} ms against "
                     f"{best_lo:.4g}-{best_hi:.4g} ms): within this run's noise, time both again")
    return line


def _repeat_ranges(a: Any, b: Any) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """Each row's (fastest, slowest) timed repeat, where both rows have them."""
    try:
        out = tuple((float(r["time_ms_min"]), float(r["time_ms_max"])) for r in (a, b))
    except (KeyError, TypeError, ValueError):
        return None
    if any(v != v for pair in out for v in pair):  # NaN: not recorded
        return None
    return out  # type: ignore[return-value]


def _rank_key(ok: Any) -> str:
    """What the table ranks by: ``total_ms`` (all matched launches) for an app timed from
    outside, where every row has it, else ``time_ms``."""
    by_total = "total_ms" in ok.columns and bool(ok["total_ms"].notna().all())
    return "total_ms" if by_total else "time_ms"


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
    key = _rank_key(ok)
    by_total = key == "total_ms"
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


def show_analysis(console: Any, table: Any, arch: str, top: int, code: Any = None) -> None:
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
