"""gpuadvisor.ptx.cache_ops: which loads an L1 bypass (-dlcm=cg) changes, read from PTX."""

from __future__ import annotations

import pytest

from gpuadvisor.paths import fixtures_dir
from gpuadvisor.ptx.cache_ops import bypass_changed_loads

PTX = fixtures_dir() / "ptx"


@pytest.mark.parametrize(("kernel", "changed"), [
    ("matmul_naive", 0),       # const __restrict__: ld.global.nc only (cache-check: no change)
    ("matrix_add", 0),
    ("ocv_filter2d", 14),      # plain ld.global.f32 (cache-check: l1_off 5.3-7.0x)
    ("particle_push_aos", 8),  # (1.6-2.3x)
    ("sgemm_blocktiling_2d", 64),
])
def test_recorded_kernels(kernel, changed) -> None:
    loads = bypass_changed_loads((PTX / f"{kernel}.ptx").read_text())
    assert len(loads) == changed
    assert all(op.startswith("ld.global.") and ".nc." not in op for op in loads)


def test_most_recorded_kernels_load_only_through_the_read_only_path() -> None:
    counts = [len(bypass_changed_loads(p.read_text())) for p in sorted(PTX.glob("*.ptx"))]
    # sets 37-40: mostly plain loads (set 40: only clover_accelerate's are all ld.global.nc);
    # slab_list_walk (the few-waves experiment): ld.global.nc only; set 41: lulesh_kinematics,
    # shoc_md5hash (no loads) and cusp_csr_vector without plain loads, the two 2-D ones with;
    # set 42: torch_weight_norm_last without plain loads, the other five with; set 43: all but
    # odeint_lorenz_rk4 without; set 44: ffmpeg_yadif, cusz_lorenzo_2d and gasal2_local without,
    # mumax3_exchange, llmc_layernorm (its __ldcs) and cusp_dia_spmv with; set 45: none with;
    # set 46: cufftshift_2d and quest_compact_unitary (in place: their loads may not take
    # the read-only path) with, the other four without; set 47: magma_dgeadd2 (dB read and
    # written) and bnb_hist_scatter_add_2d with, the other four without; set 48:
    # trtx_warpaffine with, the other five without; set 49: p3d_gather_scatter without, the
    # other five with; set 50: all six with; set 51: exl_column_remap (loads through the
    # read-only path) and r123_pi_hits (no loads) without, the other four with; set 52: all six
    # with; set 53: fairseq_ngram_ban and gptq_q4_matvec without, the other four with; set 54:
    # tcluster_knn without, the other five with; set 55: all six with; set 56:
    # ngp_grid_to_bitfield without, the other five with; set 57: rsc_qc_dense and
    # bifrost_fdmt_exec (loads through the read-only path) and xsbench_sampling (no loads)
    # without, the other three with; set 58: fbgemm_permute_2d, fbgemm_reorder_ad_lengths and
    # tsparse_kernel_hash without, the other three with; set 59: vsnlm_accumulation and
    # heavydb_init_group_by with, the other four without; set 60: dvgo_tv_add_grad and
    # cholla_update_conserved_3d with, the other four without; set 61: gespmm_seqreduce_nnz
    # without, the other five with; set 62: qulacs_dense_matrix5, qulacs_pauli_xz and
    # gpumd_sort_neighbor_list with, the other three without; set 63: niftyreg_affine_deformation
    # and dsph_compute_step_pos with, the other four without; set 64: all six without; set 65:
    # hpgmg_smooth_gsrb (phi read and written) with, the other five without; set 66:
    # tigre_tv_update_u, cholmod_sum_a and peasoup_harmonic_sum with, the other three without;
    # set 67: apollo_cnnseg_map (the maximum's first read before its compare-and-swap loop)
    # with, the other five without; set 68: all six without; set 69: exatensor_matmul_tn and
    # hydrogen_axpy_2d (their outputs read and written) with, the other four without; set 70:
    # nvenc_curves (its frame mapped in place) and sirius_sum_q_dm (rho_pw read and written)
    # with, the other four without; set 71: candle_index_add (its output read and written) with,
    # the other five without; set 72: pointcept_aggregation (plain pointers, no __restrict__:
    # every load plain) with, the other five without; set 73: dbcsr_transpose (its blocks
    # transposed in place) with, the other five without; set 74: qrnn_forget_mult (no
    # __restrict__: the state reloaded) and encoding_rectify (its output scaled in place) with,
    # the other four without; set 75: leap_mean_filter and aretomo_bin_image (plain pointers,
    # no __restrict__) with, the other four without; set 76: tmva_im2col, segalign_num_hits
    # (its seed offsets without __restrict__), xdl_ksum and pnlp_token_penalty (plain
    # pointers) with, ptypy_ob_update and tfhe_keyswitch without; set 77: highs_dual_grad_step
    # without, the other five (plain pointers, no __restrict__) with; set 78: xmipp_scale_fft and
    # tutel_moe_encode without, the other four (plain pointers) with; sets 79 and 80: all twelve
    # (plain pointers, no __restrict__) with; sets 81 and 82: all twelve (plain pointers, no
    # __restrict__) with; set 83: all six (plain pointers, no __restrict__) with; set 84:
    # mlx_arange (no loads: it only stores) without, the other five (plain pointers) with; sets
    # 85 and 86: all eight (plain pointers, no __restrict__) with; sets 87, 88 and 89: all
    # sixteen (plain pointers, no __restrict__) with; sets 90 and 91: all six with; sets 92, 93
    # and 94: all fifteen with; set 95: all five with; sets 96, 97 and 98: all eighteen (plain
    # pointers, no __restrict__) with; sets 99, 100 and 101: all eighteen with; sets 102, 103
    # and 104: all eighteen (plain pointers, no __restrict__) with; sets 105, 106 and 107: all
    # seventeen with; sets 108, 109 and 110: all thirteen with; sets 111 and 112: all eight with;
    # set 113: all six with; set 114: all five with; set 115: all four (plain pointers) with;
    # sets 116 and 117: all eight (plain pointers) with; set 118: cuda4eng_flashlight (no loads:
    # it only stores) without, the other two (plain pointers) with; set 119: fractalway_julia
    # (no loads: it only stores) without, cudaimgproc_brightness (plain pointers) with; sets
    # 120, 121 and 122: brekperlin_noise_fill (no global loads: it only stores) without, the
    # other eleven (plain pointers) with
    assert len(counts) == 717 and sum(c == 0 for c in counts) == 347


PROGRAM = """
.visible .entry k(.param .u64 k_param_0)
{{
    ld.param.u64    %rd1, [k_param_0];
    ld.shared.f32   %f1, [%r1];
    ld.shared::cta.f32  %f2, [%r1];
    ld.local.u32    %r9, [%rd9];
    ld.const.f32    %f3, [c];
    ld.global.nc.v4.f32 {{%f4, %f5, %f6, %f7}}, [%rd2];
    // ld.global.f32 %f8, [%rd3];   (commented out)
    /* ld.f32 %f9, [%rd4]; */
{body}
}}
"""


def test_loads_that_never_change() -> None:
    assert bypass_changed_loads(PROGRAM.format(body="")) == []


@pytest.mark.parametrize(("line", "opcode"), [
    ("ld.global.f32   %f8, [%rd3];", "ld.global.f32"),
    ("@%p1 ld.global.v2.u32 {%r1, %r2}, [%rd3];", "ld.global.v2.u32"),
    ("@!%p2 ld.global.L1::evict_last.f32 %f8, [%rd3];", "ld.global.L1::evict_last.f32"),
    ("ld.f32 %f9, [%rd4];  // generic: may read global memory", "ld.f32"),
    ("ld.volatile.u32 %r3, [%rd4];", "ld.volatile.u32"),
    ("ldu.global.f32 %f9, [%rd4];", "ldu.global.f32"),
    ("cp.async.ca.shared.global [%r5], [%rd5], 16;", "cp.async.ca.shared.global"),
    ("{ ld.global.f32 %f8, [%rd3]; }", "ld.global.f32"),  # a scope brace on the same line
    ("$L__BB0_2: ld.global.u32 %r3, [%rd4];", "ld.global.u32"),  # after a label
])
def test_loads_the_flag_changes_or_may_change(line, opcode) -> None:
    assert bypass_changed_loads(PROGRAM.format(body="    " + line)) == [opcode]


def test_a_called_device_function_counts() -> None:
    helper = ".func (.reg .f32 r) get(.reg .u64 p)\n{\n    ld.global.f32 r, [p];\n}\n"
    assert bypass_changed_loads(helper + PROGRAM.format(body="")) == ["ld.global.f32"]
