package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/internal/corpus"
)

const smallModel = `act a, b: Nat;
proc P(n: Nat) = (n < 3) -> a(n) . P(n = n + 1) + (n == 3) -> b(n) . P(n = 0);
init P(0);
`

const stochasticModel = `act a;
proc P(b: Bool) = a . dist c: Bool[1 / 2] . P(b = c);
init P(true);
`

// timedStochasticModel has time tags and a distribution: its .lts is
// refused.
const timedStochasticModel = `act a;
proc P(n: Nat) = (n < 2) -> a @ 1 . dist b: Bool[1/2] . P(n = n + 1);
init P(0);
`

// TestNeverLoseAFile: every run that cannot write its output fails before
// touching a file, and a failed run leaves an existing OUTFILE as it was.
func TestNeverLoseAFile(t *testing.T) {
	dir, in := writeModel(t, smallModel)
	_, stoch := writeModel(t, stochasticModel)
	_, timedIn := writeModel(t, timedStochasticModel)
	old := filepath.Join(dir, "old.fsm")
	keep := "precious\n"
	if err := os.WriteFile(old, []byte(keep), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"no extension", []string{in, filepath.Join(dir, "noext")}, "cannot tell the output format"},
		{"empty extension", []string{in, filepath.Join(dir, "out.")}, "cannot tell the output format"},
		{"unknown extension", []string{in, filepath.Join(dir, "out.txt")}, "'txt' is not supported"},
		{"timed stochastic to lts", []string{timedIn, filepath.Join(dir, "out.lts")}, "not supported for timed stochastic"},
		{"unknown trace format", []string{"--trace-format=xml", in, old}, "illegal argument 'xml'"},
		{"output is input", []string{"-o", "aut", in, in}, "is the input file"},
		{"stochastic to fsm", []string{stoch, old}, "not supported for stochastic"},
		{"unknown action", []string{"-a", "c", in, old}, "'c' is not an action"},
		{"unknown rewriter", []string{"-r", "fast", in, old}, "illegal argument 'fast'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, _ := os.ReadDir(dir)
			code, _, stderr := lps2ltsLPS(c.args...)
			if code != 2 || !strings.Contains(stderr, c.want) {
				t.Fatalf("exit %d, want 2 and %q: %s", code, c.want, stderr)
			}
			if strings.Contains(stderr, "panic") {
				t.Fatal(stderr)
			}
			after, _ := os.ReadDir(dir)
			if len(after) != len(before) {
				t.Errorf("files before %d, after %d", len(before), len(after))
			}
			if data, _ := os.ReadFile(old); string(data) != keep {
				t.Errorf("old.fsm is now %q", data)
			}
			if data, _ := os.ReadFile(in); string(data) != smallModel {
				t.Errorf("the input is now %q", data)
			}
		})
	}
}

// TestFailedRunKeepsOldOutput: a run that fails during the search leaves
// an existing OUTFILE unchanged (the error comes before the summary), and
// a successful run replaces it with a file ending in a newline.
func TestFailedRunKeepsOldOutput(t *testing.T) {
	dir, in := writeModel(t, infiniteSum)
	out := filepath.Join(dir, "m.aut")
	if err := os.WriteFile(out, []byte("old\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := lps2ltsLPS("--enum-limit=1000", in, out)
	if code != 2 || !strings.Contains(stderr, "was left as it was") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if e, d := strings.Index(stderr, "does not finish"), strings.Index(stderr, "State space generation failed"); e < 0 || d < e {
		t.Errorf("the error should come before the summary:\n%s", stderr)
	}
	if data, _ := os.ReadFile(out); string(data) != "old\n" {
		t.Errorf("m.aut is now %q", data)
	}
	_, good := writeModel(t, smallModel)
	if code, _, stderr := lps2ltsLPS(good, out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, _ := os.ReadFile(out)
	if !strings.HasPrefix(string(data), "des (0,4,4)") || !strings.HasSuffix(string(data), ")\n") {
		t.Errorf("m.aut is %q", data)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want the old file's 0640", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestMCRL2Options: mCRL2's option names are accepted with their meaning.
func TestMCRL2Options(t *testing.T) {
	dir, in := writeModel(t, smallModel)
	timings := filepath.Join(dir, "t.yaml")
	for _, args := range [][]string{
		{"-r", "jittyc", in},
		{"--rewriter=jittyp", "-d", "--suppress", in},
		{"--log-level=verbose", "--save-at-end", "--no-info", "--control-flow", in, filepath.Join(dir, "x.fsm")},
		{"--timings=" + timings, in},
	} {
		if code, _, stderr := lps2ltsLPS(args...); code != 0 {
			t.Errorf("%v: exit %d: %s", args, code, stderr)
		}
	}
	stats := filepath.Join(dir, "s.json")
	if code, _, stderr := lps2ltsLPS("--stats="+stats, "--store=comback", in); code != 0 {
		t.Errorf("--stats: exit %d: %s", code, stderr)
	}
	var st runStats
	if data, err := os.ReadFile(stats); err != nil || json.Unmarshal(data, &st) != nil || st.States != 4 || st.Transitions != 4 || !st.Complete || st.Store != "comback" || st.StoreBytes == 0 {
		t.Errorf("--stats: %s, %v", data, err)
	}
	if data, err := os.ReadFile(timings); err != nil || !strings.Contains(string(data), "tool: lps2lts") {
		t.Errorf("timings: %q, %v", data, err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "x.fsm")); !strings.HasPrefix(string(data), "---\n\n") {
		t.Errorf("--no-info .fsm starts %q", data[:min(len(data), 20)])
	}
	if code, stdout, _ := lps2ltsLPS("--version"); code != 0 || !strings.HasPrefix(stdout, "lps2lts ") {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
	// Without INFILE the specification comes from standard input.
	f, err := os.Open(in)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stdin := os.Stdin
	os.Stdin = f
	code, _, stderr := lps2ltsLPS()
	os.Stdin = stdin
	if code != 0 || !strings.Contains(stderr, "4 states") {
		t.Errorf("standard input: exit %d: %s", code, stderr)
	}
	if got := multiActionNames("a(1, f(2))|b | c(x)"); strings.Join(got, ",") != "a,b,c" {
		t.Errorf("multiActionNames: %v", got)
	}
}

// TestBinaryFromStdin: an LPS in mCRL2's binary format is read from a file
// and from standard input alike.
func TestBinaryFromStdin(t *testing.T) {
	bin := filepath.Join(corpus.Dir(), "plain", "merc.onebit", "mcrl2.lps")
	if corpus.Dir() == "" || !fileExists(bin) {
		t.Skip("no reference corpus at ../shared/corpus beside the repository (it lives outside it)")
	}
	code, _, fromFile := lps2ltsLPS(bin)
	f, err := os.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	stdin := os.Stdin
	os.Stdin = f
	code2, _, fromStdin := lps2ltsLPS("-")
	os.Stdin = stdin
	if code != 0 || code2 != 0 || fromFile != fromStdin || !strings.Contains(fromFile, "Done with state space generation") {
		t.Errorf("file: exit %d %q; stdin: exit %d %q", code, fromFile, code2, fromStdin)
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestOutfileSymlink: OUTFILE a symbolic link writes the file it names,
// as open(2) would, and the link stays (it was replaced by a regular file
// while its target kept the old content); a link to a file still to be
// made creates that file; a link to INFILE is refused.
func TestOutfileSymlink(t *testing.T) {
	dir, in := writeModel(t, smallModel)
	target := filepath.Join(dir, "target.aut")
	link := filepath.Join(dir, "link.aut")
	if err := os.WriteFile(target, []byte("old\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("target.aut", link); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := lps2ltsLPS(in, link); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("link.aut is no longer a symbolic link: %v", err)
	}
	if data, _ := os.ReadFile(target); !strings.HasPrefix(string(data), "des (0,4,4)") {
		t.Errorf("target.aut is %q", data)
	}
	if st, _ := os.Stat(target); st.Mode().Perm() != 0o600 {
		t.Errorf("target.aut has mode %v, want its old 0600", st.Mode().Perm())
	}
	fresh := filepath.Join(dir, "sub", "fresh.aut")
	os.Mkdir(filepath.Dir(fresh), 0o755)
	dangling := filepath.Join(dir, "dangling.aut")
	if err := os.Symlink(filepath.Join("sub", "fresh.aut"), dangling); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := lps2ltsLPS(in, dangling); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if data, _ := os.ReadFile(fresh); !strings.HasPrefix(string(data), "des (0,4,4)") {
		t.Errorf("sub/fresh.aut is %q", data)
	}
	toInput := filepath.Join(dir, "in.aut")
	if err := os.Symlink(in, toInput); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := lps2ltsLPS(in, toInput); code != 2 || !strings.Contains(stderr, "is the input file") {
		t.Errorf("link to INFILE: exit %d: %s", code, stderr)
	}
	noTemporaryFiles(t, dir)
	noTemporaryFiles(t, filepath.Dir(fresh))
}

// TestOutfileMissingFolder: the error names OUTFILE, not its temporary
// name.
func TestOutfileMissingFolder(t *testing.T) {
	dir, in := writeModel(t, smallModel)
	out := filepath.Join(dir, "nodir", "x.aut")
	code, _, stderr := lps2ltsLPS(in, out)
	want := "lps2lts: cannot open '" + out + "' for writing: no such file or directory\n"
	if code != 2 || stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
}

// noTemporaryFiles asserts that dir holds no temporary output.
func noTemporaryFiles(t *testing.T, dir string) {
	t.Helper()
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

// TestStdoutIsAFile: OUTFILE '-' with standard output redirected to a
// file that already holds text appends the LTS after it (the .aut header
// was written over the start of the file, and the output ended padded).
func TestStdoutIsAFile(t *testing.T) {
	_, in := writeModel(t, model)
	f, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	f.WriteString("earlier output\n")
	var stderr strings.Builder
	if code := runWith(loadGraph, []string{in, "-"}, f, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	data, _ := os.ReadFile(f.Name())
	if !strings.HasPrefix(string(data), "earlier output\ndes (0,6,5)\n(0,\"a\",1)\n") {
		t.Errorf("stdout file holds %q", data)
	}
}

// TestWrittenFilesGuarded: no file a run writes (OUTFILE, --stats,
// --timings, --cpuprofile, --memprofile) may be INFILE or another of
// them; each such run is refused before anything is written, and the
// model is left as it was (--stats=m.lps replaced the model with JSON,
// --timings=m.lps appended YAML to it, --cpuprofile=m.lps overwrote it).
func TestWrittenFilesGuarded(t *testing.T) {
	for _, args := range [][]string{
		{"--stats=IN", "IN", "DIR/out.aut"},
		{"--stats=DIR/out.aut", "IN", "DIR/out.aut"},
		{"--timings=IN", "IN"},
		{"--cpuprofile=IN", "IN"},
		{"--memprofile=IN", "IN"},
		{"--stats=DIR/s.json", "--timings=DIR/./s.json", "IN"},
		{"--cpuprofile=DIR/p", "--memprofile=DIR/p", "IN"},
	} {
		dir, in := writeModel(t, model)
		os.WriteFile(filepath.Join(dir, "out.aut"), []byte("old"), 0o644)
		var a []string
		for _, s := range args {
			s = strings.ReplaceAll(s, "IN", in)
			a = append(a, strings.ReplaceAll(s, "DIR", dir))
		}
		code, _, stderr := lps2lts(a...)
		if code != 2 || !strings.Contains(stderr, "refusing") {
			t.Errorf("%v: exit %d, want 2 with a refusal: %s", args, code, stderr)
		}
		if got, _ := os.ReadFile(in); string(got) != model {
			t.Errorf("%v: the model was changed", args)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "out.aut")); string(got) != "old" {
			t.Errorf("%v: OUTFILE was changed", args)
		}
	}
}

// TestFiguresWriteFails: a --stats or --timings file that cannot be
// written fails the run with exit 2 (it exited 0); the LTS is written.
func TestFiguresWriteFails(t *testing.T) {
	for _, opt := range []string{"--stats", "--timings"} {
		dir, in := writeModel(t, model)
		code, _, stderr := lps2lts(opt+"="+filepath.Join(dir, "no", "such", "folder"), in, filepath.Join(dir, "m.aut"))
		if code != 2 || !strings.Contains(stderr, opt+":") {
			t.Errorf("%s: exit %d, want 2 naming the option: %s", opt, code, stderr)
		}
		if _, err := os.Stat(filepath.Join(dir, "m.aut")); err != nil {
			t.Errorf("%s: the LTS was not written: %v", opt, err)
		}
	}
}

// TestNegativeLimits: --enum-limit, --max-memory and --cache-kb take no
// negative value (--enum-limit=-1 then called a two-value sum probably
// infinite).
func TestNegativeLimits(t *testing.T) {
	_, in := writeModel(t, model)
	for _, opt := range []string{"--enum-limit=-1", "--max-memory=-1", "--cache-kb=-1"} {
		code, _, stderr := lps2lts(opt, in)
		if code != 2 || !strings.Contains(stderr, "non-negative") {
			t.Errorf("%s: exit %d, want 2: %s", opt, code, stderr)
		}
	}
}
