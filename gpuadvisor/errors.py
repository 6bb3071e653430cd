"""User-facing errors: one clear line and an exit code, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """An error the user can fix (bad argument, unreadable file, missing tool).

    The CLI prints ``error: <message>`` on one line and exits with ``exit_code``.
    """

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class GpuUnavailableError(UserError):
    """A GPU feature was asked for on a machine without a GPU, CUDA driver or pycuda."""


class ProfilerError(UserError):
    """The profiler is missing, lacks counter permission, matched nothing, or its output is bad."""
