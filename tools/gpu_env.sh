# Sourced by the GPU recorders (tools/record_*.sh), from the repository root on the GPU
# machine: the wheels in .whl/ (or its subfolders) (pycuda and the rules' jsonschema, which the GPU machine's
# Python lacks; ../shared/device/README.md) installed into /tmp/site, this tree on
# PYTHONPATH, unbuffered output at 150 columns, $G to run gpuadvisor and log() for timestamped
# lines. Without .whl/ the machine's own packages are used.
# The wheels may come in parts (.whl/*/ folders, one call each, where the working tree and all
# of them are over the 64 MiB a call carries; `bash tools/device_tree.sh slim` leaves room for
# all): each call installs what it brought, and /tmp/site keeps the earlier parts while the
# machine stays warm.
wheels=$(ls .whl/*.whl .whl/*/*.whl 2> /dev/null)
if [ -n "$wheels" ]; then
  # shellcheck disable=SC2086 # one argument per wheel
  python3 -m pip install -q --no-index --no-deps --target /tmp/site $wheels
fi
if [ -d /tmp/site ]; then
  export PYTHONPATH="/tmp/site:${PYTHONPATH:+$PYTHONPATH:}$PWD"
else
  export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD"
fi
export PYTHONUNBUFFERED=1 COLUMNS=150
G="python3 -m gpuadvisor"
log() { echo "[$(date -u +%H:%M:%S)] $*"; }

# write_provenance FILE: the date, GPU and driver, nvcc, ncu, the commit .git names and
# tools/source_digest.sh's digest of the sources that ran (the GPU machine's .git can lag).
write_provenance() {
  local ncu_bin=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
  { date -u +%Y-%m-%dT%H:%M:%SZ
    nvidia-smi --query-gpu=name,driver_version --format=csv,noheader || echo "nvidia-smi: failed"
    "${NVCC:-nvcc}" --version | tail -1; "$ncu_bin" --version | tail -1
    git rev-parse --short HEAD
    echo "sources $(bash "$(dirname "${BASH_SOURCE[0]}")/source_digest.sh")"; } > "$1" 2>/dev/null
}

# pack_results WORK OUT NAME.tgz: every file of WORK (without cubins, builds and launch logs)
# into OUT/NAME.tgz, with provenance.txt, steps.txt and summary.txt beside it; recorders run it
# on exit, so a stopped run still returns what it finished.
pack_results() {
  tar -C "$1" -czf "$2/$3" --exclude='*.cubin' --exclude='build' \
    --exclude='*.launches.jsonl' . 2>/dev/null
  cp "$1/provenance.txt" "$1/steps.txt" "$2/" 2>/dev/null
  [ -f "$1/summary.txt" ] && cp "$1/summary.txt" "$2/"
  return 0
}
