#!/usr/bin/env bash
# Runs a partition search as COUNT shards with GNU parallel, on this machine's cores or on
# other hosts, then merges them. Settings as in run-shard.sh (PROOF, TARGET, WORDLIST, ...).
# Usage: parallel.sh COUNT OUTDIR [more GNU parallel options, e.g. --sshloginfile hosts]
# Re-running it with the same settings resumes: finished shards are skipped through the job log,
# and an unfinished shard continues from its own output file. OUTDIR/settings records them.
set -euo pipefail
COUNT=${1:?usage: parallel.sh COUNT OUTDIR [parallel options]}
OUTDIR=${2:?usage: parallel.sh COUNT OUTDIR [parallel options]}
shift 2
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUTDIR"
# A folder holds one run. The job log knows shards by number only, so a second run with other
# settings would skip every shard as done and merge the first run's files: it is refused.
SETTINGS="COUNT=$COUNT PROOF=${PROOF:-} PARTITION=${PARTITION:-} SIZE=${SIZE:-} TARGET=${TARGET:-} WORDLIST=${WORDLIST:-} CLASS_IDS=${CLASS_IDS:-} EXTRA=${EXTRA:-}"
if [ -f "$OUTDIR/settings" ]; then
  if [ "$(cat "$OUTDIR/settings")" != "$SETTINGS" ]; then
    echo "parallel.sh: $OUTDIR holds a run with other settings; use another folder, or these to resume it:" >&2
    echo "  that run: $(cat "$OUTDIR/settings")" >&2
    echo "  this one: $SETTINGS" >&2
    exit 2
  fi
elif [ -e "$OUTDIR/joblog" ] || compgen -G "$OUTDIR/shard-*.ndjson" > /dev/null; then
  echo "parallel.sh: $OUTDIR holds shards of a run whose settings are not recorded; use another folder" >&2
  exit 2
else
  printf '%s\n' "$SETTINGS" > "$OUTDIR/settings"
fi
if [ -z "${BOGGLE:-}" ]; then
  BOGGLE=$(command -v boggle || echo "$HERE/../target/release/boggle")
fi
if [ ! -x "$BOGGLE" ] && ! command -v "$BOGGLE" > /dev/null; then
  echo "parallel.sh: no boggle binary at $BOGGLE: build it (cargo build --release) or set BOGGLE" >&2
  exit 2
fi
export BOGGLE PROOF PARTITION SIZE TARGET WORDLIST CLASS_IDS THREADS EXTRA
# --env sends the settings to other hosts too (--sshloginfile); here they are exported already.
if ! parallel --joblog "$OUTDIR/joblog" --resume-failed --halt now,fail=1 --tag \
  --env BOGGLE --env PROOF --env PARTITION --env SIZE --env TARGET --env WORDLIST --env CLASS_IDS \
  --env THREADS --env EXTRA "$@" \
  "$HERE/run-shard.sh" {} "$COUNT" "$OUTDIR" ::: $(seq 0 $((COUNT - 1))); then
  echo "parallel.sh: stopped before every shard finished; the same command resumes the run" \
    "(finished shards are skipped, the others go on from their files; $OUTDIR/joblog has each" \
    "shard's exit code)" >&2
  exit 1
fi
# The merge scores every board again: with the run's list, when it is a file of one's own.
"$BOGGLE" merge ${WORDLIST:+--wordlist "$WORDLIST"} "$OUTDIR"/shard-*.ndjson
