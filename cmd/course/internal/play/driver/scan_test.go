package driver

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/harness"
)

// posGrid is a grid whose PosOf does not panic for ids never issued, as a
// learner's may not: issued ids stand on tile (1,0), later ones answer
// with allLive.
type posGrid struct {
	issued  uint32
	allLive bool
}

func (g posGrid) StackAt(x, y int) []string { return nil }
func (g posGrid) PosOf(id harness.ID) (int, int, bool) {
	if uint32(id) <= g.issued {
		return 1, 0, true
	}
	return 0, 0, g.allLive
}
func (g posGrid) HasProperty(harness.ID, string) bool { return false }
func (g posGrid) ActiveRules() []string               { return nil }
func (g posGrid) Won() bool                           { return false }
func (g posGrid) Lost() bool                          { return false }

// scan runs objects on g, failing the test if it does not end.
func scan(t *testing.T, g grid) (State, string) {
	t.Helper()
	s := &server{w: 2, h: 1}
	st := State{Tiles: make([][]string, 2)}
	done := make(chan string, 1)
	go func() { done <- s.objects(g, &st) }()
	select {
	case problem := <-done:
		return st, problem
	case <-time.After(20 * time.Second):
		t.Fatal("the object scan did not end")
	}
	return st, ""
}

func TestObjectScanEndsWhenPosOfSaysGoneForIdsNeverIssued(t *testing.T) {
	st, problem := scan(t, posGrid{issued: 3})
	assert.Empty(t, problem)
	require.Len(t, st.Objects, 3)
	assert.Equal(t, uint32(3), st.Objects[2].ID)
}

func TestObjectScanEndsWhenPosOfSaysEveryIdIsLive(t *testing.T) {
	st, problem := scan(t, posGrid{issued: 3, allLive: true})
	assert.Contains(t, problem, "PosOf says more than 65536 objects are in play")
	assert.Contains(t, problem, "panic for an id the level never issued")
	assert.Len(t, st.Objects, 1<<16)
}
