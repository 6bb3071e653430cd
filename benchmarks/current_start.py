"""The default search with and without the app's own shape (``tune --current``), replayed on
blind sets 96-98's recorded sweeps at 8 measurements with the kernels' code, for the 16
kernels whose host launch the sets' commits name (63d53ce, 07615c3, 528bb7f; Chainer's and
Chai's are not known). Three ways: from the usual default (32x8, 256x1) alone; the host's
shape first with the list from its own profile (the first version of ``--current``, not
kept); the host's shape first, then the usual default, the list from that (``--current`` as
shipped, :class:`gpuadvisor.search.current.FromCurrent`). Prints each kernel's host shape
over the best and each way's pick over the best, then each way's totals. Run from the
repository root::

    python benchmarks/current_start.py
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: set -> kernel -> the block its host launches
HOSTS = {
    96: {"cucim_pba_flood_up": (32, 1, 1), "bm3d_get_block": (8, 8, 1),
         "dpvo_corr_forward": (256, 1, 1), "flashinfer_pack_bits": (256, 1, 1),
         "internimage_dcnv3_im2col": (256, 1, 1)},
    97: {"sgm_csct_census": (32, 32, 1), "smesh_erode_depth": (32, 32, 1),
         "ocnn_octree2col": (512, 1, 1), "qta_score_data": (32, 1, 1),
         "stixels_join_columns": (256, 1, 1), "xfm_sparse_mask_matmul": (512, 1, 1)},
    98: {"taco2_parse_decoder": (32, 32, 1), "cudamat_select_rows": (32, 1, 1),
         "pytsparse_padded_scatter": (1024, 1, 1), "nvcomp_delta": (1024, 1, 1),
         "nnue_ft_forward": (256, 1, 1)},
}


def main() -> None:
    sys.path.insert(0, str(ROOT))
    from gpuadvisor.paths import fixtures_dir
    from gpuadvisor.search.base import Strategy, run_search
    from gpuadvisor.search.current import FromCurrent
    from gpuadvisor.search.replay import recorded_space, replay_target
    from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy
    from gpuadvisor.sweep import normalize, read_sweep
    from gpuadvisor.validation import kernel_code

    class OwnProfile(Strategy):
        """The first version: the host's shape first, the inner strategy listing from it."""

        def __init__(self, inner: Strategy, block: tuple[int, int, int]) -> None:
            super().__init__()
            self.inner, self.block, self.name = inner, block, inner.name
            self._first = FromCurrent(inner, block)

        def start(self, configs, budget) -> None:  # noqa: ANN001
            super().start(configs, budget)
            self._first.start(configs, budget)

        def propose(self, history):  # noqa: ANN001, ANN202
            return self._first.propose(history) if not history else self.inner.propose(history)

    ways = {"the usual default": None, "the host's shape, listed from it": OwnProfile,
            "--current (host, then the usual default)": FromCurrent}
    regrets: dict[str, list[float]] = {way: [] for way in ways}
    for n, kernels in HOSTS.items():
        for kernel, host in kernels.items():
            table = normalize(read_sweep(fixtures_dir() / "hopper" / f"blind{n}" / "h200"
                                         / f"{kernel}.csv")[0])
            rows = [{str(k): v for k, v in r.items()} for r in table.to_dict(orient="records")]
            ok = [r for r in rows if str(r["status"]) == "ok"]
            best = min(float(r["time_ms"]) for r in ok)
            at_host = min(float(r["time_ms"]) for r in ok
                          if (r["block_x"], r["block_y"], r["block_z"]) == host)
            picks = []
            for way, wrapper in ways.items():
                search = make_strategy(DEFAULT_STRATEGY, arch="sm_90", code=kernel_code([kernel]))
                if wrapper is not None:
                    search = wrapper(search, host)
                result = run_search(search, recorded_space(rows), replay_target(rows), 8)
                picks.append(result.best.time_ms / best)
                regrets[way].append(picks[-1])
            print(f"set {n} {kernel}: host {'x'.join(map(str, host))} {at_host / best:.3f}x; "
                  + ", ".join(f"{p:.3f}x" for p in picks))
    for start, values in regrets.items():
        mean = math.exp(sum(math.log(v) for v in values) / len(values))
        print(f"from {start}: within 3 % on {sum(v <= 1.03 for v in values)} of {len(values)}, "
              f"geometric mean {mean:.3f}x, worst {max(values):.3f}x")


if __name__ == "__main__":
    main()
