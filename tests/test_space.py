"""The configuration space: the seeds' grid, user shapes, cache configs, and filtering with
real Hopper limits and the built-in kernels' real resource needs."""

from __future__ import annotations

import pytest

from gpuadvisor.arch import get_arch
from gpuadvisor.errors import UserError
from gpuadvisor.space import (
    SEED_VALUES,
    Config,
    build_space,
    parse_cache_configs,
    resource_reason,
    seed_shapes,
    user_shapes,
)
from gpuadvisor.sweep import config_key
from gpuadvisor.targets.compile import Resources
from gpuadvisor.targets.manifest import get_kernel

H100 = get_arch("sm_90")


def test_seed_grid_is_the_papers_grid():
    assert SEED_VALUES[:8] == (1, 2, 3, 4, 6, 8, 12, 16)
    assert SEED_VALUES[-3:] == (512, 768, 1024)
    two_d = seed_shapes(2)
    # every (columns, rows) pair of the grid with at most 1024 threads
    assert len(two_d) == 184
    assert (32, 8, 1) in two_d and (1024, 1, 1) in two_d and (1, 1024, 1) in two_d
    assert (768, 2, 1) not in two_d  # 1536 threads
    assert all(x * y <= 1024 for x, y, _ in two_d)
    assert [s[0] for s in seed_shapes(1)] == list(SEED_VALUES)
    three_d = seed_shapes(3)
    assert (8, 8, 16) in three_d and all(x * y * z <= 1024 for x, y, z in three_d)


def test_hopper_limits_filter_z_and_size():
    shapes = [(32, 8, 1), (1, 1, 128), (4, 4, 64), (2048, 1, 1)]
    space = build_space("k", shapes, ["default"], H100)
    assert [c.block for c in space.configs] == [(32, 8, 1), (4, 4, 64)]
    reasons = {e.config.block: e.reason for e in space.excluded}
    assert "block z = 128 exceeds the sm_90 maximum of 64" in reasons[(1, 1, 128)]
    assert "2048 threads per block exceeds the sm_90 maximum of 1024" in reasons[(2048, 1, 1)]


def test_registers_exclude_big_blocks_of_the_2d_blocktiled_sgemm():
    # ptxas (CUDA 13, sm_90) gives sgemm_blocktiling_2d 128 registers per thread:
    # 128 x 1024 = 131072 > 65536 registers per SM, so no 1024-thread block fits.
    res = Resources(registers_per_thread=128)
    spec = get_kernel("sgemm_blocktiling_2d")
    params = spec.resolve_params()
    space = build_space(
        spec.name,
        seed_shapes(2),
        ["default"],
        H100,
        resources=lambda cc: res,
        dynamic_smem=lambda s: spec.dynamic_smem(s, params),
    )
    kept = {c.block_size for c in space.configs}
    assert max(kept) == 512
    too_big = [e for e in space.excluded if e.config.block == (32, 32, 1)]
    assert too_big and "128 registers x 1024 threads" in too_big[0].reason


def test_dynamic_shared_memory_excludes_tall_blocks_of_the_1d_blocktiled_sgemm():
    spec = get_kernel("sgemm_blocktiling_1d")
    params = spec.resolve_params()
    # BM = 8 * by rows, BK = 8: 4 * 8 * (8 * by + bx) bytes
    assert spec.dynamic_smem((64, 8, 1), params) == 4 * 8 * (64 + 64)  # Boehm's 64x64 tile
    assert spec.dynamic_smem((1, 1024, 1), params) == 262176
    reason = resource_reason((1, 1024, 1), H100, 40, 0, 262176)
    assert reason is not None and "exceeds the sm_90 maximum of" in reason


def test_min_threads_and_cache_config_axis():
    space = build_space(
        "k", [(8, 2, 1), (32, 8, 1)], ["default", "l1_off", "carveout_25"], H100, min_threads=32
    )
    assert [(c.block, c.cache_config) for c in space.configs] == [
        ((32, 8, 1), "default"),
        ((32, 8, 1), "l1_off"),
        ((32, 8, 1), "carveout_25"),
    ]
    assert all("below --min-threads 32" in e.reason for e in space.excluded)


def test_fermi_has_no_carveout():
    space = build_space("k", [(32, 8, 1)], ["carveout_50", "prefer_l1"], get_arch("sm_20"))
    assert [c.cache_config for c in space.configs] == ["prefer_l1"]
    assert "no shared-memory carveout" in space.excluded[0].reason


def test_cache_config_parsing():
    assert parse_cache_configs("default, L1_off,carveout_25,default") == [
        "default",
        "l1_off",
        "carveout_25",
    ]
    for bad in ("l2_off", "carveout_101", "carveout_x", ""):
        with pytest.raises(UserError):
            parse_cache_configs(bad)


def test_user_shapes_and_config_key_agree():
    assert user_shapes("32x8,16x16,256,32x8") == [(32, 8, 1), (16, 16, 1), (256, 1, 1)]
    config = Config("matrix_add", (32, 8, 1), "l1_off")
    assert config.key == config_key(config.identity())
    assert config.identity()["block_size"] == 256
