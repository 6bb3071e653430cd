"""`tune --max-configs 8` with no --strategy, live on an H200 (fixtures/hopper/default-search54
to default-search122: blind sets 54's to 122's kernels, each recorded right after its set's
sweeps; set 95's for three of its five kernels only, LIVE_LEFT_OUT): the default strategy is
the shortlist one, and replaying it on the same answers asks for the same shapes in the same
order."""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest
from all_fixtures import ALL_FIXTURES

from gpuadvisor.paths import fixtures_dir
from gpuadvisor.search.current import PROJECT_LAUNCH
from gpuadvisor.search.replay import replay_search, table_rows
from gpuadvisor.search.strategies import DEFAULT_STRATEGY
from gpuadvisor.targets.manifest import get_kernel
from gpuadvisor.validation import kernel_code

HOPPER = fixtures_dir() / "hopper"
#: Each live pick's time over the best in its set's first recording (test below), by set and
#: kernel: the runs these tests replay.
LIVE_REGRETS = {
    54: {"itm_gradient_x": 1.0, "cycles_combine_halves": 1.0, "parti_mttkrp": 1.0,
         "tcluster_knn": 1.0, "npb_mg_psinv": 1.0, "hugectr_fm_order2": 1.015},
    55: {"csift_scale_up": 1.003, "kfl_vertex_map": 1.137, "namd_transpose_xyz_yzx": 1.018,
         "swin_roll_partition": 1.0, "cufinufft_deconvolve_2d": 1.051,
         "marian_paste_rows": 1.0},
    56: {"spconv_gather": 1.056, "apex_index_mul_2d_bwd": 1.019, "lgbm_hist_dense": 1.303,
         "faiss_sum_along_rows": 1.0, "ngp_grid_to_bitfield": 1.005,
         "hoomd_nve_step_one": 1.0},
    57: {"rsc_qc_dense": 1.178, "av_sgm_aggregate": 1.021, "bifrost_fdmt_exec": 1.026,
         "heffte_transpose_unpack": 1.0, "ampcor_subtract_mean": 1.0,
         "xsbench_sampling": 1.002},
    58: {"fbgemm_permute_2d": 1.002, "fbgemm_reorder_ad_lengths": 1.034,
         "realsense_zero_holes": 1.4, "realsense_yuy2_rgb8": 1.0, "tsparse_kernel_hash": 1.0,
         "autoware_copy_map_region": 1.0},
    59: {"astroaccel_harmonic_sum": 1.07, "vsnlm_distance_horizontal": 1.004,
         "vsnlm_accumulation": 1.0, "heavydb_init_group_by": 1.0,
         "catboost_gather_compressed": 1.006, "hypre_csr_col_sum": 1.0},
    60: {"aa_dit_decimate": 1.04, "cvcuda_histogram": 1.395, "cvcuda_dilate": 1.012,
         "dvgo_tv_add_grad": 1.0, "hvd_batched_scaled_memcpy": 1.025,
         "cholla_update_conserved_3d": 1.011},
    61: {"awp_dvelcx": 1.0, "microhh_advec_uvw": 1.012, "gespmm_seqreduce_nnz": 1.077,
         "tsvm_sum_kernel_values": 1.019, "kmcuda_assign_smallc": 1.0,
         "emogi_bfs_coalesce": 1.0},
    62: {"ktgmc_rb2b_bilinear": 1.049, "ktgmc_temporal_soften2": 1.018,
         "qulacs_dense_matrix5": 1.741, "qulacs_pauli_xz": 1.001,
         "gpujpeg_preprocess420": 1.0, "gpumd_sort_neighbor_list": 1.004},
    63: {"niftyreg_affine_deformation": 1.021, "lightseq_dropout_bias_bwd": 7.034,
         "cudadecon_deskew": 1.0, "dsph_compute_step_pos": 1.0,
         "viennacl_csr_dtrmat_mul": 1.012, "amgx_restrict_residual4": 1.024},
    64: {"gtom_pad_mirror": 1.011, "cistem_clip_into_fourier": 1.0,
         "kilosort_cross_filter": 1.053, "gpufit_calc_hessians": 1.001,
         "cudpp_cuckoo_retrieve": 1.001, "cp2k_pw_gather": 1.0},
    65: {"dedisp_dedisperse": 1.022, "hpgmg_smooth_gsrb": 1.006, "kilosort_extract_snips": 1.122,
         "kilosort_conv1d": 1.118, "mxnet_count_sketch": 1.014, "tsne_csr2coo": 1.0},
    66: {"efusion_pyrdown_gauss": 1.019, "tigre_tv_update_u": 1.0, "cholmod_sum_a": 1.021,
         "vllm_reshape_and_cache": 1.0, "dcnv2_im2col": 1.0, "peasoup_harmonic_sum": 1.005},
    67: {"cusignal_convolve2d": 1.0, "bart_reduce_zadd_outer": 1.03,
         "dreamplace_dct2_preprocess": 1.0, "jax_threefry2x32": 1.0, "dreamplace_hpwl": 1.002,
         "apollo_cnnseg_map": 1.009},
    68: {"megengine_images2neibs": 1.895, "minkowski_matmul": 1.0, "tomopy_sum_dist": 1.0,
         "mnn_argmax": 1.008, "sundials_constr_mask": 1.0, "tnn_pad_reflect": 1.001},
    69: {"exatensor_matmul_tn": 1.0, "bidmat_copy_from_inds2d": 2.193, "hydrogen_axpy_2d": 1.045,
         "babelstream_dot": 1.002, "graphbig_degree_centr": 1.004,
         "kaolin_interp_trilinear": 1.0},
    70: {"spfft_transpose_fwd": 1.07, "nvenc_curves": 1.054, "trtllm_causal_mask": 1.161,
         "sirius_sum_q_dm": 1.015, "nnabla_gather_nd_bwd": 1.0, "tgbm_partition_hist": 1.0},
    71: {"binarynet_xnor_gemm": 1.0, "gpu4pyscf_take_last2d": 1.135, "dca_copy_rows": 1.032,
         "candle_index_add": 1.0, "libceed_offset_transpose": 1.003, "hqq_dequant_3bit": 1.0},
    72: {"vilib_halfsample": 1.016, "onnxtrt_split": 1.005, "oneflow_batch_transpose": 1.054,
         "te_moe_unpermute": 1.0, "pointcept_aggregation": 1.0, "ms_segment_max": 1.473},
    73: {"lbann_scatter2d": 1.005, "abacus_matrix_copy": 1.027, "dali_flip": 1.027,
         "fastdeploy_normalize_permute": 1.002, "dbcsr_transpose": 1.0,
         "gadgetron_permute": 1.0},
    74: {"qrnn_forget_mult": 1.006, "sqllm_nuq4_matvec": 1.033, "megablocks_indices": 1.481,
         "mrcnn_roi_pool": 1.0, "slate_tzcopy": 1.006, "encoding_rectify": 1.0},
    75: {"leap_mean_filter": 1.763, "aretomo_bin_image": 1.006, "cpm_embedding_fwd": 1.133,
         "gnna_spmm_fwd": 1.0, "tmask_swap_align2nat": 1.0, "ct2_im2col": 1.0},
    76: {"tmva_im2col": 1.001, "ptypy_ob_update": 1.032, "tfhe_keyswitch": 1.021,
         "segalign_num_hits": 1.007, "xdl_ksum": 1.007, "pnlp_token_penalty": 1.0},
    77: {"lidar_bevpool": 1.028, "hetu_tril_lookup": 1.119, "elpa_fill_ev": 1.021,
         "chrono_lidar_reduce": 1.0, "colossal_moe_combine": 1.0, "highs_dual_grad_step": 1.0},
    78: {"theano_take3": 1.225, "th_permute_0231": 1.274, "xmipp_scale_fft": 1.022,
         "warpctc_reduce_max": 1.0, "qsim_partial_norms": 1.0, "tutel_moe_encode": 1.0},
    79: {"anakin_transpose": 1.345, "cudf_transpose": 1.0, "holoscan_seg_argmax": 1.0,
         "cntk_row_stack": 1.0, "flexflow_group_by": 1.0, "k2_merge_map": 1.004},
    80: {"niutensor_index_to_onehot": 1.035, "mmdeploy_hwc2chw": 1.021, "pplcv_calc_hist": 1.22,
         "spline_weighting_fwd": 1.008, "turbo_split_bias_transpose": 1.108,
         "strumpack_laswp": 1.0},
    81: {"libgrid_fft_convolute": 1.02, "h2o4gpu_ts_to_matrix": 1.054, "eet_reorder_kv": 1.0,
         "eman2_column_sum": 1.0, "espresso_p3m_influence": 1.0, "accfft_local_transpose": 1.0},
    82: {"nvblox_difference_image": 1.005, "ort_transpose3d": 1.0, "qmcpack_tbt_mv_plus": 2.583,
         "xgrammar_token_bitmask": 1.024, "sglang_max_pooling": 1.0,
         "tcnn_identity_encoding": 1.0},
    83: {"colmap_rotate": 1.0, "gpunufft_fftshift2d": 1.009, "fastllm_permute": 1.003,
         "lmdeploy_gather_output": 1.0, "pointpillars_features": 1.0,
         "cuml_merge_series": 1.025},
    84: {"paddlelite_seq_pad": 1.034, "tomocupy_wrap1d": 1.0, "open3d_ragged_to_dense": 1.012,
         "warp_mc_count_verts": 1.0, "torchngp_morton_invert": 1.0, "mlx_arange": 1.003},
    85: {"cutt_lead_vol_same": 1.0, "cunumeric_transpose": 1.0, "flashlight_target_size": 1.007,
         "awkward_local_index": 1.0, "ceres_dsxpy": 1.008, "legion_memcpy_affine": 1.0},
    86: {"scn_sparse_to_dense": 1.785, "svox2_dist_prop": 1.0},
    87: {"bagua_reduce_chunk": 1.002, "dlaf_cast_to_complex": 1.017, "hiop_copy_pattern": 1.0,
         "dealii_dot": 1.0, "genomeworks_find_matches": 1.012, "graphblast_bfs_pull": 1.0},
    88: {"nnpops_pass_messages": 1.0, "singa_row_max": 1.0, "pn2_group_points": 1.003,
         "pyg_sampled_op": 1.0},
    89: {"pcs_correlation_bwd": 1.329, "rstereo_sampler": 1.015, "nvdr_xfm_points": 1.016,
         "tpk_cubic_sampling": 1.003, "sofa_subset_apply": 1.005, "softsplat_fwd": 1.006},
    90: {"gpaw_restrict": 1.075, "cvm_conv2d": 1.03, "gunrock_mark_segment": 1.0,
         "cumo_index_compose": 1.038},
    91: {"pink_rotate90_list": 1.0, "nerfacc_unpack_info": 1.005},
    92: {"dain_sepconv": 1.009, "segmentron_ca_map": 1.002, "droid_corr_index": 1.012,
         "ganet_lga": 1.0, "gardenia_tc_count": 1.008, "bonsai_boundary_reduce": 1.0},
    93: {"pwc_corr_rearrange": 1.018, "san_aggregation_zeropad": 1.001,
         "slomo_sepconv_fwd": 1.0},
    94: {"plm_vf_convolve_y": 1.001, "sam2_init_counting": 1.009, "theseus_tmat_vec": 1.034,
         "pgroup_roipool_fp": 1.0, "semseg_psamask_distribute": 1.0,
         "mrs_nonzero_unravel": 1.017},
    95: {"bevdepth_voxel_pool": 1.0, "gslicr_suppress_label": 1.0,
         "jdftx_matrix_sub_get": 1.034},
    96: {"cucim_pba_flood_up": 1.01, "bm3d_get_block": 1.921, "dpvo_corr_forward": 1.0,
         "flashinfer_pack_bits": 1.003, "internimage_dcnv3_im2col": 1.0,
         "chainer_max_pool_bwd": 1.0},
    97: {"sgm_csct_census": 1.008, "smesh_erode_depth": 1.003, "ocnn_octree2col": 1.0,
         "qta_score_data": 1.0, "stixels_join_columns": 1.012, "xfm_sparse_mask_matmul": 1.0},
    98: {"taco2_parse_decoder": 1.0, "cudamat_select_rows": 1.124, "chai_cedd_gaussian": 1.014,
         "pytsparse_padded_scatter": 1.0, "nvcomp_delta": 1.0, "nnue_ft_forward": 1.0},
    99: {"ebsynth_vote_plain": 1.186, "fasttf_sparse_avg_bwd": 1.657,
         "lmcache_load_reshape_flash": 1.0, "dfdx_avgpool_bwd": 1.0, "adacof_update_output": 1.0,
         "jrclust_cuda_rho": 1.0},
    100: {"optix_compositor": 1.008, "mra_reduce_sum": 1.004, "tani_pairwise_dist": 1.164,
          "ssn_passoc": 1.0, "seti_taylor": 1.0, "spark_bloom_put": 1.001},
    101: {"ccpi_fgp_obj2d": 1.017, "kblas_permute_columns": 1.0, "nwchem_sd_t_d1_3": 1.043,
          "spirit_gradient_exchange": 1.008, "dietgpu_ans_histogram": 1.0,
          "phantom_galois_ntt_perm": 1.0},
    102: {"deepwave_scalar_fwd": 1.011, "badslam_downsample": 1.002, "gsplat_isect_count": 1.0,
          "lio_compute_density": 1.0, "curobo_bwd_diff_grad": 1.0, "torchaudio_iir": 1.024},
    # punica_bgmv_expand kept the host's 2x16x4 (3-D), which the 2-D sweep did not time: None
    103: {"redtail_corr_cost_volume": 1.007, "punica_bgmv_expand": None,
          "skcuda_argmax_column": 2.578, "mfem_restrict_transpose": 1.008,
          "trtalpha_copy_make_border": 1.024, "qibojit_two_qubit_gate": 1.008},
    104: {"ultragrid_r12l_to_rg48": 1.002, "quack_a_d_at": 1.029,
          "yacclab_bke_final_labeling": 1.052, "quiver_tensor_gather": 1.0,
          "tike_patch_fwd": 1.023, "halmd_max_displacement": 1.0},
    105: {"awq_gemv_g128": 1.021, "fs_mri_convolve_z": 1.0, "ddf_mul_fwd": 1.063,
          "involution_fwd": 1.0, "bmt_has_nan_inf": 1.0, "abinit_accumulate_density": 1.0},
    106: {"pylops_nonstat_conv2d": 1.273, "voxelhashing_resample_float": 1.009,
          "tfa_embedding_bag": 1.0, "matconvnet_pool_max_bwd": 1.02, "osqp_fill_full_matrix": 1.0,
          "spral_max_abs": 1.0},
    107: {"rsf_fwi_step_forward": 1.045, "mccnn_census": 1.002, "sj_lif_fptt": 1.007,
          "hs_dedoppler": 1.0, "infer_fast_nms": 1.0},
    108: {"isaac_erode_depth": 1.002, "inferllm_q40_matvec": 1.057,
          "bundlesdf_sample_rays": 1.0, "gpusort_global_hist": 1.0},
    109: {"rajaperf_mat_mat_shared": 1.018, "minife_waxpby": 1.005, "quanto_unpack_2bit": 1.0},
    110: {"tdrug_rspmm_fwd": 1.145, "sphconv_to_dense": 1.024, "stnls_gather_tensor": 1.0,
          "thinc_gather_add": 1.006, "wg_csr_add_self_loop": 1.001, "wd_reset_done_3d": 1.0},
    111: {"lofar_cs_transpose": 1.083, "seticore_upchan_shift": 1.025, "rawspec_accumulate": 1.0,
          "dspsr_fscrunch": 1.005, "mwax_transpose_weight": 1.0},
    112: {"cudadebayer_bayer_to_rgb": 1.012, "supra_tgc": 1.003, "svoct_subdc_pad": 1.014},
    113: {"cudasgbm_hamming_cost": 1.082, "kangaroo_costvol_min": 1.025,
          "lbmsim_stream_push": 1.025, "worder_lower_data": 1.002, "ckmers_encode": 1.0,
          "xxcu3d_depth_outliers": 1.003},
    114: {"hsprog_erode_nobound": 1.016, "cudaogl_resize_rgb": 1.005,
          "kinokko_histeq_apply": 1.0, "csyntch_pcm_stereo16": 1.005, "cu2rec_loss_errors": 1.0},
    115: {"gput2_life_step": 1.011, "grain_sand_step": 1.015, "en605_caesar_shift": 1.0,
          "csc456_bitonic_step": 1.0},
    116: {"ovni_chroma_key": 1.003, "freq_heightmap_slope": 1.017, "csc589_haversine": 1.018,
          "mac0219_base64_encode": 1.001},
    117: {"pfinal_pixelado": 1.021, "etudes_cat_map": 1.19, "rpcuda_ndvi": 1.0,
          "rossird_stego_encode": 1.0},
    118: {"gpgpu_tp1_sepia": 1.005, "cuda4eng_flashlight": 1.005, "compgpu_block_hash": 1.0},
    119: {"fractalway_julia": 1.0, "cudaimgproc_brightness": 1.0},
    120: {"gsgpu_idw_interpolate": 1.017, "fabidotplot_matrix": 1.0,
          "jucecuda_circular_conv": 1.0, "brekperlin_noise_fill": 1.0},
    121: {"ocv_needle_map_vertex": 1.241, "openbr_cuda_lbp": 1.001,
          "stensor_leaky_relu_bwd": 1.0, "omega_smooth_l1_loss": 1.016},
    122: {"dpmix_rows_max": 1.288, "ppc_rl_forward": 1.006, "pfslam_update_map": 1.0,
          "pyemc_sum_slices": 1.0}}
SETS = {n: list(regrets) for n, regrets in LIVE_REGRETS.items()}
#: The only recorded kernels of these sets without a live run: set 95's call was stopped at
#: 375 s when the session's device budget ran out, during fcos_irnn_forward's live search (its
#: unfinished run left out) and before eddl_da_scale's (fixtures/hopper/default-search95/).
LIVE_LEFT_OUT = {95: {"fcos_irnn_forward", "eddl_da_scale"}}
#: Live runs stopped by the recorder's time limit before their search ended, and the steps they
#: measured: set 122's call ran each search under 70 s (BLIND_LIVE_LIMIT_S=70, the session's
#: device time running out) and ppc_rl_forward's was stopped after 6 of its 8 steps. Its
#: journal holds the measured rows but none of the search's own records (tune writes those when
#: the search ends), so its shapes are read from the rows and the replay is compared on them.
CUT_AT_LIMIT = {(122, "ppc_rl_forward"): 6}
RUNS = [(n, kernel) for n, kernels in SETS.items() for kernel in kernels]
#: Runs whose kernel a later round changed the strategy's answers for (lgbm_hist_dense: rounds
#: 41 and 44; cvcuda_histogram: round 44, whose shared-histogram-flush ranks 1,024-thread
#: blocks first from the 32x8 profile): their replay today asks for other shapes than the GPU
#: measured, these.
CHANGED_SINCE = {(56, "lgbm_hist_dense"): [(32, 8, 1), (32, 32, 1), (16, 64, 1), (64, 16, 1),
                                           (256, 1, 1), (48, 8, 1), (48, 6, 1), (32, 12, 1)],
                 (60, "cvcuda_histogram"): [(32, 8, 1), (32, 32, 1), (32, 16, 1), (1024, 1, 1),
                                            (16, 64, 1), (1, 32, 1), (48, 16, 1), (32, 24, 1)],
                 # round 46 (tile-quantization quiet at one wave or less; a profile of one
                 # row of blocks keeps one row at every shape): the second and later shapes
                 # of four runs (replayed on the recorded sweeps instead, the shapes asked
                 # reach 1.011x, 1.021x, 1.008x and 2.344x where the live runs' reach 1.014x,
                 # 1.013x, 1.000x and 7.034x)
                 (56, "spconv_gather"): [(32, 8, 1), (16, 16, 1), (8, 16, 1), (64, 1, 1),
                                         (1, 32, 1), (1, 64, 1), (32, 6, 1), (24, 8, 1)],
                 (57, "av_sgm_aggregate"): [(32, 8, 1), (8, 32, 1), (16, 16, 1), (128, 2, 1),
                                            (256, 1, 1), (1, 32, 1), (1, 64, 1), (32, 6, 1)],
                 (61, "awp_dvelcx"): [(32, 8, 1), (96, 3, 1), (256, 1, 1), (32, 32, 1),
                                      (16, 32, 1), (32, 6, 1), (32, 12, 1), (32, 16, 1)],
                 # round 47 (the shortlist strategy lists the pick read as a fixed grid
                 # second where the first launch has fewer blocks than SMs): five runs (on
                 # the recorded sweeps the shapes asked reach 1.000x, 2.100x, 1.000x, 1.036x
                 # and 1.000x where the live runs' reach 1.000x, 7.034x, 1.000x, 1.122x and
                 # 1.118x)
                 (54, "tcluster_knn"): [(256, 1, 1), (768, 1, 1), (192, 1, 1), (128, 1, 1),
                                        (384, 1, 1), (96, 1, 1), (64, 1, 1), (48, 1, 1)],
                 (63, "lightseq_dropout_bias_bwd"): [(32, 8, 1), (8, 32, 1), (32, 32, 1),
                                                     (16, 16, 1), (16, 8, 1), (1, 32, 1),
                                                     (1, 64, 1), (32, 6, 1)],
                 (63, "viennacl_csr_dtrmat_mul"): [(256, 1, 1), (1024, 1, 1), (192, 1, 1),
                                                   (128, 1, 1), (384, 1, 1), (96, 1, 1),
                                                   (64, 1, 1), (48, 1, 1)],
                 (65, "kilosort_extract_snips"): [(32, 8, 1), (16, 16, 1), (64, 16, 1),
                                                  (16, 32, 1), (16, 8, 1), (4, 8, 1), (4, 12, 1),
                                                  (16, 24, 1)],
                 (65, "kilosort_conv1d"): [(256, 1, 1), (128, 1, 1), (1024, 1, 1), (96, 1, 1),
                                           (192, 1, 1), (384, 1, 1), (512, 1, 1), (768, 1, 1)],
                 # round 48 (a block-tiled product read from the code: tile-intensity ranks
                 # the block as its tile): Kilosort's template tiles ask for 32x24, 48x16 and
                 # 16x48 after the default (on the recorded sweep the shapes asked reach
                 # 1.029x where the live run's reach 1.053x); MinkowskiEngine's tiles ask for
                 # the best, 32x32, second instead of eighth (both reach 1.000x; round 49 asks
                 # 64x16 and 16x64 third and fourth)
                 (64, "kilosort_cross_filter"): [(32, 8, 1), (32, 24, 1), (48, 16, 1),
                                                 (16, 48, 1), (256, 1, 1), (24, 8, 1),
                                                 (32, 12, 1), (32, 6, 1)],
                 (68, "minkowski_matmul"): [(32, 8, 1), (32, 32, 1), (64, 16, 1), (16, 64, 1),
                                            (128, 1, 1), (1, 32, 1), (2, 16, 1), (32, 24, 1)],
                 # round 49 (barrier-two-blocks leaves a known tile alone): ExaTENSOR's tiles
                 # ask for the best, 32x32, second instead of sixth (both reach 1.000x)
                 (69, "exatensor_matmul_tn"): [(32, 8, 1), (32, 32, 1), (64, 16, 1),
                                               (16, 64, 1), (256, 1, 1), (32, 24, 1),
                                               (24, 32, 1), (48, 16, 1)],
                 # round 50 (the fixed-grid hedge also at exactly one block an SM): MindSpore's
                 # segment max (132 blocks on 132 SMs) asks for the fixed-grid pick 1024x1, its
                 # best, third (on the recorded sweep the shapes asked reach 1.000x where the
                 # live run's reach 1.473x)
                 (72, "ms_segment_max"): [(256, 1, 1), (1024, 1, 1), (192, 1, 1), (384, 1, 1),
                                          (128, 1, 1), (512, 1, 1), (768, 1, 1)],
                 # round 51 (the PTX reader's min(i, r) read as the window's reach r): LEAP's
                 # mean filter's taps keep the thread index, so the code no longer charges every
                 # shape alike and 1x256 comes second (on the recorded sweep the shapes asked
                 # reach 1.037x where the live run's reach 1.763x)
                 (75, "leap_mean_filter"): [(32, 8, 1), (1, 256, 1), (8, 8, 1), (16, 8, 1),
                                            (64, 1, 1), (1, 32, 1), (1, 64, 1), (64, 2, 1)],
                 # round 53 (an access strided by one argument per axis left to the counters):
                 # Theano's take no longer has every shape charged as a row pitch along both
                 # axes, and the search asks as it does without the code (on the recorded
                 # sweep the shapes asked reach 8x8, 1.318x, where the live run's reach 8x16,
                 # 1.225x: both misses)
                 (78, "theano_take3"): [(32, 8, 1), (8, 8, 1), (16, 8, 1), (256, 1, 1),
                                        (4, 16, 1), (2, 16, 1), (2, 32, 1), (6, 8, 1)]}
#: The first three shapes each changed run asked for live.
LIVE_FIRST_THREE = {(56, "lgbm_hist_dense"): [(32, 8, 1), (32, 1, 1), (16, 2, 1)],
                    (60, "cvcuda_histogram"): [(32, 8, 1), (32, 24, 1), (128, 1, 1)],
                    (56, "spconv_gather"): [(32, 8, 1), (128, 1, 1), (8, 8, 1)],
                    (57, "av_sgm_aggregate"): [(32, 8, 1), (16, 16, 1), (8, 16, 1)],
                    (61, "awp_dvelcx"): [(32, 8, 1), (64, 3, 1), (128, 1, 1)],
                    (63, "lightseq_dropout_bias_bwd"): [(32, 8, 1), (32, 2, 1), (64, 1, 1)],
                    (54, "tcluster_knn"): [(256, 1, 1), (192, 1, 1), (128, 1, 1)],
                    (63, "viennacl_csr_dtrmat_mul"): [(256, 1, 1), (32, 1, 1), (64, 1, 1)],
                    (65, "kilosort_extract_snips"): [(32, 8, 1), (16, 16, 1), (16, 8, 1)],
                    (65, "kilosort_conv1d"): [(256, 1, 1), (64, 1, 1), (128, 1, 1)],
                    (64, "kilosort_cross_filter"): [(32, 8, 1), (128, 1, 1), (32, 24, 1)],
                    (68, "minkowski_matmul"): [(32, 8, 1), (32, 24, 1), (64, 12, 1)],
                    (69, "exatensor_matmul_tn"): [(32, 8, 1), (32, 24, 1), (48, 16, 1)],
                    (72, "ms_segment_max"): [(256, 1, 1), (192, 1, 1), (128, 1, 1)],
                    (75, "leap_mean_filter"): [(32, 8, 1), (16, 16, 1), (8, 32, 1)],
                    (78, "theano_take3"): [(32, 8, 1), (256, 1, 1), (8, 8, 1)]}
# Round 56 (single-launch-underfill: from one launch that leaves thread slots empty, blocks
# smaller than the profiled one are scored as a fixed grid would time them) changes what 28 runs
# ask for after their first launch. Ten of them were changed by earlier rounds too: their lists
# above are round 56's (the comments there tell the earlier rounds); the other 18 follow.
# Replayed on the recorded sweeps (every answer there, all 194 runs, 8 measurements): 166
# within 3 % before and after, geometric mean 1.0377x -> 1.0355x, none worse;
# bidmat_copy_from_inds2d 2.193x -> 1.478x, segalign_num_hits 1.007x -> 1.000x and
# open3d_ragged_to_dense 1.012x -> 1.000x. Replayed on the live rows, as here, a shape the GPU
# never measured answers as failed, so some runs end before 8.
CHANGED_SINCE.update({
    (59, "heavydb_init_group_by"): [(256, 1, 1), (512, 1, 1), (384, 1, 1), (192, 1, 1), (32, 1, 1),
                                    (48, 1, 1), (64, 1, 1), (768, 1, 1)],
    (65, "hpgmg_smooth_gsrb"): [(32, 8, 1), (64, 4, 1), (32, 24, 1), (16, 32, 1), (96, 1, 1),
                                (64, 3, 1), (48, 4, 1), (64, 6, 1)],
    (66, "vllm_reshape_and_cache"): [(256, 1, 1), (512, 1, 1), (1024, 1, 1), (384, 1, 1),
                                     (32, 1, 1), (768, 1, 1)],
    (67, "jax_threefry2x32"): [(256, 1, 1), (512, 1, 1), (384, 1, 1), (1024, 1, 1), (128, 1, 1),
                               (192, 1, 1), (768, 1, 1)],
    (69, "bidmat_copy_from_inds2d"): [(32, 8, 1), (16, 16, 1), (8, 16, 1), (128, 1, 1), (1, 32, 1),
                                      (6, 16, 1), (32, 6, 1), (24, 8, 1)],
    (69, "babelstream_dot"): [(256, 1, 1), (512, 1, 1), (1024, 1, 1), (384, 1, 1), (128, 1, 1),
                              (768, 1, 1), (192, 1, 1)],
    (74, "slate_tzcopy"): [(256, 1, 1), (1024, 1, 1), (192, 1, 1), (128, 1, 1), (384, 1, 1),
                           (512, 1, 1), (768, 1, 1)],
    (76, "ptypy_ob_update"): [(32, 8, 1), (16, 16, 1), (8, 16, 1), (128, 1, 1), (1, 32, 1),
                              (1, 64, 1), (32, 6, 1), (24, 8, 1)],
    (76, "segalign_num_hits"): [(256, 1, 1), (384, 1, 1), (512, 1, 1), (128, 1, 1), (64, 1, 1),
                                (192, 1, 1)],
    (76, "pnlp_token_penalty"): [(256, 1, 1), (128, 1, 1), (1024, 1, 1), (96, 1, 1), (192, 1, 1),
                                 (768, 1, 1), (512, 1, 1), (384, 1, 1)],
    (78, "tutel_moe_encode"): [(256, 1, 1), (1024, 1, 1), (192, 1, 1), (128, 1, 1), (384, 1, 1),
                               (768, 1, 1), (512, 1, 1)],
    (80, "pplcv_calc_hist"): [(32, 8, 1), (8, 128, 1), (32, 32, 1), (128, 2, 1), (256, 1, 1),
                              (32, 24, 1), (24, 32, 1), (8, 96, 1)],
    (81, "eman2_column_sum"): [(256, 1, 1), (64, 1, 1), (1024, 1, 1), (32, 1, 1), (96, 1, 1),
                               (192, 1, 1), (384, 1, 1), (512, 1, 1)],
    (82, "qmcpack_tbt_mv_plus"): [(32, 8, 1), (1, 256, 1), (16, 64, 1), (256, 1, 1), (128, 2, 1),
                                  (6, 16, 1), (6, 32, 1), (1, 192, 1)],
    (83, "lmdeploy_gather_output"): [(256, 1, 1), (384, 1, 1), (512, 1, 1), (192, 1, 1),
                                     (32, 1, 1), (768, 1, 1)],
    (84, "open3d_ragged_to_dense"): [(256, 1, 1), (512, 1, 1), (1024, 1, 1), (384, 1, 1),
                                     (32, 1, 1), (768, 1, 1), (48, 1, 1), (64, 1, 1)],
    (85, "cutt_lead_vol_same"): [(32, 8, 1), (256, 1, 1), (64, 16, 1), (128, 2, 1), (8, 16, 1),
                                 (48, 16, 1), (64, 12, 1), (48, 12, 1)],
    (86, "scn_sparse_to_dense"): [(32, 8, 1), (4, 64, 1), (32, 32, 1), (8, 12, 1), (16, 8, 1),
                                  (32, 1, 1), (32, 2, 1), (4, 48, 1)],
})
LIVE_FIRST_THREE.update({
    (59, "heavydb_init_group_by"): [(256, 1, 1), (128, 1, 1), (512, 1, 1)],
    (65, "hpgmg_smooth_gsrb"): [(32, 8, 1), (64, 3, 1), (96, 1, 1)],
    (66, "vllm_reshape_and_cache"): [(256, 1, 1), (128, 1, 1), (512, 1, 1)],
    (67, "jax_threefry2x32"): [(256, 1, 1), (128, 1, 1), (512, 1, 1)],
    (69, "bidmat_copy_from_inds2d"): [(32, 8, 1), (32, 1, 1), (16, 2, 1)],
    (69, "babelstream_dot"): [(256, 1, 1), (128, 1, 1), (512, 1, 1)],
    (74, "slate_tzcopy"): [(256, 1, 1), (128, 1, 1), (1024, 1, 1)],
    (76, "ptypy_ob_update"): [(32, 8, 1), (16, 16, 1), (8, 16, 1)],
    (76, "segalign_num_hits"): [(256, 1, 1), (32, 1, 1), (64, 1, 1)],
    (76, "pnlp_token_penalty"): [(256, 1, 1), (64, 1, 1), (1024, 1, 1)],
    (78, "tutel_moe_encode"): [(256, 1, 1), (128, 1, 1), (1024, 1, 1)],
    (80, "pplcv_calc_hist"): [(32, 8, 1), (8, 128, 1), (32, 32, 1)],
    (81, "eman2_column_sum"): [(256, 1, 1), (32, 1, 1), (1024, 1, 1)],
    (82, "qmcpack_tbt_mv_plus"): [(32, 8, 1), (1, 256, 1), (16, 64, 1)],
    (83, "lmdeploy_gather_output"): [(256, 1, 1), (32, 1, 1), (64, 1, 1)],
    (84, "open3d_ragged_to_dense"): [(256, 1, 1), (128, 1, 1), (512, 1, 1)],
    (85, "cutt_lead_vol_same"): [(32, 8, 1), (256, 1, 1), (64, 16, 1)],
    (86, "scn_sparse_to_dense"): [(32, 8, 1), (4, 64, 1), (32, 32, 1)],
})

# Stop 58 (the PTX reader: an address that adds an offset of the block row's own, computed from
# threadIdx.y or read from memory by the row, to an affine walk along x is read as that walk
# along x with y left to the counters, no longer as a gather or a non-affine access) changes
# what three runs ask for; scn_sparse_to_dense's list above was round 56's. Replayed on the
# recorded sweeps (all 234 runs, 8 measurements): 202 within 3 % before and after, geometric
# mean 1.0321x -> 1.0301x, none worse; scn_sparse_to_dense 1.785x -> 1.125x (it now asks for
# 4x256 third), gespmm_seqreduce_nnz 1.059x and nnpops_pass_messages 1.000x unchanged.
CHANGED_SINCE.update({
    (61, "gespmm_seqreduce_nnz"): [(32, 8, 1), (64, 4, 1), (128, 1, 1), (8, 8, 1), (4, 8, 1),
                                   (1, 32, 1), (1, 64, 1), (12, 8, 1)],
    (86, "scn_sparse_to_dense"): [(32, 8, 1), (4, 64, 1), (4, 256, 1), (8, 12, 1), (16, 8, 1),
                                  (4, 48, 1), (3, 64, 1), (6, 48, 1)],
    (88, "nnpops_pass_messages"): [(32, 8, 1), (64, 4, 1), (32, 32, 1), (16, 32, 1), (64, 8, 1),
                                   (64, 3, 1), (64, 6, 1), (48, 4, 1)],
})
LIVE_FIRST_THREE.update({
    (61, "gespmm_seqreduce_nnz"): [(32, 8, 1), (128, 1, 1), (8, 8, 1)],
    (88, "nnpops_pass_messages"): [(32, 8, 1), (16, 16, 1), (8, 32, 1)],
})

# Stop 60 (the app's current shape is not one of the inner strategy's own measurements:
# `Strategy.extra_steps`, so the shortlist keeps every entry after the project's own launch)
# changes what 13 of sets 99-101's live runs ask for from their fourth step on (the list's
# last entry comes before the experiments and the neighbours). Replayed on the recorded
# sweeps (benchmarks/current_start.py): sets 17-95, 279 kernels, within 3 % 245 -> 249 with
# the geometric mean 1.022x -> 1.021x (8 better, 10 worse: ocv_farneback_box5 1.000x ->
# 1.248x the largest); sets 99-101 geometric mean 1.050x -> 1.026x (fasttf_sparse_avg_bwd
# 1.657x -> 1.074x, where this was seen).
CHANGED_SINCE.update({
    (99, "ebsynth_vote_plain"): [(24, 24, 1), (32, 8, 1), (128, 1, 1), (16, 16, 1), (16, 32, 1),
                                 (128, 2, 1), (32, 16, 1), (32, 12, 1)],
    (99, "fasttf_sparse_avg_bwd"): [(256, 4, 1), (32, 8, 1), (64, 4, 1), (256, 1, 1), (16, 12, 1),
                                    (8, 16, 1), (1, 32, 1), (1, 64, 1)],
    (99, "lmcache_load_reshape_flash"): [(128, 1, 1), (256, 1, 1), (192, 1, 1), (384, 1, 1),
                                         (64, 1, 1), (32, 1, 1), (48, 1, 1), (96, 1, 1)],
    (99, "adacof_update_output"): [(512, 1, 1), (256, 1, 1), (128, 1, 1), (192, 1, 1), (384, 1, 1),
                                   (32, 1, 1), (96, 1, 1), (64, 1, 1)],
    (99, "jrclust_cuda_rho"): [(128, 1, 1), (256, 1, 1), (192, 1, 1), (96, 1, 1), (64, 1, 1),
                               (48, 1, 1)],
    (100, "optix_compositor"): [(8, 8, 1), (32, 8, 1), (64, 4, 1), (256, 1, 1), (32, 32, 1),
                                (16, 32, 1), (1, 32, 1), (3, 32, 1)],
    (100, "mra_reduce_sum"): [(32, 4, 1), (32, 8, 1), (32, 32, 1), (16, 32, 1), (64, 1, 1),
                              (32, 1, 1), (48, 1, 1), (32, 2, 1)],
    (100, "tani_pairwise_dist"): [(8, 8, 1), (32, 8, 1), (64, 16, 1), (32, 32, 1), (16, 32, 1),
                                  (256, 1, 1), (1, 32, 1), (2, 16, 1)],
    (100, "ssn_passoc"): [(512, 1, 1), (256, 1, 1), (128, 1, 1), (192, 1, 1), (32, 1, 1),
                          (64, 1, 1), (96, 1, 1), (48, 1, 1)],
    (100, "seti_taylor"): [(1024, 1, 1), (256, 1, 1), (128, 1, 1), (512, 1, 1), (192, 1, 1),
                           (64, 1, 1), (96, 1, 1), (384, 1, 1)],
    (101, "ccpi_fgp_obj2d"): [(16, 16, 1), (32, 8, 1), (64, 4, 1), (256, 1, 1), (32, 32, 1),
                              (16, 32, 1), (96, 3, 1), (64, 6, 1)],
    (101, "kblas_permute_columns"): [(32, 4, 1), (32, 8, 1), (32, 24, 1), (32, 16, 1), (16, 48, 1),
                                     (64, 1, 1), (1, 32, 1), (1, 64, 1)],
    (101, "spirit_gradient_exchange"): [(1024, 1, 1), (256, 1, 1), (128, 1, 1), (512, 1, 1),
                                        (64, 1, 1), (96, 1, 1), (384, 1, 1), (768, 1, 1)],
})
LIVE_FIRST_THREE.update({
    (99, "ebsynth_vote_plain"): [(24, 24, 1), (32, 8, 1), (128, 1, 1)],
    (99, "fasttf_sparse_avg_bwd"): [(256, 4, 1), (32, 8, 1), (64, 4, 1)],
    (99, "lmcache_load_reshape_flash"): [(128, 1, 1), (256, 1, 1), (192, 1, 1)],
    (99, "adacof_update_output"): [(512, 1, 1), (256, 1, 1), (128, 1, 1)],
    (99, "jrclust_cuda_rho"): [(128, 1, 1), (256, 1, 1), (192, 1, 1)],
    (100, "optix_compositor"): [(8, 8, 1), (32, 8, 1), (64, 4, 1)],
    (100, "mra_reduce_sum"): [(32, 4, 1), (32, 8, 1), (32, 32, 1)],
    (100, "tani_pairwise_dist"): [(8, 8, 1), (32, 8, 1), (64, 16, 1)],
    (100, "ssn_passoc"): [(512, 1, 1), (256, 1, 1), (128, 1, 1)],
    (100, "seti_taylor"): [(1024, 1, 1), (256, 1, 1), (128, 1, 1)],
    (101, "ccpi_fgp_obj2d"): [(16, 16, 1), (32, 8, 1), (64, 4, 1)],
    (101, "kblas_permute_columns"): [(32, 4, 1), (32, 8, 1), (32, 24, 1)],
    (101, "spirit_gradient_exchange"): [(1024, 1, 1), (256, 1, 1), (128, 1, 1)],
})


# Stop 61 (a profiled step before the strategy's own, the project's launch, takes an access
# experiment's place, not a neighbour's: Guided._experiment) changes the last step of five of
# sets 99-101's runs (a neighbour of the fastest instead of the second experiment). Held out
# on sets 102-104 (recorded after it): 15 of 17 within 3 % with it and without it. In sample,
# replayed on the recorded sweeps from every project's launch (sets 17-101, 313 kernels): 278
# -> 279 within 3 %, geometric mean 1.0204x -> 1.0186x, 15 faster and one slower
# (kilosort_cross_filter 1.029x -> 1.035x); ocv_farneback_box5 1.248x -> 1.000x.
CHANGED_SINCE.update({
    (99, "fasttf_sparse_avg_bwd"): [(256, 4, 1), (32, 8, 1), (64, 4, 1), (256, 1, 1), (16, 12, 1),
                                    (8, 16, 1), (1, 32, 1), (16, 8, 1)],
    (100, "optix_compositor"): [(8, 8, 1), (32, 8, 1), (64, 4, 1), (256, 1, 1), (32, 32, 1),
                                (16, 32, 1), (1, 32, 1), (64, 3, 1)],
    (100, "tani_pairwise_dist"): [(8, 8, 1), (32, 8, 1), (64, 16, 1), (32, 32, 1), (16, 32, 1),
                                  (256, 1, 1), (1, 32, 1), (24, 8, 1)],
    (101, "kblas_permute_columns"): [(32, 4, 1), (32, 8, 1), (32, 24, 1), (32, 16, 1), (16, 48, 1),
                                     (64, 1, 1), (1, 32, 1), (32, 3, 1)],
    (101, "nwchem_sd_t_d1_3"): [(16, 16, 1), (32, 8, 1), (8, 32, 1), (16, 8, 1), (64, 1, 1),
                                (1, 32, 1), (16, 6, 1), (12, 8, 1)],
})
LIVE_FIRST_THREE.update({
    (101, "nwchem_sd_t_d1_3"): [(16, 16, 1), (32, 8, 1), (8, 32, 1)],
})

#: The replays the suite runs by default (each analyzes its kernel after every measurement:
#: ~0.1 CPU s a step, the largest share of CI's time): every run a later round changed
#: (CHANGED_SINCE), every run of the two latest sets, and one run in four of the rest (one in
#: three until stop 62: 133 of 288 runs, ~78 CPU s of the suite's ~440).
#: GPUADVISOR_ALL_FIXTURES=1 replays them all (do that after changing a search strategy, a
#: rule or the analysis, as for the other sampled checks).
_LATEST = sorted(SETS)[-2:]
REPLAYED = RUNS if ALL_FIXTURES else [
    run for i, run in enumerate(RUNS) if run in CHANGED_SINCE or run[0] in _LATEST or i % 4 == 0]


def _live(n: int) -> Path:
    return HOPPER / f"default-search{n}"


def test_every_recorded_kernel_has_its_live_run_but_those_left_out() -> None:
    """Each set's live runs are its recorded kernels, less the runs LIVE_LEFT_OUT names (set
    95's two kernels whose live search the spent device budget stopped or never started)."""
    for n, kernels in SETS.items():
        recorded = {p.stem for p in (HOPPER / f"blind{n}" / "h200").glob("*.csv")}
        live = {p.stem for p in _live(n).glob("*.csv")}
        left_out = LIVE_LEFT_OUT.get(n, set())
        assert live == set(kernels) and not live & left_out, n
        assert recorded == live | left_out, n


def _journal(n: int, kernel: str) -> list[dict]:
    lines = (_live(n) / f"{kernel}.journal.jsonl").read_text().splitlines()
    return [json.loads(line) for line in lines]


def _from_project(n: int, kernel: str) -> bool:
    """Whether the live run started from the kernel's project's own launch (host_block), as
    tune does for a built-in kernel since stop 60; earlier runs started from the usual
    default."""
    if (n, kernel) in CUT_AT_LIMIT:  # no search records; recorded long after stop 60
        return True
    first = next(r for r in _journal(n, kernel) if r["type"] == "search")
    return "(the project's own launch)" in first["reason"]


def _measured(n: int, kernel: str) -> list[tuple[int, int, int]]:
    """The shapes a live run measured, in order (its journal's rows)."""
    return [(r["row"]["block_x"], r["row"]["block_y"], r["row"]["block_z"])
            for r in _journal(n, kernel) if r["type"] == "row"]


_rows = table_rows


@pytest.mark.parametrize(("n", "kernel"), RUNS)
def test_the_live_run_was_the_default_strategy_profiling_every_shape(n: int, kernel: str) -> None:
    journal = _journal(n, kernel)
    start = journal[0]
    assert start["strategy"] == DEFAULT_STRATEGY == "shortlist"
    assert start["max_configs"] == 8 and "--strategy" not in start["provenance"]["command"]
    if (n, kernel) in CUT_AT_LIMIT:  # stopped before the search wrote its reasons
        table = pd.read_csv(_live(n) / f"{kernel}.csv", comment="#")
        measured = _measured(n, kernel)
        assert len(table) == len(measured) == CUT_AT_LIMIT[n, kernel] < 8
        assert measured[0] == get_kernel(kernel).host_block
        assert (table["status"] == "ok").all() and table["achieved_occupancy"].notna().all()
        return
    reasons = [r["reason"] for r in journal if r["type"] == "search"]
    if _from_project(n, kernel):  # since stop 60: the project's own launch, then the usual
        assert reasons[0].startswith("start: ") and "(the project's own launch)" in reasons[0]
        spec = get_kernel(kernel)
        if spec.host_block == ((32, 8, 1) if spec.dims == 2 else (256, 1, 1)):
            # the project launches the usual default itself (set 100's spark_bloom_put and set
            # 101's dietgpu_ans_histogram, 256x1): measured once, the list from its profile (set
            # 104's ultragrid_r12l_to_rg48, a 2-D kernel whose host launches 256x1, is not: its
            # usual default 32x8 is profiled second)
            first = next(r for r in journal if r["type"] == "search")
            assert tuple(first["key"][1:4]) == get_kernel(kernel).host_block
            assert not any("the usual default shape, profiled" in r for r in reasons)
            reasons_after = reasons[1:4]
        else:
            assert "the usual default shape, profiled" in reasons[1]
            reasons_after = reasons[2:5]
    else:
        assert reasons[0].startswith("start: ")
        assert "the usual default shape, profiled" in reasons[0]
        reasons_after = reasons[1:4]
    assert any(r.startswith("shortlist ") for r in reasons_after)
    table = pd.read_csv(_live(n) / f"{kernel}.csv", comment="#")
    assert len(table) == len(reasons) <= 8
    assert (table["status"] == "ok").all() and table["achieved_occupancy"].notna().all()


@pytest.mark.parametrize(("n", "kernel"), REPLAYED)
def test_a_replay_on_the_live_answers_asks_for_the_same_shapes(n: int, kernel: str) -> None:
    """The space is the set's recorded sweep's (the same tune options); every answer comes
    from the live run's own rows, so the replay must ask for exactly what the GPU measured."""
    sweep_rows = _rows(HOPPER / f"blind{n}" / "h200" / f"{kernel}.csv")
    live_rows = _rows(_live(n) / f"{kernel}.csv")
    # the shapes tune had that the recorded sweep lacks: set 103's punica_bgmv_expand's host
    # launches a 3-D 2x16x4, which the 2-D sweep does not time but the live space holds
    swept = {(r["block_x"], r["block_y"], r["block_z"]) for r in sweep_rows}
    space_rows = sweep_rows + [
        r for r in live_rows if (r["block_x"], r["block_y"], r["block_z"]) not in swept]
    start = get_kernel(kernel).host_block if _from_project(n, kernel) else None
    result = replay_search(space_rows, live_rows, 8, arch="sm_90", code=kernel_code([kernel]),
                           start=start, source=PROJECT_LAUNCH)
    live = [tuple(r["key"][1:4]) for r in _journal(n, kernel) if r["type"] == "search"]
    if (n, kernel) in CUT_AT_LIMIT:  # its first steps, as far as the GPU measured them
        live = _measured(n, kernel)
        assert [s.config.block for s in result.steps][:len(live)] == live
        return
    if (n, kernel) in CHANGED_SINCE:
        # round 41 reads lgbm_hist_dense's 16 % efficiency at 1.04 sectors per request as
        # coalesced, not scattered: the shortlist after its default is no longer 32x1, 16x2, ..
        # Round 44 puts 1,024-thread blocks first for both histograms (cvcuda_histogram's live
        # run went 32x24, 128x1, .. and never reached a 1,024-thread block). Round 46 no
        # longer charges idle threads in grids of at most one wave (lightseq_dropout_bias_bwd's
        # fourth shape 8x32, not 8x8).
        assert live[:3] == LIVE_FIRST_THREE[n, kernel]
        assert [s.config.block for s in result.steps] == CHANGED_SINCE[n, kernel]
        return
    assert [s.config.block for s in result.steps] == live


def _pick_regret(run: Path, sweep_path: Path) -> float | None:
    """A search run's fastest shape (its table ``run``) timed in the recorded sweep, over that
    sweep's best, to 3 decimals."""
    table = pd.read_csv(run, comment="#")
    pick = table.loc[table["time_ms"].idxmin(), ["block_x", "block_y", "block_z"]].tolist()
    sweep = pd.read_csv(sweep_path, comment="#")
    sweep = sweep[sweep["status"] == "ok"]
    at = sweep[(sweep[["block_x", "block_y", "block_z"]] == pick).all(axis=1)]
    if at.empty:  # a pick the sweep did not time (set 103's punica_bgmv_expand kept the
        return None  # host's 3-D 2x16x4; the 2-D sweep times z = 1 only)
    return round(float(at["time_ms"].min() / sweep["time_ms"].min()), 3)


def _regrets(n: int) -> dict[str, float | None]:
    """Each live pick's time in the set's own sweep over that sweep's best."""
    return {kernel: _pick_regret(_live(n) / f"{kernel}.csv",
                                 HOPPER / f"blind{n}" / "h200" / f"{kernel}.csv")
            for kernel in SETS[n]}


def test_the_live_picks_against_the_recorded_sweeps() -> None:
    """Set 54: within 3 % on all six (hugectr_fm_order2's 96x1 1.015x; parti_mttkrp's default
    32x8 is 2.56x). Set 55: on four; kfl_vertex_map (a ~8 us kernel whose default is 1.44x
    the best in this recording and 1.07x in the repeat) stops at 128x1, 1.137x, and
    cufinufft_deconvolve_2d's 96x1 is 1.051x here and the repeat's best. Set 56: on four;
    spconv_gather (~12 us; its best 24x3 here, 6x8 in the repeat) stops at 8x8, and
    lgbm_hist_dense (a shared-memory histogram) at its default 32x8, 1.30x: no block of more
    than 384 threads was asked for, and its best is 16x32. Set 57 (recorded after round 41):
    on five; rsc_qc_dense, whose default 32x8 is 7.97x the best (lanes a matrix row apart),
    stops at 1x128, 1.178x. Set 58: on four; realsense_zero_holes (~6 us; its best 96x4 here,
    16x24 in the repeat) stops at 32x32, 1.40x, and fbgemm_reorder_ad_lengths at 24x8, 1.034x.
    Set 59 (recorded after round 43): on five; astroaccel_harmonic_sum (harmonic rows read at
    2 to 32 times a thread's bin) stops at 16x16, 1.070x (best 8x12). Set 60: on four;
    cvcuda_histogram (a shared 256-bin histogram a block, default 32x8 4.15x) stops at 32x24,
    1.395x (best 128x8: 1,024 threads, never asked for), and aa_dit_decimate at 16x16,
    1.040x (best 96x1). Set 61 (recorded after round 44): on five; gespmm_seqreduce_nnz (16
    dense columns on the grid's y by the block's width) stops at 8x8, 1.077x (best 16x8).
    Set 62 (recorded after round 44): on four; qulacs_dense_matrix5 (a
    group's amplitudes in shared memory, 512 B apart along x: 8-way bank conflicts at 32x8)
    stops at 8x12, 1.741x (best 2x32), and ktgmc_rb2b_bilinear at 192x1, 1.049x (its best
    128x2 tied live). Set 63 (recorded after round 45): on five; lightseq_dropout_bias_bwd (one
    row of blocks, each thread walking its column down the rows) stops at its default 32x8,
    7.03x (best 8x128). Set 64 (recorded after round 46): on five; kilosort_cross_filter
    (shared tiles of bx + by*bz templates) stops at 16x24, 1.053x (best 24x12). Set 65
    (recorded after round 46): on four; Kilosort"s extract_snips and Conv1D (64 blocks, one a
    channel) stop at 16x32, 1.122x (best 64x12), and 512x1, 1.118x (best 1024x1). Set 66
    (recorded after round 47): on all six. Set 67 (recorded after round 47): on five;
    bart_reduce_zadd_outer (a reduction over 32 rows in shared memory) stops at 128x2, 1.030x
    (1.0301, just past 3 %; best 32x2). Set 68 (recorded after round 47): on five;
    megengine_images2neibs (x loops over the 9 window positions) stops at 16x16, 1.895x (best
    3x64). Set 69 (recorded after round 48): on four; bidmat_copy_from_inds2d (one column a
    block row, x looping over the rows) stops at its default 32x8, 2.193x (best 512x1), and
    hydrogen_axpy_2d (four columns a thread) at 64x4, 1.045x (best 64x1). Set 70 (recorded
    after round 48): on three; spfft_transpose_fwd stops at 6x32, 1.070x (best 4x24),
    nvenc_curves (4 pixels a thread) at 24x12, 1.054x (best 32x4), and trtllm_causal_mask (x
    loops over the key columns) at 64x4, 1.161x (best 512x1). Set 71 (recorded after round
    49): on four; gpu4pyscf_take_last2d (x the output's row) stops at 8x32, 1.135x (best
    1x256), and dca_copy_rows (rows gathered and scattered through index lists) at its default
    32x8, 1.032x (best 48x12). Set 72 (recorded after round 49): on four;
    oneflow_batch_transpose (a fixed tile a block over a capped grid) stops at 8x8, 1.054x
    (best 32x2), and ms_segment_max (one block an SM) at 768x1, 1.473x (best 1024x1). Set 73
    (recorded after round 50): on all six (abacus_matrix_copy"s 4x32 and dali_flip"s 32x8
    1.027x). Set 74 (recorded after round 50): on four; sqllm_nuq4_matvec (a shared-memory
    matrix-vector product, default 32x8 1.69x) stops at 192x2, 1.033x (best 128x2; 1.015x in
    the repeat), and megablocks_indices (a ~7 us kernel) at its default 32x8, 1.481x (best
    32x32, which it measured third: 32x8 timed faster live, 6.85 against 7.15 us). Set 75
    (recorded after round 50): on four; leap_mean_filter (x the slice, the array"s slowest
    axis; default 32x8 6.68x) stops at 8x32, 1.763x (best 1x512: with the code the rules'
    pick is the default itself), and cpm_embedding_fwd (a fixed tile a block) at its default
    32x8, 1.133x (best 8x8). Set 76 (recorded after round 50): on five; ptypy_ob_update (one
    block a pod) stops at its default 32x8, 1.032x (best 128x8; 1.028x in the repeat), and
    pnlp_token_penalty (64 blocks on 132 SMs) reaches its best, 1024x1, the fixed-grid pick
    the hedge listed second. Set 77 (recorded after round 52): on five; hetu_tril_lookup (x an
    element of a sample's 27 x 27 matrix) stops at 16x12, 1.119x (best 4x64). Set 78 (recorded
    after round 52): on four; theano_take3 (x the image's second axis, its elements 256 B
    apart) stops at 8x12, 1.225x (best 2x64), and th_permute_0231 (a fixed 32 x 32 tile a
    block, 17,376 blocks) at its default 32x8, 1.274x (best 32x2); tutel_moe_encode (128
    blocks on 132 SMs) reaches its best, 1024x1, the fixed-grid pick the hedge listed
    second. Set 79 (recorded after round 53): on five; anakin_transpose (a fixed 16 x 16 tile
    a block, 4,096 blocks) stops at 16x16, 1.345x (best 8x8: from the first launch alone the
    rules' pick is the default 32x8, and no block under 16 wide was asked for). Set 80
    (recorded after round 53): on three; niutensor_index_to_onehot (x the one-hot row, rows
    40,000 B apart) stops at 32x16, 1.035x (best 64x8), pplcv_calc_hist (a grid capped at 128
    blocks, 120 on 132 SMs at 32x8) at 32x32, 1.220x, the fixed-grid pick the hedge listed
    second (best 64x16; 1.193x against the repeat, whose best is 256x4), and
    turbo_split_bias_transpose (one block a 64-value row, 221,184 blocks) at 64x1, 1.108x
    (best 32x1); strumpack_laswp (16 blocks on 132 SMs at 256x1) reaches its best, 32x1, the
    rules' pick, listed first, before the hedge's 1024x1. Set 81 (recorded after round 53): on
    five; h2o4gpu_ts_to_matrix (8 lags: flat wide blocks lead) stops at 192x2, 1.054x (best
    512x1); eman2_column_sum (16 blocks on 132 SMs at 256x1) lists its pick 32x1 first and the
    hedge's 1024x1 second and reaches its best, 512x1, eighth. Set 82 (recorded after round
    53): on five; qmcpack_tbt_mv_plus (one block at every shape) stops at 1x256, 2.583x (best
    2x512), the profile's pick listed first before the hedge's 16x64 (2.955x);
    nvblox_difference_image (x the image's row) at 1x256, 1.005x (1.032x against the repeat).
    Set 83 (recorded after round 55): on all six; lmdeploy_gather_output (one block a
    request's row, 256 blocks at every shape) lists the profile's 32x1 (6.82x) and three more
    small blocks first, then walks up from 256x1 to its best, 512x1, eighth. Set 84 (recorded
    after round 55): on five; paddlelite_seq_pad (a block's rows, each looped over by its x
    threads) stops at 64x2, 1.034x (best 64x1; 1.007x against the repeat). Set 85 (recorded
    after round 55): on all six; cutt_lead_vol_same (about 64 blocks at every shape; 64 on the
    first launch) lists the profile's 256x1 (12.5x) first and the hedge's 64x16, its best,
    second. Set 86 (recorded after round 55; two kernels): on one; scn_sparse_to_dense (a fixed
    grid of 32 blocks) stops at the profile's 4x64, 1.785x (best 2x512), the hedge's 32x32
    (2.051x) listed second. Set 87 (recorded after round 56): on all six; bagua_reduce_chunk
    (default 32x8 3.15x) walks from the profile"s list to 64x1, 1.002x (best 128x1, never
    asked for). Set 88 (recorded after round 56; four kernels): on all four;
    pn2_group_points (one block a cloud, 16 blocks at every shape) lists the profile's 64x1
    (1.95x) first and the hedge"s 1024x1 second, and stops at 384x1, 1.003x. Set 89
    (recorded after round 56): on five; pcs_correlation_bwd (one block an input value, its
    threads sharing out a 21 x 21 patch) stops at 1x32, 1.329x (best 4x8; 1.321x against the
    repeat), after the profile's list and two experiments on the access models; tpk_cubic_sampling
    (one block a cloud, 16 blocks) lists the profile"s 64x1 (5.77x) first and the hedge"s
    1024x1, its best, second, and keeps 768x1, 1.003x. Set 90 (recorded after round 56; three
    kernels first, cumo_index_compose's recording faulted; recorded later with set 93): on
    two of four; gpaw_restrict (default 32x8 1.17x, best 8x8) stops at 1.075x and
    cumo_index_compose keeps its default 256x1, 1.038x (best 128x1, slower live). Set 91
    (recorded after round 56; two kernels): on both. Sets 92 and 93 (recorded after round 56;
    set 93 three kernels): on all nine; bonsai_boundary_reduce's 120-block first launch lists
    the hedge's 1024x1, its best, second, and pwc_corr_rearrange (default 32x8 3.43x) keeps
    6x32, 1.018x. Set 94 (recorded after round 56): on five; theseus_tmat_vec keeps its default
    32x8, 1.034x (best 32x32: no block of more than 256 threads asked for). Set 95 (recorded
    after round 56; live runs of three of its five kernels, LIVE_LEFT_OUT): on two;
    bevdepth_voxel_pool (the pick with the code its default 32x8, 2.196x) keeps 8x8, its best,
    and jdftx_matrix_sub_get keeps 16x16, 1.034x (best 4x96). Sets 96, 97 and 98 (recorded
    after round 56, in three calls): on five, six and five; bm3d_get_block (one block an 8 x 8
    patch, 32,768 blocks at every shape; default 32x8 2.91x) keeps the profile's 16x16, 1.921x
    (best 8x8, the host"s, never asked for), cudamat_select_rows (32 lines a block, 1,536
    blocks) keeps the profile's 256x1, 1.124x (best 128x4), and nnue_ft_forward (one block a
    position; default 256x1 2.061x) walks down to 96x1, its best. Sets 99, 100 and 101
    (recorded after round 56, in three calls; the first live runs to start from the project"s
    own launch, host_block): on four, five and five; ebsynth_vote_plain keeps 32x16, 1.186x
    (best 384x2), fasttf_sparse_avg_bwd (x the top-k entry; the host"s 256x4 1.877x) 16x12,
    1.657x (best 4x16), tani_pairwise_dist (one block a molecule, 1,024 blocks) its default
    32x8, 1.164x (best 32x2), and nwchem_sd_t_d1_3 16x8, 1.043x (best 8x4);
    kblas_permute_columns keeps the host's 32x4, its best (the first scoring's pick 32x6,
    1.126x). Sets 102, 103 and 104 (the first live runs with the project's launch in an access
    experiment's place, 746fc32): on six, four and five; torchaudio_iir (the host's 256x1
    1.454x) walks down to 32x1, 1.024x; punica_bgmv_expand keeps the host's 3-D 2x16x4, which
    the 2-D sweep did not time (None; 1.077x the sweep's best by its live time);
    skcuda_argmax_column (one block a column at the host's 32x1, 3.949x) 48x1, 2.578x (best
    192x2); quack_a_d_at (the host's 32x32 8.161x) 2x32, 1.029x; and
    yacclab_bke_final_labeling 64x4, 1.052x (best 128x1). Sets 105, 106 and 107 (recorded
    07:42-07:58 UTC, the search as of 1d341fd): on five, five and four; ddf_mul_fwd (the host's
    32x32 1.584x) 8x4, 1.063x (best 16x48); awq_gemv_g128 (the host's 32x4 6.472x) through the
    1x32 experiment to 2x32, 1.021x; pylops_nonstat_conv2d (x the model's slow axis, the host's
    32x32 3.682x) the 1x32 experiment, 1.273x (best 1x1024); rsf_fwi_step_forward (the host's
    16x16 1.239x) 128x2, 1.045x (best 64x2). Sets 108, 109 and 110 (recorded 11:14-11:36 UTC,
    the search as of 1d341fd with the atomics' stores off, 843703a): on three, three and five;
    inferllm_q40_matvec (the host's 32x16 1.086x) its usual default 32x8, 1.057x (best 8x128);
    tdrug_rspmm_fwd the host's 32x8, the usual default too, 1.145x (best 128x1); the host's
    156x4 (stnls_gather_tensor) and 320x1 (wd_reset_done_3d), which the sweeps did not time,
    measured first live and left behind. Set 111 (recorded 00:31-00:34 UTC, 2026-12-02, the
    same search): on four; lofar_cs_transpose (a shared-memory tile transpose, the host's 16x16
    1.154x) 8x32, 1.083x (best 4x32, never asked for); the host's 1x64x2
    (seticore_upchan_shift), which the sweep did not time, measured first live (2.02x the
    sweep's best) and left behind for 4x64, 1.025x. Set 112 (recorded 01:04-01:06 UTC,
    2026-12-02, the same search): on all three; cudadebayer_bayer_to_rgb from the host's 32x32
    to 256x1, 1.012x (best 32x24; 63 of 146 shapes within 3 %), supra_tgc from the host's 32x4
    (1.505x) to 256x1, 1.003x (best 128x2; 3 shapes within 3 %), svoct_subdc_pad from the
    host's 256x1, the usual default too, to 384x1, 1.014x (best 96x1, never asked for). Set
    113 (recorded 01:27-01:31 UTC, 2026-12-02, the same search): on five;
    cudasgbm_hamming_cost (a per-pixel walk over 101 disparities, its bit loop data-dependent)
    from the host's 32x32 (1.475x) to 16x16, 1.082x (best 512x1 and 4x64, the only shapes
    within 3 %, never asked for); kangaroo_costvol_min 64x2, 1.025x, lbmsim_stream_push from
    the host's 32x1 (1.475x) to 128x2, 1.025x, worder_lower_data from the host's 1024x1 to
    256x1, 1.002x, ckmers_encode 128x1, 1.000x, xxcu3d_depth_outliers 96x1, 1.003x. Set 114
    (recorded 02:07-02:10 UTC, 2026-12-02, the same search): on all five;
    hsprog_erode_nobound from the host's 32x4 (1.022x) to 48x4, 1.016x (best 24x4, never asked
    for), cudaogl_resize_rgb from the host's 32x32 (1.331x) to 256x1, 1.005x (best 192x1),
    kinokko_histeq_apply from the host's 512x1 (1.060x; its grid fixed at 6,144 blocks) to
    128x1, the best, csyntch_pcm_stereo16 from the host's 256x1 to 192x1, 1.005x, and
    cu2rec_loss_errors kept at the host's 32x1, the best (the rules' 256x1 1.337x). Set 115
    (recorded 10:51-10:53 UTC, 2026-12-02, the same search): on all four; gput2_life_step from
    the host's 16x16 (1.024x) to 64x3, 1.011x (best 12x8, never asked for), grain_sand_step
    from the host's 16x16 (1.100x) to 64x4, 1.015x (best 32x4, never asked for),
    en605_caesar_shift from the host's 1024x1 (1.172x) to 256x1, the best, and
    csc456_bitonic_step from the host's 512x1 (1.073x) to 384x1, the best. Set 116 (recorded
    11:12-11:15 UTC, 2026-12-02, the same search): on all four; ovni_chroma_key from the host's
    16x16 (1.104x) to 256x1, 1.003x, freq_heightmap_slope from the host's 8x8 (2.19x) to 64x4,
    1.017x, csc589_haversine from the host's 1024x1 to 96x1, 1.018x, and mac0219_base64_encode
    from the host's 256x1, the usual default too, to 384x1, 1.001x. Set 117 (recorded
    11:27-11:29 UTC, 2026-12-02, the same search): on three; pfinal_pixelado from the host's
    16x16 (1.168x) to 256x1, 1.021x, rpcuda_ndvi from the host's 256x1 to 192x1, the best,
    rossird_stego_encode from the host's 1024x1 (1.156x) to 256x1, the best; etudes_cat_map
    (a scatter: each thread's store lands far from its neighbours') from the host's 32x32
    (1.204x) to 32x24, 1.19x (best 2x384, never asked for; the rules' 4x64 1.268x). Set 118
    (recorded 11:53-11:55 UTC, 2026-12-02, the same search): on all three; gpgpu_tp1_sepia from
    the host's 32x32 (1.264x) to 32x8, 1.005x, cuda4eng_flashlight from the host's 32x32
    (1.130x) to 32x16, 1.005x, compgpu_block_hash (1,024 threads in all) from the host's 256x1
    (1.295x) to 32x1, the best. Set 119 (recorded 12:15-12:17 UTC, 2026-12-02, the same
    search): on both; fractalway_julia from the host's 32x32 (1.151x) to 8x48, the best (the
    rules' one-profile pick 32x8 1.112x), cudaimgproc_brightness from the host's 16x16 (1.247x)
    to 256x1, the best. Set 120 (recorded 13:17-13:22 UTC, 2026-12-02, the same search): on
    all four; gsgpu_idw_interpolate from the host's 16x16 (1.025x) to 128x1, 1.017x (best
    2x512, never asked for), fabidotplot_matrix (x the row: a warp's stores a row apart) from
    the host's 16x16 (1.981x; the usual 32x8 7.754x) to 1x384, the best,
    jucecuda_circular_conv from the host's 1024x1 (1.718x) to 512x1, the best, and
    brekperlin_noise_fill (a fixed grid of 1,024 blocks) from the host's 1024x1 (1.485x) to
    128x1, the best. Set 121 (recorded 13:27-13:31 UTC, 2026-12-02, the same search): on
    three; openbr_cuda_lbp from the host's 8x8 (2.167x) to 256x1, 1.001x,
    stensor_leaky_relu_bwd from the host's 1024x1 (1.200x) to 192x1, the best, and
    omega_smooth_l1_loss from the host's 1024x1 (1.178x) to 256x1, 1.016x (it timed 192x1,
    the sweep's best, slower than 256x1 live); ocv_needle_map_vertex (the host's 16x1 below
    --min-threads 32, so its run began at 32x8, 1.275x) to 192x1, 1.241x (best 32x1, never
    asked for). Set 122 (recorded 13:36-13:40 UTC, 2026-12-02, the same search, each run cut
    at 70 s): on three; ppc_rl_forward from the host's 32x8 (1.019x) to 16x32, 1.006x (cut
    at 70 s after 6 of 8 steps), pfslam_update_map from the host's 256x1 (1.018x) to 192x1,
    the best, pyemc_sum_slices (a fixed grid, one block a slice) kept at the host's 128x1, the
    best; dpmix_rows_max (a shared-memory tile, 126 shapes) from the host's 32x32 (3.095x)
    to 32x8, 1.288x (best 32x3, never asked for)."""
    assert {n: _regrets(n) for n in SETS} == LIVE_REGRETS


#: The round 44 and 47 live runs whose replay on their own rows round 56 changed (see
#: CHANGED_SINCE's round 56 comment): lgbm_hist_dense's fifth shape is 256x1, no longer 96x1
#: (which it measured); from a first launch of 64 blocks at 256x1 (under-filled), the other
#: three list 128x1 second, no longer 64x1, and Kilosort's snippets 16x32 before 16x8.
ROUND_56_REPLAYS = {
    ("round44-live", "lgbm_hist_dense"): [(32, 8, 1), (32, 32, 1), (16, 64, 1), (64, 16, 1),
                                          (256, 1, 1), (32, 1, 1), (64, 1, 1), (16, 48, 1)],
    ("round47-live", "kilosort_conv1d"): [(256, 1, 1), (128, 1, 1), (1024, 1, 1), (96, 1, 1),
                                          (192, 1, 1), (768, 1, 1), (512, 1, 1), (384, 1, 1)],
    ("round47-live", "kilosort_extract_snips"): [(32, 8, 1), (16, 16, 1), (64, 16, 1),
                                                 (16, 32, 1), (16, 8, 1), (4, 8, 1),
                                                 (4, 12, 1), (64, 12, 1)],
    ("round47-live", "cus_reduce_single_pass"): [(256, 1, 1), (128, 1, 1), (1024, 1, 1),
                                                 (96, 1, 1), (192, 1, 1), (768, 1, 1),
                                                 (512, 1, 1), (384, 1, 1)]}


@pytest.mark.parametrize(("n", "kernel", "regret"), [(60, "cvcuda_histogram", 1.031),
                                                     (56, "lgbm_hist_dense", 1.003)])
def test_round_44_live_runs_reach_the_larger_blocks(n: int, kernel: str, regret: float) -> None:
    """fixtures/hopper/round44-live: after round 44 (shared-histogram-flush) the live search
    asks a 1,024-thread block second, and the replay on those rows asks for exactly what the
    GPU measured; the picks are 1.031x and 1.003x the set's best, from 1.395x and 1.303x live
    before the round (both kernels in sample for it). Round 56 changes lgbm_hist_dense's
    fifth shape (ROUND_56_REPLAYS)."""
    folder = HOPPER / "round44-live"
    journal = [json.loads(line) for line in
               (folder / f"{kernel}.journal.jsonl").read_text().splitlines()]
    live = [tuple(r["key"][1:4]) for r in journal if r["type"] == "search"]
    # the listed shapes are CHANGED_SINCE's (the replay on the earlier live rows); the
    # neighbourhood search after them follows this run's own times
    assert live[:2] == [(32, 8, 1), (32, 32, 1)] and live[:4] == CHANGED_SINCE[n, kernel][:4]
    result = replay_search(_rows(HOPPER / f"blind{n}" / "h200" / f"{kernel}.csv"),
                           _rows(folder / f"{kernel}.csv"), 8, arch="sm_90",
                           code=kernel_code([kernel]))
    assert [s.config.block for s in result.steps] == ROUND_56_REPLAYS.get((folder.name, kernel),
                                                                           live)
    assert _pick_regret(folder / f"{kernel}.csv",
                        HOPPER / f"blind{n}" / "h200" / f"{kernel}.csv") == regret


@pytest.mark.parametrize(("n", "kernel", "regret"), [(65, "kilosort_conv1d", 1.0),
                                                     (65, "kilosort_extract_snips", 1.036),
                                                     (42, "cus_reduce_single_pass", 1.0)])
def test_round_47_live_runs_ask_for_the_fixed_grid_reading(n: int, kernel: str,
                                                           regret: float) -> None:
    """fixtures/hopper/round47-live: after round 47 the live search asks, second, for the pick
    read as a fixed grid (64 blocks on 132 SMs), and the replay on those rows asks for exactly
    what the GPU measured; set 65's two Kilosort kernels went from 1.118x and 1.122x live
    before the round to 1.000x and 1.036x (all three in sample for it). Round 56 changes
    the shapes after the first (ROUND_56_REPLAYS); the hedge is still listed second."""
    folder = HOPPER / "round47-live"
    journal = [json.loads(line) for line in
               (folder / f"{kernel}.journal.jsonl").read_text().splitlines()]
    steps = [r for r in journal if r["type"] == "search"]
    assert steps[2]["reason"].startswith(
        "shortlist 2 of 5: the rules' pick read as a fixed grid (the first launch has fewer "
        "blocks than SMs)")
    live = [tuple(r["key"][1:4]) for r in steps]
    result = replay_search(_rows(HOPPER / f"blind{n}" / "h200" / f"{kernel}.csv"),
                           _rows(folder / f"{kernel}.csv"), 8, arch="sm_90",
                           code=kernel_code([kernel]))
    assert [s.config.block for s in result.steps] == ROUND_56_REPLAYS.get((folder.name, kernel),
                                                                           live)
    assert _pick_regret(folder / f"{kernel}.csv",
                        HOPPER / f"blind{n}" / "h200" / f"{kernel}.csv") == regret
