#!/bin/sh
# Remakes the binary files and mCRL2's labels of the models here, with
# mCRL2 in ../shared/mcrl2/bin (run from the repository's root:
# lpsgen/testdata/internal/make.sh). For each NAME.mcrl2:
#   - mcrl22lps NAME.mcrl2 NAME.lps (default options);
#   - with a line "% rename: OLD=NEW ..." in NAME.mcrl2, rename (the Go
#     command beside this script) renames the model's sorts, constructors
#     and mappings OLD to mCRL2's internal symbols NEW in NAME.lps: those
#     mcrl22lps never leaves applied as a test needs them;
#   - mCRL2's lps2lts NAME.lps gives the LTS, and NAME.labels its number
#     of states and each label with its number of transitions.
set -e
bin=../shared/mcrl2/bin
dir=lpsgen/testdata/internal
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for m in $dir/*.mcrl2; do
	n=${m%.mcrl2}
	$bin/mcrl22lps -q "$m" "$tmp/pre.lps" || { echo "make.sh: $m: mcrl22lps failed" >&2; exit 1; }
	renames=$(sed -n 's/^% rename: //p' "$m")
	if [ -n "$renames" ]; then
		go run ./$dir/rename "$tmp/pre.lps" "$n.lps" $renames
	else
		cp "$tmp/pre.lps" "$n.lps"
	fi
	$bin/lps2lts -q "$n.lps" "$tmp/out.aut"
	{
		echo "# mCRL2's lps2lts on $(basename "$n").lps (made by make.sh): states, then labels with their transitions"
		head -1 "$tmp/out.aut" | sed 's/^des *(\([0-9]*\), *\([0-9]*\), *\([0-9]*\)).*/states \3/'
		grep -o '"[^"]*"' "$tmp/out.aut" | LC_ALL=C sort | uniq -c | sed 's/^ *//'
	} > "$n.labels"
done
