#!/usr/bin/env bash
# One blind set's GPU call (issue 11): the set's GPU tests, two recordings of its kernels
# (tools/record_calibration.sh: a timing sweep and ncu counters at 32x8, 16x16, 8x32 / 256 and
# the fastest shape), then a live `tune --max-configs 8` of each kernel with the default
# strategy. Results go to OUTDIR as gpu_tests.log, records.tgz (rec/ and rep/) and live.tgz,
# at most 8 files, as the GPU machine returns them.
#   bash tools/record_blind_set.sh OUTDIR "2-D KERNELS" "1-D KERNELS"
# Each live search may take BLIND_LIVE_LIMIT_S seconds (default 150; at 70, set 102's
# deepwave_scalar_fwd, whose data and reference are large, was cut after 7 of 8 steps).
# The device call carries the working tree (64 MiB at most, wheels included): run
# `bash tools/device_tree.sh slim` here before the call and `... restore` after it, then
# `bash tools/unpack_blind_set.sh N FILES_AT` to lay the returned files out as the set's
# fixtures (blindN/, blindN-repeat/, default-searchN/).
set -uo pipefail
usage='usage: bash tools/record_blind_set.sh OUTDIR "2-D KERNELS" "1-D KERNELS"'
if [ $# -ne 3 ]; then echo "$usage" >&2; exit 2; fi
out=$1 k2=$2 k1=$3
# (either list may be empty, not both: an empty -k would run every GPU test)
if [ -z "${k2// /}${k1// /}" ]; then echo "$usage: no kernel named" >&2; exit 2; fi
mkdir -p "$out"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log(), write_provenance
work=$(mktemp -d /tmp/blind_set.XXXXXX); mkdir -p "$work/live"
# shellcheck disable=SC2086 # the kernel lists split on spaces
kexpr=$(echo $k2 $k1 | sed 's/ / or /g')
log "gpu tests"
timeout 150 python3 -m pytest -q -m gpu tests/test_gpu_tune.py -k "$kexpr" -p no:cacheprovider \
  > "$out/gpu_tests.log" 2>&1
tail -1 "$out/gpu_tests.log"
for run in rec rep; do
  log "record $run"
  CALIB_LIMIT_S=190 CALIB_SWEEP_CAP_2D=110 CALIB_KERNELS_2D="$k2" CALIB_KERNELS_1D="$k1" \
    CALIB_REDUCTION_SIZES="" bash tools/record_calibration.sh "$work/$run" > "$work/$run.log" 2>&1
  tail -3 "$work/$run.log"
done
tar czf "$out/records.tgz" -C "$work" rec rep
log "live searches"
write_provenance "$work/live/provenance.txt"
for k in $k2 $k1; do
  s=$(date +%s)
  timeout -k 5 "${BLIND_LIVE_LIMIT_S:-150}" $G tune "$k" --min-threads 32 --budget 0.1 --max-repeats 10 --quiet \
    --max-configs 8 --out "$work/live/$k" > "$work/live/$k.log" 2>&1
  echo "$k rc=$? wall_s=$(( $(date +%s) - s ))" | tee -a "$work/live/steps.txt"
  # after each run, so that a call stopped at its time limit keeps every finished search
  tar czf "$out/live.tgz" --exclude='*.cubin' --exclude='build' -C "$work" live
done
log done
