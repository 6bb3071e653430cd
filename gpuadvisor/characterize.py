"""Kernel characterization: its global-memory access pattern and what bounds it, with evidence.

The seeds' guidance depends on *how* a kernel reads memory (coalesced, with reuse between
threads, regularly scattered, random) and on whether it is memory, compute or latency bound.
This module decides both, in order of authority: what the user says (``--access``), what the
data says about itself (an ``access``/``bound`` column or provenance line), the kernel manifest
(``kernels/manifest.yaml``), then the profiler metrics; failing all of those, the access is
*assumed* coalesced (the usual way of indexing, 000 §IV.A) and said to be an assumption.
Thresholds live in ``rules/calibration/characterize.yaml``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.numbers import float_or_none
from gpuadvisor.paths import kernels_dir, rules_dir
from gpuadvisor.rows import as_list, cells_in, floats_in
from gpuadvisor.yaml_text import load_cached, safe_load

ACCESS_PATTERNS = ("coalesced", "reuse", "scattered", "random")
BOUNDS = ("memory", "compute", "latency")
#: Words a manifest or provenance may use for the same patterns.
_ACCESS_ALIASES = {
    "coalesced": "coalesced", "contiguous": "coalesced", "streaming": "coalesced",
    "reuse": "reuse", "cached": "reuse", "tiled": "reuse",
    "scattered": "scattered", "strided": "scattered", "regular-scattered": "scattered",
    "random": "random", "irregular": "random",
}
_BOUND_ALIASES = {
    "memory": "memory", "bandwidth": "memory", "compute": "compute",
    "instruction": "compute", "latency": "latency",
}


@dataclass
class Characterization:
    """Access pattern and limiter of one kernel, where each came from, and the evidence."""

    kernel: str
    access: str
    access_source: str
    access_evidence: list[str] = field(default_factory=list)
    bound: str | None = None
    bound_source: str = "unknown"
    bound_evidence: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kernel": self.kernel,
            "access": self.access,
            "access_source": self.access_source,
            "access_evidence": list(self.access_evidence),
            "bound": self.bound,
            "bound_source": self.bound_source,
            "bound_evidence": list(self.bound_evidence),
        }


@functools.lru_cache(maxsize=1)
def thresholds() -> dict[str, dict[str, float]]:
    """The calibration constants of rules/calibration/characterize.yaml."""
    path = rules_dir() / "calibration" / "characterize.yaml"
    data = load_cached(path.read_text(encoding="utf-8"))
    return {k: {kk: float(vv) for kk, vv in v.items()} for k, v in data.items()}


def normalize_access(text: Any) -> str | None:
    if text is None or (isinstance(text, float) and math.isnan(text)):
        return None
    return _ACCESS_ALIASES.get(str(text).strip().lower())


def normalize_bound(text: Any) -> str | None:
    if text is None or (isinstance(text, float) and math.isnan(text)):
        return None
    return _BOUND_ALIASES.get(str(text).strip().lower().removesuffix("-bound").removesuffix(
        " bound"))


@functools.lru_cache(maxsize=4)
def _manifest(path: str) -> dict[str, dict[str, Any]]:
    p = Path(path)
    if not p.is_file():
        return {}
    import yaml

    try:
        data = safe_load(p.read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        return {}
    entries = data.get("kernels", data) if isinstance(data, dict) else data
    out: dict[str, dict[str, Any]] = {}
    if isinstance(entries, dict):
        for name, entry in entries.items():
            if isinstance(entry, dict):
                out[str(name)] = entry
    elif isinstance(entries, list):
        for entry in entries:
            if isinstance(entry, dict) and "name" in entry:
                out[str(entry["name"])] = entry
    return out


def manifest_applies(provenance: Mapping[str, Any] | None,
                     manifest_path: str | Path | None = None) -> bool:
    """Whether a kernel manifest describes this table's kernels.

    The built-in manifest declares how the built-in kernels access memory; it says nothing
    about a user's kernel that happens to share a name (an app's ``scattered``), so it applies
    only to tables the built-in target recorded (provenance ``target: builtin``). A manifest
    the caller names explicitly always applies.
    """
    if manifest_path is not None:
        return True
    return str((provenance or {}).get("target", "")).strip().lower() == "builtin"


def manifest_entry(kernel: str, manifest_path: str | Path | None = None) -> dict[str, Any]:
    """The manifest entry of ``kernel`` (also matched by a kernel's own ``kernels:`` names)."""
    path = str(manifest_path or (kernels_dir() / "manifest.yaml"))
    entries = _manifest(path)
    if kernel in entries:
        return entries[kernel]
    for entry in entries.values():
        names = entry.get("kernel") or entry.get("kernels") or entry.get("function")
        if isinstance(names, str):
            names = [names]
        if isinstance(names, list) and kernel in [str(n) for n in names]:
            return entry
    return {}


def _num(row: Mapping[str, Any], key: str) -> float | None:
    return float_or_none(row.get(key))


def loads_absent(row: Mapping[str, Any]) -> bool:
    """Whether the profile counted no global load at all: its 0 % load efficiency is then
    0 of 0 bytes, not scatter (a kernel that only computes and stores, like an escape-time
    fractal)."""
    requests = _num(row, "l1_global_load_requests")
    if requests is not None:
        return requests == 0
    sectors = _num(row, "l1_global_load_sectors")
    return sectors is not None and sectors == 0 and _num(row, "sectors_per_request") == 0


def loads_absent_each(rows: list[Mapping[str, Any]]) -> list[bool]:
    """:func:`loads_absent` of each row, from the rows' parsed columns (one read per column
    instead of three parses per row)."""
    out = []
    for requests, sectors, spr in zip(floats_in(rows, "l1_global_load_requests"),
                                      floats_in(rows, "l1_global_load_sectors"),
                                      floats_in(rows, "sectors_per_request"), strict=True):
        if requests is not None:
            out.append(requests == 0)
        else:
            out.append(sectors is not None and sectors == 0 and spr == 0)
    return out


def _efficiencies(rows: list[Mapping[str, Any]], efficiency: str, per_request: str,
                  elem_bytes: int, sector_bytes: int, warp_size: int) -> list[float | None]:
    """The efficiency :func:`_efficiency` gives each row (without its text), from the rows'
    parsed columns."""
    out = []
    ideal = warp_size * elem_bytes / sector_bytes
    for eff, spr in zip(floats_in(rows, efficiency), floats_in(rows, per_request),
                        strict=True):
        if eff is None and spr is not None and spr > 0:
            eff = min(100.0, 100.0 * ideal / spr)
        out.append(eff)
    return out


def _efficiency(row: Mapping[str, Any], efficiency: str, per_request: str, what: str,
                elem_bytes: int, sector_bytes: int, warp_size: int) -> tuple[float | None, str]:
    """A profiler's efficiency percentage, or the same derived from sectors per request
    (ideal / measured)."""
    eff = _num(row, efficiency)
    if eff is not None:
        return eff, f"{efficiency} {eff:.1f}%"
    spr = _num(row, per_request)
    if spr is not None and spr > 0:
        ideal = warp_size * elem_bytes / sector_bytes
        eff = min(100.0, 100.0 * ideal / spr)
        return eff, (f"{spr:.1f} {what}sectors per request (ideal {ideal:g} for {elem_bytes} B "
                     f"per thread) = {eff:.0f}% efficiency")
    return None, ""


def store_efficiency(row: Mapping[str, Any], elem_bytes: int = 4, sector_bytes: int = 32,
                     warp_size: int = 32) -> tuple[float | None, str]:
    """gst_efficiency, or the same derived from store sectors per request."""
    return _efficiency(row, "gst_efficiency", "store_sectors_per_request", "store ",
                       elem_bytes, sector_bytes, warp_size)


def load_efficiency(row: Mapping[str, Any], elem_bytes: int = 4, sector_bytes: int = 32,
                    warp_size: int = 32) -> tuple[float | None, str]:
    """gld_efficiency, or the same derived from sectors per request (ideal / measured); None
    where the kernel issued no loads."""
    eff, text = _efficiency(row, "gld_efficiency", "sectors_per_request", "", elem_bytes,
                            sector_bytes, warp_size)
    if eff == 0 and loads_absent(row):
        return None, ""
    return eff, text


def access_from_metrics(rows: list[Mapping[str, Any]], *, elem_bytes: int = 4,
                        sector_bytes: int = 32, warp_size: int = 32
                        ) -> tuple[str | None, list[str]]:
    """Classify the access pattern from the best-coalesced profiled row (None: no metrics).

    The row with the highest load efficiency is the one least confounded by a poor block
    shape, so it shows the kernel's own pattern.
    """
    t = thresholds()["access"]
    rows = as_list(rows)
    effs = _efficiencies(rows, "gld_efficiency", "sectors_per_request", elem_bytes,
                         sector_bytes, warp_size)
    absent = loads_absent_each(rows) if 0 in effs else None
    best_i: int | None = None
    for i, eff in enumerate(effs):
        if eff == 0 and absent is not None and absent[i]:  # load_efficiency's None
            continue
        if eff is not None and (best_i is None or eff > effs[best_i]):  # type: ignore[operator]
            best_i = i
    if best_i is None:
        return _access_from_stores(rows, t, elem_bytes, sector_bytes, warp_size)
    row = rows[best_i]
    eff, text = load_efficiency(row, elem_bytes, sector_bytes, warp_size)
    assert eff is not None
    shape = f"{int(row.get('block_x', 0))}x{int(row.get('block_y', 1) or 1)}"
    hit = _num(row, "l1_hit_rate")
    hit_text = f", L1 hit rate {hit:.0f}%" if hit is not None else ""
    evidence = [f"best-coalesced profiled launch {shape}: {text}{hit_text}"]
    if eff >= t["coalesced_min_efficiency"]:
        if hit is not None and hit >= t["reuse_min_l1_hit_rate"]:
            evidence.append(
                f"loads are coalesced (>= {t['coalesced_min_efficiency']:g}%) and "
                f"{hit:.0f}% of them hit in L1 (>= {t['reuse_min_l1_hit_rate']:g}%): threads "
                "re-read lines other threads brought in")
            return "reuse", evidence
        evidence.append(f"loads are coalesced (>= {t['coalesced_min_efficiency']:g}%)")
        return "coalesced", evidence
    spr = _num(row, "sectors_per_request")
    if eff <= t["scattered_max_efficiency"] and spr is not None \
            and 0 < spr <= t["scattered_min_sectors_per_request"]:
        evidence.append(
            f"but {spr:.2f} sectors per request: a warp reads a few bytes of one sector (a "
            "warp-uniform address or bytes its threads share), not a sector per thread; "
            "treated as coalesced")
        return "coalesced", evidence
    if eff <= t["scattered_max_efficiency"]:
        if hit is not None and hit >= t["reuse_min_l1_hit_rate"]:
            evidence.append(f"scattered loads but {hit:.0f}% L1 hits: reuse through the cache")
            return "reuse", evidence
        evidence.append(
            f"each warp touches about one line/sector per thread (<= "
            f"{t['scattered_max_efficiency']:g}% efficiency); random and regular scatter look "
            "alike in these counters: pass --access random for data-dependent addresses")
        return "scattered", evidence
    if hit is not None and hit >= t["reuse_min_l1_hit_rate"]:
        evidence.append(f"partly coalesced loads with {hit:.0f}% L1 hits: reuse")
        return "reuse", evidence
    evidence.append("partly coalesced loads; treated as coalesced")
    return "coalesced", evidence


def _access_from_stores(rows: list[Mapping[str, Any]], t: Mapping[str, float], elem_bytes: int,
                        sector_bytes: int, warp_size: int) -> tuple[str | None, list[str]]:
    """A kernel whose profiles count no global loads: its stores are the only memory
    traffic, so they decide the pattern (None when no row shows that either)."""
    effs = _efficiencies(rows, "gst_efficiency", "store_sectors_per_request", elem_bytes,
                         sector_bytes, warp_size)
    best_i: int | None = None
    for i, (absent, eff) in enumerate(zip(loads_absent_each(rows), effs, strict=True)):
        if absent and eff is not None and (best_i is None or eff > effs[best_i]):  # type: ignore[operator]
            best_i = i
    if best_i is None:
        return None, []
    row = rows[best_i]
    eff, text = store_efficiency(row, elem_bytes, sector_bytes, warp_size)
    assert eff is not None
    shape = f"{int(row.get('block_x', 0))}x{int(row.get('block_y', 1) or 1)}"
    evidence = [f"profiled launch {shape} issues no global loads (0 load requests): its 0% "
                f"load efficiency is 0 of 0 bytes; the stores decide the pattern: {text}"]
    if eff >= t["coalesced_min_efficiency"]:
        evidence.append(f"stores are coalesced (>= {t['coalesced_min_efficiency']:g}%)")
        return "coalesced", evidence
    if eff <= t["scattered_max_efficiency"]:
        evidence.append(f"stores touch about one sector per thread (<= "
                        f"{t['scattered_max_efficiency']:g}% efficiency)")
        return "scattered", evidence
    evidence.append("partly coalesced stores; treated as coalesced")
    return "coalesced", evidence


def _sum(row: Mapping[str, Any], keys: tuple[str, ...]) -> float | None:
    values = [v for v in (_num(row, k) for k in keys) if v is not None]
    return sum(values) if values else None


def bound_from_metrics(row: Mapping[str, Any] | None) -> tuple[str | None, list[str]]:
    """Limiter analysis (003 part 2): memory, compute or latency bound from throughputs."""
    if not row:
        return None, []
    t = thresholds()["bound"]
    dram = _num(row, "dram_throughput_pct")
    sm = _num(row, "sm_throughput_pct")
    memory_stall = _sum(row, ("stall_memory_dependency", "stall_memory_throttle",
                              "stall_texture"))
    exec_stall = _sum(row, ("stall_exec_dependency", "stall_pipe_busy"))
    stall_text = []
    if memory_stall is not None:
        stall_text.append(f"{memory_stall:.0f}% of stalled cycles wait on memory")
    if exec_stall is not None:
        stall_text.append(f"{exec_stall:.0f}% on execution dependencies / busy pipes")

    def from_stalls(evidence: list[str]) -> tuple[str | None, list[str]]:
        if memory_stall is not None and memory_stall >= t["stall_share_pct"]:
            return "memory", [*evidence, "memory stalls dominate: memory bound"]
        if exec_stall is not None and exec_stall >= t["stall_share_pct"]:
            return "compute", [*evidence, "execution stalls dominate: compute bound"]
        return None, evidence

    if dram is None and sm is None:
        return from_stalls(["; ".join(stall_text)] if stall_text else [])
    parts = []
    if dram is not None:
        parts.append(f"DRAM throughput {dram:.0f}% of peak")
    if sm is not None:
        parts.append(f"SM throughput {sm:.0f}% of peak")
    evidence = [", ".join(parts + stall_text)]
    dram_v = dram if dram is not None else -1.0
    sm_v = sm if sm is not None else -1.0
    if dram_v >= t["busy_pct"] and dram_v >= sm_v:
        evidence.append(f"DRAM at or above {t['busy_pct']:g}% and ahead of the SM: memory bound")
        return "memory", evidence
    if sm_v >= t["busy_pct"] and sm_v > dram_v:
        evidence.append(f"SM at or above {t['busy_pct']:g}% and ahead of DRAM: compute bound")
        return "compute", evidence
    if dram is not None and sm is not None and dram < t["idle_pct"] and sm < t["idle_pct"]:
        evidence.append(
            f"both below {t['idle_pct']:g}%: latency bound (not enough work in flight)")
        return "latency", evidence
    return from_stalls(evidence)


def characterize(kernel: str, rows: list[Mapping[str, Any]], *,
                 reference: Mapping[str, Any] | None = None, access: str | None = None,
                 bound: str | None = None, provenance: Mapping[str, Any] | None = None,
                 manifest_path: str | Path | None = None, elem_bytes: int = 4,
                 sector_bytes: int = 32, warp_size: int = 32,
                 use_manifest: bool = True,
                 code_access: tuple[str, list[str]] | None = None) -> Characterization:
    """Decide the access pattern and bound of ``kernel`` from the most authoritative source.
    ``code_access``: the pattern the kernel's PTX shows and why
    (:func:`gpuadvisor.code_access.access_category`), used where no counter decides it."""
    provenance = provenance or {}
    entry = manifest_entry(kernel, manifest_path) if use_manifest else {}
    chosen_access: tuple[str, str, list[str]] | None = None
    if access is not None:
        norm = normalize_access(access)
        if norm is None:
            raise UserError(f"unknown access pattern {access!r}; use one of "
                            f"{', '.join(ACCESS_PATTERNS)}")
        chosen_access = (norm, "--access", [f"given on the command line: {norm}"])
    if chosen_access is None:
        # (a missing cell normalizes to None, which is dropped: not called per empty cell)
        column = {normalize_access(v) for v in cells_in(rows, "access")
                  if v is not None} - {None}
        if len(column) == 1:
            value = column.pop()
            chosen_access = (value, "table", [f"the table's access column says {value}"])
    if chosen_access is None and normalize_access(provenance.get("access")):
        value = normalize_access(provenance.get("access"))
        chosen_access = (value, "provenance",
                         [f"the file's provenance says 'access: {provenance.get('access')}'"])
    if chosen_access is None and normalize_access(entry.get("access")):
        value = normalize_access(entry.get("access"))
        chosen_access = (value, "manifest",
                         [f"kernels/manifest.yaml says access: {entry.get('access')}"])
    if chosen_access is None:
        found, evidence = access_from_metrics(rows, elem_bytes=elem_bytes,
                                              sector_bytes=sector_bytes, warp_size=warp_size)
        if found is not None:
            chosen_access = (found, "metrics", evidence)
    if chosen_access is None and code_access is not None:
        chosen_access = (code_access[0], "code", list(code_access[1]))
    if chosen_access is None:
        chosen_access = ("coalesced", "assumed", [
            "no --access, manifest entry or load metrics: assumed coalesced (threads index "
            "consecutive elements, the usual form, 000 §IV.A); pass --access to change"])

    chosen_bound: tuple[str | None, str, list[str]]
    metric_bound, metric_evidence = bound_from_metrics(reference)
    if bound is not None:
        norm_b = normalize_bound(bound)
        if norm_b is None:
            raise UserError(f"unknown bound {bound!r}; use one of {', '.join(BOUNDS)}")
        chosen_bound = (norm_b, "--bound", [f"given: {norm_b}"])
    elif metric_bound is not None:
        chosen_bound = (metric_bound, "metrics", metric_evidence)
    elif normalize_bound(provenance.get("bound")):
        chosen_bound = (normalize_bound(provenance.get("bound")), "provenance",
                        [f"the file's provenance says 'bound: {provenance.get('bound')}'"])
    elif normalize_bound(entry.get("bound")):
        chosen_bound = (normalize_bound(entry.get("bound")), "manifest",
                        [f"kernels/manifest.yaml says bound: {entry.get('bound')}"])
    else:
        chosen_bound = (None, "unknown", metric_evidence or [
            "no throughput metrics (dram_throughput_pct, sm_throughput_pct) or manifest "
            "entry: rules treat the kernel as memory bound, the seeds' default case"])
    if (chosen_access[0] == "scattered" and chosen_access[1] == "metrics"
            and chosen_bound[0] == "compute" and chosen_bound[1] == "metrics"):
        chosen_access = ("random", "metrics", [*chosen_access[2], (
            "but the kernel is compute bound: its scatter is not a queue on the memory bus "
            "(what one-warp blocks relieve for regular scatter, 001 §VI.B.1), so it is treated "
            "as random (data-dependent) access; pass --access scattered to override")])
    return Characterization(
        kernel=kernel,
        access=chosen_access[0],
        access_source=chosen_access[1],
        access_evidence=chosen_access[2],
        bound=chosen_bound[0],
        bound_source=chosen_bound[1],
        bound_evidence=chosen_bound[2],
    )
