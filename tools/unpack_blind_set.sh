#!/usr/bin/env bash
# One blind set's GPU call (tools/record_blind_set.sh) unpacked into the fixtures it becomes,
# the files as the recorder wrote them (nothing edited):
#   bash tools/unpack_blind_set.sh N FILES_AT
# FILES_AT holds the call's gpu_tests.log, records.tgz (rec/ and rep/: each a calibration.tgz
# with <kernel>/sweep.csv, beside its provenance.txt, steps.txt and summary.txt) and live.tgz
# (live/<kernel>/{sweep.csv,journal.jsonl}, live/<kernel>.log, live/{provenance,steps}.txt).
# Writes fixtures/hopper/blindN/ (h200/<kernel>.csv and the three texts, gpu_tests.log),
# blindN-repeat/h200/ and default-searchN/ (<kernel>.csv, .journal.jsonl, .log, steps.txt,
# provenance.txt), and lists them. Refuses to write over a set already there, and writes
# nothing where an archive does not read or lacks a file (one line, exit 2). Run it after
# `bash tools/device_tree.sh restore`.
set -euo pipefail
usage="usage: bash tools/unpack_blind_set.sh N FILES_AT"
if [ $# -ne 2 ] || ! [[ $1 =~ ^[0-9]+$ ]]; then echo "$usage" >&2; exit 2; fi
n=$1 at=$(cd "$2" && pwd)
cd "$(dirname "$0")/.."
for f in gpu_tests.log records.tgz live.tgz; do
  if [ ! -f "$at/$f" ]; then echo "unpack_blind_set: $at/$f: no such file" >&2; exit 2; fi
done
first=fixtures/hopper/blind$n repeat=fixtures/hopper/blind$n-repeat
live=fixtures/hopper/default-search$n
for d in "$first" "$repeat" "$live"; do
  if [ -e "$d" ]; then echo "unpack_blind_set: $d exists already" >&2; exit 1; fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "unpack_blind_set: $*" >&2; exit 2; }
# Everything unpacked and checked before a fixture is written: a bad archive writes nothing.
unpack() { tar xzf "$1" -C "$2" 2> /dev/null || fail "$1: not a readable .tgz"; }
unpack "$at/records.tgz" "$work"
unpack "$at/live.tgz" "$work"
for run in rec rep; do
  [ -f "$work/$run/calibration.tgz" ] || fail "$at/records.tgz: no $run/calibration.tgz"
  mkdir -p "$work/$run/x"
  unpack "$work/$run/calibration.tgz" "$work/$run/x"
  for text in provenance steps summary; do
    [ -f "$work/$run/$text.txt" ] || fail "$at/records.tgz: no $run/$text.txt"
  done
done
for text in provenance steps; do
  [ -f "$work/live/$text.txt" ] || fail "$at/live.tgz: no live/$text.txt"
done
for sweep in "$work"/live/*/sweep.csv; do
  [ -f "$sweep" ] || continue
  k=$(basename "$(dirname "$sweep")")
  for part in "$k/journal.jsonl" "$k.log"; do
    [ -f "$work/live/$part" ] || fail "$at/live.tgz: no live/$part"
  done
done
for run in rec rep; do
  dest=$first/h200
  [ $run = rep ] && dest=$repeat/h200
  mkdir -p "$dest"
  cp "$work/$run/provenance.txt" "$work/$run/steps.txt" "$work/$run/summary.txt" "$dest/"
  for sweep in "$work/$run/x"/*/sweep.csv; do
    [ -f "$sweep" ] || continue
    cp "$sweep" "$dest/$(basename "$(dirname "$sweep")").csv"
  done
done
cp "$at/gpu_tests.log" "$first/"
mkdir -p "$live"
for sweep in "$work"/live/*/sweep.csv; do
  [ -f "$sweep" ] || continue
  k=$(basename "$(dirname "$sweep")")
  cp "$sweep" "$live/$k.csv"
  cp "$work/live/$k/journal.jsonl" "$live/$k.journal.jsonl"
  cp "$work/live/$k.log" "$live/$k.log"
done
cp "$work/live/steps.txt" "$work/live/provenance.txt" "$live/"
find "$first" "$repeat" "$live" -type f | LC_ALL=C sort
