"""The built-in CUDA kernels, executed on the CPU (tests/cpu_cuda/shim.h: one std::thread per
CUDA thread and std::barrier for __syncthreads and the warp intrinsics in kernels that
synchronize, use warp intrinsics or use atomics, the threads one after another in the others;
every kernel is built into one program, once per test run), for odd and regular block shapes
on small problems whose sizes are not multiples of the block or tile: every output must equal
the NumPy reference exactly. This runs the real kernel source with the manifest's grid,
dynamic shared memory and launch plans, so a wrong index, a missing bounds check, a grid that
does not cover the output or a reference that disagrees with the kernel fails here, before
any GPU time is spent."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from all_fixtures import ALL_FIXTURES

from gpuadvisor.targets.builtin import load_reference
from gpuadvisor.targets.data import host_values
from gpuadvisor.targets.manifest import kernels
from gpuadvisor.targets.plans import Buf, build_plan
from gpuadvisor.targets.references import compare, expected_outputs

SHIM = Path(__file__).parent / "cpu_cuda" / "shim.h"
CTYPES = {
    "int32": "int",
    "uint32": "unsigned",
    "int64": "long long",
    "float32": "float",
    "float64": "double",
}
SMALL = {
    "matrix_add": {"ROWS": 13, "COLS": 37},
    "overloaded": {"ROWS": 9, "COLS": 21, "ITERS": 50},
    "overlapped": {"ROWS": 9, "COLS": 21, "UNIT": 3, "MAX_WARPS": 4},
    "random_copy": {"ROWS": 17, "COLS": 23},
    "scattered": {"ROWS": 5, "COLS": 7},
    "vector_reduction": {"N": 1001},
    "vector_reduction_adaptive": {"N": 1001},
    "matmul_naive": {"M": 19, "N": 23, "K": 29},
    "matmul_tiled": {"M": 19, "N": 23, "K": 29},
    "sgemm_naive": {"M": 19, "N": 23, "K": 29},
    "sgemm_coalesced": {"M": 19, "N": 23, "K": 29},
    "sgemm_blocktiling_1d": {"M": 19, "N": 23, "K": 29},
    "sgemm_blocktiling_2d": {"M": 19, "N": 23, "K": 29},
    "transpose_naive": {"ROWS": 13, "COLS": 37},
    "transpose_tiled": {"ROWS": 13, "COLS": 37},
    "syrk_strided": {"N": 19, "K": 7},
    "stencil2d_5pt": {"ROWS": 13, "COLS": 37},
    "stencil2d_9pt": {"ROWS": 13, "COLS": 37},
    "stencil3d_7pt": {"PLANES": 5, "ROWS": 9, "COLS": 11},
    "conv2d": {"ROWS": 13, "COLS": 21},
    "gemv_rows": {"ROWS": 301, "COLS": 7},
    "gemv_cols": {"ROWS": 7, "COLS": 301},
    "spmv_csr": {"ROWS": 301, "COLS": 50, "NNZ": 1500},
    "histogram_atomic": {"N": 1001, "BINS": 16},
    "sobel": {"ROWS": 13, "COLS": 37},
    "mandelbrot": {"ROWS": 13, "COLS": 37, "MAX_ITER": 40},
    "add_xrows": {"ROWS": 13, "COLS": 37},
    "downsample2x": {"ROWS": 7, "COLS": 19},
    "nbody": {"N": 301},
    "gather_local": {"N": 1001, "SPREAD": 40},
    "collatz2d": {"ROWS": 13, "COLS": 37, "BASE": 1000000, "MAX_STEPS": 300},
    "transpose_add": {"N": 37},
    "conv1d_rows": {"ROWS": 13, "COLS": 37},
    "bilinear_up2": {"ROWS": 7, "COLS": 19},
    "black_scholes": {"N": 1001},
    "pair_sum": {"N": 1001},
    "spmv_ell": {"ROWS": 301, "COLS": 50, "WIDTH": 5},
    "flip_h": {"ROWS": 13, "COLS": 37},
    "rgb_to_gray": {"ROWS": 13, "COLS": 37},
    "outer_product": {"ROWS": 13, "COLS": 37},
    "blur_v9": {"ROWS": 13, "COLS": 37},
    "life_step": {"ROWS": 13, "COLS": 37},
    "axpby_f64": {"ROWS": 13, "COLS": 37},
    "col_sum": {"ROWS": 13, "COLS": 1001},
    "relu_bias2d": {"ROWS": 13, "COLS": 37},
    "lut_map": {"N": 1001},
    "median3x3": {"ROWS": 13, "COLS": 37},
    "complex_mul": {"N": 1001},
    "upsample_nearest2x": {"ROWS": 7, "COLS": 19},
    "row_sum_thread": {"ROWS": 1001, "COLS": 13},
    "pad_copy2d": {"ROWS": 13, "COLS": 37},
    "planar_to_rgb": {"ROWS": 13, "COLS": 37},
    "blur3x3_tiled": {"ROWS": 13, "COLS": 37},
    "gather_rand": {"N": 1001, "TABLE": 4099},
    "horner32": {"N": 1001},
    "dot_atomic": {"N": 1001},
    "rotate_bilinear": {"ROWS": 13, "COLS": 37},
    "layernorm_apply": {"ROWS": 13, "COLS": 37},
    "bilateral3x3": {"ROWS": 13, "COLS": 37},
    "dequant_int8": {"N": 1001},
    "digit_hist": {"N": 4099, "SHIFT": 8},
    "particle_push_aos": {"N": 1001},
    "block_max_atomic": {"N": 4099},
    "warp_sum_atomic_block": {"N": 4099},
    "shared_hist64": {"N": 4099},
    "shared_hist16": {"N": 4099},
    "shared_colsum32": {"N": 4099},
    "block_partial_sums": {"N": 4099},
    "lut_shared_map": {"N": 4099},
    "warp_count_atomic": {"N": 4099},
    "nv12_to_rgba": {"ROWS": 13, "COLS": 37},
    "das_beamform": {"ROWS": 13, "COLS": 37, "NCH": 8, "NS": 150},
    "tanimoto_fp": {"ROWS": 13, "COLS": 37},
    "sha256_merkle": {"N": 1001},
    "bitonic_merge": {"N": 1024, "SIZE": 256, "STRIDE": 64},
    "bfs_expand": {"N": 1001, "NNZ": 8000},
    "softmax_rows": {"ROWS": 5, "COLS": 300},
    "row_norm3": {"ROWS": 5, "COLS": 301},
    "aos_update": {"N": 1001, "W": 5},
    "row_sum_tree": {"ROWS": 5, "COLS": 301},
    "gridstride_axpy": {"N": 4099, "GRID": 3},
    "block_scan": {"N": 1031},  # 2 tiles at 256 threads, a partial one at 1000
    "kmeans_rgb": {"N": 4099, "K": 32},
    "region_moments": {"ROWS": 13, "COLS": 37, "L": 16},
    "stereo_sad": {"ROWS": 13, "COLS": 37, "NDISP": 16},
    "dropout_philox": {"N": 1001},
    "rope_neox": {"TOKENS": 7, "HEADS": 3, "KV_HEADS": 2, "HEAD": 8, "MAXPOS": 11},
    "bloom_probe": {"N": 1001, "NBLOCKS": 37},
    "sw_align": {"PAIRS": 4, "Q": 13, "T": 37},
    "bayer_demosaic": {"ROWS": 13, "COLS": 37},
    "lbm_d2q9": {"ROWS": 13, "COLS": 37},
    "q8_matvec": {"ROWS": 13, "COLS": 96},
    "kmer_canon": {"N": 1001, "K": 31},
    "bitunpack_for": {"N": 1001, "BITS": 11},
    "bond_price": {"N": 1001},
    "census5x5": {"ROWS": 13, "COLS": 37},
    "ising_checker": {"ROWS": 13, "COLS": 37},
    "alpha_over": {"ROWS": 13, "COLS": 37},
    "mc_euro_call": {"OPTIONS": 5, "PATHS": 300},
    "chunk_entropy": {"CHUNKS": 5, "CHUNK": 400},
    "pip_geofence": {"N": 1001, "NV": 13},
    "morton3d": {"N": 1001},
    "d8_flow": {"ROWS": 13, "COLS": 37},
    "dedisperse": {"ROWS": 13, "COLS": 37, "NCHAN": 6, "MAXDELAY": 9},
    "group_revenue": {"GROUPS": 9, "NROWS": 400},
    "sta_lta": {"TRACES": 3, "NS": 2100, "NSTA": 7, "NLTA": 1000},  # past the 2048-sum ring
    "resample_poly": {"N": 1001},
    "chacha20_xor": {"NBLOCKS": 1001},
    "coulomb_grid": {"ROWS": 13, "COLS": 37, "NATOMS": 9},
    "harris_response": {"ROWS": 13, "COLS": 37},
    "sat_adjust": {"N": 1001},
    "vertex_tnl": {"N": 1001},
    "frame_rms_zcr": {"NFRAMES": 7, "FRAME": 300, "HOP": 77},
    "canny_nms": {"ROWS": 13, "COLS": 37},
    "morph_gradient": {"ROWS": 13, "COLS": 37},
    "murmur3_strings": {"NROWS": 1001},
    "bs_greeks": {"N": 1001},
    "edge_flux": {"NNODES": 337},
    "lomb_scargle": {"NFREQ": 7, "NOBS": 301},
    "hillshade_cos_i": {"ROWS": 13, "COLS": 37},
    "pixel_shuffle": {"N": 2, "C": 3, "H": 5, "W": 7, "R": 3},
    "ray_tri_nearest": {"NRAYS": 1001, "NTRIS": 13},
    "crop_mirror_normalize": {"N": 3, "H": 9, "W": 45, "CH": 5, "CW": 37},
    "acoustic_fd8": {"ROWS": 13, "COLS": 37},
    "rigid_body_step": {"N": 1001},
    "polymer_rg": {"NCHAINS": 7, "NBEADS": 301},
    "embedding_grad_scatter": {"NTOK": 37, "DIM": 27, "VOCAB": 11},
    "miller_rabin32": {"N": 1001},
    "tasseled_cap": {"ROWS": 13, "COLS": 37},
    "perona_malik": {"ROWS": 13, "COLS": 37},
    "netflow5_features": {"N": 1001},
    "adamw_step": {"N": 1001},
    "kepler_newton": {"N": 1001},
    "gae_scan": {"ENVS": 5, "T": 300},
    "hsv_inrange": {"ROWS": 13, "COLS": 37},
    "allen_cahn9": {"ROWS": 13, "COLS": 37},
    "uav_telemetry": {"N": 1001},
    "hh_cnexp": {"N": 1001},
    "tfidf_l2norm": {"DOCS": 5, "NNZ": 1500, "VOCAB": 101},
    "sage_mean_agg": {"NODES": 31, "DIM": 7, "NNZ": 200},
    "susan_edges": {"ROWS": 13, "COLS": 37},
    "jfa_step": {"ROWS": 13, "COLS": 37, "STEP": 4},
    "mi_joint_hist": {"N": 1001},
    "cic_deposit": {"N": 1001, "NG": 8},
    "hll_update": {"N": 1001, "P": 6},
    "argmax_vocab": {"TOKENS": 5, "VOCAB": 301, "LEVELS": 8},
    "gauss_h31": {"ROWS": 13, "COLS": 37},
    "ccm_srgb": {"ROWS": 13, "COLS": 37},
    "rot90_rgb8": {"ROWS": 13, "COLS": 37},
    "voxel_los": {"N": 1001, "G": 8},
    "embedding_bag_wsum": {"BAGS": 37, "DIM": 7, "NNZ": 80, "TABLE": 50},
    "csr_row_prune": {"ROWS": 7, "COLS": 50, "NNZ": 2000},
    "gbdt_predict": {"N": 1001, "F": 7, "TREES": 7, "DEPTH": 5},
    "semilag_advect": {"ROWS": 37, "COLS": 13},
    "mc_classify": {"PLANES": 5, "ROWS": 9, "COLS": 11},
    "gcn_edge_norm": {"NODES": 301, "NNZ": 600},
    "blackbody_xyz": {"ROWS": 13, "COLS": 37},
    "viterbi_decode": {"SEQS": 7, "STEPS": 9, "STATES": 37},
    "zhang_suen_thin": {"ROWS": 13, "COLS": 37, "SUBITER": 1},
    "starlet_atrous": {"ROWS": 7, "COLS": 37, "STEP": 4},
    "gprmax_update_e": {"PLANES": 5, "ROWS": 9, "COLS": 11},
    "ipv4_lpm_dir24": {"N": 1001},
    "ed25519_expand": {"N": 1001},
    "bitonic_sort_rows": {"ROWS": 7, "COLS": 37, "PAD": 64, "LEVELS": 8},
    "lut3d_tetra": {"ROWS": 13, "COLS": 37, "SIZE": 9},
    "sauvola_binarize": {"ROWS": 13, "COLS": 37, "RADIUS": 5},
    "lbm_d3q19_pull": {"PLANES": 5, "ROWS": 9, "COLS": 11},
    "envmap_sample_2d": {"N": 1001, "H": 7, "W": 13, "TOTAL": 300},
    "binary_gcd64": {"N": 1001},
    "coco_rle_encode": {"MASKS": 7, "H": 13, "W": 37, "THRESHOLD": 250},
    "jpeg_idct_islow": {"ROWS": 7, "COLS": 9},
    "im2col": {"C": 3, "H": 13, "W": 37, "KH": 3, "KW": 5, "PAD_H": 1, "PAD_W": 2,
               "STRIDE_H": 2, "STRIDE_W": 3, "DIL_H": 2, "DIL_W": 1},
    "vecint_warp3d": {"PLANES": 5, "ROWS": 9, "COLS": 11, "SHIFT": 5},
    "roi_align": {"BATCH": 2, "C": 3, "H": 13, "W": 17, "ROIS": 40, "PH": 2, "PW": 3,
                  "SAMPLING": 0, "ALIGNED": 1, "STRIDE": 1, "GRID": 3},
    "myers_hw64": {"N": 1001, "T": 37},
    "aes128_ctr": {"N": 1001},
    "upsample_bicubic2d": {"C": 3, "IH": 7, "IW": 37, "ROWS": 13, "COLS": 11, "ALIGN": 0},
    "fdk_backproject": {"PLANES": 5, "ROWS": 9, "COLS": 11, "NPROJ": 7, "DU": 13, "DV": 6,
                        "DSO": 20, "DSD": 30},
    "natten_qk_rpb": {"B": 2, "HEADS": 3, "H": 9, "W": 8, "D": 5, "K": 5},
    "sha3_256": {"N": 1001, "MW": 9, "MLEN": 33},
    "searchsorted": {"N": 1001, "NB": 301, "BROWS": 7, "RIGHT": 0, "TOTAL": 400, "ONE_D": 0},
    "chamfer_nn": {"B": 3, "N": 37, "M": 50, "C": 4},
    "hs_derivatives": {"ROWS": 9, "COLS": 23},
    "hs_jacobi": {"ROWS": 9, "COLS": 23},
    "gauss_fan2": {"SIZE": 23, "T": 5},
    "clahe_apply": {"ROWS": 13, "COLS": 37, "TW": 8, "TH": 4},
    "adaptive_avgpool2d": {"C": 3, "IH": 17, "IW": 6, "OH": 5, "OW": 9},
    "cfd_time_step": {"N": 1001, "J": 2},
    "remap_bilinear": {"ROWS": 9, "COLS": 23, "SROWS": 7, "SCOLS": 13, "BORDER": 5},
    "sepconv_cols": {"ROWS": 29, "COLS": 13, "R": 5},
    "sepconv_rows": {"ROWS": 13, "COLS": 29, "R": 5},
    "hotspot3d_opt1": {"NX": 23, "NY": 9, "NZ": 5},
    "leuko_dilate": {"M": 13, "NCOLS": 21, "SM": 7, "SN": 5, "NEG": 20000},
    "pagerank_push": {"N": 301, "NNZ": 2000},
    "match_template_sqdiff": {"ROWS": 9, "COLS": 23, "TH": 5, "TW": 7},
    "srad_coef": {"ROWS": 13, "COLS": 29},
    "shoc_stencil2d": {"ROWS": 29, "COLS": 13, "NSTRIP": 3, "PAD": 4},
    "gspmm_csr_sum": {"NODES": 301, "NNZ": 1000, "F": 5, "YBLOCKS": 7},
    "leuko_gicov": {"GM": 61, "GN": 53},
    "scatter_max": {"E": 301, "K": 5, "NN": 157},
    "parboil_stencil": {"NX": 29, "NY": 13, "NZ": 6},
    "raft_l2_naive": {"M": 29, "N": 13, "K": 7},
    "ocv_bilateral": {"ROWS": 13, "COLS": 29, "KSZ": 9},
    "ocv_blend_linear": {"ROWS": 13, "PIX": 11, "CN": 3},
    "mriq_computeq": {"N": 1001, "NK": 37},
    "torch_index_select": {"S": 157, "D": 5, "NIDX": 301},
    "cutlass_ref_gemm": {"M": 29, "N": 13, "K": 7},
    "cus_sobel_shared": {"ROWS": 13, "WQ": 29, "BW": 7},
    "ocv_nlmeans": {"ROWS": 13, "COLS": 29, "SR": 2, "BR": 1},
    "ocv_resize_area": {"ROWS": 7, "COLS": 19, "FY": 2, "FX": 4, "SROWS": 13, "SCOLS": 75},
    "pannotia_color_max": {"N": 301, "NNZ": 700},
    "cus_scalar_prod": {"VECTORS": 11, "ELEMENTS": 2500, "VPB": 4},
    "rodinia_lud_internal": {"DIM": 45, "OFFSET": 3},
    "torch_spatial_softmax": {"OUTER": 3, "DIM": 37, "INNER": 13},
    "ocv_bf_match": {"Q": 29, "T": 37, "D": 5},
    "rodinia_backprop_adjust": {"IN": 29, "HID": 13},
    "shoc_md_lj": {"N": 1001, "NEIGH": 7},
    "gmx_bonds": {"NB": 1001, "NATOMS": 157, "NTYPES": 5},
    "rodinia_hotspot": {"ROWS": 13, "COLS": 37},
    "cus_postprocess_disc": {"ROWS": 13, "COLS": 37, "R": 3},
    "cus_ocean_spectrum": {"MESH": 37},
    "ocv_bp_comp_data": {"ROWS": 13, "COLS": 37, "NDISP": 9},
    "rodinia_kmeans_point": {"N": 1001, "NF": 5, "K": 7},
    "rodinia_cfd_flux": {"N": 1001},
    "cus_fdtd3d": {"ROWS": 13, "COLS": 37, "DIMZ": 3},
    "ocv_pyr_down": {"ROWS": 7, "COLS": 37, "SROWS": 13},
    "ocv_tvl1_dual": {"ROWS": 13, "COLS": 37, "GAMMA": 1},
    "cus_fluids_diffuse": {"DIM": 26, "LB": 3},
    "torch_col2im": {"C": 3, "H": 13, "W": 37, "KH": 3, "KW": 5, "PAD_H": 1, "PAD_W": 2,
                     "STRIDE_H": 2, "STRIDE_W": 3, "DIL_H": 2, "DIL_W": 1},
    "torch_lstm_cell": {"BATCH": 7, "HSZ": 143},
    "llama_rms_norm": {"ROWS": 5, "COLS": 301},
    "torch_log_softmax_bwd": {"ROWS": 5, "CLASSES": 1001},
    "rodinia_srad_update": {"ROWS": 13, "COLS": 37},
    "ocv_cart_to_polar": {"ROWS": 13, "COLS": 37},
    "torch_depthwise_conv2d": {"NB": 2, "C": 6, "MULT": 2, "H": 13, "W": 12, "STRIDE_H": 2,
                               "STRIDE_W": 1, "PAD_H": 1, "PAD_W": 2, "DIL_H": 1, "DIL_W": 2},
    "cus_inverse_cnd": {"N": 1001},
    "af_gradient": {"NB": 2, "ROWS": 13, "COLS": 37},
    "ocv_pyr_up": {"ROWS": 13, "COLS": 37},
    "cus_stereo_disparity": {"ROWS": 13, "COLS": 37, "NDISP": 11},
    "cus_bicubic_texture": {"ROWS": 13, "COLS": 37},
    "ocv_bp_iteration": {"ROWS": 13, "COLS": 37, "NDISP": 5, "T": 1},
    "torch_max_pool2d": {"NB": 2, "C": 3, "H": 13, "W": 12, "K_H": 3, "K_W": 2, "STRIDE_H": 2,
                         "STRIDE_W": 1, "PAD_H": 1, "PAD_W": 1, "DIL_H": 1, "DIL_W": 2},
    "af_convolve2": {"NB": 2, "ROWS": 13, "COLS": 37, "FLEN": 5},
    "af_morph": {"NB": 2, "ROWS": 13, "COLS": 37, "WIND": 5},
    "ocv_filter2d": {"ROWS": 13, "COLS": 37, "K": 7},
    "ocv_copy_make_border": {"SROWS": 7, "SCOLS": 19, "TOP": 3, "BOTTOM": 4, "LEFT": 5,
                             "RIGHT": 6},
    "cus_particles_reorder": {"N": 1001, "NCELLS": 600},
    "cus_particles_hash": {"N": 1001, "GRID": 8},
    "cbe_raytrace": {"ROWS": 29, "COLS": 37, "NSPH": 16, "RMIN": 3, "RMAX": 14},
    "af_tile": {"NB": 2, "SROWS": 13, "SCOLS": 301, "RY": 3, "RX": 2},
    "ocv_farneback_box5": {"ROWS": 13, "COLS": 37, "KH": 6},
    "cus_boxfilter_x": {"ROWS": 301, "COLS": 37, "R": 14},
    "rodinia_sc_cost": {"N": 1001, "DIM": 5, "K": 6},
    "rodinia_lavamd": {"BOXES1D": 3},
    "cosmo_hdiff": {"COLS": 37, "ROWS": 13, "PLANES": 2},
    "mdt_ppf_batch": {"COLS": 37, "ROWS": 13, "PLANES": 2, "TAPS": 3},
    "easywave_wave_update": {"NLAT": 39, "NLON": 15},
    "omm_find_block_bounds": {"N": 1001, "CAP": 3},  # 32 blocks, the last of 9 atoms
    "milc_dslash": {"LX": 8, "LY": 10, "LZ": 12, "LT": 14},
    "sneaky_snake": {"N": 1001},
    "fft_bitrev_permute": {"LOGN": 9, "BATCH": 3},
    "ft_add_bias_gelu": {"ROWS": 13, "COLS": 77, "CAP": 3},  # every shape loops
    "binomial_per_thread": {"N": 1001},
    "jpeg_quant_zigzag": {"COLS": 37, "ROWS": 13},
    "fft_twiddle_4step": {"ROWS": 13, "COLS": 37},
    "kuwahara_filter": {"ROWS": 13, "COLS": 37, "R": 2},
    "cus_fwt_batch2": {"LOG2N": 10, "STRIDE": 16},  # 256 butterflies, 16 runs of 16
    "ggml_cpy_f32": {"NTOK": 37, "NEMBD": 13, "KVSIZE": 61, "KVHEAD": 11},
    "clover_accelerate": {"X_MAX": 13, "Y_MAX": 9},
    "af_medfilt2": {"NB": 2, "ROWS": 13, "COLS": 37},
    "ocv_meanshift_filter": {"ROWS": 13, "COLS": 37, "SP": 4, "SR": 50},
    "fw_apsp_step": {"N": 37, "K": 11},
    "slab_list_walk": {"QUERIES": 301, "STEPS": 4, "SLABS": 31},  # 7 buckets, 3 slabs unused
    "pmpp_conv2d_cached": {"ROWS": 13, "COLS": 37},
    "af_fast": {"H": 35, "W": 77},  # 29 x 71 pixels tested: some circle pixels at p + thr
    "lulesh_kinematics": {"NX": 7},  # 343 elements over 512 nodes
    "shoc_md5hash": {"VALS": 4},  # 4^7 = 16384 keys, the target's bytes all 3 or less
    "cusp_csr_vector": {"ROWS": 301, "COLS": 50, "NNZ": 10000},  # 33 a row: both walks
    "pcl_kinfu_tsdf": {"COLS": 21, "ROWS": 19, "VZ": 17, "ICOLS": 37, "IROWS": 29, "FX": 20,
                       "FY": 20},  # 1160 of 6783 voxels updated, 8 of them at weight 127
    "torch_weight_norm_last": {"ROWS": 37, "COLS": 13},
    "miniweather_flux_x": {"NX": 36, "NZ": 13},
    "mgpu_merge": {"NA": 1001, "NB": 700},
    "bude_fasten": {"NPOSES": 301, "NATLIG": 5, "NATPRO": 37, "NTYPES": 8, "LBOX": 4, "TLO": 2},
    "cus_reduce_single_pass": {"N": 4099, "CAP": 5},  # 5 blocks, 3 at 1000 threads
    "af_scan_first": {"ROWS": 13, "COLS": 77},
    "ggml_diag_mask_inf": {"ROWS": 37, "COLS": 29, "RPC": 8, "NPAST": 11},
    "clover_ideal_gas": {"COLS": 21, "ROWS": 13},
    "tealeaf_cg_calc_w": {"XM": 21, "YM": 13},
    "pannotia_mis1": {"N": 301, "E": 3001},
    "odeint_lorenz_rk4": {"N": 301, "STEPS": 20},
    "ffmpeg_yadif": {"ROWS": 13, "COLS": 37},  # a pitch of 40 bytes
    "mumax3_exchange": {"COLS": 13, "ROWS": 11, "PLANES": 3, "PBC": 5},  # x and z wrap
    # 3 x 3 chunks of 16, the last ones partial; two deltas of +128 at the radius
    "cusz_lorenzo_2d": {"ROWS": 37, "COLS": 41, "RADIUS": 128},
    "llmc_layernorm": {"N": 37, "C": 77},
    "cusp_dia_spmv": {"ROWS": 1001, "COLS": 1001, "OFFR": 40, "CAP": 5},
    "gasal2_local": {"NPAIRS": 301, "QPOOL": 8, "TPOOL": 8, "QMIN": 1, "QMAX": 65, "TMIN": 1,
                     "TMAX": 70, "MATCH": 4, "MISMATCH": 1, "GAPOE": 3},  # gaps pay here
    "mgpu_jacobi": {"ROWS": 13, "COLS": 37},
    "knn_compute_distances": {"ROWS": 37, "COLS": 21, "DIM": 13},  # 13 dims: partial slices
    "openpose_nms_register": {"ROWS": 13, "COLS": 37, "PLANES": 3, "THR": 15},  # 15s peaks
    "darknet_fast_mean": {"BATCH": 3, "FILTERS": 5, "SPATIAL": 301},
    "crystal_join_probe": {"N": 4099, "NSLOTS": 257},
    "sia_blake2b": {"N": 1001, "NONCE0": 2147483000},  # nonces past 2^31 (unsigned)
    "frcnn_nms_mask": {"ROWS": 301, "SPAN": 3},  # 5 words a box, many overlaps (536 bits)
    "kaldi_splice": {"ROWS": 13, "FEAT": 7, "CTX": 3, "OSTRIDE": 53, "ISTRIDE": 9},  # -3..3
    "cufftshift_2d": {"N": 38},  # 19 x 19 quadrants
    "eclcc_init": {"N": 5003, "NNZ": 20011, "TPSM": 2048},  # the grid-stride loop runs
    "pointnet2_ball_query": {"B": 3, "N": 301, "M": 101, "NSAMPLE": 5, "RADIUS": 2,
                             "SPAN": 12},  # about 4.7 points a ball: rows full, short, empty
    "quest_compact_unitary": {"QUBITS": 10, "ROT": 3},
    "jetson_yuyv_to_rgba": {"ROWS": 13, "COLS": 37},
    "libsgm_census": {"ROWS": 41, "COLS": 37, "LINES": 16},  # 3 groups of lines, a partial
    "magma_dgeadd2": {"COLS": 37, "ROWS": 75, "LDDA": 41, "LDDB": 45},  # a partial block column
    "bnb_hist_scatter_add_2d": {"N": 1001, "BINS": 7},  # about 20 values a cell
    "tf_resize_nearest_nhwc": {"B": 2, "IH": 7, "IW": 9, "C": 3, "OH": 11, "OW": 5,
                               "TPSM": 256},  # up and down, the grid-stride loop runs
    "ginkgo_ptrs_to_idxs": {"ROWS": 1001, "NNZ": 5003},
    "siftgpu_filter_h": {"ROWS": 13, "COLS": 37},
    "bf_erode_depth": {"ROWS": 19, "COLS": 23, "DMAX": 8, "DTHRESH": 3},  # zeros, a mix
    "trt_resize_nearest": {"PLANES": 3, "IH": 5, "IW": 7, "SNUM": 5, "SDEN": 2},  # 12 x 17
    "lammps_cell_id": {"NALL": 1001, "NLOCAL": 700, "SUB": 24, "GHOST": 4, "NCELL": 11},
    "trtx_warpaffine": {"SW": 37, "SH": 23, "DW": 32, "DH": 32},  # both borders, edges
    "petsc_sf_pack": {"COUNT": 1001, "NPTS": 300, "TPSM": 256},  # the loop runs
    "vcsdk_nv12_bgrp": {"ROWS": 13, "COLS": 37},  # odd: the last row and column untouched
    "astra_add_mul": {"ROWS": 75, "COLS": 37, "PITCH": 40},  # runs of 32 rows, a partial one
    "paddle_index_sample": {"ROWS": 13, "COLS": 37, "INLEN": 50},
    "relion_center_fft2d": {"BATCH": 3, "XDIM": 14, "YDIM": 10},  # both shifts wrap
    "p3d_gather_scatter": {"V": 31, "D": 77, "E": 301, "GRID": 50},  # both loops run
    "dlib_affine_conv": {"N": 3, "K": 5, "NR": 7, "NC": 9, "TPSM": 256},  # the loop runs
    "sg2_upfirdn2d": {"PLANES": 3, "IH": 7, "IW": 19},  # 14 x 38 out: partial tiles
    "nvdr_mip_build": {"PLANES": 3, "TH": 13, "TW": 37, "CH": 8},  # odd; two float4s a texel
    "ds_transform_0213": {"PLANES": 2, "SEQ": 5, "HEADS": 3, "COLS": 7},
    "mmcv_carafe_naive": {"N": 2, "C": 6, "H": 10, "W": 14, "G": 3, "CAP": 7},  # the loop runs
    "gs_tile_ranges": {"L": 1001, "NTILES": 37},
    "ort_cumsum": {"OUTER": 3, "DIM": 37, "INNER": 5},  # a strided axis
    "beagle_partials": {"PLANES": 3, "ROWS": 37},  # partial pattern tiles, 64 states
    "exl_column_remap": {"ROWS": 37, "COLS": 45},  # a partial last run of 16 rows
    "dp_prod_force": {"NFRAMES": 2, "NLOC": 5, "NALL": 9, "NNEI": 11},  # shared neighbours
    "r123_pi_hits": {"NTHREADS": 301, "TRIES": 9},  # odd n: the last step's two tries
    "pycbc_thresh_cluster": {"N": 1000, "WINDOW": 37, "AMP": 2, "THRESH": 4},  # ties
    "osd_eval_stencils": {"NCV": 50, "NSTENCILS": 301, "NNZ": 1500, "GRID": 7},  # loops
    "kata_gpool": {"PLANES": 3, "ROWS": 5, "COLS": 37},  # a board of 37 points: sqrt(37)
    "ccn_max_pool": {"ROWS": 12, "COLS": 37, "IMG": 9, "PAD": 1},  # windows clipped both ends
    "playne_ccl_init": {"ROWS": 13, "COLS": 45},  # right-edge pixels without a NE neighbour
    "fn2_correlation": {"NB": 2, "C": 37, "H": 4, "W": 5, "PAD": 4, "MAXD": 4},  # 25 shifts
    "ccv1d_fwd": {"B": 2, "D": 3, "L": 1000},  # 16 B loads (a multiple of 4), partial chunks
    "lc0_expand_planes": {"BATCH": 3},
    "vmaf_motion": {"ROWS": 13, "COLS": 37},  # mirrored borders on all four sides
    "swe_update_unknowns": {"COLS": 13, "ROWS": 37},  # cells past the domain on both axes
    "prk_star2": {"N": 23},  # the two-point border left alone
    "sfem_boundary_accel": {"NGLOB": 500, "NINT": 3, "MAXNI": 301},  # tails past nibool
    "fairseq_ngram_ban": {"ROWS": 5, "MAXLEN": 64, "VOCAB": 16, "STEP": 60, "NTOK": 3},
    "gptq_q4_matvec": {"K": 384, "COLS": 37},  # three chunks, columns past the width
    "itm_gradient_x": {"ROWS": 13, "COLS": 37},  # the two-pixel border left alone
    "cycles_combine_halves": {"ROWS": 13, "COLS": 37, "X0": 3, "Y0": 2},  # clipped windows
    "parti_mttkrp": {"NNZ": 301, "R": 5, "DIM": 23},  # rows past R, colliding atomics
    "tcluster_knn": {"M": 100, "N": 60, "B": 7, "K": 10, "COORD": 4},  # ties, short clouds
    "npb_mg_psinv": {"N1": 11, "N2": 7, "N3": 6},  # three different extents
    "hugectr_fm_order2": {"BATCH": 7, "SLOTS": 5, "EMB": 13},
    "csift_scale_up": {"ROWS": 13, "COLS": 37},  # pitches of 128, the last row and column clamped
    "kfl_vertex_map": {"ROWS": 13, "COLS": 37},  # depths past the cutoff
    "namd_transpose_xyz_yzx": {"NX": 37, "NY": 45, "NZ": 3},  # partial tiles both ways
    "swin_roll_partition": {"B": 2, "H": 6, "W": 9, "C": 5, "WS": 3, "SHIFT": 1},  # wraps
    "cufinufft_deconvolve_2d": {"MS": 13, "MT": 10, "NF1": 32, "NF2": 24},  # odd and even
    "marian_paste_rows": {"ROWS": 40, "COLS": 37, "VOCAB": 9},  # colliding rows
    "spconv_gather": {"ROWS": 37, "COLS": 5, "NVOX": 11},  # 16 indices a thread, partial
    "apex_index_mul_2d_bwd": {"ROWS": 37, "COLS": 19, "N1": 5},  # colliding gathered rows
    "lgbm_hist_dense": {"NDATA": 50, "COLS": 14, "ROWS": 45, "MINGY": 3},  # 12 + 2 columns
    "faiss_sum_along_rows": {"ROWS": 5, "COLS": 301},  # rows clamped at zero
    "ngp_grid_to_bitfield": {"GRID": 6, "CASCADES": 3, "MAXC": 2},  # a zeroed cascade, 3 B tail
    "hoomd_nve_step_one": {"N": 1001, "L": 8, "TILT": 2},  # wraps every way, tilted box
    "rsc_qc_dense": {"CELLS": 37, "GENES": 13},  # zero counts skipped, colliding atomics
    "av_sgm_aggregate": {"VX": 9, "VY": 13, "VZ": 11},  # padded pitches, both end depths
    "bifrost_fdmt_exec": {"NTIME": 37, "NROW": 13, "NROW_IN": 9},  # missing rows, long delays
    "heffte_transpose_unpack": {"NFAST": 37, "NMID": 5, "NSLOW": 3, "LS": 40, "DLINES": 7,
                                "BLS": 6},  # padded box and buffer, partial lines
    "ampcor_subtract_mean": {"WIN": 16, "NIMAGES": 5},  # partial warps, 1000-thread blocks
    "xsbench_sampling": {"LOOKUPS": 1001},  # every material drawn
    "fbgemm_permute_2d": {"T": 5, "B": 7, "LEN": 141},  # ragged segments, repeated features
    "fbgemm_reorder_ad_lengths": {"T": 5, "B": 7, "NADS": 61},  # ragged requests, partial rows
    "realsense_zero_holes": {"W": 38, "H": 13},  # partial tiles, holes on odd pixels
    "realsense_yuy2_rgb8": {"SP": 1002},  # both clamps, every channel
    "tsparse_kernel_hash": {"N": 37, "K": 27},  # pairs straddling blocks, negative coords
    "autoware_copy_map_region": {"MAP": 38, "SX": 5, "SY": 3},  # misaligned rows
    "astroaccel_harmonic_sum": {"NT": 75, "NS": 14, "NH": 8},  # harmonics cut short, partial tiles
    "vsnlm_distance_horizontal": {"W": 37, "H": 13},  # clamped halos, padded rows of 128
    "vsnlm_accumulation": {"W": 37, "H": 13},  # clamped shifts, two planes of three frames
    "heavydb_init_group_by": {"ENTRIES": 1001, "GRID": 3},  # several rows a thread, padding kept
    "catboost_gather_compressed": {"N": 1001},  # two blocks of 512 keys, every slot
    "hypre_csr_col_sum": {"ROWS": 101, "COLS": 50, "NNZ": 4000},  # rows past 32, partial warps
    "aa_dit_decimate": {"NDM": 13, "NT": 75},  # odd sample count, 4 outputs a thread
    "cvcuda_histogram": {"PLANES": 2, "ROWS": 13, "COLS": 38, "CH": 3},  # bins > threads
    "cvcuda_dilate": {"PLANES": 2, "ROWS": 13, "COLS": 38},  # borders, partial tiles
    "dvgo_tv_add_grad": {"C": 2, "SI": 5, "SJ": 7, "SK": 9},  # every face, zero gradients
    "hvd_batched_scaled_memcpy": {"NCOPIES": 7, "WORDS": 150},  # ragged tails, 8 blocks each
    "cholla_update_conserved_3d": {"NX": 11, "NY": 9, "NZ": 7, "NG": 2},  # ghosts, idle cells
    "ktgmc_rb2b_bilinear": {"SW": 78, "SH": 26},  # partial tiles, first and last rows/columns
    "ktgmc_temporal_soften2": {"COLS": 37, "ROWS": 13, "SADHI": "3 * FSC // 2"},  # 2 of 4 cuts
    "qulacs_dense_matrix5": {"NQ": 9, "K": 3, "TLIST": "5 + 1 * 2 ** 8 + 7 * 2 ** 16",
                             "SLIST": "1 + 5 * 2 ** 8 + 7 * 2 ** 16"},  # rows in passes
    "qulacs_pauli_xz": {"NQ": 10, "BITFLIP": "2 ** 1 + 2 ** 6 + 2 ** 8 + 2 ** 9", "NY": 3,
                        "PHASEFLIP": "2 ** 1 + 2 ** 2 + 2 ** 8 + 2 ** 9",
                        "PIVOT": 6},  # Y9 Y8 Y1 Z2 X6: the phases -i and i
    "gpujpeg_preprocess420": {"W": 37, "H": 13, "PAD": 5},  # odd sizes, padded rows
    "gpumd_sort_neighbor_list": {"N": 61, "MN": 40, "NNLO": 20},  # lists past the block, ties
    "awp_dvelcx": {"NX": 5, "NY": 11, "NZ": 37},  # partial blocks, 5 slices walked
    "microhh_advec_uvw": {"ITOT": 13, "JTOT": 11, "KTOT": 5},  # ghosts, w's first level
    "gespmm_seqreduce_nnz": {"M": 41, "K": 29, "NNZ": 301, "N": 37},  # columns past 32, empty rows
    "tsvm_sum_kernel_values": {"N": 1001, "NSV": 40, "GRID": 3},  # grid-stride passes
    "kmcuda_assign_smallc": {"N": 1001, "K": 37, "F": 3, "SHMEM": 3100},  # 2 chunks at 1,000
    "emogi_bfs_coalesce": {"V": 2001, "E": 26000},  # unaligned starts, runs past 32 lanes
    "niftyreg_affine_deformation": {"NX": 13, "NY": 7, "NZ": 5},  # (y, z) rows across blocks
    "lightseq_dropout_bias_bwd": {"ROWS": 301, "COLS": 36},  # partial blocks, row passes
    "cudadecon_deskew": {"NX": 17, "NY": 9, "NZ": 5},  # quarter offsets, pad on both sides
    "dsph_compute_step_pos": {"NP": 3001, "NPB": 200, "SXY": 256, "SZ": 128, "CELL": 16,
                              "BX": 4, "BY": 4, "BZ": 3, "MOVHI": 18,
                              "CODEHI": "2 ** 32"},  # every special code, moves past the limit
    "viennacl_csr_dtrmat_mul": {"M": 301, "K": 250, "NNZ": 2000, "N": 37, "PAD": 16,
                                "GRID": 7},  # columns past 32, rows in grid passes
    "amgx_restrict_residual4": {"NFINE": 3000, "NAGG": 701},  # empty and long aggregates
    "gtom_pad_mirror": {"IX": 7, "IY": 5, "IZ": 3, "OX": 19, "OY": 9,
                        "OZ": 4},  # several reflections a line, lines across blocks
    "cistem_clip_into_fourier": {"SX": 12, "SY": 9, "SZ": 6, "DX": 16, "DY": 13, "DZ": 5,
                                 "ZERO": 1},  # padded in x and y, cropped in z
    "kilosort_cross_filter": {"NF": 37, "NT0": 7},  # partial tiles, W1 tiles in row steps
    "gpufit_calc_hessians": {"NFITS": 101, "NPTS": 9, "NFIT": 4, "FINHI": 2,
                             "SKIPHI": 2},  # fits across blocks, finished and skipped ones
    "cudpp_cuckoo_retrieve": {"NQ": 3001, "TSIZE": 37, "KEYHI": 6,
                              "STASH": 1},  # hits at every probe and in the stash
    "cp2k_pw_gather": {"NR": 4096, "NG": 3001},
    "dedisp_dedisperse": {"NCHANS": 48, "NSAMP": 37, "NDM": 11, "DMHI": 9,
                          "TABHI": 4},  # an odd last pair, trials past the block rows
    "hpgmg_smooth_gsrb": {"DIM": 7, "NBOX": 3, "HLOG": 3},  # partial blocks, both colours
    "kilosort_extract_snips": {"NT": 50, "NT0": 7, "NCHAN": 5,
                               "NSPK": 23},  # snippets past bx, channels past by*bz
    "kilosort_conv1d": {"NT": 300, "NT0": 9, "NCHAN": 3, "NRANK": 2},  # 0 to 299 chunks
    "mxnet_count_sketch": {"NS": 7, "IND": 45, "OUTD": 30},  # shared buckets, a partial block
    "tsne_csr2coo": {"NPTS": 77, "NNZ": 500},  # empty rows, a partial block
    "efusion_pyrdown_gauss": {"SROWS": 13, "SCOLS": 23},  # odd sizes: clipped windows
    "tigre_tv_update_u": {"COLS": 9, "ROWS": 7, "DEPTH": 3},  # partial blocks, every face
    "cholmod_sum_a": {"NSROW": 37, "NSCOL": 11},  # partial blocks both ways
    "vllm_reshape_and_cache": {"TOKENS": 9, "HEADS": 2, "HSIZE": 8, "BS": 4, "NBLK": 64,
                               "KSTRIDE": 20},  # elements past the block, two x-chunks
    "dcnv2_im2col": {"B": 2, "C": 3, "H": 5, "W": 6, "STRIDE": 2, "DG": 3},  # taps outside
    "peasoup_harmonic_sum": {"N": 300, "HARM": 4},  # a partial block, 1/2 scaling
    "cusignal_convolve2d": {"OH": 11, "OW": 37, "KH": 3, "KW": 4},  # non-square, partial blocks
    "bart_reduce_zadd_outer": {"DR": 11, "DB": 37, "MY": 2},  # rows past DR, odd row counts
    "dreamplace_dct2_preprocess": {"M": 14, "N": 22},  # partial blocks both ways
    "jax_threefry2x32": {"N": 1001, "CAP": 3},  # several grid-stride passes
    "dreamplace_hpwl": {"NETS": 301, "NPINS": 1200},  # empty and masked nets
    "apollo_cnnseg_map": {"NPTS": 1001, "W": 7, "H": 5},  # colliding atomics, skipped points
    "megengine_images2neibs": {"N": 1, "C": 515, "IH": 6, "IW": 8, "WH": 3, "WW": 2, "PH": 1,
                               "PW": 1, "SH": 1, "SW": 2, "DH": 2, "DW": 1},  # 512 cap, edges
    "minkowski_matmul": {"NIN": 23, "NOUT": 19, "CIN": 37, "COUT": 21,
                         "NACT": 29},  # partial tiles, repeated output rows
    "tomopy_sum_dist": {"DY": 3, "NX": 37, "NY": 13, "DX": 11, "DT": 5},  # rows looped
    "mnn_argmax": {"OUTSIDE": 3, "DIM": 5, "INSIDE": 77},  # ties, a partial block
    "sundials_constr_mask": {"N": 1001},  # a partial block, zero values
    "tnn_pad_reflect": {"N": 2, "C": 3, "ID": 3, "IH": 4, "IW": 5, "PD": 1, "PH": 2,
                        "PW": 3},  # every face reflected
    "exatensor_matmul_tn": {"LL": 37, "LR": 19, "LC": 45, "CAP": 2},  # partial tiles, looped
    "bidmat_copy_from_inds2d": {"LDA": 23, "NCA": 19, "NR": 37, "NC": 29},  # rows looped
    "hydrogen_axpy_2d": {"M": 37, "N": 29, "LDA": 41, "LDB": 39},  # partial column tiles
    "babelstream_dot": {"N": 1001, "DOT_BLOCKS": 3},  # the fixed grid looped, partial blocks
    "graphbig_degree_centr": {"V": 301, "E": 1500},  # colliding atomics, empty vertices
    "kaolin_interp_trilinear": {"NV": 23, "NS": 5, "P": 17, "F": 31, "FD": 3},  # skipped voxels
    "spfft_transpose_fwd": {"DZ": 13, "DX": 5, "DY": 7, "NSTICKS": 29,
                            "GRIDCAP": 3},  # the capped grid's loop, partial blocks
    "nvenc_curves": {"W": 37, "H": 13, "LUTN": 301},  # the last group into the pitch
    "trtllm_causal_mask": {"B": 3, "MAXQ": 19, "MAXKV": 23,
                           "ROWCAP": 4},  # rows and columns looped, padded rows
    "sirius_sum_q_dm": {"NGV": 7, "NBF": 9},  # 45 pairs: partial steps, odd blocks
    "nnabla_gather_nd_bwd": {"D0": 5, "D1": 5, "SLICE": 3, "NIDX": 67},  # colliding atomics
    "tgbm_partition_hist": {"NFV": 1001, "NSN": 5},  # a partial run, leaves' tags skipped
    "vilib_halfsample": {"SW": 88, "SH": 27},  # pitches past the widths, partial blocks
    "onnxtrt_split": {"NB": 3, "NY": 11, "H": 3, "W": 7, "NSEG": 7},  # uneven, empty outputs
    "oneflow_batch_transpose": {"NB": 2, "R": 37, "C": 45,
                                "MAXBLOCKS": 5},  # partial tiles, the capped grid's loop
    "te_moe_unpermute": {"TOKENS": 17, "TOPK": 3, "HIDDEN": 36},  # a dropped slot, loops
    "pointcept_aggregation": {"N": 37, "NS": 3, "C": 6, "WC": 2},  # a partial block
    "ms_segment_max": {"OUTER": 75, "INNER": 3, "NSEG": 29,
                       "CAP": 3},  # partial warps, the grid's loop, an empty segment
    "binarynet_xnor_gemm": {"M": 19, "NW": 7, "K": 23},  # partial tiles and panels
    "gpu4pyscf_take_last2d": {"NA": 13, "NB": 17, "BLK": 3},  # repeated AO positions
    "dca_copy_rows": {"NROWS": 37, "RS": 21, "XLD": 50},  # a partial group of 8 columns
    "candle_index_add": {"LEFT": 5, "IDS": 7, "DST": 4, "RIGHT": 13},  # repeated ids
    "libceed_offset_transpose": {"NELEM": 11, "ESIZE": 8, "NNODES": 40},  # colliding atomics
    "hqq_dequant_3bit": {"H": 3, "W": 101},  # a partial block
    "lbann_scatter2d": {"MB": 5, "N": 37, "VS": 11},  # out-of-range indices, colliding atomics
    "abacus_matrix_copy": {"N1": 13, "N2": 21, "LDA": 24, "LDB": 22},  # both padded, partial
    "dali_flip": {"L": 3, "H": 11, "W": 7, "C": 3, "FZ": 1},  # all three flips, partial blocks
    "fastdeploy_normalize_permute": {"NB": 3, "H": 7, "W": 9},  # a partial block
    "dbcsr_transpose": {"NSTACK": 9, "M": 5, "N": 3, "SPREAD": 8},  # a 5 x 3 block, loops
    "gadgetron_permute": {"D0": 7, "D1": 5, "D2": 3, "D3": 2},  # odd sizes: the shift's half
    "qrnn_forget_mult": {"SEQ": 5, "B": 7, "H": 37},  # partial blocks both ways
    "sqllm_nuq4_matvec": {"K": 8 * 37, "WIDTH": 45},  # a partial block of words and columns
    "megablocks_indices": {"NBINS": 5, "BS": 4, "ROWS": 29, "COLS": 9},  # uneven bins, loops
    "mrcnn_roi_pool": {"B": 2, "C": 3, "H": 9, "W": 9, "R": 7, "PH": 3, "PW": 2,
                       "CAP": 4},  # the capped grid's loop, uneven bins
    "slate_tzcopy": {"NT": 3, "M": 19, "N": 13, "LDA": 21, "LDB": 20},  # trapezoids, padding
    "encoding_rectify": {"N": 2, "C": 3, "H": 11, "W": 9, "STRIDE": 2, "PAD": 2,
                         "DIL": 2},  # strided, dilated borders
    "leap_mean_filter": {"NX": 7, "NY": 5, "NZ": 13, "R": 2, "S0": 1,
                         "S1": 5},  # clipped windows on every face, two slices zeroed
    "aretomo_bin_image": {"W": 37, "H": 29, "BINX": 3, "BINY": 2},  # uneven bins, padding
    "cpm_embedding_fwd": {"B": 2, "M": 45, "N": 37, "V": 11},  # partial tiles both ways
    "gnna_spmm_fwd": {"NODES": 29, "NPARTS": 61, "NNZ": 250, "DIM": 5,
                      "DW": 3},  # empty and long groups, features looped
    "tmask_swap_align2nat": {"NB": 2, "M": 3, "HIN": 7, "WIN": 9,
                             "CAP": 4},  # the capped grid's loop, padded corners
    "ct2_im2col": {"B": 2, "G": 2, "C": 6, "L": 11, "PAD": 2,
                   "DIL": 2},  # groups, both ends padded, dilated taps
    "tmva_im2col": {"D": 3, "H": 7, "W": 9, "FH": 3, "FW": 2, "SR": 2, "SC": 1, "PH": 1,
                    "PW": 1},  # strides, padding, a non-square filter, partial blocks
    "ptypy_ob_update": {"NPODS": 5, "FB": 7, "FC": 11, "OBJ": 16},  # overlapping views, loops
    "tfhe_keyswitch": {"NUM": 3, "NIN": 37, "NOUT": 21, "LEVELS": 3},  # uneven packs, idle rows
    "segalign_num_hits": {"NSEEDS": 1001, "KMER": 4, "REF": 700, "GRID": 3},  # the grid's loop
    "xdl_ksum": {"SEG": 7, "NIDS": 101, "UNIQ": 13, "DIM": 5},  # uneven groups, shared rows
    "pnlp_token_penalty": {"BS": 3, "V": 1001},  # the vocabulary's loop, a partial last pass
    "lidar_bevpool": {"NCAM": 2, "C": 30, "D": 2, "FH": 3, "FW": 7, "BEVH": 5,
                      "BEVW": 9},  # three channel tiles, empty and long intervals
    "hetu_tril_lookup": {"BS": 7, "F": 9, "OFFB": 11},  # offset 2: rows past in_dim counted
    "elpa_fill_ev": {"NA": 300, "NNZU": 77, "NCNT": 13, "GL": 80, "GM": 15,
                     "NS": 40},  # ev's unused rows and columns, a strip inside idxq1
    "chrono_lidar_reduce": {"W": 41, "H": 13, "R": 2},  # 3 x 3 rays, beams without a hit
    "colossal_moe_combine": {"S": 37, "E": 3, "CAP": 5, "H": 48},  # 3 packs a row, all masks
    "highs_dual_grad_step": {"NROWS": 1001, "NEQS": 300, "CAP": 3},  # the capped grid's loop
    "theano_take3": {"NIDX": 37, "NSRC": 11, "D1": 5, "D2": 7,
                     "GRID": 6},  # negative indexes, the blocks' loop over the indexes
    "th_permute_0231": {"NB": 2, "NCHN": 37, "NLAT": 3,
                        "NLON": 45},  # whole and partial tiles in both directions, a batch
    "xmipp_scale_fft": {"NIMG": 2, "SX": 16, "SY": 16, "OSX": 10,
                        "OSY": 9},  # an odd crop's top and bottom rows, the frames' loop
    "warpctc_reduce_max": {"ALPHA": 301, "COLS": 37},  # idle threads, strided rows, folds
    "qsim_partial_norms": {"QUBITS": 10, "DB": 3},  # a partial last block, partial warps
    "tutel_moe_encode": {"SAMPLES": 101, "HIDDEN": 37, "EXPERTS": 9,
                         "GRID": 7},  # dropped tokens, shared slots, the tokens' loop
    "anakin_transpose": {"NUM": 2, "CH": 3, "H": 37,
                         "W": 21},  # partial tiles both ways, non-square planes, the planes' loop
    "cudf_transpose": {"NCOLS": 37, "NROWS": 45, "CAP": 2},  # both grid-stride loops
    "holoscan_seg_argmax": {"H": 13, "W": 36, "C": 5},  # ties, pixels with no positive score
    "cntk_row_stack": {"NSRC": 7, "DROWS": 23, "DCOLS": 11},  # random splits, warps straddling
    "flexflow_group_by": {"NEXP": 5, "K": 2, "BATCH": 13, "DIM": 37, "ALPHA4": 3,
                          "CAP": 5},  # full experts dropping samples, the grid-stride loop
    "k2_merge_map": {"NSRC": 9, "TOT": 288, "TPR": 32},  # sources longer than threads_per_row
    "niutensor_index_to_onehot": {"NTOK": 37, "VOCAB": 45},  # partial blocks both ways
    "mmdeploy_hwc2chw": {"H": 13, "W": 37, "C": 3},  # partial blocks, the channels' loop
    "pplcv_calc_hist": {"ROWS": 29, "PIX": 46, "PITCH": 52,
                        "MAXB": 3},  # a row's partial last word, the capped grid's row loop
    "spline_weighting_fwd": {"E": 37, "MIN": 5, "MOUT": 7, "S": 4,
                             "K": 9},  # edges split across blocks, every kernel drawn
    "turbo_split_bias_transpose": {"B": 2, "SEQ": 5, "HEADS": 4, "W": 3,
                                   "D": 37},  # rows longer than some blocks: the row's loop
    "strumpack_laswp": {"LDA": 45, "N": 37, "NPIV": 41},  # rows past the pivots, partial blocks
    "nvblox_difference_image": {"ROWS": 13, "COLS": 37},  # x the row; the host's extra blocks
    "ort_transpose3d": {"B": 2, "ROWS": 13, "COLS": 37},  # partial, non-square tiles
    "qmcpack_tbt_mv_plus": {"NROW": 13, "NCOL": 37, "LDA": 41},  # one block's loops both ways
    "xgrammar_token_bitmask": {"BATCH": 5, "V": 1000, "NSEL": 4},  # a partial last mask word
    "sglang_max_pooling": {"B": 3, "TQ": 37, "KPER": 20, "CACHE": 9, "HEADS": 2, "MAXK": 24,
                           "OUTLEN": 12, "KS": 3, "STRIDE": 2, "BLK": 4,
                           "LOCAL": 1},  # rows past 8 threads; short, empty, forced windows
    "tcnn_identity_encoding": {"N": 37, "DIN": 3, "WIDTH": 8},  # the padding's ones
    "libgrid_fft_convolute": {"NX": 3, "NY": 13, "NZ": 37},  # partial blocks, odd planes
    "h2o4gpu_ts_to_matrix": {"L": 45, "DEPTH": 5, "LDX": 39},  # lags past a block, ldx < n
    "eet_reorder_kv": {"B": 5, "HEADS": 3, "STEP": 4, "D": 37},  # the row's loop
    "eman2_column_sum": {"NX": 37, "NY": 13},  # partial blocks, the rows' loop
    "espresso_p3m_influence": {"M0": 3, "M1": 4, "M2": 72},  # rows of 37: the row's loop
    "accfft_local_transpose": {"R": 3, "C": 5, "NT": 37},  # r and c different, the loop
    "colmap_rotate": {"W": 37, "H": 13, "PIN": 41, "POUT": 16},  # partial blocks, pitch gaps
    "gpunufft_fftshift2d": {"GX": 12, "GY": 10, "NC": 3, "CAP": 2},  # the grid-stride and
    # coil loops on a non-square grid
    "fastllm_permute": {"B": 2, "S": 5, "HEADS": 3, "D": 7},  # partial blocks, every axis
    "lmdeploy_gather_output": {"BATCH": 5, "MAXCTX": 13, "GEN": 7},  # rows past the padding
    "pointpillars_features": {"MAXV": 37, "NP": 29},  # partial groups, empty slots, idle pillars
    "cuml_merge_series": {"NSUB": 3, "SUBCAP": 4, "BATCH": 9, "NOBS": 37},  # the series' loop
    "paddlelite_seq_pad": {"SEQS": 5, "PADLEN": 13, "W": 37,
                           "TOTAL": 45},  # rows past bx, partial row blocks, cut rows
    "tomocupy_wrap1d": {"N0": 37, "N1": 5, "N2": 6, "M2": 3},  # partial blocks, 18 planes
    "open3d_ragged_to_dense": {"NROWS": 37, "OUTCOL": 6, "DVS": 3,
                               "TOTAL": 150},  # empty, padded and cut rows
    "warp_mc_count_verts": {"NX": 5, "NY": 6, "NZ": 7},  # three different axes, ties
    "torchngp_morton_invert": {"N": 37},  # partial blocks
    "mlx_arange": {"N": 37},  # a tail of one value, threads past the end
    "cutt_lead_vol_same": {"D0": 37, "D1": 45, "D2": 5},  # partial tiles, looped layers
    "cunumeric_transpose": {"M": 37, "N": 45},  # partial tiles both ways
    "flashlight_target_size": {"B": 37, "L": 45, "MAXSIZE": 40},  # empty and capped rows
    "awkward_local_index": {"NLISTS": 37, "TOTAL": 150},  # empty lists, partial blocks
    "ceres_dsxpy": {"N": 37},  # partial blocks
    "legion_memcpy_affine": {"E0": 7, "E1": 5, "E2": 3, "S0": 9, "S1": 6},  # split rows
    "scn_sparse_to_dense": {"NHOT": 77, "NPLANES": 37, "NIN": 1240,
                            "GRID": 3},  # passes, partial row blocks, planes past bx
    "svox2_dist_prop": {"NX": 9, "NY": 6, "NZ": 7},  # odd sizes, walks to the top level
    "bagua_reduce_chunk": {"CHUNK": 37, "NCHUNKS": 6, "TARGET": 4},  # partial blocks, rows idle
    "dlaf_cast_to_complex": {"M": 37, "N": 45, "LDI": 41},  # partial tiles, padded columns
    "hiop_copy_pattern": {"NSRC": 150, "TOTAL": 75, "START": 5},  # steps of 0-4, gaps
    "dealii_dot": {"N": 1001},  # partial blocks, odd thread counts
    "genomeworks_find_matches": {"NQ": 150, "NT": 37, "TOTAL": 300},  # hits, misses, ties
    "graphblast_bfs_pull": {"NROWS": 150, "NNZ": 450},  # empty rows, early exits, misses
    "nnpops_pass_messages": {"NATOMS": 13, "NPAIRS": 45, "F": 37},  # padding, repeats, partial
    "singa_row_max": {"NROW": 37, "NCOL": 45},  # partial blocks, long rows
    "pn2_group_points": {"B": 3, "C": 5, "N": 19, "NPOINTS": 7, "NSAMPLE": 6},  # pairs looped
    "pyg_sampled_op": {"NNODES": 11, "E": 37, "F": 5},  # repeated nodes, partial blocks
    "pcs_correlation_bwd": {"B": 2, "C": 3, "IH": 7, "IW": 9, "K": 3, "PATCH": 5, "PAD": 1,
                            "DIL": 2, "STRIDE": 2, "NB": 1},  # windows, stride, patch edges
    "tpk_cubic_sampling": {"B": 3, "NPTS": 37, "SCALE": 5, "NS": 2, "C": 3},  # edges, looped
    "rstereo_sampler": {"B": 2, "H": 9, "W": 37, "W2": 13, "R": 3},  # taps off both ends
    "sofa_subset_apply": {"NIN": 29, "SIZE": 37},  # repeated nodes, partial blocks
    "nvdr_xfm_points": {"B": 5, "NPTS": 37},  # partial blocks both ways
    "softsplat_fwd": {"N": 2, "C": 3, "H": 9, "W": 13},  # collisions, splats off the border
    "gpaw_restrict": {"N0": 5, "N1": 9, "N2": 47},  # partial row and output tiles
    "cvm_conv2d": {"NB": 2, "IC": 3, "IH": 11, "IW": 37, "OC": 5},  # padded borders, partial
    "cumo_index_compose": {"N": 37, "NV": 11},  # partial blocks, repeated indices
    "gunrock_mark_segment": {"N": 37, "TOTAL": 9},  # runs, flag[0] untouched
    "pink_rotate90_list": {"DIM": 37, "PLANES": 3},  # partial tiles both ways, 3 images
    "nerfacc_unpack_info": {"NRAYS": 37, "TOTAL": 150},  # empty rays, partial blocks
    "pwc_corr_rearrange": {"B": 3, "C": 5, "H": 7, "W": 9},  # partial blocks both ways
    "san_aggregation_zeropad": {"N": 2, "C": 6, "CW": 3, "H": 9, "W": 11, "K": 3, "STRIDE": 2,
                                "PAD": 2, "DIL": 2},  # taps off every edge, strides, groups
    "slomo_sepconv_fwd": {"N": 2, "C": 3, "H": 7, "W": 13, "F": 5},  # partial blocks, taps
    "dain_sepconv": {"B": 2, "C": 3, "F": 4, "OH": 13, "OW": 37},  # partial tiles, two frames
    "segmentron_ca_map": {"N": 2, "C": 3, "H": 13, "W": 37},  # partial tiles, y at both ends
    "droid_corr_index": {"N": 2, "H1": 13, "W1": 37, "H2": 6, "W2": 8},  # windows off every edge
    "ganet_lga": {"NB": 2, "D": 5, "H": 6, "W": 7},  # borders on every axis, partial blocks
    "gardenia_tc_count": {"M": 37, "NNZ": 120},  # sorted rows, repeats, empty rows
    "bonsai_boundary_reduce": {"N": 1001, "GRID": 3},  # loops, blocks with no particles
    "plm_vf_convolve_y": {"NX": 37, "NY": 11, "NZ": 3, "HW": 3},  # windows clamped both ends
    "pgroup_roipool_fp": {"NPROP": 37, "TOTAL": 90, "C": 45, "CAP": 7},  # 2 empty, both loops
    "mrs_nonzero_unravel": {"NNZ": 301, "NDIMS": 4, "DLO": 2, "DHI": 9, "NEL": 3000},  # ragged dims
    "bevdepth_voxel_pool": {"B": 2, "NCAM": 2, "D": 3, "H": 5, "W": 7, "C": 37, "NVX": 6,
                            "NVY": 5, "NVZ": 4},  # skipped samples, partial blocks, C past bx
    "gslicr_suppress_label": {"W": 37, "H": 29},  # partial blocks, borders, both outcomes
    "jdftx_matrix_sub_get": {"NR": 41, "NC": 50, "ISTART": 3, "ISTEP": 2, "IDELTA": 19,
                             "JSTART": 2, "JSTEP": 3, "JDELTA": 16},  # strides both ways
    "fcos_irnn_forward": {"B": 2, "C": 5, "H": 7, "W": 9},  # partial blocks, all four sweeps
    "eddl_da_scale": {"BATCH": 2, "DEPTH": 2, "IR": 17, "IC": 13, "OR": 24,
                      "OC": 21},  # new_shape (20, 19): borders, C's truncation, every row
    "cucim_pba_flood_up": {"S": 39, "M1": 3},  # partial blocks, three bands, ties
    "bm3d_get_block": {"W": 300, "H": 290, "GX": 5, "GY": 4, "SX": 128, "SY": 130, "SDX": 137,
                       "SDY": 138},  # a column and a row pulled back, a column skipped
    "dpvo_corr_forward": {"B": 2, "M": 5, "H": 3, "W": 3, "R": 1, "C": 16, "NP": 4, "NF": 3,
                          "H2": 7, "W2": 9},  # windows off every edge, partial blocks
    "flashinfer_pack_bits": {"QO": 37, "KV": 29},  # a partial last byte, partial blocks
    "internimage_dcnv3_im2col": {"N": 2, "H": 7, "W": 9, "G": 2, "GC": 3, "STRIDE": 2,
                                 "DIL": 2, "PAD": 2, "RC": 1},  # samples off every edge
    "chainer_max_pool_bwd": {"B": 2, "C": 3, "H": 11, "W": 13, "K": 3, "S": 2,
                             "P": 1},  # padding, overlaps, cover_all's extra row
    "taco2_parse_decoder": {"B": 3, "C": 5, "CHUNK": 37},  # partial tiles both ways, gate columns
    "cudamat_select_rows": {"NSRC": 23, "NR": 77, "NC": 45},  # a partial block, negative indices
    "pytsparse_padded_scatter": {"E": 301, "F": 5, "N": 37, "CAP": 3},  # loops, -1s, collisions
    "nvcomp_delta": {"N": 1001, "MAXNUM": 1100},  # partial blocks, blocks past the count
    "chai_cedd_gaussian": {"H": 31, "W": 43},  # partial tiles, the ring, odd row pitch
    "nnue_ft_forward": {"B": 7, "K": 9, "NIN": 11, "OUT": 37},  # lists cut by -1, slices clipped
    "optix_compositor": {"RESX": 37, "RESY": 13, "TSX": 2, "TSY": 1, "NDEV": 3, "DEV": 2},  # tiles
    "mra_reduce_sum": {"BATCH": 3, "ANB": 5, "BNB": 3, "NB": 13},  # shared slots, partial blocks
    "ssn_passoc": {"N": 2, "C": 3, "H": 5, "W": 7, "NSH": 3, "NSW": 4},  # every grid edge
    "seti_taylor": {"NTIME": 8, "NFREQ": 301, "SET": 4, "KMIN": 3, "KMAX": 290},  # drift past kmax
    "spark_bloom_put": {"N": 301, "NLONGS": 64, "NHASH": 7},  # colliding bits, both key signs
    "tani_pairwise_dist": {"NMOL": 3, "N": 37},  # padding atoms, partial strides both ways
    "theseus_tmat_vec": {"BATCH": 3, "M": 37, "N": 11, "NNZ": 150},  # collisions, empty rows
    "sam2_init_counting": {"W": 37, "H": 13, "NLAB": 9},  # partial tiles, shared counters
    "semseg_psamask_distribute": {"N": 2, "H": 6, "W": 9, "MH": 5, "MW": 7},  # clipped windows
    "sgm_csct_census": {"ROWS": 13, "COLS": 37},  # partial tiles, zero-padded borders
    "ocnn_octree2col": {"H": 40, "C": 5, "WN": 3, "N": 2},  # the last chunk: nodes past H
    "smesh_erode_depth": {"ROWS": 13, "COLS": 37, "PITCH": 40, "WHI": 2**20},  # holes, borders
    "qta_score_data": {"B": 2, "N1": 3, "N2": 11, "H": 3, "D": 5, "K": 37},  # K past the block
    "stixels_join_columns": {"ROWS": 13, "COLS": 41, "STEP": 3, "MARGIN": 2},  # margin, ragged
    "xfm_sparse_mask_matmul": {"B": 3, "M": 7, "N": 9, "K": 5, "NNZ": 301, "CAP": 3},  # the loop
    "ebsynth_vote_plain": {"SW": 23, "SH": 19, "TW": 37, "TH": 29},  # clamps at every edge
    "fasttf_sparse_avg_bwd": {"N": 2, "H": 3, "L": 7, "S": 5, "E": 37,
                              "K": 4},  # collisions, E past by*bz, partial blocks
    "dfdx_avgpool_bwd": {"B": 2, "C": 3, "HI": 11, "WI": 13, "K": 4, "S": 3,
                         "P": 1},  # padding, overlaps, taps off the stride, partial blocks
    "adacof_update_output": {"B": 2, "C": 3, "OH": 7, "OW": 9, "F": 3,
                             "DIL": 2},  # corners clamped on every side, partial blocks
    "jrclust_cuda_rho": {"N1": 37, "N12": 90, "NC": 5,
                         "DNMAX": 30},  # a partial chunk, blocks past n1
    "lmcache_load_reshape_flash": {"TOKENS": 37, "NH": 3, "HW": 5, "BS": 4,
                                   "NBLK": 6},  # -1 slots, repeated slots, N past the block
    "ccpi_fgp_obj2d": {"N": 37, "M": 13},  # partial blocks, row 0 and column 0
    "kblas_permute_columns": {"R": 29, "C": 37, "OPS": 3, "LDM": 31},  # ranks cut, a partial group
    "nwchem_sd_t_d1_3": {"H1": 3, "H2": 2, "H3": 3, "H7": 19, "P4": 4, "P5": 3,
                         "P6": 5},  # two h7 chunks, partial tiles both ways
    "spirit_gradient_exchange": {"NA": 5, "N": 2, "NP": 9},  # faces both ways, partial blocks
    "dietgpu_ans_histogram": {"NB": 3, "SIZE": 1001, "STRIDE": 1003, "XB": 2},  # heads, tails
    "phantom_galois_ntt_perm": {"N": 64, "L": 5},  # partial blocks, limbs, repeats
    "deepwave_scalar_fwd": {"S": 2, "NY": 31, "NX": 45,
                            "PML": 5},  # PML bands on every side, partial blocks
    "gsplat_isect_count": {"I": 2, "N": 301, "W": 100, "H": 60, "TS": 8},  # clamps, culls
    "lio_compute_density": {"P": 7, "M": 45},  # partial last chunks, M past the block
    "badslam_downsample": {"SW": 75, "SH": 41},  # holes, empty windows, odd sizes
    "curobo_bwd_diff_grad": {"B": 5, "H": 9, "DOF": 7},  # horizon ends, partial blocks
    "torchaudio_iir": {"N": 3, "C": 37, "S": 41},  # channels past the block, long runs
    "redtail_corr_cost_volume": {"C": 3, "H": 13, "W": 37, "DISP": 41},  # disparities past W
    "punica_bgmv_expand": {"BATCH": 5, "FIN": 12, "FOUT": 37, "NLORA": 3, "NLAYERS": 2,
                           "LAYER": 1},  # partial tiles, repeated adapters, 3 vectors a row
    "mfem_restrict_transpose": {"NE": 7, "ND": 5, "VD": 3, "NDOFS": 29},  # empty lists, signs
    "trtalpha_copy_make_border": {"BATCH": 3, "SRCW": 13, "SRCH": 7, "TOP": 2, "BOTTOM": 3,
                                  "LEFT": 4, "RIGHT": 1},  # borders on every side
    "qibojit_two_qubit_gate": {"NQ": 7, "T1": 5, "T2": 1},  # both bit insertions, partial blocks
    "skcuda_argmax_column": {"HEIGHT": 301, "WIDTH": 37},  # partial column tiles, rows looped
    "ultragrid_r12l_to_rg48": {"W": 296, "H": 13},  # 37 groups: partial blocks both ways
    "quack_a_d_at": {"N": 37},  # partial blocks both ways
    "quiver_tensor_gather": {"NODES": 50, "F": 300, "NIDX": 37, "NDEV": 3,
                             "GRID": 130},  # 3 passes a row, shards of every size
    "tike_patch_fwd": {"NIMAGE": 2, "NY": 37, "NX": 41, "NSCAN": 9, "P": 7,
                       "PADDED": 11},  # positions off every edge, partial blocks
    "halmd_max_displacement": {"NPART": 3001, "GRID": 3},  # several steps, a partial one
    "yacclab_bke_final_labeling": {"H": 13, "W": 37},  # odd: a last column, row and corner
    "awq_gemv_g128": {"B": 3, "IC": 1152, "OC": 37},  # 9 groups: a partial packed group, tiles
    "fs_mri_convolve_z": {"D": 29, "H": 5, "W": 37, "NV": 9},  # clamped ends, partial patches
    "involution_fwd": {"B": 2, "C": 6, "G": 3, "H": 9, "W": 11, "K": 3, "S": 2, "P": 2,
                       "DIL": 2},  # taps off every edge, strided and dilated windows
    "bmt_has_nan_inf": {"N": 5001, "NF": 40000000},  # 1.8 % non-finite: flagged and clean blocks
    "abinit_accumulate_density": {"NFFT": 1001, "NDAT": 3, "CAP": 7},  # a capped grid: loops
    "ddf_mul_fwd": {"B": 2, "C": 37, "H": 11, "W": 13, "K": 5, "DIL": 2,
                    "S": 2},  # taps off every edge, channels past the block, partial tiles
    "tdrug_rspmm_fwd": {"NNODE": 37, "NREL": 5, "NNZ": 301,
                        "DIM": 45},  # empty and long rows, partial column strips and row tiles
    "sphconv_to_dense": {"B": 2, "H": 11, "W": 13, "D": 5, "C": 3,
                         "NNZ": 700},  # repeated z in a fibre, empty fibres, partial tiles
    "stnls_gather_tensor": {"B": 2, "HD": 2, "T": 3, "H": 9, "W": 11, "S0": 2, "S1": 1, "K": 5,
                            "S": 3, "M": 4, "FL": 3},  # flows off every edge, both strides
    "thinc_gather_add": {"B": 1001, "O": 7, "K": 3, "T": 50, "GRID": 5},  # the loop wrapping
    "wg_csr_add_self_loop": {"ROWS": 301, "NNODE": 50, "NNZ": 1500},  # empty and long rows
    "wd_reset_done_3d": {"NENV": 37, "NAG": 45, "F": 3},  # several blocks an environment
    "lofar_cs_transpose": {"NTAB": 21, "NCH": 37, "NS": 5},  # partial tab and channel tiles
    "seticore_upchan_shift": {"FFT": 32, "NANT": 13, "NPOL": 2, "NCOARSE": 3,
                              "NT": 2},  # partial fine-channel and pair blocks
    "rawspec_accumulate": {"NC": 3, "NTS": 37, "NSS": 12, "NAS": 4},  # partial blocks, 3 dumps
    "dspsr_fscrunch": {"NCHAN": 15, "SF": 3, "NDAT": 301},  # partial blocks, 5 output channels
    "mwax_transpose_weight": {"ROWS": 45, "COLS": 37},  # more paths than small blocks' threads
    "svoct_subdc_pad": {"W": 37, "H": 7, "F": 3, "M": 2},  # partial blocks, A-scans across blocks
    "cudadebayer_bayer_to_rgb": {"IW": 75, "IH": 42, "BPP": 4},  # partial blocks, odd width
    "supra_tgc": {"W": 37, "H": 29, "D": 3},  # partial blocks, 3 planes
    "cudasgbm_hamming_cost": {"ROWS": 13, "COLS": 37, "ND": 41},  # partial blocks, d past cols
    "kangaroo_costvol_min": {"W": 37, "H": 13, "ND": 9},  # partial blocks, clipped columns
    "worder_lower_data": {"WORDS": 301, "WS": 7, "GRID": 3},  # the loop wrapping
    "lbmsim_stream_push": {"NX": 37, "NY": 13},  # partial blocks, every edge
    "hsprog_erode_nobound": {"H": 13, "W": 37},  # partial blocks and last word, the border
    "cudaogl_resize_rgb": {"SW": 112, "SH": 41, "DW": 37, "DH": 13},  # partial blocks, cut edges
    "kinokko_histeq_apply": {"IMG": 1001, "GRID": 3},  # the loop wrapping, a partial last word
    "csyntch_pcm_stereo16": {"N": 1001},  # partial blocks
    "cu2rec_loss_errors": {"U": 301, "I": 37, "F": 7, "NNZ": 2003},  # partial blocks, uneven rows
    "gput2_life_step": {"N": 13, "M": 37},  # partial blocks, every edge
    "grain_sand_step": {"N": 23},  # partial blocks, every edge
    "en605_caesar_shift": {"N": 1001, "KEY": 253},  # partial blocks and last word, wrapping
    "csc456_bitonic_step": {"N": 1024, "J": 8, "K": 64},  # both directions, partners in a warp
    "ovni_chroma_key": {"W": 37, "H": 13},  # partial blocks, every alpha branch
    "csc589_haversine": {"N": 1001},  # partial blocks
    "freq_heightmap_slope": {"W": 37, "H": 13},  # partial blocks, every edge
    "mac0219_base64_encode": {"N": 1001},  # partial blocks, newlines mid-group
    "gpgpu_tp1_sepia": {"W": 37, "H": 13},  # partial blocks, odd byte offsets
    "fractalway_julia": {"W": 37, "H": 13, "M": 40},  # partial blocks, every escape step
    "stensor_leaky_relu_bwd": {"N": 2011},  # partial blocks, x = 0 on the alpha side
    "ocv_needle_map_vertex": {"XN": 37, "YN": 13},  # partial blocks, capped arrows
    "omega_smooth_l1_loss": {"N": 2011},  # partial blocks, both branches
    "openbr_cuda_lbp": {"W": 37, "H": 13},  # partial blocks, every border
    "cudaimgproc_brightness": {"W": 37, "H": 13, "B": 40},  # partial blocks, odd byte offsets
    "jucecuda_circular_conv": {"N": 1001},  # partial blocks, every wrap point
    "brekperlin_noise_fill": {"W": 37, "H": 13, "S": 5, "OCT": 3, "GRID": 3},  # the grid's loop
    "gsgpu_idw_interpolate": {"NP": 50, "W": 37, "H": 13},  # partial blocks, x the row
    "fabidotplot_matrix": {"L1": 37, "L2": 13},  # partial blocks, x the row
    "pfslam_update_map": {"GW": 37, "GH": 29},  # partial blocks, every threshold case
    "dpmix_rows_max": {"N": 37, "K": 45},  # partial blocks and chunks, ties
    "pyemc_sum_slices": {"NROT": 5, "SIDE": 23},  # the loop wrapping, odd block sizes
    "ppc_rl_forward": {"NX": 37, "NY": 13, "NK": 5},  # partial blocks, clamped edges
    "compgpu_block_hash": {"N": 37, "BLK": 200},  # partial blocks, a warp's blocks 200 B apart
    "cuda4eng_flashlight": {"W": 37, "H": 13, "PX": 30, "PY": 4},  # partial blocks, off-centre
    "pfinal_pixelado": {"W": 37, "H": 13, "P": 40},  # partial blocks and cells, pitch padding
    "rpcuda_ndvi": {"N": 1001},  # partial blocks
    "rossird_stego_encode": {"NPIX": 2011, "NB": 1001},  # partial blocks, untouched tail
    "etudes_cat_map": {"N": 37, "K": 5},  # partial blocks, several iterations
    "ckmers_encode": {"N": 1001, "K": 21},  # partial blocks, the last k-mers
    "xxcu3d_depth_outliers": {"W": 37, "H": 13},  # partial blocks, rows wrapping
    "pylops_nonstat_conv2d": {"NX": 37, "NZ": 29, "HX": 5, "HZ": 7, "NHX": 4, "NHZ": 3, "OHX": 3,
                              "OHZ": 2, "DHX": 8, "DHZ": 4},  # filters clamped both ways, cut taps
    "voxelhashing_resample_float": {"IW": 10, "IH": 5, "OW": 37, "OH": 17},  # partial blocks
    "matconvnet_pool_max_bwd": {"W": 13, "H": 11, "D": 3, "PW": 3, "PH": 2, "SX": 2, "SY": 1,
                                "PADL": 1, "PADT": 1, "PADR": 2, "PADB": 0},  # clipped windows
    "osqp_fill_full_matrix": {"NNZ": 1001, "N": 7},  # many diagonal entries, partial blocks
    "spral_max_abs": {"N": 3001, "GRID": 5},  # several steps, a partial one, idle blocks
    "tfa_embedding_bag": {"BAGS": 37, "L": 4, "V": 50, "D": 45},  # partial blocks both ways
    "rsf_fwi_step_forward": {"NZ": 37, "NX": 19},  # every boundary and corner, partial tiles
    "mccnn_census": {"C": 2, "H": 11, "W": 23, "D": 7},  # windows off every edge, no-match
    "sj_lif_fptt": {"T": 5, "N": 1001},  # partial blocks, spikes and resets
    "hs_dedoppler": {"T": 16, "F": 301, "D": 5},  # drifts off both ends, index 0, partial blocks
    "infer_fast_nms": {"MAXB": 301, "COUNT": 250},  # ties, classes, the count below the list
    "isaac_erode_depth": {"H": 13, "W": 37},  # windows cut by every edge, partial blocks
    "inferllm_q40_matvec": {"M": 2, "N": 37, "K": 160},  # a partial 64-column step, tiles
    "bundlesdf_sample_rays": {"NR": 37, "NS": 13, "NB": 5},  # every exit of the walk
    "gpusort_global_hist": {"N": 132076},  # two full partitions and a partial last one
    "rajaperf_mat_mat_shared": {"N": 37},  # partial k tiles and output tiles
    "minife_waxpby": {"N": 5001, "CAP": 3},  # a capped grid: the loop running many times
    "quanto_unpack_2bit": {"N": 4004},  # partial blocks, the four planes
}
SHAPES_2D = [
    (1, 1, 1),
    (3, 5, 1),
    (8, 4, 1),
    (32, 2, 1),
    (16, 16, 1),
    (7, 2, 3),
    (64, 1, 1),
    (1, 32, 1),
    (6, 1, 1),
]
SHAPES_1D = [(1, 1, 1), (32, 1, 1), (48, 1, 1), (8, 4, 2), (256, 1, 1), (3, 1, 1), (96, 1, 1),
             (1000, 1, 1)]


def _gxx() -> str | None:
    path = shutil.which("g++")
    if path is None:
        return None
    probe = subprocess.run(
        [path, "-std=c++20", "-x", "c++", "-fsyntax-only", "-"],
        input="#include <barrier>\nint main(){}\n",
        capture_output=True,
        text=True,
    )
    return path if probe.returncode == 0 else None


GXX = _gxx()
pytestmark = pytest.mark.skipif(GXX is None, reason="needs g++ with C++20 <barrier>")


#: g++ flags of the one build of every kernel.
FLAGS = ["-std=c++20", "-O0", "-pthread", "-w"]


def cpu_unit(spec, name: str) -> str:
    """One kernel's CUDA source made plain C++ in its own namespace, with a ``ga_run(plan,
    dir)`` that replays a launch file: many kernels then share one program (one build)."""
    text = spec.source.read_text()
    text = re.sub(
        r"extern\s+__shared__\s+(\w+)\s+(\w+)\[\];",
        r"\1* \2 = reinterpret_cast<\1*>(ga_cpu_smem);",
        text,
    )
    text = text.replace("__syncthreads()", "ga_cpu_barrier->arrive_and_wait()")
    text = text.replace('extern "C"', "")  # C linkage ignores namespaces
    if spec.plan == "single":
        params = [(a.name, a.dtype, a.is_buffer) for a in spec.args]
    else:
        params = [
            ("in", "int32", True),
            ("out", "int32", True),
            ("n_in", "int64", False),
            ("n_out", "int64", False),
        ]
    buffers = [a for a in spec.args if a.is_buffer]
    lines = [
        f"namespace ga_kernel_{name} {{",
        text,
        "int ga_run(const char* plan_path, const std::string& dir) {",
        "  std::ifstream plan(plan_path);",
    ]
    for i, arg in enumerate(buffers):
        ctype = CTYPES[arg.dtype]
        lines += [
            f"  std::vector<{ctype}> init{i}, buf{i};",
            f'  {{ std::ifstream f(dir + "/in_{arg.name}.bin", std::ios::binary);',
            f"    f.seekg(0, std::ios::end); size_t n = f.tellg() / sizeof({ctype});"
            f" f.seekg(0); init{i}.resize(n);"
            f" f.read(reinterpret_cast<char*>(init{i}.data()), n * sizeof({ctype})); }}",
        ]
    lines += ["  int config, launches;", "  while (plan >> config >> launches) {"]
    lines += [f"    buf{i} = init{i};" for i in range(len(buffers))]
    lines += [
        "    for (int l = 0; l < launches; ++l) {",
        "      dim3 g, b; size_t shared;",
        "      plan >> g.x >> g.y >> g.z >> b.x >> b.y >> b.z >> shared;",
    ]
    call = []
    for j, (_, dtype, is_buffer) in enumerate(params):
        if is_buffer:
            lines.append(f"      int p{j}; plan >> p{j};")
            ptrs = ", ".join(f"(void*)buf{i}.data()" for i in range(len(buffers)))
            lines.append(f"      void* ptrs{j}[] = {{{ptrs}}};")
            call.append(f"({CTYPES[dtype]}*)ptrs{j}[p{j}]")
        else:
            lines.append(f"      {CTYPES[dtype]} p{j}; plan >> p{j};")
            call.append(f"p{j}")
    # One thread per CUDA thread where threads wait on each other (barriers, warp intrinsics)
    # or share locations (atomics); otherwise one after another (shim.h: ga_cpu_launch_serial).
    concurrent = ("__syncthreads" in text or "ga_cpu_barrier" in text or "atomic" in text
                  or "_sync(" in text or "__syncwarp" in text)
    launch = "ga_cpu_launch" if concurrent else "ga_cpu_launch_serial"
    lines += [
        f"      {launch}(g, b, shared, [&] {{ {spec.entry}({', '.join(call)}); }});",
        "    }",
    ]
    for i, arg in enumerate(buffers):
        if arg.kind in ("output", "inout"):
            ctype = CTYPES[arg.dtype]
            lines.append(
                f'    {{ std::ofstream f(dir + "/out_" + std::to_string(config) + '
                f'"_{arg.name}.bin", std::ios::binary); '
                f"f.write(reinterpret_cast<const char*>(buf{i}.data()), "
                f"buf{i}.size() * sizeof({ctype})); }}"
            )
    lines += ["  }", "  return 0;", "}", f"}}  // namespace ga_kernel_{name}"]
    # A macro outlives its namespace: the next kernel of the unit must not see it (set 52's
    # ccv1d_fwd defines kWidth, which ocv_filter2d takes as a parameter's name).
    lines += [f"#undef {macro}" for macro in dict.fromkeys(
        re.findall(r"^[ \t]*#[ \t]*define[ \t]+(\w+)", text, flags=re.MULTILINE))]
    return "\n".join(lines) + "\n"


def cpu_sources(names: list[str], shim: Path = SHIM, parts: int = 1) -> list[str]:
    """Every named kernel in one C++ program, as ``parts`` translation units of kernels (built
    side by side) and a last one with ``main``; ``prog NAME PLAN DIR`` runs one of them.
    common.cuh comes first in each unit, outside every namespace (its own guard keeps the
    kernels' includes from repeating it inside theirs); the shim's globals are inline."""
    specs = kernels()
    head = [f'#include "{shim}"', '#include "common.cuh"', "#include <cstring>",
            "#include <fstream>", "#include <string>"]
    chunks = [names[i::parts] for i in range(parts)]
    units = ["\n".join(head + [cpu_unit(specs[n], n) for n in chunk]) + "\n"
             for chunk in chunks if chunk]
    main = ["#include <cstring>", "#include <string>"]
    main += [f"namespace ga_kernel_{n} {{ int ga_run(const char*, const std::string&); }}"
             for n in names]
    main.append("int main(int argc, char** argv) {")
    main += [f'  if (!std::strcmp(argv[1], "{n}")) return ga_kernel_{n}::ga_run(argv[2], argv[3]);'
             for n in names]
    main += ["  return 3;", "}"]
    return [*units, "\n".join(main) + "\n"]


def test_kernels_sharing_a_unit_do_not_see_each_others_macros(tmp_path) -> None:
    """On a machine of 2 to 4 CPUs the program's units hold many kernels each: ccv1d_fwd's
    ``#define kWidth 4`` once broke ocv_filter2d's parameter of that name in the same unit."""
    (unit, _main) = cpu_sources(["ccv1d_fwd", "ocv_filter2d"], SHIM.resolve(), 1)
    source = tmp_path / "unit.cpp"
    source.write_text(unit)
    kernels_dir = next(iter(kernels().values())).source.parent
    build = subprocess.run([GXX, *FLAGS, f"-I{kernels_dir}", "-c", "-o", f"{source}.o",
                            str(source)], capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-2000:]
    assert unit.count("#undef kWidth") == 1


#: Kernels whose sources, or the header they share, differ from what
#: fixtures/ptx/SOURCES.sha256 recorded with their PTX: added or edited since (test_ptx.py asks
#: for their PTX to be recorded again).
def _changed_since_recorded() -> set[str]:
    import hashlib

    recorded = dict(reversed(line.split()) for line in (
        Path(__file__).resolve().parents[1] / "fixtures" / "ptx" / "SOURCES.sha256"
    ).read_text().splitlines() if line.strip())
    specs = kernels()
    source_dir = next(iter(specs.values())).source.parent

    def changed(name: str) -> bool:
        return hashlib.sha256((source_dir / name).read_bytes()).hexdigest() != recorded.get(name)

    if changed("common.cuh"):
        return set(SMALL)
    return {n for n in SMALL if changed(specs[n].source.name)}


#: Running every kernel costs ~70 s of CPU (a sixth of the suite), and a kernel's code does not
#: change once written: by default CI runs the seeds' built-ins, one kernel of each
#: synchronizing kind the shim emulates (atomics, warp shuffles, shared tiles with barriers,
#: dynamic shared memory), and every kernel added or edited since its PTX was recorded.
#: GPUADVISOR_ALL_FIXTURES=1 runs all of them (after changing tests/cpu_cuda/shim.h, and as the
#: blind-set helpers do).
BASE = {"matrix_add", "matmul_naive", "matmul_tiled", "random_copy", "scattered",
        "vector_reduction", "vector_reduction_adaptive", "overloaded", "overlapped",
        "sgemm_coalesced", "sgemm_blocktiling_1d", "histogram_atomic", "block_scan",
        "transpose_tiled", "kuwahara_filter"}
CHECKED = sorted(SMALL) if ALL_FIXTURES else sorted(
    (BASE & set(SMALL)) | _changed_since_recorded())


@pytest.fixture(scope="session")
def program(tmp_path_factory) -> Path:
    """The program of every kernel in SMALL, built once per test run: the first xdist
    worker to get here builds it under a lock in the run's shared folder and the others
    reuse it (each kernel's own build cost 1.3-1.5 s, mostly loading the C++20 headers). Its
    units compile side by side, one per CPU (up to 4): one unit took ~20 s while the other
    workers waited on the lock."""
    import fcntl

    shared = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = shared.parent  # the run's folder, above each worker's own
    where = shared / "cpu_kernels"
    where.mkdir(exist_ok=True)
    binary = where / "kernels"
    with open(where / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not binary.exists():
            kernels_dir = next(iter(kernels().values())).source.parent
            cpus = (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                    else os.cpu_count() or 1)
            parts = max(1, min(4, cpus))
            sources = cpu_sources(CHECKED, SHIM.resolve(), parts)
            builds = []
            for i, text in enumerate(sources):
                source = where / f"kernels{i}.cpp"
                source.write_text(text)
                builds.append(subprocess.Popen(
                    [GXX, *FLAGS, f"-I{kernels_dir}", "-c", "-o", f"{source}.o", str(source)],
                    stderr=subprocess.PIPE, text=True))
            for build in builds:
                _, err = build.communicate(timeout=600)
                assert build.returncode == 0, err[-3000:]
            link = subprocess.run(
                [GXX, *FLAGS, "-o", f"{binary}.tmp",
                 *(f"{where / f'kernels{i}.cpp'}.o" for i in range(len(sources)))],
                capture_output=True, text=True, timeout=600)
            assert link.returncode == 0, link.stderr[-3000:]
            Path(f"{binary}.tmp").rename(binary)
    return binary


@pytest.mark.parametrize("name", CHECKED)
def test_kernel_matches_reference_on_the_cpu(name, tmp_path, program):
    spec = kernels()[name]
    params = spec.resolve_params(SMALL[name])
    values = host_values(spec, params)
    buffers = [a for a in spec.args if a.is_buffer]
    for arg in buffers:
        values[arg.name].tofile(tmp_path / f"in_{arg.name}.bin")
    index = {a.name: i for i, a in enumerate(buffers)}
    shapes = SHAPES_1D if spec.dims == 1 else SHAPES_2D
    plan_lines = []
    for n, block in enumerate(shapes):
        launches = build_plan(spec, params, block, sm_count=4)
        plan_lines.append(f"{n} {len(launches)}")
        for launch in launches:
            fields = [*launch.grid, *launch.block, launch.shared]
            for arg in launch.args:
                fields.append(index[arg.name] if isinstance(arg, Buf) else arg.value)
            plan_lines.append(" ".join(str(f) for f in fields))
    (tmp_path / "plan.txt").write_text("\n".join(plan_lines) + "\n")
    run = subprocess.run(
        [str(program), name, str(tmp_path / "plan.txt"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    reference = load_reference(spec)
    for n, block in enumerate(shapes):
        expected = expected_outputs(reference, values, block[0] * block[1] * block[2])
        for out_name, want in expected.items():
            got = np.fromfile(tmp_path / f"out_{n}_{out_name}.bin", dtype=want.dtype)
            tol = spec.check.get(out_name, {})  # the manifest's tolerance, as on the GPU
            problem = compare(want, got.reshape(want.shape), rtol=float(tol.get("rtol", 0)),
                              atol=float(tol.get("atol", 0)))
            assert problem is None, f"{name} block {block}: {out_name}: {problem}"


def test_shim_constant_memory(tmp_path):
    """The shim's __constant__ arrays are ordinary initialized arrays (sha256_merkle's round
    constants), here read through __popc (test_cpu_shim.py checks __popc itself)."""
    words = [0, 1, 0x80000000, 0xFFFFFFFF, 0x12345678, 0xDEADBEEF, 0x0F0F0F0F]
    source = tmp_path / "probe.cpp"
    source.write_text(
        f'#include "{SHIM.resolve()}"\n#include <cstdio>\n'
        f"__constant__ unsigned table[{len(words)}] = {{{', '.join(f'{w}u' for w in words)}}};\n"
        "int main() {\n"
        f"  for (int i = 0; i < {len(words)}; ++i) std::printf(\"%d \", __popc(table[i]));\n"
        "}\n"
    )
    build = subprocess.run([GXX, *FLAGS, "-o", str(tmp_path / "probe"), str(source)],
                           capture_output=True, text=True, timeout=600)
    assert build.returncode == 0, build.stderr[-3000:]
    run = subprocess.run([str(tmp_path / "probe")], capture_output=True, text=True, timeout=60)
    assert run.stdout.split() == [str(w.bit_count()) for w in words]
