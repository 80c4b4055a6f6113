package timed

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Clock is the time bookkeeping of a timed process, shared by this
// package's Generator and the stochastic generator of a timed stochastic
// process: where the stamp sits in the state vector, the time tag of each
// summand, exact values of times and timed labels.
type Clock struct {
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
	// parts maps each timed label back to its untimed label and time, for
	// writers that store the two apart (mCRL2's .lts); forks share it.
	parts *labelParts
	buf   []byte
}

// Generator is the explore.Generator of a timed process (see the package
// documentation). It also implements explore.Interruptible and
// visitor.StateFormatter.
type Generator struct {
	lpsgen.Passthrough
	clock *Clock
	base  *lpsgen.Generator

	state   []uint32
	next    []uint32
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

// NewClock returns the clock of base's timed specification; the stamp goes
// after the parameters.
func NewClock(base *lpsgen.Generator) (*Clock, error) {
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
	c := &Clock{
		base:   base,
		r:      r,
		stamp:  base.Width(),
		zero:   zero,
		times:  make([]rewrite.Term, base.Summands()),
		rats:   make(map[rewrite.Term]*big.Rat),
		labels: make(map[timedLabel]explore.LabelID),
		parts:  &labelParts{m: make(map[explore.LabelID]timedLabel)},
	}
	k := 0
	for _, s := range spec.Summands {
		if s.Delta {
			continue
		}
		if s.Time != nil {
			c.times[k] = r.Translate(s.Time)
		}
		k++
	}
	return c, nil
}

// Zero is the stamp of the initial state, the time 0.
func (c *Clock) Zero() rewrite.Term { return c.zero }

// When says at what time summand s (its sum variables bound) happens in
// state: at its time tag if that is strictly later than the state's stamp
// (timed), at the stamp if it has no tag; ok is false if the tag is not
// later.
func (c *Clock) When(state []uint32, s *lpsgen.Summand) (t rewrite.Term, timed, ok bool, err error) {
	stamp := rewrite.Term(state[c.stamp])
	tag := c.times[s.Number()]
	if tag == 0 {
		return stamp, false, true, nil
	}
	v, err := c.base.Rewrite(tag)
	if err != nil {
		return 0, true, false, fmt.Errorf("time tag: %w", err)
	}
	later, err := c.later(v, stamp)
	if err != nil || !later {
		return 0, true, false, err
	}
	return v, true, true, nil
}

// New returns the timed generator over base. It takes base over: base must
// not be used on its own afterwards.
func New(base *lpsgen.Generator) (*Generator, error) {
	c, err := NewClock(base)
	if err != nil {
		return nil, err
	}
	return newGenerator(base, c), nil
}

func newGenerator(base *lpsgen.Generator, c *Clock) *Generator {
	g := &Generator{
		Passthrough: lpsgen.Passthrough{Base: base},
		clock:       c,
		base:        base,
		next:        make([]uint32, 0, base.Width()+1),
	}
	g.visitFn = g.visit
	return g
}

// Fork returns a timed generator over a fork of the base generator, for
// another goroutine (explore.Forker): a clock of its own (caches of
// values and timed labels) with the same stamp position, time 0 and time
// tags, terms of the store the forks share.
func (g *Generator) Fork() explore.Generator {
	base := g.base.Fork().(*lpsgen.Generator)
	return newGenerator(base, g.clock.Fork(base))
}

// Fork returns a clock over base, a fork of c's generator, for another
// goroutine: caches of its own, the same stamp position, time 0 and time
// tags (terms of the store the forks share).
func (c *Clock) Fork(base *lpsgen.Generator) *Clock {
	f := *c
	f.base, f.r, f.buf = base, base.Rewriter(), nil
	f.rats = make(map[rewrite.Term]*big.Rat)
	f.labels = make(map[timedLabel]explore.LabelID)
	return &f
}

// Width is the number of parameters plus one, the stamp.
func (g *Generator) Width() int { return g.clock.stamp + 1 }

// Labels is the table of labels, timed ones included.
func (g *Generator) Labels() *explore.Labels { return g.base.Labels() }

// Initial is the initial state of the process at time 0.
func (g *Generator) Initial(dst []uint32) ([]uint32, error) {
	dst, err := g.base.Initial(dst)
	if err != nil {
		return dst, err
	}
	return append(dst, uint32(g.clock.zero)), nil
}

// Successors emits the transitions of state that happen after its stamp.
func (g *Generator) Successors(state []uint32, emit func(explore.LabelID, []uint32)) error {
	g.state, g.emit = state, emit
	return g.base.Transitions(state, g.visitFn)
}

// visit is Algorithm 12, lines 16-25, for one solution of the sum
// variables.
func (g *Generator) visit(s *lpsgen.Summand) error {
	t, timed, ok, err := g.clock.When(g.state, s)
	if err != nil || !ok {
		return err
	}
	label, next, err := g.base.Step(g.next[:0], s)
	if err != nil {
		return err
	}
	if timed {
		label = g.clock.Label(label, t)
	}
	g.next = append(next, uint32(t))
	g.emit(label, g.next)
	return nil
}

// later reports whether time t is strictly after time u.
func (c *Clock) later(t, u rewrite.Term) (bool, error) {
	if t == u {
		return false, nil
	}
	x, err := c.value(t)
	if err != nil {
		return false, err
	}
	y, err := c.value(u)
	if err != nil {
		return false, err
	}
	return x.Cmp(y) > 0, nil
}

// value is the rational value of a rewritten time, cached per term.
func (c *Clock) value(t rewrite.Term) (*big.Rat, error) {
	if x, ok := c.rats[t]; ok {
		return x, nil
	}
	x, ok := c.r.Rat(t)
	if !ok {
		return nil, fmt.Errorf("time tag does not rewrite to a number: %s", c.r.String(t))
	}
	c.rats[t] = x
	return x, nil
}

// Label interns "a @ t". As mCRL2 prints a timed multi-action, a time
// that is not a single numeral (a natural number) is parenthesised:
// "a @ 1", "a @ (3 / 2)".
func (c *Clock) Label(base explore.LabelID, t rewrite.Term) explore.LabelID {
	k := timedLabel{base, t}
	if id, ok := c.labels[k]; ok {
		return id
	}
	labels := c.base.Labels()
	b := append(c.buf[:0], labels.Text(base)...)
	b = append(b, " @ "...)
	if x, err := c.value(t); err == nil && x.IsInt() && x.Sign() >= 0 {
		b = c.r.AppendString(b, t)
	} else {
		b = append(b, '(')
		b = c.r.AppendString(b, t)
		b = append(b, ')')
	}
	c.buf = b
	id := labels.Intern(b)
	c.labels[k] = id
	c.parts.add(id, k)
	return id
}

// LabelParts returns the untimed label and the time of a label made by
// Label; ok is false for any other label.
func (c *Clock) LabelParts(id explore.LabelID) (base explore.LabelID, t rewrite.Term, ok bool) {
	return c.parts.get(id)
}

// LabelParts is the clock's LabelParts.
func (g *Generator) LabelParts(id explore.LabelID) (base explore.LabelID, t rewrite.Term, ok bool) {
	return g.clock.LabelParts(id)
}

// labelParts is the table of Clock.LabelParts, shared by a clock and its
// forks' (which make labels in other goroutines).
type labelParts struct {
	mu sync.RWMutex
	m  map[explore.LabelID]timedLabel
}

func (p *labelParts) add(id explore.LabelID, k timedLabel) {
	p.mu.Lock()
	p.m[id] = k
	p.mu.Unlock()
}

func (p *labelParts) get(id explore.LabelID) (explore.LabelID, rewrite.Term, bool) {
	p.mu.RLock()
	k, ok := p.m[id]
	p.mu.RUnlock()
	return k.base, k.time, ok
}
