// Command rename makes a binary LPS with mCRL2's internal functions applied
// where mcrl22lps never leaves them: it renames user sorts, constructors
// and mappings of a binary LPS (mappings declared without equations, so
// that mcrl22lps keeps their applications) to internal symbols and drops
// their declarations.
//
//	go run ./lpsgen/testdata/internal/rename IN.lps OUT.lps redfrac_=@redfrac ...
//
// mCRL2's lps2lts then evaluates the internal symbols with its own
// equations: that gives the expected labels.
package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/lps2lts/lps2lts/aterm"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "rename:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	if len(args) < 3 {
		return fmt.Errorf("usage: rename IN.lps OUT.lps OLD=NEW ...")
	}
	names := map[string]string{}
	for _, a := range args[2:] {
		old, new, ok := strings.Cut(a, "=")
		if !ok {
			return fmt.Errorf("%s: OLD=NEW expected", a)
		}
		names[old] = new
	}
	src, err := os.ReadFile(args[0])
	if err != nil {
		return err
	}
	out, err := aterm.Read(src)
	if err != nil {
		return err
	}
	tb := aterm.NewTable()
	memo := map[*aterm.Term]*aterm.Term{}
	var conv func(t *aterm.Term) *aterm.Term
	conv = func(t *aterm.Term) *aterm.Term {
		if t.IsInt {
			return tb.Int(t.Int)
		}
		if c, ok := memo[t]; ok {
			return c
		}
		name := t.Sym.Name
		as := make([]*aterm.Term, len(t.Args))
		for i, a := range t.Args {
			as[i] = conv(a)
		}
		if len(t.Args) == 0 {
			if n, ok := names[name]; ok {
				name = n
			}
		}
		c := tb.Appl(name, as...)
		memo[t] = c
		return c
	}
	var buf strings.Builder
	w := aterm.NewWriter(&buf)
	// The header term, then five counted sections of the data
	// specification: sorts, aliases, constructors, mappings, equations;
	// a sort, constructor or mapping renamed to an internal name is
	// mCRL2's own, not declared.
	pos := 0
	w.Write(conv(out[pos].Term))
	pos++
	for section := range 5 {
		n := int(out[pos].Int)
		pos++
		var keep []*aterm.Term
		for _, o := range out[pos : pos+n] {
			t := conv(o.Term)
			if section != 1 && section != 4 && strings.HasPrefix(t.Args[0].Sym.Name, "@") {
				continue
			}
			keep = append(keep, t)
		}
		pos += n
		w.WriteInt(uint64(len(keep)))
		for _, t := range keep {
			w.Write(t)
		}
	}
	for _, o := range out[pos:] {
		if o.Term == nil {
			w.WriteInt(o.Int)
		} else {
			w.Write(conv(o.Term))
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	return os.WriteFile(args[1], []byte(buf.String()), 0o644)
}
