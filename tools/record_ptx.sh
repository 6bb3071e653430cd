#!/usr/bin/env bash
# The built-in kernels' PTX, as `gpuadvisor analyze --ptx` reads it (issue 11: the access
# pattern from the code). From the repository root, on any machine with nvcc (no GPU needed):
#   bash tools/record_ptx.sh [KERNEL ...]       # default: every kernels/*.cu
# Each kernels/<name>.cu is compiled with the built-in target's flags plus line info
# (nvcc -ptx -arch=sm_90 -O3 -lineinfo -I kernels) into fixtures/ptx/<name>.ptx, the
# repository's path taken out of the .file lines; fixtures/ptx/SOURCES.sha256 records the
# sources each file came from (tests/test_ptx_fixtures.py fails when one has changed since)
# and fixtures/ptx/PROVENANCE the compiler, command and date.
set -euo pipefail
cd "$(dirname "$0")/.."
nvcc=${NVCC:-nvcc}
out=fixtures/ptx
mkdir -p "$out"
if [ $# -gt 0 ]; then names=("$@"); else
  names=(); for f in kernels/*.cu; do names+=("$(basename "$f" .cu)"); done
fi
root=$(pwd)
for name in "${names[@]}"; do
  "$nvcc" -ptx -arch=sm_90 -O3 -lineinfo -I kernels "kernels/$name.cu" -o "$out/$name.ptx.tmp"
  sed "s|\"$root/|\"|g" "$out/$name.ptx.tmp" > "$out/$name.ptx"
  rm -f "$out/$name.ptx.tmp"
done
(cd kernels && sha256sum common.cuh *.cu) > "$out/SOURCES.sha256"
{
  echo "compiler: $("$nvcc" --version | tail -n 2 | tr '\n' ' ')"
  echo "command: $nvcc -ptx -arch=sm_90 -O3 -lineinfo -I kernels kernels/<name>.cu (bash tools/record_ptx.sh)"
  echo "date of the last run: $(date -u +%Y-%m-%dT%H:%M:%SZ) (${#names[@]} kernel(s) recorded)"
  echo "kernels: $(ls "$out"/*.ptx | wc -l)"
} > "$out/PROVENANCE"
echo "wrote $(ls "$out"/*.ptx | wc -l) PTX files to $out"
