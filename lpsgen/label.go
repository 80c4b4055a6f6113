package lpsgen

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// printedAction is one action of a multi-action printed into Generator.buf:
// its name, where its text is, and where its arguments start in the
// argument vector.
type printedAction struct {
	name       string
	start, end int
	decl       *lps.ActionDecl
	arg        int
}

// Label is the label of summand s's transition under the current bindings
// (inside a visit function of Transitions). A label is printed once per
// summand and vector of rewritten arguments, then found in the summand's
// cache.
func (g *Generator) Label(s *Summand) (explore.LabelID, error) {
	if s.fixed || g.noLabels {
		return s.fixedID, nil
	}
	g.argBuf = g.argBuf[:0]
	for _, a := range s.actions {
		for j, t := range a.args {
			v, err := g.r.Rewrite(t, g.subst())
			if err != nil {
				return 0, fmt.Errorf("argument %d of action %s: %w", j+1, a.name, err)
			}
			g.argBuf = append(g.argBuf, uint32(v))
		}
	}
	c := s.labels
	if id, ok := c.key.Find(g.argBuf); ok {
		return c.ids[id], nil
	}
	id := g.labelOf(s.actions, g.argBuf)
	c.key.Insert(g.argBuf)
	c.ids = append(c.ids, id)
	return id, nil
}

// labelCache numbers the labels of a multi-action by the vector of its
// rewritten arguments. The summands whose actions are the same
// declarations in the same order print the same label for the same
// arguments, and share one: on the bench's bakery, whose tickets make
// every c(b, n) new, six summands print c(false, n) and six c(true, n),
// and its first 300,000 states printed 233,339 labels for 33,343
// distinct ones.
type labelCache struct {
	decls []*lps.ActionDecl
	key   *vecset.Set
	ids   []explore.LabelID
}

// labelCacheFor returns the label cache of the summands with actions,
// of nargs arguments in all, making it if it is the first.
func (g *Generator) labelCacheFor(actions []action, nargs int) *labelCache {
	decls := make([]*lps.ActionDecl, len(actions))
	for i, a := range actions {
		decls[i] = a.decl
	}
	for _, c := range g.labelCaches {
		if slices.Equal(c.decls, decls) {
			return c
		}
	}
	c := &labelCache{decls: decls, key: vecset.New(nargs)}
	g.labelCaches = append(g.labelCaches, c)
	return c
}

// labelOf prints the multi-action whose data arguments, in order, are the
// normal forms args, and interns it. As mCRL2 prints a multi-action, the
// actions are sorted by name, then by their printed form, and joined by
// "|"; the empty multi-action is tau.
func (g *Generator) labelOf(actions []action, args []uint32) explore.LabelID {
	if len(actions) == 0 {
		return explore.TauLabel
	}
	g.buf, g.acts = g.buf[:0], g.acts[:0]
	k := 0
	for _, a := range actions {
		start, arg := len(g.buf), k
		g.buf = append(g.buf, a.name...)
		for j := range a.args {
			if j == 0 {
				g.buf = append(g.buf, '(')
			} else {
				g.buf = append(g.buf, ", "...)
			}
			g.buf = g.r.AppendString(g.buf, rewrite.Term(args[k]))
			k++
		}
		if len(a.args) > 0 {
			g.buf = append(g.buf, ')')
		}
		g.acts = append(g.acts, printedAction{a.name, start, len(g.buf), a.decl, arg})
	}
	if len(g.acts) == 1 {
		id := g.labels.Intern(g.buf)
		g.multiActions.record(id, g.acts, args)
		return id
	}
	slices.SortFunc(g.acts, func(x, y printedAction) int {
		if c := strings.Compare(x.name, y.name); c != 0 {
			return c
		}
		return bytes.Compare(g.buf[x.start:x.end], g.buf[y.start:y.end])
	})
	end := len(g.buf)
	for i, a := range g.acts {
		if i > 0 {
			g.buf = append(g.buf, '|')
		}
		g.buf = append(g.buf, g.buf[a.start:a.end]...)
	}
	id := g.labels.Intern(g.buf[end:])
	g.multiActions.record(id, g.acts, args)
	return id
}

// Action is one action of a label's multi-action: its declaration and
// the normal forms of its arguments.
type Action struct {
	Decl *lps.ActionDecl
	Args []rewrite.Term
}

// multiActions keeps the actions of each label (in the printed order),
// for writers of formats that store multi-actions as terms (.lts). The
// generators of a parallel search share it.
type multiActions struct {
	mu   sync.RWMutex
	acts map[explore.LabelID][]Action
	// keep says to record the labels the search makes: a writer of
	// multi-actions as terms asked for them (KeepMultiActions). The
	// labels New makes (fixed summands') are recorded always.
	keep bool
}

// record keeps the actions of label id, printed as acts, if it has none
// and m keeps the search's labels.
func (m *multiActions) record(id explore.LabelID, acts []printedAction, args []uint32) {
	if !m.keep {
		return
	}
	m.mu.RLock()
	_, ok := m.acts[id]
	m.mu.RUnlock()
	if ok {
		return
	}
	out := make([]Action, len(acts))
	for i, a := range acts {
		out[i].Decl = a.decl
		for j := range a.decl.Sorts {
			out[i].Args = append(out[i].Args, rewrite.Term(args[a.arg+j]))
		}
	}
	m.mu.Lock()
	if _, ok := m.acts[id]; !ok {
		m.acts[id] = out
	}
	m.mu.Unlock()
}

// KeepMultiActions makes g and its forks keep the actions of every label
// the search makes, for MultiAction: the .lts and .trc writers and
// checkpoints call it before the search starts. Without it only the
// labels of summands without parameters in their actions are kept:
// recording the others cost bakery, whose labels are new on most states,
// 7% of a one-thread run with its .aut (a map entry and an allocation per
// label, under a lock that the forks share).
func (g *Generator) KeepMultiActions() { g.multiActions.keep = true }

// MultiAction returns the actions of label id, in the order of its
// printed form; none for tau. ok is false for a label this generator did
// not make, and for one the search made before KeepMultiActions.
func (g *Generator) MultiAction(id explore.LabelID) (acts []Action, ok bool) {
	if id == explore.TauLabel {
		return nil, true
	}
	m := g.multiActions
	m.mu.RLock()
	defer m.mu.RUnlock()
	acts, ok = m.acts[id]
	return acts, ok
}

// RestoreLabel interns the label text with the actions acts (a label of
// an earlier run, saved by a checkpoint, as MultiAction gave it) and
// returns its id. A continued run restores its labels in the order of
// their ids before it generates any: as the labels of fixed summands are
// interned in the same order by every run of the specification, the ids
// come out as they were, which the caller checks.
func (g *Generator) RestoreLabel(text string, acts []Action) explore.LabelID {
	id := g.labels.InternString(text)
	if id == explore.TauLabel {
		return id
	}
	m := g.multiActions
	m.mu.Lock()
	if _, ok := m.acts[id]; !ok {
		m.acts[id] = acts
	}
	m.mu.Unlock()
	return id
}
