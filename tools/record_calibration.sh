#!/usr/bin/env bash
# Broader calibration set (issue 11 item 5), from the repository root on the GPU machine:
#   bash tools/record_calibration.sh OUTDIR
# For each calibration kernel (kernels/manifest.yaml, "issue 11 calibration set") and the
# vector reduction at three sizes:
#   1. an exhaustive timing-only sweep of the seeds' grid (--min-threads 32, --no-profile);
#   2. ncu with the full sweep metric set (sectors per request and efficiency of loads and
#      stores, hit rates, stalls) at the app-like default (32x8, 16x16 and 8x32 for 2-D
#      kernels; 256 for 1-D), at the sweep's fastest shape and at the block the kernel's
#      ported project launches (its manifest's host_block), added to the same sweep table
#      by `tune --resume --profile-shapes` (nothing is timed twice, the build is reused).
# Every step runs under `timeout`, a failed kernel does not stop the others, and no step
# starts after CALIB_LIMIT_S seconds (default 480), so the whole run stays under 9 minutes
# on an H100 (estimate: ~5-6 minutes). Work happens in a scratch folder; OUTDIR receives
# only calibration.tgz (every sweep folder and log, without cubins), provenance.txt (date,
# GPU and driver, nvcc, ncu, the commit .git names and tools/source_digest.sh's digest of the
# sources that ran), steps.txt and summary.txt. The summary table is printed last.
set -uo pipefail
out=${1:?usage: record_calibration.sh OUTDIR}
mkdir -p "$out"
out=$(cd "$out" && pwd)
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
work=$(mktemp -d "${TMPDIR:-/tmp}/calibration.XXXXXX")
limit=${CALIB_LIMIT_S:-480}
t0=$(date +%s)
# what to calibrate (override to rerun a part, e.g. CALIB_KERNELS_1D=spmv_csr CALIB_KERNELS_2D=
# CALIB_REDUCTION_SIZES=; CALIB_PROFILE_1D=64,256,1024 profiles more 1-D block sizes, and
# CALIB_PROFILE_2D the 2-D ones; the sweep's fastest shape is always added); the reduction
# is kernels/reduction.cu (vector_reduction) at 1 Mi, the manifest's 32 Mi and 128 Mi elements; CALIB_SWEEP_CAP_2D: seconds a 2-D timing sweep may take (default 75)
KERNELS_2D=${CALIB_KERNELS_2D-transpose_naive transpose_tiled syrk_strided stencil2d_5pt \
stencil2d_9pt stencil3d_7pt conv2d}
KERNELS_1D=${CALIB_KERNELS_1D-gemv_rows gemv_cols spmv_csr histogram_atomic}
REDUCTION_SIZES=${CALIB_REDUCTION_SIZES-1048576 33521664 134217728}
COMMON="--min-threads 32 --budget 0.1 --max-repeats 10 --quiet"

write_provenance "$work/provenance.txt"
trap 'pack_results "$work" "$out" calibration.tgz' EXIT  # a stopped run still returns what it finished

# step LABEL KIND CAP_S COMMAND...: run under timeout (at most what is left of the limit)
step() {
  local label=$1 kind=$2 cap=$3; shift 3
  local left=$(( limit - ($(date +%s) - t0) ))
  if (( left < 20 )); then
    echo "$label $kind rc=skipped wall_s=0" >> "$work/steps.txt"
    log "$label $kind skipped: past the ${limit} s limit"
    return 1
  fi
  local t=$(( cap < left ? cap : left )) start=$(date +%s) rc
  timeout -k 5 "$t" "$@" >> "$work/$label.log" 2>&1
  rc=$?
  echo "$label $kind rc=$rc wall_s=$(( $(date +%s) - start ))" >> "$work/steps.txt"
  log "$label $kind: exit $rc in $(( $(date +%s) - start )) s"
  return $rc
}

# fastest ok shape of a sweep table as BXxBYxBZ (empty when there is none)
best_shape() {
  python3 - "$1" <<'PY' 2>/dev/null
import sys
import pandas as pd
t = pd.read_csv(sys.argv[1], comment="#")
t = t[t.status == "ok"]
if len(t):
    b = t.loc[t.time_ms.idxmin()]
    print(f"{int(b.block_x)}x{int(b.block_y)}x{int(b.block_z)}")
PY
}

# the block the kernel's ported project launches (the manifest's host_block) as BXxBYxBZ
# (empty when the manifest names none)
host_shape() {
  $G kernels show "$1" --json 2>/dev/null | python3 -c '
import json, sys
block = json.load(sys.stdin).get("host_block")
print("x".join(map(str, block)) if block else "")' 2>/dev/null
}

# calibrate LABEL KERNEL DIMS SWEEP_CAP [--param K=V ...]
calibrate() {
  local label=$1 kernel=$2 dims=$3 cap=$4; shift 4
  local dir="$work/$label" shapes best host
  step "$label" sweep "$cap" $G tune "$kernel" "$@" $COMMON --no-profile --out "$dir"
  [ -f "$dir/sweep.csv" ] || return
  shapes=${CALIB_PROFILE_1D:-256}
  [ "$dims" = 2 ] && shapes=${CALIB_PROFILE_2D:-32x8,16x16,8x32}
  best=$(best_shape "$dir/sweep.csv")
  [ -n "$best" ] && shapes="$shapes,$best"
  host=$(host_shape "$kernel")  # profiled too: the one profile a project's user has
  [ -n "$host" ] && shapes="$shapes,$host"
  step "$label" profile 75 $G tune "$kernel" "$@" $COMMON --resume --profile-shapes "$shapes" \
    --out "$dir"
}

for kernel in $KERNELS_2D; do
  calibrate "$kernel" "$kernel" 2 "${CALIB_SWEEP_CAP_2D:-75}"
done
for kernel in $KERNELS_1D; do
  calibrate "$kernel" "$kernel" 1 45
done
# CALIB_VARIANTS_1D: 1-D kernels at other sizes, "kernel:NAME=V,NAME=V ..." (label
# kernel_NAMEV_NAMEV), e.g. "row_norm3:ROWS=4096,COLS=8192"
for variant in ${CALIB_VARIANTS_1D-}; do
  kernel=${variant%%:*} label=${variant%%:*} params=()
  IFS=, read -ra pairs <<< "${variant#*:}"
  for kv in "${pairs[@]}"; do
    params+=(--param "$kv") label+="_${kv/=/}"
  done
  calibrate "$label" "$kernel" 1 45 "${params[@]}"
done
for n in $REDUCTION_SIZES; do
  calibrate "vector_reduction_n$n" vector_reduction 1 45 --param "N=$n"
done

python3 - "$work" > "$work/summary.txt" 2>&1 <<'PY'
import sys
from pathlib import Path

import pandas as pd

work = Path(sys.argv[1])
steps: dict[str, dict[str, str]] = {}
lines = (work / "steps.txt").read_text().splitlines() if (work / "steps.txt").is_file() else []
for line in lines:
    label, kind, *kv = line.split()
    steps.setdefault(label, {})[kind] = " ".join(kv)


def shape(r) -> str:
    return f"{int(r.block_x)}x{int(r.block_y)}" + (f"x{int(r.block_z)}" if r.block_z > 1 else "")


def spr(r) -> str:
    ld, st = r.get("sectors_per_request"), r.get("store_sectors_per_request")
    if pd.isna(ld) and pd.isna(st):
        return "-"
    return f"{ld:.1f}/{st:.1f}" if not pd.isna(st) else f"{ld:.1f}/-"


print("kernel | ok/rows | best shape: ms | default shape: ms | default/best | "
      "sectors per request ld/st at default, best | steps")
for label, kinds in steps.items():
    status = "; ".join(f"{k} {v}" for k, v in kinds.items())
    path = work / label / "sweep.csv"
    try:
        t = pd.read_csv(path, comment="#")
    except Exception as err:  # noqa: BLE001 - a summary line per kernel, whatever happened
        print(f"{label} | no sweep table ({type(err).__name__}) | | | | | {status}")
        continue
    ok = t[t.status == "ok"]
    if ok.empty:
        print(f"{label} | 0/{len(t)} | | | | | {status}")
        continue
    best = ok.loc[ok.time_ms.idxmin()]
    dims1 = (t.block_y == 1).all() and (t.block_z == 1).all()
    want = (256, 1, 1) if dims1 else (32, 8, 1)
    hit = ok[(ok.block_x == want[0]) & (ok.block_y == want[1]) & (ok.block_z == want[2])]
    if hit.empty:
        default = "n/a"
        ratio = "n/a"
        counters = f"-, {spr(best)}"
    else:
        d = hit.iloc[0]
        default = f"{shape(d)}: {d.time_ms:.4g}"
        ratio = f"{d.time_ms / best.time_ms:.2f}"
        counters = f"{spr(d)}, {spr(best)}"
    print(f"{label} | {len(ok)}/{len(t)} | {shape(best)}: {best.time_ms:.4g} | {default} | "
          f"{ratio} | {counters} | {status}")
PY
log "done in $(( $(date +%s) - t0 )) s; results: $out/calibration.tgz"
pack_results "$work" "$out" calibration.tgz
trap - EXIT
rm -rf "$work"
cat "$out/summary.txt"
