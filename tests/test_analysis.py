"""Ranking and analysis on real data: the seed tables (GTX 480) and the H200 ncu recordings."""

from __future__ import annotations

import pandas as pd
import pytest

from gpuadvisor.analysis import analyze_sweep
from gpuadvisor.characterize import access_from_metrics, bound_from_metrics, characterize
from gpuadvisor.importer import import_files
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.rules.engine import load_rules
from gpuadvisor.sweep import read_sweep

SEEDS = fixtures_dir() / "seeds"
HOPPER_NCU = fixtures_dir() / "hopper" / "ncu"
RULES = load_rules()


def seed(name: str) -> tuple[pd.DataFrame, dict]:
    return read_sweep(SEEDS / name)


@pytest.mark.parametrize(("fixture", "pick", "regret"), [
    # 000 Table II: shape does not matter, 256 is the smallest full-occupancy size in this
    # power-of-two grid; the best (1x128) is the register-limited optimum the rules cannot see
    # without a register count.
    ("000_table2_random_copy.csv", "256x1", 354.68 / 346.73),
    ("000_table3_matrix_add.csv", "256x1", 32.03 / 31.8),
    # reuse: largest full-occupancy block (512) with two rows
    ("000_table4_matmul_naive.csv", "256x2", 5874 / 5856),
    ("001_table2a_reduction.csv", "192x1", 1.0),
    ("001_table2b_table3_matmul_naive.csv", "384x2", 1.0),
    ("001_table2c_random_access.csv", "192x1", 1.0),
])
def test_rule_only_regret_on_seed_tables(fixture: str, pick: str, regret: float) -> None:
    df, prov = seed(fixture)
    (k,) = analyze_sweep(df, rule_only=True, provenance=prov, rules=RULES).kernels
    assert k.mode == "rule-only"
    assert k.rule_pick == pick == k.pick.label
    assert k.regret == pytest.approx(regret, rel=1e-6)
    assert k.regret <= 1.03


def test_rule_only_never_reads_a_time() -> None:
    df, prov = seed("001_table2b_table3_matmul_naive.csv")
    shuffled = df.copy()
    shuffled["time_ms"] = shuffled["time_ms"].sample(frac=1.0, random_state=3).to_numpy()
    a = analyze_sweep(df, rule_only=True, provenance=prov, rules=RULES).kernels[0]
    b = analyze_sweep(shuffled, rule_only=True, provenance=prov, rules=RULES).kernels[0]
    assert [e.label for e in a.ranking] == [e.label for e in b.ranking]


def test_measured_ranking_explains_the_winner_and_the_usual_choices() -> None:
    df, prov = seed("001_table2b_table3_matmul_naive.csv")
    (k,) = analyze_sweep(df, provenance=prov, rules=RULES).kernels
    assert k.mode == "measured"
    assert k.pick.label == "384x2" and k.pick.time_ms == 4288
    assert any("occupancy 100%" in r for r in k.pick.reasons)
    by_label = {c.label.split(" ")[0]: c for c in k.comparisons}
    # 32x32 measured 6441 ms: the pick is 50.2 % faster; 1x1024 (OpenCL's choice) 7223 ms
    assert by_label["32x32"].basis == "measured"
    assert by_label["32x32"].gain_pct == pytest.approx((6441 / 4288 - 1) * 100, abs=0.01)
    assert by_label["1024x1"].gain_pct == pytest.approx((7223 / 4288 - 1) * 100, abs=0.01)
    assert any("low-occupancy" in r for r in by_label["1024x1"].reasons)
    assert any("reuse-single-row" in r for r in by_label["256x1"].reasons)


def test_noise_aware_ties_use_the_spread() -> None:
    """000 §VI.B: run-to-run deviation 'in the order of one millisecond' for random copy."""
    df, prov = seed("000_table2_random_copy.csv")
    df = df.copy()
    df["time_ms_min"] = df["time_ms"] - 1.0
    df["time_ms_max"] = df["time_ms"] + 1.0
    (k,) = analyze_sweep(df, provenance=prov, rules=RULES).kernels
    first = k.ranking[0]
    group = [e for e in k.ranking if e.tie_group == first.tie_group]
    # 1x128 (346.73), 128x1 (346.73+... ) etc. overlap within +-1 ms; the tie is broken by rules
    assert first.tied and len(group) >= 2
    assert all(e.time_ms <= 346.73 + 2.0 for e in group)
    assert any("statistically tied" in r for r in first.reasons)


def test_single_profile_ranks_the_whole_space() -> None:
    """'I profiled my 16x16 launch once': one row of the GTX 480 matrix_add table."""
    df, prov = seed("000_table3_matrix_add.csv")
    one = df[(df["block_x"] == 16) & (df["block_y"] == 16)]
    (k,) = analyze_sweep(one, provenance=prov, rules=RULES).kernels
    assert k.mode == "profile"
    assert k.configs > 200  # seeds' grid x {default, prefer_l1, l1_off}
    assert k.pick.label == "192x1"
    profiled = k.comparisons[0]
    assert profiled.label == "profiled 16x16" and profiled.in_set
    assert profiled.basis == "estimated" and profiled.gain_pct > 10
    assert any("uncoalesced-rows" in r and "2 row(s)" in r for r in profiled.reasons)


def test_single_profile_on_hopper_changes_the_thresholds() -> None:
    """The same question on an H200 profile: 16x16 is coalesced (32 B sectors)."""
    df = import_files([HOPPER_NCU / "probe_sections_raw.csv"])
    analysis = analyze_sweep(df, rules=RULES)
    k = next(k for k in analysis.kernels if k.kernel == "matrix_add")
    assert k.arch == "sm_90" and k.mode == "profile"
    profiled = k.comparisons[0]
    assert not any("uncoalesced-rows" in r for r in profiled.reasons)
    assert k.pick.block_x * k.pick.block_y in (64, 128, 256, 512, 1024)
    assert k.characterization.bound == "latency"


def test_characterization_from_real_ncu_metrics() -> None:
    df = import_files([HOPPER_NCU / "probe_raw.csv"])
    rows = {k: g.to_dict(orient="records") for k, g in df.groupby("kernel")}
    assert access_from_metrics(rows["matrix_add"])[0] == "coalesced"
    access, evidence = access_from_metrics(rows["matmul_naive"])
    assert access == "reuse" and "87% of them hit in L1" in evidence[-1]
    assert access_from_metrics(rows["random_copy"])[0] == "scattered"
    bound, evidence = bound_from_metrics(rows["matmul_naive"][0])
    assert bound == "compute" and "SM throughput 83%" in evidence[0]
    assert bound_from_metrics(rows["matrix_add"][0])[0] == "latency"


def test_characterization_authority_order() -> None:
    df = import_files([HOPPER_NCU / "probe_raw.csv"])
    rows = df[df["kernel"] == "random_copy"].to_dict(orient="records")
    assert characterize("random_copy", rows).access_source == "manifest"
    given = characterize("random_copy", rows, access="coalesced")
    assert (given.access, given.access_source) == ("coalesced", "--access")
    prov = characterize("unlisted_kernel", rows, provenance={"access": "random"})
    assert (prov.access, prov.access_source) == ("random", "provenance")
    inferred = characterize("unlisted_kernel", rows)
    assert (inferred.access, inferred.access_source) == ("scattered", "metrics")
    assumed = characterize("unlisted_kernel", [{"block_x": 32}])
    assert (assumed.access, assumed.access_source) == ("coalesced", "assumed")


def test_low_efficiency_at_one_sector_per_request_is_not_scatter() -> None:
    """Blind set 56's lgbm_hist_dense (H200): a row of threads reads one data row's gradient,
    hessian and bin bytes, so its loads move 1.04 sectors per request at 16 % efficiency. A
    scattered warp moves a sector per thread; this one moves one sector, as a coalesced warp
    would. Read as scatter, the one-warp-block rules sent it to 32x1, 6.1x the best (issue 11
    round 41); as coalesced, the profile alone keeps 32x8 (1.30x)."""
    path = fixtures_dir() / "hopper" / "blind56" / "h200" / "lgbm_hist_dense.csv"
    df, _ = read_sweep(path)
    rows = df[(df["block_x"] == 32) & (df["block_y"] == 8)].to_dict(orient="records")
    access, evidence = access_from_metrics(rows)
    assert access == "coalesced"
    assert "gld_efficiency 16.0%" in evidence[0]
    assert evidence[-1].startswith("but 1.04 sectors per request: a warp reads a few bytes")
    # the same efficiency at a sector per thread is scatter
    scattered = [{**rows[0], "sectors_per_request": 31.0}]
    assert access_from_metrics(scattered)[0] == "scattered"


def test_compute_bound_scatter_reads_as_random() -> None:
    """blind set 20's voxel_los (divergent ray walks, H100): loads look scattered (3.7 %
    efficiency) but the SMs run at 81 % against 1 % for DRAM, so there is no queue on the bus
    for one-warp blocks to relieve; it is read as random access, as --access random says."""
    df, _ = read_sweep(fixtures_dir() / "hopper" / "blind20" / "h100" / "voxel_los.csv")
    rows = df[(df["block_x"] == 256) & df["gld_efficiency"].notna()].to_dict(orient="records")
    assert access_from_metrics(rows)[0] == "scattered"
    found = characterize("voxel_los", rows, reference=rows[0], use_manifest=False)
    assert (found.access, found.access_source, found.bound) == ("random", "metrics", "compute")
    assert "compute bound: its scatter is not a queue on the memory bus" in \
        found.access_evidence[-1]
    forced = characterize("voxel_los", rows, reference=rows[0], use_manifest=False,
                          access="scattered")
    assert (forced.access, forced.access_source) == ("scattered", "--access")
    # a memory-bound scattered kernel stays scattered
    busy = dict(rows[0], dram_throughput_pct=85.0, sm_throughput_pct=20.0)
    memory = characterize("voxel_los", rows, reference=busy, use_manifest=False)
    assert (memory.access, memory.bound) == ("scattered", "memory")


def test_analysis_to_dict_shape() -> None:
    df, prov = seed("001_table2a_reduction.csv")
    data = analyze_sweep(df, rule_only=True, provenance=prov, rules=RULES).to_dict(top=3)
    assert [e["rank"] for e in data["ranking"]] == [1, 2, 3]
    first = data["ranking"][0]
    for key in ("kernel", "block_x", "block_y", "block_z", "cache_config", "reasons", "score"):
        assert key in first
    assert (first["block_x"], first["block_y"], first["cache_config"]) == (192, 1, "default")
    assert data["characterization"]["reduction"]["access"] == "coalesced"
    assert isinstance(data["findings"], list)


def test_bound_from_stalls_when_throughputs_are_missing() -> None:
    """K40c nvprof profile (pssrawat/IEEE2017): stall shares but no SM throughput metric."""
    df = import_files([fixtures_dir() / "nvprof" / "pssrawat__IEEE2017__untiled.csv"])
    row = df.to_dict(orient="records")[0]
    bound, evidence = bound_from_metrics(row)
    assert "stalled cycles wait on memory" in evidence[0]
    # DRAM at 30 % and no SM throughput decide nothing; the stall shares do
    assert bound == "memory" and "memory stalls dominate" in evidence[-1]
    row_no_dram = {k: v for k, v in row.items() if k != "dram_throughput_pct"}
    # memory_dependency 29.8 % + texture 30.7 % of stalled cycles: memory bound
    bound, evidence = bound_from_metrics(row_no_dram)
    assert bound == "memory" and evidence[0].startswith("61% of stalled cycles wait on memory")
