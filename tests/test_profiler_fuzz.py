"""Property-based robustness: every parser, fed mangled versions of the real recorded outputs,
either returns rows or raises a UserError (one clear line). Nothing else escapes.

Mangling: truncation, dropped/duplicated/swapped lines, random bytes, swapped separators,
mutated numbers, lines from another recording. 500 examples go through the parsing layer
(records); a few hundred through the whole path (DataFrame, importer, CLI detection).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpuadvisor.errors import UserError
from gpuadvisor.profilers.base import split_value
from gpuadvisor.profilers.detect import detect_text_format
from gpuadvisor.profilers.ncu import ncu_csv_records, parse_ncu_csv
from gpuadvisor.profilers.nvprof import nvprof_records, parse_nvprof

FIX = Path(__file__).resolve().parents[1] / "fixtures"
SAMPLES = sorted(
    p for folder in ("nvprof", "ncu-samples", "hopper/ncu") if (FIX / folder).is_dir()
    for p in (FIX / folder).iterdir()
    if p.is_file() and p.suffix not in (".md", ".ncu-rep")
)
TEXTS = [p.read_text(errors="replace") for p in SAMPLES]
NUMBER = re.compile(r"\d[\d,.]*")
NASTY_NUMBERS = ["", "n/a", "nan", "inf", "-1", "1e309", "-1e309", "1,2,3", "99999999999999999999",
                 "0x1F", "1.2.3", "%", "High (7)", "(1, 2)", '"', ",", "1e-400", "٣"]
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                      HealthCheck.data_too_large])


@st.composite
def mangled(draw) -> str:
    """A real recording, mangled 1-4 times."""
    text = draw(st.sampled_from(TEXTS))
    lines = text.splitlines()
    if len(lines) > 60 and draw(st.booleans()):  # keep examples small: a window of lines
        start = draw(st.integers(0, len(lines) - 1))
        head = [ln for ln in lines[:25] if ln.startswith(("#", "==", '"ID"', '"Device"',
                                                         '"Start"', "Invocations"))]
        lines = head + lines[start:start + draw(st.integers(1, 40))]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["truncate", "drop", "dup", "swap", "bytes", "sep", "number",
                                   "foreign", "quote", "blank"]))
        if not lines:
            lines = [""]
        i = draw(st.integers(0, len(lines) - 1))
        j = draw(st.integers(0, len(lines) - 1))
        if op == "truncate":
            joined = "\n".join(lines)
            lines = joined[: draw(st.integers(0, len(joined)))].splitlines()
        elif op == "drop":
            del lines[i]
        elif op == "dup":
            lines.insert(j, lines[i])
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "bytes":
            junk = draw(st.binary(min_size=1, max_size=12)).decode("latin-1")
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + junk + lines[i][at:]
        elif op == "sep":
            old, new = draw(st.sampled_from([(",", ";"), (",", "\t"), ('","', '" , "'),
                                             (" ", "\t"), (",", ",,"), ('"', "'")]))
            if draw(st.booleans()):
                lines[i] = lines[i].replace(old, new)
            else:
                lines = [ln.replace(old, new) for ln in lines]
        elif op == "number":
            matches = list(NUMBER.finditer(lines[i]))
            if matches:
                m = draw(st.sampled_from(matches))
                repl = draw(st.one_of(st.sampled_from(NASTY_NUMBERS),
                                      st.floats(allow_nan=True, allow_infinity=True).map(str),
                                      st.integers().map(lambda n: f"{n:,}")))
                lines[i] = lines[i][:m.start()] + repl + lines[i][m.end():]
        elif op == "foreign":
            other = draw(st.sampled_from(TEXTS)).splitlines()
            if other:
                lines.insert(j, draw(st.sampled_from(other)))
        elif op == "quote":
            lines[i] = lines[i].replace('"', "", draw(st.integers(1, 3)))
        elif op == "blank":
            lines.insert(j, "")
    return "\n".join(lines)


def _check_records(records: list[dict]) -> None:
    assert isinstance(records, list) and records
    for rec in records:
        assert isinstance(rec.get("kernel"), str) and rec["kernel"]
        for key, value in rec.items():
            if isinstance(value, float):
                assert not math.isinf(value), key
        stalls = [v for k, v in rec.items() if k.startswith("stall_") and v == v]
        if rec.get("profiler") == "ncu" and stalls:
            assert sum(stalls) == pytest.approx(100.0)


def _only_user_errors(func, text):
    try:
        return func(text, source="fuzz")
    except UserError as err:
        assert "\n" not in str(err), "errors are one line"
        assert str(err)
        return None


@pytest.mark.skipif(not TEXTS, reason="no recorded samples")
# 500 mangled recordings (was 2500, then 1000; issue 13, CI time): about 30 per recorded
# sample, each mangled 1-4 times by 10 kinds of damage, and the two tests below parse 210 more
# end to end.
@settings(max_examples=500, **SETTINGS)
@given(mangled())
def test_parsers_raise_only_user_errors(text):
    for parse in (ncu_csv_records, nvprof_records):
        records = _only_user_errors(parse, text)
        if records is not None:
            _check_records(records)
    assert detect_text_format(text) in (None, "sweep", "ncu-csv-raw", "ncu-csv-details",
                                        "nvprof-csv-results", "nvprof-csv-trace",
                                        "nvprof-csv-summary", "nvprof-text-results",
                                        "nvprof-text-summary")


@pytest.mark.skipif(not TEXTS, reason="no recorded samples")
@settings(max_examples=150, **SETTINGS)  # was 300 (issue 13, CI time)
@given(mangled())
def test_whole_parse_to_sweep_table_raises_only_user_errors(text):
    for parse in (parse_ncu_csv, parse_nvprof):
        table = _only_user_errors(parse, text)
        if table is not None:
            assert len(table) > 0 and "kernel" in table.columns


@pytest.mark.skipif(not TEXTS, reason="no recorded samples")
@settings(max_examples=60, **SETTINGS)  # was 150 (issue 13, CI time): ~30 ms an example
@given(mangled())
def test_importer_on_mangled_files_raises_only_user_errors(tmp_path_factory, text):
    from gpuadvisor.importer import import_files

    path = tmp_path_factory.mktemp("fuzz") / "input.csv"
    path.write_text(text, errors="replace")
    table = _only_user_errors(lambda p, source: import_files([p]), path)
    if table is not None:
        assert "kernel" in table.columns


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=-10**15, max_value=10**15))
def test_thousands_separators_read_back_exactly(n):
    assert split_value(f"{n:,}")[0] == n
    assert split_value(f'"{n:,}"')[0] == n


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_split_value_never_fails(text):
    value, unit = split_value(text)
    assert isinstance(value, float) and isinstance(unit, str)
    assert not math.isinf(value)
