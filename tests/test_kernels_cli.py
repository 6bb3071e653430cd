"""`gpuadvisor kernels list|show`."""

from __future__ import annotations

import json
import shutil

import pytest

from gpuadvisor.cli import main


def run(capsys, *args):
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_list_json_names_every_kernel(capsys):
    code, out, _ = run(capsys, "kernels", "list", "--json")
    assert code == 0
    names = {k["name"]: k for k in json.loads(out)}
    assert names["matrix_add"]["access"] == "coalesced"
    assert names["matrix_add"]["params"] == {"ROWS": 6144, "COLS": 6144}
    assert names["random_copy"]["access"] == "random"
    assert names["bm3d_get_block"]["host_block"] == [8, 8, 1]  # the project's own launch
    assert names["matrix_add"]["host_block"] is None
    # 381 before set 111, 386 before set 112, 389 before set 113, 395 before set 114,
    # 400 before set 115, 404 before set 116, 408 before set 117, 412 before set 118,
    # 415 before set 119, 417 before set 120, 421 before set 121, 425 before set 122
    assert sum(k["host_block"] is not None for k in names.values()) == 429  # + sets 105-122


def test_show_prints_grid_mapping_and_arguments(capsys):
    code, out, _ = run(capsys, "kernels", "show", "sgemm_blocktiling_1d")
    assert code == 0
    assert "grid          (ceil(N / bx), ceil(M / (by * bz * 8)), 1)" in out
    assert "dynamic smem  4 * 8 * (by * bz * 8 + bx) bytes" in out
    assert "block 64 x 8" in out  # the worklog's 64 x 64 tile
    assert "C        inout" in out


def test_show_unknown_is_one_line(capsys):
    code, _, err = run(capsys, "kernels", "show", "nope")
    assert code == 2 and err.startswith("error: unknown built-in kernel 'nope'")


@pytest.mark.skipif(shutil.which("nvcc") is None, reason="needs nvcc")
def test_show_resources_compiles(capsys):
    code, out, _ = run(capsys, "kernels", "show", "sgemm_blocktiling_2d", "--resources", "--json")
    assert code == 0
    res = json.loads(out)["resources"]
    assert res["default"]["registers_per_thread"] >= 100  # 8x8 accumulators per thread


def test_show_names_the_ported_projects_own_launch(capsys):
    code, out, _ = run(capsys, "kernels", "show", "bm3d_get_block")
    assert code == 0
    assert "host block    8x8 (the ported project's own launch: tune --current 8x8)" in out
    code, out, _ = run(capsys, "kernels", "show", "nnue_ft_forward", "--json")
    assert json.loads(out)["host_block"] == [256, 1, 1]
    code, out, _ = run(capsys, "kernels", "show", "matrix_add", "--json")
    assert json.loads(out)["host_block"] is None  # a seed benchmark: no project to port


@pytest.mark.parametrize("value, message", [
    ("8y8", "host_block: bad block shape '8y8'"),
    ("64x32", "host_block '64x32' has more than 1024 threads"),
])
def test_a_bad_host_block_is_one_error_naming_the_kernel(tmp_path, value, message):
    from gpuadvisor.errors import UserError
    from gpuadvisor.targets.manifest import load_manifest, manifest_path

    text = manifest_path().read_text()
    head, _, _ = text.partition("\n  - name: matmul_naive")
    (tmp_path / "matrix_add.cu").write_text((manifest_path().parent / "matrix_add.cu").read_text())
    bad = head.replace("    data_seed: 1\n", f"    data_seed: 1\n    host_block: {value}\n", 1)
    (tmp_path / "manifest.yaml").write_text(bad)
    with pytest.raises(UserError, match=f"kernel matrix_add: {message}"):
        load_manifest(tmp_path / "manifest.yaml")
