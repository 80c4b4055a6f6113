package explore

import "hash/maphash"

// SetLabelHash replaces the labels' hash of texts for a test and returns
// the function that puts it back.
func SetLabelHash(h func(maphash.Seed, string) uint64) (restore func()) {
	old := labelHash
	labelHash = h
	return func() { labelHash = old }
}

// SetSpecHash replaces the speculation's hash of states for a test and
// returns the function that puts it back.
func SetSpecHash(h func([]uint32) uint64) (restore func()) {
	old := specHash
	specHash = h
	return func() { specHash = old }
}

// SetSpecMaxStates bounds the speculation's set for a test and returns
// the function that puts the bound back.
func SetSpecMaxStates(n int) (restore func()) {
	old := specMaxStates
	specMaxStates = n
	return func() { specMaxStates = old }
}
