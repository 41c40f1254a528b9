package shellarg

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestQuoteGivesOneWordThatIsThePath(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"ws", "ws"},
		{"/home/ana/my-engine", "/home/ana/my-engine"},
		{"my engine", "'my engine'"},
		{"it's", `'it'\''s'`},
		{"a$b", "'a$b'"},
		{"-dash", "./-dash"},
		{"-da sh", "'./-da sh'"},
		{"~/x", "'~/x'"},
		{"", ""},
	} {
		assert.Equal(t, tc.want, Quote(tc.in), tc.in)
	}
}

// What a shell makes of the quoted word is the path, one argument.
func TestAShellReadsTheWordBack(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh here")
	}
	for _, p := range []string{"my engine", "it's", "a$b`c`", "x\ny", "*", "a\\b", "\"q\"", "é ü", "-dash", "!x", "#x", "a;b|c&d"} {
		out, err := exec.Command(sh, "-c", "printf '%s\\n' "+Quote(p)+" | wc -l; printf '%s' "+Quote(p)).Output()
		require.NoError(t, err, p)
		lines, got, _ := strings.Cut(string(out), "\n")
		want := p
		if strings.HasPrefix(p, "-") {
			want = "./" + p
		}
		assert.Equal(t, want, got, p)
		assert.Equal(t, strings.Count(p, "\n")+1, atoi(strings.TrimSpace(lines)), "%q is one argument", p)
	}
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
