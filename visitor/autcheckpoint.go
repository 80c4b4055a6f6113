package visitor

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/lps2lts/lps2lts/explore"
)

// Checkpoints of a streamed .aut (cmd/lps2lts's --checkpoint): the
// transitions go to a spill file that outlives the process (in the
// checkpoint's folder), after the header's placeholder, and Close writes
// the header and copies them to the real output, as for standard output
// (NewAutWriterSpill). A checkpoint records the spill's length and the
// transitions it holds (Checkpoint); a resumed run cuts the spill back to
// that length, dropping what a killed run wrote after the checkpoint, and
// appends (ResumeAutWriterSpill). The header's counts come from the
// Result at Close, so the resumed file is the one an uninterrupted run
// writes, byte for byte.

// Checkpoint writes out every transition seen so far and syncs the
// spill file to the disk; it returns the spill's length and the number
// of transitions it holds. The writer must write to a spill file
// (NewAutWriterSpill with an *os.File, possibly wrapped).
func (a *AutWriter) Checkpoint(spill *os.File) (length int64, transitions uint64, err error) {
	if a.final == nil || a.seeker == nil {
		return 0, 0, fmt.Errorf("aut writer: checkpoints need a spill file")
	}
	if a.bg != nil {
		a.flushBackground() // the goroutine ends; a fresh one takes the next lines
		a.WriteInBackground()
	}
	if err := a.w.Flush(); err != nil {
		return 0, 0, err
	}
	if err := spill.Sync(); err != nil {
		return 0, 0, err
	}
	length, err = a.seeker.Seek(0, io.SeekCurrent)
	return length, a.n, err
}

// CloseAdopting is Close for a writer whose spill file can become the
// output as it is: the header goes over the spill's placeholder and adopt
// moves the spill to the output's place (a link or a rename), where Close
// would copy every line, twice a long run's disk traffic at its end. When
// adopt fails (the spill is on another file system), the lines are
// copied as Close copies them. The writer must write to a spill file
// (NewAutWriterSpill) and pad the header (PadHeader), so that the file
// is the one Close writes, byte for byte.
func (a *AutWriter) CloseAdopting(r explore.Result, adopt func() error) error {
	if a.final == nil || a.seeker == nil || !a.padFinal {
		return a.Close(r)
	}
	hdr, err := a.finish(r)
	if err != nil {
		return err
	}
	if err := a.w.Flush(); err != nil {
		return err
	}
	if err := a.writeHeader(hdr); err != nil {
		return err
	}
	if adopt() == nil {
		return nil
	}
	return a.copySpill(hdr)
}

// PadHeader makes Close write the header padded with blanks to the
// width of a streamed file's placeholder, so that a file written through
// a spill is byte for byte the one NewAutWriter streams into a file.
func (a *AutWriter) PadHeader() { a.padFinal = true }

// ResumeAutWriterSpill returns an .aut writer that continues a spill
// file written up to length with transitions transitions (Checkpoint's
// figures): the spill is cut back to length and the writer appends.
func ResumeAutWriterSpill(out io.Writer, spill *os.File, wrapped io.ReadWriteSeeker, length int64, transitions uint64, labels *explore.Labels) (*AutWriter, error) {
	if length < autHeaderWidth {
		return nil, fmt.Errorf("the checkpoint's .aut has %d bytes, fewer than its header's %d", length, autHeaderWidth)
	}
	st, err := spill.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() < length {
		return nil, fmt.Errorf("the checkpoint's .aut has %d bytes, the checkpoint says %d", st.Size(), length)
	}
	if err := spill.Truncate(length); err != nil {
		return nil, err
	}
	if _, err := wrapped.Seek(length, io.SeekStart); err != nil {
		return nil, err
	}
	a := &AutWriter{labels: labels, seeker: wrapped, final: out, n: transitions}
	a.w = bufio.NewWriterSize(wrapped, 1<<16)
	return a, nil
}
