package syntax

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestSyntaxErrorsInWords: the syntax errors of a model cut short or
// missing a word, at every place, name what was expected in words, never
// by the grammar's type names or its repetitions (55 of 1,500 such
// errors once said "expected AstSortDecl+" or "(AstVarsList ";")+").
func TestSyntaxErrorsInWords(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "..", "examples", "abp.lps"))
	if err != nil {
		t.Fatal(err)
	}
	// The names of the grammar's types, found from the grammar itself,
	// not from grammarWords: a type missing there must fail here.
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(t reflect.Type) {
		for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || seen[t] || t.PkgPath() != reflect.TypeOf(Spec{}).PkgPath() {
			return
		}
		seen[t] = true
		for i := range t.NumField() {
			walk(t.Field(i).Type)
		}
	}
	walk(reflect.TypeOf(Spec{}))
	var names []string
	for t := range seen {
		names = append(names, t.Name())
	}
	// A grammar type's name outside quotes, or a repetition.
	grammar := regexp.MustCompile(`(^|[^"\w])(` + strings.Join(names, "|") + `)\b|\)[+*?]| \| `)
	words := strings.Fields(string(src))
	n := 0
	for i := range words {
		for _, text := range []string{
			strings.Join(words[:i], " "), // cut short
			strings.Join(append(append([]string{}, words[:i]...), words[i+1:]...), " "), // a word missing
		} {
			_, err := Parse("m.lps", []byte(text))
			if err == nil || !strings.Contains(err.Error(), "syntax error") {
				continue
			}
			n++
			if grammar.MatchString(err.Error()) {
				t.Errorf("%v", err)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d syntax errors made", n)
	}
}
