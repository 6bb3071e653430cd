"""Which of a kernel's loads an L1 bypass (``-Xptxas -dlcm=cg``, the ``l1_off`` cache
configuration) changes.

``-dlcm`` sets the default cache operator of global (and generic) loads. Loads through the
read-only path (``ld.global.nc``, what nvcc emits for ``const __restrict__`` pointers) are
cached as they are with or without it: on an H200, ``l1_off`` left matmul_naive's 87.6 % L1
hit rate and its times unchanged (within 1.2 % at 12 of 13 shapes), while kernels with plain
``ld.global`` loads lost their hits and 1.6-7x of their time
(``fixtures/hopper/cache-check/``). A kernel with no load the flag changes runs the same
program either way, so measuring ``l1_off`` there measures the default again.

Read from the PTX text as a whole (every ``.entry`` and ``.func``, so loads in called device
functions count) and conservatively: a generic load (no state space: it may read global
memory), ``ldu`` and ``cp.async`` count as changed.
"""

from __future__ import annotations

import re

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
#: a load-like opcode wherever it stands (after a guard, a scope brace or a label on the same
#: line): PTX identifiers hold no dot, so nothing else reads as one; a false match (a path in a
#: .file string) can only count a load too many, which keeps the configuration measured
_LOAD = re.compile(r"(?<![\w$.%])((?:ld|ldu|cp)\.[\w:.]+)")
_SPACES = ("global", "shared", "local", "const", "param")


def bypass_changed_loads(ptx: str) -> list[str]:
    """The opcodes of the load instructions whose caching ``-dlcm=cg`` changes, in order."""
    out = []
    for opcode in _LOAD.findall(_COMMENT.sub("", ptx)):
        root, *mods = opcode.split(".")
        if root == "cp":
            if "async" in mods:  # cp.async copies global memory into shared
                out.append(opcode)
            continue
        spaces = [m.split("::")[0] for m in mods if m.split("::")[0] in _SPACES]
        if (not spaces or spaces[0] == "global") and "nc" not in mods:
            out.append(opcode)
    return out
