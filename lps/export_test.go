package lps

// SetOpInfo replaces op's entry of the operator table for a test (which
// is how TestOneOperatorTable sees that the parser and both printers read
// the table rather than a copy) and returns the function that puts it
// back.
func SetOpInfo(op Op, in OpInfo) (restore func()) {
	old := opTable[op]
	opTable[op] = in
	return func() { opTable[op] = old }
}
