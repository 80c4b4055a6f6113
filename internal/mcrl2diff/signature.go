package mcrl2diff

import (
	"regexp"
	"slices"
	"strings"
)

var (
	token     = regexp.MustCompile(`@?[A-Za-z_][A-Za-z_0-9']*|[-+*/<>=!|&#.]+`)
	position  = regexp.MustCompile(`^(lps2lts: )?[^ ]*model\.lps:\d+:\d+: `)
	digitsRun = regexp.MustCompile(`\d+`)
)

// Signature groups cases that likely differ for one reason, so that one
// of each is minimized: for a failure of ours, the error message without
// its position and numbers; for differing labels, the function symbols
// and operators only one of the labels has.
func Signature(c Case) string {
	switch c.Verdict {
	case OursFails, Lenient, Invalid, RefFails:
		r := c.Ours
		if c.Verdict != OursFails {
			r = c.Ref
		}
		msg := "ok"
		if r.Err != nil {
			msg = strings.SplitN(r.Err.Error(), "\n", 2)[0]
		}
		msg = position.ReplaceAllString(msg, "")
		return c.Verdict.String() + ": " + digitsRun.ReplaceAllString(msg, "N")
	case Differ:
		ours, ref := tokens(c.Ours.Label), tokens(c.Ref.Label)
		return c.Verdict.String() + ": ours only " + only(ours, ref) + "; mCRL2 only " + only(ref, ours)
	}
	return c.Verdict.String()
}

func tokens(s string) map[string]bool {
	out := map[string]bool{}
	for _, t := range token.FindAllString(s, -1) {
		out[t] = true
	}
	return out
}

// only lists the tokens of a that b lacks.
func only(a, b map[string]bool) string {
	var out []string
	for t := range a {
		if !b[t] {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return "{" + strings.Join(out, " ") + "}"
}
