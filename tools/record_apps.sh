#!/usr/bin/env bash
# Issue 9 evidence: tune public CUDA apps AS THEY ARE (run from the repository root on the GPU
# machine, with .apps/ and .whl/ carried along):
#   bash tools/record_apps.sh [OUTDIR]        (OUTDIR defaults to $OUT)
# .apps/<app>/ holds each app's files exported unmodified from its public repository (see its
# PROVENANCE.txt); gpuadvisor builds one copy per configuration and never edits .apps/.
# 1. four Rodinia apps: `gpuadvisor tune` with --build/--define (at most one compatibility -D),
#    the app's own default block size among the shapes, timing from outside under ncu, then
#    ncu counters;
# 2. benchmarks/ncu_vs_events.py: ncu gpu__time_duration vs CUDA events, same launches;
# 3. benchmarks/app_overhead.py: gpuadvisor's cost per configuration vs the bare commands.
# Writes OUTDIR/apps.tar.gz (every sweep folder without build copies, logs, benchmark
# results) and OUTDIR/summary.txt; prints the summary last. Expected: about 5 minutes;
# every step's timeout is cut to what is left of RECORD_APPS_BUDGET_S (520 s) for the whole run.
set -uo pipefail
out=${1:-${OUT:?usage: record_apps.sh OUTDIR (or set OUT)}}
mkdir -p "$out"
work=$(mktemp -d /tmp/record_apps.XXXX)
res="$work/results"
mkdir -p "$res/logs"
export PATH="$PATH:/usr/local/cuda/bin" PYTHONUNBUFFERED=1 COLUMNS=150
if ! python3 -c 'import pycuda' 2>/dev/null; then
  python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl
  export PYTHONPATH="/tmp/site"
fi
export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD"
start=$(date +%s)
BUDGET=${RECORD_APPS_BUDGET_S:-520}  # seconds for the whole run (the device allows 600)
cap() {  # the timeout for a step that wants $1 s: what the budget has left, less 25 s to pack
  local left=$(( BUDGET - ($(date +%s) - start) - 25 ))
  (( left < 5 )) && left=5
  echo $(( $1 < left ? $1 : left ))
}
log() { echo "[$(date -u +%H:%M:%S) +$(( $(date +%s) - start ))s] $*" | tee -a "$res/summary.txt"; }
{ echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "gpu: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader)"
  echo "ncu: $(ncu --version | tail -1)"
  echo "nvcc: $(nvcc --version | tail -1)"
  echo "gpuadvisor commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "sources $(bash "$(dirname "$0")/source_digest.sh")"
} > "$res/provenance.txt"
cat "$res/provenance.txt"

G="python3 -m gpuadvisor"
NVCC="nvcc -O3 -arch=sm_90"
COMPAT="-DcudaThreadSynchronize=cudaDeviceSynchronize"  # CUDA 13 dropped the old name
app() {  # name, then the tune arguments
  local name=$1; shift
  local begin=$(date +%s)
  # tune's own options first: everything after the app's `--` goes to the app
  timeout "$(cap 150)" $G tune --jobs 16 --out "$res/$name" "$@" > "$res/logs/$name.log" 2>&1
  local code=$?
  log "$name: exit $code in $(( $(date +%s) - begin )) s"
}

# pathfinder: 1-D block, `#define BLOCK_SIZE 256` (unguarded) used in the launch; the input
# is generated (the app's own run line: 100000 columns, 100 rows, pyramid height 20; a block
# must exceed 2 x 20 columns of halo).
app pathfinder ./pathfinder --src .apps/pathfinder \
  --build "$NVCC pathfinder.cu -o pathfinder" --define 'BLOCK_SIZE={block_x}' \
  --kernel dynproc_kernel --shapes 64,128,192,256,384,512,768,1024 -- 100000 100 20
# srad_v2: BLOCK_SIZE x BLOCK_SIZE blocks (srad.h, default 16), two kernels per iteration,
# ranked by their sum; the one compatibility -D.
app srad_v2 ./srad --src .apps/srad_v2 \
  --build "$NVCC $COMPAT srad.cu -o srad" --define 'BLOCK_SIZE={block_x}' \
  --kernel 'srad_cuda_[12]' --shapes 4x4,8x8,16x16,32x32 -- 2048 2048 0 127 0 127 0.5 2
# nw (Needleman-Wunsch): 1-D blocks of BLOCK_SIZE (needle.h, default 16), two wavefront
# kernels launched N / BLOCK_SIZE times each; 128 needs 130 KB of static shared memory, so
# its build fails (a failed row with ptxas's message).
app nw ./needle --src .apps/nw \
  --build "$NVCC needle.cu -o needle" --define 'BLOCK_SIZE={block_x}' \
  --kernel 'needle_cuda_shared_[12]' --shapes 16,32,64,128 -- 2048 10
# lud: BLOCK_SIZE in lud.cu and lud_kernel.cu (default 16); lud_internal runs BLOCK_SIZE x
# BLOCK_SIZE blocks (the other two kernels launch 1-D blocks of BLOCK_SIZE and 2 x BLOCK_SIZE).
app lud ./lud_cuda --src .apps/lud \
  --build "$NVCC -Icommon cuda/lud.cu cuda/lud_kernel.cu common/common.c -o lud_cuda" \
  --define 'BLOCK_SIZE={block_x}' --kernel lud_internal --shapes 8x8,16x16,32x32 -- -s 2048

begin=$(date +%s)
timeout "$(cap 120)" python3 benchmarks/ncu_vs_events.py "$res/ncu_vs_events" > "$res/logs/ncu_vs_events.log" 2>&1
log "ncu_vs_events: exit $? in $(( $(date +%s) - begin )) s"
begin=$(date +%s)
timeout "$(cap 120)" python3 benchmarks/app_overhead.py "$res/app_overhead" --src .apps/pathfinder \
  --build "$NVCC pathfinder.cu -o pathfinder" --define BLOCK_SIZE --exe ./pathfinder \
  --kernel dynproc_kernel --shapes 64,128,256,512 -- 100000 100 20 \
  > "$res/logs/app_overhead.log" 2>&1
log "app_overhead: exit $? in $(( $(date +%s) - begin )) s"

python3 - "$res" >> "$res/summary.txt" 2>&1 <<'EOF'
import sys
from pathlib import Path
from gpuadvisor.sweep import read_sweep
defaults = {"pathfinder": (256, 1), "srad_v2": (16, 16), "nw": (16, 1), "lud": (16, 16)}
res = Path(sys.argv[1])
for name, default in defaults.items():
    try:
        table, meta = read_sweep(res / name / "sweep.csv")
    except Exception as err:  # noqa: BLE001
        print(f"{name}: no sweep ({err})")
        continue
    main = table[table["part_of"].isna()] if "part_of" in table else table
    ok = main[main["status"] == "ok"]
    key = "total_ms" if "total_ms" in ok and ok["total_ms"].notna().all() else "time_ms"
    counts = main["status"].value_counts().to_dict()
    line = f"{name}: {len(main)} configs {counts}"
    if not ok.empty:
        best = ok.sort_values(key).iloc[0]
        line += f"; best {best.block_x}x{best.block_y} {key}={best[key]:.4g}"
        d = ok[(ok.block_x == default[0]) & (ok.block_y == default[1])]
        if not d.empty:
            line += f"; default {default[0]}x{default[1]} {d[key].iloc[0]:.4g}"
            line += f" ({d[key].iloc[0] / best[key]:.2f}x best)"
    print(line)
    for _, row in main[main["status"] != "ok"].iterrows():
        print(f"  {row.block_x}x{row.block_y}: {row.status}: {str(row.error)[:160]}")
for bench in ("ncu_vs_events/ncu_vs_events.md", "app_overhead/app_overhead.md"):
    path = res / bench
    print(path.read_text().strip() if path.exists() else f"{bench}: missing")
EOF
rm -rf "$res"/*/builds "$res"/ncu_vs_events/build "$res"/app_overhead/bare-* "$res"/app_overhead/warm-up \
  "$res"/app_overhead/tune-*/builds
tar -C "$work" -czf "$out/apps.tar.gz" results
cp "$res/summary.txt" "$out/summary.txt"
log "wrote $out/apps.tar.gz ($(du -h "$out/apps.tar.gz" | cut -f1))"
echo "==== summary"
cat "$res/provenance.txt" "$res/summary.txt"
