package workspace

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
	"github.com/systemic-game-design/course/templates"
)

// TestSchemaAgreesWithTheReader checks course/schema/course.schema.json
// against the configurations the tools write and refuse.
func TestSchemaAgreesWithTheReader(t *testing.T) {
	raw, err := fs.ReadFile(course.Files, "schema/course.schema.json")
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource("course.schema.json", doc))
	schema, err := c.Compile("course.schema.json")
	require.NoError(t, err)

	template, err := fs.ReadFile(templates.Files, templates.Root+"/"+ConfigFile)
	require.NoError(t, err)
	repo, err := os.ReadFile(filepath.Join("..", "..", "..", "..", ConfigFile))
	require.NoError(t, err)
	good := [][]byte{template, repo, []byte(`{"track": "go", "engineDirs": ["engine/core"]}`)}
	bad := []string{
		`{"track": "go"}`,
		`{"track": "rust", "engineDirs": ["engine"]}`,
		`{"track": "go", "engineDirs": ["../x"]}`,
		`{"track": "go", "engineDirs": ["/etc"]}`,
		`{"track": "go", "engineDirs": ["a/../../x"]}`,
		`{"track": "go", "engineDirs": "engine"}`,
		`{"track": "go", "engineDirs": ["engine"], "extra": 1}`,
	}
	for _, g := range good {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader(g))
		require.NoError(t, err)
		assert.NoError(t, schema.Validate(v), string(g))
		_, err = ParseConfig("x", g)
		assert.NoError(t, err, string(g))
	}
	for _, b := range bad {
		v, err := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(b)))
		require.NoError(t, err)
		assert.Error(t, schema.Validate(v), b)
		_, err = ParseConfig("x", []byte(b))
		assert.Error(t, err, b)
	}
}
