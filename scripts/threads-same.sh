#!/usr/bin/env bash
# threads-same.sh: the LTS with --threads=N is the one of one thread, byte
# for byte, and no warning says that threads were not used.
#
#   scripts/threads-same.sh [-b BIN] [-n N] [-l MAX] [--args='...'] [-a ARG]... MODEL.lps|CASEDIR ...
#
# --args adds arguments split at spaces, -a one argument as it is
# (-a '--sweep=s + r').
# A CASEDIR is a corpus case (../shared/corpus/...): its model.lps and the
# args of its expect.json. Each model is explored twice into .aut files,
# with --threads=1 and --threads=N (default 2), and the files compared
# with cmp. Exit status 0 when every pair is equal and no run with N
# threads warned that it ran on one; the last line is 'N same, N differ'.
set -uo pipefail
bin=./lps2lts
threads=2
extra=()
max=()
models=()
while [ $# -gt 0 ]; do
  case "$1" in
    -b) bin=$2; shift 2 ;;
    -n) threads=$2; shift 2 ;;
    -l) max=(-l "$2"); shift 2 ;;
    -a) extra+=("$2"); shift 2 ;;
    --args=*) read -r -a more <<<"${1#--args=}"; extra+=("${more[@]}"); shift ;;
    *) models+=("$1"); shift ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
same=0 differ=0
for m in "${models[@]}"; do
  args=()
  model=$m
  if [ -d "$m" ]; then
    model=$m/model.lps
    if [ -f "$m/expect.json" ]; then
      # The case's own arguments (a JSON list of strings).
      while IFS= read -r a; do [ -n "$a" ] && args+=("$a"); done < <(python3 -c 'import json,sys; print("\n".join(json.load(open(sys.argv[1])).get("args", [])))' "$m/expect.json")
    fi
  fi
  one=$tmp/one.aut many=$tmp/many.aut
  "$bin" -q "${args[@]}" "${extra[@]}" "${max[@]}" --threads=1 "$model" "$one" 2>"$tmp/err1" ; rc1=$?
  "$bin" "${args[@]}" "${extra[@]}" "${max[@]}" --threads="$threads" "$model" "$many" 2>"$tmp/errn" ; rcn=$?
  why=""
  if [ "$rc1" != "$rcn" ]; then why="exit status $rc1 with one thread, $rcn with $threads"
  elif ! cmp -s "$one" "$many"; then why="the .aut files differ"
  elif grep -q "threads" "$tmp/errn"; then why="warned: $(grep threads "$tmp/errn" | head -1)"
  fi
  if [ -n "$why" ]; then
    differ=$((differ + 1))
    echo "DIFFER $m ${extra[*]}: $why"
  else
    same=$((same + 1))
    echo "same   $m ${extra[*]} ($(head -c 60 "$one" | head -1))"
  fi
done
echo "$same same, $differ differ"
[ "$differ" -eq 0 ]
