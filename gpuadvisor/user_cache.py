"""What gpuadvisor keeps between runs, in the user's cache folder (``$XDG_CACHE_HOME`` or
``~/.cache``, then ``gpuadvisor/``): facts that follow from a file's exact text, filed under
the text's SHA-256, so an edit to the file is a new key and nothing goes stale.

Why: every process starts from the same data files (the rules, the 1.3 MB kernel manifest),
and checking or parsing them again cost most of a short command's time. Nothing here is
needed: a folder that cannot be written only costs the work next time.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any


def cache_dir(kind: str) -> Path | None:
    """The folder for one kind of remembered fact (not created here); None where there is no
    home folder to put it in (no HOME and no password entry: a bare container)."""
    base = os.environ.get("XDG_CACHE_HOME")
    if not base:
        try:
            base = str(Path.home() / ".cache")
        except (RuntimeError, KeyError):
            return None
    return Path(base) / "gpuadvisor" / kind


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a reader never sees half a file); an
    unwritable folder is ignored."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError:
        pass


def text_file(kind: str, text: str, suffix: str = "") -> Path | None:
    """Where a fact about exactly this text is kept: ``<kind>/<SHA-256 of text><suffix>.json``
    (None where there is no cache folder)."""
    folder = cache_dir(kind)
    if folder is None:
        return None
    return folder / f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}{suffix}.json"


def read_json(path: Path | None) -> Any:
    """What a kept JSON file holds; None where it is missing, unreadable or not JSON."""
    if path is None:
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def write_json_exact(path: Path | None, value: Any) -> None:
    """Keep ``value`` as JSON, only where reading it back gives exactly ``value`` (no tuples,
    dates, NaN or non-text keys): a reader must never get something else than the work gave."""
    if path is None:
        return
    try:
        encoded = json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        return
    if json.loads(encoded) == value:
        write_atomic(path, encoded)
