package cli

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestCompletionRefusesWhatItCannotWrite: a shell the completion command
// does not know, or an argument after the shell, is a usage error (status
// 2, one line naming the command and how to mend it), not help with status
// 0 or a line that blames the tool; a known shell writes its script.
func TestCompletionRefusesWhatItCannotWrite(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"completion", "foo"}, `course completion has no command "foo"; its commands are bash, fish, powershell, zsh`},
		{[]string{"completion", "bsh"}, `course completion has no command "bsh"; did you mean bash`},
		{[]string{"completion", "bash", "extra"}, "course completion bash takes no argument, and got 1; run `course completion bash --help`"},
	} {
		env, stdout, stderr := testEnv()
		assert.Equal(t, StatusCannot, Main(c.args, env), c.args)
		assert.Contains(t, stderr.String(), c.want, c.args)
		assert.NotContains(t, stderr.String(), "please report it", c.args)
		assert.Empty(t, stdout.String(), c.args)
	}
	env, stdout, _ := testEnv()
	assert.Equal(t, StatusOK, Main([]string{"completion", "bash"}, env))
	assert.Contains(t, stdout.String(), "bash completion V2 for course")
}
