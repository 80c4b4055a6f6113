package explore

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// Timed exploration (seed note §6, Alg. 12). A state of a timed process is
// the vector of its parameters followed by one more value: the time stamp,
// the Real term of the time at which the action that reached the state
// happened (0 for the initial state). The stamp is part of the state's
// identity, so each (stamp, state) pair is explored once. A summand with a
// time tag @ t is taken only when t rewrites to a time strictly later than
// the stamp; the new state carries t and the label is printed "a @ t". An
// untimed summand may happen at any later time: it keeps the stamp and its
// label has no time. Delta summands, timed or not, have no transitions.
//
// Note that mCRL2's own lps2lts differs here (it re-explores timed states
// on some models); the corpus follows this algorithm.

// lpsTiming is the time bookkeeping of a timed LPSGenerator.
type lpsTiming struct {
	stamp int          // position of the time stamp in the state vector
	zero  rewrite.Term // the Real 0
	// rats caches the value of every time term met, as an exact rational.
	rats map[rewrite.Term]*big.Rat
	// labels interns (untimed label, time) pairs: label a and time t give
	// the label "a @ t".
	labels map[timedLabel]LabelID
}

type timedLabel struct {
	base LabelID
	time rewrite.Term
}

// isTimed says whether any summand has a time tag. Only then is the state
// vector widened with a stamp, so untimed processes pay nothing.
// It returns the sort Real, or nil for an untimed process.
func isTimed(spec *lps.Spec) *lps.Sort {
	for _, s := range spec.Summands {
		if s.Time != nil && !s.Delta {
			return s.Time.Sort()
		}
	}
	return nil
}

func (g *LPSGenerator) initTiming(real *lps.Sort) error {
	zero, err := g.r.Rewrite(g.r.Translate(&lps.Number{Value: big.NewInt(0), S: real}), nil)
	if err != nil {
		return fmt.Errorf("the time 0: %w", err)
	}
	g.tm = &lpsTiming{
		stamp:  len(g.params),
		zero:   zero,
		rats:   make(map[rewrite.Term]*big.Rat),
		labels: make(map[timedLabel]LabelID),
	}
	g.next = make([]uint32, len(g.params)+1)
	g.step = g.timedTransition
	return nil
}

// timedTransition is Alg. 12, lines 16-25, for one solution of the sum
// variables bound in g.sub.
func (g *LPSGenerator) timedTransition(s *lpsSummand) error {
	tm := g.tm
	stamp := rewrite.Term(g.state[tm.stamp])
	t := stamp
	if s.timed {
		v, err := g.r.Rewrite(s.time, g.sub)
		if err != nil {
			return fmt.Errorf("time tag: %w", err)
		}
		later, err := g.later(v, stamp)
		if err != nil {
			return err
		}
		if !later {
			return nil // t' <= t: the action would go back in time
		}
		t = v
	}
	label := s.fixedID
	if !s.fixed {
		var err error
		if label, err = g.label(s); err != nil {
			return err
		}
	}
	if s.timed {
		label = g.timedLabel(label, t)
	}
	for i, nt := range s.next {
		if s.keep[i] {
			g.next[i] = g.state[i]
			continue
		}
		v, err := g.r.Rewrite(nt, g.sub)
		if err != nil {
			return fmt.Errorf("next value of %s: %w", g.spec.Params[i].Name, err)
		}
		g.next[i] = uint32(v)
	}
	g.next[tm.stamp] = uint32(t)
	g.emit(label, g.next)
	return nil
}

// later reports whether time t is strictly after time u.
func (g *LPSGenerator) later(t, u rewrite.Term) (bool, error) {
	if t == u {
		return false, nil
	}
	x, err := g.timeValue(t)
	if err != nil {
		return false, err
	}
	y, err := g.timeValue(u)
	if err != nil {
		return false, err
	}
	return x.Cmp(y) > 0, nil
}

// timeValue is the rational value of a rewritten time, read from its
// printed form ("3", "-1 / 2") and cached per term.
func (g *LPSGenerator) timeValue(t rewrite.Term) (*big.Rat, error) {
	if x, ok := g.tm.rats[t]; ok {
		return x, nil
	}
	x, ok := ratOfPrinted(g.termString(t))
	if !ok {
		return nil, fmt.Errorf("time tag does not rewrite to a number: %s", g.termString(t))
	}
	g.tm.rats[t] = x
	return x, nil
}

// ratOfPrinted parses a Real normal form as the rewriter prints it.
func ratOfPrinted(s string) (*big.Rat, bool) {
	s = strings.ReplaceAll(s, " ", "")
	if s == "" || strings.ContainsAny(s, "eE.") {
		return nil, false
	}
	return new(big.Rat).SetString(s)
}

// timedLabel interns "a @ t". As mCRL2 prints a timed multi-action, a time
// that is not a single numeral is parenthesised: "a @ 1", "a @ (3 / 2)".
func (g *LPSGenerator) timedLabel(base LabelID, t rewrite.Term) LabelID {
	k := timedLabel{base, t}
	if id, ok := g.tm.labels[k]; ok {
		return id
	}
	b := append(g.buf[:0], g.labels.Text(base)...)
	b = append(b, " @ "...)
	ts := g.termString(t)
	if isNumeral(ts) {
		b = append(b, ts...)
	} else {
		b = append(b, '(')
		b = append(b, ts...)
		b = append(b, ')')
	}
	g.buf = b
	id := g.labels.Intern(b)
	g.tm.labels[k] = id
	return id
}

func isNumeral(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
