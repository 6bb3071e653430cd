"""The seeds' measured tables as sweep-table fixtures (fixtures/seeds/).

Every expected number below is typed from the seed text (table and cell named in a comment),
not read back from the fixtures, so a transcription or orientation error fails here. Shapes are
written rows x columns as the seeds write them: block_y = rows, block_x = columns.
"""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.sweep import read_sweep

ROOT = Path(__file__).resolve().parents[1]
SEEDS_FIX = ROOT / "fixtures" / "seeds"
SEED_TEXT = ROOT.parent / "shared" / "seeds"

# file -> (rows, {status: count})
EXPECTED = {
    "000_table2_random_copy.csv": (66, {"ok": 55, "invalid": 11}),
    "000_table3_matrix_add.csv": (66, {"ok": 66}),
    "000_table4_matmul_naive.csv": (66, {"ok": 66}),
    "001_table2a_reduction.csv": (11, {"ok": 11}),
    "001_table2b_table3_matmul_naive.csv": (52, {"ok": 52}),
    "001_table2c_random_access.csv": (52, {"ok": 46, "invalid": 6}),
    "partial/001_table1a_matrix_add.csv": (100, {"ok": 63, "skipped": 37}),
    "partial/001_table1b_matrix_add_overloaded.csv": (100, {"ok": 63, "skipped": 37}),
    "partial/001_table1c_matrix_add_overlapped.csv": (100, {"ok": 50, "skipped": 50}),
}


def load(name: str) -> pd.DataFrame:
    table, _ = read_sweep(SEEDS_FIX / name)
    return table


def cell(table: pd.DataFrame, rows: int, cols: int) -> pd.Series:
    """The one row for a block of ``rows`` x ``cols`` threads."""
    hit = table[(table["block_y"] == rows) & (table["block_x"] == cols)]
    assert len(hit) == 1, f"{rows}x{cols}: {len(hit)} rows"
    return hit.iloc[0]


def ok(table: pd.DataFrame) -> pd.DataFrame:
    return table[table["status"] == "ok"]


def best(table: pd.DataFrame) -> pd.DataFrame:
    """All measured shapes that share the minimum time (ties kept)."""
    timed = ok(table)
    return timed[timed["time_ms"] == timed["time_ms"].min()]


def shapes(rows: pd.DataFrame) -> set[tuple[int, int]]:
    return {(int(r), int(c)) for r, c in zip(rows["block_y"], rows["block_x"], strict=True)}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_fixture_reads_as_a_sweep_table_of_the_expected_size(name):
    table, provenance = read_sweep(SEEDS_FIX / name)
    n_rows, statuses = EXPECTED[name]
    assert len(table) == n_rows
    assert table["status"].value_counts().to_dict() == statuses
    assert set(table["gpu"]) == {"GeForce GTX 480"}
    assert set(table["arch"]) == {"sm_20"}
    assert set(table["sm_count"]) == {15}
    assert set(table["profiler"]) == {"table"}
    assert set(table["cache_config"]) == {"default"}
    assert (table["block_z"] == 1).all()
    assert (table["block_size"] <= 1024).all()
    assert not table.duplicated(["kernel", "block_x", "block_y", "cache_config"]).any()
    # a row without a time says why; a timed row is ok
    assert table.loc[table["time_ms"].isna(), "error"].notna().all()
    assert (table.loc[table["time_ms"].notna(), "status"] == "ok").all()
    for key in ("source", "caption", "gpu", "arch", "units", "layout", "reconstruction",
                "missing", "cache_config", "problem_size"):
        assert provenance.get(key), f"{name}: provenance lacks {key}"
    assert provenance["source"] == table["source"].iloc[0]
    # files under partial/ say so; the others are complete sets of measured shapes
    assert provenance.get("complete", "").startswith("NO") == name.startswith("partial/")


def test_000_table2_random_copy_cells():
    t = load("000_table2_random_copy.csv")
    assert cell(t, 1, 1)["time_ms"] == 11058.98  # Table II, text line "1", first cell
    assert cell(t, 1, 2)["time_ms"] == 6947.53  # line "1", header 2
    assert cell(t, 2, 1)["time_ms"] == 7071.43  # line "2", header 1: the table is not symmetric
    assert cell(t, 128, 1)["time_ms"] == 346.73  # line "128", header 1
    assert cell(t, 1, 512)["time_ms"] == 411.52  # line "1", header 512
    star = cell(t, 32, 32)  # line "32", header 32: printed '*'
    assert star["status"] == "invalid" and math.isnan(star["time_ms"])
    assert set(t.loc[t["status"] == "invalid", "block_size"]) == {1024}
    assert cell(t, 4, 8)["grid_x"] == 6144 // 8 and cell(t, 4, 8)["grid_y"] == 6144 // 4


def test_000_table2_same_block_size_performs_alike():
    # 000 §VI.B: "the execution times for shapes in the same diagonals is practically the same"
    t = ok(load("000_table2_random_copy.csv"))
    for size, group in t[t["block_size"] >= 32].groupby("block_size"):
        assert group["time_ms"].max() / group["time_ms"].min() < 1.015, size
    # the best diagonal is 128 threads (346.73-349.82 ms); shape within it does not matter
    assert set(best(t)["block_size"]) == {128}


def test_000_table3_matrix_add_cells():
    t = load("000_table3_matrix_add.csv")
    assert cell(t, 1, 1)["time_ms"] == 261.1  # Table III(a), line "1", first cell
    assert cell(t, 1, 1024)["time_ms"] == 33.07  # III(a) line "1", last cell
    assert cell(t, 1024, 1)["time_ms"] == 98.23  # III(a) line "1024", first cell
    assert cell(t, 2, 128)["time_ms"] == 31.8  # III(a) line "2", header 128
    assert cell(t, 512, 1)["cache_lines_theoretical"] == 1536  # III(b) line "512", header 1
    assert cell(t, 1, 256)["cache_lines_theoretical"] == 144  # III(b) line "1", header 256
    assert cell(t, 1, 1)["cache_lines_theoretical"] == 124  # printed 124 (formula gives 24)


def test_000_table3_fewer_than_32_columns_is_slower():
    # 000 §VI.C: "Execution times clearly increase ... when the threadblock shape have less
    # than 32 columns": at every block size, every shape with >= 32 columns beats every
    # narrower one
    t = ok(load("000_table3_matrix_add.csv"))
    for size, group in t[t["block_size"] >= 32].groupby("block_size"):
        wide = group[group["block_x"] >= 32]["time_ms"]
        narrow = group[group["block_x"] < 32]["time_ms"]
        assert wide.max() < narrow.min(), size


def test_000_table4_matmul_cells():
    t = load("000_table4_matmul_naive.csv")
    assert cell(t, 1, 1)["time_ms"] == 867208  # Table IV(a) line "1": '867 208'
    assert cell(t, 1024, 1)["time_ms"] == 194297  # IV(a) line "1024": '194 297'
    assert cell(t, 1, 1024)["time_ms"] == 7935  # IV(a) line "1", last cell '7 935'
    assert cell(t, 32, 32)["l1_global_load_misses"] == 30e6  # IV(b) line "32", header 32
    assert cell(t, 1, 1024)["l1_global_load_misses"] == 488e6  # IV(b) line "1", last cell
    assert cell(t, 16, 2)["l1_global_load_misses"] == 3538e6  # IV(b) '3 538'
    assert cell(t, 1024, 1)["l1_global_load_misses"] == 4294e6  # IV(b) '4 294'
    assert math.isnan(cell(t, 1, 16)["l1_global_load_misses"])  # IV(b) printed '-'
    assert t["l1_global_load_misses"].isna().sum() == 15  # the 15 shapes under 32 threads


def test_000_table4_best_shapes_are_2x128_and_2x256():
    # 000 §VI.D: "the best performance results are obtained for threadblocks of 2 x 128 and
    # 2 x 256 threads, where we find the minimum number of cache misses"
    t = ok(load("000_table4_matmul_naive.csv"))
    ranked = t.sort_values("time_ms")
    assert shapes(ranked.head(2)) == {(2, 128), (2, 256)}
    assert list(ranked["time_ms"].head(2)) == [5856, 5874]
    for size, shape in ((256, (2, 128)), (512, (2, 256))):
        group = t[t["block_size"] == size]
        fewest = group[group["l1_global_load_misses"] == group["l1_global_load_misses"].min()]
        assert shapes(fewest) == {shape}  # fewest misses among shapes of that block size


def test_001_table2a_reduction_best_is_192_threads():
    t = load("001_table2a_reduction.csv")
    assert cell(t, 1, 32)["time_ms"] == 1.1087  # Table II(A) '1,1087'
    assert cell(t, 1, 1024)["time_ms"] == 0.7885  # II(A) '0,7885'
    # 001 §VI.A.1: "the best performance is found in 192 threads per block"
    assert shapes(best(t)) == {(1, 192)} and best(t)["time_ms"].iloc[0] == 0.6268


def test_001_matmul_cells_and_best_shape_2x384():
    t = load("001_table2b_table3_matmul_naive.csv")
    assert cell(t, 32, 32)["time_ms"] == 6441  # Table II(B) row 32
    assert cell(t, 1, 1024)["time_ms"] == 7223  # II(B) row 1, last cell
    assert cell(t, 3, 256)["time_ms"] == 4520  # II(B) row 3, column 256
    assert cell(t, 32, 32)["l1_global_load_misses"] == 30e6  # Table III row 32
    assert cell(t, 1, 1024)["l1_global_load_misses"] == 488e6  # Table III row 1, last cell
    assert cell(t, 1, 768)["l1_global_load_misses"] == 106e6  # printed 106 (flagged odd)
    # 001 §VI.A.4: "The best performance is found for the shape 2x384" and "the biggest block
    # size that maximizes Occupancy (768)"
    assert shapes(best(t)) == {(2, 384)} and best(t)["time_ms"].iloc[0] == 4288
    # "Blocks with one row ... produce many more cache misses": 1 row vs 2 rows, same size
    # (768 threads left out: Table III prints 106 for 1x768)
    for size in (64, 96, 128, 192, 256, 384, 512, 1024):
        one, two = cell(t, 1, size), cell(t, 2, size // 2)
        assert one["l1_global_load_misses"] > two["l1_global_load_misses"], size
        assert one["time_ms"] > two["time_ms"], size


def test_000_and_001_matmul_misses_agree_only_in_the_documented_orientation():
    # 000's split header "Columns \ Rows" is read as text lines = block rows. 001 Table III
    # labels its axes; the same authors' misses for the same kernel, GPU and size must agree.
    m000 = load("000_table4_matmul_naive.csv")
    m001 = load("001_table2b_table3_matmul_naive.csv")
    keys = ["block_y", "block_x"]
    same = m000.merge(m001, on=keys, suffixes=("_000", "_001"))
    ratio = same["l1_global_load_misses_001"] / same["l1_global_load_misses_000"]
    assert len(same) == 21 and ratio.between(0.94, 1.03).all()
    swapped = m000.rename(columns={"block_x": "block_y", "block_y": "block_x"})
    other = swapped.merge(m001, on=keys, suffixes=("_000", "_001"))
    ratio = other["l1_global_load_misses_001"] / other["l1_global_load_misses_000"]
    assert (ratio < 0.5).sum() > len(other) // 2


def test_001_random_access_best_block_size_is_192():
    t = load("001_table2c_random_access.csv")
    assert cell(t, 24, 32)["time_ms"] == 347.27  # Table II(C) row 24 '347,27'
    assert cell(t, 1, 32)["time_ms"] == 634.43  # II(C) row 1 '634.43'
    assert cell(t, 4, 48)["time_ms"] == 347.18  # printed '347,18' (flagged odd)
    # "The cells with a star indicate block sizes that cannot be execute" (001 §VI.B.2)
    assert set(t.loc[t["status"] == "invalid", "block_size"]) == {1024}
    # "improving performance when reducing the block size, up to 192"
    assert shapes(best(t)) == {(3, 64), (1, 192)}
    assert best(t)["time_ms"].iloc[0] == 324.82


def test_001_table1_partial_cells_and_missing_rows():
    a = load("partial/001_table1a_matrix_add.csv")
    assert cell(a, 1, 8)["time_ms"] == 29.97  # Table I(A) row 1, first cell
    assert cell(a, 16, 64)["time_ms"] == 4.14  # I(A) row 16, last cell
    assert cell(a, 3, 8)["time_ms"] == 11.94  # I(A) row 3 '11.94'
    assert set(a.loc[a["status"] == "skipped", "block_y"]) == {128, 12, 8, 6, 4}
    # 001 §VI.A.1: "the optimum in blocks of 192 threads" (ties with 1x256 in what is left)
    assert 192 in set(best(a)["block_size"]) and best(a)["time_ms"].iloc[0] == 2.89

    b = load("partial/001_table1b_matrix_add_overloaded.csv")
    assert cell(b, 1, 8)["time_ms"] == 9286 and cell(b, 1, 1024)["time_ms"] == 1350
    assert set(b.loc[b["status"] == "skipped", "block_y"]) == {24, 16, 12, 8, 6}
    # §VI.A.2: "any shape that maximizes occupancy produces a similar performance"
    full = ok(b)[ok(b)["block_size"].isin([192, 256, 384, 512, 768])]
    assert full["time_ms"].max() / full["time_ms"].min() < 1.01

    c = load("partial/001_table1c_matrix_add_overlapped.csv")
    assert cell(c, 6, 8)["time_ms"] == 1103 and cell(c, 128, 8)["time_ms"] == 901
    assert set(c.loc[c["status"] == "skipped", "block_y"]) == {4, 3, 2, 1}
    # §VI.A.3: "the best performance is obtained for blocks with less than 192 threads"
    assert set(best(c)["block_size"]) == {96}


def test_1024_thread_blocks_are_never_best():
    # 001 §VII: OpenCL's automatic choice of 1024 threads "is always far from the optimum"
    for name in EXPECTED:
        t = load(name)
        assert 1024 not in set(best(t)["block_size"]), name


def test_build_script_reproduces_the_committed_fixtures(tmp_path):
    subprocess.run([sys.executable, str(SEEDS_FIX / "build.py"), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    for name in EXPECTED:
        assert (tmp_path / name).read_bytes() == (SEEDS_FIX / name).read_bytes(), name


@pytest.mark.skipif(not SEED_TEXT.is_dir(), reason="seed documents not available here")
def test_excerpts_are_verbatim_seed_lines():
    blocks = 0
    lines = (SEEDS_FIX / "excerpts.txt").read_text(encoding="utf-8").split("\n")
    for i, line in enumerate(lines):
        if not line.startswith("@@ "):
            continue
        _, seed, first, last = line[3:].split(" | ")[0].split()
        start, stop = int(first), int(last)
        seed_lines = (SEED_TEXT / seed).read_text(encoding="utf-8").splitlines()
        assert lines[i + 1 : i + 2 + stop - start] == seed_lines[start - 1 : stop], line
        blocks += 1
    assert blocks == 10
