"""Block shapes as users write them: ``256``, ``16x16``, ``8x8x4``."""

from __future__ import annotations

from gpuadvisor.errors import UserError

Shape = tuple[int, int, int]

#: The usual default block of an app (and of the built-in kernels): 32x8 for a 2-D kernel,
#: 256 threads for a 1-D one. Where one profile is taken, and the baseline advice must beat.
USUAL_DEFAULT_2D: Shape = (32, 8, 1)
USUAL_DEFAULT_1D: Shape = (256, 1, 1)


def parse_shape(text: str) -> Shape:
    """Parse ``X``, ``XxY`` or ``XxYxZ`` into (x, y, z); one clear error otherwise."""
    parts = str(text).strip().lower().replace("*", "x").split("x")
    if not 1 <= len(parts) <= 3 or not all(p.strip().lstrip("-").isdigit() for p in parts):
        raise UserError(f"bad block shape {text!r}: write X, XxY or XxYxZ (e.g. 256, 16x16)")
    dims = [int(p) for p in parts] + [1] * (3 - len(parts))
    if any(d <= 0 for d in dims):
        raise UserError(f"bad block shape {text!r}: every dimension must be at least 1")
    return dims[0], dims[1], dims[2]


def parse_shapes(text: str) -> list[Shape]:
    """Parse a comma-separated list such as ``32x8,16x16,256``."""
    shapes = [parse_shape(part) for part in str(text).split(",") if part.strip()]
    if not shapes:
        raise UserError("no block shapes given")
    return shapes


def format_shape(shape: Shape) -> str:
    x, y, z = shape
    return f"{x}x{y}" + (f"x{z}" if z != 1 else "")
