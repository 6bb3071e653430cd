"""JSON text of analyze and review: compact for machines, indented for people (issue 13).

:func:`render` writes compact JSON (the standard library's C encoder: a 100,000-row analysis
in a third of the time, two thirds of the bytes) unless asked to indent, which commands do on
a terminal or with ``--pretty`` (the GitHub CLI's convention). :func:`dumps` is
``json.dumps(obj, indent=2)``, byte for byte, about twice as fast:

With ``indent`` set, the standard library encodes in pure Python through nested generators
(Python 3.11 has no C path for it): the ~65 MB JSON of a 100,000-row analysis took longer than
the analysis. :func:`dumps` walks the same plain structures (dicts with string keys, lists,
tuples, strings, numbers, booleans, None) with one recursive function and the library's own
C string escaper and float/int formatting. Anything else (other key or value types, NaN keys,
subclasses) makes it hand the whole object to ``json.dumps``, so the output is always what
``json.dumps(obj, indent=2)`` prints, and so are its errors.

:func:`value_text` writes compact JSON in which parts already written stand as :class:`Raw`
texts (an entry that appears in three places, records written from columns, a review's
configurations written while its rules' analyses finish).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from json.encoder import encode_basestring_ascii as _string  # type: ignore[attr-defined]
from typing import Any

_COMPACT: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":")).encode
_float = float.__repr__
_int = int.__repr__
_INF = float("inf")


class _Unsupported(Exception):
    """A value the fast path does not handle exactly like the standard encoder."""


def _number(value: float) -> str:
    if value != value:
        return "NaN"
    if value == _INF:
        return "Infinity"
    if value == -_INF:
        return "-Infinity"
    return _float(value)


def _encode(o: Any, indent: str, reuse: dict[int, Any]) -> str:
    cls = o.__class__
    if cls is str:
        return _string(o)
    if cls is dict:
        if not o:
            return "{}"
        if id(o) not in reuse:
            return _encode_dict(o, indent, reuse)
        seen = reuse[id(o)]  # an object standing in several places: encoded once
        if seen is None:
            text = _encode_dict(o, indent, reuse)
            reuse[id(o)] = (text, indent)
            return text
        text, at = seen
        # Every line break inside is followed by at least the indentation it was encoded at
        # (strings carry no raw line breaks): re-indent by replacing that prefix.
        return text if at == indent else text.replace(at, indent)
    if cls is list or cls is tuple:
        if not o:
            return "[]"
        inner = indent + "  "
        if len(o) > 16 and o[0].__class__ is dict and o[0]:
            items = _records(o, inner, reuse)
        else:
            items = [_encode(v, inner, reuse) for v in o]
        return "[" + inner + ("," + inner).join(items) + indent + "]"
    if o is None:
        return "null"
    if o is True:
        return "true"
    if o is False:
        return "false"
    if cls is int:
        return _int(o)
    if cls is float:
        return _number(o)
    raise _Unsupported


def _encode_dict(o: dict[Any, Any], indent: str, reuse: dict[int, Any]) -> str:
    inner = indent + "  "
    parts = []
    for key, value in o.items():
        if key.__class__ is not str:
            raise _Unsupported
        vcls = value.__class__
        if vcls is str:
            parts.append(_string(key) + ": " + _string(value))
        elif vcls is float:
            parts.append(_string(key) + ": " + _number(value))
        elif value is None:
            parts.append(_string(key) + ": null")
        elif value is True:
            parts.append(_string(key) + ": true")
        elif value is False:
            parts.append(_string(key) + ": false")
        elif vcls is int:
            parts.append(_string(key) + ": " + _int(value))
        else:
            parts.append(_string(key) + ": " + _encode(value, inner, reuse))
    return "{" + inner + ("," + inner).join(parts) + indent + "}"


#: Encoders of the plain values a record may hold, by class.
_PLAIN: dict[type, Any] = {str: _string, float: _number, int: _int,
                           type(None): lambda v: "null", bool: lambda v: "true" if v else "false"}


def _records(rows: list[Any], indent: str, reuse: dict[int, Any]) -> list[str]:
    """Each dict of a long list (e.g. 100,000 ``scores`` entries) encoded as ``_encode`` does,
    with the key prefixes of the first one's keys built once; a dict with other keys, a
    nested value or one to reuse is encoded by ``_encode``."""
    first = rows[0]
    keys = list(first)
    if any(k.__class__ is not str for k in keys):
        return [_encode(v, indent, reuse) for v in rows]
    inner = indent + "  "
    prefixes = [_string(k) + ": " for k in keys]
    head, sep, tail = "{" + inner, "," + inner, indent + "}"
    plain = _PLAIN
    out = []
    for d in rows:
        if d.__class__ is dict and list(d) == keys and id(d) not in reuse:
            try:
                values = d.values()
                out.append(head + sep.join([p + plain[v.__class__](v) for p, v in zip(
                    prefixes, values, strict=True)]) + tail)
                continue
            except KeyError:  # a nested value: the general path
                pass
        out.append(_encode(d, indent, reuse))
    return out


def dumps(obj: Any, reuse: Iterable[Any] = ()) -> str:
    """Exactly ``json.dumps(obj, indent=2)``.

    ``reuse``: dicts that stand in several places of ``obj`` (e.g. the ranking entries of
    ``Analysis.to_dict(shared=True)``): each is encoded once and re-indented where it recurs.
    """
    seen: dict[int, Any] = {id(d): None for d in reuse}
    try:
        return _encode(obj, "\n", seen)
    except (_Unsupported, RecursionError):
        return json.dumps(obj, indent=2)


def render(obj: Any, *, pretty: bool, reuse: Iterable[Any] = ()) -> str:
    """``obj`` as indented text (:func:`dumps`) or compact, the same document either way."""
    if pretty:
        return dumps(obj, reuse)
    return json.dumps(obj, separators=(",", ":"))


def echo(text: str) -> None:
    """``typer.echo(text)`` for JSON text on standard output: JSON escapes control characters,
    so there are no terminal escape sequences for ``echo`` to strip when the output is piped,
    and the text is written as it is, without echo's copy and scan of it (48 MB at 100,000
    rows)."""
    import sys

    out = sys.stdout
    if out is None:  # no standard output (echo writes nothing either)
        return
    out.write(text)
    out.write("\n")
    out.flush()


def wants_pretty(pretty: bool) -> bool:
    """Indent when asked to, or when a person reads standard output (a terminal)."""
    import sys

    return pretty or sys.stdout.isatty()


def compact(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))``."""
    return _COMPACT(value)


def string(value: str) -> str:
    """A string's JSON text, as ``json.dumps`` writes it."""
    return _string(value)  # type: ignore[no-any-return]


def cached_strings() -> Callable[[str], str]:
    """:func:`string` remembering each text it made: for records that repeat a few names
    (kernels, cache configurations, verdicts) hundreds of thousands of times."""
    texts: dict[str, str] = {}

    def text(value: str) -> str:
        t = texts.get(value)
        if t is None:
            t = texts[value] = _string(value)
        return t

    return text


class Raw:
    """Compact JSON text standing for a value in a document :func:`value_text` writes."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def value_text(value: Any) -> str:
    """``json.dumps(value, separators=(",", ":"))`` of a value in which :class:`Raw` texts
    stand for values (in a dict, a list of them, or a list of such dicts), byte for byte
    (each :class:`Raw` holding the compact text of the value it stands for)."""
    pieces: list[str] = []
    _write(value, pieces)
    return "".join(pieces)  # one copy of the whole text (48 MB at 100,000 rows)


def _write(value: Any, out: list[str]) -> None:
    """:func:`value_text` of ``value`` appended to ``out`` in pieces."""
    cls = value.__class__
    if cls is Raw:
        out.append(value.text)
        return
    if cls is list and value and _bears_raw(value):
        out.append("[")
        for i, item in enumerate(value):
            if i:
                out.append(",")
            _write(item, out)
        out.append("]")
        return
    if cls is dict and value and _bears_raw(value) and all(k.__class__ is str for k in value):
        out.append("{")
        run: dict[str, Any] = {}
        first = True
        for key, item in value.items():
            if not _bears_raw(item):
                run[key] = item
                continue
            if run:
                out.append(("" if first else ",") + _compact_text(run)[1:-1])
                run, first = {}, False
            out.append(("" if first else ",") + _string(key) + ":")
            first = False
            _write(item, out)
        if run:
            out.append(("" if first else ",") + _compact_text(run)[1:-1])
        out.append("}")
        return
    out.append(_compact_text(value))


def _bears_raw(value: Any) -> bool:
    """A :class:`Raw`, or a dict with one among its values, or a list whose first item is
    one of those (the lists of the document are alike throughout)."""
    cls = value.__class__
    if cls is Raw:
        return True
    if cls is list:
        return bool(value) and _bears_raw(value[0])
    if cls is dict:
        return any(_bears_raw(v) for v in value.values())
    return False


def _compact_text(value: Any) -> str:
    """The standard encoder's text of ``value``; a :class:`Raw` it meets (where the fast path
    above did not look) is parsed back first."""
    try:
        return _COMPACT(value)
    except TypeError:
        return _COMPACT(_plain(value))


def _plain(value: Any) -> Any:
    """``value`` with its :class:`Raw` texts parsed back into values."""
    if value.__class__ is Raw:
        return json.loads(value.text)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
