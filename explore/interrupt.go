package explore

import "errors"

// ErrInterrupted is the error of a Successors call cut short by Interrupt:
// an Interruptible generator returns an error for which errors.Is(err,
// ErrInterrupted) holds.
var ErrInterrupted = errors.New("interrupted")

// stateError is the error of Run when the successors of s failed with err:
// none, and the search stops, when err comes from an interruption (the
// state stays unfinished: no FinishState event).
func (x *Explorer) stateError(s StateID, err error) error {
	if errors.Is(err, ErrInterrupted) {
		x.stop.Store(true)
		return nil
	}
	return &StateError{State: s, Err: err}
}
