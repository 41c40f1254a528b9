//go:build unix

package gotest

// canHandFiles: a child can be handed open files beyond stdin, stdout and
// stderr (exec.Cmd.ExtraFiles).
const canHandFiles = true
