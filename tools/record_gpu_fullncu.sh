#!/usr/bin/env bash
# Full 2-D sweeps with ncu counters for EVERY configuration (the first evidence run profiled
# a subset of shapes to fit its time budget). Run from the repository root on the GPU machine:
#   bash tools/record_gpu_fullncu.sh OUTDIR KERNEL[:CACHE_CONFIGS] ...
# e.g. bash tools/record_gpu_fullncu.sh out matrix_add random_copy scattered:default,l1_off
set -uo pipefail
out=${1:?usage: record_gpu_fullncu.sh OUTDIR KERNEL[:CACHE_CONFIGS] ...}; shift
mkdir -p "$out"
export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD" PYTHONUNBUFFERED=1 COLUMNS=150
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  ncu --version | tail -1; nvcc --version | tail -1; git rev-parse HEAD 2>/dev/null
  echo "sources $(bash "$(dirname "$0")/source_digest.sh")"; } > "$out/provenance.txt"
for spec in "$@"; do
  kernel=${spec%%:*}; configs=default
  [ "$spec" != "$kernel" ] && configs=${spec#*:}
  start=$(date +%s)
  python3 -m gpuadvisor tune "$kernel" --min-threads 32 --cache-configs "$configs" \
    --budget 0.2 --max-repeats 20 --quiet --out "$out/$kernel" > "$out/$kernel.log" 2>&1
  echo "[$(date -u +%H:%M:%S)] $kernel ($configs): exit $? in $(( $(date +%s) - start )) s"
done
tar -C "$out" -czf /tmp/fullncu.tgz --exclude='*.cubin' --exclude='*.launches.jsonl' . \
  && mv /tmp/fullncu.tgz "$out/"
