"""``gpuadvisor analyze``: JSON shape, Markdown, help text and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gpuadvisor.cli import app, main
from gpuadvisor.errors import UserError
from gpuadvisor.paths import fixtures_dir

SEEDS = fixtures_dir() / "seeds"
runner = CliRunner()


def invoke(*args: str):
    result = runner.invoke(app, ["analyze", *args])
    code = result.exception.exit_code if isinstance(result.exception, UserError) \
        else result.exit_code
    return code, result


def test_json_has_a_ranking_best_first_with_reasons() -> None:
    code, result = invoke(str(SEEDS / "001_table2b_table3_matmul_naive.csv"), "--json",
                          "--top", "5")
    assert code == 0, result.output
    data = json.loads(result.output)
    ranking = data["ranking"]
    assert len(ranking) == 5
    assert [e["rank"] for e in ranking] == [1, 2, 3, 4, 5]
    times = [e["time_ms"] for e in ranking]
    assert times[0] == 4288 and times == sorted(times)
    for entry in ranking:
        assert {"kernel", "block_x", "block_y", "block_z", "cache_config", "reasons",
                "findings"} <= set(entry)
        assert entry["kernel"] == "matmul_naive"
    assert data["characterization"]["matmul_naive"]["access"] == "reuse"
    assert data["kernels"][0]["mode"] == "measured"
    assert data["kernels"][0]["rule_pick"] == "384x2"
    assert isinstance(data["findings"], list)


def test_rule_only_json_reports_regret() -> None:
    code, result = invoke(str(SEEDS / "000_table4_matmul_naive.csv"), "--rule-only", "--json")
    assert code == 0
    kernel = json.loads(result.output)["kernels"][0]
    assert kernel["mode"] == "rule-only"
    assert kernel["pick"]["label"] == "256x2"
    assert kernel["regret"] == round(5874 / 5856, 4)


def test_access_option_overrides_the_manifest() -> None:
    code, result = invoke(str(SEEDS / "000_table3_matrix_add.csv"), "--rule-only", "--json",
                          "--access", "scattered")
    assert code == 0
    data = json.loads(result.output)
    char = data["characterization"]["matrix_add"]
    assert (char["access"], char["access_source"]) == ("scattered", "--access")


def test_markdown_and_terminal_output() -> None:
    code, result = invoke(str(SEEDS / "001_table2a_reduction.csv"), "--markdown")
    assert code == 0
    assert "## `reduction` on sm_20" in result.output
    assert "| 1 | 192x1 | 0.6268 |" in result.output
    assert "### Against the usual choices" in result.output
    code, result = invoke(str(SEEDS / "001_table2a_reduction.csv"))
    assert code == 0 and "pick: 192x1" in result.output


def test_help_documents_the_options() -> None:
    result = runner.invoke(app, ["analyze", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in ("--rule-only", "--access", "--rules", "--json", "--markdown", "--arch",
                   "--top", "regret", "coalesced"):
        assert option in result.output


def test_user_errors_exit_2_with_one_line(tmp_path: Path, capsys) -> None:
    # One case as a real process (python -m gpuadvisor); the others through the same main()
    # in this process, which is what that process runs after its imports.
    proc = subprocess.run([sys.executable, "-m", "gpuadvisor", "analyze",
                           str(tmp_path / "missing.csv")], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    assert proc.stderr == f"error: {tmp_path / 'missing.csv'}: no such file\n", proc.stderr
    cases = [
        ["analyze", str(SEEDS / "001_table2a_reduction.csv"), "--access", "sideways"],
        ["analyze", str(SEEDS / "001_table2a_reduction.csv"), "--arch", "sm_99"],
        ["analyze", str(SEEDS / "001_table2a_reduction.csv"), "--top", "0"],
        ["analyze", str(SEEDS / "001_table2a_reduction.csv"), "--rules", str(tmp_path / "no")],
    ]
    (tmp_path / "junk.txt").write_text("not a profile\n")
    cases.append(["analyze", str(tmp_path / "junk.txt")])
    for args in cases:
        with pytest.raises(SystemExit) as exit_:
            main(args)
        out, err = capsys.readouterr()
        assert exit_.value.code == 2, (args, out, err)
        assert err.startswith("error: ") and err.count("\n") == 1, err


def test_extra_rule_dirs_change_the_ranking(tmp_path: Path) -> None:
    (tmp_path / "no-one-row.yaml").write_text("""\
id: no-one-row
title: Exclude one-row blocks (a user's house rule)
severity: info
scope: config
when: block.y == 1
effect: {exclude: true}
explain: One-row block {config.label} excluded by a house rule.
source: a user rule for the test
docs:
  what: Excludes one-row blocks.
  why: A house rule in a test.
  example: 192x1 is excluded.
  fix: Use two or more rows.
""")
    code, result = invoke(str(SEEDS / "001_table2a_reduction.csv"), "--rule-only", "--json",
                          "--rules", str(tmp_path))
    # every reduction shape has one row: nothing left to rank is a user error
    assert code == 2 and "all excluded" in str(result.exception)
    code, result = invoke(str(SEEDS / "001_table2b_table3_matmul_naive.csv"), "--rule-only",
                          "--json", "--rules", str(tmp_path))
    assert code == 0
    data = json.loads(result.output)
    assert all(e["block_y"] > 1 for e in data["ranking"])
    excluded = data["kernels"][0]["excluded"]
    assert any("house rule" in " ".join(x["reasons"]) for x in excluded)


def test_recorded_nvprof_profile_with_its_trace() -> None:
    """nvprof --metrics output has no launch shape; its GPU trace (same run) provides it."""
    nvprof = fixtures_dir() / "nvprof"
    metrics = nvprof / "leimingyu__magus__matrixMul_metrics.csv"
    trace = nvprof / "leimingyu__magus__matrixMul_trace.csv"
    code, result = invoke(str(metrics), str(trace), "--json")
    assert code == 0, result.output
    (kernel,) = json.loads(result.output)["kernels"]
    assert (kernel["kernel"], kernel["arch"], kernel["mode"]) == ("matrixMulCUDA", "sm_61",
                                                                 "profile")
    char = kernel["characterization"]
    assert (char["access"], char["access_source"]) == ("reuse", "metrics")
    assert kernel["comparisons"][0]["label"] == "profiled 32x32"
    assert any("8192 B of shared memory" in n for n in kernel["notes"])
    code, result = invoke(str(metrics))
    assert code == 2 and "--print-gpu-trace" in str(result.exception)


def test_an_unsteady_cell_is_named_in_the_notes(tmp_path) -> None:
    # blind set 5's lut_map on an H100: the 256x1 cell's repeats spread 22 % (a transient);
    # the others' median spread is 0.4 %
    table = fixtures_dir() / "hopper" / "blind5" / "h100" / "lut_map.csv"
    code, result = invoke(str(table), "--json")
    assert code == 0, result.output
    notes = json.loads(result.output)["kernels"][0]["notes"]
    unsteady = [n for n in notes if n.startswith("unsteady timing")]
    assert unsteady == ["unsteady timing: 256x1 (22%): the repeats spread far more than the "
                        "usual cell's 0.4% of its median, so the time and rank may be off; "
                        "time them again (gpuadvisor tune --resume re-times such cells, "
                        "--retime)"]
    # once the cell is marked as timed again, nothing is said
    lines = table.read_text().splitlines()
    header_at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    lines[header_at] += ",retimed"
    lines[header_at + 1:] = [line + ",True" for line in lines[header_at + 1:]]
    marked = tmp_path / "lut_map.csv"
    marked.write_text("\n".join(lines) + "\n")
    code, result = invoke(str(marked), "--json")
    assert code == 0, result.output
    assert not [n for n in json.loads(result.output)["kernels"][0]["notes"]
                if n.startswith("unsteady timing")]


def test_a_pick_slower_than_a_usual_choice_says_slower() -> None:
    """A rule-only pick can measure slower than 256x1 (blind set 34's llama_rms_norm: 128x1
    since round 30, 0.0825 ms against 0.07323 ms; blind set 38's mdt_ppf_batch was the example
    before round 30 moved its pick to 32x8): the comparison says so in words, not "faster by
    -12.7%"."""
    table = fixtures_dir() / "hopper" / "blind34" / "h200" / "llama_rms_norm.csv"
    code, result = invoke(str(table), "--rule-only")
    out = " ".join(result.output.split())
    assert code == 0 and "256x1 (0.07323 ms): the pick is slower by 12.7% (measured)" in out
    assert "faster by -" not in out
    _, md = invoke(str(table), "--rule-only", "--markdown")
    assert "| 256x1 | yes | 0.07323 | slower by 12.7% (measured) |" in md.output
    _, faster = invoke(str(fixtures_dir() / "hopper" / "sweeps" / "matmul_naive.csv"),
                       "--markdown")
    assert "| 16x16 | yes | 3.143 | faster by 34.2% (measured) |" in faster.output
