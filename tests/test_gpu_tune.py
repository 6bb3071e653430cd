"""On a real GPU (skipped elsewhere): every built-in kernel runs, verifies and times for a few
shapes, and a small sweep is profiled by ncu in one process.

    python3 -m pytest -q -m gpu tests/test_gpu_tune.py
"""

from __future__ import annotations

import shutil

import pandas as pd
import pytest

from gpuadvisor.cli import main
from gpuadvisor.targets.manifest import kernels

SMALL = {
    "matrix_add": ["ROWS=1000", "COLS=1000"],
    "overloaded": ["ROWS=500", "COLS=500", "ITERS=100"],
    "overlapped": ["ROWS=500", "COLS=500", "UNIT=20"],
    "random_copy": ["ROWS=700", "COLS=900"],
    "scattered": ["ROWS=300", "COLS=200"],
    "vector_reduction": ["N=1000003"],
    "vector_reduction_adaptive": ["N=1000003"],
    "matmul_naive": ["M=300", "N=500", "K=700"],
    "matmul_tiled": ["M=300", "N=500", "K=700"],
    "sgemm_naive": ["M=300", "N=500", "K=700"],
    "sgemm_coalesced": ["M=300", "N=500", "K=700"],
    "sgemm_blocktiling_1d": ["M=300", "N=500", "K=700"],
    "sgemm_blocktiling_2d": ["M=300", "N=500", "K=700"],
    "transpose_naive": ["ROWS=300", "COLS=500"],
    "transpose_tiled": ["ROWS=300", "COLS=500"],
    "syrk_strided": ["N=300", "K=70"],
    "stencil2d_5pt": ["ROWS=300", "COLS=500"],
    "stencil2d_9pt": ["ROWS=300", "COLS=500"],
    "stencil3d_7pt": ["PLANES=30", "ROWS=50", "COLS=70"],
    "conv2d": ["ROWS=300", "COLS=500"],
    "gemv_rows": ["ROWS=100003", "COLS=30"],
    "gemv_cols": ["ROWS=30", "COLS=100003"],
    "spmv_csr": ["ROWS=100003", "COLS=5000", "NNZ=1000000"],
    "histogram_atomic": ["N=1000003"],
    "sobel": ["ROWS=300", "COLS=500"],
    "mandelbrot": ["ROWS=300", "COLS=500", "MAX_ITER=100"],
    "add_xrows": ["ROWS=300", "COLS=500"],
    "downsample2x": ["ROWS=300", "COLS=500"],
    "nbody": ["N=3001"],
    "gather_local": ["N=1000003"],
    "collatz2d": ["ROWS=300", "COLS=500", "BASE=1000000000", "MAX_STEPS=1000"],
    "transpose_add": ["N=301"],
    "conv1d_rows": ["ROWS=300", "COLS=500"],
    "bilinear_up2": ["ROWS=150", "COLS=251"],
    "black_scholes": ["N=1000003"],
    "pair_sum": ["N=1000003"],
    "spmv_ell": ["ROWS=100003", "COLS=5000", "WIDTH=7"],
    "flip_h": ["ROWS=300", "COLS=501"],
    "rgb_to_gray": ["ROWS=300", "COLS=501"],
    "outer_product": ["ROWS=300", "COLS=501"],
    "blur_v9": ["ROWS=300", "COLS=501"],
    "life_step": ["ROWS=300", "COLS=501"],
    "axpby_f64": ["ROWS=300", "COLS=501"],
    "col_sum": ["ROWS=300", "COLS=100003"],
    "relu_bias2d": ["ROWS=300", "COLS=501"],
    "lut_map": ["N=1000003"],
    "median3x3": ["ROWS=300", "COLS=501"],
    "complex_mul": ["N=1000003"],
    "upsample_nearest2x": ["ROWS=150", "COLS=251"],
    "row_sum_thread": ["ROWS=100003", "COLS=300"],
    "pad_copy2d": ["ROWS=300", "COLS=501"],
    "planar_to_rgb": ["ROWS=300", "COLS=501"],
    "blur3x3_tiled": ["ROWS=300", "COLS=501"],
    "gather_rand": ["N=1000003", "TABLE=100003"],
    "horner32": ["N=1000003"],
    "dot_atomic": ["N=1000003"],
    "rotate_bilinear": ["ROWS=300", "COLS=501"],
    "layernorm_apply": ["ROWS=300", "COLS=501"],
    "bilateral3x3": ["ROWS=300", "COLS=501"],
    "dequant_int8": ["N=1000003"],
    "digit_hist": ["N=1000003"],
    "particle_push_aos": ["N=1000003"],
    "block_max_atomic": ["N=1000003"],
    "warp_sum_atomic_block": ["N=1000003"],
    "shared_hist64": ["N=1000003"],
    "shared_hist16": ["N=1000003"],
    "shared_colsum32": ["N=1000003"],
    "block_partial_sums": ["N=1000003"],
    "lut_shared_map": ["N=1000003"],
    "warp_count_atomic": ["N=1000003"],
    "nv12_to_rgba": ["ROWS=300", "COLS=501"],
    "das_beamform": ["ROWS=300", "COLS=501", "NCH=64", "NS=700"],
    "tanimoto_fp": ["ROWS=300", "COLS=501"],
    "sha256_merkle": ["N=1000003"],
    "bitonic_merge": ["N=1048576", "SIZE=65536", "STRIDE=1024"],
    "bfs_expand": ["N=1000003", "NNZ=8000000"],
    "softmax_rows": ["ROWS=300", "COLS=1001"],
    "row_norm3": ["ROWS=300", "COLS=1001"],
    "aos_update": ["N=100003", "W=7"],
    "row_sum_tree": ["ROWS=300", "COLS=1001"],
    "gridstride_axpy": ["N=1000003", "GRID=7"],
    "block_scan": ["N=1000003"],
    "kmeans_rgb": ["N=1000003"],
    "region_moments": ["ROWS=300", "COLS=501"],
    "stereo_sad": ["ROWS=300", "COLS=501"],
    "dropout_philox": ["N=1000003"],
    "rope_neox": ["TOKENS=301", "HEADS=5", "KV_HEADS=3"],
    "bloom_probe": ["N=1000003", "NBLOCKS=10007"],
    "sw_align": ["PAIRS=301", "Q=101", "T=203"],
    "bayer_demosaic": ["ROWS=300", "COLS=501"],
    "lbm_d2q9": ["ROWS=300", "COLS=501"],
    "q8_matvec": ["ROWS=3001", "COLS=800"],
    "kmer_canon": ["N=1000003"],
    "bitunpack_for": ["N=1000003"],
    "bond_price": ["N=1000003"],
    "census5x5": ["ROWS=300", "COLS=501"],
    "ising_checker": ["ROWS=300", "COLS=501"],
    "alpha_over": ["ROWS=300", "COLS=501"],
    "mc_euro_call": ["OPTIONS=301", "PATHS=2000"],
    "chunk_entropy": ["CHUNKS=3001", "CHUNK=1000"],
    "pip_geofence": ["N=1000003"],
    "morton3d": ["N=1000003"],
    "d8_flow": ["ROWS=300", "COLS=501"],
    "dedisperse": ["ROWS=300", "COLS=501"],
    "group_revenue": ["GROUPS=3001", "NROWS=1000003"],
    "sta_lta": ["TRACES=301", "NS=5001"],
    "resample_poly": ["N=1000003"],
    "chacha20_xor": ["NBLOCKS=1000003"],
    "coulomb_grid": ["ROWS=300", "COLS=501"],
    "harris_response": ["ROWS=300", "COLS=501"],
    "sat_adjust": ["N=1000003"],
    "vertex_tnl": ["N=1000003"],
    "frame_rms_zcr": ["NFRAMES=3001"],
    "canny_nms": ["ROWS=300", "COLS=501"],
    "morph_gradient": ["ROWS=300", "COLS=501"],
    "murmur3_strings": ["NROWS=100003"],
    "bs_greeks": ["N=1000003"],
    "edge_flux": ["NNODES=333337"],
    "lomb_scargle": ["NFREQ=3001", "NOBS=5003"],
    "hillshade_cos_i": ["ROWS=300", "COLS=501"],
    "pixel_shuffle": ["N=1", "C=5", "H=61", "W=97"],
    "ray_tri_nearest": ["NRAYS=100003"],
    "crop_mirror_normalize": ["N=3", "H=300", "W=501", "CH=257", "CW=413"],
    "acoustic_fd8": ["ROWS=300", "COLS=501"],
    "rigid_body_step": ["N=1000003"],
    "polymer_rg": ["NCHAINS=3001", "NBEADS=1001"],
    "embedding_grad_scatter": ["NTOK=10007", "DIM=100", "VOCAB=3001"],
    "miller_rabin32": ["N=1000003"],
    "tasseled_cap": ["ROWS=300", "COLS=501"],
    "perona_malik": ["ROWS=300", "COLS=501"],
    "netflow5_features": ["N=1000003"],
    "adamw_step": ["N=1000003"],
    "kepler_newton": ["N=1000003"],
    "gae_scan": ["ENVS=3001", "T=1001"],
    "hsv_inrange": ["ROWS=300", "COLS=501"],
    "allen_cahn9": ["ROWS=300", "COLS=501"],
    "uav_telemetry": ["N=1000003"],
    "hh_cnexp": ["N=1000003"],
    "tfidf_l2norm": ["DOCS=3001", "NNZ=700001", "VOCAB=10007"],
    "sage_mean_agg": ["NODES=100003", "DIM=50", "NNZ=800011"],
    "susan_edges": ["ROWS=300", "COLS=501"],
    "jfa_step": ["ROWS=300", "COLS=501", "STEP=16"],
    "mi_joint_hist": ["N=1000003"],
    "cic_deposit": ["N=1000003", "NG=64"],
    "hll_update": ["N=1000003"],
    "argmax_vocab": ["TOKENS=301", "VOCAB=32003", "LEVELS=256"],
    "gauss_h31": ["ROWS=300", "COLS=501"],
    "ccm_srgb": ["ROWS=300", "COLS=501"],
    "rot90_rgb8": ["ROWS=300", "COLS=501"],
    "voxel_los": ["N=1000003", "G=64"],
    "embedding_bag_wsum": ["BAGS=10007", "DIM=50", "NNZ=320011", "TABLE=100003"],
    "csr_row_prune": ["ROWS=3001", "COLS=5003", "NNZ=1000003"],
    "gbdt_predict": ["N=100003", "F=13", "TREES=9", "DEPTH=7"],
    "semilag_advect": ["ROWS=501", "COLS=300"],
    "mc_classify": ["PLANES=30", "ROWS=50", "COLS=70"],
    "gcn_edge_norm": ["NODES=100003", "NNZ=1000003"],
    "blackbody_xyz": ["ROWS=300", "COLS=501"],
    "viterbi_decode": ["SEQS=301", "STEPS=101", "STATES=45"],
    "zhang_suen_thin": ["ROWS=300", "COLS=501", "SUBITER=0"],
    "starlet_atrous": ["ROWS=300", "COLS=501", "STEP=16"],
    "gprmax_update_e": ["PLANES=30", "ROWS=50", "COLS=70"],
    "ipv4_lpm_dir24": ["N=1000003"],
    "ed25519_expand": ["N=100003"],
    "bitonic_sort_rows": ["ROWS=301", "COLS=200", "PAD=256", "LEVELS=64"],
    "lut3d_tetra": ["ROWS=300", "COLS=501", "SIZE=33"],
    "sauvola_binarize": ["ROWS=300", "COLS=501", "RADIUS=7"],
    "lbm_d3q19_pull": ["PLANES=30", "ROWS=50", "COLS=70"],
    "envmap_sample_2d": ["N=1000003", "H=100", "W=203", "TOTAL=200003"],
    "binary_gcd64": ["N=1000003"],
    "coco_rle_encode": ["MASKS=301", "H=50", "W=71", "THRESHOLD=128"],
    "jpeg_idct_islow": ["ROWS=300", "COLS=501"],
    "im2col": ["C=30", "H=50", "W=71", "KH=3", "KW=5", "PAD_H=1", "PAD_W=2", "STRIDE_H=2",
               "STRIDE_W=3", "DIL_H=2", "DIL_W=1"],
    "vecint_warp3d": ["PLANES=30", "ROWS=50", "COLS=70", "SHIFT=5"],
    "roi_align": ["BATCH=2", "C=30", "H=50", "W=71", "ROIS=101", "PH=7", "PW=7", "SAMPLING=0",
                  "ALIGNED=1", "STRIDE=4", "GRID=64"],
    "myers_hw64": ["N=100003", "T=100"],
    "aes128_ctr": ["N=1000003"],
    "upsample_bicubic2d": ["C=5", "IH=100", "IW=150", "ROWS=200", "COLS=300", "ALIGN=0"],
    "fdk_backproject": ["PLANES=30", "ROWS=50", "COLS=70", "NPROJ=20", "DU=101", "DV=41",
                        "DSO=100", "DSD=150"],
    "natten_qk_rpb": ["B=2", "HEADS=3", "H=50", "W=71", "D=32", "K=7"],
    "sha3_256": ["N=1000003", "MW=9", "MLEN=33"],
    "searchsorted": ["N=1000003", "NB=100003", "BROWS=1", "RIGHT=1", "TOTAL=400000", "ONE_D=1"],
    "chamfer_nn": ["B=3", "N=1001", "M=257", "C=16"],
}


def run(*args):
    try:
        main(list(args))
    except SystemExit as exc:
        return exc.code
    return 0


@pytest.mark.gpu
@pytest.mark.parametrize("name", sorted(SMALL))
def test_kernel_is_correct_for_odd_and_regular_shapes(name, tmp_path):
    assert set(SMALL) == set(kernels())
    shapes = "64,256,1024,3,8x4x2" if kernels()[name].dims == 1 else "32x8,16x16,3x5,64x1,7x2x3"
    params = [p for kv in SMALL[name] for p in ("--param", kv)]
    code = run(
        "tune",
        name,
        *params,
        "--shapes",
        shapes,
        "--cache-configs",
        "default,l1_off",
        "--no-profile",
        "--budget",
        "0.05",
        "--out",
        str(tmp_path / name),
        "--quiet",
    )
    assert code == 0
    table = pd.read_csv(tmp_path / name / "sweep.csv", comment="#")
    assert set(table.status) == {"ok"}, table[["block_x", "block_y", "status", "error"]]
    assert (table.time_ms > 0).all()


@pytest.mark.gpu
@pytest.mark.skipif(shutil.which("ncu") is None, reason="needs ncu")
def test_one_ncu_process_profiles_every_configuration(tmp_path):
    code = run(
        "tune",
        "matrix_add",
        "--param",
        "ROWS=2048",
        "--param",
        "COLS=2048",
        "--shapes",
        "32x8,16x16,8x32,256x1",
        "--cache-configs",
        "default,l1_off",
        "--out",
        str(tmp_path),
        "--quiet",
    )
    assert code == 0
    table = pd.read_csv(tmp_path / "sweep.csv", comment="#")
    assert len(table) == 8 and set(table.profiler) == {"ncu"}
    assert table.achieved_occupancy.notna().all() and table.time_ms.notna().all()
    assert len(list((tmp_path / "ncu").glob("*.csv"))) == 1
