package lpsgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/corpus"
	"github.com/lps2lts/lps2lts/lps/load"
	"github.com/lps2lts/lps2lts/store"
)

// TestPipelineInternalFunctions: mCRL2's example models as mcrl22lps wrote
// them (../shared/pipeline/default/*/mcrl2.lps) that apply @monus
// (hopcroft, peg_solitaire) and @natpred (the six ERTMS version1A cases)
// load and explore: hopcroft whole, with mCRL2's 17 states and 31
// transitions (its expect.json), the others the first 300 states (their
// prefix.json asks for 5,000; corpus-check runs those). They were refused
// ("unsupported internal function @monus"). Skips without ../shared.
func TestPipelineInternalFunctions(t *testing.T) {
	if corpus.Dir() == "" {
		t.Skip("no ../shared/corpus beside the repository: the pipeline models are not here")
	}
	dir := filepath.Join(corpus.Dir(), "..", "pipeline", "default")
	cases := []struct {
		name          string
		max           int // 0: the whole state space
		states, trans int // mCRL2's figures, for a whole run
	}{
		{"ex.academic.hopcroft.hopcroft", 0, 17, 31},
		{"ex.games.peg_solitaire.peg_solitaire", 300, 0, 0},
		{"ex.industrial.ERTMS.version1A.section_I.IU.ertms-hl3", 300, 0, 0},
		{"ex.industrial.ERTMS.version1A.section_I.SU.ertms-hl3", 300, 0, 0},
		{"ex.industrial.ERTMS.version1A.section_II.IU.ertms-hl3", 300, 0, 0},
		{"ex.industrial.ERTMS.version1A.section_II.IU.ertms-hl3.announce", 300, 0, 0},
		{"ex.industrial.ERTMS.version1A.section_II.SU.ertms-hl3", 300, 0, 0},
		{"ex.industrial.ERTMS.version1A.section_II.SU.ertms-hl3.announce", 300, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(dir, c.name, "mcrl2.lps")
			src, err := os.ReadFile(file)
			if err != nil {
				t.Skipf("%s: %v", file, err)
			}
			spec, err := load.Read(file, src)
			if err != nil {
				t.Fatal(err)
			}
			g, err := New(spec, Options{})
			if err != nil {
				t.Fatal(err)
			}
			res, err := explore.New(g, explore.Options{MaxStates: c.max, Store: store.NewTableStore(g.Width())}).Run()
			if err != nil {
				t.Fatal(err)
			}
			switch {
			case c.max == 0 && (res.States != c.states || int(res.Transitions) != c.trans):
				t.Errorf("%d states and %d transitions, mCRL2 has %d and %d", res.States, res.Transitions, c.states, c.trans)
			case c.max > 0 && res.States < c.max:
				t.Errorf("%d states, not the %d asked for", res.States, c.max)
			}
		})
	}
}
