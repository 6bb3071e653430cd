"""The ``gpuadvisor`` command leaves through ``cli.run`` (no interpreter teardown): what it
writes, and its exit status, must be what ``cli.main`` gives in a running interpreter."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gpuadvisor.cli import main

ROOT = Path(__file__).resolve().parents[1]
SWEEP = ROOT / "fixtures" / "hopper" / "sweeps" / "matmul_naive.csv"


def _command(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gpuadvisor", *args], capture_output=True,
                          text=True, cwd=ROOT, check=False)


def test_piped_json_is_whole_and_equals_the_in_process_output(capsys):
    done = _command("analyze", str(SWEEP), "--json")
    assert done.returncode == 0
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(SWEEP), "--json"])
    assert stop.value.code in (0, None)
    assert done.stdout == capsys.readouterr().out
    assert done.stdout.rstrip().endswith("}")


def test_a_user_error_keeps_its_line_and_status(tmp_path):
    missing = tmp_path / "nowhere.csv"
    done = _command("analyze", str(missing))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [f"error: {missing}: no such file"]
    assert done.stdout == ""


def test_a_regression_keeps_review_status_one(tmp_path):
    """review exits 1 on a regression: the status survives the early exit."""
    import pandas as pd

    table = pd.read_csv(SWEEP, comment="#")
    for col in ("time_ms", "time_ms_min", "time_ms_max"):
        if col in table:
            table[col] = table[col] * 1.5
    slower = tmp_path / "slower.csv"
    table.to_csv(slower, index=False)
    done = _command("review", "-a", str(SWEEP), "-b", str(slower))
    assert done.returncode == 1
    assert "regress" in done.stdout.lower()
