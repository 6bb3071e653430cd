"""A block-tiled product read from the kernel's code (issue 11 round 48): shared-memory loads
of a row panel and a column panel in a loop make the block's shape its tile, and
tile-intensity ranks the tile as it ranks the built-in tiled kernels' declared ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.paths import fixtures_dir
from gpuadvisor.ptx.access import analyze_module
from gpuadvisor.ptx.parse import parse_module
from tests.profile_rows import table_view_pick

PTX = fixtures_dir() / "ptx"
KNN = fixtures_dir() / "hopper" / "blind45" / "h200" / "knn_compute_distances.csv"


def _tile(name: str) -> tuple[int, int] | None:
    module = parse_module((PTX / f"{name}.ptx").read_text(encoding="utf-8"))
    return analyze_module(module)[name].shared_tile


@pytest.mark.parametrize(("name", "loads"), [("matmul_tiled", (7, 7)),
                                             ("knn_compute_distances", (7, 7)),
                                             ("kilosort_cross_filter", (11, 14)),
                                             ("ocv_bf_match", (7, 7))])
def test_tiled_products_are_read_from_their_shared_loads(name: str, loads: tuple[int, int]
                                                         ) -> None:
    assert _tile(name) == loads


@pytest.mark.parametrize("name", ["blur3x3_tiled", "shoc_stencil2d", "namd_transpose_xyz_yzx",
                                  "block_scan", "cus_sobel_shared", "lgbm_hist_dense",
                                  "matmul_naive", "transpose_naive"])
def test_stencils_transposes_scans_and_histograms_are_not_tiles(name: str) -> None:
    """Their shared loads move with both thread axes, or none in a loop with one alone."""
    assert _tile(name) is None


def test_the_code_tile_moves_a_distance_tile_to_a_square_block(tmp_path: Path) -> None:
    """k-NN distances (blind set 45) look coalesced to the counters, so the table's view keeps
    a 32-wide flat block, 1.945x the best; its code shows the tile, and the pick is 32x32."""
    out, regret = table_view_pick(KNN, tmp_path)
    assert out["kernels"][0]["pick"]["label"] == "32x6" and round(regret, 3) == 1.945
    out, regret = table_view_pick(KNN, tmp_path, extra=(
        "--ptx", str(PTX / "knn_compute_distances.ptx")))
    kernel = out["kernels"][0]
    assert kernel["pick"]["label"] == "32x32" and round(regret, 3) == 1.006
    assert any(n.startswith("code: a block-tiled product: inside a loop, 7 shared-memory")
               for n in kernel["notes"])
    top = " ".join(out["ranking"][0]["reasons"])
    assert "tile-intensity: Each block computes a 32 x 32 tile" in top
