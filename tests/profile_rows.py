"""A recorded sweep's row at one shape written as a profile of its own: what a user with one
profile hands to `analyze --rule-only`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gpuadvisor.sweep import read_sweep


def profile_csv(path: Path, tmp_path: Path, shape: tuple[int, int] = (256, 1)) -> Path:
    """The first default-cache-configuration row of ``path`` at ``shape``, as a CSV file."""
    df, _ = read_sweep(path)
    row = df[(df["block_x"] == shape[0]) & (df["block_y"] == shape[1])
             & (df["cache_config"] == "default")].head(1)
    out = tmp_path / f"{path.stem}_profile.csv"
    row.to_csv(out, index=False)
    return out


def table_view_pick(path: Path, tmp_path: Path, top: int = 200, extra: tuple[str, ...] = ()
                    ) -> tuple[dict, float]:
    """The rule-only analysis of the sweep with counters at its profiled shape only (as
    docs/validation.md scores it: every row's launch kept), and the pick's measured time over
    the best; ``extra``: more analyze options (``--ptx FILE``)."""
    import json

    from typer.testing import CliRunner

    from gpuadvisor.cli import app
    from gpuadvisor.validation import one_profile_view

    df, _ = read_sweep(path)
    csv = tmp_path / "view.csv"
    one_profile_view(df).to_csv(csv, index=False)
    done = CliRunner().invoke(app, ["analyze", str(csv), "--rule-only", "--json", "--top",
                                    str(top), *extra])
    assert done.exit_code == 0, done.output
    out = json.loads(done.output)
    pick = out["kernels"][0]["pick"]
    return out, shape_regret(df, (pick["block_x"], pick["block_y"]))


def shape_regret(df: Any, shape: tuple[int, int]) -> float:
    """The recorded sweep's time at ``shape`` (default cache configuration) over its best."""
    ok = df[(df["status"] == "ok") & (df["cache_config"] == "default")]
    at = ok[(ok["block_x"] == shape[0]) & (ok["block_y"] == shape[1])]
    return float(at["time_ms"].min() / ok["time_ms"].min())
