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

func TestErrorsGoToStderrWithStatus1(t *testing.T) {
	var out, errb bytes.Buffer
	bad := strings.Replace(abp, "r1(b)", "r1(s)", 1)
	code := run([]string{"-"}, strings.NewReader(bad), &out, &errb)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	if out.Len() != 0 {
		t.Errorf("unexpected output %q", out.String())
	}
	want := "<stdin>:6:13: sort mismatch: expected Bool, found Pos"
	if got := strings.TrimSpace(errb.String()); got != want {
		t.Errorf("stderr = %q, want %q", got, want)
	}
	errb.Reset()
	if code := run([]string{filepath.Join(t.TempDir(), "missing.lps")}, nil, &out, &errb); code != 1 {
		t.Errorf("missing file: exit %d, want 1", code)
	}
}
