"""YAML text parsed with libyaml where PyYAML was built with it.

The C loader reads the project's data files (the kernel manifest, the architecture table, the
calibration constants) about 5-10x faster than the pure-Python one, which every process that
loads them pays at start-up. On any problem the pure-Python loader runs, so that an error
message is exactly the one it gives. (``rules/engine.py`` composes node trees with line numbers
and refuses aliases, so it has its own variant.)

:func:`load_cached` also keeps what a text parsed to, as JSON in the user's cache
(:mod:`gpuadvisor.user_cache`): the kernel manifest took about 2 s to parse even with libyaml,
and reading the same data as JSON takes about 0.05 s.
"""

from __future__ import annotations

from typing import Any

from gpuadvisor.user_cache import read_json, text_file, write_json_exact


def safe_load(text: str) -> Any:
    """``yaml.safe_load(text)``, through libyaml when available (PyYAML imported here: a
    process whose data files are all kept as JSON never needs it)."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def load_cached(text: str, *, text_keys: bool = False) -> Any:
    """:func:`safe_load` of ``text``, kept as JSON under the text's SHA-256 for the next
    process. Kept only where JSON gives back exactly what YAML gave (no dates, no NaN; strings
    for keys, unless ``text_keys``: then every mapping key comes back as text, from the YAML
    as from the kept JSON, for a caller that reads numeric keys with ``int``): otherwise every
    call parses the YAML."""
    where = text_file("yaml", text, "-text-keys" if text_keys else "")
    kept = read_json(where)
    if kept is not None:
        return kept
    data = safe_load(text)
    if text_keys:
        data = _text_keys(data)
    write_json_exact(where, data)
    return data


def _text_keys(data: Any) -> Any:
    if isinstance(data, dict):
        return {str(k): _text_keys(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_text_keys(v) for v in data]
    return data
