"""The package's JSON reference files (``gpuadvisor/data/*.json``), read once per process.

They are written by ``python -m gpuadvisor.validation`` and add notes to an analysis; a missing
or unreadable file leaves those notes out rather than stopping the analysis.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any


@functools.cache
def load(path: Path) -> Any:
    """The file's JSON value, or None where it cannot be read or parsed."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
