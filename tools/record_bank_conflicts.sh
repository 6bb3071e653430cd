#!/usr/bin/env bash
# Real ncu output of tools/bank_conflict_probe.cu with gpuadvisor's sweep metrics.
#   bash tools/record_bank_conflicts.sh OUTFILE   (from the repository root, on the GPU machine)
set -uo pipefail
out=${1:?usage: record_bank_conflicts.sh OUTFILE}
build=$(mktemp -d)
nvcc -arch=sm_90 -O2 -o "$build/bank_conflict_probe" tools/bank_conflict_probe.cu || exit 1
metrics=$(PYTHONPATH=$PWD python3 -c \
  "from gpuadvisor.profilers.ncu import SWEEP_METRICS; print(','.join(SWEEP_METRICS))")
{ printf '# gpu: %s\n# ncu: %s\n# date: %s\n# command: %s\n' \
    "$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)" \
    "$(ncu --version | tail -1)" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \
    "ncu --csv --page raw --cache-control all --clock-control base --metrics <SWEEP_METRICS> ./bank_conflict_probe"
  ncu --csv --page raw --cache-control all --clock-control base --metrics "$metrics" \
    "$build/bank_conflict_probe" 2>&1; } > "$out"
