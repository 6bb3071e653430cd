"""Stores read from atomics: the one-profile pick with and without fitting a kernel's stores on
its global atomics' and reductions' sectors (``access_model.ATOMIC_STORES``, off since stop 62).

    python benchmarks/atomic_sectors.py

For every kernel of fixtures/hopper/atomic-sectors/probes/ (the recorded kernels that write
only through atomics, each profiled again on the H200 at its usual default, 32x8 or 256x1,
with the new counters) the kernel's recorded blind-set sweep is cut to its one profile
(``validation.one_profile_view``), the probe's two sector counts are put into that profile's
row, and ``analyze --rule-only`` picks with the switch off and on, with and without the
kernel's recorded PTX. Prints each kernel's regrets (the pick's time over the sweep's best) and
the totals: within 3 %, geometric mean, better and worse. Set 106's pylops_nonstat_conv2d,
which prompted the switch, is left out (in sample). A few minutes.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpuadvisor import access_model  # noqa: E402
from gpuadvisor.analysis import analyze_sweep  # noqa: E402
from gpuadvisor.sweep import normalize, read_sweep  # noqa: E402
from gpuadvisor.validation import kernel_code, one_profile_view  # noqa: E402

PROBES = ROOT / "fixtures" / "hopper" / "atomic-sectors" / "probes"
COUNTS = ("l1_global_atomic_sectors", "l1_global_reduction_sectors")


def regret(full, view, code) -> float:
    (kernel,) = analyze_sweep(view, rule_only=True, code=code).kernels
    pick = kernel.ranking[0]
    ok = full[full.status == "ok"]
    at = ok[(ok.block_x == pick.block_x) & (ok.block_y == pick.block_y)
            & (ok.block_z == pick.block_z)]
    return float(at.time_ms.min() / ok.time_ms.min())


def main() -> None:
    names = ("off", "on", "off, code", "on, code")
    table: dict[str, list[float]] = {n: [] for n in names}
    print("| kernel | " + " | ".join(names) + " |")
    print("| --- | " + " | ".join("---:" for _ in names) + " |")
    for probe in sorted(PROBES.glob("*.csv")):
        kernel = probe.stem
        (recorded,) = [p for p in ROOT.glob(f"fixtures/hopper/blind*/h200/{kernel}.csv")
                       if "-repeat" not in str(p)]
        full = normalize(read_sweep(recorded)[0])
        counts = normalize(read_sweep(probe)[0]).iloc[0]
        view = one_profile_view(full)
        shape = (32, 8) if (full.block_y > 1).any() else (256, 1)
        at = view[(view.block_x == shape[0]) & (view.block_y == shape[1])].index[0]
        for c in COUNTS:
            view[c] = float("nan")
            view.loc[at, c] = counts[c]
        code = kernel_code([kernel]) or None
        row = []
        for name in names:
            access_model.ATOMIC_STORES = name.startswith("on")
            row.append(regret(full, view, code if name.endswith("code") else None))
            table[name].append(row[-1])
        access_model.ATOMIC_STORES = False
        print(f"| {kernel} | " + " | ".join(f"{r:.3f}" for r in row) + " |")
    print()
    for off, on in (("off", "on"), ("off, code", "on, code")):
        a, b = table[off], table[on]
        gm = [math.exp(sum(map(math.log, x)) / len(x)) for x in (a, b)]
        print(f"{off} -> {on}: within 3 % {sum(r <= 1.03 for r in a)} -> "
              f"{sum(r <= 1.03 for r in b)} of {len(a)}, geometric mean {gm[0]:.4f} -> "
              f"{gm[1]:.4f}, better {sum(y < x - 1e-9 for x, y in zip(a, b, strict=True))}, worse "
              f"{sum(y > x + 1e-9 for x, y in zip(a, b, strict=True))}")


if __name__ == "__main__":
    main()
