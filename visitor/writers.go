package visitor

import (
	"github.com/lps2lts/lps2lts/explore"

	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// LTSWriter is a visitor that writes the transition system. Close must be
// called after the search with its Result; it completes the file (for .aut
// the header) and reports the first write error.
type LTSWriter interface {
	explore.Visitor
	Close(r explore.Result) error
}

// autHeaderWidth is the width of the placeholder header of a streamed .aut
// file; it fits "des (0,T,S)" for any 64-bit T and 32-bit S.
const autHeaderWidth = 64

// AutWriter writes the Aldebaran format: a header "des (0,T,S)" and one line
// (from,"label",to) per transition, as mCRL2 writes it (labels in double
// quotes, no escaping). On a seekable output (a file) the transitions are
// streamed while exploring after a blank header of fixed width, which Close
// overwrites. The header must come first and holds the counts, so an output
// that cannot seek (a pipe) gets the whole file at the end: the lines go
// meanwhile to a spill file (NewAutWriterSpill), or else are kept as compact
// records (12 bytes each).
type AutWriter struct {
	explore.NopVisitor
	labels *explore.Labels
	seeker io.WriteSeeker
	// final, when not nil, is the real output and seeker a spill file
	// (an io.ReadWriteSeeker) whose lines Close copies to it after the
	// header.
	final io.Writer
	// padFinal: the header goes to final padded to autHeaderWidth, as a
	// streamed file has it (autcheckpoint.go).
	padFinal bool
	w        *bufio.Writer
	buf      []byte
	recs     []uint32 // from, label, to when buffering
	n        uint64
	err      error
	// bg, when the lines are written in the background, takes the
	// transitions in batches of records.
	bg *autBackground
}

// autBackground is the goroutine that formats and writes an AutWriter's
// lines (WriteInBackground): batches of records go to it through full,
// come back through free for reuse, and done closes when all are written.
type autBackground struct {
	batch []uint32
	full  chan []uint32
	free  chan []uint32
	done  chan struct{}
}

// autBatch is the number of transitions handed over at a time, and
// autBatches the number of batches that may wait for the writer.
const (
	autBatch   = 4096
	autBatches = 8
)

// WriteInBackground has the lines formatted and written by a goroutine of
// their own, in the order of the events: the explorer calls it when
// threads compute the successors and the insertion, which delivers every
// event in order, is the stage that bounds the speed. Close waits for the
// last line.
func (a *AutWriter) WriteInBackground() {
	if a.seeker == nil || a.bg != nil {
		return // the lines wait for Close anyway
	}
	bg := &autBackground{full: make(chan []uint32, autBatches), free: make(chan []uint32, autBatches+1), done: make(chan struct{})}
	for range autBatches + 1 {
		bg.free <- make([]uint32, 0, 3*autBatch)
	}
	bg.batch = <-bg.free
	a.bg = bg
	go func() {
		defer close(bg.done)
		for recs := range bg.full {
			a.writeRecords(recs)
			bg.free <- recs[:0]
		}
	}()
}

// flushBackground hands the last batch over and waits for the writer
// goroutine to finish.
func (a *AutWriter) flushBackground() {
	bg := a.bg
	if bg == nil {
		return
	}
	bg.full <- bg.batch
	close(bg.full)
	<-bg.done
	a.bg = nil
}

// NewAutWriter returns an .aut writer on out. If out is an io.WriteSeeker
// whose Seek works (a regular file), transitions are streamed.
func NewAutWriter(out io.Writer, labels *explore.Labels) *AutWriter {
	a := &AutWriter{labels: labels}
	if ws, ok := out.(io.WriteSeeker); ok {
		if _, err := ws.Seek(0, io.SeekCurrent); err == nil {
			a.seeker = ws
		}
	}
	a.start(out)
	return a
}

// NewAutWriterSpill returns an .aut writer on out, an output that cannot
// seek (a pipe, a terminal), whose lines are written to spill (an empty
// file, typically unlinked, that the caller closes after Close) while
// exploring and copied to out by Close after the header. Memory stays
// flat however many transitions there are; out sees the whole file at the
// end, as it would from a writer that keeps the lines.
func NewAutWriterSpill(out io.Writer, spill io.ReadWriteSeeker, labels *explore.Labels) *AutWriter {
	a := &AutWriter{labels: labels, seeker: spill, final: out}
	a.start(spill)
	return a
}

// start opens the buffered writer on out and, when it streams, writes the
// header's placeholder.
func (a *AutWriter) start(out io.Writer) {
	a.w = bufio.NewWriterSize(out, 1<<16)
	if a.seeker != nil {
		var hdr [autHeaderWidth]byte
		for i := range hdr {
			hdr[i] = ' '
		}
		hdr[autHeaderWidth-1] = '\n'
		a.w.Write(hdr[:])
	}
}

func (a *AutWriter) ExamineTransition(from explore.StateID, label explore.LabelID, to explore.StateID) {
	a.n++
	if bg := a.bg; bg != nil {
		bg.batch = append(bg.batch, uint32(from), uint32(label), uint32(to))
		if len(bg.batch) == cap(bg.batch) {
			bg.full <- bg.batch
			bg.batch = <-bg.free
		}
		return
	}
	if a.seeker == nil {
		a.recs = append(a.recs, uint32(from), uint32(label), uint32(to))
		return
	}
	a.writeTransition(from, label, to)
}

func (a *AutWriter) writeTransition(from explore.StateID, label explore.LabelID, to explore.StateID) {
	b := a.buf[:0]
	b = append(b, '(')
	b = strconv.AppendUint(b, uint64(from), 10)
	b = append(b, ',', '"')
	b = append(b, a.labels.Text(label)...)
	b = append(b, '"', ',')
	b = strconv.AppendUint(b, uint64(to), 10)
	b = append(b, ')', '\n')
	a.buf = b
	a.w.Write(b)
}

// writeRecords writes the transitions of records (from, label, to).
func (a *AutWriter) writeRecords(recs []uint32) {
	for i := 0; i+2 < len(recs); i += 3 {
		a.writeTransition(explore.StateID(recs[i]), explore.LabelID(recs[i+1]), explore.StateID(recs[i+2]))
	}
}

// Close writes the header (and buffered transitions) and flushes.
func (a *AutWriter) Close(r explore.Result) error {
	hdr, err := a.finish(r)
	if err != nil {
		return err
	}
	if a.seeker == nil {
		if _, err := a.w.WriteString(hdr + "\n"); err != nil {
			return err
		}
		a.writeRecords(a.recs)
		a.recs = nil
		return a.w.Flush()
	}
	if err := a.w.Flush(); err != nil {
		return err
	}
	if a.final != nil {
		return a.copySpill(hdr)
	}
	return a.writeHeader(hdr)
}

// finish waits for the background writer and returns the header, which
// holds the counts of r.
func (a *AutWriter) finish(r explore.Result) (string, error) {
	a.flushBackground()
	if r.Transitions != a.n {
		return "", fmt.Errorf("aut writer saw %d transitions, search reports %d", a.n, r.Transitions)
	}
	return fmt.Sprintf("des (0,%d,%d)", a.n, r.States), nil
}

// writeHeader writes hdr over the streamed file's placeholder.
func (a *AutWriter) writeHeader(hdr string) error {
	if _, err := a.seeker.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.WriteString(a.seeker, hdr); err != nil {
		return err
	}
	_, err := a.seeker.Seek(0, io.SeekEnd)
	return err
}

// copySpill writes the header and then the spilled lines, which follow
// the placeholder, to the real output.
func (a *AutWriter) copySpill(hdr string) error {
	if a.padFinal && len(hdr) < autHeaderWidth {
		hdr += strings.Repeat(" ", autHeaderWidth-1-len(hdr))
	}
	if _, err := io.WriteString(a.final, hdr+"\n"); err != nil {
		return err
	}
	if _, err := a.seeker.Seek(autHeaderWidth, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(a.final, a.seeker.(io.Reader))
	return err
}

// recordWriter keeps the transitions as 12-byte records for formats that
// need them all before writing.
type recordWriter struct {
	explore.NopVisitor
	recs []uint32
}

func (r *recordWriter) ExamineTransition(from explore.StateID, label explore.LabelID, to explore.StateID) {
	r.recs = append(r.recs, uint32(from), uint32(label), uint32(to))
}

// FSMWriter writes mCRL2's .fsm format: a parameter table (each parameter
// with the values it takes), one line per state giving the value indices,
// "---", and the transitions "from to "label"" with 1-based states. It needs
// the whole state space, so everything is written by Close.
type FSMWriter struct {
	recordWriter
	out   io.Writer
	store explore.Store
	gen   explore.Generator
	// NoInfo leaves the parameter values out (mCRL2's --no-info): no
	// parameter table, and an empty line per state.
	NoInfo bool
}

// NewFSMWriter returns an .fsm writer on out for the states of store.
func NewFSMWriter(out io.Writer, store explore.Store, gen explore.Generator) *FSMWriter {
	return &FSMWriter{out: out, store: store, gen: gen}
}

func (f *FSMWriter) Close(r explore.Result) error {
	w := bufio.NewWriterSize(f.out, 1<<16)
	labels := f.gen.Labels()
	width := f.gen.Width()
	sf, _ := f.gen.(StateFormatter)
	var names, sorts []string
	if sf != nil {
		// A timed state's vector ends with its time stamp, which is no
		// parameter; mCRL2 leaves it out of the state labels.
		names, sorts = sf.Parameters()
		width = min(width, len(names))
	} else if !f.NoInfo {
		for i := 0; i < width; i++ {
			names = append(names, "p"+strconv.Itoa(i))
			sorts = append(sorts, "Value")
		}
	}
	if f.NoInfo {
		width = 0
	}
	// Number the values of each parameter in order of first occurrence.
	index := make([]map[uint32]int, width)
	values := make([][]uint32, width)
	for i := range index {
		index[i] = make(map[uint32]int)
	}
	for s := 0; s < r.States; s++ {
		for i, v := range f.store.State(explore.StateID(s))[:width] {
			if _, ok := index[i][v]; !ok {
				index[i][v] = len(values[i])
				values[i] = append(values[i], v)
			}
		}
	}
	var b []byte
	for i := 0; i < width; i++ {
		b = fmt.Appendf(b[:0], "%s(%d) %s ", names[i], len(values[i]), sorts[i])
		for _, v := range values[i] {
			b = append(b, " \""...)
			if sf != nil {
				b = sf.AppendValue(b, v)
			} else {
				b = strconv.AppendUint(b, uint64(v), 10)
			}
			b = append(b, '"')
		}
		b = append(b, '\n')
		w.Write(b)
	}
	w.WriteString("---\n")
	for s := 0; s < r.States; s++ {
		b = b[:0]
		for i, v := range f.store.State(explore.StateID(s))[:width] {
			if i > 0 {
				b = append(b, ' ')
			}
			b = strconv.AppendInt(b, int64(index[i][v]), 10)
		}
		b = append(b, '\n')
		w.Write(b)
	}
	w.WriteString("---\n")
	for i := 0; i+2 < len(f.recs); i += 3 {
		b = strconv.AppendUint(b[:0], uint64(f.recs[i])+1, 10)
		b = append(b, ' ')
		b = strconv.AppendUint(b, uint64(f.recs[i+2])+1, 10)
		b = append(b, " \""...)
		b = append(b, labels.Text(explore.LabelID(f.recs[i+1]))...)
		b = append(b, "\"\n"...)
		w.Write(b)
	}
	return w.Flush()
}

// DotWriter writes a GraphViz digraph as mCRL2 does: states S0, S1, ...,
// the initial one with peripheries=2, each labelled with its parameter
// values "(v1, v2, ...)" when the generator can print them (a
// StateFormatter) and NoInfo is off. The labels are printed when a state
// is discovered, so that any store will do.
type DotWriter struct {
	recordWriter
	out    io.Writer
	labels *explore.Labels
	sf     StateFormatter
	width  int
	// NoInfo leaves the state labels out (mCRL2's --no-info).
	NoInfo bool
	text   []byte // the state labels, one after the other
	ends   []int  // ends[s] is where state s's label ends in text
}

// NewDotWriter returns a .dot writer on out for the states of gen.
func NewDotWriter(out io.Writer, gen explore.Generator) *DotWriter {
	d := &DotWriter{out: out, labels: gen.Labels()}
	if sf, ok := gen.(StateFormatter); ok {
		names, _ := sf.Parameters()
		// A timed state's vector ends with its time stamp, which is no
		// parameter.
		d.sf, d.width = sf, min(gen.Width(), len(names))
	}
	return d
}

func (d *DotWriter) DiscoverState(s explore.StateID, v []uint32, _ explore.StateID, _ explore.LabelID) {
	if d.sf == nil || d.NoInfo {
		return
	}
	d.text = append(d.text, '(')
	for i, x := range v[:d.width] {
		if i > 0 {
			d.text = append(d.text, ", "...)
		}
		d.text = d.sf.AppendValue(d.text, x)
	}
	d.text = append(d.text, ')')
	d.ends = append(d.ends, len(d.text))
}

func (d *DotWriter) Close(r explore.Result) error {
	w := bufio.NewWriterSize(d.out, 1<<16)
	w.WriteString("digraph G {\ncenter = TRUE;\nmclimit = 10.0;\nnodesep = 0.05;\nnode [ width=0.25, height=0.25, label=\"\" ];\n")
	start := 0
	for s := 0; s < r.States; s++ {
		fmt.Fprintf(w, "S%d [ ", s)
		if s < len(d.ends) {
			w.WriteString("label=")
			w.WriteString(strconv.Quote(string(d.text[start:d.ends[s]])))
			start = d.ends[s]
			if s == 0 {
				w.WriteString(",")
			}
			w.WriteString(" ")
		}
		if s == 0 {
			w.WriteString("peripheries=2 ")
		}
		w.WriteString("];\n")
	}
	for i := 0; i+2 < len(d.recs); i += 3 {
		fmt.Fprintf(w, "S%d -> S%d[label=%s];\n", d.recs[i], d.recs[i+2], strconv.Quote(d.labels.Text(explore.LabelID(d.recs[i+1]))))
	}
	w.WriteString("}\n")
	return w.Flush()
}

// StateFormatter is an optional Generator extension used by the .fsm
// and .dot writers: the names and sorts of the state vector's positions and the
// printed form of a value.
type StateFormatter interface {
	Parameters() (names, sorts []string)
	AppendValue(dst []byte, v uint32) []byte
}
