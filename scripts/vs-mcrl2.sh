#!/usr/bin/env bash
# vs-mcrl2.sh: issue 41's speed figure. CPU seconds (user + system, the
# best of R alternating runs) of lps2lts against mCRL2's lps2lts --cached
# on the data-heavy bench prefixes (Dijkstra, Aravind_BLRU, Lamport_3-bit,
# RA_fixed+reduced: the first 20,000 states) and the five slowest plain
# corpus models that mCRL2 explores in 1-20 s; the last line is the
# geometric mean of the ratios. With python3 at hand the times are
# getrusage's, to the microsecond; else /usr/bin/time's hundredths.
#
#   scripts/vs-mcrl2.sh [-b BIN] [-r R] [-s SHARED]
#
# BIN is our lps2lts (./lps2lts), R the rounds (3), SHARED the folder
# with bench/, corpus/ and mcrl2/bin/ (../shared). The bench models are
# text, which mCRL2's lps2lts does not read: they are converted by its
# txt2lps into a temporary folder first.
set -uo pipefail
bin=./lps2lts
rounds=3
shared=../shared
while [ $# -gt 0 ]; do
  case $1 in
    -b) bin=$2; shift 2 ;;
    -r) rounds=$2; shift 2 ;;
    -s) shared=$2; shift 2 ;;
    *) echo "usage: vs-mcrl2.sh [-b BIN] [-r R] [-s SHARED]" >&2; exit 2 ;;
  esac
done
mcrl2=$shared/mcrl2/bin
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cases=()
for n in non-atomic_registers.models.Dijkstra non-atomic_registers.models.Aravind_BLRU non-atomic_registers.models.Lamport_3-bit bounded_ricart-agrawala.RA_fixed+reduced.RA_fixed+reduced_spec; do
  m=$shared/bench/ex.academic.$n/model.lps
  "$mcrl2/txt2lps" "$m" "$tmp/$n.lps" || exit 2
  cases+=("$n|$m|$tmp/$n.lps|-l20000")
done
for n in merc.onebit_3-b merc.franklin_3_2-b ex.games.magic_square ex.project.wafer_stepper ex.academic.onebit; do
  cases+=("$n|$shared/corpus/plain/$n/model.lps|$shared/corpus/plain/$n/mcrl2.lps|")
done
cpu() { # the CPU seconds of a command, or "fail"
  if [ -n "$py" ]; then
    # getrusage's microseconds: /usr/bin/time rounds to hundredths, a
    # fifth of a 0.05-s run.
    "$py" -c 'import os, sys
pid = os.fork()
if pid == 0:
    fd = os.open(os.devnull, os.O_WRONLY); os.dup2(fd, 1); os.dup2(fd, 2)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, ru = os.wait4(pid, 0)
print("fail" if status != 0 else "%.4f" % (ru.ru_utime + ru.ru_stime))' "$@"
    return
  fi
  /usr/bin/time -o "$tmp/t" -f "%U %S" "$@" >/dev/null 2>&1 || { echo fail; return; }
  awk '{print $1 + $2}' "$tmp/t"
}
py=$(command -v python3 || true)
min() { awk -v a="$1" -v b="$2" 'BEGIN {print (b == "" || a + 0 < b + 0) ? a : b}'; }
printf '%-70s %8s %8s %7s\n' model ours mCRL2 ratio
logs=0
for c in "${cases[@]}"; do
  IFS='|' read -r name ours theirs lim <<<"$c"
  o= m=
  for _ in $(seq "$rounds"); do
    x=$(cpu "$bin" -q $lim "$ours"); [ "$x" = fail ] && { echo "$name: lps2lts failed" >&2; exit 1; }
    o=$(min "$x" "$o")
    x=$(cpu "$mcrl2/lps2lts" --cached -q $lim "$theirs"); [ "$x" = fail ] && { echo "$name: mCRL2's lps2lts failed" >&2; exit 1; }
    m=$(min "$x" "$m")
  done
  r=$(awk -v o="$o" -v m="$m" 'BEGIN {printf "%.3f", o / m}')
  printf '%-70s %8s %8s %7s\n' "$name" "$o" "$m" "$r"
  logs=$(awk -v l="$logs" -v r="$r" 'BEGIN {print l + log(r)}')
done
awk -v l="$logs" -v n="${#cases[@]}" 'BEGIN {printf "geometric mean of the ratios: %.3f\n", exp(l / n)}'
