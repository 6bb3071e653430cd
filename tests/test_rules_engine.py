"""Rule files: schema validation with file:line errors, hostile files, loading, documentation,
and the ``gpuadvisor rules`` commands."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gpuadvisor.cli import app
from gpuadvisor.paths import project_root, rules_dir
from gpuadvisor.rules.docs import index_page, markdown_page
from gpuadvisor.rules.engine import (
    DOC_FIELDS,
    RuleFileError,
    evaluate,
    load_rules,
    validate_rule_file,
)

HOSTILE = Path(__file__).parent / "rules_hostile"
runner = CliRunner()


def exit_code(result) -> int:
    """The exit code gpuadvisor.cli.main gives (UserError -> its exit_code)."""
    from gpuadvisor.errors import UserError

    if isinstance(result.exception, UserError):
        return result.exception.exit_code
    return result.exit_code

GOOD = """\
id: {id}
title: A good test rule
severity: warning
scope: config
params:
  limit: {{value: 16, note: a made-up threshold for this test}}
when: block.x < params.limit
effect:
  penalize: 0.5
explain: Only {{block.x}} columns (limit {{params.limit}}).
source: tests/test_rules_engine.py
docs:
  what: Flags narrow blocks in a test.
  why: To test the engine.
  example: A block of 8x32 threads.
  fix: Use wider blocks.
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return path


def test_a_good_rule_loads_and_evaluates(tmp_path: Path) -> None:
    write(tmp_path, "narrow-test", GOOD.format(id="narrow-test"))
    (rule,) = load_rules([tmp_path], builtin=False)
    result = evaluate(rule, {"block": {"x": 8}})
    assert result.status == "fired"
    assert result.factor == 0.5
    assert result.message == "Only 8 columns (limit 16)."
    assert result.speedup == pytest.approx(1.0)
    assert evaluate(rule, {"block": {"x": 32}}).status == "quiet"
    missing = evaluate(rule, {"block": {}})
    assert missing.status == "skipped" and "block.x" in missing.notes[0]


@pytest.mark.parametrize(("mutate", "line", "message"), [
    (lambda t: t.replace("severity: warning", "severity: fatal"), 3, "'fatal' is not one of"),
    (lambda t: t.replace("scope: config\n", "scope: config\ncolour: red\n"), 1,
     "Additional properties are not allowed ('colour'"),
    (lambda t: t.replace("  fix: Use wider blocks.\n", ""), 12,
     "docs: 'fix' is a required property"),
    (lambda t: t.replace("  penalize: 0.5", "  penalize: 0.5\n  prefer: 2"), 8,
     "has too many properties"),
    (lambda t: t.replace("when: block.x < params.limit", "when: block.x <"), 7,
     "when: not a valid expression"),
    (lambda t: t.replace("when: block.x < params.limit", "when: block.x < params.nope"), 7,
     "params.nope is not declared"),
    (lambda t: t.replace("explain: Only", "explain: Only {block.__class__}"), 10,
     "name part '__class__' is not allowed"),
    (lambda t: t.replace("title: A good test rule", "title: A good test rule\ntitle: again"),
     3, "duplicate key 'title'"),
    (lambda t: t.replace("id: bad-id", "id: other-id"), 1,
     "does not match the file name 'bad-id'"),
    (lambda t: t + "extra: [unclosed\n", 18, "YAML error"),
    (lambda t: t.replace("  why: To test", "   why: To test"), 14, "YAML error"),
])
def test_schema_and_expression_errors_name_file_and_line(tmp_path: Path, mutate, line: int,
                                                         message: str) -> None:
    path = write(tmp_path, "bad-id", mutate(GOOD.format(id="bad-id")))
    errors = validate_rule_file(path)
    assert errors, "expected an error"
    assert any(e.startswith(f"{path}:{line}: ") and message in e for e in errors), errors


def test_duplicate_ids_across_directories_are_refused(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    write(tmp_path / "a", "dup-rule", GOOD.format(id="dup-rule"))
    write(tmp_path / "b", "dup-rule", GOOD.format(id="dup-rule"))
    with pytest.raises(RuleFileError) as err:
        load_rules([tmp_path / "a", tmp_path / "b"], builtin=False)
    assert "duplicate rule id 'dup-rule'" in err.value.errors[0]


def test_builtin_rules_are_valid_documented_and_cited() -> None:
    rules = load_rules()
    assert len(rules) >= 30
    for rule in rules:
        assert validate_rule_file(rule.path) == []
        for name in DOC_FIELDS:
            assert len(rule.docs.get(name, "")) >= 10, (rule.id, name)
        assert rule.source, rule.id
        for param, note in rule.param_notes.items():
            assert note, f"{rule.id}: calibration constant {param} has no note"


def test_rules_are_parameterized_by_architecture_not_fermi_constants() -> None:
    for path in rules_dir().glob("*.yaml"):
        data = yaml.safe_load(path.read_text())
        code = " ".join(str(data.get(k, "")) for k in ("when", "let", "effect"))
        for constant in ("1536", "192", "768", " 48 ", "128"):
            assert constant not in code, f"{path.name} hard-codes {constant.strip()}"


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*.yaml")), ids=lambda p: p.stem)
def test_hostile_rule_files_are_rejected_and_run_nothing(path: Path, tmp_path: Path) -> None:
    expect = next(line.split(":", 1)[1].strip() for line in path.read_text().splitlines()
                  if line.startswith("# expect:"))
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    proc = subprocess.run([sys.executable, "-m", "gpuadvisor", "rules", "validate", str(path)],
                          cwd=tmp_path, capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.strip().splitlines()
    assert lines and all(line.startswith(f"{path}:") for line in lines), lines
    assert expect in proc.stdout, proc.stdout
    assert "Traceback" not in proc.stderr
    assert list(tmp_path.iterdir()) == [], "a hostile rule file created a file"


def test_hostile_files_import_nothing_in_process() -> None:
    watched = ("wave", "this", "antigravity")
    before = {m for m in watched if m in sys.modules}
    for path in HOSTILE.glob("*.yaml"):
        assert validate_rule_file(path), path
    assert {m for m in watched if m in sys.modules} == before


def test_rules_validate_cli_exit_codes(tmp_path: Path) -> None:
    write(tmp_path, "narrow-test", GOOD.format(id="narrow-test"))
    ok = runner.invoke(app, ["rules", "validate", str(tmp_path)])
    assert ok.exit_code == 0, ok.output
    assert "1 rule file(s) valid" in ok.output
    builtin = runner.invoke(app, ["rules", "validate"])
    assert builtin.exit_code == 0 and "rule file(s) valid" in builtin.output
    write(tmp_path, "broken", GOOD.format(id="broken").replace("severity: warning",
                                                               "severity: loud"))
    bad = runner.invoke(app, ["rules", "validate", str(tmp_path)])
    assert bad.exit_code == 1
    assert f"{tmp_path / 'broken.yaml'}:3: severity: 'loud' is not one of" in bad.output


def test_rules_list_and_show() -> None:
    listed = runner.invoke(app, ["rules", "list", "--json"])
    assert listed.exit_code == 0
    ids = {r["id"] for r in json.loads(listed.output)}
    assert {"uncoalesced-rows", "low-occupancy", "scattered-disable-l1"} <= ids
    shown = runner.invoke(app, ["rules", "show", "uncoalesced-rows"])
    assert shown.exit_code == 0
    for heading in ("## What it does", "## Why it matters", "## Example", "## Fix",
                    "## Sources", "memory_weight = 0.3"):
        assert heading in shown.output
    missing = runner.invoke(app, ["rules", "show", "no-such-rule"])
    assert exit_code(missing) == 2


def test_user_rule_dirs_add_rules(tmp_path: Path) -> None:
    write(tmp_path, "narrow-test", GOOD.format(id="narrow-test"))
    listed = runner.invoke(app, ["rules", "list", "--json", "--rules", str(tmp_path)])
    assert "narrow-test" in {r["id"] for r in json.loads(listed.output)}
    write(tmp_path, "bad", "id: bad\n")
    broken = runner.invoke(app, ["rules", "list", "--rules", str(tmp_path)])
    assert exit_code(broken) == 2
    assert "invalid rule file" in str(broken.exception)


def test_docs_rules_pages_are_fresh() -> None:
    """docs/rules/ is generated: python -m gpuadvisor.rules.docs."""
    docs = project_root() / "docs" / "rules"
    rules = load_rules()
    for rule in rules:
        page = docs / f"{rule.id}.md"
        assert page.is_file(), f"missing {page}"
        assert page.read_text() == markdown_page(rule), f"stale {page}: regenerate"
    assert (docs / "README.md").read_text() == index_page(rules)


def test_arch_applicability_and_optional_defaults(tmp_path: Path) -> None:
    text = GOOD.format(id="volta-only").replace(
        "scope: config\n",
        "scope: config\napplies_to: {min_cc: '7.0', max_cc: '9.0'}\n"
        "optional: {metrics.l1_hit_rate: 0}\n").replace(
        "when: block.x < params.limit", "when: block.x < params.limit + metrics.l1_hit_rate")
    write(tmp_path, "volta-only", text)
    (rule,) = load_rules([tmp_path], builtin=False)
    fermi = evaluate(rule, {"arch": {"compute_capability": [2, 0]}, "block": {"x": 8}})
    assert fermi.status == "not_applicable" and "7.0" in fermi.notes[0]
    blackwell = evaluate(rule, {"arch": {"compute_capability": [10, 0]}, "block": {"x": 8}})
    assert blackwell.status == "not_applicable" and "9.0" in blackwell.notes[0]
    hopper = evaluate(rule, {"arch": {"compute_capability": [9, 0]}, "block": {"x": 8}})
    assert hopper.status == "fired"
    assert hopper.notes == ["metrics.l1_hit_rate missing: default 0 used"]
