"""``tune --ray``: sweeps over a real local Ray cluster whose two "GPUs" are CPU slots
(``ray.init(num_gpus=2)``) running a stand-in target (tests/cluster_stub.py).

Marked ``cluster``: ``python -m pytest -m cluster`` runs them where Ray is installed; without
Ray they are skipped. The test at the end (no Ray needed) checks ``--ray``'s one-line error.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections import Counter
from pathlib import Path

import cluster_stub
import pandas as pd
import pytest

from gpuadvisor.cli import main
from gpuadvisor.space import user_shapes

HOST = socket.gethostname()
SHAPES = "32x1,64x1,128x1,256x1,512x1,1024x1,16x2,32x2,64x2,128x2,8x4,16x4,32x4,64x4,16x16,32x8"


@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    ray.cloudpickle.register_pickle_by_value(cluster_stub)  # workers need not import tests/
    ray.init(num_cpus=4, num_gpus=2, include_dashboard=False, logging_level="ERROR")
    yield ray
    ray.shutdown()


def sweep(target, out, *, resume=False, profile=True, shapes=SHAPES, batch=0):
    from gpuadvisor.cluster.sweep import sweep_on_ray

    return sweep_on_ray(
        target, address="auto", shapes=user_shapes(shapes), cache_configs=["default"],
        arch=None, min_threads=1, out_dir=Path(out), resume=resume, overwrite=not resume,
        profile=profile, profile_shapes=None, profile_batch=batch, provenance={"command": "t"},
        show_progress=False,
    )


def journal_rows(out: Path) -> Counter:
    keys = Counter()
    for line in (out / "journal.jsonl").read_text().splitlines():
        record = json.loads(line)
        if record["type"] == "row":
            row = record["row"]
            keys[(row["block_x"], row["block_y"])] += 1
    return keys


def log(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text().splitlines()] if path.is_file() else []


def assert_one_job_per_gpu_at_a_time(records: list[dict]) -> None:
    for gpu in {r["gpu"] for r in records}:
        spans = sorted((r["start"], r["end"]) for r in records if r["gpu"] == gpu)
        for (_, end), (start, _) in zip(spans, spans[1:], strict=False):
            assert start >= end, f"two jobs overlapped on GPU {gpu}"


@pytest.mark.cluster
def test_sweep_spreads_over_both_gpus_one_job_each_at_a_time(ray_cluster, tmp_path):
    [lane] = sweep(cluster_stub.StandInGpu(tmp_path), tmp_path / "out", batch=4)
    table = lane.result.table
    assert len(table) == 16 and set(table["status"]) == {"ok"}
    assert set(table["device"]) == {f"{HOST}:0", f"{HOST}:1"}  # both GPUs measured
    # Each worker saw only its own GPU, and the row names that GPU.
    assert (table["device"] == HOST + ":" + table["seen_gpu"].astype(str)).all()
    # Every configuration was timed once, journaled once, and profiled on a worker's GPU.
    assert set(journal_rows(tmp_path / "out").values()) == {1}
    measured = log(tmp_path / "measure.jsonl")
    assert len(measured) == 16 and {m["gpu"] for m in measured} == {"0", "1"}
    assert table["achieved_occupancy"].eq(50.0).all()
    assert set(table["profiled_on"].astype(str)) <= {"0", "1"}
    profiles = log(tmp_path / "profile.jsonl")
    assert sorted(len(p["keys"]) for p in profiles) == [4, 4, 4, 4]
    assert_one_job_per_gpu_at_a_time(measured + profiles)
    # The sweep table on disk has the device column and says where it ran.
    on_disk = pd.read_csv(tmp_path / "out" / "sweep.csv", comment="#")
    assert list(on_disk.columns[:10]).index("device") == 9
    assert "devices: " in (tmp_path / "out" / "sweep.csv").read_text()


@pytest.mark.cluster
def test_a_killed_worker_loses_only_its_configuration_which_runs_elsewhere(
    ray_cluster, tmp_path
):
    target = cluster_stub.StandInGpu(tmp_path, sleep=0.05, die_on=(64, 2, 1))
    [lane] = sweep(target, tmp_path / "out")
    table = lane.result.table
    assert len(table) == 16 and set(table["status"]) == {"ok"}
    died_on = (tmp_path / "died").read_text()
    survivor = f"{HOST}:{'1' if died_on == '0' else '0'}"
    retried = table[(table["block_x"] == 64) & (table["block_y"] == 2)]
    assert list(retried["device"]) == [survivor]
    assert set(journal_rows(tmp_path / "out").values()) == {1}
    assert table["achieved_occupancy"].eq(50.0).all()  # the survivor profiled everything


@pytest.mark.cluster
def test_a_configuration_that_kills_every_worker_fails_alone_and_stops_the_sweep(
    ray_cluster, tmp_path
):
    from gpuadvisor.errors import UserError

    target = cluster_stub.StandInGpu(tmp_path, sleep=0.05, die_on=(64, 2, 1), always=True)
    with pytest.raises(UserError, match="worker stopped .*rerun with --resume"):
        sweep(target, tmp_path / "out", profile=False)
    table = pd.read_csv(tmp_path / "out" / "sweep.csv", comment="#")  # finished rows kept
    poison = table[(table["block_x"] == 64) & (table["block_y"] == 2)].iloc[0]
    assert poison["status"] == "failed" and "worker died 2 times" in poison["error"]
    assert set(journal_rows(tmp_path / "out").values()) == {1}


@pytest.mark.cluster
def test_resume_after_killing_the_driver_repeats_nothing(ray_cluster, tmp_path):
    out = tmp_path / "out"
    script = tmp_path / "driver.py"
    script.write_text(textwrap.dedent(f"""
        import sys, ray
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        import cluster_stub, test_cluster
        ray.cloudpickle.register_pickle_by_value(cluster_stub)
        ray.init(address={ray_cluster.get_runtime_context().gcs_address!r},
                 logging_level="ERROR")
        test_cluster.sweep(cluster_stub.StandInGpu({str(tmp_path)!r}, sleep=0.3),
                           {str(out)!r}, profile=False)
    """))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    driver = subprocess.Popen([sys.executable, str(script)], env=env, start_new_session=True)
    deadline = time.time() + 60
    while time.time() < deadline and driver.poll() is None:
        if (out / "journal.jsonl").is_file() and sum(journal_rows(out).values()) >= 4:
            break
        time.sleep(0.05)
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    before = set(journal_rows(out))
    assert 4 <= len(before) < 16
    (tmp_path / "measure.jsonl").rename(tmp_path / "first.jsonl")
    [lane] = sweep(cluster_stub.StandInGpu(tmp_path, sleep=0.01), out, resume=True,
                   profile=False)
    again = {tuple(m["key"][1:3]) for m in log(tmp_path / "measure.jsonl")}
    assert not again & before  # nothing journaled before was measured again
    assert len(lane.result.table) == 16 and lane.result.reused == len(before)
    assert set(journal_rows(out).values()) == {1}


@pytest.mark.cluster
def test_mixed_gpu_models_get_one_sweep_and_ranking_each(ray_cluster, tmp_path, monkeypatch):
    models = {"0": "Model A", "1": "Model B"}
    monkeypatch.chdir(tmp_path)  # a relative OUT means the same folder to every worker
    lanes = sweep(cluster_stub.StandInGpu(tmp_path, models=models), "out",
                  shapes="32x1,64x1,128x1,256x1")
    assert [lane.gpu for lane in lanes] == ["Model A", "Model B"]
    for lane, folder in zip(lanes, ["Model-A", "Model-B"], strict=True):
        table = pd.read_csv(tmp_path / "out" / folder / "sweep.csv", comment="#")
        assert len(table) == 4 and set(table["gpu"]) == {lane.gpu}
    workers = sorted(p.name for p in (tmp_path / "out" / "workers").iterdir())  # ncu folders
    assert workers == [f"{HOST}-0", f"{HOST}-1"]


@pytest.mark.cluster
def test_per_configuration_builds_run_as_cpu_tasks(ray_cluster, tmp_path):
    [lane] = sweep(cluster_stub.StandInBuiltApp(tmp_path), tmp_path / "out",
                   shapes="32x1,64x1,128x1,256x1", profile=False)
    table = lane.result.table
    worker_pids = {m["pid"] for m in log(tmp_path / "measure.jsonl")}
    assert table["built_pid"].notna().all() and not set(table["built_pid"]) & worker_pids
    assert table["built_gpu"].fillna("").eq("").all()  # a build sees no GPU


@pytest.mark.cluster
def test_cli_sweeps_an_app_on_the_cluster(ray_cluster, tmp_path, capsys):
    app = tmp_path / "fake_app.py"
    text = (Path(__file__).parent / "fake_gpu" / "fake_app.py").read_text()
    app.write_text(f"#!{sys.executable}\n" + text.split("\n", 1)[1])
    app.chmod(0o755)
    out = tmp_path / "out"
    with pytest.raises(SystemExit) as done:
        main(["tune", str(app), "--kernel", "k", "--ray", "auto", "--no-profile", "--arch",
              "sm_90", "--shapes", "32x1,64x1,32x2,16x2", "-o", str(out), "-q",
              "--", "{block_x}", "{block_y}"])
    assert done.value.code in (0, None)
    table = pd.read_csv(out / "sweep.csv", comment="#")
    assert sorted(table["status"]) == ["invalid", "ok", "ok", "ok"]
    assert set(table["device"]) <= {f"{HOST}:0", f"{HOST}:1"}
    assert "Best configurations" in capsys.readouterr().out


def test_ray_missing_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as without the extra
    app = tmp_path / "app"
    app.write_text("#!/bin/sh\n")
    app.chmod(0o755)
    with pytest.raises(SystemExit) as done:
        main(["tune", str(app), "--kernel", "k", "--ray", "local", "--arch", "sm_90",
              "-o", str(tmp_path / "out"), "--", "{block_x}"])
    assert done.value.code != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs Ray" in err and "[cluster]" in err


def test_an_app_worker_names_and_queries_only_its_own_gpu(tmp_path, monkeypatch):
    from gpuadvisor.targets.external import query_gpu

    smi = tmp_path / "nvidia-smi"
    smi.write_text(f'#!/bin/sh\necho "$@" > {tmp_path}/args\necho "NVIDIA H200, 9.0, 580.159"\n')
    smi.chmod(0o755)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("CUDA_VISIBLE_DEVICES", "1")  # as Ray sets it for the second GPU
    info = query_gpu()
    assert (tmp_path / "args").read_text().split()[-2:] == ["-i", "1"]
    assert (info.gpu, info.arch, info.device) == ("NVIDIA H200", "sm_90", f"{HOST}:1")
    assert info.row()["device"] == f"{HOST}:1"


def test_profile_chunks_deal_configurations_out_in_turn():
    from gpuadvisor.cluster.schedule import profile_chunks
    from gpuadvisor.space import Config

    configs = [Config("k", (x, 1, 1), "default") for x in (32, 64, 128, 256, 512)]
    blocks = [[c.block[0] for c in chunk] for chunk in profile_chunks(configs, 2, 0)]
    assert blocks == [[32, 128, 512], [64, 256]]  # one per worker, a mix of sizes each
    blocks = [[c.block[0] for c in chunk] for chunk in profile_chunks(configs, 2, 2)]
    assert blocks == [[32, 64], [128, 256], [512]]  # --profile-batch 2
    assert profile_chunks(configs[:1], 4, 0) == [configs[:1]]
