#!/usr/bin/env bash
# Builds a trimmed Ray for CPython 3.12 x86_64 (the GPU machine's Python), small enough to
# travel in the repository checkout (the GPU machine cannot reach the network and the checkout
# may hold 64 MiB; Ray's wheel alone is 79 MB).
#
#   bash tools/build_ray_bundle.sh [DEST]      (default DEST: .raypkg)
#
# DEST/ray-<version>-cp312-trimmed.tar.xz   the unpacked wheel without what a core Ray actor
#                                            workload never loads (libraries on top of Ray,
#                                            the dashboard's web front end, Java jars, tests,
#                                            type stubs, bytecode) and with debug symbols
#                                            stripped from its native code
# DEST/wheels/                               the jsonschema stack Ray imports, for a Python
#                                            that lacks it (tools/record_cluster.sh installs
#                                            only what is missing)
# Needs pip (with network), unzip, strip, xz. Ray's own license files stay in the bundle.
set -euo pipefail
VERSION="${RAY_VERSION:-2.60.0}"
DEST="$(realpath -m "${1:-.raypkg}")"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
PLAT=(--only-binary=:all: --python-version 3.12 --implementation cp --platform manylinux2014_x86_64)

pip download -q --no-deps "${PLAT[@]}" "ray==$VERSION" -d "$WORK/dl"
mkdir -p "$WORK/site" "$DEST/wheels"
unzip -q "$WORK"/dl/ray-*.whl -d "$WORK/site"
cd "$WORK/site"
before=$(du -sm . | cut -f1)

# Libraries built on Ray, and parts of Ray itself, that `ray.init` + actors + tasks never load.
rm -rf ray/data ray/train ray/tune ray/rllib ray/serve ray/llm ray/jars \
       ray/dashboard/client ray/core/src/ray/raylet/*.a ray/cpp ray/java
find . -type d \( -name tests -o -name test -o -name __pycache__ \) -prune -exec rm -rf {} +
find . -type f \( -name '*.pyi' -o -name '*.pyc' -o -name '*.map' \) -delete
# Debug symbols: the native parts shrink to about a third.
find . -type f \( -name '*.so' -o -name '*.so.*' \) -exec strip --strip-unneeded {} + 2>/dev/null || true
for exe in ray/core/src/ray/raylet/raylet ray/core/src/ray/gcs/gcs_server; do
  [ -f "$exe" ] && strip --strip-unneeded "$exe"
done
after=$(du -sm . | cut -f1)
tar -cJf "$DEST/ray-$VERSION-cp312-trimmed.tar.xz" .
# jsonschema and what it needs (Ray's runtime-env and autoscaler import it).
pip download -q "${PLAT[@]}" -d "$DEST/wheels" jsonschema >/dev/null
find "$DEST/wheels" -name 'attrs-*' -delete  # the GPU image has attrs; typing_extensions too
find "$DEST/wheels" -name 'typing_extensions-*' -delete
echo "ray $VERSION: unpacked ${before} MB -> trimmed ${after} MB; bundle:"
du -sh "$DEST"/*.tar.xz "$DEST/wheels"
