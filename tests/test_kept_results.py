"""What a run keeps in the user's cache for the next (sector counts per shape, composed rule
files) changes no output: a rule-only analyze reads the same with an empty cache, with the
kept tables, and with kept files that are damaged or foreign."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from gpuadvisor.kept_results import KeptResults, kept

ROOT = Path(__file__).resolve().parents[1]
PROFILE = ROOT / "fixtures" / "hopper" / "profile" / "profile_16x16.csv"


def _analyze(cache: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    return subprocess.run([sys.executable, "-m", "gpuadvisor", "analyze", "--rule-only",
                           str(PROFILE), "--json"], capture_output=True, text=True, env=env,
                          cwd=ROOT, timeout=300, check=False)


def test_rule_only_analyze_reads_the_same_from_kept_results(tmp_path):
    cache = tmp_path / "cache"
    first = _analyze(cache)
    assert first.returncode == 0, first.stderr
    kept_dir = cache / "gpuadvisor" / "kept"
    tables = sorted(p.name.rsplit("-", 1)[0] for p in kept_dir.iterdir())
    assert tables == ["term-units", "warp-transactions"]
    (units_dir,) = kept_dir.glob("term-units-*")
    units = [json.loads(p.read_text()) for p in units_dir.iterdir()]
    assert len(units) > 3  # a file per access term the profile's models use
    assert all(len(u["keys"]) == len(u["values"]) >= 183 for u in units)  # its 184 shapes
    assert len(list((cache / "gpuadvisor" / "rule-yaml").iterdir())) >= 50  # one per rule
    ranking = json.loads(first.stdout)

    second = _analyze(cache)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    assert json.loads(second.stdout) == ranking

    # Damaged, foreign and truncated kept files are ignored, not trusted, and never an error.
    for i, path in enumerate(sorted(kept_dir.glob("*/*.json"))):
        path.write_text(["{\"keys\": [[1, 2]], \"values\": [[\"x\"]]}", "not json",
                         path.read_text()[:100]][i % 3])
    for path in sorted((cache / "gpuadvisor" / "rule-yaml").iterdir())[:5]:
        path.write_text(path.read_text()[:40])
    third = _analyze(cache)
    assert third.returncode == 0, third.stderr
    assert third.stdout == first.stdout


def test_a_table_is_filed_under_its_source_and_an_edit_starts_a_new_one(tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "counting.py"
    source.write_text("def count(): ...\n")
    calls = []

    def square_sum(a: int, b: int) -> tuple[float, ...]:
        calls.append((a, b))
        return (a * a + b * b) / 3, float(a)

    table = KeptResults("squares", source, shard=1)
    for a, b in ((1, 2), (3, 4), (1, 2), (1, 5)):
        if table.get((a, b)) is None:
            table.put((a, b), square_sum(a, b))
    assert calls == [(1, 2), (3, 4), (1, 5)]
    table.save()
    (folder,) = (tmp_path / "cache" / "gpuadvisor" / "kept").iterdir()
    assert folder.name.startswith("squares-")
    assert sorted(p.name for p in folder.iterdir()) == ["1.json", "3.json"]  # a file per a
    again = KeptResults("squares", source, shard=1)
    assert [again.get(k) for k in ((1, 2), (3, 4), (1, 5), (2, 2))] == [
        (5 / 3, 1.0), (25 / 3, 3.0), (26 / 3, 1.0), None]  # bit for bit
    source.write_text("def count(): return 1\n")  # the computation changed
    assert KeptResults("squares", source, shard=1).get((1, 2)) is None

    # The decorator: kept per process and between processes, for int arguments only.
    counted = kept("squares", source)(square_sum)
    calls.clear()
    assert counted(2, 3) == (13 / 3, 2.0) and counted(2, 3) == (13 / 3, 2.0)
    assert calls == [(2, 3)]
    assert counted(2.0, 3) == (13 / 3, 2.0)  # a float argument is computed, not filed
    counted.table.save()  # type: ignore[attr-defined]
    assert KeptResults("squares", source).get((2, 3)) == (13 / 3, 2.0)


def test_a_file_past_its_limit_is_not_written(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    source = tmp_path / "counting.py"
    source.write_text("x = 1\n")
    table = KeptResults("many", source, shard=1, limit=3)
    for i in range(4):
        table.put((0, i), (float(i),))
    table.put((1, 0), (7.0,))
    table.save()
    (folder,) = (tmp_path / "cache" / "gpuadvisor" / "kept").iterdir()
    assert [p.name for p in folder.iterdir()] == ["1.json"]
    assert table.get((0, 3)) == (3.0,)  # still kept for the process
