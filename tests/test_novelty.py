"""Rule-only advice says when a profile's memory access is unlike every calibration kernel's
(issue 11: "when the profile shows a pattern no calibration kernel had, say so")."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gpuadvisor import novelty
from gpuadvisor.cli import app
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.sweep import read_sweep
from gpuadvisor.validation import novelty_reference, one_profile_view

HOPPER = fixtures_dir() / "hopper"


def _one_profile(path: Path, tmp_path: Path) -> Path:
    out = tmp_path / f"{path.stem}_one.csv"
    one_profile_view(read_sweep(path)[0]).to_csv(out, index=False)
    return out


def _notes(path: Path, *extra: str) -> list[str]:
    done = CliRunner().invoke(app, ["analyze", str(path), "--json", *extra])
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)["kernels"][0]["notes"]


def test_the_committed_reference_is_the_calibration_sets_profiles() -> None:
    committed = json.loads(novelty.REFERENCE.read_text(encoding="utf-8"))
    assert committed == novelty_reference()
    assert committed["features"] == list(novelty.FEATURES)
    # the calibration fixtures and new H100 kernels with counters (seed tables have none)
    assert len(committed["kernels"]) == 47
    assert {"matmul_naive", "transpose_naive", "gemv_rows"} <= {
        k["kernel"] for k in committed["kernels"]}


def test_signature_reads_efficiency_from_sectors_per_request_and_the_l1_hit_rate() -> None:
    # vecint_warp3d (blind set 24) at 32x8: 26.9 load and 4.0 store sectors per request
    row = {"block_x": 32, "block_y": 8, "block_z": 1, "sectors_per_request": 26.9,
           "store_sectors_per_request": 4.0, "l1_hit_rate": 70.0}
    assert novelty.signature(row) == pytest.approx(
        {"load_efficiency": 4 / 26.9, "store_efficiency": 1.0, "l1_hit_rate": 0.70})
    # a missing counter leaves its feature out; distance is scaled to all three features
    partial = {"load_efficiency": 0.5}
    assert novelty.distance(partial, {"load_efficiency": 0.2, "l1_hit_rate": 0.9}) == \
        pytest.approx(math.sqrt(0.3 ** 2 * 3))
    assert novelty.distance(partial, {"l1_hit_rate": 0.9}) is None


def test_the_threshold_is_the_quantile_of_nearest_other_family_distances() -> None:
    kernels = [{"kernel": k, "family": f, "fixture": "-", "signature": {"load_efficiency": x}}
               for k, f, x in (("a", "a", 0.0), ("a_big", "a", 0.01), ("b", "b", 0.1),
                               ("c", "c", 0.4), ("d", "d", 1.0))]
    doc = novelty.reference_document(kernels)
    # nearest of another family (x sqrt(3), one feature of three): a 0.1, a_big 0.09,
    # b 0.09, c 0.3, d 0.6; sorted, the 75th percentile of five is the fourth
    assert doc["threshold"] == pytest.approx(round(0.3 * math.sqrt(3), 6))


def test_a_warp_gather_unlike_the_calibration_set_is_told_to_time_the_shortlist(
        tmp_path: Path) -> None:
    notes = _notes(_one_profile(HOPPER / "blind24" / "h100" / "vecint_warp3d.csv", tmp_path),
                   "--rule-only")
    (note,) = [n for n in notes if n.startswith("profile unlike the calibration set")]
    assert "at 32x8 load efficiency 15%, store efficiency 100%, L1 hit rate 70%" in note
    assert "the nearest calibration kernel, gemv_rows, is 0.17 away, beyond 0.14" in note
    assert note.endswith("so time the shortlist")


def test_a_calibration_kernels_own_profile_is_like_the_set(tmp_path: Path) -> None:
    notes = _notes(_one_profile(HOPPER / "sweeps" / "matmul_naive.csv", tmp_path),
                   "--rule-only")
    (note,) = [n for n in notes if n.startswith("profile like the calibration set's")]
    assert "nearest calibration kernel matmul_naive (0.00 away, within 0.14)" in note


def test_a_measured_sweep_has_no_novelty_note() -> None:
    """Measured times rank a sweep: where the access lies does not change the advice."""
    notes = _notes(HOPPER / "blind24" / "h100" / "vecint_warp3d.csv")
    assert not [n for n in notes if "calibration set" in n]


def test_no_reference_file_means_no_note(monkeypatch: pytest.MonkeyPatch,
                                         tmp_path: Path) -> None:
    monkeypatch.setattr(novelty, "REFERENCE", tmp_path / "missing.json")
    assert novelty.assess({"block_x": 32, "block_y": 8, "sectors_per_request": 8.0}) is None
