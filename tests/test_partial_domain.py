"""A table whose grids follow the block along one axis and not the other (issue 11 round 39):
the following axis's extent is known, so blocks wider than it idle threads, as a profile of
the profiled row alone already says. Blind set 50's ds_transform_0213 (DeepSpeed's
transform_0213: x a head's 16 float4s, y the heads split over the block's rows in per-token
chunks) was picked 64x4 from its table (1.96x; three quarters of each row idle) and 16x16
from its row alone (1.006x)."""

from __future__ import annotations

from gpuadvisor.analysis import _axis_follows, _domain
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import read_sweep
from tests.profile_rows import table_view_pick

HOPPER = fixtures_dir() / "hopper"
DS = HOPPER / "blind50" / "h200" / "ds_transform_0213.csv"
BF_MATCH = HOPPER / "blind31" / "h200" / "ocv_bf_match.csv"


def test_the_axis_that_follows_the_block_keeps_its_extent(tmp_path) -> None:
    out, regret = table_view_pick(DS, tmp_path)
    assert out["kernels"][0]["pick"]["label"] == "16x16" and round(regret, 3) == 1.006
    ranking = {(e["block_x"], e["block_y"]): e for e in out["ranking"]}
    # 64x4 launches one block of 64 columns over the head's 16: half of the threads launched
    # past the reference's 32 (the profiled launch's width) only check their bounds
    wide = " ".join(ranking[(64, 4)]["reasons"])
    assert "tile-quantization: The problem needs 4194304 threads (16 x 8192)" in wide
    assert ranking[(64, 4)]["score"] < 0.75 * ranking[(16, 16)]["score"]
    top3 = [(e["block_x"], e["block_y"]) for e in out["ranking"][:3]]
    assert top3 == [(16, 16), (16, 8), (8, 16)]  # 1.006x, the best, 1.021x


def test_the_extents_from_the_launches() -> None:
    # x follows (cdiv(16, bx) blocks), y does not (512 tokens x cdiv(16, by) chunks of heads)
    rows = []
    for bx, by in ((8, 2), (16, 4), (32, 8), (64, 32)):
        rows.append({"grid_x": -(-16 // bx), "grid_y": 512 * -(-16 // by), "grid_z": 32,
                     "block_x": bx, "block_y": by, "block_z": 1})
    reference = ((1, 32), (512 * 2, 8), 32)  # the profiled 32x8 launch
    assert _domain(rows, None, reference=reference) == (16, 8192, 32)
    assert _domain(rows, None) is None  # without the profiled launch: no extent, as before
    # one block along an axis whatever its extent says nothing of that axis (OpenCV's
    # brute-force matcher: a single row of blocks, the queries on the grid's x by the block's
    # height), and x's block count follows y's extent, not x's: neither axis follows, and one
    # block along y is a fixed count, so both take the profiled launch's extent (round 43)
    single_row = [{"grid_x": 131072 // by, "grid_y": 1, "grid_z": 1, "block_x": bx,
                   "block_y": by, "block_z": 1} for bx, by in ((32, 8), (8, 32), (16, 16))]
    launches = [((r["grid_x"], r["block_x"]), (1, r["block_y"]), 1) for r in single_row]
    assert not _axis_follows(launches, 1) and not _axis_follows(launches, 0)
    assert _domain(single_row, None, reference=launches[0]) == (16384 * 32, 8, 1)
    assert _domain(single_row, None) is None  # no profiled launch: no extent


def test_a_table_of_one_block_row_keeps_its_pick(tmp_path) -> None:
    out, regret = table_view_pick(BF_MATCH, tmp_path)
    assert out["kernels"][0]["pick"]["label"] == "32x8" and round(regret, 3) == 1.639


def test_a_fixed_block_count_with_a_grid_that_does_not_follow_takes_the_profiled_extent(
        tmp_path) -> None:
    """Blind set 56's lgbm_hist_dense launches three blocks along x at every block width (one
    a feature partition, its columns looped over by the block's x) and max(160, cdiv(2500,
    rows)) block rows: neither axis follows its block. Without an extent 256x1 scored as the
    profiled 32x8 and won the tie on its width, 6.61x the best; issue 11 round 42 gives both
    axes the profiled launch's extent, as its profile alone reads it (32x8, 1.30x); round 44's
    shared-histogram-flush (its 24 KiB shared histogram flushed a block) then prefers larger
    blocks: 32x16, 1.23x."""
    path = HOPPER / "blind56" / "h200" / "lgbm_hist_dense.csv"
    df, _ = read_sweep(path)
    rows = df.to_dict(orient="records")
    profiled = next(r for r in rows if (r["block_x"], r["block_y"]) == (32, 8))
    reference = ((3, 32), (profiled["grid_y"], 8), 1)
    assert _domain(rows, None, reference=reference) == (96, 313 * 8, 1)
    out, regret = table_view_pick(path, tmp_path)
    assert out["kernels"][0]["pick"]["label"] == "32x16" and round(regret, 3) == 1.23
    ranking = {(e["block_x"], e["block_y"]): e for e in out["ranking"]}
    assert ranking[(256, 1)]["score"] < ranking[(32, 8)]["score"]


def test_one_block_row_with_a_grid_that_does_not_follow_takes_the_profiled_extent(
        tmp_path) -> None:
    """Blind set 58's FBGEMM kernels launch one row of blocks and cdiv(segments, rows) blocks
    along x (a row of threads per ragged segment, its x looping over the segment's dozen
    entries): neither axis follows its block, and y keeps one block at every height. Without
    an extent the table's view picked 64x4 (3.78x and 1.275x the best); issue 11 round 43
    counts one block as a fixed count, so both axes take the profiled 32x8 launch's extent,
    as the profile alone reads it, and the wide rows stop winning on their width."""
    for name, regret in (("fbgemm_permute_2d", 2.484), ("fbgemm_reorder_ad_lengths", 1.068)):
        path = HOPPER / "blind58" / "h200" / f"{name}.csv"
        df, _ = read_sweep(path)
        rows = df.to_dict(orient="records")
        profiled = next(r for r in rows if (r["block_x"], r["block_y"]) == (32, 8))
        reference = ((profiled["grid_x"], 32), (1, 8), 1)
        assert _domain(rows, None, reference=reference) == (profiled["grid_x"] * 32, 8, 1)
        out, measured = table_view_pick(path, tmp_path)
        assert out["kernels"][0]["pick"]["label"] == "32x8"
        assert round(measured, 3) == regret
        ranking = {(e["block_x"], e["block_y"]): e for e in out["ranking"]}
        assert ranking[(64, 4)]["score"] < ranking[(32, 8)]["score"]


def test_a_grid_that_follows_the_block_crosswise_gives_the_extents_crosswise(tmp_path) -> None:
    """Blind set 61's GE-SpMM kernel puts the 2,000,000 nonzeros on the grid's x by the block's
    rows and the 16 dense columns on the grid's y by the block's width (the long axis where the
    grid's limit is 2^31 - 1). Neither grid axis follows its own block axis, so until issue 11
    round 45 the table gave no extent, and its view picked 256x1, 240 of its lanes past the last
    column, 5.65x the best (16x8). Read crosswise the problem is 16 columns by 2,000,000
    nonzeros, and 16-wide blocks lead."""
    path = HOPPER / "blind61" / "h200" / "gespmm_seqreduce_nnz.csv"
    df, _ = read_sweep(path)
    rows = df.to_dict(orient="records")
    profiled = next(r for r in rows if (r["block_x"], r["block_y"]) == (32, 8))
    reference = ((profiled["grid_x"], 32), (profiled["grid_y"], 8), 1)
    assert _domain(rows, None, reference=reference) == (16, 2_000_000, 1)
    out, measured = table_view_pick(path, tmp_path)
    assert out["kernels"][0]["pick"]["label"] == "16x16" and round(measured, 3) == 1.004
    ranking = {(e["block_x"], e["block_y"]): e for e in out["ranking"]}
    assert ranking[(256, 1)]["score"] < 0.5 * ranking[(16, 16)]["score"]


def test_crossed_extents_need_both_axes_to_follow_crosswise() -> None:
    # (grid x, block x), (grid y, block y*z), grid z
    crossed = [((-(-1000 // by), bx), (-(-16 // bx), by), 1) for bx, by in
               ((32, 8), (16, 16), (8, 32), (64, 4), (4, 8))]
    assert _domain([], None, per_row=crossed, reference=crossed[0]) == (16, 1000, 1)
    # the grid's y fixed at one block whatever the width: a row of blocks, not a crossed grid
    fixed_y = [((-(-1000 // by), bx), (1, by), 1) for bx, by in ((32, 8), (16, 16), (8, 32))]
    assert _domain([], None, per_row=fixed_y, reference=fixed_y[0]) != (16, 1000, 1)
