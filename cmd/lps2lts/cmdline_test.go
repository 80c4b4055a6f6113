package main

import (
	"os"
	"strings"
	"testing"
)

// TestFileNamedLikeASubcommand: lps2lts has no subcommands, so a model
// file named completion, help or __complete is read like any other
// (cobra's Execute ran its completion command instead).
func TestFileNamedLikeASubcommand(t *testing.T) {
	dir, _ := writeModel(t, model)
	t.Chdir(dir)
	for _, name := range []string{"completion", "help", "__complete", "__completeNoDesc"} {
		if err := os.WriteFile(name, []byte(model), 0o644); err != nil {
			t.Fatal(err)
		}
		code, stdout, stderr := lps2lts(name, "-")
		if code != 0 || !strings.HasPrefix(stdout, "des (0,6,5)") || !strings.Contains(stderr, "5 states") {
			t.Errorf("%s: exit %d, stdout %.40q, stderr %s", name, code, stdout, stderr)
		}
	}
}

// TestOptionMessages: bad option arguments are named as mCRL2 names them,
// each option for itself, without Go's parser messages; -t NUM, which
// reads NUM as INFILE, says how to write it.
func TestOptionMessages(t *testing.T) {
	_, in := writeModel(t, model)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-l", "abc", in}, "lps2lts: argument 'abc' to option --max or -l is invalid (it takes a whole number)\n"},
		{[]string{"-l", "-5", in}, "lps2lts: argument '-5' to option --max or -l is invalid (it takes a non-negative number)\n"},
		{[]string{"--trace=-5", in}, "lps2lts: argument '-5' to option --trace or -t is invalid (it takes a non-negative number)\n"},
		{[]string{"--qlimit=-1", in}, "lps2lts: argument '-1' to option --qlimit or -Q is invalid (it takes a non-negative number)\n"},
		{[]string{in, "--max"}, "lps2lts: option --max or -l needs an argument\n"},
		{[]string{"-D", "-t", "3", in}, "lps2lts: INFILE '3' does not exist; -t takes its optional NUM attached: -t3 or --trace=3\n"},
		{[]string{"-D", "-t", "3", in, "x.aut"}, "-t takes its optional NUM attached: -t3 or --trace=3\n"},
		{[]string{in, "a.aut", "b.aut"}, "lps2lts: too many file names: '" + in + "', 'a.aut', 'b.aut' (lps2lts takes [INFILE [OUTFILE]])\n"},
	}
	for _, c := range cases {
		code, _, stderr := lps2lts(c.args...)
		if code != 2 || !strings.HasSuffix(stderr, c.want) || strings.Contains(stderr, "strconv") {
			t.Errorf("%q: exit %d, stderr %q, want 2 and %q", c.args, code, stderr, c.want)
		}
	}
}

// TestHelpAndVersionOnStdout: --help and --version write to standard
// output and exit 0.
func TestHelpAndVersionOnStdout(t *testing.T) {
	for _, arg := range []string{"--help", "-h", "--version"} {
		code, stdout, stderr := lps2lts(arg)
		if code != 0 || stdout == "" || stderr != "" {
			t.Errorf("%s: exit %d, stdout %.40q, stderr %q", arg, code, stdout, stderr)
		}
	}
}

// TestInputMessages: every line of an error about INFILE starts with
// "lps2lts:"; an empty input is said to be empty (it gave two lines about
// missing sections, the second without the prefix); a missing INFILE is
// named in mCRL2's words.
func TestInputMessages(t *testing.T) {
	dir, empty := writeModel(t, " \n")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{empty}, "lps2lts: " + empty + ": the input is empty (no linear process specification)\n"},
		{[]string{dir + "/none.lps"}, "lps2lts: cannot open '" + dir + "/none.lps' for reading: no such file or directory\n"},
		{[]string{dir}, "lps2lts: cannot read '" + dir + "': is a directory\n"},
	}
	for _, c := range cases {
		if code, _, stderr := lps2ltsLPS(c.args...); code != 2 || stderr != c.want {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, stderr, c.want)
		}
	}
	_, bad := writeModel(t, "act a;\nproc P(x: Pos) = b . P(x = 1);\n")
	code, _, stderr := lps2ltsLPS(bad)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	if code != 2 || len(lines) < 2 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "lps2lts: "+bad) {
			t.Errorf("line %q", l)
		}
	}
}
