#!/usr/bin/env bash
# Which cache-configuration claims of the rules hold on this GPU (issue 11 round 28):
#   bash tools/record_cache_check.sh OUTDIR [KERNELS]
# For each built-in KERNEL (default: matrix_add matmul_naive lbm_d2q9), one sweep of the shapes
# the line-straddling and full-occupancy rules score differently (x of 4 to 256 columns, 64 to
# 256 threads) at the default, l1_off (-dlcm=cg: loads bypass L1) and prefer_l1 (a small
# shared-memory carveout, 1 KB of it reserved per block) configurations, timed and profiled
# (ncu: achieved occupancy, sectors and L1 wavefronts per request). OUTDIR/KERNEL/: the sweep's
# folder; OUTDIR/provenance.txt: date, GPU, driver, ncu, this command.
set -euo pipefail
if [ $# -lt 1 ]; then
  echo "usage: bash tools/record_cache_check.sh OUTDIR [KERNELS]" >&2
  exit 2
fi
out=$1 kernels=${2:-matrix_add matmul_naive lbm_d2q9}
mkdir -p "$out"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  ncu --version | tail -1; echo "tools/record_cache_check.sh $*"; } > "$out/provenance.txt"
shapes=32x8,16x16,8x32,4x64,64x4,16x12,8x24,64x3,128x2,256x1,32x2,64x1,16x4
for kernel in $kernels; do
  python3 -m gpuadvisor tune "$kernel" --shapes "$shapes" \
    --cache-configs default,l1_off,prefer_l1 --measure-same-programs \
    --budget 0.1 --max-repeats 10 --quiet --out "$out/$kernel" || echo "$kernel failed" >&2
done
