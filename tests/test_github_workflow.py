"""The example GitHub Actions workflow: valid YAML of the right shape, and its shell steps
really do what they say when run here on recorded sweeps (no GPU, no GitHub)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from gpuadvisor.paths import fixtures_dir, project_root
from gpuadvisor.sweep import read_sweep, write_sweep

WORKFLOW = project_root() / "examples" / "github-actions" / "perf-review.yml"
HOPPER_SWEEP = fixtures_dir() / "hopper" / "sweeps" / "matmul_naive.csv"


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text())


def step(workflow: dict, name: str) -> dict:
    steps = workflow["jobs"]["review"]["steps"]
    return next(s for s in steps if s.get("name", "").startswith(name))


def test_workflow_parses_and_has_the_expected_shape(workflow):
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as True
    assert "pull_request" in triggers
    assert workflow["permissions"]["pull-requests"] == "write"
    job = workflow["jobs"]["review"]
    assert "self-hosted" in job["runs-on"] and "gpu" in job["runs-on"]
    assert "head.repo.full_name == github.repository" in job["if"]  # no fork code on the GPU
    uses = [s.get("uses", "") for s in job["steps"]]
    assert uses.count("actions/checkout@v4") == 2
    assert "actions/github-script@v7" in uses
    review = step(workflow, "Review")["run"]
    assert "gpuadvisor review --baseline sweeps/main.csv --candidate sweeps/pr.csv" in review
    assert "--markdown -o review.md" in review
    assert "gpuadvisor tune" in workflow["env"]["SWEEP"]
    post = step(workflow, "Post the review")
    assert "review.md" in post["with"]["script"] and "<!-- gpuadvisor-review -->" in (
        post["with"]["script"])
    assert step(workflow, "Fail on a regression")["if"] == "steps.review.outputs.code != '0'"


def test_every_run_script_is_valid_bash(workflow):
    for s in workflow["jobs"]["review"]["steps"]:
        if "run" in s:
            script = re.sub(r"\$\{\{[^}]*\}\}", "X", s["run"])
            result = subprocess.run(["bash", "-n"], input=script, text=True,
                                    capture_output=True)
            assert result.returncode == 0, (s["name"], result.stderr)
    sweep = workflow["env"]["SWEEP"]
    assert subprocess.run(["bash", "-n", "-c", sweep]).returncode == 0


def run_step(workflow: dict, name: str, cwd: Path) -> tuple[dict[str, str], str]:
    """Run one step's script the way a Linux runner does; returns ($GITHUB_OUTPUT, stdout)."""
    output, summary = cwd / "github_output", cwd / "github_summary"
    output.write_text("")
    env = dict(os.environ, **{k: str(v) for k, v in workflow["env"].items()})
    env.update(GITHUB_OUTPUT=str(output), GITHUB_STEP_SUMMARY=str(summary),
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    script = cwd / f"{name}.sh"
    script.write_text(step(workflow, name)["run"])
    result = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", str(script)],
                            cwd=cwd, env=env, text=True, capture_output=True, timeout=300)
    assert result.returncode == 0, result.stderr
    values = dict(line.split("=", 1) for line in output.read_text().splitlines() if line)
    return values, result.stdout


@pytest.fixture
def checkouts(tmp_path, workflow):
    """main/ and pr/ checkouts that carry a recorded sweep (RECORDED_SWEEP)."""
    if shutil.which("bash") is None or shutil.which(
            "gpuadvisor", path=str(Path(sys.executable).parent)) is None:
        pytest.skip("needs bash and the gpuadvisor script next to this Python")
    df, _ = read_sweep(HOPPER_SWEEP)

    def record(side: str, table) -> None:
        write_sweep(table, tmp_path / side / workflow["env"]["RECORDED_SWEEP"],
                    {"source": f"{HOPPER_SWEEP.name}, transformed in a test"})

    return tmp_path, df, record


def test_steps_pass_on_identical_recorded_sweeps(workflow, checkouts):
    root, df, record = checkouts
    record("main", df)
    record("pr", df)
    _, out = run_step(workflow, "Sweep main and the pull request", root)
    assert "main: using the recorded sweep" in out and "pr: using the recorded sweep" in out
    values, _ = run_step(workflow, "Review", root)
    assert values == {"code": "0"}
    md = (root / "review.md").read_text()
    assert md.startswith("<!-- gpuadvisor-review -->\n## 🟢 gpuadvisor: no performance regression")
    assert (root / "github_summary").read_text() == md


def test_steps_report_a_regression_with_exit_code_1(workflow, checkouts):
    root, df, record = checkouts
    slow = df.copy()
    slow["time_ms"] = slow["time_ms"] * 1.3
    record("main", df)
    record("pr", slow)
    run_step(workflow, "Sweep main and the pull request", root)
    values, _ = run_step(workflow, "Review", root)
    assert values == {"code": "1"}
    assert "regression in `matmul_naive`" in (root / "review.md").read_text()


def test_unreadable_sweep_gives_code_2_and_a_comment_saying_why(workflow, checkouts):
    root, df, record = checkouts
    record("main", df)
    garbage = root / "pr" / workflow["env"]["RECORDED_SWEEP"]
    garbage.parent.mkdir(parents=True)
    garbage.write_text("not,a\nsweep,table\n")
    run_step(workflow, "Sweep main and the pull request", root)
    values, _ = run_step(workflow, "Review", root)
    assert values == {"code": "2"}
    md = (root / "review.md").read_text()
    assert "could not compare the sweeps" in md and "error: " in md and "pr.csv" in md
