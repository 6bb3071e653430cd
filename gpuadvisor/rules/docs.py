"""Rule documentation: ``gpuadvisor rules show ID`` text and the docs/rules/*.md pages."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from gpuadvisor.rules.engine import Rule

_EFFECT_TEXT = {
    "exclude": "excludes the configuration",
    "penalize": "multiplies the configuration's score by",
    "prefer": "multiplies the configuration's score by",
    "advice": "advises (no effect on the ranking)",
}


def effect_text(rule: Rule) -> str:
    raw = rule.raw.get("effect", {})
    value = next(iter(raw.values()), "")
    if rule.effect in ("penalize", "prefer"):
        return f"{rule.effect}: {_EFFECT_TEXT[rule.effect]} `{value}`"
    if rule.effect == "advice":
        return f"advice: {value}".strip()
    return "exclude: " + _EFFECT_TEXT["exclude"]


def applies_text(rule: Rule) -> str:
    parts = []
    if rule.min_cc:
        parts.append(f"compute capability >= {rule.min_cc[0]}.{rule.min_cc[1]}")
    if rule.max_cc:
        parts.append(f"compute capability <= {rule.max_cc[0]}.{rule.max_cc[1]}")
    if rule.access:
        parts.append("access " + "/".join(rule.access))
    if rule.bound:
        parts.append("bound " + "/".join(rule.bound))
    text = ", ".join(parts) or "all architectures and kernels"
    return f"{text}. {rule.applies_note}".strip() if rule.applies_note else text


#: How a rule's ``evidence`` verdicts read.
VERDICTS = {"holds": "holds", "partly": "holds in part", "does-not-hold": "does not hold",
            "new": "new rule, calibrated here", "not-checked": "not checked"}

#: The prose sections of a rule's ``docs``, in the order both renderings print them.
DOC_SECTIONS = (
    ("What it does", "what"),
    ("Why it matters", "why"),
    ("Example", "example"),
    ("Fix", "fix"),
    ("Across architectures", "architectures"),
)


def show_text(rule: Rule) -> str:
    """Plain-text documentation of one rule (ruff-rule style)."""
    lines = [
        f"{rule.id}: {rule.title}",
        "",
        f"severity: {rule.severity}    scope: {rule.scope}    category: {rule.category}",
        f"applies to: {applies_text(rule)}",
        f"when: {rule.when.text.strip()}",
        f"effect: {effect_text(rule)}",
    ]
    if rule.requires:
        lines.append("requires: " + ", ".join(rule.requires))
    if rule.speedup is not None:
        lines.append(f"estimated speedup: {rule.speedup.text.strip()}")
    for title, key in DOC_SECTIONS:
        if rule.docs.get(key):
            lines += ["", f"## {title}", rule.docs[key]]
    if rule.evidence:
        lines += ["", "## Measured evidence"]
        for arch, e in rule.evidence.items():
            lines.append(f"- {arch}: {VERDICTS.get(e['verdict'], e['verdict'])} — {e['text']}")
    if rule.params:
        lines += ["", "## Thresholds and calibration"]
        for name, value in rule.params.items():
            note = rule.param_notes.get(name, "")
            lines.append(f"- {name} = {value}" + (f": {note}" if note else ""))
    lines += ["", "## Sources"] + [f"- {s}" for s in rule.source]
    lines += ["", f"file: {rule.path}"]
    return "\n".join(lines) + "\n"


def markdown_page(rule: Rule) -> str:
    """docs/rules/<id>.md."""
    out = [
        f"# `{rule.id}` — {rule.title}",
        "",
        "| | |",
        "| --- | --- |",
        f"| severity | {rule.severity} |",
        f"| scope | {rule.scope} |",
        f"| category | {rule.category or '-'} |",
        f"| applies to | {_cell(applies_text(rule))} |",
        f"| when | `{_cell(' '.join(rule.when.text.split()))}` |",
        f"| effect | {_cell(effect_text(rule))} |",
    ]
    if rule.requires:
        out.append(f"| requires | {', '.join(f'`{r}`' for r in rule.requires)} |")
    if rule.speedup is not None:
        out.append(f"| estimated speedup | `{_cell(' '.join(rule.speedup.text.split()))}` |")
    out.append("")
    for title, key in DOC_SECTIONS:
        if rule.docs.get(key):
            out += [f"## {title}", "", rule.docs[key], ""]
    if rule.evidence:
        out += ["## Measured evidence", ""]
        for arch, e in rule.evidence.items():
            out.append(f"- **{arch}: {VERDICTS.get(e['verdict'], e['verdict'])}** — {e['text']}")
        out.append("")
    out += ["## Explanation template", "", "```", " ".join(rule.explain.text.split()), "```", ""]
    if rule.params:
        out += ["## Thresholds and calibration", ""]
        for name, value in rule.params.items():
            note = rule.param_notes.get(name, "")
            out.append(f"- `{name}` = `{value}`" + (f" — {' '.join(note.split())}" if note else ""))
        out.append("")
    out += ["## Sources", ""] + [f"- {s}" for s in rule.source] + [""]
    out += [f"Rule file: [`rules/{Path(rule.path).name}`](../../rules/{Path(rule.path).name})", ""]
    return "\n".join(out)


def index_page(rules: Sequence[Rule]) -> str:
    """docs/rules/README.md: the table of every rule."""
    out = [
        "# Rules",
        "",
        "Every rule is one YAML file in `rules/`, validated against `rules/schema.json`.",
        "`gpuadvisor rules list` lists them, `gpuadvisor rules show ID` prints a page like",
        "these, `gpuadvisor rules validate PATH...` checks rule files. Regenerate these pages",
        "with `python -m gpuadvisor.rules.docs` (a test fails when they are stale).",
        "",
        "The last column says whether the rule's guidance held on the Hopper (H200, sm_90)",
        "sweeps in `fixtures/hopper/sweeps/` (each page gives the numbers).",
        "",
        "| id | title | scope | effect | severity | on sm_90 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for rule in sorted(rules, key=lambda r: r.id):
        verdict = rule.evidence.get("sm_90", {}).get("verdict", "")
        out.append(
            f"| [`{rule.id}`]({rule.id}.md) | {_cell(rule.title)} | {rule.scope} | "
            f"{rule.effect} | {rule.severity} | {VERDICTS.get(verdict, verdict) or '-'} |"
        )
    out += ["", "## Names an expression can use", "", _NAMES_DOC, ""]
    return "\n".join(out)


_NAMES_DOC = """\
- `block.x`, `block.y`, `block.z`, `block.size`; `grid.x/y/z/blocks` where known;
  `config.cache_config`, `config.label`.
- `arch.*`: every field of the architecture model (`gpuadvisor arch show sm_90`), plus
  `arch.cc` (9.0), `arch.sm` (90), `arch.max_block_dim_x/y/z`.
- `board.*`: the board's `sm_count`, `memory_bandwidth_gbs`, `peak_fp32_gflops`, ...
- `kernel.*`: `name`, `access` (coalesced/reuse/scattered/random), `access_source`, `bound`
  (memory/compute/latency/unknown), `bound_source`, `registers_per_thread`,
  `shared_mem_per_block`, `elem_bytes`, `domain_x/y/z`, `threads`, `instr_per_region`;
  values worked out from the kernel's rows (gpuadvisor/analysis.py `kernel_info`, each
  absent when the rows cannot give it): reuse (`l1_bytes_per_dram_byte`), loads and
  divergence (`loads_per_thread`, `loads_absent`, `idle_lanes_measured`, ...), atomics
  (`atomic_requests_per_block`, `atomic_requests_per_warp`, `atomic_block_exponent`), the
  profiled row's block time and traffic (`profiled_ns_per_block`, `profiled_block_threads`,
  `profiled_barrier_pct`, `profiled_atomic_busy_pct`, `profiled_throughput_pct`,
  `profiled_requests_per_block`, `profiled_load_requests_per_block`,
  `profiled_load_bytes_per_block`,
  `profiled_dram_read_per_block`, `profiled_l1_hit_pct`, `profiled_dram_pct`), its sectors
  per request and stall shares (`profiled_load_sectors_per_request`,
  `profiled_store_sectors_per_request`, `profiled_lsu_throttle_pct`,
  `profiled_memory_wait_pct`), the largest share of a profiled row's stalls on the immediate
  constant cache and that row's block size (`constant_wait_pct`,
  `constant_wait_block_threads`) and fixed
  grids (`fixed_grid_blocks`, `fixed_grid_min_threads`, `fixed_grid_max_threads`).
- `metrics.*`: the row's sweep-table metrics (`gld_efficiency`, `l1_hit_rate`,
  `dram_throughput_pct`, `sm_throughput_pct`, `stall_*`, `ncu_stall_*`, ...). Missing = NaN =
  missing: a rule that `requires` it is skipped with a note.
- `derived.*` (gpuadvisor/rules/context.py): `warps_per_block`, `lane_utilization`,
  `idle_lanes`, `transaction_bytes`, `l1_caches_globals`, `columns_per_transaction`,
  `rows_per_warp`, `segments_per_warp`, `ideal_segments_per_warp`, `coalescing_efficiency`,
  `occupancy`, `thread_occupancy`, `blocks_per_sm`, `threads_per_sm`, `limited_by`,
  `block_limit_*`, `full_occupancy`, `min_full_block`, `full_block_sizes`,
  `best_block_sizes`, `smallest_best_block`, `largest_best_block`, `best_occupancy` (at the
  driver's default cache configuration, whatever the row's), `at_best_occupancy`,
  `lines_per_warp`, `ideal_lines_per_warp`, `line_efficiency`,
  `l1_bytes`, `l1_bytes_per_thread`, `one_column_per_thread`, `tile_columns`, `tile_rows`,
  `tile_intensity` (kernels whose manifest declares `block_tile`), `registers_for_full`,
  `shared_mem_for_full`, `partition_span_columns`,
  `grid_blocks`, `sm_count`, `sm_fill`, `waves`, `wave_efficiency`, `tail_fraction`,
  `tile_efficiency`, `ryoo_other_warps`, `ryoo_utilization`, `ryoo_efficiency`,
  `x_contiguous` (false when the counter-fitted access model says threadIdx.x does not walk
  consecutive elements). Where the table has ncu sectors per request
  (gpuadvisor/access_model.py): `measured_access`, `predicted_sectors_per_request`,
  `predicted_sector_efficiency`, `access_settled`, `load_*`/`store_*` `sectors_per_request`,
  `sector_efficiency`, `access_settled`, `access`, `load_share` (load requests over load
  and store requests at the profile), `ideal_sectors` (a fully coalesced warp request's
  sectors at the shape), `extrapolation_x_octaves` and
  `extrapolation_y_octaves` (log2 steps of x and of y from the nearest shape with measured
  counters; 0 at a measured one); on 32 B-sector GPUs they replace `segments_per_warp` and
  `coalescing_efficiency`.
- `sweep.*` (sweep scope): `configs`, `pareto_size`, `pick_in_pareto`, `best_time_ms`, `mode`.
- `params.*` and `let.*`: the rule's own constants and intermediate values.

Functions: `min max abs round floor ceil log2 sqrt is_pow2 divides ceil_div clamp first str
has('name')`. Operators: `+ - * / // % **` (exponent at most 64), comparisons, `in`, `and or
not`, `a if c else b`, lists. Nothing else parses: no attribute access on objects,
subscripts, lambdas, comprehensions or other calls."""


def _cell(text: str) -> str:
    return " ".join(str(text).split()).replace("|", "\\|")


def write_pages(rules: Sequence[Rule], out_dir: Path) -> list[Path]:
    """Write one page per rule and the index; remove pages of rules that no longer exist."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    wanted = {f"{r.id}.md" for r in rules} | {"README.md"}
    for old in out_dir.glob("*.md"):
        if old.name not in wanted:
            old.unlink()
    for rule in rules:
        path = out_dir / f"{rule.id}.md"
        path.write_text(markdown_page(rule), encoding="utf-8")
        written.append(path)
    index = out_dir / "README.md"
    index.write_text(index_page(rules), encoding="utf-8")
    written.append(index)
    return written


def main() -> None:  # pragma: no cover - exercised through the freshness test
    from gpuadvisor.paths import project_root
    from gpuadvisor.rules.engine import load_rules

    rules = load_rules()
    paths = write_pages(rules, project_root() / "docs" / "rules")
    print(f"wrote {len(paths)} pages to docs/rules/")


if __name__ == "__main__":  # pragma: no cover
    main()
