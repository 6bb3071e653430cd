"""A small sweep table read without pandas gives what read_sweep gives, or is left to it."""

from __future__ import annotations

import csv
import io
import json
import math
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from all_fixtures import ALL_FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuadvisor.analysis import analyze_sweep
from gpuadvisor.analysis_report import load_inputs
from gpuadvisor.cli import main
from gpuadvisor.errors import UserError
from gpuadvisor.rows import Table, column_lists
from gpuadvisor.rules.engine import load_rules
from gpuadvisor.small_sweep import read_small_sweep
from gpuadvisor.sweep import looks_like_sweep, read_sweep

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
SWEEP_CSVS = sorted(p for p in FIXTURES.rglob("*.csv") if looks_like_sweep(p))
PROFILE = FIXTURES / "hopper" / "profile" / "profile_16x16.csv"


def _same(a: object, b: object) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)  # type: ignore[arg-type]
    return a == b


def _assert_same_columns(path: Path, sweep: tuple | None = None) -> bool:
    """True when the small reader took the file (and gave read_sweep's columns). ``sweep``:
    read_sweep's result for ``path`` where the caller has read it already (not read twice)."""
    small = read_small_sweep(path)
    if small is None:
        return False
    df, provenance = sweep if sweep is not None else read_sweep(path)
    ref = column_lists(df)
    table, prov = small
    assert prov == provenance
    assert list(table) == list(ref)
    for name, values in ref.items():
        got = table[name]
        assert len(got) == len(values), name
        wrong = [(i, v, g) for i, (v, g) in enumerate(zip(values, got, strict=True))
                 if not _same(v, g)]
        assert not wrong, f"{path.name}: column {name}: (row, read_sweep, small) {wrong[:3]}"
    return True


#: The blind sets' recordings and the live searches' tables (~1,000 of the ~1,300, written by
#: the same two recorders, tools/record_calibration.sh and `tune`): one in SAMPLE_EVERY of
#: them by default, every other table always. GPUADVISOR_ALL_FIXTURES=1 compares them all (do
#: that after changing either reader).
SAMPLE_EVERY = 6
_BULK = ("blind", "default-search")


def _bulk(path: Path) -> bool:
    parts = path.relative_to(FIXTURES).parts
    return len(parts) > 1 and parts[0] == "hopper" and parts[1].startswith(_BULK)


_BULK_CSVS = [p for p in SWEEP_CSVS if _bulk(p)]
COMPARED = SWEEP_CSVS if ALL_FIXTURES else sorted(
    {*(p for p in SWEEP_CSVS if not _bulk(p)), *_BULK_CSVS[::SAMPLE_EVERY]})
#: The compared tables in four shards, so that test workers share them.
SHARDS = 4


@pytest.mark.parametrize("shard", range(SHARDS))
def test_recorded_tables_read_as_read_sweep_reads_them(shard):
    for path in COMPARED[shard::SHARDS]:
        try:
            sweep = read_sweep(path)
        except UserError:
            continue  # read_sweep refuses it: nothing to compare with
        _assert_same_columns(path, sweep)


def test_most_recorded_tables_are_taken_by_the_small_reader():
    # Most recorded tables are small and clean; the rest (missing grid cells, large files)
    # go to pandas (what each gives is compared above).
    taken = [p for p in COMPARED if read_small_sweep(p) is not None]
    assert len(taken) >= 150 and len(taken) >= 0.9 * len(COMPARED), (len(taken), len(COMPARED))
    assert PROFILE in taken


ANALYZED = [PROFILE, FIXTURES / "hopper/blind5/h200/lut_map.csv",
            FIXTURES / "hopper/sweeps/matrix_add.csv",
            FIXTURES / "hopper/blind5/h100/median3x3.csv",
            FIXTURES / "hopper/new-kernels/h100/transpose_naive.csv",
            FIXTURES / "seeds/000_table4_matmul_naive.csv"]


@pytest.mark.parametrize("path", ANALYZED, ids=lambda p: f"{p.parent.name}/{p.name}")
@pytest.mark.parametrize("rule_only", [False, True], ids=["measured", "rule-only"])
def test_analysis_of_the_columns_equals_the_analysis_of_the_dataframe(path, rule_only):
    rules = load_rules()
    table, provenance, _ = load_inputs([path], columns=True)
    assert isinstance(table, Table)
    df, provenance_df, _ = load_inputs([path])
    assert provenance == provenance_df
    fast = analyze_sweep(table, rules=rules, provenance=provenance, rule_only=rule_only)
    slow = analyze_sweep(df, rules=rules, provenance=provenance, rule_only=rule_only)
    assert fast.to_dict(top=None) == slow.to_dict(top=None)


def test_one_profile_is_analyzed_without_importing_pandas():
    code = ("import sys; from gpuadvisor.cli import main\n"
            "try:\n"
            f"    main(['analyze', {str(PROFILE)!r}, '--rule-only', '--json'])\n"
            "except SystemExit as e:\n"
            "    assert not e.code, e.code\n"
            "sys.stderr.write(str('pandas' in sys.modules))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert done.stderr.strip().endswith("False")
    assert json.loads(done.stdout)["ranking"][0]["kernel"] == "matmul_naive"


HEADER = "kernel,block_x,block_y,grid_x,grid_y,grid_z,time_ms"


def _write(tmp_path: Path, body: str, name: str = "t.csv") -> Path:
    path = tmp_path / name
    path.write_text(body)
    return path


@pytest.mark.parametrize("extra", [
    ("l2_flushed", ["True", "False"]),   # booleans
    ("l2_flushed", ["True", ""]),        # booleans and a missing cell
    ("note", ["12", "fast"]),            # text with a number in it stays text
    ("note", ["12", ""]),                # integers with a missing cell: floats
    ("note", ["12", "13"]),              # integers
    ("note", ["1.5", "2"]),              # numbers
    ("note", ["", ""]),                  # nothing
    ("gpu", ["NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3"]),
    ("profiler_version", ["2025.3", "2025.3"]),  # a contract text column pandas reads as float
], ids=lambda e: f"{e[0]}={'|'.join(e[1])}")
def test_inferred_columns_read_as_pandas_infers_them(tmp_path, extra):
    name, cells = extra
    body = (f"# generator: test\n{HEADER},{name}\n"
            f"k,32,8,4,4,1,0.5,{cells[0]}\nk,64,4,2,4,1,0.25,{cells[1]}\n")
    assert _assert_same_columns(_write(tmp_path, body))


@pytest.mark.parametrize("row", [
    "k,abc,8,4,4,1,0.5",        # a bad integer: intake's error
    "k,32,8,4,4,1,inf",         # not a finite time
    "k,32,8,4,4,1,NA",          # a cell pandas reads as missing
    "k,32,8,,4,1,0.5",          # a missing grid cell (pandas' NA)
    "k,True,8,4,4,1,0.5",       # a boolean where an integer belongs
    "k, 32,8,4,4,1,0.5",        # spaces around a value
    "k,32,8,4,4,1,0.5 # note",  # a comment after data
    ",32,8,4,4,1,0.5",          # no kernel name
    "k,32,8,4,4,1",             # a short row
])
def test_anything_pandas_or_intake_must_decide_is_left_to_them(tmp_path, row):
    path = _write(tmp_path, f"{HEADER}\nk,64,4,2,4,1,0.25\n{row}\n")
    assert read_small_sweep(path) is None


def test_a_cut_off_file_still_gets_intakes_error(tmp_path, capsys):
    path = _write(tmp_path, f"{HEADER}\nk,64,4,2,4,1,0.25\nk,32,8,4")
    assert read_small_sweep(path) is None
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path), "--rule-only"])
    assert stop.value.code == 2
    assert f"{path}:3: the last line is cut off (4 of 7 columns)" in capsys.readouterr().err


def test_a_bad_cell_still_gets_intakes_error(tmp_path, capsys):
    path = _write(tmp_path, f"{HEADER}\nk,64,4,2,4,1,0.25\nk,abc,8,4,4,1,0.5\n")
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path)])
    assert stop.value.code == 2
    assert f"{path}:3: column block_x: 'abc' is not an integer" in capsys.readouterr().err


# ----------------------------------------------------------------------------- fuzz

BASES = [FIXTURES / "hopper" / "blind5" / "h100" / "lut_map.csv", PROFILE,
         FIXTURES / "hopper" / "atomics" / "digit_hist.csv",
         FIXTURES / "seeds" / "000_table3_matrix_add.csv"]
TRICKY = ["", "abc", "NA", "nan", "None", "True", "false", "TRUE", "+5", "007", "1.", ".5",
          "1e3", "1e400", "-0", "32.0", "2025.3", "x y", "a,b", " 7", "inf", "-Infinity", "NAN",
          "12%", "9007199254740993", "-3", "0", "ok", "failed", "default", "l1_off",
          "carveout_50", "١٢", "1_000", "+.5", "1E+05", "0x20"]


@st.composite
def mangled_small_tables(draw):
    """A real recorded table with some cells replaced, a column dropped, the end cut off."""
    lines = draw(st.sampled_from(BASES)).read_text().splitlines(keepends=True)
    comments = [line for line in lines if line.startswith("#")]
    records = list(csv.reader(line for line in lines if not line.startswith("#")))
    header, rows = records[0], records[1:]
    for _ in range(draw(st.integers(0, 2))):
        row = draw(st.integers(0, len(rows) - 1))
        column = draw(st.integers(0, len(header) - 1))
        rows[row][column] = draw(st.sampled_from(TRICKY))
    if draw(st.booleans()):
        drop = draw(st.integers(0, len(header) - 1))
        header = header[:drop] + header[drop + 1:]
        rows = [r[:drop] + r[drop + 1:] for r in rows]
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows([header, *rows])
    text = "".join(comments) + out.getvalue()
    if draw(st.integers(0, 3)) == 0:
        text = text[:draw(st.integers(len(text) // 2, len(text)))]
    return text


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled_small_tables())
def test_fuzz_the_small_reader_takes_only_what_read_sweep_reads_the_same(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.csv"
        path.write_text(text)
        small = read_small_sweep(path)
        if small is None:
            return
        try:
            sweep = read_sweep(path)
        except UserError as err:  # pragma: no cover - the property's failure
            raise AssertionError(f"the small reader took what read_sweep refuses: {err}") from err
        assert _assert_same_columns(path, sweep)


@pytest.mark.parametrize("column", ["ncu_stall_barrier", "dram_bytes_read",
                                    "l1_global_store_requests"])
@pytest.mark.parametrize("cell", ["5", "+5", "0"])
def test_declared_float_counters_read_as_floats_whatever_their_cells(tmp_path, column, cell):
    """A counter intake declares a float, written without a decimal point (the fuzz test's
    "+5" in ncu_stall_barrier): pandas alone would make the column ints; both readers give
    the declared float."""
    lines = PROFILE.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if not line.startswith("#"))
    rows = list(csv.reader(lines[at:]))
    rows[1][rows[0].index(column)] = cell
    path = tmp_path / "profile.csv"
    with path.open("w", newline="") as fh:
        fh.write("\n".join(lines[:at]) + "\n")
        csv.writer(fh, lineterminator="\n").writerows(rows)
    df, provenance = read_sweep(path)
    assert df[column].dtype == "float64" and df[column].iloc[0] == float(cell)
    assert _assert_same_columns(path, (df, provenance))  # the small reader took it, and agrees
