"""What every profiler plugin shares: running a command safely, numbers, units, kernel names.

Parsers here are pure functions of text; the only side effects are starting and killing
child processes (:func:`spawn`, :func:`kill_group`, :func:`run_command`).
Anything a parser cannot make sense of becomes a :class:`ProfilerError` (a UserError), never
another exception: profiler output is user input.
"""

from __future__ import annotations

import contextlib
import csv
import math
import os
import re
import shutil
import signal
import subprocess
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from gpuadvisor.errors import ProfilerError
from gpuadvisor.profilers.metrics import BYTES, COUNT, GBS, MS, PERCENT, RATIO

NAN = math.nan


# ---------------------------------------------------------------- running
@dataclass(frozen=True)
class CommandResult:
    argv: tuple[str, ...]
    returncode: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + ("\n" if self.stdout and self.stderr else "") + self.stderr


def find_executable(name: str, env_var: str | None = None) -> str:
    """Path of a profiler executable, or a ProfilerError that says how to get one."""
    candidate = os.environ.get(env_var, "") if env_var else ""
    candidate = candidate or name
    path = shutil.which(candidate)
    if path is None and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
        path = candidate
    if path is None:
        hint = f" or set {env_var}" if env_var else ""
        raise ProfilerError(f"{name} not found: install it and put it on PATH{hint}")
    return path


def spawn(
    argv: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | os.PathLike[str] | None = None,
) -> subprocess.Popen:
    """Start argv (no shell) with piped text output in a new session, so that
    :func:`kill_group` can kill it and everything it starts. OSError propagates: each caller
    words "cannot start" its own way."""
    return subprocess.Popen(
        list(argv),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        errors="replace",
        env=dict(env) if env is not None else None,
        cwd=cwd,
        start_new_session=True,
    )


def kill_group(proc: subprocess.Popen) -> None:
    """Kill a child started by :func:`spawn`, and everything it started; reap it."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=10)


def run_command(argv: Sequence[str], timeout_s: float | None = None) -> CommandResult:
    """Run argv (no shell) to completion, killing the whole process group on timeout."""
    try:
        proc = spawn(argv)
    except FileNotFoundError:
        raise ProfilerError(f"{argv[0]} not found: install it and put it on PATH") from None
    except PermissionError:
        raise ProfilerError(f"{argv[0]} is not executable") from None
    try:
        stdout, stderr = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        kill_group(proc)
        proc.communicate()
        raise ProfilerError(
            f"{os.path.basename(argv[0])} timed out after {timeout_s:g} s "
            f"(raise --timeout or profile fewer launches)",
            exit_code=4,
        ) from None
    return CommandResult(tuple(argv), proc.returncode, stdout, stderr)


# ---------------------------------------------------------------- text helpers
def split_provenance(text: str) -> tuple[dict[str, str], list[str]]:
    """Leading ``#`` comment lines as a dict (key: value) and the remaining lines."""
    lines = text.splitlines()
    meta: dict[str, str] = {}
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        key, sep, value = lines[i][1:].strip().partition(":")
        if sep and key.strip() and " " not in key.strip():
            meta.setdefault(key.strip(), value.strip())
        i += 1
    return meta, lines[i:]


def csv_row(line: str) -> list[str]:
    """One CSV line -> cells; a malformed line becomes a ProfilerError."""
    try:
        rows = list(csv.reader([line]))
    except csv.Error as err:
        raise ProfilerError(f"malformed CSV line ({err}): {line[:80]!r}") from None
    return rows[0] if rows else []


def profiler_version_from(meta: dict[str, str], text_lines: Iterable[str] = ()) -> str | None:
    """A profiler version recorded in provenance lines (e.g. '# ncu: ... Version 2025.3.1')."""
    for value in list(meta.values()) + list(text_lines):
        match = re.search(r"Version\s+(\d[\w.\-]*)", value) or re.search(
            r"(?:Nsight Compute|nvprof)\D{0,40}?(\d{4}\.\d+\.\d+[\w.]*)", value
        )
        if match:
            return match.group(1).rstrip(".")
    return None


# ---------------------------------------------------------------- numbers and units
_NUMBER = re.compile(r"^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
_LEVEL = re.compile(r"^\s*(?:Idle|Low|Mid|High|Max)\s*\((\d+)\)\s*$", re.IGNORECASE)
_MISSING = {"", "n/a", "na", "nan", "-", "--", "none", "null", "<none>"}


def split_value(text: object) -> tuple[float, str]:
    """'83.3%' -> (83.3, '%'); '67,136' -> (67136, ''); 'High (7)' -> (7, 'level');
    'n/a' -> (nan, ''). The unit is whatever follows the number."""
    if text is None:
        return NAN, ""
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return float(text), ""
    s = str(text).strip().strip('"').strip()
    if s.lower() in _MISSING:
        return NAN, ""
    level = _LEVEL.match(s)
    if level:
        return float(level.group(1)), "level"
    compact = s.replace(",", "") if re.fullmatch(r"[+-]?\d{1,3}(,\d{3})+(\.\d+)?\S*", s) else s
    match = _NUMBER.match(compact)
    if not match:
        return NAN, ""
    try:
        value = float(match.group(0))
    except ValueError:
        return NAN, ""
    if not math.isfinite(value):
        return NAN, ""
    return value, compact[match.end() :].strip()


_SI = {"": 1.0, "K": 1e3, "k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "m": 1e-3, "u": 1e-6, "n": 1e-9}
_TIME_TO_MS = {
    "ns": 1e-6,
    "nsecond": 1e-6,
    "nsec": 1e-6,
    "us": 1e-3,
    "usecond": 1e-3,
    "usec": 1e-3,
    "µs": 1e-3,
    "ms": 1.0,
    "msecond": 1.0,
    "msec": 1.0,
    "s": 1e3,
    "second": 1e3,
    "sec": 1e3,
}
_NVPROF_BYTES = {"B": 1.0, "KB": 1024.0, "MB": 1024.0**2, "GB": 1024.0**3, "TB": 1024.0**4}


def bytes_factor(unit: str) -> float | None:
    """Bytes per ``unit``: ncu's 'Kbyte' is SI (1000); nvprof's 'KB' is 1024."""
    unit = unit.split("/")[0].strip()
    if unit in _NVPROF_BYTES:
        return _NVPROF_BYTES[unit]
    match = re.fullmatch(r"([KMGTkm]?)(i?)byte", unit)
    if match:
        prefix, binary = match.groups()
        if binary:
            return 1024.0 ** {"": 0, "K": 1, "k": 1, "M": 2, "G": 3, "T": 4}[prefix]
        return _SI[prefix]
    return None


def to_canonical(value: float, unit: str, canonical: str) -> float:
    """Convert ``value`` given in profiler ``unit`` to the canonical unit (NaN if unknowable).

    An empty unit means the value is already in the canonical unit (ncu ``--print-units base``
    and nvprof plain numbers).
    """
    if value != value:
        return NAN
    out = _to_canonical(value, (unit or "").strip(), canonical)
    return out if math.isfinite(out) else NAN


def _to_canonical(value: float, unit: str, canonical: str) -> float:
    if canonical == MS:
        if not unit:
            return value
        factor = _TIME_TO_MS.get(unit)
        return value * factor if factor is not None else NAN
    if canonical == BYTES:
        if not unit:
            return value
        factor = bytes_factor(unit)
        return value * factor if factor is not None else NAN
    if canonical == PERCENT:
        return value  # '%' or bare numbers; fixed factors are applied by the caller
    if canonical == GBS:
        match = re.fullmatch(r"([KMGT]?)i?B/s", unit) if unit else None
        if not unit:
            return value
        return value * _SI[match.group(1)] / 1e9 if match else NAN
    if canonical in (COUNT, RATIO):
        if unit and unit[0] in "KMGT" and len(unit) > 1 and unit[1:2].islower():
            return value * _SI[unit[0]]
        return value
    return value


# ---------------------------------------------------------------- kernel names
_CORRELATION = re.compile(r"\s*\[\d+\]\s*$")


def clean_kernel_name(raw: str) -> tuple[str, str]:
    """'void matrixMulCUDA<int=32>(float*, int) [2407]' -> ('matrixMulCUDA', signature).

    The clean name is the function name alone (no return type, namespaces, template or
    parameter lists), what ``ncu -k`` and the kernel manifest match on; the signature keeps
    everything but nvprof's trailing correlation id.
    """
    signature = _CORRELATION.sub("", str(raw)).strip()
    name = signature
    if "_Z" in name and " " not in name and "(" not in name:
        name = _demangle_simple(name) or name
    name = _strip_trailing_group(name, "(", ")")
    name = _strip_trailing_group(name, "<", ">")
    name = _last_top_level(name, " ")
    name = _last_top_level(name, "::")
    name = _strip_trailing_group(name, "<", ">").strip()
    return (name or signature or "?"), signature


def _strip_trailing_group(text: str, open_: str, close: str) -> str:
    text = text.rstrip()
    if not text.endswith(close):
        return text
    depth = 0
    for i in range(len(text) - 1, -1, -1):
        ch = text[i]
        if ch == close:
            depth += 1
        elif ch == open_:
            depth -= 1
            if depth == 0:
                return text[:i].rstrip() if text[:i].strip() else text
    return text


def _last_top_level(text: str, sep: str) -> str:
    depth = 0
    cut = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "<([":
            depth += 1
        elif ch in ">)]":
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(sep, i):
            cut = i + len(sep)
            i += len(sep)
            continue
        i += 1
    return text[cut:] if text[cut:].strip() else text


def _demangle_simple(mangled: str) -> str | None:
    """Function name from an Itanium-mangled symbol (``_Z9matrixMulPf``, ``_ZN1a3fooE...``)."""
    start = mangled.find("_Z")
    s = mangled[start + 2 :]
    if s.startswith("N"):
        s = s[1:]
        while s[:1] in ("K", "V", "r"):
            s = s[1:]
    names = []
    while s and s[0].isdigit():
        match = re.match(r"(\d+)", s)
        length = int(match.group(1))
        s = s[match.end() :]
        if length <= 0 or length > len(s):
            break
        names.append(s[:length])
        s = s[length:]
    return names[-1] if names else None


def device_name(raw: str) -> str:
    """'GeForce GTX 1080 Ti (0)' -> 'GeForce GTX 1080 Ti'."""
    return re.sub(r"\s*\(\d+\)\s*$", "", str(raw)).strip()


def arch_from_cc(cc: str) -> str | None:
    """'9.0' -> 'sm_90'."""
    match = re.fullmatch(r"\s*(\d+)\.(\d+)\s*", str(cc))
    return f"sm_{match.group(1)}{match.group(2)}" if match else None


def parse_dim3(text: str) -> tuple[float, float, float]:
    """'(32, 4, 1)' or '(20 10 1)' -> (32, 4, 1); NaNs when unreadable."""
    nums = re.findall(r"\d+", str(text))
    if len(nums) != 3 or not re.fullmatch(
        r"\s*\(?\s*\d+\s*[, ]\s*\d+\s*[, ]\s*\d+\s*\)?\s*", str(text)
    ):
        return NAN, NAN, NAN
    return float(nums[0]), float(nums[1]), float(nums[2])


# ---------------------------------------------------------------- the plugin base
class Profiler:
    """One profiler behind one interface; subclasses live in their own module and are loaded
    lazily by :func:`gpuadvisor.profilers.get_profiler`."""

    name = ""
    env_var = ""

    def executable(self) -> str:
        """Path of the profiler; ProfilerError (one line) when it is not installed."""
        return find_executable(self.name, env_var=self.env_var)

    def available(self) -> bool:
        try:
            self.executable()
        except ProfilerError:
            return False
        return True

    def build_command(
        self,
        target_argv: Sequence[str],
        kernel_regex: str | None,
        metrics: Sequence[str] | None = None,
        **options,
    ) -> list[str]:
        raise NotImplementedError

    def profile(
        self,
        target_argv: Sequence[str],
        kernel_regex: str | None,
        metrics: Sequence[str] | None = None,
        *,
        timeout_s: float | None = 1800,
        **options,
    ):
        """Run the target under the profiler -> sweep-table rows (a DataFrame)."""
        raise NotImplementedError

    def parse(self, text: str, source: str = ""):
        """Recorded text output -> sweep-table rows (a DataFrame)."""
        raise NotImplementedError
