// Package cli runs a cobra command as a plain command line: options and
// positional file names, never subcommands. Cobra's Execute looks up a
// first argument among its built-in subcommands (completion, help,
// __complete), so a model file with such a name would run one of them
// instead of being read; Execute here parses the flags itself and hands
// every positional argument to the command. It also words flag errors as
// mCRL2's tools do ("argument 'abc' to option --max or -l is invalid").
package cli

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Execute parses args for cmd and runs it: --help prints the help on
// cmd's output, --version the version, anything else goes to cmd.RunE
// after cmd.Args has checked the positional arguments. Flag errors are
// reworded (FlagError).
func Execute(cmd *cobra.Command, args []string) error {
	cmd.CompletionOptions.DisableDefaultCmd = true
	cmd.InitDefaultHelpFlag()
	if cmd.Version != "" {
		cmd.InitDefaultVersionFlag()
	}
	if err := cmd.ParseFlags(args); err != nil {
		return FlagError(err)
	}
	flags := cmd.Flags()
	if help, _ := flags.GetBool("help"); help {
		return cmd.Help()
	}
	if version, _ := flags.GetBool("version"); version && cmd.Version != "" {
		_, err := fmt.Fprintf(cmd.OutOrStdout(), "%s %s\n", cmd.Name(), cmd.Version)
		return err
	}
	pos := flags.Args()
	if cmd.Args != nil {
		if err := cmd.Args(cmd, pos); err != nil {
			return &UsageError{Msg: err.Error()}
		}
	}
	return cmd.RunE(cmd, pos)
}

// UsageError is a problem with the command line, as opposed to one met
// while working.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// OptionName is how mCRL2's messages name a flag: "--max or -l".
func OptionName(f *pflag.Flag) string {
	if f.Shorthand != "" {
		return "--" + f.Name + " or -" + f.Shorthand
	}
	return "--" + f.Name
}

// FlagError rewords pflag's errors: the option and the argument as the
// user wrote them, what the option takes, and no Go parser's message.
func FlagError(err error) error {
	var iv *pflag.InvalidValueError
	var vr *pflag.ValueRequiredError
	var ne *pflag.NotExistError
	switch {
	case errors.As(err, &iv):
		f := iv.GetFlag()
		msg := fmt.Sprintf("argument '%s' to option %s is invalid", iv.GetValue(), OptionName(f))
		var num *strconv.NumError
		switch {
		case errors.As(err, &num) && strings.HasPrefix(f.Value.Type(), "uint"):
			msg += " (it takes a non-negative whole number)"
		case errors.As(err, &num) && strings.HasPrefix(f.Value.Type(), "int"):
			msg += " (it takes a whole number)"
		case errors.As(err, &num) || f.Value.Type() == "duration":
			msg += fmt.Sprintf(" (it takes a %s)", f.Value.Type())
		case errors.Unwrap(err) != nil:
			msg += " (" + errors.Unwrap(err).Error() + ")"
		}
		return &UsageError{Msg: msg}
	case errors.As(err, &vr):
		return &UsageError{Msg: fmt.Sprintf("option %s needs an argument", OptionName(vr.GetFlag()))}
	case errors.As(err, &ne):
		return &UsageError{Msg: err.Error() + " (--help lists the options)"}
	}
	return &UsageError{Msg: err.Error()}
}
