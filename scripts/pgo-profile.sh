#!/usr/bin/env bash
# pgo-profile.sh: writes cmd/lps2lts/default.pgo, the CPU profile from
# which `go build` and `go run` optimise lps2lts (profile-guided
# optimisation: the Go toolchain reads default.pgo in a main package's
# folder by itself). The profile is the merge of lps2lts --cpuprofile
# over a broad workload: the examples, and with SHARED (../shared) the
# bench models' prefixes, seven plain corpus models and every data,
# timed, stochastic and confluence corpus model. Run it again when the
# hot code has changed much; a stale profile still builds, it only
# optimises less (docs/rewriting.md, "Profile-guided optimisation").
#
#   scripts/pgo-profile.sh [SHARED]
set -euo pipefail
shared=${1:-../shared}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The profiling binary is built without a profile, so that the new one
# does not depend on the old.
go build -pgo=off -o "$tmp/lps2lts" ./cmd/lps2lts
runs=0
run() {
  runs=$((runs + 1))
  timeout 60 "$tmp/lps2lts" -q --cpuprofile="$tmp/p$runs.prof" "$@" >/dev/null 2>&1 || echo "pgo-profile.sh: lps2lts $* failed (left out)" >&2
}
# Three rounds: --cpuprofile samples at 100 Hz, and a profile of one
# round (1,350 samples) moved the instructions of the models measured by
# up to 1.3% from one profile to the next.
shared_ok=
if [ -d "$shared/bench" ] && [ -d "$shared/corpus" ]; then
  shared_ok=1
else
  echo "pgo-profile.sh: no $shared/bench and $shared/corpus: the profile is of the examples only" >&2
fi
for round in 1 2 3; do
  run -l2000000 examples/counters.lps
  run -c -l300000 examples/counters_ctau.lps
  for m in abp buffer coin dining3 rounds seqnum timers; do
    run examples/$m.lps
  done
  run -l100000 examples/timed.lps # infinite
  if [ -n "$shared_ok" ]; then
    b=$shared/bench
    for n in Dijkstra Aravind_BLRU Lamport_3-bit; do
      run -l200000 "$b/ex.academic.non-atomic_registers.models.$n/model.lps"
    done
    run -l200000 "$b/ex.academic.bounded_ricart-agrawala.RA_fixed+reduced.RA_fixed+reduced_spec/model.lps"
    run -l1000000 "$b/ex.academic.bakery/model.lps"
    run -l3000 "$b/ex.games.knights/model.lps"
    run -l300000 "$b/ex.academic.goback/model.lps"
    for m in merc.onebit_3-b merc.franklin_3_2-b ex.games.magic_square ex.project.wafer_stepper ex.academic.onebit merc.hesselink_2-b merc.brp_4_4_4-b; do
      run "$shared/corpus/plain/$m/model.lps"
      run "$shared/corpus/plain/$m/model.lps"
    done
    for d in "$shared"/corpus/{data,timed,stochastic}/*/; do
      run "$d/model.lps"
    done
    for d in "$shared"/corpus/confluence/*/; do
      run -c "$d/model.lps"
    done
  fi
done
go tool pprof -proto "$tmp"/p*.prof >"$tmp/merged.pgo"
mv "$tmp/merged.pgo" cmd/lps2lts/default.pgo
echo "cmd/lps2lts/default.pgo: $runs runs merged"
