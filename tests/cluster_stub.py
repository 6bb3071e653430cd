"""A stand-in GPU target for the ``cluster`` tests: it runs on CPU-only Ray workers that Ray
believes hold GPUs (``ray.init(num_gpus=2)``), and logs where and when each configuration
ran, so the tests can check distribution, one measurement per GPU at a time, retries and
resume from outside."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from gpuadvisor.space import build_space
from gpuadvisor.targets.base import DeviceInfo, Target


def _gpu() -> str:
    return os.environ.get("CUDA_VISIBLE_DEVICES", "")


class StandInGpu(Target):
    """Times configurations by a fixed formula; ``die_on`` kills the worker process the
    first time that block is measured (as a lost node or an OOM kill would), or every time
    with ``always``."""

    kind = "stand-in"

    def __init__(self, log_dir: Path, *, sleep: float = 0.02, die_on: tuple | None = None,
                 models: dict[str, str] | None = None, always: bool = False) -> None:
        self.kernel = "standin"
        self.log_dir = Path(log_dir)
        self.sleep = sleep
        self.die_on = die_on
        self.models = models or {}
        self.always = always
        self.installed: dict[Any, Any] = {}

    def _log(self, name: str, record: dict[str, Any]) -> None:
        with open(self.log_dir / name, "a") as fh:
            fh.write(json.dumps(record) + "\n")

    def device(self) -> DeviceInfo:
        return DeviceInfo(gpu=self.models.get(_gpu(), "Stand-in GPU"), arch="sm_90",
                          sm_count=132, driver="0.0")

    def space(self, shapes, cache_configs, arch, min_threads=1):
        return build_space(self.kernel, shapes, cache_configs, arch, min_threads=min_threads)

    def measure(self, config) -> dict[str, Any]:
        start = time.time()
        if self.die_on == config.block and (self.always or not (self.log_dir / "died").exists()):
            (self.log_dir / "died").write_text(_gpu())
            os._exit(1)
        time.sleep(self.sleep)
        x, y, _ = config.block
        self._log("measure.jsonl", {"key": list(config.key), "gpu": _gpu(), "pid": os.getpid(),
                                    "start": start, "end": time.time()})
        row = {**config.identity(), **self.device().row(), "status": "ok", "error": None,
               "time_ms": 1.0 + abs(x * y - 256) / 256 + x / 1000, "seen_gpu": _gpu()}
        if config.key in self.installed:
            row.update(self.installed[config.key])
        return row

    def profile(self, configs, workdir, progress=None):
        start = time.time()
        time.sleep(self.sleep)
        self._log("profile.jsonl", {"keys": [list(c.key) for c in configs], "gpu": _gpu(),
                                    "start": start, "end": time.time(), "workdir": str(workdir)})
        return {c.key: {"achieved_occupancy": 50.0, "profiled_on": _gpu()} for c in configs}


class StandInBuiltApp(StandInGpu):
    """A stand-in whose configurations are built first (as apps rebuilt per shape are)."""

    def build(self, config) -> dict[str, Any]:
        return {"built_pid": os.getpid(), "built_gpu": _gpu()}

    def install_build(self, config, built) -> None:
        self.installed[config.key] = built
