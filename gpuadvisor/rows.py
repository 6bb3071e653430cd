"""Rows of a table as read-only mappings over its columns (issue 13).

``DataFrame.to_dict(orient="records")`` builds one dict per row: on a 100,000-row table with
~90 columns that alone took longer than reading the file. :func:`row_views` converts each
column once to a list of the very values ``to_dict`` would give (same boxing of NumPy and
extension scalars) and returns one small :class:`RowView` per row that looks values up there.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from gpuadvisor.row_codes import shape_codes, spread

#: Classes ``maybe_box_native`` returns unchanged.
_NATIVE = frozenset({str, float, int, bool, type(None)})
_NATIVE_OR_NA: frozenset[type] | None = None  # and pandas' NA (set when pandas is in)


class _FloatArray:
    """A float64 column of a DataFrame not yet made a list (see :class:`Table`)."""

    __slots__ = ("array",)

    def __init__(self, array: Any) -> None:
        self.array = array

    def __len__(self) -> int:
        return len(self.array)


class Table(dict):  # type: ignore[type-arg]
    """Column name -> list of cells (a dict to read), with per-column caches.

    :func:`column_lists` leaves a DataFrame's float64 columns as their arrays until a reader
    asks for one as a list (``table[key]``, ``get``, ``items``, ``values``): a sweep has ~90
    columns, most read at a few rows or through :meth:`floats` only, and the lists of every
    column were ~9 million Python floats at 100,000 rows. The lists are the ones ``tolist``
    gives, made on first use.
    """

    def __getitem__(self, key: str) -> Any:
        col = dict.__getitem__(self, key)
        return col if col.__class__ is not _FloatArray else self._made(key, col)

    def get(self, key: str, default: Any = None) -> Any:
        col = dict.get(self, key, default)
        return col if col.__class__ is not _FloatArray else self._made(key, col)

    def _made(self, key: str, col: _FloatArray) -> list[Any]:
        values = col.array.tolist()
        dict.__setitem__(self, key, values)
        self.__dict__.setdefault("_arrays", {})[key] = col.array
        return values  # type: ignore[no-any-return]

    def float_array(self, key: str) -> Any:
        """The float64 array of a column that came as one (see :func:`column_lists`), else
        None. Read only: it is the column's cells."""
        col = dict.get(self, key)
        if col.__class__ is _FloatArray:
            return col.array  # type: ignore[union-attr]
        return self.__dict__.get("_arrays", {}).get(key)

    def _make_all(self) -> None:
        for key, col in list(dict.items(self)):
            if col.__class__ is _FloatArray:
                self._made(key, col)

    def items(self) -> Any:
        self._make_all()
        return dict.items(self)

    def values(self) -> Any:
        self._make_all()
        return dict.values(self)

    def copy(self) -> dict[str, Any]:
        self._make_all()
        return dict.copy(self)

    def __eq__(self, other: object) -> bool:
        self._make_all()
        if isinstance(other, Table):
            other._make_all()
        return dict.__eq__(self, other)

    __hash__ = None  # type: ignore[assignment]

    def row_items(self, i: int) -> list[tuple[str, Any]]:
        """(column, cell) of row ``i`` in column order, without making arrays lists."""
        return [(k, col[i] if col.__class__ is not _FloatArray else col.array.item(i))
                for k, col in dict.items(self)]

    def floats(self, key: str) -> list[float | None]:
        """``float(cell)`` of each row (None where it fails, where the cell is NaN or where
        the column is absent), as ``Candidate.value`` reads one cell; worked out once."""
        cache = self.__dict__.setdefault("_floats", {})
        known = cache.get(key)
        if known is None:
            col = dict.get(self, key)
            if col.__class__ is _FloatArray:  # floats_of of its list, from the array
                known = cache[key] = floats_of_array(col.array)
            else:
                known = cache[key] = ([None] * self.rows() if col is None
                                      else floats_of(col))
        return known

    def memo(self, name: str, build: Any) -> Any:
        """``build(self)`` worked out once per table (per-row facts other modules derive
        from whole columns)."""
        cache = self.__dict__.setdefault("_memo", {})
        if name not in cache:
            cache[name] = build(self)
        return cache[name]

    def block_ints(self) -> list[Any]:
        """Each row's ``(int(float(block_x)), int(float(block_y)), int(float(block_z or 1)))``
        as the access model parses a row (None where that raises KeyError, TypeError or
        ValueError, :data:`OVERFLOW` where it raises OverflowError); worked out once."""
        known = self.__dict__.get("_block_ints")
        if known is None:
            n = self.rows()
            xs, ys = self.get("block_x"), self.get("block_y")
            zs = self.get("block_z", [None] * n)
            if xs is None or ys is None:
                known = [None] * n
            else:
                codes = self._shape_codes_for_block_ints(xs, ys, zs)
                known = ([_block_ints(x, y, z) for x, y, z in zip(xs, ys, zs, strict=True)]
                         if codes is None else
                         spread(*codes, lambda i: _block_ints(xs[i], ys[i], zs[i])))
            self.__dict__["_block_ints"] = known
        return known

    def _shape_codes_for_block_ints(self, *cells: list[Any]) -> Any:
        """:func:`~gpuadvisor.row_codes.shape_codes` where rows with one code parse alike in
        :meth:`block_ints` (cells of ints and floats only: a missing ``block_z`` reads 1, a
        NaN one does not parse, and both are NaN to the codes), else None."""
        if not all(set(map(type, column)) <= _INT_OR_FLOAT for column in cells):
            return None
        return shape_codes(self)

    def rows(self) -> int:
        return len(next(iter(dict.values(self)))) if self else 0

    def take(self, index: list[int]) -> Table:
        """The rows at ``index`` (increasing) as a new table holding the very same cells:
        what :func:`column_lists` gives for those rows of the DataFrame, without converting
        them again (review's analyses read the tables its comparison already converted)."""
        n = self.rows()
        if len(index) == n:
            return self
        if index and index[-1] - index[0] + 1 == len(index):  # one run of rows: slices
            lo, hi = index[0], index[-1] + 1
            return Table({k: col[lo:hi] if col.__class__ is not _FloatArray
                          else _FloatArray(col.array[lo:hi]) for k, col in dict.items(self)})
        return Table({k: [col[i] for i in index] if col.__class__ is not _FloatArray
                      else _FloatArray(col.array[index]) for k, col in dict.items(self)})

    def views(self) -> list[RowView]:
        """One :class:`RowView` per row, in order."""
        return [RowView(self, i) for i in range(self.rows())]


_INT_OR_FLOAT = frozenset({int, float})

#: Cell classes :func:`floats_of` converts without a call per cell.
_PLAIN_NUMBERS = frozenset({float, int, type(None)})


def floats_of(col: list[Any]) -> list[float | None]:
    """``numbers.float_or_none`` of each cell: a column of plain floats, ints and Nones (what
    normalized numeric columns hold) in one comprehension, anything else cell by cell."""
    if set(map(type, col)) <= _PLAIN_NUMBERS:
        if len(col) >= _LONG:  # NumPy converts as float() does (None: NaN)
            import numpy as np

            try:
                return floats_of_array(np.array(col, dtype=np.float64))
            except OverflowError:  # an int beyond a float: float() raises it below
                pass
        return [None if v is None or v != v else float(v) for v in col]
    return [_float_or_none(v) for v in col]


#: A column this long is converted with NumPy (shorter ones, e.g. one profile's, in Python).
_LONG = 1024


def floats_of_array(array: Any) -> list[float | None]:
    """:func:`floats_of` of ``array.tolist()`` (a float64 array): its floats, None for NaN."""
    import numpy as np

    values = array.astype(object)
    nan = np.isnan(array)
    if nan.any():
        values[nan] = None
    return values.tolist()  # type: ignore[no-any-return]


def _float_or_none(v: Any) -> float | None:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return None
    return None if f != f else f


#: :meth:`Table.block_ints` of a row whose parse raised OverflowError (raised again on use).
OVERFLOW = object()


def _block_ints(x: Any, y: Any, z: Any) -> Any:
    try:
        return int(float(x)), int(float(y)), int(float(z or 1))
    except (TypeError, ValueError):
        return None
    except OverflowError:
        return OVERFLOW


def as_list(rows: Iterable[Any]) -> list[Any]:
    """``rows`` as a list, the same object when it is one already (a kernel's
    :class:`TableRows` keeps its table indices only if it is not copied)."""
    return rows if isinstance(rows, list) else list(rows)


class TableRows(list):  # type: ignore[type-arg]
    """Views of some rows of one :class:`Table` (a kernel's rows) that know their indices:
    per-kernel reads take the table's parsed columns at :attr:`index` without walking the
    views again (a kernel's rows were walked ~15 times, once per reader). Not to be changed
    after it is made (the index would no longer match). ``views``: the very view objects
    (callers find rows by identity), else new ones."""

    def __init__(self, table: Table, index: list[int], views: list[Any] | None = None) -> None:
        super().__init__([RowView(table, i) for i in index] if views is None else views)
        self.table = table
        self.index = index
        # A kernel's rows are usually one run of the table: a slice then reads a column.
        self._span = (index[0], index[-1] + 1) if index and (
            index[-1] - index[0] + 1 == len(index)) else None

    def pick(self, column: list[Any]) -> list[Any]:
        """The cells of ``column`` (one of the table's) at these rows."""
        if self._span is not None:
            return column[self._span[0]:self._span[1]]
        return [column[i] for i in self.index]


def of_one_table(rows: list[Any]) -> list[Any]:
    """``rows`` as :class:`TableRows` when they are views of one table, else unchanged."""
    if rows.__class__ is TableRows:
        return rows
    one = views_of_one_table(rows)
    return rows if one is None else TableRows(*one, rows)


def views_of_one_table(rows: list[Any]) -> tuple[Table, list[int]] | None:
    """``(table, row indices)`` when every row is a :class:`RowView` of one :class:`Table`
    (per-table caches then replace per-row parsing), else None."""
    if rows.__class__ is TableRows:
        return rows.table, rows.index  # type: ignore[attr-defined]
    if not rows or rows[0].__class__ is not RowView:
        return None
    table = rows[0]._data
    if table.__class__ is not Table:
        return None
    idx = []
    for r in rows:
        if r.__class__ is not RowView or r._data is not table:
            return None
        idx.append(r._i)
    return table, idx


def floats_in(rows: list[Any], key: str) -> list[float | None]:
    """``float_or_none(row.get(key))`` of each row, read from the table's parsed column when
    the rows are views of one table (one lookup per row instead of a parse)."""
    if rows.__class__ is TableRows:
        return rows.pick(rows.table.floats(key))  # type: ignore[attr-defined,no-any-return]
    one = views_of_one_table(rows)
    if one is not None:
        table, idx = one
        col = table.floats(key)
        return [col[i] for i in idx]
    return [_float_or_none(r.get(key)) for r in rows]


def n_rows(columns: Mapping[str, Any]) -> int:
    """Rows of a mapping of columns (a :class:`Table`'s arrays are not made lists for it)."""
    if isinstance(columns, Table):
        return columns.rows()
    return len(next(iter(columns.values()))) if columns else 0


def cells_in(rows: list[Any], key: str) -> list[Any]:
    """``row.get(key)`` of each row, from the table's column when the rows are views of one
    table."""
    if rows.__class__ is TableRows:
        col = rows.table.get(key)  # type: ignore[attr-defined]
        return [None] * len(rows) if col is None else rows.pick(col)  # type: ignore[attr-defined]
    one = views_of_one_table(rows)
    if one is not None:
        table, idx = one
        col = table.get(key)
        return [None] * len(idx) if col is None else [col[i] for i in idx]
    return [r.get(key) for r in rows]


class RowView(Mapping[str, Any]):
    """One row of a :class:`Columns` table, read like the dict ``to_dict`` would give."""

    __slots__ = ("_data", "_i")

    def __init__(self, data: Table | dict[str, list[Any]], i: int) -> None:
        self._data = data
        self._i = i

    def __getitem__(self, key: str) -> Any:
        data = self._data
        if data.__class__ is Table:  # one cell, without making an array column a list
            col = dict.__getitem__(data, key)
            return col[self._i] if col.__class__ is not _FloatArray else col.array.item(self._i)
        return data[key][self._i]

    def get(self, key: str, default: Any = None) -> Any:
        data = self._data
        if data.__class__ is Table:  # one cell, without making an array column a list
            col = dict.get(data, key)
            if col.__class__ is _FloatArray:
                return col.array.item(self._i)  # type: ignore[union-attr]
        else:
            col = data.get(key)
        return default if col is None else col[self._i]

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def items(self) -> Any:  # a list of pairs: what callers iterate
        i = self._i
        data = self._data
        if data.__class__ is Table:
            return data.row_items(i)  # type: ignore[union-attr]
        return [(k, col[i]) for k, col in data.items()]

    def __repr__(self) -> str:
        return f"RowView({dict(self.items())!r})"

    @property
    def index(self) -> int:
        return self._i

    @property
    def columns(self) -> dict[str, list[Any]]:
        return self._data


def column_lists(df: Any) -> Table:
    """Each column of ``df`` (keyed by ``str(name)``) as the list of values ``to_dict`` gives."""
    import numpy as np
    from pandas.api.types import is_extension_array_dtype
    from pandas.core.dtypes.cast import maybe_box_native

    global _NATIVE_OR_NA
    from pandas import NA as na

    if _NATIVE_OR_NA is None:
        _NATIVE_OR_NA = _NATIVE | {type(na)}
    data = Table()
    float64 = np.dtype("float64")
    for i, name in enumerate(df.columns):
        series = df.iloc[:, i]
        if series.dtype == float64:  # a list when first read; the array is only read
            data[str(name)] = _FloatArray(series.to_numpy(copy=False))
            continue
        values = series.tolist() if series.dtype != np.dtype(object) else list(series._values)
        if series.dtype == np.dtype(object) or is_extension_array_dtype(series.dtype):
            kinds = set(map(type, values))
            if kinds <= _NATIVE:
                pass  # nothing to box
            elif kinds <= _NATIVE_OR_NA:  # what maybe_box_native does to these: NA -> None
                values = [None if v is na else v for v in values]
            else:
                values = [v if v.__class__ in _NATIVE else maybe_box_native(v) for v in values]
        data[str(name)] = values
    return data


def row_views(df: Any) -> list[RowView]:
    """One :class:`RowView` per row of ``df``, in order."""
    data = column_lists(df)
    return [RowView(data, i) for i in range(len(df))]
