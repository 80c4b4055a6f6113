package enumerate

import (
	"github.com/lps2lts/lps2lts/lps"
	"github.com/lps2lts/lps2lts/rewrite"
)

// DefaultMaxSolutions bounds the number of partial assignments one
// enumeration may visit before it gives up with an error.
const DefaultMaxSolutions = 1 << 20

// Enumerator finds solutions of conditions. It is not safe for concurrent
// use; make one per goroutine, each with its own Rewriter (Rewriter.Clone).
type Enumerator struct {
	r     *rewrite.Rewriter
	Limit int // bound on visited partial assignments; DefaultMaxSolutions if 0
}

// New returns an enumerator that rewrites with r.
func New(r *rewrite.Rewriter) *Enumerator {
	return &Enumerator{r: r}
}

// Enumerate calls yield for every assignment of vars that makes cond true
// under s. The slice passed to yield is reused; yield returns false to stop.
func (e *Enumerator) Enumerate(vars []*lps.Var, cond rewrite.Term, s *rewrite.Subst, yield func(vals []rewrite.Term) bool) error {
	return nil
}
