"""`tune --max-configs` on the stand-in GPU (tests/fake_gpu): one configuration at a time."""

from __future__ import annotations

import json

import pandas as pd

from tests.test_builtin_fake_gpu import fake_gpu, run  # noqa: F401 - the fixture


def test_tune_guided_measures_and_profiles_only_the_budget(fake_gpu, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "guided"
    args = ["tune", "matrix_add", "--param", "ROWS=40", "--param", "COLS=100",
            "--shapes", "32x8,16x16,64x4,128x2,256x1,8x32,32x4,64x2",
            "--max-configs", "4", "--strategy", "guided", "--out", str(out)]
    code, stdout, stderr = run(capsys, *args)
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert len(table) == 4 and set(table.profiler) == {"ncu"}
    assert "[search 1] 256x1 default" in stderr and "search stopped:" in stderr
    journal = [json.loads(x) for x in (out / "journal.jsonl").read_text().splitlines()]
    assert [r["type"] for r in journal].count("search") == 4
    code, _, stderr = run(capsys, *args, "--resume")
    assert code == 0, stderr
    assert len(pd.read_csv(out / "sweep.csv", comment="#")) == 4
    journal2 = [json.loads(x) for x in (out / "journal.jsonl").read_text().splitlines()]
    assert [r["type"] for r in journal2].count("row") == 4  # resume ran nothing again


def test_tune_rejects_an_unknown_strategy(fake_gpu, tmp_path, capsys):  # noqa: F811
    code, _, stderr = run(capsys, "tune", "matrix_add", "--shapes", "32x8", "--strategy",
                          "annealing", "--out", str(tmp_path / "x"), "--no-profile")
    assert code != 0 and "unknown strategy 'annealing'" in stderr


def test_tune_shortlist_profiles_the_usual_default_first(fake_gpu, tmp_path, capsys):  # noqa: F811
    out = tmp_path / "shortlist"
    code, stdout, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=40", "--param",
                               "COLS=100", "--shapes", "32x8,16x16,64x4,128x2,256x1,8x32,32x4,64x2",
                               "--strategy", "shortlist", "--max-configs", "4", "--out", str(out))
    assert code == 0, stderr
    assert "[search 1] 32x8 default" in stderr and "the usual default shape, profiled" in stderr
    assert "[search 2]" in stderr and "shortlist 1 of" in stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert len(table) == 4 and set(table.profiler) == {"ncu"}


def test_a_budget_without_a_strategy_runs_the_shortlist(fake_gpu, tmp_path, capsys):  # noqa: F811
    """--max-configs alone: the usual default profiled first, then the rules' shortlist (the
    shortlist strategy beat guided on the blind sets recorded after it was written)."""
    out = tmp_path / "default"
    code, _, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=40", "--param",
                          "COLS=100", "--shapes", "32x8,16x16,64x4,128x2,256x1,8x32,32x4,64x2",
                          "--max-configs", "3", "--out", str(out))
    assert code == 0, stderr
    journal = [json.loads(x) for x in (out / "journal.jsonl").read_text().splitlines()]
    reasons = [r["reason"] for r in journal if r["type"] == "search"]
    assert len(reasons) == 3
    assert reasons[0].startswith("start: 32x8 default, the usual default shape, profiled")
    assert reasons[1].startswith("shortlist 1 of ")


def test_tune_reads_the_kernels_code(fake_gpu, tmp_path, capsys):  # noqa: F811
    # --ptx, or else a built-in kernel's own source (nvcc -ptx: the stand-in GPU's compile
    # gives the recorded PTX), kept in the build folder; the run says what it read
    from pathlib import Path

    ptx = Path(__file__).resolve().parents[1] / "fixtures" / "ptx" / "matrix_add.ptx"
    args = ["tune", "matrix_add", "--param", "ROWS=40", "--param", "COLS=100", "--shapes",
            "32x8,16x16,64x4", "--strategy", "shortlist", "--max-configs", "2"]
    code, stdout, stderr = run(capsys, *args, "--ptx", str(ptx), "--out", str(tmp_path / "a"))
    assert code == 0, stderr
    assert "code: 1 kernel(s) read from --ptx" in stderr
    assert len(pd.read_csv(tmp_path / "a" / "sweep.csv", comment="#")) == 2
    code, _, stderr = run(capsys, *args, "--out", str(tmp_path / "b"))
    assert code == 0, stderr
    assert "code: 1 kernel(s) read from " in stderr and "kernels/matrix_add.cu" in stderr
    assert list((tmp_path / "b" / "build").glob("matrix_add-*.ptx"))  # kept for a resume
    code, _, stderr = run(capsys, *args, "--ptx", str(tmp_path / "none.ptx"),
                          "--out", str(tmp_path / "c"))
    assert code == 2 and "none.ptx: no such file" in stderr and "Traceback" not in stderr
