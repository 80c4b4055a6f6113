package ltsfile

import (
	"io"

	"github.com/lps2lts/lps2lts/aterm"
	"github.com/lps2lts/lps2lts/explore"
)

// WriteTrace writes a trace as mCRL2 saves one (its .trc format): an LTS
// that is a single path, state i -labels[i]-> state i+1 from the initial
// state 0, with the parameter values of each state along it when states
// holds them (len(labels)+1 vectors; nil for a trace without states).
// src.Gen must have kept its labels' actions since before the search
// (lpsgen.Generator.KeepMultiActions).
func WriteTrace(out io.Writer, src Source, states [][]uint32, labels []explore.LabelID) error {
	w := aterm.NewWriter(out)
	e := newEncoder(src, w)
	if err := e.header(w); err != nil {
		return err
	}
	for i, l := range labels {
		if err := e.transition(w, explore.StateID(i), l, explore.StateID(i+1)); err != nil {
			return err
		}
	}
	if len(states) == len(labels)+1 {
		for _, vec := range states {
			t, err := e.stateLabel(vec[:src.Width])
			if err != nil {
				return err
			}
			if err := w.Write(t); err != nil {
				return err
			}
		}
	}
	w.Write(e.enc.T.Appl("initial_state"))
	if err := e.distribution(w, []explore.StateID{0}, nil); err != nil {
		return err
	}
	return w.Close()
}
