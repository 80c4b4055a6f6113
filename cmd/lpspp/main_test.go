package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const abp = `act  r1,s4: Bool;
     i;

proc P(s: Pos, b: Bool) =
       (s == 1) ->
         r1(b) .
         P(s = 2)
     + (s == 2) ->
         i .
         P(s = 1, b = !b)
     + delta;

init P(1, true);
`

func TestPrintsFileAndStdinIdempotently(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.lps")
	if err := os.WriteFile(path, []byte(abp), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{path}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if out.String() != abp {
		t.Errorf("output differs from input:\n%s", out.String())
	}
	var out2 bytes.Buffer
	if code := run([]string{"-"}, strings.NewReader(out.String()), &out2, &errb); code != 0 {
		t.Fatalf("stdin: exit %d: %s", code, errb.String())
	}
	if out2.String() != out.String() {
		t.Errorf("not idempotent")
	}
}

// TestErrorsGoToStderrWithStatus2: errors go to standard error, each
// line after "lpspp: ", with lps2lts's status for errors, 2.
func TestErrorsGoToStderrWithStatus2(t *testing.T) {
	var out, errb bytes.Buffer
	bad := strings.Replace(abp, "r1(b)", "r1(s)", 1)
	code := run(nil, strings.NewReader(bad), &out, &errb)
	if code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if out.Len() != 0 {
		t.Errorf("unexpected output %q", out.String())
	}
	want := "lpspp: stdin:6:13: sort mismatch: expected Bool, found Pos"
	if got := strings.TrimSpace(errb.String()); got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
	errb.Reset()
	missing := filepath.Join(t.TempDir(), "missing.lps")
	if code := run([]string{missing}, nil, &out, &errb); code != 2 || errb.String() != "lpspp: cannot open '"+missing+"' for reading: no such file or directory\n" {
		t.Errorf("missing file: exit %d, %q", code, errb.String())
	}
	errb.Reset()
	if code := run(nil, strings.NewReader("\n"), &out, &errb); code != 2 || errb.String() != "lpspp: stdin: the input is empty (no linear process specification)\n" {
		t.Errorf("empty input: exit %d, %q", code, errb.String())
	}
}

// TestMCRL2Interface: lpspp [INFILE [OUTFILE]] as mCRL2's lpspp: standard
// input without INFILE, standard output without OUTFILE or with '-',
// OUTFILE written only after the specification was read and checked,
// --help and --version on standard output, -q and -v, no subcommands.
func TestMCRL2Interface(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "m.lps")
	out := filepath.Join(dir, "out.txt")
	if err := os.WriteFile(in, []byte(abp), 0o644); err != nil {
		t.Fatal(err)
	}
	lpspp := func(stdin string, args ...string) (int, string, string) {
		var o, e bytes.Buffer
		code := run(args, strings.NewReader(stdin), &o, &e)
		return code, o.String(), e.String()
	}
	if code, stdout, stderr := lpspp("", in, out); code != 0 || stdout != "" || stderr != "" {
		t.Fatalf("INFILE OUTFILE: exit %d, %q, %q", code, stdout, stderr)
	}
	if data, _ := os.ReadFile(out); string(data) != abp {
		t.Errorf("OUTFILE holds %q", data)
	}
	if code, stdout, _ := lpspp(abp, "-", "-"); code != 0 || stdout != abp {
		t.Errorf("- -: exit %d, %q", code, stdout)
	}
	if code, stdout, _ := lpspp(abp); code != 0 || stdout != abp {
		t.Errorf("no arguments: exit %d, %q", code, stdout)
	}
	bad := strings.Replace(abp, "r1(b)", "r1(s)", 1)
	if code, _, _ := lpspp(bad, "-", out); code != 2 {
		t.Errorf("bad input: exit %d", code)
	}
	if data, _ := os.ReadFile(out); string(data) != abp {
		t.Errorf("OUTFILE after an error holds %q", data)
	}
	if code, _, stderr := lpspp("", "-v", in, out); code != 0 || stderr != "lpspp: printed "+in+" (3 summands) to "+out+"\n" {
		t.Errorf("-v: exit %d, %q", code, stderr)
	}
	if code, _, stderr := lpspp("", "-q", "-v", in, out); code != 0 || stderr != "" {
		t.Errorf("-q -v: exit %d, %q", code, stderr)
	}
	for _, arg := range []string{"--help", "-h", "--version"} {
		if code, stdout, stderr := lpspp("", arg); code != 0 || stdout == "" || stderr != "" {
			t.Errorf("%s: exit %d, %q, %q", arg, code, stdout, stderr)
		}
	}
	if code, _, stderr := lpspp("", in, out, "x"); code != 2 || !strings.Contains(stderr, "too many file names") {
		t.Errorf("three files: exit %d, %q", code, stderr)
	}
	t.Chdir(dir)
	for _, name := range []string{"completion", "help"} {
		if err := os.WriteFile(name, []byte(abp), 0o644); err != nil {
			t.Fatal(err)
		}
		if code, stdout, stderr := lpspp("", name); code != 0 || stdout != abp {
			t.Errorf("a file named %s: exit %d, %q, %q", name, code, stdout, stderr)
		}
	}
}

// TestOutfileIsInput: "lpspp b.lps b.lps" is refused and leaves the model
// as it was (it turned a binary model into its text).
func TestOutfileIsInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "m.lps")
	if err := os.WriteFile(path, []byte(abp), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := run([]string{path, filepath.Join(dir, ".", "m.lps")}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), "is the input file") {
		t.Errorf("exit %d, want 2 with a refusal: %s", code, errb.String())
	}
	if got, _ := os.ReadFile(path); string(got) != abp {
		t.Error("the model was changed")
	}
}
