"""The profiling driver: ``python -m gpuadvisor.targets.driver PLAN.json``, run under ncu.

It builds the kernel's data once, then launches every configuration of the plan ONCE, in
order (stage 1 only for multi-stage plans), synchronizing after each, and appends one JSON
line per configuration to the plan's log (its key, and an error if it could not launch), so
ncu's launches map back to configurations by order. It prints nothing on stdout, which
belongs to ncu's CSV.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path


def _append(log, record: dict) -> None:
    log.write(json.dumps(record) + "\n")
    log.flush()
    os.fsync(log.fileno())


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        sys.stderr.write("usage: python -m gpuadvisor.targets.driver PLAN.json\n")
        return 2
    from gpuadvisor.errors import UserError
    from gpuadvisor.space import Config
    from gpuadvisor.targets.cuda import KernelRuntime, Session, is_sticky
    from gpuadvisor.targets.manifest import load_kernel, load_manifest
    from gpuadvisor.targets.plans import build_plan

    plan = json.loads(Path(args[0]).read_text())
    try:
        # its own entry (ncu starts this process for every batch of configurations)
        spec = (load_kernel(plan["manifest"], plan["kernel"])
                or load_manifest(plan["manifest"])[plan["kernel"]])
        session = Session(int(plan.get("device", 0)))
    except UserError as err:
        sys.stderr.write(f"error: {err}\n")
        return 2
    params = {k: int(v) for k, v in plan["params"].items()}
    runtime = KernelRuntime(session, spec, params)
    drv = session.drv
    status = 0
    with open(plan["log"], "a") as log:
        for entry in plan["configs"]:
            config = Config(spec.name, tuple(entry["block"]), entry["cache_config"])
            launches = build_plan(
                spec,
                params,
                config.block,
                sm_count=int(plan.get("sm_count") or 132),
                first_only=True,
            )
            try:
                func = runtime.function(entry["cubin"], config.cache_config, launches[0])
                runtime.run(func, launches)
                session.synchronize()
            except drv.Error as err:
                _append(log, {"key": list(config.key), "error": str(err).strip()})
                if is_sticky(err):
                    status = 3
                    break
                continue
            _append(log, {"key": list(config.key), "block": list(launches[0].block)})
    if status == 0:
        runtime.free()
        session.close()
    return status


if __name__ == "__main__":
    sys.exit(main())
