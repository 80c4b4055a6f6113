package explore

import (
	"slices"
	"strings"
	"sync"
)

// TauLabel is the id of the internal action tau (the empty multi-action);
// every Labels table starts with it.
const TauLabel LabelID = 0

// Labels interns transition labels: the text of a multi-action as mCRL2
// prints it ("a(1, true)|b", "tau") gets a dense LabelID. The table also
// knows the action names of each label, for the detectors (-a, --tau).
// It is safe for concurrent use (the generators of a parallel search
// intern labels while the explorer's writers read them).
type Labels struct {
	mu      sync.RWMutex
	ids     map[string]LabelID
	text    []string
	actions [][]string
}

// NewLabels returns a table holding only tau.
func NewLabels() *Labels {
	l := &Labels{ids: make(map[string]LabelID)}
	l.Intern([]byte("tau"))
	return l
}

// Intern returns the id of the label with the given text, adding it if new.
// It does not allocate when the label is already known.
func (l *Labels) Intern(text []byte) LabelID {
	l.mu.RLock()
	id, ok := l.ids[string(text)]
	l.mu.RUnlock()
	if ok {
		return id
	}
	return l.InternString(string(text))
}

// InternString is Intern for a string.
func (l *Labels) InternString(text string) LabelID {
	l.mu.Lock()
	defer l.mu.Unlock()
	if id, ok := l.ids[text]; ok {
		return id
	}
	id := LabelID(len(l.text))
	l.ids[text] = id
	l.text = append(l.text, text)
	var names []string
	if text != "tau" {
		for _, a := range SplitMultiAction(text) {
			names = append(names, ActionName(a))
		}
	}
	l.actions = append(l.actions, names)
	return id
}

// Len returns the number of labels.
func (l *Labels) Len() int {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return len(l.text)
}

// Text returns the printed multi-action of id.
func (l *Labels) Text(id LabelID) string {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.text[id]
}

// Actions returns the action names of the multi-action id, in label order;
// none for tau. The slice must not be modified.
func (l *Labels) Actions(id LabelID) []string {
	l.mu.RLock()
	defer l.mu.RUnlock()
	return l.actions[id]
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
