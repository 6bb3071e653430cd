"""A pre-merge review on real H200 runs: the pull request launches matmul_naive at 16x16
instead of 32x8 (fixtures/hopper/review/review_{main,pr}_*.csv, recorded by
tools/record_gpu_heldout.sh); matrix_add is untouched."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gpuadvisor.importer import import_files
from gpuadvisor.sweep import write_sweep

REVIEW = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "review"


@pytest.fixture(scope="module")
def sides(tmp_path_factory):
    out = tmp_path_factory.mktemp("review")
    paths = {}
    for side in ("main", "pr"):
        files = [REVIEW / f"review_{side}_matmul.csv", REVIEW / f"review_{side}_add.csv"]
        table = import_files(files)
        paths[side] = write_sweep(table, out / f"{side}.csv", {"source": f"{side} launches"})
    return paths


def _review(*args):
    return subprocess.run([sys.executable, "-m", "gpuadvisor", "review", *map(str, args)],
                          capture_output=True, text=True)


def test_worse_shape_is_a_regression_explained_by_the_rules(sides):
    result = _review("-a", sides["main"], "-b", sides["pr"], "--json")
    assert result.returncode == 1
    data = json.loads(result.stdout)
    assert data["regressions"] == ["matmul_naive"]
    kernels = {k["kernel"]: k for k in data["kernels"]}
    matmul = kernels["matmul_naive"]
    assert (matmul["best_a"], matmul["best_b"]) == ("32x8", "16x16")
    assert matmul["change_pct"] == pytest.approx(32.36, abs=0.01)  # 2.410 -> 3.190 ms
    assert kernels["matrix_add"]["verdict"] == "unchanged"
    rules = {f["rule_id"] for f in matmul["best_findings"]}
    assert "block-x-warp-multiple" in rules


def test_markdown_comment_names_the_kernel_and_the_reason(sides):
    result = _review("-a", sides["main"], "-b", sides["pr"], "--markdown")
    assert result.returncode == 1
    assert "performance regression in `matmul_naive`" in result.stdout
    assert "**Why `16x16` and not `32x8`**" in result.stdout
    assert "`block-x-warp-multiple`" in result.stdout


def test_the_same_runs_reviewed_against_themselves_pass(sides):
    assert _review("-a", sides["main"], "-b", sides["main"]).returncode == 0
