#!/usr/bin/env bash
# Breaks one shard of a partition search: the unit of work every batch system below runs.
# Usage: run-shard.sh INDEX COUNT OUTDIR
#   INDEX   0-based shard index (a job-array index), COUNT shards in all, OUTDIR a directory
#           every shard can write to (shared disk, or synced to object storage afterwards).
# Settings from the environment, with the 4x4 proof with any corner letter as the default
# (67,257 classes, each 16 of the published proof's, about half its CPU time; docs/proofs.md):
#   BOGGLE     the boggle binary          (default: boggle on PATH, else ../target/release/boggle)
#   PROOF      a named proof: its letter groups, size, target and word list (default:
#              4x4-any-corner; `boggle break --help` lists the names)
#   PARTITION  letter groups              (default: the proof's)
#   SIZE       board size                 (default: the proof's)
#   TARGET     report boards this good    (default: the proof's)
#   WORDLIST   word list: a file, or a built-in name (enable2k, yawl) (default: the proof's)
#   CLASS_IDS  restrict to these ids, e.g. 0-999 (default: every class)
#   THREADS    threads for this shard     (default: 1)
#   EXTRA      more `boggle break` flags, e.g. "--memory-mb 2000"
# Writes OUTDIR/shard-INDEX.ndjson, one line per finished class; running it again resumes.
set -euo pipefail
INDEX=${1:?usage: run-shard.sh INDEX COUNT OUTDIR}
COUNT=${2:?usage: run-shard.sh INDEX COUNT OUTDIR}
OUTDIR=${3:?usage: run-shard.sh INDEX COUNT OUTDIR}
# The binary: BOGGLE, else boggle on the PATH, else this repository's release build.
if [ -z "${BOGGLE:-}" ]; then
  BOGGLE=$(command -v boggle || echo "$(cd "$(dirname "$0")/.." && pwd)/target/release/boggle")
fi
PROOF=${PROOF:-4x4-any-corner}
THREADS=${THREADS:-1}
mkdir -p "$OUTDIR"
OUT="$OUTDIR/shard-$INDEX.ndjson"
ARGS=(break --proof "$PROOF" --shard "$((INDEX + 1))/$COUNT" --threads "$THREADS" --out "$OUT" --quiet)
if [ -n "${PARTITION:-}" ]; then ARGS+=(--partition "$PARTITION"); fi
if [ -n "${SIZE:-}" ]; then ARGS+=(--size "$SIZE"); fi
if [ -n "${TARGET:-}" ]; then ARGS+=(--target "$TARGET"); fi
if [ -n "${WORDLIST:-}" ]; then ARGS+=(--wordlist "$WORDLIST"); fi
if [ -n "${CLASS_IDS:-}" ]; then ARGS+=(--class-id "$CLASS_IDS"); fi
# A shard stopped before its first class ended left its file empty: it resumes from nothing.
if [ -e "$OUT" ]; then ARGS+=(--resume "$OUT"); fi
# shellcheck disable=SC2086
exec "$BOGGLE" "${ARGS[@]}" ${EXTRA:-} > /dev/null
