"""The default search from the app's own shape (``tune --current``) against from the usual
default (32x8, 256x1), replayed on blind sets 96-98's recorded sweeps at 8 measurements with
the kernels' code, for the 16 kernels whose host launch the sets' commits name (63d53ce,
07615c3, 528bb7f; Chainer's and Chai's are not known). Prints each kernel's host shape over
the best and the pick over the best from each start, then both starts' totals. Run from the
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
    from gpuadvisor.search.base import run_search
    from gpuadvisor.search.current import FromCurrent
    from gpuadvisor.search.replay import recorded_space, replay_target
    from gpuadvisor.search.strategies import DEFAULT_STRATEGY, make_strategy
    from gpuadvisor.sweep import normalize, read_sweep
    from gpuadvisor.validation import kernel_code

    regrets: dict[str, list[float]] = {"the usual default": [], "the host's shape": []}
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
            for start, first in zip(regrets, (None, host), strict=True):
                search = make_strategy(DEFAULT_STRATEGY, arch="sm_90", code=kernel_code([kernel]))
                if first is not None:
                    search = FromCurrent(search, first)
                result = run_search(search, recorded_space(rows), replay_target(rows), 8)
                picks.append(result.best.time_ms / best)
                regrets[start].append(picks[-1])
            print(f"set {n} {kernel}: host {'x'.join(map(str, host))} {at_host / best:.3f}x; "
                  f"from the usual default {picks[0]:.3f}x, from the host's {picks[1]:.3f}x")
    for start, values in regrets.items():
        mean = math.exp(sum(math.log(v) for v in values) / len(values))
        print(f"from {start}: within 3 % on {sum(v <= 1.03 for v in values)} of {len(values)}, "
              f"geometric mean {mean:.3f}x, worst {max(values):.3f}x")


if __name__ == "__main__":
    main()
