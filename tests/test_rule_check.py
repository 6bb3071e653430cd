"""``gpuadvisor rules check``: configuration rules against the times of measured sweeps."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from gpuadvisor import cli
from gpuadvisor.cli import app
from gpuadvisor.rule_check import MIN_TESTS, KernelTest, RuleCheck, kernel_tests
from gpuadvisor.sweep import read_sweep

ROOT = Path(__file__).resolve().parents[1]
MATRIX_ADD = ROOT / "fixtures" / "hopper" / "sweeps" / "matrix_add.csv"


def _rule(rule_id: str, effect: str = "penalize", scope: str = "config") -> SimpleNamespace:
    return SimpleNamespace(id=rule_id, effect=effect, scope=scope)


def _results(rule: SimpleNamespace, statuses: str, factor: float = 0.8,
             others: tuple[tuple[SimpleNamespace, str], ...] = ()) -> list[list]:
    """One row of results per configuration: ``statuses`` one letter each (f fired, q quiet,
    s skipped); ``others``: more rules with their letters."""
    names = {"f": "fired", "q": "quiet", "s": "skipped"}
    rows = []
    for i, letter in enumerate(statuses):
        row = [SimpleNamespace(rule=rule, status=names[letter],
                               factor=factor if letter == "f" else 1.0)]
        for other, letters in others:
            row.append(SimpleNamespace(rule=other, status=names[letters[i]], factor=1.0))
        rows.append(row)
    return rows


def test_a_penalty_is_tested_on_pairs_of_fired_and_quiet_times() -> None:
    rule = _rule("slow-here")
    # fired at 3.0 and 1.0; quiet at 2.0 and 1.0; skipped at 0.5 (left out)
    tests = kernel_tests("t.csv", "k", [3.0, 1.0, 2.0, 1.0, 0.5],
                         _results(rule, "ffqqs"))
    test, fired = tests["slow-here"]
    assert fired
    # pairs (3,2) (3,1) slower, (1,2) faster, (1,1) a tie: (2 + 0.5) / 4
    assert test.agreement == pytest.approx(0.625)
    assert test.fired == 2 and test.quiet == 2
    # medians in log space (an even count: the geometric mean of the middle two)
    assert test.ratio == pytest.approx((3.0 ** 0.5) / (2.0 ** 0.5))
    assert test.rule_ratio == pytest.approx(1.25)  # 1 / 0.8
    assert test.fastest_fired  # 1.0 fired ties the quiet 1.0; the skipped 0.5 is not tested
    assert test.agrees


def test_a_preference_agrees_when_its_configurations_are_faster() -> None:
    rule = _rule("fast-here", effect="prefer")
    test, _ = kernel_tests("t.csv", "k", [1.0, 1.1, 2.0, 3.0],
                           _results(rule, "ffqq", factor=1.1))["fast-here"]
    assert test.agreement == 1.0
    assert test.rule_ratio == pytest.approx(1 / 1.1)


def test_like_for_like_pairs_share_the_size_and_the_other_rules() -> None:
    rule, other = _rule("shape"), _rule("terrible")
    # configurations 0-3 have 256 threads, 4 has 128; "terrible" fired at 3 only
    times = [1.05, 1.00, 1.02, 9.0, 0.5]
    groups = [(256, "default")] * 4 + [(128, "default")]
    results = _results(rule, "fqqqq", others=((other, "qqqfq"),))
    test, _ = kernel_tests("t.csv", "k", times, results, groups)["shape"]
    # all pairs: slower than 1.00, 1.02, 0.5; faster than 9.0
    assert test.agreement == pytest.approx(0.75)
    # like for like: only configurations 1 and 2 (256 threads, "terrible" quiet)
    assert test.like_agreement == 1.0
    # an advice rule does not move scores: it does not split the pairs
    advice = _rule("words", effect="advice")
    results = _results(rule, "fqqqq", others=((advice, "qfqfq"),))
    test, _ = kernel_tests("t.csv", "k", times, results, groups)["shape"]
    assert test.like_agreement == pytest.approx(2 / 3)


def test_a_rule_that_fired_everywhere_it_was_evaluated_is_not_a_test() -> None:
    rule = _rule("always")
    assert kernel_tests("t.csv", "k", [1.0, 2.0, 3.0], _results(rule, "ffs")) == {
        "always": (None, True)}
    assert kernel_tests("t.csv", "k", [1.0, 2.0], _results(rule, "qq")) == {}
    kernel_rule = _rule("kernel-wide", scope="kernel")
    assert kernel_tests("t.csv", "k", [1.0, 2.0], _results(kernel_rule, "fq")) == {}


def _test(agreement: float, like: float | None = None) -> KernelTest:
    return KernelTest("t.csv", "k", 1, 1, agreement, 1.0, None, False, like)


def test_verdicts_count_kernels_on_the_like_for_like_pairs_where_enough_have_them() -> None:
    check = RuleCheck("r", "config", "penalize", fired_kernels=6,
                      tests=[_test(0.9)] * 4 + [_test(0.1)] * 2)
    assert check.basis == "all pairs" and check.verdict == "agrees"  # 4 of 6
    check.tests = [_test(0.9)] * 3 + [_test(0.1)] * 3
    assert check.verdict == "mixed"
    check.tests = [_test(0.1, like=0.9)] * MIN_TESTS + [_test(0.9)]
    assert check.basis == "like for like" and check.verdict == "agrees"  # 5 of 5 alike
    check.tests = [_test(0.9, like=0.2)] * MIN_TESTS
    assert check.verdict == "disagrees"
    check.tests = [_test(0.9)] * (MIN_TESTS - 1)
    assert check.verdict == "too few kernels"
    assert RuleCheck("r", "config", "penalize").verdict == "never fired"
    assert RuleCheck("r", "kernel", "advice").verdict == "not tested here"


def _check_json(*args: str) -> dict:
    result = CliRunner().invoke(app, ["rules", "check", *args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_cli_on_a_recorded_hopper_sweep() -> None:
    out = _check_json(str(MATRIX_ADD), "--rule", "single-line-block-rows",
                      "--rule", "uncoalesced-rows")
    assert out["read"] == "1 table(s), 1 measured kernel(s) (1 on NVIDIA H200)"
    rules = {r["rule_id"]: r for r in out["rules"]}
    assert set(rules) == {"single-line-block-rows", "uncoalesced-rows"}
    single = rules["single-line-block-rows"]["tests"][0]
    # fired at the nine 32-column shapes of more than one row (4 B elements: one 128 B line)
    df, _ = read_sweep(MATRIX_ADD)
    ok = df[(df["status"] == "ok") & df["time_ms"].notna()]
    one_line = (ok["block_x"] == 32) & (ok["block_y"] > 1)
    assert (single["fired"], single["quiet"]) == (int(one_line.sum()), int((~one_line).sum()))
    assert (single["fired"], single["quiet"]) == (9, 137)
    fired, quiet = ok.loc[one_line, "time_ms"], ok.loc[~one_line, "time_ms"]
    slower = sum((a > b) + 0.5 * (a == b) for a in fired for b in quiet)
    assert single["agreement"] == pytest.approx(slower / (9 * 137), abs=1e-4)
    assert single["agreement"] == pytest.approx(0.2976, abs=1e-4)  # 1024x1 and 1x256 are quiet
    # against shapes of its size where no other penalty fired (64x4, 128x2, 256x1 for 32x8),
    # every one-line shape was slower
    assert single["like_for_like_agreement"] == 1.0
    assert single["rule_ratio"] == pytest.approx(1 / 0.975, abs=1e-4)
    coalesced = rules["uncoalesced-rows"]["tests"][0]
    assert coalesced["agreement"] == pytest.approx(0.887, abs=1e-4)
    assert rules["uncoalesced-rows"]["verdict"] == "too few kernels"


def test_cli_table_markdown_and_errors(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["rules", "check", str(MATRIX_ADD)])
    assert result.exit_code == 0, result.output
    assert "uncoalesced-rows" in result.output and "too few" in result.output
    assert "never fired:" in result.output and "not tested here:" in result.output
    out = tmp_path / "check.md"
    result = runner.invoke(app, ["rules", "check", str(MATRIX_ADD), "-o", str(out)])
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert text.startswith("Read: 1 table(s), 1 measured kernel(s) (1 on NVIDIA H200).")
    assert "| single-line-block-rows | penalize | slower | 1 | 1 | 0 of 1 | 1 of 1 |" in text
    for args, message in (
            (["--rule", "no-such-rule"], "no rule 'no-such-rule'"),
            (["--json", "--markdown"], "choose one of --markdown and --json")):
        code, err = _main(["rules", "check", str(MATRIX_ADD), *args], capsys)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
    code, err = _main(["rules", "check", str(tmp_path / "missing.csv")], capsys)
    assert code == 2 and "missing.csv: no such file" in err
    # a profile alone has no times to test a rule against
    profile = ROOT / "fixtures" / "hopper" / "profile" / "profile_16x16.csv"
    code, err = _main(["rules", "check", str(profile)], capsys)
    assert code == 2 and "no kernel in these tables has measured times" in err
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, err = _main(["rules", "check", str(MATRIX_ADD), "-o", str(blocker / "x.md")], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert err.startswith(f"error: {blocker / 'x.md'}: cannot write (")  # a file in the way


def _main(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """The real entry point in-process: exit code and stderr."""
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    return int(exc.value.code or 0), capsys.readouterr().err
