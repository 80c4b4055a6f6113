package mcrl2diff

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// Tool turns a model into the labels of its initial state's transitions,
// by action name ("a3" -> "a3(true)"), or fails (the model is rejected,
// or exploring it failed or took too long).
type Tool interface {
	Labels(model string) (map[string]string, error)
}

// Timeout bounds one run of a tool on a batch.
var Timeout = 60 * time.Second

// MCRL2 runs mCRL2's txt2lps and lps2lts from Bin.
type MCRL2 struct {
	Bin string // the folder of the mCRL2 binaries
	Dir string // a scratch folder
}

// Ours runs our lps2lts binary, which reads the text LPS directly, or,
// with Txt2lps set (mCRL2's txt2lps), the binary file txt2lps writes of
// it: the file of the usual pipeline `mcrl22lps | lps2lts`, whose sorts
// and names are mCRL2's, not re-derived from the text.
type Ours struct {
	Binary  string
	Dir     string
	Txt2lps string
}

// Labels implements Tool.
func (m MCRL2) Labels(model string) (map[string]string, error) {
	dir, err := os.MkdirTemp(m.Dir, "mcrl2-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	txt, lps, aut := filepath.Join(dir, "model.txt"), filepath.Join(dir, "model.lps"), filepath.Join(dir, "ref.aut")
	if err := os.WriteFile(txt, []byte(model), 0o644); err != nil {
		return nil, err
	}
	if err := run(filepath.Join(m.Bin, "txt2lps"), txt, lps); err != nil {
		return nil, &Rejected{stripDir(err, dir).Error()}
	}
	if err := run(filepath.Join(m.Bin, "lps2lts"), lps, aut); err != nil {
		return nil, stripDir(err, dir)
	}
	return readAut(aut)
}

// Labels implements Tool.
func (o Ours) Labels(model string) (map[string]string, error) {
	dir, err := os.MkdirTemp(o.Dir, "ours-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	txt, aut := filepath.Join(dir, "model.lps"), filepath.Join(dir, "ours.aut")
	if err := os.WriteFile(txt, []byte(model), 0o644); err != nil {
		return nil, err
	}
	in := txt
	if o.Txt2lps != "" {
		in = filepath.Join(dir, "model.bin.lps")
		if err := run(o.Txt2lps, txt, in); err != nil {
			return nil, &Rejected{stripDir(err, dir).Error()}
		}
	}
	if err := run(o.Binary, in, aut); err != nil {
		return nil, stripDir(err, dir)
	}
	return readAut(aut)
}

// Rejected: the tool did not accept the model (mCRL2's txt2lps failed).
type Rejected struct{ Msg string }

func (r *Rejected) Error() string { return "rejected: " + r.Msg }

// ErrTimeout: the run took longer than Timeout.
var ErrTimeout = errors.New("timed out")

func run(bin string, args ...string) error {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return ErrTimeout
	}
	if err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return errors.New(msg)
	}
	return nil
}

// stripDir drops the scratch folder from an error message, so that
// messages of the same kind read alike.
func stripDir(err error, dir string) error {
	if err == ErrTimeout {
		return err
	}
	return errors.New(strings.ReplaceAll(err.Error(), dir+string(filepath.Separator), ""))
}

// readAut reads the labels of an .aut file's transitions by action name.
func readAut(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<26)
	for sc.Scan() {
		line := sc.Text()
		i, j := strings.IndexByte(line, '"'), strings.LastIndexByte(line, '"')
		if !strings.HasPrefix(line, "(") || i < 0 || j <= i {
			continue
		}
		label := line[i+1 : j]
		name := label
		if k := strings.IndexByte(label, '('); k >= 0 {
			name = label[:k]
		}
		if prev, ok := out[name]; ok && prev != label {
			return nil, fmt.Errorf("two labels for action %s: %s and %s", name, prev, label)
		}
		out[name] = label
	}
	return out, sc.Err()
}
