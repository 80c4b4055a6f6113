package stochastic

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/lps2lts/lps2lts/explore"
)

// AutWriter writes a probabilistic .aut file. The header holds the initial
// distribution, known before the first transition, and the counts, known
// only at the end, so the transitions are kept as compact records and
// written by Close.
type AutWriter struct {
	explore.NopVisitor
	out    io.Writer
	labels *explore.Labels
	probs  *Probabilities
	init   []uint32 // state, prob, state, prob, ..., state
	// recs holds per transition: from, label, n, then n states and n-1
	// probabilities interleaved as in the file.
	recs []uint32
	n    uint64
}

// NewAutWriter returns a probabilistic .aut writer on out.
func NewAutWriter(out io.Writer, labels *explore.Labels, probs *Probabilities) *AutWriter {
	return &AutWriter{out: out, labels: labels, probs: probs}
}

func appendDist(dst []uint32, to []explore.StateID, probs []explore.ProbabilityID) []uint32 {
	for k, s := range to {
		if k > 0 {
			dst = append(dst, uint32(probs[k-1]))
		}
		dst = append(dst, uint32(s))
	}
	return dst
}

func (a *AutWriter) InitialDistribution(states []explore.StateID, probs []explore.ProbabilityID) {
	a.init = appendDist(a.init[:0], states, probs)
}

func (a *AutWriter) ExamineStochasticTransition(from explore.StateID, label explore.LabelID, to []explore.StateID, probs []explore.ProbabilityID) {
	a.n++
	a.recs = append(a.recs, uint32(from), uint32(label), uint32(len(to)))
	a.recs = appendDist(a.recs, to, probs)
}

// ExamineTransition records a transition of a plain search (one target).
func (a *AutWriter) ExamineTransition(from explore.StateID, label explore.LabelID, to explore.StateID) {
	a.n++
	a.recs = append(a.recs, uint32(from), uint32(label), 1, uint32(to))
}

func (a *AutWriter) appendDist(b []byte, d []uint32) []byte {
	for i, v := range d {
		if i%2 == 1 {
			b = append(b, ' ')
			b = append(b, a.probs.Text(explore.ProbabilityID(v))...)
			b = append(b, ' ')
			continue
		}
		b = strconv.AppendUint(b, uint64(v), 10)
	}
	return b
}

// Close writes the file.
func (a *AutWriter) Close(r explore.Result) error {
	if r.Transitions != a.n {
		return fmt.Errorf("aut writer saw %d transitions, search reports %d", a.n, r.Transitions)
	}
	w := bufio.NewWriterSize(a.out, 1<<16)
	b := []byte("des (")
	if len(a.init) == 0 {
		b = append(b, '0')
	}
	b = a.appendDist(b, a.init)
	b = fmt.Appendf(b, ",%d,%d)\n", a.n, r.States)
	w.Write(b)
	for i := 0; i < len(a.recs); {
		from, label, n := a.recs[i], a.recs[i+1], int(a.recs[i+2])
		i += 3
		b = append(b[:0], '(')
		b = strconv.AppendUint(b, uint64(from), 10)
		b = append(b, ',', '"')
		b = append(b, a.labels.Text(explore.LabelID(label))...)
		b = append(b, '"', ',')
		b = a.appendDist(b, a.recs[i:i+2*n-1])
		i += 2*n - 1
		b = append(b, ')', '\n')
		w.Write(b)
	}
	a.recs = nil
	return w.Flush()
}
