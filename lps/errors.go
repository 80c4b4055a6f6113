package lps

import (
	"fmt"
	"sort"
	"strings"
)

// Error is one problem found in the input, at a position.
type Error struct {
	File string
	Pos  Pos
	Msg  string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Pos.Line, e.Pos.Col, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// ErrorList is the error the front end returns for a text (syntax.Parse,
// check.Spec, load.Text): the problems found, sorted by
// position, without duplicates, at most MaxErrors of them.
type ErrorList []*Error

// RecoverInternal, deferred by an entry point of the front end with named
// results, turns a panic into an ErrorList of one "internal error" in
// file and zeroes *result: the front end is meant never to panic, and a
// bug of it must not take the caller down.
func RecoverInternal[T any](file string, result *T, err *error) {
	if r := recover(); r != nil {
		var zero T
		*result, *err = zero, ErrorList{{File: file, Msg: fmt.Sprintf("internal error: %v", r)}}
	}
}

// MaxErrors bounds the number of errors reported for one input (after the
// first few, most errors are consequences of earlier ones).
const MaxErrors = 10

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Normalize sorts, de-duplicates and truncates the list.
func (l ErrorList) Normalize() ErrorList {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i].Pos, l[j].Pos
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	out := l[:0]
	for i, e := range l {
		if i > 0 && e.Pos == l[i-1].Pos && e.Msg == l[i-1].Msg {
			continue
		}
		// Keep only the first error at one position: later ones are
		// almost always consequences.
		if len(out) > 0 && out[len(out)-1].Pos == e.Pos && e.Pos.IsValid() {
			continue
		}
		out = append(out, e)
	}
	if len(out) > MaxErrors {
		out = out[:MaxErrors]
	}
	return out
}
