package lpsgen

// Passthrough gives a generator built on a Generator (the timed,
// stochastic and confluence forms) the methods that go straight to it:
// interruption (explore.Interruptible), state printing
// (visitor.StateFormatter) and the declared actions. Embed it.
type Passthrough struct{ Base *Generator }

// Interrupt and Resume stop and resume the base generator's rewriter.
func (p Passthrough) Interrupt() { p.Base.Interrupt() }
func (p Passthrough) Resume()    { p.Base.Resume() }

// Parameters and AppendValue print states as the base generator does.
func (p Passthrough) Parameters() (names, sorts []string) { return p.Base.Parameters() }
func (p Passthrough) AppendValue(dst []byte, v uint32) []byte {
	return p.Base.AppendValue(dst, v)
}

// DeclaredActions returns the names of the specification's action labels.
func (p Passthrough) DeclaredActions() []string { return p.Base.DeclaredActions() }
