"""fixtures/hopper/same-program: on an H200, `tune` left out matrix_add's l1_off (every load
through ld.global.nc: the default's program), timed ocv_filter2d's (plain loads), and timed
matrix_add's when told to (--measure-same-programs, as tools/record_cache_check.sh does)."""

from __future__ import annotations

import pandas as pd

from gpuadvisor.paths import fixtures_dir
from gpuadvisor.ptx.cache_ops import bypass_changed_loads

HERE = fixtures_dir() / "hopper" / "same-program"
PTX = fixtures_dir() / "ptx"


def _sweep(path) -> pd.DataFrame:
    return pd.read_csv(path, comment="#")


def test_read_only_loads_left_out_with_the_reason() -> None:
    assert bypass_changed_loads((PTX / "matrix_add.ptx").read_text()) == []
    sweep = _sweep(HERE / "matrix_add" / "sweep.csv")
    assert list(sweep.cache_config) == ["default", "default"]
    assert set(sweep.status) == {"ok"} and "gpu: NVIDIA H200" in (
        HERE / "matrix_add" / "sweep.csv").read_text()
    excluded = pd.read_csv(HERE / "matrix_add" / "excluded.csv")
    assert sorted(zip(excluded.block_x, excluded.block_y, strict=True)) == [(16, 16), (32, 8)]
    assert set(excluded.cache_config) == {"l1_off"}
    assert excluded.reason.str.startswith("the same program as default").all()


def test_plain_loads_are_timed_at_both() -> None:
    assert len(bypass_changed_loads((PTX / "ocv_filter2d.ptx").read_text())) == 14
    sweep = _sweep(HERE / "ocv_filter2d" / "sweep.csv")
    assert sorted(sweep.cache_config) == ["default", "default", "l1_off", "l1_off"]
    assert set(sweep.status) == {"ok"}
    assert not (HERE / "ocv_filter2d" / "excluded.csv").exists()


def test_measure_same_programs_times_them() -> None:
    sweep = _sweep(HERE / "measured" / "matrix_add" / "sweep.csv")
    assert sweep.groupby("cache_config").size().to_dict() == {
        "default": 13, "l1_off": 13, "prefer_l1": 13}
    assert set(sweep.status) == {"ok"}
    assert "--measure-same-programs" in (
        HERE / "measured" / "matrix_add" / "sweep.csv").read_text().splitlines()[0]
    ratio = (sweep[sweep.cache_config == "l1_off"].set_index(["block_x", "block_y"]).time_ms
             / sweep[sweep.cache_config == "default"].set_index(["block_x", "block_y"]).time_ms)
    assert ratio.between(0.97, 1.03).all(), ratio.round(3).to_dict()

