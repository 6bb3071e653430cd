#!/usr/bin/env bash
# The rule-only shortlist as a user runs it (issue 11), in two GPU steps around a local one
# (the GPU machine has no jsonschema, which loading the rules needs):
#   on the GPU:  bash tools/record_shortlist.sh profile OUTDIR KERNEL DEFAULT_SHAPE
#                (tune at the default shape only, with ncu counters: OUTDIR/KERNEL/profile/)
#   here:        gpuadvisor analyze OUTDIR/KERNEL/profile/sweep.csv --rule-only --json
#                (its last note lists the rules' top 4 shapes and the --shapes to time)
#   on the GPU:  bash tools/record_shortlist.sh time OUTDIR KERNEL SHAPES
#                (tune --shapes SHAPES --no-profile: OUTDIR/KERNEL/timed/)
# Each step writes OUTDIR/KERNEL/provenance-<step>.txt (date, GPU, driver, ncu).
set -euo pipefail
usage="usage: bash tools/record_shortlist.sh profile|time OUTDIR KERNEL SHAPES"
if [ $# -ne 4 ]; then echo "$usage" >&2; exit 2; fi
step=$1 out=$2 kernel=$3 shapes=$4
case $step in profile|time) ;; *) echo "record_shortlist.sh: unknown step '$step' ($usage)" >&2; exit 2 ;; esac
mkdir -p "$out/$kernel"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  ncu --version | tail -1; echo "tools/record_shortlist.sh $*"; } > "$out/$kernel/provenance-$step.txt"
common=(--budget 0.1 --max-repeats 10 --quiet)
case $step in
  profile) python3 -m gpuadvisor tune "$kernel" --shapes "$shapes" "${common[@]}" \
             --out "$out/$kernel/profile" ;;
  time) python3 -m gpuadvisor tune "$kernel" --shapes "$shapes" --no-profile "${common[@]}" \
          --out "$out/$kernel/timed" ;;
esac
