"""Reading the kernel manifest quickly: one kernel's own entry (``load_kernel``, what a tune of
a built-in kernel and the profiling driver read) and the parsed YAML kept between processes
(``yaml_text.load_cached``). Both must give exactly what the whole, freshly parsed file gives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gpuadvisor import yaml_text
from gpuadvisor.errors import UserError
from gpuadvisor.targets import manifest
from gpuadvisor.targets.manifest import load_kernel, load_manifest, manifest_path

ROOT = Path(__file__).resolve().parents[1]

ENTRY = """  - name: {name}
    title: {name}
    source: k.cu
    entry: k
    access: coalesced
    element_type: float32
    dims: 1
    params: {{N: 64}}
    args:
      - {{name: a, kind: output, dtype: float32, shape: [N]}}
    grid: ["cdiv(N, bx)", 1, 1]
    reference: gpuadvisor.targets.references:copy
"""


def _write(tmp_path: Path, *names: str, header: str = "kernels:\n") -> Path:
    (tmp_path / "k.cu").write_text('extern "C" __global__ void k(float* a) {}\n')
    path = tmp_path / "manifest.yaml"
    path.write_text(header + "".join(ENTRY.format(name=n) for n in names))
    return path


def _child(program: str, env: dict[str, str] | None = None) -> str:
    """What ``python -c program`` prints, run from the repository root (it must succeed)."""
    result = subprocess.run([sys.executable, "-c", program], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, env=env)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_every_sampled_shipped_entry_reads_alone_as_in_the_whole_manifest():
    whole = load_manifest()
    names = list(whole)
    sample = names[::60] + names[-2:]  # the first, every 60th and the last two (~13)
    for name in sample:
        assert load_kernel(manifest_path(), name) == whole[name], name
    # the index (the default data seed) counts the entries before it
    assert load_kernel(manifest_path(), names[-1]).data_seed == whole[names[-1]].data_seed


def test_a_kernel_listed_twice_is_an_error_when_read_alone(tmp_path):
    path = _write(tmp_path, "one", "two", "one")
    with pytest.raises(UserError, match="kernel 'one' is listed twice"):
        load_kernel(path, "one")
    assert load_kernel(path, "two").name == "two"
    with pytest.raises(UserError, match="kernel 'one' is listed twice"):
        load_manifest(path)


def test_an_entry_alone_ends_at_the_next_top_level_key(tmp_path):
    path = _write(tmp_path, "one", "two")
    path.write_text(path.read_text() + "other: [1, 2]\n")
    assert load_kernel(path, "two") == load_manifest(path)["two"]


def test_a_manifest_laid_out_otherwise_is_left_to_the_whole_reader(tmp_path):
    path = _write(tmp_path, "one")
    assert load_kernel(path, "missing") is None
    flow = tmp_path / "flow.yaml"  # the same data in flow style: no entry lines to find
    flow.write_text(json.dumps({"kernels": [{"name": "one"}]}))
    assert load_kernel(flow, "one") is None


def test_get_kernel_and_is_kernel_answer_without_loading_the_whole_manifest(monkeypatch):
    manifest._cached_manifest.cache_clear()

    def whole(*_args):
        raise AssertionError("the whole manifest was loaded")

    monkeypatch.setattr(manifest, "load_manifest", whole)
    assert manifest.is_kernel("matmul_naive")
    assert manifest.get_kernel("matmul_naive").entry == "matmul_naive"
    with pytest.raises(AssertionError, match="whole manifest"):
        manifest.is_kernel("no_such_kernel")  # an unknown name asks the whole manifest


def test_a_name_the_entry_lines_miss_is_found_in_the_whole_manifest(tmp_path, monkeypatch):
    path = _write(tmp_path, "one", "two")
    path.write_text(path.read_text().replace("  - name: one\n    title: one\n",
                                             "  - title: one\n    name: one\n"))
    monkeypatch.setattr(manifest, "manifest_path", lambda: path)
    manifest._cached_manifest.cache_clear()
    assert manifest.is_kernel("one") and manifest.is_kernel("two")
    assert not manifest.is_kernel("three")
    manifest._cached_manifest.cache_clear()


def test_the_parsed_yaml_is_kept_and_read_back_as_json(tmp_path, monkeypatch):
    text = "kernels:\n  - {name: a, n: 3, f: 0.5, ok: true, none: null, list: [1, x]}\n"
    first = yaml_text.load_cached(text)
    kept = list((tmp_path / "cache" / "gpuadvisor" / "yaml").glob("*.json"))
    assert len(kept) == 1 and json.loads(kept[0].read_text()) == first

    def no_yaml(_text):
        raise AssertionError("parsed again")

    monkeypatch.setattr(yaml_text, "safe_load", no_yaml)
    assert yaml_text.load_cached(text) == first
    assert first == {"kernels": [{"name": "a", "n": 3, "f": 0.5, "ok": True, "none": None,
                                  "list": [1, "x"]}]}


def test_yaml_that_json_cannot_give_back_is_never_kept(tmp_path):
    for text in ("when: 2026-12-01\n", "1: one\n", "x: .nan\n"):
        assert repr(yaml_text.load_cached(text)) == repr(yaml_text.safe_load(text))
    assert not list((tmp_path / "cache").rglob("*.json"))


def test_a_broken_kept_file_is_parsed_again(tmp_path):
    text = "a: 1\n"
    yaml_text.load_cached(text)
    (kept,) = (tmp_path / "cache" / "gpuadvisor" / "yaml").glob("*.json")
    kept.write_text("{not json")
    assert yaml_text.load_cached(text) == {"a": 1}


def test_a_tune_of_a_built_in_kernel_reads_only_its_entry(tmp_path):
    """The CLI path: `tune NAME` decides NAME is built in and reads its spec without the whole
    manifest (a stand-in that fails on a whole load proves it)."""
    program = (
        "from gpuadvisor.targets import manifest\n"
        "def whole(*a):\n"
        "    raise SystemExit('whole manifest loaded')\n"
        "manifest.load_manifest = whole\n"
        "from gpuadvisor.tuning import is_builtin\n"
        "assert is_builtin('matmul_naive')\n"
        "print(manifest.get_kernel('matmul_naive').name)\n"
    )
    assert _child(program) == "matmul_naive"


def test_without_a_home_folder_nothing_is_kept_and_the_manifest_still_loads(tmp_path):
    """A bare container (no HOME, no XDG_CACHE_HOME, no password entry): Path.home() raises;
    the YAML is parsed every time and nothing is written."""
    program = (
        "import pathlib\n"
        "def no_home(*a):\n"
        "    raise RuntimeError('Could not determine home directory.')\n"
        "pathlib.Path.home = classmethod(no_home)\n"
        "from gpuadvisor import yaml_text\n"
        "from gpuadvisor.targets.manifest import load_manifest\n"
        "from gpuadvisor.rules.engine import load_rules\n"
        "assert yaml_text.load_cached('a: 1\\n') == {'a': 1}\n"
        "assert len(load_manifest()) > 600 and load_rules()\n"
        "print('ok')\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "XDG_CACHE_HOME")}
    assert _child(program, env) == "ok"


def test_an_entry_alone_is_numbered_as_the_whole_file_numbers_it(tmp_path):
    """The default data seed is the entry's index in the list: an item before it whose first
    key is not its name still counts (and that item itself is read by the whole reader)."""
    path = _write(tmp_path, "one", "two")
    text = path.read_text().replace("  - name: one\n    title: one\n",
                                    "  - title: one\n    name: one\n")
    path.write_text(text)
    whole = load_manifest(path)
    assert load_kernel(path, "two") == whole["two"] and whole["two"].data_seed == 1
    assert load_kernel(path, "one") is None  # not laid out as the shipped entries: left whole
