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
