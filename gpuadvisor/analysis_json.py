"""``analyze --json``'s text, kernels analyzed in several processes for large tables (issue 13).

The document is :meth:`Analysis.to_dict` of the whole table. Its four per-kernel parts (the
top-level ranking, findings and characterization, and the kernels) are concatenations over
the kernels in table order, so each process analyzes a contiguous group of kernels, encodes
its share of each part, and the parts are joined here: the text is the one a single process
writes (``tests/test_parallel_analysis.py`` checks it byte for byte).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from gpuadvisor.errors import UserError
from gpuadvisor.parallel import jobs_for, kernel_groups, map_forked

PARTS = ("ranking", "findings", "characterization", "kernels")
_COMPACT = (",", ":")


def analysis_json(df: Any, *, top: int | None, pretty: bool, jobs: int = 0,
                  sources: Sequence[str] = (), **analyze: Any) -> str:
    """The JSON text of ``analyze_sweep(df, sources=sources, **analyze).to_dict(top)``;
    compact unless ``pretty``, in ``jobs`` processes (0: :func:`jobs_for` the table)."""
    from gpuadvisor.analysis import analyze_sweep
    from gpuadvisor.rows import Table

    if isinstance(df, Table):  # a small table read without pandas: one process
        from gpuadvisor import jsontext

        out = analyze_sweep(df, sources=sources, **analyze).to_dict(top=top, shared=True)
        return jsontext.render(out, pretty=pretty, reuse=out["ranking"])
    from gpuadvisor.sweep import is_normalized, kernel_rows, normalize

    table = df if is_normalized(df) else normalize(df)
    n = jobs_for(len(table), jobs)
    if pretty or n <= 1 or table.empty:
        from gpuadvisor import jsontext

        out = analyze_sweep(table, sources=sources, **analyze).to_dict(top=top, shared=True)
        return jsontext.render(out, pretty=pretty, reuse=out["ranking"])
    names = table["kernel"].astype(str)
    rows_of = names.value_counts().to_dict()
    groups = kernel_groups(list(dict.fromkeys(names)), rows_of, n)
    if len(groups) <= 1:
        return analysis_json(table, top=top, pretty=False, jobs=1, sources=sources, **analyze)

    def part_texts(group: list[str]) -> dict[str, str] | UserError:
        try:
            out = analyze_sweep(kernel_rows(table, names, group), sources=sources,
                                **analyze).to_dict(top=top)
        except UserError as err:
            return err
        return {p: json.dumps(out[p], separators=_COMPACT)[1:-1] for p in PARTS}

    results = map_forked(part_texts, groups, n)
    for r in results:
        if isinstance(r, UserError):
            raise r  # the first failing kernel in table order, as one process raises it
    joined = {p: ",".join(t for r in results if (t := r[p])) for p in PARTS}
    return ('{"ranking":[' + joined["ranking"] + '],"findings":[' + joined["findings"]
            + '],"characterization":{' + joined["characterization"] + '},"kernels":['
            + joined["kernels"] + '],"sources":'
            + json.dumps(list(sources), separators=_COMPACT) + "}")
