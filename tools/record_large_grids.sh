#!/usr/bin/env bash
# Large recorded grids for the search benchmark (issue 10): exhaustive timing-only sweeps
# (--no-profile) of 300+ configurations each, so benchmarks/search.py can show how strategies
# fare where random sampling rarely lands near the best. From the repository root on the GPU
# machine:   bash tools/record_large_grids.sh OUTDIR
# About 7.5 minutes on an H100 (each sweep has its own timeout; a timed-out sweep keeps its
# journal). Results: OUTDIR/large_grids.tgz (sweep.csv, logs, provenance) and a summary
# printed last.
set -uo pipefail
out=${1:?usage: record_large_grids.sh OUTDIR}
mkdir -p "$out"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1; git rev-parse --short HEAD 2>/dev/null
  echo "sources $(bash "$(dirname "$0")/source_digest.sh")"; } > "$out/provenance.txt"
COMMON="--min-threads 32 --budget 0.08 --max-repeats 10 --no-profile --quiet"
sweep() {  # name timeout_s tune-arguments...
  local name=$1 limit=$2; shift 2
  local start; start=$(date +%s)
  timeout "$limit" $G tune "$@" $COMMON --out "$out/$name" > "$out/$name.log" 2>&1
  echo "$name exit=$? wall_s=$(( $(date +%s) - start ))" >> "$out/walls.txt"
  log "$name done ($(( $(date +%s) - start )) s)"
}
sweep matmul_tiled_3d 190 matmul_tiled --dims 3
sweep sgemm_blocktiling_2d_3d 110 sgemm_blocktiling_2d --dims 3
sweep matmul_naive_3d 110 matmul_naive --dims 3
sweep matrix_add_cache 50 matrix_add --cache-configs default,l1_off,prefer_l1 --measure-same-programs
sweep matmul_tiled_cache 100 matmul_tiled --cache-configs default,l1_off,prefer_shared --measure-same-programs
tar -C "$out" -czf /tmp/large_grids.tgz --exclude='*.cubin' --exclude=build . && mv /tmp/large_grids.tgz "$out/"
python3 - "$out" <<'PY'
import sys
from pathlib import Path
import pandas as pd
out = Path(sys.argv[1])
print("grid | exit | wall s | ok rows | best | within 3% of best | P(random 16 lands within 3%)")
for line in (out / "walls.txt").read_text().splitlines():
    name, *kv = line.split()
    w = dict(x.split("=") for x in kv)
    try:
        d = pd.read_csv(out / name / "sweep.csv", comment="#")
    except Exception as err:
        print(name, w, "no sweep:", err); continue
    d = d[d.status == "ok"]
    b = d.loc[d.time_ms.idxmin()]
    p = float((d.time_ms <= 1.03 * b.time_ms).mean())
    print(f"{name} | {w['exit']} | {w['wall_s']} | {len(d)} | {b.block_x}x{b.block_y}x{b.block_z} "
          f"{b.cache_config} {b.time_ms:.4g} ms | {p:.3f} | {1 - (1 - p) ** 16:.2f}")
PY
log done
