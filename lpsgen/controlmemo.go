package lpsgen

import "slices"

// The candidates of a state depend on its control parameters' values
// alone, and a model's states share few combinations of them: merc.
// onebit_3-b's control parameters take a few hundred in 289,296 states.
// Computing the candidates (a lookup per parameter, an AND of bit sets,
// the list) cost 590 instructions a state there, a twentieth of the run.
// candMemo numbers the combinations in a key table, as a guard cache
// numbers the values its condition reads (keytable.go: the last key
// compared in place, short keys packed, a memo in front of the sets), and
// keeps each one's list.

// candMemo maps the control parameters' values to the candidates' list.
type candMemo struct {
	reads []int    // the control parameters' positions in the state
	keys  keyTable // their values, numbered
	lists [][]int  // the candidates of key number i
	// max is the most keys: past it, or past candMemoListBytes of lists,
	// the table starts again empty. listBytes are the lists' bytes.
	max       int
	listBytes int
	// The memo stops (off) once a window of lookups found it mostly
	// missing: a model whose combinations are many pays the lookups and
	// the copies for nothing.
	off            bool
	lookups, found int
}

// candMemoKeys is the most keys of a memo; candMemoKeyBytes bounds their
// values' bytes, so that a model with many control parameters keeps fewer
// (and a search with threads has one memo per fork), down to 64, and
// candMemoListBytes the bytes of their lists. With 1,024 keys the memo
// started again empty every thousand keys on the first 20,000 states of
// the bench's Dijkstra and Aravind_BLRU, which took 2.2% more
// instructions than with 4,096 (the peak RSS of issue 41's models the
// same within 0.2 MB).
const (
	candMemoKeys      = 4096
	candMemoKeyBytes  = 256 << 10
	candMemoListBytes = 1 << 20
)

// candMemoWindow is the number of lookups after which the memo is
// judged, again and again: it stays on while it finds at least a quarter.
const candMemoWindow = 4096

func newCandMemo(ci *controlIndex) *candMemo {
	reads := make([]int, len(ci.params))
	for i := range ci.params {
		reads[i] = ci.params[i].pos
	}
	return &candMemo{reads: reads, keys: newKeyTable(len(reads)), max: max(64, min(candMemoKeys, candMemoKeyBytes/(4*len(reads))))}
}

// find returns the candidates of state's control values, if the memo
// holds them; after a miss, add stores them.
func (m *candMemo) find(state []uint32) ([]int, bool) {
	m.lookups++
	if id, ok := m.keys.findIn(state, m.reads); ok {
		m.found++
		return m.lists[id], true
	}
	return nil, false
}

// add stores list as the candidates of the values find missed, and
// returns the memo's copy; or list itself, where the memo has just
// judged a window of lookups and stopped (a window is judged at its
// first miss after its end).
func (m *candMemo) add(list []int) []int {
	if m.lookups >= candMemoWindow {
		m.off = m.found < candMemoWindow/4
		m.lookups, m.found = 0, 0
		if m.off {
			// Off for the rest of the search: its memory goes back.
			m.keys.reset()
			m.lists = nil
			return list
		}
	}
	if len(m.lists) == m.max || m.listBytes > candMemoListBytes {
		m.keys.reset()
		m.lists, m.listBytes = m.lists[:0], 0
	}
	m.listBytes += 8 * len(list)
	m.keys.add() // numbered len(m.lists): a table numbers its keys densely
	m.lists = append(m.lists, slices.Clone(list))
	return m.lists[len(m.lists)-1]
}
