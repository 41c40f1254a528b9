//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Two dev new-module runs at once in one checkout both make their
// module: the second waits for the first, where it took the first's
// folder aside, in mid-write, for one a stopped run left, and removed it,
// so that the first failed.
func TestDevNewModuleRunsAtOnceBothFinish(t *testing.T) {
	repo := newModuleRepo(t)
	midway, goOn := make(chan struct{}), make(chan struct{})
	var once sync.Once
	write := writeModuleFile
	t.Cleanup(func() { writeModuleFile = write })
	writeModuleFile = func(p, text string) error {
		if strings.Contains(p, "14-trading") {
			once.Do(func() {
				close(midway)
				<-goOn
			})
		}
		return write(p, text)
	}
	first := make(chan error, 1)
	go func() {
		env, _, _ := testEnv()
		first <- RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo})
	}()
	<-midway
	second := make(chan error, 1)
	go func() {
		env, _, _ := testEnv()
		second <- RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "05", Name: "cards-as-data", Repo: repo})
	}()
	var secondErr error
	ended := false
	select {
	case secondErr = <-second:
		ended = true
		t.Errorf("the second run ended while the first was writing (%v)", secondErr)
	case <-time.After(300 * time.Millisecond):
	}
	close(goOn)
	firstErr := <-first
	if !ended {
		secondErr = <-second
	}
	require.NoError(t, firstErr)
	require.NoError(t, secondErr)
	assert.DirExists(t, filepath.Join(repo, "course", "14-trading"))
	assert.DirExists(t, filepath.Join(repo, "course", "05-cards-as-data"))
}

// A run that waits longer than devNewLockWait for another gives up,
// saying why and what to do, and writes nothing.
func TestDevNewModuleGivesUpOnAnotherRunThatDoesNotEnd(t *testing.T) {
	repo := newModuleRepo(t)
	wait := devNewLockWait
	t.Cleanup(func() { devNewLockWait = wait })
	devNewLockWait = 100 * time.Millisecond
	unlock, err := lockCourseFolder(context.Background(), filepath.Join(repo, "course"))
	require.NoError(t, err)
	defer unlock()
	env, _, _ := testEnv()
	err = RunDevNewModule(context.Background(), env, &DevNewModuleOptions{Number: "14", Name: "trading", Repo: repo})
	assert.Equal(t, StatusCannot, Status(err))
	assert.ErrorContains(t, err, "another course dev new-module is writing a module in "+filepath.Join(repo, "course")+" and has not ended in 100ms; wait for it to end, or end it, and run this one again")
	entries, err := os.ReadDir(filepath.Join(repo, "course"))
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing written beside the catalog")
}
