"""Start-up of the CLI: wall time of fresh interpreters, as ratios to a bare one.

    python benchmarks/startup.py [--runs N] [--python PATH] [--compare OTHER_CHECKOUT]
        [--one-profile-of SWEEP.csv ...]

The gpuadvisor commands: --version, a rule-only analyze of one profile, ``kernels show`` of one
built-in kernel and ``kernels list --json`` (the whole kernel manifest; its parsed YAML is kept
in the user's cache after the untimed warm-up run, as after any first run).

Runs each command N times in fresh processes, the commands alternating (one round runs each
once), so that load from other work on the machine spreads over all of them; prints the
median and the ratio to ``python -c pass`` measured in the same run, as a Markdown table.

Bytecode: the children may write ``__pycache__`` (PYTHONDONTWRITEBYTECODE is dropped from
their environment) and one untimed warm-up round runs first, so that the times are of an
installed tool's normal start, not of compiling gpuadvisor's sources. ``--compare DIR`` also
times the two gpuadvisor commands with another checkout first on PYTHONPATH (e.g. a
``git worktree`` of the commit before a change), in the same rounds. ``--one-profile-of
SWEEP.csv`` (repeatable) adds ``analyze --rule-only`` of that measured sweep as a user with
one profile has it (counters at 32x8, or 256x1 for a 1-D sweep: ``validation.one_profile_view``,
written to a temporary file): the tables whose profile leaves the access model open (hundreds
of consistent models) cost the most there.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROFILE = "fixtures/hopper/profile/profile_16x16.csv"
KERNEL = "matmul_naive"


def commands(python: str, compare: Path | None = None, views: tuple[Path, ...] = ()
             ) -> list[tuple[str, list[str], str | None]]:
    """(label, argv, checkout first on PYTHONPATH or None for this one)."""
    tool = [
        ("gpuadvisor --version", [python, "-m", "gpuadvisor", "--version"]),
        (f"gpuadvisor analyze --rule-only {Path(PROFILE).name} --json",
         [python, "-m", "gpuadvisor", "analyze", "--rule-only", PROFILE, "--json"]),
        # one built-in kernel's entry (what tune NAME and the profiling driver read), and the
        # whole 1.3 MB manifest
        (f"gpuadvisor kernels show {KERNEL}", [python, "-m", "gpuadvisor", "kernels", "show",
                                               KERNEL]),
        ("gpuadvisor kernels list --json", [python, "-m", "gpuadvisor", "kernels", "list",
                                            "--json"]),
    ]
    tool += [(f"gpuadvisor analyze --rule-only {v.stem} (one profile) --json",
              [python, "-m", "gpuadvisor", "analyze", "--rule-only", str(v), "--json"])
             for v in views]
    out = [
        ("python -c pass", [python, "-c", "pass"], None),
        ('python -c "import numpy"', [python, "-c", "import numpy"], None),
        ('python -c "import pandas"', [python, "-c", "import pandas"], None),
    ]
    out += [(label, argv, str(ROOT)) for label, argv in tool]
    if compare is not None:
        out += [(f"{label} ({compare.name})", argv, str(compare)) for label, argv in tool]
    return out


def run_once(argv: list[str], env: dict[str, str], path: str | None) -> float:
    if path is not None:
        env = dict(env, PYTHONPATH=os.pathsep.join(
            [path, *([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])]))
    start = time.perf_counter()
    # cwd: python -m and -c put it first on sys.path, before PYTHONPATH
    proc = subprocess.run(argv, cwd=path or ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=15, help="runs of each command (15)")
    parser.add_argument("--python", default=sys.executable,
                        help="the interpreter whose environment has gpuadvisor's dependencies")
    parser.add_argument("--compare", type=Path, metavar="DIR",
                        help="another gpuadvisor checkout to time the same commands with")
    parser.add_argument("--one-profile-of", type=Path, action="append", default=[],
                        metavar="SWEEP", help="also time rule-only analyze of this measured "
                        "sweep's one-profile view (repeatable)")
    args = parser.parse_args(argv)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            views = tuple(one_profile_file(sweep.resolve(), Path(tmp))
                          for sweep in args.one_profile_of)
        except (OSError, ValueError) as err:
            raise SystemExit(f"error: --one-profile-of: {err}") from None
        return _time(args, env, commands(args.python, args.compare.resolve()
                                         if args.compare else None, views))


def one_profile_file(sweep: Path, outdir: Path) -> Path:
    """``sweep`` with counters only at its default profile, as a CSV named after its kernel."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from gpuadvisor.errors import UserError
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.validation import one_profile_view

    try:
        df, _provenance = read_sweep(sweep)
    except UserError as err:
        raise ValueError(str(err)) from None
    out = outdir / f"{sweep.parent.name}_{sweep.stem}.csv"
    one_profile_view(df).to_csv(out, index=False)
    return out


def _time(args: argparse.Namespace, env: dict[str, str],
          cmds: list[tuple[str, list[str], str | None]]) -> int:
    for _label, cmd, path in cmds:  # warm-up: bytecode written, files in the page cache
        run_once(cmd, env, path)
    times: dict[str, list[float]] = {label: [] for label, _, _ in cmds}
    for _ in range(args.runs):
        for label, cmd, path in cmds:
            times[label].append(run_once(cmd, env, path))
    bare = statistics.median(times[cmds[0][0]])
    print(f"{args.runs} runs each, alternating; median wall time; ratio to `python -c pass`\n")
    print("| command | median s | min s | x bare interpreter |")
    print("| --- | ---: | ---: | ---: |")
    for label, _, _ in cmds:
        med = statistics.median(times[label])
        print(f"| `{label}` | {med:.3f} | {min(times[label]):.3f} | {med / bare:.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
