package mcrl2diff

import (
	"errors"
	"strings"
)

// Result is what a tool made of one expression: its normal form as
// printed in the label (the action's argument), or why there is none.
type Result struct {
	Label string
	Err   error
}

// ErrNoTransition: the model was explored but the expression's summand
// gave no transition.
var ErrNoTransition = errors.New("no transition for the expression's summand")

// Evaluate runs t on one model holding all exprs; when the model fails
// as a whole (a rejected expression, a failed or endless rewrite), it
// halves the batch until the failing expressions stand alone, so that
// each gets its own result.
func Evaluate(t Tool, exprs []*Node) []Result {
	out := make([]Result, len(exprs))
	labels, err := t.Labels(Model(exprs))
	switch {
	case err == nil:
		for k := range exprs {
			l, ok := labels[Action(k)]
			if !ok {
				out[k].Err = ErrNoTransition
				continue
			}
			out[k].Label = strings.TrimSuffix(strings.TrimPrefix(l, Action(k)+"("), ")")
		}
	case len(exprs) == 1:
		out[0].Err = err
	default:
		h := len(exprs) / 2
		copy(out, Evaluate(t, exprs[:h]))
		copy(out[h:], Evaluate(t, exprs[h:]))
	}
	return out
}

// Verdict is how our result compares with mCRL2's.
type Verdict uint8

const (
	Same      Verdict = iota // equal labels
	Differ                   // both labelled, differently
	OursFails                // mCRL2 labels it, we fail
	Invalid                  // mCRL2 rejects the model: the generator's fault (or both reject)
	Lenient                  // mCRL2 rejects the model, we accept it
	RefFails                 // mCRL2 accepts it but fails exploring (a time-out, ...)
)

var verdictNames = [...]string{"same", "label differs", "we fail", "mCRL2 rejects (invalid input)",
	"mCRL2 rejects, we accept", "mCRL2 fails"}

func (v Verdict) String() string { return verdictNames[v] }

// Compare judges our result against mCRL2's.
func Compare(ours, ref Result) Verdict {
	var rej *Rejected
	switch {
	case errors.As(ref.Err, &rej) && ours.Err == nil:
		return Lenient
	case errors.As(ref.Err, &rej):
		return Invalid
	case ref.Err != nil:
		return RefFails
	case ours.Err != nil:
		return OursFails
	case ours.Label != ref.Label:
		return Differ
	}
	return Same
}

// Case is one expression with both results.
type Case struct {
	Expr      *Node
	Ours, Ref Result
	Verdict   Verdict
}

// Run evaluates exprs with both tools, batch at a time.
func Run(ours, ref Tool, exprs []*Node, batch int) []Case {
	var out []Case
	for i := 0; i < len(exprs); i += batch {
		b := exprs[i:min(i+batch, len(exprs))]
		o, r := Evaluate(ours, b), Evaluate(ref, b)
		for k, e := range b {
			out = append(out, Case{Expr: e, Ours: o[k], Ref: r[k], Verdict: Compare(o[k], r[k])})
		}
	}
	return out
}
