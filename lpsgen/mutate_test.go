package lpsgen

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/exploretest"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/visitor"
)

// mutationModels are the binary files FuzzMutateBinary mutates: mCRL2's
// files of small models, made by txt2lps and by mcrl22lps, whose text
// reads back to the same specification (testdata/binarysorts.lps holds
// sorts that its text leaves to the checker, which types them otherwise).
var mutationModels = []string{
	filepath.Join("..", "examples", "abp.bin.lps"),
	filepath.Join("testdata", "literals.lps"),
	filepath.Join("testdata", "comprehensions.lps"),
	filepath.Join("testdata", "setsbags.lps"),
}

// mutation changes one term of a binary file. The terms of the file are
// numbered in post-order (each shared term once); at and other pick two
// of them modulo their count.
type mutation struct {
	kind      byte // what to do to the term at: see mutate
	at, other uint16
}

// mutate returns the file's outputs with one term changed: replaced by
// another term of the file (kind 0: of any sort or shape), its arguments
// swapped (1), its last argument dropped (2), a name renamed to another
// name of the file (3), or the head of a list repeated (4). Sorts, arities
// and scopes are what such changes break; nil when the change leaves the
// term as it was.
func mutate(outs []aterm.Output, m mutation) []aterm.Output {
	var terms []*aterm.Term
	seen := map[*aterm.Term]bool{}
	var collect func(t *aterm.Term)
	collect = func(t *aterm.Term) {
		if seen[t] {
			return
		}
		seen[t] = true
		for _, a := range t.Args {
			collect(a)
		}
		terms = append(terms, t)
	}
	var names []*aterm.Term
	for _, o := range outs {
		if !o.IsInt {
			collect(o.Term)
		}
	}
	for _, t := range terms {
		if !t.IsInt && len(t.Args) == 0 && !strings.HasPrefix(t.Sym.Name, "<") {
			names = append(names, t)
		}
	}
	if len(terms) == 0 {
		return nil
	}
	target := terms[int(m.at)%len(terms)]
	other := terms[int(m.other)%len(terms)]
	tb := aterm.NewTable()
	var repl *aterm.Term
	switch m.kind % 5 {
	case 0:
		repl = other
	case 1:
		if len(target.Args) < 2 {
			return nil
		}
		args := append([]*aterm.Term(nil), target.Args...)
		i, j := int(m.other)%len(args), (int(m.other)+1)%len(args)
		args[i], args[j] = args[j], args[i]
		repl = &aterm.Term{Sym: target.Sym, Args: args}
	case 2:
		if len(target.Args) == 0 || strings.HasPrefix(target.Sym.Name, "<") {
			return nil
		}
		repl = tb.Appl(target.Sym.Name, target.Args[:len(target.Args)-1]...)
	case 3:
		if target.IsInt || len(target.Args) != 0 || len(names) == 0 {
			return nil
		}
		repl = names[int(m.other)%len(names)]
	case 4:
		if target.IsInt || target.Sym.Name != "<list_constructor>" {
			return nil
		}
		repl = tb.List(append([]*aterm.Term{target.Args[0]}, listOf(target)...)...)
	}
	if repl == target {
		return nil
	}
	// Rebuild every term above the target; the rest stays shared.
	memo := map[*aterm.Term]*aterm.Term{}
	var rebuild func(t *aterm.Term) *aterm.Term
	rebuild = func(t *aterm.Term) *aterm.Term {
		if t == target {
			return repl
		}
		if r, ok := memo[t]; ok {
			return r
		}
		r := t
		for i, a := range t.Args {
			if b := rebuild(a); b != a {
				if r == t {
					r = &aterm.Term{Sym: t.Sym, Args: append([]*aterm.Term(nil), t.Args...)}
				}
				r.Args[i] = b
			}
		}
		memo[t] = r
		return r
	}
	out := make([]aterm.Output, len(outs))
	for i, o := range outs {
		out[i] = o
		if !o.IsInt {
			out[i].Term = rebuild(o.Term)
		}
	}
	return out
}

// listOf is the elements of a list term.
func listOf(t *aterm.Term) []*aterm.Term {
	var out []*aterm.Term
	for !t.IsInt && t.Sym.Name == "<list_constructor>" && len(t.Args) == 2 {
		out = append(out, t.Args[0])
		t = t.Args[1]
	}
	return out
}

// writeOutputs writes outs as a binary ATerm stream.
func writeOutputs(outs []aterm.Output) ([]byte, error) {
	var buf bytes.Buffer
	w := aterm.NewWriter(&buf)
	for _, o := range outs {
		if o.IsInt {
			w.WriteInt(o.Int)
		} else {
			w.Write(o.Term)
		}
	}
	err := w.Close()
	return buf.Bytes(), err
}

// mutantStates bounds the exploration of an accepted mutant.
const mutantStates = 60

// FuzzMutateBinary mutates mCRL2 binary files at the term level (not
// bytes, which the stream's reader mostly refuses before the LPS reader
// sees them) and checks what the reader makes of them: never a panic; a
// file it accepts is well sorted throughout (wellSorted: every argument
// of the sort its function takes, every assignment of its parameter's
// sort, every condition Bool; a forged file the reader believed failed
// here), it prints, and where the text checker accepts the print, the
// file and its text explore to the same LTS (their first states). The
// text may be refused: a binary file tells variables and functions apart
// by sort where the text has only names.
func FuzzMutateBinary(f *testing.F) {
	var models [][]aterm.Output
	for _, name := range mutationModels {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		outs, err := aterm.Read(src)
		if err != nil {
			f.Fatal(err)
		}
		models = append(models, outs)
	}
	for i := range models {
		for k := range byte(5) {
			f.Add(byte(i), k, uint16(7*i+11*int(k)), uint16(3*i+5*int(k)))
		}
	}
	f.Fuzz(func(t *testing.T, model, kind byte, at, other uint16) {
		outs := mutate(models[int(model)%len(models)], mutation{kind, at, other})
		if outs == nil {
			return
		}
		src, err := writeOutputs(outs)
		if err != nil {
			return // a term the stream cannot hold (an arity past its bounds)
		}
		spec, err := load.Read("mutant.lps", src)
		if err != nil {
			return
		}
		var text bytes.Buffer
		if err := spec.Format(&text); err != nil {
			t.Fatalf("an accepted file cannot be printed: %v", err)
		}
		if err := wellSorted(spec); err != nil {
			t.Fatalf("the binary reader accepted an ill-sorted file: %v\n%s", err, text.String())
		}
		fromText, err := load.Text("mutant.txt", text.Bytes())
		if err != nil {
			return
		}
		bin, binErr := mutantAut(spec)
		txt, txtErr := mutantAut(fromText)
		switch {
		case binErr != nil || txtErr != nil:
			// A search that fails (a sum past the bound, a rewrite that
			// does not end) may fail on a different state of the two;
			// that both fail is what counts.
			if (binErr == nil) != (txtErr == nil) {
				t.Fatalf("the binary file explores with error %v, its text with %v\n%s", binErr, txtErr, text.String())
			}
		case bin != txt && !mcrl2Agrees(t, src, bin):
			t.Fatalf("the binary file and its text give different LTSs, and mCRL2 does not side with the file:\n%s\n---\n%s\n---\n%s", bin, txt, text.String())
		}
	})
}

// mcrl2Lps2lts is mCRL2's lps2lts beside the repository, the arbiter
// when a mutant and its text disagree.
var mcrl2Lps2lts = filepath.Join("..", "..", "shared", "mcrl2", "bin", "lps2lts")

// mcrl2Agrees reports whether mCRL2's lps2lts gives the mutant file src
// the LTS aut (compared by counts and the sorted labels; state numbers
// may differ): the text form cannot state every overload a binary file
// can (a set operation typed at a mixed Set # FSet overload), so a file
// and its text may rightly differ. Without mCRL2, or where it fails or
// finds more states than the explored prefix, it cannot tell: the
// input is skipped.
func mcrl2Agrees(t *testing.T, src []byte, aut string) bool {
	if _, err := os.Stat(mcrl2Lps2lts); err != nil {
		t.Skip("the file and its text differ; no mCRL2 beside the repository to judge")
	}
	var trans, states int
	fmt.Sscanf(aut, "des (0,%d,%d)", &trans, &states)
	if states >= mutantStates {
		t.Skip("the file and its text differ on a prefix, which mCRL2's LTS cannot judge")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.lps"), filepath.Join(dir, "m.aut")
	if err := os.WriteFile(in, src, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := exec.CommandContext(ctx, mcrl2Lps2lts, "-q", in, out).Run(); err != nil {
		t.Skip("mCRL2 cannot explore the mutant either")
	}
	theirs, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return autShape(string(theirs)) == autShape(aut)
}

// autShape is an .aut file's header counts and its sorted labels.
func autShape(aut string) string {
	lines := strings.Split(strings.TrimSpace(aut), "\n")
	if len(lines) == 0 {
		return ""
	}
	head := strings.Join(strings.Fields(lines[0]), "")
	var labels []string
	for _, l := range lines[1:] {
		if i, j := strings.IndexByte(l, '"'), strings.LastIndexByte(l, '"'); i >= 0 && j > i {
			labels = append(labels, l[i+1:j])
		}
	}
	slices.Sort(labels)
	return head + "\n" + strings.Join(labels, "\n")
}

// wellSorted checks the sorts of a specification throughout: the
// arguments of every application, action and assignment, the
// conditions, times and probabilities, the bodies of binders.
func wellSorted(spec *lps.Spec) error {
	var err error
	fail := func(format string, args ...any) {
		if err == nil {
			err = fmt.Errorf(format, args...)
		}
	}
	var expr func(e lps.Expr)
	expr = func(e lps.Expr) {
		switch e := e.(type) {
		case *lps.App:
			expr(e.Head)
			hs := e.Head.Sort()
			if hs.Kind != lps.SortFunc || len(hs.Domain) != len(e.Args) {
				fail("%v applied to %d arguments", hs, len(e.Args))
				return
			}
			for i, a := range e.Args {
				expr(a)
				if a.Sort() != hs.Domain[i] && !e.Implicit {
					fail("argument %d of %v has sort %v", i+1, hs, a.Sort())
				}
			}
		case *lps.Binder:
			expr(e.Body)
			want := map[lps.BinderKind]lps.SortKind{lps.Forall: lps.SortBool, lps.Exists: lps.SortBool, lps.SetComp: lps.SortBool, lps.BagComp: lps.SortNat}
			if k, ok := want[e.Kind]; ok && e.Body.Sort().Kind != k {
				fail("a binder's body of sort %v", e.Body.Sort())
			}
		case *lps.Where:
			for _, d := range e.Defs {
				expr(d.Value)
				if d.Value.Sort() != d.Var.S {
					fail("where %s: %v = a %v", d.Var.Name, d.Var.S, d.Value.Sort())
				}
			}
			expr(e.Body)
		case *lps.ListEnum, *lps.SetEnum, *lps.BagEnum:
			var elems []lps.Expr
			switch e := e.(type) {
			case *lps.ListEnum:
				elems = e.Elems
			case *lps.SetEnum:
				elems = e.Elems
			case *lps.BagEnum:
				elems = append(append(elems, e.Elems...), e.Counts...)
			}
			for _, x := range elems {
				expr(x)
			}
		}
	}
	typed := func(e lps.Expr, s *lps.Sort, what string) {
		if e == nil {
			return
		}
		expr(e)
		if e.Sort() != s {
			fail("%s of sort %v, not %v", what, e.Sort(), s)
		}
	}
	real := &lps.Sort{Kind: lps.SortReal}
	for _, sm := range spec.Summands {
		if sm.Cond != nil {
			typed(sm.Cond, sm.Cond.Sort(), "a condition")
			if sm.Cond.Sort().Kind != lps.SortBool {
				fail("a condition of sort %v", sm.Cond.Sort())
			}
		}
		if sm.Time != nil && sm.Time.Sort().Kind != real.Kind {
			fail("a time of sort %v", sm.Time.Sort())
		}
		for _, a := range sm.Actions {
			if len(a.Args) != len(a.Decl.Sorts) {
				fail("action %s with %d arguments", a.Decl.Name, len(a.Args))
				continue
			}
			for i, x := range a.Args {
				typed(x, a.Decl.Sorts[i], "an argument of "+a.Decl.Name)
			}
		}
		seen := map[*lps.Var]bool{}
		for _, as := range sm.Assignments {
			if seen[as.Param] {
				fail("%s assigned twice", as.Param.Name)
			}
			seen[as.Param] = true
			typed(as.Value, as.Param.S, "the value of "+as.Param.Name)
		}
	}
	for i, v := range spec.Init {
		typed(v, spec.Params[i].S, "the initial value of "+spec.Params[i].Name)
	}
	return err
}

// mutantAut explores the first states of spec with a small bound on
// enumeration, so that a mutant with an infinite sum fails fast, and
// returns its .aut.
func mutantAut(spec *lps.Spec) (string, error) {
	g, err := New(spec, Options{EnumLimit: 1 << 12})
	if err != nil {
		return "", err
	}
	x := explore.New(g, exploretest.WithStore(explore.Options{MaxStates: mutantStates}))
	var out strings.Builder
	aw := visitor.NewAutWriter(&out, g.Labels())
	x.AddVisitor(aw)
	r, err := x.Run()
	if err != nil {
		return "", err
	}
	if err := aw.Close(r); err != nil {
		return "", err
	}
	return out.String(), nil
}
