package ltsfile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lps/mcrl2"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/store"
	"github.com/lps2lts/lps2lts/termcodec"
)

// termValues has parameters of every kind of value the encoder writes.
const termValues = `sort D = struct d1 | d2(n: Nat) | d3(x: Int, r: Real);
map q: Nat -> D;
act a: Nat;
proc P(k: Nat, i: Int, x: Real, l: List(D), s: Set(Nat), b: Bag(Bool), fb: FBag(Nat), fs: FSet(Int), f: Nat -> D, g: Nat -> Bool, h: Nat -> Set(Nat)) =
     (k < 4) -> a(k) . P(k = k + 1, i = i - 3 * k, x = x / 3 + 1, l = d3(i, x) |> l,
        s = !s + {k}, b = b + {k mod 2 == 0: k + 1}, fb = fb + {k: 2}, fs = fs + {i},
        f = f[k -> d2(k * 18446744073709551615)], g = lambda m: Nat. m > k, h = lambda m: Nat. {m, k})
   + (k == 4) -> a(k) . P(k = 5, s = {m: Nat | m mod 2 == 0}, b = Set2Bag({true}) + b, x = -x);
init P(0, -2, 1/7, [], {}, {:}, {:}, {}, q, lambda m: Nat. false, lambda m: Nat. {});
`

// TestTermsAcrossRewriters writes the values of every state of a model
// (the first 300 of each corpus model but the stochastic ones, from its
// text and from mCRL2's binary file) in mCRL2's term format from the rewriter that made them
// and, moved by the term codec as a checkpoint or another process moves
// them, from a rewriter of its own reading of the file: the two must
// write the same term, or an .lts file would depend on term ids.
func TestTermsAcrossRewriters(t *testing.T) {
	models := map[string][]byte{"values.lps": []byte(termValues)}
	if dir := corpus.Dir(); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "*", "*", "model.lps"))
		for _, f := range files {
			if filepath.Base(filepath.Dir(filepath.Dir(f))) == "stochastic" {
				continue // a stochastic generator's job (package stochastic)
			}
			for _, name := range []string{f, filepath.Join(filepath.Dir(f), "mcrl2.lps")} {
				src, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				models[name] = src
			}
		}
	}
	for name, src := range models {
		t.Run(filepath.Base(filepath.Dir(name))+"/"+filepath.Base(name), func(t *testing.T) {
			load2 := func() (*lpsgen.Generator, *termEncoder, *termcodec.Codec) {
				spec, err := load.Read(name, src)
				if err != nil {
					t.Fatal(err)
				}
				g, err := lpsgen.New(spec, lpsgen.Options{})
				if err != nil {
					t.Fatal(err)
				}
				return g, newTermEncoder(g.Rewriter(), mcrl2.NewEncoder(aterm.NewTable())), termcodec.New(g.Rewriter())
			}
			g1, te1, c1 := load2()
			_, te2, c2 := load2()
			values := 0
			x := explore.New(g1, explore.Options{MaxStates: 300, Store: store.NewTableStore(g1.Width())})
			x.AddVisitor(&termsVisitor{check: func(v rewrite.Term) {
				values++
				a, err := te1.Encode(v)
				if err != nil {
					t.Fatal(err)
				}
				enc, err := c1.AppendTerm(nil, v)
				if err != nil {
					t.Fatal(err)
				}
				w, _, err := c2.DecodeTerm(enc)
				if err != nil {
					t.Fatal(err)
				}
				if b, err := te2.Encode(w); err != nil || b.String() != a.String() {
					t.Fatalf("%s in mCRL2's term format: %v, but %v (%v) from the second rewriter", g1.Rewriter().String(v), a, b, err)
				}
			}})
			if _, err := x.Run(); err != nil {
				t.Fatal(err)
			}
			if values == 0 && g1.Width() > 0 {
				t.Fatal("no values checked")
			}
		})
	}
}

type termsVisitor struct {
	explore.NopVisitor
	check func(rewrite.Term)
}

func (v *termsVisitor) StartState(_ explore.StateID, state []uint32) {
	for _, t := range state {
		v.check(rewrite.Term(t))
	}
}
