#!/usr/bin/env bash
# threads-scaling.sh: speed-up and efficiency of --threads on four models,
# from wall times of alternating runs (1, 2, 4, ... threads, then again),
# medians per thread count.
#
#   scripts/threads-scaling.sh [-b BIN] [-r RUNS] [-t "1 2 4 8 16"] [-s SHARED] [-m NAME]...
#
# The models (paths from the repository's root; SHARED, ../shared by
# default, holds the corpus and the bench models that all but the
# counters models need):
#   counters    examples/counters.lps, first 2,000,000 states (plain data,
#               wide levels: the threads' best case)
#   protocol    corpus merc.brp_4_4_4-b, the bounded retransmission
#               protocol (109,422 states)
#   data        bench ex.academic.non-atomic_registers.models.Lamport_3-bit,
#               first 200,000 states (rewriting-heavy)
#   confluence  corpus merc.hesselink_2-b.ctau with -cctau (a
#               representative search per successor)
#   knights     bench ex.games.knights, first 3,000 states (the issue's
#               few expensive states; not in the default set)
#   bakery      bench ex.academic.bakery, first 300,000 states (levels of a
#               few states; not in the default set)
#   counters-big, data-big  the first 5,000,000 and 1,000,000 states:
#               runs long enough to time 16 threads (not in the default set)
#   bakery-big  bakery's first 1,000,000 states (not in the default set)
#   ctau        examples/counters_ctau.lps with -c, first 1,000,000 states:
#               every successor's representative is a walk of up to seven
#               ctau steps (not in the default set)
# Thread counts above the machine's cores are skipped (lps2lts uses at
# most one thread per core). Every run's .aut is compared with the
# one-thread run's: a difference is an error, not a figure.
# Output: one markdown table per model, ready for docs/threads.md; CPU is
# user + system seconds, which shows what the threads cost in work even
# where a loaded machine hides the speed-up. Needs bash, awk and cmp only
# (bash's own time), so that it runs on a bare machine.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=./lps2lts
runs=5
counts="1 2 4 8 16"
models=()
shared=../shared
while [ $# -gt 0 ]; do
  case "$1" in
    -b) bin=$2; shift 2 ;;
    -r) runs=$2; shift 2 ;;
    -t) counts=$2; shift 2 ;;
    -s) shared=$2; shift 2 ;;
    -m) models+=("$2"); shift 2 ;;
    *) echo "usage: $0 [-b BIN] [-r RUNS] [-t COUNTS] [-s SHARED] [-m MODEL]..." >&2; exit 2 ;;
  esac
done
[ ${#models[@]} -gt 0 ] || models=(counters protocol data confluence)
cores=$(nproc)
args_of() {
  case "$1" in
    counters) echo "-l 2000000 examples/counters.lps" ;;
    protocol) echo "$shared/corpus/plain/merc.brp_4_4_4-b/model.lps" ;;
    data) echo "-l 200000 $shared/bench/ex.academic.non-atomic_registers.models.Lamport_3-bit/model.lps" ;;
    confluence) echo "-cctau $shared/corpus/confluence/merc.hesselink_2-b.ctau/model.lps" ;;
    knights) echo "-l 3000 $shared/bench/ex.games.knights/model.lps" ;;
    bakery) echo "-l 300000 $shared/bench/ex.academic.bakery/model.lps" ;;
    counters-big) echo "-l 5000000 examples/counters.lps" ;;
    bakery-big) echo "-l 1000000 $shared/bench/ex.academic.bakery/model.lps" ;;
    data-big) echo "-l 1000000 $shared/bench/ex.academic.non-atomic_registers.models.Lamport_3-bit/model.lps" ;;
    ctau) echo "-c -l 1000000 examples/counters_ctau.lps" ;;
    *) echo "unknown model $1" >&2; exit 2 ;;
  esac
}
use=()
for t in $counts; do
  if [ "$t" -le "$cores" ]; then use+=("$t"); else skipped="${skipped:-} $t"; fi
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -g | awk '{v[NR]=$1} END {if (NR%2) print v[(NR+1)/2]; else printf "%.3f\n", (v[NR/2]+v[NR/2+1])/2}'; }
TIMEFORMAT='%R %U %S'
# timed CMD...: runs CMD with its stderr to $tmp/err and writes its wall,
# user and system seconds to $tmp/time.
timed() {
  { time "$@" 2>"$tmp/err"; } 2>"$tmp/time"
}
echo "machine: $cores cores, $(uname -m); load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
[ -z "${skipped:-}" ] || echo "skipped (more threads than cores):${skipped}"
for m in "${models[@]}"; do
  read -r -a a <<<"$(args_of "$m")"
  for t in "${use[@]}"; do : >"$tmp/$m.$t"; : >"$tmp/$m.$t.cpu"; done
  for r in $(seq "$runs"); do
    for t in "${use[@]}"; do
      timed "$bin" --threads="$t" "${a[@]}" "$tmp/out.$t.aut" || { echo "error: $m: $t threads failed: $(cat "$tmp/err")" >&2; exit 1; }
      read -r wall user sys <"$tmp/time"
      echo "$wall" >>"$tmp/$m.$t"
      awk -v u="$user" -v s="$sys" 'BEGIN {print u + s}' >>"$tmp/$m.$t.cpu"
      if [ "$t" != 1 ] && grep -q "runs on one thread" "$tmp/err"; then
        echo "error: $m: $t threads fell back to one: $(grep "runs on one thread" "$tmp/err")" >&2
        exit 1
      fi
      if [ "$t" != 1 ] && ! cmp -s "$tmp/out.1.aut" "$tmp/out.$t.aut"; then
        echo "error: $m: the .aut of $t threads differs from one thread's" >&2
        exit 1
      fi
    done
  done
  echo
  echo "$m ($(head -1 "$tmp/out.1.aut" | tr -s " ")), medians of $runs alternating runs:"
  echo
  echo "| threads | wall (s) | speed-up | efficiency | CPU (s) |"
  echo "|---:|---:|---:|---:|---:|"
  base=$(median <"$tmp/$m.1")
  for t in "${use[@]}"; do
    w=$(median <"$tmp/$m.$t")
    cpu=$(median <"$tmp/$m.$t.cpu")
    awk -v t="$t" -v w="$w" -v b="$base" -v c="$cpu" 'BEGIN {printf "| %d | %.2f | %.2f | %.0f%% | %.2f |\n", t, w, b / w, 100 * b / w / t, c}'
  done
done
