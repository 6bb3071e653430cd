"""The sweeps recorded on the GPU machine for apps (issue 9), guided search (issue 10) and the
cluster (issue 12) read through the strict intake and say what their READMEs claim."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.sweep import read_sweep

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def best(table):
    ok = table[table["status"] == "ok"]
    column = "total_ms" if "total_ms" in ok and ok["total_ms"].notna().any() else "time_ms"
    ok = ok[ok["part_of"].isna()] if "part_of" in ok else ok
    row = ok.loc[ok[column].idxmin()]
    return f"{row['block_x']}x{row['block_y']}", float(row[column])


@pytest.mark.parametrize(
    ("app", "default", "winner", "ratio"),
    [("pathfinder", "256x1", "128x1", 1.058), ("nw", "16x1", "32x1", 1.027),
     ("lud", "16x16", "32x32", 1.362)],
)
def test_apps_tuned_unchanged_beat_their_default(app, default, winner, ratio):
    table, provenance = read_sweep(FIXTURES / "apps" / app / "sweep.csv")
    assert provenance["src_repository"] == "github.com/yuhc/gpu-rodinia"
    assert len(provenance["src_commit"]) == 40 and provenance["gpu"].startswith("NVIDIA H100")
    shape, fastest = best(table)
    assert shape == winner
    rows = table[table["status"] == "ok"]
    if "part_of" in rows:
        rows = rows[rows["part_of"].isna()]
    by_shape = {f"{r.block_x}x{r.block_y}": r.total_ms for r in rows.itertuples()}
    assert by_shape[default] / fastest == pytest.approx(ratio, abs=0.001)


def test_srad_rows_fail_with_ncus_reason_recorded():
    table, _ = read_sweep(FIXTURES / "apps" / "srad_v2" / "sweep.csv")
    assert set(table["status"]) == {"failed"} and len(table) == 4
    assert "LaunchFailed" in (FIXTURES / "apps" / "srad_v2" / "ncu_launch_failed.txt").read_text()


@pytest.mark.parametrize(
    ("kernel", "regret"), [("matmul_naive", 1.005), ("matrix_add", 1.028), ("scattered", 1.020)]
)
def test_guided_picks_on_the_h100_are_within_3_percent(kernel, regret):
    guided, _ = read_sweep(FIXTURES / "hopper" / "guided" / f"{kernel}-guided.csv")
    full, _ = read_sweep(FIXTURES / "hopper" / "guided" / f"{kernel}-exhaustive.csv")
    assert len(guided) <= 16 and len(full) == 146
    pick, _ = best(guided)
    _, fastest = best(full)
    same = full[full["block_x"].astype(str) + "x" + full["block_y"].astype(str) == pick]
    assert float(same["time_ms"].iloc[0]) / fastest == pytest.approx(regret, abs=0.001)


def test_two_gpu_sweep_spreads_evenly_and_agrees_with_one_gpu():
    two, _ = read_sweep(FIXTURES / "cluster" / "matmul_naive-2xH200.csv")
    one, _ = read_sweep(FIXTURES / "cluster" / "matmul_naive-1xH200.csv")
    assert two["device"].value_counts().tolist() == [73, 73]
    assert best(two)[0] == best(one)[0] == "32x3"
    merged = one.merge(two, on=["block_x", "block_y", "block_z", "cache_config"])
    ratio = (merged["time_ms_y"] / merged["time_ms_x"]).median()
    assert ratio == pytest.approx(1.0, abs=0.01)


def test_timing_only_sweep_of_924_configurations_on_two_gpus():
    """fixtures/cluster/timing-only: the speedup figures of docs/cluster.md come from these."""
    import json

    folder = FIXTURES / "cluster" / "timing-only"
    one, _ = read_sweep(folder / "matmul_tiled_3d-1xH200.csv")
    two, _ = read_sweep(folder / "matmul_tiled_3d-2xH200.csv")
    assert len(one) == len(two) == 924
    assert sorted(two["device"].value_counts().tolist()) == [441, 483]
    merged = one.merge(two, on=["block_x", "block_y", "block_z", "cache_config"])
    assert (merged["time_ms_y"] / merged["time_ms_x"]).median() == pytest.approx(1.0, abs=0.002)
    fastest_one = one.loc[one["time_ms"].idxmin()]
    fastest_two = two.loc[two["time_ms"].idxmin()]
    assert (fastest_one["block_x"], fastest_one["block_y"], fastest_one["block_z"]) == (32, 1, 24)
    assert fastest_two["time_ms"] / fastest_one["time_ms"] == pytest.approx(1.0, abs=0.003)
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["speedup_wall"] == 1.86
    walls = summary["one-gpu"]["wall_s"], summary["two-gpus"]["wall_s"]
    assert walls[0] / walls[1] == pytest.approx(1.86, abs=0.005)
    assert summary["speedup_wall_ray_local"] == 1.76


def test_two_ncu_processes_on_two_gpus_slow_each_other_down():
    import json

    path = FIXTURES / "cluster" / "ncu-concurrency" / "ncu_concurrency.json"
    data = json.loads(path.read_text())
    tune_setting = data["results"][0]
    assert tune_setting["clock_control"] == "base" and tune_setting["cache_control"] == "all"
    assert tune_setting["slowdown"] == pytest.approx(46.5 / 34.06, abs=0.002)
    assert all(r["profiled"] == 40 for r in data["results"])
