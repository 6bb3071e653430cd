"""``analyze --json``'s text, kernels analyzed in several processes for large tables (issue 13).

The document is :meth:`Analysis.to_dict` of the whole table. Its four per-kernel parts (the
top-level ranking, findings and characterization, and the kernels) are concatenations over
the kernels in table order, so each process analyzes a contiguous group of kernels, encodes
its share of each part, and the parts are joined here: the text is the one a single process
writes (``tests/test_parallel_analysis.py`` checks it byte for byte).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from json.encoder import encode_basestring_ascii as _string  # type: ignore[attr-defined]
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.jsontext import Raw, value_text
from gpuadvisor.parallel import jobs_for, kernel_groups, leave_for_exit, map_forked

PARTS = ("ranking", "findings", "characterization", "kernels")
_COMPACT = (",", ":")
_ENCODE: Callable[[Any], str] = json.JSONEncoder(separators=_COMPACT).encode


def analysis_json(df: Any, *, top: int | None, pretty: bool, jobs: int = 0,
                  sources: Sequence[str] = (), **analyze: Any) -> str:
    """The JSON text of ``analyze_sweep(df, sources=sources, **analyze).to_dict(top)``;
    compact unless ``pretty``, in ``jobs`` processes (0: :func:`jobs_for` the table)."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.rows import Table

    if isinstance(df, Table):  # a small table read without pandas: one process
        return _render(analyze_sweep(df, sources=sources, **analyze), top, pretty)
    from gpuadvisor.sweep import is_normalized, kernel_rows, normalize

    table = df if is_normalized(df) else normalize(df)
    n = jobs_for(len(table), jobs)
    if pretty or n <= 1 or table.empty:
        return _render(analyze_sweep(table, sources=sources, **analyze), top, pretty)
    names = table["kernel"].astype(str)
    rows_of = names.value_counts().to_dict()
    groups = kernel_groups(names.unique().tolist(), rows_of, n)  # in table order
    if len(groups) <= 1:
        return analysis_json(table, top=top, pretty=False, jobs=1, sources=sources, **analyze)

    def part_texts(group: list[str]) -> dict[str, str] | UserError:
        try:
            analysis = analyze_sweep(kernel_rows(table, names, group), sources=sources,
                                     **analyze)
        except UserError as err:
            return err
        out = compact_dict(analysis, top)
        leave_for_exit((analysis, out))  # a worker's analysis is not freed before it answers
        return {p: value_text(out[p])[1:-1] for p in PARTS}

    results = map_forked(part_texts, groups, n, via_files=True)  # (24 MB at 100,000 rows)
    for r in results:
        if isinstance(r, UserError):
            raise r  # the first failing kernel in table order, as one process raises it
    # the document in one join of its pieces (joining each part first copied 48 MB twice)
    pieces: list[str] = []
    for part, opening in zip(PARTS, ('{"ranking":[', '],"findings":[',
                                     '],"characterization":{', '},"kernels":['), strict=True):
        pieces.append(opening)
        for text in (t for r in results if (t := r[part])):
            pieces.extend((text, ","))
        if pieces[-1] == ",":
            pieces.pop()
    pieces.extend(('],"sources":', _ENCODE(list(sources)), "}"))
    return "".join(pieces)


def _render(analysis: Any, top: int | None, pretty: bool) -> str:
    """One process's text of an analysis: indented as :func:`jsontext.dumps` indents, or
    compact as ``json.dumps(analysis.to_dict(top), separators=(",", ":"))`` writes it."""
    if pretty:
        from gpuadvisor import jsontext

        out = analysis.to_dict(top=top, shared=True)
        return jsontext.render(out, pretty=True, reuse=out["ranking"])
    return value_text(compact_dict(analysis, top))


def compact_dict(analysis: Any, top: int | None) -> dict[str, Any]:
    """``analysis.to_dict(top)`` with each ranking entry's text made once (an entry stands in
    the top-level ranking, its kernel's ranking and maybe as the pick) and each kernel's
    ``scores`` records written from its columns, as :class:`Raw` values."""
    heads: dict[int, tuple[Any, dict[int, str]]] = {}  # shared by the kernels of a pass
    pieces: dict[int, tuple[Any, str, str]] = {}  # shared by the entries' findings
    return analysis.to_dict(top=top, entry_dict=lambda e: Raw(entry_text(e, pieces)),
                            records=lambda entries: Raw(score_text(entries, heads)))


def entry_text(entry: Any, pieces: dict[int, tuple[Any, str, str]] | None = None) -> str:
    """The compact JSON of a ranking entry's ``to_dict()``. Its findings are written from the
    rule results they are made of, where the entry has them (:meth:`fired_results`): a
    result's text around the kernel and configuration its finding names is made once
    (``pieces``, by result; scoring shares one result among the configurations whose rule
    inputs are equal, so a table's ~13,000 shown findings come from a few dozen results)."""
    fired = entry.fired_results()
    if fired is None:
        return _ENCODE(entry.to_dict())
    results, kernel, config = fired
    known = {} if pieces is None else pieces
    named = _ENCODE(kernel) + ',"config":' + _ENCODE(list(config) if config else None)
    texts = []
    for result in results:
        piece = known.get(id(result))
        if piece is None:  # (the result is kept with its text: its id stays its own)
            piece = known[id(result)] = (result, *_finding_pieces(result))
        texts.append(piece[1] + named + piece[2])
    return _ENCODE(entry.to_dict(findings=False))[:-1] + ',"findings":[' + ",".join(texts) + "]}"


def _finding_pieces(result: Any) -> tuple[str, str]:
    """The compact JSON of ``Finding.from_result(result, kernel, config).to_dict()`` before
    the kernel's value and after the configuration's."""
    from gpuadvisor.rank import Finding

    whole = Finding.from_result(result, "", None).to_dict()
    head = {k: whole[k] for k in ("rule_id", "title", "severity", "scope")}
    tail = {k: v for k, v in whole.items() if k not in head and k not in ("kernel", "config")}
    return _ENCODE(head)[:-1] + ',"kernel":', "," + _ENCODE(tail)[1:]


def score_text(entries: Sequence[Any],
               heads: dict[int, tuple[Any, dict[int, str]]] | None = None) -> str:
    """The compact JSON of a kernel's ``scores`` (``analysis.score_records(entries)``), written
    from its columns (100,000 records at 100,000 rows). ``heads``: each configuration's
    record head, kept by the list of configurations it belongs to (kernels scored in one
    pass share theirs)."""
    from gpuadvisor.analysis import SCORE_KEYS, score_columns

    codes, configs, scores, times = score_columns(entries)
    if not codes:
        return "[]"
    keys = [_string(k) + ":" for k in SCORE_KEYS]
    used = set(codes)
    # (scores and times are floats or None: _r's values)
    if len(keys) != 4 or any(v.__class__ is not str for c in used for v in configs[c]):
        return _ENCODE([dict(zip(SCORE_KEYS, (*configs[c], v, t), strict=True))
                        for c, v, t in zip(codes, scores, times, strict=True)])
    # '{"config":"32x8","cache_config":"default","score":' once per configuration
    known = (heads if heads is not None else {}).setdefault(id(configs), (configs, {}))[1]
    for c in used - known.keys():
        known[c] = ("{" + keys[0] + _string(configs[c][0]) + "," + keys[1]
                    + _string(configs[c][1]) + "," + keys[2])
    head = known
    middle = "," + keys[3]
    number = float.__repr__
    return "[" + ",".join([
        head[c] + ("null" if v is None else number(v)) + middle
        + ("null" if t is None else number(t)) + "}"
        for c, v, t in zip(codes, scores, times, strict=True)]) + "]"
