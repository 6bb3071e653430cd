"""The H200 sweeps of fixtures/hopper/full-ncu/ have times AND ncu counters for every
configuration, and their raw ncu output imports to the same launches."""

from pathlib import Path

import pytest

from gpuadvisor.importer import import_files
from gpuadvisor.sweep import read_sweep

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "hopper" / "full-ncu"
KERNELS = {  # kernel: configurations (the seeds' 2-D grid of >= 32 threads, x cache configs)
    "matrix_add": 146, "random_copy": 146, "overloaded": 146, "overlapped": 146,
    "matmul_naive": 146, "scattered": 292, "sgemm_coalesced": 146, "vector_reduction": 11,
}
METRICS = ["achieved_occupancy", "theoretical_occupancy", "l1_hit_rate",
           "l1_global_load_misses", "gld_efficiency", "sectors_per_request", "l2_hit_rate",
           "dram_throughput_pct", "sm_throughput_pct", "registers_per_thread"]


@pytest.mark.parametrize("kernel", sorted(KERNELS))
def test_every_configuration_has_time_and_counters(kernel):
    table, provenance = read_sweep(HERE / f"{kernel}.csv")
    assert len(table) == KERNELS[kernel]
    assert (table["status"] == "ok").all()
    assert table["time_ms"].notna().all() and (table["time_ms"] > 0).all()
    for metric in METRICS:
        assert table[metric].notna().all(), metric
    assert table[[c for c in table if c.startswith("stall_")]].sum(axis=1).round(6).eq(100).all()
    assert provenance["gpu"] == "NVIDIA H200" and provenance["arch"] == "sm_90"


def test_raw_ncu_output_imports_to_the_profiled_launches():
    rows = import_files(sorted((HERE / "ncu-raw").glob("matmul_naive-*.csv")))
    assert len(rows) == 146
    table, _ = read_sweep(HERE / "matmul_naive.csv")
    shapes = set(zip(table.block_x, table.block_y, strict=True))
    assert set(zip(rows.block_x, rows.block_y, strict=True)) == shapes
