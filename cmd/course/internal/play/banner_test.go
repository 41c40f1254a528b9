package play

import (
	"strings"
	"testing"

	"github.com/charmbracelet/colorprofile"
	"github.com/stretchr/testify/assert"

	"github.com/systemic-game-design/course/cmd/course/internal/play/driver"
)

// TestTheBannerOfALoss lays the loss out under the board at each width:
// the status beside it where both fit, under it where they do not, and
// the message itself wrapped, never cut, where it alone does not fit,
// the status then under it as well.
func TestTheBannerOfALoss(t *testing.T) {
	for _, tc := range []struct {
		width  int
		status string
		want   []string
	}{
		{80, "", []string{" all YOU objects are gone: u to undo"}},
		{80, "moved right", []string{" all YOU objects are gone: u to undo  moved right"}},
		{50, "the skull took the last YOU object", []string{" all YOU objects are gone: u to undo", "the skull took the last YOU object"}},
		{30, "", []string{"all YOU objects are gone: u to", "undo"}},
		{30, "the skull took the last YOU object", []string{"all YOU objects are gone: u to", "undo", "the skull took the last YOU", "object"}},
	} {
		m := &Grid{o: GridOptions{Styles: NewStyles(colorprofile.ASCII)}, st: driver.State{Lost: true}, status: tc.status}
		var got []string
		for _, l := range m.banner(tc.width) {
			assert.LessOrEqual(t, len([]rune(l)), tc.width)
			got = append(got, strings.TrimRight(l, " "))
		}
		assert.Equal(t, tc.want, got, "%d cells, status %q", tc.width, tc.status)
	}
}

// TestTheStatusSaysWhatACastChanged: after a cast or a play, the status
// line names what changed on the board, where it was left empty; a long
// list is counted past its first few.
func TestTheStatusSaysWhatACastChanged(t *testing.T) {
	sprout := driver.Object{ID: 4, Kind: "sprout", Minion: "Test Sprout", X: 1, Y: 2, Health: 2}
	skull := driver.Object{ID: 5, Kind: "skull", X: 3, Y: 2}
	before := driver.State{Objects: []driver.Object{sprout, skull}, HeroHealth: 30, ActiveRules: []string{"SKULL IS STOP"}}
	hurt := sprout
	hurt.Health = 1
	flag := driver.Object{ID: 6, Kind: "flag", X: 0, Y: 0}
	after := driver.State{Objects: []driver.Object{hurt, flag}, HeroHealth: 29, ActiveRules: []string{"FLAG IS WIN"}}
	assert.Equal(t, "#4 Test Sprout Health 2→1, #6 flag came at (0,0), #5 skull is gone, enemy hero Health 30→29 and 2 more", changes(before, after))
	after.Objects, after.HeroHealth = []driver.Object{sprout, skull}, 30
	assert.Equal(t, "made FLAG IS WIN, broke SKULL IS STOP", changes(before, after))
	assert.Equal(t, "nothing on the board changed", changes(before, before))

	m := newGrid(t, castToWin, nil)
	press(m, "c", "enter")
	assert.Equal(t, "cast Whirlwind: #12 Test Gravecaller is gone, enemy hero Health 30→29", m.status)
}
