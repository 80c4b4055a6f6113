// Command lpspp reads a linear process specification in mCRL2's textual
// form, checks it, and prints it back in the layout of mCRL2's lpspp.
//
// Usage:
//
//	lpspp FILE    read FILE
//	lpspp -       read standard input
//
// Errors go to standard error as file:line:col: message, one per line,
// and the exit status is 1. Printing is idempotent: `lpspp m.lps | lpspp -`
// prints what `lpspp m.lps` prints.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/lps2lts/lps2lts/lps"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 || args[0] == "-h" || args[0] == "--help" {
		fmt.Fprintln(stderr, "usage: lpspp FILE|-")
		if len(args) == 1 {
			return 0
		}
		return 2
	}
	name := args[0]
	var src []byte
	var err error
	if name == "-" {
		name = "<stdin>"
		src, err = lps.ReadInput(name, stdin)
	} else {
		var f *os.File
		if f, err = os.Open(name); err == nil {
			src, err = lps.ReadInput(name, f)
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "lpspp:", err)
		return 1
	}
	spec, err := lps.Read(name, src)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if err := spec.Format(stdout); err != nil {
		fmt.Fprintln(stderr, "lpspp:", err)
		return 1
	}
	return 0
}
