import math

import pandas as pd

from gpuadvisor.sweep import COLUMNS, config_key, normalize, read_sweep, write_sweep


def test_normalize_derives_block_size_and_defaults():
    df = normalize([{"kernel": "k", "block_x": 32, "block_y": 8, "time_ms": 1.5}])
    assert list(df.columns[: len(COLUMNS)]) == COLUMNS
    row = df.iloc[0]
    assert row["block_size"] == 256 and row["block_z"] == 1
    assert row["cache_config"] == "default" and row["status"] == "ok"
    assert math.isnan(row["gld_efficiency"])  # missing metrics are NaN, never zero


def test_csv_round_trip_keeps_provenance_and_stalls(tmp_path):
    df = normalize([{"kernel": "k", "block_x": 16, "block_y": 16, "stall_barrier": 12.5}])
    path = write_sweep(df, tmp_path / "s.csv", {"gpu": "NVIDIA H100", "command": "x"})
    back, prov = read_sweep(path)
    assert prov == {"gpu": "NVIDIA H100", "command": "x"}
    assert back.loc[0, "stall_barrier"] == 12.5
    assert pd.read_csv(path, comment="#").shape[0] == 1


def test_jsonl_round_trip(tmp_path):
    df = normalize([{"kernel": "k", "block_x": 256, "time_ms": 0.25}])
    back, prov = read_sweep(write_sweep(df, tmp_path / "s.jsonl", {"gpu": "g"}))
    assert prov == {"gpu": "g"}
    assert config_key(back.iloc[0]) == ("k", 256, 1, 1, "default")
    assert back.loc[0, "time_ms"] == 0.25
