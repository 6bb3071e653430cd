"""External apps as targets: placeholders and environment, the time line, and failures
(crash, hang, non-zero exit, no time, invalid output) that become rows while the sweep goes
on. The app here is a small Python script standing in for a CUDA program."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pandas as pd
from typer.testing import CliRunner

from gpuadvisor.cli import app, main
from gpuadvisor.space import Config
from gpuadvisor.targets.base import DeviceInfo
from gpuadvisor.targets.external import ExternalTarget, parse_report, substitute


def make_app(tmp_path):
    """Copy tests/fake_gpu/fake_app.py with this interpreter in its #! line."""
    text = (Path(__file__).parent / "fake_gpu" / "fake_app.py").read_text()
    path = tmp_path / "fake_app.py"
    path.write_text(f"#!{sys.executable}\n" + text.split("\n", 1)[1])
    path.chmod(0o755)
    return path


def test_placeholders_and_report_parsing():
    config = Config("k", (32, 8, 1), "l1_off")
    assert substitute(
        ["-b", "{block_x}x{block_y}", "{cache_config}", "{n}", "{block_size}"], config
    ) == ["-b", "32x8", "l1_off", "{n}", "256"]
    text = "gpuadvisor: time_ms=1.5\nnoise\ngpuadvisor: time_ms=2.5 repeats=3 valid=0 bogus\n"
    assert parse_report(text) == {"time_ms": 2.5, "repeats": 3.0, "valid": False}
    assert parse_report("no line here") is None


def test_rows_for_every_outcome(tmp_path, monkeypatch):
    app_path = make_app(tmp_path)
    log = tmp_path / "calls.jsonl"
    monkeypatch.setenv("FAKE_APP_LOG", str(log))
    for name in [k for k in os.environ if k.startswith("GPUADVISOR_")]:
        monkeypatch.delenv(name)  # e.g. GPUADVISOR_ALL_FIXTURES: the app logs every one
    target = ExternalTarget(
        str(app_path),
        ["{block_x}", "{block_y}"],
        "fake",
        timeout_s=2,
        device_info=DeviceInfo(gpu="Fake", arch="sm_90", sm_count=132),
    )
    rows = {
        c: target.measure(Config("fake", (*c, 1), "prefer_l1"))
        for c in [(32, 8), (3, 4), (32, 3), (64, 12), (8, 8), (16, 2)]
    }
    ok = rows[(32, 8)]
    assert ok["status"] == "ok" and ok["time_ms"] == 1.008 and ok["time_ms_min"] == 0.5
    assert (ok["repeats"], ok["grid_x"], ok["grid_y"], ok["gpu"]) == (9, 8, 32, "Fake")
    assert rows[(3, 4)]["status"] == "failed" and "crashed (SIGSEGV)" in rows[(3, 4)]["error"]
    assert rows[(32, 3)]["error"] == "exit code 3: launch failed: too many resources"
    assert rows[(64, 12)]["error"] == "timed out after 2 s (killed)"
    assert "no 'gpuadvisor: time_ms=<ms>' line" in rows[(8, 8)]["error"]
    assert rows[(16, 2)]["status"] == "invalid" and rows[(16, 2)]["time_ms"] > 0
    first = json.loads(log.read_text().splitlines()[0])
    assert first["argv"] == ["32", "8"]
    assert first["env"] == {
        "GPUADVISOR_BLOCK_X": "32",
        "GPUADVISOR_BLOCK_Y": "8",
        "GPUADVISOR_BLOCK_Z": "1",
        "GPUADVISOR_BLOCK_SIZE": "256",
        "GPUADVISOR_CACHE_CONFIG": "prefer_l1",
    }


def test_cli_sweep_goes_on_after_failures(tmp_path):
    app_path = make_app(tmp_path)
    out = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        [
            "tune",
            str(app_path),
            "--kernel",
            "fake",
            "--arch",
            "sm_90",
            "--no-profile",
            "--timeout",
            "2",
            "--shapes",
            "32x8,3x4,32x3,64x12,32x1,16x16,8x8,2048x1",
            "--out",
            str(out),
            "--",
            "{block_x}",
            "{block_y}",
        ],
    )
    assert result.exit_code == 0, result.output
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert len(table) == 7  # 2048x1 is beyond sm_90's 1024 threads: left out, not run
    status = dict(zip(zip(table.block_x, table.block_y, strict=True), table.status, strict=True))
    assert status == {
        (32, 8): "ok",
        (3, 4): "failed",
        (32, 3): "failed",
        (64, 12): "failed",
        (32, 1): "ok",
        (16, 16): "ok",
        (8, 8): "failed",
    }
    assert "2048 threads per block exceeds" in (out / "excluded.csv").read_text()
    assert "Best configurations" in result.stdout and "32x1x1" in result.stdout
    assert f"sweep table: {out / 'sweep.csv'}" in result.stdout.replace("\n", "")


def run_main(capsys, *args):
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_cli_errors_are_one_line(tmp_path, capsys):
    app_path = make_app(tmp_path)
    cases = [
        (
            ["tune", str(tmp_path / "missing"), "--kernel", "k", "--arch", "sm_90", "--no-profile"],
            "missing: no such program",
        ),
        (["tune", str(app_path), "--arch", "sm_90"], "pass --kernel NAME"),
        (
            [
                "tune",
                str(app_path),
                "--kernel",
                "k",
                "--arch",
                "sm_90",
                "--cache-configs",
                "l2_off",
                "--no-profile",
            ],
            "unknown cache configuration 'l2_off'",
        ),
        (
            ["tune", str(app_path), "--kernel", "k", "--arch", "sm_90", "--timeout", "0"],
            "--timeout must be a positive",
        ),
        (["tune", "matrix_add", "--param", "ROWS"], "bad --param 'ROWS'"),
    ]
    for args, message in cases:
        code, _, err = run_main(capsys, *args)
        assert code == 2, (args, err)
        assert err.startswith("error: ") and message in err and err.count("\n") == 1, err
