"""An external application as a target: run it once per configuration.

The convention (docs in examples/README.md):

- The app learns the configuration from placeholders in its arguments, replaced before each
  run -- ``{block_x}``, ``{block_y}``, ``{block_z}``, ``{block_size}``, ``{cache_config}`` --
  and from the environment: ``GPUADVISOR_BLOCK_X``, ``_Y``, ``_Z``, ``GPUADVISOR_BLOCK_SIZE``,
  ``GPUADVISOR_CACHE_CONFIG``. Under ncu ``GPUADVISOR_PROFILING=1`` is set too, so the app can
  launch the kernel once instead of timing it.
- It reports its own kernel time on stdout as a line
  ``gpuadvisor: time_ms=<median> [time_ms_min=..] [time_ms_max=..] [time_ms_std=..]
  [repeats=..] [grid_x=.. grid_y=.. grid_z=..] [valid=0|1]``; the last such line counts.
  ``valid=0`` marks the row ``invalid`` (the app's own output check failed).
- A non-zero exit, a crash (signal), a run longer than the timeout, or no time line marks the
  row ``failed`` with the reason; the sweep goes on.

The app is started without a shell (an argv list), in its own process group, which is killed
whole on a timeout.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import subprocess
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from gpuadvisor.errors import ProfilerError, UserError
from gpuadvisor.profilers.base import spawn
from gpuadvisor.shapes import Shape
from gpuadvisor.space import Config, Space, build_space
from gpuadvisor.targets.base import (
    DeviceInfo,
    Key,
    Progress,
    Target,
    device_label,
    failed_row,
)

PLACEHOLDERS = ("block_x", "block_y", "block_z", "block_size", "cache_config")
_LINE = re.compile(r"^\s*gpuadvisor:\s*(.*)$")
_NUMBERS = {
    "time_ms",
    "time_ms_min",
    "time_ms_max",
    "time_ms_std",
    "repeats",
    "grid_x",
    "grid_y",
    "grid_z",
}


def substitute(args: Sequence[str], config: Config) -> list[str]:
    """Replace the placeholders in every argument (other braces are left alone)."""
    values = config_values(config)
    out = []
    for arg in args:
        for name in PLACEHOLDERS:
            arg = arg.replace("{" + name + "}", values[name])
        out.append(arg)
    return out


def config_values(config: Config) -> dict[str, str]:
    x, y, z = config.block
    return {
        "block_x": str(x),
        "block_y": str(y),
        "block_z": str(z),
        "block_size": str(x * y * z),
        "cache_config": config.cache_config,
    }


def config_env(
    config: Config, base: Mapping[str, str] | None = None, profiling: bool = False
) -> dict[str, str]:
    env = dict(os.environ if base is None else base)
    for name, value in config_values(config).items():
        env[f"GPUADVISOR_{name.upper()}"] = value
    if profiling:
        env["GPUADVISOR_PROFILING"] = "1"
    else:
        env.pop("GPUADVISOR_PROFILING", None)
    return env


def parse_report(stdout: str) -> dict[str, Any] | None:
    """The last ``gpuadvisor: key=value ...`` line of the app's output, as numbers."""
    found: dict[str, Any] | None = None
    for line in stdout.splitlines():
        match = _LINE.match(line)
        if not match:
            continue
        values: dict[str, Any] = {}
        for token in match.group(1).split():
            key, sep, value = token.partition("=")
            if not sep:
                continue
            if key in _NUMBERS:
                try:
                    values[key] = float(value)
                except ValueError:
                    continue
            elif key == "valid":
                values["valid"] = value.strip().lower() not in ("0", "false", "no")
        if "time_ms" in values or "valid" in values:
            found = values
    return found


def ncu_errors(output: str, limit: int = 3) -> str:
    """ncu's own ``==ERROR==`` lines (a faulting launch, a failed replay), deduplicated."""
    seen: list[str] = []
    for line in output.splitlines():
        text = line.strip()
        if text.startswith("==ERROR=="):
            text = text.removeprefix("==ERROR==").strip()
            if seen and seen[-1].endswith(":"):  # "reported by the driver:" + its reason
                seen[-1] = f"{seen[-1]} {text}"
            elif text and text not in seen:
                seen.append(text)
    return "; ".join(seen[:limit])


def _signal_name(code: int) -> str:
    try:
        return signal.Signals(code).name
    except ValueError:
        return f"signal {code}"


def _last_line(text: str) -> str:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return lines[-1][:200] if lines else ""


def query_gpu() -> DeviceInfo:
    """Name, compute capability and driver of the first visible GPU from nvidia-smi (empty
    when absent). nvidia-smi ignores CUDA_VISIBLE_DEVICES, so its first entry is passed on."""
    smi = shutil.which("nvidia-smi")
    if smi is None:
        return DeviceInfo()
    visible = os.environ.get("CUDA_VISIBLE_DEVICES", "").split(",")[0].strip()
    try:
        proc = subprocess.run(
            [smi, "--query-gpu=name,compute_cap,driver_version", "--format=csv,noheader"]
            + (["-i", visible] if visible else []),
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return DeviceInfo()
    first = proc.stdout.strip().splitlines()[:1]
    if proc.returncode != 0 or not first:
        return DeviceInfo()
    parts = [p.strip() for p in first[0].split(",")]
    name = parts[0] if parts else None
    cc = None
    if len(parts) > 1 and re.fullmatch(r"\d+\.\d+", parts[1]):
        major, minor = parts[1].split(".")
        cc = (int(major), int(minor))
    sm_count = None
    if name:
        try:
            from gpuadvisor.arch import find_board

            board = find_board(name)
            sm_count = board.sm_count if board else None
        except Exception:  # noqa: BLE001 - a name the board table lacks is fine
            sm_count = None
    return DeviceInfo(
        gpu=name,
        arch=f"sm_{cc[0]}{cc[1]}" if cc else None,
        sm_count=sm_count,
        driver=parts[2] if len(parts) > 2 else None,
        compute_capability=cc,
        device=device_label(0),
    )


class ExternalTarget(Target):
    """A user's application, run once per configuration (and once more under ncu)."""

    kind = "external"

    def __init__(
        self,
        app: str,
        app_args: Sequence[str],
        kernel: str,
        *,
        timeout_s: float = 60.0,
        kernel_regex: str | None = None,
        device_info: DeviceInfo | None = None,
        cwd: str | Path | None = None,
        builder: Any = None,
        launch_count: int | None = None,
    ) -> None:
        self.builder = builder  # a gpuadvisor.targets.build.Builder, or None
        self.launch_count = launch_count
        self._builds: dict[Key, Any] = {}
        self._reports: bool | None = None  # does the app print 'gpuadvisor: time_ms='?
        if builder is not None:  # the app is built per configuration: resolved in its copy
            if not kernel:
                raise UserError("an external app needs --kernel NAME (the kernel it launches)")
            self.app = app
            self.app_args = list(app_args)
            self.kernel = kernel
            self.kernel_regex = kernel_regex or kernel
            self.timeout_s = float(timeout_s)
            self.cwd = None
            self._device = device_info
            return
        path = shutil.which(app) if os.sep not in app else app
        if path is None or not os.path.isfile(path):
            raise UserError(f"{app}: no such program")
        if not os.access(path, os.X_OK):
            raise UserError(f"{app}: not executable (chmod +x, or build it first)")
        if not kernel:
            raise UserError("an external app needs --kernel NAME (the kernel it launches)")
        self.app = os.path.abspath(path)
        self.app_args = list(app_args)
        self.kernel = kernel
        self.kernel_regex = kernel_regex or kernel
        self.timeout_s = float(timeout_s)
        self.cwd = str(cwd) if cwd else None
        self._device = device_info

    def describe(self) -> str:
        return " ".join([self.app, *self.app_args])

    def device(self) -> DeviceInfo:
        if self._device is None:
            self._device = query_gpu()
        return self._device

    def assume_arch(self, arch: str) -> None:
        """Record ``arch`` (e.g. from --arch) when the device query could not tell it."""
        info = self.device()
        if info.arch is None:
            self._device = replace(info, arch=arch)

    def provenance(self) -> dict[str, Any]:
        from gpuadvisor.targets.app_timing import describe_method

        out = {"target": "external", "app": self.describe(), "kernel": self.kernel}
        # How kernels are timed when the app prints no time line (also in each row's source).
        out["timing_without_time_line"] = describe_method(self.launch_count)
        if self.builder is not None:
            out.update(self.builder.provenance())
        return out

    def _build(self, config: Config) -> Any:
        """The configuration's build (built now, or found in the cache, if not yet here)."""
        build = self._builds.get(config.key)
        if build is None:
            build = self._builds[config.key] = self.builder.build(config)
        return build

    def argv(self, config: Config) -> list[str]:
        if self.builder is not None:
            app = str(self._build(config).build_dir / self.app)
            return [app, *substitute(self.app_args, config)]
        return [self.app, *substitute(self.app_args, config)]

    def _cwd(self, config: Config) -> str | None:
        if self.builder is not None:
            return str(self._build(config).build_dir)
        return self.cwd

    def prepare(self, configs: Sequence[Config], note: Any = None) -> None:
        """Build every configuration's copy first, in parallel (nothing when not building)."""
        if self.builder is None:
            return
        from gpuadvisor.targets.build import describe_build

        first = True

        def done(config: Config, result: Any) -> None:
            nonlocal first
            if note is not None:
                note(describe_build(config, result, with_rewrites=first))
            first = first and not result.rewrites

        self._builds.update(self.builder.build_all(configs, on_done=done))

    def space(
        self, shapes: Sequence[Shape], cache_configs: Sequence[str], arch: Any, min_threads: int = 1
    ) -> Space:
        # The app's registers and shared memory are unknown here: architecture limits only.
        return build_space(self.kernel, shapes, cache_configs, arch, min_threads=min_threads)

    def measure(self, config: Config) -> dict[str, Any]:
        device = self.device().row()
        cost: dict[str, Any] = {}
        if self.builder is not None:
            build = self._build(config)
            cost["build_s"] = round(build.seconds, 3)
            cost["build_cached"] = build.cached
            if not build.ok:
                return failed_row(config, build.error(), **device, **cost)
        if self._reports is False:  # the app prints no time: straight to ncu
            return self._time_outside(config, device, cost)
        start = time.monotonic()
        try:
            proc = spawn(self.argv(config), env=config_env(config), cwd=self._cwd(config))
        except OSError as err:
            return failed_row(config, f"cannot start {self.app}: {err.strerror or err}", **device)
        try:
            stdout, stderr = proc.communicate(timeout=self.timeout_s)
        except subprocess.TimeoutExpired:
            _kill(proc)
            return failed_row(config, f"timed out after {self.timeout_s:g} s (killed)", **device)
        except BaseException:
            _kill(proc)
            raise
        wall = time.monotonic() - start
        cost["app_wall_s"] = round(wall, 4)
        if proc.returncode < 0:
            why = f"crashed ({_signal_name(-proc.returncode)})"
            tail = _last_line(stderr)
            return failed_row(config, why + (f": {tail}" if tail else ""), **device, **cost)
        if proc.returncode != 0:
            tail = _last_line(stderr) or _last_line(stdout)
            return failed_row(
                config,
                f"exit code {proc.returncode}" + (f": {tail}" if tail else ""),
                **device,
                **cost,
            )
        report = parse_report(stdout)
        if report is None or "time_ms" not in report:
            if self._reports is None and self.profile_tool_ok():
                self._reports = False  # time this and every later configuration under ncu
                return self._time_outside(config, device, cost)
            why = "no 'gpuadvisor: time_ms=<ms>' line in the app's output"
            if self._reports is None:
                why += " (and no ncu here to time its kernels from outside)"
            return failed_row(config, why, **device, **cost)
        self._reports = True
        row: dict[str, Any] = {
            **config.identity(),
            **device,
            **cost,
            "profiler": "timing",
            "source": f"app-reported time ({self.app})",
            "status": "ok",
            "error": None,
        }
        for key in ("time_ms", "time_ms_min", "time_ms_max", "time_ms_std"):
            if key in report:
                row[key] = report[key]
        for key in ("repeats", "grid_x", "grid_y", "grid_z"):
            if key in report:
                row[key] = int(report[key])
        if report.get("valid") is False:
            row["status"] = "invalid"
            row["error"] = "the app reported valid=0 (its output check failed)"
        return row

    def profile_tool_ok(self) -> bool:
        """Whether ncu is here to time an app that reports no time itself."""
        from gpuadvisor.targets.profiling import find_ncu

        try:
            find_ncu()
        except ProfilerError:
            return False
        return True

    def _time_outside(
        self, config: Config, device: dict[str, Any], cost: dict[str, Any]
    ) -> dict[str, Any]:
        """Time the matching launches under ncu (gpu__time_duration), check their blocks."""
        from gpuadvisor.targets import app_timing
        from gpuadvisor.targets.profiling import NcuRun, find_ncu, parse_run, run_streaming

        argv = app_timing.timing_command(
            self.argv(config), self.kernel_regex, find_ncu(), self.launch_count
        )
        try:
            run: NcuRun = run_streaming(
                argv,
                timeout_s=4 * self.timeout_s + 60,
                env=config_env(config),
                cwd=self._cwd(config),
            )
        except ProfilerError as err:
            return failed_row(config, f"ncu timing: {err}", **device, **cost)
        cost["ncu_time_s"] = round(run.seconds, 3)
        try:
            rows = parse_run(run, source="ncu " + " ".join(self.argv(config)))
        except ProfilerError as err:
            tail = _last_line(run.stderr) or _last_line(run.stdout)
            why = f"ncu timed no launch matching {self.kernel_regex!r}: {err}"
            if run.returncode != 0:
                why = f"exit code {run.returncode} under ncu" + (f": {tail}" if tail else "")
            return failed_row(config, why, **device, **cost)
        kernels = app_timing.group_launches(rows)
        if not kernels:
            why = f"ncu reported no time for kernels matching {self.kernel_regex!r}"
            errors = ncu_errors(run.stdout + "\n" + run.stderr)
            if errors:  # e.g. a launch that faults under ncu: say so, not just "no time"
                why += f" (exit code {run.returncode}: {errors})"
            return failed_row(config, why, **device, **cost)
        problem = app_timing.knob_problem(config, kernels)
        if problem:
            return failed_row(config, problem, **device, **cost)
        source = app_timing.describe_method(self.launch_count)
        main, *parts = app_timing.timing_rows(config, kernels, {**device, **cost}, source)
        if run.returncode != 0:
            main["status"] = "failed"
            main["error"] = f"exit code {run.returncode} under ncu: " + _last_line(run.stderr)
        if parts:
            main["_parts"] = parts
        return main

    def profile(
        self, configs: Sequence[Config], workdir: Path, progress: Progress | None = None
    ) -> dict[Key, dict[str, Any]]:
        """One ncu process per configuration (the app is the unit ncu can run)."""
        from gpuadvisor.profilers.ncu import build_ncu_command
        from gpuadvisor.targets.profiling import (
            find_ncu,
            match_launches,
            ncu_metrics,
            parse_run,
            run_streaming,
        )

        ncu = find_ncu()
        metrics = ncu_metrics(self.device().compute_capability)
        rawdir = workdir / "ncu"
        rawdir.mkdir(parents=True, exist_ok=True)
        results: dict[Key, dict[str, Any]] = {}
        for config in configs:
            argv = build_ncu_command(
                self.argv(config),
                self.kernel_regex,
                metrics,
                csv_page="raw",
                launch_count=1,
                ncu=ncu,
            )
            try:
                run = run_streaming(
                    argv,
                    timeout_s=4 * self.timeout_s + 60,
                    env=config_env(config, profiling=True),
                    cwd=self._cwd(config),
                )
                name = "-".join(str(v) for v in config.key[1:])
                (rawdir / f"{self.kernel}-{name}.csv").write_text(run.stdout)
                rows = parse_run(run, source="ncu " + " ".join(self.argv(config)))
                matched, problems = match_launches([config], rows[:1])
                found = matched.get(config.key)
                results[config.key] = (
                    {**found, "ncu_profile_s": round(run.seconds, 3)}
                    if found
                    else {"error": "ncu: " + "; ".join(problems)}
                )
                note = f"{config.label()}: profile {run.seconds:.1f} s"
            except ProfilerError as err:
                results[config.key] = {"error": f"ncu: {err}"}
                note = f"{config.label()}: {err}"
            if progress is not None:
                progress(1, note)
        return results


def _kill(proc: subprocess.Popen) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired, ValueError):
        proc.communicate(timeout=10)
