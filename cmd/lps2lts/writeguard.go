package main

import (
	"io"
	"sync"
)

// writeGuard stops the search at the first write to the output that
// fails — a full disk, a file-size limit (ulimit -f), a closed pipe — so
// that a run whose LTS can no longer be written does not explore on for
// nothing; the error comes back from the writer's Close (buffered writers
// keep it) and from failed.
type writeGuard struct {
	stop func()
	mu   sync.Mutex
	err  error
}

// wrap returns w with its writes watched; a w that can seek still can
// (the .aut writer streams into a seekable file).
func (g *writeGuard) wrap(w io.Writer) io.Writer {
	if ws, ok := w.(io.WriteSeeker); ok {
		return &guardedSeeker{guardedWriter{w, g}, ws}
	}
	return &guardedWriter{w, g}
}

// fail records the first error and stops the search.
func (g *writeGuard) fail(err error) {
	g.mu.Lock()
	first := g.err == nil
	if first {
		g.err = err
	}
	g.mu.Unlock()
	if first {
		g.stop()
	}
}

// failed is the first write error, or nil.
func (g *writeGuard) failed() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.err
}

type guardedWriter struct {
	w io.Writer
	g *writeGuard
}

func (gw *guardedWriter) Write(p []byte) (int, error) {
	n, err := gw.w.Write(p)
	if err != nil {
		gw.g.fail(err)
	}
	return n, err
}

// guardedSeeker also seeks, and reads where the file it guards can (the
// spill file is read back).
type guardedSeeker struct {
	guardedWriter
	s io.Seeker
}

func (gs *guardedSeeker) Seek(off int64, whence int) (int64, error) { return gs.s.Seek(off, whence) }

func (gs *guardedSeeker) Read(p []byte) (int, error) {
	if r, ok := gs.w.(io.Reader); ok {
		return r.Read(p)
	}
	return 0, io.ErrUnexpectedEOF
}
