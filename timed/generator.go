package timed

import (
	"fmt"
	"math/big"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Generator is the explore.Generator of a timed process (see the package
// documentation). It also implements explore.Interruptible and
// explore.StateFormatter.
type Generator struct {
	lpsgen.Passthrough
	base  *lpsgen.Generator
	r     *rewrite.Rewriter
	stamp int // position of the time stamp in the state vector
	zero  rewrite.Term
	// times[k] is the time tag of summand number k, 0 for an untimed one.
	times []rewrite.Term
	// rats caches the value of every time met, as an exact rational.
	rats map[rewrite.Term]*big.Rat
	// labels interns (untimed label, time) pairs: label a and time t give
	// the label "a @ t".
	labels map[timedLabel]explore.LabelID

	state   []uint32
	next    []uint32
	buf     []byte
	emit    func(explore.LabelID, []uint32)
	visitFn func(*lpsgen.Summand) error
}

type timedLabel struct {
	base explore.LabelID
	time rewrite.Term
}

// IsTimed says whether a (non-delta) summand of spec has a time tag. Only
// then is the state widened with a stamp, so untimed processes pay
// nothing.
func IsTimed(spec *lps.Spec) bool { return realSort(spec) != nil }

// realSort is the sort Real, found as the sort of a time tag; nil when no
// summand has one.
func realSort(spec *lps.Spec) *lps.Sort {
	for _, s := range spec.Summands {
		if s.Time != nil && !s.Delta {
			return s.Time.Sort()
		}
	}
	return nil
}

// New returns the timed generator over base. It takes base over: base must
// not be used on its own afterwards.
func New(base *lpsgen.Generator) (*Generator, error) {
	spec := base.Spec()
	real := realSort(spec)
	if real == nil {
		return nil, fmt.Errorf("%s: no summand has a time tag", spec.File)
	}
	r := base.Rewriter()
	zero, err := r.Rewrite(r.Translate(&lps.Number{Value: big.NewInt(0), S: real}), nil)
	if err != nil {
		return nil, fmt.Errorf("the time 0: %w", err)
	}
	g := &Generator{
		Passthrough: lpsgen.Passthrough{Base: base},
		base:        base,
		r:           r,
		stamp:       base.Width(),
		zero:        zero,
		times:       make([]rewrite.Term, base.Summands()),
		rats:        make(map[rewrite.Term]*big.Rat),
		labels:      make(map[timedLabel]explore.LabelID),
		next:        make([]uint32, 0, base.Width()+1),
	}
	k := 0
	for _, s := range spec.Summands {
		if s.Delta {
			continue
		}
		if s.Time != nil {
			g.times[k] = r.Translate(s.Time)
		}
		k++
	}
	g.visitFn = g.visit
	return g, nil
}

// Width is the number of parameters plus one, the stamp.
func (g *Generator) Width() int { return g.stamp + 1 }

// Labels is the table of labels, timed ones included.
func (g *Generator) Labels() *explore.Labels { return g.base.Labels() }

// Initial is the initial state of the process at time 0.
func (g *Generator) Initial(dst []uint32) ([]uint32, error) {
	dst, err := g.base.Initial(dst)
	if err != nil {
		return dst, err
	}
	return append(dst, uint32(g.zero)), nil
}

// Successors emits the transitions of state that happen after its stamp.
func (g *Generator) Successors(state []uint32, emit func(explore.LabelID, []uint32)) error {
	g.state, g.emit = state, emit
	return g.base.Transitions(state, g.visitFn)
}

// visit is Algorithm 12, lines 16-25, for one solution of the sum
// variables.
func (g *Generator) visit(s *lpsgen.Summand) error {
	stamp := rewrite.Term(g.state[g.stamp])
	t := stamp
	timed := g.times[s.Number()] != 0
	if timed {
		v, err := g.base.Rewrite(g.times[s.Number()])
		if err != nil {
			return fmt.Errorf("time tag: %w", err)
		}
		later, err := g.later(v, stamp)
		if err != nil {
			return err
		}
		if !later {
			return nil // the action would not happen after the stamp
		}
		t = v
	}
	label, next, err := g.base.Step(g.next[:0], s)
	if err != nil {
		return err
	}
	if timed {
		label = g.timedLabel(label, t)
	}
	g.next = append(next, uint32(t))
	g.emit(label, g.next)
	return nil
}

// later reports whether time t is strictly after time u.
func (g *Generator) later(t, u rewrite.Term) (bool, error) {
	if t == u {
		return false, nil
	}
	x, err := g.value(t)
	if err != nil {
		return false, err
	}
	y, err := g.value(u)
	if err != nil {
		return false, err
	}
	return x.Cmp(y) > 0, nil
}

// value is the rational value of a rewritten time, cached per term.
func (g *Generator) value(t rewrite.Term) (*big.Rat, error) {
	if x, ok := g.rats[t]; ok {
		return x, nil
	}
	x, ok := g.r.Rat(t)
	if !ok {
		return nil, fmt.Errorf("time tag does not rewrite to a number: %s", g.r.String(t))
	}
	g.rats[t] = x
	return x, nil
}

// timedLabel interns "a @ t". As mCRL2 prints a timed multi-action, a time
// that is not a single numeral (a natural number) is parenthesised:
// "a @ 1", "a @ (3 / 2)".
func (g *Generator) timedLabel(base explore.LabelID, t rewrite.Term) explore.LabelID {
	k := timedLabel{base, t}
	if id, ok := g.labels[k]; ok {
		return id
	}
	labels := g.base.Labels()
	b := append(g.buf[:0], labels.Text(base)...)
	b = append(b, " @ "...)
	if x, err := g.value(t); err == nil && x.IsInt() && x.Sign() >= 0 {
		b = g.r.AppendString(b, t)
	} else {
		b = append(b, '(')
		b = g.r.AppendString(b, t)
		b = append(b, ')')
	}
	g.buf = b
	id := labels.Intern(b)
	g.labels[k] = id
	return id
}
