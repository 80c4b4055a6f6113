package lpsgen

// The candidates of a state depend on its control parameters' values
// alone, and a model's states share few combinations of them: merc.
// onebit_3-b's eight control parameters take a few hundred in 289,296
// states. Computing the candidates (a lookup per parameter, an AND of
// bit sets, the list) cost 590 instructions a state there, a twentieth
// of the run; candMemo answers a combination seen before by a hash and
// a compare of the values.

// candMemo is a direct-mapped memo from the control parameters' values
// to the candidates' list.
type candMemo struct {
	// width is the number of control parameters; entry e's values are
	// keys[e*width:(e+1)*width], its list lists[e], valid if filled[e].
	width  int
	pos    []int // the control parameters' positions in the state
	keys   []uint32
	lists  [][]int
	filled []bool
	shift  uint
	// The memo stops (off) once a window of lookups found it mostly
	// missing: a model whose combinations are many pays the hash and
	// the copies for nothing.
	off            bool
	lookups, found int
}

// candMemoBits is the log of the memo's most entries; candMemoKeyBytes
// bounds its keys' bytes, so that a model with many control parameters
// has fewer entries (and a search with threads has one memo per fork).
const (
	candMemoBits     = 10
	candMemoKeyBytes = 64 << 10
)

// candMemoWindow is the number of lookups after which the memo is
// judged, again and again: it stays on while it finds at least a quarter.
const candMemoWindow = 4096

func newCandMemo(ci *controlIndex) *candMemo {
	width := len(ci.params)
	bits := candMemoBits
	for bits > 6 && (4*width)<<bits > candMemoKeyBytes {
		bits--
	}
	n := 1 << bits
	pos := make([]int, width)
	for i := range ci.params {
		pos[i] = ci.params[i].pos
	}
	return &candMemo{width: width, pos: pos, keys: make([]uint32, n*width), lists: make([][]int, n), filled: make([]bool, n), shift: uint(64 - bits)}
}

// entry returns the entry of state's control values and whether it holds
// them; on a miss the caller fills it (fill).
func (m *candMemo) entry(state []uint32) (int, bool) {
	h := uint64(0)
	for _, p := range m.pos {
		h = (h ^ uint64(state[p])) * 0x9E3779B97F4A7C15
	}
	e := int(h >> m.shift)
	m.lookups++
	if m.filled[e] {
		key := m.keys[e*m.width : (e+1)*m.width]
		hit := true
		for i, p := range m.pos {
			if key[i] != state[p] {
				hit = false
				break
			}
		}
		if hit {
			m.found++
			return e, true
		}
	}
	return e, false
}

// fill stores list as the candidates of state's control values in entry
// e, and returns the memo's copy; or list itself, where the memo has
// just judged a window of lookups and stopped (a window is judged at
// its first miss after its end).
func (m *candMemo) fill(e int, state []uint32, list []int) []int {
	if m.lookups >= candMemoWindow {
		m.off = m.found < candMemoWindow/4
		m.lookups, m.found = 0, 0
		if m.off {
			// Off for the rest of the search: its memory goes back.
			m.keys, m.lists, m.filled = nil, nil, nil
			return list
		}
	}
	key := m.keys[e*m.width : (e+1)*m.width]
	for i, p := range m.pos {
		key[i] = state[p]
	}
	m.lists[e] = append(m.lists[e][:0], list...)
	m.filled[e] = true
	return m.lists[e]
}
