"""The suite's sampled checks (identity checks of the fast paths, compiled and CPU-run kernels,
table readers, live-search replays) run on a subset by default, to keep CI's time; with
``GPUADVISOR_ALL_FIXTURES=1`` each runs on everything it covers (README, "Run the tests")."""

from __future__ import annotations

import os

ALL_FIXTURES = os.environ.get("GPUADVISOR_ALL_FIXTURES") == "1"
