package store

// Stats is implemented by stores that can describe their memory use
// and their guarantees (printed by lps2lts -v).
type Stats interface {
	// Bytes is the memory held by the store's tables.
	Bytes() int
	// Describe is a one-line description of the store after a search.
	Describe() string
}
