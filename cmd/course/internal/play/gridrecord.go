package play

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/systemic-game-design/course/cmd/course/internal/keep"
	"github.com/systemic-game-design/course/internal/atomicfile"
	"github.com/systemic-game-design/course/internal/regularfile"
)

// NoSolutionError is --replay on a level without a recorded solution.
type NoSolutionError struct{ Level string }

func (e *NoSolutionError) Error() string {
	return fmt.Sprintf("level %s has no recorded solution; play it with --record FILE to make one", e.Level)
}

// UserError marks the error as the user's to mend.
func (e *NoSolutionError) UserError() bool { return true }

// RecordFileError is --record FILE where FILE is neither a file nor
// nothing.
type RecordFileError struct {
	Path string
	Mode fs.FileMode
}

func (e *RecordFileError) Error() string {
	return fmt.Sprintf("--record %s: it is %s, where the solution is written as a file; give --record a new file's name", e.Path, regularfile.Describe(e.Mode))
}

// UserError marks the error as the user's to mend.
func (e *RecordFileError) UserError() bool { return true }

// RecordError is a record file that could not be written.
type RecordError struct {
	Path string
	Err  error
}

func (e *RecordError) Error() string {
	return fmt.Sprintf("--record %s: the solution could not be written there (%v); give --record a file in a folder you can write to", e.Path, e.Err)
}

func (e *RecordError) Unwrap() error { return e.Err }

// UserError marks the error as the user's to mend.
func (e *RecordError) UserError() bool { return true }

// RecordErr is why the record file does not hold the moves as played, or
// nil.
func (m *Grid) RecordErr() error {
	if m.recordErr == nil {
		return nil
	}
	return &RecordError{Path: m.o.Record, Err: m.recordErr}
}

// record writes the history as the level's solution, when asked to.
func (m *Grid) record() {
	if m.o.Record == "" {
		return
	}
	raw, err := Recording(m.o.Level, m.solution())
	first := !m.recorded
	if err == nil && first {
		m.kept, err = keepAside(m.o.Record)
	}
	if err == nil {
		m.recorded = true
		err = atomicfile.Write(m.o.Record, raw, 0o644)
	}
	m.recordErr = err
	if err != nil {
		m.say(true, "record: %v", err)
		return
	}
	if first && m.kept != "" {
		m.say(false, "recording to %s; the file that was there is kept as %s", m.o.Record, m.kept)
	}
}

// recordStopped writes the record once going back stopped partway (the
// engine failed, or was ended as the player quit), so that it holds the
// moves the history has left, which play reports as recorded; why it
// stopped stays on the status line unless the write itself failed.
func (m *Grid) recordStopped() {
	status, problem := m.status, m.problem
	m.record()
	if m.recordErr == nil {
		m.status, m.problem = status, problem
	}
}

// Kept is where the file that stood at the record file's path before the
// screen first wrote it was kept, or "" when there was none.
func (m *Grid) Kept() string { return m.kept }

// keepAside moves what stands at p (a file, or a link, moved itself) to
// the first free name of p.orig, p.orig.1, p.orig.2, ..., as start-module
// keeps a file it replaces, and says where; nothing there is "".
func keepAside(p string) (string, error) {
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return "", nil
	}
	kept := keep.Name(p, func(name string) bool {
		_, err := os.Lstat(name)
		return !errors.Is(err, fs.ErrNotExist)
	})
	if err := os.Rename(p, kept); err != nil {
		return "", fmt.Errorf("keeping the file that was at %s: %w", p, err)
	}
	return kept, nil
}
