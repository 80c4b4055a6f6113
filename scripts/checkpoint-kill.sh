#!/usr/bin/env bash
# checkpoint-kill.sh: a run killed with SIGKILL three times (the second
# time while a checkpoint is being written) and resumed each time ends
# with the .aut of an uninterrupted run, byte for byte (compared by
# sha256, so that the two files need not be on the disk at once).
#
#   scripts/checkpoint-kill.sh [-b BIN] [-d DIR] [-e EVERY] [-w WAIT] [-a ARG]... MODEL.lps
#
# BIN is the lps2lts to run (./lps2lts), DIR the scratch folder (a new
# temporary one), EVERY the --checkpoint-every of the killed runs (60s);
# each -a adds an argument to every run (-a --threads=2 -a -D). The
# first and third kills come WAIT (70) to 2*WAIT+20 seconds after a
# start, the second while the checkpoint's temporary file is there,
# after WAIT*5/7 seconds at least. Exit status 0 when the files are equal.
set -uo pipefail
bin=./lps2lts
dir=
every=60s
wait=70
extra=()
while [ $# -gt 1 ]; do
  case $1 in
    -b) bin=$2; shift 2 ;;
    -d) dir=$2; shift 2 ;;
    -e) every=$2; shift 2 ;;
    -w) wait=$2; shift 2 ;;
    -a) extra+=("$2"); shift 2 ;;
    *) echo "checkpoint-kill.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ $# -eq 1 ] || { echo "usage: checkpoint-kill.sh [-b BIN] [-d DIR] [-e EVERY] [-w WAIT] [-a ARG]... MODEL.lps" >&2; exit 2; }
model=$(realpath "$1")
bin=$(realpath "$bin")
[ -n "$dir" ] || dir=$(mktemp -d)
mkdir -p "$dir" && cd "$dir" || exit 2
log() { echo "$(date +%T) $*"; }
rm -rf ck run.aut ref.aut

log "uninterrupted run"
/usr/bin/time -f "uninterrupted: %e s wall, %U s user, %M KB" "$bin" -q "${extra[@]}" "$model" ref.aut 2>ref.err
log "exit $?: $(tail -1 ref.err)"
ref=$(sha256sum ref.aut | cut -d' ' -f1)
ls -l ref.aut
rm -f ref.aut

start() { # $1: --checkpoint=ck or --resume=ck
  "$bin" -q "${extra[@]}" --checkpoint-every="$every" "$1" "$model" run.aut 2>>run.err &
  pid=$!
}
start --checkpoint=ck
for k in 1 2 3; do
  if [ $k = 2 ]; then
    sleep $((wait * 5 / 7))
    for _ in $(seq 1 20000); do
      compgen -G 'ck/.checkpoint*.tmp' >/dev/null && break
      sleep 0.01
    done
    log "kill $k while a checkpoint is written: $(ls -A ck | tr '\n' ' ')"
  else
    s=$((wait + RANDOM % (wait + 20)))
    sleep $s
    log "kill $k after ${s}s"
  fi
  kill -9 $pid
  wait $pid 2>/dev/null
  start --resume=ck
done
wait $pid
rc=$?
log "last resume: exit $rc"
got=$(sha256sum run.aut | cut -d' ' -f1)
ls -l run.aut
rm -f run.aut
if [ "$rc" = 0 ] && [ "$got" = "$ref" ]; then
  log "the same .aut ($ref)"
  exit 0
fi
log "DIFFERENT: uninterrupted $ref, resumed $got"
exit 1
