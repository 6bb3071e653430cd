"""The architecture model: name resolution, the documented figures, and their citations."""

from __future__ import annotations

from pathlib import Path

import pytest

from gpuadvisor.arch import (
    Arch,
    citations,
    cited_keys,
    find_board,
    get_arch,
    get_board,
    list_archs,
    list_boards,
)
from gpuadvisor.errors import UserError

ROOT = Path(__file__).resolve().parents[1]
KB = 1024

EXPECTED_ARCHS = [
    "sm_20",
    "sm_21",
    "sm_30",
    "sm_35",
    "sm_37",
    "sm_50",
    "sm_52",
    "sm_53",
    "sm_60",
    "sm_61",
    "sm_62",
    "sm_70",
    "sm_72",
    "sm_75",
    "sm_80",
    "sm_86",
    "sm_87",
    "sm_89",
    "sm_90",
    "sm_100",
    "sm_120",
]
EXPECTED_BOARDS = {
    "GTX 480": "sm_20",
    "Tesla C2050": "sm_20",
    "K40": "sm_35",
    "GTX 1080 Ti": "sm_61",
    "P100": "sm_60",
    "V100": "sm_70",
    "T4": "sm_75",
    "A100": "sm_80",
    "RTX 3090": "sm_86",
    "RTX 4090": "sm_89",
    "H100 SXM": "sm_90",
    "H100 PCIe": "sm_90",
    "H200": "sm_90",
    "B200": "sm_100",
    "RTX 5090": "sm_120",
}


def test_every_listed_arch_is_present_oldest_first() -> None:
    assert [a.name for a in list_archs()] == EXPECTED_ARCHS


def test_families() -> None:
    families = {a.name: a.family for a in list_archs()}
    assert families["sm_21"] == "Fermi" and families["sm_37"] == "Kepler"
    assert families["sm_53"] == "Maxwell" and families["sm_62"] == "Pascal"
    assert families["sm_72"] == "Volta" and families["sm_75"] == "Turing"
    assert families["sm_87"] == "Ampere" and families["sm_89"] == "Ada"
    assert families["sm_90"] == "Hopper"
    assert families["sm_100"] == families["sm_120"] == "Blackwell"


@pytest.mark.parametrize(
    "spelling", ["sm_90", "90", "9.0", "sm90", "SM_90", " sm_90 ", "sm_90a", "compute_90", 90, 9.0]
)
def test_get_arch_spellings(spelling: object) -> None:
    arch = get_arch(spelling)
    assert arch.name == "sm_90" and arch.compute_capability == (9, 0)


@pytest.mark.parametrize(
    "spelling, name",
    [
        ("12.0", "sm_120"),
        ("120", "sm_120"),
        ("sm_100", "sm_100"),
        ("2.1", "sm_21"),
        ("H100", "sm_90"),
        ("h100 pcie", "sm_90"),
        ("GTX 480", "sm_20"),
        ("gtx480", "sm_20"),
        ("GeForce GTX 480", "sm_20"),
        ("rtx-4090", "sm_89"),
        ("Tesla C2050", "sm_20"),
        ("a100", "sm_80"),
        ("B200", "sm_100"),
    ],
)
def test_get_arch_accepts_boards_and_dotted_versions(spelling: str, name: str) -> None:
    assert get_arch(spelling).name == name


def test_get_arch_returns_the_same_object_for_an_arch() -> None:
    arch = get_arch("sm_80")
    assert get_arch(arch) is arch


@pytest.mark.parametrize("bad", ["sm_99", "fermi2", "", "H900", "7.7"])
def test_unknown_arch_is_a_user_error_listing_valid_names(bad: str) -> None:
    with pytest.raises(UserError) as err:
        get_arch(bad)
    message = str(err.value)
    assert "sm_20" in message and "sm_120" in message and "GTX 480" in message
    assert "\n" not in message


def test_boards() -> None:
    boards = {b.name: b.arch.name for b in list_boards()}
    assert boards == EXPECTED_BOARDS
    assert get_board("H100").name == "H100 SXM"
    assert get_board("gtx 480").sm_count == 15
    assert find_board("no such gpu") is None
    with pytest.raises(UserError, match="known boards"):
        get_board("GTX 9999")


def test_gtx480_figures_from_the_seeds() -> None:
    # seed 000 §III: "a non-configurable, 768 KB L2 cache"
    b = get_board("GTX 480")
    assert b.l2_bytes == 768 * KB
    assert b.sm_count * 32 == 480 == b.fp32_cores


def test_board_peak_fp32_is_cores_times_two_times_clock() -> None:
    for b in list_boards():
        if None in (b.fp32_cores, b.boost_clock_mhz, b.peak_fp32_gflops):
            continue
        derived = b.fp32_cores * 2 * b.boost_clock_mhz / 1000
        assert b.peak_fp32_gflops == pytest.approx(derived, rel=0.02), b.name


def test_h100_figures() -> None:
    h = get_board("H100 SXM")
    assert (h.sm_count, h.l2_bytes, h.memory_bandwidth_gbs) == (132, 50 * 1024 * KB, 3352)
    assert get_board("H100 PCIe").sm_count == 114


def test_fermi_facts() -> None:
    a = get_arch("sm_20")
    # seed 000 §IV.A and Table I; seed 001 §II(B)
    assert (a.max_threads_per_sm, a.max_warps_per_sm, a.max_blocks_per_sm) == (1536, 48, 8)
    assert a.max_threads_per_block == 1024 and a.warp_size == 32
    assert a.registers_per_sm == 32768 and a.max_registers_per_thread == 63
    # seed 000 §III: 48 KB shared / 16 KB L1 (default) or 16 / 48; L1 can be deactivated.
    assert a.shared_mem_per_sm == 48 * KB and a.l1_shared_total == 64 * KB
    assert a.shared_mem_capacities == (16 * KB, 48 * KB)
    assert a.global_loads_cached_in_l1 and a.l1_can_be_disabled
    assert "dlcm=cg" in a.l1_note
    # 128 B lines, 32 B segments without L1; 6 memory partitions of 256 B (seed 000 §III, §VI.D)
    assert (a.cache_line_bytes, a.sector_bytes) == (128, 32)
    assert (a.memory_partitions, a.partition_bytes) == (6, 256)
    assert a.shared_mem_alloc_unit == 128 and a.register_alloc_unit == 64
    assert a.register_alloc_granularity == "warp"


def test_kepler_splits_and_l1_policy() -> None:
    k = get_arch("sm_35")
    assert k.shared_mem_capacities == (16 * KB, 32 * KB, 48 * KB)
    assert not k.global_loads_cached_in_l1 and k.l1_opt_in
    assert get_arch("sm_37").registers_per_sm == 128 * 1024


def test_hopper_facts() -> None:
    a = get_arch("sm_90")
    assert (a.max_threads_per_sm, a.max_warps_per_sm, a.max_blocks_per_sm) == (2048, 64, 32)
    assert a.shared_mem_per_sm == 228 * KB
    assert a.shared_mem_per_block == 48 * KB and a.shared_mem_per_block_optin == 227 * KB
    assert a.reserved_shared_mem_per_block == 1024
    assert [c // KB for c in a.shared_mem_capacities] == [0, 8, 16, 32, 64, 100, 132, 164, 196, 228]
    assert a.l1_shared_total == 256 * KB
    assert a.global_loads_cached_in_l1 and a.l1_can_be_disabled


def test_ampere_carveouts_and_reserve() -> None:
    a = get_arch("sm_80")
    assert [c // KB for c in a.shared_mem_capacities] == [0, 8, 16, 32, 64, 100, 132, 164]
    assert a.shared_mem_per_block_optin == 163 * KB
    assert get_arch("sm_86").shared_mem_capacities[-1] == 100 * KB
    for arch in list_archs():
        expected = 1024 if arch.compute_capability >= (8, 0) else 0
        assert arch.reserved_shared_mem_per_block == expected, arch.name


def test_invariants_hold_for_every_arch() -> None:
    for a in list_archs():
        assert a.max_threads_per_sm == a.max_warps_per_sm * a.warp_size, a.name
        assert a.max_registers_per_block <= a.registers_per_sm, a.name
        assert a.shared_mem_per_block <= a.shared_mem_per_block_optin <= a.shared_mem_per_sm
        assert max(a.shared_mem_capacities) == a.shared_mem_per_sm, a.name
        assert a.cache_config_model in {"fermi", "kepler", "dedicated", "carveout"}
        assert (a.cache_config_model == "carveout") == (a.compute_capability[0] >= 7)
        assert a.max_block_dim == (1024, 1024, 64)
        assert (a.cache_line_bytes, a.sector_bytes) == (128, 32)


def test_every_field_of_every_arch_is_cited_with_a_known_source() -> None:
    known = citations()
    assert {"guide-cc", "occ13", "seed-000", "seed-001", "seed-002"} <= set(known)
    for a in list_archs():
        for name, citation in a.to_dict()["sources"].items():
            assert cited_keys(citation), f"{a.name}.{name} has no known source: {citation!r}"


def test_every_board_figure_is_cited() -> None:
    for b in list_boards():
        for name in (
            "sm_count",
            "fp32_cores",
            "boost_clock_mhz",
            "memory_bandwidth_gbs",
            "peak_fp32_gflops",
            "l2_bytes",
            "memory_bus_bits",
        ):
            if getattr(b, name) is not None:
                assert cited_keys(b.sources.get(name, "")), f"{b.name}.{name} uncited"


def test_arch_is_frozen_and_hashable() -> None:
    a = get_arch("sm_90")
    with pytest.raises(AttributeError):
        a.warp_size = 64  # type: ignore[misc]
    assert hash(a) == hash(get_arch("90"))
    assert isinstance(a, Arch) and a.sm == 90


def test_docs_match_the_data() -> None:
    from gpuadvisor.arch_reference import render_markdown

    doc = (ROOT / "docs" / "architectures.md").read_text(encoding="utf-8")
    assert doc == render_markdown(), (
        "docs/architectures.md is stale: gpuadvisor arch list --markdown > docs/architectures.md"
    )
