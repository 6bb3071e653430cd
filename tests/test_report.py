"""gpuadvisor report: heatmap grids, files written, and what a reader finds in them."""

from __future__ import annotations

import re

import numpy as np
import pytest

from gpuadvisor import cli
from gpuadvisor.paths import fixtures_dir
from gpuadvisor.report.build import build_report
from gpuadvisor.report.format import fmt_short, metric_title
from gpuadvisor.report.plots import MISSING, NO_VALUE, build_grid, heatmap_metrics, use_log_scale
from gpuadvisor.sweep import read_sweep

SEEDS = fixtures_dir() / "seeds"
SEED_MATMUL = SEEDS / "000_table4_matmul_naive.csv"
SEED_RANDOM = SEEDS / "000_table2_random_copy.csv"
HOPPER_MATMUL = fixtures_dir() / "hopper" / "sweeps" / "matmul_naive.csv"


def run_cli(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    out, err = capsys.readouterr()
    return (0 if exc.value.code is None else int(exc.value.code)), out, err


@pytest.fixture(scope="module")
def seed_report(tmp_path_factory):
    """One report of the GTX 480 naive matmul table (000 Table IV), shared by the tests."""
    df, provenance = read_sweep(SEED_MATMUL)
    out = tmp_path_factory.mktemp("seed-report")
    return build_report(df, provenance, out, markdown=True, name=SEED_MATMUL.name)


# ---------------------------------------------------------------------------- grids


def test_grid_is_rows_block_y_by_columns_block_x_with_the_best_marked():
    df, _ = read_sweep(SEED_MATMUL)
    grid = build_grid(df, "matmul_naive", "default", "time_ms")
    assert grid.rows == [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]
    assert grid.cols == grid.rows
    # 000 Table IV(a): 1x1 867,208 ms; best 128 columns x 2 rows, 5,856 ms (000 §VI.D)
    assert grid.values[0, 0] == 867208
    assert grid.best_shape == (128, 2) and grid.best_time == 5856
    r, c = grid.best
    assert grid.values[r, c] == np.nanmin(grid.values)
    # shapes over 1024 threads are not in the table: blank cells, not zeros
    assert grid.states[grid.rows.index(2)][grid.cols.index(1024)] == MISSING
    assert np.isnan(grid.values[grid.rows.index(2), grid.cols.index(1024)])


def test_metric_grid_marks_the_fastest_cell_and_na_for_uncollected_values():
    df, _ = read_sweep(SEED_MATMUL)
    grid = build_grid(df, "matmul_naive", "default", "l1_global_load_misses")
    assert grid.best_shape == (128, 2)  # the fastest configuration, whatever the metric
    # Table IV(b) printed '-' for the shapes under 32 threads: ran, metric not collected
    assert grid.states[0][0] == NO_VALUE
    assert grid.values[grid.rows.index(32), grid.cols.index(32)] == 30e6


def test_invalid_rows_are_their_own_cell_state():
    df, _ = read_sweep(SEED_RANDOM)
    grid = build_grid(df, "random_copy", "default", "time_ms")
    assert grid.states[grid.rows.index(1)][grid.cols.index(1024)] == "invalid"
    assert grid.best_shape == (1, 128)  # 000 Table II: 346.73 ms


def test_log_scale_only_for_wide_positive_ranges():
    df, _ = read_sweep(SEED_MATMUL)
    assert use_log_scale(build_grid(df, "matmul_naive", "default", "time_ms"))  # 148x range
    hopper, _ = read_sweep(HOPPER_MATMUL)
    assert not use_log_scale(build_grid(hopper, "matmul_naive", "default", "gld_efficiency"))


def test_default_metrics_are_time_and_collected_metrics():
    df, _ = read_sweep(SEED_MATMUL)
    metrics, notes = heatmap_metrics(df)
    assert metrics == ["time_ms", "l1_global_load_misses"]
    hopper, _ = read_sweep(HOPPER_MATMUL)
    metrics, notes = heatmap_metrics(hopper)
    assert metrics[0] == "time_ms" and "gld_efficiency" in metrics
    assert "duration_ms" not in metrics  # replay durations next to real times
    assert not any(m.startswith("ncu_") for m in metrics)  # raw extras only on request
    assert all(m in hopper.columns for m in metrics)


def test_formats_and_units():
    assert fmt_short(867208) == "867k" and fmt_short(53982) == "54.0k"
    assert fmt_short(4294e6) == "4.29G" and fmt_short(5856) == "5856"
    assert metric_title("time_ms") == "time (ms)"
    assert metric_title("gld_efficiency") == "global load efficiency (%)"
    assert metric_title("stall_memory_dependency") == (
        "stall: memory dependency (% of stall cycles)")


# ---------------------------------------------------------------------------- files


def test_report_writes_png_svg_html_and_markdown(seed_report):
    names = sorted(p.name for p in seed_report.out_dir.iterdir())
    assert names == [
        "matmul_naive__default__l1_global_load_misses.png",
        "matmul_naive__default__l1_global_load_misses.svg",
        "matmul_naive__default__time_ms.png",
        "matmul_naive__default__time_ms.svg",
        "report.html",
        "report.md",
    ]
    png = (seed_report.out_dir / "matmul_naive__default__time_ms.png").read_bytes()
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 20_000


def test_svg_carries_title_units_values_and_best_marker(seed_report):
    svg = (seed_report.out_dir / "matmul_naive__default__time_ms.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    assert "matmul_naive — time (ms)" in svg
    assert "GeForce GTX 480 · cache config: default" in svg
    assert "time (ms), log scale" in svg
    assert "fastest in this map: 128x2 (5,856 ms)" in svg
    assert ">867k<" in svg and ">5856<" in svg  # cells annotated with their values
    misses = (seed_report.out_dir / "matmul_naive__default__l1_global_load_misses.svg")
    text = misses.read_text()
    assert "L1 global load misses (count)" in text and ">n/a<" in text


def test_html_is_self_contained_and_has_ranking_heatmaps_provenance(seed_report):
    html = seed_report.html.read_text()
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", html, re.I)
    assert "<script" not in html.lower() and "<link" not in html.lower()
    assert "@import" not in html and "url(" not in html
    assert html.count('src="data:image/svg+xml;base64,') == 2
    ranking = html[html.index('id="ranking"'):html.index('id="heatmaps"')]
    first = re.search(r"<tr><td class=\"num\">1</td><td><code>(\w+)</code></td><td>([^<]+)",
                      ranking)
    assert first.groups() == ("matmul_naive", seed_report.ranking[0]["label"])
    assert seed_report.ranking[0]["time_ms"] is not None
    assert "000_770ec87ece37c3be.txt Table IV" in html  # provenance of the sweep
    assert "Summary and kernel characterization" in html
    assert "128x2: 5,856 ms" in html  # the fastest configuration in the summary


def test_markdown_summary_links_the_pngs(seed_report):
    md = seed_report.markdown.read_text()
    assert md.startswith("# gpuadvisor report: 000_table4_matmul_naive.csv on GeForce GTX 480")
    assert "| fastest | 128x2: 5,856 ms |" in md
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", md)
    assert links and all((seed_report.out_dir / link).is_file() for link in links)


def test_cli_report_with_one_metric_and_one_format(tmp_path, capsys):
    code, out, err = run_cli(["report", str(SEED_RANDOM), "-o", str(tmp_path), "--metric",
                              "time_ms", "--format", "svg"], capsys)
    assert "wrote 1 heatmap and" in out
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "random_copy__default__time_ms.svg", "report.html"]
    svg = (tmp_path / "random_copy__default__time_ms.svg").read_text()
    assert ">invalid<" in svg and "did not run (invalid)" in svg
    assert "random_copy" in out


def test_cli_report_unknown_metric_is_one_line(tmp_path, capsys):
    code, out, err = run_cli(["report", str(SEED_MATMUL), "-o", str(tmp_path), "--metric",
                              "warp_magic"], capsys)
    assert code == 2
    assert err.count("\n") == 1 and err.startswith("error: no column warp_magic")


def test_report_without_the_analysis_module_ranks_by_time(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "gpuadvisor.analysis", None)
    df, provenance = read_sweep(SEED_RANDOM)
    report = build_report(df, provenance, tmp_path, metrics=["time_ms"], formats=("svg",))
    assert not report.rules_applied
    times = [r["time_ms"] for r in report.ranking]
    assert times == sorted(times) and len(times) == (df["status"] == "ok").sum()
    assert report.ranking[0]["label"] == "1x128"
    assert report.ranking[0]["time_ms"] == pytest.approx(346.73)
    html = report.html.read_text()
    assert "rules not applied" in html and "by measured time" in html


def test_cli_report_formats_comma_separated(tmp_path, capsys):
    code, _, err = run_cli(["report", str(SEED_RANDOM), "-o", str(tmp_path), "-m", "time_ms",
                            "--format", "png,svg"], capsys)
    assert code == 0, err
    assert {p.suffix for p in tmp_path.iterdir()} == {".png", ".svg", ".html"}
    code, _, err = run_cli(["report", str(SEED_RANDOM), "-o", str(tmp_path), "--format",
                            "gif"], capsys)
    assert code == 2 and err == "error: --format takes png and/or svg, got gif\n"
