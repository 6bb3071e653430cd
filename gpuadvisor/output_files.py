"""A command's ``--output`` file: where the user asked for a report instead of stdout."""

from __future__ import annotations

from pathlib import Path

from gpuadvisor.errors import UserError


def write_output(path: Path, text: str) -> None:
    """``text`` to ``path``, its folders made; a failure is the user's one-line error (a
    folder that cannot be made, a file that cannot be written), not a traceback."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise UserError(f"{path}: cannot write ({err.strerror})") from None
