#!/usr/bin/env bash
# Second batch of GPU-machine evidence (run from the repository root):
#   bash tools/record_gpu_review.sh OUTDIR
# 1. `gpuadvisor profile` of the example app next to a direct `ncu` run of the same launch;
# 2. the .ncu-rep reader on a real report;
# 3. three real sweeps of the example app for `gpuadvisor review`: the app twice (two repeats
#    of the same sweep) and the app built with -Xptxas -dlcm=cg (L1 off on a reuse kernel);
# 4. the two built-in kernels the first evidence run had no time for.
set -uo pipefail
out=${1:?usage: record_gpu_review.sh OUTDIR}
mkdir -p "$out"
export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD" PYTHONUNBUFFERED=1 COLUMNS=150
G="python3 -m gpuadvisor"
log() { echo "[$(date -u +%H:%M:%S)] $*"; }
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
{ echo "date: $stamp"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  ncu --version | tail -1; nvcc --version | tail -1; } > "$out/provenance.txt"
make -C examples/matmul_app > "$out/make.log" 2>&1 || log "make failed"

log "1. profile vs ncu"
metrics=$(python3 -c "from gpuadvisor.profilers.ncu import SWEEP_METRICS; print(','.join(SWEEP_METRICS))")
$G profile ./examples/matmul_app/matmul --kernel matmul_naive -o "$out/profile_16x16.csv" \
  -- 16 16 > "$out/profile_16x16_table.txt" 2>&1; log "profile table exit $?"
$G profile ./examples/matmul_app/matmul --kernel matmul_naive --json -- 16 16 \
  > "$out/profile_16x16.json" 2>"$out/profile_16x16.err"; log "profile json exit $?"
ncu --csv --page raw --cache-control all --clock-control base --metrics "$metrics" \
  -k regex:matmul_naive -c 1 ./examples/matmul_app/matmul 16 16 > "$out/ncu_direct_16x16.csv" 2>&1
log "direct ncu exit $?"

log "2. .ncu-rep"
python3 -m pytest -q -p no:cacheprovider tests/test_ncu_parse.py -k ncu_rep > "$out/ncu_rep_test.txt" 2>&1
log "ncu_rep tests: $(tail -1 "$out/ncu_rep_test.txt")"
$G import fixtures/hopper/ncu/probe_random_copy.ncu-rep -o "$out/ncu_rep_import.csv" \
  > "$out/ncu_rep_import.log" 2>&1; log "import exit $?"

log "3. review sweeps"
shapes=32x1,64x1,128x1,256x1,512x1,1024x1,32x2,64x2,128x2,256x2,32x4,64x4,128x4,32x8,64x8,16x16,32x16,8x32,16x32,32x32
for run in app_base_a app_base_b; do
  $G tune ./examples/matmul_app/matmul --kernel matmul_naive --no-profile --quiet --arch sm_90 \
    --shapes $shapes --out "$out/$run" -- {block_x} {block_y} > "$out/$run.log" 2>&1
  log "$run exit $?"
done
$G tune ./examples/matmul_app/matmul_l1off --kernel matmul_naive --no-profile --quiet --arch sm_90 \
  --shapes $shapes --out "$out/app_l1off" -- {block_x} {block_y} > "$out/app_l1off.log" 2>&1
log "app_l1off exit $?"

log "4. remaining built-ins"
for k in sgemm_blocktiling_2d vector_reduction_adaptive; do
  timeout 200 $G tune $k --min-threads 32 --budget 0.2 --max-repeats 20 --quiet \
    --profile-shapes 32x8,16x16,64x4,128x2,256x1,64x1,128x1,512x1 --out "$out/$k" > "$out/$k.log" 2>&1
  log "$k exit $?"
done
tar -C "$out" -czf "$out/review_evidence.tgz" --exclude='*.cubin' --exclude=review_evidence.tgz .
log "done"
tail -5 "$out"/app_base_a.log
grep -E "achieved|L1|gld|occupancy" "$out/profile_16x16_table.txt" | head -20
