package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"sync"
	"syscall"

	"github.com/systemic-game-design/course/internal/termsafe"
)

// The exit statuses of every command.
const (
	StatusOK      = 0 // the command did its job, and what it checked holds
	StatusFinding = 1 // it ran, and what it checked does not hold
	StatusCannot  = 2 // it could not run
)

// FindingError means the command ran and found something: a coupling, a
// failing test, a changed engine file. Its findings are already printed, so
// it prints nothing more.
type FindingError struct{ Summary string }

func (e *FindingError) Error() string { return e.Summary }

// UsageError means the command could not run because of what it was given:
// arguments, a folder, a revision. Its message says what is wrong and how to
// mend it.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// UserError marks the error as the user's to mend.
func (e *UsageError) UserError() bool { return true }

func usagef(format string, args ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, args...)}
}

// userError is what every package's errors implement when the person
// running course can mend them (a bad argument, a file that does not load, a
// missing go command). The message of any other error is a fault of the tool,
// and says so.
type userError interface {
	error
	UserError() bool
}

// IsUserError reports whether err, or an error it wraps, is the user's to
// mend.
func IsUserError(err error) bool {
	var u userError
	return errors.As(err, &u) && u.UserError()
}

// OutputError says the command's output could not be written (a full
// disk, a closed file): what it did is lost to whoever reads it.
type OutputError struct{ Err error }

func (e *OutputError) Error() string {
	return fmt.Sprintf("its output could not be written (%v); free some space, or send the output where it can be written", e.Err)
}

func (e *OutputError) Unwrap() error { return e.Err }

// UserError marks the error as the user's to mend: the place the output
// goes, not the tool.
func (e *OutputError) UserError() bool { return true }

// outputWriter is the commands' stdout (or stderr), keeping the first
// write that failed, so that execute can say the output is lost, whichever
// command wrote it. A reader that stopped reading (EPIPE: `course check |
// head`) is no such failure: gone is called, to stop the command. It may
// be written from several goroutines at once (a command's progress, the
// signals' goroutine), as the writer it wraps may.
type outputWriter struct {
	w    io.Writer
	gone func()

	mu  sync.Mutex
	err error
}

func (o *outputWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	switch {
	case err == nil:
	case errors.Is(err, syscall.EPIPE):
		o.gone()
	default:
		o.mu.Lock()
		if o.err == nil {
			o.err = err
		}
		o.mu.Unlock()
	}
	return n, err
}

// failed is the first error a write gave, other than a reader gone.
func (o *outputWriter) failed() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// SignalError says the command was stopped by a signal (Ctrl-C, SIGTERM);
// its status is 128 + the signal's number, as a shell reports it.
type SignalError struct{ Signal os.Signal }

func (e *SignalError) Error() string {
	return "stopped by " + e.name() + "; nothing it started is left running"
}

// name is the signal as a message names it.
func (e *SignalError) name() string {
	switch e.Signal {
	case os.Interrupt:
		return "an interrupt (SIGINT)"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGHUP:
		return "a hangup (SIGHUP)"
	}
	return e.Signal.String()
}

// UserError marks the error as nobody's fault to report.
func (e *SignalError) UserError() bool { return true }

// Status maps an error to the exit status, the one place where that is
// decided: nil is 0, a finding is 1, and everything else (bad input, a
// missing workspace, an unknown revision, and anything unforeseen) is 2.
func Status(err error) int {
	var finding *FindingError
	var sig *SignalError
	switch {
	case err == nil:
		return StatusOK
	case errors.As(err, &sig):
		if n, ok := sig.Signal.(syscall.Signal); ok {
			return 128 + int(n)
		}
		return 128 + 2
	case errors.As(err, &finding):
		return StatusFinding
	default:
		return StatusCannot
	}
}

// Message is the one line printed on stderr for an error of status 2:
// "course CMD: what is wrong; how to mend it", with the program's name said
// once, and a request to report it when the error is not the user's to mend.
func Message(err error) string { return MessageOf("course", err) }

// MessageOf is Message for an error of the command at cmdPath ("course
// check"): the line names that command unless the error names one already.
func MessageOf(cmdPath string, err error) string {
	// A signal says only that it stopped the command.
	var sig *SignalError
	if errors.As(err, &sig) {
		err = sig
	}
	// An error may quote the workspace (a file's name, a value in it):
	// shown as termsafe shows it.
	msg := termsafe.String(strings.Join(strings.Fields(err.Error()), " "))
	for strings.HasPrefix(msg, "course: ") {
		msg = strings.TrimPrefix(msg, "course: ")
	}
	if !strings.HasPrefix(msg, "course ") {
		msg = cmdPath + ": " + msg
	}
	switch {
	case IsUserError(err):
	case errors.Is(err, fs.ErrPermission):
		// The system refused a read or a write: the user's to mend, by
		// the permissions or by another place.
		msg += "; you may not use that file or folder: mend its permissions (ls -ld shows them), or use one you may write to"
	default:
		msg += " (if this looks like a fault in the course tool, please report it)"
	}
	return msg
}
