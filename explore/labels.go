package explore

import (
	"sync"
)

// TauLabel is the id of the internal action tau (the empty multi-action);
// every Labels table starts with it.
const TauLabel LabelID = 0

// Labels interns transition labels: the text of a multi-action as mCRL2
// prints it ("a(1, true)|b", "tau") gets a dense LabelID. It is safe for concurrent use (the generators of a parallel search
// intern labels while the explorer's writers read them).
type Labels struct {
	mu   sync.RWMutex
	ids  map[string]LabelID
	text []string
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
