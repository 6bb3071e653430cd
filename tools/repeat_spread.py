"""Run-to-run spread of the recorded sweeps: how often one recording's fastest shape is within
3 % of the other recording's best (issue 11: the ceiling a one-profile pick can reach).

    python tools/repeat_spread.py

Pairs every ``fixtures/hopper/<set>-repeat/<gpu>/<kernel>.csv`` with the first recording at
``fixtures/hopper/<set>/<gpu>/<kernel>.csv``; over the shapes both timed, each recording's
fastest shape is looked up in the other. Prints one line per kernel and the count.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gpuadvisor.paths import fixtures_dir  # noqa: E402
from gpuadvisor.sweep import read_sweep  # noqa: E402

WITHIN = 1.03 + 1e-12
SHAPE = ["block_x", "block_y", "block_z"]


def _times(df, kernel: str):  # noqa: ANN001, ANN202 - a DataFrame, a Series
    ok = df[(df["kernel"] == kernel) & (df["status"] == "ok") & df["time_ms"].notna()]
    return ok.groupby(SHAPE)["time_ms"].min()


def pairs() -> list[tuple[str, str, int, float, float]]:
    """(repeat table, kernel, shapes in both, first's best in the repeat / the repeat's best,
    the repeat's best in the first / the first's best)."""
    out = []
    for repeat in sorted(fixtures_dir().glob("hopper/*-repeat/*/*.csv")):
        first = repeat.parents[2] / repeat.parts[-3].removesuffix("-repeat") / repeat.parts[-2] \
            / repeat.name
        a, _ = read_sweep(first)
        b, _ = read_sweep(repeat)
        for kernel in sorted(set(a["kernel"].astype(str))):
            ta, tb = _times(a, kernel), _times(b, kernel)
            both = ta.index.intersection(tb.index)
            ta, tb = ta[both], tb[both]
            out.append((str(repeat.relative_to(fixtures_dir())), kernel, len(both),
                        float(tb[ta.idxmin()] / tb.min()), float(ta[tb.idxmin()] / ta.min())))
    return out


def main() -> int:
    found = pairs()
    for table, kernel, shapes, ab, ba in found:
        print(f"{table} {kernel}: {shapes} shapes, first's best in the repeat {ab:.3f}, "
              f"repeat's best in the first {ba:.3f}")
    hits = sum(ab <= WITHIN for *_, ab, _ba in found) + sum(ba <= WITHIN for *_, ba in found)
    print(f"{hits} of {2 * len(found)} within 3 % ({len(found)} kernels recorded twice)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
