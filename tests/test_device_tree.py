"""tools/device_tree.sh: the recorded fixtures out of the working tree before a device call
(whose carried tree is limited to 64 MiB) and back after, never losing uncommitted work."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("git") is None or shutil.which("bash") is None,
                                reason="needs git and bash")

FILES = {"fixtures/hopper/blind7/h200/k.csv": "a,b\n1,2\n",
         "fixtures/hopper/blind7-repeat/h200/k.csv": "a,b\n1,3\n",
         "fixtures/hopper/default-search7/k.journal.jsonl": "{}\n",
         "fixtures/hopper/full-ncu/raw.csv": "x\n",
         "docs/heatmaps/h200/report.html": "<html></html>\n",
         "fixtures/hopper/sweeps/matmul.csv": "a\n1\n",  # kept: not a recording's output
         "kernels/k.cu": "// kernel\n"}


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True,
                          check=True).stdout


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    for name, text in FILES.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    (repo / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "device_tree.sh", repo / "tools")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "fixtures")
    return repo


def _run(repo: Path, verb: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(repo / "tools" / "device_tree.sh"), verb],
                          capture_output=True, text=True)


def test_slim_takes_the_recordings_out_and_restore_brings_them_back(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    slim = _run(repo, "slim")
    assert slim.returncode == 0, slim.stderr
    assert "MiB of tracked files left" in slim.stdout
    left = sorted(str(p.relative_to(repo)) for p in repo.rglob("*")
                  if p.is_file() and ".git" not in p.parts)
    assert left == ["fixtures/hopper/sweeps/matmul.csv", "kernels/k.cu",
                    "tools/device_tree.sh"]
    assert not (repo / "fixtures" / "hopper" / "blind7").exists()  # no empty folders left
    restore = _run(repo, "restore")
    assert restore.returncode == 0, restore.stderr
    assert all((repo / name).read_text() == text for name, text in FILES.items())
    assert _git(repo, "status", "--porcelain") == ""


def test_slim_refuses_while_a_recording_is_not_committed(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    new = repo / "fixtures" / "hopper" / "blind8" / "h200" / "k.csv"  # unpacked, not committed
    new.parent.mkdir(parents=True)
    new.write_text("a\n1\n")
    changed = repo / "fixtures" / "hopper" / "blind7" / "h200" / "k.csv"
    for make in (lambda: None, lambda: (new.unlink(), changed.write_text("edited\n"))):
        make()
        slim = _run(repo, "slim")
        assert slim.returncode == 1 and "commit them first" in slim.stderr
        assert (repo / "fixtures" / "hopper" / "blind7-repeat" / "h200" / "k.csv").exists()
    assert changed.read_text() == "edited\n"
    assert _run(repo, "nonsense").returncode == 2


def test_outside_a_git_checkout_it_says_so_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "tools").mkdir()
    shutil.copy(ROOT / "tools" / "device_tree.sh", tmp_path / "tools")
    result = _run(tmp_path, "slim")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"device_tree: {tmp_path} is not a git checkout"]
