"""Built-in kernels (kernels/manifest.yaml) as targets, through pycuda.

Per cache configuration the kernel is compiled once with nvcc (``l1_off`` adds
``-Xptxas -dlcm=cg``; the others set function attributes after loading), and ptxas's resource
report filters the space. Each configuration is checked against the NumPy reference (a wrong
result marks it ``invalid``) and timed with CUDA events (gpuadvisor.timing). Counters come
from ONE ncu process per kernel: :mod:`gpuadvisor.targets.driver` launches every
configuration once, ncu filters by the kernel's name, and launches map back to
configurations by order and block dimensions.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gpuadvisor.errors import ProfilerError, UserError
from gpuadvisor.shapes import Shape
from gpuadvisor.space import Config, Space, build_space, theoretical_occupancy
from gpuadvisor.targets.base import DeviceInfo, Key, Progress, Target, TargetBroken, failed_row
from gpuadvisor.targets.compile import Compiled, cache_config_flags, compile_kernel
from gpuadvisor.targets.manifest import KernelSpec, arch_names
from gpuadvisor.targets.plans import build_plan
from gpuadvisor.timing import TimingPolicy, measure

#: A timing sample lasts at least this long (back-to-back launches are batched), so the
#: host's launch latency before the first launch is a small share of it.
MIN_SAMPLE_MS = 1.0
MAX_BATCH = 64


def load_reference(spec: KernelSpec):
    module_name, _, func_name = spec.reference.partition(":")
    try:
        return getattr(importlib.import_module(module_name), func_name)
    except (ImportError, AttributeError):
        raise UserError(f"kernel {spec.name}: reference {spec.reference} not found") from None


def batch_size(single_ms: float, flush_l2: bool) -> int:
    """Launches per timing sample: 1 with an L2 flush, else enough for MIN_SAMPLE_MS."""
    if flush_l2 or not single_ms > 0:
        return 1
    return max(1, min(MAX_BATCH, math.ceil(MIN_SAMPLE_MS / single_ms)))


class BuiltinTarget(Target):
    """A kernel of kernels/ run through pycuda on GPU ``device_index``."""

    kind = "builtin"

    def __init__(
        self,
        spec: KernelSpec,
        params: Mapping[str, int] | None = None,
        *,
        build_dir: Path,
        policy: TimingPolicy | None = None,
        device_index: int = 0,
        profile_timeout_s: float = 60.0,
        skip_same_programs: bool = True,
    ) -> None:
        """``skip_same_programs``: leave out a cache configuration that builds the default's
        program (:meth:`same_program`) when the default is measured too."""
        self.spec = spec
        self.skip_same_programs = skip_same_programs
        self.kernel = spec.name
        self.overrides = dict(params or {})
        self.build_dir = Path(build_dir)
        self.policy = policy or TimingPolicy()
        self.device_index = device_index
        self.profile_timeout_s = profile_timeout_s
        self._session = None
        self._runtime = None
        self._params: dict[str, int] | None = None
        self._compiled: dict[str, Compiled] = {}
        self._arch = None

    # ------------------------------------------------------------------ setup
    @property
    def session(self):
        if self._session is None:
            from gpuadvisor.targets.cuda import Session

            self._session = Session(self.device_index)
        return self._session

    def device(self) -> DeviceInfo:
        return self.session.info

    @property
    def params(self) -> dict[str, int]:
        if self._params is None:
            info = self.device()
            arch = None
            try:
                from gpuadvisor.arch import get_arch

                arch = get_arch(info.arch) if info.arch else None
            except UserError:
                arch = None
            self._arch = arch
            self._params = self.spec.resolve_params(self.overrides, arch_names(arch, info.sm_count))
        return self._params

    def compiled(self, cache_config: str) -> Compiled:
        flags = tuple(cache_config_flags(cache_config))
        key = " ".join(flags) or "default"
        if key not in self._compiled:
            arch = self.device().arch or "sm_90"
            self._compiled[key] = compile_kernel(
                self.spec.source, self.spec.entry, arch, cache_config, self.build_dir
            )
        return self._compiled[key]

    def provenance(self) -> dict[str, Any]:
        info = self.device()
        return {
            "target": "builtin",
            "kernel": self.kernel,
            "params": json.dumps(self.params, sort_keys=True),
            "driver": info.driver,
            "source_file": self.spec.source.name,
        }

    def describe(self) -> str:
        params = ", ".join(f"{k}={v}" for k, v in self.params.items())
        return f"{self.kernel} ({params})"

    def space(
        self, shapes: Sequence[Shape], cache_configs: Sequence[str], arch: Any, min_threads: int = 1
    ) -> Space:
        params = self.params
        return build_space(
            self.kernel,
            shapes,
            cache_configs,
            arch,
            resources=lambda cc: self.compiled(cc).resources,
            dynamic_smem=lambda shape: self.spec.dynamic_smem(shape, params),
            constraint=lambda shape: self.spec.constraint_reason(shape, params),
            min_threads=min_threads,
            same_program=self.same_program if self.skip_same_programs else None,
        )

    def same_program(self, cache_config: str) -> str | None:
        """Why ``cache_config`` would measure the default's program again: ``l1_off`` of a
        kernel none of whose loads ``-dlcm=cg`` changes (:mod:`gpuadvisor.ptx.cache_ops`).
        None where it differs, or where the PTX cannot be had (then it is measured)."""
        if cache_config != "l1_off":
            return None
        from gpuadvisor.ptx.cache_ops import bypass_changed_loads
        from gpuadvisor.ptx.sources import ptx_text

        try:
            text = ptx_text(self.spec.source, cache_dir=self.build_dir)
        except UserError:
            return None
        if bypass_changed_loads(text) or ".entry" not in text:
            return None
        return ("the same program as default: every global load takes the read-only path "
                "(ld.global.nc), whose caching -dlcm=cg does not change")

    def _plan(self, config: Config, first_only: bool = False):
        info = self.device()
        return build_plan(
            self.spec,
            self.params,
            config.block,
            sm_count=info.sm_count or 132,
            first_only=first_only,
        )

    @property
    def runtime(self):
        if self._runtime is None:
            from gpuadvisor.targets.cuda import KernelRuntime

            self._runtime = KernelRuntime(
                self.session, self.spec, self.params, reference=load_reference(self.spec)
            )
        return self._runtime

    # ------------------------------------------------------------------ timing pass
    def _base_row(self, config: Config) -> dict[str, Any]:
        params = self.params
        compiled = self.compiled(config.cache_config)
        res = compiled.resources
        dyn = self.spec.dynamic_smem(config.block, params)
        grid = self._plan(config)[0].grid  # stage 1's grid for multi-stage plans
        row: dict[str, Any] = {
            **config.identity(),
            **self.device().row(),
            "grid_x": grid[0],
            "grid_y": grid[1],
            "grid_z": grid[2],
            "registers_per_thread": res.registers_per_thread,
            "shared_mem_per_block": res.shared_mem_static + dyn,
            "profiler": "timing",
            "source": f"gpuadvisor tune {self.kernel} (pycuda, CUDA events)",
        }
        if self._arch is not None:
            row["theoretical_occupancy"] = theoretical_occupancy(
                config, self._arch, res.registers_per_thread, res.shared_mem_static, dyn
            )
        return row

    def measure(self, config: Config) -> dict[str, Any]:
        from gpuadvisor.targets.cuda import is_sticky

        try:
            row = self._base_row(config)
        except UserError as err:  # compile problems are this configuration's failure
            return failed_row(config, str(err), **self.device().row())
        drv = self.session.drv
        runtime = self.runtime
        launches = self._plan(config)
        stage = "load"
        try:
            func = runtime.function(
                str(self.compiled(config.cache_config).cubin), config.cache_config, launches[0]
            )
            stage = "check"
            problem = runtime.check(func, launches)
            stage = "time"
            probe = runtime.timer(func, launches, 1)
            single = probe()
            batch = batch_size(single, self.policy.flush_l2)
            result = measure(
                runtime.timer(func, launches, batch), self.policy, flush=self.session.flush_l2
            )
        except drv.Error as err:
            message = f"CUDA error while {_STAGES[stage]}: {str(err).strip()}"
            if is_sticky(err):
                row.update(status="failed", error=message)
                raise TargetBroken(
                    f"{config.label()}: {message}; the CUDA context cannot be used after this "
                    "fault: rerun with --resume to continue in a fresh process",
                    row,
                ) from None
            row.update(status="failed", error=message)
            return row
        row.update(result.as_row())
        row["launches_per_sample"] = batch
        if problem:
            row.update(status="invalid", error=problem)
        else:
            row.update(status="ok", error=None)
        return row

    # ------------------------------------------------------------------ profiling pass
    def profile(
        self, configs: Sequence[Config], workdir: Path, progress: Progress | None = None
    ) -> dict[Key, dict[str, Any]]:
        """Every configuration under ONE ncu process (the driver launches each once)."""
        from gpuadvisor.profilers.ncu import build_ncu_command
        from gpuadvisor.targets.profiling import (
            find_ncu,
            match_launches,
            ncu_metrics,
            parse_run,
            run_streaming,
        )

        if not configs:
            return {}
        ncu = find_ncu()
        info = self.device()
        if self._runtime is not None:  # free the timing pass's buffers for the driver
            self._runtime.free()
            self._runtime = None
        ncudir = workdir / "ncu"
        ncudir.mkdir(parents=True, exist_ok=True)
        number = len(list(ncudir.glob(f"{self.kernel}-batch*.json"))) + 1
        stem = ncudir / f"{self.kernel}-batch{number}"
        log_path = stem.with_suffix(".launches.jsonl")
        plan = {
            "manifest": str(self.spec.source.parent / "manifest.yaml"),
            "kernel": self.kernel,
            "params": self.params,
            "device": self.device_index,
            "sm_count": info.sm_count,
            "log": str(log_path),
            "configs": [
                {
                    "block": list(c.block),
                    "cache_config": c.cache_config,
                    "cubin": str(self.compiled(c.cache_config).cubin),
                }
                for c in configs
            ],
        }
        plan_path = stem.with_suffix(".json")
        plan_path.write_text(json.dumps(plan, indent=1))
        driver = [sys.executable, "-m", "gpuadvisor.targets.driver", str(plan_path)]
        argv = build_ncu_command(
            driver,
            f"^{self.spec.entry}$",
            ncu_metrics(info.compute_capability),
            csv_page="raw",
            ncu=ncu,
        )
        env = dict(os.environ)
        package_root = str(Path(__file__).resolve().parents[2])
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (package_root, env.get("PYTHONPATH", "")) if p
        )
        seen = [0]

        def watch() -> None:  # the driver logs each configuration once it is profiled
            if progress is None or not log_path.is_file():
                return
            count = log_path.read_bytes().count(b"\n")
            if count > seen[0]:
                progress(count - seen[0])
                seen[0] = count

        run = run_streaming(
            argv, timeout_s=120 + self.profile_timeout_s * len(configs), env=env, watch=watch
        )
        stem.with_suffix(".csv").write_text(run.stdout)
        stem.with_suffix(".log").write_text(run.stderr)
        launched, errors = read_launch_log(log_path, configs)
        try:
            rows = parse_run(run, source=" ".join(argv))
        except ProfilerError as err:
            return {c.key: {"error": errors.get(c.key) or f"ncu: {err}"} for c in configs}
        matched, problems = match_launches(launched, rows)
        results: dict[Key, dict[str, Any]] = {}
        for config in configs:
            if config.key in matched:
                results[config.key] = matched[config.key]
            else:
                why = errors.get(config.key) or "; ".join(problems) or "not profiled"
                results[config.key] = {"error": f"ncu: {why}"}
        return results

    def close(self) -> None:
        if self._runtime is not None:
            self._runtime.free()
            self._runtime = None
        if self._session is not None:
            self._session.close()
            self._session = None


_STAGES = {"load": "loading the module", "check": "checking the output", "time": "timing"}


def read_launch_log(
    path: Path, configs: Sequence[Config]
) -> tuple[list[tuple[Config, Shape]], dict[Key, str]]:
    """The driver's log: (configuration, block it launched) in order, and errors by key.

    The launched block differs from the configuration's only for stages_adaptive when the
    first stage already has fewer blocks than SMs.
    """
    by_key = {c.key: c for c in configs}
    launched: list[tuple[Config, Shape]] = []
    errors: dict[Key, str] = {}
    if not path.is_file():
        return launched, {c.key: "the driver launched nothing (see the .log file)" for c in configs}
    for line in path.read_text().splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue
        key = tuple(record.get("key", ()))
        if key not in by_key:
            continue
        config = by_key[key]  # type: ignore[index]
        if record.get("error"):
            errors[config.key] = str(record["error"])
        else:
            block = tuple(record.get("block") or config.block)
            launched.append((config, block))  # type: ignore[arg-type]
    return launched, errors
