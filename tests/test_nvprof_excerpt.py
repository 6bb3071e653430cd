"""nvprof ``--metrics`` output pasted as an excerpt (issue 13).

People share it from the ``Kernel: <name>`` line down, without the ``==PROF==`` lines and the
``Invocations  Metric Name  Metric Description  Min  Max  Avg`` header (issue threads, READMEs,
lab notes). The excerpts here are cut from the real recording
fixtures/nvprof/sankarmanoj__thrust2D__profile exactly that way: from a ``Kernel:`` line (or the
``Device`` line above the first one) to the end of a kernel's block or of the file.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gpuadvisor.cli import main
from gpuadvisor.importer import import_files
from gpuadvisor.profilers.detect import detect_text_format

FULL = Path(__file__).resolve().parents[1] / "fixtures/nvprof/sankarmanoj__thrust2D__profile"
LINES = FULL.read_text().splitlines(keepends=True)
KERNEL_AT = [i for i, line in enumerate(LINES) if line.strip().startswith("Kernel:")]
EXCERPTS = {
    # from the first Kernel: line to the end (every kernel)
    "all_kernels": "".join(LINES[KERNEL_AT[0]:]),
    # one kernel's block only, as pasted into an issue
    "second_kernel": "".join(LINES[KERNEL_AT[1]:KERNEL_AT[2]]),
    # with the Device line above the first kernel, and the indentation stripped
    "device_line": "".join(line.lstrip() for line in LINES[KERNEL_AT[0] - 1:KERNEL_AT[1]]),
}


def _by_kernel(table):
    return {row["kernel_signature"]: row for row in table.to_dict(orient="records")}


@pytest.mark.parametrize("name", sorted(EXCERPTS))
def test_excerpt_reads_like_the_full_recording(tmp_path, name):
    path = tmp_path / f"{name}.txt"
    path.write_text(EXCERPTS[name])
    assert detect_text_format(EXCERPTS[name]) == "nvprof-text-results"
    excerpt = _by_kernel(import_files([path]))
    full = _by_kernel(import_files([FULL]))
    assert excerpt and set(excerpt) <= set(full)
    for signature, row in excerpt.items():
        for column in ("gld_efficiency", "gst_efficiency", "achieved_occupancy",
                       "branch_efficiency", "shared_efficiency", "invocations"):
            want, got = full[signature][column], row[column]
            assert (isinstance(want, float) and math.isnan(want) and math.isnan(got)) \
                or got == want, (signature, column)


def test_second_kernel_excerpt_values(tmp_path):
    path = tmp_path / "ghostcols.txt"
    path.write_text(EXCERPTS["second_kernel"])
    (row,) = import_files([path]).to_dict(orient="records")
    assert row["kernel"] == "ghostCols"
    assert row["gld_efficiency"] == 12.5 and row["gst_efficiency"] == 12.5
    assert row["branch_efficiency"] == 100.0
    assert row["invocations"] == 2


def test_import_command_writes_the_excerpt(tmp_path, capsys):
    path = tmp_path / "pasted.txt"
    path.write_text(EXCERPTS["all_kernels"])
    out = tmp_path / "out.csv"
    try:
        main(["import", str(path), "-o", str(out)])
    except SystemExit as exit_:
        assert not exit_.code
    printed = capsys.readouterr().out
    assert f"wrote {len(KERNEL_AT)} rows ({len(KERNEL_AT)} kernels, 0 with a block shape)" \
        in printed
    assert "nvprof-text-results" in printed and out.exists()
