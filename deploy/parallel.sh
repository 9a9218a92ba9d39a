#!/usr/bin/env bash
# Runs a partition search as COUNT shards with GNU parallel, on this machine's cores or on
# other hosts, then merges them. Settings as in run-shard.sh (PROOF, TARGET, WORDLIST, ...).
# Usage: parallel.sh COUNT OUTDIR [more GNU parallel options, e.g. --sshloginfile hosts]
# Re-running it resumes: finished shards are skipped through the job log, and an unfinished
# shard continues from its own output file.
set -euo pipefail
COUNT=${1:?usage: parallel.sh COUNT OUTDIR [parallel options]}
OUTDIR=${2:?usage: parallel.sh COUNT OUTDIR [parallel options]}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUTDIR"
export BOGGLE=${BOGGLE:-boggle} PROOF PARTITION SIZE TARGET WORDLIST CLASS_IDS THREADS EXTRA
parallel --joblog "$OUTDIR/joblog" --resume-failed --halt now,fail=1 "$@" \
  "$HERE/run-shard.sh" {} "$COUNT" "$OUTDIR" ::: $(seq 0 $((COUNT - 1)))
# The merge scores every board again: with the run's list, when it is a file of one's own.
"$BOGGLE" merge ${WORDLIST:+--wordlist "$WORDLIST"} "$OUTDIR"/shard-*.ndjson
