"""One-time proof for issue 13: two source trees give byte-identical analyze/review output.

Runs ``analyze --json`` and ``analyze --rule-only --json`` on every recorded sweep table and
profile under fixtures/ (sweep tables, ncu/nvprof recordings, the seeds' tables), and
``review --json`` on the review fixtures' baseline/candidate pairs, once with each tree's
``gpuadvisor`` (same interpreter, same installed libraries), and compares stdout, stderr and
exit code byte for byte; where the two stdouts are both JSON and differ only in layout (the
compact JSON piped output has had since issue 13's fifth pass, against an older tree's
indented text) they count as the same document when they parse to the same values with keys
in the same order. Usage::

    python3 benchmarks/same_output.py OLD_TREE NEW_TREE

OLD_TREE e.g. a ``git worktree add /tmp/old d1a4715`` checkout. Prints one line per case
that differs and a summary; exit 1 when any differs.
"""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

FIXTURE_GLOBS = ("fixtures/hopper/sweeps/*.csv", "fixtures/hopper/full-ncu/*.csv",
                 "fixtures/hopper/review/*.csv", "fixtures/hopper/profile/*.csv",
                 "fixtures/hopper/profile/*.json", "fixtures/hopper/ncu/*",
                 "fixtures/hopper/cache-configs/*.csv", "fixtures/hopper/benchmarks/*.csv",
                 "fixtures/seeds/*.csv", "fixtures/nvprof/*", "fixtures/ncu-samples/*")
REVIEW_PAIRS = (("review_main_matmul.csv", "review_pr_matmul.csv"),
                ("review_main_add.csv", "review_pr_add.csv"),
                ("matmul_app_app_base_a.csv", "matmul_app_app_l1off.csv"))


def cases(tree: Path) -> list[list[str]]:
    files = sorted({p.relative_to(tree) for g in FIXTURE_GLOBS for p in tree.glob(g)
                    if p.is_file() and p.suffix not in (".md", ".txt", ".ncu-rep")})
    out = []
    for f in files:
        out.append(["analyze", str(f), "--json"])
        out.append(["analyze", str(f), "--rule-only", "--json"])
    for a, b in REVIEW_PAIRS:
        base = Path("fixtures/hopper/review")
        out.append(["review", "-a", str(base / a), "-b", str(base / b), "--json"])
    return out


def run(tree: Path, args: list[str]) -> tuple[int, str, str]:
    done = subprocess.run([sys.executable, "-m", "gpuadvisor", *args], cwd=tree,
                          capture_output=True, text=True, check=False)
    return done.returncode, done.stdout, done.stderr


def main(argv: list[str]) -> int:
    old, new = (Path(a).resolve() for a in argv[1:3])
    todo = cases(new)
    with ThreadPoolExecutor(max_workers=2) as pool:
        olds = list(pool.map(lambda a: run(old, a), todo))
        news = list(pool.map(lambda a: run(new, a), todo))
    differ = layout = 0
    for args, a, b in zip(todo, olds, news, strict=True):
        if a == b:
            continue
        if a[0] == b[0] and a[2] == b[2] and same_document(a[1], b[1]):
            layout += 1
            continue
        differ += 1
        print(f"DIFFERS: gpuadvisor {' '.join(args)} (exit {a[0]} vs {b[0]})")
    ok = sum(1 for a in olds if a[0] == 0)
    print(f"{len(todo)} cases ({ok} exit 0 in the old tree): "
          f"{len(todo) - differ - layout} byte-identical, {layout} the same JSON document "
          f"in another layout, {differ} differ")
    return 1 if differ else 0


def same_document(a: str, b: str) -> bool:
    """Both texts are JSON with the same values, keys in the same order."""
    try:
        return (json.loads(a, object_pairs_hook=list) == json.loads(b, object_pairs_hook=list))
    except ValueError:
        return False


if __name__ == "__main__":
    sys.exit(main(sys.argv))
