"""The access-model fit remembered by exactly what it reads (issue 13, fourteenth pass).

``access_model.fit_kernel_shared`` gives ``fit_kernel``'s result for every kernel's rows and
reference, shares one fit between tables whose rows hold the very same cells (a review's two
tables, kernels profiled alike), and fits again where any cell it reads differs, down to the
sign of a zero.
"""

from __future__ import annotations

from pathlib import Path

from gpuadvisor.access_model import fit_kernel, fit_kernel_shared
from gpuadvisor.rows import TableRows, column_lists
from gpuadvisor.sweep import read_sweep

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures/hopper/sweeps/matmul_naive.csv"


def _rows(change: tuple[str, int, float] | None = None) -> TableRows:
    df = read_sweep(FIXTURE)[0]
    if change is not None:
        column, row, value = change
        df = df.copy()
        df.loc[df.index[row], column] = value
    table = column_lists(df)
    return TableRows(table, list(range(table.rows())))


def test_shared_fits_are_fit_kernels_and_only_equal_cells_share() -> None:
    rows = _rows()
    known: dict = {}
    profiled = [i for i, r in enumerate(rows)
                if (r.get("sectors_per_request") or 0) == (r.get("sectors_per_request") or 0)
                and (r.get("sectors_per_request") or 0) > 0]
    assert len(profiled) >= 3
    for i in profiled[:3]:  # each reference its own fit, as fit_kernel makes it
        assert fit_kernel_shared(rows, rows[i], known) == fit_kernel(rows, rows[i])
    assert len(known) == 3
    again = _rows()  # another table of the very same cells: the same fit object
    fitted = fit_kernel_shared(again, again[profiled[0]], known)
    assert len(known) == 3 and fitted is fit_kernel_shared(rows, rows[profiled[0]], known)
    for value in (0.0, -0.0, 1.5):  # a changed cell, even a zero's sign: fitted again
        changed = _rows(("sectors_per_request", profiled[-1], value))
        size = len(known)
        fitted = fit_kernel_shared(changed, changed[profiled[0]], known)
        assert len(known) == size + 1
        assert fitted == fit_kernel(changed, changed[profiled[0]])
    size = len(known)  # a reference that is not one of the rows: fitted each time
    assert fit_kernel_shared(rows[1:], rows[0], known) == fit_kernel(rows[1:], rows[0])
    assert len(known) == size
