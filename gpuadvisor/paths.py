"""Where the project's data directories live (rules/, kernels/, fixtures/).

gpuadvisor is installed editable (``pip install -e .``) so these are the repository's own
folders; ``GPUADVISOR_HOME`` points elsewhere when the package is used from another tree.
"""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
DATA_DIR = PACKAGE_DIR / "data"


def project_root() -> Path:
    env = os.environ.get("GPUADVISOR_HOME")
    return Path(env) if env else PACKAGE_DIR.parent


def rules_dir() -> Path:
    return project_root() / "rules"


def kernels_dir() -> Path:
    return project_root() / "kernels"


def fixtures_dir() -> Path:
    return project_root() / "fixtures"
