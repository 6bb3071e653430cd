#!/usr/bin/env bash
# GPU evidence for `tune --ray` (docs/cluster.md): the same sweep on one GPU (plain `tune`)
# and on two GPUs through Ray (`tune --ray local`), on a machine with two GPUs.
#
#   bash tools/record_cluster.sh [OUT]        (OUT defaults to $OUT)
#
# The sweep: built-in matmul_naive at the manifest's size, every shape of the seeds' 2-D grid
# with >= 32 threads (146 on an H200), each timed, checked and profiled under ncu. Prints the
# wall times, the speedup and whether the best configuration agrees within run-to-run noise
# (3%, docs/hopper-findings.md), and leaves OUT/cluster.tgz (both sweeps, journals, logs)
# and OUT/summary.json. Takes about 5 minutes on two H200s. CLUSTER_START=1 starts a Ray
# head first (the 2-GPU sweep joins it with --ray auto) and adds a --ray local sweep;
# CLUSTER_KERNEL and CLUSTER_ARGS change the sweep (later options win).
#
# Carry: .whl/ (pycuda wheels, ../shared/device/wheels) and .raypkg/ (Ray for Python 3.12,
# made by tools/build_ray_bundle.sh: the GPU machine cannot download it).
set -uo pipefail
cd "$(dirname "$0")/.."
OUT="${1:-${OUT:?usage: record_cluster.sh OUT}}"
KERNEL="${CLUSTER_KERNEL:-matmul_naive}"
ARGS=(--min-threads 32 --budget 0.2 --max-repeats 20 ${CLUSTER_ARGS:-})
WORK=/tmp/gpuadvisor-cluster
rm -rf "$WORK"; mkdir -p "$OUT" "$WORK"
export PYTHONUNBUFFERED=1 COLUMNS=150 RAY_USAGE_STATS_ENABLED=0

# pycuda and Ray travel in the checkout; unpack them where the image lacks them.
if ! python3 -c "import pycuda" 2>/dev/null; then
  python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl || exit 1
  export PYTHONPATH="/tmp/site${PYTHONPATH:+:$PYTHONPATH}"
fi
if ! python3 -c "import ray" 2>/dev/null; then
  RAYSITE=/tmp/raysite
  ls .raypkg/ray-*-cp312-trimmed.tar.xz >/dev/null 2>&1 \
    || { echo "no Ray here: carry .raypkg/ (bash tools/build_ray_bundle.sh makes it)" >&2; exit 1; }
  mkdir -p "$RAYSITE" && tar -xJf .raypkg/ray-*-cp312-trimmed.tar.xz -C "$RAYSITE" || exit 1
  if ! python3 -c "import jsonschema" 2>/dev/null; then  # Ray imports it; the wheels are there
    python3 -m pip install -q --no-index --no-deps --target "$RAYSITE" .raypkg/wheels/*.whl || exit 1
  fi
  export PYTHONPATH="$RAYSITE${PYTHONPATH:+:$PYTHONPATH}"
fi
export PYTHONPATH="$PWD${PYTHONPATH:+:$PYTHONPATH}"
python3 -c "import ray, pycuda; print('ray', ray.__version__, ray.__file__)" || exit 1
nvidia-smi --query-gpu=index,name,uuid,driver_version --format=csv,noheader | tee "$WORK/gpus.txt"
{ date -u +%Y-%m-%dT%H:%M:%SZ; ncu --version | tail -1; nvcc --version | tail -1
  git rev-parse --short HEAD 2>/dev/null || echo "commit: unknown"
  echo "sources $(bash tools/source_digest.sh)"; } > "$WORK/provenance.txt"

run() {  # run NAME [tune options...]: one sweep, its wall time into $WORK/NAME.wall
  local name=$1; shift
  local start end
  start=$(date +%s.%N)
  timeout 330 python3 -m gpuadvisor tune "$KERNEL" "${ARGS[@]}" --out "$WORK/$name" \
    --overwrite "$@" > "$WORK/$name.log" 2>&1
  echo "exit $?" >> "$WORK/$name.log"
  end=$(date +%s.%N)
  python3 -c "print(round($end - $start, 1))" > "$WORK/$name.wall"
  echo "[$(date -u +%H:%M:%S)] $name: $(tail -1 "$WORK/$name.log") in $(cat "$WORK/$name.wall") s"
}
RUNS="one-gpu two-gpus"
if [ "${CLUSTER_START:-0}" = 1 ]; then
  # A cluster started before the sweeps, as a team keeps one running (docs/cluster.md): the
  # 2-GPU sweep joins it (--ray auto); a third sweep starts its own (--ray local) to show
  # what Ray's start costs.
  python3 -m ray.scripts.scripts start --head --include-dashboard=false --disable-usage-stats \
    > "$WORK/ray-start.log" 2>&1 || { cat "$WORK/ray-start.log"; exit 1; }
  run one-gpu
  run two-gpus --ray auto
  python3 -m ray.scripts.scripts stop > /dev/null 2>&1
  run two-gpus-local --ray local
  RUNS="one-gpu two-gpus two-gpus-local"
else
  run one-gpu
  run two-gpus --ray "${CLUSTER_RAY:-local}"  # CLUSTER_RAY=auto: a cluster started before
fi
echo "$RUNS" > "$WORK/runs.txt"
[ -d /tmp/ray/session_latest/logs ] && tar -C /tmp/ray/session_latest -czf "$WORK/ray-logs.tgz" logs

python3 - "$WORK" "$OUT" "$KERNEL" "${ARGS[@]}" <<'PY'
import json, sys
from pathlib import Path
import pandas as pd
work, out = Path(sys.argv[1]), Path(sys.argv[2])
def load(name):
    path = work / name / "sweep.csv"
    if not path.is_file():
        return None
    return pd.read_csv(path, comment="#")
def span(name):  # from the sweep's start record to its last result (no start-up, no Ray init)
    lines = [json.loads(x) for x in (work / name / "journal.jsonl").read_text().splitlines()]
    return round(lines[-1]["t"] - lines[0]["t"], 1)
summary = {"gpus": (work / "gpus.txt").read_text().strip().splitlines(),
           "provenance": (work / "provenance.txt").read_text().strip().splitlines()}
runs = (work / "runs.txt").read_text().split()
tables = {name: load(name) for name in runs}
one, two = tables["one-gpu"], tables["two-gpus"]
summary["command"] = " ".join(["tune", *sys.argv[3:]])
for name, table in tables.items():
    if table is None:
        summary[name] = "no sweep table (see its log)"
        continue
    ok = table[table.status == "ok"]
    best = ok.sort_values("time_ms").iloc[0]
    summary[name] = {
        "wall_s": float((work / f"{name}.wall").read_text()),
        "sweep_span_s": span(name),
        "rows": len(table), "status": table.status.value_counts().to_dict(),
        "profiled": int(table.achieved_occupancy.notna().sum()),
        "rows_per_device": table.device.value_counts().to_dict(),
        "best": f"{best.block_x}x{best.block_y} {best.cache_config}: {best.time_ms:.4g} ms",
    }
if one is not None and two is not None:
    a, b = summary["one-gpu"], summary["two-gpus"]
    summary["speedup_wall"] = round(a["wall_s"] / b["wall_s"], 2)
    summary["speedup_sweep_span"] = round(a["sweep_span_s"] / b["sweep_span_s"], 2)
    if isinstance(summary.get("two-gpus-local"), dict):
        summary["speedup_wall_ray_local"] = round(
            a["wall_s"] / summary["two-gpus-local"]["wall_s"], 2)
    key = ["block_x", "block_y", "block_z", "cache_config"]
    both = one.merge(two, on=key, suffixes=("_1", "_2"))
    both = both[(both.status_1 == "ok") & (both.status_2 == "ok")]
    best1 = both.loc[both.time_ms_1.idxmin()]
    best2 = both.loc[both.time_ms_2.idxmin()]
    # Agreement: each run's best is within 3% of the other run's best, timed by that run.
    cross1 = best2.time_ms_1 / best1.time_ms_1  # 2-GPU pick, as the 1-GPU run timed it
    cross2 = best1.time_ms_2 / best2.time_ms_2
    ratio = (both.time_ms_2 / both.time_ms_1)
    summary["agreement"] = {
        "same_best": bool((best1[key] == best2[key]).all()),
        "two_gpu_pick_on_one_gpu_times": round(float(cross1), 4),
        "one_gpu_pick_on_two_gpu_times": round(float(cross2), 4),
        "within_noise_3pct": bool(cross1 <= 1.03 and cross2 <= 1.03),
        "median_time_ratio_two_over_one": round(float(ratio.median()), 4),
        "p90_abs_time_diff_pct": round(float((ratio - 1).abs().quantile(0.9) * 100), 2),
    }
(out / "summary.json").write_text(json.dumps(summary, indent=1, default=str))
print(json.dumps(summary, indent=1, default=str))
PY
tar -C "$WORK" -czf "$OUT/cluster.tgz" --exclude='*.cubin' --exclude='build' . \
  && echo "results: $OUT/cluster.tgz $OUT/summary.json"
python3 -c "
import json; s = json.load(open('$OUT/summary.json'))
one, two = s.get('one-gpu'), s.get('two-gpus')
print('== summary ==')
for n in ('one-gpu', 'two-gpus', 'two-gpus-local'):
    v = s.get(n)
    if v is None: continue
    print(n, v if isinstance(v, str) else f\"{v['wall_s']} s wall, {v['sweep_span_s']} s sweep, best {v['best']}, {v['rows_per_device']}\")
print('speedup: wall', s.get('speedup_wall'), 'sweep', s.get('speedup_sweep_span'), 'wall with --ray local', s.get('speedup_wall_ray_local'), '(goal >= 1.8)')
print('best agrees within noise:', s.get('agreement', {}).get('within_noise_3pct'))
"
