"""The pycuda side of the built-in kernels: a device session and a kernel's runtime (buffers,
modules per cache configuration, launches, validation, event timing).

pycuda is imported here and only here, lazily: without pycuda or a GPU every entry point
raises GpuUnavailableError with one clear line. Used by the timing pass
(:mod:`gpuadvisor.targets.builtin`) and by the ncu driver (:mod:`gpuadvisor.targets.driver`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np

from gpuadvisor.errors import GpuUnavailableError
from gpuadvisor.space import carveout_pct
from gpuadvisor.targets.base import DeviceInfo, device_label
from gpuadvisor.targets.data import host_values
from gpuadvisor.targets.manifest import KernelSpec
from gpuadvisor.targets.plans import Buf, Launch

#: The default per-block limit of dynamic shared memory; above it a kernel must opt in.
DEFAULT_DYNAMIC_SMEM = 48 * 1024
#: Errors after which the CUDA context is unusable (sticky errors).
_STICKY = (
    "illegal",
    "launch failed",
    "misaligned",
    "unspecified launch failure",
    "exception",
    "hardware stack error",
    "not permitted",
    "ecc",
)


def load_driver() -> Any:
    """pycuda.driver, initialized; GpuUnavailableError (one line) when it cannot be."""
    try:
        import pycuda.driver as drv
    except ImportError:
        raise GpuUnavailableError(
            "pycuda is not installed: built-in kernels need it (pip install pycuda) and a CUDA "
            "GPU; external apps (gpuadvisor tune ./app --kernel NAME) do not"
        ) from None
    except OSError as err:
        raise GpuUnavailableError(f"the CUDA driver library cannot be loaded ({err})") from None
    try:
        drv.init()
        count = drv.Device.count()
    except Exception as err:  # noqa: BLE001 - pycuda raises its own error classes
        raise GpuUnavailableError(f"no usable CUDA driver or GPU ({err})") from None
    if count == 0:
        raise GpuUnavailableError("no CUDA GPU found")
    return drv


def is_sticky(err: BaseException) -> bool:
    text = str(err).lower()
    return any(word in text for word in _STICKY)


class Session:
    """A CUDA context on one device; close() releases it."""

    def __init__(self, device_index: int = 0) -> None:
        drv = load_driver()
        self.drv = drv
        if device_index >= drv.Device.count():
            raise GpuUnavailableError(f"no CUDA device {device_index}")
        self.device = drv.Device(device_index)
        self.context = self.device.make_context()
        self.stream = drv.Stream()
        cc = self.device.compute_capability()
        attr = drv.device_attribute
        try:
            version = drv.get_driver_version()
            driver = f"{version // 1000}.{(version % 1000) // 10}"
        except Exception:  # noqa: BLE001
            driver = None
        self.info = DeviceInfo(
            gpu=self.device.name(),
            arch=f"sm_{cc[0]}{cc[1]}",
            sm_count=int(self.device.get_attribute(attr.MULTIPROCESSOR_COUNT)),
            driver=driver,
            compute_capability=(int(cc[0]), int(cc[1])),
            device=device_label(device_index),
        )
        l2_attr = getattr(attr, "L2_CACHE_SIZE", None)
        self.l2_bytes = int(self.device.get_attribute(l2_attr)) if l2_attr is not None else 0
        self._flush = None

    def flush_l2(self) -> None:
        """Overwrite a buffer twice the L2 size (256 MiB when unknown), asynchronously."""
        if self._flush is None:
            size = max(2 * self.l2_bytes, 256 << 20) if self.l2_bytes else 256 << 20
            self._flush = (self.drv.mem_alloc(size), size // 4)
        buf, words = self._flush
        self.drv.memset_d32_async(buf, 0, words, self.stream)

    def synchronize(self) -> None:
        self.context.synchronize()

    def close(self) -> None:
        try:
            self.context.pop()
        finally:
            self.context.detach()


class KernelRuntime:
    """One built-in kernel's data on the device and its loaded modules."""

    def __init__(
        self,
        session: Session,
        spec: KernelSpec,
        params: Mapping[str, int],
        reference: Callable[..., dict[str, np.ndarray]] | None = None,
    ) -> None:
        self.session = session
        self.drv = session.drv
        self.spec = spec
        self.params = dict(params)
        self.values = host_values(spec, params)
        self._reference_fn = reference
        # The last expected outputs and the threads per block they were made for (None for
        # the references that do not depend on the block): one held at a time, since a
        # block-dependent one is remade for each block size of a sweep.
        self._expected: tuple[int | None, dict[str, np.ndarray]] | None = None
        self.buffers: dict[str, Any] = {}
        self.pristine: dict[str, Any] = {}
        self.functions: dict[tuple[str, str], Any] = {}
        self._modules: dict[tuple[str, str], Any] = {}
        self._dynamic_limit: dict[int, int] = {}
        self._host_out: dict[str, np.ndarray] = {}
        drv = self.drv
        for arg in spec.args:
            if not arg.is_buffer:
                continue
            array = self.values[arg.name]
            buf = drv.mem_alloc(max(array.nbytes, 4))
            self.buffers[arg.name] = buf
            if arg.kind in ("input", "inout", "output") and np.any(array):
                drv.memcpy_htod(buf, array)
                if arg.kind != "input":
                    self.pristine[arg.name] = drv.mem_alloc(max(array.nbytes, 4))
                    drv.memcpy_dtod(self.pristine[arg.name], buf, array.nbytes)
            else:
                drv.memset_d8(buf, 0, max(array.nbytes, 4))
        session.synchronize()

    # -------------------------------------------------------------- functions
    def function(self, cubin: str, cache_config: str, launch: Launch) -> Any:
        """The kernel loaded from ``cubin`` with this cache configuration applied."""
        key = (str(cubin), cache_config)
        func = self.functions.get(key)
        if func is None:
            drv = self.drv
            module = drv.module_from_file(str(cubin))
            func = module.get_function(self.spec.entry)
            if cache_config == "prefer_l1":
                func.set_cache_config(drv.func_cache.PREFER_L1)
            elif cache_config == "prefer_shared":
                func.set_cache_config(drv.func_cache.PREFER_SHARED)
            pct = carveout_pct(cache_config)
            if pct is not None:
                func.set_attribute(drv.function_attribute.PREFERRED_SHARED_MEMORY_CARVEOUT, pct)
            func.prepare(
                [np.uintp if isinstance(a, Buf) else np.dtype(a.dtype) for a in launch.args]
            )
            self._modules[key] = module  # keep the module alive with its function
            self._dynamic_limit[id(func)] = DEFAULT_DYNAMIC_SMEM
            self.functions[key] = func
        return func

    def launch(self, func: Any, launch: Launch) -> None:
        if launch.shared > self._dynamic_limit.get(id(func), DEFAULT_DYNAMIC_SMEM):
            func.set_attribute(
                self.drv.function_attribute.MAX_DYNAMIC_SHARED_SIZE_BYTES, launch.shared
            )
            self._dynamic_limit[id(func)] = launch.shared
        args = [int(self.buffers[a.name]) if isinstance(a, Buf) else a.value for a in launch.args]
        func.prepared_async_call(
            launch.grid, launch.block, self.session.stream, *args, shared_size=launch.shared
        )

    def run(self, func: Any, launches: Sequence[Launch], times: int = 1) -> None:
        for _ in range(times):
            for launch in launches:
                self.launch(func, launch)

    # -------------------------------------------------------------- validation
    def reset_outputs(self) -> None:
        drv = self.drv
        for arg in self.spec.args:
            if arg.kind not in ("output", "inout"):
                continue
            nbytes = self.values[arg.name].nbytes
            if arg.name in self.pristine:
                drv.memcpy_dtod(self.buffers[arg.name], self.pristine[arg.name], nbytes)
            else:
                drv.memset_d8(self.buffers[arg.name], 0, max(nbytes, 4))

    def expected(self, threads: int) -> dict[str, np.ndarray]:
        """The reference's outputs for a configuration of ``threads`` threads per block
        (only the references that take ``threads`` depend on it)."""
        from gpuadvisor.targets.references import expected_outputs, takes_threads

        if self._reference_fn is None:
            raise RuntimeError("no reference for this runtime")
        key = threads if takes_threads(self._reference_fn) else None
        if self._expected is None or self._expected[0] != key:
            self._expected = (key, expected_outputs(self._reference_fn, self.values, threads))
        return self._expected[1]

    def check(self, func: Any, launches: Sequence[Launch]) -> str | None:
        """Run once from fresh outputs and compare with the NumPy reference (for the first
        launch's block, where the reference depends on it)."""
        from gpuadvisor.targets.references import compare

        self.reset_outputs()
        self.session.synchronize()
        self.run(func, launches)
        self.session.stream.synchronize()
        tolerances = self.spec.check
        block = launches[0].block
        for name, expected in self.expected(block[0] * block[1] * block[2]).items():
            host = self._host_out.get(name)
            if host is None:
                host = self.drv.pagelocked_empty(expected.shape, expected.dtype)
                self._host_out[name] = host
            self.drv.memcpy_dtoh(host, self.buffers[name])
            tol = tolerances.get(name, "exact")
            rtol = float(tol.get("rtol", 0)) if isinstance(tol, dict) else 0.0
            atol = float(tol.get("atol", 0)) if isinstance(tol, dict) else 0.0
            problem = compare(expected, host, rtol=rtol, atol=atol)
            if problem:
                return f"{name}: {problem}"
        return None

    # -------------------------------------------------------------- timing
    def timer(self, func: Any, launches: Sequence[Launch], batch: int) -> Callable[[], float]:
        """A ``run_once`` for gpuadvisor.timing.measure: CUDA events around ``batch``
        back-to-back executions, returning milliseconds per execution."""
        drv = self.drv
        stream = self.session.stream
        start, end = drv.Event(), drv.Event()

        def run_once() -> float:
            start.record(stream)
            self.run(func, launches, batch)
            end.record(stream)
            end.synchronize()
            return end.time_since(start) / batch

        return run_once

    def free(self) -> None:
        for buf in [*self.buffers.values(), *self.pristine.values()]:
            with contextlib.suppress(Exception):  # freeing after a fault may fail too
                buf.free()
        self.buffers.clear()
        self.pristine.clear()
        self.functions.clear()
        self._modules.clear()
        self._dynamic_limit.clear()
        self._host_out.clear()
