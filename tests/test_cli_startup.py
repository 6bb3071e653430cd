"""Start-up of the CLI (issue 13): a command imports its own module and the libraries it uses,
not every command's (benchmarks/startup.py times it)."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import typer

from gpuadvisor.cli import command_modules

ROOT = Path(__file__).resolve().parents[1]
PROFILE = ROOT / "fixtures" / "hopper" / "profile" / "profile_16x16.csv"


def test_each_command_module_registers_the_command_it_is_named_after():
    modules = command_modules()
    assert {"analyze", "arch", "import", "kernels", "rules", "tune"} <= set(modules)
    for name, module_name in modules.items():
        holder = typer.Typer()
        importlib.import_module(module_name).register(holder)
        names = [c.name for c in holder.registered_commands]
        names += [g.name for g in holder.registered_groups]
        assert names == [name], (module_name, names)


def _modules_after(*args: str) -> tuple[int, set[str]]:
    """Run the CLI in a fresh interpreter; its exit code and the modules it imported."""
    code = (
        "import sys\n"
        "from gpuadvisor.cli import main\n"
        "try:\n"
        f"    main({list(args)!r})\n"
        "except SystemExit as exit:\n"
        "    status = exit.code or 0\n"
        "print('\\n' + '\\n'.join(sorted(sys.modules)), file=sys.stderr)\n"
        "sys.exit(status)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    return proc.returncode, set(proc.stderr.split())


def test_version_imports_no_command_and_no_data_library():
    status, modules = _modules_after("--version")
    assert status == 0
    assert not {m for m in modules if m.startswith("gpuadvisor.commands.")}
    assert not modules & {"pandas", "numpy", "yaml", "jsonschema", "matplotlib"}


def test_rule_only_analyze_imports_only_its_command():
    status, modules = _modules_after("analyze", "--rule-only", str(PROFILE), "--json")
    assert status == 0
    assert {m for m in modules if m.startswith("gpuadvisor.commands.")} == {
        "gpuadvisor.commands.analyze"}
    assert not modules & {"matplotlib", "jsonschema", "rich.table"}
    # (typer 0.29 imports pydantic for its option adapters: ~65 ms; pyproject keeps < 0.29)
    assert "pydantic" not in modules


def test_rule_only_analyze_output_is_the_documented_json():
    proc = subprocess.run([sys.executable, "-m", "gpuadvisor", "analyze", "--rule-only",
                           str(PROFILE), "--json", "--top", "3"], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [e["rank"] for e in out["ranking"]] == [1, 2, 3]
    assert {e["kernel"] for e in out["ranking"]} == {"matmul_naive"}
