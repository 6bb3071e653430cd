"""Ray as an optional dependency: importing it, joining or starting a cluster."""

from __future__ import annotations

import logging
from typing import Any

from gpuadvisor.errors import UserError

MISSING = (
    "--ray needs Ray, which is not installed here: pip install -e '.[cluster]' "
    "(or pip install 'ray>=2.60,<3')"
)
#: What ``--ray`` with no address means: a one-machine cluster started for this sweep.
LOCAL = "local"


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise UserError(MISSING) from None
    return ray


def connect(address: str | None) -> tuple[Any, bool]:
    """Join the cluster at ``address`` (``auto``, ``ray://host:10001``, ``host:6379``) or,
    for None/``local``, start one on this machine. Returns (ray, whether we started it)."""
    ray = import_ray()
    if ray.is_initialized():
        return ray, False
    local = address in (None, "", LOCAL)
    try:
        if local:
            ray.init(include_dashboard=False, logging_level=logging.WARNING)
        else:
            ray.init(address=address, logging_level=logging.WARNING)
    except Exception as err:  # noqa: BLE001 - Ray raises many kinds; the user needs one line
        where = "a local Ray cluster" if local else f"the Ray cluster at {address}"
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise UserError(f"cannot start or join {where}: {first}") from None
    return ray, local


def gpu_count(ray: Any) -> int:
    return int(ray.cluster_resources().get("GPU", 0))
