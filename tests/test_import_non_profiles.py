"""Files that come with Nsight Compute but are not profiler output get a precise one-line
error from `gpuadvisor import`, not a guess."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# The first lines of `ncu --query-metrics --chip gh100` as recorded on the H200
# (../shared/profiler-samples/ncu-2025.3.1-query-metrics-gh100.txt).
QUERY_LISTING = """Chip gh100
----------------------------------------- --------------- --------------- ---------------------
Metric Name                               Metric Type     Metric Unit     Metric Description
----------------------------------------- --------------- --------------- ---------------------
CTC.TriageCompute.ctc__rx_bytes           Counter         byte            # of bytes of CTC RX
"""


def _import(path: Path, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "gpuadvisor", "import", str(path), "-o", str(tmp_path / "o.csv")],
        capture_output=True, text=True)


def test_query_metrics_listing_is_named(tmp_path):
    listing = tmp_path / "query.txt"
    listing.write_text(QUERY_LISTING)
    result = _import(listing, tmp_path)
    assert result.returncode == 2
    assert "a metric listing (ncu --query-metrics), not profiler output" in result.stderr
    assert result.stderr.count("\n") == 1


def test_section_file_is_named(tmp_path):
    section = ROOT / "fixtures" / "ncu-samples" / (
        "singularitti__nsight-compute__WarpStateStatistics.section")
    result = _import(section, tmp_path)
    assert result.returncode == 2
    assert "an Nsight Compute section definition (.section)" in result.stderr
    assert result.stderr.count("\n") == 1
