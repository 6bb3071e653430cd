"""Tuning an unmodified app: a build per configuration (templated command, macro rewriting,
-D for guarded macros, caching, parallel), timing from outside under ncu, the knob check, and
a --kernel regex over several kernels. A stand-in compiler builds the app and a stand-in ncu
replays rows Nsight Compute recorded on an H200 (tests/fake_build/README.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gpuadvisor.cli import app, main
from gpuadvisor.errors import UserError
from gpuadvisor.space import Config
from gpuadvisor.sweep import read_sweep
from gpuadvisor.targets.build import Builder, macro_sites, parse_define, plan_defines

FAKE = Path(__file__).parent / "fake_build"
HEADER = """// block shape of the app
#ifndef BLOCK_Y
#define BLOCK_Y 8
#endif
#define BLOCK_X 32  // columns
"""


def make_src(tmp_path: Path, launches: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "config.h").write_text(HEADER)
    (src / "app.cu").write_text('#include "config.h"\n' + launches)
    return src


@pytest.fixture
def env(tmp_path, monkeypatch):
    monkeypatch.setenv("NCU", str(FAKE / "ncu"))
    monkeypatch.setenv("FAKE_NVCC_LOG", str(tmp_path / "nvcc.log"))
    monkeypatch.setenv("FAKE_APP_RUNS", str(tmp_path / "runs.log"))
    monkeypatch.setenv("FAKE_NCU_ARGS", str(tmp_path / "ncu.log"))
    monkeypatch.delenv("NVCC_APPEND_FLAGS", raising=False)
    return tmp_path


def tune(src: Path, out: Path, shapes: str, kernel: str, *extra: str):
    return CliRunner().invoke(
        app,
        [
            "tune", "./app",
            "--build", f"{sys.executable} {FAKE / 'fake_nvcc'} app.cu -o app",
            "--src", str(src),
            "--define", "BLOCK_X={block_x}",
            "--define", "BLOCK_Y={block_y}",
            "--shapes", shapes, "--kernel", kernel, "--arch", "sm_90", "--no-profile",
            "--jobs", "2", "--out", str(out), *extra,
        ],
    )  # fmt: skip


def test_defines_rewrite_unguarded_lines_and_pass_guarded_ones(tmp_path):
    src = make_src(tmp_path, "// launch matrix_add BLOCK_X BLOCK_Y\n")
    sites = {n: macro_sites(src, n) for n in ("BLOCK_X", "BLOCK_Y", "TILE")}
    assert [(s.path, s.line, s.guarded) for s in sites["BLOCK_X"]] == [("config.h", 5, False)]
    assert [(s.path, s.line, s.guarded) for s in sites["BLOCK_Y"]] == [("config.h", 3, True)]
    defines = [parse_define(d) for d in ("BLOCK_X={block_x}", "BLOCK_Y={block_y}", "TILE=4")]
    flags, rewrites = plan_defines(sites, defines, {"block_x": "16", "block_y": "2"})
    assert flags == ["-DBLOCK_Y=2", "-DTILE=4"]
    assert [r.describe() for r in rewrites] == [
        "config.h:5: #define BLOCK_X 32  // columns -> #define BLOCK_X 16  // columns"
    ]
    with pytest.raises(Exception, match="bad --define"):
        parse_define("BLOCK X")


def test_sweep_builds_each_configuration_times_under_ncu_and_keeps_the_tree(env):
    src = make_src(env, "// launch matrix_add BLOCK_X BLOCK_Y\n")
    (src / "PROVENANCE.txt").write_text(
        "repository: github.com/someone/app\ncommit: " + "ab" * 20 + "\nnot a key: x\n"
    )
    before = {p.name: p.read_text() for p in src.iterdir()}
    out = env / "out"
    result = tune(src, out, "16x16,32x8,32x32", "matrix_add")
    assert result.exit_code == 0, result.output
    assert "rewrote config.h:5: #define BLOCK_X 32  // columns -> #define BLOCK_X 16" in (
        result.output
    )
    assert "[build " in result.output and ", ncu " in result.output  # what a config cost
    table, meta = read_sweep(out / "sweep.csv")
    rows = {(r.block_x, r.block_y): r for r in table.itertuples()}
    # Real H200 gpu__time_duration of matrix_add at these blocks (ncu-raw/matrix_add-batch1.csv)
    assert rows[(16, 16)].time_ms == pytest.approx(0.15872)
    assert rows[(32, 8)].time_ms == pytest.approx(0.148768)
    assert rows[(16, 16)].status == "ok" and rows[(16, 16)].grid_x == 384
    failed = rows[(32, 32)]
    assert failed.status == "failed" and failed.error.startswith("build failed: exit code 255")
    assert "uses too much shared data (0x10000 bytes, 0xc000 max)" in failed.error
    assert "--clock-control none --cache-control none" in rows[(16, 16)].source
    assert meta["build"].endswith("app.cu -o app") and len(meta["source_sha256"]) == 64
    assert meta["defines"] == "BLOCK_X={block_x} BLOCK_Y={block_y}"
    assert (meta["src_repository"], meta["src_commit"]) == ("github.com/someone/app", "ab" * 20)
    assert meta["ncu"] == "2025.3.1.0"  # the replaying stand-in says it is that version
    assert "--clock-control none --cache-control none" in meta["timing_without_time_line"]
    assert {p.name: p.read_text() for p in src.iterdir()} == before  # user's tree untouched
    compiles = [json.loads(x) for x in (env / "nvcc.log").read_text().splitlines()]
    assert sorted(c["flags"]["BLOCK_Y"] for c in compiles) == ["16", "32", "8"]
    assert all(Path(c["cwd"]).parent == (out / "builds").resolve() for c in compiles)
    # One plain run shows the app prints no time; from then on one ncu run per configuration.
    assert len((env / "runs.log").read_text().splitlines()) == 1 + 2
    ncu_args = json.loads((env / "ncu.log").read_text().splitlines()[0])
    assert ncu_args[:2] == ["--metrics", "gpu__time_duration.sum"]

    again = tune(src, out, "16x16,32x8,32x32", "matrix_add", "--overwrite")
    assert again.exit_code == 0, again.output
    assert "build 16x16x1: cached" in again.output
    assert len((env / "nvcc.log").read_text().splitlines()) == len(compiles) + 1  # failed one


def test_an_app_that_ignores_the_knob_fails_the_row(env):
    src = make_src(env, "// launch matrix_add 32 8\n")
    result = tune(src, env / "out", "16x16,32x8", "matrix_add")
    assert result.exit_code == 0, result.output
    table, _ = read_sweep(env / "out" / "sweep.csv")
    rows = {(r.block_x, r.block_y): r for r in table.itertuples()}
    assert rows[(16, 16)].status == "failed"
    assert rows[(16, 16)].error == (
        "asked for 16x16, the app launched 32x8: the build or argument did not reach the launch"
    )
    assert rows[(32, 8)].status == "ok"


def test_a_launch_that_faults_under_ncu_names_ncus_error(env, monkeypatch):
    # srad_v2 (Rodinia) on an H100: the driver reported LaunchFailed under ncu (recorded).
    recorded = Path(__file__).parents[1] / "fixtures" / "apps" / "srad_v2" / "ncu_launch_failed.txt"
    monkeypatch.setenv("FAKE_NCU_REPLAY", str(recorded))
    monkeypatch.setenv("FAKE_NCU_REPLAY_EXIT", "9")
    src = make_src(env, "// launch srad_cuda_1 16 16\n")
    result = tune(src, env / "out", "16x16", "srad_cuda_[12]")
    assert result.exit_code == 0, result.output
    table, _ = read_sweep(env / "out" / "sweep.csv")
    [row] = list(table.itertuples())
    assert row.status == "failed"
    assert row.error == (
        "ncu reported no time for kernels matching 'srad_cuda_[12]' (exit code 9: An error was "
        "reported by the driver: LaunchFailed; The application returned an error code (9).)"
    )


def test_a_kernel_regex_gives_rows_per_kernel_and_ranks_their_sum(env):
    src = make_src(
        env, "// launch matmul_naive BLOCK_X BLOCK_Y\n// launch matmul_tiled BLOCK_X BLOCK_Y\n"
    )
    result = tune(src, env / "out", "16x16,32x8", "matmul_", "--objective", "each")
    assert result.exit_code == 0, result.output
    assert "Best configurations (matmul_naive)" in result.output
    assert "Best configurations (matmul_tiled)" in result.output
    table, _ = read_sweep(env / "out" / "sweep.csv")
    by = {(r.kernel, r.block_x, r.block_y): r for r in table.itertuples()}
    assert by[("matmul_naive", 16, 16)].time_ms == pytest.approx(4.157664)
    assert by[("matmul_tiled", 16, 16)].time_ms == pytest.approx(5.84368)
    total = by[("matmul_", 16, 16)]
    assert total.time_ms == pytest.approx(4.157664 + 5.84368)
    assert total.kernels == "matmul_naive+matmul_tiled"
    assert total.total_ms == pytest.approx(4.157664 + 5.84368) and total.repeats == 1
    assert by[("matmul_tiled", 32, 8)].part_of == "matmul_"
    assert len(table) == 6
    ranked = tune(src, env / "out", "16x16,32x8", "matmul_", "--resume")
    assert ranked.exit_code == 0 and "Best configurations (matmul_)" in ranked.output
    assert "2 of 2 configurations already done" in ranked.output


def test_builds_run_in_parallel_and_share_identical_configurations(env):
    src = make_src(env, "// launch matrix_add BLOCK_X BLOCK_Y\n")
    builder = Builder(
        f"{sys.executable} {FAKE / 'fake_nvcc'} app.cu -o app",
        src,
        [parse_define("BLOCK_X={block_x}")],  # BLOCK_Y stays 8: two configs, one build
        env / "builds",
        jobs=4,
    )
    configs = [Config("k", (16, 1, 1), "default"), Config("k", (16, 1, 1), "l1_off")]
    results = builder.build_all([*configs, Config("k", (64, 1, 1), "default")])
    assert results[configs[0].key].build_dir == results[configs[1].key].build_dir
    assert all(r.ok and not r.cached for r in results.values())
    assert len((env / "nvcc.log").read_text().splitlines()) == 2
    assert builder.build(configs[0]).cached


def test_build_mistakes_are_one_line_errors(tmp_path, capsys):
    for argv, words in [
        (["--src", str(tmp_path)], "--src, --define, --jobs and --out-of-tree go with --build"),
        (["--build", "make", "--define", "BLOCK X"], "bad --define 'BLOCK X'"),
        (["--build", "make", "--src", str(tmp_path / "nope")], "no such folder"),
        (["--build", "make", "--objective", "best"], "--objective must be sum or each"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(["tune", "./app", "-k", "x", "--arch", "sm_90", *argv])
        assert stop.value.code != 0
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err


def test_default_src_is_the_current_folder_and_the_sweep_folder_inside_is_left_out(
    env, monkeypatch
):
    src = make_src(env, "// launch matrix_add BLOCK_X BLOCK_Y\n")
    monkeypatch.chdir(src)
    argv = [
        "tune", "./app", "--build", f"{sys.executable} {FAKE / 'fake_nvcc'} app.cu -o app",
        "--define", "BLOCK_X={block_x}", "--define", "BLOCK_Y={block_y}",
        "--shapes", "16x16,32x8", "--kernel", "matrix_add", "--arch", "sm_90",
    ]  # fmt: skip
    first = CliRunner().invoke(app, argv)
    assert first.exit_code == 0, first.output
    table, _ = read_sweep(src / "out" / "tune-matrix_add" / "sweep.csv")
    row = table[table["block_x"] == 16].iloc[0]
    # the profiling pass ran in the build copy too: ncu's counters joined the row
    assert row["profiler"] == "ncu" and row["achieved_occupancy"] > 0
    assert row["ncu_profile_s"] > 0 and ": profile " in first.output  # its cost, shown
    again = CliRunner().invoke(app, [*argv, "--overwrite"])
    assert again.exit_code == 0, again.output
    assert again.output.count(": cached") == 2  # the journal in ./out did not change the hash


def test_a_built_app_that_prints_its_time_keeps_its_own_timer(env):
    src = make_src(
        env, "// launch matrix_add BLOCK_X BLOCK_Y\n// prints gpuadvisor: time_ms=0.25\n"
    )
    result = tune(src, env / "out", "16x16,32x8", "matrix_add")
    assert result.exit_code == 0, result.output
    table, _ = read_sweep(env / "out" / "sweep.csv")
    assert list(table["time_ms"]) == [0.25, 0.25] and set(table["status"]) == {"ok"}
    assert table["source"].str.startswith("app-reported time").all()
    assert not (env / "ncu.log").exists()  # no ncu timing pass (and --no-profile)


def test_out_of_tree_builds_start_empty_and_take_defines_as_flags(env):
    src = make_src(env, "// launch matrix_add BLOCK_X BLOCK_Y\n")
    (src / "config.h").write_text(
        "#ifndef BLOCK_X\n#define BLOCK_X 32\n#endif\n#define BLOCK_Y 8\n"
    )
    command = f"{sys.executable} {FAKE / 'fake_nvcc'} {{src}}/app.cu -o app"
    with pytest.raises(UserError, match="cannot rewrite the unguarded #define at config.h:4"):
        Builder(command, src, [parse_define("BLOCK_Y={block_y}")], env / "b", out_of_tree=True)
    builder = Builder(
        command, src, [parse_define("BLOCK_X={block_x}")], env / "b", out_of_tree=True
    )
    result = builder.build(Config("k", (64, 8, 1), "default"))
    assert result.ok and sorted(p.name for p in result.build_dir.iterdir()) == [
        ".gpuadvisor-build.json",
        "app",
    ]
    assert result.flags == ["-DBLOCK_X=64"] and not result.rewrites
