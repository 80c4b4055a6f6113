package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A diamond of confluent ctau steps above a corner with a b-loop and an
// a-step back to the top; tau steps lead from the top to a deadlock.
const confluenceModel = `act ctau, a, b;
proc P(x: Bool, y: Bool, z: Bool) =
       (!x) -> ctau . P(x = true)
     + (!y) -> ctau . P(y = true)
     + (x && y) -> b . P()
     + (x && y && !z) -> a . P(x = false, y = false, z = true)
     + (!x && !y) -> tau . P(z = true)
     + delta;
init P(false, false, false);
`

func TestConfluenceFlag(t *testing.T) {
	dir, in := writeModel(t, confluenceModel)
	timed := filepath.Join(dir, "timed.lps")
	if err := os.WriteFile(timed, []byte("act ctau, a;\nproc P = ctau @ 1 . P() + a . P();\ninit P;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		head string // .aut header on stdout
		code int
		msg  string // in stderr
	}{
		// Unreduced: 8 states (z=true adds four: the a-step and tau lead there).
		{[]string{in, "-"}, "des (0,", 0, ""},
		{[]string{"-cctau", in, "-"}, "des (0,3,2)", 0, ""},
		{[]string{"-c", in, "-"}, "des (0,3,2)", 0, ""},
		{[]string{"--confluence", in, "-"}, "des (0,3,2)", 0, ""},
		{[]string{"--confluence=ctau", "-sd", in, "-"}, "des (0,3,2)", 0, ""},
		{[]string{"-cctau", "--cycle", in, "-"}, "des (0,3,2)", 1, "Cycle found"},
		{[]string{"-cctau", "-D", in, "-"}, "des (0,3,2)", 0, ""},
		// -ctau: the tau step from the top is confluent; the diamond stays.
		{[]string{"-ctau", "-D", in, "-"}, "des (0,", 0, ""},
		{[]string{"-cnone", in, "-"}, "des (0,", 0, "no summand has the confluence action none"},
		{[]string{"--confluence=", in}, "", 2, "needs an action name"},
		{[]string{"-cctau", timed}, "", 2, "time tag (@)"},
	} {
		code, stdout, stderr := lps2ltsLPS(tc.args...)
		if code != tc.code || !strings.HasPrefix(stdout, tc.head) || !strings.Contains(stderr, tc.msg) {
			t.Errorf("%v: exit %d, want %d; stdout %.40q; stderr %s", tc.args, code, tc.code, stdout, stderr)
		}
	}
}
