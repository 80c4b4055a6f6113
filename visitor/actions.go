package visitor

import (
	"slices"
	"strings"
)

// ActionNames returns the names of the actions of a printed multi-action,
// in label order; none for tau.
func ActionNames(text string) []string {
	if text == "tau" {
		return nil
	}
	var names []string
	for _, a := range SplitMultiAction(text) {
		names = append(names, ActionName(a))
	}
	return names
}

// SplitMultiAction splits a printed multi-action at the '|' that are not
// inside brackets ("a(x || y)|b" gives "a(x || y)" and "b").
func SplitMultiAction(text string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(text); i++ {
		switch c := text[i]; c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case '|':
			if depth != 0 {
				continue
			}
			if i+1 < len(text) && text[i+1] == '|' {
				i++
				continue
			}
			parts = append(parts, strings.TrimSpace(text[start:i]))
			start = i + 1
		}
	}
	return append(parts, strings.TrimSpace(text[start:]))
}

// ActionName returns the name of a printed action: the text before '('.
func ActionName(action string) string {
	if i := strings.IndexByte(action, '('); i >= 0 {
		return strings.TrimSpace(action[:i])
	}
	return strings.TrimSpace(action)
}

// CanonicalMultiAction returns the form in which two printed multi-actions
// that denote the same multiset of actions are equal: blanks removed and the
// actions sorted. It is used to match -m arguments against labels; it is
// not the printed form.
func CanonicalMultiAction(text string) string {
	text = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, text)
	if text == "tau" || text == "" {
		return "tau"
	}
	parts := SplitMultiAction(text)
	slices.Sort(parts)
	return strings.Join(parts, "|")
}
