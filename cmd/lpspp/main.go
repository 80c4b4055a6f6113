// Command lpspp reads a linear process specification, in mCRL2's textual
// or binary form, checks it, and prints it in the layout of mCRL2's lpspp:
//
//	lpspp [options] [INFILE [OUTFILE]]
//
// INFILE "-" or none reads standard input; OUTFILE "-" or none writes
// standard output. Errors go to standard error, each line after
// "lpspp: " (a specification's errors as file:line:col: message); the
// exit status is 0, or 2 on an error, as lps2lts's. Printing is
// idempotent: `lpspp m.lps | lpspp` prints what `lpspp m.lps` prints.
package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/lps2lts/lps2lts/internal/cli"
	"github.com/lps2lts/lps2lts/internal/outfile"
	"github.com/lps2lts/lps2lts/lps/load"
)

// version is printed by --version.
const version = "0.3 (Go)"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var quiet, verbose bool
	cmd := &cobra.Command{
		Use:   "lpspp [options] [INFILE [OUTFILE]]",
		Short: "print a linear process specification",
		Long: `Prints the linear process specification in INFILE (mCRL2's textual or
binary format) to OUTFILE in the textual layout of mCRL2's lpspp, after
checking it. Without INFILE or with '-' the specification is read from
standard input; without OUTFILE or with '-' it is written to standard
output. OUTFILE is written only once the specification has been read and
checked, so a specification with errors leaves it as it was.

Exit status: 0 when the specification was printed, 2 on an error (the
command line, INFILE, a specification with errors, OUTFILE).`,
		Args: func(_ *cobra.Command, pos []string) error {
			if len(pos) > 2 {
				return fmt.Errorf("too many file names: '%s' (lpspp takes [INFILE [OUTFILE]])", strings.Join(pos, "', '"))
			}
			return nil
		},
		Version:               version,
		DisableFlagsInUseLine: true,
		SilenceUsage:          true,
		SilenceErrors:         true,
		RunE: func(_ *cobra.Command, pos []string) error {
			in, out := "-", "-"
			if len(pos) > 0 {
				in = pos[0]
			}
			if len(pos) > 1 {
				out = pos[1]
			}
			return prettyPrint(in, out, stdin, stdout, stderr, verbose && !quiet)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.BoolVarP(&quiet, "quiet", "q", false, "print nothing but errors")
	f.BoolVarP(&verbose, "verbose", "v", false, "say on standard error what was read and written")
	cmd.SetOut(stdout)
	cmd.SetErr(stderr)
	// Not cmd.Execute: a file named "completion" or "help" is a file.
	if err := cli.Execute(cmd, args); err != nil {
		for _, line := range strings.Split(strings.TrimRight(err.Error(), "\n"), "\n") {
			fmt.Fprintf(stderr, "lpspp: %s\n", line)
		}
		return 2
	}
	return 0
}

// prettyPrint reads and checks in, prints it in memory, and only then
// writes out: an error leaves OUTFILE untouched.
func prettyPrint(in, out string, stdin io.Reader, stdout, stderr io.Writer, verbose bool) error {
	if outfile.IsInput(in, out) {
		// lpspp b.lps b.lps would turn a binary model into its text.
		return fmt.Errorf("OUTFILE '%s' is the input file; refusing to overwrite it", out)
	}
	name, r := in, stdin
	if in == "-" {
		name = "stdin"
	} else {
		f, err := os.Open(in)
		if err != nil {
			return fmt.Errorf("cannot open '%s' for reading: %w", in, pathless(err))
		}
		defer f.Close()
		r = f
	}
	src, err := load.Input(name, r)
	if err != nil {
		return fmt.Errorf("cannot read '%s': %w", name, pathless(err))
	}
	if len(bytes.TrimSpace(src)) == 0 {
		return fmt.Errorf("%s: the input is empty (no linear process specification)", name)
	}
	spec, err := load.Read(name, src)
	if err != nil {
		return err
	}
	var text bytes.Buffer
	if err := spec.Format(&text); err != nil {
		return err
	}
	if out == "-" {
		_, err = stdout.Write(text.Bytes())
		out = "standard output"
	} else {
		// Under a temporary name, renamed at the end, with the mode
		// the umask gives (internal/outfile, as lps2lts writes).
		f, cerr := outfile.Create(out)
		if cerr != nil {
			return cerr
		}
		_, err = f.Writer().Write(text.Bytes())
		if cerr := f.Close(err == nil); err == nil {
			err = cerr
		}
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", out, pathless(err))
	}
	if verbose {
		fmt.Fprintf(stderr, "lpspp: printed %s (%d summands) to %s\n", name, len(spec.Summands), out)
	}
	return nil
}

// pathless is err without the path that os puts in it: messages name
// the file as the user wrote it.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
