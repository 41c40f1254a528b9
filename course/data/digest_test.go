package data

import (
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestContentDigestFollowsTheContent(t *testing.T) {
	a := fstest.MapFS{"01/lesson.md": {Data: []byte("one")}}
	b := fstest.MapFS{"01/lesson.md": {Data: []byte("two")}}
	da, err := digest(a, nil)
	require.NoError(t, err)
	db, err := digest(b, nil)
	require.NoError(t, err)
	again, err := digest(a, nil)
	require.NoError(t, err)
	assert.NotEqual(t, da, db)
	assert.Equal(t, da, again)
	// A file moved from one tree to the other is a different content.
	moved, err := digest(nil, a)
	require.NoError(t, err)
	assert.NotEqual(t, da, moved)
}

// A folder or file whose name starts with . or _ is no part of the
// content's version, as go:embed leaves it out of the content built in: a
// copy of the course (COURSE_CONTENT) with the folder a stopped course dev
// new-module left has the version of the same content built in.
func TestContentDigestLeavesOutWhatTheEmbedLeavesOut(t *testing.T) {
	course := fstest.MapFS{"01-handles/lesson.md": {Data: []byte("one")}}
	want, err := digest(course, nil)
	require.NoError(t, err)
	withLeftovers := fstest.MapFS{
		"01-handles/lesson.md":                       {Data: []byte("one")},
		".new-14-trading-123/14-trading/lesson.md":   {Data: []byte("half")},
		".new-14-trading-123/.course-dev-new-module": {Data: []byte("marker")},
		"01-handles/_scratch.md":                     {Data: []byte("notes")},
		"01-handles/.lesson.md.swp":                  {Data: []byte("editor")},
	}
	got, err := digest(withLeftovers, nil)
	require.NoError(t, err)
	assert.Equal(t, want, got)
}
