package mcrl2_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/lps/load"
)

// rewriteFile reads the binary file path, replaces the first term for
// which change returns a new one (children before parents: the innermost
// first), and returns the file written again. It fails the test when no
// term was changed.
func rewriteFile(t *testing.T, path string, change func(tb *aterm.Table, t *aterm.Term) *aterm.Term) []byte {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := aterm.Read(src)
	if err != nil {
		t.Fatal(err)
	}
	tb := aterm.NewTable()
	done := false
	var walk func(x *aterm.Term) *aterm.Term
	walk = func(x *aterm.Term) *aterm.Term {
		if x.IsInt {
			return tb.Int(x.Int)
		}
		args := make([]*aterm.Term, len(x.Args))
		for i, a := range x.Args {
			args[i] = walk(a)
		}
		y := tb.Appl(x.Sym.Name, args...)
		if x.Sym.Name == "<empty_list>" || x.Sym.Name == "<list_constructor>" {
			y = rebuildList(tb, x, args)
		}
		if !done {
			if z := change(tb, y); z != nil {
				done = true
				return z
			}
		}
		return y
	}
	var buf bytes.Buffer
	w := aterm.NewWriter(&buf)
	for _, o := range outs {
		if o.IsInt {
			w.WriteInt(o.Int)
			continue
		}
		w.Write(walk(o.Term))
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if !done {
		t.Fatal("no term was changed")
	}
	return buf.Bytes()
}

// rebuildList makes the list x with its arguments args through the
// table's list constructor (lists are not plain applications there).
func rebuildList(tb *aterm.Table, x *aterm.Term, args []*aterm.Term) *aterm.Term {
	if len(args) == 0 {
		return tb.List()
	}
	rest := args[1]
	var elems []*aterm.Term
	elems = append(elems, args[0])
	for rest.Sym.Name == "<list_constructor>" {
		elems = append(elems, rest.Args[0])
		rest = rest.Args[1]
	}
	return tb.List(elems...)
}

// listElems is the elements of the list term x.
func listElems(x *aterm.Term) []*aterm.Term {
	var out []*aterm.Term
	for x.Sym.Name == "<list_constructor>" {
		out = append(out, x.Args[0])
		x = x.Args[1]
	}
	return out
}

// TestForgedBinaryRefused: a binary file that states what the checker
// refuses in the text is refused too, naming the reason (the reader
// believed it: an assignment of the wrong sort or two assignments to one
// parameter gave an LTS, exit 0), and so is a name that would forge the
// structure of an output file.
func TestForgedBinaryRefused(t *testing.T) {
	abp := filepath.Join("..", "..", "examples", "abp.bin.lps")
	isList := func(x *aterm.Term, head string) bool {
		es := listElems(x)
		return len(es) > 0 && es[0].Sym.Name == head
	}
	boolTrue := func(tb *aterm.Table) *aterm.Term {
		return tb.Appl("OpIdNoIndex", tb.Appl("true"), tb.Appl("SortId", tb.Appl("Bool")))
	}
	for _, c := range []struct {
		name   string
		change func(tb *aterm.Table, x *aterm.Term) *aterm.Term
		want   string
	}{
		{"assignment of the wrong sort", func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if x.Sym.Name != "DataVarIdInit" || x.Args[0].Args[1].Args[0].Sym.Name == "Bool" {
				return nil
			}
			return tb.Appl("DataVarIdInit", x.Args[0], boolTrue(tb))
		}, "has sort Bool"},
		{"one parameter assigned twice", func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if !isList(x, "DataVarIdInit") {
				return nil
			}
			es := listElems(x)
			return tb.List(append([]*aterm.Term{es[0]}, es...)...)
		}, "assigned twice"},
		{"an action declared twice", func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if !isList(x, "ActId") {
				return nil
			}
			es := listElems(x)
			return tb.List(append([]*aterm.Term{es[0]}, es...)...)
		}, "declared twice"},
		{"a constructor declared twice (struct d1 | d1)", func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if !isList(x, "StructCons") {
				return nil
			}
			es := listElems(x)
			return tb.List(append([]*aterm.Term{es[0]}, es...)...)
		}, "declared twice"},
		{"a built-in function with another sort (== : D # D -> Pos)", func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if x.Sym.Name != "OpIdNoIndex" || x.Args[0].Sym.Name != "==" {
				return nil
			}
			arrow := x.Args[1]
			return tb.Appl("OpIdNoIndex", x.Args[0], tb.Appl("SortArrow", arrow.Args[0], tb.Appl("SortId", tb.Appl("Pos"))))
		}, "does not give it"},
		{"a quote in an action's name", func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if x.Sym.Name != "ActId" {
				return nil
			}
			return tb.Appl("ActId", tb.Appl(x.Args[0].Sym.Name+`",1)`+"\n(0,\"x"), x.Args[1])
		}, "which no mCRL2 name has"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := rewriteFile(t, abp, c.change)
			_, err := load.Read("forged.lps", src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
	// The file itself, written again unchanged, is read.
	if _, err := load.Read("abp.lps", rewriteFile(t, abp, func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
		if x.Sym.Name == "linear_process_specification" {
			return x
		}
		return nil
	})); err != nil {
		t.Fatalf("the unchanged file: %v", err)
	}
}

// TestSharedTermsRead: a file that shares a term many times is read once
// per term (mcrl22lps -lstack writes mCRL2's ERTMS example, 117 kB, as a
// tree of 5.6 million nodes, which the reader refused), while a file
// whose sharing stands for an endless tree is still refused, at once:
// later stages walk the IR as a tree.
func TestSharedTermsRead(t *testing.T) {
	abp := filepath.Join("..", "..", "examples", "abp.bin.lps")
	nest := func(depth int) func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
		return func(tb *aterm.Table, x *aterm.Term) *aterm.Term {
			if x.Sym.Name != "DataVarIdInit" {
				return nil
			}
			v, sort := x.Args[1], x.Args[0].Args[1]
			boolS := tb.Appl("SortId", tb.Appl("Bool"))
			ifOp := tb.Appl("OpIdNoIndex", tb.Appl("if"), tb.Appl("SortArrow", tb.List(boolS, sort, sort), sort))
			cond := tb.Appl("OpIdNoIndex", tb.Appl("true"), boolS)
			for range depth {
				v = tb.Appl("DataAppl", ifOp, cond, v, v) // both branches one shared term
			}
			return tb.Appl("DataVarIdInit", x.Args[0], v)
		}
	}
	if _, err := load.Read("shared.lps", rewriteFile(t, abp, nest(19))); err != nil {
		t.Errorf("a term shared 2^19 times (a tree of millions of nodes): %v", err)
	}
	if _, err := load.Read("bomb.lps", rewriteFile(t, abp, nest(60))); err == nil || !strings.Contains(err.Error(), "nodes") {
		t.Errorf("a tree of 2^60 nodes: %v, want a refusal", err)
	}
}
