//go:build !linux

package sandbox

import (
	"fmt"
	"os/exec"
	"runtime"
)

// Available says why the tests run unconfined here: Landlock is Linux's.
func Available() error {
	return fmt.Errorf("%w: Landlock, which confines them, is Linux's, and this is %s", ErrUnavailable, runtime.GOOS)
}

// Scoped is false: nothing scopes signals here.
func Scoped() bool { return false }

// Offline is false: nothing keeps the tests off the network here.
func Offline() bool { return false }

type policy struct{}

func newPolicy([]string, []string) (policy, error) { return policy{}, Available() }

func (policy) start(*exec.Cmd) error { return Available() }

func (policy) close() error { return nil }
