"""kernels/manifest.yaml: every kernel is complete, its grid covers its problem for every
shape of the seeds' grid, its reference is right, and (with nvcc) it compiles for sm_90.

PYTEST_DONT_REWRITE: pytest's assertion rewriting of this module (16,000 lines of hand-checked
cases) cost 8-10 s in every test process's collection, CI's two workers included. A failing
assert here names its line and message but not its operands' values; delete this marker
locally to see them."""

from __future__ import annotations

import hashlib
import importlib
import itertools
import math
import shutil

import numpy as np
import pytest
from all_fixtures import ALL_FIXTURES

from gpuadvisor.errors import UserError
from gpuadvisor.space import seed_shapes
from gpuadvisor.targets import references
from gpuadvisor.targets.compile import compile_kernel, parse_ptxas
from gpuadvisor.targets.data import host_values, nbytes
from gpuadvisor.targets.manifest import evaluate, kernels, load_manifest
from gpuadvisor.targets.plans import build_plan, halve

SPECS = kernels()
REQUIRED = {
    "matrix_add",
    "matmul_naive",
    "matmul_tiled",
    "random_copy",
    "scattered",
    "vector_reduction",
    "vector_reduction_adaptive",
    "overloaded",
    "overlapped",
    "sgemm_coalesced",
    "sgemm_blocktiling_1d",
}


def test_the_seeds_benchmarks_are_all_there():
    assert set(SPECS) >= REQUIRED
    assert {s.access for s in SPECS.values()} == {"coalesced", "reuse", "scattered", "random"}


@pytest.mark.parametrize("name", sorted(SPECS))
def test_kernel_entry_is_complete(name):
    spec = SPECS[name]
    assert spec.source.is_file() and spec.title and spec.seeds and spec.shape_mapping
    module, _, func = spec.reference.partition(":")
    assert callable(getattr(importlib.import_module(module), func))
    params = spec.resolve_params()
    # big enough to fill an H100 (132 SMs x 2048 threads) several times at 256 threads
    grid = spec.grid_for((256, 1, 1) if spec.dims == 1 else (32, 8, 1), params)
    blocks = grid[0] * grid[1] * grid[2]
    per_thread = 64 if name == "sgemm_blocktiling_2d" else 1
    if name == "nbody":  # a small grid on purpose (N^2 work): large blocks leave SMs idle
        assert blocks == 48 and params["N"] ** 2 > 10**8
    elif name == "col_sum":  # under one wave on purpose: each thread loops over 512 rows
        assert blocks == 512 and params["ROWS"] * params["COLS"] > 6 * 10**7
    elif name == "gridstride_axpy":  # a fixed grid on purpose: the block size sets the fill
        assert blocks == 1024 and params["N"] >= 1024 * 1024 * 32
    elif name == "af_tile":  # ArrayFire's fixed grid of 512 x 32 tiles, each thread looping
        assert blocks == -(-params["COLS"] // 512) * params["NB"] * -(-params["ROWS"] // 32)
        assert params["NB"] * params["ROWS"] * params["COLS"] > 1.6 * 10**7
    elif name == "cus_boxfilter_x":  # one image row per thread on purpose: each walks COLS
        assert blocks == params["ROWS"] // 256 and params["ROWS"] * params["COLS"] > 1.6 * 10**7
    elif name == "omm_find_block_bounds":  # one thread per 32-atom block, grid capped
        assert blocks == min(-(-params["NTILES"] // 256), params["CAP"])
        assert params["NTILES"] * 32 >= 4 * 10**6
    elif name == "jpeg_quant_zigzag":  # one thread per 8 x 8 block on purpose: 64 each
        assert blocks == -(-params["COLS"] // 32) * -(-params["ROWS"] // 8)
        assert params["ROWS"] * params["COLS"] * 64 >= 1.6 * 10**7
    elif name == "pcl_kinfu_tsdf":  # one thread per voxel column on purpose: each walks VZ
        assert blocks == -(-params["COLS"] // 32) * -(-params["ROWS"] // 8)
        assert params["COLS"] * params["ROWS"] * params["VZ"] >= 1.6 * 10**7
    elif name == "torch_weight_norm_last":  # column tiles on purpose: the rows are looped over
        assert blocks == -(-params["COLS"] // 32)
        assert params["ROWS"] * params["COLS"] >= 1.6 * 10**7
    elif name == "bude_fasten":  # miniBUDE's bm1: 65,536 poses, 4 a thread, 24,388 pairs each
        assert blocks == -(-params["NPOSES"] // 1024)
        assert params["NPOSES"] * params["NATLIG"] * params["NATPRO"] > 10**9
    elif name == "cus_reduce_single_pass":  # the sample's capped grid, a grid-stride loop
        assert blocks == params["CAP"] and params["N"] >= 1.6 * 10**7
    elif name == "af_scan_first":  # one block wide on purpose: each block row walks its row
        assert blocks == -(-params["ROWS"] // 8)
        assert params["ROWS"] * params["COLS"] >= 1.6 * 10**7
    elif name == "cusp_dia_spmv":  # CUSP's capped grid (8 blocks an SM), a grid-stride loop
        assert blocks == params["CAP"] and params["ROWS"] * params["NDIAG"] >= 1.4 * 10**7
    elif name == "darknet_fast_mean":  # Darknet's one block per filter, each walking a batch
        assert blocks == params["FILTERS"]
        assert params["BATCH"] * params["FILTERS"] * params["SPATIAL"] >= 10**7
    elif name == "eclcc_init":  # ECL-CC's SMs x 2048 / threads blocks, a grid-stride loop
        assert blocks == params["TPSM"] // 256 and params["N"] >= 8 * blocks * 256
    elif name == "pointnet2_ball_query":  # under one wave on purpose: each scans its cloud
        assert blocks == -(-params["M"] // 256) * params["B"]
        assert params["B"] * params["M"] * params["N"] >= 10**9
    elif name == "libsgm_census":  # libSGM's 16 lines a thread, walked with a ring of lines
        assert blocks == -(-params["COLS"] // 32) * -(-params["ROWS"] // (16 * 8))
        assert params["LINES"] == 16 and params["ROWS"] * params["COLS"] >= 8 * 10**6
    elif name == "magma_dgeadd2":  # MAGMA's 32 columns a thread (BLK_Y)
        assert blocks == -(-params["COLS"] // 32) * -(-params["ROWS"] // (32 * 8))
        assert params["BLK_Y"] == 32 and params["ROWS"] * params["COLS"] >= 8 * 10**6
    elif name == "tf_resize_nearest_nhwc":  # GetGpuLaunchConfig's resident grid, a loop
        assert blocks == params["TPSM"] // 256 and params["NUMEL"] >= 8 * blocks * 256
    elif name == "petsc_sf_pack":  # PETSc's resident grid (maxResidentThreadsPerGPU), a loop
        assert blocks == params["TPSM"] // 256 and params["COUNT"] >= 8 * blocks * 256
    elif name == "astra_add_mul":  # ASTRA's 32 consecutive rows a thread (devDDtoD's repeat)
        assert blocks == -(-params["COLS"] // 32) * -(-params["ROWS"] // (32 * 8))
        assert params["ROWS"] * params["COLS"] >= 8 * 10**6
    elif name == "p3d_gather_scatter":  # PyTorch3D's fixed grid of 1920 blocks, edges looped
        assert blocks == params["GRID"] and params["E"] >= 100 * blocks
    elif name == "dlib_affine_conv":  # dlib's occupancy-sized resident grid, a loop
        assert blocks == params["TPSM"] // 256 and params["NUMEL"] >= 8 * blocks * 256
    elif name == "ort_cumsum":  # under one wave on purpose: each thread re-sums its prefix
        assert blocks == -(-params["NUMEL"] // 256)
        assert params["NUMEL"] * params["DIM"] // 2 >= 10**9
    elif name == "r123_pi_hits":  # one thread per core on purpose (Random123's pi example)
        assert blocks == -(-params["NTHREADS"] // 256)
        assert params["NTHREADS"] * params["TRIES"] >= 3 * 10**7
    elif name == "osd_eval_stencils":  # OpenSubdiv's fixed grid of 512 blocks, a loop
        assert blocks == params["GRID"] and params["NSTENCILS"] >= 8 * blocks * 256
    elif name == "tcluster_knn":  # under one wave on purpose: each thread scans its cloud
        assert blocks == -(-params["M"] // 256)
        assert params["M"] * params["N"] // params["B"] >= 3 * 10**7
    elif name == "ccn_max_pool":  # 16 outputs a thread (cuda-convnet2's 4 images x 4 filters)
        assert blocks == -(-params["COLS"] // 128) * -(-params["ROWS"] // 32) * params["OUT"] ** 2
        assert params["ROWS"] * params["COLS"] * params["OUT"] ** 2 >= 2 * 10**6
    elif name == "spconv_gather":  # spconv's NumILP: 16 indices a thread, the 5 planes along y
        assert blocks == -(-params["ROWS"] // (16 * 32)) * -(-params["COLS"] // 8)
        assert params["ROWS"] * params["COLS"] >= 5 * 10**5
    elif name == "lgbm_hist_dense":  # LightGBM's runs of ~400 leaf rows a thread, a partition
        assert blocks == params["PARTS"] * max(params["MINGY"], -(-params["ROWS"] // 400 // 8))
        assert params["ROWS"] * params["COLS"] >= 2 * 10**7
    elif name == "av_sgm_aggregate":  # one launch a slice (AliceVision sweeps slice by slice)
        assert blocks == -(-params["VY"] // 32) * -(-params["VZ"] // 8)
        assert params["VY"] * params["VZ"] >= 2.5 * 10**5
    elif name == "heavydb_init_group_by":  # HeavyDB's fixed grid of 2 x SMs blocks, a loop
        assert blocks == params["GRID"] and params["ENTRIES"] >= 8 * blocks * 256
    elif name == "hvd_batched_scaled_memcpy":  # Horovod's 8 blocks a tensor, 160 tensors
        assert blocks == 8 * params["NCOPIES"] and params["NCOPIES"] == 160
        assert params["TOTAL"] >= 8 * 10**6
    elif name == "awp_dvelcx":  # one thread per (z, y) column on purpose: each walks NX slices
        assert blocks == -(-params["NZ"] // 32) * -(-params["NY"] // 8)
        assert params["NX"] * params["NY"] * params["NZ"] >= 8 * 10**6
    elif name == "tsvm_sum_kernel_values":  # ThunderSVM's fixed NUM_BLOCKS, a grid-stride loop
        assert blocks == params["GRID"] == 32 * 56 and params["N"] * params["NSV"] >= 10**7
    elif name == "lightseq_dropout_bias_bwd":  # column blocks on purpose: the rows are looped
        assert blocks == -(-params["COLS"] // 32)
        assert params["ROWS"] * params["COLS"] >= 8 * 10**6
    elif name == "viennacl_csr_dtrmat_mul":  # ViennaCL's fixed 128 blocks, rows looped over
        assert blocks == params["GRID"] == 128 and params["NNZ"] * params["N"] >= 6 * 10**7
    elif name == "kilosort_cross_filter":  # one thread a template pair: 121 lags of sums each
        assert blocks == -(-params["NF"] // 32) * -(-params["NF"] // 8)
        assert params["NF"] ** 2 * params["NT0"] ** 2 >= 3 * 10**8
    elif name == "hpgmg_smooth_gsrb":  # one thread per cell column on purpose: each walks DIM
        assert blocks == -(-params["DIM"] // 32) * -(-params["DIM"] // 8) * params["NBOX"]
        assert params["DIM"] ** 3 * params["NBOX"] >= 10**6
    elif name == "kilosort_extract_snips":  # Kilosort's one block a channel, spikes scanned
        assert blocks == params["NCHAN"] == 64
        assert params["NSPK"] * params["NCHAN"] * params["NT0"] >= 10**7
    elif name == "kilosort_conv1d":  # Kilosort's one block a channel, the samples walked
        assert blocks == params["NCHAN"] == 64
        assert params["NRANK"] * params["NCHAN"] * params["NT"] * params["NT0"] >= 10**8
    elif name == "vllm_reshape_and_cache":  # vLLM's one block a token of a decode step
        assert blocks == params["TOKENS"] == 1024
        assert params["TOKENS"] * params["HEADS"] * params["HSIZE"] >= 10**6
    elif name == "jax_threefry2x32":  # jaxlib's grid of at most 1,024 blocks, a loop
        assert blocks == params["CAP"] == 1024 and params["N"] >= 16 * blocks * 256
    elif name == "exatensor_matmul_tn":  # ExaTENSOR's grid capped at 1,024 blocks, looped
        assert blocks == params["CAP"] ** 2 == 1024
        assert params["LL"] * params["LR"] >= 4 * blocks * 256
    elif name == "bidmat_copy_from_inds2d":  # one column a block row, its rows looped over
        assert blocks == -(-params["NC"] // 8) and params["NR"] * params["NC"] >= 8 * 10**6
    elif name == "babelstream_dot":  # BabelStream's fixed grid of 4 blocks an SM, a loop
        assert blocks == params["DOT_BLOCKS"] == 4 * 132
        assert params["N"] >= 8 * blocks * 256
    elif name == "dca_copy_rows":  # DCA++'s 8 columns a thread, into a sparse destination
        assert blocks == -(-params["NROWS"] // 32) * -(-params["RS"] // (8 * 8))
        assert params["NROWS"] * params["RS"] >= 5 * 10**5 and params["YLD"] >= 16 * params["NROWS"]
    elif name == "trtllm_causal_mask":  # TensorRT-LLM's rows over at most 1,024 block rows
        assert blocks == min(1024, -(-params["MAXQ"] // 8)) * params["B"]  # a sequence, the
        assert params["B"] * params["MAXQ"] * params["MAXKV"] >= 8 * 10**6  # columns looped
    elif name == "te_moe_unpermute":  # Transformer Engine's one block a token, columns looped
        assert blocks == params["TOKENS"] and params["OUT"] * params["HIDDEN"] >= 8 * 10**6
    elif name == "ms_segment_max":  # MindSpore's one block an SM, a warp a value, rows scanned
        assert blocks == params["CAP"] == 132
        assert params["ITEMS"] * params["OUTER"] >= 10**8
    elif name == "qrnn_forget_mult":  # one thread a (batch, hidden) column: each walks SEQ
        assert blocks == -(-params["H"] // 32) * -(-params["B"] // 8)
        assert params["SEQ"] * params["B"] * params["H"] >= 8 * 10**6
    elif name == "slate_tzcopy":  # SLATE's one block a tile, a thread a row of the trapezoid
        assert blocks == params["NT"] and params["NT"] * params["M"] * params["N"] >= 4 * 10**6
    elif name == "ptypy_ob_update":  # PtyPy's one block a pod, the block looping over its frame
        assert blocks == params["NPODS"] == 480
        assert params["NPODS"] * params["FB"] * params["FC"] >= 4 * 10**6
    elif name == "segalign_num_hits":  # SegAlign's fixed grid of MAX_BLOCKS = 1,024, a loop
        assert blocks == params["GRID"] == 1024 and params["NSEEDS"] >= 8 * blocks * 256
    elif name == "pnlp_token_penalty":  # PaddleNLP's one block a sequence, its vocabulary looped
        assert blocks == params["BS"] == 64 and params["BS"] * params["V"] >= 8 * 10**6
    elif name == "colossal_moe_combine":  # ColossalAI's one block a token, packs of 16 values
        assert blocks == params["S"] == 8192 and params["S"] * params["H"] >= 4 * 10**6
    elif name == "highs_dual_grad_step":  # cuPDLP's grid capped at 32 blocks an SM, a loop
        assert blocks == params["CAP"] == 32 * 132 and params["NROWS"] >= 4 * blocks * 256
    elif name == "theano_take3":  # Theano's one block an index (min(d0, 65535)), images looped
        assert blocks == params["GRID"] == params["NIDX"] == 2048
        assert params["NIDX"] * params["D1"] * params["D2"] >= 8 * 10**6
    elif name == "qsim_partial_norms":  # qsim's fixed 16 amplitudes a thread (num_dblocks)
        assert blocks == -(-params["AMPS"] // (256 * params["DB"])) and params["DB"] == 16
        assert params["AMPS"] >= 8 * 10**6
    elif name == "tutel_moe_encode":  # Tutel's fixed grid of 128 blocks, the tokens looped
        assert blocks == params["GRID"] == 128
        assert params["SAMPLES"] * params["HIDDEN"] >= 8 * 10**6
    elif name == "pplcv_calc_hist":  # PPL.CV's grid of at most 128 blocks, the rows looped
        assert blocks == 120 <= params["MAXB"] and params["ROWS"] * params["PIX"] >= 8 * 10**6
    elif name == "strumpack_laswp":  # one thread a column on purpose: each swaps NPIV times
        assert blocks == params["N"] // 256 and params["N"] * params["NPIV"] >= 8 * 10**6
    elif name == "qmcpack_tbt_mv_plus":  # QMCPACK's single block, looping over the matrix
        assert blocks == 1 and params["NROW"] * params["NCOL"] >= 2 * 10**6
    elif name == "xgrammar_token_bitmask":  # 32 logits a thread (one 32-bit mask word)
        assert blocks == -(-params["BMS"] // 256) * params["NSEL"]
        assert params["NSEL"] * params["V"] >= 8 * 10**6
    elif name == "lmdeploy_gather_output":  # LMDeploy's one block a request, its steps looped
        assert blocks == params["BATCH"] == 256 and params["BATCH"] * params["STEPS"] >= 4 * 10**6
    elif name == "eman2_column_sum":  # one thread a column on purpose: each walks NY rows
        assert blocks == params["NX"] // 256 and params["NX"] * params["NY"] >= 1.6 * 10**7
    elif name == "cutt_lead_vol_same":  # cuTT's grid capped at 64 blocks, Mbar looped
        assert blocks == 64 and params["D0"] * params["D1"] * params["D2"] >= 1.6 * 10**7
    elif name == "open3d_ragged_to_dense":  # one thread a row on purpose: each walks its row
        assert blocks == -(-params["NROWS"] // 256)
        assert params["NROWS"] * params["OUTCOL"] * params["DVS"] >= 1.6 * 10**7
    elif name == "singa_row_max":  # one thread a row on purpose: each walks its NCOL values
        assert blocks == params["NROW"] // 256 and params["NROW"] * params["NCOL"] >= 1.6 * 10**7
    elif name == "pn2_group_points":  # Pointnet2's one block a cloud, its pairs looped
        assert blocks == params["B"] == 16
        assert params["B"] * params["C"] * params["NPOINTS"] * params["NSAMPLE"] >= 1.6 * 10**7
    elif name == "tpk_cubic_sampling":  # torch-points-kernels' one block a cloud, points looped
        assert blocks == params["B"] == 16
        assert params["B"] * params["NPTS"] * params["NV"] * params["C"] >= 8 * 10**6
    elif name == "droid_corr_index":  # DROID-SLAM's one thread a pixel of an edge: 64 taps each
        assert blocks == -(-params["W1"] // 32) * -(-params["H1"] // 8) * params["N"]
        assert params["N"] * params["H1"] * params["W1"] * (2 * params["R"] + 2) ** 2 >= 10**7
    elif name == "bonsai_boundary_reduce":  # Bonsai's fixed grid of 120 blocks, a loop
        assert blocks == params["GRID"] == 120 and params["N"] >= 64 * blocks * 256
    elif name == "cucim_pba_flood_up":  # cuCIM's one thread a column of a band: each walks BAND
        assert blocks == -(-params["S"] // 32) * -(-params["M1"] // 8)
        assert params["S"] * params["M1"] * params["BAND"] >= 1.6 * 10**7
    elif name == "cudamat_select_rows":  # cudamat's 32 target rows a block, columns looped
        assert blocks == -(-params["NR"] // 32) and params["NR"] * params["NC"] >= 8 * 10**6
    elif name == "pytsparse_padded_scatter":  # PyTorch Sparse's 8 blocks an SM, a loop
        assert blocks == params["CAP"] == 1056 and params["TOTAL"] >= 8 * blocks * 256
    elif name == "jrclust_cuda_rho":  # JRCLUST's 16 spikes a block: the candidates walked
        assert blocks == params["GX"] * params["CK"] == params["N1"] // 16
        assert params["N1"] * params["N12"] * params["NC"] >= 10**9
    elif name == "nwchem_sd_t_d1_3":  # NWChem's 4 x 4 outputs a thread, H7 terms each
        assert blocks == -(-params["TOTAL_X"] // 128) * -(-params["TOTAL_Y"] // 32)
        assert params["TOTAL_X"] * params["TOTAL_Y"] * params["H7"] >= 8 * 10**7
    elif name == "dietgpu_ans_histogram":  # DietGPU's occupancy-sized grid, the bytes looped
        assert blocks == params["XB"] * params["NB"] == 8 * 132
        assert params["NB"] * params["SIZE"] >= 16 * blocks * 256
    elif name == "scn_sparse_to_dense":  # SparseConvNet's fixed grid of 32 blocks, rules looped
        assert blocks == params["GRID"] == 32 and params["NHOT"] * params["NPLANES"] >= 10**6
    elif name == "tani_pairwise_dist":  # TorchANI's one block a molecule: its N^2 pairs looped
        assert blocks == params["NMOL"] and params["NMOL"] * params["N"] ** 2 >= 4 * 10**6
    elif name == "mra_reduce_sum":  # MRA's one thread a block column: each sums its 32 rows
        assert blocks == -(-params["NB"] // 8) * params["BATCH"]
        assert params["BATCH"] * params["NB"] * 32 * 32 >= 1.6 * 10**7
    else:
        assert blocks * 256 * per_thread >= 2 * 132 * 2048 / (8 if per_thread > 1 else 1)
    assert nbytes(spec, params) < 4 * 2**30  # fits any H100 with room to spare


def _coverage(name, spec, params, block):
    """(rows, cols) of the output the grid reaches with this block, per the shape mapping."""
    gx, gy, gz = spec.grid_for(block, params)
    bx, by, bz = block
    threads = bx * by * bz
    if name in ("sgemm_naive", "syrk_strided", "add_xrows", "semilag_advect",
                "gauss_fan2", "gpu4pyscf_take_last2d",
                "niutensor_index_to_onehot", "nvblox_difference_image"):  # x -> row
        return gx * bx, gy * by * bz
    if name == "sepconv_cols":  # 8 rows a thread, by*bz rows apart
        return gy * by * bz * 8, gx * bx
    if name == "cus_fluids_diffuse":  # LB consecutive rows a thread
        return gy * by * bz * params["LB"], gx * bx
    if name == "sepconv_rows":  # 8 columns a thread, bx columns apart
        return gy * by * bz, gx * bx * 8
    if name == "shoc_stencil2d":  # x -> a strip of NSTRIP rows, y*z -> column
        return gx * bx * params["NSTRIP"], gy * by * bz
    if name == "parboil_stencil":  # x -> a pair of columns bx apart (2 bx a block)
        return gy * by * bz, gx * bx * 2
    if name == "ocv_bp_iteration":  # x -> a pair of columns (the iteration's colour's pixel)
        return gy * by * bz, gx * bx * 2
    if name == "raft_l2_naive":  # x -> midx, the row of dist
        return gx * bx, gy * by * bz
    if name == "cutlass_ref_gemm":  # x -> a tile of 4 rows, y*z -> a tile of 4 columns
        return gx * bx * 4, gy * by * bz * 4
    if name == "cus_sobel_shared":  # a block 4 BW columns wide, whatever bx
        return gy * by * bz, gx * 4 * params["BW"]
    if name == "torch_spatial_softmax":  # x loops over dim, y*z -> inner, blockIdx.x -> outer
        assert gx == params["OUTER"]
        return gy * by * bz, gx
    if name == "vsnlm_distance_horizontal":  # 3 columns a thread, bx apart (3 bx a block)
        return gy * by * bz, gx * bx * 3
    if name in ("fbgemm_permute_2d", "fbgemm_reorder_ad_lengths"):  # x loops over a segment
        assert gy == 1 and gz == 1  # y*z -> segment (a 1-D grid)
        return gx * by * bz, params["COLS"]
    if name == "aa_dit_decimate":  # x -> 4 output samples a thread, bx apart
        return gy * by * bz, gx * bx * 4
    if name == "ktgmc_rb2b_bilinear":  # x -> max(1, (bx - 2) / 2) destination columns a block
        return gy * by * bz, gx * max(1, (bx - 2) // 2)
    if name == "qulacs_dense_matrix5":  # x -> amplitude group, y*z loops over the matrix rows
        assert gy == 1
        return params["ROWS"], gx * bx
    if name == "gespmm_seqreduce_nnz":  # y*z -> nonzero (the grid's x), x -> column (its y)
        return gx * by * bz, gy * bx
    if name == "lightseq_dropout_bias_bwd":  # one block row: y*z loops over the rows
        assert gy == 1
        return params["ROWS"], gx * bx
    if name == "kilosort_extract_snips":  # one block a channel: x and y*z loop over a snippet
        assert (gx, gy) == (params["NCHAN"], 1)
        return params["ROWS"], params["COLS"]
    if name == "ocv_bf_match":  # x loops over the train set, y*z -> query (a 1-D grid)
        assert gy == 1
        return gx * by * bz, params["COLS"]
    if name == "gspmm_csr_sum":  # DGL's grid-stride loop over the rows (y capped)
        assert gy == min(-(-params["ROWS"] // (by * bz)), params["YBLOCKS"])
        return params["ROWS"], gx * bx
    if name == "sgemm_coalesced":
        return gx * -(-threads // 32), gy * 32
    if name == "sgemm_blocktiling_1d":
        return gy * by * bz * 8, gx * bx
    if name == "sgemm_blocktiling_2d":
        return gy * by * bz * 8, gx * bx * 8
    if name == "af_tile":  # a fixed grid of 512 x 32 tiles a block: loops cover the rest
        assert (gx, gy) == (-(-params["COLS"] // 512) * params["NB"], -(-params["ROWS"] // 32))
        return params["ROWS"], params["COLS"]
    if name == "q8_matvec":  # one block column: x loops along the row
        assert gx == 1
        return gy * by * bz, params["COLS"]
    if name == "torch_weight_norm_last":  # one block row: y*z loops over the rows
        assert gy == 1
        return params["ROWS"], gx * bx
    if name == "af_scan_first":  # one block column: each block row walks its row in chunks
        assert gx == 1
        return gy * by * bz, params["COLS"]
    if name == "ggml_diag_mask_inf":  # x -> row, y*z -> column (ggml's 1 x 32 blocks)
        return gx * bx, gy * by * bz
    if name == "frcnn_nms_mask":  # x -> row box (the grid's y), y*z -> word (the grid's x)
        return gy * bx, gx * by * bz
    if name == "libsgm_census":  # y*z -> a group of LINES image lines
        return gy * by * bz * params["LINES"], gx * bx
    if name == "magma_dgeadd2":  # x -> row (COLS of them), y*z -> a block column of BLK_Y
        return gy * by * bz * params["BLK_Y"], gx * bx
    if name == "vcsdk_nv12_bgrp":  # x -> a pair of columns, y*z -> a pair of rows
        return gy * by * bz * 2, gx * bx * 2
    if name == "astra_add_mul":  # y*z -> a run of 32 consecutive rows (ASTRA's repeat)
        return gy * by * bz * 32, gx * bx
    if name == "sg2_upfirdn2d":  # the tile the block: the grid's x its rows, its y its columns
        return gx * by * bz, gy * bx
    if name == "ds_transform_0213":  # the grid's y a token and its chunk of by*bz heads
        head_chunks = -(-params["HEADS"] // (by * bz))
        assert gy == params["SEQ"] * head_chunks
        return params["SEQ"] * head_chunks * by * bz, gx * bx
    if name == "exl_column_remap":  # y*z -> a run of 16 consecutive rows (SHUF_BLOCKSIZE_Y)
        return gy * by * bz * 16, gx * bx
    if name == "dp_prod_force":  # the grid's x the atom, its y the slots; y*z loops over xyz
        assert gx == params["NFRAMES"] * params["NLOC"] and params["ROWS"] == 3
        return params["ROWS"], gy * bx
    if name == "kata_gpool":  # x loops over the board's points, y*z -> channel
        assert gx == 1
        return gy * by * bz, params["COLS"]
    if name == "parti_mttkrp":  # x -> nonzero, y*z loops over the R rank columns (1-D grid)
        assert gy == 1
        return params["ROWS"], gx * bx
    if name == "namd_transpose_xyz_yzx":  # NAMD's fixed 32 x 32 tiles: the block loops over one
        assert (gx, gy) == (-(-params["COLS"] // 32), -(-params["ROWS"] // 32))
        return params["ROWS"], params["COLS"]
    if name == "spconv_gather":  # x -> 16 gathered rows a thread (NumILP), y*z -> plane
        return gx * bx * 16, gy * by * bz
    if name == "apex_index_mul_2d_bwd":  # x loops over the features, y*z -> row (the grid's x)
        assert gy == 1
        return gx * by * bz, params["COLS"]
    if name == "lgbm_hist_dense":  # the grid's x a partition of 12 columns (x loops over them);
        assert gx == -(-params["COLS"] // 12)  # the grid's y splits the leaf rows into runs
        return params["ROWS"], gx * 12
    if name == "megengine_images2neibs":  # x loops over the window, y*z -> output position
        assert gy == min(params["N"] * params["C"], 512)  # the grid's y a plane, looping
        return gx * by * bz, params["COLS"]
    if name == "tomopy_sum_dist":  # y*z loops over the rows from the angles' block rows
        assert gy == -(-params["DT"] // (by * bz))
        return params["ROWS"], gx * bx
    if name == "exatensor_matmul_tn":  # both loop over the grid capped at CAP x CAP blocks
        assert gx == min(-(-params["LL"] // bx), params["CAP"])
        assert gy == min(-(-params["LR"] // (by * bz)), params["CAP"])
        return params["ROWS"], params["COLS"]
    if name == "bidmat_copy_from_inds2d":  # the grid's x -> by*bz columns, x loops over rows
        return gx * by * bz, params["COLS"]
    if name == "hydrogen_axpy_2d":  # four columns a thread, by*bz apart
        return gy * by * bz * 4, gx * bx
    if name == "spfft_transpose_fwd":  # y*z loops over the sticks from a capped grid's rows
        assert gy == min(-(-params["NSTICKS"] // (by * bz)), params["GRIDCAP"])
        return params["ROWS"], gx * bx
    if name == "dca_copy_rows":  # x -> listed row, y*z -> a group of 8 columns
        return gy * by * bz * 8, gx * bx
    if name == "nvenc_curves":  # x -> a group of 4 pixels
        return gy * by * bz, gx * bx * 4
    if name == "trtllm_causal_mask":  # x loops over the columns, y*z -> row (the grid's x,
        assert gx == min(params["ROWCAP"], -(-params["MAXQ"] // (by * bz)))  # capped, looping)
        assert gy == params["B"]  # the grid's y a sequence
        return params["ROWS"], params["COLS"]
    if name == "oneflow_batch_transpose":  # a fixed 32 x 32 tile a block, the grid capped
        assert (gx, gy) == (min(params["BLOCKNUMS"], params["MAXBLOCKS"]), 1)  # and looping
        return params["ROWS"], params["COLS"]
    if name == "sqllm_nuq4_matvec":  # the grid's x a block of 16 words, y a block of columns
        return gx * 16, gy * bx
    if name == "megablocks_indices":  # one grid column a bin, its rows and columns looped
        assert gx == params["NBINS"]
        return params["ROWS"], params["COLS"]
    if name == "cpm_embedding_fwd":  # a fixed 32 x 32 tile a block: the grid's x a sequence,
        assert gx == params["B"]  # its y 32 tokens (the columns), its z 32 hidden units
        return gz * 32, gy * 32
    if name == "ptypy_ob_update":  # one block a pod: x and y*z loop over its frame
        assert (gx, gy) == (params["NPODS"], 1)
        return params["ROWS"], params["COLS"]
    if name == "tfhe_keyswitch":  # the grid's x a ciphertext, y bx coefficients; y*z splits
        assert gx == params["NUM"]  # the input mask inside the block
        return params["ROWS"], gy * bx
    if name == "theano_take3":  # one block an index: x and y*z loop over its image
        assert (gx, gy) == (params["GRID"], 1)
        return params["ROWS"], params["COLS"]
    if name == "th_permute_0231":  # a fixed 32 x 32 tile a block (32 channels, 32 longitudes)
        assert (gx, gy) == (-(-params["NCHN"] // 32), -(-params["NLON"] // 32))
        return params["ROWS"], params["COLS"]
    if name == "anakin_transpose":  # a fixed 16 x 16 tile a block, every plane looped over
        assert (gx, gy) == (-(-params["W"] // 16), -(-params["H"] // 16))
        return params["ROWS"], params["COLS"]
    if name == "cudf_transpose":  # grid-stride loops on a grid capped at 65,535 a dimension
        assert params["CAP"] == 65535 and gx == min(-(-params["NCOLS"] // bx), 65535)
        assert gy == min(-(-params["NROWS"] // (by * bz)), 65535)
        return params["ROWS"], params["COLS"]
    if name == "gpunufft_fftshift2d":  # a capped grid-stride loop over the points (x), y*z
        assert gx == min(-(-params["N"] // bx), params["CAP"])  # loops over the coils
        return params["ROWS"], params["COLS"]
    if name == "cutt_lead_vol_same":  # y*z -> rows of a fixed 32-row tile, x -> lead value
        assert gy == -(-params["D1"] // 32)  # the grid's z capped, the blocks looping over D2
        assert gz == max(1, min(64 // (gx * gy), params["D2"]))
        return gy * 32, gx * bx
    if name == "cunumeric_transpose":  # a bx x bx tile a block, y*z looping over its rows
        return gy * bx, gx * bx
    if name == "bm3d_get_block":  # a fixed grid: one block a reference patch, K x K looped
        assert (gx, gy, gz) == (params["GX"], params["GY"], 1)
        return params["ROWS"], params["COLS"]
    if name == "nwchem_sd_t_d1_3":  # a (4 bx) x (4 by bz) tile a block, 4 x 4 a thread
        return gy * 4 * by * bz, gx * 4 * bx
    if name == "kblas_permute_columns":  # x -> row, y*z loops over 16-column groups
        assert gy == params["OPS"]
        return params["ROWS"], gx * bx
    if name == "bevdepth_voxel_pool":  # a 1-D grid: bx by bz samples a block, x the channels
        assert gy == 1
        return gx * bx * by * bz, params["COLS"]
    if name == "cudamat_select_rows":  # a 1-D grid: 32 rows a block, x looping the columns
        assert gy == 1
        return gx * 32, params["COLS"]
    if name == "bagua_reduce_chunk":  # one block row: y*z loops over the chunks
        assert gy == 1
        return params["ROWS"], gx * bx
    if name == "paddlelite_seq_pad":  # y*z -> padded row, x loops over the row's values
        assert gy == params["SEQS"]  # the grid's y the sequence
        return gx * by * bz, params["COLS"]
    if name == "scn_sparse_to_dense":  # a fixed grid: y*z -> rule (looped), x loops the planes
        assert (gx, gy, gz) == (params["GRID"], 1, 1)
        return params["ROWS"], params["COLS"]
    if name == "qmcpack_tbt_mv_plus":  # ONE block: x loops over the rows, y*z the columns
        assert (gx, gy, gz) == (1, 1, 1)
        return params["ROWS"], params["COLS"]
    if name == "pplcv_calc_hist":  # at most MAXB blocks (at least one block row): y*z loops
        rows_b = -(-params["ROWS"] // (by * bz))  # over the rows, x -> a word of 4 pixels
        assert gy == max(1, min(params["MAXB"] // gx, rows_b))
        return params["ROWS"], gx * bx
    if name == "ccn_max_pool":  # 4 images a thread (x), 4 filters (y*z); the grid x OUT each
        assert gx % params["OUT"] == 0 and gy % params["OUT"] == 0
        return gy // params["OUT"] * by * bz * 4, gx // params["OUT"] * bx * 4
    if name == "pcs_correlation_bwd":  # one block an input value: x loops over the patch rows,
        assert (gx, gy, gz) == (params["C"], params["IH"], params["IW"])  # y*z its columns
        return params["ROWS"], params["COLS"]
    if name == "tani_pairwise_dist":  # one block a molecule: x and y*z loop over its pairs
        assert (gx, gy, gz) == (params["NMOL"], 1, 1)
        return params["ROWS"], params["COLS"]
    if name == "bart_reduce_zadd_outer":  # y*z loops over the reduced rows (BART's capped grid)
        assert gy == min(32768, -(-params["MY"] // (by * bz)))
        return params["ROWS"], gx * bx
    if name == "fasttf_sparse_avg_bwd":  # a 1-D grid of top-k entries, y*z the feature slices
        assert gy == 1
        return params["ROWS"], gx * bx
    return gy * by * bz, gx * bx


#: 2-D kernels whose grid's z is capped, each block looping over the layers past it.
Z_LOOPED = {"cutt_lead_vol_same"}


@pytest.mark.parametrize("name", sorted(n for n in SPECS if SPECS[n].dims == 2))
def test_grid_covers_the_output_for_every_seed_shape(name):
    spec = SPECS[name]
    params = spec.resolve_params()
    rows = params.get("ROWS", params.get("M", params.get("N")))  # syrk: C is N x N
    cols = params.get("COLS", params.get("N"))
    for block in seed_shapes(2) + [(4, 4, 8), (8, 2, 16)]:
        if spec.constraint_reason(block, params):
            continue
        got_rows, got_cols = _coverage(name, spec, params, block)
        assert got_rows >= rows and got_cols >= cols, (block, got_rows, got_cols)
        if name not in Z_LOOPED:
            assert spec.grid_for(block, params)[2] == params.get("PLANES", 1)  # a layer each
        # and not a whole block-row too many (tile quantization only)
        gx, gy, _ = spec.grid_for(block, params)
        assert gx >= 1 and gy >= 1


#: What the grid of each single-launch 1-D kernel must cover: one thread per ...
ONE_D_EXTENT = {
    "gemv_rows": "ROWS",
    "gemv_cols": "COLS",
    "spmv_csr": "ROWS",
    "histogram_atomic": "N",
    "nbody": "N",
    "gather_local": "N",
    "black_scholes": "N",
    "pair_sum": "N",
    "spmv_ell": "ROWS",
    "col_sum": "COLS",
    "lut_map": "N",
    "complex_mul": "N",
    "row_sum_thread": "ROWS",
    "gather_rand": "N",
    "horner32": "N",
    "dot_atomic": "N",
    "dequant_int8": "N",
    "digit_hist": "N",
    "particle_push_aos": "N",
    "block_max_atomic": "N",
    "warp_sum_atomic_block": "N",
    "shared_hist64": "N",
    "shared_hist16": "N",
    "shared_colsum32": "N",
    "block_partial_sums": "N",
    "lut_shared_map": "N",
    "warp_count_atomic": "N",
    "sha256_merkle": "N",
    "bitonic_merge": "N",
    "bfs_expand": "N",
    "block_scan": "N",
    "kmeans_rgb": "N",
    "dropout_philox": "N",
    "bloom_probe": "N",
    "kmer_canon": "N",
    "bitunpack_for": "N",
    "bond_price": "N",
    "aos_update": "N",
    "pip_geofence": "N",
    "morton3d": "N",
    "resample_poly": "N",
    "chacha20_xor": "NBLOCKS",
    "sat_adjust": "N",
    "vertex_tnl": "N",
    "murmur3_strings": "NROWS",
    "bs_greeks": "N",
    "edge_flux": "NEDGES",
    "ray_tri_nearest": "NRAYS",
    "rigid_body_step": "N",
    "embedding_grad_scatter": "ELEMS",
    "miller_rabin32": "N",
    "netflow5_features": "N",
    "adamw_step": "N",
    "kepler_newton": "N",
    "uav_telemetry": "N",
    "hh_cnexp": "N",
    "sage_mean_agg": "ELEMS",
    "mi_joint_hist": "N",
    "cic_deposit": "N",
    "hll_update": "N",
    "voxel_los": "N",
    "embedding_bag_wsum": "ELEMS",
    "gbdt_predict": "N",
    "gcn_edge_norm": "NNZ",
    "ipv4_lpm_dir24": "N",
    "ed25519_expand": "N",
    "envmap_sample_2d": "N",
    "binary_gcd64": "N",
    "myers_hw64": "N",
    "aes128_ctr": "N",
    "sha3_256": "N",
    "searchsorted": "N",
    "cfd_time_step": "N",
    "leuko_dilate": "N",
    "pagerank_push": "N",
    "leuko_gicov": "N",
    "scatter_max": "NUMEL",
    "mriq_computeq": "N",
    "torch_index_select": "NUMEL",
    "pannotia_color_max": "N",
    "shoc_md_lj": "N",
    "gmx_bonds": "NB",
    "rodinia_kmeans_point": "N",
    "rodinia_cfd_flux": "N",
    "torch_col2im": "N",
    "torch_lstm_cell": "N",
    "torch_depthwise_conv2d": "N",
    "cus_inverse_cnd": "N",
    "torch_max_pool2d": "N",
    "cus_particles_reorder": "N",
    "cus_particles_hash": "N",
    "cus_boxfilter_x": "ROWS",
    "rodinia_sc_cost": "N",
    "milc_dslash": "EVEN",
    "sneaky_snake": "N",
    "fft_bitrev_permute": "N",
    "binomial_per_thread": "N",
    "cus_fwt_batch2": "QUADS",
    "ggml_cpy_f32": "NE",
    "clover_accelerate": "NODES",
    "lulesh_kinematics": "NUMELEM",
    "shoc_md5hash": "NSTARTS",
    "mgpu_merge": "TOTAL",
    "bude_fasten": "NPOSES",
    "tealeaf_cg_calc_w": "CELLS",  # one thread per cell of the halo-padded array
    "pannotia_mis1": "N",
    "odeint_lorenz_rk4": "N",
    "gasal2_local": "NPAIRS",
    "crystal_join_probe": "N",  # Crystal's tiles of 4 tuples a thread
    "sia_blake2b": "N",
    "quest_compact_unitary": "PAIRS",  # one amplitude pair a thread
    "bnb_hist_scatter_add_2d": "N",  # the grid-stride loop runs once
    "ginkgo_ptrs_to_idxs": "ROWS",  # one CSR row a thread
    "lammps_cell_id": "NALL",  # one atom a thread, ghosts too
    "trtx_warpaffine": "EDGE",  # one output pixel a thread
    "gs_tile_ranges": "L",  # one sorted key a thread
    "ort_cumsum": "NUMEL",  # one output element a thread
    "r123_pi_hits": "NTHREADS",  # Random123's one thread per core, each drawing TRIES points
    "lc0_expand_planes": "PAIRS",  # lc0's one thread per two squares of a plane
    "sfem_boundary_accel": "MAXNI",  # SPECFEM's one thread per slot of every interface
    "cufinufft_deconvolve_2d": "NMODES",  # cuFINUFFT's one thread per output mode
    "ngp_grid_to_bitfield": "NELEM",  # instant-ngp's one thread per byte of the bitfield
    "hoomd_nve_step_one": "N",  # HOOMD-blue's one thread per member of the group
    "xsbench_sampling": "LOOKUPS",  # XSBench's one thread per lookup
    "realsense_yuy2_rgb8": "SP",  # librealsense's one thread per super-pixel
    "tsparse_kernel_hash": "NK",  # TorchSparse's one thread per voxel and offset
    "autoware_copy_map_region": "REGION",  # Autoware's one thread per region cell
    "catboost_gather_compressed": "N",  # CatBoost's one thread per document
    "dvgo_tv_add_grad": "N",  # DirectVoxGO's one thread per grid element
    "cholla_update_conserved_3d": "CELLS",  # Cholla's one thread per cell, ghosts too
    "qulacs_pauli_xz": "PAIRS",  # Qulacs' one thread per amplitude pair
    "gpujpeg_preprocess420": "NPIX",  # GPUJPEG's one thread per pixel
    "kmcuda_assign_smallc": "N",  # kmcuda's one thread per sample
    "emogi_bfs_coalesce": "LANES",  # EMOGI's 32 threads per vertex
    "dsph_compute_step_pos": "NF",  # DualSPHysics' one thread per fluid particle
    "amgx_restrict_residual4": "NAGG",  # AMGX's one thread per aggregate
    "gpufit_calc_hessians": "NENT",  # one thread per unique Hessian entry of every fit
    "cudpp_cuckoo_retrieve": "NQ",  # CUDPP's one thread per query
    "cp2k_pw_gather": "NG",  # CP2K's one thread per G-vector
    "mxnet_count_sketch": "NTH",  # MXNet's one thread per input element
    "tsne_csr2coo": "NNZ",  # tsne-cuda's one thread per nonzero
    "dcnv2_im2col": "NCOL",  # DCNv2's one thread per channel's output position
    "peasoup_harmonic_sum": "N",  # peasoup's one thread per frequency bin
    "dreamplace_hpwl": "NETS",  # DREAMPlace's one thread per net
    "apollo_cnnseg_map": "NPTS",  # Apollo's one thread per point
    "mnn_argmax": "COUNT",  # MNN's one thread per output
    "sundials_constr_mask": "N",  # SUNDIALS' two entries a thread
    "tnn_pad_reflect": "COUNT",  # TNN's one thread per output value
    "graphbig_degree_centr": "V",  # GraphBIG's one thread per vertex
    "kaolin_interp_trilinear": "NUM",  # Kaolin's one thread per sample
    "nnabla_gather_nd_bwd": "YSIZE",  # nnabla's one thread per gathered value
    "tgbm_partition_hist": "NTHD",  # ThunderGBM's one thread per run of tags
    "pointcept_aggregation": "NC",  # Pointcept's one thread per output value
    "fastdeploy_normalize_permute": "EDGE",  # FastDeploy's one thread per pixel
    "encoding_rectify": "COUNT",  # PyTorch-Encoding's one thread per output value
    "xdl_ksum": "NIDS",  # X-DeepLearning's one thread per id
    "chrono_lidar_reduce": "NBEAMS",  # Chrono's one thread per beam
    "qsim_partial_norms": "AMPS",  # qsim's 16 amplitudes a thread (ITEMS_PER_THREAD)
    "cntk_row_stack": "N",  # CNTK's one thread per destination element
    "k2_merge_map": "NT",  # k2's threads_per_row threads per source
    "candle_index_add": "NUMEL",  # candle's one thread per output column (pre, post)
    "libceed_offset_transpose": "NODES_E",  # libCEED's one thread per element node
    "hqq_dequant_3bit": "NQ",  # HQQ's one thread per packed word
    "tcluster_knn": "M",  # PyTorch Cluster's one thread per query
    "spline_weighting_fwd": "NUMEL",  # torch-spline-conv's one thread per (edge, channel)
    "strumpack_laswp": "N",  # STRUMPACK's one thread per column
    "fastllm_permute": "NUMEL",  # fastllm's one thread per output value
    "tcnn_identity_encoding": "NUMEL",  # tiny-cuda-nn's one thread per output value
    "eman2_column_sum": "NX",  # EMAN2's one thread per column
    "open3d_ragged_to_dense": "NROWS",  # Open3D-ML's one thread per ragged row
    "warp_mc_count_verts": "NCELLS",  # Warp's one thread per cell
    "torchngp_morton_invert": "N",  # torch-ngp's one thread per index
    "mlx_arange": "N",  # MLX's 4 values a thread (ITEMS_PER_THREAD)
    "awkward_local_index": "NLISTS",  # Awkward's one thread per list
    "ceres_dsxpy": "N",  # Ceres's one thread per value
    "legion_memcpy_affine": "VOL",  # Realm's one thread per point (the grid-stride loop once)
    "hiop_copy_pattern": "NSRC",  # HiOp's one thread per entry (the grid-stride loop once)
    "dealii_dot": "N",  # deal.II's one thread per element (chunk_size 1)
    "genomeworks_find_matches": "NQ",  # GenomeWorks' one thread per query representation
    "graphblast_bfs_pull": "NROWS",  # GraphBLAST's one thread per vertex (the loop once)
    "svox2_dist_prop": "NCELLS",  # svox2's one thread per cell
    "nerfacc_unpack_info": "NRAYS",  # nerfacc's one thread per ray
    "singa_row_max": "NROW",  # SINGA's one thread per row (the grid-stride loop once)
    "pyg_sampled_op": "NUMEL",  # pyg-lib's one thread per output value
    "sofa_subset_apply": "SIZE",  # SOFA's one thread per mapped node
    "softsplat_fwd": "NUMEL",  # softmax-splatting's one thread per value (the loop once)
    "san_aggregation_zeropad": "NUMEL",  # SAN's one thread per output value (the loop once)
    "slomo_sepconv_fwd": "NUMEL",  # sepconv-slomo's one thread per output value (the loop once)
    "cumo_index_compose": "N",  # Cumo's one thread per index (the grid-stride loop once)
    "gunrock_mark_segment": "N",  # Gunrock's one thread per key (the grid-stride loop once)
    "ganet_lga": "NUMEL",  # GANet's one thread per cost value
    "gardenia_tc_count": "M",  # Gardenia's one thread per vertex
    "mrs_nonzero_unravel": "NNZ",  # mistral.rs's one thread per nonzero
    "ssn_passoc": "NT",  # SSN's one thread per (pixel, neighbour) pair (the loop once)
    "seti_taylor": "KMAX",  # turbo_seti's one thread per channel (kmin 0)
    "spark_bloom_put": "N",  # spark-rapids-jni's one thread per key
    "ocnn_octree2col": "NT",  # O-CNN's one thread a column entry (the loop once)
    "stixels_join_columns": "NT",  # Stixels' one thread an output value
    "fcos_irnn_forward": "N",  # FCOS's one thread per element (the grid-stride loop once)
    "spirit_gradient_exchange": "CELLS",  # Spirit's one thread per cell (the loop once)
    "phantom_galois_ntt_perm": "TOTAL",  # Phantom's one thread per coefficient (the loop once)
    "eddl_da_scale": "N",  # EDDL's one thread per output pixel
    "dpvo_corr_forward": "TOTAL",  # DPVO's one thread per window offset of a patch pixel
    "flashinfer_pack_bits": "N",  # FlashInfer's eight flags per thread
    "internimage_dcnv3_im2col": "NK",  # InternImage's one thread per output value
    "chainer_max_pool_bwd": "TOTAL",  # Chainer's one thread per input pixel
    "nvcomp_delta": "MAXNUM",  # nvCOMP's one thread per value of the allocation
    "dfdx_avgpool_bwd": "NUMEL",  # dfdx's one thread per input pixel
    "adacof_update_output": "N",  # AdaCoF's one thread per output value (the loop once)
}
#: Single-launch 1-D kernels with one block per row of the problem, whatever the block size.
ONE_BLOCK_PER = {
    "nnue_ft_forward": "B",  # nnue-pytorch's one block per position, whatever the block
    "lmcache_load_reshape_flash": "TOKENS",  # LMCache's one block per token
    "darknet_fast_mean": "FILTERS",  # Darknet's one block per filter
    "softmax_rows": "ROWS",
    "rope_neox": "TOKENS",
    "sw_align": "PAIRS",
    "row_norm3": "ROWS",
    "row_sum_tree": "ROWS",
    "gridstride_axpy": "GRID",  # a fixed grid of GRID blocks, each looping over the values
    "babelstream_dot": "DOT_BLOCKS",  # BabelStream's fixed grid of 4 blocks an SM, looping
    "mc_euro_call": "OPTIONS",
    "chunk_entropy": "CHUNKS",
    "group_revenue": "GROUPS",
    "sta_lta": "TRACES",
    "frame_rms_zcr": "NFRAMES",
    "lomb_scargle": "NFREQ",
    "polymer_rg": "NCHAINS",
    "gae_scan": "ENVS",
    "tfidf_l2norm": "DOCS",
    "argmax_vocab": "TOKENS",
    "csr_row_prune": "ROWS",
    "viterbi_decode": "SEQS",
    "bitonic_sort_rows": "ROWS",
    "coco_rle_encode": "MASKS",
    "roi_align": "GRID",  # torchvision's fixed grid of 4096 blocks, a grid-stride loop
    "cus_scalar_prod": "GRID",  # VECTORS / VPB blocks, each looping over its vector pairs
    "llama_rms_norm": "ROWS",
    "torch_log_softmax_bwd": "ROWS",
    "rodinia_lavamd": "NBOXES",  # Rodinia's block per box, whatever the block's size
    "p3d_gather_scatter": "GRID",  # PyTorch3D's fixed grid of 1920 blocks, looping over edges
    "pycbc_thresh_cluster": "NWIN",  # PyCBC's one block per window of the SNR series
    "osd_eval_stencils": "GRID",  # OpenSubdiv's fixed grid of 512 blocks, looping over stencils
    "fairseq_ngram_ban": "ROWS",  # fairseq's one block per hypothesis of the beam
    "hugectr_fm_order2": "BATCH",  # HugeCTR's one block per sample
    "marian_paste_rows": "ROWS",  # Marian's one block per input row
    "faiss_sum_along_rows": "ROWS",  # FAISS's one block per row of the distance tile
    "heffte_transpose_unpack": "LINES",  # heFFTe's one block per destination line
    "ampcor_subtract_mean": "NIMAGES",  # PyCuAmpcor's one block per window
    "heavydb_init_group_by": "GRID",  # HeavyDB's fixed grid of 2 x SMs blocks, looping over rows
    "hvd_batched_scaled_memcpy": "GRID",  # Horovod's 8 blocks per tensor, whatever the block
    "gpumd_sort_neighbor_list": "N",  # GPUMD's one block per atom, whatever the block
    "tsvm_sum_kernel_values": "GRID",  # ThunderSVM's NUM_BLOCKS, looping over the instances
    "viennacl_csr_dtrmat_mul": "GRID",  # ViennaCL's fixed 128 blocks, looping over the rows
    "bonsai_boundary_reduce": "GRID",  # Bonsai's fixed 120 blocks, looping over the particles
    "kilosort_conv1d": "NCHAN",  # Kilosort's one block per channel, looping over its samples
    "vllm_reshape_and_cache": "TOKENS",  # vLLM's one block per token, looping over its heads
    "sirius_sum_q_dm": "NGV",  # SIRIUS' one block per G-vector, looping over its pairs
    "te_moe_unpermute": "TOKENS",  # Transformer Engine's one block per token, columns looped
    "dbcsr_transpose": "NSTACK",  # DBCSR's one block per stack entry (a small dense block)
    "slate_tzcopy": "NT",  # SLATE's one block per tile, its rows looped
    "segalign_num_hits": "GRID",  # SegAlign's fixed grid of 1,024 blocks, looping over seeds
    "pnlp_token_penalty": "BS",  # PaddleNLP's one block per sequence, its vocabulary looped
    "colossal_moe_combine": "S",  # ColossalAI's one block per token, its row in packs
    "warpctc_reduce_max": "COLS",  # warp-ctc's one block per frame (a column of activations)
    "tutel_moe_encode": "GRID",  # Tutel's fixed grid of 128 blocks, looping over the tokens
    "turbo_split_bias_transpose": "M",  # TurboTransformers' one block per row of a head
    "eet_reorder_kv": "M",  # EET's one block per row of a head of one beam
    "lmdeploy_gather_output": "BATCH",  # LMDeploy's one block a request's row of ids
    "cuml_merge_series": "BATCH",  # cuML's one block a merged series
    "flashlight_target_size": "B",  # flashlight's one block per label row
    "pn2_group_points": "B",  # Pointnet2's one block per cloud
    "tpk_cubic_sampling": "B",  # torch-points-kernels' one block per cloud
    "pgroup_roipool_fp": "NPROP",  # PointGroup's one block per proposal (below its cap)
    "semseg_psamask_distribute": "NT",  # semseg's grid of one block per position, a loop
}
#: 1-D kernels with one block per item of a 2-D or 3-D grid, whatever the block size: the
#: grid's (x, y, z) these parameters (None: 1). FlowNet2's correlation one block an output
#: pixel (batch, row, column); causal-conv1d's one block a row (batch, channel).
ONE_BLOCK_PER_GRID = {
    "fn2_correlation": ("NB", "OH", "OW"),
    "ccv1d_fwd": ("B", "D", None),
    "npb_mg_psinv": ("I2", "I3", None),  # NPB MG's one block a line (i2, i3) of the interior
    "swin_roll_partition": ("WS", "WS", "NWIN"),  # Swin's one block a token of a window
    "sglang_max_pooling": ("TQ", "HEADS", None),  # SGLang's one block a (query, head) row
    "espresso_p3m_influence": ("M0", "M1", None),  # ESPResSo's one block a k-space row
    "accfft_local_transpose": ("R", "C", None),  # AccFFT's one block a tuple
    "qta_score_data": ("B", "N1", "F"),  # QuadTree Attention's one block a query child
    "jrclust_cuda_rho": ("GX", "CK", None),  # JRCLUST's one block 16 spikes, [n1 / 256, 16]
    "dietgpu_ans_histogram": ("XB", "NB", None),  # DietGPU's occupancy grid, bytes looped
}
#: 1-D kernels whose grid covers each of several segments separately: cdiv(extent, threads)
#: blocks per segment, a block never straddling two (chamfer_nn: a block's queries all in one
#: cloud, so that its shared-memory tiles of the other cloud serve every thread).
ONE_D_SEGMENTED = {
    "chamfer_nn": ("B", "N"),
}
#: 1-D kernels with a grid-stride loop on a capped grid: min(cdiv(extent, threads), cap)
#: blocks (OpenMM's executeKernel: at most numThreadBlocks, 6 blocks an SM).
ONE_D_CAPPED = {
    "omm_find_block_bounds": ("NTILES", "CAP"),
    "ft_add_bias_gelu": ("TOTAL", "CAP"),
    "cus_reduce_single_pass": ("HALF", "CAP"),  # the sample's maxBlocks, 2 loads a step
    "cusp_dia_spmv": ("ROWS", "CAP"),  # CUSP's max_active_blocks at 256 threads
    "mmcv_carafe_naive": ("NT", "CAP"),  # mmcv's GET_BLOCKS: at most 4096 blocks
    "jax_threefry2x32": ("N", "CAP"),  # jaxlib's min(1024, cdiv(n, threads)) blocks
    "ms_segment_max": ("LANES", "CAP"),  # MindSpore's min(cdiv(32 items, threads), SMs)
    "mrcnn_roi_pool": ("NT", "CAP"),  # maskrcnn-benchmark's at most 4,096 blocks
    "tmask_swap_align2nat": ("NT", "CAP"),  # detectron2's TensorMask: at most 4,096 blocks
    "highs_dual_grad_step": ("NROWS", "CAP"),  # cuPDLP's nBlocks256: 32 blocks an SM
    "flexflow_group_by": ("TOTAL", "CAP"),  # FlexFlow's GET_BLOCKS: at most 32,768 blocks
    "xfm_sparse_mask_matmul": ("NNZ", "CAP"),  # xFormers' at most 4,096 blocks of 512
    "pytsparse_padded_scatter": ("TOTAL", "CAP"),  # PyTorch Sparse's 8 blocks an SM at most
}
#: 1-D kernels with a grid-stride loop on a grid of one block per resident slot of a block:
#: floor(threads an SM x SMs / threads) blocks whatever the extent (ECL-CC's SMs x
#: maxThreadsPerMultiProcessor / ThreadsPerBlock; TensorFlow's GetGpuLaunchConfig the smaller
#: of that and cdiv(extent, threads), the former at the manifest's sizes).
ONE_D_RESIDENT = {
    "eclcc_init": ("N", "TPSM"),
    "tf_resize_nearest_nhwc": ("NUMEL", "TPSM"),  # GetGpuLaunchConfig's min(..., resident)
    "petsc_sf_pack": ("COUNT", "TPSM"),  # PETSc's min(..., maxResidentThreadsPerGPU / 256)
    "dlib_affine_conv": ("NUMEL", "TPSM"),  # cudaOccupancyMaxPotentialBlockSize's minGridSize
}
#: 1-D kernels whose grid's y is a batch: cdiv(extent, threads) x batch blocks
#: (Pointnet2.PyTorch's DIVUP(m, THREADS_PER_BLOCK) x b), x a third parameter where one is
#: given (the grid's z: CTranslate2's (batch, group) pairs).
ONE_D_LAYERED = {
    "pointnet2_ball_query": ("M", "B"),
    "relion_center_fft2d": ("HALF", "BATCH"),  # an image's first half, one image a grid row
    "gptq_q4_matvec": ("COLS", "KBLK"),  # a column a thread, one chunk of 128 inputs a grid row
    "gadgetron_permute": ("PLANE", "NPLANES"),  # Gadgetron's size(0) size(1) x the rest
    "ct2_im2col": ("K", "OUTLEN", "BG"),  # CTranslate2's cdiv(k, threads) x steps x batch groups
    "xgrammar_token_bitmask": ("BMS", "NSEL"),  # XGrammar's mask words x selected rows
}
#: 1-D kernels with one warp per item: cdiv(extent, cdiv(threads, 32)) blocks, a partial last
#: warp of a block counting as a warp (cdiv(32 extent, threads) blocks of whole warps).
ONE_WARP_PER = {
    "slab_list_walk": "QUERIES",
    "cusp_csr_vector": "ROWS",  # one warp per row
    "llmc_layernorm": "N",  # llm.c's one warp a row
    "hypre_csr_col_sum": "ROWS",  # hypre's one warp a row
    "gnna_spmm_fwd": "NPARTS",  # GNNAdvisor's one warp a neighbour group
    "pointpillars_features": "MAXV",  # CUDA-PointPillars' one warp a pillar slot
}
#: Kernels whose threads handle several elements each (a block covers threads x this many).
ITEMS_PER_THREAD = {
    "crystal_join_probe": 4,
    "digit_hist": 8,
    "block_max_atomic": 4,
    "shared_hist64": 16,
    "shared_hist16": 4,
    "shared_colsum32": 4,
    "block_partial_sums": 2,
    "lut_shared_map": 2,
    "warp_count_atomic": 4,
    "bitonic_merge": 2,
    "block_scan": 4,
    "kmeans_rgb": 4,
    "dropout_philox": 4,
    "mgpu_merge": 15,
    "bude_fasten": 4,
    "sundials_constr_mask": 2,
    "qsim_partial_norms": 16,  # qsim's num_dblocks
    "mlx_arange": 4,
    "flashinfer_pack_bits": 8,  # FlashInfer's BlockLoad of 8 items a thread
}


def _lowbias32(x: int) -> int:
    """The lowbias32 integer hash with Python integers (the kernels' counter-based random
    numbers: ising_checker, mc_euro_call), for hand-checked references."""
    x &= 0xFFFFFFFF
    x ^= x >> 16
    x = (x * 0x7FEB352D) & 0xFFFFFFFF
    x ^= x >> 15
    x = (x * 0x846CA68B) & 0xFFFFFFFF
    return x ^ (x >> 16)


def test_one_d_grids_cover_every_row_column_or_element():
    one_d = {n for n, s in SPECS.items() if s.dims == 1 and s.plan == "single"}
    assert one_d == (set(ONE_D_EXTENT) | set(ONE_BLOCK_PER) | set(ONE_D_SEGMENTED)
                     | set(ONE_D_CAPPED) | set(ONE_WARP_PER) | set(ONE_D_RESIDENT)
                     | set(ONE_D_LAYERED) | set(ONE_BLOCK_PER_GRID))
    for name, keys in ONE_BLOCK_PER_GRID.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            assert spec.grid_for(block, params) == tuple(params[k] if k else 1 for k in keys)
    for name, (key, slots) in ONE_D_RESIDENT.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            threads = block[0] * block[1] * block[2]
            gx, gy, gz = spec.grid_for(block, params)
            assert (gx, gy, gz) == (params[slots] // threads, 1, 1)
            assert params[slots] - threads < gx * threads <= params[slots] < params[key]
    for name, (key, batch, *layers) in ONE_D_LAYERED.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        depth = params[layers[0]] if layers else 1
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            threads = block[0] * block[1] * block[2]
            want = (-(-params[key] // threads), params[batch], depth)
            assert spec.grid_for(block, params) == want
    for name, key in ONE_WARP_PER.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1), (1000, 1, 1)]:
            threads = block[0] * block[1] * block[2]
            warps = -(-threads // 32)
            gx, gy, gz = spec.grid_for(block, params)
            assert (gy, gz) == (1, 1) and params[key] <= gx * warps < params[key] + warps
            if threads % 32 == 0:
                assert gx == -(-32 * params[key] // threads)
    for name, (key, cap) in ONE_D_CAPPED.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            threads = block[0] * block[1] * block[2]
            want = min(-(-params[key] // threads), params[cap])
            assert spec.grid_for(block, params) == (want, 1, 1)
    for name, (segments, key) in ONE_D_SEGMENTED.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            threads = block[0] * block[1] * block[2]
            per = -(-params[key] // threads)
            assert spec.grid_for(block, params) == (params[segments] * per, 1, 1)
    for name, key in ONE_BLOCK_PER.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            assert spec.grid_for(block, params) == (params[key], 1, 1)
    for name, key in ONE_D_EXTENT.items():
        spec = SPECS[name]
        params = spec.resolve_params()
        for block in seed_shapes(1) + [(8, 4, 2), (3, 1, 1)]:
            gx, gy, gz = spec.grid_for(block, params)
            covered = block[0] * block[1] * block[2] * ITEMS_PER_THREAD.get(name, 1)
            assert (gy, gz) == (1, 1) and params[key] <= gx * covered < params[key] + covered


def test_reduction_stages_reach_one_element_and_fit_their_buffers():
    spec = SPECS["vector_reduction"]
    params = spec.resolve_params()
    n = params["N"]
    for block in [(1, 1, 1), (32, 1, 1), (192, 1, 1), (1024, 1, 1), (16, 4, 2)]:
        plan = build_plan(spec, params, block)
        threads = block[0] * block[1] * block[2]
        sizes = [launch.args[3].value for launch in plan]
        assert sizes[0] == -(-n // 2) and sizes[-1] == 1
        assert plan[-1].args[1].name == "result"
        assert all(launch.grid[0] * threads >= out for launch, out in zip(plan, sizes, strict=True))
        for launch in plan[:-1]:
            scratch = spec.arg(launch.args[1].name)
            assert spec.buffer_elements(scratch, params)[0] >= launch.args[3].value
        assert len(build_plan(spec, params, block, first_only=True)) == 1


def test_adaptive_reduction_halves_the_block_in_the_last_stages():
    spec = SPECS["vector_reduction_adaptive"]
    params = spec.resolve_params(overrides={"N": 1 << 20})
    plan = build_plan(spec, params, (256, 1, 1), sm_count=132)
    assert plan[0].block == (256, 1, 1)
    assert plan[-1].block == (32, 1, 1)  # halved down to one warp
    assert halve((16, 4, 2)) == (8, 4, 2) and halve((3, 1, 1)) is None
    fixed = build_plan(SPECS["vector_reduction"], params, (256, 1, 1))
    assert {launch.block for launch in fixed} == {(256, 1, 1)}


def test_references_on_small_inputs():
    spec = SPECS["random_copy"]
    params = spec.resolve_params(overrides={"ROWS": 64, "COLS": 48})
    values = host_values(spec, params)
    expected = references.random_copy(values)["B"]
    r, c = references.random_positions(64, 48, params["SEED"])
    assert r.min() >= 0 and r.max() < 64 and c.max() < 48
    copied = np.zeros((64, 48), dtype=bool)
    copied[r, c] = True
    assert 0.5 < copied.mean() < 0.75  # ~1 - 1/e of the elements get copied
    assert np.array_equal(expected[copied], values["A"][copied])
    assert not expected[~copied].any()

    spec = SPECS["scattered"]
    params = spec.resolve_params(overrides={"ROWS": 4, "COLS": 3})
    values = host_values(spec, params)
    out = references.scattered(values)["M"]
    changed = np.argwhere(out != values["M"])
    assert set(changed[:, 1]) <= {0, 32, 64}
    assert np.array_equal(out[:, ::32][:, :3], values["M"][:, ::32][:, :3] | 1)

    spec = SPECS["sgemm_coalesced"]
    params = spec.resolve_params(overrides={"M": 8, "N": 5, "K": 7})
    values = host_values(spec, params)
    expected = references.sgemm(values)["C"]
    a64, b64 = values["A"].astype(np.float64), values["B"].astype(np.float64)
    assert np.array_equal(expected, a64 @ b64 + 0.5 * values["C"])


def test_compare_reports_where():
    a = np.arange(12, dtype=np.int32).reshape(3, 4)
    b = a.copy()
    assert references.compare(a, b) is None
    b[2, 1] = 99
    assert references.compare(a, b) == (
        "1 of 12 elements differ from the NumPy reference (first at (2, 1): expected 9, got 99)"
    )


def test_expressions_are_arithmetic_only():
    assert evaluate("ceil(COLS / bx)", {"COLS": 6144, "bx": 48}) == 128
    assert evaluate("cdiv(N, 2) + min(3, 4)", {"N": 7}) == 7
    for bad in ("__import__('os')", "a.b", "[1][0]", "'x'", "lambda: 1"):
        with pytest.raises(UserError):
            evaluate(bad, {"a": 1})


def test_manifest_errors_name_kernel_and_field(tmp_path):
    (tmp_path / "k.cu").write_text('extern "C" __global__ void k(int* a) {}\n')
    (tmp_path / "manifest.yaml").write_text(
        "kernels:\n  - name: k\n    source: k.cu\n    entry: k\n    access: sideways\n"
    )
    with pytest.raises(UserError, match=r"kernel k: access must be one of"):
        load_manifest(tmp_path / "manifest.yaml")
    (tmp_path / "manifest.yaml").write_text(
        "kernels:\n  - name: k\n    source: k.cu\n    entry: nope\n"
    )
    with pytest.raises(UserError, match=r'k.cu has no extern "C" __global__ nope'):
        load_manifest(tmp_path / "manifest.yaml")


def test_ptxas_report_parsing_old_and_new_formats():
    text = (
        "ptxas info    : Compiling entry function 'sgemm' for 'sm_86'\n"
        "ptxas info    : Function properties for sgemm\n"
        "    0 bytes stack frame, 8 bytes spill stores, 12 bytes spill loads\n"
        "ptxas info    : Used 37 registers, 8192 bytes smem, 400 bytes cmem[0]\n"
        "ptxas info    : Compiling entry function 'k' for 'sm_90'\n"
        "ptxas info    : Used 14 registers, used 1 barriers, 256 bytes smem\n"
        "ptxas info    : Compiling entry function 'k2' for 'sm_90'\n"
        "ptxas info    : Used 10 registers, used 0 barriers\n"
    )
    res = parse_ptxas(text)
    assert res["sgemm"].registers_per_thread == 37 and res["sgemm"].shared_mem_static == 8192
    assert res["sgemm"].spill_stores == 8 and res["sgemm"].spill_loads == 12
    assert res["k"].shared_mem_static == 256 and res["k2"].shared_mem_static == 0


NEEDS_NVCC = pytest.mark.skipif(shutil.which("nvcc") is None,
                                reason="needs nvcc (the CUDA toolkit)")


#: One kernel per (source, entry): a second kernel of the same source and entry (only the
#: manifest's launch plan differs: vector_reduction_adaptive is vector_reduction's
#: reduce_pairs) is the same nvcc command, cubin and ptxas report, an exact duplicate.
#: nvcc takes ~0.3 s of CPU per kernel (77 s for all 248, a fifth of the suite's CPU), so CI
#: compiles the seeds' built-ins, whose sources cover the compile path's cases (static and
#: dynamic shared memory, reductions, register-heavy tiles); every kernel is compiled again
#: wherever it runs (`tests/test_gpu_tune.py` on the GPU machine), and
#: GPUADVISOR_ALL_FIXTURES=1 compiles all of them here (do that after adding or editing one).
ALL_COMPILED = sorted({(SPECS[n].source, SPECS[n].entry): n
                       for n in sorted(SPECS, reverse=True)}.values())
COMPILED = ALL_COMPILED if ALL_FIXTURES else sorted(
    REQUIRED & set(ALL_COMPILED))


@NEEDS_NVCC
@pytest.mark.parametrize("name", COMPILED)
def test_every_kernel_compiles_for_hopper(name, tmp_path):
    spec = SPECS[name]
    compiled = compile_kernel(spec.source, spec.entry, "sm_90", "default", tmp_path)
    assert compiled.cubin.stat().st_size > 0 and not compiled.cached
    assert 8 <= compiled.resources.registers_per_thread <= 255
    assert compiled.resources.spill_stores == 0
    again = compile_kernel(spec.source, spec.entry, "sm_90", "default", tmp_path)
    assert again.cached and again.cubin == compiled.cubin
    assert again.resources == compiled.resources


@NEEDS_NVCC
def test_l1_off_builds_its_own_cubin(tmp_path):
    """l1_off only adds ptxas flags (cache_config_flags), the same for every kernel: one
    kernel with global loads shows they reach ptxas and get a cubin of their own."""
    spec = SPECS["matmul_tiled"]
    default = compile_kernel(spec.source, spec.entry, "sm_90", "default", tmp_path)
    off = compile_kernel(spec.source, spec.entry, "sm_90", "l1_off", tmp_path)
    assert off.cubin != default.cubin and not off.cached
    assert "-dlcm=cg" in off.command and "-dlcm=cg" not in default.command
    assert off.cubin.read_bytes() != default.cubin.read_bytes()
    assert 8 <= off.resources.registers_per_thread <= 255
    assert off.resources.spill_stores == 0
    assert compile_kernel(spec.source, spec.entry, "sm_90", "l1_off", tmp_path).cached


def test_csr_row_pointers_are_deterministic_and_cover_every_nonzero():
    spec = SPECS["spmv_csr"]
    params = spec.resolve_params(overrides={"ROWS": 500, "COLS": 70, "NNZ": 4000})
    values = host_values(spec, params)
    row_ptr, col_idx = values["row_ptr"], values["col_idx"]
    assert row_ptr.dtype == np.int32 and row_ptr.shape == (501,)
    assert row_ptr[0] == 0 and row_ptr[-1] == 4000 and (np.diff(row_ptr) >= 0).all()
    lengths = np.diff(row_ptr)
    assert lengths.min() < 8 < lengths.max()  # rows differ in length (mean 8)
    assert col_idx.min() >= 0 and col_idx.max() == 69  # init high is the expression COLS
    assert np.array_equal(host_values(spec, params)["row_ptr"], row_ptr)
    dense = np.zeros((500, 70))
    for r in range(500):
        for k in range(row_ptr[r], row_ptr[r + 1]):
            dense[r, col_idx[k]] += values["values"][k]
    expected = (dense @ values["x"]).astype(np.float32)
    assert np.array_equal(references.spmv_csr(values)["y"], expected)


def test_slab_lists_init_needs_its_part_and_sizes(tmp_path):
    (tmp_path / "k.cu").write_text('extern "C" __global__ void k(unsigned* a) {}\n')
    head = ("kernels:\n  - name: k\n    source: k.cu\n    entry: k\n    access: random\n"
            "    element_type: uint32\n    dims: 1\n    params: {N: 8}\n    reference: m:f\n"
            "    grid: [1, 1, 1]\n    args:\n")
    sizes = "slabs: N, steps: 2, queries: 3, hash_x: 1, hash_y: 2"
    for arg in (f"{{name: p, kind: input, dtype: uint32, shape: [N, 32], init: {{dist: "
                f"slab_lists, {sizes}}}}}",  # no part
                f"{{name: p, kind: input, dtype: uint32, shape: [N], init: {{dist: "
                f"slab_lists, part: slabs, {sizes}}}}}",  # the pool is 2-D
                f"{{name: p, kind: input, dtype: int32, shape: [3], init: {{dist: "
                f"slab_lists, part: queries, {sizes}}}}}",  # uint32 words
                "{name: p, kind: input, dtype: uint32, shape: [3], init: {dist: "
                "slab_lists, part: queries, slabs: N, steps: 2}}"):  # sizes missing
        (tmp_path / "manifest.yaml").write_text(head + f"      - {arg}\n")
        with pytest.raises(UserError, match=r"kernel k: argument p: init slab_lists needs"):
            load_manifest(tmp_path / "manifest.yaml")


def test_rowptr_init_needs_a_total(tmp_path):
    (tmp_path / "k.cu").write_text('extern "C" __global__ void k(int* a) {}\n')
    (tmp_path / "manifest.yaml").write_text(
        "kernels:\n  - name: k\n    source: k.cu\n    entry: k\n    access: random\n"
        "    element_type: int32\n    dims: 1\n    params: {N: 8}\n    reference: m:f\n"
        "    grid: [1, 1, 1]\n    args:\n"
        "      - {name: p, kind: input, dtype: int32, shape: [N], init: {dist: rowptr}}\n"
    )
    with pytest.raises(UserError, match=r"kernel k: argument p: init rowptr needs a total"):
        load_manifest(tmp_path / "manifest.yaml")


def test_calibration_references_on_hand_checked_inputs():
    image = np.arange(20, dtype=np.float32).reshape(4, 5)
    filt = np.zeros((5, 5), dtype=np.float32)
    filt[2, 3] = 1.0  # picks the right neighbour
    filt[0, 2] = 2.0  # two rows up, doubled
    out = references.conv2d({"in": image, "filter": filt})["out"]
    assert out[2, 1] == image[2, 2] + 2 * image[0, 1] and out[0, 4] == 0 and out[3, 3] == 19 + 2 * 8

    grid = np.zeros((3, 4), dtype=np.float32)
    grid[1, 1], grid[0, 1], grid[1, 2] = 8, 16, 8
    five = references.stencil2d_5pt({"in": grid})["out"]
    assert five[1, 1] == 0.5 * 8 + 0.125 * (16 + 8) and five[0, 1] == 16  # border copied
    nine = references.stencil2d_9pt({"in": grid})["out"]
    assert nine[1, 2] == 0.25 * 8 + 0.125 * 8 + 0.0625 * 16
    cube = np.zeros((3, 3, 3), dtype=np.float32)
    cube[1, 1, 1], cube[0, 1, 1] = 4, 8
    assert references.stencil3d_7pt({"in": cube})["out"][1, 1, 1] == 1 + 1

    data = np.array([3, 0, 3, 7, -1, 9, 3], dtype=np.int32)
    counts = references.histogram({"data": data, "bins": 8, "counts": np.zeros(8, np.uint32)})
    assert counts["counts"].tolist() == [1, 0, 0, 3, 0, 0, 0, 1]

    a = np.array([[1, 2], [3, 4], [5, 6]], dtype=np.float32)
    assert references.gemv({"A": a, "x": np.array([1, -1], np.float32)})["y"].tolist() == [-1] * 3
    y = references.gemv_transposed({"A": a, "x": np.array([1, 0, 2], np.float32)})["y"]
    assert y.tolist() == [11, 14]
    assert references.transpose({"in": a})["out"].tolist() == [[1, 3, 5], [2, 4, 6]]
    c = np.ones((3, 3), dtype=np.float32)
    syrk = references.syrk({"A": a, "C": c, "alpha": 1.0, "beta": 0.5})["C"]
    assert syrk[0, 1] == 1 * 3 + 2 * 4 + 0.5 and np.array_equal(syrk, syrk.T)


def test_per_block_cost_references_on_hand_checked_inputs():
    x = np.array([5, -7, 12, 0, -3, 9, 12, 4, 1], dtype=np.int32)
    low = np.array([-(2**31)], dtype=np.int32)
    assert references.block_max_atomic({"x": x, "result": low})["result"].tolist() == [12]
    assert references.block_max_atomic({"x": x, "result": np.array([99], np.int32)})[
        "result"].tolist() == [99]
    zero = np.zeros(1, dtype=np.int32)
    assert references.warp_sum_atomic_block({"x": x, "result": zero})["result"].tolist() == [33]
    wraps = np.array([2**31 - 1], dtype=np.int32)  # int32 atomics wrap modulo 2**32
    assert references.warp_sum_atomic_block({"x": np.ones(2, np.int32), "result": wraps})[
        "result"].tolist() == [-(2**31) + 1]
    data = np.array([0, 64, -1, 63, 130, -64], dtype=np.int32)  # & 63: 0, 0, 63, 63, 2, 0
    counts = references.shared_hist64({"data": data, "counts": np.ones(64, np.uint32)})["counts"]
    assert counts[0] == 4 and counts[63] == 3 and counts[2] == 2 and counts.sum() == 64 + 6
    counts = references.shared_hist16({"data": data, "counts": np.zeros(16, np.uint32)})["counts"]
    assert counts[0] == 3 and counts[15] == 2 and counts[2] == 1 and counts.sum() == 6  # & 15
    flat = np.arange(70, dtype=np.int32)  # columns 0..5 hold three values, 6..31 two
    sums = references.shared_colsum32({"x": flat, "sums": np.ones(32, np.int32)})["sums"]
    assert sums[0] == 1 + 0 + 32 + 64 and sums[5] == 1 + 5 + 37 + 69 and sums[6] == 1 + 6 + 38
    big = np.full(64, 2**30, dtype=np.int32)  # column sums of 2**31 wrap like int32 atomics
    assert references.shared_colsum32({"x": big, "sums": np.zeros(32, np.int32)})["sums"][
        0] == -(2**31)
    lut = np.arange(2048, dtype=np.int32) * 10
    idx = np.array([3, 2047, 2048, -1, -2048], dtype=np.int32)  # & 2047: 3, 2047, 0, 2047, 0
    assert references.lut_shared_map({"in": idx, "lut": lut})["out"].tolist() == [
        30, 20470, 0, 20470, 0]
    count = references.warp_count_atomic({"x": x, "count": np.array([5], np.uint32)})["count"]
    assert count.tolist() == [5 + 5]  # 12, 0, -3, 9, 12


def test_block_partial_sums_reference_follows_the_block_size():
    """One partial per block of 2 * threads values: the grid's partials add up to the total
    for every block size, and the partials beyond the grid keep their initial values."""
    spec = SPECS["block_partial_sums"]
    assert references.takes_threads(load_reference_of(spec))
    assert not references.takes_threads(references.dot_atomic)
    params = spec.resolve_params(overrides={"N": 1001})
    values = host_values(spec, params)
    x = values["x"].astype(np.int64)
    assert values["partials"].shape == (501,)  # room for a one-thread block's 501 partials
    for threads in (1, 3, 32, 48, 96, 192, 384, 768, 1000, 1024):
        partials = references.expected_outputs(references.block_partial_sums, values,
                                               threads)["partials"]
        blocks = spec.grid_for((threads, 1, 1), params)[0]
        assert blocks == -(-1001 // (2 * threads))
        assert partials[:blocks].sum() == x.sum() and not partials[blocks:].any()
        span = 2 * threads
        assert partials[blocks - 1] == x[(blocks - 1) * span:].sum()
        assert partials[0] == x[:span].sum()
    # a reference that does not take the block gets only the values
    dot = references.expected_outputs(
        references.dot_atomic,
        {"x": np.ones(3, np.float32), "y": np.ones(3, np.float32),
         "result": np.zeros(1, np.float32)}, 64)
    assert dot["result"].tolist() == [3.0]


def load_reference_of(spec):
    module, _, func = spec.reference.partition(":")
    return getattr(importlib.import_module(module), func)


def test_blind8_references_on_hand_checked_inputs():
    import hashlib

    # SHA-256 Merkle level: the digests hashlib gives for left || right
    rng = np.random.default_rng(1)
    children = rng.integers(0, 2**32, size=16 * 5, dtype=np.uint32)
    parents = references.sha256_merkle(
        {"children": children, "parents": np.zeros(8 * 5, np.uint32), "n": 5})["parents"]
    for i in range(5):
        message = children[16 * i: 16 * i + 16].tobytes()
        assert parents[8 * i: 8 * i + 8].tobytes() == hashlib.sha256(message).digest()

    # bitonic merge: every step of the network in turn sorts, and values follow their keys
    keys = rng.integers(0, 50, size=64, dtype=np.uint32)
    vals = np.arange(64, dtype=np.uint32)
    state = {"keys": keys, "vals": vals, "n": 64, "ascending": 1}
    size = 2
    while size <= 64:
        stride = size // 2
        while stride >= 1:
            state.update(references.bitonic_merge({**state, "size": size, "stride": stride}))
            stride //= 2
        size *= 2
    assert np.array_equal(state["keys"], np.sort(keys))
    assert np.array_equal(keys[state["vals"]], state["keys"])

    # BFS expansion: vertex 0 (level 1) reaches 2 (unvisited) and 3 (visited); 4 is reached
    # only from 1, which is not in the frontier
    row_ptr = np.array([0, 2, 3, 3, 3, 3], np.int32)
    col_idx = np.array([2, 3, 4], np.int32)
    level = np.array([1, 0, -1, 0, -1], np.int32)
    mask = references.bfs_expand({"row_ptr": row_ptr, "col_idx": col_idx, "level": level,
                                  "next_mask": np.zeros(5, np.uint32), "n": 5,
                                  "current": 1})["next_mask"]
    assert mask.tolist() == [0, 0, 1, 0, 0]

    # Tanimoto: |a & b| / |a | b| counted bit by bit
    queries = rng.integers(0, 2**32, size=(3, 32), dtype=np.uint32)
    database = rng.integers(0, 2**32, size=(4, 32), dtype=np.uint32)
    database[3] = queries[1]
    sim = references.tanimoto_fp({"queries": queries, "database": database, "rows": 3,
                                  "cols": 4})["out"]
    for q in range(3):
        for d in range(4):
            pairs = list(zip(queries[q], database[d], strict=True))
            both = sum(int(a & b).bit_count() for a, b in pairs)
            either = sum(int(a | b).bit_count() for a, b in pairs)
            assert sim[q, d] == np.float32(both) / np.float32(either)
    assert sim[1, 3] == 1.0

    # NV12: Y 235 with neutral chroma is white, Y 16 black; a saturated red quad
    luma = np.array([235, 16, 82, 82], np.uint8)  # 1 row of 4 pixels, pitch 4
    chroma = np.array([128, 128, 90, 240], np.uint8)  # (U, V) of pixels 0-1, then 2-3
    rgba = references.nv12_to_rgba({"luma": luma.view(np.uint32), "chroma":
                                    chroma.view(np.uint32), "rows": 1, "cols": 4,
                                    "pitch": 4})["rgba"]
    channels = rgba.view(np.uint8).reshape(4, 4)
    assert channels[0].tolist() == [255, 255, 255, 255]
    assert channels[1].tolist() == [0, 0, 0, 255]
    red, green, blue, alpha = channels[2].tolist()
    assert red >= 250 and green <= 5 and blue <= 5 and alpha == 255  # BT.601 red: Y 82 U 90 V 240

    # delay-and-sum: one channel under the pixel, t = z + z = 2z samples exactly, so the
    # pixel is sample 2z; beside it t falls between samples and interpolates
    rf = np.arange(64, dtype=np.float32).reshape(1, 64) * 2
    out = references.das_beamform({"rf": rf, "rows": 2, "cols": 2, "nch": 1, "ns": 64,
                                   "pitch": 8, "z0": 10})["out"]
    assert out[0, 0] == rf[0, 20] and out[1, 0] == rf[0, 22]
    t = 10 + np.sqrt(np.float32(101))
    assert abs(out[0, 1] - 2 * t) < 1e-4


def _philox_scalar(counter, key):
    """Philox4x32-10 of one counter, word by word in Python integers (Random123's spec)."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    mask = 0xFFFFFFFF
    for r in range(10):
        if r:
            k0, k1 = (k0 + 0x9E3779B9) & mask, (k1 + 0xBB67AE85) & mask
        p0, p1 = 0xD2511F53 * c0, 0xCD9E8D57 * c2
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & mask, (p0 >> 32) ^ c3 ^ k1, p0 & mask
    return [c0, c1, c2, c3]


def test_blind9_references_on_hand_checked_inputs():
    rng = np.random.default_rng(9)

    # Philox4x32-10: Random123's known-answer vectors
    kat = [
        ([0, 0, 0, 0], (0, 0), [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]),
        ([0xFFFFFFFF] * 4, (0xFFFFFFFF, 0xFFFFFFFF),
         [0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD]),
        ([0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344], (0xA4093822, 0x299F31D0),
         [0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1]),
    ]
    for counter, key, want in kat:
        assert _philox_scalar(counter, key) == want
        got = references._philox4x32_10([np.array([c], np.uint32) for c in counter], key)
        assert [int(w[0]) for w in got] == want

    # dropout: element 4g + j kept where word j of the block at counter (g, 0, offset, 0)
    # gives u >= p, scaled by 1.25 (exact for these integers)
    x = rng.integers(-1000, 1000, size=10).astype(np.float32)
    seed = (0x1234 << 32) | 0x89ABCDEF
    out = references.dropout_philox({"x": x, "out": np.zeros(10, np.float32), "n": 10,
                                     "seed": seed, "offset": 7, "p": 0.2, "scale": 1.25})["out"]
    for i in range(10):
        word = _philox_scalar([i // 4, 0, 7, 0], (0x89ABCDEF, 0x1234))[i % 4]
        u = (word >> 8) / 2**24
        assert out[i] == (x[i] * 1.25 if u >= np.float32(0.2) else 0.0)
    many = references.dropout_philox({"x": np.ones(40000, np.float32), "out": np.zeros(
        40000, np.float32), "n": 40000, "seed": 5, "offset": 0, "p": 0.2, "scale": 1.25})["out"]
    assert set(many.tolist()) == {0.0, 1.25} and 0.19 < (many == 0).mean() < 0.21

    # block scan: tiles of 4 * threads values, scanned from each tile's start
    xs = rng.integers(-1000, 1000, size=29).astype(np.int32)
    for threads in (1, 3, 4, 32):
        got = references.block_scan({"x": xs, "out": np.zeros(29, np.int32), "block_sums":
                                     np.full(29, -7, np.int32), "n": 29}, threads=threads)
        span = 4 * threads
        for i in range(29):
            assert got["out"][i] == xs[i - i % span: i + 1].sum()
        tiles = -(-29 // span)
        assert got["block_sums"][:tiles].tolist() == [xs[b * span:(b + 1) * span].sum()
                                                      for b in range(tiles)]
        assert (got["block_sums"][tiles:] == -7).all()
    wraps = references.block_scan({"x": np.array([2**31 - 1, 1], np.int32), "out": np.zeros(
        2, np.int32), "block_sums": np.zeros(1, np.int32), "n": 2}, threads=1)
    assert wraps["out"].tolist() == [2**31 - 1, -(2**31)]  # int32 wraps, as on the GPU

    # k-means: nearest centroid in RGB (alpha ignored), the lower index on a tie
    cents = np.array([[0, 0, 0, 9], [10, 0, 0, 9], [0, 0, 200, 9]], np.float32)
    pixels = np.array([0xFF000000 | 4, 6, 5, 150 << 16, 0x00C80A0A], np.uint32)
    got = references.kmeans_rgb({"pixels": pixels, "centroids": cents, "labels": np.zeros(
        5, np.int32), "sums": np.ones((3, 4), np.uint32), "n": 5, "k": 3})
    assert got["labels"].tolist() == [0, 1, 0, 2, 2]  # 5: a tie between 0 and 1
    assert got["sums"].tolist() == [[1 + 9, 1, 1, 1 + 2], [1 + 6, 1, 1, 1 + 1],
                                    [1 + 10, 1 + 10, 1 + 150 + 200, 1 + 2]]

    # region moments: sums over the pixels of each label, counted pixel by pixel
    labels = rng.integers(-1, 4, size=(5, 7)).astype(np.int32)  # -1: skipped
    got = references.region_moments({"labels": labels, "moments": np.zeros((3, 6), np.int64),
                                      "rows": 5, "cols": 7, "nlabels": 3})["moments"]
    want = np.zeros((3, 6), np.int64)
    for r in range(5):
        for c in range(7):
            if 0 <= labels[r, c] < 3:  # 3: beyond the table, skipped too
                want[labels[r, c]] += [1, c, r, c * c, c * r, r * r]
    assert np.array_equal(got, want)

    # stereo: brute force on a small pair, and a right image that is the left one moved 3
    # columns left is found at disparity 3 away from the borders
    rows, cols = 6, 20
    left = rng.integers(0, 256, size=(rows, cols)).astype(np.uint8)
    right = rng.integers(0, 256, size=(rows, cols)).astype(np.uint8)
    right[:, : cols - 3] = left[:, 3:]
    got = references.stereo_sad({"left": left.reshape(-1).view(np.uint32), "right": right.reshape(
        -1).view(np.uint32), "rows": rows, "cols": cols, "ndisp": 6})["disparity"]
    a, b = left.astype(int), right.astype(int)
    for r in range(rows):
        for c in range(cols):
            costs = [sum(abs(a[min(max(r + dy, 0), rows - 1), min(max(c + dx, 0), cols - 1)]
                             - b[min(max(r + dy, 0), rows - 1),
                                 min(max(c + dx - d, 0), cols - 1)])
                         for dy in range(-2, 3) for dx in range(-2, 3)) for d in range(6)]
            assert got[r, c] == int(np.argmin(costs))
    assert (got[:, 5: cols - 5] == 3).all()

    # softmax: rows sum to 1, equal logits share evenly, a gap of log 3 weighs 3 to 1
    logits = np.array([[1, 1, 1, 1], [0, 0, 0, 0], [5, 4, 3, 2]], np.float32)
    logits[1, 0] = np.log(3)
    got = references.softmax_rows({"in": logits, "rows": 3, "cols": 4})["out"]
    assert np.allclose(got.sum(axis=1), 1, rtol=1e-6) and np.allclose(got[0], 0.25)
    assert np.isclose(got[1, 0], 3 * got[1, 1]) and (np.diff(got[2]) < 0).all()


def _gotoh_scalar(read, window, match=2, mismatch=3, gap_open=5, gap_extend=2):
    """Smith-Waterman with affine gaps, cell by cell in Python integers (Gotoh 1982)."""
    neg = -(10**9)
    q, t = len(read), len(window)
    h = [[0] * (t + 1) for _ in range(q + 1)]
    e = [[neg] * (t + 1) for _ in range(q + 1)]
    f = [[neg] * (t + 1) for _ in range(q + 1)]
    best = 0
    for i in range(1, q + 1):
        for j in range(1, t + 1):
            e[i][j] = max(e[i][j - 1] - gap_extend, h[i][j - 1] - gap_open - gap_extend)
            f[i][j] = max(f[i - 1][j] - gap_extend, h[i - 1][j] - gap_open - gap_extend)
            s = match if read[i - 1] == window[j - 1] else -mismatch
            h[i][j] = max(0, h[i - 1][j - 1] + s, e[i][j], f[i][j])
            best = max(best, h[i][j])
    return best


def test_blind10_references_on_hand_checked_inputs():
    rng = np.random.default_rng(10)

    # RoPE (NeoX): pair i of each head is (v[i], v[i + D/2]), rotated by the cache row of the
    # token's position; cos 1 sin 0 leaves it, cos 0 sin 1 turns (x, y) into (-y, x)
    tokens, heads, kvh, d = 3, 2, 1, 4
    cache = rng.integers(-2, 3, size=(5, d)).astype(np.float32)
    cache[0] = [1, 1, 0, 0]
    cache[1] = [0, 0, 1, 1]
    pos = np.array([0, 1, 4], np.int32)
    q = rng.integers(-8, 8, size=(tokens, heads * d)).astype(np.float32)
    k = rng.integers(-8, 8, size=(tokens, kvh * d)).astype(np.float32)
    got = references.rope_neox({"positions": pos, "cos_sin": cache, "query": q, "key": k,
                                "q_out": np.zeros_like(q), "k_out": np.zeros_like(k),
                                "tokens": tokens, "heads": heads, "kv_heads": kvh,
                                "head_size": d})
    for src, out, nh in ((q, got["q_out"], heads), (k, got["k_out"], kvh)):
        for t in range(tokens):
            c, s = cache[pos[t], :2], cache[pos[t], 2:]
            for hd in range(nh):
                v = src[t, hd * d: hd * d + d]
                want = [v[i] * c[i] - v[i + 2] * s[i] for i in range(2)] + \
                       [v[i + 2] * c[i] + v[i] * s[i] for i in range(2)]
                assert out[t, hd * d: hd * d + d].tolist() == want
        assert np.array_equal(out[0], src[0])
        assert np.array_equal(out[1].reshape(nh, 2, 2), np.stack(
            [-src[1].reshape(nh, 2, 2)[:, 1], src[1].reshape(nh, 2, 2)[:, 0]], axis=1))

    # XXH64 of 8 little-endian bytes: the xxhash library's digests (xxhash 4.1.0)
    kat = {0: 0x34C96ACDCADB1BBB, 1: 0x9F29CB17A2A49995, 0x0123456789ABCDEF: 0xEA3C52081E9843EC,
           2**64 - 1: 0x85D136ADB773C6C9, 12345678901: 0x3958B0E40A730B25}
    got = references.xxh64_u64(np.array(list(kat), np.uint64))
    assert [int(g) for g in got] == list(kat.values())

    # split-block Bloom filter: keys inserted as the Parquet spec inserts them all hit, an
    # empty filter holds nothing, a full one everything, and a random key in a filter half
    # full of bits passes 1 time in 2^8
    nb = 64
    filt = np.zeros(8 * nb, np.uint32)
    members = rng.integers(0, 2**40, size=20)
    for key in members.tolist():
        h = int(references.xxh64_u64(np.array([key], np.uint64))[0])
        block = ((h >> 32) * nb) >> 32
        for i, salt in enumerate(references.SBBF_SALT):
            filt[8 * block + i] |= np.uint32(1 << (((h & 0xFFFFFFFF) * salt & 0xFFFFFFFF) >> 27))
    probe = np.concatenate([members, rng.integers(0, 2**40, size=30)]).astype(np.int64)

    def flags(filter_words):
        return references.bloom_probe({"keys": probe, "filter": filter_words, "out": np.zeros(
            50, np.int32), "n": 50, "num_blocks": nb})["out"]

    assert (flags(filt)[:20] == 1).all() and flags(filt)[20:].sum() < 10
    assert not flags(np.zeros_like(filt)).any() and flags(np.full_like(filt, 2**32 - 1)).all()
    many = rng.integers(0, 2**40, size=200000).astype(np.int64)
    dense = rng.integers(0, 2**32, size=8 * 4096, dtype=np.uint32)
    hits = references.bloom_probe({"keys": many, "filter": dense, "out": np.zeros(
        200000, np.int32), "n": 200000, "num_blocks": 4096})["out"]
    assert 0.7 / 256 < hits.mean() < 1.3 / 256

    # Smith-Waterman (affine gaps): cell-by-cell DP on random pairs, ASCII coded (b >> 1) & 3
    # (either case), and hand-scored pairs
    def encode(text):
        return np.frombuffer(text.encode(), np.uint8)

    def sw(reads_text, windows_text):  # pairs of equal lengths
        q, t = len(reads_text[0]), len(windows_text[0])
        assert {len(s) for s in reads_text} == {q} and {len(s) for s in windows_text} == {t}
        r = np.concatenate([encode(s) for s in reads_text])
        w = np.concatenate([encode(s) for s in windows_text])
        r = np.pad(r, (0, -len(r) % 4)).view(np.uint32)
        w = np.pad(w, (0, -len(w) % 4)).view(np.uint32)
        return references.sw_align({"reads": r, "windows": w, "scores": np.zeros(
            len(reads_text), np.int32), "pairs": len(reads_text), "qlen": q, "tlen": t,
            "match": 2, "mismatch": 3, "gap_open": 5, "gap_extend": 2})["scores"].tolist()

    assert [(c >> 1) & 3 for c in b"ACTGactg"] == [0, 1, 2, 3, 0, 1, 2, 3]
    # GATTACA in GATTTACA: TTACA (5 matches) beats GAT-TACA (7 matches, a 1-base gap: 14 - 7)
    assert sw(["GATTACA"], ["GATTTACA"]) == [10]
    assert sw(["ACGTACGT", "acgtacgt", "AAAAAAAA"], ["ACGTACGT", "TTACGTAC", "CCCCCCCC"]) == [
        16, 12, 0]
    # a long match across a gap: 10 + 10 matches minus a 2-base gap (5 + 2 * 2)
    assert sw(["ACGTTGCAAGCATGCCTAGG"], ["ACGTTGCAAGTTCATGCCTAGG"]) == [40 - 9]
    bases = np.array(list("ACGT"))
    reads = ["".join(rng.choice(bases, size=9)) for _ in range(6)]
    windows = ["".join(rng.choice(bases, size=14)) for _ in range(6)]
    windows[0] = "TT" + reads[0][:4] + "G" + reads[0][4:] + "CA"  # 14 bases too
    assert sw(reads, windows) == [_gotoh_scalar(encode(a), encode(b))
                                  for a, b in zip(reads, windows, strict=True)]

    # Bayer RGGB: pixel by pixel with the phase rules and BORDER_REFLECT_101
    rows, cols = 5, 6
    raw = rng.integers(0, 2**16, size=(rows, cols)).astype(np.uint16)
    got = references.bayer_demosaic({"raw": raw.reshape(-1).view(np.uint32), "rows": rows,
                                     "cols": cols, "rgba": np.zeros((rows, cols), np.uint32)})
    chans = got["rgba"].view(np.uint8).reshape(rows, cols, 4).astype(int)

    def px(r, c):
        r = -r if r < 0 else (2 * rows - 2 - r if r >= rows else r)
        c = -c if c < 0 else (2 * cols - 2 - c if c >= cols else c)
        return int(raw[r, c])

    for r in range(rows):
        for c in range(cols):
            v = px(r, c)
            h2 = (px(r, c - 1) + px(r, c + 1) + 1) >> 1
            v2 = (px(r - 1, c) + px(r + 1, c) + 1) >> 1
            x4 = (px(r - 1, c) + px(r + 1, c) + px(r, c - 1) + px(r, c + 1) + 2) >> 2
            d4 = (px(r - 1, c - 1) + px(r - 1, c + 1) + px(r + 1, c - 1) + px(r + 1, c + 1)
                  + 2) >> 2
            rgb = {(0, 0): (v, x4, d4), (0, 1): (h2, v, v2), (1, 0): (v2, v, h2),
                   (1, 1): (d4, x4, v)}[(r % 2, c % 2)]
            assert chans[r, c].tolist() == [rgb[0] >> 8, rgb[1] >> 8, rgb[2] >> 8, 255]
    flat = np.full((4, 4), 0xABCD, np.uint16).reshape(-1).view(np.uint32)
    grey = references.bayer_demosaic({"raw": flat, "rows": 4, "cols": 4,
                                      "rgba": np.zeros((4, 4), np.uint32)})["rgba"]
    assert (grey == 0xFFABABAB).all()

    # LBM D2Q9: a fluid at rest in equilibrium stays put; collisions conserve each cell's
    # mass and momentum (of the distributions it pulled); streaming alone moves f_1 one
    # column right (omega = 0: no collision)
    w = np.array(references.D2Q9_W)
    rest = (w[:, None, None] * np.full((1, 3, 4), 36.0)).astype(np.float32)
    out = references.lbm_d2q9({"f_in": rest, "f_out": np.zeros_like(rest), "rows": 3,
                               "cols": 4, "omega": 1.75})["f_out"]
    assert np.allclose(out, rest, rtol=1e-6)
    f_in = rng.integers(1, 10, size=(9, 4, 5)).astype(np.float32)
    pulled = references.lbm_d2q9({"f_in": f_in, "f_out": np.zeros_like(f_in), "rows": 4,
                                  "cols": 5, "omega": 0.0})["f_out"]
    assert np.array_equal(pulled[1], np.roll(f_in[1], 1, axis=1))
    assert np.array_equal(pulled[5][1:, 1:], f_in[5][:-1, :-1])  # from (row - 1, col - 1)
    out = references.lbm_d2q9({"f_in": f_in, "f_out": np.zeros_like(f_in), "rows": 4,
                               "cols": 5, "omega": 1.75})["f_out"].astype(np.float64)
    ex = np.array([e[0] for e in references.D2Q9_E])[:, None, None]
    ey = np.array([e[1] for e in references.D2Q9_E])[:, None, None]
    pulled = pulled.astype(np.float64)
    assert np.allclose(out.sum(axis=0), pulled.sum(axis=0), rtol=1e-6)
    assert np.allclose((ex * out).sum(axis=0), (ex * pulled).sum(axis=0), atol=1e-5)
    assert np.allclose((ey * out).sum(axis=0), (ey * pulled).sum(axis=0), atol=1e-5)

    # Q8_0 matvec: int8 weights little-endian in the words (0x80FF0102: 2, 1, -1, -128),
    # one scale per 32 columns, checked by loops
    rows, cols = 3, 64
    words = rng.integers(0, 2**32, size=(rows, cols // 4), dtype=np.uint32)
    words[0, 0] = 0x80FF0102
    scales = rng.integers(1, 4, size=(rows, 2)).astype(np.float32)
    x = rng.integers(-4, 5, size=cols).astype(np.float32)
    y = references.q8_matvec({"q": words, "scales": scales, "x": x, "y": np.zeros(rows,
                              np.float32), "rows": rows, "cols": cols})["y"]
    assert words[0:1, 0:1].view(np.int8).tolist() == [[2, 1, -1, -128]]
    for r in range(rows):
        weights = [b - 256 if b > 127 else b for b in words[r].tobytes()]
        want = sum(scales[r, c // 32] * weights[c] * x[c] for c in range(cols))
        assert y[r] == want


def test_blind11_references_on_hand_checked_inputs():
    rng = np.random.default_rng(11)

    # canonical k-mers: ACG is 000111 = 7 forward, its reverse complement CGT 011110 = 30;
    # random windows against string reverse complements
    def kmers(text, k):
        seq = np.frombuffer(text.encode(), np.uint8)
        seq = np.pad(seq, (0, -len(seq) % 4)).view(np.uint32)
        n = len(text) - k + 1
        return references.kmer_canon({"seq": seq, "out": np.zeros(n, np.int64), "n": n,
                                      "k": k})["out"].tolist()

    assert kmers("ACG", 3) == [7] and kmers("cgt", 3) == [7] and kmers("TTT", 3) == [0]
    code = {"A": 0, "C": 1, "G": 3, "T": 2}
    comp = {"A": "T", "C": "G", "G": "C", "T": "A"}

    def pack(s):
        v = 0
        for ch in s:
            v = v * 4 + code[ch]
        return v

    text = "".join(rng.choice(list("ACGT"), size=60))
    for k in (5, 31):
        want = [min(pack(text[p: p + k]), pack("".join(comp[ch] for ch in text[p: p + k][::-1])))
                for p in range(len(text) - k + 1)]
        assert kmers(text, k) == want

    # bit unpacking: values packed LSB first as one Python integer bit stream
    for bits in (1, 11, 17, 32):
        vals = rng.integers(0, 2**bits, size=50).tolist()
        stream = sum(v << (i * bits) for i, v in enumerate(vals))
        nwords = -(-50 * bits // 32) + 1
        words = np.array([(stream >> (32 * j)) & 0xFFFFFFFF for j in range(nwords)], np.uint32)
        got = references.bitunpack_for({"words": words, "out": np.zeros(50, np.int32), "n": 50,
                                        "bits": bits, "base": -7})["out"]
        assert got.tolist() == [np.int32(np.int64(v) - 7) for v in vals]

    # bonds: at par (coupon = yield) the price is 100; a zero coupon bond is 100 / (1 + y/2)^n
    # with duration n / 2; one period left: (100 + c) / (1 + y / 2) and half a year
    cpn = np.array([500, 0, 300, 800], np.int32)
    yld = np.array([500, 600, 400, 1000], np.int32)
    per = np.array([20, 10, 1, 7], np.int32)
    got = references.bond_price({"coupon_bp": cpn, "yield_bp": yld, "periods": per,
                                 "price": np.zeros(4, np.float32),
                                 "duration": np.zeros(4, np.float32), "n": 4})
    assert np.isclose(got["price"][0], 100, rtol=1e-6)
    assert np.isclose(got["price"][1], 100 / 1.03**10) and np.isclose(got["duration"][1], 5)
    assert np.isclose(got["price"][2], 101.5 / 1.02) and np.isclose(got["duration"][2], 0.5)
    cf = [4.0] * 6 + [104.0]
    price = sum(c / 1.05**k for k, c in enumerate(cf, 1))
    assert np.isclose(got["price"][3], price, rtol=1e-6)
    assert np.isclose(got["duration"][3],
                      sum(k * c / 1.05**k for k, c in enumerate(cf, 1)) / price / 2, rtol=1e-6)

    # census 5x5: pixel by pixel with clamped coordinates; a flat image codes 0
    rows, cols = 6, 7
    img = rng.integers(0, 256, size=(rows, cols)).astype(np.uint8)
    img[2, 3] = 255

    def census(image):
        h, w = image.shape
        words = np.pad(image.reshape(-1), (0, -image.size % 4)).view(np.uint32)
        return references.census5x5({"img": words, "out": np.zeros((h, w), np.uint32),
                                     "rows": h, "cols": w})["out"]

    got = census(img)
    for r in range(rows):
        for c in range(cols):
            want = 0
            for dy in range(-2, 3):
                for dx in range(-2, 3):
                    if dy or dx:
                        y, x = min(max(r + dy, 0), rows - 1), min(max(c + dx, 0), cols - 1)
                        want = want * 2 + int(img[y, x] < img[r, c])
            assert got[r, c] == want
    assert (census(np.full((5, 8), 9, np.uint8)) == 0).all()

    # Ising: site by site with Python integers; all spins up, dE = 8 everywhere: about
    # exp(-8 beta) of the active colour flips and none of the other
    mix = _lowbias32

    def ising(spins, colour, seed=99, acc4=738927064, acc8=127128606):
        h, w = spins.shape
        return references.ising_checker({"spins_in": spins, "spins_out": np.zeros_like(spins),
                                         "rows": h, "cols": w, "colour": colour, "seed": seed,
                                         "acc4": acc4, "acc8": acc8})["spins_out"]

    rows, cols = 6, 9
    spins = rng.integers(0, 2, size=(rows, cols)).astype(np.int32)
    for colour in (0, 1):
        got = ising(spins, colour)
        for r in range(rows):
            for c in range(cols):
                v = int(spins[r, c])
                if (r + c) % 2 == colour:
                    nb = sum(2 * int(spins[(r + a) % rows, (c + b) % cols]) - 1
                             for a, b in ((-1, 0), (1, 0), (0, -1), (0, 1)))
                    de = 2 * (2 * v - 1) * nb
                    rnd = mix((r * cols + c) ^ mix(99))
                    if de <= 0 or rnd < {4: 738927064, 8: 127128606}[de]:
                        v = 1 - v
                assert got[r, c] == v
    up = np.ones((64, 64), np.int32)
    got = ising(up, 0)
    assert (got[1::2, 0::2] == 1).all() and (got[0::2, 1::2] == 1).all()
    assert 0.01 < 2 * (1 - got.mean()) < 0.06  # the flipped share of the active half
    assert (ising(up, 1, acc8=2**32 - 1)[0::2, 1::2] == 0).all()

    # source over: opaque sources replace, a transparent black source keeps the destination,
    # div255 is round(x / 255) for every product of two channels, and sums saturate
    x = np.arange(255 * 255 + 1)
    assert (((x + 128 + ((x + 128) >> 8)) >> 8) == np.floor(x / 255 + 0.5)).all()
    dst = rng.integers(0, 2**32, size=(3, 4), dtype=np.uint32)
    src = rng.integers(0, 2**24, size=(3, 4), dtype=np.uint32) | np.uint32(0xFF000000)

    def over(s, d):
        return references.alpha_over({"src": s, "dst": d, "out": np.zeros_like(d)})["out"]

    assert np.array_equal(over(src, dst), src)
    assert np.array_equal(over(np.zeros_like(dst), dst), dst)
    half = np.full((1, 1), 0x80402010, np.uint32)  # alpha 128: dst weight 127 / 255
    got = over(half, np.full((1, 1), 0xFFC86400, np.uint32)).view(np.uint8).reshape(4).tolist()
    assert got == [0x10 + 0, 0x20 + round(100 * 127 / 255), min(255, 0x40 + round(200 * 127 / 255)),
                   min(255, 0x80 + 127)]


def test_fixed_grid_calibration_references_by_hand():
    # row_norm3: [1, 2, 3, 4] has mean 2.5 and population variance 1.25
    x = np.array([[1, 2, 3, 4], [7, 7, 7, 7]], np.float32)
    got = references.row_norm3({"x": x, "rows": 2, "cols": 4})["out"]
    scale = 1 / np.sqrt(1.25 + 1e-5)
    assert np.allclose(got[0], [-1.5 * scale, -0.5 * scale, 0.5 * scale, 1.5 * scale])
    assert (got[1] == 0).all()  # a constant row normalizes to zeros
    # row_sum_tree: sums per row, wrapping at 2^32 like int32 adds
    x = np.array([[1, -2, 3], [2**31 - 1, 1, 0]], np.int32)
    got = references.row_sum_tree({"x": x, "rows": 2, "cols": 3})["sums"]
    assert got.tolist() == [2, -(2**31)]
    # gridstride_axpy: 2 * x + y
    got = references.gridstride_axpy({"x": np.array([1, -3], np.float32),
                                      "y": np.array([5, 0.5], np.float32), "a": 2.0})["y"]
    assert got.tolist() == [7.0, -5.5]


def test_blind12_references_on_hand_checked_inputs():
    import math
    from collections import Counter
    from fractions import Fraction

    rng = np.random.default_rng(12)

    # Monte Carlo calls: path by path with Python floats and Python-integer hashes; with no
    # volatility every path ends at S e^(rT), so the price is max(S - K e^(-rT), 0); many
    # paths land within a few standard errors of the Black-Scholes price
    mix = _lowbias32

    def mc(spot, strike, days, vol, paths, rate=0.03, seed=7):
        n = len(spot)
        return references.mc_euro_call({
            "spot": np.array(spot, np.float32), "strike": np.array(strike, np.float32),
            "days": np.array(days, np.int32), "vol_pct": np.array(vol, np.int32),
            "price": np.zeros(n, np.float32), "options": n, "paths": paths, "rate": rate,
            "seed": seed})["price"]

    rate = float(np.float32(0.03))
    spot, strike, days, vol = [100, 80, 50], [95, 90, 60], [365, 100, 700], [20, 45, 30]
    got = mc(spot, strike, days, vol, 40)
    for o in range(3):
        t, sigma = days[o] / 365, vol[o] / 100
        total = 0.0
        for j in range(20):
            c = 2 * (o * 20 + j)
            h1, h2 = mix(c ^ mix(7)), mix((c + 1) ^ mix(7))
            u1, u2 = ((h1 >> 8) + 1) / 2**24, (h2 >> 8) / 2**24
            radius = math.sqrt(-2 * math.log(u1))
            for z in (radius * math.cos(2 * math.pi * u2), radius * math.sin(2 * math.pi * u2)):
                s_t = spot[o] * math.exp((rate - sigma**2 / 2) * t + sigma * math.sqrt(t) * z)
                total += max(s_t - strike[o], 0.0)
        assert math.isclose(got[o], math.exp(-rate * t) * total / 40, rel_tol=1e-6)
    flat = mc([100, 100], [90, 120], [365, 365], [0, 0], 8)
    assert np.allclose(flat, [100 - 90 * math.exp(-rate), 0], rtol=1e-6)
    got = mc([100], [105], [365], [25], 200000)[0]
    sigma = 0.25
    d1 = (math.log(100 / 105) + rate + sigma**2 / 2) / sigma
    cdf = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))  # noqa: E731
    bs = 100 * cdf(d1) - 105 * math.exp(-rate) * cdf(d1 - sigma)
    assert abs(got - bs) < 0.1  # the standard error of 200,000 paths is about 0.03

    # chunk entropy: one repeated byte is 0 bits, four values equally often 2, all 256 equally
    # often 8; random chunks against collections.Counter
    def entropy(chunks, size):
        words = np.asarray(chunks, np.uint8).reshape(-1).view(np.uint32)
        return references.chunk_entropy({"data": words, "entropy": np.zeros(len(chunks),
                                         np.float32), "chunks": len(chunks),
                                         "chunk_bytes": size})["entropy"]

    even = np.tile(np.arange(256, dtype=np.uint8), 2)
    four = np.repeat(np.array([3, 9, 200, 17], np.uint8), 128)
    assert np.allclose(entropy([np.full(512, 7, np.uint8), four, even], 512), [0, 2, 8])
    chunks = rng.integers(0, 6, size=(4, 64)).astype(np.uint8) * 40
    got = entropy(chunks, 64)
    for k in range(4):
        counts = Counter(chunks[k].tolist()).values()
        want = -sum(c / 64 * math.log2(c / 64) for c in counts)
        assert math.isclose(got[k], want, rel_tol=1e-6)

    # point in polygon: a square and a concave U by hand; random points against PNPOLY's
    # division form in exact fractions
    def pip(points, poly):
        pts = np.array(points, np.int32).reshape(-1, 2)
        ring = np.array(poly, np.int32).reshape(-1, 2)
        return references.pip_geofence({
            "px": pts[:, 0].copy(), "py": pts[:, 1].copy(), "vx": ring[:, 0].copy(),
            "vy": ring[:, 1].copy(), "inside": np.zeros(len(pts), np.int32), "n": len(pts),
            "nv": len(ring)})["inside"].tolist()

    square = [(0, 0), (10, 0), (10, 10), (0, 10)]
    assert pip([(5, 5), (15, 5), (5, -1), (1, 9), (-3, 5)], square) == [1, 0, 0, 1, 0]
    u_shape = [(0, 0), (9, 0), (9, 9), (6, 9), (6, 3), (3, 3), (3, 9), (0, 9)]
    assert pip([(1, 5), (4, 5), (7, 5), (4, 1), (4, 12)], u_shape) == [1, 0, 1, 1, 0]
    poly = rng.integers(0, 16384, size=(9, 2)).tolist()
    points = rng.integers(0, 16384, size=(300, 2)).tolist()
    got = pip(points, poly)
    for (x, y), flag in zip(points, got, strict=True):
        inside = False
        for k in range(len(poly)):
            (xi, yi), (xj, yj) = poly[k], poly[k - 1]
            if (yi > y) != (yj > y) and x < Fraction(xj - xi) * (y - yi) / (yj - yi) + xi:
                inside = not inside
        assert flag == inside

    # Morton codes: bit by bit interleaving of the floored, clamped cells (x highest)
    def morton(points):
        pts = np.array(points, np.float32).reshape(-1, 3)
        return references.morton3d({"points": pts, "codes": np.zeros(len(pts), np.uint32),
                                    "n": len(pts), "lo": -32768.0, "scale": 1 / 64})["codes"]

    def interleave(p):
        cells = [min(max(math.floor((v + 32768) / 64), 0), 1023) for v in p]
        return sum(((cells[0] >> b & 1) << (3 * b + 2)) | ((cells[1] >> b & 1) << (3 * b + 1))
                   | ((cells[2] >> b & 1) << (3 * b)) for b in range(10))

    pts = rng.integers(-32768, 32768, size=(200, 3)).tolist()
    pts += [[-32768] * 3, [32767] * 3, [-40000, 0, 40000], [-32704, -32768, -32768]]
    got = morton(pts).tolist()
    assert got == [interleave(p) for p in pts]
    assert got[-4:] == [0, 2**30 - 1, interleave([-32768, 0, 32767]), 4]

    # D8: by hand on 3 x 3 grids (the centre's code), then cell by cell with exact drops
    def d8(grid):
        z = np.array(grid, np.float32)
        return references.d8_flow({"dem": z, "dir": np.zeros(z.shape, np.int32),
                                   "rows": z.shape[0], "cols": z.shape[1]})["dir"]

    assert d8([[9, 9, 9], [9, 10, 3], [9, 9, 0]])[1, 1] == 2  # SE drops 10 / sqrt 2 > 7
    assert d8([[9, 9, 9], [9, 10, 2], [9, 9, 0]])[1, 1] == 1  # E drops 8 > 7.07
    assert d8([[9, 5, 9], [9, 10, 9], [9, 5, 9]])[1, 1] == 4  # a tie: S before N
    assert d8([[10, 10, 10], [10, 10, 10], [10, 10, 10]]).tolist() == [[0] * 3] * 3
    assert d8([[1, 2, 3]]).tolist() == [[0, 16, 16]]  # one row: only E and W exist
    rows, cols = 7, 9
    grid = rng.integers(0, 60, size=(rows, cols))
    got = d8(grid)
    steps = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
    for r in range(rows):
        for c in range(cols):
            best, want = 0.0, 0
            for k, (dr, dc) in enumerate(steps):
                y, x = r + dr, c + dc
                if 0 <= y < rows and 0 <= x < cols:
                    drop = (grid[r, c] - grid[y, x]) / math.hypot(dr, dc)
                    if drop > best:
                        best, want = drop, 1 << k
            assert got[r, c] == want

    # dedispersion: sums over channels by hand, and a pulse swept along one trial's delays
    # adds up in that trial only
    def dedisp(data, kdelay, rows, cols):
        data = np.asarray(data, np.float32)
        return references.dedisperse({"in": data, "kdelay": np.array(kdelay, np.int32),
                                      "out": np.zeros((rows, cols), np.float32), "rows": rows,
                                      "cols": cols, "nchan": data.shape[0],
                                      "in_stride": data.shape[1]})["out"]

    nchan, rows, cols, maxdelay = 5, 6, 11, 8
    data = rng.integers(0, 16, size=(nchan, cols + maxdelay))
    kdelay = rng.integers(0, 65536 * maxdelay // rows + 1, size=nchan).tolist()
    got = dedisp(data, kdelay, rows, cols)
    for d in range(rows):
        for t in range(cols):
            shifts = [math.floor(d * k / 65536 + 0.5) for k in kdelay]
            assert max(shifts) <= maxdelay
            assert got[d, t] == sum(data[ch, t + shifts[ch]] for ch in range(nchan))
    kdelay = [65536 * 4 // 3, 65536, 65536 // 2, 0]  # 4/3, 1, 1/2 and 0 samples a DM step
    pulse = np.zeros((4, 20 + 8))
    for ch, k in enumerate(kdelay):
        pulse[ch, 3 + math.floor(5 * k / 65536 + 0.5)] = 1  # dispersed as trial 5 sees it
    got = dedisp(pulse, kdelay, 6, 20)
    assert got[5, 3] == 4 and got.max() == 4 and (got == 4).sum() == 1


def test_blind13_references_on_hand_checked_inputs():
    import math

    rng = np.random.default_rng(13)

    # GROUP BY: by hand (an empty group has revenue 0 and maximum 0), a group whose revenue
    # passes 2^31, and random groups row by row in Python integers
    def group(offsets, price, disc):
        offsets = np.array(offsets, np.int32)
        g = len(offsets) - 1
        got = references.group_revenue({
            "offsets": offsets, "price": np.array(price, np.int32),
            "discount_pct": np.array(disc, np.int32), "revenue": np.zeros(g, np.int64),
            "max_price": np.zeros(g, np.int32), "groups": g})
        return got["revenue"].tolist(), got["max_price"].tolist()

    assert group([0, 3, 3, 5], [100, 250, 80, 999, 1], [0, 10, 5, 100, 0]) == (
        [100 * 100 + 250 * 90 + 80 * 95, 0, 999 * 0 + 1 * 100], [250, 0, 999])
    assert group([0, 50], [999999] * 50, [0] * 50) == ([999999 * 100 * 50], [999999])
    lengths = rng.integers(0, 6, size=12)
    offsets = np.concatenate(([0], np.cumsum(lengths))).tolist()
    price = rng.integers(100, 1000000, size=offsets[-1]).tolist()
    disc = rng.integers(0, 11, size=offsets[-1]).tolist()
    revenue, best = group(offsets, price, disc)
    for g in range(12):
        rows = range(offsets[g], offsets[g + 1])
        assert revenue[g] == sum(price[i] * (100 - disc[i]) for i in rows)
        assert best[g] == max((price[i] for i in rows), default=0)

    # STA/LTA: ObsPy's classic_sta_lta as it is written (cumsum and slices in float64); a
    # constant trace gives 1 once the long window is full, a silent one 0; a burst after
    # silence by hand
    def cf(traces, nsta, nlta):
        traces = np.array(traces, np.int32)
        return references.sta_lta({"traces": traces, "cf": np.zeros(traces.shape, np.float32),
                                   "ntraces": traces.shape[0], "nsamples": traces.shape[1],
                                   "nsta": nsta, "nlta": nlta})["cf"]

    def obspy_classic(a, nsta, nlta):
        sta = np.cumsum(np.asarray(a, np.float64) ** 2)
        lta = sta.copy()
        sta[nsta:] = sta[nsta:] - sta[:-nsta]
        sta /= nsta
        lta[nlta:] = lta[nlta:] - lta[:-nlta]
        lta /= nlta
        sta[:nlta - 1] = 0
        lta[lta < np.finfo(0.0).tiny] = np.finfo(0.0).tiny
        return sta / lta

    traces = rng.integers(-2048, 2048, size=(3, 300))
    traces[1, :120] = 0  # silence, then noise
    got = cf(traces, 7, 50)
    for t in range(3):
        assert np.allclose(got[t], obspy_classic(traces[t], 7, 50), rtol=1e-6, atol=0)
    flat = cf([[5] * 20, [0] * 20], 2, 8)
    assert flat[0].tolist() == [0.0] * 7 + [1.0] * 13 and not flat[1].any()
    burst = cf([[0] * 10 + [3] * 4], 2, 4)[0].tolist()
    # i = 10: sta 9 / 2, lta 9 / 4 -> 2; i = 11: 18 / 2 over 18 / 4 -> 2; i = 12: 2 * 9 / 2
    # over 27 / 4 -> 4 / 3; i = 13: 18 / 2 over 36 / 4 -> 1
    assert burst[:10] == [0.0] * 10 and np.allclose(burst[10:], [2, 2, 4 / 3, 1])

    # polyphase resampling: upfirdn by its definition (zero-stuff by UP, convolve with h,
    # keep every DOWN-th sample) for several ratios; a unit impulse response by hand
    def resample(x, h, up, down, n):
        x, h = np.array(x, np.float32), np.array(h, np.float32)
        return references.resample_poly({"x": x, "h": h, "y": np.zeros(n, np.float32), "n": n,
                                         "nin": len(x), "up": up, "down": down,
                                         "taps": len(h) // up})["y"]

    for up, down, taps in ((3, 2, 16), (2, 3, 5), (1, 1, 4), (4, 1, 3), (5, 7, 2)):
        x = rng.integers(-2048, 2048, size=40).tolist()
        h = rng.integers(-64, 64, size=up * taps).tolist()
        n = (len(x) - 1) * up // down + 1  # every output whose base input exists
        stuffed = [0] * (len(x) * up)
        stuffed[::up] = x
        full = [sum(h[m] * stuffed[t - m] for m in range(len(h)) if 0 <= t - m < len(stuffed))
                for t in range(len(stuffed) + len(h) - 1)]
        assert resample(x, h, up, down, n).tolist() == full[: n * down: down][:n]
    impulse = [1] + [0] * 47  # h[0] = 1: y[n] = x[2n / 3] where 2n is a multiple of 3
    got = resample([10, 20, 30, 40], impulse, 3, 2, 6).tolist()
    assert got == [10, 0, 0, 30, 0, 0]

    # ChaCha20: the RFC 8439 test vectors (2.3.2's block function, 2.4.2's encryption), and a
    # random key, nonce and wrapping counter against a Python-integer implementation
    def words(hexbytes):
        return np.frombuffer(bytes.fromhex(hexbytes), dtype="<u4").astype(np.uint32)

    def chacha(plain_words, key, nonce, counter0):
        plain = np.asarray(plain_words, np.uint32).reshape(-1, 16)
        return references.chacha20_xor({
            "plain": plain, "cipher": np.zeros_like(plain), "key": key, "nonce": nonce,
            "nblocks": len(plain), "counter0": counter0})["cipher"]

    key = words(bytes(range(32)).hex())
    stream = chacha(np.zeros(16, np.uint32), key, words("000000090000004a00000000"), 1)
    assert stream.tobytes().hex() == (
        "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e")
    text = (b"Ladies and Gentlemen of the class of '99: If I could offer you only one tip for "
            b"the future, sunscreen would be it.")
    padded = np.frombuffer(text + bytes(128 - len(text)), dtype="<u4").astype(np.uint32)
    cipher = chacha(padded, key, words("000000000000004a00000000"), 1).tobytes()[: len(text)]
    assert cipher.hex() == (
        "6e2e359a2568f98041ba0728dd0d6981e97e7aec1d4360c20a27afccfd9fae0b"
        "f91b65c5524733ab8f593dabcd62b3571639d624e65152ab8f530c359f0861d8"
        "07ca0dbf500d6a6156a38e088a22b65e52bc514d16ccf806818ce91ab7793736"
        "5af90bbf74a35be6b40b8eedf2785e42874d")

    def py_block(k, n, counter):
        s = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574, *k, counter, *n]
        w = list(s)

        def qr(a, b, c, d):
            for x, y, z, r in ((a, b, d, 16), (c, d, b, 12), (a, b, d, 8), (c, d, b, 7)):
                w[x] = (w[x] + w[y]) & 0xFFFFFFFF
                w[z] ^= w[x]
                w[z] = ((w[z] << r) | (w[z] >> (32 - r))) & 0xFFFFFFFF

        for _ in range(10):
            qr(0, 4, 8, 12), qr(1, 5, 9, 13), qr(2, 6, 10, 14), qr(3, 7, 11, 15)
            qr(0, 5, 10, 15), qr(1, 6, 11, 12), qr(2, 7, 8, 13), qr(3, 4, 9, 14)
        return [(w[i] + s[i]) & 0xFFFFFFFF for i in range(16)]

    key = rng.integers(0, 2**32, size=8, dtype=np.uint32)
    nonce = rng.integers(0, 2**32, size=3, dtype=np.uint32)
    plain = rng.integers(0, 2**32, size=(3, 16), dtype=np.uint32)
    got = chacha(plain, key, nonce, 0xFFFFFFFF)  # counters 2^32 - 1, 0, 1
    for b, counter in enumerate((0xFFFFFFFF, 0, 1)):
        ks = py_block(key.tolist(), nonce.tolist(), counter)
        assert got[b].tolist() == [int(p) ^ k for p, k in zip(plain[b], ks, strict=True)]

    # Coulomb potential: 3-4-12 and 5-12-13 triangles by hand, opposite charges cancelling
    # midway, and random atoms against math.dist sums
    def coulomb(atoms, rows, cols, spacing, zplane):
        atoms = np.array(atoms, np.float32).reshape(-1, 4)
        return references.coulomb_grid({
            "ax": atoms[:, 0].copy(), "ay": atoms[:, 1].copy(), "az": atoms[:, 2].copy(),
            "aq": atoms[:, 3].copy(), "potential": np.zeros((rows, cols), np.float32),
            "rows": rows, "cols": cols, "natoms": len(atoms), "spacing": spacing,
            "zplane": zplane})["potential"]

    v = coulomb([[0, 0, 0, 2]], 5, 4, 1.0, 12.0)
    assert math.isclose(v[4, 3], 2 / 13, rel_tol=1e-6) and math.isclose(v[0, 0], 2 / 12,
                                                                         rel_tol=1e-6)
    v = coulomb([[0, 0, 0, 1], [0, 0, 0, -1], [2, 0, 0, 3]], 1, 7, 0.5, 1.5)
    assert math.isclose(v[0, 4], 3 / 1.5, rel_tol=1e-6)  # the pair cancels; (2, 0) is 1.5 away
    atoms = np.column_stack([rng.integers(0, 8, size=(6, 3)), rng.integers(-2, 3, size=6)])
    v = coulomb(atoms, 9, 11, 0.75, 3.5)
    for r in range(9):
        for c in range(11):
            want = sum(q / math.dist((c * 0.75, r * 0.75, 3.5), (x, y, z))
                       for x, y, z, q in atoms.tolist())
            assert math.isclose(v[r, c], want, rel_tol=1e-6, abs_tol=1e-6)

    # Harris: a flat image gives 0; a vertical step of 10 by hand (gx = 40 at the two columns
    # beside it, so Sxx = 3 (40^2 + 40^2) left of the step, 3 * 40^2 right of it, Syy = Sxy =
    # 0: R = -Sxx^2 / 20); random images pixel by pixel with clamped coordinates
    def harris(img):
        img = np.array(img, np.float32)
        return references.harris_response({"img": img, "response": np.zeros_like(img),
                                           "rows": img.shape[0], "cols": img.shape[1]})[
            "response"]

    assert not harris(np.full((6, 7), 9)).any()
    step = np.zeros((6, 9))
    step[:, 5:] = 10
    got = harris(step)
    assert got[:, 4].tolist() == [-(9600**2) / 20] * 6
    assert got[:, 5].tolist() == [-(9600**2) / 20] * 6
    assert got[:, 3].tolist() == [-(4800**2) / 20] * 6 and got[:, 6].tolist() == got[:, 3].tolist()
    assert not got[:, :3].any() and not got[:, 7:].any()
    rows, cols = 6, 8
    img = rng.integers(0, 256, size=(rows, cols))
    got = harris(img)

    def px(r, c):
        return int(img[min(max(r, 0), rows - 1), min(max(c, 0), cols - 1)])

    def grad(r, c):
        gx = sum(w * (px(r + d, c + 1) - px(r + d, c - 1)) for d, w in ((-1, 1), (0, 2), (1, 1)))
        gy = sum(w * (px(r + 1, c + d) - px(r - 1, c + d)) for d, w in ((-1, 1), (0, 2), (1, 1)))
        return gx, gy

    for r in range(rows):
        for c in range(cols):
            g = [grad(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)]
            a = sum(gx * gx for gx, _ in g)
            b = sum(gy * gy for _, gy in g)
            d = sum(gx * gy for gx, gy in g)
            want = np.float32(20 * (a * b - d * d) - (a + b) ** 2) / np.float32(20)
            assert got[r, c] == want


def test_aos_update_reference_by_hand():
    # two records of three words: out[j] = 2 * rec[j] + rec[(j + 1) mod 3]
    got = references.aos_update({"in": np.array([1, 2, 3, 0, -1, 5], np.float32),
                                 "words": 3, "a": 2.0})["out"]
    assert got.tolist() == [4.0, 7.0, 7.0, -1.0, 3.0, 10.0]


def test_blind14_references_on_hand_checked_inputs():
    import math

    rng = np.random.default_rng(14)

    # saturation adjustment: a cell exactly at saturation (es(273.15 K) = 611.2 Pa, so qs =
    # 622 * 611.2 / (p - 611.2)) is left alone, as is a dry cell without cloud; a dry cell
    # with 0.5 g/kg of cloud evaporates all of it (cooling by Lv/cp * 0.5); random cells
    # against a per-cell Python implementation, conserving qv + qc and T + Lv/cp qv; a
    # slightly supersaturated cell ends close to saturation at its new temperature
    lv_cp = 2.501e6 / 1004.64 / 1000.0

    def adjust(cells):
        cells = np.array(cells, np.float64)
        values = {k: cells[:, j].copy() for j, k in enumerate(("t_in", "p_in", "qv_in",
                                                                "qc_in"))}
        values.update({k: np.zeros(len(cells)) for k in ("t_out", "qv_out", "qc_out")})
        got = references.sat_adjust({**values, "n": len(cells)})
        return np.column_stack([got["t_out"], got["qv_out"], got["qc_out"]])

    def qsat(t, p):
        es = 611.2 * math.exp(17.67 * (t - 273.15) / (t - 29.65))
        return 622.0 * es / (p - es)

    saturated = 622.0 * 611.2 / 100000.0  # p = 100611.2 Pa at 273.15 K
    got = adjust([[273.15, 100611.2, saturated, 1.0], [300.0, 1e5, 1.0, 0.0],
                  [300.0, 1e5, 1.0, 0.5]])
    assert np.allclose(got[0], [273.15, saturated, 1.0], rtol=0, atol=1e-12)
    assert got[1].tolist() == [300.0, 1.0, 0.0]
    assert np.allclose(got[2], [300.0 - 0.5 * lv_cp, 1.5, 0.0], rtol=0, atol=1e-12)
    assert math.isclose(qsat(303.15, 1e5) / 622.0 * (1e5 - 4245.8), 4245.8, rel_tol=1e-4)
    cells = np.column_stack([rng.integers(263, 313, 200), rng.integers(50000, 101326, 200),
                             rng.integers(0, 30, 200), rng.integers(0, 4, 200)]).astype(float)
    got = adjust(cells)
    kinds = set()
    for (t, p, qv, qc), new in zip(cells.tolist(), got.tolist(), strict=True):
        qs = qsat(t, p)
        es = 611.2 * math.exp(17.67 * (t - 273.15) / (t - 29.65))
        dqs_dt = qs * p / (p - es) * 17.67 * 243.5 / (t - 29.65) ** 2
        dq = (qv - qs) / (1 + lv_cp * dqs_dt)
        if dq > 0:
            want, kind = [t + lv_cp * dq, qv - dq, qc + dq], "condense"
        elif qc > 0:
            evap = min(-dq, qc)
            want, kind = [t - lv_cp * evap, qv + evap, qc - evap], "evaporate"
        else:
            want, kind = [t, qv, qc], "leave"
        kinds.add(kind)
        assert np.allclose(new, want, rtol=1e-12, atol=1e-12)
        assert math.isclose(new[1] + new[2], qv + qc, rel_tol=1e-12, abs_tol=1e-12)
        assert math.isclose(new[0] + lv_cp * new[1], t + lv_cp * qv, rel_tol=1e-12)
    assert kinds == {"condense", "evaporate", "leave"}
    t, p = 293.15, 1e5
    (t2, qv2, qc2), = adjust([[t, p, qsat(t, p) + 1.0, 0.0]]).tolist()
    assert 0.2 < qc2 < 1.0 and t2 > t and abs(qv2 - qsat(t2, p)) < 0.02  # of 1 g/kg

    # vertex T&L: identity matrices by hand (clip = (p, 1), z_e = z, light along +z),
    # normals of length 2, 0 and 5, fog at 10, 50 and 2 units; then random uniforms against
    # per-vertex Python sums
    def tnl(verts, uniforms, start=4.0, end=36.0):
        verts = np.array(verts, np.float32).reshape(-1, 8)
        return references.vertex_tnl({
            "vertices": verts, "uniforms": np.array(uniforms, np.float32),
            "shaded": np.zeros_like(verts), "n": len(verts), "fog_start": start,
            "fog_end": end})["shaded"]

    ident = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] + [0, 0, 1, 0]
    ident += [1, 0, 0, 0, 1, 0, 0, 0, 1] + [0, 0, 1]
    got = tnl([[1, 2, -10, 0, 0, 2, 0.25, 0.75], [3, -1, -50, 0, 0, 0, 1, 2],
               [0, 0, -2, 0, 3, -4, 5, 6]], ident)
    assert got[0].tolist() == [1, 2, -10, 1, 0.25, 0.75, 1.0, (36 - 10) / 32]
    assert got[1].tolist() == [3, -1, -50, 1, 1, 2, 0.0, 0.0]  # no normal; fogged out
    assert got[2].tolist() == [0, 0, -2, 1, 5, 6, 0.0, 1.0]  # facing away (-0.8); no fog
    lit = ident[:29] + [0, 1, 0]
    assert tnl([[0, 0, -2, 0, 3, -4, 5, 6]], lit)[0, 6] == np.float32(0.6)
    uniforms = rng.integers(-3, 4, size=32).tolist()
    verts = rng.integers(-8, 8, size=(40, 8)).tolist()
    verts[0][3:6] = [0, 0, 0]
    got = tnl(verts, uniforms, 2.0, 20.0)
    for v, row in zip(verts, got.tolist(), strict=True):
        pos = v[:3] + [1]
        clip = [sum(uniforms[4 * r + j] * pos[j] for j in range(4)) for r in range(4)]
        ze = sum(uniforms[16 + j] * pos[j] for j in range(4))
        e = [sum(uniforms[20 + 3 * r + j] * v[3 + j] for j in range(3)) for r in range(3)]
        norm = math.sqrt(sum(x * x for x in e))
        lam = sum(x * w for x, w in zip(e, uniforms[29:], strict=True)) / norm if norm else 0
        fog = min(max((20.0 - abs(ze)) / 18.0, 0.0), 1.0)
        assert row[:6] == clip + v[6:]
        assert math.isclose(row[6], max(lam, 0.0), rel_tol=1e-6, abs_tol=1e-6)
        assert math.isclose(row[7], fog, rel_tol=1e-6, abs_tol=1e-7)

    # frame RMS and zero crossings: three overlapping frames by hand (0 counts as positive),
    # full-scale frames (a square sum past 2^31), alternating signs, then random frames
    # against per-frame Python sums
    def frames(samples, frame, hop):
        words = np.array(samples, "<i2").view("<u4").astype(np.uint32)
        nframes = (len(samples) - frame) // hop + 1
        got = references.frame_rms_zcr({
            "pcm": words, "rms": np.zeros(nframes, np.float32),
            "zcr": np.zeros(nframes, np.float32), "nframes": nframes, "frame": frame,
            "hop": hop})
        return got["rms"].tolist(), got["zcr"].tolist()

    rms, zcr = frames([3, -4, 0, 5, -1, -1, 2, 0], 4, 2)
    # [3, -4, 0, 5]: 50 / 4, two crossings; [0, 5, -1, -1]: 27 / 4, one; [-1, -1, 2, 0]: 6 / 4
    assert np.allclose(rms, np.sqrt([12.5, 6.75, 1.5]), rtol=1e-7) and zcr == [0.5, 0.25, 0.25]
    rms, zcr = frames([-32768] * 2048 + [32767, -32767] * 1024, 2048, 1024)
    assert rms[0] == 32768.0 and zcr[0] == 0.0
    assert math.isclose(rms[2], 32767.0, rel_tol=1e-7) and zcr[2] == 2047 / 2048
    assert zcr[1] == 1024 / 2048  # -32768 ... -32768, then 32767 -32767 ...: 1 + 1023 changes
    samples = rng.integers(-32768, 32768, size=1000).tolist()
    samples[100:140] = [0] * 40
    rms, zcr = frames(samples, 200, 75)
    for f in range(len(rms)):
        x = samples[75 * f: 75 * f + 200]
        assert math.isclose(rms[f], math.sqrt(sum(s * s for s in x) / 200), rel_tol=1e-6)
        changes = sum((a < 0) != (b < 0) for a, b in zip(x[:-1], x[1:], strict=True))
        assert zcr[f] == np.float32(changes / 200)

    # Canny NMS: a ridge across a row (> left, >= right: a plateau keeps its left pixel), a
    # vertical gradient, the diagonals picked by the sign of dx dy, the sector boundaries at
    # tan(22.5) and tan(67.5) degrees, then random gradients against atan2 sectors
    def nms(dx, dy, low, high):
        dx, dy = np.array(dx, np.int32), np.array(dy, np.int32)
        return references.canny_nms({"dx": dx, "dy": dy, "edges": np.zeros_like(dx),
                                     "rows": dx.shape[0], "cols": dx.shape[1], "low": low,
                                     "high": high})["edges"].tolist()

    ridge = [[0, 100, 200, 100, 0]] * 3
    assert nms(ridge, np.zeros((3, 5)), 50, 150) == [[0, 0, 2, 0, 0]] * 3
    assert nms([[0, -100, 100, 0]], np.zeros((1, 4)), 50, 150) == [[0, 1, 0, 0]]
    assert nms(np.zeros((4, 1)), [[0], [80], [-80], [0]], 50, 150) == [[0], [1], [0], [0]]
    dx = [[150, 0, 500], [0, 100, 0], [500, 0, 150]]
    assert nms(dx, [[0, 0, 0], [0, 100, 0], [0, 0, 0]], 50, 150)[1][1] == 2  # (0,0)-(2,2)
    assert nms(dx, [[0, 0, 0], [0, -100, 0], [0, 0, 0]], 50, 150)[1][1] == 0  # (0,2)-(2,0)

    def sector(gx, gy):
        """1 where the centre of a 3 x 3 patch whose neighbours are all strong except the
        left and right ones (or the ones above and below) is kept."""
        big = 10**6
        left_right = [[big, big, big], [0, gx, 0], [big, big, big]]
        above_below = [[big, 0, big], [big, gx, big], [big, 0, big]]
        centre = [[0, 0, 0], [0, gy, 0], [0, 0, 0]]
        return nms(left_right, centre, 0, big)[1][1], nms(above_below, centre, 0, big)[1][1]

    assert sector(1000, 414) == (1, 0) and sector(1000, 415) == (0, 0)  # tan 22.5 = 0.41421
    assert sector(100, 241) == (0, 0) and sector(100, 242) == (0, 1)  # tan 67.5 = 2.41421
    assert sector(0, 5) == (0, 1) and sector(7, 0) == (1, 0)
    rows, cols = 9, 11
    gx = rng.integers(-255, 256, size=(rows, cols))
    gy = rng.integers(-255, 256, size=(rows, cols))
    got = nms(gx, gy, 150, 300)

    def mag(r, c):
        return abs(int(gx[r, c])) + abs(int(gy[r, c])) if 0 <= r < rows and 0 <= c < cols else 0

    for r in range(rows):
        for c in range(cols):
            m = mag(r, c)
            angle = math.degrees(math.atan2(abs(int(gy[r, c])), abs(int(gx[r, c]))))
            if angle < 22.5:
                peak = m > mag(r, c - 1) and m >= mag(r, c + 1)
            elif angle > 67.5:
                peak = m > mag(r - 1, c) and m >= mag(r + 1, c)
            else:
                s = -1 if gx[r, c] * gy[r, c] < 0 else 1
                peak = m > mag(r - 1, c - s) and m > mag(r + 1, c + s)
            assert got[r][c] == ((2 if m > 300 else 1) if m > 150 and peak else 0)

    # morphological gradient: one bright pixel lights exactly the 21 disc positions around
    # it (not the corners of the 5 x 5 square); at a corner of the image, the 8 in-image disc
    # positions; a step of 40 shows within two columns of it; random images against
    # max - min over the in-image disc neighbours
    def gradient(img):
        img = np.array(img, np.int32)
        return np.array(references.morph_gradient({"img": img, "out": np.zeros_like(img),
                                                   "rows": img.shape[0],
                                                   "cols": img.shape[1]})["out"])

    dot = np.zeros((7, 7), np.int32)
    dot[3, 3] = 100
    got = gradient(dot)
    assert (got == 100).sum() == 21 and ((got == 0) | (got == 100)).all()
    assert got[3, 3] == got[1, 3] == got[2, 2] == got[3, 5] == 100
    assert got[1, 1] == got[5, 5] == got[1, 5] == 0  # (2, 2) away: outside the disc
    corner = np.zeros((4, 4), np.int32)
    corner[0, 0] = 100
    lit = {(int(r), int(c)) for r, c in np.argwhere(gradient(corner) == 100)}
    assert lit == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)}
    step = np.full((5, 10), 10, np.int32)
    step[:, 5:] = 50
    assert gradient(step).tolist() == [[0, 0, 0, 40, 40, 40, 40, 0, 0, 0]] * 5
    img = rng.integers(0, 65536, size=(6, 9))
    got = gradient(img)
    for r in range(6):
        for c in range(9):
            near = [int(img[r + dy, c + dx]) for dy in range(-2, 3) for dx in range(-2, 3)
                    if dx * dx + dy * dy <= 5 and 0 <= r + dy < 6 and 0 <= c + dx < 9]
            assert got[r, c] == max(near) - min(near)

    # MurmurHash3_x86_32: published test vectors (Appleby's reference code) through a
    # Python-integer implementation and through the reference's rows (empty rows, rows of 1
    # to 43 bytes starting at any byte), then random rows
    def mm3(data, seed):
        mask = 0xFFFFFFFF

        def rotl(x, r):
            return ((x << r) | (x >> (32 - r))) & mask

        h = seed
        for i in range(len(data) // 4):
            k = int.from_bytes(data[4 * i: 4 * i + 4], "little")
            h ^= rotl(k * 0xCC9E2D51 & mask, 15) * 0x1B873593 & mask
            h = (rotl(h, 13) * 5 + 0xE6546B64) & mask
        tail = data[len(data) // 4 * 4:]
        if tail:
            h ^= rotl(int.from_bytes(tail, "little") * 0xCC9E2D51 & mask, 15) * 0x1B873593 & mask
        h ^= len(data)
        h = (h ^ h >> 16) * 0x85EBCA6B & mask
        h = (h ^ h >> 13) * 0xC2B2AE35 & mask
        return h ^ h >> 16

    def hashes(rows, seed):
        data = b"".join(rows)
        data += bytes(-len(data) % 4)
        offsets = np.concatenate(([0], np.cumsum([len(r) for r in rows]))).astype(np.int32)
        return references.murmur3_strings({
            "offsets": offsets, "chars": np.frombuffer(data, "<u4").astype(np.uint32),
            "hashes": np.zeros(len(rows), np.uint32), "nrows": len(rows),
            "seed": seed})["hashes"].tolist()

    vectors = {
        0: [(b"", 0), (b"\xff\xff\xff\xff", 0x76293B50), (b"\x21\x43\x65\x87", 0xF55B516B),
            (b"\x21\x43\x65", 0x7E4A8634), (b"\x21\x43", 0xA0F7B07A), (b"\x21", 0x72661CF4),
            (b"\0\0\0\0", 0x2362F9DE), (b"\0\0\0", 0x85F0B427), (b"\0", 0x514E28B7)],
        1: [(b"", 0x514E28B7)],
        0xFFFFFFFF: [(b"", 0x81F16F39)],
        0x9747B28C: [(b"aaaa", 0x5A97808A), (b"aaa", 0x283E0130), (b"a", 0x7FA09EA6),
                     (b"abc", 0xC84A62DD), (b"ab", 0x74875592), (b"Hello, world!", 0x24884CBA),
                     (b"The quick brown fox jumps over the lazy dog", 0x2FA826CD)],
    }
    for seed, pairs in vectors.items():
        rows = [data for data, _ in pairs]
        assert [mm3(data, seed) for data in rows] == [want for _, want in pairs]
        assert hashes(rows, seed) == [want for _, want in pairs]
    rows = [rng.integers(0, 256, size=int(n)).astype(np.uint8).tobytes()
            for n in rng.integers(0, 40, size=60)]
    assert hashes(rows, 12345) == [mm3(r, 12345) for r in rows]


def test_blind15_references_on_hand_checked_inputs():
    import math
    from fractions import Fraction

    rng = np.random.default_rng(15)

    # Black-Scholes greeks: the textbook option (S = K = 100, one year, 20 %, r = 5 %: d1 =
    # 0.35, d2 = 0.15) by hand, the normal CDF against math.erfc, then random options
    # against central differences of a math.erf Black-Scholes price
    def greeks(s, k, days, vol, r):
        arr = {name: np.array(x, np.float32) for name, x in
               (("spot", s), ("strike", k), ("days", days), ("vol_pct", vol))}
        n = len(arr["spot"])
        zeros = {name: np.zeros(n, np.float32) for name in ("delta", "gamma", "vega", "theta",
                                                            "rho")}
        got = references.bs_greeks({**arr, **zeros, "r": r, "n": n})
        return {name: got[name].tolist() for name in zeros}

    def ncdf(x):
        return 0.5 * math.erfc(-x / math.sqrt(2.0))

    def call(s, k, t, sigma, r):
        d1 = (math.log(s / k) + (r + sigma * sigma / 2) * t) / (sigma * math.sqrt(t))
        return s * ncdf(d1) - k * math.exp(-r * t) * ncdf(d1 - sigma * math.sqrt(t))

    got = greeks([100], [100], [365], [20], 0.05)
    phi = math.exp(-0.35 ** 2 / 2) / math.sqrt(2 * math.pi)  # 0.375240
    want = {"delta": ncdf(0.35), "gamma": phi / 20, "vega": 100 * phi,
            "theta": -100 * phi * 0.2 / 2 - 0.05 * 100 * math.exp(-0.05) * ncdf(0.15),
            "rho": 100 * math.exp(-0.05) * ncdf(0.15)}
    for name, value in want.items():
        assert math.isclose(got[name][0], value, rel_tol=1e-6), name
    assert math.isclose(got["delta"][0], 0.636831, abs_tol=1e-6)
    assert math.isclose(got["vega"][0], 37.5240, abs_tol=1e-4)
    assert math.isclose(got["theta"][0], -6.41403, abs_tol=1e-4)
    assert math.isclose(got["rho"][0], 53.2325, abs_tol=1e-4)
    xs = np.linspace(-9, 9, 1801)
    ours = references.normal_cdf64(xs)
    assert all(math.isclose(a, ncdf(x), rel_tol=2e-7, abs_tol=1e-300)
               for a, x in zip(ours.tolist(), xs.tolist(), strict=True))
    s, k = rng.integers(50, 151, 30), rng.integers(50, 151, 30)
    days, vol = rng.integers(7, 731, 30), rng.integers(10, 81, 30)
    r = float(np.float32(0.04))
    got = greeks(s, k, days, vol, 0.04)
    for j in range(30):
        sj, kj, tj, vj = float(s[j]), float(k[j]), days[j] / 365, vol[j] / 100
        h = 1e-3 * sj
        num = {"delta": (call(sj + h, kj, tj, vj, r) - call(sj - h, kj, tj, vj, r)) / (2 * h),
               "gamma": (call(sj + h, kj, tj, vj, r) - 2 * call(sj, kj, tj, vj, r)
                         + call(sj - h, kj, tj, vj, r)) / (h * h),
               "vega": (call(sj, kj, tj, vj + 1e-5, r) - call(sj, kj, tj, vj - 1e-5, r)) / 2e-5,
               "theta": -(call(sj, kj, tj + 1e-5, vj, r) - call(sj, kj, tj - 1e-5, vj, r)) / 2e-5,
               "rho": (call(sj, kj, tj, vj, r + 1e-5) - call(sj, kj, tj, vj, r - 1e-5)) / 2e-5}
        for name, value in num.items():
            assert math.isclose(got[name][j], value, rel_tol=1e-4, abs_tol=1e-5), (j, name)

    # edge flux: three edges by hand (flow a -> b takes q_a, b -> a takes q_b, no flow 0),
    # then random edges against a per-edge Python loop
    def fluxes(nodes, normals, vel, q):
        nodes = np.array(nodes, np.int32)
        return references.edge_flux({
            "edge_nodes": nodes, "edge_normal": np.array(normals, np.float32),
            "node_vel": np.array(vel, np.float32), "node_q": np.array(q, np.float32),
            "flux": np.zeros(len(nodes), np.float32), "nedges": len(nodes)})["flux"].tolist()

    vel = [[2, 0], [4, 1], [0, 3]]
    q = [10, 20, 30]
    # (0, 1) across x: vn = (2 + 4) / 2 = 3 > 0, q_0; (1, 2) along -y: vn = (1 + 3) (-2) / 2
    # = -4, q_2; (2, 0) with a normal across the flow: vn = (2 3 - 3 2) / 2 = 0, 0
    assert fluxes([[0, 1], [1, 2], [2, 0]], [[1, 0], [0, -2], [3, -2]], vel, q) == \
        [30.0, -120.0, 0.0]
    nodes = rng.integers(0, 50, size=(200, 2))
    normals = rng.integers(-4, 5, size=(200, 2))
    vel = rng.integers(-8, 9, size=(50, 2))
    q = rng.integers(0, 100, size=50)
    got = fluxes(nodes, normals, vel, q)
    for e in range(200):
        a, b = int(nodes[e, 0]), int(nodes[e, 1])
        vn = ((vel[a, 0] + vel[b, 0]) * normals[e, 0] + (vel[a, 1] + vel[b, 1]) * normals[e, 1]) / 2
        assert got[e] == vn * (q[a] if vn > 0 else q[b])

    # Lomb-Scargle: a cosine of amplitude 3 at a Fourier frequency of 64 even samples gives
    # A^2 N / 4 there (CC = SS = N / 2, CS = 0) and about 0 at the others; random series
    # against the least-squares identity P = (sum y^2 - min ||y - a cos - b sin||^2) / 2
    def periodogram(t, y, nfreq, dw):
        return references.lomb_scargle({
            "t": np.array(t, np.float32), "y": np.array(y, np.float32),
            "power": np.zeros(nfreq, np.float32), "nfreq": nfreq, "nobs": len(t),
            "dw": dw})["power"].tolist()

    n = 64
    t = np.arange(n)
    got = periodogram(t, 3 * np.cos(2 * np.pi * 5 * t / n), 20, 2 * math.pi / n)
    assert math.isclose(got[4], 9 * n / 4, rel_tol=1e-4)  # w_4 = 5 dw
    assert max(got[:4] + got[5:]) < 1e-6 * 9 * n
    t = rng.integers(0, 100000, size=300)
    y = rng.integers(-50, 51, size=300)
    dw = 2 * math.pi / 400000
    got = periodogram(t, y, 40, dw)
    for k in range(40):
        phase = (np.float32(dw) * np.float32(k + 1) * t.astype(np.float32)).astype(np.float64)
        basis = np.column_stack([np.cos(phase), np.sin(phase)])
        coef = np.linalg.lstsq(basis, y.astype(np.float64), rcond=None)[0]
        residual = y - basis @ coef
        want = (float(y @ y) - float(residual @ residual)) / 2
        assert math.isclose(got[k], want, rel_tol=1e-5, abs_tol=1e-6), k

    # illumination: a flat DEM gives sin(altitude) everywhere; a plane rising 3 m a 30 m
    # cell to the east (slope 0.1, 0.05 at the replicated borders); random DEMs against the
    # normalized normal (-p, -q, 1) dotted with the sun vector, pixel by pixel
    def illumination(dem, sun=(-0.5, 0.5, 0.7071067811865476), cell=30.0):
        dem = np.array(dem, np.int32)
        return references.hillshade_cos_i({
            "dem": dem, "cos_i": np.zeros(dem.shape, np.float32), "rows": dem.shape[0],
            "cols": dem.shape[1], "cellsize": cell, "sx": sun[0], "sy": sun[1],
            "sz": sun[2]})["cos_i"]

    sz = float(np.float32(0.7071067811865476))
    assert np.allclose(illumination(np.full((4, 5), 123)), sz, rtol=1e-6, atol=0)
    ramp = illumination(np.tile(3 * np.arange(6), (4, 1)))
    assert np.allclose(ramp[:, 1:5], (sz + 0.5 * 0.1) / math.sqrt(1.01), rtol=1e-6)
    assert np.allclose(ramp[:, [0, 5]], (sz + 0.5 * 0.05) / math.sqrt(1.0025), rtol=1e-6)
    # planes facing the sun are lit head-on (cos i = 1): falling 3 m a 4 m cell to the east
    # (p = -0.75) under a sun at (0.6, 0, 0.8), rising to the north (q = 0.75) under one at
    # (0, -0.6, 0.8); the second sun lights the first plane at cos i = 0.8 / 1.25
    east = illumination(np.tile(-3 * np.arange(5), (5, 1)), (0.6, 0.0, 0.8), 4.0)
    north = illumination(np.tile(-3 * np.arange(5)[:, None], (1, 5)), (0.0, -0.6, 0.8), 4.0)
    assert np.allclose(east[:, 1:4], 1.0, rtol=1e-6) and np.allclose(north[1:4], 1.0, rtol=1e-6)
    other = illumination(np.tile(-3 * np.arange(5), (5, 1)), (0.0, -0.6, 0.8), 4.0)
    assert np.allclose(other[:, 1:4], 0.8 / 1.25, rtol=1e-6)
    dem = rng.integers(0, 500, size=(7, 9))
    got = illumination(dem)
    for r in range(7):
        for c in range(9):
            def z(dr, dc, r=r, c=c):
                return int(dem[min(max(r + dr, 0), 6), min(max(c + dc, 0), 8)])
            p = sum(w * (z(dr, 1) - z(dr, -1)) for dr, w in ((-1, 1), (0, 2), (1, 1))) / 240
            q = sum(w * (z(-1, dc) - z(1, dc)) for dc, w in ((-1, 1), (0, 2), (1, 1))) / 240
            normal = np.array([-p, -q, 1.0]) / math.sqrt(1 + p * p + q * q)
            want = float(normal @ np.array([-0.5, 0.5, sz]))
            assert math.isclose(got[r, c], want, rel_tol=1e-6, abs_tol=1e-7)

    # pixel shuffle: a 4-plane 1 x 2 image to a 2 x 4 image by hand, then random tensors
    # against loops over the input
    def shuffle(inp, n, c, h, w, r):
        inp = np.array(inp, np.float32).reshape(n * c * r * r, h, w)
        out = np.zeros((n * c * h * r, w * r), np.float32)
        return references.pixel_shuffle({"inp": inp, "out": out, "channels": c, "height": h,
                                         "width": w, "r": r, "out_rows": n * c * h * r})["out"]

    plane = [[[10 * k + w for w in range(2)]] for k in range(4)]
    assert shuffle(plane, 1, 1, 1, 2, 2).tolist() == [[0, 10, 1, 11], [20, 30, 21, 31]]
    n, c, h, w, r = 2, 3, 4, 5, 3
    inp = rng.integers(-1000, 1000, size=(n * c * r * r, h, w))
    got = shuffle(inp, n, c, h, w, r).reshape(n, c, h * r, w * r)
    for ni in range(n):
        for ci in range(c):
            for i in range(r):
                for j in range(r):
                    for hi in range(h):
                        for wi in range(w):
                            assert got[ni, ci, hi * r + i, wi * r + j] == \
                                inp[(ni * c + ci) * r * r + i * r + j, hi, wi]

    # ray-triangle: a triangle in z = 0 hit from above by hand (distance in units of |D|,
    # the far edge u + v = 1 included, behind the origin and parallel rays missed, reversed
    # winding hit too, the first of two equal hits), then random rays against Cramer's rule
    # in exact fractions
    def cast(rays, tris):
        rays = np.array(rays, np.float32).reshape(-1, 6)
        got = references.ray_tri_nearest({
            "origins": rays[:, :3].copy(), "dirs": rays[:, 3:].copy(),
            "tris": np.array(tris, np.float32).reshape(-1, 9),
            "hit_t": np.zeros(len(rays), np.float32), "hit_id": np.zeros(len(rays), np.int32),
            "nrays": len(rays), "ntris": len(tris)})
        return list(zip(got["hit_t"].tolist(), got["hit_id"].tolist(), strict=True))

    tri = [0, 0, 0, 4, 0, 0, 0, 4, 0]
    rays = [[1, 1, 5, 0, 0, -1], [1, 1, 5, 0, 0, -2], [1, 1, 5, 0, 0, 1], [3, 3, 5, 0, 0, -1],
            [2, 2, 5, 0, 0, -1], [1, 1, 0, 1, 0, 0], [1, 1, -3, 0, 0, 1], [-1, 1, 5, 0, 0, -1]]
    assert cast(rays, [tri]) == [(5.0, 0), (2.5, 0), (-1.0, -1), (-1.0, -1), (5.0, 0),
                                 (-1.0, -1), (3.0, 0), (-1.0, -1)]
    flipped = [0, 0, 0, 0, 4, 0, 4, 0, 0]
    far = [0, 0, -2, 4, 0, -2, 0, 4, -2]
    assert cast([[1, 1, 5, 0, 0, -1]], [far, flipped, tri]) == [(5.0, 1)]
    assert cast([[1, 1, 5, 0, 0, -3]], [far]) == [(float(np.float32(7 / 3)), 0)]
    origins = rng.integers(-64, 64, size=(300, 3))
    dirs = rng.integers(-8, 9, size=(300, 3))
    tris = rng.integers(-64, 64, size=(12, 9))
    got = cast(np.hstack([origins, dirs]), tris)
    hits = 0
    for (t_got, id_got), o, d in zip(got, origins.tolist(), dirs.tolist(), strict=True):
        best = None
        for k, v in enumerate(tris.tolist()):
            e1 = [v[3 + i] - v[i] for i in range(3)]
            e2 = [v[6 + i] - v[i] for i in range(3)]
            rhs = [o[i] - v[i] for i in range(3)]
            cols = [e1, e2, [-x for x in d]]  # u E1 + v E2 - t D = O - V0

            def det3(a, b, c):
                return (a[0] * (b[1] * c[2] - b[2] * c[1]) - b[0] * (a[1] * c[2] - a[2] * c[1])
                        + c[0] * (a[1] * b[2] - a[2] * b[1]))

            den = det3(*cols)
            if den == 0:
                continue
            u = Fraction(det3(rhs, cols[1], cols[2]), den)
            vv = Fraction(det3(cols[0], rhs, cols[2]), den)
            t = Fraction(det3(cols[0], cols[1], rhs), den)
            if u >= 0 and vv >= 0 and u + vv <= 1 and t > 0 and (best is None or t < best[0]):
                best = (t, k)
        if best is None:
            assert (t_got, id_got) == (-1.0, -1)
        else:
            hits += 1
            assert (t_got, id_got) == (float(np.float32(float(best[0]))), best[1])
    assert 50 < hits < 250


def test_blind16_references_on_hand_checked_inputs():
    import math
    from fractions import Fraction

    rng = np.random.default_rng(16)
    f32 = np.float32

    # crop, mirror, normalize: a 2 x 4 image cropped to 1 x 3 at (1, 1) by hand, plain and
    # mirrored, with mean 0 and scale 1 (the bytes themselves), then random batches with
    # ImageNet's constants against a loop over n, c, oy, ox in float32
    def cmn(pixels, anchors, flips, ch, cw, mean=(0.0, 0.0, 0.0), inv=(1.0, 1.0, 1.0)):
        pixels = np.array(pixels, np.uint8)
        n, h, w, _ = pixels.shape
        flat = np.zeros(-(-pixels.size // 4) * 4, np.uint8)
        flat[: pixels.size] = pixels.reshape(-1)
        values = {"image": flat.view(np.uint32), "out": np.zeros((3 * n, ch, cw), np.float32),
                  "crop_y": np.array([a[0] for a in anchors], np.int32),
                  "crop_x": np.array([a[1] for a in anchors], np.int32),
                  "mirror": np.array(flips, np.int32), "height": h, "width": w,
                  "crop_h": ch, "crop_w": cw, "out_rows": n * ch}
        for k, name in enumerate("rgb"):
            values[f"mean_{name}"], values[f"inv_std_{name}"] = mean[k], inv[k]
        return references.crop_mirror_normalize(values)["out"].reshape(n, 3, ch, cw)

    image = [[[[10 * y + x, 100 + 10 * y + x, 200 + 10 * y + x] for x in range(4)]
              for y in range(2)]]
    plain = cmn(image, [(1, 1)], [0], 1, 3)
    flipped = cmn(image, [(1, 1)], [1], 1, 3)
    assert plain[0, :, 0].tolist() == [[11, 12, 13], [111, 112, 113], [211, 212, 213]]
    assert flipped[0, :, 0].tolist() == [[13, 12, 11], [113, 112, 111], [213, 212, 211]]
    mean = (123.675, 116.28, 103.53)
    inv = (1 / 58.395, 1 / 57.12, 1 / 57.375)
    pixels = rng.integers(0, 256, size=(3, 7, 9, 3))
    anchors = [(0, 0), (2, 3), (1, 4)]
    got = cmn(pixels, anchors, [1, 0, 1], 5, 5, mean, inv)
    for n in range(3):
        y0, x0 = anchors[n]
        for c in range(3):
            for oy in range(5):
                for ox in range(5):
                    ix = x0 + (4 - ox if n != 1 else ox)
                    want = (f32(pixels[n, y0 + oy, ix, c]) - f32(mean[c])) * f32(inv[c])
                    assert got[n, c, oy, ox] == want

    # acoustic step: the eighth-order Laplacian vanishes on constant and linear fields and
    # is exact on quadratics (x^2 + 3 y^2: 2 + 6 = 8), the halo untouched; random fields
    # against a per-cell loop with the coefficients as fractions
    def step(p, p_prev, vel, scale=1.0):
        p = np.array(p, np.float32)
        return references.acoustic_fd8({
            "p": p, "p_prev": np.array(p_prev, np.float32), "vel": np.array(vel, np.float32),
            "p_next": np.full(p.shape, -7.0, np.float32), "rows": p.shape[0],
            "cols": p.shape[1], "dt2_h2": scale})["p_next"]

    coef = [Fraction(-205, 72), Fraction(8, 5), Fraction(-1, 5), Fraction(8, 315),
            Fraction(-1, 560)]
    assert 2 * coef[0] + 4 * sum(coef[1:]) == 0
    assert sum(c * k * k for k, c in enumerate(coef)) == 1  # sum_k c_k k^2 (both sides / 2)
    y, x = np.mgrid[0:11, 0:12]
    flat = step(np.full((11, 12), 5.0), np.full((11, 12), 3.0), np.full((11, 12), 2.0))
    assert (flat[4:7, 4:8] == 7.0).all() and (flat[:4] == -7).all() and (flat[:, 8:] == -7).all()
    ramp = step(3 * x - 2 * y, np.zeros((11, 12)), np.ones((11, 12)))
    assert np.allclose(ramp[4:7, 4:8], 2 * (3 * x - 2 * y)[4:7, 4:8], atol=1e-9)
    bowl = step(x * x + 3 * y * y, x * x + 3 * y * y, np.full((11, 12), 2.0), 0.25)
    assert np.allclose(bowl[4:7, 4:8], (x * x + 3 * y * y)[4:7, 4:8] + 4 * 0.25 * 8, atol=1e-9)
    p = rng.integers(-1000, 1000, size=(13, 14))
    prev = rng.integers(-1000, 1000, size=(13, 14))
    vel = rng.integers(1500, 4501, size=(13, 14))
    got = step(p, prev, vel, float(f32(6.4e-9)))
    scale = Fraction(float(f32(6.4e-9)))
    for r in range(4, 9):
        for c in range(4, 10):
            lap = 2 * coef[0] * int(p[r, c]) + sum(
                coef[k] * int(p[r, c - k] + p[r, c + k] + p[r - k, c] + p[r + k, c])
                for k in range(1, 5))
            want = 2 * int(p[r, c]) - int(prev[r, c]) + int(vel[r, c]) ** 2 * scale * lap
            assert math.isclose(got[r, c], float(want), rel_tol=1e-7, abs_tol=1e-5)  # float32

    # rigid bodies: a resting body falls by g dt, g dt^2; a static one stays; damping keeps
    # half the velocity or none; a spin of 2 rad/s about z for dt = 1/2 turns the identity
    # into (0, 0, 1/2, 1) / sqrt(5/4); random bodies against Hamilton's product in a loop
    def integrate(bodies, g=(0.0, -10.0, 0.0), dt=0.5):
        bodies = np.array(bodies, np.float32).reshape(-1, 16)
        return references.rigid_body_step({
            "bodies": bodies, "n": len(bodies), "gx": g[0], "gy": g[1], "gz": g[2],
            "dt": dt})["bodies"].reshape(-1, 16).tolist()

    rest = [1, 2, 3, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]
    static = [1, 2, 3, 0, 0, 0, 0, 1, 4, 0, 0, 0, 0, 0, 1, 0]
    spin = [0, 0, 0, 2, 0, 0, 0, 1, 4, 0, 0, 1, 0, 0, 2, 0]
    stopped = [0, 0, 0, 2, 0, 0, 0, 1, 4, 0, 0, 4, 0, 0, 2, 4]
    got = integrate([rest, static, spin, stopped])
    assert got[0] == [1, 2 - 2.5, 3, 1, 0, 0, 0, 1, 0, -5, 0, 0, 0, 0, 0, 0]
    assert got[1] == static
    s = 1 / math.sqrt(1.25)
    # v = (4 + 0, 0 - 10 / 2) (1 - 1 / 2) = (2, -2.5), x = v / 2
    want = [1, -1.25, 0, 2, 0, 0, 0.5 * s, s, 2, -2.5, 0, 1, 0, 0, 2, 0]
    assert np.allclose(got[2], want, rtol=1e-7, atol=1e-12)
    assert got[3] == [0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 4]
    bodies = rng.integers(1, 9, size=(40, 16)).astype(np.float64)
    g, dt = (0.0, float(f32(-9.81)), 0.0), float(f32(1 / 60))
    got = integrate(bodies, g, dt)
    for b, out in zip(bodies, got, strict=True):
        keep_v, keep_w = max(0.0, 1 - b[11] * dt), max(0.0, 1 - b[15] * dt)
        v = [(b[8 + k] + g[k] * dt) * keep_v for k in range(3)]
        w = [b[12 + k] * keep_w for k in range(3)]
        # (0, w) q by Hamilton's rule, (s1, v1)(s2, v2) = (s1 s2 - v1.v2, s1 v2 + s2 v1 +
        # v1 x v2), with s1 = 0, v1 = w, s2 = q_w, v2 = q_xyz
        qx, qy, qz, qw = b[4:8]
        dq = [qw * w[0] + (w[1] * qz - w[2] * qy), qw * w[1] + (w[2] * qx - w[0] * qz),
              qw * w[2] + (w[0] * qy - w[1] * qx), -(w[0] * qx + w[1] * qy + w[2] * qz)]
        q = [b[4 + k] + dt / 2 * dq[k] for k in range(4)]
        norm = math.sqrt(sum(c * c for c in q))
        want = [b[k] + v[k] * dt for k in range(3)] + [b[3]] + [c / norm for c in q]
        want += v + [b[11]] + w + [b[15]]
        assert np.allclose(out, want, rtol=1e-6, atol=1e-7)
        assert math.isclose(sum(c * c for c in out[4:8]), 1.0, rel_tol=1e-6)

    # polymers: a straight rod of 10 unit bonds (Rg^2 = (N^2 - 1) / 12, Ree^2 = (N - 1)^2),
    # the corners of a unit square (1/2 and 1), then random chains against the two-pass
    # definition and the pairwise one, Rg^2 = sum_ij |r_i - r_j|^2 / (2 N^2)
    def chains(coords):
        coords = np.array(coords, np.float32)
        nchains, nbeads = coords.shape[:2]
        got = references.polymer_rg({
            "coords": coords.reshape(-1, 3), "rg2": np.zeros(nchains, np.float32),
            "ree2": np.zeros(nchains, np.float32), "nchains": nchains, "nbeads": nbeads})
        return got["rg2"].tolist(), got["ree2"].tolist()

    rod = [[[i, 0, 0] for i in range(10)]]
    rg2, ree2 = chains(rod)
    assert math.isclose(rg2[0], 99 / 12, rel_tol=1e-6) and ree2 == [81.0]
    rg2, ree2 = chains([[[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]]])
    assert math.isclose(rg2[0], 0.5, rel_tol=1e-6) and ree2 == [1.0]
    coords = rng.integers(-32, 32, size=(5, 37, 3))
    rg2, ree2 = chains(coords)
    for k in range(5):
        r = coords[k].tolist()
        com = [Fraction(sum(b[a] for b in r), 37) for a in range(3)]
        two_pass = sum(sum((b[a] - com[a]) ** 2 for a in range(3)) for b in r) / 37
        pairwise = Fraction(sum(sum((bi[a] - bj[a]) ** 2 for a in range(3))
                                for bi in r for bj in r), 2 * 37 * 37)
        assert two_pass == pairwise
        assert math.isclose(rg2[k], float(two_pass), rel_tol=1e-6)
        assert ree2[k] == sum((r[-1][a] - r[0][a]) ** 2 for a in range(3))

    # embedding gradient: four tokens by hand (two share row 2; ids -1 and 3 lie outside a
    # 3-word vocabulary and are dropped), then random ids against a per-element loop
    def scatter(ids, grads, vocab):
        grads = np.array(grads, np.float32)
        ntok, dim = grads.shape
        return references.embedding_grad_scatter({
            "ids": np.array(ids, np.int32), "grad_out": grads,
            "grad_table": np.zeros((vocab, dim), np.float32), "elems": ntok * dim,
            "dim": dim, "vocab": vocab})["grad_table"].tolist()

    assert scatter([2, 0, 2, -1, 3], [[1, 2], [3, 4], [5, 6], [7, 8], [9, 9]], 3) == \
        [[3, 4], [0, 0], [6, 8]]
    ids = rng.integers(0, 11, size=60)
    grads = rng.integers(-8, 9, size=(60, 5))
    got = scatter(ids, grads, 11)
    want = [[0] * 5 for _ in range(11)]
    for t in range(60):
        for d in range(5):
            want[ids[t]][d] += int(grads[t, d])
    assert got == want

    # Miller-Rabin: odd numbers from 63 against trial division, the largest primes below
    # 2^32 and a window just below it, strong pseudoprimes to base 2 (2047) and to bases
    # 2, 3, 5 and 7 (3215031751) and Carmichael numbers all composite
    def trial(n):
        if n % 2 == 0:
            return False
        k = 3
        while k * k <= n:
            if n % k == 0:
                return False
            k += 2
        return True

    def mr(base, count):
        got = references.miller_rabin32({"is_prime": np.zeros(count, np.int32),
                                         "count": count, "base": base})["is_prime"]
        return [bool(v) for v in got.tolist()]

    assert mr(63, 3000) == [trial(63 + 2 * i) for i in range(3000)]
    assert mr(2**32 - 401, 200) == [trial(2**32 - 401 + 2 * i) for i in range(200)]
    assert [2**32 - 1 - 2 * i for i, p in enumerate(reversed(mr(2**32 - 39, 20))) if p] == \
        [4294967291, 4294967279]
    for n in (2047, 3215031751, 561, 41041, 825265, 321197185, 3 * 1000000007):
        assert mr(n, 1) == [False] and not trial(n)
    assert references.miller_rabin_32(np.array([2047]), bases=(2,)).tolist() == [True]
    assert references.miller_rabin_32(np.array([3215031751]), bases=(2, 3, 5, 7)).tolist() == \
        [True]
    assert mr(3000000001, 100) == [trial(3000000001 + 2 * i) for i in range(100)]


def test_blind17_references_on_hand_checked_inputs():
    import math
    import struct
    from fractions import Fraction

    rng = np.random.default_rng(17)
    f32 = np.float32

    # tasseled cap: with scale 1 and offset 0 the DNs are the reflectances; a 0 in any band
    # is the fill value (-9999 in all three), DNs (3, 1, 1, 1, 1, 1) give each row's sum plus
    # twice its blue coefficient (brightness 2.3099 + 2 x 0.3029 by hand); then random DNs
    # with the product's scale and offset (one fill pixel) against a per-pixel loop
    def tcap(planes, scale=1.0, offset=0.0):
        planes = np.array(planes, np.uint16)
        _, rows, cols = planes.shape
        flat = np.zeros(-(-planes.size // 2) * 2, np.uint16)
        flat[: planes.size] = planes.reshape(-1)
        return references.tasseled_cap({
            "band_words": flat.view(np.uint32), "tc": np.zeros((3, rows, cols), np.float32),
            "rows": rows, "cols": cols, "scale": scale, "offset": offset})["tc"]

    planes = np.zeros((6, 1, 3), np.uint16)
    planes[0, 0, 0], planes[3, 0, 0] = 1, 2  # blue 1, NIR 2, the rest fill
    planes[:, 0, 1] = [1, 1, 1, 1, 1, 0]  # SWIR 2 fill
    planes[:, 0, 2] = [3, 1, 1, 1, 1, 1]
    got = tcap(planes)
    assert got[:, 0, 0].tolist() == got[:, 0, 1].tolist() == [-9999.0] * 3
    coef = [[0.3029, 0.2786, 0.4733, 0.5599, 0.508, 0.1872],
            [-0.2941, -0.243, -0.5424, 0.7276, 0.0713, -0.1608],
            [0.1511, 0.1973, 0.3283, 0.3407, -0.7117, -0.4559]]
    for k in range(3):
        want = 3 * float(f32(coef[k][0])) + sum(float(f32(c)) for c in coef[k][1:])
        assert math.isclose(got[k, 0, 2], want, rel_tol=1e-6)
    assert math.isclose(got[0, 0, 2], 2.3099 + 2 * 0.3029, rel_tol=1e-6)  # by hand
    planes = rng.integers(7273, 43637, size=(6, 3, 5))
    planes[2, 1, 3] = 0
    got = tcap(planes, 2.75e-5, -0.2)
    scale, offset = float(f32(2.75e-5)), float(f32(-0.2))
    for r in range(3):
        for c in range(5):
            for k in range(3):
                if (r, c) == (1, 3):
                    assert got[k, r, c] == -9999.0
                    continue
                want = sum(float(f32(coef[k][b])) * (int(planes[b, r, c]) * scale + offset)
                           for b in range(6))
                assert math.isclose(got[k, r, c], want, rel_tol=1e-6, abs_tol=1e-6)

    # Perona-Malik: a flat image stays flat; a spike of K = 32 loses 4 exp(-1) 32 / 4 and
    # gives each neighbour exp(-1) 32 / 4; at a corner two of the four fluxes are zero (zero
    # flux through the border); an edge of 1000 does not diffuse; random images against a
    # per-pixel loop with math.exp and clamped neighbours
    def diffuse(img, inv_k2=1 / 1024, lam=0.25):
        img = np.array(img, np.float32)
        return references.perona_malik({
            "img": img, "out": np.zeros_like(img), "rows": img.shape[0],
            "cols": img.shape[1], "inv_kappa2": inv_k2, "lambda": lam})["out"]

    assert (diffuse(np.full((4, 5), 7.0)) == 7).all()
    spike = np.zeros((5, 5))
    spike[2, 2] = 32
    got = diffuse(spike)
    e1 = math.exp(-1)
    assert math.isclose(got[2, 2], 32 - 32 * e1, rel_tol=1e-6)
    assert all(math.isclose(got[r, c], 8 * e1, rel_tol=1e-6)
               for r, c in ((1, 2), (3, 2), (2, 1), (2, 3)))
    assert got[0, 0] == 0 and got[1, 1] == 0
    corner = np.zeros((3, 3))
    corner[0, 0] = 32
    assert math.isclose(diffuse(corner)[0, 0], 32 - 16 * e1, rel_tol=1e-6)
    cliff = np.zeros((3, 4))
    cliff[:, 2:] = 1000
    assert (diffuse(cliff) == cliff).all()
    img = rng.integers(0, 80, size=(6, 7))
    got = diffuse(img)
    for r in range(6):
        for c in range(7):
            v = int(img[r, c])
            flux = 0.0
            for dr, dc in ((-1, 0), (1, 0), (0, 1), (0, -1)):
                d = int(img[min(max(r + dr, 0), 5), min(max(c + dc, 0), 6)]) - v
                flux += math.exp(-d * d / 1024) * d
            assert math.isclose(got[r, c], v + 0.25 * flux, rel_tol=1e-6, abs_tol=1e-5)

    # NetFlow v5: records packed with Cisco's layout by struct (48 B, little-endian host
    # order): a one-packet SYN probe into 10/8 (First = Last: 1 ms), an established HTTPS
    # flow out of 10/8 (ACK set), a flow across the sysuptime wrap (2^32 - 500 -> 1500:
    # 2 s) and a record without packets, then random records against a loop over the
    # unpacked fields
    layout = "<3I2H4I2H4B2H2BH"
    assert struct.calcsize(layout) == 48

    def record(src, dst, pkts, octets, first, last, sport, dport, flags, prot):
        return struct.pack(layout, src, dst, 0, 1, 2, pkts, octets, first, last, sport, dport,
                           0, flags, prot, 0, 0, 0, 24, 24, 0)

    def flows(raw):
        words = np.frombuffer(b"".join(raw), np.uint32)
        n = len(raw)
        got = references.netflow5_features({
            "record_words": words, "features": np.zeros((n, 4), np.float32),
            "tags": np.zeros(n, np.int32), "n": n, "home_net": 0x0A000000,
            "home_mask": 0xFF000000})
        return got["features"].tolist(), got["tags"].tolist()

    ten = 0x0A000000
    feats, tags = flows([
        record(0xC0A80001, ten + 5, 1, 44, 7000, 7000, 40000, 22, 0x02, 6),
        record(ten + 0x010203, 0x08080808, 10, 15000, 1000, 3000, 51000, 443, 0x1B, 6),
        record(0x01020304, 0x05060708, 4, 400, 2**32 - 500, 1500, 2000, 3000, 0x02, 17),
        record(0x01020304, 0x05060708, 0, 0, 10, 20, 5000, 5000, 0, 6),
    ])
    assert feats[0] == [0, 44, 1000, 352000] and tags[0] == 1 | 2 | 8
    assert feats[1] == [2, 1500, 5, 60000] and tags[1] == 4 | 8
    assert feats[2] == [2, 100, 2, 1600] and tags[2] == 0  # UDP: no probe
    assert feats[3] == [float(f32(0.01)), 0, 0, 0] and tags[3] == 0  # float32
    raw = [bytes(rng.integers(0, 256, size=48, dtype=np.uint8)) for _ in range(50)]
    raw += [record(int(rng.integers(0, 2**32)), ten + int(rng.integers(0, 2**24)),
                   int(rng.integers(0, 5)), int(rng.integers(0, 3000)),
                   int(rng.integers(0, 2**32)), int(rng.integers(0, 2**32)),
                   int(rng.integers(0, 2000)), int(rng.integers(0, 2000)),
                   int(rng.integers(0, 64)), int(rng.choice([6, 17]))) for _ in range(50)]
    feats, tags = flows(raw)
    for rec, feat, tag in zip(raw, feats, tags, strict=True):
        (src, dst, _, _, _, pkts, octets, first, last, sport, dport, _, flags, prot,
         *_) = struct.unpack(layout, rec)
        duration = (last - first) % 2**32
        ms = max(duration, 1)
        want = [duration / 1000, octets / pkts if pkts else 0, pkts * 1000 / ms,
                octets * 8000 / ms]
        assert np.allclose(feat, want, rtol=1e-7, atol=0)  # float32 outputs
        want_tag = ((prot == 6 and flags & 0x12 == 0x02 and pkts <= 3) + 2 * (dst >> 24 == 10)
                    + 4 * (src >> 24 == 10) + 8 * (min(sport, dport) < 1024))
        assert tag == want_tag

    # AdamW: with lr = wd = beta1 = 1/2, beta2 = 3/4, eps = 0 and both corrections 1/2 every
    # step is exact: p = 4, g = 2, m = 2, v = 4 -> p = 4 - 1 = 3, m = 2, v = 4, p = 3 - 1 x
    # 2 / 4 = 2.5; a zero gradient and moment only decays p; random values against torch's
    # _single_tensor_adamw order (mul_, lerp_, mul_().addcmul_(), addcdiv_) in a loop; the
    # manifest's corrections are those of step 10
    def adamw(p, g, m, v, lr=0.5, b1=0.5, b2=0.75, eps=0.0, wd=0.5, bc1=0.5, bc2s=0.5):
        got = references.adamw_step({
            "param": np.array(p, np.float32), "grad": np.array(g, np.float32),
            "exp_avg": np.array(m, np.float32), "exp_avg_sq": np.array(v, np.float32),
            "n": len(p), "lr": lr, "beta1": b1, "beta2": b2, "eps": eps, "weight_decay": wd,
            "bias_correction1": bc1, "bias_correction2_sqrt": bc2s})
        return got["param"].tolist(), got["exp_avg"].tolist(), got["exp_avg_sq"].tolist()

    assert adamw([4, 8], [2, 0], [2, 0], [4, 4]) == ([2.5, 6], [2, 0], [4, 3])
    scalars = {a.name: a.value for a in SPECS["adamw_step"].args if a.kind == "scalar"}
    assert math.isclose(float(scalars["bias_correction1"]), 1 - 0.9**10, rel_tol=1e-12)
    assert math.isclose(float(scalars["bias_correction2_sqrt"]), math.sqrt(1 - 0.999**10),
                        rel_tol=1e-12)
    p, g = rng.integers(-8, 9, size=40), rng.integers(-8, 9, size=40)
    m, v = rng.integers(-8, 9, size=40), rng.integers(1, 65, size=40)
    hyper = [float(f32(x)) for x in (1e-3, 0.9, 0.999, 1e-8, 0.01, 1 - 0.9**10,
                                     math.sqrt(1 - 0.999**10))]
    got = adamw(p, g, m, v, *hyper)
    lr, b1, b2, eps, wd, bc1, bc2s = hyper
    for k in range(40):
        param = float(p[k]) * (1 - lr * wd)
        avg = float(m[k]) + (1 - b1) * (float(g[k]) - float(m[k]))  # lerp_
        avg_sq = float(v[k]) * b2 + (1 - b2) * float(g[k]) ** 2
        param += -(lr / bc1) * avg / (math.sqrt(avg_sq) / bc2s + eps)
        assert np.allclose([got[0][k], got[1][k], got[2][k]], [param, avg, avg_sq],
                           rtol=1e-7, atol=1e-7)  # the float32 outputs

    # Kepler: a circle (e = 0) gives E = M; a quarter day at one revolution a day moves a
    # circular orbit from perigee to (0, 1); M = 180 degrees is apogee, (-1 - e, 0);
    # Vallado's example 2-1 (M = 235.4 degrees, e = 0.4: E = 220.512074767522 degrees); then
    # random elements against bisection of E - e sin E - M in a Python loop
    def kepler(ecc_e7, m0_e4, n_e8=None, dt=0.0):
        ecc_e7 = np.array(ecc_e7, np.int32)
        n = len(ecc_e7)
        got = references.kepler_newton({
            "ecc_e7": ecc_e7, "m0_e4": np.array(m0_e4, np.int32),
            "n_e8": np.array(n_e8 if n_e8 is not None else [0] * n, np.int32),
            "x": np.zeros(n), "y": np.zeros(n), "count": n, "dt_days": dt})
        return got["x"].tolist(), got["y"].tolist()

    x, y = kepler([0, 0], [300000, 2500000])
    assert np.allclose(x, [math.cos(math.radians(30)), math.cos(math.radians(250))], atol=1e-14)
    assert np.allclose(y, [math.sin(math.radians(30)), math.sin(math.radians(250))], atol=1e-14)
    x, y = kepler([0], [0], [100000000], 0.25)
    assert np.allclose([x[0], y[0]], [0, 1], atol=1e-14)
    x, y = kepler([5000000], [1800000])
    assert math.isclose(x[0], -1.5, rel_tol=1e-14) and abs(y[0]) < 1e-14
    x, y = kepler([4000000], [2354000])
    big_e = math.radians(220.512074767522)
    assert math.isclose(x[0], math.cos(big_e) - 0.4, rel_tol=1e-10)
    assert math.isclose(y[0], math.sqrt(1 - 0.16) * math.sin(big_e), rel_tol=1e-10)
    ecc = rng.integers(0, 9900000, size=60)
    m0 = rng.integers(0, 3600000, size=60)
    ecc[:3], m0[:3] = 9899999, [1, 3599999, 1800000]  # near perigee and apogee at e ~ 0.99
    x, y = kepler(ecc, m0)
    for k in range(60):
        e = int(ecc[k]) * 1e-7
        mm = math.radians(int(m0[k]) * 1e-4)
        mm -= 2 * math.pi * math.floor((mm + math.pi) / (2 * math.pi))
        lo, hi = -math.pi - 1, math.pi + 1  # E - e sin E - M increases with E
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if mid - e * math.sin(mid) < mm else (lo, mid)
        assert math.isclose(x[k], math.cos(lo) - e, rel_tol=1e-12, abs_tol=1e-12)
        assert math.isclose(y[k], math.sqrt(1 - e * e) * math.sin(lo), rel_tol=1e-12,
                            abs_tol=1e-12)

    # GAE: three steps by hand with gamma = lambda = 1/2 (rewards 1, 0, 2, bootstrap value
    # 4: deltas 1, 0, 4, advantages 1.25, 1, 4), then a done at step 1 cutting the
    # bootstrap and the chain (1, 0, 4); random rollouts against the closed form A_t =
    # sum_l (gamma lambda)^l delta_{t+l} up to the episode's end, in fractions
    def gae(rewards, values, dones, gamma=0.5, lam=0.5):
        rewards = np.array(rewards, np.float32)
        envs, steps = rewards.shape
        got = references.gae_scan({
            "rewards": rewards, "values": np.array(values, np.float32),
            "dones": np.array(dones, np.int32), "adv": np.zeros((envs, steps), np.float32),
            "returns": np.zeros((envs, steps), np.float32), "envs": envs, "steps": steps,
            "gamma": gamma, "lambda": lam})
        return got["adv"].tolist(), got["returns"].tolist()

    adv, ret = gae([[1, 0, 2]], [[0, 0, 0, 4]], [[0, 0, 0]])
    assert adv == [[1.25, 1, 4]] and ret == [[1.25, 1, 4]]
    adv, ret = gae([[1, 0, 2], [1, 0, 2]], [[0, 3, 0, 4], [0, 0, 0, 4]], [[0, 0, 0], [0, 1, 0]])
    # row 0: deltas 1 + 1.5 = 2.5, -3, 4: A2 = 4, A1 = -3 + 1, A0 = 2.5 - 0.5
    assert adv == [[2.0, -2, 4], [1, 0, 4]] and ret == [[2.0, 1, 4], [1, 0, 4]]
    rewards = rng.integers(-2, 3, size=(3, 25))
    values = rng.integers(-8, 9, size=(3, 26))
    dones = (rng.random((3, 25)) < 0.2).astype(int)
    g, lam = Fraction(float(f32(0.99))), Fraction(float(f32(0.95)))
    adv, ret = gae(rewards, values, dones, 0.99, 0.95)
    for e in range(3):
        for t in range(25):
            want = Fraction(0)
            for k in range(t, 25):
                keep = 1 - int(dones[e, k])
                delta = int(rewards[e, k]) + g * int(values[e, k + 1]) * keep - int(values[e, k])
                want += (g * lam) ** (k - t) * delta
                if not keep:
                    break
            assert math.isclose(adv[e][t], float(want), rel_tol=1e-6, abs_tol=1e-5)
            assert math.isclose(ret[e][t], float(want) + int(values[e, t]), rel_tol=1e-6,
                                abs_tol=1e-5)


def test_blind18_references_on_hand_checked_inputs():
    import colorsys
    import math
    import struct
    from fractions import Fraction

    rng = np.random.default_rng(18)
    f32 = np.float32

    # HSV in-range: OpenCV's 8-bit HSV by hand (red (0, 255, 255), green H 60, blue H 120,
    # yellow H 30, grey and black S = 0, (200, 100, 50): 20 degrees = H 10, S round(191.25) =
    # 191, (255, 0, 40): 350.6 degrees = H 175), the red range 170..10 wrapping through 0 with
    # its inclusive bounds (H 10, V 60 in, V 59 out); then random pixels against a loop in
    # fractions (H and S rounded half up) and colorsys within half a unit
    def hsv_mask(pixels, lo_h=170, hi_h=10, lo_s=100, hi_s=255, lo_v=60, hi_v=255):
        flat = np.zeros(-(-3 * len(pixels) // 4) * 4, np.uint8)
        flat[: 3 * len(pixels)] = np.array(pixels, np.uint8).reshape(-1)
        got = references.hsv_inrange({
            "rgb_words": flat.view(np.uint32),
            "mask_words": np.zeros(-(-len(pixels) // 4), np.uint32), "rows": 1,
            "cols": len(pixels), "h_lo": lo_h, "h_hi": hi_h, "s_lo": lo_s, "s_hi": hi_s,
            "v_lo": lo_v, "v_hi": hi_v})["mask_words"]
        return got.view(np.uint8)[: len(pixels)].tolist()

    pixels = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0), (128, 128, 128), (0, 0, 0),
              (200, 100, 50), (255, 0, 40), (60, 0, 0), (59, 0, 0)]
    h, s, v = (a.tolist() for a in references.hsv_8bit(np.array(pixels)))
    assert h == [0, 60, 120, 30, 0, 0, 10, 175, 0, 0]
    assert s == [255, 255, 255, 255, 0, 0, 191, 255, 255, 255]
    assert v == [255, 255, 255, 255, 128, 0, 200, 255, 60, 59]
    assert hsv_mask(pixels) == [255, 0, 0, 0, 0, 0, 255, 255, 255, 0]
    assert hsv_mask(pixels, 50, 70, 0, 255, 0, 255) == [0, 255, 0, 0, 0, 0, 0, 0, 0, 0]
    pixels = [tuple(int(c) for c in p) for p in rng.integers(0, 256, size=(400, 3))]
    h, s, v = (a.tolist() for a in references.hsv_8bit(np.array(pixels)))
    for k, (red, green, blue) in enumerate(pixels):
        hi, lo = max(red, green, blue), min(red, green, blue)
        diff = hi - lo
        assert v[k] == hi
        assert s[k] == (math.floor(Fraction(255 * diff, hi) + Fraction(1, 2)) if hi else 0)
        if diff == 0:
            assert h[k] == 0
            continue
        if hi == red:
            half = 180 + Fraction(30 * (green - blue), diff)
        elif hi == green:
            half = 60 + Fraction(30 * (blue - red), diff)
        else:
            half = 120 + Fraction(30 * (red - green), diff)
        assert h[k] == math.floor(half + Fraction(1, 2)) % 180
        hue = colorsys.rgb_to_hsv(red / 255, green / 255, blue / 255)[0] * 180
        assert min(abs(hue - h[k]), 180 - abs(hue - h[k])) <= 0.5 + 1e-9
    mask = hsv_mask(pixels, 20, 40, 50, 200, 30, 220)
    assert mask == [255 * (20 <= h[k] <= 40 and 50 <= s[k] <= 200 and 30 <= v[k] <= 220)
                    for k in range(400)]

    # Allen-Cahn: flat fields at the wells (-1, 0, 1) stay; 1/2 moves to 1/2 + 3/8 dt; a
    # spike of 1 with dt = 1/16, eps2 = 1/2, h = 1 becomes 1 - 5/48, its edge neighbours
    # 1/48 and corners 1/192, wrapping round the periodic borders; then random fields
    # against a per-point loop with modulo neighbours
    def ac(phi, dt=1 / 16, eps2=0.5, inv_6h2=1 / 6):
        phi = np.array(phi, np.float32)
        return references.allen_cahn9({
            "phi": phi, "out": np.zeros_like(phi), "rows": phi.shape[0], "cols": phi.shape[1],
            "dt": dt, "eps2": eps2, "inv_6h2": inv_6h2})["out"]

    for c in (-1, 0, 1):
        assert (ac(np.full((3, 4), c)) == c).all()
    assert (ac(np.full((3, 4), 0.5)) == 0.5 + 0.375 / 16).all()
    spike = np.zeros((4, 5))
    spike[0, 0] = 1
    got = ac(spike)
    assert math.isclose(got[0, 0], 1 - 5 / 48, rel_tol=1e-6)
    for r, c in ((1, 0), (3, 0), (0, 1), (0, 4)):
        assert math.isclose(got[r, c], 1 / 48, rel_tol=1e-6)
    for r, c in ((1, 1), (3, 4), (1, 4), (3, 1)):
        assert math.isclose(got[r, c], 1 / 192, rel_tol=1e-6)
    assert got[2, 2] == 0 and got[0, 2] == 0
    phi = rng.integers(-3, 4, size=(5, 6)) / 2
    got = ac(phi)
    sixth = float(f32(1 / 6))
    for r in range(5):
        for c in range(6):
            def at(dr, dc, r=r, c=c):
                return float(phi[(r + dr) % 5, (c + dc) % 6])
            p = at(0, 0)
            lap = (4 * (at(-1, 0) + at(1, 0) + at(0, -1) + at(0, 1))
                   + at(-1, -1) + at(-1, 1) + at(1, -1) + at(1, 1) - 20 * p) * sixth
            want = p + (1 / 16) * (0.5 * lap - (p**3 - p))
            assert math.isclose(got[r, c], want, rel_tol=1e-6, abs_tol=1e-6)

    # UAV telemetry: records packed with MAVLink's GLOBAL_POSITION_INT wire layout by struct
    # (28 B): at home flying (3, 4) m/s (5 m/s, course 53.13 degrees); 1e-3 degree north
    # (111.32 m, inside the fence) flying west, above the ceiling, descending 2 m/s, heading
    # unknown; 4e-3 degree east at 35.36 S (363.1 m: outside); across the antimeridian at
    # the equator (2e-4 degree: 22.26 m east, not 4e7 m west); at the pole (longitude scale
    # clamped to 0.01); then random records against a loop over the unpacked fields
    layout = "<I4i3hH"
    assert struct.calcsize(layout) == 28
    home_lat, home_lon = -353632610, 1491652300
    scaling = 0.011131884502145034

    def uav(raw, hlat=home_lat, hlon=home_lon):
        words = np.frombuffer(b"".join(raw), np.uint32)
        n = len(raw)
        got = references.uav_telemetry({
            "report_words": words, "features": np.zeros((n, 4), np.float32),
            "flags": np.zeros(n, np.int32), "n": n, "home_lat": hlat, "home_lon": hlon,
            "fence_radius_m": 300.0, "ceiling_mm": 120000, "max_descent_cms": 150})
        return got["features"].tolist(), got["flags"].tolist()

    def report(lat, lon, rel_alt=50000, vx=0, vy=0, vz=0, hdg=9000):
        return struct.pack(layout, 123456, lat, lon, 600000, rel_alt, vx, vy, vz, hdg)

    feats, flags = uav([
        report(home_lat, home_lon, vx=300, vy=400, vz=-100),
        report(home_lat + 10000, home_lon, 130000, 0, -100, 200, 65535),
        report(home_lat, home_lon + 40000),
    ])
    assert np.allclose(feats[0], [0, 0, 5, math.degrees(math.atan2(4, 3))], rtol=1e-7)
    assert math.isclose(feats[0][3], 53.130102354, rel_tol=1e-7) and flags[0] == 0
    assert np.allclose(feats[1], [111.31884502145034, 0, 1, 270], rtol=1e-7)
    assert flags[1] == 2 | 4 | 8
    east = 40000 * scaling * math.cos(math.radians(35.3632610))
    assert math.isclose(east, 363.1, rel_tol=1e-3)
    assert np.allclose(feats[2], [0, east, 0, 0], rtol=1e-7) and flags[2] == 1
    feats, flags = uav([report(0, -1799999000), report(0, 1799999000 - 2000)], 0, 1799999000)
    assert np.allclose(feats, [[0, 2000 * scaling, 0, 0], [0, -2000 * scaling, 0, 0]],
                       rtol=1e-7)
    feats, _ = uav([report(900000000, 100000)], 900000000, 0)
    assert math.isclose(feats[0][1], 100000 * scaling * 0.01, rel_tol=1e-7)
    raw = [bytes(rng.integers(0, 256, size=28, dtype=np.uint8)) for _ in range(60)]
    raw += [report(home_lat + int(rng.integers(-40000, 40000)),
                   home_lon + int(rng.integers(-40000, 40000)), int(rng.integers(0, 200000)),
                   *(int(x) for x in rng.integers(-2000, 2000, size=3)),
                   int(rng.choice([0, 18000, 65535]))) for _ in range(60)]
    feats, flags = uav(raw)
    for rec, feat, flag in zip(raw, feats, flags, strict=True):
        _, lat, lon, _, rel_alt, vx, vy, vz, hdg = struct.unpack(layout, rec)
        dlon = lon - home_lon
        if (lon < 0) != (home_lon < 0):
            dlon += 3600000000 if dlon < -1800000000 else -3600000000 if dlon > 1800000000 else 0
        north = (lat - home_lat) * scaling
        east = dlon * scaling * max(math.cos(math.radians((lat + home_lat) / 2 * 1e-7)), 0.01)
        want = [north, east, math.hypot(vx, vy) / 100, math.degrees(math.atan2(vy, vx)) % 360]
        assert np.allclose(feat, want, rtol=1e-6, atol=1e-4)  # float32 outputs
        assert flag == ((math.hypot(north, east) > 300) + 2 * (rel_alt > 120000)
                        + 4 * (vz > 150) + 8 * (hdg == 65535))

    # Hodgkin-Huxley: dt = 0 leaves the gates; a long step reaches the steady states, at
    # -65 mV hh's textbook resting values m 0.0529, h 0.5961, n 0.3177; at -40 and -55 mV
    # vtrap takes its series branch (alpha_m = 1, alpha_n = 0.1: continuous with the
    # neighbouring voltages); 16.3 degrees divides every tau by q10 = 3; then random values
    # against a per-element loop of hh.mod's formulas with math.exp
    def hh(v, m, h, n, dt=0.025, celsius=6.3):
        got = references.hh_cnexp({
            "v": np.array(v, float), "m": np.array(m, float), "h": np.array(h, float),
            "n": np.array(n, float), "count": len(v), "dt": dt, "celsius": celsius})
        return got["m"].tolist(), got["h"].tolist(), got["n"].tolist()

    assert hh([-65, 0], [0.5, 1], [0.25, 0], [1, 0.5], dt=0.0) == ([0.5, 1], [0.25, 0], [1, 0.5])
    m, h, n = hh([-65], [0], [1], [0], dt=1e6)
    assert np.allclose([m[0], h[0], n[0]], [0.0529, 0.5961, 0.3177], atol=1e-4)
    minf, _, _, _, ninf, _ = references.hh_rates(np.array([-40.0, -55.0]), 6.3)
    assert math.isclose(minf[0], 1 / (1 + 4 * math.exp(-25 / 18)), rel_tol=1e-14)
    assert math.isclose(ninf[1], 0.1 / (0.1 + 0.125 * math.exp(-10 / 80)), rel_tol=1e-14)
    near = references.hh_rates(np.array([-40.0 + 1e-4, -55.0 - 1e-4]), 6.3)
    assert math.isclose(near[0][0], minf[0], rel_tol=1e-4)
    assert math.isclose(near[4][1], ninf[1], rel_tol=1e-4)
    cold, warm = references.hh_rates(np.array([-20.0]), 6.3), references.hh_rates(
        np.array([-20.0]), 16.3)
    for k in (1, 3, 5):
        assert math.isclose(cold[k][0], 3 * warm[k][0], rel_tol=1e-12)
    v = rng.integers(-100, 51, size=80).astype(float)
    gates = rng.random((3, 80))
    got = hh(v, *gates)

    def vtrap(x, y):
        return y * (1 - x / y / 2) if abs(x / y) < 1e-6 else x / (math.exp(x / y) - 1)

    for k in range(80):
        vm = v[k]
        pairs = [(0.1 * vtrap(-(vm + 40), 10), 4 * math.exp(-(vm + 65) / 18)),
                 (0.07 * math.exp(-(vm + 65) / 20), 1 / (math.exp(-(vm + 35) / 10) + 1)),
                 (0.01 * vtrap(-(vm + 55), 10), 0.125 * math.exp(-(vm + 65) / 80))]
        for g, (alpha, beta) in enumerate(pairs):
            tau, inf = 1 / (alpha + beta), alpha / (alpha + beta)
            want = gates[g, k] + (1 - math.exp(-0.025 / tau)) * (inf - gates[g, k])
            assert math.isclose(got[g][k], want, rel_tol=1e-12, abs_tol=1e-15)

    # TF-IDF: counts (3, 4) with idf 1 normalize to (0.6, 0.8); an empty document; a single
    # term to 1; a zero count row stays 0 (norm 0); then random CSR matrices against a loop
    # over the documents with math.sqrt
    def tfidf(row_ptr, term, count, idf):
        got = references.tfidf_l2norm({
            "row_ptr": np.array(row_ptr, np.int32), "term": np.array(term, np.int32),
            "count": np.array(count, np.float32), "idf": np.array(idf, np.float32),
            "out": np.zeros(len(term), np.float32), "docs": len(row_ptr) - 1})["out"]
        return got.tolist()

    assert tfidf([0, 2, 2, 3, 4], [0, 1, 2, 1], [3, 4, 1, 0], [1, 1, 2]) == \
        [float(f32(0.6)), float(f32(0.8)), 1, 0]
    row_ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 9, size=12))])
    nnz = int(row_ptr[-1])
    term, count = rng.integers(0, 20, size=nnz), rng.integers(1, 4, size=nnz)
    idf = rng.integers(1, 8, size=20)
    got = tfidf(row_ptr, term, count, idf)
    for d in range(12):
        a, b = int(row_ptr[d]), int(row_ptr[d + 1])
        w = [int(count[k]) * int(idf[term[k]]) for k in range(a, b)]
        norm = math.sqrt(sum(x * x for x in w))
        assert np.allclose(got[a:b], [x / norm for x in w], rtol=1e-7, atol=0)

    # GraphSAGE mean: node 0 from nodes 1 and 2 ((3, 4) and (5, 7): (4, 5.5)), node 1 without
    # neighbours (0), node 2 from 0, 0 and 2 ((7/3, 11/3) in float32); random graphs against
    # a loop over each node's neighbours in fractions
    def sage(row_ptr, cols, x):
        x = np.array(x, np.float32)
        got = references.sage_mean_agg({
            "row_ptr": np.array(row_ptr, np.int32), "col_idx": np.array(cols, np.int32),
            "x": x, "out": np.zeros_like(x), "elems": x.size, "dim": x.shape[1]})["out"]
        return got.tolist()

    assert sage([0, 2, 2, 5], [1, 2, 0, 0, 2], [[1, 2], [3, 4], [5, 7]]) == \
        [[4, 5.5], [0, 0], [float(f32(7 / 3)), float(f32(11 / 3))]]
    row_ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 6, size=15))])
    cols = rng.integers(0, 15, size=int(row_ptr[-1]))
    x = rng.integers(-8, 9, size=(15, 5))
    got = sage(row_ptr, cols, x)
    for node in range(15):
        nbrs = cols[row_ptr[node]: row_ptr[node + 1]]
        for f in range(5):
            want = Fraction(sum(int(x[u, f]) for u in nbrs), max(len(nbrs), 1))
            assert got[node][f] == float(f32(float(want)))


def test_blind19_references_on_hand_checked_inputs():
    import math
    import struct
    from collections import Counter
    from fractions import Fraction

    rng = np.random.default_rng(19)

    # SUSAN edges: susan.c's brightness table for t = 20 (bp[0] 100; bp[1] 100 because
    # susan.c's float holds 100 exp(-1/20^6) = 99.9999984 as 100.0f; bp[2] 99; bp[10] =
    # 100 exp(-1/64) = 98.4; bp[20] = 100 / e = 36.8; bp[25] = 100 exp(-1.25^6) = 2.2; 0 from
    # 26 (0.80)); a flat image (n = 3700 > 2650: 0); a single bright pixel (n = 100: 2550,
    # its neighbours 3600: 0); a step of 40 (15 of the 36 across: n = 2200, 450 on both
    # sides, 0 two columns away: 28 alike, 2900); a step of 20 (2200 + 15 x 36 = 2740 >
    # 2650: 0), of 22 (2200 + 15 x 17: 195) and of 25 (2200 + 15 x 2: 420); the three-pixel
    # border 0; then random images against a per-pixel loop over the mask with a
    # float-rounded math.exp table
    bp = references.susan_brightness_lut()
    assert bp[[0, 1, 2, 10, 20, 25, 26, 255]].tolist() == [100, 100, 99, 98, 36, 2, 0, 0]
    assert len(references.SUSAN_MASK) == 36
    assert Counter(dy for dy, _ in references.SUSAN_MASK) == {-3: 3, -2: 5, -1: 7, 0: 6, 1: 7,
                                                              2: 5, 3: 3}

    def susan(img, max_no=2650):
        img = np.array(img, np.uint8)
        rows, cols = img.shape
        flat = np.zeros(-(-img.size // 4) * 4, np.uint8)
        flat[: img.size] = img.reshape(-1)
        return references.susan_edges({
            "img": flat.view(np.uint32), "response": np.zeros((rows, cols), np.int32),
            "rows": rows, "cols": cols, "max_no": max_no})["response"]

    assert not susan(np.full((9, 12), 77)).any()
    spot = np.zeros((11, 11))
    spot[5, 5] = 255
    got = susan(spot)
    assert got[5, 5] == 2550 and np.count_nonzero(got) == 1
    for step, inner in ((40, 450), (20, 0), (22, 195), (25, 420)):
        img = np.zeros((9, 14))
        img[:, 7:] = step
        got = susan(img)
        assert got[3:6, 6].tolist() == [inner] * 3 and got[3:6, 7].tolist() == [inner] * 3
        assert not got[3:6, 5].any() and not got[3:6, 8].any()
        assert not got[:3].any() and not got[-3:].any() and not got[:, :3].any()
        assert not got[:, -3:].any()
    table = []
    for k in range(256):
        f32 = struct.Struct("f")
        t = f32.unpack(f32.pack(k / 20))[0]
        t = f32.unpack(f32.pack(t * t))[0]
        t = f32.unpack(f32.pack(t * t * t))[0]
        table.append(int(f32.unpack(f32.pack(100 * math.exp(-t)))[0]))
    assert table == bp.tolist()
    img = rng.integers(90, 150, size=(10, 13))
    got = susan(img)
    for r in range(10):
        for c in range(13):
            if min(r, c) < 3 or r >= 7 or c >= 10:
                assert got[r, c] == 0
                continue
            n = 100
            for dy in range(-3, 4):
                for dx in range(-3, 4):
                    if dx * dx + dy * dy <= 11 and (dx, dy) != (0, 0):  # radius 3.4
                        n += table[abs(int(img[r, c]) - int(img[r + dy, c + dx]))]
            assert got[r, c] == (2650 - n if n <= 2650 else 0)

    # jump flooding, step 2 on a 5 x 5 image with seeds at (0, 0) and (4, 4): (2, 2) sees
    # both at 8 (a tie: the first, (0, 0)), (2, 0) and (0, 2) see (0, 0) at 4, (4, 2) and
    # (2, 4) see (4, 4) at 4, the corners (4, 0) and (0, 4) nothing, and a pixel with an odd
    # coordinate only pixels of its own parity: nothing; with (3, 2) held at (2, 2), (2, 2)
    # and (4, 2) keep it (1 < 8 and 1 < 4); then random maps against a loop over the nine
    def jfa(seeds, step):
        seeds = np.array(seeds, np.int32)
        rows, cols = seeds.shape[:2]
        return references.jfa_step({
            "seeds_in": seeds, "seeds_out": np.zeros_like(seeds), "rows": rows, "cols": cols,
            "step": step})["seeds_out"]

    seeds = np.full((5, 5, 2), -1)
    seeds[0, 0] = (0, 0)
    seeds[4, 4] = (4, 4)
    got = jfa(seeds, 2)
    want = {(0, 0): (0, 0), (2, 0): (0, 0), (0, 2): (0, 0), (2, 2): (0, 0), (4, 2): (4, 4),
            (2, 4): (4, 4), (4, 4): (4, 4)}
    for r in range(5):
        for c in range(5):
            assert tuple(got[r, c]) == want.get((c, r), (-1, -1)), (c, r)
    seeds[2, 2] = (3, 2)
    got = jfa(seeds, 2)
    assert tuple(got[2, 2]) == (3, 2) and tuple(got[2, 4]) == (3, 2)
    assert tuple(got[0, 2]) == (0, 0)  # (c, r) = (2, 0): (0, 0) at 4 before (3, 2) at 5
    for rows, cols, step in ((7, 9, 1), (6, 11, 3), (8, 5, 4)):
        seeds = rng.integers(-2, 6, size=(rows, cols, 2))
        got = jfa(seeds, step)
        for r in range(rows):
            for c in range(cols):
                best, best_d = (-1, -1), None
                for j in (-1, 0, 1):
                    for i in (-1, 0, 1):
                        y, x = r + j * step, c + i * step
                        if 0 <= y < rows and 0 <= x < cols and seeds[y, x, 0] >= 0:
                            sx, sy = int(seeds[y, x, 0]), int(seeds[y, x, 1])
                            d = (sx - c) ** 2 + (sy - r) ** 2
                            if best_d is None or d < best_d:
                                best, best_d = (sx, sy), d
                assert tuple(got[r, c]) == best

    # joint histogram: (0, 0) twice, (255, 1) once, the fourth voxel beyond n; bin (0, 0)
    # starting at 2^32 - 1 wraps to 1 like the uint32 atomics; random volumes against a
    # Counter of the pairs
    def joint(fixed, moving, n, hist=None):
        def words(v):
            flat = np.zeros(-(-len(v) // 4) * 4, np.uint8)
            flat[: len(v)] = v
            return flat.view(np.uint32)

        hist = np.zeros((256, 256), np.uint32) if hist is None else hist
        return references.mi_joint_hist({"fixed": words(fixed), "moving": words(moving),
                                         "hist": hist, "n": n})["hist"]

    got = joint([0, 0, 255, 7], [0, 0, 1, 7], 3)
    assert got[0, 0] == 2 and got[255, 1] == 1 and got[1, 255] == 0 and got.sum() == 3
    start = np.zeros((256, 256), np.uint32)
    start[0, 0] = 2**32 - 1
    assert joint([0, 0, 3], [0, 0, 3], 3, start)[0, 0] == 1
    fixed, moving = rng.integers(0, 8, size=999), rng.integers(0, 256, size=999)
    got = joint(fixed, moving, 999)
    pairs = Counter(zip(fixed.tolist(), moving.tolist(), strict=True))
    assert got.sum() == 999
    assert all(got[a, b] == count for (a, b), count in pairs.items())

    # CIC: a particle on the node (1, 2, 3) puts all its mass there; one at (0.5, 0.5, 0.5)
    # an eighth on each of the eight cells; one at x 0.25 three quarters on x 0 and a
    # quarter on x 1; one at 3.75 on a 4-cell box a quarter on 3 and three quarters on 0
    # (periodic); mass 2 doubles; then random particles against a per-particle loop in
    # fractions (positions 1/16 of a cell apart)
    def cic(pos, ng, mass=1.0):
        pos = np.array(pos, np.float32).reshape(-1, 3)
        return references.cic_deposit({
            "px": pos[:, 0].copy(), "py": pos[:, 1].copy(), "pz": pos[:, 2].copy(),
            "mesh": np.zeros((ng, ng, ng), np.float32), "n": len(pos), "ng": ng,
            "inv_h": 0.0625, "mass": mass})["mesh"]

    got = cic([16, 32, 48], 4)
    assert got[3, 2, 1] == 1 and got.sum() == 1
    got = cic([8, 8, 8], 4, 2.0)
    assert (got[:2, :2, :2] == 0.25).all() and got.sum() == 2
    got = cic([4, 0, 0], 4)
    assert got[0, 0, 0] == 0.75 and got[0, 0, 1] == 0.25 and got.sum() == 1
    got = cic([60, 0, 0], 4)
    assert got[0, 0, 3] == 0.25 and got[0, 0, 0] == 0.75 and got.sum() == 1
    ng = 5
    pos = rng.integers(0, 16 * ng, size=(60, 3))
    got = cic(pos, ng, 3.0)
    want = {}
    for x, y, z in pos.tolist():
        g = [Fraction(v, 16) for v in (x, y, z)]
        cell = [math.floor(v) for v in g]
        frac = [v - i for v, i in zip(g, cell, strict=True)]
        for bz in (0, 1):
            for by in (0, 1):
                for bx in (0, 1):
                    key = ((cell[2] + bz) % ng, (cell[1] + by) % ng, (cell[0] + bx) % ng)
                    w = 3
                    for b, f in ((bz, frac[2]), (by, frac[1]), (bx, frac[0])):
                        w *= f if b else 1 - f
                    want[key] = want.get(key, 0) + w
    for z in range(ng):
        for y in range(ng):
            for x in range(ng):
                assert got[z, y, x] == float(want.get((z, y, x), 0))
    assert got.sum() == 180

    # HyperLogLog (p = 14): key 0 hashes to 0 (register 0, only the guard bit: rank 51);
    # keys made by inverting fmix64 (its xor-shifts by 33 are their own inverses, its
    # multipliers odd) for the hashes 5 << 50 | 1 << 47 (register 5, rank 3), 5 << 50 | 1 <<
    # 49 (rank 1: register 5 stays 3), 16383 << 50 | 1 (rank 50) and 7 << 50 (rank 51); a
    # register already higher stays; then random keys against Python integers
    mask64 = 2**64 - 1

    def fmix(h):
        h ^= h >> 33
        h = h * 0xFF51AFD7ED558CCD & mask64
        h ^= h >> 33
        h = h * 0xC4CEB9FE1A85EC53 & mask64
        return h ^ (h >> 33)

    def unfmix(h):
        h ^= h >> 33
        h = h * pow(0xC4CEB9FE1A85EC53, -1, 2**64) & mask64
        h ^= h >> 33
        h = h * pow(0xFF51AFD7ED558CCD, -1, 2**64) & mask64
        return h ^ (h >> 33)

    def hll(keys, p=14, regs=None):
        words = np.array(keys, np.uint64).view(np.uint32).reshape(-1, 2)
        regs = np.zeros(2**p, np.uint32) if regs is None else regs
        return references.hll_update({"key_words": words, "registers": regs,
                                      "n": len(keys), "p": p})["registers"]

    hashes = [0, 5 << 50 | 1 << 47, 5 << 50 | 1 << 49, 16383 << 50 | 1, 7 << 50]
    keys = [unfmix(h) for h in hashes]
    assert [fmix(k) for k in keys] == hashes and keys[0] == 0
    assert references.fmix64(np.array(keys, np.uint64)).tolist() == hashes
    got = hll(keys)
    assert {i: int(v) for i, v in enumerate(got) if v} == {0: 51, 5: 3, 7: 51, 16383: 50}
    start = np.zeros(2**14, np.uint32)
    start[5] = 9
    assert hll(keys, regs=start)[5] == 9
    assert references.clz64(np.array([0, 1, 2**63, 2**64 - 1, 2**40 + 5], np.uint64)).tolist() \
        == [64, 63, 0, 0, 23]
    for p in (4, 10, 14):
        keys = [int(k) for k in rng.integers(0, 2**64, size=300, dtype=np.uint64)]
        got = hll(keys, p)
        want = [0] * 2**p
        for k in keys:
            h = fmix(k)
            low = h & ((1 << (64 - p)) - 1)
            want[h >> (64 - p)] = max(want[h >> (64 - p)], 65 - p - low.bit_length())
        assert got.tolist() == want

    # argmax: the first of a tie (index 1 of [1, 3, 2, 3]), negative rows, a one-value row
    # and a constant row (index 0); random rows with many ties against a loop
    def argmax(rows):
        logits = np.array(rows, np.float32)
        tokens, vocab = logits.shape
        got = references.argmax_vocab({
            "logits": logits, "token": np.zeros(tokens, np.int32),
            "best_logit": np.zeros(tokens, np.float32), "tokens": tokens, "vocab": vocab})
        return got["token"].tolist(), got["best_logit"].tolist()

    assert argmax([[1, 3, 2, 3], [-5, -2, -9, -2.5], [7, 7, 7, 7]]) == ([1, 1, 0], [3, -2, 7])
    assert argmax([[4], [-1]]) == ([0, 0], [4, -1])
    logits = rng.integers(-4, 4, size=(20, 37))
    token, best = argmax(logits)
    for t in range(20):
        row = logits[t].tolist()
        first = 0
        for k, v in enumerate(row):
            if v > row[first]:
                first = k
        assert token[t] == first and best[t] == row[first]


def test_blind20_references_on_hand_checked_inputs():
    import math
    import re
    from fractions import Fraction

    rng = np.random.default_rng(20)

    # Gaussian row filter: the taps' sum over k = -15 .. 15 of exp(-k^2 / 50) is 5 sqrt(2 pi)
    # = 12.5331 less the tails beyond 15 (2 x 0.0119): 12.5093, so the centre tap is 0.079940
    # and the end taps exp(-225 / 50) = exp(-4.5) = 0.011109 of it; the .cu's constant table
    # is the reference's, float for float. An impulse at column 20 of a wide row comes out as
    # the taps around it; an impulse at column 1 reaches column 0 twice (directly, tap 16,
    # and reflected from -1 onto 1, tap 14: 2 w[14]) and column 1 twice (w[15] and, from -1,
    # w[13]), one at column 0 reaches column 0 once (w[15]: the edge pixel is not repeated);
    # a constant row stays constant (the taps sum to 1 within 2e-8) and a ramp stays a ramp
    # away from the borders; then random images, one narrower than the 16 columns the
    # reflection needs (clamped), against a loop
    taps = references.gauss31_taps()
    assert abs(float(taps[15]) - 0.079940) < 2e-6
    assert abs(float(taps[0] / taps[15]) - 0.011109) < 2e-6
    assert taps.tolist() == taps[::-1].tolist() and abs(float(taps.sum()) - 1) < 1e-6
    source = (SPECS["gauss_h31"].source).read_text()
    table = source[source.index("gauss31_taps[2 * GAUSS_RADIUS + 1] = {"):].split("};")[0]
    literals = [float(x) for x in re.findall(r"(\d+\.\d+)f", table)]
    assert np.array_equal(np.array(literals, np.float32), taps)

    def blur(img):
        img = np.array(img, np.float32)
        rows, cols = img.shape
        return references.gauss_h31({"in": img, "out": np.zeros_like(img), "rows": rows,
                                     "cols": cols})["out"].astype(np.float64)

    img = np.zeros((3, 60))
    img[1, 20] = 1
    got = blur(img)
    assert np.allclose(got[1, 5:36], taps, rtol=0, atol=1e-7)
    assert not got[[0, 2]].any() and not got[1, :5].any() and not got[1, 36:].any()
    img = np.zeros((1, 40))
    img[0, 1] = 1
    got = blur(img)
    assert abs(got[0, 0] - 2 * float(taps[14])) < 1e-7
    assert abs(got[0, 1] - float(taps[15]) - float(taps[13])) < 1e-7
    img = np.zeros((1, 40))
    img[0, 0] = 1
    got = blur(img)
    assert abs(got[0, 0] - float(taps[15])) < 1e-7 and abs(got[0, 1] - float(taps[14])) < 1e-7
    assert np.allclose(blur(np.full((2, 50), 100.0)), 100, rtol=0, atol=1e-4)
    ramp = blur(np.tile(np.arange(64.0), (2, 1)))
    assert np.allclose(ramp[:, 15:49], np.arange(15, 49), rtol=0, atol=1e-4)
    for rows, cols in ((3, 40), (2, 9), (1, 1)):
        img = rng.integers(0, 256, size=(rows, cols))
        got = blur(img)
        for r in range(rows):
            for c in range(cols):
                acc = 0.0
                for k in range(31):
                    j = c + k - 15
                    j = -j if j < 0 else (2 * cols - 2 - j if j >= cols else j)
                    j = min(max(j, 0), cols - 1)
                    acc += float(taps[k]) * float(img[r, j])
                assert abs(got[r, c] - acc) < 2e-5  # float32 out: half an ulp at 256

    # colour correction: the sRGB curve at 0.5 is 1.055 exp(ln 0.5 / 2.4) - 0.055 = 1.055 x
    # 0.749154 - 0.055 = 0.735357; at 3/256 = 0.01171875 (ln = ln 3 - 8 ln 2 = -4.446565,
    # / 2.4 = -1.852735, exp = 0.156807) 0.110432; at 0.002 (the linear segment) 12.92 x
    # 0.002 = 0.02584; 0 and 1 stay; below 0 and above 1 clip. A grey raw value stays grey
    # (the rows sum to 1): 512 + 15871 / 2 is linear 0.5 on every channel, 0.735357 out, alpha
    # copied; the black level 512 gives 0 and the white 16383 gives 1; a saturated red (16383,
    # 512, 512) is (1.6953, -0.1641, 0.0117) after the matrix: (1, 0, 0.110432); a dark grey
    # 512 + 0.002 x 15871 gives 0.02584; then random pixels against a loop with math.pow
    m = [[1.6953125, -0.56640625, -0.12890625], [-0.1640625, 1.4765625, -0.3125],
         [0.01171875, -0.45703125, 1.4453125]]
    assert all(sum(row) == 1 for row in m)
    encode = references.srgb_encode(np.array([0.5, 0.01171875, 0.002, 0, 1, -0.3, 2.5]))
    assert np.allclose(encode, [0.735357, 0.110432, 0.02584, 0, 1, 0, 1], rtol=0, atol=2e-6)

    def ccm(pixels):
        px = np.array(pixels, np.float32).reshape(1, -1, 4)
        values = {"in_rgba": px, "out_rgba": np.zeros_like(px), "rows": 1, "cols": px.shape[1],
                  "black": 512, "scale": 1 / 15871}
        values.update({f"m{i}{j}": m[i][j] for i in range(3) for j in range(3)})
        return references.ccm_srgb(values)["out_rgba"].reshape(-1, 4).astype(np.float64)

    grey = 512 + 15871 / 2
    got = ccm([[grey, grey, grey, 77], [512, 512, 512, 1], [16383] * 4, [16383, 512, 512, 0],
               [512 + 0.002 * 15871] * 3 + [5]])
    want = [[0.735357] * 3 + [77], [0, 0, 0, 1], [1] * 3 + [16383], [1, 0, 0.110432, 0],
            [0.02584] * 3 + [5]]
    assert np.allclose(got, want, rtol=0, atol=2e-6)
    raw = rng.integers(0, 16384, size=(50, 4))
    got = ccm(raw)
    for p in range(50):
        lin = [(float(raw[p, ch]) - 512) / 15871 for ch in range(3)]
        for ch in range(3):
            x = min(max(sum(m[ch][q] * lin[q] for q in range(3)), 0.0), 1.0)
            y = 12.92 * x if x <= 0.0031308 else 1.055 * math.pow(x, 1 / 2.4) - 0.055
            assert abs(got[p, ch] - y) < 1e-6
        assert got[p, 3] == raw[p, 3]

    # rotation by 90 degrees clockwise: a 2 x 3 image of pixels A B C / D E F becomes the 3 x 2
    # image D A / E B / F C (the bottom-left corner D at the top left), every pixel's three
    # bytes moving together; the words' two padding bytes keep their initial value; four
    # turns give the image back; random images against a loop
    def rot(img, fill=0):
        img = np.array(img, np.uint8)
        rows, cols = img.shape[:2]
        words = -(-img.size // 4)
        flat = np.zeros(words * 4, np.uint8)
        flat[: img.size] = img.reshape(-1)
        out = np.full(words * 4, fill, np.uint8)
        got = references.rot90_rgb8({"in_words": flat.view(np.uint32),
                                     "out_words": out.view(np.uint32),
                                     "rows": rows, "cols": cols})["out_words"].view(np.uint8)
        return got[: img.size].reshape(cols, rows, 3), got[img.size:]

    pixel = {name: [10 * k + 1, 10 * k + 2, 10 * k + 3] for k, name in enumerate("ABCDEF")}
    got, pad = rot([[pixel["A"], pixel["B"], pixel["C"]], [pixel["D"], pixel["E"], pixel["F"]]],
                   fill=9)
    assert got.tolist() == [[pixel["D"], pixel["A"]], [pixel["E"], pixel["B"]],
                            [pixel["F"], pixel["C"]]]
    assert pad.tolist() == [9, 9]
    img = rng.integers(0, 256, size=(5, 7, 3))
    turned = img
    for _ in range(4):
        turned = rot(turned)[0]
    assert np.array_equal(turned, img)
    got = rot(img)[0]
    for r in range(5):
        for c in range(7):
            assert got[c, 4 - r].tolist() == img[r, c].tolist()

    # voxel walk on an 8^3 grid (voxel (x, y, z) at (z 8 + y) 8 + x): along x from (1, 2, 3)
    # to (5, 2, 3) the first occupied voxel entered ((4, 2, 3): 212; the start voxel is not
    # tested, the end voxel is); (0, 0, 0) to (2, 2, 0) crosses x = 0.5 and y = 0.5 at once
    # (x first), then y (x = 1.5 at 3/4 after y = 0.5 at 1/4), x, y: (1, 0, 0), (1, 1, 0),
    # (2, 1, 0), (2, 2, 0), never (0, 1, 0); (0, 0, 0) to (1, 1, 1) goes x, y, z; (0, 0, 0) to
    # (3, 1, 0): x at 1/6, x at 1/2 (a tie with y at 1/2: x first), y, x at 5/6; backwards
    # from (3, 1, 0): x, x (the tie), y, x; byte 249 is free and 250 occupied; a segment of
    # one voxel walks nothing (-1); then random segments against a walk by exact fractions
    def walk(segments, occupied, g=8, byte=255):
        words = np.zeros(g**3, np.uint8)
        for x, y, z in occupied:
            words[(z * g + y) * g + x] = byte
        segs = np.array([[(z0 * g + y0) * g + x0, (z1 * g + y1) * g + x1]
                         for (x0, y0, z0), (x1, y1, z1) in segments], np.int32)
        return references.voxel_los({
            "segments": segs, "occ_words": words.view(np.uint32), "hit": np.zeros(len(segs),
                                                                                  np.int32),
            "n": len(segs), "g": g, "thresh": 250})["hit"].tolist()

    def index(x, y, z):
        return (z * 8 + y) * 8 + x

    line = [((1, 2, 3), (5, 2, 3))]
    assert walk(line, [(4, 2, 3), (5, 2, 3)]) == [212] == [index(4, 2, 3)]
    assert walk(line, [(1, 2, 3)]) == [-1] and walk(line, [(5, 2, 3)]) == [index(5, 2, 3)]
    assert walk(line, [(3, 2, 3)], byte=249) == [-1]
    assert walk(line, [(3, 2, 3)], byte=250) == [index(3, 2, 3)]
    diagonal = [((0, 0, 0), (2, 2, 0))]
    assert walk(diagonal, [(0, 1, 0), (2, 0, 0)]) == [-1]
    for voxel in ((1, 0, 0), (1, 1, 0), (2, 1, 0), (2, 2, 0)):
        assert walk(diagonal, [voxel, (2, 2, 0)]) == [index(*voxel)]
    assert walk([((0, 0, 0), (1, 1, 1))], [(1, 1, 0), (1, 1, 1)]) == [index(1, 1, 0)]
    assert walk([((0, 0, 0), (1, 1, 1))], [(0, 1, 0), (1, 0, 1), (0, 1, 1)]) == [-1]
    assert walk([((0, 0, 0), (3, 1, 0))], [(2, 0, 0), (1, 1, 0)]) == [index(2, 0, 0)]
    assert walk([((0, 0, 0), (3, 1, 0))], [(1, 1, 0), (3, 0, 0)]) == [-1]
    assert walk([((3, 1, 0), (0, 0, 0))], [(1, 1, 0), (2, 0, 0)]) == [index(1, 1, 0)]
    assert walk([((4, 4, 4), (4, 4, 4))], [(4, 4, 4)]) == [-1]

    def exact_walk(start, end, occupied):
        pos, steps = list(start), [0, 0, 0]
        length = [abs(e - s) for s, e in zip(start, end, strict=True)]
        for _ in range(sum(length)):
            t = [Fraction(2 * steps[ax] + 1, 2 * length[ax]) if steps[ax] < length[ax]
                 else None for ax in range(3)]
            ax = min((ax for ax in range(3) if t[ax] is not None), key=lambda q: (t[q], q))
            pos[ax] += 1 if end[ax] > start[ax] else -1
            steps[ax] += 1
            if tuple(pos) in occupied:
                return index(*pos)
        return -1

    for g_occ in (20, 60):
        cells = rng.integers(0, 8, size=(g_occ, 3))
        occupied = {tuple(v) for v in cells.tolist()}
        ends = rng.integers(0, 8, size=(300, 2, 3)).tolist()
        got = walk([tuple(map(tuple, e)) for e in ends], occupied)
        assert got == [exact_walk(s, e, occupied) for s, e in ends]
        assert 0 < got.count(-1) < 300

    # weighted embedding bags: table rows (1, 2), (3, 4), (5, 6), (7, 8); indices 2, 0 | (an
    # empty bag) | 3, 3, 1 with weights 1, 2 | | 1, 3, 2: (5 + 2, 6 + 4) = (7, 10), (0, 0),
    # (7 + 21 + 6, 8 + 24 + 8) = (34, 40); then random bags against a loop
    def bags(table, indices, weights, offsets):
        table = np.array(table, np.float32)
        nbags, dim = len(offsets) - 1, table.shape[1]
        return references.embedding_bag_wsum({
            "table": table, "indices": np.array(indices, np.int64),
            "weights": np.array(weights, np.float32), "offsets": np.array(offsets, np.int64),
            "out": np.zeros((nbags, dim), np.float32), "elems": nbags * dim,
            "dim": dim})["out"].tolist()

    assert bags([[1, 2], [3, 4], [5, 6], [7, 8]], [2, 0, 3, 3, 1], [1, 2, 1, 3, 2],
                [0, 2, 2, 5]) == [[7, 10], [0, 0], [34, 40]]
    table = rng.integers(-8, 9, size=(40, 5))
    lengths = rng.integers(0, 6, size=25)
    offsets = np.concatenate(([0], np.cumsum(lengths)))
    indices = rng.integers(0, 40, size=int(offsets[-1]))
    weights = rng.integers(1, 4, size=int(offsets[-1]))
    got = bags(table, indices, weights, offsets)
    for b in range(25):
        for d in range(5):
            want = sum(int(weights[j]) * int(table[indices[j], d])
                       for j in range(offsets[b], offsets[b + 1]))
            assert got[b][d] == want

    # CSR pruning at 5: row 0 (cols 5, 6, 7, 8; values 1, 9, 5, 9) keeps (6, 9), (7, 5),
    # (8, 9) in slots 0-2 (5 is kept: >=), slot 3 untouched (-1 here); row 1 is empty (0
    # kept); row 2 (cols 1, 2, 3; values 2, 2, 8) keeps (3, 8) in slot 4, slots 5 and 6
    # untouched; then random rows against a loop
    def prune(row_ptr, cols, vals, tol, fill=-1):
        nnz, rows = len(cols), len(row_ptr) - 1
        got = references.csr_row_prune({
            "row_ptr": np.array(row_ptr, np.int32), "col_idx": np.array(cols, np.int32),
            "vals": np.array(vals, np.float32), "out_col": np.full(nnz, fill, np.int32),
            "out_val": np.full(nnz, fill, np.float32), "kept": np.full(rows, fill, np.int32),
            "rows": rows, "tol": tol})
        return got["out_col"].tolist(), got["out_val"].tolist(), got["kept"].tolist()

    assert prune([0, 4, 4, 7], [5, 6, 7, 8, 1, 2, 3], [1, 9, 5, 9, 2, 2, 8], 5) == (
        [6, 7, 8, -1, 3, -1, -1], [9, 5, 9, -1, 8, -1, -1], [3, 0, 1])
    lengths = rng.integers(0, 40, size=30)
    row_ptr = np.concatenate(([0], np.cumsum(lengths))).tolist()
    cols = rng.integers(0, 100, size=row_ptr[-1]).tolist()
    vals = rng.integers(1, 10, size=row_ptr[-1]).tolist()
    got_col, got_val, got_kept = prune(row_ptr, cols, vals, 6)
    want_col, want_val = [-1] * row_ptr[-1], [-1] * row_ptr[-1]
    want_kept = []
    for r in range(30):
        slot = row_ptr[r]
        for k in range(row_ptr[r], row_ptr[r + 1]):
            if vals[k] >= 6:
                want_col[slot], want_val[slot] = cols[k], vals[k]
                slot += 1
        want_kept.append(slot - row_ptr[r])
    assert (got_col, got_val, got_kept) == (want_col, want_val, want_kept)


def test_blind21_references_on_hand_checked_inputs():
    import itertools
    import math
    import re

    rng = np.random.default_rng(21)

    # gradient-boosted trees of depth 2 (7 nodes, breadth first) over 3 features, base 0.5:
    # tree 0 splits on feature 1 at 5 (node 0), its left child on feature 0 at 2 (node 1),
    # its right child is a leaf (feature id 3 = nfeat) worth 10, the last level's leaves worth
    # 1 and 2 (nodes 3 and 4; nodes 5 and 6 under the leaf never reached); tree 1 is a root
    # leaf worth 4 (its feature id 7, the splits below it ignored); tree 2 splits on feature
    # 0 at 100 all the way down and its last level is made of leaves whatever their feature
    # ids (node 3: 20). (0, 4, 9) goes left, left: 0.5 + 1 + 4 + 20 = 25.5; (2, 4, 0) ties
    # at node 1 and goes right: 0.5 + 2 + 4 + 20 = 26.5; (0, 5, 0) ties at the root: 0.5 + 10
    # + 4 + 20 = 34.5; (200, 1, 3) goes right at node 1 and, in tree 2, right twice (200 is
    # below neither 100 nor node 2's 200: node 6, 30): 0.5 + 2 + 4 + 30 = 36.5. Then random
    # forests against a walk
    def forest(x, feat, val, nfeat, depth, base=0.5):
        x, feat = np.array(x, np.float32), np.array(feat, np.int32)
        val = np.array(val, np.float32)
        return references.gbdt_predict({
            "x": x, "node_feat": feat, "node_val": val,
            "margin": np.zeros(len(x), np.float32), "n": len(x), "nfeat": nfeat,
            "trees": len(feat), "depth": depth, "base_score": base})["margin"].tolist()

    feat = [[1, 0, 3, 0, 0, 0, 0], [7, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0]]
    val = [[5, 2, 10, 1, 2, 99, 99], [4, 1, 1, 1, 1, 1, 1], [100, 100, 200, 20, 0, 0, 30]]
    assert forest([[0, 4, 9], [2, 4, 0], [0, 5, 0], [200, 1, 3]], feat, val, 3, 2) == [
        25.5, 26.5, 34.5, 36.5]

    def walk(row, feat, val, nfeat, depth):
        total = 0.5
        for tf, tv in zip(feat, val, strict=True):
            i = 0
            for _ in range(depth):
                if tf[i] >= nfeat:
                    break
                i = 2 * i + 1 if row[tf[i]] < tv[i] else 2 * i + 2
            total += tv[i]
        return total

    for nfeat, depth, trees in ((4, 3, 5), (6, 6, 3)):
        nodes = 2 ** (depth + 1) - 1
        x = rng.integers(0, 8, size=(200, nfeat))
        feat = rng.integers(0, nfeat + 2, size=(trees, nodes))
        val = rng.integers(0, 8, size=(trees, nodes))
        got = forest(x, feat, val, nfeat, depth)
        assert got == [walk(row, feat.tolist(), val.tolist(), nfeat, depth) for row in x.tolist()]

    # semi-Lagrangian step on a column-major grid (q(i, j) at i + j rows), dt = 1/8: velocity
    # 0 keeps the field; u_row = 8 (one row a step) brings q(i - 1, j), row 0 keeping its own
    # (the departure clamped); u_col = -16 (two columns back) brings q(i, j + 2), the last two
    # columns the last one's; u_row = 4 is half a row: the mean of q(i - 1, j) and q(i, j);
    # on the 3 x 2 grid 1, 2, 4 | 8, 16, 32 (columns) the point (1, 1) with u_row = u_col = 4
    # departs from (0.5, 0.5): (1 + 2 + 8 + 16) / 4 = 6.75; then random fields against a loop
    def advect(q, u_row, u_col):
        q = np.array(q, np.float32)
        cols, rows = q.shape  # column-major: C order (cols, rows)
        return references.semilag_advect({
            "q": q, "u_row": np.array(u_row, np.float32), "u_col": np.array(u_col, np.float32),
            "q_new": np.zeros_like(q), "rows": rows, "cols": cols, "dt": 0.125})["q_new"]

    q = rng.integers(0, 256, size=(6, 10)).astype(np.float32)  # 10 rows, 6 columns
    zero = np.zeros_like(q)
    assert np.array_equal(advect(q, zero, zero), q)
    down = advect(q, zero + 8, zero)
    assert np.array_equal(down[:, 1:], q[:, :-1]) and np.array_equal(down[:, 0], q[:, 0])
    back = advect(q, zero, zero - 16)
    assert np.array_equal(back[:4], q[2:]) and np.array_equal(back[4:], q[[5, 5]])
    half = advect(q, zero + 4, zero)
    assert np.array_equal(half[:, 1:], (q[:, :-1] + q[:, 1:]) / 2)
    u = np.zeros((2, 3))
    u[1, 1] = 4
    assert advect([[1, 2, 4], [8, 16, 32]], u, u)[1, 1] == 6.75
    for cols, rows in ((5, 7), (1, 9), (4, 1)):
        q = rng.integers(0, 256, size=(cols, rows))
        u_row = rng.integers(-24, 25, size=(cols, rows))
        u_col = rng.integers(-24, 25, size=(cols, rows))
        got = advect(q, u_row, u_col)
        for j in range(cols):
            for i in range(rows):
                di = min(max(i - u_row[j, i] / 8, 0), rows - 1)
                dj = min(max(j - u_col[j, i] / 8, 0), cols - 1)
                i0, j0 = math.floor(di), math.floor(dj)
                i1, j1 = min(i0 + 1, rows - 1), min(j0 + 1, cols - 1)
                a, b = di - i0, dj - j0
                want = ((1 - b) * ((1 - a) * q[j0, i0] + a * q[j0, i1])
                        + b * ((1 - a) * q[j1, i0] + a * q[j1, i1]))
                assert got[j, i] == want

    # marching cubes: Bourke's edgeTable begins 0, 0x109 (v0: edges 0, 3, 8), 0x203 (v1: 0,
    # 1, 9), 0x30a, 0x406 (v2: 1, 2, 10), ..., 0x80c (v3: 2, 3, 11) and 0x190 (v4: 4, 7, 8); a
    # case and its complement cross the same edges; the .cu's constant table is the
    # reference's. One cell with only v6 (1, 1, 1) inside is case 64 with 3 crossed edges
    # (0x460: 5, 6, 10); v0 and v6 inside, case 65, six; a corner equal to the isovalue is
    # outside; two cells side by side along x share the face x = 1 (v1 v2 v5 v6 of the first
    # are v0 v3 v4 v7 of the second); then random volumes against a loop over the corners and
    # the edges
    table = references.mc_edge_table()
    assert table[:5].tolist() == [0, 0x109, 0x203, 0x30A, 0x406]
    assert table[8] == 0x80C and table[16] == 0x190 and table[255] == 0
    assert all(table[c] == table[255 - c] for c in range(256))
    source = SPECS["mc_classify"].source.read_text()
    literals = source[source.index("mc_edge_table[256] = {"):].split("};")[0]
    assert [int(h, 16) for h in re.findall(r"0x[0-9a-f]+", literals)] == table.tolist()

    def classify(field, iso=32):
        field = np.array(field, np.float32)
        planes, rows, cols = (d - 1 for d in field.shape)
        got = references.mc_classify({
            "field": field, "cube": np.zeros((planes, rows, cols), np.int32),
            "nverts": np.zeros((planes, rows, cols), np.int32), "planes": planes, "rows": rows,
            "cols": cols, "iso": iso})
        return got["cube"].tolist(), got["nverts"].tolist()

    cell = np.full((2, 2, 2), 100)
    cell[1, 1, 1] = 0  # v6: z = 1, y = 1, x = 1 (the array is indexed [z][y][x])
    assert classify(cell) == ([[[64]]], [[[3]]])
    cell[0, 0, 0] = 31
    assert classify(cell) == ([[[65]]], [[[6]]])
    cell[0, 0, 0] = 32
    assert classify(cell) == ([[[64]]], [[[3]]])
    pair = np.full((2, 2, 3), 100)
    pair[0, 1, 1] = 0  # point (x 1, y 1, z 0): v2 of cell 0 and v3 of cell 1
    assert classify(pair) == ([[[4, 8]]], [[[3, 3]]])
    for shape in ((3, 4, 5), (2, 2, 7)):
        field = rng.integers(0, 64, size=shape)
        cube, nverts = classify(field)
        for z, y, x in itertools.product(*(range(d - 1) for d in shape)):
            inside = [field[z + dz, y + dy, x + dx] < 32 for dx, dy, dz in references.MC_CORNERS]
            assert cube[z][y][x] == sum(1 << k for k in range(8) if inside[k])
            assert nverts[z][y][x] == sum(inside[a] != inside[b] for a, b in references.MC_EDGES)

    # GCN edge weights: 4 vertices, rows 0: (1, 3), 1: empty, 2: (0), 3: (0, 2); with the
    # self-loops the degrees are 3, 1, 2, 3: the edges' rows 0, 0, 2, 3, 3 and weights
    # 1 / sqrt(3 x 1) = 0.577350, 1 / sqrt(9) = 1/3, 1 / sqrt(6) = 0.408248, 1/3, 0.408248;
    # an empty first row and empty last rows are passed over; then random graphs with many
    # empty rows against a scan
    def gcn(row_ptr, cols):
        got = references.gcn_edge_norm({
            "row_ptr": np.array(row_ptr, np.int32), "col_idx": np.array(cols, np.int32),
            "edge_row": np.full(len(cols), -1, np.int32),
            "edge_w": np.zeros(len(cols), np.float32), "nnz": len(cols),
            "nodes": len(row_ptr) - 1})
        return got["edge_row"].tolist(), got["edge_w"].astype(np.float64)

    rows, weights = gcn([0, 2, 2, 3, 5], [1, 3, 0, 0, 2])
    assert rows == [0, 0, 2, 3, 3]
    assert np.allclose(weights, [0.577350, 1 / 3, 0.408248, 1 / 3, 0.408248], rtol=0,
                       atol=1e-6)
    assert gcn([0, 0, 2, 2, 2], [0, 3])[0] == [1, 1]
    for nodes, nnz in ((40, 30), (7, 60)):
        row_ptr = np.concatenate(([0], np.cumsum(np.bincount(
            rng.integers(0, nodes, size=nnz), minlength=nodes))))
        cols = rng.integers(0, nodes, size=nnz)
        rows, weights = gcn(row_ptr, cols)
        for k in range(nnz):
            r = max(v for v in range(nodes) if row_ptr[v] <= k)
            assert rows[k] == r and row_ptr[r] <= k < row_ptr[r + 1]
            deg = [row_ptr[v + 1] - row_ptr[v] + 1 for v in (r, cols[k])]
            assert abs(weights[k] - 1 / math.sqrt(deg[0] * deg[1])) < 1e-7

    # blackbody colour: the .cu's colour-matching tables are the reference's fit, float for
    # float; the fit's y peaks at 555 nm (0.998) and each function integrates to 106.8 (the CIE
    # tables' 106.86) within 0.2 %; the chromaticity of 2856 K is CIE illuminant A's (0.4476,
    # 0.4074) within 0.0015 and those of 6504 K and 10000 K the Planckian locus' (0.3135,
    # 0.3237) and (0.2807, 0.2884) within 0.0005; then random temperatures against a loop with
    # math.exp (the planes X, Y, Z one after another)
    cmf = references.cie1931_fit()
    source = SPECS["blackbody_xyz"].source.read_text()
    for k, name in enumerate(("bb_cie_x", "bb_cie_y", "bb_cie_z")):
        table = source[source.index(f"{name}[BB_SAMPLES] = {{"):].split("};")[0]
        literals = [float(v) for v in re.findall(r"([0-9.]+(?:e-?\d+)?)f", table)]
        assert np.array_equal(np.array(literals, np.float32), cmf[k])
    assert int(np.argmax(cmf[1])) == (555 - 380) // 5 and abs(float(cmf[1].max()) - 0.998) < 1e-3
    assert all(abs(5 * float(cmf[k].sum(dtype=np.float64)) / 106.86 - 1) < 0.002 for k in range(3))

    def blackbody(temps):
        temps = np.array(temps, np.float32).reshape(1, -1)
        return references.blackbody_xyz({
            "temp": temps, "xyz": np.zeros((3, 1, temps.size), np.float32), "rows": 1,
            "cols": temps.size})["xyz"].reshape(3, -1).astype(np.float64)

    xyz = blackbody([2856, 6504, 10000])
    chroma = (xyz[:2] / xyz.sum(axis=0)).T
    assert np.allclose(chroma[0], [0.4476, 0.4074], rtol=0, atol=0.0015)
    assert np.allclose(chroma[1:], [[0.3135, 0.3237], [0.2807, 0.2884]], rtol=0, atol=0.0005)
    c1, c2 = float(np.float32(1.191042972e8)), float(np.float32(14387.76877))  # the .cu's
    assert (c1, c2) == (references.PLANCK_C1, references.PLANCK_C2)
    temps = rng.integers(800, 12000, size=20)
    got = blackbody(temps)
    for p, t in enumerate(temps.tolist()):
        want = [0.0, 0.0, 0.0]
        for k in range(81):
            lam = 0.380 + 0.005 * k
            radiance = c1 / lam**5 / (math.exp(c2 / (lam * t)) - 1)
            for c in range(3):
                want[c] += 0.005 * float(cmf[c, k]) * radiance
        assert np.allclose(got[:, p], want, rtol=1e-7, atol=0)  # float32 out: half an ulp

    # Viterbi: 2 tags, 3 steps, emissions (1, 0), (0, 2), (3, 0), transitions (0, -1 | -2, 1),
    # start (0, 1), end (1, 0): delta = (1, 1), then (1 from tag 0, 2 + 2 = 4 from tag 1), then
    # (2 + 3 = 5 from 1, 5 + 0 = 5 from 1); with the end scores (6, 5): tag 0 last, 6, and back
    # through the pointers 1, 1: the path 1, 1, 0 (its score 1 + 0 + 1 + 2 - 2 + 3 + 1 = 6);
    # the step-1 tie-free pointers (0, 1) and step 2's (1, 1) as bytes, step 0's untouched.
    # Ties take the first tag: all scores 0 give the path 0, 0, 0. A sequence of length 1 is
    # the first maximum of start + emissions + end ((2, 0, 3) + (1, 5, 2) + (1, 0, 0) = (4, 5,
    # 5): tag 1, 5) and leaves every later tag at -1 and every backpointer byte as it was.
    # Then random batches against a plain loop and brute force
    def viterbi(emissions, trans, start, end, lengths, fill=0xAB):
        em = np.array(emissions, np.float32)
        seqs, steps, states = em.shape
        size = seqs * steps * states
        words = np.full(-(-size // 4) * 4, fill, np.uint8).view(np.uint32)
        got = references.viterbi_decode({
            "emissions": em, "trans": np.array(trans, np.float32),
            "start_trans": np.array(start, np.float32), "end_trans": np.array(end, np.float32),
            "lengths": np.array(lengths, np.int32), "bp_words": words,
            "tags": np.full((seqs, steps), -1, np.int32),
            "best_score": np.zeros(seqs, np.float32), "seqs": seqs, "steps": steps,
            "states": states})
        bp = got["bp_words"].view(np.uint8)[:size].reshape(seqs, steps, states)
        return got["tags"].tolist(), got["best_score"].tolist(), bp.tolist()

    tags, score, bp = viterbi([[[1, 0], [0, 2], [3, 0]]], [[0, -1], [-2, 1]], [0, 1], [1, 0],
                              [3])
    assert (tags, score) == ([[1, 1, 0]], [6])
    assert bp == [[[0xAB, 0xAB], [0, 1], [1, 1]]]
    assert viterbi(np.zeros((1, 3, 4)), np.zeros((4, 4)), [0] * 4, [0] * 4, [3])[:2] == (
        [[0, 0, 0]], [0])
    tags, score, bp = viterbi([[[1, 5, 2], [9, 9, 9]]], np.ones((3, 3)), [2, 0, 3], [1, 0, 0],
                              [1])
    assert (tags, score, bp) == ([[1, -1]], [5], [[[0xAB] * 3] * 2])  # 4, 5, 5: the first

    def plain(em, trans, start, end, length):
        states = len(start)
        delta = [start[s] + em[0][s] for s in range(states)]
        pointers = []
        for t in range(1, length):
            row, new = [], []
            for s in range(states):
                best, arg = delta[0] + trans[0][s], 0
                for p in range(1, states):
                    if delta[p] + trans[p][s] > best:
                        best, arg = delta[p] + trans[p][s], p
                new.append(best + em[t][s])
                row.append(arg)
            delta = new
            pointers.append(row)
        final = [delta[s] + end[s] for s in range(states)]
        path = [final.index(max(final))]
        for row in reversed(pointers):
            path.insert(0, row[path[0]])
        return path, max(final), pointers

    def score_of(seq, em, trans, start, end):
        value = start[seq[0]] + em[0, seq[0]] + end[seq[-1]]
        return value + sum(trans[p, s] + em[t + 1, s]
                           for t, (p, s) in enumerate(itertools.pairwise(seq)))

    for states, steps in ((3, 5), (5, 4)):
        em = rng.integers(-3, 3, size=(6, steps, states))
        trans = rng.integers(-3, 3, size=(states, states))
        start, end = rng.integers(-3, 3, size=states), rng.integers(-3, 3, size=states)
        lengths = rng.integers(1, steps + 1, size=6)
        tags, score, bp = viterbi(em, trans, start, end, lengths)
        for b in range(6):
            path, best, pointers = plain(em[b].tolist(), trans.tolist(), start.tolist(),
                                         end.tolist(), int(lengths[b]))
            assert tags[b] == path + [-1] * (steps - len(path)) and score[b] == best
            assert bp[b][1: len(path)] == pointers and bp[b][0] == [0xAB] * states
            assert all(row == [0xAB] * states for row in bp[b][len(path):])
            paths = itertools.product(range(states), repeat=len(path))
            assert best == max(score_of(seq, em[b], trans, start, end) for seq in paths)
            assert score_of(path, em[b], trans, start, end) == best


def test_blind22_references_on_hand_checked_inputs():
    import hashlib
    import itertools
    import math
    import re

    rng = np.random.default_rng(22)

    # Zhang-Suen thinning: a one-pixel line keeps every pixel (its ends have one neighbour,
    # its inside pixels two crossings); a 2 x 2 square vanishes in either sub-iteration (each
    # pixel has three neighbours, one crossing and a background pixel in both products: the
    # method's known defect), also as a whole 2 x 2 image (outside is background); a 3 x 3
    # square keeps its centre and its north and west edges' middles in sub-iteration 0 (the
    # south-east boundary and the corners go) and its centre and its south and east edges'
    # middles in sub-iteration 1; an isolated pixel (B = 0) and the centre of a full 3 x 3
    # block (B = 8) stay; any nonzero value is foreground and comes out as 1; then random
    # images against a plain loop
    def thin(img, sub):
        img = np.array(img, np.int32)
        rows, cols = img.shape
        return references.zhang_suen_thin({
            "img": img, "out": np.full_like(img, 7), "rows": rows, "cols": cols,
            "subiter": sub})["out"].tolist()

    line = [[0, 0, 0, 0, 0], [0, 1, 1, 1, 0], [0, 0, 0, 0, 0]]
    assert thin(line, 0) == line and thin(line, 1) == line
    square2 = np.zeros((4, 4), int)
    square2[1:3, 1:3] = 1
    assert thin(square2, 0) == thin(square2, 1) == np.zeros((4, 4), int).tolist()
    assert thin([[1, 1], [1, 1]], 0) == thin([[1, 1], [1, 1]], 1) == [[0, 0], [0, 0]]
    square3 = np.zeros((5, 5), int)
    square3[1:4, 1:4] = 1
    want0 = np.zeros((5, 5), int)
    want0[1, 2] = want0[2, 1] = want0[2, 2] = 1
    assert thin(square3, 0) == want0.tolist()
    assert thin(square3, 1) == want0[::-1, ::-1].tolist()  # (3, 2), (2, 3) and (2, 2)
    assert thin([[0, 0, 0], [0, 5, 0], [0, 0, 0]], 0) == [[0, 0, 0], [0, 1, 0], [0, 0, 0]]
    assert thin(np.full((3, 3), 2), 1)[1][1] == 1

    def plain_thin(img, sub):
        rows, cols = img.shape

        def px(r, c):
            return int(0 <= r < rows and 0 <= c < cols and img[r, c] != 0)

        out = []
        for r in range(rows):
            row = []
            for c in range(cols):
                p = [px(r - 1, c), px(r - 1, c + 1), px(r, c + 1), px(r + 1, c + 1),
                     px(r + 1, c), px(r + 1, c - 1), px(r, c - 1), px(r - 1, c - 1)]
                b = sum(p)
                a = sum(p[k] == 0 and p[(k + 1) % 8] == 1 for k in range(8))
                p2, p4, p6, p8 = p[0], p[2], p[4], p[6]
                m = (p2 * p4 * p6, p4 * p6 * p8) if sub == 0 else (p2 * p4 * p8, p2 * p6 * p8)
                clear = 2 <= b <= 6 and a == 1 and m == (0, 0)
                row.append(int(px(r, c) and not clear))
            out.append(row)
        return out

    for shape in ((9, 11), (1, 7), (6, 1)):
        img = rng.integers(0, 3, size=shape)
        for sub in (0, 1):
            assert thin(img, sub) == plain_thin(img, sub)

    # starlet: the mirrored indices are the periodic extension of period 2 (n - 1) (0, 1, ...,
    # n - 1, n - 2, ..., 1, then again) however far out; a constant image is its own smooth
    # plane (no detail); an impulse of 256 at (30, 30) with step 4 spreads as h h^T: 36 at
    # itself, 24 one step across, 16 one step diagonally, 6 two steps up, 1 two steps
    # diagonally, nothing between the taps (the holes), 256 in all, detail 220 at the impulse;
    # a ramp along x is smoothed into itself away from the borders, and at column 0 (taps at
    # columns 4, 2, 0, 2, 4 after mirroring, step 2) into (17 + 4 11 + 6 5 + 4 11 + 17) / 16 =
    # 9.5; a one-row image is filtered along x only; smooth + detail = c; then random images
    # against a 25-tap loop
    for n in range(1, 7):
        ext = list(range(n)) + list(range(n - 2, 0, -1)) if n > 1 else [0]
        index = np.arange(-40, 41)
        assert references.mirror_fold(index, n).tolist() == [ext[i % len(ext)] for i in index]

    def starlet(c, step):
        c = np.array(c, np.float32)
        rows, cols = c.shape
        got = references.starlet_atrous({
            "c": c, "smooth": np.zeros_like(c), "detail": np.zeros_like(c), "rows": rows,
            "cols": cols, "step": step})
        return got["smooth"].astype(np.float64), got["detail"].astype(np.float64)

    smooth, detail = starlet(np.full((6, 9), 1234), 2)
    assert (smooth == 1234).all() and not detail.any()
    impulse = np.zeros((64, 64))
    impulse[30, 30] = 256
    smooth, detail = starlet(impulse, 4)
    assert (smooth[30, 30], smooth[30, 34], smooth[34, 34], smooth[22, 30], smooth[38, 22]) == (
        36, 24, 16, 6, 1)
    assert smooth[31, 30] == smooth[30, 29] == 0 and smooth.sum() == 256
    assert np.count_nonzero(smooth) == 25 and detail[30, 30] == 220
    ramp = np.tile(3 * np.arange(40) + 5, (9, 1))
    smooth, detail = starlet(ramp, 2)
    assert np.array_equal(smooth[:, 4:36], ramp[:, 4:36]) and not detail[:, 4:36].any()
    assert (smooth[:, 0] == 9.5).all()
    row = rng.integers(0, 65536, size=(1, 23))
    smooth, _ = starlet(row, 3)
    h = references.STARLET_B3
    want = [sum(h[k] * row[0, references.mirror_fold(x + 3 * (k - 2), 23)] for k in range(5)) / 16
            for x in range(23)]
    assert smooth[0].tolist() == want
    for rows, cols, step in ((5, 9, 2), (3, 17, 4), (1, 6, 3), (8, 1, 5), (7, 7, 1)):
        c = rng.integers(0, 65536, size=(rows, cols))
        smooth, detail = starlet(c, step)
        assert np.array_equal(smooth + detail, c)
        fold = references.mirror_fold
        for y in range(rows):
            for x in range(cols):
                total = sum(h[m] * h[n] * int(c[fold(y + step * (m - 2), rows),
                                                fold(x + step * (n - 2), cols)])
                            for m in range(5) for n in range(5))
                assert smooth[y, x] == total / 256 and detail[y, x] == c[y, x] - total / 256

    # gprMax's E update: the .cu's coefficient table is the reference's; material 0 (a perfect
    # conductor) zeroes everything, material 1 (free space) is (1, 1, 1/2, 1/4, 1) with dx : dy :
    # dz = 1 : 2 : 4 in every row, CA = 1 - sigma CB with sigma = (m - 1) / 8. On 5^3 points of
    # free space: no H keeps E; a perfect conductor zeroes the interior nodes of each component
    # and keeps the faces' tangential ones; Hz = 1 at (2, 2, 2) curls into Ex = 1/2 there and
    # -1/2 one j on, Ey = -1 there and +1 one i on; Hx = 1 at (2, 2, 2) into Ey = 1/4 there and
    # -1/4 one k on, Ez = -1/2 there and +1/2 one j on; Hz on the j = ny face changes nothing
    # (the face's tangential E is not updated); each component reads its own material (Ex's
    # material 5 scales E = 8 by CA = 0.875 while Ey's and Ez's free space keep it); then
    # random fields against a loop over the nodes
    table = references.gprmax_coeffs_e()
    source = SPECS["gprmax_update_e"].source.read_text()
    literals = source[source.index("gprmax_coeffs_e[GPRMAX_MATERIALS * GPRMAX_COEFFS] = {"):]
    literals = literals.split("};")[0].split("= {")[1]
    values = [float(v) for v in re.findall(r"([0-9.]+)f", literals)]
    assert np.array_equal(np.array(values, np.float32).reshape(16, 5), table)
    assert not table[0].any() and table[1].tolist() == [1, 1, 0.5, 0.25, 1]
    for m in range(1, 16):
        ca, cbx, cby, cbz, cb = table[m].tolist()
        assert cbx == cb and cby == cb / 2 and cbz == cb / 4
        assert 1 / cb == 2 ** round(math.log2(1 / cb))  # a power of two
        assert ca == 1 - (m - 1) / 8 * cb

    def fdtd(h=None, e=0, ids=(1, 1, 1), n=5):
        shape = (n, n, n)
        fields = {k: np.zeros(shape, np.float32) for k in ("Hx", "Hy", "Hz")}
        for (name, point), value in (h or {}).items():
            fields[name][point] = value
        got = references.gprmax_update_e({
            **fields, **{k: np.full(shape, e, np.float32) for k in ("Ex", "Ey", "Ez")},
            "ID": np.stack([np.full(shape, m, np.uint32) for m in ids]), "nx": n - 1,
            "ny": n - 1, "nz": n - 1})
        return [got[k].astype(np.float64) for k in ("Ex", "Ey", "Ez")]

    assert all((f == 3).all() for f in fdtd(e=3))
    updated = []  # each component's updated nodes: below 4 along its axis, 1 .. 3 across
    for axis in range(3):
        box = [slice(1, 4)] * 3
        box[axis] = slice(0, 4)
        updated.append(np.zeros((5, 5, 5), bool))
        updated[-1][tuple(box)] = True
    for f, inside in zip(fdtd(e=3, ids=(0, 0, 0)), updated, strict=True):
        assert not f[inside].any() and (f[~inside] == 3).all()
    ex, ey, ez = fdtd({("Hz", (2, 2, 2)): 1})
    assert (ex[2, 2, 2], ex[2, 3, 2], ey[2, 2, 2], ey[3, 2, 2]) == (0.5, -0.5, -1, 1)
    assert np.count_nonzero(ex) == 2 and np.count_nonzero(ey) == 2 and not ez.any()
    ex, ey, ez = fdtd({("Hx", (2, 2, 2)): 1})
    assert (ey[2, 2, 2], ey[2, 2, 3], ez[2, 2, 2], ez[2, 3, 2]) == (0.25, -0.25, -0.5, 0.5)
    assert not ex.any() and np.count_nonzero(ey) == 2 and np.count_nonzero(ez) == 2
    assert not any(f.any() for f in fdtd({("Hz", (2, 4, 2)): 1}))
    ex, ey, ez = fdtd(e=8, ids=(5, 1, 1))
    assert (ex[updated[0]] == 7).all() and (ex[~updated[0]] == 8).all()
    assert (ey == 8).all() and (ez == 8).all()
    for shape in ((4, 5, 6), (3, 3, 3), (2, 4, 5)):
        nx, ny, nz = (d - 1 for d in shape)
        ids = rng.integers(0, 16, size=(3, *shape)).astype(np.uint32)
        f = {k: rng.integers(-64, 64, size=shape).astype(np.float32)
             for k in ("Ex", "Ey", "Ez", "Hx", "Hy", "Hz")}
        got = references.gprmax_update_e({**f, "ID": ids, "nx": nx, "ny": ny, "nz": nz})
        c = table.astype(np.float64)
        hx, hy, hz = f["Hx"], f["Hy"], f["Hz"]
        for i, j, k in itertools.product(*(range(d) for d in shape)):
            want = [float(f[name][i, j, k]) for name in ("Ex", "Ey", "Ez")]
            if i < nx and 0 < j < ny and 0 < k < nz:
                m = c[ids[0, i, j, k]]
                want[0] = (m[0] * want[0] + m[2] * (hz[i, j, k] - hz[i, j - 1, k])
                           - m[3] * (hy[i, j, k] - hy[i, j, k - 1]))
            if 0 < i < nx and j < ny and 0 < k < nz:
                m = c[ids[1, i, j, k]]
                want[1] = (m[0] * want[1] + m[3] * (hx[i, j, k] - hx[i, j, k - 1])
                           - m[1] * (hz[i, j, k] - hz[i - 1, j, k]))
            if 0 < i < nx and 0 < j < ny and k < nz:
                m = c[ids[2, i, j, k]]
                want[2] = (m[0] * want[2] + m[1] * (hy[i, j, k] - hy[i - 1, j, k])
                           - m[2] * (hx[i, j, k] - hx[i, j - 1, k]))
            assert [got[name][i, j, k] for name in ("Ex", "Ey", "Ez")] == want

    # DIR-24-8 lookups: tables built from a route list (the /24-or-shorter routes by
    # increasing length into TBL24, a longer one moving its /24 into a fresh TBLlong segment
    # that inherits the /24's hop) give the longest matching prefix's hop: the default route
    # 0/0 (9), 10/8 (1), 10.1.2/24 (2), 10.1.3.128/25 (3), 10.1.3.130/31 (4), 192.168/16 (5):
    # 10.9.9.9 -> 1, 10.1.2.77 -> 2, 10.1.3.5 -> 1 (an extended /24's low half keeps the /8),
    # 10.1.3.200 -> 3, 10.1.3.131 -> 4, 10.1.3.132 -> 3, 192.168.255.255 -> 5, 11.0.0.1 -> 9;
    # entry 2 w is word w's low half; then random route lists against a brute-force longest
    # prefix match
    def ip(text):
        a, b, c, d = (int(x) for x in text.split("."))
        return a << 24 | b << 16 | c << 8 | d

    def dir24(routes):
        tbl24 = np.zeros(1 << 24, np.uint32)
        tbllong = np.zeros(1 << 23, np.uint32)
        segments = 0
        for prefix, length, hop in sorted(routes, key=lambda r: r[1]):
            if length <= 24:
                first = (prefix >> 8) & ~((1 << (24 - length)) - 1)
                tbl24[first: first + (1 << (24 - length))] = hop
                continue
            slot = prefix >> 8
            if not tbl24[slot] & 0x8000:
                tbllong[segments * 256: segments * 256 + 256] = tbl24[slot]
                tbl24[slot] = 0x8000 | segments
                segments += 1
            base = (tbl24[slot] & 0x7FFF) * 256
            low = prefix & 0xFF & ~((1 << (32 - length)) - 1)
            tbllong[base + low: base + low + (1 << (32 - length))] = hop
        return [t[0::2] | t[1::2] << 16 for t in (tbl24, tbllong)]  # entry 2 w: low half

    def lookup(routes, addresses):
        tbl24, tbllong = dir24(routes)
        addresses = np.array(addresses, np.uint32)
        return references.ipv4_lpm_dir24({
            "daddr": addresses, "tbl24_words": tbl24, "tbllong_words": tbllong,
            "next_hop": np.full(len(addresses), -1, np.int32),
            "n": len(addresses)})["next_hop"].tolist()

    routes = [(0, 0, 9), (ip("10.0.0.0"), 8, 1), (ip("10.1.2.0"), 24, 2),
              (ip("10.1.3.128"), 25, 3), (ip("10.1.3.130"), 31, 4), (ip("192.168.0.0"), 16, 5)]
    addresses = ["10.9.9.9", "10.1.2.77", "10.1.3.5", "10.1.3.200", "10.1.3.131", "10.1.3.132",
                 "192.168.255.255", "11.0.0.1"]
    assert lookup(routes, [ip(a) for a in addresses]) == [1, 2, 1, 3, 4, 3, 5, 9]
    words = np.zeros(1 << 23, np.uint32)
    words[0] = 0x00020001
    assert references.ipv4_lpm_dir24({
        "daddr": np.array([5, 0x105], np.uint32), "tbl24_words": words,
        "tbllong_words": np.zeros(1 << 22, np.uint32), "next_hop": np.zeros(2, np.int32),
        "n": 2})["next_hop"].tolist() == [1, 2]
    for _ in range(3):
        routes = []
        for _ in range(60):
            length = int(rng.integers(0, 33))
            prefix = int(rng.integers(0, 2**32)) & ~((1 << (32 - length)) - 1) & 0xFFFFFFFF
            routes.append((prefix, length, int(rng.integers(1, 0x8000))))
        seen, unique = set(), []
        for r in routes:  # one hop per prefix
            if r[:2] not in seen:
                seen.add(r[:2])
                unique.append(r)
        probes = [(p | int(rng.integers(0, 2**32)) & ((1 << (32 - n)) - 1)) for p, n, _ in unique]
        probes += [int(a) for a in rng.integers(0, 2**32, size=40)]
        got = lookup(unique, probes)
        for address, hop in zip(probes, got, strict=True):
            matches = [(n, h) for p, n, h in unique if address >> (32 - n) == p >> (32 - n)
                       or n == 0]
            assert hop == (max(matches)[1] if matches else 0)

    # Ed25519 key expansion: SHA-512's constants are FIPS 180-4's (K from 0x428a2f98d728ae22 to
    # 0x6c44198c4a475817, H0 from 0x6a09e667f3bcc908 to 0x5be0cd19137e2179) and the .cu's
    # tables are the reference's; the expanded key is hashlib's SHA-512 of the seed with byte
    # 0's low three bits cleared, byte 31's top bit cleared and its bit 6 set, the other 62
    # bytes untouched (seeds of zeros, of 0xff bytes and random ones)
    k, h0 = references.sha512_constants()
    assert (k[0], k[79], h0[0], h0[7]) == (0x428A2F98D728AE22, 0x6C44198C4A475817,
                                           0x6A09E667F3BCC908, 0x5BE0CD19137E2179)
    source = SPECS["ed25519_expand"].source.read_text()
    for name, want in (("ed_sha512_k[80]", k), ("ed_sha512_h0[8]", h0)):
        block = source[source.index(f"{name} = {{"):].split("};")[0]
        assert [int(v, 16) for v in re.findall(r"0x([0-9a-f]+)ull", block)] == want
    seeds = np.concatenate([np.zeros((1, 8), np.uint32), np.full((1, 8), 0xFFFFFFFF, np.uint32),
                            rng.integers(0, 2**32, size=(30, 8), dtype=np.uint32)])
    got = references.ed25519_expand({"seeds": seeds, "expanded": np.zeros((32, 16), np.uint32),
                                     "n": 32})["expanded"]
    for seed, key in zip(seeds, got, strict=True):
        digest = hashlib.sha512(seed.astype("<u4").tobytes()).digest()
        key = key.astype("<u4").tobytes()
        assert key[0] == digest[0] & 248 and key[31] == (digest[31] & 127) | 64
        assert key[1:31] == digest[1:31] and key[32:] == digest[32:]

    # sorting rows: (3, 1, 3, 2) -> 3, 3, 2, 1 from columns 0, 2, 3, 1 (equal keys in column
    # order); -inf sorts last, ahead of nothing; a row of equal keys keeps its order; the
    # kernel's bitonic network (stages k = 2 .. pad, j = k / 2 .. 1, pairs (i, i + j) with bit
    # j of i clear, reversed where bit k of i is set, the padding slots -inf with their own
    # numbers) walked in Python sorts every row like the reference for every pad from the
    # row's length up; then random rows with many ties against sorted()
    def sort_rows(keys):
        keys = np.array(keys, np.float32)
        rows, cols = keys.shape
        got = references.bitonic_sort_rows({
            "keys": keys, "sorted_keys": np.zeros_like(keys),
            "indices": np.full((rows, cols), -1, np.int64), "rows": rows, "cols": cols})
        return got["sorted_keys"].tolist(), got["indices"].tolist()

    assert sort_rows([[3, 1, 3, 2]]) == ([[3, 3, 2, 1]], [[0, 2, 3, 1]])
    assert sort_rows([[-math.inf, 0, 5]]) == ([[5, 0, -math.inf]], [[2, 1, 0]])
    assert sort_rows([[7] * 6])[1] == [list(range(6))]

    def network(row, pad):
        slots = [(row[i], i) if i < len(row) else (-math.inf, i) for i in range(pad)]

        def before(a, b):
            return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])

        k = 2
        while k <= pad:
            j = k // 2
            while j > 0:
                for q in range(pad // 2):
                    i = 2 * j * (q // j) + q % j
                    a, b = slots[i], slots[i + j]
                    if (before(b, a) if i & k == 0 else before(a, b)):
                        slots[i], slots[i + j] = b, a
                j //= 2
            k *= 2
        return [s[0] for s in slots[: len(row)]], [s[1] for s in slots[: len(row)]]

    for cols in (1, 2, 5, 8, 13):
        keys = rng.integers(-4, 4, size=(4, cols))
        values, columns = sort_rows(keys)
        for r, row in enumerate(keys.tolist()):
            order = sorted(range(cols), key=lambda i, row=row: (-row[i], i))
            assert columns[r] == order and values[r] == [row[i] for i in order]
            pad = 1
            while pad < cols:
                pad *= 2
            for p in (pad, 2 * pad, 4 * pad):
                assert network(row, p) == (values[r], columns[r])


def test_blind23_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(23)
    f32 = np.float32

    # 3-D LUT, tetrahedral: a LUT linear in its indices is reproduced (the interpolation is
    # exact on linear functions: each channel 64 s); with size 2 and only c100 = 1 (red), the
    # red output is c100's weight, dr - max(dg, db) where dr is the largest fraction and 0
    # elsewhere (the six cases pick c100 only when dr leads); samples 0 give c000 exactly, 65535
    # c111; then random frames against a plain per-pixel loop of FFmpeg's six branches
    def grade(r, g, b, lut, size):
        r, g, b = (np.array(v, np.uint16).reshape(-1) for v in (r, g, b))
        n = r.size
        words = {k: np.concatenate([v, np.zeros(n % 2, np.uint16)]).view("<u4")
                 for k, v in (("r", r), ("g", g), ("b", b))}
        got = references.lut3d_tetra({
            "g_words": words["g"], "b_words": words["b"], "r_words": words["r"],
            "lut": np.asarray(lut, np.float32).reshape(-1, 3),
            **{f"out_{k}": np.full((1, n), -1, np.float32) for k in "gbr"},
            "rows": 1, "cols": n, "size": size})
        return [got[f"out_{k}"].reshape(-1).astype(np.float64) for k in "rgb"]

    size = 33
    grid = np.stack(np.meshgrid(*[np.arange(size)] * 3, indexing="ij"), axis=-1)
    samples = rng.integers(0, 65536, size=(3, 200))
    out = grade(*samples, 64.0 * grid, size)
    scale = f32(f32(1) / f32(65535)) * f32(size - 1)
    for channel in range(3):
        s = samples[channel].astype(np.float32) * scale
        assert np.allclose(out[channel], 64 * s.astype(np.float64), rtol=0, atol=1e-3)
    lut2 = np.zeros((2, 2, 2, 3))
    lut2[1, 0, 0, 0] = 1
    red = grade(*samples, lut2, 2)[0]
    d = samples.astype(np.float32) * f32(f32(1) / f32(65535))
    want = np.where((d[0] > d[1]) & (d[0] > d[2]), d[0] - np.maximum(d[1], d[2]), 0)
    assert np.allclose(red, want, atol=1e-7) and (red > 0).any()
    lut_rand = rng.integers(0, 1024, size=(3, 3, 3, 3))
    ends = grade([0, 65535], [0, 65535], [0, 65535], lut_rand, 3)
    assert [c[0] for c in ends] == lut_rand[0, 0, 0].tolist()
    assert np.allclose([c[1] for c in ends], lut_rand[2, 2, 2], atol=1e-3)

    def plain_tetra(rgb, lut, size):
        sc = f32(f32(1) / f32(65535)) * f32(size - 1)
        s = [f32(v) * sc for v in rgb]
        p = [int(v) for v in s]
        q = [min(v + 1, size - 1) for v in p]
        dr, dg, db = (float(v - f32(k)) for v, k in zip(s, p, strict=True))

        def at(cr, cg, cb):
            return lut[q[0] if cr else p[0], q[1] if cg else p[1], q[2] if cb else p[2]]

        if dr > dg:
            if dg > db:
                terms = ((1 - dr, (0, 0, 0)), (dr - dg, (1, 0, 0)), (dg - db, (1, 1, 0)),
                         (db, (1, 1, 1)))
            elif dr > db:
                terms = ((1 - dr, (0, 0, 0)), (dr - db, (1, 0, 0)), (db - dg, (1, 0, 1)),
                         (dg, (1, 1, 1)))
            else:
                terms = ((1 - db, (0, 0, 0)), (db - dr, (0, 0, 1)), (dr - dg, (1, 0, 1)),
                         (dg, (1, 1, 1)))
        elif db > dg:
            terms = ((1 - db, (0, 0, 0)), (db - dg, (0, 0, 1)), (dg - dr, (0, 1, 1)),
                     (dr, (1, 1, 1)))
        elif db > dr:
            terms = ((1 - dg, (0, 0, 0)), (dg - db, (0, 1, 0)), (db - dr, (0, 1, 1)),
                     (dr, (1, 1, 1)))
        else:
            terms = ((1 - dg, (0, 0, 0)), (dg - dr, (0, 1, 0)), (dr - db, (1, 1, 0)),
                     (db, (1, 1, 1)))
        return sum(w * at(*corner) for w, corner in terms)

    for size in (2, 5, 17):
        lut = rng.integers(0, 1024, size=(size, size, size, 3)).astype(np.float64)
        rgb = rng.integers(0, 65536, size=(3, 41))
        rgb[:, :3] = [[0, 100, 65535], [0, 100, 65535], [0, 7, 65535]]  # ties: d equal
        out = grade(*rgb, lut, size)
        for k in range(rgb.shape[1]):
            want = plain_tetra(rgb[:, k], lut, size)
            assert np.allclose([c[k] for c in out], want, rtol=1e-6, atol=1e-4)

    # Sauvola: a constant page has s = 0, so T = m / 2 and every nonzero pixel is 255, zero
    # pixels 0; a lone 255 on black (radius 1: n = 9, S1 = 255, S2 = 65025, A = 17 255 > 0 and
    # (128 9 4335)^2 > 255^2 (8 65025)) is kept and its neighbours (A < 0) are not; the border
    # is replicated (a bright first column counts three times in its pixels' windows at radius
    # 1); the exact rule agrees with the float one (T = m (1 + 0.5 (s / 128 - 1))) wherever the
    # two are not within 1e-9 of a tie; then random pages against a plain loop with clamped
    # coordinates and the exact integer test
    def binarize(page, radius):
        page = np.array(page, np.uint8)
        rows, cols = page.shape
        n = rows * cols
        words = np.concatenate([page.reshape(-1), np.zeros(-n % 4, np.uint8)]).view("<u4")
        got = references.sauvola_binarize({
            "page_words": words, "out_words": np.full(words.shape, 0x5A5A5A5A, np.uint32),
            "rows": rows, "cols": cols, "radius": radius})["out_words"]
        flat = got.view(np.uint8)
        assert (flat[n:] == 0x5A).all()  # the padding bytes untouched
        return flat[:n].reshape(rows, cols).astype(int)

    assert (binarize(np.full((5, 6), 90), 2) == 255).all()
    assert not binarize(np.zeros((4, 4)), 1).any()
    lone = np.zeros((5, 5))
    lone[2, 2] = 255
    got = binarize(lone, 1)
    assert got[2, 2] == 255 and got.sum() == 255

    def exact(window, p):
        n = len(window)
        s1, s2 = sum(window), sum(v * v for v in window)
        a = 2 * n * p - s1
        return a > 0 and (128 * n * a) ** 2 > s1 * s1 * (n * s2 - s1 * s1)

    column = np.zeros((3, 4))
    column[:, 0] = 200
    got = binarize(column, 1)
    # pixel (1, 0): its window's columns -1, 0, 1 are 200, 200, 0 (the first replicated)
    assert got[1, 0] == (255 if exact([200, 200, 0] * 3, 200) else 0) == 255
    assert got[1, 1] == 0  # p = 0 is never above
    page = rng.integers(0, 256, size=(40, 50))
    for radius in (1, 3):
        got = binarize(page, radius)
        for r, c in itertools.product(range(40), range(50)):
            window = [int(page[min(max(r + dy, 0), 39), min(max(c + dx, 0), 49)])
                      for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)]
            n = len(window)
            m = sum(window) / n
            s = math.sqrt(max(sum(v * v for v in window) / n - m * m, 0))
            t = m * (1 + 0.5 * (s / 128 - 1))
            if abs(page[r, c] - t) > 1e-9:
                assert (got[r, c] == 255) == (page[r, c] > t)
    for shape, radius in (((9, 11), 2), ((1, 7), 3), ((6, 1), 7), ((16, 16), 7)):
        page = rng.integers(0, 256, size=shape)
        got = binarize(page, radius)
        rows, cols = shape
        for r, c in itertools.product(range(rows), range(cols)):
            window = [int(page[min(max(r + dy, 0), rows - 1), min(max(c + dx, 0), cols - 1)])
                      for dy in range(-radius, radius + 1) for dx in range(-radius, radius + 1)]
            assert got[r, c] == (255 if exact(window, int(page[r, c])) else 0)

    # D3Q19 pull: the velocities are the 19 of D3Q19 (each odd q > 0 followed by its opposite,
    # weights summing to 1, isotropic: sum w c c = I / 3); a fluid at rest at equilibrium (f_q
    # = 36 w_q) is a fixed point for any omega; omega = 0 streams only (out_q = f_q rolled by
    # c_q, wrapping: +x from the last column into the first); an obstacle everywhere reflects
    # (+x from (1, 1, 1) arrives at (1, 1, 2) and turns into -x there); collisions keep each
    # fluid cell's mass and momentum; then random lattices against a loop over the cells
    c = np.array(references.LBM_D3Q19)
    w = np.array([references.lbm_d3q19_weight(q) for q in range(19)])
    assert len({tuple(v) for v in c}) == 19 and (abs(c).sum(axis=1) <= 2).all()
    assert all((c[q] == -c[q + 1]).all() for q in range(1, 19, 2))
    assert math.isclose(w.sum(), 1) and np.allclose((w[:, None, None] * c[:, :, None]
                                                     * c[:, None, :]).sum(axis=0), np.eye(3) / 3)

    def lbm(f, flags, omega):
        f = np.asarray(f, np.float32)
        nz, ny, nx = f.shape[1:]
        got = references.lbm_d3q19_pull({
            "f_in": f, "f_out": np.full_like(f, -1), "flags": np.asarray(flags, np.uint32),
            "nx": nx, "ny": ny, "nz": nz, "omega": omega})["f_out"]
        return got.astype(np.float64)

    shape = (3, 4, 5)
    rest = np.broadcast_to((36 * w)[:, None, None, None], (19, *shape))
    assert np.allclose(lbm(rest, np.ones(shape), 1.7), rest, rtol=1e-6)
    f = rng.integers(1, 64, size=(19, *shape)).astype(np.float64)
    streamed = lbm(f, np.ones(shape), 0.0)
    for q in range(19):
        assert np.array_equal(streamed[q], np.roll(f[q], tuple(c[q][::-1]), axis=(0, 1, 2)))
    assert streamed[1, 0, 0, 0] == f[1, 0, 0, 4]  # +x wrapped from the last column
    one = np.zeros((19, *shape))
    one[1, 1, 1, 1] = 5
    solid = lbm(one, np.zeros(shape), 1.0)
    assert solid[2, 1, 1, 2] == 5 and solid.sum() == 5
    flags = rng.integers(0, 4, size=shape)
    out = lbm(f, flags, 1.3)
    pulled = np.stack([np.roll(f[q], tuple(c[q][::-1]), axis=(0, 1, 2)) for q in range(19)])
    fluid = flags != 0
    # (float32 out: conserved to its rounding)
    assert np.allclose(out.sum(axis=0)[fluid], pulled.sum(axis=0)[fluid], rtol=1e-6)
    for a in range(3):
        assert np.allclose(np.tensordot(c[:, a], out, axes=1)[fluid],
                           np.tensordot(c[:, a], pulled, axes=1)[fluid], rtol=1e-6, atol=1e-3)
    nz, ny, nx = shape
    for z, y, x in itertools.product(range(nz), range(ny), range(nx)):
        g = [f[q, (z - c[q][2]) % nz, (y - c[q][1]) % ny, (x - c[q][0]) % nx] for q in range(19)]
        if flags[z, y, x] == 0:
            want = [g[0]] + [g[q + 1] if q % 2 else g[q - 1] for q in range(1, 19)]
        else:
            rho = sum(g)
            u = [sum(c[q][a] * g[q] for q in range(19)) / rho for a in range(3)]
            usq = 1.5 * sum(v * v for v in u)
            want = []
            for q in range(19):
                cu = sum(c[q][a] * u[a] for a in range(3))
                feq = w[q] * rho * (1 + 3 * cu + 4.5 * cu * cu - usq)
                want.append(g[q] + 1.3 * (feq - g[q]))
        assert np.allclose(out[:, z, y, x], want, rtol=1e-6)

    # environment-map sampling: a uniform map (4 counts a pixel) has pdf 1 everywhere, u = 0
    # maps to (0, 0) and u1 = 1/2 to the middle row's start (v = 1/2); a map whose whole weight
    # sits in pixel (2, 5) sends every sample into it with pdf h w; zero-weight rows and
    # pixels are never chosen; then random maps against PBRT's FindInterval walked in Python
    def sample(cdf, h, w, pairs):
        pairs = np.array(pairs, np.uint32).reshape(-1, 2)
        n = len(pairs)
        got = references.envmap_sample_2d({
            "u": pairs, "cdf": np.asarray(cdf, np.int32), "uv": np.full((n, 2), -1, f32),
            "pdf": np.full(n, -1, f32), "h": h, "w": w, "n": n})
        return got["uv"].astype(np.float64), got["pdf"].astype(np.float64)

    h, w_ = 4, 6
    uv, pdf = sample(np.arange(h * w_ + 1) * 4, h, w_, [[0, 0], [0, 2**31], [2**31, 2**31]])
    assert (pdf == 1).all() and uv[0].tolist() == [0, 0] and uv[1].tolist() == [0, 0.5]
    assert uv[2].tolist() == [0.5, 0.5]
    hot = np.zeros(h * w_ + 1, np.int64)
    hot[2 * w_ + 5 + 1:] = 1000
    uv, pdf = sample(hot, h, w_, rng.integers(0, 2**32, size=(50, 2)))
    assert (np.floor(uv[:, 0] * w_) == 5).all() and (np.floor(uv[:, 1] * h) == 2).all()
    assert (pdf == h * w_).all()

    def find_interval(size, pred):
        first, length = 0, size
        while length > 0:
            half = length >> 1
            middle = first + half
            if pred(middle):
                first, length = middle + 1, length - half - 1
            else:
                length = half
        return min(max(first - 1, 0), size - 2)

    for h, w_, total in ((5, 7, 40), (3, 16, 5000), (8, 3, 12), (1, 9, 30), (6, 1, 20)):
        weights = np.bincount(rng.integers(0, h * w_, size=total), minlength=h * w_)
        weights[rng.integers(0, h * w_, size=3)] = 0
        weights[(h // 2) * w_: (h // 2 + 1) * w_] = 0 if h > 2 else weights[:w_]  # an empty row
        cdf = np.concatenate([[0], np.cumsum(weights)])
        pairs = rng.integers(0, 2**32, size=(60, 2))
        pairs[:2] = [[0, 0], [2**32 - 1, 2**32 - 1]]
        uv, pdf = sample(cdf, h, w_, pairs)
        tot = int(cdf[-1])
        for (u0, u1), (gu, gv), gp in zip(pairs.tolist(), uv, pdf, strict=True):
            t1 = (u1 * tot) >> 32
            y = find_interval(h + 1, lambda i: cdf[i * w_] <= t1)  # noqa: B023
            r0, r1 = int(cdf[y * w_]), int(cdf[(y + 1) * w_])
            t0 = r0 + ((u0 * (r1 - r0)) >> 32)
            x = find_interval(w_ + 1, lambda i: cdf[y * w_ + i] <= t0)  # noqa: B023
            c0, c1 = int(cdf[y * w_ + x]), int(cdf[y * w_ + x + 1])
            assert r1 > r0 and c1 > c0  # zero weights are never sampled
            dux, duy = f32(t0 - c0) / f32(c1 - c0), f32(t1 - r0) / f32(r1 - r0)
            assert (gu, gv) == ((f32(x) + dux) / f32(w_), (f32(y) + duy) / f32(h))
            want = (f32(c1 - c0) * f32(w_) / f32(r1 - r0)) * (f32(r1 - r0) * f32(h) / f32(tot))
            assert gp == want and math.isclose(gp, (c1 - c0) * h * w_ / tot, rel_tol=1e-6)

    # binary GCD: gcd(12, 18) = 6, gcd(0, 5) = 5, gcd(7, 0) = 7, gcd(0, 0) = 0, the common
    # power of two kept (gcd(2^61, 3 2^40) = 2^40), coprime neighbours; GMP's mpn_gcd_11 loop as
    # the .cu writes it (halved odd parts, the sign mask, the ctz of t) walked in Python equals
    # math.gcd; then random pairs (many with common factors) against math.gcd
    def gcds(pairs):
        pairs = np.array(pairs, np.int64).reshape(-1, 2)
        return references.binary_gcd64({
            "a": pairs[:, 0].copy(), "b": pairs[:, 1].copy(), "g": np.full(len(pairs), -1),
            "n": len(pairs)})["g"].tolist()

    assert gcds([[12, 18], [0, 5], [7, 0], [0, 0], [2**61, 3 * 2**40], [2**62 - 1, 2**62 - 2]]) \
        == [6, 5, 7, 0, 2**40, 1]

    def mpn_gcd(a, b):
        if a == 0 or b == 0:
            return a | b
        mask = (1 << 64) - 1

        def ctz(x):
            return (x & -x).bit_length() - 1

        twos = ctz(a | b)
        u, v = (a >> ctz(a)) >> 1, (b >> ctz(b)) >> 1
        while u != v:
            t = (u - v) & mask
            vgtu = mask if t >> 63 else 0
            v = (v + (vgtu & t)) & mask
            u = ((t ^ vgtu) - vgtu) & mask
            u = (u >> 1) >> ctz(t)
        return ((u << 1) + 1) << twos

    factors = rng.integers(1, 2**20, size=(60, 1))
    pairs = np.concatenate([rng.integers(1, 2**62, size=(60, 2)),
                            rng.integers(1, 2**40, size=(60, 2)) * factors])
    got = gcds(pairs)
    for (a, b), g in zip(pairs.tolist(), got, strict=True):
        assert g == math.gcd(a, b) == mpn_gcd(a, b)

    # COCO RLE: the 2 x 3 mask [[0, 1, 1], [0, 0, 1]] flattens column-major to 0 0 1 0 1 1 ->
    # counts 2, 1, 1, 2 (4 runs); a mask starting with a set pixel starts with a count of 0; an
    # empty mask is one count of h w; bytes below the threshold are background (127 -> 0, 128
    # -> 1); the slots past the counts are untouched; then random masks against pycocotools'
    # loop
    def rle(masks, threshold=1):
        masks = np.array(masks, np.uint8)
        count, h, w_ = masks.shape
        n = masks.size
        words = np.concatenate([masks.reshape(-1), np.zeros(-n % 4, np.uint8)]).view("<u4")
        got = references.coco_rle_encode({
            "mask_words": words, "counts": np.full((count, h * w_ + 1), -7, np.int32),
            "runs": np.full(count, -7, np.int32), "masks": count, "h": h, "w": w_,
            "threshold": threshold})
        runs = got["runs"].tolist()
        counts = got["counts"]
        assert all((counts[m, r:] == -7).all() for m, r in enumerate(runs))
        return [counts[m, :r].tolist() for m, r in enumerate(runs)]

    assert rle([[[0, 1, 1], [0, 0, 1]]]) == [[2, 1, 1, 2]]
    assert rle([[[1, 0], [1, 0]], [[0, 0], [0, 0]], [[1, 1], [1, 1]]]) == [[0, 2, 2], [4], [0, 4]]
    assert rle([[[127, 128, 255]]], 128) == [[1, 2]]

    def pycoco(mask, threshold):
        flat = (np.asarray(mask) >= threshold).T.reshape(-1).tolist()
        counts, p, run = [], 0, 0
        for v in flat:
            if v != p:
                counts.append(run)
                run, p = 0, v
            run += 1
        return counts + [run]

    for shape in ((5, 9, 11), (3, 1, 7), (2, 6, 1), (4, 8, 8)):
        masks = rng.integers(0, 256, size=shape)
        for threshold in (128, 200):
            assert rle(masks, threshold) == [pycoco(m, threshold) for m in masks]


def test_blind24_references_on_hand_checked_inputs():
    import fractions
    import itertools
    import math
    import re

    rng = np.random.default_rng(24)

    # libjpeg's islow IDCT: the .cu's FIX constants are the reference's, round(x 2^13) of the
    # factors they name; the 1-D flow graph is the IDCT matrix 2^13 (1, sqrt(2) cos((2k + 1) u
    # pi / 16)) to within 2 units (applied to unit vectors); the range limit is libjpeg's
    # post-IDCT table (prepare_range_limit_table, indexed by x & 1023 from sample_range_limit +
    # CENTERJSAMPLE): 0 -> 128, -128 -> 0, 127 .. 511 -> 255, 512 .. 600 -> 0 and -600 -> 255
    # (the wrap), -1000 -> 152; an all-zero block is flat 128 and a DC-only one flat 128 +
    # floor((d q + 4) / 8) (d q = 80 -> 138, -48 -> 122, 4800 -> 0 by the wrap); the AC-zero
    # shortcuts agree with the full graph; every intermediate of both passes stays below 2^31
    # for the manifest's ranges (|coef| <= 16, quant <= 15; each one's worst sign pattern);
    # then random images (some blocks sparse) against a plain matrix loop over the blocks and
    # within 1 of the exact float IDCT where it is in range
    fix = references.JPEG_ISLOW_FIX
    source = SPECS["jpeg_idct_islow"].source.read_text()
    assert {k: int(v) for k, v in re.findall(r"#define JI_FIX_(\w+) (\d+)", source)} == fix
    assert all(v == round(float(k.replace("_", ".")) * 2**13) for k, v in fix.items())
    unit = references.jpeg_islow_1d([np.eye(8, dtype=np.int64)[u] for u in range(8)])
    matrix = np.array(unit)  # matrix[k, u]: output k of input u
    ideal = np.array([[2**13 * (1 if u == 0 else math.sqrt(2) * math.cos((2 * k + 1) * u * math.pi
                                                                        / 16))
                       for u in range(8)] for k in range(8)])
    assert np.abs(matrix - ideal).max() < 2
    table = [0] * (5 * 256 + 128)  # libjpeg's sample_range_limit, from 256 entries below it
    table[256:512] = range(256)
    post = 256 + 128  # the post-IDCT table: 128 .. 255, 255 x 384, 0 x 384, 0 .. 127
    table[post + 128: post + 512] = [255] * 384
    table[post + 512: post + 896] = [0] * 384
    table[post + 896: post + 1024] = table[256:384]
    xs = np.arange(-3000, 3000)
    assert references.jpeg_range_limit(xs).tolist() == [table[post + (x & 1023)] for x in xs]
    assert references.jpeg_range_limit(np.array(
        [0, -128, 127, 511, 512, 600, -129, -600, -1000])).tolist() == [
        128, 0, 255, 255, 0, 0, 0, 255, 152]

    def decode(coef, quant):
        coef = np.asarray(coef, np.int32)
        rows, cols = coef.shape[:2]
        got = references.jpeg_idct_islow({
            "coef": coef, "quant": np.asarray(quant, np.int32).reshape(64),
            "out_words": np.full((rows * 8, cols * 2), 0xDEADBEEF, np.uint32), "rows": rows,
            "cols": cols})["out_words"]
        return got.view(np.uint8).reshape(rows * 8, cols * 8).astype(np.int64)

    def dc_only(d, q):
        coef = np.zeros((1, 1, 64), int)
        coef[0, 0, 0] = d
        return decode(coef, [q] + [1] * 63)

    assert (decode(np.zeros((2, 3, 64)), np.full(64, 9)) == 128).all()
    for d, q, want in ((10, 8, 138), (-3, 16, 122), (600, 8, 0), (7, 5, 132)):
        assert (dc_only(d, q) == want).all()
        assert want == (min(max(128 + (d * q + 4) // 8, 0), 255) if d * q < 4000 else 0)
    for dc in range(-3000, 3000, 7):  # the shortcuts: a flat column and a flat row
        outs = references.jpeg_islow_1d([np.array([dc])] + [np.array([0])] * 7)
        assert all(((o + (1 << 10)) >> 11) == dc << 2 for o in outs)
        assert all(((o + (1 << 17)) >> 18) == (dc + 16) >> 5 for o in outs)

    class Tracked(int):  # an int whose arithmetic records the largest magnitude it produced
        peak = 0

        def _keep(self, value):
            Tracked.peak = max(Tracked.peak, abs(value))
            return Tracked(value)

        def __add__(self, other):
            return self._keep(int(self) + int(other))

        def __sub__(self, other):
            return self._keep(int(self) - int(other))

        def __mul__(self, other):
            return self._keep(int(self) * int(other))

        def __lshift__(self, bits):
            return self._keep(int(self) << int(bits))

        __radd__ = __add__
        __rmul__ = __mul__

    worst = 0
    for signs in itertools.product((-1, 1), repeat=8):
        outs = references.jpeg_islow_1d([Tracked(s * 16 * 15) for s in signs])
        worst = max(worst, *(abs((o + (1 << 10)) >> 11) for o in outs))
    assert Tracked.peak < 2**31
    for signs in itertools.product((-1, 1), repeat=8):
        outs = references.jpeg_islow_1d([Tracked(s * worst) for s in signs])
        assert all(abs(o) + (1 << 17) < 2**31 for o in outs)
    assert Tracked.peak < 2**31 - (1 << 17)

    def plain_decode(coef, quant):
        rows, cols = coef.shape[:2]
        image = np.zeros((rows * 8, cols * 8), int)
        for br, bc in itertools.product(range(rows), range(cols)):
            dq = coef[br, bc].reshape(8, 8).astype(np.int64) * quant.reshape(8, 8)
            ws = (matrix @ dq + (1 << 10)) >> 11  # columns: ws[k, v]
            pixels = (ws @ matrix.T + (1 << 17)) >> 18  # rows: pixels[r, k]
            image[br * 8: br * 8 + 8, bc * 8: bc * 8 + 8] = references.jpeg_range_limit(pixels)
        return image

    c_grid = np.cos((2 * np.arange(8)[:, None] + 1) * np.arange(8)[None, :] * math.pi / 16)
    c_grid *= np.where(np.arange(8) == 0, math.sqrt(0.5), 1.0)[None, :]  # c[x, u] C(u)
    for rows, cols in ((3, 4), (1, 1), (2, 5)):
        coef = rng.integers(-16, 16, size=(rows, cols, 64))
        coef[0, 0, 1:] = 0  # a DC-only block
        sparse = rng.random((rows, cols, 64)) < 0.85
        coef[-1, -1][sparse[-1, -1]] = 0  # a mostly empty block: flat columns and rows
        quant = rng.integers(1, 16, size=64)
        got = decode(coef, quant)
        assert np.array_equal(got, plain_decode(coef, quant))
        for br, bc in itertools.product(range(rows), range(cols)):
            dq = coef[br, bc].reshape(8, 8) * quant.reshape(8, 8)
            exact = c_grid @ dq @ c_grid.T / 4  # f(r, k), the float IDCT
            near = np.abs(exact) < 380  # away from the clamps and the wrap
            want = np.clip(np.round(exact) + 128, 0, 255)
            block = got[br * 8: br * 8 + 8, bc * 8: bc * 8 + 8]
            assert (np.abs(block - want)[near] <= 1).all()
            assert (block[(exact > 130) & (exact < 500)] == 255).all()
            assert (block[(exact < -130) & (exact > -500)] == 0).all()

    # im2col: a 3 x 3 image (1 .. 9) lowered for a 2 x 2 kernel gives the rows 1 2 4 5, 2 3 5
    # 6, 4 5 7 8, 5 6 8 9; with pad 1 and a 3 x 3 kernel the centre row is the image and the
    # corner rows its shifts with zeros coming in; stride 2 takes every other position;
    # dilation 2 spreads the taps two pixels apart; the output grid is every window that fits
    # the padded image (H_COL and W_COL as the manifest computes them); then the GEMM of
    # random filters with data_col equals a plain loop's strided, dilated, zero-padded
    # cross-correlation, for random shapes
    def lower(img, kh, kw, pad=(0, 0), stride=(1, 1), dil=(1, 1)):
        img = np.asarray(img, np.float32)
        c, h, w = img.shape
        hc = (h + 2 * pad[0] - (dil[0] * (kh - 1) + 1)) // stride[0] + 1
        wc = (w + 2 * pad[1] - (dil[1] * (kw - 1) + 1)) // stride[1] + 1
        got = references.im2col({
            "data_im": img, "data_col": np.full((c * kh * kw, hc * wc), -1, np.float32),
            "height": h, "width": w, "kernel_h": kh, "kernel_w": kw, "pad_h": pad[0],
            "pad_w": pad[1], "stride_h": stride[0], "stride_w": stride[1],
            "dilation_h": dil[0], "dilation_w": dil[1], "height_col": hc, "width_col": wc,
            "rows": c * hc})["data_col"]
        return got.reshape(c * kh * kw, hc, wc).astype(np.int64)

    nine = np.arange(1, 10).reshape(1, 3, 3)
    assert lower(nine, 2, 2).reshape(4, 4).tolist() == [[1, 2, 4, 5], [2, 3, 5, 6],
                                                        [4, 5, 7, 8], [5, 6, 8, 9]]
    padded = lower(nine, 3, 3, pad=(1, 1))
    assert np.array_equal(padded[4], nine[0])
    assert padded[0].tolist() == [[0, 0, 0], [0, 1, 2], [0, 4, 5]]
    assert padded[8].tolist() == [[5, 6, 0], [8, 9, 0], [0, 0, 0]]
    assert padded[5].tolist() == [[2, 3, 0], [5, 6, 0], [8, 9, 0]]  # (i, j) = (1, 2)
    img = np.arange(25).reshape(1, 5, 5)
    assert np.array_equal(lower(img, 3, 3, pad=(1, 1), stride=(2, 2))[4], img[0, ::2, ::2])
    dilated = lower(img, 2, 2, dil=(2, 2))
    assert np.array_equal(dilated[3], img[0, 2:5, 2:5]) and np.array_equal(dilated[1],
                                                                          img[0, 0:3, 2:5])
    spec = SPECS["im2col"]
    for _ in range(20):
        over = {"H": int(rng.integers(3, 20)), "KH": int(rng.integers(1, 4)),
                "PAD_H": int(rng.integers(0, 3)), "STRIDE_H": int(rng.integers(1, 4)),
                "DIL_H": int(rng.integers(1, 3))}
        p = spec.resolve_params(over)
        span = p["H"] + 2 * p["PAD_H"] - p["DIL_H"] * (p["KH"] - 1)
        assert p["H_COL"] == len(range(0, span, p["STRIDE_H"])) and p["ROWS"] == p["C"] * p["H_COL"]
    for c, h, w, kh, kw, pad, stride, dil in ((2, 7, 9, 3, 2, (1, 2), (2, 1), (1, 2)),
                                              (3, 5, 6, 1, 3, (0, 1), (1, 3), (1, 1)),
                                              (1, 8, 4, 4, 1, (2, 0), (3, 1), (2, 1))):
        img = rng.integers(-8, 8, size=(c, h, w))
        col = lower(img, kh, kw, pad, stride, dil)
        filters = rng.integers(-4, 4, size=(5, c, kh, kw))
        gemm = (filters.reshape(5, -1) @ col.reshape(c * kh * kw, -1)).reshape(5, *col.shape[1:])
        for f, y, x in itertools.product(range(5), range(col.shape[1]), range(col.shape[2])):
            total = 0
            for ch, i, j in itertools.product(range(c), range(kh), range(kw)):
                yy, xx = y * stride[0] - pad[0] + i * dil[0], x * stride[1] - pad[1] + j * dil[1]
                if 0 <= yy < h and 0 <= xx < w:
                    total += filters[f, ch, i, j] * img[ch, yy, xx]
            assert gemm[f, y, x] == total

    # VecInt's step: a zero field stays zero; a uniform shift of one voxel along w (vec 32 at
    # scale 2^-5) integrates to two voxels, one at the last column (its sample falls outside,
    # zero padding); half a voxel along h gives 1, and 0.75 on the last row (half a corner
    # outside); a field linear in d, v = z / 32, samples z + z / 32 and gives z / 32 + (z + z /
    # 32) / 32 inside and at the last plane loses the missing corner's share; then random
    # fields against a loop over the voxels and the eight corners in exact fractions
    def integrate(vec, shift=5):
        vec = np.asarray(vec, np.float32)
        d, h, w = vec.shape[1:]
        got = references.vecint_warp3d({
            "vec": vec, "out": np.full_like(vec, np.nan), "depth": d, "height": h, "width": w,
            "scale": 2.0**-shift})["out"]
        return got.astype(np.float64)

    shape = (4, 5, 6)
    assert not integrate(np.zeros((3, *shape))).any()
    field = np.zeros((3, *shape))
    field[2] = 32
    out = integrate(field)
    assert (out[2][..., :-1] == 2).all() and (out[2][..., -1] == 1).all()
    assert not out[0].any() and not out[1].any()
    field = np.zeros((3, *shape))
    field[1] = 16
    out = integrate(field)
    assert (out[1][:, :-1] == 1).all() and (out[1][:, -1] == 0.75).all()
    field = np.zeros((3, 8, 3, 3))
    field[0] = np.arange(8)[:, None, None]
    out = integrate(field)[0][:, 1, 1]
    for z in range(8):
        point = z + z / 32
        inside = (1 - (point - math.floor(point))) * (math.floor(point) / 32) + (
            (point - math.floor(point)) * (math.floor(point) + 1) / 32 if math.floor(point) < 7
            else 0)
        assert out[z] == z / 32 + inside
    assert out[7] == 7 / 32 + (1 - 7 / 32) * 7 / 32
    for shape in ((4, 5, 6), (3, 1, 7), (2, 6, 1)):
        vec = rng.integers(-128, 128, size=(3, *shape))
        out = integrate(vec)
        d, h, w = shape
        v = [[[[fractions.Fraction(int(vec[k, z, y, x]), 32) for x in range(w)] for y in range(h)]
              for z in range(d)] for k in range(3)]
        for z, y, x in itertools.product(range(d), range(h), range(w)):
            point = (z + v[0][z][y][x], y + v[1][z][y][x], x + v[2][z][y][x])
            low = [math.floor(p) for p in point]
            want = [v[k][z][y][x] for k in range(3)]
            for corner in itertools.product((0, 1), repeat=3):
                cz, cy, cx = (lo + a for lo, a in zip(low, corner, strict=True))
                if 0 <= cz < d and 0 <= cy < h and 0 <= cx < w:
                    weight = 1
                    for p, lo, a in zip(point, low, corner, strict=True):
                        weight *= (p - lo) if a else 1 - (p - lo)
                    for k in range(3):
                        want[k] += v[k][cz][cy][cx] * weight
            assert [out[k, z, y, x] for k in range(3)] == [float(q) for q in want]

    # RoIAlign: a constant map pools to itself; a map linear in x and y (f = 10 y + x) is
    # reproduced by the bilinear points, so a bin pools to its centre: the box (8, 8, 36, 36) at
    # scale 1/4 starts at 2 with unit bins, 10 (2.5 + ph) + 2.5 + pw, and half a pixel less
    # when aligned; a box with its corners out of order is forced to 1 x 1 (bins of 1/7) when
    # not aligned; a box beyond the map pools zeros; roi_batch picks the image; then random
    # maps and boxes (every sampling ratio, aligned or not) against a plain loop of
    # torchvision's kernel
    def pool(feat, rois, boxes, ph=7, pw=7, scale=0.25, sampling=2, aligned=0):
        feat = np.asarray(feat, np.float32)
        c, h, w = feat.shape[1:]
        k = len(rois)
        got = references.roi_align({
            "input": feat, "roi_batch": np.asarray(rois, np.int32),
            "boxes": np.asarray(boxes, np.float32).reshape(k, 4),
            "output": np.full((k, c, ph, pw), np.nan, np.float32), "total": k * c * ph * pw,
            "spatial_scale": scale, "channels": c, "height": h, "width": w,
            "pooled_height": ph, "pooled_width": pw, "sampling_ratio": sampling,
            "aligned": aligned})["output"]
        return got.astype(np.float64)

    assert (pool(np.full((1, 2, 20, 24), 7), [0, 0], [[8, 8, 36, 36], [0, 4, 60, 70]]) == 7).all()
    ramp = (10 * np.arange(20)[:, None] + np.arange(24)[None, :])[None, None]
    centre = 10 * (np.arange(7)[:, None] + 2.5) + np.arange(7)[None, :] + 2.5
    assert np.allclose(pool(ramp, [0], [[8, 8, 36, 36]])[0, 0], centre, rtol=0, atol=1e-9)
    assert np.allclose(pool(ramp, [0], [[8, 8, 36, 36]], aligned=1)[0, 0], centre - 5.5,
                       rtol=0, atol=1e-9)
    flipped = pool(ramp, [0], [[36, 8, 8, 36]])[0, 0]
    assert np.allclose(flipped, 10 * (np.arange(7)[:, None] + 2.5) + 9 + (np.arange(7) + 0.5)
                       / 7, rtol=0, atol=1e-5)  # float32 out
    assert not pool(ramp, [0], [[4 * 26, 0, 4 * 30, 40]]).any()
    two = np.stack([np.full((1, 6, 6), 3), np.full((1, 6, 6), 5)])
    assert pool(two, [1, 0], [[0, 0, 8, 8]] * 2, ph=2, pw=2)[:, 0, 0, 0].tolist() == [5, 3]

    def plain_roi_align(feat, rois, boxes, ph, pw, scale, sampling, aligned):
        c, h, w = feat.shape[1:]
        out = np.zeros((len(rois), c, ph, pw))

        def bilinear(plane, y, x):
            if not (-1 <= y <= h and -1 <= x <= w):
                return 0.0
            y, x = max(y, 0.0), max(x, 0.0)
            y_low, x_low = int(y), int(x)
            if y_low >= h - 1:
                y_high = y_low = h - 1
                y = float(y_low)
            else:
                y_high = y_low + 1
            if x_low >= w - 1:
                x_high = x_low = w - 1
                x = float(x_low)
            else:
                x_high = x_low + 1
            ly, lx = y - y_low, x - x_low
            return ((1 - ly) * (1 - lx) * plane[y_low, x_low] + (1 - ly) * lx * plane[y_low, x_high]
                    + ly * (1 - lx) * plane[y_high, x_low] + ly * lx * plane[y_high, x_high])

        for n, (b, box) in enumerate(zip(rois, boxes, strict=True)):
            off = 0.5 if aligned else 0.0
            x1, y1, x2, y2 = (float(v) * scale - off for v in box)
            rw, rh = x2 - x1, y2 - y1
            if not aligned:
                rw, rh = max(rw, 1.0), max(rh, 1.0)
            gh = sampling if sampling > 0 else math.ceil(rh / ph)
            gw = sampling if sampling > 0 else math.ceil(rw / pw)
            for ch, i, j in itertools.product(range(c), range(ph), range(pw)):
                total = 0.0
                for iy, ix in itertools.product(range(gh), range(gw)):
                    y = y1 + i * rh / ph + (iy + 0.5) * (rh / ph) / gh
                    x = x1 + j * rw / pw + (ix + 0.5) * (rw / pw) / gw
                    total += bilinear(feat[b, ch], y, x)
                out[n, ch, i, j] = total / max(gh * gw, 1)
        return out

    for sampling, aligned, scale in ((2, 0, 0.25), (0, 1, 0.5), (1, 0, 1.0), (0, 0, 0.25),
                                     (3, 1, 0.25)):
        feat = rng.integers(0, 64, size=(2, 3, 9, 11))
        corner = rng.integers(0, int(6 / scale), size=(6, 2))
        boxes = np.concatenate([corner, corner + rng.integers(1, int(4 / scale), size=(6, 2))], 1)
        boxes[1] = boxes[1][[2, 3, 0, 1]]  # corners out of order
        boxes[0] = [int(12 / scale), 0, int(13 / scale), int(2 / scale)]  # beyond x = w
        rois = rng.integers(0, 2, size=6)
        got = pool(feat, rois, boxes, ph=3, pw=4, scale=scale, sampling=sampling,
                   aligned=aligned)
        want = plain_roi_align(feat, rois, boxes, 3, 4, scale, sampling, aligned)
        assert np.allclose(got, want, rtol=1e-6, atol=1e-5) and (got != 0).mean() > 0.5

    # Myers' bit-vector infix edit distance: a query copied into the target scores 0 and ends at
    # its last base; one substitution, one deleted or one inserted base score 1; the target
    # equal to the query ends at 63; a 40-base prefix of the query as the whole target costs
    # the 24 missing bases; no matching base at all costs 64 from the first column; an empty
    # target gives -1 and -1; then random and mutated pairs against a plain dynamic program
    # (free gaps before and after the query in the target: D[0][c] = 0)
    codes = {"A": 0, "C": 1, "G": 2, "T": 3}

    def pack(seq, words):
        out = [0] * words
        for i, base in enumerate(seq):
            out[i // 16] |= codes[base] << (2 * (i % 16))
        return out

    def infix(pairs):
        tlen = len(pairs[0][1])
        tw = -(-tlen // 16)
        targets = np.array([pack(t, tw) for _, t in pairs], np.uint32).reshape(len(pairs), tw)
        got = references.myers_hw64({
            "query_words": np.array([pack(q, 4) for q, _ in pairs], np.uint32),
            "target_words": targets,
            "score_out": np.full(len(pairs), 99, np.int32),
            "end_out": np.full(len(pairs), 99, np.int32), "n": len(pairs), "tlen": tlen})
        return list(zip(got["score_out"].tolist(), got["end_out"].tolist(), strict=True))

    def plain_infix(query, target):
        prev = list(range(len(query) + 1))
        best, end = -1, -1
        for c, base in enumerate(target):
            cur = [0]
            for r in range(1, len(query) + 1):
                cur.append(min(prev[r - 1] + (query[r - 1] != base), prev[r] + 1, cur[r - 1] + 1))
            if best == -1 or cur[-1] < best:
                best, end = cur[-1], c
            prev = cur
        return best, end

    def seq(n):
        return "".join("ACGT"[b] for b in rng.integers(0, 4, size=n))

    query = seq(64)
    flank = seq(40)
    sub = query[:30] + ("A" if query[30] != "A" else "C") + query[31:]
    assert infix([(query, flank[:10] + query + flank[10:30])]) == [(0, 73)]
    assert infix([(query, flank[:10] + sub + flank[10:30])])[0][0] == 1
    assert infix([(query, flank[:10] + query[:20] + query[21:] + flank[10:31])])[0][0] == 1
    assert infix([(query, flank[:10] + query[:20] + "G" + query[20:] + flank[10:29])])[0][0] == 1
    assert infix([(query, query)]) == [(0, 63)]
    assert infix([(query, query[:40])]) == [(24, 39)]
    assert infix([("A" * 64, "C" * 100)]) == [(64, 0)]
    assert infix([(query, "")]) == [(-1, -1)]
    for tlen in (37, 64, 100):
        pairs = [(seq(64), seq(tlen)) for _ in range(4)]
        for _ in range(4):  # the query with a few edits inside a random window
            q = list(seq(64))
            t = list(q)
            for _ in range(int(rng.integers(0, 6))):
                at = int(rng.integers(0, len(t)))
                kind = int(rng.integers(0, 3))
                if kind == 0:
                    t[at] = "ACGT"[int(rng.integers(0, 4))]
                elif kind == 1:
                    del t[at]
                else:
                    t.insert(at, "ACGT"[int(rng.integers(0, 4))])
            spare = tlen - len(t)  # the edited copy centred in the window, or cut to it
            t = seq(spare // 2) + "".join(t) + seq(spare - spare // 2) if spare >= 0 else (
                "".join(t)[:tlen])
            pairs.append(("".join(q), t))
        assert infix(pairs) == [plain_infix(q, t) for q, t in pairs]

    # AES-128-CTR: the .cu's S-box is FIPS-197's (the GF(2^8) inverse and the affine map; S(00)
    # = 63, S(53) = ed) and Te0 OpenSSL's (c66363a5 first, 2c16163a last); the key schedule
    # of FIPS-197 A.1 ends a0fafe17 .. b6630ca6; FIPS-197 C.1's block (key 00 .. 0f, plaintext
    # 00112233 .. ff) is the keystream of the counter equal to it; SP 800-38A F.5.1's four
    # CTR-AES128 blocks; the counter carries across all 128 bits (ff .. ff + 1 = 0, and from
    # the low 64 bits into the high ones); encrypting twice decrypts
    sbox = references.aes_sbox()
    source = SPECS["aes128_ctr"].source.read_text()
    literal = source[source.index("aes_sbox[256] = {"):].split("};")[0]
    assert [int(v, 16) for v in re.findall(r"0x([0-9a-f]{2})", literal)] == sbox
    assert (sbox[0x00], sbox[0x53], sorted(sbox)) == (0x63, 0xED, list(range(256)))
    te0 = references.aes_te0()
    assert (int(te0[0]), int(te0[255])) == (0xC66363A5, 0x2C16163A)
    schedule = references.aes_expand_key(bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c"))
    assert (schedule[4], schedule[43]) == (0xA0FAFE17, 0xB6630CA6)

    def ctr(key, iv, data):
        data = bytes.fromhex(data)
        words = np.frombuffer(data, "<u4").reshape(-1, 4)
        got = references.aes128_ctr({
            "rk": np.array(references.aes_expand_key(bytes.fromhex(key)), np.uint32),
            "iv_words": np.frombuffer(bytes.fromhex(iv), "<u4").copy(), "plain_words": words,
            "cipher_words": np.zeros_like(words), "n": len(words)})["cipher_words"]
        return got.astype("<u4").tobytes().hex()

    key = "000102030405060708090a0b0c0d0e0f"
    assert ctr(key, "00112233445566778899aabbccddeeff", "00" * 16) == (
        "69c4e0d86a7b0430d8cdb78070b4c55a")
    plain = ("6bc1bee22e409f96e93d7e117393172aae2d8a571e03ac9c9eb76fac45af8e51"
             "30c81c46a35ce411e5fbc1191a0a52eff69f2445df4f9b17ad2b417be66c3710")
    cipher = ("874d6191b620e3261bef6864990db6ce9806f66b7970fdff8617187bb9fffdff"
              "5ae4df3edbd5d35e5b4f09020db03eab1e031dda2fbe03d1792170a0f3009cee")
    sp_key, sp_iv = "2b7e151628aed2a6abf7158809cf4f3c", "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff"
    assert ctr(sp_key, sp_iv, plain) == cipher and ctr(sp_key, sp_iv, cipher) == plain
    zeros = "00" * 32
    assert ctr(key, "ff" * 16, zeros)[32:] == ctr(key, "00" * 16, zeros)[:32]
    assert ctr(key, "00" * 7 + "05" + "ff" * 8, zeros)[32:] == ctr(
        key, "00" * 7 + "06" + "00" * 8, zeros)[:32]
    data = rng.integers(0, 256, size=16 * 9, dtype=np.uint8).tobytes().hex()
    iv = rng.integers(0, 256, size=16, dtype=np.uint8).tobytes().hex()
    assert ctr(key, iv, ctr(key, iv, data)) == data and ctr(key, iv, data) != data


def test_blind25_references_on_hand_checked_inputs():
    import bisect
    import hashlib
    import itertools
    import math

    rng = np.random.default_rng(25)

    # PyTorch's bicubic: Keys' weights (A = -0.75) sum to 1, are (0, 1, 0, 0) at t = 0 and
    # (-0.09375, 0.59375, 0.59375, -0.09375) at t = 0.5; the same size without
    # align_corners copies the image; a constant image stays constant; the 2x case's source
    # x' / 2 - 0.25 has the fractions 0.75 and 0.25, its taps clamped at the left edge; then
    # random planes, up and down, align_corners either way, against a plain loop of
    # upsample_bicubic2d_out_frame
    for t in np.linspace(0, 1, 9):
        assert math.isclose(sum(float(w) for w in references.cubic_weights(t)), 1.0)
    assert [float(w) for w in references.cubic_weights(0.0)] == [0, 1, 0, 0]
    assert [float(w) for w in references.cubic_weights(0.5)] == [-0.09375, 0.59375, 0.59375,
                                                                  -0.09375]
    taps, weights = references.bicubic_taps(4, 8, False)
    assert taps[1].tolist() == [0, 0, 0, 1, 1, 2, 2, 3]
    assert taps[0].tolist() == [0, 0, 0, 0, 0, 1, 1, 2]  # clamped at the left edge
    assert weights[1][1] == references.cubic_weights(0.25)[1]

    def resize(img, out_h, out_w, align):
        img = np.asarray(img, np.float32)
        p, h, w = img.shape
        return references.upsample_bicubic2d({
            "idata": img, "odata": np.full((p, out_h, out_w), np.nan, np.float32),
            "planes": p, "in_h": h, "in_w": w, "out_h": out_h, "out_w": out_w,
            "align_corners": int(align)})["odata"].astype(np.float64)

    img = rng.integers(0, 256, size=(2, 5, 7))
    assert np.array_equal(resize(img, 5, 7, False), img)
    assert np.allclose(resize(np.full((1, 4, 6), 9), 11, 5, True), 9, rtol=0, atol=1e-9)

    def plain_bicubic(img, out_h, out_w, align):
        p, h, w = img.shape

        def source(scale, i):
            return scale * i if align else scale * (i + 0.5) - 0.5

        sh = ((h - 1) / (out_h - 1) if out_h > 1 else 0) if align else h / out_h
        sw = ((w - 1) / (out_w - 1) if out_w > 1 else 0) if align else w / out_w
        out = np.zeros((p, out_h, out_w))
        for c, y, x in itertools.product(range(p), range(out_h), range(out_w)):
            ry, rx = source(sh, y), source(sw, x)
            iy, ix = math.floor(ry), math.floor(rx)
            wy, wx = references.cubic_weights(ry - iy), references.cubic_weights(rx - ix)
            total = 0.0
            for a, b in itertools.product(range(4), range(4)):
                yy = min(max(iy - 1 + a, 0), h - 1)
                xx = min(max(ix - 1 + b, 0), w - 1)
                total += wy[a] * wx[b] * img[c, yy, xx]
            out[c, y, x] = total
        return out

    for h, w, oh, ow, align in ((5, 6, 10, 12, False), (7, 5, 3, 11, True), (6, 9, 13, 4, False),
                                (4, 4, 1, 7, True)):
        img = rng.integers(0, 256, size=(2, h, w))
        assert np.allclose(resize(img, oh, ow, align), plain_bicubic(img, oh, ow, align),
                           rtol=1e-6, atol=1e-4)  # float32 out

    # FDK backprojection: a constant detector of value c gives c sum_p (dso / (dso - s_p))^2
    # wherever every ray lands on the detector, and exactly nproj c at the centre voxel (s = 0
    # for every angle); a zero detector gives zero; a voxel whose ray misses the detector gets
    # zero (one projection, the row of voxels across it); the detector sampled at a pixel
    # centre returns that pixel (the centre voxel, one hot pixel at the detector's centre:
    # weight 1 for every projection); then random projections against a plain loop
    def backproject(proj, nx, ny, nz, dso, dsd):
        proj = np.asarray(proj, np.float32)
        nproj, dv, du = proj.shape
        return references.fdk_backproject({
            "proj": proj, "vol": np.full((nz, ny, nx), np.nan, np.float32), "nx": nx,
            "ny": ny, "nz": nz, "nproj": nproj, "du": du, "dv": dv, "dso": dso,
            "dsd": dsd})["vol"].astype(np.float64)

    vol = backproject(np.full((8, 41, 41), 3), 5, 5, 5, 50.0, 75.0)
    assert math.isclose(vol[2, 2, 2], 24, rel_tol=1e-6)
    x, y = 4 - 2, 1 - 2
    want = 3 * sum((50 / (50 - (x * math.cos(b) + y * math.sin(b)))) ** 2
                   for b in 2 * np.pi * np.arange(8) / 8)
    assert math.isclose(vol[0, 1, 4], want, rel_tol=1e-6)
    assert not backproject(np.zeros((4, 9, 9)), 3, 3, 3, 20.0, 30.0).any()
    far = backproject(np.full((1, 3, 3), 5), 1, 41, 1, 100.0, 150.0)[0, :, 0]  # beta = 0: u ~ y
    assert far[20] == 5 and far[0] == 0 and far[-1] == 0  # the ends project past the detector
    hot = np.zeros((6, 9, 9))
    hot[:, 4, 4] = 7
    assert math.isclose(backproject(hot, 3, 3, 3, 20.0, 30.0)[1, 1, 1], 42, rel_tol=1e-6)

    def plain_fdk(proj, nx, ny, nz, dso, dsd):
        nproj, dv, du = proj.shape
        out = np.zeros((nz, ny, nx))
        for z, yy, xx in itertools.product(range(nz), range(ny), range(nx)):
            vx, vy, vz = xx - (nx - 1) / 2, yy - (ny - 1) / 2, z - (nz - 1) / 2
            for p in range(nproj):
                beta = 2 * math.pi * p / nproj
                s = vx * math.cos(beta) + vy * math.sin(beta)
                t = vy * math.cos(beta) - vx * math.sin(beta)
                u = t * dsd / (dso - s) + (du - 1) / 2
                v = vz * dsd / (dso - s) + (dv - 1) / 2
                u0, v0 = math.floor(u), math.floor(v)
                sample = 0.0
                for a, b in itertools.product((0, 1), (0, 1)):
                    if 0 <= v0 + a < dv and 0 <= u0 + b < du:
                        sample += ((v - v0) if a else 1 - (v - v0)) * (
                            (u - u0) if b else 1 - (u - u0)) * proj[p, v0 + a, u0 + b]
                out[z, yy, xx] += (dso / (dso - s)) ** 2 * sample
        return out

    for shape, det, dso, dsd in (((4, 5, 6), (5, 7, 9), 12.0, 20.0), ((3, 3, 7), (3, 4, 5),
                                                                        9.0, 9.0)):
        proj = rng.integers(0, 64, size=det)
        nz, ny, nx = shape
        assert np.allclose(backproject(proj, nx, ny, nz, dso, dsd),
                           plain_fdk(proj, nx, ny, nz, dso, dsd), rtol=1e-6, atol=1e-4)

    # NATTEN: the window starts and bias offsets for length 9 and a 5 x 5 kernel (starts 0 0 0
    # 1 2 3 4 4 4: the window shifted inwards at both borders; pb 4 3 2 2 2 2 2 1 0), the bias
    # always at the relative offset (ni - i) + K - 1; one-hot queries and keys giving the
    # bias alone; then random tensors against a plain loop over pixels and neighbours
    start, pb = references.natten_window(np.arange(9), 9, 5)
    assert start.tolist() == [0, 0, 0, 1, 2, 3, 4, 4, 4]
    assert pb.tolist() == [4, 3, 2, 2, 2, 2, 2, 1, 0]
    for length, kernel in ((9, 5), (7, 7), (13, 3), (20, 7)):
        start, pb = references.natten_window(np.arange(length), length, kernel)
        for i, k in itertools.product(range(length), range(kernel)):
            assert 0 <= start[i] + k < length and pb[i] + k == start[i] + k - i + kernel - 1
        assert (start <= np.arange(length)).all() and (start + kernel > np.arange(length)).all()

    def logits(q, k, rpb, kernel):
        q, k = np.asarray(q, np.float32), np.asarray(k, np.float32)
        b, heads, h, w, d = q.shape
        return references.natten_qk_rpb({
            "query": q, "key": k, "rpb": np.asarray(rpb, np.float32),
            "attn": np.full((b, heads, h, w, kernel * kernel), np.nan, np.float32),
            "rows": b * heads * h, "heads": heads, "height": h, "width": w, "dim": d,
            "kernel_size": kernel})["attn"]

    rpb = rng.integers(-8, 8, size=(2, 5, 5))
    zero = logits(np.zeros((1, 2, 6, 7, 4)), np.zeros((1, 2, 6, 7, 4)), rpb, 3)
    assert zero[0, 1, 0, 0].tolist() == rpb[1, 2:5, 2:5].reshape(-1).tolist()  # corner pixel
    assert zero[0, 0, 3, 3].tolist() == rpb[0, 1:4, 1:4].reshape(-1).tolist()  # interior

    def plain_natten(q, k, rpb, kernel):
        b, heads, h, w, d = q.shape
        ns = kernel // 2
        out = np.zeros((b, heads, h, w, kernel * kernel))
        for n, hd, i, j in itertools.product(range(b), range(heads), range(h), range(w)):
            i0 = min(max(i - ns, 0), h - kernel)
            j0 = min(max(j - ns, 0), w - kernel)
            for ki, kj in itertools.product(range(kernel), range(kernel)):
                ni, nj = i0 + ki, j0 + kj
                out[n, hd, i, j, ki * kernel + kj] = float(
                    np.dot(q[n, hd, i, j], k[n, hd, ni, nj])) + rpb[hd, ni - i + kernel - 1,
                                                                    nj - j + kernel - 1]
        return out

    for shape, kernel in (((2, 3, 6, 7, 5), 5), ((1, 2, 3, 9, 2), 3), ((1, 1, 7, 7, 3), 7)):
        q = rng.integers(-8, 8, size=shape)
        k = rng.integers(-8, 8, size=shape)
        rpb = rng.integers(-8, 8, size=(shape[1], 2 * kernel - 1, 2 * kernel - 1))
        assert np.array_equal(logits(q, k, rpb, kernel), plain_natten(q, k, rpb, kernel))

    # SHA3-256: the round constants are the LFSR's of FIPS 202 (rc(t) = x^t mod x^8 + x^6 +
    # x^5 + x^4 + 1, bit 2^j - 1 of round i from rc(j + 7 i)); the rotations (t + 1)(t + 2) / 2
    # and pi's lane cycle; the empty message and "abc" (FIPS 202's examples: a7ffc6f8..,
    # 3a985da7..); then random messages of every length 0 .. 135 against hashlib
    def rc_bit(t):
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1

    lfsr = [sum(rc_bit(j + 7 * i) << (2**j - 1) for j in range(7)) for i in range(24)]
    assert lfsr == references.KECCAK_RC
    x, y = 1, 0
    for t in range(24):
        assert references.KECCAK_ROTC[t] == (t + 1) * (t + 2) // 2 % 64
        x, y = y, (2 * x + 3 * y) % 5
        assert references.KECCAK_PILN[t] == x + 5 * y

    def sha3(messages, per):
        words = np.zeros((len(messages), per), np.uint32)
        length = len(messages[0])
        for row, msg in zip(words, messages, strict=True):
            row.view(np.uint8)[:length] = np.frombuffer(msg, np.uint8)
        got = references.sha3_256({
            "msg_words": words, "digest_words": np.zeros((len(messages), 8), np.uint32),
            "n": len(messages), "msg_words_per": per, "msg_bytes": length})["digest_words"]
        return [r.astype("<u4").tobytes().hex() for r in got]

    assert sha3([b""], 1) == [
        "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"]
    assert sha3([b"abc"], 1) == [
        "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"]
    for length in range(136):
        messages = [rng.integers(0, 256, size=length, dtype=np.uint8).tobytes()
                    for _ in range(3)]
        assert sha3(messages, -(-length // 4) + 1) == [hashlib.sha3_256(m).hexdigest()
                                                       for m in messages]

    # searchsorted: [1, 3, 3, 5] locates 0, 3, 4, 6 at 0, 1, 3, 4 (left) and 0, 3, 3, 4
    # (right); rows of boundaries searched separately, positions relative to the row (2 and 9
    # at 1 and 2 in [1, 3], at 0 and 1 in [8, 10]); then
    # random sorted arrays with repeats against bisect
    def search(values, boundaries, right, rows=None):
        values = np.asarray(values, np.int64)
        boundaries = np.asarray(boundaries, np.int64)
        one_d = rows is None
        rows = rows or 1
        return references.searchsorted({
            "data_out": np.full(len(values), -7, np.int64), "data_in": values,
            "data_bd": boundaries, "idim_in": len(values) // rows,
            "idim_bd": len(boundaries) // rows, "numel_in": len(values), "right": right,
            "is_1d_boundaries": int(one_d)})["data_out"].tolist()

    assert search([0, 3, 4, 6], [1, 3, 3, 5], 0) == [0, 1, 3, 4]
    assert search([0, 3, 4, 6], [1, 3, 3, 5], 1) == [0, 3, 3, 4]
    assert search([2, 9, 2, 9], [1, 3, 8, 10], 0, rows=2) == [1, 2, 0, 1]
    for right in (0, 1):
        bd = np.sort(rng.integers(0, 50, size=40))
        vals = rng.integers(-2, 53, size=300)
        find = bisect.bisect_right if right else bisect.bisect_left
        assert search(vals, bd, right) == [find(bd.tolist(), int(v)) for v in vals]
        bd = np.concatenate([np.sort(rng.integers(0, 30, size=12)) for _ in range(5)])
        vals = rng.integers(-2, 33, size=5 * 11)
        want = [find(bd[r * 12:(r + 1) * 12].tolist(), int(v))
                for r in range(5) for v in vals[r * 11:(r + 1) * 11]]
        assert search(vals, bd, right, rows=5) == want

    # Chamfer's nearest neighbour: a hand case (the query (1, 1, 1) nearest to (1, 2, 1) at
    # 1, index 1; (5, 5, 5) to (4, 4, 4) at 3, index 2); equal distances keep the first index;
    # a point of cloud 1 copied into cloud 2 is found at 0; then random clouds with many ties
    # against a plain loop
    def nearest(a, b):
        a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
        got = references.chamfer_nn({
            "xyz1": a, "xyz2": b, "dist": np.full(a.shape[:2], -1, np.float32),
            "idx": np.full(a.shape[:2], -1, np.int32), "b": a.shape[0], "n": a.shape[1],
            "m": b.shape[1]})
        return got["dist"].tolist(), got["idx"].tolist()

    assert nearest([[[1, 1, 1], [5, 5, 5]]], [[[9, 9, 9], [1, 2, 1], [4, 4, 4]]]) == (
        [[1, 3]], [[1, 2]])
    assert nearest([[[0, 0, 0]]], [[[1, 0, 0], [0, 1, 0], [0, 0, 1]]]) == ([[1]], [[0]])
    for b, n, m, c in ((2, 30, 41, 4), (3, 7, 2000, 16), (1, 1500, 3, 512)):
        a = rng.integers(0, c, size=(b, n, 3))
        p = rng.integers(0, c, size=(b, m, 3))
        p[0, m // 2] = a[0, 0]
        dist, idx = nearest(a, p)
        assert dist[0][0] == 0
        for i, j in itertools.product(range(b), range(n)):
            d = ((p[i] - a[i, j]) ** 2).sum(axis=1)
            assert (dist[i][j], idx[i][j]) == (d.min(), int(np.flatnonzero(d == d.min())[0]))


def test_blind26_references_on_hand_checked_inputs():
    import itertools
    from fractions import Fraction

    rng = np.random.default_rng(26)

    # HS derivatives: the texture's mirror at texel centres repeats the edge (1 0 | 0 1 2 3 4
    # | 4 3); a constant pair of frames has no spatial derivative and Iz = tgt - src; a ramp
    # along x has Ix = 1 inside and 7 / 12 at column 0 (taps 1, 0, 1, 2), Iy = 0; then random
    # frames against a plain float32 loop in the kernel's order
    assert references.hs_mirror(np.arange(-2, 7), 5).tolist() == [1, 0, 0, 1, 2, 3, 4, 4, 3]

    def derivatives(src, tgt):
        src, tgt = np.asarray(src, np.float32), np.asarray(tgt, np.float32)
        h, w = src.shape
        got = references.hs_derivatives({
            "src": src, "tgt": tgt, "width": w, "height": h, "stride": w,
            **{k: np.full((h, w), np.nan, np.float32) for k in ("Ix", "Iy", "Iz")}})
        return got["Ix"], got["Iy"], got["Iz"]

    ix, iy, iz = derivatives(np.full((4, 6), 7), np.full((4, 6), 10))
    assert not ix.any() and not iy.any() and (iz == 3).all()
    ramp = np.tile(np.arange(8), (5, 1))
    ix, iy, iz = derivatives(ramp, ramp)
    assert (ix[:, 2:6] == 1).all() and ix[0, 0] == np.float32(7) / np.float32(12)
    assert not iy.any() and not iz.any()

    def plain_derivatives(src, tgt):
        h, w = src.shape
        f32 = np.float32
        out = np.zeros((3, h, w), np.float32)

        def mirror(i, n):
            return -i - 1 if i < 0 else (2 * n - 1 - i if i >= n else i)

        for y, x in itertools.product(range(h), range(w)):
            for axis in (0, 1):
                ts = []
                for img in (src, tgt):
                    def tap(d, img=img, axis=axis, y=y, x=x):
                        if axis == 0:
                            return f32(img[y, mirror(x + d, w)])
                        return f32(img[mirror(y + d, h), x])
                    t = tap(-2) - tap(-1) * f32(8)
                    t = t + tap(1) * f32(8)
                    ts.append((t - tap(2)) / f32(12))
                out[axis, y, x] = (ts[0] + ts[1]) * f32(0.5)
            out[2, y, x] = f32(tgt[y, x]) - f32(src[y, x])
        return out

    for h, w in ((5, 9), (2, 3), (7, 2)):
        src = rng.integers(0, 256, size=(h, w))
        tgt = rng.integers(0, 256, size=(h, w))
        assert np.array_equal(np.stack(derivatives(src, tgt)), plain_derivatives(src, tgt))

    # HS Jacobi: without derivatives and Iz the step is the four-neighbour mean (a constant
    # flow kept, an impulse of 4 spreading as 1 to its four neighbours; the edges clamped, so
    # a corner impulse of 4 keeps 2 (its own value read as two missing neighbours) and gives
    # 1 to each neighbour); Ix = 1, Iy = Iz = 0 scaling du by alpha / (1 + alpha); then
    # random fields against a plain loop
    def jacobi(du, dv, ix, iy, iz, alpha):
        du = np.asarray(du, np.float32)
        h, w = du.shape
        got = references.hs_jacobi({
            "du0": du, "dv0": np.asarray(dv, np.float32), "Ix": np.asarray(ix, np.float32),
            "Iy": np.asarray(iy, np.float32), "Iz": np.asarray(iz, np.float32),
            "du1": np.full((h, w), np.nan, np.float32),
            "dv1": np.full((h, w), np.nan, np.float32), "w": w, "h": h, "s": w,
            "alpha": alpha})
        return got["du1"].astype(np.float64), got["dv1"].astype(np.float64)

    zero = np.zeros((5, 6))
    du, dv = jacobi(np.full((5, 6), 3), np.full((5, 6), -2), zero, zero, zero, 0.5)
    assert (du == 3).all() and (dv == -2).all()
    impulse = zero.copy()
    impulse[2, 3] = 4
    du, _ = jacobi(impulse, zero, zero, zero, zero, 0.5)
    assert du[1, 3] == du[3, 3] == du[2, 2] == du[2, 4] == 1 and du.sum() == 4
    corner = zero.copy()
    corner[0, 0] = 4
    du, _ = jacobi(corner, zero, zero, zero, zero, 0.5)
    assert du[0, 0] == 2 and du[0, 1] == du[1, 0] == 1 and du.sum() == 4  # clamped twice
    du, dv = jacobi(np.full((3, 4), 3), np.full((3, 4), 5), np.ones((3, 4)), np.zeros((3, 4)),
                    np.zeros((3, 4)), 0.5)
    assert np.allclose(du, 1.0) and np.allclose(dv, 5.0)

    def plain_jacobi(du, dv, ix, iy, iz, alpha):
        h, w = du.shape
        out = np.zeros((2, h, w))
        for y, x in itertools.product(range(h), range(w)):
            def mean(f, y=y, x=x):
                return (f[y, max(x - 1, 0)] + f[y, min(x + 1, w - 1)] + f[max(y - 1, 0), x]
                        + f[min(y + 1, h - 1), x]) / 4
            su, sv = mean(du), mean(dv)
            frac = (ix[y, x] * su + iy[y, x] * sv + iz[y, x]) / (
                ix[y, x] ** 2 + iy[y, x] ** 2 + alpha)
            out[:, y, x] = su - ix[y, x] * frac, sv - iy[y, x] * frac
        return out

    for h, w in ((6, 7), (1, 5), (4, 1)):
        args = [rng.integers(-8, 8, size=(h, w)) for _ in range(2)]
        args += [rng.integers(-64, 64, size=(h, w)) for _ in range(3)]
        assert np.allclose(np.stack(jacobi(*args, 0.5)), plain_jacobi(*args, 0.5),
                           rtol=1e-6, atol=1e-5)

    # Rodinia's Fan2: pivot 0 of a 3 x 3 system with Fan1's multipliers (2 and 4) clearing
    # column 0 and updating b; at pivot 1 rows 0 .. 1 and column 0 untouched; Fan1 + Fan2 for
    # every pivot then back substitution solving the system; random data against a loop
    def fan2(m, a, b, t):
        m, a, b = (np.asarray(x, np.float32) for x in (m, a, b))
        size = len(b)
        got = references.gauss_fan2({"m_cuda": m, "a_cuda": a, "b_cuda": b, "Size": size,
                                     "j1": size - t, "t": t})
        return got["a_cuda"], got["b_cuda"]

    a = np.array([[2, 1, 1], [4, 3, 3], [8, 7, 9]])
    m = np.zeros((3, 3))
    m[1:, 0] = [2, 4]
    a1, b1 = fan2(m, a, [1, 2, 3], 0)
    assert a1.tolist() == [[2, 1, 1], [0, 1, 1], [0, 3, 5]] and b1.tolist() == [1, 0, -1]
    m[2, 1] = 3
    a2, b2 = fan2(m, a1, b1, 1)
    assert a2.tolist() == [[2, 1, 1], [0, 1, 1], [0, 0, 2]] and b2.tolist() == [1, 0, -1]
    a = rng.integers(-8, 8, size=(6, 6)) + 40 * np.eye(6)  # diagonally dominant
    b = rng.integers(-8, 8, size=6)
    want = np.linalg.solve(a, b)
    a, b = a.astype(np.float32), b.astype(np.float32)
    m = np.zeros((6, 6), np.float32)
    for t in range(5):
        m[t + 1:, t] = a[t + 1:, t] / a[t, t]  # Fan1
        a, b = fan2(m, a, b, t)
    assert np.allclose(np.triu(a), a, atol=1e-4)
    x = np.zeros(6)
    for i in range(5, -1, -1):
        x[i] = (b[i] - a[i, i + 1:] @ x[i + 1:]) / a[i, i]
    assert np.allclose(x, want, rtol=1e-4, atol=1e-5)
    for size, t in ((9, 0), (9, 4), (7, 6)):
        m = rng.integers(-4, 4, size=(size, size))
        a = rng.integers(-8, 8, size=(size, size))
        b = rng.integers(-8, 8, size=size)
        want_a, want_b = a.copy(), b.copy()
        for i, j in itertools.product(range(t + 1, size), range(t, size)):
            want_a[i, j] -= m[i, t] * a[t, j]
        for i in range(t + 1, size):
            want_b[i] -= m[i, t] * b[t]
        got_a, got_b = fan2(m, a, b, t)
        assert np.array_equal(got_a, want_a) and np.array_equal(got_b, want_b)

    # CLAHE's mapping: identity LUTs keep the image; a constant LUT per tile gives the tile's
    # constant at its centre and in the image's corners, the mean of two tiles midway between
    # their centres (rounded half to even: 1.5 -> 2, 2.5 -> 2); then random images and LUTs
    # against a plain loop in exact fractions
    def clahe(img, luts, tw, th):
        img = np.asarray(img, np.uint8)
        rows, cols = img.shape
        tiles_y, tiles_x = -(-rows // th), -(-cols // tw)
        luts = np.asarray(luts, np.uint8).reshape(tiles_y * tiles_x, 256)
        pad = lambda b: np.concatenate([b.reshape(-1), np.zeros(-b.size % 4, np.uint8)])  # noqa: E731
        got = references.clahe_apply({
            "src_words": pad(img).view("<u4"), "lut_words": pad(luts).view("<u4"),
            "dst_words": np.zeros(-(-rows * cols // 4), np.uint32), "rows": rows, "cols": cols,
            "tile_w": tw, "tile_h": th, "tiles_x": tiles_x, "tiles_y": tiles_y})["dst_words"]
        return got.view(np.uint8)[: rows * cols].reshape(rows, cols)

    img = rng.integers(0, 256, size=(8, 12))
    assert np.array_equal(clahe(img, np.tile(np.arange(256), (6, 1)), 4, 4), img)
    flat = np.repeat(np.array([1, 2, 3, 10, 20, 30])[:, None], 256, axis=1)  # 2 x 3 tiles
    got = clahe(img, flat, 4, 4)
    assert got[2, 2] == 1 and got[2, 6] == 2 and got[6, 10] == 30  # tile centres (y = 2, 6)
    assert got[0, 0] == 1 and got[7, 11] == 30 and got[0, 11] == 3  # corners: one tile
    assert got[2, 4] == 2 and got[2, 8] == 2  # midway: 1.5 -> 2, 2.5 -> 2

    def plain_clahe(img, luts, tw, th):
        rows, cols = img.shape
        tiles_y, tiles_x = -(-rows // th), -(-cols // tw)
        out = np.zeros_like(img)
        for y, x in itertools.product(range(rows), range(cols)):
            fy, fx = Fraction(y, th) - Fraction(1, 2), Fraction(x, tw) - Fraction(1, 2)
            y1, x1 = int(np.floor(fy)), int(np.floor(fx))
            ya, xa = fy - y1, fx - x1
            y1, y2 = max(y1, 0), min(y1 + 1, tiles_y - 1)
            x1, x2 = max(x1, 0), min(x1 + 1, tiles_x - 1)
            v = img[y, x]
            res = (luts[y1 * tiles_x + x1][v] * (1 - xa) * (1 - ya)
                   + luts[y1 * tiles_x + x2][v] * xa * (1 - ya)
                   + luts[y2 * tiles_x + x1][v] * (1 - xa) * ya
                   + luts[y2 * tiles_x + x2][v] * xa * ya)
            out[y, x] = min(max(round(res), 0), 255)  # Fraction's round: half to even
        return out

    for rows, cols, tw, th in ((13, 37, 8, 4), (9, 5, 2, 16), (20, 20, 64, 1)):
        img = rng.integers(0, 256, size=(rows, cols))
        luts = rng.integers(0, 256, size=(-(-rows // th) * -(-cols // tw), 256))
        assert np.array_equal(clahe(img, luts, tw, th), plain_clahe(img, luts, tw, th))

    # adaptive average pooling: PyTorch's windows for 17 -> 5 (0 3 6 10 13 .. 4 7 11 14 17,
    # overlapping) and 3 -> 5 (windows of one or two pixels), the same size copying the
    # input, a 1 x 1 output the mean, a dividing size the block means; then random planes,
    # contiguous and strided (channels last), against a plain loop
    assert [x.tolist() for x in references.adaptive_pool_bounds(5, 17)] == [
        [0, 3, 6, 10, 13], [4, 7, 11, 14, 17]]
    assert [x.tolist() for x in references.adaptive_pool_bounds(5, 3)] == [
        [0, 0, 1, 1, 2], [1, 2, 2, 3, 3]]

    def pool(x, oh, ow, channels_last=False):
        x = np.asarray(x, np.float32)
        c, ih, iw = x.shape
        strides = (ih * iw, iw, 1)
        if channels_last:
            x = np.ascontiguousarray(x.transpose(1, 2, 0))
            strides = (1, iw * c, c)
        return references.adaptive_avgpool2d({
            "input": x, "output": np.full((c, oh, ow), np.nan, np.float32), "planes": c,
            "isizeH": ih, "isizeW": iw, "osizeH": oh, "osizeW": ow, "istrideD": strides[0],
            "istrideH": strides[1], "istrideW": strides[2]})["output"]

    x = rng.integers(0, 256, size=(3, 8, 12))
    assert np.array_equal(pool(x, 8, 12), x)
    assert np.allclose(pool(x, 1, 1)[:, 0, 0], x.mean(axis=(1, 2)), rtol=1e-6)
    assert np.allclose(pool(x, 2, 3), x.reshape(3, 2, 4, 3, 4).mean(axis=(2, 4)), rtol=1e-6)

    def plain_pool(x, oh, ow):
        c, ih, iw = x.shape
        out = np.zeros((c, oh, ow), np.float32)
        for p, i, j in itertools.product(range(c), range(oh), range(ow)):
            h0, h1 = i * ih // oh, -(-(i + 1) * ih // oh)
            w0, w1 = j * iw // ow, -(-(j + 1) * iw // ow)
            out[p, i, j] = np.float32(x[p, h0:h1, w0:w1].sum()) / np.float32(
                (h1 - h0) * (w1 - w0))
        return out

    for shape, oh, ow in (((2, 17, 6), 5, 9), ((3, 11, 13), 4, 4), ((1, 5, 3), 7, 2)):
        x = rng.integers(0, 256, size=shape)
        want = plain_pool(x, oh, ow)
        assert np.array_equal(pool(x, oh, ow), want)
        assert np.array_equal(pool(x, oh, ow, channels_last=True), want)

    # Rodinia's cfd time step: stage j divides the step factor by 4 - j (1 + 4 / 3 * 2 =
    # 11 / 3 at j = 1; j = 2 halves it); then random planes against a loop
    def step(old, sf, flux, j):
        old, flux = np.asarray(old, np.float32), np.asarray(flux, np.float32)
        n = old.shape[1]
        return references.cfd_time_step({
            "j": j, "nelr": n, "old_variables": old, "fluxes": flux,
            "step_factors": np.asarray(sf, np.float32),
            "variables": np.full((5, n), np.nan, np.float32)})["variables"]

    got = step(np.ones((5, 1)), [4], np.full((5, 1), 2), 1)
    assert np.allclose(got, 11 / 3, rtol=1e-7)
    assert (step(np.ones((5, 1)), [4], np.full((5, 1), 2), 2) == 5).all()
    old = rng.integers(-64, 64, size=(5, 37))
    flux = rng.integers(-64, 64, size=(5, 37))
    sf = rng.integers(1, 64, size=37)
    for j in range(3):
        want = [[old[v, i] + sf[i] / (4 - j) * flux[v, i] for i in range(37)] for v in range(5)]
        assert np.allclose(step(old, sf, flux, j), want, rtol=1e-6, atol=1e-5)


def test_blind27_references_on_hand_checked_inputs():
    import itertools

    rng = np.random.default_rng(27)

    # OpenCV's remap (LinearFilter, BrdConstant): the identity map copies the source, half a
    # pixel along x averages two neighbours, a map off the source reads the border value, a
    # quarter pixel before the first column blends 1/4 border with 3/4 pixel; then random
    # maps in eighths of a pixel against a plain loop of LinearFilter (exact: dyadic weights)
    def remap(src, xmap, ymap, border):
        src = np.asarray(src, np.float32)
        xmap, ymap = np.asarray(xmap, np.float32), np.asarray(ymap, np.float32)
        (sr, sc), (dr, dc) = src.shape, xmap.shape
        return references.remap_bilinear({
            "src": src, "xmap": xmap, "ymap": ymap, "dst": np.full((dr, dc), np.nan, np.float32),
            "src_rows": sr, "src_cols": sc, "dst_rows": dr, "dst_cols": dc,
            "border_value": border})["dst"]

    src = rng.integers(0, 256, size=(5, 7))
    ys, xs = np.mgrid[0:5, 0:7]
    assert np.array_equal(remap(src, xs, ys, 9), src)
    got = remap(src, xs[:, :6] + 0.5, ys[:, :6], 9)
    assert np.array_equal(got, (src[:, :6] + src[:, 1:]) / 2)
    assert (remap(src, [[-2.0, 7.0, 3.0]], [[1.0, 1.0, 5.0]], 9) == 9).all()
    assert remap(src, [[-0.25]], [[2.0]], 8)[0, 0] == 0.25 * 8 + 0.75 * src[2, 0]

    def plain_remap(src, xmap, ymap, border):
        sr, sc = src.shape
        out = np.zeros(xmap.shape)
        for y, x in itertools.product(*map(range, xmap.shape)):
            fx, fy = float(xmap[y, x]), float(ymap[y, x])
            x1, y1 = int(np.floor(fx)), int(np.floor(fy))
            for yy, xx, w in ((y1, x1, (x1 + 1 - fx) * (y1 + 1 - fy)),
                              (y1, x1 + 1, (fx - x1) * (y1 + 1 - fy)),
                              (y1 + 1, x1, (x1 + 1 - fx) * (fy - y1)),
                              (y1 + 1, x1 + 1, (fx - x1) * (fy - y1))):
                inside = 0 <= yy < sr and 0 <= xx < sc
                out[y, x] += (src[yy, xx] if inside else border) * w
        return out

    for (sr, sc), (dr, dc) in (((6, 9), (4, 11)), ((1, 3), (5, 2)), ((8, 8), (8, 8))):
        src = rng.integers(0, 256, size=(sr, sc))
        xmap = rng.integers(-16, 8 * sc + 16, size=(dr, dc)) / 8
        ymap = rng.integers(-16, 8 * sr + 16, size=(dr, dc)) / 8
        assert np.array_equal(remap(src, xmap, ymap, 7), plain_remap(src, xmap, ymap, 7))

    # convolutionSeparable's passes: a centred delta filter copies the image, a one-sided delta
    # shifts it (c_Kernel[radius - j] weighs src[. + j], so c_Kernel[0] reads radius ahead)
    # with zeros shifted in, the column pass the row pass of the transpose; then random
    # images and filters against a plain loop
    def sepconv(img, kern, axis):
        img = np.asarray(img, np.float32)
        h, w = img.shape
        r = (len(kern) - 1) // 2
        fn = references.sepconv_cols if axis == 0 else references.sepconv_rows
        return fn({"d_Src": img, "d_Dst": np.full((h, w), np.nan, np.float32),
                   "c_Kernel": np.asarray(kern, np.float32), "imageW": w, "imageH": h,
                   "pitch": w, "radius": r})["d_Dst"]

    img = rng.integers(0, 256, size=(6, 9))
    assert np.array_equal(sepconv(img, [0, 0, 1, 0, 0], 0), img)
    assert np.array_equal(sepconv(img, [0, 0, 1, 0, 0], 1), img)
    shifted = sepconv(img, [1, 0, 0, 0, 0], 1)
    assert np.array_equal(shifted[:, :7], img[:, 2:]) and not shifted[:, 7:].any()
    shifted = sepconv(img, [0, 0, 0, 0, 1], 0)
    assert np.array_equal(shifted[2:], img[:4]) and not shifted[:2].any()
    kern = rng.integers(-8, 8, size=7)
    assert np.array_equal(sepconv(img, kern, 0), sepconv(img.T, kern, 1).T)

    def plain_sepconv(img, kern, axis):
        h, w = img.shape
        r = (len(kern) - 1) // 2
        out = np.zeros((h, w))
        for y, x, j in itertools.product(range(h), range(w), range(-r, r + 1)):
            yy, xx = (y + j, x) if axis == 0 else (y, x + j)
            if 0 <= yy < h and 0 <= xx < w:
                out[y, x] += kern[r - j] * img[yy, xx]
        return out

    for (h, w), r in (((7, 5), 3), ((2, 9), 4), ((11, 1), 8)):
        img = rng.integers(0, 256, size=(h, w))
        kern = rng.integers(-8, 8, size=2 * r + 1)
        for axis in (0, 1):
            assert np.array_equal(sepconv(img, kern, axis), plain_sepconv(img, kern, axis))

    # Rodinia's hotspot3D step: a uniform chip without power gains ct 80 on top of its
    # temperature times the coefficients' sum (every off-chip neighbour the cell itself); one
    # hot cell reaches its six neighbours with the coefficient of the face they see it
    # through (the cell east of it sees it as its W neighbour: cw); then random chips
    # against a plain loop
    co = {"ce": 1 / 16, "cw": 1 / 8, "cn": 3 / 32, "cs": 1 / 32, "ct": 1 / 64, "cb": 3 / 64,
          "cc": 1 / 2, "sdc": 1 / 4}

    def hotspot(t, p):
        t, p = np.asarray(t, np.float32), np.asarray(p, np.float32)
        nz, ny, nx = t.shape
        return references.hotspot3d_opt1({
            "tIn": t, "p": p, "tOut": np.full(t.shape, np.nan, np.float32), "nx": nx, "ny": ny,
            "nz": nz, **co})["tOut"].astype(np.float64)

    total = sum(v for k, v in co.items() if k != "sdc")
    assert np.allclose(hotspot(np.full((3, 4, 5), 64), np.zeros((3, 4, 5))),
                       64 * total + 80 / 64, rtol=0, atol=0)
    hot = np.zeros((3, 4, 5))
    hot[1, 2, 2] = 64
    got = hotspot(hot, np.zeros_like(hot)) - 80 / 64
    assert got[1, 2, 2] == 32 and got[1, 2, 3] == 64 * co["cw"] and got[1, 2, 1] == 64 * co["ce"]
    assert got[1, 3, 2] == 64 * co["cn"] and got[1, 1, 2] == 64 * co["cs"]
    assert got[2, 2, 2] == 64 * co["cb"] and got[0, 2, 2] == 64 * co["ct"]
    assert np.count_nonzero(got) == 7

    def plain_hotspot(t, p):
        nz, ny, nx = t.shape
        out = np.zeros(t.shape)
        for k, j, i in itertools.product(range(nz), range(ny), range(nx)):
            def at(kk, jj, ii, k=k, j=j, i=i):
                ok = 0 <= kk < nz and 0 <= jj < ny and 0 <= ii < nx
                return t[kk, jj, ii] if ok else t[k, j, i]
            out[k, j, i] = (co["cc"] * t[k, j, i] + co["cw"] * at(k, j, i - 1)
                            + co["ce"] * at(k, j, i + 1) + co["cs"] * at(k, j + 1, i)
                            + co["cn"] * at(k, j - 1, i) + co["cb"] * at(k - 1, j, i)
                            + co["ct"] * at(k + 1, j, i) + co["sdc"] * p[k, j, i]
                            + co["ct"] * 80)
        return out

    for shape in ((2, 3, 4), (5, 1, 6), (4, 6, 1)):
        t = rng.integers(0, 512, size=shape)
        p = rng.integers(0, 64, size=shape)
        assert np.array_equal(hotspot(t, p), plain_hotspot(t, p))

    # Rodinia leukocyte's dilation: a 3 x 3 element of ones the 3 x 3 maximum (started at
    # 0, so an all-negative window gives 0), the matrix read column-major and written
    # row-major; an element with only its centre set max(image, 0); an empty element zeros;
    # then random matrices and elements against a plain loop
    def dilate(img, strel):
        img, strel = np.asarray(img, np.float32), np.asarray(strel, np.float32)
        m, n = img.shape
        sm, sn = strel.shape
        return references.leuko_dilate({
            "c_strel": strel, "img": np.ascontiguousarray(img.T),
            "dilated_out": np.full((m, n), np.nan, np.float32), "img_m": m, "img_n": n,
            "strel_m": sm, "strel_n": sn})["dilated_out"]

    img = rng.integers(-64, 64, size=(5, 7))
    padded = np.pad(img, 1, constant_values=-1000)
    want = np.max([padded[a: a + 5, b: b + 7] for a in range(3) for b in range(3)], axis=0)
    assert np.array_equal(dilate(img, np.ones((3, 3))), np.maximum(want, 0))
    centre = np.zeros((3, 5))
    centre[1, 2] = 1
    assert np.array_equal(dilate(img, centre), np.maximum(img, 0))
    assert not dilate(img, np.zeros((3, 3))).any()

    def plain_dilate(img, strel):
        m, n = img.shape
        sm, sn = strel.shape
        out = np.zeros((m, n))
        for i, j, a, b in itertools.product(range(m), range(n), range(sm), range(sn)):
            y, x = i - sm // 2 + a, j - sn // 2 + b
            if 0 <= y < m and 0 <= x < n and strel[a, b] != 0:
                out[i, j] = max(out[i, j], img[y, x])
        return out

    for (m, n), (sm, sn) in (((6, 9), (5, 3)), ((1, 4), (3, 3)), ((8, 2), (4, 6))):
        img = rng.integers(-500, 100, size=(m, n))
        strel = rng.integers(0, 2, size=(sm, sn))
        assert np.array_equal(dilate(img, strel), plain_dilate(img, strel))

    # Pannotia's pagerank1: vertex 0 (rank 4) pushes 2 to each of 1 and 2, vertex 1 (6) all
    # to 2, vertex 2 (8, the last: its list ends at num_edges) all to 0; a vertex without
    # edges pushes nothing; the pushes land on page_rank2's contents; then random graphs
    # against a plain loop
    def push(row, col, pr1, pr2):
        n = len(pr1)
        return references.pagerank_push({
            "row": np.asarray(row, np.int32), "col": np.asarray(col, np.int32),
            "page_rank1": np.asarray(pr1, np.float32), "page_rank2": np.asarray(pr2, np.float32),
            "num_nodes": n, "num_edges": len(col)})["page_rank2"]

    assert push([0, 2, 3, 4], [1, 2, 2, 0], [4, 6, 8], [0, 0, 0]).tolist() == [8, 2, 8]
    assert push([0, 0, 1, 1], [0], [5, 3, 9], [1, 1, 1]).tolist() == [4, 1, 1]

    for n, nnz in ((7, 20), (30, 5), (50, 400)):
        lengths = np.bincount(rng.integers(0, n, size=nnz), minlength=n)
        row = np.concatenate([[0], np.cumsum(lengths)])
        col = rng.integers(0, n, size=nnz)
        pr1 = rng.integers(1, 1024, size=n)
        pr2 = rng.integers(0, 8, size=n)
        want = pr2.astype(np.float64)
        for v in range(n):
            for e in range(row[v], row[v + 1]):
                want[col[e]] += np.float32(pr1[v]) / np.float32(row[v + 1] - row[v])
        assert np.allclose(push(row, col, pr1, pr2), want, rtol=1e-6)


def test_blind28_references_on_hand_checked_inputs():
    import itertools

    rng = np.random.default_rng(28)

    # OpenCV's matchTemplate (CV_TM_SQDIFF): a 3 x 3 image against [[1, 0], [0, 1]] by hand,
    # a template cut from the image scoring 0 where it was cut, a constant image and template
    # (c - t)^2 h w everywhere, a 1 x 1 template the squared difference of every pixel; then
    # random images (rows wider than the image, a padded result) against a plain loop
    def sqdiff(image, templ, rows, cols, image_step=None, result_step=None):
        image, templ = np.asarray(image, np.float32), np.asarray(templ, np.float32)
        h, w = templ.shape
        image_step = image_step or image.shape[1]
        result_step = result_step or cols
        got = references.match_template_sqdiff({
            "w": w, "h": h, "image": image, "image_step": image_step, "templ": templ,
            "templ_step": w, "result": np.full((rows, result_step), np.nan, np.float32),
            "result_rows": rows, "result_cols": cols, "result_step": result_step})["result"]
        assert np.isnan(got[:, cols:]).all()  # a padded result's tail keeps its contents
        return got[:, :cols]

    image = np.arange(1, 10).reshape(3, 3)
    assert sqdiff(image, [[1, 0], [0, 1]], 2, 2).tolist() == [[36, 60], [132, 180]]
    image = rng.integers(0, 256, size=(9, 12))
    got = sqdiff(image, image[3:7, 5:10], 6, 8)
    assert got[3, 5] == 0 and (np.delete(got.reshape(-1), 3 * 8 + 5) > 0).all()
    assert (sqdiff(np.full((6, 7), 9), np.full((3, 2), 4), 4, 6) == 25 * 6).all()
    assert np.array_equal(sqdiff(image, [[100]], 9, 12), (image - 100.0) ** 2)

    def plain_sqdiff(image, templ, rows, cols):
        h, w = templ.shape
        out = np.zeros((rows, cols))
        for y, x, i, j in itertools.product(range(rows), range(cols), range(h), range(w)):
            out[y, x] += (float(image[y + i, x + j]) - float(templ[i, j])) ** 2
        return out

    for (h, w), (rows, cols) in (((3, 5), (4, 7)), ((1, 6), (5, 2)), ((4, 1), (1, 9))):
        image = rng.integers(0, 256, size=(rows + h - 1, cols + w + 2))
        templ = rng.integers(0, 256, size=(h, w))
        got = sqdiff(image, templ, rows, cols, image_step=cols + w + 2, result_step=cols + 3)
        assert np.array_equal(got, plain_sqdiff(image, templ, rows, cols))

    # Rodinia srad_v2's srad_cuda_1: a constant image has no derivatives and coefficient
    # (1 + q0sqr) / q0sqr saturated to 1; one bright pixel's derivatives by hand; the row
    # [1, 2, 4] by hand in fractions (q0sqr 1/4: c = 125/137, 27/47 and 35/23 saturated);
    # then random images against a per-pixel loop in the kernel's precisions
    def srad(img, q0=0.25):
        img = np.asarray(img, np.float32)
        rows, cols = img.shape
        blank = {k: np.full((rows, cols), np.nan, np.float32)
                 for k in ("E_C", "W_C", "N_C", "S_C", "C_cuda")}
        return references.srad_coef({**blank, "J_cuda": img, "cols": cols, "rows": rows,
                                     "q0sqr": q0})

    flat = srad(np.full((4, 5), 7))
    assert (flat["C_cuda"] == 1).all()
    assert not any(flat[k].any() for k in ("E_C", "W_C", "N_C", "S_C"))
    spot = np.ones((4, 5))
    spot[1, 2] = 5
    got = srad(spot)
    assert got["N_C"][1, 2] == got["S_C"][1, 2] == got["W_C"][1, 2] == got["E_C"][1, 2] == -4
    assert got["S_C"][0, 2] == got["N_C"][2, 2] == got["E_C"][1, 1] == got["W_C"][1, 3] == 4
    assert np.count_nonzero(got["N_C"]) == np.count_nonzero(got["E_C"]) == 2
    assert got["N_C"][0, 2] == 0  # the row above the image is the pixel itself
    got = srad([[1, 2, 4]])["C_cuda"][0]
    assert np.allclose(got, [125 / 137, 27 / 47, 1], rtol=1e-6, atol=0)
    assert got[2] == 1

    def plain_srad(img, q0):
        rows, cols = img.shape
        f32, q0 = np.float32, np.float32(q0)
        out = {k: np.zeros((rows, cols), np.float32) for k in ("C", "N", "S", "W", "E")}
        for r, c in itertools.product(range(rows), range(cols)):
            jc = f32(img[r, c])
            n = f32(img[max(r - 1, 0), c]) - jc
            s = f32(img[min(r + 1, rows - 1), c]) - jc
            w = f32(img[r, max(c - 1, 0)]) - jc
            e = f32(img[r, min(c + 1, cols - 1)]) - jc
            g2 = (n * n + s * s + w * w + e * e) / (jc * jc)
            lap = (n + s + w + e) / jc
            num = f32(0.5 * float(g2) - (1.0 / 16.0) * float(lap * lap))
            den = f32(1 + 0.25 * float(lap))
            qsqr = num / (den * den)
            den = (qsqr - q0) / (q0 * (f32(1) + q0))
            coef = f32(1.0 / (1.0 + float(den)))
            out["C"][r, c] = 0 if coef < 0 else (1 if coef > 1 else coef)
            out["N"][r, c], out["S"][r, c], out["W"][r, c], out["E"][r, c] = n, s, w, e
        return out

    for shape, q0 in (((5, 7), 0.25), ((1, 9), 0.05), ((8, 1), 1.0), ((6, 6), 0.5)):
        img = rng.integers(1, 256, size=shape)
        got, want = srad(img, q0), plain_srad(img, q0)
        for k in ("C", "N", "S", "W", "E"):
            assert np.array_equal(got[k + "_C" if k != "C" else "C_cuda"], want[k]), k

    # SHOC's Stencil2D: weights summing to 1 keep a constant matrix (halo included); one 16
    # inside spreads 4, 2 and 1 to itself, its cardinal and its diagonal neighbours; a 16 in
    # the halo reaches the edge as a cardinal and diagonal neighbour; the halo and the
    # padding of newData keep their contents and data's padding is never read; then random
    # matrices against a plain loop
    weights = {"wCenter": 0.25, "wCardinal": 0.125, "wDiagonal": 0.0625}

    def stencil(data, rows, cols):
        data = np.asarray(data, np.float32)
        got = references.shoc_stencil2d({
            "data": data, "newData": np.full(data.shape, np.nan, np.float32),
            "gRowWidth": data.shape[1] - 2, "nStripItems": 8, "rows": rows, "cols": cols,
            **weights})["newData"]
        inner = np.zeros(data.shape, bool)
        inner[1: rows + 1, 1: cols + 1] = True
        assert np.isnan(got[~inner]).all()
        return got[1: rows + 1, 1: cols + 1]

    assert (stencil(np.full((6, 9), 40), 4, 5) == 40).all()  # padded rows of 9 for 7
    one = np.zeros((7, 8))
    one[3, 4] = 16
    got = stencil(one, 5, 6)
    assert got[2, 3] == 4 and got[1, 3] == got[3, 3] == got[2, 2] == got[2, 4] == 2
    assert got[1, 2] == got[1, 4] == got[3, 2] == got[3, 4] == 1
    assert np.count_nonzero(got) == 9
    halo = np.zeros((5, 6))
    halo[0, 1] = 16
    halo[:, 5] = np.nan  # the padding column, never read
    got = stencil(halo, 3, 3)
    assert got[0, 0] == 2 and got[0, 1] == 1 and np.count_nonzero(got) == 2

    def plain_stencil(data, rows, cols):
        out = np.zeros((rows, cols))
        for r, c in itertools.product(range(1, rows + 1), range(1, cols + 1)):
            near = data[r - 1: r + 2, c - 1: c + 2].astype(np.float64)
            cardinal = near[0, 1] + near[2, 1] + near[1, 0] + near[1, 2]
            diagonal = near[0, 0] + near[0, 2] + near[2, 0] + near[2, 2]
            out[r - 1, c - 1] = 0.25 * near[1, 1] + 0.125 * cardinal + 0.0625 * diagonal
        return out

    for rows, cols, pad in ((5, 7, 3), (1, 4, 0), (9, 1, 5)):
        data = rng.integers(0, 256, size=(rows + 2, cols + 2 + pad))
        assert np.array_equal(stencil(data, rows, cols), plain_stencil(data, rows, cols))

    # DGL's copy_u / sum SpMM: node 0 sums nodes 1 and 2, node 1 has no in-edges (0), node 2
    # sums node 0 twice and itself (a multi-edge); with out_len below ufeat_len the first
    # features only; then random graphs against a plain loop
    def spmm(indptr, indices, ufeat, out_len=None):
        ufeat = np.asarray(ufeat, np.float32)
        rows, flen = len(indptr) - 1, ufeat.shape[1]
        out_len = out_len or flen
        return references.gspmm_csr_sum({
            "ufeat": ufeat, "out": np.full((rows, out_len), np.nan, np.float32),
            "indptr": np.asarray(indptr, np.int64), "indices": np.asarray(indices, np.int64),
            "num_rows": rows, "num_cols": ufeat.shape[0], "ufeat_len": flen,
            "out_len": out_len})["out"]

    feats = [[1, 2, 3], [10, 20, 30], [100, 200, 300]]
    got = spmm([0, 2, 2, 5], [1, 2, 0, 0, 2], feats)
    assert got.tolist() == [[110, 220, 330], [0, 0, 0], [102, 204, 306]]
    assert spmm([0, 2, 2, 5], [1, 2, 0, 0, 2], feats, out_len=2).tolist() == [
        [110, 220], [0, 0], [102, 204]]

    for nodes, nnz, flen in ((7, 20, 3), (30, 5, 1), (50, 400, 6)):
        lengths = np.bincount(rng.integers(0, nodes, size=nnz), minlength=nodes)
        indptr = np.concatenate([[0], np.cumsum(lengths)])
        indices = rng.integers(0, nodes, size=nnz)
        ufeat = rng.integers(-8, 8, size=(nodes, flen))
        want = np.zeros((nodes, flen))
        for v in range(nodes):
            for i in range(indptr[v], indptr[v + 1]):
                want[v] += ufeat[indices[i]]
        assert np.array_equal(spmm(indptr, indices, ufeat), want)

    # Rodinia leukocyte's GICOV: on a 45 x 45 frame only pixel (22, 22) is scored; with
    # grad_x = the row index x, cos 1 and sin 0 an ellipse of offsets -1, 0, 1 (50 each)
    # samples mean 22 and variance 100 / 149, score 22^2 149 / 100, the largest of the seven
    # (the others wider); sin picks grad_y the same way; a zero mean scores 0; the pixels
    # nearer the edge keep gicov's contents; then random frames against a plain loop
    def gicov(grad_x, grad_y, sin, cos, tx, ty):
        gn, gm = np.shape(grad_x)
        got = references.leuko_gicov({
            "grad_m": gm, "grad_n": gn, "gicov": np.full((gn, gm), np.nan, np.float32),
            "grad_x": np.asarray(grad_x, np.float32), "grad_y": np.asarray(grad_y, np.float32),
            "c_sin_angle": np.asarray(sin, np.float32),
            "c_cos_angle": np.asarray(cos, np.float32),
            "c_tX": np.asarray(tx, np.int32), "c_tY": np.asarray(ty, np.int32)})["gicov"]
        inner = np.zeros((gn, gm), bool)
        inner[22: gn - 22, 22: gm - 22] = True
        assert np.isnan(got[~inner]).all()
        return got

    rows = np.repeat(np.arange(45.0)[:, None], 45, axis=1)
    spread = (np.arange(150) % 3 - 1)[None, :] * np.arange(1, 8)[:, None]  # wider each k
    shifted = rng.permutation(spread.T).T  # the sample order does not matter
    got = gicov(rows, np.zeros((45, 45)), np.zeros(150), np.ones(150), shifted,
                rng.integers(-20, 21, size=(7, 150)))
    assert np.isclose(got[22, 22], 22**2 * 149 / 100, rtol=1e-12)
    got = gicov(np.zeros((45, 45)), rows.T, np.ones(150), np.zeros(150),
                rng.integers(-20, 21, size=(7, 150)), shifted)
    assert np.isclose(got[22, 22], 22**2 * 149 / 100, rtol=1e-12)
    assert gicov(rows - 22, np.zeros((45, 45)), np.zeros(150), np.ones(150), spread,
                 spread)[22, 22] == 0

    def plain_gicov(grad_x, grad_y, sin, cos, tx, ty):
        gn, gm = grad_x.shape
        out = np.zeros((gn, gm))
        for i, j in itertools.product(range(22, gn - 22), range(22, gm - 22)):
            best = 0.0
            for k in range(7):
                total = m2 = mean = 0.0
                for n in range(150):
                    x, y = i + tx[k, n], j + ty[k, n]
                    p = float(grad_x[x, y]) * cos[n] + float(grad_y[x, y]) * sin[n]
                    total += p
                    delta = p - mean
                    mean += delta / (n + 1)
                    m2 += delta * (p - mean)
                mean = total / 150
                if mean * mean / (m2 / 149) > best:
                    best = mean * mean / (m2 / 149)
            out[i, j] = best
        return out

    for gn, gm in ((46, 48), (49, 45)):
        grads = rng.integers(-64, 64, size=(2, gn, gm))
        sin, cos = rng.integers(-1, 2, size=(2, 150))
        tx, ty = rng.integers(-20, 21, size=(2, 7, 150))
        got = gicov(grads[0], grads[1], sin, cos, tx, ty)[22: gn - 22, 22: gm - 22]
        want = plain_gicov(grads[0], grads[1], sin, cos, tx, ty)[22: gn - 22, 22: gm - 22]
        assert np.allclose(got, want, rtol=1e-6, atol=0)

    # torch_scatter's scatter max with an out tensor: edges 0 and 1 onto node 0 (the larger
    # of each feature and out's 0), node 1 untouched, edge 2 onto node 2 (-1 above -5); an
    # index with a target per element (strides K, 1); two leading batches (numel 2 E K, out
    # 2 N K); then random scatters against a plain loop
    def scatter(src, index, out, s0=1, s1=0, batches=1):
        src, out = np.asarray(src, np.float32), np.asarray(out, np.float32)
        e, k = src.shape[-2:]
        return references.scatter_max({
            "src_data": src, "index_data": np.asarray(index, np.int64), "out_data": out,
            "E": e, "K": k, "N": out.shape[-2], "numel": batches * e * k,
            "index_stride0": s0, "index_stride1": s1})["out_data"]

    got = scatter([[1, 5], [3, 2], [7, -1]], [0, 0, 2], [[0, 0], [9, 9], [-5, -5]])
    assert got.tolist() == [[3, 5], [9, 9], [7, -1]]
    got = scatter([[1, 5], [3, 2]], [[1, 0], [0, 0]], np.zeros((2, 2)), s0=2, s1=1)
    assert got.tolist() == [[3, 5], [1, 0]]

    def plain_scatter(src, index, out, s0, s1, batches):
        out = np.array(out, np.float64)
        e, k = src.shape[-2:]
        flat = src.reshape(-1)
        for t in range(batches * e * k):
            b, kk = t // (e * k), t % k
            target = index.reshape(-1)[(t % k) * s1 + (t // k) * s0]
            out.reshape(-1)[(b * out.shape[-2] + target) * k + kk] = max(
                out.reshape(-1)[(b * out.shape[-2] + target) * k + kk], flat[t])
        return out

    for e, k, n, batches in ((20, 3, 7, 1), (5, 1, 30, 1), (40, 6, 11, 2)):
        src = rng.integers(-1000, 1000, size=(batches, e, k))
        index = rng.integers(0, n, size=batches * e)
        out = rng.integers(-1000, 0, size=(batches, n, k))
        got = scatter(src, index, out, batches=batches)
        assert np.array_equal(got, plain_scatter(src, index, out, 1, 0, batches))
        index = rng.integers(0, n, size=(e, k))
        got = scatter(src[:1], index, out[:1], s0=k, s1=1)
        assert np.array_equal(got, plain_scatter(src[:1], index, out[:1], k, 1, 1))


def test_blind29_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(29)

    # Parboil's stencil: with c0 = 6 c1 a constant grid's interior becomes 0; one 64 inside
    # gives -64 c0 at itself and 64 c1 at its six face neighbours; a 16 on the boundary
    # reaches the interior cell next to it only; the boundary keeps Anext's contents (NaN);
    # then random grids (one without an interior) against a plain loop
    def stencil(grid, c0=0.375, c1=0.0625):
        grid = np.asarray(grid, np.float32)
        nz, ny, nx = grid.shape
        got = references.parboil_stencil({
            "c0": c0, "c1": c1, "A0": grid, "Anext": np.full(grid.shape, np.nan, np.float32),
            "nx": nx, "ny": ny, "nz": nz})["Anext"]
        inner = np.zeros(grid.shape, bool)
        inner[1:-1, 1:-1, 1:-1] = True
        assert np.isnan(got[~inner]).all()
        return got

    assert (stencil(np.full((4, 5, 6), 40))[1:-1, 1:-1, 1:-1] == 0).all()
    spot = np.zeros((5, 5, 5))
    spot[2, 2, 2] = 64
    got = stencil(spot)
    assert got[2, 2, 2] == -24 and np.count_nonzero(got[1:-1, 1:-1, 1:-1]) == 7
    assert got[1, 2, 2] == got[3, 2, 2] == got[2, 1, 2] == got[2, 3, 2] == 4
    assert got[2, 2, 1] == got[2, 2, 3] == 4
    edge = np.zeros((5, 5, 5))
    edge[2, 2, 0] = 16
    got = stencil(edge)
    assert got[2, 2, 1] == 1 and np.count_nonzero(got[1:-1, 1:-1, 1:-1]) == 1

    def plain_stencil(grid, c0, c1):
        nz, ny, nx = grid.shape
        out = np.full(grid.shape, np.nan)
        for k, j, i in itertools.product(range(1, nz - 1), range(1, ny - 1), range(1, nx - 1)):
            total = (grid[k, j, i - 1] + grid[k, j, i + 1] + grid[k, j - 1, i]
                     + grid[k, j + 1, i] + grid[k - 1, j, i] + grid[k + 1, j, i])
            out[k, j, i] = total * c1 - grid[k, j, i] * c0
        return out

    for shape, (c0, c1) in (((3, 4, 5), (0.375, 0.0625)), ((6, 3, 3), (0.5, 0.25)),
                            ((4, 2, 7), (0.375, 0.0625))):
        grid = rng.integers(0, 256, size=shape).astype(np.float64)
        assert np.array_equal(stencil(grid, c0, c1), plain_stencil(grid, c0, c1),
                              equal_nan=True)

    # RAFT's naive distances: two points by hand (0, sqrt 2, 5, sqrt 13; squared for
    # L2Unexpanded, type 4), a set against itself 0 on the diagonal, column-major storage
    # the same distances stored transposed; then random sets against a plain loop
    def distances(xs, ys, kind=5, row_major=True):
        xs, ys = np.asarray(xs, np.float32), np.asarray(ys, np.float32)
        (m, k), n = xs.shape, len(ys)
        return references.raft_l2_naive({
            "dist": np.full(m * n, np.nan, np.float32),
            "x": xs.reshape(-1) if row_major else xs.T.reshape(-1),
            "y": ys.reshape(-1) if row_major else ys.T.reshape(-1),
            "m": m, "n": n, "k": k, "type": kind, "isRowMajor": int(row_major)})["dist"]

    got = distances([[0, 0], [3, 4]], [[0, 0], [1, 1]]).reshape(2, 2)
    assert got.tolist() == [[0, np.float32(math.sqrt(2))], [5, np.float32(math.sqrt(13))]]
    got = distances([[0, 0], [3, 4]], [[0, 0], [1, 1]], kind=4).reshape(2, 2)
    assert got.tolist() == [[0, 2], [25, 13]]
    xs = rng.integers(-8, 8, size=(6, 5))
    assert (np.diag(distances(xs, xs).reshape(6, 6)) == 0).all()
    ys = rng.integers(-8, 8, size=(4, 5))
    assert np.array_equal(distances(xs, ys, row_major=False).reshape(4, 6).T,
                          distances(xs, ys).reshape(6, 4))

    for m, n, k in ((7, 5, 3), (1, 9, 8), (6, 1, 1)):
        xs, ys = rng.integers(-8, 8, size=(m, k)), rng.integers(-8, 8, size=(n, k))
        want = np.zeros((m, n), np.float32)
        for a, b in itertools.product(range(m), range(n)):
            want[a, b] = np.sqrt(np.float32(sum((xs[a, i] - ys[b, i]) ** 2 for i in range(k))))
        assert np.array_equal(distances(xs, ys).reshape(m, n), want)

    # OpenCV's bilateral filter: reflect-101 indices by hand; a constant image kept; ksz 1
    # a copy; a steep colour term keeping a step edge; the 1 x 3 image [0, 10, 0] with ksz
    # 3, a spatial weight 1/2 and no colour term (the rows above and below the one-row image
    # are itself: 10 / 3 and 20 / 3); a NaN tap skipped; then random images against a
    # plain loop
    assert references._reflect101(np.arange(-3, 8), 5).tolist() == [3, 2, 1, 0, 1, 2, 3, 4, 3,
                                                                     2, 1]

    def bilateral(img, ksz=5, cs=-1 / 32, cc=-1 / 2048):
        img = np.asarray(img, np.float32)
        rows, cols = img.shape
        return references.ocv_bilateral({
            "src": img, "rows": rows, "cols": cols, "src_step": cols,
            "dst": np.full((rows, cols), np.nan, np.float32), "dst_step": cols, "ksz": ksz,
            "sigma_spatial2_inv_half": cs, "sigma_color2_inv_half": cc})["dst"]

    assert np.allclose(bilateral(np.full((6, 7), 42)), 42, rtol=1e-6)
    image = rng.integers(0, 256, size=(5, 8))
    assert np.array_equal(bilateral(image, ksz=1), image)
    step = np.zeros((6, 8))
    step[:, 4:] = 100
    assert np.array_equal(bilateral(step, cc=-1.0), step)
    got = bilateral([[0, 10, 0]], ksz=3, cs=-math.log(2), cc=0)
    assert np.allclose(got, [[10 / 3, 20 / 3, 10 / 3]], rtol=1e-6)
    got = bilateral([[np.nan, 10, 0]], ksz=3, cs=-math.log(2), cc=0)
    assert np.isclose(got[0, 1], 8, rtol=1e-6)

    def plain_bilateral(img, ksz, cs, cc):
        rows, cols = img.shape
        r = ksz // 2

        def reflect(i, size):
            last = size - 1
            return abs(abs(last - abs(last - i)) % size) % size

        out = np.zeros((rows, cols))
        for y, x in itertools.product(range(rows), range(cols)):
            sum1 = sum2 = 0.0
            for cy, cx in itertools.product(range(y - r, y - r + ksz), range(x - r, x - r + ksz)):
                space2 = (x - cx) ** 2 + (y - cy) ** 2
                if space2 > r * r:
                    continue
                value = float(img[reflect(cy, rows), reflect(cx, cols)])
                weight = math.exp(space2 * cs + (value - float(img[y, x])) ** 2 * cc)
                sum1 += weight * value
                sum2 += weight
            out[y, x] = sum1 / sum2
        return out

    for shape, ksz in (((7, 9), 5), ((3, 11), 9), ((10, 2), 4)):
        image = rng.integers(0, 256, size=shape)
        want = plain_bilateral(image, ksz, -1 / 32, -1 / 2048)
        assert np.allclose(bilateral(image, ksz), want, rtol=1e-6, atol=0)

    # OpenCV's blendLinear: by hand (w1 = w2 = 1 the mean over 2 + 1e-5, both weights 0
    # giving 0, 3 : 1), the weights of a pixel shared by its cn values; then random images
    # with padded rows against a plain float32 loop
    def blend(p1, p2, w1, w2, cn, pad=0):
        p1, p2 = np.asarray(p1, np.float32), np.asarray(p2, np.float32)
        rows, cols = p1.shape
        wide = np.full((rows, cols + pad), np.nan, np.float32)
        got = references.ocv_blend_linear({
            "rows": rows, "cols": cols, "cn": cn,
            "img1": np.pad(p1, ((0, 0), (0, pad))), "img1_step": cols + pad,
            "img2": np.pad(p2, ((0, 0), (0, pad))), "img2_step": cols + pad,
            "weights1": np.asarray(w1, np.float32), "w1_step": np.shape(w1)[1],
            "weights2": np.asarray(w2, np.float32), "w2_step": np.shape(w2)[1],
            "result": wide, "result_step": cols + pad})["result"]
        assert np.isnan(got[:, cols:]).all()
        return got[:, :cols]

    f32 = np.float32
    got = blend([[100, 8, 5]], [[0, 4, 7]], [[1, 3, 0]], [[1, 1, 0]], cn=1)
    assert got.tolist() == [[f32(100) / f32(f32(2) + f32(1e-5)),
                             f32(28) / f32(f32(4) + f32(1e-5)), 0]]
    got = blend([[10, 20, 30, 40, 50, 60]], [[0] * 6], [[1, 0]], [[0, 1]], cn=3)
    assert got.tolist() == [[f32(10) / f32(1 + f32(1e-5)), f32(20) / f32(1 + f32(1e-5)),
                             f32(30) / f32(1 + f32(1e-5)), 0, 0, 0]]
    for rows, pix, cn in ((3, 5, 3), (4, 7, 1), (2, 3, 4)):
        p1, p2 = rng.integers(0, 256, size=(2, rows, pix * cn))
        w1, w2 = rng.integers(0, 8, size=(2, rows, pix))
        want = np.zeros((rows, pix * cn), np.float32)
        for y, x in itertools.product(range(rows), range(pix * cn)):
            a, b = f32(w1[y, x // cn]), f32(w2[y, x // cn])
            want[y, x] = (f32(p1[y, x]) * a + f32(p2[y, x]) * b) / (a + b + f32(1e-5))
        assert np.array_equal(blend(p1, p2, w1, w2, cn, pad=2), want)

    # Parboil's ComputeQ: quarter and half turns by hand (Qr 3 and -1, Qi 2 and 0); the samples the
    # loop visits (an odd numK's peel, the 1024-sample chunk, a later chunk from
    # kGlobalIndex, an odd count there) counted with zero phases; Qr and Qi added onto their
    # contents; then random eighths of a turn against a plain loop
    def computeq(pos, kvals, num_k=None, k_global=0, qr=None, qi=None):
        pos, kvals = np.asarray(pos, np.float32), np.asarray(kvals, np.float32)
        n = len(pos)
        got = references.mriq_computeq({
            "numK": len(kvals) if num_k is None else num_k, "kGlobalIndex": k_global,
            "x": pos[:, 0], "y": pos[:, 1], "z": pos[:, 2],
            "Qr": np.zeros(n, np.float32) if qr is None else np.asarray(qr, np.float32),
            "Qi": np.zeros(n, np.float32) if qi is None else np.asarray(qi, np.float32),
            "kvals": kvals, "numX": n})
        return got["Qr"], got["Qi"]

    qr, qi = computeq([[1, 0, 0], [0, 2, 0]], [[0.25, 0, 0, 2], [0, 0.25, 0, 3]])
    assert np.allclose(qr, [3, -1], atol=1e-6) and np.allclose(qi, [2, 0], atol=1e-5)
    ones = np.tile([1.0, 1.0, 1.0, 1.0], (1040, 1))
    assert computeq([[0, 0, 0]], ones[:3])[0].tolist() == [3]
    assert computeq([[0, 0, 0]], ones, num_k=1030)[0].tolist() == [1024]
    assert computeq([[0, 0, 0]], ones, num_k=1030, k_global=1024)[0].tolist() == [6]
    assert computeq([[0, 0, 0]], ones, num_k=1031, k_global=1024)[0].tolist() == [7]
    qr, qi = computeq([[0, 0, 0], [0, 0, 0]], ones[:4], qr=[10, -3], qi=[5, 6])
    assert qr.tolist() == [14, 1] and qi.tolist() == [5, 6]

    two_pi = np.float32(6.2831853071795864769252867665590058)
    for n, num_k in ((9, 7), (20, 12)):
        pos = rng.integers(-16, 16, size=(n, 3)) / 8
        kvals = rng.integers(-16, 16, size=(num_k, 4)) / 8
        want_r, want_i = np.zeros(n), np.zeros(n)
        for v, s in itertools.product(range(n), range(num_k)):
            dot = np.float32(sum(float(kvals[s, c]) * float(pos[v, c]) for c in range(3)))
            arg = float(two_pi * dot)
            want_r[v] += kvals[s, 3] * math.cos(arg)
            want_i[v] += kvals[s, 3] * math.sin(arg)
        qr, qi = computeq(pos, kvals)
        assert np.allclose(qr, want_r, rtol=1e-6, atol=1e-6)
        assert np.allclose(qi, want_i, rtol=1e-6, atol=1e-6)

    # PyTorch's index_select: rows by hand (a repeated index copied twice), only the rows
    # the total covers written (the others kept), a source with longer rows (stride 3, 2
    # elements each); then random gathers against a plain loop
    def index_select(src, idx, rows=None, inner=None, src_stride=None):
        src = np.asarray(src, np.float32)
        inner = inner or src.shape[1]
        rows = len(idx) if rows is None else rows
        return references.torch_index_select({
            "dst_data": np.full((len(idx), inner), np.nan, np.float32), "src_data": src,
            "indices_data": np.asarray(idx, np.int64), "dst_size1": inner,
            "dst_stride0": inner, "src_size1": inner,
            "src_stride0": src_stride or src.shape[1], "totalSize": rows * inner,
            "innerSize": inner, "srcSelectDimSize": len(src)})["dst_data"]

    table = [[1, 2], [3, 4], [5, 6]]
    assert index_select(table, [2, 0, 2]).tolist() == [[5, 6], [1, 2], [5, 6]]
    got = index_select(table, [1, 1, 0], rows=2)
    assert got[:2].tolist() == [[3, 4], [3, 4]] and np.isnan(got[2]).all()
    wide = [[1, 2, 3], [4, 5, 6]]
    assert index_select(wide, [1, 0], inner=2).tolist() == [[4, 5], [1, 2]]
    for s, d, n in ((50, 7, 30), (5, 1, 40)):
        src = rng.integers(-1000, 1000, size=(s, d))
        idx = rng.integers(0, s, size=n)
        want = np.array([src[i] for i in idx])
        assert np.array_equal(index_select(src, idx), want)


def test_blind30_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(30)

    # CUTLASS's reference GEMM: a 2 x 2 product by hand (A B = [[19, 22], [43, 50]], D = 2 A B
    # + C / 2), D's elements past n (ldd > n) kept; then random problems with padded leading
    # dimensions against a plain loop
    def gemm(a, b, c, alpha=2.0, beta=0.5, pad=0):
        a, b, c = (np.asarray(v, np.float32) for v in (a, b, c))
        (m, k), n = a.shape, b.shape[1]
        got = references.cutlass_ref_gemm({
            "m": m, "n": n, "k": k, "alpha": alpha, "beta": beta,
            "tensor_a": np.pad(a, ((0, 0), (0, pad))), "lda": k + pad,
            "tensor_b": np.pad(b, ((0, 0), (0, pad))), "ldb": n + pad,
            "tensor_c": np.pad(c, ((0, 0), (0, pad))), "ldc": n + pad,
            "tensor_d": np.full((m, n + pad), np.nan, np.float32), "ldd": n + pad})["tensor_d"]
        assert np.isnan(got[:, n:]).all()
        return got[:, :n]

    got = gemm([[1, 2], [3, 4]], [[5, 6], [7, 8]], [[1, 1], [1, -1]], pad=1)
    assert got.tolist() == [[38.5, 44.5], [86.5, 99.5]]
    for m, n, k in ((7, 5, 3), (1, 9, 8), (6, 1, 1)):
        a, b = rng.integers(-8, 8, size=(m, k)), rng.integers(-8, 8, size=(k, n))
        c = rng.integers(-64, 64, size=(m, n))
        want = np.zeros((m, n), np.float32)
        for i, j in itertools.product(range(m), range(n)):
            want[i, j] = 2 * sum(int(a[i, t]) * int(b[t, j]) for t in range(k)) + c[i, j] / 2
        assert np.array_equal(gemm(a, b, c, pad=2), want)

    # The CUDA Samples' SobelShared: a constant image 0; a vertical step edge 100 (Horz 400,
    # scaled by 1/4) on the two columns beside it only, 255 (saturated) with fScale 1; one 40
    # giving 80 at its eight neighbours and 0 at itself; the bytes past 4 (width / 4) kept;
    # then random images with padded rows against a plain loop with clamped reads
    def sobel(img, scale=0.25, pad=0):
        img = np.asarray(img, np.uint8)
        h, w = img.shape
        pitch = -(-(w + pad) // 4) * 4
        image = np.zeros((h, pitch), np.uint8)
        image[:, :w] = img
        got = references.cus_sobel_shared({
            "sobel_words": np.full(h * pitch // 4, 0xABABABAB, np.uint32),
            "sobel_pitch": pitch, "block_width": 80, "shared_pitch": 384, "width": w,
            "height": h, "fScale": scale, "image_words": image.view(np.uint32).reshape(-1),
            "image_pitch": pitch})["sobel_words"]
        got = got.view(np.uint8).reshape(h, pitch)
        assert (got[:, w // 4 * 4:] == 0xAB).all()
        return got[:, : w // 4 * 4].astype(np.int64)

    assert (sobel(np.full((5, 8), 77)) == 0).all()
    step = np.zeros((3, 8))
    step[:, 4:] = 100
    assert sobel(step).tolist() == [[0, 0, 0, 100, 100, 0, 0, 0]] * 3
    assert sobel(step, scale=1.0).tolist() == [[0, 0, 0, 255, 255, 0, 0, 0]] * 3
    spot = np.zeros((5, 10))
    spot[2, 2] = 40
    got = sobel(spot, scale=1.0)
    assert got[1:4, 1:4].tolist() == [[80, 80, 80], [80, 0, 80], [80, 80, 80]]
    assert np.count_nonzero(got) == 8

    def plain_sobel(img, scale):
        h, w = img.shape
        out = np.zeros((h, w // 4 * 4), np.int64)
        for y, x in itertools.product(range(h), range(w // 4 * 4)):
            def p(dy, dx, y=y, x=x):
                return int(img[min(max(y + dy, 0), h - 1), min(max(x + dx, 0), w - 1)])

            horz = p(-1, 1) + 2 * p(0, 1) + p(1, 1) - p(-1, -1) - 2 * p(0, -1) - p(1, -1)
            vert = p(-1, -1) + 2 * p(-1, 0) + p(-1, 1) - p(1, -1) - 2 * p(1, 0) - p(1, 1)
            out[y, x] = min(255, int(np.float32(scale) * np.float32(abs(horz) + abs(vert))))
        return out

    for shape, scale in (((4, 9), 0.25), ((1, 12), 0.5), ((6, 5), 0.125)):
        img = rng.integers(0, 256, size=shape)
        assert np.array_equal(sobel(img, scale, pad=3), plain_sobel(img, scale))

    # OpenCV's non-local means: a constant image kept; a search radius of 0 a copy; with
    # block radius 0 and noise_mult 0 the weights are spatial only, exp(-(x^2 + y^2) / 9),
    # a corner reading its reflected neighbours by hand; then random images against a plain
    # loop (reflect-101 borders)
    def nlm(img, sr=1, br=1, noise_mult=-1 / 8192):
        img = np.asarray(img, np.float32)
        rows, cols = img.shape
        return references.ocv_nlmeans({
            "src": img, "src_step": cols, "dst": np.full((rows, cols), np.nan, np.float32),
            "dst_step": cols, "rows": rows, "cols": cols, "search_radius": sr,
            "block_radius": br, "noise_mult": noise_mult})["dst"]

    assert np.allclose(nlm(np.full((5, 6), 21)), 21, rtol=1e-6)
    image = rng.integers(0, 64, size=(4, 7))
    assert np.array_equal(nlm(image, sr=0), image)
    grid = np.arange(9).reshape(3, 3) * 4
    weights = {d: math.exp(-d / 9) for d in (0, 1, 2)}
    centre = sum(weights[dy * dy + dx * dx] * grid[1 + dy, 1 + dx]
                 for dy, dx in itertools.product((-1, 0, 1), repeat=2))
    total = weights[0] + 4 * weights[1] + 4 * weights[2]
    got = nlm(grid, br=0, noise_mult=0.0)
    assert math.isclose(got[1, 1], centre / total, rel_tol=1e-6)
    corner = sum(weights[dy * dy + dx * dx] * grid[abs(dy), abs(dx)]  # reflected about (0, 0)
                 for dy, dx in itertools.product((-1, 0, 1), repeat=2))
    assert math.isclose(got[0, 0], corner / total, rel_tol=1e-6)

    def plain_nlm(img, sr, br, noise_mult):
        rows, cols = img.shape

        def at(y, x):
            def reflect(i, size):
                last = size - 1
                return abs(abs(last - abs(last - i)) % size) % size
            return float(img[reflect(y, rows), reflect(x, cols)])

        out = np.zeros((rows, cols))
        for i, j in itertools.product(range(rows), range(cols)):
            sum1 = sum2 = 0.0
            for y, x in itertools.product(range(-sr, sr + 1), repeat=2):
                dist2 = sum((at(i + ty, j + tx) - at(i + y + ty, j + x + tx)) ** 2
                            for ty, tx in itertools.product(range(-br, br + 1), repeat=2))
                w = math.exp(dist2 * noise_mult - (x * x + y * y) / (2 * sr + 1) ** 2)
                sum1 += w * at(i + y, j + x)
                sum2 += w
            out[i, j] = sum1 / sum2
        return out

    for shape, sr, br in (((6, 7), 2, 1), ((3, 9), 1, 2), ((8, 2), 3, 0)):
        image = rng.integers(0, 64, size=shape)
        want = plain_nlm(image, sr, br, -1 / 512)
        assert np.allclose(nlm(image, sr, br, -1 / 512), want, rtol=1e-5, atol=0)

    # OpenCV's INTER_AREA resize: 2 x 2 blocks by hand (3.5, 5.5), a source one column short
    # (the missing column read as 0: 2.5), 1 x 4 blocks the row means; then random sources
    # (some a row or columns short) against a plain loop
    def area(src, rows, cols, fy, fx):
        src = np.asarray(src, np.float32)
        return references.ocv_resize_area({
            "src": src, "src_step": src.shape[1], "src_rows": src.shape[0],
            "src_cols": src.shape[1], "dst": np.full((rows, cols), np.nan, np.float32),
            "dst_step": cols, "dst_rows": rows, "dst_cols": cols, "scale_y": fy,
            "scale_x": fx})["dst"]

    block = [[1, 2, 3, 4], [5, 6, 7, 8]]
    assert area(block, 1, 2, 2, 2).tolist() == [[3.5, 5.5]]
    assert area([r[:3] for r in block], 1, 2, 2, 2).tolist() == [[3.5, 2.5]]
    assert area(block, 2, 1, 1, 4).tolist() == [[2.5], [6.5]]
    for (rows, cols, fy, fx), (dr, dc) in (((3, 5, 2, 4), (0, 0)), ((4, 2, 4, 2), (1, 3)),
                                           ((2, 7, 1, 8), (0, 5))):
        src = rng.integers(0, 256, size=(rows * fy - dr, cols * fx - dc))
        want = np.zeros((rows, cols))
        for y, x in itertools.product(range(rows), range(cols)):
            want[y, x] = sum(float(src[sy, sx]) for sy in range(y * fy, y * fy + fy)
                             for sx in range(x * fx, x * fx + fx)
                             if sy < src.shape[0] and sx < src.shape[1]) / (fy * fx)
        assert np.array_equal(area(src, rows, cols, fy, fx), want.astype(np.float32))

    # Pannotia's color1: a 4-vertex graph by hand (9, a single neighbour -1, 5, a coloured
    # vertex's max_d kept; stop raised), a graph whose uncoloured vertices see no uncoloured
    # neighbour (-1 each, stop kept); then random graphs against a plain loop
    def color(row, col, value, colour, stop=0, keep=42):
        n = len(value)
        got = references.pannotia_color_max({
            "row": np.asarray(row + [len(col)], np.int32), "col": np.asarray(col, np.int32),
            "node_value": np.asarray(value, np.int32), "color_array": np.asarray(colour, np.int32),
            "stop": np.array([stop], np.int32), "max_d": np.full(n, keep, np.int32),
            "color": 1, "num_nodes": n, "num_edges": len(col)})
        return got["max_d"].tolist(), int(got["stop"][0])

    assert color([0, 3, 4, 6], [1, 2, 3, 0, 0, 3], [5, 9, 7, 2], [-1, -1, -1, 0]) == (
        [9, -1, 5, 42], 1)
    assert color([0, 2, 3], [1, 2, 0, 0], [1, 2, 3], [-1, 0, 0], stop=7) == ([-1, 42, 42], 7)

    for n, nnz in ((40, 90), (25, 200)):
        row = np.sort(rng.integers(0, nnz + 1, size=n)).tolist()
        row[0] = 0
        col = rng.integers(0, n, size=nnz).tolist()
        value = rng.integers(0, 100, size=n).tolist()
        colour = rng.integers(-1, 2, size=n).tolist()
        want, want_stop = [42] * n, 0
        for v in range(n):
            if colour[v] != -1:
                continue
            start, end = row[v], row[v + 1] if v + 1 < n else nnz
            best = -1
            for e in range(start, end):
                if colour[col[e]] == -1 and start != end - 1:
                    want_stop = 1
                    best = max(best, value[col[e]])
            want[v] = best
        assert color(row, col, value, colour) == (want, want_stop)

    # The CUDA Samples' scalarProd: [1, 2, 3] . [4, 5, 6] = 32 by hand; 2050 elements (two
    # trips for some accumulators) of ones; then random pairs against a plain loop
    def dots(a, b):
        a, b = np.asarray(a, np.float32), np.asarray(b, np.float32)
        return references.cus_scalar_prod({
            "d_C": np.full(len(a), np.nan, np.float32), "d_A": a, "d_B": b,
            "vectorN": len(a), "elementN": a.shape[1]})["d_C"].tolist()

    assert dots([[1, 2, 3], [0, 0, 1]], [[4, 5, 6], [7, 8, -9]]) == [32, -9]
    assert dots(np.ones((1, 2050)), np.ones((1, 2050))) == [2050]
    a, b = rng.integers(-8, 8, size=(2, 5, 1500))
    assert dots(a, b) == [sum(int(x) * int(y) for x, y in zip(a[v], b[v], strict=True))
                          for v in range(5)]


def test_blind31_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(31)

    # Rodinia's lud_internal: by hand (a column strip of ones and a row strip of twos give
    # -32 where they meet, nothing elsewhere), the strips and the rows and columns before
    # offset kept; a matrix without a trailing part kept; then random matrices against a
    # plain loop
    def lud(matrix, offset):
        matrix = np.asarray(matrix, np.float32)
        return references.rodinia_lud_internal({"m": matrix, "matrix_dim": len(matrix),
                                                "offset": offset})["m"]

    hand = np.zeros((19, 19), np.float32)
    hand[17, 1:17] = 1
    hand[1:17, 17] = 2
    hand[18, 18] = 5
    hand[0, :] = 9
    got = lud(hand, 1)
    want = hand.copy()
    want[17, 17] = -32
    assert np.array_equal(got, want)
    square = rng.integers(-8, 8, size=(16, 16))
    assert np.array_equal(lud(square, 0), square)

    def plain_lud(matrix, offset):
        out = matrix.astype(np.float64).copy()
        first = offset + 16
        for r, c in itertools.product(range(first, len(out)), repeat=2):
            out[r, c] -= sum(float(matrix[r, offset + i]) * float(matrix[offset + i, c])
                             for i in range(16))
        return out

    for dim, offset in ((20, 0), (37, 5), (33, 16)):
        matrix = rng.integers(-8, 8, size=(dim, dim))
        assert np.array_equal(lud(matrix, offset), plain_lud(matrix, offset))

    # PyTorch's spatial softmax: by hand (equal values share evenly, one value gets 1, a
    # large offset cancels through the maximum), along the middle dimension of the layout
    # (dim values inner apart); then random tensors against a plain loop
    def softmax(tensor):
        tensor = np.asarray(tensor, np.float32)
        outer, dim, inner = tensor.shape
        return references.torch_spatial_softmax({
            "output": np.zeros_like(tensor), "input": tensor, "outer_size": outer,
            "dim_size": dim, "inner_size": inner})["output"]

    assert np.allclose(softmax([[[3], [3], [3], [3]]]), 0.25, rtol=1e-7)
    assert softmax([[[7, -2, 1000]]]).tolist() == [[[1, 1, 1]]]
    got = softmax([[[1000, 0], [1000, 0]]])
    assert np.allclose(got, 0.5, rtol=1e-7)
    got = softmax([[[0, 1], [np.log(3, dtype=np.float32), 1]]])
    assert np.allclose(got[0, :, 0], [0.25, 0.75], rtol=1e-6)
    assert np.allclose(got[0, :, 1], 0.5, rtol=1e-7)

    def plain_softmax(tensor):
        outer, dim, inner = tensor.shape
        out = np.zeros(tensor.shape)
        for o, i in itertools.product(range(outer), range(inner)):
            top = max(float(tensor[o, d, i]) for d in range(dim))
            total = sum(math.exp(float(tensor[o, d, i]) - top) for d in range(dim))
            for d in range(dim):
                out[o, d, i] = math.exp(float(tensor[o, d, i]) - top) / total
        return out

    for shape in ((2, 5, 3), (3, 1, 4), (1, 7, 1)):
        tensor = rng.integers(-8, 8, size=shape)
        assert np.allclose(softmax(tensor), plain_softmax(tensor), rtol=1e-6, atol=0)

    # OpenCV's Hamming matcher: by hand (distances 1, 2 and 0; equal distances to the
    # smaller index; negative words: all 32 bits), rows longer than the descriptor (the
    # words past query_cols ignored); then random descriptors against a plain loop
    def match(query, train, cols=None):
        query, train = np.asarray(query, np.int32), np.asarray(train, np.int32)
        cols = cols or query.shape[1]
        got = references.ocv_bf_match({
            "query": query, "query_rows": len(query), "query_cols": cols,
            "query_step": query.shape[1], "train": train, "train_rows": len(train),
            "train_step": train.shape[1], "bestTrainIdx": np.zeros(len(query), np.int32),
            "bestDistance": np.zeros(len(query), np.float32)})
        return got["bestTrainIdx"].tolist(), got["bestDistance"].tolist()

    assert match([[0, 0]], [[1, 0], [3, 0], [0, 0]]) == ([2], [0])
    assert match([[0, 0], [3, 0]], [[1, 0], [2, 0]]) == ([0, 0], [1, 1])
    assert match([[-1, -1]], [[0, 0], [-1, 0]]) == ([1], [32])
    assert match([[5, 99]], [[4, -1], [7, 0]], cols=1) == ([0], [1])

    def plain_match(query, train):
        best = []
        for q in query:
            dists = [sum(bin((int(a) ^ int(b)) & 0xFFFFFFFF).count("1")
                         for a, b in zip(q, t, strict=True)) for t in train]
            best.append((dists.index(min(dists)), min(dists)))
        return [b[0] for b in best], [b[1] for b in best]

    for q, tn, d in ((9, 13, 3), (4, 40, 1), (7, 5, 8)):
        query = rng.integers(-2**31, 2**31, size=(q, d))
        train = rng.integers(-2**31, 2**31, size=(tn, d))
        train[3 % tn] = query[0]  # an exact match
        assert match(query, train) == plain_match(query, train)
    query = rng.integers(0, 4, size=(20, 2))  # many equal distances
    train = rng.integers(0, 4, size=(30, 2))
    assert match(query, train) == plain_match(query, train)

    # Rodinia's backprop weight update: by hand (new_dw = 0.3 * 2 * 3 + 0.3 * 20 onto 4,
    # the bias row 0.3 * 2 + 0.3 * 10 onto 1, column 0 kept); then random layers against a
    # plain double loop
    def adjust(delta, ly, w, oldw):
        w, oldw = np.asarray(w, np.float32), np.asarray(oldw, np.float32)
        got = references.rodinia_backprop_adjust({
            "delta": np.asarray(delta, np.float32), "hid": w.shape[1] - 1,
            "ly": np.asarray(ly, np.float32), "in": w.shape[0] - 1, "w": w, "oldw": oldw})
        return got["w"], got["oldw"]

    f32 = np.float32
    w, oldw = adjust([9, 2], [9, 3], [[7, 1], [8, 4]], [[6, 10], [5, 20]])
    assert w.tolist() == [[7, f32(1 + (0.3 * 2 + 0.3 * 10))],
                          [8, f32(4 + (0.3 * 2 * 3 + 0.3 * 20))]]
    assert oldw.tolist() == [[6, f32(0.3 * 2 + 0.3 * 10)], [5, f32(0.3 * 2 * 3 + 0.3 * 20)]]

    def plain_adjust(delta, ly, w, oldw):
        w, oldw = w.astype(np.float32), oldw.astype(np.float32)
        for i, j in itertools.product(range(w.shape[0]), range(1, w.shape[1])):
            scale = 1.0 if i == 0 else float(ly[i])
            new_dw = 0.3 * float(delta[j]) * scale + 0.3 * float(oldw[i, j])
            w[i, j] = f32(float(w[i, j]) + new_dw)
            oldw[i, j] = f32(new_dw)
        return w, oldw

    for n_in, hid in ((5, 3), (1, 7), (9, 1)):
        delta = rng.integers(-8, 8, size=hid + 1)
        ly = rng.integers(-8, 8, size=n_in + 1)
        w0, old0 = rng.integers(-8, 8, size=(2, n_in + 1, hid + 1))
        got, want = adjust(delta, ly, w0, old0), plain_adjust(delta, ly, w0, old0)
        assert np.array_equal(got[0], want[0]) and np.array_equal(got[1], want[1])

    # SHOC's LJ forces: by hand (a neighbour 1 away along x: 0.5 away from it; 2 away along
    # y: 253 / 16384 away; 4 away, at the cutoff, and the atom itself: nothing), w zero;
    # then random systems against a plain loop
    def lj(pos, neigh):
        pos, neigh = np.asarray(pos, np.float32), np.asarray(neigh, np.int32)
        count, n = neigh.shape
        return references.shoc_md_lj({
            "force": np.full((n, 4), np.nan, np.float32),
            "pos": np.column_stack([pos, np.full(n, 7)]).astype(np.float32),
            "neighCount": count, "neighList": neigh, "cutsq": 16.0, "lj1": 1.5, "lj2": 2.0,
            "inum": n})["force"]

    got = lj([[0, 0, 0], [1, 0, 0], [0, 2, 0], [0, 0, 4]],
             [[1, 0, 0, 3], [2, 1, 2, 0], [3, 1, 2, 3]])
    assert got.tolist() == [[0.5, 253 / 16384, 0, 0], [-0.5, 0, 0, 0], [0, -253 / 16384, 0, 0],
                            [0, 0, 0, 0]]

    def plain_lj(pos, neigh):
        count, n = neigh.shape
        out = np.zeros((n, 4))
        for i, j in itertools.product(range(n), range(count)):
            d = [float(pos[i, c]) - float(pos[neigh[j, i], c]) for c in range(3)]
            r2 = sum(x * x for x in d)
            if 0 < r2 < 16:
                r2inv = 1 / r2
                r6inv = r2inv ** 3
                force = r2inv * r6inv * (1.5 * r6inv - 2.0)
                for c in range(3):
                    out[i, c] += d[c] * force
        return out

    for n, count in ((9, 4), (30, 7)):
        pos = rng.integers(0, 8, size=(n, 3))
        neigh = rng.integers(0, n, size=(count, n))
        assert np.allclose(lj(pos, neigh), plain_lj(pos, neigh), rtol=1e-6, atol=1e-7)

    # GROMACS's harmonic bonds: by hand (a 3-4-5 bond of rA 2 and krA 3: -9 / 5 times dx =
    # x_ai - x_aj onto ai, its negative onto aj: the atoms pulled together), added onto f's
    # contents, a bond of an atom to itself skipped, two bonds on one atom summed; then
    # random bonds against a plain loop
    def bonds(types, atoms, params, xq, f):
        f = np.asarray(f, np.float32)
        return references.gmx_bonds({
            "numBonds": len(types), "d_bondtypes": np.asarray(types, np.int32),
            "d_bondatoms": np.asarray(atoms, np.int32),
            "d_forceparams": np.asarray(params, np.float32),
            "gm_xq": np.column_stack([np.asarray(xq), np.zeros(len(xq))]).astype(np.float32),
            "gm_f": f})["gm_f"]

    params = [[2, 3, 0, 0], [0, 1, 9, 9]]
    got = bonds([0], [[0, 1]], params, [[0, 0, 0], [3, 4, 0]], np.zeros((2, 3)))
    assert np.allclose(got, [[5.4, 7.2, 0], [-5.4, -7.2, 0]], rtol=1e-6)
    got = bonds([0, 1], [[1, 1], [0, 1]], params, [[0, 0, 0], [3, 4, 0]], [[1, 1, 1], [0, 0, 2]])
    assert np.allclose(got, [[1 + 3, 1 + 4, 1], [-3, -4, 2]], rtol=1e-6)
    got = bonds([1, 1], [[0, 1], [0, 2]], params, [[0, 0, 0], [2, 0, 0], [0, 0, -5]],
                np.zeros((3, 3)))
    assert np.allclose(got, [[2, 0, -5], [-2, 0, 0], [0, 0, 5]], rtol=1e-6)

    def plain_bonds(types, atoms, params, xq, natoms):
        out = np.zeros((natoms, 3))
        for t, (ai, aj) in zip(types, atoms, strict=True):
            dx = [float(xq[ai, c]) - float(xq[aj, c]) for c in range(3)]
            dr = math.sqrt(sum(x * x for x in dx))
            if dr == 0:
                continue
            scale = -float(params[t][1]) * (dr - float(params[t][0])) / dr
            for c in range(3):
                out[ai, c] += scale * dx[c]
                out[aj, c] -= scale * dx[c]
        return out

    for nb, natoms, ntypes in ((40, 9, 3), (200, 30, 5)):
        types = rng.integers(0, ntypes, size=nb)
        atoms = rng.integers(0, natoms, size=(nb, 2))
        table = rng.integers(0, 8, size=(ntypes, 4))
        xq = rng.integers(0, 32, size=(natoms, 3))
        got = bonds(types, atoms, table, xq, np.zeros((natoms, 3)))
        assert np.allclose(got, plain_bonds(types, atoms, table, xq, natoms), rtol=1e-5,
                           atol=1e-4)


def test_blind32_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(32)
    f32 = np.float32

    # Rodinia's hotspot: by hand (step/Cap 0.5 and Rx = Ry = Rz = 1: a cell of 10 among
    # zeros gets 10 + 0.5 (-20 - 20 + 70) = 25, an edge cell beside it 0.5 (10 + 80) = 45
    # (its missing neighbour is itself), a corner 0.5 80 = 40, plus 0.5 its power); a chip
    # at the ambient 80 without power kept; then random chips against a plain loop
    def hotspot(temp, power, cap=2.0, rx=1.0, ry=1.0, rz=1.0, step=1.0):
        temp, power = np.asarray(temp, np.float32), np.asarray(power, np.float32)
        return references.rodinia_hotspot({
            "power": power, "temp_src": temp, "temp_dst": np.zeros_like(temp),
            "grid_cols": temp.shape[1], "grid_rows": temp.shape[0], "Cap": cap, "Rx": rx,
            "Ry": ry, "Rz": rz, "step": step})["temp_dst"]

    temp = np.zeros((3, 3))
    temp[1, 1] = 10
    power = np.zeros((3, 3))
    power[0, 0] = 2
    got = hotspot(temp, power)
    assert got.tolist() == [[41, 45, 40], [45, 25, 45], [40, 45, 40]]
    assert np.array_equal(hotspot(np.full((4, 5), 80), np.zeros((4, 5))), np.full((4, 5), 80))

    def plain_hotspot(temp, power, cap, rx, ry, rz, step):
        rows, cols = temp.shape
        sdc = float(f32(step) / f32(cap))
        rx1, ry1, rz1 = (float(f32(1) / f32(v)) for v in (rx, ry, rz))
        out = np.zeros((rows, cols))
        for r, c in itertools.product(range(rows), range(cols)):
            t = float(temp[r, c])
            ns = float(f32(temp[min(r + 1, rows - 1), c]) + f32(temp[max(r - 1, 0), c]))
            ew = float(f32(temp[r, min(c + 1, cols - 1)]) + f32(temp[r, max(c - 1, 0)]))
            total = float(power[r, c]) + (ns - 2.0 * t) * ry1 + (ew - 2.0 * t) * rx1
            total += float(f32(80) - f32(t)) * rz1
            out[r, c] = f32(t + sdc * total)
        return out

    for rows, cols in ((5, 7), (1, 9), (8, 1)):
        temp = rng.integers(300, 364, size=(rows, cols))
        power = rng.integers(0, 4, size=(rows, cols))
        coeffs = (1.6689301052252858e-09, 10.0, 10.0, 1310720.0, 1.4583334007056692e-07)
        assert np.array_equal(hotspot(temp, power, *coeffs), plain_hotspot(temp, power, *coeffs))

    # postProcessGL's disc blur: by hand (a uniform image kept; one white pixel among black
    # ones, radius 1, bright (765 / 765 > 0.8) so taken 4 times: 1020 / 5 = 204 at it and at
    # its four neighbours (an edge pixel's missing neighbours are itself), 0 at the corners;
    # a white image: 1020 clamped to 255); then random images against a plain loop
    def disc(image, r, threshold=0.8, highlight=4.0):
        image = np.asarray(image, np.uint32)
        return references.cus_postprocess_disc({
            "g_odata": np.zeros_like(image), "g_idata": image, "imgw": image.shape[1],
            "imgh": image.shape[0], "r": r, "threshold": threshold,
            "highlight": highlight})["g_odata"]

    def rgb(r, g, b):
        return r | g << 8 | b << 16

    assert np.array_equal(disc(np.full((4, 6), rgb(10, 20, 30) | 77 << 24), 2),
                          np.full((4, 6), rgb(10, 20, 30)))
    image = np.zeros((3, 3), np.uint32)
    image[1, 1] = rgb(255, 255, 255)
    grey = rgb(204, 204, 204)
    assert disc(image, 1).tolist() == [[0, grey, 0], [grey, grey, grey], [0, grey, 0]]
    assert disc(np.full((2, 2), rgb(255, 255, 255)), 1).tolist() == [[rgb(255, 255, 255)] * 2] * 2

    def plain_disc(image, r, threshold, highlight):
        h, w = image.shape
        out = np.zeros((h, w), np.uint32)
        for y, x in itertools.product(range(h), range(w)):
            sums, samples = [0.0, 0.0, 0.0], 0
            for dy, dx in itertools.product(range(-r, r + 1), repeat=2):
                if dx * dx + dy * dy > r * r:
                    continue
                word = int(image[min(max(y + dy, 0), h - 1), min(max(x + dx, 0), w - 1)])
                chans = [(word >> (8 * c)) & 255 for c in range(3)]
                bright = f32(sum(chans)) / f32(765) > f32(threshold)
                for c in range(3):
                    sums[c] += chans[c] * (highlight if bright else 1)
                samples += 1
            for c in range(3):
                mean = min(max(float(f32(sums[c]) / f32(samples)), 0), 255)
                out[y, x] |= int(mean) << (8 * c)
        return out

    for h, w, r in ((5, 7, 2), (1, 6, 3), (9, 2, 1)):
        image = rng.integers(0, 2**32, size=(h, w), dtype=np.uint32)
        image[0, 0] = rgb(250, 250, 250)  # a highlight
        assert np.array_equal(disc(image, r), plain_disc(image, r, 0.8, 4.0))
        assert np.array_equal(disc(image, r, 0.5, 2.0), plain_disc(image, r, 0.5, 2.0))

    # oceanFFT's spectrum: by hand (at k = 0, the mesh's centre, w = 0 and the mirror is the
    # point itself: h0 + conj(h0) = 2 Re h0; elsewhere h0(k) only, with h0(-k) zero, turns
    # by w t); then random spectra against a plain loop
    def spectrum(h0, mesh, t=0.5, patch=100.0):
        h0 = np.asarray(h0, np.float32)
        return references.cus_ocean_spectrum({
            "h0_data": h0, "ht_data": np.zeros((mesh, mesh, 2), np.float32),
            "in_width": mesh + 4, "out_width": mesh, "out_height": mesh, "t": t,
            "patchSize": patch})["ht_data"]

    h0 = np.zeros((5, 8, 2))
    h0[2, 2] = [3, 4]
    got = spectrum(h0, 4)
    assert got[2, 2].tolist() == [6, 0] and np.count_nonzero(got) == 1
    h0 = np.zeros((5, 8, 2))
    h0[2, 3] = [1, 0]  # k = (2 pi / 100, 0), its mirror (2, 1) zero
    w = math.sqrt(9.81 * 2 * math.pi / 100)
    got = spectrum(h0, 4, t=1.0)
    assert np.allclose(got[2, 3], [math.cos(w), math.sin(w)], rtol=1e-6)
    assert np.allclose(got[2, 1], [math.cos(w), -math.sin(w)], rtol=1e-6)  # conj(h0(-k))

    def plain_spectrum(h0, mesh, t, patch):
        out = np.zeros((mesh, mesh, 2))
        scale = f32(2.0) * f32(3.141592654) / f32(patch)
        for y, x in itertools.product(range(mesh), repeat=2):
            kx = (f32(-mesh) / f32(2) + f32(x)) * scale
            ky = (f32(-mesh) / f32(2) + f32(y)) * scale
            arg = float(np.sqrt(f32(9.81) * np.sqrt(kx * kx + ky * ky)) * f32(t))
            a = complex(*h0[y, x])
            b = complex(*h0[mesh - y, mesh - x]).conjugate()
            turn = complex(math.cos(arg), math.sin(arg))
            v = a * turn + b * turn.conjugate()
            out[y, x] = [v.real, v.imag]
        return out

    for mesh, t, patch in ((6, 0.5, 100.0), (5, 3.0, 7.0)):
        h0 = rng.integers(-8, 8, size=(mesh + 1, mesh + 4, 2))
        assert np.allclose(spectrum(h0, mesh, t, patch), plain_spectrum(h0, mesh, t, patch),
                           rtol=1e-6, atol=1e-6)

    # OpenCV's BP data cost: by hand ((10, 20, 30) against black: 0.07 (0.114 10 + 0.587 20
    # + 0.299 30) = 1.5295; no pixel d to the left: 0.07 100; capped at 7; the border and the
    # last column kept); then random pairs against a plain loop
    def comp_data(left, right, ndisp, max_term=100.0, weight=0.07):
        left, right = np.asarray(left, np.uint32), np.asarray(right, np.uint32)
        rows, cols = left.shape
        return references.ocv_bp_comp_data({
            "left": left, "right": right, "data": np.full((ndisp, rows, cols), -1, np.float32),
            "rows": rows, "cols": cols, "cndisp": ndisp, "cmax_data_term": max_term,
            "cdata_weight": weight})["data"]

    left = np.zeros((3, 4), np.uint32)
    left[1, 2] = rgb(10, 20, 30)
    right = np.zeros((3, 4), np.uint32)
    right[1, 1] = rgb(255, 255, 255)
    got = comp_data(left, right, 3)
    assert np.allclose(got[0, 1, 2], 0.07 * (1.14 + 11.74 + 8.97), rtol=1e-6)
    assert np.allclose(got[1, 1, 2], 7, rtol=1e-6)  # 0.07 (0.114 245 + ...) capped
    assert np.allclose(got[2, 1, 1:3], 7, rtol=1e-6) and np.allclose(got[1, 1, 1], 7, rtol=1e-6)
    assert np.allclose(got[0, 1, 1], 7, rtol=1e-6) and (got[:, 0] == -1).all()  # black, white
    assert (got[:, :, 0] == -1).all() and (got[:, :, 3] == -1).all()

    def plain_comp_data(left, right, ndisp, max_term, weight):
        rows, cols = left.shape
        out = np.full((ndisp, rows, cols), -1.0)
        cap = float(f32(weight) * f32(max_term))
        for d, y, x in itertools.product(range(ndisp), range(1, rows - 1), range(1, cols - 1)):
            if x - d < 1:
                out[d, y, x] = cap
                continue
            lw, rw = int(left[y, x]), int(right[y, x - d])
            val = sum(float(f32(c)) * abs(((lw >> (8 * i)) & 255) - ((rw >> (8 * i)) & 255))
                      for i, c in enumerate((0.114, 0.587, 0.299)))
            out[d, y, x] = min(float(f32(weight)) * val, cap)
        return out

    for rows, cols, ndisp in ((4, 9, 5), (6, 3, 2), (2, 8, 3)):
        left = rng.integers(0, 2**32, size=(rows, cols), dtype=np.uint32)
        right = rng.integers(0, 2**32, size=(rows, cols), dtype=np.uint32)
        right[-2:] = left[-2:]  # zero costs
        assert np.allclose(comp_data(left, right, ndisp),
                           plain_comp_data(left, right, ndisp, 100.0, 0.07), rtol=1e-6, atol=0)

    # Rodinia's k-means assignment: by hand ((2, 3) is 13, 5 and 5 from (0, 0), (4, 4) and
    # (1, 1): the first of the tie, 1), the features feature-major, no centres: -1; then
    # random points against a plain loop
    def kmeans(points, centres):
        points, centres = np.asarray(points, np.float32), np.asarray(centres, np.float32)
        n, nf = points.shape
        return references.rodinia_kmeans_point({
            "features": np.ascontiguousarray(points.T), "nfeatures": nf, "npoints": n,
            "nclusters": len(centres), "membership": np.full(n, 7, np.int32),
            "clusters": centres.reshape(-1)})["membership"].tolist()

    assert kmeans([[0, 0], [5, 5], [2, 3], [1, 0]], [[0, 0], [4, 4], [1, 1]]) == [0, 1, 1, 0]
    assert kmeans([[1, 2], [3, 4]], np.zeros((0, 2))) == [-1, -1]

    def plain_kmeans(points, centres):
        best = []
        for p in points:
            dists = [sum((float(a) - float(b)) ** 2 for a, b in zip(p, c, strict=True))
                     for c in centres]
            best.append(dists.index(min(dists)))
        return best

    for n, nf, k in ((30, 3, 5), (7, 1, 9), (50, 8, 2)):
        points = rng.integers(0, 4, size=(n, nf))  # many ties
        centres = rng.integers(0, 4, size=(k, nf))
        assert kmeans(points, centres) == plain_kmeans(points, centres)

    # Rodinia's cfd fluxes: by hand (a cell at rest, density 1 and energy 10: pressure 0.4
    # 10 = 4; faces of an unknown kind (-3) add nothing; a wing face of normal (1, 2, 3)
    # adds 4 (1, 2, 3) to the momentum fluxes; a neighbour at rest of normal (1, 0, 0) adds
    # 0.5 (4 + 4) to the x momentum flux and no viscosity; a far-field face of normal (2, 0,
    # 0) with far-field momentum (1, 0, 0) adds 1 to the density flux and 4 to the x
    # momentum); then random meshes against a plain loop
    def cfd(nbs, normals, rho, mom, energy, ff_var, ff_flux):
        nbs = np.asarray(nbs, np.int32)
        n = nbs.shape[1]
        return references.rodinia_cfd_flux({
            "nelr": n, "elements_surrounding_elements": nbs,
            "normals": np.asarray(normals, np.float32), "density": np.asarray(rho, np.float32),
            "momentum": np.asarray(mom, np.float32), "energy": np.asarray(energy, np.float32),
            "ff_variable": np.asarray(ff_var, np.float32),
            "ff_flux": np.asarray(ff_flux, np.float32),
            "fluxes": np.full((5, n), np.nan, np.float32)})["fluxes"]

    p = float(f32(1.4) - f32(1)) * 10
    normals = np.zeros((3, 4, 2))
    normals[:, 0, 0] = [1, 2, 3]
    normals[:, 1, 0] = [1, 0, 0]
    normals[:, 2, 0] = [2, 0, 0]
    normals[:, 3, 0] = [5, 5, 5]
    nbs = [[-1, -3], [1, -3], [-2, -3], [-3, -3]]
    got = cfd(nbs, normals, [1, 1], np.zeros((3, 2)), [10, 10], [9, 1, 0, 0, 9], np.zeros(12))
    assert np.allclose(got[:, 0], [1, p + p + p, 2 * p, 3 * p, 0], rtol=1e-6, atol=1e-6)
    assert (got[:, 1] == 0).all()

    def plain_cfd(nbs, normals, rho, mom, energy, ff_var, ff_flux):
        g1 = float(f32(1.4) - f32(1))

        def state(i):
            r, m, e = float(rho[i]), [float(mom[d, i]) for d in range(3)], float(energy[i])
            v = [x / r for x in m]
            sq = sum(x * x for x in v)
            pr = g1 * (e - 0.5 * r * sq)
            c = math.sqrt(float(f32(1.4)) * pr / r)
            fc = [[v[a] * m[b] + (pr if a == b else 0) for b in range(3)] for a in range(3)]
            fc.append([v[b] * (e + pr) for b in range(3)])
            return r, m, e, sq, pr, c, fc

        n = nbs.shape[1]
        out = np.zeros((5, n))
        for i in range(n):
            r, m, e, sq, pr, c, fc = state(i)
            acc = [0.0] * 5  # density, momentum x, y, z, density energy
            for j in range(4):
                nb = int(nbs[j, i])
                nrm = [float(normals[d, j, i]) for d in range(3)]
                if nb >= 0:
                    rn, mn, en, sqn, _, cn, fcn = state(nb)
                    visc = -math.sqrt(sum(x * x for x in nrm)) * 0.2 * 0.5 * (
                        math.sqrt(sq) + math.sqrt(sqn) + c + cn)
                    acc[0] += visc * (r - rn) + sum(0.5 * nrm[d] * (mn[d] + m[d]) for d in range(3))
                    for a in range(3):
                        acc[1 + a] += visc * (m[a] - mn[a]) + sum(
                            0.5 * nrm[d] * (fcn[a][d] + fc[a][d]) for d in range(3))
                    acc[4] += visc * (e - en) + sum(
                        0.5 * nrm[d] * (fcn[3][d] + fc[3][d]) for d in range(3))
                elif nb == -1:
                    for a in range(3):
                        acc[1 + a] += nrm[a] * pr
                elif nb == -2:
                    acc[0] += sum(0.5 * nrm[d] * (float(ff_var[1 + d]) + m[d]) for d in range(3))
                    for a in range(3):
                        acc[1 + a] += sum(0.5 * nrm[d] * (float(ff_flux[3 * a + d]) + fc[a][d])
                                          for d in range(3))
                    acc[4] += sum(0.5 * nrm[d] * (float(ff_flux[9 + d]) + fc[3][d])
                                  for d in range(3))
            out[:, i] = acc
        return out

    for n in (9, 40):
        nbs = rng.integers(-3, n, size=(4, n))
        normals = rng.integers(-4, 4, size=(3, 4, n))
        rho, energy = rng.integers(1, 4, size=n), rng.integers(64, 128, size=n)
        mom = rng.integers(-4, 4, size=(3, n))
        ff_var, ff_flux = rng.integers(-4, 4, size=5), rng.integers(-64, 64, size=12)
        got = cfd(nbs, normals, rho, mom, energy, ff_var, ff_flux)
        want = plain_cfd(nbs, normals, rho, mom, energy, ff_var, ff_flux)
        assert np.allclose(got, want, rtol=1e-5, atol=1e-3)


def test_blind33_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(33)
    f32 = np.float32

    # FDTD3d's radius-4 stencil: by hand (one inner cell, coefficients 2, 3, 5, 7, 11: the
    # whole star at 1 gives 2 + 6 (3 + 5 + 7 + 11) = 158, the plane 2 in front alone 5; the
    # padding and the output's halo kept); then random volumes against a plain loop
    def fdtd(vol, coeffs, pad=3):
        vol = np.asarray(vol, np.float32)
        dimz, dimy, dimx = (s - 8 for s in vol.shape)
        flat = np.concatenate([np.full(pad, 9, np.float32), vol.reshape(-1)])
        got = references.cus_fdtd3d({
            "output": np.full(flat.size, -1, np.float32), "input": flat,
            "stencil": np.asarray(coeffs, np.float32), "dimx": dimx, "dimy": dimy,
            "dimz": dimz, "padding": pad})["output"]
        assert (got[:pad] == -1).all()
        return got[pad:].reshape(vol.shape)

    coeffs = [2, 3, 5, 7, 11]
    star = np.zeros((9, 9, 9))
    star[4, 4, :] = star[4, :, 4] = star[:, 4, 4] = 1
    got = fdtd(star, coeffs)
    assert got[4, 4, 4] == 158 and np.count_nonzero(got + 1) == 1
    ahead = np.zeros((9, 9, 9))
    ahead[6, 4, 4] = 1
    assert fdtd(ahead, coeffs)[4, 4, 4] == 5

    def plain_fdtd(vol, coeffs):
        out = np.full(vol.shape, -1.0)
        dz, dy, dx = (s - 8 for s in vol.shape)
        for z, y, x in itertools.product(range(4, 4 + dz), range(4, 4 + dy), range(4, 4 + dx)):
            value = coeffs[0] * vol[z, y, x]
            for i in range(1, 5):
                value += coeffs[i] * (vol[z + i, y, x] + vol[z - i, y, x] + vol[z, y - i, x]
                                      + vol[z, y + i, x] + vol[z, y, x - i] + vol[z, y, x + i])
            out[z, y, x] = value
        return out

    for dz, dy, dx in ((2, 3, 5), (1, 4, 1), (3, 1, 2)):
        vol = rng.integers(-8, 8, size=(dz + 8, dy + 8, dx + 8))
        coeffs = rng.integers(1, 8, size=5)
        assert np.array_equal(fdtd(vol, coeffs), plain_fdtd(vol, coeffs))

    # OpenCV's pyrDown: by hand (a constant image kept; 256 at the centre of a 5 x 5 black
    # image: 256 (6/16)^2 = 36 at the centre, 256 (6/16) (2/16) = 12 beside it, 4 at the
    # corners, whose reflected rows and columns weigh 1/16 twice); then random images against
    # a plain loop
    def pyr(src):
        src = np.asarray(src, np.float32)
        rows, cols = src.shape
        drows, dcols = (rows + 1) // 2, (cols + 1) // 2
        return references.ocv_pyr_down({
            "src": src, "dst": np.full((drows, dcols), -1, np.float32), "src_rows": rows,
            "src_cols": cols, "dst_rows": drows, "dst_cols": dcols})["dst"]

    assert np.array_equal(pyr(np.full((6, 7), 37)), np.full((3, 4), 37))
    image = np.zeros((5, 5))
    image[2, 2] = 256
    assert pyr(image).tolist() == [[4, 12, 4], [12, 36, 12], [4, 12, 4]]

    def plain_pyr(src):
        rows, cols = src.shape
        taps = [1, 4, 6, 4, 1]

        def refl(i, n):
            return -i if i < 0 else (2 * (n - 1) - i if i >= n else i)

        out = np.zeros(((rows + 1) // 2, (cols + 1) // 2))
        for y, x in itertools.product(range(out.shape[0]), range(out.shape[1])):
            out[y, x] = sum(taps[a] * taps[b] * float(src[refl(2 * y + a - 2, rows),
                                                         refl(2 * x + b - 2, cols)])
                            for a, b in itertools.product(range(5), repeat=2)) / 256
        return out

    for rows, cols in ((5, 7), (8, 3), (13, 37), (4, 4)):
        src = rng.integers(0, 256, size=(rows, cols))
        assert np.array_equal(pyr(src), plain_pyr(src))

    # TV-L1's dual step: by hand (taut 1: u1 = [[0, 3], [4, 0]] gives at (0, 0) the
    # differences 3 and 4, |.| 5, so p = (3, 4) / 6; at (0, 1) (0, -3) / 4; at (1, 0) (-4,
    # 0) / 5; at (1, 1) nothing; p21, p22 of a constant u2 kept, as are p31, p32 while gamma is
    # 0; with gamma 1 and u3 = [[1, 5], [1, 5]], p31 = (7 + 4) / 5 in the first column); then
    # random flows (gamma 0 and 1) against a plain loop
    def dual(us, ps, taut=1.0, gamma=0.0):
        names = ("p11", "p12", "p21", "p22", "p31", "p32")
        us = [np.asarray(u, np.float32) for u in us]
        rows, cols = us[0].shape
        got = references.ocv_tvl1_dual({
            "u1": us[0], "u2": us[1], "u3": us[2], "rows": rows, "cols": cols, "taut": taut,
            "gamma": gamma,
            **{n: np.asarray(p, np.float32) for n, p in zip(names, ps, strict=True)}})
        return [got[n] for n in names]

    zeros = np.zeros((2, 2))
    ps = [zeros, zeros, np.ones((2, 2)), zeros, np.full((2, 2), 7), zeros]
    got = dual([[[0, 3], [4, 0]], zeros, np.ones((2, 2)) * [[1, 5]]], ps)
    assert np.allclose(got[0], [[0.5, 0], [-0.8, 0]])
    assert np.allclose(got[1], [[4 / 6, -0.75], [0, 0]])
    assert (got[2] == 1).all() and (got[3] == 0).all()
    assert (got[4] == 7).all() and (got[5] == 0).all()
    got = dual([zeros, zeros, [[1, 5], [1, 5]]], ps, gamma=1.0)
    assert np.allclose(got[4], [[2.2, 7], [2.2, 7]]) and np.allclose(got[5], 0)  # (7 + 4) / 5

    def plain_dual(us, ps, taut, gamma):
        rows, cols = us[0].shape
        out = [np.array(p, np.float64) for p in ps]
        for k, (y, x) in itertools.product(range(3 if gamma > 0 else 2),
                                           itertools.product(range(rows), range(cols))):
            u = us[k]
            ux = float(u[y, min(x + 1, cols - 1)]) - float(u[y, x])
            uy = float(u[min(y + 1, rows - 1), x]) - float(u[y, x])
            ng = 1 + float(f32(taut)) * math.hypot(ux, uy)
            out[2 * k][y, x] = (float(ps[2 * k][y, x]) + float(f32(taut)) * ux) / ng
            out[2 * k + 1][y, x] = (float(ps[2 * k + 1][y, x]) + float(f32(taut)) * uy) / ng
        return out

    for (rows, cols), gamma in itertools.product(((4, 6), (1, 5), (7, 1)), (0.0, 1.0)):
        us = [rng.integers(-4, 4, size=(rows, cols)) for _ in range(3)]
        ps = [rng.integers(-1, 2, size=(rows, cols)) for _ in range(6)]
        got = dual(us, ps, 5 / 6, gamma)
        for a, b in zip(got, plain_dual(us, ps, 5 / 6, gamma), strict=True):
            assert np.allclose(a, b, rtol=1e-6, atol=1e-7)

    # fluidsGL's diffusion and projection: by hand (visc dt = 1: k = 0 kept; k = (1, 0)
    # halves and drops vx; row dy - 1 is k = (0, -1): halves and drops vy; k = (1, 1) with v
    # = (1, 1) removed entirely, with v = (1, -1) a third of it kept); then random spectra
    # against a plain loop
    def fluids(vx, vy, visc=0.5, dt=2.0):
        vx, vy = np.asarray(vx, np.float32), np.asarray(vy, np.float32)
        dy, dx = vx.shape[:2]
        got = references.cus_fluids_diffuse({
            "vx": vx, "vy": vy, "dx": dx, "dy": dy, "dt": dt, "visc": visc, "lb": 3})
        return got["vx"], got["vy"]

    vx = np.zeros((4, 3, 2))
    vy = np.zeros((4, 3, 2))
    vx[0, 0], vy[0, 0] = [3, 4], [5, 6]
    vx[0, 1], vy[0, 1] = [2, 1], [4, 3]
    vx[3, 0], vy[3, 0] = [2, 1], [4, 3]
    vx[1, 1], vy[1, 1] = [1, 1], [1, -1]
    gx, gy = fluids(vx, vy)
    assert gx[0, 0].tolist() == [3, 4] and gy[0, 0].tolist() == [5, 6]
    assert np.allclose(gx[0, 1], 0) and np.allclose(gy[0, 1], [2, 1.5])
    assert np.allclose(gx[3, 0], [1, 0.5]) and np.allclose(gy[3, 0], 0)
    assert np.allclose(gx[1, 1], [0, 1 / 3]) and np.allclose(gy[1, 1], [0, -1 / 3])

    def plain_fluids(vx, vy, visc, dt):
        dy, dx = vx.shape[:2]
        ox, oy = np.zeros(vx.shape), np.zeros(vy.shape)
        vd = float(f32(visc) * f32(dt))
        for y, x in itertools.product(range(dy), range(dx)):
            ky = y - dy if y > dy // 2 else y
            kk = x * x + ky * ky
            diff = 1 / (1 + vd * kk)
            a = complex(*vx[y, x]) * diff
            b = complex(*vy[y, x]) * diff
            if kk > 0:
                dot = x * a + ky * b
                a, b = a - dot * x / kk, b - dot * ky / kk
            ox[y, x], oy[y, x] = [a.real, a.imag], [b.real, b.imag]
        return ox, oy

    for dy, dx in ((6, 4), (5, 3), (1, 2)):
        vx = rng.integers(-8, 8, size=(dy, dx, 2))
        vy = rng.integers(-8, 8, size=(dy, dx, 2))
        for got, want in zip(fluids(vx, vy, 0.0025, 0.09), plain_fluids(vx, vy, 0.0025, 0.09),
                             strict=True):
            assert np.allclose(got, want, rtol=1e-6, atol=1e-6)

    # PyTorch's col2im: by hand (columns of ones: a 3 x 3 kernel, padding 1 and stride 1 count
    # the windows covering each pixel of a 3 x 3 image, 4 at the corners, 6 on the edges, 9 in
    # the middle; stride 2 leaves two windows a side: 1, 2, 1 down and across); then random
    # columns (strides, paddings, dilations) against a plain loop
    def col2im(col, c, h, w, kh, kw, ph=0, pw=0, sh=1, sw=1, dh=1, dw=1):
        hc = (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
        wc = (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
        col = np.asarray(col, np.float32).reshape(c * kh * kw, hc * wc)
        return references.torch_col2im({
            "n": c * h * w, "data_col": col, "height": h, "width": w, "channels": c,
            "kernel_h": kh, "kernel_w": kw, "pad_height": ph, "pad_width": pw,
            "stride_height": sh, "stride_width": sw, "dilation_height": dh,
            "dilation_width": dw, "height_col": hc, "width_col": wc,
            "data_im": np.full((c, h, w), -1, np.float32)})["data_im"]

    got = col2im(np.ones(81), 1, 3, 3, 3, 3, 1, 1)
    assert got.tolist() == [[[4, 6, 4], [6, 9, 6], [4, 6, 4]]]
    got = col2im(np.ones(36), 1, 3, 3, 3, 3, 1, 1, 2, 2)
    assert got.tolist() == [[[1, 2, 1], [2, 4, 2], [1, 2, 1]]]

    def plain_col2im(col, c, h, w, kh, kw, ph, pw, sh, sw, dh, dw):
        hc = (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
        wc = (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
        col = col.reshape(c, kh, kw, hc, wc)
        im = np.zeros((c, h, w))
        for ch, i, j, y, x in itertools.product(range(c), range(kh), range(kw), range(hc),
                                                range(wc)):
            r, s = y * sh - ph + i * dh, x * sw - pw + j * dw
            if 0 <= r < h and 0 <= s < w:
                im[ch, r, s] += col[ch, i, j, y, x]
        return im

    for shape in ((2, 7, 9, 3, 5, 1, 2, 2, 3, 2, 1), (1, 5, 4, 2, 2, 0, 0, 1, 1, 1, 1),
                  (3, 6, 6, 3, 3, 2, 1, 1, 2, 3, 1), (1, 4, 5, 1, 1, 0, 0, 2, 2, 1, 1)):
        c, h, w, kh, kw, ph, pw, sh, sw, dh, dw = shape
        hc = (h + 2 * ph - (dh * (kh - 1) + 1)) // sh + 1
        wc = (w + 2 * pw - (dw * (kw - 1) + 1)) // sw + 1
        col = rng.integers(-8, 8, size=c * kh * kw * hc * wc)
        assert np.array_equal(col2im(col, *shape), plain_col2im(col, *shape))

    # PyTorch's LSTM cell: by hand (zero pre-activations and biases, c_x = 2: every sigmoid
    # 1/2 and tanh 0, so c_y = 1 and h_y = tanh(1) / 2; the gates saved in the order i, f,
    # g, o); then random cells against a plain loop
    def lstm(gin, ghid, b1, b2, cx):
        gin, ghid = np.asarray(gin, np.float32), np.asarray(ghid, np.float32)
        batch, hsz = np.shape(cx)
        got = references.torch_lstm_cell({
            "input": gin, "hidden": ghid, "bias1": np.asarray(b1, np.float32),
            "bias2": np.asarray(b2, np.float32), "cx": np.asarray(cx, np.float32),
            "hy": np.zeros((batch, hsz), np.float32), "cy": np.zeros((batch, hsz), np.float32),
            "workspace": np.zeros((batch, 4 * hsz), np.float32), "hsz": hsz,
            "totalElements": batch * hsz})
        return got["hy"], got["cy"], got["workspace"]

    hy, cy, ws = lstm(np.zeros((2, 12)), np.zeros((2, 12)), np.zeros(12), np.zeros(12),
                      np.full((2, 3), 2))
    assert np.allclose(hy, math.tanh(1) / 2) and np.allclose(cy, 1)
    assert np.allclose(ws, [[0.5] * 6 + [0] * 3 + [0.5] * 3] * 2)

    def plain_lstm(gin, ghid, b1, b2, cx):
        batch, hsz = cx.shape
        hy, cy, ws = np.zeros((batch, hsz)), np.zeros((batch, hsz)), np.zeros((batch, 4 * hsz))
        for b, j in itertools.product(range(batch), range(hsz)):
            s = [float(gin[b, g * hsz + j] + ghid[b, g * hsz + j] + b1[g * hsz + j]
                       + b2[g * hsz + j]) for g in range(4)]
            ig, fg, og = (1 / (1 + math.exp(-s[g])) for g in (0, 1, 3))
            cg = math.tanh(s[2])
            cy[b, j] = fg * float(cx[b, j]) + ig * cg
            hy[b, j] = og * math.tanh(cy[b, j])
            ws[b, j::hsz] = [ig, fg, cg, og]
        return hy, cy, ws

    for batch, hsz in ((3, 5), (1, 7), (4, 1)):
        gin = rng.integers(-4, 4, size=(batch, 4 * hsz))
        ghid = rng.integers(-4, 4, size=(batch, 4 * hsz))
        b1, b2 = rng.integers(-2, 2, size=4 * hsz), rng.integers(-2, 2, size=4 * hsz)
        cx = rng.integers(-4, 4, size=(batch, hsz))
        for got, want in zip(lstm(gin, ghid, b1, b2, cx), plain_lstm(gin, ghid, b1, b2, cx),
                             strict=True):
            assert np.allclose(got, want, rtol=1e-6, atol=1e-7)


def test_blind34_references_on_hand_checked_inputs():
    import itertools
    import math
    import statistics

    rng = np.random.default_rng(34)
    f32 = np.float32

    # llama.cpp's RMS norm: by hand (eps 0: ones kept; [2, -2, 2, -2] has mean square 4, so
    # halved; [3, 4, 0, 0] has mean square 25/4, so times 2/5); then random rows against a
    # plain loop
    def rms(x, eps=0.0):
        x = np.asarray(x, np.float32)
        return references.llama_rms_norm({"x": x, "dst": np.zeros_like(x),
                                          "ncols": x.shape[1], "eps": eps})["dst"]

    got = rms([[1, 1, 1, 1], [2, -2, 2, -2], [3, 4, 0, 0]])
    assert np.allclose(got, [[1, 1, 1, 1], [1, -1, 1, -1], [1.2, 1.6, 0, 0]], rtol=1e-7)

    def plain_rms(x, eps):
        out = np.zeros(x.shape)
        for r in range(x.shape[0]):
            total = sum(float(v) * float(v) for v in x[r])
            scale = 1 / math.sqrt(total / x.shape[1] + float(f32(eps)))
            out[r] = [scale * float(v) for v in x[r]]
        return out

    for rows, cols in ((3, 7), (1, 33), (4, 1)):
        x = rng.integers(-8, 8, size=(rows, cols))
        assert np.allclose(rms(x, 1e-5), plain_rms(x, 1e-5), rtol=1e-6, atol=1e-7)

    # log_softmax's backward: by hand (log-probabilities log(1/4) over 4 classes, gradient [1,
    # 2, 3, -2] summing to 4: gradInput = gradOutput - 1; a row of zeros kept 0); then random
    # rows against a plain loop
    def lsm_bwd(logp, grad):
        logp, grad = np.asarray(logp, np.float32), np.asarray(grad, np.float32)
        return references.torch_log_softmax_bwd({
            "gradInput": np.zeros_like(grad), "output": logp, "gradOutput": grad,
            "classes": grad.shape[1]})["gradInput"]

    got = lsm_bwd(np.full((2, 4), math.log(0.25)), [[1, 2, 3, -2], [0, 0, 0, 0]])
    assert np.allclose(got, [[0, 1, 2, -3], [0, 0, 0, 0]], atol=1e-6)

    def plain_lsm_bwd(logp, grad):
        out = np.zeros(grad.shape)
        for r in range(grad.shape[0]):
            total = sum(float(g) for g in grad[r])
            out[r] = [float(g) - math.exp(float(o)) * total
                      for g, o in zip(grad[r], logp[r], strict=True)]
        return out

    for rows, classes in ((3, 9), (2, 1), (1, 130)):
        logp = rng.integers(-12, -4, size=(rows, classes))
        grad = rng.integers(-4, 4, size=(rows, classes))
        assert np.allclose(lsm_bwd(logp, grad), plain_lsm_bwd(logp, grad), rtol=1e-6, atol=1e-6)

    # Rodinia's SRAD update: by hand (lambda 1, every derivative 1, C = [[1, 0], [1, 1]]: at
    # (0, 0) cs = 1 and ce = 0, so d_sum = 3 and 10 + 3/4; at (0, 1) its own c 0, the last
    # column's ce its own, cs = 1: 20 + 1/4; the last row's cs its own: 30 + 1 and 40 + 1);
    # then random images against a plain loop
    def srad(j_img, c_img, n, s, w, e, lam=1.0):
        j_img = np.asarray(j_img, np.float32)
        rows, cols = j_img.shape
        arrays = {k: np.asarray(v, np.float32) for k, v in
                  (("J_cuda", j_img), ("C_cuda", c_img), ("N_C", n), ("S_C", s), ("W_C", w),
                   ("E_C", e))}
        return references.rodinia_srad_update({
            **arrays, "J_out": np.full((rows, cols), -1, np.float32), "rows": rows,
            "cols": cols, "lambda": lam})["J_out"]

    ones = np.ones((2, 2))
    got = srad([[10, 20], [30, 40]], [[1, 0], [1, 1]], ones, ones, ones, ones)
    assert got.tolist() == [[10.75, 20.25], [31, 41]]

    def plain_srad(j_img, c_img, n, s, w, e, lam):
        rows, cols = j_img.shape
        out = np.zeros((rows, cols))
        for y, x in itertools.product(range(rows), range(cols)):
            cc = float(c_img[y, x])
            cs = float(c_img[min(y + 1, rows - 1), x])
            ce = float(c_img[y, min(x + 1, cols - 1)])
            d_sum = cc * n[y, x] + cs * s[y, x] + cc * w[y, x] + ce * e[y, x]
            out[y, x] = float(j_img[y, x]) + 0.25 * float(f32(lam)) * d_sum
        return out

    for rows, cols in ((4, 6), (1, 5), (7, 1)):
        j_img = rng.integers(1, 256, size=(rows, cols))
        c_img = rng.integers(0, 2, size=(rows, cols))
        ders = [rng.integers(-16, 16, size=(rows, cols)) for _ in range(4)]
        assert np.array_equal(srad(j_img, c_img, *ders, lam=0.5),
                              plain_srad(j_img, c_img, *ders, 0.5))

    # OpenCV's cartToPolar: by hand in degrees ((3, 4): 5 and atan(4/3); (-1, 0): 1 and 180;
    # (0, -2): 2 and 270; (0, 0): 0 and 0; (1, -1): sqrt(2) and 315); then random fields
    # against a plain loop
    def polar(x, y, scale=180 / math.pi):
        x, y = np.asarray(x, np.float32), np.asarray(y, np.float32)
        rows, cols = x.shape
        got = references.ocv_cart_to_polar({
            "xptr": x, "yptr": y, "x_step": cols, "y_step": cols, "mag_step": cols,
            "angle_step": cols, "mag": np.zeros_like(x), "angle": np.zeros_like(x),
            "scale": scale, "width": cols, "height": rows})
        return got["mag"], got["angle"]

    mag, ang = polar([[3, -1, 0, 0, 1]], [[4, 0, -2, 0, -1]])
    assert np.allclose(mag, [[5, 1, 2, 0, math.sqrt(2)]], rtol=1e-7)
    assert np.allclose(ang, [[math.degrees(math.atan2(4, 3)), 180, 270, 0, 315]], rtol=1e-6)

    def plain_polar(x, y, scale):
        mag, ang = np.zeros(x.shape), np.zeros(x.shape)
        for i, j in itertools.product(*map(range, x.shape)):
            mag[i, j] = math.hypot(x[i, j], y[i, j])
            a = math.atan2(y[i, j], x[i, j])
            ang[i, j] = (a + 2 * math.pi if a < 0 else a) * float(f32(scale))
        return mag, ang

    for rows, cols in ((3, 5), (1, 7), (6, 1)):
        x = rng.integers(-256, 256, size=(rows, cols))
        y = rng.integers(-256, 256, size=(rows, cols))
        for got, want in zip(polar(x, y), plain_polar(x, y, 180 / math.pi), strict=True):
            assert np.allclose(got, want, rtol=1e-6, atol=1e-6)

    # ATen's depthwise convolution: by hand (a 3 x 3 image of ones, weights of ones, padding 1:
    # the window counts 4, 6, 9; a bias of 1 added; stride 2 leaves four corner windows of 4;
    # multiplier 2 gives each input channel two output channels, here weights 1 and 2); then
    # random problems (strides, paddings, dilations, multipliers) against a plain loop
    def depthwise(inp, weight, bias, mult=1, stride=(1, 1), pad=(1, 1), dil=(1, 1),
                  bias_on=True):
        inp, weight = np.asarray(inp, np.float32), np.asarray(weight, np.float32)
        nb, ic, ih, iw = inp.shape
        oc, kh, kw = weight.shape
        oh = (ih + 2 * pad[0] - dil[0] * (kh - 1) - 1) // stride[0] + 1
        ow = (iw + 2 * pad[1] - dil[1] * (kw - 1) - 1) // stride[1] + 1
        return references.torch_depthwise_conv2d({
            "input": inp, "output": np.full((nb, oc, oh, ow), -1, np.float32), "weight": weight,
            "bias": np.asarray(bias, np.float32), "biasEnabled": int(bias_on),
            "totalElements": nb * oc * oh * ow, "outputChannels": oc,
            "depthwiseMultiplier": mult, "inputWidth": iw, "inputHeight": ih,
            "outputWidth": ow, "outputHeight": oh, "kernelWidth": kw, "kernelHeight": kh,
            "strideWidth": stride[1], "strideHeight": stride[0], "padWidth": pad[1],
            "padHeight": pad[0], "dilationWidth": dil[1], "dilationHeight": dil[0]})["output"]

    counts = [[4, 6, 4], [6, 9, 6], [4, 6, 4]]
    img = np.ones((1, 1, 3, 3))
    assert depthwise(img, np.ones((1, 3, 3)), [0])[0, 0].tolist() == counts
    assert depthwise(img, np.ones((1, 3, 3)), [1])[0, 0].tolist() == (np.add(counts, 1)).tolist()
    assert depthwise(img, np.ones((1, 3, 3)), [5], bias_on=False)[0, 0].tolist() == counts
    assert depthwise(img, np.ones((1, 3, 3)), [0], stride=(2, 2))[0, 0].tolist() == [[4, 4],
                                                                                      [4, 4]]
    got = depthwise(img, np.stack([np.ones((3, 3)), 2 * np.ones((3, 3))]), [0, 0], mult=2)
    assert got[0, 0].tolist() == counts and got[0, 1].tolist() == (2 * np.array(counts)).tolist()

    def plain_depthwise(inp, weight, bias, mult, stride, pad, dil):
        nb, ic, ih, iw = inp.shape
        oc, kh, kw = weight.shape
        oh = (ih + 2 * pad[0] - dil[0] * (kh - 1) - 1) // stride[0] + 1
        ow = (iw + 2 * pad[1] - dil[1] * (kw - 1) - 1) // stride[1] + 1
        out = np.zeros((nb, oc, oh, ow))
        for n, c, h, w in itertools.product(range(nb), range(oc), range(oh), range(ow)):
            value = float(bias[c])
            for a, b in itertools.product(range(kh), range(kw)):
                r = h * stride[0] - pad[0] + a * dil[0]
                s = w * stride[1] - pad[1] + b * dil[1]
                if 0 <= r < ih and 0 <= s < iw:
                    value += float(weight[c, a, b]) * float(inp[n, c // mult, r, s])
            out[n, c, h, w] = value
        return out

    for nb, ic, mult, ih, iw, stride, pad, dil in ((2, 3, 1, 7, 9, (1, 1), (1, 1), (1, 1)),
                                                   (1, 2, 2, 8, 5, (2, 1), (2, 0), (2, 1)),
                                                   (2, 1, 3, 5, 6, (1, 2), (0, 2), (1, 2))):
        inp = rng.integers(-8, 8, size=(nb, ic, ih, iw))
        weight = rng.integers(-4, 4, size=(ic * mult, 3, 3))
        bias = rng.integers(-8, 8, size=ic * mult)
        got = depthwise(inp, weight, bias, mult, stride, pad, dil)
        assert np.array_equal(got, plain_depthwise(inp, weight, bias, mult, stride, pad, dil))

    # Moro's inverse normal CDF: by hand (the middle two inputs 2^31 - 1 and 2^31 give 0, the
    # reflection makes the output odd about the middle, Phi^-1 of p1 = d 2^-32 + 2^-33 to
    # 1e-5 in the body and in the tails); then random inputs against a plain loop
    def inv_cnd(d):
        d = np.asarray(d, np.uint32)
        return references.cus_inverse_cnd({"d_Output": np.zeros(d.size, np.float32),
                                           "d_Input": d, "pathN": d.size})["d_Output"]

    assert inv_cnd([0x7FFFFFFF, 0x80000000]).tolist() == [0, 0]
    probes = np.array([0, 1000, 2**28, 2**30, 2**31 - 2**27, 2**31 - 2**20], np.uint32)
    low = inv_cnd(probes)
    high = inv_cnd(np.uint32(0xFFFFFFFF) - probes)
    assert np.array_equal(low, -high) and (low < 0).all()
    normal = statistics.NormalDist()
    want = [normal.inv_cdf(int(d) * 2.0**-32 + 2.0**-33) for d in probes]
    assert np.allclose(low, want, rtol=1e-5, atol=1e-5)

    def plain_inv_cnd(d):
        a = [2.50662823884, -18.61500062529, 41.39119773534, -25.44106049637]
        b = [-8.4735109309, 23.08336743743, -21.06224101826, 3.13082909833]
        c = [0.337475482272615, 0.976169019091719, 0.160797971491821, 2.76438810333863E-02,
             3.8405729373609E-03, 3.951896511919E-04, 3.21767881768E-05, 2.888167364E-07,
             3.960315187E-07]
        out = []
        for x in d:
            x = int(x)
            negate = x >= 2**31
            if negate:
                x = 2**32 - 1 - x
            p1 = float(f32(float(f32(x)) * 2.0**-32 + 2.0**-33))
            p2 = float(f32(p1 - 0.5))
            if p2 > float(f32(-0.42)):
                z = p2 * p2
                z = p2 * (((a[3] * z + a[2]) * z + a[1]) * z + a[0]) / (
                    (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + 1)
            else:
                t = math.log(-math.log(p1))
                z = -(c[0] + t * (c[1] + t * (c[2] + t * (c[3] + t * (c[4] + t * (
                    c[5] + t * (c[6] + t * (c[7] + t * c[8]))))))))
            out.append(-z if negate else z)
        return np.array(out)

    d = rng.integers(0, 2**32, size=500, dtype=np.uint32)
    assert np.allclose(inv_cnd(d), plain_inv_cnd(d), rtol=1e-6, atol=1e-7)


def test_blind35_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(35)
    f32 = np.float32

    # ArrayFire's gradient: by hand (the row [1, 4, 9, 16]: one-sided 3 and 7 at the ends, the
    # halved central 4 and 6 inside; down the columns the same; a one-pixel-wide image 0), then
    # random batches against a plain loop
    def gradient(images):
        images = np.asarray(images, np.float32)
        nb, rows, cols = images.shape
        got = references.af_gradient({
            "grad0": np.zeros_like(images), "grad1": np.zeros_like(images), "in": images,
            "dims0": cols, "dims1": rows, "dims2": nb, "dims3": 1})
        return got["grad0"], got["grad1"]

    g0, g1 = gradient([[[1, 4, 9, 16], [2, 4, 6, 8], [0, 0, 0, 0]]])
    assert g0[0].tolist() == [[3, 4, 6, 7], [2, 2, 2, 2], [0, 0, 0, 0]]
    assert g1[0].tolist() == [[1, 0, -3, -8], [-0.5, -2, -4.5, -8], [-2, -4, -6, -8]]
    g0, g1 = gradient([[[5], [7], [11]]])
    assert g0.tolist() == [[[0], [0], [0]]] and g1.tolist() == [[[2], [3], [4]]]

    def plain_gradient(images):
        nb, rows, cols = images.shape
        g0, g1 = np.zeros(images.shape), np.zeros(images.shape)
        for k, y, x in itertools.product(range(nb), range(rows), range(cols)):
            right, left = images[k, y, min(x + 1, cols - 1)], images[k, y, max(x - 1, 0)]
            below, above = images[k, min(y + 1, rows - 1), x], images[k, max(y - 1, 0), x]
            g0[k, y, x] = (1 if x in (0, cols - 1) else 0.5) * (float(right) - float(left))
            g1[k, y, x] = (1 if y in (0, rows - 1) else 0.5) * (float(below) - float(above))
        return g0, g1

    for shape in ((2, 5, 7), (1, 1, 6), (3, 4, 1)):
        images = rng.integers(0, 256, size=shape)
        for got, want in zip(gradient(images), plain_gradient(images), strict=True):
            assert np.array_equal(got, want)

    # OpenCV's pyrUp: by hand (a constant image kept; a 16 at source (1, 1) of a 3 x 3 image of
    # zeros: 4 (6/16)^2 16 = 9 at (2, 2), 6 beside it, 4 diagonally; destination row 0 takes
    # source row -1, mirrored to 1, as well as row 1 by way of (0 + 2) / 2: 4 (2/16)(6/16) 16 =
    # 3 at (0, 2); the columns past the source's last clamped to it), then random images
    # against a plain loop
    def pyr_up(src, drows, dcols):
        src = np.asarray(src, np.float32)
        srows, scols = src.shape
        return references.ocv_pyr_up({
            "src": src, "src_step": scols, "src_rows": srows, "src_cols": scols,
            "dst": np.full((drows, dcols), -1, np.float32), "dst_step": dcols,
            "dst_rows": drows, "dst_cols": dcols})["dst"]

    assert np.array_equal(pyr_up(np.full((3, 4), 7), 6, 8), np.full((6, 8), 7))
    spot = np.zeros((3, 3))
    spot[1, 1] = 16
    got = pyr_up(spot, 6, 6)
    assert (got[2, 2], got[2, 3], got[3, 3], got[0, 2]) == (9, 6, 4, 3)
    edge = np.zeros((3, 3))
    edge[:, 2] = 16
    assert pyr_up(edge, 6, 6)[2, 5] == 16 * 4 * (8 / 16) * (8 / 16)  # clamped, not mirrored

    def plain_pyr_up(src, drows, dcols):
        srows, scols = src.shape
        weight = {-2: 1, -1: 4, 0: 6, 1: 4, 2: 1}
        out = np.zeros((drows, dcols))
        for y, x in itertools.product(range(drows), range(dcols)):
            total = 0.0
            for a, b in itertools.product(range(-2, 3), repeat=2):
                if (y + a) % 2 == 0 and (x + b) % 2 == 0:
                    sy = min(abs((y + a) // 2), srows - 1)
                    sx = min(abs((x + b) // 2), scols - 1)
                    total += weight[a] * weight[b] * float(src[sy, sx])
            out[y, x] = 4 * total / 256
        return out

    for srows, scols, drows, dcols in ((4, 5, 8, 10), (3, 6, 5, 11), (1, 4, 2, 7)):
        src = rng.integers(0, 256, size=(srows, scols))
        assert np.array_equal(pyr_up(src, drows, dcols), plain_pyr_up(src, drows, dcols))

    # The CUDA Samples' stereo disparity: by hand (a right image that is the left one moved 2
    # columns right: cost 0 at d = -2 away from the borders, so 6; identical images: cost 0 at
    # d = 0 only, so 8; constant images: every disparity costs 0 and the first (-16) wins, so
    # -8 as unsigned), then random pairs against the sample's cpu_gold_stereo as a plain loop
    def stereo(left, right, min_d=-16, max_d=0):
        left, right = np.asarray(left, np.uint32), np.asarray(right, np.uint32)
        h, w = left.shape
        return references.cus_stereo_disparity({
            "g_img0": left, "g_img1": right, "g_odata": np.zeros((h, w), np.uint32), "w": w,
            "h": h, "minDisparity": min_d, "maxDisparity": max_d})["g_odata"]

    left = rng.integers(0, 2**32, size=(20, 40), dtype=np.uint32)
    right = np.roll(left, -2, axis=1)  # right[x] = left[x + 2]: left[x] = right[x - 2]
    assert (stereo(left, right)[:, 10:30] == 6).all()
    assert (stereo(left, left) == 8).all()
    assert (stereo(np.full((4, 6), 0x01020304), np.full((4, 6), 0x01020304)) == 2**32 - 8).all()

    def plain_stereo(left, right, min_d, max_d):
        h, w = left.shape
        lb = left.view(np.uint8).reshape(h, w, 4).astype(int)
        rb = right.view(np.uint8).reshape(h, w, 4).astype(int)
        out = np.zeros((h, w), np.uint32)
        for y, x in itertools.product(range(h), range(w)):
            best_cost, best = 9999999, 0
            for d in range(min_d, max_d + 1):
                cost = 0
                for i, j in itertools.product(range(-8, 9), repeat=2):
                    yy = min(max(y + i, 0), h - 1)
                    xx, xxd = min(max(x + j, 0), w - 1), min(max(x + j + d, 0), w - 1)
                    cost += int(np.abs(lb[yy, xx] - rb[yy, xxd]).sum())
                if cost < best_cost:
                    best_cost, best = cost, (d + 8) & 0xFFFFFFFF
            out[y, x] = best
        return out

    for h, w, min_d in ((5, 7, -4), (3, 12, -10)):
        left = rng.integers(0, 2**32, size=(h, w), dtype=np.uint32)
        right = rng.integers(0, 2**32, size=(h, w), dtype=np.uint32)
        assert np.array_equal(stereo(left, right, min_d, 0),
                              plain_stereo(left, right, min_d, 0))

    # The CUDA Samples' bicubic lookup: by hand (a constant image kept; at fraction 0, tx = 0.5
    # and scale 1, the B-spline weights 1/6, 4/6, 1/6 of a lone 255 in one row: 42.5, 170,
    # 42.5), then random images and zooms against a plain loop
    def bicubic(tex, rows, cols, scale, cx, cy, tx, ty):
        tex = np.asarray(tex, np.uint8)
        th, tw = tex.shape
        words = np.zeros(-(-tex.size // 4) * 4, np.uint8)
        words[: tex.size] = tex.reshape(-1)
        return references.cus_bicubic_texture({
            "d_output": np.zeros((rows, cols), np.float32), "width": cols, "height": rows,
            "tx": tx, "ty": ty, "scale": scale, "cx": cx, "cy": cy,
            "image": words.view(np.uint32), "imageW": tw, "imageH": th})["d_output"]

    assert np.allclose(bicubic(np.full((3, 5), 77), 7, 9, 0.375, 4.5, 3.5, -1, -2), 77,
                       rtol=1e-6)
    got = bicubic([[0, 0, 255, 0, 0]], 1, 5, 1.0, 0.0, 0.0, 0.5, 0.5)
    assert np.allclose(got, [[0, 42.5, 170, 42.5, 0]], rtol=1e-6)

    def plain_bicubic(tex, rows, cols, scale, cx, cy, tx, ty):
        th, tw = tex.shape

        def weights(a):
            return [(1 - a) ** 3 / 6, (3 * a**3 - 6 * a * a + 4) / 6,
                    (-3 * a**3 + 3 * a * a + 3 * a + 1) / 6, a**3 / 6]

        out = np.zeros((rows, cols))
        for y, x in itertools.product(range(rows), range(cols)):
            u = float(f32(f32(f32(f32(x) - f32(cx)) * f32(scale) + f32(cx)) + f32(tx))) - 0.5
            v = float(f32(f32(f32(f32(y) - f32(cy)) * f32(scale) + f32(cy)) + f32(ty))) - 0.5
            px, py = math.floor(u), math.floor(v)
            wx, wy = weights(u - px), weights(v - py)
            total = 0.0
            for a, b in itertools.product(range(4), repeat=2):
                sy = min(max(py - 1 + a, 0), th - 1)
                sx = min(max(px - 1 + b, 0), tw - 1)
                total += wy[a] * wx[b] * float(tex[sy, sx]) / 255
            out[y, x] = 255 * total
        return out

    for th, tw, rows, cols, scale in ((4, 6, 9, 11, 0.375), (5, 3, 6, 8, 0.6), (1, 7, 2, 13, 0.5)):
        tex = rng.integers(0, 256, size=(th, tw))
        args = (rows, cols, scale, cols / 2, rows / 2, tw / 2 - cols / 2, th / 2 - rows / 2)
        assert np.allclose(bicubic(tex, *args), plain_bicubic(tex, *args), rtol=1e-5, atol=1e-4)

    # OpenCV's belief propagation step: by hand (everything 0 stays 0; a 3 x 3 image with 3
    # disparities whose up message below the centre is [0, 5, 9]: the sums [0, 5, 9], the
    # envelope [0, 1, 2], truncated at 0 + 1.7 to [0, 1, 1.7], less the mean 0.9, for the up,
    # right and left messages that read it; down stays 0; at t = 1 the centre is not updated),
    # then random problems against a plain loop
    def bp(msgs, data, t=0, max_disc=1.7, jump=1.0):
        msgs = {k: np.asarray(v, np.float32) for k, v in msgs.items()}
        nd, rows, cols = msgs["u"].shape
        return references.ocv_bp_iteration({
            **msgs, "data": np.asarray(data, np.float32), "t": t, "elem_step": cols,
            "data_step": cols, "cols": cols, "rows": rows, "cndisp": nd,
            "cmax_disc_term": max_disc, "cdisc_single_jump": jump})

    zeros = np.zeros((3, 3, 3))
    msgs = dict.fromkeys("udlr", zeros)
    assert all((v == 0).all() for v in bp(msgs, zeros).values())
    msgs["u"] = zeros.copy()
    msgs["u"][:, 2, 1] = [0, 5, 9]
    got = bp(msgs, zeros)
    for k in ("u", "r", "l"):
        assert np.allclose(got[k][:, 1, 1], [-0.9, 0.1, 0.8], atol=1e-6)
    assert (got["d"] == 0).all() and np.array_equal(got["u"][:, 2, 1], [0, 5, 9])
    assert np.array_equal(bp(msgs, zeros, t=1)["u"], msgs["u"])

    def plain_bp(msgs, data, t, max_disc, jump):
        nd, rows, cols = data.shape
        out = {k: v.astype(float) for k, v in msgs.items()}
        sources = {"u": (("u", 1, 0), ("l", 0, 1), ("r", 0, -1)),
                   "d": (("d", -1, 0), ("l", 0, 1), ("r", 0, -1)),
                   "r": (("u", 1, 0), ("d", -1, 0), ("r", 0, -1)),
                   "l": (("u", 1, 0), ("d", -1, 0), ("l", 0, 1))}
        for y, x in itertools.product(range(1, rows - 1), range(1, cols - 1)):
            if (x + y - t) % 2:
                continue
            for k, srcs in sources.items():
                m = [sum(float(msgs[s][i, y + dy, x + dx]) for s, dy, dx in srcs)
                     + float(data[i, y, x]) for i in range(nd)]
                low = min(m)
                for i in range(1, nd):
                    m[i] = min(m[i], m[i - 1] + jump)
                for i in range(nd - 2, -1, -1):
                    m[i] = min(m[i], m[i + 1] + jump)
                m = [min(v, low + max_disc) for v in m]
                mean = sum(m) / nd
                out[k][:, y, x] = [v - mean for v in m]
        return out

    for nd, rows, cols, t in ((4, 5, 6, 0), (3, 4, 7, 1), (5, 3, 3, 0)):
        msgs = {k: rng.integers(-2, 2, size=(nd, rows, cols)) for k in "udlr"}
        data = rng.integers(0, 8, size=(nd, rows, cols))
        got = bp(msgs, data, t)
        want = plain_bp(msgs, data, t, float(f32(1.7)), 1.0)
        for k in "udlr":
            assert np.allclose(got[k], want[k], rtol=1e-6, atol=1e-6)

    # ATen's max pooling: by hand (a 4 x 4 arange pooled 2 x 2 by 2: maxima and indices 5, 7,
    # 13, 15; a constant image: each window's first tap, (0, 0) for the padded corner, 3 for the
    # window from column 3), then random problems against a plain loop
    def max_pool(inp, k, stride, pad, dil):
        inp = np.asarray(inp, np.float32)
        nb, c, h, w = inp.shape
        oh = (h + 2 * pad[0] - dil[0] * (k[0] - 1) - 1) // stride[0] + 1
        ow = (w + 2 * pad[1] - dil[1] * (k[1] - 1) - 1) // stride[1] + 1
        got = references.torch_max_pool2d({
            "nthreads": nb * c * oh * ow, "bottom_data": inp, "num": nb, "channels": c,
            "height": h, "width": w, "pooled_height": oh, "pooled_width": ow,
            "kernel_h": k[0], "kernel_w": k[1], "stride_h": stride[0], "stride_w": stride[1],
            "pad_h": pad[0], "pad_w": pad[1], "dilation_h": dil[0], "dilation_w": dil[1],
            "top_data": np.zeros((nb, c, oh, ow), np.float32),
            "top_mask": np.zeros((nb, c, oh, ow), np.int64)})
        return got["top_data"], got["top_mask"]

    top, mask = max_pool(np.arange(16).reshape(1, 1, 4, 4), (2, 2), (2, 2), (0, 0), (1, 1))
    assert top.tolist() == [[[[5, 7], [13, 15]]]] and mask.tolist() == [[[[5, 7], [13, 15]]]]
    top, mask = max_pool(np.ones((1, 1, 4, 4)), (3, 3), (2, 2), (1, 1), (1, 1))
    assert (top == 1).all() and mask.tolist() == [[[[0, 1], [4, 5]]]]

    def plain_max_pool(inp, k, stride, pad, dil):
        nb, c, h, w = inp.shape
        oh = (h + 2 * pad[0] - dil[0] * (k[0] - 1) - 1) // stride[0] + 1
        ow = (w + 2 * pad[1] - dil[1] * (k[1] - 1) - 1) // stride[1] + 1
        top, mask = np.zeros((nb, c, oh, ow)), np.zeros((nb, c, oh, ow), np.int64)
        for n, ch, ph, pw in itertools.product(range(nb), range(c), range(oh), range(ow)):
            best, where = -math.inf, None
            for a, b in itertools.product(range(k[0]), range(k[1])):
                r = ph * stride[0] - pad[0] + a * dil[0]
                s = pw * stride[1] - pad[1] + b * dil[1]
                if 0 <= r < h and 0 <= s < w and float(inp[n, ch, r, s]) > best:
                    best, where = float(inp[n, ch, r, s]), r * w + s
            top[n, ch, ph, pw], mask[n, ch, ph, pw] = best, where
        return top, mask

    for shape, k, stride, pad, dil in (((2, 3, 7, 9), (3, 3), (2, 2), (1, 1), (1, 1)),
                                       ((1, 2, 8, 5), (2, 3), (1, 2), (1, 1), (2, 1)),
                                       ((2, 1, 6, 6), (3, 2), (3, 1), (0, 1), (1, 2))):
        inp = rng.integers(-4, 4, size=shape)
        for got, want in zip(max_pool(inp, k, stride, pad, dil),
                             plain_max_pool(inp, k, stride, pad, dil), strict=True):
            assert np.array_equal(got, want)


def test_blind36_references_on_hand_checked_inputs():
    import itertools

    rng = np.random.default_rng(36)

    # ArrayFire's convolve2: by hand (a lone 1 convolved with a 3 x 3 arange gives the filter
    # itself around it, not flipped back: out[y + a, x + b] = h[1 + a, 1 + b]; zeros outside),
    # then random batches against a plain loop
    def convolve(images, h):
        images, h = np.asarray(images, np.float32), np.asarray(h, np.float32)
        nb, rows, cols = images.shape
        return references.af_convolve2({
            "out": np.zeros_like(images), "signal": images, "impulse": h, "dims0": cols,
            "dims1": rows, "dims2": nb, "fLen0": h.shape[1], "fLen1": h.shape[0]})["out"]

    spot = np.zeros((1, 5, 5))
    spot[0, 2, 2] = 1
    h = np.arange(9).reshape(3, 3)
    assert convolve(spot, h)[0, 1:4, 1:4].tolist() == h.tolist()
    assert convolve([[[1, 2], [3, 4]]], [[1]]).tolist() == [[[1, 2], [3, 4]]]

    def plain_convolve(images, h):
        nb, rows, cols = images.shape
        f1, f0 = h.shape
        out = np.zeros(images.shape)
        for k, y, x in itertools.product(range(nb), range(rows), range(cols)):
            for fj, fi in itertools.product(range(f1), range(f0)):
                sy, sx = y + f1 // 2 - fj, x + f0 // 2 - fi
                if 0 <= sy < rows and 0 <= sx < cols:
                    out[k, y, x] += float(images[k, sy, sx]) * float(h[fj, fi])
        return out

    for shape, fshape in (((2, 5, 7), (5, 5)), ((1, 4, 9), (2, 3)), ((3, 1, 6), (3, 1))):
        images, h = rng.integers(0, 256, size=shape), rng.integers(-2, 3, size=fshape)
        assert np.array_equal(convolve(images, h), plain_convolve(images, h))

    # ArrayFire's dilation: by hand (a lone 9 spread over the mask's set taps, mirrored: the
    # tap (wj, wi) reads (y + wj - 1, x + wi - 1), so the 9 at (2, 2) reaches (2 - wj + 1, 2 -
    # wi + 1); the unset taps ignored; an empty mask -inf), then random batches against a loop
    def dilate(images, mask):
        images, mask = np.asarray(images, np.float32), np.asarray(mask, np.float32)
        nb, rows, cols = images.shape
        return references.af_morph({
            "out": np.zeros_like(images), "in": images, "mask": mask, "dims0": cols,
            "dims1": rows, "dims2": nb, "windLen": mask.shape[0]})["out"]

    spot = np.zeros((1, 5, 5))
    spot[0, 2, 2] = 9
    got = dilate(spot, [[1, 0, 0], [0, 0, 0], [0, 0, 1]])
    assert got[0, 3, 3] == 9 and got[0, 1, 1] == 9 and got[0, 1, 3] == 0 and got[0, 2, 2] == 0
    assert (dilate(spot, np.zeros((3, 3))) == -np.inf).all()

    def plain_dilate(images, mask):
        nb, rows, cols = images.shape
        wl = mask.shape[0]
        out = np.full(images.shape, -np.inf)
        for k, y, x in itertools.product(range(nb), range(rows), range(cols)):
            for wj, wi in itertools.product(range(wl), repeat=2):
                sy, sx = y + wj - wl // 2, x + wi - wl // 2
                if mask[wj, wi] > 0 and 0 <= sy < rows and 0 <= sx < cols:
                    out[k, y, x] = max(out[k, y, x], float(images[k, sy, sx]))
        return out

    for shape, wl in (((2, 5, 7), 5), ((1, 6, 4), 3), ((2, 3, 8), 5)):
        images = rng.integers(0, 256, size=shape)
        mask = rng.integers(0, 2, size=(wl, wl))
        mask[wl // 2, wl // 2] = 1
        assert np.array_equal(dilate(images, mask), plain_dilate(images, mask))

    # OpenCV's filter2D: by hand (the identity kernel keeps the image; a kernel with a lone 1
    # at (0, 0) and anchor (1, 1) reads (y - 1, x - 1), reflected-101 at row and column 0 to
    # 1: so out[0, 0] = src[1, 1]), then random images against a plain loop
    def filter2d(src, k, anchor):
        src, k = np.asarray(src, np.float32), np.asarray(k, np.float32)
        rows, cols = src.shape
        return references.ocv_filter2d({
            "src": src, "src_step": cols, "rows": rows, "cols": cols,
            "dst": np.zeros_like(src), "dst_step": cols, "kernel": k, "kWidth": k.shape[1],
            "kHeight": k.shape[0], "anchorX": anchor[0], "anchorY": anchor[1]})["dst"]

    src = rng.integers(0, 256, size=(5, 6))
    ident = np.zeros((3, 3))
    ident[1, 1] = 1
    assert np.array_equal(filter2d(src, ident, (1, 1)), src)
    corner = np.zeros((3, 3))
    corner[0, 0] = 1
    got = filter2d(src, corner, (1, 1))
    assert got[0, 0] == src[1, 1] and got[2, 3] == src[1, 2] and got[0, 4] == src[1, 3]

    def plain_filter2d(src, k, anchor):
        rows, cols = src.shape

        def refl(i, n):
            i = -i if i < 0 else i
            return 2 * (n - 1) - i if i >= n else i

        out = np.zeros(src.shape)
        for y, x in itertools.product(range(rows), range(cols)):
            for i, j in itertools.product(range(k.shape[0]), range(k.shape[1])):
                sy, sx = refl(y - anchor[1] + i, rows), refl(x - anchor[0] + j, cols)
                out[y, x] += float(src[sy, sx]) * float(k[i, j])
        return out

    for shape, kshape, anchor in (((5, 7), (3, 3), (1, 1)), ((6, 4), (5, 3), (2, 1)),
                                  ((4, 9), (2, 4), (0, 1))):
        src, k = rng.integers(0, 256, size=shape), rng.integers(-2, 3, size=kshape)
        assert np.array_equal(filter2d(src, k, anchor), plain_filter2d(src, k, anchor))

    # OpenCV's copyMakeBorder, BORDER_REFLECT: by hand (the row [1, 2, 3] padded by 2 on each
    # side is [2, 1, 1, 2, 3, 3, 2]), then random images against NumPy's symmetric pad
    def border(src, top, bottom, left, right):
        src = np.asarray(src, np.uint32)
        rows, cols = src.shape
        drows, dcols = rows + top + bottom, cols + left + right
        return references.ocv_copy_make_border({
            "src": src, "src_step": cols, "src_rows": rows, "src_cols": cols,
            "dst": np.zeros((drows, dcols), np.uint32), "dst_step": dcols, "dst_rows": drows,
            "dst_cols": dcols, "top": top, "left": left})["dst"]

    assert border([[1, 2, 3]], 0, 0, 2, 2).tolist() == [[2, 1, 1, 2, 3, 3, 2]]
    assert border([[1], [2]], 1, 2, 0, 0).tolist() == [[1], [1], [2], [2], [1]]
    for shape, pads in (((5, 7), (2, 3, 4, 1)), ((3, 4), (3, 3, 4, 4)), ((1, 6), (1, 0, 0, 5))):
        src = rng.integers(0, 2**32, size=shape, dtype=np.uint32)
        top, bottom, left, right = pads
        want = np.pad(src, ((top, bottom), (left, right)), mode="symmetric")
        assert np.array_equal(border(src, *pads), want)

    # The particles sample's reorder: by hand (hashes [0, 0, 2, 2, 2, 5]: starts 0, 2, 5 at
    # cells 0, 2, 5, ends 2, 5, 6, the untouched cells kept), then random sorted hashes
    # against a plain loop
    def reorder(hashes, index, pos, vel, ncells):
        n = len(hashes)
        return references.cus_particles_reorder({
            "cellStart": np.full(ncells, 0xFFFFFFFF, np.uint32),
            "cellEnd": np.zeros(ncells, np.uint32),
            "sortedPos": np.zeros((n, 4), np.float32), "sortedVel": np.zeros((n, 4), np.float32),
            "sortedHashWords": np.asarray(hashes, np.int32),
            "gridParticleIndex": np.asarray(index, np.uint32),
            "oldPos": np.asarray(pos, np.float32), "oldVel": np.asarray(vel, np.float32),
            "numParticles": n})

    pos = np.arange(24).reshape(6, 4)
    got = reorder([0, 0, 2, 2, 2, 5], [5, 4, 3, 2, 1, 0], pos, -pos, 7)
    none = 0xFFFFFFFF
    assert got["cellStart"].tolist() == [0, none, 2, none, none, 5, none]
    assert got["cellEnd"].tolist() == [2, 0, 5, 0, 0, 6, 0]
    assert np.array_equal(got["sortedPos"], pos[::-1]) and np.array_equal(got["sortedVel"],
                                                                          -pos[::-1])

    def plain_reorder(hashes, index, pos, vel, ncells):
        start, end = [0xFFFFFFFF] * ncells, [0] * ncells
        for i, h in enumerate(hashes):
            if i == 0 or h != hashes[i - 1]:
                start[h] = i
                if i > 0:
                    end[hashes[i - 1]] = i
            if i == len(hashes) - 1:
                end[h] = i + 1
        return start, end, [pos[j] for j in index], [vel[j] for j in index]

    for n, ncells in ((50, 20), (37, 100), (1, 3)):
        hashes = np.sort(rng.integers(0, ncells, size=n))
        index = rng.integers(0, n, size=n)
        pos, vel = rng.integers(-9, 9, size=(n, 4)), rng.integers(-9, 9, size=(n, 4))
        got = reorder(hashes, index, pos, vel, ncells)
        start, end, spos, svel = plain_reorder(hashes.tolist(), index, pos, vel, ncells)
        assert got["cellStart"].tolist() == start and got["cellEnd"].tolist() == end
        assert np.array_equal(got["sortedPos"], spos) and np.array_equal(got["sortedVel"], svel)

    # The particles sample's grid hash: by hand (origin -4, cells 3 wide, a 4^3 grid: (-4, -1,
    # 2) is in cells (0, 1, 2), hash (2 x 4 + 1) x 4 + 0 = 36; 8 is in cell 4, wrapped to 0;
    # -5 in cell -1, wrapped to 3), then random particles against a plain loop
    def grid_hash(pos, origin, cell, grid):
        pos = np.asarray(pos, np.float32)
        n = pos.shape[0]
        got = references.cus_particles_hash({
            "gridParticleHash": np.zeros(n, np.uint32),
            "gridParticleIndex": np.zeros(n, np.uint32), "pos": pos, "numParticles": n,
            "originX": origin, "originY": origin, "originZ": origin, "cellX": cell,
            "cellY": cell, "cellZ": cell, "gridX": grid, "gridY": grid, "gridZ": grid})
        return got["gridParticleHash"], got["gridParticleIndex"]

    hashes, index = grid_hash([[-4, -1, 2, 0], [8, -5, -4, 0]], -4.0, 3.0, 4)
    assert hashes.tolist() == [36, 12] and index.tolist() == [0, 1]

    def plain_hash(pos, origin, cell, grid):
        out = []
        for p in pos:
            c = [int(np.floor(np.float32(np.float32(v) - np.float32(origin))
                              / np.float32(cell))) % grid for v in p[:3]]
            out.append((c[2] * grid + c[1]) * grid + c[0])
        return out

    for n, origin, cell, grid in ((40, -256.0, 3.0, 128), (25, -10.0, 0.75, 16), (9, 0, 1, 2)):
        pos = rng.integers(-256, 256, size=(n, 4))
        assert grid_hash(pos, origin, cell, grid)[0].tolist() == plain_hash(pos, origin, cell,
                                                                            grid)


def test_blind37_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(37)

    # CUDA by Example's ray tracer: by hand (a sphere of radius 5 at z 10 in the middle of an
    # 11 x 11 image, colour (r, b, g) = (1, 0, 1): the centre pixel fully lit (255, 255, 0), 3
    # columns off dz = 4 and n = 0.8 (204), (3, 4) off on the rim a miss (only alpha); a small
    # sphere in front (z 100) wins where it hits), then random scenes against a plain loop
    def render(colour, centre, radius, rows, cols):
        colour, centre = np.asarray(colour, np.float32), np.asarray(centre, np.float32)
        radius = np.asarray(radius, np.float32)
        return references.cbe_raytrace({
            "pixels": np.zeros((rows, cols), np.uint32), "colour": colour, "centre": centre,
            "radius": radius, "spheres": len(radius), "rows": rows, "cols": cols})["pixels"]

    def rgba(r, g, b):
        return r | g << 8 | b << 16 | 255 << 24

    got = render([[1, 0, 1]], [[0, 0, 10]], [5], 11, 11)
    assert got[5, 5] == rgba(255, 255, 0) and got[5, 8] == rgba(204, 204, 0)
    assert got[9, 8] == rgba(0, 0, 0) and got[0, 0] == rgba(0, 0, 0)
    got = render([[1, 0, 1], [0, 1, 0]], [[0, 0, 10], [1, 0, 100]], [5, 1], 11, 11)
    assert got[5, 6] == rgba(0, 0, 255) and got[5, 5] == rgba(255, 255, 0)

    def plain_render(colour, centre, radius, rows, cols):
        f = np.float32
        out = np.zeros((rows, cols), np.uint32)
        for y, x in itertools.product(range(rows), range(cols)):
            ox, oy = f(x - cols // 2), f(y - rows // 2)
            r = g = b = f(0)
            maxz = f(-2e10)
            for (sr, sb, sg), (sx, sy, sz), rad in zip(colour, centre, radius, strict=True):
                dx, dy, rad = f(ox - f(sx)), f(oy - f(sy)), f(rad)
                if f(dx * dx + dy * dy) < f(rad * rad):
                    dz = f(np.sqrt(f(f(rad * rad - dx * dx) - dy * dy)))
                    n, t = f(dz / f(np.sqrt(f(rad * rad)))), f(dz + f(sz))
                    if t > maxz:
                        r, g, b, maxz = f(f(sr) * n), f(f(sg) * n), f(f(sb) * n), t
            out[y, x] = rgba(*(int(f(c * f(255))) for c in (r, g, b)))
        return out

    for rows, cols, count in ((9, 17, 5), (12, 7, 8), (16, 16, 3)):
        colour = rng.integers(0, 2, size=(count, 3))
        centre = rng.integers(-cols // 2, cols // 2, size=(count, 3))
        radius = rng.integers(1, 9, size=count)
        assert np.array_equal(render(colour, centre, radius, rows, cols),
                              plain_render(colour, centre, radius, rows, cols))

    # ArrayFire's tile: by hand ([[1, 2], [3, 4]] twice down, three times across), then random
    # batches against NumPy's tile
    def tile(images, ry, rx):
        images = np.asarray(images, np.float32)
        nb, srows, scols = images.shape
        rows, cols = srows * ry, scols * rx
        return references.af_tile({
            "out": np.zeros((nb, rows, cols), np.float32), "odims0": cols, "odims1": rows,
            "odims2": nb, "ostrides1": cols, "ostrides2": rows * cols, "in": images,
            "idims0": scols, "idims1": srows, "idims2": nb, "istrides1": scols,
            "istrides2": srows * scols})["out"]

    assert tile([[[1, 2], [3, 4]]], 2, 3).tolist() == [[[1, 2, 1, 2, 1, 2], [3, 4, 3, 4, 3, 4],
                                                         [1, 2, 1, 2, 1, 2], [3, 4, 3, 4, 3, 4]]]
    for shape, ry, rx in (((2, 3, 5), 3, 2), ((1, 4, 1), 1, 7), ((3, 1, 6), 5, 1)):
        images = rng.integers(0, 256, size=shape)
        assert np.array_equal(tile(images, ry, rx), np.tile(images, (1, ry, rx)))

    # OpenCV's Farneback boxFilter5: by hand (ksizeHalf 1, boxAreaInv 1/8 for exact eighths:
    # a lone 9 at (1, 1) reaches its 3 x 3 neighbourhood, corner (0, 0) too (the window's
    # clamped rows and columns 0, 0, 1 hold it once); a lone 8 at the corner (0, 0) is counted
    # four times at (0, 0) (replicated), once at (1, 1), never at (2, 2); each plane apart),
    # then random planes against a plain loop
    def box5(planes, half, inv):
        planes = np.asarray(planes, np.float32)
        _, rows, cols = planes.shape
        return references.ocv_farneback_box5({
            "height": rows, "width": cols, "src": planes, "src_step": cols, "ksizeHalf": half,
            "boxAreaInv": inv, "dst": np.zeros_like(planes), "dst_step": cols})["dst"]

    planes = np.zeros((5, 4, 4))
    planes[0, 1, 1], planes[3, 0, 0] = 9, 8
    got = box5(planes, 1, 0.125)
    assert got[0, :3, :3].tolist() == [[9 / 8] * 3] * 3 and got[0, 3].tolist() == [0] * 4
    assert got[3, 0, 0] == 4 and got[3, 1, 1] == 1 and got[3, 0, 1] == 2 and got[3, 2, 2] == 0
    assert not got[[1, 2, 4]].any()

    def plain_box5(planes, half, inv):
        _, rows, cols = planes.shape
        out = np.zeros(planes.shape, np.float32)
        for k, y, x in itertools.product(range(5), range(rows), range(cols)):
            total = 0
            for dy, dx in itertools.product(range(-half, half + 1), repeat=2):
                total += planes[k, min(max(y + dy, 0), rows - 1), min(max(x + dx, 0), cols - 1)]
            out[k, y, x] = np.float32(total) * np.float32(inv)
        return out

    for rows, cols, half in ((6, 9, 2), (13, 5, 6), (1, 7, 1)):
        planes = rng.integers(0, 256, size=(5, rows, cols))
        inv = 1 / (2 * half + 1) ** 2
        assert np.array_equal(box5(planes, half, inv), plain_box5(planes, half, inv))

    # The boxFilter sample's horizontal pass: by hand (the row [0, 3, 6, 9, 12] with r = 1 gives
    # the clamped sums 3, 9, 18, 27, 33, each times float32(1 / 3)), then random images against
    # a plain emulation of the sample's running sums
    def boxfilter_x(image, r):
        image = np.asarray(image, np.float32)
        h, w = image.shape
        return references.cus_boxfilter_x({"id": image, "od": np.zeros_like(image), "w": w,
                                           "h": h, "r": r})["od"]

    third = np.float32(1) / np.float32(3)
    assert boxfilter_x([[0, 3, 6, 9, 12]], 1).tolist() == [
        [np.float32(s) * third for s in (3, 9, 18, 27, 33)]]

    def plain_boxfilter_x(image, r):
        f = np.float32
        h, w = image.shape
        out = np.zeros(image.shape, np.float32)
        scale = f(1) / f(2 * r + 1)
        for y in range(h):
            row, od = [f(v) for v in image[y]], out[y]
            t = f(row[0] * f(r))
            for x in range(r + 1):
                t = f(t + row[x])
            od[0] = t * scale
            for x in range(1, r + 1):
                t = f(f(t + row[x + r]) - row[0])
                od[x] = t * scale
            for x in range(r + 1, w - r):
                t = f(f(t + row[x + r]) - row[x - r - 1])
                od[x] = t * scale
            for x in range(w - r, w):
                t = f(f(t + row[w - 1]) - row[x - r - 1])
                od[x] = t * scale
        return out

    for shape, r in (((3, 29), 14), ((5, 40), 3), ((2, 3), 1), ((4, 11), 0)):
        image = rng.integers(0, 256, size=shape)
        assert np.array_equal(boxfilter_x(image, r), plain_boxfilter_x(image, r))

    # Rodinia streamcluster's compute_cost: by hand (points (0, 0), (3, 4), (1, 1), candidate 0,
    # weights 1, 2, 1, costs 10, 10, 1: point 0 saves (x_cost 0 < 10: switch, lower[K] -10);
    # point 1's x_cost 50 >= 10 puts 10 - 50 at its centre's slot center_table[0] = 1; point 2's
    # x_cost 2 >= 1 puts -1 at slot center_table[2] = 0), then random problems against a loop
    def sc_cost(coords, x, weight, assign, cost, table, k):
        coords = np.asarray(coords, np.float32)
        dim, num = coords.shape
        got = references.rodinia_sc_cost({
            "num": num, "dim": dim, "x": x, "p_weight": np.asarray(weight, np.float32),
            "p_assign": np.asarray(assign, np.int64), "p_cost": np.asarray(cost, np.float32),
            "K": k, "stride": k + 1, "coord_d": coords,
            "work_mem_d": np.zeros((num + 1, k + 1), np.float32),
            "center_table_d": np.asarray(table, np.int32),
            "switch_membership_words": np.zeros(-(-num // 4), np.uint32)})
        return got["work_mem_d"], got["switch_membership_words"].view(np.uint8)[:num]

    work, switch = sc_cost([[0, 3, 1], [0, 4, 1]], 0, [1, 2, 1], [0, 0, 2], [10, 10, 1],
                           [1, 0, 0], 2)
    assert work.tolist() == [[0, 0, -10], [0, -40, 0], [-1, 0, 0], [0, 0, 0]]
    assert switch.tolist() == [1, 0, 0]

    def plain_sc_cost(coords, x, weight, assign, cost, table, k):
        dim, num = coords.shape
        work, switch = np.zeros((num + 1, k + 1), np.float32), np.zeros(num, np.uint8)
        for p in range(num):
            x_cost = sum(float(coords[i, p] - coords[i, x]) ** 2 for i in range(dim)) * weight[p]
            if x_cost < cost[p]:
                switch[p] = 1
                work[p, k] += x_cost - cost[p]
            else:
                work[p, table[assign[p]]] += cost[p] - x_cost
        return work, switch

    for num, dim, k in ((30, 4, 5), (17, 1, 2), (9, 7, 10)):
        args = (rng.integers(0, 8, size=(dim, num)), int(rng.integers(0, num)),
                rng.integers(1, 4, size=num), rng.integers(0, num, size=num),
                rng.integers(0, 42 * dim, size=num), rng.integers(0, k, size=num), k)
        for got, want in zip(sc_cost(*args), plain_sc_cost(*args), strict=True):
            assert np.array_equal(got, want)

    # Rodinia's lavaMD: by hand (identical particles at the origin with v = 1: r2 = 2, every
    # pair e^(-2 a2) apart with no force; with alpha 0.5 each box's 100 particles give q e^-1
    # each; on a 3^3 grid a corner box sees 8 boxes, an edge box 12, a face box 18 and the
    # centre 27), then random particles against a plain loop in the kernel's order
    def lavamd(rv, qv, boxes1d, alpha):
        nboxes = boxes1d**3
        return references.rodinia_lavamd({
            "alpha": alpha, "boxes1d": boxes1d, "number_boxes": nboxes,
            "rv": np.asarray(rv, np.float64), "qv": np.asarray(qv, np.float64),
            "fv": np.zeros((nboxes * 100, 4))})["fv"].reshape(nboxes, 100, 4)

    rv = np.zeros((2700, 4))
    rv[:, 0] = 1
    got = lavamd(rv, np.full(2700, 2.0), 3, 0.5)
    assert not got[:, :, 1:].any()
    unit = 100 * 2 * math.exp(-1)
    for box, boxes in ((0, 8), (1, 12), (4, 18), (13, 27), (26, 8), (22, 18)):
        assert np.allclose(got[box, :, 0], boxes * unit, rtol=1e-14)

    def plain_lavamd(rv, qv, boxes1d, alpha):
        a2 = 2 * alpha * alpha
        rv, qv = rv.reshape(-1, 100, 4), qv.reshape(-1, 100)
        fv = np.zeros(rv.shape)
        for bx in range(boxes1d**3):
            x, y, z = bx % boxes1d, bx // boxes1d % boxes1d, bx // boxes1d**2
            boxes = [bx] + [(z + dz) * boxes1d**2 + (y + dy) * boxes1d + x + dx
                            for dz, dy, dx in itertools.product((-1, 0, 1), repeat=3)
                            if (dz, dy, dx) != (0, 0, 0) and 0 <= z + dz < boxes1d
                            and 0 <= y + dy < boxes1d and 0 <= x + dx < boxes1d]
            for nb, i in itertools.product(boxes, range(100)):
                # the 100 neighbours j of particle i at once (a loop over j took 17 s here)
                a, b, q = rv[bx, i], rv[nb], qv[nb]
                vij = np.exp(-(a2 * (a[0] + b[:, 0] - (a[1] * b[:, 1] + a[2] * b[:, 2]
                                                       + a[3] * b[:, 3]))))
                fv[bx, i, 0] += np.sum(q * vij)
                for c in (1, 2, 3):
                    fv[bx, i, c] += np.sum(q * (2 * vij * (a[c] - b[:, c])))
        return fv

    for boxes1d, alpha in ((1, 0.05), (2, 0.07)):
        count = boxes1d**3 * 100
        rv, qv = rng.integers(1, 11, size=(count, 4)), rng.integers(1, 11, size=count)
        got, want = lavamd(rv, qv, boxes1d, alpha), plain_lavamd(rv, qv, boxes1d, alpha)
        assert np.allclose(got, want, rtol=1e-12, atol=1e-9)


def _snake_pair(read, ref, e_max):
    """SneakySnake's kernel for one pair as a plain loop (lsl / lsr leave the word unshifted
    outside 1 .. 31, as the source's helpers do)."""
    def lsl(x, s):
        return (x << s) & 0xFFFFFFFF if 0 < s < 32 else x

    def lsr(x, s):
        return x >> s if 0 < s < 32 else x

    def clz(x):
        return 32 - x.bit_length()

    def bits(positions):
        word = 0
        for b in positions:
            word |= lsl(1, b)
        return word

    r, f = [int(w) for w in read], [int(w) for w in ref]
    walked = shift = j = errors = 0
    while j < 7 and walked < 200:
        window = lsl(f[j], shift) | lsr(f[j + 1], 32 - shift)
        best = clz((lsl(r[j], shift) | lsr(r[j + 1], 32 - shift)) ^ window)
        for e in range(1, e_max + 1):
            if j == 0 and shift - 2 * e < 0:
                word = lsr(r[j], 2 * e - shift) ^ window
                word |= bits(31 - c for c in range(2 * e - shift))
            elif shift - 2 * e < 0:
                word = (lsl(r[j - 1], 32 - (2 * e - shift)) | lsr(r[j], 2 * e - shift)) ^ window
            else:
                word = (lsl(r[j], shift - 2 * e) | lsr(r[j + 1], 32 - (shift - 2 * e))) ^ window
            best = max(best, clz(word))
        for e in range(1, e_max + 1):
            ahead = shift + 2 * e
            if j < 5 and ahead >= 32:
                word = (lsl(r[j + 1], ahead % 32) | lsr(r[j + 2], 32 - ahead % 32)) ^ window
            else:
                word = (lsl(r[j], ahead) | lsr(r[j + 1], 32 - ahead)) ^ window
            if j >= 5:
                if walked + 32 > 200:
                    word |= bits(range(walked + 32 - 200, walked + 32 - 200 + 2 * e))
                elif walked + 32 >= 200 - 2 * e:
                    word |= bits(range(2 * e))
            best = max(best, clz(word))
        run = best // 2 * 2
        if j == 6 and run >= 8:
            return 1
        if (run // 2 < 16 and j < 5) or (j == 6 and run // 2 < 4):
            errors += 1
        if errors > e_max:
            return 0
        if shift + run + 2 >= 32:
            j += 1
        if run == 32:
            walked += 32
        else:
            shift = (shift + run + 2) % 32
            walked += run + 2
    return 1


def test_blind38_references_on_hand_checked_inputs():
    import itertools

    rng = np.random.default_rng(38)

    # COSMO's horizontal diffusion: by hand (a constant field kept; a lone 2 in a field of 0
    # with coeff 1: its four neighbours' laplacian -2, so at the east neighbour flx = 0 - -2
    # = 2 (the field flat beyond: kept), flx[i - 1] = -2 - 8 limited to 0 (it has the sign
    # of 0 - 2), fly = 2 and fly[j - 1] = -2 (the field flat along j): out = -(2 + 2 + 2) =
    # -6, likewise at the other three; the spike itself limited on every side: 2 kept; 4 at
    # the diagonal neighbours and 2 two points away; the halo of out untouched), then random
    # fields against the benchmark's loops as plain loops
    def hdiff(inp, coeff, halo=2):
        inp, coeff = np.asarray(inp, np.float32), np.asarray(coeff, np.float32)
        levels, rows, cols = inp.shape
        return references.cosmo_hdiff({
            "out": np.full_like(inp, -7.0), "inp": inp, "coeff": coeff,
            "isize": cols - 2 * halo, "jsize": rows - 2 * halo, "halo": halo,
            "jstride": cols, "kstride": rows * cols})["out"]

    flat = np.full((2, 9, 10), 5.0)
    got = hdiff(flat, np.ones_like(flat))
    assert (got[:, 2:7, 2:8] == 5).all()
    assert (got[:, :2] == -7).all() and (got[:, :, 8:] == -7).all()
    spike = np.zeros((1, 9, 9))
    spike[0, 4, 4] = 2
    got = hdiff(spike, np.ones_like(spike))[0, 2:7, 2:7]
    assert got[2, 2] == 2 and got[2, 3] == -6 and got[1, 2] == -6 and got[1, 1] == 4
    assert got[0, 2] == 2 and got[0, 0] == 0

    def plain_hdiff(inp, coeff, halo=2):
        levels, rows, cols = inp.shape
        out = np.full(inp.shape, -7.0)
        f = inp.astype(np.float64)

        def lap(k, j, i):
            return 4 * f[k, j, i] - (f[k, j, i + 1] + f[k, j, i - 1] + f[k, j + 1, i]
                                     + f[k, j - 1, i])

        def flx(k, j, i):
            v = lap(k, j, i + 1) - lap(k, j, i)
            return 0.0 if v * (f[k, j, i + 1] - f[k, j, i]) > 0 else v

        def fly(k, j, i):
            v = lap(k, j + 1, i) - lap(k, j, i)
            return 0.0 if v * (f[k, j + 1, i] - f[k, j, i]) > 0 else v

        for k, j, i in itertools.product(range(levels), range(halo, rows - halo),
                                         range(halo, cols - halo)):
            out[k, j, i] = f[k, j, i] - float(coeff[k, j, i]) * (
                flx(k, j, i) - flx(k, j, i - 1) + fly(k, j, i) - fly(k, j - 1, i))
        return out

    for shape in ((2, 9, 11), (1, 5, 14), (3, 12, 6)):
        inp, coeff = rng.integers(0, 256, size=shape), rng.integers(0, 4, size=shape)
        assert np.array_equal(hdiff(inp, coeff), plain_hdiff(inp, coeff))

    # The F-engine's polyphase FIR: by hand (taps [1, 2] on every channel: spectrum s is frame
    # s plus twice frame s + 1, I and Q alike, station by station), then random batches
    # against a plain loop
    def ppf(filt, signal):
        filt, signal = np.asarray(filt, np.float32), np.asarray(signal, np.float32)
        taps, channels = filt.shape
        stations, frames = signal.shape[:2]
        spectra = frames - taps + 1
        return references.mdt_ppf_batch({
            "Ntaps": taps, "Nchannels": channels, "Nspectra": spectra, "Filter": filt,
            "InSignalWords": signal,
            "PolyStructWords": np.zeros((stations, spectra, channels, 2), np.float32),
        })["PolyStructWords"]

    frames = np.arange(2 * 3 * 4 * 2).reshape(2, 3, 4, 2)
    got = ppf([[1] * 4, [2] * 4], frames)
    assert np.array_equal(got, frames[:, :2] + 2 * frames[:, 1:])

    def plain_ppf(filt, signal):
        taps, channels = filt.shape
        stations, frames = signal.shape[:2]
        out = np.zeros((stations, frames - taps + 1, channels, 2))
        for s, p, c, i in itertools.product(range(stations), range(frames - taps + 1),
                                            range(channels), range(taps)):
            out[s, p, c] += float(filt[i, c]) * signal[s, p + i, c]
        return out

    for stations, spectra, channels, taps in ((2, 5, 7, 3), (1, 3, 9, 8), (3, 1, 4, 1)):
        filt = rng.integers(-64, 64, size=(taps, channels))
        signal = rng.integers(-128, 128, size=(stations, spectra + taps - 1, channels, 2))
        assert np.array_equal(ppf(filt, signal), plain_ppf(filt, signal))

    # easyWave's wave update: by hand (a 3 x 3 grid, the one active node (i, j) = (2, 2), m =
    # 4: H = 1 - 2 (5 - 1 + 3 R6[2] - 2 R6[1]) = 1 - 2 (4 + 6 - 2) = -15 with R6 = [0, 1, 2,
    # 0]: |H| past 4.5 so the negative time becomes 3600, Hmax 0 kept; a dry node left alone;
    # H = 1 under the zero threshold set to 0 with Hmax -3 raised to it), then random grids
    # against a plain loop
    def wave(node, r6, imin, jmin, imax, jmax, zero=1.5, arrival=4.5):
        node = np.asarray(node, np.float32)
        return references.easywave_wave_update({
            "node": node, "R6": np.asarray(r6, np.float32), "Imin": imin, "Jmin": jmin,
            "Imax": imax, "Jmax": jmax, "NLat": node.shape[1],
            "Par_sshZeroThreshold": zero, "Par_sshArrivalThreshold": arrival,
            "Par_time": 3600})["node"]

    node = np.zeros((3, 3, 12))
    node[:, :, 0] = 1  # wet
    node[1, 1, [1, 2, 3, 4, 5, 10]] = [1, 0, 5, 3, 2, -1]  # H, Hmax, M, N, R1, time
    node[0, 1, 3] = 1  # M at m - NLat
    node[1, 0, 4] = 2  # N at m - 1
    got = wave(node, [0, 1, 2, 0], 2, 2, 2, 2)
    assert got[1, 1, 1] == -15 and got[1, 1, 2] == 0 and got[1, 1, 10] == 3600
    assert np.array_equal(np.delete(got.reshape(9, 12), 4, 0), np.delete(node.reshape(9, 12), 4, 0))
    node[1, 1, 5] = 0  # R1 = 0: H stays 1, zeroed; Hmax -3 raised to 0; |H| short of arrival
    node[1, 1, 2] = -3
    got = wave(node, [0, 1, 2, 0], 2, 2, 2, 2)
    assert got[1, 1, 1] == 0 and got[1, 1, 2] == 0 and got[1, 1, 10] == -1
    node[1, 1, 0] = 0  # dry
    assert np.array_equal(wave(node, [0, 1, 2, 0], 2, 2, 2, 2), node)

    def plain_wave(node, r6, imin, jmin, imax, jmax, zero=1.5, arrival=4.5):
        nlat = node.shape[1]
        out = node.astype(np.float64).reshape(-1, 12)
        for i, j in itertools.product(range(imin, imax + 1), range(jmin, jmax + 1)):
            m = (i - 1) * nlat + j - 1
            if out[m, 0] == 0:
                continue
            h = out[m, 1] - out[m, 5] * (out[m, 3] - out[m - nlat, 3] + out[m, 4] * r6[j]
                                         - out[m - 1, 4] * r6[j - 1])
            absh = abs(h)
            if absh < zero:
                h = 0.0
            out[m, 1] = h
            if h > out[m, 2]:
                out[m, 2] = h
            if arrival and out[m, 10] < 0 and absh > arrival:
                out[m, 10] = 3600
        return out.reshape(node.shape)

    for nlon, nlat, area in ((6, 7, (2, 2, 5, 6)), (9, 4, (3, 2, 7, 3)), (5, 12, (2, 5, 4, 11))):
        node = rng.integers(-8, 8, size=(nlon, nlat, 12))
        r6 = rng.integers(1, 4, size=nlat + 1)
        assert np.array_equal(wave(node, r6, *area), plain_wave(node, r6, *area))

    # OpenMM's findBlockBounds: by hand (in a 128 box, atoms at x = 1 and x = 127 are one
    # apart: the second wrapped to -1, the box half-width 1 about 0 and the radius 1; a lone
    # atom at -10 wrapped to 118, half-width 0, radius 0, its sort key (0, 1); the flag
    # cleared), then random systems against a plain loop in float32
    def bounds(pos, box=128.0):
        pos = np.asarray(pos, np.float32)
        n = len(pos)
        tiles = -(-n // 32)
        padded = np.zeros((tiles * 32, 4), np.float32)
        padded[:n] = pos
        got = references.omm_find_block_bounds({
            "numAtoms": n, "boxX": box, "boxY": box, "boxZ": box, "invBoxX": 1 / box,
            "invBoxY": 1 / box, "invBoxZ": 1 / box, "posqWords": padded,
            "blockCenterWords": np.zeros((tiles, 4), np.float32),
            "blockBoundingBoxWords": np.zeros((tiles, 4), np.float32),
            "rebuildNeighborList": np.ones(1, np.int32),
            "sortedBlocksWords": np.zeros((tiles, 2), np.float32)})
        return (got["blockCenterWords"], got["blockBoundingBoxWords"], got["sortedBlocksWords"],
                got["rebuildNeighborList"])

    pos = np.zeros((33, 4))
    pos[0, 0], pos[1:32, 0], pos[32, 0] = 1, 127, -10
    centre, size, keys, flag = bounds(pos)
    assert centre[0].tolist() == [0, 0, 0, 1] and size[0].tolist() == [1, 0, 0, 0]
    assert centre[1].tolist() == [118, 0, 0, 0] and keys.tolist() == [[1, 0], [0, 1]]
    assert flag.tolist() == [0]

    def plain_bounds(pos, box=128.0):
        f = np.float32
        box, inv, half = f(box), f(1 / box), f(0.5)
        n = len(pos)
        centres, sizes, keys = [], [], []
        for base in range(0, n, 32):
            atoms = [np.asarray(p[:3], np.float32) for p in pos[base: base + 32]]
            first = atoms[0] - np.floor(atoms[0] * inv) * box
            low, high = first.copy(), first.copy()
            for p in atoms[1:]:
                centre = half * (high + low)
                p = p - np.floor((p - centre) * inv + half) * box
                low, high = np.minimum(low, p), np.maximum(high, p)
            size, centre = half * (high - low), half * (high + low)
            r2 = f(0)
            for p in atoms:
                d = p - centre
                d = d - np.floor(d * inv + half) * box
                r2 = max(r2, d[0] * d[0] + d[1] * d[1] + d[2] * d[2])
            centres.append([*centre, np.sqrt(r2)])
            sizes.append([*size, 0])
            keys.append([size[0] + size[1] + size[2], base // 32])
        return np.array(centres, np.float32), np.array(sizes, np.float32), np.array(
            keys, np.float32)

    for n, low, high in ((100, -64, 192), (32, 0, 128), (7, -300, 300)):
        pos = rng.integers(low, high, size=(n, 4))
        got = bounds(pos)
        for a, b in zip(got[:3], plain_bounds(pos), strict=True):
            assert np.array_equal(a, b)

    # The MILC Dslash: by hand (unit links and a source of 1 at the one odd site u = (1, 0,
    # 0, 0) of an 8^4 lattice: dst is +1 at the even sites with u one or three steps up along
    # a direction and -1 at those with u one or three steps down, 0 elsewhere: 16 sites, 8 of
    # each sign, (0, 0, 0, 0) +1 and (2, 0, 0, 0) -1; a link with -1 in its first column
    # flips the first colour), then random fields against a plain loop over the sites
    def dslash(links, src, dims):
        even = int(np.prod(dims)) // 2
        values = {f"{kind}{k}": np.asarray(links[kind][k], np.float32)
                  for kind in ("fat", "lng", "fatbck", "lngbck") for k in range(4)}
        values.update({"srcWords": np.asarray(src, np.float32),
                       "dstWords": np.zeros((even, 3, 2), np.float32),
                       "nx": dims[0], "ny": dims[1], "nz": dims[2], "nt": dims[3],
                       "total_even_sites": even})
        return references.milc_dslash(values)["dstWords"]

    def index(x, y, z, t, dims):
        nx, ny, nz, nt = dims
        i = x % nx + nx * (y % ny + ny * (z % nz + nz * (t % nt)))
        return i // 2 if (x + y + z + t) % 2 == 0 else (i + nx * ny * nz * nt) // 2

    dims = (8, 8, 8, 8)
    even = 8**4 // 2
    unit = np.zeros((even, 3, 3, 2))
    unit[:, [0, 1, 2], [0, 1, 2], 0] = 1
    links = {kind: [unit] * 4 for kind in ("fat", "lng", "fatbck", "lngbck")}
    src = np.zeros((8**4, 3, 2))
    src[index(1, 0, 0, 0, dims)] = [[1, 0], [1, 0], [1, 0]]
    got = dslash(links, src, dims)
    assert (got[:, :, 1] == 0).all() and (got[:, :, 0] == got[:, :1, 0]).all()
    assert (got[:, 0, 0] == 1).sum() == 8 and (got[:, 0, 0] == -1).sum() == 8
    assert (got[:, 0, 0] != 0).sum() == 16
    assert got[index(0, 0, 0, 0, dims), 0, 0] == 1 and got[index(2, 0, 0, 0, dims), 0, 0] == -1
    assert got[index(6, 0, 0, 0, dims), 0, 0] == 1 and got[index(1, 7, 0, 0, dims), 0, 0] == 1
    flipped = unit.copy()
    flipped[:, 0, 0, 0] = -1
    links["fat"] = [flipped] + [unit] * 3
    got = dslash(links, src, dims)
    assert got[index(0, 0, 0, 0, dims)].tolist() == [[-1, 0], [1, 0], [1, 0]]

    def plain_dslash(links, src, dims):
        nx, ny, nz, nt = dims
        even = nx * ny * nz * nt // 2
        vec = src[..., 0] + 1j * src[..., 1]
        out = np.zeros((even, 3), complex)
        for x, y, z, t in itertools.product(range(nx), range(ny), range(nz), range(nt)):
            if (x + y + z + t) % 2:
                continue
            s = index(x, y, z, t, dims)
            for k in range(4):
                for kind, hop, sign in (("fat", 1, 1), ("lng", 3, 1), ("fatbck", -1, -1),
                                        ("lngbck", -3, -1)):
                    step = [0, 0, 0, 0]
                    step[k] = hop
                    u = index(x + step[0], y + step[1], z + step[2], t + step[3], dims)
                    m = links[kind][k][s]
                    out[s] += sign * ((m[..., 0] + 1j * m[..., 1]) @ vec[u])
        return np.stack([out.real, out.imag], -1)

    for dims in ((4, 4, 4, 4), (6, 4, 8, 4), (4, 10, 4, 6)):
        even = int(np.prod(dims)) // 2
        links = {kind: [rng.integers(-4, 4, size=(even, 3, 3, 2)) for _ in range(4)]
                 for kind in ("fat", "lng", "fatbck", "lngbck")}
        src = rng.integers(-4, 4, size=(2 * even, 3, 2))
        assert np.array_equal(dslash(links, src, dims), plain_dslash(links, src, dims))

    # SneakySnake: by hand (identical sequences accepted even at E = 0, every step a whole
    # 32-bit run; a read of all T (every bit set) against a reference of all A rejected
    # whatever E up to 6: every diagonal's run is 0 (the first word's corner bits set too),
    # an edit each 2-bit step), then random pairs (from dissimilar to low-complexity
    # sequences) against the kernel as a plain loop
    def snake(reads, refs, e_max):
        reads = np.asarray(reads, np.uint32).reshape(-1, 8)
        refs = np.asarray(refs, np.uint32).reshape(-1, 8)
        n = len(reads)
        return references.sneaky_snake({
            "F_ReadSeq": reads, "F_RefSeq": refs, "Ftest_Results": np.full(n, 7, np.int32),
            "NumReads": n, "F_ErrorThreshold": e_max})["Ftest_Results"].tolist()

    words = rng.integers(0, 2**32, size=(5, 8), dtype=np.uint64)
    assert snake(words, words, 0) == [1] * 5
    assert [snake([[0xFFFFFFFF] * 8], [[0] * 8], e)[0] for e in range(7)] == [0] * 7
    assert _snake_pair([0xFFFFFFFF] * 8, [0] * 8, 3) == 0
    assert all(_snake_pair(w, w, 0) == 1 for w in words)

    for n, high, e_max in ((200, 2**32, 3), (300, 256, 10), (300, 16, 5), (200, 4, 2),
                           (100, 2, 0), (100, 256, 25)):
        reads = rng.integers(0, high, size=(n, 8), dtype=np.uint64)
        refs = rng.integers(0, high, size=(n, 8), dtype=np.uint64)
        got = snake(reads, refs, e_max)
        assert got == [_snake_pair(a, b, e_max) for a, b in zip(reads, refs, strict=True)]


def test_blind39_references_on_hand_checked_inputs():
    import cmath
    import math

    rng = np.random.default_rng(39)

    # fft_bitrev_permute: n = 8 (3 bits), two transforms
    src = np.arange(32, dtype=np.float32).reshape(16, 2)  # element e is (2 e, 2 e + 1)
    got = references.fft_bitrev_permute({"inWords": src, "outWords": np.zeros_like(src),
                                         "logn": 3, "batch": 2})["outWords"]
    want_idx = [0, 4, 2, 6, 1, 5, 3, 7, 8, 12, 10, 14, 9, 13, 11, 15]
    assert got[:, 0].tolist() == [2.0 * e for e in want_idx]
    twice = references.fft_bitrev_permute({"inWords": got, "outWords": np.zeros_like(src),
                                           "logn": 3, "batch": 2})["outWords"]
    assert np.array_equal(twice, src)  # its own inverse
    for logn, batch in ((1, 3), (5, 2), (9, 1)):
        n = 1 << logn
        src = rng.integers(-1000, 1000, size=(batch * n, 2)).astype(np.float32)
        got = references.fft_bitrev_permute({"inWords": src, "outWords": np.zeros_like(src),
                                             "logn": logn, "batch": batch})["outWords"]
        for i in range(batch * n):
            b, k = divmod(i, n)
            rev = int(format(k, f"0{logn}b")[::-1], 2)
            assert got[i].tolist() == src[b * n + rev].tolist()

    # ft_add_bias_gelu: the tanh GELU's known values, the bias by column
    def gelu(v):
        return 0.5 * v * (1 + math.tanh(math.sqrt(2 / math.pi) * (v + 0.044715 * v**3)))

    out = np.zeros((2, 2), np.float32)
    got = references.ft_add_bias_gelu({"out": out, "bias": np.array([1, -1], np.float32),
                                       "m": 2, "n": 2})["out"]
    assert np.allclose(got, [[0.841192, -0.158808]] * 2, atol=1e-6)
    out = np.array([[0, 10, -10, 3]], np.float32)
    got = references.ft_add_bias_gelu({"out": out, "bias": np.zeros(4, np.float32), "m": 1,
                                       "n": 4})["out"]
    assert got[0, 0] == 0 and abs(got[0, 1] - 10) < 1e-6 and abs(got[0, 2]) < 1e-6
    assert abs(got[0, 3] - 2.996363) < 1e-5
    out = rng.integers(-4, 4, size=(7, 13)).astype(np.float32)
    bias = rng.integers(-2, 2, size=13).astype(np.float32)
    got = references.ft_add_bias_gelu({"out": out, "bias": bias, "m": 7, "n": 13})["out"]
    want = [[gelu(float(out[r, c] + bias[c])) for c in range(13)] for r in range(7)]
    assert np.allclose(got, want, rtol=1e-6, atol=1e-7)

    # binomial_per_thread: at the money close to Black-Scholes (7.4593 at 64 steps' error),
    # deep out of the money 0 (every leaf under the strike), deep in the money S - X e^(-rT)
    def binomial(values):
        return references.binomial_per_thread(values)["callResult"]

    s = np.array([100, 5, 30], np.float32)
    x = np.array([100, 100, 1], np.float32)
    t = np.array([1, 1, 1], np.float32)
    got = binomial({"callResult": np.zeros(3, np.float32), "S_": s, "X_": x, "T_": t,
                    "R": 0.06, "V": 0.10, "optN": 3})
    assert abs(got[0] - 7.4593) < 0.05 and got[1] == 0
    assert abs(got[2] - (30 - math.exp(-0.06))) < 1e-5

    def plain_binomial(s, x, t, r, v, steps=64):  # binomialOptions_gold's loops
        dt = t / steps
        vdt, rdt = v * math.sqrt(dt), r * dt
        u, d = math.exp(vdt), math.exp(-vdt)
        pu = (math.exp(rdt) - d) / (u - d)
        pu_df, pd_df = pu * math.exp(-rdt), (1 - pu) * math.exp(-rdt)
        call = [max(s * math.exp(vdt * (2 * i - steps)) - x, 0.0) for i in range(steps + 1)]
        for i in range(steps, 0, -1):
            for j in range(i):
                call[j] = pu_df * call[j + 1] + pd_df * call[j]
        return call[0]

    s = rng.integers(5, 30, size=20).astype(np.float32)
    x = rng.integers(1, 100, size=20).astype(np.float32)
    t = rng.integers(1, 11, size=20).astype(np.float32)
    got = binomial({"callResult": np.zeros(20, np.float32), "S_": s, "X_": x, "T_": t,
                    "R": 0.06, "V": 0.10, "optN": 20})
    want = [plain_binomial(float(a), float(b), float(c), 0.06, 0.10)
            for a, b, c in zip(s, x, t, strict=True)]
    assert np.allclose(got, want, rtol=1e-6, atol=1e-6)

    # jpeg_quant_zigzag: libjpeg's rounding, the zig-zag positions and the end of block
    natural = [0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48,
               41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15,
               23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62,
               63]  # jpeg_natural_order (jutils.c)

    def quantize(coef, quant, bxs, bys):
        return references.jpeg_quant_zigzag({
            "coef": coef, "quantval": quant, "zz": np.zeros((bys, bxs, 64), np.int32),
            "eob": np.zeros((bys, bxs), np.int32), "blocks_x": bxs, "blocks_y": bys})

    coef = np.zeros((8, 24), np.int32)  # three blocks side by side, every divisor 8
    coef[0, 0], coef[1, 0], coef[0, 1] = 4, -12, 3  # block 0: 1, 0 (3 + 4 < 8), -2
    coef[7, 23] = -4  # block 2: its last coefficient -1
    got = quantize(coef, np.ones(64, np.int32), 3, 1)
    assert got["zz"][0, 0, :4].tolist() == [1, 0, -2, 0] and not got["zz"][0, 0, 4:].any()
    assert got["eob"].tolist() == [[3, 0, 64]]
    assert got["zz"][0, 2, 63] == -1 and not got["zz"][0, 1].any()
    quant = np.full(64, 2, np.int32)  # divisor 16: 8 rounds up, 7 down, -8 to -1
    coef = np.zeros((8, 8), np.int32)
    coef[2, 0], coef[0, 2], coef[1, 1] = 8, 7, -8
    got = quantize(coef, quant, 1, 1)
    assert got["zz"][0, 0, :6].tolist() == [0, 0, 0, 1, -1, 0] and got["eob"][0, 0] == 5
    for bxs, bys, high in ((3, 2, 1024), (5, 4, 64), (2, 3, 9)):
        coef = rng.integers(-high, high, size=(8 * bys, 8 * bxs)).astype(np.int32)
        quant = rng.integers(1, 256, size=64).astype(np.int32)
        got = quantize(coef, quant, bxs, bys)
        for by in range(bys):
            for bx in range(bxs):
                zz = []
                for i in natural:
                    c = int(coef[8 * by + i // 8, 8 * bx + i % 8])
                    qval = int(quant[i]) << 3
                    q = (abs(c) + (qval >> 1)) // qval
                    zz.append(-q if c < 0 else q)
                last = max([k + 1 for k, z in enumerate(zz) if z], default=0)
                assert got["zz"][by, bx].tolist() == zz and got["eob"][by, bx] == last

    # fft_twiddle_4step: W_8^(r c) on a 2 x 4 matrix; row 0 and column 0 unchanged
    data = np.zeros((2, 4, 2), np.float32)
    data[..., 0] = 1
    got = references.fft_twiddle_4step({"dataWords": data, "n1": 2, "n2": 4})["dataWords"]
    assert np.allclose(got[0, :, 0], 1) and np.allclose(got[:, 0, 0], 1)
    assert np.allclose(got[1, 2], [0, -1], atol=1e-7)  # exp(-i pi / 2) = -i
    assert np.allclose(got[1, 1], [math.sqrt(0.5), -math.sqrt(0.5)], atol=1e-7)
    for n1, n2 in ((3, 5), (8, 4), (7, 16)):
        data = rng.integers(-8, 8, size=(n1, n2, 2)).astype(np.float32)
        got = references.fft_twiddle_4step({"dataWords": data, "n1": n1,
                                            "n2": n2})["dataWords"]
        for r in range(n1):
            for c in range(n2):
                z = complex(data[r, c, 0], data[r, c, 1]) * cmath.exp(
                    -2j * math.pi * r * c / (n1 * n2))
                assert np.allclose(got[r, c], [z.real, z.imag], atol=1e-5)

    # kuwahara_filter: a constant image kept, a lone bright pixel kept only where every
    # quadrant holds it (its own pixel, the up-left mean on the tie), an edge kept sharp
    def kuwahara(img, r):
        rows, cols = img.shape
        return references.kuwahara_filter({"in": img.astype(np.float32),
                                           "out": np.zeros((rows, cols), np.float32),
                                           "rows": rows, "cols": cols, "radius": r})["out"]

    assert np.array_equal(kuwahara(np.full((5, 7), 9), 2), np.full((5, 7), 9))
    img = np.zeros((5, 5))
    img[2, 2] = 90
    got = kuwahara(img, 1)
    want = np.zeros((5, 5))
    want[2, 2] = 22.5
    assert np.array_equal(got, want)
    img = np.zeros((6, 8))
    img[:, 4:] = 100
    assert np.array_equal(kuwahara(img, 2), img)

    def plain_kuwahara(img, r):
        rows, cols = img.shape
        n = (r + 1) ** 2
        out = np.zeros((rows, cols), np.float32)
        for y in range(rows):
            for x in range(cols):
                best = None
                for qy, qx in ((y - r, x - r), (y - r, x), (y, x - r), (y, x)):
                    vals = [float(img[min(max(qy + dy, 0), rows - 1),
                                      min(max(qx + dx, 0), cols - 1)])
                            for dy in range(r + 1) for dx in range(r + 1)]
                    var = n * sum(v * v for v in vals) - sum(vals) ** 2
                    if best is None or var < best[0]:
                        best = (var, np.float32(sum(vals)) / np.float32(n))
                out[y, x] = best[1]
        return out

    for rows, cols, r, high in ((5, 9, 1, 256), (7, 6, 2, 256), (9, 11, 3, 4), (4, 5, 2, 2)):
        img = rng.integers(0, high, size=(rows, cols))
        assert np.array_equal(kuwahara(img, r), plain_kuwahara(img, r))


def test_blind40_references_on_hand_checked_inputs():
    import heapq

    rng = np.random.default_rng(40)

    # cus_fwt_batch2: N = 8, stride 2 by hand; passes at strides 4 and 1 of 16 points are the
    # natural-order Walsh-Hadamard transform (Sylvester's matrix); random against a plain loop
    def fwt(data, stride):
        data = np.asarray(data, np.float32)
        return references.cus_fwt_batch2({"d_Data": data, "stride": stride,
                                          "N": data.size})["d_Data"]

    got = fwt(np.arange(1, 9), 2)  # butterflies (0, 2, 4, 6) and (1, 3, 5, 7)
    assert got.tolist() == [16, 20, -4, -4, -8, -8, 0, 0]
    hadamard = np.ones((1, 1))
    for _ in range(4):
        hadamard = np.block([[hadamard, hadamard], [hadamard, -hadamard]])
    x = rng.integers(-1000, 1000, size=16)
    assert np.array_equal(fwt(fwt(x, 4), 1), hadamard @ x)
    for n, stride in ((64, 16), (64, 4), (256, 1), (1024, 32)):
        x = rng.integers(-1000, 1000, size=n).astype(np.float32)
        want = x.copy()
        for pos in range(n // 4):
            lo = pos % stride
            i = [4 * (pos - lo) + lo + m * stride for m in range(4)]
            d0, d1, d2, d3 = (float(x[j]) for j in i)
            for j, v in zip(i, (d0 + d2 + d1 + d3, d0 + d2 - d1 - d3, d0 - d2 + d1 - d3,
                                d0 - d2 - d1 + d3), strict=True):
                want[j] = v
        assert np.array_equal(fwt(x, stride), want)

    # ggml_cpy_f32: 2 tokens x 3 features stored transposed at slot 1 of a 5-slot cache
    def cpy(x, dst, offs, ne0, nb0, ne1, nb1):
        values = {"x": np.asarray(x, np.float32), "dst": np.asarray(dst, np.float32),
                  "dst_offs": offs, "ne": int(np.size(x))}
        for side, ne, nb in (("0", ne0, nb0), ("1", ne1, nb1)):
            for k in range(3):
                values[f"ne{side}{k}"] = ne[k]
            for k in range(4):
                values[f"nb{side}{k}"] = nb[k]
        return references.ggml_cpy_f32(values)["dst"]

    v = [[1, 2, 3], [4, 5, 6]]  # v_cur: token-major, 3 features a token
    cache = -np.ones((3, 5))
    got = cpy(v, cache, 4, (2, 3, 1), (12, 4, 24, 24), (2, 3, 1), (4, 20, 60, 60))
    assert got.tolist() == [[-1, 1, 4, -1, -1], [-1, 2, 5, -1, -1], [-1, 3, 6, -1, -1]]
    x = rng.integers(-1000, 1000, size=24)  # contiguous to contiguous: a flat copy
    got = cpy(x, np.zeros(30), 8, (4, 3, 2), (4, 16, 48, 96), (4, 3, 2), (4, 16, 48, 96))
    assert np.array_equal(got[2:26], x) and not got[:2].any() and not got[26:].any()
    for e0, e1, e2, e3 in ((5, 3, 4, 2), (7, 2, 3, 1), (1, 6, 2, 3)):  # ggml_cont(permute)
        x = rng.integers(-1000, 1000, size=(e3, e2, e1, e0)).astype(np.float32)
        nb = (4, 4 * e0, 4 * e0 * e1, 4 * e0 * e1 * e2)  # x's strides; copy it with 0 <-> 1
        ne0, nb0 = (e1, e0, e2), (nb[1], nb[0], nb[2], nb[3])
        got = cpy(x, np.zeros(x.size + 3), 12, ne0, nb0, (e1, e0, e2),
                  (4, 4 * e1, 4 * e1 * e0, 4 * e1 * e0 * e2))
        want = np.zeros(x.size + 3, np.float32)
        flat = x.reshape(-1)
        for i in range(x.size):
            i3, r = divmod(i, e1 * e0 * e2)
            i2, r = divmod(r, e1 * e0)
            i1, i0 = divmod(r, e1)
            want[3 + i] = flat[(i0 * nb0[0] + i1 * nb0[1] + i2 * nb0[2] + i3 * nb0[3]) // 4]
        assert np.array_equal(got, want)
        assert np.array_equal(got[3:].reshape(e3, e2, e0, e1), x.transpose(0, 1, 3, 2))

    # clover_accelerate: no pressure or viscosity gradient keeps the velocities; one cell's
    # pressure 2 above its neighbours pushes its four nodes out by 2 step = 0.04 each way
    def accelerate(xm, ym, fields, dbyt=0.04):
        shapes = {"xarea": (ym + 4, xm + 5), "yarea": (ym + 5, xm + 4)}
        values = {"x_min": 1, "x_max": xm, "y_min": 1, "y_max": ym, "dbyt": dbyt}
        for name in ("xarea", "yarea", "volume", "density0", "pressure", "viscosity",
                     "xvel0", "yvel0"):
            shape = shapes.get(name, (ym + 5, xm + 5) if "vel" in name else (ym + 4, xm + 4))
            values[name] = np.broadcast_to(np.asarray(fields.get(name, 1.0), np.float64),
                                           shape).copy()
        for name in ("xvel1", "yvel1"):
            values[name] = np.full((ym + 5, xm + 5), 7.0)
        return references.clover_accelerate(values)

    xv = np.arange(6 * 6, dtype=np.float64).reshape(6, 6)
    got = accelerate(1, 1, {"xvel0": xv, "yvel0": -xv, "pressure": 5.0, "viscosity": 2.0})
    nodes = (slice(2, 4), slice(2, 4))
    assert np.array_equal(got["xvel1"][nodes], xv[nodes])
    assert np.array_equal(got["yvel1"][nodes], -xv[nodes])
    untouched = np.full((6, 6), True)
    untouched[nodes] = False
    assert (got["xvel1"][untouched] == 7).all() and (got["yvel1"][untouched] == 7).all()
    pressure = np.ones((6, 6))
    pressure[2, 2] = 3.0  # padded row and column 2: the mesh's first cell
    got = accelerate(2, 2, {"pressure": pressure, "xvel0": 0.0, "yvel0": 0.0})
    assert np.allclose(got["xvel1"][2:4, 2:4], [[-0.04, 0.04], [-0.04, 0.04]], atol=1e-15)
    assert np.allclose(got["yvel1"][2:4, 2:4], [[-0.04, -0.04], [0.04, 0.04]], atol=1e-15)
    assert np.array_equal(got["xvel1"][2:5, 4], [0, 0, 0])  # nodes away from the cell
    for xm, ym in ((3, 2), (5, 4), (2, 6)):
        fields = {"xarea": rng.integers(1, 4, size=(ym + 4, xm + 5)),
                  "yarea": rng.integers(1, 4, size=(ym + 5, xm + 4))}
        for name, low, high in (("volume", 1, 4), ("density0", 1, 10), ("pressure", 0, 100),
                                ("viscosity", 0, 10)):
            fields[name] = rng.integers(low, high, size=(ym + 4, xm + 4))
        for name in ("xvel0", "yvel0"):
            fields[name] = rng.integers(-10, 10, size=(ym + 5, xm + 5))
        got = accelerate(xm, ym, fields, dbyt=0.04)
        f = {k: v.astype(float) for k, v in fields.items()}
        for k in range(1, ym + 2):  # accelerate_kernel.f90's loops; padded index = f90 + 1
            for j in range(1, xm + 2):
                r, c = k + 1, j + 1
                mass = 0.25 * sum(f["density0"][r + a, c + b] * f["volume"][r + a, c + b]
                                  for a, b in ((-1, -1), (-1, 0), (0, 0), (0, -1)))
                step = 0.02 / mass
                x1 = f["xvel0"][r, c]
                y1 = f["yvel0"][r, c]
                for field in ("pressure", "viscosity"):
                    p = f[field]
                    x1 -= step * (f["xarea"][r, c] * (p[r, c] - p[r, c - 1])
                                  + f["xarea"][r - 1, c] * (p[r - 1, c] - p[r - 1, c - 1]))
                    y1 -= step * (f["yarea"][r, c] * (p[r, c] - p[r - 1, c])
                                  + f["yarea"][r, c - 1] * (p[r, c - 1] - p[r - 1, c - 1]))
                assert abs(got["xvel1"][r, c] - x1) < 1e-12
                assert abs(got["yvel1"][r, c] - y1) < 1e-12
        assert (got["xvel1"][:2] == 7).all() and (got["yvel1"][:, xm + 3:] == 7).all()

    # af_medfilt2: zero padding decides the corners; a lone bright pixel is removed
    def medfilt(img):
        img = np.asarray(img, np.float32)
        nb, rows, cols = img.shape
        return references.af_medfilt2({"out": np.zeros_like(img), "in": img, "dims0": cols,
                                       "dims1": rows, "dims2": nb})["out"]

    got = medfilt(np.full((1, 6, 7), 9))  # 9 of 25 at a corner, 12 next to it: 0
    want = np.full((6, 7), 9)
    want[[0, 0, 1, 0, 0, 1, 5, 5, 4, 5, 5, 4], [0, 1, 0, 6, 5, 6, 0, 1, 0, 6, 5, 6]] = 0
    assert np.array_equal(got[0], want)
    img = np.zeros((2, 5, 5))
    img[0, 2, 2] = 255
    img[1] = 4
    got = medfilt(img)
    assert not got[0].any() and got[1, 2, 2] == 4 and got[1, 0, 0] == 0
    for nb, rows, cols in ((1, 5, 9), (2, 7, 6), (3, 4, 4)):
        img = rng.integers(0, 256, size=(nb, rows, cols))
        got = medfilt(img)
        for b in range(nb):
            for y in range(rows):
                for x in range(cols):
                    window = [int(img[b, y + dy, x + dx]) if 0 <= y + dy < rows
                              and 0 <= x + dx < cols else 0
                              for dy in range(-2, 3) for dx in range(-2, 3)]
                    assert got[b, y, x] == sorted(window)[12]

    # ocv_meanshift_filter: a lone pixel of R = 1 among far colours comes out R = 0 (41 hits,
    # 41 x float(1/41) = 0.99999994 truncated), two flat regions kept, random against a
    # plain transcription of do_mean_shift
    def pack(rgba):
        rgba = np.asarray(rgba, np.uint32)
        return rgba[..., 0] | rgba[..., 1] << 8 | rgba[..., 2] << 16 | rgba[..., 3] << 24

    def meanshift(words, sp, sr, max_iter=5, eps=1.0):
        words = np.asarray(words, np.uint32)
        rows, cols = words.shape
        return references.ocv_meanshift_filter({
            "srcWords": words, "outWords": np.zeros_like(words), "cols": cols, "rows": rows,
            "sp": sp, "sr": sr, "maxIter": max_iter, "eps": eps})["outWords"]

    row = np.tile([200, 200, 200, 9], (1, 41, 1))
    row[0, 20] = [1, 0, 0, 7]
    got = meanshift(pack(row), 20, 10)
    assert got[0, 20] == pack([0, 0, 0, 7]) and np.array_equal(got[0, :20], pack(row)[0, :20])
    img = np.zeros((6, 8, 4), np.uint32)
    img[:, :4] = [10, 20, 30, 255]
    img[:, 4:] = [200, 100, 50, 255]
    assert np.array_equal(meanshift(pack(img), 2, 20), pack(img))

    def plain_meanshift(rgba, sp, sr, max_iter=5, eps=1.0):
        rows, cols = rgba.shape[:2]
        out = rgba.copy()
        for y0s in range(rows):
            for x0s in range(cols):
                x0, y0 = x0s, y0s
                c = [int(v) for v in rgba[y0, x0]]
                for _ in range(max_iter):
                    count = s0 = s1 = s2 = sx = sy = 0
                    for y in range(y0 - sp, y0 + sp + 1):
                        for x in range(x0 - sp, x0 + sp + 1):
                            t = rgba[min(max(y, 0), rows - 1), min(max(x, 0), cols - 1)]
                            if sum((int(t[k]) - c[k]) ** 2 for k in range(3)) <= sr * sr:
                                s0, s1, s2 = s0 + int(t[0]), s1 + int(t[1]), s2 + int(t[2])
                                sx, sy, count = sx + x, sy + y, count + 1
                    if count == 0:
                        break
                    icount = np.float32(1) / np.float32(count)
                    x1, y1, n0, n1, n2 = (int(np.float32(v) * icount)
                                          for v in (sx, sy, s0, s1, s2))
                    norm2 = (n0 - c[0]) ** 2 + (n1 - c[1]) ** 2 + (n2 - c[2]) ** 2
                    stop = (x0 == x1 and y0 == y1) or abs(x1 - x0) + abs(y1 - y0) + norm2 <= eps
                    x0, y0, c[:3] = x1, y1, [n0, n1, n2]
                    if stop:
                        break
                out[y0s, x0s, :3] = c[:3]
        return out

    for rows, cols, sp, sr, high in ((5, 9, 2, 150, 256), (7, 6, 3, 40, 64), (4, 5, 1, 9, 16),
                                     (6, 6, 4, 300, 256)):
        rgba = rng.integers(0, high, size=(rows, cols, 4)).astype(np.uint32)
        assert np.array_equal(meanshift(pack(rgba), sp, sr), pack(plain_meanshift(rgba, sp, sr)))

    # fw_apsp_step: a shortcut through k by hand; every step in turn gives Dijkstra's
    # distances; one random step against a plain double loop
    def fw_step(d, k):
        d = np.asarray(d, np.int32)
        return references.fw_apsp_step({"dist": d, "n": d.shape[0], "k": k})["dist"]

    d = [[0, 9, 1], [9, 0, 2], [1, 2, 0]]
    assert fw_step(d, 2).tolist() == [[0, 3, 1], [3, 0, 2], [1, 2, 0]]
    assert fw_step(d, 0).tolist() == d
    for n in (5, 9, 14):
        w = rng.integers(1, 1000, size=(n, n))
        np.fill_diagonal(w, 0)
        d = w.copy()
        for k in range(n):
            d = fw_step(d, k)
        for s in range(n):
            dist = [None] * n
            heap = [(0, s)]
            while heap:
                du, u = heapq.heappop(heap)
                if dist[u] is not None:
                    continue
                dist[u] = du
                for v in range(n):
                    if dist[v] is None:
                        heapq.heappush(heap, (du + int(w[u, v]), v))
            assert d[s].tolist() == dist
    d = rng.integers(1, 1000, size=(11, 11))
    got = fw_step(d, 4)
    assert got.tolist() == [[min(int(d[i, j]), int(d[i, 4] + d[4, j])) for j in range(11)]
                            for i in range(11)]


def test_slab_list_walk_table_and_reference():
    """The few-waves experiment's SlabHash table (data.slab_lists) and search reference: a
    table by hand, the generator's promises (keys distinct and hashing to their bucket, never
    the empty key, every list exactly STEPS slabs at unrelated places, each query's key in the
    last one) and the reference against a plain transcription of SlabHash's searchKey."""
    from gpuadvisor.targets.data import slab_lists

    empty = 0xFFFFFFFF

    def walk(slabs, keys, buckets, hash_x=0, hash_y=0):
        slabs = np.asarray(slabs, np.uint32)
        keys = np.asarray(keys, np.uint32)
        return references.slab_list_walk({
            "slabs": slabs, "d_queries": keys, "d_results": np.zeros(len(keys), np.uint32),
            "num_queries": len(keys), "num_buckets": buckets, "hash_x": hash_x,
            "hash_y": hash_y})["d_results"].tolist()

    # by hand, SlabHash's identity hash (hash_x = hash_y = 0: bucket = key % 2): bucket 0 is
    # slab 0 -> slab 3, bucket 1 slab 1 alone; slab 2 unused. Key 3 is slab 0's pointer word
    # and key 9 its unused word 30, key 10 a value in slab 0: none of them a key there.
    slabs = np.full((4, 32), empty, np.uint32)
    slabs[0, :6] = [2, 10, 4, 40, 8, 80]
    slabs[0, 30], slabs[0, 31] = 9, 3
    slabs[3, :4] = [6, 60, 10, 100]
    slabs[3, 28:30] = [12, 120]  # the 15th pair
    slabs[1, :2] = [5, 50]
    assert walk(slabs, [10, 4, 5, 12, 3, 9, 7, 14, 2], 2) == [
        100, 40, 50, 120, empty, empty, empty, empty, 10]
    slabs[3, 30:32] = [14, empty]  # word 30 is no key either
    assert walk(slabs, [14], 2) == [empty]

    # the generator, small and a little larger, and determinism
    hash_x, hash_y, prime = 2654435769, 1013904223, 4294967291

    def bucket(key, hx=hash_x, hy=hash_y, buckets=1):
        return ((hx ^ int(key)) + hy) % 2**32 % prime % buckets

    for slabs_n, steps, queries in ((31, 4, 301), (4099, 7, 2000), (64, 1, 50)):
        pool, keys = slab_lists(np.random.default_rng(399), slabs_n, steps, queries, hash_x,
                                hash_y)
        again = slab_lists(np.random.default_rng(399), slabs_n, steps, queries, hash_x, hash_y)
        assert np.array_equal(pool, again[0]) and np.array_equal(keys, again[1])
        buckets = slabs_n // steps
        assert pool.shape == (slabs_n, 32) and pool.dtype == np.uint32 and keys.shape == (queries,)
        used = set()
        for b in range(buckets):
            chain, slab = [], b
            while slab != empty:
                chain.append(slab)
                slab = int(pool[slab, 31])
            assert len(chain) == steps and chain[0] == b
            assert all(c >= buckets for c in chain[1:])
            used.update(chain)
            words = pool[chain]
            list_keys = words[:, 0:30:2].reshape(-1)
            assert len(set(list_keys.tolist())) == 15 * steps and empty not in list_keys
            assert {bucket(k, buckets=buckets) for k in list_keys} == {b}
            assert (words[:, 30] == empty).all()
        assert len(used) == buckets * steps
        unused = sorted(set(range(slabs_n)) - used)
        assert (pool[unused] == empty).all()
        all_keys = set(pool[sorted(used)][:, 0:30:2].reshape(-1).tolist())
        assert set(pool[sorted(used)][:, 1:30:2].reshape(-1).tolist()) <= all_keys
        for q, k in enumerate(keys):
            b = bucket(k, buckets=buckets)
            assert b == q % buckets
            last = b
            for _ in range(steps - 1):
                last = int(pool[last, 31])
            assert int(k) in pool[last, 0:30:2].tolist()
        # the reference against a plain transcription of SlabHash's searchKey
        got = walk(pool, keys, buckets, hash_x, hash_y)
        for q, k in enumerate(keys):
            slab, want = bucket(k, buckets=buckets), empty
            while True:
                data = [int(w) for w in pool[slab]]
                lanes = [lane for lane in range(32) if 0x15555555 >> lane & 1
                         and data[lane] == int(k)]
                if lanes:
                    want = data[lanes[0] + 1]
                    break
                if data[31] == empty:
                    break
                slab = data[31]
            assert got[q] == want != empty
    # 7 lists of 4 in a 31-slab pool: their 21 later slabs are 21 of the allocator's 24, at
    # random places (of the 14 links between two of them, few to the next slab in the pool)
    pool, _ = slab_lists(np.random.default_rng(399), 31, 4, 1, hash_x, hash_y)
    nexts = pool[:, 31][pool[:, 31] != empty].astype(int)
    assert len(set(nexts.tolist())) == 21 and nexts.min() >= 7 and nexts.max() <= 30
    links = [(int(s), int(pool[s, 31])) for s in nexts if pool[s, 31] != empty]
    assert len(links) == 14 and sum(b == a + 1 for a, b in links) <= 2

    # the key whose hash is the empty key's is moved within its stratum: with hash_y set so
    # that the empty key hashes onto one the first table drew, the same draws give no empty key
    pool, keys = slab_lists(np.random.default_rng(5), 62, 2, 31, hash_x, hash_y)
    h0 = (hash_x ^ int(pool[3, 0])) + hash_y  # the h of bucket 3's first key
    hash_y2 = (h0 - (hash_x ^ empty)) % 2**32
    pool2, keys2 = slab_lists(np.random.default_rng(5), 62, 2, 31, hash_x, hash_y2)
    assert not (pool2[:, 0:30:2] == empty).any() and empty not in keys2.tolist()
    assert bucket(empty, hash_x, hash_y2, 31) == 3
    for b in range(31):
        list_keys = np.r_[pool2[b, 0:30:2], pool2[pool2[b, 31], 0:30:2]]
        assert {bucket(k, hash_x, hash_y2, 31) for k in list_keys} == {b}
        assert len(set(list_keys.tolist())) == 30
    assert walk(pool2, keys2, 31, hash_x, hash_y2).count(empty) == 0

    for bad in ((3, 4, 1, 1, 2), (10, 0, 1, 1, 2), (2**31, 1, 1, 1, 2), (31, 4, 1, 2**32, 2)):
        with pytest.raises(UserError, match="slab_lists: lists of"):  # too long; too many keys
            slab_lists(np.random.default_rng(1), *bad)

    # the manifest's table: the data_seed's draws, every query found
    spec = SPECS["slab_list_walk"]
    params = spec.resolve_params(overrides={"QUERIES": 301, "STEPS": 4, "SLABS": 31})
    values = host_values(spec, params)
    got = references.slab_list_walk(values)["d_results"]
    assert values["slabs"].shape == (31, 32) and empty not in got.tolist()
    assert np.array_equal(values["d_queries"], slab_lists(
        np.random.default_rng(399), 31, 4, 301, params["HASH_X"], params["HASH_Y"])[1])


def test_blind41_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(41)

    # pmpp_conv2d_cached: a lone 1 gives the filter turned half round about it; ones count
    # the taps inside the image; random images against the kernel's own tile-and-halo split
    # simulated block by block
    def conv(img, filt):
        img = np.asarray(img, np.float32)
        rows, cols = img.shape
        return references.pmpp_conv2d_cached({
            "N": img, "F_c": np.asarray(filt, np.float32), "P": np.zeros_like(img),
            "width": cols, "height": rows})["P"]

    filt = np.arange(25).reshape(5, 5)
    img = np.zeros((5, 7))
    img[2, 3] = 1
    got = conv(img, filt)
    for r in range(5):
        for c in range(7):
            want = filt[4 - r, 5 - c] if 0 <= 5 - c <= 4 else 0
            assert got[r, c] == want
    got = conv(np.ones((4, 4)), np.ones((5, 5)))
    assert got.tolist() == [[9, 12, 12, 9], [12, 16, 16, 12], [12, 16, 16, 12], [9, 12, 12, 9]]

    def plain_conv(img, filt, bx, by):  # the kernel's loops: tile taps from N_s, others from N
        rows, cols = img.shape
        out = np.zeros((rows, cols))
        for row, col in itertools.product(range(rows), range(cols)):
            tx, ty = col % bx, row % by
            tile = {(r, c): (img[r, c] if r < rows and c < cols else 0)
                    for r in range(row - ty, row - ty + by) for c in range(col - tx, col - tx + bx)}
            total = 0
            for f_row, f_col in itertools.product(range(5), range(5)):
                r, c = row - 2 + f_row, col - 2 + f_col
                if 0 <= tx - 2 + f_col < bx and 0 <= ty - 2 + f_row < by:
                    total += filt[f_row, f_col] * tile[(r, c)]
                elif 0 <= r < rows and 0 <= c < cols:
                    total += filt[f_row, f_col] * img[r, c]
            out[row, col] = total
        return out

    for rows, cols, bx, by in ((6, 9, 4, 2), (7, 5, 1, 3), (5, 11, 8, 1), (9, 6, 3, 3)):
        img = rng.integers(0, 256, size=(rows, cols))
        filt = rng.integers(-4, 5, size=(5, 5))
        assert np.array_equal(conv(img, filt), plain_conv(img, filt, bx, by))

    # af_fast: the kernel's clamp-trick offsets are the reference's circle; hand-made circles
    # round one tested pixel; random images against a plain transcription
    def clamp(f):
        return max(-3, min(f, 3))

    def idx_y(i):
        return clamp(-(i - 8 - 4)) if i >= 8 else clamp(i - 4)

    def idx_x(i):
        return idx_y(i + 4) if i < 12 else idx_y(i - 12)

    assert [(idx_x(i), idx_y(i)) for i in range(16)] == list(references.FAST_CIRCLE)
    assert {dx * dx + dy * dy for dx, dy in references.FAST_CIRCLE} == {9, 10, 8}

    def fast(img, thr=20.0, edge=3, initial=0.0):
        img = np.asarray(img, np.float32)
        rows, cols = img.shape
        return references.af_fast({"in": img, "score": np.full_like(img, initial),
                                   "idim0": cols, "idim1": rows, "thr": thr,
                                   "edge": edge})["score"]

    def ring(levels, centre=100):
        img = np.full((7, 7), centre)
        for (dx, dy), level in zip(references.FAST_CIRCLE, levels, strict=True):
            img[3 + dy, 3 + dx] = level
        return img

    cases = [
        ([200] * 9 + [100] * 7, 9 * 80),  # an arc of 9 brighter: 9 (100 - 20)
        ([200] * 8 + [100] * 8, 0),  # 8 are not enough
        ([30] * 5 + [100] * 7 + [30] * 4, 9 * 50),  # a darker arc round the circle's start
        ([120] * 9 + [100] * 7, 0),  # p + thr is not brighter
        ([121] * 9 + [100] * 7, 9),
        ([200] * 10 + [0] * 6, 10 * 80),  # the larger of the two sums
        ([0] * 12 + [200] * 4, 12 * 80),
        ([200, 0] * 8, 0),
    ]
    for levels, want in cases:
        got = fast(ring(levels), initial=-1.0)
        assert got[3, 3] == (want if want else -1.0), levels
        got[3, 3] = -1.0
        assert (got == -1.0).all()  # the edge keeps its initial values

    def plain_fast(img, thr=20, edge=3):
        rows, cols = img.shape
        out = np.zeros((rows, cols))
        for y, x in itertools.product(range(edge, rows - edge), range(edge, cols - edge)):
            p = int(img[y, x])
            circle = [int(img[y + dy, x + dx]) for dx, dy in references.FAST_CIRCLE]
            scores = []
            for sign in (1, -1):
                hits = [sign * (v - p) > thr for v in circle]
                run = longest = 0
                for hit in hits + hits:
                    run = run + 1 if hit else 0
                    longest = max(longest, run)
                scores.append((longest >= 9, sum(abs(v - p) - thr for v, h in
                                                 zip(circle, hits, strict=True) if h)))
            if scores[0][0] or scores[1][0]:
                out[y, x] = max(scores[0][1], scores[1][1])
        return out

    corners = 0
    for rows, cols, high in ((14, 20, 256), (17, 15, 256), (14, 14, 64), (12, 14, 48)):
        img = rng.integers(0, high, size=(rows, cols))
        want = plain_fast(img)
        assert np.array_equal(fast(img), want)
        corners += np.count_nonzero(want)
    assert corners > 10

    # lulesh_kinematics: a unit cube (LULESH's node order), a 2 x 3 x 4 box and a sheared one
    # by hand; random hexahedra against the trilinear map's Jacobian (Gauss quadrature of det
    # J for the volume, J^-1 at the centre for the velocity gradient)
    cube = np.array([(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1),
                     (0, 1, 1)], np.float64)

    def kinematics(coords, vel, volo=1.0, v=1.0, dt=0.25):
        coords = np.asarray(coords, np.float64).reshape(-1, 8, 3)
        vel = np.asarray(vel, np.float64).reshape(-1, 8, 3)
        n = coords.shape[0]
        values = {"numElem": n, "deltaTime": dt,
                  "nodelist": np.arange(8 * n, dtype=np.int32).reshape(n, 8),
                  "volo": np.full(n, volo), "v": np.full(n, v)}
        for axis, (pos, speed) in enumerate((("x", "xd"), ("y", "yd"), ("z", "zd"))):
            values[pos] = coords[..., axis].reshape(-1).copy()
            values[speed] = vel[..., axis].reshape(-1).copy()
        for name in ("vnew", "delv", "arealg", "dxx", "dyy", "dzz"):
            values[name] = np.zeros(n)
        return references.lulesh_kinematics(values)

    got = kinematics(cube, 2 * cube * [1, 0, 0], volo=4.0, v=3.0)
    assert got["vnew"][0] == 0.25 and got["delv"][0] == -2.75 and got["arealg"][0] == 1.0
    assert math.isclose(got["dxx"][0], 2 / 0.75, rel_tol=1e-15)  # v = 2x on x - x / 4
    assert got["dyy"][0] == 0 and got["dzz"][0] == 0
    box = cube * [2, 3, 4]
    got = kinematics(box, 0 * box)
    assert got["vnew"][0] == 24 and got["arealg"][0] == 2.0  # 24 / the largest face, 12
    sheared = box + box[:, [1]] * [1, 0, 0] + box[:, [2]] * [0, 0.5, 0]
    assert kinematics(sheared, 0 * box)["vnew"][0] == 24
    assert kinematics(cube * -1, 0 * cube)["vnew"][0] == -1  # a mirrored cube: turned inside out

    corners = np.array([(-1, -1, -1), (1, -1, -1), (1, 1, -1), (-1, 1, -1), (-1, -1, 1),
                        (1, -1, 1), (1, 1, 1), (-1, 1, 1)], np.float64)  # (xi, eta, zeta)

    def jacobian(hexa, xi):  # d(x, y, z) / d(xi, eta, zeta) of the trilinear map
        grads = np.array([[c[a] * np.prod([1 + c[b] * xi[b] for b in range(3) if b != a]) / 8
                           for a in range(3)] for c in corners])  # (8 nodes, 3)
        return hexa.T @ grads, grads

    gauss = [-1 / math.sqrt(3), 1 / math.sqrt(3)]
    coords = cube * 40 + rng.integers(-15, 16, size=(30, 8, 3))  # distorted, not inverted
    vel = rng.integers(-100, 100, size=(30, 8, 3))
    got = kinematics(coords, vel)
    for e in range(30):
        volume = sum(np.linalg.det(jacobian(coords[e], xi)[0])
                     for xi in itertools.product(gauss, repeat=3))
        assert math.isclose(got["vnew"][e], volume, rel_tol=1e-12)
        moved = coords[e] - 0.125 * vel[e]
        jac, grads = jacobian(moved, (0, 0, 0))
        grad_x = grads @ np.linalg.inv(jac)  # dN / dx at the centre, (8 nodes, 3)
        for axis, name in enumerate(("dxx", "dyy", "dzz")):
            assert math.isclose(got[name][e], vel[e][:, axis] @ grad_x[:, axis], rel_tol=1e-9,
                                abs_tol=1e-12)
        areas = [np.linalg.norm(np.cross(coords[e][f[2]] - coords[e][f[0]],
                                         coords[e][f[3]] - coords[e][f[1]])) / 2
                 for f in references.LULESH_FACES]  # a face's area from its diagonals
        assert math.isclose(got["arealg"][e], volume / max(areas), rel_tol=1e-12)

    # shoc_md5hash: the digest words of RFC 1321's test vectors; the kernel's one-block MD5 of
    # keys up to 8 bytes (two words, the padding byte, the length as word 14) in Python is
    # hashlib's; the search by hand in a keyspace of 3^4 keys; the manifest's target
    assert references._md5_words(b"abc") == tuple(
        int.from_bytes(bytes.fromhex("900150983cd24fb0d6963f7d28e17f72")[4 * i: 4 * i + 4],
                       "little") for i in range(4))
    assert references._md5_words(b"")[0] == int.from_bytes(bytes.fromhex("d41d8cd9"), "little")

    def md5_2words(key):
        mask = 0xFFFFFFFF
        words = [0] * 16
        data = bytes(key) + b"\x80" + bytes(7 - len(key))
        words[0], words[1] = (int.from_bytes(data[4 * i: 4 * i + 4], "little") for i in range(2))
        words[14] = 8 * len(key)
        shifts = [[7, 12, 17, 22], [5, 9, 14, 20], [4, 11, 16, 23], [6, 10, 15, 21]]
        state = [0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476]
        a, b, c, d = state
        for i in range(64):
            rnd = i // 16
            f = [(b & c) | (~b & d), (b & d) | (c & ~d), b ^ c ^ d, c ^ (b | (~d & mask))][rnd]
            g = [i, 5 * i + 1, 3 * i + 5, 7 * i][rnd] % 16
            t = (a + (f & mask) + words[g] + (int(abs(math.sin(i + 1)) * 2**32) & mask)) & mask
            s = shifts[rnd][i % 4]
            a, d, c, b = d, c, b, (b + ((t << s | t >> (32 - s)) & mask)) & mask
        return tuple((x + y) & mask for x, y in zip((a, b, c, d), state, strict=True))

    for length in range(8):
        key = rng.integers(0, 256, size=length).tolist()
        assert md5_2words(key) == references._md5_words(bytes(key))

    def search(key, vals, length):
        digest = references._md5_words(bytes(key))
        values = {f"searchDigest{i}": digest[i] for i in range(4)}
        values.update(keyspace=vals**length, byteLength=length, valsPerByte=vals,
                      foundIndex=np.full(1, -1, np.int32), foundKeyWords=np.zeros(2, np.uint32),
                      foundDigest=np.zeros(4, np.uint32))
        return references.shoc_md5hash(values)

    got = search([2, 0, 1, 2], 3, 4)
    assert got["foundIndex"].tolist() == [2 + 0 * 3 + 1 * 9 + 2 * 27]
    assert got["foundKeyWords"].view(np.uint8).tolist() == [2, 0, 1, 2, 0, 0, 0, 0]
    assert tuple(got["foundDigest"].tolist()) == references._md5_words(bytes([2, 0, 1, 2]))
    got = search([2, 0, 3, 2], 3, 4)  # a byte the keyspace does not have: not found
    assert got["foundIndex"].tolist() == [-1] and not got["foundKeyWords"].any()
    assert not got["foundDigest"].any()
    spec = SPECS["shoc_md5hash"]
    params = spec.resolve_params()
    target = bytes([3, 1, 0, 2, 3, 1, 2])
    assert references._md5_words(target) == tuple(params[f"DIG{i}"] for i in range(4))
    assert sum(b * 16**i for i, b in enumerate(target)) == 34807827

    # cusp_csr_vector: a 3 x 4 matrix by hand; the warp's aligned walk covers each nonzero
    # once; random matrices with long rows against a plain loop
    got = references.cusp_csr_vector({
        "num_rows": 3, "Ap": np.array([0, 2, 2, 5], np.int32),
        "Aj": np.array([0, 3, 1, 2, 3], np.int32), "Ax": np.array([1, 2, 3, -1, 4], np.float32),
        "x": np.array([1, 2, 3, 4], np.float32), "y": np.zeros(3, np.float32)})["y"]
    assert got.tolist() == [9, 0, 19]
    for start, length in itertools.product(range(0, 70, 3), range(0, 100, 7)):
        end = start + length
        if length > 32:  # 32 lanes from the 32-aligned position below the row's start
            walked = [jj for lane in range(32) for jj in range(start - start % 32 + lane, end, 32)
                      if jj >= start]
        else:
            walked = [jj for lane in range(32) for jj in range(start + lane, end, 32)]
        assert sorted(walked) == list(range(start, end))
    for rows, cols, nnz in ((7, 5, 300), (40, 90, 1500), (5, 3, 0)):
        ptr = np.concatenate([[0], np.sort(rng.integers(0, nnz + 1, size=rows - 1)), [nnz]])
        aj = rng.integers(0, cols, size=nnz)
        ax = rng.integers(-8, 8, size=nnz)
        x = rng.integers(-8, 8, size=cols)
        got = references.cusp_csr_vector({
            "num_rows": rows, "Ap": ptr.astype(np.int32), "Aj": aj.astype(np.int32),
            "Ax": ax.astype(np.float32), "x": x.astype(np.float32),
            "y": np.full(rows, 7, np.float32)})["y"]
        want = [sum(int(ax[jj]) * int(x[aj[jj]]) for jj in range(ptr[r], ptr[r + 1]))
                for r in range(rows)]
        assert got.tolist() == want


def test_blind42_references_on_hand_checked_inputs():
    import itertools
    import math

    rng = np.random.default_rng(42)
    f32 = np.float32

    # pcl_kinfu_tsdf: a 1 x 1 x 4 column by hand; the weight's cap and a running average;
    # random volumes against a plain per-voxel transcription of tsdf23's loop
    def tsdf_values(vol, depth, rot=(1, 0, 0, 0, 1, 0, 0, 0, 1), t=(0, 0, -1), f=(2, 2),
                    c=(0, 0), cell=(1, 1, 1), tranc=1.0):
        vol = np.asarray(vol, np.int32)
        depth = np.asarray(depth, f32)
        values = {"depthScaled": depth, "volume_words": vol, "depth_cols": depth.shape[1],
                  "depth_rows": depth.shape[0], "vol_x": vol.shape[2], "vol_y": vol.shape[1],
                  "vol_z": vol.shape[0], "tranc_dist": tranc, "fx": f[0], "fy": f[1],
                  "cx": c[0], "cy": c[1], "cell_x": cell[0], "cell_y": cell[1],
                  "cell_z": cell[2], "t_x": t[0], "t_y": t[1], "t_z": t[2]}
        values.update({f"r{i}{j}": rot[3 * i + j] for i in range(3) for j in range(3)})
        return values

    def tsdf(*args, **kwargs):
        return references.pcl_kinfu_tsdf(tsdf_values(*args, **kwargs))["volume_words"]

    def low16(word):  # the short2's x: the tsdf in 1/32767 units
        return (int(word) & 0xFFFF) - (65536 if int(word) & 0x8000 else 0)

    # voxel centre (0.5, 0.5, z + 1.5) from the camera: pixel (1, 1) at z = 0 (2 0.5 / 1.5
    # rounds to 1), (0, 0) beyond; depths 2 there and 3 at (0, 0); |v_g| 1.66, 2.60, 3.57, 4.56
    got = tsdf(np.zeros((4, 1, 1)), [[3, 0], [0, 2]])
    for z, (dp, near) in enumerate(((2, True), (3, True), (3, True), (3, False))):
        dist = math.sqrt(0.5 + (z + 1.5) ** 2)
        word = int(got[z, 0, 0])
        if not near:  # sdf below -tranc_dist: untouched
            assert word == 0 and dp - dist < -1
            continue
        assert word >> 16 == 1  # weight 1
        assert abs(low16(word) / 32767 - min(1.0, dp - dist)) < 2e-4
    got = tsdf(np.zeros((4, 1, 1)), [[0, 0], [0, 2]])  # no depth at (0, 0): only z = 0
    assert got[0, 0, 0] >> 16 == 1 and not got[1:].any()
    got = tsdf(np.zeros((4, 1, 1)), [[3, 0], [0, 2]], t=(0, 0, 6))  # behind the camera
    assert not got.any()
    prior = np.array([(3 << 16) | 16384, (128 << 16) | 0, (127 << 16) | 0, 5 << 16],
                     np.int32).reshape(4, 1, 1)
    got = tsdf(prior, [[3, 0], [0, 2]])
    assert got[0, 0, 0] >> 16 == 4  # (3 x 0.5 + 0.342) / 4
    assert abs(low16(got[0, 0, 0]) / 32767 - (1.5 + 2 - math.sqrt(2.75)) / 4) < 2e-4
    assert got[1, 0, 0] >> 16 == 128 and got[2, 0, 0] >> 16 == 128  # MAX_WEIGHT
    assert got[3, 0, 0] == 5 << 16

    def plain_tsdf(values):
        s = {k: f32(v) for k, v in values.items() if not isinstance(v, np.ndarray)}
        depth, out = values["depthScaled"], values["volume_words"].copy()
        cols, rows = int(s["depth_cols"]), int(s["depth_rows"])
        for y, x in itertools.product(range(out.shape[1]), range(out.shape[2])):
            gx = f32(f32(f32(x) + f32(0.5)) * s["cell_x"]) - s["t_x"]
            gy = f32(f32(f32(y) + f32(0.5)) * s["cell_y"]) - s["t_y"]
            gz = f32(f32(0.5) * s["cell_z"]) - s["t_z"]
            part = f32(gx * gx) + f32(gy * gy)
            vx = f32(f32(s["r00"] * gx) + f32(s["r01"] * gy) + f32(s["r02"] * gz)) * s["fx"]
            vy = f32(f32(s["r10"] * gx) + f32(s["r11"] * gy) + f32(s["r12"] * gz)) * s["fy"]
            vz = f32(s["r20"] * gx) + f32(s["r21"] * gy) + f32(s["r22"] * gz)
            zs = f32(0)
            for z in range(out.shape[0]):
                inv_z = f32(1) / (vz + f32(s["r22"] * zs))
                if not inv_z < 0:
                    px = int(np.rint(f32(vx * inv_z) + s["cx"]))
                    py = int(np.rint(f32(vy * inv_z) + s["cy"]))
                    if 0 <= px < cols and 0 <= py < rows:
                        dp = depth[py, px]
                        sdf = dp - np.sqrt(f32(gz * gz) + part)
                        if dp != 0 and sdf >= -s["tranc_dist"]:
                            new = min(f32(1), f32(sdf * (f32(1) / s["tranc_dist"])))
                            word = int(out[z, y, x])
                            weight = word >> 16
                            prev = f32(low16(word)) / f32(32767)
                            avg = (f32(prev * f32(weight)) + new) / f32(weight + 1)
                            fixed = max(-32767, min(32767, int(f32(avg * f32(32767)))))
                            out[z, y, x] = (min(weight + 1, 128) << 16) | (fixed & 0xFFFF)
                gz, zs = gz + s["cell_z"], zs + s["cell_z"]
                vx = vx + f32(f32(s["r02"] * s["cell_z"]) * s["fx"])
                vy = vy + f32(f32(s["r12"] * s["cell_z"]) * s["fy"])
        return out

    spec = SPECS["pcl_kinfu_tsdf"]
    rot = [spec.arg(f"r{i}{j}").value for i in range(3) for j in range(3)]
    assert np.allclose(np.reshape(rot, (3, 3)) @ np.reshape(rot, (3, 3)).T, np.eye(3), atol=1e-8)
    updated = 0
    for shape, size, f in (((9, 11, 13), 3.0, 20), ((6, 7, 5), 2.0, 9), ((4, 5, 12), 3.0, 30)):
        vol = rng.integers(0, 2**23, size=shape)
        depth = rng.integers(0, 4, size=(23, 31))
        values = tsdf_values(vol, depth, rot=rot, t=(size / 2, size / 2, -0.1 * size),
                             f=(f, f), c=(15, 11), cell=tuple(size / n for n in shape[::-1]),
                             tranc=0.03 * size)
        want = plain_tsdf(values)
        assert np.array_equal(references.pcl_kinfu_tsdf(values)["volume_words"], want)
        updated += np.count_nonzero(want != vol)
    assert updated > 100

    # torch_weight_norm_last: 3-4-5 columns by hand; random against float64 norms
    def weight_norm(v, g):
        v, g = np.asarray(v, f32), np.asarray(g, f32)
        out = references.torch_weight_norm_last({
            "v": v, "g": g, "w": np.zeros_like(v), "norms": np.zeros_like(g),
            "fast_dim_size": v.shape[1], "slower_dims_size": v.shape[0]})
        return out["w"], out["norms"]

    w, norms = weight_norm([[3, 0], [4, 1]], [10, -2])
    assert norms.tolist() == [5, 1] and w.tolist() == [[6, 0], [8, -2]]
    for rows, cols in ((7, 3), (37, 13), (300, 5)):
        v = rng.integers(-8, 8, size=(rows, cols))
        g = rng.integers(-8, 8, size=cols)
        w, norms = weight_norm(v, g)
        assert np.allclose(norms, np.linalg.norm(v, axis=0), rtol=1e-7)
        assert np.allclose(w, g * v / np.linalg.norm(v, axis=0), rtol=1e-6, atol=1e-7)
        assert np.array_equal(w, (g * v).astype(f32) * (f32(1) / norms))

    # miniweather_flux_x: miniWeather's constants; constant, linear and cubic rows by hand;
    # random states against a plain loop
    assert math.isclose(references.MINIWEATHER_GAMMA, 1004 / 717, rel_tol=1e-15)
    assert math.isclose(references.MINIWEATHER_C0,
                        (287 * 1e5 ** (-287 / 1004)) ** (1004 / 717), rel_tol=1e-12)

    def flux(state, hy_dens, hy_theta, hv=-0.9375):
        state = np.asarray(state, np.float64)
        nz, nx = state.shape[1] - 4, state.shape[2] - 4
        return references.miniweather_flux_x({
            "state": state, "hy_dens_cell": np.asarray(hy_dens, np.float64),
            "hy_dens_theta_cell": np.asarray(hy_theta, np.float64),
            "flux": np.zeros((4, nz + 1, nx + 1)), "nx": nx, "nz": nz, "hv_coef": hv})["flux"]

    state = np.zeros((4, 5, 7))
    state[1], state[2] = 2, 1  # u = 2 / 4, w = 1 / 4, t = 300 / 4
    got = flux(state, [4] * 5, [300] * 5)
    p = references.MINIWEATHER_C0 * 300 ** references.MINIWEATHER_GAMMA
    assert np.allclose(got[:, 0], [[2] * 4, [1 + p] * 4, [0.5] * 4, [150] * 4], rtol=1e-14)
    assert not got[:, 1].any()  # the last row of the z fluxes' shape: not an x interface
    state = np.zeros((4, 5, 8))
    state[0] = np.arange(8) ** 3  # a cubic density: third difference 6, d3 = -6 ... + 6
    state[3] = np.arange(8)  # linear rho theta: 1.5 past the interface's first cell
    got = flux(state, [1000] * 5, [300] * 5)
    assert np.allclose(got[0, 0], 6 * 0.9375, rtol=1e-14)  # r u = 0: the hyperviscosity alone
    assert np.allclose(got[3, 0], 0, atol=1e-12)
    nx, nz = 9, 4
    state = rng.integers(-2, 3, size=(4, nz + 4, nx + 4)).astype(np.float64)
    hy_dens, hy_theta = rng.integers(4, 8, size=nz + 4), rng.integers(300, 330, size=nz + 4)
    got = flux(state, hy_dens, hy_theta, hv=-0.75)
    for k, i in itertools.product(range(nz), range(nx + 1)):
        s = state[:, k + 2, i: i + 4]
        vals = -s[:, 0] / 12 + 7 * s[:, 1] / 12 + 7 * s[:, 2] / 12 - s[:, 3] / 12
        d3 = -s[:, 0] + 3 * s[:, 1] - 3 * s[:, 2] + s[:, 3]
        r = vals[0] + hy_dens[k + 2]
        u, w, t = vals[1] / r, vals[2] / r, (vals[3] + hy_theta[k + 2]) / r
        p = references.MINIWEATHER_C0 * (r * t) ** references.MINIWEATHER_GAMMA
        want = [r * u + 0.75 * d3[0], r * u * u + p + 0.75 * d3[1], r * u * w + 0.75 * d3[2],
                r * u * t + 0.75 * d3[3]]
        assert np.allclose(got[:, k, i], want, rtol=1e-13, atol=1e-12)

    # mgpu_merge: by hand (a's 3s before b's); random arrays against a stable sort and against a
    # plain transcription of the CTAs' partitions, Merge Path searches and serial merges
    def merge(a, b, a_vals=None, b_vals=None):
        a, b = np.asarray(a, np.int32), np.asarray(b, np.int32)
        a_vals = np.arange(a.size, dtype=np.int32) if a_vals is None else a_vals
        b_vals = 100 + np.arange(b.size, dtype=np.int32) if b_vals is None else b_vals
        out = references.mgpu_merge({
            "a_keys": a, "a_vals": a_vals, "a_count": a.size, "b_keys": b, "b_vals": b_vals,
            "b_count": b.size, "c_keys": np.zeros(a.size + b.size, np.int32),
            "c_vals": np.zeros(a.size + b.size, np.int32)})
        return out["c_keys"], out["c_vals"]

    keys, vals = merge([1, 3, 3, 7], [0, 3, 8])
    assert keys.tolist() == [0, 1, 3, 3, 3, 7, 8] and vals.tolist() == [100, 0, 1, 2, 101, 3, 102]

    def merge_path(a, b, diag):
        begin, end = max(0, diag - len(b)), min(diag, len(a))
        while begin < end:
            mid = (begin + end) // 2
            if not b[diag - 1 - mid] < a[mid]:
                begin = mid + 1
            else:
                end = mid
        return begin

    def plain_merge(a, b, a_vals, b_vals, nt, vt=15):
        total, nv = len(a) + len(b), nt * vt
        keys, vals = [0] * total, [0] * total
        for cta in range(-(-total // nv)):
            mp0 = merge_path(a, b, min(nv * cta, total))
            mp1 = merge_path(a, b, min(nv * (cta + 1), total))
            d0 = nv * cta
            sa, sb = list(a[mp0:mp1]), list(b[d0 - mp0: min(total, d0 + nv) - mp1])
            tile = sa + sb
            for tid in range(nt):
                mp = merge_path(sa, sb, vt * tid)
                ia, ib = mp, len(sa) + vt * tid - mp
                for i in range(vt):
                    out = vt * tid + i
                    if out >= len(tile):
                        break
                    take_a = ia < len(sa) and (ib >= len(tile) or not tile[ib] < tile[ia])
                    j = ia if take_a else ib
                    keys[d0 + out] = tile[j]
                    vals[d0 + out] = a_vals[mp0 + j] if j < len(sa) else b_vals[d0 - mp0 + j
                                                                              - len(sa)]
                    ia, ib = (ia + 1, ib) if take_a else (ia, ib + 1)
        return keys, vals

    for na, nb in ((50, 70), (301, 17), (1, 90), (200, 200)):
        a = np.cumsum(rng.integers(0, 3, size=na))
        b = np.cumsum(rng.integers(0, 3, size=nb))
        a_vals, b_vals = rng.integers(0, 10**6, size=na), rng.integers(0, 10**6, size=nb)
        keys, vals = merge(a, b, a_vals, b_vals)
        order = np.argsort(np.concatenate([a, b]), kind="stable")
        assert np.array_equal(keys, np.concatenate([a, b])[order])
        assert np.array_equal(vals, np.concatenate([a_vals, b_vals])[order])
        for nt in (1, 3, 8):
            got_keys, got_vals = plain_merge(a, b, a_vals, b_vals, nt)
            assert got_keys == keys.tolist() and got_vals == vals.tolist()

    # bude_fasten: one ligand atom and one protein atom by hand (steric, charge, E and F
    # hbtypes, the two desolvation cases), a rotation, and random poses against a plain
    # per-pose loop (no deduplication)
    def bude(ligand, protein, poses, hbtype, radius, hphb, elsc):
        ligand, protein = np.asarray(ligand, f32), np.asarray(protein, f32)
        poses = np.asarray(poses, f32).reshape(-1, 6)
        values = {"ntypes": len(hbtype), "natlig": len(ligand), "natpro": len(protein),
                  "protein_words": protein, "ligand_words": ligand,
                  "etotals": np.zeros(len(poses), f32), "numTransforms": len(poses),
                  "ff_hbtype": np.asarray(hbtype, np.int32), "ff_radius": np.asarray(radius, f32),
                  "ff_hphb": np.asarray(hphb, f32), "ff_elsc": np.asarray(elsc, f32)}
        values.update({f"transforms_{k}": poses[:, k].copy() for k in range(6)})
        return references.bude_fasten(values)["etotals"]

    lig = [[0, 0, 0, 0]]

    def pair(d, hbtype=(68, 68), hphb=(0, 0), elsc=(1, 2)):
        return float(bude(lig, [[d, 0, 0, 1]], [0, 0, 0, 0, 0, 0], hbtype, [1, 1], hphb,
                          elsc)[0])

    assert pair(1) == 0.5 * (0.5 * 76 + 2 * 45)  # inside the spheres: steric and full charge
    assert pair(3) == 0.5 * 2 * (1 - 1 * 0.5) * 45  # distbb 1 below elcdst 2
    assert pair(5) == 0  # distbb 3: beyond elcdst
    assert pair(1, hbtype=(69, 68)) == 0.5 * (38 - 90)  # an E atom: the charge term negative
    assert pair(5, hbtype=(70, 70)) == 0.5 * 2 * (1 - 3 * 0.25) * 45  # F-F: elcdst 4
    assert math.isclose(pair(3, hphb=(-2, -1), elsc=(0, 0)), 0.5 * -3 * (1 - 1 / 5.5),
                        rel_tol=1e-6)  # both negative: NPNPDIST 5.5
    assert pair(2.5, hphb=(2, -1), elsc=(0, 0)) == 0.5 * 3 * (1 - 0.5)  # mixed: NPPDIST 1
    assert pair(3, hphb=(2, 1), elsc=(0, 0)) == 0  # both positive: no desolvation
    # ligand atom (3, 0, 0) turned 1 rad about z and moved by (0, 0, 1): at (3 cos 1, 3 sin 1, 1)
    got = bude([[3, 0, 0, 0]], [[0, 0, 0, 1]], [0, 0, 1, 0, 0, 1], [68, 68], [2, 2], [0, 0],
               [1, 1])
    assert math.isclose(got[0], 0.5 * (1 - math.sqrt(10) / 4) * 76 + 0.5 * 45, rel_tol=1e-6)

    def plain_bude(ligand, protein, poses, hbtype, radius, hphb, elsc):
        out = []
        for pose in poses:
            ax, ay, az = pose[:3]
            rz = np.array([[math.cos(az), -math.sin(az), 0], [math.sin(az), math.cos(az), 0],
                           [0, 0, 1]])
            ry = np.array([[math.cos(ay), 0, math.sin(ay)], [0, 1, 0],
                           [-math.sin(ay), 0, math.cos(ay)]])
            rx = np.array([[1, 0, 0], [0, math.cos(ax), -math.sin(ax)],
                           [0, math.sin(ax), math.cos(ax)]])
            total = 0.0
            for atom in ligand:
                pos = rz @ ry @ rx @ atom[:3] + pose[3:]
                lt = int(atom[3])
                for p in protein:
                    pt = int(p[3])
                    d = float(np.linalg.norm(pos - p[:3]))
                    radij = radius[pt] + radius[lt]
                    bb = d - radij
                    if bb < 0:
                        total += (1 - d / radij) * 76
                    both_f = hbtype[pt] == 70 and hbtype[lt] == 70
                    elcdst, elcdst1 = (4, 0.25) if both_f else (2, 0.5)
                    chrg = 0.0
                    if bb < elcdst:
                        chrg = elsc[lt] * elsc[pt] * (1 if bb < 0 else 1 - bb * elcdst1)
                    if 69 in (hbtype[pt], hbtype[lt]):
                        chrg = -abs(chrg)
                    total += 45 * chrg
                    ph, lh = hphb[pt], hphb[lt]
                    dist = {(True, True): 5.5, (True, False): 1.0, (False, True): 1.0,
                            (False, False): -math.inf}[(ph < 0, lh < 0)]
                    if bb < dist and ph != 0:
                        init = ph * (-1 if ph < 0 < lh else 1) + lh * (-1 if lh < 0 < ph else 1)
                        total += init * (1 if bb < 0 else 1 - bb / dist)
            out.append(0.5 * total)
        return np.array(out)

    for nposes, natlig, natpro, ntypes in ((7, 3, 11, 4), (5, 6, 20, 8)):
        ligand = np.concatenate([rng.integers(-3, 4, size=(natlig, 3)),
                                 rng.integers(0, ntypes, size=(natlig, 1))], axis=1)
        protein = np.concatenate([rng.integers(-6, 7, size=(natpro, 3)),
                                  rng.integers(0, ntypes, size=(natpro, 1))], axis=1)
        poses = np.concatenate([rng.uniform(-3, 3, size=(nposes, 3)),
                                rng.integers(-2, 3, size=(nposes, 3))], axis=1)
        ff = (rng.integers(68, 71, size=ntypes), rng.integers(1, 3, size=ntypes),
              rng.integers(-2, 3, size=ntypes), rng.integers(-2, 3, size=ntypes))
        got = bude(ligand, protein, poses, *ff)
        assert np.allclose(got, plain_bude(ligand, protein, poses.astype(f32), *ff), rtol=1e-4,
                           atol=1e-2)
    spec = SPECS["bude_fasten"]
    values = host_values(spec, spec.resolve_params())
    poses = np.stack([values[f"transforms_{k}"] for k in range(6)], axis=1)
    assert len(np.unique(poses, axis=0)) == 729  # the reference's work: one per distinct pose

    # cus_reduce_single_pass: 10 values on 2-thread blocks by hand (chunks of 4: blocks 0, 1,
    # 2); a cap of 2 blocks; random sums against a plain simulation of the grid-stride loop
    def reduce_(x, cap, threads):
        x = np.asarray(x, f32)
        out = references.cus_reduce_single_pass({
            "g_idata": x, "g_odata": np.zeros(cap, f32), "n": x.size,
            "retirementCount": np.zeros(1, np.uint32)}, threads=threads)
        assert out["retirementCount"].tolist() == [0]
        return out["g_odata"]

    assert reduce_(np.arange(1, 11), 8, 2).tolist() == [55, 26, 19, 0, 0, 0, 0, 0]
    assert reduce_(np.arange(1, 11), 2, 1).tolist() == [55, 22]  # chunks 1 and 3: 3 + 4 + 7 + 8
    for n, cap, threads in ((1001, 64, 32), (4099, 5, 96), (777, 3, 1000), (64, 64, 7)):
        x = rng.integers(-8, 9, size=n)
        grid = min(-(-n // (2 * threads)), cap)
        partial = [0] * grid
        for b, t in itertools.product(range(grid), range(threads)):
            i = b * 2 * threads + t
            while i < n:
                partial[b] += int(x[i]) + (int(x[i + threads]) if i + threads < n else 0)
                i += 2 * threads * grid
        want = [sum(partial)] + partial[1:] + [0] * (cap - grid)
        assert reduce_(x, cap, threads).tolist() == want


def test_blind43_references_on_hand_checked_inputs():
    rng = np.random.default_rng(43)
    f32max = np.finfo(np.float32).max

    # af_scan_first: two rows by hand, random rows against a plain running sum
    got = references.af_scan_first({"in": np.array([[1, 2, 3], [4, -5, 6]], np.int32),
                                    "out": np.zeros((2, 3), np.int32), "cols": 3, "rows": 2})
    assert got["out"].tolist() == [[1, 3, 6], [4, -1, 5]]
    src = rng.integers(-8, 8, (5, 41)).astype(np.int32)
    got = references.af_scan_first({"in": src, "out": np.zeros_like(src), "cols": 41,
                                    "rows": 5})["out"]
    for r in range(5):
        total = 0
        for c in range(41):
            total += int(src[r, c])
            assert got[r, c] == total

    # ggml_diag_mask_inf: 4 rows (2 a channel) x 5 columns, n_past 1: row r keeps columns up
    # to 1 + r % 2, the others -FLT_MAX exactly
    x = np.arange(20, dtype=np.float32).reshape(4, 5)
    got = references.ggml_diag_mask_inf({"x": x, "dst": np.zeros_like(x), "ncols": 5,
                                         "nrows": 4, "rows_per_channel": 2, "n_past": 1})["dst"]
    for r in range(4):
        for c in range(5):
            assert got[r, c] == (x[r, c] if c <= 1 + r % 2 else -f32max)

    # clover_ideal_gas: density 2 and energy 3 give p 2.4 and c^2 = gamma p / rho = 1.68;
    # the halo of two untouched
    d = np.full((5, 6), 2.0)
    e = np.full((5, 6), 3.0)
    got = references.clover_ideal_gas({"density": d, "energy": e, "x_max": 2, "y_max": 1,
                                       "pressure": np.zeros((5, 6)),
                                       "soundspeed": np.zeros((5, 6))})
    assert np.allclose(got["pressure"][2, 2:4], 2.4, rtol=1e-15)
    assert np.allclose(got["soundspeed"][2, 2:4], np.sqrt(1.4 * 2.4 / 2.0), rtol=1e-15)
    assert got["pressure"].sum() == got["pressure"][2, 2:4].sum()
    assert not got["soundspeed"][[0, 1, 3, 4]].any()

    # tealeaf_cg_calc_w: a unit p at one cell with unit coefficients: 5 there, -1 at the four
    # neighbours; random fields against the matrix A assembled cell by cell (symmetric where
    # the halo's p is 0: p . A q = q . A p)
    def calc_w(p, kx, ky):
        ym, xm = p.shape[0] - 4, p.shape[1] - 4
        return references.tealeaf_cg_calc_w({"p": p, "Kx": kx, "Ky": ky, "x_max": xm,
                                             "y_max": ym, "w": np.zeros_like(p),
                                             "pw": np.zeros(1)})

    p = np.zeros((7, 8))
    p[3, 4] = 1.0
    got = calc_w(p, np.ones((7, 8)), np.ones((7, 8)))
    assert got["w"][3, 4] == 5 and got["w"][2, 4] == got["w"][4, 4] == -1
    assert got["w"][3, 3] == got["w"][3, 5] == -1 and got["pw"][0] == 5
    assert np.abs(got["w"]).sum() == 9
    ym, xm = 4, 6
    kx = rng.integers(0, 4, (ym + 4, xm + 4)).astype(float)
    ky = rng.integers(0, 4, (ym + 4, xm + 4)).astype(float)
    cells = [(i, j) for i in range(2, ym + 2) for j in range(2, xm + 2)]
    a = np.zeros((len(cells), len(cells)))
    where = {c: n for n, c in enumerate(cells)}
    for (i, j), n in where.items():
        a[n, n] = 1 + kx[i, j + 1] + kx[i, j] + ky[i + 1, j] + ky[i, j]
        for (ii, jj), k in (((i, j + 1), kx[i, j + 1]), ((i, j - 1), kx[i, j]),
                            ((i + 1, j), ky[i + 1, j]), ((i - 1, j), ky[i, j])):
            if (ii, jj) in where:
                a[n, where[(ii, jj)]] -= k
    assert np.array_equal(a, a.T)
    p = np.zeros((ym + 4, xm + 4))
    p[2:ym + 2, 2:xm + 2] = rng.integers(-4, 5, (ym, xm))
    got = calc_w(p, kx, ky)
    vec = np.array([p[c] for c in cells])
    assert np.array_equal(np.array([got["w"][c] for c in cells]), a @ vec)
    assert got["pw"][0] == vec @ a @ vec

    # pannotia_mis1: 4 vertices by hand (0: neighbours 1, 2, 3; 1: 0; 2: none; 3: 0, 2), 3
    # decided; random graphs against a plain loop
    row = np.array([0, 3, 4, 4, 6], np.int32)
    col = np.array([1, 2, 3, 0, 0, 2], np.int32)
    vals = {"row": row, "col": col, "node_value": np.array([7, 5, 9, 2], np.int32),
            "c_array": np.array([-1, -1, -1, 0], np.int32),
            "min_array": np.full(4, -5, np.int32), "stop": np.zeros(1, np.int32),
            "num_nodes": 4, "num_edges": 6}
    got = references.pannotia_mis1(vals)
    assert got["min_array"].tolist() == [5, 7, 99999999, -5] and got["stop"][0] == 1
    vals["c_array"] = np.zeros(4, np.int32)
    got = references.pannotia_mis1(vals)
    assert got["min_array"].tolist() == [-5] * 4 and got["stop"][0] == 0
    n, e = 60, 300
    row = np.sort(rng.integers(0, e + 1, n + 1)).astype(np.int32)
    row[0] = 0
    col = rng.integers(0, n, e).astype(np.int32)
    vals = {"row": row, "col": col, "node_value": rng.integers(0, 1000, n).astype(np.int32),
            "c_array": rng.integers(-1, 2, n).astype(np.int32),
            "min_array": np.zeros(n, np.int32), "stop": np.zeros(1, np.int32),
            "num_nodes": n, "num_edges": e}
    got = references.pannotia_mis1(vals)["min_array"]
    for v in range(n):
        if vals["c_array"][v] != -1:
            assert got[v] == 0
            continue
        end = row[v + 1] if v + 1 < n else e
        nb = [int(vals["node_value"][col[k]]) for k in range(row[v], end)
              if vals["c_array"][col[k]] == -1]
        assert got[v] == min(nb + [99999999])

    # odeint_lorenz_rk4: the origin and the fixed points (+-sqrt(b (R - 1)), same, R - 1) stay
    # put; a plain Python RK4 step; 50 steps of 0.01 against 500 of 0.001 (fourth order)
    def lorenz(x, y, z, r, steps, dt):
        out = references.odeint_lorenz_rk4({"x": np.array(x, float), "y": np.array(y, float),
                                            "z": np.array(z, float), "R": np.array(r, float),
                                            "n": len(x), "steps": steps, "dt": dt})
        return out["x"], out["y"], out["z"]

    c = np.sqrt(8 / 3 * 27)
    gx, gy, gz = lorenz([0, c, -c], [0, c, -c], [0, 27, 27], [28, 28, 28], 200, 0.01)
    assert np.allclose(gx, [0, c, -c], atol=1e-12) and np.allclose(gz, [0, 27, 27], atol=1e-12)
    assert np.allclose(gy, gx, atol=1e-12)

    def f(s, r):
        return (10 * (s[1] - s[0]), r * s[0] - s[1] - s[0] * s[2], -8 / 3 * s[2] + s[0] * s[1])

    s, h = (1.0, 2.0, 3.0), 0.01
    k1 = f(s, 5)
    k2 = f([s[i] + h / 2 * k1[i] for i in range(3)], 5)
    k3 = f([s[i] + h / 2 * k2[i] for i in range(3)], 5)
    k4 = f([s[i] + h * k3[i] for i in range(3)], 5)
    want = [s[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]) for i in range(3)]
    got = lorenz([1], [2], [3], [5], 1, h)
    assert np.allclose([g[0] for g in got], want, rtol=1e-14)
    coarse = lorenz([1, -3], [2, 4], [3, 0], [5, 40], 50, 0.01)
    fine = lorenz([1, -3], [2, 4], [3, 0], [5, 40], 500, 0.001)
    assert np.allclose(np.array(coarse)[:, 0], np.array(fine)[:, 0], rtol=0, atol=1e-6)
    assert np.allclose(coarse, fine, rtol=0, atol=5e-3)  # 1.2e-3 at R 40: RK4 at dt 0.01


def test_blind44_references_on_hand_checked_inputs():
    rng = np.random.default_rng(44)

    # ffmpeg_yadif: a plain per-pixel transcription of yadif_single (clamped reads); by hand a
    # diagonal edge whose direction +1 wins (spatial 200), clamped to p2 + diff = 100 by the
    # moving frames, and a static vertical gradient rebuilt exactly
    def yadif(prev, cur, nxt, parity, tff, skip=0):
        h, w = cur.shape
        pitch = 4 * -(-w // 4)

        def words(img):
            buf = np.zeros((h, pitch), np.uint8)
            buf[:, :w] = img
            return buf.view(np.uint32)

        got = references.ffmpeg_yadif({"prev": words(prev), "cur": words(cur),
                                       "next": words(nxt), "dst": np.zeros((h, pitch // 4),
                                                                           np.uint32),
                                       "dst_width": w, "dst_height": h, "dst_pitch": pitch,
                                       "src_width": w, "src_height": h, "parity": parity,
                                       "tff": tff, "skip_spatial_check": skip})["dst"]
        return got.view(np.uint8)[:, :w].astype(int)

    def yadif_loop(prev, cur, nxt, parity, tff, skip=0):
        h, w = cur.shape

        def px(img, x, y):
            return int(img[min(max(y, 0), h - 1), min(max(x, 0), w - 1)])

        out = np.zeros((h, w), int)
        for y in range(h):
            for x in range(w):
                if y % 2 == parity:
                    out[y, x] = px(cur, x, y)
                    continue
                up = [px(cur, x + dx, y - 1) for dx in range(-3, 4)]
                dn = [px(cur, x + dx, y + 1) for dx in range(-3, 4)]
                pred = (up[3] + dn[3]) // 2
                best = sum(abs(up[3 + t] - dn[3 + t]) for t in (-1, 0, 1))
                for side in (-1, 1):  # CHECK(-1) CHECK(-2), then CHECK(1) CHECK(2)
                    for j in (side, 2 * side):
                        score = sum(abs(up[3 + j + t] - dn[3 - j + t]) for t in (-1, 0, 1))
                        if score >= best:
                            break
                        best, pred = score, (up[3 + j] + dn[3 - j]) // 2
                p1, p2 = (cur, nxt) if not (parity ^ tff) else (prev, cur)
                p0v = (px(p1, x, y - 2) + px(p2, x, y - 2)) // 2
                p2v = (px(p1, x, y) + px(p2, x, y)) // 2
                p4v = (px(p1, x, y + 2) + px(p2, x, y + 2)) // 2
                f_, g_ = px(cur, x, y - 1), px(cur, x, y + 1)
                diff = max(abs(px(p1, x, y) - px(p2, x, y)) // 2,
                           (abs(px(prev, x, y - 1) - f_) + abs(px(prev, x, y + 1) - g_)) // 2,
                           (abs(px(nxt, x, y - 1) - f_) + abs(g_ - px(nxt, x, y + 1))) // 2)
                if not skip:
                    hi = max(p2v - g_, p2v - f_, min(p0v - f_, p4v - g_))
                    lo = min(p2v - g_, p2v - f_, max(p0v - f_, p4v - g_))
                    diff = max(diff, lo, -hi)
                out[y, x] = min(max(pred, p2v - diff), p2v + diff)
        return out

    cur = np.array([[0, 0, 0, 0, 200, 200, 200], [0] * 7, [0, 0, 200, 200, 200, 200, 200]])
    still = np.zeros_like(cur)
    got = yadif(still, cur, still, 0, 1)
    assert got[1, 3] == 100 and got[0].tolist() == cur[0].tolist()
    assert got[2].tolist() == cur[2].tolist()
    assert np.array_equal(got, yadif_loop(still, cur, still, 0, 1))
    ramp = np.repeat(10 * np.arange(9)[:, None], 5, axis=1)
    assert np.array_equal(yadif(ramp, ramp, ramp, 0, 1), ramp)
    assert np.array_equal(yadif(ramp, ramp, ramp, 1, 1), ramp)
    for parity, tff, skip in ((0, 1, 0), (1, 1, 0), (0, 0, 0), (1, 0, 1)):
        frames = [rng.integers(0, 256, (11, 13)) for _ in range(3)]
        assert np.array_equal(yadif(*frames, parity, tff, skip),
                              yadif_loop(*frames, parity, tff, skip))

    # mumax3_exchange: a 3 x 2 x 1 film by hand; then random magnets against a plain loop
    # over the cells (clamped and periodic axes, empty cells, Msat 0, 1 and 2)
    def exchange(m, ms, lut, regions, pbc, w=(2.0, 2.0, 1.0), b=None):
        nz, ny, nx = m.shape[1:]
        cells = nx * ny * nz
        words = np.zeros(4 * -(-cells // 4), np.uint8)
        words[:cells] = regions.reshape(-1)
        b = np.zeros((3, nz, ny, nx), np.float32) if b is None else b
        vals = {"mx": m[0].astype(np.float32), "my": m[1].astype(np.float32),
                "mz": m[2].astype(np.float32), "Ms_": ms.astype(np.float32), "Ms_mul": 1.0,
                "aLUT2d": lut.astype(np.float32), "regions": words.view(np.uint32),
                "wx": w[0], "wy": w[1], "wz": w[2], "Nx": nx, "Ny": ny, "Nz": nz, "PBC": pbc,
                "Bx": b[0].copy(), "By": b[1].copy(), "Bz": b[2].copy()}
        got = references.mumax3_exchange(vals)
        return np.stack([got["Bx"], got["By"], got["Bz"]])

    def exchange_loop(m, ms, lut, regions, pbc, w=(2.0, 2.0, 1.0), b=None):
        nz, ny, nx = m.shape[1:]
        out = (np.zeros((3, nz, ny, nx)) if b is None else b).astype(float)
        for iz in range(nz):
            for iy in range(ny):
                for ix in range(nx):
                    m0 = m[:, iz, iy, ix].astype(float)
                    if not m0.any():
                        continue
                    total = np.zeros(3)
                    steps = [(0, -1), (0, 1), (1, -1), (1, 1)] + (
                        [(2, -1), (2, 1)] if nz != 1 else [])
                    for axis, step in steps:
                        pos = [ix, iy, iz]
                        size = (nx, ny, nz)[axis]
                        pos[axis] += step
                        if pbc >> axis & 1:
                            pos[axis] %= size
                        else:
                            pos[axis] = min(max(pos[axis], 0), size - 1)
                        mn = m[:, pos[2], pos[1], pos[0]].astype(float)
                        if not mn.any():
                            mn = m0
                        r0, r1 = int(regions[iz, iy, ix]), int(regions[pos[2], pos[1], pos[0]])
                        a = lut[max(r0, r1) * (max(r0, r1) + 1) // 2 + min(r0, r1)]
                        total += w[axis] * a * (mn - m0)
                    s = float(ms[iz, iy, ix])
                    out[:, iz, iy, ix] += total * (0 if s == 0 else 1 / s)
        return out

    m = np.zeros((3, 1, 2, 3))
    m[0, 0, 0] = [1, 0, -1]  # row 0: mx 1, 0, -1; row 1 empty but for (2, 1)
    m[2, 0, 0, 1] = 1
    m[1, 0, 1, 2] = 1
    regions = np.array([[[0, 1, 1], [0, 0, 2]]])
    lut = np.zeros(32896)
    lut[[0, 1, 2, 3, 4, 5]] = [1, 2, 3, 4, 5, 6]  # (0,0) 1, (1,0) 2, (1,1) 3, (2,0) 4, (2,1) 5
    ms = np.array([[[1, 2, 0], [1, 1, 1]]])
    got = exchange(m, ms, lut, regions, 0)
    # (0, 0): right neighbour (1, 0) region 1: 2 * 2 (m_ - m0) = 4 (-1, 0, 1); left clamped to
    # itself; front (0, 1) empty: itself; Msat 1
    assert got[:, 0, 0, 0].tolist() == [-4, 0, 4]
    # (1, 0), Msat 2: left 2 * 2 (1, 0, -1) + right 2 * 3 (-1, 0, -1) + front (1, 1) empty
    assert got[:, 0, 0, 1].tolist() == [-1, 0, -5]
    assert not got[:, 0, 0, 2].any() and not got[:, 0, 1, :2].any()  # Msat 0; empty cells
    # (2, 1): back neighbour (2, 0) region 1 with region 2: 2 * 5 ((-1, 0, 0) - (0, 1, 0))
    assert got[:, 0, 1, 2].tolist() == [-10, -10, 0]
    wrapped = exchange(m, ms, lut, regions, 1)  # x periodic: (0, 0)'s left is (2, 0)
    assert wrapped[:, 0, 0, 0].tolist() == [-4 + 2 * 2 * -2, 0, 4]
    assert np.array_equal(got, exchange_loop(m, ms, lut, regions, 0))
    for pbc, shape in ((0, (3, 5, 7)), (7, (4, 3, 5)), (2, (1, 6, 4))):
        m = rng.integers(-1, 2, (3, *shape))
        regions = rng.integers(0, 256, shape)
        lut = rng.integers(0, 4, 32896)
        ms = rng.integers(0, 3, shape)
        b = rng.integers(-4, 5, (3, *shape)).astype(np.float32)
        assert np.array_equal(exchange(m, ms, lut, regions, pbc, b=b),
                              exchange_loop(m, ms, lut, regions, pbc, b=b))

    # cusz_lorenzo_2d: 2 x 3 values by hand (prequantization half away from zero, radius 4);
    # the chunk border at x = 16 predicts from zeros; random fields against a plain loop
    def lorenzo(data, ebx2_r, radius):
        d1, d0 = data.shape
        got = references.cusz_lorenzo_2d({"data": data.astype(np.float32), "d0": d0, "d1": d1,
                                          "stride1": d0, "ebx2_r": ebx2_r, "radius": radius,
                                          "quant": np.zeros((d1, d0), np.int32),
                                          "outlier": np.zeros((d1, d0), np.float32)})
        return got["quant"], got["outlier"]

    quant, outlier = lorenzo(np.array([[2, 5, 3], [7, -3, 1]]), 0.5, 4)
    # prequantized [[1, 3, 2], [4, -2, 1]]: deltas [[1, 2, -1], [3, -8, 4]]
    assert quant.tolist() == [[5, 6, 3], [7, 0, 0]]
    assert outlier.tolist() == [[0, 0, 0], [0, -4, 8]]
    quant, _ = lorenzo(np.arange(1, 19)[None, :] * 4, 0.25, 100)
    assert quant[0].tolist() == [101] + [101] * 15 + [117, 101]  # x = 16 starts a chunk
    for shape in ((20, 35), (33, 17)):
        data = rng.integers(-1000, 1000, shape)
        quant, outlier = lorenzo(data, 0.25, 512)
        pre = np.zeros(shape)
        for y in range(shape[0]):
            for x in range(shape[1]):
                v = data[y, x] / 4
                pre[y, x] = np.floor(abs(v) + 0.5) * np.sign(v)
        for y in range(shape[0]):
            for x in range(shape[1]):
                west = pre[y, x - 1] if x % 16 else 0
                north = pre[y - 1, x] if y % 16 else 0
                nw = pre[y - 1, x - 1] if x % 16 and y % 16 else 0
                delta = pre[y, x] - (west + north - nw)
                ok = abs(delta) < 512
                assert quant[y, x] == (delta + 512 if ok else 0)
                assert outlier[y, x] == (0 if ok else delta + 512)

    # llmc_layernorm: [1, 2, 3, 4] by hand (mean 2.5, variance 1.25); random rows against the
    # float64 definition
    def layernorm(x, w, b):
        n, c = x.shape
        return references.llmc_layernorm({"inp": x.astype(np.float32), "N": n, "C": c,
                                          "weight": w.astype(np.float32),
                                          "bias": b.astype(np.float32),
                                          "out": np.zeros((n, c), np.float32),
                                          "mean": np.zeros(n, np.float32),
                                          "rstd": np.zeros(n, np.float32)})

    got = layernorm(np.array([[1, 2, 3, 4]]), np.array([1, 1, 2, 0]), np.array([0, 0, 1, 3]))
    r = 1 / np.sqrt(1.25 + 1e-5)
    assert got["mean"][0] == 2.5 and np.isclose(got["rstd"][0], r, rtol=1e-6)
    assert np.allclose(got["out"][0], [-1.5 * r, -0.5 * r, 2 * 0.5 * r + 1, 3], rtol=1e-6)
    x = rng.integers(-8, 8, (9, 77))
    w, b = rng.integers(-2, 3, 77), rng.integers(-2, 3, 77)
    got = layernorm(x, w, b)
    mu = x.mean(axis=1, keepdims=True)
    sd = np.sqrt(x.var(axis=1, keepdims=True) + 1e-5)
    assert np.array_equal(got["mean"], np.float32(x.sum(axis=1)) / np.float32(77))
    assert np.allclose(got["rstd"], 1 / sd[:, 0], rtol=1e-6)
    assert np.allclose(got["out"], (x - mu) / sd * w + b, rtol=1e-5, atol=1e-5)

    # cusp_dia_spmv: a 4 x 4 tridiagonal by hand; random bands against the dense matrix
    def dia(offsets, vals, x, rows, cols):
        return references.cusp_dia_spmv({"num_rows": rows, "num_cols": cols,
                                         "num_diagonals": len(offsets), "pitch": rows,
                                         "diagonal_offsets": np.array(offsets, np.int32),
                                         "values": vals.astype(np.float32),
                                         "x": np.array(x, np.float32),
                                         "y": np.zeros(rows, np.float32)})["y"]

    vals = np.array([[9, 1, 2, 3], [4, 5, 6, 7], [1, 1, 1, 9]])  # sub, main, super
    assert dia([-1, 0, 1], vals, [1, 2, 3, 4], 4, 4).tolist() == [6, 14, 26, 37]
    for rows, cols in ((50, 50), (40, 61), (61, 40)):
        offsets = rng.integers(-30, 31, 6)
        vals = rng.integers(-8, 8, (6, rows))
        x = rng.integers(-8, 8, cols)
        dense = np.zeros((rows, cols))
        for n_, off in enumerate(offsets):
            for r_ in range(rows):
                if 0 <= r_ + off < cols:
                    dense[r_, r_ + off] += vals[n_, r_]
        assert np.array_equal(dia(offsets, vals, x, rows, cols), dense @ x)

    # gasal2_local: ACGT against GTAC by hand (two 2-base matches: the first in the kernel's
    # order, query 1 / target 3); all N; random pairs against a plain Gotoh loop per pair
    def pack(codes):
        codes = list(codes) + [14] * (-len(codes) % 8)
        return [int("".join(f"{c:x}" for c in codes[i:i + 8]), 16)
                for i in range(0, len(codes), 8)]

    def gasal(queries, targets, scores=(1, 4, 7, 1)):
        qwords, twords, qoff, toff = [], [], [], []
        for q, t in zip(queries, targets, strict=True):
            qoff.append(8 * len(qwords))
            qwords += pack(q)
            toff.append(8 * len(twords))
            twords += pack(t)
        n = len(queries)
        vals = {"packed_query_batch": np.array(qwords, np.uint32),
                "packed_target_batch": np.array(twords, np.uint32),
                "query_batch_lens": np.array([len(q) for q in queries], np.uint32),
                "target_batch_lens": np.array([len(t) for t in targets], np.uint32),
                "query_batch_offsets": np.array(qoff, np.uint32),
                "target_batch_offsets": np.array(toff, np.uint32), "n_tasks": n,
                "_cudaMatchScore": scores[0], "_cudaMismatchScore": scores[1],
                "_cudaGapOE": scores[2], "_cudaGapExtend": scores[3]}
        for name in ("aln_score", "query_batch_end", "target_batch_end"):
            vals[name] = np.zeros(n, np.int32)
        got = references.gasal2_local(vals)
        return list(zip(got["aln_score"].tolist(), got["query_batch_end"].tolist(),
                        got["target_batch_end"].tolist(), strict=True))

    def gotoh(q, t, scores=(1, 4, 7, 1)):
        match, mismatch, oe, ext = scores
        q = list(q) + [14] * (-len(q) % 8)
        t = list(t) + [14] * (-len(t) % 8)
        big_h = np.zeros((len(t) + 1, len(q) + 1), int)
        big_e = np.zeros((len(t) + 1, len(q) + 1), int)
        big_f = np.zeros((len(t) + 1, len(q) + 1), int)
        for i in range(1, len(t) + 1):
            for j in range(1, len(q) + 1):
                s = -1 if 14 in (q[j - 1], t[i - 1]) else (
                    match if q[j - 1] == t[i - 1] else -mismatch)
                big_e[i, j] = max(big_h[i - 1, j] - oe, big_e[i - 1, j] - ext)
                big_f[i, j] = max(big_h[i, j - 1] - oe, big_f[i, j - 1] - ext)
                big_h[i, j] = max(big_h[i - 1, j - 1] + s, big_e[i, j], big_f[i, j], 0)
        best = (0, 0, 0)
        for word in range(len(t) // 8):  # the kernel's order: target word, query, base
            for j in range(len(q)):
                for b in range(8):
                    if big_h[8 * word + b + 1, j + 1] > best[0]:
                        best = (int(big_h[8 * word + b + 1, j + 1]), j, 8 * word + b)
        return best

    assert gasal([[1, 3, 7, 4]], [[7, 4, 1, 3]]) == [(2, 1, 3)]
    assert gasal([[14] * 9], [[1, 3] * 6]) == [(0, 0, 0)]
    # an affine gap: AAAAA GGGGG against AAAAA T GGGGG, match 2, mismatch 6, gap 5 + 1
    assert gasal([[1] * 5 + [7] * 5], [[1] * 5 + [4] + [7] * 5], (2, 6, 6, 1)) == [(14, 9, 10)]
    queries = [rng.integers(0, 16, rng.integers(1, 30)) for _ in range(40)]
    targets = [rng.choice([1, 3, 4, 7, 14], rng.integers(1, 40)) for _ in range(40)]
    queries[:20] = [np.where(rng.random(len(q)) < 0.7, 1, q) for q in queries[:20]]
    for scores in ((1, 4, 7, 1), (2, 3, 4, 1)):
        got = gasal(queries, targets, scores)
        assert got == [gotoh(q, t, scores) for q, t in zip(queries, targets, strict=True)]
        assert len({g[0] for g in got}) > 2


def test_blind45_references_on_hand_checked_inputs():
    rng = np.random.default_rng(45)

    # mgpu_jacobi: a 3 x 4 grid by hand (two interior points); random grids against a plain
    # loop, with and without the norm
    def jacobi(a, norm=1, start=0.0):
        ny, nx = a.shape
        return references.mgpu_jacobi({"a": a.astype(float), "a_new": np.full((ny, nx), -7.0),
                                       "l2_norm": np.array([start]), "iy_start": 1,
                                       "iy_end": ny - 1, "nx": nx, "calculate_norm": norm})

    got = jacobi(np.array([[0, 4, 8, 0], [1, 2, 3, 5], [0, 6, 2, 0]]), start=0.5)
    # (1, 1): (3 + 1 + 6 + 4) / 4 = 3.5, residue 1.5; (1, 2): (5 + 2 + 2 + 8) / 4 = 4.25,
    # residue 1.25
    assert got["a_new"][1].tolist() == [-7, 3.5, 4.25, -7]
    assert (got["a_new"][[0, 2]] == -7).all()
    assert got["l2_norm"].tolist() == [0.5 + 2.25 + 1.5625]
    for shape, norm in (((9, 13), 1), ((5, 31), 0)):
        a = rng.integers(-1000, 1000, shape).astype(float)
        got = jacobi(a, norm)
        want, total = np.full(shape, -7.0), 0.0
        for y in range(1, shape[0] - 1):
            for x in range(1, shape[1] - 1):
                want[y, x] = (a[y, x + 1] + a[y, x - 1] + a[y + 1, x] + a[y - 1, x]) / 4
                total += (want[y, x] - a[y, x]) ** 2
        assert np.array_equal(got["a_new"], want)
        assert got["l2_norm"][0] == (total if norm else 0)

    # knn_compute_distances: two reference and three query points in 2-D by hand (pitches
    # wider than the point counts); random points against the definition
    def distances(ref, query, rp, qp):
        h = ref.shape[0]
        rbuf, qbuf = np.zeros((h, rp), np.float32), np.zeros((h, qp), np.float32)
        rbuf[:, : ref.shape[1]], qbuf[:, : query.shape[1]] = ref, query
        return references.knn_compute_distances({
            "ref": rbuf, "ref_width": ref.shape[1], "ref_pitch": rp, "query": qbuf,
            "query_width": query.shape[1], "query_pitch": qp, "height": h,
            "dist": np.full((ref.shape[1], qp), -1, np.float32)})["dist"]

    got = distances(np.array([[0, 3], [0, 4]]), np.array([[1, 3, -2], [1, 0, 2]]), 3, 4)
    assert got.tolist() == [[2, 9, 8, -1], [13, 16, 29, -1]]
    ref, query = rng.integers(-8, 8, (13, 37)), rng.integers(-8, 8, (13, 21))
    got = distances(ref, query, 40, 21)
    assert np.array_equal(got, ((ref[:, :, None] - query[:, None, :]) ** 2).sum(axis=0))

    # openpose_nms_register: a 4 x 5 map by hand (a peak, a tie, one at the threshold, the
    # border); random maps against a plain loop over the pixels
    def nms(maps, thr):
        planes, h, w = maps.shape
        return references.openpose_nms_register({
            "sourcePtr": maps.astype(np.float32), "w": w, "h": h, "threshold": thr,
            "kernelPtr": np.full((planes, h, w), 7, np.int32)})["kernelPtr"]

    heat = np.array([[[0, 0, 0, 0, 9], [0, 5, 1, 3, 0], [0, 2, 4, 3, 0], [9, 0, 0, 0, 9]]])
    got = nms(heat, 3)
    # (1, 1) 5 is a peak; (1, 3) 3 is at the threshold; (2, 2) 4 < 5; (2, 3) 3 ties (1, 3);
    # the border's 9s are never peaks
    assert got[0].tolist() == [[0] * 5, [0, 1, 0, 0, 0], [0] * 5, [0] * 5]
    maps = rng.integers(0, 16, (3, 9, 11))
    got = nms(maps, 5)
    for p in range(3):
        for y in range(9):
            for x in range(11):
                inside = 0 < x < 10 and 0 < y < 8
                v = maps[p, y, x]
                peak = inside and v > 5 and all(
                    v > maps[p, y + dy, x + dx] for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                    if dy or dx)
                assert got[p, y, x] == int(peak)

    # darknet_fast_mean: 2 images x 2 filters x 3 pixels by hand; random batches against
    # the float32 quotient of the exact sums
    def fast_mean(x):
        b, f, s = x.shape
        return references.darknet_fast_mean({"x": x.astype(np.float32), "batch": b,
                                             "filters": f, "spatial": s,
                                             "mean": np.full(f, 9, np.float32)})["mean"]

    x = np.array([[[1, 2, 3], [4, 5, 6]], [[-1, 0, 4], [7, 8, 9]]])
    assert fast_mean(x).tolist() == [1.5, 6.5]  # 9 / 6 and 39 / 6
    x = rng.integers(-8, 8, (3, 5, 301))
    got = fast_mean(x)
    assert np.array_equal(got, np.float32(x.sum(axis=(0, 2))) / np.float32(903))
    assert np.allclose(got, x.mean(axis=(0, 2)), rtol=1e-6)

    # crystal_join_probe: four slots by hand (an empty pair, a key word 0 with a value,
    # keys past the slots wrapping); random tuples against a plain loop
    def probe(keys, vals, table, start=0):
        return int(references.crystal_join_probe({
            "fact_fkey": np.array(keys, np.int32), "fact_val": np.array(vals, np.int32),
            "num_tuples": len(keys), "hash_table": np.array(table, np.int32),
            "num_slots": len(table), "res": np.array([start], np.int64)})["res"][0])

    table = [[0, 0], [5, 2], [0, 3], [1, 0]]
    # key 0 empty; key 1 -> 2; key 2 -> 3 (the key word 0, the value not); key 3 matches
    # with value 0; key 5 -> slot 1
    assert probe([0, 1, 2, 3, 5], [10, 1, 2, 4, 100], table, start=7) == 7 + 2 + 6 + 0 + 200
    keys, vals = rng.integers(0, 257, 999), rng.integers(0, 8, 999)
    table = rng.integers(0, 4, (257, 2))
    want = sum(int(v) * int(table[k % 257][1]) for k, v in zip(keys, vals, strict=True)
               if table[k % 257].any())
    assert probe(keys, vals, table) == want

    # sia_blake2b: BLAKE2b-256 of the header with each nonce against hashlib's, the nonce in
    # bytes 36-39 (the nonce field's upper word), past 2^32 wrapping
    header = rng.integers(0, 2**32, 20, dtype=np.uint64).astype(np.uint32)
    got = references.sia_blake2b({"header": header, "threads": 4, "startNonce": 2**32 - 2,
                                  "outputHash": np.zeros((5, 8), np.uint32)})["outputHash"]
    for t in range(4):
        h = header.copy()
        h[9] = (2**32 - 2 + t) % 2**32
        assert got[t].tobytes() == hashlib.blake2b(h.tobytes(), digest_size=32).digest()
    assert not got[4].any()


def test_blind46_references_on_hand_checked_inputs():
    rng = np.random.default_rng(46)

    # frcnn_nms_mask: five boxes by hand (IoUs 0.81, 1, 0.5, a disjoint box); random boxes
    # over three column blocks (inverted and empty ones among them) against a plain loop
    def nms_mask(boxes, thr=0.7):
        n = len(boxes)
        words = -(-n // 64)
        return references.frcnn_nms_mask({
            "n_boxes": n, "nms_overlap_thresh": thr,
            "dev_boxes": np.asarray(boxes, np.float32).reshape(n, 5),
            "dev_mask": np.full((n + 1, words), -1, np.int64)})["dev_mask"]

    boxes = [[0, 0, 9, 9, 9], [1, 1, 9, 9, 8], [0, 0, 4, 9, 7], [20, 20, 29, 29, 6],
             [0, 0, 9, 9, 5]]
    # box 0 with 1: 81 / 100; with 4: 1; box 1 with 4: 0.81; box 2 with 0 and 4: 50 / 100,
    # with 1: 36 / 95; box 3 overlaps none; only later boxes of the same block count
    assert nms_mask(boxes)[:, 0].tolist() == [0b10010, 0b10000, 0, 0, 0, -1]

    def iou(a, b):
        f = np.float32
        w = max(min(a[2], b[2]) - max(a[0], b[0]) + f(1), f(0))
        h = max(min(a[3], b[3]) - max(a[1], b[1]) + f(1), f(0))
        inter = w * h
        sa = (a[2] - a[0] + f(1)) * (a[3] - a[1] + f(1))
        sb = (b[2] - b[0] + f(1)) * (b[3] - b[1] + f(1))
        with np.errstate(divide="ignore", invalid="ignore"):
            return inter / (sa + sb - inter)

    boxes = rng.integers(0, 10, (150, 5)).astype(np.float32)
    got = nms_mask(boxes, 0.5).view(np.uint64)
    want = np.zeros((151, 3), np.uint64)
    want[150] = np.uint64(2**64 - 1)
    for r in range(150):
        for j in range(150):
            if (j // 64 != r // 64 or j > r) and iou(boxes[r], boxes[j]) > np.float32(0.5):
                want[r, j // 64] |= np.uint64(1 << (j % 64))
    assert np.array_equal(got, want)
    assert 0 < np.count_nonzero(want[:150]) < 450

    # kaldi_splice: three frames of two features by hand, offsets -1, 0, 2 clamped at the
    # utterance's edges, strides wider than the rows; random features against a plain loop
    def splice(x, off, ostride, istride):
        rows, feat = x.shape
        xb = np.full((rows, istride), 77, np.float32)
        xb[:, :feat] = x
        return references.kaldi_splice({
            "y": np.full((rows, ostride), -1, np.float32), "x": xb,
            "off": np.asarray(off, np.int32), "out_rows": rows, "out_cols": feat * len(off),
            "out_stride": ostride, "in_rows": rows, "in_cols": feat,
            "in_stride": istride})["y"]

    got = splice(np.array([[1, 2], [3, 4], [5, 6]]), [-1, 0, 2], 7, 3)
    assert got.tolist() == [[1, 2, 1, 2, 5, 6, -1], [1, 2, 3, 4, 5, 6, -1],
                            [3, 4, 5, 6, 5, 6, -1]]
    x = rng.integers(-1000, 1000, (11, 5))
    off = rng.integers(-3, 4, 7)
    got = splice(x, off, 40, 6)
    for j in range(11):
        for i in range(35):
            assert got[j, i] == x[min(max(j + off[i // 5], 0), 10), i % 5]
    assert (got[:, 35:] == -1).all()

    # cufftshift_2d: a 4 x 4 ramp by hand; a 6 x 6 array against the kernel's swaps, thread
    # by thread, and the words past N^2 untouched
    def shift(data, n):
        return references.cufftshift_2d({"data": np.asarray(data, np.float32), "N": n})["data"]

    got = shift(np.arange(16), 4)
    assert got.tolist() == [10, 11, 8, 9, 14, 15, 12, 13, 2, 3, 0, 1, 6, 7, 4, 5]
    data = rng.integers(-1000, 1000, 40).astype(np.float32)
    want = data.copy()
    for y in range(3):
        for x in range(6):
            i = y * 6 + x
            j = i + (36 + 6) // 2 if x < 3 else i + (36 - 6) // 2
            want[i], want[j] = want[j], want[i]
    assert np.array_equal(shift(data, 6), want) and (want[36:] == data[36:]).all()

    # eclcc_init: five vertices by hand (no smaller neighbour, the first smaller one not the
    # smallest, a self-loop, an empty row); random graphs against a plain loop
    def init(nidx, nlist):
        n = len(nidx) - 1
        return references.eclcc_init({"nodes": n, "nidx": np.asarray(nidx, np.int32),
                                      "nlist": np.asarray(nlist, np.int32),
                                      "nstat": np.full(n + 1, -1, np.int32)})["nstat"]

    # 0: [2, 1]; 1: [3, 0, 2]; 2: [2, 3]; 3: []; 4: [3, 0]
    assert init([0, 2, 5, 7, 7, 9], [2, 1, 3, 0, 2, 2, 3, 3, 0]).tolist() == [0, 0, 2, 3, 3, -1]
    lengths = rng.integers(0, 7, 200)
    nidx = np.r_[0, np.cumsum(lengths)]
    nlist = rng.integers(0, 200, nidx[-1])
    want = []
    for v in range(200):
        m, i = v, nidx[v]
        while m == v and i < nidx[v + 1]:
            m = min(m, nlist[i])
            i += 1
        want.append(m)
    assert init(nidx, nlist)[:200].tolist() == want

    # pointnet2_ball_query: one cloud of five points by hand (a point at the radius is out,
    # the slots past the count hold the first hit, nsample cuts the scan, an empty ball keeps
    # its row); random clouds against a plain loop over the points
    def ball(centres, points, radius, nsample):
        b, m, _ = centres.shape
        return references.pointnet2_ball_query({
            "b": b, "n": points.shape[1], "m": m, "radius": radius, "nsample": nsample,
            "new_xyz": centres.astype(np.float32), "xyz": points.astype(np.float32),
            "idx": np.full((b, m, nsample), -1, np.int32)})["idx"]

    points = np.array([[[0, 0, 0], [5, 5, 5], [1, 0, 0], [0, 2, 0], [1, 1, 1]]])
    centres = np.array([[[0, 0, 0], [9, 9, 9], [5, 5, 4]]])
    assert ball(centres, points, 2, 4)[0].tolist() == [[0, 2, 4, 0], [-1] * 4, [1] * 4]
    assert ball(centres, points, 2, 2)[0].tolist() == [[0, 2], [-1, -1], [1, 1]]
    points, centres = rng.integers(0, 9, (2, 60, 3)), rng.integers(-1, 10, (2, 30, 3))
    for radius, nsample in ((2, 3), (3, 8)):
        got = ball(centres, points, radius, nsample)
        for bs in range(2):
            for q in range(30):
                d2 = ((points[bs] - centres[bs, q]) ** 2).sum(axis=1)
                hits = [k for k in range(60) if d2[k] < radius**2][:nsample]
                row = [-1] * nsample if not hits else [hits[0]] * nsample
                row[: len(hits)] = hits
                assert got[bs, q].tolist() == row
    assert (got[..., -1] == -1).any() and (got[..., 0] != got[..., -1]).any()

    # quest_compact_unitary: two qubits by hand (the gate on qubit 1: pairs 0-2 and 1-3);
    # random states against the gate's matrix on the qubit's axis, the norm kept
    a, b = 0.5 - 0.5j, -0.5 + 0.5j

    def gate(state, q):
        got = references.quest_compact_unitary({
            "stateVecReal": state.real.copy(), "stateVecImag": state.imag.copy(),
            "numAmpsPerChunk": state.size, "rotQubit": q, "alphaReal": a.real,
            "alphaImag": a.imag, "betaReal": b.real, "betaImag": b.imag})
        return got["stateVecReal"] + 1j * got["stateVecImag"]

    got = gate(np.array([2, 4 + 2j, 6 - 2j, 8]), 1)
    # (2, 6 - 2i) -> (5 + i, 3 + 3i); (4 + 2i, 8) -> (7 + 3i, 1 + 5i): norms 44 and 84 kept
    assert got.tolist() == [5 + 1j, 7 + 3j, 3 + 3j, 1 + 5j]
    u = np.array([[a, -np.conj(b)], [b, np.conj(a)]])
    for q in (0, 3, 6):
        state = rng.integers(-1000, 1000, 128) + 1j * rng.integers(-1000, 1000, 128)
        want = np.einsum("ij,ajk->aik", u, state.reshape(-1, 2, 2**q)).reshape(-1)
        got = gate(state, q)
        assert np.array_equal(got, want)
        assert np.isclose(np.vdot(got, got).real, np.vdot(state, state).real)


def test_blind47_references_on_hand_checked_inputs():
    rng = np.random.default_rng(47)
    f32 = np.float32

    # jetson_yuyv_to_rgba: two macro-pixels by hand (grey, and the extremes clamped); random
    # macro-pixels against a plain float32 loop
    def yuyv(words, half, height):
        return references.jetson_yuyv_to_rgba({
            "src": np.asarray(words, np.uint32), "halfWidth": half, "height": height,
            "dst": np.full((height, half, 2, 4), -1, np.float32)})["dst"]

    def word(y0, u, y1, v):
        return y0 | u << 8 | y1 << 16 | v << 24

    got = yuyv([word(100, 128, 200, 128), word(0, 0, 255, 255)], 2, 1)[0]
    assert got[0].tolist() == [[100, 100, 100, 255], [200, 200, 200, 255]]
    # U = -128, V = 127: R = Y + 178.6255, G = Y + 44.224 - 91.0463, B = Y - 227.712
    assert np.allclose(got[1], [[178.6255, 0, 0, 255], [255, 208.1777, 27.288, 255]],
                       atol=1e-3, rtol=0)
    words = rng.integers(0, 2**32, (3, 5), dtype=np.uint64).astype(np.uint32)
    got = yuyv(words, 5, 3)
    for r in range(3):
        for c in range(5):
            b = [f32((int(words[r, c]) >> (8 * k)) & 255) for k in range(4)]
            u, v = b[1] - f32(128), b[3] - f32(128)
            for k, y in enumerate((b[0], b[2])):
                want = [y + f32(1.4065) * v, (y - f32(0.3455) * u) - f32(0.7169) * v,
                        y + f32(1.7790) * u]
                want = [min(max(w, f32(0)), f32(255)) for w in want] + [255]
                assert got[r, c, k].tolist() == [float(w) for w in want]

    # libsgm_census: a 7 x 9 image (pitch 11) with its one interior pixel by hand (the first,
    # the 17th and the last of the 31 pairs set); random images with ties against a plain loop
    def census(img, pitch):
        h, w = img.shape
        buf = np.zeros(-(-h * pitch // 4) * 4, np.uint8)
        buf[: h * pitch].reshape(h, pitch)[:, :w] = img
        return references.libsgm_census({
            "src": buf.view("<u4"), "width": w, "height": h, "pitch": pitch,
            "dest": np.full((h, w), 7, np.uint32)})["dest"]

    img = np.zeros((7, 9), np.uint8)
    img[0, 0] = 1  # (-3, -4) against (3, 4): the first bit
    img[1, 7] = 9  # (-2, 3) against (2, -3): the 17th pair
    img[3, 3] = 5  # (0, -1) against (0, 1): the last bit
    img[4, 4] = 7  # the centre's lower neighbour: (-1, 0) compares 0 > 7
    want = np.full((7, 9), 7, np.uint32)
    want[3, 4] = 1 << 30 | 1 << 14 | 1
    assert np.array_equal(census(img, 11), want)
    img = rng.integers(0, 4, (11, 14)).astype(np.uint8)
    got = census(img, 15)
    pairs = [(dy, dx) for dy in range(-3, 0) for dx in range(-4, 5)] + [(0, dx) for dx in
                                                                        range(-4, 0)]
    for y in range(11):
        for x in range(14):
            if 3 <= y < 8 and 4 <= x < 10:
                bits = 0
                for dy, dx in pairs:
                    bits = bits << 1 | int(img[y + dy, x + dx] > img[y - dy, x - dx])
                assert got[y, x] == bits
            else:
                assert got[y, x] == 7

    # magma_dgeadd2: 2 x 3 by hand (column-major, ldda 3, lddb 4, the padding untouched);
    # random matrices against a plain loop
    def geadd(a, b, m, n, ldda, lddb, alpha=0.75, beta=-1.25):
        return references.magma_dgeadd2({
            "m": m, "n": n, "alpha": alpha, "dA": np.asarray(a, np.float64), "ldda": ldda,
            "beta": beta, "dB": np.asarray(b, np.float64), "lddb": lddb})["dB"]

    got = geadd([4, 8, 99, 0, 4, 99, -4, 12, 99], [4, -8, 5, 5, 8, 0, 5, 5, 0, 4, 5, 5], 2, 3,
                3, 4)
    assert got.tolist() == [-2, 16, 5, 5, -10, 3, 5, 5, -3, 4, 5, 5]
    a = rng.integers(-1000, 1000, (9, 8)).astype(np.float64)
    b = rng.integers(-1000, 1000, (9, 10)).astype(np.float64)
    got = geadd(a, b, 7, 9, 8, 10).reshape(9, 10)
    for j in range(9):
        for i in range(10):
            assert got[j, i] == (0.75 * a[j, i] - 1.25 * b[j, i] if i < 7 else b[j, i])

    # bnb_hist_scatter_add_2d: five triples by hand into a 3 x 3 histogram of ones, the
    # sixth past n; random triples against a plain loop
    def scatter(i1, i2, src, n, bins, hist=None):
        return references.bnb_hist_scatter_add_2d({
            "histogram": np.ones((bins, bins), np.float32) if hist is None else hist,
            "index1": np.asarray(i1, np.int32), "index2": np.asarray(i2, np.int32),
            "src": np.asarray(src, np.float32), "maxidx1": bins, "n": n})["histogram"]

    got = scatter([0, 2, 0, 1, 2, 1], [0, 1, 0, 2, 1, 1], [1, 5, 2, 4, 3, 100], 5, 3)
    assert got.tolist() == [[4, 1, 1], [1, 1, 5], [1, 9, 1]]
    i1, i2 = rng.integers(0, 6, 300), rng.integers(0, 6, 300)
    src = rng.integers(0, 16, 300)
    want = np.zeros((6, 6), np.float32)
    for k in range(300):
        want[i1[k], i2[k]] += src[k]
    got = scatter(i1, i2, src, 300, 6, np.zeros((6, 6), np.float32))
    assert np.array_equal(got, want) and want.sum() == src.sum()

    # tf_resize_nearest_nhwc: a 2 x 3 image of two channels to 3 x 2 by hand (scales 2/3 and
    # 3/2: rows 0, 1, 1 and columns 0, 2); random batches up and down against a plain loop
    def resize(x, oh, ow):
        b, ih, iw, ch = x.shape
        return references.tf_resize_nearest_nhwc({
            "nthreads": b * oh * ow * ch, "bottom_data": np.asarray(x, np.float32),
            "in_height": ih, "in_width": iw, "channels": ch, "out_height": oh,
            "out_width": ow, "height_scale": f32(ih / oh), "width_scale": f32(iw / ow),
            "top_data": np.zeros((b, oh, ow, ch), np.float32)})["top_data"]

    x = np.arange(12).reshape(1, 2, 3, 2)
    assert resize(x, 3, 2)[0].tolist() == [[[0, 1], [4, 5]], [[6, 7], [10, 11]],
                                           [[6, 7], [10, 11]]]
    x = rng.integers(-1000, 1000, (2, 7, 9, 3))
    for oh, ow in ((11, 5), (3, 16)):
        got = resize(x, oh, ow)
        hs, ws = f32(7 / oh), f32(9 / ow)
        for y in range(oh):
            iy = min(max(int(np.floor((f32(y) + f32(0.5)) * hs)), 0), 6)
            for xx in range(ow):
                ix = min(max(int(np.floor((f32(xx) + f32(0.5)) * ws)), 0), 8)
                assert (got[:, y, xx] == x[:, iy, ix]).all()

    # ginkgo_ptrs_to_idxs: four rows by hand (an empty row, the entries past nnz untouched);
    # random row pointers against a plain loop
    def to_idxs(ptrs, size):
        return references.ginkgo_ptrs_to_idxs({
            "ptrs": np.asarray(ptrs, np.int32), "num_rows": len(ptrs) - 1,
            "idxs": np.full(size, -1, np.int32)})["idxs"]

    assert to_idxs([0, 2, 2, 5, 6], 8).tolist() == [0, 0, 2, 2, 2, 3, -1, -1]
    ptrs = np.r_[0, np.cumsum(rng.integers(0, 6, 100))]
    want = [-1] * (ptrs[-1] + 3)
    for r in range(100):
        for i in range(ptrs[r], ptrs[r + 1]):
            want[i] = r
    assert to_idxs(ptrs, ptrs[-1] + 3).tolist() == want


def test_blind48_references_on_hand_checked_inputs():
    rng = np.random.default_rng(48)
    f32 = np.float32

    # siftgpu_filter_h: an impulse gives the taps back, a one-pixel row the taps' sum;
    # random rows against a plain float32 loop with the row's ends replicated
    def filter_h(img):
        img = np.asarray(img, np.float32)
        h, w = img.shape
        return references.siftgpu_filter_h({
            "d_data": img, "width": w, "height": h,
            "d_result": np.full((h, w), -1, np.float32)})["d_result"]

    taps = references._SIFTGPU_TAPS
    row = np.zeros((1, 20))
    row[0, 10] = 1
    got = filter_h(row)[0]
    assert got[4:17].tolist() == taps.tolist() and not got[:4].any() and not got[17:].any()
    want = f32(0)
    for t in taps:
        want = want + f32(7) * t
    assert filter_h([[7]]).tolist() == [[want]]
    img = rng.integers(0, 256, (3, 9)).astype(np.float32)
    got = filter_h(img)
    for y in range(3):
        for x in range(9):
            acc = f32(0)
            for i, t in enumerate(taps):
                acc = acc + img[y, min(max(x - 6 + i, 0), 8)] * t
            assert got[y, x] == acc

    # bf_erode_depth: a 3 x 3 frame by hand (structureSize 1, dThresh 2, fracReq 0.3: three
    # of the nine counted erode; the window clipped at the border still divides by nine);
    # random frames with zeros against a plain loop
    def erode(depth, s, thresh, frac):
        depth = np.asarray(depth, np.float32)
        h, w = depth.shape
        return references.bf_erode_depth({
            "d_output": np.full((h, w), 5, np.float32), "d_input": depth,
            "structureSize": s, "width": w, "height": h, "dThresh": f32(thresh),
            "fracReq": f32(frac)})["d_output"]

    got = erode([[1, 1, 1], [1, 0, 1], [1, 1, 9]], 1, 2, 0.3)
    assert got.tolist() == [[1, 1, 1], [1, 0, 1], [1, 1, -np.inf]]
    depth = rng.integers(0, 6, (7, 8)).astype(np.float32)
    got = erode(depth, 2, 1, 0.3)
    for y in range(7):
        for x in range(8):
            count = 0
            for i in range(-2, 3):
                for j in range(-2, 3):
                    if 0 <= y + i < 7 and 0 <= x + j < 8:
                        d = depth[y + i, x + j]
                        count += int(d == 0 or abs(d - depth[y, x]) > 1)
            want = -np.inf if f32(count) / f32(25) >= f32(0.3) else depth[y, x]
            assert got[y, x] == want

    # trt_resize_nearest: one 2 x 3 plane (row stride 4) to 4 x 6 by hand (scale 2); random
    # planes by 2.5 against a plain loop with int(o / scale) in float32
    def resize(planes, ih, iw, istride, oh, ow, scale):
        n = len(planes)
        return references.trt_resize_nearest({
            "nbatch": n, "scale": f32(scale), "osize_x": ow, "osize_y": oh,
            "idata": np.asarray(planes, np.float32).reshape(-1), "istride": istride,
            "ibatchstride": ih * istride, "odata": np.zeros((n, oh, ow), np.float32),
            "ostride": ow, "obatchstride": oh * ow})["odata"]

    got = resize([[[1, 2, 3, 0], [4, 5, 6, 0]]], 2, 3, 4, 4, 6, 2)
    assert got[0].tolist() == [[1, 1, 2, 2, 3, 3]] * 2 + [[4, 4, 5, 5, 6, 6]] * 2
    planes = rng.integers(-1000, 1000, (3, 5, 7))
    got = resize(planes, 5, 7, 7, 12, 17, 2.5)
    for b in range(3):
        for oy in range(12):
            for ox in range(17):
                iy, ix = int(f32(oy) / f32(2.5)), int(f32(ox) / f32(2.5))
                assert got[b, oy, ox] == planes[b, iy, ix]

    # lammps_cell_id: three atoms by hand (cells of 2, one ghost cell a side, 5 cells a
    # dimension: the locals clamped to [1, 3], the ghost to [0, 4], truncation toward zero);
    # random atoms against a plain float32 loop
    def cells(pos, inum, inv, ncell, cic, lo=(0, 0, 0)):
        pos = np.asarray(pos, np.float32)
        n = len(pos)
        out = references.lammps_cell_id({
            "x_": pos, "cell_id": np.zeros(n, np.uint32), "particle_id": np.zeros(n, np.int32),
            "boxlo0": f32(lo[0]), "boxlo1": f32(lo[1]), "boxlo2": f32(lo[2]),
            "i_cell_size": f32(inv), "ncellx": ncell, "ncelly": ncell, "ncellz": ncell,
            "inum": inum, "nall": n, "cells_in_cutoff": cic})
        assert out["particle_id"].tolist() == list(range(n))
        return out["cell_id"]

    got = cells([[0, 0, 0, 9], [7, 2, -1, 9], [-3, 9, 1, 9]], 2, 0.5, 5, 1)
    assert got.tolist() == [1 + 5 + 25, 3 + 2 * 5 + 25, 0 + 4 * 5 + 25]
    pos = rng.integers(-4, 30, (50, 4)).astype(np.float32)
    inv = f32(1 / 2.8)
    got = cells(pos, 30, inv, 11, 1, (1, -2, 3))
    for i in range(50):
        lo, hi = (1, 2) if i < 30 else (0, 1)
        c = [min(max(int(np.trunc((pos[i, k] - f32(o)) * inv + f32(1))), lo), 11 - hi)
             for k, o in enumerate((1, -2, 3))]
        assert got[i] == c[0] + c[1] * 11 + c[2] * 121

    # trtx_warpaffine: a 2 x 2 BGR frame into 3 x 2 by hand (d2s the identity: the half-pixel
    # centres weigh four neighbours 1/4 each, the constant 128 past the frame, the third column
    # outside); random frames and a letterbox against a plain float32 loop
    def warp(frame, dw, dh, m, const=128):
        frame = np.asarray(frame, np.uint8)
        sh, sw, _ = frame.shape
        raw = np.zeros(-(-frame.size // 4) * 4, np.uint8)
        raw[: frame.size] = frame.reshape(-1)
        return references.trtx_warpaffine({
            "src_words": raw.view("<u4"), "src_line_size": sw * 3, "src_width": sw,
            "src_height": sh, "dst": np.full((3, dh, dw), -1, np.float32), "dst_width": dw,
            "dst_height": dh, "const_value_st": const,
            **{k: f32(v) for k, v in zip(("m_x1", "m_y1", "m_z1", "m_x2", "m_y2", "m_z2"), m,
                                         strict=True)},
            "edge": dw * dh})["dst"]

    frame = [[[10, 20, 30], [50, 60, 70]], [[90, 100, 110], [130, 140, 150]]]
    got = warp(frame, 3, 2, (1, 0, 0, 0, 1, 0))
    bgr = [[[70, 80, 90], [109, 114, 119], [128] * 3], [[119, 124, 129], [128.5, 131, 133.5],
                                                        [128] * 3]]
    want = np.asarray(bgr, np.float32)[..., ::-1].transpose(2, 0, 1) / f32(255)
    assert np.array_equal(got, want)
    frame = rng.integers(0, 256, (9, 13, 3)).astype(np.uint8)
    for dw, dh, m in ((8, 8, (13 / 8, 0, 0, 0, 13 / 8, -2)), (20, 11, (0.6, 0.1, -1, -0.05,
                                                                        0.75, 0.3))):
        got = warp(frame, dw, dh, m, 114)
        m = [f32(v) for v in m]
        for dy in range(dh):
            for dx in range(dw):
                sx = ((m[0] * f32(dx) + m[1] * f32(dy)) + m[2]) + f32(0.5)
                sy = ((m[3] * f32(dx) + m[4] * f32(dy)) + m[5]) + f32(0.5)
                if sx <= -1 or sx >= 13 or sy <= -1 or sy >= 9:
                    c = [f32(114)] * 3
                else:
                    xl, yl = int(np.floor(sx)), int(np.floor(sy))
                    ly, lx = sy - f32(yl), sx - f32(xl)
                    hy, hx = f32(1) - ly, f32(1) - lx
                    c = []
                    for ch in range(3):
                        acc = None
                        for w, yy, xx in ((hy * hx, yl, xl), (hy * lx, yl, xl + 1),
                                          (ly * hx, yl + 1, xl), (ly * lx, yl + 1, xl + 1)):
                            v = (f32(frame[yy, xx, ch]) if 0 <= yy < 9 and 0 <= xx < 13
                                 else f32(114))
                            acc = w * v if acc is None else acc + w * v
                        c.append(acc)
                for plane, ch in enumerate((2, 1, 0)):
                    assert got[plane, dy, dx] == c[ch] / f32(255)

    # petsc_sf_pack: three entries of two doubles by hand (the third past count, the buffer's
    # rest untouched); random index lists of three doubles against a plain loop
    def pack(idx, data, bs, count, size):
        return references.petsc_sf_pack({
            "bs": bs, "count": count, "start": 0, "idx": np.asarray(idx, np.int32),
            "data": np.asarray(data, np.float64), "buf": np.full(size, -1.0)})["buf"]

    got = pack([3, 0, 3], [0, 1, 2, 3, 4, 5, 6, 7], 2, 2, 6)
    assert got.tolist() == [6, 7, 0, 1, -1, -1]
    data = rng.integers(-1000, 1000, 60).astype(np.float64)
    idx = rng.integers(0, 20, 33)
    got = pack(idx, data, 3, 33, 100)
    want = [-1.0] * 100
    for t in range(33):
        for i in range(3):
            want[3 * t + i] = data[3 * idx[t] + i]
    assert got.tolist() == want


def test_blind49_references_on_hand_checked_inputs():
    rng = np.random.default_rng(49)
    f32 = np.float32

    # vcsdk_nv12_bgrp: the table is SetMatYuv2Rgb's BT.709 matrix (float arithmetic, the
    # 255 / 219 scaling in double); a 4 x 2 frame of two quads by hand (black, white and mid
    # grey under neutral chroma; U 240, V 16 clamping channels at both ends); random frames
    # with odd sizes (the last column and row untouched) against a plain float32 loop
    wr, wb, one, half = f32(0.2126), f32(0.0722), f32(1), f32(0.5)
    den = (one - wb) - wr
    mat = [[one, f32(0), (one - wr) / half],
           [one, (-wb * (one - wb)) / half / den, (-wr * (one - wr)) / half / den],
           [one, (one - wb) / half, f32(0)]]
    scaled = [[f32(1.0 * 255 / (235 - 16) * float(v)) for v in row] for row in mat]
    assert np.array_equal(np.asarray(scaled, np.float32), references._VCSDK_BT709)

    def nv12(luma, chroma, width, height, pitch):
        raw = np.zeros(-(-pitch * (height + -(-height // 2)) // 4) * 4, np.uint8)
        raw[: height * pitch] = np.asarray(luma, np.uint8).reshape(-1)
        raw[height * pitch : height * pitch + np.size(chroma)] = np.asarray(
            chroma, np.uint8).reshape(-1)
        out = references.vcsdk_nv12_bgrp({
            "pYuvWords": raw.view("<u4"), "nYuvPitch": pitch, "nRgbpPitch": pitch,
            "pRgbpWords": np.full(-(-3 * height * pitch // 4), 0x07070707, np.uint32),
            "nWidth": width, "nHeight": height})["pRgbpWords"]
        return out.view(np.uint8)[: 3 * height * pitch].reshape(3, height, pitch)

    got = nv12([[16, 235, 16, 235], [126, 126, 235, 16]], [[128, 128, 240, 16]], 4, 2, 4)
    assert got[0].tolist() == [[0, 255, 241, 255], [128, 128, 255, 241]]  # B
    assert got[1].tolist() == [[0, 255, 36, 255], [128, 128, 255, 36]]  # G
    assert got[2].tolist() == [[0, 255, 0, 49], [128, 128, 49, 0]]  # R
    for width, height, pitch in ((7, 5, 8), (10, 6, 12)):
        luma = rng.integers(0, 256, (height, pitch))
        chroma = rng.integers(0, 256, (-(-height // 2), pitch))
        got = nv12(luma, chroma, width, height, pitch)
        want = np.full((3, height, pitch), 7, np.uint8)
        for y in range(0, height - 1, 2):
            for x in range(0, width - 1, 2):
                fu, fv = f32(int(chroma[y // 2, x]) - 128), f32(int(chroma[y // 2, x + 1]) - 128)
                for yy, xx in ((y, x), (y, x + 1), (y + 1, x), (y + 1, x + 1)):
                    fy = f32(int(luma[yy, xx]) - 16)
                    for plane, row in ((0, 2), (1, 1), (2, 0)):
                        m = references._VCSDK_BT709[row]
                        v = (m[0] * fy + m[1] * fu) + m[2] * fv
                        want[plane, yy, xx] = int(min(max(v, f32(0)), f32(255)))
        assert np.array_equal(got, want)

    # astra_add_mul: a 2 x 3 volume of pitch 4 by hand (the padding column untouched);
    # random volumes of 70 rows (three runs of 32) against a plain float32 loop
    def add_mul(out, in1, in2, width, height, pitch):
        return references.astra_add_mul({
            "pfOut": np.asarray(out, np.float32), "pfIn1": np.asarray(in1, np.float32),
            "pfIn2": np.asarray(in2, np.float32), "pitch": pitch, "width": width,
            "height": height})["pfOut"]

    got = add_mul([[1, 2, 3, 9], [4, 5, 6, 9]], [[2, 0, 1, 5], [3, 1, 2, 5]],
                  [[10, 7, -1, 5], [-2, 0, 4, 5]], 3, 2, 4)
    assert got.tolist() == [[21, 2, 2, 9], [-2, 5, 14, 9]]
    out, in1, in2 = (rng.integers(-50, 50, (70, 13)).astype(np.float32) for _ in range(3))
    got = add_mul(out, in1, in2, 11, 70, 13)
    want = out.copy()
    for y in range(70):
        for x in range(11):
            want[y, x] = out[y, x] + in1[y, x] * in2[y, x]
    assert np.array_equal(got, want)

    # paddle_index_sample: two rows by hand (a repeated index); random rows of an index
    # shorter than the input against a plain loop
    def index_sample(x, index):
        x, index = np.asarray(x, np.float32), np.asarray(index, np.int32)
        return references.paddle_index_sample({
            "index": index, "in_data": x, "out_data": np.full(index.shape, -1, np.float32),
            "index_length": index.shape[1], "input_length": x.shape[1],
            "batch_size": x.shape[0]})["out_data"]

    assert index_sample([[10, 11, 12], [20, 21, 22]], [[2, 0], [1, 1]]).tolist() == [
        [12, 10], [21, 21]]
    x = rng.integers(-1000, 1000, (5, 17))
    index = rng.integers(0, 17, (5, 9))
    got = index_sample(x, index)
    assert got.tolist() == [[x[j, index[j, i]] for i in range(9)] for j in range(5)]

    # relion_center_fft2d: a 4 x 2 image by hand (the two halves swap, each shifted half a
    # row); random batches of even sizes equal NumPy's fftshift of every image
    def center(images, xshift=None, yshift=None):
        images = np.asarray(images, np.float32)
        _, ydim, xdim = images.shape
        return references.relion_center_fft2d({
            "img_in": images, "image_size": xdim * ydim, "xdim": xdim, "ydim": ydim,
            "xshift": xdim // 2 if xshift is None else xshift,
            "yshift": ydim // 2 if yshift is None else yshift})["img_in"]

    assert center([[[0, 1, 2, 3], [4, 5, 6, 7]]]).tolist() == [[[6, 7, 4, 5], [2, 3, 0, 1]]]
    images = rng.integers(-1000, 1000, (3, 10, 14)).astype(np.float32)
    assert np.array_equal(center(images), np.fft.fftshift(images, axes=(1, 2)))
    assert np.array_equal(center(images, -7, -5), np.fft.fftshift(images, axes=(1, 2)))

    # p3d_gather_scatter: three vertices and two edges by hand (undirected, directed,
    # backward, added to what the output held); random graphs with self-loops and repeated
    # edges against a plain loop
    def gather_scatter(features, edges, directed, backward, initial=0):
        features, edges = np.asarray(features, np.float32), np.asarray(edges, np.int64)
        return references.p3d_gather_scatter({
            "input": features, "edges": edges,
            "output": np.full(features.shape, initial, np.float32), "directed": directed,
            "backward": backward, "V": features.shape[0], "D": features.shape[1],
            "E": edges.shape[0]})["output"]

    features, edges = [[1, 2], [3, 4], [5, 6]], [[0, 1], [1, 2]]
    assert gather_scatter(features, edges, 0, 0).tolist() == [[3, 4], [6, 8], [3, 4]]
    assert gather_scatter(features, edges, 1, 0, 1).tolist() == [[4, 5], [6, 7], [1, 1]]
    assert gather_scatter(features, edges, 1, 1).tolist() == [[0, 0], [1, 2], [3, 4]]
    features = rng.integers(-8, 8, (9, 5))
    edges = rng.integers(0, 9, (40, 2))
    for directed in (0, 1):
        want = np.zeros((9, 5))
        for v0, v1 in edges:
            want[v0] += features[v1]
            if not directed:
                want[v1] += features[v0]
        assert np.array_equal(gather_scatter(features, edges, directed, 0), want)

    # dlib_affine_conv: eight values of two channels of two by hand (n short of the buffer:
    # the rest untouched); random tensors against a plain float32 loop
    def affine(src, a, b, n, bs, ks, size):
        return references.dlib_affine_conv({
            "d": np.full(size, -7, np.float32), "s": np.asarray(src, np.float32), "n": n,
            "A": np.asarray(a, np.float32), "B": np.asarray(b, np.float32), "bs": bs,
            "ks": ks})["d"]

    got = affine(np.arange(10), [2, 3], [1, -1], 8, 2, 2, 10)
    assert got.tolist() == [1, 3, 5, 8, 9, 11, 17, 20, -7, -7]
    src = rng.integers(-1000, 1000, 2 * 3 * 7).astype(np.float32)
    a, b = rng.integers(-8, 8, 3).astype(np.float32), rng.integers(-9, 9, 3).astype(np.float32)
    got = affine(src, a, b, src.size, 7, 3, src.size)
    assert got.tolist() == [a[i // 7 % 3] * src[i] + b[i // 7 % 3] for i in range(src.size)]


def test_blind50_references_on_hand_checked_inputs():
    rng = np.random.default_rng(50)
    f32 = np.float32

    # sg2_upfirdn2d: one pixel through the [1, 3, 3, 1] blur's 2x upsampling by hand (a 2 x 2
    # of 9s), a row of two by hand, a lone tap showing the filter's flip; random planes
    # against a plain loop over StyleGAN2's receptive-field arithmetic (also down 2)
    def upfirdn(x, k, up=2, down=1, pad=(2, 1)):
        x, k = np.asarray(x, f32), np.asarray(k, f32)
        major, ih, iw = x.shape
        kh, kw = k.shape
        oh = (ih * up + pad[0] + pad[1] - kh) // down + 1
        ow = (iw * up + pad[0] + pad[1] - kw) // down + 1
        got = references.sg2_upfirdn2d({
            "x": x, "k": k, "y": np.full((major, oh, ow), -7, f32), "upx": up, "upy": up,
            "downx": down, "downy": down, "padx0": pad[0], "padx1": pad[1], "pady0": pad[0],
            "pady1": pad[1], "majorDim": major, "inH": ih, "inW": iw, "minorDim": 1,
            "kernelH": kh, "kernelW": kw, "outH": oh, "outW": ow, "loopMajor": 1, "loopX": 1})
        return got["y"]

    blur = np.outer([1, 3, 3, 1], [1, 3, 3, 1])
    assert upfirdn([[[1]]], blur).tolist() == [[[9, 9], [9, 9]]]
    assert upfirdn([[[1, 2]]], blur).tolist() == [[[9, 15, 21, 18], [9, 15, 21, 18]]]
    lone = np.zeros((4, 4))
    lone[1, 2] = 5
    assert upfirdn([[[1]]], lone).tolist() == [[[0, 5], [0, 0]]]

    def floor_div(a, b):
        t = 1 - int(a / b)  # C's truncating division
        return int((a + t * b) / b) - t

    for up, down, pad in ((2, 1, (2, 1)), (1, 2, (1, 1))):
        x = rng.integers(0, 256, (2, 5, 7))
        k = rng.integers(-8, 8, (4, 4))
        got = upfirdn(x, k, up, down, pad)
        want = np.zeros(got.shape)
        for m in range(2):
            for oy in range(got.shape[1]):
                for ox in range(got.shape[2]):
                    mid_y, mid_x = oy * down + up - 1 - pad[0], ox * down + up - 1 - pad[0]
                    in_y, in_x = floor_div(mid_y, up), floor_div(mid_x, up)
                    ky0, kx0 = (in_y + 1) * up - mid_y - 1, (in_x + 1) * up - mid_x - 1
                    for y in range(4 // up):
                        for xx in range(4 // up):
                            iy, ix = in_y + y, in_x + xx
                            if 0 <= iy < 5 and 0 <= ix < 7:  # the flipped filter
                                want[m, oy, ox] += x[m, iy, ix] * k[3 - (ky0 + y * up),
                                                                     3 - (kx0 + xx * up)]
        assert np.array_equal(got, want)

    # nvdr_mip_build: a 2 x 4 texture by hand, one texel high and one wide by hand; random
    # odd-sized textures of two channels against a plain float32 loop
    def mip(tex, channels=1):
        tex = np.asarray(tex, f32)
        depth, th, tw = tex.shape[0], tex.shape[1], tex.shape[2]
        out = np.full((depth, max(th >> 1, 1), max(tw >> 1, 1), channels), -7, f32)
        return references.nvdr_mip_build({
            "texIn": tex, "texOut": out, "channels": channels, "texWidth": tw,
            "texHeight": th, "mipLevelOut": 1})["texOut"]

    assert mip([[[1, 2, 3, 4], [5, 6, 7, 8]]])[..., 0].tolist() == [[[3.5, 5.5]]]
    assert mip([[[1, 2, 3, 4]]])[..., 0].tolist() == [[[1.5, 3.5]]]
    assert mip([[[1], [2], [3], [4]]])[..., 0].tolist() == [[[1.5], [3.5]]]
    tex = rng.integers(0, 256, (2, 7, 9, 2)).astype(f32)
    got = mip(tex, 2)
    want = np.zeros((2, 3, 4, 2), f32)
    for z in range(2):
        for y in range(3):
            for x in range(4):
                quad = tex[z, 2 * y : 2 * y + 2, 2 * x : 2 * x + 2]
                want[z, y, x] = f32(0.25) * (((quad[0, 0] + quad[0, 1]) + quad[1, 0]) + quad[1, 1])
    assert np.array_equal(got, want)

    # ds_transform_0213: a batch of one of two tokens of two one-float4 heads by hand (the
    # 2 x 2 of float4s transposed); random tensors against a plain loop
    def transform(vals, heads):
        vals = np.asarray(vals, f32)
        batch, seq = vals.shape[0], vals.shape[1]
        hidden = vals.shape[2] * vals.shape[3] // 4
        return references.ds_transform_0213({
            "output": np.full(batch * seq * hidden * 4, -7, f32), "vals": vals,
            "hidden_dim": hidden, "seq_length": seq, "heads": heads})["output"]

    vals = np.arange(16).reshape(1, 2, 2, 4)
    assert transform(vals, 2).reshape(4, 4).tolist() == [
        [0, 1, 2, 3], [8, 9, 10, 11], [4, 5, 6, 7], [12, 13, 14, 15]]
    vals = rng.integers(-1000, 1000, (2, 3, 5, 8))
    got = transform(vals, 5).reshape(2, 5, 3, 8)
    for b in range(2):
        for s in range(3):
            for h in range(5):
                assert got[b, h, s].tolist() == vals[b, s, h].tolist()

    # mmcv_carafe_naive: one source pixel (only the window's centre inside) and a row of two
    # source pixels by hand; random features, weights and groups against a plain loop
    def carafe(feat, masks, n, c, h, w, ks, gs, sc):
        return references.mmcv_carafe_naive({
            "nthreads": n * c * h * w, "bottom_data": np.asarray(feat, f32),
            "bottom_masks": np.asarray(masks, f32), "top_data": np.full((n, c, h, w), -7, f32),
            "kernel_size": ks, "group_size": gs, "scale_factor": sc, "channels": c,
            "height": h, "width": w})["top_data"]

    masks = np.full((1, 9, 2, 2), 100)
    masks[0, 4] = [[1, 2], [3, 4]]
    assert carafe([[[[5]]]], masks, 1, 1, 2, 2, 3, 1, 2).tolist() == [[[[5, 10], [15, 20]]]]
    masks = np.broadcast_to(np.arange(1, 10)[None, :, None, None], (1, 9, 2, 4))
    assert carafe([[[[1, 10]]]], masks, 1, 1, 2, 4, 3, 1, 2).tolist() == [
        [[[65, 65, 54, 54], [65, 65, 54, 54]]]]
    n, c, h, w, ks, gs, sc = 2, 4, 6, 8, 5, 2, 2
    feat = rng.integers(-1000, 1000, (n, c, h // sc, w // sc))
    masks = rng.integers(-8, 8, (n, ks * ks * gs, h, w))
    got = carafe(feat, masks, n, c, h, w, ks, gs, sc)
    half = (ks - 1) // 2
    for b in range(n):
        for ch in range(c):
            group = ch // (c // gs)
            for y in range(h):
                for x in range(w):
                    total = 0
                    for my in range(ks):
                        for mx in range(ks):
                            iy, ix = y // sc + my - half, x // sc + mx - half
                            if 0 <= iy < h // sc and 0 <= ix < w // sc:
                                total += feat[b, ch, iy, ix] * masks[
                                    b, (group * ks + my) * ks + mx, y, x]
                    assert got[b, ch, y, x] == total

    # gs_tile_ranges: six keys over five tiles by hand (tiles 1 and 4 without a run keep what
    # they held; a key's bits above 32 ignored); random sorted keys against a plain loop
    def tile_ranges(keys, tiles):
        keys = np.asarray(keys, np.int64)
        return references.gs_tile_ranges({
            "L": keys.size, "point_list_keys": keys,
            "ranges_words": np.full((tiles, 2), 7, np.uint32)})["ranges_words"]

    assert tile_ranges([0, 0, 2, 2, (5 << 32) | 2, 3], 5).tolist() == [
        [0, 2], [7, 7], [2, 5], [5, 6], [7, 7]]
    keys = np.sort(rng.integers(0, 40, 300))
    got = tile_ranges(keys, 45)
    want = np.full((45, 2), 7)
    for i, key in enumerate(keys):
        if i == 0 or keys[i - 1] != key:
            want[key, 0] = i
            if i:
                want[keys[i - 1], 1] = i
    want[keys[-1], 1] = keys.size
    assert got.tolist() == want.tolist()

    # ort_cumsum: a row of three by hand in all four modes, a strided axis by hand; random
    # tensors against a plain loop; the manifest's fast_divmod fields are ONNX Runtime's and
    # divide exactly
    def cumsum(x, exclusive=0, reverse=0):
        x = np.asarray(x, f32)
        return references.ort_cumsum({
            "input_data": x, "dim_d": x.shape[1], "stride_d": x.shape[2],
            "output_data": np.full(x.shape, -7, f32), "output_size": x.size,
            "exclusive": exclusive, "reverse": reverse})["output_data"]

    row = [[[1], [2], [3]]]
    assert cumsum(row)[0, :, 0].tolist() == [1, 3, 6]
    assert cumsum(row, reverse=1)[0, :, 0].tolist() == [6, 5, 3]
    assert cumsum(row, exclusive=1)[0, :, 0].tolist() == [0, 1, 3]
    assert cumsum(row, 1, 1)[0, :, 0].tolist() == [5, 3, 0]
    assert cumsum([[[1, 10], [2, 20], [3, 30]]])[0].tolist() == [[1, 10], [3, 30], [6, 60]]
    x = rng.integers(-100, 100, (3, 11, 4))
    for exclusive in (0, 1):
        for reverse in (0, 1):
            got = cumsum(x, exclusive, reverse)
            for o in range(3):
                for j in range(11):
                    for i in range(4):
                        lo, hi = (j, 11) if reverse else (0, j + 1)
                        if exclusive:
                            lo, hi = (j + 1, 11) if reverse else (0, j)
                        assert got[o, j, i] == x[o, lo:hi, i].sum()
    spec = SPECS["ort_cumsum"]
    for dim in (1, 2, 3, 37, 1000, 1001, 32000, 65536, 100003):
        params = spec.resolve_params(overrides={"DIM": dim})
        ell = next(e for e in range(32) if (1 << e) >= dim)  # fast_divmod's constructor
        m = ((1 << 32) * ((1 << ell) - dim)) // dim + 1
        assert (params["LDIM"], params["MDIM"]) == (ell, m) and 0 < m < 1 << 32
        for n in [*rng.integers(0, 2**31 - 1, 200), 0, dim - 1, dim, 2**31 - 1]:
            assert ((((m * int(n)) >> 32) + int(n)) & 0xFFFFFFFF) >> ell == int(n) // dim


def test_blind51_references_on_hand_checked_inputs():
    rng = np.random.default_rng(51)
    f32 = np.float32

    # beagle_partials: a pattern's two 64-term sums by hand (two states of one child, one of
    # the other); random categories and patterns against a plain loop over BEAGLE's sums
    def partials(p1, p2, m1, m2):
        p1, p2 = np.asarray(p1, f32), np.asarray(p2, f32)
        return references.beagle_partials({
            "partials1": p1, "partials2": p2, "partials3": np.full(p1.shape, -7, f32),
            "matrices1": np.asarray(m1, f32), "matrices2": np.asarray(m2, f32),
            "totalPatterns": p1.shape[1]})["partials3"]

    p1, p2 = np.zeros((1, 1, 64)), np.zeros((1, 1, 64))
    m1, m2 = np.zeros((1, 64, 64)), np.zeros((1, 64, 64))
    p1[0, 0, 2], p1[0, 0, 5], p2[0, 0, 63] = 1, 3, 2
    m1[0, 2, 0], m1[0, 5, 0], m1[0, 5, 7] = 1, 2, 5  # row k: to state k, along the states
    m2[0, 63, 0], m2[0, 63, 7], m2[0, 0, 1] = 4, 1, 9
    got = partials(p1, p2, m1, m2)[0, 0]
    assert got[0] == (1 * 1 + 3 * 2) * (2 * 4) and got[7] == (3 * 5) * (2 * 1)
    assert got[1] == 0 and np.count_nonzero(got) == 2
    p1, p2 = rng.integers(0, 8, (2, 3, 64)), rng.integers(0, 8, (2, 3, 64))
    m1, m2 = rng.integers(0, 8, (2, 64, 64)), rng.integers(0, 8, (2, 64, 64))
    got = partials(p1, p2, m1, m2)
    for c in range(2):
        for p in range(3):
            for state in range(64):
                sum1 = sum(int(m1[c, k, state]) * int(p1[c, p, k]) for k in range(64))
                sum2 = sum(int(m2[c, k, state]) * int(p2[c, p, k]) for k in range(64))
                assert got[c, p, state] == sum1 * sum2

    # exl_column_remap: a 2 x 3 matrix by hand (a column taken twice, one never); random
    # matrices and maps against a plain loop
    def remap(x, x_map):
        x = np.asarray(x, f32)
        return references.exl_column_remap({
            "x": x, "x_new": np.full(x.shape, -7, f32), "x_width": x.shape[1],
            "x_height": x.shape[0], "x_map": np.asarray(x_map, np.uint32)})["x_new"]

    assert remap([[1, 2, 3], [4, 5, 6]], [2, 0, 2]).tolist() == [[3, 1, 3], [6, 4, 6]]
    x, x_map = rng.integers(-1000, 1000, (19, 23)), rng.integers(0, 23, 23)
    got = remap(x, x_map)
    assert all(got[r, c] == x[r, x_map[c]] for r in range(19) for c in range(23))

    # dp_prod_force: two atoms' slots by hand (a padded slot skipped, two slots onto one
    # neighbour, the second frame's atoms onto its own forces); random lists against a loop
    def forces(net, env, nlist, nloc, nall, frames=1):
        nlist = np.asarray(nlist, np.int32)
        nnei = nlist.shape[1]
        return references.dp_prod_force({
            "force": np.zeros((frames, nall, 3), f32), "net_deriv": np.asarray(net, f32),
            "in_deriv": np.asarray(env, f32).reshape(nlist.shape[0], 12 * nnei),
            "nlist": nlist, "nloc": nloc, "nall": nall, "nnei": nnei})["force"]

    net = np.zeros((2, 8))
    env = np.zeros((2, 2, 4, 3))  # atom, slot, descriptor entry, component
    net[0, 0:4], env[0, 0, :, 0] = [1, 2, 3, 4], [1, 1, 1, 1]  # atom 0 slot 0: x = 10
    net[0, 4:8], env[0, 1, 2, 1] = [5, 5, 5, 5], 7  # slot 1 padded: skipped
    net[1, 0:4], env[1, 0, 3, 2] = [0, 0, 0, 2], -3  # atom 1 slot 0: z = -6
    net[1, 4:8], env[1, 1, 0, 0] = [6, 0, 0, 0], 2  # atom 1 slot 1: x = 12
    got = forces(net, env, [[1, -1], [2, 1]], nloc=2, nall=3)
    assert got.tolist() == [[[0, 0, 0], [22, 0, 0], [0, 0, -6]]]
    got = forces(net, env, [[1, -1], [2, 1]], nloc=1, nall=3, frames=2)
    assert got.tolist() == [[[0, 0, 0], [10, 0, 0], [0, 0, 0]], [[0, 0, 0], [12, 0, 0],
                                                                   [0, 0, -6]]]
    frames, nloc, nall, nnei = 2, 3, 7, 5
    net = rng.integers(-8, 8, (frames * nloc, 4 * nnei))
    env = rng.integers(-8, 8, (frames * nloc, 12 * nnei))
    nlist = rng.integers(-3, nall, (frames * nloc, nnei))
    got = forces(net, env, nlist, nloc, nall, frames)
    want = np.zeros((frames, nall, 3))
    for a in range(frames * nloc):
        for i in range(nnei):
            if nlist[a, i] >= 0:
                for d in range(3):
                    want[a // nloc, nlist[a, i], d] += sum(
                        net[a, 4 * i + w] * env[a, (4 * i + w) * 3 + d] for w in range(4))
    assert np.array_equal(got, want)

    # r123_pi_hits: threefry4x32's known answers (Random123's kat_vectors: 20 rounds, and
    # 13); the hits of a few threads against a plain loop over Python integers; tries 2
    # ceil(n / 2), none for n = 0
    kat = [([0] * 4, [0] * 4, ["9c6ca96a", "e17eae66", "fc10ecd4", "5256a7d8"]),
           ([2**32 - 1] * 4, [2**32 - 1] * 4, ["2a881696", "57012287", "f6c7446e", "a16a6732"]),
           ([0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344],
            [0xA4093822, 0x299F31D0, 0x082EFA98, 0xEC4E6C89],
            ["59cd1dbb", "b8879579", "86b5d00c", "ac8b6d84"])]
    for ctr, key, want in kat:
        assert [f"{int(w):08x}" for w in references.threefry4x32(ctr, key)] == want
    assert [f"{int(w):08x}" for w in references.threefry4x32([0] * 4, [0] * 4, 13)] == [
        "531c7e4f", "39491ee5", "2c855a92", "3d6abf9a"]

    def pi_hits(n, count):
        return references.r123_pi_hits({
            "n": n, "nthreads": count,
            "hitsp_words": np.full((count, 2), 7, np.uint32)})["hitsp_words"]

    got = pi_hits(7, 5)
    for tid in range(5):
        hits = 0
        key = [tid, 0xDECAFBAD, 0xFACEBEAD, 0x12345678]
        for c0 in range(1, 5):
            words = [int(w) for w in references.threefry4x32(
                [c0, 0xF00DCAFE, 0xDEADBEEF, 0xBEEFF00D], key)]
            x1, y1, x2, y2 = (w - 2**32 if w >= 2**31 else w for w in words)
            hits += (x1 * x1 + y1 * y1 < 2**62) + (x2 * x2 + y2 * y2 < 2**62)
        assert got[tid].tolist() == [hits, 8]
    assert pi_hits(0, 3).tolist() == [[0, 0]] * 3 and pi_hits(1, 1)[0, 1] == 2

    # pycbc_thresh_cluster: a window by hand whose loudest samples tie (one thread takes the
    # first; two threads thread 0's, the later one; 4 and 64 threads lane 2's, which the
    # lanes' tree meets before lane 1's), the threshold strict, a short last window, outv
    # kept below the threshold;
    # random series against a plain loop over PyCBC's two phases
    def cluster(samples, window, threshold, threads):
        samples = np.asarray(samples, f32).reshape(-1, 2)
        nwin = -(-samples.shape[0] // window)
        got = references.pycbc_thresh_cluster({
            "in_words": samples, "outv_words": np.full((nwin, 2), -7, f32),
            "outl": np.full(nwin, 7, np.int32), "window": window, "threshold": threshold,
            "slen": samples.shape[0]}, threads=threads)
        return got["outv_words"].tolist(), got["outl"].tolist()

    series = [[1, 0], [3, 4], [0, -5], [2, 2], [0, 1]]
    assert cluster(series, 4, 24, 1) == ([[3, 4], [-7, -7]], [1, -1])
    assert cluster(series, 4, 24, 2) == ([[0, -5], [-7, -7]], [2, -1])
    assert cluster(series, 4, 0.5, 4) == ([[0, -5], [0, 1]], [2, 4])
    assert cluster(series, 4, 0.5, 64) == ([[0, -5], [0, 1]], [2, 4])
    assert cluster(series, 4, 25, 1) == ([[-7, -7], [-7, -7]], [-1, -1])

    def plain_cluster(samples, window, threshold, threads):
        nwin = -(-len(samples) // window)
        outv, outl = [[-7, -7] for _ in range(nwin)], [7] * nwin
        for b in range(nwin):
            cands = []
            for t in range(threads):
                best = (0.0, 0.0, -1)
                for i in range(b * window + t, min((b + 1) * window, len(samples)), threads):
                    re, im = samples[i]
                    if re * re + im * im > best[0] ** 2 + best[1] ** 2:
                        best = (re, im, i)
                cands.append(best)
            svv, idx = [-1.0] * 32, [0] * 32
            for lane in range(min(32, threads)):
                tl, (mr, mi, _) = lane, cands[lane]
                for i in range(lane, threads, 32):
                    re, im, _ = cands[i]
                    if re * re + im * im > mr * mr + mi * mi:
                        tl, mr, mi = i, re, im
                svv[lane] = cands[tl][0] ** 2 + cands[tl][1] ** 2
                idx[lane] = tl
            for off in (16, 8, 4, 2, 1):
                for lane in range(off):
                    if svv[lane] < svv[lane + off]:
                        svv[lane], idx[lane] = svv[lane + off], idx[lane + off]
            if svv[0] > threshold:
                outv[b], outl[b] = list(cands[idx[0]][:2]), cands[idx[0]][2]
            else:
                outl[b] = -1
        return outv, outl

    samples = rng.integers(-6, 6, (211, 2)).tolist()  # many ties at the top
    for threads in (1, 3, 32, 40, 100):
        for window in (7, 50):
            assert cluster(samples, window, 40, threads) == plain_cluster(
                samples, window, 40, threads), (threads, window)

    # osd_eval_stencils: three stencils by hand (an empty one, a negative weight), only
    # [start, end) written; random stencils against a plain loop
    def stencils(cvs, offsets, indices, weights, start, end):
        offsets = np.asarray(offsets, np.int32)
        return references.osd_eval_stencils({
            "cvs": np.asarray(cvs, f32), "vertices": np.full((offsets.size - 1, 4), -7, f32),
            "offsets": offsets, "indices": np.asarray(indices, np.int32),
            "weights": np.asarray(weights, f32), "start": start, "end": end})["vertices"]

    cvs = [[1, 2, 3, 4], [10, 20, 30, 40]]
    assert stencils(cvs, [0, 2, 2, 3], [1, 0, 1], [2, 3, -1], 0, 3).tolist() == [
        [23, 46, 69, 92], [0, 0, 0, 0], [-10, -20, -30, -40]]
    assert stencils(cvs, [0, 2, 2, 3], [1, 0, 1], [2, 3, -1], 1, 2).tolist() == [
        [-7] * 4, [0] * 4, [-7] * 4]
    cvs = rng.integers(-1000, 1000, (30, 4))
    lengths = rng.integers(0, 9, 40)
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    indices = rng.integers(0, 30, offsets[-1])
    weights = rng.integers(-8, 8, offsets[-1])
    got = stencils(cvs, offsets, indices, weights, 0, 40)
    for i in range(40):
        want = sum((weights[j] * cvs[indices[j]] for j in range(offsets[i], offsets[i + 1])),
                   np.zeros(4, np.int64))
        assert got[i].tolist() == want.tolist()


def test_blind52_references_on_hand_checked_inputs():
    rng = np.random.default_rng(52)
    f32 = np.float32

    # kata_gpool: a position's two channels by hand (4 points, area 4: the mean 2.5, scaled by
    # (2 - 14) 0.1; the maximum from 0 for a channel of negatives); random planes and areas
    # against a plain loop in Python floats rounded to float32 at each step
    def gpool(planes, area):
        planes = np.asarray(planes, f32)
        n, c, xy = planes.shape
        return references.kata_gpool({
            "in": planes, "out": np.full((n, 3 * c), -7, f32), "cSize": c, "xySize": xy,
            "maskSum": np.asarray(area, f32)})["out"]

    got = gpool([[[1, 2, 3, 4], [-1, -2, -3, -4]]], [4])
    assert got.tolist() == [[2.5, -2.5, -3.0, 3.0, 4.0, 0.0]]
    planes, areas = rng.integers(0, 16, (3, 4, 37)), rng.integers(1, 400, 3)
    got = gpool(planes, areas)
    for n in range(3):
        for c in range(4):
            mean = float(f32(float(sum(planes[n, c])) / float(areas[n])))
            root = float(f32(math.sqrt(float(areas[n]))))
            scaled = float(f32(float(f32(mean * float(f32(root - 14.0)))) * float(f32(0.1))))
            assert got[n].tolist()[c::4] == [mean, scaled, float(max(0, *planes[n, c]))]

    # ccn_max_pool: a 3 x 3 image and its negative by hand (2 x 2 windows of stride 2 from -1:
    # the first clipped to one row and column), then windows of 1 from -1 (the first empty:
    # MaxPooler's base value); random images against a plain loop
    def pool(imgs, subs, start, stride):
        imgs = np.asarray(imgs, f32)
        filters, size, _, images = imgs.shape
        outs = -(-(size - start - subs) // stride) + 1
        return references.ccn_max_pool({
            "imgs": imgs, "target": np.full((filters, outs, outs, images), -7, f32),
            "imgSize": size, "numFilters": filters, "numImages": images, "subsX": subs,
            "startX": start, "strideX": stride, "outputsX": outs})["target"]

    image = np.arange(1, 10).reshape(3, 3)
    got = pool(np.stack([image, -image], axis=-1)[None], 2, -1, 2)
    assert got[0, ..., 0].tolist() == [[1, 3], [7, 9]]
    assert got[0, ..., 1].tolist() == [[-1, -2], [-4, -5]]
    got = pool(np.stack([image, -image], axis=-1)[None], 1, -1, 1)
    assert got.shape == (1, 4, 4, 2) and (got[0, 0, :] == f32(-2e38)).all()
    assert got[0, 1:, 1:, 0].tolist() == image.tolist()
    imgs = rng.integers(-1000, 1000, (8, 7, 7, 5))
    got = pool(imgs, 3, -1, 2)
    assert got.shape == (8, 4, 4, 5)
    for f in range(8):
        for oy in range(4):
            for ox in range(4):
                for i in range(5):
                    window = [imgs[f, y, x, i] for y in range(oy * 2 - 1, oy * 2 + 2)
                              for x in range(ox * 2 - 1, ox * 2 + 2) if 0 <= y < 7 and 0 <= x < 7]
                    assert got[f, oy, ox, i] == max(window)

    # playne_ccl_init: a 3 x 4 image by hand (NW before N before NE before W; NE missing at the
    # right edge, NW and W at the left); random label images against a plain loop
    def init_labels(img):
        img = np.asarray(img, np.int32)
        return references.playne_ccl_init({
            "g_labels": np.full(img.shape, 7, np.uint32), "g_image": img, "cX": img.shape[1],
            "cY": img.shape[0]})["g_labels"]

    got = init_labels([[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0]])
    assert got.tolist() == [[0, 1, 1, 3], [1, 0, 3, 2], [5, 5, 7, 7]]
    img = rng.integers(0, 3, (9, 11))
    got = init_labels(img)
    for y in range(9):
        for x in range(11):
            want = y * 11 + x
            for dy, dx in ((-1, -1), (-1, 0), (-1, 1), (0, -1)):  # the first equal one wins
                if y + dy >= 0 and 0 <= x + dx < 11 and img[y + dy, x + dx] == img[y, x]:
                    want = (y + dy) * 11 + x + dx
                    break
            assert got[y, x] == want

    # fn2_correlation: two channels by hand (a displaced match into the padding, one in the
    # image, nothing elsewhere; over 2 channels); random features against a plain loop
    def correlate(in1, in2, height, width, pad, maxd, stride2):
        in1, in2 = np.asarray(in1, f32), np.asarray(in2, f32)
        rad = maxd // stride2
        oc, oh, ow = (2 * rad + 1) ** 2, height + 2 * pad - 2 * maxd, width + 2 * pad - 2 * maxd
        return references.fn2_correlation({
            "output": np.full((in1.shape[0], oc, oh, ow), -7, f32), "nOutputChannels": oc,
            "outputHeight": oh, "outputWidth": ow, "rInput1": in1,
            "nInputChannels": in1.shape[3], "inputHeight": height, "inputWidth": width,
            "rInput2": in2, "pad_size": pad, "kernel_size": 1, "max_displacement": maxd,
            "stride1": 1, "stride2": stride2})["output"]

    in1, in2 = np.zeros((1, 3, 4, 2)), np.zeros((1, 3, 4, 2))
    in1[0, 1, 1], in1[0, 1, 2] = [1, 2], [3, 0]
    in2[0, 0, 0], in2[0, 1, 2] = [4, 5], [1, 1]
    got = correlate(in1, in2, 1, 2, 1, 1, 1)
    assert got.shape == (1, 9, 1, 2) and np.count_nonzero(got) == 3
    assert got[0, 0, 0, 0] == 7 and got[0, 5, 0, 0] == 1.5 and got[0, 4, 0, 1] == 1.5
    nb, height, width, pad, maxd, stride2, channels = 2, 3, 4, 3, 2, 2, 5
    in1 = rng.integers(-8, 8, (nb, height + 2 * pad, width + 2 * pad, channels))
    in2 = rng.integers(-8, 8, (nb, height + 2 * pad, width + 2 * pad, channels))
    got = correlate(in1, in2, height, width, pad, maxd, stride2)
    assert got.shape == (nb, 9, height + 2, width + 2)
    for n in range(nb):
        for tj in (-1, 0, 1):
            for ti in (-1, 0, 1):
                for y in range(height + 2):
                    for x in range(width + 2):
                        total = sum(int(in1[n, y + 2, x + 2, c]) * int(
                            in2[n, y + 2 + 2 * tj, x + 2 + 2 * ti, c]) for c in range(channels))
                        assert got[n, (tj + 1) * 3 + ti + 1, y, x] == f32(total / channels)

    # ccv1d_fwd: a row by hand (weights 1, 10, 100, 1000: the oldest first; bias 7); random rows
    # against a plain loop
    def conv(x, weight, bias):
        x = np.asarray(x, f32)
        batch, dim, seqlen = x.shape
        return references.ccv1d_fwd({
            "x": x, "weight": np.asarray(weight, f32), "bias": np.asarray(bias, f32),
            "out": np.full(x.shape, -7, f32), "batch": batch, "dim": dim,
            "seqlen": seqlen})["out"]

    got = conv([[[1, 2, 3, 4, 5]]], [[1, 10, 100, 1000]], [7])
    assert got.tolist() == [[[1007, 2107, 3217, 4328, 5439]]]
    x, weight, bias = rng.integers(-1000, 1000, (2, 3, 11)), rng.integers(-8, 8, (3, 4)), \
        rng.integers(-8, 8, 3)
    got = conv(x, weight, bias)
    for b in range(2):
        for d in range(3):
            for t in range(11):
                want = bias[d] + sum(weight[d, w] * x[b, d, t - 3 + w]
                                     for w in range(4) if t - 3 + w >= 0)
                assert got[b, d, t] == want

    # lc0_expand_planes: two planes by hand (squares 0 and 63: a negative int64 word; squares 1
    # and 3); random masks against a plain loop over the bits
    def expand(masks, plane_values):
        masks = np.asarray(masks, np.int64)
        return references.lc0_expand_planes({
            "output": np.full((masks.size, 64), -7, f32), "masks_words": masks,
            "values": np.asarray(plane_values, f32), "n": masks.size})["output"]

    got = expand([-(2**63) + 1, 0b1010], [3, 5])
    assert np.flatnonzero(got[0]).tolist() == [0, 63] and got[0, 0] == got[0, 63] == 3
    assert np.flatnonzero(got[1]).tolist() == [1, 3] and got[1, 1] == got[1, 3] == 5
    masks, plane_values = rng.integers(-(2**63), 2**63, 7, dtype=np.int64), rng.integers(0, 100, 7)
    got = expand(masks, plane_values)
    for p in range(7):
        word = int(masks[p]) & (2**64 - 1)
        assert got[p].tolist() == [plane_values[p] if word >> s & 1 else 0 for s in range(64)]


def test_blind53_references_on_hand_checked_inputs():
    rng = np.random.default_rng(53)
    f32 = np.float32

    # vmaf_motion: a flat frame blurs to itself times 256 (the filter's sum 65536, >> 8 then
    # >> 16 with the 16-bit scale kept); random frames against a plain loop with mirrored taps
    def motion(ref, prev):
        ref, prev = np.asarray(ref, np.int32), np.asarray(prev, np.uint32)
        h, w = ref.shape
        got = references.vmaf_motion({
            "ref": ref, "prev_blur": prev, "blur": np.full((h, w), 7, np.uint32),
            "sad": np.array([5], np.int64), "w": w, "h": h})
        return got["blur"], int(got["sad"][0])

    blur, sad = motion(np.full((4, 5), 3), np.full((4, 5), 700))
    assert (blur == 768).all() and sad == 5 + 20 * 68
    taps = (3571, 16004, 26386, 16004, 3571)
    ref, prev = rng.integers(0, 256, (6, 7)), rng.integers(0, 65536, (6, 7))
    blur, sad = motion(ref, prev)

    def mirror(i, n):
        return -i if i < 0 else (2 * (n - 1) - i if i >= n else i)

    total = 5
    for y in range(6):
        for x in range(7):
            acc = 0
            for kx in range(5):
                col = sum(taps[ky] * int(ref[mirror(y - 2 + ky, 6), mirror(x - 2 + kx, 7)])
                          for ky in range(5))
                acc += taps[kx] * ((col + 128) >> 8)
            want = (acc + 32768) >> 16
            assert blur[y, x] == want
            total += abs(want - int(prev[y, x]))
    assert sad == total

    # swe_update_unknowns: one cell by hand (widths 1/2 and 1/4), then random cells against a
    # plain loop over SWE's x-major index arithmetic
    def update(nx, ny, edges, cells, wx, wy):
        names = ["i_hNetUpdatesLeftD", "i_hNetUpdatesRightD", "i_huNetUpdatesLeftD",
                 "i_huNetUpdatesRightD", "i_hNetUpdatesBelowD", "i_hNetUpdatesAboveD",
                 "i_hvNetUpdatesBelowD", "i_hvNetUpdatesAboveD"]
        values = {n: np.asarray(e, f32) for n, e in zip(names, edges, strict=True)}
        values.update({n: np.asarray(c, f32)
                       for n, c in zip(("io_h", "io_hu", "io_hv"), cells, strict=True)})
        values.update(i_nx=nx, i_ny=ny, i_updateWidthX=wx, i_updateWidthY=wy)
        got = references.swe_update_unknowns(values)
        return got["io_h"], got["io_hu"], got["io_hv"]

    xe, ye = [[1], [2]], [[3, 4]]
    h, hu, hv = update(1, 1, [xe, [[10], [20]], xe, [[10], [20]], ye, [[30, 40]], ye,
                              [[30, 40]]], [np.full((3, 3), 100)] * 3, 0.5, 0.25)
    # h: 100 - (0.5 (10 + 2) + 0.25 (30 + 4)) = 85.5; hu: 100 - 6 = 94; hv: 100 - 8.5 = 91.5
    assert (h[1, 1], hu[1, 1], hv[1, 1]) == (85.5, 94, 91.5)
    assert h.sum() == 8 * 100 + 85.5
    nx, ny = 4, 3
    edges = [rng.integers(-64, 64, (nx + 1, ny)) for _ in range(4)]
    edges += [rng.integers(-64, 64, (nx, ny + 1)) for _ in range(4)]
    cells = [rng.integers(-1000, 1000, (nx + 2, ny + 2)) for _ in range(3)]
    got = update(nx, ny, edges, cells, 0.125, 0.0625)
    flat = [e.reshape(-1) for e in edges]
    for i in range(nx):
        for j in range(ny):
            lft, rgt = i * ny + j, (i + 1) * ny + j
            low, upp = i * (ny + 1) + j, i * (ny + 1) + j + 1
            want = [
                cells[0][i + 1, j + 1] - (0.125 * (flat[1][lft] + flat[0][rgt])
                                          + 0.0625 * (flat[5][low] + flat[4][upp])),
                cells[1][i + 1, j + 1] - 0.125 * (flat[3][lft] + flat[2][rgt]),
                cells[2][i + 1, j + 1] - 0.0625 * (flat[7][low] + flat[6][upp])]
            assert [g[i + 1, j + 1] for g in got] == want
    assert all((g[0] == c[0]).all() and (g[:, -1] == c[:, -1]).all()
               for g, c in zip(got, cells, strict=True))

    # prk_star2: a single 1 at the centre of a 5 x 5 grid seen by no point but the centre
    # (its star's arms reach the border only); random grids against a plain loop
    def star(src, out):
        src, out = np.asarray(src, np.float64), np.asarray(out, np.float64)
        return references.prk_star2({"n": src.shape[0], "in": src, "out": out})["out"]

    src = np.zeros((5, 5))
    src[2, 4], src[1, 2] = 8, 4  # (i, j + 2): +1/8; (i - 1, j): -1/4
    got = star(src, np.full((5, 5), 3))
    assert got[2, 2] == 3 + 1 - 1 and (np.delete(got.reshape(-1), 12) == 3).all()
    src, out = rng.integers(-1000, 1000, (9, 9)), rng.integers(-1000, 1000, (9, 9))
    got = star(src, out)
    weights = {(0, -2): -0.125, (0, -1): -0.25, (-2, 0): -0.125, (-1, 0): -0.25,
               (1, 0): 0.25, (2, 0): 0.125, (0, 1): 0.25, (0, 2): 0.125}
    for i in range(9):
        for j in range(9):
            want = out[i, j]
            if 2 <= i < 7 and 2 <= j < 7:
                want = want + sum(w * src[i + di, j + dj] for (di, dj), w in weights.items())
            assert got[i, j] == want

    # sfem_boundary_accel: two interfaces by hand (1-based points; the second's tail left
    # alone); random interfaces against a plain loop
    def pack(accel, lengths, ibool, most):
        accel = np.asarray(accel, f32)
        count = len(lengths)
        return references.sfem_boundary_accel({
            "d_accel": accel, "d_send_accel_buffer": np.full((count, most, 3), -7, f32),
            "num_interfaces_ext_mesh": count, "max_nibool_interfaces_ext_mesh": most,
            "d_nibool_interfaces_ext_mesh": np.asarray(lengths, np.int32),
            "d_ibool_interfaces_ext_mesh": np.asarray(ibool, np.int32)})["d_send_accel_buffer"]

    accel = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    got = pack(accel, [2, 1], [[3, 1], [2, 2]], 2)
    assert got.tolist() == [[[7, 8, 9], [1, 2, 3]], [[4, 5, 6], [-7, -7, -7]]]
    accel = rng.integers(-1000, 1000, (50, 3))
    lengths, ibool = rng.integers(0, 12, 4), rng.integers(1, 51, (4, 11))
    got = pack(accel, lengths, ibool, 11)
    for i in range(4):
        for s in range(11):
            want = accel[ibool[i, s] - 1] if s < lengths[i] else [-7, -7, -7]
            assert got[i, s].tolist() == list(want)

    # fairseq_ngram_ban: a row by hand (trigrams: the final bigram "1 2" seen twice before,
    # followed by 3 and 4: those banned; "1 2" at the end itself is not a candidate); random
    # rows against a plain loop
    def ban(tokens, vocab, ngram, step):
        tokens = np.asarray(tokens, np.int64)
        rows = tokens.shape[0]
        return references.fairseq_ngram_ban({
            "tokens": tokens, "lprobs": np.full((rows, vocab), -1, f32),
            "max_predict_len": tokens.shape[1], "vocab_size": vocab,
            "no_repeat_ngram_size": ngram, "step": step})["lprobs"]

    got = ban([[1, 2, 3, 0, 1, 2, 4, 1, 2, 9]], 10, 3, 8)
    assert np.flatnonzero(np.isinf(got[0])).tolist() == [3, 4] and (got[0] != 1).all()
    tokens = rng.integers(0, 3, (4, 20))
    got = ban(tokens, 5, 3, 16)
    for r in range(4):
        want = {int(tokens[r, c + 2]) for c in range(16 - 3 + 2)
                if tokens[r, c] == tokens[r, 15] and tokens[r, c + 1] == tokens[r, 16]}
        assert set(np.flatnonzero(np.isinf(got[r])).tolist()) == want
        assert (got[r][~np.isinf(got[r])] == -1).all()

    # gptq_q4_matvec: one column by hand (nibbles 1..8 of a word, scale 2, zero 3, the input
    # all 1: sum(2 q - 3) = 72 - 24 = 48), then random weights against a plain loop
    def matvec(vec, mat, scales, zeros):
        mat = np.asarray(mat, np.int32)
        return references.gptq_q4_matvec({
            "vec": np.asarray(vec, f32), "mat": mat, "mul": np.full(mat.shape[1], 5, f32),
            "scales": np.asarray(scales, f32), "zeros": np.asarray(zeros, f32),
            "height": mat.shape[0], "width": mat.shape[1]})["mul"]

    word = int.from_bytes(bytes([0x21, 0x43, 0x65, 0x87]), "little") - 2**32  # negative
    assert matvec(np.ones(8), [[word]], [2], [3]).tolist() == [5 + 48]
    vec, mat = rng.integers(-8, 8, 32), rng.integers(-(2**31), 2**31, (4, 3))
    scales, zeros = rng.integers(1, 4, 3), rng.integers(0, 32, 3)
    got = matvec(vec, mat, scales, zeros)
    for col in range(3):
        want = 5 + sum((scales[col] * ((int(mat[k // 8, col]) & 0xFFFFFFFF) >> (4 * (k % 8)) & 0xF)
                        - zeros[col]) * vec[k] for k in range(32))
        assert got[col] == want


def test_blind54_references_on_hand_checked_inputs():
    rng = np.random.default_rng(54)
    f32 = np.float32

    # itm_gradient_x: a 5 x 5 image whose red grows by 10 a column (gradient 10), green flat
    # (0) and blue falling by 5 and 7 across the two computed columns ((-5 - 10 - 5) / 8 =
    # -2.5 -> -2 and -3.5 -> -3: toward zero); the border keeps its words
    def gradient(img):
        img = np.asarray(img, np.uint8)
        h, w = img.shape[:2]
        words = img.reshape(-1).view(np.uint32).reshape(h, w)
        got = references.itm_gradient_x({"grad": np.full((h, w, 2), 7, np.int32),
                                         "image": words, "imgSizeX": w, "imgSizeY": h})
        return got["grad"].reshape(-1).view(np.int16).reshape(h, w, 4)

    img = np.zeros((5, 5, 4), np.uint8)
    img[:, :, 0] = 10 * np.arange(5)
    img[:, :, 1] = 7
    img[:, :, 2] = [100, 100, 97, 95, 90]
    img[:, :, 3] = rng.integers(0, 256, (5, 5))
    got = gradient(img)
    assert got[2:4, 2:4].tolist() == [[[10, 0, -2, 255], [10, 0, -3, 255]]] * 2
    keep = np.ones((5, 5), bool)
    keep[2:4, 2:4] = False
    assert (got[keep].view(np.int32) == 7).all()
    img = rng.integers(0, 256, (6, 7, 4))
    got = gradient(img)
    for y in range(6):
        for x in range(7):
            if 2 <= x <= 5 and 2 <= y <= 4:
                want = []
                for ch in range(3):
                    s = sum(wt * (int(img[y + dy, x + 1, ch]) - int(img[y + dy, x - 1, ch]))
                            for dy, wt in ((-1, 1), (0, 2), (1, 1)))
                    want.append(abs(s) // 8 * (1 if s >= 0 else -1))
                assert got[y, x].tolist() == [*want, 255]
            else:
                assert (got[y, x].view(np.int32) == 7).all()

    # cycles_combine_halves: a row of five (b zero, a = 2, 4, .., 10: quarter squares 1, 4,
    # 9, 16, 25) with r = 2: windows of 3, 4, 5, 4 and 3 pixels, the (7 n // 8)-th smallest
    # 9, 16, 25, 25, 25; a 5 x 5 block of quarter squares k^2 (k = 0 .. 24): the centre's
    # full window gives the 22nd smallest, 21^2; random halves against a plain loop
    def combine(a, b, r, x0=2, y0=1):
        a, b = np.asarray(a, f32), np.asarray(b, f32)
        h, w = a.shape
        bw = (w + 3) // 4 * 4
        pad = np.full((h, bw), -1, f32)
        ap, bp = pad.copy(), pad.copy()
        ap[:, :w], bp[:, :w] = a, b
        got = references.cycles_combine_halves({
            "mean": pad.copy(), "variance": pad.copy(), "a": ap, "b": bp, "rect_x": x0,
            "rect_y": y0, "rect_z": x0 + w, "rect_w": y0 + h, "r": r})
        assert (got["mean"][:, w:] == -1).all() and (got["variance"][:, w:] == -1).all()
        return got["mean"][:, :w], got["variance"][:, :w]

    mean, var = combine([[2, 4, 6, 8, 10]], np.zeros((1, 5)), 2)
    assert mean.tolist() == [[1, 2, 3, 4, 5]] and var.tolist() == [[9, 16, 25, 25, 25]]
    order = rng.permutation(25).reshape(5, 5)
    _, var = combine(2 * order, np.zeros((5, 5)), 2)
    assert var[2, 2] == 21**2
    assert combine([[3, 5]], [[1, 0]], 0)[1].tolist() == [[1, 6.25]]  # r = 0: its own
    a, b = rng.integers(0, 2048, (6, 7)), rng.integers(0, 2048, (6, 7))
    mean, var = combine(a, b, 2)
    for y in range(6):
        for x in range(7):
            vals = sorted(0.25 * (int(a[py, px]) - int(b[py, px])) ** 2
                          for py in range(max(y - 2, 0), min(y + 3, 6))
                          for px in range(max(x - 2, 0), min(x + 3, 7)))
            assert mean[y, x] == 0.5 * (a[y, x] + b[y, x])
            assert var[y, x] == vals[7 * len(vals) // 8]

    # parti_mttkrp: two nonzeros into row 1 by hand (2 m1[0] m2[2] - m1[1] m2[0] = (18, 40)
    # - (15, 24)), onto an output of ones with a padding column left alone; random tensors
    # against a plain loop
    def mttkrp(inds, vals, m1, m2, out, rank):
        inds = np.asarray(inds, np.uint32)
        stride = np.asarray(out).shape[1]
        return references.parti_mttkrp({
            "nnz": len(vals), "R": rank, "stride": stride, "Xinds_mode": inds[:, 0],
            "times_inds_1": inds[:, 1], "times_inds_2": inds[:, 2],
            "Xvals": np.asarray(vals, f32), "times_mat_1": np.asarray(m1, f32),
            "times_mat_2": np.asarray(m2, f32), "mvals": np.asarray(out, f32)})["mvals"]

    got = mttkrp([[1, 0, 2], [1, 1, 0]], [2, -1], [[1, 2, 0], [3, 4, 0]],
                 [[5, 6, 0], [7, 8, 0], [9, 10, 0]], np.ones((2, 3)), 2)
    assert got.tolist() == [[1, 1, 1], [4, 17, 1]]
    dims, rank, stride = 5, 3, 8
    inds, vals = rng.integers(0, dims, (40, 3)), rng.integers(-8, 8, 40)
    m1, m2 = rng.integers(-8, 8, (dims, stride)), rng.integers(-8, 8, (dims, stride))
    got = mttkrp(inds, vals, m1, m2, np.zeros((dims, stride)), rank)
    want = np.zeros((dims, stride))
    for (i, j, k), v in zip(inds, vals, strict=True):
        for c in range(rank):
            want[i, c] += v * m1[j, c] * m2[k, c]
    assert np.array_equal(got, want)

    # tcluster_knn: a query at 1 against 0, 3, 1, 1 (k = 3: the two at distance 0 in order,
    # then 0), and a cloud of one point (-1 past it); random clouds (ties among few
    # coordinates) against a plain insertion sort
    def knn(x, y, ptr_x, ptr_y, k):
        x, y = np.asarray(x, f32), np.asarray(y, f32)
        m = y.shape[0]
        got = references.tcluster_knn({
            "x": x, "y": y, "ptr_x": np.asarray(ptr_x, np.int64),
            "ptr_y": np.asarray(ptr_y, np.int64), "row": np.zeros((m, k), np.int64),
            "col": np.zeros((m, k), np.int64), "k": k, "n": x.shape[0], "m": m,
            "dim": x.shape[1], "num_examples": len(ptr_x) - 1, "cosine": 0})
        assert (got["row"] == np.arange(m)[:, None]).all()
        return got["col"]

    got = knn([[0], [3], [1], [1], [7]], [[1], [2]], [0, 4, 5], [0, 1, 2], 3)
    assert got.tolist() == [[2, 3, 0], [4, -1, -1]]
    x, y = rng.integers(0, 4, (40, 2)), rng.integers(0, 4, (30, 2))
    ptr_x, ptr_y = [0, 12, 12, 19, 40], [0, 9, 13, 13, 30]
    got = knn(x, y, ptr_x, ptr_y, 6)
    for q in range(30):
        e = next(i for i in range(4) if ptr_y[i + 1] > q)
        best = []  # (distance, point), insertion-sorted with a strict compare as the kernel
        for p in range(ptr_x[e], ptr_x[e + 1]):
            dist = int(((x[p] - y[q]) ** 2).sum())
            slot = next((s for s, (d, _) in enumerate(best) if d > dist), len(best))
            best.insert(slot, (dist, p))
            best = best[:6]
        assert got[q].tolist() == [p for _, p in best] + [-1] * (6 - len(best))

    # npb_mg_psinv: a 3 x 3 x 3 grid of ones (one interior point): c0 1 + c1 (2 + 4) + c2 (4
    # + 4 + 4), the corners left out (c3 = 4 unused): 10 + 1 + 12 + 36 = 59; random grids of
    # three different extents against a plain loop over NPB's Fortran
    def psinv(r, u, c):
        r, u = np.asarray(r, np.float64), np.asarray(u, np.float64)
        n3, n2, n1 = r.shape
        return references.npb_mg_psinv({"r": r, "u": u, "c": np.asarray(c, np.float64),
                                        "n1": n1, "n2": n2, "n3": n3})["u"]

    got = psinv(np.ones((3, 3, 3)), np.full((3, 3, 3), 10), [1, 2, 3, 4])
    assert got[1, 1, 1] == 59 and (np.delete(got.reshape(-1), 13) == 10).all()
    r, u, c = (rng.integers(-1000, 1000, (4, 5, 6)), rng.integers(-1000, 1000, (4, 5, 6)),
               rng.integers(-4, 4, 4))
    got = psinv(r, u, c)
    for i3 in range(4):
        for i2 in range(5):
            for i1 in range(6):
                want = u[i3, i2, i1]
                if 0 < i3 < 3 and 0 < i2 < 4 and 0 < i1 < 5:
                    face = [r[i3 + d3, i2 + d2, i1 + d1] for d3, d2, d1 in itertools.product(
                        (-1, 0, 1), repeat=3) if abs(d3) + abs(d2) + abs(d1) == 1]
                    edge = [r[i3 + d3, i2 + d2, i1 + d1] for d3, d2, d1 in itertools.product(
                        (-1, 0, 1), repeat=3) if abs(d3) + abs(d2) + abs(d1) == 2]
                    want = want + c[0] * r[i3, i2, i1] + c[1] * sum(face) + c[2] * sum(edge)
                assert got[i3, i2, i1] == want

    # hugectr_fm_order2: one sample of three slots by hand ((1 + 3 - 2)^2 - 14 = -10 and
    # (2 - 1 + 4)^2 - 21 = 4, halved), then random batches against a plain loop
    def fm(x):
        x = np.asarray(x, f32)
        batch, slots, emb = x.shape
        return references.hugectr_fm_order2({
            "in": x, "out": np.full((batch, emb), 9, f32), "batch_size": batch,
            "slot_num": slots, "emb_vec_size": emb})["out"]

    assert fm([[[1, 2], [3, -1], [-2, 4]]]).tolist() == [[-5, 2]]
    x = rng.integers(-8, 8, (3, 5, 4))
    got = fm(x)
    for s in range(3):
        for d in range(4):
            col = [int(v) for v in x[s, :, d]]
            assert got[s, d] == (sum(col) ** 2 - sum(v * v for v in col)) / 2


def test_blind55_references_on_hand_checked_inputs():
    rng = np.random.default_rng(55)
    f32 = np.float32

    # csift_scale_up: a 2 x 2 image [[2, 4], [6, 10]] (rows of 4) by hand: the top-left pixel
    # gives 2, 3, 4, 5.5, the right column clamped (4, 4, 7, 7) and the bottom row clamped;
    # the padding columns kept; random images against a plain loop
    def scale_up(img, pitch, newpitch):
        img = np.asarray(img, f32)
        h, w = img.shape
        src = np.full((h, pitch), -5, f32)
        src[:, :w] = img
        return references.csift_scale_up({
            "d_Result": np.full((2 * h, newpitch), -1, f32), "d_Data": src, "width": w,
            "pitch": pitch, "height": h, "newpitch": newpitch})["d_Result"]

    got = scale_up([[2, 4], [6, 10]], 4, 6)
    assert got.tolist() == [[2, 3, 4, 4, -1, -1], [4, 5.5, 7, 7, -1, -1],
                            [6, 8, 10, 10, -1, -1], [6, 8, 10, 10, -1, -1]]
    img = rng.integers(0, 256, (5, 7))
    got = scale_up(img, 8, 16)
    for y in range(5):
        for x in range(7):
            xr, yd = min(x + 1, 6), min(y + 1, 4)
            ul, ur, dl, dr = (int(img[y, x]), int(img[y, xr]), int(img[yd, x]),
                              int(img[yd, xr]))
            assert got[2 * y : 2 * y + 2, 2 * x : 2 * x + 2].tolist() == [
                [ul, (ul + ur) / 2], [(ul + dl) / 2, (ul + ur + dl + dr) / 4]]
    assert (got[:, 14:] == -1).all()

    # kfl_vertex_map: depth 512 at (x, y) = (3, 0) with c = (1.5, 0.5) and f = 256, 128:
    # (1.5 * 512 / 256, -0.5 * 512 / 128, 512) = (3, -2, 512); 3001 past the cutoff 3000 -> 0
    # and 3000 kept; random frames against a plain loop
    def vertices(depth, cutoff, fx, fy, cx, cy):
        depth = np.asarray(depth, f32)
        h, w = depth.shape
        return references.kfl_vertex_map({
            "depth_map": depth, "vertex_map": np.full((h, w, 3), -1, f32), "cols": w,
            "rows": h, "depth_cutoff": cutoff, "focal_x": fx, "focal_y": fy,
            "principal_x": cx, "principal_y": cy})["vertex_map"]

    got = vertices([[0, 3001, 3000, 512]], 3000, 256, 128, 1.5, 0.5)
    assert got.tolist() == [[[0, 0, 0], [0, 0, 0], [0.5 * 3000 / 256, -0.5 * 3000 / 128, 3000],
                             [3, -2, 512]]]
    depth = rng.integers(0, 4096, (4, 6))
    got = vertices(depth, 3000, 1024, 512, 2.5, 1.5)
    for y in range(4):
        for x in range(6):
            d = int(depth[y, x]) if depth[y, x] <= 3000 else 0
            assert got[y, x].tolist() == [(x - 2.5) * d / 1024, (y - 1.5) * d / 512, d]

    # namd_transpose_xyz_yzx: a 2 x 3 x 2 (x, y, z) grid of words 100 x + 10 y + z by hand into
    # y-z-x order (rows of ysize_out 4, the padding kept); random grids with padded sizes
    # against a plain loop
    def transpose(data, nx, ny, nz, xin, yin, yout, zout):
        return references.namd_transpose_xyz_yzx({
            "nx": nx, "ny": ny, "nz": nz, "xsize_in": xin, "ysize_in": yin,
            "ysize_out": yout, "zsize_out": zout, "data_in": np.asarray(data, np.int64),
            "data_out": np.full((nx, zout, yout), -1, np.int64)})["data_out"]

    data = np.array([[[100 * x + 10 * y + z for x in range(2)] for y in range(3)]
                     for z in range(2)])
    got = transpose(data, 2, 3, 2, 2, 3, 4, 2)
    assert got.tolist() == [[[0, 10, 20, -1], [1, 11, 21, -1]],
                            [[100, 110, 120, -1], [101, 111, 121, -1]]]
    data = rng.integers(0, 2**40, (4, 6, 5))
    got = transpose(data, 3, 5, 4, 5, 6, 7, 4)
    for x in range(3):
        for z in range(4):
            for y in range(7):
                want = int(data[z, y, x]) if y < 5 else -1
                assert got.reshape(-1)[y + (z + x * 4) * 7] == want

    # swin_roll_partition: one 4 x 4 image of one channel (value 10 r + c), windows of 2, the
    # roll's shift -1 (Swin's shift 1): the first window reads rows and columns 1 and 2, the
    # last wraps to row and column 0; random maps against a plain loop over the roll
    def partition(x, ws, shift):
        x = np.asarray(x, f32)
        b, h, w, c = x.shape
        nh, nw = h // ws, w // ws
        return references.swin_roll_partition({
            "input": x, "output": np.zeros((b * nh * nw, ws, ws, c), f32), "B": b, "H": h,
            "W": w, "C": c, "shift_size": shift, "window_size": ws, "nH": nh,
            "nW": nw})["output"]

    img = np.array([[10 * r + c for c in range(4)] for r in range(4)])[None, :, :, None]
    got = partition(img, 2, -1)[:, :, :, 0]
    assert got[0].tolist() == [[11, 12], [21, 22]] and got[3].tolist() == [[33, 30], [3, 0]]
    x = rng.integers(-1000, 1000, (2, 6, 9, 3))
    for shift in (-1, -2, 1):
        got = partition(x, 3, shift)
        for bi in range(2):
            for wy in range(2):
                for wx in range(3):
                    for r in range(3):
                        for c in range(3):
                            src = x[bi, (3 * wy + r - shift) % 6, (3 * wx + c - shift) % 9]
                            assert (got[(bi * 2 + wy) * 3 + wx, r, c] == src).all()

    # cufinufft_deconvolve_2d: ms = 3, mt = 2 on a 4 x 4 fine grid: mode (k1, k2) = (0, 0)
    # (frequencies -1, -1) reads fw[3][3] over ker1[1] ker2[1] = 2 x 2, mode (1, 1)
    # (frequencies 0, 0) reads fw[0][0] over 1 x 1; random grids against a plain loop
    def deconvolve(fw, ms, mt, ker1, ker2):
        fw = np.asarray(fw, f32)
        nf2, nf1 = fw.shape[:2]
        return references.cufinufft_deconvolve_2d({
            "ms": ms, "mt": mt, "nf1": nf1, "nf2": nf2, "fw_width": nf1, "fw": fw,
            "fk": np.zeros((mt, ms, 2), f32), "fwkerhalf1": np.asarray(ker1, f32),
            "fwkerhalf2": np.asarray(ker2, f32)})["fk"]

    fw = np.arange(32).reshape(4, 4, 2)
    got = deconvolve(fw, 3, 2, [1, 2, 1], [1, 2, 1])
    assert got[0, 0].tolist() == [30 / 4, 31 / 4] and got[1, 1].tolist() == [0, 1]
    assert got[1, 0].tolist() == [6 / 2, 7 / 2]  # frequencies (-1, 0): fw[0][3] over 2
    fw = rng.integers(-1000, 1000, (8, 10, 2))
    ker1, ker2 = rng.integers(1, 3, 6), rng.integers(1, 3, 5)
    for ms, mt in ((7, 5), (6, 8), (10, 8)):
        got = deconvolve(fw, ms, mt, ker1, ker2)
        for k2 in range(mt):
            for k1 in range(ms):
                f1, f2 = k1 - ms // 2, k2 - mt // 2
                want = fw[f2 % 8, f1 % 10] / (int(ker1[abs(f1)]) * int(ker2[abs(f2)]))
                assert got[k2, k1].tolist() == want.tolist()

    # marian_paste_rows: rows 0 and 2 into row 1, row 1 into row 0, onto ones; random rows
    # with collisions against a plain loop
    def paste(out, src, idx):
        src = np.asarray(src, f32)
        return references.marian_paste_rows({
            "out": np.asarray(out, f32), "in": src, "cols": src.shape[1],
            "targetRowIdx": np.asarray(idx, np.uint32), "rows": src.shape[0]})["out"]

    got = paste(np.ones((3, 2)), [[1, 2], [3, 4], [5, 6]], [1, 0, 1])
    assert got.tolist() == [[4, 5], [7, 9], [1, 1]]
    out, src, idx = (rng.integers(-8, 8, (6, 5)), rng.integers(-8, 8, (30, 5)),
                     rng.integers(0, 6, 30))
    want = out.astype(np.int64)
    for j in range(30):
        for i in range(5):
            want[idx[j], i] += src[j, i]
    assert np.array_equal(paste(out, src, idx), want)


def test_blind56_references_on_hand_checked_inputs():
    rng = np.random.default_rng(56)
    f32 = np.float32

    # spconv_gather: 3 voxels of 2 planes (10 v + p), pairs (2, 0, 2) by hand into a buffer of
    # 4 rows (the last kept); random pairs against a plain loop
    def gather(features, idx, rows):
        features = np.asarray(features, f32)
        return references.spconv_gather({
            "buffer": np.full((rows, features.shape[1]), -1, f32), "features": features,
            "indices": np.asarray(idx, np.int32), "size": len(idx),
            "numPlanes": features.shape[1]})["buffer"]

    got = gather([[0, 1], [10, 11], [20, 21]], [2, 0, 2], 4)
    assert got.tolist() == [[20, 21], [0, 1], [20, 21], [-1, -1]]
    feats, idx = rng.integers(-1000, 1000, (9, 5)), rng.integers(0, 9, 23)
    got = gather(feats, idx, 25)
    for r in range(25):
        assert got[r].tolist() == (feats[idx[r]].tolist() if r < 23 else [-1] * 5)

    # apex_index_mul_2d_bwd: in1 rows (1, 2) and (3, 4), idx1 = (1, 1, 0) by hand: grad_in2 =
    # grad_out * in1[idx1], grad_in1[1] the sum of rows 0 and 1 of grad_out * in2, grad_in1[0]
    # row 2's; random rows with collisions against a plain loop
    def index_mul_bwd(grad_out, in1, in2, idx):
        grad_out, in1, in2 = (np.asarray(a, f32) for a in (grad_out, in1, in2))
        return references.apex_index_mul_2d_bwd({
            "grad_in1": np.zeros_like(in1), "grad_in2": np.zeros_like(in2),
            "grad_out": grad_out, "in1": in1, "in2": in2, "idx1": np.asarray(idx, np.int64),
            "size": len(idx), "fea_dim": in2.shape[1]})

    got = index_mul_bwd([[1, 2], [3, 4], [5, 6]], [[1, 2], [3, 4]], [[2, 1], [1, -1], [0, 3]],
                        [1, 1, 0])
    assert got["grad_in2"].tolist() == [[3, 8], [9, 16], [5, 12]]
    assert got["grad_in1"].tolist() == [[0, 18], [5, -2]]
    go, in1, in2 = (rng.integers(-16, 16, s) for s in ((30, 7), (4, 7), (30, 7)))
    idx = rng.integers(0, 4, 30)
    got = index_mul_bwd(go, in1, in2, idx)
    want1 = [[0] * 7 for _ in range(4)]
    for r in range(30):
        for f in range(7):
            assert got["grad_in2"][r, f] == go[r, f] * in1[idx[r], f]
            want1[idx[r]][f] += int(go[r, f] * in2[r, f])
    assert got["grad_in1"].tolist() == want1

    # lgbm_hist_dense: 3 rows of 2 columns (one partition, row-major bins (0, 5), (255, 5),
    # (0, 1)), gradients (1, 2, 3), hessians (4, 5, 6), leaf rows (0, 2, 0) by hand: column 0's
    # bin 0 gets (5, 14), column 1's bins 5 and 1 (2, 8) and (3, 6), row 1's bin 255 nothing;
    # 14 columns (partitions of 12 and 2) against a plain loop over the byte layout
    def histogram(bins, grad, hess, leaf, cols, nd):
        words = np.zeros(-(-bins.size // 4) * 4, np.uint8)
        words[: bins.size] = bins
        return references.lgbm_hist_dense({
            "num_data_in_smaller_leaf": len(leaf),
            "data_indices_in_leaf": np.asarray(leaf, np.int32),
            "hist_in_leaf": np.zeros((cols * 256, 2)), "cuda_gradients": np.asarray(grad, f32),
            "cuda_hessians": np.asarray(hess, f32), "data_words": words.view(np.uint32),
            "num_columns": cols, "num_data": nd})["hist_in_leaf"]

    got = histogram(np.array([0, 5, 255, 5, 0, 1], np.uint8), [1, 2, 3], [4, 5, 6], [0, 2, 0],
                    2, 3)
    want = np.zeros((512, 2))
    want[0], want[256 + 5], want[256 + 1] = (5, 14), (2, 8), (3, 6)
    assert np.array_equal(got, want)
    nd, cols = 9, 14
    bins = rng.integers(0, 256, nd * cols).astype(np.uint8)
    grad, hess, leaf = rng.integers(-8, 8, nd), rng.integers(0, 4, nd), rng.integers(0, nd, 20)
    got = histogram(bins, grad, hess, leaf, cols, nd)
    want = np.zeros((cols * 256, 2))
    for d in leaf:
        for c in range(cols):
            start = c // 12 * 12
            width = min(12, cols - start)
            b = int(bins[start * nd + d * width + c - start])
            want[c * 256 + b] += (int(grad[d]), int(hess[d]))
    assert np.array_equal(got, want)

    # faiss_sum_along_rows: a row (-5, 2, 7) plus 3 by hand is (0 (-2 clamped), 5, 10), a row
    # (0, -1) plus 0 is (0, 0); random tiles against a plain loop
    def sum_rows(out, norms):
        out = np.asarray(out, f32)
        return references.faiss_sum_along_rows({
            "input": np.asarray(norms, f32), "output": out, "cols": out.shape[1]})["output"]

    assert sum_rows([[-5, 2, 7]], [3]).tolist() == [[0, 5, 10]]
    assert sum_rows([[0, -1]], [0]).tolist() == [[0, 0]]
    out, norms = rng.integers(-2000, 1000, (4, 9)), rng.integers(0, 1000, 4)
    got = sum_rows(out, norms)
    for r in range(4):
        assert got[r].tolist() == [max(int(v) + int(norms[r]), 0) for v in out[r]]

    # ngp_grid_to_bitfield: cells (0.5, 0, -1, 2, 0.01, 0.02, 0, 1) by hand give bits 0, 3, 5
    # and 7 (169) at a mean density of 1 (threshold 0.01) and also bit 4 (185) at 0; the next
    # byte past the nonzero ones zeroed, the last two kept; random grids against a loop
    def bitfield(cells, words, n, nonzero, mean):
        return references.ngp_grid_to_bitfield({
            "n_elements": n, "n_nonzero_elements": nonzero, "grid": np.asarray(cells, f32),
            "grid_bitfield_words": np.asarray(words, np.uint32),
            "mean_density_ptr": np.asarray([mean], f32)})["grid_bitfield_words"]

    cells = [0.5, 0, -1, 2, 0.01, 0.02, 0, 1]
    assert bitfield(cells, [0xDDCCBBAA], 2, 1, 1).tolist() == [0xDDCC0000 | 169]
    assert bitfield(cells, [0xDDCCBBAA], 2, 1, 0).tolist() == [0xDDCC0000 | 185]
    cells, words = rng.integers(-2, 3, 8 * 6), rng.integers(0, 2**32, 3, dtype=np.uint64)
    got = bitfield(cells, words, 10, 6, 0).view(np.uint8)
    old = np.asarray(words, np.uint32).view(np.uint8)
    for i in range(12):
        want = (sum(1 << j for j in range(8) if cells[8 * i + j] > 0) if i < 6
                else 0 if i < 10 else int(old[i]))
        assert got[i] == want

    # hoomd_nve_step_one: one particle by hand in the box [-4, 4) with xy = 1/2, deltaT 1/8:
    # pos (3, -4, 0), vel (8, -8, 0), accel (16, 0, -128) moves by (9/8, -1, -1) to (4.125, -5,
    # -1): x past hi + xy y = 1.5 wraps to -3.875 (image x + 1), then y below -4 wraps to 3,
    # carrying 8 xy into x (0.125; image y - 1); vel (9, -8, -8); type and mass kept; random
    # particles in a tilted box against a plain loop over BoxDim::wrap
    def step(pos, vel, acc, img, half, xy, xz, yz):
        pos, vel, acc = (np.asarray(a, np.float64) for a in (pos, vel, acc))
        values = {"d_pos_words": pos, "d_vel_words": vel, "d_accel_words": acc,
                  "d_image_words": np.asarray(img, np.int32), "nwork": len(pos), "offset": 0,
                  "xy": xy, "xz": xz, "yz": yz, "deltaT": 0.125, "limit": 0, "limit_val": 0,
                  "zero_force": 0}
        for axis in "xyz":
            values[f"lo_{axis}"], values[f"hi_{axis}"] = -half, half
        return references.hoomd_nve_step_one(values)

    got = step([[3, -4, 0, 7]], [[8, -8, 0, 2]], [[16, 0, -128]], [[0, 0, 0]], 4, 0.5, 0, 0)
    assert got["d_pos_words"].tolist() == [[0.125, 3, -1, 7]]
    assert got["d_vel_words"].tolist() == [[9, -8, -8, 2]]
    assert got["d_image_words"].tolist() == [[1, -1, 0]]
    pos, vel = rng.integers(-4, 4, (40, 4)), rng.integers(-16, 16, (40, 4))
    acc, img = rng.integers(-64, 64, (40, 3)), rng.integers(-8, 8, (40, 3))
    for xy, xz, yz in ((0, 0, 0), (0.25, 0.25, 0.25), (0.5, -0.25, 0.125)):
        got = step(pos, vel, acc, img, 4, xy, xz, yz)
        for k in range(40):
            p = [float(pos[k, a] + vel[k, a] / 8 + acc[k, a] / 128) for a in range(3)]
            im = [int(v) for v in img[k]]
            tilt = (xz - xy * yz) * p[2] + xy * p[1]
            if p[0] >= 4 + tilt:
                p[0], im[0] = p[0] - 8, im[0] + 1
            elif p[0] < -4 + tilt:
                p[0], im[0] = p[0] + 8, im[0] - 1
            if p[1] >= 4 + yz * p[2]:
                p[1], p[0], im[1] = p[1] - 8, p[0] - 8 * xy, im[1] + 1
            elif p[1] < -4 + yz * p[2]:
                p[1], p[0], im[1] = p[1] + 8, p[0] + 8 * xy, im[1] - 1
            if p[2] >= 4:
                p, im[2] = [p[0] - 8 * xz, p[1] - 8 * yz, p[2] - 8], im[2] + 1
            elif p[2] < -4:
                p, im[2] = [p[0] + 8 * xz, p[1] + 8 * yz, p[2] + 8], im[2] - 1
            assert got["d_pos_words"][k].tolist() == [*p, pos[k, 3]]
            assert got["d_vel_words"][k].tolist() == [
                *(float(vel[k, a] + acc[k, a] / 16) for a in range(3)), vel[k, 3]]
            assert got["d_image_words"][k].tolist() == im


def test_blind57_references_on_hand_checked_inputs():
    rng = np.random.default_rng(57)
    f32 = np.float32

    # rsc_qc_dense: 2 cells x 3 genes [[0, 2, 1], [3, 0, 1]] by hand (zeros skipped), onto
    # zeros and onto ones; random matrices with zeros and negatives against a plain loop
    def qc(data, start=0):
        data = np.asarray(data, f32)
        c, g = data.shape
        return references.rsc_qc_dense({
            "data": data, "sums_cells": np.full(c, start, f32),
            "sums_genes": np.full(g, start, f32), "cell_ex": np.full(c, start, np.int32),
            "gene_ex": np.full(g, start, np.int32), "n_cells": c, "n_genes": g})

    got = qc([[0, 2, 1], [3, 0, 1]])
    assert got["sums_cells"].tolist() == [3, 4] and got["sums_genes"].tolist() == [3, 2, 2]
    assert got["cell_ex"].tolist() == [2, 2] and got["gene_ex"].tolist() == [1, 1, 2]
    got = qc([[0, 2, 1], [3, 0, 1]], start=1)
    assert got["sums_cells"].tolist() == [4, 5] and got["gene_ex"].tolist() == [2, 2, 3]
    data = rng.integers(-2, 4, (7, 5))
    got = qc(data)
    for c in range(7):
        row = [int(v) for v in data[c] if v > 0]
        assert got["sums_cells"][c] == sum(row) and got["cell_ex"][c] == len(row)
    for g in range(5):
        col = [int(v) for v in data[:, g] if v > 0]
        assert got["sums_genes"][g] == sum(col) and got["gene_ex"][g] == len(col)

    # av_sgm_aggregate: the X-axis slice y = 1 of a 2 x 2 x 4 volume (axisT (1, 0, 2): the
    # slice's column the volume's y) by hand: z = 1, x = 0 takes L(z) = 25 (cost 9 + 25 - 5),
    # x = 1 L(z + 1) + P1 = 28 (11 + 28 - 10), z = 2 L(z + 1) + P1 = 32 and L(z) = 18, the end
    # depths 255; the volume's x = 1 bytes (old 100) become (300 + cost) / 4 truncated, the
    # others kept; random volumes along both axes and three filtering indices against a loop
    def aggregate(sim, prev, best, vol, vdim, axis, y, fi, p1=10, p2=-100):
        sim, prev = np.asarray(sim, np.uint32), np.asarray(prev, np.uint32)
        vol = np.asarray(vol, np.uint8)
        pitch = vol.shape[2]
        got = references.av_sgm_aggregate({
            "xzSliceForY": sim, "xzSliceForY_p": 4 * sim.shape[1], "xzSliceForYm1": prev,
            "xzSliceForYm1_p": 4 * prev.shape[1], "bestSimInYm1": np.asarray(best, np.uint32),
            "volAgr_words": vol.reshape(-1).view(np.uint32), "volAgr_s": pitch * vol.shape[1],
            "volAgr_p": pitch, "volDimX": vdim[0], "volDimY": vdim[1], "volDimZ": vdim[2],
            "axisTx": axis[0], "axisTy": axis[1], "axisTz": axis[2], "y": y, "_P1": p1,
            "_P2": p2, "filteringIndex": fi})
        return got["xzSliceForY"], got["volAgr_words"].view(np.uint8).reshape(vol.shape)

    sim = [[7, 8], [9, 11], [12, 13], [14, 15]]
    prev = [[20, 30], [25, 40], [50, 18], [22, 60]]
    cur, vol = aggregate(sim, prev, [5, 10], np.full((4, 2, 4), 100), (2, 2, 4), (1, 0, 2), 1, 3)
    assert cur.tolist() == [[255, 255], [29, 29], [39, 21], [255, 255]]
    assert vol[:, :, 1].tolist() == [[138, 138], [82, 82], [84, 80], [138, 138]]
    assert (np.delete(vol, 1, axis=2) == 100).all()
    for axis, vdim, y in (((1, 0, 2), (5, 6, 7), 3), ((0, 1, 2), (6, 4, 7), 2)):
        nx, nz = vdim[axis[0]], vdim[2]
        sim = rng.integers(0, 256, (nz, nx + 3))
        prev = rng.integers(16, 356, (nz, nx + 2))
        best = rng.integers(0, 16, nx)
        vol0 = rng.integers(0, 256, (nz, vdim[1], 8))
        for fi in (0, 1, 3):
            cur, vol = aggregate(sim, prev, best, vol0, vdim, axis, y, fi)
            want_vol = vol0.copy()
            for z in range(nz):
                for x in range(nx):
                    cost = 255
                    if 1 <= z < nz - 1:
                        low = min(prev[z, x], prev[z - 1, x] + 10, prev[z + 1, x] + 10,
                                  best[x] + 100)
                        cost = int(sim[z, x]) + int(low) - int(best[x])
                    assert cur[z, x] == cost
                    v = [0, 0, 0]
                    v[axis[0]], v[axis[1]], v[axis[2]] = x, y, z
                    old = int(vol0[v[2], v[1], v[0]])
                    want_vol[v[2], v[1], v[0]] = (old * fi + min(cost, 255)) // (fi + 1)
            assert (cur[:, nx:] == sim[:, nx:]).all() and np.array_equal(vol, want_vol)

    # bifrost_fdmt_exec: rows [1, 2, 3, 4], [10, 20, 30, 40], [100, 200, 300, 400] by hand:
    # out row 0 = in0[t] + in2[t - 1], row 1 (first parent missing) = in1[t - 2]; the final
    # step (ostride 3) keeps t >= r shifted left by r, reversed with reverse_time (ostride
    # 5); random steps against a plain loop
    def fdmt(d_in, srcrows, delays, ntime, final, reverse, ostride, out_len):
        d_in = np.asarray(d_in, f32)
        nrow = len(delays)
        return references.bifrost_fdmt_exec({
            "ntime": ntime, "nrow": nrow, "is_final_step": final, "reverse_time": reverse,
            "d_delays": np.asarray(delays, np.int32),
            "d_srcrows_words": np.asarray(srcrows, np.int32), "d_in": d_in,
            "istride": d_in.shape[1], "d_out": np.full(out_len, -1, f32),
            "ostride": ostride})["d_out"]

    d_in = [[1, 2, 3, 4], [10, 20, 30, 40], [100, 200, 300, 400]]
    rows, delays = [[0, 2], [-1, 1]], [1, 2]
    assert fdmt(d_in, rows, delays, 4, 0, 0, 4, 8).tolist() == [1, 102, 203, 304, 0, 0, 10, 20]
    assert fdmt(d_in, rows, delays, 4, 1, 0, 3, 8).tolist() == [1, 102, 203, 304, 0, 10, 20, -1]
    assert fdmt(d_in, rows, delays, 4, 1, 1, 5, 8).tolist() == [304, 203, 102, 1, -1, 20, 10, 0]
    d_in = rng.integers(0, 1024, (6, 12))
    rows, delays = rng.integers(-1, 6, (9, 2)), rng.integers(0, 12, 9)
    for final, reverse, ostride in ((0, 0, 10), (1, 0, 9), (1, 1, 11)):
        got = fdmt(d_in, rows, delays, 10, final, reverse, ostride, 9 * 11 + 10)
        want = np.full(9 * 11 + 10, -1.0)
        for r in range(9):
            for t in range(10):
                if final and t < r:
                    continue
                val = int(d_in[rows[r, 0], t]) if rows[r, 0] != -1 else 0
                if t >= delays[r] and rows[r, 1] != -1:
                    val += int(d_in[rows[r, 1], t - delays[r]])
                want[(9 - t if final and reverse else t) + ostride * r] = val
        assert got.tolist() == want.tolist()

    # heffte_transpose_unpack: a 2 (fast) x 3 (mid) x 1 piece whose buffer holds tuple (10 i
    # + j, -(10 i + j)) at i 3 + j by hand: destination line j gets (j, -j), (10 + j, -10 -
    # j); random padded boxes and buffers against a plain loop
    def unpack(source, nfast, nmid, nslow, ls, ps, bls, bps, dest_len):
        return references.heffte_transpose_unpack({
            "nfast": nfast, "nmid": nmid, "nslow": nslow, "line_stride": ls,
            "plane_stide": ps, "buff_line_stride": bls, "buff_plane_stride": bps,
            "source": np.asarray(source, f32), "destination": np.full(dest_len, -5, f32)})[
            "destination"]

    source = [[10 * i + j, -(10 * i + j)] for i in range(2) for j in range(3)]
    got = unpack(source, 2, 3, 1, 2, 6, 3, 6, 12).reshape(3, 2, 2)
    assert got.tolist() == [[[0, 0], [10, -10]], [[1, -1], [11, -11]], [[2, -2], [12, -12]]]
    source = rng.integers(-1000, 1000, (3, 7, 6, 2))  # nslow, nfast, bls >= nmid, tuple
    got = unpack(source, 7, 5, 3, 9, 9 * 6, 6, 7 * 6, 3 * 9 * 6 * 2).reshape(3, 6, 9, 2)
    for k in range(3):
        for j in range(6):
            for i in range(9):
                want = source[k, i, j] if j < 5 and i < 7 else [-5, -5]
                assert got[k, j, i].tolist() == list(want)

    # ampcor_subtract_mean: windows [1, 2, 3, 6] (mean 3) and [0, 0, 0, 8] (mean 2) by hand;
    # random 8 x 8 windows against a plain loop (quotients of 64: exact)
    def subtract(images, size):
        images = np.asarray(images, f32)
        return references.ampcor_subtract_mean({
            "images": images, "imageSize": size, "invSize": 1 / size,
            "nImages": images.size // size})["images"]

    assert subtract([[1, 2, 3, 6], [0, 0, 0, 8]], 4).tolist() == [[-2, -1, 0, 3], [-2, -2, -2, 6]]
    images = rng.integers(0, 256, (3, 64))
    got = subtract(images, 64)
    for w in range(3):
        total = sum(int(v) for v in images[w])
        assert got[w].tolist() == [int(v) - total / 64 for v in images[w]]

    # xsbench_sampling: lookup 0 from the seed 1070 itself (the energy (1070 a + 1) mod 2^63
    # over 2^63, the roll the next state's), lookup 1 two steps on, by hand with Python
    # integers; 300 lookups against a plain loop over fast_forward_LCG, LCG_random_double and
    # pick_mat
    def sample(n):
        got = references.xsbench_sampling({
            "lookups": n, "p_energy_samples": np.full(n + 2, -1.0),
            "mat_samples": np.full(n + 2, -1, np.int32)})
        return got["p_energy_samples"], got["mat_samples"]

    mod, a = 2**63, 2806196910506780709
    dist = [0.140, 0.052, 0.275, 0.134, 0.154, 0.064, 0.066, 0.055, 0.008, 0.015, 0.025, 0.013]

    def pick(roll):
        for i in range(12):
            running = 0.0
            for j in range(i, 0, -1):
                running += dist[j]
            if roll < running:
                return i
        return 0

    energy, mat = sample(2)
    s1 = (a * 1070 + 1) % mod
    s2 = (a * s1 + 1) % mod
    assert energy[0] == s1 / mod and mat[0] == pick(s2 / mod)
    s3 = (a * s2 + 1) % mod
    s4 = (a * s3 + 1) % mod
    assert energy[1] == s3 / mod and mat[1] == pick(s4 / mod)
    assert energy[2] == -1 and mat[2] == -1  # past the lookups: kept

    def fast_forward(seed, n):
        mul, add, acc_mul, acc_add = a, 1, 1, 0
        n %= mod
        while n > 0:
            if n & 1:
                acc_mul = acc_mul * mul % 2**64
                acc_add = (acc_add * mul + add) % 2**64
            add = add * (mul + 1) % 2**64
            mul = mul * mul % 2**64
            n >>= 1
        return (acc_mul * seed + acc_add) % 2**64 % mod

    energy, mat = sample(300)
    assert set(mat[:300].tolist()) == set(range(12))  # every material drawn
    for i in range(300):
        state = (a * fast_forward(1070, 2 * i) + 1) % mod
        roll_state = (a * state + 1) % mod
        assert energy[i] == float(state) / mod and mat[i] == pick(float(roll_state) / mod)


def test_blind58_references_on_hand_checked_inputs():
    rng = np.random.default_rng(58)
    i32 = np.int32

    # fbgemm_permute_2d: T = B = 2, input segments (t, b) [10, 11], [12], [13, 14], [15],
    # permute [1, 0]: the output [13, 14, 15, 10, 11, 12] (weights the ids + 100, the tail
    # kept); random ragged segments and permutes with repeats against a plain loop
    def permute(ids, in_off, out_off, perm, t, b, n, tail=0):
        ids = np.asarray(ids, i32)
        return references.fbgemm_permute_2d({
            "len": n, "T": t, "B": b, "indices": ids, "weights": (ids + 100).astype(np.float32),
            "permute": np.asarray(perm, i32), "input_offsets": np.asarray(in_off, i32),
            "output_offsets": np.asarray(out_off, i32),
            "permuted_indices": np.full(n + tail, -1, i32),
            "permuted_weights": np.full(n + tail, -1, np.float32)})

    got = permute([10, 11, 12, 13, 14, 15], [0, 2, 3, 5, 6], [0, 2, 3, 5, 6], [1, 0], 2, 2, 6,
                  tail=2)
    assert got["permuted_indices"].tolist() == [13, 14, 15, 10, 11, 12, -1, -1]
    assert got["permuted_weights"].tolist() == [113, 114, 115, 110, 111, 112, -1, -1]
    for t, b in ((3, 4), (5, 2)):
        lengths = rng.integers(0, 5, t * b)
        in_off = np.concatenate([[0], np.cumsum(lengths)])
        perm = rng.integers(0, t, t)
        out_len = np.array([lengths[perm[k // b] * b + k % b] for k in range(t * b)])
        out_off = np.concatenate([[0], np.cumsum(out_len)])
        n = int(out_off[-1])
        ids = rng.integers(0, 1000, int(in_off[-1]) + 8)
        got = permute(ids, in_off, out_off, perm, t, b, n)
        want = []
        for k in range(t * b):
            start = in_off[perm[k // b] * b + k % b]
            want += [int(v) for v in ids[start:start + out_len[k]]]
        assert got["permuted_indices"].tolist() == want
        assert got["permuted_weights"].tolist() == [v + 100 for v in want]

    # fbgemm_reorder_ad_lengths: 2 requests of 2 and 1 ads, T = 2, [b][t][a] = [1, 2, 3, 4,
    # 5, 6] to [t][b][a] = [1, 2, 5, 3, 4, 6]; broadcast lengths [b][t] = [7, 8, 9, 10] to
    # [7, 7, 9, 8, 8, 10]; random batches against a loop
    def reorder(lengths, offsets, t, broadcast=0):
        offsets = np.asarray(offsets, i32)
        return references.fbgemm_reorder_ad_lengths({
            "cat_ad_lengths": np.asarray(lengths, i32), "batch_offsets": offsets,
            "reordered_cat_ad_lengths": np.full(t * int(offsets[-1]), -1, i32), "T": t,
            "B": offsets.size - 1, "broadcast_lengths": broadcast})["reordered_cat_ad_lengths"]

    assert reorder([1, 2, 3, 4, 5, 6], [0, 2, 3], 2).tolist() == [1, 2, 5, 3, 4, 6]
    assert reorder([7, 8, 9, 10], [0, 2, 3], 2, 1).tolist() == [7, 7, 9, 8, 8, 10]
    for b, t in ((4, 3), (6, 5)):
        counts = rng.integers(0, 5, b)
        offsets = np.concatenate([[0], np.cumsum(counts)])
        ads = int(offsets[-1])
        lengths = rng.integers(0, 32, t * ads)
        want = []
        for tt in range(t):
            for bb in range(b):
                start = t * offsets[bb] + tt * counts[bb]
                want += [int(v) for v in lengths[start:start + counts[bb]]]
        assert reorder(lengths, offsets, t).tolist() == want

    # realsense_zero_holes: pixels [0xFFFF, 5, 0xFFFF, 0xFFFF], width 3, height 1: [0, 5, 0,
    # 0xFFFF] (the fourth past the frame kept); random frames against a loop
    def holes(pix, w, h):
        words = np.asarray(pix, np.uint16).view(np.uint32)
        got = references.realsense_zero_holes({"aligned_words": words, "width": w, "height": h})
        return got["aligned_words"].view(np.uint16)

    assert holes([0xFFFF, 5, 0xFFFF, 0xFFFF], 3, 1).tolist() == [0, 5, 0, 0xFFFF]
    pix = rng.choice([0, 7, 0xFFFE, 0xFFFF], 6 * 5)
    assert holes(pix, 6, 5).tolist() == [0 if v == 0xFFFF else int(v) for v in pix]

    # realsense_yuy2_rgb8: [235, 128, 126, 128] (grey: c = 219 clamps to 255, c = 110 to
    # (32780 + 128) >> 8 = 128) and [81, 90, 16, 240] (R 65306 >> 8 = 255, G 2 >> 8 = 0, B
    # -110 >> 8 = -1 clamped; then 179, 0, 0) by hand; random super-pixels against a loop
    def yuy2(pixels):
        src = np.asarray(pixels, np.uint8).reshape(-1)
        n = src.size // 4
        got = references.realsense_yuy2_rgb8({
            "src_words": src.view(np.uint32), "dst_words": np.zeros(-(-6 * n // 4), np.uint32),
            "superPixCount": n})
        return got["dst_words"].view(np.uint8)[: 6 * n]

    assert yuy2([235, 128, 126, 128, 81, 90, 16, 240]).tolist() == [
        255, 255, 255, 128, 128, 128, 255, 0, 0, 179, 0, 0]
    pixels = rng.integers(0, 256, (50, 4))
    want = []
    for y0, u, y1, v in pixels.tolist():
        for y in (y0, y1):
            c, d, e = y - 16, u - 128, v - 128
            want += [min(max(x >> 8, 0), 255) for x in (
                298 * c + 409 * e + 128, 298 * c - 100 * d - 208 * e + 128,
                298 * c + 516 * d + 128)]
    assert yuy2(pixels).tolist() == want

    # tsparse_kernel_hash: FNV-1a over (x, y, z, batch) as unsigned 32-bit values with Python
    # integers, folded (h >> 60) ^ (h mod 2^60), offset-major; voxels with negative moves
    def fnv(coords):
        h = 14695981039346656037
        for c in coords:
            h = ((h ^ (c & 0xFFFFFFFF)) * 1099511628211) % 2**64
        h = (h >> 60) ^ (h & (2**60 - 1))
        return h - 2**64 if h >= 2**63 else h

    def khash(data, offsets):
        data, offsets = np.asarray(data, i32), np.asarray(offsets, i32)
        n, k = data.shape[0], offsets.shape[0]
        return references.tsparse_kernel_hash({
            "N": n, "K": k, "data": data, "kernel_offset": offsets,
            "out": np.zeros((k, n), np.int64)})["out"]

    got = khash([[1, 2, 3, 0], [0, 0, 0, 1]], [[0, 0, 0], [-1, 0, 1]])
    assert got.tolist() == [[fnv([1, 2, 3, 0]), fnv([0, 0, 0, 1])],
                            [fnv([0, 2, 4, 0]), fnv([-1, 0, 1, 1])]]
    data = rng.integers(0, 50, (9, 4))
    offsets = rng.integers(-1, 2, (27, 3))
    got = khash(data, offsets)
    for k in range(27):
        for i in range(9):
            moved = [int(data[i, j] + offsets[k, j]) for j in range(3)] + [int(data[i, 3])]
            assert got[k, i] == fnv(moved)

    # autoware_copy_map_region: a 2 x 2 region of a 4 x 3 map from (1, 1) into a 4 x 3 map's
    # (0, 0) by hand; random shifts both ways (cells past a map's end skipped) against a loop
    def copy_region(src, dst, sm_ll, dm_ll, size_s, size_d, region):
        got = references.autoware_copy_map_region({
            "source_words": np.asarray(src, np.uint8).view(np.uint32),
            "dest_words": np.asarray(dst, np.uint8).view(np.uint32),
            "sm_lower_left_x": sm_ll[0], "sm_lower_left_y": sm_ll[1], "sm_size_x": size_s[0],
            "sm_size_y": size_s[1], "dm_lower_left_x": dm_ll[0], "dm_lower_left_y": dm_ll[1],
            "dm_size_x": size_d[0], "dm_size_y": size_d[1], "region_size_x": region[0],
            "region_size_y": region[1]})
        return got["dest_words"].view(np.uint8)

    got = copy_region(range(12), [200] * 12, (1, 1), (0, 0), (4, 3), (4, 3), (2, 2))
    assert got.tolist() == [5, 6, 200, 200, 9, 10, 200, 200, 200, 200, 200, 200]
    for sm_ll, dm_ll, region in (((3, 2), (0, 0), (5, 4)), ((0, 0), (2, 3), (6, 5))):
        src = rng.integers(0, 256, 8 * 6)
        dst = rng.integers(0, 256, 8 * 6)
        got = copy_region(src, dst, sm_ll, dm_ll, (8, 6), (8, 6), region)
        want = [int(v) for v in dst]
        for ry in range(region[1]):
            for rx in range(region[0]):
                s = (sm_ll[1] + ry) * 8 + sm_ll[0] + rx
                d = (dm_ll[1] + ry) * 8 + dm_ll[0] + rx
                if s < 48 and d < 48:
                    want[d] = int(src[s])
        assert got.tolist() == want


def test_blind59_references_on_hand_checked_inputs():
    rng = np.random.default_rng(59)
    f32 = np.float32

    # astroaccel_harmonic_sum: 4 bins of one trial, powers [5, 2, 4, 6], statistics (mean,
    # deviation) (1, 2), (3, 4), (5, 8): bin 0 alone (4 / 2 = 2), bin 1 adding bins 2 and 3
    # ((2 - 1) / 2, (6 - 3) / 4, (12 - 5) / 8: the third best, harmonic 2), bins 2 and 3 with
    # no harmonic inside the spectrum; random spectra against a plain loop in float32
    def harmonics(power, msd, nh):
        power = np.asarray(power, f32)
        nt, ns = power.shape
        got = references.astroaccel_harmonic_sum({
            "d_input": power, "d_MSD": np.asarray(msd, f32), "nTimesamples": nt,
            "nSpectra": ns, "nHarmonics": nh, "d_output_SNR": np.full((nt, ns), -1, f32),
            "harmonics_words": np.full(-(-nt * ns // 2), 0xFFFFFFFF, np.uint32)})
        return got["d_output_SNR"], got["harmonics_words"].view(np.uint16)[: nt * ns]

    snr, which = harmonics([[5], [2], [4], [6]], [1, 2, 3, 4, 5, 8], 3)
    assert snr.reshape(-1).tolist() == [2.0, 0.875, 1.5, 2.5] and which.tolist() == [0, 2, 0, 0]
    power = rng.integers(0, 16, (23, 3)).astype(f32)
    msd = rng.integers(1, 64, 12).astype(f32)
    snr, which = harmonics(power, msd, 6)
    for b in range(23):
        for s in range(3):
            total = power[b, s]
            best, at = (total - msd[0]) / msd[1], 0
            for h in range(1, 6 if b > 0 else 1):
                if (h + 1) * b < 23:
                    total = f32(total + power[(h + 1) * b, s])
                    value = (total - msd[2 * h]) / msd[2 * h + 1]
                    if value > best:
                        best, at = value, h
            assert snr[b, s] == best and which[b * 3 + s] == at

    # vsnlm_distance_horizontal: a 4 x 2 plane in rows of 5, radius 1, offset (1, 1): the
    # neighbour row clamped to row 1 (all ones), 3 (src - 1)^2 = [0, 3, 12, 27] and [48, 75,
    # 108, 147] summed over three clamped columns, the padding kept; random planes and
    # offsets against a loop
    def distance(src, nsrc, w, h, stride, ox, oy, r):
        got = references.vsnlm_distance_horizontal({
            "src": np.asarray(src, f32), "neighbor_src": np.asarray(nsrc, f32), "width": w,
            "height": h, "image_stride": stride, "buffer_stride": stride, "offset_x": ox,
            "offset_y": oy, "block_radius": r, "buffer": np.full((h, stride), -1, f32)})
        return got["buffer"]

    got = distance([[1, 2, 3, 4, 0], [5, 6, 7, 8, 0]], [[0] * 5, [1, 1, 1, 1, 0]], 4, 2, 5,
                   1, 1, 1)
    assert got.tolist() == [[3, 15, 42, 66, -1], [171, 231, 330, 402, -1]]
    for ox, oy, r in ((-2, 1, 2), (3, -2, 0), (1, 0, 4)):
        src = rng.integers(0, 256, (6, 9))
        nsrc = rng.integers(0, 256, (6, 9))
        got = distance(src, nsrc, 7, 6, 9, ox, oy, r)
        for y in range(6):
            for x in range(7):
                total = 0
                for i in range(x - r, x + r + 1):
                    cx = min(max(i, 0), 6)
                    d = int(src[y, cx]) - int(nsrc[min(max(y + oy, 0), 5), min(max(cx + ox, 0), 6)])
                    total += 3 * d * d
                assert got[y, x] == total

    # vsnlm_accumulation: a 2 x 1 plane, frames [10, 20], [30, 40], [50, 60] (the centre the
    # second), offset (1, 0, -1), weights [1, 2] and mirror weights [3, 0] (both pixels'
    # mirror at column 0): wdst [1, 2] += [1 20 + 3 50, 2 20 + 3 50], weight [0, 1] += [4, 5],
    # max_weight [5, 0] to [5, 3]; random planes against a loop
    def accumulate(frames, bwd, fwd, wdst, weight, top, w, h, planes, ox, oy, ot, radius):
        got = references.vsnlm_accumulation({
            "src_window": np.asarray(frames, f32), "src_offset": radius * planes * h * w,
            "buffer_bwd": np.asarray(bwd, f32), "buffer_fwd": np.asarray(fwd, f32),
            "wdst": np.asarray(wdst, f32), "weight": np.asarray(weight, f32),
            "max_weight": np.asarray(top, f32), "width": w, "height": h, "image_stride": w,
            "buffer_stride": w, "offset_x": ox, "offset_y": oy, "offset_t": ot,
            "num_planes": planes})
        return got["wdst"], got["weight"], got["max_weight"]

    wdst, weight, top = accumulate([10, 20, 30, 40, 50, 60], [1, 2], [3, 0], [1, 2], [0, 1],
                                   [5, 0], 2, 1, 1, 1, 0, -1, 1)
    assert wdst.tolist() == [171, 192] and weight.tolist() == [4, 6] and top.tolist() == [5, 3]
    w, h, planes = 5, 4, 2
    frames = rng.integers(0, 256, (5, planes, h, w))
    bwd, fwd = rng.integers(0, 4, (h, w)), rng.integers(0, 4, (h, w))
    wdst0, weight0, top0 = (rng.integers(0, 64, s) for s in ((planes, h, w), (h, w), (h, w)))
    for ox, oy, ot in ((2, -1, -1), (-1, 3, 2), (0, 1, 0)):
        wdst, weight, top = accumulate(frames, bwd, fwd, wdst0, weight0, top0, w, h, planes,
                                       ox, oy, ot, 2)
        for y in range(h):
            for x in range(w):
                my, mx = min(max(y - oy, 0), h - 1), min(max(x - ox, 0), w - 1)
                py, px = min(max(y + oy, 0), h - 1), min(max(x + ox, 0), w - 1)
                c, m = int(bwd[y, x]), int(fwd[my, mx])
                assert top[y, x] == max(top0[y, x], c, m)
                assert weight[y, x] == weight0[y, x] + c + m
                for p in range(planes):
                    want = wdst0[p, y, x] + c * frames[2 + ot, p, py, px] + m * frames[
                        2 - ot, p, my, mx]
                    assert wdst[p, y, x] == want

    # heavydb_init_group_by: 2 entries of 4 slots, three 4 B keys: slots 0-1 the empty key
    # 2^31 - 1 three times and the padding's -1 (slot 1 then 0xFFFFFFFF7FFFFFFF), slots 2-3
    # the init values; one 8 B key in 3 slots; keyless with 2 a warp; random layouts against
    # a loop over the bytes
    def init_groups(buffer, init, n, keys, width, quads, keyless=0, warp=1):
        got = references.heavydb_init_group_by({
            "groups_buffer": np.asarray(buffer, np.int64), "init_vals": np.asarray(init, np.int64),
            "groups_buffer_entry_count": n, "key_count": keys, "key_width": width,
            "row_size_quad": quads, "keyless": keyless, "warp_size": warp})
        return got["groups_buffer"].tolist()

    pair = 0x7FFFFFFF7FFFFFFF
    assert init_groups([-1] * 9, [7, -9], 2, 3, 4, 4) == [
        pair, -2147483649, 7, -9, pair, -2147483649, 7, -9, -1]
    assert init_groups([-1] * 6, [7, -9], 2, 1, 8, 3) == [2**63 - 1, 7, -9] * 2
    assert init_groups([-1] * 10, [4, 5], 2, 0, 4, 2, 1, 2) == [4, 5] * 4 + [-1, -1]
    for keys, width, quads in ((5, 4, 6), (2, 8, 5), (1, 4, 2)):
        n = 7
        buffer = rng.integers(-(2**40), 2**40, n * quads + 3)
        first = -(-keys * width // 8)
        init = rng.integers(-1000, 1000, quads - first)
        want = buffer.astype(np.int64).copy()
        raw = want.view(np.uint8)
        for e in range(n):
            for k in range(keys):
                at = e * quads * 8 + k * width
                raw[at: at + width] = np.frombuffer(
                    (2 ** (8 * width - 1) - 1).to_bytes(width, "little"), np.uint8)
            want[e * quads + first: (e + 1) * quads] = init
        assert init_groups(buffer, init, n, keys, width, quads) == want.tolist()

    # catboost_gather_compressed: 16-bit keys (4 a word), word 0 of block 0 holding keys 0,
    # 128, 256, 384 as 1, 2, 3, 4 (the first at the top); indices with flag bits cleared by the
    # mask; random packed columns of 13-bit keys against a plain unpacking loop
    def gather(words, index, bits, mask=0x3FFFFFFF):
        index = np.asarray(index, np.uint32)
        got = references.catboost_gather_compressed({
            "src_words": np.asarray(words, np.uint64).view(np.int64), "map": index,
            "mapMask": mask, "bitsPerKey": bits, "size": index.size,
            "dst": np.zeros(index.size + 2, np.uint32)})
        return got["dst"].tolist()

    words = np.zeros(128, np.uint64)
    words[0] = 0x0001000200030004
    assert gather(words, [384, 0x40000000, 0xC0000080, 256], 16) == [4, 1, 2, 3, 0, 0]
    bits, per_word = 13, 64 // 13
    keys = rng.integers(0, 2**13, 3 * per_word * 128)
    words = np.zeros(3 * 128, np.uint64)
    for j, key in enumerate(keys.tolist()):
        block, j_in = divmod(j, per_word * 128)
        slot, word = divmod(j_in, 128)
        words[block * 128 + word] |= np.uint64(key << ((per_word - slot - 1) * bits))
    index = rng.integers(0, keys.size, 200)
    flags = rng.integers(0, 4, 200) << 30
    assert gather(words, index | flags, bits)[:200] == [int(keys[i]) for i in index]

    # hypre_csr_col_sum: rows [(1, 3), (0, -2)] and [(1, 5)], scal 2, onto [10, 20]: [10 - 4,
    # 20 + 6 + 10]; random matrices with empty and long rows against a loop
    def col_sum(ia, ja, aa, start, rows, scal=1.0):
        got = references.hypre_csr_col_sum({
            "ia": np.asarray(ia, np.int32), "ja": np.asarray(ja, np.int32),
            "aa": np.asarray(aa, np.float64), "scal": scal, "nrows": rows,
            "col_sum": np.asarray(start, np.float64)})
        return got["col_sum"].tolist()

    assert col_sum([0, 2, 3], [1, 0, 1], [3, -2, 5], [10, 20], 2, 2.0) == [6, 36]
    lengths = rng.integers(0, 40, 30)
    lengths[:3] = 0
    ia = np.concatenate([[0], np.cumsum(lengths)])
    ja = rng.integers(0, 11, int(ia[-1]))
    aa = rng.integers(-8, 8, int(ia[-1]))
    start = rng.integers(-8, 8, 11)
    want = [float(v) for v in start]
    for j in range(int(ia[-1])):
        want[ja[j]] += float(aa[j])
    assert col_sum(ia, ja, aa, start, 30) == want


def test_blind60_references_on_hand_checked_inputs():
    rng = np.random.default_rng(60)
    f32 = np.float32

    # aa_dit_decimate: trials [1 .. 5] and [10 .. 50] into rows of 3: [3, 7] and [30, 70] (the
    # fifth sample and the third column left); random odd planes against a loop
    def dit(rows, dts, fill=-1):
        rows = np.asarray(rows, f32)
        ndm, nt = rows.shape
        return references.aa_dit_decimate({
            "d_input": rows, "d_output": np.full(ndm * dts, fill, f32), "nDMs": ndm,
            "nTimesamples": nt, "dts": dts})["d_output"]

    assert dit([[1, 2, 3, 4, 5], [10, 20, 30, 40, 50]], 3).tolist() == [3, 7, -1, 30, 70, -1]
    rows = rng.integers(0, 1000, (4, 9))
    got = dit(rows, 4)
    assert got.tolist() == [float(rows[r, 2 * i] + rows[r, 2 * i + 1])
                            for r in range(4) for i in range(4)]

    # cvcuda_histogram: a 2 x 2 image of two channels (1, 2), (1, 3), (255, 2), (1, 2) onto
    # ones: channel 0's bins 1 and 255 up by 3 and 1, channel 1's 2 and 3 by 3 and 1; random
    # batches against a loop
    def hist(pixels, ch, width, height, images, start=0):
        return references.cvcuda_histogram({
            "src_words": np.asarray(pixels, np.uint8).view(np.uint32), "channels": ch,
            "width": width, "height": height,
            "histogram": np.full((images, 256 * ch), start, np.int32)})["histogram"]

    got = hist([1, 2, 1, 3, 255, 2, 1, 2], 2, 2, 2, 1, start=1)
    want = np.ones(512, np.int32)
    want[[1, 255, 258, 259]] += [3, 1, 3, 1]
    assert got.reshape(-1).tolist() == want.tolist()
    pixels = rng.integers(0, 256, 2 * 3 * 4 * 3)
    got = hist(pixels, 3, 4, 3, 2)
    want = np.zeros((2, 768), np.int64)
    for n, value in enumerate(pixels.tolist()):
        image, c = n // 36, n % 3
        want[image, 256 * c + value] += 1
    assert got.tolist() == want.tolist()

    # cvcuda_dilate: a 3 x 4 image with a 9 and a 5 under the 3 x 3 mask (constant border 0) by
    # hand; random images under other masks and anchors against a loop
    def dilate(img, kw=3, kh=3, ax=1, ay=1):
        img = np.asarray(img, np.uint8)
        images, height, width = img.shape
        return references.cvcuda_dilate({
            "src_words": img.reshape(-1).view(np.uint32),
            "dst_words": np.zeros(img.size // 4, np.uint32), "width": width,
            "height": height, "kernel_w": kw, "kernel_h": kh, "anchor_x": ax,
            "anchor_y": ay})["dst_words"].view(np.uint8).reshape(img.shape)

    got = dilate([[[0, 0, 0, 0], [0, 9, 0, 0], [0, 0, 0, 5]]])
    assert got.tolist() == [[[9, 9, 9, 0], [9, 9, 9, 5], [9, 9, 9, 5]]]
    img = rng.integers(0, 256, (2, 5, 8))
    for kw, kh, ax, ay in ((3, 3, 1, 1), (3, 1, 0, 0), (2, 5, 1, 4)):
        got = dilate(img, kw, kh, ax, ay)
        for b, y, x in itertools.product(range(2), range(5), range(8)):
            window = [int(img[b, y - ay + i, x - ax + j]) if 0 <= y - ay + i < 5
                      and 0 <= x - ax + j < 8 else 0 for i in range(kh) for j in range(kw)]
            assert got[b, y, x] == max(window)

    # dvgo_tv_add_grad: params [0, 5, 5] along k, gradients [1, 0, 2]: the first - wz (its k + 1
    # neighbour 5 higher), the second skipped (a zero gradient; + wz in dense mode), the third
    # unchanged (equal neighbour); random grids against a loop
    def tv(param, grad, w=(1 / 16, 1 / 32, 1 / 64), dense=0):
        param, grad = np.asarray(param, f32), np.asarray(grad, f32)
        si, sj, sk = param.shape[-3:]
        return references.dvgo_tv_add_grad({
            "param": param, "grad": grad, "wx": w[0], "wy": w[1], "wz": w[2], "sz_i": si,
            "sz_j": sj, "sz_k": sk, "N": param.size, "dense_mode": dense})["grad"]

    assert tv([[[[0, 5, 5]]]], [[[[1, 0, 2]]]]).reshape(-1).tolist() == [1 - 1 / 64, 0, 2]
    assert tv([[[[0, 5, 5]]]], [[[[1, 0, 2]]]], dense=1).reshape(-1).tolist() == [
        1 - 1 / 64, 1 / 64, 2]
    param = rng.integers(-4, 4, (2, 3, 4, 5))
    grad = rng.integers(-1, 2, (2, 3, 4, 5))
    got = tv(param, grad)
    for c, i, j, k in itertools.product(range(2), range(3), range(4), range(5)):
        if grad[c, i, j, k] == 0:
            assert got[c, i, j, k] == 0
            continue
        acc = f32(0)
        for w, (di, dj, dk) in ((1 / 64, (0, 0, -1)), (1 / 64, (0, 0, 1)), (1 / 32, (0, -1, 0)),
                                (1 / 32, (0, 1, 0)), (1 / 16, (-1, 0, 0)), (1 / 16, (1, 0, 0))):
            if 0 <= i + di < 3 and 0 <= j + dj < 4 and 0 <= k + dk < 5:
                diff = int(param[c, i, j, k] - param[c, i + di, j + dj, k + dk])
                acc = f32(acc + f32(w * max(-1, min(1, diff))))
        assert got[c, i, j, k] == f32(grad[c, i, j, k] + acc)

    # hvd_batched_scaled_memcpy: entries of 2 and 1 words padded by 1 and 3 floats: floats 0-6
    # and 8 scaled by 1/8, the rest kept; an empty entry writes nothing; random batches against
    # a loop
    def hvd(offsets, pad, fusion, fill=-1):
        fusion = np.asarray(fusion, f32)
        return references.hvd_batched_scaled_memcpy({
            "fusion_buffer": fusion, "tensors": np.full(fusion.size, fill, f32),
            "word_offsets": np.asarray(offsets, np.int32), "pad": np.asarray(pad, np.int32),
            "scale_factor": 0.125})["tensors"]

    fusion = np.arange(12) * 8
    assert hvd([0, 2, 3], [1, 3], fusion).tolist() == [0, 1, 2, 3, 4, 5, 6, -1, 8, -1, -1, -1]
    assert hvd([0, 2, 2, 3], [1, 3, 0], fusion).tolist() == [0, 1, 2, 3, 4, 5, 6, -1, 8, 9, 10,
                                                             11]
    lengths = rng.integers(0, 4, 6)
    offsets = np.concatenate([[0], np.cumsum(lengths)])
    pad = rng.integers(0, 4, 6)
    fusion = rng.integers(-1000, 1000, 4 * int(offsets[-1]))
    want = [-1.0] * fusion.size
    for c in range(6):
        size = 4 * int(lengths[c]) - int(pad[c]) if lengths[c] else 0
        for q in range(4 * int(offsets[c]), 4 * int(offsets[c]) + size):
            want[q] = float(fusion[q]) / 8
    assert hvd(offsets, pad, fusion).tolist() == want

    # cholla_update_conserved_3d: the one real cell of a 3^3 grid (n_ghost 1) by hand: density
    # + 1/2 x 8 (F_x one cell back) - 1/4 x 4 (its own F_y) + 1/8 x 16 (F_z one plane back) =
    # 5, the ghosts kept; random grids against a loop
    def cholla(u, fx, fy, fz, n, ng, d=(2.0, 4.0, 8.0), dt=1.0):
        nz, ny, nx = n
        return references.cholla_update_conserved_3d({
            "dev_conserved": np.asarray(u, np.float64), "dev_F_x": np.asarray(fx, np.float64),
            "dev_F_y": np.asarray(fy, np.float64), "dev_F_z": np.asarray(fz, np.float64),
            "nx": nx, "ny": ny, "nz": nz, "n_ghost": ng, "dx": d[0], "dy": d[1], "dz": d[2],
            "dt": dt})["dev_conserved"]

    fx, fy, fz = (np.zeros((5, 27)) for _ in range(3))
    fx[0, 12], fy[0, 13], fz[0, 4] = 8, 4, 16
    got = cholla(np.zeros((5, 27)), fx, fy, fz, (3, 3, 3), 1)
    want = np.zeros((5, 27))
    want[0, 13] = 5
    assert got.tolist() == want.tolist()
    shape = (5, 6, 5, 7)
    u, fx, fy, fz = (rng.integers(-1000, 1000, shape) for _ in range(4))
    got = cholla(u, fx, fy, fz, (6, 5, 7), 2)
    for f, z, y, x in itertools.product(range(5), range(6), range(5), range(7)):
        want = float(u[f, z, y, x])
        if 2 <= z < 4 and 2 <= y < 3 and 2 <= x < 5:
            want += ((fx[f, z, y, x - 1] - fx[f, z, y, x]) / 2
                     + (fy[f, z, y - 1, x] - fy[f, z, y, x]) / 4
                     + (fz[f, z - 1, y, x] - fz[f, z, y, x]) / 8)
        assert got[f, z, y, x] == want


def test_blind62_references_on_hand_checked_inputs():
    rng = np.random.default_rng(62)

    # ktgmc_rb2b_bilinear: a 4 x 4 plane into 2 x 2 (first and last rows and columns only: the
    # rounded means of pairs) by hand; a 64 at (2, 2) of a 6 x 6 zero plane gives the middle
    # pixel (3 x (3 x 64 + 4) // 8 + 4) // 8 = 9; random planes against a loop
    def rb2b(plane, w, h, dp=None, fill=7):
        plane = np.asarray(plane, np.uint8)
        sp = plane.shape[1]
        dp = dp or sp
        dst = np.full(h * dp, fill, np.uint8)
        got = references.ktgmc_rb2b_bilinear({
            "src_words": plane.reshape(-1).view(np.uint32),
            "dst_words": dst.view(np.uint32), "nDstPitch": dp, "nSrcPitch": sp, "nWidth": w,
            "nHeight": h})["dst_words"]
        return got.view(np.uint8).reshape(h, dp)

    got = rb2b([[0, 2, 4, 6], [2, 4, 6, 8], [10, 10, 20, 20], [10, 11, 20, 21]], 2, 2)
    assert got.tolist() == [[2, 6, 7, 7], [11, 21, 7, 7]]
    plane = np.zeros((6, 8), np.uint8)
    plane[2, 2] = 64
    got = rb2b(plane, 3, 3)
    assert got[:, :3].tolist() == [[0, 0, 0], [0, 9, 0], [0, 0, 0]]
    plane = rng.integers(0, 256, (10, 16))
    for w, h in ((7, 5), (2, 2), (5, 4)):
        got = rb2b(plane, w, h, dp=12)
        src = plane.astype(int)

        def down(v, n, i):  # sample i of the reduction of v (2 n samples)
            if i == 0 or i == n - 1:
                return (v[2 * i] + v[2 * i + 1] + 1) >> 1
            return (v[2 * i - 1] + 3 * v[2 * i] + 3 * v[2 * i + 1] + v[2 * i + 2] + 4) // 8

        for y, x in itertools.product(range(h), range(w)):
            column = [down(src[:, c], h, y) for c in range(2 * w)]
            assert got[y, x] == down(column, w, x)
        assert (got[:, w:] == 7).all()

    # ktgmc_temporal_soften2: one word, bytes (16, 0, 255, 100) with neighbours (0, 16, 255,
    # 100) at n - 1 and (0, 0, 255, 100) elsewhere: (6, 4, 255, 100); with frame n - 1 a scene
    # change (its SAD at the threshold) the source stands in for it: (10, 0, 255, 100); random
    # planes against a loop
    def soften(frames, sad, sc, w4, h, p4):
        frames = [np.asarray(f, np.uint8).reshape(-1).view(np.uint32) for f in frames]
        names = ["src_words", "ref0_words", "ref1_words", "ref2_words", "ref3_words"]
        return references.ktgmc_temporal_soften2({
            **dict(zip(names, frames, strict=True)), "dst_words": np.zeros(h * p4, np.uint32),
            "sad": np.asarray(sad, np.float32), "scenechange": sc, "width4": w4, "height": h,
            "pitch4": p4})["dst_words"].view(np.uint8)

    frames = [[16, 0, 255, 100], [0, 16, 255, 100]] + [[0, 0, 255, 100]] * 3
    assert soften(frames, [0, 0, 0, 0], 5.0, 1, 1, 1).tolist() == [6, 4, 255, 100]
    assert soften(frames, [5, 0, 0, 0], 5.0, 1, 1, 1).tolist() == [10, 0, 255, 100]
    frames = [rng.integers(0, 256, (3, 12)) for _ in range(5)]
    sad = [9, 1, 12, 3]
    got = soften(frames, sad, 8.0, 2, 3, 3).reshape(3, 12)
    s = frames[0].astype(int)
    r = [s if sad[i] >= 8 else frames[i + 1].astype(int) for i in range(4)]
    for y, b in itertools.product(range(3), range(12)):
        want = min(255, (r[2][y, b] + 4 * r[0][y, b] + 6 * s[y, b] + 4 * r[1][y, b]
                         + r[3][y, b] + 4) >> 4) if b < 8 else 0
        assert got[y, b] == want

    # qulacs_dense_matrix5: X on qubit 1 of two swaps amplitudes 0 and 2, 1 and 3; diag(1, 2, 3,
    # 4) on the targets (1, 0) (row bit 0 the state's bit 1) scales the amplitudes by 1, 3, 2, 4;
    # a random three-qubit gate on six qubits against a loop
    def dense(matrix, targets, state):
        matrix = np.asarray(matrix, complex)
        state = np.asarray(state, complex)
        k, dim = len(targets), state.size
        ordered = sorted(targets)
        got = references.qulacs_dense_matrix5({
            "matrix_words": np.stack([matrix.real, matrix.imag], -1),
            "state_words": np.stack([state.real, state.imag], -1),
            "target_qubit_index_count": k, "dim": dim,
            "target_index_list": sum(t << (8 * j) for j, t in enumerate(targets)),
            "sorted_insert_index_list": sum(t << (8 * j) for j, t in enumerate(ordered))})
        words = got["state_words"].reshape(-1)
        return words[0::2] + 1j * words[1::2]

    state = np.array([1, 2 + 1j, 3, 4 - 2j])
    assert dense([[0, 1], [1, 0]], [1], state).tolist() == [3, 4 - 2j, 1, 2 + 1j]
    assert dense(np.diag([1, 2, 3, 4]), [1, 0], state).tolist() == [1, 6 + 3j, 6, 16 - 8j]
    matrix = rng.integers(-4, 4, (8, 8)) + 1j * rng.integers(-4, 4, (8, 8))
    state = rng.integers(-64, 64, 64) + 1j * rng.integers(-64, 64, 64)
    targets = [4, 0, 2]
    got = dense(matrix, targets, state)
    for b in range(64):
        r = sum(((b >> t) & 1) << j for j, t in enumerate(targets))
        base = b & ~sum(1 << t for t in targets)
        want = sum(matrix[r, c] * state[base + sum(((c >> j) & 1) << t
                                                   for j, t in enumerate(targets))]
                   for c in range(8))
        assert got[b] == want

    # qulacs_pauli_xz: Y on a qubit takes (1, 2) to (-2i, i); a random Pauli string on five
    # qubits against its factors applied one after another
    def pauli(ops, state):
        state = np.asarray(state, complex)
        flip = sum(1 << q for q, op in ops if op in "XY")
        phase = sum(1 << q for q, op in ops if op in "YZ")
        pivot = [q for q, op in ops if op in "XY"][-1]
        got = references.qulacs_pauli_xz({
            "state_words": np.stack([state.real, state.imag], -1), "bit_flip_mask": flip,
            "phase_flip_mask": phase, "global_phase_90rot_count": sum(op == "Y" for _, op in ops),
            "pivot_qubit_index": pivot, "dim": state.size})["state_words"].reshape(-1)
        return got[0::2] + 1j * got[1::2]

    assert pauli([(0, "Y")], [1, 2]).tolist() == [-2j, 1j]
    ops = [(3, "Y"), (0, "Z"), (4, "X"), (1, "Y"), (2, "Z")]
    state = rng.integers(-1000, 1000, 32) + 1j * rng.integers(-1000, 1000, 32)
    want = state.copy()
    for q, op in ops:
        b = np.arange(32)
        bit = (b >> q) & 1
        if op == "X":
            want = want[b ^ (1 << q)]
        elif op == "Y":
            want = want[b ^ (1 << q)] * np.where(bit == 1, 1j, -1j)
        else:
            want = want * np.where(bit == 1, -1, 1)
    assert pauli(ops, state).tolist() == want.tolist()

    # gpujpeg_preprocess420: red, white and black on row 0 and grey on row 1 of a 3 x 2 image
    # (rows padded by a byte): Y 77, 255 (clamped), 0 | 128 each; Cb and Cr of columns 0 and 2
    # of row 0 only, at chroma columns 0 and 1: (85, 255) and (128, 128); random images against
    # a loop; the manifest's divisor pairs divide exactly
    def jpeg(pixels, w, h, pad, dw=(8, 8, 8), fill=7):
        raw = np.asarray(pixels, np.uint8).reshape(-1)
        raw = np.concatenate([raw, np.zeros(-raw.size % 4, np.uint8)])
        comps = [np.full(dw[c] * (8 if c == 0 else 4), fill, np.uint8) for c in range(3)]
        got = references.gpujpeg_preprocess420({
            "raw_words": raw.view(np.uint32), "image_width_padding": pad, "image_width": w,
            "image_height": h, **{f"comp{c}_words": comps[c].view(np.uint32) for c in range(3)},
            **{f"data_width{c}": dw[c] for c in range(3)}})
        return [got[f"comp{c}_words"].view(np.uint8).reshape(-1, dw[c]) for c in range(3)]

    row0 = [255, 0, 0, 255, 255, 255, 0, 0, 0, 9]
    row1 = [128, 128, 128] * 3 + [9]
    y, cb, cr = jpeg(row0 + row1, 3, 2, 1)
    assert y[:2, :4].tolist() == [[77, 255, 0, 7], [128, 128, 128, 7]]
    assert cb[:2, :3].tolist() == [[85, 128, 7], [7, 7, 7]]
    assert cr[:2, :3].tolist() == [[255, 128, 7], [7, 7, 7]]
    w, h, pad = 5, 5, 3
    pixels = rng.integers(0, 256, h * (3 * w + pad))
    y, cb, cr = jpeg(pixels, w, h, pad, dw=(8, 8, 16))
    for row, col in itertools.product(range(h), range(w)):
        red, green, blue = (int(pixels[row * (3 * w + pad) + 3 * col + c]) * 256 // 255
                            for c in range(3))
        assert y[row, col] == min(255, (77 * red + 150 * green + 29 * blue + 128) >> 8)
        if row % 2 == 0 and col % 2 == 0:
            assert cb[row // 2, col // 2] == min(255, max(0, (
                (-43 * red - 85 * green + 128 * blue + 128) >> 8) + 128))
            assert cr[row // 2, col // 2] == min(255, max(0, (
                (128 * red - 107 * green - 21 * blue + 128) >> 8) + 128))
    assert (cb[3:] == 7).all() and (cr[:, 3:] == 7).all() and (y[:, 5:] == 7).all()
    spec = SPECS["gpujpeg_preprocess420"]
    for width in (2, 3, 37, 1001, 3840, 4097, 65536):
        params = spec.resolve_params({"W": width, "H": 1})
        mul, shift = params["MUL"], params["SHIFT"]
        assert 0 < mul < 2**32 and 2 ** shift < width <= 2 ** (shift + 1)
        for n in [*range(0, 3 * width), 2**31 - 1, 2**31 - width, 12345678]:
            assert ((n * mul) >> 32) >> shift == n // width

    # gpumd_sort_neighbor_list: lists (5, 1, 3) and (7, 2, 0, 2) of two atoms, slot-major: the
    # first becomes (1, 3, 5) (slot 3, past its count, kept), the second (0, 2, 0, 7) (both 2s
    # at slot 1, slot 2 keeps its 0); random lists with ties against a loop
    def sort_lists(nl, nn):
        nl = np.asarray(nl, np.int32)
        return references.gpumd_sort_neighbor_list({
            "N": nl.shape[1], "NN": np.asarray(nn, np.int32), "NL": nl})["NL"]

    got = sort_lists([[5, 7], [1, 2], [3, 0], [9, 2]], [3, 4])
    assert got.T.tolist() == [[1, 3, 5, 9], [0, 2, 0, 7]]
    nl = rng.integers(0, 12, (10, 9))
    nn = rng.integers(0, 11, 9)
    got = sort_lists(nl, nn)
    for a in range(9):
        want = nl[:, a].tolist()
        entries = want[: nn[a]]
        for v in entries:
            want[sum(u < v for u in entries)] = v
        assert got[:, a].tolist() == want


def test_blind61_references_on_hand_checked_inputs():
    rng = np.random.default_rng(61)
    f32 = np.float32

    # awp_dvelcx: two x slices, one (y, z) column, xx 24 at the second slice only: u1 there
    # += 0.25 (9/8 x 24) = 6.75 (times dcrjx 2), at the first c2 x 24 = -1 times 0.25; v1 and
    # w1 untouched by xx; random subdomains against a loop in float32 steps
    def awp(nx, ny, nz, fields, dcrj=None, dth=0.5):
        sx, sy, sz = nx + 12, ny + 12, nz + 64
        vals = {k: np.asarray(fields[k], f32).reshape(sx, sy, sz)
                for k in ("u1", "v1", "w1", "xx", "yy", "zz", "xy", "xz", "yz", "d_1")}
        dcrj = dcrj or {}
        vals.update({k: np.asarray(dcrj.get(k, np.ones(n)), f32)
                     for k, n in (("dcrjx", sx), ("dcrjy", sy), ("dcrjz", sz))})
        vals.update({"c1": 9 / 8, "c2": -1 / 24, "dth": dth, "nyt": ny, "nzt": nz,
                     "slice_1": sy * sz, "slice_2": 2 * sy * sz, "yline_1": sz,
                     "yline_2": 2 * sz, "s_i": 6, "e_i": nx + 5})
        return references.awp_dvelcx(vals)

    shape = (14, 13, 65)
    fields = {k: np.zeros(shape) for k in ("u1", "v1", "w1", "xx", "yy", "zz", "xy", "xz", "yz")}
    fields["d_1"] = np.full(shape, 2.0)
    fields["xx"][7, 6, 32] = 24
    dcrjx = np.ones(14)
    dcrjx[7] = 2
    got = awp(2, 1, 1, fields, {"dcrjx": dcrjx})
    want = np.zeros(shape, f32)
    want[6, 6, 32], want[7, 6, 32] = -0.25, 13.5
    assert got["u1"].tolist() == want.tolist()
    assert not got["v1"].any() and not got["w1"].any()

    nx, ny, nz = 2, 3, 4
    shape = (nx + 12, ny + 12, nz + 64)
    fields = {k: rng.integers(-64, 64, shape) for k in ("u1", "v1", "w1", "xx", "yy", "zz",
                                                        "xy", "xz", "yz")}
    fields["d_1"] = rng.integers(1, 8, shape)
    dcrj = {"dcrjx": rng.integers(1, 3, shape[0]), "dcrjy": rng.integers(1, 3, shape[1]),
            "dcrjz": rng.integers(1, 3, shape[2])}
    got = awp(nx, ny, nz, fields, dcrj, dth=1 / 16)
    c1, c2, dth = f32(9 / 8), f32(-1 / 24), f32(1 / 16)
    F = {k: np.asarray(a, f32) for k, a in fields.items()}
    # per velocity: the density cells (offsets i, j, k) and the six terms (c, stress, offset of
    # a, offset of b), summed from the left
    plans = {
        "u1": ([(0, 0, 0), (0, -1, 0), (0, 0, -1), (0, -1, -1)],
               [(c1, "xx", (0, 0, 0), (-1, 0, 0)), (c2, "xx", (1, 0, 0), (-2, 0, 0)),
                (c1, "xy", (0, 0, 0), (0, -1, 0)), (c2, "xy", (0, 1, 0), (0, -2, 0)),
                (c1, "xz", (0, 0, 0), (0, 0, -1)), (c2, "xz", (0, 0, 1), (0, 0, -2))]),
        "v1": ([(0, 0, 0), (1, 0, 0), (0, 0, -1), (1, 0, -1)],
               [(c1, "xy", (1, 0, 0), (0, 0, 0)), (c2, "xy", (2, 0, 0), (-1, 0, 0)),
                (c1, "yy", (0, 1, 0), (0, 0, 0)), (c2, "yy", (0, 2, 0), (0, -1, 0)),
                (c1, "yz", (0, 0, 0), (0, 0, -1)), (c2, "yz", (0, 0, 1), (0, 0, -2))]),
        "w1": ([(0, 0, 0), (1, 0, 0), (0, -1, 0), (1, -1, 0)],
               [(c1, "xz", (1, 0, 0), (0, 0, 0)), (c2, "xz", (2, 0, 0), (-1, 0, 0)),
                (c1, "yz", (0, 0, 0), (0, -1, 0)), (c2, "yz", (0, 1, 0), (0, -2, 0)),
                (c1, "zz", (0, 0, 1), (0, 0, 0)), (c2, "zz", (0, 0, 2), (0, 0, -1))]),
    }
    for i, j, k in itertools.product(range(6, nx + 6), range(6, ny + 6), range(32, nz + 32)):
        damp = f32(f32(f32(dcrj["dcrjx"][i]) * f32(dcrj["dcrjy"][j])) * f32(dcrj["dcrjz"][k]))
        for name, (dens, terms) in plans.items():
            a, b, c, e = (F["d_1"][i + di, j + dj, k + dk] for di, dj, dk in dens)
            f_d = f32(dth / f32(f32(0.25) * f32(f32(f32(a + b) + c) + e)))
            delta = None
            for coef, stress, (ai, aj, ak), (bi, bj, bk) in terms:
                diff = f32(F[stress][i + ai, j + aj, k + ak] - F[stress][i + bi, j + bj, k + bk])
                term = f32(coef * diff)
                delta = term if delta is None else f32(delta + term)
            assert got[name][i, j, k] == f32(f32(F[name][i, j, k] + f32(f_d * delta)) * damp)
    inside = np.zeros(shape, bool)
    inside[6 : nx + 6, 6 : ny + 6, 32 : nz + 32] = True
    for name in ("u1", "v1", "w1"):
        assert (got[name][~inside] == F[name][~inside]).all()

    # microhh_advec_uvw: one interior cell of a 3^3 grid, u 2 but 4 east of it, w 2 on its top
    # face (both x sides): ut -= ((3^2 - 2^2) / 4 = 1.25) + (1 x 2 x 2 / 2 x 3 = 6); vt and wt
    # (the first level) untouched; random grids against a loop
    def advec(u, v, w, rho, rhoh, dzi, dzhi, shape, start=None, dx=(0.25, 0.5)):
        kc, jc, ic = shape
        ti = {n: np.zeros(shape) for n in ("ut", "vt", "wt")} if start is None else start
        return references.microhh_advec_uvw({
            **{n: np.array(a, np.float64) for n, a in ti.items()},
            "u": np.asarray(u, np.float64), "v": np.asarray(v, np.float64),
            "w": np.asarray(w, np.float64), "rhoref": np.asarray(rho, np.float64),
            "rhorefh": np.asarray(rhoh, np.float64), "dzi": np.asarray(dzi, np.float64),
            "dzhi": np.asarray(dzhi, np.float64), "dxi": dx[0], "dyi": dx[1], "jj": ic,
            "kk": ic * jc, "istart": 1, "jstart": 1, "kstart": 1, "iend": ic - 1,
            "jend": jc - 1, "kend": kc - 1})

    u = np.full((3, 3, 3), 2.0)
    u[1, 1, 2] = 4
    w = np.zeros((3, 3, 3))
    w[2, 1, 0] = w[2, 1, 1] = 2
    got = advec(u, np.zeros((3, 3, 3)), w, [1, 2, 1], [1, 1, 1], [1, 3, 1], [1, 1, 1], (3, 3, 3))
    want = np.zeros((3, 3, 3))
    want[1, 1, 1] = -7.25
    assert got["ut"].tolist() == want.tolist()
    assert not got["vt"].any() and not got["wt"].any()

    shape = (5, 4, 6)
    u, v, w, t0, t1, t2 = (rng.integers(-8, 8, shape) for _ in range(6))
    rho, rhoh, dz, dzh = (rng.integers(1, 3, 5), rng.integers(1, 4, 5), rng.integers(1, 4, 5),
                          rng.integers(1, 4, 5))
    got = advec(u, v, w, rho, rhoh, dz, dzh, shape, {"ut": t0, "vt": t1, "wt": t2})

    def i2(a, b):
        return (a + b) / 2

    for k, j, i in itertools.product(range(5), range(4), range(6)):
        want_u, want_v, want_w = float(t0[k, j, i]), float(t1[k, j, i]), float(t2[k, j, i])
        c = u[k, j, i], v[k, j, i], w[k, j, i]
        if 1 <= k < 4 and 1 <= j < 3 and 1 <= i < 5:
            x_u = i2(c[0], u[k, j, i + 1]) ** 2 - i2(u[k, j, i - 1], c[0]) ** 2
            y_u = (i2(v[k, j + 1, i - 1], v[k, j + 1, i]) * i2(c[0], u[k, j + 1, i])
                   - i2(v[k, j, i - 1], c[1]) * i2(u[k, j - 1, i], c[0]))
            z_u = (rhoh[k + 1] * i2(w[k + 1, j, i - 1], w[k + 1, j, i]) * i2(c[0], u[k + 1, j, i])
                   - rhoh[k] * i2(w[k, j, i - 1], c[2]) * i2(u[k - 1, j, i], c[0]))
            want_u -= x_u / 4 + y_u / 2 + z_u / rho[k] * dz[k]
            x_v = (i2(u[k, j - 1, i + 1], u[k, j, i + 1]) * i2(c[1], v[k, j, i + 1])
                   - i2(u[k, j - 1, i], c[0]) * i2(v[k, j, i - 1], c[1]))
            y_v = i2(c[1], v[k, j + 1, i]) ** 2 - i2(v[k, j - 1, i], c[1]) ** 2
            z_v = (rhoh[k + 1] * i2(w[k + 1, j - 1, i], w[k + 1, j, i]) * i2(c[1], v[k + 1, j, i])
                   - rhoh[k] * i2(w[k, j - 1, i], c[2]) * i2(v[k - 1, j, i], c[1]))
            want_v -= x_v / 4 + y_v / 2 + z_v / rho[k] * dz[k]
            if k > 1:
                x_w = (i2(u[k - 1, j, i + 1], u[k, j, i + 1]) * i2(c[2], w[k, j, i + 1])
                       - i2(u[k - 1, j, i], c[0]) * i2(w[k, j, i - 1], c[2]))
                y_w = (i2(v[k - 1, j + 1, i], v[k, j + 1, i]) * i2(c[2], w[k, j + 1, i])
                       - i2(v[k - 1, j, i], c[1]) * i2(w[k, j - 1, i], c[2]))
                z_w = (rho[k] * i2(c[2], w[k + 1, j, i]) ** 2
                       - rho[k - 1] * i2(w[k - 1, j, i], c[2]) ** 2)
                want_w -= x_w / 4 + y_w / 2 + z_w / rhoh[k] * dzh[k]
        assert (got["ut"][k, j, i], got["vt"][k, j, i], got["wt"][k, j, i]) == (
            want_u, want_v, want_w)

    # gespmm_seqreduce_nnz: [[1, 0, 2], [0, 0, 0], [0, 3, 0]] times [[1, 2], [3, 4], [5, 6]]
    # onto ones: [[12, 15], [1, 1], [10, 13]] (the empty row kept); random matrices against a
    # loop
    def spmm(ptr, cols, vals, dense, nr, start=0.0):
        dense = np.asarray(dense, f32)
        nv = dense.shape[1]
        return references.gespmm_seqreduce_nnz({
            "nr": nr, "nv": nv, "nc": dense.shape[0], "nnz": len(cols),
            "rowPtr": np.asarray(ptr, np.int32), "colIdx": np.asarray(cols, np.int32),
            "values": np.asarray(vals, f32), "dnInput": dense,
            "dnOutput": np.full((nr, nv), start, f32)})["dnOutput"]

    got = spmm([0, 2, 2, 3], [0, 2, 1], [1, 2, 3], [[1, 2], [3, 4], [5, 6]], 3, start=1.0)
    assert got.tolist() == [[12, 15], [1, 1], [10, 13]]
    lengths = rng.integers(0, 5, 7)
    ptr = np.concatenate([[0], np.cumsum(lengths)])
    cols = rng.integers(0, 6, int(ptr[-1]))
    vals = rng.integers(-4, 4, int(ptr[-1]))
    dense = rng.integers(-8, 8, (6, 5))
    got = spmm(ptr, cols, vals, dense, 7)
    for r, c in itertools.product(range(7), range(5)):
        assert got[r, c] == sum(int(vals[p]) * int(dense[cols[p], c])
                                for p in range(ptr[r], ptr[r + 1]))

    # tsvm_sum_kernel_values: classes of 1, 2 and 1 vectors, kernel values 1 .. 4, coefficient
    # rows [1, 10, 100, 1000] and twice that, rho 1, 2, 3: 321 - 1, 4002 - 2 and 8640 - 3;
    # random models against a loop
    def tsvm(coef, start, rho, kmat):
        coef, kmat = np.asarray(coef, np.float64), np.asarray(kmat, f32)
        ncls = len(start) - 1
        return references.tsvm_sum_kernel_values({
            "coef": coef, "total_sv": kmat.shape[1], "sv_start": np.asarray(start, np.int32),
            "rho": np.asarray(rho, np.float64), "k_mat": kmat,
            "dec_values": np.zeros((kmat.shape[0], ncls * (ncls - 1) // 2)),
            "n_classes": ncls, "n_instances": kmat.shape[0]})["dec_values"]

    got = tsvm([[1, 10, 100, 1000], [2, 20, 200, 2000]], [0, 1, 3, 4], [1, 2, 3], [[1, 2, 3, 4]])
    assert got.tolist() == [[320, 4000, 8637]]
    start = np.concatenate([[0], np.cumsum(rng.integers(0, 4, 4))])
    nsv = int(start[-1])
    coef = rng.integers(-16, 16, (3, nsv))
    rho = rng.integers(-100, 100, 6)
    kmat = rng.integers(-8, 8, (5, nsv))
    got = tsvm(coef, start, rho, kmat)
    for n in range(5):
        pairs = [(i, j) for i in range(4) for j in range(i + 1, 4)]
        for k, (i, j) in enumerate(pairs):
            total = sum(int(coef[j - 1, v]) * int(kmat[n, v])
                        for v in range(start[i], start[i + 1]))
            total += sum(int(coef[i, v]) * int(kmat[n, v]) for v in range(start[j], start[j + 1]))
            assert got[n, k] == total - rho[k]

    # kmcuda_assign_smallc: centroids (0, 0) and (4, 0), samples (1, 0), (3, 0), (2, 0) (a
    # tie: the first centroid), all previously in cluster 1: [0, 1, 0], 2 more changes; random
    # clusterings against the nearest squared Euclidean distance by a loop
    def assign(samples, cents, old, changed=0):
        samples, cents = np.asarray(samples, f32), np.asarray(cents, f32)
        n = len(samples)
        return references.kmcuda_assign_smallc({
            "offset": 0, "length": n, "samples": samples.T.copy(), "centroids": cents,
            "assignments_prev": np.zeros(n, np.uint32),
            "assignments": np.asarray(old, np.uint32), "changed": np.array([changed], np.uint32),
            "samples_size": n, "clusters_size": len(cents), "features_size": cents.shape[1],
            "shmem_size": 12288})

    got = assign([[1, 0], [3, 0], [2, 0]], [[0, 0], [4, 0]], [1, 1, 1], changed=5)
    assert got["assignments"].tolist() == [0, 1, 0]
    assert got["assignments_prev"].tolist() == [1, 1, 1] and got["changed"].tolist() == [7]
    samples = rng.integers(-3, 3, (40, 3))
    cents = rng.integers(-3, 3, (6, 3))
    old = rng.integers(0, 6, 40)
    got = assign(samples, cents, old)
    want = []
    for sample in samples.tolist():
        dists = [sum((a - b) ** 2 for a, b in zip(sample, cent, strict=True))
                 for cent in cents.tolist()]
        want.append(dists.index(min(dists)))  # the first nearest
    assert got["assignments"].tolist() == want
    assert got["assignments_prev"].tolist() == old.tolist()
    assert got["changed"].tolist() == [sum(int(a) != b for a, b in zip(old, want, strict=True))]

    # emogi_bfs_coalesce: edges 0 -> 1, 0 -> 2, 1 -> 3, 2 -> 3, labels [L, L - 1, inf, inf]:
    # vertex 2 gets L + 1 (1 is visited, 3 only reached from non-frontier vertices); a frontier
    # with no unvisited neighbour leaves changed 0; random graphs against a loop
    inf = 0xFFFFFFFF

    def bfs(ptr, edges, label, level):
        return references.emogi_bfs_coalesce({
            "label": np.asarray(label, np.uint32), "level": level, "vertex_count": len(label),
            "vertexList": np.asarray(ptr, np.int64), "edgeList": np.asarray(edges, np.int64),
            "changed": np.zeros(1, np.uint32)})

    level = 2**32 - 3
    got = bfs([0, 2, 3, 4, 4], [1, 2, 3, 3], [level, level - 1, inf, inf], level)
    assert got["label"].tolist() == [level, level - 1, level + 1, inf] and got["changed"][0] == 1
    got = bfs([0, 2, 3, 4, 4], [1, 2, 3, 3], [level, level - 1, level + 1, inf], level)
    assert got["label"].tolist() == [level, level - 1, level + 1, inf] and got["changed"][0] == 0
    ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 6, 30))])
    edges = rng.integers(0, 30, int(ptr[-1]))
    label = rng.integers(2**32 - 8, 2**32, 30, dtype=np.uint32)
    got = bfs(ptr, edges, label, level)
    want = label.tolist()
    for v in range(30):
        if label[v] == level:
            for e in range(ptr[v], ptr[v + 1]):
                if label[edges[e]] == inf:
                    want[edges[e]] = level + 1
    assert got["label"].tolist() == want
    assert got["changed"][0] == int(want != label.tolist())


def test_blind63_references_on_hand_checked_inputs():
    rng = np.random.default_rng(63)
    f32 = np.float32

    # niftyreg_affine_deformation: x + 5, 2 y, 1 - z on a 2 x 1 x 1 field: voxel 1 becomes
    # (6, 0, 1, 0), voxel 0 (masked) keeps its float4; with composition the field's (3, 4, 5)
    # becomes (8, 8, -4, 0); random fields against a loop
    def affine(matrix, field, mask, shape, compose=0):
        nx, ny, nz = shape
        got = references.niftyreg_affine_deformation({
            "matrix": np.asarray(matrix, f32).reshape(-1),
            "def_words": np.asarray(field, f32).reshape(-1), "mask": np.asarray(mask, np.int32),
            "nx": nx, "ny": ny, "nz": nz, "composition": compose})["def_words"]
        return got.reshape(-1, 4)

    matrix = [[1, 0, 0, 5], [0, 2, 0, 0], [0, 0, -1, 1], [0, 0, 0, 1]]
    field = [[9, 9, 9, 9], [3, 4, 5, 7]]
    assert affine(matrix, field, [-1, 0], (2, 1, 1)).tolist() == [[9, 9, 9, 9], [6, 0, 1, 0]]
    assert affine(matrix, field, [-1, 0], (2, 1, 1), 1).tolist() == [[9, 9, 9, 9], [8, 8, -4, 0]]
    matrix = rng.integers(-2, 3, (4, 4))
    field = rng.integers(-64, 64, (2, 4, 3, 4))
    mask = rng.integers(-1, 3, (2, 4, 3))
    for compose in (0, 1):
        got = affine(matrix, field, mask, (3, 4, 2), compose).reshape(2, 4, 3, 4)
        for z, y, x in itertools.product(range(2), range(4), range(3)):
            if mask[z, y, x] < 0:
                assert got[z, y, x].tolist() == field[z, y, x].tolist()
                continue
            p = field[z, y, x, :3] if compose else (x, y, z)
            want = [sum(matrix[r, c] * p[c] for c in range(3)) + matrix[r, 3] for r in range(3)]
            assert got[z, y, x].tolist() == [*want, 0]

    # lightseq_dropout_bias_bwd: mask bytes (1, 0, 3, 2 | 255, 1, 0, 0) keep columns 0 and 2 of
    # the first row and 0 and 1 of the second, times 1 / (1 - 1/2) = 2: in_grad (2, 0, 6, 0 |
    # 10, 12, 0, 0), bias_grad (12, 12, 6, 0); random gradients against a loop
    def dropout(grad, mask, ratio=0.5):
        grad = np.asarray(grad, f32)
        rows, cols = grad.shape
        got = references.lightseq_dropout_bias_bwd({
            "row_size": rows, "hidden_size": cols, "ratio": ratio, "out_grad": grad,
            "mask_words": np.asarray(mask, np.uint8).reshape(-1).view(np.uint32),
            "in_grad": np.full((rows, cols), 7, f32), "bias_grad": np.full(cols + 1, 7, f32)})
        return got["in_grad"], got["bias_grad"]

    in_grad, bias = dropout([[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 0, 3, 2], [255, 1, 0, 0]])
    assert in_grad.tolist() == [[2, 0, 6, 0], [10, 12, 0, 0]]
    assert bias.tolist() == [12, 12, 6, 0, 7]
    grad = rng.integers(-8, 8, (9, 8))
    mask = rng.integers(0, 256, (9, 8))
    in_grad, bias = dropout(grad, mask, 0.75)
    for c in range(8):
        column = [grad[r, c] * 4 * (mask[r, c] & 1) for r in range(9)]
        assert in_grad[:, c].tolist() == column and bias[c] == sum(column)

    # cudadecon_deskew: one row of 4 voxels (0, 4, 8, 16), one slice, factor 5/2: xin = x +
    # 1.25, so (3/4 4 + 1/4 8, 3/4 8 + 1/4 16) = (5, 10), then the pad value past xin >= 3;
    # random stacks against a loop
    def deskew(stack, nxo, factor=2.5, shift=0, pad=100.0):
        stack = np.asarray(stack, f32)
        nz, ny, nx = stack.shape
        got = references.cudadecon_deskew({
            "in": stack, "nx": nx, "ny": ny, "nz": nz, "nxOut": nxo, "extraShift": shift,
            "deskewFactor": factor, "padVal": pad, "out": np.zeros((nz, ny, nxo), f32)})
        return got["out"]

    assert deskew([[[0, 4, 8, 16]]], 4).tolist() == [[[5, 10, 100, 100]]]
    stack = rng.integers(0, 4096, (5, 3, 9))
    for shift in (0, 2):
        got = deskew(stack, 19, shift=shift, pad=-1.0)
        for z, y, x in itertools.product(range(5), range(3), range(19)):
            xin = (x - 19 / 2 + shift) - 2.5 * (z - 5 / 2) + 9 / 2
            if 0 <= xin < 8:
                i = int(np.floor(xin))
                o = xin - i
                assert got[z, y, x] == (1 - o) * stack[z, y, i] + o * stack[z, y, i + 1]
            else:
                assert got[z, y, x] == -1

    # dsph_compute_step_pos: an 8 x 8 x 8 domain periodic along x, cells of 2 (2 bits an axis),
    # particle 0 a boundary one; particle 1 at (7, 3, 5) moves (2, 0, 0): wraps to (1, 3, 5),
    # cell (0, 1, 2) = 6; particle 2 leaves through z (code 4, cell out); particle 3 a
    # periodic duplicate (untouched); particle 4 moves 3 > 2.5 (code 3, moved anyway);
    # random particles against a loop
    def cellcode(bx, by, bz):
        return ((bx + 1) << 25 | by << 20 | bz << 15 | (by + bz) << 10 | (bx + 1 + bz) << 5
                | (bx + 1 + by))

    def step(pos, mov, code, pini, size, cell, bits, limit, peri=1):
        pos = np.asarray(pos, np.float64)
        mov = np.asarray(mov, np.float64)
        vals = {"n": len(pos) - pini, "pini": pini, "posxy_words": pos[:, :2].copy(),
                "posz": pos[:, 2].copy(), "movxy_words": mov[:, :2].copy(),
                "movz": mov[:, 2].copy(), "code": np.asarray(code, np.uint32),
                "dcell": np.full(len(pos), 77, np.uint32), "movlimit": limit,
                "periactive": peri, "scell": cell, "cellcode": cellcode(*bits)}
        for i, axis in enumerate("xyz"):
            vals[f"maprealposmin{axis}"] = 0.0
            vals[f"domposmin{axis}"] = 0.0
            vals[f"maprealsize{axis}"] = float(size[i])
            for j, b in enumerate("xyz"):
                vals[f"{axis}perinc{b}"] = -float(size[i]) if i == j else 0.0
        got = references.dsph_compute_step_pos(vals)
        return (np.column_stack([got["posxy_words"].reshape(-1, 2), got["posz"]]),
                got["code"], got["dcell"])

    pos = [[7, 3, 5], [7, 3, 5], [1, 1, 7], [6, 6, 6], [4, 4, 4]]
    mov = [[2, 0, 0], [2, 0, 0], [0, 0, 2], [1, 1, 1], [0, -3, 0]]
    code = [0, 0x30000 + 5, 0x30000, 0x20030000, 0x30000]
    got_pos, got_code, got_cell = step(pos, mov, code, 1, (8, 8, 8), 2, (2, 2, 2), 2.5)
    assert got_pos.tolist() == [[7, 3, 5], [1, 3, 5], [1, 1, 9], [6, 6, 6], [4, 1, 4]]
    assert got_code.tolist() == [0, 0x30005, 0x80030000, 0x20030000, 0x60030000]
    assert got_cell.tolist() == [77, 6, 0xFFFFFFFF, 77, 0xFFFFFFFF]
    n, size = 400, (16, 16, 8)
    pos = np.column_stack([rng.integers(0, s, n) for s in size])
    mov = rng.integers(-4, 4, (n, 3))
    code = rng.integers(0, 2**32, n, dtype=np.uint64)
    for peri in (1, 6):
        got_pos, got_code, got_cell = step(pos, mov, code, 10, size, 4, (2, 2, 1), 2.5, peri)
        for p in range(n):
            special = int(code[p]) >> 29
            if p < 10 or special not in (0, 5):
                assert (got_pos[p].tolist(), got_cell[p]) == (pos[p].tolist(), 77)
                assert got_code[p] == code[p]
                continue
            new = [float(pos[p, a] + mov[p, a]) for a in range(3)]
            out = False
            for a in range(3):
                if peri >> a & 1:
                    new[a] %= size[a]
                else:
                    out |= not 0 <= new[a] < size[a]
            assert got_pos[p].tolist() == new
            outmov = max(abs(mov[p])) > 2.5
            if out or special == 5 or outmov:
                want = 4 if out else (5 if special == 5 else 3)
                assert got_code[p] == (int(code[p]) & 0x1FFFFFFF | want << 29)
                assert got_cell[p] == 0xFFFFFFFF
            else:
                c = [int(new[a]) // 4 for a in range(3)]
                assert got_code[p] == code[p] and got_cell[p] == c[0] << 3 | c[1] << 1 | c[2]

    # viennacl_csr_dtrmat_mul: [[1, 0, 2], [0, 0, 0]] times the transpose of [[1, 2, 3], [4, 5,
    # 6]] (rows padded to 4): (1 + 6, 4 + 12) = (7, 16) and an empty row of zeros, the result's
    # padding column kept; random CSR matrices against a loop
    def spmm(ptr, cols, elems, dense, m, n, rci):
        dense = np.asarray(dense, f32)
        return references.viennacl_csr_dtrmat_mul({
            "sp_mat_row_indices": np.asarray(ptr, np.int32),
            "sp_mat_col_indices": np.asarray(cols, np.int32),
            "sp_mat_elements": np.asarray(elems, f32), "d_mat": dense,
            "d_mat_internal_cols": dense.shape[1], "result": np.full((m, rci), -1, f32),
            "result_row_size": m, "result_col_size": n, "result_internal_cols": rci})["result"]

    got = spmm([0, 2, 2], [0, 2], [1, 2], [[1, 2, 3, 9], [4, 5, 6, 9]], 2, 2, 3)
    assert got.tolist() == [[7, 16, -1], [0, 0, -1]]
    ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 5, 11))])
    cols = rng.integers(0, 13, ptr[-1])
    elems = rng.integers(-4, 4, ptr[-1])
    dense = rng.integers(-8, 8, (5, 16))
    got = spmm(ptr, cols, elems, dense, 11, 5, 8)
    for row, col in itertools.product(range(11), range(5)):
        want = sum(elems[k] * dense[col, cols[k]] for k in range(ptr[row], ptr[row + 1]))
        assert got[row, col] == want
    assert (got[:, 5:] == -1).all()

    # amgx_restrict_residual4: aggregates {2, 0}, {} and {2} of three fine blocks: (1 + 100, 2
    # + 200, ...), zeros, the third block again; random restrictions against a loop
    def restrict(ptr, cols, r):
        r = np.asarray(r, np.float64)
        nagg = len(ptr) - 1
        return references.amgx_restrict_residual4({
            "row_offsets": np.asarray(ptr, np.int32), "column_indices": np.asarray(cols, np.int32),
            "r": r, "rr": np.full((nagg, 4), -1.0), "num_aggregates": nagg})["rr"]

    r = [[1, 2, 3, 4], [5, 6, 7, 8], [100, 200, 300, 400]]
    got = restrict([0, 2, 2, 3], [2, 0, 2], r)
    assert got.tolist() == [[101, 202, 303, 404], [0, 0, 0, 0], [100, 200, 300, 400]]
    ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 6, 17))])
    cols = rng.integers(0, 40, ptr[-1])
    r = rng.integers(-1000, 1000, (40, 4))
    got = restrict(ptr, cols, r)
    for a in range(17):
        assert got[a].tolist() == [sum(r[cols[k], m] for k in range(ptr[a], ptr[a + 1]))
                                   for m in range(4)]


def test_blind64_references_on_hand_checked_inputs():
    rng = np.random.default_rng(64)
    f32 = np.float32

    # gtom_pad_mirror: the line (10, 20, 30) padded to 7 about its centre (offset 1 - 3 = -2):
    # the columns (-2 .. 4) mirrored to (1, 0, 0, 1, 2, 2, 1); random volumes against a loop
    def pad(vol, out_shape):
        vol = np.asarray(vol, f32)
        iz, iy, ix = vol.shape
        oz, oy, ox = out_shape
        return references.gtom_pad_mirror({
            "d_input": vol, "d_output": np.zeros(out_shape, f32), "ix": ix, "iy": iy, "iz": iz,
            "ox": ox, "oy": oy, "oz": oz, "offx": ix // 2 - ox // 2, "offy": iy // 2 - oy // 2,
            "offz": iz // 2 - oz // 2})["d_output"]

    assert pad([[[10, 20, 30]]], (1, 1, 7)).tolist() == [[[20, 10, 10, 20, 30, 30, 20]]]

    def mirror(i, n):
        if n == 1:
            return 0
        v = i % (2 * n)
        return 2 * n - 1 - v if v >= n else v

    vol = rng.integers(-1000, 1000, (3, 4, 5))
    for shape in ((4, 9, 13), (2, 3, 3), (7, 1, 12)):
        got = pad(vol, shape)
        for z, y, x in itertools.product(*(range(s) for s in shape)):
            want = vol[mirror(z + 3 // 2 - shape[0] // 2, 3), mirror(y + 4 // 2 - shape[1] // 2, 4),
                       mirror(x + 5 // 2 - shape[2] // 2, 5)]
            assert got[z, y, x] == want
    got = pad(rng.integers(-9, 9, (1, 1, 4)), (3, 2, 6))
    assert (got == got[0, 0]).all()  # y and z of extent 1 keep line 0

    # cistem_clip_into_fourier: a 4-wide source's 3 coefficients (1, 2), (3, 4), (5, 6) padded
    # to an 8-wide destination's 5: the last two out of bounds (9, 9), the first zeroed with
    # zero_central_pixel; random crops and pads against a loop
    def clip(src, s_dims, d_dims, oob=9.0, zero=0):
        sx, sy, sz = s_dims
        dx, dy, dz = d_dims
        got = references.cistem_clip_into_fourier({
            "src_words": np.asarray(src, f32).reshape(-1),
            "dst_words": np.full((dz, dy, dx // 2 + 1, 2), -1, f32),
            "src_y": sy, "src_z": sz, "dst_y": dy, "dst_z": dz, "dst_w": dx + 2 - dx % 2,
            "dst_first_neg_y": (dy + 1) // 2, "dst_first_neg_z": (dz + 1) // 2,
            "src_lower_x": -(sx // 2), "src_lower_y": -(sy // 2), "src_lower_z": -(sz // 2),
            "src_upper_x": sx // 2, "src_upper_y": (sy - 1) // 2, "src_upper_z": (sz - 1) // 2,
            "src_phys_upper_x": sx // 2, "src_phys_upper_y": sy - 1, "dst_phys_upper_x": dx // 2,
            "dst_phys_upper_y": dy - 1, "out_of_bounds_value": oob, "zero_central_pixel": zero})
        return got["dst_words"]

    src = [[1, 2], [3, 4], [5, 6]]
    want = [[1, 2], [3, 4], [5, 6], [9, 9], [9, 9]]
    assert clip(src, (4, 1, 1), (8, 1, 1)).reshape(-1, 2).tolist() == want
    assert clip(src, (4, 1, 1), (8, 1, 1), zero=1).reshape(-1, 2).tolist() == [[0, 0]] + want[1:]

    def logical(i, n):
        return i - n if i >= (n + 1) // 2 else i

    for s_dims, d_dims in (((6, 5, 4), (9, 8, 3)), ((7, 8, 5), (4, 3, 7))):
        sx, sy, sz = s_dims
        src = rng.integers(-4096, 4096, (sz, sy, sx // 2 + 1, 2))
        got = clip(src, s_dims, d_dims, oob=-7.0)
        dx, dy, dz = d_dims
        for z, y, x in itertools.product(range(dz), range(dy), range(dx // 2 + 1)):
            ly, lz = logical(y, dy), logical(z, dz)
            if (x <= sx // 2 and -(sy // 2) <= ly <= (sy - 1) // 2
                    and -(sz // 2) <= lz <= (sz - 1) // 2):
                assert got[z, y, x].tolist() == src[lz % sz, ly % sy, x].tolist()
            else:
                assert got[z, y, x].tolist() == [-7, -7]

    # kilosort_cross_filter: W1 (1, 2), W2 (3, 4), UtU 2: lags (1 4, 1 3 + 2 4, 2 3) times 2 =
    # (8, 22, 12); random templates against a loop
    def cross(w1, w2, utu):
        w1 = np.asarray(w1, f32)
        nf, nt = w1.shape
        return references.kilosort_cross_filter({
            "W1": w1, "W2": np.asarray(w2, f32), "UtU": np.asarray(utu, f32),
            "WtW": np.zeros((2 * nt - 1, nf, nf), f32), "Nfilt": nf, "nt0": nt})["WtW"]

    assert cross([[1, 2]], [[3, 4]], [[2]]).reshape(-1).tolist() == [8, 22, 12]
    w1, w2 = rng.integers(-8, 8, (2, 5, 4))
    utu = rng.integers(-4, 4, (5, 5))
    got = cross(w1, w2, utu)
    for lag, j, i in itertools.product(range(7), range(5), range(5)):
        want = sum(w1[i, t] * w2[j, t + 3 - lag] for t in range(4) if 0 <= t + 3 - lag < 4)
        assert got[lag, j, i] == want * utu[j, i]

    # gpufit_calc_hessians: one fit of 2 points, derivatives (1, 2) and (3, 4), weights (1, 2):
    # [[9, 19], [19, 41]]; a finished fit keeps its Hessian; random fits against a loop
    def hessians(deriv, weights, idx, finished, skip):
        deriv = np.asarray(deriv, f32)
        nfits, npar, npts = deriv.shape
        n = len(idx)
        return references.gpufit_calc_hessians({
            "hessians": np.full((nfits, n, n), -1, f32), "derivatives": deriv,
            "weights": np.asarray(weights, f32), "n_fits": nfits, "n_points": npts,
            "n_parameters": npar, "n_parameters_to_fit": n,
            "parameters_to_fit_indices": np.asarray(idx, np.int32),
            "finished": np.asarray(finished, np.int32), "skip": np.asarray(skip, np.int32)})[
                "hessians"]

    got = hessians([[[1, 2], [3, 4]]] * 2, [[1, 2]] * 2, [0, 1], [0, 1], [0, 0])
    assert got.tolist() == [[[9, 19], [19, 41]], [[-1, -1], [-1, -1]]]
    deriv = rng.integers(-8, 8, (9, 5, 6))
    weights = rng.integers(1, 5, (9, 6))
    idx = [4, 0, 2]
    finished, skip = rng.integers(0, 2, (2, 9))
    got = hessians(deriv, weights, idx, finished, skip)
    for f, i, j in itertools.product(range(9), range(3), range(3)):
        if finished[f] or skip[f]:
            assert got[f, i, j] == -1
        else:
            assert got[f, i, j] == sum(deriv[f, idx[i], p] * deriv[f, idx[j], p] * weights[f, p]
                                       for p in range(6))

    # cudpp_cuckoo_retrieve: a 2-slot table (5 -> 7, 3 -> 8) with zero constants (every key's
    # slots key mod 2): 3 finds 8; 5 probes slot 1 four times, then the stash's slot 5 (5 ->
    # 42); 4 misses everywhere (its stash slot empty); random tables against a loop
    def retrieve(entries, keys, size, consts, stash, count):
        words = np.asarray(entries, np.uint32).reshape(-1)
        vals = {"n_queries": len(keys), "keys_in": np.asarray(keys, np.uint32),
                "table_size": size, "table_words": words, "stash_count": count,
                "stash_x": stash[0], "stash_y": stash[1],
                "values_out": np.zeros(len(keys), np.uint32)}
        for f in range(4):
            vals[f"c{f}x"], vals[f"c{f}y"] = consts[f]
        return references.cudpp_cuckoo_retrieve(vals)["values_out"].tolist()

    empty = [0, 0xFFFFFFFF]
    entries = [[7, 5], [8, 3]] + [empty] * 101
    entries[2 + 5] = [42, 5]
    assert retrieve(entries, [3, 5, 4], 2, [(0, 0)] * 4, (0, 0), 1) == [8, 42, 0xFFFFFFFF]
    assert retrieve(entries, [3, 5, 4], 2, [(0, 0)] * 4, (0, 0), 0) == [8] + [0xFFFFFFFF] * 2
    size = 11
    entries = rng.integers(0, 6, (size + 101, 2))
    entries[rng.integers(0, size + 101, 30), 1] = 0xFFFFFFFF
    consts = [tuple(int(c) for c in rng.integers(0, 2**32, 2)) for _ in range(4)]
    stash = tuple(int(c) for c in rng.integers(0, 2**32, 2))
    keys = rng.integers(0, 6, 200)
    got = retrieve(entries, keys, size, consts, stash, 3)
    for q, key in enumerate(keys.tolist()):
        slots = [(((cx ^ key) + cy) % 2**32) % 4294967291 % size for cx, cy in consts]
        entry = entries[slots[0]]
        for s in slots[1:]:
            if entry[1] != key and entry[1] != 0xFFFFFFFF:
                entry = entries[s]
        if entry[1] != key:
            entry = entries[size + (stash[0] ^ ((key + stash[1]) % 2**32)) % 101]
        assert got[q] == (entry[0] if entry[1] == key else 0xFFFFFFFF)

    # cp2k_pw_gather: grid points (1, 2), (3, 4) gathered by the map (1, 0, 1) times 1/2
    def gather(c, ghat, scale):
        return references.cp2k_pw_gather({
            "c": np.asarray(c, np.float64), "ghatmap": np.asarray(ghat, np.int32),
            "scale": scale, "ngpts": len(ghat), "pwcc": np.zeros((len(ghat) + 1, 2))})["pwcc"]

    got = gather([[1, 2], [3, 4]], [1, 0, 1], 0.5)
    assert got.tolist() == [[1.5, 2], [0.5, 1], [1.5, 2], [0, 0]]


def test_blind65_references_on_hand_checked_inputs():
    rng = np.random.default_rng(65)
    f32 = np.float32

    # dedisp_dedisperse: one word row of 16 channels, only channels 0 (delay 0) and 1 (delay
    # 1 a unit of DM) kept; channel 0 holds (1, 2, 3, 0, 1, 2), channel 1 (3, 3, 0, 1, 2, 0):
    # at DM 0 the sums (4, 5, 3), at DM 2 (1 + 0, 2 + 1, 3 + 2) = (1, 3, 5), each scaled by
    # 1 / (3 16) (3 1024 / 255 / 16); random filterbanks against a loop
    def dedisperse(words, nsamps, dms, table, kill):
        words = np.asarray(words, np.uint32)
        ndm = len(dms)
        got = references.dedisp_dedisperse({
            "d_in": words, "nsamps": nsamps, "stride": words.shape[1], "dm_count": ndm,
            "nchans": len(table), "out_stride": nsamps + 1,
            "d_out": np.full((ndm, nsamps + 1), -1, f32), "d_dm_list": np.asarray(dms, f32),
            "delay_table": np.asarray(table, f32), "killmask": np.asarray(kill, np.int32)})
        return got["d_out"]

    def scaled(total, nchans):
        factor = f32(f32(f32(3) * f32(1024)) / f32(255)) / f32(16)
        return f32(f32(total) / f32(3 * nchans)) * factor

    table = [0, 1] + [0] * 14
    kill = [1, 1] + [0] * 14
    words = [[13, 14, 3, 4, 9, 2]]
    got = dedisperse(words, 3, [0, 2], table, kill)
    assert got.tolist() == [[*(scaled(t, 16) for t in (4, 5, 3)), -1],
                            [*(scaled(t, 16) for t in (1, 3, 5)), -1]]
    nchans, stride, nsamps = 32, 20, 9
    words = rng.integers(0, 2**32, (nchans // 16, stride), dtype=np.uint64)
    dms = rng.integers(0, 4, 5)
    table = rng.integers(0, 3, nchans)
    kill = rng.integers(0, 2, nchans)
    got = dedisperse(words, nsamps, dms, table, kill)
    for d, t in itertools.product(range(5), range(nsamps)):
        total = sum(int(kill[c]) * (int(words[c // 16, t + int(dms[d] * table[c])])
                                    >> 2 * (c % 16) & 3) for c in range(nchans))
        assert got[d, t] == scaled(total, nchans)
    assert (got[:, nsamps] == -1).all()

    # hpgmg_smooth_gsrb: one interior cell (2) of a 3^3 box, its +x neighbour 5, -x 1, the
    # others 0, every alpha and beta 1, h = 1: Helmholtz 2 - (3 - 1 - 2 - 2 - 2 - 2) = 8, rhs 3,
    # lambda 2: 2 - 2 (8 - 3) = -8 on the red sweep, 2 kept on the black one; random boxes
    # against a loop
    def smooth(phi, others, dim, h, sweep, nbox=1):
        p = dim + 2
        grids = {name: np.asarray(g, np.float64).reshape(-1) for name, g in others.items()}
        got = references.hpgmg_smooth_gsrb({
            "phi_grids": np.asarray(phi, np.float64).reshape(-1), **grids, "a": 1.0, "b": 1.0,
            "h": h, "sweep": sweep, "dim": dim, "pencil": p, "plane": p * p,
            "box_volume": p**3})["phi_grids"]
        return got.reshape(nbox, p, p, p)

    phi = np.zeros((3, 3, 3))
    phi[1, 1, 1], phi[1, 1, 2], phi[1, 1, 0] = 2, 5, 1
    ones = {name: np.ones(27) for name in ("alpha_grids", "beta_i_grids", "beta_j_grids",
                                           "beta_k_grids")}
    ones |= {"rhs_grids": np.full(27, 3.0), "lambda_grids": np.full(27, 2.0)}
    for sweep, want in ((1, -8), (0, 2)):
        got = smooth(phi, ones, 1, 1.0, sweep)
        assert got[0, 1, 1, 1] == want
        got[0, 1, 1, 1] = phi[1, 1, 1]
        assert (got[0] == phi).all()
    dim, p = 3, 5
    phi = rng.integers(-8, 8, (2, p, p, p))
    others = {name: rng.integers(1, 4, (2, p, p, p)) for name in ones}
    others["rhs_grids"] = rng.integers(-64, 64, (2, p, p, p))
    for sweep in (0, 1):
        got = smooth(phi, others, dim, 0.5, sweep, 2)
        for bx, k, j, i in itertools.product(range(2), *[range(1, dim + 1)] * 3):
            def g(name, dk=0, dj=0, di=0, bx=bx, k=k, j=j, i=i):
                return (phi if name == "phi" else others[name])[bx, k + dk, j + dj, i + di]
            c = g("phi")
            helm = g("alpha_grids") * c - 4 * (
                g("beta_i_grids", 0, 0, 1) * (g("phi", 0, 0, 1) - c)
                - g("beta_i_grids") * (c - g("phi", 0, 0, -1))
                + g("beta_j_grids", 0, 1) * (g("phi", 0, 1) - c)
                - g("beta_j_grids") * (c - g("phi", 0, -1))
                + g("beta_k_grids", 1) * (g("phi", 1) - c)
                - g("beta_k_grids") * (c - g("phi", -1)))
            red = (i + j + k - 3 + sweep) % 2 == 1
            want = c - g("lambda_grids") * (helm - g("rhs_grids")) if red else c
            assert got[bx, k, j, i] == want
        inside = np.zeros((p, p, p), bool)
        inside[1:-1, 1:-1, 1:-1] = True
        assert (got[:, ~inside] == phi[:, ~inside]).all()

    # kilosort_extract_snips: two channels of 5 samples, snippets of 2: spike 0 at 3 on
    # channel 1 ((3, 4), (13, 14)), spike 1 at 1 on channel 0 ((1, 2), (11, 12)), spike 2 past
    # counter[1] (kept), spike 3's channel not a block; random spikes against a loop
    def snips(raw, st, ids, count, nt0):
        raw = np.asarray(raw, f32)
        nchan, nt = raw.shape
        got = references.kilosort_extract_snips({
            "st": np.asarray(st, np.int32), "id": np.asarray(ids, np.int32),
            "counter": np.asarray([99, count], np.int32), "dataraw": raw,
            "WU": np.full((len(st), nchan, nt0), -1, f32), "NT": nt, "nt0": nt0,
            "Nchan": nchan})
        return got["WU"]

    raw = [[0, 1, 2, 3, 4], [10, 11, 12, 13, 14]]
    got = snips(raw, [3, 1, 0], [1, 0, 1], 2, 2)
    assert got.tolist() == [[[3, 4], [13, 14]], [[1, 2], [11, 12]], [[-1, -1], [-1, -1]]]
    got = snips(raw, [3, 0], [2, 0], 2, 2)
    assert got.tolist() == [[[-1, -1], [-1, -1]], [[0, 1], [10, 11]]]
    raw = rng.integers(-512, 512, (4, 30))
    st = rng.integers(0, 25, 12)
    ids = rng.integers(0, 4, 12)
    got = snips(raw, st, ids, 10, 6)
    for ind in range(12):
        want = (raw[:, st[ind] : st[ind] + 6] if ind < 10 else np.full((4, 6), -1)).tolist()
        assert got[ind].tolist() == want

    # kilosort_conv1d: one channel (1 .. 8), the filter (1, 2): d[t] + 2 d[t + 1] = 5, 8, 11,
    # ...; blocks of 2 threads walk chunks at 0, 2, 4 (4 < 8 - 2 - 2 + 1): 6 samples, blocks of
    # 4 one chunk: 4 samples, blocks of 8 none; random channels against a loop
    def conv(data, w, threads):
        data, w = np.asarray(data, f32), np.asarray(w, f32)
        nchan, nt = data.shape
        nrank, nt0 = w.shape
        return references.kilosort_conv1d({
            "data": data, "W": w, "conv_sig": np.full((nrank, nchan, nt), -1, f32), "NT": nt,
            "nt0": nt0, "Nchan": nchan, "Nrank": nrank}, threads=threads)["conv_sig"]

    data = [list(range(1, 9))]
    assert conv(data, [[1, 2]], 2).tolist() == [[[5, 8, 11, 14, 17, 20, -1, -1]]]
    assert conv(data, [[1, 2]], 4).tolist() == [[[5, 8, 11, 14, -1, -1, -1, -1]]]
    assert conv(data, [[1, 2]], 8).tolist() == [[[-1] * 8]]
    data = rng.integers(-256, 256, (3, 40))
    w = rng.integers(-4, 4, (2, 5))
    for threads in (1, 3, 7, 32):
        got = conv(data, w, threads)
        limit = 40 - threads - 5 + 1
        covered = 0
        while covered < limit:
            covered += threads
        for r, c, t in itertools.product(range(2), range(3), range(40)):
            want = sum(w[r, i] * data[c, t + i] for i in range(5)) if t < covered else -1
            assert got[r, c, t] == want

    # mxnet_count_sketch: two samples of 3 features, buckets (2, 0, 2), signs (1, -1, 1), out
    # ones: row 0 bucket 0 1 - 2, bucket 2 1 + 1 + 3; row 1 1 - 5 and 1 + 4 + 6; random
    # batches against a loop
    def sketch(x, h, s, out_dim, init):
        x = np.asarray(x, f32)
        n, in_dim = x.shape
        return references.mxnet_count_sketch({
            "nthreads": n * in_dim, "out": np.asarray(init, f32), "h": np.asarray(h, f32),
            "s": np.asarray(s, f32), "in": x, "n_samples": n, "in_dim": in_dim,
            "out_dim": out_dim})["out"]

    got = sketch([[1, 2, 3], [4, 5, 6]], [2, 0, 2], [1, -1, 1], 4, np.ones((2, 4)))
    assert got.tolist() == [[-1, 1, 5, 1], [-4, 1, 11, 1]]
    x = rng.integers(-8, 8, (5, 9))
    h = rng.integers(0, 6, 9)
    s = rng.integers(-1, 2, 9)
    init = rng.integers(-8, 8, (5, 6))
    got = sketch(x, h, s, 6, init)
    want = init.copy()
    for n, f in itertools.product(range(5), range(9)):
        want[n, h[f]] += s[f] * x[n, f]
    assert got.tolist() == want.tolist()

    # tsne_csr2coo: rows {5, 6}, {} and {7}: pairs (0, 5), (0, 6), (2, 7); random matrices
    # with empty rows against a loop
    def coo(ptr, cols):
        nnz = len(cols)
        return references.tsne_csr2coo({
            "coo_indices": np.full((nnz + 1, 2), -1, np.int32),
            "pij_row_ptr": np.asarray(ptr, np.int32), "pij_col_ind": np.asarray(cols, np.int32),
            "num_points": len(ptr) - 1, "num_nonzero": nnz})["coo_indices"]

    assert coo([0, 2, 2, 3], [5, 6, 7]).tolist() == [[0, 5], [0, 6], [2, 7], [-1, -1]]
    ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 4, 23))])
    cols = rng.integers(0, 23, ptr[-1])
    got = coo(ptr, cols)
    want = [[r, int(cols[k])] for r in range(23) for k in range(ptr[r], ptr[r + 1])]
    assert got.tolist() == [*want, [-1, -1]]


def test_blind66_references_on_hand_checked_inputs():
    rng = np.random.default_rng(66)
    f32 = np.float32

    # efusion_pyrdown_gauss: a 4 x 6 source r 10 + c, weights 1 but entry 0 (the window's
    # last row and column) 3: dst (0, 0) sums rows and columns 0 .. 2 (ty = tx = 3) plus 2
    # src[2, 2]: (99 + 44) / 11 = 13; dst (1, 2) rows 0 .. 2 (ty = 3), columns 2 .. 4 (tx =
    # 5) plus 2 src[2, 4]: (117 + 48) / 11 = 15; random images against the source's loop
    def pyrdown(src, g):
        src = np.asarray(src, f32)
        sr, sc = src.shape
        return references.efusion_pyrdown_gauss({
            "src": src, "src_rows": sr, "src_cols": sc, "dst": np.full((sr // 2, sc // 2), -1, f32),
            "dst_rows": sr // 2, "dst_cols": sc // 2, "gaussKernel": np.asarray(g, f32)})["dst"]

    src = 10 * np.arange(4)[:, None] + np.arange(6)[None, :]
    g = np.ones(25)
    g[0] = 3
    got = pyrdown(src, g)
    assert got[0, 0] == 13 and got[1, 2] == 15
    for sr, sc in ((7, 9), (6, 11)):
        src = rng.integers(0, 4096, (sr, sc))
        g = rng.integers(1, 37, 25)
        got = pyrdown(src, g)
        for y, x in itertools.product(range(sr // 2), range(sc // 2)):
            ty, tx = min(2 * y + 3, sr - 1), min(2 * x + 3, sc - 1)
            total = count = 0
            for cy in range(max(0, 2 * y - 2), ty):
                for cx in range(max(0, 2 * x - 2), tx):
                    w = int(g[(ty - cy - 1) * 5 + (tx - cx - 1)])
                    total += int(src[cy, cx]) * w
                    count += w
            assert got[y, x] == f32(total) / f32(count)

    # tigre_tv_update_u: one row of two voxels, pz (1, 2), py (3, 4), px (5, 9), dx 2: div 9
    # (all bare: the first plane, row and column) and 2 + 4 + (9 - 5) / 2 = 8; f 1, u (4, 8),
    # tau 1/4, lambda 4: 3 + (1 + 9/4) / 4 = 3.8125 and 6 + (1 + 2) / 4 = 6.75; random volumes
    # against a loop
    def update(u, f, pz, py, px, tau, lam, dz, dy, dx):
        u = np.asarray(u, f32)
        d, r, c = u.shape
        return references.tigre_tv_update_u({
            "f": np.asarray(f, f32), "pz": np.asarray(pz, f32), "py": np.asarray(py, f32),
            "px": np.asarray(px, f32), "u": u, "tau": tau, "lambda": lam, "depth": d,
            "rows": r, "cols": c, "dz": dz, "dy": dy, "dx": dx})["u"]

    got = update([[[4, 8]]], [[[1, 1]]], [[[1, 2]]], [[[3, 4]]], [[[5, 9]]], 0.25, 4.0, 1.0,
                 1.0, 2.0)
    assert got.tolist() == [[[3.8125, 6.75]]]
    shape = (3, 4, 5)
    u, f = rng.integers(-64, 64, shape), rng.integers(-64, 64, shape)
    pz, py, px = (rng.integers(-8, 8, shape) for _ in range(3))
    got = update(u, f, pz, py, px, 0.25, 4.0, 2.0, 0.5, 1.0)
    for z, y, x in itertools.product(*map(range, shape)):
        div = (pz[z, y, x] - pz[z - 1, y, x]) / 2 if z else pz[z, y, x]
        div += (py[z, y, x] - py[z, y - 1, x]) / 0.5 if y else py[z, y, x]
        div += px[z, y, x] - px[z, y, x - 1] if x else px[z, y, x]
        assert got[z, y, x] == u[z, y, x] * 0.75 + 0.25 * (f[z, y, x] + div / 4)

    # cholmod_sum_a: a 3 x 2 supernode (rows 3 apart) (1 .. 6) plus -1 times (6 .. 1): -5,
    # -3, -1, 1, 3, 5; only the first nsrow nscol entries; random supernodes against a loop
    def sum_a(a1, a2, alpha, nsrow, nscol):
        return references.cholmod_sum_a({
            "a1": np.asarray(a1, np.float64), "a2": np.asarray(a2, np.float64),
            "alpha": alpha, "nsrow": nsrow, "nscol": nscol})["a1"]

    assert sum_a([1, 2, 3, 4, 5, 6, 9], [6, 5, 4, 3, 2, 1, 9], -1.0, 3, 2).tolist() == [
        -5, -3, -1, 1, 3, 5, 9]
    a1, a2 = rng.integers(-64, 64, (4, 7)), rng.integers(-64, 64, (4, 7))
    got = sum_a(a1, a2, -1.0, 7, 3)
    for c, r in itertools.product(range(4), range(7)):
        assert got[c, r] == (a1[c, r] - a2[c, r] if c < 3 else a1[c, r])

    # vllm_reshape_and_cache: two tokens of one head of 4 (x 2, blocks of 2 slots), token 0 to
    # slot 3 (block 1, offset 1): its key (1, 2, 3, 4) in key_cache[1, 0, :, 1, :] as (1, 2),
    # (3, 4) and its value down value_cache[1, 0, :, 1]; token 1 padding (slot -1); random
    # decode steps against a loop
    def cache(key, value, slots, heads, hsize, bs, x, nblk):
        key, value = np.asarray(key, f32), np.asarray(value, f32)
        return references.vllm_reshape_and_cache({
            "key": key, "value": value,
            "key_cache": np.full((nblk, heads, hsize // x, bs, x), -1, f32),
            "value_cache": np.full((nblk, heads, hsize, bs), -1, f32),
            "slot_mapping": np.asarray(slots, np.int64), "key_stride": key.shape[1],
            "value_stride": value.shape[1], "num_heads": heads, "head_size": hsize,
            "block_size": bs, "x": x})

    got = cache([[1, 2, 3, 4], [5, 6, 7, 8]], [[9, 8, 7, 6], [5, 5, 5, 5]], [3, -1, 0], 1, 4,
                2, 2, 2)
    kc, vc = got["key_cache"], got["value_cache"]
    assert kc[1, 0, :, 1, :].tolist() == [[1, 2], [3, 4]] and vc[1, 0, :, 1].tolist() == [
        9, 8, 7, 6]
    assert (kc == -1).sum() == kc.size - 4 and (vc == -1).sum() == vc.size - 4
    key, value = rng.integers(-64, 64, (5, 14)), rng.integers(-64, 64, (5, 14))
    slots = [7, -1, 0, 13, 4]
    got = cache(key, value, slots + [99], 3, 4, 3, 2, 5)
    kc = np.full((5, 3, 2, 3, 2), -1)
    vc = np.full((5, 3, 4, 3), -1)
    for t, s in enumerate(slots):
        if s < 0:
            continue
        for i in range(12):
            h, d = divmod(i, 4)
            kc[s // 3, h, d // 2, s % 3, d % 2] = key[t, i]
            vc[s // 3, h, d, s % 3] = value[t, i]
    assert got["key_cache"].tolist() == kc.tolist()
    assert got["value_cache"].tolist() == vc.tolist()

    # dcnv2_im2col: one 2 x 2 channel (1, 2; 3, 4), a 1 x 1 kernel: offsets (1, 1), (0, 1),
    # (-1, 0), (0, 0) sample 4, outside (0), 1 and 4; masks (2, 1, 1, 0): (8, 0, 1, 0); random
    # batches against the source's bilinear loop
    def im2col(im, offset, mask, k, pad, stride, dg):
        im = np.asarray(im, f32)
        nb, nc, h, w = im.shape
        hc, wc = (h + 2 * pad - k) // stride + 1, (w + 2 * pad - k) // stride + 1
        return references.dcnv2_im2col({
            "n": nc * nb * hc * wc, "data_im": im, "data_offset": np.asarray(offset, f32),
            "data_mask": np.asarray(mask, f32), "height": h, "width": w, "kernel_h": k,
            "kernel_w": k, "pad_h": pad, "pad_w": pad, "stride_h": stride, "stride_w": stride,
            "dilation_h": 1, "dilation_w": 1, "channel_per_deformable_group": nc // dg,
            "batch_size": nb, "num_channels": nc, "deformable_group": dg, "height_col": hc,
            "width_col": wc, "data_col": np.full((nc * k * k, nb, hc, wc), -1, f32)})["data_col"]

    got = im2col([[[[1, 2], [3, 4]]]], [[[[1, 0], [-1, 0]], [[1, 1], [0, 0]]]],
                 [[[[2, 1], [1, 0]]]], 1, 0, 1, 1)
    assert got.tolist() == [[[[8, 0], [1, 0]]]]
    nb, nc, h, w, k, dg = 2, 4, 5, 6, 3, 2
    im = rng.integers(-64, 64, (nb, nc, h, w))
    hc, wc = (h + 2 - k) // 2 + 1, (w + 2 - k) // 2 + 1
    offset = rng.integers(-4, 5, (nb, dg * 2 * k * k, hc, wc))
    mask = rng.integers(0, 3, (nb, dg * k * k, hc, wc))
    got = im2col(im, offset, mask, k, 1, 2, dg)

    def bilinear(img, hh, ww):
        hl, wl = int(np.floor(hh)), int(np.floor(ww))
        v = [img[a, b] if 0 <= a < h and 0 <= b < w else 0
             for a, b in ((hl, wl), (hl, wl + 1), (hl + 1, wl), (hl + 1, wl + 1))]
        lh, lw = hh - hl, ww - wl
        return ((1 - lh) * (1 - lw) * v[0] + (1 - lh) * lw * v[1] + lh * (1 - lw) * v[2]
                + lh * lw * v[3])

    for c, b, y, x in itertools.product(range(nc), range(nb), range(hc), range(wc)):
        g = c // (nc // dg)
        for i, j in itertools.product(range(k), range(k)):
            tap = i * k + j
            hh = y * 2 - 1 + i + offset[b, g * 2 * k * k + 2 * tap, y, x]
            ww = x * 2 - 1 + j + offset[b, g * 2 * k * k + 2 * tap + 1, y, x]
            val = bilinear(im[b, c], hh, ww) if -1 < hh < h and -1 < ww < w else 0
            assert got[c * k * k + tap, b, y, x] == val * mask[b, g * k * k + tap, y, x]

    # peasoup_harmonic_sum: (1 .. 6) at 2 harmonics, 1/2: (in[k] + in[k // 2]) / 2 = 1, 1.5,
    # 2.5, 3, 4, 4.5; random spectra at 3 and 4 harmonics against a loop
    def harmonic(data, harm, scale, size=None):
        data = np.asarray(data, f32)
        size = len(data) if size is None else size
        return references.peasoup_harmonic_sum({
            "d_idata": data, "d_odata": np.full(len(data), -1, f32), "gulp_index": 0,
            "size": size, "harmonic": harm, "one_over_sqrt_harm": scale})["d_odata"]

    assert harmonic(range(1, 7), 2, 0.5).tolist() == [1, 1.5, 2.5, 3, 4, 4.5]
    data = rng.integers(0, 256, 40)
    for harm in (3, 4):
        scale = f32(1 / harm**0.5)
        got = harmonic(data, harm, scale, 37)
        for k in range(37):
            total = int(data[k]) + sum(int(data[i * k // harm]) for i in range(1, harm))
            assert got[k] == f32(total) * scale
        assert got[37:].tolist() == [-1, -1, -1]


def test_blind67_references_on_hand_checked_inputs():
    rng = np.random.default_rng(67)
    f32 = np.float32

    # cusignal_convolve2d: a 2 x 3 frame (1 .. 6) and the 1 x 2 kernel (1, 10) (pick 3):
    # out[0, c] = inp[0, c] 10 + inp[0, c + 1], so (12, 23) and (45, 56); random frames and
    # odd, even and non-square kernels against the source's loops
    def conv(inp, ker, pick, s0, s1, oh, ow):
        inp, ker = np.asarray(inp, f32), np.asarray(ker, f32)
        return references.cusignal_convolve2d({
            "inp": inp, "inpW": inp.shape[1], "inpH": inp.shape[0], "kernel": ker,
            "kerW": ker.shape[0], "kerH": ker.shape[1], "S0": s0, "S1": s1,
            "out": np.full((oh, ow), -1, f32), "outW": ow, "outH": oh, "pick": pick})["out"]

    got = conv([[1, 2, 3], [4, 5, 6]], [[1, 10]], 3, 1, 2, 2, 2)
    assert got.tolist() == [[12, 23], [45, 56]]
    for kh, kw, pick in ((3, 3, 1), (4, 4, 2), (2, 5, 3)):
        s0, s1 = {1: ((kh - 1) // 2, 0), 2: (kh // 2, 0), 3: (kh, kw)}[pick]
        oh, ow = 5, 7
        inp = rng.integers(-16, 16, (oh + kh - 1, ow + kw - 1))
        ker = rng.integers(-4, 4, (kh, kw))
        got = conv(inp, ker, pick, s0, s1, oh, ow)
        for tx, ty in itertools.product(range(oh), range(ow)):
            total = 0
            if pick == 1:
                for k, m in itertools.product(range(-s0, s0 + 1), repeat=2):
                    total += inp[tx + s0 + k, ty + s0 + m] * ker[s0 - k, s0 - m]
            elif pick == 2:
                for k, m in itertools.product(range(-s0, s0), repeat=2):
                    total += inp[tx + s0 + k, ty + s0 + m] * ker[s0 - k - 1, s0 - m - 1]
            else:
                for k, m in itertools.product(range(s0), range(s1)):
                    total += inp[tx + k, ty + m] * ker[s0 - k - 1, s1 - m - 1]
            assert got[tx, ty] == total

    # bart_reduce_zadd_outer: two rows of two complex numbers (1+2j, 3+4j), (5+6j, 7+8j) onto
    # (1+1j, 0): (7+9j, 10+12j); random arrays against a loop
    def reduce(dst, src, dr, db):
        return references.bart_reduce_zadd_outer({
            "dim_reduce": dr, "dim_batch": db, "dst": np.asarray(dst, f32),
            "src": np.asarray(src, f32)})["dst"]

    got = reduce([[1, 1], [0, 0]], [[[1, 2], [3, 4]], [[5, 6], [7, 8]]], 2, 2)
    assert got.tolist() == [[7, 9], [10, 12]]
    dst, src = rng.integers(-8, 8, (9, 2)), rng.integers(-64, 64, (5, 9, 2))
    got = reduce(dst, src, 5, 9)
    for ix, part in itertools.product(range(9), range(2)):
        assert got[ix, part] == dst[ix, part] + sum(int(src[r, ix, part]) for r in range(5))

    # dreamplace_dct2_preprocess: a 2 x 4 map r 10 + c: row 0 to (0, 2, 3, 1), row 1 to
    # (10, 12, 13, 11) (even columns forward, odd ones backward from the end), row 1 (odd)
    # to the last row; random maps against the source's four cases on the halfN-wide index
    def reorder(x):
        x = np.asarray(x, f32)
        m, n = x.shape
        return references.dreamplace_dct2_preprocess({
            "x": x, "y": np.full((m, n), -1, f32), "M": m, "N": n, "halfN": n // 2})["y"]

    got = reorder(10 * np.arange(2)[:, None] + np.arange(4)[None, :])
    assert got.tolist() == [[0, 2, 3, 1], [10, 12, 13, 11]]
    for m, n in ((6, 8), (4, 10)):
        x = rng.integers(-64, 64, (m, n))
        got = reorder(x).reshape(-1)
        half = n // 2
        for hid, wid in itertools.product(range(m), range(n)):
            row = hid if hid % 2 == 0 else 2 * m - (hid + 1)
            col = wid // 2 if wid % 2 == 0 else n - (wid + 1) // 2
            assert got[row * half + col] == x[hid, wid]

    # jax_threefry2x32: the Threefry-2x32 known-answer vectors of the Random123 paper (20
    # rounds): key (0, 0) counter (0, 0) -> (0x6b200159, 0x99ba4efe); key and counter all
    # ones -> (0x1cb996fc, 0xbb002be7); key (0x13198a2e, 0x03707344) counter (0x243f6a88,
    # 0x85a308d3) -> (0xc4923a9c, 0x483df7a0); and a random batch against a scalar loop
    def threefry(k0, k1, d0, d1):
        arr = [np.asarray(v, np.uint32) for v in (k0, k1, d0, d1)]
        got = references.jax_threefry2x32({
            "key0": arr[0], "key1": arr[1], "data0": arr[2], "data1": arr[3],
            "out0": np.zeros(len(arr[0]), np.uint32), "out1": np.zeros(len(arr[0]), np.uint32),
            "n": len(arr[0])})
        return got["out0"].tolist(), got["out1"].tolist()

    ones = 0xFFFFFFFF
    got = threefry([0, ones, 0x13198A2E], [0, ones, 0x03707344], [0, ones, 0x243F6A88],
                   [0, ones, 0x85A308D3])
    assert got == ([0x6B200159, 0x1CB996FC, 0xC4923A9C], [0x99BA4EFE, 0xBB002BE7, 0x483DF7A0])

    def scalar(k0, k1, d0, d1):
        m = 0xFFFFFFFF
        ks = [k0, k1, 0x1BD11BDA ^ k0 ^ k1]
        x = [(d0 + k0) & m, (d1 + k1) & m]
        rots = [13, 15, 26, 6, 17, 29, 16, 24]
        for g in range(5):
            for r in rots[4 * (g % 2): 4 * (g % 2) + 4]:
                x[0] = (x[0] + x[1]) & m
                x[1] = (((x[1] << r) | (x[1] >> (32 - r))) & m) ^ x[0]
            x[0] = (x[0] + ks[(g + 1) % 3]) & m
            x[1] = (x[1] + ks[(g + 2) % 3] + g + 1) & m
        return x

    words = rng.integers(0, 2**32, (4, 20), dtype=np.uint64)
    got = threefry(*words)
    for i in range(20):
        assert [got[0][i], got[1][i]] == scalar(*(int(w[i]) for w in words))

    # dreamplace_hpwl: nets {pins 0, 2}, {} (masked in: -inf), {1, 2, 3} masked out, {3}:
    # x (5, 1, 9, 4): 9 - 5 = 4, -inf, 0, 0; random netlists against a loop
    def hpwl(x, pins, ptr, mask):
        nets = len(ptr) - 1
        return references.dreamplace_hpwl({
            "x": np.asarray(x, f32), "flat_netpin": np.asarray(pins, np.int32),
            "netpin_start": np.asarray(ptr, np.int32), "net_mask": np.asarray(mask, np.int32),
            "num_nets": nets, "partial_hpwl": np.full(nets, -1, f32)})["partial_hpwl"]

    got = hpwl([5, 1, 9, 4], [0, 2, 1, 2, 3, 3], [0, 2, 2, 5, 6], [1, 3, 0, 1])
    assert got.tolist() == [4, -np.inf, 0, 0]
    x = rng.integers(0, 65536, 60)
    pins = rng.integers(0, 60, 90)
    ptr = np.concatenate([[0], np.sort(rng.integers(0, 91, 29)), [90]])
    mask = rng.integers(0, 8, 30)
    got = hpwl(x, pins, ptr, mask)
    for i in range(30):
        vals = [int(x[p]) for p in pins[ptr[i]:ptr[i + 1]]]
        want = 0 if not mask[i] else (max(vals) - min(vals) if vals else -np.inf)
        assert got[i] == want

    # apollo_cnnseg_map: points of heights 3, -7, 2, 6 to cells 1, 1, -1 (skipped), 0 from
    # maxima -5, sums and counts 0: maxima (6, 3), sums (6, -4), counts (1, 2); random clouds
    # against a loop
    def cnnseg(pc, cells, ncells):
        pc = np.asarray(pc, f32)
        got = references.apollo_cnnseg_map({
            "n": len(pc), "pc": pc, "max_height_data": np.full(ncells, -5, f32),
            "mean_height_data": np.zeros(ncells, f32), "count_data": np.zeros(ncells, f32),
            "point2grid": np.asarray(cells, np.int32)})
        return [got[k].tolist() for k in ("max_height_data", "mean_height_data", "count_data")]

    pc = [[0, 0, z, 0] for z in (3, -7, 2, 6)]
    assert cnnseg(pc, [1, 1, -1, 0], 2) == [[6, 3], [6, -4], [1, 2]]
    pc = rng.integers(-8, 8, (50, 4))
    cells = rng.integers(-1, 6, 50)
    got = cnnseg(pc, cells, 6)
    for c in range(6):
        zs = [int(pc[i, 2]) for i in range(50) if cells[i] == c]
        assert got[0][c] == max([-5, *zs]) and got[1][c] == sum(zs) and got[2][c] == len(zs)


def test_blind68_references_on_hand_checked_inputs():
    rng = np.random.default_rng(68)
    f32 = np.float32

    # megengine_images2neibs: a 2 x 3 image (1 .. 6), a 2 x 2 window, padding 1, stride 1:
    # output (0, 0) takes rows -1, 0 and columns -1, 0: (0, 0, 0, 1); output (1, 2) rows 0,
    # 1 and columns 1, 2: (2, 3, 5, 6); random maps against the source's loop
    def unfold(src, wh, ww, ph, pw, sh, sw, dh, dw):
        src = np.asarray(src, f32)
        nb, nc, ih, iw = src.shape
        oh = (ih + 2 * ph - dh * (wh - 1) - 1) // sh + 1
        ow = (iw + 2 * pw - dw * (ww - 1) - 1) // sw + 1
        return references.megengine_images2neibs({
            "src": src, "dst": np.full((nb, nc, oh, ow, wh, ww), -1, f32), "N": nb, "C": nc,
            "IH": ih, "IW": iw, "OH": oh, "OW": ow, "ph": ph, "pw": pw, "sh": sh, "sw": sw,
            "dh": dh, "dw": dw, "WH": wh, "WW": ww})["dst"]

    got = unfold([[[[1, 2, 3], [4, 5, 6]]]], 2, 2, 1, 1, 1, 1, 1, 1)
    assert got.shape == (1, 1, 3, 4, 2, 2)
    assert got[0, 0, 0, 0].tolist() == [[0, 0], [0, 1]]
    assert got[0, 0, 1, 2].tolist() == [[2, 3], [5, 6]]
    src = rng.integers(-64, 64, (2, 3, 6, 7))
    for wh, ww, ph, pw, sh, sw, dh, dw in ((3, 3, 1, 1, 1, 1, 1, 1), (3, 2, 1, 0, 2, 1, 2, 1)):
        got = unfold(src, wh, ww, ph, pw, sh, sw, dh, dw)
        for n, c, y, x, i, j in itertools.product(*map(range, got.shape)):
            r, q = -ph + sh * y + i * dh, -pw + sw * x + j * dw
            want = src[n, c, r, q] if 0 <= r < 6 and 0 <= q < 7 else 0
            assert got[n, c, y, x, i, j] == want

    # minkowski_matmul: 2 input rows (1, 2) and (3, 4), weights [[1, 0, 1], [0, 1, 1]];
    # pairs (in 1 -> out 0) and (in 0 -> out 0) add (3, 4, 7) + (1, 2, 3) to output row 0;
    # random maps against a loop
    def matmul(a, b, c, in_map, out_map):
        a, b = np.asarray(a, f32), np.asarray(b, f32)
        return references.minkowski_matmul({
            "A": a, "wA": a.shape[1], "hA": len(in_map) - 1, "B": b, "wB": b.shape[1],
            "hB": b.shape[0], "C": np.asarray(c, f32),
            "in_map": np.asarray(in_map, np.int32), "out_map": np.asarray(out_map, np.int32)})["C"]

    got = matmul([[1, 2], [3, 4]], [[1, 0, 1], [0, 1, 1]], [[1, 1, 1], [5, 5, 5]], [1, 0, 9],
                 [0, 0, 9])
    assert got.tolist() == [[5, 7, 11], [5, 5, 5]]
    a, b = rng.integers(-8, 8, (9, 5)), rng.integers(-8, 8, (5, 4))
    c = rng.integers(-64, 64, (7, 4))
    in_map, out_map = rng.integers(0, 9, 12), rng.integers(0, 7, 12)
    got = matmul(a, b, c, in_map, out_map)
    want = c.copy()
    for y in range(11):
        for x in range(4):
            want[out_map[y], x] += sum(int(a[in_map[y], k]) * int(b[k, x]) for k in range(5))
    assert got.tolist() == want.tolist()

    # tomopy_sum_dist: a 2 x 3 slice pair, one row of the mask (1, 0, -1) counted: row 0 of
    # each slice gains (1, 0, 0), row 1 kept; random masks against a loop
    def sum_dist(ones, counts, dx):
        ones, counts = np.asarray(ones, np.int32), np.asarray(counts, np.uint32)
        dy, ny, nx = counts.shape
        return references.tomopy_sum_dist({
            "dy": dy, "dx": dx, "nx": nx, "ny": ny, "ones": ones, "sum_dist": counts,
            "p": 0})["sum_dist"]

    got = sum_dist([[1, 0, -1], [1, 1, 1]], np.full((2, 2, 3), 5), 1)
    assert got.tolist() == [[[6, 5, 5], [5, 5, 5]]] * 2
    ones, counts = rng.integers(-1, 2, (6, 5)), rng.integers(0, 1000, (3, 6, 5))
    got = sum_dist(ones, counts, 4)
    for s, d, n in itertools.product(range(3), range(6), range(5)):
        assert got[s, d, n] == counts[s, d, n] + (1 if d < 4 and ones[d, n] > 0 else 0)

    # mnn_argmax: two outputs over an axis of 3, (1, 5, 5) and (2, 2, 0): the first maximum,
    # 1 and 0; random ties against the source's loop
    def argmax(data):
        data = np.asarray(data, f32)
        outside, dim, inside = data.shape
        return references.mnn_argmax({
            "count": outside * inside, "outside": outside, "inside": inside, "dim": dim,
            "input": data, "output": np.full((outside, inside), -1, np.int32)})["output"]

    assert argmax([[[1, 2], [5, 2], [5, 0]]]).tolist() == [[1, 0]]
    data = rng.integers(-4, 4, (3, 6, 7))
    got = argmax(data)
    for o, n in itertools.product(range(3), range(7)):
        index, best = 0, data[o, 0, n]
        for j in range(1, 6):
            if best < data[o, j, n]:
                index, best = j, data[o, j, n]
        assert got[o, n] == index

    # sundials_constr_mask: c (2, 2, 1, 1, -1, -2, 0), x (0, 1, 0, -1, 1, -3, -5): violated
    # 1, 0, 0, 1, 1, 0, 0; one thread: blocks of 2 sum (1, 1, 1, 0); random vectors against a
    # loop at 3 threads (blocks of 6)
    def constr(c, x, threads):
        c, x = np.asarray(c, np.float64), np.asarray(x, np.float64)
        return references.sundials_constr_mask({
            "c": c, "x": x, "m": np.full(len(c), -1.0), "out": np.full(-(-len(c) // 2), -1.0),
            "n": len(c)}, threads)

    got = constr([2, 2, 1, 1, -1, -2, 0], [0, 1, 0, -1, 1, -3, -5], 1)
    assert got["m"].tolist() == [1, 0, 0, 1, 1, 0, 0] and got["out"].tolist() == [1, 1, 1, 0]
    c, x = rng.integers(-2, 3, 40), rng.integers(-4, 5, 40)
    got = constr(c, x, 3)
    m = [int((abs(a) > 1.5 and a * b <= 0) or (abs(a) > 0.5 and a * b < 0))
         for a, b in zip(c, x, strict=True)]
    assert got["m"].tolist() == m
    assert got["out"].tolist() == [sum(m[k:k + 6]) for k in range(0, 40, 6)] + [-1] * 13

    # tnn_pad_reflect: a row (1, 2, 3) padded by 2 each side: (3, 2, 1, 2, 3, 2, 1); random
    # volumes against the source's index arithmetic
    def pad(src, pd, ph, pw):
        src = np.asarray(src, f32)
        nb, nc, idd, ih, iw = src.shape
        od, oh, ow = idd + 2 * pd, ih + 2 * ph, iw + 2 * pw
        return references.tnn_pad_reflect({
            "src": src, "dst": np.full((nb, nc, od, oh, ow), -1, f32),
            "count": nb * nc * od * oh * ow, "channels": nc, "output_d": od, "output_h": oh,
            "output_w": ow, "input_d": idd, "input_h": ih, "input_w": iw, "pad_d": pd,
            "pad_h": ph, "pad_w": pw})["dst"]

    assert pad([[[[[1, 2, 3]]]]], 0, 0, 2).tolist() == [[[[[3, 2, 1, 2, 3, 2, 1]]]]]
    src = rng.integers(-64, 64, (2, 2, 3, 4, 5))
    got = pad(src, 1, 2, 3)

    def refl(i, size, p):
        return (i - p if i < p + size else p - 2 - i + 2 * size) if i >= p else p - i

    for n, c, d, h, w in itertools.product(*map(range, got.shape)):
        assert got[n, c, d, h, w] == src[n, c, refl(d, 3, 1), refl(h, 4, 2), refl(w, 5, 3)]


def test_blind69_references_on_hand_checked_inputs():
    rng = np.random.default_rng(69)
    f32 = np.float32

    # exatensor_matmul_tn: arg1 rows (1, 2) and (3, 4), arg2 row (5, 6), alpha 0.5, arg0 (1,
    # 1): column 0 gets 1 + 0.5 (5 + 12) = 9.5 and 1 + 0.5 (15 + 24) = 20.5; random
    # matrices against the source's loop
    def contract(a1, a2, a0, alpha):
        a1, a2, a0 = (np.asarray(x, f32) for x in (a1, a2, a0))
        return references.exatensor_matmul_tn({
            "ll": a1.shape[0], "lr": a2.shape[0], "lc": a1.shape[1], "arg1": a1, "arg2": a2,
            "arg0": a0, "alpha": alpha})["arg0"]

    assert contract([[1, 2], [3, 4]], [[5, 6]], [[1, 1]], 0.5).tolist() == [[9.5, 20.5]]
    for ll, lr, lc in ((5, 3, 7), (1, 4, 2)):
        a1 = rng.integers(-8, 8, (ll, lc))
        a2 = rng.integers(-8, 8, (lr, lc))
        a0 = rng.integers(-64, 64, (lr, ll))
        want = a0.astype(np.float64)
        for c in range(lr):
            for r in range(ll):
                for k in range(lc):
                    want[c, r] += a1[r, k] * 0.5 * a2[c, k]
        assert np.array_equal(contract(a1, a2, a0, 0.5), want)

    # bidmat_copy_from_inds2d: A column-major 3 x 2 (columns (1, 2, 3), (4, 5, 6)), I = (2,
    # 0), J = (1, 1, 0): B's columns (6, 4), (6, 4), (3, 1); random indices against a loop
    def gather(a, lda, rows, cols, ldb):
        nb = np.full((len(cols), ldb), -1, f32)
        return references.bidmat_copy_from_inds2d({
            "A": np.asarray(a, f32), "lda": lda, "B": nb, "ldb": ldb,
            "I": np.asarray(rows, np.int32), "nrows": len(rows),
            "J": np.asarray(cols, np.int32), "ncols": len(cols)})["B"]

    got = gather([[1, 2, 3], [4, 5, 6]], 3, [2, 0], [1, 1, 0], 2)
    assert got.tolist() == [[6, 4], [6, 4], [3, 1]]
    a = rng.integers(-64, 64, (7, 9))
    rows, cols = rng.integers(0, 9, 11), rng.integers(0, 7, 5)
    got = gather(a, 9, rows, cols, 12)
    for c in range(5):
        for i in range(12):
            assert got[c, i] == (a[cols[c], rows[i]] if i < 11 else -1)

    # hydrogen_axpy_2d: a 2 x 2 view (column strides 3 and 2) of A (1 .. 6) into B (ones),
    # alpha 0.5: B's columns (1.5, 2), (3, 3.5), the row past A's view untouched; random views
    # against a loop
    def axpy(m, n, a, csa, b, csb, alpha):
        return references.hydrogen_axpy_2d({
            "m": m, "n": n, "alpha": alpha, "A": np.asarray(a, f32), "row_stride_A": 1,
            "col_stride_A": csa, "B": np.asarray(b, f32), "row_stride_B": 1,
            "col_stride_B": csb})["B"]

    got = axpy(2, 2, [1, 2, 3, 4, 5, 6], 3, np.ones(4), 2, 0.5)
    assert got.tolist() == [1.5, 2, 3, 3.5]
    a = rng.integers(-64, 64, 6 * 7)
    b = rng.integers(-64, 64, 6 * 5)
    got = axpy(4, 6, a, 7, b, 5, 0.5)
    want = b.astype(np.float64)
    for c in range(6):
        for r in range(4):
            want[c * 5 + r] += 0.5 * a[c * 7 + r]
    assert np.array_equal(got, want)

    # babelstream_dot: 5 products (1, 2, 3, 4, 5) on 2 blocks of 2 threads: block 0 takes i
    # = 0, 1, 4 (8), block 1 takes 2, 3 (7); random arrays against the grid-stride loop
    def dot(a, b, blocks, threads):
        return references.babelstream_dot({
            "a": np.asarray(a, np.float64), "b": np.asarray(b, np.float64),
            "sums": np.full(blocks, -1.0), "array_size": len(a)}, threads=threads)["sums"]

    assert dot([1, 2, 3, 4, 5], [1, 1, 1, 1, 1], 2, 2).tolist() == [8, 7]
    for n, blocks, threads in ((101, 3, 7), (5, 4, 3)):
        a, b = rng.integers(-8, 8, n), rng.integers(-8, 8, n)
        want = np.zeros(blocks)
        for blk in range(blocks):
            for t in range(threads):
                for i in range(blk * threads + t, n, blocks * threads):
                    want[blk] += a[i] * b[i]
        assert np.array_equal(dot(a, b, blocks, threads), want)

    # graphbig_degree_centr: 3 vertices, edges 0 -> (1, 2), 1 -> (), 2 -> (1): counts (5,
    # 7, 9) become (5, 9, 10); random graphs against the source's loop
    def degrees(vlist, elist, counts):
        return references.graphbig_degree_centr({
            "vplist": np.asarray(counts, np.uint32), "vlist": np.asarray(vlist, np.int64),
            "elist": np.asarray(elist, np.int64), "vertex_cnt": len(vlist) - 1,
            "edge_cnt": len(elist)})["vplist"]

    assert degrees([0, 2, 2, 3], [1, 2, 1], [5, 7, 9]).tolist() == [5, 9, 10]
    for nv, ne in ((30, 100), (7, 3)):
        vlist = np.concatenate([[0], np.sort(rng.integers(0, ne + 1, nv - 1)), [ne]])
        elist = rng.integers(0, nv, ne)
        counts = rng.integers(0, 1000, nv)
        want = counts.copy()
        for v in range(nv):
            for i in range(vlist[v], vlist[v + 1]):
                want[elist[i]] += 1
        assert np.array_equal(degrees(vlist, elist, counts), want)

    # kaolin_interp_trilinear: one voxel (point (0, 0, 0), trinkets 0 .. 7, feature k = k),
    # resolution 2: the sample at coords (0, -1, 0) sits at local (1, 0, 1), all weight on
    # corner 101 (5); at (-1, -1, -1) on corner 000 (0); a second voxel skipped (-1); random
    # samples against the source's loop
    def interp(coords, pidx, points, trinkets, feats, ns, res):
        coords = np.asarray(coords, f32).reshape(-1, 3)
        feats = np.asarray(feats, f32)
        return references.kaolin_interp_trilinear({
            "coords": coords, "pidx": np.asarray(pidx, np.int32),
            "points": np.asarray(points, np.int32), "trinkets": np.asarray(trinkets, np.int32),
            "feature_in": feats, "feature_out": np.full((len(coords), feats.shape[1]), -1, f32),
            "feature_dim": feats.shape[1], "resolution": res, "num_samples": ns,
            "num": len(coords)})["feature_out"]

    got = interp([[0, -1, 0], [-1, -1, -1], [0, 0, 0], [0, 0, 0]], [0, -1], [[0, 0, 0]],
                 [list(range(8))], [[k] for k in range(8)], 2, 2)
    assert got.tolist() == [[5], [0], [-1], [-1]]
    nv, ns, npts, nf, fd = 6, 3, 4, 9, 2
    coords = rng.integers(-1, 1, (nv * ns, 3))
    pidx = rng.integers(-1, npts, nv)
    points = rng.integers(0, 2, (npts, 3))
    trinkets = rng.integers(0, nf, (npts, 8))
    feats = rng.integers(-8, 8, (nf, fd))
    got = interp(coords, pidx, points, trinkets, feats, ns, 2)
    for i in range(nv * ns):
        p = pidx[i // ns]
        if p < 0:
            assert (got[i] == -1).all()
            continue
        hi = [2 * (coords[i, d] * 0.5 + 0.5) - points[p, d] for d in range(3)]
        lo = [1 - h for h in hi]
        for j in range(fd):
            total = 0.0
            for k in range(8):
                w = ((hi[0] if k & 4 else lo[0]) * (hi[1] if k & 2 else lo[1])
                     * (hi[2] if k & 1 else lo[2]))
                total += feats[trinkets[p, k], j] * w
            assert got[i, j] == total


def test_blind70_references_on_hand_checked_inputs():
    rng = np.random.default_rng(70)
    f32, f64 = np.float32, np.float64

    # spfft_transpose_fwd: a 2-plane grid of 3 positions, values (re, im) = (10 z + xy, -1);
    # sticks at positions 2 and 0: stick 0 gets (2, -1), (12, -1), stick 1 (0, -1), (10,
    # -1); random grids against the source's loop
    def transpose(space, idx):
        space = np.asarray(space, f64)
        dz, xy, _ = space.shape
        ns = len(idx)
        return references.spfft_transpose_fwd({
            "indices": np.asarray([*idx, 0], np.int32), "space": space,
            "freq": np.full((ns, dz, 2), -1.0), "num_sticks": ns, "dim_z": dz,
            "dim_xy": xy})["freq"]

    space = [[[10 * z + p, -1] for p in range(3)] for z in range(2)]
    got = transpose(space, [2, 0])
    assert got.tolist() == [[[2, -1], [12, -1]], [[0, -1], [10, -1]]]
    space = rng.integers(-64, 64, (5, 11, 2))
    idx = np.sort(rng.integers(0, 11, 9))
    got = transpose(space, idx)
    for s, z, c in itertools.product(range(9), range(5), range(2)):
        assert got[s, z, c] == space[z, idx[s], c]

    # nvenc_curves: a row of 6 in a pitch of 8 through lut[v] = 2 v + 1: the groups from 0
    # and 4 start inside the width, so all 8 pixels map; random planes against a loop
    def curves(frame, width, lut):
        frame = np.asarray(frame, np.int32)
        h, pitch = frame.shape
        return references.nvenc_curves({
            "frame": frame, "pitch": pitch, "width": width, "height": h,
            "lut": np.asarray(lut, np.int32)})["frame"]

    lut = [2 * v + 1 for v in range(10)]
    assert curves([[0, 1, 2, 3, 4, 5, 6, 7]], 6, lut).tolist() == [[1, 3, 5, 7, 9, 11, 13, 15]]
    assert curves([[0, 1, 2, 3, 4, 5, 6, 7]], 4, lut).tolist() == [[1, 3, 5, 7, 4, 5, 6, 7]]
    frame, lut = rng.integers(0, 50, (4, 16)), rng.integers(0, 50, 50)
    got = curves(frame, 9, lut)
    for y, x in itertools.product(range(4), range(16)):
        assert got[y, x] == (lut[frame[y, x]] if x // 4 * 4 < 9 else frame[y, x])

    # trtllm_causal_mask: one sequence of 3 queries over 2 keys in a 4 x 4 padded mask:
    # rows 0-2 keep the keys at or before them below 2; random lengths against the loop
    def mask(q, kv, mq, mkv):
        return references.trtllm_causal_mask({
            "mask": np.full((len(q), mq, mkv), -1, np.int32), "q_lens": np.asarray(q, np.int32),
            "kv_lens": np.asarray(kv, np.int32), "max_q": mq, "max_kv": mkv})["mask"]

    assert mask([3], [2], 4, 4).tolist() == [[[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 0, 0],
                                              [0, 0, 0, 0]]]
    q, kv = rng.integers(1, 8, 4), rng.integers(1, 10, 4)
    got = mask(q, kv, 7, 9)
    for b, r, c in itertools.product(range(4), range(7), range(9)):
        assert got[b, r, c] == int(r < q[b] and c < kv[b] and c <= r)

    # sirius_sum_q_dm: nbf 1 (one pair), weight 2, q = 1 + 2i, d = 3 - i: 2 (d q) = 2 (5 +
    # 5i) added to (1, 1); random coefficients against the source's complex sums
    def sum_q(q, d, w, rho, nbf):
        return references.sirius_sum_q_dm({
            "nbf": nbf, "q_pw": np.asarray(q, f64), "dm_pw": np.asarray(d, f64),
            "sym_weight": np.asarray(w, f64), "rho_pw": np.asarray(rho, f64)})["rho_pw"]

    assert sum_q([[[1], [2]]], [[[3], [-1]]], [2], [[1, 1]], 1).tolist() == [[11, 11]]
    ld = 6  # nbf 3
    q, d = rng.integers(-8, 8, (4, 2, ld)), rng.integers(-8, 8, (4, 2, ld))
    w, rho = rng.integers(1, 3, ld), rng.integers(-64, 64, (4, 2))
    got = sum_q(q, d, w, rho, 3)
    for g in range(4):
        total = sum(int(w[i]) * complex(d[g, 0, i], d[g, 1, i]) * complex(q[g, 0, i], q[g, 1, i])
                    for i in range(ld))
        assert got[g].tolist() == [rho[g, 0] + total.real, rho[g, 1] + total.imag]

    # nnabla_gather_nd_bwd: x of 3 x 2 x 2, index columns (2, -1) and (2, 1) both name x[2,
    # 1]: the two slices' gradients (1, 2) and (10, 20) add there; random indices against the
    # source's offset loop
    def gather_bwd(ygrad, xgrad, idx):
        ygrad, xgrad = np.asarray(ygrad, f32), np.asarray(xgrad, f32)
        idx = np.asarray(idx, np.int32)
        d0, d1, sl = xgrad.shape
        return references.nnabla_gather_nd_bwd({
            "y_size": ygrad.size, "y_grad": ygrad, "x_size": xgrad.size, "x_grad": xgrad,
            "x_shape0": d0, "x_shape1": d1, "x_stride0": d1 * sl, "x_stride1": sl,
            "idx_data": idx, "idx_rows": 2, "idx_cols": idx.shape[1]})["x_grad"]

    got = gather_bwd([[1, 2], [10, 20]], np.zeros((3, 2, 2)), [[2, 2], [-1, 1]])
    assert got[2, 1].tolist() == [11, 22] and got.sum() == 33
    ygrad, xgrad = rng.integers(-8, 8, (13, 3)), rng.integers(-64, 64, (4, 4, 3))
    idx = rng.integers(-4, 4, (2, 13))
    got = gather_bwd(ygrad, xgrad, idx)
    want = xgrad.copy()
    for t in range(39):
        col = t // 3
        off = t - col * 3 + sum((i + 4 if i < 0 else i) * st
                                for i, st in zip(idx[:, col], (12, 3), strict=True))
        want.reshape(-1)[off] += ygrad.reshape(-1)[t]
    assert got.tolist() == want.tolist()

    # tgbm_partition_hist: 5 tags (0, 2, 0, 3, 1), 2 a thread, 3 partitions: threads' runs
    # (0, 2), (0, 3), (1): counts [[1, 1, 0], [0, 0, 1], [1, 0, 0]]; random tags against a loop
    def hist(tags, parts, each):
        n = len(tags)
        nthd = -(-n // each)
        return references.tgbm_partition_hist({
            "marker": np.asarray(tags, np.int32), "marker_len": n, "num_partition": parts,
            "num_ele_each_thd": each, "total_num_thd": nthd,
            "histogram": np.full((parts, nthd), 7, np.uint32)})["histogram"]

    assert hist([0, 2, 0, 3, 1], 3, 2).tolist() == [[1, 1, 0], [0, 0, 1], [1, 0, 0]]
    tags = rng.integers(0, 7, 53)
    got = hist(tags, 5, 4)
    for t, p in itertools.product(range(14), range(5)):
        assert got[p, t] == sum(1 for i in range(4 * t, min(4 * t + 4, 53)) if tags[i] == p)


def test_blind72_references_on_hand_checked_inputs():
    rng = np.random.default_rng(72)
    f32 = np.float32

    # vilib_halfsample: a 2 x 8 source in a pitch of 10 into one group of 4: (0 + 1 + 10 + 11)
    # >> 2 = 5, then 7, 9, 11 (the padding untouched); random frames against a loop
    def half(src, width_n, height, pitch_dst):
        src = np.asarray(src, np.int32)
        return references.vilib_halfsample({
            "src": src, "pitch_src": src.shape[1], "width_n": width_n, "height": height,
            "pitch_dst": pitch_dst,
            "dst": np.full((height, pitch_dst), -1, np.int32)})["dst"]

    src = [[v + 10 * r for v in range(10)] for r in range(2)]
    assert half(src, 1, 1, 8).tolist() == [[5, 7, 9, 11, -1, -1, -1, -1]]
    src = rng.integers(0, 256, (7, 20))
    got = half(src, 2, 3, 12)
    for y, x in itertools.product(range(3), range(12)):
        want = (src[2 * y, 2 * x] + src[2 * y, 2 * x + 1] + src[2 * y + 1, 2 * x]
                + src[2 * y + 1, 2 * x + 1]) >> 2 if x < 8 else -1
        assert got[y, x] == want

    # onnxtrt_split: 2 images of 3 rows of 2 split 1 | 0 | 2: output 0 is rows 0 of both
    # images, output 1 empty, output 2 rows 1-2 of both; random splits against the loop
    def split(src, offsets):
        src = np.asarray(src, f32)
        nz, ny, nx = src.shape
        return references.onnxtrt_split({
            "nsegment": len(offsets), "segment_offsets": np.asarray(offsets, np.int32),
            "idata": src, "odata": np.full(src.shape, -1, f32), "nx": nx, "src_ny": ny,
            "nz": nz})["odata"]

    src = np.arange(12).reshape(2, 3, 2)
    got = split(src, [0, 1, 1, 3])
    assert got.reshape(-1).tolist() == [0, 1, 6, 7, 2, 3, 4, 5, 8, 9, 10, 11]
    src, offsets = rng.integers(-64, 64, (3, 9, 4)), [0, 2, 2, 7, 9]
    got = split(src, offsets).reshape(-1)
    for z, y, x in itertools.product(range(3), range(9), range(4)):
        s = max(i for i in range(4) if offsets[i] <= y)
        ln = offsets[s + 1] - offsets[s]
        assert got[offsets[s] * 4 * 3 + x + 4 * (y - offsets[s] + ln * z)] == src[z, y, x]

    # oneflow_batch_transpose: [[0, 1, 2], [3, 4, 5]] -> [[0, 3], [1, 4], [2, 5]]; random
    # batches against a loop
    def transpose(src):
        src = np.asarray(src, f32)
        nb, r, c = src.shape
        return references.oneflow_batch_transpose({
            "src": src, "dst": np.full((nb, c, r), -1, f32), "rows": r, "cols": c,
            "num_tile_rows": -(-r // 32), "num_tile_cols": -(-c // 32),
            "block_nums": nb * -(-r // 32) * -(-c // 32)})["dst"]

    assert transpose([[[0, 1, 2], [3, 4, 5]]]).tolist() == [[[0, 3], [1, 4], [2, 5]]]
    src = rng.integers(-64, 64, (3, 35, 33))
    got = transpose(src)
    for b, i, j in itertools.product(range(3), range(35), range(33)):
        assert got[b, j, i] == src[b, i, j]

    # te_moe_unpermute: token 0 from rows 1 (weight 2) and 2 (weight 3), token 1 from row 0
    # and a dropped slot (-1): [2 (1, 2) + 3 (10, 20), 1 (5, 6)]; random maps against a loop
    def unpermute(src, rmap, prob):
        src, rmap, prob = np.asarray(src, f32), np.asarray(rmap, np.int32), np.asarray(prob, f32)
        topk, rows = rmap.shape
        return references.te_moe_unpermute({
            "input": src, "row_id_map": rmap, "prob": prob, "num_rows": rows,
            "num_topk": topk, "num_cols": src.shape[1],
            "unpermuted_output": np.full((rows, src.shape[1]), -1, f32)})["unpermuted_output"]

    got = unpermute([[5, 6], [1, 2], [10, 20]], [[1, 0], [2, -1]], [[2, 3], [1, 4]])
    assert got.tolist() == [[32, 64], [5, 6]]
    got = unpermute([[0, 0]], [[-1], [-1]], [[1, 1]])
    assert got.tolist() == [[0, 0]]
    src, rmap = rng.integers(-8, 8, (12, 8)), rng.integers(-1, 12, (3, 4))
    prob = rng.integers(1, 4, (4, 3))
    got = unpermute(src, rmap, prob)
    for t, j in itertools.product(range(4), range(8)):
        want = sum(int(prob[t, k]) * int(src[rmap[k, t], j]) for k in range(3) if rmap[k, t] >= 0)
        assert got[t, j] == want

    # pointcept_aggregation: one point, 2 neighbours (itself and point 1), 2 channels sharing
    # one weight channel: out 1 + (10 + 1) 2 + (20 + 0) 3 = 83, 1 + (11 + 0) 2 + (21 + 1) 3 = 89
    def aggregate(feat, pos, w, idx, out):
        feat, pos, w = np.asarray(feat, f32), np.asarray(pos, f32), np.asarray(w, f32)
        n, ns, c = pos.shape
        return references.pointcept_aggregation({
            "n": n, "nsample": ns, "c": c, "w_c": w.shape[2], "input": feat,
            "position": pos, "weight": w, "idx": np.asarray(idx, np.int32),
            "output": np.asarray(out, f32)})["output"]

    got = aggregate([[10, 11], [20, 21]], [[[1, 0], [0, 1]], [[0, 0], [0, 0]]],
                    [[[2], [3]], [[0], [0]]], [[0, 1], [0, 0]], [[1, 1], [0, 0]])
    assert got[0].tolist() == [83, 89] and got[1].tolist() == [0, 0]
    n, ns, c, wc = 9, 4, 6, 3
    feat, pos = rng.integers(-8, 8, (n, c)), rng.integers(-8, 8, (n, ns, c))
    w, idx = rng.integers(-8, 8, (n, ns, wc)), rng.integers(0, n, (n, ns))
    out = rng.integers(-64, 64, (n, c))
    got = aggregate(feat, pos, w, idx, out)
    for i, j in itertools.product(range(n), range(c)):
        want = out[i, j] + sum((feat[idx[i, s], j] + pos[i, s, j]) * w[i, s, j % wc]
                               for s in range(ns))
        assert got[i, j] == want

    # ms_segment_max: rows (segment 1: 3, -5), (0: 7, 2), (1: -1, 4) into 3 segments: (7, 2),
    # (3, 4), segment 2 empty (the float's lowest); random ids against a loop
    def segmax(src, ids, nseg):
        src = np.asarray(src, f32)
        outer, inner = src.shape
        return references.ms_segment_max({
            "input": src, "segment_ids": np.asarray(ids, np.int32), "num_segments": nseg,
            "outer_size": outer, "inner_size": inner,
            "output": np.full((nseg, inner), -1, f32)})["output"]

    low = float(np.finfo(f32).min)
    got = segmax([[3, -5], [7, 2], [-1, 4]], [1, 0, 1], 3)
    assert got.tolist() == [[7, 2], [3, 4], [low, low]]
    src, ids = rng.integers(-64, 64, (40, 3)), rng.integers(0, 6, 40)
    got = segmax(src, ids, 7)
    for s, j in itertools.product(range(7), range(3)):
        vals = [src[i, j] for i in range(40) if ids[i] == s]
        assert got[s, j] == (max(vals) if vals else low)


def test_blind71_references_on_hand_checked_inputs():
    rng = np.random.default_rng(71)
    f32, f64 = np.float32, np.float64

    # binarynet_xnor_gemm: one word each (n 1): A's word 0b1011, B's words 0b1011 and 0: 32
    # equal bits give 32, 28 equal and 3 different (bits 0, 1, 3) give 29 - 3 = 26; random
    # words against the source's xnor-popcount loop
    def xnor(a, b):
        a, b = np.asarray(a, np.uint32), np.asarray(b, np.uint32)
        m, n = a.shape
        k = b.shape[1]
        return references.binarynet_xnor_gemm({
            "A": a, "B": b, "C": np.full((m, k), -1, f32), "m": m, "n": n, "k": k})["C"]

    assert xnor([[0b1011]], [[0b1011, 0]]).tolist() == [[32, 26]]
    a = rng.integers(0, 2**32, (5, 3), dtype=np.uint64).astype(np.uint32)
    b = rng.integers(0, 2**32, (3, 4), dtype=np.uint64).astype(np.uint32)
    got = xnor(a, b)
    for r, c in itertools.product(range(5), range(4)):
        count = sum(bin(~(int(a[r, j]) ^ int(b[j, c])) & 0xFFFFFFFF).count("1")
                    for j in range(3))
        assert got[r, c] == 2 * count - 32 * 3

    # gpu4pyscf_take_last2d: one 3 x 3 matrix b[j, k] = 10 j + k through idx (2, 0): a =
    # [[22, 20], [2, 0]]; random stacks against the loop
    def take(b, idx):
        b = np.asarray(b, f64)
        na = len(idx)
        return references.gpu4pyscf_take_last2d({
            "a": np.full((b.shape[0], na, na), -1.0), "b": b,
            "indices": np.asarray([*idx, 0], np.int32), "na": na, "nb": b.shape[1]})["a"]

    b = [[[10 * j + k for k in range(3)] for j in range(3)]]
    assert take(b, [2, 0]).tolist() == [[[22, 20], [2, 0]]]
    b, idx = rng.integers(-64, 64, (2, 7, 7)), rng.integers(0, 7, 5)
    got = take(b, idx)
    for i, j, k in itertools.product(range(2), range(5), range(5)):
        assert got[i, j, k] == b[i, idx[j], idx[k]]

    # dca_copy_rows: x column-major 3 x 2 (x[r + 3 c] = 10 r + c), rows (2, 0) to rows (1, 3)
    # of a 4 x 2 y: y's rows 1 and 3 become (20, 21) and (0, 1), rows 0 and 2 kept; random
    # lists against the source's loop
    def copy_rows(x, ix, y, iy):
        x, y = np.asarray(x, f64), np.asarray(y, f64)
        return references.dca_copy_rows({
            "row_size": x.shape[0], "n_rows": len(ix),
            "i_x": np.asarray([*ix, 0], np.int32), "x": x, "ldx": x.shape[1],
            "i_y": np.asarray([*iy, 0], np.int32), "y": y, "ldy": y.shape[1]})["y"]

    x = [[10 * r + c for r in range(3)] for c in range(2)]  # [column][row]
    got = copy_rows(x, [2, 0], np.full((2, 4), -1), [1, 3])
    assert got.tolist() == [[-1, 20, -1, 0], [-1, 21, -1, 1]]
    x, y = rng.integers(-64, 64, (5, 9)), rng.integers(-8, 0, (5, 12))
    ix, iy = rng.integers(0, 9, 6), rng.permutation(12)[:6]
    got = copy_rows(x, ix, y, iy)
    want = y.copy()
    for r, j in itertools.product(range(6), range(5)):
        want[j, iy[r]] = x[j, ix[r]]
    assert got.tolist() == want.tolist()

    # candle_index_add: one left row, 2 ids (1, 1) into 3 rows of 2: both slices (1, 2) and
    # (10, 20) add into row 1; random ids (repeats) against the source's loop
    def index_add(inp, out, ids):
        inp, out = np.asarray(inp, f32), np.asarray(out, f32)
        left, nids, right = inp.shape
        return references.candle_index_add({
            "ids": np.asarray(ids, np.int32), "ids_dim_size": nids, "inp": inp, "out": out,
            "left_size": left, "src_dim_size": nids, "dst_dim_size": out.shape[1],
            "right_size": right})["out"]

    got = index_add([[[1, 2], [10, 20]]], np.zeros((1, 3, 2)), [1, 1])
    assert got.tolist() == [[[0, 0], [11, 22], [0, 0]]]
    inp, out, ids = rng.integers(-8, 8, (3, 6, 4)), rng.integers(-64, 64, (3, 5, 4)), \
        rng.integers(0, 5, 6)
    got = index_add(inp, out, ids)
    want = out.copy()
    for i, j, p in itertools.product(range(3), range(6), range(4)):
        want[i, ids[j], p] += inp[i, j, p]
    assert got.tolist() == want.tolist()

    # libceed_offset_transpose: 2 elements of 2 nodes sharing node 1 (offsets 0, 1 and 1, 2),
    # 2 components 3 apart: v's node 1 gets u's (2 + 3) and (20 + 30); random offsets against
    # the source's loop
    def transpose(u, v, idx, stride):
        u, v = np.asarray(u, f64), np.asarray(v, f64)
        nc, ne, es = u.shape
        return references.libceed_offset_transpose({
            "indices": np.asarray(idx, np.int32), "u": u, "v": v, "num_elem": ne,
            "elem_size": es, "num_comp": nc, "comp_stride": stride})["v"]

    u = [[[1, 2], [3, 4]], [[10, 20], [30, 40]]]
    got = transpose(u, np.zeros(6), [0, 1, 1, 2], 3)
    assert got.tolist() == [1, 5, 4, 10, 50, 40]
    u, v = rng.integers(-8, 8, (3, 4, 5)), rng.integers(-64, 64, (3, 9))
    idx = rng.integers(0, 9, 20)
    got = transpose(u, v, idx, 9)
    want = v.reshape(-1).astype(np.int64)
    for c, e, node in itertools.product(range(3), range(4), range(5)):
        want[idx[e * 5 + node] + 9 * c] += u[c, e, node]
    assert got.reshape(-1).tolist() == want.tolist()

    # hqq_dequant_3bit: one word holding 0..7, 1, 2 (three bits each from bit 29 down), zero
    # 2 and scale 3: rows 3 (v - 2); random words against the source's masks and shifts
    def dequant(q, scale, zero):
        q = np.asarray(q, np.int32)
        h, w = q.shape
        return references.hqq_dequant_3bit({
            "Wq_packed": q, "scale": np.asarray(scale, f32), "zero": np.asarray(zero, f32),
            "W_r": np.full((10 * h, w), -1, f32), "h": h, "w": w})["W_r"]

    vals = [0, 1, 2, 3, 4, 5, 6, 7, 1, 2]
    word = sum(v << (27 - 3 * c) for c, v in enumerate(vals))
    assert dequant([[word]], [3], [2]).reshape(-1).tolist() == [3 * (v - 2) for v in vals]
    q = rng.integers(0, 2**30, (2, 3))
    scale, zero = rng.integers(1, 4, 3), rng.integers(0, 8, 3)
    got = dequant(q, scale, zero)
    masks = [0x38000000, 0x07000000, 0x00E00000, 0x001C0000, 0x00038000, 0x00007000,
             0x00000E00, 0x000001C0, 0x00000038, 0x00000007]
    for c, i in itertools.product(range(10), range(6)):
        j = i % 3
        bits = (int(q.reshape(-1)[i]) & masks[c]) >> (27 - 3 * c)
        assert got.reshape(-1)[c * 6 + i] == (bits - zero[j]) * scale[j]


def test_blind73_references_on_hand_checked_inputs():
    rng = np.random.default_rng(73)
    f32 = np.float32

    # lbann_scatter2d: one sample of 4 entries into 3: indices (2, 0, 2, 3) -> out 1 + 10 +
    # 30 at 2, 20 at 0, index 3 out of range skipped; random samples against LBANN's loop
    def scatter(idx, vals, out):
        idx, vals, out = np.asarray(idx, f32), np.asarray(vals, f32), np.asarray(out, f32)
        rows, cols = vals.shape
        return references.lbann_scatter2d({
            "indices": idx, "indices_ld": cols, "values": vals, "values_rows": rows,
            "values_cols": cols, "values_ld": cols, "output": out,
            "output_cols": out.shape[1], "output_ld": out.shape[1]})["output"]

    got = scatter([[2, 0, 2, 3]], [[10, 20, 30, 40]], [[0, 0, 1]])
    assert got.tolist() == [[20, 0, 41]]
    idx, vals = rng.integers(-1, 7, (4, 9)), rng.integers(-8, 8, (4, 9))
    out = rng.integers(-64, 64, (4, 6))
    got = scatter(idx, vals, out)
    want = out.astype(np.int64)
    for j, i in itertools.product(range(4), range(9)):
        if 0 <= idx[j, i] < 6:
            want[j, idx[j, i]] += vals[j, i]
    assert got.tolist() == want.tolist()

    # abacus_matrix_copy: 2 bands of 1 coefficient (of 2 stored) into rows of 3: the padding
    # untouched; random matrices against the loop
    def copy(a, n2, ldb):
        a = np.asarray(a, np.float64)
        n1, lda, _ = a.shape
        return references.abacus_matrix_copy({
            "n1": n1, "n2": n2, "A": a, "LDA": lda, "LDB": ldb,
            "B": np.full((n1, ldb, 2), -1.0)})["B"]

    got = copy([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], 1, 3)
    assert got.tolist() == [[[1, 2], [-1, -1], [-1, -1]], [[5, 6], [-1, -1], [-1, -1]]]
    a = rng.integers(-64, 64, (5, 9, 2))
    got = copy(a, 7, 8)
    for i, j in itertools.product(range(5), range(8)):
        assert got[i, j].tolist() == (a[i, j].tolist() if j < 7 else [-1, -1])

    # dali_flip: a 1 x 2 x 2 x 1 sample [[1, 2], [3, 4]] flipped in x: [[2, 1], [4, 3]]; in x
    # and y: [[4, 3], [2, 1]]; random clips against DALI's index formula
    def flip(src, fx, fy, fz):
        src = np.asarray(src, f32)
        ly, h, w, c = src.shape
        return references.dali_flip({
            "input": src, "output": np.full(src.shape, -1, f32), "layers": ly, "height": h,
            "width": w, "channels": c, "flip_x": fx, "flip_y": fy, "flip_z": fz})["output"]

    src = np.array([1, 2, 3, 4]).reshape(1, 2, 2, 1)
    assert flip(src, 1, 0, 0).reshape(-1).tolist() == [2, 1, 4, 3]
    assert flip(src, 1, 1, 0).reshape(-1).tolist() == [4, 3, 2, 1]
    src = rng.integers(-64, 64, (3, 4, 5, 3))
    for fx, fy, fz in itertools.product((0, 1), repeat=3):
        got = flip(src, fx, fy, fz)
        for z, y, x, ch in itertools.product(range(3), range(4), range(5), range(3)):
            want = src[2 - z if fz else z, 3 - y if fy else y, 4 - x if fx else x, ch]
            assert got[z, y, x, ch] == want

    # fastdeploy_normalize_permute: one BGR pixel (10, 20, 30) swapped to RGB, alpha (1, 2, 3),
    # beta (0, 1, -1): (30, 41, 29); random batches against FastDeploy's loop
    def norm(src, alpha, beta, swap):
        src = np.asarray(src, np.int32)
        nb, h, w, c = src.shape
        return references.fastdeploy_normalize_permute({
            "src": src, "dst": np.full((nb, c, h, w), -1, f32),
            "alpha": np.asarray(alpha, f32), "beta": np.asarray(beta, f32), "num_channel": c,
            "swap_rb": swap, "batch_size": nb, "edge": nb * h * w})["dst"]

    got = norm([[[[10, 20, 30]]]], [1, 2, 3], [0, 1, -1], 1)
    assert got.reshape(-1).tolist() == [30, 41, 29]
    src, alpha, beta = rng.integers(0, 256, (2, 3, 4, 3)), [2, 1, 3], [-8, 0, 7]
    for swap in (0, 1):
        got = norm(src, alpha, beta, swap).reshape(-1)
        for idx, i in itertools.product(range(24), range(3)):
            n, p = divmod(idx, 12)
            j = 2 - i if swap else i
            assert got[n * 36 + i * 12 + p] == src.reshape(-1)[3 * idx + j] * alpha[i] + beta[i]

    # dbcsr_transpose: a column-major 2 x 3 block (1, 2 | 3, 4 | 5, 6) at offset 1 becomes the
    # column-major 3 x 2 transpose (1, 3, 5 | 2, 4, 6), the rest untouched; random stacks
    # against DBCSR's loop
    def transpose(stack, mat, m, n):
        return references.dbcsr_transpose({
            "trs_stack": np.asarray(stack, np.int32), "mat": np.asarray(mat, np.float64),
            "m": m, "n": n})["mat"]

    got = transpose([1, 9], [0, 1, 2, 3, 4, 5, 6, 7], 2, 3)
    assert got.tolist() == [0, 1, 3, 5, 2, 4, 6, 7]
    mat, stack = rng.integers(-64, 64, 80), [3, 20, 41, 60, 77]
    got = transpose(stack, mat, 4, 3)
    want = mat.copy()
    for off in stack[:-1]:
        buf = mat[off: off + 12].copy()
        for i in range(12):
            want[off + i] = buf[i % 3 * 4 + i // 3]
    assert got.tolist() == want.tolist()

    # gadgetron_permute: a 3 x 2 array (dims 3 fastest) permuted to 2 x 3 with an ifftshift:
    # out[idx] for digits (d0 < 2, d1 < 3) = in[(d0 + 1) % 2 3 + (d1 + 1) % 3]; random arrays
    # against Gadgetron's digit loop, all three shift modes
    def permute(src, dims, strides, mode):
        src = np.asarray(src, f32).reshape(-1, 2)
        vals = {"in": src, "out": np.full(src.shape, -1, f32), "elements": src.shape[0],
                "shift_mode": mode}
        for i in range(4):
            vals[f"dim{i}"], vals[f"stride{i}"] = dims[i], strides[i]
        return references.gadgetron_permute(vals)["out"]

    src = np.array([[v, -v] for v in range(6)])
    got = permute(src, (2, 3, 1, 1), (3, 1, 6, 6), -1)
    assert got[:, 0].tolist() == [4, 1, 5, 2, 3, 0] and got[:, 1].tolist() == [-4, -1, -5, -2,
                                                                                -3, 0]
    src = rng.integers(-64, 64, (2, 3, 5, 7, 2))  # [d3, d2, d1, d0, 2], d0 fastest
    dims, strides = (5, 7, 3, 2), (7, 1, 35, 105)  # the first two swapped
    for mode in (-1, 0, 1):
        got = permute(src, dims, strides, mode)
        for idx in range(210):
            rest, src_idx = idx, 0
            for d, s in zip(dims, strides, strict=True):
                rest, digit = divmod(rest, d)
                shift = d >> 1 if mode < 0 else (d + 1) >> 1 if mode > 0 else 0
                src_idx += (digit + shift) % d * s
            assert got[idx].tolist() == src.reshape(-1, 2)[src_idx].tolist()


def test_blind74_references_on_hand_checked_inputs():
    rng = np.random.default_rng(74)
    f32 = np.float32

    # qrnn_forget_mult: one column from h0 = 5 with gates (1, 0, 1) and inputs (2, 3, 4): 2,
    # then kept 2, then 4; random gates against the source's loop
    def forget(dst, f, x):
        f, x = np.asarray(f, f32), np.asarray(x, f32)
        seq, b, h = f.shape
        return references.qrnn_forget_mult({
            "dst": np.asarray(dst, f32), "f": f, "x": x, "SEQ": seq, "BATCH": b,
            "HIDDEN": h})["dst"]

    got = forget([[[5]], [[-1]], [[-1]], [[-1]]], [[[1]], [[0]], [[1]]], [[[2]], [[3]], [[4]]])
    assert got.reshape(-1).tolist() == [5, 2, 2, 4]
    seq, b, h = 6, 3, 5
    f, x = rng.integers(0, 2, (seq, b, h)), rng.integers(-64, 64, (seq, b, h))
    dst = rng.integers(-64, 64, (seq + 1, b, h))
    got = forget(dst, f, x)
    for j, k in itertools.product(range(b), range(h)):
        state = int(dst[0, j, k])
        for t in range(seq):
            state = int(f[t, j, k]) * int(x[t, j, k]) + (1 - int(f[t, j, k])) * state
            assert got[t + 1, j, k] == state

    # sqllm_nuq4_matvec: one word 0x21 (indices 1, 2, then 0 six times) of one column whose
    # table is 10, 20, 30, ...: 1 + 20 * 1 + 30 * 2 + 10 * (3 + ... + 8) = 411; random words
    # against the source's unpacking loop
    def nuq(vec, mat, lut, mul):
        mat = np.asarray(mat, np.int64).astype(np.uint32).view(np.int32)
        return references.sqllm_nuq4_matvec({
            "vec": np.asarray(vec, f32), "mat": mat, "lookup_table": np.asarray(lut, f32),
            "mul": np.asarray(mul, f32), "height": mat.shape[0], "width": mat.shape[1]})["mul"]

    got = nuq([1, 2, 3, 4, 5, 6, 7, 8], [[0x21]], [[10 * (v + 1) for v in range(16)]], [1])
    assert got.tolist() == [411]
    height, width = 3, 4
    mat = rng.integers(0, 2**32, (height, width))
    vec, lut = rng.integers(-8, 8, 8 * height), rng.integers(-8, 8, (width, 16))
    mul = rng.integers(-64, 64, width)
    got = nuq(vec, mat, lut, mul)
    for n in range(width):
        want = int(mul[n]) + sum(int(vec[8 * p + j]) * int(lut[n, (int(mat[p, n]) >> 4 * j) & 15])
                                 for p in range(height) for j in range(8))
        assert got[n] == want

    # megablocks_indices: bins padded to 0, 8, 8, 20 tokens in blocks of 4 over 2 columns: rows
    # 0-1 expert 0 (columns 0, 1), expert 1 none, rows 2-4 expert 2 (columns 4, 5); random
    # bins against the source's loop
    def topo(bins, bs, rows, nc):
        return references.megablocks_indices({
            "indices": np.full((rows, nc), -1, np.int32), "num_columns": nc,
            "block_size": bs, "padded_bins": np.asarray(bins, np.int32)})["indices"]

    assert topo([0, 8, 8, 20], 4, 5, 2).tolist() == [[0, 1], [0, 1], [4, 5], [4, 5], [4, 5]]
    bins = np.concatenate([[0], np.cumsum(rng.integers(0, 20, 6))])
    got = topo(bins, 3, int(bins[-1]) // 3, 4)
    for e in range(6):
        for r in range(int(bins[e]) // 3, int(bins[e + 1]) // 3):
            assert got[r].tolist() == [c + 4 * e for c in range(4)]

    # mrcnn_roi_pool: one 4 x 4 map, a roi over its pixels 1-3 x 1-2 (scale 1) into 1 x 1: the
    # largest of that window and its index; an roi outside the map: 0 and -1; random rois
    # against the source's loop
    def roipool(feat, batch, start, end, ph, pw, scale):
        feat = np.asarray(feat, f32)
        _, c, h, w = feat.shape
        r = len(batch)
        return references.mrcnn_roi_pool({
            "nthreads": r * c * ph * pw, "bottom_data": feat, "spatial_scale": scale,
            "channels": c, "height": h, "width": w, "pooled_height": ph, "pooled_width": pw,
            "roi_batch": np.asarray(batch, np.int32), "roi_start": np.asarray(start, f32),
            "roi_end": np.asarray(end, f32),
            "top_data": np.full((r, c, ph, pw), -7, f32),
            "argmax_data": np.full((r, c, ph, pw), -7, np.int32)})

    feat = [[[[0, 1, 2, 3], [4, 9, 6, 7], [8, 5, 9, 1], [0, 0, 0, 0]]]]
    got = roipool(feat, [0, 0], [[1, 1], [5, 5]], [[3, 2], [6, 6]], 1, 1, 1.0)
    assert got["top_data"].reshape(-1).tolist() == [9, 0]
    assert got["argmax_data"].reshape(-1).tolist() == [5, -1]  # the first 9 (row 1)
    b, c, h, w, r, ph, pw = 2, 3, 7, 6, 5, 3, 2
    feat = rng.integers(0, 8, (b, c, h, w))
    batch = rng.integers(0, b, r)
    start, end = rng.integers(0, 64, (r, 2)), rng.integers(32, 128, (r, 2))
    got = roipool(feat, batch, start, end, ph, pw, 0.0625)
    for n in range(r):
        sw, sh = (int(np.floor(v / 16 + 0.5)) for v in start[n])
        ew, eh = (int(np.floor(v / 16 + 0.5)) for v in end[n])
        bh, bw = f32(max(eh - sh + 1, 1)) / f32(ph), f32(max(ew - sw + 1, 1)) / f32(pw)
        for ch, i, j in itertools.product(range(c), range(ph), range(pw)):
            h0 = min(max(int(np.floor(f32(i) * bh)) + sh, 0), h)
            h1 = min(max(int(np.ceil(f32(i + 1) * bh)) + sh, 0), h)
            w0 = min(max(int(np.floor(f32(j) * bw)) + sw, 0), w)
            w1 = min(max(int(np.ceil(f32(j + 1) * bw)) + sw, 0), w)
            best, idx = (0, -1) if h1 <= h0 or w1 <= w0 else (-1, -1)
            for y, xx in itertools.product(range(h0, h1), range(w0, w1)):
                if feat[batch[n], ch, y, xx] > best:
                    best, idx = feat[batch[n], ch, y, xx], y * w + xx
            assert got["top_data"][n, ch, i, j] == best
            assert got["argmax_data"][n, ch, i, j] == idx

    # slate_tzcopy: a 3 x 2 tile (lda 4) copies (0,0), (1,0), (1,1), (2,0), (2,1); random tiles
    # against the source's loop
    def tz(a, m, n, lda, ldb):
        a = np.asarray(a, np.float64)
        nt = a.size // (lda * n)
        return references.slate_tzcopy({
            "m": m, "n": n, "Aarray": a, "lda": lda, "ldb": ldb,
            "Barray": np.full((nt, n, ldb), -1, f32)})["Barray"]

    got = tz(np.arange(8), 3, 2, 4, 3)  # column-major: column 0 = 0..3, column 1 = 4..7
    assert got.reshape(-1).tolist() == [0, 1, 2, -1, 5, 6]
    nt, m, n, lda, ldb = 3, 7, 5, 9, 8
    a = rng.integers(-64, 64, (nt, n, lda))
    got = tz(a, m, n, lda, ldb)
    for k, j, i in itertools.product(range(nt), range(n), range(ldb)):
        assert got[k, j, i] == (a[k, j, i] if j <= i < m else -1)

    # encoding_rectify: a 3 x 3 image, 3 x 3 kernel, pad 1: corners 9 / 4, edges 9 / 6, the
    # centre 1; random maps against the source's counts
    def rect(top, h, w, kern, stride, pad, dil, avg=0):
        top = np.asarray(top, f32)
        return references.encoding_rectify({
            "nthreads": top.size, "height": h, "width": w, "pooled_height": top.shape[-2],
            "pooled_width": top.shape[-1], "kernel_h": kern, "kernel_w": kern,
            "stride_h": stride, "stride_w": stride, "pad_h": pad, "pad_w": pad,
            "dilation_h": dil, "dilation_w": dil, "average_mode": avg, "top_data": top})[
            "top_data"]

    got = rect(np.full((1, 1, 3, 3), 4), 3, 3, 3, 1, 1, 1)
    assert got.reshape(-1).tolist() == [9, 6, 9, 6, 4, 6, 9, 6, 9]
    assert rect(np.full((1, 1, 3, 3), 12), 3, 3, 3, 1, 1, 1, 1).reshape(-1)[0] == 3
    h, w, stride, pad, dil = 11, 8, 2, 2, 2
    oh, ow = (h + 2 * pad - dil * 2 - 1) // stride + 1, (w + 2 * pad - dil * 2 - 1) // stride + 1
    top = rng.integers(-64, 64, (2, 3, oh, ow))
    got = rect(top, h, w, 3, stride, pad, dil)
    for i, j in itertools.product(range(oh), range(ow)):
        hs, ws = i * stride - pad, j * stride - pad
        he, we = min(hs + 3, h + pad), min(ws + 3, w + pad)
        hs, ws, he, we = max(hs, 0), max(ws, 0), min(he, h), min(we, w)
        cnt = ((he - hs - 1) // dil + 1) * ((we - ws - 1) // dil + 1)
        assert (got[:, :, i, j] == top[:, :, i, j] * f32(4 / cnt)).all()


def test_blind75_references_on_hand_checked_inputs():
    rng = np.random.default_rng(75)
    f32 = np.float32

    # leap_mean_filter: one 3 x 3 slice of 1..9 over a slice of zeros, r 1, the second slice
    # outside [0, 0]: each mean is the sum over the clipped window (the zeros' slice in it)
    # over twice the in-slice count (corner 12 / 8, edge 21 / 12, centre 45 / 18), then 0;
    # random arrays against the source's loop
    def mean3(f, r, first, last):
        f = np.asarray(f, f32)
        nx, ny, nz = f.shape
        return references.leap_mean_filter({
            "f": f, "f_filtered": np.full(f.shape, -7, f32), "nx": nx, "ny": ny, "nz": nz,
            "r": r, "slice_start": first, "slice_end": last})["f_filtered"]

    vol = np.zeros((2, 3, 3))
    vol[0] = np.arange(1, 10).reshape(3, 3)
    got = mean3(vol, 1, 0, 0)
    assert got[0].tolist() == [[1.5, 1.75, 2], [2.25, 2.5, 2.75], [3, 3.25, 3.5]]
    assert got[1].tolist() == [[0] * 3] * 3
    for shape, r, first, last in (((3, 4, 5), 1, 0, 2), ((4, 3, 6), 2, 1, 2)):
        vol = rng.integers(0, 4096, shape)
        got = mean3(vol, r, first, last)
        for i, j, k in itertools.product(*(range(n) for n in shape)):
            if not first <= i <= last:
                assert got[i, j, k] == 0
                continue
            total = count = 0
            for di in range(-min(i, r), min(shape[0] - 1 - i, r) + 1):
                for dj in range(-min(j, r), min(shape[1] - 1 - j, r) + 1):
                    for dk in range(-min(k, r), min(shape[2] - 1 - k, r) + 1):
                        total += int(vol[i + di, j + dj, k + dk])
                        count += 1
            assert got[i, j, k] == f32(total) / f32(count)

    # aretomo_bin_image: a 4 x 4 image of 0..15 (rows 5 apart) binned 2 x 2 into 2 x 2 (rows 3
    # apart): 0+1+4+5, 2+3+6+7, ...; a blank pixel (-1e30) blanks its bin; the padding column
    # untouched; random images against the source's loop
    def binned(img, pin, bx, by, ox, oy, pout):
        img = np.asarray(img, f32)
        return references.aretomo_bin_image({
            "gfInImg": img, "iBinX": bx, "iBinY": by, "in_pitch": pin, "out_pitch": pout,
            "out_width": ox, "out_rows": oy,
            "gfOutImg": np.full((oy, pout), -7, f32)})["gfOutImg"]

    img = np.full((4, 5), 99.0)
    img[:, :4] = np.arange(16).reshape(4, 4)
    assert binned(img, 5, 2, 2, 2, 2, 3).tolist() == [[10, 18, -7], [42, 50, -7]]
    img[3, 1] = -1e30
    assert binned(img, 5, 2, 2, 2, 2, 3).tolist() == [[10, 18, -7], [f32(-1e30), 50, -7]]
    img = rng.integers(0, 256, (11, 16))
    got = binned(img, 16, 3, 2, 4, 5, 6)
    for y, x in itertools.product(range(5), range(6)):
        want = (-7 if x >= 4 else sum(int(img[2 * y + dy, 3 * x + dx])
                                      for dy in range(2) for dx in range(3)))
        assert got[y, x] == want

    # cpm_embedding_fwd: ids (2, 0) into a 3 x 2 table: out[0] = [[5, 1], [6, 2]], the
    # embeddings along the hidden rows; random batches against the loop
    def embed(ids, table):
        ids, table = np.asarray(ids, np.int32), np.asarray(table, f32)
        b, m = ids.shape
        n = table.shape[1]
        return references.cpm_embedding_fwd({
            "batch": b, "n": n, "m": m, "ids": ids, "weights": table,
            "out": np.full((b, n, m), -7, f32)})["out"]

    assert embed([[2, 0]], [[1, 2], [3, 4], [5, 6]]).tolist() == [[[5, 1], [6, 2]]]
    ids, table = rng.integers(0, 7, (3, 5)), rng.integers(-64, 64, (7, 4))
    got = embed(ids, table)
    for b, h, t in itertools.product(range(3), range(4), range(5)):
        assert got[b, h, t] == table[ids[b, t], h]

    # gnna_spmm_fwd: 3 nodes, degrees (1, 2, 3): node 0's groups (1, 2) and (2) give
    # 2 (3, 4) + 3 (5, 6) + 3 (5, 6) = (36, 44), an empty group for node 2 nothing, node 1's
    # group (0) 2 (1, 2) = (2, 4); random groups against the source's per-group loop
    def aggregate(out, feats, col, deg, ptr, node_of):
        out, feats = np.asarray(out, f32), np.asarray(feats, f32)
        return references.gnna_spmm_fwd({
            "output": out, "input": feats, "column_index": np.asarray(col, np.int32),
            "degrees": np.asarray(deg, f32), "part_pointers": np.asarray(ptr, np.int32),
            "part2Node": np.asarray(node_of, np.int32), "dim": feats.shape[1],
            "num_parts": len(node_of), "partSize": 32, "dimWorker": 32})["output"]

    got = aggregate(np.zeros((3, 2)), [[1, 2], [3, 4], [5, 6]], [1, 2, 2, 0], [1, 2, 3],
                    [0, 2, 3, 3, 4], [0, 0, 2, 1])
    assert got.tolist() == [[36, 44], [2, 4], [0, 0]]
    nodes, dim, parts = 9, 3, 12
    ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 6, parts))])
    node_of = np.sort(rng.integers(0, nodes, parts))
    col = rng.integers(0, nodes, int(ptr[-1]))
    deg, feats = rng.integers(1, 4, nodes), rng.integers(-8, 8, (nodes, dim))
    out = rng.integers(-64, 64, (nodes, dim))
    got = aggregate(out, feats, col, deg, ptr, node_of)
    want = out.astype(np.int64)
    for p in range(parts):
        src = node_of[p]
        partial = np.zeros(dim, np.int64)
        for e in range(ptr[p], ptr[p + 1]):
            partial += int(deg[src]) * int(deg[col[e]]) * feats[col[e]]
        want[src] += partial
    assert got.tolist() == want.tolist()

    # tmask_swap_align2nat: one 2 x 2 input channel (64, 128; 192, 256), lambda 2: outputs
    # (v, u) = (0, 0), (0, 1), (1, 0), (1, 1) weigh the inputs in their reach by 3/4 3/4 1/2
    # 1/2 = 9/64 each: 9, 27, 36, 90 with pad 0; with pad -6, (0, 0) gets -6 (1 - 9/64) more;
    # random inputs against the source's 16 corners
    def swap(x, lam, pad):
        x = np.asarray(x, f32)
        nb, c, h, w = x.shape
        vi = int(round(c**0.5))
        vo, ho, wo = lam * vi, -(-h // lam), -(-w // lam)
        return references.tmask_swap_align2nat({
            "nthreads": nb * vo * vo * ho * wo, "bottom_data": x, "Vout": vo, "Uout": vo,
            "hVout": vo / 2, "hUout": vo / 2, "Vin": vi, "Uin": vi, "lambda": lam, "Hin": h,
            "Win": w, "Hout": ho, "Wout": wo, "pad_val": pad,
            "top_data": np.full((nb, vo * vo, ho, wo), -7, f32)})["top_data"]

    one = [[[[64, 128], [192, 256]]]]
    assert swap(one, 2, 0).reshape(-1).tolist() == [9, 27, 36, 90]
    assert swap(one, 2, -6).reshape(-1)[0] == 9 - 6 * (1 - 9 / 64)
    for lam in (1, 2, 4):
        x = rng.integers(-64, 64, (2, 4, 3, 5))
        got = swap(x, lam, -6)
        vo, ho, wo = 2 * lam, -(-3 // lam), -(-5 // lam)

        def at(n, v, u, y, xx, x=x):
            inside = 0 <= v < 2 and 0 <= u < 2 and 0 <= y < 3 and 0 <= xx < 5
            return int(x[n, v * 2 + u, y, xx]) if inside else -6

        for n, v, u, y, xx in itertools.product(range(2), range(vo), range(vo), range(ho),
                                                range(wo)):
            ox, oy = xx * lam + u - vo / 2 + 0.5, y * lam + v - vo / 2 + 0.5
            ou, ov = (u + 0.5) / lam - 0.5, (v + 0.5) / lam - 0.5
            total = 0.0
            for (y0, wy), (x0, wx), (v0, wv), (u0, wu) in itertools.product(*(
                    ((math.floor(p), 1 - (p - math.floor(p))), (math.ceil(p), p - math.floor(p)))
                    for p in (oy, ox, ov, ou))):
                total += wy * wx * wv * wu * at(n, v0, u0, y0, x0)
            assert got[n, v * vo + u, y, xx] == total

    # ct2_im2col: 2 channels of 4 frames (1..4, 5..8), kernel 3, stride 2, padding 1: step 0
    # (0, 1, 2, 0, 5, 6), step 1 (2, 3, 4, 6, 7, 8); random grouped, dilated inputs against
    # the loop
    def unfold(x, groups, ks, stride, pad, dil):
        x = np.asarray(x, f32)
        b, c, length = x.shape
        steps = (length + 2 * pad - dil * (ks - 1) - 1) // stride + 1
        k = c // groups * ks
        return references.ct2_im2col({
            "input": x, "batch_size": b, "in_channels": c, "input_length": length,
            "kernel_size": ks, "stride": stride, "padding": pad, "dilation": dil,
            "groups": groups, "output_length": steps, "k": k, "in_batch_stride": c * length,
            "in_group_stride": c * length // groups,
            "output": np.full((b, groups, steps, k), -7, f32)})["output"]

    got = unfold([[[1, 2, 3, 4], [5, 6, 7, 8]]], 1, 3, 2, 1, 1)
    assert got.reshape(2, 6).tolist() == [[0, 1, 2, 0, 5, 6], [2, 3, 4, 6, 7, 8]]
    x = rng.integers(-64, 64, (2, 6, 9))
    got = unfold(x, 3, 3, 2, 2, 2)
    steps = (9 + 4 - 4 - 1) // 2 + 1
    for b, g, t, c, j in itertools.product(range(2), range(3), range(steps), range(2), range(3)):
        pos = t * 2 - 2 + j * 2
        want = int(x[b, g * 2 + c, pos]) if 0 <= pos < 9 else 0
        assert got[b, g, t, c * 3 + j] == want


def test_blind76_references_on_hand_checked_inputs():
    rng = np.random.default_rng(76)
    f32 = np.float32

    # tmva_im2col: a 2 x 2 one-channel image (1, 2 | 3, 4), a 2 x 2 filter, padding 1: view 0
    # sees only pixel 1 in its last tap, view 4 (the centre) the whole image; random images
    # against the source's loop (column-major A, channel-innermost B)
    def im2col(img, fh, fw, sr, sc, ph, pw):
        img = np.asarray(img, f32)
        h, w, d = img.shape
        oh, ow = (h - fh + 2 * ph) // sr + 1, (w - fw + 2 * pw) // sc + 1
        return references.tmva_im2col({
            "A": np.full((fh * fw * d, oh * ow), -1, f32), "B": img, "depth": d,
            "imgHeight": h, "imgWidth": w, "fltHeight": fh, "fltWidth": fw, "strideRows": sr,
            "strideCols": sc, "zeroPaddingHeight": ph, "zeroPaddingWidth": pw})["A"]

    got = im2col([[[1], [2]], [[3], [4]]], 2, 2, 1, 1, 1, 1)
    assert got.shape == (4, 9)
    assert got[:, 0].tolist() == [0, 0, 0, 1] and got[:, 4].tolist() == [1, 2, 3, 4]
    h, w, d, fh, fw, sr, sc, ph, pw = 7, 6, 3, 3, 2, 2, 1, 1, 2
    img = rng.integers(-64, 64, (h, w, d))
    got = im2col(img, fh, fw, sr, sc, ph, pw)
    slides = (w - fw + 2 * pw) // sc + 1
    views = slides * ((h - fh + 2 * ph) // sr + 1)
    flat = img.reshape(-1)
    for i, j in itertools.product(range(views), range(fh * fw * d)):
        bz = j // (fh * fw)
        by = (i // slides) * sr - ph + (j - bz * fh * fw) // fw
        bx = (i % slides) * sc - pw + (j - bz * fh * fw) % fw
        want = 0 if bx < 0 or by < 0 or bx >= w or by >= h else flat[(bx + by * w) * d + bz]
        assert got.reshape(-1)[j * views + i] == want

    # ptypy_ob_update: one pod, a 1 x 2 frame at object (0, 1): conj(1 + 2i)(2 + i) = 4 - 3i,
    # conj(3)(1 - i) = 3 - 3i, |probe|^2 5 and 9; random pods against the source's loop
    def ob_update(ex, pr, obj, den, pos, idx):
        ex, pr = np.asarray(ex, f32), np.asarray(pr, f32)
        obj, den = np.asarray(obj, f32), np.asarray(den, f32)
        return references.ptypy_ob_update({
            "exit_wave": ex, "A": len(idx), "B": pr.shape[0], "C": pr.shape[1], "probe": pr,
            "D": 1, "E": pr.shape[0], "F": pr.shape[1], "obj": obj, "G": 1, "H": obj.shape[0],
            "I": obj.shape[1], "obj_pos": np.asarray(pos, np.int32),
            "exit_idx": np.asarray(idx, np.int32), "denominator": den})

    got = ob_update([[[[2, 1], [1, -1]]]], [[[1, 2], [3, 0]]], np.zeros((2, 3, 2)),
                    np.zeros((2, 3)), [[0, 1]], [0])
    assert got["obj"][0].tolist() == [[0, 0], [4, -3], [3, -3]]
    assert got["obj"][1].tolist() == [[0, 0]] * 3
    assert got["denominator"].tolist() == [[0, 5, 9], [0, 0, 0]]
    pods, b, c, size = 6, 3, 4, 7
    ex, pr = rng.integers(-8, 8, (pods, b, c, 2)), rng.integers(-8, 8, (b, c, 2))
    obj, den = rng.integers(-64, 64, (size, size, 2)), rng.integers(0, 64, (size, size))
    pos, idx = rng.integers(0, size - c + 1, (pods, 2)), rng.integers(0, pods, pods)
    got = ob_update(ex, pr, obj, den, pos, idx)
    want_obj, want_den = obj.astype(np.int64), den.astype(np.int64)
    for n, y, x in itertools.product(range(pods), range(b), range(c)):
        p = complex(*pr[y, x]).conjugate()
        e = complex(*ex[idx[n], y, x])
        r, q = pos[n, 0] + y, pos[n, 1] + x
        want_obj[r, q] += [int((p * e).real), int((p * e).imag)]
        want_den[r, q] += int(pr[y, x, 0]) ** 2 + int(pr[y, x, 1]) ** 2
    assert got["obj"].tolist() == want_obj.tolist()
    assert got["denominator"].tolist() == want_den.tolist()

    # tfhe_keyswitch: base 2^4, 2 levels: the mask 0x2C << 56 rounds to 44 = -4 + 3 x 16, so
    # with key rows (1, 10) and (2, 20) out = (-(1 (-4) + 2 x 3), 100 - (10 (-4) + 20 x 3));
    # random ciphertexts against the source's decomposition in Python integers
    mod = 1 << 64

    def s64(v):  # uint64 as int64, for the manifest's buffers
        return np.asarray(v, dtype=object).astype(np.uint64).view(np.int64)

    def keyswitch(lwe, idx, ksk, n_in, n_out, base_log, levels):
        return references.tfhe_keyswitch({
            "lwe_array_out": np.zeros((len(idx), n_out + 1), np.int64),
            "lwe_array_in": s64(lwe), "lwe_input_indexes": np.asarray(idx, np.int64),
            "ksk": s64(ksk), "lwe_dimension_in": n_in, "lwe_dimension_out": n_out,
            "base_log": base_log, "level_count": levels})["lwe_array_out"].view(np.uint64)

    got = keyswitch([[0x2C << 56, 100]], [0], [[[1, 10], [2, 20]]], 1, 1, 4, 2)
    assert got.tolist() == [[mod - 2, 80]]

    def decompose(a, base_log, levels):  # the source's init_decomposer_state, decompose_one
        rep = base_log * levels
        res = a >> (64 - rep - 1)
        rounding = res & 1
        res = ((res + 1) >> 1) & ((1 << rep) - 1)
        balance = ((((res - 1) % mod) | (rounding << (rep - 1))) & res) >> (rep - 1)
        state, digits = (res - (balance << rep)) % mod, []
        for _ in range(levels):
            digit = state & ((1 << base_log) - 1)
            state = ((state - mod if state >> 63 else state) >> base_log) % mod
            carry = ((((digit - 1) % mod) | state) & digit) >> (base_log - 1)
            state = (state + carry) % mod
            digits.append((digit - (carry << base_log)) % mod)
        return digits

    num, n_in, n_out, base_log, levels = 3, 5, 4, 4, 3
    lwe = [[int(v) for v in rng.integers(0, 2**64, n_in + 1, dtype=np.uint64)]
           for _ in range(num + 1)]
    ksk = [[[int(v) for v in rng.integers(0, 2**64, n_out + 1, dtype=np.uint64)]
            for _ in range(levels)] for _ in range(n_in)]
    idx = [3, 0, 3]
    got = keyswitch(lwe, idx, ksk, n_in, n_out, base_log, levels)
    for s in range(num):
        acc = [0] * (n_out + 1)
        acc[n_out] = -lwe[idx[s]][n_in] % mod
        for i in range(n_in):
            for j, digit in enumerate(decompose(lwe[idx[s]][i], base_log, levels)):
                for t in range(n_out + 1):
                    acc[t] = (acc[t] + ksk[i][j][t] * digit) % mod
        assert got[s].tolist() == [-v % mod for v in acc]

    # segalign_num_hits: prefix counts (3, 3, 7, 8): k-mers 0, 1, 2, 3 hit 3, 0, 4 and 1 times
    # (the low word, the query position, ignored); random seeds against the source's loop
    def num_hits(table, offsets):
        offsets = np.asarray(offsets, dtype=object).astype(np.uint64).view(np.int64)
        return references.segalign_num_hits({
            "num_seeds": len(offsets), "d_index_table": np.asarray(table, np.int32),
            "seed_offsets": offsets,
            "seed_hit_num": np.zeros(len(offsets), np.uint32)})["seed_hit_num"]

    got = num_hits([3, 3, 7, 8], [(k << 32) + 7 * k for k in (2, 0, 3, 1)])
    assert got.tolist() == [4, 3, 1, 0]
    table = np.cumsum(rng.integers(0, 5, 64))
    offsets = [(int(k) << 32) + int(q) for k, q in zip(rng.integers(0, 64, 50),
                                                       rng.integers(0, 2**32, 50), strict=True)]
    got = num_hits(table, offsets)
    for n, off in enumerate(offsets):
        seed = off >> 32
        assert got[n] == table[seed] - (table[seed - 1] if seed > 0 else 0)

    # xdl_ksum: ends (0, 2, 2, 5): ids 0-1 sum into row 1, ids 2-4 into row 3, rows 0 and 2
    # untouched; averaging halves a group of two; random groups against the source's
    # LowerBound loop
    def ksum(emb, ids, vals, ends, out, average=0):
        emb, out = np.asarray(emb, f32), np.asarray(out, f32)
        return references.xdl_ksum({
            "peb": emb, "pidx": np.asarray(ids, np.int32), "pval": np.asarray(vals, f32),
            "pgrp": np.asarray(ends, np.int32), "grp_size": len(ends),
            "eb_dim": emb.shape[1], "average": average, "pout": out})["pout"]

    emb = [[1, 10], [2, 20], [3, 30]]
    got = ksum(emb, [0, 2, 1, 1, 0], [1, 2, 1, -1, 3], [0, 2, 2, 5], np.zeros((4, 2)))
    assert got.tolist() == [[0, 0], [7, 70], [0, 0], [3, 30]]
    got = ksum(emb, [0, 2], [1, 1], [0, 2], np.zeros((2, 2)), average=1)
    assert got.tolist() == [[0, 0], [2, 20]]
    groups, dim, vocab = 6, 3, 9
    ends = np.cumsum(rng.integers(0, 5, groups))
    n = int(ends[-1])
    emb, ids, vals = rng.integers(-8, 8, (vocab, dim)), rng.integers(0, vocab, n), rng.integers(
        -4, 4, n)
    out = rng.integers(-64, 64, (groups, dim))
    got = ksum(emb, ids, vals, ends, out)
    want = out.astype(np.int64)
    for k in range(n):
        lo, hi = 0, groups  # LowerBound(pgrp, pgrp + grp_size, k + 1)
        while lo < hi:
            mid = (lo + hi) // 2
            lo, hi = (mid + 1, hi) if ends[mid] < k + 1 else (lo, mid)
        want[lo] += vals[k] * emb[ids[k]]
    assert got.tolist() == want.tolist()

    # pnlp_token_penalty: logits (-4, 6, 5, 3), counts (1, 2, 0, 1), alpha 2, beta 1, gamma 3:
    # -8 - 1 - 3, 3 - 2 - 3, unchanged, 1.5 - 1 - 3; random batches against the source's loop
    def penalty(logits, times, alpha, beta, gamma):
        logits = np.asarray(logits, f32)
        return references.pnlp_token_penalty({
            "repeat_times": np.asarray(times, np.int32),
            "penalty_scores": np.asarray(alpha, f32), "frequency_score": np.asarray(beta, f32),
            "presence_score": np.asarray(gamma, f32), "logits": logits,
            "bs": logits.shape[0], "length": logits.shape[1]})["logits"]

    got = penalty([[-4, 6, 5, 3]], [[1, 2, 0, 1]], [2], [1], [3])
    assert got.tolist() == [[-12, -2, 5, -2.5]]
    bs, length = 3, 20
    logits, times = rng.integers(-64, 64, (bs, length)), rng.integers(0, 3, (bs, length))
    alpha, beta, gamma = rng.integers(1, 3, bs), rng.integers(0, 4, bs), rng.integers(0, 4, bs)
    got = penalty(logits, times, alpha, beta, gamma)
    for bi, i in itertools.product(range(bs), range(length)):
        logit = float(logits[bi, i])
        if times[bi, i]:
            logit = logit * alpha[bi] if logit < 0 else logit / alpha[bi]
            logit = logit - times[bi, i] * beta[bi] - gamma[bi]
        assert got[bi, i] == logit


def test_blind77_references_on_hand_checked_inputs():
    rng = np.random.default_rng(77)
    f32 = np.float32

    # lidar_bevpool: one camera, 10 channels, 2 depths of a 1 x 2 feature map; intervals
    # (points 0-1, none, point 2) over indices (0, 3, 1): cell 0 = feature 0 x 1 + feature 1
    # x 0 (j + 1), cell 1 empty (0), cell 2 = 2 x 3; random frames against the source's loop
    def bevpool(feat, depth, ptr, ind, bev_h, bev_w, out=None):
        feat, depth = np.asarray(feat, f32), np.asarray(depth, f32)
        c = feat.shape[-1]
        if out is None:
            out = np.full((c, bev_h, bev_w), -1, f32)
        return references.lidar_bevpool({
            "camera_feature": feat, "depth_weights": depth, "nchannel": c,
            "interval_ptr": np.asarray(ptr, np.int32), "n_intervals": len(ptr) - 1,
            "indices": np.asarray(ind, np.uint32), "out_h": bev_h, "out_w": bev_w,
            "ndepth": depth.shape[1], "farea": depth.shape[2] * depth.shape[3],
            "output_bevfeat": out})["output_bevfeat"]

    feat = [[[list(range(1, 11)), [2] * 10]]]
    got = bevpool(feat, [[[[1, 3]], [[2, 0]]]], [0, 2, 2, 3], [0, 3, 1], 1, 3)
    assert got[:, 0, :].tolist() == [[j + 1, 0, 6] for j in range(10)]
    ncam, c, depth, fh, fw, bev_h, bev_w = 2, 20, 3, 2, 3, 4, 5
    feat = rng.integers(-8, 8, (ncam, fh, fw, c))
    weights = rng.integers(0, 4, (ncam, depth, fh, fw))
    npts, cells = ncam * depth * fh * fw, bev_h * bev_w
    ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 4, cells))])
    ind = rng.integers(0, npts, ptr[-1])
    init = rng.integers(-8, 0, (c, bev_h, bev_w))
    got = bevpool(feat, weights, ptr, ind, bev_h, bev_w, np.asarray(init, f32))
    want = init.astype(np.int64).reshape(-1)
    flat_feat, flat_w = feat.reshape(-1), weights.reshape(-1)
    for cell, tile in itertools.product(range(cells), range(c // 10)):
        acc = [0] * 10
        for i in range(ptr[cell], ptr[cell + 1]):
            cam, inner = ind[i] // (depth * fh * fw), ind[i] % (fh * fw)
            for j in range(10):
                acc[j] += flat_feat[(cam * fh * fw + inner) * c + tile * 10 + j] * flat_w[ind[i]]
        for j in range(10):
            want[cell + (tile * 10 + j) * cells] = acc[j]
    assert got.reshape(-1).tolist() == want.tolist()

    # hetu_tril_lookup: 1..9 in a 3 x 3 matrix below diagonals -1, 0, 1 and 2 by hand; random
    # matrices for every offset against the source's loop (size_t arithmetic, the offset
    # converted as C converts it)
    def tril(mats, offset):
        mats = np.asarray(mats, f32)
        bs, f = mats.shape[0], mats.shape[1]
        width = len(np.tril_indices(f, k=offset)[0])
        return references.hetu_tril_lookup({
            "input": mats, "output": np.full((bs, width), -1, f32), "offset": offset,
            "in_dim": f, "out_dim": width, "pre_size": bs})["output"]

    mat = [np.arange(1, 10).reshape(3, 3)]
    assert tril(mat, -1).tolist() == [[4, 7, 8]]
    assert tril(mat, 0).tolist() == [[1, 4, 5, 7, 8, 9]]
    assert tril(mat, 1).tolist() == [[1, 2, 4, 5, 6, 7, 8, 9]]
    assert tril(mat, 2).tolist() == [list(range(1, 10))]
    mod = 1 << 64
    bs, f = 3, 5
    mats = rng.integers(-64, 64, (bs, f, f))
    for offset in range(-(f - 1), f):
        got = tril(mats, offset)
        want = np.full(got.shape, -1, np.int64)
        flat = want.reshape(-1)
        shift = offset % mod
        for y, x in itertools.product(range(bs), range(f * f)):
            cid, rid = x % f, x // f
            if (f + rid + shift) % mod < f + cid:
                continue
            out_at, start, end = y * got.shape[1] + cid, 1, rid
            if offset < 0:
                end = (end + shift) % mod
            elif offset > 0:
                start, end = start + shift, end + shift
                if end > f:
                    out_at += (end - f) * f
                    end = f
            out_at += (start + end) * ((end - start + 1) % mod) % mod // 2
            flat[out_at % mod] = mats.reshape(-1)[y * f * f + x]
        assert got.tolist() == want.tolist(), offset

    # elpa_fill_ev: two rows by two columns by hand (column 1: j = idx[idxq1[0] - 1] = 1, tmp
    # -42 and -35; column 2: j = 2, tmp -39 and -32: 9 / 32 x 4 = 1.125), ev's third row kept;
    # random strips against the source's loop
    def fill_ev(ev, d1u, dbase, ddiff, zu, scale, idxq1, idx, nnzu, ns, ncnt):
        ev = np.asarray(ev, np.float64)
        return references.elpa_fill_ev({
            "ev": ev, "d1u": np.asarray(d1u, np.float64), "dbase": np.asarray(dbase, np.float64),
            "ddiff": np.asarray(ddiff, np.float64), "zu": np.asarray(zu, np.float64),
            "ev_scale": np.asarray(scale, np.float64), "idxq1": np.asarray(idxq1, np.int32),
            "idx": np.asarray(idx, np.int32), "na": len(d1u), "gemm_dim_l": ev.shape[1],
            "gemm_dim_m": ev.shape[0], "nnzu": nnzu, "ns": ns, "ncnt": ncnt})["ev"]

    got = fill_ev(np.full((2, 3), -1), [-40, -33], [3, 1], [1, 2], [6, -9], [2, 4], [2, 1],
                  [2, 1], 2, 0, 2)
    assert got.tolist() == [[6 / -42 * 2, -9 / -35 * 2, -1], [6 / -39 * 4, 1.125, -1]]
    na, nnzu, ns, ncnt, gl, gm = 40, 11, 7, 6, 13, 8
    d1u, dbase = rng.integers(-64, -32, na), rng.integers(0, 32, na)
    ddiff, zu, scale = rng.integers(0, 8, na), rng.integers(-64, 64, na), rng.integers(1, 8, na)
    idxq1, idx = rng.integers(1, na + 1, na), rng.integers(1, na + 1, na)
    init = rng.integers(-8, 0, (gm, gl)).astype(np.float64)
    got = fill_ev(init, d1u, dbase, ddiff, zu, scale, idxq1, idx, nnzu, ns, ncnt)
    want = init.reshape(-1).tolist()
    for k, i in itertools.product(range(nnzu), range(1, ncnt + 1)):
        j = int(idx[idxq1[i + ns - 1] - 1])
        tmp = float(d1u[k]) - float(dbase[j - 1])
        tmp = tmp + float(ddiff[j - 1])
        want[k + gl * (i - 1)] = float(zu[k]) / tmp * float(scale[j - 1])
    assert got.reshape(-1).tolist() == want

    # chrono_lidar_reduce: a 3 x 3 ray beam with 4 hits (ranges 5 + 3 + 1 + 8 over 4: 4.25;
    # intensities 4 / 9 in float32) and a beam without a hit (0, 0); random frames against
    # the source's loop in float32
    def reduce(rays, w, h, r):
        rays = np.asarray(rays, f32)
        return references.chrono_lidar_reduce({
            "bufIn": rays, "bufOut": np.full((h, w, 2), -1, f32), "w": w, "h": h,
            "r": r})["bufOut"]

    ranges = [[5, 7, 3], [9, 9, 1], [8, 9, 9]]
    hits = [[1, 0, 1], [0, 0, 1], [1, 0, 0]]
    rays = np.zeros((3, 6, 2))
    rays[:, :3, 0], rays[:, :3, 1], rays[:, 3:, 0] = ranges, hits, 7
    got = reduce(rays, 2, 1, 2)
    assert got[0, 0].tolist() == [4.25, float(f32(4) / f32(9))]
    assert got[0, 1].tolist() == [0, 0]
    w, h, r = 5, 3, 2
    d = 2 * r - 1
    rays = rng.integers(0, 3, (h * d, w * d, 2))
    got = reduce(rays, w, h, r)
    flat = rays.reshape(-1)
    for beam in range(w * h):
        hor, ver = beam % w, beam // w
        sum_range, sum_intensity, count = f32(0), f32(0), 0
        for i, j in itertools.product(range(d), range(d)):
            at = (d * ver + i) * d * w + (d * hor + j)
            sum_intensity = f32(sum_intensity + flat[2 * at + 1])
            if flat[2 * at + 1] > 1e-6:
                sum_range, count = f32(sum_range + flat[2 * at]), count + 1
        want = [sum_range / f32(count), sum_intensity / f32(d * d)] if count else [0, 0]
        assert got[ver, hor].tolist() == want

    # colossal_moe_combine: slots of value q + 1, two experts of 2 slots: token 0 both (1 x 1
    # + 3 x 2), token 1 slot 3 alone with weight 0, token 2 slot 3 with weight 1, token 3 no
    # slot (unchanged); random batches against the source's selector
    def combine(experts, logits, mask1, mask2, dest1, dest2, c, out):
        experts, logits = np.asarray(experts, f32), np.asarray(logits, f32)
        return references.colossal_moe_combine({
            "expert_tokens": experts, "combine_tokens": np.asarray(out, f32),
            "logits": logits, "mask1": np.asarray(mask1, np.int32),
            "mask2": np.asarray(mask2, np.int32), "dest1": np.asarray(dest1, np.int32),
            "dest2": np.asarray(dest2, np.int32), "e": logits.shape[1], "c": c,
            "h": experts.shape[1]})["combine_tokens"]

    experts = np.repeat(np.arange(1, 5)[:, None], 16, axis=1)
    got = combine(experts, [[1, 2], [3, 0], [2, 1], [1, 1]], [1, 1, 0, 0], [1, 0, 1, 0],
                  [0, 3, 1, 2], [2, 1, 3, 0], 2, np.full((4, 16), -5))
    assert got.tolist() == [[7] * 16, [0] * 16, [4] * 16, [-5] * 16]
    s, e, c, h = 9, 3, 4, 32
    experts, logits = rng.integers(-8, 8, (e * c, h)), rng.integers(0, 4, (s, e))
    mask1, mask2 = rng.integers(0, 2, s), rng.integers(0, 2, s)
    dest1, dest2 = rng.integers(0, e * c, s), rng.integers(0, e * c, s)
    init = rng.integers(-8, 0, (s, h))
    got = combine(experts, logits, mask1, mask2, dest1, dest2, c, init)
    want = init.copy()
    for row in range(s):
        w1, w2 = logits[row, dest1[row] // c], logits[row, dest2[row] // c]
        if mask1[row] and mask2[row]:
            want[row] = experts[dest1[row]] * w1 + experts[dest2[row]] * w2
        elif mask1[row]:
            want[row] = experts[dest1[row]] * w1
        elif mask2[row]:
            want[row] = experts[dest2[row]] * w2
    assert got.tolist() == want.tolist()

    # highs_dual_grad_step: y + 0.5 (b - 2 AxUpdate + Ax) = 1.5, -5.5 and 1.5, the first row
    # an equality (kept), the others projected (-5.5 -> 0); random rows against the loop
    def dual_step(y, b, ax, axu, step, neq):
        return references.highs_dual_grad_step({
            "yUpdate": np.full(len(y), -1.0), "y": np.asarray(y, np.float64),
            "b": np.asarray(b, np.float64), "Ax": np.asarray(ax, np.float64),
            "AxUpdate": np.asarray(axu, np.float64), "dDualStep": step, "nRows": len(y),
            "nEqs": neq})["yUpdate"]

    assert dual_step([1, -3, 2], [4, 0, -2], [1, 1, 1], [2, 3, 0], 0.5, 1).tolist() == [
        1.5, 0, 1.5]
    n, neq = 50, 17
    y, b, ax, axu = (rng.integers(-64, 64, n) for _ in range(4))
    got = dual_step(y, b, ax, axu, 0.25, neq)
    for i in range(n):
        upd = float(y[i]) + 0.25 * (float(b[i]) - 2 * float(axu[i]) + float(ax[i]))
        assert got[i] == (max(upd, 0.0) if i >= neq else upd)


def test_blind78_references_on_hand_checked_inputs():
    rng = np.random.default_rng(78)
    f32 = np.float32

    # theano_take3: three 2 x 2 source images (row r holds 10 r .. 10 r + 3), indexes (2, -1,
    # 0, -3): rows 2, 2, 0 and 0 (negative ones counted from the end); an index past the end
    # sets err and leaves its image; random takes with a transposed source view against the
    # source's loop
    def take(b, idx, a, sb=None):
        b, a = np.asarray(b, f32), np.asarray(a, f32)
        n, d1, d2 = a.shape
        sb = sb or (d1 * d2, d2, 1)
        return references.theano_take3({
            "d0": n, "d1": d1, "d2": d2, "indices": np.asarray(idx, np.int64), "a": a,
            "sA0": d1 * d2, "sA1": d2, "sA2": 1, "b": b, "dB0": b.shape[0], "sB0": sb[0],
            "sB1": sb[1], "sB2": sb[2], "err": np.zeros(1, np.int32)})

    src = np.arange(3)[:, None, None] * 10 + np.arange(4).reshape(2, 2)
    got = take(src, [2, -1, 0, -3], np.full((4, 2, 2), -1))
    assert got["a"][:, 0, :].tolist() == [[20, 21], [20, 21], [0, 1], [0, 1]]
    assert got["a"][:, 1, 1].tolist() == [23, 23, 3, 3] and got["err"].tolist() == [0]
    got = take(src, [1, 3, -4], np.full((3, 2, 2), -1))
    assert got["a"][0].tolist() == [[10, 11], [12, 13]] and got["err"].tolist() == [0xFFFF]
    assert (got["a"][1:] == -1).all()
    rows, d1, d2, n = 7, 3, 5, 9
    b = rng.integers(-64, 64, (rows, d2, d1))  # read as [rows, d1, d2] through its strides
    idx = rng.integers(-rows, rows, n)
    got = take(b, idx, np.zeros((n, d1, d2)), sb=(d1 * d2, 1, d1))["a"].reshape(-1)
    flat = b.reshape(-1)
    for i0, i1, i2 in itertools.product(range(n), range(d1), range(d2)):
        src_row = idx[i0] + rows if idx[i0] < 0 else idx[i0]
        assert got[i0 * d1 * d2 + i1 * d2 + i2] == flat[src_row * d1 * d2 + i1 + i2 * d1]

    # th_permute_0231: a 1 x 2 x 1 x 3 tensor (channels (1, 2, 3) and (4, 5, 6)) becomes three
    # longitudes of two channels; random tensors against the source's index map
    def permute(x):
        x = np.asarray(x, f32)
        b, c, h, w = x.shape
        return references.th_permute_0231({
            "nchn": c, "nlat": h, "nlon": w, "src": x,
            "dst": np.full((b, h, w, c), -1, f32)})["dst"]

    assert permute([[[[1, 2, 3]], [[4, 5, 6]]]]).tolist() == [[[[1, 4], [2, 5], [3, 6]]]]
    x = rng.integers(-64, 64, (2, 5, 3, 7))
    got = permute(x)
    for bb, c, h, w in itertools.product(range(2), range(5), range(3), range(7)):
        assert got[bb, h, w, c] == x[bb, c, h, w]

    # xmipp_scale_fft: one 4 x 3 frame of values (10 y + x, -(10 y + x)) cropped to 3 x 2 with
    # normFactor 1/2: output row 2 from input row 3 (inY - (outY - 2)), the first row and
    # column zeroed, the filter's 0 at (2, 1) zeroing that output too; random batches against
    # the source's loop
    def scale(frames, filt, out_y, out_x, norm):
        frames, filt = np.asarray(frames, f32), np.asarray(filt, f32)
        n, in_y, in_x, _ = frames.shape
        return references.xmipp_scale_fft({
            "in": frames, "out": np.full((n, out_y, out_x, 2), -1, f32), "noOfImages": n,
            "inX": in_x, "inY": in_y, "outX": out_x, "outY": out_y, "filter": filt,
            "normFactor": norm})["out"]

    vals = np.arange(4)[:, None] * 10 + np.arange(3)
    frame = np.stack([vals, -vals], axis=-1)[None]
    got = scale(frame, [[1, 1], [1, 1], [1, 0]], 3, 2, 0.5)
    assert got[0, :, :, 0].tolist() == [[0, 0], [0, 5.5], [0, 0]]
    got = scale(frame, [[1, 1], [1, 1], [1, 1]], 3, 2, 0.5)
    assert got[0, 2].tolist() == [[0, 0], [15.5, -15.5]] and got[0, 1, 1].tolist() == [5.5, -5.5]
    n, in_y, in_x, out_y, out_x = 2, 8, 5, 5, 4
    frames = rng.integers(-64, 64, (n, in_y, in_x, 2))
    filt = rng.integers(0, 2, (out_y, out_x))
    got = scale(frames, filt, out_y, out_x, 2.0**-6)
    for k, y, xx, part in itertools.product(range(n), range(out_y), range(out_x), range(2)):
        orig = y if y <= out_y // 2 else in_y - (out_y - y)
        want = 0.0 if xx == 0 or y == 0 else frames[k, orig, xx, part] * filt[y, xx] / 64
        assert got[k, y, xx, part] == want

    # warpctc_reduce_max: columns (3, -1, 7) and (-5, -2, -9): maxima 7 and -2; random
    # columns against the source's loop
    def col_max(cols):
        cols = np.asarray(cols, f32)
        return references.warpctc_reduce_max({
            "input": cols, "output": np.full(cols.shape[0], -999, f32),
            "num_rows": cols.shape[1], "num_cols": cols.shape[0]})["output"]

    assert col_max([[3, -1, 7], [-5, -2, -9]]).tolist() == [7, -2]
    cols = rng.integers(-64, 64, (6, 11))
    got = col_max(cols)
    for c in range(6):
        best = cols[c, 0]
        for r in range(1, 11):
            best = best if not best < cols[c, r] else cols[c, r]
        assert got[c] == best

    # qsim_partial_norms: amplitude 0 = 3 + 4i (floats 0 and 32) and amplitude 33 = 1 - 2i
    # (floats 65 and 97) of a 64-amplitude state: with 32 threads and n = 1 the blocks' norms
    # are 25 and 5, with 64 threads one block of 30; random states against the source's
    # k0 = 2 n b T + 2 tid - lane walk for whole warps
    def norms(state, n, threads):
        state = np.asarray(state, f32)
        size = state.size // 2
        return references.qsim_partial_norms({
            "n": n, "size": size, "state": state,
            "result": np.full(size, -1.0)}, threads=threads)["result"]

    state = np.zeros(128)
    state[[0, 32, 65, 97]] = [3, 4, 1, -2]
    assert norms(state, 1, 32)[:3].tolist() == [25, 5, -1]
    assert norms(state, 1, 64)[:2].tolist() == [30, -1]
    size, n = 1024, 2
    state = rng.integers(-8, 8, 2 * size)
    for threads in (32, 64, 128):
        got = norms(state, n, threads)
        for blk in range(size // (n * threads)):
            total = 0
            for tid in range(threads):
                k = 2 * n * blk * threads + 2 * tid - tid % 32
                for _ in range(n):
                    total += int(state[k]) ** 2 + int(state[k + 32]) ** 2
                    k += 2 * threads
            assert got[blk] == total

    # tutel_moe_encode: tokens 0 and 2 both to expert 1's slot 0 (gates 1 and 2), token 1
    # past the capacity (location 2 of 2: dropped), token 3 to expert 0's slot 1; random
    # tokens against the source's loop
    def encode(gates, experts, locs, data, out, cap):
        data, out = np.asarray(data, f32), np.asarray(out, f32)
        return references.tutel_moe_encode({
            "gates1_s": np.asarray(gates, f32), "indices1_s": np.asarray(experts, np.int32),
            "locations1_s": np.asarray(locs, np.int32), "reshaped_input": data,
            "dispatched_input": out, "samples": data.shape[0], "hidden": data.shape[1],
            "capacity": cap})["dispatched_input"]

    got = encode([1, 1, 2, 1], [1, 0, 1, 0], [0, 2, 0, 1], [[1, 2], [3, 4], [5, 6], [7, 8]],
                 np.zeros((4, 2)), 2)
    assert got.tolist() == [[0, 0], [7, 8], [11, 14], [0, 0]]
    samples, hidden, experts, cap = 40, 6, 3, 9
    gates, data = rng.integers(1, 3, samples), rng.integers(-8, 8, (samples, hidden))
    idx, locs = rng.integers(0, experts, samples), rng.integers(0, cap + 3, samples)
    out = rng.integers(-4, 4, (experts * cap, hidden))
    got = encode(gates, idx, locs, data, out, cap)
    want = out.astype(np.int64)
    for i in range(samples):
        if locs[i] < cap and idx[i] >= 0:
            for j in range(hidden):
                want[idx[i] * cap + locs[i], j] += gates[i] * data[i, j]
    assert got.tolist() == want.tolist()


def test_blind79_references_on_hand_checked_inputs():
    rng = np.random.default_rng(79)
    f32 = np.float32

    # anakin_transpose: one 2 x 3 plane (rows (1, 2, 3), (4, 5, 6)) becomes 3 x 2, a second
    # plane stored after it; random planes against the source's tile loop (16 x 16 tiles)
    def ak(x):
        x = np.asarray(x, f32)
        n, c, h, w = x.shape
        return references.anakin_transpose({
            "odata": np.full((n, c, w, h), -1, f32), "idata": x, "num": n, "channel": c,
            "height": h, "width": w})["odata"]

    got = ak([[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]])
    assert got.tolist() == [[[[1, 4], [2, 5], [3, 6]], [[7, 10], [8, 11], [9, 12]]]]
    n, c, h, w = 2, 3, 37, 21
    x = rng.integers(-64, 64, (n, c, h, w))
    got = ak(x).reshape(-1)
    flat = x.reshape(-1)
    want = np.full(got.size, -1)
    for i in range(n * c):
        for bx, by in itertools.product(range(-(-w // 16)), range(-(-h // 16))):
            tile = {}
            for ty, tx in itertools.product(range(16), range(16)):
                xi, yi = bx * 16 + tx, by * 16 + ty
                if xi < w and yi < h:
                    tile[ty, tx] = flat[i * h * w + xi + yi * w]
            for ty, tx in itertools.product(range(16), range(16)):
                xo, yo = by * 16 + tx, bx * 16 + ty
                if xo < h and yo < w:
                    want[i * h * w + xo + yo * h] = tile[tx, ty]
    assert got.tolist() == want.tolist()

    # cudf_transpose: columns (1, 2, 3) and (4, 5, 6) become three columns (1, 4), (2, 5),
    # (3, 6); random tables against the source's loop
    def tr(cols):
        cols = np.asarray(cols, f32)
        return references.cudf_transpose({
            "in_cols": cols, "out_cols": np.full(cols.shape[::-1], -1, f32),
            "ncols": cols.shape[0], "nrows": cols.shape[1]})["out_cols"]

    assert tr([[1, 2, 3], [4, 5, 6]]).tolist() == [[1, 4], [2, 5], [3, 6]]
    cols = rng.integers(-64, 64, (5, 9))
    got = tr(cols)
    for i, j in itertools.product(range(5), range(9)):
        assert got[j, i] == cols[i, j]

    # holoscan_seg_argmax: three classes on a 1 x 4 frame: scores (1, 3, 3) -> 1 (the first of
    # a tie), (-2, -1, -5) -> 0 (none positive), (0, 0, 2) -> 2, (5, 0, 4) -> 0; the labels
    # packed into one little-endian word; random frames against the source's loop
    def seg(scores):
        scores = np.asarray(scores, f32)
        c, h, w = scores.shape
        return references.holoscan_seg_argmax({
            "height": h, "width": w, "channels": c, "input": scores,
            "output": np.full(h * w // 4, 0xFFFFFFFF, np.uint32)})["output"]

    scores = np.array([[1, -2, 0, 5], [3, -1, 0, 0], [3, -5, 2, 4]])[:, None, :]
    assert seg(scores).view(np.uint8).tolist() == [1, 0, 2, 0]
    assert seg(scores).tolist() == [1 + (2 << 16)]
    c, h, w = 4, 3, 8
    scores = rng.integers(-8, 8, (c, h, w))
    got = seg(scores).view(np.uint8)
    for y, xx in itertools.product(range(h), range(w)):
        best, label = 0.0, 0
        for ch in range(c):
            if scores[ch, y, xx] > best:
                best, label = scores[ch, y, xx], ch
        assert got[y * w + xx] == label

    # cntk_row_stack: sources of 1 and 2 rows (start (0, 1, 3)) over 2 columns: source 0
    # (a, b), source 1 column-major (c0, d0, c1, d1) give columns (a, c0, d0) and (b, c1, d1);
    # random splits (an empty source among them) against the source's search
    def stack(srces, start, rows, cols):
        return references.cntk_row_stack({
            "dest": np.full((cols, rows), -1, f32), "srces": np.asarray(srces, f32),
            "startRowIndeces": np.asarray(start, np.int64), "numSrces": len(start) - 1,
            "N": rows * cols, "destRows": rows, "destCols": cols})["dest"]

    assert stack([1, 2, 30, 40, 31, 41], [0, 1, 3], 3, 2).tolist() == [[1, 30, 40], [2, 31, 41]]
    rows, cols, start = 9, 4, [0, 2, 2, 7, 9]
    srces = rng.integers(-64, 64, rows * cols)
    got = stack(srces, start, rows, cols).reshape(-1)
    for idx in range(rows * cols):
        col, row = idx // rows, idx % rows
        s = 0
        while s < len(start) - 1 and not start[s + 1] > row:
            s += 1
        n_rows = start[s + 1] - start[s]
        assert got[idx] == srces[start[s] * cols + col * n_rows + row - start[s]]

    # flexflow_group_by: 3 samples, k = 1, 2 experts of ceil(1 x 1 / 2 x 3) = 2 rows;
    # assignments (1, 1, 1): samples 0 and 1 fill expert 1, sample 2 dropped, expert 0 left
    # alone; random assignments against the source's serial pass and copy
    def group(data, assign, n, k, alpha, out_rows):
        data, assign = np.asarray(data, f32), np.asarray(assign, np.int32)
        batch, dim = data.shape
        return references.flexflow_group_by({
            "input": data, "exp_assign": assign, "outputs": np.full((n, out_rows, dim), -1, f32),
            "n": n, "k": k, "alpha": alpha, "batch_size": batch, "data_dim": dim})["outputs"]

    got = group([[1, 2], [3, 4], [5, 6]], [[1], [1], [1]], 2, 1, 1.0, 2)
    assert got.tolist() == [[[-1, -1], [-1, -1]], [[1, 2], [3, 4]]]
    n, k, batch, dim, alpha = 3, 2, 7, 5, 0.75
    rows = math.ceil(alpha * k / n * batch)
    data = rng.integers(-64, 64, (batch, dim))
    assign = rng.integers(0, n, (batch, k))
    got = group(data, assign, n, k, alpha, rows).reshape(-1)
    want = np.full(n * rows * dim, -1)
    slots, used = [], [0] * n
    for i in range(k * batch):
        e = assign.reshape(-1)[i]
        if used[e] >= rows:
            slots.append(None)
            continue
        slots.append((e * rows + used[e]) * dim)
        used[e] += 1
    for i in range(k * batch * dim):
        if slots[i // dim] is not None:
            want[slots[i // dim] + i % dim] = data.reshape(-1)[(i // (k * dim)) * dim + i % dim]
    assert got.tolist() == want.tolist()

    # k2_merge_map: sizes (2, 0, 3): elements 0-1 of source 0 -> 0, 3; source 2's -> 2, 5, 8;
    # random sizes against the source's thread loop at threads_per_row 4
    def merge(splits, out_len):
        return references.k2_merge_map({
            "num_rows": len(splits) - 1, "threads_per_row": 4,
            "row_splits": np.asarray(splits, np.int32), "num_elems": splits[-1],
            "merge_map": np.full(out_len, 7, np.uint32)})["merge_map"]

    assert merge([0, 2, 2, 5], 5).tolist() == [0, 3, 2, 5, 8]
    sizes = rng.integers(0, 11, 6)
    splits = np.concatenate([[0], np.cumsum(sizes)]).tolist()
    got = merge(splits, splits[-1])
    want = [None] * splits[-1]
    for thread in range(6 * 4):
        row, t = divmod(thread, 4)
        while t < splits[row + 1] - splits[row]:
            want[splits[row] + t] = row + 6 * t
            t += 4
    assert got.tolist() == want


def test_blind80_references_on_hand_checked_inputs():
    rng = np.random.default_rng(80)
    f32 = np.float32

    # niutensor_index_to_onehot: three rows of 4 with indexes (2, 0, 3) get 0.5 there and keep
    # -1 elsewhere; an index past the row changes nothing; random rows against the source's loop
    def onehot(idx, rows, stride, conf):
        return references.niutensor_index_to_onehot({
            "onehotData": np.asarray(rows, f32), "indexData": np.asarray(idx, np.int32),
            "blockNum": len(idx), "stride": stride, "confidence": conf,
            "lowconfidence": 0.0})["onehotData"]

    got = onehot([2, 0, 3, 4], np.full((4, 4), -1), 4, 0.5)
    assert got.tolist() == [[-1, -1, 0.5, -1], [0.5, -1, -1, -1], [-1, -1, -1, 0.5],
                            [-1, -1, -1, -1]]
    n, stride = 9, 7
    idx, start = rng.integers(0, stride, n), rng.integers(-8, 0, (n, stride))
    got = onehot(idx, start, stride, 0.9)
    for i, off in itertools.product(range(n), range(stride)):
        assert got[i, off] == (f32(0.9) if off == idx[i] else start[i, off])

    # mmdeploy_hwc2chw: a 2 x 3 image of 2 channels (pixel (y, x) = (10 y + x, -(10 y + x)))
    # becomes two 2 x 3 planes; random images with padded rows against the source's loop
    def transpose(src, h, w, c, sws, dcs, dst):
        return references.mmdeploy_hwc2chw({
            "src": np.asarray(src, f32), "height": h, "width": w, "channels": c,
            "src_width_stride": sws, "dst": np.asarray(dst, f32),
            "dst_channel_stride": dcs})["dst"]

    vals = np.arange(2)[:, None] * 10 + np.arange(3)
    got = transpose(np.stack([vals, -vals], -1), 2, 3, 2, 6, 6, np.full(12, -1))
    assert got.tolist() == [0, 1, 2, 10, 11, 12, 0, -1, -2, -10, -11, -12]
    h, w, c, sws = 5, 7, 3, 25
    src = rng.integers(-128, 128, h * sws)
    dcs = h * w + 4
    start = rng.integers(-8, 0, c * dcs)
    got = transpose(src, h, w, c, sws, dcs, start)
    want = start.copy()
    for y, x, ch in itertools.product(range(h), range(w), range(c)):
        want[ch * dcs + y * w + x] = src[y * sws + x * c + ch]
    assert got.tolist() == want.tolist()

    # pplcv_calc_hist: two rows of 5 pixels pitched to 8 bytes ((1, 2, 2, 255, 7) and (7, 7, 0,
    # 1, 1), the pitch's bytes 9 and 99 never counted) add 1, 3, 2, 3 and 1 to bins 0, 1, 2, 7
    # and 255; random images against the source's per-byte loop
    def hist(image_bytes, rows, cols, stride, start):
        words = np.asarray(image_bytes, np.uint8).reshape(-1).view(np.uint32)
        return references.pplcv_calc_hist({
            "src": words, "rows": rows, "cols": cols, "src_stride": stride,
            "histogram": np.asarray(start, np.int32)})["histogram"]

    image = [1, 2, 2, 255, 7, 9, 9, 9, 7, 7, 0, 1, 1, 99, 99, 99]
    got = hist(image, 2, 5, 8, np.full(256, 10))
    assert got[[0, 1, 2, 7, 9, 99, 255]].tolist() == [11, 13, 12, 13, 10, 10, 11]
    assert got.sum() == 2560 + 10
    rows, cols, stride = 6, 13, 20
    image = rng.integers(0, 256, rows * stride)
    start = rng.integers(0, 1000, 256)
    got = hist(image, rows, cols, stride, start)
    want = start.copy()
    for y, x in itertools.product(range(rows), range(cols)):
        want[image[y * stride + x]] += 1
    assert got.tolist() == want.tolist()

    # spline_weighting_fwd: edge 0 (x = (1, 2)) with basis (1, 2) on kernels (0, 1), edge 1
    # (x = (3, -1)) with basis (0, 1) on kernels (1, 1), kernel 0 = [[1, 0], [0, 1]] and
    # kernel 1 = [[2, 1], [1, -1]]: out = ((1, 2) + 2 (4, -1), (5, 4)) = ((9, 0), (5, 4));
    # random edges against the source's loop
    def weighting(x, weight, basis, wi):
        x, basis = np.asarray(x, f32), np.asarray(basis, f32)
        weight = np.asarray(weight, f32)
        e, m_in = x.shape
        return references.spline_weighting_fwd({
            "x": x, "weight": weight, "basis": basis,
            "weight_index": np.asarray(wi, np.int64), "out": np.full((e, weight.shape[2]), -1, f32),
            "E": e, "M_in": m_in, "M_out": weight.shape[2], "S": basis.shape[1],
            "numel": e * weight.shape[2]})["out"]

    got = weighting([[1, 2], [3, -1]], [[[1, 0], [0, 1]], [[2, 1], [1, -1]]], [[1, 2], [0, 1]],
                    [[0, 1], [1, 1]])
    assert got.tolist() == [[9, 0], [5, 4]]
    e, m_in, m_out, s, k = 11, 5, 3, 4, 7
    x, weight = rng.integers(-8, 8, (e, m_in)), rng.integers(-8, 8, (k, m_in, m_out))
    basis, wi = rng.integers(0, 4, (e, s)), rng.integers(0, k, (e, s))
    got = weighting(x, weight, basis, wi).reshape(-1)
    for t in range(e * m_out):
        edge, o = t // m_out, t % m_out
        v = 0
        for ss in range(s):
            for i in range(m_in):
                v += int(weight[wi[edge, ss], i, o]) * (int(basis[edge, ss]) * int(x[edge, i]))
        assert got[t] == v

    # turbo_split_bias_transpose: batch 1, two tokens, Q and K of one head of 2 (token t's Q =
    # (10 t, 10 t + 1), K = (10 t + 5, 10 t + 6)), biases (100, 200) and (1000, 2000): Q rows
    # (100, 201), (110, 211), K rows (1005, 2006), (1015, 2016); random batches against the
    # source's index map
    def split(data, bias, b, s, h, w, d):
        return references.turbo_split_bias_transpose({
            "input_data": np.asarray(data, f32), "bias_data": np.asarray(bias, f32),
            "batch_size": b, "seq_len": s, "head_num": h, "weight_num": w, "size_per_head": d,
            "output_data": np.full(b * s * h * w * d, -1, f32)})["output_data"]

    got = split([0, 1, 5, 6, 10, 11, 15, 16], [100, 200, 1000, 2000], 1, 2, 1, 2, 2)
    assert got.tolist() == [100, 201, 110, 211, 1005, 2006, 1015, 2016]
    b, s, h, w, d = 2, 3, 4, 3, 5
    data, bias = rng.integers(-64, 64, (b, s, w, h, d)), rng.integers(-64, 64, (w, h, d))
    got = split(data, bias, b, s, h, w, d)
    for bid, idx in itertools.product(range(b * s * w * h), range(d)):
        batch, seq = bid // (s * w * h), bid % (s * w * h) // (w * h)
        wt, head = bid % (w * h) // h, bid % h
        to = wt * b * s * h * d + batch * s * h * d + head * s * d + seq * d + idx
        assert got[to] == data[batch, seq, wt, head, idx] + bias[wt, head, idx]

    # strumpack_laswp: a column (1, 2, 3) with pivots (3, 3, 3): rows 0 and 2 swapped, then 1
    # and 2, then 2 with itself: (3, 1, 2); a second column (4, 5, 6) the same way, the rows
    # past npivots untouched; random pivots against the source's loop
    def laswp(cols, ld, piv):
        cols = np.asarray(cols, np.float64)
        return references.strumpack_laswp({
            "n": cols.shape[0], "dA": cols, "lddA": ld, "npivots": len(piv),
            "dipiv": np.asarray(piv, np.int32), "inci": 1})["dA"]

    assert laswp([[1, 2, 3, 9], [4, 5, 6, 8]], 4, [3, 3, 3]).tolist() == [[3, 1, 2, 9],
                                                                          [6, 4, 5, 8]]
    n, ld, npiv = 5, 9, 7
    cols, piv = rng.integers(-64, 64, (n, ld)), rng.integers(1, ld + 1, npiv)
    got = laswp(cols, ld, piv)
    for j in range(n):
        col = [int(v) for v in cols[j]]
        for i1 in range(npiv):
            i2 = int(piv[i1]) - 1
            col[i1], col[i2] = col[i2], col[i1]
        assert got[j].tolist() == col


def test_blind82_references_on_hand_checked_inputs():
    rng = np.random.default_rng(82)
    f32 = np.float32
    inf = np.inf

    # nvblox_difference_image: (5, 2, 7) - (1, 9, 7) is (4, 7, 0); random images against the
    # source's per-pixel loop
    def difference(a, b, rows, cols):
        return references.nvblox_difference_image({
            "diff_image": np.full(rows * cols, -1, f32), "rows": rows, "cols": cols,
            "image_1": np.asarray(a, f32), "image_2": np.asarray(b, f32)})["diff_image"]

    assert difference([5, 2, 7], [1, 9, 7], 1, 3).tolist() == [4, 7, 0]
    rows, cols = 5, 7
    a, b = rng.integers(0, 10000, rows * cols), rng.integers(0, 10000, rows * cols)
    got = difference(a, b, rows, cols)
    for r, c in itertools.product(range(rows), range(cols)):
        assert got[r * cols + c] == abs(int(a[r * cols + c]) - int(b[r * cols + c]))

    # ort_transpose3d: [[1, 2, 3], [4, 5, 6]] becomes [[1, 4], [2, 5], [3, 6]] in each of two
    # matrices; random batches against the source's index map
    def transpose(src, b, m, n):
        return references.ort_transpose3d({
            "input_data": np.asarray(src, f32), "output_data": np.full(b * m * n, -1, f32),
            "shape1": m, "shape2": n, "stride0": m * n})["output_data"]

    got = transpose([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 2, 2, 3)
    assert got.tolist() == [1, 4, 2, 5, 3, 6, 7, 10, 8, 11, 9, 12]
    b, m, n = 3, 5, 7
    src = rng.integers(-128, 128, b * m * n)
    got = transpose(src, b, m, n)
    for z, y, x in itertools.product(range(b), range(m), range(n)):
        assert got[z * m * n + x * m + y] == src[z * m * n + y * n + x]

    # qmcpack_tbt_mv_plus: a 2 x 2 complex matrix (lda 3) of (1 + 2i, 3 + 4i; 5 + 6i, 7 + 8i)
    # plus x = (10, 20): dim 0 adds 10 to row 0 and 20 to row 1, dim 1 10 to column 0 and 20
    # to column 1 (real parts only, the third column untouched); random against the loop
    def tbt(a, x, dim, nrow, ncol, lda, inc=1):
        return references.qmcpack_tbt_mv_plus({
            "dim": dim, "nrow": nrow, "ncol": ncol, "A": np.asarray(a, np.float64),
            "lda": lda, "x": np.asarray(x, np.float64), "incx": inc})["A"]

    a = [1, 2, 3, 4, 0, 0, 5, 6, 7, 8, 0, 0]
    assert tbt(a, [10, 20], 0, 2, 2, 3).tolist() == [11, 2, 13, 4, 0, 0, 25, 6, 27, 8, 0, 0]
    assert tbt(a, [10, 20], 1, 2, 2, 3).tolist() == [11, 2, 23, 4, 0, 0, 15, 6, 27, 8, 0, 0]
    nrow, ncol, lda, inc = 4, 5, 7, 2
    a, x = rng.integers(-64, 64, 2 * nrow * lda), rng.integers(-64, 64, 2 * max(nrow, ncol))
    for dim in (0, 1):
        got = tbt(a, x, dim, nrow, ncol, lda, inc)
        want = [int(v) for v in a]
        for i, j in itertools.product(range(nrow), range(ncol)):
            want[2 * (i * lda + j)] += int(x[(i if dim == 0 else j) * inc])
        assert got.tolist() == want

    # xgrammar_token_bitmask: a 40-token row with mask words (0xFFFFFFFE, 0b101): tokens 0, 33
    # and 35..39 -inf, the rest kept; a row not in indices untouched; random against the loop
    def bitmask(logits, words, idx, v):
        return references.xgrammar_token_bitmask({
            "logits": np.asarray(logits, f32), "bitmask": np.asarray(words, np.int32),
            "indices": np.asarray(idx, np.int32), "vocabSize": v,
            "bitmaskSize": -(-v // 32)})["logits"]

    row = np.arange(40)
    got = bitmask(np.stack([row, row]), [[-2, 5], [0, 0]], [0], 40)
    want = [float(t) for t in row]
    for t in [0, 33, 35, 36, 37, 38, 39]:
        want[t] = -inf
    assert got[0].tolist() == want and got[1].tolist() == list(map(float, row))
    batch, v = 4, 100
    logits = rng.integers(-64, 64, (batch, v))
    words = rng.integers(-(2**31), 2**31, (batch, 4))
    idx = [2, 0, 2]
    got = bitmask(logits, words, idx, v)
    for r, t in itertools.product(range(batch), range(v)):
        bit = (int(words[r, t // 32]) >> (t % 32)) & 1
        assert got[r, t] == (-inf if r in idx and bit == 0 else logits[r, t])

    # sglang_max_pooling: one sequence of 2 queries, 10 scores (0, 9, 1, 8, 2, 7, 3, 6, 4, 5) a
    # row (seqlen_k 10), windows of 3 in steps of 2 with padding 1, 5 outputs, block_size 1,
    # no cache, 1 initial and 0 local blocks: query 0's outputs (+inf (initial), max(9, 1, 8),
    # max(8, 2, 7), max(7, 3, 6), max(6, 4, 5)) = (inf, 9, 8, 7, 6) and query 1's the same but
    # output 1 forced (off_bq = 1): (inf, inf, 8, 7, 6); random batches against the loop
    def pool(scores, cq, ck, cache, heads, maxk, out_len, ks, st, pad, blk, local, init):
        tq = cq[-1]
        return references.sglang_max_pooling({
            "input": np.asarray(scores, f32), "output": np.full(heads * tq * out_len, -1, f32),
            "cu_seqlens_q": np.asarray(cq, np.int32), "cu_seqlens_k": np.asarray(ck, np.int32),
            "cache_lens": np.asarray(cache, np.int32), "batch_size": len(cache),
            "num_heads": heads, "max_seqlen_k": maxk, "out_len": out_len, "kernel_size": ks,
            "stride": st, "padding": pad, "block_size": blk, "local_blocks": local,
            "init_blocks": init})["output"]

    scores = [0, 9, 1, 8, 2, 7, 3, 6, 4, 5]
    got = pool(scores * 2, [0, 2], [0, 10], [0], 1, 10, 5, 3, 2, 1, 1, 0, 1)
    assert got.tolist() == [inf, 9, 8, 7, 6, inf, inf, 8, 7, 6]
    nb, heads, maxk, out_len, ks, st, pad, blk, local, init = 3, 2, 12, 4, 3, 3, 1, 2, 1, 1
    cq, ck = [0, 4, 4, 9], [0, 12, 15, 20]  # an empty sequence; seqlen_k 12, 3 and 5
    cache = rng.integers(0, 6, nb)
    tq = cq[-1]
    scores = rng.integers(-1000, 1000, (heads, tq, maxk))
    got = pool(scores, cq, ck, cache, heads, maxk, out_len, ks, st, pad, blk, local, init)
    got = got.reshape(heads, tq, out_len)
    for h, q, k in itertools.product(range(heads), range(tq), range(out_len)):
        bq = next(bb for bb in range(nb) if cq[bb] <= q < cq[bb + 1])
        off_bq = (q - cq[bq] + int(cache[bq])) // blk
        if k < init or k <= off_bq <= k + local:
            assert got[h, q, k] == inf
            continue
        lo, hi = max(k * st - pad, 0), min(k * st - pad + ks, ck[bq + 1] - ck[bq])
        best = -inf
        for i in range(lo, hi):
            best = max(best, float(scores[h, q, i]))
        assert got[h, q, k] == best

    # tcnn_identity_encoding: two inputs (2, -4) and (6, 0), scale 0.5 and offset 0.5, padded
    # to 3: (1.5, -1.5, 1) and (3.5, 0.5, 1), dy_dx all 0.5; random against the source's map
    def identity(data, n, enc, width, ins):
        return references.tcnn_identity_encoding({
            "num_elements": n * width, "num_to_encode": enc, "num_to_pad": width - enc,
            "scale": 0.5, "offset": 0.5, "data_in": np.asarray(data, f32), "in_stride": ins,
            "data_out": np.full(n * width, -1, f32), "out_stride": width,
            "dy_dx": np.full(n * enc, -1, f32)})

    got = identity([2, -4, 6, 0], 2, 2, 3, 2)
    assert got["data_out"].tolist() == [1.5, -1.5, 1, 3.5, 0.5, 1]
    assert got["dy_dx"].tolist() == [0.5] * 4
    n, enc, width, ins = 9, 3, 5, 4
    data = rng.integers(-64, 64, n * ins)
    got = identity(data, n, enc, width, ins)
    for e in range(n * width):
        i, j = e // width, e % width
        if j >= enc:
            assert got["data_out"][i * width + j] == 1
        else:
            assert got["data_out"][i * width + j] == data[i * ins + j] * 0.5 + 0.5
            assert got["dy_dx"][i * enc + j] == 0.5


def test_blind81_references_on_hand_checked_inputs():
    rng = np.random.default_rng(81)
    f32, f64 = np.float32, np.float64

    # libgrid_fft_convolute: a 1 x 1 x 2 grid, (1 + 2i)(3 - i) = 5 + 5i at k = 0 and
    # -((2 - i)(1 + i)) = -3 - i at k = 1 (odd i + j + k); random grids against the source's loop
    def convolute(a, b, nx, ny, nz):
        return references.libgrid_fft_convolute({
            "dst": np.full(2 * nx * ny * nz, -1, f64), "src1": np.asarray(a, f64),
            "src2": np.asarray(b, f64), "nx": nx, "ny": ny, "nz": nz})["dst"]

    assert convolute([1, 2, 2, -1], [3, -1, 1, 1], 1, 1, 2).tolist() == [5, 5, -3, -1]
    nx, ny, nz = 2, 3, 5
    a, b = rng.integers(-64, 64, 2 * nx * ny * nz), rng.integers(-64, 64, 2 * nx * ny * nz)
    got = convolute(a, b, nx, ny, nz)
    for i, j, k in itertools.product(range(nx), range(ny), range(nz)):
        idx = (i * ny + j) * nz + k
        s = 1 - 2 * ((i + j + k) & 1)
        z = complex(s * a[2 * idx], s * a[2 * idx + 1]) * complex(b[2 * idx], b[2 * idx + 1])
        assert (got[2 * idx], got[2 * idx + 1]) == (z.real, z.imag)

    # h2o4gpu_ts_to_matrix: the series (10, 11, 12, 13, 14) at depth 2 (n = 4) into columns
    # (10, 11, 12, 13) and (11, 12, 13, 14), ldx 5 leaving each column's last value; ldx below n
    # cutting the columns short; random series against the source's loop
    def lagmat(data, ldx, n, depth):
        return references.h2o4gpu_ts_to_matrix({
            "data": np.asarray(data, f32), "X": np.full(depth * ldx, -1, f32), "ldx": ldx,
            "n": n, "depth": depth})["X"]

    assert lagmat([10, 11, 12, 13, 14], 5, 4, 2).tolist() == [10, 11, 12, 13, -1,
                                                              11, 12, 13, 14, -1]
    assert lagmat([10, 11, 12, 13, 14], 3, 4, 2).tolist() == [10, 11, 12, 11, 12, 13]
    length, depth, ldx = 23, 4, 21
    data = rng.integers(-64, 64, length)
    n = length - depth + 1
    got = lagmat(data, ldx, n, depth)
    for j, i in itertools.product(range(depth), range(ldx)):
        assert got[j * ldx + i] == (data[j + i] if i < n else -1)

    # eet_reorder_kv: two beams, one head of 2, one position, parents (1, 1): both beams get
    # beam 1's rows; random caches against the source's index map
    def reorder(kb, vb, idx, d, step, batch, heads):
        n = step * batch * heads * d
        out = references.eet_reorder_kv({
            "k_cache": np.full(n, -1, f32), "v_cache": np.full(n, -1, f32),
            "k_buf": np.asarray(kb, f32), "v_buf": np.asarray(vb, f32),
            "reorder_index": np.asarray(idx, np.int64), "size_per_head": d, "step": step,
            "batch": batch, "head_num": heads})
        return out["k_cache"], out["v_cache"]

    k, v = reorder([1, 2, 3, 4], [5, 6, 7, 8], [1, 1], 2, 1, 2, 1)
    assert k.tolist() == [3, 4, 3, 4] and v.tolist() == [7, 8, 7, 8]
    d, step, batch, heads = 3, 4, 5, 2
    n = d * step * batch * heads
    kb, vb, idx = rng.integers(-64, 64, n), rng.integers(-64, 64, n), rng.integers(0, batch, batch)
    k, v = reorder(kb, vb, idx, d, step, batch, heads)
    for bid, t in itertools.product(range(batch * heads * step), range(d)):
        b, s = bid // (heads * step), bid % step
        h = (bid - b * heads * step) // step
        src = s * batch * heads * d + int(idx[b]) * heads * d + h * d + t
        dst = s * batch * heads * d + b * heads * d + h * d + t
        assert (k[dst], v[dst]) == (kb[src], vb[src])

    # eman2_column_sum: a 2 x 3 image ((1, 2, 3), (10, 20, 30)) sums to (11, 22, 33); random
    # images against the source's loop
    def colsum(data, nx, ny):
        return references.eman2_column_sum({
            "data": np.asarray(data, f32), "sum": np.full(nx, -1, f32), "nx": nx,
            "ny": ny})["sum"]

    assert colsum([1, 2, 3, 10, 20, 30], 3, 2).tolist() == [11, 22, 33]
    nx, ny = 7, 9
    data = rng.integers(-64, 64, nx * ny)
    got = colsum(data, nx, ny)
    for x in range(nx):
        assert got[x] == sum(int(data[x + i * nx]) for i in range(ny))

    # espresso_p3m_influence: a 1 x 1 x 2 mesh (2 k-space values: 2 / 2 + 1) (1 + 2i, 3 - i)
    # times G_hat (2, -3) is (2 + 4i, -9 + 3i); random meshes against the source's loop
    def influence(mesh, g, m0, m1, m2):
        return references.espresso_p3m_influence({
            "charge_mesh": np.asarray(mesh, f32), "G_hat": np.asarray(g, f32), "mesh0": m0,
            "mesh1": m1, "mesh2": m2})["charge_mesh"]

    assert influence([1, 2, 3, -1], [2, -3], 1, 1, 2).tolist() == [2, 4, -9, 3]
    m0, m1, m2 = 3, 4, 7
    nzh = m2 // 2 + 1
    mesh = rng.integers(-64, 64, 2 * m0 * m1 * nzh)
    g = rng.integers(-64, 64, m0 * m1 * nzh)
    got = influence(mesh, g, m0, m1, m2)
    for i, j, t in itertools.product(range(m0), range(m1), range(nzh)):
        li = m1 * nzh * i + nzh * j + t
        assert (got[2 * li], got[2 * li + 1]) == (mesh[2 * li] * g[li], mesh[2 * li + 1] * g[li])

    # accfft_local_transpose: 2 x 3 tuples of 2 (tuple (i, j) = (10 i + j, -(10 i + j))) become
    # 3 x 2; random tuples against the source's loop
    def ltrans(data, r, c, nt):
        return references.accfft_local_transpose({
            "r": r, "c": c, "n_tuples": nt, "in": np.asarray(data, f64),
            "out": np.full(r * c * nt, -1, f64)})["out"]

    vals = [v for i in range(2) for j in range(3) for v in (10 * i + j, -(10 * i + j))]
    assert ltrans(vals, 2, 3, 2).tolist() == [0, 0, 10, -10, 1, -1, 11, -11, 2, -2, 12, -12]
    r, c, nt = 4, 3, 5
    data = rng.integers(-64, 64, r * c * nt)
    got = ltrans(data, r, c, nt)
    for i, j, z in itertools.product(range(r), range(c), range(nt)):
        assert got[(j * r + i) * nt + z] == data[(i * c + j) * nt + z]


def test_blind83_references_on_hand_checked_inputs():
    rng = np.random.default_rng(83)
    f32 = np.float32

    # colmap_rotate: [[1, 2, 3], [4, 5, 6]] (rows of 4) turned counter-clockwise is
    # [[3, 6], [2, 5], [1, 4]] (rows of 3, the gaps untouched); random against the source's map
    def rotate(src, w, h, pin, pout):
        return references.colmap_rotate({
            "output_data": np.full(w * pout, -1, f32), "input_data": np.asarray(src, f32),
            "width": w, "height": h, "input_pitch": 4 * pin,
            "output_pitch": 4 * pout})["output_data"]

    got = rotate([1, 2, 3, 0, 4, 5, 6, 0], 3, 2, 4, 3)
    assert got.tolist() == [3, 6, -1, 2, 5, -1, 1, 4, -1]
    w, h, pin, pout = 7, 5, 9, 6
    src = rng.integers(-128, 128, h * pin)
    got = rotate(src, w, h, pin, pout)
    want = np.full(w * pout, -1, f32)
    for y, x in itertools.product(range(h), range(w)):
        want[(w - 1 - x) * pout + y] = src[y * pin + x]
    assert got.tolist() == want.tolist()

    # gpunufft_fftshift2d: a 4 x 2 grid (x 4 wide) of complex points p + 10i shifted by (2, 1):
    # point t = x + 4 y takes point (x + 2) % 4 + 4 ((y + 1) % 2); random against the loop
    def shift(src, gx, gy, coils, ox, oy):
        return references.gpunufft_fftshift2d({
            "gdata": np.asarray(src, f32), "outdata": np.full(2 * coils * gx * gy, -1, f32),
            "offset_x": ox, "offset_y": oy, "N": gx * gy, "grid_x": gx, "grid_y": gy,
            "grid_count": gx * gy, "n_coils": coils})["outdata"]

    grid = [v for p in range(8) for v in (p, p + 10)]
    got = shift(grid, 4, 2, 1, 2, 1).reshape(8, 2)
    assert got[:, 0].tolist() == [6, 7, 4, 5, 2, 3, 0, 1] and got[:, 1].tolist() == [
        16, 17, 14, 15, 12, 13, 10, 11]
    gx, gy, coils = 6, 5, 3
    src = rng.integers(-512, 512, 2 * coils * gx * gy)
    got = shift(src, gx, gy, coils, 3, 2)
    for c, t in itertools.product(range(coils), range(gx * gy)):
        x, y = t % gx, t // gx
        opp = (x + 3) % gx + gx * ((y + 2) % gy)
        for k in range(2):
            assert got[2 * (c * gx * gy + t) + k] == src[2 * (c * gx * gy + opp) + k]

    # fastllm_permute: a [1, 2, 3, 1] tensor 0..5 permuted (0, 2, 1, 3) is [1, 3, 2, 1]:
    # (0, 3, 1, 4, 2, 5); random shapes against the source's stride loop and NumPy's transpose
    def permute(src, dims, perm):
        old = [int(np.prod(dims[j + 1:])) for j in range(4)]
        nd = [dims[p] for p in perm]
        new = [int(np.prod(nd[j + 1:])) for j in range(4)]
        vals = {"dst": np.full(len(src), -1, f32), "ori": np.asarray(src, f32),
                "axisLen": 4, "len": len(src)}
        for j in range(4):
            vals[f"axis{j}"], vals[f"old{j}"], vals[f"new{j}"] = perm[j], old[j], new[j]
        return references.fastllm_permute(vals)["dst"], old, new

    got, _, _ = permute(range(6), [1, 2, 3, 1], [0, 2, 1, 3])
    assert got.tolist() == [0, 3, 1, 4, 2, 5]
    dims, perm = [2, 3, 4, 5], [3, 0, 2, 1]
    src = rng.integers(-128, 128, 120)
    got, old, new = permute(src, dims, perm)
    assert got.tolist() == np.asarray(src).reshape(dims).transpose(perm).reshape(-1).tolist()
    for i in range(120):
        at, idx = 0, i
        for j in range(4):
            at += (idx // new[j]) * old[perm[j]]
            idx %= new[j]
        assert got[i] == src[at]

    # lmdeploy_gather_output: 2 requests, prompts padded to 3 (lengths 1 and 3), 2 steps
    # generated: ids step-major [[11, 21], [12, 22], [13, 23], [14, 24], [15, 25]]; request
    # 0 keeps step 0 then steps 3, 4 (11, 14, 15, then its row untouched), request 1 all five
    def gather(ids, ctx, maxctx, steps, width):
        batch = len(ctx)
        return references.lmdeploy_gather_output({
            "output_ids": np.full(batch * width, -1, np.int32),
            "ids": np.asarray(ids, np.int32), "context_length": np.asarray(ctx, np.int32),
            "max_context_len": maxctx, "max_gen_step": steps, "max_output_len": width,
            "batch_size": batch})["output_ids"]

    ids = [11, 21, 12, 22, 13, 23, 14, 24, 15, 25]
    got = gather(ids, [1, 3], 3, 5, 5)
    assert got.tolist() == [11, 14, 15, -1, -1, 21, 22, 23, 24, 25]
    batch, maxctx, steps = 4, 6, 9
    ids = rng.integers(0, 1000, steps * batch)
    ctx = rng.integers(1, maxctx + 1, batch)
    got = gather(ids, ctx, maxctx, steps, steps).reshape(batch, steps)
    for b in range(batch):
        want = [-1] * steps
        for s in range(steps):
            if ctx[b] <= s < maxctx:
                continue
            want[s if s < ctx[b] else s - (maxctx - ctx[b])] = int(ids[s * batch + b])
        assert got[b].tolist() == want

    # pointpillars_features: one pillar at index (x 2, y 1, z 0) with 2 points (1, 2, 3, 7) and
    # (3, 6, 9, 8): means (2, 4, 6), voxels 0.5 from (0, -4, -2) (centre (1.25, -3.25, -1.75));
    # point 0's features (1, 2, 3, 7, -1, -2, -3, -0.25, 5.25, 4.75), point 1's (3, 6, 9, 8, 1, 2,
    # 3, 1.75, 9.25, 10.75), the 30 other slots zero, point-major as the source copies its tile;
    # a second pillar past params[0] untouched; random pillars against the source's loop
    def pillars(pts, num, idx, npil, maxv, vox=(0.5, 0.5, 0.5), lo=(0, -4, -2)):
        return references.pointpillars_features({
            "voxel_features": np.asarray(pts, f32), "voxel_num": np.asarray(num, np.uint32),
            "voxel_idxs": np.asarray(idx, np.uint32), "params": np.asarray([npil], np.uint32),
            "voxel_x": vox[0], "voxel_y": vox[1], "voxel_z": vox[2], "range_min_x": lo[0],
            "range_min_y": lo[1], "range_min_z": lo[2],
            "features": np.full(maxv * 320, -1, f32)})["features"].reshape(maxv, 32, 10)

    pts = np.zeros((2, 32, 4))
    pts[0, 0], pts[0, 1], pts[0, 5] = (1, 2, 3, 7), (3, 6, 9, 8), (50, 50, 50, 50)
    got = pillars(pts, [2, 5], [[0, 0, 1, 2], [0, 0, 0, 0]], 1, 2)
    assert got[0, 0].tolist() == [1, 2, 3, 7, -1, -2, -3, -0.25, 5.25, 4.75]
    assert got[0, 1].tolist() == [3, 6, 9, 8, 1, 2, 3, 1.75, 9.25, 10.75]
    assert (got[0, 2:] == 0).all() and (got[1] == -1).all()
    npil, maxv = 5, 6
    pts = rng.integers(-64, 64, (maxv, 32, 4))
    num = rng.integers(1, 33, maxv)
    idx = rng.integers(0, 432, (maxv, 4))
    vox, lo = (0.25, 0.25, 4.0), (0.0, -40.0, -3.0)
    got = pillars(pts, num, idx, npil, maxv, vox, lo)
    for p in range(maxv):
        if p >= npil:
            assert (got[p] == -1).all()
            continue
        n = int(num[p])
        sums = [f32(sum(int(pts[p, k, a]) for k in range(n))) for a in range(3)]
        cols = (3, 2, 1)
        for k in range(32):
            if k >= n:
                assert (got[p, k] == 0).all()
                continue
            want = [f32(v) for v in pts[p, k]]
            want += [f32(pts[p, k, a]) - sums[a] / f32(n) for a in range(3)]
            want += [f32(pts[p, k, a]) - f32(vox[a] / 2 + idx[p, cols[a]] * vox[a] + lo[a])
                     for a in range(3)]
            assert got[p, k].tolist() == [float(v) for v in want]

    # cuml_merge_series: sub-batches [[10, 11], [20, 21]] and [[30, 31], [40, 41]] (2 values a
    # series); series 0 from (sub 1, pos 0), series 1 from (sub 0, pos 1), series 2 from (sub
    # 1, pos 0) again: [[30, 31], [20, 21], [30, 31]]; random against the source's loop
    def merge(src, pos, sub, nobs, stride):
        return references.cuml_merge_series({
            "d_in": np.asarray(src, np.float64), "sub_stride": stride,
            "d_id_to_pos": np.asarray(pos, np.int32), "d_id_to_sub": np.asarray(sub, np.int32),
            "d_out": np.full(len(pos) * nobs, -1.0), "n_obs": nobs})["d_out"]

    got = merge([10, 11, 20, 21, 30, 31, 40, 41], [0, 1, 0], [1, 0, 1], 2, 4)
    assert got.tolist() == [30, 31, 20, 21, 30, 31]
    nsub, cap, batch, nobs = 3, 4, 7, 5
    src = rng.integers(-1000, 1000, nsub * cap * nobs)
    pos, sub = rng.integers(0, cap, batch), rng.integers(0, nsub, batch)
    got = merge(src, pos, sub, nobs, cap * nobs)
    for b, i in itertools.product(range(batch), range(nobs)):
        assert got[b * nobs + i] == src[sub[b] * cap * nobs + nobs * pos[b] + i]


def test_blind84_references_on_hand_checked_inputs():
    rng = np.random.default_rng(84)
    f32 = np.float32

    # paddlelite_seq_pad: sequences (1, 2 | 3, 4 | 5, 6 | 7, 8) and (9, 10) of width 2 padded
    # to 3 steps with the pad (-1, -2): [[1, 2], [3, 4], [5, 6]] (the fourth step cut) and
    # [[9, 10], [-1, -2], [-1, -2]]; constant pad -1 everywhere; random against the loop
    def seqpad(src, offsets, nseq, padlen, w, pad, const=0):
        return references.paddlelite_seq_pad({
            "dst": np.full(nseq * padlen * w, -7, f32), "src": np.asarray(src, f32),
            "pad_value": np.asarray(pad, f32), "is_constant_pad": const,
            "seq_offsets": np.asarray(offsets, np.int64), "seq_num": nseq,
            "pad_seq_len": padlen, "step_width": w})["dst"]

    src = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    got = seqpad(src, [0, 4, 5], 2, 3, 2, [-1, -2])
    assert got.tolist() == [1, 2, 3, 4, 5, 6, 9, 10, -1, -2, -1, -2]
    got = seqpad(src, [0, 4, 5], 2, 3, 2, [-1, -2], const=1)
    assert got.tolist() == [1, 2, 3, 4, 5, 6, 9, 10, -1, -1, -1, -1]
    nseq, padlen, w = 4, 6, 5
    offsets = np.concatenate([[0], np.cumsum([2, 0, 6, 5])])
    src = rng.integers(-64, 64, int(offsets[-1]) * w)
    pad = rng.integers(100, 200, w)
    got = seqpad(src, offsets, nseq, padlen, w, pad)
    for s, step, i in itertools.product(range(nseq), range(padlen), range(w)):
        want = (src[(offsets[s] + step) * w + i] if step < offsets[s + 1] - offsets[s]
                else pad[i])
        assert got[(s * padlen + step) * w + i] == want

    # tomocupy_wrap1d: n0 = n1 = 1, n2 = 2, m2 = 1: planes (0 | 1, 2, 3, 4 | 5) of complex
    # values; plane 0 takes plane 4 (tz0 = 3) and plane 5 plane 1 (tz0 = 0); random against
    # the source's loop
    def wrap(f, n0, n1, n2, m2):
        return references.tomocupy_wrap1d({"f": np.asarray(f, f32), "n0": n0, "n1": n1,
                                           "n2": n2, "m2": m2})["f"]

    f = [0, 0, 1, 10, 2, 20, 3, 30, 4, 40, 0, 0]
    assert wrap(f, 1, 1, 2, 1).tolist() == [4, 40, 1, 10, 2, 20, 3, 30, 4, 40, 1, 10]
    n0, n1, n2, m2 = 3, 2, 3, 2
    planes = 2 * n2 + 2 * m2
    f = rng.integers(-64, 64, planes * n1 * n0 * 2)
    got = wrap(f, n0, n1, n2, m2)
    want = [int(v) for v in f]
    for tz, ty, tx in itertools.product(range(planes), range(n1), range(n0)):
        if tz < m2 or tz >= 2 * n2 + m2:
            tz0 = (tz - m2 + 2 * n2) % (2 * n2)
            for c in (0, 1):
                want[2 * (tx + ty * n0 + tz * n0 * n1) + c] = int(
                    f[2 * (tx + ty * n0 + (tz0 + m2) * n0 * n1) + c])
    assert got.tolist() == want

    # open3d_ragged_to_dense: Open3D's own example: values [[0,0],[1,1],[2,2],[3,3],[4,4]],
    # row_splits [0, 2, 5], 3 columns, default [-1, -1]; a row of 4 entries cut to 3; random
    # against the source's loop
    def ragged(vals, splits, cols, default):
        size = len(default)
        return references.open3d_ragged_to_dense({
            "values": np.asarray(vals, f32), "row_splits": np.asarray(splits, np.int64),
            "row_splits_size": len(splits), "out_col_size": cols,
            "default_value": np.asarray(default, f32), "default_value_size": size,
            "out_values": np.full((len(splits) - 1) * cols * size, -7, f32)})["out_values"]

    vals = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4]
    got = ragged(vals, [0, 2, 5], 3, [-1, -1])
    assert got.tolist() == [0, 0, 1, 1, -1, -1, 2, 2, 3, 3, 4, 4]
    assert ragged(vals, [0, 4, 5], 3, [-1, -1]).tolist() == [0, 0, 1, 1, 2, 2, 4, 4, -1, -1,
                                                             -1, -1]
    splits = np.concatenate([[0], np.cumsum([3, 0, 7, 4, 1])])
    cols, size = 4, 3
    vals = rng.integers(-64, 64, int(splits[-1]) * size)
    default = rng.integers(100, 200, size)
    got = ragged(vals, splits, cols, default)
    for i, j, k in itertools.product(range(len(splits) - 1), range(cols), range(size)):
        n = min(splits[i + 1] - splits[i], cols)
        want = vals[(splits[i] + j) * size + k] if j < n else default[k]
        assert got[(i * cols + j) * size + k] == want

    # warp_mc_count_verts: a 2 x 2 x 2 volume, threshold 0: cell 0 (d0 = 0) counts every
    # neighbour with d >= 0 or d <= 0, i.e. all three (0 ties both ways); with d0 = -1 and
    # neighbours (2, -3, 0) two cross (2 and 0); the other cells sit on a last layer: 0;
    # random against the source's loop
    def mc(d, nx, ny, nz, t=0.0):
        return references.warp_mc_count_verts({
            "nx": nx, "ny": ny, "nz": nz, "num_cells": nx * ny * nz,
            "first_cell_vert": np.full(nx * ny * nz, -7, np.int32),
            "density": np.asarray(d, f32), "threshold": t})["first_cell_vert"]

    d = [0, 5, -5, 1, 7, 1, 1, 1]  # (x, y, z) = (0, 0, 1) 5, (0, 1, 0) -5, (1, 0, 0) 7
    assert mc(d, 2, 2, 2).tolist() == [3, 0, 0, 0, 0, 0, 0, 0]
    d = [-1, 0, -3, 1, 2, 1, 1, 1]
    assert mc(d, 2, 2, 2).tolist() == [2, 0, 0, 0, 0, 0, 0, 0]
    nx, ny, nz = 3, 4, 5
    d = rng.integers(-3, 3, nx * ny * nz)
    got = mc(d, nx, ny, nz, 0.0)
    for x, y, z in itertools.product(range(nx), range(ny), range(nz)):
        c = (x * ny + y) * nz + z
        num = 0
        if x < nx - 1 and y < ny - 1 and z < nz - 1:
            for o in (c + ny * nz, c + nz, c + 1):
                num += (d[c] <= 0 and d[o] >= 0) or (d[o] <= 0 and d[c] >= 0)
        assert got[c] == num

    # torchngp_morton_invert: Morton code 0b111 is (1, 1, 1), 0b100000 (0, 0, 2) and 0b001010
    # (2, 1, 0); random codes against a bit-by-bit decode
    def invert(idx):
        return references.torchngp_morton_invert({
            "indices": np.asarray(idx, np.int32), "N": len(idx),
            "coords": np.full(3 * len(idx), -7, np.int32)})["coords"]

    assert invert([7, 32, 10]).tolist() == [1, 1, 1, 0, 0, 2, 2, 1, 0]
    idx = rng.integers(0, 2**24, 20)
    got = invert(idx).reshape(-1, 3)
    for n, v in enumerate(idx):
        for k in range(3):
            assert got[n, k] == sum(((int(v) >> (3 * b + k)) & 1) << b for b in range(11))

    # mlx_arange: start -2, step 0.5, 5 values: (-2, -1.5, -1, -0.5, 0); random starts
    def arange(size, start, step):
        return references.mlx_arange({"out": np.full(size + 2, -7, f32), "size": size,
                                      "start": start, "step": step})["out"]

    assert arange(5, -2.0, 0.5).tolist() == [-2, -1.5, -1, -0.5, 0, -7, -7]
    for start in rng.integers(-1000, 1000, 3):
        got = arange(9, float(start), 0.25)
        assert got[:9].tolist() == [float(start) + i * 0.25 for i in range(9)]


def test_blind85_references_on_hand_checked_inputs():
    rng = np.random.default_rng(85)
    f32 = np.float32

    # cutt_lead_vol_same: a 2 x 3 x 2 tensor (d0 = 2 kept) v = 100 i2 + 10 i1 + i0 permuted
    # to (d0, d2, d1): out[i1][i2][i0] = v; random against the source's loop
    def lead_same(src, d0, d1, d2):
        return references.cutt_lead_vol_same({
            "dataIn": np.asarray(src, f32), "dataOut": np.full(d0 * d1 * d2, -7, f32),
            "volMbar": d2, "cuDimMk": d0, "cuDimMm": d0 * d2, "tiledVolX": d0,
            "tiledVolY": d1, "mbarIn": d0 * d1, "mbarOut": d0})["dataOut"]

    src = [100 * i2 + 10 * i1 + i0 for i2 in range(2) for i1 in range(3) for i0 in range(2)]
    assert lead_same(src, 2, 3, 2).tolist() == [0, 1, 100, 101, 10, 11, 110, 111, 20, 21,
                                                120, 121]
    d0, d1, d2 = 3, 5, 4
    src = rng.integers(-64, 64, d0 * d1 * d2)
    got = lead_same(src, d0, d1, d2)
    for p, y, x in itertools.product(range(d2), range(d1), range(d0)):
        assert got[p * d0 + x + y * d0 * d2] == src[p * d0 * d1 + x + y * d0]

    # cunumeric_transpose: [[1, 2, 3], [4, 5, 6]] -> [[1, 4], [2, 5], [3, 6]]; random
    def transpose(src, m, n):
        return references.cunumeric_transpose({
            "in": np.asarray(src, f32), "out": np.full(m * n, -7, f32), "m": m, "n": n})["out"]

    assert transpose([1, 2, 3, 4, 5, 6], 2, 3).tolist() == [1, 4, 2, 5, 3, 6]
    src = rng.integers(-64, 64, 5 * 7)
    got = transpose(src, 5, 7)
    for a, b in itertools.product(range(5), range(7)):
        assert got[b * 5 + a] == src[a * 7 + b]

    # flashlight_target_size: rows (-1, 3, -1, -1), (5, 5, 5, 5), (-1, -1, -1, -1) capped at 3:
    # (2, 3 (4 capped), 0); random against the source's loop
    def tsize(target, rows, length, cap):
        return references.flashlight_target_size({
            "L": length, "maxSize": cap, "target": np.asarray(target, np.int32),
            "targetSize": np.full(rows, -7, np.int32)})["targetSize"]

    assert tsize([-1, 3, -1, -1, 5, 5, 5, 5, -1, -1, -1, -1], 3, 4, 3).tolist() == [2, 3, 0]
    rows, length, cap = 9, 11, 8
    target = rng.integers(-12, 2, rows * length)
    got = tsize(target, rows, length, cap)
    for b in range(rows):
        idx = 0
        for i in range(length):
            if target[b * length + i] >= 0:
                idx = max(idx, i + 1)
        assert got[b] == min(idx, cap)

    # awkward_local_index: offsets (0, 3, 3, 5): (0, 1, 2 | | 0, 1); random against the loop
    def local(offsets):
        offsets = np.asarray(offsets, np.int64)
        return references.awkward_local_index({
            "offsets": offsets, "length": len(offsets) - 1,
            "toindex": np.full(int(offsets[-1]), -7, np.int64)})["toindex"]

    assert local([0, 3, 3, 5]).tolist() == [0, 1, 2, 0, 1]
    offsets = np.concatenate([[0], np.cumsum(rng.integers(0, 5, 12))])
    got = local(offsets)
    for i in range(12):
        for j in range(offsets[i], offsets[i + 1]):
            assert got[j] == j - offsets[i]

    # ceres_dsxpy: (1.5, -2) + (0.25, 3) = (1.75, 1); the tail past size untouched
    got = references.ceres_dsxpy({"x": np.array([1.5, -2, 9]), "size": 2,
                                  "y": np.array([0.25, 3, 4], f32)})["x"]
    assert got.tolist() == [1.75, 1.0, 9.0]

    # legion_memcpy_affine: a 2 x 2 x 1 rectangle out of a 3 x 2 source (rows 3 apart) into a
    # dense 2 x 2: (src[0], src[1], src[3], src[4]); random against the source's loop
    def affine(src, e, s_src, s_dst, size):
        vol = e[0] * e[1] * e[2]
        return references.legion_memcpy_affine({
            "src": np.asarray(src, np.uint32), "dst": np.full(size, 7, np.uint32),
            "e0": e[0], "e1": e[1], "volume": vol, "src_s0": s_src[0], "src_s1": s_src[1],
            "dst_s0": s_dst[0], "dst_s1": s_dst[1]})["dst"]

    assert affine([10, 11, 12, 13, 14, 15], (2, 2, 1), (3, 2), (2, 2), 4).tolist() == [
        10, 11, 13, 14]
    e, ss, ds = (3, 4, 2), (5, 6), (4, 4)
    src = rng.integers(0, 2**32, 5 * 6 * 2, dtype=np.uint64)
    got = affine(src, e, ss, ds, 4 * 4 * 2)
    for c2, c1, c0 in itertools.product(range(2), range(4), range(3)):
        assert got[c0 + 4 * (c1 + 4 * c2)] == src[c0 + 5 * (c1 + 6 * c2)]


def test_blind86_references_on_hand_checked_inputs():
    rng = np.random.default_rng(86)
    f32 = np.float32

    # scn_sparse_to_dense: 2 planes, volume 4, input rows (1, 2 | 3, 4 | 5, 6); rules (2 -> site
    # 1, 0 -> site 3): planes [-7, 5, -7, 1 | -7, 6, -7, 2]; random rules against the loop
    def s2d(feat, rules, planes, volume):
        return references.scn_sparse_to_dense({
            "input_features": np.asarray(feat, f32),
            "output_features": np.full(planes * volume, -7, f32), "nPlanes": planes,
            "spatialVolume": volume, "rules": np.asarray(rules, np.int32),
            "nHot": len(rules) // 2})["output_features"]

    got = s2d([1, 2, 3, 4, 5, 6], [2, 1, 0, 3], 2, 4)
    assert got.tolist() == [-7, 5, -7, 1, -7, 6, -7, 2]
    planes, volume, nin = 3, 11, 6
    sites = rng.permutation(volume)[:5]
    rows = rng.integers(0, nin, 5)
    feat = rng.integers(-64, 64, nin * planes)
    got = s2d(feat, np.stack([rows, sites], 1).reshape(-1), planes, volume)
    want = [-7] * (planes * volume)
    for n in range(5):
        for p in range(planes):
            want[sites[n] + p * volume] = feat[rows[n] * planes + p]
    assert got.tolist() == want

    # svox2_dist_prop: a 4 x 4 x 4 grid, cell (3, 3, 3) empty: level 1 flag (1, 1, 1) of a 2^3
    # level (index 7) clear, level 2 flag (0, 0, 0) (index 8) set: -2; with it clear too the
    # walk ends at the top (sizes 1): -3; a link >= 0 kept; random grids against the loop
    def prop(grid, tmp, sx, sy, sz):
        return references.svox2_dist_prop({
            "grid": np.asarray(grid, np.int32), "tmp": np.asarray(tmp, np.int32),
            "size_x": sx, "size_y": sy, "size_z": sz})["grid"]

    grid = [5] * 63 + [-1]
    tmp = [0] * 64
    tmp[8] = 1
    assert prop(grid, tmp, 4, 4, 4).tolist() == [5] * 63 + [-2]
    tmp[8] = 0
    assert prop(grid, tmp, 4, 4, 4).tolist() == [5] * 63 + [-3]
    for sx, sy, sz in ((5, 6, 7), (9, 2, 3)):
        grid = rng.integers(-2, 2, sx * sy * sz)
        tmp = rng.integers(0, 2, sx * sy * sz)
        got = prop(grid, tmp, sx, sy, sz)
        for c in range(sx * sy * sz):
            if grid[c] >= 0:
                assert got[c] == grid[c]
                continue
            x, y, z, a, b, d = c // (sy * sz), (c // sz) % sy, c % sz, sx, sy, sz
            base, want = 0, -1
            while a > 1 and b > 1 and d > 1:
                x, y, z = x // 2, y // 2, z // 2
                a, b, d = (a + 1) // 2, (b + 1) // 2, (d + 1) // 2
                if tmp[base + x * b * d + y * d + z]:
                    break
                want -= 1
                base += a * b * d
            assert got[c] == want


def test_blind86_scn_rules_have_distinct_sites():
    # the rule book's sites (the odd words of an increasing rowptr draw) never repeat: no two
    # rules write one output value
    from gpuadvisor.targets.data import csr_row_pointers

    spec = SPECS["scn_sparse_to_dense"]
    nhot = 32768
    assert int(spec.params["NHOT"]) == nhot and spec.params["NIN"] == "16 * NHOT"
    rules = csr_row_pointers(np.random.default_rng([spec.data_seed, 4]), 2 * nhot,
                             16 * nhot - 1)
    assert len(np.unique(rules[1:2 * nhot:2])) == nhot


def test_blind87_references_on_hand_checked_inputs():
    rng = np.random.default_rng(87)
    f32 = np.float32

    # bagua_reduce_chunk: chunks (1, 2 | 3, 4 | 5, 9 | 7, 1) averaged into chunk 1: (4, 4);
    # random chunks against the source's loop, the other chunks untouched
    def reduce(src, size, count, target):
        return references.bagua_reduce_chunk({
            "input": np.asarray(src, f32), "chunk_size": size, "num_chunks": count,
            "target_chunk": target})["input"]

    assert reduce([1, 2, 3, 4, 5, 9, 7, 1], 2, 4, 1).tolist() == [1, 2, 4, 4, 5, 9, 7, 1]
    size, count, target = 7, 6, 4
    src = rng.integers(-64, 64, size * count)
    got = reduce(src, size, count, target)
    for idx in range(size):
        acc = 0.0
        for c in range(count):
            acc += float(src[size * c + idx])
        assert got[target * size + idx] == f32(acc) / f32(count)
        for c in range(count):
            if c != target:
                assert got[size * c + idx] == src[size * c + idx]

    # dlaf_cast_to_complex: a 2 x 2 column-major tile (1, 2 | 3, 4) with ld_in 3 ->
    # (1, 0, 2, 0, 3, 0, 4, 0); random against the source's loop
    def cast(src, m, n, ld_in, ld_out):
        return references.dlaf_cast_to_complex({
            "in": np.asarray(src, np.float64), "m": m, "n": n, "ld_in": ld_in,
            "ld_out": ld_out, "out_words": np.full(2 * n * ld_out, -7.0)})["out_words"]

    assert cast([1, 2, 99, 3, 4, 99], 2, 2, 3, 2).tolist() == [1, 0, 2, 0, 3, 0, 4, 0]
    m, n, ld_in, ld_out = 3, 4, 5, 4
    src = rng.integers(-64, 64, n * ld_in)
    got = cast(src, m, n, ld_in, ld_out)
    for i, j in itertools.product(range(ld_out), range(n)):
        if i < m:
            assert got[2 * (i + j * ld_out)] == src[i + j * ld_in]
            assert got[2 * (i + j * ld_out) + 1] == 0
        else:
            assert got[2 * (i + j * ld_out)] == got[2 * (i + j * ld_out) + 1] == -7

    # hiop_copy_pattern: counts (0, 1, 1, 2, 4) pick dd[0], dd[2] and dd[3] into (1, 2, 3) from
    # position 1 (position 4 skipped by the step of 2); random against the source's loop
    def compact(counts, src, start, size):
        return references.hiop_copy_pattern({
            "nnz_cumsum": np.asarray(counts, np.int32), "n_src": len(counts) - 1,
            "start_index_in_dest": start, "dd": np.asarray(src, np.float64),
            "vd": np.full(size, -7.0)})["vd"]

    assert compact([0, 1, 1, 2, 4], [10, 20, 30, 40], 1, 6).tolist() == [
        -7, 10, 30, 40, -7, -7]
    counts = np.concatenate([[0], np.cumsum(rng.integers(0, 3, 20))])
    src = rng.integers(-64, 64, 20)
    got = compact(counts, src, 3, 3 + int(counts[-1]))
    want = np.full(3 + int(counts[-1]), -7.0)
    for i in range(1, 21):
        if counts[i] != counts[i - 1]:
            want[counts[i - 1] + 3] = src[i - 1]
    assert got.tolist() == want.tolist()

    # dealii_dot: (1, 2, 3) . (4, -5, 6) = 12 added to 0.5; random against the loop
    def dot(a, b, init):
        return references.dealii_dot({
            "v1": np.asarray(a, np.float64), "v2": np.asarray(b, np.float64), "N": len(a),
            "result": np.array([init])})["result"]

    assert dot([1, 2, 3], [4, -5, 6], 0.5).tolist() == [12.5]
    a, b = rng.integers(-64, 64, 50), rng.integers(-64, 64, 50)
    assert dot(a, b, 0.0)[0] == sum(int(x) * int(y) for x, y in zip(a, b, strict=True))

    # genomeworks_find_matches: targets (2, 5, 5, 9): queries (0, 5, 6, 9) -> (-1, 1, -1, 3)
    # (the first of two 5s); random sorted arrays against the source's binary search
    def matches(query, target):
        return references.genomeworks_find_matches({
            "query_representations": np.asarray(query, np.int64),
            "target_representations": np.asarray(target, np.int64),
            "n_query_representations": len(query), "n_target_representations": len(target),
            "found_target_indices": np.full(len(query), -7, np.int64)})["found_target_indices"]

    assert matches([0, 5, 6, 9], [2, 5, 5, 9]).tolist() == [-1, 1, -1, 3]
    query = np.sort(rng.integers(0, 60, 30))
    target = np.sort(rng.integers(0, 60, 12))
    target[-1] = 60
    got = matches(query, target)
    for i, q in enumerate(query):
        lo, hi = 0, len(target)
        while hi > lo:
            mid = lo + (hi - lo) // 2
            if target[mid] < q:
                lo = mid + 1
            else:
                hi = mid
        assert got[i] == (lo if target[lo] == q else -1)

    # graphblast_bfs_pull: rows (1, 2), (0), (), (2) with vertex 1 visited and frontier
    # (0, 0, 1): (1, 0 (visited), 0 (empty), 1); random against the source's loop
    def pull(rowptr, cols, mask, u):
        return references.graphblast_bfs_pull({
            "A_csrRowPtr": np.asarray(rowptr, np.int32), "A_csrColInd": np.asarray(cols, np.int32),
            "mask_val": np.asarray(mask, f32), "u_val": np.asarray(u, f32), "identity": 0.0,
            "A_nrows": len(rowptr) - 1, "w_val": np.full(len(rowptr) - 1, -7, f32)})["w_val"]

    assert pull([0, 2, 3, 3, 4], [1, 2, 0, 2], [0, 1, 0, 0], [0, 0, 1, 0]).tolist() == [
        1, 0, 0, 1]
    nrows = 25
    rowptr = np.concatenate([[0], np.cumsum(rng.integers(0, 4, nrows))])
    cols = rng.integers(0, nrows, int(rowptr[-1]))
    mask, u = rng.integers(0, 2, nrows), rng.integers(0, 2, nrows)
    got = pull(rowptr, cols, mask, u)
    for row in range(nrows):
        found = False
        if mask[row] == 0:
            for k in range(rowptr[row], rowptr[row + 1]):
                if u[cols[k]] != 0:
                    found = True
                    break
        assert got[row] == (1 if found else 0)


def test_blind88_references_on_hand_checked_inputs():
    rng = np.random.default_rng(88)
    f32 = np.float32

    # nnpops_pass_messages: 3 atoms, 2 features, pairs (0-1), (2-pad), (1-2): atom 0 gets m0,
    # atom 1 m0 + m2, atom 2 m1 + m2 (the padding pair's other side skipped); random vs loop
    def passm(nb, msg, states, nfeat):
        return references.nnpops_pass_messages({
            "neighbors": np.asarray(nb, np.int32), "messages": np.asarray(msg, f32),
            "new_states": np.asarray(states, f32), "num_neighbors": len(nb) // 2,
            "num_features": nfeat})["new_states"]

    got = passm([0, 2, 1, 1, -1, 2], [1, 2, 10, 20, 100, 200], [0] * 6, 2)
    assert got.tolist() == [1, 2, 101, 202, 110, 220]
    natoms, npairs, nfeat = 5, 9, 3
    nb = rng.integers(-2, natoms, 2 * npairs)
    msg = rng.integers(-64, 64, npairs * nfeat)
    st = rng.integers(-64, 64, natoms * nfeat)
    got = passm(nb, msg, st, nfeat)
    want = st.astype(np.int64).copy()
    for d, p, f in itertools.product(range(2), range(npairs), range(nfeat)):
        a = nb[d * npairs + p]
        if a >= 0:
            want[a * nfeat + f] += msg[p * nfeat + f]
    assert got.tolist() == want.tolist()

    # singa_row_max: rows (3, -1, 7), (-5, -2, -9) -> (7, -2); random against the loop
    def rowmax(src, nrow, ncol):
        return references.singa_row_max({
            "nrow": nrow, "ncol": ncol, "inPtr": np.asarray(src, f32),
            "outPtr": np.full(nrow, -7, f32)})["outPtr"]

    assert rowmax([3, -1, 7, -5, -2, -9], 2, 3).tolist() == [7, -2]
    src = rng.integers(-1024, 1024, 6 * 5)
    got = rowmax(src, 6, 5)
    for r in range(6):
        m = src[r * 5]
        for k in range(1, 5):
            m = max(m, src[r * 5 + k])
        assert got[r] == m

    # pn2_group_points: one cloud, 2 features of 3 points (10, 11, 12 | 20, 21, 22), 2 centroids
    # of 2 samples (2, 0 | 1, 1): (12, 10, 11, 11 | 22, 20, 21, 21); random against the loop
    def group(points, idx, b, c, n, npoints, nsample):
        return references.pn2_group_points({
            "b": b, "c": c, "n": n, "npoints": npoints, "nsample": nsample,
            "points": np.asarray(points, f32), "idx": np.asarray(idx, np.int32),
            "out": np.full(b * c * npoints * nsample, -7, f32)})["out"]

    assert group([10, 11, 12, 20, 21, 22], [2, 0, 1, 1], 1, 2, 3, 2, 2).tolist() == [
        12, 10, 11, 11, 22, 20, 21, 21]
    b, c, n, npoints, nsample = 2, 3, 7, 4, 5
    points = rng.integers(-64, 64, b * c * n)
    idx = rng.integers(0, n, b * npoints * nsample)
    got = group(points, idx, b, c, n, npoints, nsample)
    for bb, i in itertools.product(range(b), range(c * npoints)):
        l_, j = i // npoints, i % npoints
        for k in range(nsample):
            ii = idx[bb * npoints * nsample + j * nsample + k]
            assert got[bb * npoints * nsample * c + (l_ * npoints + j) * nsample + k] == \
                points[bb * n * c + l_ * n + ii]

    # pyg_sampled_op: nodes (1, 2 | 3, 4 | 5, 6) left and (10, 20 | 30, 40 | 50, 60) right,
    # edges (2 -> 0), (0 -> 1): mul (50, 120 | 30, 80), add (15, 26 | 31, 42); sub without a
    # right index (row e for edge e); random against the loop, all four ops
    def sampled(left, right, li, ri, fn, nf, rows, has_l=1, has_r=1):
        return references.pyg_sampled_op({
            "left": np.asarray(left, f32), "right": np.asarray(right, f32),
            "out": np.full(rows * nf, -7, f32), "left_index": np.asarray(li, np.int64),
            "right_index": np.asarray(ri, np.int64), "fn_type": fn,
            "has_left_index": has_l, "has_right_index": has_r, "num_feats": nf,
            "numel": rows * nf})["out"]

    left, right = [1, 2, 3, 4, 5, 6], [10, 20, 30, 40, 50, 60]
    assert sampled(left, right, [2, 0], [0, 1], 2, 2, 2).tolist() == [50, 120, 30, 80]
    assert sampled(left, right, [2, 0], [0, 1], 0, 2, 2).tolist() == [15, 26, 31, 42]
    assert sampled(left, right, [2, 0], [0, 1], 1, 2, 2, has_r=0).tolist() == [
        -5, -14, -29, -38]
    nodes, edges, nf = 7, 11, 3
    left = rng.integers(-64, 64, nodes * nf)
    right = rng.integers(1, 64, nodes * nf)
    li, ri = rng.integers(0, nodes, edges), rng.integers(0, nodes, edges)
    for fn in range(4):
        got = sampled(left, right, li, ri, fn, nf, edges)
        for t in range(edges * nf):
            a = f32(left[li[t // nf] * nf + t % nf])
            bv = f32(right[ri[t // nf] * nf + t % nf])
            want = [a + bv, a - bv, a * bv, a / bv][fn]
            assert got[t] == want


def test_blind89_references_on_hand_checked_inputs():
    rng = np.random.default_rng(89)
    f32 = np.float32

    # pcs_correlation_bwd: one channel, input2 row (1, 2, 3), a 1 x 3 patch, gradOutput rows
    # (10, 20, 30 | 100, 200, 300 | 1000, 2000, 3000) by patch column: (2100, 6420, 960) by
    # hand; random windows, strides, padding and dilations against the source's loops
    def corr_bwd(go, in2, b, n, c, ih, iw, k, patch, pad, dil, stride):
        kh, kw = k
        oh = (ih + 2 * pad[0] - kh) // stride[0] + 1
        ow = (iw + 2 * pad[1] - kw) // stride[1] + 1
        return references.pcs_correlation_bwd({
            "gradOutput": np.asarray(go, f32), "input2": np.asarray(in2, f32),
            "gradInput1": np.full(b * c * ih * iw, -7, f32), "batch": n, "C": c, "iH": ih,
            "iW": iw, "H": oh, "W": ow, "kH": kh, "kW": kw, "patchH": patch[0],
            "patchW": patch[1], "padH": pad[0], "padW": pad[1], "dilation_patchH": dil[0],
            "dilation_patchW": dil[1], "dH": stride[0], "dW": stride[1]})["gradInput1"]

    got = corr_bwd([10, 20, 30, 100, 200, 300, 1000, 2000, 3000], [1, 2, 3], 1, 0, 1, 1, 3,
                   (1, 1), (1, 3), (0, 0), (1, 1), (1, 1))
    assert got.tolist() == [2100, 6420, 960]
    for b, n, c, ih, iw, k, patch, pad, dil, stride in (
            (2, 1, 3, 6, 7, (3, 2), (3, 5), (1, 0), (2, 1), (2, 1)),
            (1, 0, 2, 5, 4, (1, 1), (5, 3), (0, 0), (1, 2), (1, 1)),
            (3, 2, 2, 7, 5, (2, 3), (2, 4), (1, 1), (1, 1), (1, 2))):
        oh = (ih + 2 * pad[0] - k[0]) // stride[0] + 1
        ow = (iw + 2 * pad[1] - k[1]) // stride[1] + 1
        go = rng.integers(-16, 16, b * patch[0] * patch[1] * oh * ow)
        in2 = rng.integers(-16, 16, b * c * ih * iw)
        got = corr_bwd(go, in2, b, n, c, ih, iw, k, patch, pad, dil, stride)
        want = np.full(b * c * ih * iw, -7, np.int64)
        radh, radw = (patch[0] - 1) // 2, (patch[1] - 1) // 2
        for ch, h, w in itertools.product(range(c), range(ih), range(iw)):
            hp, wp = h + pad[0], w + pad[1]
            si, sj = hp // stride[0], wp // stride[1]
            total = 0
            for ph, pw in itertools.product(range(patch[0]), range(patch[1])):
                i1, j1 = h + dil[0] * (ph - radh), w + dil[1] * (pw - radw)
                if not (0 <= i1 < ih and 0 <= j1 < iw):
                    continue
                val = in2[((n * c + ch) * ih + i1) * iw + j1]
                t1, i = hp - si * stride[0], 0
                while t1 < k[0]:
                    t2, j = wp - sj * stride[1], 0
                    while t2 < k[1]:
                        i2, j2 = si - i, sj - j
                        if 0 <= i2 < oh and 0 <= j2 < ow:
                            total += go[(((n * patch[0] + ph) * patch[1] + pw) * oh + i2) * ow
                                        + j2] * val
                        t2, j = t2 + stride[1], j + 1
                    t1, i = t1 + stride[0], i + 1
            want[((n * c + ch) * ih + h) * iw + w] = total
        assert got.tolist() == want.tolist()

    # tpk_cubic_sampling: a 2^3 grid of one channel (10..17), points (0, 0, 0) (all 8 vertices)
    # and (1, 1, 1) (only vertex 7 inside); random clouds against the source's loops
    def cubic(pts, feats, b, npts, scale, ns, c):
        nv = (2 * ns) ** 3
        got = references.tpk_cubic_sampling({
            "scale": scale, "neighborhood_size": ns, "n_vertices": nv, "n_pts": npts,
            "n_cubic_channels": c, "ptcloud": np.asarray(pts, f32),
            "cubic_features": np.asarray(feats, f32),
            "point_features": np.full(b * npts * nv * c, -7, f32),
            "grid_pt_indexes": np.full(b * npts * nv, -5, np.int32)})
        return got["point_features"], got["grid_pt_indexes"]

    pf, gi = cubic([0, 0, 0, 1, 1, 1], range(10, 18), 1, 2, 2, 1, 1)
    assert gi.tolist() == list(range(8)) + [7] + [-1] * 7
    assert pf.tolist() == list(range(10, 18)) + [17] + [-7] * 7
    for b, npts, scale, ns, c in ((2, 9, 4, 1, 3), (1, 6, 3, 2, 2)):
        nv, cub = (2 * ns) ** 3, scale ** 3
        pts = rng.integers(-1, scale + 1, b * npts * 3)
        feats = rng.integers(-64, 64, b * c * cub)
        pf, gi = cubic(pts, feats, b, npts, scale, ns, c)
        want_f = np.full(b * npts * nv * c, -7, np.int64)
        want_i = np.full(b * npts * nv, -5, np.int64)
        for bb, i in itertools.product(range(b), range(npts)):
            p = pts[(bb * npts + i) * 3:(bb * npts + i) * 3 + 3]
            lo = [int(np.floor(q)) for q in p]
            up = [int(np.ceil(q)) + (1 if np.floor(q) == np.ceil(q) else 0) for q in p]
            v = 0
            for x in range(lo[0] - ns + 1, up[0] + ns):
                for y in range(lo[1] - ns + 1, up[1] + ns):
                    for z in range(lo[2] - ns + 1, up[2] + ns):
                        ok = 0 <= x < scale and 0 <= y < scale and 0 <= z < scale
                        want_i[(bb * npts + i) * nv + v] = x * scale * scale + y * scale + z \
                            if ok else -1
                        v += 1
            for j, k in itertools.product(range(nv), range(c)):
                vi = want_i[(bb * npts + i) * nv + j]
                if vi != -1:
                    want_f[((bb * npts + i) * nv + j) * c + k] = feats[(bb * c + k) * cub + vi]
        assert gi.tolist() == want_i.tolist() and pf.tolist() == want_f.tolist()

    # rstereo_sampler: radius 1 over a 5-wide row, pixels at x0 = 2 (taps 1..4: values 20, 30,
    # 40 onto -7) and x0 = 0 (tap -1 off the row); random quarter-unit coordinates against the
    # source's loop
    def sampler(vol, coords, b, h1, w1, w2, r, corr=None):
        rd = 2 * r + 1
        return references.rstereo_sampler({
            "volume": np.asarray(vol, f32), "coords": np.asarray(coords, f32),
            "corr": np.full(b * rd * h1 * w1, -7, f32) if corr is None else corr,
            "h1": h1, "w1": w1, "w2": w2, "r": r})["corr"]

    got = sampler([10, 20, 30, 40, 50, 1, 2, 3, 4, 5], [2, 0, 0, 0], 1, 1, 2, 5, 1)
    assert got.tolist() == [13, -7, 23, -6, 33, -5]
    b, h1, w1, w2, r = 2, 3, 4, 6, 2
    rd = 2 * r + 1
    vol = rng.integers(-64, 64, b * h1 * w1 * w2).astype(f32)
    coords = (rng.integers(-40, 4 * (w2 + 2), b * 2 * h1 * w1) / 4).astype(f32)
    corr0 = rng.integers(-8, 0, b * rd * h1 * w1).astype(f32)
    got = sampler(vol, coords, b, h1, w1, w2, r, corr0)
    want = corr0.copy()
    for n, y, x in itertools.product(range(b), range(h1), range(w1)):
        x0 = coords[((n * 2) * h1 + y) * w1 + x]
        dx = f32(x0 - np.floor(x0))
        for i in range(rd + 1):
            x1 = int(np.floor(x0)) - r + i
            if 0 <= x1 < w2:
                s = vol[((n * h1 + y) * w1 + x) * w2 + x1]
                if i > 0:
                    want[((n * rd + i - 1) * h1 + y) * w1 + x] += s * dx
                if i < rd:
                    want[((n * rd + i) * h1 + y) * w1 + x] += s * (f32(1) - dx)
    assert got.tolist() == want.tolist()

    # sofa_subset_apply: map (2, 0, 2) over points (1, 2, 3), (4, 5, 6), (7, 8, 9) by hand; a
    # random map against the source's per-thread copy
    def subset(idx, src, size, nout):
        return references.sofa_subset_apply({
            "size": size, "map": np.asarray(idx, np.int32), "in": np.asarray(src, f32),
            "out": np.full(3 * nout, -7, f32)})["out"]

    assert subset([2, 0, 2], range(1, 10), 3, 3).tolist() == [7, 8, 9, 1, 2, 3, 7, 8, 9]
    nin, size = 6, 11
    idx = rng.integers(0, nin, size)
    src = rng.integers(-64, 64, 3 * nin)
    got = subset(idx, src, size, size)
    want = [src[3 * idx[i] + k] for i in range(size) for k in range(3)]
    assert got.tolist() == want

    # nvdr_xfm_points: M = [[1, 0, 0, 1], [0, 2, 0, 0], [0, 0, 1, -1], [0, 0, 0, 1]] on (3, 4,
    # 5): (4, 8, 4, 1) as a point; random views against the source's transposed-matrix sums
    def xfm(pts, mtx, nb, n, is_points=1):
        return references.nvdr_xfm_points({
            "points": np.asarray(pts, f32), "matrix": np.asarray(mtx, f32),
            "out": np.full(nb * n * 4, -7, f32), "npoints": n, "nbatch": nb,
            "isPoints": is_points})["out"]

    m = [1, 0, 0, 1, 0, 2, 0, 0, 0, 0, 1, -1, 0, 0, 0, 1]
    assert xfm([3, 4, 5], m, 1, 1).tolist() == [4, 8, 4, 1]
    assert xfm([3, 4, 5], m, 1, 1, 0).tolist() == [3, 8, 5, -7]
    nb, n = 3, 5
    pts = rng.integers(-64, 64, nb * n * 3)
    mtx = rng.integers(-8, 8, nb * 16)
    got = xfm(pts, mtx, nb, n)
    for b, p, j in itertools.product(range(nb), range(n), range(4)):
        t = [[mtx[b * 16 + r * 4 + c] for r in range(4)] for c in range(4)]  # t[c][r]
        x, y, z = pts[(b * n + p) * 3:(b * n + p) * 3 + 3]
        assert got[(b * n + p) * 4 + j] == x * t[0][j] + y * t[1][j] + z * t[2][j] + t[3][j]

    # softsplat_fwd: a 2 x 3 frame (1..6), x flows (1, 0, 0 | 0, 0, -5): (0, 3, 3 | 4, 5, 0)
    # (pixel (1, 2) splatted off the frame); random quarter-unit flows against the source's loop
    def splat(src, flo, nn, c, h, w, out0=None):
        return references.softsplat_fwd({
            "n": nn * c * h * w, "input": np.asarray(src, f32), "flow": np.asarray(flo, f32),
            "output": np.zeros(nn * c * h * w, f32) if out0 is None else out0.copy(),
            "N": nn, "C": c, "H": h, "W": w})["output"]

    got = splat(range(1, 7), [1, 0, 0, 0, 0, -5] + [0] * 6, 1, 1, 2, 3)
    assert got.tolist() == [0, 3, 3, 4, 5, 0]
    nn, c, h, w = 2, 2, 4, 5
    src = rng.integers(-64, 64, nn * c * h * w).astype(f32)
    flo = (rng.integers(-12, 12, nn * 2 * h * w) / 4).astype(f32)
    out0 = rng.integers(-8, 0, nn * c * h * w).astype(f32)
    got = splat(src, flo, nn, c, h, w, out0)
    want = out0.astype(np.float64)
    for idx in range(nn * c * h * w):
        b_, ch, y, x = idx // (w * h * c) % nn, idx // (w * h) % c, idx // w % h, idx % w
        ox = x + float(flo[(b_ * 2) * h * w + y * w + x])
        oy = y + float(flo[(b_ * 2 + 1) * h * w + y * w + x])
        fx, fy = int(np.floor(ox)), int(np.floor(oy))
        for cx, cy, wt in ((fx, fy, (fx + 1 - ox) * (fy + 1 - oy)),
                           (fx + 1, fy, (ox - fx) * (fy + 1 - oy)),
                           (fx, fy + 1, (fx + 1 - ox) * (oy - fy)),
                           (fx + 1, fy + 1, (ox - fx) * (oy - fy))):
            if 0 <= cx < w and 0 <= cy < h:
                want[((b_ * c + ch) * h + cy) * w + cx] += float(src[idx]) * wt
    assert got.tolist() == want.tolist()


def test_blind90_references_on_hand_checked_inputs():
    rng = np.random.default_rng(90)

    # gpaw_restrict: rows of 7 values (n = 1) centred on column 3: a 16 at the centre gives 8,
    # at column 0 -0.5, at column 2 4.5, (1..7) gives 4; random against the source's loop
    def restrict(a, n, m):
        return references.gpaw_restrict({
            "a": np.asarray(a, np.float64), "n": n, "m": m,
            "b": np.full(n * m, -7.0)})["b"]

    rows = [[0, 0, 0, 16, 0, 0, 0], [16, 0, 0, 0, 0, 0, 0], [0, 0, 16, 0, 0, 0, 0],
            [1, 2, 3, 4, 5, 6, 7]]
    assert restrict(sum(rows, []), 1, 4).tolist() == [8.0, -0.5, 4.5, 4.0]
    n, m = 6, 5
    a = rng.integers(-64, 64, m * (2 * n + 5))
    got = restrict(a, n, m)
    for j, i in itertools.product(range(m), range(n)):
        c = j * (2 * n + 5) + 2 * i + 3
        want = 0.5 * (a[c] + 0.5625 * (a[c + 1] + a[c - 1]) - 0.0625 * (a[c + 3] + a[c - 3]))
        assert got[j + i * m] == want

    # cvm_conv2d: [[1, 2], [3, 4]] with a 2 x 2 filter of ones, padding 1 and bias 5:
    # [[6, 8, 7], [9, 15, 11], [8, 12, 9]]; random shapes, strides and padding against the loop
    def conv(src, filt, bias, dims, fhw, pad, stride, dil):
        on, ic, ih, iw, oc = dims
        oh = (ih + 2 * pad[0] - dil * (fhw[0] - 1) - 1) // stride[0] + 1
        ow = (iw + 2 * pad[1] - dil * (fhw[1] - 1) - 1) // stride[1] + 1
        return references.cvm_conv2d({
            "input": np.asarray(src, np.int32), "filter": np.asarray(filt, np.int32),
            "bias": np.asarray(bias, np.int32), "i_c": ic, "i_h": ih, "i_w": iw,
            "f_h": fhw[0], "f_w": fhw[1], "padding_h": pad[0], "padding_w": pad[1],
            "stride_h": stride[0], "stride_w": stride[1], "dilation_h": dil,
            "output": np.full(on * oc * oh * ow, -7, np.int32), "o_n": on, "o_c": oc,
            "o_h": oh, "o_w": ow})["output"], oh, ow

    got, _, _ = conv([1, 2, 3, 4], [1, 1, 1, 1], [5], (1, 1, 2, 2, 1), (2, 2), (1, 1),
                     (1, 1), 1)
    assert got.tolist() == [6, 8, 7, 9, 15, 11, 8, 12, 9]
    for dims, fhw, pad, stride, dil in (((2, 3, 5, 7, 4), (3, 3), (1, 1), (1, 1), 1),
                                        ((1, 2, 6, 5, 3), (2, 3), (0, 2), (2, 1), 2)):
        on, ic, ih, iw, oc = dims
        src = rng.integers(-8, 8, on * ic * ih * iw)
        filt = rng.integers(-8, 8, oc * ic * fhw[0] * fhw[1])
        bias = rng.integers(-64, 64, oc)
        got, oh, ow = conv(src, filt, bias, dims, fhw, pad, stride, dil)
        for gy, gx in itertools.product(range(on * oc * oh), range(ow)):
            y, o, b = gy % oh, gy // oh % oc, gy // (oh * oc)
            total = 0
            for c, fy, fx in itertools.product(range(ic), range(fhw[0]), range(fhw[1])):
                yy, xx = y * stride[0] + fy * dil - pad[0], gx * stride[1] + fx * dil - pad[1]
                if 0 <= yy < ih and 0 <= xx < iw:
                    total += (src[((b * ic + c) * ih + yy) * iw + xx]
                              * filt[((o * ic + c) * fhw[0] + fy) * fhw[1] + fx])
            assert got[gy * ow + gx] == total + bias[o]

    # cumo_index_compose: idx1 (10, 20, 30), idx (2, 0, 2, 1) -> (30, 10, 30, 20), the tail
    # past n untouched; random against the loop
    got = references.cumo_index_compose({
        "idx": np.array([2, 0, 2, 1, 1], np.int64), "idx1": np.array([10, 20, 30], np.int64),
        "n": 4})["idx"]
    assert got.tolist() == [30, 10, 30, 20, 1]
    idx = rng.integers(0, 9, 40)
    idx1 = rng.integers(0, 2**40, 9)
    got = references.cumo_index_compose({"idx": idx.astype(np.int64), "idx1": idx1,
                                         "n": 40})["idx"]
    assert got.tolist() == [int(idx1[k]) for k in idx]

    # gunrock_mark_segment: keys (3, 3, 5, 5, 5, 7) -> flags (untouched -1, 0, 1, 0, 0, 1);
    # random sorted keys against the loop
    got = references.gunrock_mark_segment({
        "flag": np.full(6, -1, np.int32), "vid": np.array([3, 3, 5, 5, 5, 7], np.int32),
        "length": 6})["flag"]
    assert got.tolist() == [-1, 0, 1, 0, 0, 1]
    vid = np.sort(rng.integers(0, 12, 50)).astype(np.int32)
    got = references.gunrock_mark_segment({"flag": np.full(50, -1, np.int32), "vid": vid,
                                           "length": 50})["flag"]
    assert got.tolist() == [-1] + [int(vid[i] != vid[i - 1]) for i in range(1, 50)]


def test_blind91_references_on_hand_checked_inputs():
    rng = np.random.default_rng(91)
    f32 = np.float32

    # pink_rotate90_list: one 2 x 2 image (1, 2 | 3, 4) turned clockwise into the next slot:
    # (2, 4 | 1, 3) (PINK's own test); random images against the source's loop
    def rot(images, dim, planes):
        return references.pink_rotate90_list({
            "images": np.asarray(images, f32), "dim": dim, "size": dim * dim,
            "offset": planes * dim * dim})["images"]

    assert rot([1, 2, 3, 4, 0, 0, 0, 0], 2, 1).tolist() == [1, 2, 3, 4, 2, 4, 1, 3]
    dim, planes = 5, 3
    src = rng.integers(-64, 64, 2 * planes * dim * dim).astype(f32)
    got = rot(src, dim, planes)
    want = src.copy()
    for z, x, y in itertools.product(range(planes), range(dim), range(dim)):
        want[planes * dim * dim + z * dim * dim + (dim - y - 1) * dim + x] = \
            src[z * dim * dim + x * dim + y]
    assert got.tolist() == want.tolist()

    # nerfacc_unpack_info: offsets (0, 2, 2, 5) -> (0, 0, 2, 2, 2); random against the loop
    def unpack(offsets):
        offsets = np.asarray(offsets, np.int32)
        return references.nerfacc_unpack_info({
            "n_rays": len(offsets) - 1, "offsets": offsets,
            "ray_indices": np.full(int(offsets[-1]), -7, np.int32)})["ray_indices"]

    assert unpack([0, 2, 2, 5]).tolist() == [0, 0, 2, 2, 2]
    offsets = np.concatenate([[0], np.cumsum(rng.integers(0, 5, 12))])
    got = unpack(offsets)
    for i in range(12):
        for j in range(offsets[i + 1] - offsets[i]):
            assert got[offsets[i] + j] == i


def test_blind93_references_on_hand_checked_inputs():
    rng = np.random.default_rng(93)
    f32 = np.float32

    # pwc_corr_rearrange: one channel of a 1 x 2 image (5, 7) at (4, 4) and (4, 5) of a 9 x 10
    # bordered copy by hand; random maps against the source's loop
    def rearrange(src, b, c, h, w):
        return references.pwc_corr_rearrange({
            "n": h * w, "input": np.asarray(src, f32), "C": c, "H": h, "W": w,
            "output": np.full(b * (h + 8) * (w + 8) * c, -7, f32)})["output"]

    got = rearrange([5, 7], 1, 1, 1, 2)
    want = [-7] * 90
    want[4 * 10 + 4], want[4 * 10 + 5] = 5, 7
    assert got.tolist() == want
    for b, c, h, w in ((2, 3, 4, 5), (1, 4, 3, 2)):
        src = rng.integers(-64, 64, b * c * h * w)
        got = rearrange(src, b, c, h, w)
        want = np.full(b * (h + 8) * (w + 8) * c, -7, np.int64)
        for s, ch, i in itertools.product(range(b), range(c), range(h * w)):
            r = (w + 8) * (i // w + 4) + i % w + 4
            want[(s * (h + 8) * (w + 8) + r) * c + ch] = src[(s * c + ch) * h * w + i]
        assert got.tolist() == want.tolist()

    # san_aggregation_zeropad: a 1 x 3 row (1, 2, 3) under a 1 x 3 window at padding 1: output
    # column 0 = w1 * 1 + w2 * 2 (tap 0 off the edge), with weights (10, 20, 30) a tap: 80, 140,
    # 80 by hand; random windows, strides, padding, dilations and groups against the loops
    def aggregate(src, wt, n, c, cw, ih, iw, k, stride, pad, dil):
        oh = (ih + 2 * pad[0] - (dil[0] * (k[0] - 1) + 1)) // stride[0] + 1
        ow = (iw + 2 * pad[1] - (dil[1] * (k[1] - 1) + 1)) // stride[1] + 1
        return references.san_aggregation_zeropad({
            "bottom_data": np.asarray(src, f32), "weight_data": np.asarray(wt, f32),
            "top_data": np.full(n * c * oh * ow, -7, f32), "nthreads": n * c * oh * ow,
            "input_channels": c, "weight_channels": cw, "bottom_height": ih,
            "bottom_width": iw, "top_height": oh, "top_width": ow, "kernel_h": k[0],
            "kernel_w": k[1], "stride_h": stride[0], "stride_w": stride[1],
            "dilation_h": dil[0], "dilation_w": dil[1], "pad_h": pad[0],
            "pad_w": pad[1]})["top_data"], oh, ow

    got, _, _ = aggregate([1, 2, 3], [10] * 3 + [20] * 3 + [30] * 3, 1, 1, 1, 1, 3, (1, 3),
                          (1, 1), (0, 1), (1, 1))
    assert got.tolist() == [80, 140, 80]
    for n, c, cw, ih, iw, k, stride, pad, dil in (
            (2, 4, 2, 6, 7, (3, 3), (1, 2), (1, 2), (1, 2)),
            (1, 3, 3, 5, 4, (2, 3), (2, 1), (0, 1), (2, 1)),
            (2, 6, 1, 4, 5, (3, 2), (1, 1), (2, 0), (1, 1))):
        oh = (ih + 2 * pad[0] - (dil[0] * (k[0] - 1) + 1)) // stride[0] + 1
        ow = (iw + 2 * pad[1] - (dil[1] * (k[1] - 1) + 1)) // stride[1] + 1
        src = rng.integers(-16, 16, n * c * ih * iw)
        wt = rng.integers(-8, 8, n * cw * k[0] * k[1] * oh * ow)
        got, _, _ = aggregate(src, wt, n, c, cw, ih, iw, k, stride, pad, dil)
        want = []
        for s, ch, h, w in itertools.product(range(n), range(c), range(oh), range(ow)):
            v = 0
            for kh, kw in itertools.product(range(k[0]), range(k[1])):
                hi = -pad[0] + h * stride[0] + kh * dil[0]
                wi = -pad[1] + w * stride[1] + kw * dil[1]
                if 0 <= hi < ih and 0 <= wi < iw:
                    v += (wt[((s * cw + ch % cw) * k[0] * k[1] + kh * k[1] + kw) * oh * ow
                             + h * ow + w] * src[((s * c + ch) * ih + hi) * iw + wi])
            want.append(v)
        assert got.tolist() == want

    # slomo_sepconv_fwd: a 2 x 2 input (1, 2 | 3, 4), F = 2, one output pixel with vertical
    # (1, 2) and horizontal (3, 4): 1*1*3 + 2*1*4 + 3*2*3 + 4*2*4 = 61 by hand; random frames
    # against the source's loop
    def sepconv(src, ver, hor, nn, c, h, w, f):
        return references.slomo_sepconv_fwd({
            "n": nn * c * h * w, "input": np.asarray(src, f32), "vertical": np.asarray(ver, f32),
            "horizontal": np.asarray(hor, f32), "output": np.full(nn * c * h * w, -7, f32),
            "N": nn, "C": c, "H": h, "W": w, "F": f})["output"]

    assert sepconv([1, 2, 3, 4], [1, 2], [3, 4], 1, 1, 1, 1, 2).tolist() == [61]
    for nn, c, h, w, f in ((2, 2, 3, 4, 3), (1, 3, 4, 2, 2)):
        ih, iw = h + f - 1, w + f - 1
        src = rng.integers(-16, 16, nn * c * ih * iw)
        ver, hor = rng.integers(-4, 4, (2, nn * f * h * w))
        got = sepconv(src, ver, hor, nn, c, h, w, f)
        want = []
        for s, ch, y, x in itertools.product(range(nn), range(c), range(h), range(w)):
            want.append(sum(src[((s * c + ch) * ih + y + fy) * iw + x + fx]
                            * ver[((s * f + fy) * h + y) * w + x]
                            * hor[((s * f + fx) * h + y) * w + x]
                            for fy, fx in itertools.product(range(f), range(f))))
        assert got.tolist() == want
def test_blind92_references_on_hand_checked_inputs():
    rng = np.random.default_rng(92)
    f32 = np.float32

    # dain_sepconv: a 3 x 3 frame (1..9), 2-tap kernels: vertical (1, 2) and horizontal (1, 0)
    # at every pixel give (9, 12 | 18, 21), vertical (1, 0) and horizontal (0, 1) give
    # (2, 3 | 5, 6); random frames with padded output rows against the source's loop
    def sepconv(src, vert, horz, dims, out_h_stride):
        nb, ch, f, h, w = dims
        oh, ow = h - f + 1, w - f + 1
        return references.dain_sepconv({
            "w": w, "h": h, "channel": ch, "filter_size": f,
            "input1_b_stride": ch * h * w, "input1_c_stride": h * w, "input1_h_stride": w,
            "input2_b_stride": f * oh * ow, "input2_c_stride": oh * ow, "input2_h_stride": ow,
            "input3_b_stride": f * oh * ow, "input3_c_stride": oh * ow, "input3_h_stride": ow,
            "output_b_stride": ch * oh * out_h_stride, "output_c_stride": oh * out_h_stride,
            "output_h_stride": out_h_stride, "input1": np.asarray(src, f32),
            "input2": np.asarray(vert, f32), "input3": np.asarray(horz, f32),
            "output": np.full(nb * ch * oh * out_h_stride, -7, f32)})["output"]

    frame = list(range(1, 10))
    assert sepconv(frame, [1] * 4 + [2] * 4, [1] * 4 + [0] * 4, (1, 1, 2, 3, 3),
                   2).tolist() == [9, 12, 18, 21]
    assert sepconv(frame, [1] * 4 + [0] * 4, [0] * 4 + [1] * 4, (1, 1, 2, 3, 3),
                   2).tolist() == [2, 3, 5, 6]
    nb, ch, f, h, w, pitch = 2, 3, 3, 6, 7, 6
    oh, ow = h - f + 1, w - f + 1
    src = rng.integers(-8, 8, nb * ch * h * w)
    vert = rng.integers(-8, 8, nb * f * oh * ow)
    horz = rng.integers(-8, 8, nb * f * oh * ow)
    got = sepconv(src, vert, horz, (nb, ch, f, h, w), pitch)
    for b, c, y, x in itertools.product(range(nb), range(ch), range(oh), range(pitch)):
        at = ((b * ch + c) * oh + y) * pitch + x
        if x >= ow:
            assert got[at] == -7
            continue
        total = 0
        for fy, fx in itertools.product(range(f), range(f)):
            total += (src[((b * ch + c) * h + y + fy) * w + x + fx]
                      * vert[((b * f + fy) * oh + y) * ow + x]
                      * horz[((b * f + fx) * oh + y) * ow + x])
        assert got[at] == total

    # segmentron_ca_map: a 2 x 2 map (1, 2 | 3, 4), weights 1 and 10 on the row's columns and
    # 100 on the column's other row, added to 0.5: (321.5, 421.5 | 143.5, 243.5); random maps
    # against the source's loop
    def ca_map(wt, g, out, dims):
        n, ch, h, w = dims
        return references.segmentron_ca_map({
            "weight": np.asarray(wt, f32), "g": np.asarray(g, f32), "out": np.asarray(out, f32),
            "num": n, "chn": ch, "height": h, "width": w})["out"]

    got = ca_map([1] * 4 + [10] * 4 + [100] * 4, [1, 2, 3, 4], [0.5] * 4, (1, 1, 2, 2))
    assert got.tolist() == [321.5, 421.5, 143.5, 243.5]
    n, ch, h, w = 2, 3, 5, 4
    ln = h + w - 1
    wt = rng.integers(-8, 8, n * ln * h * w)
    g = rng.integers(-8, 8, n * ch * h * w)
    start = rng.integers(-8, 8, n * ch * h * w)
    got = ca_map(wt, g, start, (n, ch, h, w))
    for b, c, y, x in itertools.product(range(n), range(ch), range(h), range(w)):
        total = int(start[((b * ch + c) * h + y) * w + x])
        for i in range(w):
            total += g[((b * ch + c) * h + y) * w + i] * wt[((b * ln + i) * h + y) * w + x]
        for i in range(h):
            if i != y:
                j = i if i < y else i - 1
                total += (g[((b * ch + c) * h + i) * w + x]
                          * wt[((b * ln + w + j) * h + y) * w + x])
        assert got[((b * ch + c) * h + y) * w + x] == total

    # ganet_lga: radius 0, one pixel of three disparities (1, 2, 4), filters (1, 10, 100)
    # (the disparity below, the value, the one above; a neighbour outside reads the value
    # itself), added to 0.5: (211.5, 421.5, 442.5); random volumes against the source's loop
    def lga(src, filt, top, dims, radius):
        nb, ch, h, w = dims
        return references.ganet_lga({
            "n": nb * ch * h * w, "bottom_data": np.asarray(src, f32),
            "filters": np.asarray(filt, f32), "height": h, "width": w, "channel": ch,
            "radius": radius, "top_data": np.asarray(top, f32)})["top_data"]

    got = lga([1, 2, 4], [1, 10, 100], [0.5] * 3, (1, 3, 1, 1), 0)
    assert got.tolist() == [211.5, 421.5, 442.5]
    nb, ch, h, w, rad = 2, 3, 4, 5, 1
    ws, step = 2 * rad + 1, h * w
    src = rng.integers(-8, 8, nb * ch * h * w)
    filt = rng.integers(-8, 8, nb * 3 * ws * ws * h * w)
    top = rng.integers(-8, 8, nb * ch * h * w)
    got = lga(src, filt, top, (nb, ch, h, w), rad)
    for index in range(nb * ch * h * w):
        fbase = index // (step * ch) * (step * ws * ws * 3) + index % step
        row, col, depth = index % step // w, index % w, index // step % ch
        total = int(top[index])
        for d, r, c in itertools.product((-1, 0, 1), range(-rad, rad + 1), range(-rad, rad + 1)):
            inside = 0 <= row + r < h and 0 <= col + c < w and 0 <= depth + d < ch
            shift = r * w + c + d * step if inside else 0
            slot = (d + 1) * ws * ws + (r + rad) * ws + c + rad
            total += src[index + shift] * filt[fbase + slot * step]
        assert got[index] == total

    # gardenia_tc_count: a triangle 0-1-2 (sorted lists (1, 2), (0, 2), (0, 1)): each vertex
    # finds 2, 6 added to 5: 11; random sorted (repeats) and unsorted rows against the loop
    def tc(rp, cols, start=0):
        return int(references.gardenia_tc_count({
            "m": len(rp) - 1, "row_offsets": np.asarray(rp, np.int32),
            "column_indices": np.asarray(cols, np.int32),
            "total": np.array([start], np.int32)})["total"][0])

    assert tc([0, 2, 4, 6], [1, 2, 0, 2, 0, 1, 0], 5) == 11

    def tc_loop(rp, cols):
        count = 0
        for u in range(len(rp) - 1):
            for off_u in range(rp[u], rp[u + 1]):
                v = cols[off_u]
                it = rp[u]
                for off_v in range(rp[v], rp[v + 1]):
                    w = cols[off_v]
                    while cols[it] < w and it < rp[u + 1]:
                        it += 1
                    if it != rp[u + 1] and cols[it] == w:
                        count += 1
        return count

    m, nnz = 40, 150
    rp = [0, *np.cumsum(np.bincount(rng.integers(0, m, nnz), minlength=m))]
    sorted_cols = np.sort(rng.integers(0, m, nnz + 1))
    assert tc(rp, sorted_cols) == tc_loop(rp, sorted_cols.tolist())
    unsorted = rng.integers(0, m, nnz + 1)
    assert tc(rp, unsorted) == tc_loop(rp, unsorted.tolist())

    # droid_corr_index: radius 0, coordinate (1.5, 0.5) on the plane (1, 2, 3 | 4, 5, 6): the
    # bilinear 4; radius 1 at (-1, 0): only the window's in-plane taps of weight 1, corr[2][1]
    # = 1 and corr[2][2] = 4; random planes (whole and half coordinates) against the loop
    def corr_index(vol, xy, dims, r):
        nb, h1, w1, h2, w2 = dims
        rd = 2 * r + 1
        return references.droid_corr_index({
            "volume": np.asarray(vol, f32), "coords": np.asarray(xy, f32),
            "corr": np.zeros(nb * rd * rd * h1 * w1, f32), "h1": h1, "w1": w1, "h2": h2,
            "w2": w2, "r": r})["corr"]

    assert corr_index([1, 2, 3, 4, 5, 6], [1.5, 0.5], (1, 1, 1, 2, 3), 0).tolist() == [4]
    assert corr_index([1, 2, 3, 4, 5, 6], [-1, 0], (1, 1, 1, 2, 3), 1).tolist() == [
        0, 0, 0, 0, 0, 0, 0, 1, 4]
    nb, h1, w1, h2, w2, r = 2, 3, 4, 5, 6, 2
    rd = 2 * r + 1
    vol = rng.integers(-8, 8, nb * h1 * w1 * h2 * w2)
    xy = rng.integers(-6, 16, nb * 2 * h1 * w1) / 2
    got = corr_index(vol, xy, (nb, h1, w1, h2, w2), r)
    want = np.zeros(nb * rd * rd * h1 * w1)
    for n, y, x in itertools.product(range(nb), range(h1), range(w1)):
        x0, y0 = xy[(n * 2 * h1 + y) * w1 + x], xy[((n * 2 + 1) * h1 + y) * w1 + x]
        dx, dy = x0 - np.floor(x0), y0 - np.floor(y0)
        for i, j in itertools.product(range(rd + 1), range(rd + 1)):
            x1, y1 = int(np.floor(x0)) - r + i, int(np.floor(y0)) - r + j
            if not (0 <= y1 < h2 and 0 <= x1 < w2):
                continue
            s = vol[(((n * h1 + y) * w1 + x) * h2 + y1) * w2 + x1]
            for ii, jj, wt in ((i - 1, j - 1, dx * dy), (i - 1, j, dx * (1 - dy)),
                               (i, j - 1, (1 - dx) * dy), (i, j, (1 - dx) * (1 - dy))):
                if 0 <= ii < rd and 0 <= jj < rd:
                    want[(((n * rd + ii) * rd + jj) * h1 + y) * w1 + x] += s * wt
    assert got.tolist() == want.tolist()

    # bonsai_boundary_reduce: 5 particles, 2 blocks of 1 thread (a step of 4 particles):
    # block 0 folds 0, 1 and 4, block 1 folds 2 and 3; at 4 threads block 0 folds all five
    # and block 1 none (1e10, -1e10); random against the source's strided loop
    def bounds(pos, grid, threads):
        got = references.bonsai_boundary_reduce({
            "n_particles": len(pos) // 4, "positions": np.asarray(pos, f32),
            "output_min": np.full(3 * grid, -7, f32), "output_max": np.full(3 * grid, -7, f32)},
            threads=threads)
        return got["output_min"].tolist(), got["output_max"].tolist()

    pos = [1, 5, -2, 9, 3, -1, 0, 9, 7, 2, 2, 9, -4, 8, 1, 9, 0, 0, -6, 9]
    assert bounds(pos, 2, 1) == ([0, -1, -6, -4, 2, 1], [3, 5, 0, 7, 8, 2])
    big = float(f32(1e10))
    assert bounds(pos, 2, 4) == ([-4, -1, -6, big, big, big], [7, 8, 2, -big, -big, -big])
    n, grid, threads = 300, 3, 7
    pos = rng.integers(-2**20, 2**20, 4 * n)
    lo, hi = bounds(pos, grid, threads)
    for b in range(grid):
        want_lo, want_hi = [big] * 3, [-big] * 3
        i = b * 2 * threads
        while i < n:  # each thread's pair of loads, over the block's threads
            for t in range(threads):
                for k in (i + t, i + t + threads):
                    if k < n and k < i + 2 * threads:
                        for a in range(3):
                            want_lo[a] = min(want_lo[a], float(pos[4 * k + a]))
                            want_hi[a] = max(want_hi[a], float(pos[4 * k + a]))
            i += 2 * threads * grid
        assert lo[3 * b: 3 * b + 3] == want_lo and hi[3 * b: 3 * b + 3] == want_hi
def test_blind94_references_on_hand_checked_inputs():
    rng = np.random.default_rng(94)
    f32 = np.float32

    # plm_vf_convolve_y: one column of 3 rows, vectors (1, 2, 3), (10, 20, 30), (100, 200,
    # 300), kernel (1, 2, 4) at half_width 1: row 0 clamped (2 + 40, 4 + 80, 6 + 120), row 1
    # all three taps, row 2 clamped; random volumes against the source's clamped loops
    def conv_y(vin, ker, nx, ny, nz, hw):
        return references.plm_vf_convolve_y({
            "vf_in": np.asarray(vin, f32), "ker": np.asarray(ker, f32),
            "vf_out": np.full(nz * ny * nx * 3, -7, f32), "nx": nx, "ny": ny, "nz": nz,
            "half_width": hw})["vf_out"]

    got = conv_y([1, 2, 3, 10, 20, 30, 100, 200, 300], [1, 2, 4], 1, 3, 1, 1)
    assert got.tolist() == [42, 84, 126, 421, 842, 1263, 210, 420, 630]
    for nx, ny, nz, hw in ((4, 7, 2, 2), (3, 2, 3, 3), (5, 6, 1, 0)):
        vin = rng.integers(-64, 64, nz * ny * nx * 3)
        ker = rng.integers(0, 8, 2 * hw + 1)
        got = conv_y(vin, ker, nx, ny, nz, hw)
        want = []
        for z, y, x, d in itertools.product(range(nz), range(ny), range(nx), range(3)):
            lo, hi = max(y - hw, 0), min(y + hw, ny - 1)
            want.append(sum(ker[r - y + hw] * vin[((z * ny + r) * nx + x) * 3 + d]
                            for r in range(lo, hi + 1)))
        assert got.tolist() == want

    # pgroup_roipool_fp: two channels, proposals {0, 1, 2}, {} and {3}: channel 0 values
    # (5, 7, 7, 1) -> max 7 at point 1 (the first of the tie), channel 1 (-3, -9, -3, 2) -> -3
    # at point 0; the empty proposal -inf and -1; random proposals against the source's scan
    def roipool(feats, offsets, c):
        offsets = np.asarray(offsets, np.int32)
        n = len(offsets) - 1
        got = references.pgroup_roipool_fp({
            "nProposal": n, "C": c, "feats": np.asarray(feats, f32),
            "proposals_offset": offsets, "output_feats": np.full(n * c, -7, f32),
            "output_maxidx": np.full(n * c, -5, np.int32)})
        return got["output_feats"].tolist(), got["output_maxidx"].tolist()

    vals, idx = roipool([5, -3, 7, -9, 7, -3, 1, 2], [0, 3, 3, 4], 2)
    assert vals == [7, -3, -np.inf, -np.inf, 1, 2] and idx == [1, 0, -1, -1, 3, 3]
    for n, c in ((9, 3), (5, 1)):
        offsets = np.concatenate([[0], np.cumsum(rng.integers(0, 4, n))])
        feats = rng.integers(-4, 4, int(offsets[-1]) * c)
        vals, idx = roipool(feats, offsets, c)
        for p, ch in itertools.product(range(n), range(c)):
            best, best_i = -np.inf, -1
            for i in range(offsets[p], offsets[p + 1]):
                if feats[i * c + ch] > best:
                    best, best_i = feats[i * c + ch], i
            assert (vals[p * c + ch], idx[p * c + ch]) == (best, best_i)

    # mrs_nonzero_unravel: dims (2, 3, 4), flat indices 0, 5, 23 and 13 -> (0, 0, 0),
    # (0, 1, 1), (1, 2, 3), (1, 0, 1) by hand; random shapes against the source's loop
    def unravel(flat, dims):
        n, nd = len(flat), len(dims)
        return references.mrs_nonzero_unravel({
            "temp_indices": np.asarray(flat, np.uint32), "num_nonzero": n,
            "dims": np.asarray(dims, np.uint32), "num_dims": nd,
            "d_out": np.full(n * nd, 7, np.uint32)})["d_out"].tolist()

    assert unravel([0, 5, 23, 13], [2, 3, 4]) == [0, 0, 0, 0, 1, 1, 1, 2, 3, 1, 0, 1]
    for nd in (1, 2, 5):
        dims = rng.integers(1, 7, nd)
        flat = rng.integers(0, 2 * int(np.prod(dims)), 20)  # past the shape: the first wraps
        want = []
        for f in flat:
            row = [0] * nd
            t = int(f)
            for i in range(nd - 1, -1, -1):
                row[i] = t % int(dims[i])
                t //= int(dims[i])
            want += row
        assert unravel(flat, dims) == want

    # theseus_tmat_vec: one batch item, rows {col 0: 2, col 2: 3} and {col 2: 5}, residuals
    # (10, 100), retv (1, 1, 1): (1 + 20, 1, 1 + 30 + 500) by hand; random batches against the
    # source's per-row loops
    def tmat_vec(ptr, cols, vals, vec, retv, bs, m, n):
        return references.theseus_tmat_vec({
            "batchSize": bs, "M_numRows": m, "M_numCols": n, "M_nnz": len(cols),
            "M_rowPtr": np.asarray(ptr, np.int32), "M_colInd": np.asarray(cols, np.int32),
            "Ms_val": np.asarray(vals, np.float64), "vec": np.asarray(vec, np.float64),
            "retv": np.asarray(retv, np.float64)})["retv"].tolist()

    assert tmat_vec([0, 2, 3], [0, 2, 2], [2, 3, 5], [10, 100], [1, 1, 1], 1, 2, 3) == [21, 1, 531]
    for bs, m, n in ((3, 7, 5), (2, 4, 9)):
        ptr = np.concatenate([[0], np.cumsum(rng.integers(0, 4, m))])
        nnz = int(ptr[-1])
        cols = rng.integers(0, n, nnz)
        vals, vec = rng.integers(-8, 8, bs * nnz), rng.integers(-8, 8, bs * m)
        retv = rng.integers(-8, 0, bs * n)
        want = [int(x) for x in retv]
        for b, r in itertools.product(range(bs), range(m)):
            for i in range(ptr[r], ptr[r + 1]):
                want[b * n + cols[i]] += vec[b * m + r] * vals[b * nnz + i]
        assert tmat_vec(ptr, cols, vals, vec, retv, bs, m, n) == want

    # sam2_init_counting: a 2 x 3 label image (1, 0, 2 | 1, 1, 3) -> counts (3, 1, 1) in the
    # first three slots, the rest untouched; random images against the source's per-pixel loop
    def counting(labels, w, h, init):
        return references.sam2_init_counting({
            "label": np.asarray(labels, np.int32), "count_init": np.asarray(init, np.int32),
            "W": w, "H": h})["count_init"].tolist()

    assert counting([1, 0, 2, 1, 1, 3], 3, 2, [0] * 6) == [3, 1, 1, 0, 0, 0]
    for w, h, nlab in ((7, 5, 4), (3, 9, 27)):
        labels = rng.integers(0, nlab + 1, w * h)
        init = rng.integers(0, 3, w * h)
        want = [int(x) for x in init]
        for row, col in itertools.product(range(h), range(w)):
            if labels[row * w + col] > 0:
                want[labels[row * w + col] - 1] += 1
        assert counting(labels, w, h, init) == want

    # semseg_psamask_distribute: a 1 x 2 feature map with 1 x 3 masks (half 0, 1): position 0
    # takes mask columns 1, 2 (values 20, 30), position 1 columns 0, 1 (400, 500): buffer rows
    # (20, 30 | 400, 500) by hand; random clipped windows against the source's loops
    def distribute(mask, n, fh, fw, mh, mw):
        return references.semseg_psamask_distribute({
            "nthreads": n * fh * fw, "feature_H_": fh, "feature_W_": fw, "mask_H_": mh,
            "mask_W_": mw, "half_mask_H_": (mh - 1) // 2, "half_mask_W_": (mw - 1) // 2,
            "mask_data": np.asarray(mask, f32),
            "buffer_data": np.full(n * (fh * fw) ** 2, -7, f32)})["buffer_data"].tolist()

    # mask[n, hidx * mw + widx, h, w]: (widx 0: 10, 400), (widx 1: 20, 500), (widx 2: 30, 600)
    assert distribute([10, 400, 20, 500, 30, 600], 1, 1, 2, 1, 3) == [20, 30, 400, 500]
    for n, fh, fw, mh, mw in ((2, 3, 4, 5, 3), (1, 4, 2, 7, 3), (1, 3, 3, 1, 1)):
        mask = rng.integers(-64, 64, n * mh * mw * fh * fw)
        got = distribute(mask, n, fh, fw, mh, mw)
        hw, hh, hw_ = fh * fw, (mh - 1) // 2, (mw - 1) // 2
        want = [-7.0] * (n * hw * hw)
        for b, h, w in itertools.product(range(n), range(fh), range(fw)):
            for hidx in range(max(0, hh - h), min(mh, fh + hh - h)):
                for widx in range(max(0, hw_ - w), min(mw, fw + hw_ - w)):
                    want[(b * hw + h * fw + w) * hw + (hidx + h - hh) * fw + (widx + w - hw_)] = \
                        mask[((b * mh * mw + hidx * mw + widx) * fh + h) * fw + w]
        assert got == want


def test_blind95_references_on_hand_checked_inputs():
    rng = np.random.default_rng(95)
    f32 = np.float32

    # bevdepth_voxel_pool: one camera, 2 depth bins of a 1 x 2 feature map, 2 channels
    # (10, 20 | 100, 200), depths (1, 2, 3, 4), samples in cells 0, 1, 1 and one outside:
    # cell 0 = 1 (10, 100), cell 1 = 2 (20, 200) + 3 (10, 100) = (70, 700) by hand; random
    # frusta against the source's per-sample, per-channel loop
    def pool(geom, depth, ctx, out, dims, grid):
        b, ncam, d, h, w, c = dims
        return references.bevdepth_voxel_pool({
            "batch_size": b, "num_cams": ncam, "num_depth": d, "num_height": h, "num_width": w,
            "num_channels": c, "num_voxel_x": grid[0], "num_voxel_y": grid[1],
            "num_voxel_z": grid[2], "geom_xyz": np.asarray(geom, np.int32),
            "depth_features": np.asarray(depth, f32), "context_features": np.asarray(ctx, f32),
            "output_features": np.asarray(out, f32)})["output_features"].tolist()

    geom = [0, 0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0]
    assert pool(geom, [1, 2, 3, 4], [10, 20, 100, 200], [0] * 4, (1, 1, 2, 1, 2, 2),
                (2, 1, 1)) == [10, 100, 70, 700]
    for dims, grid in (((2, 3, 2, 3, 4, 5), (4, 3, 2)), ((1, 2, 3, 2, 5, 3), (3, 5, 3))):
        b, ncam, d, h, w, c = dims
        total = b * ncam * d * h * w
        geom = rng.integers(-2, 6, 3 * total)
        depth = rng.integers(-4, 4, total)
        ctx = rng.integers(-4, 4, b * ncam * c * h * w)
        out = rng.integers(-8, 8, b * grid[1] * grid[0] * c)
        want = [int(v) for v in out]
        for s in range(total):
            x, y, z = geom[3 * s: 3 * s + 3]
            if not (0 <= x < grid[0] and 0 <= y < grid[1] and 0 <= z < grid[2]):
                continue
            bi, cam = s // (ncam * d * h * w), s // (d * h * w) % ncam
            hi, wi = s // w % h, s % w
            for j in range(c):
                want[((bi * grid[1] + y) * grid[0] + x) * c + j] += int(depth[s]) * int(
                    ctx[((bi * ncam + cam) * c + j) * h * w + hi * w + wi])
        assert pool(geom, depth, ctx, out, dims, grid) == want

    # gslicr_suppress_label: a 5 x 5 map has one interior pixel (2, 2); label 1 there among 0s
    # with a 7 in the window's last place: 24 differ, the last differing one 7 -> 7; with 15
    # differing it keeps its 1; the border always copied; random maps against the source's loop
    def suppress(lab, w, h):
        return references.gslicr_suppress_label({
            "in_idx_img": np.asarray(lab, np.int32), "img_w": w, "img_h": h,
            "out_idx_img": np.full(w * h, -5, np.int32)})["out_idx_img"].tolist()

    lab = [0] * 25
    lab[12], lab[24] = 1, 7
    want = list(lab)
    want[12] = 7
    assert suppress(lab, 5, 5) == want
    lab = [3, 3, 3] + [1] * 10 + [2] * 12
    assert suppress(lab, 5, 5) == lab  # (2, 2) sees 12 twos and three 3s: 15 differ, kept
    lab[3] = 4
    want = list(lab)
    want[12] = 2
    assert suppress(lab, 5, 5) == want  # 16 differ: the last differing label, a 2
    for w, h in ((9, 7), (6, 11)):
        lab = rng.integers(0, 3, w * h)
        want = []
        for y, x in itertools.product(range(h), range(w)):
            own = lab[y * w + x]
            if x <= 1 or y <= 1 or x >= w - 2 or y >= h - 2:
                want.append(int(own))
                continue
            count, other = 0, -1
            for j in range(-2, 3):
                for i in range(-2, 3):
                    if lab[(y + j) * w + x + i] != own:
                        other, count = int(lab[(y + j) * w + x + i]), count + 1
            want.append(other if count >= 16 else int(own))
        assert suppress(lab, w, h) == want

    # jdftx_matrix_sub_get: a 3 x 2 column-major matrix of (k, -k) at flat k; rows 1..2 of
    # column 1 -> (4, -4), (5, -5) by hand; random strided blocks against the source's loop
    def sub_get(src, nr, i0, di, ni, j0, dj, nj):
        return references.jdftx_matrix_sub_get({
            "nr": nr, "iStart": i0, "iStep": di, "iDelta": ni, "jStart": j0, "jStep": dj,
            "jDelta": nj, "in_words": np.asarray(src, np.float64),
            "out_words": np.full(2 * ni * nj, -7.0)})["out_words"].tolist()

    src = [v for k in range(6) for v in (k, -k)]
    assert sub_get(src, 3, 1, 1, 2, 1, 1, 1) == [4, -4, 5, -5]
    for nr, nc, i0, di, ni, j0, dj, nj in ((7, 6, 1, 2, 3, 0, 2, 3), (9, 5, 2, 3, 3, 1, 1, 4)):
        src = rng.integers(-64, 64, 2 * nr * nc)
        want = []
        for j, i in itertools.product(range(nj), range(ni)):
            at = nr * (j * dj + j0) + i * di + i0
            want += [float(src[2 * at]), float(src[2 * at + 1])]
        assert sub_get(src, nr, i0, di, ni, j0, dj, nj) == want

    # fcos_irnn_forward: one 1 x 3 row (1, -2, 3): left (w 1, b 0) 3 -> relu(3 - 2) = 1 ->
    # relu(1 + 1) = 2, so (2, 1, 3); right (w 1, b -1) 1 -> relu(1 - 1 - 2) = 0 -> relu(0 - 1
    # + 3) = 2, so (1, 0, 2); up and down over one row relu(x) = (1, 0, 3) by hand; random maps
    # against the source's per-element loops
    def irnn(x, b, c, h, w, wts, bss):
        vals = {"input_feature": np.asarray(x, f32), "channels": c, "height": h, "width": w,
                "n": b * c * h * w}
        for k, name in enumerate(("up", "right", "down", "left")):
            vals[f"weight_{name}"] = np.asarray(wts[k], f32)
            vals[f"bias_{name}"] = np.asarray(bss[k], f32)
            vals[f"output_{name}"] = np.full(b * c * h * w, -7, f32)
        got = references.fcos_irnn_forward(vals)
        return [got[f"output_{name}"].tolist() for name in ("up", "right", "down", "left")]

    assert irnn([1, -2, 3], 1, 1, 1, 3, [[0], [1], [0], [1]], [[0], [-1], [0], [0]]) == [
        [1, 0, 3], [1, 0, 2], [1, 0, 3], [2, 1, 3]]
    for b, c, h, w in ((2, 3, 4, 5), (1, 2, 6, 3)):
        x = rng.integers(-8, 8, b * c * h * w)
        wts, bss = rng.integers(-1, 2, (4, c)), rng.integers(-4, 4, (4, c))
        want = [[], [], [], []]
        for index in range(b * c * h * w):
            wi, hi, ci = index % w, index // w % h, index // w // h % c
            bi = index // w // h // c

            def at(r, q, bi=bi, ci=ci, x=x, c=c, h=h, w=w):
                return float(x[((bi * c + ci) * h + r) * w + q])

            o = max(at(hi, w - 1), 0)  # left
            for i in range(w - 2, wi - 1, -1):
                o = max(o * wts[3][ci] + bss[3][ci] + at(hi, i), 0)
            want[3].append(o)
            o = max(at(hi, 0), 0)  # right
            for i in range(1, wi + 1):
                o = max(o * wts[1][ci] + bss[1][ci] + at(hi, i), 0)
            want[1].append(o)
            o = max(at(h - 1, wi), 0)  # up
            for i in range(h - 2, hi - 1, -1):
                o = max(o * wts[0][ci] + bss[0][ci] + at(i, wi), 0)
            want[0].append(o)
            o = max(at(0, wi), 0)  # down
            for i in range(1, hi + 1):
                o = max(o * wts[2][ci] + bss[2][ci] + at(i, wi), 0)
            want[2].append(o)
        assert irnn(x, b, c, h, w, wts, bss) == want

    # eddl_da_scale: a 2 x 1 image (5, 6) to 8 x 1 rows at new_shape (5, 1): offset
    # trunc(-1.5) = -1, rows ((i - 1) 2) / 5 truncating toward zero = 0, 0, 0, 0, 1, 1, 2, 2
    # (row 0's -2 / 5 is 0, not -1), so (5, 5, 5, 5, 6, 6, c, c) by hand; random images and
    # shapes against the source's per-pixel loop; no write outside mode 2
    def zoom(src, dims, shape, mode=2):
        nb, nd, ir, ic, orr, oc = dims
        return references.eddl_da_scale({
            "A": np.asarray(src, f32), "batch": nb, "depth": nd, "irows": ir, "icols": ic,
            "orows": orr, "ocols": oc, "new_shape": np.asarray(shape, np.int32), "mode": mode,
            "constant": -100.0, "B": np.full(nb * nd * orr * oc, -7, f32)})["B"].tolist()

    assert zoom([5, 6], (1, 1, 2, 1, 8, 1), (5, 1)) == [5, 5, 5, 5, 6, 6, -100, -100]
    assert zoom([5, 6], (1, 1, 2, 1, 8, 1), (5, 1), mode=0) == [-7] * 8
    for dims, shape in (((2, 3, 5, 4, 6, 5), (4, 7)), ((1, 2, 6, 7, 5, 6), (9, 3))):
        nb, nd, ir, ic, orr, oc = dims
        src = rng.integers(-64, 64, nb * nd * ir * ic)
        oi, oj = int((shape[0] - orr) / 2.0), int((shape[1] - oc) / 2.0)
        want = []
        for b, c, i, j in itertools.product(range(nb), range(nd), range(orr), range(oc)):
            ai = int((i + oi) * ir / shape[0])  # C's truncating division
            aj = int((j + oj) * ic / shape[1])
            inside = 0 <= ai < ir and 0 <= aj < ic
            want.append(float(src[((b * nd + c) * ir + ai) * ic + aj]) if inside else -100.0)
        assert zoom(src, dims, shape) == want


def test_blind96_references_on_hand_checked_inputs():
    rng = np.random.default_rng(96)
    f32 = np.float32

    # cucim_pba_flood_up: one column, one band of 4 rows, pixels (x, y) = (10, 0), (11, 3),
    # (12, 9), (13, 3) from the top; swept upward: row 3 keeps its own (13, 3), rows 2 and 1
    # keep it (distances 1 < 7 and a tie 2 = 2), row 0 takes its own (0 < 3) by hand; random
    # maps against the source's per-column loop
    def flood(words, size, band, bands):
        return references.cucim_pba_flood_up({
            "input_words": np.asarray(words, np.int32), "size": size, "bandSize": band,
            "bands": bands,
            "output_words": np.full(len(words), -5, np.int32)})["output_words"].tolist()

    def word(x, y):
        return int(np.uint32((y & 0xFFFF) << 16 | (x & 0xFFFF)).view(np.int32))

    got = flood([word(10, 0), word(11, 3), word(12, 9), word(13, 3)], 1, 4, 1)
    assert got == [word(10, 0), word(13, 3), word(13, 3), word(13, 3)]
    for size, band, bands in ((7, 3, 2), (5, 5, 1)):
        xs = rng.integers(-32768, 32768, (band * bands, size))
        ys = rng.integers(-3, band * bands + 3, (band * bands, size))
        ys[0, 0] = -32768  # a MARKER row: never nearer than a real site
        words = [word(int(x), int(y))
                 for x, y in zip(xs.reshape(-1), ys.reshape(-1), strict=True)]
        want = list(words)
        for tx, b in itertools.product(range(size), range(bands)):
            ty = (b + 1) * band - 1
            cur, cur_y = word(-32768, -32768), -32768
            for i in range(band):
                at = (ty - i) * size + tx
                if abs(int(ys.reshape(-1)[at]) - ty + i) < abs(cur_y - ty + i):
                    cur, cur_y = words[at], int(ys.reshape(-1)[at])
                want[at] = cur
        assert flood(words, size, band, bands) == want

    # bm3d_get_block: a 4 x 4 image of bytes 0..15, k 2, one similar patch at (+1, -1)
    # (ushort 0xFF01): the reference patch at (1, 1) gives (5, 6, 9, 10) and the similar one
    # (2, 3, 6, 7); with stacks_dim.x 1 and p 3 the patch is pulled back to column 0: (4, 5,
    # 8, 9) and (1, 2, 5, 6); starting at column 3 it is skipped; a group count of 0 leaves
    # layer 1 by hand; random batches against the source's per-block loop
    def gather(image, pitch, stacks, num, start, dims, k, nm, p):
        return references.bm3d_get_block({
            "start_x": start[0], "start_y": start[1], "pitch": pitch, "k": k, "N": nm, "p": p,
            "image_words": np.asarray(image, np.uint8).view(np.uint32),
            "stacks_words": np.asarray(list(stacks) + [0] * (len(stacks) % 2),
                                       np.uint16).view(np.uint32),
            "g_num_patches_in_stack": np.asarray(num, np.uint32), "stacks_dim_x": dims[0],
            "stacks_dim_y": dims[1],
            "patch_stack": np.full(np.size(num) * (nm + 1) * k * k, -7, f32)})[
                "patch_stack"].tolist()

    image = np.arange(16)
    assert gather(image, 4, [0xFF01, 0], [[1]], (1, 1), (3, 3), 2, 1, 1) == [
        5, 6, 9, 10, 2, 3, 6, 7]
    assert gather(image, 4, [0xFF01, 0], [[1]], (1, 1), (1, 3), 2, 1, 3) == [
        4, 5, 8, 9, 1, 2, 5, 6]
    assert gather(image, 4, [0xFF01, 0], [[1]], (3, 1), (1, 3), 2, 1, 3) == [-7] * 8
    assert gather(image, 4, [0xFF01, 0], [[0]], (1, 1), (3, 3), 2, 1, 1) == [
        5, 6, 9, 10, -7, -7, -7, -7]
    for gx, gy, k, nm, p, dims in ((3, 2, 2, 3, 2, (13, 12)), (2, 3, 3, 2, 3, (14, 13))):
        w, h = 24, 22
        image = rng.integers(0, 256, w * h)
        stacks = rng.integers(-3, 4, (gy * gx * nm + 1, 2))
        zs = [(int(dy) & 0xFF) << 8 | (int(dx) & 0xFF) for dx, dy in stacks]
        num = rng.integers(0, nm + 1, (gy, gx))
        want = [-7.0] * (gx * gy * (nm + 1) * k * k)
        for by, bx in itertools.product(range(gy), range(gx)):
            ox, oy = 5 + bx * p, 5 + by * p
            oy = dims[1] - 1 if dims[1] <= oy < dims[1] + p - 1 else oy
            ox = dims[0] - 1 if dims[0] <= ox < dims[0] + p - 1 else ox
            if ox >= dims[0] or oy >= dims[1]:
                continue
            g = by * gx + bx
            for layer, ty, tx in itertools.product(range(int(num[by, bx]) + 1), range(k),
                                                    range(k)):
                dx, dy = (0, 0) if layer == 0 else stacks[g * nm + layer - 1]
                want[(g * (nm + 1) + layer) * k * k + ty * k + tx] = float(
                    image[(oy + int(dy) + ty) * w + ox + int(dx) + tx])
        assert gather(image, w, zs, num, (5, 5), dims, k, nm, p) == want

    # dpvo_corr_forward: one 1 x 1 patch, radius 0 (D 2), 8 channels, fmap1 (1..8) and
    # fmap2[c][i][j] = 10 i + j + c on a 2 x 2 map: at (0, 0) the window sums are 36 (10 ii +
    # jj) + 168 = (168, 204 | 528, 564); at x = 1 the right column is off the map: (204, 0 |
    # 564, 0) by hand; random edges against the source's per-thread loop
    def corr(f1, f2, xy, us, vs, dims, r):
        nb, nm, h, w, c, npch, nf, h2, w2 = dims
        d = 2 * r + 2
        return references.dpvo_corr_forward({
            "R": r, "B": nb, "M": nm, "H": h, "W": w, "C": c, "NP": npch, "NF": nf, "H2": h2,
            "W2": w2, "fmap1": np.asarray(f1, f32), "fmap2": np.asarray(f2, f32),
            "coords": np.asarray(xy, f32), "us": np.asarray(us, np.int64),
            "vs": np.asarray(vs, np.int64),
            "corr": np.full(nb * nm * d * d * h * w, -7, f32)})["corr"].tolist()

    f2 = [10 * i + j + c for c in range(8) for i in range(2) for j in range(2)]
    dims = (1, 1, 1, 1, 8, 1, 1, 2, 2)
    assert corr(range(1, 9), f2, [0, 0], [0], [0], dims, 0) == [168, 204, 528, 564]
    assert corr(range(1, 9), f2, [1, 0], [0], [0], dims, 0) == [204, 0, 564, 0]
    for dims, r in (((2, 3, 2, 3, 8, 4, 3, 5, 6), 1), ((1, 2, 3, 2, 16, 2, 2, 4, 3), 2)):
        nb, nm, h, w, c, npch, nf, h2, w2 = dims
        d = 2 * r + 2
        f1 = rng.integers(-8, 8, nb * npch * c * h * w)
        f2 = rng.integers(-8, 8, nb * nf * c * h2 * w2)
        xy = rng.integers(-3, max(h2, w2) + 2, nb * nm * 2 * h * w)
        us, vs = rng.integers(0, npch, nm), rng.integers(0, nf, nm)
        want = [0.0] * (nb * nm * d * d * h * w)
        for n in range(nb * nm * h * w * d * d):
            jj, ii = n % d, n // d % d
            j0, i0 = n // d // d % w, n // d // d // w % h
            m, b = n // (d * d * h * w) % nm, n // (d * d * h * w * nm)
            x = int(xy[((b * nm + m) * 2 + 0) * h * w + i0 * w + j0])
            y = int(xy[((b * nm + m) * 2 + 1) * h * w + i0 * w + j0])
            i1, j1 = y + ii - r, x + jj - r
            s = 0
            if 0 <= i1 < h2 and 0 <= j1 < w2:
                for ch in range(c):
                    s += int(f1[((b * npch + us[m]) * c + ch) * h * w + i0 * w + j0]) * int(
                        f2[((b * nf + vs[m]) * c + ch) * h2 * w2 + i1 * w2 + j1])
            want[(((b * nm + m) * d + ii) * d + jj) * h * w + i0 * w + j0] = float(s)
        assert corr(f1, f2, xy, us, vs, dims, r) == want

    # flashinfer_pack_bits: the low bits of bytes (3, 2, 1, 5, 0, 4, 6, 7 | 255, 1) are the
    # flags 1011 0001 | 11: big-endian bytes 177 and 192 (the tail padded with 0s), little-
    # endian 141 and 3, the output's later bytes left by hand; random masks against the loop
    def pack(flags, n, order):
        words = np.zeros(-(-len(flags) // 4) * 4, np.uint8)
        words[: len(flags)] = flags
        out = np.full(-(-n // 32) * 4, 0xAA, np.uint8)
        return references.flashinfer_pack_bits({
            "input_words": words.view(np.uint32), "num_elements": n, "bitorder": order,
            "output_words": out.view(np.uint32)})["output_words"].view(np.uint8).tolist()

    flags = [3, 2, 1, 5, 0, 4, 6, 7, 255, 1]
    assert pack(flags, 10, 0) == [177, 192, 0xAA, 0xAA]
    assert pack(flags, 10, 1) == [141, 3, 0xAA, 0xAA]
    for n, order in ((61, 0), (77, 1)):
        flags = rng.integers(0, 256, n)
        want = []
        for t in range(-(-n // 8)):
            bits = [int(flags[8 * t + j]) & 1 if 8 * t + j < n else 0 for j in range(8)]
            want.append(sum(bit << (7 - j if order == 0 else j) for j, bit in enumerate(bits)))
        got = pack(flags, n, order)
        assert got[: len(want)] == want and got[len(want):] == [0xAA] * (len(got) - len(want))

    # internimage_dcnv3_im2col: a 1 x 2 map (5, 7), one group of one channel, a 1 x 1 kernel
    # at offset_scale 0.5: pixel 0 displaced by (w 1, h 0) samples column 0.5, (5 + 7) / 2 = 6,
    # times mask 2 = 12; pixel 1 by (-1, -1) samples (-0.5, 0.5), the top corners off the map:
    # (5 + 7) / 4 = 3, times mask 1 = 3 by hand; random maps against the source's loop
    def dcn(im, off, mask, dims, scale=0.5):
        nb, h, w, g, gc, k, st, pad, dil, rc = dims
        ho = (h + 2 * pad - (dil * (k - 1) + 1)) // st + 1
        wo = (w + 2 * pad - (dil * (k - 1) + 1)) // st + 1
        nk = nb * ho * wo * g * gc
        return references.internimage_dcnv3_im2col({
            "num_kernels": nk, "data_im": np.asarray(im, f32),
            "data_offset": np.asarray(off, f32), "data_mask": np.asarray(mask, f32),
            "data_col": np.full(nk, -7, f32), "kernel_h": k, "kernel_w": k, "stride_h": st,
            "stride_w": st, "pad_h": pad, "pad_w": pad, "dilation_h": dil, "dilation_w": dil,
            "group": g, "group_channels": gc, "height_in": h, "width_in": w, "height_out": ho,
            "width_out": wo, "offset_scale": scale, "remove_center": rc})["data_col"].tolist()

    assert dcn([5, 7], [1, 0, -1, -1], [2, 1], (1, 1, 2, 1, 1, 1, 1, 0, 1, 0)) == [12, 3]
    for dims in ((2, 5, 6, 2, 3, 3, 1, 1, 1, 0), (1, 6, 5, 3, 2, 3, 2, 2, 2, 1)):
        nb, h, w, g, gc, k, st, pad, dil, rc = dims
        ho = (h + 2 * pad - (dil * (k - 1) + 1)) // st + 1
        wo = (w + 2 * pad - (dil * (k - 1) + 1)) // st + 1
        ks = k * k - rc
        im = rng.integers(-8, 8, nb * h * w * g * gc)
        off = rng.integers(-3, 3, nb * ho * wo * g * ks * 2)
        mask = rng.integers(-4, 4, nb * ho * wo * g * ks)
        want = []
        for index in range(nb * ho * wo * g * gc):
            c, si = index % gc, index // gc
            gi, wq = si % g, si // g % wo
            hq, b = si // g // wo % ho, si // g // wo // ho
            cen = (dil * (k - 1)) >> 1
            p0w, p0h = cen - pad + wq * st - cen * 0.5, cen - pad + hq * st - cen * 0.5
            col, pt = 0.0, si * ks
            for i, j in itertools.product(range(k), range(k)):
                if i == k // 2 and j == k // 2 and rc:
                    continue
                lw = p0w + (i * dil + off[2 * pt]) * 0.5
                lh = p0h + (j * dil + off[2 * pt + 1]) * 0.5
                if -1 < lh < h and -1 < lw < w:
                    hl, wl = math.floor(lh), math.floor(lw)
                    val = 0.0
                    for yy, xx in itertools.product((hl, hl + 1), (wl, wl + 1)):
                        if 0 <= yy < h and 0 <= xx < w:
                            wt = (1 - abs(lh - yy)) * (1 - abs(lw - xx))
                            val += wt * int(im[((b * h + yy) * w + xx) * g * gc + gi * gc + c])
                    col += val * int(mask[pt])
                pt += 1
            want.append(col)
        assert dcn(im, off, mask, dims) == want

    # chainer_max_pool_bwd: a 3 x 3 plane, 2 x 2 windows at stride 1: windows (0, 0) and (0, 1)
    # both pick pixel (1, 1) (indexes 3 and 2), (1, 0) picks (1, 0), (1, 1) picks (2, 2):
    # gx (0, 0, 0 | 3, 3, 0 | 0, 0, 4) from gy (1, 2, 3, 4); a 2 x 2 plane with pad 1 and
    # stride 2 (cover_all: 2 x 2 windows) keeps only the window that picks a real pixel: 8 at
    # (1, 1) by hand; random planes against the source's per-pixel loop
    def unpool(gy, idx, dims):
        nc, h, w, k, s, p = dims
        oh, ow = (h + 2 * p - k + s - 1) // s + 1, (w + 2 * p - k + s - 1) // s + 1
        return references.chainer_max_pool_bwd({
            "gy": np.asarray(gy, f32), "indexes": np.asarray(idx, np.int32),
            "gx": np.full(nc * h * w, -7, f32), "n": nc, "h": h, "w": w, "out_h": oh,
            "out_w": ow, "kh": k, "kw": k, "sy": s, "sx": s, "ph": p, "pw": p})["gx"].tolist()

    assert unpool([1, 2, 3, 4], [3, 2, 0, 3], (1, 3, 3, 2, 1, 0)) == [0, 0, 0, 3, 3, 0, 0, 0, 4]
    assert unpool([5, 6, 7, 8], [0, 3, 3, 0], (1, 2, 2, 2, 2, 1)) == [0, 0, 0, 8]
    for dims in ((2, 7, 9, 3, 2, 1), (3, 6, 5, 2, 1, 0)):
        nc, h, w, k, s, p = dims
        oh, ow = (h + 2 * p - k + s - 1) // s + 1, (w + 2 * p - k + s - 1) // s + 1
        gy = rng.integers(-8, 8, nc * oh * ow)
        idx = rng.integers(0, k * k, nc * oh * ow)
        want = []
        for i in range(nc * h * w):
            c0, y, x = i // (h * w), i // w % h + p, i % w + p
            val = 0
            for oy in range(max(0, int((y - k + s) / s)), min(oh, (y + s) // s)):
                for ox in range(max(0, int((x - k + s) / s)), min(ow, (x + s) // s)):
                    off = ox + ow * (oy + oh * c0)
                    if idx[off] == (x - ox * s) + k * (y - oy * s):
                        val += int(gy[off])
            want.append(float(val))
        assert unpool(gy, idx, dims) == want


def test_blind97_references_on_hand_checked_inputs():
    rng = np.random.default_rng(97)

    # sgm_csct_census: a lone pixel compares only zero padding (every one of the 31 bits set);
    # a 1 x 2 pair (5, 9) and (0, 3): bit 30 compares the left neighbour (column m = 3 of the
    # centre row) against the right one, clear at column 0 (0 >= 9 and 0 >= 3 false), set at
    # column 1; random images against the source's window loops
    def census(img, img2, rows, cols):
        def words(a):
            b = np.zeros(-(-rows * cols // 4) * 4, np.uint8)
            b[: rows * cols] = np.asarray(a).reshape(-1)
            return b.view("<u4").astype(np.uint32)

        got = references.sgm_csct_census({
            "im_words": words(img), "im2_words": words(img2),
            "transform": np.full(rows * cols, 7, np.uint32),
            "transform2": np.full(rows * cols, 7, np.uint32), "rows": rows, "cols": cols})
        return got["transform"].tolist(), got["transform2"].tolist()

    assert census([200], [0], 1, 1) == ([2**31 - 1], [2**31 - 1])
    assert census([5, 9], [0, 3], 1, 2) == ([2**30 - 1, 2**31 - 1], [2**30 - 1, 2**31 - 1])
    for rows, cols in ((5, 11), (9, 4), (13, 17)):
        img = rng.integers(0, 4, (rows, cols))  # few levels: many ties (>= counts them)
        img2 = rng.integers(0, 256, (rows, cols))
        want = []
        for im in (img, img2):
            codes = []
            pad = np.zeros((rows + 6, cols + 8), np.int64)  # zero outside the image
            pad[3: 3 + rows, 4: 4 + cols] = im
            for y, x in itertools.product(range(rows), range(cols)):
                code = 0
                for k in range(4):
                    for m in range(9 if k < 3 else 4):
                        # (y - 3 + k, x - 4 + m) against (y + 3 - k, x + 4 - m)
                        if pad[y + k, x + m] >= pad[y + 6 - k, x + 8 - m]:
                            code |= 1 << (k * 9 + m)
                codes.append(code)
            want.append(codes)
        assert census(img, img2, rows, cols) == tuple(want)

    # ocnn_octree2col: one parent of 8 nodes, a 1-tap kernel with ni reversing the octants
    # (node h reads neigh[7 - h]), neighbours (3, -1, 0, 7, 2, 2, 5, 1) and channels 10..17,
    # 20..27: columns (11, 15, 12, 12, 17, 10, 0, 13) and (21, ..., 0, 23); the chunk n = 1 of
    # height_col 5 (nodes 5..9, the last two past the level: 0); a stride-2 pair of taps
    # (slots 5 and 9 of node 0's 64); random octrees against the source's loop
    def octree2col(feats, height, kdim, stride, neigh, ni, hcol, n, chans):
        total = chans * kdim * hcol
        return references.ocnn_octree2col({
            "data_col": np.full(total, -7, np.float32),
            "data_octree": np.asarray(feats, np.float32), "height": height,
            "kernel_dim": kdim, "stride": stride, "neigh": np.asarray(neigh, np.int32),
            "ni": np.asarray(ni, np.int32), "height_col": hcol, "n": n,
            "thread_num": total})["data_col"].tolist()

    feats = list(range(10, 18)) + list(range(20, 28))
    neigh = [3, -1, 0, 7, 2, 2, 5, 1] + [-1] * 56
    ni = [7, 6, 5, 4, 3, 2, 1, 0]
    assert octree2col(feats, 8, 1, 1, neigh, ni, 8, 0, 2) == [
        11, 15, 12, 12, 17, 10, 0, 13, 21, 25, 22, 22, 27, 20, 0, 23]
    assert octree2col(feats, 8, 1, 1, neigh, ni, 5, 1, 2) == [10, 0, 13, 0, 0, 20, 0, 23, 0, 0]
    neigh2 = [-1] * 64
    neigh2[5] = 3
    assert octree2col(list(range(8)) + list(range(100, 108)), 1, 2, 2, neigh2, [5, 9], 1, 0,
                      2) == [3, 0, 103, 0]
    for height, kdim, stride, wn, n, chans in ((24, 27, 1, 1, 0, 2), (16, 7, 1, 3, 2, 3),
                                               (5, 4, 2, 2, 1, 2)):
        hcol = -(-height // wn)
        octree_h = height << 3 * (stride - 1)
        feats = rng.integers(-64, 64, chans * octree_h)
        neigh = rng.integers(-1, octree_h, height * 8 ** stride)
        ni = rng.integers(0, 64, 8 * kdim if stride == 1 else kdim)
        want = []
        for i in range(chans * kdim * hcol):
            h1 = i % hcol + n * hcol
            if h1 >= height:
                want.append(0)
                continue
            k, c = i // hcol % kdim, i // hcol // kdim
            slot = (h1 << 6) + ni[k] if stride == 2 else (h1 >> 3 << 6) + ni[h1 % 8 * kdim + k]
            p = neigh[slot]
            want.append(0 if p == -1 else feats[c * octree_h + p])
        assert octree2col(feats, height, kdim, stride, neigh, ni, hcol, n, chans) == want


    # smesh_erode_depth: a 6 x 5 map (pitch 8) of depths 1..30 keeps only its two interior
    # pixels (2, 2) = 15 and (2, 3) = 16; a hole at (0, 0) erodes (2, 2) (its window holds
    # it) but not (2, 3); the padding columns untouched; random maps against the source's loop
    def erode(depth, w, h, pitch):
        rows = np.full((h, pitch), 7, np.uint16)
        rows[:, :w] = np.asarray(depth).reshape(h, w)
        got = references.smesh_erode_depth({
            "input_words": rows.reshape(-1).view("<u4").astype(np.uint32),
            "output_words": np.full(h * pitch, 7, np.uint16).view("<u4").astype(np.uint32),
            "width": w, "height": h, "pitch": pitch})["output_words"]
        return got.astype("<u4").view("<u2").reshape(h, pitch).tolist()

    depth = np.arange(1, 31).reshape(5, 6)
    want = [[0] * 6 + [7, 7] for _ in range(5)]
    want[2][2], want[2][3] = 15, 16
    assert erode(depth, 6, 5, 8) == want
    depth[0, 0] = 0
    want[2][2] = 0
    assert erode(depth, 6, 5, 8) == want
    for w, h, pitch in ((9, 7, 10), (5, 12, 6), (4, 3, 4)):
        depth = rng.integers(0, 6, (h, w))  # a sixth of the depths invalid
        got = erode(depth, w, h, pitch)
        for y, x in itertools.product(range(h), range(w)):
            if x < 2 or y < 2 or x >= w - 2 or y >= h - 2:
                assert got[y][x] == 0
                continue
            ok = all(depth[sy, sx] != 0 for sy in range(y - 2, y + 3) for sx in range(x - 2, x + 3))
            assert got[y][x] == (depth[y, x] if ok else 0)
        assert all(row[w:] == [7] * (pitch - w) for row in got)

    # qta_score_data: one parent, child 0's heads (1, 2) and (3, 4), the other children zero;
    # keys (1, 0 | 0, 1), (10, 100 | 5, 5), (-1, -1 | 2, 3); candidates (1, 2) and (0, 1) by
    # head: child 0's logits (1 10 + 2 100, 3 2 + 4 3 | 1, 3 5 + 4 5) = (210, 18 | 1, 35);
    # random levels against the source's loops
    def score_data(q, key, idx, b, n1, n2, heads, dim, kk):
        return references.qta_score_data({
            "query": np.asarray(q, np.float32), "key": np.asarray(key, np.float32),
            "index": np.asarray(idx, np.int64),
            "output": np.full(b * n1 * 4 * kk * heads, -7, np.float32), "N1": n1, "N2": n2,
            "H": heads, "D": dim, "K": kk})["output"].tolist()

    q = [1, 2, 3, 4] + [0] * 12
    key = [1, 0, 0, 1, 10, 100, 5, 5, -1, -1, 2, 3]
    assert score_data(q, key, [1, 2, 0, 1], 1, 1, 3, 2, 2, 2) == [210, 18, 1, 35] + [0] * 12
    for b, n1, n2, heads, dim, kk in ((2, 3, 5, 2, 3, 4), (1, 2, 7, 3, 1, 5)):
        q = rng.integers(-8, 8, (b, n1, 4, heads, dim))
        key = rng.integers(-8, 8, (b, n2, heads, dim))
        idx = rng.integers(0, n2, (b, n1, kk, heads))
        want = []
        for bb, nn, f, k, h in itertools.product(range(b), range(n1), range(4), range(kk),
                                                 range(heads)):
            want.append(sum(int(q[bb, nn, f, h, d]) * int(key[bb, idx[bb, nn, k, h], h, d])
                            for d in range(dim)))
        assert score_data(q, key, idx, b, n1, n2, heads, dim, kk) == want

    # stixels_join_columns: rows (100, 1, 2, 3, 4, 5, 6) and (100, 10, 20, 30, 40, 50, 61) with
    # a margin of 1 and steps of 3: means (2, 5) and (20, 151 / 3), stored column by column
    # bottom row first: (20, 2 | 151 / 3 in float32, 5); random maps against the source's loop
    def join(disp, rows, cols, step, margin):
        rc = (cols - margin) // step
        return references.stixels_join_columns({
            "d_disparity": np.asarray(disp, np.float32),
            "d_out": np.full(rc * rows, -7, np.float32), "step_size": step,
            "width_margin": margin, "rows": rows, "cols": cols,
            "real_cols": rc})["d_out"].tolist()

    got = join([100, 1, 2, 3, 4, 5, 6, 100, 10, 20, 30, 40, 50, 61], 2, 7, 3, 1)
    assert got == [20, 2, float(np.float32(151) / np.float32(3)), 5]
    for rows, cols, step, margin in ((5, 17, 5, 0), (3, 11, 2, 3), (4, 9, 1, 0)):
        disp = rng.integers(0, 128, (rows, cols))
        rc = (cols - margin) // step
        want = [0.0] * (rc * rows)
        for row, col in itertools.product(range(rows), range(rc)):
            total = np.float32(0)
            for i in range(step):
                total = np.float32(total + np.float32(disp[row, col * step + i + margin]))
            want[col * rows + rows - row - 1] = float(total / np.float32(step))
        assert join(disp, rows, cols, step, margin) == want

    # xfm_sparse_mask_matmul: a = ((1, 2), (3, 4)), ((5, 6), (7, 8)); b's columns (1, 2), (10,
    # 20), (100, 200) and (-1, 1), (0, 1), (1, 1); nonzeros (0, 1, 2), (1, 0, 0), (0, 0, 1):
    # 3 100 + 4 200, 5 (-1) + 6, 1 10 + 2 20 = (1100, 1, 50); random masks against the source's
    # loop
    def masked(a, b, idx, m, n, kk):
        idx = np.asarray(idx, np.int64).reshape(3, -1)
        nnz = idx.shape[1]
        return references.xfm_sparse_mask_matmul({
            "output": np.full(nnz, -7, np.float32), "a": np.asarray(a, np.float32),
            "b": np.asarray(b, np.float32), "idx0": idx[0], "idx1": idx[1], "idx2": idx[2],
            "nnz": nnz, "M": m, "N": n, "K": kk})["output"].tolist()

    a = [1, 2, 3, 4, 5, 6, 7, 8]
    b = [1, 10, 100, 2, 20, 200, -1, 0, 1, 1, 1, 1]
    assert masked(a, b, [0, 1, 0, 1, 0, 0, 2, 0, 1], 2, 3, 2) == [1100, 1, 50]
    for bsz, m, n, kk, nnz in ((3, 4, 5, 6, 40), (1, 7, 2, 3, 9)):
        a = rng.integers(-8, 8, (bsz, m, kk))
        b = rng.integers(-8, 8, (bsz, kk, n))
        idx = [rng.integers(0, bsz, nnz), rng.integers(0, m, nnz), rng.integers(0, n, nnz)]
        want = [sum(int(a[idx[0][i], idx[1][i], k]) * int(b[idx[0][i], k, idx[2][i]])
                    for k in range(kk)) for i in range(nnz)]
        assert masked(a, b, idx, m, n, kk) == want


def test_blind98_references_on_hand_checked_inputs():
    rng = np.random.default_rng(98)
    f32 = np.float32

    # taco2_parse_decoder: one utterance, 2 mel channels and the gate, frames (1, 2, 3) and
    # (4, 5, 6): mel rows (1, 4 | 2, 5), gate (3, 6); random chunks against the source's loop
    def parse(src, nb, n, ch):
        got = references.taco2_parse_decoder({
            "matIn": np.asarray(src, f32), "matOut": np.full(nb * ch * n, -7, f32),
            "gateOut": np.full(nb * n, -7, f32), "batchSize": nb, "chunkSize": n,
            "numChannels": ch})
        return got["matOut"].tolist(), got["gateOut"].tolist()

    assert parse([1, 2, 3, 4, 5, 6], 1, 2, 2) == ([1, 4, 2, 5], [3, 6])
    nb, n, ch = 3, 7, 4
    src = rng.integers(-64, 64, n * nb * (ch + 1))
    mel, gate = parse(src, nb, n, ch)
    want_mel, want_gate = [None] * (nb * ch * n), [None] * (nb * n)
    ncols = nb * (ch + 1)
    for y in range(n):
        for x in range(ncols):
            if x % (ch + 1) != ch:
                want_mel[(x - x // (ch + 1)) * n + y] = src[y * ncols + x]
            else:
                want_gate[(x // (ch + 1)) * n + y] = src[y * ncols + x]
    assert mel == want_mel and gate == want_gate

    # cudamat_select_rows: rows (1, 2 | 3, 4 | 5, 6) selected by (2, -3, 0.5, 3): (5, 6 | 1, 2 |
    # 1, 2 | NaN, NaN) (0.5 truncated to row 0, 3 outside); random selections against the loop
    def select(src, idx, ns, nc):
        return references.cudamat_select_rows({
            "source": np.asarray(src, f32), "indices": np.asarray(idx, f32),
            "target": np.full(len(idx) * nc, -7, f32), "nRowIs": len(idx), "nCols": nc,
            "nSourceRows": ns})["target"]

    got = select([1, 2, 3, 4, 5, 6], [2, -3, 0.5, 3], 3, 2)
    assert got[:6].tolist() == [5, 6, 1, 2, 1, 2] and np.isnan(got[6:]).all()
    ns, nc, nr = 9, 5, 40
    src = rng.integers(-64, 64, ns * nc)
    idx = rng.integers(-ns - 2, ns + 2, nr)
    got = select(src, idx, ns, nc)
    for r in range(nr):
        s = int(idx[r])
        if s < 0:
            s += ns
        for c in range(nc):
            if 0 <= s < ns:
                assert got[r * nc + c] == src[s * nc + c]
            else:
                assert np.isnan(got[r * nc + c])

    # pytsparse_padded_scatter: slots (1, 2), (3, 4), (5, 6) to nodes 1, -1 (padding), 1 added
    # to 0.5: node 0 (0.5, 0.5), node 1 (6.5, 8.5); random slots against the source's loop
    def scatter(src, idx, start, nf):
        return references.pytsparse_padded_scatter({
            "src": np.asarray(src, f32), "index": np.asarray(idx, np.int64),
            "out": np.asarray(start, f32), "E": len(idx), "F": nf})["out"]

    got = scatter([1, 2, 3, 4, 5, 6], [1, -1, 1], [0.5] * 4, 2)
    assert got.tolist() == [0.5, 0.5, 6.5, 8.5]
    ne, nf, nn = 50, 3, 7
    src = rng.integers(-64, 64, ne * nf)
    idx = rng.integers(-1, nn, ne)
    start = rng.integers(-8, 8, nn * nf)
    got = scatter(src, idx, start, nf)
    want = [float(v) for v in start]
    for t in range(ne * nf):
        if idx[t // nf] != -1:
            want[idx[t // nf] * nf + t % nf] += float(src[t])
    assert got.tolist() == want

    # nvcomp_delta: (5, 7, 4, 9) with a count of 3: (5, 2, -3) and the fourth slot untouched;
    # random columns against the source's per-block staging (blocks of 7 values)
    def delta(src, num):
        return references.nvcomp_delta({
            "output": np.full(len(src), -7, np.int32), "input": np.asarray(src, np.int32),
            "numDevice": np.array([num], np.int64), "maxNum": len(src)})["output"].tolist()

    assert delta([5, 7, 4, 9], 3) == [5, 2, -3, -7]
    src = rng.integers(-2**30, 2**30, 40)
    want = [-7] * 40
    for start in range(0, 40, 7):
        if start >= 33:
            continue
        buf = [int(src[start - 1]) if start > 0 else 0]
        buf += [int(src[i]) for i in range(start, min(start + 7, 33))]
        for k in range(1, len(buf)):
            want[start + k - 1] = buf[k] - buf[k - 1]
    assert delta(src, 33) == want

    # chai_cedd_gaussian: a 3 x 3 frame of 16s around a 255: 1, 3, 4, 6, then 69 (69.75
    # truncated), 71, 72, 74, 75 at the centre, the ring kept; one of 15s: each step truncates
    # (0, 1, 1, 2, 5, 6, 6, 7, 7: 7, not 15); random frames against the source's loop
    def blur(frame, nr, nc):
        words = np.zeros(-(-nr * nc // 4), np.uint32)
        words.view(np.uint8)[: nr * nc] = np.asarray(frame, np.uint8)
        out = np.full(words.size, 0x09090909, np.uint32)
        got = references.chai_cedd_gaussian({"data_words": words, "out_words": out,
                                             "rows": nr, "cols": nc})["out_words"]
        return got.view(np.uint8)[: nr * nc].tolist()

    assert blur([16] * 4 + [255] + [16] * 4, 3, 3) == [9] * 4 + [75] + [9] * 4
    assert blur([15] * 9, 3, 3) == [9] * 4 + [7] + [9] * 4
    nr, nc = 6, 9
    frame = rng.integers(0, 256, nr * nc)
    got = blur(frame, nr, nc)
    gaus = ((0.0625, 0.125, 0.0625), (0.125, 0.25, 0.125), (0.0625, 0.125, 0.0625))
    for r in range(nr):
        for c in range(nc):
            if not (0 < r < nr - 1 and 0 < c < nc - 1):
                assert got[r * nc + c] == 9
                continue
            total = 0
            for i in range(3):
                for j in range(3):
                    total = int(total + gaus[i][j] * float(frame[(r + i - 1) * nc + c + j - 1]))
            assert got[r * nc + c] == min(255, max(0, total))

    # nnue_ft_forward: bias (1, 2), weight rows (10, 20 | 100, 200 | 1000, 2000), position 0's
    # slots (2, 0, -1, 1) with values (1, 3, 5, 7) stop at the -1: (1031, 2062); position 1's
    # (-1, ...) keep the bias; random lists against the source's loop
    def ft(idx, val, weight, bias, nk, no):
        nb = len(idx) // nk
        return references.nnue_ft_forward({
            "feature_indices": np.asarray(idx, np.int32), "feature_values": np.asarray(val, f32),
            "weight": np.asarray(weight, f32), "bias": np.asarray(bias, f32),
            "output": np.full(nb * no, -7, f32), "max_active_features": nk,
            "output_size": no})["output"].tolist()

    got = ft([2, 0, -1, 1, -1, 0, 1, 2], [1, 3, 5, 7] * 2, [10, 20, 100, 200, 1000, 2000],
             [1, 2], 4, 2)
    assert got == [1031, 2062, 1, 2]
    nb, nk, nin, no = 6, 8, 5, 3
    idx = rng.integers(-1, nin, nb * nk)
    val = rng.integers(-2, 3, nb * nk)
    weight = rng.integers(-64, 64, nin * no)
    bias = rng.integers(-64, 64, no)
    got = ft(idx, val, weight, bias, nk, no)
    for b in range(nb):
        acc = [float(v) for v in bias]
        for k in range(nk):
            if idx[b * nk + k] == -1:
                break
            for s in range(no):
                acc[s] += float(weight[idx[b * nk + k] * no + s]) * float(val[b * nk + k])
        assert got[b * no: (b + 1) * no] == acc


def test_blind99_references_on_hand_checked_inputs():
    rng = np.random.default_rng(99)

    # ebsynth_vote_plain: a 1 x 1 target, 3 x 3 patches, a 3 x 3 source of words with bytes
    # (index, 10, 1 at the last pixel only, 255): NNF (1, 1) reaches all nine source pixels:
    # (36 / 9, 90 / 9, 1 / 9, 255) = (4, 10, 0, 255) by hand; NNF (0, 0) reads columns and
    # rows (1, 0, 0) (clamped): byte 0 sums 12 -> 1 by hand; random fields against the
    # source's per-pixel loop with its clamped reads
    def vote(src, sw, sh, field, tw, th, patch):
        return references.ebsynth_vote_plain({
            "source": np.asarray(src, np.uint32), "nnf": np.asarray(field, np.int32),
            "target": np.full(tw * th, 7, np.uint32), "source_width": sw,
            "source_height": sh, "target_width": tw, "target_height": th,
            "patch_size": patch})["target"].tolist()

    src = [k | 10 << 8 | (k == 8) << 16 | 255 << 24 for k in range(9)]
    assert vote(src, 3, 3, [1, 1], 1, 1, 3) == [4 | 10 << 8 | 255 << 24]
    assert vote(src, 3, 3, [0, 0], 1, 1, 3) == [1 | 10 << 8 | 255 << 24]
    for sw, sh, tw, th, patch in ((7, 5, 6, 4, 3), (9, 11, 5, 7, 5)):
        src = rng.integers(0, 2**32, sw * sh, dtype=np.uint64)
        field = rng.integers(-1, min(sw, sh) + 1, 2 * tw * th)
        r = patch // 2
        want = []
        for y, x in itertools.product(range(th), range(tw)):
            sums = [0, 0, 0, 0]
            for py in range(-r, r + 1):
                for px in range(-r, r + 1):
                    at = min(max(y + py, 0), th - 1) * tw + min(max(x + px, 0), tw - 1)
                    sx = min(max(int(field[2 * at]) - px, 0), sw - 1)
                    sy = min(max(int(field[2 * at + 1]) - py, 0), sh - 1)
                    for k in range(4):
                        sums[k] += int(src[sy * sw + sx]) >> (8 * k) & 0xFF
            want.append(sum(int(np.float32(s) / np.float32(patch * patch)) << (8 * k)
                            for k, s in enumerate(sums)))
        assert vote(src, sw, sh, field, tw, th, patch) == want

    # lmcache_load_reshape_flash: one head of 2 words, blocks of 2 slots, key words 0..7 and
    # value words 100..107; tokens at slots (3, -1): token 0 from block 1, offset 1: keys
    # (6, 7) and values (106, 107), token 1 (padding) untouched by hand; random slot mappings
    # against the source's per-token loop
    def kv_store(kc, vc, slots, dims, layer, layers, fill=-5):
        nh, hw, bs = dims
        n, nt = nh * hw, len(slots)
        return references.lmcache_load_reshape_flash({
            "key_value": np.full(2 * layers * nt * n, fill, np.int64),
            "key_cache": np.asarray(kc, np.int64), "value_cache": np.asarray(vc, np.int64),
            "slot_mapping": np.asarray(slots, np.int64), "block_stride_in_64bit": bs * n,
            "key_value_stride": n, "num_heads": nh, "head_size_in_64bit": hw,
            "block_size": bs, "key_layer_offset": layer * nt * n,
            "value_layer_offset": (layer + layers) * nt * n})["key_value"].tolist()

    assert kv_store(range(8), range(100, 108), [3, -1], (1, 2, 2), 0, 1) == [
        6, 7, -5, -5, 106, 107, -5, -5]
    for (nh, hw, bs), nblk, nt, layer, layers in (((2, 3, 4), 3, 7, 1, 2), ((1, 4, 2), 5, 9, 0, 3)):
        n = nh * hw
        kc = rng.integers(-2**40, 2**40, nblk * bs * n)
        vc = rng.integers(-2**40, 2**40, nblk * bs * n)
        slots = rng.integers(-1, nblk * bs, nt)
        want = [-5] * (2 * layers * nt * n)
        for t, s_ in enumerate(slots):
            if s_ < 0:
                continue
            for i in range(n):
                src = (s_ // bs) * bs * n + (s_ % bs) * n + (i // hw) * hw + i % hw
                want[layer * nt * n + t * n + i] = int(kc[src])
                want[(layer + layers) * nt * n + t * n + i] = int(vc[src])
        assert kv_store(kc, vc, slots, (nh, hw, bs), layer, layers) == want

    # fasttf_sparse_avg_bwd: one query, two keys with values (1, 2) and (3, 4), grad_out
    # (10, 100), top-k (1, 1) with weights (2, 3): grad_weights (430, 430), key 1's gradient
    # (2 + 3) (10, 100) = (50, 500) added to (1, 1), key 0's left, by hand; random problems
    # against the source's per-entry loops
    def sparse_bwd(dims, wts, vals, topk, grad, gv0):
        nb, nh, nl, ns, ne, nk = dims
        got = references.fasttf_sparse_avg_bwd({
            "N": nb, "H": nh, "L": nl, "S": ns, "E": ne, "k": nk,
            "weights": np.asarray(wts, np.float32), "values": np.asarray(vals, np.float32),
            "topk": np.asarray(topk, np.int64), "grad_out": np.asarray(grad, np.float32),
            "grad_weights": np.full(nb * nh * nl * nk, -7, np.float32),
            "grad_values": np.asarray(gv0, np.float32)})
        return got["grad_weights"].tolist(), got["grad_values"].tolist()

    assert sparse_bwd((1, 1, 1, 2, 2, 2), [2, 3], [1, 2, 3, 4], [1, 1], [10, 100],
                      [0, 0, 1, 1]) == ([430, 430], [0, 0, 51, 501])
    for dims in ((2, 3, 4, 5, 3, 2), (1, 2, 3, 7, 6, 4)):
        nb, nh, nl, ns, ne, nk = dims
        wts = rng.integers(-2, 2, nb * nh * nl * nk)
        vals = rng.integers(-2, 2, nb * nh * ns * ne)
        topk = rng.integers(0, ns, nb * nh * nl * nk)
        grad = rng.integers(-2, 2, nb * nh * nl * ne)
        gv0 = rng.integers(-8, 8, nb * nh * ns * ne)
        want_w, want_v = [], [float(v) for v in gv0]
        for full in range(nb * nh * nl * nk):
            n, h = full // (nh * nl * nk), full // (nl * nk) % nh
            q = full // nk  # (n, h, l) flattened
            key = (n * nh + h) * ns + int(topk[full])
            want_w.append(float(sum(int(vals[key * ne + e]) * int(grad[q * ne + e])
                                    for e in range(ne))))
            for e in range(ne):
                want_v[key * ne + e] += float(wts[full]) * float(grad[q * ne + e])
        assert sparse_bwd(dims, wts, vals, topk, grad, gv0) == (want_w, want_v)

    # dfdx_avgpool_bwd: a 2 x 2 stride-2 pool of a 4 x 4 image with output gradients (1, 2 |
    # 3, 4): each input pixel its window's gradient / 4, added to 1, by hand; a 2 x 2 stride-1
    # pool of a 2 x 3 image with gradients (4, 8): (1, 3, 2) in both rows by hand; random
    # problems against the source's per-pixel loop with its divisibility tests
    def pool_bwd(grad, gin, dims, k, s, p):
        nb, nc, hi, wi = dims
        ho, wo = (hi + 2 * p - k) // s + 1, (wi + 2 * p - k) // s + 1
        return references.dfdx_avgpool_bwd({
            "kernel": k, "stride": s, "padding": p, "batch": nb, "chan": nc, "h_in": hi,
            "h_out": ho, "w_in": wi, "w_out": wo, "out_s0": nc * ho * wo, "out_s1": ho * wo,
            "out_s2": wo, "out_s3": 1, "grad_out": np.asarray(grad, np.float32),
            "grad_inp": np.asarray(gin, np.float32)})["grad_inp"].tolist()

    assert pool_bwd([1, 2, 3, 4], [1] * 16, (1, 1, 4, 4), 2, 2, 0) == [
        1.25, 1.25, 1.5, 1.5, 1.25, 1.25, 1.5, 1.5, 1.75, 1.75, 2, 2, 1.75, 1.75, 2, 2]
    assert pool_bwd([4, 8], [0] * 6, (1, 1, 2, 3), 2, 1, 0) == [1, 3, 2, 1, 3, 2]
    for dims, k, s, p in (((2, 3, 7, 6), 4, 3, 1), ((1, 2, 5, 9), 2, 1, 1)):
        nb, nc, hi, wi = dims
        ho, wo = (hi + 2 * p - k) // s + 1, (wi + 2 * p - k) // s + 1
        grad = rng.integers(-8, 8, nb * nc * ho * wo)
        gin = rng.integers(-8, 8, nb * nc * hi * wi)
        want = []
        for i in range(nb * nc * hi * wi):
            x, y, c, b = i % wi, i // wi % hi, i // (wi * hi) % nc, i // (wi * hi * nc)
            tmp = 0
            for k1, k2 in itertools.product(range(k), range(k)):
                oh, ow = y + p - k1, x + p - k2
                if oh < 0 or oh % s or oh // s >= ho or ow < 0 or ow % s or ow // s >= wo:
                    continue
                tmp += int(grad[((b * nc + c) * ho + oh // s) * wo + ow // s])
            want.append(float(gin[i]) + tmp / (k * k))
        assert pool_bwd(grad, gin, dims, k, s, p) == want

    # adacof_update_output: a 1 x 1 window (F 1) over the 2 x 2 frame (1, 2 | 3, 4) with weight
    # 2: offsets (1, 0) read the row below, clamped: (6, 8 | 6, 8); (-1, 1): row 0 and column
    # 1: (4, 4 | 4, 4); a half offset (0.5, 0) with weight 1 blends the rows: (2, 3 | 3, 4) by
    # hand; random problems against the source's per-output loop
    def adacof(src, wt, oi, oj, dims, f, d):
        nb, nc, oh, ow = dims
        return references.adacof_update_output({
            "n": nb * nc * oh * ow, "input": np.asarray(src, np.float32),
            "weight": np.asarray(wt, np.float32), "offset_i": np.asarray(oi, np.float32),
            "offset_j": np.asarray(oj, np.float32), "output": np.full(nb * nc * oh * ow, -7.0),
            "channels": nc, "in_h": oh + (f - 1) * d, "in_w": ow + (f - 1) * d, "out_h": oh,
            "out_w": ow, "f_size": f, "dilation": d})["output"].tolist()

    frame = [1, 2, 3, 4]
    assert adacof(frame, [2] * 4, [1] * 4, [0] * 4, (1, 1, 2, 2), 1, 1) == [6, 8, 6, 8]
    assert adacof(frame, [2] * 4, [-1] * 4, [1] * 4, (1, 1, 2, 2), 1, 1) == [4, 4, 4, 4]
    assert adacof(frame, [1] * 4, [0.5] * 4, [0] * 4, (1, 1, 2, 2), 1, 1) == [2, 3, 3, 4]
    for dims, f, d in (((2, 3, 4, 5), 3, 1), ((1, 2, 3, 6), 2, 2)):
        nb, nc, oh, ow = dims
        ih, iw = oh + (f - 1) * d, ow + (f - 1) * d
        src = rng.integers(-64, 64, nb * nc * ih * iw)
        wt, oi, oj = (rng.integers(lo, hi, nb * f * f * oh * ow)
                      for lo, hi in ((-8, 8), (-4, 4), (-4, 4)))
        want = []
        for b, c, i, j in itertools.product(range(nb), range(nc), range(oh), range(ow)):
            acc = 0
            for k, m in itertools.product(range(f), range(f)):
                t = ((b * f * f + k * f + m) * oh + i) * ow + j
                r = min(max(i + k * d + int(oi[t]), 0), ih - 1)
                q = min(max(j + m * d + int(oj[t]), 0), iw - 1)
                acc += int(wt[t]) * int(src[((b * nc + c) * ih + r) * iw + q])
            want.append(float(acc))
        assert adacof(src, wt, oi, oj, dims, f, d) == want

    # jrclust_cuda_rho: one feature, spikes (0, 1, 5) with time orders (0, 10, 1), dn_max 5,
    # dc2 1: spike 0 compares with itself and spike 2 and finds itself: 1 / 2; spike 1 only
    # itself: 1; with fDc_spk the cut-offs are dc2 |f|^2 = 0 and 1 (strict): (0, 1); spike 0
    # with dn_max 9 compares with all three, finds two: float32(2 / 3) by hand; random sites
    # against the source's per-spike loop
    def rho(fet, order, n1, nc, dn, dc2, spk=0):
        return references.jrclust_cuda_rho({
            "vrRho1": np.full(n1, -7, np.float32), "mrFet12": np.asarray(fet, np.float32),
            "viiSpk12_ord": np.asarray(order, np.int32), "n1": n1, "n12": len(order),
            "nC": nc, "dn_max": dn, "fDc_spk": spk, "dc2": dc2})["vrRho1"].tolist()

    assert rho([0, 1, 5], [0, 10, 1], 2, 1, 5, 1.0) == [0.5, 1.0]
    assert rho([0, 1, 5], [0, 10, 1], 2, 1, 5, 1.0, spk=1) == [0.0, 1.0]
    assert rho([0, 1, 5], [0, 9, 1], 1, 1, 9, 1.0) == [float(np.float32(2 / 3))]
    for n1, n12, nc, dn, dc2, spk in ((5, 9, 3, 4, 40.0, 0), (7, 11, 2, 6, 0.5, 1)):
        fet = rng.integers(-8, 8, n12 * nc)
        order = rng.integers(0, n12, n12)
        want = []
        for i in range(n1):
            cut = dc2 if spk == 0 else float(np.float32(
                sum(int(fet[i * nc + c]) ** 2 for c in range(nc)) * dc2))
            n_rho = n_comp = 0
            for j in range(n12):
                dist = sum((int(fet[j * nc + c]) - int(fet[i * nc + c])) ** 2
                           for c in range(nc))
                if abs(int(order[i]) - int(order[j])) <= dn:
                    n_comp += 1
                    n_rho += dist <= cut if spk == 0 else dist < cut
            want.append(float(np.float32(n_rho / n_comp)))
        assert rho(fet, order, n1, nc, dn, dc2, spk) == want


def test_blind100_references_on_hand_checked_inputs():
    rng = np.random.default_rng(100)
    f32 = np.float32

    # optix_compositor: a 4 x 2 image of 2 x 1 tiles on two devices, device 1's compact
    # buffer 2 columns wide: its row 0 lands in tile 1 (columns 2, 3), its row 1 in tile 0
    # (columns 0, 1); random tilings against the source's per-launch-index loop
    def launch_width(rx, nd, tw):  # the host's: its share of the columns, whole tiles
        share = (rx + nd - 1) // nd
        return (share + tw - 1) // tw * tw

    def composite(src, rx, ry, sx, sy, nd, di):
        tw = 1 << sx
        lw = launch_width(rx, nd, tw)
        return references.optix_compositor({
            "tile_buffer": np.asarray(src, f32), "output_buffer": np.full(ry * rx * 4, -7, f32),
            "res_x": rx, "res_y": ry, "tile_w": tw, "shift_x": sx, "shift_y": sy,
            "launch_width": lw, "device_count": nd, "device_index": di})["output_buffer"]

    got = composite(np.arange(1, 17), 4, 2, 1, 0, 2, 1).tolist()
    assert got == [-7] * 8 + list(range(1, 9)) + list(range(9, 17)) + [-7] * 8
    for rx, ry, sx, sy, nd, di in ((13, 7, 1, 1, 3, 2), (9, 5, 2, 0, 2, 0), (16, 4, 3, 2, 1, 0)):
        tw = 1 << sx
        lw = launch_width(rx, nd, tw)
        src = rng.integers(-64, 64, ry * lw * 4)
        want = [-7.0] * (ry * rx * 4)
        for y, x in itertools.product(range(ry), range(lw + 2 * tw)):  # past the launch width
            tile = (x >> sx) * nd + (di + (y >> sy)) % nd
            px = tile * tw + (x & (tw - 1))
            if px < rx:
                want[(y * rx + px) * 4: (y * rx + px + 1) * 4] = src[(y * lw + x) * 4:
                                                                    (y * lw + x + 1) * 4]
        assert composite(src, rx, ry, sx, sy, nd, di).tolist() == want

    # mra_reduce_sum: one batch item, two query and two key blocks, blocks 3 (query block 1)
    # of ones and 1 (query block 0) with row r all r: query block 0 gets 0 + ... + 31 = 496 a
    # column, query block 1 gets 32; random selections against the source's per-thread loop
    def reduce_sum(a, idx, init, bs, anb, bnb, nb):
        return references.mra_reduce_sum({
            "sparse_A": np.asarray(a, f32), "indices": np.asarray(idx, np.int32),
            "dense_C": np.asarray(init, f32), "batch_size": bs, "A_num_block": anb,
            "B_num_block": bnb, "num_block": nb})["dense_C"].tolist()

    a = np.concatenate([np.ones(1024), np.repeat(np.arange(32), 32)])
    assert reduce_sum(a, [3, 1], np.zeros(64), 1, 2, 2, 2) == [496] * 32 + [32] * 32
    for bs, anb, bnb, nb in ((2, 3, 4, 5), (3, 2, 1, 7)):
        a = rng.integers(-8, 8, bs * nb * 1024)
        idx = rng.integers(0, anb * bnb, bs * nb)
        init = rng.integers(-8, 0, bs * anb * 32)
        want = [float(v) for v in init]
        for b, k, c in itertools.product(range(bs), range(nb), range(32)):
            value = sum(float(a[(b * nb + k) * 1024 + r * 32 + c]) for r in range(32))
            want[(b * anb + idx[b * nb + k] // bnb) * 32 + c] += value
        assert reduce_sum(a, idx, init, bs, anb, bnb, nb) == want

    # ssn_passoc: one pixel of feature 5 in superpixel 0 (the top-left) of a 2 x 2 grid with
    # features (1, 2, 4, 8): only itself (16), its right (9), lower (1) and lower-right (9)
    # neighbours are valid, the rest 10,000, all times -1; random grids against the source's
    # loop (its fallbacks off the grid's rows and columns)
    def passoc(bottom, spix, idx, n, c, h, w, nsh, nsw, scale=-1.0):
        return references.ssn_passoc({
            "nthreads": n * 9 * h * w, "bottom_data": np.asarray(bottom, f32),
            "spixel_data": np.asarray(spix, f32), "index_data": np.asarray(idx, f32),
            "in_dim": c, "height": h, "width": w, "num_spixels": nsh * nsw,
            "num_spixels_h": nsh, "num_spixels_w": nsw, "scale_value": scale,
            "top_data": np.full(n * 9 * h * w, -7, f32)})["top_data"].tolist()

    big = -10000.0
    assert passoc([5], [1, 2, 4, 8], [0], 1, 1, 1, 1, 2, 2) == [big] * 4 + [-16, -9, big, -1, -9]
    for n, c, h, w, nsh, nsw in ((2, 3, 3, 4, 3, 4), (1, 2, 5, 2, 1, 3), (1, 1, 2, 3, 4, 1)):
        nsp = nsh * nsw
        bottom = rng.integers(-16, 16, n * c * h * w)
        spix = rng.integers(-16, 16, n * c * nsp)
        idx = rng.integers(0, nsp, n * h * w)
        want = []
        for b, ci, p in itertools.product(range(n), range(9), range(h * w)):
            init = int(idx[b * h * w + p])
            dw, bad = ci % 3 - 1, False
            row = init + (ci // 3 - 1) * nsw
            if row >= nsp or row <= -1:
                row, bad = init, True
            if (row + 1) % nsw == 0 and dw == 1 or row % nsw == 0 and dw == -1:
                dw, bad = 0, True
            s = row + dw
            if not 0 <= s < nsp:
                s, bad = row, True
            dist = 10000.0 if bad else float(sum(
                (bottom[(b * c + k) * h * w + p] - spix[(b * c + k) * nsp + s]) ** 2
                for k in range(c)))
            want.append(-dist)
        assert passoc(bottom, spix, idx, n, c, h, w, nsh, nsw) == want

    # seti_taylor: two rows (1, 2, 3) and (10, 20, 30) at set_size 2: row 0 the straight sums
    # (11, 22, 33), row 1 the one-channel drifts (1 + 20, 2 + 30) and its last channel left
    # as it was; random rounds against the source's loops (kmin above 0, drifts past kmax)
    def taylor(a, nt, nf, ss, kmin, kmax):
        return references.seti_taylor({
            "A": np.asarray(a, f32), "B": np.full(nt * nf, -7, f32), "kmin": kmin,
            "kmax": kmax, "set_size": ss, "n_time": nt, "n_freq": nf})["B"].tolist()

    assert taylor([1, 2, 3, 10, 20, 30], 2, 3, 2, 0, 3) == [11, 22, 33, 21, 32, -7]
    for nt, nf, ss, kmin, kmax in ((8, 11, 4, 2, 9), (8, 7, 8, 0, 7), (4, 5, 8, 0, 5)):
        a = rng.integers(-64, 64, nt * nf)
        want = [-7.0] * (nt * nf)
        for k in range(kmin, kmax):
            if ss > nt:
                break
            for j in range(0, nt, ss):
                for j0 in range(ss - 1, -1, -1):
                    j1, j3 = j0 // 2, (j0 + 1) // 2
                    if k + j3 < kmax:
                        want[(j + j0) * nf + k] = float(a[(j + j1) * nf + k]
                                                        + a[(j + j1 + ss // 2) * nf + k + j3])
        assert taylor(a, nt, nf, ss, kmin, kmax) == want

    # spark_bloom_put: Spark's Murmur3 of 1L with Spark SQL's seed 42 is hash(1L) =
    # -1712319331 (and of the int 1 -559580957, one block); random keys into small filters
    # against a per-key transcription of the source (int32 wrap-around, big-endian words)
    def s32(x):
        return x - (1 << 32) if x >= 1 << 31 else x

    def murmur(key, seed, nbytes=8):
        h, m = seed, 0xFFFFFFFF
        u = key & ((1 << 64) - 1)
        for i in range(nbytes // 4):
            k = (((u >> (32 * i)) & m) * 0xCC9E2D51) & m
            k = (((k << 15) | (k >> 17)) & m) * 0x1B873593 & m
            h ^= k
            h = ((((h << 13) | (h >> 19)) & m) * 5 + 0xE6546B64) & m
        h ^= nbytes
        h ^= h >> 16
        h = h * 0x85EBCA6B & m
        h ^= h >> 13
        h = h * 0xC2B2AE35 & m
        return h ^ (h >> 16)

    assert s32(murmur(1, 42)) == -1712319331 and s32(murmur(1, 42, 4)) == -559580957
    got = references._spark_murmur_long(np.array([1]), np.array([42], np.uint32))
    assert got.view(np.int32).tolist() == [-1712319331]
    for n, nlongs, nh in ((40, 1, 3), (200, 3, 7)):
        keys = rng.integers(-(2**62), 2**62, n)
        want = [0] * (2 * nlongs)
        for key in keys.tolist():
            h1 = murmur(key, 0)
            h2 = murmur(key, h1)
            for idx in range(1, nh + 1):
                c = s32((h1 + idx * h2) & 0xFFFFFFFF)
                pos = (~c if c < 0 else c) % (nlongs * 64)
                want[(pos // 32) ^ 1] |= 1 << ((pos % 32) ^ 0x18)
        got = references.spark_bloom_put({
            "bloom_filter": np.zeros(2 * nlongs, np.uint32), "bloom_filter_bits": nlongs * 64,
            "input": keys, "size": n, "num_hashes": nh})["bloom_filter"].tolist()
        assert got == want

    # tani_pairwise_dist: one molecule of atoms (0, 0, 0), a padding atom and (3, 4, 0): only
    # the pairs (0, 2) and (2, 0) are written, distance 5, molecule 0, indices packed i | j <<
    # 16; random batches against the source's loops (float32 sqrt, correctly rounded)
    def pair_dist(spec, pos, nmol, n):
        return references.tani_pairwise_dist({
            "species": np.asarray(spec, np.int32), "pos": np.asarray(pos, f32),
            "d_Rij": np.full(nmol * n * n * 3, -7, np.int32),
            "max_natoms_per_mol": n})["d_Rij"].tolist()

    five = int(np.float32(5).view(np.int32))
    want = [-7] * 27
    want[6:9], want[18:21] = [five, 0, 2 << 16], [five, 0, 2]
    assert pair_dist([0, -1, 1], [0, 0, 0, 5, 5, 5, 3, 4, 0], 1, 3) == want
    for nmol, n in ((3, 5), (2, 9)):
        spec = rng.integers(-1, 4, nmol * n)
        pos = rng.integers(-16, 16, nmol * n * 3)
        want = [-7] * (nmol * n * n * 3)
        for m, i, j in itertools.product(range(nmol), range(n), range(n)):
            if spec[m * n + i] != -1 and spec[m * n + j] != -1 and i != j:
                d = [pos[(m * n + j) * 3 + c] - pos[(m * n + i) * 3 + c] for c in range(3)]
                rij = np.sqrt(np.float32(sum(int(v) * int(v) for v in d)))
                k = ((m * n + i) * n + j) * 3
                want[k: k + 3] = [int(rij.view(np.int32)), m, i | (j << 16)]
        assert pair_dist(spec, pos, nmol, n) == want


def test_blind101_references_on_hand_checked_inputs():
    rng = np.random.default_rng(101)
    f32 = np.float32

    # ccpi_fgp_obj2d: a 2 x 2 image (100, 200 | 300, 400), R1 (1, 2 | 3, 4), R2 (10, 20 |
    # 30, 40), lambda 1/2: divergences (11, 21 | 23, 21) (row 0 has no upper term, column 0 no
    # left one), so (94.5, 189.5 | 288.5, 389.5); random images against the source's loop
    def obj(ad, r1, r2, n, m, lam):
        return references.ccpi_fgp_obj2d({
            "Ad": np.asarray(ad, f32), "R1": np.asarray(r1, f32), "R2": np.asarray(r2, f32),
            "D": np.full(n * m, -7, f32), "N": n, "M": m, "lambda": lam})["D"].tolist()

    assert obj([100, 200, 300, 400], [1, 2, 3, 4], [10, 20, 30, 40], 2, 2, 0.5) == [
        94.5, 189.5, 288.5, 389.5]
    n, m = 7, 5
    ad = rng.integers(-256, 256, n * m)
    r1 = rng.integers(-8, 8, n * m)
    r2 = rng.integers(-8, 8, n * m)
    got = obj(ad, r1, r2, n, m, 0.03125)
    for y, x in itertools.product(range(m), range(n)):
        at = x + n * y
        val1 = 0 if x <= 0 else r1[at - 1]
        val2 = 0 if y <= 0 else r2[at - n]
        assert got[at] == ad[at] - 0.03125 * (r1[at] + r2[at] - val1 - val2)

    # kblas_permute_columns: one 2 x 3 matrix (columns (1, 2), (3, 4), (5, 6)) with ldm 3 (a
    # padding row of 9s), pivots (2, 0, 0) and rank 2: columns (5, 6), (1, 2), (0, 0), the
    # padding kept; random batches (repeated pivots, ranks cut) against the source's loop
    def permute(mat, perm, rank, rows, cols, ldm):
        return references.kblas_permute_columns({
            "rows": rows, "cols": cols, "M": np.asarray(mat, np.float64), "ldm": ldm,
            "perm": np.asarray(perm, np.int32), "rank": np.asarray(rank, np.int32),
            "num_ops": len(rank)})["M"].tolist()

    assert permute([1, 2, 9, 3, 4, 9, 5, 6, 9], [2, 0, 0], [2], 2, 3, 3) == [
        5, 6, 9, 1, 2, 9, 0, 0, 9]
    rows, cols, ldm, ops = 5, 7, 6, 3
    mat = rng.integers(-99, 99, ops * cols * ldm)
    perm = rng.integers(0, cols, ops * cols)
    rank = rng.integers(cols // 2, cols + 1, ops)
    got = permute(mat, perm, rank, rows, cols, ldm)
    for op, r, c in itertools.product(range(ops), range(ldm), range(cols)):
        at = (op * cols + c) * ldm + r
        if r >= rows:
            want = mat[at]
        elif c < rank[op]:
            want = mat[(op * cols + perm[op * cols + c]) * ldm + r]
        else:
            want = 0
        assert got[at] == want

    # nwchem_sd_t_d1_3: h1 = p4 = p5 = 1, two h3 and two h7: t2sub (1, 2), v2sub rows h7 = 0:
    # (10, 100), h7 = 1: (1000, 10000), triplesx (5, 7): 5 - 2010 and 7 - 20100; random
    # tensors against the source's loop over its strides
    def d1_3(trip, t2, v2, dims):
        h1d, h3d, h7d, p4d, p5d = dims
        return references.nwchem_sd_t_d1_3({
            "h1d": h1d, "h3d": h3d, "h7d": h7d, "p4d": p4d, "p5d": p5d, "h7ld_t2sub": 1,
            "p4ld_t2sub": h7d, "p5ld_t2sub": p4d * h7d, "h1ld_t2sub": p5d * p4d * h7d,
            "h3ld_v2sub": 1, "h7ld_v2sub": h3d, "h1ld_triplesx": 1, "h3ld_triplesx": h1d,
            "p5ld_triplesx": h3d * h1d, "p4ld_triplesx": p5d * h3d * h1d,
            "triplesx_d": np.asarray(trip, np.float64), "t2sub_d": np.asarray(t2, np.float64),
            "v2sub_d": np.asarray(v2, np.float64), "total_x": h3d,
            "total_y": p4d * p5d * h1d})["triplesx_d"].tolist()

    assert d1_3([5, 7], [1, 2], [10, 100, 1000, 10000], (1, 2, 2, 1, 1)) == [-2005, -20093]
    h1d, h3d, h7d, p4d, p5d = 3, 5, 4, 2, 3
    trip = rng.integers(-8, 8, h1d * h3d * p4d * p5d)
    t2 = rng.integers(-64, 64, h7d * p4d * p5d * h1d)
    v2 = rng.integers(-64, 64, h3d * h7d)
    got = d1_3(trip, t2, v2, (h1d, h3d, h7d, p4d, p5d))
    for h1, h3, p5, p4 in itertools.product(range(h1d), range(h3d), range(p5d), range(p4d)):
        at = h1 + h3 * h1d + p5 * h3d * h1d + p4 * p5d * h3d * h1d
        total = int(trip[at])
        for h7 in range(h7d):
            total -= (t2[h7 + p4 * h7d + p5 * p4d * h7d + h1 * p5d * p4d * h7d]
                      * v2[h3 + h7 * h3d])
        assert got[at] == total

    # spirit_gradient_exchange: a 3 x 1 x 1 lattice of one atom, spins (1, 2, 3) in x, one
    # pair (0 -> 0, translation +1 in a) of magnitude 2, gradient 0: open in a, cells 0 and 1
    # take -4 and -6 and cell 2 none; periodic in a, cell 2 wraps to cell 0: -2; random
    # lattices against the source's loop over cells and pairs
    def exchange(spins, bc, nc, n, pairs, mags, grad):
        return references.spirit_gradient_exchange({
            "spins": np.asarray(spins, np.float64), "boundary_conditions": np.asarray(bc),
            "n_cells": np.asarray(nc), "n_cell_atoms": n, "n_pairs": len(mags),
            "pair_words": np.asarray(pairs, np.int32), "magnitudes": np.asarray(mags, np.float64),
            "gradient": np.asarray(grad, np.float64), "size": nc[0] * nc[1] * nc[2]})[
            "gradient"].tolist()

    spins = [1, 0, 0, 2, 0, 0, 3, 0, 0]
    assert exchange(spins, [0, 0, 0], [3, 1, 1], 1, [0, 0, 1, 0, 0], [2], [0] * 9)[::3] == [
        -4, -6, 0]
    assert exchange(spins, [1, 0, 0], [3, 1, 1], 1, [0, 0, 1, 0, 0], [2], [0] * 9)[::3] == [
        -4, -6, -2]
    n, nc = 2, [3, 4, 2]
    cells = nc[0] * nc[1] * nc[2]
    for bc in ([1, 0, 1], [0, 1, 0]):
        spins = rng.integers(-8, 8, 3 * n * cells)
        pairs = rng.integers(0, n, (7, 5))
        pairs[:, 2:] = rng.integers(-2, 3, (7, 3))  # both signs, one past the c size
        mags = rng.integers(-4, 4, 7)
        grad = rng.integers(-8, 8, 3 * n * cells)
        got = exchange(spins, bc, nc, n, pairs, mags, grad)
        want = [int(v) for v in grad]
        for icell, p in itertools.product(range(cells), range(7)):
            pi, pj, ta, tb, tc = (int(v) for v in pairs[p])
            ispin = pi + icell * n
            if abs(ta) > nc[0] or abs(tb) > nc[1] or abs(tc) > nc[2]:
                continue
            c_ = ispin // (n * nc[0] * nc[1])
            b_ = (ispin - c_ * n * nc[0] * nc[1]) // (n * nc[0])
            a_ = (ispin - c_ * n * nc[0] * nc[1] - b_ * n * nc[0]) // n
            j_ = []
            for v, size, periodic in ((a_ + ta, nc[0], bc[0]), (b_ + tb, nc[1], bc[1]),
                                      (c_ + tc, nc[2], bc[2])):
                if not (periodic or 0 <= v < size):
                    break
                j_.append(v + size if v < 0 else v - size if v >= size else v)
            else:
                jspin = pj + j_[0] * n + j_[1] * n * nc[0] + j_[2] * n * nc[0] * nc[1]
                for d in range(3):
                    want[3 * ispin + d] -= int(mags[p]) * int(spins[3 * jspin + d])
        assert got == want

    # dietgpu_ans_histogram: two members of 5 bytes at stride 6 of the bytes (1, 1, 2, 255,
    # 1, 9 | 2, 2, 2, 0, 0, 7): counts of 1 (3), 2 (1), 255 (1) and of 2 (3), 0 (2), added
    # to ones; random byte streams against a direct count
    def hist(data, stride, size, nb, start=1):
        words = np.frombuffer(bytes(bytearray(data)), np.uint32)
        return references.dietgpu_ans_histogram({
            "in_words": words, "batch_stride": stride, "batch_capacity": size,
            "out": np.full(nb * 256, start, np.uint32)})["out"].reshape(nb, 256)

    got = hist([1, 1, 2, 255, 1, 9, 2, 2, 2, 0, 0, 7], 6, 5, 2)
    assert got[0, [1, 2, 255, 9]].tolist() == [4, 2, 2, 1] and got[0].sum() == 256 + 5
    assert got[1, [2, 0, 7]].tolist() == [4, 3, 1] and got[1].sum() == 256 + 5
    nb, stride, size = 3, 1003, 997
    data = rng.integers(0, 256, nb * stride + 3)  # a whole number of words
    got = hist(list(data), stride, size, nb, 0)
    for b in range(nb):
        want = [0] * 256
        for i in range(size):
            want[data[b * stride + i]] += 1
        assert got[b].tolist() == want

    # phantom_galois_ntt_perm: degree 4, two limbs (10, 11, 12, 13 | 20, 21, 22, 23) through
    # the table (3, 0, 0, 2): (13, 10, 10, 12 | 23, 20, 20, 22); random limbs against the loop
    def galois(src, table, n, nl):
        return references.phantom_galois_ntt_perm({
            "dst": np.full(n * nl, -7, np.int64), "src": np.asarray(src, np.int64),
            "permutation_table": np.asarray(table, np.uint32), "poly_degree": n,
            "coeff_mod_size": nl})["dst"].tolist()

    assert galois([10, 11, 12, 13, 20, 21, 22, 23], [3, 0, 0, 2], 4, 2) == [
        13, 10, 10, 12, 23, 20, 20, 22]
    n, nl = 16, 3
    src = rng.integers(0, 2**60, n * nl)
    table = rng.integers(0, n, n)
    got = galois(src, table, n, nl)
    for tid in range(n * nl):
        assert got[tid] == src[table[tid % n] + tid // n * n]
