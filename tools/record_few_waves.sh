#!/usr/bin/env bash
# The tail effect where it should show: grids of 1 to 4.5 waves of long, uniform blocks
# (rules/tail-effect.yaml; the Hopper sweeps run tens to hundreds of waves). From the
# repository root on the GPU machine:   bash tools/record_few_waves.sh OUTDIR
#
# coulomb_grid (32 registers: 2048 threads per SM at every block size that divides it, one
# thread per lattice point, a loop over 256 atoms: every block does the same work) on a
# 1024-column lattice of ROWS rows, i.e. ROWS / 264 waves at full occupancy on 132 SMs:
#   1. staircase: 256x1 and 64x4 at ROWS = 132, 165, ..., 1188 (0.5 to 4.5 waves, steps of
#      1/8 wave), one `tune` per size;
#   2. sweeps: every shape of the 2-D grid (>= 32 threads) at ROWS = 290, 396, 512, 660, 871
#      (1.10, 1.50, 1.94, 2.50 and 3.30 waves at full occupancy), for `gpuadvisor rules check`.
# slab_list_walk (SlabHash's warp-cooperative list search, one query a warp, every warp 64
# dependent 128 B loads at random places of a 128 MiB pool: latency-bound at any occupancy,
# where coulomb_grid is issue-bound) with 8448 queries a wave at full occupancy on 132 SMs:
#   3. latency staircase: 256x1 and 1024x1 at QUERIES = 4224, 5280, ..., 38016 (0.5 to 4.5
#      waves, steps of 1/8 wave);
#   4. latency sweeps: every 1-D block size (>= 32 threads) at QUERIES = 9293, 12672, 16389,
#      21120, 27878 (1.10, 1.50, 1.94, 2.50 and 3.30 waves).
# Timing only (--no-profile; registers come from the compiled function), each configuration
# checked against the NumPy reference. About 7 minutes on an H200. Results:
# OUTDIR/few_waves.tgz and a summary printed last. FEW_WAVES_STAIR_ROWS, FEW_WAVES_SWEEP_ROWS,
# FEW_WAVES_LATENCY_STAIR and FEW_WAVES_LATENCY_SWEEP replace a list (empty: that part is
# skipped).
set -uo pipefail
out=${1:?usage: record_few_waves.sh OUTDIR}
mkdir -p "$out"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1; echo "command: bash tools/record_few_waves.sh $out"; } \
  > "$out/provenance.txt"
COMMON="--param COLS=1024 --param NATOMS=256 --no-profile --quiet"
STAIR_ROWS=${FEW_WAVES_STAIR_ROWS-$(seq 132 33 1188)}
SWEEP_ROWS=${FEW_WAVES_SWEEP_ROWS-290 396 512 660 871}
# one size: tune_size WALLS_LABEL LOG_NAME TIMEOUT TUNE_ARGUMENTS...; its exit status and
# wall time go to walls.txt, its output to LOG_NAME.log
tune_size() {
  local label=$1 log_name=$2 limit=$3 start status
  shift 3
  start=$(date +%s)
  timeout "$limit" $G tune "$@" > "$out/$log_name.log" 2>&1
  status=$?
  echo "$label exit=$status wall_s=$(( $(date +%s) - start ))" >> "$out/walls.txt"
}
for rows in $STAIR_ROWS; do
  tune_size "stair rows=$rows" "stair_$rows" 60 coulomb_grid --shapes 256x1,64x4 \
    --param ROWS="$rows" $COMMON --budget 0.3 --max-repeats 30 --out "$out/stair/rows_$rows"
done
log "staircase done"
for rows in $SWEEP_ROWS; do
  tune_size "sweep rows=$rows" "sweep_$rows" 120 coulomb_grid --min-threads 32 \
    --param ROWS="$rows" $COMMON --budget 0.08 --max-repeats 10 --out "$out/sweep/rows_$rows"
  log "sweep rows=$rows done"
done
LATENCY="--param STEPS=64 --no-profile --quiet"
LAT_STAIR=${FEW_WAVES_LATENCY_STAIR-$(seq 4224 1056 38016)}
LAT_SWEEP=${FEW_WAVES_LATENCY_SWEEP-9293 12672 16389 21120 27878}
for q in $LAT_STAIR; do
  tune_size "latency stair queries=$q" "latency_stair_$q" 60 slab_list_walk \
    --shapes 256x1,1024x1 --param QUERIES="$q" $LATENCY --budget 0.3 --max-repeats 30 \
    --out "$out/latency/stair/queries_$q"
done
log "latency staircase done"
for q in $LAT_SWEEP; do
  tune_size "latency sweep queries=$q" "latency_sweep_$q" 120 slab_list_walk \
    --min-threads 32 --param QUERIES="$q" $LATENCY --budget 0.1 --max-repeats 10 \
    --out "$out/latency/sweep/queries_$q"
  log "latency sweep queries=$q done"
done
tar -C "$out" -czf /tmp/few_waves.tgz --exclude='*.cubin' --exclude=build . \
  && mv /tmp/few_waves.tgz "$out/"
python3 - "$out" <<'PY'
import sys
from pathlib import Path
import pandas as pd
out = Path(sys.argv[1])


def tables(folder, prefix):
    """(size, ok rows) of each size's sweep under folder, in size order."""
    for d in sorted(folder.glob(prefix + "*"), key=lambda p: int(p.name[len(prefix):])):
        try:
            t = pd.read_csv(d / "sweep.csv", comment="#")
        except Exception as err:
            print(d.name, "no sweep:", err)
            continue
        yield d.name, int(d.name[len(prefix):]), t, t[t.status == "ok"]


def staircase(title, folder, prefix, waves, shapes):
    print(title)
    for _name, size, _t, ok in tables(folder, prefix):
        ok = ok.set_index(ok.block_x.astype(str) + "x" + ok.block_y.astype(str))
        print(size, f"{waves(size):.3f}", *(f"{ok.time_ms.get(s, float('nan')):.4f}"
                                            for s in shapes),
              ok.registers_per_thread.max() if len(ok) else "-")


def sweeps(label, folder, prefix):
    for name, _size, t, ok in tables(folder, prefix):
        if ok.empty:
            print(f"{label} {name}: 0 ok of {len(t)}")
            continue
        b = ok.loc[ok.time_ms.idxmin()]
        print(f"{label} {name}: {len(ok)} ok of {len(t)}, best {b.block_x}x{b.block_y} "
              f"{b.time_ms:.4f} ms")


staircase("staircase: rows | waves at 256 threads | 256x1 ms | 64x4 ms | registers",
          out / "stair", "rows_", lambda rows: 4 * rows / 1056, ("256x1", "64x4"))
sweeps("sweep", out / "sweep", "rows_")
staircase("latency staircase: queries | waves | 256x1 ms | 1024x1 ms | registers",
          out / "latency" / "stair", "queries_", lambda q: q / 8448, ("256x1", "1024x1"))
sweeps("latency sweep", out / "latency" / "sweep", "queries_")
PY
log done
