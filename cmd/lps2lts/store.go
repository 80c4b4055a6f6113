package main

import (
	"fmt"
	"io"

	"github.com/spf13/pflag"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/store"
)

// storeConfig selects the visited-state store (--store and its options).
type storeConfig struct {
	kind              string
	hcBits, hcTable   int
	hcProbes          int
	bsBits, bsHashes  int
	cbCache, cbDDD    int
	cbNumbers, cbPath bool
	cbHeld            bool
	treeRoots         string
	memoryMB          int
	flags             *pflag.FlagSet // to tell a given --hc-table or --bs-bits from the default
}

// defaultComBackCache is the default --comback-cache. Without a cache,
// depth-first ComBack replays paths as long as the search is deep (Westergaard et al.,
// "The ComBack Method": "If we instrument the ComBack method with even a small cache when
// using DFS, or if we use BFS, processing is much faster"): the corpus's
// dining_10 and hesselink_2-b take over 120 s with none or 1,024 states,
// 16 s and 9 s with 4,096; the cache costs 4,096 vectors whatever the
// state count.
const defaultComBackCache = 4096

func addStoreFlags(f *pflag.FlagSet, c *storeConfig) {
	c.flags = f
	f.IntVar(&c.memoryMB, "memory", 0, "hashcompact, bitstate: size the table to at most `MB` megabytes when --hc-table or --bs-bits is not given (0: their defaults)")
	f.StringVar(&c.kind, "store", "tree", "visited-state store `NAME`: tree (tree compression: shared sub-vectors; exact, a few bytes per state), table (full state vectors: more memory, faster on some models), hashcompact (Stern-Dill hash compaction; may omit states), bitstate (bitstate hashing; may omit states, no LTS output) or comback (hash compaction with backtracking; exact)")
	f.StringVar(&c.treeRoots, "tree-roots", "compact", "tree: keep the root pairs as `KIND`: compact (a compact hash table: each root's number and the part of its hash its slot does not say) or words (packed, with an index over them: a third more store memory)")
	f.IntVar(&c.hcBits, "hc-bits", 40, "hashcompact: `BITS` per compressed state (a multiple of 8, 8 to 64)")
	f.IntVar(&c.hcTable, "hc-table", 1<<22, "hashcompact: table size in `SLOTS` (rounded up to a prime)")
	f.IntVar(&c.hcProbes, "hc-probes", 0, "hashcompact: t-limited scheme, at most `t` probes per insertion, then replace a probed slot (0: no limit)")
	f.IntVar(&c.bsBits, "bs-bits", 1<<28, "bitstate: size of the bit array in `BITS` (rounded up to a power of two)")
	f.IntVar(&c.bsHashes, "bs-hashes", 3, "bitstate: number `k` of hash functions (double hashing)")
	f.IntVar(&c.cbCache, "comback-cache", defaultComBackCache, "comback: cache `N` full states (0: none, the basic ComBack method)")
	f.IntVar(&c.cbDDD, "comback-ddd", 0, "comback: delayed duplicate detection, resolving up to `N` candidates in one pruned replay of the backedge tree (0: off)")
	f.BoolVar(&c.cbNumbers, "comback-numbers", false, "comback: the todo list keeps state numbers and reconstructs states when they are expanded")
	f.BoolVar(&c.cbPath, "comback-path", false, "comback: path optimisation (shorter backedges when a state is met at a smaller depth)")
	f.BoolVar(&c.cbHeld, "comback-held", true, "comback: reconstruct states from the nearest state the search holds in full (todo list, depth-first path) instead of the initial state")
}

// keepsStates reports whether the store keeps the states themselves (a
// trace can show them): all but the hash compaction and bitstate stores,
// which newStore refuses where states are needed.
func (c *storeConfig) keepsStates() bool {
	return c.kind != "hashcompact" && c.kind != "bitstate"
}

// newStore builds the store. ids says
// the run needs the number of every transition's target (an LTS is
// written, or nondeterminism is checked).
func newStore(c *storeConfig, gen explore.Generator, ids, needStates bool) (explore.Store, error) {
	switch c.kind {
	case "table", "":
		return store.NewTableStore(gen.Width()), nil
	case "tree":
		switch c.treeRoots {
		case "compact", "":
			return store.NewTreeStoreWith(gen.Width(), store.TreeOptions{CompactRoots: true}), nil
		case "words":
			return store.NewTreeStore(gen.Width()), nil
		}
		return nil, &usageError{Msg: fmt.Sprintf("unknown --tree-roots %q (use compact or words)", c.treeRoots)}
	case "hashcompact":
		if needStates {
			return nil, &usageError{Msg: "--store=hashcompact keeps no states: it cannot write .fsm files or check divergence"}
		}
		slots := c.hcTable
		if c.memoryMB > 0 && !c.given("hc-table") {
			slotBytes := c.hcBits / 8
			if ids {
				slotBytes += 4 // the state number kept beside the value
			}
			if slots = int(store.PrimeAtMost(uint64(c.memoryMB << 20 / max(slotBytes, 1)))); slots < 2 {
				return nil, &usageError{Msg: fmt.Sprintf("--memory=%d leaves no room for a hash compaction table", c.memoryMB)}
			}
		}
		return store.NewHashCompactStore(c.hcBits, slots, c.hcProbes, ids)
	case "bitstate":
		if ids || needStates {
			return nil, &usageError{Msg: "--store=bitstate keeps neither states nor state numbers: it cannot write an LTS or check nondeterminism, divergence or cycles"}
		}
		mbits := c.bsBits
		if c.memoryMB > 0 && !c.given("bs-bits") {
			mbits = floorPow2(c.memoryMB << 23)
		}
		return store.NewBitstateStore(mbits, c.bsHashes)
	case "comback":
		return newComBack(c, gen)
	}
	return nil, &usageError{Msg: fmt.Sprintf("unknown store %q (use table, tree, hashcompact, bitstate or comback)", c.kind)}
}

func (c *storeConfig) given(name string) bool {
	return c.flags != nil && c.flags.Changed(name)
}

// floorPow2 is the largest power of two not above n (0 for n < 1): the
// stores round sizes up, and --memory is a ceiling.
func floorPow2(n int) int {
	if n < 1 {
		return 0
	}
	p := 1
	for p <= n/2 {
		p *= 2
	}
	return p
}

// reportStore prints the store's summary: the omission estimate of the
// stores that may omit states always (unless quiet), since it qualifies
// the result; memory per state with -v.
func reportStore(w io.Writer, x *explore.Explorer, states int, verbose, quiet bool) {
	st := x.Store()
	if d, ok := st.(store.Stats); ok && !quiet {
		_, lossy := st.(interface{ OmissionProbability() float64 })
		if lossy || verbose {
			fmt.Fprintln(w, d.Describe())
		}
	}
	if !verbose || states == 0 {
		return
	}
	bytes := storeBytes(st)
	fmt.Fprintf(w, "store: %.2f bytes/state (%d bytes); todo list: %.2f bytes/state (%d bytes)\n",
		float64(bytes)/float64(states), bytes, float64(x.QueueBytes())/float64(states), x.QueueBytes())
	if _, keyed := st.(*store.ComBackStore); keyed {
		if g, ok := x.Generator().(interface{ SolutionBytes() int }); ok {
			fmt.Fprintf(w, "transition keys: %d bytes of sum-variable solutions\n", g.SolutionBytes())
		}
	}
}

func newComBack(c *storeConfig, gen explore.Generator) (explore.Store, error) {
	if c.cbCache < 0 || c.cbDDD < 0 {
		return nil, &usageError{Msg: "--comback-cache and --comback-ddd take a non-negative number"}
	}
	return store.NewComBackStore(gen, store.ComBackOptions{Cache: c.cbCache, PathOpt: c.cbPath, Numbers: c.cbNumbers, DDD: c.cbDDD, NoHeld: !c.cbHeld}), nil
}
