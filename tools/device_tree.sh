#!/usr/bin/env bash
# The working tree a device call carries is limited to 64 MiB, wheels included (see
# ../shared/device/README.md). The tracked tree alone is ~61 MiB and grows ~0.5 MiB a blind
# set, almost all of it recorded fixtures, which a GPU recording never reads (it runs kernels/,
# gpuadvisor/, rules/, tools/ and tests/). Before such calls, and after them:
#   bash tools/device_tree.sh slim      # the recorded blind sets, live searches, full-ncu
#                                       # tables and heatmaps out of the working tree (they
#                                       # stay committed); prints the size left
#   bash tools/device_tree.sh restore   # git checkout of what slim took out
# slim refuses while those paths hold uncommitted or untracked files, so nothing is lost;
# unpack a new recording after restore. While the tree is slim, stage paths by name: a
# `git commit -a` or `git add -A` then records every file slim took out as deleted (stop 67:
# 3,663 files, caught and undone before it landed).
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: bash tools/device_tree.sh slim|restore"
if [ $# -ne 1 ]; then echo "$usage" >&2; exit 2; fi
if ! git rev-parse --git-dir > /dev/null 2>&1; then
  echo "device_tree: $(pwd) is not a git checkout" >&2
  exit 2
fi
# git pathspecs (git matches the *, whatever the working tree holds)
paths=('fixtures/hopper/blind*' 'fixtures/hopper/default-search*' 'fixtures/hopper/full-ncu'
       'docs/heatmaps')
case $1 in
  slim)
    if [ -n "$(git status --porcelain --untracked-files=all -- "${paths[@]}")" ]; then
      echo "device_tree: uncommitted or untracked files under the recorded fixtures;" \
           "commit them first" >&2
      exit 1
    fi
    git ls-files -z -- "${paths[@]}" | xargs -0 rm -f
    git ls-files -z -- "${paths[@]}" | xargs -0 -n 1 dirname | sort -u -r \
      | xargs rmdir -p 2> /dev/null || true
    # (stat fails on the files just taken out; the sum is of those left)
    bytes=$(git ls-files -z | xargs -0 stat -c %s 2> /dev/null | awk '{s += $1} END {print s + 0}') \
      || true
    awk -v b="$bytes" 'BEGIN {printf "device_tree: %.1f MiB of tracked files left\n", b / 1048576}'
    ;;
  restore)
    git checkout -- "${paths[@]}"
    echo "device_tree: restored"
    ;;
  *) echo "$usage" >&2; exit 2 ;;
esac
