#!/usr/bin/env bash
# Held-out evidence (run from the repository root on the GPU machine):
#   bash tools/record_gpu_heldout.sh OUTDIR
# 1. Sweeps at problem sizes the rules were NOT calibrated on (time only, the seeds' 2-D grid
#    of >= 32 threads), scored by `python -m gpuadvisor.validation` as held-out fixtures.
# 2. A pre-merge review scenario from real runs: "main" launches matmul_naive at 32x8 and
#    matrix_add at 256x1; the "pull request" moves matmul_naive to 16x16.
set -uo pipefail
out=${1:?usage: record_gpu_heldout.sh OUTDIR}
mkdir -p "$out"
export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD" PYTHONUNBUFFERED=1 COLUMNS=150
G="python3 -m gpuadvisor"
log() { echo "[$(date -u +%H:%M:%S)] $*"; }
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1; } > "$out/provenance.txt"
T="--min-threads 32 --no-profile --quiet --budget 0.15 --max-repeats 15"
sweep() {  # name kernel params...
  local name=$1 kernel=$2; shift 2
  timeout 150 $G tune "$kernel" $T "$@" --out "$out/$name" > "$out/$name.log" 2>&1
  log "$name exit $? ($(grep -vc '^#' "$out/$name/sweep.csv" 2>/dev/null) lines)"
}
sweep matrix_add_4096x2048 matrix_add --param ROWS=2048 --param COLS=4096
sweep matmul_naive_1024 matmul_naive --param M=1024 --param N=1024 --param K=1024
sweep matmul_tiled_4096 matmul_tiled --param M=4096 --param N=4096 --param K=4096
sweep random_copy_8192 random_copy --param ROWS=8192 --param COLS=8192
sweep vector_reduction_8m vector_reduction --param N=8388608
sweep sgemm_coalesced_1024 sgemm_coalesced --param M=1024 --param N=1024 --param K=1024
sweep scattered_4096 scattered --param ROWS=4096 --param COLS=2048
sweep overloaded_2048 overloaded --param ROWS=2048 --param COLS=2048

log "review scenario"
R="--no-profile --quiet --budget 0.3 --max-repeats 30"
$G tune matmul_naive --shapes 32x8 $R --out "$out/review_main_matmul" > /dev/null 2>&1; log "main matmul $?"
$G tune matrix_add --shapes 256x1 $R --out "$out/review_main_add" > /dev/null 2>&1; log "main add $?"
$G tune matmul_naive --shapes 16x16 $R --out "$out/review_pr_matmul" > /dev/null 2>&1; log "pr matmul $?"
$G tune matrix_add --shapes 256x1 $R --out "$out/review_pr_add" > /dev/null 2>&1; log "pr add $?"
tar -C "$out" -czf /tmp/heldout.tgz --exclude='*.cubin' . && mv /tmp/heldout.tgz "$out/"
log done
