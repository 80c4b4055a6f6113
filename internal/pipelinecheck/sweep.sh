#!/usr/bin/env bash
# sweep.sh: runs mCRL2's example models through the whole pipeline a user
# runs (mcrl22lps, then lps2lts) and compares our lps2lts with mCRL2's on
# each, for several mcrl22lps option sets; docs/pipeline-survey.md holds
# the figures of the last run. It is a survey, not a test: it takes tens
# of minutes per option set and needs mCRL2's binaries, so no `go test`
# runs it.
#
# Usage (from the repository's root, after go build -o lps2lts ./cmd/lps2lts):
#   internal/pipelinecheck/sweep.sh [-b BIN] [-x EXAMPLES] [-w WORKDIR]
#       [-m MCRL2BIN] [-L LINTIMEOUT] [-T TIMEOUT] [-p PREFIX] [-k REGEX]
#       [OPTIONSET ...]
#   BIN         our lps2lts (default ./lps2lts)
#   EXAMPLES    a folder holding mCRL2's examples/ tree (default
#               /tmp/mcrl2-examples; exported from the mirror when absent)
#   WORKDIR     intermediate files and results (default /tmp/pipeline-sweep);
#               never inside the repository
#   MCRL2BIN    mCRL2's tools (default ../shared/mcrl2/bin)
#   LINTIMEOUT  processor seconds for mcrl22lps (default 60)
#   TIMEOUT     processor seconds for each lps2lts run, mCRL2's and ours
#               (default 20)
#   PREFIX      the -l bound of the prefix runs (default 2000)
#   REGEX       keeps the cases whose name matches (grep -E)
#   OPTIONSET   mcrl22lps options as one word, e.g. -lstack, '-b -c';
#               "default" for none (default: default -lstack -n)
#
# For each example (case name: ex. + its path below examples/, dots for
# slashes, as in ../shared/pipeline) and option set: mcrl22lps writes the
# .lps; mCRL2's lps2lts --cached explores it within TIMEOUT. If it ends,
# ours runs with the same TIMEOUT and the .aut figures of both
# (corpus-check --summary: states, transitions, labels, label_sha,
# out_sha, in_sha) are compared. If mCRL2 does not end, both run with
# -l PREFIX: ours must end without error and hold at least the states
# mCRL2 held (at most PREFIX). Each case gets one class:
#   same          every figure equal (full), or enough states (prefix)
#   differs       the figures that differ
#   we refuse     ours ended with exit status 2: its first error line
#   we crash      ours ended otherwise (a panic, a signal)
#   we are slow   mCRL2 ended within TIMEOUT (or its prefix did), ours not
#   mCRL2 fails   mcrl22lps failed or timed out, or mCRL2's lps2lts failed,
#                 or timed out on the full and the prefix run
# WORKDIR/OPTIONSET.tsv has one line per case (case, options, class,
# mode, detail, seconds of mCRL2, ours, states of mCRL2, ours);
# WORKDIR/summary.txt counts the classes per option set and the refusals
# by kind (the message with its numbers and names of states blanked).
#
# Work already done is reused: the .lps of a model and option set, and
# mCRL2's results on an .lps (keyed by its hash and the bounds), are kept
# in WORKDIR/cache, so a second run (another build of ours) costs only
# our runs. Everything runs one case at a time under nice -n 10.
set -uo pipefail

bin=./lps2lts
examples=/tmp/mcrl2-examples
work=/tmp/pipeline-sweep
mcrl2=../shared/mcrl2/bin
lintimeout=60
timeout=20
prefix=2000
keep=
while getopts b:x:w:m:L:T:p:k: o; do
  case $o in
  b) bin=$OPTARG ;;
  x) examples=$OPTARG ;;
  w) work=$OPTARG ;;
  m) mcrl2=$OPTARG ;;
  L) lintimeout=$OPTARG ;;
  T) timeout=$OPTARG ;;
  p) prefix=$OPTARG ;;
  k) keep=$OPTARG ;;
  *) sed -n '2,/^set /p' "$0" | sed '$d' >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
optsets=("$@")
[ ${#optsets[@]} -gt 0 ] || optsets=(default -lstack -n)

summary=$(dirname "$0")/../../../shared/bin/corpus-check
[ -x "$summary" ] || summary=../shared/bin/corpus-check
for tool in "$mcrl2/mcrl22lps" "$mcrl2/lps2lts" "$summary" "$bin"; do
  if [ ! -x "$tool" ]; then
    echo "sweep: $tool is missing or not executable" >&2
    exit 2
  fi
done
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
mcrl2=$(cd "$mcrl2" && pwd)
summary=$(cd "$(dirname "$summary")" && pwd)/$(basename "$summary")
case $(cd "$(dirname "$work")" 2>/dev/null && pwd)/ in
"$(git rev-parse --show-toplevel 2>/dev/null)"/*)
  echo "sweep: WORKDIR $work is inside the repository" >&2
  exit 2
  ;;
esac

if [ ! -d "$examples/examples" ]; then
  mkdir -p "$examples"
  git -C /work/.mirror/mCRL2org+mCRL2/repo archive HEAD examples | tar -x -C "$examples" || exit 2
fi
mkdir -p "$work/cache"

# run LIMIT OUT ERR CMD...: runs CMD under nice, limited to LIMIT seconds
# of processor time (the machine is shared: a wall-clock limit would
# depend on the others' load), and to ten times that of wall-clock time
# in case it waits; sets rc (124, 137 or 152: a limit) and secs (its
# processor seconds, user and system). A Go program ignores SIGXCPU, the
# soft limit's signal: ours ends at the hard limit, a second later.
run() {
  local limit=$1 out=$2 err=$3 t
  shift 3
  # (time takes a simple command: it prints nothing for a subshell here.)
  t=$( { TIMEFORMAT='%3U %3S'; time bash -c '
    ulimit -S -t "$1" && ulimit -H -t $(($1 + 1)) || exit 2
    lim=$1 out=$2 err=$3
    shift 3
    exec nice -n 10 timeout -k 5 $((lim * 10)) "$@" >"$out" 2>"$err" </dev/null
  ' run "$limit" "$out" "$err" "$@"; echo "rc $?" >&2; } 2>&1 >/dev/null)
  rc=$(sed -n 's/^rc //p' <<<"$t")
  secs=$(grep -v '^rc ' <<<"$t" | tail -1 | awk '{printf "%.2f", $1 + $2}')
}

# limited RC: whether exit status RC says a limit stopped the run.
limited() { [ "$1" = 124 ] || [ "$1" = 137 ] || [ "$1" = 152 ]; }

# states FILE.aut: the states of an .aut's header ("" if none); the
# initial state of a probabilistic .aut is a distribution, "0 1/2 1",
# sometimes of thousands of characters.
states() {
  head -1 "$1" 2>/dev/null | sed -nE 's/^des *\([^,]*, *[0-9]+ *, *([0-9]+) *\).*/\1/p'
}

# figures FILE.aut: the figures compared, one "name=value" a line.
figures() {
  "$summary" --summary "$1" | tr -d ' ",' |
    grep -E '^(states|transitions|labels|label_sha|out_sha|in_sha):' | tr : =
}

# ourerror FILE: the first line of our error output that is an error (not
# a warning, not the closing summary).
ourerror() {
  grep -v -e '^Done with' -e '^State space generation failed' -e 'warning' "$1" |
    grep -m1 . | sed "s|$lps|mcrl2.lps|g" | cut -c1-300
}

# ours BOUND...: our lps2lts on $lps with the options BOUND; sets rc,
# osecs, ostates and tmp (its folder: err, ours.aut).
ours() {
  tmp=$work/ours
  rm -rf "$tmp" && mkdir -p "$tmp"
  run "$timeout" /dev/null "$tmp/err" "$bin" "$@" "$lps" "$tmp/ours.aut"
  osecs=$secs
  ostates=$(states "$tmp/ours.aut")
}

# firstline FILE: the first non-blank line of a tool's output.
firstline() { grep -m1 . "$1" | cut -c1-300; }

# reference LPS: mCRL2's lps2lts on LPS, cached by the file's hash and
# the bounds. Prints "status<TAB>seconds<TAB>states<TAB>detail<TAB>aut"
# (status: full, prefix, fails; aut: mCRL2's .aut of the run).
reference() {
  local lps=$1 key dir
  key=$(sha256sum "$lps" | cut -c1-32)-$timeout-$prefix
  dir=$work/cache/ref-$key
  if [ ! -f "$dir/result" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    run "$timeout" /dev/null "$dir/err" "$mcrl2/lps2lts" --cached "$lps" "$dir/ref.aut"
    if [ $rc = 0 ]; then
      printf 'full\t%s\t%s\t\n' "$secs" "$(states "$dir/ref.aut")" >"$dir/result"
    elif limited $rc; then
      run "$timeout" /dev/null "$dir/err" "$mcrl2/lps2lts" --cached -l "$prefix" "$lps" "$dir/ref.aut"
      if [ $rc = 0 ]; then
        printf 'prefix\t%s\t%s\t\n' "$secs" "$(states "$dir/ref.aut")" >"$dir/result"
      elif limited $rc; then
        printf 'fails\t%s\t\tlps2lts: timeout (%s s) on -l %s too\n' "$secs" "$timeout" "$prefix" >"$dir/result"
      else
        printf 'fails\t%s\t\tlps2lts -l %s: %s\n' "$secs" "$prefix" "$(firstline "$dir/err")" >"$dir/result"
      fi
    else
      printf 'fails\t%s\t\tlps2lts: %s\n' "$secs" "$(firstline "$dir/err")" >"$dir/result"
    fi
  fi
  printf '%s\t%s\n' "$(cat "$dir/result")" "$dir/ref.aut"
}

# linearise MCRL2 OPTS: mcrl22lps on the example, cached by the file's
# hash, the options and the limit (a timeout is a result too). Sets lps
# (the file) or linerr (why not).
linearise() {
  local spec=$1 opts=$2 key dir
  key=$(cat "$spec" <(echo "$opts") | sha256sum | cut -c1-32)-$lintimeout
  dir=$work/cache/lin-$key
  lps=$dir/mcrl2.lps
  linerr=
  if [ ! -f "$dir/result" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    # From the example's folder, as its run.py does.
    # shellcheck disable=SC2086 # opts is a list of options
    (cd "$(dirname "$spec")" && run "$lintimeout" /dev/null "$dir/err" "$mcrl2/mcrl22lps" $opts "$spec" "$lps"; echo "$rc" >"$dir/rc")
    if [ "$(cat "$dir/rc")" = 0 ]; then
      echo ok >"$dir/result"
    elif limited "$(cat "$dir/rc")"; then
      echo "mcrl22lps: timeout ($lintimeout s)" >"$dir/result"
    else
      # A crash (a segmentation fault) prints nothing: the status says it.
      echo "mcrl22lps: exit status $(cat "$dir/rc"): $(grep -v -e '^warning' "$dir/err" | grep -m1 . | cut -c1-300)" >"$dir/result"
    fi
  fi
  [ "$(cat "$dir/result")" = ok ] || linerr=$(cat "$dir/result")
}

mapfile -t specs < <(cd "$examples" && find examples -name '*.mcrl2' | LC_ALL=C sort)
: >"$work/summary.txt"
for optset in "${optsets[@]}"; do
  opts=$optset
  [ "$opts" = default ] && opts=
  tsv=$work/${optset// /}.tsv
  printf 'case\toptions\tclass\tmode\tdetail\tmcrl2_s\tours_s\tmcrl2_states\tours_states\n' >"$tsv"
  for spec in "${specs[@]}"; do
    name=ex.$(sed -E 's,^examples/,,; s,\.mcrl2$,,; s,/,.,g' <<<"$spec")
    if [ -n "$keep" ] && ! grep -qE -- "$keep" <<<"$name"; then continue; fi
    class= mode= detail= rsecs= osecs= rstates= ostates=
    linearise "$examples/$spec" "$opts"
    if [ -n "$linerr" ]; then
      class='mCRL2 fails' detail=$linerr
    else
      # A tab is blank to read, which would merge empty fields.
      IFS=$'\037' read -r mode rsecs rstates detail ref_aut < <(reference "$lps" | tr '\t' '\037')
      if [ "$mode" = fails ]; then
        # Ours still runs on the prefix: whether it would refuse the
        # model too is worth knowing.
        class='mCRL2 fails' mode=
        ours -l "$prefix"
        if limited $rc; then
          detail+="; ours -l $prefix: no end within $timeout s"
        elif [ $rc != 0 ]; then
          detail+="; ours -l $prefix: exit status $rc: $(ourerror "$tmp/err")"
        else
          detail+="; ours -l $prefix: ${ostates:-no} states"
        fi
      else
        bound=()
        [ "$mode" = prefix ] && bound=(-l "$prefix")
        ours "${bound[@]}"
        if limited $rc; then
          class='we are slow' detail="no end within $timeout s (mCRL2: $rsecs s)"
        elif [ $rc = 2 ]; then
          class='we refuse' detail=$(ourerror "$tmp/err")
        elif [ $rc != 0 ]; then
          class='we crash' detail="exit status $rc: $(ourerror "$tmp/err")"
        elif [ "$mode" = full ]; then
          diffs=$(diff <(figures "$ref_aut") <(figures "$tmp/ours.aut") | sed -nE 's/^> ([a-z_]+)=.*/\1/p' | paste -sd, -)
          if [ -z "$diffs" ]; then
            class=same
          else
            class=differs detail=$diffs
          fi
        else
          want=$rstates
          [ "$want" -gt "$prefix" ] && want=$prefix
          if [ -n "$ostates" ] && [ "$ostates" -ge "$want" ]; then
            class=same detail="$ostates states, mCRL2 $rstates"
          else
            class=differs detail="prefix: ${ostates:-no} states, want $want"
          fi
        fi
      fi
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$optset" "$class" "$mode" "$detail" "$rsecs" "$osecs" "$rstates" "$ostates" | tee -a "$tsv"
  done
  {
    echo "== $optset: classes"
    tail -n +2 "$tsv" | cut -f3 | sort | uniq -c | sort -rn
    echo "== $optset: refusals and failures by kind"
    tail -n +2 "$tsv" | awk -F'\t' '$3 != "same" && $3 != "differs" && $3 != "we are slow" {print $3 ": " $5}' |
      sed -E "s/\"[^\"]*\"/\"…\"/g; s/\\b[0-9]+\\b/N/g; s,/[^ :]*/,…/,g" | sort | uniq -c | sort -rn
    echo "== $optset: differences by figure"
    tail -n +2 "$tsv" | awk -F'\t' '$3 == "differs" {print $5}' | sed -E 's/\b[0-9]+\b/N/g' | sort | uniq -c | sort -rn
  } >>"$work/summary.txt"
done
cat "$work/summary.txt"
