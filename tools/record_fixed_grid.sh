#!/usr/bin/env bash
# `analyze --fixed-grid` as a user runs it (issue 11), in one go on the GPU machine:
#   bash tools/record_fixed_grid.sh OUTDIR KERNEL PROFILE_SHAPE [EXTRA_SHAPES]
# 1. tune KERNEL at PROFILE_SHAPE only, with ncu counters (OUTDIR/KERNEL/profile/);
# 2. gpuadvisor analyze its sweep.csv --rule-only --json, without and with --fixed-grid
#    (OUTDIR/KERNEL/analysis-alone.json, analysis-fixed-grid.json);
# 3. tune --no-profile every shape the two analyses list (their picks first) and
#    EXTRA_SHAPES (e.g. the kernel's best in a recorded sweep): OUTDIR/KERNEL/timed/.
# OUTDIR/KERNEL/provenance.txt: date, GPU, driver, ncu, this command.
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: bash tools/record_fixed_grid.sh OUTDIR KERNEL PROFILE_SHAPE [EXTRA_SHAPES]" >&2
  exit 2
fi
out=$1 kernel=$2 profile=$3 extra=${4:-}
mkdir -p "$out/$kernel"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  ncu --version | tail -1; echo "tools/record_fixed_grid.sh $*"; } > "$out/$kernel/provenance.txt"
common=(--budget 0.1 --max-repeats 10 --quiet)
python3 -m gpuadvisor tune "$kernel" --shapes "$profile" "${common[@]}" --out "$out/$kernel/profile"
sweep="$out/$kernel/profile/sweep.csv"
python3 -m gpuadvisor analyze "$sweep" --rule-only --json > "$out/$kernel/analysis-alone.json"
python3 -m gpuadvisor analyze "$sweep" --rule-only --json --fixed-grid \
  > "$out/$kernel/analysis-fixed-grid.json"
shapes=$(python3 - "$out/$kernel" "$extra" <<'PY'
import json, sys
folder, extra = sys.argv[1], sys.argv[2]
shapes = []
for name in ("analysis-alone", "analysis-fixed-grid"):
    kernel = json.load(open(f"{folder}/{name}.json"))["kernels"][0]
    note = next(n for n in kernel["notes"] if n.startswith("to confirm the pick"))
    for s in [kernel["pick"]["label"].split()[0], *note.split(": ")[1].split(" (")[0].split(",")]:
        if s not in shapes:
            shapes.append(s)
for s in filter(None, extra.split(",")):
    if s not in shapes:
        shapes.append(s)
print(",".join(shapes))
PY
)
echo "timing $kernel at $shapes"
python3 -m gpuadvisor tune "$kernel" --shapes "$shapes" --no-profile "${common[@]}" \
  --out "$out/$kernel/timed"
