"""A recorded sweep's row at one shape written as a profile of its own: what a user with one
profile hands to `analyze --rule-only`."""

from __future__ import annotations

from pathlib import Path

from gpuadvisor.sweep import read_sweep


def profile_csv(path: Path, tmp_path: Path, shape: tuple[int, int] = (256, 1)) -> Path:
    """The first default-cache-configuration row of ``path`` at ``shape``, as a CSV file."""
    df, _ = read_sweep(path)
    row = df[(df["block_x"] == shape[0]) & (df["block_y"] == shape[1])
             & (df["cache_config"] == "default")].head(1)
    out = tmp_path / f"{path.stem}_profile.csv"
    row.to_csv(out, index=False)
    return out
