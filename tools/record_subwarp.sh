#!/usr/bin/env bash
# Blocks smaller than one warp on this GPU, from the repository root on the GPU machine:
#   bash tools/record_subwarp.sh OUTDIR
# Timing-only sweeps (no ncu) of built-in kernels at blocks of 4-24 threads beside one to
# eight warps, so that whether a sub-warp block ever wins on this architecture is measured,
# not assumed: the Hopper calibration sweeps start at 32 threads (--min-threads 32), the
# Fermi seeds found 24 threads best for a scattered kernel with L1 on (001 §VI.B.1), and the
# seeds' other paper says such blocks should not be considered (000 §VI.B).
# SUBWARP_KERNELS_1D / SUBWARP_KERNELS_2D override the kernels; every sweep runs under
# `timeout` (SUBWARP_CAP_S, default 40 s) and no sweep starts after SUBWARP_LIMIT_S (default
# 300) seconds. OUTDIR receives subwarp.tgz (each sweep folder, without cubins),
# provenance.txt, steps.txt and summary.txt (per kernel: the fastest sub-warp block and the
# fastest block of a warp or more, and their ratio), printed last.
set -uo pipefail
out=${1:?usage: record_subwarp.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
work=$(mktemp -d "${TMPDIR:-/tmp}/subwarp.XXXXXX")
limit=${SUBWARP_LIMIT_S:-300}
cap=${SUBWARP_CAP_S:-40}
t0=$(date +%s)
KERNELS_1D=${SUBWARP_KERNELS_1D-random_copy scattered petsc_sf_pack gather_rand searchsorted \
bfs_expand spmv_csr lammps_cell_id}
KERNELS_2D=${SUBWARP_KERNELS_2D-matrix_add transpose_naive}
SHAPES_1D=4,8,16,24,32,48,64,96,128,256
SHAPES_2D=4x2,2x4,8x2,2x8,4x4,16x1,1x16,8x3,32x1,8x4,4x8,64x1,16x4,32x8,16x16
COMMON="--budget 0.1 --max-repeats 10 --quiet --no-profile --cache-configs default"

write_provenance "$work/provenance.txt"
trap 'pack_results "$work" "$out" subwarp.tgz' EXIT  # a stopped run still returns what it finished

sweep() {  # sweep KERNEL SHAPES
  local kernel=$1 shapes=$2 left=$(( limit - ($(date +%s) - t0) )) start rc
  if (( left < 15 )); then
    echo "$kernel rc=skipped wall_s=0" >> "$work/steps.txt"
    return
  fi
  start=$(date +%s)
  timeout -k 5 $(( cap < left ? cap : left )) $G tune "$kernel" --shapes "$shapes" $COMMON \
    --out "$work/$kernel" >> "$work/$kernel.log" 2>&1
  rc=$?
  echo "$kernel rc=$rc wall_s=$(( $(date +%s) - start ))" >> "$work/steps.txt"
  log "$kernel: exit $rc in $(( $(date +%s) - start )) s"
}

for kernel in $KERNELS_1D; do sweep "$kernel" "$SHAPES_1D"; done
for kernel in $KERNELS_2D; do sweep "$kernel" "$SHAPES_2D"; done

python3 - "$work" > "$work/summary.txt" 2>&1 <<'PY'
import sys
from pathlib import Path

import pandas as pd

print("| kernel | fastest below 32 threads | ms | fastest of 32+ threads | ms | sub-warp / warp+ |")
print("| --- | --- | ---: | --- | ---: | ---: |")
for path in sorted(Path(sys.argv[1]).glob("*/sweep.csv")):
    t = pd.read_csv(path, comment="#")
    t = t[t.status == "ok"]
    if t.empty:
        print(f"| {path.parent.name} | - | - | - | - | no ok row |")
        continue
    threads = t.block_x * t.block_y * t.block_z
    small, large = t[threads < 32], t[threads >= 32]
    if small.empty or large.empty:
        print(f"| {path.parent.name} | - | - | - | - | one side has no ok row |")
        continue
    s, g = small.loc[small.time_ms.idxmin()], large.loc[large.time_ms.idxmin()]
    print(f"| {t.kernel.iloc[0]} | {s.block_x}x{s.block_y} | {s.time_ms:.4f} | "
          f"{g.block_x}x{g.block_y} | {g.time_ms:.4f} | {s.time_ms / g.time_ms:.2f} |")
PY
pack_results "$work" "$out" subwarp.tgz
trap - EXIT
cat "$work/summary.txt"
rm -rf "$work"
