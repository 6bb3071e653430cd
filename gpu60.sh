#!/usr/bin/env bash
# blind set 60 on the GPU: the six kernels' GPU tests, two recordings, then a live
# `tune --max-configs 8` (the default strategy, now shortlist) of each kernel.
set -uo pipefail
. tools/gpu_env.sh
K2="aa_dit_decimate cvcuda_histogram cvcuda_dilate"; K1="dvgo_tv_add_grad hvd_batched_scaled_memcpy cholla_update_conserved_3d"; KEXPR="aa_dit_decimate or cvcuda_histogram or cvcuda_dilate or dvgo_tv_add_grad or hvd_batched_scaled_memcpy or cholla_update_conserved_3d"
W=/tmp/b60w; mkdir -p $W/live
log "gpu tests"
timeout 150 python3 -m pytest -q -m gpu tests/test_gpu_tune.py -k "$KEXPR" -p no:cacheprovider > $OUT/gpu_tests.log 2>&1
tail -1 $OUT/gpu_tests.log
for run in rec rep; do
  log "record $run"
  CALIB_LIMIT_S=190 CALIB_SWEEP_CAP_2D=110 CALIB_KERNELS_2D="$K2" CALIB_KERNELS_1D="$K1" \
    CALIB_REDUCTION_SIZES="" bash tools/record_calibration.sh $W/$run > $W/$run.log 2>&1
  tail -3 $W/$run.log
done
tar czf $OUT/records.tgz -C $W rec rep
log "live searches"
write_provenance $W/live/provenance.txt
for k in $K2 $K1; do
  s=$(date +%s)
  timeout -k 5 70 $G tune $k --min-threads 32 --budget 0.1 --max-repeats 10 --quiet \
    --max-configs 8 --out $W/live/$k > $W/live/$k.log 2>&1
  echo "$k rc=$? wall_s=$(( $(date +%s) - s ))" | tee -a $W/live/steps.txt
done
tar czf $OUT/live.tgz --exclude='*.cubin' --exclude='build' -C $W live
log done
