package lpsgen

import "github.com/lps2lts/lps2lts/lps"

// A condition that reads control parameters alone has one outcome for
// each combination of their values, and the candidates' memo (candMemo)
// keeps one list for each combination: the outcome is decided once, when
// the list is made, instead of by a guard cache's lookup in every state.
// A list leaves out the summands whose condition is false there and
// names those whose condition is true by ^k (transitions visits them
// without a lookup); a summand with sum variables, or whose condition
// does not rewrite to true or false, stays in it as k, for transitions
// to enumerate or to report. On ex.academic.onebit 414,208 of 468,480
// condition lookups were of such conditions, on merc.onebit_3-b
// 1,446,480 of 1,734,624; on the bench models a few thousand.

// markByControl marks the summands without sum variables whose condition
// reads control parameters alone (pindex: the parameters' positions).
func (g *Generator) markByControl(pindex map[*lps.Var]int) {
	if g.control == nil {
		return
	}
	control := make(map[int]bool, len(g.control.params))
	for _, cp := range g.control.params {
		control[cp.pos] = true
	}
	for k := range g.summands {
		s := &g.summands[k]
		if len(s.sumVars) != 0 || s.src.Cond == nil {
			continue
		}
		only := true
		lps.VarsIn(s.src.Cond, func(v *lps.Var) {
			if i, ok := pindex[v]; ok && !control[i] {
				only = false
			}
		})
		s.byControl = only
	}
}

// candidates returns the summands that may be enabled in state, in order
// (controlIndex.compute; valid until the next call), kept by the memo
// with the conditions of the summands marked byControl decided. The
// parameters are bound to state.
func (g *Generator) candidates(state []uint32) []int {
	ci := g.control
	m := ci.memo
	if m.off {
		return ci.compute(state)
	}
	if list, ok := m.find(state); ok {
		return list
	}
	return m.add(g.decideByControl(ci.compute(state), state))
}

// decideByControl removes from list, in place, the summands marked
// byControl whose condition is false in state, and marks by ^k those whose
// condition is true.
func (g *Generator) decideByControl(list []int, state []uint32) []int {
	out := list[:0]
	for _, k := range list {
		s := &g.summands[k]
		if !s.byControl {
			out = append(out, k)
			continue
		}
		switch holds, ok := g.conditionHolds(s, state); {
		case !ok:
			out = append(out, k)
		case holds:
			out = append(out, ^k)
		}
	}
	return out
}

// conditionHolds decides the condition of s, a summand without sum
// variables, in state, as transitions does: by its guard cache, or by
// rewriting it (Generator.condition, which records the outcome in the
// cache). ok is false where the condition does not rewrite to true or
// false, or the rewriter fails: transitions then reports it.
func (g *Generator) conditionHolds(s *Summand, state []uint32) (holds, ok bool) {
	gc := s.guard
	if gc != nil && gc.off {
		gc = nil
	}
	if gc != nil {
		if e, hit := gc.lookup(state); hit {
			return e.holds, true
		}
		if gc.shared != nil {
			if e, _, hit := gc.lookupShared(); hit {
				return e.holds, true
			}
		}
	}
	c, err := g.condition(s, gc)
	return c == g.r.True(), err == nil
}
