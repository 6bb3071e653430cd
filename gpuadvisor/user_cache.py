"""What gpuadvisor keeps between runs, in the user's cache folder (``$XDG_CACHE_HOME`` or
``~/.cache``, then ``gpuadvisor/``): facts that follow from a file's exact text, filed under
the text's SHA-256, so an edit to the file is a new key and nothing goes stale.

Why: every process starts from the same data files (the rules, the 1.3 MB kernel manifest),
and checking or parsing them again cost most of a short command's time. Nothing here is
needed: a folder that cannot be written only costs the work next time.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


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
