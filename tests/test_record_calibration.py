"""tools/record_calibration.sh on the stand-in GPU (tests/fake_gpu) with a stand-in nvcc: the
bash plumbing the real GPU run relies on. A kernel the stand-in cannot run fails its step and
the next kernel still runs; the sweep's fastest shape and the default are profiled into the
same table; OUTDIR gets four files; the summary names every kernel; past the time limit no
step starts. The stand-in's numbers are not measurements."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]
FAKE = ROOT / "tests" / "fake_gpu"
SCRIPT = ROOT / "tools" / "record_calibration.sh"
FAKE_NVCC = """#!/usr/bin/env bash
# stand-in nvcc: writes the -o file and ptxas's report for every __global__ of the source
while [ $# -gt 0 ]; do case $1 in -o) out=$2; shift;; *.cu) src=$1;; esac; shift; done
echo cubin > "$out"
for f in $(grep -o '__global__ void [A-Za-z_0-9]*' "$src" | awk '{print $3}'); do
  echo "ptxas info    : Compiling entry function '$f' for 'sm_90'" >&2
  echo "ptxas info    : Used 16 registers, used 0 barriers" >&2
done
"""

pytestmark = pytest.mark.skipif(shutil.which("bash") is None, reason="needs bash")


def run_script(tmp_path: Path, script: Path = SCRIPT, **env: str
               ) -> tuple[subprocess.CompletedProcess, Path]:
    """Run a recorder (record_calibration.sh unless ``script``) on the stand-in GPU."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "nvcc").write_text(FAKE_NVCC)
    (bin_dir / "nvcc").chmod(0o755)
    out = tmp_path / "out"
    full_env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{Path(sys.executable).parent}{os.pathsep}"
        + os.environ.get("PATH", ""),
        "PYTHONPATH": str(FAKE),
        "NCU": str(FAKE / "bin" / "ncu"),
        "NVCC": str(bin_dir / "nvcc"),
        "TMPDIR": str(tmp_path),
        **env,
    }
    result = subprocess.run(
        ["bash", str(script), str(out)],
        cwd=ROOT,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    return result, out


def test_a_failed_kernel_does_not_stop_the_rest_and_the_results_are_packed(tmp_path):
    result, out = run_script(
        tmp_path,
        CALIB_KERNELS_2D="transpose_naive",  # the stand-in GPU cannot run it
        CALIB_KERNELS_1D="",
        CALIB_REDUCTION_SIZES="1001",
    )
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == [
        "calibration.tgz",
        "provenance.txt",
        "steps.txt",
        "summary.txt",
    ]
    # the sources that ran, whatever commit the machine's copy of .git names
    digest = subprocess.run(["bash", str(ROOT / "tools" / "source_digest.sh")],
                            capture_output=True, text=True, check=True).stdout.strip()
    assert len(digest) == 16
    assert f"sources {digest}" in (out / "provenance.txt").read_text().splitlines()
    steps = (out / "steps.txt").read_text().splitlines()
    assert steps[0].startswith("transpose_naive sweep rc=") and "rc=0" not in steps[0]
    assert steps[1].startswith("vector_reduction_n1001 sweep rc=0")
    assert steps[2].startswith("vector_reduction_n1001 profile rc=0")
    summary = result.stdout.splitlines()
    assert summary[-3].startswith("kernel | ok/rows | best shape")
    assert summary[-2].startswith("transpose_naive | no sweep table")
    assert summary[-1].startswith("vector_reduction_n1001 | 11/11 | 32x1: ")
    with tarfile.open(out / "calibration.tgz") as tar:
        names = tar.getnames()
        table = pd.read_csv(
            io.BytesIO(tar.extractfile("./vector_reduction_n1001/sweep.csv").read()),
            comment="#",
        )
    assert "./transpose_naive.log" in names and not any(n.endswith(".cubin") for n in names)
    assert len(table) == 11 and set(table.status) == {"ok"}
    profiled = table[table.achieved_occupancy.notna()]
    best = table.loc[table.time_ms.idxmin()]
    assert set(profiled.block_x) == {256, int(best.block_x)}  # the default and the fastest


def test_no_step_starts_past_the_time_limit(tmp_path):
    result, out = run_script(
        tmp_path,
        CALIB_LIMIT_S="0",
        CALIB_KERNELS_2D="stencil2d_5pt",
        CALIB_KERNELS_1D="spmv_csr",
        CALIB_REDUCTION_SIZES="",
    )
    assert result.returncode == 0, result.stderr
    assert (out / "steps.txt").read_text().splitlines() == [
        "stencil2d_5pt sweep rc=skipped wall_s=0",
        "spmv_csr sweep rc=skipped wall_s=0",
    ]
    assert "spmv_csr | no sweep table" in result.stdout
