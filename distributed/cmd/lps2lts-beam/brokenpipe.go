package main

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// A SIGPIPE stops the run only when the reader of standard output or
// standard error went away. Beam's runners talk to their workers over
// sockets, and once a program asks for SIGPIPE (handleSignals must, or a
// write to a closed standard output kills the process before the work
// folder is removed), Go delivers the signal for every broken pipe or
// socket, a runner's included: such a SIGPIPE once stopped a healthy run
// with "Interrupted" and status 141. So the signal handler ignores SIGPIPE
// itself, and the writers of standard output and error report a write
// that failed with EPIPE instead.

// pipeWatch passes writes on to w and sends SIGPIPE on broken (without
// waiting) when one fails because the pipe's reader is gone.
type pipeWatch struct {
	w      io.Writer
	broken chan<- os.Signal
}

func watchPipe(w io.Writer, broken chan<- os.Signal) io.Writer {
	return pipeWatch{w: w, broken: broken}
}

func (p pipeWatch) Write(b []byte) (int, error) {
	n, err := p.w.Write(b)
	if errors.Is(err, syscall.EPIPE) {
		select {
		case p.broken <- syscall.SIGPIPE:
		default:
		}
	}
	return n, err
}
