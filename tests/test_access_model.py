"""The access model reproduces recorded H200 sectors/request (fixtures/hopper/full-ncu)."""

import csv
from pathlib import Path

import pytest

from gpuadvisor.access_model import FAR_Y, check, fit, term_sectors

FULL = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "full-ncu"


def _rows(name: str) -> list[dict]:
    with open(FULL / name) as fh:
        rows = [r for r in csv.DictReader(line for line in fh if not line.startswith("#"))]
    cc = rows[0]["cache_config"]
    return [r for r in rows if r["status"] == "ok" and r["cache_config"] == cc]


def test_contiguous_x_counts_sectors_like_the_hardware():
    # matrix_add measured 4, 4, 8, 16, 32 sectors/request at 32x8, 16x16, 4x64, 2x128, 1x256.
    assert [term_sectors(4, FAR_Y, bx, 256 // bx) for bx in (32, 16, 4, 2, 1)] == [4, 4, 8, 16, 32]


def test_strided_x_and_contiguous_y_favours_narrow_blocks():
    # A transposed (SYRK-like) access: 32 threads along x touch 32 sectors, 32 along y touch 4.
    assert term_sectors(1 << 16, 4, 32, 8) == 32
    assert term_sectors(1 << 16, 4, 1, 256) == 4


def test_one_profile_at_32_columns_cannot_settle_y_and_says_which_shapes_to_measure():
    f = fit([(32, 8, 32.0)])  # strided or scattered along x: y never seen
    p = f.predict(1, 256)
    assert p.low < p.high / 2 and not p.settled
    assert f.shapes_to_measure([(32, 8), (16, 16), (8, 32), (1, 256)])


def test_matrix_add_from_one_32x8_profile_predicts_every_other_shape():
    r = check(_rows("matrix_add.csv"), "sectors_per_request", [(32, 8)])
    assert r["shapes"] > 140 and r["mean_error"] < 0.01 and r["max_error"] < 0.02


def test_stores_are_modelled_separately():
    r = check(_rows("matmul_naive.csv"), "store_sectors_per_request", [(32, 8)])
    assert r["mean_error"] < 0.01


def test_mixed_loads_need_profiles_at_other_aspect_ratios():
    rows = _rows("matmul_naive.csv")
    one = check(rows, "sectors_per_request", [(32, 8)])
    three = check(rows, "sectors_per_request", [(32, 8), (8, 32), (2, 128)])
    assert one["mean_error"] > 0.3 and three["mean_error"] < 0.1


def test_a_row_pitch_along_x_is_read_as_transposed_indexing():
    # One 32x8 profile of a transpose's stores: 32 sectors per request, y never seen. The prior
    # takes y as the contiguous direction (a[tx * pitch + ty]); the prediction stays unsettled.
    f = fit([(32, 8, 32.0)])
    assert f.chosen.describe() == "x a sector per thread (row pitch or scattered), y 4 B apart"
    p = f.predict(1, 256)
    assert p.sectors == 4 and not p.settled
    # x walking elements keeps the usual prior: y steps rows
    assert fit([(32, 8, 4.0)]).chosen.describe() == (
        "x 4 B apart, y a sector per thread (row pitch or scattered)")


def test_a_mix_fitted_to_badly_coalesced_counters_predicts_its_least_favourable_model():
    # vecint_warp3d (blind set 24) at 32x8: 26.9 load sectors per request, which 504 two-term
    # mixes reproduce. The prior's (80 % of requests walking a row pitch along x) predicts
    # 4.8 sectors at 4x64; another consistent mix predicts 28.4 there. Hedged, the prediction
    # is that 28.4, and where the models agree (the profiled shape) nothing changes.
    f = fit([(32, 8, 26.9)])
    assert len(f.consistent) == 504 and len(f.chosen.terms) == 2 and f.hedged
    assert round(f.chosen.sectors(4, 64), 2) == 4.8
    p = f.predict(4, 64)
    assert (round(p.sectors, 2), round(p.low, 2), round(p.high, 2)) == (28.4, 3.3, 28.4)
    assert f.predict(32, 8).sectors == f.chosen.sectors(32, 8) == pytest.approx(26.4)
    # one term (a transpose's stores: a sector per thread) keeps the prior's choice
    one = fit([(32, 8, 32.0)])
    assert not one.hedged and one.predict(4, 64).sectors == 4.0
    # a mix fitted to nearly coalesced counters (4.33 sectors, 92 % of the bytes used) too
    near = fit([(32, 8, 4.33)])
    assert len(near.chosen.terms) == 2 and not near.hedged
    assert near.predict(4, 64).sectors == near.chosen.sectors(4, 64) == 6.5
    # code that names every access chooses the model: no hedge
    from gpuadvisor.access_model import Term

    exact = fit([(32, 8, 26.9)], code=(Term(4, 1 << 26), Term(1 << 16, 4)),
                     code_complete=True)
    assert exact.code == "exact" and not exact.hedged


def test_extrapolation_is_counted_in_octaves_from_the_nearest_measured_shape():
    from gpuadvisor.access_model import fit_kernel

    rows = [{"block_x": 32, "block_y": 8, "sectors_per_request": 4.0},
            {"block_x": 8, "block_y": 32, "sectors_per_request": 8.0},
            {"block_x": 256, "block_y": 1, "time_ms": 1.0}]  # timed, no counters
    access = fit_kernel(rows, rows[0])
    assert access.measured_shapes == ((8, 32), (32, 8))
    assert access.extrapolation_octaves(32, 8) == (0.0, 0.0)
    assert access.extrapolation_octaves(256, 1) == (3.0, 3.0)
    assert access.extrapolation_octaves(4, 64) == (1.0, 1.0)  # from 8x32
    assert access.derived(64, 4, 1)["extrapolation_x_octaves"] == 1.0


def test_interleaved_pixels_are_one_12_byte_stride_not_a_broadcast_and_column_mix():
    # rgb_to_gray (blind set 4, H100): R, G, B floats interleaved, 12 sectors per load request
    # at 32x8. Before round 8 the model had no 12 B term and explained it as 65 % broadcast +
    # 35 % column-walking requests, which made warp-straddles-lines treat it as a transpose.
    f = fit([(32, 8, 12.0)])
    assert f.chosen.describe() == "x 12 B apart, y a sector per thread (row pitch or scattered)"
    assert term_sectors(12, FAR_Y, 8, 32) == 12  # 8 lanes x 12 B = 3 sectors per row, 4 rows
    d = f.predict(64, 4)
    assert d.sectors == 12


def _measured(rows: list[dict], column: str) -> dict[tuple[int, int], float]:
    out: dict[tuple[int, int], float] = {}
    for r in rows:
        if int(r.get("block_z") or 1) == 1 and r.get(column):
            out.setdefault((int(r["block_x"]), int(r["block_y"])), float(r[column]))
    return out


def _efficiency(model, bx: int, by: int) -> float:
    """The model's efficiency at a shape: its distinct bytes over its sectors' bytes."""
    from gpuadvisor.access_model import SECTOR_BYTES, term_bytes_many, term_units_many

    sectors = sum(w * term_units_many((t,), bx, by, SECTOR_BYTES)[0] for w, t in model.terms)
    distinct = sum(w * term_bytes_many((t,), bx, by)[0] for w, t in model.terms)
    return 100.0 * distinct / (sectors * SECTOR_BYTES)


@pytest.mark.parametrize("name", ["matrix_add.csv", "overlapped.csv", "matmul_naive.csv"])
def test_the_fitted_distinct_bytes_reproduce_the_efficiency_ncu_measured_at_every_shape(name):
    # Fitted on three aspect ratios' sectors and efficiencies, the model's efficiency (distinct
    # bytes a warp asks for over the bytes of its sectors) at each of the ~150 recorded shapes
    # matches ncu's gld_efficiency (H200, fixtures/hopper/full-ncu): matrix_add and overlapped
    # exactly, matmul_naive (a broadcast and a row of B per request) within a point.
    rows = _rows(name)
    sectors, efficiency = (_measured(rows, "sectors_per_request"),
                           _measured(rows, "gld_efficiency"))
    seeds = [(32, 8), (8, 32), (2, 128)]
    f = fit([(bx, by, sectors[(bx, by)]) for bx, by in seeds],
            efficiencies={s: efficiency[s] for s in seeds})
    errors = [abs(_efficiency(f.chosen, *shape) - e) for shape, e in efficiency.items()]
    assert len(errors) > 140 and max(errors) < 1.0


def test_the_efficiency_tells_a_halo_start_from_rows_a_few_bytes_apart():
    # Blind set 43's clover_ideal_gas, a float64 stencil on a halo-padded mesh, profiled at
    # 32x8 (H200): 8.98 sectors per request, 88.87 % efficiency. From the sectors alone the
    # prior read the extra sector as rows 4 B apart (tall blocks coalesce); the efficiency
    # says 8 B accesses (256 distinct bytes over 9 sectors), so the extra sector is where the
    # rows start (two doubles of halo) and y steps a row pitch: tall blocks touch a sector
    # row per thread row.
    plain = fit([(32, 8, 8.98)])
    assert plain.chosen.describe() == "x 8 B apart, y 4 B apart"
    f = fit([(32, 8, 8.98)], efficiencies={(32, 8): 88.87})
    assert f.chosen.describe() == ("8 B accesses, x 8 B apart, y a sector per thread (row pitch "
                                   "or scattered), starting 8 B into a sector")
    assert f.chosen.sectors(32, 8) == 9 and f.chosen.sectors(4, 64) == 16
    assert plain.chosen.sectors(4, 64) == 2


def test_the_efficiency_narrows_the_mixes_and_rules_out_a_stride_it_contradicts():
    # matmul_naive at 32x8 (2.5 sectors, 82.5 %): 38 mixes agree with both counters, 156 with
    # the sectors alone. A reference GEMM whose x walks rows (blind set 30's cutlass_ref_gemm:
    # 16.56 sectors, 12.5 %): "x 16 B apart" fits the sectors but would use a quarter of each
    # sector, not an eighth; what fits both is half the requests a broadcast, half a sector
    # per thread.
    assert len(fit([(32, 8, 2.5)]).consistent) == 156
    assert len(fit([(32, 8, 2.5)], efficiencies={(32, 8): 82.5}).consistent) == 38
    assert fit([(32, 8, 16.56)]).chosen.describe() == "x 16 B apart, y 4 B apart"
    gemm = fit([(32, 8, 16.56)], efficiencies={(32, 8): 12.5})
    assert gemm.chosen.describe() == (
        "50% of requests: x same address (broadcast), y a sector per thread (row pitch or "
        "scattered); 50% of requests: x a sector per thread (row pitch or scattered), y 4 B "
        "apart")


def test_an_efficiency_no_model_reproduces_leaves_the_sectors_to_decide():
    # Accesses narrower than 4 B (8-bit pixels: a warp's 32 bytes in one sector, all used)
    # are not among the terms: with no model for both counters the fit is the sectors' alone.
    alone, both = fit([(32, 8, 1.0)]), fit([(32, 8, 1.0)], efficiencies={(32, 8): 100.0})
    assert (both.chosen, both.consistent) == (alone.chosen, alone.consistent)
    assert both.efficiency_unmatched and not alone.efficiency_unmatched


def _profile_row(loads: float, load_eff: float, stores: float, store_eff: float) -> dict:
    return {"block_x": "32", "block_y": "8", "block_z": "1", "sectors_per_request": str(loads),
            "gld_efficiency": str(load_eff), "store_sectors_per_request": str(stores),
            "gst_efficiency": str(store_eff), "l1_global_load_requests": "2",
            "l1_global_store_requests": "1"}


def test_stores_that_walk_rows_along_x_keep_the_loads_transposed_reading():
    # Two kernels whose loads at 32x8 are half broadcasts, half a sector per thread (a mix the
    # profile cannot settle along y, so its predictions are hedged). Where the stores also
    # step a row pitch along x (blind set 29's raft_l2_naive: 32.15 sectors, 12.5 %; the
    # output is written transposed), the loads' row-pitch term is read as the stores' is, y
    # walking the elements, and tall blocks are predicted to coalesce; where the stores are
    # contiguous along x (4 sectors, 100 %), the loads stay hedged.
    from gpuadvisor.access_model import fit_kernel

    transposed = _profile_row(16.5, 12.5, 32.15, 12.5)
    access = fit_kernel([transposed], transposed)
    assert access.loads.transposed_output and not access.loads.hedged
    assert access.loads.predict(4, 64).sectors < access.loads.predict(32, 8).sectors / 2
    contiguous = _profile_row(16.5, 12.5, 4.0, 100.0)
    access = fit_kernel([contiguous], contiguous)
    assert access.loads.hedged and not access.loads.transposed_output
    assert access.loads.predict(4, 64).sectors >= access.loads.predict(32, 8).sectors
