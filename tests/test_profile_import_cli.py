"""``gpuadvisor profile`` and ``gpuadvisor import`` as a user runs them.

``profile`` runs a stand-in ``ncu``/``nvprof`` put first on PATH that replays real recorded
output (fixtures/hopper/ncu, fixtures/nvprof) and the exit code the real run had, and records
the argv it was given.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.cli import main

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "fixtures"
HOPPER = FIX / "hopper" / "ncu"

FAKE = """#!{python}
import json, os, sys, time
log = os.environ["FAKE_ARGV_LOG"]
with open(log, "a") as fh:
    fh.write(json.dumps(sys.argv[1:]) + "\\n")
if "--version" in sys.argv:
    print("Version 2025.3.1.0 (build 36398880) (public-release)")
    sys.exit(0)
time.sleep(float(os.environ.get("FAKE_SLEEP", "0")))
out = os.environ.get("FAKE_OUTPUT")
args = sys.argv[1:]
if "--log-file" in args:
    dest = args[args.index("--log-file") + 1]
    with open(out) as src, open(dest, "w") as fh:
        fh.write(src.read())
elif out:
    with open(out) as src:
        sys.stdout.write(src.read())
sys.exit(int(os.environ.get("FAKE_RC", "0")))
"""


def _need(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"{path.relative_to(ROOT)} not recorded yet")
    return path


@pytest.fixture
def fake_tools(tmp_path, monkeypatch):
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for name in ("ncu", "nvprof"):
        tool = bindir / name
        tool.write_text(FAKE.format(python=sys.executable))
        tool.chmod(tool.stat().st_mode | stat.S_IEXEC)
    log = tmp_path / "argv.jsonl"
    monkeypatch.setenv("PATH", f"{bindir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("FAKE_ARGV_LOG", str(log))
    monkeypatch.delenv("NCU", raising=False)
    monkeypatch.delenv("NVPROF", raising=False)

    def argv_calls():
        return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []

    return argv_calls


def _run(argv, capsys):
    try:
        main(argv)
        code = 0
    except SystemExit as exit_:
        code = exit_.code or 0
    out, err = capsys.readouterr()
    return code, out, err


# ---------------------------------------------------------------- profile
def test_profile_with_ncu_prints_canonical_metrics(fake_tools, monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("FAKE_OUTPUT", str(_need(HOPPER / "probe_details.csv")))
    out_csv = tmp_path / "one.csv"
    code, out, err = _run(["profile", "./ncu_probe", "--kernel", "matmul_naive",
                           "--launch-count", "2", "-o", str(out_csv), "--json", "--",
                           "32x8", "8x32"], capsys)
    assert code == 0, err
    records = json.loads(out)
    assert [r["block_x"] for r in records] == [32, 8]
    assert records[0]["kernel"] == "matmul_naive"
    assert records[0]["achieved_occupancy"] == pytest.approx(97.49)
    assert records[0]["profiler_version"] == "2025.3.1.0"
    assert records[0]["gld_efficiency"] is None  # missing stays missing
    run = [a for a in fake_tools() if "--version" not in a][0]
    assert run[run.index("-k") + 1] == "regex:matmul_naive"
    assert run[run.index("--launch-count") + 1] == "2"
    assert run[-3:] == ["./ncu_probe", "32x8", "8x32"]
    assert "--metrics" in run and "--cache-control" in run
    table = pd.read_csv(out_csv, comment="#")
    assert list(table["block_y"]) == [8, 32]


def test_profile_table_output(fake_tools, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_OUTPUT", str(_need(HOPPER / "probe_sections_raw.csv")))
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = _run(["profile", "./ncu_probe", "-k", "matrix_add"], capsys)
    assert code == 0
    assert "achieved_occupancy" in out and "stall_memory_dependency" in out
    assert "72.25" in out  # matrix_add achieved occupancy, percent


@pytest.mark.parametrize("fixture, rc, needle, exit_code", [
    ("probe_no_match.txt", 0, "no launch matched", 2),
    ("probe_target_fails.txt", 2, "exited with code 2", 4),
])
def test_profile_errors_are_one_line(fake_tools, monkeypatch, capsys, fixture, rc, needle,
                                     exit_code):
    monkeypatch.setenv("FAKE_OUTPUT", str(_need(HOPPER / fixture)))
    monkeypatch.setenv("FAKE_RC", str(rc))
    code, out, err = _run(["profile", "./ncu_probe", "-k", "x"], capsys)
    assert code == exit_code
    assert err.startswith("error: ") and needle in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_profile_timeout(fake_tools, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_OUTPUT", str(_need(HOPPER / "probe_raw.csv")))
    monkeypatch.setenv("FAKE_SLEEP", "5")
    code, _, err = _run(["profile", "./ncu_probe", "--timeout", "0.5"], capsys)
    assert code == 4 and "timed out after 0.5 s" in err


def test_profile_without_ncu_installed(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("NCU", raising=False)
    code, _, err = _run(["profile", "./app", "-k", "k"], capsys)
    assert code == 2 and err.strip() == "error: ncu not found: install it and put it on PATH " \
                                        "or set NCU"


def test_profile_without_nvprof_installed(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("NVPROF", raising=False)
    code, _, err = _run(["profile", "./app", "--profiler", "nvprof"], capsys)
    assert code == 2 and "nvprof not found" in err


@pytest.mark.parametrize("args, needle", [
    (["--profiler", "rocprof"], "unknown profiler"),
    (["--launch-count", "0"], "--launch-count"),
    (["--launch-skip", "x"], "--launch-skip"),
    (["--timeout", "-1"], "--timeout"),
    (["--cache-control", "some"], "cache control"),
])
def test_profile_bad_options(fake_tools, capsys, args, needle):
    code, _, err = _run(["profile", "./app", *args], capsys)
    assert code == 2 and needle in err and err.count("\n") == 1


def test_profile_with_nvprof_reads_its_log_file(fake_tools, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_OUTPUT",
                       str(FIX / "nvprof" / "leimingyu__magus__matrixMul_metrics.csv"))
    code, out, err = _run(["profile", "./matrixMul", "--profiler", "nvprof", "-k",
                           "matrixMulCUDA", "--json"], capsys)
    assert code == 0, err
    record = json.loads(out)[0]
    assert record["achieved_occupancy"] == pytest.approx(93.5178)
    assert record["profiler"] == "nvprof"
    run = fake_tools()[0]
    assert run[:2] == ["--kernels", "matrixMulCUDA"]
    assert "--csv" in run and "--log-file" in run and run[-1] == "./matrixMul"


# ---------------------------------------------------------------- import
def test_import_every_sample_to_one_sweep_csv(tmp_path, capsys):
    files = sorted(str(p) for p in (FIX / "nvprof").iterdir() if p.suffix != ".md")
    files += [str(FIX / "ncu-samples" / "CodeGandee__llm-perf-opt__ncu.details.csv"),
              str(FIX / "ncu-samples" / "microsoft__superbenchmark__cublaslt_ncu.log")]
    out = tmp_path / "sweep.csv"
    code, stdout, err = _run(["import", *files, "-o", str(out)], capsys)
    assert code == 0, err
    assert f"to {out}" in stdout
    table = pd.read_csv(out, comment="#")
    assert len(table) == 33
    for col in ("kernel", "block_x", "block_y", "block_z", "profiler", "profiler_version",
                "source", "achieved_occupancy", "stall_memory_dependency"):
        assert col in table.columns
    assert set(table["profiler"]) == {"ncu", "nvprof"}
    assert table["source"].notna().all()
    # the nvprof metrics and the nvprof trace of matrixMul were joined into one row
    mm = table[table["kernel"] == "matrixMulCUDA"]
    assert len(mm) == 1
    assert (mm.iloc[0]["block_x"], mm.iloc[0]["block_y"]) == (32, 32)
    assert mm.iloc[0]["achieved_occupancy"] == pytest.approx(93.5178)
    assert mm.iloc[0]["launches"] == 193
    assert "matrixMul_trace.csv" in mm.iloc[0]["source"]


def test_import_hopper_raw_collapses_launches_per_configuration(tmp_path, capsys):
    raw = _need(HOPPER / "probe_raw.csv")
    out = tmp_path / "s.csv"
    code, _, err = _run(["import", str(raw), "-o", str(out)], capsys)
    assert code == 0, err
    table = pd.read_csv(out, comment="#")
    assert len(table) == 15  # every launch here is its own configuration
    assert set(zip(table["block_x"], table["block_y"], strict=True)) == {(32, 8), (16, 16), (8, 32),
                                                            (256, 1), (4, 64)}
    provenance = [line for line in out.read_text().splitlines() if line.startswith("#")]
    assert any("generator: gpuadvisor import" in line for line in provenance)
    raw_copy = tmp_path / "twice.csv"
    code, _, _ = _run(["import", str(raw), str(raw), "-o", str(raw_copy),
                       "--keep-launches"], capsys)
    assert len(pd.read_csv(raw_copy, comment="#")) == 30


def test_import_to_stdout_and_a_saved_sweep_round_trips(tmp_path, capsys):
    src = FIX / "nvprof" / "sankarmanoj__thrust2D__profile"
    code, out, _ = _run(["import", str(src), "-o", "-"], capsys)
    assert code == 0
    saved = tmp_path / "saved.csv"
    saved.write_text(out)
    again = tmp_path / "again.csv"
    code, _, err = _run(["import", str(saved), "-o", str(again)], capsys)
    assert code == 0, err
    assert list(pd.read_csv(again, comment="#")["kernel"]) == ["GOL", "ghostCols", "ghostRows"]


@pytest.mark.parametrize("content, needle", [
    (b"", "empty file"),
    (b"hello,world\n1,2\n", "unknown format"),
    (b"\x00\x01\x02binary", "binary file of unknown format"),
    (b'{"a": 1}\n', "JSON, but not a gpuadvisor sweep table"),
])
def test_import_unknown_or_empty_file(tmp_path, capsys, content, needle):
    path = tmp_path / "input.dat"
    path.write_bytes(content)
    code, _, err = _run(["import", str(path), "-o", str(tmp_path / "o.csv")], capsys)
    assert code == 2 and needle in err and err.count("\n") == 1


def test_import_missing_file_and_missing_output(tmp_path, capsys):
    code, _, err = _run(["import", str(tmp_path / "nope.csv"), "-o", "x.csv"], capsys)
    assert code == 2 and "no such file" in err
    code, _, err = _run(["import", str(FIX / "nvprof" / "sankarmanoj__thrust2D__profile")],
                        capsys)
    assert code == 2 and "-o OUT.csv" in err


def test_import_error_only_ncu_log(tmp_path, capsys):
    code, _, err = _run(["import", str(_need(HOPPER / "probe_no_match.txt")), "-o",
                         str(tmp_path / "o.csv")], capsys)
    assert code == 2 and "kernels it saw: matmul_naive" in err
