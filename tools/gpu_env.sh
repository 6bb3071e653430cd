# Sourced by the GPU recorders (tools/record_*.sh), from the repository root on the GPU
# machine: the wheels in .whl/ (pycuda and the rules' jsonschema, which the GPU machine's
# Python lacks; ../shared/device/README.md) installed into /tmp/site, this tree on
# PYTHONPATH, unbuffered output at 150 columns, $G to run gpuadvisor and log() for timestamped
# lines. Without .whl/ the machine's own packages are used.
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl
  export PYTHONPATH="/tmp/site:${PYTHONPATH:+$PYTHONPATH:}$PWD"
else
  export PYTHONPATH="${PYTHONPATH:+$PYTHONPATH:}$PWD"
fi
export PYTHONUNBUFFERED=1 COLUMNS=150
G="python3 -m gpuadvisor"
log() { echo "[$(date -u +%H:%M:%S)] $*"; }
