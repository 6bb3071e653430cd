#!/usr/bin/env bash
# A digest of the sources a GPU recording ran: kernels/, gpuadvisor/ and rules/ (their .cu,
# .cuh, .py, .yaml and .json files). The GPU machine's copy of .git can lag the tree it runs
# (blind sets 44 and 45's provenance named 4128c39 while their kernels came from later
# commits), so the recorders write this beside the commit; run it at a commit to check that a
# recording came from that tree.
#   bash tools/source_digest.sh        # prints 16 hex digits
set -euo pipefail
cd "$(dirname "$0")/.."
find kernels gpuadvisor rules -type f \( -name '*.cu' -o -name '*.cuh' -o -name '*.py' \
  -o -name '*.yaml' -o -name '*.json' \) -not -path '*/__pycache__/*' \
  | LC_ALL=C sort | xargs sha256sum | sha256sum | cut -c1-16
