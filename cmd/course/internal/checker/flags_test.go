package checker

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	_ "pgregory.net/rapid"
)

// The flags check pins are the defaults of the rapid the course's tests
// import, so that the tests run as they do under go test with nothing set.
func TestCourseFlagsAreRapidsDefaults(t *testing.T) {
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "RAPID_") {
			t.Skipf("%s sets a default of rapid's", kv)
		}
	}
	for name, value := range courseFlags {
		f := flag.Lookup(name)
		require.NotNil(t, f, "rapid has no flag %s", name)
		assert.Equal(t, f.DefValue, value, name)
	}
}
