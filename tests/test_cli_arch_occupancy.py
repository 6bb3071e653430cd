"""`gpuadvisor arch ...` and `gpuadvisor occupancy` as a user runs them: exit codes, output."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from gpuadvisor.cli import main


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich sizes tables to the terminal; give it a wide one so cells are not cut."""
    monkeypatch.setenv("COLUMNS", "200")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the real entry point (the one `gpuadvisor` calls) and capture its streams."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    out, err = capsys.readouterr()
    return code, out, err


def occupancy_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code, out, err = run(capsys, "occupancy", *args, "--json")
    assert code == 0, err
    return json.loads(out)


# ----------------------------------------------------------------------------- occupancy


def test_fermi_16x16_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = occupancy_json(
        capsys, "--arch", "sm_20", "--block", "16x16", "--regs", "20", "--smem", "0"
    )
    assert data["blocks_per_sm"] == 6
    assert data["warps_per_sm"] == 48
    assert data["occupancy_pct"] == 100.0
    assert data["limited_by"] == "warps"
    assert data["limits"] == {"warps": 6, "blocks": 8, "registers": 6, "shared_memory": None}
    assert data["best_block_sizes"] == [192, 256, 384, 512, 768]
    assert data["best_occupancy_pct"] == 100.0


def test_fermi_8x8_is_block_limited(capsys: pytest.CaptureFixture[str]) -> None:
    data = occupancy_json(capsys, "--arch", "GTX 480", "--block", "8x8")
    assert (data["blocks_per_sm"], data["limited_by"]) == (8, "blocks")
    assert data["occupancy_pct"] == pytest.approx(33.33, abs=0.01)


def test_hopper_dynamic_smem_with_k_suffix_and_carveout(capsys: pytest.CaptureFixture[str]) -> None:
    data = occupancy_json(
        capsys, "--arch", "9.0", "--block", "128", "--regs", "32", "--dynamic-smem", "48K"
    )
    assert data["allocated_shared_mem_per_block"] == 49 * 1024
    assert (data["blocks_per_sm"], data["limited_by"]) == (4, "shared_memory")
    data = occupancy_json(
        capsys,
        "--arch",
        "H100",
        "--block",
        "128",
        "--regs",
        "32",
        "--dynamic-smem",
        "49152",
        "--carveout",
        "50",
    )
    assert data["blocks_per_sm"] == 2 and data["shared_mem_per_sm"] == 132 * 1024
    assert data["carveout_pct"] == 50


def test_registers_limit_on_hopper(capsys: pytest.CaptureFixture[str]) -> None:
    data = occupancy_json(capsys, "--arch", "sm_90", "--block", "256", "--regs", "64")
    assert (data["blocks_per_sm"], data["occupancy_pct"], data["limited_by"]) == (
        4,
        50.0,
        "registers",
    )
    assert 1024 in data["best_block_sizes"]


def test_prefer_l1_on_fermi(capsys: pytest.CaptureFixture[str]) -> None:
    data = occupancy_json(
        capsys, "--arch", "sm_20", "--block", "256", "--smem", "6KB", "--cache-config", "prefer_l1"
    )
    assert data["blocks_per_sm"] == 2 and data["limited_by"] == "shared_memory"


def test_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "occupancy", "--arch", "sm_20", "--block", "16x16", "--regs", "20", "--smem", "0"
    )
    assert code == 0 and err == ""
    for words in (
        "blocks per SM",
        "warps per SM",
        "48 of 48",
        "100.0%",
        "limited by",
        "registers",
        "shared_memory",
        "unlimited",
        "192, 256, 384, 512, 768",
    ):
        assert words in out, words


def test_carveout_ignored_before_volta_is_noted(capsys: pytest.CaptureFixture[str]) -> None:
    data = occupancy_json(capsys, "--arch", "sm_20", "--block", "256", "--carveout", "50")
    assert any("carveout" in n for n in data["notes"])


@pytest.mark.parametrize(
    "args, words",
    [
        (["--arch", "sm_99", "--block", "256"], "unknown architecture"),
        (["--arch", "sm_90", "--block", "0"], "at least 1"),
        (["--arch", "sm_90", "--block", "2000"], "2000 threads"),
        (["--arch", "sm_90", "--block", "2x2x65"], "z dimension 65"),
        (["--arch", "sm_90", "--block", "256", "--regs", "-4"], "must not be negative"),
        (["--arch", "sm_90", "--block", "256", "--regs", "300"], "300 registers"),
        (["--arch", "sm_20", "--block", "256", "--regs", "64"], "maximum of 63"),
        (["--arch", "sm_90", "--block", "256", "--regs", "many"], "bad register count"),
        (["--arch", "sm_90", "--block", "256", "--dynamic-smem", "300K"], "shared memory"),
        (["--arch", "sm_20", "--block", "256", "--smem", "49K"], "static shared memory"),
        (["--arch", "sm_90", "--block", "256", "--smem", "lots"], "bad size"),
        (["--arch", "sm_90", "--block", "256", "--carveout", "120"], "0-100"),
        (["--arch", "sm_90", "--block", "256", "--cache-config", "huge"], "cache config"),
        (["--block", "256"], "--arch is required"),
        (["--arch", "sm_90"], "--block is required"),
        (["--arch", "sm_90", "--block", "16xx"], "bad block shape"),
    ],
)
def test_bad_arguments_are_one_line_errors(
    capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    code, out, err = run(capsys, "occupancy", *args)
    assert code == 2
    assert out == ""
    assert err.startswith("error: ") and err.endswith("\n") and err.count("\n") == 1, err
    assert words in err


def test_subprocess_error_has_no_traceback() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "gpuadvisor", "occupancy", "--arch", "sm_90", "--block", "2000"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr == "error: 2000 threads per block exceeds the sm_90 maximum of 1024\n"


def test_occupancy_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "occupancy", "--help")
    assert code == 0 and "--dynamic-smem" in out and "--carveout" in out


# ----------------------------------------------------------------------------- arch


def test_arch_list(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arch", "list")
    assert code == 0 and err == ""
    for words in ("sm_20", "Fermi", "sm_90", "Hopper", "sm_120", "GTX 480", "H100 SXM", "1536"):
        assert words in out


def test_arch_list_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arch", "list", "--json")
    data = json.loads(out)
    assert code == 0
    assert len(data["archs"]) == 21 and len(data["boards"]) == 15
    h = next(a for a in data["archs"] if a["name"] == "sm_90")
    assert h["shared_mem_per_sm"] == 233472 and h["sources"]["shared_mem_per_sm"]


def test_arch_show_json_with_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arch", "show", "sm_90", "--json")
    data = json.loads(out)
    assert code == 0 and data["board"] is None
    arch = data["arch"]
    assert arch["name"] == "sm_90" and arch["family"] == "Hopper"
    assert arch["max_blocks_per_sm"] == 32
    assert "occ13" in arch["sources"]["max_blocks_per_sm"]
    assert set(data["boards"]) == {"H100 SXM", "H100 PCIe", "H200"}


def test_arch_show_board(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arch", "show", "GTX 480", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["board"]["name"] == "GTX 480" and data["board"]["l2_bytes"] == 786432
    assert data["arch"]["name"] == "sm_20"
    assert "seed-000" in data["arch"]["sources"]["max_threads_per_sm"]


def test_arch_show_table_lists_sources(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "arch", "show", "gtx480")
    assert code == 0
    assert "max_threads_per_sm" in out and "1536" in out
    assert "seed-000" in out and "Sources" in out


def test_arch_show_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "arch", "show", "sm_13")
    assert code == 2 and out == ""
    assert err.startswith("error: unknown architecture 'sm_13'") and err.count("\n") == 1


def test_arch_list_markdown_is_the_doc(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    code, out, _ = run(capsys, "arch", "list", "--markdown")
    assert code == 0
    doc = Path(__file__).resolve().parents[1] / "docs" / "architectures.md"
    assert out == doc.read_text(encoding="utf-8")
