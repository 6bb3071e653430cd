"""tools/unpack_blind_set.sh: one blind set's device call (records.tgz, live.tgz,
gpu_tests.log, as tools/record_blind_set.sh packs them) unpacked into the fixtures it becomes.
(On the real calls of sets 120-122 it reproduced the committed fixtures byte for byte.)"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("bash") is None or shutil.which("tar") is None,
                                reason="needs bash and tar")


def _tgz(path: Path, files: dict[str, str | bytes]) -> None:
    with tarfile.open(path, "w:gz") as tar:
        for name, text in files.items():
            data = text if isinstance(text, bytes) else text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))


def _call(tmp_path: Path) -> Path:
    """A device call's returned files, two kernels, as the recorder packs them."""
    at = tmp_path / "out"
    at.mkdir()
    (at / "gpu_tests.log").write_text("2 passed\n")
    records: dict[str, str | bytes] = {}
    for run in ("rec", "rep"):
        inner = tmp_path / f"{run}.tgz"
        _tgz(inner, {f"./{k}/sweep.csv": f"kernel,time_ms\n{k},{run}\n"
                     for k in ("k2d", "k1d")} | {"./k2d/journal.jsonl": "{}\n"})
        for text in ("provenance", "steps", "summary"):
            records[f"{run}/{text}.txt"] = f"{run} {text}\n"
        records[f"{run}/calibration.tgz"] = inner.read_bytes()
    _tgz(at / "records.tgz", records)
    live = {"live/provenance.txt": "live provenance\n", "live/steps.txt": "k2d rc=0\n"}
    for k in ("k2d", "k1d"):
        live |= {f"live/{k}/sweep.csv": f"kernel\n{k} live\n",
                 f"live/{k}/journal.jsonl": f'{{"kernel": "{k}"}}\n',
                 f"live/{k}/sweep.jsonl": "{}\n", f"live/{k}.log": f"{k} log\n"}
    _tgz(at / "live.tgz", live)
    return at


def _run(repo: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", str(repo / "tools" / "unpack_blind_set.sh"), *args],
                          capture_output=True, text=True, cwd=repo)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    shutil.copy(ROOT / "tools" / "unpack_blind_set.sh", repo / "tools")
    return repo


def test_the_call_becomes_the_sets_three_fixture_folders(repo: Path, tmp_path: Path) -> None:
    done = _run(repo, "7", str(_call(tmp_path)))
    assert done.returncode == 0, done.stderr
    hopper = repo / "fixtures" / "hopper"
    listed = {Path(line).relative_to("fixtures/hopper").as_posix()
              for line in done.stdout.split()}
    assert listed == {
        "blind7/gpu_tests.log", "blind7/h200/k2d.csv", "blind7/h200/k1d.csv",
        "blind7/h200/provenance.txt", "blind7/h200/steps.txt", "blind7/h200/summary.txt",
        "blind7-repeat/h200/k2d.csv", "blind7-repeat/h200/k1d.csv",
        "blind7-repeat/h200/provenance.txt", "blind7-repeat/h200/steps.txt",
        "blind7-repeat/h200/summary.txt",
        "default-search7/k2d.csv", "default-search7/k2d.journal.jsonl", "default-search7/k2d.log",
        "default-search7/k1d.csv", "default-search7/k1d.journal.jsonl", "default-search7/k1d.log",
        "default-search7/provenance.txt", "default-search7/steps.txt"}
    assert (hopper / "blind7/h200/k2d.csv").read_text() == "kernel,time_ms\nk2d,rec\n"
    assert (hopper / "blind7-repeat/h200/k1d.csv").read_text() == "kernel,time_ms\nk1d,rep\n"
    assert (hopper / "blind7-repeat/h200/summary.txt").read_text() == "rep summary\n"
    assert (hopper / "default-search7/k1d.journal.jsonl").read_text() == '{"kernel": "k1d"}\n'
    assert (hopper / "default-search7/steps.txt").read_text() == "k2d rc=0\n"


def test_a_set_already_there_is_never_written_over(repo: Path, tmp_path: Path) -> None:
    at = _call(tmp_path)
    assert _run(repo, "7", str(at)).returncode == 0
    kept = repo / "fixtures/hopper/blind7/h200/k2d.csv"
    kept.write_text("edited\n")
    again = _run(repo, "7", str(at))
    assert again.returncode == 1
    assert again.stderr.strip() == "unpack_blind_set: fixtures/hopper/blind7 exists already"
    assert kept.read_text() == "edited\n"


def test_missing_files_and_bad_arguments_are_one_line_and_exit_2(repo: Path,
                                                                 tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    missing = _run(repo, "7", str(empty))
    assert missing.returncode == 2
    assert missing.stderr.strip() == f"unpack_blind_set: {empty}/gpu_tests.log: no such file"
    assert not (repo / "fixtures").exists()
    for args in ((), ("seven", str(empty)), ("7",)):
        bad = _run(repo, *args)
        assert bad.returncode == 2 and bad.stderr.startswith("usage: ")


def test_an_unreadable_archive_or_a_missing_file_writes_nothing(repo: Path,
                                                                tmp_path: Path) -> None:
    at = _call(tmp_path)
    (at / "live.tgz").write_bytes(b"not a gzip file")
    broken = _run(repo, "7", str(at))
    assert broken.returncode == 2
    assert broken.stderr.strip() == f"unpack_blind_set: {at}/live.tgz: not a readable .tgz"
    assert not (repo / "fixtures").exists()

    (tmp_path / "second").mkdir()
    at = _call(tmp_path / "second")
    _tgz(at / "live.tgz", {"live/provenance.txt": "p\n", "live/steps.txt": "s\n",
                           "live/k2d/sweep.csv": "kernel\nk2d\n"})  # no journal, no log
    missing = _run(repo, "7", str(at))
    assert missing.returncode == 2
    assert missing.stderr.strip() == (f"unpack_blind_set: {at}/live.tgz: "
                                      "no live/k2d/journal.jsonl")
    assert not (repo / "fixtures").exists()
