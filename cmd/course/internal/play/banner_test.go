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
