"""gpuadvisor review: verdicts, exit codes and outputs on real recorded sweeps.

Candidates are built by transforming a real fixture in the test (times scaled, a row marked
failed); nothing here is an invented table on disk.
"""

from __future__ import annotations

import json
import sys

import pandas as pd
import pytest

from gpuadvisor import cli
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.review import review_tables, spread_ms, time_verdict
from gpuadvisor.sweep import read_sweep, write_sweep

FIXTURES = fixtures_dir()
HOPPER = FIXTURES / "hopper" / "sweeps"
SEED_MATMUL = FIXTURES / "seeds" / "000_table4_matmul_naive.csv"
NVPROF_TRACE = FIXTURES / "nvprof" / "leimingyu__magus__matrixMul_trace.csv"


def run_cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Run the real entry point in-process: exit code, stdout, stderr."""
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    out, err = capsys.readouterr()
    code = exc.value.code
    return (0 if code is None else int(code)), out, err


@pytest.fixture(scope="module")
def hopper_two_kernels() -> pd.DataFrame:
    """Two real H200 sweeps in one table: matmul_naive and matrix_add."""
    a, _ = read_sweep(HOPPER / "matmul_naive.csv")
    b, _ = read_sweep(HOPPER / "matrix_add.csv")
    return pd.concat([a, b], ignore_index=True)


def write(df: pd.DataFrame, path) -> str:
    write_sweep(df, path, {"source": "transformed from fixtures/hopper/sweeps in a test"})
    return str(path)


def scaled(df: pd.DataFrame, factor: float, mask=None) -> pd.DataFrame:
    """The same sweep with the rows under ``mask`` (default: all) factor times slower."""
    out = df.copy()
    mask = pd.Series(True, index=out.index) if mask is None else mask
    for col in ("time_ms", "time_ms_min", "time_ms_max", "time_ms_std"):
        out.loc[mask, col] = out.loc[mask, col] * factor
    return out


def best_row(df: pd.DataFrame, kernel: str) -> pd.Series:
    mine = df[(df["kernel"] == kernel) & (df["status"] == "ok")]
    return mine.loc[mine["time_ms"].idxmin()]


# ---------------------------------------------------------------------------- CLI exit codes


def test_identical_sweeps_exit_0(hopper_two_kernels, tmp_path, capsys):
    path = write(hopper_two_kernels, tmp_path / "main.csv")
    code, out, err = run_cli(["review", "--baseline", path, "--candidate", path], capsys)
    assert code == 0, err
    assert "no regression" in out
    assert "matmul_naive" in out and "matrix_add" in out


def test_one_kernel_30pct_slower_exits_1_and_names_it(hopper_two_kernels, tmp_path, capsys):
    base = write(hopper_two_kernels, tmp_path / "main.csv")
    slow = scaled(hopper_two_kernels, 1.3, hopper_two_kernels["kernel"] == "matmul_naive")
    cand = write(slow, tmp_path / "pr.csv")
    code, out, _ = run_cli(["review", "-a", base, "-b", cand], capsys)
    assert code == 1
    headline = out.splitlines()[0]
    assert "REGRESSION" in headline and "matmul_naive" in headline
    assert "matrix_add" not in headline

    result = review_tables(hopper_two_kernels, slow, run_rules=False)
    assert result.regressions == ["matmul_naive"]
    by_kernel = {k.kernel: k for k in result.kernels}
    assert by_kernel["matmul_naive"].verdict == "slower"
    assert by_kernel["matmul_naive"].change_pct == pytest.approx(30.0)
    assert by_kernel["matmul_naive"].best_changed is False
    assert by_kernel["matrix_add"].verdict == "unchanged"
    assert by_kernel["matrix_add"].change_pct == 0.0


def test_change_within_repeat_spread_is_unchanged(hopper_two_kernels):
    """Each time moves by one standard deviation of its own repeats: with --threshold 0 that
    is still noise (the combined spread is 2*sqrt(2) std); ten deviations are not."""
    base = hopper_two_kernels
    assert base["time_ms_std"].notna().all() and (base["repeats"] >= 2).all()
    within = base.copy()
    within["time_ms"] = base["time_ms"] + base["time_ms_std"]
    result = review_tables(base, within, threshold_pct=0, run_rules=False)
    assert {c.verdict for c in result.configs} == {"unchanged"}
    assert result.exit_code == 0

    beyond = base.copy()
    beyond["time_ms"] = base["time_ms"] + 10 * base["time_ms_std"]
    result = review_tables(base, beyond, threshold_pct=0, run_rules=False)
    assert {c.verdict for c in result.configs} == {"slower"}
    assert result.exit_code == 1


def test_repeat_noise_within_spread_exits_0_via_cli(hopper_two_kernels, tmp_path, capsys):
    base = write(hopper_two_kernels, tmp_path / "a.csv")
    noisy = hopper_two_kernels.copy()
    noisy["time_ms"] = noisy["time_ms"] + noisy["time_ms_std"]
    cand = write(noisy, tmp_path / "b.csv")
    code, out, _ = run_cli(["review", "-a", base, "-b", cand, "--threshold", "0"], capsys)
    assert code == 0 and "no regression" in out


def test_threshold_without_spread_uses_percentage(tmp_path):
    """The seed table has no per-repeat spread: only --threshold decides."""
    base, _ = read_sweep(SEED_MATMUL)
    assert base["time_ms_std"].isna().all()
    assert review_tables(base, scaled(base, 1.04), run_rules=False).exit_code == 0
    slower = review_tables(base, scaled(base, 1.06), run_rules=False)
    assert slower.exit_code == 1
    assert slower.kernels[0].noise_ms is None
    assert review_tables(base, scaled(base, 1.06), threshold_pct=10,
                         run_rules=False).exit_code == 0
    faster = review_tables(base, scaled(base, 0.8), run_rules=False)
    assert faster.exit_code == 0 and faster.kernels[0].verdict == "faster"


def test_garbage_file_exits_2_with_one_line(hopper_two_kernels, tmp_path, capsys):
    base = write(hopper_two_kernels, tmp_path / "main.csv")
    garbage = tmp_path / "garbage.csv"
    garbage.write_bytes(b"\x00\x01 this is not a sweep\n\xff\xfe")
    code, out, err = run_cli(["review", "-a", base, "-b", str(garbage)], capsys)
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "garbage.csv" in lines[0]
    assert "Traceback" not in err


def test_missing_file_and_no_common_kernel_exit_2(hopper_two_kernels, tmp_path, capsys):
    base = write(hopper_two_kernels[hopper_two_kernels["kernel"] == "matmul_naive"],
                 tmp_path / "a.csv")
    other = write(hopper_two_kernels[hopper_two_kernels["kernel"] == "matrix_add"],
                  tmp_path / "b.csv")
    code, _, err = run_cli(["review", "-a", base, "-b", other], capsys)
    assert code == 2
    assert err.count("\n") == 1 and "no kernel in common" in err
    assert "matmul_naive" in err and "matrix_add" in err
    code, _, err = run_cli(["review", "-a", base, "-b", str(tmp_path / "nope.csv")], capsys)
    assert code == 2 and "nope.csv: no such file" in err


def test_bad_threshold_and_fail_on_are_one_line_errors(hopper_two_kernels, tmp_path, capsys):
    path = write(hopper_two_kernels, tmp_path / "a.csv")
    code, _, err = run_cli(["review", "-a", path, "-b", path, "--threshold", "-3"], capsys)
    assert code == 2 and err.startswith("error: --threshold")
    code, _, err = run_cli(["review", "-a", path, "-b", path, "--fail-on", "worst"], capsys)
    assert code == 2 and err.startswith("error: --fail-on")


# ---------------------------------------------------------------------------- fail-on, failures


def test_fail_on_best_ignores_a_slower_non_best_config(hopper_two_kernels, tmp_path, capsys):
    df = hopper_two_kernels
    slowest = df[df["kernel"] == "matmul_naive"]["time_ms"].idxmax()
    cand = scaled(df, 1.5, df.index == slowest)
    a, b = write(df, tmp_path / "a.csv"), write(cand, tmp_path / "b.csv")
    code, out, _ = run_cli(["review", "-a", a, "-b", b], capsys)
    assert code == 0 and "no regression" in out
    code, out, _ = run_cli(["review", "-a", a, "-b", b, "--fail-on", "any"], capsys)
    assert code == 1
    row = df.loc[slowest]
    assert f"matmul_naive {int(row['block_x'])}x{int(row['block_y'])}" in out.splitlines()[0]


def test_best_config_failing_moves_the_best_and_counts_as_failed(hopper_two_kernels):
    df = hopper_two_kernels
    best = best_row(df, "matmul_naive")
    cand = df.copy()
    cand["error"] = cand["error"].astype(object)
    cand.loc[best.name, ["status", "error"]] = ["failed", "launch failed (test)"]
    cand.loc[best.name, "time_ms"] = float("nan")
    result = review_tables(df, cand, run_rules=False)
    k = {s.kernel: s for s in result.kernels}["matmul_naive"]
    second = df[(df["kernel"] == "matmul_naive")].drop(best.name)["time_ms"].min()
    assert k.best_changed and k.time_b == pytest.approx(second)
    failed = [c for c in result.configs if c.verdict == "failed"]
    assert len(failed) == 1 and failed[0].error == "launch failed (test)"
    assert failed[0].block == (int(best["block_x"]), int(best["block_y"]), 1)
    assert review_tables(df, cand, fail_on="any", run_rules=False).exit_code == 1


def test_new_and_removed_configurations(hopper_two_kernels):
    df = hopper_two_kernels
    mm = df[df["kernel"] == "matmul_naive"]
    first, last = mm.index[0], mm.index[-1]
    result = review_tables(df.drop(index=first), df.drop(index=last), run_rules=False)
    verdicts = {c.block: c.verdict for c in result.configs if c.kernel == "matmul_naive"}
    assert verdicts[(int(df.loc[first, "block_x"]), int(df.loc[first, "block_y"]), 1)] == "new"
    assert verdicts[(int(df.loc[last, "block_x"]), int(df.loc[last, "block_y"]), 1)] == "removed"


def test_kernel_filter(hopper_two_kernels):
    slow = scaled(hopper_two_kernels, 1.3, hopper_two_kernels["kernel"] == "matmul_naive")
    result = review_tables(hopper_two_kernels, slow, kernels=["matrix_*"], run_rules=False)
    assert [k.kernel for k in result.kernels] == ["matrix_add"]
    assert result.exit_code == 0


# ---------------------------------------------------------------------------- explanations


def test_metric_deltas_explain_the_change(hopper_two_kernels):
    df = hopper_two_kernels
    profiled = df[(df["kernel"] == "matmul_naive") & df["gld_efficiency"].notna()]
    idx = profiled.index[0]
    cand = scaled(df, 1.3, df.index == idx)
    cand.loc[idx, "gld_efficiency"] = df.loc[idx, "gld_efficiency"] / 2
    result = review_tables(df, cand, run_rules=False)
    change = next(c for c in result.configs if c.verdict == "slower")
    assert change.metric_deltas[0].metric == "gld_efficiency"
    assert change.metric_deltas[0].b == pytest.approx(df.loc[idx, "gld_efficiency"] / 2)


def test_spread_prefers_std_then_half_range():
    assert spread_ms({"time_ms_std": 0.1, "repeats": 5}) == pytest.approx(0.2)
    assert spread_ms({"time_ms_min": 1.0, "time_ms_max": 1.4}) == pytest.approx(0.2)
    assert spread_ms({"time_ms": 1.0}) is None
    assert time_verdict(1.0, 1.2, 5, noise=0.3) == "unchanged"
    assert time_verdict(1.0, 1.2, 5, noise=0.1) == "slower"
    assert time_verdict(1.0, 1.04, 5, noise=None) == "unchanged"


def test_rule_findings_compared_with_the_analysis(hopper_two_kernels):
    same = review_tables(hopper_two_kernels, hopper_two_kernels)
    assert same.findings_available
    assert same.findings_added == [] and same.findings_removed == []


def test_without_the_analysis_module_review_still_works(hopper_two_kernels, monkeypatch):
    monkeypatch.setitem(sys.modules, "gpuadvisor.analysis", None)  # import now fails
    result = review_tables(hopper_two_kernels, scaled(hopper_two_kernels, 1.3))
    assert not result.findings_available
    assert any("rule findings skipped" in note for note in result.notes)
    assert result.exit_code == 1


def test_raw_profiler_files_go_through_the_importer(capsys):
    code, out, _ = run_cli(["review", "-a", str(NVPROF_TRACE), "-b", str(NVPROF_TRACE),
                            "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert data["time_column"] == "duration_ms"
    assert [k["kernel"] for k in data["kernels"]] == ["matrixMulCUDA"]
    assert any("profiler durations" in note for note in data["notes"])


# ---------------------------------------------------------------------------- outputs


def test_json_shape(hopper_two_kernels, tmp_path, capsys):
    slow = scaled(hopper_two_kernels, 1.3, hopper_two_kernels["kernel"] == "matmul_naive")
    a, b = write(hopper_two_kernels, tmp_path / "a.csv"), write(slow, tmp_path / "b.csv")
    code, out, _ = run_cli(["review", "-a", a, "-b", b, "--json"], capsys)
    assert code == 1
    data = json.loads(out)
    assert data["regression"] is True and data["regressions"] == ["matmul_naive"]
    assert data["exit_code"] == 1 and data["fail_on"] == "best"
    assert data["threshold_pct"] == 5.0 and data["time_column"] == "time_ms"
    assert data["gpu"] == {"baseline": "NVIDIA H200", "candidate": "NVIDIA H200"}
    kernels = {k["kernel"]: k for k in data["kernels"]}
    assert set(kernels) == {"matmul_naive", "matrix_add"}
    mm = kernels["matmul_naive"]
    assert set(mm) >= {"best_a", "best_b", "time_a", "time_b", "change_pct", "noise_ms",
                       "verdict", "best_changed", "counts"}
    assert mm["verdict"] == "slower" and mm["counts"]["slower"] >= 1
    assert len(data["configs"]) == len(hopper_two_kernels)
    config = data["configs"][0]
    assert set(config) >= {"kernel", "block", "cache_config", "label", "verdict", "time_a",
                           "time_b", "change_pct", "noise_ms", "metric_deltas"}
    assert len(config["block"]) == 3
    assert set(data["findings"]) == {"available", "added", "removed"}


def test_markdown_for_a_pull_request_comment(hopper_two_kernels, tmp_path, capsys):
    slow = scaled(hopper_two_kernels, 1.3, hopper_two_kernels["kernel"] == "matmul_naive")
    a, b = write(hopper_two_kernels, tmp_path / "main.csv"), write(slow, tmp_path / "pr.csv")
    md = tmp_path / "out" / "review.md"
    code, out, err = run_cli(["review", "-a", a, "-b", b, "--markdown", "-o", str(md)], capsys)
    assert code == 1 and out == ""
    assert "regression in matmul_naive" in err and str(md) in err
    text = md.read_text()
    lines = text.splitlines()
    assert lines[0] == "<!-- gpuadvisor-review -->"
    assert lines[1].startswith("## ") and "regression in `matmul_naive`" in lines[1]
    assert "Baseline `main.csv` (NVIDIA H200) vs candidate `pr.csv`" in text
    best = best_row(hopper_two_kernels, "matmul_naive")
    label = f"{int(best['block_x'])}x{int(best['block_y'])}"
    row = next(line for line in lines if line.startswith("| `matmul_naive` | " + label))
    assert "+30.0%" in row and "slower" in row
    assert "| `matrix_add` |" in text and "unchanged" in text
    assert "<details><summary>" in text  # unchanged configurations folded away


def test_markdown_to_stdout_when_no_file(hopper_two_kernels, tmp_path, capsys):
    path = write(hopper_two_kernels, tmp_path / "a.csv")
    code, out, _ = run_cli(["review", "-a", path, "-b", path, "--markdown"], capsys)
    assert code == 0
    assert out.startswith("<!-- gpuadvisor-review -->\n## 🟢 gpuadvisor: no performance regression")


# ---------------------------------------------------------------------------- real repeats

REVIEW = FIXTURES / "hopper" / "review"


def test_two_real_repeats_of_one_sweep_are_no_regression_even_at_threshold_0(capsys):
    """fixtures/hopper/review: the same H200 sweep recorded twice; every difference is
    run-to-run noise, and the spread-aware verdict finds no slower configuration."""
    a, b = REVIEW / "matmul_app_app_base_a.csv", REVIEW / "matmul_app_app_base_b.csv"
    code, out, _ = run_cli(["review", "-a", str(a), "-b", str(b), "--json", "--threshold", "0",
                            "--fail-on", "any"], capsys)
    assert code == 0
    data = json.loads(out)
    assert len(data["configs"]) == 20
    assert not [c for c in data["configs"] if c["verdict"] == "slower"]
    assert max(abs(c["change_pct"]) for c in data["configs"]) < 1.5
    k = data["kernels"][0]
    # the argmin moved between the repeats, but only within noise: reported as a tie
    assert k["best_a"] == "32x8" and k["best_b"] == "64x4" and k["new_best_wins"] is False
    md = run_cli(["review", "-a", str(a), "-b", str(b), "--markdown"], capsys)[1]
    assert "64x4 (tie: 32x8 2.464 ms, within noise)" in md


def test_l1_off_on_hopper_changes_nothing_beyond_noise():
    """The app built with -dlcm=cg (L1 off for global loads) against the default build."""
    base, _ = read_sweep(REVIEW / "matmul_app_app_base_a.csv")
    l1off, _ = read_sweep(REVIEW / "matmul_app_app_l1off.csv")
    result = review_tables(base, l1off, threshold_pct=0, fail_on="any", run_rules=False)
    assert {c.verdict for c in result.configs} == {"unchanged"}
    assert result.kernels[0].best_a == result.kernels[0].best_b == "32x8"
    assert result.exit_code == 0


def test_findings_follow_the_metrics_not_the_pick():
    """Slowing the best shapes moves the pick but changes no configuration's findings;
    a configuration that now needs 128 registers per thread gains the register finding."""
    seed, _ = read_sweep(SEED_MATMUL)
    moved = scaled(seed, 1.5, (seed["block_y"] <= 2) & (seed["block_x"] >= 128))
    result = review_tables(seed, moved)
    assert result.kernels[0].best_changed
    assert result.findings_added == [] and result.findings_removed == []

    hopper, _ = read_sweep(HOPPER / "matmul_naive.csv")
    idx = hopper[hopper["achieved_occupancy"].notna()].index[0]
    heavy = hopper.copy()
    heavy.loc[idx, "registers_per_thread"] = 128
    result = review_tables(hopper, heavy)
    label = f"{int(hopper.loc[idx, 'block_x'])}x{int(hopper.loc[idx, 'block_y'])}"
    added = {(f["rule_id"], f["config_label"]) for f in result.findings_added}
    assert ("occupancy-limited-by-registers", label) in added
    assert all(f["config_label"] == label for f in result.findings_added + result.findings_removed)


def test_json_to_a_file_kernel_filter_errors_and_gpu_note(hopper_two_kernels, tmp_path, capsys):
    path = write(hopper_two_kernels, tmp_path / "a.csv")
    out_file = tmp_path / "review.json"
    code, out, err = run_cli(["review", "-a", path, "-b", path, "--json", "-o", str(out_file)],
                             capsys)
    assert code == 0 and out == "" and "no regression" in err
    assert json.loads(out_file.read_text())["exit_code"] == 0
    code, _, err = run_cli(["review", "-a", path, "-b", path, "--kernel", "sgemm*"], capsys)
    assert code == 2 and err == "error: no kernel matches --kernel sgemm*\n"
    other = hopper_two_kernels.copy()
    other["gpu"] = "NVIDIA H100 80GB HBM3"
    result = review_tables(hopper_two_kernels, other, run_rules=False)
    assert any(n.startswith("different GPUs") for n in result.notes)


def test_rules_dir_errors_are_the_users_to_fix(hopper_two_kernels, tmp_path, capsys):
    path = write(hopper_two_kernels, tmp_path / "a.csv")
    code, _, err = run_cli(["review", "-a", path, "-b", path, "--rules",
                            str(tmp_path / "missing")], capsys)
    assert code == 2 and err.startswith("error: --rules") and "no such directory" in err
    bad = tmp_path / "rules"
    bad.mkdir()
    (bad / "broken.yaml").write_text("- id: broken\n")
    code, _, err = run_cli(["review", "-a", path, "-b", path, "--rules", str(bad)], capsys)
    assert code == 2 and err.count("\n") == 1 and "broken.yaml" in err


def test_markdown_fits_in_one_comment(monkeypatch):
    """Every Hopper sweep 30% slower: the comment shrinks its tables to fit GitHub's limit."""
    from gpuadvisor.report import markdown

    # every built-in kernel's sweep (matmul_app.csv is the app's matmul_naive: left out)
    tables = [read_sweep(p)[0] for p in sorted(HOPPER.glob("*.csv")) if p.stem != "matmul_app"]
    everything = pd.concat(tables, ignore_index=True)
    result = review_tables(everything, scaled(everything, 1.3), run_rules=False)
    full = markdown.review_markdown(result)
    assert len(full) <= markdown.COMMENT_LIMIT
    changed = sum(c.verdict != "unchanged" for c in result.configs)
    assert changed > 1000
    assert f"…and {changed - 50} more (see `--json`)" in full
    monkeypatch.setattr(markdown, "COMMENT_LIMIT", 8_000)
    short = markdown.review_markdown(result)
    assert len(short) <= 8_000 and short.startswith(markdown.REVIEW_MARKER)
    assert all(f"| `{k.kernel}` |" in short for k in result.kernels)  # every kernel's best


def test_repeated_launches_are_collapsed_to_their_median_with_spread():
    """Two real recordings of the same 20 shapes in one table (the review fixtures' repeats)
    are one configuration each: median time, and the two rows' spread as noise."""
    a, _ = read_sweep(REVIEW / "matmul_app_app_base_a.csv")
    b, _ = read_sweep(REVIEW / "matmul_app_app_base_b.csv")
    both = pd.concat([a, b], ignore_index=True)
    result = review_tables(both, both, run_rules=False)
    assert len(result.configs) == 20
    assert any("20 configurations appear more than once" in n for n in result.notes)
    first = result.configs[0]
    pair = both[(both["block_x"] == first.block[0]) & (both["block_y"] == first.block[1])]
    assert first.time_a == pytest.approx(pair["time_ms"].median())
    assert first.noise_ms == pytest.approx(2 ** 0.5 * 2 * pair["time_ms"].std(ddof=1))
