"""Number formats, metric labels and units shared by every renderer (one place, one style)."""

from __future__ import annotations

import math
from typing import Any

from gpuadvisor.sweep import STALL_PREFIX

_UNITS = {
    "time_ms": "ms",
    "time_ms_min": "ms",
    "time_ms_max": "ms",
    "time_ms_std": "ms",
    "duration_ms": "ms",
    "achieved_occupancy": "%",
    "theoretical_occupancy": "%",
    "gld_efficiency": "%",
    "gst_efficiency": "%",
    "l1_hit_rate": "%",
    "l2_hit_rate": "%",
    "dram_throughput_pct": "% of peak",
    "sm_throughput_pct": "% of peak",
    "branch_efficiency": "%",
    "l1_global_load_misses": "count",
    "l1_global_load_requests": "count",
    "sectors_per_request": "sectors/request",
    "registers_per_thread": "registers/thread",
    "shared_mem_per_block": "bytes",
}

_LABELS = {
    "time_ms": "time",
    "duration_ms": "profiled duration",
    "achieved_occupancy": "achieved occupancy",
    "theoretical_occupancy": "theoretical occupancy",
    "gld_efficiency": "global load efficiency",
    "gst_efficiency": "global store efficiency",
    "l1_hit_rate": "L1 hit rate",
    "l2_hit_rate": "L2 hit rate",
    "dram_throughput_pct": "DRAM throughput",
    "sm_throughput_pct": "SM throughput",
    "branch_efficiency": "branch efficiency",
    "l1_global_load_misses": "L1 global load misses",
    "l1_global_load_requests": "L1 global load requests",
    "sectors_per_request": "sectors per request",
    "registers_per_thread": "registers per thread",
    "shared_mem_per_block": "shared memory per block",
}

#: Metrics where a higher value is better; time and stalls are lower-is-better.
HIGHER_IS_BETTER = {
    "achieved_occupancy", "theoretical_occupancy", "gld_efficiency", "gst_efficiency",
    "l1_hit_rate", "l2_hit_rate", "branch_efficiency",
}
LOWER_IS_BETTER = {"time_ms", "duration_ms", "l1_global_load_misses", "sectors_per_request"}


def metric_unit(name: str) -> str:
    if name.startswith(STALL_PREFIX):
        return "% of stall cycles"
    return _UNITS.get(name, "")


def metric_label(name: str) -> str:
    """A reader's name for a column: ``gld_efficiency`` -> ``global load efficiency``."""
    if name.startswith(STALL_PREFIX):
        return "stall: " + name.removeprefix(STALL_PREFIX).replace("_", " ")
    return _LABELS.get(name, name.replace("_", " "))


def metric_title(name: str) -> str:
    """Label with unit: ``time (ms)``."""
    unit = metric_unit(name)
    return f"{metric_label(name)} ({unit})" if unit else metric_label(name)


def is_missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(value != value) or (isinstance(value, float) and math.isinf(value))
    except (TypeError, ValueError):  # pd.NA
        return True


def fmt_num(value: Any, digits: int = 4) -> str:
    """Compact, never scientific: 867208 -> 867,208; 12.3456 -> 12.35; 0.001234 -> 0.001234."""
    if is_missing(value):
        return "–"
    v = float(value)
    if v == 0:
        return "0"
    magnitude = math.floor(math.log10(abs(v)))
    if magnitude >= digits - 1:
        return f"{v:,.0f}"
    decimals = max(0, digits - 1 - magnitude)
    text = f"{v:.{decimals}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def fmt_short(value: Any) -> str:
    """At most ~5 characters for heatmap cells: 867208 -> 867k, 4294000000 -> 4.29G."""
    if is_missing(value):
        return "n/a"
    v = float(value)
    for limit, suffix in ((1e12, "T"), (1e9, "G"), (1e6, "M"), (1e4, "k")):
        if abs(v) >= limit:
            scaled = v / (limit if suffix != "k" else 1e3)
            text = f"{scaled:#.3g}".rstrip(".")  # 3 significant digits, trailing zeros kept
            return f"{text}{suffix}"
    return fmt_num(v, 3) if abs(v) < 1000 else f"{v:.0f}"


def fmt_pct(value: Any, signed: bool = True) -> str:
    if is_missing(value):
        return "–"
    return f"{float(value):+.1f}%" if signed else f"{float(value):.1f}%"


def fmt_metric(name: str, value: Any) -> str:
    """A value with its unit, for prose: ``92.1%``, ``1.25 ms``, ``3.2M``."""
    if is_missing(value):
        return "n/a"
    unit = metric_unit(name)
    if unit.startswith("%"):
        return f"{float(value):.1f}%"
    if unit == "ms":
        return f"{fmt_num(value)} ms"
    if unit == "count":
        return fmt_short(value)
    return fmt_num(value)
