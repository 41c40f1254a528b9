package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flagCase is one line of a flag table: the arguments, and the options the
// command's run function must receive, or the error it must stop with.
type flagCase[O any] struct {
	args []string
	want O
	err  string // a part of the error; "" when the arguments are good
}

// flagTable parses each case's arguments through the command's runF seam:
// flag parsing tested without running anything.
func flagTable[O any](t *testing.T, build func(runF func(*O) error) *cobra.Command, cases []flagCase[O]) {
	t.Helper()
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			var got *O
			err := parseFlags(build(func(o *O) error { got = o; return nil }), c.args)
			if c.err != "" {
				assert.ErrorContains(t, err, c.err)
				assert.Nil(t, got, "the run function is not called")
				return
			}
			require.NoError(t, err)
			require.NotNil(t, got)
			assert.Equal(t, c.want, *got)
		})
	}
}
