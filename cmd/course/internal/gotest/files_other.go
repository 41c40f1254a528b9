//go:build !unix

package gotest

// canHandFiles: here a child cannot be handed open files beyond stdin,
// stdout and stderr.
const canHandFiles = false
