"""The PTX reader (gpuadvisor/ptx): how each global access's address moves with the thread
index, read from nvcc's real output for the built-in kernels (fixtures/ptx, recorded by
tools/record_ptx.sh), and what the access model does with it (issue 11)."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuadvisor.access_model import ANY_Y, FAR, FAR_Y, LINEAR, Term, fit, term_sectors
from gpuadvisor.code_access import access_category, code_terms, matching
from gpuadvisor.errors import UserError
from gpuadvisor.ptx.access import analyze_module
from gpuadvisor.ptx.parse import parse_module
from gpuadvisor.ptx.poly import Poly
from gpuadvisor.ptx.sources import find_tool, load_codes

ROOT = Path(__file__).resolve().parents[1]
PTX = ROOT / "fixtures" / "ptx"


def _code(name: str):
    (code,) = load_codes([PTX / f"{name}.ptx"]).values()
    return code


def _patterns(name: str, side: str) -> Counter:
    return Counter(a.pattern for a in _code(name).side(side))


#: Kernel sources added since the PTX was last recorded, whose PTX is recorded with their
#: first sweeps: left out of the comparison below until then, and
#: each must still lack a record (take a name off once tools/record_ptx.sh has recorded it).
PTX_NOT_YET_RECORDED: set[str] = set()


def test_recorded_ptx_is_that_of_todays_kernel_sources():
    # tools/record_ptx.sh wrote SOURCES.sha256 beside the PTX: a kernel changed since then
    # needs its PTX recorded again (bash tools/record_ptx.sh NAME).
    recorded = {}
    for line in (PTX / "SOURCES.sha256").read_text().splitlines():
        digest, name = line.split()
        recorded[name] = digest
    pending = PTX_NOT_YET_RECORDED
    assert pending <= {p.name for p in (ROOT / "kernels").glob("*.cu")}
    now_recorded = sorted(pending & (set(recorded) | {f"{p.stem}.cu" for p in PTX.glob("*.ptx")}))
    assert not now_recorded, f"recorded now: take {now_recorded} off PTX_NOT_YET_RECORDED"
    sources = sorted(p.name for p in (ROOT / "kernels").glob("*.cu")
                     if p.name not in pending) + ["common.cuh"]
    stale = [n for n in sources
             if hashlib.sha256((ROOT / "kernels" / n).read_bytes()).hexdigest() != recorded.get(n)]
    assert not stale, f"re-record their PTX: bash tools/record_ptx.sh {' '.join(stale)}"
    assert {p.stem for p in PTX.glob("*.ptx")} == {p.stem for p in (ROOT / "kernels").glob("*.cu")
                                                   if p.name not in pending}


def _recorded() -> dict[str, dict]:
    """Every recorded PTX file's kernels."""
    return {path.name: analyze_module(parse_module(path.read_text(encoding="utf-8")))
            for path in sorted(PTX.glob("*.ptx"))}


def _every_kernel_reads_and_has_global_accesses(recorded: dict[str, dict]) -> None:
    patterns = Counter()
    mostly_affine = kernels = 0
    for name, codes in recorded.items():
        assert codes, name
        mine = Counter()
        for code in codes.values():
            assert code.accesses, f"{name}: {code.entry} has no global access"
            mine.update(a.pattern for a in code.accesses)
        patterns += mine
        kernels += 1
        mostly_affine += mine["affine"] >= max(mine.values())
    # most built-in kernels address memory mostly as affine functions of the thread index
    # (counted per kernel: one unrolled kernel, ocv_bp_iteration's 268 accesses, would outweigh
    # dozens of others in a count of accesses)
    assert mostly_affine > 0.65 * kernels
    assert patterns["gather"] > 200 and patterns["uniform"] > 300


def test_every_recorded_ptx_reads_and_only_tiled_products_read_as_tiles() -> None:
    """Every recorded kernel reads, with global accesses (most of them affine); one test, as
    reading the corpus is most of its time (two tests read it twice, in two workers). And the
    tile signature over all of fixtures/ptx/ (717 kernels' PTX: stencils, transposes,
    scans, histograms, reductions, gathers): the six tiled products of the blind sets (set
    71's binarynet_xnor_gemm the sixth, out of sample; set 72's oneflow_batch_transpose, a
    shared-memory transpose, not one; nor set 73's dbcsr_transpose, a block transposed in
    shared memory, or set 74's sqllm_nuq4_matvec, a matrix-vector product staging its inputs
    and lookup tables; nor set 75's cpm_embedding_fwd, embedding rows copied through a shared
    tile and stored transposed, or set 76's tfhe_keyswitch, partial sums reduced in shared
    memory; nor set 78's th_permute_0231, a 32 x 32 tile transposed in shared memory, or its
    warpctc_reduce_max and qsim_partial_norms, block reductions; nor set 79's anakin_transpose,
    a 16 x 16 tile transposed in shared memory, or set 80's pplcv_calc_hist, a shared
    histogram; nor set 82's ort_transpose3d, a tile transposed in shared memory, or its
    xgrammar_token_bitmask, logits staged in shared memory; nor set 83's
    pointpillars_features, a pillar's points summed and widened in shared memory; nor set 85's
    cunumeric_transpose, a tile transposed in shared memory, or set 86's scn_sparse_to_dense,
    rule words staged in shared memory; nor set 87's bagua_reduce_chunk and dealii_dot, sums
    halved in shared memory, set 88's kernels, none with shared memory, or set 89's
    pcs_correlation_bwd, a block's products summed through shared memory, nvdr_xfm_points, a
    matrix staged in shared memory, or sofa_subset_apply, points restaged for coalesced
    stores) and the built-in matmul_tiled; then set 100's tani_pairwise_dist (all pairs of a
    molecule's staged coordinates) and set 101's nwchem_sd_t_d1_3 (a tensor contraction, 4 x 4
    outputs a thread from staged tiles), both tiled products, and set 101's
    kblas_permute_columns, which is not one (a block's rows staged in shared memory and
    stored permuted): read as a tile, a misreading seen after the set was recorded and left
    as it is; and set 109's rajaperf_mat_mat_shared (RAJAPerf's MAT_MAT_SHARED, a tiled
    product through shared memory) read as one, rightly; set 108's inferllm_q40_matvec (a
    quantized row's products reduced through shared memory) and gpusort_global_hist (a shared
    histogram) not, nor set 110's tdrug_rspmm_fwd (a tile of rows' edges staged in shared
    memory)."""
    recorded = _recorded()
    _every_kernel_reads_and_has_global_accesses(recorded)
    tiled = {name for codes in recorded.values() for name, code in codes.items()
             if code.shared_tile}
    assert tiled == {"matmul_tiled", "minkowski_matmul", "knn_compute_distances",
                     "kilosort_cross_filter", "ocv_bf_match", "exatensor_matmul_tn",
                     "binarynet_xnor_gemm", "tani_pairwise_dist", "nwchem_sd_t_d1_3",
                     "kblas_permute_columns", "rajaperf_mat_mat_shared"}


def test_a_checkerboard_column_is_irregular():
    """ocv_bp_iteration's x = 2 (blockIdx.x blockDim.x + threadIdx.x) + ((y + t) & 1): the
    bitwise and of the thread's row is not an affine function, so none of its 268 accesses is
    modelled (a limit of the reader, which the counters then decide alone)."""
    assert _patterns("ocv_bp_iteration", "load") == {"irregular": 168}
    assert _patterns("ocv_bp_iteration", "store") == {"irregular": 100}


def test_matrix_add_walks_x_by_elements_and_y_by_a_row_pitch():
    code = _code("matrix_add")
    assert _patterns("matrix_add", "load") == {"affine": 2}
    load = code.side("load")[0]
    assert load.stride("tid.x") == Poly.const(4)
    assert load.stride("tid.y").describe() == "4*arg4"  # the kernel's fifth argument, cols
    assert load.where() == "matrix_add.cu:12"  # the .loc line info
    terms = code_terms(code)
    assert terms.loads == (Term(4, FAR_Y),) and terms.stores == (Term(4, FAR_Y),)
    assert terms.complete("load") and terms.complete("store")


def test_transpose_stores_step_a_row_pitch_along_x():
    terms = code_terms(_code("transpose_naive"))
    assert terms.loads == (Term(4, FAR_Y),)
    assert terms.stores == (Term(FAR, 4),)  # out[x * rows + y]: y walks the elements


def test_linear_thread_index_continues_x_along_y():
    # 1-D kernels index by threadIdx.x + blockDim.x * threadIdx.y (common.cuh's ga_linear)
    assert code_terms(_code("gridstride_axpy")).loads == (Term(4, LINEAR),)
    # each thread walks its own row (a loop over a pointer): x steps a row pitch
    assert code_terms(_code("row_sum_thread")).loads == (Term(FAR, LINEAR),)


def test_indices_read_from_memory_are_gathers():
    assert _patterns("spmv_csr", "load") == {"affine": 2, "gather": 15}
    assert _patterns("vecint_warp3d", "load") == {"affine": 3, "gather": 24}
    assert _patterns("histogram_atomic", "store") == {"gather": 1}  # bins[value] atomics
    assert access_category(code_terms(_code("spmv_csr")))[0] == "random"
    assert access_category(code_terms(_code("matrix_add")))[0] == "coalesced"
    assert access_category(code_terms(_code("row_sum_thread")))[0] == "scattered"


def test_boundary_handling_reads_as_the_interior_and_division_as_non_affine():
    # flip_h reads in[cols - 1 - c] (not.b32): x steps -4 B, as coalesced as +4 B
    load = _code("flip_h").side("load")[0]
    assert load.stride("tid.x") == Poly.const(-4)
    assert code_terms(_code("flip_h")).loads == (Term(4, FAR_Y),)
    # starlet_atrous mirrors its taps with abs, % and a select: the interior is affine
    assert _patterns("starlet_atrous", "load") == {"affine": 31}
    # matmul_tiled loads its tiles at e / T and e % T: not affine in the thread index
    assert _patterns("matmul_tiled", "load") == {"irregular": 14}
    assert code_terms(_code("matmul_tiled")).loads is None


def test_a_window_clipped_by_its_radius_keeps_the_thread_index():
    """LEAP's mean filter (blind set 75) starts its window at i - min(i, r): read as the
    clamp's interior (min = i) the taps' addresses lost i and looked like broadcasts, and with
    the code the pick went to 32x8, 6.7x its best. A min against a bare parameter or a small
    constant is a reach most threads exceed: the taps step the slice pitch along x."""
    loads = _code("leap_mean_filter").side("load")
    assert len(loads) == 7 and all(a.pattern == "affine" for a in loads)
    assert {a.stride("tid.y") for a in loads} == {Poly.const(4)}
    assert loads[0].describe() == "x 4*arg3*arg4 B apart, y 4 B apart"
    # a clamp against width - 1 (flip_h, starlet_atrous above) still reads as the interior


def test_an_access_strided_by_one_argument_per_axis_is_left_to_the_counters():
    """Theano's take (blind set 78) copies b[idx sB0 + i1 sB1 + i2 sB2] with x on i1 and y on
    i2: each axis's stride is an argument of its own, and here sB2 = 1. Taken as row pitches
    along both axes, the code charged every shape ~32 sectors a request and the pick went to
    32x8, 4.95x its best (2x64). Which axis of a strided view is the unit stride only the call
    knows: the access reads as irregular, and the counters decide as without the code."""
    loads = _code("theano_take3").side("load")
    assert [a.pattern for a in loads] == ["uniform", "affine"]  # the index, then the copy
    assert loads[1].describe() == "x 4*arg11 B apart, y 4*arg12 B apart"
    terms = code_terms(_code("theano_take3"))
    assert terms.counts["load"] == {"uniform": 1, "irregular": 1}
    assert terms.loads == (Term(0, 0),) and not terms.complete("load")
    assert terms.counts["store"] == {"uniform": 1, "irregular": 1}  # the error word, the copy
    # a lone argument along y with a constant x stays a row pitch (matrix_add above); so
    # does an x argument with a product of arguments along y (scattered: x 4*arg3, y its
    # multiple by arg2)
    assert code_terms(_code("scattered")).loads == (Term(FAR, FAR_Y),)


def test_a_kernel_is_found_by_its_mangled_name():
    code = _code("matrix_add")
    assert matching({"_Z10matrix_addPKfS0_Pfii": code}, "matrix_add") is code
    assert matching({"_Z10matrix_addPKfS0_Pfii": code}, "matrix") is None


def test_the_code_chooses_among_the_models_one_profile_leaves_open():
    # One 32x8 profile with a sector per thread: x strides a row pitch or scatters; the y
    # direction is never seen. The prior reads it as transposed indexing (y walks elements).
    alone = fit([(32, 8, 32.0)])
    assert alone.chosen.terms == ((1.0, Term(FAR, 4)),) and alone.code == ""
    # The code says the addresses are data-dependent gathers: the scattered model is chosen,
    # the others stay (the gathers' sectors at other shapes are not known)
    gathers = fit([(32, 8, 32.0)], (Term(FAR, FAR_Y),))
    assert gathers.chosen.terms == ((1.0, Term(FAR, FAR_Y)),) and gathers.code == "preferred"
    assert len(gathers.consistent) == len(alone.consistent)
    # complete code (every access affine) that agrees with the counters: "exact"
    transposed = fit([(32, 8, 32.0)], (Term(FAR, 4),), code_complete=True)
    assert transposed.chosen.terms == ((1.0, Term(FAR, 4)),) and transposed.code == "exact"
    # code no consistent model is made of: the nearest
    near = fit([(32, 8, 4.0)], (Term(8, FAR_Y),), code_complete=True)
    assert near.code == "nearest" and near.chosen.terms[0][1].x_stride in (4, 8)


def test_cli_analyze_with_ptx_follows_the_code(tmp_path, capsys):
    # vecint_warp3d (blind set 24): from its 32x8 profile alone the transposed-indexing prior
    # sent the pick to 4x64 (3.06x slower than the best) until round 23 hedged such mixes
    # (32x6, 1.55x); its PTX shows x-contiguous loads and stores and data-dependent gathers,
    # which choose the same shape.
    from gpuadvisor.cli import main
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.validation import one_profile_view

    df, _ = read_sweep(ROOT / "fixtures" / "hopper" / "blind24" / "h100" / "vecint_warp3d.csv")
    view = one_profile_view(df)
    path = tmp_path / "profile.csv"
    view[view["sectors_per_request"].notna()].to_csv(path, index=False)

    def pick(*extra: str) -> tuple[str, str]:
        with pytest.raises(SystemExit) as stop:
            main(["analyze", str(path), "--rule-only", "--json", *extra])
        assert stop.value.code in (0, None)
        import json

        out = capsys.readouterr().out
        top = json.loads(out)["ranking"][0]
        return f"{top['block_x']}x{top['block_y']}", out

    shape, out = pick()
    assert shape == "32x6"
    assert "the rules take the least favourable one" in out
    assert "code (vecint_warp3d)" not in out
    shape, out = pick("--ptx", str(PTX / "vecint_warp3d.ptx"))
    assert shape == "32x6"
    assert "code (vecint_warp3d): loads: 3 x 4 B apart, y 4*arg4 B apart" in out
    assert "24 data-dependent" in out


def test_cli_ptx_errors_are_one_line(tmp_path, capsys):
    from gpuadvisor.cli import main

    table = ROOT / "fixtures" / "hopper" / "sweeps" / "matmul_naive.csv"

    def run(*args: str) -> tuple[int, str]:
        with pytest.raises(SystemExit) as stop:
            main(["analyze", str(table), *args])
        return stop.value.code, capsys.readouterr().err

    code, err = run("--ptx", str(PTX / "matrix_add.ptx"))  # another kernel's code
    assert code == 2 and "--ptx: no kernel of the table (matmul_naive) is in" in err
    assert "it has matrix_add" in err and "Traceback" not in err
    code, err = run("--ptx", str(tmp_path))
    assert code == 2 and "is a directory" in err
    code, err = run("--ptx", str(tmp_path / "none.ptx"))
    assert code == 2 and "no such file" in err
    junk = tmp_path / "junk.ptx"
    junk.write_text("not ptx at all\n")
    code, err = run("--ptx", str(junk))
    assert code == 2 and "not PTX" in err and len(err.strip().splitlines()) == 1


def test_load_codes_raises_user_errors():
    with pytest.raises(UserError, match="no such file"):
        load_codes([Path("/nonexistent/kernel.ptx")])


@pytest.mark.skipif(find_tool("nvcc", "NVCC") is None, reason="needs nvcc")
def test_a_cuda_source_is_compiled_to_the_recorded_ptx(tmp_path):
    # analyze --ptx kernel.cu compiles with the flags tools/record_ptx.sh used
    fresh = load_codes([ROOT / "kernels" / "transpose_naive.cu"], cache_dir=tmp_path)
    def seen(code):  # the recorded .file lines are relative to the repository
        return [(a.kind, a.pattern, a.strides, a.line, Path(a.file).name) for a in code.accesses]

    assert seen(fresh["transpose_naive"]) == seen(_code("transpose_naive"))
    assert list(tmp_path.glob("transpose_naive-*.ptx"))  # cached for the next call


def test_cuobjdump_output_of_a_program_reads_like_a_ptx_file():
    # `cuobjdump -ptx examples/matmul_app/matmul` as the GPU machine printed it (a fatbin's
    # headers, then the module): the C++ kernel is found by its mangled name
    dump = ROOT / "fixtures" / "hopper" / "code-tune" / "matmul_app.cuobjdump-ptx.txt"
    codes = load_codes([dump])
    assert list(codes) == ["_Z12matmul_naivePKfS0_Pfi"]
    code = matching(codes, "matmul_naive")
    assert code is not None and code_terms(code).loads == (Term(4, 0), Term(0, FAR_Y))
    assert [a.where() for a in code.side("store")] == ["matmul.cu:46"]


def test_a_missing_cuda_tool_is_one_clear_error(monkeypatch, tmp_path):
    from gpuadvisor.ptx import sources

    monkeypatch.setattr(sources, "find_tool", lambda name, env: None)
    with pytest.raises(UserError, match=r"kernel\.cu: nvcc not found: install the CUDA toolkit"):
        load_codes([_copy(tmp_path, "kernel.cu")])
    program = tmp_path / "app"
    program.write_bytes(b"\x7fELF not really")
    with pytest.raises(UserError, match=r"app: cuobjdump not found"):
        load_codes([program])


def _copy(tmp_path: Path, name: str) -> Path:
    target = tmp_path / name
    target.write_text((ROOT / "kernels" / "matrix_add.cu").read_text())
    return target


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_damaged_ptx_reads_or_is_one_user_error(tmp_path_factory, data):
    # real PTX cut short, with lines dropped or swapped: read as far as it goes, or refused
    # with one error naming the file, never a traceback
    name = data.draw(st.sampled_from(["vecint_warp3d", "spmv_csr", "matmul_tiled",
                                      "starlet_atrous", "gridstride_axpy"]))
    lines = (PTX / f"{name}.ptx").read_text().splitlines()
    dropped = set(data.draw(st.lists(st.integers(0, len(lines) - 1), max_size=8)))
    kept = [line for i, line in enumerate(lines) if i not in dropped]
    if data.draw(st.booleans()) and len(kept) > 2:
        i = data.draw(st.integers(0, len(kept) - 2))
        kept[i], kept[i + 1] = kept[i + 1], kept[i]
    cut = data.draw(st.integers(0, len(kept)))
    path = tmp_path_factory.mktemp("ptx") / f"{name}.ptx"
    path.write_text("\n".join(kept[:cut]))
    try:
        codes = load_codes([path])
    except UserError as err:
        assert str(err).startswith(str(path))
        return
    for code in codes.values():
        code_terms(code)  # whatever was read maps to the access model's terms


def test_an_offset_the_row_read_from_memory_keeps_the_walk_along_x():
    """bevdepth_voxel_pool (blind set 95) adds into out[cell * C + c], c = threadIdx.x and the
    cell read from shared memory at the block row's sample: the same for every lane of a
    row, so its atomics walk x 4 B apart from an offset of the row's own ("rows"), and the
    code leaves y to the counters (ANY_Y). Read as a data-dependent gather before, they were
    modelled from the code alone as a sector per thread; its context loads (x a channel plane
    apart, the row's pixel from a division) were non-affine."""
    assert _patterns("bevdepth_voxel_pool", "store") == {"rows": 1}
    assert _patterns("bevdepth_voxel_pool", "load") == {"affine": 4, "rows": 1}
    (store,) = _code("bevdepth_voxel_pool").side("store")
    assert store.stride("tid.x").constant == 4
    assert code_terms(_code("bevdepth_voxel_pool")).stores == (Term(4, ANY_Y),)


def test_a_code_term_whose_y_the_code_cannot_tell_matches_every_y():
    """The counters of 40 % broadcast loads walking y and 60 % a row pitch apart along x, y 4 B
    apart: with the code's x and a y it cannot tell (ANY_Y), the models made of the code's
    terms come first ("preferred"); a y taken as far apart (FAR_Y) would match none."""
    def mixed(bx: int, by: int) -> float:
        return 0.4 * term_sectors(0, 4, bx, by) + 0.6 * term_sectors(FAR, 4, bx, by)

    profiles = [(32, 8, mixed(32, 8)), (16, 16, mixed(16, 16))]
    told = fit(profiles, (Term(0, 4), Term(FAR, ANY_Y)))
    assert told.code == "preferred"
    assert {(t.x_stride, t.y_stride) for _w, t in told.chosen.terms} == {(0, 4), (FAR, 4)}
    assert fit(profiles, (Term(0, 4), Term(FAR, FAR_Y))).code == "nearest"
