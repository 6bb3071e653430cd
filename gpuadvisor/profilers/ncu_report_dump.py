"""Child process behind ``parse_ncu_report``: read a ``.ncu-rep`` with NVIDIA's module.

Run as ``python -m gpuadvisor.profilers.ncu_report_dump REPORT`` with a JSON object
``{"names": [...], "prefixes": [...]}`` on stdin (the metrics gpuadvisor maps); prints a JSON
list of ``{"name": kernel, "metrics": {metric: [value, unit]}}``, one per profiled launch. It
imports only the standard library, and it runs apart from the caller because the native module
can crash.
"""

from __future__ import annotations

import glob
import json
import os
import shutil
import sys
from pathlib import Path

# This module imports nothing beyond the standard library (pandas and pyarrow loaded next to
# NVIDIA's native module were the likely cause of the segmentation fault seen on the H200).


def _import_ncu_report():
    """NVIDIA's ncu_report module, from sys.path or a Nsight Compute install's extras/python."""
    try:
        import ncu_report  # type: ignore[import-not-found]

        return ncu_report
    except ImportError:
        pass
    candidates = []
    env = os.environ.get("NCU_PYTHON_PATH")
    if env:
        candidates.append(Path(env))
    ncu_bin = shutil.which(os.environ.get("NCU", "ncu"))
    if ncu_bin:
        candidates.append(Path(os.path.realpath(ncu_bin)).parent / "extras" / "python")
    for pattern in (
        "/opt/nvidia/nsight-compute/*/extras/python",
        "/usr/local/cuda*/nsight-compute*/extras/python",
    ):
        candidates += [Path(p) for p in sorted(glob.glob(pattern), reverse=True)]
    for path in candidates:
        if (path / "ncu_report.py").is_file():
            sys.path.insert(0, str(path))
            try:
                import ncu_report  # type: ignore[import-not-found]

                return ncu_report
            except ImportError:
                sys.path.remove(str(path))
    return None




def _action_name(module, action) -> str:
    for args in ((getattr(getattr(module, "IAction", None), "NameBase_DEMANGLED", None),), ()):
        if args and args[0] is None:
            continue
        try:
            return str(action.name(*args))
        except Exception:  # noqa: BLE001,S112 - older modules take no argument
            continue
    return "?"


def _metric_value(metric) -> object:
    """A metric's value as Python gives it (number or string); '' when it has none."""
    try:
        if hasattr(metric, "has_value") and not metric.has_value():
            return ""
    except Exception:  # noqa: BLE001 - defensive against module versions
        pass
    for getter in ("value", "as_double", "as_uint64", "as_string"):
        try:
            value = getattr(metric, getter)()
        except Exception:  # noqa: BLE001,S112 - wrong type for this metric
            continue
        if value is not None:
            return value
    return ""


def _metric_unit(metric) -> str:
    try:
        return str(metric.unit())
    except Exception:  # noqa: BLE001 - older modules have no unit()
        return ""


def dump(path: str, names: set[str], prefixes: tuple[str, ...]) -> list[dict]:
    module = _import_ncu_report()
    if module is None:
        raise SystemExit("NVIDIA's ncu_report module is not importable")
    try:
        context = module.load_report(path)
    except Exception as err:  # noqa: BLE001 - NVIDIA's module raises assorted errors
        raise SystemExit(f"ncu_report cannot read it ({err})") from None
    actions = []
    for r in range(context.num_ranges()):
        rng = context.range_by_idx(r)
        for a in range(rng.num_actions()):
            action = rng.action_by_idx(a)
            metrics = {}
            for name in action.metric_names():
                if name in names or name.startswith(prefixes):
                    metric = action.metric_by_name(name)
                    value = _metric_value(metric)
                    if not isinstance(value, (int, float, str)):
                        value = str(value)
                    metrics[name] = [value, _metric_unit(metric)]
            actions.append({"name": _action_name(module, action), "metrics": metrics})
    return actions


def main() -> None:
    request = json.load(sys.stdin)
    result = dump(sys.argv[1], set(request["names"]), tuple(request["prefixes"]))
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
