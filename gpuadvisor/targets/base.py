"""What every target offers the runner: its device, its configuration space, one timing
measurement per configuration, and profiling of many configurations at once.

Failures are values: a configuration that fails to compile, launch, verify or finish comes
back as a row with ``status`` ``failed`` or ``invalid`` and the reason in ``error``; only a
target that cannot go on at all raises (``TargetBroken``, after its last row).
"""

from __future__ import annotations

import math
import os
import socket
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.shapes import Shape
from gpuadvisor.space import Config, Space

Key = tuple[str, int, int, int, str]
Progress = Callable[..., None]  # progress(steps, note="")


@dataclass(frozen=True)
class DeviceInfo:
    gpu: str | None = None
    arch: str | None = None  # "sm_90"
    sm_count: int | None = None
    driver: str | None = None
    compute_capability: tuple[int, int] | None = None
    device: str | None = None  # "host:GPU" (see device_label)

    def row(self) -> dict[str, Any]:
        return {
            "device": self.device,
            "gpu": self.gpu,
            "arch": self.arch,
            "sm_count": self.sm_count if self.sm_count else math.nan,
        }


def device_label(index: int = 0) -> str:
    """``host:GPU`` of the ``index``-th visible device. GPU is the physical index or UUID
    that CUDA_VISIBLE_DEVICES names (as Ray sets it for each GPU actor), else ``index``: the
    name stays the same whichever process, or Ray actor, opened the device."""
    visible = [v.strip() for v in os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")]
    visible = [v for v in visible if v]
    gpu = visible[index] if index < len(visible) else str(index)
    return f"{socket.gethostname()}:{gpu}"


class TargetBroken(UserError):
    """The target cannot continue (e.g. a CUDA fault poisoned the context); ``row`` is the
    failed row of the configuration that broke it, which the runner records first."""

    def __init__(self, message: str, row: Mapping[str, Any]) -> None:
        super().__init__(message)
        self.row = dict(row)


def failed_row(config: Config, reason: str, status: str = "failed", **extra: Any) -> dict[str, Any]:
    return {**config.identity(), **extra, "status": status, "error": reason}


class Target(ABC):
    """A kernel (or app) whose launch configuration is being tuned."""

    kernel: str
    kind: str = "target"

    @abstractmethod
    def device(self) -> DeviceInfo:
        """The GPU it runs on (opening it if needed)."""

    @abstractmethod
    def space(
        self, shapes: Sequence[Shape], cache_configs: Sequence[str], arch: Any, min_threads: int = 1
    ) -> Space:
        """The configurations to sweep, and those left out with their reasons."""

    @abstractmethod
    def measure(self, config: Config) -> dict[str, Any]:
        """One configuration's timing row (identity, grid, device, timing, status, error)."""

    def profile(
        self, configs: Sequence[Config], workdir: Path, progress: Progress | None = None
    ) -> dict[Key, dict[str, Any]]:
        """Counters for many configurations: metric columns by config key, or
        ``{"error": ...}`` for a configuration that could not be profiled."""
        return {c.key: {"error": "this target cannot be profiled"} for c in configs}

    def provenance(self) -> dict[str, Any]:
        return {}

    def describe(self) -> str:
        return self.kernel

    def close(self) -> None:  # noqa: B027 - optional hook, nothing to release by default
        """Release the GPU and any processes."""
