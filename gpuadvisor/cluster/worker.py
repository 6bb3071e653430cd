"""The GPU worker: one Ray actor per GPU, with its own copy of the target.

Ray gives the actor one GPU and sets CUDA_VISIBLE_DEVICES to it, so the target opens
"device 0" and ncu's driver process, inherited environment and all, profiles that same
GPU. An actor runs one method at a time, so one GPU never times two configurations at once.
"""

from __future__ import annotations

import os
import re
import socket
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.runner import plain_record
from gpuadvisor.space import Config
from gpuadvisor.targets.base import TargetBroken


def slug(text: str) -> str:
    """A file-name-safe form of a device or GPU model name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-") or "gpu"


class GpuWorker:
    """Measures and profiles configurations on the one GPU Ray gave this process."""

    def __init__(self, target: Any, out_dir: str, cwd: str | None = None) -> None:
        import ray

        if cwd and os.path.isdir(cwd):  # relative paths (OUT, an app's files) as on the driver
            os.chdir(cwd)
        ids = [str(i) for i in ray.get_gpu_ids()]
        self.host = socket.gethostname()
        self.label = f"{self.host}:{','.join(ids) or '?'}"
        self.target = target
        # Workers on one host share the output folder: each compiles and profiles in its own.
        self.workdir = Path(out_dir) / "workers" / slug(self.label)
        if hasattr(target, "build_dir"):
            target.build_dir = self.workdir / "build"

    def info(self) -> dict[str, Any]:
        """Who this worker is: its device label and the GPU's DeviceInfo."""
        device = self.target.device()
        return {
            "device": self.label,
            "host": self.host,
            "pid": os.getpid(),
            "visible": os.environ.get("CUDA_VISIBLE_DEVICES"),
            "info": device,
        }

    def space(self, shapes: Any, cache_configs: Any, arch_name: str, min_threads: int) -> Any:
        """The target's space, worked out where the GPU and its compiler are."""
        from gpuadvisor.arch import get_arch

        if hasattr(self.target, "assume_arch"):
            self.target.assume_arch(arch_name)
        return self.target.space(shapes, cache_configs, get_arch(arch_name), min_threads)

    def ncu_version(self) -> str | None:
        try:
            from gpuadvisor.profilers.ncu import ncu_version
            from gpuadvisor.targets.profiling import find_ncu

            return ncu_version(find_ncu())
        except UserError:
            return None

    def measure(self, config: Config, built: Any = None) -> dict[str, Any]:
        """One configuration's row, stamped with this device. A target that cannot go on
        (a sticky CUDA fault) gives ``{"broken": why, "row": row}``."""
        if built is not None:
            self.target.install_build(config, built)
        try:
            row = self.target.measure(config)
        except TargetBroken as err:
            return {"broken": str(err), "row": plain_record({**err.row, "device": self.label})}
        return {"row": plain_record({**row, "device": self.label})}

    def profile(self, configs: list[Config], *built: Any) -> dict[Any, dict[str, Any]]:
        """ncu over ``configs`` on this GPU: counters (or an error) by configuration key."""
        for config, artifact in zip(configs, built, strict=False):
            if artifact is not None:
                self.target.install_build(config, artifact)
        self.workdir.mkdir(parents=True, exist_ok=True)
        try:
            results = self.target.profile(configs, self.workdir)
        except UserError as err:
            return {c.key: {"error": f"ncu: {err}"} for c in configs}
        return {key: plain_record(value) for key, value in results.items()}

    def close(self) -> None:
        self.target.close()


def build_config(target: Any, config: Config) -> Any:
    """The CPU-only, per-configuration build of a target that has one (a Ray task)."""
    return target.build(config)
