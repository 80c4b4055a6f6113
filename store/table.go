package store

import (
	"fmt"

	"github.com/lps2lts/lps2lts/explore"
	"github.com/lps2lts/lps2lts/internal/vecset"
)

// TableStore keeps every state's full vector: a hash set of vectors
// (internal/vecset) numbering them in order of insertion. It costs 4 bytes
// per value and 8 to 16 per state for the index, hashes a state once per
// insertion, and gives a state's vector back without decoding it, so the
// todo list holds numbers only.
type TableStore struct {
	set *vecset.Set
}

// NewTableStore returns an empty table store for vectors of width values.
func NewTableStore(width int) *TableStore {
	return &TableStore{set: vecset.New(width)}
}

// Insert stores state if it is new and returns its number.
func (s *TableStore) Insert(state []uint32) (explore.StateID, bool) {
	id, isNew := s.set.Insert(state)
	return explore.StateID(id), isNew
}

// State returns the stored vector of id; it stays valid for the life of
// the store (more than explore.Store asks).
func (s *TableStore) State(id explore.StateID) []uint32 { return s.set.Vector(uint32(id)) }

// Len returns the number of stored states.
func (s *TableStore) Len() int { return s.set.Len() }

// QueueVectors: the todo list holds numbers, whose vectors State gives
// back for free.
func (s *TableStore) QueueVectors() bool { return false }

// CanState: every state can be given back.
func (s *TableStore) CanState() bool { return true }

// Bytes is the memory held by the vectors and the index.
func (s *TableStore) Bytes() int { return s.set.Bytes() }

// Describe sums up the store after a search.
func (s *TableStore) Describe() string {
	return fmt.Sprintf("table store: %d states of %d values, %d bytes", s.set.Len(), s.set.Width(), s.set.Bytes())
}
