package termcodec

import (
	"bytes"
	"encoding/hex"
	"flag"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
	"github.com/lps2lts/lps2lts/store"
)

// codecValues has parameters of every kind of value: numbers beyond a
// machine word, reals, lists, sets with a function part, bags, function
// updates, lambdas and structured values.
const codecValues = `sort D = struct d1 | d2(n: Nat) | d3(x: Int, r: Real);
map q: Nat -> D;
act a: Nat;
proc P(k: Nat, i: Int, x: Real, l: List(D), s: Set(Nat), b: Bag(Bool), fs: FSet(Int), f: Nat -> D, g: Nat -> Bool) =
     (k < 4) -> a(k) . P(k = k + 1, i = i - 3 * k, x = x / 3 + 1, l = d3(i, x) |> l,
        s = !s + {k}, b = b + {k mod 2 == 0: k + 1}, fs = fs + {i},
        f = f[k -> d2(k * 18446744073709551615)], g = lambda m: Nat. m > k)
   + (k == 4) -> a(k) . P(k = 5, s = {m: Nat | m mod 2 == 0}, x = -x);
init P(0, -2, 1/7, [], {}, {:}, {}, q, lambda m: Nat. false);
`

// TestCodecRoundTrip encodes every state of a model with one generator and
// decodes it with a generator of its own reading of the same file, as two
// processes of a distributed search would: the decoded states must encode
// to the same bytes, and their successors, computed by the second
// generator, to the bytes the first computes.
func TestCodecRoundTrip(t *testing.T) {
	models := map[string][]byte{"values.lps": []byte(codecValues)}
	for _, name := range []string{"abp.lps", "dining3.lps", "timed.lps"} {
		src, err := os.ReadFile(filepath.Join("..", "examples", name))
		if err != nil {
			t.Fatal(err)
		}
		models[name] = src
	}
	if dir := corpus.Dir(); dir != "" {
		files, _ := filepath.Glob(filepath.Join(dir, "data", "*", "model.lps"))
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			models[f] = src
		}
	}
	for name, src := range models {
		t.Run(filepath.Base(filepath.Dir(name))+"/"+filepath.Base(name), func(t *testing.T) {
			checkCodec(t, name, src)
		})
	}
}

func codecGenerator(t *testing.T, name string, src []byte) (*lpsgen.Generator, *Codec) {
	t.Helper()
	spec, err := load.Text(name, src)
	if err != nil {
		t.Fatal(err)
	}
	g, err := lpsgen.New(spec, lpsgen.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return g, New(g.Rewriter())
}

func encodeState(t *testing.T, c *Codec, state []uint32) []byte {
	t.Helper()
	var out []byte
	for _, v := range state {
		var err error
		if out, err = c.AppendTerm(out, rewrite.Term(v)); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func decodeState(t *testing.T, c *Codec, width int, enc []byte) []uint32 {
	t.Helper()
	state := make([]uint32, width)
	for i := range state {
		v, rest, err := c.DecodeTerm(enc)
		if err != nil {
			t.Fatal(err)
		}
		state[i], enc = uint32(v), rest
	}
	if len(enc) != 0 {
		t.Fatalf("%d bytes left over", len(enc))
	}
	return state
}

func checkCodec(t *testing.T, name string, src []byte) {
	g1, c1 := codecGenerator(t, name, src)
	g2, c2 := codecGenerator(t, name, src)
	// Warm the second rewriter up differently, so that term ids differ.
	if _, err := g2.Rewriter().Rewrite(g2.Rewriter().Translate(&lps.Number{Value: big.NewInt(12345), S: g2.Spec().SortTable.Pos}), nil); err != nil {
		t.Fatal(err)
	}
	states := 0
	x := explore.New(g1, explore.Options{MaxStates: 2000, Store: store.NewTableStore(g1.Width())})
	x.AddVisitor(&codecVisitor{t: t, g1: g1, g2: g2, c1: c1, c2: c2, count: &states})
	if _, err := x.Run(); err != nil {
		t.Fatal(err)
	}
	if states == 0 {
		t.Fatal("no states checked")
	}
}

type codecVisitor struct {
	explore.NopVisitor
	t      *testing.T
	g1, g2 *lpsgen.Generator
	c1, c2 *Codec
	count  *int
}

func (v *codecVisitor) StartState(_ explore.StateID, state []uint32) {
	t := v.t
	*v.count++
	enc := encodeState(t, v.c1, state)
	other := decodeState(t, v.c2, v.g2.Width(), enc)
	if again := encodeState(t, v.c2, other); !bytes.Equal(again, enc) {
		t.Fatalf("state %v encodes differently after decoding", state)
	}
	var want, got [][]byte
	var wantLabels, gotLabels []string
	if err := v.g1.Successors(state, func(l explore.LabelID, next []uint32) {
		want = append(want, encodeState(t, v.c1, next))
		wantLabels = append(wantLabels, v.g1.Labels().Text(l))
	}); err != nil {
		t.Fatal(err)
	}
	if err := v.g2.Successors(other, func(l explore.LabelID, next []uint32) {
		got = append(got, encodeState(t, v.c2, next))
		gotLabels = append(gotLabels, v.g2.Labels().Text(l))
	}); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Fatalf("%d successors from the decoded state, %d from the original", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(want[i], got[i]) || wantLabels[i] != gotLabels[i] {
			t.Fatalf("successor %d differs: %s vs %s", i, wantLabels[i], gotLabels[i])
		}
	}
}

// FuzzDecodeTerm: any bytes decode to a term or give an error, never a
// panic; a decoded term encodes to bytes that decode to the same term.
func FuzzDecodeTerm(f *testing.F) {
	g, c := codecGenerator(&testing.T{}, "values.lps", []byte(codecValues))
	x := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())})
	x.AddVisitor(&seedVisitor{f: f, c: c})
	if _, err := x.Run(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, enc []byte) {
		v, _, err := c.DecodeTerm(enc)
		if err != nil {
			return
		}
		again, err := c.AppendTerm(nil, v)
		if err != nil {
			t.Fatal(err)
		}
		w, rest, err := c.DecodeTerm(again)
		if err != nil || len(rest) != 0 || w != v {
			t.Fatalf("re-encoded term decodes to %d (%v, %d bytes left), not %d", w, err, len(rest), v)
		}
	})
}

type seedVisitor struct {
	explore.NopVisitor
	f *testing.F
	c *Codec
}

func (v *seedVisitor) StartState(_ explore.StateID, state []uint32) {
	for _, t := range state {
		enc, err := v.c.AppendTerm(nil, rewrite.Term(t))
		if err != nil {
			v.f.Fatal(err)
		}
		v.f.Add(enc)
	}
}

var updateCodecGolden = flag.Bool("update-codec", false, "rewrite testdata/codec.golden from the codec")

// TestCodecGolden pins the codec's bytes: checkpoints and the distributed
// search's files hold them, so a checkpoint written by an earlier build
// must still decode. Every state of the values model is encoded and
// compared with testdata/codec.golden (one state a line, in hex), and
// each line decodes, in a rewriter of its own, to a state that encodes
// to the same bytes.
func TestCodecGolden(t *testing.T) {
	g, c := codecGenerator(t, "values.lps", []byte(codecValues))
	var got bytes.Buffer
	x := explore.New(g, explore.Options{Store: store.NewTableStore(g.Width())})
	x.AddVisitor(&goldenVisitor{t: t, c: c, out: &got})
	if _, err := x.Run(); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "codec.golden")
	if *updateCodecGolden {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want) {
		t.Fatalf("the codec's bytes changed:\n%s\nwant\n%s", got.Bytes(), want)
	}
	g2, c2 := codecGenerator(t, "values.lps", []byte(codecValues))
	for _, line := range strings.Fields(string(want)) {
		enc, err := hex.DecodeString(line)
		if err != nil {
			t.Fatal(err)
		}
		state := decodeState(t, c2, g2.Width(), enc)
		if again := encodeState(t, c2, state); !bytes.Equal(again, enc) {
			t.Fatalf("%s decodes to a state that encodes as %x", line, again)
		}
	}
}

type goldenVisitor struct {
	explore.NopVisitor
	t   *testing.T
	c   *Codec
	out *bytes.Buffer
}

func (v *goldenVisitor) StartState(_ explore.StateID, state []uint32) {
	fmt.Fprintf(v.out, "%x\n", encodeState(v.t, v.c, state))
}
