package cli

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/systemic-game-design/course/course"
)

// outputSchema compiles course/schema/output/NAME.schema.json.
func outputSchema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	raw, err := fs.ReadFile(course.Files, "schema/output/"+name+".schema.json")
	require.NoError(t, err)
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	require.NoError(t, err)
	c := jsonschema.NewCompiler()
	require.NoError(t, c.AddResource(name+".schema.json", doc))
	s, err := c.Compile(name + ".schema.json")
	require.NoError(t, err)
	return s
}

// validJSON checks one --json document against its schema and that
// schemaVersion comes first.
func validJSON(t *testing.T, name string, out []byte) map[string]any {
	t.Helper()
	assert.Regexp(t, `^\{\s*"schemaVersion": 1,`, string(out))
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(out))
	require.NoError(t, err)
	require.NoError(t, outputSchema(t, name).Validate(v))
	var m map[string]any
	require.NoError(t, json.Unmarshal(out, &m))
	return m
}
