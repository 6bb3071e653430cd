#!/usr/bin/env bash
# benchmarks/ncu_concurrency.py on a machine with two GPUs (the nvidia-h200-x2 kind), from the
# repository root:   bash tools/record_ncu_concurrency.sh OUTDIR     (carry .whl)
# About 4 minutes. Leaves OUTDIR/ncu_concurrency.json and OUTDIR/ncu_concurrency.tgz.
set -uo pipefail
out=${1:?usage: record_ncu_concurrency.sh OUTDIR}; shift
mkdir -p "$out"
if ! python3 -c "import pycuda" 2>/dev/null; then
  python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl || exit 1
  export PYTHONPATH="/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
fi
export PYTHONUNBUFFERED=1
{ date -u +%Y-%m-%dT%H:%M:%SZ; ncu --version | tail -1; nvcc --version | tail -1
  nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader
  git rev-parse --short HEAD 2>/dev/null
  echo "sources $(bash "$(dirname "$0")/source_digest.sh")"; } > "$out/provenance.txt"
timeout 500 python3 benchmarks/ncu_concurrency.py "$out" "$@" 2>&1 | tee "$out/ncu_concurrency.log"
tar -C "$out" -czf /tmp/ncu_concurrency.tgz --exclude='*.cubin' . && mv /tmp/ncu_concurrency.tgz "$out/"
