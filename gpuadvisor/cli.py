"""The typer application: a thin layer that parses arguments and calls library functions."""

from __future__ import annotations

import importlib
import pkgutil
import sys

import typer

from gpuadvisor import __version__, commands
from gpuadvisor.errors import UserError

app = typer.Typer(
    name="gpuadvisor",
    help="Which launch configuration should this CUDA kernel use on this GPU, and why?",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
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


def _register_commands() -> None:
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(app)


_register_commands()


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
