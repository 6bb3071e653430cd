"""YAML text parsed with libyaml where PyYAML was built with it.

The C loader reads the project's data files (the kernel manifest, the architecture table, the
calibration constants) about 5-10x faster than the pure-Python one, which every process that
loads them pays at start-up. On any problem the pure-Python loader runs, so that an error
message is exactly the one it gives. (``rules/engine.py`` composes node trees with line numbers
and refuses aliases, so it has its own variant.)
"""

from __future__ import annotations

from typing import Any

import yaml


def safe_load(text: str) -> Any:
    """``yaml.safe_load(text)``, through libyaml when available."""
    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)
