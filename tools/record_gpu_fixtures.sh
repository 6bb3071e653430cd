#!/usr/bin/env bash
# Records the GPU-machine fixtures that the offline code is tested against:
#   occupancy_grid.csv   CUDA's own occupancy API over a grid (tests/test_occupancy.py)
#   ncu/*                real Nsight Compute output of tools/ncu_probe.cu (parser tests)
# Run on the GPU machine from the repository root:  bash tools/record_gpu_fixtures.sh OUTDIR
# Everything lands in OUTDIR (a tarball too); a one-screen summary is printed last.
set -uo pipefail
out=${1:?usage: record_gpu_fixtures.sh OUTDIR}
mkdir -p "$out/ncu"
build=$(mktemp -d)
stamp=$(date -u +%Y-%m-%dT%H:%M:%SZ)
gpu=$(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | head -1)
ncuv=$(ncu --version | tail -1)
nvccv=$(nvcc --version | tail -1)
prov() {  # provenance lines for a file made by command "$1"
  printf '# gpu: %s\n# ncu: %s\n# nvcc: %s\n# date: %s\n# command: %s\n' \
    "$gpu" "$ncuv" "$nvccv" "$stamp" "$1"
}

# 1. Occupancy grid from the CUDA runtime.
nvcc -arch=sm_90 -std=c++17 -O2 -o "$build/occupancy_probe" tools/occupancy_probe.cu
{ prov "nvcc -arch=sm_90 -std=c++17 -O2 -o occupancy_probe tools/occupancy_probe.cu && ./occupancy_probe"
  "$build/occupancy_probe"; } > "$out/occupancy_grid.csv"

# 2. ncu on the probe program.
nvcc -arch=sm_90 -O2 -lineinfo -o "$build/ncu_probe" tools/ncu_probe.cu
metrics=$(PYTHONPATH=$PWD python3 -c \
  "from gpuadvisor.profilers.ncu import SWEEP_METRICS; print(','.join(SWEEP_METRICS))")
shapes="32x8 16x16 8x32 256x1 4x64"
cmd="ncu --csv --page raw --cache-control all --clock-control base --metrics $metrics ./ncu_probe $shapes"
{ prov "$cmd"; ncu --csv --page raw --cache-control all --clock-control base \
    --metrics "$metrics" "$build/ncu_probe" $shapes 2>&1; } > "$out/ncu/probe_raw.csv"
cmd="ncu --csv --page details --set full -k regex:matmul_naive -c 2 ./ncu_probe 32x8 8x32"
{ prov "$cmd"; ncu --csv --page details --set full -k regex:matmul_naive -c 2 \
    "$build/ncu_probe" 32x8 8x32 2>&1; } > "$out/ncu/probe_details.csv"
ncu --set full -k regex:random_copy -c 1 -f -o "$out/ncu/probe_random_copy" \
  "$build/ncu_probe" 16x16 > "$out/ncu/probe_rep.log" 2>&1
prov "ncu --set full -k regex:random_copy -c 1 -o probe_random_copy ./ncu_probe 16x16" \
  > "$out/ncu/probe_random_copy.provenance"
cmd="ncu --csv --page raw --section SpeedOfLight --section Occupancy --section WarpStateStats ./ncu_probe 16x16"
{ prov "$cmd"; ncu --csv --page raw --section SpeedOfLight --section Occupancy \
    --section WarpStateStats "$build/ncu_probe" 16x16 2>&1; } > "$out/ncu/probe_sections_raw.csv"
cmd="ncu --csv --page raw -k regex:no_such_kernel ./ncu_probe 16x16"
{ prov "$cmd"; ncu --csv --page raw -k regex:no_such_kernel "$build/ncu_probe" 16x16 2>&1
  echo "# exit: $?"; } > "$out/ncu/probe_no_match.txt"
cmd="ncu --csv --page raw ./ncu_probe 2000x1   (the target exits 2)"
{ prov "$cmd"; ncu --csv --page raw "$build/ncu_probe" 2000x1 2>&1; echo "# exit: $?"; } \
  > "$out/ncu/probe_target_fails.txt"

# 3. Is NVIDIA's ncu_report module there, and does it read the report?
pyext=$(dirname "$(readlink -f "$(command -v ncu)")")/extras/python
ls -d /opt/nvidia/nsight-compute/*/extras/python "$pyext" 2>/dev/null > "$out/ncu/ncu_report_location.txt"
PYTHONPATH="$pyext:$(ls -d /opt/nvidia/nsight-compute/*/extras/python 2>/dev/null | head -1)" python3 - \
  "$out/ncu/probe_random_copy.ncu-rep" >> "$out/ncu/ncu_report_location.txt" 2>&1 <<'PY'
import sys, ncu_report
ctx = ncu_report.load_report(sys.argv[1])
r = ctx.range_by_idx(0); a = r.action_by_idx(0)
print("ncu_report ok:", ncu_report.__file__, a.name(), len(a.metric_names()), "metrics")
PY

tar -C "$out" -czf "$out/gpu_fixtures.tgz" occupancy_grid.csv ncu
echo "== summary =="
echo "gpu: $gpu | $ncuv | $nvccv | $stamp"
echo "occupancy rows: $(grep -vc '^#' "$out/occupancy_grid.csv")"
grep -c '' "$out"/ncu/*.csv | sed 's/^/lines /'
tail -1 "$out/ncu/ncu_report_location.txt"
tail -3 "$out/ncu/probe_no_match.txt"
