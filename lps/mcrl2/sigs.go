package mcrl2

import (
	"strings"

	"github.com/lps2lts/lps2lts/lps"
)

// The sorts of mCRL2's internal functions as its data type specifications
// (scripts/code_generation/data_types/*.spec) state them, "Nat # Int # Nat
// -> Real", "(S -> Bool) # FSet(S) -> Set(S)", parsed once into patterns
// that a function symbol's sort, as a binary file states it, must match:
// S and T stand for any sort (the same one wherever they occur), @word for
// mCRL2's machine words, which the reader reads as Nat values below 2^64
// (see words.go).

// sigPattern is a parsed sort pattern: a sort name (Bool, Nat, ..., S,
// T), a container (FSet(S)) or a function sort (dom -> cod).
type sigPattern struct {
	name string // a sort name, a container kind's name, or "->"
	args []*sigPattern
}

// sigContainers are the container names a pattern may use.
var sigContainers = map[string]lps.SortKind{"List": lps.SortList, "Set": lps.SortSet, "Bag": lps.SortBag, "FSet": lps.SortFSet, "FBag": lps.SortFBag}

// parseSig parses a signature; it panics on a malformed one (the table is
// a constant of this package, checked by its tests).
func parseSig(s string) *sigPattern {
	p := &sigParser{toks: sigTokens(s)}
	res := p.arrow()
	if p.pos != len(p.toks) {
		panic("lps: malformed signature " + s)
	}
	return res
}

func sigTokens(s string) []string {
	r := strings.NewReplacer("(", " ( ", ")", " ) ", "#", " # ", "->", " -> ", ",", " , ")
	return strings.Fields(r.Replace(s))
}

type sigParser struct {
	toks []string
	pos  int
}

func (p *sigParser) peek() string {
	if p.pos < len(p.toks) {
		return p.toks[p.pos]
	}
	return ""
}

func (p *sigParser) take(want string) {
	if p.peek() != want {
		panic("lps: malformed signature: " + want + " expected in " + strings.Join(p.toks, " "))
	}
	p.pos++
}

// arrow parses "A # B -> C" or a single sort.
func (p *sigParser) arrow() *sigPattern {
	dom := []*sigPattern{p.single()}
	for p.peek() == "#" {
		p.pos++
		dom = append(dom, p.single())
	}
	if p.peek() != "->" {
		if len(dom) != 1 {
			panic("lps: malformed signature: -> expected in " + strings.Join(p.toks, " "))
		}
		return dom[0]
	}
	p.pos++
	return &sigPattern{name: "->", args: append(dom, p.arrow())}
}

func (p *sigParser) single() *sigPattern {
	if p.peek() == "(" {
		p.pos++
		s := p.arrow()
		p.take(")")
		return s
	}
	name := p.peek()
	p.pos++
	if _, ok := sigContainers[name]; ok {
		p.take("(")
		elem := p.arrow()
		p.take(")")
		return &sigPattern{name: name, args: []*sigPattern{elem}}
	}
	return &sigPattern{name: name}
}

// match reports whether s is an instance of the pattern, binding the sort
// variables S and T in vars.
func (p *sigPattern) match(s *lps.Sort, vars map[string]*lps.Sort) bool {
	switch p.name {
	case "S", "T":
		if b, ok := vars[p.name]; ok {
			return b == s
		}
		vars[p.name] = s
		return true
	case "->":
		if s.Kind != lps.SortFunc || len(s.Domain) != len(p.args)-1 {
			return false
		}
		for i, d := range s.Domain {
			if !p.args[i].match(d, vars) {
				return false
			}
		}
		return p.args[len(p.args)-1].match(s.Codomain, vars)
	case "Bool":
		return s.Kind == lps.SortBool
	case "Pos":
		return s.Kind == lps.SortPos
	case "Nat", "@word":
		return s.Kind == lps.SortNat
	case "Int":
		return s.Kind == lps.SortInt
	case "Real":
		return s.Kind == lps.SortReal
	case "@NatNatPair":
		return s.Kind == lps.SortStruct && s.Name == natPairName
	}
	if k, ok := sigContainers[p.name]; ok {
		return s.Kind == k && p.args[0].match(s.Elem, vars)
	}
	return false
}

// arity is the number of arguments of a function of this pattern (0 for
// a constant).
func (p *sigPattern) arity() int {
	if p.name == "->" {
		return len(p.args) - 1
	}
	return 0
}
