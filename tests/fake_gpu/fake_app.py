#!/usr/bin/env python3
"""A stand-in for a CUDA app that follows gpuadvisor's convention (examples/README.md): it
reads the block from argv/env, logs each run, and crashes, fails, hangs, prints no time or
reports an invalid result for chosen shapes."""

import json
import os
import sys
import time

bx, by = int(sys.argv[1]), int(sys.argv[2])
env = {k: v for k, v in os.environ.items() if k.startswith("GPUADVISOR_")}
log = os.environ.get("FAKE_APP_LOG")
if log:
    with open(log, "a") as fh:
        fh.write(json.dumps({"argv": sys.argv[1:], "env": env}) + "\n")
if (bx, by) == (3, 4):
    os.kill(os.getpid(), 11)  # crash
if (bx, by) == (32, 3):
    print("launch failed: too many resources", file=sys.stderr)
    sys.exit(3)  # non-zero exit
if (bx, by) == (64, 12):
    time.sleep(60)  # hang
if (bx, by) == (8, 8):
    print("finished, but no time line")
    sys.exit(0)
time.sleep(float(os.environ.get("FAKE_APP_SLEEP", "0")))
valid = 0 if (bx, by) == (16, 2) else 1
print("warming up")
print(
    f"gpuadvisor: time_ms={1 + abs(bx - 32) / 32 + by / 1000:.4f} time_ms_min=0.5 "
    f"repeats=9 grid_x={-(-256 // bx)} grid_y={-(-256 // by)} grid_z=1 valid={valid}"
)
