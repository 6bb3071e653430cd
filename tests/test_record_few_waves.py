"""tools/record_few_waves.sh: its plumbing on the stand-in GPU (tests/fake_gpu), which cannot
run coulomb_grid or slab_list_walk, so every step fails and the run still packs its results;
and its summary, run on the layout the H200 run left in fixtures/hopper/few-waves/."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "tools" / "record_few_waves.sh"
FEW_WAVES = ROOT / "fixtures" / "hopper" / "few-waves"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def _summary_program() -> str:
    """The Python the script runs last (its heredoc)."""
    text = SCRIPT.read_text(encoding="utf-8")
    return re.search(r"<<'PY'\n(.*?)\nPY\n", text, re.S).group(1)


def test_failed_steps_do_not_stop_the_run_and_the_results_are_packed(tmp_path: Path) -> None:
    from test_record_calibration import FAKE_NVCC

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "nvcc").write_text(FAKE_NVCC)
    (bin_dir / "nvcc").chmod(0o755)
    out = tmp_path / "out"
    env = {**os.environ,
           "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
           + os.environ.get("PATH", ""),
           "PYTHONPATH": str(ROOT / "tests" / "fake_gpu"),
           "NCU": str(ROOT / "tests" / "fake_gpu" / "bin" / "ncu"), "TMPDIR": str(tmp_path),
           "FEW_WAVES_STAIR_ROWS": "132", "FEW_WAVES_SWEEP_ROWS": "",
           "FEW_WAVES_LATENCY_STAIR": "4224", "FEW_WAVES_LATENCY_SWEEP": "9293"}
    result = subprocess.run(["bash", str(SCRIPT), str(out)], cwd=ROOT, env=env,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    walls = (out / "walls.txt").read_text().splitlines()
    assert [w.split(" exit=")[0] for w in walls] == [
        "stair rows=132", "latency stair queries=4224", "latency sweep queries=9293"]
    assert all(" exit=0" not in w for w in walls)  # the stand-in runs neither kernel
    lines = result.stdout.splitlines()
    assert "latency staircase: queries | waves | 256x1 ms | 1024x1 ms | registers" in lines
    assert sum("no sweep" in line for line in lines) == 3
    with tarfile.open(out / "few_waves.tgz") as tar:
        assert "./latency_stair_4224.log" in tar.getnames()


def test_the_summary_reads_the_recorded_layout(tmp_path: Path) -> None:
    shutil.copytree(FEW_WAVES / "stair", tmp_path / "stair")
    shutil.copytree(FEW_WAVES / "sweep", tmp_path / "sweep")
    shutil.copytree(FEW_WAVES / "latency" / "stair", tmp_path / "latency" / "stair")
    shutil.copytree(FEW_WAVES / "latency" / "sweep", tmp_path / "latency" / "sweep")
    result = subprocess.run([sys.executable, "-c", _summary_program(), str(tmp_path)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "8448 1.000 0.0433 0.0426 21.0" in lines  # latency/run.log's line, from the CSVs
    assert "9504 1.125 0.0720 0.0731 21.0" in lines
    assert "latency sweep queries_9293: 11 ok of 11, best 64x1 0.0704 ms" in lines
    assert "sweep rows_290: 146 ok of 146, best 256x3 0.0549 ms" in lines
    # one line per size of the two staircases: 33 of coulomb_grid's, 33 of slab_list_walk's
    assert sum(bool(re.match(r"\d+ \d\.\d{3} ", line)) for line in lines) == 66
