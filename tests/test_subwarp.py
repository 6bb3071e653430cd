"""Blocks under one warp on the H200 (``tools/record_subwarp.sh``, fixtures/hopper/subwarp/),
and the access model's ideal for a partial warp: a block of 3 threads or of a warp and a half
is held to its lanes' share of a full warp's ideal sectors and lines, so one profile of a
scattered kernel no longer prefers partial warps (blind set 48's petsc_sf_pack went to 3x1 from
its profile alone, 48x1 in its table)."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from typer.testing import CliRunner

from gpuadvisor.access_model import ideal_lines, ideal_sectors
from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import read_sweep
from gpuadvisor.validation import _profiled_rows, one_profile_view

runner = CliRunner()
SUBWARP = fixtures_dir() / "hopper" / "subwarp" / "h200"
PETSC = fixtures_dir() / "hopper" / "blind48" / "h200" / "petsc_sf_pack.csv"


def _relative(kernel: str) -> dict[int, float]:
    """Threads per block -> time over the sweep's best (1-D sweeps)."""
    df = pd.read_csv(SUBWARP / f"{kernel}.csv", comment="#")
    df = df[df["status"] == "ok"]
    best = df["time_ms"].min()
    return {int(r.block_x): round(float(r.time_ms / best), 2) for r in df.itertuples()}


def test_the_recorded_h200_sweeps_time_every_block_from_4_threads() -> None:
    provenance = (SUBWARP / "provenance.txt").read_text(encoding="utf-8")
    assert "NVIDIA H200, 580.159.04" in provenance
    assert "sources 81f3f5c15214b06b" in provenance  # tools/source_digest.sh of the run's tree
    for kernel in ("random_copy", "scattered", "petsc_sf_pack", "gather_rand", "searchsorted",
                   "bfs_expand", "spmv_csr", "lammps_cell_id"):
        assert set(_relative(kernel)) == {4, 8, 16, 24, 32, 48, 64, 96, 128, 256}, kernel


def test_four_thread_blocks_never_come_near_the_best_but_scattered_rows_like_a_few_lanes(
) -> None:
    # a 4-thread block is 1.34x (spmv_csr) to 23x (lammps_cell_id) slower than the best
    assert min(_relative(k)[4] for k in ("random_copy", "scattered", "petsc_sf_pack",
                                         "gather_rand", "searchsorted", "bfs_expand",
                                         "spmv_csr", "lammps_cell_id")) == 1.34
    assert _relative("lammps_cell_id")[4] == 23.31
    # a coalesced stream wants full warps: 24 threads 4x slower
    assert _relative("lammps_cell_id")[24] == 4.0
    # ... while a thread per CSR row or a random row gather runs best under one warp
    assert _relative("spmv_csr")[8] == 1.0 and _relative("spmv_csr")[32] == 1.09
    assert _relative("scattered")[16] == 1.0 and _relative("scattered")[32] == 1.04
    # and PETSc's scattered pack at one warp, its 48 threads 1.26x
    assert _relative("petsc_sf_pack")[32] == 1.0 and _relative("petsc_sf_pack")[48] == 1.26


def test_a_partial_warp_is_held_to_its_lanes_share_of_the_ideal() -> None:
    # whole warps: a full warp's fewest sectors and lines, as before
    assert ideal_sectors(256, 4) == 4.0 and ideal_sectors(32, 8) == 8.0
    assert ideal_lines(256, 4) == 1.0 and ideal_lines(64, 1) == 1.0
    # 3 threads of 8 B: 3/32 of a warp's 8 sectors and 2 lines (no whole sector or line)
    assert ideal_sectors(3, 8) == pytest.approx(0.75)
    assert ideal_lines(3, 8) == pytest.approx(0.1875)
    # 48 threads: a warp and a half, so 24 lanes a warp on average
    assert ideal_lines(48, 8) == pytest.approx(1.5)


def test_one_profile_of_petsc_sf_pack_picks_one_warp(tmp_path: Path) -> None:
    df, _ = read_sweep(PETSC)
    profile = tmp_path / "profile.csv"
    _profiled_rows(one_profile_view(df)).to_csv(profile, index=False)
    result = runner.invoke(app, ["analyze", str(profile), "--rule-only", "--json",
                                 "--top", "500"])
    assert result.exit_code == 0, result.output
    ranking = json.loads(result.output)["kernels"][0]["ranking"]
    first = ranking[0]
    assert (first["block_x"], first["block_y"]) == (32, 1)
    # the fastest of the H200's recorded sweeps (before: 3x1, 2.2x slower at 4 threads already)
    assert _relative("petsc_sf_pack")[32] == 1.0
