package enumerate

import (
	"fmt"

	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// DefaultLimit bounds the number of partial assignments one enumeration
// may visit before it gives up with an error.
const DefaultLimit = 1 << 20

// Enumerator finds solutions of conditions. It is not safe for concurrent
// use; make one per goroutine, each with its own Rewriter (Rewriter.Clone).
type Enumerator struct {
	r *rewrite.Rewriter
	// Limit bounds the partial assignments visited per Enumerate call;
	// DefaultLimit when 0.
	Limit int
	vars  []rewrite.Term
	buf   []rewrite.Term // solutions replayed from a Cache
}

// New returns an enumerator that rewrites with r.
func New(r *rewrite.Rewriter) *Enumerator {
	return &Enumerator{r: r}
}

// Rewriter returns the rewriter e uses.
func (e *Enumerator) Rewriter() *rewrite.Rewriter { return e.r }

// Enumerate calls yield for every assignment of vars that makes cond true
// under s. The slice passed to yield is reused; yield returns false to
// stop. Errors name the variables and their sorts.
func (e *Enumerator) Enumerate(vars []*lps.Var, cond rewrite.Term, s *rewrite.Subst, yield func(vals []rewrite.Term) bool) error {
	for _, v := range vars {
		if v.S.Kind == lps.SortReal {
			return fmt.Errorf("cannot enumerate elements of sort Real (sum variable %s)", v.Name)
		}
	}
	e.vars = e.vars[:0]
	for _, v := range vars {
		e.vars = append(e.vars, e.r.VarTerm(v))
	}
	limit := e.Limit
	if limit == 0 {
		limit = DefaultLimit
	}
	return e.r.Solve(e.vars, cond, s, limit, yield)
}
