"""Heatmaps of the block-shape grid: rows are block_y, columns block_x, like the seeds' tables.

One heatmap per (kernel, cache configuration, block_z, metric). Cells carry their values; the
fastest configuration of the grid is outlined; failed or invalid configurations are hatched
grey and labeled; shapes the sweep did not contain stay blank. Colors run "brighter is better"
where the metric has a direction, on a log scale where the values span a wide range.

:func:`build_grid` is pure (DataFrame in, :class:`Grid` out) so it is tested without drawing;
:func:`plot_heatmap` draws with matplotlib's Agg canvas (no pyplot, no display).
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuadvisor.report.format import (
    HIGHER_IS_BETTER,
    LOWER_IS_BETTER,
    fmt_num,
    fmt_short,
    metric_label,
    metric_title,
    metric_unit,
)
from gpuadvisor.sweep import (
    DEVICE_COLUMNS,
    IDENTITY_COLUMNS,
    METRIC_COLUMNS,
    PROVENANCE_COLUMNS,
    STALL_PREFIX,
    STATUS_COLUMNS,
    TIMING_COLUMNS,
)

#: Cell states besides "ok": a row that did not run, or a shape absent from the sweep.
NOT_RUN = ("failed", "invalid", "skipped")
MISSING = "missing"  # the sweep has no row for this shape
NO_VALUE = "n/a"  # the row ran but this metric was not collected

#: When max/min of a positive metric exceeds this, colors go on a log scale.
LOG_RANGE = 5.0

_NA_COLOR = "#eeeeee"
_FAIL_COLOR = "#cfcfcf"

_NOT_METRICS = set(
    IDENTITY_COLUMNS + DEVICE_COLUMNS + PROVENANCE_COLUMNS + STATUS_COLUMNS + TIMING_COLUMNS
) - {"time_ms"}


@dataclass
class Grid:
    """The values of one metric over the block_y x block_x grid of one kernel."""

    kernel: str
    cache_config: str
    metric: str
    block_z: int
    rows: list[int]  # block_y, ascending (top to bottom)
    cols: list[int]  # block_x, ascending (left to right)
    values: Any  # numpy array (rows, cols), NaN where there is no value
    states: list[list[str]]  # "ok", "failed", "invalid", "skipped", MISSING, NO_VALUE
    best: tuple[int, int] | None  # (row, col) index of the fastest configuration
    best_time: float | None
    gpu: str | None

    @property
    def best_shape(self) -> tuple[int, int] | None:
        """(block_x, block_y) of the fastest cell."""
        if self.best is None:
            return None
        r, c = self.best
        return self.cols[c], self.rows[r]


def heatmap_metrics(df: Any, requested: Sequence[str] = ()) -> tuple[list[str], list[str]]:
    """Which metrics get heatmaps: the requested ones, else time plus every collected metric.

    Returns (metrics, notes). A metric with no value, or one value everywhere, is skipped with
    a note (a one-color map says nothing the ranking does not).
    """
    import pandas as pd

    notes: list[str] = []
    if requested:
        missing = [m for m in requested if m not in df.columns]
        if missing:
            from gpuadvisor.errors import UserError

            known = ", ".join(candidate_metrics(df)) or "none"
            raise UserError(f"no column {', '.join(missing)} in the sweep (metrics: {known})")
        return list(requested), notes
    metrics = []
    for name in candidate_metrics(df, extras=False):
        values = pd.to_numeric(df.loc[df["status"].astype(str) == "ok", name], errors="coerce")
        values = values.dropna()
        if values.empty:
            continue
        if name != "time_ms" and values.nunique() == 1:
            notes.append(
                f"{metric_label(name)} is {fmt_num(values.iloc[0])} in every "
                "configuration: no heatmap"
            )
            continue
        metrics.append(name)
    return metrics, notes


def candidate_metrics(df: Any, extras: bool = True) -> list[str]:
    """Numeric columns a heatmap can show: time first, the contract's metrics, stalls, then
    (with ``extras``) any further numeric column a profiler left, which --metric may name."""
    import pandas as pd

    def numeric(col: str) -> bool:
        return pd.api.types.is_numeric_dtype(df[col]) and df[col].notna().any()

    names = [c for c in ["time_ms"] + METRIC_COLUMNS if c in df.columns and numeric(c)]
    if "time_ms" in names and "duration_ms" in names:
        names.remove("duration_ms")  # profiled durations next to real times only confuse
    stalls = sorted(c for c in df.columns if c.startswith(STALL_PREFIX) and numeric(c))
    more = [c for c in df.columns if c not in names and c not in stalls
            and c not in _NOT_METRICS and c not in METRIC_COLUMNS and numeric(c)]
    return names + stalls + (more if extras else [])


def build_grid(df: Any, kernel: str, cache_config: str, metric: str, block_z: int = 1) -> Grid:
    """Lay one metric of one kernel/cache config out on its block_y x block_x grid."""
    import numpy as np
    import pandas as pd

    mine = df[df["kernel"].astype(str) == kernel]
    rows = sorted({int(v) for v in mine["block_y"].dropna()})
    cols = sorted({int(v) for v in mine["block_x"].dropna()})
    sel = mine[
        (mine["cache_config"].astype(str) == cache_config)
        & (mine["block_z"].fillna(1).astype(int) == block_z)
    ]
    values = np.full((len(rows), len(cols)), np.nan)
    states = [[MISSING] * len(cols) for _ in rows]
    times = np.full((len(rows), len(cols)), np.nan)
    time_col = "time_ms" if sel["time_ms"].notna().any() else "duration_ms"
    for (bx, by), group in sel.groupby(["block_x", "block_y"]):
        r, c = rows.index(int(by)), cols.index(int(bx))
        ok = group[group["status"].astype(str) == "ok"]
        if ok.empty:
            states[r][c] = str(group["status"].iloc[0])
            continue
        value = pd.to_numeric(ok[metric], errors="coerce").median()
        values[r, c] = value
        states[r][c] = "ok" if not math.isnan(value) else NO_VALUE
        t = pd.to_numeric(ok[time_col], errors="coerce").median()
        times[r, c] = t
    best = None
    best_time = None
    if not np.isnan(times).all():
        flat = int(np.nanargmin(times))
        best = (flat // len(cols), flat % len(cols))
        best_time = float(times[best])
    gpu = sel["gpu"].dropna().astype(str).unique() if "gpu" in sel else []
    return Grid(
        kernel=kernel,
        cache_config=cache_config,
        metric=metric,
        block_z=block_z,
        rows=rows,
        cols=cols,
        values=values,
        states=states,
        best=best,
        best_time=best_time,
        gpu=", ".join(sorted(gpu)) or None,
    )


def use_log_scale(grid: Grid) -> bool:
    """Log colors when the positive values span more than LOG_RANGE (percentages never)."""
    import numpy as np

    if metric_unit(grid.metric).startswith("%"):
        return False
    finite = grid.values[np.isfinite(grid.values)]
    if finite.size < 2 or (finite <= 0).any():
        return False
    return float(finite.max() / finite.min()) > LOG_RANGE


def heatmap_title(grid: Grid, gpu: str | None = None) -> str:
    gpu = gpu or grid.gpu or "unknown GPU"
    z = f" · block_z {grid.block_z}" if grid.block_z != 1 else ""
    return (
        f"{grid.kernel} — {metric_title(grid.metric)}\n{gpu} · cache config: {grid.cache_config}{z}"
    )


def plot_heatmap(
    grid: Grid, stem: str | Path, formats: Sequence[str] = ("png", "svg"), gpu: str | None = None
) -> list[Path]:
    """Draw ``grid`` and save it as ``stem.png``/``stem.svg``; returns the files written."""
    import matplotlib
    import numpy as np
    from matplotlib.colors import LogNorm, Normalize
    from matplotlib.figure import Figure
    from matplotlib.patches import Patch, Rectangle
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter


    n_rows, n_cols = len(grid.rows), len(grid.cols)
    cell_w, cell_h = 0.66, 0.42
    width = max(6.4, n_cols * cell_w + 2.8)
    height = max(3.0, n_rows * cell_h + 2.4)
    fig = Figure(figsize=(width, height), dpi=110, layout="constrained")
    ax = fig.add_subplot()

    finite = grid.values[np.isfinite(grid.values)]
    if metric_unit(grid.metric).startswith("%"):
        norm = Normalize(vmin=0, vmax=100)
    elif use_log_scale(grid):
        norm = LogNorm(vmin=float(finite.min()), vmax=float(finite.max()))
    elif finite.size:
        lo, hi = float(finite.min()), float(finite.max())
        norm = Normalize(vmin=lo, vmax=hi if hi > lo else lo + 1)
    else:
        norm = Normalize(vmin=0, vmax=1)
    cmap_name = "viridis_r" if (grid.metric in LOWER_IS_BETTER) else "viridis"
    cmap = matplotlib.colormaps[cmap_name].with_extremes(bad="white")
    masked = np.ma.masked_invalid(grid.values)
    image = ax.imshow(masked, cmap=cmap, norm=norm, aspect="auto", interpolation="nearest")

    font = 7.5 if n_cols > 8 else 8.5
    for r in range(n_rows):
        for c in range(n_cols):
            state = grid.states[r][c]
            if state == "ok":
                value = grid.values[r, c]
                rgba = cmap(norm(value))
                luminance = 0.2126 * rgba[0] + 0.7152 * rgba[1] + 0.0722 * rgba[2]
                ax.text(
                    c,
                    r,
                    fmt_short(value),
                    ha="center",
                    va="center",
                    fontsize=font,
                    color="black" if luminance > 0.5 else "white",
                )
            elif state == MISSING:
                continue
            elif state == NO_VALUE:  # ran, metric not collected: quiet, not alarming
                ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=_NA_COLOR,
                                       linewidth=0))
                ax.text(c, r, "n/a", ha="center", va="center", fontsize=font - 1,
                        color="#8c8c8c")
            else:  # failed / invalid / skipped: hatched and named
                ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=_FAIL_COLOR,
                                       edgecolor="#8a8a8a", hatch="///", linewidth=0))
                ax.text(c, r, state, ha="center", va="center", fontsize=font - 0.5,
                        color="#222222",
                        bbox={"boxstyle": "round,pad=0.1", "fc": _FAIL_COLOR, "ec": "none"})
    if grid.best is not None:
        r, c = grid.best
        ax.add_patch(
            Rectangle(
                (c - 0.5, r - 0.5), 1, 1, fill=False, edgecolor="#e8112d", linewidth=2.6, zorder=5
            )
        )

    ax.set_xticks(range(n_cols), [str(v) for v in grid.cols])
    ax.set_yticks(range(n_rows), [str(v) for v in grid.rows])
    ax.set_xlabel("block_x (threads per row = block columns)")
    ax.set_ylabel("block_y (block rows)")
    ax.xaxis.set_ticks_position("top")
    ax.xaxis.set_label_position("top")
    ax.tick_params(length=0, labelsize=8.5)
    ax.set_xticks(np.arange(-0.5, n_cols, 1), minor=True)
    ax.set_yticks(np.arange(-0.5, n_rows, 1), minor=True)
    ax.grid(which="minor", color="white", linewidth=0.8)
    ax.tick_params(which="minor", length=0)
    for spine in ax.spines.values():
        spine.set_visible(False)

    bar = fig.colorbar(image, ax=ax, shrink=0.9, pad=0.02)
    direction = ""
    if grid.metric in LOWER_IS_BETTER or grid.metric in HIGHER_IS_BETTER:
        direction = "  (brighter is better)"
    scale = ", log scale" if isinstance(norm, LogNorm) else ""
    bar.set_label(metric_title(grid.metric) + scale + direction, fontsize=8.5)
    bar.ax.tick_params(labelsize=8)
    bar.ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: _tick(v)))
    if isinstance(norm, LogNorm):  # label 1-2-3-5 steps: a decade per label is too coarse
        bar.ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 3.0, 5.0)))
        bar.ax.yaxis.set_minor_locator(LogLocator(base=10, subs="auto"))
        bar.ax.yaxis.set_minor_formatter(NullFormatter())

    ax.set_title(heatmap_title(grid, gpu), fontsize=10.5, loc="left")
    handles = []
    if grid.best is not None:
        bx, by = grid.best_shape
        handles.append(
            Patch(
                fill=False,
                edgecolor="#e8112d",
                linewidth=2.2,
                label=f"fastest in this map: {bx}x{by} ({fmt_num(grid.best_time)} ms)",
            )
        )
    states = {s for row in grid.states for s in row}
    if states & set(NOT_RUN):
        handles.append(
            Patch(
                facecolor=_FAIL_COLOR,
                edgecolor="#8a8a8a",
                hatch="///",
                label="did not run (" + ", ".join(sorted(states & set(NOT_RUN))) + ")",
            )
        )
    if NO_VALUE in states:
        handles.append(Patch(facecolor=_NA_COLOR, edgecolor="#bbbbbb",
                             label="n/a: ran, metric not collected (not profiled)"))
    if MISSING in states:
        handles.append(
            Patch(facecolor="white", edgecolor="#bbbbbb", label="blank: shape not in the sweep")
        )
    if handles:
        fig.legend(
            handles=handles,
            loc="outside lower center",
            ncols=min(len(handles), 2),
            fontsize=8,
            frameon=False,
        )

    stem = Path(stem)
    stem.parent.mkdir(parents=True, exist_ok=True)
    fig.draw_without_rendering()  # lay out once; every format reuses the positions
    fig.set_layout_engine("none")
    written = []
    # SVG text stays text (searchable, small); a fixed hash salt keeps ids reproducible
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "gpuadvisor"}):
        for fmt in formats:
            path = stem.with_name(stem.name + "." + fmt)
            metadata = {"Date": None} if fmt == "svg" else {"Software": None}
            fig.savefig(path, format=fmt, metadata=metadata)
            written.append(path)
    return written


def _tick(value: float) -> str:
    """Colorbar labels: 10k, not 10.0k."""
    return re.sub(r"\.0([kMGT])$", r"\1", fmt_short(value))


def slug(text: str) -> str:
    """A file-name-safe form of a kernel or metric name."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", text).strip("_") or "kernel"
