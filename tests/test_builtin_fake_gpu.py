"""The built-in target end to end on a stand-in GPU (tests/fake_gpu: a pycuda.driver whose
memory is host memory and whose kernels are NumPy emulations, and an ncu that runs the
target and prints ncu's CSV layout). It checks the plumbing the real GPU run relies on:
buffers and resets, validation against the reference (a wrong result -> invalid), batched
event timing, cache-configuration attributes, ONE ncu process over the driver for all
configurations, launches mapped back by order and block, a CUDA fault that stops the sweep
and --resume after it."""

from __future__ import annotations

import sys
from pathlib import Path

import pandas as pd
import pytest

from gpuadvisor.cli import main
from gpuadvisor.targets import builtin
from gpuadvisor.targets.compile import Compiled, Resources

FAKE = Path(__file__).parent / "fake_gpu"
PTX = Path(__file__).resolve().parents[1] / "fixtures" / "ptx"


@pytest.fixture
def fake_gpu(monkeypatch, tmp_path):
    for name in [m for m in sys.modules if m == "pycuda" or m.startswith("pycuda.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(FAKE))
    monkeypatch.setenv("PYTHONPATH", str(FAKE))  # the ncu driver subprocess too
    monkeypatch.setenv("NCU", str(FAKE / "bin" / "ncu"))
    monkeypatch.delenv("FAKE_GPU_BUG_BLOCK", raising=False)
    monkeypatch.delenv("FAKE_GPU_FAULT_BLOCK", raising=False)
    compiled = []

    def fake_compile(source, entry, arch, cache_config, build_dir, nvcc=None):
        build_dir.mkdir(parents=True, exist_ok=True)
        cubin = build_dir / f"{source.stem}-{cache_config == 'l1_off'}.cubin"
        cubin.write_bytes(b"fake cubin")
        compiled.append((entry, arch, cache_config))
        return Compiled(cubin, entry, Resources(registers_per_thread=16), ("nvcc",), False)

    monkeypatch.setattr(builtin, "compile_kernel", fake_compile)
    # nvcc -ptx of the kernel's source, as tune reads a built-in's code: the recorded PTX
    # (tools/record_ptx.sh), as the stand-in compile above stands in for the cubin
    from gpuadvisor.ptx import sources as ptx_sources

    monkeypatch.setattr(ptx_sources, "_compiled", lambda source, include: (
        PTX / f"{source.stem}.ptx").read_text())
    import pycuda.driver as drv

    drv.reset()
    yield drv, compiled
    for name in [m for m in sys.modules if m == "pycuda" or m.startswith("pycuda.")]:
        del sys.modules[name]  # the stand-in must not outlive the test


def run(capsys, *args):
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_matrix_add_sweep_times_checks_and_profiles(fake_gpu, tmp_path, capsys, monkeypatch):
    drv, compiled = fake_gpu
    monkeypatch.setenv("FAKE_GPU_BUG_BLOCK", "16x16")
    out = tmp_path / "sweep"
    code, stdout, stderr = run(
        capsys,
        "tune",
        "matrix_add",
        "--param",
        "ROWS=40",
        "--param",
        "COLS=100",
        "--shapes",
        "32x8,16x16,3x4,64x4",
        "--cache-configs",
        "default,prefer_l1,carveout_25",
        "--out",
        str(out),
        "--quiet",
    )
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert len(table) == 12
    by_shape = table.groupby(["block_x", "block_y"])["status"].agg(set).to_dict()
    assert by_shape == {(32, 8): {"ok"}, (16, 16): {"invalid"}, (3, 4): {"ok"}, (64, 4): {"ok"}}
    bad = table[table.status == "invalid"].iloc[0]
    assert bad.error.startswith(
        "C: 1 of 4000 elements differ from the NumPy reference (first at (0, 0)"
    )
    # the fake clock: 1 + |bx - 32| / 64 + 8 / threads ms per launch
    row = table[(table.block_x == 3) & (table.cache_config == "default")].iloc[0]
    assert row.time_ms == pytest.approx(1 + 29 / 64 + 8 / 12)
    assert (row.grid_x, row.grid_y, row.grid_z) == (34, 10, 1)
    assert row.repeats == 5 and row.gpu == "Fake H100" and row.arch == "sm_90"
    assert row.sm_count == 132 and row.registers_per_thread == 10 + 12 % 7  # from ncu
    # counters from the one ncu process, mapped back by launch order and block
    assert row.achieved_occupancy == pytest.approx(12 / 10.24, abs=0.01)
    assert row.l2_hit_rate == 55.5 and row.profiler == "ncu"
    assert row.duration_ms == pytest.approx(1012 / 1e6)
    assert row.stall_memory_dependency == pytest.approx(100 * 0.12 / 0.62)  # long_scoreboard
    assert len(list((out / "ncu").glob("matrix_add-batch*.csv"))) == 1
    launches = (out / "ncu" / "matrix_add-batch1.launches.jsonl").read_text().splitlines()
    assert len(launches) == 12
    # cache configurations reached the function attributes in the timing pass
    calls = {(c[2], c[3], c[4]) for c in drv.CALLS}
    assert ((32, 8, 1), drv.func_cache.PREFER_L1, None) in calls
    assert ((32, 8, 1), None, 25) in calls
    # compiled once per distinct binary (l1_off not asked for), for the device's arch
    assert sorted(set(compiled)) == [("matrix_add", "sm_90", "default")]
    assert "Best configurations" in stdout and "matrix_add" in stdout


@pytest.mark.parametrize("kernel", ["vector_reduction", "vector_reduction_adaptive"])
def test_reduction_stages_validate_and_profile_stage_one(fake_gpu, tmp_path, capsys, kernel):
    drv, _ = fake_gpu
    out = tmp_path / "red"
    code, _, stderr = run(
        capsys,
        "tune",
        kernel,
        "--param",
        "N=5000",
        "--shapes",
        "64,256,32x4",
        "--out",
        str(out),
        "--quiet",
    )
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert set(table.status) == {"ok"}
    log = (out / "ncu" / f"{kernel}-batch1.launches.jsonl").read_text()
    assert log.count("\n") == 3  # one (stage 1) launch per configuration under ncu
    assert set(table.profiler) == {"ncu"}  # mapped back even where stage 1 was halved
    blocks = {c[2] for c in drv.CALLS}
    if kernel == "vector_reduction":
        assert list(table.grid_x) == [40, 10, 20]  # stage 1: ceil(2500 / threads)
        assert blocks == {(64, 1, 1), (256, 1, 1), (32, 4, 1)}
    else:
        # 2500 pair sums need fewer blocks than 132 SMs already: halved down to one warp
        assert list(table.grid_x) == [79, 79, 79]
        assert (32, 1, 1) in blocks and (8, 4, 1) in blocks


def test_a_reference_that_depends_on_the_block_is_made_for_each_block(
    fake_gpu, tmp_path, capsys, monkeypatch
):
    """block_partial_sums writes one partial per block: each configuration is checked
    against the partials of its own block size (a wrong one for 48x1 only -> invalid)."""
    monkeypatch.setenv("FAKE_GPU_BUG_BLOCK", "48x1")
    out = tmp_path / "partials"
    code, _, stderr = run(
        capsys,
        "tune",
        "block_partial_sums",
        "--param",
        "N=5001",
        "--shapes",
        "64,256,48,96,3,8x4x2",
        "--no-profile",
        "--out",
        str(out),
        "--quiet",
    )
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#").set_index("block_x")
    assert list(table.grid_x) == [40, 10, 53, 27, 834, 40]  # cdiv(5001, 2 * threads)
    assert table.loc[48, "status"] == "invalid" and "partials" in table.loc[48, "error"]
    assert set(table.drop(index=48).status) == {"ok"}


def test_no_profile_and_l1_off_compiles_twice(fake_gpu, tmp_path, capsys, monkeypatch):
    drv, compiled = fake_gpu
    # matrix_add's loads made plain ld.global (its source without __restrict__): l1_off is a
    # program of its own
    from gpuadvisor.ptx import sources as ptx_sources

    monkeypatch.setattr(ptx_sources, "_compiled", lambda source, include: (
        PTX / f"{source.stem}.ptx").read_text().replace("ld.global.nc.", "ld.global."))
    out = tmp_path / "np"
    code, _, stderr = run(
        capsys,
        "tune",
        "matrix_add",
        "--param",
        "ROWS=8",
        "--param",
        "COLS=8",
        "--shapes",
        "8x8",
        "--cache-configs",
        "default,l1_off",
        "--no-profile",
        "--flush-l2",
        "--out",
        str(out),
        "--quiet",
    )
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert set(table.profiler) == {"timing"} and table.l2_flushed.all()
    assert sorted({c[2] for c in compiled}) == ["default", "l1_off"]
    assert table.theoretical_occupancy.notna().all()
    assert not (out / "ncu").exists()


def test_a_cuda_fault_stops_the_sweep_and_resume_finishes_it(
    fake_gpu, tmp_path, capsys, monkeypatch
):
    out = tmp_path / "fault"
    args = [
        "tune",
        "matrix_add",
        "--param",
        "ROWS=16",
        "--param",
        "COLS=16",
        "--shapes",
        "8x8,16x4,32x2,4x4",
        "--no-profile",
        "--out",
        str(out),
        "--quiet",
    ]
    monkeypatch.setenv("FAKE_GPU_FAULT_BLOCK", "32x2")
    code, _, stderr = run(capsys, *args)
    assert code == 2 and "rerun with --resume" in stderr and stderr.count("\n") == 1
    monkeypatch.delenv("FAKE_GPU_FAULT_BLOCK")
    code, _, stderr = run(capsys, *args, "--resume")
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert len(table) == 4
    faulty = table[table.block_x == 32].iloc[0]
    assert faulty.status == "failed" and "illegal memory access" in faulty.error
    assert set(table[table.block_x != 32].status) == {"ok"}


def test_without_pycuda_the_error_is_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "pycuda", None)
    monkeypatch.setitem(sys.modules, "pycuda.driver", None)
    code, _, stderr = run(capsys, "tune", "matrix_add", "--out", str(tmp_path / "x"))
    assert code == 2
    assert stderr.startswith("error: pycuda is not installed") and stderr.count("\n") == 1


def test_l1_off_of_read_only_loads_is_left_out_as_the_default_program(fake_gpu, tmp_path,
                                                                     capsys):
    """matrix_add loads only through ld.global.nc (its recorded PTX): -dlcm=cg would build
    the same program, so l1_off is not measured again; it goes to excluded.csv with why."""
    drv, compiled = fake_gpu
    out = tmp_path / "nc"
    code, stdout, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=8", "--param",
                               "COLS=8", "--shapes", "8x8,16x4", "--cache-configs",
                               "default,l1_off", "--no-profile", "--out", str(out))
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert list(table.cache_config) == ["default", "default"]
    assert {c[2] for c in compiled} == {"default"}
    excluded = pd.read_csv(out / "excluded.csv")
    assert list(excluded.cache_config) == ["l1_off", "l1_off"]
    assert set(excluded.reason) == {
        "the same program as default: every global load takes the read-only path "
        "(ld.global.nc), whose caching -dlcm=cg does not change"}
    assert "2 configurations, 2 left out" in " ".join((stdout + stderr).split())


def test_l1_off_asked_for_alone_is_measured(fake_gpu, tmp_path, capsys):
    """Without the default in the sweep nothing else measures that program."""
    drv, compiled = fake_gpu
    out = tmp_path / "alone"
    code, _, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=8", "--param",
                          "COLS=8", "--shapes", "8x8", "--cache-configs", "l1_off",
                          "--no-profile", "--out", str(out), "--quiet")
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert list(table.cache_config) == ["l1_off"] and list(table.status) == ["ok"]


def test_measure_same_programs_measures_them(fake_gpu, tmp_path, capsys):
    """To check the claim itself (tools/record_cache_check.sh does)."""
    drv, compiled = fake_gpu
    out = tmp_path / "both"
    code, _, stderr = run(capsys, "tune", "matrix_add", "--param", "ROWS=8", "--param",
                          "COLS=8", "--shapes", "8x8", "--cache-configs", "default,l1_off",
                          "--measure-same-programs", "--no-profile", "--out", str(out),
                          "--quiet")
    assert code == 0, stderr
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert list(table.cache_config) == ["default", "l1_off"]
    assert not (out / "excluded.csv").exists()
