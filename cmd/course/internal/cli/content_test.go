package cli

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/cards"
	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/course/data"
)

// The content is opened when a command first asks for it, not when the
// process starts: a command that reads none of it does not wait for the
// schemas to compile and the card files to be checked.
func TestContentIsOpenedWhenACommandFirstAsks(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(ContentEnvVar, dir)
	env := DefaultEnv()

	// The copy is written after the process started and before any
	// command read it: it is the copy the command gets.
	require.NoError(t, os.CopyFS(filepath.Join(dir, "course"), course.Files))
	require.NoError(t, os.CopyFS(filepath.Join(dir, "cards"), cards.Files))
	first, err := env.content()
	require.NoError(t, err)
	assert.NotEmpty(t, first.Catalog().Cards)

	// Opened once: a second command in the process reads the same value,
	// even after the copy is gone.
	require.NoError(t, os.RemoveAll(filepath.Join(dir, "course")))
	again, err := env.content()
	require.NoError(t, err)
	assert.Same(t, first, again)
}

func TestAContentCopyThatDoesNotLoadIsNamedWhenAsked(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(ContentEnvVar, dir)
	_, err := DefaultEnv().content()
	var ce *contentError
	require.ErrorAs(t, err, &ce)
	assert.Contains(t, err.Error(), ContentEnvVar+"="+dir+" does not load")
	assert.Contains(t, err.Error(), "course/words.json")
}

func TestTheBuiltInContentIsOpenedWithoutACopy(t *testing.T) {
	t.Setenv(ContentEnvVar, "")
	c, err := DefaultEnv().content()
	require.NoError(t, err)
	assert.Equal(t, course.Files, c.Course())
}

// The audit needs only the catalog: with the content built in, it reads
// the catalog alone; a COURSE_CONTENT copy is opened whole all the same,
// so that one that does not load stops the audit too.
func TestTheAuditReadsTheBuiltInCatalogAlone(t *testing.T) {
	t.Setenv(ContentEnvVar, "")
	env := DefaultEnv()
	env.openContent = func() (*data.Content, error) { return nil, errors.New("the whole content was opened") }
	cat, err := env.catalog()
	require.NoError(t, err)
	assert.NotEmpty(t, cat.Cards)

	t.Setenv(ContentEnvVar, t.TempDir())
	_, err = DefaultEnv().catalog()
	var ce *contentError
	assert.ErrorAs(t, err, &ce, "a copy that does not load")
}

// --version needs only the content's version: with the content built in it
// opens none of it; a COURSE_CONTENT copy is opened whole, so that one that
// does not load is named there too.
func TestTheVersionOfTheBuiltInContentOpensNone(t *testing.T) {
	t.Setenv(ContentEnvVar, "")
	env, out, _ := testEnv()
	env.Content, env.builtin = nil, true
	env.openContent = func() (*data.Content, error) { return nil, errors.New("the whole content was opened") }
	require.Equal(t, 0, Main([]string{"--version"}, env))
	want, err := data.EmbeddedDigest()
	require.NoError(t, err)
	assert.Contains(t, out.String(), "course content "+want)

	dir := t.TempDir()
	t.Setenv(ContentEnvVar, dir)
	_, err = versionOf(DefaultEnv())
	var ce *contentError
	assert.ErrorAs(t, err, &ce, "a copy that does not load")
}
