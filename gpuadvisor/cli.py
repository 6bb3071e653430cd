"""The typer application: a thin layer that parses arguments and calls library functions."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Callable, Iterator, MutableMapping
from typing import Any

import typer
from typer.core import TyperGroup

from gpuadvisor import __version__, commands
from gpuadvisor.errors import UserError

#: Settings of the application and of the holder each command module registers on.
_SETTINGS: dict[str, Any] = {
    "add_completion": False,
    "pretty_exceptions_enable": False,
    "rich_markup_mode": "rich",
}


def command_modules() -> dict[str, str]:
    """Command (or group) name -> the module in gpuadvisor.commands that registers it.

    Module ``NAME`` registers ``NAME``; ``NAME_`` for Python keywords (``import_``). Found by
    listing the package, without importing it.
    """
    infos = sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name)
    return {info.name.rstrip("_"): f"{commands.__name__}.{info.name}" for info in infos}


def load_command(name: str, module_name: str) -> Any:
    """The click command ``name`` of its module: imported, registered on a Typer of its own and
    converted, as typer would have done for the whole application."""
    module = importlib.import_module(module_name)
    holder = typer.Typer(**_SETTINGS)
    holder.callback()(lambda: None)  # a group, even for one command
    module.register(holder)
    found = typer.main.get_group(holder).commands.get(name)
    if found is None:
        raise RuntimeError(f"{module_name}.register() did not add a command {name!r}")
    return found


class _LazyCommands(MutableMapping[str, Any]):
    """Commands by name, each module imported the first time its command is looked up:
    ``gpuadvisor analyze`` imports analyze's module and builds its parameters, not every
    command's (typer builds each parameter's converter, which is most of the start-up)."""

    def __init__(self, modules: dict[str, str],
                 load: Callable[[str, str], Any] = load_command) -> None:
        self._modules = dict(modules)
        self._loaded: dict[str, Any] = {}
        self._load = load

    def __getitem__(self, name: str) -> Any:
        if name not in self._loaded:
            if name not in self._modules:
                raise KeyError(name)
            self._loaded[name] = self._load(name, self._modules[name])
        return self._loaded[name]

    def __setitem__(self, name: str, command: Any) -> None:
        self._modules.setdefault(name, "")
        self._loaded[name] = command

    def __delitem__(self, name: str) -> None:
        del self._modules[name]
        self._loaded.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)


class LazyGroup(TyperGroup):
    """The root group: its commands are gpuadvisor.commands' modules, loaded on use."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs["commands"] = _LazyCommands(command_modules())
        super().__init__(**kwargs)


app = typer.Typer(
    name="gpuadvisor",
    help="Which launch configuration should this CUDA kernel use on this GPU, and why?",
    no_args_is_help=True,
    cls=LazyGroup,
    **_SETTINGS,
)

_state = {"debug": False}


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"gpuadvisor {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", callback=_version_callback, is_eager=True, help="Print the version."
    ),
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks for errors."),
) -> None:
    """Which launch configuration should this CUDA kernel use on this GPU, and why?"""
    _state["debug"] = debug


def run() -> None:
    """The ``gpuadvisor`` command: :func:`main`, then leave the process at once.

    The interpreter's teardown frees every object an analysis left (~0.15-0.2 s of a
    100,000-row ``analyze``) only for the process to end; a command has nothing left to do
    once its output is flushed, and its pools and files are closed by then (``with``
    blocks). ``main`` itself returns normally, for callers in a running interpreter."""
    import os

    keep_freed_memory()
    code: int = 0
    try:
        main()
    except SystemExit as stop:
        if isinstance(stop.code, int):
            code = stop.code
        elif stop.code is not None:  # sys.exit("text"): the text on stderr, status 1
            sys.stderr.write(f"{stop.code}\n")
            code = 1
    finally:
        kept = sys.modules.get("gpuadvisor.kept_results")
        if kept is not None:  # os._exit skips exit handlers: results worth keeping first
            kept.save_all()
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed pipe: nothing more can be written
                code = code or 1
    os._exit(code)


def keep_freed_memory() -> None:
    """Ask glibc's allocator to keep freed memory for reuse in this short-lived process: blocks
    up to 32 MiB from the heap (not a mapping of their own each), the heap never trimmed. An
    analysis of 100,000 rows allocates and frees ~1 MB columns and NumPy temporaries many
    times, each a fresh mapping whose pages fault in again: ~14 % fewer page faults for a
    review (~0.1 s of system time), the same peak memory. Elsewhere (no glibc) nothing."""
    import ctypes  # (NumPy imports it too)

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError, TypeError):  # (TypeError: CDLL(None) on Windows)
        return
    trim_threshold, top_pad, mmap_threshold = -1, -2, -3  # glibc's malloc.h
    for option, value in ((mmap_threshold, 32 << 20), (trim_threshold, 1 << 30),
                          (top_pad, 64 << 20)):
        mallopt(option, value)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; user errors become one line on stderr and a non-zero exit."""
    try:
        app(args=argv, standalone_mode=True)
    except SystemExit:
        raise
    except UserError as err:
        if _state["debug"]:
            raise
        sys.stderr.write(f"error: {err}\n")
        sys.exit(err.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted\n")
        sys.exit(130)
    except Exception as err:  # noqa: BLE001 - last line of defence: no tracebacks for users
        if _state["debug"]:
            raise
        sys.stderr.write(
            f"internal error: {type(err).__name__}: {err} (rerun with --debug for a traceback)\n"
        )
        sys.exit(3)
