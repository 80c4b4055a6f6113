package main

import (
	"io"

	"github.com/lps2lts/lps2lts/confluence"
	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/lpsgen"
	"github.com/lps2lts/lps2lts/ltsfile"
	"github.com/lps2lts/lps2lts/stochastic"
	"github.com/lps2lts/lps2lts/timed"
	"github.com/lps2lts/lps2lts/visitor"
)

// ltsSource finds what the .lts and .trc writers need of the search: the
// plain generator under the stochastic or confluence form, the store, and
// the probabilities, and a timed process's label parts. Timed stochastic
// processes are refused: the stochastic generator's labels carry times
// the writer is not told apart.
func ltsSource(x *explore.Explorer, store bool) (ltsfile.Source, error) {
	var src ltsfile.Source
	var base *lpsgen.Generator
	switch g := x.Generator().(type) {
	case *lpsgen.Generator:
		base = g
	case *stochastic.Generator:
		base = g.Base
		src.Probability = g.Probabilities().Value
	case *confluence.Generator:
		base = g.Base
	case *timed.Generator:
		base = g.Base
		src.Timed = g.LabelParts
	}
	if base == nil || timed.IsTimed(base.Spec()) && src.Timed == nil {
		return src, &usageError{Msg: "the mCRL2 .lts format is not supported for timed stochastic specifications (use aut)"}
	}
	src.Gen, src.Width = base, len(base.Spec().Params)
	if store {
		src.Store = x.Store()
	}
	return src, nil
}

// newLTSWriter returns the .lts writer on w (its header written).
func newLTSWriter(w io.Writer, cfg *config, x *explore.Explorer) (visitor.LTSWriter, error) {
	src, err := ltsSource(x, !cfg.noInfo)
	if err != nil {
		return nil, err
	}
	lw, err := ltsfile.NewWriter(w, src)
	if err != nil {
		return nil, err
	}
	lw.NoInfo = cfg.noInfo
	return lw, nil
}

// ltsTraces makes the detectors save their traces in mCRL2's .trc format,
// with the states along the path when the store keeps them.
func ltsTraces(tw *visitor.TraceWriter, x *explore.Explorer, states bool) error {
	src, err := ltsSource(x, states)
	if err != nil {
		return err
	}
	src.Gen.KeepMultiActions() // a trace prints its labels' terms (ltsfile.NewWriter asks for the .lts itself)
	tw.Write = func(w io.Writer, path []explore.StateID, labels []explore.LabelID) error {
		var vecs [][]uint32
		if src.Store != nil && len(path) == len(labels)+1 {
			for _, s := range path {
				// Some stores give every state in one buffer.
				vecs = append(vecs, append([]uint32(nil), src.Store.State(s)...))
			}
		}
		return ltsfile.WriteTrace(w, src, vecs, labels)
	}
	return nil
}
