"""A blind set's first-scoring table, as its README records it (issue 11).

    python tools/first_scoring.py blind31

One row per GPU and kernel of ``fixtures/hopper/<set>/<gpu>/*.csv``: the measured best, the
app's default over the best, the one-profile rule-only pick and its regret, the winner's score
ratio, the fastest of the 4 listed shapes, the same with the kernel's PTX (``--ptx``,
``fixtures/ptx/``), and the pick from the profiled row alone (``validation.add_live_picks``: what
``analyze --rule-only`` gives a user whose table is that one profile; with ``--fixed-grid``
where the sweep launched one grid at every block size). Run it once, with the
rules frozen before the set was recorded; the README's ``## First scoring`` section is what
``validation.first_scorings`` reads afterwards.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpuadvisor import validation  # noqa: E402
from gpuadvisor.paths import fixtures_dir  # noqa: E402

HEADER = ("| GPU | kernel | best | default / best | pick | regret | winner score / top | fastest "
          "of the 4 listed | pick with the code (--ptx) | regret with the code | fastest of "
          "its 4 listed | pick from the profile alone | its regret | the same with --fixed-grid "
          "where the sweep's grid is fixed | its regret | the project's own shape (host_block) / "
          "best | pick from the profile at the project's shape alone | its regret |")


def _regret(value: float | None) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" + (" ✗" if value > validation.GOAL_REGRET + 1e-12 else "")


def _timed(value: float | None) -> str:
    return _regret(value) if value is not None else "not timed"


def table(folder: str) -> list[str]:
    """The Markdown table's lines for one blind set."""
    from gpuadvisor.sweep import read_sweep
    from gpuadvisor.targets.manifest import kernels

    specs, hosts = kernels(), validation.host_blocks()
    lines = [HEADER, "| --- " * 18 + "|"]
    for path in sorted(fixtures_dir().glob(f"hopper/{folder}/*/*.csv")):
        plain = validation.evaluate_one_profile(path, live=True)
        code = validation.evaluate_one_profile(path, with_code=True)
        df = read_sweep(path)[0]
        for r, c in zip(plain, code, strict=True):
            spec = specs.get(r.kernel)
            host = spec.host_block if spec is not None else None
            label = hosts.get(r.kernel, "-")
            at_host = r.shape_regrets.get(label) if host is not None else None
            project = "-" if host is None else (
                f"{label} {at_host:.2f}" if at_host is not None else f"{label} (not timed)")
            own = validation.pick_from_profile_at(df, host).get(r.kernel) if host else None
            default = (f"{r.default} {r.default_time / r.best_time:.2f}"
                       if r.default_time and r.best_time else "-")
            lines.append(
                f"| {path.parent.name.upper()} | {r.kernel} | {r.best} | {default} | {r.pick} "
                f"| {_regret(r.regret)} | {validation._ratio_text(r)} "
                f"| {_regret(r.shortlist_regrets.get(4))} | {c.pick} | {_regret(c.regret)} "
                f"| {_regret(c.shortlist_regrets.get(4))} | {r.live_pick} "
                f"| {_timed(r.live_regret)} "
                f"| {r.told_pick if r.fixed_grid else '(not fixed)'} "
                f"| {_timed(r.told_regret) if r.fixed_grid else '-'} "
                f"| {project} | {own[0] if own else '(no profile there)'} "
                f"| {_timed(own[1]) if own else '-'} |")
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1 or not (fixtures_dir() / "hopper" / argv[0]).is_dir():
        print("usage: python tools/first_scoring.py SET (a folder of fixtures/hopper/, "
              "e.g. blind31)", file=sys.stderr)
        return 2
    print("\n".join(table(argv[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
