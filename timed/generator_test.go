package timed

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/visitor"
)

// exploreText parses an LPS, explores it breadth-first and returns its .aut
// text, or the error of construction or exploration.
func exploreText(t *testing.T, src string) (string, error) {
	t.Helper()
	spec, err := load.Text("test.lps", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v", err)
	}
	base, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		return "", err
	}
	var g explore.Generator = base
	if IsTimed(spec) {
		if g, err = New(base); err != nil {
			return "", err
		}
	}
	x := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())})
	var out bytes.Buffer
	w := visitor.NewAutWriter(&out, g.Labels())
	x.AddVisitor(w)
	res, err := x.Run()
	if err != nil {
		return "", err
	}
	if err := w.Close(res); err != nil {
		t.Fatal(err)
	}
	return out.String(), nil
}

func TestTimedExploration(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{
			// A time tag equal to the stamp is refused (strictly later
			// only): tick @ 0 from the initial stamp 0, and b @ 1 after
			// a @ 1.
			name: "equal times",
			src: `act a, b, tick;
proc P(n: Nat) = (n == 0) -> tick @ 0 . P(n = 1)
	+ (n == 0) -> a @ 1 . P(n = 2)
	+ (n == 2) -> b @ 1 . P(n = 3)
	+ (n == 2) -> b @ 2 . P(n = 4);
init P(0);`,
			want: `des (0,2,3)
(0,"a @ 1",1)
(1,"b @ 2",2)
`,
		},
		{
			// An untimed action keeps the stamp, so a later timed action
			// must still beat the earlier time; the stamp is part of the
			// state, so P(1) at times 1 and 2 are two states.
			name: "untimed keeps the stamp",
			src: `act a, b, c;
proc P(n: Nat) = (n == 0) -> a @ 1 . P(n = 1)
	+ (n == 0) -> a @ 2 . P(n = 1)
	+ (n == 1) -> b . P(n = 2)
	+ (n == 2) -> c @ (3 / 2) . P(n = 3);
init P(0);`,
			want: `des (0,5,6)
(0,"a @ 1",1)
(0,"a @ 2",2)
(1,"b",3)
(2,"b",4)
(3,"c @ (3 / 2)",5)
`,
		},
		{
			// Timed delta summands have no transitions; the time tag of
			// a delta summand alone does not make the process timed.
			name: "timed delta",
			src: `act a;
proc P(n: Nat) = (n < 2) -> a . P(n = n + 1) + delta @ 3;
init P(0);`,
			want: `des (0,2,3)
(0,"a",1)
(1,"a",2)
`,
		},
		{
			name: "data and time",
			src: `act out: Nat # Real;
proc P(t: Real) = (t < 1) -> out(1, t / 3) @ (t + 1 / 3) . P(t = t + 1 / 3);
init P(0);`,
			want: `des (0,3,4)
(0,"out(1, 0) @ (1 / 3)",1)
(1,"out(1, 1 / 9) @ (2 / 3)",2)
(2,"out(1, 2 / 9) @ 1",3)
`,
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := exploreText(t, c.src)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestTimedErrors(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{
			name: "Real sum variable",
			src: `act a: Real;
proc P(n: Nat) = sum r: Real . (r > 0 && r < 1) -> a(r) @ r . P();
init P(0);`,
			want: "summand 1: cannot enumerate elements of sort Real",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := exploreText(t, c.src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got error %v, want one containing %q", err, c.want)
			}
		})
	}
}

// TestTimedParallel: a timed process explored with 4 threads (forks with
// clocks of their own) gives the .aut of one thread byte for byte, on the
// timed example and the timed corpus cases; run under -race by CI.
func TestTimedParallel(t *testing.T) {
	files := []string{"../examples/timed.lps"}
	if dir := corpus.Dir(); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "timed", "*", "model.lps"))
		files = append(files, more...)
	}
	for _, f := range files {
		spec, err := load.File(f)
		if err != nil {
			t.Fatal(err)
		}
		run := func(threads int) (explore.Result, string) {
			base, err := lpsgen.New(spec, lpsgen.Options{})
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(base)
			if err != nil {
				t.Fatal(err)
			}
			opt := explore.Options{Threads: threads, MaxStates: 20000}
			if threads > 1 && !parallel(g, opt) {
				t.Fatalf("%s: a timed search with %d threads runs on one", f, threads)
			}
			return exploretest.Aut(t, g, opt)
		}
		r1, aut1 := run(1)
		r4, aut4 := run(4)
		if r1 != r4 || aut1 != aut4 {
			t.Errorf("%s: 1 thread %+v, 4 threads %+v; same .aut: %v", f, r1, r4, aut1 == aut4)
		}
	}
}

// parallel says whether a search of g with opt runs on several threads.
func parallel(g explore.Generator, opt explore.Options) bool {
	n, _ := explore.New(g, exploretest.WithStore(opt)).Threads()
	return n > 1
}
