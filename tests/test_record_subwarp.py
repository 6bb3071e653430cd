"""tools/record_subwarp.sh on the stand-in GPU (tests/fake_gpu), as tests/test_record_calibration.py
runs record_calibration.sh: a kernel the stand-in cannot run fails its step and the next still
runs, OUTDIR gets the packed sweeps and the three text files (with the shared provenance of
tools/gpu_env.sh), the summary compares the fastest sub-warp block with the fastest block of a
warp or more, and past the time limit no sweep starts. The stand-in's numbers are not
measurements."""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

import pandas as pd
import pytest

from tests.test_record_calibration import ROOT, run_script

SCRIPT = ROOT / "tools" / "record_subwarp.sh"

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def test_sub_warp_sweeps_are_recorded_and_summarized(tmp_path: Path) -> None:
    result, out = run_script(tmp_path, script=SCRIPT,
                             SUBWARP_KERNELS_1D="transpose_naive",  # the stand-in cannot run it
                             SUBWARP_KERNELS_2D="matrix_add")
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "provenance.txt", "steps.txt", "subwarp.tgz", "summary.txt"]
    digest = subprocess.run(["bash", str(ROOT / "tools" / "source_digest.sh")],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert f"sources {digest}" in (out / "provenance.txt").read_text().splitlines()
    steps = (out / "steps.txt").read_text().splitlines()
    assert steps[0].startswith("transpose_naive rc=") and "rc=0" not in steps[0]
    assert steps[1].startswith("matrix_add rc=0")
    with tarfile.open(out / "subwarp.tgz") as tar:
        table = pd.read_csv(io.BytesIO(tar.extractfile("./matrix_add/sweep.csv").read()),
                            comment="#")
    ok = table[table.status == "ok"]
    threads = ok.block_x * ok.block_y
    assert len(table) == 15 and (threads < 32).sum() == 8 and set(ok.cache_config) == {"default"}
    small, large = ok[threads < 32], ok[threads >= 32]
    s, g = small.loc[small.time_ms.idxmin()], large.loc[large.time_ms.idxmin()]
    row = (f"| matrix_add | {s.block_x}x{s.block_y} | {s.time_ms:.4f} | {g.block_x}x{g.block_y} "
           f"| {g.time_ms:.4f} | {s.time_ms / g.time_ms:.2f} |")
    assert row in (out / "summary.txt").read_text().splitlines()


def test_no_sweep_starts_past_the_time_limit(tmp_path: Path) -> None:
    result, out = run_script(tmp_path, script=SCRIPT, SUBWARP_LIMIT_S="0",
                             SUBWARP_KERNELS_1D="scattered", SUBWARP_KERNELS_2D="matrix_add")
    assert result.returncode == 0, result.stderr
    assert (out / "steps.txt").read_text().splitlines() == [
        "scattered rc=skipped wall_s=0", "matrix_add rc=skipped wall_s=0"]
