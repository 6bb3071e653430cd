#!/usr/bin/env bash
# Guided search on the GPU (issue 10), from the repository root on the GPU machine:
#   [KERNELS="k1 k2 ..."] [STRATEGIES="guided shortlist"] [MAX_CONFIGS=16] \
#   [GUIDED_TIMEOUT_S=100] [EXHAUSTIVE_TIMEOUT_S=80] bash tools/record_guided.sh OUTDIR
# For each built-in kernel (default: matmul_naive matrix_add scattered) and each strategy
# (default: guided): `tune --strategy STRATEGY --max-configs MAX_CONFIGS` (timed and profiled
# under ncu one configuration at a time; GUIDED_TIMEOUT_S each), then an exhaustive
# timing-only sweep (--no-profile) of the same space for the regret. About 5-6 minutes on an H100/H200 (at most 9: each run has a
# timeout; a timed-out search still leaves its journal and the summary says so). Results: OUTDIR/guided.tgz
# (both sweeps of each kernel, logs, provenance) and a summary printed last.
set -uo pipefail
out=${1:?usage: record_guided.sh OUTDIR}
mkdir -p "$out"
. "$(dirname "$0")/gpu_env.sh"  # wheels, PYTHONPATH, $G, log()
{ date -u +%Y-%m-%dT%H:%M:%SZ; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  nvcc --version | tail -1; git rev-parse --short HEAD 2>/dev/null
  echo "sources $(bash "$(dirname "$0")/source_digest.sh")"; } > "$out/provenance.txt"
COMMON="--min-threads 32 --budget 0.15 --max-repeats 15"
for kernel in ${KERNELS:-matmul_naive matrix_add scattered}; do
  for strategy in ${STRATEGIES:-guided}; do
    start=$(date +%s)
    timeout "${GUIDED_TIMEOUT_S:-100}" $G tune "$kernel" $COMMON --strategy "$strategy" \
      --max-configs "${MAX_CONFIGS:-16}" --out "$out/$kernel-$strategy" \
      > "$out/$kernel-$strategy.log" 2>&1
    echo "$kernel ${strategy}_exit=$? ${strategy}_wall_s=$(( $(date +%s) - start ))" >> "$out/walls.txt"
    log "$kernel $strategy done ($(( $(date +%s) - start )) s)"
  done
  start=$(date +%s)
  timeout "${EXHAUSTIVE_TIMEOUT_S:-80}" $G tune "$kernel" $COMMON --no-profile --quiet \
    --out "$out/$kernel-exhaustive" > "$out/$kernel-exhaustive.log" 2>&1
  echo "$kernel exhaustive_exit=$? exhaustive_wall_s=$(( $(date +%s) - start ))" >> "$out/walls.txt"
  log "$kernel exhaustive done ($(( $(date +%s) - start )) s)"
done
tar -C "$out" -czf /tmp/guided.tgz --exclude='*.cubin' --exclude=build . && mv /tmp/guided.tgz "$out/"
python3 - "$out" <<'PY'
import re, sys
from pathlib import Path
import pandas as pd
out = Path(sys.argv[1])
walls = {}
for line in (out / "walls.txt").read_text().splitlines():
    k, *kv = line.split()
    walls.setdefault(k, {}).update(dict(x.split("=") for x in kv))
print("kernel | strategy | pick | evals | regret (its own time) | regret (same config in the exhaustive sweep) | exhaustive best | walls (search / exhaustive s)")
for k, w in walls.items():
    for strategy in [key[:-len("_wall_s")] for key in w if key.endswith("_wall_s")]:
        if strategy == "exhaustive":
            continue
        try:
            g = pd.read_csv(out / f"{k}-{strategy}" / "sweep.csv", comment="#")
            e = pd.read_csv(out / f"{k}-exhaustive" / "sweep.csv", comment="#")
        except Exception as err:
            print(k, strategy, "missing sweep:", err, w); continue
        g, e = g[g.status == "ok"], e[e.status == "ok"]
        pick, best = g.loc[g.time_ms.idxmin()], e.loc[e.time_ms.idxmin()]
        same = e[(e.block_x == pick.block_x) & (e.block_y == pick.block_y) & (e.cache_config == pick.cache_config)]
        r2 = same.time_ms.iloc[0] / best.time_ms if len(same) else float("nan")
        stop = re.findall(r"search stopped: (.*)", (out / f"{k}-{strategy}.log").read_text())
        print(f"{k} | {strategy} | {pick.block_x}x{pick.block_y} | {len(g)} | {pick.time_ms / best.time_ms:.3f} | {r2:.3f} | "
              f"{best.block_x}x{best.block_y} {best.time_ms:.4g} ms of {len(e)} | {w.get(strategy + '_wall_s')}"
              f" / {w.get('exhaustive_wall_s')} | stop: {stop[0][:70] if stop else '?'}")
PY
log done
