#!/usr/bin/env bash
# gpuadvisor's GPU evidence run, in one go (about 7.5 minutes on the H200 it was recorded on). See benchmarks/README.md.
#
#   bash benchmarks/gpu_sweeps.sh RESULTS_DIR [WORK_DIR]
#
# Installs pycuda from .whl/ when it is not importable yet (wheels from
# ../shared/device/wheels, copied into the git-ignored .whl/), uses gpuadvisor from this
# source tree, and writes RESULTS_DIR/{results.tar.gz,summary.md,summary.json,run.log,
# provenance.json}.
set -uo pipefail
cd "$(dirname "$0")/.."
RESULTS="${1:?usage: gpu_sweeps.sh RESULTS_DIR [WORK_DIR]}"
WORK="${2:-/tmp/gpuadvisor-gpu-run}"
if ! python3 -c "import pycuda" 2>/dev/null; then
  if ls .whl/*.whl >/dev/null 2>&1; then
    python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl || exit 1
    export PYTHONPATH="/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
  else
    echo "pycuda is missing and there is no .whl/ folder with its wheels" >&2
    exit 1
  fi
fi
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONUNBUFFERED=1
python3 -c "import pycuda.driver as d; d.init(); print('GPU:', d.Device(0).name())" || exit 1
python3 benchmarks/gpu_sweeps.py "$RESULTS" "$WORK"
