package lpsgen

import (
	"math/bits"
	"slices"

	"github.com/lps2lts/lps2lts/lps"
)

// Summand selection by control-flow parameters. Linearised models guard
// almost every summand with a program counter: `s1 == 4 && ...`, or a
// disjunction over the branches of a case function, `C3_3(e, s1 == 6 &&
// ..., s1 == 6 && ..., s1 == 1)`. A summand can only be enabled when its
// program counter has one of a few values, so the generator indexes the
// summands by those values and, in a state, looks only at the summands
// all of whose control parameters match (and at those without such a
// guard): the others would have produced no transition. mCRL2 calls
// this summand pruning (lps2lts --control-flow); LTSmin's guard
// splitting has the same effect.
//
// A summand's values come from its condition by a sound approximation:
// p == c (c a constant) allows c; a conjunction allows what both sides
// allow; a disjunction, if(b, x, y) and a case function (a map defined by
// f(c_i, x_1, ..., x_n) = x_i) allow what any branch allows; a Boolean
// parameter b allows true, !b false; a recogniser of a sort of constants
// applied to a parameter allows its constructor, negated the others;
// anything else allows every value. Only parameters of sorts whose values
// have one normal form (Bool, Pos, Nat, Int, structured sorts of
// constants) are used, so comparing term ids decides equality.

// controlIndex maps, for each control parameter, a value to the summands
// that may be enabled with it.
type controlIndex struct {
	params []controlParam
	// possibleSet has a bit for each summand whose condition may hold.
	possibleSet []uint64
	// set and list are the candidates of the state at hand, as bits and
	// in order: Transitions goes through the list, where it went through
	// every summand and skipped those not marked (the bounded
	// Ricart-Agrawala bench model has 222 summands and about 20
	// candidates a state: a seventh of the search).
	set  []uint64
	list []int
	// last is, for each parameter, the value of the state before and the
	// words it ANDs: a breadth-first search's consecutive states share
	// most control values, and the bounded Ricart-Agrawala model, whose
	// 27 control parameters' combinations seldom repeat (the memo is
	// off), looked each value up in its parameter's table: a sixth of
	// compute.
	last []lastValue
	// memo remembers the lists of the combinations of control values
	// seen before (controlmemo.go).
	memo *candMemo
}

// lastValue is a parameter's value in the last state compute saw, and
// the words that value ANDs (valid once set).
type lastValue struct {
	value uint32
	valid bool
	words []wordMask
}

type controlParam struct {
	pos int // position in the state vector
	// restricted lists the summands the parameter restricts; free has
	// a bit for each other summand whose condition may hold.
	restricted []int
	free       []uint64
	// freeWords is free's words that clear a possible summand, the only
	// ones a state's AND needs (cut).
	freeWords []wordMask
	// byValue maps a value (a term) to its summands while the index is
	// built; index moves it into slots and drops it.
	byValue map[uint32][]int
	// slots is byValue as an open-addressing table of a power of two
	// slots, at most half full, probed from the value's hash (its top
	// bits, shift the rest): looked up for every state, it is cheaper
	// than Go's map (hesselink_2-b: 4% of the run in the map's lookups).
	slots []valueSlot
	shift uint
}

type valueSlot struct {
	value    uint32
	used     bool
	summands []int
	// set has a bit for each of summands and each summand the
	// parameter does not restrict (free); words is cut(set).
	set   []uint64
	words []wordMask
}

// wordMask is word w of a set of summands.
type wordMask struct {
	w int
	m uint64
}

// cut lists the words of set that clear a bit of possible: ANDed into a
// set of possible summands, the others change nothing. A control
// parameter of a model with many processes (the bounded Ricart-Agrawala
// model: 222 summands, four words) restricts one process's summands,
// which lie in a word or two.
func cut(set, possible []uint64) []wordMask {
	var ws []wordMask
	for w, x := range set {
		if possible[w]&^x != 0 {
			ws = append(ws, wordMask{w, x})
		}
	}
	return ws
}

// index fills slots from byValue; the index has n summands, of which
// those of possible may be enabled.
func (cp *controlParam) index(n int, possible []uint64) {
	words := (n + 63) / 64
	cp.freeWords = cut(cp.free, possible)
	slots := 2
	for slots < 2*len(cp.byValue) {
		slots *= 2
	}
	cp.slots = make([]valueSlot, slots)
	cp.shift = uint(32 - bits.TrailingZeros(uint(slots)))
	for v, ks := range cp.byValue {
		i := cp.home(v)
		for cp.slots[i].used {
			i = (i + 1) & (slots - 1)
		}
		set := bitsOf(ks, words)
		for w := range set {
			set[w] |= cp.free[w]
		}
		cp.slots[i] = valueSlot{value: v, used: true, summands: ks, set: set, words: cut(set, possible)}
	}
	cp.byValue = nil
}

// bitsOf is the set of summands ks in words words.
func bitsOf(ks []int, words int) []uint64 {
	set := make([]uint64, words)
	for _, k := range ks {
		set[k/64] |= 1 << (k % 64)
	}
	return set
}

func (cp *controlParam) home(v uint32) int { return int(v * 0x9E3779B1 >> cp.shift) }

// summands returns the summands of value v: nil for a value in no condition.
func (cp *controlParam) summands(v uint32) []int {
	if sl := cp.slot(v); sl != nil {
		return sl.summands
	}
	return nil
}

// slot is the slot of value v, nil for a value in no condition.
func (cp *controlParam) slot(v uint32) *valueSlot {
	mask := len(cp.slots) - 1
	for i := cp.home(v); cp.slots[i].used; i = (i + 1) & mask {
		if cp.slots[i].value == v {
			return &cp.slots[i]
		}
	}
	return nil
}

// allowed is a summand's approximation: per parameter position, the
// values it may have (a position that is absent may have any value). The
// condition false allows nothing at all: never.
//
// The approximations are never changed once made: intersect and union
// return one of their operands where it is the answer, and nil (no
// parameter restricted) is the approximation of most of a condition's
// parts. The maps made for every part were 11,000 of the 186,000
// allocations of Lamport_3-bit's loading.
type allowed map[int][]lps.Expr

// never is the approximation of false.
var never = allowed{-1: nil}

func (a allowed) isNever() bool { _, ok := a[-1]; return ok }

func (a allowed) intersect(b allowed) allowed {
	switch {
	case a.isNever() || b.isNever():
		return never
	case len(a) == 0:
		return b
	case len(b) == 0:
		return a
	}
	out := allowed{}
	for p, vs := range a {
		out[p] = vs
	}
	for p, vs := range b {
		if cur, ok := out[p]; ok {
			var both []lps.Expr
			for _, v := range cur {
				if slices.ContainsFunc(vs, func(w lps.Expr) bool { return sameConst(v, w) }) {
					both = append(both, v)
				}
			}
			out[p] = both
		} else {
			out[p] = vs
		}
	}
	return out
}

func (a allowed) union(b allowed) allowed {
	switch {
	case a.isNever():
		return b
	case b.isNever():
		return a
	case len(a) == 0 || len(b) == 0:
		return nil
	}
	out := allowed{}
	for p, vs := range a {
		ws, ok := b[p]
		if !ok {
			continue // b allows anything for p
		}
		u := slices.Clone(vs)
		for _, w := range ws {
			if !slices.ContainsFunc(u, func(v lps.Expr) bool { return sameConst(v, w) }) {
				u = append(u, w)
			}
		}
		out[p] = u
	}
	return out
}

// sameConst says whether two constants are the same value.
func sameConst(a, b lps.Expr) bool {
	switch a := a.(type) {
	case *lps.Number:
		b, ok := b.(*lps.Number)
		return ok && a.Value.Cmp(b.Value) == 0 && a.S == b.S
	case *lps.FuncRef:
		b, ok := b.(*lps.FuncRef)
		return ok && a.Func == b.Func
	}
	return false
}

// controlConst reports whether e is a constant usable as a control value.
func controlConst(e lps.Expr) bool {
	switch e := e.(type) {
	case *lps.Number:
		return true
	case *lps.FuncRef:
		f := e.Func
		return f.Arity() == 0 && (f.Kind == lps.FuncConstructor || f.Kind == lps.FuncBuiltin && (f.Op == lps.OpTrue || f.Op == lps.OpFalse))
	}
	return false
}

// controlSort reports whether values of s have one normal form each.
func controlSort(s *lps.Sort) bool {
	switch s.Kind {
	case lps.SortBool, lps.SortPos, lps.SortNat, lps.SortInt:
		return true
	case lps.SortStruct, lps.SortBasic:
		for _, c := range s.Constructors {
			if c.Arity() != 0 {
				return false
			}
		}
		return len(s.Constructors) > 0
	}
	return false
}

// approximation is what approximate reads: the parameters' positions,
// the case functions, and the constants true and false.
type approximation struct {
	pindex      map[*lps.Var]int
	cases       map[*lps.Func]*lps.CaseFunction // the rewriter's (lps.CaseFunctions)
	truE, falsE lps.Expr
}

// approximate returns the values cond allows per parameter.
func (ax *approximation) approximate(cond lps.Expr) allowed {
	switch e := cond.(type) {
	case *lps.FuncRef:
		if e.Func.Kind == lps.FuncBuiltin && e.Func.Op == lps.OpFalse {
			return never
		}
		return nil
	case *lps.VarRef:
		// A Boolean parameter as a condition allows true: linearised
		// protocols guard summands by flags (merc.onebit_3-b's ready_S,
		// !rec_S), which select summands as a program counter does.
		return ax.boolParam(e, ax.truE)
	}
	app, ok := cond.(*lps.App)
	if !ok {
		return nil
	}
	f, ok := app.Head.(*lps.FuncRef)
	if !ok {
		return nil
	}
	if f.Func.Kind == lps.FuncRecogniser {
		return ax.recognised(app, false)
	}
	if f.Func.Kind == lps.FuncBuiltin {
		switch f.Func.Op {
		case lps.OpAnd:
			return ax.approximate(app.Args[0]).intersect(ax.approximate(app.Args[1]))
		case lps.OpOr:
			return ax.approximate(app.Args[0]).union(ax.approximate(app.Args[1]))
		case lps.OpIf:
			return ax.approximate(app.Args[1]).union(ax.approximate(app.Args[2]))
		case lps.OpNot:
			if v, ok := app.Args[0].(*lps.VarRef); ok {
				return ax.boolParam(v, ax.falsE)
			}
			if r, ok := app.Args[0].(*lps.App); ok {
				if h, ok := r.Head.(*lps.FuncRef); ok && h.Func.Kind == lps.FuncRecogniser {
					return ax.recognised(r, true)
				}
			}
		case lps.OpEq:
			l, r := unimplicit(app.Args[0]), unimplicit(app.Args[1])
			if controlConst(l) {
				l, r = r, l
			}
			if v, ok := l.(*lps.VarRef); ok && controlConst(r) {
				if p, ok := ax.pindex[v.Var]; ok && controlSort(v.Var.S) && app.Args[0].Sort() == v.Var.S {
					return allowed{p: {r}}
				}
			}
		}
		return nil
	}
	if ax.cases[f.Func] != nil {
		var out allowed
		for i, a := range app.Args[1:] {
			b := ax.approximate(a)
			if i == 0 {
				out = b
			} else {
				out = out.union(b)
			}
		}
		return out
	}
	return nil
}

// recognised is the approximation of a recogniser applied to a
// parameter of a sort of constants (merc.onebit_3-b's eq_choice(st_C)):
// it allows the recogniser's constructor, or, negated, every other one.
func (ax *approximation) recognised(app *lps.App, negated bool) allowed {
	f := app.Head.(*lps.FuncRef).Func
	v, ok := app.Args[0].(*lps.VarRef)
	if !ok || len(app.Args) != 1 || f.Ctor == nil {
		return nil
	}
	p, ok := ax.pindex[v.Var]
	if !ok || !controlSort(v.Var.S) {
		return nil
	}
	var vs []lps.Expr
	for _, c := range v.Var.S.Constructors {
		if (c == f.Ctor) != negated {
			vs = append(vs, &lps.FuncRef{Func: c})
		}
	}
	return allowed{p: vs}
}

// boolParam is the approximation of v, if it is a Boolean parameter, as
// a condition that holds when v has the value b.
func (ax *approximation) boolParam(v *lps.VarRef, b lps.Expr) allowed {
	if p, ok := ax.pindex[v.Var]; ok && b != nil && v.Var.S.Kind == lps.SortBool {
		return allowed{p: {b}}
	}
	return nil
}

// unimplicit strips implicit conversions (the checker's upcasts).
func unimplicit(e lps.Expr) lps.Expr {
	for {
		a, ok := e.(*lps.App)
		if !ok || !a.Implicit || len(a.Args) != 1 {
			return e
		}
		e = a.Args[0]
	}
}

// newControlIndex builds the index of g's summands, or nil when no
// summand is restricted.
func newControlIndex(g *Generator, pindex map[*lps.Var]int) *controlIndex {
	ax := &approximation{pindex: pindex, cases: g.r.CaseFunctions()}
	if st := g.spec.SortTable; st != nil {
		ax.truE = &lps.FuncRef{Func: st.Builtin(lps.OpTrue, st.Bool)}
		ax.falsE = &lps.FuncRef{Func: st.Builtin(lps.OpFalse, st.Bool)}
	}
	approx := make([]allowed, len(g.summands))
	for k := range g.summands {
		if c := g.summands[k].src.Cond; c != nil {
			approx[k] = ax.approximate(c)
		}
	}
	// A summand is a candidate in a state when every parameter that
	// restricts it has one of its values there. (Indexed by one
	// parameter each, the summands guarded by a flag and a status, as
	// merc.onebit_3-b's are, were candidates whenever one of the two
	// matched.)
	ci := &controlIndex{}
	byParam := map[int]*controlParam{}
	var possible []int // the summands whose condition may hold
	for k := range g.summands {
		if approx[k].isNever() {
			continue
		}
		dead := false
		for _, vs := range approx[k] {
			dead = dead || len(vs) == 0 // the condition can never hold
		}
		if dead {
			continue
		}
		possible = append(possible, k)
		for p, vs := range approx[k] {
			if len(vs) > maxControlValues {
				continue
			}
			cp := byParam[p]
			if cp == nil {
				cp = &controlParam{pos: p, byValue: map[uint32][]int{}}
				byParam[p] = cp
			}
			cp.restricted = append(cp.restricted, k)
			for _, v := range vs {
				t, err := g.r.Rewrite(g.r.Translate(v), nil)
				if err != nil {
					return nil
				}
				cp.byValue[uint32(t)] = append(cp.byValue[uint32(t)], k)
			}
		}
	}
	if len(byParam) == 0 {
		return nil
	}
	n, words := len(g.summands), (len(g.summands)+63)/64
	ci.possibleSet, ci.set = bitsOf(possible, words), make([]uint64, words)
	for _, cp := range byParam {
		// The summands cp does not restrict are candidates whatever its
		// value.
		cp.free = bitsOf(possible, words)
		for _, k := range cp.restricted {
			cp.free[k/64] &^= 1 << (k % 64)
		}
		cp.index(n, ci.possibleSet)
		ci.params = append(ci.params, *cp)
	}
	slices.SortFunc(ci.params, func(a, b controlParam) int { return a.pos - b.pos })
	ci.memo = newCandMemo(ci)
	return ci
}

// always lists the summands whose condition may hold and that no control
// parameter restricts: candidates in every state.
func (ci *controlIndex) always() []int {
	var ks []int
	for w, x := range ci.possibleSet {
		for _, cp := range ci.params {
			x &= cp.free[w]
		}
		for ; x != 0; x &= x - 1 {
			ks = append(ks, w<<6+bits.TrailingZeros64(x))
		}
	}
	return ks
}

// maxControlValues bounds the values a restriction of a parameter may
// allow; a summand's wider restriction is not indexed.
const maxControlValues = 8

// compute returns the summands that may be enabled in state, in order
// (valid until the next call); Generator.candidates keeps them by the
// control values.
func (ci *controlIndex) compute(state []uint32) []int {
	copy(ci.set, ci.possibleSet)
	if len(ci.last) != len(ci.params) {
		ci.last = make([]lastValue, len(ci.params))
	}
	for i := range ci.params {
		cp, last := &ci.params[i], &ci.last[i]
		v := state[cp.pos]
		ws := last.words
		if !last.valid || last.value != v {
			ws = cp.freeWords
			if sl := cp.slot(v); sl != nil {
				ws = sl.words
			}
			*last = lastValue{value: v, valid: true, words: ws}
		}
		for _, x := range ws {
			ci.set[x.w] &= x.m
		}
	}
	// The list written in place: append's check of the capacity for each
	// candidate was a quarter of compute on the bounded Ricart-Agrawala
	// model (about 20 candidates a state).
	if cap(ci.list) < 64*len(ci.set) {
		ci.list = make([]int, 64*len(ci.set))
	}
	list, n := ci.list[:cap(ci.list)], 0
	for w, x := range ci.set {
		for ; x != 0; x &= x - 1 {
			list[n] = w<<6 + bits.TrailingZeros64(x)
			n++
		}
	}
	ci.list = list[:n]
	return ci.list
}

// fork returns an index sharing ci's tables, with candidates of its own.
func (ci *controlIndex) fork() *controlIndex {
	if ci == nil {
		return nil
	}
	f := *ci
	f.set, f.list, f.last = make([]uint64, len(ci.set)), nil, nil
	f.memo = newCandMemo(ci)
	return &f
}
